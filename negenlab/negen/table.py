"""The Negen table: dice at integer grid cells, its text form, and its spirals.

A :class:`Table` maps cells ``(row, col)`` (row 0 is the top line of the text form,
rows grow downwards, columns grow rightwards) to die values 1..6. It is immutable:
every change returns a new table. A *spiral* is a maximal orthogonally connected
group of dice; :meth:`Table.spirals` returns them as tables of their own.

API (used by the spiral analysis and by the play engine):

- ``Table(cells)`` from a mapping or an iterable of ``((row, col), value)``;
- ``t.cells`` (read-only mapping), ``t.items()``, ``len(t)``, ``cell in t``, ``t[cell]``, ``t.get(cell)``;
- ``t.with_die(cell, value)``, ``t.without(cell)``, ``t.with_dice(mapping)``, ``t.copy()``;
- ``t.translated(dr, dc)``, ``t.rotated(quarter_turns)``, ``t.reflected()``, ``t.normalized()``
  (translated so that the smallest row and column are 0), ``t.canonical()`` (smallest of the
  8 symmetric images, normalised);
- ``t.spirals()`` (connected components, sorted by their first cell), ``t.neighbours(cell)``,
  ``t.empty_neighbours()``, ``t.adjacent_pairs()``, ``t.is_closed()``, ``t.bounds()``;
- ``t.to_text()`` (the text form :func:`parse_table` reads), ``_repr_svg_`` for Jupyter;
- ``==`` and ``hash`` compare the exact cells (use ``normalized()`` to compare up to translation);
- ``t.key()``: the position-free key (:func:`table_key`): where spirals lie means nothing, so two
  tables with the same spirals, each moved or turned, have the same key; :func:`layout` lays a key
  out again, spirals side by side.

>>> t = parse_table('''
... . . . 4 .
... 6 5 4 3 2
... . . . 2 .''')
>>> len(t), t[(1, 0)], len(t.spirals()), t.is_closed()
(7, 6, 1, False)
>>> t.translated(5, 5).normalized() == t.normalized()
True
>>> print(t.without((0, 3)).with_die((3, 3), 1).normalized().to_text())
6 5 4 3 2
. . . 2 .
. . . 1 .
>>> parse_table("6 5 4 . 3").key() == parse_table("3\\n.\\n4\\n5\\n6").key()
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import cast

from negenlab.core.errors import InvalidInputError

Cell = tuple[int, int]
DIRECTIONS: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N E S W


def _check_value(cell, value) -> int:
    if isinstance(value, bool) or not isinstance(value, (int,)) and not hasattr(value, "__index__"):
        raise InvalidInputError(f"die at {cell} must be an integer 1..6, got {value!r}")
    value = int(value)
    if not 1 <= value <= 6:
        raise InvalidInputError(f"die at {cell} must show 1..6, got {value}")
    return value


def _check_cell(cell) -> Cell:
    try:
        r, c = cell
        if isinstance(r, bool) or isinstance(c, bool):
            raise TypeError
        return (int(r.__index__()), int(c.__index__()))
    except (TypeError, ValueError, AttributeError):
        raise InvalidInputError(f"a cell must be a pair of integers (row, col), got {cell!r}") from None


class Table:
    """Dice at integer grid cells ``{(row, col): value}`` (immutable). See the module docstring."""

    __slots__ = ("_cells", "_hash")
    _cells: dict[Cell, int]
    _hash: int | None

    def __init__(self, cells: Mapping[Cell, int] | Iterable[tuple[Cell, int]] = (), *, _trusted: bool = False):
        if _trusted:  # the caller hands over a dict it will not touch again
            self._cells = cast(dict[Cell, int], cells)
        else:
            items = cells.items() if isinstance(cells, Mapping) else cells
            d: dict[Cell, int] = {}
            for cell, value in items:
                cell = _check_cell(cell)
                if cell in d:
                    raise InvalidInputError(f"two dice at cell {cell}")
                d[cell] = _check_value(cell, value)
            self._cells = d
        self._hash = None

    # -- mapping-like ---------------------------------------------------------------
    @property
    def cells(self) -> Mapping[Cell, int]:
        """Read-only mapping cell -> value."""
        return MappingProxyType(self._cells)

    def items(self):
        return self._cells.items()

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._cells)

    def __contains__(self, cell) -> bool:
        return cell in self._cells

    def __getitem__(self, cell) -> int:
        return self._cells[cell]

    def get(self, cell, default=None):
        return self._cells.get(cell, default)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self._cells == other._cells

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._cells.items()))
        return self._hash

    def __repr__(self) -> str:
        if not self._cells:
            return "Table({})"
        n = self.normalized()
        (r0, c0), _ = self.bounds()
        return (
            f"parse_table({n.to_text()!r}).translated({r0}, {c0})"
            if (r0, c0) != (0, 0)
            else f"parse_table({n.to_text()!r})"
        )

    # -- edits ----------------------------------------------------------------------
    def copy(self) -> Table:
        return Table(dict(self._cells), _trusted=True)

    def with_die(self, cell: Cell, value: int) -> Table:
        """A new table with ``value`` at ``cell`` (the cell may hold a die already: it is replaced)."""
        cell = _check_cell(cell)
        d = dict(self._cells)
        d[cell] = _check_value(cell, value)
        return Table(d, _trusted=True)

    def with_dice(self, dice: Mapping[Cell, int]) -> Table:
        d = dict(self._cells)
        for cell, value in dice.items():
            cell = _check_cell(cell)
            d[cell] = _check_value(cell, value)
        return Table(d, _trusted=True)

    def without(self, *cells: Cell) -> Table:
        """A new table without the dice at ``cells`` (each must hold a die)."""
        d = dict(self._cells)
        for cell in cells:
            if cell not in d:
                raise InvalidInputError(f"no die at cell {cell} to remove")
            del d[cell]
        return Table(d, _trusted=True)

    def union(self, other: Table) -> Table:
        """Both tables' dice; they must not share a cell."""
        clash = set(self._cells) & set(other._cells)
        if clash:
            raise InvalidInputError(f"tables overlap at {sorted(clash)}")
        d = dict(self._cells)
        d.update(other._cells)
        return Table(d, _trusted=True)

    # -- geometry -------------------------------------------------------------------
    def bounds(self) -> tuple[Cell, Cell]:
        """((min_row, min_col), (max_row, max_col)); an empty table raises."""
        if not self._cells:
            raise InvalidInputError("the table is empty")
        rows = [r for r, _ in self._cells]
        cols = [c for _, c in self._cells]
        return (min(rows), min(cols)), (max(rows), max(cols))

    def translated(self, dr: int, dc: int) -> Table:
        return Table({(r + dr, c + dc): v for (r, c), v in self._cells.items()}, _trusted=True)

    def normalized(self) -> Table:
        """Translated so that the smallest row and the smallest column are 0."""
        if not self._cells:
            return self
        (r0, c0), _ = self.bounds()
        return self if (r0, c0) == (0, 0) else self.translated(-r0, -c0)

    def rotated(self, quarter_turns: int = 1) -> Table:
        """Rotated clockwise by ``quarter_turns`` * 90 degrees about the origin (not normalised)."""
        d = self._cells
        for _ in range(quarter_turns % 4):
            d = {(c, -r): v for (r, c), v in d.items()}
        return Table(dict(d), _trusted=True)

    def reflected(self) -> Table:
        """Mirrored left-right about column 0 (not normalised)."""
        return Table({(r, -c): v for (r, c), v in self._cells.items()}, _trusted=True)

    def symmetric_images(self) -> list[Table]:
        """The 8 images under rotation and reflection, each normalised (may repeat)."""
        out = []
        for base in (self, self.reflected()):
            for k in range(4):
                out.append(base.rotated(k).normalized())
        return out

    def canonical(self) -> Table:
        """The normalised symmetric image with the smallest sorted item list (a key up to D4)."""
        return min(self.symmetric_images(), key=lambda t: sorted(t._cells.items()))

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Occupied orthogonal neighbours of ``cell`` (N, E, S, W order)."""
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in DIRECTIONS if (r + dr, c + dc) in self._cells]

    def empty_neighbours(self) -> set[Cell]:
        """Empty cells orthogonally adjacent to some die."""
        out = set()
        for r, c in self._cells:
            for dr, dc in DIRECTIONS:
                n = (r + dr, c + dc)
                if n not in self._cells:
                    out.add(n)
        return out

    def adjacent_pairs(self) -> list[tuple[Cell, Cell]]:
        """Every orthogonally adjacent pair of dice once, as (cell, cell to its east or south)."""
        d = self._cells
        out = []
        for r, c in d:
            if (r, c + 1) in d:
                out.append(((r, c), (r, c + 1)))
            if (r + 1, c) in d:
                out.append(((r, c), (r + 1, c)))
        return out

    def is_closed(self) -> bool:
        """True when some spiral has a loop (a spiral with n dice has >= n adjacent pairs)."""
        return any(len(s.adjacent_pairs()) >= len(s) for s in self.spirals())

    def key(self) -> tuple:
        """The position-free key: the sorted tuple of the spirals' :func:`spiral_key`."""
        return table_key(self)

    def is_connected(self) -> bool:
        return len(self._cells) > 0 and len(self.spirals()) == 1

    def spirals(self) -> list[Table]:
        """The connected components (orthogonal adjacency) as tables, sorted by their smallest cell."""
        return [Table({c: self._cells[c] for c in comp}, _trusted=True) for comp in components(self._cells)]

    # -- text and pictures ------------------------------------------------------------
    def to_text(self) -> str:
        """Rows of values and ``.``, top row first, covering the bounding box (inverse of :func:`parse_table`
        after normalisation)."""
        if not self._cells:
            return ""
        (r0, c0), (r1, c1) = self.bounds()
        return "\n".join(
            " ".join(str(self._cells[(r, c)]) if (r, c) in self._cells else "." for c in range(c0, c1 + 1))
            for r in range(r0, r1 + 1)
        )

    def __str__(self) -> str:
        return self.to_text()

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the witness of every spiral under the default rules (drawn by
        :func:`negenlab.negen.svg.verdicts_svg`; other pictures: call :mod:`negenlab.negen.svg`)."""
        if not self._cells:
            return "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'></svg>"
        from .spirals import check_table
        from .svg import verdicts_svg

        return verdicts_svg(self, check_table(self))


def components(cells) -> list[list[Cell]]:
    """Connected components of a set of cells (orthogonal adjacency), each sorted, sorted by first cell."""
    cells = set(cells)
    seen: set[Cell] = set()
    comps = []
    for start in sorted(cells):
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        comp = []
        while stack:
            r, c = stack.pop()
            comp.append((r, c))
            for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        comp.sort()
        comps.append(comp)
    return comps


# ---------------------------------------------------------------------------------------
# position-free keys


def spiral_key(dice) -> tuple:
    """A spiral up to translation and quarter turns: the smallest of its 4 rotated images, each a
    sorted tuple of ``(row, col, value)`` with the smallest row and column at 0.

    ``dice`` is an iterable of ``(row, col, value)`` (or a :class:`Table` of one spiral).

    >>> spiral_key([(5, 5, 6), (5, 6, 5), (5, 7, 4)]) == spiral_key([(0, 0, 4), (1, 0, 5), (2, 0, 6)])
    True
    """
    if isinstance(dice, Table):
        pts = [(r, c, v) for (r, c), v in dice.items()]
    else:
        pts = list(dice)
    if not pts:
        raise InvalidInputError("a spiral has at least one die")
    return min(quarter_turn_images(pts))


def shape_images(cells) -> list[list[Cell]]:
    """The 8 images of ``cells`` under quarter turns and the left-right mirror, in the order the
    identity's 4 quarter turns, then the mirror's 4, each translated to start at row 0 and column
    0 (they may repeat). The quarter turn is the one of :func:`quarter_turn_images`.

    >>> len({tuple(sorted(img)) for img in shape_images([(0, 0), (0, 1), (1, 0)])})   # an L tromino
    4
    """
    out = []
    for base in (list(cells), [(r, -c) for r, c in cells]):
        pts = base
        for q in range(4):
            if q:
                pts = [(c, -r) for r, c in pts]
            r0 = min(r for r, _ in pts)
            c0 = min(c for _, c in pts)
            out.append([(r - r0, c - c0) for r, c in pts])
    return out


def quarter_turn_images(pts) -> list[tuple]:
    """The 4 images of dice ``(row, col, value)`` under quarter turns, each translated to start at
    row 0 and column 0 and sorted (they may repeat)."""
    out = []
    for k in range(4):
        if k:
            pts = [(c, -r, v) for r, c, v in pts]
        r0 = min(p[0] for p in pts)
        c0 = min(p[1] for p in pts)
        out.append(tuple(sorted((r - r0, c - c0, v) for r, c, v in pts)))
    return out


def table_key(table) -> tuple:
    """The position-free key of a table: the sorted tuple of its spirals' :func:`spiral_key`.

    >>> table_key(parse_table("6 5 4 . . 3")) == table_key(parse_table("3 . 6 5 4"))
    True
    """
    if not isinstance(table, Table):
        table = as_table(table)
    cells = table._cells
    return tuple(sorted(spiral_key([(r, c, cells[(r, c)]) for r, c in comp]) for comp in components(cells)))


def as_table(table) -> Table:
    """A :class:`Table` from a Table, a mapping ``{(row, col): value}``, text rows, or a table key."""
    if isinstance(table, Table):
        return table
    if isinstance(table, str):
        return parse_table(table)
    if isinstance(table, Mapping):
        return Table(table)
    if isinstance(table, tuple) and all(isinstance(s, tuple) and s and isinstance(s[0], tuple) for s in table):
        return layout(table)
    raise InvalidInputError(
        f"a table is a Table, a mapping (row, col) -> value, text rows or a table key; got {type(table).__name__}"
    )


_LAYOUT_WIDTH = 24


@lru_cache(maxsize=100_000)
def _layout(key: tuple) -> Table:
    cells: dict[Cell, int] = {}
    row = col = shelf = 0
    for spiral in key:
        h = 1 + max(r for r, _, _ in spiral)
        w = 1 + max(c for _, c, _ in spiral)
        if col and col + w > _LAYOUT_WIDTH:
            row += shelf + 1
            col = shelf = 0
        for r, c, v in spiral:
            cells[(row + r, col + c)] = v
        col += w + 1
        shelf = max(shelf, h)
    return Table(cells, _trusted=True)


def layout(key) -> Table:
    """A table with the spirals of ``key`` laid out side by side (one empty column or row between
    spirals, rows of at most 24 columns): where spirals lie carries no meaning.

    >>> print(layout(table_key(parse_table("6 5 4 . . 3"))))
    3 . 4 5 6
    """
    if not isinstance(key, tuple):
        raise InvalidInputError(f"layout needs a table key (a tuple of spiral keys), got {type(key).__name__}")
    for s in key:
        if not (isinstance(s, tuple) and s and all(isinstance(d, tuple) and len(d) == 3 for d in s)):
            raise InvalidInputError(f"a table key holds spiral keys (tuples of (row, col, value)); got {s!r}")
    return _layout(key)


# ---------------------------------------------------------------------------------------
# text form


def _tokenize(text: str, allow_blanks: bool):
    if not isinstance(text, str):
        raise InvalidInputError(f"a table is text (rows of 1-6 and '.'), got {type(text).__name__}")
    lines = text.splitlines()
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise InvalidInputError("the table is empty: expected rows of 1-6 and '.' separated by spaces")
    rows = [line.split() for line in lines]
    width = len(rows[0])
    allowed = "1-6, '.'" + (" or '?'" if allow_blanks else "")
    cells: dict[Cell, int] = {}
    blanks: set[Cell] = set()
    for r, row in enumerate(rows):
        if len(row) != width:
            raise InvalidInputError(f"row {r + 1} has {len(row)} cells, expected {width} like row 1 (ragged rows)")
        for c, tok in enumerate(row):
            where = f"row {r + 1}, column {c + 1}"
            if tok == ".":
                continue
            if tok == "?" and allow_blanks:
                blanks.add((r, c))
                continue
            if len(tok) == 1 and tok in "0123456789":  # ASCII digits only: '²'.isdigit() is True
                v = int(tok)
                if not 1 <= v <= 6:
                    raise InvalidInputError(f"{where}: die value {v} is outside 1..6")
                cells[(r, c)] = v
                continue
            if tok.lstrip("-").isascii() and tok.lstrip("-").isdigit():
                raise InvalidInputError(f"{where}: die value {tok} is outside 1..6 (cells are separated by spaces)")
            raise InvalidInputError(f"{where}: unknown token {tok!r}; expected {allowed}")
    if not cells and not blanks:
        raise InvalidInputError("the table is empty: it has rows but no dice")
    return cells, blanks


def parse_table(text: str) -> Table:
    """Read rows of ``1``-``6`` and ``.`` separated by spaces (top row = row 0) into a :class:`Table`.

    >>> parse_table("6 5 4").cells[(0, 2)]
    4
    >>> parse_table("6 5\\n4")
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: row 2 has 1 cells, expected 2 like row 1 (ragged rows)
    """
    cells, _ = _tokenize(text, allow_blanks=False)
    return Table(cells, _trusted=True)


def parse_pattern(text: str) -> tuple[Table, frozenset[Cell]]:
    """Like :func:`parse_table` but ``?`` marks a blank cell to be filled; returns (known dice, blanks).

    >>> known, blanks = parse_pattern("6 5 ?")
    >>> len(known), sorted(blanks)
    (2, [(0, 2)])
    """
    cells, blanks = _tokenize(text, allow_blanks=True)
    return Table(cells, _trusted=True), frozenset(blanks)


# ---------------------------------------------------------------------------------------
# what pictures draw (the drawing itself lives in negenlab.negen.svg)


def cell_name(cell: Cell) -> str:
    """A cell as a person reads it, rows and columns counted from 1: ``cell_name((1, 2))`` -> ``'row 2, col 3'``."""
    r, c = cell
    return f"row {r + 1}, col {c + 1}"


def loop_pairs(table: Table) -> list[tuple[Cell, Cell]]:
    """Adjacent pairs that lie on some cycle (the 2-edge-connected part: pairs that are not bridges),
    in every spiral of the table.

    >>> sorted(loop_pairs(parse_table("1 . 4 5\\n. . 5 4")))  # a closed square beside a lone die
    [((0, 2), (0, 3)), ((0, 2), (1, 2)), ((0, 3), (1, 3)), ((1, 2), (1, 3))]
    """
    pairs = table.adjacent_pairs()
    # bridges via DFS lowpoints (iterative)
    adj: dict[Cell, list[Cell]] = {c: table.neighbours(c) for c in table.keys()}
    index: dict[Cell, int] = {}
    low: dict[Cell, int] = {}
    bridges: set[frozenset[Cell]] = set()
    counter = 0
    for root in adj:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack: list[tuple[Cell, Cell | None, Iterator[Cell]]] = [(root, None, iter(adj[root]))]
        while stack:
            node, parent, it = stack[-1]
            advanced = False
            for nxt in it:
                if nxt == parent:
                    continue
                if nxt in index:
                    low[node] = min(low[node], index[nxt])
                else:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append((nxt, node, iter(adj[nxt])))
                    advanced = True
                    break
            if not advanced:
                stack.pop()
                if parent is not None:
                    low[parent] = min(low[parent], low[node])
                    if low[node] > index[parent]:
                        bridges.add(frozenset((node, parent)))
    return [p for p in pairs if frozenset(p) not in bridges]


def witness_facts(table: Table, verdicts) -> dict:
    """What the pictures draw of ``verdicts`` (from :func:`~negenlab.negen.spirals.check_table`, computed by
    the caller): ``nodes``, ``edges``, ``sequences``, ``invalid`` (dice the closest interpretation leaves
    uncovered), ``uncovered_pairs`` (adjacent pairs it leaves uncovered, under ``coverage="adjacency"``)
    and ``loop_pairs``; pass them on to the drawing functions of :mod:`negenlab.negen.svg`. An invalid
    spiral keeps the colours and sequences of its closest interpretation (the partial witness).

    >>> from negenlab.negen.spirals import check_table
    >>> t = parse_table("6 5 4")
    >>> facts = witness_facts(t, check_table(t))
    >>> sorted(facts["nodes"]), facts["sequences"]
    ([(0, 0), (0, 2)], [((0, 0), (0, 1), (0, 2))])
    >>> bad = parse_table("6 5 4 3")
    >>> facts = witness_facts(bad, check_table(bad))
    >>> sorted(facts["edges"]), facts["sequences"], facts["uncovered_pairs"]
    ([(0, 0), (0, 2)], [((0, 1), (0, 2), (0, 3))], [((0, 0), (0, 1))])
    """
    nodes, edges, seqs, invalid, open_pairs = set(), set(), [], set(), []
    for v in verdicts:
        shown = v.interpretation, v.sequences
        if not v.valid:
            invalid |= set(v.invalid_dice())
            best = v.closest_attempt()
            shown = best.interpretation, best.sequences
            if v.rules.coverage == "adjacency":
                open_pairs += list(best.uncovered)
        if shown[0] is not None:
            nodes |= set(shown[0].nodes)
            edges |= set(shown[0].edges)
            seqs += [s.cells for s in shown[1]]
    return {
        "nodes": nodes,
        "edges": edges,
        "sequences": seqs,
        "invalid": invalid,
        "uncovered_pairs": open_pairs,
        "loop_pairs": loop_pairs(table),
    }
