"""Money is integer hundredths of a chip (docs/rules.md section 1). Never a float."""

from __future__ import annotations

__all__ = ["CENTS", "chips", "format_chips", "format_signed"]

#: Hundredths in one chip.
CENTS = 100


def chips(whole: int) -> int:
    """Whole chips -> hundredths."""
    return int(whole) * CENTS


def format_chips(amount: int) -> str:
    """``123450`` -> ``"1,234.50"``; whole amounts drop the decimals: ``"1,234"``."""
    if not isinstance(amount, int):
        raise TypeError(f"money is an int of hundredths, not {type(amount).__name__}")
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), CENTS)
    text = f"{whole:,}"
    if cents:
        text += f".{cents:02d}"
    return sign + text


def format_signed(amount: int) -> str:
    """Signed for results: ``+15``, ``−10``, ``±0`` (uses a real minus sign)."""
    if amount > 0:
        return "+" + format_chips(amount)
    if amount < 0:
        return "\u2212" + format_chips(-amount)
    return "±0"
