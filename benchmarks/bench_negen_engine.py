"""The Negen turn engine against the one it replaced, on the same recorded positions, side by side.

    python benchmarks/bench_negen_engine.py [--rounds 200] [--seed 7] [--click-rounds 50] [--readings ...]

First a click in notebook 05 (3), then per join reading (default: all four) 1 and 2, each
against its target:

1. **legal_turns, the slowest 1%.** Positions are the turn decisions of ``--rounds`` seeded
   3-player rounds walked by uniformly random players (they leave the large tables a player who
   takes wins never leaves standing). On every position both engines list every legal turn: today's
   (``negenlab.negen.legal_turns``: compiled component growth, end tables by groups) and the one of
   ``benchmarks/legacy/negen_turns_v2.py`` (the engine as it was before this work). The two must
   give the same set of end tables. Prints both engines' seconds per position and the ratio of
   their totals over all positions and over the slowest 1% (slowest for the old engine). Target: at
   least 10x on the slowest 1%.
2. **A closer's decision.** ``--rounds`` 3-player rounds of ``closer`` agents (a closing search,
   then a listing only when nobody can close): seconds per decision. Target: p99 <= 100 ms and max
   <= 2 s.
3. **A click in notebook 05** (``PlayRound`` under bent/die, the reading whose clicks were slowest):
   ``--click-rounds`` rounds against two closers, each click playing a random offered turn; the
   seconds from click to the redrawn widget (the agents' answers and the next offers included).
   Target: under 0.5 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_negen_closing import closer_decisions_seconds  # noqa: E402
from bench_negen_greedy import positions  # noqa: E402
from legacy import negen_turns_v2 as old  # noqa: E402

from negenlab.negen import Rules, legal_turns  # noqa: E402
from negenlab.negen.widgets import PlayRound  # noqa: E402


def stats(seconds) -> str:
    x = np.asarray(seconds)
    return f"median {1e3 * np.median(x):8.2f} ms  p99 {1e3 * np.quantile(x, 0.99):9.1f} ms  max {1e3 * x.max():9.1f} ms"


def verdict(ok: bool) -> str:
    return "meets the target" if ok else "MISSES the target"


def timed(fn, *args):
    t0 = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t0


def listing_both_ways(rules: Rules, rounds: int, seed: int) -> None:
    recorded = [(s.table, s.boards[s.to_move]) for s in positions(rules, rounds, seed)]
    t_old, t_new, differ = [], [], 0
    for table, board in recorded:
        before, a = timed(old.legal_turns, table, board, rules)
        now, b = timed(legal_turns, table, board, rules)
        differ += before.keys() != now.keys()
        t_old.append(a)
        t_new.append(b)
    slow = np.argsort(t_old)[-max(1, len(t_old) // 100) :]
    ratio_slow = sum(t_old[i] for i in slow) / sum(t_new[i] for i in slow)
    print(f"  legal_turns on {len(recorded)} positions of {rounds} random rounds")
    print(f"    before   {stats(t_old)}")
    print(f"    now      {stats(t_new)}")
    print(
        f"    ratio {sum(t_old) / sum(t_new):.1f}x over all, {ratio_slow:.1f}x on the slowest 1% ({len(slow)} positions, "
        f"{sum(t_old[i] for i in slow):.1f} s before, {sum(t_new[i] for i in slow):.2f} s now): "
        f"{verdict(ratio_slow >= 10)} (>= 10x); positions whose end tables differ: {differ}"
    )


def clicks(rounds: int, seed: int) -> None:
    rules = Rules(sequence_shape="bent", coverage="die", target_score=1, pool_size=22)
    seconds, building = [], []
    for i in range(rounds):
        game = PlayRound(rules, opponents=("closer", "closer"), seed=seed + i)
        rng = np.random.default_rng([seed, i])
        while not game.state.is_terminal():
            if game.state.phase == "reroll":  # after a refusal: keep the board
                _, t = timed(game.reroll)
            else:
                if game.builder.hand:  # building by hand: pick a board die, put it down, undo
                    _, t1 = timed(game.board.press, "hand:0")
                    r, c = sorted(game.builder.frontier())[0]
                    _, t2 = timed(game.board.press, f"cell:{r}:{c}")
                    _, t3 = timed(game.undo)
                    building += [t1, t2, t3]
                _, t = timed(game.play, int(rng.integers(len(game.turns))))
            seconds.append(t)
    x = np.asarray(seconds)
    print(f"bent/die, notebook 05 PlayRound against two closers: {len(x)} clicks in {rounds} rounds")
    print(f"  per click  {stats(x)}: {verdict(x.max() < 0.5)} (every click < 0.5 s)")
    y = np.asarray(building)
    print(f"  building a turn by hand (pick a die, put it down with the live check, undo): {len(y)} clicks")
    print(f"  per click  {stats(y)}: {verdict(y.max() < 0.5)} (every click < 0.5 s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--click-rounds", type=int, default=50)
    ap.add_argument(
        "--readings", nargs="*", default=None, help="labels such as straight/die/join (default: the 4 join readings)"
    )
    args = ap.parse_args()
    if args.click_rounds:  # first, before the old engine's caches fill this process
        clicks(args.click_rounds, args.seed)
    for rules in Rules.variants():
        if rules.rearrange != "join" or (args.readings and rules.label not in args.readings):
            continue
        print(f"{rules.label}, 3 players", flush=True)
        listing_both_ways(rules, args.rounds, args.seed)
        seconds = closer_decisions_seconds(rules, args.rounds, args.seed)
        x = np.asarray(seconds)
        ok = np.quantile(x, 0.99) <= 0.1 and x.max() <= 2
        print(
            f"  closer, per decision ({len(x)} in {args.rounds} rounds): {stats(x)}: {verdict(ok)} (p99 <= 100 ms, max <= 2 s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
