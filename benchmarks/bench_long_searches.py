"""The long searches on several workers: one worker against two on the same opening classes, in one run.

    python benchmarks/bench_long_searches.py [--size 4] [--job-nodes 2000] [--workers 2] [--dask]

Necklace's proof attack (``negenlab study necklace proofs_6x6``, each opening class's job tree a task of
:func:`negenlab.core.simulate.run_tasks` that runs a few of its jobs) on ``size`` x ``size`` with df-pn
jobs of ``job_nodes`` nodes, into a fresh store each time: first on one worker (in this process), then on a process
pool of ``workers``, and with ``--dask`` on a local dask cluster of ``workers`` too. It prints the
seconds of each, the ratio one worker / several, and whether the tables are the same (they must be:
each job is deterministic). The ratio needs the cores free: on a machine running other work it
measures the load, not the queue.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from negenlab.core.studies import StudyContext, study_backend
from negenlab.necklace.agents import opening_classes
from negenlab.necklace.study import proof_attack_study


def attack(size: int, job_nodes: int, workers: int, backend: str) -> tuple[float, object]:
    """Seconds and table of one proof attack on a fresh store."""
    store = Path(tempfile.mkdtemp(prefix="bench-attack-"))
    ctx = StudyContext("necklace", "proofs", seed=1, workers=workers, store=store, backend=backend,
                       progress=lambda line: None)  # fmt: skip
    t0 = time.perf_counter()
    with study_backend(ctx):
        table = proof_attack_study(ctx, n=size, job_nodes=job_nodes, tt_bits=20, minutes=None).table
    return time.perf_counter() - t0, table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=4)
    p.add_argument("--job-nodes", type=int, default=2_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--dask", action="store_true", help="also on a local dask cluster")
    a = p.parse_args()
    print(f"proof attack on {a.size}x{a.size}: {len(opening_classes(a.size))} opening classes, jobs of "
          f"{a.job_nodes:,} nodes; {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")  # fmt: skip
    one, base = attack(a.size, a.job_nodes, 1, "serial")
    print(f"1 worker (in this process): {one:.1f} s")
    runs = [("process pool", "process")] + ([("dask local cluster", "dask")] if a.dask else [])
    for label, backend in runs:
        seconds, table = attack(a.size, a.job_nodes, a.workers, backend)
        same = table.drop(columns=["seconds"], errors="ignore").equals(base.drop(columns=["seconds"], errors="ignore"))
        print(f"{a.workers} workers ({label}): {seconds:.1f} s; ratio 1 worker / {a.workers} workers "
              f"{one / seconds:.2f}; same table: {same}")  # fmt: skip


if __name__ == "__main__":
    main()
