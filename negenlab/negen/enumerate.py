"""Enumerations: how many valid (and closed) spirals have k dice?

1. Shapes: every fixed polyomino with k cells, generated once each by Redelmeier's
   algorithm (:func:`fixed_polyominoes`), grouped into free polyominoes (classes under
   the 8 rotations/reflections) by canonical forms.
2. Values: for each free shape P, the number of value assignments making it a valid
   spiral is counted by the constraint search of :mod:`negenlab.negen.completions`
   (|V0| + |V1| - |V0 and V1| over the two interpretations), never by trying 6**k.
3. Up to translation: sum over free shapes of count(P) x (number of fixed images of P).
   Up to rotation and reflection: Burnside's lemma inside each shape's stabiliser H,
   sum over P of (1/|H|) x sum over h in H of (assignments fixed by h).
   Closure depends on the shape only (a spiral is closed when #adjacent pairs >= k).

>>> from negenlab.negen.enumerate import count_spirals, fixed_polyominoes
>>> [sum(1 for _ in fixed_polyominoes(k)) for k in range(1, 6)]
[1, 2, 6, 19, 63]
>>> df = count_spirals(4)
>>> df[["k", "valid_fixed", "valid_free"]].values.tolist()
[[1, 6, 6], [2, 0, 0], [3, 16, 4], [4, 0, 0]]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from negenlab.core.errors import InvalidInputError

from .completions import ALL_VALUES, coverage_constraints, search_order, solve_constraints
from .rules import Rules, as_rules
from .table import DIRECTIONS, Cell, Table, shape_images


def fixed_polyominoes(k: int):
    """Yield every fixed polyomino with exactly k cells once, as a sorted tuple of cells normalised to
    min row = min col = 0 (Redelmeier's algorithm: grow from the origin, each cell tried once)."""
    if k < 1:
        raise InvalidInputError(f"k must be >= 1, got {k}")

    def allowed(cell):
        r, c = cell
        return r > 0 or (r == 0 and c >= 0)

    poly: list[Cell] = []
    seen = {(0, 0)}

    def rec(untried: list[Cell]):
        untried = list(untried)
        while untried:
            cell = untried.pop()
            poly.append(cell)
            if len(poly) == k:
                r0 = min(r for r, _ in poly)
                c0 = min(c for _, c in poly)
                yield tuple(sorted((r - r0, c - c0) for r, c in poly))
            else:
                new = []
                for dr, dc in DIRECTIONS:
                    n = (cell[0] + dr, cell[1] + dc)
                    if allowed(n) and n not in seen and not _touches(n, poly, cell):
                        new.append(n)
                for n in new:
                    seen.add(n)
                yield from rec(untried + new)
                for n in new:
                    seen.discard(n)
            poly.pop()

    yield from rec([(0, 0)])


def _touches(n, poly, newest) -> bool:
    """True when n neighbours a cell of ``poly`` other than ``newest`` (then it was already offered)."""
    for dr, dc in DIRECTIONS:
        m = (n[0] + dr, n[1] + dc)
        if m != newest and m in poly:
            return True
    return False


@dataclass
class FreeShape:
    cells: tuple  # canonical cells (sorted)
    orbit: int  # number of distinct fixed images (8 / |stabiliser|)
    perms: np.ndarray  # (|stabiliser|, k): cell index -> index of its image, identity included
    closed: bool


def free_polyominoes(k: int) -> list[FreeShape]:
    """Free polyominoes with k cells with their orbit sizes and stabiliser permutations."""
    classes: dict[tuple, int] = {}
    seen: set[tuple] = set()
    for cells in fixed_polyominoes(k):  # each fixed polyomino arrives once, sorted and normalised
        if cells in seen:
            continue
        images = {tuple(sorted(img)) for img in shape_images(cells)}
        seen |= images
        classes[min(images)] = len(images)
    shapes = []
    for key, orbit in classes.items():
        index = {c: i for i, c in enumerate(key)}
        perms = []
        for img in shape_images(key):
            if set(img) == set(key):
                perms.append([index[c] for c in img])
        assert len(perms) * orbit == 8, (key, len(perms), orbit)
        cs = set(key)
        links = sum((r, c + 1) in cs for r, c in key) + sum((r + 1, c) in cs for r, c in key)
        shapes.append(FreeShape(key, orbit, np.array(perms, dtype=np.int64), links >= k))
    shapes.sort(key=lambda s: s.cells)
    return shapes


def count_assignments(cells, rules: Rules, perms=None) -> tuple[int, np.ndarray]:
    """(number of valid value assignments of the shape, number fixed by each permutation)."""
    cells = list(cells)
    k = len(cells)
    perms = np.zeros((0, k), dtype=np.int64) if perms is None else perms
    if k == 1:
        return 6, np.full(len(perms), 6, dtype=np.int64)
    order = search_order(cells)
    domains = [ALL_VALUES] * k
    c0 = coverage_constraints(cells, rules, 0)
    c1 = coverage_constraints(cells, rules, 1)
    r0 = solve_constraints(cells, c0, domains, order, perms)
    r1 = solve_constraints(cells, c1, domains, order, perms)
    if r0.count and r1.count:
        r01 = solve_constraints(cells, c0 + c1, domains, order, perms)
        both, both_fixed = r01.count, r01.fixed
    else:
        both, both_fixed = 0, np.zeros(len(perms), dtype=np.int64)
    return r0.count + r1.count - both, r0.fixed + r1.fixed - both_fixed


def assignments(cells, rules: Rules) -> list[dict]:
    """Every valid value assignment of a shape (use for small counts: drawing, listing)."""
    cells = list(cells)
    if len(cells) == 1:
        return [{cells[0]: v} for v in range(1, 7)]
    order = search_order(cells)
    domains = [ALL_VALUES] * len(cells)
    found = set()
    for parity in (0, 1):
        cons = coverage_constraints(cells, rules, parity)
        n = solve_constraints(cells, cons, domains, order).count
        res = solve_constraints(cells, cons, domains, order, store_limit=n)
        found |= {tuple(int(v) for v in row) for row in res.solutions}
    return [dict(zip(cells, vals, strict=True)) for vals in sorted(found)]


COLUMNS = [
    "k",
    "shapes_fixed",
    "shapes_free",
    "closed_shapes_fixed",
    "closed_shapes_free",
    "valid_fixed",
    "valid_free",
    "valid_closed_fixed",
    "valid_closed_free",
    "seconds",
]


def count_spirals(
    max_k: int, rules: Rules | None = None, *, progress=None, time_budget: float | None = None
) -> pd.DataFrame:
    """One row per k = 1..max_k: shapes, valid spirals and valid closed spirals, counted as fixed
    placements up to translation (``*_fixed``) and up to rotation and reflection (``*_free``).

    ``time_budget`` (seconds) stops before starting a k when the budget is spent; the frame's
    ``attrs["stopped_at_k"]`` then says where (None when every k was done)."""
    rules = as_rules(rules)
    if max_k < 1:
        raise InvalidInputError(f"max_k must be >= 1, got {max_k}")
    rows = []
    start = time.perf_counter()
    stopped = None
    for k in range(1, max_k + 1):
        if time_budget is not None and time.perf_counter() - start > time_budget:
            stopped = k
            break
        t0 = time.perf_counter()
        shapes = free_polyominoes(k)
        row: dict[str, float] = dict.fromkeys(COLUMNS, 0)
        row["k"] = k
        valid_free = Fraction(0)
        closed_free = Fraction(0)
        for s in shapes:
            row["shapes_fixed"] += s.orbit
            row["shapes_free"] += 1
            total, fixed = count_assignments(s.cells, rules, s.perms)
            orbits = Fraction(int(fixed.sum()), len(s.perms))
            row["valid_fixed"] += total * s.orbit
            valid_free += orbits
            if s.closed:
                row["closed_shapes_fixed"] += s.orbit
                row["closed_shapes_free"] += 1
                row["valid_closed_fixed"] += total * s.orbit
                closed_free += orbits
        assert valid_free.denominator == 1 and closed_free.denominator == 1
        row["valid_free"] = int(valid_free)
        row["valid_closed_free"] = int(closed_free)
        row["seconds"] = round(time.perf_counter() - t0, 3)
        rows.append(row)
        if progress:
            progress(row)
    df = pd.DataFrame(rows, columns=COLUMNS)
    df.attrs["rules"] = rules
    df.attrs["stopped_at_k"] = stopped
    return df


def smallest_closed_spirals(
    rules: Rules | None = None, max_k: int = 10, limit: int = 50
) -> tuple[int | None, list[Table]]:
    """The smallest k with a valid closed spiral (searching k <= max_k) and those spirals up to
    rotation/reflection (at most ``limit`` of them, in canonical form)."""
    rules = as_rules(rules)
    for k in range(4, max_k + 1):
        found: dict[Table, None] = {}
        for s in free_polyominoes(k):
            if not s.closed:
                continue
            for a in assignments(s.cells, rules):
                found[Table(a).canonical()] = None
        if found:
            tables = sorted(found, key=lambda t: sorted(t.items()))
            return k, tables[:limit]
    return None, []
