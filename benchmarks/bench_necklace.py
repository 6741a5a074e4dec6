"""Necklace 9x9 (negenlab) against OpenSpiel's Hex 9x9, measured in one run on one machine.

    python benchmarks/bench_necklace.py [--seconds 3] [--sims 2000]

1. Random playouts per second from the empty board. negenlab: ``NecklaceState.playout(rng)``
   (compiled; called from Python once per playout). OpenSpiel: the loop its
   ``RandomRolloutEvaluator`` runs, ``state.apply_action(random.choice(state.legal_actions()))``
   on a cloned ``pyspiel`` Hex state until terminal.
2. MCTS simulations per second from the empty board. negenlab: ``NumbaMCTSAgent`` (UCT,
   random playouts, compiled). OpenSpiel: ``mcts.MCTSBot(game, 1.4, sims,
   RandomRolloutEvaluator(n_rollouts=1))``. Also shown, for information: the core Python
   ``MCTSAgent`` using the compiled playout.

Ratios > 1 mean negenlab is faster. The two games differ (Necklace games fill most of
the board and legality is global; Hex legality is trivial), so this compares the tools a
designer gets, not identical work. Requires the [bench] extra (open_spiel).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

import numpy as np


def rate(fn, seconds: float) -> tuple[float, int]:
    """Calls per second of ``fn`` over at least ``seconds`` (after one warm-up call)."""
    fn()
    n = 0
    t0 = time.perf_counter()
    while True:
        fn()
        n += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n / dt, n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per playout measurement")
    ap.add_argument("--sims", type=int, default=2000, help="MCTS simulations per search")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        print("OpenSpiel is not installed: pip install 'negenlab[bench]'", file=sys.stderr)
        return 2
    from negenlab.core.agents import MCTSAgent
    from negenlab.core.version import package_version
    from negenlab.necklace import NecklaceGame, Rules
    from negenlab.necklace.agents import NumbaMCTSAgent

    print(
        f"negenlab {package_version()}, OpenSpiel (pyspiel) {getattr(pyspiel, '__version__', '?')}, "
        f"python {platform.python_version()}, {platform.machine()}"
    )
    rng = np.random.default_rng(args.seed)
    game = NecklaceGame(Rules(size=9, swap=False))
    root = game.new_initial_state()

    # ---------------------------------------------------------------- playouts
    def necklace_playout():
        root.playout(rng)

    hex_game = pyspiel.load_game("hex(board_size=9)")
    hex_root = hex_game.new_initial_state()
    prng = random.Random(args.seed)

    def hex_playout():
        s = hex_root.clone()
        while not s.is_terminal():
            s.apply_action(prng.choice(s.legal_actions()))

    neck_rate, neck_n = rate(necklace_playout, args.seconds)
    hex_rate, hex_n = rate(hex_playout, args.seconds)
    print(f"random playouts/s   necklace 9x9 {neck_rate:10.0f} (n={neck_n})   hex 9x9 {hex_rate:10.0f} (n={hex_n})")

    # ---------------------------------------------------------------- MCTS
    sims = args.sims
    agent = NumbaMCTSAgent(simulations=sims)
    agent.step(game.new_initial_state(), rng)  # compile / warm up
    t0 = time.perf_counter()
    reps = 3
    for _ in range(reps):
        agent.step(game.new_initial_state(), rng)
    neck_sims = reps * sims / (time.perf_counter() - t0)

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(args.seed))
    bot = mcts.MCTSBot(hex_game, 1.4, sims, evaluator, random_state=np.random.RandomState(args.seed), solve=False)
    t0 = time.perf_counter()
    bot.step(hex_game.new_initial_state())
    hex_sims = sims / (time.perf_counter() - t0)

    core = MCTSAgent(simulations=max(200, sims // 10))
    t0 = time.perf_counter()
    core.step(game.new_initial_state(), rng)
    core_sims = core.simulations / (time.perf_counter() - t0)
    print(
        f"MCTS simulations/s  necklace 9x9 {neck_sims:10.0f} (NumbaMCTSAgent, {reps}x{sims})   "
        f"hex 9x9 {hex_sims:10.0f} (pyspiel MCTSBot, {sims})"
    )
    print(f"   for information: core MCTSAgent with compiled playouts on necklace 9x9: {core_sims:.0f} sims/s")
    print(f"RATIO random playouts/s  necklace/hex = {neck_rate / hex_rate:.2f}")
    print(f"RATIO MCTS simulations/s necklace/hex = {neck_sims / hex_sims:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
