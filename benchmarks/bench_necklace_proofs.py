"""Necklace's df-pn, two settings of the search side by side in one run.

    python benchmarks/bench_necklace_proofs.py [--compare replacement|cut_off] [--size 5] [--tt-bits 18]
                                               [--cap 200000000] [--classes 2,2 0,2]

Every opening class of the board is solved (``ProofSearch.value``, the proofs ``opening_values``
runs) once with each setting and a table of ``2**tt_bits`` entries:

- ``--compare replacement`` (default): the table's policies of ``negenlab.necklace.solver.REPLACEMENTS``,
  ``two-way`` (the earlier table: two entries a key, solved ones kept) against ``work`` (four entries a
  key, the least costly one replaced). 5x5's proofs visit 3-25 million nodes, so at 2**18 entries the
  table is replaced on most stores: the regime 6x6 runs in at any size this machine holds.
- ``--compare cut_off``: the search without the cut-off rule against it (a position where the other
  colour can no longer connect is proved, searched no further).

Printed per class: the value, nodes and seconds of each setting, and the ratio of nodes (first /
second: above 1 means the second searched less). Every value is checked against the committed
certified table (``data/necklace/solution_openings.csv``); a difference exits with status 1.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from negenlab.necklace.solver import REPLACEMENTS, ProofSearch, centre_first_order, symmetry_maps
from negenlab.necklace.study import load_tables


def classes(n: int) -> list[tuple[int, int]]:
    """The canonical opening of each class, centre first (as ``opening_values`` walks them)."""
    maps = symmetry_maps(n)
    return [divmod(int(p), n) for p in centre_first_order(n) if int(min(maps[:, int(p)])) == int(p)]


SETTINGS = {
    "replacement": {p: {"replacement": p} for p in REPLACEMENTS},
    "cut_off": {"off": {"cut_off": False}, "on": {"cut_off": True}},
}
"""What ``--compare`` sets side by side: a name per setting and the ``ProofSearch`` options it takes."""


def solve_class(n: int, r: int, c: int, tt_bits: int, cap: int, options: dict) -> tuple[str, int, float]:
    search = ProofSearch(n, tt_bits=tt_bits, node_cap=cap, **options)
    board = np.zeros(n * n, dtype=np.int8)
    board[r * n + c] = 1
    first = 2 if r in (0, n - 1) or c in (0, n - 1) else 1  # as opening_values tries them
    t0 = time.perf_counter()
    try:
        value = search.value(board, 2, first=first)
    except RuntimeError:
        value = "capped"
    return value, search.nodes, time.perf_counter() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", choices=sorted(SETTINGS), default="replacement", help="what to set side by side")
    ap.add_argument("--size", type=int, default=5, help="board size with a committed table: 3, 4 or 5 (default 5)")
    ap.add_argument("--tt-bits", type=int, default=18, help="table of 2**bits entries (default 18)")
    ap.add_argument("--cap", type=int, default=200_000_000, help="node cap per proof (default 200,000,000)")
    ap.add_argument("--classes", nargs="*", default=None, help="opening classes as R,C (default: all)")
    args = ap.parse_args(argv)
    _, openings = load_tables()
    shipped = openings[openings["size"] == args.size]
    truth = {(int(r), int(c)): v for r, c, v in shipped[["row", "col", "value"]].itertuples(index=False)}
    if not truth:
        print(f"no committed table for {args.size}x{args.size}", file=sys.stderr)
        return 2
    settings = SETTINGS[args.compare]
    policies = list(settings)
    print(f"{args.size}x{args.size}, table 2**{args.tt_bits} entries, cap {args.cap:,} nodes a proof, {args.compare}")
    print(f"{'opening':>8} {'value':>6} " + " ".join(f"{p + ' nodes':>16} {'s':>6}" for p in policies) + "   ratio")
    totals = {p: [0, 0.0] for p in policies}
    wrong = []
    chosen = classes(args.size)
    if args.classes:
        chosen = [tuple(int(x) for x in text.split(",")) for text in args.classes]
        if not set(chosen) <= set(classes(args.size)):
            print(
                f"--classes takes canonical openings of {args.size}x{args.size}: {classes(args.size)}", file=sys.stderr
            )
            return 2
    for r, c in chosen:
        row = {p: solve_class(args.size, r, c, args.tt_bits, args.cap, settings[p]) for p in policies}
        for p, (value, nodes, secs) in row.items():
            totals[p][0] += nodes
            totals[p][1] += secs
            if value not in ("capped", truth[(r, c)]):
                wrong.append((r, c, p, value, truth[(r, c)]))
        ratio = row[policies[0]][1] / max(1, row[policies[1]][1])
        cells = " ".join(f"{nodes:>16,} {secs:>6.1f}" for _, nodes, secs in row.values())
        values = "/".join(sorted({v for v, _, _ in row.values()}))
        print(f"{f'{r},{c}':>8} {values:>6} {cells}   {ratio:.2f}", flush=True)
    cells = " ".join(f"{totals[p][0]:>16,} {totals[p][1]:>6.1f}" for p in policies)
    print(f"{'total':>8} {'':>6} {cells}   {totals[policies[0]][0] / max(1, totals[policies[1]][0]):.2f}")
    for r, c, p, value, want in wrong:
        print(f"WRONG: opening {r},{c} with {p}: {value}, the certified table says {want}", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
