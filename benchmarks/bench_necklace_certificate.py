"""Necklace proof certificates: the compiled writer against the State-based writer it replaced, side by side.

    python benchmarks/bench_necklace_certificate.py [--cases 4 5:2,2] [--tt-bits 26]

For each case (a board size, alone: every opening; ``SIZE:R,C``: that opening of Red's) both writers
run in this process, each on a fresh search (``ProofSearch``) with the same table size: the old one
(``tests/necklace/reference_certificate.py``, on ``game.State``) and ``negenlab.necklace.certificate``.
Each line gives the seconds, the moves written and moves per second of both, whether they wrote the
same moves, and the ratio old/new; then the same without the time both spend in the search's answers
(``ProofSearch.wins``: the proof of each opening, on 5x5 2,2 about 18 s of df-pn, and the questions
about children), which is the writing itself. The old 5x5 case takes 2-3 minutes.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from necklace.reference_certificate import reference_certificate  # noqa: E402

from negenlab.necklace.certificate import certificate  # noqa: E402
from negenlab.necklace.solver import ProofSearch  # noqa: E402

IN_SEARCH = [0.0]


def timed(wins):
    def wrapper(self, *args, **kwargs):
        t0 = time.perf_counter()
        try:
            return wins(self, *args, **kwargs)
        finally:
            IN_SEARCH[0] += time.perf_counter() - t0

    return wrapper


def case(text: str) -> tuple[int, list[tuple[int, int]] | None]:
    size, _, opening = text.partition(":")
    if not opening:
        return int(size), None
    r, c = (int(v) for v in opening.split(","))
    return int(size), [(r, c)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", nargs="+", default=["4", "5:2,2"], help="SIZE (every opening) or SIZE:R,C")
    ap.add_argument("--tt-bits", type=int, default=None, help="table size (default: 22 up to 4x4, 26 above)")
    args = ap.parse_args(argv)
    print(f"python {platform.python_version()}, {platform.machine()}")
    certificate(3), reference_certificate(3)  # compiled code loaded (numba's cache) before timing
    ProofSearch.wins = timed(ProofSearch.wins)  # type: ignore[method-assign]
    for text in args.cases:
        n, openings = case(text)
        bits = args.tt_bits or (22 if n <= 4 else 26)
        IN_SEARCH[0], t0 = 0.0, time.perf_counter()
        old = reference_certificate(n, openings, tt_bits=bits)
        t_old, s_old = time.perf_counter() - t0, IN_SEARCH[0]
        IN_SEARCH[0], t0 = 0.0, time.perf_counter()
        new = certificate(n, openings, tt_bits=bits)
        t_new, s_new = time.perf_counter() - t0, IN_SEARCH[0]
        moves = len(new["moves"])
        same = old["moves"] == new["moves"] and old["openings"] == new["openings"]
        what = "every opening" if openings is None else f"opening {openings[0][0]},{openings[0][1]}"
        print(
            f"{n}x{n} {what:14s} tt_bits {bits}: old {t_old:7.1f} s ({len(old['moves']) / t_old:7.0f} moves/s)  "
            f"new {t_new:6.1f} s ({moves / t_new:7.0f} moves/s)  {moves} moves, same moves: {same}  "
            f"ratio old/new {t_old / t_new:.1f}x",
            flush=True,
        )
        w_old, w_new = t_old - s_old, t_new - s_new
        print(
            f"{'':20s} outside the search: old {w_old:7.1f} s, new {w_new:6.1f} s (in the search: old {s_old:.1f} s, "
            f"new {s_new:.1f} s)  ratio old/new {w_old / w_new:.1f}x",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
