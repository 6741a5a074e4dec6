"""Self-play balance statistics per board, with and without the pie rule.

:func:`balance` plays seeded games with :func:`negenlab.core.simulate` and returns a tidy
table: first-player (seat 0) win rate, draw rate, swap rate, share of games ended by a
majority, each with n and a Wilson interval; mean game length (turns) and captures per
game with 95% intervals.

>>> from negenlab.fen import tilings
>>> from negenlab.fen.study import balance
>>> t = balance(tilings.triangle(3), ["random", "random"], n_games=10, seed=1, backend="serial")
>>> sorted(set(t["pie_rule"]))
[False, True]
"""
from __future__ import annotations

import pandas as pd

from negenlab.core import simulate
from negenlab.core.metrics import mean_interval, rate

from .agents import make_agent
from .engine import Fen
from .rules import Rules
from .tessellation import Tessellation


def balance_rows(df: pd.DataFrame) -> list[dict]:
    """Metric rows (metric, value, lo, hi, n) of one simulation table."""
    n = len(df)
    rows = []

    def add(metric, r):
        rows.append({"metric": metric, "value": r["value"], "lo": r["lo"], "hi": r["hi"], "n": r["n"]})
    add("first_player_win_rate", rate(int((df["winner"] == 0).sum()), n))
    add("second_player_win_rate", rate(int((df["winner"] == 1).sum()), n))
    add("draw_rate", rate(int(df["draw"].sum()), n))
    add("colour0_win_rate", rate(int((df["winner_colour"] == 0).sum()), n))
    add("swap_rate", rate(int(df["swapped"].sum()), n))
    add("ends_by_majority", rate(int((df["end"] == "majority").sum()), n))
    add("ends_blocked", rate(int((df["end"] == "blocked").sum()), n))
    add("turns_per_game", mean_interval(df["turns"]))
    add("actions_per_game", mean_interval(df["length"]))
    add("captures_per_game", mean_interval(df["captures"]))
    return rows


def balance(board: Tessellation, agents=("random", "random"), n_games: int = 200, seed: int = 2024,
            rules: Rules | None = None, backend: str = "process", workers: int | None = None,
            progress: bool = False, simulations: int = 100) -> pd.DataFrame:
    """Balance table for ``board``: the same study with ``pie_rule`` True and False.

    ``agents`` are names (``random``, ``greedy``, ``mcts``) or Agent objects, seat 0 first.
    """
    base = rules or Rules()
    out = []
    for pie in (True, False):
        r = Rules(pie_rule=pie, partial_claims=base.partial_claims, n=base.n, e=base.e, ne_scope=base.ne_scope)
        game = Fen(board, r)
        ag = [make_agent(a, simulations) if isinstance(a, str) else a for a in agents]
        df = simulate(game, ag, n_games=n_games, seed=seed, backend=backend, workers=workers, progress=progress)
        for row in balance_rows(df):
            out.append({"board": board.name, "pie_rule": pie, "agents": " vs ".join(a.name for a in ag), **row})
    return pd.DataFrame(out)
