"""The draw-poker table: bet, deal five, tick the cards to exchange, draw, get paid.

The rules live in :mod:`cardtable.core.poker_hand`; this screen holds one immutable
:class:`~cardtable.core.poker_hand.DrawHand` at a time and redraws from it. Each step
is applied to the state at once and saved before it is shown: the deal commits the
stake with the hand saved open, each exchange is saved before its cards appear, and
the settlement pays and closes the hand in one transaction. Leaving mid-hand leaves
it open; the table resumes it when opened again. The short deal animation only
catches the picture up.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.widgets import Button, Checkbox, Header, Label, Static

from ...core.money import format_chips, format_signed
from ...core.poker import JACKS_OR_BETTER_9_6, HandCategory, PayTable
from ...core.poker_hand import HAND_SIZE, DrawHand, Phase
from ...core.record import RecordError
from ...resources import asset_path, read_json
from ..widgets.common.banner import Banner
from ..widgets.common.bet import BetControls
from ..widgets.common.card import CardWidget
from ..widgets.common.chips import ChipBalance
from ..widgets.common.footer import KeyFooter
from ..widgets.poker.paytable import PayTableWidget
from .base import GameScreen

__all__ = ["PokerScreen", "load_pay_table"]


def load_pay_table() -> PayTable:
    """The house pay table from ``assets/data`` (the core keeps an identical literal)."""
    try:
        return PayTable.from_mapping(read_json("data", "paytable_jacks_9_6.json"))
    except (OSError, ValueError):
        return JACKS_OR_BETTER_9_6


def winning_positions(hand: DrawHand) -> set[int]:
    """Positions of the cards that make the paying hand (all five for straights and up)."""
    category = hand.winning_category
    if category is None:
        return set()
    if category >= HandCategory.STRAIGHT:
        return set(range(HAND_SIZE))
    counts = Counter(card.rank for card in hand.cards)
    return {i for i, card in enumerate(hand.cards) if counts[card.rank] >= 2}


def _coins_text(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


class PokerScreen(GameScreen):
    """Five-card draw against the 9/6 Jacks or Better pay table."""

    GAME: ClassVar[str] = "poker"
    CSS_PATH = [str(asset_path("styles", "poker.tcss"))]

    # Every table key is a priority binding: the app handles priority keys the moment
    # they arrive but forwards the others to the screen's queue, so a fast "- Enter"
    # from the terminal would deal before the bet went down. All priority keeps order.
    BINDINGS = [
        Binding("enter", "deal", "Deal", priority=True, id="poker.deal"),
        Binding("enter", "draw", "Draw", priority=True, id="poker.draw"),
        # When neither can run, enter still belongs to the table: it must not press
        # whatever button happens to have focus (e.g. the bet's "-").
        Binding("enter", "swallow", "", show=False, priority=True, id="poker.enter_idle"),
        Binding("1", "exchange(0)", "Exchange", key_display="1-5", priority=True, id="poker.toggle1"),
        Binding("2", "exchange(1)", "Exchange 2", show=False, priority=True, id="poker.toggle2"),
        Binding("3", "exchange(2)", "Exchange 3", show=False, priority=True, id="poker.toggle3"),
        Binding("4", "exchange(3)", "Exchange 4", show=False, priority=True, id="poker.toggle4"),
        Binding("5", "exchange(4)", "Exchange 5", show=False, priority=True, id="poker.toggle5"),
        Binding("plus", "bet_up", "Bet", key_display="+/-", priority=True, id="poker.bet_up"),
        Binding("minus", "bet_down", "Bet −", show=False, priority=True, id="poker.bet_down"),
        Binding("up", "bet_up", "Bet +", show=False, priority=True, id="poker.bet_up_arrow"),
        Binding("down", "bet_down", "Bet −", show=False, priority=True, id="poker.bet_down_arrow"),
        Binding("r", "repeat", "Repeat", priority=True, id="poker.repeat"),
        Binding("t", "tip", "Tip", priority=True, id="poker.tip"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pay_table = load_pay_table()
        self.hand: DrawHand | None = None
        self.last_coins: int | None = None
        self._busy = False
        self._hidden: set[int] = set()  # positions still face down in the reveal
        self._tip: str | None = None
        self._texts: dict[str, str] = {}
        self._key_states: tuple[bool | None, ...] = ()

    # -- settings -----------------------------------------------------------------

    @property
    def coin_size(self) -> int:
        return int(self.app.settings.poker_coin)

    @property
    def exchange_rounds(self) -> int:
        return int(self.app.settings.poker_exchanges)

    def table_minimum(self) -> int:
        return self.coin_size

    # -- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        ascii = self.app.ascii
        yield Header()
        with Horizontal(id="poker-status"):
            yield ChipBalance(id="poker-balance")
            yield Label("", id="poker-coin-info")
        with Horizontal(id="poker-top"):
            yield PayTableWidget(self.pay_table, coins=1, id="poker-paytable")
            with Vertical(id="poker-side"):
                yield BetControls(
                    list(range(1, self.pay_table.max_coins + 1)),
                    value=1,
                    label="Bet",
                    formatter=_coins_text,
                    id="poker-bet",
                )
                yield Label("", id="poker-stake")
                yield Button("Deal", id="poker-action", variant="success")
                yield Label("", id="poker-round")
        yield Banner(id="poker-banner")
        with Horizontal(id="poker-cards"):
            for i in range(HAND_SIZE):
                with Vertical(classes="poker-slot", id=f"slot-{i}"):
                    yield Label(f"[{i + 1}]", classes="poker-key")
                    yield CardWidget(None, ascii=ascii, id=f"card-{i}")
                    yield Checkbox("Exchange", id=f"exchange-{i}", compact=True, disabled=True)
        yield Static("", id="poker-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._resume_saved_hand()
        self._refresh_all()
        self.watch(self.app, "bankroll", self._bankroll_changed, init=False)
        self.call_after_refresh(self._after_first_refresh)

    def _resume_saved_hand(self) -> None:
        """A hand left open (here or in an earlier run), dealt again from its record."""
        record = self.saved_record()
        if record is None:
            return
        try:
            hand = DrawHand.replay(record, {self.pay_table.name: self.pay_table}, self.card_app.rng(self.GAME))
        except RecordError as error:
            self.void_saved_round(error)
            return
        self.hand = hand
        self.last_coins = hand.coins
        self.query_one("#poker-bet", BetControls).set_value(hand.coins)
        self.query_one("#poker-banner", Banner).show(
            "Your hand was waiting for you: it goes on where it stopped.", "info"
        )
        if hand.phase is Phase.SHOWDOWN:
            self._settle_hand()

    def _after_first_refresh(self) -> None:
        # BetControls skips its first button sync (it is not yet "mounted" in its own
        # on_mount), so the "-" button would stay enabled at the minimum: sync it now.
        bet = self.query_one("#poker-bet", BetControls)
        bet.set_values(bet.values)
        self._refresh_controls()
        self.offer_refill_if_needed()

    # -- queries ---------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """BETTING when no hand is under way (including after a settled hand)."""
        if self.hand is None or self.hand.phase is Phase.SETTLED:
            return Phase.BETTING
        return self.hand.phase

    @property
    def bet_coins(self) -> int:
        return self.query_one("#poker-bet", BetControls).value

    def _bankroll(self) -> int:
        return self.app.bankroll

    def can_afford(self, coins: int) -> bool:
        return coins * self.coin_size <= self._bankroll()

    def ticked(self) -> list[int]:
        """Positions whose Exchange box is ticked."""
        return [i for i in range(HAND_SIZE) if self.query_one(f"#exchange-{i}", Checkbox).value]

    def round_in_progress(self) -> bool:
        return self.hand is not None and self.hand.in_progress

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        betting = self.phase is Phase.BETTING
        drawing = self.phase is Phase.DRAWING
        if action == "deal":
            if not betting:
                return False  # hidden: enter means "draw" now
            if not self.can_afford(1):
                return True  # broke: enter offers the free refill
            return True if self.can_afford(self.bet_coins) else None
        if action == "draw":
            # SHOWDOWN only when the data file has not taken the result yet: enter retries.
            return True if drawing or self.phase is Phase.SHOWDOWN else False
        if action == "exchange":
            return True if drawing else None
        if action in ("bet_up", "bet_down"):
            if not betting:
                return None
            bet = self.query_one("#poker-bet", BetControls)
            return True if (bet.can_increase if action == "bet_up" else bet.can_decrease) else None
        if action == "tip":
            # Exact for the first draw (47 unseen cards); later rounds have seen more.
            return True if drawing and self.hand is not None and self.hand.exchanges_done == 0 else None
        if action == "repeat":
            ok = betting and self.last_coins is not None and self.can_afford(self.last_coins)
            return True if ok else None
        return True

    # -- actions -----------------------------------------------------------------------

    def action_swallow(self) -> None:
        """Enter while dealing or drawing is not possible: do nothing."""

    def action_bet_up(self) -> None:
        self.query_one("#poker-bet", BetControls).increase()

    def action_bet_down(self) -> None:
        self.query_one("#poker-bet", BetControls).decrease()

    def action_repeat(self) -> None:
        """Bet the last hand's coins again and deal."""
        if self.last_coins is None:
            return
        self.query_one("#poker-bet", BetControls).set_value(self.last_coins)
        self.action_deal()

    def action_deal(self) -> None:
        """Place the bet and deal five from a fresh deck."""
        if self.check_action("deal", ()) is not True:
            return
        if not self.can_afford(1):
            self.offer_refill_if_needed()
            return
        coins = self.bet_coins
        hand = DrawHand.new(self.coin_size, self.exchange_rounds, self.pay_table).bet(coins)
        hand = hand.deal(self.app.make_shoe("poker", 1))
        # Committed before a card is shown (RULES.md section 1).
        if not self.card_app.commit_round(self.GAME, hand.stake, hand.record().to_json()):
            return
        self.hand = hand
        self.last_coins = coins
        self._tip = None
        self.query_one("#poker-banner", Banner).clear()
        self.query_one("#poker-paytable", PayTableWidget).winner = None
        self._reset_ticks()
        self._show_dealt(list(range(HAND_SIZE)))

    def action_draw(self) -> None:
        """Exchange the ticked cards (none ticked: stand), then rank and pay."""
        if self.check_action("draw", ()) is not True or self.hand is None:
            return
        if self.hand.phase is Phase.SHOWDOWN:  # the result was not saved: try again
            self._settle_hand()
            self._refresh_all()
            return
        before = self.hand
        chosen = self.ticked()
        hand = before.exchange(chosen) if chosen else before.stand()
        # Saved before the new cards are shown: a restart must not offer the choice
        # again with the next cards known.
        if not self.card_app.update_round(self.GAME, hand.record().to_json()):
            # the deck moved on: deal the hand as it was again from its own record
            self.hand = DrawHand.replay(before.record(), {self.pay_table.name: self.pay_table})
            return
        self._tip = None
        replaced = list(hand.replaced)
        self.hand = hand
        if hand.phase is Phase.SHOWDOWN:
            self._settle_hand()
        self._reset_ticks()
        self._show_dealt(replaced)

    def action_tip(self) -> None:
        """Show the hold with the best expected return (exact, for this pay table and bet)."""
        if self.check_action("tip", ()) is not True or self.hand is None:
            return
        from ...ai.poker import describe_hold, hold_evs

        hand = self.hand
        evs = hold_evs(hand.cards, self.pay_table, hand.coins)
        best = evs[0]
        ascii = self.app.ascii
        self._tip = (
            f"Tip: {describe_hold(hand.cards, best.hold, ascii)} · "
            f"returns {float(best.ev):.2f} per coin on average"
        )
        self._refresh_controls()

    def action_exchange(self, position: int) -> None:
        """Tick or untick card ``position`` for exchange (keys 1–5, or a click on it)."""
        if self.check_action("exchange", (position,)) is not True:
            return
        self.query_one(f"#exchange-{position}", Checkbox).toggle()

    # -- events ------------------------------------------------------------------------

    @on(Button.Pressed, "#poker-action")
    def _action_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.phase is Phase.BETTING:
            self.action_deal()
        else:
            self.action_draw()

    @on(Checkbox.Changed)
    def _exchange_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        checkbox_id = event.checkbox.id or ""
        if checkbox_id.startswith("exchange-"):
            position = int(checkbox_id.split("-")[1])
            self.query_one(f"#card-{position}", CardWidget).selected = event.value
            self._refresh_controls()

    def on_click(self, event: Click) -> None:
        """A click on a card toggles its Exchange box."""
        widget = event.widget
        if isinstance(widget, CardWidget) and (widget.id or "").startswith("card-"):
            self.action_exchange(int(widget.id.split("-")[1]))  # type: ignore[union-attr]

    @on(BetControls.Changed, "#poker-bet")
    def _bet_changed(self, event: BetControls.Changed) -> None:
        self.query_one("#poker-paytable", PayTableWidget).coins = event.value
        self._refresh_controls()

    def _bankroll_changed(self, _value: int) -> None:
        """A refill (or another table) changed the bankroll: what can be bet changes too."""
        self._refresh_controls()

    # -- settling ----------------------------------------------------------------------

    def _settle_hand(self) -> None:
        """Rank and pay the hand in the showdown: one transaction in the store. If the
        data file refuses, the hand stays in the showdown (open in the store) and
        ``enter`` tries again."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.SHOWDOWN:
            return
        settled = hand.settle()
        if not self.card_app.settle_round(self.GAME, settled.stake, settled.returned, settled.details()):
            self.query_one("#poker-banner", Banner).show("The result is not saved yet: enter tries again.", "error")
            return
        self.hand = settled
        self.offer_refill_if_needed()  # broke? offer the free refill now, not at the next deal

    # -- showing the state ----------------------------------------------------------------

    def _reset_ticks(self) -> None:
        for i in range(HAND_SIZE):
            box = self.query_one(f"#exchange-{i}", Checkbox)
            if box.value:
                box.value = False
            self.query_one(f"#card-{i}", CardWidget).selected = False

    def _show_dealt(self, positions: list[int]) -> None:
        """Show the hand; with animations on, ``positions`` turn over one by one.

        The state has already moved on, so keys keep working meanwhile: a newer step
        simply replaces this reveal (the base screen's catch-up runs one at a time).
        """
        animated = self.app.animations and bool(positions)
        self._hidden = set(positions) if animated else set()
        self._busy = animated
        self._refresh_all()
        steps = positions if animated else []
        self.catch_up(steps, self._turn_over, lambda _position: self.app.delay("card"), self._dealt)

    def _turn_over(self, position: int) -> None:
        self._hidden.discard(position)
        self._refresh_cards()

    def _dealt(self) -> None:
        if self._busy:
            self._busy = False
            self._hidden = set()
            self._refresh_all()

    def _refresh_all(self) -> None:
        self._refresh_cards()
        self._refresh_result()
        self._refresh_controls()

    def _refresh_cards(self) -> None:
        hand = self.hand
        cards = hand.cards if hand is not None else ()
        settled = hand is not None and hand.phase is Phase.SETTLED and not self._busy
        winners = winning_positions(hand) if settled and hand is not None else set()
        for i in range(HAND_SIZE):
            widget = self.query_one(f"#card-{i}", CardWidget)
            widget.card = cards[i] if i < len(cards) else None
            widget.face_down = i in self._hidden and i < len(cards)
            widget.set_class(i in winners, "-winning")

    def _refresh_result(self) -> None:
        hand = self.hand
        banner = self.query_one("#poker-banner", Banner)
        paytable = self.query_one("#poker-paytable", PayTableWidget)
        if hand is None or hand.phase is not Phase.SETTLED or self._busy:
            paytable.winner = None
            return
        assert hand.value is not None
        paytable.winner = hand.winning_category
        # The source's rank name, with the ranks that matter ("One Pair of Jacks"), so a
        # paying pair and a low one read differently; "No Pair" alone needs no detail.
        value = hand.value
        name = value.describe() if value.category is not HandCategory.NO_PAIR else value.label
        if hand.winning_category is not None:
            banner.show(
                f"{name} — wins {format_chips(hand.returned)} ({format_signed(hand.net)})", "win"
            )
        else:
            banner.show(f"{name} — no win ({format_signed(hand.net)})", "lose")

    def _set_text(self, selector: str, text: str) -> None:
        """Update a label only when its text changes.

        The stake, round and message labels have fixed boxes (poker.tcss), so a new
        text only repaints them; the coin info is sized to its text and re-lays out.
        """
        if self._texts.get(selector) != text:
            self._texts[selector] = text
            self.query_one(selector, Static).update(text, layout=selector == "#poker-coin-info")

    def _refresh_controls(self) -> None:
        betting = self.phase is Phase.BETTING
        drawing = self.phase is Phase.DRAWING
        hand = self.hand
        bet = self.query_one("#poker-bet", BetControls)
        bet.locked = not betting
        coins = hand.coins if (hand is not None and not betting) else bet.value
        self.query_one("#poker-paytable", PayTableWidget).coins = coins
        self._set_text("#poker-stake", f"Stake {format_chips(coins * self.coin_size)} chips")
        self.query_one("#poker-balance", ChipBalance).at_stake = (
            hand.stake if hand is not None and hand.in_progress else 0
        )
        rounds = self.exchange_rounds
        self._set_text(
            "#poker-coin-info",
            f"Coin {format_chips(self.coin_size)} chips · {rounds} exchange round{'s' if rounds != 1 else ''}",
        )
        for i in range(HAND_SIZE):
            self.query_one(f"#exchange-{i}", Checkbox).disabled = not drawing
        button = self.query_one("#poker-action", Button)
        if betting:
            label = "Deal" if self.can_afford(1) else "Refill…"
            allowed = self.check_action("deal", ()) is True
        else:
            label = "Draw" if not drawing or self.ticked() else "Stand"
            allowed = self.check_action("draw", ()) is True
        if str(button.label) != label:
            button.label = label
        button.disabled = not allowed
        if drawing and hand is not None:
            self._set_text("#poker-round", f"Exchange {hand.exchanges_done + 1} of {hand.exchange_rounds}")
        else:
            self._set_text("#poker-round", "")
        self._set_text("#poker-message", self._message())
        # The footer rebuilds itself on every refresh_bindings: only when a key changed.
        keys = tuple(
            self.check_action(action, ())
            for action in ("deal", "draw", "exchange", "bet_up", "bet_down", "repeat", "tip")
        )
        if keys != self._key_states:
            self._key_states = keys
            self.refresh_bindings()

    def _message(self) -> str:
        hand = self.hand
        if self._busy:
            dealing = hand is not None and hand.phase is Phase.DRAWING and hand.drawn == HAND_SIZE
            return "Dealing…" if dealing else "Drawing…"
        if self.phase is Phase.SHOWDOWN:
            return "The result is not saved yet (the data file refused it): Enter tries again."
        if self.phase is Phase.DRAWING:
            if self._tip:
                return self._tip
            n = len(self.ticked())
            if n:
                return f"{n} card{'s' if n != 1 else ''} to exchange · Enter draws"
            return "Tick the cards to exchange (1–5 or click) · Enter with none ticked stands"
        if not self.can_afford(1):
            return "Your bankroll cannot cover one coin: Enter offers the free refill."
        if not self.can_afford(self.bet_coins):
            return "Not enough chips for this bet: lower it with −."
        if hand is not None and hand.phase is Phase.SETTLED:
            if hand.kept_no_card:
                kept = ", ".join(str(i + 1) for i in hand.kept_no_card)
                cards = "card" if len(hand.kept_no_card) == 1 else "cards"
                return f"The deck ran out: {cards} {kept} kept. Enter deals the next hand."
            return "Enter deals the next hand · +/− change the bet · r repeats"
        return "Choose your bet (+/−) and press Enter to deal"
