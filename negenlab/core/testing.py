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

from .errors import InvalidInputError
from .game import CHANCE, TERMINAL, Game, State


class ConformanceError(InvalidInputError):
    """A game that breaks the protocol: the message lists each problem found, one a line."""


class _Problems:
    """The problems found, each kind once (at the first position that shows it)."""

    def __init__(self) -> None:
        self.lines: dict[str, str] = {}

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


def _check_end(state: State, players: int, problems: _Problems, where: str) -> None:
    if state.current_player != TERMINAL:
        problems.add("end player", f"{where}: current_player is {state.current_player!r} at the end, expected TERMINAL")
    returns = state.returns()
    if len(returns) != players or not all(isinstance(r, int | float) and math.isfinite(r) for r in returns):
        problems.add("returns", f"{where}: returns() gave {returns!r:.60}, expected {players} finite numbers")


def _playout(game: Game, seed: int, max_actions: int, problems: _Problems, n: int) -> tuple[list, int]:
    rng, check_rng = np.random.default_rng(seed), np.random.default_rng(seed + 1)
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
    ``key()``; at the end ``TERMINAL`` and one finite return per player; every game ends within
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
    if problems.lines:
        name = getattr(game, "name", type(game).__name__)
        raise ConformanceError(
            f"{name} breaks the game protocol in {len(problems.lines)} way(s):\n"
            + "\n".join(f"- {line}" for line in problems.lines.values())
        )
    return {"game": getattr(game, "name", type(game).__name__), "playouts": playouts, "positions": positions}


__all__ = ["ConformanceError", "check_game"]
