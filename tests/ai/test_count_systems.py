"""Count systems as data: every shipped system's tags, balance and unbalanced start."""

from __future__ import annotations

import pytest

from cardtable.ai.counting.systems import (
    RANK_LABELS,
    SYSTEM_ORDER,
    load_systems,
    parse_system,
    system_named,
)

#: The tags as the systems' authors publish them (A, 2..9, ten-valued).
PUBLISHED_TAGS = {
    "hilo": (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1),
    "ko": (-1, 1, 1, 1, 1, 1, 1, 0, 0, -1),
    "hiopt1": (0, 0, 1, 1, 1, 1, 0, 0, 0, -1),
    "hiopt2": (0, 1, 1, 2, 2, 1, 1, 0, 0, -2),
    "omega2": (0, 1, 1, 2, 2, 2, 1, 0, -1, -2),
    "zen": (-1, 1, 1, 2, 2, 2, 1, 0, 0, -2),
    "halves": (-1, 0.5, 1, 1, 1.5, 1, 0.5, 0, -0.5, -1),
}


def test_every_system_is_shipped_in_order() -> None:
    assert tuple(load_systems()) == SYSTEM_ORDER


@pytest.mark.parametrize("key", SYSTEM_ORDER)
def test_tags_are_the_published_ones(key: str) -> None:
    system = load_systems()[key]
    assert system.tags == PUBLISHED_TAGS[key]
    assert system.name and system.description


@pytest.mark.parametrize("key", SYSTEM_ORDER)
def test_balance_is_the_tags_sum_over_a_deck(key: str) -> None:
    system = load_systems()[key]
    tags = PUBLISHED_TAGS[key]
    per_deck = 4 * sum(tags[:9]) + 16 * tags[9]
    assert system.balanced == (per_deck == 0)
    assert system.deck_sum == per_deck
    assert system.balanced == (key != "ko")


def test_ko_starts_at_four_minus_four_per_deck_and_its_pivot_reads_the_same_at_any_depth() -> None:
    ko = system_named("KO")
    assert ko.initial_running_count(1) == 0
    assert ko.initial_running_count(6) == -20
    assert ko.key_count(6) == -4 and ko.key_count(1) == 2 and ko.key_count(5) is None
    # A full shoe counted through ends at +4 per deck of imbalance: IRC + 4 x decks = 4.
    assert ko.initial_running_count(6) + 6 * ko.deck_sum == 4
    for cards_left in (26, 104, 300):
        assert ko.true_count(4, cards_left) == pytest.approx(4)
        assert ko.true_count(ko.running_for_true(1.5, cards_left), cards_left) == pytest.approx(1.5)


def test_balanced_true_count_is_running_count_per_deck_left() -> None:
    hilo = system_named("hilo")
    assert hilo.true_count(6, 156) == pytest.approx(2)
    assert hilo.running_for_true(2, 156) == pytest.approx(6)
    assert hilo.initial_running_count(6) == 0 and hilo.key_count(6) is None


@pytest.mark.parametrize("name, key", [("Hi-Lo", "hilo"), ("wong halves", "halves"), ("HIOPT2", "hiopt2"),
                                       ("Omega II", "omega2"), ("Knock-Out", "ko")])
def test_systems_are_found_by_key_or_name(name: str, key: str) -> None:
    assert system_named(name).key == key


def test_an_unknown_system_is_one_line_listing_the_keys() -> None:
    with pytest.raises(ValueError, match="unknown count system 'nope'; one of: hilo, ko"):
        system_named("nope")


def _doc(**changes: object) -> dict[str, object]:
    doc: dict[str, object] = {"key": "x", "name": "X", "description": "d", "balanced": True,
                              "tags": dict(zip(RANK_LABELS, (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1), strict=True))}
    doc.update(changes)
    return doc


def test_a_valid_document_parses() -> None:
    assert parse_system(_doc()).tags[0] == -1


@pytest.mark.parametrize("changes, message", [
    ({"balanced": False}, "'balanced' is False but the tags add up to 0"),
    ({"tags": {"A": 1}}, "'tags' must give exactly the ranks"),
    ({"tags": dict(zip(RANK_LABELS, ["x"] * 10, strict=True))}, "tag of A must be a number"),
    ({"name": ""}, "'name' must be a non-empty text"),
    ({"balanced": "yes"}, "'balanced' must be true or false"),
])
def test_a_corrupt_document_is_refused_with_the_file_named(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        parse_system(_doc(**changes), "counts/x.json")
    assert str(caught.value).startswith("counts/x.json: ")
