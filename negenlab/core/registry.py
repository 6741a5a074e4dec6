"""One agent spec for every game and CLI, and the registry behind ``negenlab.games``.

An agent spec is a name with an optional budget: ``random``, ``greedy``, ``mcts:400``
(simulations per decision) or ``mcts:2s`` (seconds per decision). Every game understands
``random`` and ``mcts``; a game registers its own names (``greedy``, Polymer's trading
policies, ...) in its ``GameEntry``.

>>> from negenlab.core.registry import parse_agent_spec, parse_agent_specs
>>> parse_agent_spec("mcts:400")
AgentSpec(name='mcts', simulations=400, seconds=None)
>>> str(parse_agent_spec("mcts:2s")), [str(s) for s in parse_agent_specs("greedy, random")]
('mcts:2s', ['greedy', 'random'])
>>> parse_agent_spec("mcts:lots")
Traceback (most recent call last):
...
negenlab.core.registry.AgentSpecError: agent 'mcts:lots': the budget 'lots' is neither a number of simulations (400) nor seconds (2s)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents import (
    MAX_SECONDS,
    MAX_SIMULATIONS,
    MIN_SECONDS,
    SECONDS_WHY,
    SIMULATIONS_WHY,
    Agent,
    MCTSAgent,
    RandomAgent,
)
from .errors import InvalidInputError
from .game import Game

_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")


class AgentSpecError(InvalidInputError):
    """An agent spec that cannot be read, or names an agent the game does not have."""


@dataclass(frozen=True)
class AgentSpec:
    """An agent by name, with a budget in simulations or seconds (or neither)."""

    name: str
    simulations: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        if self.simulations is not None:
            return f"{self.name}:{self.simulations}"
        if self.seconds is not None:
            return f"{self.name}:{self.seconds:g}s"
        return self.name


def parse_agent_spec(text: str | AgentSpec) -> AgentSpec:
    """Read ``name`` or ``name:budget`` (budget: ``400`` simulations or ``2s`` / ``0.5s`` seconds)."""
    if isinstance(text, AgentSpec):
        return text
    raw = str(text).strip()
    name, colon, budget = raw.partition(":")
    name = name.strip().lower()
    if colon and not budget.strip():
        raise AgentSpecError(
            f"agent {raw!r}: nothing after ':'; give a budget (mcts:400 simulations, mcts:2s seconds) or none (mcts)"
        )
    if not _NAME.match(name):
        raise AgentSpecError(
            f"agent {raw!r}: expected a name such as random, greedy or mcts, "
            "optionally with a budget (mcts:400, mcts:2s)"
        )
    if not budget:
        return AgentSpec(name)
    budget = budget.strip()
    seconds = budget.endswith("s")
    try:
        value = float(budget[:-1]) if seconds else int(budget)
    except ValueError:
        raise AgentSpecError(
            f"agent {raw!r}: the budget {budget!r} is neither a number of simulations (400) nor seconds (2s)"
        ) from None
    if seconds:
        if not (math.isfinite(value) and MIN_SECONDS <= value <= MAX_SECONDS):
            raise AgentSpecError(
                f"agent {raw!r}: a budget in seconds must be a finite number >= {MIN_SECONDS:g} (a smaller one "
                f"ends before one simulation) and <= {MAX_SECONDS:g} ({SECONDS_WHY}), got {budget[:-1]!r}"
            )
        return AgentSpec(name, seconds=value)
    if not 1 <= value <= MAX_SIMULATIONS:
        raise AgentSpecError(
            f"agent {raw!r}: a budget in simulations must be 1..{MAX_SIMULATIONS} ({SIMULATIONS_WHY}), got {budget}"
        )
    return AgentSpec(name, simulations=int(value))


def parse_agent_specs(text: str) -> list[AgentSpec]:
    """A comma-separated list of specs, one per seat: ``"mcts:200, random, random"``."""
    parts = [p for p in str(text).split(",") if p.strip()]
    if not parts:
        raise AgentSpecError(f"agents {text!r}: expected one spec per seat separated by commas, e.g. random,mcts:200")
    return [parse_agent_spec(p) for p in parts]


AgentFactory = Callable[[AgentSpec], Agent]


def _mcts(spec: AgentSpec) -> Agent:
    if spec.simulations is None and spec.seconds is None:
        return MCTSAgent(simulations=200)
    return MCTSAgent(simulations=spec.simulations, seconds=spec.seconds)


def _random(spec: AgentSpec) -> Agent:
    if spec.simulations is not None or spec.seconds is not None:
        raise AgentSpecError(f"agent {str(spec)!r}: random takes no budget")
    return RandomAgent()


CORE_AGENTS: dict[str, AgentFactory] = {"random": _random, "mcts": _mcts}


@dataclass(frozen=True)
class GameEntry:
    """What a game registers: how to make its game from Rules fields, and its agents by name.

    ``agents`` extend (or replace) the core ``random`` and ``mcts``; ``default_agent`` is what
    a seat gets when a command names no agent. ``players`` says in plain words what each player
    name means (the pages' glossary); ``title`` is the game's title, as :data:`negenlab.games.TITLES`
    lists it (the tests hold the two equal; a plug-in without one is titled by its name).
    ``claims`` is a plug-in's claims file (the columns of ``data/<game>/claims.csv``), None when it
    has none; the built-ins keep theirs in ``data/<game>``.

    A plug-in game's package declares its entry in the entry-point group ``negenlab.games``; a
    notebook registers one with :func:`negenlab.games.register`.
    """

    name: str
    make_game: Callable[..., Game]
    agents: dict[str, AgentFactory] = field(default_factory=dict)
    default_agent: str = "random"
    title: str = ""
    players: dict[str, str] = field(default_factory=dict)
    claims: str | Path | None = None

    def agent_names(self) -> list[str]:
        return sorted({**CORE_AGENTS, **self.agents})

    def make_agent(self, spec: str | AgentSpec) -> Agent:
        """The agent a spec names, for this game."""
        spec = parse_agent_spec(spec)
        factories: dict[str, AgentFactory] = {**CORE_AGENTS, **self.agents}
        if spec.name not in factories:
            raise AgentSpecError(
                f"{self.name} has no agent {spec.name!r}; expected one of "
                f"{', '.join(self.agent_names())} (with a budget for mcts: mcts:400, mcts:2s)"
            )
        return factories[spec.name](spec)

    def make_agents(self, specs: str | list[Any]) -> list[Agent]:
        """One agent per seat from ``"a,b,c"`` or a list of specs."""
        if not isinstance(specs, str | list | tuple):
            raise AgentSpecError(f"agents are specs such as 'random,mcts:200' or a list of them, got {specs!r}")
        items = parse_agent_specs(specs) if isinstance(specs, str) else [parse_agent_spec(s) for s in specs]
        return [self.make_agent(s) for s in items]

    def seat_agents(self, specs: str | None, players: int) -> list[Agent]:
        """The agents of a game of ``players`` seats from ``"a,b,c"`` (one per seat) or one spec
        that fills every seat (default: :attr:`default_agent`).

        >>> from negenlab.core.examples import Nim
        >>> nim = GameEntry("nim", make_game=lambda: Nim((1, 2)))
        >>> [a.name for a in nim.seat_agents("random", 2)], [a.name for a in nim.seat_agents("mcts:50,random", 2)]
        (['random', 'random'], ['mcts', 'random'])
        """
        if specs is not None and not str(specs).strip():
            raise AgentSpecError(
                "--agents is empty; give a spec such as random or mcts:200 (or leave it out for the default)"
            )
        seats = parse_agent_specs(specs or self.default_agent)
        if len(seats) == 1:
            seats = seats * players
        if len(seats) != players:
            raise AgentSpecError(
                f"--agents names {len(seats)} agents for {players} seats; give one for all or one per seat"
            )
        return [self.make_agent(s) for s in seats]


__all__ = ["AgentSpec", "AgentSpecError", "GameEntry", "CORE_AGENTS", "parse_agent_spec", "parse_agent_specs"]
