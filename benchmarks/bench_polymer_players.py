"""Speed of the bargaining players of Polymer (negenlab.polymer.bargain): decisions per second of each, and
the cost of a table.

    python benchmarks/bench_polymer_players.py [--games 4] [--players 8] [--seed 1]

For each player it plays ``--games`` tables at the table as played (hidden hands, the 10-minute clock, up
to 3 cards a side) and times every decision the player makes, by phase (proposing, composing, answering,
repaying): decisions per CPU second overall and per phase. ``bargainer`` and ``broker`` fill every seat; the
``lookahead`` sits in one seat among brokers (a table of lookaheads costs about eight times its seat). The
cost of a table is the wall time and the CPU time of one game with every seat the player (seconds a
table), and for the cooperative table policy as the reference; on a shared machine the CPU time is the
steady figure. The numbers scale with the machine, so they are a benchmark, never a test.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import numpy as np

from negenlab.polymer import ENTRY
from negenlab.polymer.game import PolymerGame
from negenlab.polymer.rules import Rules

LINEUPS = {
    "cooperative": ["cooperative"],
    "bargainer": ["bargainer"],
    "broker": ["broker"],
    "lookahead": ["lookahead", "broker"],  # one lookahead seat (seat 0) among brokers
}


def play(rules: Rules, specs: list[str], seed: int, timed: str) -> tuple[float, float, dict[str, list[float]]]:
    """One table: its wall time and CPU time (this process), and the CPU seconds of every decision of the
    seats playing ``timed``, by phase (CPU time, so a machine shared with other work gives steady figures)."""
    agents = ENTRY.make_agents(specs)
    rng = np.random.default_rng(seed)
    state = PolymerGame(rules).new_initial_state()
    state.apply(state.sample_chance(rng))
    times: dict[str, list[float]] = defaultdict(list)
    start, cpu = time.perf_counter(), time.process_time()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        seat, phase = state.current_player, state.phase
        t0 = time.process_time()
        action = agents[seat].step(state, rng)
        if specs[seat] == timed:
            times[phase].append(time.process_time() - t0)
        state.apply(action)
    return time.perf_counter() - start, time.process_time() - cpu, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = Rules(players=args.players)
    play(rules, ["broker"] * args.players, args.seed + 1000, "broker")  # compile and warm the caches
    print(f"{args.players} players, hidden hands, the 10-minute clock; {args.games} tables each")
    print(
        f"{'player':<12} {'table (s)':>9} {'CPU (s)':>8} {'decisions/s':>12}  by phase (decisions per CPU second, "
        "count per table)"
    )
    for name, lineup in LINEUPS.items():
        specs = [lineup[0]] + [lineup[-1]] * (args.players - 1) if len(lineup) > 1 else lineup * args.players
        walls, cpus, every = [], [], defaultdict(list)
        for g in range(args.games):
            wall, cpu, times = play(rules, specs, args.seed + g, name)
            walls.append(wall)
            cpus.append(cpu)
            for phase, ts in times.items():
                every[phase].extend(ts)
        total = [t for ts in every.values() for t in ts]
        phases = ", ".join(
            f"{p} {len(ts) / max(sum(ts), 1e-9):,.0f} ({len(ts) / args.games:.0f})" for p, ts in every.items()
        )
        note = " (one seat among brokers)" if len(lineup) > 1 else ""
        rate = len(total) / max(sum(total), 1e-9)
        print(f"{name:<12} {np.mean(walls):>9.2f} {np.mean(cpus):>8.2f} {rate:>12,.0f}  {phases}{note}")


if __name__ == "__main__":
    main()
