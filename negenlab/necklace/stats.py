"""Self-play statistics and the swap (pie-rule) map, through core.simulate and core.metrics.

>>> from negenlab.necklace.stats import self_play
>>> df = self_play(4, "random", n_games=20, seed=1, workers=1)
>>> set(df["winner_colour"]) <= {"red", "blue", "draw"}
True
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from negenlab.core import simulate
from negenlab.core.agents import RandomAgent
from negenlab.core.errors import InvalidInputError
from negenlab.core.metrics import mean_interval, rate

from .agents import NumbaMCTSAgent, mcts_values
from .engine import Necklace, State
from .solver import symmetry_maps


def make_agent(kind: str, simulations: int = 100):
    """``"random"`` or ``"mcts"`` (compiled MCTS with ``simulations`` playouts per move)."""
    if kind == "random":
        return RandomAgent()
    if kind == "mcts":
        return NumbaMCTSAgent(simulations)
    raise InvalidInputError(f"agent kind must be 'random' or 'mcts', got {kind!r}")


def self_play(size: int, kind: str, n_games: int, seed: int = 0, swap: bool = True, simulations: int = 100,
              workers: int | None = None, progress: bool = False) -> pd.DataFrame:
    """``n_games`` games of two equal agents on a ``size`` board; the core simulation table."""
    agent = make_agent(kind, simulations)
    return simulate(Necklace(size, swap=swap), [agent, agent], n_games, seed=seed, workers=workers,
                    progress=progress, backend="serial" if workers == 1 else "process")


def summarise(df: pd.DataFrame, **labels) -> dict:
    """One row of the statistics table: Red's win rate (Wilson 95%), draws, length, skips, restrictions.

    Restriction shares are per decision: the share of all decisions at which crosscut
    (seclusion) removed at least one empty point from the mover's choices.
    """
    n = len(df)
    red = rate(int((df["winner_colour"] == "red").sum()), n)
    seat0 = rate(int((df["winner"] == 0).sum()), n)
    draws = rate(int(df["draw"].sum()), n)
    decisions = int(df["length"].sum())
    cc = rate(int(df["crosscut_turns"].sum()), decisions)
    sc = rate(int(df["seclusion_turns"].sum()), decisions)
    length = mean_interval(df["length"])
    skips = mean_interval(df["skipped_turns"])
    return {**labels, "games": n,
            "red_win": red["value"], "red_lo": red["lo"], "red_hi": red["hi"],
            "seat0_win": seat0["value"], "seat0_lo": seat0["lo"], "seat0_hi": seat0["hi"],
            "draws": int(df["draw"].sum()), "draw_hi": draws["hi"],
            "swap_rate": float(df["swapped"].mean()) if n else float("nan"),
            "length": length["value"], "length_lo": length["lo"], "length_hi": length["hi"],
            "skips_per_game": skips["value"], "skips_lo": skips["lo"], "skips_hi": skips["hi"],
            "crosscut_share": cc["value"], "crosscut_lo": cc["lo"], "crosscut_hi": cc["hi"],
            "seclusion_share": sc["value"], "seclusion_lo": sc["lo"], "seclusion_hi": sc["hi"],
            "crosscut_points_per_decision": float(df["crosscut_blocked"].sum() / decisions) if decisions else np.nan,
            "seclusion_points_per_decision": float(df["seclusion_blocked"].sum() / decisions) if decisions else np.nan}


def study(sizes=(5, 7, 9, 11), kinds=("random", "mcts"), games=None, seed: int = 0, swap: bool = True,
          simulations: int = 100, workers: int | None = None, progress: bool = False):
    """Run :func:`self_play` for every size and agent kind; return ``(table, {(size, kind): df})``.

    ``games``: an int, or a dict ``{(size, kind): n}``; default 200 random / 30 MCTS games per size.
    """
    frames, rows = {}, []
    for size in sizes:
        for kind in kinds:
            n = games.get((size, kind)) if isinstance(games, dict) else games
            if n is None:
                n = 200 if kind == "random" else 30
            df = self_play(size, kind, n, seed=seed, swap=swap, simulations=simulations, workers=workers,
                           progress=progress)
            frames[(size, kind)] = df
            rows.append(summarise(df, size=size, agents=kind if kind == "random" else f"mcts {simulations}",
                                  swap=swap))
    return pd.DataFrame(rows), frames


def swap_map_mcts(size: int, simulations: int = 2000, seed: int = 0) -> np.ndarray:
    """Estimated Red win probability after each first move (Blue to move, no swap): 1 minus the
    value of Blue's most visited reply in a compiled MCTS search. Symmetric openings share one
    search. Estimates, not proofs: use the solver table where it exists."""
    rng = np.random.default_rng(seed)
    maps = symmetry_maps(size)
    out = np.full(size * size, np.nan)
    for p in range(size * size):
        canon = int(min(maps[:, p]))
        if not np.isnan(out[canon]):
            out[p] = out[canon]
            continue
        s = State.initial(size)
        s.play(divmod(p, size))
        if s.over:
            out[p] = 1.0 if s.winner == "red" else 0.0
            continue
        stats = mcts_values(s, simulations, rng)
        stats.pop("_done")
        visits, value = max(stats.values(), key=lambda t: t[0])
        blue_value = value if s.colour_to_move == "blue" else 1 - value
        out[p] = 1.0 - blue_value
        out[canon] = out[p]
    return out.reshape(size, size)


def swap_map_solved(size: int, openings: pd.DataFrame | None = None) -> np.ndarray:
    """1 where Red wins after the opening with perfect play, 0 where Blue wins, 0.5 for a draw
    (from the shipped solver table)."""
    if openings is None:
        from .solver import load_tables

        openings = load_tables()[1]
    sub = openings[openings["size"] == size]
    if sub.empty:
        raise InvalidInputError(f"no solved openings for size {size} in the table; sizes: "
                                f"{sorted(set(openings['size']))}")
    out = np.full((size, size), np.nan)
    for r, c, v in sub[["row", "col", "value"]].itertuples(index=False):
        out[r, c] = {"red": 1.0, "blue": 0.0, "draw": 0.5}.get(v, np.nan)  # "blue or draw": not resolved
    return out
