"""Exact answers for small games: any deterministic game of perfect information on the core protocol
(:mod:`negenlab.core.game`) whose states give a hashable :meth:`~negenlab.core.game.State.key`.

:func:`solve` searches the whole game by memoised alpha-beta (minimax from the first seat's view, a
transposition table of lower and upper bounds keyed by ``key()``), and by expectimax at chance nodes
(each outcome weighted by its probability; every position is kept, so only games whose positions fit
in memory finish). It gives the game's value for seat 0 (the first player), the value of every
first move (named by ``action_to_string``), the positions searched, and, when a cap stops it, where
it stopped (``complete`` False, and a value only where one was proved, never a guess).

It takes one- and two-player games; two-player returns must be zero-sum, and every return lies in
``value_range`` (default -1..1, the protocol's win/draw/loss). It refuses in one line
(:class:`~negenlab.core.errors.UnsolvableGameError`): a game that declares hidden information
(``Game.perfect_information`` False), a simultaneous-move node (``current_player`` is
:data:`SIMULTANEOUS`, OpenSpiel's, or ``is_simultaneous_node()`` is true), states that give no key
(``key()`` None and no ``__eq__``/``__hash__`` of their own, the documented fallback: the state
itself is then its key), and a position met again on its own line (a cycle).

For a two-player game one side wins, :func:`certificate` writes the proof as plain data: for each
position of the winner's proof tree (named by the actions from the start), the winner's move. The
checker :func:`verify` replays it against the game's own rules only: every reply of the loser
covered, every line ending in a win.

>>> from negenlab.core.examples import Nim
>>> s = solve(Nim((1, 2)))
>>> s.value, s.outcome, s.winning_first_moves, s.complete
(1.0, 'first player wins', ['(1, 1)'], True)
>>> verify(Nim((1, 2)), certificate(s)).positions
6
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from .checks import optional_whole, real_number, whole_number
from .errors import CertificateError, InvalidInputError, UnsolvableGameError
from .game import Game, State
from .searching import available_memory

SIMULTANEOUS = -2
"""The player id of a simultaneous-move node (OpenSpiel's): refused."""
DEFAULT_MAX_NODES = 2_000_000
"""Positions visited before the search stops (each kept position takes a few hundred bytes: 2,000,000
take well under 2 GB); the search also stops when memory runs low (:data:`MEMORY_FLOOR`)."""
VALUE_RANGE = (-1.0, 1.0)
"""The protocol's returns: +1 a win, -1 a loss, 0 a draw. Alpha-beta stops at a proved best."""
FORMAT = "negenlab-certificate/1"
MAX_CERTIFICATE_POSITIONS = 5_000_000
"""Positions a certificate's proof tree may hold (it names each by its line, so transpositions repeat)."""
MEMORY_FLOOR = 256 * 2**20
"""The search stops (as at its cap) when the machine has less memory than this left: the table
holds every position searched."""
_RECURSION = 20_000


class _Stop(Exception):
    """The node cap or the time limit: the search unwinds, keeping what it proved."""


def state_key(state: State) -> Hashable:
    """The table key of ``state``: its ``key()``; else the state itself when its class defines
    ``__eq__`` and ``__hash__``; else :class:`UnsolvableGameError`."""
    key = state.key() if callable(getattr(state, "key", None)) else None
    if key is None:
        cls = type(state)
        if cls.__hash__ not in (None, object.__hash__) and cls.__eq__ is not object.__eq__:
            return state
        raise UnsolvableGameError(
            f"{cls.__name__} gives no key(): the exact solver needs each state's key() to return a hashable of "
            "everything that decides the rest of the game (position, player to move)"
        )
    return key


@dataclass
class GameSolution:
    """What :func:`solve` proved. Values are seat 0's (the first player's) under perfect play.

    ``first_moves``: each first move proved, by name, with its value; ``best_first_moves``: those
    worth the game's value to the player to move (all of them once ``complete``); ``value`` None:
    not proved within the cap; ``stopped``: where and why the search stopped (None: it finished).
    """

    game: str
    rules: Any
    num_players: int
    to_move: int
    value: float | None
    first_moves: dict[str, float]
    complete: bool
    nodes: int
    seconds: float
    max_nodes: int
    stopped: str | None = None
    chance: bool = False
    """Chance nodes were met: the value is an expectation."""
    value_range: tuple[float, float] = VALUE_RANGE
    _search: Any = field(default=None, repr=False, compare=False)

    def _mine(self, v: float) -> float:
        """``v`` (seat 0's) as the player to move at the start sees it."""
        return -v if self.to_move == 1 else v

    @property
    def best_first_moves(self) -> list[str]:
        if self.value is None:
            return []
        return [m for m, v in self.first_moves.items() if self._mine(v) == self._mine(self.value)]

    @property
    def winning_first_moves(self) -> list[str]:
        """First moves proved to win outright for the player to move (worth the top of the range)."""
        top = self.value_range[1]
        return [m for m, v in self.first_moves.items() if self._mine(v) == top]

    @property
    def outcome(self) -> str | None:
        """'first player wins', 'second player wins', 'draw' (two players, no chance), 'value V'
        otherwise; None when not proved."""
        if self.value is None:
            return None
        lo, hi = self.value_range
        if self.num_players == 2 and not self.chance and self.value in (lo, hi, 0.0):
            return {hi: "first player wins", lo: "second player wins", 0.0: "draw"}[self.value]
        return f"value {self.value:g}" + (" (expected)" if self.chance else "")

    def lines(self) -> list[str]:
        """The answer in a few lines of text (a solve verb without ``--json``)."""
        outcome = self.outcome
        head = f"{self.game}: {outcome or 'not solved'}"
        if outcome is not None and not outcome.startswith("value"):
            head += f" (value {self.value:g} for the first player)"
        out = [head + f"; {self.nodes:,} positions searched in {self.seconds:.2f} s"]
        if self.first_moves:
            best = self.winning_first_moves or self.best_first_moves
            what = "winning" if self.winning_first_moves else "best"
            among = "" if self.complete else f" (among the {len(self.first_moves)} settled)"
            out.append(f"{what} first moves{among}: {', '.join(best) if best else 'none proved'}")
            out.append("first moves: " + ", ".join(f"{m} {v:g}" for m, v in self.first_moves.items()))
        if self.stopped:
            out.append(self.stopped + " (values shown are proved; the rest unknown)")
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the JSON of a solve verb)."""
        return {
            "game": self.game,
            "rules": self.rules,
            "value": self.value,
            "outcome": self.outcome,
            "to_move": self.to_move,
            "best_first_moves": self.best_first_moves,
            "winning_first_moves": self.winning_first_moves,
            "first_moves": dict(self.first_moves),
            "complete": self.complete,
            "stopped": self.stopped,
            "chance": self.chance,
            "nodes": self.nodes,
            "max_nodes": self.max_nodes,
            "seconds": round(self.seconds, 3),
        }


class _Search:
    """Memoised alpha-beta with expectimax at chance nodes; values are seat 0's."""

    def __init__(self, game: Game, max_nodes: int, seconds: float | None, value_range: tuple[float, float]):
        self.game = game
        self.players = game.num_players
        self.lo, self.hi = value_range
        self.table: dict[Hashable, tuple[float, float]] = {}
        self.nodes = 0
        self.cap = max_nodes
        self.max_nodes = max_nodes
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.seconds = seconds
        self.path: list[tuple[State, Any]] = []
        self.on_path: set[Hashable] = set()
        self.chance = False

    def line(self) -> str:
        """The actions from the start to where the search is now."""
        return " > ".join(s.action_to_string(a) for s, a in self.path) or "the start"

    def terminal(self, state: State) -> float:
        r = state.returns()
        if len(r) != self.players:
            raise UnsolvableGameError(f"returns() gave {len(r)} numbers at {self.line()}, expected {self.players}")
        if self.players == 2 and abs(r[0] + r[1]) > 1e-9:
            raise UnsolvableGameError(
                f"returns {list(r)} at {self.line()} are not zero-sum; the solver takes two-player zero-sum games"
            )
        v = float(r[0])
        if not self.lo <= v <= self.hi:
            raise UnsolvableGameError(
                f"return {v:g} at {self.line()} lies outside the value range {self.lo:g}..{self.hi:g}; pass value_range"
            )
        return v

    def child(self, state: State, action: Any) -> State:
        c = state.clone()
        c.apply(action)
        return c

    def value(self, state: State, alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta: the exact value when it lies strictly inside (alpha, beta), else a
        bound on the side it fell."""
        self.nodes += 1
        if self.nodes > self.cap:
            raise _Stop(f"the node cap of {self.max_nodes:,}")
        if not self.nodes & 1023:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _Stop(f"the time limit of {self.seconds:g} s")
            if not self.nodes & 0xFFFF and (available_memory() or MEMORY_FLOOR) < MEMORY_FLOOR:
                raise _Stop(f"the memory left (less than {MEMORY_FLOOR // 2**20} MiB)")
        if state.is_terminal():
            return self.terminal(state)
        key = state_key(state)
        if key in self.on_path:
            raise UnsolvableGameError(
                f"the position after {self.line()} was met before on the same line (a cycle); "
                "the solver takes games whose positions never repeat"
            )
        lo, up = self.table.get(key, (self.lo, self.hi))
        if lo >= beta or lo == up:
            return lo
        if up <= alpha:
            return up
        alpha, beta = max(alpha, lo), min(beta, up)
        self.on_path.add(key)
        try:
            chance = state.is_chance_node()
            best = self.chance_value(state) if chance else self.decide(state, alpha, beta)
        finally:
            self.on_path.discard(key)
        if chance:  # every outcome searched in full: exact
            lo = up = best
        elif best <= alpha:
            up = min(up, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = up = best
        self.table[key] = (lo, up)
        return best

    def chance_value(self, state: State) -> float:
        self.chance = True
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        if not outcomes or not total > 0:
            raise UnsolvableGameError(f"the chance node after {self.line()} lists no outcome of positive probability")
        v = 0.0
        for outcome, p in outcomes:
            self.path.append((state, outcome))
            v += p * self.value(self.child(state, outcome), self.lo, self.hi)  # each outcome exact
            self.path.pop()
        return v / total

    def seat(self, state: State) -> int:
        """The seat to move; simultaneous moves and players beyond the seats refused."""
        player = state.current_player
        simultaneous = getattr(state, "is_simultaneous_node", None)
        if player == SIMULTANEOUS or (callable(simultaneous) and simultaneous()):
            raise UnsolvableGameError(
                f"{self.game.name} has simultaneous moves (after {self.line()}); the solver takes games whose "
                "players move in turn"
            )
        if not 0 <= player < self.players:
            raise UnsolvableGameError(
                f"the player to move after {self.line()} is {player}, not a seat 0..{self.players - 1}"
            )
        return player

    def decide(self, state: State, alpha: float, beta: float) -> float:
        player = self.seat(state)
        actions = state.legal_actions()
        if not actions:
            raise UnsolvableGameError(f"the position after {self.line()} is not over but has no legal action")
        maximise = player == 0
        best = -math.inf if maximise else math.inf
        for action in actions:
            self.path.append((state, action))
            v = self.value(self.child(state, action), alpha, beta)
            self.path.pop()
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def wins_for(self, state: State, seat: int) -> bool:
        """Whether ``state`` is proved won by ``seat`` (searching it when the table does not say)."""
        top = self.hi if seat == 0 else self.lo
        if state.is_terminal():
            return self.terminal(state) == top
        lo, up = self.table.get(state_key(state), (self.lo, self.hi))
        if (lo if seat == 0 else up) == top:
            return True
        if (up if seat == 0 else lo) != top:  # proved short of a win
            return False
        return self.value(state, self.lo, self.hi) == top


def _check_game(game: Game) -> State:
    if not (callable(getattr(game, "new_initial_state", None)) and hasattr(game, "num_players")):
        raise InvalidInputError(
            f"solve needs a Game (e.g. negenlab.games.load('necklace', size=3)), got {type(game).__name__}"
        )
    name = getattr(game, "name", type(game).__name__)
    if getattr(game, "perfect_information", True) is False:
        raise UnsolvableGameError(f"{name} has hidden information; the solver takes games of perfect information")
    if game.num_players not in (1, 2):
        raise UnsolvableGameError(f"{name} has {game.num_players} players; the solver takes one- or two-player games")
    root = game.new_initial_state()
    key = state_key(root)
    try:
        hash(key)
    except TypeError:
        raise UnsolvableGameError(
            f"{type(root).__name__}.key() gave an unhashable {type(key).__name__}; return a tuple, bytes or str"
        ) from None
    return root


def solve(
    game: Game,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    seconds: float | None = None,
    progress: Callable[[str], None] | None = None,
    value_range: tuple[float, float] = VALUE_RANGE,
) -> GameSolution:
    """Solve ``game`` exactly: its value for seat 0, each first move's value, the positions
    searched. Stops after ``max_nodes`` positions or ``seconds`` (``complete`` False, ``stopped``
    says where). ``progress`` gets a line per first move.

    >>> from negenlab.core.examples import CoinToss
    >>> solve(CoinToss(first=0.75)).outcome
    'value 0.5 (expected)'
    """
    max_nodes = whole_number(max_nodes, "max_nodes", 1, 2**62, "it is counted in a 64-bit integer")
    if seconds is not None:
        seconds = real_number(seconds, "seconds", 0.0, 1e9, lo_open=True)
    lo, hi = (real_number(v, "value_range", -1e15, 1e15) for v in value_range)
    if not lo < hi:
        raise InvalidInputError(f"value_range must be (low, high) with low < high, got {value_range!r}")
    root = _check_game(game)
    search = _Search(game, max_nodes, seconds, (lo, hi))
    start = time.perf_counter()
    first: dict[str, float] = {}
    value: float | None = None
    stopped = None
    to_move = root.current_player
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _RECURSION))
    try:
        if root.is_terminal():
            value = search.terminal(root)
        elif root.is_chance_node():
            value = search.value(root, lo, hi)
        else:
            search.seat(root)
            actions = root.legal_actions()
            names = [root.action_to_string(a) for a in actions]
            if len(set(names)) < len(names):
                raise UnsolvableGameError(f"two first moves of {game.name} share a name in action_to_string: {names}")
            for action, name in zip(actions, names, strict=True):
                search.path.append((root, action))
                first[name] = search.value(search.child(root, action), lo, hi)
                search.path.pop()
                if progress is not None:
                    progress(f"{game.name}: first move {name}: {first[name]:g} ({search.nodes:,} positions so far)")
            value = max(first.values()) if to_move == 0 else min(first.values())
    except _Stop as stop:
        stopped = f"stopped by {stop} at {search.line()}, with {len(first)} first move(s) settled"
        top = hi if to_move == 0 else lo
        if any(v == top for v in first.values()):
            value = top  # a first move proved to win outright settles the value
    except RecursionError:
        raise UnsolvableGameError(
            f"{game.name} has lines of play deeper than the solver's recursion ({_RECURSION:,})"
        ) from None
    finally:
        sys.setrecursionlimit(limit)
    return GameSolution(
        game=game.name,
        rules=game.describe().get("rules"),
        num_players=game.num_players,
        to_move=to_move,
        value=value,
        first_moves=first,
        complete=stopped is None,
        nodes=search.nodes,
        seconds=time.perf_counter() - start,
        max_nodes=max_nodes,
        stopped=stopped,
        chance=search.chance,
        value_range=(lo, hi),
        _search=search,
    )


def _described(game: Game) -> Any:
    """The game's description as JSON reads it back (tuples as lists)."""
    return json.loads(json.dumps(game.describe(), default=str))


def certificate(solution: GameSolution, *, max_positions: int = MAX_CERTIFICATE_POSITIONS) -> dict[str, Any]:
    """The proof of a two-player win as plain data (JSON): ``game`` (the game's ``describe()``),
    ``winner`` (the seat), and ``moves``: ``[line, move]`` for each position of the winner's proof
    tree where the winner moves (``line``: the actions from the start, by name). :func:`verify`
    checks it."""
    search = getattr(solution, "_search", None)
    if not isinstance(search, _Search):
        raise InvalidInputError("certificate needs the GameSolution that solve() returned")
    lo, hi = solution.value_range
    if solution.num_players != 2 or solution.chance or solution.value not in (lo, hi):
        raise CertificateError(
            f"a certificate proves a two-player win without chance; {solution.game} is {solution.outcome or 'not solved'}"
        )
    winner = 0 if solution.value == hi else 1
    moves: list[list[Any]] = []
    stack: list[tuple[State, list[str]]] = [(search.game.new_initial_state(), [])]
    search.cap = search.nodes + search.max_nodes  # room to prove what the table does not hold
    search.path = []
    positions = 0
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _RECURSION))
    try:
        while stack:
            state, line = stack.pop()
            positions += 1
            if positions > max_positions:
                raise CertificateError(f"the proof tree of {solution.game} holds more than {max_positions:,} positions")
            if state.is_terminal():
                continue
            if state.is_chance_node():
                raise CertificateError(
                    f"a chance node after {' > '.join(line)}: a certificate covers games without chance"
                )
            children = [(state.action_to_string(a), search.child(state, a)) for a in state.legal_actions()]
            if state.current_player == winner:
                ends = [(n, c) for n, c in children if c.is_terminal()]  # a win at once first: a smaller tree
                pick = next(((n, c) for n, c in ends + children if search.wins_for(c, winner)), None)
                if pick is None:
                    raise CertificateError(f"no winning move proved after {' > '.join(line) or 'the start'}")
                moves.append([line, pick[0]])
                stack.append((pick[1], [*line, pick[0]]))
            else:
                stack.extend((c, [*line, name]) for name, c in reversed(children))
    except _Stop as stop:
        raise CertificateError(f"proving the win of {solution.game} again stopped by {stop}") from None
    finally:
        sys.setrecursionlimit(limit)
    return {"format": FORMAT, "game": _described(search.game), "winner": winner, "moves": moves}


@dataclass(frozen=True)
class Verified:
    """A certificate checked: ``winner`` wins; ``positions`` of its proof tree, ``leaves`` won ends."""

    winner: int
    positions: int
    leaves: int


def verify(game: Game, cert: dict[str, Any], *, max_positions: int | None = None) -> Verified:
    """Check ``cert`` (:func:`certificate`) against ``game``'s own rules: the winner's move at each
    of its positions is legal, every reply of the other seat is covered, every line ends in a win
    for the winner, and the certificate lists no position it never reaches. Raises
    :class:`CertificateError` naming the first position that fails."""
    max_positions = optional_whole(max_positions, "max_positions", 1) or MAX_CERTIFICATE_POSITIONS
    if not isinstance(cert, dict) or cert.get("format") != FORMAT:
        raise CertificateError(f"a certificate is a dict of format {FORMAT!r} (certificate()), got {str(cert)[:60]!r}")
    if cert.get("game") != _described(game):
        raise CertificateError(f"the certificate is for {str(cert.get('game'))[:200]}, not {_described(game)}")
    winner = cert.get("winner")
    if type(winner) is not int or winner not in (0, 1) or game.num_players != 2:
        raise CertificateError(f"the certificate's winner must be seat 0 or 1 of a two-player game, got {winner!r}")
    plays: dict[tuple[str, ...], str] = {}
    for entry in cert.get("moves", None) or []:
        if not (
            isinstance(entry, list | tuple)
            and len(entry) == 2
            and isinstance(entry[0], list | tuple)
            and all(isinstance(x, str) for x in [*entry[0], entry[1]])
        ):
            raise CertificateError(f"each of the certificate's moves is [line, move], got {str(entry)[:80]!r}")
        line = tuple(entry[0])
        if line in plays:
            raise CertificateError(f"the certificate names two moves after {' > '.join(line) or 'the start'}")
        plays[line] = entry[1]
    used: set[tuple[str, ...]] = set()
    stack: list[tuple[State, tuple[str, ...]]] = [(game.new_initial_state(), ())]
    positions = leaves = 0
    while stack:
        state, line = stack.pop()
        where = " > ".join(line) or "the start"
        positions += 1
        if positions > max_positions:
            raise CertificateError(f"the certificate's proof tree holds more than {max_positions:,} positions")
        if state.is_terminal():
            r = state.returns()
            if not r[winner] > r[1 - winner]:
                raise CertificateError(f"the line {where} ends with returns {list(r)}, not a win for seat {winner}")
            leaves += 1
            continue
        if state.is_chance_node():
            raise CertificateError(f"a chance node after {where}: a certificate covers games without chance")
        legal = {state.action_to_string(a): a for a in state.legal_actions()}
        if state.current_player == winner:
            move = plays.get(line)
            if move is None:
                raise CertificateError(f"the certificate gives no move for seat {winner} after {where}")
            if move not in legal:
                raise CertificateError(f"the certificate's move {move!r} after {where} is not legal there")
            used.add(line)
            child = state.clone()
            child.apply(legal[move])
            stack.append((child, (*line, move)))
        else:
            for name in reversed(list(legal)):
                child = state.clone()
                child.apply(legal[name])
                stack.append((child, (*line, name)))
    extra = [line for line in plays if line not in used]
    if extra:
        raise CertificateError(
            f"the certificate lists {len(extra)} position(s) its proof never reaches, first after "
            f"{' > '.join(extra[0]) or 'the start'}"
        )
    return Verified(winner, positions, leaves)


__all__ = [
    "DEFAULT_MAX_NODES",
    "SIMULTANEOUS",
    "GameSolution",
    "Verified",
    "certificate",
    "solve",
    "state_key",
    "verify",
]
