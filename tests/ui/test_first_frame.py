"""A screen's first frame is its whole frame: nothing is built again right after it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from cardtable.ui.app import CardTableApp
from cardtable.ui.widgets.common.footer import KeyFooter

from helpers import settle


def footer_keys(app: CardTableApp) -> list[str]:
    return [key.action for key in app.screen.query_one(KeyFooter).query(FooterKey)]


@pytest.mark.parametrize("game", ["blackjack", "baccarat", "poker"])
async def test_a_table_s_footer_is_built_with_the_table_and_not_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    rebuilds: list[KeyFooter] = []
    recompose = KeyFooter.recompose

    async def counted(self: KeyFooter) -> None:
        rebuilds.append(self)
        await recompose(self)

    monkeypatch.setattr(KeyFooter, "recompose", counted)
    app = CardTableApp(data_dir=tmp_path, seed=1, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "quit" in footer_keys(app) and rebuilds == []  # the lobby's keys, built once
        await pilot.press({"blackjack": "1", "baccarat": "2", "poker": "3"}[game])
        await settle(pilot)
        assert app.screen.query_one(KeyFooter) is not None
        first = list(app.screen.query_one(KeyFooter).query(FooterKey))
        assert any(key.action == "deal" for key in first)
        await settle(pilot)
        assert rebuilds == []
        assert list(app.screen.query_one(KeyFooter).query(FooterKey)) == first
