"""The data file's refusals in the player's language.

The store words its errors in English (they go to logs and the command line as they
are). On screen, a refusal is worded here by its kind; a file the environment is in
the way of (locked, read-only, full) is named by its reason. In English the store's own
sentence is shown: it is the source these words translate, with its amounts and paths.
"""

from __future__ import annotations

from ..i18n import N_, _, language
from ..store import InsufficientFunds, NewerDataFile, NoOpenRound, RoundAlreadyOpen

__all__ = ["store_words", "table_error_words"]

#: The store's plain words for an environment in the way, as its messages end.
_REASONS = {
    "permission denied": N_("permission denied"),
    "another copy of cardtable is busy with it": N_("another copy of cardtable is busy with it"),
    "out of memory": N_("out of memory"),
    "it is read-only": N_("it is read-only"),
    "a disk input/output error occurred": N_("a disk input/output error occurred"),
    "the disk is full": N_("the disk is full"),
    "the file or its folder cannot be accessed": N_("the file or its folder cannot be accessed"),
    "access was refused": N_("access was refused"),
}


def store_words(error: Exception) -> str:
    """One sentence for a refusal of the data file, in the language in force."""
    text = str(error)
    if language() == "en":
        return text
    if isinstance(error, InsufficientFunds):
        return _("The stake is more than the bankroll.")
    if isinstance(error, RoundAlreadyOpen):
        return _("A round is still open (perhaps in another copy of cardtable): it must be played out first.")
    if isinstance(error, NoOpenRound):
        return _("No round is open (another copy of cardtable may have settled it).")
    if isinstance(error, NewerDataFile):
        return _("The data file was written by a newer cardtable.")
    for english, words in _REASONS.items():
        if english in text:
            return _("The data file cannot be used: {reason}.").format(reason=_(words))
    # the rest carries the system's own words: said as they are, inside our sentence
    return _("The data file refused it ({reason}).").format(reason=text)


_TABLE_CODES = {
    "unsettled": N_("it is saved before your next round."),
    "store": N_("your bets could not be taken."),
}


def table_error_words(code: str, text: str) -> str:
    """A table service's refusal (``code`` and its English ``text``) in the language in force."""
    if language() == "en" or code not in _TABLE_CODES:
        return text
    return _(_TABLE_CODES[code])
