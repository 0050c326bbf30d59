"""Hold advice: exact expected returns, checked against plain enumeration and by hand."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from cardtable.ai.poker import best_hold, coach, describe_hold, hold_evs
from cardtable.ai.poker_analysis import Analysis, analyse, cached_returns, save_result
from cardtable.ai.poker_machines import MACHINE_ORDER, load_machines
from cardtable.ai.poker_returns import shipped_for_files, shipped_returns
from cardtable.cli import main as cli_main
from cardtable.core.cards import Card, full_deck, parse_cards
from cardtable.core.poker import JACKS_OR_BETTER_9_6
from cardtable.core.poker_machines import JACKS_OR_BETTER, JOKER, Machine, PayHand


def brute_ev(cards: list[Card], hold: tuple[int, ...], coins: int = 5) -> Fraction:
    """Deal every possible draw and average the pay (slow, obviously right)."""
    deck = [c for c in full_deck() if c not in cards]
    total = _total_pay(deck, [cards[i] for i in hold], lambda hand: JACKS_OR_BETTER_9_6.payout(hand, coins))
    return Fraction(total, comb(47, 5 - len(hold)) * coins)


def _combinations(n: int, k: int) -> np.ndarray:
    """Every ``k``-subset of ``range(n)``, one a row in ascending order, as
    ``itertools.combinations`` lists them: each row of the (k-1)-subsets is extended by
    each number above its last."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(k):
        last = rows[:, -1] if rows.shape[1] else np.full(len(rows), -1)
        counts = n - 1 - last
        within = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.column_stack([np.repeat(rows, counts, axis=0), np.repeat(last, counts) + 1 + within])
    return rows


def _total_pay(deck: list[Card], held: list[Card], payout, is_wild=lambda card: False) -> int:  # type: ignore[no-untyped-def]
    """What every draw to ``held`` from ``deck`` pays, summed. A hand's pay depends only on
    its natural cards' ranks, whether they share a suit, and how many wild cards it holds
    (the rules of every machine), so ``payout`` is asked once per such pattern and its
    answer counted for each hand of the pattern: the same sum, a few times faster. Every
    draw is one row of arrays (numpy), its pattern one integer."""
    cards = held + deck
    # Each card's rank (0 for a wild card) and suit; a wild card's suit matches any suit.
    rank = np.array([0 if is_wild(c) else c.rank for c in cards], dtype=np.int64)
    suit = np.array(["SHDC".index(c.suit.value) if not is_wild(c) else -1 for c in cards], dtype=np.int64)
    suit_lo, suit_hi = np.where(suit < 0, 9, suit), suit
    draws = _combinations(len(deck), 5 - len(held)) + len(held)
    hands = np.column_stack([np.broadcast_to(np.arange(len(held)), (len(draws), len(held))), draws])
    ranks = np.sort(rank[hands], axis=1)  # the wild cards (0) first
    flush = suit_lo[hands].min(axis=1) >= suit_hi[hands].max(axis=1)  # one suit among the natural cards
    key = ranks @ (16 ** np.arange(5)) * 2 + flush  # sorted ranks (and so the wild cards) and the flush
    _patterns, first, sizes = np.unique(key, return_index=True, return_counts=True)
    total = 0
    for row, size in zip(first.tolist(), sizes.tolist(), strict=True):
        total += payout([cards[i] for i in hands[row].tolist()]) * size
    return total


HANDS = [
    "TH JH QH KH JS",   # four to a royal beside a pair of jacks
    "2S 7D 9H JC KS",   # trash with two high cards
    "AS AD 3H 4C 5S",   # pair of aces
    "2H 3H 4H 5H 6H",   # pat straight flush
    "5C 6D 7H 8S KC",   # open-ended straight draw
    "9S 9D 9H 4C 4D",   # pat full house
]


@pytest.mark.parametrize("text", HANDS)
def test_counting_matches_enumeration_for_small_draws(text: str) -> None:
    cards = parse_cards(text)
    evs = hold_evs(cards)
    assert len(evs) == 32
    assert len({h.hold for h in evs}) == 32
    for h in evs:
        if len(h.hold) >= 2:  # draws of up to 3 cards: quick to enumerate
            assert h.ev == brute_ev(cards, h.hold), h.hold


@pytest.mark.slow
def test_counting_matches_enumeration_for_big_draws() -> None:
    cards = parse_cards("2S 7D 9H JC KS")
    evs = {h.hold: h.ev for h in hold_evs(cards)}
    for hold in [(), (3,), (4,), (0,)]:
        assert evs[hold] == brute_ev(cards, hold), hold


def test_four_to_a_royal_by_hand() -> None:
    # Hold TH JH QH KH, discard JS; 47 cards left. At 5 coins:
    # AH royal 4000, 9H straight flush 250, 7 other hearts flush 30 each,
    # 3 aces + 3 nines straight 20 each, JC JD QS QD QC KS KD KC pair 5 each.
    cards = parse_cards("TH JH QH KH JS")
    expected = Fraction(4000 + 250 + 7 * 30 + 6 * 20 + 8 * 5, 47 * 5)
    best = best_hold(cards)
    assert best.hold == (0, 1, 2, 3)
    assert best.ev == expected
    assert best.discards == (4,)


def test_pat_hands_are_kept() -> None:
    assert best_hold(parse_cards("2H 3H 4H 5H 6H")).hold == (0, 1, 2, 3, 4)
    assert best_hold(parse_cards("2H 3H 4H 5H 6H")).ev == 50
    assert best_hold(parse_cards("9S 9D 9H 4C 4D")).hold == (0, 1, 2, 3, 4)


def test_high_pair_is_held() -> None:
    best = best_hold(parse_cards("AS AD 3H 4C 5S"))
    assert best.hold == (0, 1)


def test_royal_bonus_changes_the_advice_with_coins() -> None:
    # At 1 coin the royal pays 250 per coin instead of 800: a draw that can make a
    # royal is worth less per coin, a draw that cannot is worth the same.
    cards = parse_cards("JH QH KH JS 4C")
    five = {h.hold: h.ev for h in hold_evs(cards, coins=5)}
    one = {h.hold: h.ev for h in hold_evs(cards, coins=1)}
    assert one[(0, 1, 2)] < five[(0, 1, 2)]
    assert one[(0, 3)] == five[(0, 3)]  # no royal possible: same per-coin return


def test_invalid_input() -> None:
    with pytest.raises(ValueError):
        hold_evs(parse_cards("AS AS 3H 4C 5S"))
    with pytest.raises(ValueError):
        hold_evs(parse_cards("AS KS 3H 4C 5S"), coins=6)


def test_describe_hold() -> None:
    cards = parse_cards("TH JH QH KH JS")
    assert describe_hold(cards, (0, 1, 2, 3), ascii=True) == "hold 10H JH QH KH"
    assert describe_hold(cards, ()) == "exchange all five"
    assert describe_hold(cards, (0, 1, 2, 3, 4)).startswith("stand pat")


# -- every machine: wild cards, the joker, the bonus rows -------------------------

MACHINES = load_machines()


def brute_machine_ev(machine: Machine, cards: list[Card], hold: tuple[int, ...], coins: int = 5) -> Fraction:
    """Deal every possible draw from the machine's deck and average what it pays."""
    deck = [c for c in machine.deck() if c not in cards]
    total = _total_pay(deck, [cards[i] for i in hold], lambda hand: machine.payout(hand, coins), machine.is_wild)
    return Fraction(total, comb(len(deck), 5 - len(hold)) * coins)


def _deals(machine: Machine, n: int, seed: int) -> list[list[Card]]:
    """Random deals, every other one holding at least one wild card (when there are any)."""
    rng = random.Random(seed)
    deck = machine.deck()
    wild = [c for c in deck if machine.is_wild(c)]
    deals = []
    for i in range(n):
        cards = rng.sample(deck, 5)
        if wild and i % 2 == 0 and not any(machine.is_wild(c) for c in cards):
            cards[rng.randrange(5)] = rng.choice(wild)
        deals.append(cards)
    return deals


@pytest.mark.parametrize("key", MACHINE_ORDER)
def test_hold_evs_match_enumeration_on_random_hands_of_every_machine(key: str) -> None:
    machine = MACHINES[key]
    rng = random.Random(key)
    for cards in _deals(machine, 4, seed=len(key)):
        evs = {h.hold: h.ev for h in hold_evs(cards, machine, 5)}
        assert len(evs) == 32
        holds = [h for h in evs if len(h) >= 3] + rng.sample([h for h in evs if len(h) == 2], 2)
        for hold in holds:
            assert evs[hold] == brute_machine_ev(machine, cards, hold), (cards, hold)


@pytest.mark.slow
@pytest.mark.parametrize("key", ["deuces-wild", "joker-poker", "double-double-bonus-9-6"])
def test_hold_evs_match_enumeration_for_big_draws_of_wild_machines(key: str) -> None:
    machine = MACHINES[key]
    cards = _deals(machine, 1, seed=7)[0]
    evs = {h.hold: h.ev for h in hold_evs(cards, machine, 5)}
    for hold in [(0,), (2, 4)]:
        assert evs[hold] == brute_machine_ev(machine, cards, hold), (cards, hold)


def test_wild_advice_by_hand() -> None:
    deuces, joker = MACHINES["deuces-wild"], MACHINES["joker-poker"]
    # Four deuces: hold them all (the fifth card cannot matter, 200 per coin is sure).
    best = best_hold(parse_cards("2S 2H 2D 2C 9S"), deuces)
    assert set(best.hold) >= {0, 1, 2, 3} and best.ev == 200
    # A deuce is never thrown away in Deuces Wild.
    for cards in _deals(deuces, 30, seed=11):
        best = best_hold(cards, deuces)
        assert all(i in best.hold for i, c in enumerate(cards) if c.rank == 2), cards
    # The joker is never thrown away either.
    for cards in _deals(joker, 30, seed=12):
        if JOKER in cards:
            assert cards.index(JOKER) in best_hold(cards, joker).hold, cards


def test_plain_pay_table_and_its_machine_give_the_same_advice() -> None:
    for cards in _deals(MACHINES["jacks-or-better-9-6"], 10, seed=5):
        assert hold_evs(cards) == hold_evs(cards, JACKS_OR_BETTER, 5)


def test_a_joker_is_refused_by_a_machine_without_one() -> None:
    with pytest.raises(ValueError):
        hold_evs([JOKER, *parse_cards("AS KD 3H 4C")], MACHINES["deuces-wild"])


# -- the exact analysis ---------------------------------------------------

PUBLISHED_RETURNS = {
    "jacks-or-better-9-6": "0.995439",
    "bonus-poker-8-5": "0.991660",
    "double-double-bonus-9-6": "0.989808",  # 98.98 %
    "deuces-wild": "1.007620",
    "joker-poker": "1.006463",  # 100.65 % (full pay, kings or better, 800-coin royal)
}


@pytest.fixture(scope="module")
def deuces_by_the_command(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str, Analysis, Path]:
    """``cardtable analyse poker`` run once for Deuces Wild: what it printed, and the
    analysis it computed (caught on its way out), which the exact-return test reuses
    rather than computing the same machine twice. The global options ``--seed`` and
    ``--data-dir`` come after the subcommand: a run they do not break (the suite's one
    run of the command to its end; test_cli_strict checks they parse before and after)."""
    import contextlib
    import io

    from cardtable.ai import poker_analysis

    folder = tmp_path_factory.mktemp("analyse")
    caught: list[Analysis] = []

    def spy(*args, **kwargs):  # the real analysis, its result kept
        caught.append(real(*args, **kwargs))
        return caught[-1]

    real = poker_analysis.analyse
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        mp.setattr(poker_analysis, "analyse", spy)
        code = cli_main(["analyse", "poker", "--machine", "Full-Pay Deuces Wild", "--workers", "1",
                         "--seed", "3", "--data-dir", str(folder)])
    assert len(caught) == 1
    return code, out.getvalue(), err.getvalue(), caught[0], folder


@pytest.mark.slow
@pytest.mark.parametrize("key", MACHINE_ORDER)
def test_the_exact_return_of_every_machine_is_the_published_one(key: str, request: pytest.FixtureRequest) -> None:
    if key == "deuces-wild":
        analysis = request.getfixturevalue("deuces_by_the_command")[3]  # --workers 1
    else:
        # One machine on a pool of processes (whatever the cores here), the others in this
        # process: the figures are the same either way, and the test's own worker shares
        # the cores with the other test workers.
        analysis = analyse(MACHINES[key], workers=2 if key == "jacks-or-better-9-6" else 1)
    assert analysis.machine == MACHINES[key]
    assert analysis.return_text == PUBLISHED_RETURNS[key]
    # The figure the room ships (scripts/poker_returns.py wrote it) is this exact analysis.
    assert shipped_returns([MACHINES[key]]) == {key: analysis.ret}
    assert sum(p for _, p in analysis.probabilities) == 1
    expected_return = sum(p * Fraction(MACHINES[key].pays[h][-1], 5) for h, p in analysis.probabilities if h)
    assert expected_return == analysis.ret
    assert analysis.classes == (134_459 if key != "joker-poker" else 150_891)
    if key == "jacks-or-better-9-6":
        assert f"{float(analysis.variance):.4f}" == "19.5147"  # the published variance
        royal = dict(analysis.probabilities)[PayHand.NATURAL_ROYAL]
        assert f"{float(royal):.8f}" == "0.00002476"  # 1 in 40,391


def test_every_machine_on_offer_has_its_return_shipped_for_its_current_pay_table() -> None:
    # A pay table changed without running scripts/poker_returns.py fails here (its figure
    # would silently fall back to "not computed"); the slow test above checks the values.
    shipped = shipped_returns(list(MACHINES.values()))
    assert list(shipped) == list(MACHINE_ORDER)
    assert {key: f"{float(value):.6f}" for key, value in shipped.items()} == PUBLISHED_RETURNS
    assert shipped_for_files(MACHINE_ORDER) == shipped  # the lobby's check of the files, byte for byte


def test_the_lobby_leaves_out_the_shipped_return_of_an_edited_pay_table_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby's quick path reads the shipped figures without building a machine: a
    pay-table file changed by one byte (same length) loses its figure there."""
    from cardtable.resources import asset_path

    folder = tmp_path / "paytables"
    folder.mkdir()
    for key in MACHINE_ORDER:
        (folder / f"{key}.json").write_bytes(asset_path("paytables", f"{key}.json").read_bytes())
    edited = folder / "deuces-wild.json"
    data = edited.read_bytes()
    digit = data.index(b"5")
    edited.write_bytes(data[:digit] + b"6" + data[digit + 1:])
    monkeypatch.setattr("cardtable.ai.poker_returns.asset_path",
                        lambda *parts: folder / parts[1] if parts[0] == "paytables" else asset_path(*parts))
    found = shipped_for_files(MACHINE_ORDER)
    assert list(found) == [key for key in MACHINE_ORDER if key != "deuces-wild"]


def test_analyse_refuses_an_unknown_machine_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["analyse", "poker", "--machine", "aces-and-eights"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "aces-and-eights" in err
    assert all(key in err for key in MACHINE_ORDER)
    assert cli_main(["analyse", "poker"]) == 2
    assert cli_main(["analyse", "poker", "--machine", "deuces-wild", "--workers", "0"]) == 2


def test_computed_returns_are_kept_and_a_changed_table_forgets_its_figure(tmp_path: Path) -> None:
    machine = MACHINES["deuces-wild"]
    figure = Analysis(machine, Fraction(3, 2), Fraction(1), ((None, Fraction(1)),), 1, 0.1)
    save_result(tmp_path, figure)
    assert cached_returns(tmp_path, [machine]) == {"deuces-wild": Fraction(3, 2)}
    changed = Machine.from_mapping({**machine.to_mapping(), "pays": {**machine.to_mapping()["pays"],
                                                                      "FLUSH": [3, 6, 9, 12, 15]}})
    assert cached_returns(tmp_path, [changed]) == {}
    (tmp_path / "poker-returns.json").write_text("not json", encoding="utf-8")
    assert cached_returns(tmp_path, [machine]) == {}


def test_the_coach_names_the_chosen_and_the_best_hold() -> None:
    deuces = MACHINES["deuces-wild"]
    cards = parse_cards("2S 2H 9D 5C KH")
    mine, best = coach(cards, (2, 3, 4), deuces)
    assert mine.hold == (2, 3, 4) and mine.ev == brute_machine_ev(deuces, cards, (2, 3, 4))
    assert best == best_hold(cards, deuces) and best.ev > mine.ev
    assert coach(cards, best.hold, deuces) == (best, best)


@pytest.mark.slow
def test_the_analyse_command_prints_the_figures_and_keeps_them(deuces_by_the_command) -> None:
    code, out, err, _analysis, tmp_path = deuces_by_the_command
    assert code == 0
    assert "return   1.007620  (100.7620 %)" in out
    exact = next(line for line in out.splitlines() if line.startswith("exact"))
    assert exact.split()[1] == "32187682693/31944279675"  # as the computation gave it (session 3)
    assert "Four Deuces" in out and "variance 25.8346" in out
    assert "[####################] 100 %" in err  # the progress bar
    assert cached_returns(tmp_path, [MACHINES["deuces-wild"]])["deuces-wild"] == Fraction(exact.split()[1])
