"""The shared widgets on their own: bet ladder and controls, banner, card box."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Button

from cardtable.core.cards import Card
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.bet import BetControls, bet_ladder
from cardtable.ui.widgets.common.card import CardWidget, card_text


def test_bet_ladder_follows_the_table_limits() -> None:
    assert [v // 100 for v in bet_ladder(500, 50_000)] == [5, 10, 15, 20, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500]
    assert bet_ladder(500, 500) == [500]
    assert bet_ladder(100, 700)[-1] == 700
    with pytest.raises(ValueError):
        bet_ladder(0, 100)
    with pytest.raises(ValueError):
        bet_ladder(600, 500)


class BetApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[int] = []

    def compose(self) -> ComposeResult:
        yield BetControls([500, 1000, 2500], value=500)
        yield Banner()
        yield CardWidget(Card.parse("10h"), id="face")
        yield CardWidget(face_down=True, id="back")

    def on_bet_controls_changed(self, event: BetControls.Changed) -> None:
        self.changes.append(event.value)


async def test_bet_controls_buttons_follow_the_ladder() -> None:
    app = BetApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bet = app.query_one(BetControls)
        down, up = app.query_one("#bet-down", Button), app.query_one("#bet-up", Button)
        assert down.disabled and not up.disabled  # at the minimum from the start
        await pilot.click("#bet-up")
        await pilot.click("#bet-up")  # a quick second click counts too
        await pilot.pause()
        assert bet.value == 2500 and up.disabled and not down.disabled
        assert bet.increase() is False
        await pilot.click("#bet-down")
        await pilot.pause()
        assert bet.value == 1000
        bet.locked = True
        await pilot.pause()
        assert down.disabled and up.disabled and bet.increase() is False and bet.decrease() is False
        bet.locked = False
        bet.set_value(2000)  # snapped down onto the ladder
        await pilot.pause()
        assert bet.value == 1000
        assert app.changes == [1000, 2500, 1000]


async def test_banner_kinds_and_card_faces() -> None:
    app = BetApp()
    async with app.run_test(size=(80, 24)) as pilot:
        banner = app.query_one(Banner)
        banner.show("WIN +15", "win")
        await pilot.pause()
        assert banner.text == "WIN +15" and banner.has_class("-win")
        banner.show("PUSH", "push")
        assert banner.has_class("-push") and not banner.has_class("-win")
        with pytest.raises(ValueError):
            banner.show("?", "jackpot")
        banner.clear()
        assert banner.text == ""
        face = app.query_one("#face", CardWidget)
        assert "10" in str(face.render()) and "♥" in str(face.render())
        face.ascii = True
        assert "H" in str(face.render())
        back = app.query_one("#back", CardWidget)
        assert back.has_class("-face-down") and "10" not in str(back.render())
    assert card_text(Card.parse("as")).plain == " A♠ "
    assert card_text(Card.parse("td"), ascii=True).plain == "10D "
    assert card_text(None).plain == " ▒▒ "


class FooterApp(App[None]):
    """A table-like app: `enter` deals or draws, `x` is only allowed while drawing."""

    from textual.binding import Binding

    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("enter", "deal", "Deal", priority=True),
        Binding("enter", "draw", "Draw", priority=True),
        Binding("x", "toss", "Toss"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.phase = "bet"

    def compose(self) -> ComposeResult:
        from cardtable.ui.widgets.common.footer import KeyFooter

        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "deal":
            return True if self.phase == "bet" else False  # False: not shown at all
        if action == "draw":
            return True if self.phase == "draw" else False
        if action == "toss":
            return True if self.phase == "draw" else None
        return True

    def action_deal(self) -> None:
        self.phase = "draw"
        self.refresh_bindings()

    def action_draw(self) -> None:
        self.phase = "bet"
        self.refresh_bindings()


def _footer_keys(app: App) -> list[tuple[str, str, bool]]:
    from cardtable.ui.widgets.common.footer import KeyFooter

    return [(k.key, k.description, not k.enabled) for k in app.query_one(KeyFooter).keys()]


async def test_key_footer_dims_and_retargets_in_place() -> None:
    from cardtable.ui.widgets.common.footer import KeyFooter

    app = FooterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        while not _footer_keys(app):  # the footer reads its keys after the first frame
            await pilot.pause(0.01)
        assert _footer_keys(app) == [("enter", "Deal", False), ("x", "Toss", True)]
        footer = app.query_one(KeyFooter)
        await pilot.press("enter")  # deal: enter now draws, x is allowed
        await pilot.pause()
        assert _footer_keys(app) == [("enter", "Draw", False), ("x", "Toss", False)]
        assert "⏎ Draw" in app.screen._compositor.render_strips()[-1].text
        await pilot.press("enter")
        await pilot.pause()
        assert _footer_keys(app) == [("enter", "Deal", False), ("x", "Toss", True)]
        assert app.query_one(KeyFooter) is footer and not footer.children  # one widget, kept


def test_large_cards_carry_as_many_pips_as_their_rank() -> None:
    from cardtable.ui.widgets.common.card import LARGE_HEIGHT, LARGE_WIDTH, card_large

    for rank in range(1, 11):
        card = Card.parse(("A" if rank == 1 else "T" if rank == 10 else str(rank)) + "H")
        lines = [line.plain for line in card_large(card)]
        assert len(lines) == LARGE_HEIGHT and {len(line) for line in lines} == {LARGE_WIDTH}
        middle = "".join(lines[2:-2])  # between the two corner indices
        assert middle.count("♥") == rank, (rank, lines)
        assert lines[1].startswith(f"│{card.rank_label}♥") and lines[-2].endswith(f"{card.rank_label}♥│")
    court = [line.plain for line in card_large(Card.parse("QS"), ascii=True)]
    assert any("Q" in line and "║" in line for line in court) and court[1].startswith("│QS")
    back = [line.plain for line in card_large(None, face_down=True)]
    assert "♠" not in "".join(back) and len(back) == LARGE_HEIGHT


def test_fan_overlaps_cards_to_fit_and_keeps_every_index_visible() -> None:
    from cardtable.ui.widgets.common.card import CardSize, card_lines, fan

    cards = [Card.parse(text) for text in ("TS", "9H", "8D", "7C", "6S")]
    drawn = [card_lines(card, CardSize.BOX) for card in cards]
    wide = fan(drawn)
    assert {line.cell_len for line in wide} == {5 * 7 + 4}  # side by side, a gap between
    tight = fan(drawn, width=24)
    assert {line.cell_len for line in tight} == {4 * 4 + 7}  # overlapped: four cells a card
    assert {line.cell_len for line in fan(drawn, width=10)} == {4 * 4 + 7}  # never less
    for card in cards:
        assert card.label() in tight[1].plain  # each corner index still shows
    chips = fan([card_lines(card, CardSize.CHIP) for card in cards])
    assert len(chips) == 1 and "10♠" in chips[0].plain


def test_the_joker_is_drawn_at_every_size_with_a_star_and_no_suit() -> None:
    from cardtable.core.poker_machines import Joker
    from cardtable.ui.widgets.common.card import LARGE_WIDTH, card_box, card_large

    large = [line.plain for line in card_large(Joker())]
    assert {len(line) for line in large} == {LARGE_WIDTH} and "★" in "".join(large)
    assert not any(mark in "".join(large) for mark in "♠♥♦♣")
    assert "*" in "".join(line.plain for line in card_box(Joker(), ascii=True))
