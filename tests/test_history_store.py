"""Every settled round is kept in full, listed with filters, and replayable.

The store keeps the round's record (trimmed to the cards it dealt, compressed); the
game's core replays it to the very result the table settled. Schema 3 migrates from 2
(and from 1 through 2): the rounds already there stay listed, not replayable.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from cardtable.ai.poker_machines import load_machines
from cardtable.core.baccarat_table import BaccaratTable
from cardtable.core.blackjack_table import Table
from cardtable.core.poker_hand import DrawHand
from cardtable.core.record import RoundRecord
from cardtable.history_gen import fill
from cardtable.store import (
    START_BANKROLL,
    HistoryFilter,
    Store,
    pack_record,
    unpack_record,
)

SCHEMA1_FILE = Path(__file__).parent / "data" / "cardtable-schema1.sqlite3"


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with 120 rounds of all three games (played by the computer)."""
    folder = tmp_path_factory.mktemp("filled")
    with Store.open(folder) as store:
        fill(store, 120, seed=7)
    return folder


def copy_of(folder: Path, tmp_path: Path) -> Path:
    target = tmp_path / "copy"
    shutil.copytree(folder, target)
    return target


def replay_details(text: str) -> dict[str, object]:
    """What the core says the recorded round came to (as the table's details)."""
    record = RoundRecord.from_json(text)
    if record.game == "blackjack":
        table = Table.resume(record)
        r = table.round
        assert r is not None and r.turn is None
        table.finish_round()
        return r.details(r.seats - 1)
    if record.game == "baccarat":
        return BaccaratTable.resume(record).details()
    machines = {m.name: m for m in load_machines().values()}
    return DrawHand.replay(record, machines).settle().details()


def test_every_settled_round_replays_to_the_details_the_table_kept(filled: Path) -> None:
    with Store.open(filled) as store:
        entries = store.history_page(HistoryFilter(order="oldest"), limit=1000)
        assert len(entries) == 120
        games = {e.game for e in entries}
        assert games == {"blackjack", "baccarat", "poker"}
        for entry in entries:
            assert entry.replayable
            text = store.round_record(entry.id)
            assert text is not None
            assert replay_details(text) == entry.details


def test_the_kept_record_holds_only_the_cards_the_round_dealt(filled: Path) -> None:
    with Store.open(filled) as store:
        for entry in store.history(limit=40):
            record = RoundRecord.from_json(store.round_record(entry.id))
            shoe = record.start["deck" if record.game == "poker" else "shoe"]
            assert shoe["decks"] == 0 and len(shoe["cards"].split()) <= 30
            assert record.start.get("seen", "") == ""


def test_bankroll_after_each_round_and_refills_explain_the_bankroll(filled: Path) -> None:
    with Store.open(filled) as store:
        series = store.bankroll_series()
        refills = dict((after, amount) for after, _at, amount in store.refills())
        bankroll = START_BANKROLL
        for point in series:
            bankroll += refills.get(point.id - 1, 0) + point.net
            assert point.bankroll == bankroll
        assert series[-1].bankroll == store.bankroll


def test_filters_by_game_result_and_time_and_biggest_swings_first(filled: Path) -> None:
    with Store.open(filled) as store:
        every = store.history_page(HistoryFilter(order="oldest"), limit=1000)
        won = store.history_page(HistoryFilter(result="won"), limit=1000)
        assert won and all(e.net > 0 for e in won)
        assert store.history_matching(HistoryFilter(result="lost")) == sum(e.net < 0 for e in every)
        poker = store.history_page(HistoryFilter(game="poker"), limit=1000)
        assert poker and {e.game for e in poker} == {"poker"}
        swings = store.history_page(HistoryFilter(order="swing"), limit=10)
        assert [abs(e.net) for e in swings] == sorted((abs(e.net) for e in every), reverse=True)[:10]
        assert store.history_page(HistoryFilter(since="2999-01-01T00:00:00Z")) == []
        assert len(store.history_page(HistoryFilter(until="2999-01-01T00:00:00Z"), limit=500)) == 120
        paged = [e.id for e in store.iter_history(HistoryFilter(order="oldest"), chunk=7)]
        assert paged == [e.id for e in every]
        newest = [e.id for e in store.iter_history(HistoryFilter(game="blackjack"), chunk=5)]
        assert newest == sorted((e.id for e in every if e.game == "blackjack"), reverse=True)


def test_bad_filters_are_value_errors(filled: Path) -> None:
    with Store.open(filled) as store:
        with pytest.raises(ValueError):
            store.history_page(HistoryFilter(game="chess"))
        with pytest.raises(ValueError):
            store.history_page(HistoryFilter(result="maybe"))
        with pytest.raises(ValueError):
            store.history_page(HistoryFilter(order="random"))


def test_the_statistics_agree_with_the_history_they_were_kept_from(filled: Path) -> None:
    with Store.open(filled) as store:
        assert store.game_totals() == store.all_stats()  # the old name reads the same figures
        entries = store.history(limit=10_000)
        for game, stats in store.all_stats().items():
            mine = [e for e in entries if e.game == game]
            assert stats.rounds == len(mine) > 0
            assert stats.staked == sum(e.stake for e in mine)
            assert stats.net == sum(e.net for e in mine)
            assert stats.biggest_win == max([0, *(e.net for e in mine)])
            assert stats.biggest_loss == min([0, *(e.net for e in mine)])


def test_pack_round_trip_and_rubbish() -> None:
    text = (
        '{"actions":[],"game":"baccarat","meta":{},"start":{"bets":{"B":500},"new_shoe":false,'
        '"roads":"","shoe":{"cards":"AS","cut":null,"decks":0,"all":"AS"}},"version":1}'
    )
    blob = pack_record(text)
    assert blob is not None and unpack_record(blob) is not None
    assert pack_record("not json") is None
    assert unpack_record(b"x123") is None and unpack_record(b"dgarbage") is None and unpack_record(None) is None


def test_a_round_recorded_without_a_record_is_listed_not_replayable(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        store.record_round("poker", 500, 1000, {"cards": ["AS"]})
        (entry,) = store.history()
        assert not entry.replayable and store.round_record(entry.id) is None
        assert entry.bankroll == START_BANKROLL + 500


def _downgrade_to_2(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("DROP INDEX history_amounts")
    con.execute("DROP TABLE history_records")
    con.execute("ALTER TABLE history DROP COLUMN bankroll")
    con.execute("ALTER TABLE ledger DROP COLUMN after_round")
    con.execute("ALTER TABLE stats DROP COLUMN staked")
    con.execute("ALTER TABLE stats DROP COLUMN biggest_loss")
    con.execute("PRAGMA user_version = 2")
    con.commit()
    con.close()


def test_schema2_file_migrates_to_3_keeping_its_rounds_listed_not_replayable(filled: Path, tmp_path: Path) -> None:
    folder = copy_of(filled, tmp_path)
    with Store.open(folder) as store:
        before = [(e.id, e.net, e.bankroll) for e in store.history(limit=1000)]
        refills_before = store.refills()
        totals_before = store.game_totals()
        held = store.bankroll
    _downgrade_to_2(folder / "cardtable.sqlite3")
    with Store.open(folder) as store:
        con = sqlite3.connect(store.path)
        assert con.execute("PRAGMA user_version").fetchone() == (3,)
        con.close()
        after = store.history(limit=1000)
        # the bankroll after each round is worked out again from the nets and refills
        assert [(e.id, e.net, e.bankroll) for e in after] == before
        assert not any(e.replayable for e in after)
        assert store.refills() == refills_before
        assert store.game_totals() == totals_before  # staked and biggest loss worked out again
        assert store.bankroll == held
        assert store.reconcile()[0] == store.reconcile()[1]
        fill(store, 3, seed=3)  # new rounds are kept in full again
        assert all(e.replayable for e in store.history(limit=3))


def test_schema1_file_migrates_through_2_to_3(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(SCHEMA1_FILE, folder / "cardtable.sqlite3")
    with Store.open(folder) as store:
        entries = store.history(limit=1000)
        assert entries and not any(e.replayable for e in entries)
        series = store.bankroll_series()
        # the last round's bankroll plus nothing open is the bankroll held
        assert series[-1].bankroll == store.bankroll
        store.record_round("blackjack", 500, 0)
        assert store.history(limit=1)[0].bankroll == store.bankroll


def test_a_round_whose_last_computer_actions_were_not_saved_is_kept_whole_and_still_replays() -> None:
    from cardtable.ai.seats import ComputerSeats
    from cardtable.core.blackjack import Rules
    from cardtable.core.cards import Shoe
    from cardtable.core.replay import compact
    from cardtable.ui.widgets.history.steps import BlackjackSteps, steps_for

    # two computer seats and the player, who is dealt a natural and so never decides: if
    # the quiet save of the seats' actions failed, the record kept is the deal's alone
    shoe = Shoe.stacked("TS 9H AD 5C 7S 6H KD 3C 2D 9S 8H 7D 4C 6C 5D 3H 2S", cut_from_end=None)
    table = Table(Rules(), shoe=shoe)
    seats = ComputerSeats(("normal", "hard"))
    table.new_round([500, 500, 500], [1000, 1000, 1000])
    early = table.record(seats.meta())
    table.play_computers([*seats.players, None])
    live = table.round
    assert live is not None and live.turn is None
    table.finish_round()
    assert compact(early) is early  # not played out in the record: kept whole
    steps = steps_for(early)
    assert isinstance(steps, BlackjackSteps) and steps.round.finished
    assert steps.round.results == live.results


def test_graded_decisions_are_kept_once_in_the_history(tmp_path) -> None:
    """A round's decisions travel in its details; the record kept for replays
    drops its copy (meta), and the details are stored as compact JSON."""
    from cardtable.ai.grading import decisions_in, grade
    from cardtable.core.record import RoundRecord
    from cardtable.core.replay import compact
    from cardtable.store import Store

    decision = grade("poker", "AS AD 4C 7H 9S", {"exchange 3 4 5": 0.8, "stand pat": 0.5}, "stand pat", 500)
    record = RoundRecord("nonsense", {}, (), {"decisions": [decision.to_json()], "machine": "x"})
    assert compact(record).meta == {"machine": "x"}
    with Store.open(tmp_path) as store:
        store.record_round("poker", 500, 0, {"decisions": [decision.to_json()]})
        (entry,) = store.history("poker")
        assert decisions_in(entry.details) == [decision]
        (raw,) = store._read("SELECT details FROM history")[0]
    assert ", " not in raw and ": " not in raw
