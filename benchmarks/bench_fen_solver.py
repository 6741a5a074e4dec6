"""FEN's exact solver: the old kernel (``benchmarks/legacy/fen_solver_kernels.py``, frozen) against the
new one (``negenlab/fen/_solver_kernels.py``), side by side in one run.

1. The turn generator: the whole turns of the same positions (from random games), listed by each
   kernel over and over; microseconds per position and the ratio old/new (above 1: new faster).
   The old one finds the claim size with one walk over the face-disjoint sets and lists them with
   another; the new one walks them once.
2. The search: the same boards solved by each (the empty board's value, then every opening), same
   table size: positions searched, seconds, and the ratios old/new; then the proof-number search
   (``method="dfpn"``) against the old kernel.
3. A capped search of a board beyond the old cap: how many openings each settles within the same
   number of positions.

    nice -n 10 python benchmarks/bench_fen_solver.py [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import time
import warnings

import numpy as np
from legacy import fen_solver_kernels as OLD  # benchmarks/legacy (the script's folder is on the path)

from negenlab.fen import FenGame, Rules
from negenlab.fen import _solver_kernels as NEW
from negenlab.fen.solver import Solver


def game_of(spec, **rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return FenGame(spec, Rules(pie_rule=False, **rules))


def positions(game, count, seed=5):
    """(me, op, fme, fop) of positions at the start of a turn, from random games."""
    rng = np.random.default_rng(seed)
    solver = Solver(game, tt_bits=10)
    out = []
    while len(out) < count:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.phase == 0 and s.turn_number != 1:
                out.append(solver.masks_of(s))
            legal = [a for a in s.legal_actions() if a != game.board.SWAP]
            s.apply(legal[rng.integers(len(legal))])
    return solver, out[:count]


def time_turns(kernel, solver, masks, repeat):
    u = np.uint64
    args = (solver.params, solver.face_items, solver.need, solver.conflict, solver.masks)
    total = 0
    kernel.turns(u(0), u(0), u(0), u(0), *args, solver.moves, solver.faces, solver.scratch)  # compile
    t0 = time.perf_counter()
    for _ in range(repeat):
        for me, op, fme, fop in masks:
            total += kernel.turns(u(me), u(op), u(fme), u(fop), *args, solver.moves, solver.faces, solver.scratch)
    return (time.perf_counter() - t0) / (repeat * len(masks)) * 1e6, total


class LegacySolver:
    """The old kernel's search over a new Solver's board arrays, with the old table (4 arrays)."""

    def __init__(self, game, tt_bits, cap):
        self.s = Solver(game, tt_bits=10, max_nodes=cap)
        size = 1 << tt_bits
        self.table = (np.zeros((size, 3), np.uint64), np.zeros(size, np.int8), np.zeros(size, np.int8),
                      np.zeros(size, np.bool_))  # fmt: skip

    def search(self, me, op, fme, fop):
        u, s = np.uint64, self.s
        v = OLD.negamax(u(me), u(op), u(fme), u(fop), -1, 1, s.board, self.table, s.moves, s.faces, s.scores, 0,
                             s.scratch, s.stats)  # fmt: skip
        return None if s.stats[NEW.S_ABORTED] else int(v)


def new_search(game, tt_bits, cap):
    s = Solver(game, tt_bits=tt_bits, max_nodes=cap)

    class Run:
        stats = s.stats

        @staticmethod
        def search(me, op, fme, fop):
            u = np.uint64
            v = NEW.negamax(u(me), u(op), u(fme), u(fop), -1, 1, s.board, s.table, s.moves, s.faces, s.scores, 0,
                            s.scratch, s.stats)  # fmt: skip
            return None if s.stats[NEW.S_ABORTED] else int(v)

    return Run, s


def solve_all(runner, stats, solver):
    """The empty board, then every opening: (values, positions, seconds)."""
    t0 = time.perf_counter()
    values = [runner.search(0, 0, 0, 0)]
    for items, _ in solver.turn_masks(0, 0, 0, 0):
        v = runner.search(0, items, 0, 0)
        values.append(None if v is None else -v)
    return values, int(stats[NEW.S_NODES]), time.perf_counter() - t0


def compare_search(spec, rules, tt_bits, cap, dfpn=True):
    game = game_of(spec, **rules)
    old = LegacySolver(game, tt_bits, cap)
    run, new = new_search(game, tt_bits, cap)
    vo, no, so = solve_all(old, old.s.stats, new)
    vn, nn, sn = solve_all(run, run.stats, new)
    settled_o = sum(v is not None for v in vo)
    settled_n = sum(v is not None for v in vn)
    same = all(a == b for a, b in zip(vo, vn, strict=True) if a is not None and b is not None)
    label = spec + ("" if not rules else " " + ",".join(f"{k}={v}" for k, v in rules.items()))
    print(
        f"  {label:34s} old {no:>12,} pos {so:7.2f} s ({settled_o}/{len(vo)} settled)   new {nn:>12,} pos "
        f"{sn:7.2f} s ({settled_n}/{len(vn)} settled)   positions old/new {no / nn:5.2f}, time old/new "
        f"{so / sn:5.2f}, same values {same}"
    )
    if dfpn:
        pn = Solver(game, tt_bits=tt_bits, max_nodes=cap, method="dfpn")
        vp, np_, sp = solve_all(pn, pn.stats, new)
        same = all(a == b for a, b in zip(vo, vp, strict=True) if a is not None and b is not None)
        print(f"  {'':34s} df-pn {np_:>12,} pos {sp:7.2f} s ({sum(v is not None for v in vp)}/{len(vp)} settled)"
              f"   positions old/df-pn {no / np_:5.2f}, time old/df-pn {so / sp:5.2f}, same values {same}")  # fmt: skip
    return so / sn


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller boards and caps")
    args = ap.parse_args()
    print("1. turn generator (us per position, old / new, ratio old/new; same number of turns listed)")
    for spec, rules in [("triangle:3", {}), ("triangle:3", {"ne_scope": "all"}), ("square:3x3", {}),
                        ("3.3.3.3.3.3:7", {}), ("square:3x3", {"partial_claims": False})]:  # fmt: skip
        solver, masks = positions(game_of(spec, **rules), 300)
        t_old, k_old = time_turns(OLD, solver, masks, 20)
        t_new, k_new = time_turns(NEW, solver, masks, 20)
        print(f"  {spec:16s} {str(rules):28s} old {t_old:6.2f} us  new {t_new:6.2f} us  ratio {t_old / t_new:5.2f}"
              f"  turns {k_old} / {k_new}")  # fmt: skip
    print("2. whole solves (old kernel and table / new; tables of 2**20 entries)")
    with contextlib.redirect_stdout(io.StringIO()):
        compare_search("triangle:1", {}, 12, 2**62)  # compile every kernel first
    boards = [("square:3x1", {}), ("3.3.3.3.3.3:5", {})]
    if not args.quick:
        boards.append(("3.3.3.3.3.3:5", {"ne_scope": "all"}))
    for spec, rules in boards:
        compare_search(spec, rules, 20, 2**62)
    cap = 5_000_000 if args.quick else 50_000_000
    print(f"3. capped at {cap:,} positions (tables of 2**22 entries)")
    compare_search("square:5x1", {}, 22, cap, dfpn=args.quick)


if __name__ == "__main__":
    main()
