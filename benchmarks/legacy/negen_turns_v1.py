# The turn generator the Negen game played with before the exact engine (kept for benchmarks only).
# Frozen: this is the baseline bench_negen_turns.py measures against, kept as it was. Its repeats (of
# itself, of negenlab/negen/turns.py and of the brute force in tests/) are left on purpose.
"""Turn search for Negen: every end-of-turn table a player can reach.

A turn is a sequence of actions, in any order (shared rules page, "A turn"):

- **add** a board die to an empty cell orthogonally adjacent to any table die
  (dice added this turn are table dice, so chains of added dice are fine);
- **join**: move one whole spiral rigidly (translation plus a quarter-turn rotation)
  so that it touches another spiral; it then *is* part of that spiral;
- with ``rearrange="free"``: **move** any single table die to another cell.

Validity is judged only at the end of the turn. The moment the last board die is
added the turn ends (*depletion*): no action follows that add.

The search is a breadth-first search over intermediate tables (fewest actions
first), deduplicated up to translation of the whole table. Every intermediate
table is a candidate end of turn; the legal ones (every spiral valid, no spiral made
only of dice added this turn, every table die still there) are the *turns*.

What is finite, and why the search ends under ``rearrange="join"``: every add uses
a board die and every join merges two spirals into one, so a turn has at most
``len(board) + spirals - 1`` actions; a join places the moved spiral (4 rotations)
at one of the finitely many offsets where it touches the other spiral without
overlapping any die. Under ``rearrange="free"`` dice can walk away from each other
forever, so the search is capped (``max_states``) and the result says it stopped.
Free moves only target empty cells next to another die (a die moved away from all
others would only make a single-die spiral; those placements are not generated).

Two pruning rules cut branches that can never end in a legal table (both exact
under ``rearrange="join"``, where dice of one spiral never separate again):

- a die of a multi-die spiral needs an orthogonal neighbour with value +-1 at the
  end (every sequence steps by exactly 1); when it has none now, no empty
  neighbour cell, or no board die and no die of another spiral carries such a value,
  the branch is dead;
- under ``coverage="adjacency"`` every adjacent pair must lie in one sequence, so
  an adjacent pair whose values do not differ by exactly 1 kills the branch.

>>> from negenlab.negen.turns import legal_turns
>>> result = legal_turns({(0, 0): 6, (0, 1): 5, (0, 2): 4}, board=(3, 2))
>>> result.complete, len(result.turns)   # refuse, or 4-3-2 right of, above or below the 4
(True, 4)
>>> sorted(t.used for t in result.turns)
[(), (2, 3), (2, 3), (2, 3)]
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from negenlab.core.errors import InvalidInputError
from negenlab.negen.rules import Rules

Cell = tuple[int, int]
DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))

__all__ = [
    "Position",
    "Turn",
    "TurnSearchResult",
    "legal_turns",
    "closing_turns",
    "game_turns",
    "spiral_status",
    "table_status",
    "components",
    "normalize",
    "as_cells",
    "format_cells",
]


# ---------------------------------------------------------------------------
# tables as plain dicts {(row, col): value}
# ---------------------------------------------------------------------------
def as_cells(table: Any) -> dict[Cell, int]:
    """A table as ``{(row, col): value}`` from a dict, text rows (``"6 5 4"``), or an object
    with a ``cells``/``dice`` mapping (such as ``negen.Table``).

    >>> as_cells("6 5 4\\n. . 3")
    {(0, 0): 6, (0, 1): 5, (0, 2): 4, (1, 2): 3}
    """
    if isinstance(table, str):
        return _parse_rows(table)
    if isinstance(table, Mapping):
        items = table.items()
    else:
        for name in ("cells", "dice", "values"):
            inner = getattr(table, name, None)
            if isinstance(inner, Mapping):
                items = inner.items()
                break
        else:
            if hasattr(table, "items"):
                items = table.items()
            else:
                raise InvalidInputError(
                    f"a table must be a dict {{(row, col): value}}, text rows, or a Table; got {type(table).__name__}"
                )
    out: dict[Cell, int] = {}
    for cell, value in items:
        try:
            r, c = (int(x) for x in cell)
        except (TypeError, ValueError):
            raise InvalidInputError(f"table cell {cell!r} is not a (row, col) pair of integers") from None
        if isinstance(value, bool) or int(value) != value or not 1 <= int(value) <= 6:
            raise InvalidInputError(f"die at {(r, c)} shows {value!r}; a die shows 1..6")
        out[(r, c)] = int(value)
    return out


def _parse_rows(text: str) -> dict[Cell, int]:
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    cells: dict[Cell, int] = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok == ".":
                continue
            if tok not in ("1", "2", "3", "4", "5", "6"):
                raise InvalidInputError(f"row {r + 1}, column {c + 1}: {tok!r} is not a die value 1-6 or '.'")
            cells[(r, c)] = int(tok)
    return cells


def _check_board(board: Iterable[int]) -> tuple[int, ...]:
    out = []
    for i, v in enumerate(board):
        if isinstance(v, bool) or int(v) != v or not 1 <= int(v) <= 6:
            raise InvalidInputError(f"board die {i + 1} shows {v!r}; a die shows 1..6")
        out.append(int(v))
    if len(out) > 4:
        raise InvalidInputError(f"a board holds at most 4 dice, got {len(out)}")
    return tuple(sorted(out))


def format_cells(cells: Mapping[Cell, int]) -> str:
    """Text rows of a table (``.`` for empty cells), top row first.

    >>> print(format_cells({(0, 0): 6, (0, 1): 5, (1, 1): 4}))
    6 5
    . 4
    """
    if not cells:
        return ""
    rs = [r for r, _ in cells]
    cs = [c for _, c in cells]
    return "\n".join(
        " ".join(str(cells.get((r, c), ".")) for c in range(min(cs), max(cs) + 1)) for r in range(min(rs), max(rs) + 1)
    )


def normalize(cells: Mapping[Cell, int]) -> tuple[tuple[int, int, int], ...]:
    """The table up to translation: sorted ``(row, col, value)`` with min row = min col = 0."""
    if not cells:
        return ()
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0, v) for (r, c), v in cells.items()))


def components(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """Spirals: maximal orthogonally connected groups of cells (sorted by their smallest cell)."""
    todo = set(cells)
    comps = []
    while todo:
        start = min(todo)
        todo.discard(start)
        comp = {start}
        stack = [start]
        while stack:
            r, c = stack.pop()
            for dr, dc in DIRS:
                n = (r + dr, c + dc)
                if n in todo:
                    todo.discard(n)
                    comp.add(n)
                    stack.append(n)
        comps.append(frozenset(comp))
    comps.sort(key=min)
    return comps


# ---------------------------------------------------------------------------
# validity of one spiral (cached; the turn search's inner loop)
# ---------------------------------------------------------------------------
@lru_cache(maxsize=500_000)
def _status_key(key: tuple[tuple[int, int, int], ...], shape: str, coverage: str) -> tuple[bool, bool]:
    vals = {(r, c): v for r, c, v in key}
    n = len(vals)
    pairs = sum(1 for (r, c) in vals for dr, dc in ((1, 0), (0, 1)) if (r + dr, c + dc) in vals)
    closed = pairs >= n
    if n == 1:
        return True, False
    for parity in (0, 1):
        covered_dice: set[Cell] = set()
        covered_pairs: set[frozenset] = set()
        for (r, c), v in vals.items():
            if (r + c) % 2 != parity:
                continue  # (r, c) is a node in this interpretation
            nbrs = [(r + dr, c + dc) for dr, dc in DIRS if (r + dr, c + dc) in vals]
            for i in range(len(nbrs)):
                for j in range(i + 1, len(nbrs)):
                    x, z = nbrs[i], nbrs[j]
                    if shape == "straight" and (x[0] + z[0] != 2 * r or x[1] + z[1] != 2 * c):
                        continue
                    if {vals[x], vals[z]} != {v - 1, v + 1}:
                        continue
                    covered_dice.update((x, (r, c), z))
                    covered_pairs.add(frozenset((x, (r, c))))
                    covered_pairs.add(frozenset((z, (r, c))))
        if coverage == "die":
            ok = len(covered_dice) == n
        else:
            ok = len(covered_pairs) == pairs
        if ok:
            return True, closed
    return False, closed


def spiral_status(cells: Mapping[Cell, int], rules: Rules = Rules()) -> tuple[bool, bool]:  # noqa: B008 (the old code as it was, the benchmark's peer)
    """``(valid, closed)`` of one spiral given as ``{(row, col): value}`` (cached up to translation).

    >>> spiral_status({(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 3})
    (False, True)
    >>> spiral_status({(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 3}, Rules(sequence_shape="bent"))
    (True, True)
    """
    return _status_key(normalize(cells), rules.sequence_shape, rules.coverage)


def table_status(cells: Mapping[Cell, int], rules: Rules = Rules()) -> tuple[bool, bool]:  # noqa: B008 (the old code as it was, the benchmark's peer)
    """``(every spiral valid, some spiral closed)`` for a whole table."""
    valid, closed = True, False
    for comp in components(cells):
        v, c = spiral_status({p: cells[p] for p in comp}, rules)
        valid &= v
        closed |= c
    return valid, closed


# ---------------------------------------------------------------------------
# results
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """A table and the board of the player to move.

    >>> Position.from_text("6 5 4", board=(3, 2)).board
    (2, 3)
    """

    table: Mapping[Cell, int]
    board: tuple[int, ...]

    @classmethod
    def from_text(cls, text: str, board: Iterable[int]) -> Position:
        return cls(_parse_rows(text), _check_board(board))


@dataclass(frozen=True)
class Turn:
    """One legal end of turn: the table after it, what it used, and one way to play it.

    ``table`` is in the coordinates of the position searched (the witness path's frame);
    ``key`` is the table up to translation. ``actions`` is a witness: ``("add", cell, value)``,
    ``("join", moved_cells, quarter_turns, offset)`` or ``("move", from_cell, to_cell)``.
    """

    table: dict
    key: tuple
    used: tuple[int, ...]
    depleted: bool
    closed: bool
    actions: tuple

    @property
    def added(self) -> int:
        return len(self.used)

    @property
    def refusal(self) -> bool:
        return not self.used

    @property
    def joins(self) -> int:
        return sum(1 for a in self.actions if a[0] == "join")

    def text(self) -> str:
        return format_cells(self.table)

    def describe_actions(self) -> list[str]:
        out = []
        for a in self.actions:
            if a[0] == "add":
                out.append(f"add {a[2]} at {a[1]}")
            elif a[0] == "join":
                out.append(f"join spiral at {sorted(a[1])} rotated {90 * a[2]} deg, shifted by {a[3]}")
            else:
                out.append(f"move die {a[1]} to {a[2]}")
        return out

    def to_dict(self) -> dict:
        return {
            "table": format_cells(self.table),
            "used": list(self.used),
            "depleted": self.depleted,
            "closed": self.closed,
            "refusal": self.refusal,
            "actions": self.describe_actions(),
        }

    def _repr_html_(self) -> str:
        flags = ", ".join(
            f for f, on in (("closes", self.closed), ("depletes", self.depleted), ("refusal", self.refusal)) if on
        )
        return (
            f"<pre>{format_cells(self.table)}</pre><p>uses {list(self.used)}{' (' + flags + ')' if flags else ''}</p>"
        )


@dataclass
class TurnSearchResult:
    """Legal turns found, whether the search finished, and how much it explored.

    ``complete`` is True only when every reachable end table was examined; when the
    search stopped at ``limit`` turns or ``max_states`` states, ``stopped`` says which.
    """

    turns: list[Turn]
    complete: bool
    explored: int
    stopped: str | None = None
    rules: Rules = field(default_factory=Rules)

    def __len__(self) -> int:
        return len(self.turns)

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
# the search
# ---------------------------------------------------------------------------
def _rotate(cell: Cell, k: int) -> Cell:
    r, c = cell
    for _ in range(k % 4):
        r, c = c, -r
    return r, c


def _dead(cells: dict[Cell, int], comps: list[frozenset], board: tuple[int, ...], rules: Rules) -> bool:
    """True when no continuation of the turn can make every spiral valid (exact under join)."""
    if rules.rearrange == "free":
        return False
    many = len(comps) > 1
    board_vals = set(board)
    for comp in comps:
        if len(comp) == 1:
            continue
        outside_vals = {cells[p] for p in cells if p not in comp} if many else set()
        for r, c in comp:
            v = cells[(r, c)]
            has_step = False
            empty_nbr = False
            for dr, dc in DIRS:
                n = (r + dr, c + dc)
                w = cells.get(n)
                if w is None:
                    empty_nbr = True
                elif abs(w - v) == 1:
                    has_step = True
                elif rules.coverage == "adjacency":
                    return True
            if has_step:
                continue
            if not empty_nbr:
                return True
            if (
                v - 1 not in board_vals
                and v + 1 not in board_vals
                and v - 1 not in outside_vals
                and v + 1 not in outside_vals
            ):
                return True
    return False


def _lonely(cells: Mapping[Cell, int]) -> int:
    """Dice that touch another die but no die of value +-1 (each needs a future neighbour)."""
    n = 0
    for (r, c), v in cells.items():
        touch = step = False
        for dr, dc in DIRS:
            w = cells.get((r + dr, c + dc))
            if w is not None:
                touch = True
                if w == v + 1 or w == v - 1:
                    step = True
                    break
        if touch and not step:
            n += 1
    return n


def _table_and_board(position, board, caller: str):
    """The start table as ``{cell: value}`` and the mover's board, from a Position or a table plus board."""
    if isinstance(position, Position):
        return dict(position.table), _check_board(position.board if board is None else board)
    if board is None:
        raise InvalidInputError(f"{caller} needs the board of the player to move (board=(...))")
    return as_cells(position), _check_board(board)


def legal_turns(
    position: Any,
    board: Iterable[int] | None = None,
    rules: Rules = Rules(),  # noqa: B008 (the old code as it was, the benchmark's peer)
    limit: int | None = None,
    max_states: int | None = None,
) -> TurnSearchResult:
    """Every distinct legal end-of-turn table (up to translation) reachable from ``position``.

    ``position`` is a :class:`Position`, or a table (dict / text / Table) with ``board``
    given separately. ``limit`` stops after that many legal turns, ``max_states`` after
    that many intermediate tables (default: unlimited under ``"join"``, 100 000 under
    ``"free"``); a stopped search has ``complete=False`` and says why in ``stopped``.
    The start table is assumed to be the (valid) table left by the previous turn; the
    unchanged table is included as the plain refusal when it is valid.

    Order of exploration (it only matters when a cap stops the search): best first by the
    number of dice that touch a die but no die of value +-1, then by fewest actions. A
    complete search returns the same set of turns whatever the order.

    >>> r = legal_turns("6 5 4\\n. . .\\n. . .\\n4 . .\\n. . 3", board=(2, 2))
    >>> r.complete, len(r.turns) > 10
    (True, True)
    >>> piet = ". . . 4 .\\n6 5 4 3 2\\n. . . 2 ."
    >>> normalize(as_cells(piet)) in {t.key for t in r.turns}   # Piet's turn from the source
    True
    """
    cells0, board0 = _table_and_board(position, board, "legal_turns")
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"rules must be a negen Rules, got {type(rules).__name__}")
    if limit is not None and limit < 1:
        raise InvalidInputError(f"limit must be >= 1 or None, got {limit}")
    if max_states is not None and max_states < 1:
        raise InvalidInputError(f"max_states must be >= 1 or None, got {max_states}")
    if max_states is None and rules.rearrange == "free":
        max_states = 100_000
    free = rules.rearrange == "free"
    start_board = board0

    def key_of(cells, added, bd):
        if not cells:
            return ((), bd)
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        if free:
            return (tuple(sorted((r - r0, c - c0, v, (r, c) in added) for (r, c), v in cells.items())), bd)
        return (tuple(sorted((r - r0, c - c0, v) for (r, c), v in cells.items())), bd)

    start = (cells0, frozenset(), board0)
    seen = {key_of(*start)}
    counter = 0
    heap = [((_lonely(cells0), 0, 0), start, ())]
    turns: list[Turn] = []
    turn_keys: set = set()
    explored = 0
    stopped = None
    while heap:
        _, (cells, added, bd), path = heapq.heappop(heap)
        comps = components(cells)
        if path and _dead(cells, comps, bd, rules):
            continue
        explored += 1
        depleted = bool(start_board) and not bd
        valid, closed = True, False
        for comp in comps:
            v, c = _status_key(normalize({p: cells[p] for p in comp}), rules.sequence_shape, rules.coverage)
            if not v:
                valid = False
                break
            closed |= c
            if free and comp <= added:
                valid = False  # a new spiral made only of dice added this turn
                break
        if valid:
            tkey = normalize(cells)
            if tkey not in turn_keys:
                turn_keys.add(tkey)
                used = _multiset_minus(start_board, bd)
                turns.append(
                    Turn(table=dict(cells), key=tkey, used=used, depleted=depleted, closed=closed, actions=path)
                )
                if limit is not None and len(turns) >= limit:
                    stopped = f"limit={limit} turns"
                    break
        if depleted:
            continue  # the turn ended with the last board die
        if max_states is not None and explored >= max_states:
            stopped = f"max_states={max_states} states"
            break
        depth = len(path) + 1
        for nxt, action in _successors(cells, added, bd, comps, rules):
            k = key_of(*nxt)
            if k in seen:
                continue
            seen.add(k)
            counter += 1
            heapq.heappush(heap, ((_lonely(nxt[0]), depth, counter), nxt, path + (action,)))
    complete = stopped is None
    turns.sort(key=lambda t: (len(t.actions), t.key))
    return TurnSearchResult(turns=turns, complete=complete, explored=explored, stopped=stopped, rules=rules)


def _multiset_minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(b)
    out = []
    for v in a:
        if v in rest:
            rest.remove(v)
        else:
            out.append(v)
    return tuple(out)


def _successors(cells: dict, added: frozenset, bd: tuple, comps: list[frozenset], rules: Rules):
    occupied = cells.keys()
    # add a board die next to any table die
    if bd:
        frontier = sorted({(r + dr, c + dc) for (r, c) in occupied for dr, dc in DIRS} - set(occupied))
        for i, v in enumerate(bd):
            if i and bd[i - 1] == v:
                continue
            rest = bd[:i] + bd[i + 1 :]
            for cell in frontier:
                new = dict(cells)
                new[cell] = v
                yield (new, added | {cell}, rest), ("add", cell, v)
    # join: move one spiral rigidly so that it touches another
    if len(comps) > 1:
        for _xi, comp in enumerate(comps):
            others = {p for p in occupied if p not in comp}
            anchor = min(comp)
            shapes_seen = set()
            for k in range(4):
                rel = {_rotate((r - anchor[0], c - anchor[1]), k): (r, c) for (r, c) in comp}
                shape = normalize({p: cells[q] for p, q in rel.items()})
                if shape in shapes_seen:
                    continue
                shapes_seen.add(shape)
                offsets = set()
                for ar, ac in rel:
                    for br, bc in others:
                        for dr, dc in DIRS:
                            offsets.add((br + dr - ar, bc + dc - ac))
                for off in sorted(offsets):
                    placed = {(ar + off[0], ac + off[1]): q for (ar, ac), q in rel.items()}
                    if any(p in others for p in placed):
                        continue
                    if set(placed) == set(comp) and all(placed[p] == p for p in placed):
                        continue
                    new = {p: cells[p] for p in others}
                    new_added = {p for p in added if p not in comp}
                    for p, q in placed.items():
                        new[p] = cells[q]
                        if q in added:
                            new_added.add(p)
                    yield (new, frozenset(new_added), bd), ("join", tuple(sorted(comp)), k, off)
    # free rearrangement: any single die to an empty cell next to another die
    if rules.rearrange == "free":
        for src in sorted(occupied):
            rest_cells = [p for p in occupied if p != src]
            targets = sorted({(r + dr, c + dc) for (r, c) in rest_cells for dr, dc in DIRS} - set(rest_cells) - {src})
            for dst in targets:
                new = {p: cells[p] for p in rest_cells}
                new[dst] = cells[src]
                new_added = (added - {src}) | ({dst} if src in added else set())
                yield (new, frozenset(new_added), bd), ("move", src, dst)


def closing_turns(
    position: Any,
    board: Iterable[int] | None = None,
    rules: Rules = Rules(),  # noqa: B008 (the old code as it was, the benchmark's peer)
    limit: int | None = None,
    max_states: int | None = None,
) -> TurnSearchResult:
    """The legal turns that end with a closed spiral on a valid table (the player wins the round).

    ``limit`` caps the turns searched (as in :func:`legal_turns`); an empty, complete result
    proves the player cannot close a spiral now.

    >>> r = closing_turns("1 2 3\\n2 . 4\\n3 4 .", board=(5,))
    >>> r.complete, [t.text() for t in r.turns]
    (True, ['1 2 3\\n2 . 4\\n3 4 5'])
    """
    res = legal_turns(position, board, rules, limit=limit, max_states=max_states)
    return TurnSearchResult(
        turns=res.closing, complete=res.complete, explored=res.explored, stopped=res.stopped, rules=rules
    )


# ---------------------------------------------------------------------------
# the game's turn generator: turns that change at most two spirals
# ---------------------------------------------------------------------------
def _triples(shape: str):
    """Neighbour offset pairs (x - y, z - y) of a sequence around its centre y."""
    if shape == "straight":
        return (((-1, 0), (1, 0)), ((0, -1), (0, 1)))
    return tuple((a, b) for i, a in enumerate(DIRS) for b in DIRS[i + 1 :])


@lru_cache(maxsize=200_000)
def _extensions_key(key: tuple, board: tuple, shape: str, coverage: str = "die") -> tuple:
    """Every set of added dice D (as sorted ``((r, c), v)`` tuples, D non-empty, values a sub-multiset
    of ``board``) that is a union of sequences each holding at least one added die, and each
    touching the dice placed so far. Coordinates are those of ``key``.

    Under ``coverage="adjacency"`` a set in which two orthogonal neighbours differ by other than 1
    is never extended (exact: such a pair stays in one spiral and no sequence holds it)."""
    base = {(r, c): v for r, c, v in key}
    pairs = _triples(shape)
    out: set = set()
    seen: set = set()
    adjacency = coverage == "adjacency"

    def candidates(cells: dict, around: Iterable[Cell], values: Iterable[int]) -> list:
        """Sequences (cells, values) touching the cells ``around``, consistent with ``cells``, whose
        new dice each show one of ``values`` (the board dice still at hand)."""
        values = set(values)
        centre_vals = tuple(w for w in sorted(values) if 2 <= w <= 5)
        near = {(r + dr, c + dc) for (r, c) in around for dr, dc in DIRS} | set(around)
        centres = {(r + dr, c + dc) for (r, c) in near for dr, dc in DIRS} | near
        found = []
        for y in sorted(centres):
            vy = cells.get(y)
            for (ax, bx), (az, bz) in pairs:
                x = (y[0] + ax, y[1] + bx)
                z = (y[0] + az, y[1] + bz)
                if x not in near and y not in near and z not in near:
                    continue
                for v in (vy,) if vy is not None else centre_vals:
                    for vx, vz in ((v - 1, v + 1), (v + 1, v - 1)):
                        if (
                            cells.get(x, vx if vx in values else -1) == vx
                            and cells.get(z, vz if vz in values else -1) == vz
                            and (x not in cells or y not in cells or z not in cells)
                        ):
                            found.append(((x, y, z), (vx, v, vz)))
        return found

    def attempt(added: dict, rest: tuple, cand) -> tuple | None:
        trip, vals = cand
        new = {}
        for p, want in zip(trip, vals, strict=False):
            have = added.get(p, base.get(p))
            if have is None:
                new[p] = want
            elif have != want:
                return None
        if not new:
            return None
        if adjacency:
            for (r, c), v in new.items():
                for dr, dc in DIRS:
                    q = (r + dr, c + dc)
                    w = new.get(q)
                    if w is None:
                        w = added.get(q, base.get(q))
                    if w is not None and abs(w - v) != 1:
                        return None
        left = list(rest)
        for w in new.values():
            if w in left:
                left.remove(w)
            else:
                return None
        nxt = dict(added)
        nxt.update(new)
        return nxt, tuple(left)

    # sequences whose new dice the board can never supply (or, under adjacency, that clash with the
    # spiral) are dropped once here instead of being tried at every step
    first = [cand for cand in candidates(base, base, board) if attempt({}, tuple(sorted(board)), cand)] if board else []

    # the sequences touching the spiral, grouped by the board values their new dice need: a step
    # only looks at the groups the dice left (plus dice already added) can still pay for
    groups: dict = {}
    for j, (trip, vals) in enumerate(first):
        need = [0] * 7
        for q, w in zip(trip, vals, strict=False):
            if q not in base:
                need[w] += 1
        groups.setdefault(tuple(need), []).append(j)

    def grow(added: dict, rest: tuple, index: int):
        # sequences touching the spiral are taken in increasing index (each set once),
        # sequences touching only added dice whenever they touch them
        avail = [0] * 7
        for w in rest:
            avail[w] += 1
        for w in added.values():
            avail[w] += 1
        js = []
        for need, members in groups.items():
            if all(need[w] <= avail[w] for w in range(1, 7)):
                js.extend(members[bisect_right(members, index) :])
        js.sort()
        options = [(j, first[j]) for j in js]
        if added:
            cells = dict(base)
            cells.update(added)
            options += [(index, cand) for cand in candidates(cells, added, rest)]
        for j, cand in options:
            res = attempt(added, rest, cand)
            if res is None:
                continue
            nxt, left = res
            k = tuple(sorted(nxt.items()))
            if k in seen:
                continue
            seen.add(k)
            out.add(k)
            if left:
                grow(nxt, left, j)

    if board:
        grow({}, tuple(sorted(board)), -1)
    return tuple(sorted(out))


def _spiral_extensions(cells: Mapping[Cell, int], board: tuple, rules: Rules) -> list[dict]:
    """Candidate added dice for one spiral (in the spiral's coordinates); validity is checked by the caller."""
    if not cells:
        return []
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    key = tuple(sorted((r - r0, c - c0, v) for (r, c), v in cells.items()))
    return [
        {(r + r0, c + c0): v for (r, c), v in d}
        for d in _extensions_key(key, tuple(sorted(board)), rules.sequence_shape, rules.coverage)
    ]


def game_turns(position: Any, board: Iterable[int] | None = None, rules: Rules = Rules()) -> TurnSearchResult:  # noqa: B008 (the old code as it was, the benchmark's peer)
    """The turns the :class:`~negenlab.negen.game.Negen` game offers: the legal turns that change at most
    two spirals with at most one join, found fast.

    - the plain refusal (nothing changes);
    - dice added to one spiral (chains allowed), touching no other spiral;
    - dice added to two spirals at most 3 steps apart (e.g. between them, so that they become one);
    - one spiral moved rigidly to touch one other (and no third), then dice added to the joined spiral.

    Every turn returned is legal (same end-of-turn checks as :func:`legal_turns`); the set is
    the part of the full turn space where at most two spirals change, so turns such as Piet's
    (three spirals merged) are outside it. Under ``rearrange="free"`` the set also holds every
    single die moved to an empty cell next to another die, with no die added (a move and adds in
    one turn are not generated). ``complete`` is False to say the set is a documented subset.
    Added dice are generated as unions of sequences, each holding an added die, which is
    exact for this subset: in a valid spiral every added die lies in a sequence.

    >>> res = game_turns("6 5 4 . 3", board=(2, 3))
    >>> sorted(t.text() for t in res.turns if t.added)[:2]
    ['. . 2\\n. . 3\\n6 5 4', '. . 2 . .\\n. . 3 . .\\n6 5 4 . 3']
    """
    cells0, board0 = _table_and_board(position, board, "game_turns")
    shape, cov = rules.sequence_shape, rules.coverage
    comps = components(cells0)
    found: dict = {}
    explored = 0

    def record(cells: dict, changed: Iterable[Cell], used: tuple, actions: tuple):
        nonlocal explored
        explored += 1
        key = normalize(cells)
        if key in found:
            return
        # validity: only the spirals holding changed cells can be invalid
        closed = any_closed
        todo = set(changed)
        while todo:
            comp_cells = _component_of(cells, todo.pop())
            todo -= comp_cells
            valid, c = _status_key(normalize({p: cells[p] for p in comp_cells}), shape, cov)
            if not valid:
                return
            closed = closed or c
        found[key] = Turn(
            table=dict(cells),
            key=key,
            used=tuple(sorted(used)),
            depleted=bool(board0) and len(used) == len(board0),
            closed=closed,
            actions=actions,
        )

    statuses = [_status_key(normalize({p: cells0[p] for p in k}), shape, cov) for k in comps]
    any_closed = any(s[1] for s in statuses)
    if all(s[0] for s in statuses):
        record(dict(cells0), (), (), ())

    def adds_on(base_cells: dict, comp: set, others: set, pre_actions: tuple):
        blocked = set(others)
        blocked |= {(r + dr, c + dc) for (r, c) in others for dr, dc in DIRS}
        for d in _spiral_extensions({p: base_cells[p] for p in comp}, board0, rules):
            if any(p in blocked for p in d):
                continue
            cells = dict(base_cells)
            cells.update(d)
            acts = pre_actions + tuple(("add", p, v) for p, v in _chain_order(comp, d))
            record(cells, set(comp) | set(d), tuple(d.values()), acts)

    for k in comps:
        others = set(cells0) - set(k)
        adds_on(cells0, set(k), others, ())
    if len(comps) > 1:
        # dice added to two close spirals at once, possibly between them (no spiral moved)
        for xi, x in enumerate(comps):
            for y in comps[xi + 1 :]:
                if min(abs(a - c) + abs(b - d) for (a, b) in x for (c, d) in y) > 3:
                    continue
                rest = set(cells0) - set(x) - set(y)
                blocked = rest | {(r + dr, c + dc) for (r, c) in rest for dr, dc in DIRS}
                both = set(x) | set(y)
                for d in _spiral_extensions({p: cells0[p] for p in both}, board0, rules):
                    if any(p in blocked for p in d):
                        continue
                    cells = dict(cells0)
                    cells.update(d)
                    acts = tuple(("add", p, v) for p, v in _chain_order(both, d))
                    record(cells, both | set(d), tuple(d.values()), acts)
        for xi, x in enumerate(comps):
            for yi, y in enumerate(comps):
                if xi == yi:
                    continue
                rest = set(cells0) - set(x) - set(y)
                rest_halo = rest | {(r + dr, c + dc) for (r, c) in rest for dr, dc in DIRS}
                anchor = min(x)
                shapes = set()
                for q in range(4):
                    rel = {_rotate((r - anchor[0], c - anchor[1]), q): (r, c) for (r, c) in x}
                    shp = normalize({p: cells0[s] for p, s in rel.items()})
                    if shp in shapes:
                        continue
                    shapes.add(shp)
                    offsets = {(br + dr - ar, bc + dc - ac) for (ar, ac) in rel for (br, bc) in y for dr, dc in DIRS}
                    for off in sorted(offsets):
                        placed = {(a + off[0], b + off[1]): s for (a, b), s in rel.items()}
                        if any(p in y or p in rest_halo for p in placed):
                            continue
                        if cov == "adjacency" and any(
                            abs(cells0[s] - cells0[q]) != 1
                            for (a, b), s in placed.items()
                            for dr, dc in DIRS
                            for q in ((a + dr, b + dc),)
                            if q in y
                        ):
                            continue  # a touching pair that is not consecutive is in no sequence
                        cells = {p: cells0[p] for p in cells0 if p not in x}
                        for p, s in placed.items():
                            cells[p] = cells0[s]
                        merged = set(y) | set(placed)
                        act = (("join", tuple(sorted(x)), q, off),)
                        # the joined spiral as it stands (a refusal with a join), then with dice added
                        valid, closed = _status_key(normalize({p: cells[p] for p in merged}), shape, cov)
                        if valid:
                            record(cells, merged, (), act)
                        adds_on(cells, merged, rest, act)
    if rules.rearrange == "free":
        # one die moved (a split spiral is checked part by part through the dice it leaves behind)
        for src in sorted(cells0):
            rest_cells = {p: v for p, v in cells0.items() if p != src}
            left = [q for q in ((src[0] + dr, src[1] + dc) for dr, dc in DIRS) if q in rest_cells]
            targets = {(r + dr, c + dc) for (r, c) in rest_cells for dr, dc in DIRS} - set(rest_cells) - {src}
            for dst in sorted(targets):
                cells = dict(rest_cells)
                cells[dst] = cells0[src]
                record(cells, [dst] + left, (), (("move", src, dst),))
    turns = sorted(found.values(), key=lambda t: (len(t.actions), t.key))
    subset = "game subset: at most two spirals change, at most one join"
    if rules.rearrange == "free":
        subset += "; free: single-die moves without adds"
    return TurnSearchResult(turns=turns, complete=False, explored=explored, stopped=subset, rules=rules)


def _component_of(cells: Mapping[Cell, int], start: Cell) -> set:
    comp = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for dr, dc in DIRS:
            n = (r + dr, c + dc)
            if n in cells and n not in comp:
                comp.add(n)
                stack.append(n)
    return comp


def _chain_order(comp: Iterable[Cell], added: Mapping[Cell, int]) -> list:
    """Added dice in an order where each touches a die already placed (a legal add sequence)."""
    placed = set(comp)
    todo = dict(added)
    order = []
    while todo:
        for p in sorted(todo):
            if any((p[0] + dr, p[1] + dc) in placed for dr, dc in DIRS):
                order.append((p, todo.pop(p)))
                placed.add(p)
                break
        else:  # pragma: no cover - extensions are connected to the spiral by construction
            raise InvalidInputError(f"added dice {sorted(todo)} are not chained to the spiral")
    return order
