"""A bankroll edited in the data file (by hand, or by another program): found at open,
said in one line, and the figure the file's rounds and refills explain is offered;
nothing crashes whichever the player chooses."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardtable.store import DB_NAME, START_BANKROLL, Store, StoreError
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.confirm import ConfirmScreen
from tests.ui.helpers import notifications, screen_text  # type: ignore[import-untyped]


def _edit_bankroll(folder: Path, value: int) -> None:
    conn = sqlite3.connect(folder / DB_NAME)
    conn.execute("UPDATE wallet SET bankroll = ? WHERE id = 1", (value,))
    conn.commit()
    conn.close()


def _played(folder: Path) -> int:
    """A few rounds, a refill and a round still open: a file whose records explain it."""
    store = Store.open(folder)
    store.record_round("poker", 99_000, 0, {})
    store.refill("poker", 2000)
    store.record_round("baccarat", 500, 975, {})
    store.commit_round("blackjack", 1000, '{"r": 1}')
    bankroll = store.bankroll
    assert store.tampered is None
    store.close()
    return bankroll


def test_a_file_whose_records_explain_its_bankroll_is_sound(data_dir: Path) -> None:
    _played(data_dir)
    store = Store.open(data_dir)
    assert store.tampered is None
    store.close()


@pytest.mark.parametrize("edited", [-500, 2**63 - 1, 5_000_000, 0])
def test_an_edited_bankroll_is_found_and_the_ledger_s_figure_restored(data_dir: Path, edited: int) -> None:
    expected = _played(data_dir)
    _edit_bankroll(data_dir, edited)
    store = Store.open(data_dir)
    assert store.tampered == (expected, edited)
    assert store.restore_bankroll(expected) == expected
    assert store.bankroll == expected and store.tampered is None
    store.close()
    again = Store.open(data_dir)
    assert again.tampered is None
    again.close()


def test_restoring_a_figure_the_file_no_longer_explains_is_refused(data_dir: Path) -> None:
    expected = _played(data_dir)
    _edit_bankroll(data_dir, 7)
    store = Store.open(data_dir)
    with pytest.raises(StoreError, match="changed meanwhile"):
        store.restore_bankroll(expected + 100)
    assert store.bankroll == 7
    store.close()


async def test_the_app_offers_the_ledger_s_figure_and_takes_it(data_dir: Path) -> None:
    expected = _played(data_dir)
    _edit_bankroll(data_dir, 2**63 - 1)
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        text = screen_text(app)
        assert "is not what its rounds" in text and "Use 994.75?" in text
        await pilot.press("y")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.bankroll == expected == app.store.bankroll
        assert "Bankroll 994.75" in screen_text(app)


async def test_the_player_may_keep_the_edited_figure(data_dir: Path) -> None:
    _played(data_dir)
    _edit_bankroll(data_dir, -500)
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.store.bankroll == -500
        assert "Bankroll -5" in screen_text(app)  # shown as it is; the game goes on


async def test_a_figure_the_ledger_cannot_give_is_only_said(data_dir: Path) -> None:
    store = Store.open(data_dir)
    store.record_round("poker", 500, 500 + 2**62, {})  # the history itself is absurd
    store.close()
    _edit_bankroll(data_dir, START_BANKROLL)
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert any("is not what its rounds" in n for n in notifications(app))


def test_the_server_logs_a_player_s_edited_bankroll_once(data_dir: Path) -> None:
    from cardtable.net.players import Players

    players = Players(data_dir, keep_open=1)
    players.identify("bob", None)
    players.identify("alice", None)
    players.close()
    _edit_bankroll(data_dir / "players" / "bob", -1)
    said: list[str] = []
    players = Players(data_dir, keep_open=1, log=said.append)
    bob, alice = players.load("bob"), players.load("alice")
    for _ in range(3):  # one store kept open: bob's is closed and opened again each time
        assert bob.refresh() == -1
        alice.refresh()
    players.close()
    assert said == ["player bob: the bankroll in the file (-1) is not what its rounds and refills "
                    "add up to (100000); left as it is"]
