"""The greedy Negen agent: its shortcuts against the plain rule, on the same positions, side by side.

    python benchmarks/bench_negen_greedy.py [--rounds 3] [--seed 5] [--coverage adjacency|die] [--rearrange join|free]

Positions are the turn decisions of seeded random 3-player rounds. On each, two ways pick a turn
from cold caches, and the picks must agree:

* ``GreedyAgent.step``: the first turn nobody can close after; otherwise closing searches that
  stop once a turn is worse than the best so far;
* the plain rule: the exact closing odds of every candidate turn, then the minimum.

Both read the next player's chances under ``GreedyAgent.threat_rules``. With ``--rearrange free``
it also times the exact free-move read (closing odds under the game's own "free" rules) of the
same candidate turns, on the first ``--exact-free`` decisions: the cost greedy's join read avoids.

Prints seconds per decision (median, p90, max) and the ratios.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from negenlab.negen import agents as negen_agents
from negenlab.negen import turns as negen_turns
from negenlab.negen.agents import CloserAgent, GreedyAgent, RandomTurnAgent, closing_odds
from negenlab.negen.game import NegenGame
from negenlab.negen.rules import Rules


def positions(rules: Rules, rounds: int, seed: int, walk=None) -> list:
    """The turn decisions of seeded rounds walked by uniformly random players (by closers under
    "free", whose random rounds list tens of thousands of turns a decision), or by ``walk``."""
    out = []
    walk = walk or (CloserAgent() if rules.rearrange == "free" else RandomTurnAgent())
    for i in range(rounds):
        rng = np.random.default_rng([seed, i])
        s = NegenGame(rules.replace(target_score=1)).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            if s.phase == "turn":
                out.append(s.clone())
            s.apply(walk.step(s, rng))
    return out


def rule_pick(state, odds):
    """The greedy rule written plainly: the first closing turn; else the least ``odds(key, rules)``,
    then most dice added, then the game's order."""
    actions = state.legal_actions()
    turns = [state.turn_of(a) for a in actions]
    closing = [a for a, t in zip(actions, turns, strict=False) if t.closed]
    if closing:
        return closing[0]
    return min(
        zip(actions, turns, range(len(actions)), strict=False),
        key=lambda x: (odds(x[1].key, state.rules), -x[1].added, x[2]),
    )[0]


def cold() -> None:
    negen_agents._known.clear()
    negen_turns._closing_dice_key.cache_clear()
    negen_turns._can_close_key.cache_clear()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--coverage", choices=("adjacency", "die"), default="adjacency")
    ap.add_argument("--rearrange", choices=("join", "free"), default="join")
    ap.add_argument("--exact-free", type=int, default=4, help="decisions timed with the exact free read")
    args = ap.parse_args()
    rules = Rules(coverage=args.coverage, rearrange=args.rearrange)
    threats = GreedyAgent.threat_rules(rules)
    states = positions(rules, args.rounds, args.seed)
    agent, rng = GreedyAgent(), np.random.default_rng(0)
    times = {"greedy": [], "plain rule": [], "exact free": []}
    for i, s in enumerate(states):
        s.legal_actions()  # the turn search is the game's, not the agent's: done before timing
        picks = {}
        ways = [
            ("greedy", lambda st: agent.step(st, rng)),
            ("plain rule", lambda st: rule_pick(st, lambda key, _: closing_odds(key, threats))),
        ]
        if args.rearrange == "free" and i < args.exact_free:
            ways.append(("exact free", lambda st: rule_pick(st, closing_odds)))  # the game's own rules
        for name, pick in ways:
            cold()
            t0 = time.perf_counter()
            picks[name] = pick(s)
            times[name].append(time.perf_counter() - t0)
        picks.pop("exact free", None)  # another read of the threats: its pick may differ
        if len(set(map(repr, picks.values()))) > 1:
            raise SystemExit(f"the picks differ on {s.table} with board {s.boards[s.to_move]}")
    print(f"{rules.label}: {len(states)} decisions of {args.rounds} random rounds (seed {args.seed}), cold caches")
    for name, t in times.items():
        if not t:
            continue
        t = np.array(t)
        print(
            f"  {name:10s} median {1e3 * np.median(t):8.1f} ms  p90 {1e3 * np.quantile(t, 0.9):8.1f} ms  "
            f"max {t.max():6.2f} s  total {t.sum():7.1f} s"
        )
    g, p = np.sum(times["greedy"]), np.sum(times["plain rule"])
    print(f"  ratio plain rule / greedy: {p / g:.1f}x over {len(states)} decisions; the picks agree on every decision")
    k = len(times["exact free"])
    if k:
        e, g_k = np.sum(times["exact free"]), np.sum(times["greedy"][:k])
        print(f"  ratio exact free read / greedy's join read: {e / g_k:.1f}x over the first {k} decisions")


if __name__ == "__main__":
    main()
