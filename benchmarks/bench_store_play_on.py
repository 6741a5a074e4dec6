"""A play-on's resumable store grown a few games at a time: playing a short chunk on against replaying it, in one run.

    python benchmarks/bench_store_play_on.py [--step 10] [--games 100] [--chunk 25] [--players 8]

The rung strategy studies (``negenlab study polymer strategies_<rung>``) grow each seat's store
``RUNG_BATCH_DEALS`` (10) games at a time on 25-game chunks until the arm's verdict clears. Here
bargainers' 8-seat tables grow from ``step`` to ``games`` games, ``step`` at a time, twice on fresh
stores: with :func:`negenlab.core.simulate` as it is (a short stored chunk plays on from its last
game) and with the old behaviour (a short stored chunk replayed from its first game), which this
script reproduces by deleting the short chunk's file before each call (the store then replays it,
as the old code did). It prints the games each played, the seconds, the ratio old / new, and whether
the final tables are the same (they must be: game i depends on the seed and i alone).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from negenlab.core import simulate
from negenlab.polymer.game import PolymerGame
from negenlab.polymer.rules import Rules
from negenlab.polymer.study import policy_agents


def grow(store: Path, steps: list[int], players: int, chunk: int, replay_short: bool):
    """Seconds, games played and the final table of growing ``store`` through ``steps`` games."""
    game, agents = PolymerGame(Rules(players=players)), policy_agents("bargainer", players)
    played, started, table = 0, time.perf_counter(), None
    for n in steps:
        stored = json.loads((store / "run.json").read_text())["chunks"] if (store / "run.json").exists() else {}
        have = sum(c["stop"] - c["start"] for c in stored.values())
        if replay_short:  # the old behaviour: a short last chunk is played again from its first game
            for name, c in stored.items():
                if c["stop"] - c["start"] < chunk and c["stop"] < n:
                    (store / name).unlink()
                    have -= c["stop"] - c["start"]
        table = simulate(game, agents, n, seed=7, backend="serial", progress=False, chunk_size=chunk, store=store)
        played += n - have
    return time.perf_counter() - started, played, table


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--step", type=int, default=10)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--chunk", type=int, default=25)
    p.add_argument("--players", type=int, default=8)
    a = p.parse_args()
    steps = list(range(a.step, a.games + 1, a.step))
    print(f"bargainers at {a.players} seats, a store grown {a.step} games at a time to {a.games} on {a.chunk}-game "
          f"chunks; {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")  # fmt: skip
    game = PolymerGame(Rules(players=a.players))
    simulate(game, policy_agents("bargainer", a.players), 1, seed=7, backend="serial", progress=False)  # compiled once
    with tempfile.TemporaryDirectory() as scratch:
        old_s, old_n, old_t = grow(Path(scratch) / "old", steps, a.players, a.chunk, replay_short=True)
        new_s, new_n, new_t = grow(Path(scratch) / "new", steps, a.players, a.chunk, replay_short=False)
    print(f"replaying a short chunk (the old store): {old_n} games played, {old_s:.1f} s")
    print(f"playing a short chunk on (simulate now): {new_n} games played, {new_s:.1f} s")
    print(f"ratio old / new: {old_s / new_s:.2f} in seconds, {old_n / new_n:.2f} in games; "
          f"same table: {old_t.equals(new_t)}")  # fmt: skip


if __name__ == "__main__":
    main()
