"""The row of machines on offer, read from ``assets/paytables`` (one JSON file per machine).

The core defines what a machine is (:class:`~cardtable.core.poker_machines.Machine`)
and reads one shipped file (:func:`~cardtable.core.poker_machines.shipped_machine`);
this module loads the room's machines with it, in the order the room shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..resources import asset_path

if TYPE_CHECKING:  # imported when the machines are loaded: the lobby needs only their order
    from ..core.poker_machines import Machine

__all__ = ["MACHINE_ORDER", "load_machines", "machine_named", "UnknownMachine"]

#: The row of machines, left to right (file names in assets/paytables without .json).
MACHINE_ORDER = (
    "jacks-or-better-9-6",
    "bonus-poker-8-5",
    "double-double-bonus-9-6",
    "deuces-wild",
    "joker-poker",
)


class UnknownMachine(ValueError):
    """No machine has that name; the message lists the machines."""


@lru_cache(maxsize=1)
def load_machines() -> Mapping[str, Machine]:
    """Every machine by key, in :data:`MACHINE_ORDER`. A missing or bad file is an error:
    the pay tables ship with the program."""
    from ..core.poker_machines import shipped_machine

    machines: dict[str, Machine] = {}
    for key in MACHINE_ORDER:
        machine = shipped_machine(key)
        if machine.key != key:
            raise ValueError(f"{asset_path('paytables', key + '.json')} names itself {machine.key!r}")
        machines[key] = machine
    return MappingProxyType(machines)


def machine_named(name: str) -> Machine:
    """The machine whose key (or name, any case) is ``name``; :class:`UnknownMachine` otherwise."""
    wanted = name.strip().lower()
    for machine in load_machines().values():
        if wanted in (machine.key, machine.name.lower()):
            return machine
    raise UnknownMachine(f"unknown machine {name!r}; the machines are: {', '.join(MACHINE_ORDER)}")


def default_machine() -> Machine:
    """The house's first machine (9/6 Jacks or Better)."""
    from ..core.poker_machines import JACKS_OR_BETTER

    return load_machines().get(JACKS_OR_BETTER.key, JACKS_OR_BETTER)
