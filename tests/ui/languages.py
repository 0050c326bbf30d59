"""Every language at one moment, on one app: the screen is worded anew in each language
where it stands (as the settings' Language row does) instead of a new app and a new round
per language.

    await each_language(pilot, "a decision", lambda lang: ...)   # fit, then the words

    for lang in LANGS:                   # a dialog is worded when it is built: build it
        async with speaking(pilot, lang, "the refill offer"):
            ...

A failure says which language and which moment (a note on the error, shown by pytest).
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace

from text_fit import unfitted_texts
from textual.app import App
from textual.pilot import Pilot

from cardtable import i18n

from helpers import settle

__all__ = ["LANGS", "each_language", "speaking", "switch_language"]

LANGS = ("en", "ja", "lt")


async def switch_language(pilot: Pilot, lang: str) -> None:
    """Choose ``lang`` as the settings screen does (saved, applied at once) and let the
    open screens redraw in it."""
    app = pilot.app
    if i18n.language() == lang:
        return
    assert app.save_settings(replace(app.settings, language=lang)), lang  # type: ignore[attr-defined]
    await settle(pilot)
    assert i18n.language() == lang


@asynccontextmanager
async def speaking(pilot: Pilot, lang: str, moment: str) -> AsyncIterator[None]:
    """Switch to ``lang``; an error in the block is told with the language and the moment."""
    try:
        await switch_language(pilot, lang)
        yield
    except Exception as error:
        error.add_note(f"in {lang!r} at {moment!r}")
        raise


async def each_language(
    pilot: Pilot,
    moment: str,
    words: Callable[[str], object] | None = None,
    *,
    fits: Callable[[App], list[str]] = unfitted_texts,  # type: ignore[type-arg]
    langs: tuple[str, ...] = LANGS,
) -> None:
    """At this moment, in each language (the one shown first, then the others):
    ``words(lang)`` holds (it asserts; async if it must rebuild a dialog, which is worded
    when it is built), then every text fits (``fits(app) == []``). The app is left in the
    language it was in."""
    first = i18n.language()
    order = sorted(langs, key=lambda lang: lang != first)
    for lang in order:
        async with speaking(pilot, lang, moment):
            if words is not None:
                checked = words(lang)
                if inspect.isawaitable(checked):
                    await checked
            problems = fits(pilot.app)
            assert problems == [], problems
    await switch_language(pilot, first)

