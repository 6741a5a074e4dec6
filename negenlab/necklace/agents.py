"""Necklace agents: a compiled MCTS (numba) that plays any seat, including the swap decision.

``NumbaMCTSAgent(simulations)`` runs UCT with random playouts inside numba (see
``_kernels.mcts``); the core :class:`negenlab.core.agents.MCTSAgent` also works on
Necklace and uses the compiled ``NecklaceState.playout`` automatically, but its tree lives in
Python and is much slower.

In the registry (``negenlab.games``, every ``--agents``) ``mcts`` is this compiled agent:
``mcts:N`` runs N simulations per decision, bare ``mcts`` runs :data:`DEFAULT_SIMULATIONS`. Its
budget is a number of simulations only (the search runs inside one compiled call, which keeps
no clock): ``mcts:2s`` raises :class:`~negenlab.core.registry.AgentSpecError` saying so.

>>> import numpy as np
>>> from negenlab.necklace import NecklaceGame, Rules
>>> s = NecklaceGame(Rules(size=3, swap=False)).new_initial_state()
>>> s.apply((0, 1)); s.apply((1, 0))
>>> NumbaMCTSAgent(300).step(s, np.random.default_rng(0))   # (1, 1) wins at once
(1, 1)
>>> from negenlab.core.registry import parse_agent_spec
>>> mcts_agent(parse_agent_spec("mcts:400")).describe()
{'agent': 'numba_mcts', 'simulations': 400, 'c': 1.4}
>>> mcts_agent(parse_agent_spec("mcts:2s"))
Traceback (most recent call last):
...
negenlab.core.registry.AgentSpecError: agent 'mcts:2s': Necklace's mcts is the compiled search, whose budget is simulations per decision (mcts:400; 9x9 runs several thousand a second), not seconds
"""

from __future__ import annotations

from typing import Any

import numpy as np

from negenlab.core.agents import Agent
from negenlab.core.checks import real_number, whole_number
from negenlab.core.errors import InvalidInputError
from negenlab.core.registry import AgentFactory, AgentSpec, AgentSpecError

from . import _kernels as K
from .game import SWAP, NecklaceState, State

DEFAULT_SIMULATIONS = 200  # bare "mcts", as the core registry's mcts
MAX_SIMULATIONS = 200_000
"""The compiled search allocates its whole tree up front: about 40 nodes of 35 bytes per simulation,
so 200,000 simulations take about 280 MB (a 9x9 decision of about a minute)."""
_SIMULATIONS_WHY = "the compiled search allocates its tree up front, about 1.4 KB per simulation"


def mcts_values(
    position: State, simulations: int, rng: np.random.Generator, c: float = 1.4, max_nodes: int | None = None
) -> dict:
    """``{(row, col): (visits, value)}`` at the root; value = mean reward (win 1, draw 0.5) of the
    colour to move. Also returns the number of simulations actually run under key ``"_done"``."""
    if position.over:
        raise InvalidInputError("the game is over: nothing to search")
    simulations = whole_number(simulations, "simulations", 1, MAX_SIMULATIONS, _SIMULATIONS_WHY)
    n = position.n
    if max_nodes is None:
        max_nodes = max(10_000, simulations * 40 + n * n + 1)
    max_nodes = whole_number(max_nodes, "max_nodes", 1, MAX_SIMULATIONS * 40 + n * n + 1, _SIMULATIONS_WHY)
    moves, visits, values, done, _ = K.mcts(
        position.board,
        n,
        position.to_move,
        int(simulations),
        float(c),
        K.make_rng_state(int(rng.integers(2**63))),
        int(max_nodes),
    )
    out: dict[Any, Any] = {
        divmod(int(p), n): (float(v), float(q)) for p, v, q in zip(moves, visits, values, strict=True)
    }
    out["_done"] = int(done)
    return out


class NumbaMCTSAgent(Agent):
    """UCT (c = 1.4) with ``simulations`` random playouts per move, all compiled.

    Policy: play the most visited root move. On Blue's first turn under the swap rule,
    search Blue's placements first; swap when Blue's best estimated value is below 0.5
    (then Red's side is the better one to own).
    """

    name = "numba_mcts"

    def __init__(self, simulations: int = 1000, c: float = 1.4):
        self.simulations = whole_number(simulations, "simulations", 1, MAX_SIMULATIONS, _SIMULATIONS_WHY)
        self.c = real_number(c, "c", 0, 1e6)

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "simulations": self.simulations, "c": self.c}

    def step(self, state, rng: np.random.Generator):
        position = state.position if isinstance(state, NecklaceState) else state
        actions = position.legal_actions()
        if not actions:
            raise InvalidInputError("NumbaMCTSAgent asked to act in a finished game")
        placements = [a for a in actions if a != SWAP]
        if not placements:
            return SWAP
        if len(placements) == 1 and SWAP not in actions:
            return placements[0]
        stats = mcts_values(position, self.simulations, rng, self.c)
        stats.pop("_done")
        best = max(stats.items(), key=lambda kv: kv[1][0])
        if SWAP in actions and best[1][1] < 0.5:
            return SWAP
        return best[0]


def mcts_agent(spec: AgentSpec) -> NumbaMCTSAgent:
    """The registry's ``mcts`` for Necklace: the compiled :class:`NumbaMCTSAgent` (``mcts:N``: N simulations)."""
    if spec.seconds is not None:
        raise AgentSpecError(
            f"agent {str(spec)!r}: Necklace's mcts is the compiled search, whose budget is "
            "simulations per decision (mcts:400; 9x9 runs several thousand a second), not seconds"
        )
    simulations = spec.simulations if spec.simulations is not None else DEFAULT_SIMULATIONS
    if simulations > MAX_SIMULATIONS:
        raise AgentSpecError(
            f"agent {str(spec)!r}: Necklace's mcts runs at most {MAX_SIMULATIONS} simulations per decision "
            f"({_SIMULATIONS_WHY})"
        )
    return NumbaMCTSAgent(simulations)


AGENTS: dict[str, AgentFactory] = {"mcts": mcts_agent}
