"""The FEN page of ``negenlab report``.

Sections: credits; n/e on the standard boards in both readings (the boundary effect); the
atlas of regular and Archimedean tilings with a gallery; self-play balance on the standard
board with and without the pie rule (random and greedy agents); engine speed note.
Defaults keep the whole page under a minute on 2 cores; ``--games N`` scales the studies.
"""

from __future__ import annotations

import json
import warnings

import pandas as pd

from negenlab.core.data import MissingDataError, data_file

TITLE = "FEN"


def committed_atlas() -> tuple[pd.DataFrame, dict] | None:
    """The committed atlas table (``data/fen/atlas.csv``) and its sidecar, or None when it is not shipped."""
    try:
        with data_file("fen", "atlas.csv").open() as fh:
            table = pd.read_csv(fh)
    except MissingDataError:
        return None
    try:
        meta = json.loads(data_file("fen", "atlas.json").read_text())
    except MissingDataError:
        meta = {}
    return table, meta


def build(page, options) -> None:
    from negenlab.core.agents import RandomAgent

    from . import tilings
    from .agents import GreedyAgent
    from .game import FenGame
    from .ne import derive_ne
    from .plot import draw_board, gallery, plot_ne
    from .rules import Rules
    from .study import ATLAS_COMMAND, atlas_table, balance

    games = options.games if options.games is not None else 200
    seed = options.seed
    page.note(
        "FEN: rules by Phil Leduc (2024), implemented in negenlab for rules analysis. The designer's "
        "text is not reproduced; rules as modelled are on negenlab's FEN rules page."
    )

    # -- n/e -------------------------------------------------------------------------------------
    page.heading("Per-turn counts n and e: interior vs literal reading")
    page.text(
        "n and e follow the designer's derivation (N, E = most frequent number of faces per node / "
        "per edge; n = lcm/N, e = lcm/E). Read literally over all nodes, boundary nodes dominate small "
        "boards: on the standard triangle of side 7, 18 boundary nodes with 3 faces outnumber 15 interior "
        "nodes with 6, giving n=2 against the designer's stated n=1. Counting interior nodes and edges only "
        "gives the designer's values on every board below; negenlab uses that reading by default."
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        boards = [
            tilings.triangle(7),
            tilings.triangle(5),
            tilings.hexagon(1),
            tilings.hexagon(2),
            tilings.square(5, 5),
            tilings.archimedean("4.8.8", faces=25),
            tilings.archimedean("3.3.4.3.4", faces=25),
        ]
    rows = []
    for b in boards:
        r = derive_ne(b)
        rows.append(
            {
                "board": b.name,
                "faces": b.num_faces,
                "nodes": b.num_nodes,
                "edges": b.num_edges,
                "interior N,E": f"{r.interior.N},{r.interior.E}",
                "interior n,e": f"{r.interior.n},{r.interior.e}",
                "all N,E": f"{r.all.N},{r.all.E}",
                "all n,e": f"{r.all.n},{r.all.e}",
                "agree": "yes" if r.agree else "NO",
            }
        )
    page.table(
        pd.DataFrame(rows),
        caption="n/e in both readings; 'NO' marks boards where the literal reading contradicts the interior one",
    )
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(12, 3.4), gridspec_kw={"width_ratios": [1, 1.3, 1.3]})
    draw_board(boards[0], ax=axes[0])
    plot_ne(boards[0], derive_ne(boards[0]), axes=axes[1:])
    page.figure(
        fig,
        caption="The standard board (triangle, side 7) and its faces-per-node / faces-per-edge "
        "histograms, all nodes vs interior nodes.",
    )

    # -- atlas -----------------------------------------------------------------------------------
    page.heading("Atlas: regular and Archimedean tilings")
    committed = committed_atlas()
    atlas_command = ATLAS_COMMAND
    if committed is not None:
        atlas, meta = committed
        atlas_command = meta.get("command") or atlas_command
        page.text(
            "From data/fen/atlas.csv (made by `negenlab fen atlas`; its sidecar JSON records seed, games "
            "and version). First-player win rates are random-vs-random self-play with 95% Wilson intervals."
        )
    else:
        atlas = atlas_table(sizes=(25,), n_games=0)
        page.warning("data/fen/atlas.csv is missing: showing n/e only (no self-play) for 25-face boards.")
    page.table(atlas, caption="faces, nodes, edges, N/E/n/e (interior), the literal reading (_all), and balance")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gal = [(name, b, derive_ne(b)) for name in tilings.ARCHIMEDEAN for b in [tilings.archimedean(name, faces=25)]]
    page.figure(gallery(gal, ncols=4), caption="The 11 tilings clipped to 25 faces around a face centre.")

    # -- balance ---------------------------------------------------------------------------------
    page.heading("Self-play balance on the standard board")
    board = tilings.triangle(7)
    page.text(
        f"Seat 0 moves first. Each study is {games} random-vs-random games and {max(games // 4, 10)} "
        f"greedy-vs-greedy games per pie setting (seeded); rates with n and 95% Wilson intervals, means with "
        f"95% normal intervals. With the pie rule, a swap makes seat 1 the owner of the first colour."
    )
    t_random = balance(board, ["random", "random"], n_games=games, seed=seed, workers=options.workers)
    t_greedy = balance(board, ["greedy", "greedy"], n_games=max(games // 4, 10), seed=seed, workers=options.workers)
    table = pd.concat([t_random, t_greedy], ignore_index=True)
    page.table(
        table.drop(columns=["board", "group"]),
        caption="balance on triangle side 7 (the greedy agent never swaps, "
        "so its rows with and without the pie rule are the same games)",
    )
    page.provenance(
        rules=Rules(),
        agents=[RandomAgent(), GreedyAgent()],
        seed=seed,
        command=options.command("fen"),
        board="triangle side 7",
        n=FenGame(board).n,
        e=FenGame(board).e,
    )
    page.heading("Search agent: MCTS against greedy (small board)")
    small = tilings.triangle(3)
    n_mcts = max(games // 10, 10)
    page.text(
        f"UCT search (50 simulations per micro-action, random playouts) in seat 0 against the greedy agent "
        f"in seat 1, and the reverse, on the triangle of side 3 (9 faces), {n_mcts} games per pie setting."
    )
    t_m1 = balance(small, ["mcts:50", "greedy"], n_games=n_mcts, seed=seed, workers=options.workers)
    t_m2 = balance(small, ["greedy", "mcts:50"], n_games=n_mcts, seed=seed, workers=options.workers)
    page.table(
        pd.concat([t_m1, t_m2], ignore_index=True).drop(columns=["board", "group"]),
        caption="MCTS(50) vs greedy on triangle side 3",
    )
    page.note(
        "Engine speed (benchmarks/bench_fen.py): random self-play through the Python protocol, one "
        "placement per action, compared in one run with OpenSpiel dots_and_boxes 6x6 driven the same way."
    )
    page.findings(
        findings(rows, t_random, t_greedy, t_m1, t_m2, atlas, options.command("fen"), atlas_command), first=True
    )


def _metric(table: pd.DataFrame, metric: str, pie: bool) -> pd.Series:
    return table[(table["metric"] == metric) & (table["pie_rule"] == pie)].iloc[0]


def _pct(row) -> str:
    return f"{100 * row['value']:.0f}% [{100 * row['lo']:.0f}%, {100 * row['hi']:.0f}%] (n={int(row['n'])})"


def findings(
    ne_rows: list[dict],
    t_random,
    t_greedy,
    t_mcts_first,
    t_mcts_second,
    atlas: pd.DataFrame,
    command: str,
    atlas_command: str = "",
) -> list[dict]:
    """The FEN page's numbered findings, each with its number, n and interval (or "exact") and the
    designer claim it tests. The balance tables are :func:`negenlab.fen.study.balance` tables;
    ``atlas_command`` is the command that made ``atlas``.

    >>> import pandas as pd
    >>> row = lambda m, pie, v: {"metric": m, "pie_rule": pie, "value": v, "lo": v - .1, "hi": v + .1, "n": 100}
    >>> t = pd.DataFrame([row(m, p, .5) for m in ("first_player_win_rate", "second_player_win_rate", "swap_rate")
    ...                   for p in (True, False)])
    >>> ne = [{"board": "triangle side 7", "interior n,e": "1,3", "all n,e": "2,3", "agree": "NO"}]
    >>> items = findings(ne, t, t, t, t, pd.DataFrame(), "negenlab report fen")
    >>> items[0]["claim"]
    '"one node or three edges" on the triangle'
    """
    from negenlab.core.metrics import wilson_interval

    out = []
    std = next(r for r in ne_rows if r["board"].startswith("triangle side 7"))
    agree = sum(r["agree"] == "yes" for r in ne_rows)
    out.append(
        {
            "claim": '"one node or three edges" on the triangle',
            "text": f"Counting interior nodes and edges gives n,e = {std['interior n,e']} on the standard board, "
            f"the designer's values; read over all nodes it gives {std['all n,e']}. The two readings agree "
            f"on {agree} of {len(ne_rows)} boards (exact).",
            "section": "Per-turn counts n and e: interior vs literal reading",
            "command": command,
        }
    )
    nopie, pie = _metric(t_random, "first_player_win_rate", False), _metric(t_random, "first_player_win_rate", True)
    swaps = _metric(t_random, "swap_rate", True)
    out.append(
        {
            "claim": "the pie rule",
            "text": f"Between random players the first player wins {_pct(nopie)} without the pie rule and "
            f"{_pct(pie)} with it; the second player swaps in {_pct(swaps)} of games.",
            "section": "Self-play balance on the standard board",
            "command": command,
        }
    )
    g = _metric(t_greedy, "first_player_win_rate", False)
    out.append(
        {
            "claim": "first-player advantage under stronger play",
            "text": f"Between greedy players the first player wins {_pct(g)} on the standard board (the greedy "
            "agent never swaps, so the pie rule changes nothing for it).",
            "section": "Self-play balance on the standard board",
            "command": command,
        }
    )
    wins = (
        _metric(t_mcts_first, "first_player_win_rate", False)["value"]
        * _metric(t_mcts_first, "first_player_win_rate", False)["n"]
        + _metric(t_mcts_second, "second_player_win_rate", False)["value"]
        * _metric(t_mcts_second, "second_player_win_rate", False)["n"]
    )
    n = int(
        _metric(t_mcts_first, "first_player_win_rate", False)["n"]
        + _metric(t_mcts_second, "second_player_win_rate", False)["n"]
    )
    lo, hi = wilson_interval(int(round(wins)), n)
    out.append(
        {
            "claim": "does the game reward search (skill)?",
            "text": f"MCTS (50 simulations per micro-action) beats greedy in {100 * wins / n:.0f}% [{100 * lo:.0f}%, "
            f"{100 * hi:.0f}%] of games on the 9-face triangle, seats swapped (n={n}, no pie rule).",
            "section": "Search agent: MCTS against greedy (small board)",
            "command": command,
        }
    )
    if len(atlas) and "p1_win_nopie" in atlas:
        a = atlas[atlas["faces"] == atlas["faces"].max()].copy()
        a["off"] = (a["p1_win_nopie"] - 0.5).abs()
        best, worst = a.sort_values("off").iloc[0], a.sort_values("off").iloc[-1]

        def rate(r) -> str:
            return (
                f"{100 * r['p1_win_nopie']:.0f}% [{100 * r['p1_win_nopie_lo']:.0f}%, {100 * r['p1_win_nopie_hi']:.0f}%]"
            )

        out.append(
            {
                "claim": '"some tessellations will work better than others"',
                "text": f"Across {len(a)} tilings at {int(a['faces'].iloc[0])} faces the first player's win rate "
                f"between random players runs from {rate(best)} ({best['tiling']}) to {rate(worst)} "
                f"({worst['tiling']}), n={int(best['games_nopie'])} each, no pie rule.",
                "section": "Atlas: regular and Archimedean tilings",
                "command": atlas_command,
            }
        )
    return out
