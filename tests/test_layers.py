"""The card room's interface: screens know :class:`CardRoom`, not the App that opens them."""

from __future__ import annotations

import grimp

from cardtable.ui.app import CardTableApp
from cardtable.ui.room import CardRoom


def test_the_app_implements_every_member_of_the_card_room() -> None:
    declared = {name for name, value in vars(CardRoom).items() if getattr(value, "__isabstractmethod__", False)}
    assert {"settings", "save_settings", "make_shoe", "open_game", "report_store_error"} <= declared
    left = sorted(name for name in declared if getattr(getattr(CardTableApp, name), "__isabstractmethod__", False))
    assert left == []


def test_only_the_command_line_imports_the_app_class() -> None:
    graph = grimp.build_graph("cardtable")
    importers = graph.find_modules_that_directly_import("cardtable.ui.app")
    assert importers == {"cardtable.cli.command", "cardtable.cli.net"}


def test_the_card_room_leads_to_no_screen_and_not_to_the_app() -> None:
    graph = grimp.build_graph("cardtable")
    reached = graph.find_upstream_modules("cardtable.ui.room")  # everything it imports, however far
    assert not reached & (graph.find_descendants("cardtable.ui.screens") | {"cardtable.ui.app"})
