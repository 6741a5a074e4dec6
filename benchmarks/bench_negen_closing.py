"""Finding a win: the closing-turn search that stops at the first, against listing every turn.

    python benchmarks/bench_negen_closing.py [--rounds 200] [--seed 7] [--readings join]

Two measurements per reading, each printed side by side:

1. **The same positions, both ways.** Positions are the turn decisions of seeded 3-player rounds
   of uniform-random players (they meet the large closing positions a player who takes wins never
   leaves standing). On each: ``legal_turns(...).closing`` (the old way to see a win: list every
   turn) and ``find_closing_turn`` (stop at the first). The verdicts must agree; prints seconds per
   position (median, p99, max) and the ratio of the totals and of the slowest 1%.
2. **A player who takes wins.** Seconds per decision of ``closer`` agents in 3-player rounds
   (median, p99, max): a closing search, then a listing only when nobody can close.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from bench_negen_greedy import positions

from negenlab.negen import Rules, find_closing_turn, legal_turns
from negenlab.negen.agents import CloserAgent
from negenlab.negen.game import NegenGame


def recorded_positions(rules: Rules, rounds: int, seed: int) -> list[tuple]:
    """(table key, board) of every turn decision of ``rounds`` seeded random rounds (the positions
    of bench_negen_greedy.py)."""
    return [(s.table, s.boards[s.to_move]) for s in positions(rules, rounds, seed)]


def timed(fn, *args):
    t0 = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - t0


def stats(seconds: list[float]) -> str:
    x = np.asarray(seconds)
    return f"median {1e3 * np.median(x):8.2f} ms  p99 {1e3 * np.quantile(x, 0.99):9.1f} ms  max {x.max():7.2f} s"


def compare_on_positions(rules: Rules, positions: list[tuple]) -> None:
    listing, stopping, disagree = [], [], 0
    for table, board in positions:
        res, t_list = timed(legal_turns, table, board, rules)
        win, t_find = timed(find_closing_turn, table, board, rules)
        disagree += bool(res.closing) != (win is not None)
        listing.append(t_list)
        stopping.append(t_find)
    slow = np.argsort(listing)[-max(1, len(listing) // 100) :]  # the slowest 1% for the listing
    print(f"  list every turn    {stats(listing)}")
    print(f"  stop at the first  {stats(stopping)}")
    print(
        f"  ratio: {sum(listing) / sum(stopping):.1f}x over all {len(positions)} positions, "
        f"{sum(listing[i] for i in slow) / sum(stopping[i] for i in slow):.1f}x on the slowest 1% "
        f"({len(slow)}); verdicts that differ: {disagree}"
    )


def closer_decisions_seconds(rules: Rules, rounds: int, seed: int) -> list[float]:
    """Seconds per decision of closer agents in ``rounds`` seeded 3-player rounds."""
    agent, seconds = CloserAgent(), []
    for i in range(rounds):
        rng = np.random.default_rng([seed, 10_000 + i])
        s = NegenGame(rules.replace(target_score=1)).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            action, t = timed(agent.step, s, rng)
            seconds.append(t)
            s.apply(action)
    return seconds


def closer_decisions(rules: Rules, rounds: int, seed: int) -> None:
    seconds = closer_decisions_seconds(rules, rounds, seed)
    print(f"  closer, per decision ({len(seconds)} in {rounds} rounds): {stats(seconds)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--readings", choices=("join", "free", "all"), default="join")
    args = ap.parse_args()
    for rules in Rules.variants():
        if args.readings != "all" and rules.rearrange != args.readings:
            continue
        print(f"{rules.label}: {args.rounds} rounds, 3 players")
        compare_on_positions(rules, recorded_positions(rules, args.rounds, args.seed))
        closer_decisions(rules, args.rounds, args.seed)


if __name__ == "__main__":
    main()
