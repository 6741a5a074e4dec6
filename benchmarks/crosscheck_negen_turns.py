"""Negen turns: the engine's ``legal_turns`` against the exhaustive brute force, on many random positions.

    .venv/bin/python benchmarks/crosscheck_negen_turns.py [--positions 3000] [--variant straight-adjacency-join ...]
                                                          [--seed 0] [--workers 2] [--show 3]

The same comparison as ``tests/negen/test_turns_exact.py`` (same position generator, same brute
force: ``tests/negen/brute_turns.py``), with more positions.  For each variant it prints the
positions, the turns compared (end tables of the brute force), the end tables the engine misses
and the ones it has in excess, positions whose turn facts (used / closed / depleted) differ,
duplicates, and the brute-force seconds.  ``find_closing_turn`` is held to the same brute force
both ways: ``closing`` counts the positions with a closing turn, ``close differ`` the positions
where it says none while one exists, or returns a turn that is not legal, has other facts or does
not close.  The brute-force search of a position does not depend on
the reading (shape, coverage), so it runs once per rearrange mode and its seconds (summed over the
positions, in worker processes) are shown with each of the 4 variants of that mode.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pandas as pd
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.negen import brute_turns as bt  # noqa: E402

LABELS = {f"{s}-{c}-{r}": (s, c, r) for s, c, r in bt.VARIANTS}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=3000, help="random positions per variant (default 3000)")
    ap.add_argument(
        "--variant",
        action="append",
        choices=sorted(LABELS),
        help="shape-coverage-rearrange; repeat for several (default: all 8)",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--free-moves", type=int, default=1)
    ap.add_argument("--show", type=int, default=3, help="differing positions printed per variant (default 3)")
    args = ap.parse_args()

    variants = [LABELS[v] for v in args.variant] if args.variant else list(bt.VARIANTS)
    rows = []
    for rearrange in ("join", "free"):
        mine = [v for v in variants if v[2] == rearrange]
        if not mine:
            continue
        positions = bt.sample_positions(rearrange, args.positions, args.seed)
        jobs = [(t, b, rearrange, args.free_moves) for t, b, _ in positions]
        t0 = time.perf_counter()
        brute = list(
            tqdm(
                bt.run_jobs(bt.brute_job, jobs, args.workers),
                total=len(jobs),
                desc=f"brute force, {rearrange}",
                unit="pos",
            )
        )
        wall = time.perf_counter() - t0
        brute_s = sum(res[2] for res in brute)
        for shape, coverage, _ in mine:
            label = f"{shape}-{coverage}-{rearrange}"
            row = dict(
                variant=label,
                positions=len(positions),
                brute_s=brute_s,
                brute_wall=wall,
                turns=sum(len(res[0][(shape, coverage)]) for res in brute),
                closing=sum(any(f["closed"] for f in res[0][(shape, coverage)].values()) for res in brute),
            )
            fjobs = [(t, b, shape, coverage, rearrange, args.free_moves) for t, b, _ in positions]
            missing = extra = facts = dups = incomplete = 0
            reports = []
            t1 = time.perf_counter()
            fast = tqdm(
                bt.run_jobs(bt.fast_job, fjobs, args.workers),
                total=len(fjobs),
                desc=f"legal_turns, {label}",
                unit="pos",
            )
            for position, res, got in zip(positions, brute, fast, strict=False):
                mine_tables, (theirs, dup, complete) = res[0][(shape, coverage)], got
                missing += len(set(mine_tables) - set(theirs))
                extra += len(set(theirs) - set(mine_tables))
                facts += sum(mine_tables[k] != theirs[k] for k in set(mine_tables) & set(theirs))
                dups += len(dup)
                incomplete += not complete
                report = bt.compare(position, mine_tables, got)
                if report:
                    reports.append(report)
            row.update(
                missing=missing,
                extra=extra,
                facts=facts,
                dups=dups,
                incomplete=incomplete,
                differ=len(reports),
                fast_wall=time.perf_counter() - t1,
            )
            found = tqdm(
                bt.run_jobs(bt.closing_job, fjobs, args.workers),
                total=len(fjobs),
                desc=f"find_closing_turn, {label}",
                unit="pos",
            )
            close_reports = [
                r
                for r in (
                    bt.closing_report(position, res[0][(shape, coverage)], f)
                    for position, res, f in zip(positions, brute, found, strict=False)
                )
                if r
            ]
            row.update(close_differ=len(close_reports))
            for report in close_reports[: args.show]:
                tqdm.write(f"--- {label}: find_closing_turn differs\n{report}\n")
            for report in reports[: args.show]:
                tqdm.write(f"--- {label}: a position that differs\n{report}\n")
            rows.append(row)

    table = pd.DataFrame(rows)[
        [
            "variant",
            "positions",
            "turns",
            "closing",
            "missing",
            "extra",
            "facts",
            "dups",
            "incomplete",
            "differ",
            "close_differ",
            "fast_wall",
            "brute_s",
        ]
    ]
    print(
        table.rename(columns={"fast_wall": "fast s", "brute_s": "brute s", "close_differ": "close differ"}).to_string(
            index=False, float_format=lambda v: f"{v:.1f}"
        )
    )
    print(
        "brute s: seconds of the brute-force search summed over the positions (one search per position "
        "serves the 4 variants of its rearrange mode); fast s: wall seconds of legal_turns."
    )


if __name__ == "__main__":
    main()
