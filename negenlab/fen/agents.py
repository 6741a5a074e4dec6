"""FEN agents. Random and MCTS come from the core; :class:`GreedyAgent` is FEN-specific.

>>> import numpy as np
>>> from negenlab.fen import Fen, tilings
>>> from negenlab.fen.agents import GreedyAgent
>>> s = Fen(tilings.triangle(3)).new_initial_state()
>>> a = GreedyAgent().step(s, np.random.default_rng(0))
>>> a in s.legal_actions()
True
"""
from __future__ import annotations

from typing import Any

import numpy as np

from negenlab.core.agents import Agent, MCTSAgent, RandomAgent

from .engine import FenState

__all__ = ["GreedyAgent", "RandomAgent", "MCTSAgent", "make_agent", "AGENTS"]


class GreedyAgent(Agent):
    """One-step greedy FEN player.

    Policy, per micro-action: capture an eligible face when able (lowest-numbered first, and keep
    capturing until none is left); otherwise claim the node or edge that makes the most faces
    newly eligible for the player (a face reaches k of its 2k components), ties broken by the
    largest total progress ``sum(owned components / k)`` over the item's empty faces that the
    opponent cannot already capture, then uniformly at random. Never swaps under the pie rule.
    """

    name = "greedy"

    def step(self, state: FenState, rng: np.random.Generator):
        legal = state.legal_actions()
        b = state.b
        faces = [a for a in legal if b.FACE0 <= a < b.SWAP]
        if faces:
            return faces[0]
        claims = [a for a in legal if a < b.FACE0]
        if not claims:
            return legal[int(rng.integers(len(legal)))] if b.SWAP not in legal or len(legal) == 1 else \
                [a for a in legal if a != b.SWAP][0]
        c = state.colour
        cnt = state.cnt[c]
        other = state.elig[1 - c]
        owner = state.owner
        need = b.need
        F0 = b.FACE0
        best, best_key = [], None
        for a in claims:
            newly = 0
            progress = 0.0
            for f in b.item_faces[a]:
                if owner[F0 + f] >= 0:
                    continue
                if cnt[f] + 1 == need[f]:
                    newly += 1
                if f not in other and cnt[f] < need[f]:
                    progress += (cnt[f] + 1) / need[f]
            key = (newly, round(progress, 9))
            if best_key is None or key > best_key:
                best, best_key = [a], key
            elif key == best_key:
                best.append(a)
        return best[int(rng.integers(len(best)))]


AGENTS = ("random", "greedy", "mcts")


def make_agent(name: str, simulations: int = 200) -> Agent:
    """An agent by name: ``random``, ``greedy`` or ``mcts`` (UCT with ``simulations`` playouts per action)."""
    from negenlab.core.errors import InvalidInputError

    if name == "random":
        return RandomAgent()
    if name == "greedy":
        return GreedyAgent()
    if name == "mcts":
        return MCTSAgent(simulations=simulations)
    raise InvalidInputError(f"unknown agent {name!r}; expected one of {', '.join(AGENTS)}")


def describe_agents(agents) -> list[dict[str, Any]]:
    return [a.describe() for a in agents]
