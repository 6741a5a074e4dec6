"""Independent, obviously-right reference implementations for the Negen spiral tests.

Written straight from the rules page without sharing code with the engine."""

from __future__ import annotations

from itertools import product


def neighbours(cells, c):
    r, q = c
    return [n for n in ((r - 1, q), (r + 1, q), (r, q - 1), (r, q + 1)) if n in cells]


def components(cells):
    cells = set(cells)
    out = []
    while cells:
        start = min(cells)
        comp = {start}
        frontier = [start]
        while frontier:
            c = frontier.pop()
            for n in neighbours(cells, c):
                if n not in comp:
                    comp.add(n)
                    frontier.append(n)
        cells -= comp
        out.append(comp)
    return out


def sequences(dice, edges, shape):
    """All (x, y, z) with y an edge, x, z distinct nodes adjacent to y, values y-1 and y+1 at the ends."""
    out = []
    for y in dice:
        if y not in edges:
            continue
        for x in neighbours(dice, y):
            for z in neighbours(dice, y):
                if x == z or x in edges or z in edges:
                    continue
                if shape == "straight" and not (x[0] == y[0] == z[0] or x[1] == y[1] == z[1]):
                    continue
                if dice[x] == dice[y] - 1 and dice[z] == dice[y] + 1:
                    out.append((x, y, z))
    return out


def spiral_valid(dice, shape="straight", coverage="die"):
    """dice: dict cell -> value, one connected spiral."""
    if len(dice) == 1:
        return True
    for parity in (0, 1):
        edges = {c for c in dice if (c[0] + c[1]) % 2 == parity}
        seqs = sequences(dice, edges, shape)
        if coverage == "die":
            covered = {c for s in seqs for c in s}
            if covered == set(dice):
                return True
        else:
            pairs = {frozenset((a, b)) for a in dice for b in neighbours(dice, a)}
            covered = {frozenset((s[0], s[1])) for s in seqs} | {frozenset((s[1], s[2])) for s in seqs}
            if pairs <= covered:
                return True
    return False


def spiral_closed(cells):
    cells = set(cells)
    pairs = sum(1 for a in cells for b in neighbours(cells, a)) // 2
    return pairs >= len(cells)


def fixed_polyominoes(k):
    """Every set of k orthogonally connected cells, normalised to min row = min col = 0 (grown naively)."""

    def norm(s):
        r0 = min(r for r, _ in s)
        c0 = min(c for _, c in s)
        return frozenset((r - r0, c - c0) for r, c in s)

    level = {frozenset([(0, 0)])}
    for _ in range(k - 1):
        nxt = set()
        for s in level:
            for c in s:
                for n in ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1), (c[0], c[1] - 1)):
                    if n not in s:
                        nxt.add(norm(s | {n}))
        level = nxt
    return level


def images(shape):
    # Kept apart from negenlab.negen.table.shape_images: this reference shares no code with the package.
    out = []
    for refl in (False, True):
        s = [(r, -c) if refl else (r, c) for r, c in shape]
        for _ in range(4):
            s = [(c, -r) for r, c in s]
            r0 = min(r for r, _ in s)
            c0 = min(c for _, c in s)
            out.append(frozenset((r - r0, c - c0) for r, c in s))
    return out


def all_assignments(cells):
    cells = sorted(cells)
    for values in product(range(1, 7), repeat=len(cells)):
        yield dict(zip(cells, values, strict=True))
