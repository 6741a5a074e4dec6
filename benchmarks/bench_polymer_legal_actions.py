"""Polymer's legal actions: the generator expressions of the old method
(``benchmarks/legacy/polymer_legal_actions_genexpr.py``, frozen) against ``itertools.product``
(``negenlab/polymer/game.py``), side by side in one run on the same states.

States come from seeded random play at 8-seat tables, hidden and open hands, loans on and off. For
each setting it prints the states, the mean number of legal actions, the seconds of each method over
every state (``--repeat`` times), the ratio old/new (above 1: new faster), and whether the two gave
the same list, tuple for tuple and in the same order (seeded play depends on that order). The
bargaining players list the actions at every step: at a hidden table nearly 3,000 (an ask names any of
the 52 card types).

    python benchmarks/bench_polymer_legal_actions.py [--seeds 3] [--steps 300] [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
from legacy.polymer_legal_actions_genexpr import legal_actions as old_legal_actions  # benchmarks/legacy

from negenlab.polymer.game import PolymerGame
from negenlab.polymer.rules import Rules


def states(rules: Rules, seeds: int, steps: int) -> list:
    """Proposal states of seeded random play (``steps`` actions a table at most)."""
    out = []
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        s = PolymerGame(rules).new_initial_state()
        for _ in range(steps):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            if s.phase == "trade":
                out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
    return out


def seconds(f, table: list, repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        for s in table:
            f(s)
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    print(f"Polymer legal actions, generator expressions (old) against itertools.product (new); "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")  # fmt: skip
    print(
        f"{'information':>11} {'loans':>5} {'states':>6} {'actions':>7} {'old s':>7} {'new s':>7} {'old/new':>7}  same list"
    )
    total_old = total_new = 0.0
    for information in ("hidden", "open"):
        for loans in (True, False):
            table = states(Rules(players=8, information=information, loans=loans), args.seeds, args.steps)
            same = all(old_legal_actions(s) == s.legal_actions() for s in table)
            actions = np.mean([len(s.legal_actions()) for s in table])
            old_s = seconds(old_legal_actions, table, args.repeat)
            new_s = seconds(lambda s: s.legal_actions(), table, args.repeat)
            total_old, total_new = total_old + old_s, total_new + new_s
            print(f"{information:>11} {str(loans):>5} {len(table):>6} {actions:>7.0f} {old_s:>7.2f} {new_s:>7.2f} "
                  f"{old_s / new_s:>7.2f}  {'yes' if same else 'NO'}")  # fmt: skip
            if not same:
                raise SystemExit("the two methods gave different lists")
    print(f"{'all':>11} {'':>5} {'':>6} {'':>7} {total_old:>7.2f} {total_new:>7.2f} {total_old / total_new:>7.2f}")


if __name__ == "__main__":
    main()
