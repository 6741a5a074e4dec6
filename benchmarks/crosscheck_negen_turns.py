"""Negen turns: the engine's ``legal_turns`` against the exhaustive brute force, on many random positions.

    .venv/bin/python benchmarks/crosscheck_negen_turns.py [--positions 3000] [--variant straight-adjacency-join ...]
                                                          [--seed 0] [--workers 2] [--show 3]

The same comparison as ``tests/negen/test_turns_exact.py`` (same position generator, same brute
force: ``tests/negen/brute_turns.py``), with more positions.  For each variant it prints the
positions, the turns compared (end tables of the brute force), the end tables the engine misses
and the ones it has in excess, positions whose turn facts (used / closed / depleted) differ,
duplicates, and the brute-force seconds.  The brute-force search of a position does not depend on
the reading (shape, coverage), so it runs once per rearrange mode and its seconds (summed over the
positions, in worker processes) are shown with each of the 4 variants of that mode.

When ``legal_turns`` is not usable yet (``Rules`` without ``free_moves``), only the brute force
runs and its figures are printed.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.negen import brute_turns as bt  # noqa: E402

LABELS = {f"{s}-{c}-{r}": (s, c, r) for s, c, r in bt.VARIANTS}


def fast_available() -> str:
    """'' when legal_turns can be cross-checked, else why not."""
    try:
        from negenlab.negen import Rules, legal_turns  # noqa: F401
    except ImportError as exc:
        return f"negenlab.negen.legal_turns cannot be imported ({exc})"
    try:
        Rules(free_moves=1)
    except TypeError:
        return "Rules does not take free_moves yet"
    return ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=3000, help="random positions per variant (default 3000)")
    ap.add_argument("--variant", action="append", choices=sorted(LABELS),
                    help="shape-coverage-rearrange; repeat for several (default: all 8)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--free-moves", type=int, default=1)
    ap.add_argument("--show", type=int, default=3, help="differing positions printed per variant (default 3)")
    args = ap.parse_args()

    variants = [LABELS[v] for v in args.variant] if args.variant else list(bt.VARIANTS)
    why_not = fast_available()
    if why_not:
        print(f"legal_turns is not cross-checked: {why_not}; brute force only", flush=True)

    rows = []
    for rearrange in ("join", "free"):
        mine = [v for v in variants if v[2] == rearrange]
        if not mine:
            continue
        positions = bt.sample_positions(rearrange, args.positions, args.seed)
        jobs = [(t, b, rearrange, args.free_moves) for t, b, _ in positions]
        t0 = time.perf_counter()
        brute = list(tqdm(bt.run_jobs(bt.brute_job, jobs, args.workers), total=len(jobs),
                          desc=f"brute force, {rearrange}", unit="pos"))
        wall = time.perf_counter() - t0
        brute_s = sum(res[2] for res in brute)
        for shape, coverage, _ in mine:
            label = f"{shape}-{coverage}-{rearrange}"
            row = dict(variant=label, positions=len(positions), brute_s=brute_s, brute_wall=wall,
                       turns=sum(len(res[0][(shape, coverage)]) for res in brute),
                       closing=sum(any(f["closed"] for f in res[0][(shape, coverage)].values()) for res in brute))
            if not why_not:
                fjobs = [(t, b, shape, coverage, rearrange, args.free_moves) for t, b, _ in positions]
                missing = extra = facts = dups = incomplete = 0
                reports = []
                t1 = time.perf_counter()
                fast = tqdm(bt.run_jobs(bt.fast_job, fjobs, args.workers), total=len(fjobs),
                            desc=f"legal_turns, {label}", unit="pos")
                for position, res, got in zip(positions, brute, fast):
                    mine_tables, (theirs, dup, complete) = res[0][(shape, coverage)], got
                    missing += len(set(mine_tables) - set(theirs))
                    extra += len(set(theirs) - set(mine_tables))
                    facts += sum(mine_tables[k] != theirs[k] for k in set(mine_tables) & set(theirs))
                    dups += len(dup)
                    incomplete += not complete
                    report = bt.compare(position, mine_tables, got)
                    if report:
                        reports.append(report)
                row.update(missing=missing, extra=extra, facts=facts, dups=dups, incomplete=incomplete,
                           differ=len(reports), fast_wall=time.perf_counter() - t1)
                for report in reports[:args.show]:
                    tqdm.write(f"--- {label}: a position that differs\n{report}\n")
            rows.append(row)

    head = f"{'variant':26s} {'positions':>9s} {'turns':>8s} {'closing':>7s}"
    if not why_not:
        head += (f" {'missing':>7s} {'extra':>6s} {'facts':>6s} {'dups':>5s} {'incompl':>7s} {'differ':>6s}"
                 f" {'fast s':>7s}")
    head += f" {'brute s':>8s}"
    print(head)
    for r in rows:
        line = f"{r['variant']:26s} {r['positions']:9d} {r['turns']:8d} {r['closing']:7d}"
        if not why_not:
            line += (f" {r['missing']:7d} {r['extra']:6d} {r['facts']:6d} {r['dups']:5d} {r['incomplete']:7d}"
                     f" {r['differ']:6d} {r['fast_wall']:7.1f}")
        line += f" {r['brute_s']:8.1f}"
        print(line)
    print("brute s: seconds of the brute-force search summed over the positions (one search per position "
          "serves the 4 variants of its rearrange mode); fast s: wall seconds of legal_turns.")


if __name__ == "__main__":
    main()
