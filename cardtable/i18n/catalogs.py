"""The message catalogs as files: extraction, update and compilation with Babel.

Used by ``scripts/i18n.py`` (a developer's tool) and by the catalog test; never at run
time (messages are read by the standard library's gettext, so Babel is not needed to
start the card room). The ``.mo`` files are committed next to their ``.po`` sources and
the test proves they say the same (see docs/decisions.md).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import DOMAIN, LANGUAGES, LOCALE_DIR

__all__ = ["KEYWORDS", "PACKAGE_DIR", "compile_all", "extract", "po_path", "mo_path", "pot_path", "update_all"]

PACKAGE_DIR = LOCALE_DIR.parent.parent
#: The translation functions of :mod:`cardtable.i18n` (and their plural arguments).
KEYWORDS: dict[str, Any] = {
    "_": None, "N_": None, "L_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2),
}
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")


def pot_path() -> Path:
    """The template: every message of the code, untranslated."""
    return LOCALE_DIR / f"{DOMAIN}.pot"


def po_path(code: str) -> Path:
    """The translation source of language ``code``."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    """The compiled catalog of language ``code`` (what gettext reads)."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _skip(path: str) -> bool:
    return "__pycache__" not in path and "/assets" not in path


def extract() -> Any:
    """A fresh template: the messages marked in the package's code, as Babel finds them."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="cardtable", domain=DOMAIN, charset="utf-8")
    found: Iterator[Any] = extract_from_dir(
        PACKAGE_DIR, keywords=KEYWORDS, directory_filter=_skip, comment_tags=("TRANSLATORS:",)
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"cardtable/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def _write_po(path: Path, catalog: Any) -> None:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True, sort_output=True)
    new = buffer.getvalue()
    if path.exists() and _undated(path.read_bytes()) == _undated(new):
        return  # only the extraction's date would change: the file stays as it is
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)


def _undated(content: bytes) -> bytes:
    return b"\n".join(line for line in content.split(b"\n") if not line.startswith(b'"POT-Creation-Date:'))


def read_po(code: str) -> Any:
    """The catalog of ``code`` as its ``.po`` file holds it."""
    from babel.messages.pofile import read_po as _read

    with po_path(code).open("rb") as handle:
        return _read(handle, locale=code, domain=DOMAIN)


def update_all() -> None:
    """Extract the template and bring every ``.po`` in line with it: new messages added
    untranslated, messages no longer in the code dropped (never kept as obsolete)."""
    from babel.messages.catalog import Catalog

    template = extract()
    _write_po(pot_path(), template)
    for code in TRANSLATED:
        path = po_path(code)
        catalog = read_po(code) if path.exists() else Catalog(locale=code, domain=DOMAIN, project="cardtable")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.fuzzy = False  # the header: the catalogs are reviewed, not machine-made
        catalog.copyright_holder = "the cardtable developers"
        catalog.last_translator = "the cardtable developers"
        catalog.language_team = f"{code} (docs/glossary-{code}.md)"
        _write_po(path, catalog)


def compile_all() -> None:
    """Compile every ``.po`` into its ``.mo``."""
    from babel.messages.mofile import write_mo

    for code in TRANSLATED:
        buffer = io.BytesIO()
        write_mo(buffer, read_po(code))
        mo_path(code).write_bytes(buffer.getvalue())
