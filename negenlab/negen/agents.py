"""Agents for :class:`negenlab.negen.game.Negen` (a decision = a whole turn, see game.py).

>>> import numpy as np
>>> from negenlab.negen.game import Negen
>>> from negenlab.negen.rules import Rules
>>> from negenlab.negen.agents import GreedyAgent
>>> s = Negen(Rules(target_score=1)).new_initial_state()
>>> rng = np.random.default_rng(0)
>>> while s.is_chance_node(): s.apply(s.sample_chance(rng))
>>> s.apply(GreedyAgent().step(s, rng)); s.history[-1][0]
0
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from negenlab.core.agents import Agent, MCTSAgent
from negenlab.core.errors import InvalidInputError

from .rules import Rules
from .turns import components


class RandomTurnAgent(Agent):
    """Policy: a uniformly random legal action. At a turn that is a uniformly random end-of-turn
    table among the turns the game offers (refusal included); after a refusal a uniformly random
    choice among the distinct sub-multisets of the board to re-roll."""

    name = "random"

    def step(self, state, rng: np.random.Generator):
        actions = state.legal_actions()
        if not actions:
            raise InvalidInputError("RandomTurnAgent asked to act with no legal action")
        return actions[int(rng.integers(len(actions)))]


@lru_cache(maxsize=20_000)
def _threat(key: tuple, shape: str, coverage: str, max_added: int) -> float:
    from .odds import closing_odds
    from .table import Table

    table = Table({(r, c): v for r, c, v in key})
    return float(closing_odds(table, Rules(sequence_shape=shape, coverage=coverage), max_added=max_added).probability)


def closing_threat(key: tuple, rules: Rules, max_added: int = 2) -> float:
    """Probability that a fresh random board of 4 dice can close a spiral of the table ``key`` by
    adding at most ``max_added`` dice (``negenlab.negen.odds.closing_odds``; cached)."""
    return _threat(key, rules.sequence_shape, rules.coverage, max_added)


class GreedyAgent(Agent):
    """Policy: close a spiral when any offered turn closes one (the first such turn). Otherwise
    rank the non-closing turns by a cheap pre-score (most dice added, then fewest spirals left),
    keep the best ``shortlist`` of them, and play the one that leaves the next player the lowest
    chance to close, measured with the exact odds of "Negen spirals" (``closing_odds`` with
    ``max_added`` dice, a fresh random board); ties go to the pre-score order. After a refusal it
    re-rolls nothing."""

    name = "greedy"

    def __init__(self, shortlist: int = 6, max_added: int = 2):
        if shortlist < 1:
            raise InvalidInputError(f"shortlist must be >= 1, got {shortlist}")
        if not 1 <= max_added <= 4:
            raise InvalidInputError(f"max_added must be 1..4, got {max_added}")
        self.shortlist = shortlist
        self.max_added = max_added

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "shortlist": self.shortlist, "max_added": self.max_added}

    def step(self, state, rng: np.random.Generator):
        actions = state.legal_actions()
        if not actions:
            raise InvalidInputError("GreedyAgent asked to act with no legal action")
        if state.phase == "reroll":
            return ("reroll", ())
        turns = [(a, state.turn_of(a)) for a in actions]
        for a, t in turns:
            if t.closed:
                return a
        ranked = sorted(turns, key=lambda at: (-at[1].added, len(components(at[1].table)), at[1].key))
        best, best_score = None, None
        for a, t in ranked[:self.shortlist]:
            score = closing_threat(t.key, state.rules, self.max_added)
            if best_score is None or score < best_score:
                best, best_score = a, score
        return best


def _leaf_value(state, rng) -> list[float]:
    """Leaves that are not terminal are worth 0 to everybody (the search sees closes only)."""
    return [0.0] * state.num_players


class NegenMCTSAgent(MCTSAgent):
    """Policy: UCT Monte-Carlo tree search over whole turns (core ``MCTSAgent``), the dice rolls
    (refills, re-rolls, refusal dice) sampled at chance nodes with the search's own Generator.
    A leaf that is not the end of the game is valued 0 for every player (no rollout: a rollout
    would search turns dozens of times), so within its horizon it plays a closing turn and
    avoids turns after which a sampled opponent reply closes. Budget: ``simulations``."""

    name = "mcts"

    def __init__(self, simulations: int = 40, c: float = 1.4):
        super().__init__(simulations=simulations, c=c, evaluator=_leaf_value)

    def step(self, state, rng: np.random.Generator):
        if state.phase == "reroll":
            return ("reroll", ())
        for a in state.legal_actions():  # a sure win needs no search
            t = state.turn_of(a)
            if t is not None and t.closed:
                return a
        return super().step(state, rng)


AGENTS = {"random": RandomTurnAgent, "greedy": GreedyAgent, "mcts": NegenMCTSAgent}


def make_agent(name: str, **kwargs) -> Agent:
    """An agent by name: ``random``, ``greedy`` or ``mcts``."""
    if name not in AGENTS:
        raise InvalidInputError(f"unknown Negen agent {name!r}; expected one of {sorted(AGENTS)}")
    return AGENTS[name](**kwargs)


__all__ = ["RandomTurnAgent", "GreedyAgent", "NegenMCTSAgent", "closing_threat", "make_agent", "AGENTS"]
