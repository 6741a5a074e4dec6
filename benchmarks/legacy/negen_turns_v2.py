# The exact turn engine as it was when the speed work of issue 20 began (negenlab/negen/turns.py at
# commit 18f2bb9), kept for benchmarks only: bench_negen_turns.py measures today's legal_turns against it on
# the same positions. Frozen as it was (imports made absolute); its repeats of turns.py are on purpose.
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

Pieces' facts (cells, perimeter, what they leave uncovered) and spiral validity are cached by
canonical key across decisions.

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
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from negenlab.core.errors import InvalidInputError
from negenlab.negen.rules import DEFAULT_RULES, Rules
from negenlab.negen.spirals import spiral_status
from negenlab.negen.table import as_table, layout, quarter_turn_images, spiral_key, table_key

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
    "spiral_key",
    "table_key",
]

_DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))
_ANY_VALUE = frozenset(range(1, 7))
_NEXT_TO = {w: frozenset(v for v in (w - 1, w + 1) if 1 <= v <= 6) for w in range(1, 7)}


# ---------------------------------------------------------------------------
# positions and results
# ---------------------------------------------------------------------------
def _check_board(board: Iterable[int] | None) -> tuple[int, ...]:
    if board is None:
        raise InvalidInputError("the board of the player to move is needed (board=(...), 0..4 dice)")
    out = []
    for i, v in enumerate(board):
        if isinstance(v, bool) or not isinstance(v, (int,)) and not hasattr(v, "__index__") or not 1 <= int(v) <= 6:
            raise InvalidInputError(f"board die {i + 1} shows {v!r}; a die shows 1..6")
        out.append(int(v))
    if len(out) > 4:
        raise InvalidInputError(f"a board holds at most 4 dice, got {len(out)}")
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
        from negenlab.negen.svg import table_svg

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
# geometry on keys (all cached by canonical key)
# ---------------------------------------------------------------------------
@cache
def _rotations(key: SpiralKey) -> tuple:
    """The distinct quarter-turn images of a spiral, each normalised, as tuples of (r, c, v)."""
    return tuple(dict.fromkeys(quarter_turn_images(list(key))))


def _far_cells(y: Cell, x: Cell, shape: str) -> tuple:
    """Cells that can end a sequence centred at ``y`` whose other end is ``x``."""
    dr, dc = y[0] - x[0], y[1] - x[1]
    if shape == "straight":
        return ((y[0] + dr, y[1] + dc),)
    return tuple((y[0] + er, y[1] + ec) for er, ec in _DIRS if (er, ec) != (-dr, -dc))


@dataclass(frozen=True)
class _Piece:
    """A start piece in its canonical frame, with what the search needs of it under one reading."""

    key: SpiralKey
    cells: dict
    perimeter: frozenset
    uncovered: tuple  # per parity: the items (dice or edge cells of pairs) the piece alone leaves uncovered


def _piece(key: SpiralKey, shape: str, coverage: str) -> _Piece:
    return _piece_cached(key, shape, coverage)


@lru_cache(maxsize=100_000)
def _piece_cached(key: SpiralKey, shape: str, coverage: str) -> _Piece:
    cells = {(r, c): v for r, c, v in key}
    perim = frozenset({(r + dr, c + dc) for r, c, _ in key for dr, dc in _DIRS} - set(cells))
    unc = tuple(tuple(sorted(c for c in cells if _uncovered_at(cells, c, p, shape, coverage))) for p in (0, 1))
    return _Piece(key, cells, perim, unc)


def _uncovered_at(cl: dict, y: Cell, parity: int, shape: str, coverage: str) -> bool:
    """Whether the die at ``y`` (``"die"``) or some pair at the edge die ``y`` (``"adjacency"``) lacks a sequence."""
    get = cl.get
    v = cl[y]  # y holds a die
    r, c = y
    edge = (r + c) % 2 == parity
    if coverage == "adjacency":
        return _open_pair(get, y, edge, shape) is not None
    return not _in_sequence(get, y, v, edge, shape)


def _open_pair(get, y: Cell, edge: bool, shape: str):
    """The first pair at the die ``y`` that no sequence covers, as (edge cell, node cell), or None."""
    for dr, dc in _DIRS:
        x = (y[0] + dr, y[1] + dc)
        if get(x) is None:
            continue
        e, n = (y, x) if edge else (x, y)
        ve, vn = get(e), get(n)
        want = 2 * ve - vn
        if abs(vn - ve) != 1 or not any(get(z) == want for z in _far_cells(e, n, shape)):
            return e, n
    return None


def _in_sequence(get, y: Cell, v: int, edge: bool, shape: str) -> bool:
    r, c = y
    if edge:
        nb = [get((r + dr, c + dc)) for dr, dc in _DIRS]
        pairs = ((0, 2), (1, 3)) if shape == "straight" else _BENT
        return any(nb[a] is not None and nb[b] is not None and {nb[a], nb[b]} == {v - 1, v + 1} for a, b in pairs)
    for dr, dc in _DIRS:
        m = (r + dr, c + dc)
        w = get(m)
        if w is None or abs(w - v) != 1:
            continue
        want = 2 * w - v
        if any(get(z) == want for z in _far_cells(m, y, shape)):
            return True
    return False


_BENT = tuple(combinations(range(4), 2))


def _node_sequences(get, y: Cell, v: int, shape: str):
    """The sequences through the node die ``y`` (value ``v``, an end of the sequence) that the
    cluster can still complete: ``(middle cell, middle value, middle missing, far cell, far value,
    far missing)``."""
    for dr, dc in _DIRS:
        m = (y[0] + dr, y[1] + dc)
        vm = get(m)
        for w in (vm,) if vm is not None else (v - 1, v + 1):
            if not 2 <= w <= 5 or abs(w - v) != 1:
                continue
            want = 2 * w - v
            for z in _far_cells(m, y, shape):
                have = get(z)
                if have is None or have == want:
                    yield m, w, vm is None, z, want, have is None


def _cover_options(cl: dict, y: Cell, parity: int, shape: str, coverage: str) -> tuple:
    """Every way to cover the uncovered die (or the first uncovered pair) at ``y``: tuples of the
    missing ``(cell, value)`` of one sequence (1 or 2 cells). Empty: beyond repair."""
    get = cl.get
    v = cl[y]  # y holds a die
    r, c = y
    edge = (r + c) % 2 == parity
    if coverage == "adjacency":
        pair = _open_pair(get, y, edge, shape)
        return () if pair is None else _pair_options(get, pair[0], pair[1], shape)
    options = []
    if edge:
        if 2 <= v <= 5:
            nb = [(r + dr, c + dc) for dr, dc in _DIRS]
            for ia, ib in ((0, 2), (1, 3)) if shape == "straight" else _BENT:
                for wa, wb in ((v - 1, v + 1), (v + 1, v - 1)):
                    need = []
                    ok = True
                    for cell, w in ((nb[ia], wa), (nb[ib], wb)):
                        have = get(cell)
                        if have is None:
                            need.append((cell, w))
                        elif have != w:
                            ok = False
                    if ok and need:
                        options.append(tuple(need))
    else:
        for m, w, m_missing, z, want, z_missing in _node_sequences(get, y, v, shape):
            need = ([(m, w)] if m_missing else []) + ([(z, want)] if z_missing else [])
            if need:
                options.append(tuple(need))
    return tuple(dict.fromkeys(options))


def _pair_options(get, y: Cell, x: Cell, shape: str) -> tuple:
    """Ways to cover the pair of edge ``y`` and node ``x``: the far cell the sequence needs."""
    v, vx = get(y), get(x)
    want = 2 * v - vx
    if abs(vx - v) != 1 or not 1 <= want <= 6:
        return ()
    return tuple(((z, want),) for z in _far_cells(y, x, shape) if get(z) is None)


def _feasible_at(cl: dict, y: Cell, parity: int, shape: str, coverage: str) -> bool:
    """False when the die at ``y`` (or a pair at it) can never be covered, whatever is added
    (a cluster only gains dice, so what fails now fails for ever)."""
    get = cl.get
    v = cl[y]  # y holds a die
    r, c = y
    edge = (r + c) % 2 == parity
    if coverage == "adjacency":
        for dr, dc in _DIRS:
            x = (r + dr, c + dc)
            vx = get(x)
            if vx is None:
                continue
            if abs(vx - v) != 1:
                return False
            if edge:
                want = 2 * v - vx
                if not 1 <= want <= 6:
                    return False
                if not any((w := get(z)) is None or w == want for z in _far_cells(y, x, shape)):
                    return False
        return True
    if edge:
        if not 2 <= v <= 5:
            return False
        nb = [get((r + dr, c + dc)) for dr, dc in _DIRS]
        for a, b in ((0, 2), (1, 3)) if shape == "straight" else _BENT:
            xa, xb = nb[a], nb[b]
            if xa is not None and abs(xa - v) != 1:
                continue
            if xb is not None and abs(xb - v) != 1:
                continue
            if xa is not None and xb is not None and xa == xb:
                continue
            return True
        return False
    return next(_node_sequences(get, y, v, shape), None) is not None


# cells whose dice's feasibility a new die can change: a straight sequence runs along a row or
# column (so only those within 2 along them), a bent one may turn (all within distance 2)
_NEAR = {
    "straight": tuple((dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if dr == 0 or dc == 0),
    "bent": tuple((dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if abs(dr) + abs(dc) <= 2),
}


def _feasible_near(cl: dict, new_cells, parity: int, shape: str, coverage: str) -> bool:
    """Feasibility of every die whose sequences can reach the cells just added (nothing else changed)."""
    near = _NEAR[shape]
    if len(new_cells) == 1:
        r, c = new_cells[0]
        for dr, dc in near:
            q = (r + dr, c + dc)
            if q in cl and not _feasible_at(cl, q, parity, shape, coverage):
                return False
        return True
    seen = set()
    for r, c in new_cells:
        for dr, dc in near:
            q = (r + dr, c + dc)
            if q in seen:
                continue
            seen.add(q)
            if q in cl and not _feasible_at(cl, q, parity, shape, coverage):
                return False
    return True


def _placed(occ, img: tuple, dr0: int, dc0: int, adjacency: bool):
    """The dice of ``img`` shifted by (dr0, dc0), or None when they overlap ``occ`` or (adjacency) touch
    a die that does not differ by 1."""
    out = []
    get = occ.get
    for r, c, v in img:
        p = (r + dr0, c + dc0)
        if p in occ:
            return None
        if adjacency:
            for dr, dc in _DIRS:
                w = get((p[0] + dr, p[1] + dc))
                if w is not None and abs(w - v) != 1:
                    return None
        out.append((p[0], p[1], v))
    return tuple(out)


# ---------------------------------------------------------------------------
# the search
# ---------------------------------------------------------------------------
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


def _closed_cluster(cl: dict) -> bool:
    """True when the cells of ``cl`` hold a cycle of orthogonal adjacencies (a connected cluster
    has one exactly when it has at least as many adjacent pairs as cells)."""
    edges = sum(1 for (r, c) in cl if (r, c + 1) in cl) + sum(1 for (r, c) in cl if (r + 1, c) in cl)
    return edges >= len(cl)


@cache
def _smallest_closed(shape: str, coverage: str) -> int:
    """Dice in the smallest valid closed spiral of a reading (by exhaustive enumeration)."""
    from negenlab.negen.enumerate import (
        smallest_closed_spirals,  # enumeration is heavier; only closing searches need it
    )

    k, _ = smallest_closed_spirals(Rules(sequence_shape=shape, coverage=coverage), max_k=12, limit=1)
    if k is None:
        raise RuntimeError(f"no closed spiral of at most 12 dice under {shape}/{coverage}")
    return k


def _components(
    pieces: tuple,
    counts: tuple,
    dice: tuple,
    max_dice: int,
    shape: str,
    coverage: str,
    budget: list | None,
    needs: set | None = None,
    stop=None,
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
    can no longer be made valid are dropped (:func:`_feasible_near`: exact, as a cluster only gains
    dice).

    With ``needs`` (a set), the search only collects the dice counts of closed components into it
    and returns nothing, dropping what cannot lead to a new minimal count: a closed valid state is
    not grown (growth only adds dice); a state whose dice already hold a collected count is
    dropped; so is a state too small ever to reach the smallest closed spiral of the reading.
    ``stop(needs)``, called after each new count, ends the search early by returning True."""
    n = len(pieces)
    infos = [_piece(p, shape, coverage) for p in pieces]
    adjacency = coverage == "adjacency"
    found: dict = {}
    smallest = _smallest_closed(shape, coverage) if needs is not None else 0
    # big pieces first: a component grows from its biggest piece, others are laid against it
    order = sorted(range(n), key=lambda j: (-len(pieces[j]), j))
    for pos, i in enumerate(order):
        info = infos[i]
        base = info.cells
        later = order[pos:]
        for parity in (0, 1):
            if not all(_feasible_at(base, q, parity, shape, coverage) for q in info.uncovered[parity]):
                continue
            m0 = tuple(1 if j == i else 0 for j in range(n))
            seen: set[tuple] = {(frozenset(), m0, (0,) * 7)}
            # states by dice used, fewest first (so minimal closing counts are found early)
            levels: list[list[tuple]] = [[({}, m0, (0,) * 7)]] + [[] for _ in range(max_dice)]
            cl = dict(base)  # the working cluster: base plus the popped state's extra dice, undone after
            if (
                needs is not None
                and len(base) + max_dice + sum((counts[j] - m0[j]) * len(pieces[j]) for j in later) < smallest
            ):
                continue
            while True:
                stack = next((lv for lv in levels if lv), None)
                if stack is None:
                    break
                extra, m, d = stack.pop()
                if needs is not None and any(all(a <= b for a, b in zip(e, d, strict=False)) for e in needs):
                    continue
                if budget is not None:
                    budget[0] -= 1
                    if budget[0] < 0:
                        raise _Budget
                cl.update(extra)
                todo = None
                for q in info.uncovered[parity] if extra or len(base) > 1 else ():  # one die is valid
                    if _uncovered_at(cl, q, parity, shape, coverage):
                        todo = q
                        break
                if todo is None:
                    for q in sorted(extra):
                        if _uncovered_at(cl, q, parity, shape, coverage):
                            todo = q
                            break
                children = []
                if todo is not None or needs is None or not _closed_cluster(cl):
                    pass
                else:  # valid and closed: only the dice count matters, and growing it adds dice
                    needs.add(d)
                    if stop is not None and stop(needs):
                        raise _Found
                    for q in extra:
                        del cl[q]
                    continue
                if todo is None:  # valid under this interpretation
                    if needs is None:
                        key = spiral_key(list(info.key) + [(r, c, v) for (r, c), v in extra.items()])
                        if (key, m, d) not in found:
                            found[(key, m, d)] = Component(key, m, d, spiral_status(key, shape, coverage)[1])
                    perim = set(info.perimeter)
                    for r, c in extra:
                        for dr, dc in _DIRS:
                            perim.add((r + dr, c + dc))
                    # the values a die may take on each free touching cell (adjacency: differ by 1 from
                    # every die it touches), so placements that break this are never tried
                    allowed = {}
                    for q in perim:
                        if q in cl:
                            continue
                        vals = _ANY_VALUE
                        if adjacency:
                            for dr, dc in _DIRS:
                                w = cl.get((q[0] + dr, q[1] + dc))
                                if w is not None:
                                    vals = vals & _NEXT_TO[w]
                        if vals:
                            allowed[q] = vals
                    if sum(d) < max_dice:
                        for v in range(1, 7):
                            if d[v] >= dice[v]:
                                continue
                            d2 = d[:v] + (d[v] + 1,) + d[v + 1 :]
                            for q, vals in allowed.items():
                                if v in vals:
                                    children.append((((q[0], q[1], v),), m, d2))
                    for j in later:
                        if m[j] >= counts[j]:
                            continue
                        m2 = m[:j] + (m[j] + 1,) + m[j + 1 :]
                        for img in _rotations(pieces[j]):
                            offsets = {
                                (er - r, ec - c) for r, c, v in img for (er, ec), vals in allowed.items() if v in vals
                            }
                            for off in offsets:
                                placed = _placed(cl, img, off[0], off[1], adjacency)
                                if placed is not None:
                                    children.append((placed, m2, d))
                else:
                    for need in _cover_options(cl, todo, parity, shape, coverage):
                        for added, m2, d2 in _fills(
                            cl, list(need), (), m, d, pieces, counts, dice, max_dice, adjacency, later
                        ):
                            children.append((added, m2, d2))
                for added, m2, d2 in children:
                    if needs is not None and (
                        any(all(a <= b for a, b in zip(e, d2, strict=False)) for e in needs)
                        or len(cl)
                        + len(added)
                        + max_dice
                        - sum(d2)
                        + sum((counts[j] - m2[j]) * len(pieces[j]) for j in later)
                        < smallest
                    ):
                        continue
                    ex2 = dict(extra)
                    for r, c, v in added:
                        ex2[(r, c)] = v
                    st = (frozenset(ex2.items()), m2, d2)
                    if st in seen:
                        continue
                    seen.add(st)
                    for r, c, v in added:
                        cl[(r, c)] = v
                    ok = _feasible_near(cl, [(r, c) for r, c, _ in added], parity, shape, coverage)
                    for r, c, _ in added:
                        del cl[(r, c)]
                    if ok:
                        levels[sum(d2)].append((ex2, m2, d2))
                for q in extra:
                    del cl[q]
    return list(found.values())


def _fills(
    occ: dict,
    need: list,
    added: tuple,
    m: tuple,
    d: tuple,
    pieces: tuple,
    counts: tuple,
    dice: tuple,
    max_dice: int,
    adjacency: bool,
    later,
):
    """Every way to put the needed values on the needed cells: each by a board die or by a piece
    (any quarter turn, one of ``later``) laid over it. Yields (added dice, pieces used, dice used).
    ``occ`` is borrowed: dice are put on it for the recursion and taken off again."""
    while need and need[0][0] in occ:  # filled by a piece placed for an earlier cell
        cell, want = need[0]
        if occ.get(cell) != want:
            return
        need = need[1:]
    if not need:
        yield added, m, d
        return
    (cell, want), rest = need[0], need[1:]
    if d[want] < dice[want] and sum(d) < max_dice:
        if not adjacency or all(
            (w := occ.get((cell[0] + dr, cell[1] + dc))) is None or abs(w - want) == 1 for dr, dc in _DIRS
        ):
            occ[cell] = want
            try:
                yield from _fills(
                    occ,
                    rest,
                    added + ((cell[0], cell[1], want),),
                    m,
                    d[:want] + (d[want] + 1,) + d[want + 1 :],
                    pieces,
                    counts,
                    dice,
                    max_dice,
                    adjacency,
                    later,
                )
            finally:
                del occ[cell]
    for j in later:
        if m[j] >= counts[j]:
            continue
        m2 = m[:j] + (m[j] + 1,) + m[j + 1 :]
        for img in _rotations(pieces[j]):
            for r, c, v in img:
                if v != want:
                    continue
                placed = _placed(occ, img, cell[0] - r, cell[1] - c, adjacency)
                if placed is None:
                    continue
                for pr, pc, pv in placed:
                    occ[(pr, pc)] = pv
                try:
                    yield from _fills(
                        occ, rest, added + placed, m2, d, pieces, counts, dice, max_dice, adjacency, later
                    )
                finally:
                    for pr, pc, _ in placed:
                        del occ[(pr, pc)]


def _end_tables(pieces: tuple, counts: tuple, comps: list[Component], board: tuple, out: dict, moved: int) -> None:
    """Add to ``out`` every end table (key -> Turn fields) that splits the pieces into components."""
    n = len(pieces)
    # components by their first piece: when piece i is the first left, it opens the next component
    having = [[c for c in comps if c.pieces[i] and not any(c.pieces[:i])] for i in range(n)]
    bd = [0] * 7
    for v in board:
        bd[v] += 1
    total_pieces = sum(counts)

    def rec(rem: list, drem: list, chosen: list):
        i = next((j for j in range(n) if rem[j]), None)
        if i is None:
            key = tuple(sorted(c.key for c in chosen))
            used = tuple(v for v in range(1, 7) for _ in range(bd[v] - drem[v]))
            prev = out.get(key)
            merges = total_pieces - len(chosen)
            if prev is None or (moved, merges) < (prev[3], prev[2]):
                closed = any(c.closed for c in chosen)
                out[key] = (used, closed, merges, moved)
            return
        for c in having[i]:
            if any(c.pieces[j] > rem[j] for j in range(i, n)) or any(c.dice[v] > drem[v] for v in range(1, 7)):
                continue
            for j in range(i, n):
                rem[j] -= c.pieces[j]
            for v in range(1, 7):
                drem[v] -= c.dice[v]
            chosen.append(c)
            rec(rem, drem, chosen)
            chosen.pop()
            for j in range(i, n):
                rem[j] += c.pieces[j]
            for v in range(1, 7):
                drem[v] += c.dice[v]

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
            for dr, dc in _DIRS:
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
    if isinstance(position, Position):
        start = position.table
        bd = _check_board(position.board if board is None else board)
    else:
        start = as_table_key(position)
        bd = _check_board(board)  # None: a clear error (the board is needed)
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"rules must be a negen Rules, got {type(rules).__name__}")
    if max_states is not None and max_states < 1:
        raise InvalidInputError(f"max_states must be >= 1 or None, got {max_states}")
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


@lru_cache(maxsize=200_000)
def _closing_dice_key(start: TableKey, shape: str, coverage: str, rearrange: str, free_moves: int) -> tuple:
    rules = Rules(sequence_shape=shape, coverage=coverage, rearrange=rearrange, free_moves=free_moves)
    wild = (0,) + (4,) * 6
    needs: set[tuple] = set()
    for pieces, moved in _piece_sets(start, rules):
        distinct, counts = _grouped(pieces)
        if moved == 0:  # whole start spirals: the pieces left out of a closed component stay as they are
            _components(distinct, counts, wild, 4, shape, coverage, None, needs)
        else:  # parts of split spirals must end in valid components too
            comps = _components(distinct, counts, wild, 4, shape, coverage, None)
            needs |= {d for d, closed in _dice_of_tables(distinct, counts, comps) if closed}
    minimal = [d for d in needs if not any(e != d and all(a <= b for a, b in zip(e, d, strict=False)) for e in needs)]
    return tuple(sorted(tuple(v for v in range(1, 7) for _ in range(d[v])) for d in minimal))


def closing_counts_until(position: Any, rules: Rules, stop) -> tuple[set, bool]:
    """The dice counts (7-tuples, index = value) with which a player could close a spiral of this
    table now, found fewest dice first, and whether the search finished: ``stop(counts)`` is
    called after each new count and ends the search by returning True. Under ``"free"`` with
    moves the full :func:`closing_dice` is used (never stopped early). Not cached."""
    start = as_table_key(position)
    if rules.rearrange == "free" and rules.free_moves > 0:
        found = {tuple(sum(1 for x in need if x == v) for v in range(7)) for need in closing_dice(start, rules)}
        return found, True
    needs: set = set()
    distinct, counts = _grouped(tuple(sorted(start)))
    try:
        _components(distinct, counts, (0,) + (4,) * 6, 4, rules.sequence_shape, rules.coverage, None, needs, stop)
    except _Found:
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
    found, _ = closing_counts_until(start, rules, lambda needs: True)
    return bool(found)


def can_close(position: Any, rules: Rules = DEFAULT_RULES) -> bool:
    """True when some board of 4 dice lets a player close a spiral of this table now (the same
    question as ``bool(closing_dice(...))``, answered without listing every way). Cached by table key.

    >>> can_close("6 5 4"), can_close("1 2 3\\n2 . 4\\n3 4 .")
    (False, True)
    """
    return _can_close_key(as_table_key(position), *_close_rules_key(rules))


def _dice_of_tables(pieces: tuple, counts: tuple, comps: list[Component]) -> set:
    """Every (dice counts, closed) of an end table that splits the pieces into components, using at
    most 4 dice in all (dynamic programming over the pieces left)."""
    n = len(pieces)
    having = [[c for c in comps if c.pieces[i] and not any(c.pieces[:i])] for i in range(n)]
    memo: dict = {}

    def f(rem: tuple) -> set:
        if rem in memo:
            return memo[rem]
        i = next((j for j in range(n) if rem[j]), None)
        if i is None:
            return {((0,) * 7, False)}
        res = set()
        for c in having[i]:
            if any(c.pieces[j] > rem[j] for j in range(i, n)):
                continue
            rest = f(tuple(r - p for r, p in zip(rem, c.pieces, strict=False)))
            for d, closed in rest:
                dd = tuple(a + b for a, b in zip(d, c.dice, strict=False))
                if sum(dd) <= 4:
                    res.add((dd, closed or c.closed))
        memo[rem] = res
        return res

    return f(tuple(counts))


def closing_dice(position: Any, rules: Rules = DEFAULT_RULES) -> tuple[tuple[int, ...], ...]:
    """The minimal multisets of board values with which a player could close a spiral of this table
    now (any legal turn that ends with a closed spiral; at most 4 dice). Cached by table key.

    >>> closing_dice("1 2 3\\n2 . 4\\n3 4 .")
    ((5,),)
    """
    return _closing_dice_key(as_table_key(position), *_close_rules_key(rules))
