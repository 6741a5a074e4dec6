"""OpenSpiel both ways (an optional extra: ``pip install 'negenlab[openspiel]'``).

- :func:`game_entry` wraps any sequential game of OpenSpiel's library as a negenlab game on the core
  protocol (:mod:`negenlab.core.game`, itself modelled on OpenSpiel's ``State``): chance nodes as
  chance nodes, hidden information declared (``Game.perfect_information`` from the game's type) with
  the game's information states and observations on each state. ``negenlab.games.load("openspiel:NAME",
  **params)`` reaches it, and so does every verb of the ``negenlab`` command
  (``negenlab openspiel:tic_tac_toe solve``). The Rules are a frozen dataclass of the game's
  OpenSpiel parameters, so ``--set board_size=5`` works on them.
- :func:`as_pyspiel` registers a negenlab game as a pyspiel Python game, so OpenSpiel's algorithms
  (its MCTS bot, CFR, its random-simulation test) run on it.

A simultaneous-move game is refused in one line, and so is a game that draws its chance inside
OpenSpiel (sampled stochastic: a seed of negenlab's could not replay it). pyspiel is imported only
inside the functions: without it, one line says how to install it.

>>> import pytest; _ = pytest.importorskip("pyspiel")
>>> from negenlab import games
>>> game = games.load("openspiel:tic_tac_toe")
>>> game.name, game.num_players, game.perfect_information
('openspiel:tic_tac_toe', 2, True)
>>> s = game.new_initial_state()
>>> s.apply(4)
>>> s.current_player, s.action_to_string(0), len(s.legal_actions())
(1, 'o(0,0)', 8)
>>> games.load("openspiel:hex", board_size=5).rules.num_cols
5
"""

from __future__ import annotations

import dataclasses
import math
import operator
import os
import sys
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

import numpy as np

from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import CHANCE, TERMINAL, Action, Game, State
from negenlab.core.registry import AgentSpec, AgentSpecError, GameEntry

PREFIX = "openspiel:"
"""Game names that begin with it are OpenSpiel's, resolved on demand by :func:`negenlab.games.entry`."""
INSTALL = "pip install 'negenlab[openspiel]'"


class OpenSpielError(InvalidInputError):
    """An OpenSpiel game negenlab cannot take (unknown, simultaneous, or pyspiel missing): one line."""


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError:
        raise OpenSpielError(f"OpenSpiel games need pyspiel, which is not installed: {INSTALL}") from None
    return pyspiel


def short_name(name: str) -> str:
    """OpenSpiel's name of the game ``name`` (with or without the ``openspiel:`` prefix).

    >>> short_name("openspiel:hex"), short_name("hex")
    ('hex', 'hex')
    """
    if not isinstance(name, str) or not name.removeprefix(PREFIX).strip():
        raise OpenSpielError(f"an OpenSpiel game is named openspiel:NAME (e.g. openspiel:tic_tac_toe), got {name!r}")
    return name.removeprefix(PREFIX)


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _load(name: str, params: dict[str, Any] | None = None) -> Any:
    """pyspiel's game ``name`` under ``params``; an unknown game or parameter is one line."""
    pyspiel = _pyspiel()
    if name not in pyspiel.registered_names():
        raise OpenSpielError(
            f"OpenSpiel has no game {name!r}; its games: python -c 'import pyspiel; print(pyspiel.registered_names())'"
        )
    try:
        with _quiet_stderr():  # OpenSpiel's own report of the error: the one line below says it
            return pyspiel.load_game(name, params or {})
    except pyspiel.SpielError as exc:
        raise OpenSpielError(f"OpenSpiel game {name!r} under {params or {}}: {_one_line(exc)}") from None


def _refusal(name: str, game_type: Any) -> str | None:
    """Why OpenSpiel's game ``name`` of type ``game_type`` cannot be a negenlab game (None: it can)."""
    pyspiel = _pyspiel()
    if game_type.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        kind = str(game_type.dynamics).rsplit(".", 1)[-1].lower().replace("_", "-")
        return f"OpenSpiel game {name!r} is a {kind} game; negenlab takes sequential games (one player acts at a time)"
    if game_type.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC:
        return (
            f"OpenSpiel game {name!r} draws its chance inside OpenSpiel (sampled stochastic), so a seed of "
            "negenlab's could not replay it; negenlab takes games whose chance nodes list their outcomes"
        )
    return None


def _defaults(name: str) -> dict[str, Any]:
    """The default parameters of OpenSpiel's game ``name`` (checked sequential first)."""
    pyspiel = _pyspiel()
    types = {t.short_name: t for t in pyspiel.registered_games()}
    if name in types:
        problem = _refusal(name, types[name])
        if problem is not None:
            raise OpenSpielError(problem)
    return dict(_load(name).get_parameters())


@cache
def _rules_class(name: str, fields: tuple[tuple[str, type, Any], ...]) -> type:
    """The frozen Rules dataclass of OpenSpiel's game ``name``: one field per parameter, its default
    OpenSpiel's. It pickles by name and parameters (the class is made at run time)."""

    def reduce(self: Any) -> tuple:
        return _rules, (name, dataclasses.asdict(self))

    cls = dataclasses.make_dataclass(
        "Rules_" + "".join(c if c.isalnum() else "_" for c in name),
        [(key, kind, dataclasses.field(default=value)) for key, kind, value in fields],
        frozen=True,
        namespace={"openspiel_name": name, "__reduce__": reduce},
    )
    cls.__module__ = __name__
    cls.__doc__ = f"The parameters of OpenSpiel's game {name!r} (field defaults: OpenSpiel's)."
    return cls


def _fields(params: dict[str, Any]) -> tuple[tuple[str, type, Any], ...]:
    return tuple((k, type(v), v) for k, v in sorted(params.items()) if k.isidentifier())


def _rules(name: str, values: dict[str, Any]) -> Any:
    """An instance of game ``name``'s Rules holding ``values`` (those of its fields)."""
    fields = _fields(_defaults(name))
    keys = {key for key, _, _ in fields}
    return _rules_class(name, fields)(**{k: v for k, v in values.items() if k in keys})


def _coerce(name: str, defaults: dict[str, Any], params: dict[str, Any]) -> dict[str, Any]:
    """``params`` as pyspiel takes them: each a parameter of the game, a whole number where the
    default is a real number made real (``--set komi=7``)."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key not in defaults:
            known = ", ".join(sorted(defaults)) or "none"
            raise OpenSpielError(f"OpenSpiel game {name!r} has no parameter {key!r}; its parameters: {known}")
        default = defaults[key]
        if isinstance(value, np.generic):
            value = value.item()
        if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, type(default)):
            raise OpenSpielError(
                f"OpenSpiel game {name!r}: parameter {key!r} takes a {type(default).__name__} "
                f"(default {default!r}), got {value!r}"
            )
        out[key] = value
    return out


class OpenSpielGame(Game):
    """OpenSpiel's game ``name`` under ``params`` on negenlab's protocol. ``pyspiel_game`` is the
    pyspiel game; ``rules`` its Rules (every parameter, as OpenSpiel resolved them)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None):
        name = short_name(name)
        defaults = _defaults(name)
        self.params = _coerce(name, defaults, dict(params or {}))
        self.pyspiel_game = _load(name, self.params)
        game_type = self.pyspiel_game.get_type()
        problem = _refusal(name, game_type)
        if problem is not None:
            raise OpenSpielError(problem)
        pyspiel = _pyspiel()
        self.name = PREFIX + name
        self.openspiel_name = name
        self.title = game_type.long_name
        resolved = {**defaults, **dict(self.pyspiel_game.get_parameters())}
        self.rules = _rules(name, resolved)
        self.perfect_information = game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        self.provides_information_state = bool(game_type.provides_information_state_string)
        self.provides_observation = bool(game_type.provides_observation_string)
        self._players = int(self.pyspiel_game.num_players())
        _lists_actions(name, tuple(sorted(self.params.items())))
        hidden = not self.perfect_information
        self.state_class = _state_class(
            hidden,
            hidden and self.provides_information_state,
            hidden and self.provides_observation,
            hidden and _resamples(name, tuple(sorted(self.params.items()))),
        )

    @property
    def num_players(self) -> int:
        return self._players

    def new_initial_state(self) -> OpenSpielState:
        return self.state_class(self, self.pyspiel_game.new_initial_state())

    def __reduce__(self) -> tuple:
        return OpenSpielGame, (self.openspiel_name, self.params)

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"OpenSpielGame({self.openspiel_name!r}{', ' + shown if shown else ''})"


class OpenSpielState(State):
    """A pyspiel state on negenlab's protocol: actions are OpenSpiel's integers, ``key()`` the
    history of actions (chance outcomes included), the text of the state OpenSpiel's ``str``, the
    returns 0 until the end and then OpenSpiel's (a game with rewards along the way: their sums).

    A game of hidden information's states say so (``hidden_information``) and give what OpenSpiel
    gives of a seat's view: ``information_state_string(seat)`` and ``observation_string(seat)``, and
    ``resample_from_infostate(seat, rng)`` where OpenSpiel can deal the hidden state again (then
    negenlab's searching agents play it from the worlds its seat cannot tell apart)."""

    def __init__(self, game: OpenSpielGame, state: Any):
        self.game = game
        self.state = state

    @property
    def current_player(self) -> int:
        s = self.state
        if s.is_terminal():
            return TERMINAL
        if s.is_chance_node():
            return CHANCE
        return int(s.current_player())

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def legal_actions(self) -> list[Action]:
        try:
            actions = list(self.state.legal_actions())
        except RuntimeError as exc:  # pyspiel.SpielError: a game that lists no actions (action structs only)
            raise OpenSpielError(f"{self.game.name}: OpenSpiel lists no legal actions: {_one_line(exc)}") from None
        if not actions and not self.state.is_terminal():
            raise OpenSpielError(
                f"{self.game.name}: OpenSpiel gives seat {self.state.current_player()} no legal action in a position "
                f"that is not over (after {len(self.state.history())} actions); an OpenSpiel bug, or a world its "
                "resample_from_infostate dealt wrong"
            )
        return actions

    def apply(self, action: Action) -> None:
        s = self.state
        if s.is_terminal():
            raise IllegalMoveError(f"{self.game.name}: the game is over; no action {action!r:.40} can be played")
        try:
            if isinstance(action, bool | np.bool_):
                raise TypeError
            index = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise IllegalMoveError(
                f"{self.game.name}: an action is one of OpenSpiel's whole numbers, got {action!r:.60}"
            ) from None
        if index not in s.legal_actions():
            raise IllegalMoveError(f"{self.game.name}: action {index} is not legal here; legal: {self._legal_text()}")
        s.apply_action(index)

    def _legal_text(self) -> str:
        actions = self.state.legal_actions()
        return ", ".join(map(str, actions[:12])) + (f" ... ({len(actions)} in all)" if len(actions) > 12 else "")

    def is_terminal(self) -> bool:
        return bool(self.state.is_terminal())

    def returns(self) -> list[float]:
        if not self.state.is_terminal():
            return [0.0] * self.game.num_players
        return [float(r) for r in self.state.returns()]

    def clone(self) -> OpenSpielState:
        return type(self)(self.game, self.state.clone())

    def is_chance_node(self) -> bool:
        return bool(self.state.is_chance_node())

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(int(a), float(p)) for a, p in self.state.chance_outcomes()]

    def action_to_string(self, action: Action) -> str:
        player = self.state.current_player()
        return str(self.state.action_to_string(player, action))

    def key(self) -> Hashable:
        """The history of actions from the start (chance outcomes included): it decides every
        OpenSpiel game's future, whatever the game keeps."""
        return tuple(self.state.history())

    def _seat(self, player: int | None) -> int:
        seat = self.current_player if player is None else player
        if not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise OpenSpielError(f"{self.game.name}: seat {seat!r} is not one of 0..{self.num_players - 1}")
        return seat

    def __str__(self) -> str:
        return str(self.state)

    def __repr__(self) -> str:
        return f"<{self.game.name} after {len(self.state.history())} actions>\n{self.state}"

    def __reduce__(self) -> tuple:
        return _replay, (self.game, tuple(self.state.history()))


def _replay(game: OpenSpielGame, history: Sequence[int]) -> OpenSpielState:
    state = game.pyspiel_game.new_initial_state()
    for action in history:
        state.apply_action(int(action))
    return game.state_class(game, state)


class _Knows(OpenSpielState):
    def information_state_string(self, player: int | None = None) -> str:
        """What seat ``player`` (default: the one to act) knows, as OpenSpiel writes it."""
        return str(self.state.information_state_string(self._seat(player)))


class _Sees(OpenSpielState):
    def observation_string(self, player: int | None = None) -> str:
        """What seat ``player`` (default: the one to act) sees now, as OpenSpiel writes it."""
        return str(self.state.observation_string(self._seat(player)))


class _Deals(OpenSpielState):
    def resample_from_infostate(self, player: int, rng: np.random.Generator) -> OpenSpielState:
        """A state seat ``player`` cannot tell from this one, what it does not see dealt again by
        OpenSpiel with a sampler seeded from ``rng``."""
        sampler = _pyspiel().UniformProbabilitySampler(int(rng.integers(2**31 - 1)), 0.0, 1.0)
        return type(self)(self.game, self.state.resample_from_infostate(self._seat(player), sampler))


@cache
def _state_class(hidden: bool, knows: bool, sees: bool, deals: bool) -> type[OpenSpielState]:
    """The class of a wrapped game's states: :class:`OpenSpielState`, and for a game of hidden
    information one that says so, with the views and the dealing OpenSpiel gives for it."""
    if not hidden:
        return OpenSpielState
    parts: list[type[OpenSpielState]] = [p for p, on in ((_Deals, deals), (_Knows, knows), (_Sees, sees)) if on]
    parts = parts or [OpenSpielState]
    return type("OpenSpielHiddenState", tuple(parts), {"hidden_information": True, "__module__": __name__})


def game_entry(name: str, **params: Any) -> GameEntry:
    """The registry entry of OpenSpiel's game ``name`` (``params`` are the defaults its ``make_game``
    starts from); its name is ``openspiel:NAME``. A simultaneous-move game, or a game OpenSpiel does
    not have, is one line.

    >>> import pytest; _ = pytest.importorskip("pyspiel")
    >>> e = game_entry("connect_four")
    >>> e.name, e.title, e.make_game().num_players
    ('openspiel:connect_four', 'Connect Four', 2)
    >>> game_entry("matrix_rps")
    Traceback (most recent call last):
    ...
    negenlab.openspiel.OpenSpielError: OpenSpiel game 'matrix_rps' is a simultaneous game; negenlab takes sequential games (one player acts at a time)
    """
    base = short_name(name)
    first = OpenSpielGame(base, params)  # checks the game and the parameters now, in one line

    def make_game(**fields: Any) -> OpenSpielGame:
        return OpenSpielGame(base, {**params, **fields})

    searches = issubclass(first.state_class, _Deals)
    return GameEntry(
        PREFIX + base,
        make_game=make_game,
        title=first.title,
        agents={"ismcts": _ismcts} if searches else {},
        players={"ismcts": ISMCTS} if searches else {},
    )


ISMCTS = "OpenSpiel's information-set MCTS bot: it searches the deals its seat cannot tell apart, not the hidden state"
"""The ``ismcts`` agent in plain words (a game of hidden information whose states OpenSpiel can deal again)."""


@cache
def _lists_actions(name: str, params: tuple[tuple[str, Any], ...]) -> None:
    """Refuse in one line OpenSpiel's game ``name`` when its first decision lists no legal actions (a
    game played by action structs only); tried once, OpenSpiel's own report kept off the terminal."""
    pyspiel = _pyspiel()
    state = _load(name, dict(params)).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    try:
        with _quiet_stderr():
            state.legal_actions()
    except pyspiel.SpielError as exc:
        raise OpenSpielError(f"OpenSpiel game {name!r} lists no legal actions: {_one_line(exc)}") from None


@cache
def _resamples(name: str, params: tuple[tuple[str, Any], ...]) -> bool:
    """Whether OpenSpiel can deal game ``name``'s hidden state again from a seat's information state
    (its IS-MCTS bot needs it): tried once, at the first decision of the line of first actions, with
    OpenSpiel's own report of a failure kept off the terminal."""
    pyspiel = _pyspiel()
    state = _load(name, dict(params)).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    if state.is_terminal():
        return False
    with _quiet_stderr():
        try:
            state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0, 0.0, 1.0))
        except pyspiel.SpielError:
            return False
    return True


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error (the file descriptor: OpenSpiel writes there from C++) sent to /dev/null."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no standard error to silence
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def sequential_games() -> list[str]:
    """OpenSpiel's games negenlab takes (sequential, chance listed), each as ``openspiel:NAME``; not
    negenlab's own games registered in pyspiel by :func:`as_pyspiel`."""
    pyspiel = _pyspiel()
    return sorted(
        PREFIX + t.short_name
        for t in pyspiel.registered_games()
        if t.short_name not in _REGISTERED and _refusal(t.short_name, t) is None
    )


# -- the IS-MCTS bot as an agent -----------------------------------------------------------------


def _ismcts(spec: AgentSpec) -> Any:
    if spec.seconds is not None:
        raise AgentSpecError(f"agent {str(spec)!r}: ismcts takes a budget in simulations (ismcts:400), not seconds")
    return ISMCTSAgent(simulations=spec.simulations or 200)


class ISMCTSAgent:
    """OpenSpiel's information-set MCTS bot (``open_spiel.python.algorithms.ismcts``) as an agent of a
    wrapped OpenSpiel game of hidden information (``ismcts:400``; offered where OpenSpiel can deal the
    hidden state again from what a seat knows): it searches the deals its seat cannot tell apart, never
    the hidden state. Its rollouts, choices and deals are seeded from the seat's Generator, so a game
    replays.

    >>> import pytest; _ = pytest.importorskip("pyspiel")
    >>> from negenlab import games
    >>> [a.name for a in games.make_agents("openspiel:kuhn_poker", "ismcts:50,random")]
    ['ismcts', 'random']
    >>> games.make_agents("openspiel:tic_tac_toe", "ismcts")
    Traceback (most recent call last):
    ...
    negenlab.core.registry.AgentSpecError: openspiel:tic_tac_toe has no agent 'ismcts'; expected one of mcts, random (with a budget for mcts: mcts:400, mcts:2s)
    """

    name = "ismcts"

    def __init__(self, simulations: int = 200, uct_c: float = 2.0):
        self.simulations = int(simulations)
        self.uct_c = float(uct_c)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "simulations": self.simulations, "uct_c": self.uct_c}

    def step(self, state: State, rng: np.random.Generator) -> Action:
        if not isinstance(state, OpenSpielState):
            raise InvalidInputError("ismcts plays OpenSpiel games (openspiel:NAME) only")
        pyspiel = _pyspiel()
        from open_spiel.python.algorithms import ismcts, mcts

        seed = int(rng.integers(2**31 - 2))
        game = state.game.pyspiel_game
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            self.uct_c,
            self.simulations,
            random_state=np.random.RandomState(seed + 1),
        )
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)  # the deals it imagines, seeded too
        bot._resampler_cb = lambda s, player: s.resample_from_infostate(player, sampler)
        try:
            return int(bot.step(state.state))
        except pyspiel.SpielError as exc:
            raise InvalidInputError(f"ismcts on {state.game.name}: {_one_line(exc)}") from None


# -- a negenlab game as a pyspiel game -----------------------------------------------------------


def _alphabet(game: Game, playouts: int, seed: int) -> tuple[list, list, int, float, float, bool]:
    """What ``playouts`` seeded random games of ``game`` meet: its actions (in order of first
    meeting), its chance outcomes, the longest game, the lowest and highest return, and whether every
    game's returns summed to zero."""
    rng = np.random.default_rng(seed)
    actions: dict[Any, None] = {}
    outcomes: dict[Any, None] = {}
    longest, low, high, zero_sum = 0, math.inf, -math.inf, True
    for _ in range(playouts):
        state = game.new_initial_state()
        length = 0
        while not state.is_terminal():
            if state.is_chance_node():
                try:
                    listed = state.chance_outcomes()
                except (NotImplementedError, ValueError) as exc:
                    raise InvalidInputError(
                        f"as_pyspiel: {game.name} does not list its chance outcomes ({_one_line(exc)}); a pyspiel "
                        "game lists every chance node's outcomes"
                    ) from None
                for outcome, _p in listed:
                    outcomes.setdefault(outcome)
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                for a in legal:
                    actions.setdefault(a)
                action = legal[int(rng.integers(len(legal)))]
            state.apply(action)
            length += 1
        returns = state.returns()
        longest, low, high = max(longest, length), min(low, *returns), max(high, *returns)
        zero_sum = zero_sum and abs(sum(returns)) < 1e-9
    return list(actions), list(outcomes), longest, low, high, zero_sum


def _numbering(items: list) -> list:
    """Non-negative whole numbers number themselves (0..max); anything else in order of meeting."""
    if items and all(isinstance(a, int | np.integer) and not isinstance(a, bool) and a >= 0 for a in items):
        return list(range(int(max(items)) + 1))
    return items


def as_pyspiel(
    game: Game,
    *,
    name: str | None = None,
    actions: Sequence[Any] | None = None,
    chance_outcomes: Sequence[Any] | None = None,
    max_game_length: int | None = None,
    playouts: int = 200,
    seed: int = 0,
) -> Any:
    """Register the negenlab game ``game`` as a pyspiel Python game and return it loaded, so
    OpenSpiel's algorithms run on it (its MCTS bot, CFR, ``pyspiel.random_sim_test``).

    pyspiel numbers actions ``0..n-1`` and needs ``n`` and the longest game up front. ``actions`` (and
    ``chance_outcomes``) are the game's whole alphabet in a fixed order, and ``max_game_length`` a
    bound on a game's actions; left out, they are read from ``playouts`` seeded random games (whole
    numbers number themselves, 0 to the largest met; the bound is twice the longest game met). An
    action outside the alphabet is then refused in one line that says to pass ``actions``. The
    game's returns over those games give its utility range and whether it is zero-sum. A game that
    declares hidden information is registered as one of imperfect information; where its states give
    ``information_state_string(seat)`` (and ``observation_string(seat)``), as a wrapped OpenSpiel game's
    do, pyspiel's states give them too, so OpenSpiel's CFR and IS-MCTS run on it.

    ``name`` is the pyspiel name (default ``negenlab_<game>_<its Rules>``, so two Rules are two games;
    registering a name again replaces the game).

    >>> import pytest; pyspiel = pytest.importorskip("pyspiel")
    >>> from negenlab import games
    >>> g = as_pyspiel(games.load("necklace", size=3))
    >>> g.num_distinct_actions(), g.num_players(), g.get_type().short_name
    (10, 2, 'negenlab_necklace_size3_swapTrue')
    >>> pyspiel.random_sim_test(g, num_sims=3, serialize=False, verbose=False)
    """
    pyspiel = _pyspiel()
    if not isinstance(game, Game):
        raise InvalidInputError(
            f"as_pyspiel takes a negenlab Game (negenlab.games.load(...)), got {type(game).__name__}"
        )
    seen_actions, seen_outcomes, longest, low, high, zero_sum = _alphabet(game, playouts, seed)
    alphabet = list(actions) if actions is not None else _numbering(seen_actions)
    outcome_alphabet = list(chance_outcomes) if chance_outcomes is not None else _numbering(seen_outcomes)
    length = int(max_game_length) if max_game_length is not None else max(1, 2 * longest)
    if not alphabet:
        raise InvalidInputError(f"as_pyspiel: {game.name} offered no action in {playouts} random games")
    if len(set(alphabet)) != len(alphabet):
        raise InvalidInputError(f"as_pyspiel: actions lists an action twice for {game.name}")
    name = name or _pyspiel_name(game)
    knows = _gives(game, "information_state_string")
    sees = _gives(game, "observation_string")
    chance = bool(outcome_alphabet)
    players = game.num_players
    low, high = min(low, -1.0) if math.isfinite(low) else -1.0, max(high, 1.0) if math.isfinite(high) else 1.0
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"negenlab {game.name} {_rules_text(game)}".strip(),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if getattr(game, "perfect_information", True)
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=knows,
        provides_information_state_tensor=False,
        provides_observation_string=sees or knows,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=len(alphabet),
        max_chance_outcomes=len(outcome_alphabet),
        num_players=players,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=0.0 if zero_sum else None,
        max_game_length=length,
    )
    codes = {a: i for i, a in enumerate(alphabet)}
    outcome_codes = {o: i for i, o in enumerate(outcome_alphabet)}
    wrapped = game

    class _State(pyspiel.State):  # type: ignore[misc,name-defined]
        def __init__(self, py_game: Any, inner: State | None = None):
            super().__init__(py_game)
            self.held = _Held(inner if inner is not None else wrapped.new_initial_state())

        @property
        def inner(self) -> State:
            return self.held.state

        def current_player(self) -> int:
            if self.inner.is_terminal():
                return int(pyspiel.PlayerId.TERMINAL)
            if self.inner.is_chance_node():
                return int(pyspiel.PlayerId.CHANCE)
            return int(self.inner.current_player)

        def _code(self, action: Any, table: dict) -> int:
            try:
                return table[action]
            except (KeyError, TypeError):
                raise InvalidInputError(
                    f"as_pyspiel: {wrapped.name} offered {action!r:.40}, which is not in the action alphabet read "
                    f"from {playouts} random games; pass as_pyspiel(game, actions=[...every action...])"
                ) from None

        def _legal_actions(self, player: int) -> list[int]:
            return sorted(self._code(a, codes) for a in self.inner.legal_actions())

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return sorted((self._code(o, outcome_codes), float(p)) for o, p in self.inner.chance_outcomes())

        def _apply_action(self, action: int) -> None:
            table = outcome_alphabet if self.inner.is_chance_node() else alphabet
            self.inner.apply(table[action])

        def _action_to_string(self, player: int, action: int) -> str:
            table = outcome_alphabet if player == pyspiel.PlayerId.CHANCE else alphabet
            return self.inner.action_to_string(table[action])

        def is_terminal(self) -> bool:
            return bool(self.inner.is_terminal())

        def returns(self) -> list[float]:
            if not self.inner.is_terminal():
                return [0.0] * players
            return [float(r) for r in self.inner.returns()]

        def __str__(self) -> str:  # pyspiel's ToString: the state's own text, else its line of play
            inner = type(self.inner)
            if inner.__str__ is not object.__str__ or inner.__repr__ is not object.__repr__:
                return str(self.inner)
            return " ".join(map(str, self.history()))

    class _Game(pyspiel.Game):  # type: ignore[misc,name-defined]
        def __init__(self, params: Any = None):
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> _State:
            return _State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
            recall = iig_obs_type is None or iig_obs_type.perfect_recall
            return _Observer("information_state_string" if recall or not sees else "observation_string")

    pyspiel.register_game(game_type, _Game)
    _REGISTERED.add(name)
    return pyspiel.load_game(name)


_REGISTERED: set[str] = set()
"""The pyspiel names :func:`as_pyspiel` registered in this process."""


class _Observer:
    """pyspiel's observer of an :func:`as_pyspiel` game: the negenlab state's own text of what a seat
    knows (no tensor: the protocol has none)."""

    def __init__(self, method: str):
        self.method = method
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: Any, player: int) -> None:
        pass

    def string_from(self, state: Any, player: int) -> str:
        return str(getattr(state.inner, self.method)(player))


def _gives(game: Game, method: str) -> bool:
    """Whether ``game``'s states give ``method(seat)`` (a game of hidden information's text of what a
    seat knows or sees)."""
    if getattr(game, "perfect_information", True):
        return False
    state = game.new_initial_state()
    if not callable(getattr(state, method, None)):
        return False
    try:
        getattr(state, method)(0)
    except (InvalidInputError, NotImplementedError):
        return False
    return True


class _Held:
    """A negenlab state inside a pyspiel Python state: pyspiel clones a Python state by deep-copying
    its attributes, and this copy is the negenlab state's own ``clone()`` (never a copy of its game)."""

    __slots__ = ("state",)

    def __init__(self, state: State):
        self.state = state

    def __deepcopy__(self, memo: dict) -> _Held:
        return _Held(self.state.clone())


def _rules_text(game: Game) -> str:
    rules = game.describe().get("rules")
    if isinstance(rules, dict):
        return " ".join(f"{k}={v}" for k, v in rules.items() if v is not None)
    return ""


def _pyspiel_name(game: Game) -> str:
    rules = game.describe().get("rules")
    parts = [f"{k}{v}" for k, v in rules.items() if v is not None] if isinstance(rules, dict) else []
    text = "_".join(["negenlab", str(game.name), *parts])
    return "".join(c if c.isalnum() or c == "_" else "_" for c in text)


__all__ = [
    "INSTALL",
    "ISMCTSAgent",
    "OpenSpielError",
    "OpenSpielGame",
    "OpenSpielState",
    "PREFIX",
    "as_pyspiel",
    "game_entry",
    "sequential_games",
    "short_name",
]
