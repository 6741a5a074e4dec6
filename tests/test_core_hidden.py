"""Hidden information stays hidden from the agents that lack it: the core MCTS searches worlds drawn from
what its seat sees (``resample_from_infostate``), refuses a state that hides information and draws no
worlds, and the conformance check holds a game of hidden information to that (issue 54, item 7)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from negenlab.core.agents import HiddenInformationError, MCTSAgent
from negenlab.core.errors import IllegalMoveError
from negenlab.core.game import CHANCE, TERMINAL, Game, State
from negenlab.core.testing import ConformanceError, check_game
from negenlab.polymer import ENTRY as POLYMER
from negenlab.polymer.game import PolymerGame
from negenlab.polymer.rules import Rules as PolymerRules


@dataclasses.dataclass(frozen=True)
class HighCardRules:
    cards: int = 3


class HighCardState(State):
    """Each seat is dealt a card of 0..cards-1 (distinct), unseen by the other; seat 1 bets or folds,
    seat 2 calls or folds; at a call the higher card wins two, a fold loses one."""

    hidden_information = True

    def __init__(self, rules: HighCardRules):
        self.rules, self.hands, self.history = rules, [], []

    @property
    def current_player(self) -> int:
        if len(self.hands) < 2:
            return CHANCE
        return TERMINAL if self.is_terminal() else len(self.history)

    @property
    def num_players(self) -> int:
        return 2

    def chance_outcomes(self):
        left = [c for c in range(self.rules.cards) if c not in self.hands]
        return [(c, 1 / len(left)) for c in left]

    def legal_actions(self):
        return (
            []
            if self.is_terminal() or len(self.hands) < 2
            else ["bet", "fold"]
            if not self.history
            else ["call", "fold"]
        )

    def apply(self, action) -> None:
        if len(self.hands) < 2:
            if action not in [c for c, _ in self.chance_outcomes()]:
                raise IllegalMoveError(f"no card {action!r} left")
            self.hands.append(action)
            return
        if action not in self.legal_actions():
            raise IllegalMoveError(f"{action!r} is not a legal action here")
        self.history.append(action)

    def is_terminal(self) -> bool:
        return "fold" in self.history or len(self.history) == 2

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        if self.history[-1] == "fold":
            loser = len(self.history) - 1
            return [-1.0 if p == loser else 1.0 for p in range(2)]
        win = 0 if self.hands[0] > self.hands[1] else 1
        return [2.0 if p == win else -2.0 for p in range(2)]

    def clone(self):
        s = HighCardState(self.rules)
        s.hands, s.history = list(self.hands), list(self.history)
        return s

    def key(self):
        return (tuple(self.hands), tuple(self.history))

    def information_state_string(self, player: int) -> str:
        return f"card {self.hands[player] if player < len(self.hands) else '?'}; {' '.join(self.history)}"

    def resample_from_infostate(self, player, rng):
        s = self.clone()
        other = 1 - player
        left = [c for c in range(self.rules.cards) if c != self.hands[player]]
        s.hands[other] = left[int(rng.integers(len(left)))]
        return s


class HighCard(Game):
    name = "high_card"
    perfect_information = False

    def __init__(self, cards: int = 3, state=HighCardState):
        self.rules, self.state = HighCardRules(cards), state

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self):
        return self.state(self.rules)


class Copying(HighCardState):
    def resample_from_infostate(self, player, rng):
        return self.clone()  # keeps the other seat's card: a search would see it


class Undeclared(HighCardState):
    hidden_information = False


class Viewless(HighCardState):
    information_state_string = None  # type: ignore[assignment]


def dealt(hands) -> HighCardState:
    s = HighCardState(HighCardRules(3))
    for c in hands:
        s.apply(c)
    return s


def test_a_game_that_keeps_its_secrets_passes_the_check():
    assert check_game(HighCard(), playouts=10)["positions"] > 0


@pytest.mark.parametrize(
    ("state", "words"),
    [
        (Copying, "never drew a world other than the state itself"),
        (Undeclared, "its states do not \\(State.hidden_information\\)"),
        (Viewless, "the states give no seat's view"),
    ],
)
def test_a_game_that_leaks_is_named(state, words):
    with pytest.raises(ConformanceError, match=words):
        check_game(HighCard(state=state), playouts=5)


def test_mcts_decides_from_what_its_seat_sees():
    """Two deals seat 1 cannot tell apart (its card 1; the other's 0 or 2: a sure win or a sure loss to a
    search that saw it): the same search, the same choice and the same values."""
    agent = MCTSAgent(simulations=200)
    a = agent.action_values(dealt([1, 0]), np.random.default_rng(5))
    b = agent.action_values(dealt([1, 2]), np.random.default_rng(5))
    assert a == b


def test_mcts_refuses_a_state_that_hides_and_draws_no_worlds():
    class NoWorlds(HighCardState):
        resample_from_infostate = State.resample_from_infostate

    s = NoWorlds(HighCardRules(3))
    s.apply(2), s.apply(0)
    with pytest.raises(HiddenInformationError, match="without seeing what its seat does not"):
        MCTSAgent(simulations=10).step(s, np.random.default_rng(0))


def test_polymers_hidden_table_is_refused_by_the_core_search_and_its_open_table_is_not():
    rng = np.random.default_rng(1)
    hidden = PolymerGame(PolymerRules(players=5, information="hidden")).new_initial_state()
    hidden.apply(hidden.sample_chance(rng))
    assert hidden.hidden_information
    with pytest.raises(HiddenInformationError, match="PolymerState"):
        POLYMER.make_agent("mcts:5").step(hidden, rng)
    open_table = PolymerGame(PolymerRules(players=5, information="open")).new_initial_state()
    open_table.apply(open_table.sample_chance(rng))
    assert not open_table.hidden_information
    assert open_table.legal_actions()  # the core search may play it (it sees what every seat sees)
