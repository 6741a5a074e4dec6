"""Necklace players' speed (issue #34): decisions per second of mcts:N and of the new pie:N, and the
cost of a game and of the tables built on them, measured in one run on one machine.

    python benchmarks/bench_necklace_players.py [--sizes 5 7] [--budgets 800 3200] [--games 2]

For each board size and budget:

1. ``mcts:N`` decisions per second over whole self-play games without the swap rule (every
   decision of the game, early ones dearer);
2. ``pie:N``'s two pie decisions, which cost more than a placement: the opening (two searches of N
   for one opening of each symmetry class) and Blue's swap decision (two searches of N), in seconds;
   its other decisions are ``mcts:N``'s;
3. the cost of one ``pie:N`` self-play game with the swap rule, in seconds (what a swap_rule cell
   of 200 games costs, divided by 200);
4. on 5x5 only: seconds to prove one won position of agents_vs_proof with every child (the solver
   under its node caps).

Timings, not tests: they depend on the machine and its load (negenlab's studies ran on 2 shared
cores). Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

from negenlab.core.simulate import simulate
from negenlab.core.version import package_version
from negenlab.necklace import NecklaceGame, Rules, State
from negenlab.necklace.against_proof import sample_positions, won_positions
from negenlab.necklace.agents import NumbaMCTSAgent, PieAgent, opener_chance
from negenlab.necklace.game import NecklaceState
from negenlab.necklace.solver import ProofSearch


def mcts_decisions_per_second(size: int, budget: int, games: int, seed: int) -> tuple[float, int]:
    """Decisions per second of mcts:N over ``games`` whole self-play games (swap off), and the decisions timed."""
    agent = NumbaMCTSAgent(budget)
    rng = np.random.default_rng(seed)
    agent.step(State.initial(size, swap=False), rng)  # compile
    decisions, seconds = 0, 0.0
    for _ in range(games):
        s = State.initial(size, swap=False)
        while not s.over:
            t0 = time.perf_counter()
            move = agent.step(s, rng)
            seconds += time.perf_counter() - t0
            s.play(move)
            decisions += 1
    return decisions / seconds, decisions


def pie_decisions(size: int, budget: int, seed: int) -> tuple[float, float]:
    """Seconds of pie:N's opening decision and of its swap decision (after the centre opening)."""
    agent = PieAgent(budget)
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    agent.step(NecklaceState(State.initial(size, swap=True)), rng)
    opening = time.perf_counter() - t0
    state = NecklaceState(State.initial(size, swap=True))
    state.apply((size // 2, size // 2))
    t0 = time.perf_counter()
    agent.step(state, rng)
    swap = time.perf_counter() - t0
    return opening, swap


def pie_game_seconds(size: int, budget: int, games: int, seed: int) -> float:
    """Mean seconds of one pie:N self-play game with the swap rule (one process)."""
    t0 = time.perf_counter()
    simulate(NecklaceGame(Rules(size=size, swap=True)), [PieAgent(budget), PieAgent(budget)], games, seed,
             workers=1, progress=False)  # fmt: skip
    return (time.perf_counter() - t0) / games


def proof_seconds(positions: int, seed: int) -> tuple[float, int]:
    """Seconds per won 5x5 position proved with every child (agents_vs_proof's work), and the positions found."""
    sampled = sample_positions(5, 6 * positions, seed, min_stones=4)
    t0 = time.perf_counter()
    found, _ = won_positions(sampled, ProofSearch(5, tt_bits=24), positions)
    return (time.perf_counter() - t0) / max(1, len(found)), len(found)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[5, 7])
    ap.add_argument("--budgets", type=int, nargs="+", default=[800, 3200])
    ap.add_argument("--games", type=int, default=2, help="games per measurement")
    ap.add_argument("--positions", type=int, default=10, help="5x5 won positions to prove (0: skip)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(f"negenlab {package_version()}, python {platform.python_version()}, {platform.machine()}")
    opener_chance(_after_centre(5), 50, np.random.default_rng(0))  # compile the search once
    for size in args.sizes:
        for budget in args.budgets:
            rate, n = mcts_decisions_per_second(size, budget, args.games, args.seed)
            opening, swap = pie_decisions(size, budget, args.seed)
            game = pie_game_seconds(size, budget, args.games, args.seed)
            print(
                f"{size}x{size} N={budget:5d}: mcts:N {rate:7.1f} decisions/s (n={n}); pie:N opening {opening:6.2f} s, "
                f"swap decision {swap:5.2f} s; a pie:N game with swap {game:6.1f} s"
            )
    if args.positions:
        seconds, found = proof_seconds(args.positions, args.seed)
        print(f"5x5 won position with every child proved: {seconds:.2f} s each (n={found})")
    return 0


def _after_centre(size: int) -> State:
    s = State.initial(size, swap=False)
    s.play((size // 2, size // 2))
    return s


if __name__ == "__main__":
    raise SystemExit(main())
