"""Validity of Negen spirals, with witnesses.

An *interpretation* of a spiral colours it like a checkerboard: the dice on one parity
``(row + col) % 2 == edge_parity`` are *edges*, the others *nodes*. A *sequence* x-y-z has
its centre y on an edge, x and z on neighbouring nodes (straight: opposite neighbours; bent:
any two) and values {v(y)-1, v(y)+1} at the ends. A spiral is valid when it is one die, or
when under some interpretation every die (``coverage="die"``) or every adjacent pair
(``coverage="adjacency"``) lies in a sequence. It is closed when it has a loop.

:func:`check_table` does this for every spiral at once in time linear in the number of dice
(numpy arrays over the dice; neighbours found by sorted keys), and returns one
:class:`SpiralVerdict` per spiral with a witness: the interpretation and its sequences, or,
when invalid, what each interpretation leaves uncovered.

>>> from negenlab.negen import parse_table, check_table, Rules
>>> [v] = check_table(parse_table("6 5 4"))
>>> v.valid, v.closed, [s.values for s in v.sequences]
(True, False, [(6, 5, 4)])
>>> square = parse_table("1 2\\n2 3")
>>> [check_table(square, Rules(sequence_shape=s))[0].valid for s in ("straight", "bent")]
[False, True]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

import numpy as np

from negenlab.core.errors import InvalidInputError

from .rules import Rules, as_rules
from .table import DIRECTIONS, Cell, Table, cell_name, parse_table

STRAIGHT_PAIRS = ((0, 2), (1, 3))  # N-S, E-W
BENT_PAIRS = tuple(combinations(range(4), 2))  # any two distinct neighbours


def direction_pairs(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Pairs of neighbour directions (indices into N E S W) a sequence may use around its centre."""
    return STRAIGHT_PAIRS if rules.sequence_shape == "straight" else BENT_PAIRS


@dataclass(frozen=True)
class Sequence:
    """Three dice x-y-z: ``centre`` y is an edge, ``ends`` x and z nodes; ``values`` (v(x), v(y), v(z))."""

    ends: tuple[Cell, Cell]
    centre: Cell
    values: tuple[int, int, int]

    @property
    def cells(self) -> tuple[Cell, Cell, Cell]:
        return (self.ends[0], self.centre, self.ends[1])

    def to_dict(self) -> dict:
        return {"cells": [list(c) for c in self.cells], "values": list(self.values)}


@dataclass(frozen=True)
class Interpretation:
    """Which dice are edges: those with ``(row + col) % 2 == edge_parity``; the rest are nodes."""

    edge_parity: int
    nodes: frozenset
    edges: frozenset

    @classmethod
    def of(cls, cells, edge_parity: int) -> Interpretation:
        edges = frozenset(c for c in cells if (c[0] + c[1]) % 2 == edge_parity)
        return cls(edge_parity, frozenset(cells) - edges, edges)

    def role(self, cell: Cell) -> str:
        return "edge" if cell in self.edges else "node" if cell in self.nodes else "absent"

    def to_dict(self) -> dict:
        return {
            "edge_parity": self.edge_parity,
            "nodes": sorted(map(list, self.nodes)),
            "edges": sorted(map(list, self.edges)),
        }


@dataclass(frozen=True)
class Attempt:
    """One interpretation tried on an invalid spiral and what it leaves uncovered
    (dice under ``coverage="die"``, adjacent pairs under ``coverage="adjacency"``), with the
    sequences it does make (what a picture of the partial interpretation draws)."""

    interpretation: Interpretation
    uncovered: tuple
    sequences: tuple = ()  # the sequences this interpretation does make (the partial witness)

    def to_dict(self) -> dict:
        return {
            "interpretation": self.interpretation.to_dict(),
            "uncovered": [list(map(list, u)) if isinstance(u[0], tuple) else list(u) for u in self.uncovered],
            "sequences": [s.to_dict() for s in self.sequences],
        }


@dataclass(frozen=True)
class SpiralVerdict:
    """The verdict on one spiral.

    - ``cells``: the spiral's cells, sorted; ``spiral``: the spiral as a :class:`Table`;
    - ``valid``, ``closed``;
    - witness when valid: ``interpretation`` and ``sequences`` (every sequence under that
      interpretation; together they cover every die or pair); ``valid_parities`` lists every
      edge parity that works (a spiral may be valid both ways);
    - when invalid: ``interpretation`` is None, ``sequences`` empty, and ``attempts`` holds for
      each of the two interpretations the dice (or pairs) it leaves uncovered.
    """

    cells: tuple
    spiral: Table
    valid: bool
    closed: bool
    interpretation: Interpretation | None
    sequences: tuple
    attempts: tuple = ()
    valid_parities: tuple = ()
    rules: Rules = field(default_factory=Rules)

    @property
    def witness(self) -> dict:
        if self.valid:
            return {"interpretation": self.interpretation, "sequences": self.sequences}
        return {"uncovered": {a.interpretation.edge_parity: a.uncovered for a in self.attempts}}

    def never_covered(self) -> tuple:
        """Dice (or pairs) that no interpretation covers (may be empty even when invalid:
        each interpretation can fail somewhere else)."""
        if self.valid:
            return ()
        common = set(self.attempts[0].uncovered)
        for a in self.attempts[1:]:
            common &= set(a.uncovered)
        return tuple(sorted(common))

    def closest_attempt(self) -> Attempt | None:
        """For an invalid spiral, the interpretation that leaves the fewest things uncovered."""
        if self.valid:
            return None
        return min(self.attempts, key=lambda a: (len(a.uncovered), a.interpretation.edge_parity))

    def invalid_dice(self) -> tuple:
        """Dice to mark on a picture: those the closest attempt leaves uncovered (for pairs: their dice)."""
        a = self.closest_attempt()
        if a is None:
            return ()
        if self.rules.coverage == "die":
            return a.uncovered
        return tuple(sorted({c for pair in a.uncovered for c in pair}))

    def reasons(self) -> tuple[Reason, ...]:
        """Why each pair (or die) the closest attempt leaves uncovered lies in no sequence
        (:func:`uncovered_reasons`); ``()`` when valid."""
        return uncovered_reasons(self)

    def to_dict(self) -> dict:
        d = {
            "cells": [list(c) for c in self.cells],
            "values": [self.spiral[c] for c in self.cells],
            "valid": self.valid,
            "closed": self.closed,
            "valid_parities": list(self.valid_parities),
        }
        if self.interpretation is not None:  # valid
            d["interpretation"] = self.interpretation.to_dict()
            d["sequences"] = [s.to_dict() for s in self.sequences]
        else:
            d["attempts"] = [a.to_dict() for a in self.attempts]
            d["never_covered"] = [
                list(map(list, u)) if isinstance(u[0], tuple) else list(u) for u in self.never_covered()
            ]
            d["reasons"] = [r.to_dict() for r in self.reasons()]
        return d

    def summary(self) -> str:
        """One line for a person: where the spiral starts (rows and columns counted from 1), valid or not,
        closed or not, and its sequences or what the best interpretation leaves uncovered and why
        (the first :meth:`reasons`).

        >>> check_table(parse_table("6 5 4"))[0].summary()
        'spiral of 3 dice at row 1, col 1: valid, not closed; sequences 6-5-4'
        >>> print(check_table(parse_table(". 6 5 4\\n. . . 6"), Rules(coverage="die"))[0].summary())
        ... # doctest: +NORMALIZE_WHITESPACE
        spiral of 4 dice at row 1, col 2: INVALID, not closed; best interpretation
        (edges where row + col is even) leaves 1 die uncovered: row 2, col 4. Why: the 6 is an edge
        here, the middle of any sequence through it, and 5-6-7 would need a 7; dice show 1 to 6
        """
        state = "valid" if self.valid else "INVALID"
        state += ", closed" if self.closed else ", not closed"
        if self.valid and self.sequences:
            state += "; sequences " + ", ".join("-".join(map(str, s.values)) for s in self.sequences)
        elif not self.valid:
            a = self.closest_attempt()
            assert a is not None  # an invalid spiral has its attempts
            unc = a.uncovered
            if self.rules.coverage == "die":
                what = f"{len(unc)} {'die' if len(unc) == 1 else 'dice'}"
                items = [cell_name(c) for c in unc]
            else:
                what = f"{len(unc)} {'pair' if len(unc) == 1 else 'pairs'}"
                items = [f"{cell_name(x)} – {cell_name(y)}" for x, y in unc]
            shown = "; ".join(items[:8]) + (f"; and {len(items) - 8} more" if len(items) > 8 else "")
            parity = "even" if a.interpretation.edge_parity == 0 else "odd"
            state += f"; best interpretation (edges where row + col is {parity}) leaves {what} uncovered: {shown}"
            first = self.reasons()[0]
            state += ". Why" + (f" ({items[0]})" if len(items) > 1 else "") + f": {first.text}"
        n = len(self.cells)
        return f"spiral of {n} {'die' if n == 1 else 'dice'} at {cell_name(self.cells[0])}: {state}"

    def _repr_svg_(self) -> str:
        from .svg import verdicts_svg

        return verdicts_svg(
            self.spiral, [self], title=("valid" if self.valid else "invalid") + (", closed" if self.closed else "")
        )


# --------------------------------------------------------------------------- why not covered


@dataclass(frozen=True)
class Reason:
    """Why one thing an interpretation must cover lies in no sequence: an adjacent pair
    (``coverage="adjacency"``, ``cells`` the two cells) or a die (``coverage="die"``, one cell).

    ``kind`` names the cause: ``"step"`` (two touching dice do not differ by exactly 1),
    ``"end"`` (the edge die shows 1 or 6, so a sequence through it would need a 0 or a 7),
    ``"missing"`` (the third die of the sequence would go on an empty cell, or the edge has too
    few neighbours), ``"mismatch"`` (the dice are there but show the wrong values) and
    ``"several"`` (a node die whose neighbours fail for different causes: ``parts`` holds one
    reason per neighbour). ``text`` says it in the rules page's words."""

    kind: str
    cells: tuple
    text: str
    parts: tuple = ()

    def to_dict(self) -> dict:
        return {"kind": self.kind, "cells": [list(c) for c in self.cells], "text": self.text}


def _step_text(a: int, b: int) -> str:
    if a == b:
        return f"{a} and {b} are equal; a sequence steps by 1"
    return f"{a} and {b} differ by {abs(a - b)}; a sequence steps by 1"


def value_reason(edge: int, node: int) -> tuple[str, str] | None:
    """Why a die showing ``node`` can never be an end of a sequence whose middle (edge) die is a
    touching die showing ``edge``, as ``(kind, text)``; None when some third die makes the sequence
    ``node``-``edge``-``2*edge - node``. Only the values count, so the answer is the same under every
    reading (the shape only decides where the third die may lie).

    >>> value_reason(3, 6)
    ('step', '6 and 3 differ by 3; a sequence steps by 1')
    >>> value_reason(6, 5)
    ('end', 'the 6 is the edge (the middle die) here, and 5-6-7 would need a 7; dice show 1 to 6')
    >>> value_reason(5, 4) is None
    True
    """
    if abs(edge - node) != 1:
        return "step", _step_text(node, edge)
    if edge in (1, 6):
        w = 2 * edge - node
        return (
            "end",
            f"the {edge} is the edge (the middle die) here, and {node}-{edge}-{w} would need a {w}; dice show 1 to 6",
        )
    return None


def _neighbours(cell: Cell) -> list[Cell]:
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in DIRECTIONS]


def pair_reason(spiral: Table, pair: tuple, edge_parity: int, rules: Rules | None = None) -> Reason | None:
    """Why the adjacent ``pair`` of ``spiral`` lies in no sequence when the dice with
    ``(row + col) % 2 == edge_parity`` are the edges; None when some sequence covers it.

    >>> t = parse_table("3 6")
    >>> pair_reason(t, ((0, 0), (0, 1)), 0).text
    '3 and 6 differ by 3; a sequence steps by 1'
    >>> t = parse_table("4 5 . 2")
    >>> pair_reason(t, ((0, 0), (0, 1)), 1).text
    'the 5 is the edge here, so 4-5-6 needs a 6 on the far side of the 5 (row 1, col 3), and no die is there'
    """
    rules = as_rules(rules)
    a, b = (tuple(c) for c in pair)
    if a not in spiral or b not in spiral or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise InvalidInputError(f"{pair!r} is not a pair of touching dice of the spiral")
    cells = tuple(sorted((a, b)))
    va, vb = spiral[cells[0]], spiral[cells[1]]
    if abs(va - vb) != 1:
        return Reason("step", cells, _step_text(va, vb))
    e, n = (a, b) if (a[0] + a[1]) % 2 == edge_parity else (b, a)
    ve, vn = spiral[e], spiral[n]
    found = value_reason(ve, vn)
    if found is not None:
        return Reason(found[0], cells, found[1])
    w = 2 * ve - vn
    head = f"the {ve} is the edge here, so {vn}-{ve}-{w} needs a {w}"
    if rules.sequence_shape == "straight":
        far = (2 * e[0] - n[0], 2 * e[1] - n[1])
        where = f"{head} on the far side of the {ve}" + (f" ({cell_name(far)})" if min(far) >= 0 else "")
        if far not in spiral:
            return Reason("missing", cells, f"{where}, and no die is there")
        if spiral[far] == w:
            return None
        return Reason("mismatch", cells, f"{where}, which holds a {spiral[far]}")
    others = [c for c in _neighbours(e) if c != n and c in spiral]
    if not others:
        return Reason("missing", cells, f"{head} beside the {ve}, and the {ve} has no other neighbour")
    if any(spiral[c] == w for c in others):
        return None
    shown = ", ".join(str(x) for x in sorted(spiral[c] for c in others))
    return Reason("mismatch", cells, f"{head} beside the {ve}, and its other neighbours show {shown}")


def die_reason(spiral: Table, cell: Cell, edge_parity: int, rules: Rules | None = None) -> Reason | None:
    """Why the die at ``cell`` of ``spiral`` lies in no sequence when the dice with
    ``(row + col) % 2 == edge_parity`` are the edges (the die reading); None when one covers it.

    >>> die_reason(parse_table("2 4\\n. 6"), (0, 1), 1).text
    'the 4 is an edge here, so a straight 3-4-5 needs a 3 and a 5 on opposite sides of it, and it has no dice on two opposite sides'
    """
    rules = as_rules(rules)
    cell = (int(cell[0]), int(cell[1]))
    if cell not in spiral:
        raise InvalidInputError(f"{cell!r} is not a die of the spiral")
    v = spiral[cell]
    nbs = _neighbours(cell)
    present = [c for c in nbs if c in spiral]
    cells = (cell,)
    if (cell[0] + cell[1]) % 2 == edge_parity:  # an edge: the middle of a sequence
        if v in (1, 6):
            w = 0 if v == 1 else 7
            return Reason(
                "end",
                cells,
                f"the {v} is an edge here, the middle of any sequence through it, and "
                f"{v - 1}-{v}-{v + 1} would need a {w}; dice show 1 to 6",
            )
        want = {v - 1, v + 1}
        if rules.sequence_shape == "straight":
            head = f"the {v} is an edge here, so a straight {v - 1}-{v}-{v + 1} needs a {v - 1} and a {v + 1} on opposite sides of it"
            lines = [(nbs[i], nbs[j]) for i, j in STRAIGHT_PAIRS if nbs[i] in spiral and nbs[j] in spiral]
            if not lines:
                return Reason("missing", cells, f"{head}, and it has no dice on two opposite sides")
            if any({spiral[x], spiral[z]} == want for x, z in lines):
                return None
            shown = ", and ".join("{} and {}".format(*sorted((spiral[x], spiral[z]))) for x, z in lines)
            return Reason("mismatch", cells, f"{head}; on opposite sides it has {shown}")
        head = f"the {v} is an edge here, so {v - 1}-{v}-{v + 1} needs a {v - 1} and a {v + 1} beside it"
        if len(present) < 2:
            return Reason("missing", cells, f"{head}, and it has only one neighbour")
        if want <= {spiral[c] for c in present}:
            return None
        shown = ", ".join(str(x) for x in sorted(spiral[c] for c in present))
        return Reason("mismatch", cells, f"{head}; its neighbours show {shown}")
    if not present:
        return Reason("missing", cells, f"the {v} touches no die; a sequence needs three")
    parts = []  # a node: an end of a sequence whose middle is a touching edge
    for e in present:
        r = pair_reason(spiral, (cell, e), edge_parity, rules)
        if r is None:
            return None
        parts.append(r)
    if len(parts) == 1:
        text = f"the {v} is a node here and touches only the {spiral[present[0]]}: {parts[0].text}"
        return Reason(parts[0].kind, cells, text, tuple(parts))
    if all(r.kind == "step" for r in parts):
        shown = ", ".join(str(x) for x in sorted(spiral[c] for c in present))
        return Reason(
            "step",
            cells,
            f"the {v} is a node here, and none of its neighbours ({shown}) is one away from it; a sequence steps by 1",
            tuple(parts),
        )
    kinds = {r.kind for r in parts}
    each = "; ".join(f"with the {spiral[e]} at {cell_name(e)}: {r.text}" for e, r in zip(present, parts, strict=True))
    return Reason(
        kinds.pop() if len(kinds) == 1 else "several",
        cells,
        f"the {v} is a node here and no neighbour makes a sequence with it ({each})",
        tuple(parts),
    )


def uncovered_reasons(verdict: SpiralVerdict, attempt: Attempt | None = None) -> tuple[Reason, ...]:
    """One :class:`Reason` per pair (or die) that ``attempt`` (default: the closest attempt) of the
    invalid ``verdict`` leaves uncovered; ``()`` for a valid spiral.

    >>> [r.text for r in uncovered_reasons(check_spiral("3 6"))]
    ['3 and 6 differ by 3; a sequence steps by 1']
    """
    attempt = attempt if attempt is not None else verdict.closest_attempt()
    if attempt is None:
        return ()
    p, rules, out = attempt.interpretation.edge_parity, verdict.rules, []
    for item in attempt.uncovered:
        if rules.coverage == "die":
            r = die_reason(verdict.spiral, item, p, rules)
        else:
            r = pair_reason(verdict.spiral, item, p, rules)
        if r is None:  # the engine and the reasons disagree: a bug, never a silent pass
            raise AssertionError(f"{item!r} is uncovered in the verdict but a sequence covers it")
        out.append(r)
    return tuple(out)


# ---------------------------------------------------------------------------------------


def _neighbour_index(rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """(4, n) array: index of the N, E, S, W neighbour of each die, or -1."""
    n = len(rows)
    r0, c0 = rows.min(), cols.min()
    width = int(cols.max() - c0) + 3
    keys = (rows - r0 + 1) * width + (cols - c0 + 1)
    order = np.argsort(keys, kind="stable")
    skeys = keys[order]
    nb = np.empty((4, n), dtype=np.int64)
    for d, (dr, dc) in enumerate(DIRECTIONS):
        k = keys + dr * width + dc
        pos = np.searchsorted(skeys, k)
        pos_c = np.minimum(pos, n - 1)
        found = skeys[pos_c] == k
        nb[d] = np.where(found, order[pos_c], -1)
    return nb


def _labels(nb: np.ndarray) -> tuple[np.ndarray, int]:
    n = nb.shape[1]
    labels = np.full(n, -1, dtype=np.int64)
    lists = nb.T.tolist()
    lab = labels.tolist()
    count = 0
    for start in range(n):
        if lab[start] >= 0:
            continue
        lab[start] = count
        stack = [start]
        while stack:
            i = stack.pop()
            for j in lists[i]:
                if j >= 0 and lab[j] < 0:
                    lab[j] = count
                    stack.append(j)
        count += 1
    return np.asarray(lab, dtype=np.int64), count


def check_table(table: Table | str, rules: Rules | None = None) -> list[SpiralVerdict]:
    """One :class:`SpiralVerdict` per spiral of ``table`` (text is parsed first), sorted by first cell.

    >>> vs = check_table(". . . 4 .\\n6 5 4 3 2\\n. . . 2 .")
    >>> len(vs), vs[0].valid, vs[0].closed, len(vs[0].sequences)
    (1, True, False, 3)
    """
    rules = as_rules(rules)
    if isinstance(table, str):
        table = parse_table(table)
    if not isinstance(table, Table):
        raise InvalidInputError(f"check_table needs a Table or its text, got {type(table).__name__}")
    if len(table) == 0:
        return []
    cells = list(table.keys())
    n = len(cells)
    arr = np.asarray(cells, dtype=np.int64).reshape(n, 2)
    rows, cols = arr[:, 0], arr[:, 1]
    vals = np.fromiter(table.values(), dtype=np.int64, count=n)
    nb = _neighbour_index(rows, cols)
    nv = np.where(nb >= 0, vals[np.maximum(nb, 0)], -100)
    pairs = direction_pairs(rules)
    lo, hi = vals - 1, vals + 1
    seq_ok = np.stack([((nv[a] == lo) & (nv[b] == hi)) | ((nv[a] == hi) & (nv[b] == lo)) for a, b in pairs])
    # dir_in_seq[d, i]: the neighbour of i in direction d is an end of a sequence centred at i
    dir_in_seq = np.zeros((4, n), dtype=bool)
    for p, (a, b) in enumerate(pairs):
        dir_in_seq[a] |= seq_ok[p]
        dir_in_seq[b] |= seq_ok[p]
    centre_ok = seq_ok.any(axis=0)
    end_ok = np.zeros(n, dtype=bool)
    for d in range(4):
        j = nb[d]
        has = j >= 0
        end_ok |= has & dir_in_seq[(d + 2) % 4][np.maximum(j, 0)]
    all_pairs_ok = np.all((nb < 0) | dir_in_seq, axis=0)
    parity = (rows + cols) & 1
    labels, ncomp = _labels(nb)
    sizes = np.bincount(labels, minlength=ncomp)
    links = np.bincount(labels, weights=(nb[1] >= 0).astype(np.int64) + (nb[2] >= 0), minlength=ncomp)
    covered = []
    for p in (0, 1):
        if rules.coverage == "die":
            cov = np.where(parity == p, centre_ok, end_ok)
        else:
            cov = np.where(parity == p, all_pairs_ok, True)
        covered.append(cov)
    bad = [np.bincount(labels, weights=~covered[p], minlength=ncomp).tolist() for p in (0, 1)]
    # from here on: plain Python lists (per-spiral numpy calls would dominate on many small spirals)
    order = np.argsort(labels, kind="stable").tolist()
    sizes_l = sizes.tolist()
    links_l = links.tolist()
    parity_l = parity.tolist()
    vals_l = vals.tolist()
    nb_l = nb.T.tolist()
    cov_l = [covered[0].tolist(), covered[1].tolist()]
    dis_l = dir_in_seq.T.tolist()
    seq_pairs: dict[int, list[int]] = {}
    for p, i in zip(*np.nonzero(seq_ok), strict=True):
        seq_pairs.setdefault(int(i), []).append(int(p))
    cells_by_index = cells
    data = table._cells

    def sequences_of(idx: list[int], p: int) -> tuple:
        """Every sequence of the spiral ``idx`` whose centre is an edge under parity ``p``."""
        seqs = []
        for i in idx:
            if parity_l[i] != p or i not in seq_pairs:
                continue
            for q in seq_pairs[i]:
                a, b = pairs[q]
                x, z = nb_l[i][a], nb_l[i][b]
                if cells_by_index[z] < cells_by_index[x]:
                    x, z = z, x
                seqs.append(
                    Sequence(
                        (cells_by_index[x], cells_by_index[z]), cells_by_index[i], (vals_l[x], vals_l[i], vals_l[z])
                    )
                )
        seqs.sort(key=lambda s: (s.centre, s.ends))
        return tuple(seqs)

    verdicts = []
    start = 0
    for comp in range(ncomp):
        size = sizes_l[comp]
        idx = order[start : start + size]
        start += size
        comp_cells = tuple(sorted(cells_by_index[i] for i in idx))
        spiral = Table({c: data[c] for c in comp_cells}, _trusted=True)
        if size == 1:
            c = comp_cells[0]
            verdicts.append(
                SpiralVerdict(
                    comp_cells,
                    spiral,
                    True,
                    False,
                    Interpretation.of(comp_cells, 1 - (c[0] + c[1]) % 2),
                    (),
                    (),
                    (0, 1),
                    rules,
                )
            )
            continue
        closed = links_l[comp] >= size
        good = tuple(p for p in (0, 1) if bad[p][comp] == 0)
        if good:
            p = good[0]
            verdicts.append(
                SpiralVerdict(
                    comp_cells,
                    spiral,
                    True,
                    closed,
                    Interpretation.of(comp_cells, p),
                    sequences_of(idx, p),
                    (),
                    good,
                    rules,
                )
            )
        else:
            attempts = []
            for p in (0, 1):
                unc: tuple
                if rules.coverage == "die":
                    unc = tuple(sorted(cells_by_index[i] for i in idx if not cov_l[p][i]))
                else:
                    open_pairs: list[tuple] = []
                    for i in idx:
                        if parity_l[i] != p:
                            continue
                        for d in range(4):
                            j = nb_l[i][d]
                            if j >= 0 and not dis_l[i][d]:
                                open_pairs.append(tuple(sorted((cells_by_index[i], cells_by_index[j]))))
                    unc = tuple(sorted(open_pairs))
                attempts.append(Attempt(Interpretation.of(comp_cells, p), unc, sequences_of(idx, p)))
            verdicts.append(SpiralVerdict(comp_cells, spiral, False, closed, None, (), tuple(attempts), (), rules))
    verdicts.sort(key=lambda v: v.cells[0])
    return verdicts


def check_spiral(spiral: Table | str, rules: Rules | None = None) -> SpiralVerdict:
    """The verdict on a table that must be exactly one spiral."""
    vs = check_table(spiral, rules)
    if len(vs) != 1:
        raise InvalidInputError(f"expected one spiral, got {len(vs)}")
    return vs[0]


@lru_cache(maxsize=1_000_000)
def _status(key: tuple, shape: str, coverage: str) -> tuple[bool, bool]:
    n = len(key)
    if n == 1:
        return True, False
    vals = {(r, c): v for r, c, v in key}
    pairs = sum(((r, c + 1) in vals) + ((r + 1, c) in vals) for r, c, _ in key)
    closed = pairs >= n
    centre_pairs = STRAIGHT_PAIRS if shape == "straight" else BENT_PAIRS
    for parity in (0, 1):
        dice: set = set()
        covered = 0
        pair_seen: set = set()
        for (r, c), v in vals.items():
            if (r + c) % 2 != parity:
                continue
            nb = [(r + dr, c + dc) for dr, dc in DIRECTIONS]
            for a, b in centre_pairs:
                x, z = vals.get(nb[a]), vals.get(nb[b])
                if x is None or z is None or not ((x == v - 1 and z == v + 1) or (x == v + 1 and z == v - 1)):
                    continue
                dice.update((nb[a], (r, c), nb[b]))
                for q in (nb[a], nb[b]):
                    if ((r, c), q) not in pair_seen:
                        pair_seen.add(((r, c), q))
                        covered += 1
        if (coverage == "die" and len(dice) == n) or (coverage == "adjacency" and covered == pairs):
            return True, closed
    return False, closed


def spiral_status(key: tuple, shape: str = "straight", coverage: str = "adjacency") -> tuple[bool, bool]:
    """``(valid, closed)`` of one spiral given as its :func:`~negenlab.negen.table.spiral_key` (or any
    tuple of ``(row, col, value)``), cached: the fast path of the turn search.

    >>> spiral_status(((0, 0, 1), (0, 1, 2), (1, 0, 2), (1, 1, 3)))
    (False, True)
    >>> spiral_status(((0, 0, 1), (0, 1, 2), (1, 0, 2), (1, 1, 3)), shape="bent")
    (True, True)
    """
    return _status(key, shape, coverage)


def is_valid_table(table: Table, rules: Rules | None = None) -> bool:
    """True when every spiral of ``table`` is valid."""
    return all(v.valid for v in check_table(table, rules))
