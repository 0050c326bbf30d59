"""The draw poker table's keys."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from ...i18n import N_

__all__ = ["POKER_KEYS"]

# Every table key is a priority binding: the app handles priority keys the moment
# they arrive but forwards the others to the screen's queue, so a fast "- Enter"
# from the terminal would deal before the bet went down. All priority keeps order.
POKER_KEYS: list[BindingType] = [
    Binding("enter", "deal", N_("Deal"), priority=True, id="poker.deal"),
    Binding("enter", "draw", N_("Draw"), priority=True, id="poker.draw"),
    # When neither can run, enter still belongs to the table: it must not press
    # whatever button happens to have focus (e.g. the bet's "-").
    Binding("enter", "swallow", "", show=False, priority=True, id="poker.enter_idle"),
    Binding("1", "exchange(0)", N_("Exchange"), key_display="1-5", priority=True, id="poker.toggle1"),
    Binding("2", "exchange(1)", N_("Exchange 2"), show=False, priority=True, id="poker.toggle2"),
    Binding("3", "exchange(2)", N_("Exchange 3"), show=False, priority=True, id="poker.toggle3"),
    Binding("4", "exchange(3)", N_("Exchange 4"), show=False, priority=True, id="poker.toggle4"),
    Binding("5", "exchange(4)", N_("Exchange 5"), show=False, priority=True, id="poker.toggle5"),
    # The bet's own − and + buttons and the machine line show these keys; the
    # footer then fits 80 columns.
    Binding("plus", "bet_up", N_("Bet"), key_display="+/-", show=False, priority=True, id="poker.bet_up"),
    Binding("minus", "bet_down", N_("Bet −"), show=False, priority=True, id="poker.bet_down"),
    Binding("up", "bet_up", N_("Bet +"), show=False, priority=True, id="poker.bet_up_arrow"),
    Binding("down", "bet_down", N_("Bet −"), show=False, priority=True, id="poker.bet_down_arrow"),
    # r is named on the hint line after a hand (the only time it does anything): the
    # footer then fits 80 columns in Lithuanian too.
    Binding("r", "repeat", N_("Repeat"), show=False, priority=True, id="poker.repeat"),
    Binding("t", "tip", N_("Tip"), priority=True, id="poker.tip"),
    Binding("k", "coach", N_("Coach"), priority=True, id="poker.coach"),
    Binding("m", "next_machine", N_("Machine"), show=False, priority=True, id="poker.machine"),
]
