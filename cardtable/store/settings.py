"""Settings: the player's choices, their validation (a bad stored value falls back to its
default, a bad new one is refused), and how they are kept in the ``settings`` table."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from ..core import config as _config
from ..i18n import LANGUAGES as _LANGUAGES
from .base import StoreBase
from .values import MAX_AMOUNT, START_BANKROLL, int_in, is_int

__all__ = ["Settings", "SETTING_NAMES", "SettingsMixin"]


#: The on/off settings.
_SWITCHES = ("animations", "ascii", "coach", "count")


def _seats_ok(seats: object) -> bool:
    """A tuple or list of at most the table's computer seats, each a known level."""
    return (
        isinstance(seats, (tuple, list))
        and len(seats) <= _config.MAX_COMPUTER_SEATS
        and all(isinstance(s, str) and s in _config.LEVELS for s in seats)
    )


def _machine_key_ok(machine: object) -> bool:
    """A plausible machine key: letters, digits and dashes, 1 to 64 characters."""
    return isinstance(machine, str) and 0 < len(machine) <= 64 and machine.replace("-", "").isalnum()


@dataclass(frozen=True)
class Settings:
    """The player's choices. Amounts are hundredths of a chip."""

    bj_seats: tuple[str, ...] = ("normal", "hard")
    baccarat_decks: int = _config.DEFAULT_BACCARAT_DECKS
    poker_coin: int = _config.DEFAULT_POKER_COIN
    poker_exchanges: int = 1
    animations: bool = True
    ascii: bool = False
    theme: str = "textual-dark"
    ai_delay_ms: int = 500
    bj_min: int = _config.DEFAULT_TABLE_MIN
    bj_max: int = _config.DEFAULT_TABLE_MAX
    bac_min: int = _config.DEFAULT_TABLE_MIN
    bac_max: int = _config.DEFAULT_TABLE_MAX
    #: The video-poker machine chosen at the poker table, by its key.
    poker_machine: str = "jacks-or-better-9-6"
    #: Coach mode: warn before a choice worth less than the best.
    coach: bool = False
    #: In coach mode at the blackjack table: the Hi-Lo count shown, and the plays it turns.
    count: bool = False
    #: The language chosen in the settings ("en", "ja", "lt"); "" follows the terminal's locale.
    language: str = ""

    def problems(self) -> list[str]:
        """Names of the fields whose values are out of range or of the wrong type."""
        bad = [name for name, ok in self._field_checks() if not ok]
        return bad + self._limit_problems()

    def _field_checks(self) -> list[tuple[str, bool]]:
        """Each field that is valid on its own, with whether its value is (limits aside)."""
        return [
            ("bj_seats", _seats_ok(self.bj_seats)),
            (
                "baccarat_decks",
                is_int(self.baccarat_decks) and self.baccarat_decks in _config.BACCARAT_DECK_CHOICES,
            ),
            ("poker_coin", int_in(self.poker_coin, 1, START_BANKROLL)),
            ("poker_exchanges", int_in(self.poker_exchanges, 1, _config.MAX_POKER_EXCHANGES)),
            *((name, isinstance(getattr(self, name), bool)) for name in _SWITCHES),
            ("language", isinstance(self.language, str) and self.language in ("", *_LANGUAGES)),
            ("theme", isinstance(self.theme, str) and 0 < len(self.theme) <= 100),
            ("poker_machine", _machine_key_ok(self.poker_machine)),
            ("ai_delay_ms", int_in(self.ai_delay_ms, 0, 10_000)),
        ]

    def _limit_problems(self) -> list[str]:
        """The table limits out of range, or a pair whose minimum exceeds its maximum."""
        bad: list[str] = []
        for low, high in (("bj_min", "bj_max"), ("bac_min", "bac_max")):
            lo, hi = getattr(self, low), getattr(self, high)
            # A minimum above what a refill gives would leave the player refilling
            # forever without ever being able to bet: refused.
            lo_ok = int_in(lo, 1, START_BANKROLL)
            hi_ok = int_in(hi, 1, MAX_AMOUNT)
            if lo_ok and hi_ok and lo > hi:
                lo_ok = hi_ok = False
            if not lo_ok:
                bad.append(low)
            if not hi_ok:
                bad.append(high)
        return bad

    def validated(self) -> Settings:
        """A copy with every invalid value replaced by its default.

        Used on load, so that a bad stored value never crashes the program. A limit
        pair whose minimum exceeds its maximum falls back as a pair; if a default
        then still conflicts with the stored partner, both become defaults.
        """
        defaults = Settings()
        changes: dict[str, Any] = {}
        for name in self.problems():
            changes[name] = getattr(defaults, name)
        if isinstance(self.bj_seats, list) and "bj_seats" not in changes:
            changes["bj_seats"] = tuple(self.bj_seats)
        fixed = dataclasses.replace(self, **changes) if changes else self
        for low, high in (("bj_min", "bj_max"), ("bac_min", "bac_max")):
            if getattr(fixed, low) > getattr(fixed, high):
                fixed = dataclasses.replace(
                    fixed, **{low: getattr(defaults, low), high: getattr(defaults, high)}
                )
        return fixed


SETTING_NAMES = tuple(f.name for f in dataclasses.fields(Settings))


class SettingsMixin(StoreBase):
    """The store's settings: read (with defaults for anything bad) and saved whole."""

    def settings(self) -> Settings:
        """The stored settings; a missing, unknown or invalid value gives its default."""
        rows = self._read("SELECT key, value FROM settings")
        values: dict[str, Any] = {}
        for key, raw in rows:
            if key not in SETTING_NAMES:
                continue
            try:
                value = json.loads(raw)
            except (TypeError, ValueError):
                continue
            if key == "bj_seats" and isinstance(value, list):
                value = tuple(value)
            values[key] = value
        return Settings(**values).validated()

    def save_settings(self, s: Settings) -> None:
        """Store every setting. ``ValueError`` (nothing stored) if any value is invalid."""
        bad = s.problems()
        if bad:
            raise ValueError(f"invalid settings: {', '.join(bad)}")
        rows = []
        for name in SETTING_NAMES:
            value = getattr(s, name)
            if isinstance(value, (tuple, list)):
                value = list(value)
            rows.append((name, json.dumps(value)))
        with self._write() as cur:
            cur.executemany(
                "INSERT INTO settings (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                rows,
            )
