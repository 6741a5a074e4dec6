"""The game protocol every negenlab game implements.

Modelled on OpenSpiel's ``State`` API, kept Pythonic. A :class:`Game` makes states;
a :class:`State` is driven by ``legal_actions()`` / ``apply(action)`` until
``is_terminal()``, then ``returns()`` gives one number per player.

Chance (dice, deals) is explicit, as in OpenSpiel: at a chance node
``current_player == CHANCE`` and the caller draws an outcome with
``state.sample_chance(rng)`` from a :class:`numpy.random.Generator` it owns. A state
never owns hidden randomness, so a game replays exactly from one seed, and search
(MCTS) samples chance with its own Generator instead of peeking at the future.

Multi-part turns (FEN's edges, Negen's placements) are sequences of actions by the
same player: ``current_player`` simply does not change.

>>> import numpy as np
>>> from negenlab.core.game import play_random_game
>>> from negenlab.core.examples import Nim
>>> final = play_random_game(Nim((1, 2)), np.random.default_rng(0))
>>> final.is_terminal(), sorted(final.returns())
(True, [-1.0, 1.0])
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import asdict, is_dataclass
from typing import Any

import numpy as np

from .errors import InvalidInputError
from .searching import held_interrupt

CHANCE = -1
TERMINAL = -4

Action = Hashable


class State(ABC):
    """One position of a game. Subclasses implement the abstract methods."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player to act (0-based), ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of players in this game."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Actions of the player to act, in a fixed (deterministic) order."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Play ``action`` in place; raise ``IllegalMoveError`` naming why when it is illegal."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One number per player; at the end +1 for a win, -1 for a loss, 0 for a draw by convention."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    # -- chance -------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node. Games with chance override it."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    def sample_chance(self, rng: np.random.Generator) -> Action:
        """Draw one chance outcome with ``rng``. Override when the outcome space is huge (deals)."""
        outcomes = self.chance_outcomes()
        probs = np.array([p for _, p in outcomes], dtype=float)
        index = rng.choice(len(outcomes), p=probs / probs.sum())
        return outcomes[int(index)][0]

    # -- reporting ----------------------------------------------------------
    def branching(self) -> int | None:
        """How many legal actions the player to act has, for statistics; ``None`` where knowing it
        would take a listing that play did not need (a game whose players can decide without it).

        >>> from negenlab.core.examples import Nim
        >>> Nim((1, 2)).new_initial_state().branching()
        3
        """
        return len(self.legal_actions())

    def winner(self) -> int | None:
        """Index of the single player with the best return at the end, or None for a draw."""
        if not self.is_terminal():
            return None
        r = self.returns()
        best = max(r)
        tops = [i for i, v in enumerate(r) if v == best]
        return tops[0] if len(tops) == 1 else None

    def game_info(self) -> dict[str, Any]:
        """Game-specific scalar columns for the simulation table (called at the end)."""
        return {}

    hidden_information: bool = False
    """True where a seat does not see the whole state (its game's ``perfect_information`` False): a
    searching agent then plays from worlds :meth:`resample_from_infostate` draws, never from this state."""

    def resample_from_infostate(self, player: int, rng: np.random.Generator) -> State:
        """A state ``player`` cannot tell from this one (the same information state: what the seat has
        seen and done), what the seat does not see drawn afresh by ``rng`` as the rules would have dealt
        it (OpenSpiel's name). A game of hidden information gives it, so that agents search only what
        their seat sees; the conformance check (:func:`negenlab.core.testing.check_game`) holds it to that."""
        raise NotImplementedError(f"{type(self).__name__} gives no resample_from_infostate")

    def action_to_string(self, action: Action) -> str:
        return str(action)

    def key(self) -> Hashable | None:
        """A hashable of everything that decides the game from here on (the position, the player to
        move, what the rules still allow): two states with equal keys must have the same futures.
        Leave out statistics that decide nothing (a turn count kept for the tables), so positions
        reached in another order meet. The exact solver (:mod:`negenlab.core.solve`) keys its table
        by it. ``None`` (the default): the state gives no key.

        >>> from negenlab.core.examples import Nim
        >>> Nim((1, 2)).new_initial_state().key()
        ((1, 2), 0)
        """
        return None


class Game(ABC):
    """A game: rules plus a factory of initial states. ``rules`` is the game's Rules (a frozen
    dataclass: one field per reading of the designer's text)."""

    name: str = "game"
    rules: Any
    perfect_information: bool = True
    """False for a game of hidden information (a seat does not see the whole state): the exact
    solver (:mod:`negenlab.core.solve`) refuses it."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def new_initial_state(self) -> State:
        """The start position (possibly a chance node: the deal)."""

    def describe(self) -> dict[str, Any]:
        """Everything that defines this game, as plain data (recorded with every table)."""
        rules = getattr(self, "rules", None)
        return {"game": self.name, "num_players": self.num_players, "rules": rules_to_dict(rules)}


def seat_name(seat: int) -> str:
    """One name for a seat everywhere (reports, widgets, tables, logs): counted from 1, the first one said.

    >>> seat_name(0), seat_name(2)
    ('seat 1 (first)', 'seat 3')
    """
    return f"seat {seat + 1}" + (" (first)" if seat == 0 else "")


def rules_to_dict(rules: Any) -> Any:
    """Plain-data view of a Rules dataclass (or None)."""
    if rules is None:
        return None
    if is_dataclass(rules) and not isinstance(rules, type):
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(rules).items()}
    if isinstance(rules, dict):
        return dict(rules)
    return repr(rules)


def play_randomly(state: State, rng: np.random.Generator, max_actions: int | None = None) -> State:
    """Play ``state`` on, in place, with uniformly random actions (chance sampled with ``rng``)
    until it ends or ``max_actions`` actions were taken; return it."""
    steps = 0
    while not state.is_terminal() and (max_actions is None or steps < max_actions):
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[int(rng.integers(len(actions)))])
        steps += 1
    return state


def play_with_agents(
    state: State, agents: Sequence[Any], chance_rng: np.random.Generator, agent_rngs: Sequence[np.random.Generator]
) -> State:
    """Play ``state`` on, in place, to its end: ``agents[p].step(state, agent_rngs[p])`` decides for
    seat p, chance is sampled with ``chance_rng``; return it.

    >>> from negenlab.core.examples import Nim
    >>> from negenlab.core.agents import RandomAgent
    >>> rngs = [np.random.default_rng(i) for i in range(3)]
    >>> play_with_agents(Nim().new_initial_state(), [RandomAgent(), RandomAgent()], rngs[0], rngs[1:]).is_terminal()
    True
    """
    with held_interrupt() as held:  # Ctrl-C stops the game between actions, never inside compiled code
        while not state.is_terminal():
            held.check()
            if state.is_chance_node():
                state.apply(state.sample_chance(chance_rng))
            else:
                p = state.current_player
                state.apply(agents[p].step(state, agent_rngs[p]))
    return state


def play_random_game(game: Game, rng: np.random.Generator, max_actions: int | None = None) -> State:
    """Play one game with uniformly random actions (chance sampled with ``rng``)."""
    return play_randomly(game.new_initial_state(), rng, max_actions)


def check_players(game: Game, agents: Sequence[Any]) -> None:
    """Raise a clear error when ``game`` is no game or the number of agents does not match the seats."""
    if not (callable(getattr(game, "new_initial_state", None)) and hasattr(game, "num_players")):
        shown = "None" if game is None else f"{str(game)[:60]!r} (a {type(game).__name__})"
        raise InvalidInputError(f"game must be a Game (e.g. negenlab.games.load('necklace')), got {shown}")
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        raise InvalidInputError(
            f"agents are one agent per seat (a list), got {agents!r}; make them from specs with "
            f"negenlab.games.make_agents({game.name!r}, 'random,mcts:200')"
        )
    if len(agents) != game.num_players:
        raise InvalidInputError(
            f"{game.name} has {game.num_players} seats but {len(agents)} agents were given; pass one agent per seat"
        )
    for seat, agent in enumerate(agents):
        if not (callable(getattr(agent, "step", None)) and callable(getattr(agent, "describe", None))):
            raise InvalidInputError(
                f"the agent for seat {seat} is {agent!r}, not an agent; make agents from specs such as "
                f"'random' or 'mcts:200' with negenlab.games.make_agents({game.name!r}, specs)"
            )
