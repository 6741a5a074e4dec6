"""Necklace positions and the game on the core protocol.

A :class:`State` is a position: the board, the colour to move, whether Blue may still
swap, the winner and counters (skipped turns, moves removed by each restriction). It
speaks colours (``"red"``/``"blue"``). :class:`NecklaceGame` is the game for
:func:`negenlab.core.simulate` and the agents; its states (:class:`NecklaceState`) add the
seats: seat 0 starts as Red, and a swap hands Red's side to seat 1. Both start from the
rules page's default, ``Rules()``: a 9x9 board with the swap rule on.

>>> from negenlab.necklace import State
>>> s = State.from_text('''
... R.B
... ...
... ...
... ''', to_move="red")
>>> s.legal_moves()[:3]
[(0, 1), (1, 0), (1, 1)]
>>> s.play((1, 0)); s.play((1, 1)); s.play((2, 0))
>>> s.winner
'red'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from negenlab.core.checks import known_fields
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import TERMINAL, Game
from negenlab.core.game import State as CoreState

from . import _kernels as K
from .rules import MAX_SIZE, Rules, point_name, point_names

DEFAULT_RULES = Rules()
RED, BLUE = K.RED, K.BLUE
COLOURS = {"red": RED, "blue": BLUE}
NAMES = {RED: "red", BLUE: "blue"}
SWAP = "swap"
_CHARS = {".": 0, "R": RED, "B": BLUE}
# the scalar fields State.copy carries over as they are (board, history and cache are copied or shared)
_COPIED = (
    "swap_rule",
    "swapped",
    "winner_code",
    "over",
    "skipped_turns",
    "placements",
    "crosscut_blocked",
    "seclusion_blocked",
    "crosscut_turns",
    "seclusion_turns",
)


class InvalidPositionError(InvalidInputError):
    """A board text or array that is not a Necklace position (bad shape, characters, or a
    position the rules can never reach: a crosscut, a secluded empty point, two winners)."""


def _colour_code(to_move: Any) -> int:
    if isinstance(to_move, str) and to_move.lower() in COLOURS:
        return COLOURS[to_move.lower()]
    raise InvalidInputError(f"to_move must be 'red' or 'blue', got {to_move!r}")


class State:
    """A Necklace position with the colour to move. Draws itself in Jupyter (SVG).

    Build one with :meth:`from_text` or :meth:`initial`; ``legal_moves()`` lists the
    legal placements (sorted ``(row, col)``); ``play(move)`` places a stone of the colour
    to move (or ``"swap"`` on Blue's first turn when the swap rule is on).

    The player to move always has a legal action: when a colour cannot place, its turn
    is skipped (counted in ``skipped_turns``, and recorded with whose it was in ``skips``);
    when neither can, the game ends as a draw (``is_draw``) with ``winner`` None.
    ``turn_log()`` tells the game in words. Messages name points as the board labels them
    (``"row 3, col 2"``, from 1); a placement refused for seclusion names the empty points it
    would seal off (``sealed_by(move)`` lists them 0-based).
    """

    __slots__ = ("n", "board", "to_move", "swap_available", *_COPIED, "history", "skips", "_cache")

    def __init__(self, n: int, board: np.ndarray, to_move: int, swap_available: bool = False):
        self.n = n
        self.board = board
        self.to_move = to_move
        self.swap_rule = swap_available
        self.swap_available = swap_available
        self.swapped = False
        self.winner_code = 0
        self.over = False
        self.skipped_turns = 0
        self.placements = 0
        self.crosscut_blocked = 0
        self.seclusion_blocked = 0
        self.crosscut_turns = 0
        self.seclusion_turns = 0
        self.history: list = []
        self.skips: list[tuple[int, str]] = []  # (len(history) when it happened, the colour skipped)
        self._cache = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def initial(cls, size: int = DEFAULT_RULES.size, swap: bool = DEFAULT_RULES.swap) -> State:
        """The empty ``size`` x ``size`` board, Red to move; ``swap``: Blue may swap on their first turn.

        The defaults are the rules page's (:class:`Rules`: 9x9, swap on), as for :class:`NecklaceGame`.

        >>> s = State.initial(3)
        >>> s.legal_moves()[:2], s.swap_rule
        ([(0, 0), (0, 1)], True)
        """
        rules = Rules(size=size, swap=swap)
        s = cls(rules.size, np.zeros(rules.size * rules.size, dtype=np.int8), RED)
        s.swap_rule = rules.swap
        return s

    @classmethod
    def from_text(cls, text: str, to_move: str = "red", swap_available: bool = False) -> State:
        """Parse rows of ``.`` ``R`` ``B`` (top row first; blank lines and spaces ignored).

        Raises :class:`InvalidPositionError` naming the row/column for ragged rows, unknown
        characters, a non-square board, size < 2, a crosscut, a secluded empty point, or
        stones of both colours connecting their edges. If ``to_move`` has no legal placement
        the skip rule applies at once (``skipped_turns`` is then 1), and if neither colour
        has one the position is a draw (``is_draw``).

        >>> State.from_text("RB\\nBR", "red")
        Traceback (most recent call last):
        ...
        negenlab.necklace.game.InvalidPositionError: crosscut in the 2x2 block with top-left corner (0, 0): R B / B R
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"board text must be a string, got {type(text).__name__}")
        colour = _colour_code(to_move)
        rows = [line.replace(" ", "").replace("\t", "") for line in text.strip().splitlines()]
        rows = [r for r in rows if r]
        if not rows:
            raise InvalidPositionError("empty board text: expected rows of '.', 'R', 'B'")
        width = len(rows[0])
        for i, row in enumerate(rows):
            if len(row) != width:
                raise InvalidPositionError(f"ragged rows: row {i} has {len(row)} points, row 0 has {width}")
            for j, ch in enumerate(row):
                if ch not in _CHARS:
                    raise InvalidPositionError(
                        f"unknown character {ch!r} at row {i}, column {j}: expected '.', 'R' or 'B'"
                    )
        if len(rows) != width:
            raise InvalidPositionError(f"the board must be square: {len(rows)} rows of {width} points")
        n = width
        if n < 2:
            raise InvalidPositionError(f"board size must be at least 2, got {n}")
        if n > MAX_SIZE:
            raise InvalidPositionError(f"board size must be at most {MAX_SIZE}, got {n}")
        board = np.array([_CHARS[ch] for row in rows for ch in row], dtype=np.int8)
        return cls.from_array(board.reshape(n, n), colour, swap_available=swap_available)

    @classmethod
    def from_array(cls, board, to_move: int | str = RED, swap_available: bool = False) -> State:
        """A position from an n x n array of 0 (empty), 1 (red), 2 (blue); validated like :meth:`from_text`."""
        arr = np.asarray(board)
        if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
            raise InvalidPositionError(f"the board must be a square 2-D array, got shape {arr.shape}")
        n = arr.shape[0]
        if not 2 <= n <= MAX_SIZE:
            raise InvalidPositionError(f"board size must be between 2 and {MAX_SIZE}, got {n}")
        bad = np.argwhere(~np.isin(arr, (0, 1, 2)))
        if len(bad):
            r, c = bad[0]
            raise InvalidPositionError(f"point ({r}, {c}) holds {arr[r, c]!r}: expected 0 (empty), 1 (red) or 2 (blue)")
        colour = _colour_code(to_move) if isinstance(to_move, str) else int(to_move)
        if colour not in (RED, BLUE):
            raise InvalidInputError(f"to_move must be 'red' or 'blue', got {to_move!r}")
        flat = np.ascontiguousarray(arr.reshape(-1), dtype=np.int8).copy()
        i = K.has_any_crosscut(flat, n)
        if i >= 0:
            r, c = divmod(int(i), n)
            sym = {0: ".", 1: "R", 2: "B"}
            a, b, cc, d = (sym[int(flat[q])] for q in (i, i + 1, i + n, i + n + 1))
            raise InvalidPositionError(f"crosscut in the 2x2 block with top-left corner ({r}, {c}): {a} {b} / {cc} {d}")
        secluded = secluded_points(flat, n)
        if secluded:
            raise InvalidPositionError(
                f"secluded empty point(s) {secluded[:5]}{' ...' if len(secluded) > 5 else ''}: "
                "every empty region must contain an edge point"
            )
        red_won = bool(K.winning_chain(flat, n, RED).any())
        blue_won = bool(K.winning_chain(flat, n, BLUE).any())
        if red_won and blue_won:
            raise InvalidPositionError("both colours connect their edges; a game stops at the first connection")
        if swap_available and not (colour == BLUE and int((flat == RED).sum()) == 1 and int((flat == BLUE).sum()) == 0):
            raise InvalidInputError("swap_available needs Blue to move with exactly one Red stone on the board")
        s = cls(n, flat, colour, swap_available)
        if red_won or blue_won:
            s.winner_code = RED if red_won else BLUE
            s.over = True
        else:
            s._settle_turn()
        return s

    def copy(self) -> State:
        s = State(self.n, self.board.copy(), self.to_move, self.swap_available)
        for name in _COPIED:
            setattr(s, name, getattr(self, name))
        s.history = list(self.history)
        s.skips = list(self.skips)
        s._cache = self._cache
        return s

    clone = copy

    # ------------------------------------------------------------------ rules
    def _analysis(self):
        """(legal, crosscut, secluding) masks for the colour to move (cached)."""
        if self._cache is None:
            legal, cross, secl, _ = K.analyse(self.board, self.n, self.to_move)
            self._cache = (legal, cross, secl)
        return self._cache

    def _settle_turn(self) -> None:
        """Apply the skip rule: if the colour to move cannot place, the other moves; if neither, draw."""
        self._cache = None
        if self.swap_available:
            return  # Blue can always swap
        if self._analysis()[0].any():
            return
        self.to_move = 3 - self.to_move
        self._cache = None
        if self._analysis()[0].any():
            self.skipped_turns += 1
            self.skips.append((len(self.history), NAMES[3 - self.to_move]))
            return
        self.to_move = 3 - self.to_move
        self._cache = None
        self.over = True  # nobody can move and nobody has won: a draw

    def legal_moves(self) -> list[tuple[int, int]]:
        """Legal placements of the colour to move, sorted ``(row, col)``; ``[]`` when the game is over."""
        if self.over:
            return []
        return [divmod(int(p), self.n) for p in np.flatnonzero(self._analysis()[0])]

    def legal_actions(self) -> list:
        """``legal_moves()`` plus ``"swap"`` when Blue may swap."""
        moves: list = self.legal_moves()
        if self.swap_available and not self.over:
            moves.append(SWAP)
        return moves

    def illegal_points(self) -> dict[tuple[int, int], tuple[str, ...]]:
        """``{(row, col): reasons}`` for every empty point the colour to move may not take.

        >>> s = State.from_text("RB.\\nB..\\n...", "red")
        >>> s.illegal_points()
        {(1, 1): ('crosscut',)}
        """
        if self.over:
            return {}
        legal, cross, secl = self._analysis()
        out = {}
        for p in np.flatnonzero((self.board == 0) & ~legal):
            reasons = tuple(name for name, mask in (("crosscut", cross), ("seclusion", secl)) if mask[p])
            out[divmod(int(p), self.n)] = reasons
        return out

    def sealed_by(self, move) -> list[tuple[int, int]]:
        """The empty points a stone at ``move = (row, col)`` would seal off: the points of every empty
        region that would no longer contain an edge point (sorted; ``[]`` when it secludes nothing).
        Either colour seals off the same points.

        >>> State.from_text(".R...\\nR.R..\\n.....\\n.....\\n.....", "blue").sealed_by((2, 1))
        [(1, 1)]
        """
        p = self._check_point(move)
        if self.board[p] != 0:
            raise IllegalMoveError(f"{point_name(*divmod(p, self.n))} is not empty")
        board = self.board.copy()
        board[p] = RED
        return secluded_points(board, self.n)

    def _check_point(self, move) -> int:
        if (
            not isinstance(move, (tuple, list))
            or len(move) != 2
            or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in move)
        ):
            raise IllegalMoveError(f"a move is (row, col) with integers or 'swap', got {move!r}")
        r, c = int(move[0]), int(move[1])
        if not (0 <= r < self.n and 0 <= c < self.n):
            raise IllegalMoveError(
                f"({r}, {c}) is off the {self.n}x{self.n} board: rows and columns run 0..{self.n - 1}"
            )
        return r * self.n + c

    def why_illegal(self, move) -> str | None:
        """The reason ``move`` is illegal now, or None when it is legal. Points are named as the board
        labels them (``"row 3, col 2"``, from 1); a seclusion names the empty points it would seal off.

        >>> State.from_text(".R...\\nR.R..\\n.....\\n.....\\n.....", "blue").why_illegal((2, 1))
        'a stone at row 3, col 2 would seal off row 2, col 2: that empty point would have no empty path to the edge'
        """
        if self.over:
            return "the game is over" + (f": {self.winner} has won" if self.winner else ": a draw, nobody can move")
        if move == SWAP:
            return None if self.swap_available else "swap is only allowed on Blue's first turn under the swap rule"
        try:
            p = self._check_point(move)
        except IllegalMoveError as exc:
            return str(exc)
        r, c = divmod(p, self.n)
        if self.board[p] != 0:
            return f"{point_name(r, c)} already holds a {NAMES[int(self.board[p])]} stone"
        legal, cross, secl = self._analysis()
        if legal[p]:
            return None
        reasons = []
        if cross[p]:
            reasons.append(f"a {NAMES[self.to_move]} stone at {point_name(r, c)} would make a crosscut")
        if secl[p]:
            reasons.append(seclusion_text((r, c), self.sealed_by((r, c))))
        return " and ".join(reasons)

    def play(self, move) -> None:
        """Place a stone of the colour to move at ``move = (row, col)``, or ``"swap"``.

        Raises :class:`IllegalMoveError` with the reason (off board, occupied, crosscut,
        seclusion, game over, swap not allowed); the position is unchanged then.
        """
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        legal, cross, secl = self._analysis()
        if move == SWAP:
            self.swap_available = False
            self.swapped = True
            self.history.append(SWAP)
            # the colour to move stays Blue; the seats exchange colours (see NecklaceState)
            self._settle_turn()
            return
        ncross = int(cross.sum())
        nsecl = int(secl.sum())
        self.crosscut_blocked += ncross
        self.seclusion_blocked += nsecl
        self.crosscut_turns += ncross > 0
        self.seclusion_turns += nsecl > 0
        p = self._check_point(move)
        colour = self.to_move
        self.board[p] = colour
        self.placements += 1
        self.history.append(divmod(p, self.n))
        self.swap_available = False
        stamp = np.zeros(self.n * self.n, dtype=np.int32)
        stack = np.empty(self.n * self.n, dtype=np.int32)
        if K.wins_through(self.board, self.n, p, stamp, 1, stack):
            self.winner_code = colour
            self.over = True
            self._cache = None
            return
        self.to_move = 3 - colour
        if self.swap_rule and not self.swapped and len(self.history) == 1 and colour == RED:
            self.swap_available = True  # Blue's first turn: place or take over Red's side
        self._settle_turn()

    # ------------------------------------------------------------------ results
    @property
    def winner(self) -> str | None:
        """``"red"``, ``"blue"`` or None (game on, or a draw)."""
        return NAMES.get(self.winner_code)

    @property
    def is_draw(self) -> bool:
        """True when nobody can move and nobody has won."""
        return self.over and self.winner_code == 0

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def colour_to_move(self) -> str | None:
        return None if self.over else NAMES[self.to_move]

    def turn_log(self) -> list[str]:
        """The game so far in words, one line per turn: each placement (named as the board labels
        points) or swap with its colour, and each skipped turn saying whose it was.

        >>> s = State.from_text("RB\\n.R", "blue")   # Blue cannot place: its turn is skipped at once
        >>> s.turn_log()
        ['blue was skipped: no legal placement']
        """
        skips: dict[int, list[str]] = {}
        for at, colour in self.skips:
            skips.setdefault(at, []).append(colour)
        lines = []
        for i, move in enumerate([*self.history, None]):
            lines += [skip_text(colour) for colour in skips.get(i, [])]
            if move == SWAP:
                lines.append("blue swapped: blue takes over red's side")
            elif move is not None:
                colour = NAMES[int(self.board[move[0] * self.n + move[1]])]
                lines.append(f"{colour} placed at {point_name(*move)}")
        return lines

    def winning_chain(self) -> list[tuple[int, int]]:
        """The points of the winner's connecting group (empty list when nobody has won)."""
        if not self.winner_code:
            return []
        mask = K.winning_chain(self.board, self.n, self.winner_code)
        return [divmod(int(p), self.n) for p in np.flatnonzero(mask)]

    def to_text(self) -> str:
        sym = {0: ".", RED: "R", BLUE: "B"}
        return "\n".join("".join(sym[int(v)] for v in self.board[r * self.n : (r + 1) * self.n]) for r in range(self.n))

    def playout(self, rng: np.random.Generator) -> tuple[str, int, int]:
        """Random legal play to the end from a copy (compiled); ``(result, placements, skips)``.

        The compiled stream is seeded with ``rng.integers(2**63)``. ``result`` is ``"red"``,
        ``"blue"`` or ``"draw"``; the swap is never chosen. The position itself is unchanged.

        >>> State.initial(5).playout(np.random.default_rng(0))[0] in ("red", "blue", "draw")
        True
        """
        if self.over:
            return (self.winner or "draw", 0, 0)
        if not isinstance(rng, np.random.Generator):
            raise InvalidInputError(f"playout needs a numpy Generator, got {type(rng).__name__}")
        seed = int(rng.integers(2**63))
        w, placed, skipped = K.playout(self.board, self.n, self.to_move, K.make_rng_state(seed))
        return ({RED: "red", BLUE: "blue"}.get(int(w), "draw"), int(placed), int(skipped))

    def __repr__(self) -> str:
        status = (
            f"winner={self.winner!r}" if self.winner else "draw" if self.is_draw else f"to_move={NAMES[self.to_move]!r}"
        )
        return f"State({self.n}x{self.n}, {status})\n{self.to_text()}"

    def drawing_facts(self) -> dict[str, Any]:
        """What :func:`negenlab.necklace.svg.board_svg` draws, computed here by the rules: the board,
        the colour to move, the winner, the swap, the illegal points with their reasons and the
        winning chain, and for each point refused for seclusion the empty points it would seal off
        (``sealed``). ``board_svg(**state.drawing_facts())`` draws the position."""
        illegal = self.illegal_points()
        return {
            "board": self.board.reshape(self.n, self.n).copy(),
            "to_move": self.colour_to_move,
            "winner": self.winner,
            "swap_available": bool(self.swap_available),
            "illegal": illegal,
            "chain": self.winning_chain(),
            "sealed": {p: self.sealed_by(p) for p, why in illegal.items() if "seclusion" in why},
        }

    def _repr_svg_(self) -> str:
        from .svg import board_svg

        return board_svg(**self.drawing_facts())

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, State)
            and self.n == other.n
            and self.to_move == other.to_move
            and self.swap_available == other.swap_available
            and self.over == other.over
            and bool(np.array_equal(self.board, other.board))
        )

    __hash__ = None  # type: ignore[assignment]  # mutable


def skip_text(colour: str) -> str:
    """What a skipped turn says: ``skip_text("blue")`` -> ``'blue was skipped: no legal placement'``."""
    return f"{colour} was skipped: no legal placement"


def seclusion_text(point, sealed) -> str:
    """Why a stone at ``point`` is refused for seclusion, naming the ``sealed`` empty points as the
    board labels them."""
    one = len(sealed) == 1
    return (
        f"a stone at {point_name(*point)} would seal off {point_names(sealed)}: "
        f"{'that empty point' if one else 'those empty points'} would have no empty path to the edge"
    )


def secluded_points(board: np.ndarray, n: int) -> list[tuple[int, int]]:
    """Empty points not connected to the edge through empty points (flood fill from the edge)."""
    b = np.asarray(board).reshape(n, n)
    reach = np.zeros((n, n), dtype=bool)
    stack = [(r, c) for r in range(n) for c in range(n) if (r in (0, n - 1) or c in (0, n - 1)) and b[r, c] == 0]
    for r, c in stack:
        reach[r, c] = True
    while stack:
        r, c = stack.pop()
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < n and 0 <= cc < n and b[rr, cc] == 0 and not reach[rr, cc]:
                reach[rr, cc] = True
                stack.append((rr, cc))
    return [(int(r), int(c)) for r, c in np.argwhere((b == 0) & ~reach)]


# ====================================================================== core protocol
class NecklaceGame(Game):
    """Necklace on the core protocol: seat 0 opens as Red; with ``rules.swap`` seat 1 may take Red's side.

    ``NecklaceGame(Rules(size=7))`` or ``NecklaceGame(size=7)``; the default is ``Rules()`` (9x9, swap on).
    Actions are ``(row, col)`` tuples and ``"swap"``. ``game_info()`` gives the columns
    ``winner_colour`` (red/blue/draw), ``swapped``, ``skipped_turns``, ``placements``,
    ``crosscut_blocked``/``seclusion_blocked`` (points each restriction removed, summed
    over decisions), ``crosscut_turns``/``seclusion_turns`` (decisions where it removed at
    least one point) and ``first_move``.

    >>> import numpy as np
    >>> from negenlab.core.game import play_random_game
    >>> final = play_random_game(NecklaceGame(Rules(size=5)), np.random.default_rng(1))
    >>> final.game_info()["winner_colour"] in ("red", "blue", "draw")
    True
    """

    name = "necklace"

    def __init__(self, rules: Rules | None = None, **kwargs: Any):
        if rules is not None and kwargs:
            raise InvalidInputError("give NecklaceGame a Rules or its fields (size=, swap=), not both")
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidInputError(f"give NecklaceGame a necklace Rules or its fields (size=, swap=), got {rules!r}")
        known_fields(kwargs, Rules.__dataclass_fields__, "necklace")
        self.rules = rules if rules is not None else Rules(**kwargs)

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> NecklaceState:
        return NecklaceState(State.initial(self.rules.size, swap=self.rules.swap))


class NecklaceState(CoreState):
    """Seats on top of a :class:`State`: ``position`` holds the board in colours."""

    def __init__(self, position: State):
        self.position = position

    # seats
    def seat_of(self, colour: int) -> int:
        """Seat 0 plays Red unless a swap happened."""
        red_seat = 1 if self.position.swapped else 0
        return red_seat if colour == RED else 1 - red_seat

    @property
    def current_player(self) -> int:
        if self.position.over:
            return TERMINAL
        return self.seat_of(self.position.to_move)

    @property
    def num_players(self) -> int:
        return 2

    def legal_actions(self) -> list:
        return self.position.legal_actions()

    def apply(self, action) -> None:
        self.position.play(action)

    def is_terminal(self) -> bool:
        return self.position.over

    def returns(self) -> list[float]:
        pos = self.position
        if not pos.over or pos.winner_code == 0:
            return [0.0, 0.0]
        w = self.seat_of(pos.winner_code)
        return [1.0 if p == w else -1.0 for p in range(2)]

    def clone(self) -> NecklaceState:
        return NecklaceState(self.position.copy())

    def key(self) -> tuple:
        """The board, the colour to move, the swap (offered, made) and the end: what decides the rest."""
        p = self.position
        return p.board.tobytes(), p.to_move, p.swap_available, p.swapped, p.over, p.winner_code

    def playout(self, rng: np.random.Generator) -> list[float]:
        """Compiled random playout (seeded from ``rng``); returns per seat. Swap is never chosen in playouts."""
        result, _, _ = self.position.playout(rng)
        if result == "draw":
            return [0.0, 0.0]
        w = self.seat_of(COLOURS[result])
        return [1.0 if p == w else -1.0 for p in range(2)]

    def game_info(self) -> dict[str, Any]:
        pos = self.position
        first = next((m for m in pos.history if m != SWAP), None)
        return {
            "winner_colour": pos.winner or ("draw" if pos.over else "none"),
            "swapped": bool(pos.swapped),
            "skipped_turns": int(pos.skipped_turns),
            "placements": int(pos.placements),
            "crosscut_blocked": int(pos.crosscut_blocked),
            "seclusion_blocked": int(pos.seclusion_blocked),
            "crosscut_turns": int(pos.crosscut_turns),
            "seclusion_turns": int(pos.seclusion_turns),
            "first_move": "" if first is None else f"{first[0]},{first[1]}",
        }

    def action_to_string(self, action) -> str:
        return action if action == SWAP else f"{action[0]},{action[1]}"

    def _repr_svg_(self) -> str:
        return self.position._repr_svg_()

    def __repr__(self) -> str:
        return f"NecklaceState(seat to move={self.current_player}, swapped={self.position.swapped})\n{self.position.to_text()}"


def play_moves(state: State, moves: Iterable) -> State:
    """Play ``moves`` on a copy of ``state`` and return it."""
    s = state.copy()
    for m in moves:
        s.play(m)
    return s
