"""FEN's players: decisions per second, the cost of the swap decision, and the cost of a game.

    python benchmarks/bench_fen_players.py [--seconds 20] [--budgets 50 200 800] [--board triangle:7] [--tilings]

1. Decisions per second of each player on the standard board (triangle of side 7, pie rule on),
   micro-action by micro-action through a self-play game from the start, for ``--seconds`` each:
   greedy, and FEN's mcts (:class:`negenlab.fen.agents.SwapMCTSAgent`) at each budget.
2. The swap decision alone (the second player's first decision, pie rule on): greedy plays the
   opening out 32 times in greedy self-play, mcts searches the position once with the swap set aside;
   seconds per decision, over openings the player itself made.
3. Seconds per self-play game on the standard board (one game per budget, from the decisions above).
4. With ``--tilings``: one mcts game at 200 simulations a placement on each of the 11 tilings at 49
   faces, no pie rule (the unit of the strong atlas study), and the same at 800 on the cheapest and
   the dearest tiling, to price the tilings verdict under mcts:800.

Times are wall clock on whatever else the machine is running: run it on a quiet machine, and read the
figures as the cost of a study on one core.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

from negenlab import games
from negenlab.fen import FenGame, Rules
from negenlab.fen import tilings as T
from negenlab.fen.agents import GreedyAgent, swap_offered


def decisions(agent, game, rng, seconds: float) -> tuple[float, int, float]:
    """(decisions per second, decisions, seconds for the whole game when it finished, else nan) of
    ``agent`` playing both seats of ``game`` from the start for at most ``seconds``."""
    s = game.new_initial_state()
    n, t0 = 0, time.perf_counter()
    while not s.is_terminal() and time.perf_counter() - t0 < seconds:
        s.apply(agent.step(s, rng))
        n += 1
    dt = time.perf_counter() - t0
    return n / dt, n, dt if s.is_terminal() else float("nan")


def swap_seconds(agent, game, rng, openings: int) -> float:
    """Mean seconds of ``agent``'s swap decision after ``openings`` openings it made itself."""
    total = 0.0
    for _ in range(openings):
        s = game.new_initial_state()
        while not swap_offered(s):
            s.apply(agent.step(s, rng))
        t0 = time.perf_counter()
        agent.step(s, rng)
        total += time.perf_counter() - t0
    return total / openings


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="seconds of play per player (default 20)")
    ap.add_argument("--budgets", type=int, nargs="*", default=[50, 200, 800], help="mcts simulations (50 200 800)")
    ap.add_argument("--board", default="triangle:7")
    ap.add_argument("--openings", type=int, default=3, help="swap decisions timed per player (default 3)")
    ap.add_argument("--tilings", action="store_true", help="also time one mcts game on each tiling at 49 faces")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    game = games.load("fen", board=args.board)
    players = {"greedy": GreedyAgent()} | {f"mcts:{b}": games.make_agents("fen", f"mcts:{b}")[0] for b in args.budgets}
    print(f"{args.board}, pie rule on: decisions per second (micro-actions), swap decision, whole game")
    for name, agent in players.items():
        rate, n, whole = decisions(agent, game, rng, args.seconds)
        swap = swap_seconds(agent, game, rng, args.openings)
        game_text = f"{whole:.1f} s a game" if whole == whole else f"game unfinished after {args.seconds:g} s"
        print(f"  {name:>10}: {rate:8.1f} decisions/s ({n} decisions); swap decision {swap:.2f} s; {game_text}")
    if args.tilings:
        mcts200, mcts800 = games.make_agents("fen", "mcts:200,mcts:800")
        costs = {}
        for name in T.ARCHIMEDEAN:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                board = FenGame(T.archimedean(name, faces=49), Rules(pie_rule=False))
            costs[name] = decisions(mcts200, board, rng, 3600)[2]
            print(f"  mcts:200 on {name} (49 faces): {costs[name]:.1f} s a game", flush=True)
        print(f"  mcts:200, one game on each of the 11 tilings: {sum(costs.values()):.0f} s")
        for name in (min(costs, key=costs.__getitem__), max(costs, key=costs.__getitem__)):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                board = FenGame(T.archimedean(name, faces=49), Rules(pie_rule=False))
            whole = decisions(mcts800, board, rng, 7200)[2]
            print(f"  mcts:800 on {name}: {whole:.1f} s a game ({whole / costs[name]:.1f} times mcts:200's)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
