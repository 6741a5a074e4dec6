"""Negen turns: the exact, position-free generator against the game's old generator, side by side.

    python benchmarks/bench_negen_turns.py [--rounds 8] [--seed 7] [--variants default|join|all]

Positions are sampled from seeded random 3-player rounds of each variant (played with the exact
engine, which also warms both engines' caches as a long study would). On every position both
generators then run in this process: seconds per decision (median, p99, max), legal turns per
decision and seconds per legal turn emitted. The old generator (``benchmarks/legacy``) is the
documented subset the game used to play with (``game_turns``), so its turn counts are lower.
Last, random 3-player rounds per second on one core with the exact engine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from legacy import negen_turns_v1 as old  # noqa: E402

from negenlab.negen.game import NegenGame  # noqa: E402
from negenlab.negen.rules import Rules  # noqa: E402
from negenlab.negen.table import layout  # noqa: E402
from negenlab.negen.turns import legal_turns  # noqa: E402


def sample_positions(rules: Rules, rounds: int, seed: int) -> tuple[list, float]:
    """(table key, board) at every decision of ``rounds`` random rounds, and rounds per second."""
    positions = []
    t0 = time.perf_counter()
    for i in range(rounds):
        state = NegenGame(rules.replace(target_score=1)).new_initial_state()
        rng = np.random.default_rng([seed, i])
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == "turn":
                positions.append((state.table, state.boards[state.to_move]))
            actions = state.legal_actions()
            state.apply(actions[int(rng.integers(len(actions)))])
    return positions, rounds / (time.perf_counter() - t0)


def time_generator(fn, positions) -> dict:
    times, counts = [], []
    for table, board in positions:
        t0 = time.perf_counter()
        n = fn(table, board)
        times.append(time.perf_counter() - t0)
        counts.append(n)
    t = np.array(times)
    c = np.array(counts)
    return {
        "median": float(np.median(t)),
        "p99": float(np.quantile(t, 0.99)),
        "max": float(t.max()),
        "turns": float(c.mean()),
        "per_turn": float(t.sum() / max(1, c.sum())),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument(
        "--variants",
        choices=("default", "join", "all"),
        default="default",
        help="default: the default reading; join: the four readings under join; all: all eight",
    )
    args = ap.parse_args()
    variants = {
        "all": Rules.variants(),
        "join": [r for r in Rules.variants() if r.rearrange == "join"],
        "default": [Rules()],
    }[args.variants]
    head = f"{'variant':26s} {'gen':5s} {'median ms':>9s} {'p99 ms':>8s} {'max s':>7s} {'turns':>8s} {'us/turn':>8s}"
    print(head)
    per_turn = {}
    for rules in variants:
        positions, rps = sample_positions(rules, args.rounds, args.seed)

        def new(table, board, rules=rules):
            return len(legal_turns(table, board=board, rules=rules).turns)

        def legacy(table, board, rules=rules):
            return len(old.game_turns(dict(layout(table).cells), board=board, rules=rules).turns)

        rows = {}
        for name, fn in (("exact", new), ("old", legacy)):
            rows[name] = r = time_generator(fn, positions)
            print(
                f"{rules.label:26s} {name:5s} {1e3 * r['median']:9.2f} {1e3 * r['p99']:8.1f} {r['max']:7.2f} "
                f"{r['turns']:8.1f} {1e6 * r['per_turn']:8.1f}",
                flush=True,
            )
        e, o = rows["exact"], rows["old"]
        per_turn[rules.label] = e["per_turn"]
        print(
            f"{'':26s} ratio old/exact: median {o['median'] / e['median']:.2f}x, p99 {o['p99'] / e['p99']:.2f}x, "
            f"time per legal turn {o['per_turn'] / e['per_turn']:.2f}x; {len(positions)} decisions; "
            f"exact engine: {rps:.2f} random rounds/s on one core (cold caches)",
            flush=True,
        )
    if len(per_turn) > 1:
        base = per_turn[Rules().label]
        print("exact engine, time per legal turn emitted relative to the default reading (target <= 10x):")
        for label, t in per_turn.items():
            print(f"  {label:26s} {1e6 * t:8.1f} us/turn  {t / base:6.2f}x")


if __name__ == "__main__":
    main()
