"""The four games by name: ``load(name, **rules)`` makes a game, ``make_agents`` its players.

Each game package registers a :class:`~negenlab.core.registry.GameEntry` as ``ENTRY`` in its
``__init__``; nothing here knows a game's internals.

>>> from negenlab import games
>>> games.NAMES
('negen', 'fen', 'polymer', 'necklace')
>>> games.load("nope")
Traceback (most recent call last):
...
negenlab.core.errors.InvalidInputError: unknown game 'nope'; expected one of negen, fen, polymer, necklace
"""

from __future__ import annotations

import importlib
from typing import Any

from negenlab.core.agents import Agent
from negenlab.core.errors import InvalidInputError
from negenlab.core.game import Game
from negenlab.core.registry import GameEntry

NAMES = ("negen", "fen", "polymer", "necklace")


def entry(name: str) -> GameEntry:
    """The registry entry of game ``name``."""
    if name not in NAMES:
        raise InvalidInputError(f"unknown game {name!r}; expected one of {', '.join(NAMES)}")
    module = importlib.import_module(f"negenlab.{name}")
    found = getattr(module, "ENTRY", None)
    if not isinstance(found, GameEntry):
        raise InvalidInputError(f"negenlab.{name} registers no game (no ENTRY)")
    return found


def load(name: str, **rules: Any) -> Game:
    """Game ``name`` under the given Rules fields (the defaults for the rest)."""
    return entry(name).make_game(**rules)


def make_agents(name: str, specs: str | list) -> list[Agent]:
    """Agents for game ``name`` from specs such as ``"mcts:400,random"``."""
    return entry(name).make_agents(specs)


__all__ = ["NAMES", "entry", "load", "make_agents"]
