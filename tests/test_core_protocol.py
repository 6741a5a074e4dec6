"""The game protocol and the reference games that drive the core tests."""

from __future__ import annotations

import math

import numpy as np
import pytest

from negenlab.core import CHANCE, TERMINAL, IllegalMoveError, InvalidInputError, play_random_game
from negenlab.core.examples import DiceRace, Nim


def test_nim_walkthrough():
    s = Nim((1, 2)).new_initial_state()
    assert s.current_player == 0
    assert s.legal_actions() == [(0, 1), (1, 1), (1, 2)]
    s.apply((1, 1))
    assert s.current_player == 1 and s.heaps == [1, 1]
    s.apply((0, 1))
    s.apply((1, 1))
    assert s.is_terminal() and s.current_player == TERMINAL
    assert s.returns() == [1.0, -1.0]  # player 0 took the last object
    assert s.winner() == 0


def test_clone_is_independent():
    s = Nim((3,)).new_initial_state()
    c = s.clone()
    c.apply((0, 2))
    assert s.heaps == [3] and c.heaps == [1]


@pytest.mark.parametrize("action", [(0, 0), (0, 4), (5, 1)])
def test_illegal_moves_name_the_problem(action):
    s = Nim((3,)).new_initial_state()
    with pytest.raises(IllegalMoveError, match="cannot take"):
        s.apply(action)


def test_bad_game_arguments():
    with pytest.raises(InvalidInputError, match="non-negative"):
        Nim((-1, 2))
    with pytest.raises(InvalidInputError, match="at least 2 players"):
        DiceRace(players=1)


def test_chance_nodes_are_explicit():
    s = DiceRace(10, 2).new_initial_state()
    assert s.current_player == CHANCE and s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    rng = np.random.default_rng(0)
    draws = [s.sample_chance(rng) for _ in range(600)]
    counts = np.bincount(draws, minlength=7)[1:]
    assert counts.min() > 60  # each face appears; a fair die gives about 100


def test_random_games_replay_from_seed():
    a = play_random_game(DiceRace(15, 3), np.random.default_rng(42))
    b = play_random_game(DiceRace(15, 3), np.random.default_rng(42))
    assert a.scores == b.scores and a.turns == b.turns
    assert a.is_terminal()


def test_describe_records_rules():
    d = Nim((1, 2)).describe()
    assert d == {"game": "nim", "num_players": 2, "rules": {"heaps": [1, 2]}}
