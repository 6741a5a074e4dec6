"""Negen spiral analysis speed, side by side with a plain reference in the same run.

    python benchmarks/bench_negen_spirals.py

Peers (there is no other Negen implementation): for validity, a networkx + pure-Python checker
written straight from the rules (components with networkx.connected_components, sequences by
looping over neighbours); for completions and enumeration counts, brute force over all 6**k
value assignments. Each pair must agree before its time is printed.
"""

from __future__ import annotations

import time
from itertools import product

import networkx as nx
import numpy as np

from negenlab.negen import Rules, Table, check_table, complete
from negenlab.negen.completions import coverage_constraints  # noqa: F401  (warm import)
from negenlab.negen.enumerate import count_assignments, free_polyominoes


def reference_valid(dice: dict, rules: Rules) -> list[bool]:
    g = nx.Graph()
    g.add_nodes_from(dice)
    for r, c in dice:
        for n in ((r + 1, c), (r, c + 1)):
            if n in dice:
                g.add_edge((r, c), n)
    out = []
    for comp in sorted(nx.connected_components(g), key=min):
        if len(comp) == 1:
            out.append(True)
            continue
        ok = False
        for parity in (0, 1):
            covered, pairs_ok = set(), set()
            for y in comp:
                if (y[0] + y[1]) % 2 != parity:
                    continue
                nbs = list(g.neighbors(y))
                for x in nbs:
                    for z in nbs:
                        if x >= z:
                            continue
                        if rules.sequence_shape == "straight" and not (x[0] == z[0] or x[1] == z[1]):
                            continue
                        if {dice[x], dice[z]} == {dice[y] - 1, dice[y] + 1}:
                            covered |= {x, y, z}
                            pairs_ok |= {frozenset((x, y)), frozenset((y, z))}
            if rules.coverage == "die":
                ok = covered == comp
            else:
                ok = all(frozenset(e) in pairs_ok for e in g.subgraph(comp).edges)
            if ok:
                break
        out.append(ok)
    return out


def timed(f, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        res = f()
        best = min(best, time.perf_counter() - t0)
    return best, res


def main():
    rng = np.random.default_rng(1)
    pattern = [1, 2, 3, 4, 5, 4, 3, 2]
    tables = {
        "10,001-die valid line": {(0, c): pattern[c % 8] for c in range(10_001)},
        "100x100 random block": {(r, c): int(rng.integers(1, 7)) for r in range(100) for c in range(100)},
        "10,000 scattered 3-die lines": {
            (3 * i // 100 * 2, 4 * (i % 100) + j): v for i in range(3334) for j, v in enumerate((4, 3, 2))
        },
    }
    print("validity of a whole table (check_table vs networkx + pure-Python reference)")
    for name, dice in tables.items():
        t = Table(dice)
        for rules in (Rules(), Rules(sequence_shape="bent", coverage="adjacency")):
            ours, vs = timed(lambda t=t, rules=rules: check_table(t, rules))
            ref, expect = timed(lambda dice=dice, rules=rules: reference_valid(dice, rules), repeat=1)
            assert [v.valid for v in vs] == expect
            print(
                f"  {name:32s} {rules.sequence_shape}/{rules.coverage:9s} negenlab {ours * 1e3:8.1f} ms  "
                f"reference {ref * 1e3:8.1f} ms  ratio {ref / ours:6.1f}x"
            )

    print("completions of blanks (constraint search vs brute force over 6**k)")
    for pattern_text in ("1 2 3\n? . ?\n? ? ?", "? 2 ?\n2 . ?\n? ? 5", "? ? ? ?\n? . . ?\n? ? ? ?"):
        ours, res = timed(lambda pattern_text=pattern_text: complete(pattern_text, limit=None))
        from negenlab.negen.table import parse_pattern

        known, blanks = parse_pattern(pattern_text)
        blanks = sorted(blanks)
        if len(blanks) > 8:
            print(
                f"  {pattern_text!r}: {len(res)} completions in {ours * 1e3:.1f} ms "
                f"(brute force 6^{len(blanks)} = {6 ** len(blanks):,} fillings skipped)"
            )
            continue

        def brute(known=known, blanks=blanks):
            n = 0
            for vals in product(range(1, 7), repeat=len(blanks)):
                n += all(reference_valid({**dict(known.items()), **dict(zip(blanks, vals, strict=False))}, Rules()))
            return n

        ref, n = timed(brute, repeat=1)
        assert n == len(res), (n, len(res))
        print(
            f"  {pattern_text!r}: {n} completions  negenlab {ours * 1e3:8.1f} ms  brute {ref:8.2f} s  "
            f"ratio {ref / ours:8.0f}x"
        )

    print("valid assignments of every free 5- and 6-cell shape (counting search vs brute force 6**k)")
    for k in (5, 6):
        shapes = free_polyominoes(k)
        ours, counts = timed(lambda shapes=shapes: [count_assignments(s.cells, Rules())[0] for s in shapes])
        cells = [list(s.cells) for s in shapes]
        t0 = time.perf_counter()
        sample = cells[:3] if k == 5 else cells[:1]
        brute = []
        for cs in sample:
            n = 0
            for vals in product(range(1, 7), repeat=k):
                n += reference_valid(dict(zip(cs, vals, strict=False)), Rules())[0]
            brute.append(n)
        ref = (time.perf_counter() - t0) * len(cells) / len(sample)
        assert brute == counts[: len(sample)]
        print(
            f"  k={k}: {len(shapes)} shapes  negenlab {ours * 1e3:8.1f} ms  brute (extrapolated from {len(sample)} shape(s)) "
            f"{ref:8.1f} s  ratio {ref / ours:8.0f}x"
        )


if __name__ == "__main__":
    main()
