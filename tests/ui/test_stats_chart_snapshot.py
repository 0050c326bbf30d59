"""The bankroll chart drawn from known data (a golden screen).

Twelve rounds with a refill after the ninth: the line, the axes, the refill marker.
"""

from __future__ import annotations

from textual.app import App, ComposeResult

from cardtable.store import BankrollPoint
from cardtable.ui.widgets.history.charts import BankrollChart, chart_data

NETS = [500, -2000, -5000, 1000, -10_000, -50_000, 2500, -30_000, -7_000, 1000, 2000, -500]


def known_data():  # type: ignore[no-untyped-def]
    points = []
    bankroll = 100_000
    for i, net in enumerate(NETS, 1):
        bankroll += net
        if i == 10:  # the refill after round 9 lifted the bankroll to 1,000 first
            bankroll = 100_000 + net
        points.append(BankrollPoint(i, "blackjack", f"2026-11-30T10:{i:02d}:00Z", net, bankroll))
    refill = (9, "2026-11-30T10:09:30Z", 100_000 - points[8].bankroll)  # type: ignore[operator]
    return chart_data(points, [refill], 100_000)


class ChartApp(App[None]):
    def compose(self) -> ComposeResult:
        yield BankrollChart(known_data())


def test_known_data_places_the_refill_where_it_lifted_the_bankroll() -> None:
    data = known_data()
    assert data.rounds == tuple(range(1, 13))
    assert data.refills == ((9, 1000.0),)
    assert data.bankroll[-1] == (100_000 + 1000 + 2000 - 500) / 100


def test_bankroll_chart_snapshot(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ChartApp(), terminal_size=(80, 24))
