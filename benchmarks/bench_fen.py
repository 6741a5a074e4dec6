"""Random self-play speed: negenlab FEN (side-7 triangle board) vs OpenSpiel dots_and_boxes.

Both games are driven the same way from Python: ``legal_actions()`` then apply one action
drawn with a numpy Generator, until the game ends. The peer is OpenSpiel's
``dots_and_boxes`` with num_rows=6, num_cols=6 (84 lines, 49 dots, 36 boxes: the same
number of edges as FEN's standard board, which has 84 edges, 36 nodes and 49 faces);
5x5 is also timed for reference. Rounds alternate between the games so that load on the
machine affects both alike; the ratio is FEN games/s over dots_and_boxes games/s (median
of the rounds).

The cost of one action, ``legal_actions()`` plus ``apply``, is the time of a round over the actions
it played (the driver's own draw included, the same for every game) and is printed with its ratio
(FEN over dots_and_boxes 6x6, below 1: FEN faster). The engine FEN had before the flat, compiled
one (``benchmarks/legacy/fen_engine.py``, frozen) plays its own rounds in the same alternation.

    python benchmarks/bench_fen.py [--seconds 2] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))


def play_round(new_state, apply, rng, seconds):
    """Random games from ``new_state()`` for ``seconds``, each action played with the state's method
    named ``apply`` (``apply`` in negenlab, ``apply_action`` in OpenSpiel): (games/s, actions/game,
    microseconds per action)."""
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
    return games / dt, steps / games, 1e6 * dt / steps


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
    from legacy import fen_engine as legacy_fen

    from negenlab import games

    fen = games.load("fen", board="triangle:7")
    fen_old = legacy_fen.FenGame("triangle:7", fen.rules)
    peers = {
        "dots_and_boxes 6x6": pyspiel.load_game("dots_and_boxes", {"num_rows": 6, "num_cols": 6}),
        "dots_and_boxes 5x5": pyspiel.load_game("dots_and_boxes", {"num_rows": 5, "num_cols": 5}),
    }
    rng = np.random.default_rng(2024)
    fen_rates, fen_len, fen_us, floor_rates, old_rates, old_us = [], [], [], [], [], []
    peer_rates = {k: [] for k in peers}
    peer_us = {k: [] for k in peers}
    peer_len = {}
    fen.new_initial_state().playout(rng)  # compile / load the numba cache outside the timing
    for _ in range(args.rounds):
        r, L, us = play_round(fen.new_initial_state, "apply", rng, args.seconds)
        fen_rates.append(r)
        fen_len.append(L)
        fen_us.append(us)
        floor_rates.append(floor_round(round(L), rng, args.seconds / 2))
        for k, g in peers.items():
            r, L, us = play_round(g.new_initial_state, "apply_action", rng, args.seconds)
            peer_rates[k].append(r)
            peer_us[k].append(us)
            peer_len[k] = L
        r, _, us = play_round(fen_old.new_initial_state, "apply", rng, args.seconds)
        old_rates.append(r)
        old_us.append(us)
    f = statistics.median(fen_rates)
    print(
        f"negenlab FEN triangle side 7 : {f:8.1f} games/s  ({statistics.mean(fen_len):.1f} actions/game, "
        f"{statistics.median(fen_us):.2f} us/action)"
    )
    print(
        f"  (old engine, legacy copy)  : {statistics.median(old_rates):8.1f} games/s  "
        f"({statistics.median(old_us):.2f} us/action)"
    )
    for k in peers:
        p = statistics.median(peer_rates[k])
        print(
            f"OpenSpiel {k:19s}: {p:8.1f} games/s  ({peer_len[k]:.1f} actions/game, "
            f"{statistics.median(peer_us[k]):.2f} us/action)"
        )
    main_peer = statistics.median(peer_rates["dots_and_boxes 6x6"])
    print(
        f"ratio FEN / dots_and_boxes 6x6 (games/s): {f / main_peer:.3f}   (old engine: {statistics.median(old_rates) / main_peer:.3f})"
    )
    print(f"ratio FEN / dots_and_boxes 5x5 (games/s): {f / statistics.median(peer_rates['dots_and_boxes 5x5']):.3f}")
    fu, pu, ou = statistics.median(fen_us), statistics.median(peer_us["dots_and_boxes 6x6"]), statistics.median(old_us)
    print(
        f"per action: FEN {fu:.2f} us, dots_and_boxes 6x6 {pu:.2f} us, ratio {fu / pu:.3f} "
        f"({'below 1: FEN faster' if fu < pu else 'above 1: FEN slower'}; old engine {ou:.2f} us, ratio {ou / pu:.3f})"
    )
    fl = statistics.median(floor_rates)
    print(
        f"driver loop alone (no game: free legal_actions/apply, {statistics.mean(fen_len):.0f} actions/game): "
        f"{fl:8.1f} games/s -> ratio ceiling for any Python engine with FEN's game length: {fl / main_peer:.3f}"
    )
    drive = 1e6 / (fl * statistics.mean(fen_len))  # the driver's own cost of one action
    print(
        f"per action without the driver's own {drive:.2f} us: FEN {fu - drive:.2f} us, dots_and_boxes 6x6 "
        f"{pu - drive:.2f} us, ratio {(fu - drive) / (pu - drive):.3f}"
    )

    # what search uses: whole random games compiled with numba (not the Python protocol loop above),
    # from a position a few actions in; the old engine's playouts (the same kernel) alternate with them
    def playouts(state, seconds):
        t0 = time.perf_counter()
        k = 0
        while time.perf_counter() - t0 < seconds:
            state.playout(rng)
            k += 1
        return k / (time.perf_counter() - t0)

    s_new, s_old = fen.new_initial_state(), fen_old.new_initial_state()
    for _ in range(5):
        a = s_new.legal_actions()[len(s_new.legal_actions()) // 2]
        s_new.apply(a)
        s_old.apply(a)
    s_old.playout(rng)
    new_p, old_p = [], []
    for _ in range(args.rounds):
        new_p.append(playouts(s_new, args.seconds / 2))
        old_p.append(playouts(s_old, args.seconds / 2))
    print(
        f"compiled playouts (FenState.playout, numba; used by MCTS): {statistics.median(new_p):8.1f} games/s "
        f"(old engine: {statistics.median(old_p):8.1f}; not comparable with the Python-driven figures above)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
