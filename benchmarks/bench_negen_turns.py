"""Negen play: time per decision of the game's turn generator (``game_turns``) in each rule variant.

    python benchmarks/bench_negen_turns.py [--rounds 5] [--seed 7] [--players 3]

Plays seeded single rounds with random agents (3 players) for every variant and prints, per
variant, the rounds' lengths, the decisions timed, the mean and worst seconds per decision and
the mean number of turns offered. There is no outside peer for this search; the figures are
what the balance studies cost (see README, Negen).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from negenlab.negen.agents import RandomTurnAgent
from negenlab.negen.game import Negen
from negenlab.negen.report_play import variant_name
from negenlab.negen.rules import Rules


def time_variant(rules: Rules, rounds: int, seed: int) -> dict:
    times, offered, lengths = [], [], []
    for i in range(rounds):
        state = Negen(rules).new_initial_state()
        rng = np.random.default_rng([seed, i])
        agent = RandomTurnAgent()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == "turn":
                t0 = time.perf_counter()
                res = state.search()
                times.append(time.perf_counter() - t0)
                offered.append(len(res.turns))
            state.apply(agent.step(state, rng))
        lengths.append(state.round_log[-1]["turns"])
    return {"variant": variant_name(rules), "round_turns": lengths, "decisions": len(times),
            "mean_s": float(np.mean(times)), "max_s": float(np.max(times)), "offered": float(np.mean(offered))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args()
    print(f"{'variant':26s} {'decisions':>9s} {'mean s':>8s} {'max s':>7s} {'offered':>8s}  round lengths")
    for rules in Rules.variants(players=args.players, target_score=1):
        r = time_variant(rules, args.rounds, args.seed)
        print(f"{r['variant']:26s} {r['decisions']:9d} {r['mean_s']:8.3f} {r['max_s']:7.2f} {r['offered']:8.0f}  "
              f"{r['round_turns']}", flush=True)


if __name__ == "__main__":
    main()
