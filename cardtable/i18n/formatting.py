"""Numbers, chips and dates as the language in force writes them.

English is :mod:`cardtable.core.money`'s own formatting (``1,234.50``) and needs no
Babel, so a start in English never imports it; Japanese (``1,234.50``) and Lithuanian
(``1 234,50``) go through Babel's CLDR data, imported on first use. Money stays integer
hundredths everywhere: only its text changes here.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import Any

from ..core.money import CENTS, format_chips
from . import language

__all__ = ["chips", "signed", "number", "date", "date_time"]


def _babel_locale() -> str | None:
    """The Babel locale of the language in force, None for English (no Babel)."""
    code = language()
    return None if code == "en" else code


def chips(amount: int) -> str:
    """An amount of hundredths as chips: whole amounts without decimals."""
    where = _babel_locale()
    if where is None:
        return format_chips(amount)
    if not isinstance(amount, int):
        raise TypeError(f"money is an int of hundredths, not {type(amount).__name__}")
    from babel.numbers import format_decimal

    pattern = "#,##0.00" if amount % CENTS else "#,##0"
    return str(format_decimal(Decimal(amount) / CENTS, format=pattern, locale=where))


def signed(amount: int) -> str:
    """A result: ``+15``, ``−10`` (a real minus sign), ``±0``."""
    if amount > 0:
        return "+" + chips(amount)
    if amount < 0:
        return "\u2212" + chips(-amount)
    return "±0"


def number(value: int | float | Decimal, decimals: int | None = None) -> str:
    """A plain number with the language's separators (``decimals`` fixed, if given)."""
    pattern = "#,##0" if decimals is None or decimals == 0 else "#,##0." + "0" * decimals
    where = _babel_locale()
    if where is None:
        return f"{value:,.{decimals}f}" if decimals is not None else f"{value:,}"
    from babel.numbers import format_decimal

    return str(format_decimal(value, format=pattern, locale=where))


def date(value: _dt.date) -> str:
    """A day as the language writes it (``Dec 2, 2026``, ``2026/12/02``, ``2026-12-02``)."""
    where = _babel_locale()
    if where is None:
        return f"{value:%b} {value.day}, {value.year}"
    from babel.dates import format_date

    return str(format_date(value, "medium", locale=where))


def date_time(value: _dt.datetime) -> str:
    """A moment to the minute, in the language's order (24-hour clock in ja and lt)."""
    where = _babel_locale()
    if where is None:
        return f"{value:%Y-%m-%d %H:%M}"
    from babel.dates import format_datetime

    pattern: Any = "yyyy/MM/dd HH:mm" if where == "ja" else "yyyy-MM-dd HH:mm"
    return str(format_datetime(value, pattern, locale=where))
