"""Every language at one moment, on one app: the screen is worded anew in each language
where it stands (as the settings' Language row does) instead of a new app and a new round
per language.

    await each_language(pilot, "a decision", lambda lang: ...)   # fit, then the words

    for lang in in_turn():               # a dialog is worded when it is built: build it
        async with speaking(pilot, lang, "the refill offer"):
            ...

A failure says which language and which moment (a note on the error, shown by pytest).
"""

from __future__ import annotations

import gettext
import inspect
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import cache
from typing import Any

from text_fit import unfitted_texts
from textual.app import App
from textual.pilot import Pilot

from cardtable import i18n

from helpers import screen_text, settle

__all__ = ["LANGS", "each_language", "english_left", "in_turn", "speaking", "switch_language"]

LANGS = ("en", "ja", "lt")


async def switch_language(pilot: Pilot, lang: str, *, workers: bool = True) -> None:
    """Choose ``lang`` as the settings screen does (saved, applied at once) and let the
    open screens redraw in it (and their workers finish, unless ``workers`` is False: a
    join client's connection works on)."""
    app = pilot.app
    if i18n.language() == lang:
        return
    assert app.save_settings(replace(app.settings, language=lang)), lang  # type: ignore[attr-defined]
    if workers:
        await settle(pilot)
    else:
        await pilot.pause()
    assert i18n.language() == lang


def in_turn(langs: tuple[str, ...] = LANGS) -> tuple[str, ...]:
    """``langs`` from the one in force (one change of language fewer)."""
    current = i18n.language()
    start = langs.index(current) if current in langs else 0
    return langs[start:] + langs[:start]


@cache
def _english_phrases(lang: str) -> tuple[str, ...]:
    """The English source's phrases of three words or more (the parts of each message
    between its placeholders and markup) that ``lang``'s catalog words differently."""
    catalog = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, [lang])._catalog  # type: ignore[attr-defined]
    phrases: set[str] = set()
    for source, words in catalog.items():
        if isinstance(source, tuple):  # a plural form: (msgid, n)
            source = source[0]
        source = source.split("\x04")[-1]  # a context's message
        for part in re.split(r"\{[^}]*\}|\[[^]]*\]|\n|[:·—…()]", source):
            part = part.strip(" .,;!?")
            if len(re.findall(r"[A-Za-z]{2,}", part)) >= 3 and part not in str(words):
                phrases.add(part)
    return tuple(sorted(phrases))


def english_left(app: App, lang: str) -> list[str]:  # type: ignore[type-arg]
    """The English phrases still on screen in ``lang`` (a text not worded anew)."""
    if lang == "en":
        return []
    shown = screen_text(app)
    return [phrase for phrase in _english_phrases(lang) if phrase in shown]


@asynccontextmanager
async def speaking(pilot: Pilot, lang: str, moment: str, *, workers: bool = True) -> AsyncIterator[None]:
    """Switch to ``lang``; an error in the block is told with the language and the moment."""
    try:
        await switch_language(pilot, lang, workers=workers)
        yield
    except AssertionError as error:  # told where (add_note is Python 3.11)
        raise AssertionError(f"in {lang!r} at {moment!r}: {error}") from error


async def each_language(
    pilot: Pilot,
    moment: str,
    words: Callable[[str], object] | None = None,
    *,
    fits: Callable[[Any], list[str]] = unfitted_texts,
    langs: tuple[str, ...] = LANGS,
    workers: bool = True,
) -> None:
    """At this moment, in each language (the one shown first, then the others in turn):
    ``words(lang)`` holds (it asserts; async if it must rebuild a dialog, which is worded
    when it is built), then every text fits (``fits(app) == []``) and no English phrase of
    the catalog is left on screen (a text not worded anew would be checked in English).
    The app is left in the last language (a change of language costs about half an app's
    start: it is not changed back)."""
    for lang in in_turn(langs):
        async with speaking(pilot, lang, moment, workers=workers):
            if words is not None:
                checked = words(lang)
                if inspect.isawaitable(checked):
                    await checked
            problems = fits(pilot.app)
            assert problems == [], problems
            left = english_left(pilot.app, lang)
            assert left == [], f"English left on screen: {left}"

