"""What the baccarat table shows: the scoreboards and a new shoe at the cut card, the shoe's
decks from the settings, ASCII mode, everything in 80x24, the rules with their computed
edges, and the footer's keys dimmed with the phase (Pilot, stacked shoes)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from baccarat_pilot import (
    BANKER_NATURAL,
    NATURAL_TIE,
    PLAYER_NATURAL,
    B,
    P,
    T,
    banner,
    make_app,
    press,
    road_rows,
    table,
)
from textual.widgets import Button

from cardtable.resources import read_text
from cardtable.store import Store
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.baccarat import BaccaratScreen
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.widgets.baccarat.roads import BeadPlate, RoadTally
from cardtable.ui.widgets.common.markdown import MarkdownText

from helpers import footer_keys, screen_text


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
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def dimmed() -> set[str]:
            # c and r are named on their buttons, not in the footer (e and k took the room)
            keys = {key.action for key in footer_keys(app) if not key.enabled}
            buttons = {name for name in ("clear", "repeat") if table(app).query_one(f"#bac-{name}", Button).disabled}
            return keys | buttons

        footer = {key.key for key in footer_keys(app)}
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


async def test_footer_keys_change_in_the_same_frame_as_the_table(data_dir: Path) -> None:
    """A key press costs one frame: the footer is dimmed synchronously, not a message later."""
    app = make_app(data_dir, PLAYER_NATURAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)

        def dimmed() -> set[str]:
            keys = {key.action for key in footer_keys(app) if not key.enabled}
            return keys | ({"clear"} if screen.query_one("#bac-clear", Button).disabled else set())

        assert {"clear", "deal", "chip(-1)"} <= dimmed()
        screen.action_bet("P")  # no await: nothing else has run yet
        assert not {"clear", "deal"} & dimmed()
        screen.action_chip(1)
        assert "chip(-1)" not in dimmed()
        screen.action_clear()
        assert {"clear"} <= dimmed() and "deal" in dimmed()
