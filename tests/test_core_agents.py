"""Agents: random is uniform, MCTS finds the moves an exact Nim solver finds."""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

from negenlab.core import InvalidInputError, MCTSAgent, RandomAgent
from negenlab.core.examples import DiceRace, Nim, NimState


@functools.cache
def _wins_to_move(heaps: tuple[int, ...]) -> bool:
    """Exact minimax (independent of Nim-sum theory): does the player to move win?"""
    for i, h in enumerate(heaps):
        for t in range(1, h + 1):
            nxt = tuple(sorted(heaps[:i] + (h - t,) + heaps[i + 1 :]))
            if not _wins_to_move(nxt):
                return True
    return False


def test_random_agent_is_uniform():
    s = Nim((4,)).new_initial_state()
    rng = np.random.default_rng(3)
    picks = [RandomAgent().step(s, rng) for _ in range(4000)]
    counts = np.array([picks.count((0, t)) for t in range(1, 5)])
    assert counts.min() > 850 and counts.max() < 1150


def winning_positions():
    out = []
    for heaps in itertools.product(range(4), repeat=3):
        if sum(heaps) and _wins_to_move(tuple(sorted(heaps))):
            out.append(heaps)
    return out


@pytest.mark.parametrize("heaps", winning_positions()[:12])
def test_mcts_plays_a_winning_move_in_nim(heaps):
    state = NimState(list(heaps), 0)
    action = MCTSAgent(simulations=1500).step(state, np.random.default_rng(sum(heaps)))
    after = list(heaps)
    after[action[0]] -= action[1]
    assert not _wins_to_move(tuple(sorted(after))), f"{heaps}: {action} leaves a winning position"


def test_mcts_multiplayer_with_chance_runs_and_is_reproducible():
    game = DiceRace(12, 3)
    agent = MCTSAgent(simulations=60)
    s = game.new_initial_state()
    s.apply(4)  # chance: rolled a 4
    a1 = agent.step(s, np.random.default_rng(5))
    a2 = agent.step(s, np.random.default_rng(5))
    assert a1 == a2 and a1 in ("bank", "roll")
    values = agent.action_values(s, np.random.default_rng(5))
    assert sum(v for v, _ in values.values()) == 60


def test_mcts_seconds_budget():
    agent = MCTSAgent(simulations=None, seconds=0.05)
    agent.step(Nim((3, 4, 5)).new_initial_state(), np.random.default_rng(0))
    assert agent.last_search["simulations"] > 0


def test_mcts_uses_a_game_playout_when_present():
    calls = []

    class FastNimState(NimState):
        def clone(self):
            return FastNimState(list(self.heaps), self.player)

        def playout(self, rng):
            calls.append(1)
            return [0.0, 0.0]

    FastNimState([2, 2], 0)
    MCTSAgent(simulations=20).step(FastNimState([2, 2], 0), np.random.default_rng(0))
    assert calls


@pytest.mark.parametrize("kwargs", [{"simulations": None}, {"simulations": 0}, {"seconds": -1}])
def test_mcts_rejects_bad_budgets(kwargs):
    with pytest.raises(InvalidInputError):
        MCTSAgent(**kwargs)


def test_an_agent_says_why_it_chose_its_move():
    rng = np.random.default_rng(0)
    agent, state = MCTSAgent(simulations=400), Nim((1, 2, 4)).new_initial_state()
    move = agent.step(state, rng)
    line = agent.explain(state, move)
    top = agent.last_search["top"]
    assert top[0][0] == move and f"{state.action_to_string(move)}: {top[0][1]} visits" in line and "(chosen)" in line
    assert "after 400 simulations" in line and sum(v for _, v, _ in top) <= 400
    only = Nim((1,)).new_initial_state()  # one legal move: no search, and no stale explanation
    assert "no search" in agent.explain(only, agent.step(only, rng))
    assert RandomAgent().explain(state, move).startswith("random chose (2, 1): uniformly random")
