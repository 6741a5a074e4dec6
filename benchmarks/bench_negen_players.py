"""Negen's players side by side on the same positions: decisions a second, and the cost of a round.

    python benchmarks/bench_negen_players.py [--rounds 6] [--seed 5] [--cost-rounds 20]

Positions are the turn decisions of seeded 3-player rounds walked by closers (greedy's benchmark's
walk, default reading). On
each, every player decides from the same state. The planner asks whether the next player, with the
board it holds, can close after each candidate turn; it asks it the fast way (any board can close?
then this board?, both stopping at the first close) and the benchmark asks it the plain way too (every
minimal closing multiset, then a multiset test against the board), on the same tables: the answers
must agree, and the ratio of their times is printed.

Then the cost of a round for each mix of the variant study's second player strength (seconds per
round, ``simulate`` serial, fresh caches per mix are not forced: a study's caches warm the same way).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np
from bench_negen_greedy import positions  # the same seeded positions as greedy's benchmark

from negenlab import games
from negenlab.core.simulate import simulate
from negenlab.negen.agents import CloserAgent, DepleterAgent, GreedyAgent, PlannerAgent, next_player_closes
from negenlab.negen.game import NegenGame
from negenlab.negen.rules import Rules
from negenlab.negen.turns import closing_dice


def plain_next_closes(key, board) -> bool:
    have = Counter(board)
    return any(all(have[v] >= c for v, c in Counter(m).items()) for m in closing_dice(key))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--cost-rounds", type=int, default=20)
    args = ap.parse_args()
    states = positions(Rules(), args.rounds, args.seed, walk=CloserAgent())
    print(f"{len(states)} turn decisions of {args.rounds} seeded rounds of closers (seed {args.seed})")
    for agent in (CloserAgent(), GreedyAgent(), PlannerAgent(), DepleterAgent()):
        times = []
        for s in states:
            t = time.perf_counter()
            agent.step(s.clone(), np.random.default_rng(1))
            times.append(time.perf_counter() - t)
        print(
            f"  {agent.name:<9} {len(times) / sum(times):9.1f} decisions/s   median {1e3 * np.median(times):7.2f} ms"
            f"   max {1e3 * max(times):7.1f} ms"
        )
    tables = [(s.turn_of(a).key, s.boards[(s.to_move + 1) % s.num_players]) for s in states for a in s.legal_actions()]
    t0 = time.perf_counter()
    fast = [next_player_closes(k, b) for k, b in tables]
    t1 = time.perf_counter()
    plain = [plain_next_closes(k, b) for k, b in tables]
    t2 = time.perf_counter()
    assert fast == plain, "the planner's question answered two ways disagrees"
    print(
        f"next player closes? on {len(tables)} tables: fast {1e3 * (t1 - t0):.0f} ms, plain (every minimal closing "
        f"multiset) {1e3 * (t2 - t1):.0f} ms, ratio {(t2 - t1) / max(t1 - t0, 1e-9):.1f}x; {sum(fast)} can close; agree"
    )
    print(f"seconds per round ({args.cost_rounds} rounds, serial):")
    for label, specs in (
        ("closers", "closer"),
        ("greedy among closers", "greedy,closer,closer"),
        ("planners", "planner"),
        ("planner among greedy", "planner,greedy,greedy"),
        ("planner among closers", "planner,closer,closer"),
        ("depleter among closers", "depleter,closer,closer"),
    ):
        game = NegenGame(Rules(target_score=1))
        agents = games.entry("negen").seat_agents(specs, 3)
        t = time.perf_counter()
        simulate(game, agents, args.cost_rounds, args.seed, backend="serial", progress=False)
        print(f"  {label:<24} {(time.perf_counter() - t) / args.cost_rounds:7.3f} s")


if __name__ == "__main__":
    main()
