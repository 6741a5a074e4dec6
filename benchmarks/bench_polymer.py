"""Longest polymer: negenlab's exact search against an OR-tools CP-SAT model of the same problem.

    python benchmarks/bench_polymer.py [--hands 40] [--seed 7] [--time-limit 30] [--sweep 1000]

Peer: CP-SAT (``ortools``, the ``[bench]`` extra), single worker, a direct model of
the rules: positions 1..N (N = hand size) hold one card type each or nothing; used
positions form a prefix; each type is used at most as often as the hand holds it;
``w[p]`` true forces window p to be a sequence or group (clauses over the type
literals, from the same validity table the rules define); every adjacent pair of used
positions must lie in a true window; maximise the number of used positions.

Hands: random 20-card hands from the two-deck shoe, and "dense" hands (12-20 cards from
few consecutive ranks in several suits, with copies), where long polymers occur. Prints
per-family agreement (every length must match; the witness of each is checked with
``is_polymer``) and the speed ratio. Both solvers run on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import numpy as np

from negenlab.polymer import Card, format_cards, is_polymer, longest_polymer
from negenlab.polymer.cards import clustered_hand, random_hand
from negenlab.polymer.solver import COMPAT, VALID


def cpsat_longest(hand, time_limit: float = 30.0):
    """(ordering as Cards, proven optimal?) by CP-SAT on one worker."""
    from ortools.sat.python import cp_model

    counts = Counter(hand)
    kinds = sorted(counts, key=lambda c: c.index)
    k, n = len(kinds), len(hand)
    if n < 3:
        return [], True
    idx = [c.index for c in kinds]
    m = cp_model.CpModel()
    x = [[m.NewBoolVar(f"x{p}_{a}") for a in range(k)] for p in range(n)]
    act = [m.NewBoolVar(f"act{p}") for p in range(n)]
    w = [m.NewBoolVar(f"w{p}") for p in range(n - 2)]
    for p in range(n):
        m.Add(sum(x[p]) == act[p])
        if p + 1 < n:
            m.AddImplication(act[p + 1], act[p])
    for a in range(k):
        m.Add(sum(x[p][a] for p in range(n)) <= counts[kinds[a]])
    for p in range(n - 1):
        for a in range(k):
            for b in range(k):
                if not COMPAT[idx[a], idx[b]]:
                    m.AddBoolOr([x[p][a].Not(), x[p + 1][b].Not()])
    for p in range(n - 2):
        m.AddImplication(w[p], act[p + 2])
        for a in range(k):
            for b in range(k):
                if not COMPAT[idx[a], idx[b]]:
                    continue
                third = [x[p + 2][c] for c in range(k) if VALID[idx[a] * 2704 + idx[b] * 52 + idx[c]]]
                m.AddBoolOr(third + [w[p].Not(), x[p][a].Not(), x[p + 1][b].Not()])
    for p in range(n - 1):  # pair (p, p+1) lies in window p-1 or window p
        cover = [w[q] for q in (p - 1, p) if 0 <= q < n - 2]
        m.AddBoolOr(cover + [act[p + 1].Not()])
    m.Maximize(sum(act))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, False
    order = []
    for p in range(n):
        for a in range(k):
            if solver.Value(x[p][a]):
                order.append(kinds[a])
    return order, status == cp_model.OPTIMAL


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=40, help="hands per family (default 40)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--time-limit", type=float, default=30.0, help="CP-SAT seconds per hand")
    ap.add_argument("--sweep", type=int, default=1000, help="dense 18-24-card hands timed for the worst case")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    longest_polymer("AS 2S 3S")  # load the compiled kernel before timing
    families = {
        "random 20-card hands": [random_hand(rng, 20) for _ in range(args.hands)],
        "dense 12-20-card hands": [clustered_hand(rng, int(rng.integers(12, 21))) for _ in range(args.hands)],
    }
    all_ok = True
    print(
        f"{'family':26s} {'hands':>5s} {'agree':>5s} {'unproven':>8s} {'negenlab s':>11s} {'CP-SAT s':>9s} {'ratio':>8s} {'mean len':>8s}"
    )
    for name, hands in families.items():
        agree = unproven = 0
        t_ours = t_peer = 0.0
        lengths = []
        for hand in hands:
            t0 = time.perf_counter()
            ours = longest_polymer(hand)
            t_ours += time.perf_counter() - t0
            t0 = time.perf_counter()
            peer, proven = cpsat_longest(hand, args.time_limit)
            t_peer += time.perf_counter() - t0
            if not proven:
                unproven += 1
            ok = (
                peer is not None
                and len(peer) == len(ours)
                and (not ours or is_polymer(ours))
                and (not peer or is_polymer(peer))
            )
            if not ok and proven:
                all_ok = False
                print(
                    f"  DISAGREE on {format_cards(hand)}: negenlab {len(ours)}, CP-SAT {None if peer is None else len(peer)}"
                )
            agree += ok and proven
            lengths.append(len(ours))
        ratio = t_peer / t_ours if t_ours > 0 else float("inf")
        print(
            f"{name:26s} {len(hands):5d} {agree:5d} {unproven:8d} {t_ours:11.4f} {t_peer:9.2f} {ratio:7.0f}x {np.mean(lengths):8.2f}"
        )
    # throughput of negenlab alone (the target: >= 1000 random 20-card hands/s)
    hands = [random_hand(rng, 20) for _ in range(5000)]
    t0 = time.perf_counter()
    for h in hands:
        longest_polymer(h)
    dt = time.perf_counter() - t0
    print(
        f"negenlab throughput: {len(hands) / dt:,.0f} random 20-card hands/s (longest_polymer, one core, incl. Card conversion)"
    )
    adversarial = {
        "5 ranks x 4 suits (20)": [Card(r, s) for r in range(3, 8) for s in "SHDC"],
        "6 ranks x 4 suits (24)": [Card(r, s) for r in range(3, 9) for s in "SHDC"],
        "3 ranks x 4 suits x 2 copies (24)": [Card(r, s) for r in range(5, 8) for s in "SHDC" for _ in range(2)],
        "4 ranks x 3 suits x 2 copies (24)": [Card(r, s) for r in range(1, 5) for s in "SHD" for _ in range(2)],
        "6 ranks x 2 suits x 2 copies (24)": [Card(r, s) for r in range(1, 7) for s in "SH" for _ in range(2)],
    }
    from negenlab.polymer import parse_cards

    # the slowest hands a hill climb on search nodes found (near-symmetric: the symmetry reduction does not apply)
    adversarial["hill-climbed A23 x4 suits x2 -AS +7H (24)"] = parse_cards(
        "AS 2S 2S 3S 3S AH AH 2H 2H 3H 3H 7H AD AD 2D 2D 3D 3D AC AC 2C 2C 3C 3C"
    )
    adversarial["hill-climbed KA2 x4 suits x2 -2H +4D (24)"] = parse_cards(
        "AS AS 2S 2S KS KS AH AH 2H KH KH AD AD 2D 2D 4D KD KD AC AC 2C 2C KC KC"
    )
    for name, hand in adversarial.items():
        t0 = time.perf_counter()
        r = longest_polymer(hand)
        print(f"adversarial {name:44s} length {len(r):2d}  {time.perf_counter() - t0:.3f} s")
    # sweep: random dense hands of 18..24 cards from 3..6 consecutive ranks, 2..4 suits, with copies
    worst = (0.0, None, 0)
    for _ in range(args.sweep):
        hand = clustered_hand(rng, (18, 25), ranks=(3, 7))
        t0 = time.perf_counter()
        r = longest_polymer(hand)
        dt = time.perf_counter() - t0
        if dt > worst[0]:
            worst = (dt, hand, len(r))
    if worst[1] is not None:
        print(
            f"sweep of {args.sweep} dense 18-24-card hands: slowest {worst[0]:.3f} s (length {worst[2]}): {format_cards(worst[1])}"
        )
    print("ALL AGREE" if all_ok else "DISAGREEMENT FOUND")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
