"""The repeated-looks quantile: the dense carry (``benchmarks/legacy/repeated_looks_dense.py``, frozen)
against the banded one (``negenlab/core/metrics.py``), side by side in one run.

Each (level, looks) pair the committed pages use is computed by both from a cold cache: seconds
each, the ratio old/new (above 1: new faster) and whether the two quantiles are the same float.
Every process that judges a page pays these once (the pytest workers, each ``negenlab report``).

    python benchmarks/bench_repeated_looks.py
"""

from __future__ import annotations

import os
import time

from legacy import repeated_looks_dense as OLD  # benchmarks/legacy (the script's folder is on the path)

from negenlab.core import metrics as NEW

# the levels and looks of FEN's page (the pie play-on words, the pie under mcts:200 and mcts:800,
# the skill steps): the costliest page, 501 looks at the ladder's 600-pair cap
PAIRS = [(0.005, 501), (0.005, 301), (0.0167, 501), (0.0167, 301), (0.00417, 501), (0.05, 20)]


def seconds(f, alpha, looks):
    started = time.perf_counter()
    z = f(alpha, looks)
    return time.perf_counter() - started, z


def main() -> None:
    print(f"repeated-looks quantile, dense carry (old) against banded (new); {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.2f}")  # fmt: skip
    print(f"{'level':>8} {'looks':>6} {'old s':>8} {'new s':>8} {'old/new':>8}  same quantile")
    total_old = total_new = 0.0
    for alpha, looks in PAIRS:
        NEW.repeated_looks_z.cache_clear()
        old_s, old_z = seconds(OLD.repeated_looks_z, alpha, looks)
        new_s, new_z = seconds(NEW.repeated_looks_z, alpha, looks)
        total_old, total_new = total_old + old_s, total_new + new_s
        print(f"{alpha:>8} {looks:>6} {old_s:8.3f} {new_s:8.3f} {old_s / new_s:8.1f}  {old_z == new_z} ({new_z:.6f})")
    print(f"{'all':>15} {total_old:8.3f} {total_new:8.3f} {total_old / total_new:8.1f}")


if __name__ == "__main__":
    main()
