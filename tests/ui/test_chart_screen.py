"""The strategy chart screen: the derived chart's cells, the cells
that differ from the published chart marked and explained, the hand in play highlighted."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.ai.bj_chart import UP_ORDER, published_chart
from cardtable.ai.blackjack import strategy_chart
from cardtable.core.blackjack import Rules
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.chart import ChartScreen, chart_table, differences, explain_difference, row_label

from helpers import press, screen_text, settle

KINDS = ("hard", "soft", "pair")


def _parse(text: str, compact: bool) -> dict[tuple[int, int], str]:
    """{(row key index, up value): cell text} from a rendered table."""
    label, cell = (7, 3) if compact else (8, 4)
    out: dict[tuple[int, int], str] = {}
    for r, line in enumerate(text.splitlines()[2:]):
        for i, up in enumerate(UP_ORDER):
            out[(r, up)] = line[label + i * cell : label + (i + 1) * cell]
    return out


@pytest.mark.parametrize("compact", [False, True])
def test_the_tables_show_every_cell_of_the_derived_chart(compact: bool) -> None:
    chart = strategy_chart(Rules())
    diffs = differences(chart)
    for kind in KINDS:
        rows = {"hard": chart.hard, "soft": chart.soft, "pair": chart.pairs}[kind]
        text = chart_table(chart, kind, differ=set(diffs), compact=compact).plain
        lines = text.splitlines()
        keys = sorted(rows, key=lambda v: 11 if (kind == "pair" and v == 1) else v)
        assert len(lines) == 2 + len(keys)
        cells = _parse(text, compact)
        for r, key in enumerate(keys):
            assert lines[2 + r].startswith(row_label(kind, key))
            for up, code in zip(UP_ORDER, rows[key], strict=True):
                marked = (kind, key, up) in diffs
                assert cells[(r, up)].replace(" ", "") == code + ("*" if marked else ""), (kind, key, up)


def test_the_differences_with_the_published_chart_are_the_no_peek_cells() -> None:
    diffs = differences(strategy_chart(Rules()))
    # The house does not peek: doubling 11 and splitting 8s and aces against a 10 or an
    # ace risk the extra stake against a blackjack nobody checked for.
    assert diffs == {
        ("hard", 11, 10): ("Dh", "H"),
        ("pair", 1, 1): ("P", "H"),
        ("pair", 8, 1): ("P", "H"),
        ("pair", 8, 10): ("P", "H"),
    }
    assert differences(published_chart()) == {}


def test_a_difference_is_explained_from_the_analysis() -> None:
    from cardtable.ai.bj_analysis import analysis_for

    text = explain_difference(Rules(), ("pair", 8, 10), "P", "H")
    ev = analysis_for(Rules()).cell("pair", 8, 10).ev
    assert f"Hit {ev.hit:+.3f}".replace("-", "\u2212") in text
    assert f"Split {ev.split:+.3f}".replace("-", "\u2212") in text
    assert "No peek" in text and "Where the dealer peeks, Split is better" in text


async def test_the_screen_highlights_the_hand_and_explains_the_marks(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(ChartScreen(Rules(), ("pair", 8, 10)))
        await settle(pilot)
        text = screen_text(app)
        assert "Your hand, 8,8 against a 10: hit" in text
        row = next(line for line in text.splitlines() if "8,8" in line and "Your hand" not in line)
        assert "▸H* " in row  # the highlighted cell (10 column), marked as differing
        assert row.index("▸H") > row.index("8,8")
        marked = [line for line in text.splitlines() if "▸" in line and "our hand" not in line]
        assert marked == [row]  # one cell only (the hand line and the legend aside)
        screen = app.screen
        assert isinstance(screen, ChartScreen)
        assert len(screen.explanations) == 4
        await pilot.press("end")
        await settle(pilot)
        assert "No peek" in screen_text(app)
        await press(pilot, "escape")
        assert not isinstance(app.screen, ChartScreen)


async def test_at_80x24_the_tables_fit_and_scroll_to_the_hand(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChartScreen(Rules(), ("pair", 1, 1)))
        await settle(pilot)
        text = screen_text(app)
        row = next(line for line in text.splitlines() if "A,A" in line)
        assert row.rstrip().endswith("*") or "H *" in row  # the ace column is on screen
        assert "Hard totals" not in text  # scrolled down to the pairs


async def test_the_rules_screen_opens_the_chart_with_g(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "question_mark")
        assert "Strategy chart" in screen_text(app)  # in the footer
        await press(pilot, "g")
        assert isinstance(app.screen, ChartScreen)
        assert app.screen.highlight is None
        assert "Basic strategy" in screen_text(app)
        await press(pilot, "escape")
        from cardtable.ui.screens.rules import RulesScreen

        assert isinstance(app.screen, RulesScreen)


def test_under_other_rules_the_explanation_names_the_rule_that_moved_the_cell() -> None:
    rules = Rules(dealer_peeks=True, dealer_hits_soft_17=True)
    text = explain_difference(rules, ("hard", 11, 1), "H", "Dh")
    assert "published hit, here double, else hit" in text
    assert "the dealer hits soft 17" in text and "No peek" not in text


def _cells_under_10_and_a(text: str, key_row: str) -> dict[str, str]:
    """The cells under the 10 and the ace of the first table's header, in the screen row
    that starts with ``key_row``."""
    lines = text.splitlines()
    header = next(line for line in lines if " 10 A" in line)
    row = next(line for line in lines if line.lstrip().startswith(key_row + " "))
    ten = header.index(" 10 ") + 1
    width = ten - (header.index(" 9 ") + 1)
    ace = header.index(" A", ten) + 1
    return {"10": row[ten : ten + width], "A": row[ace : ace + width]}


async def test_the_difference_mark_sits_inside_the_cell_it_marks(data_dir: Path) -> None:
    """80×24: hard 11 against a 10 differs from the published chart, against an ace it
    does not; the star follows the code inside the 10's cell, the ace's cell is bare."""
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChartScreen(Rules()))
        await settle(pilot)
        cells = _cells_under_10_and_a(screen_text(app), "11")
        assert cells["10"] == "H* " and cells["A"] == "H  ", cells


async def test_at_80x24_the_chart_says_it_scrolls(data_dir: Path) -> None:
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChartScreen(Rules()))
        await settle(pilot)
        foot = screen_text(app).splitlines()[-2]  # above the footer
        assert "more below" in foot and "PgDn" in foot
        await press(pilot, "end")
        foot = screen_text(app).splitlines()[-2]
        assert "end of the chart" in foot and "PgUp" in foot
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(200, 50)) as pilot:  # everything fits: nothing to say
        app.push_screen(ChartScreen(Rules()))
        await settle(pilot)
        assert "more below" not in screen_text(app)


async def test_a_chart_closing_before_its_next_frame_is_no_error(data_dir: Path) -> None:
    """The foot line and the scroll to the hand are set after a frame; when that frame
    comes as the chart closes (escape pressed at once), its parts are already gone."""
    app = CardTableApp(data_dir=data_dir, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        chart = ChartScreen(Rules(), ("pair", 8, 10))
        app.push_screen(chart)
        await settle(pilot)
        await chart.query_one("#chart-body").remove()  # as while the screen is dismantled
        chart._say_more()
        chart._scroll_to_highlight()
        await press(pilot, "escape")
        assert not isinstance(app.screen, ChartScreen)
