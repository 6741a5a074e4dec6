"""Necklace agents: a compiled MCTS (numba) that plays any seat, including the swap decision.

``NumbaMCTSAgent(simulations)`` runs UCT with random playouts inside numba (see
``_kernels.mcts``); the core :class:`negenlab.core.agents.MCTSAgent` also works on
Necklace and uses the compiled ``GameState.playout`` automatically, but its tree lives in
Python and is much slower.

>>> import numpy as np
>>> from negenlab.necklace import State, Necklace
>>> s = Necklace(3, swap=False).new_initial_state()
>>> s.apply((0, 1)); s.apply((1, 0))
>>> NumbaMCTSAgent(300).step(s, np.random.default_rng(0))   # (1, 1) wins at once
(1, 1)
"""
from __future__ import annotations

from typing import Any

import numpy as np

from negenlab.core.agents import Agent
from negenlab.core.errors import InvalidInputError

from . import _kernels as K
from .engine import SWAP, GameState, State


def mcts_values(position: State, simulations: int, rng: np.random.Generator, c: float = 1.4,
                max_nodes: int | None = None) -> dict:
    """``{(row, col): (visits, value)}`` at the root; value = mean reward (win 1, draw 0.5) of the
    colour to move. Also returns the number of simulations actually run under key ``"_done"``."""
    if position.over:
        raise InvalidInputError("the game is over: nothing to search")
    n = position.n
    if max_nodes is None:
        max_nodes = max(10_000, simulations * 40 + n * n + 1)
    moves, visits, values, done, _ = K.mcts(position.board, n, position.to_move, int(simulations), float(c),
                                            K.make_rng_state(int(rng.integers(2**63))), int(max_nodes))
    out: dict[Any, Any] = {divmod(int(p), n): (float(v), float(q)) for p, v, q in zip(moves, visits, values)}
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
        if simulations < 1:
            raise InvalidInputError(f"simulations must be >= 1, got {simulations}")
        self.simulations = int(simulations)
        self.c = float(c)

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "simulations": self.simulations, "c": self.c}

    def step(self, state, rng: np.random.Generator):
        position = state.position if isinstance(state, GameState) else state
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
