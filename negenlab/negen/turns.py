"""Every legal turn of a Negen position, exactly, on position-free tables.

Where spirals lie relative to each other means nothing (rules page, "Pieces"): a table is a
multiset of spirals, each up to translation and quarter turns. Its key (:func:`table_key`) is
the sorted tuple of canonical spiral keys (:func:`spiral_key`), and every function here works
on keys, so two layouts of the same dice give the same answer.

An end-of-turn table is legal (rules page, "A turn") iff every spiral is valid, no spiral is
made only of board dice added this turn, every start die is still there, and the start spirals
lie rigidly in it (under ``rearrange="free"``: the parts left after taking out at most
``free_moves`` single dice). So an end table is a multiset of *components*, each one spiral
built from some start *pieces* (placed rigidly, any quarter turn) and some board dice, connected.

How the search finds them all:

1. **Components** (:func:`_components`). From its biggest piece, in that piece's frame and with
   the interpretation (edge parity) fixed, a cluster grows. While some die or pair is uncovered,
   it branches only on how that item gets covered: the one or two missing cells of a sequence
   through it, each filled by a board die or by another piece laid over it. A valid cluster is
   recorded and may grow by any touching die or piece. A cluster is dropped only when some die
   or pair can never be covered (dice already placed never move, so what fails now fails for
   ever).
2. **End tables.** Choose components whose pieces add up to the start pieces exactly and whose
   dice fit in the board; the end table is the sorted tuple of their keys.

Step 1 is compiled with numba (:mod:`negenlab.negen.growth`: the search on a grid, its states kept
once in a hash table checked on their full contents); pieces' quarter turns and spiral validity are
cached by canonical key across decisions.

>>> res = legal_turns("6 5 4", board=(3, 2))
>>> res.complete, len(res.turns)   # refuse, or 4-3-2 along the row, or turning left or right at the 4
(True, 4)
>>> sorted(t.used for t in res.turns)
[(), (2, 3), (2, 3), (2, 3)]
>>> legal_turns("6 5 4 . 2", board=(3,)).keys() == legal_turns("6 5 4 . . 2", board=(3,)).keys()
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations, product
from typing import Any

import numpy as np

from negenlab.core.checks import is_whole, optional_whole
from negenlab.core.errors import InvalidInputError

from . import growth
from .rules import DEFAULT_RULES, Rules
from .spirals import spiral_status
from .table import DIRECTIONS, as_table, layout, quarter_turn_images, spiral_key, table_key

SpiralKey = tuple
TableKey = tuple
Cell = tuple

__all__ = [
    "Position",
    "Turn",
    "TurnSearchResult",
    "legal_turns",
    "closing_turns",
    "closing_dice",
    "can_close",
    "find_closing_turn",
    "spiral_key",
    "table_key",
]


# ---------------------------------------------------------------------------
# positions and results
# ---------------------------------------------------------------------------
def _check_board(board: Iterable[int] | None) -> tuple[int, ...]:
    if board is None:
        raise InvalidInputError("the board of the player to move is needed (board=(...), 0..4 dice)")
    if isinstance(board, (str, bytes, Mapping)) or not isinstance(board, Iterable):
        raise InvalidInputError(f"the board is a sequence of 0..4 dice, e.g. (5, 2, 2, 1), got {board!r}")
    out = []
    for i, v in enumerate(board):
        if i >= 4:
            raise InvalidInputError(f"a board holds at most 4 dice, got more: {board!r}")
        if not is_whole(v) or not 1 <= int(v) <= 6:
            raise InvalidInputError(f"board die {i + 1} shows {v!r}; a die shows 1..6")
        out.append(int(v))
    return tuple(sorted(out))


def as_table_key(position: Any) -> TableKey:
    """The position-free key of a table given as a key, a :class:`Table`, a mapping or text rows."""
    if (
        isinstance(position, tuple)
        and all(isinstance(s, tuple) for s in position)
        and (not position or all(s and isinstance(s[0], tuple) and len(s[0]) == 3 for s in position))
    ):
        return tuple(sorted(spiral_key(s) for s in position))
    return table_key(as_table(position))


@dataclass(frozen=True)
class Position:
    """A table (as its position-free key) and the board of the player to move.

    >>> Position.of("6 5 4 . 3", board=(3, 2)).board
    (2, 3)
    """

    table: TableKey
    board: tuple[int, ...]

    @classmethod
    def of(cls, table: Any, board: Iterable[int]) -> Position:
        return cls(as_table_key(table), _check_board(board))

    from_text = of


@dataclass(frozen=True, eq=False)
class Turn:
    """One legal end of turn.

    - ``key``: the end table, position-free; ``table``: the same dice laid out neatly (a mapping
      ``(row, col) -> value``; spirals side by side, since layout carries no meaning);
    - ``used``: the board values added (sorted); ``closed``: the end table holds a closed spiral;
      ``depleted``: every board die was added;
    - ``merges``: start spirals joined into others; ``moved``: dice taken out (``"free"`` only).
    """

    key: TableKey
    used: tuple[int, ...]
    closed: bool
    depleted: bool
    merges: int = 0
    moved: int = 0

    # The turn record's accessors; benchmarks/legacy keeps its own frozen copy for the speed baseline.
    @property
    def table(self) -> Mapping:
        return layout(self.key).cells

    @property
    def added(self) -> int:
        return len(self.used)

    @property
    def refusal(self) -> bool:
        return not self.used

    @property
    def joins(self) -> int:
        return self.merges

    def text(self) -> str:
        return layout(self.key).to_text()

    def to_dict(self) -> dict:
        return {
            "table": self.text(),
            "used": list(self.used),
            "depleted": self.depleted,
            "closed": self.closed,
            "refusal": self.refusal,
            "merges": self.merges,
            "moved": self.moved,
        }

    def _repr_svg_(self) -> str:
        from .svg import table_svg

        return table_svg(layout(self.key), title=f"uses {list(self.used)}" + (", closes" if self.closed else ""))


@dataclass
class TurnSearchResult:
    """Every legal end of turn of a position (``complete``), or as many as a stated cap allowed.

    ``explored`` counts component states expanded; ``stopped`` says which cap stopped an incomplete
    search (``None`` when complete).
    """

    turns: list[Turn]
    complete: bool
    explored: int
    stopped: str | None = None
    rules: Rules = field(default_factory=Rules)

    def __len__(self) -> int:
        return len(self.turns)

    def keys(self) -> set:
        return {t.key for t in self.turns}

    @property
    def closing(self) -> list[Turn]:
        return [t for t in self.turns if t.closed]

    def to_dict(self) -> dict:
        return {
            "complete": self.complete,
            "stopped": self.stopped,
            "explored": self.explored,
            "n_turns": len(self.turns),
            "n_closing": len(self.closing),
            "turns": [t.to_dict() for t in self.turns],
        }

    def _repr_html_(self) -> str:
        status = "complete" if self.complete else f"stopped ({self.stopped})"
        return (
            f"<p><b>{len(self.turns)}</b> legal turns ({len(self.closing)} closing), search {status}, "
            f"{self.explored} states explored</p>"
        )


# ---------------------------------------------------------------------------
# geometry on keys (cached by canonical key) and the search
# ---------------------------------------------------------------------------
@cache
def _rotations(key: SpiralKey) -> tuple:
    """The distinct quarter-turn images of a spiral, each normalised, as tuples of (r, c, v)."""
    return tuple(dict.fromkeys(quarter_turn_images(list(key))))


@dataclass(frozen=True)
class Component:
    """One spiral an end table can hold: built from ``pieces`` (counts per distinct start piece)
    and board ``dice`` (counts per value 1..6, index 0 unused)."""

    key: SpiralKey
    pieces: tuple[int, ...]
    dice: tuple[int, ...]
    closed: bool


class _Found(Exception):
    """Raised by a closing search asked only whether some closing count exists."""


class _Budget(Exception):
    pass


# Dice in the smallest valid closed spiral of each reading (shape, coverage), from the exhaustive
# enumeration (data/negen/smallest_closed_spirals.csv; tests/negen/test_spirals_enumerate.py holds
# these against negenlab.negen.enumerate.smallest_closed_spirals). A closing search drops states
# that can never reach this size.
SMALLEST_CLOSED = {("straight", "adjacency"): 8, ("straight", "die"): 6, ("bent", "adjacency"): 4, ("bent", "die"): 4}

_SHAPE = {"straight": growth.STRAIGHT, "bent": growth.BENT}
_COVERAGE = {"adjacency": growth.ADJACENCY, "die": growth.DIE}
_NO_BOARDS = np.zeros((0, 7), dtype=np.int64)
_NO_WEIGHTS = np.zeros(0, dtype=np.int64)


@dataclass(frozen=True)
class ClosingStop:
    """When a closing search may stop: once the ``weights`` of the ``boards`` (dice counts per value,
    index 0 unused) that hold some closing count found exceed ``above``. No boards: never."""

    boards: np.ndarray = field(default_factory=lambda: _NO_BOARDS)
    weights: np.ndarray = field(default_factory=lambda: _NO_WEIGHTS)
    above: Fraction = Fraction(0)

    @classmethod
    def at_first(cls, dice: tuple) -> ClosingStop:
        """Stop at the first closing count found with at most ``dice``."""
        return cls(np.array([dice], dtype=np.int64), np.ones(1, dtype=np.int64), Fraction(0))

    def hits(self, needs: Iterable[tuple]) -> int:
        """The weight of the boards that hold one of the counts ``needs``."""
        needs = list(needs)
        return int(
            sum(
                w
                for b, w in zip(self.boards, self.weights, strict=True)
                if any(all(n <= h for n, h in zip(need, b, strict=True)) for need in needs)
            )
        )

    def reached(self, needs: Iterable[tuple]) -> bool:
        return len(self.boards) > 0 and self.hits(needs) > self.above


_NEVER = ClosingStop()


def _rotation_arrays(pieces: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The quarter-turn images of ``pieces`` as the kernel reads them: images ``rot_ptr[j]..rot_ptr[j+1]``
    of piece ``j``, image ``k`` being rows ``rimg_ptr[k]..rimg_ptr[k+1]`` of ``rimg`` (row, col, value)."""
    rot_ptr, rimg_ptr, rows = [0], [0], []
    for p in pieces:
        for img in _rotations(p):
            rows += img
            rimg_ptr.append(len(rows))
        rot_ptr.append(len(rimg_ptr) - 1)
    return (
        np.array(rot_ptr, dtype=np.int64),
        np.array(rimg_ptr, dtype=np.int64),
        np.array(rows, dtype=np.int64).reshape(-1, 3),
    )


def _decode(codes: np.ndarray, width: int) -> list[tuple[int, int, int]]:
    """The dice ``(row, col, value)`` of the kernel's codes ``(row * width + col) * 8 + value``.

    >>> _decode(np.array([(1 * 10 + 2) * 8 + 5]), 10)
    [(1, 2, 5)]
    """
    cells = codes >> 3
    return list(zip((cells // width).tolist(), (cells % width).tolist(), (codes & 7).tolist(), strict=True))


def _components(
    pieces: tuple,
    counts: tuple,
    dice: tuple,
    max_dice: int,
    shape: str,
    coverage: str,
    budget: list | None,
    needs: set | None = None,
    stop: ClosingStop = _NEVER,
    roots: tuple | None = None,
    closed_out: list | None = None,
) -> list[Component]:
    """Every valid component buildable from the distinct start ``pieces`` (``counts`` of each) and
    at most ``max_dice`` board dice (``dice``: counts per value).

    A component is grown from its biggest piece (ties: first in ``pieces``) in that piece's frame;
    only pieces not before it in that order are attached. The edge parity (the interpretation the finished
    spiral is valid under) is fixed at the start; both are tried. A state that leaves some die or
    pair uncovered branches only on how that item gets covered: the one or two missing cells of a
    sequence through it, each filled by a board die or by a piece laid over it. A valid state is
    recorded and may grow by any touching die or piece. Complete: a finished spiral F contains
    every state on its way; an uncovered item of a state is covered in F by a sequence whose
    missing cells F fills, and a valid state short of F touches a die or piece of F. States that
    can no longer be made valid are dropped (exact, as a cluster only gains dice). A state grown
    from a lone die is kept once for its 4 quarter turns about that die (they lead to turned copies
    of the same spirals). The growth is compiled (:func:`negenlab.negen.growth.grow`).

    With ``needs`` (a set), the search only collects the dice counts of closed components into it
    and returns nothing, dropping what cannot lead to a new minimal count: a closed valid state is
    not grown (growth only adds dice); a state whose dice already hold a collected count is
    dropped; so is a state too small ever to reach the smallest closed spiral of the reading. It
    ends early (raising ``_Found``) once ``stop`` is reached; with ``closed_out`` (a list) each
    closed component found is appended to it, as ``(key, pieces used, dice used)``.

    ``roots`` (indices into ``pieces``, in order) grows components only from those pieces, each
    attaching the pieces after it in ``roots`` and every piece not in ``roots``: the components that
    hold at least one of the ``roots`` pieces. Default: every piece, biggest first."""
    n = len(pieces)
    found: dict = {}
    closing = needs is not None
    smallest = SMALLEST_CLOSED[(shape, coverage)] if closing else 0
    sizes = [len(p) for p in pieces]
    # a grid wide enough for any component on either side of the root (cells never wrap)
    width = 2 * (sum(c * s for c, s in zip(counts, sizes, strict=True)) + max_dice) + 8
    rot_ptr, rimg_ptr, rimg = _rotation_arrays(pieces)
    counts_a = np.array(counts, dtype=np.int64)
    sizes_a = np.array(sizes, dtype=np.int64)
    dice_a = np.array(dice, dtype=np.int64)
    needs_a = np.zeros((growth.NEEDS_CAP, 7), dtype=np.int64)
    n_needs = np.zeros(1, dtype=np.int64)
    if needs is not None:
        for k, e in enumerate(needs):
            needs_a[k] = e
        n_needs[0] = len(needs)
    budget_a = np.array([-1 if budget is None else max(budget[0], 0)], dtype=np.int64)
    centre = width // 2
    # big pieces first: a component grows from its biggest piece, others are laid against it
    by_size = sorted(range(n), key=lambda j: (-sizes[j], j))
    order = by_size if roots is None else list(roots) + [j for j in by_size if j not in roots]
    for pos, i in enumerate(order[: n if roots is None else len(roots)]):
        if not counts[i]:
            continue
        later = order[pos:]
        if closing and sizes[i] + max_dice + sum((counts[j] - (j == i)) * sizes[j] for j in later) < smallest:
            continue
        base = np.array([((r + centre) * width + c + centre, v) for r, c, v in pieces[i]], dtype=np.int64)
        later_a = np.array(later, dtype=np.int64)
        for parity in (0, 1):
            status, codes, start, length, used_m, used_d, closed, _ = growth.grow(
                width, _SHAPE[shape], _COVERAGE[coverage], base, parity, counts_a, later_a, sizes_a,
                rot_ptr, rimg_ptr, rimg, i, dice_a, max_dice, growth.CLOSING if closing else growth.LIST,
                smallest, needs_a, n_needs, stop.boards, stop.weights, stop.above.numerator,
                stop.above.denominator, budget_a,
            )  # fmt: skip
            if budget is not None:
                budget[0] = int(budget_a[0])
            dice_of = _decode(codes, width)
            # the pieces and dice used: few distinct rows among many components (np.unique pays off
            # only for many rows)
            used = np.hstack([used_m, used_d])
            if len(used) > 512:
                used, which = np.unique(used, axis=0, return_inverse=True)
            else:
                which = np.arange(len(used))
            signatures = [(tuple(row[:n]), tuple(row[n:])) for row in used.tolist()]
            for a, ln, w, c in zip(
                start.tolist(), length.tolist(), which.reshape(-1).tolist(), closed.tolist(), strict=True
            ):
                key = tuple(dice_of[a : a + ln])
                m, d = signatures[w]
                if needs is not None:
                    needs.add(d)
                    if closed_out is not None:
                        closed_out.append((key, m, d))
                elif (key, m, d) not in found:
                    found[(key, m, d)] = Component(key, m, d, bool(c))
            if status == growth.OUT_OF_BUDGET:
                raise _Budget
            if status == growth.STOPPED:
                raise _Found
    return list(found.values())


def _end_tables(pieces: tuple, counts: tuple, comps: list[Component], board: tuple, out: dict, moved: int) -> None:
    """Add to ``out`` every end table (key -> Turn fields) that splits the pieces into components.

    Components with the same pieces and dice are interchangeable in the split, so the split is
    searched over those groups, and each split yields every choice of one component per group."""
    n = len(pieces)
    # groups by their first piece: when piece i is the first left, it opens the next component
    groups: list[dict] = [{} for _ in range(n)]
    for c in comps:
        first = next(i for i in range(n) if c.pieces[i])
        groups[first].setdefault((c.pieces, c.dice), []).append((c.key, c.closed))
    having = [list(g.items()) for g in groups]
    bd = [0] * 7
    for v in board:
        bd[v] += 1
    total_pieces = sum(counts)

    def rec(rem: list, drem: list, chosen: list):
        i = next((j for j in range(n) if rem[j]), None)
        if i is None:
            used = tuple(v for v in range(1, 7) for _ in range(bd[v] - drem[v]))
            merges = total_pieces - len(chosen)
            for combo in product(*chosen):
                key = tuple(sorted(k for k, _ in combo))
                prev = out.get(key)
                if prev is None or (moved, merges) < (prev[3], prev[2]):
                    out[key] = (used, any(closed for _, closed in combo), merges, moved)
            return
        for (pc, dc), members in having[i]:
            if any(pc[j] > rem[j] for j in range(i, n)) or any(dc[v] > drem[v] for v in range(1, 7)):
                continue
            for j in range(i, n):
                rem[j] -= pc[j]
            for v in range(1, 7):
                drem[v] -= dc[v]
            chosen.append(members)
            rec(rem, drem, chosen)
            chosen.pop()
            for j in range(i, n):
                rem[j] += pc[j]
            for v in range(1, 7):
                drem[v] += dc[v]

    rec(list(counts), list(bd), [])


def _piece_sets(start: TableKey, rules: Rules) -> list[tuple[tuple, int]]:
    """The multisets of rigid pieces a turn may start from, with the number of dice taken out:
    the start spirals, and under ``"free"`` every way of taking out up to ``free_moves`` dice."""
    sets = {tuple(sorted(start)): 0}
    if rules.rearrange == "free" and rules.free_moves > 0:
        cells = []  # (spiral index, (r, c, v))
        for i, s in enumerate(start):
            cells += [(i, d) for d in s]
        for k in range(1, rules.free_moves + 1):
            for taken in combinations(range(len(cells)), k):
                out: dict[int, list] = {}
                for t in taken:
                    out.setdefault(cells[t][0], []).append(cells[t][1])
                pieces = [s for i, s in enumerate(start) if i not in out]
                for i, dice in out.items():
                    rest = [d for d in start[i] if d not in dice]
                    pieces += [spiral_key(part) for part in _parts(rest)]
                    pieces += [((0, 0, v),) for _, _, v in dice]
                key = tuple(sorted(pieces))
                if key not in sets:
                    sets[key] = k
    return sorted(sets.items(), key=lambda kv: kv[1])


def _parts(dice: list) -> list[list]:
    """Connected parts of a list of (r, c, v)."""
    # Kept apart from tests/negen/brute_turns.py's _parts: the brute force shares no code with the engine.
    left = {(r, c): v for r, c, v in dice}
    parts = []
    while left:
        start = min(left)
        todo = [start]
        part = [(start[0], start[1], left.pop(start))]
        while todo:
            r, c = todo.pop()
            for dr, dc in DIRECTIONS:
                q = (r + dr, c + dc)
                if q in left:
                    part.append((q[0], q[1], left.pop(q)))
                    todo.append(q)
        parts.append(part)
    return parts


def _grouped(pieces: tuple) -> tuple[tuple, tuple]:
    distinct: list = []
    counts: list[int] = []
    for p in pieces:
        if distinct and distinct[-1] == p:
            counts[-1] += 1
        else:
            distinct.append(p)
            counts.append(1)
    return tuple(distinct), tuple(counts)


def _search_input(position: Any, board: Iterable[int] | None, rules: Rules) -> tuple[TableKey, tuple[int, ...]]:
    """The start table's key and the sorted board of a turn search, checked (clear errors)."""
    if isinstance(position, Position):
        start = position.table
        bd = _check_board(position.board if board is None else board)
    else:
        start = as_table_key(position)
        bd = _check_board(board)  # None: a clear error (the board is needed)
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"rules must be a negen Rules, got {type(rules).__name__}")
    return start, bd


def legal_turns(
    position: Any, board: Iterable[int] | None = None, rules: Rules = DEFAULT_RULES, max_states: int | None = None
) -> TurnSearchResult:
    """Every legal end-of-turn table of ``position``, one :class:`Turn` per position-free table.

    ``position`` is a :class:`Position`, or a table (key, :class:`Table`, mapping or text) with
    ``board`` given separately. The search is exact; ``max_states`` (default: none) caps the
    component states expanded, and a capped result says so (``complete=False``, ``stopped``).

    >>> piet = legal_turns(". . . . . . 4\\n6 5 4 . 3 . .", board=(5, 2, 2, 1))
    >>> from negenlab.negen import parse_table, table_key
    >>> table_key(parse_table(". . . 4 .\\n6 5 4 3 2\\n. . . 2 .")) in piet.keys()   # the source's turn
    True
    """
    start, bd = _search_input(position, board, rules)
    max_states = optional_whole(max_states, "max_states", 1)
    shape, cov = rules.sequence_shape, rules.coverage
    dice = [0] * 7
    for v in bd:
        dice[v] += 1
    budget = None if max_states is None else [max_states]
    out: dict = {}
    explored = 0
    stopped = None
    try:
        for pieces, moved in _piece_sets(start, rules):
            distinct, counts = _grouped(pieces)
            comps = _components(distinct, counts, tuple(dice), len(bd), shape, cov, budget)
            explored += len(comps)
            _end_tables(distinct, counts, comps, bd, out, moved)
    except _Budget:
        stopped = f"max_states={max_states} component states"
    turns = [
        Turn(key, used, closed, bool(bd) and len(used) == len(bd), merges, moved)
        for key, (used, closed, merges, moved) in out.items()
    ]
    turns.sort(key=lambda t: (len(t.used), t.moved, t.merges, t.key))
    if budget is not None and max_states is not None:
        explored = max_states - max(budget[0], 0)
    return TurnSearchResult(turns=turns, complete=stopped is None, explored=explored, stopped=stopped, rules=rules)


def closing_turns(
    position: Any, board: Iterable[int] | None = None, rules: Rules = DEFAULT_RULES, max_states: int | None = None
) -> TurnSearchResult:
    """The legal turns after which the table holds a closed spiral (the player wins the round).
    An empty, complete result proves the player cannot close now.

    >>> r = closing_turns("1 2 3\\n2 . 4\\n3 4 .", board=(5,))
    >>> r.complete, [t.text() for t in r.turns]
    (True, ['1 2 3\\n2 . 4\\n3 4 5'])
    """
    res = legal_turns(position, board, rules, max_states=max_states)
    return TurnSearchResult(
        turns=res.closing, complete=res.complete, explored=res.explored, stopped=res.stopped, rules=rules
    )


def _first_closed(pieces: tuple, counts: tuple, dice: tuple, max_dice: int, shape: str, coverage: str):
    """One valid closed component buildable from ``pieces`` (``counts`` of each) and at most
    ``max_dice`` of ``dice``, as ``(key, pieces used, dice used)``, or None when there is none
    (exact: the search stops at the first)."""
    out: list = []
    try:
        _components(
            pieces, counts, dice, max_dice, shape, coverage, None, set(), ClosingStop.at_first(dice), closed_out=out
        )
    except _Found:
        return out[0]
    return None


def _closing_split(pieces: tuple, dice: tuple, max_dice: int, shape: str, coverage: str):
    """A closing end table of the rigid ``pieces`` (a sorted tuple of spiral keys) and at most
    ``max_dice`` of ``dice`` (counts per value), as ``(components, pieces left alone, dice used)``,
    or None: exact, without listing end tables.

    A closing end table puts every piece in one spiral. Each piece that is invalid alone lies in a
    component with others; a component of valid pieces only that is not closed can be taken apart
    again (its pieces alone are legal and it used dice), so some end table closes iff (a) the
    invalid pieces are covered by components and (b) one of those, or one more closed component
    of the pieces and dice left, is closed. The components holding an invalid piece are listed
    (grown from invalid roots only); the closed one is found by a search that stops at the first."""
    distinct, counts = _grouped(pieces)
    n = len(distinct)
    bad = tuple(i for i in range(n) if not spiral_status(distinct[i], shape, coverage)[0])

    def rest_of(m: tuple) -> list:
        return [distinct[j] for j in range(n) for _ in range(counts[j] - m[j])]

    if not bad:
        hit = _first_closed(distinct, counts, dice, max_dice, shape, coverage)
        if hit is None:
            return None
        key, m, d = hit
        return [key], rest_of(m), d
    comps = _components(distinct, counts, dice, max_dice, shape, coverage, None, roots=bad)
    having = {i: [c for c in comps if c.pieces[i] and not any(c.pieces[j] for j in bad[: bad.index(i)])] for i in bad}
    tried: set = set()

    def cover(rem: tuple, d: tuple, chosen: list):
        i = next((j for j in bad if rem[j]), None)
        if i is None:
            if any(c.closed for c in chosen):
                return [c.key for c in chosen], rest_of(tuple(a - b for a, b in zip(counts, rem, strict=True))), d
            if (rem, d) in tried:
                return None
            tried.add((rem, d))
            left = tuple(0 if j in bad else rem[j] for j in range(n))
            free = tuple(a - b for a, b in zip(dice, d, strict=True))
            hit = _first_closed(distinct, left, free, max_dice - sum(d), shape, coverage)
            if hit is None:
                return None
            key, m, d2 = hit
            rem2 = tuple(r - x for r, x in zip(rem, m, strict=True))
            return (
                [c.key for c in chosen] + [key],
                [distinct[j] for j in range(n) for _ in range(rem2[j])],
                tuple(a + b for a, b in zip(d, d2, strict=True)),
            )
        for c in having[i]:
            if any(x > r for x, r in zip(c.pieces, rem, strict=True)):
                continue
            d2 = tuple(a + b for a, b in zip(d, c.dice, strict=True))
            if sum(d2) > max_dice or any(a > b for a, b in zip(d2, dice, strict=True)):
                continue
            found = cover(tuple(r - x for r, x in zip(rem, c.pieces, strict=True)), d2, chosen + [c])
            if found is not None:
                return found
        return None

    return cover(counts, (0,) * 7, [])


def _wild_dice() -> tuple:
    """Dice counts that stand for "any board of 4 dice": up to 4 of each value."""
    return (0,) + (4,) * 6


def find_closing_turn(position: Any, board: Iterable[int] | None = None, rules: Rules = DEFAULT_RULES) -> Turn | None:
    """One legal turn after which the table holds a closed spiral (the player wins the round), or
    None, which proves that no legal turn closes. Exact, and it never lists the legal turns: the
    search stops at the first closed spiral it can build (see :func:`_closing_split`).

    >>> find_closing_turn("1 2 3\\n2 . 4\\n3 4 .", board=(5, 1)).text()
    '1 2 3\\n2 . 4\\n3 4 5'
    >>> find_closing_turn("6 5 4", board=(3, 2)) is None
    True
    """
    start, bd = _search_input(position, board, rules)
    dice = [0] * 7
    for v in bd:
        dice[v] += 1
    for pieces, moved in _piece_sets(start, rules):
        found = _closing_split(pieces, tuple(dice), len(bd), rules.sequence_shape, rules.coverage)
        if found is not None:
            comps, alone, d = found
            used = tuple(v for v in range(1, 7) for _ in range(d[v]))
            key = tuple(sorted(list(comps) + list(alone)))
            merges = len(pieces) - len(comps) - len(alone)
            return Turn(key, used, True, bool(bd) and len(used) == len(bd), merges, moved)
    return None


def _dice_counts_up_to(n: int) -> tuple:
    """Every multiset of at most ``n`` dice as counts per value (7-tuples), smallest first."""
    out: list[tuple[int, ...]] = [(0,) * 7]
    for _ in range(n):
        out += sorted(
            {tuple(c + (i == v) for i, c in enumerate(d)) for d in out if sum(d) == sum(out[-1]) for v in range(1, 7)}
        )
    return tuple(out)


_DICE_UP_TO_4 = _dice_counts_up_to(4)  # 1 + 6 + 21 + 56 + 126 multisets


@lru_cache(maxsize=200_000)
def _closing_dice_key(start: TableKey, shape: str, coverage: str, rearrange: str, free_moves: int) -> tuple:
    rules = Rules(sequence_shape=shape, coverage=coverage, rearrange=rearrange, free_moves=free_moves)
    needs, _ = closing_counts_until(start, rules)
    minimal = [d for d in needs if not any(e != d and all(a <= b for a, b in zip(e, d, strict=False)) for e in needs)]
    return tuple(sorted(tuple(v for v in range(1, 7) for _ in range(d[v])) for d in minimal))


def closing_counts_until(position: Any, rules: Rules, stop: ClosingStop = _NEVER) -> tuple[set, bool]:
    """The dice counts (7-tuples, index = value) with which a player could close a spiral of this
    table now (every closing count of at most 4 dice is at least one of them), and whether the
    search finished: it ends early once the counts found reach ``stop`` (default: never). Not cached.

    >>> counts, complete = closing_counts_until("1 2 3\\n2 . 4\\n3 4 .", Rules())
    >>> complete, (0, 0, 0, 0, 0, 1, 0) in counts   # a 5 closes the ring
    (True, True)
    """
    start = as_table_key(position)
    shape, coverage = rules.sequence_shape, rules.coverage
    needs: set = set()
    repairs = []  # piece sets (under "free") holding a piece that is invalid alone
    for pieces, _ in _piece_sets(start, rules):
        distinct, counts = _grouped(pieces)
        if all(spiral_status(p, shape, coverage)[0] for p in distinct):
            try:  # every piece is valid alone: what a closed component leaves out stays as it is
                _components(distinct, counts, _wild_dice(), 4, shape, coverage, None, needs, stop)
            except _Found:
                return needs, False
        else:
            repairs.append(pieces)
    if repairs:
        # a closed end table must also repair the invalid pieces: ask the closing search of
        # find_closing_turn with each multiset of dice, smallest first, skipping multisets that
        # hold a count already found (closing with fewer dice closes with more)
        for dice in _DICE_UP_TO_4:
            if any(all(a <= b for a, b in zip(need, dice, strict=True)) for need in needs):
                continue
            if any(_closing_split(p, dice, sum(dice), shape, coverage) is not None for p in repairs):
                needs.add(dice)
                if stop.reached(needs):
                    return needs, False
    return needs, True


def _close_rules_key(rules: Rules) -> tuple[str, str, str, int]:
    """The rule fields the cached closing searches depend on (free moves count only under "free")."""
    return (
        rules.sequence_shape,
        rules.coverage,
        rules.rearrange,
        rules.free_moves if rules.rearrange == "free" else 0,
    )


@lru_cache(maxsize=200_000)
def _can_close_key(start: TableKey, shape: str, coverage: str, rearrange: str, free_moves: int) -> bool:
    rules = Rules(sequence_shape=shape, coverage=coverage, rearrange=rearrange, free_moves=free_moves)
    return any(
        _closing_split(pieces, _wild_dice(), 4, shape, coverage) is not None for pieces, _ in _piece_sets(start, rules)
    )


def can_close(position: Any, rules: Rules = DEFAULT_RULES) -> bool:
    """True when some board of 4 dice lets a player close a spiral of this table now (the same
    question as ``bool(closing_dice(...))``, answered by the search of :func:`find_closing_turn`
    that stops at the first closed spiral). Cached by table key.

    >>> can_close("6 5 4"), can_close("1 2 3\\n2 . 4\\n3 4 .")
    (False, True)
    """
    return _can_close_key(as_table_key(position), *_close_rules_key(rules))


def closing_dice(position: Any, rules: Rules = DEFAULT_RULES) -> tuple[tuple[int, ...], ...]:
    """The minimal multisets of board values with which a player could close a spiral of this table
    now (any legal turn that ends with a closed spiral; at most 4 dice). Cached by table key.

    >>> closing_dice("1 2 3\\n2 . 4\\n3 4 .")
    ((5,),)
    """
    return _closing_dice_key(as_table_key(position), *_close_rules_key(rules))
