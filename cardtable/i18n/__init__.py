"""The card room's languages: English (the source), 日本語 and lietuvių.

Standard gettext: the messages are English ``msgid``s in the code, the translations are
``.po`` files in ``locale/`` compiled to ``.mo`` (shipped in the wheel) and read by the
standard library's :mod:`gettext` -- no Babel at run time for messages. The language is
one process-wide choice that can change while the app runs (:func:`set_language`), so
everything translates at the moment it is shown:

- ``_("text")`` where the text is shown (a ``compose``, a ``notify``, a ``render``);
- ``N_("text")`` marks a text defined at import time (a table of names, a binding's
  description) for extraction and returns it unchanged: translate it where it is shown
  with ``_(value)``;
- ``L_("text")`` is a lazy string for a value that is turned into a string later
  (``str(value)``/``f"{value}"``/``format``): it translates each time it is used;
- ``ngettext(singular, plural, n)`` for counts;
- ``pgettext(context, text)`` where the same English is translated differently, and
  ``NP_(context, text)`` to mark such a text where it is defined (shown with ``pgettext``).

Placeholders are ``str.format`` names, ``_("{n} chips").format(n=...)``, never f-strings
inside ``_()`` (they cannot be extracted). Number, chip and date formatting per language
is :mod:`cardtable.i18n.formatting` (Babel, imported only for a language other than English).
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable, Mapping
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "DOMAIN",
    "LOCALE_DIR",
    "LazyString",
    "L_",
    "N_",
    "NP_",
    "_",
    "choose_language",
    "from_environment",
    "language",
    "ngettext",
    "on_language_change",
    "pgettext",
    "set_language",
]

#: The languages the card room speaks, English first (the source language).
LANGUAGES = ("en", "ja", "lt")
#: Each language by its own name (the settings list and ``--help`` show these).
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "ja": "日本語", "lt": "lietuvių"}
DOMAIN = "cardtable"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current = "en"
_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_loaded: dict[str, _gettext.NullTranslations] = {}
_listeners: list[Callable[[str], None]] = []


def language() -> str:
    """The language in force: ``"en"``, ``"ja"`` or ``"lt"``."""
    return _current


def set_language(code: str) -> None:
    """Switch every message shown from now on to ``code`` (``ValueError`` for a language
    the card room does not speak). A missing catalog falls back to English."""
    global _current, _translations
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}")
    if code == _current:
        return
    if code == "en":
        _translations = _gettext.NullTranslations()
    else:
        if code not in _loaded:
            _loaded[code] = _gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True)
        _translations = _loaded[code]
    _current = code
    for listener in tuple(_listeners):
        listener(code)


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after each change of language (e.g. to drop a cache)."""
    _listeners.append(listener)


def _(message: str) -> str:
    """``message`` in the language in force."""
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the language in force
    (Lithuanian has three forms, Japanese one)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context``, in the language in force: for one English word
    that two places mean differently (a short column heading and a filter's choice)."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is defined; returns it unchanged.
    Translate it with ``_(message)`` where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks ``message`` meant in ``context`` for translation where it is defined; returns
    it unchanged. Translate it with ``pgettext(context, message)`` where it is shown."""
    return message


class LazyString:
    """A message translated each time it is turned into text, for values made at import
    time and shown later: ``str(lazy)``, ``f"{lazy}"``, ``lazy.format(...)``, ``+``."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message

    def __str__(self) -> str:
        return _(self.message)

    def __repr__(self) -> str:
        return f"L_({self.message!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)

    def __len__(self) -> int:
        return len(str(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyString):
            return self.message == other.message
        return str(self) == other

    def __hash__(self) -> int:
        return hash(self.message)

    def format(self, *args: object, **kwargs: object) -> str:
        """``str.format`` of the translated message."""
        return str(self).format(*args, **kwargs)


def L_(message: str) -> LazyString:
    """A lazy translation of ``message`` (see :class:`LazyString`)."""
    return LazyString(message)


def from_environment(environ: Mapping[str, str]) -> str:
    """The terminal's language as POSIX picks it: the first of ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` that is set; ``ja_JP.UTF-8`` -> ``"ja"``,
    ``lt_LT.UTF-8`` -> ``"lt"``, anything else (``C``, ``de_DE``, unset) -> ``"en"``."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].split("-", 1)[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def choose_language(option: str | None, setting: str, environ: Mapping[str, str]) -> str:
    """The language to use: ``--lang`` if given, else the saved setting if one was
    chosen (``""`` = follow the terminal), else the terminal's locale."""
    if option:
        return option
    if setting in LANGUAGES:
        return setting
    return from_environment(environ)
