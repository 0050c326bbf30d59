"""The baccarat table played like a player: keys and clicks, stacked shoes (Pilot)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path

import pytest
from textual.widgets import Button

from cardtable.core.baccarat import Outcome
from cardtable.core.cards import Shoe
from cardtable.resources import read_text
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.baccarat import BaccaratScreen, Phase, chip_sizes
from cardtable.ui.screens.confirm import ConfirmScreen
from cardtable.ui.screens.lobby import LobbyScreen
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.widgets.baccarat.roads import BeadPlate, BigRoadBoard, RoadTally
from cardtable.ui.widgets.baccarat.table import HandView
from cardtable.ui.widgets.common.banner import Banner
from cardtable.ui.widgets.common.bet import BetControls
from cardtable.ui.widgets.common.chips import ChipBalance
from cardtable.ui.widgets.common.markdown import MarkdownText

from helpers import screen_text, settle

P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE

PLAYER_NATURAL = "9S 2H KD KC"  # P 9+K = 9, B 2+K = 2
BANKER_NATURAL = "2S 9H KD KC"  # P 2, B 9
NATURAL_TIE = "4S 4H 4D 4C"  # 8 against 8


def stacked(*shoes: str, cut: int | None = None):
    """A shoe factory dealing the given stacks, one per new shoe; records its calls."""
    queue = list(shoes)
    calls: list[tuple[str, int, int | None]] = []

    def factory(game: str, decks: int, cut_from_end: int | None) -> Shoe:
        calls.append((game, decks, cut_from_end))
        text = queue.pop(0) if len(queue) > 1 else queue[0]
        return Shoe.stacked(text, cut_from_end=cut)

    factory.calls = calls  # type: ignore[attr-defined]
    return factory


def make_app(data_dir: Path, *shoes: str, cut: int | None = None, **kw) -> CardTableApp:
    kw.setdefault("animations", False)
    return CardTableApp(data_dir=data_dir, seed=7, start="baccarat", shoe_factory=stacked(*shoes, cut=cut), **kw)


def table(app: CardTableApp) -> BaccaratScreen:
    assert isinstance(app.screen, BaccaratScreen)
    return app.screen


def banner(app: CardTableApp) -> str:
    return table(app).query_one("#bac-banner", Banner).text


def stakes(app: CardTableApp) -> dict[Outcome, int]:
    return {o: table(app).spot(o).stake for o in Outcome}


def road_rows(app: CardTableApp, selector: str) -> list[str]:
    return table(app).query_one(selector).render().plain.split("\n")


async def press(pilot, keys: Iterable[str]) -> None:
    for key in keys:
        await pilot.press(key)
    await pilot.pause()


# -- betting with keys and dealing ------------------------------------------------------


async def test_keys_place_bets_deal_and_settle(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL + " " + BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)
        assert screen.query_one("#bac-chip", BetControls).value == 500  # the table minimum
        await press(pilot, ["p", "p", "b"])
        assert stakes(app) == {P: 1000, B: 500, T: 0}
        assert "Bets: Player 10 · Banker 5" in banner(app)
        balance = screen.query_one("#bac-balance", ChipBalance)
        assert balance.at_stake == 1500
        assert "Bankroll 985  on the table 15" in screen_text(app)
        assert app.store.bankroll == 100_000  # nothing leaves the bankroll before the deal

        await press(pilot, ["enter"])
        assert banner(app) == "Player wins 9 to 2 (natural) · you win +5"
        assert app.bankroll == app.store.bankroll == 100_500
        assert balance.at_stake == 0
        assert "Bankroll 1,005" in screen_text(app)
        player = screen.query_one("#hand-player", HandView)
        banker = screen.query_one("#hand-banker", HandView)
        assert [str(c) for c in player.cards] == ["9S", "KD"]
        assert [str(c) for c in banker.cards] == ["2H", "KC"]
        text = screen_text(app)
        assert "PLAYER  9  natural" in text and "BANKER  2" in text
        # the winning spot is highlighted, the losing one marked
        assert screen.spot(P).has_class("-win")
        assert screen.spot(B).has_class("-lose")
        assert "10 won +10" in text and "5 lost" in text
        # one round, one transaction
        history = app.store.history("baccarat")
        assert len(history) == 1
        assert (history[0].stake, history[0].returned) == (1500, 2000)
        assert history[0].details["outcome"] == "Player"
        assert history[0].details["bets"] == {"player": 1000, "banker": 500}
        # scoreboards
        assert screen.query_one(RoadTally).summary() == "P 1 B 0 T 0"
        assert screen.query_one(BeadPlate).outcomes == (P,)


async def test_banker_pays_095_on_odd_stakes(data_dir: Path) -> None:
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # a 5 chip, then a 10 chip: 15 on Banker wins 0.95 x 15 = 14.25
        await press(pilot, ["b", "plus", "b"])
        assert stakes(app)[B] == 1500
        await press(pilot, ["enter"])
        assert banner(app) == "Banker wins 9 to 2 (natural) · you win +14.25"
        assert app.store.bankroll == 100_000 + 1425
        assert "Bankroll 1,014.25" in screen_text(app)


async def test_tie_pays_8_to_1_and_pushes_player_and_banker(data_dir: Path) -> None:
    app = make_app(data_dir, NATURAL_TIE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p", "b", "t"])
        await press(pilot, ["enter"])
        assert banner(app) == "Tie 8 to 8 (natural) · you win +40"
        assert app.store.bankroll == 100_000 + 4000
        screen = table(app)
        assert screen.spot(T).has_class("-win")
        assert screen.spot(P).has_class("-push") and screen.spot(B).has_class("-push")
        entry = app.store.history("baccarat")[0]
        assert (entry.stake, entry.returned) == (1500, 500 + 500 + 4500)


async def test_losing_coup(data_dir: Path) -> None:
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["t", "p", "enter"])
        assert banner(app) == "Banker wins 9 to 2 (natural) · you lose 10"
        assert app.store.bankroll == 99_000
        assert table(app).spot(B).has_class("-win")


async def test_third_cards_follow_the_tableau(data_dir: Path) -> None:
    # P A+3 = 4 draws 6 -> 0; B 2+4 = 6 draws on the player's 6 -> 6H -> 2
    app = make_app(data_dir, "AS 2H 3D 4C 6S 6H 9C 9D")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["b", "enter"])
        screen = table(app)
        player = screen.query_one("#hand-player", HandView)
        banker = screen.query_one("#hand-banker", HandView)
        assert [str(c) for c in player.cards] == ["AS", "3D", "6S"]
        assert [str(c) for c in banker.cards] == ["2H", "4C", "6H"]
        assert banker.render().plain.split("\n")[1].count("╭─────╮") == 3  # three faces drawn
        assert banner(app) == "Banker wins 2 to 0 · you win +4.75"


async def test_deal_is_card_by_card_in_the_real_order(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(data_dir, "AS 2H 3D 4C 6S 6H 9C 9D", animations=True)
    shown: list[tuple[str, tuple[str, ...], int | None]] = []

    def spy(self: HandView, cards) -> None:  # each hand's cards as they change
        if cards:
            shown.append((self.hand.letter, tuple(str(c) for c in cards), self.total))

    monkeypatch.setattr(HandView, "watch_cards", spy, raising=False)
    async with app.run_test(size=(80, 24)) as pilot:
        monkeypatch.setattr(app, "delay", lambda kind="card": 0.01)
        await pilot.pause()
        await press(pilot, ["b", "enter"])
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert shown == [
            ("P", ("AS",), 1),
            ("B", ("2H",), 2),
            ("P", ("AS", "3D"), 4),
            ("B", ("2H", "4C"), 6),
            ("P", ("AS", "3D", "6S"), 0),
            ("B", ("2H", "4C", "6H"), 2),
        ]
        assert not table(app).dealing
        assert banner(app) == "Banker wins 2 to 0 · you win +4.75"
        assert len(app.store.history("baccarat")) == 1


# -- clicks ---------------------------------------------------------------------------------


async def test_clicks_place_bets_change_chip_and_deal(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click("#spot-player")
        await pilot.click("#spot-player")
        await pilot.click("#bet-up")  # chip 5 -> 10
        await pilot.click("#spot-tie")
        await pilot.pause()
        assert table(app).query_one("#bac-chip", BetControls).value == 1000
        assert stakes(app) == {P: 1000, B: 0, T: 1000}
        await pilot.click("#spot-tie")
        await pilot.click("#spot-tie", button=3)  # a right click takes a chip back
        await pilot.pause()
        assert stakes(app) == {P: 1000, B: 0, T: 1000}
        await pilot.click("#bac-deal")
        await pilot.pause()
        assert banner(app) == "Player wins 9 to 2 (natural) · you break even (won and lost 10)"
        assert app.store.bankroll == 100_000
        entry = app.store.history("baccarat")[0]
        assert (entry.stake, entry.returned) == (2000, 2000)


async def test_clear_and_repeat_buttons(data_dir: Path) -> None:
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)
        clear = screen.query_one("#bac-clear", Button)
        repeat = screen.query_one("#bac-repeat", Button)
        deal = screen.query_one("#bac-deal", Button)
        # nothing on the table: clear, repeat and deal are off, in the footer and as buttons
        assert clear.disabled and repeat.disabled and deal.disabled
        assert screen.check_action("clear", ()) is None
        assert screen.check_action("deal", ()) is None
        await pilot.click("#spot-banker")
        await pilot.pause()
        assert not clear.disabled and not deal.disabled
        await pilot.click("#bac-clear")
        await pilot.pause()
        assert stakes(app) == {P: 0, B: 0, T: 0}
        await press(pilot, ["b", "b", "enter"])
        assert app.store.bankroll == 100_000 + 950
        # the spots are empty again; repeat puts the last bets back and deals them,
        # as r does at every table
        assert stakes(app)[B] == 0
        assert not repeat.disabled
        await pilot.click("#bac-repeat")
        await settle(pilot)
        assert app.store.history_count("baccarat") == 2
        (last, _first) = app.store.history("baccarat", limit=2)
        assert last.stake == 1000


# -- enter alone, refusals, limits -----------------------------------------------------------


async def test_enter_alone_repeats_the_last_bets(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL + " " + BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["enter"])  # no bet, nothing to repeat: no deal, the hint instead
        assert app.store.history("baccarat") == []
        assert banner(app) == "Place a bet first: p Player · b Banker · t Tie, or click a spot"
        assert table(app).query_one("#bac-banner", Banner).has_class("-error")
        assert table(app).check_action("deal", ()) is None  # the Deal key stays dimmed
        await press(pilot, ["p", "enter"])
        assert app.store.bankroll == 100_500
        await press(pilot, ["enter"])  # the same 5 on Player again, Banker wins
        assert app.store.bankroll == 100_000
        assert len(app.store.history("baccarat")) == 2
        assert table(app).query_one(BigRoadBoard).outcomes == (P, B)


async def test_bet_the_bankroll_cannot_cover_is_refused(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.record_round("blackjack", 99_000, 0, {})  # leaves 10 chips
    store.close()
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p", "t"])
        assert stakes(app) == {P: 500, B: 0, T: 500}
        await press(pilot, ["b"])
        assert stakes(app) == {P: 500, B: 0, T: 500}
        assert banner(app) == "Refused: your bankroll of 10 cannot cover another 5 (on the table 10)"
        assert table(app).query_one("#bac-banner", Banner).has_class("-error")
        await press(pilot, ["enter"])
        # Player wins 5, Tie loses 5: back to 10 chips, settled as one transaction
        assert app.store.bankroll == 1000
        entry = app.store.history("baccarat")[0]
        assert (entry.stake, entry.returned) == (1000, 1000)


async def test_repeat_refused_when_the_bankroll_shrank(data_dir: Path) -> None:
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(4):  # chip 5 -> 10 -> 25 -> 50 -> 100
            await pilot.press("up")
        await press(pilot, ["p"] * 5 + ["t"] * 4)  # 500 on Player (the limit), 400 on Tie
        await press(pilot, ["enter"])
        assert app.store.bankroll == 10_000  # lost 900 of 1,000
        await press(pilot, ["r"])
        assert banner(app) == "Refused: your bankroll of 100 cannot cover the last bets (900)"
        assert stakes(app) == {P: 0, B: 0, T: 0}


async def test_table_limit_per_spot(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chip = table(app).query_one("#bac-chip", BetControls)
        for _ in range(10):
            await pilot.press("plus")
        await pilot.pause()
        assert chip.value == 50_000  # the largest chip is the table maximum
        assert table(app).check_action("chip", (1,)) is None
        await press(pilot, ["b", "b"])
        assert stakes(app)[B] == 50_000
        assert banner(app) == "Refused: the limit is 500 per spot (Banker has 500)"


def test_chip_sizes_are_whole_chips_from_the_minimum() -> None:
    assert chip_sizes(500, 50_000) == [500, 1000, 2500, 5000, 10_000, 50_000]
    assert chip_sizes(700, 10_000) == [700, 1000, 2500, 5000, 10_000]
    assert all(size % 100 == 0 for size in chip_sizes(500, 50_000))


# -- scoreboards and the shoe ----------------------------------------------------------------


async def test_scoreboards_and_new_shoe_at_the_cut_card(data_dir: Path) -> None:
    # first shoe: P, T, P, B (16 cards) with the cut card 3 from the end -> out in coup 4
    first = " ".join([PLAYER_NATURAL, NATURAL_TIE, PLAYER_NATURAL, BANKER_NATURAL])
    second = " ".join([BANKER_NATURAL, PLAYER_NATURAL])
    app = make_app(data_dir, first, second, cut=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        factory = app.shoe_factory
        assert factory.calls == [("baccarat", 8, 16)]  # type: ignore[union-attr]
        await press(pilot, ["p", "enter", "enter", "enter"])
        screen = table(app)
        assert road_rows(app, "#bac-bead")[0][:2] == "● "
        assert screen.query_one(BeadPlate).outcomes == (P, T, P)
        # big road: one Player column, the tie marked on its first cell
        rows = road_rows(app, "#bac-road")
        assert rows[0].startswith("○1") and rows[1].startswith("○ ") and rows[2].startswith("· ")
        assert screen.query_one(RoadTally).summary() == "P 2 B 0 T 1"
        assert "8 decks" not in screen_text(app)  # a stacked shoe has no decks
        assert "4 cards left · cut card in 1" in screen_text(app)
        await press(pilot, ["enter"])  # coup 4 brings out the cut card and is completed
        assert screen.query_one(BeadPlate).outcomes == (P, T, P, B)
        assert "0 cards left · cut card out: shuffle next" in screen_text(app)
        await press(pilot, ["enter"])  # a new shoe: the roads start again
        assert len(factory.calls) == 2  # type: ignore[union-attr]
        assert screen.query_one(BeadPlate).outcomes == (B,)
        assert screen.query_one(RoadTally).summary() == "P 0 B 1 T 0"
        assert banner(app) == "New shoe · Banker wins 9 to 2 (natural) · you lose 5"
        assert len(app.store.history("baccarat")) == 5


async def test_ascii_mode_uses_letters(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL + " " + NATURAL_TIE, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p", "enter", "enter"])
        assert road_rows(app, "#bac-bead")[0].startswith("P ")
        assert road_rows(app, "#bac-bead")[1].startswith("T ")
        assert road_rows(app, "#bac-road")[0].startswith("P1")
        text = screen_text(app)
        assert "♠" not in text and "●" not in text and "○" not in text
        assert "P Player   1" in text


async def test_everything_fits_80x24(data_dir: Path) -> None:
    app = make_app(data_dir, "AS 2H 3D 4C 6S 6H 9C 9D")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p", "b", "t", "enter"])
        lines = screen_text(app).split("\n")
        assert len(lines) == 24
        text = "\n".join(lines)
        for piece in (
            "Bankroll", "PLAYER  0", "BANKER  2", "Banker wins 2 to 0",
            "Player", "Tie", "Banker", "pays 1:1", "pays 8:1", "pays 0.95:1", "Chip",
            "Deal", "Bead plate", "Big road", "Coups are independent", "cards left", "Lobby",
        ):
            assert piece in text, piece
        for widget in table(app).query("BetSpot, HandView, BeadPlate, BigRoadBoard, RoadTally, Banner"):
            region = widget.region
            assert region.right <= 80 and region.bottom <= 23, widget


# -- leaving ----------------------------------------------------------------------------------


async def test_leaving_mid_deal_keeps_the_coup_and_reopening_deals_it_out(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(data_dir, PLAYER_NATURAL, animations=True)
    async with app.run_test(size=(80, 24)) as pilot:
        monkeypatch.setattr(app, "delay", lambda kind="card": 30.0)
        await pilot.pause()
        await press(pilot, ["p", "p", "enter"])
        screen = table(app)
        assert screen.round_in_progress()
        # while the cards come out, betting is closed: keys dimmed, spots and buttons disabled
        for action, params in (("bet", ("P",)), ("clear", ()), ("deal", ()), ("chip", (1,)), ("repeat", ())):
            assert screen.check_action(action, params) is None, action
        assert screen.spot(P).disabled and screen.query_one("#bac-deal", Button).disabled
        assert screen.query_one("#bac-chip", BetControls).locked
        await press(pilot, ["t"])
        assert stakes(app) == {P: 1000, B: 0, T: 0}
        assert app.store.bankroll == 99_000  # committed at the deal
        await press(pilot, ["escape"])  # no question: leaving voids nothing
        assert isinstance(app.screen, LobbyScreen)
        assert app.store.bankroll == 99_000 and app.bankroll == 99_000
        assert app.store.history("baccarat") == []
        assert app.store.open_games() == ("baccarat",)
        monkeypatch.setattr(app, "delay", lambda kind="card": 0.0)
        await press(pilot, ["2"])  # back at the table: the same coup is dealt out and paid
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.store.open_games() == ()
        (entry,) = app.store.history("baccarat")
        assert (entry.stake, entry.returned) == (1000, 2000)  # the Player natural won
        assert app.bankroll == app.store.bankroll == 101_000


async def test_escape_between_coups_goes_straight_to_the_lobby(data_dir: Path) -> None:
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p"])  # bets placed but not dealt: nothing at stake yet
        await press(pilot, ["escape"])
        assert isinstance(app.screen, LobbyScreen)
        assert app.store.bankroll == 100_000


# -- settings, refills, rules --------------------------------------------------------------


async def test_shoe_size_comes_from_the_settings(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.save_settings(dataclasses.replace(store.settings(), baccarat_decks=6))
    store.close()
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.shoe_factory.calls == [("baccarat", 6, 16)]  # type: ignore[union-attr]


async def test_real_shoe_is_shown_with_its_decks_and_cut_card(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, seed=7, start="baccarat", animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "8 decks · 416 cards left · cut card in 400" in screen_text(app)
        await press(pilot, ["b", "enter"])
        used = len(table(app).last_coup.player) + len(table(app).last_coup.banker)  # type: ignore[union-attr]
        assert f"8 decks · {416 - used} cards left · cut card in {400 - used}" in screen_text(app)


@pytest.mark.parametrize("decks", [4, 6])
async def test_real_shoe_has_the_decks_from_the_settings(data_dir: Path, decks: int) -> None:
    store = Store.open(data_dir)
    store.save_settings(dataclasses.replace(store.settings(), baccarat_decks=decks))
    store.close()
    app = CardTableApp(data_dir=data_dir, seed=7, start="baccarat", animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        cards = 52 * decks
        assert table(app).view.state.shoe_left == cards
        assert f"{decks} decks · {cards} cards left · cut card in {cards - 16}" in screen_text(app)


async def test_refill_offered_when_the_bankroll_is_below_the_minimum(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.record_round("poker", 99_700, 0, {})  # 3 chips left, the minimum is 5
    store.close()
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, ["y"])
        assert isinstance(app.screen, BaccaratScreen)
        assert app.store.bankroll == 100_000


async def test_rules_key_shows_baccarat_rules_with_computed_edges(data_dir: Path) -> None:
    raw = read_text("help", "baccarat.md")
    assert "{{house_edges}}" in raw and "1.06" not in raw  # the figures are not typed in
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["question_mark"])
        assert isinstance(app.screen, RulesScreen)
        source = app.screen.query_one("#rules-text-baccarat", MarkdownText).source
        assert "| Banker | 45.8597 % | 1.06 % |" in source
        assert "| Tie | 9.5156 % | 14.36 % |" in source
        await press(pilot, ["escape"])
        assert isinstance(app.screen, BaccaratScreen)


async def test_footer_dims_and_undims_keys_with_the_phase(data_dir: Path) -> None:
    from textual.widgets._footer import FooterKey

    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def dimmed() -> set[str]:
            # c and r are named on their buttons, not in the footer (e and k took the room)
            keys = {key.action for key in table(app).query(FooterKey) if key.has_class("-disabled")}
            buttons = {name for name in ("clear", "repeat") if table(app).query_one(f"#bac-{name}", Button).disabled}
            return keys | buttons

        footer = {key.key for key in table(app).query(FooterKey)}
        assert {"e", "k", "enter"} <= footer and not {"c", "r"} & footer
        assert {"clear", "repeat", "deal", "chip(-1)"} <= dimmed()
        assert "bet('P')" not in dimmed()
        await press(pilot, ["p", "plus"])
        assert not {"clear", "deal", "chip(-1)"} & dimmed()
        assert "repeat" in dimmed()
        await press(pilot, ["enter"])
        # after a coup: r (repeat and deal) and c (clear what enter would deal) are live
        assert "repeat" not in dimmed() and "clear" not in dimmed()
        await press(pilot, ["c"])
        assert {"clear", "deal"} <= dimmed() and "repeat" not in dimmed()


async def test_a_coup_the_store_cannot_settle_stays_open_until_enter_saves_it(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.store import Store, StoreError

    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def broken(*args, **kwargs):
            raise StoreError("disk full")

        monkeypatch.setattr(app.store, "settle_round", broken)
        await press(pilot, ["p", "enter"])
        assert banner(app).endswith("not saved yet: enter tries again")
        assert "Player wins" in banner(app)
        assert app.store.bankroll == 99_500 and app.bankroll == 99_500  # the stake is on the table
        assert table(app).round_in_progress() and not table(app).dealing
        assert table(app).view.phase is Phase.UNSAVED
        assert table(app).query_one(BeadPlate).outcomes == ()
        # only enter (save) is open: the spots show the settled coup, no new bets go down
        assert table(app).check_action("deal", ()) is True
        assert table(app).check_action("bet", ("P",)) is None and table(app).check_action("clear", ()) is None
        await press(pilot, ["b"])
        assert stakes(app) == {P: 500, B: 0, T: 0}
        monkeypatch.setattr(app.store, "settle_round", Store.settle_round.__get__(app.store))
        await press(pilot, ["enter"])  # saves the result, deals nothing new
        assert app.store.bankroll == app.bankroll == 100_500
        assert app.store.open_games() == () and app.store.history_count("baccarat") == 1
        assert table(app).query_one(BeadPlate).outcomes == (P,)
        assert not table(app).round_in_progress()
        assert table(app).view.phase is Phase.BETTING


async def test_the_deal_waits_while_the_rules_cover_the_table(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.ui.screens.rules import RulesScreen

    app = make_app(data_dir, PLAYER_NATURAL, animations=True)
    async with app.run_test(size=(80, 24)) as pilot:
        steps: list[str] = []

        def delay(kind: str = "card") -> float:
            """The pause before each step of the deal; the rules are asked for during the
            first one, as a player pressing ? while the cards come (whatever the machine's speed)."""
            if not steps:
                app.action_rules()
            steps.append(kind)
            return 0.001

        monkeypatch.setattr(app, "delay", delay)
        await pilot.pause()
        baccarat = table(app)
        await pilot.press("p", "enter")
        while not isinstance(app.screen, RulesScreen) or baccarat._uncovered.is_set():
            await pilot.pause()  # the rules are up and the table knows it is covered
        for _ in range(5):
            await pilot.pause(0.01)  # the deal had every chance to go on (it must not)
        assert isinstance(app.screen, RulesScreen)
        assert len(steps) == 1  # it waits at its first step: nothing more was shown
        assert app.store.history("baccarat") == []  # nothing settled behind the dialog
        await press(pilot, ["escape"])  # back at the table: the deal carries on and settles
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, BaccaratScreen)
        assert banner(app) == "Player wins 9 to 2 (natural) · you win +5"
        assert app.store.bankroll == 100_500


async def test_footer_keys_change_in_the_same_frame_as_the_table(data_dir: Path) -> None:
    """A key press costs one frame: the footer is dimmed synchronously, not a message later."""
    from textual.widgets._footer import FooterKey

    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)

        def dimmed() -> set[str]:
            keys = {key.action for key in screen.query(FooterKey) if key.has_class("-disabled")}
            return keys | ({"clear"} if screen.query_one("#bac-clear", Button).disabled else set())

        assert {"clear", "deal", "chip(-1)"} <= dimmed()
        screen.action_bet("P")  # no await: nothing else has run yet
        assert not {"clear", "deal"} & dimmed()
        screen.action_chip(1)
        assert "chip(-1)" not in dimmed()
        screen.action_clear()
        assert {"clear"} <= dimmed() and "deal" in dimmed()


async def test_the_lobby_shows_the_bankroll_the_table_left_it_with(data_dir: Path) -> None:
    """The lobby's balance under a table takes each new bankroll without a repaint (a
    repaint of the covered lobby repainted the whole table above it) and shows it when
    the player comes back."""
    app = make_app(data_dir, BANKER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, ["p", "enter"])  # the Banker's natural: −5, a narrower figure
        assert app.bankroll == 99_500
        await press(pilot, ["escape"])  # the session summary, then the lobby
        await settle(pilot)
        await press(pilot, ["enter"])
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        balance = app.screen.query_one("#lobby-balance", ChipBalance)
        assert balance.amount == 99_500 and balance.render().plain == "Bankroll 995"
        assert "Bankroll 995" in screen_text(app)
