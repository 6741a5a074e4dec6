"""Random self-play speed: negenlab FEN (side-7 triangle board) vs OpenSpiel dots_and_boxes.

Both games are driven the same way from Python: ``legal_actions()`` then apply one action
drawn with a numpy Generator, until the game ends. The peer is OpenSpiel's
``dots_and_boxes`` with num_rows=6, num_cols=6 (84 lines, 49 dots, 36 boxes: the same
number of edges as FEN's standard board, which has 84 edges, 36 nodes and 49 faces);
5x5 is also timed for reference. Rounds alternate between the games so that load on the
machine affects both alike; the ratio is FEN games/s over dots_and_boxes games/s (median
of the rounds).

    python benchmarks/bench_fen.py [--seconds 2] [--rounds 3]
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np


def play_round(new_state, apply, rng, seconds):
    """Random games from ``new_state()`` for ``seconds``, each action played with the state's method
    named ``apply`` (``apply`` in negenlab, ``apply_action`` in OpenSpiel): (games/s, actions/game)."""
    t0 = time.perf_counter()
    games = steps = 0
    while time.perf_counter() - t0 < seconds:
        s = new_state()
        play = getattr(s, apply)
        while not s.is_terminal():
            a = s.legal_actions()
            play(a[int(rng.integers(len(a)))])
            steps += 1
        games += 1
    dt = time.perf_counter() - t0
    return games / dt, steps / games


class _NoGame:
    """A stand-in with free legal_actions/apply and FEN's mean game length: the driver loop's own cost."""

    __slots__ = ("k", "n", "acts")

    def __init__(self, n_actions, acts):
        self.k, self.n, self.acts = 0, n_actions, acts

    def is_terminal(self):
        return self.k >= self.n

    def legal_actions(self):
        return self.acts

    def apply(self, a):
        self.k += 1


def floor_round(n_actions, rng, seconds):
    acts = list(range(100))
    return play_round(lambda: _NoGame(n_actions, acts), "apply", rng, seconds)[0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per round per game (default 2)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    args = ap.parse_args(argv)

    import pyspiel

    from negenlab import games

    fen = games.load("fen", board="triangle:7")
    peers = {"dots_and_boxes 6x6": pyspiel.load_game("dots_and_boxes", {"num_rows": 6, "num_cols": 6}),
             "dots_and_boxes 5x5": pyspiel.load_game("dots_and_boxes", {"num_rows": 5, "num_cols": 5})}
    rng = np.random.default_rng(2024)
    fen_rates, fen_len, floor_rates = [], [], []
    peer_rates = {k: [] for k in peers}
    peer_len = {}
    for _ in range(args.rounds):
        r, L = play_round(fen.new_initial_state, "apply", rng, args.seconds)
        fen_rates.append(r)
        fen_len.append(L)
        floor_rates.append(floor_round(round(L), rng, args.seconds / 2))
        for k, g in peers.items():
            r, L = play_round(g.new_initial_state, "apply_action", rng, args.seconds)
            peer_rates[k].append(r)
            peer_len[k] = L
    f = statistics.median(fen_rates)
    print(f"negenlab FEN triangle side 7 : {f:8.1f} games/s  ({statistics.mean(fen_len):.1f} actions/game, "
          f"{1e6 / (f * statistics.mean(fen_len)):.2f} us/action)")
    for k in peers:
        p = statistics.median(peer_rates[k])
        print(f"OpenSpiel {k:19s}: {p:8.1f} games/s  ({peer_len[k]:.1f} actions/game, "
              f"{1e6 / (p * peer_len[k]):.2f} us/action)")
    main_peer = statistics.median(peer_rates["dots_and_boxes 6x6"])
    print(f"ratio FEN / dots_and_boxes 6x6 (games/s): {f / main_peer:.3f}")
    print(f"ratio FEN / dots_and_boxes 5x5 (games/s): {f / statistics.median(peer_rates['dots_and_boxes 5x5']):.3f}")
    fl = statistics.median(floor_rates)
    print(f"driver loop alone (no game: free legal_actions/apply, {statistics.mean(fen_len):.0f} actions/game): "
          f"{fl:8.1f} games/s -> ratio ceiling for any Python engine with FEN's game length: {fl / main_peer:.3f}")
    # what search uses: whole random games compiled with numba (not the Python protocol loop above)
    s0 = fen.new_initial_state()
    s0.playout(rng)  # compile / load the cache outside the timing
    t0 = time.perf_counter()
    k = 0
    while time.perf_counter() - t0 < args.seconds:
        s0.playout(rng)
        k += 1
    print(f"compiled playouts (FenState.playout, numba; used by MCTS): {k / (time.perf_counter() - t0):8.1f} games/s "
          f"(not comparable with the Python-driven figures above)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
