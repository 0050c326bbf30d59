"""A dealt round is committed; a damaged record is refused: ``RecordError``, never
anything else.

Damage by hand for each game (missing or wrong fields, wrong number types, cards a shoe
or deck cannot hold, a record of another game), garbage and deeply nested JSON, cut-short
records, and hypothesis-made damage to a valid record's JSON: each record either
replays or raises ``RecordError``.

The bugs these tests found (numbers coerced with int(), Infinity, deep nesting, a
two-deck poker deck) are fixed and stay tested. Resuming: test_round_resume.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round_record_helpers import PAY_TABLES, SETTINGS, _shuffled, _stacked_table

from cardtable.core.baccarat import Outcome, new_shoe
from cardtable.core.baccarat_table import BaccaratTable
from cardtable.core.blackjack import Action, Rules
from cardtable.core.blackjack_table import Table
from cardtable.core.cards import Card, Shoe, cards_text, full_deck, parse_cards
from cardtable.core.poker import JACKS_OR_BETTER_9_6
from cardtable.core.poker_hand import DrawHand, Phase
from cardtable.core.record import RECORD_VERSION, RecordError, RoundRecord

ACE_OF_SPADES = Card.parse("AS")



# =====================================================================================
# Damaged records: RecordError, never anything else
# =====================================================================================


def _bj_base() -> tuple[Table, RoundRecord]:
    """Two seats; seat 0 (5S 3C) has hit (2H) and is still to act; seat 1 has 18."""
    table = _stacked_table("5S 9H 6D 3C 9C TD 2H 4S 7C 8D KS QH", 3)
    table.new_round([500, 1000], [2000, 3000])
    table.round.act(Action.HIT)  # type: ignore[union-attr]
    assert table.round.turn == (0, 0)  # type: ignore[union-attr]
    assert len(table.round.hands(0)[0].cards) == 3  # type: ignore[union-attr]
    return table, table.record({"levels": ["novice"]})


def _bj_fresh_six_decks() -> RoundRecord:
    table = Table(Rules(), rng=random.Random(8))
    table.new_round([500])
    return table.record({})


def _poker_base() -> RoundRecord:
    hand = DrawHand.new(100, 2).bet(2).deal(Shoe(1, random.Random(4))).exchange([0, 2])
    return hand.record()


def _bac_base() -> RoundRecord:
    table = BaccaratTable(new_shoe(8, random.Random(6)), (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE))
    table.deal({Outcome.PLAYER: 500, Outcome.TIE: 100})
    return table.record()


def _resume_bj(record: RoundRecord) -> object:
    return Table.resume(record, random.Random(0))


def _replay_poker(record: RoundRecord) -> object:
    return DrawHand.replay(record, PAY_TABLES, random.Random(0))


def _resume_bac(record: RoundRecord) -> object:
    return BaccaratTable.resume(record, random.Random(0))


def _edited(record: RoundRecord, edit: Callable[[dict[str, Any]], None]) -> RoundRecord:
    """The record after ``edit`` changes its stored JSON (as a dict), read back."""
    data = json.loads(record.to_json())
    edit(data)
    return RoundRecord.from_json(json.dumps(data))


def _replace_card(text: str, index: int, token: str) -> str:
    tokens = text.split()
    tokens[index] = token
    return " ".join(tokens)


def _add_ace_of_spades(snapshot: dict[str, Any]) -> None:
    """Turn one card that is not the ace of spades into one more ace of spades."""
    tokens = snapshot["cards"].split()
    index = next(i for i, t in enumerate(tokens) if t != "AS")
    tokens[index] = "AS"
    snapshot["cards"] = " ".join(tokens)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def edit(data: dict[str, Any]) -> None:
        node = data
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return edit


def _delete(path: str) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def edit(data: dict[str, Any]) -> None:
        node = data
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]

    return edit


def _append_action(*actions: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["actions"].extend(actions)

    return edit


def _do(fn: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return fn


_BJ_DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "double on a three-card hand": _append_action([0, 0, "double"]),
    "split on a three-card hand": _append_action([0, 0, "split"]),
    "seat 1 acts while seat 0 is to act": _append_action([1, 0, "stand"]),
    "a hand seat 0 does not have": _append_action([0, 1, "stand"]),
    "a seat that does not exist": _append_action([7, 0, "stand"]),
    "first action by the wrong seat": _set("actions", [[1, 0, "hit"]]),
    "unknown action": _append_action([0, 0, "surrender"]),
    "action too short": _append_action([0, 0]),
    "action too long": _append_action([0, 0, "stand", "now"]),
    "action as a bare word": _append_action("stand"),
    "action as a number": _append_action(7),
    "action null": _append_action(None),
    "action as an object": _append_action({"seat": 0, "hand": 0, "action": "stand"}),
    "action with nulls": _append_action([None, None, None]),
    "action after everyone acted": _append_action([0, 0, "stand"], [1, 0, "stand"], [1, 0, "stand"]),
    "unknown card token in the shoe": _do(lambda d: d["start"]["shoe"].update(
        cards=_replace_card(d["start"]["shoe"]["cards"], 0, "ZZ"))),
    "card token 1S": _do(lambda d: d["start"]["shoe"].update(
        cards=_replace_card(d["start"]["shoe"]["cards"], 3, "1S"))),
    "shoe card not in its composition": _do(lambda d: d["start"]["shoe"].update(
        all=_replace_card(d["start"]["shoe"]["all"], 0, "QD"))),
    "shoe cards not text": _set("start.shoe.cards", ["5S", "9H"]),
    "stacked shoe without its composition": _delete("start.shoe.all"),
    "shoe decks as text": _set("start.shoe.decks", "0"),
    "shoe decks negative": _set("start.shoe.decks", -1),
    "shoe decks too many": _set("start.shoe.decks", 65),
    "shoe cut as text": _set("start.shoe.cut", "3"),
    "shoe cut beyond the shoe": _set("start.shoe.cut", 10**6),
    "shoe not a mapping": _set("start.shoe", "5S 9H 6D"),
    "shoe too short for the deal": _do(lambda d: d["start"]["shoe"].update(cards="5S 9H 6D")),
    "missing rules": _delete("start.rules"),
    "missing shoe": _delete("start.shoe"),
    "missing bets": _delete("start.bets"),
    "missing bankrolls": _delete("start.bankrolls"),
    "missing seen": _delete("start.seen"),
    "rules not a mapping": _set("start.rules", [6, 75]),
    "rules decks as text": _set("start.rules.decks", "6"),
    "rules pays one number": _set("start.rules.blackjack_pays", [3]),
    "rules peek as text": _set("start.rules.dealer_peeks", "no"),
    "rules max hands zero": _set("start.rules.max_hands", 0),
    "no seats": _set("start.bets", []),
    "a zero bet": _set("start.bets", [0, 1000]),
    "a negative bet": _set("start.bets", [-500, 1000]),
    "a bet as a word": _set("start.bets", ["five", 1000]),
    "bets null": _set("start.bets", None),
    "bets an object": _set("start.bets", {"a": 1}),
    "a bankroll too few": _set("start.bankrolls", [2000]),
    "a negative bankroll": _set("start.bankrolls", [-1, 3000]),
    "bankrolls a number": _set("start.bankrolls", 5000),
    "seen unknown card": _set("start.seen", "AS ZZ"),
    "seen a number": _set("start.seen", 12),
    "seen numbers": _set("start.seen", [1, 2]),
    "start empty": _set("start", {}),
}


@pytest.mark.parametrize("name", sorted(_BJ_DAMAGE))
def test_blackjack_damaged_record_raises_record_error(name: str) -> None:
    _, base = _bj_base()
    _resume_bj(base)  # the undamaged record resumes
    record = _edited(base, _BJ_DAMAGE[name])
    with pytest.raises(RecordError):
        _resume_bj(record)


def test_blackjack_extra_ace_of_spades_in_a_six_deck_shoe() -> None:
    base = _bj_fresh_six_decks()
    _resume_bj(base)
    assert Counter(parse_cards(base.start["shoe"]["cards"]))[ACE_OF_SPADES] == 6
    record = _edited(base, lambda d: _add_ace_of_spades(d["start"]["shoe"]))
    with pytest.raises(RecordError):
        _resume_bj(record)


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(_set("start.bets", ["500", "1000"]), id="bets as strings"),
        pytest.param(_set("start.bets", "55"), id="bets as one digit string"),
        pytest.param(_set("start.bets", [500.75, 1000]), id="a fractional bet"),
        pytest.param(_set("start.bets", [True, True]), id="bets as booleans"),
        pytest.param(_set("start.bankrolls", ["2000", "3000"]), id="bankrolls as strings"),
        pytest.param(_set("start.bets", [float("inf"), 1000]), id="an infinite bet"),
        pytest.param(_set("start.bankrolls", [float("inf"), 3000]), id="an infinite bankroll"),
    ],
)
def test_blackjack_wrong_number_types_raise_record_error(edit: Callable[[dict[str, Any]], None]) -> None:
    _, base = _bj_base()
    data = json.loads(base.to_json())
    edit(data)
    with pytest.raises(RecordError):  # Infinity is refused by from_json already
        _resume_bj(RoundRecord.from_json(json.dumps(data)))


_POKER_DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "unknown pay table": _set("start.pay_table", "Deuces Wild"),
    "pay table null": _set("start.pay_table", None),
    "pay table a list": _set("start.pay_table", ["9/6 Jacks or Better"]),
    "second ace of spades in one deck": _do(lambda d: _add_ace_of_spades(d["start"]["deck"])),
    "unknown card token": _do(lambda d: d["start"]["deck"].update(
        cards=_replace_card(d["start"]["deck"]["cards"], 10, "XX"))),
    "a card missing from the deck": _do(lambda d: d["start"]["deck"].update(
        cards=" ".join(d["start"]["deck"]["cards"].split()[1:]))),
    "deck decks as text": _set("start.deck.decks", "1"),
    "deck of two decks with one deck's cards": _set("start.deck.decks", 2),
    "stacked deck without its composition": _set("start.deck.decks", 0),
    "stacked deck of four cards": _set("start.deck", {"decks": 0, "cut": None, "cards": "AS KS QS JS",
                                                      "all": "AS KS QS JS"}),
    "deck not a mapping": _set("start.deck", "AS KS QS JS TS"),
    "missing coin size": _delete("start.coin_size"),
    "missing exchange rounds": _delete("start.exchange_rounds"),
    "missing pay table": _delete("start.pay_table"),
    "missing coins": _delete("start.coins"),
    "missing deck": _delete("start.deck"),
    "coins as text": _set("start.coins", "2"),
    "coin size as text": _set("start.coin_size", "100"),
    "exchange rounds as text": _set("start.exchange_rounds", "2"),
    "coins as a fraction": _set("start.coins", 2.5),
    "coins true": _set("start.coins", True),
    "coins zero": _set("start.coins", 0),
    "coins over the maximum": _set("start.coins", 6),
    "coin size negative": _set("start.coin_size", -100),
    "four exchange rounds": _set("start.exchange_rounds", 4),
    "exchange position 5": _append_action(["exchange", [5]]),
    "exchange position -1": _append_action(["exchange", [-1]]),
    "exchange a position twice": _append_action(["exchange", [1, 1]]),
    "exchange positions as text": _append_action(["exchange", "01"]),
    "exchange positions as booleans": _append_action(["exchange", [True]]),
    "exchange positions a number": _append_action(["exchange", 3]),
    "exchange positions null": _append_action(["exchange", None]),
    "exchange without positions": _append_action(["exchange"]),
    "exchange with two lists": _append_action(["exchange", [0], [1]]),
    "unknown step": _append_action(["fold"]),
    "empty step": _append_action([]),
    "step as a bare word": _append_action("stand"),
    "step as a number": _append_action(3),
    "step null": _append_action(None),
    "step as an object": _append_action({"stand": True}),
    "stand with an argument": _append_action(["stand", "now"]),
    "a third exchange of two rounds": _append_action(["exchange", [1]], ["exchange", [2]]),
    "exchange after standing": _append_action(["stand"], ["exchange", [1]]),
    "stand twice": _append_action(["stand"], ["stand"]),
    "start empty": _set("start", {}),
}


@pytest.mark.parametrize("name", sorted(_POKER_DAMAGE))
def test_poker_damaged_record_raises_record_error(name: str) -> None:
    base = _poker_base()
    _replay_poker(base)
    record = _edited(base, _POKER_DAMAGE[name])
    with pytest.raises(RecordError):
        _replay_poker(record)


def test_poker_record_with_a_two_deck_deck_is_refused() -> None:
    cards = full_deck() * 2
    cards.sort(key=lambda c: c != ACE_OF_SPADES)  # both aces of spades on top
    record = _edited(_poker_base(), _set("start.deck", {"decks": 2, "cut": None, "cards": cards_text(cards)}))
    record = RoundRecord(record.game, record.start, ())
    try:
        hand = _replay_poker(record)
    except RecordError:
        return
    assert isinstance(hand, DrawHand)
    hand.stand().settle()  # a replayed hand must at least be playable to the end


_BAC_DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "ninth ace of spades in eight decks": _do(lambda d: _add_ace_of_spades(d["start"]["shoe"])),
    "unknown card token": _do(lambda d: d["start"]["shoe"].update(
        cards=_replace_card(d["start"]["shoe"]["cards"], 2, "QQ"))),
    "shoe too short for a coup": _do(lambda d: d["start"]["shoe"].update(cards="AS KD 5H")),
    "shoe decks as text": _set("start.shoe.decks", "8"),
    "shoe cut as text": _set("start.shoe.cut", "16"),
    "shoe not a mapping": _set("start.shoe", []),
    "missing shoe": _delete("start.shoe"),
    "missing bets": _delete("start.bets"),
    "missing roads": _delete("start.roads"),
    "unknown bet spot": _set("start.bets", {"X": 500}),
    "stake as text": _set("start.bets", {"P": "500"}),
    "stake negative": _set("start.bets", {"P": -500}),
    "stake fractional": _set("start.bets", {"P": 5.5}),
    "stake true": _set("start.bets", {"P": True}),
    "stake a list": _set("start.bets", {"P": [500]}),
    "no bets": _set("start.bets", {}),
    "only zero bets": _set("start.bets", {"P": 0, "B": 0}),
    "bets a list": _set("start.bets", [["P", 500]]),
    "bets a word": _set("start.bets", "P"),
    "unknown road letter": _set("start.roads", "PXB"),
    "roads a list": _set("start.roads", ["P", "B"]),
    "roads a number": _set("start.roads", 5),
    "roads null": _set("start.roads", None),
    "an action": _append_action(["draw"]),
    "start empty": _set("start", {}),
}


@pytest.mark.parametrize("name", sorted(_BAC_DAMAGE))
def test_baccarat_damaged_record_raises_record_error(name: str) -> None:
    base = _bac_base()
    _resume_bac(base)
    assert Counter(parse_cards(base.start["shoe"]["cards"]))[ACE_OF_SPADES] == 8
    record = _edited(base, _BAC_DAMAGE[name])
    with pytest.raises(RecordError):
        _resume_bac(record)


_REPLAYERS = {"blackjack": _resume_bj, "poker": _replay_poker, "baccarat": _resume_bac}


def _bases() -> dict[str, RoundRecord]:
    return {"blackjack": _bj_base()[1], "poker": _poker_base(), "baccarat": _bac_base()}


@pytest.mark.parametrize("replayer", sorted(_REPLAYERS))
@pytest.mark.parametrize("game", ["blackjack", "poker", "baccarat", "", "Blackjack", "roulette"])
def test_record_of_another_game_raises_record_error(replayer: str, game: str) -> None:
    bases = _bases()
    for source, record in bases.items():
        relabelled = RoundRecord(game, record.start, record.actions, record.meta)
        if game == replayer and source == replayer:
            _REPLAYERS[replayer](relabelled)  # its own record replays
            continue
        with pytest.raises(RecordError):
            _REPLAYERS[replayer](relabelled)


_GARBAGE = [
    "",
    " ",
    "not json",
    "{",
    '{"version": 1,',
    "[]",
    "null",
    "1",
    '"text"',
    "{}",
    '{"version": 2, "game": "poker", "start": {}, "actions": [], "meta": {}}',
    '{"game": "poker", "start": {}, "actions": [], "meta": {}}',
    '{"version": "1", "game": "poker", "start": {}, "actions": [], "meta": {}}',
    '{"version": 1, "game": 5, "start": {}, "actions": [], "meta": {}}',
    '{"version": 1, "game": "poker", "start": [], "actions": [], "meta": {}}',
    '{"version": 1, "game": "poker", "actions": [], "meta": {}}',
    '{"version": 1, "game": "poker", "start": {}, "actions": {}, "meta": {}}',
    '{"version": 1, "game": "poker", "start": {}, "actions": [], "meta": []}',
    '{"version": 1, "game": "poker", "start": {}, "actions": []}',
    "\x00\xff\ud800",
]


@pytest.mark.parametrize("text", _GARBAGE)
def test_from_json_garbage_raises_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        RoundRecord.from_json(text)


@pytest.mark.parametrize("value", [None, 5, b'{"version": 1}', {"version": 1}, ["x"]])
def test_from_json_of_something_not_text_raises_record_error(value: object) -> None:
    with pytest.raises(RecordError):
        RoundRecord.from_json(value)


def test_from_json_deeply_nested_text_raises_record_error() -> None:
    with pytest.raises(RecordError):
        RoundRecord.from_json("[" * 100_000)


def test_from_json_deeply_nested_actions_raises_record_error() -> None:
    nested = "[" * 600 + "]" * 600
    text = f'{{"version": {RECORD_VERSION}, "game": "poker", "start": {{}}, "actions": [{nested}], "meta": {{}}}}'
    try:
        record = RoundRecord.from_json(text)
    except RecordError:
        return
    with pytest.raises(RecordError):
        _replay_poker(record)


@SETTINGS
@given(game=st.sampled_from(sorted(_REPLAYERS)), data=st.data())
def test_from_json_of_a_cut_short_record_raises_record_error(game: str, data: st.DataObject) -> None:
    text = _bases()[game].to_json()
    cut = data.draw(st.integers(0, len(text) - 1), label="cut")
    with pytest.raises(RecordError):
        RoundRecord.from_json(text[:cut])


@SETTINGS
@given(text=st.text(max_size=60))
def test_from_json_of_any_text_is_a_record_or_record_error(text: str) -> None:
    try:
        record = RoundRecord.from_json(text)
    except RecordError:
        return
    assert isinstance(record, RoundRecord)


# -- hypothesis: random damage to a valid record's JSON ----------------------------

_card_token = st.sampled_from([str(c) for c in full_deck()] + ["ZZ", "1S", "AX", "10H", "as", ""])
_json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**9), 10**9),
    st.sampled_from([0, 1, 2, 5, 6, 8, 16, 52, 64, 65, 100, 500, -1]),
    st.floats(allow_nan=False, allow_infinity=False),  # non-finite: refused by from_json (tested above)
    st.text(max_size=8),
    _card_token,
    st.sampled_from(["stand", "hit", "double", "split", "exchange", "P", "B", "T", "PBT",
                     "blackjack", "poker", "baccarat", JACKS_OR_BETTER_9_6.name]),
)
_json_value = st.recursive(
    _json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["decks", "cut", "cards", "all", "P", "B", "x", ""]) | st.text(max_size=5),
                        inner, max_size=4),
    ),
    max_leaves=8,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, prefix + (key,)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, prefix + (index,)))
    return found


def _mutate(data: Any, draw: st.DataObject) -> Any:
    """One random change: delete a key or item, replace a value, edit a card text,
    append a value to a list, or add a key."""
    paths = _paths(data)
    path = draw.draw(st.sampled_from(paths), label="path")
    parent: Any = None
    node = data
    for key in path:
        parent, node = node, node[key]
    kind = draw.draw(st.sampled_from(["delete", "replace", "replace", "cards", "append", "add"]), label="kind")
    if kind == "delete" and parent is not None:
        del parent[path[-1]]
    elif kind == "cards" and isinstance(node, str) and len(node.split()) > 1 and parent is not None:
        tokens = node.split()
        index = draw.draw(st.integers(0, len(tokens) - 1), label="token")
        op = draw.draw(st.sampled_from(["swap", "drop", "dup"]), label="token op")
        if op == "swap":
            tokens[index] = draw.draw(_card_token, label="new token")
        elif op == "drop":
            del tokens[index]
        else:
            tokens.insert(index, tokens[index])
        parent[path[-1]] = " ".join(tokens)
    elif kind == "append" and isinstance(node, list):
        node.append(draw.draw(_json_value, label="appended"))
    elif kind == "add" and isinstance(node, dict):
        node[draw.draw(st.text(max_size=6), label="new key")] = draw.draw(_json_value, label="added")
    elif parent is None:
        data = draw.draw(_json_value, label="whole")
    else:
        parent[path[-1]] = draw.draw(_json_value, label="new value")
    return data


_FUZZ_BASES: dict[str, RoundRecord] = {}


def _fuzz_base(game: str) -> RoundRecord:
    if not _FUZZ_BASES:
        _FUZZ_BASES.update(_bases())
        # a longer blackjack record with a split and a real 6-deck shoe
        table = Table(Rules(), rng=random.Random(12))
        table.new_round([500, 500, 500], [100, 5000, 5000])
        rnd = table.round
        assert rnd is not None
        for _ in range(3):
            if rnd.turn is None:
                break
            legal = rnd.legal_actions()
            rnd.act(Action.SPLIT if Action.SPLIT in legal else Action.HIT if Action.HIT in legal else Action.STAND)
        _FUZZ_BASES["blackjack-6"] = table.record({"levels": ["a", "b"]})
        hand = DrawHand.new(25, 3).bet(5).deal(Shoe.stacked(_shuffled(full_deck(), 2)[:9], random.Random(2)))
        _FUZZ_BASES["poker-short"] = hand.exchange([0, 1, 2]).exchange([3, 4]).record()
    return _FUZZ_BASES[game]


def _replay_or_record_error(game: str, text: str) -> None:
    try:
        record = RoundRecord.from_json(text)
    except RecordError:
        return
    replayer = _REPLAYERS[game.split("-")[0]]
    try:
        result = replayer(record)
    except RecordError:
        return
    # The record replayed: what came back must be usable and saveable again.
    if isinstance(result, Table):
        assert result.round is not None
        RoundRecord.from_json(result.record({}).to_json())
    elif isinstance(result, DrawHand):
        RoundRecord.from_json(result.record().to_json())
        assert result.phase in (Phase.DRAWING, Phase.SHOWDOWN)
    else:
        assert isinstance(result, BaccaratTable)
        assert isinstance(result.returned(), int)
        RoundRecord.from_json(result.record().to_json())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["blackjack", "blackjack-6", "poker", "poker-short", "baccarat"]),
    mutations=st.integers(1, 3),
    data=st.data(),
)
def test_mutated_records_replay_or_raise_record_error(game: str, mutations: int, data: st.DataObject) -> None:
    tree = json.loads(_fuzz_base(game).to_json())
    for _ in range(mutations):
        tree = _mutate(tree, data)
    _replay_or_record_error(game, json.dumps(tree))


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["blackjack", "poker", "baccarat"]), data=st.data())
def test_records_of_random_json_replay_or_raise_record_error(game: str, data: st.DataObject) -> None:
    start = data.draw(st.dictionaries(st.sampled_from(sorted(_fuzz_base(game).start)), _json_value, max_size=6))
    actions = data.draw(st.lists(_json_value, max_size=3))
    text = json.dumps({"version": RECORD_VERSION, "game": game, "start": start, "actions": actions, "meta": {}})
    _replay_or_record_error(game, text)
