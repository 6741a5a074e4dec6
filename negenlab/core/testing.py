"""The conformance check every game's tests run, a plug-in's included: does a game keep the protocol
of :mod:`negenlab.core.game` (OpenSpiel's ``State`` API) that the simulator, the agents, the variant
tool and the exact solver rely on?

:func:`check_game` plays seeded random games and checks, at every position it meets, what the
rest of negenlab assumes; it raises :class:`ConformanceError` listing every problem it found (the
first position of each kind), or returns what it played.

>>> from negenlab.core.examples import Nim
>>> check_game(Nim((1, 2, 3)), playouts=5)["positions"] > 0
True
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Hashable
from typing import Any

import numpy as np

from .agents import MCTSAgent
from .errors import InvalidInputError
from .game import CHANCE, TERMINAL, Game, State


class ConformanceError(InvalidInputError):
    """A game that breaks the protocol: the message lists each problem found, one a line."""


class _Problems:
    """The problems found, each kind once (at the first position that shows it)."""

    def __init__(self) -> None:
        self.lines: dict[str, str] = {}
        self.worlds: int | None = None  # worlds drawn by resample_from_infostate that differ from the state

    def add(self, kind: str, line: str) -> None:
        self.lines.setdefault(kind, line)


def _rules_problem(game: Game) -> str | None:
    rules = getattr(game, "rules", None)
    if not dataclasses.is_dataclass(rules) or isinstance(rules, type):
        return f"its rules are {type(rules).__name__}, expected an instance of a frozen dataclass"
    if not type(rules).__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return f"its rules ({type(rules).__name__}) are a dataclass that is not frozen, expected frozen=True"
    return None


def _key(state: State) -> Hashable | None:
    key = state.key()
    hash(key)  # an unhashable key raises TypeError here
    return key


def _look(state: State) -> tuple:
    """What a copy must not change: the player, the legal actions and the key."""
    if state.is_terminal():
        return (state.current_player, True, _key(state))
    actions = None if state.is_chance_node() else tuple(state.legal_actions())
    return (state.current_player, False, actions, _key(state))


def _check_position(state: State, players: int, rng: np.random.Generator, problems: _Problems, where: str) -> None:
    player = state.current_player
    if not (0 <= player < players or player == CHANCE):
        problems.add("player", f"{where}: current_player is {player!r}, expected 0..{players - 1} or CHANCE ({CHANCE})")
        return
    try:
        _key(state)
    except TypeError as exc:
        problems.add("key", f"{where}: key() is not hashable ({exc})")
    if state.is_chance_node():
        try:
            outcomes = state.chance_outcomes()
        except (NotImplementedError, ValueError):
            return  # a game whose outcomes are too many to list says so, and samples them (sample_chance)
        probs = [p for _, p in outcomes]
        if not outcomes or any(not (p > 0) for p in probs) or not math.isclose(sum(probs), 1.0, abs_tol=1e-9):
            problems.add(
                "chance", f"{where}: chance outcomes' probabilities are {probs[:6]}, expected > 0 summing to 1"
            )
        return
    actions = state.legal_actions()
    if not isinstance(actions, list) or not actions:
        problems.add("actions", f"{where}: legal_actions() gave {actions!r:.60}, expected a non-empty list")
        return
    if list(state.legal_actions()) != actions:
        problems.add("order", f"{where}: legal_actions() changed between two calls (expected a fixed order)")
    if len(set(actions)) != len(actions):
        problems.add("duplicates", f"{where}: legal_actions() lists an action twice")
    names = [state.action_to_string(a) for a in actions]
    if not all(isinstance(n, str) for n in names):
        problems.add("names", f"{where}: action_to_string gave {names[0]!r:.40}, expected text")
    elif len(set(names)) != len(names):
        problems.add("names", f"{where}: two legal actions have one name ({names[:4]}...), expected distinct names")
    returns = state.returns()
    if any(r != 0 for r in returns):
        problems.add(
            "early returns",
            f"{where}: returns() gave {list(returns)!r:.60} before the end, expected 0s (returns come only at the end)",
        )
    before = _look(state)
    copy = state.clone()
    copy.apply(actions[int(rng.integers(len(actions)))])
    if _look(state) != before:
        problems.add("clone", f"{where}: applying an action to clone() changed the original state")
    try:
        state.clone().apply(("not", "an", "action", object()))
    except ValueError:
        pass
    except Exception as exc:  # any other error is a traceback a user would see
        problems.add(
            "illegal", f"{where}: an illegal action raised {type(exc).__name__}, expected a ValueError subclass"
        )
    else:
        problems.add("illegal", f"{where}: an illegal action was applied without an error")


_VIEWS = ("information_state_string", "observation_string", "observation")
"""What a seat of a game of hidden information sees, by the first of these names its states give."""


def _view(state: State, player: int) -> Any:
    for name in _VIEWS:
        method = getattr(state, name, None)
        if callable(method):
            return method(player)
    return None


def _check_hidden(state: State, rng: np.random.Generator, problems: _Problems, where: str) -> None:
    """A decision of a game of hidden information: the state says it hides information (so searching
    agents draw worlds), gives its seat's view, and, where it draws worlds, one its seat cannot tell
    from it, on which an agent decides as on the state itself (it saw nothing more)."""
    if not getattr(state, "hidden_information", False):
        problems.add("hidden", f"{where}: the game declares hidden information (perfect_information False) but its "
                     "states do not (State.hidden_information), so a searching agent would see every seat's secrets")  # fmt: skip
        return
    player = state.current_player
    if not any(callable(getattr(state, name, None)) for name in _VIEWS):
        problems.add("hidden", f"{where}: the states give no seat's view ({', '.join(_VIEWS)})")
        return
    if type(state).resample_from_infostate is State.resample_from_infostate:
        return  # no worlds drawn: searching agents refuse it (HiddenInformationError); its own agents read the view
    seed = int(rng.integers(2**32))
    world = state.resample_from_infostate(player, np.random.default_rng(seed))
    if world.current_player != player or list(world.legal_actions()) != list(state.legal_actions()):
        problems.add("hidden", f"{where}: resample_from_infostate gave a state with another mover or other moves")
        return
    if _view(world, player) != _view(state, player):
        problems.add("hidden", f"{where}: resample_from_infostate gave a state its seat can tell apart (another view)")
        return
    others = {_key(state.resample_from_infostate(player, np.random.default_rng(seed + k))) for k in range(1, 5)}
    problems.worlds = (problems.worlds or 0) + len(others - {_key(state)})
    agent = MCTSAgent(simulations=HIDDEN_SIMULATIONS)
    if agent.step(state.clone(), np.random.default_rng(seed)) != agent.step(world, np.random.default_rng(seed)):
        problems.add("hidden", f"{where}: an agent chose otherwise on a state its seat cannot tell from this one: "
                     "resample_from_infostate passes on something of what the seat does not see")  # fmt: skip


HIDDEN_SIMULATIONS = 16
"""The search that decides on a position and on a world its seat cannot tell from it (they must agree)."""


def _check_end(state: State, players: int, problems: _Problems, where: str) -> None:
    if state.current_player != TERMINAL:
        problems.add("end player", f"{where}: current_player is {state.current_player!r} at the end, expected TERMINAL")
    returns = state.returns()
    if len(returns) != players or not all(isinstance(r, int | float) and math.isfinite(r) for r in returns):
        problems.add("returns", f"{where}: returns() gave {returns!r:.60}, expected {players} finite numbers")


HIDDEN_EVERY = 5
"""A game of hidden information has its hidden-information checks at the first decision of a playout and
every fifth after it."""


def _playout(game: Game, seed: int, max_actions: int, problems: _Problems, n: int) -> tuple[list, int]:
    rng, check_rng = np.random.default_rng(seed), np.random.default_rng(seed + 1)
    hidden = getattr(game, "perfect_information", True) is False
    decisions = 0
    state = game.new_initial_state()
    played: list = []
    while not state.is_terminal():
        where = f"game {n}, after {len(played)} actions"
        _check_position(state, game.num_players, check_rng, problems, where)
        if len(problems.lines) and "player" in problems.lines:
            break
        if len(played) >= max_actions:
            problems.add("length", f"game {n}: a random game did not end in {max_actions:,} actions")
            break
        if hidden and not state.is_chance_node():
            if decisions % HIDDEN_EVERY == 0:
                _check_hidden(state, check_rng, problems, where)
            decisions += 1
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            actions = state.legal_actions()
            if not actions:
                break
            action = actions[int(rng.integers(len(actions)))]
        played.append(action)
        state.apply(action)
    else:
        _check_end(state, game.num_players, problems, f"game {n}, at its end")
    return played, len(played)


def check_game(game: Game, *, playouts: int = 20, seed: int = 0, max_actions: int = 100_000) -> dict[str, Any]:
    """Check that ``game`` keeps the protocol: a :class:`~negenlab.core.game.Game` whose ``rules`` is a
    frozen dataclass and whose ``describe()`` is plain data; at every position of ``playouts`` seeded
    random games, a player in range (or chance), chance outcomes whose probabilities sum to 1, a
    non-empty list of distinct legal actions in a fixed order with distinct names, a ``clone()`` that
    leaves the original alone, an illegal action refused with a ``ValueError`` subclass, a hashable
    ``key()``, returns of 0 until the end; at the end ``TERMINAL`` and one finite return per player; for a
    game of hidden information (``perfect_information`` False), states that say so, a seat's view, and
    where the states draw worlds (``resample_from_infostate``) worlds the seat cannot tell apart, on
    which an agent decides as on the state itself; every game ends within
    ``max_actions``; the same seed replays the same game. Raises :class:`ConformanceError` listing
    each problem; returns what was played."""
    problems = _Problems()
    if not isinstance(game, Game):
        raise ConformanceError(f"check_game: expected a negenlab.core.game.Game, got {type(game).__name__}")
    players = game.num_players
    if not isinstance(players, int) or players < 1:
        raise ConformanceError(f"check_game: num_players is {players!r}, expected a whole number >= 1")
    rules = _rules_problem(game)
    if rules:
        problems.add("rules", rules)
    try:
        json.dumps(game.describe())
    except (TypeError, ValueError) as exc:
        problems.add("describe", f"describe() is not plain data ({exc})")
    if not isinstance(game.new_initial_state(), State):
        raise ConformanceError("check_game: new_initial_state() gave no negenlab.core.game.State")
    positions = 0
    for n in range(playouts):
        played, length = _playout(game, seed + 2 * n, max_actions, problems, n)
        positions += length
        if n == 0 and "length" not in problems.lines:
            again, _ = _playout(game, seed, max_actions, _Problems(), n)
            if again != played:
                problems.add("replay", "the same seed played another game (the state owns hidden randomness?)")
    if problems.worlds == 0:
        problems.add("hidden", "resample_from_infostate never drew a world other than the state itself (does it "
                     "copy the state? then a searching agent sees what its seat does not)")  # fmt: skip
    if problems.lines:
        name = getattr(game, "name", type(game).__name__)
        raise ConformanceError(
            f"{name} breaks the game protocol in {len(problems.lines)} way(s):\n"
            + "\n".join(f"- {line}" for line in problems.lines.values())
        )
    return {"game": getattr(game, "name", type(game).__name__), "playouts": playouts, "positions": positions}


__all__ = ["ConformanceError", "check_game"]
