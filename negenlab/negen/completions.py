"""Completions: every way to fill blank cells so that a spiral becomes valid (and closed).

The validity of one spiral under one interpretation is a conjunction of *coverage
constraints*; each constraint is a disjunction of *sequence atoms* (y, x, z) meaning
``{v(x), v(z)} = {v(y)-1, v(y)+1}``. With ``coverage="die"`` there is one constraint per
die (the sequences it can belong to); with ``coverage="adjacency"`` one per adjacent pair.
A valid spiral satisfies the constraints of interpretation 0 or of interpretation 1.

The solver is a depth-first search over the blank cells (known dice first, then blanks in
breadth-first order) that checks, after each assignment, whether every constraint touching
the assigned die still has an atom consistent with the values assigned so far (each atom is
three pairwise conditions: |v(x)-v(y)| = 1, |v(z)-v(y)| = 1, |v(x)-v(z)| = 2). Dead branches
are cut as soon as a pair contradicts, so the work follows the number of completions, not
6**blanks. The search is compiled with numba; the same kernel counts the valid value
assignments of a shape for :mod:`negenlab.negen.enumerate`.

>>> from negenlab.negen.completions import complete
>>> res = complete("1 2 3\\n2 . 4\\n3 4 ?")
>>> [s[(2, 2)] for s in res.solutions], res.capped
([5], False)
>>> sorted(tuple(sorted(s.values())) for s in complete("? 5 ?").solutions)
[(4, 6), (4, 6)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any

import numpy as np
from numba import njit

from negenlab.core.errors import InvalidInputError

from .rules import Rules, as_rules
from .spirals import direction_pairs
from .table import DIRECTIONS, Cell, Table, components, parse_pattern

# ---------------------------------------------------------------------------------------
# constraints


def neighbour_lists(cells: list[Cell]) -> list[list[int]]:
    """For each cell index, the index of its N, E, S, W neighbour among ``cells`` or -1."""
    index = {c: i for i, c in enumerate(cells)}
    return [[index.get((r + dr, c + dc), -1) for dr, dc in DIRECTIONS] for r, c in cells]


def coverage_constraints(cells: list[Cell], rules: Rules, edge_parity: int) -> list[list[tuple[int, int, int]]]:
    """The constraints of one interpretation: a list of disjunctions of atoms (y, x, z) over cell indices.

    An empty disjunction means the interpretation can never work (e.g. an edge with one neighbour)."""
    nb = neighbour_lists(cells)
    pairs = direction_pairs(rules)
    n = len(cells)
    is_edge = [(r + c) % 2 == edge_parity for r, c in cells]
    atoms_at: list[list[tuple[int, int, int, int, int]]] = [[] for _ in range(n)]
    for y in range(n):
        if not is_edge[y]:
            continue
        for a, b in pairs:
            x, z = nb[y][a], nb[y][b]
            if x >= 0 and z >= 0:
                atoms_at[y].append((y, x, z, a, b))
    cons: list[list[tuple[int, int, int]]] = []
    if rules.coverage == "die":
        for i in range(n):
            if is_edge[i]:
                cons.append([t[:3] for t in atoms_at[i]])
            else:
                c = []
                for d in range(4):
                    y = nb[i][d]
                    if y >= 0:
                        back = (d + 2) % 4
                        c += [t[:3] for t in atoms_at[y] if back in (t[3], t[4])]
                cons.append(c)
    else:
        for y in range(n):
            if not is_edge[y]:
                continue
            for d in range(4):
                if nb[y][d] >= 0:
                    cons.append([t[:3] for t in atoms_at[y] if d in (t[3], t[4])])
    return cons


def _flatten(cons, n):
    atom_index: dict[tuple[int, int, int], int] = {}
    cons_atoms = []
    cons_ptr = [0]
    var_cons: list[list[int]] = [[] for _ in range(n)]
    for ci, c in enumerate(cons):
        vars_in = set()
        for atom in c:
            if atom not in atom_index:
                atom_index[atom] = len(atom_index)
            cons_atoms.append(atom_index[atom])
            vars_in.update(atom)
        cons_ptr.append(len(cons_atoms))
        for v in vars_in:
            var_cons[v].append(ci)
    atoms = np.array(sorted(atom_index, key=atom_index.get) or [(0, 0, 0)], dtype=np.int64).reshape(-1, 3)
    var_ptr = np.zeros(n + 1, dtype=np.int64)
    for v in range(n):
        var_ptr[v + 1] = var_ptr[v] + len(var_cons[v])
    flat_var_cons = np.array([c for v in range(n) for c in var_cons[v]] or [0], dtype=np.int64)
    return (
        atoms,
        np.array(cons_atoms or [0], dtype=np.int64),
        np.array(cons_ptr, dtype=np.int64),
        var_ptr,
        flat_var_cons,
    )


@njit(cache=True)
def _atom_alive(assign, y, x, z):
    vy = assign[y]
    vx = assign[x]
    vz = assign[z]
    if vy != 0:
        if vx != 0 and abs(vx - vy) != 1:
            return False
        if vz != 0 and abs(vz - vy) != 1:
            return False
        if vy == 1 or vy == 6:
            return False
    if vx != 0 and vz != 0 and abs(vx - vz) != 2:
        return False
    return True


@njit(cache=True)
def _search(order, domains, atoms, cons_atoms, cons_ptr, var_ptr, var_cons, perms, store_limit, stop_at):
    """Depth-first search over ``order``; returns (solutions found, fixed counts per perm, stored solutions)."""
    n = order.shape[0]
    assign = np.zeros(n, dtype=np.int64)
    nperm = perms.shape[0]
    fixed = np.zeros(nperm, dtype=np.int64)
    stored = np.zeros((max(store_limit, 1), n), dtype=np.int64)
    count = 0
    # a constraint without atoms can never hold
    for c in range(cons_ptr.shape[0] - 1):
        if cons_ptr[c + 1] == cons_ptr[c]:
            return count, fixed, stored[:0]
    pos = 0
    while pos >= 0:
        if pos == n:
            if count < store_limit:
                stored[count, :] = assign
            for h in range(nperm):
                same = True
                for i in range(n):
                    if assign[perms[h, i]] != assign[i]:
                        same = False
                        break
                if same:
                    fixed[h] += 1
            count += 1
            if stop_at > 0 and count >= stop_at:
                break
            pos -= 1
            continue
        v = order[pos]
        val = assign[v] + 1
        assign[v] = 0
        found = False
        while val <= 6:
            if domains[v] & (1 << val):
                assign[v] = val
                ok = True
                for k in range(var_ptr[v], var_ptr[v + 1]):
                    c = var_cons[k]
                    alive = False
                    for q in range(cons_ptr[c], cons_ptr[c + 1]):
                        a = cons_atoms[q]
                        if _atom_alive(assign, atoms[a, 0], atoms[a, 1], atoms[a, 2]):
                            alive = True
                            break
                    if not alive:
                        ok = False
                        break
                if ok:
                    found = True
                    break
                assign[v] = 0
            val += 1
        if found:
            pos += 1
        else:
            assign[v] = 0
            pos -= 1
    return count, fixed, stored[: min(count, store_limit)]


def search_order(cells: list[Cell], first: set[int] | None = None) -> np.ndarray:
    """Known cells (``first``) first, then the rest breadth-first from them (or from cell 0)."""
    nb = neighbour_lists(cells)
    n = len(cells)
    known = sorted(first or ())
    seen = set(known)
    order = list(known)
    queue = list(known) or [0]
    if not known:
        seen.add(0)
        order.append(0)
    head = 0
    while len(order) < n:
        if head >= len(queue):
            rest = next(i for i in range(n) if i not in seen)
            seen.add(rest)
            order.append(rest)
            queue.append(rest)
        i = queue[head]
        head += 1
        for j in nb[i]:
            if j >= 0 and j not in seen:
                seen.add(j)
                order.append(j)
                queue.append(j)
    return np.array(order, dtype=np.int64)


ALL_VALUES = sum(1 << v for v in range(1, 7))


@dataclass
class SearchResult:
    count: int
    fixed: np.ndarray
    solutions: np.ndarray


def solve_constraints(cells, cons, domains, order, perms=None, store_limit=0, stop_at=0) -> SearchResult:
    n = len(cells)
    atoms, cons_atoms, cons_ptr, var_ptr, var_cons = _flatten(cons, n)
    perms = np.zeros((0, n), dtype=np.int64) if perms is None else np.asarray(perms, dtype=np.int64).reshape(-1, n)
    count, fixed, stored = _search(
        order,
        np.asarray(domains, dtype=np.int64),
        atoms,
        cons_atoms,
        cons_ptr,
        var_ptr,
        var_cons,
        perms,
        int(store_limit),
        int(stop_at),
    )
    return SearchResult(int(count), fixed, stored)


# ---------------------------------------------------------------------------------------
# completions of a pattern


@dataclass
class Completions:
    """Every assignment of values to ``blanks`` that makes every spiral of ``known`` + blanks valid
    (and closed / not closed when ``closed`` is True / False).

    ``solutions`` are dicts blank cell -> value, sorted; ``capped`` is True when the search stopped at
    ``limit`` (more completions exist)."""

    known: Table
    blanks: tuple
    rules: Rules
    closed: bool | None
    solutions: list = field(default_factory=list)
    capped: bool = False
    limit: int | None = None
    note: str = ""

    def tables(self) -> list[Table]:
        return [self.known.with_dice(s) for s in self.solutions]

    def values_at(self) -> dict:
        """For each blank, the values it takes in some completion."""
        return {b: sorted({s[b] for s in self.solutions}) for b in self.blanks}

    def __len__(self) -> int:
        return len(self.solutions)

    def summary(self) -> str:
        head = (
            f"{len(self.solutions)}{'+ (capped at the limit)' if self.capped else ''} completion(s) "
            f"of {len(self.blanks)} blank(s) under {self.rules.sequence_shape}/{self.rules.coverage}"
        )
        if self.note:
            head += f" ({self.note})"
        lines = [head]
        for s in self.solutions[:20]:
            lines.append("  " + ", ".join(f"{c}={v}" for c, v in sorted(s.items())))
        if len(self.solutions) > 20:
            lines.append(f"  ... {len(self.solutions) - 20} more")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {
            "rules": vars(self.rules),
            "closed": self.closed,
            "blanks": [list(b) for b in self.blanks],
        }
        out["count"] = len(self.solutions)
        out.update((name, getattr(self, name)) for name in ("capped", "limit", "note"))
        out["solutions"] = [[[r, c, v] for (r, c), v in sorted(s.items())] for s in self.solutions]
        return out

    def _repr_html_(self) -> str:
        from .svg import table_svg

        pics = "".join(table_svg(t, size=24) for t in self.tables()[:12])
        return f"<div><b>{self.summary().splitlines()[0]}</b><div>{pics}</div></div>"


def _component_solutions(cells: list[Cell], known: dict, rules: Rules, limit: int | None) -> tuple[list[dict], bool]:
    """Value assignments to the blanks of one connected group of cells that make it valid."""
    blanks = [i for i, c in enumerate(cells) if c not in known]
    if len(cells) == 1:
        if blanks:
            return [{cells[0]: v} for v in range(1, 7)], False
        return [{}], False
    domains = [1 << known[c] if c in known else ALL_VALUES for c in cells]
    order = search_order(cells, {i for i, c in enumerate(cells) if c in known})
    stop = (limit + 1) if limit is not None else 0
    found: dict[tuple, None] = {}
    capped = False
    for parity in (0, 1):
        cons = coverage_constraints(cells, rules, parity)
        if stop:
            res = solve_constraints(cells, cons, domains, order, store_limit=stop, stop_at=stop)
        else:  # no cap: count first, then store exactly that many
            total = solve_constraints(cells, cons, domains, order).count
            res = solve_constraints(cells, cons, domains, order, store_limit=total)
        if res.count > len(res.solutions):
            raise RuntimeError("internal: more completions than the store holds")  # pragma: no cover
        for row in res.solutions:
            found[tuple(int(row[i]) for i in blanks)] = None
        if limit is not None and len(found) > limit:
            capped = True
            break
    sols = sorted(found)
    if limit is not None and len(sols) > limit:
        sols, capped = sols[:limit], True
    return [{cells[i]: v for i, v in zip(blanks, s, strict=True)} for s in sols], capped


def complete(
    spiral_with_blanks, rules: Rules | None = None, closed: bool | None = None, limit: int | None = 10_000
) -> Completions:
    """Every assignment of 1..6 to the blank cells that makes every spiral valid.

    ``spiral_with_blanks`` is text with ``?`` for blanks, or a pair ``(Table, blank cells)``.
    ``closed=True`` keeps only completions with a closed spiral, ``closed=False`` only those without
    (closure depends on the cells, not the values). ``limit`` caps the number returned (``capped``
    says so); ``None`` = no cap.

    >>> res = complete("? 2\\n2 ?", Rules(sequence_shape="bent"), closed=True)
    >>> sorted(tuple(sorted(s.values())) for s in res.solutions)
    [(1, 3), (1, 3)]
    """
    rules = as_rules(rules)
    if limit is not None and limit < 1:
        raise InvalidInputError(f"limit must be >= 1 or None, got {limit}")
    if isinstance(spiral_with_blanks, str):
        known, blanks = parse_pattern(spiral_with_blanks)
    elif isinstance(spiral_with_blanks, Table):
        known, blanks = spiral_with_blanks, frozenset()
    else:
        try:
            known, blanks = spiral_with_blanks
        except (TypeError, ValueError):
            raise InvalidInputError("complete() needs text with '?' blanks or a pair (Table, blank cells)") from None
        if not isinstance(known, Table):
            raise InvalidInputError(f"complete() needs a Table of known dice, got {type(known).__name__}")
        blanks = frozenset(tuple(b) for b in blanks)
        clash = sorted(b for b in blanks if b in known)
        if clash:
            raise InvalidInputError(f"blank cells {clash} already hold dice")
    blanks_t = tuple(sorted(blanks))
    all_cells = set(known.keys()) | set(blanks)
    comps = components(all_cells)
    result = Completions(known, blanks_t, rules, closed, limit=limit)
    has_loop = False
    for comp in comps:
        cs = set(comp)
        links = sum(1 for r, c in comp if (r, c + 1) in cs) + sum(1 for r, c in comp if (r + 1, c) in cs)
        has_loop |= links >= len(comp)
    if closed is not None and has_loop != closed:
        result.note = "no completion: the cells " + ("have no loop" if closed else "have a loop")
        return result
    per_comp = []
    for comp in comps:
        sols, capped = _component_solutions(comp, dict(known.items()), rules, limit)
        if not sols:
            result.note = f"the spiral at {comp[0]} cannot be made valid"
            return result
        result.capped |= capped
        per_comp.append(sols)
    out = []
    for combo in product(*per_comp):
        merged = {}
        for part in combo:
            merged.update(part)
        out.append(merged)
        if limit is not None and len(out) >= limit:
            # more combinations left?
            total = 1
            for p in per_comp:
                total *= len(p)
            result.capped |= total > limit
            break
    result.solutions = sorted(out, key=lambda s: sorted(s.items()))
    return result
