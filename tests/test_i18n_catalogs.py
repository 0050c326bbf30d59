"""The message catalogs in CI: every message of the code translated in 日本語 and
lietuvių, nothing stale, placeholders kept, the committed .mo files compiled from the
.po sources as they are, and the translated rules texts keeping the computed figures."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from cardtable.i18n.catalogs import TRANSLATED, extract, mo_path, read_po
from cardtable.resources import asset_path

#: ``{name}`` (str.format), ``%s`` / ``%(name)s`` (printf) placeholders.
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}|%\([A-Za-z_]+\)[sdr]|%[sd]")


def _ids(message) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def _strings(message) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


@pytest.fixture(scope="module")
def fresh() -> set[tuple[str, ...]]:
    """The messages marked in the code now (a fresh extraction)."""
    return {_ids(m) for m in extract() if m.id}


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_stale(code: str, fresh: set[tuple[str, ...]]) -> None:
    catalog = read_po(code)
    held = {_ids(m) for m in catalog if m.id}
    assert fresh - held == set(), "new messages: run scripts/i18n.py update, translate, compile"
    assert held - fresh == set(), "stale messages no longer in the code: run scripts/i18n.py update"
    assert not catalog.obsolete, "obsolete (#~) entries are kept out of the catalogs"
    untranslated = [m.id for m in catalog if m.id and not all(_strings(m))]
    assert untranslated == []
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert fuzzy == [], "fuzzy entries are not used by gettext: review them"


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_are_kept(code: str) -> None:
    for message in read_po(code):
        if not message.id:
            continue
        wanted = sorted(PLACEHOLDER.findall(_ids(message)[-1]))
        for form in _strings(message):
            assert sorted(PLACEHOLDER.findall(form)) == wanted, (message.id, form)


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_are_all_there(code: str) -> None:
    catalog = read_po(code)
    assert catalog.num_plurals == {"ja": 1, "lt": 3}[code]
    for message in catalog:
        if message.id and message.pluralizable:
            assert len(_strings(message)) == catalog.num_plurals, message.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_committed_mo_is_the_po_compiled(code: str) -> None:
    """The .mo files are committed (see docs/decisions.md): they must say exactly what the
    .po sources say; ``python scripts/i18n.py compile`` brings them in step."""
    with mo_path(code).open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    table = {k: v for k, v in compiled._catalog.items() if k != ""}  # type: ignore[attr-defined]
    expected: dict[object, str] = {}
    for message in read_po(code):
        if not message.id:
            continue
        key = message.id if not message.context else (  # gettext's key for a message in a context
            f"{message.context}\x04{message.id}" if isinstance(message.id, str) else
            (f"{message.context}\x04{message.id[0]}", message.id[1]))
        if message.pluralizable:
            for i, form in enumerate(_strings(message)):
                expected[(key[0], i)] = form
        else:
            expected[key] = message.string
    assert table == expected, "the .mo is out of date: python scripts/i18n.py compile"


def test_lithuanian_counts_take_their_three_forms() -> None:
    with mo_path("lt").open("rb") as handle:
        lt = gettext.GNUTranslations(handle)
    forms = [lt.ngettext("{n} chip", "{n} chips", n).format(n=n) for n in (1, 2, 10, 21, 25)]
    assert forms == ["1 žetonas", "2 žetonai", "10 žetonų", "21 žetonas", "25 žetonai"]


def _help_topics() -> list[str]:
    return sorted(p.stem for p in asset_path("help").glob("*.md"))


@pytest.mark.parametrize("code", TRANSLATED)
def test_translated_rules_texts_keep_the_computed_figures(code: str) -> None:
    """A translated rules text places the same computed figures ({{house_edges}} …) as
    the English one; a topic not translated falls back to English (tested in the UI)."""
    folder: Path = asset_path("help", code)
    translated = sorted(p.stem for p in folder.glob("*.md"))
    assert translated, f"no rules texts in assets/help/{code}/"
    assert set(translated) <= set(_help_topics())
    for topic in translated:
        english = asset_path("help", f"{topic}.md").read_text(encoding="utf-8")
        text = (folder / f"{topic}.md").read_text(encoding="utf-8")
        marks = re.compile(r"\{\{\s*\w+\s*\}\}")
        assert sorted(marks.findall(text)) == sorted(marks.findall(english)), topic
        assert text.startswith("# "), topic
