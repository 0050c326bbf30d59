"""The row of machines at the draw-poker table: which machine the table sits at.

The machines are the shipped pay tables (``assets/paytables``): ``m`` or a click on the
machine line walks to the next one between hands, remembered in the settings; a hand is
always paid (and resumed) by the machine it was dealt on. The machine line shows each
machine's return as this program computed it (:mod:`~cardtable.ui.widgets.poker.machines`).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.poker_machines import JACKS_OR_BETTER, Machine
from ...core.poker_table import PokerTable
from ..widgets.poker import machines as room
from ..widgets.poker.layout import PokerLayout
from ..widgets.poker.machines import machines_on_offer
from ..widgets.poker.view import PokerView
from .base import GameScreen

__all__ = ["PokerMachines"]


class PokerMachines(GameScreen):
    """The machine choice of the draw-poker table (the screen holds the view)."""

    view: PokerView
    _layout: PokerLayout

    def _machines_setup(self) -> None:
        #: The machines on offer, by key, left to right.
        self.machines = machines_on_offer()

    @property
    def pay_table(self) -> Machine:
        """The machine the table sits at (its pay table, its deck)."""
        return self.view.table.machine

    def _chosen_machine(self) -> Machine:
        """The machine the settings remember (9/6 Jacks or Better if it is not on offer)."""
        key = self.app.settings.poker_machine
        return self.machines.get(key, self.machines.get(JACKS_OR_BETTER.key, JACKS_OR_BETTER))

    def _table_for(self, machine: Machine) -> PokerTable:
        settings = self.app.settings
        return PokerTable(int(settings.poker_coin), int(settings.poker_exchanges), machine)

    def _on_offer(self) -> dict[str, Machine]:
        """The machines a saved hand may name, by name (the record keeps name and key)."""
        offer = {machine.name: machine for machine in self.machines.values()}
        offer.setdefault(JACKS_OR_BETTER.name, JACKS_OR_BETTER)
        return offer

    def action_next_machine(self) -> None:
        """Walk to the next machine in the row (between hands); the choice is remembered."""
        if self.view.allows("next_machine") is not True:
            return
        keys = list(self.machines)
        current = self.pay_table.key
        following = keys[(keys.index(current) + 1) % len(keys)] if current in keys else keys[0]
        self.choose_machine(following)

    def choose_machine(self, key: str) -> None:
        """Sit at machine ``key``: its pay table, its deck; saved in the settings."""
        machine = self.machines.get(key)
        if machine is None or self.view.allows("next_machine") is not True:
            return
        settings = self.app.settings
        if settings.poker_machine != key:
            self.app.save_settings(replace(settings, poker_machine=key))
        table = self._table_for(machine)
        self.view = replace(
            self.view, table=table, coins=min(self.view.coins, table.max_coins), tip=None, advice=None
        )
        self._show_machine()

    def _show_machine(self) -> None:
        """The pay table's size, and the machine's return as computed (or being computed)."""
        machine = self.pay_table
        paytable = self._layout.paytable
        paytable.table = machine
        self.set_class(paytable.compact or len(machine.order) > 9, "-tall-paytable")
        folder = self.app.store.path.parent
        figure = room.returns(folder).get(machine.key)
        self._layout.machine.figure = figure if figure is not None else room.progress_text(folder)
        # the machine's price tables for the tip, built in a thread (a few hundred ms the
        # first time; a tip then answers within its 50 ms)
        self.run_worker(lambda: room.warm_advice(machine), thread=True, group="warm-advice")

    def returns_changed(self) -> None:
        """The background analysis has a new figure (or has stopped): show it."""
        if self.is_mounted:
            self._show_machine()
