"""The atlas: regular and Archimedean tilings at a few sizes with their n/e and self-play balance.

One row per board: tiling, faces, nodes, edges, N, E, n, e in the interior reading, the same
in the literal (all) reading, whether they agree, and the first player's win rate in random
self-play without and with the pie rule (n games and a Wilson interval each).

>>> from negenlab.fen.atlas import atlas_table
>>> t = atlas_table(tilings=["4.8.8"], sizes=[13], n_games=4, seed=1)
>>> t[["tiling", "faces", "n", "e"]].values.tolist()
[['4.8.8', 13, 2, 3]]
"""
from __future__ import annotations

import warnings
from typing import Sequence

import pandas as pd

from negenlab.core import simulate
from negenlab.core.agents import RandomAgent
from negenlab.core.metrics import rate

from . import tilings as T
from .engine import Fen
from .ne import derive_ne
from .rules import Rules

DEFAULT_SIZES = (13, 25, 49)


def atlas_boards(tilings: Sequence[str] | None = None, sizes: Sequence[int] = DEFAULT_SIZES):
    """(tiling name, board) for every tiling and size."""
    names = list(T.ARCHIMEDEAN) if tilings is None else [T.canonical_name(n) for n in tilings]
    for name in names:
        for k in sizes:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                yield name, T.archimedean(name, faces=int(k))


def atlas_table(tilings: Sequence[str] | None = None, sizes: Sequence[int] = DEFAULT_SIZES,
                n_games: int = 100, seed: int = 2024, backend: str = "serial", workers: int | None = None,
                progress: bool = False) -> pd.DataFrame:
    """The atlas table (see the module docstring). ``n_games`` = 0 skips self-play."""
    rows = []
    for name, board in atlas_boards(tilings, sizes):
        r = derive_ne(board)
        row = {"tiling": name, "faces": board.num_faces, "nodes": board.num_nodes, "edges": board.num_edges,
               "N": r.interior.N, "E": r.interior.E, "n": r.interior.n, "e": r.interior.e,
               "N_all": r.all.N, "E_all": r.all.E, "n_all": r.all.n, "e_all": r.all.e, "agree": r.agree}
        if n_games:
            for pie in (False, True):
                df = simulate(Fen(board, Rules(pie_rule=pie)), [RandomAgent(), RandomAgent()], n_games=n_games,
                              seed=seed, backend=backend, workers=workers, progress=progress)
                q = rate(int((df["winner"] == 0).sum()), len(df))
                tag = "pie" if pie else "nopie"
                row.update({f"p1_win_{tag}": q["value"], f"p1_win_{tag}_lo": q["lo"], f"p1_win_{tag}_hi": q["hi"],
                            f"games_{tag}": q["n"]})
                if not pie:
                    row["mean_turns"] = float(df["turns"].mean())
                    row["draw_rate"] = float(df["draw"].mean())
        rows.append(row)
    return pd.DataFrame(rows)
