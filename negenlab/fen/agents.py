"""FEN agents. Random and MCTS come from the core; :class:`GreedyAgent` is FEN-specific.

By name (``negenlab.games.make_agents("fen", "greedy,mcts:400")``): ``random``, ``greedy`` and
``mcts`` (the core UCT search, ``mcts:N`` simulations or ``mcts:Ns`` seconds per micro-action;
its playouts are FEN's compiled ones, :meth:`FenState.playout`). :data:`AGENTS` holds the
names FEN adds to the core's.

>>> import numpy as np
>>> from negenlab.fen import FenGame, tilings
>>> from negenlab.fen.agents import GreedyAgent
>>> s = FenGame(tilings.triangle(3)).new_initial_state()
>>> a = GreedyAgent().step(s, np.random.default_rng(0))
>>> a in s.legal_actions()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from negenlab.core.agents import Agent, MCTSAgent, RandomAgent
from negenlab.core.registry import AgentFactory, AgentSpec, AgentSpecError

if TYPE_CHECKING:
    from .game import FenState

__all__ = ["GreedyAgent", "RandomAgent", "MCTSAgent", "AGENTS"]


class GreedyAgent(Agent):
    """One-step greedy FEN player.

    Policy, per micro-action: capture an eligible face when able (lowest-numbered first, and keep
    capturing until none is left); otherwise claim the node or edge that makes the most faces
    newly eligible for the player (a face reaches k of its 2k components), ties broken by the
    largest total progress ``sum(owned components / k)`` over the item's empty faces that the
    opponent cannot already capture, then uniformly at random. Never swaps under the pie rule.
    """

    name = "greedy"

    def step(self, state: FenState, rng: np.random.Generator):  # type: ignore[override]
        legal = state.legal_actions()
        b = state.b
        faces = [a for a in legal if b.FACE0 <= a < b.SWAP]
        if faces:
            return faces[0]
        claims = [a for a in legal if a < b.FACE0]
        if not claims:
            return (
                legal[int(rng.integers(len(legal)))]
                if b.SWAP not in legal or len(legal) == 1
                else [a for a in legal if a != b.SWAP][0]
            )
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


def _greedy(spec: AgentSpec) -> Agent:
    if spec.simulations is not None or spec.seconds is not None:
        raise AgentSpecError(f"agent {str(spec)!r}: greedy takes no budget")
    return GreedyAgent()


AGENTS: dict[str, AgentFactory] = {"greedy": _greedy}
