"""The conformance check (negenlab.core.testing.check_game) passes on every game of negenlab, the
examples included, and names each way a game can break the protocol."""

from __future__ import annotations

import dataclasses

import pytest

from negenlab import games
from negenlab.core.errors import IllegalMoveError
from negenlab.core.examples import DiceRace, Nim, NimState
from negenlab.core.testing import ConformanceError, check_game

SMALL = {
    "negen": {"target_score": 1},
    "fen": {"board": "triangle:3"},
    "polymer": {"players": 5},
    "necklace": {"size": 4},
}


@pytest.mark.parametrize("name", games.NAMES)
def test_every_game_keeps_the_protocol(name):
    assert check_game(games.load(name, **SMALL[name]), playouts=3)["positions"] > 0


def test_the_examples_keep_the_protocol():
    assert check_game(Nim((1, 2, 3)))["playouts"] == 20 and check_game(DiceRace(), playouts=5)["positions"] > 0


class SharedClone(NimState):
    def clone(self):
        return self  # the copy is the original


class Unfrozen(Nim):
    def __init__(self):
        super().__init__((1, 2))
        self.rules = dataclasses.make_dataclass("R", [("heaps", tuple)])((1, 2))


class Broken(Nim):
    """Nim whose states share themselves as clones, list a move twice, and accept any action."""

    def new_initial_state(self):
        state = super().new_initial_state()
        state.__class__ = BrokenState
        return state


class BrokenState(SharedClone):
    def legal_actions(self):
        actions = super().legal_actions()
        return actions + actions[:1] if actions else actions

    def apply(self, action):
        if action not in super().legal_actions():
            return  # an illegal action accepted silently
        super().apply(action)


def test_each_way_of_breaking_the_protocol_is_named():
    with pytest.raises(ConformanceError) as caught:
        check_game(Broken((1, 2)), playouts=2)
    message = str(caught.value)
    for words in ("changed the original state", "lists an action twice", "applied without an error"):
        assert words in message, message
    with pytest.raises(ConformanceError, match="not frozen"):
        check_game(Unfrozen(), playouts=1)
    with pytest.raises(ConformanceError, match="expected a negenlab.core.game.Game"):
        check_game("nim")


def test_the_illegal_action_probe_accepts_the_games_own_error():
    state = Nim((1, 2)).new_initial_state()
    with pytest.raises(IllegalMoveError):
        state.apply(("not", "an", "action"))
