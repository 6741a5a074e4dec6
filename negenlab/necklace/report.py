"""The Necklace section of ``negenlab report``: solver table, self-play statistics, swap map.

Defaults keep the whole section within about a minute on two cores; ``--games N`` sets
the games per random-agent study (MCTS studies use N // 5, at least 4).
"""

from __future__ import annotations

import time

import numpy as np

TITLE = "Necklace"

SIZES = (5, 7, 9, 11)
MCTS_SIMS = 50


def build(page, options) -> None:
    import matplotlib.pyplot as plt

    from negenlab.core.game import rules_to_dict

    from .game import State
    from .plot import plot_lengths, plot_red_win_rates, plot_restrictions, plot_swap_map
    from .rules import Rules
    from .study import DRAWS, SOLUTIONS_COMMAND, load_tables, metric, study, swap_map_mcts, swap_map_solved, wide_view
    from .svg import board_svg

    t0 = time.perf_counter()
    page.text(
        "Necklace by Mark Steere and Luis Bolaños Mures (2024). Red connects top and bottom, Blue left "
        "and right, orthogonally; a placement may not create a crosscut nor leave an empty region "
        "without an edge point; a colour that cannot place is skipped. negenlab reports a position "
        "where nobody can move and nobody has won as a draw (the designers call the game drawless)."
    )

    # -------------------------------------------------------------- exact results
    page.heading("Perfect play on small boards")
    solutions, openings = load_tables()
    page.table(
        solutions,
        caption=f"Committed solver table (data/necklace/solutions.csv, made by {SOLUTIONS_COMMAND}): "
        "winner with perfect play, "
        "Red's winning first moves (no swap), and the openings Blue should swap. "
        "'second player' = with swap, seat 1 wins whatever seat 0 opens.",
    )
    partial = solutions[solutions["complete"].astype(str) == "False"]
    if len(partial):
        page.warning(
            "Incomplete rows (the search did not finish every opening in the time it was given): "
            + ", ".join(
                f"{r['size']}x{r['size']} swap={r['swap']}: {r['solved_openings']} of {int(r['size']) ** 2} openings"
                for r in partial.to_dict("records")
            )
            + ". Only what was proved is reported; see data/necklace/solutions.json."
        )
    solved_sizes = sorted(set(openings["size"]))
    fig, axes = plt.subplots(1, len(solved_sizes), figsize=(3.6 * len(solved_sizes), 3.2))
    for ax, n in zip(np.atleast_1d(axes), solved_sizes, strict=True):
        plot_swap_map(swap_map_solved(n, openings), ax=ax, title=f"{n}x{n} solved", solved=True)
    page.figure(
        fig,
        caption="Solved swap maps: 1 = Red wins after this opening (Blue should swap), "
        "0 = Blue wins (Blue should place).",
    )

    # -------------------------------------------------------------- self-play
    page.heading("Self-play statistics")
    n_random = options.games or 100
    n_mcts = max(4, n_random // 5)
    mcts = f"mcts:{MCTS_SIMS}"
    games = {}
    for s in SIZES:
        games[(s, "random")] = n_random
        games[(s, mcts)] = max(4, int(n_mcts * (5 / s) ** 2))
    table, frames = study(
        SIZES,
        ("random", mcts),
        games=games,
        seed=options.seed,
        swap=True,
        workers=options.workers,
        progress=options.progress,
    )
    page.table(
        wide_view(table).reset_index(),
        caption="Swap rule on; one row per board size and agent (mcts:N = the compiled MCTS with N "
        "simulations per decision), each cell value [95% interval]. red wins = games won by the Red "
        "colour (after any swap), first player wins = by seat 0, draws and swaps: Wilson intervals; "
        "decisions and skipped turns per game: normal intervals; crosscut/seclusion share = share of "
        "decisions at which the restriction removed at least one point (decisions are not "
        "independent; intervals are indicative); points per decision: plain ratios.",
    )
    page.table(
        table,
        caption="The same numbers as one long table (the core summary layer).",
        folded="Self-play summary, long table",
    )
    draws = metric(table, DRAWS)
    total_draws = int(round(float((draws["value"] * draws["n"]).sum())))
    total_games = int(draws["n"].sum())
    if total_draws:
        page.warning(f"{total_draws} of {total_games} games ended with nobody able to move: draws do occur.")
    else:
        page.note(f"No draws in {total_games} games (the designers' claim holds in this sample).")
    fig, axes = plt.subplots(1, 3, figsize=(15, 3.6))
    plot_red_win_rates(table, ax=axes[0])
    plot_restrictions(table, ax=axes[1])
    plot_lengths(frames, ax=axes[2])
    page.figure(
        fig,
        caption="Left: Red's win rate by size (95% Wilson). Middle: how often each restriction "
        "removed a move. Right: game length.",
    )

    # -------------------------------------------------------------- swap map beyond the solver
    page.heading("Swap map beyond the solved sizes")
    size = 7
    sims = 300
    fig, ax = plt.subplots(figsize=(4.5, 4))
    plot_swap_map(
        swap_map_mcts(size, simulations=sims, seed=options.seed), ax=ax, title=f"{size}x{size}: MCTS {sims} simulations"
    )
    page.figure(
        fig,
        caption="Red's estimated win rate after each first move (1 minus the value of Blue's best "
        "reply in a compiled MCTS search); gold frames: openings Blue should swap. "
        "Estimates, not proofs.",
    )

    # -------------------------------------------------------------- an example
    page.heading("An example game")
    rng = np.random.default_rng(options.seed)
    example = State.initial(7, swap=False)
    while not example.over:
        moves = example.legal_moves()
        example.play(moves[int(rng.integers(len(moves)))])
    page.raw_html(board_svg(**example.drawing_facts()))
    page.text(
        f"A random 7x7 game: {example.winner or 'draw'} after {example.placements} placements, "
        f"{example.skipped_turns} skipped turns; the winning chain is outlined."
    )
    page.provenance(
        rules={"sizes": list(SIZES), "per_size": [rules_to_dict(Rules(size=s_, swap=True)) for s_ in SIZES]},
        agents=[{"agent": "random"}, {"agent": "numba_mcts", "simulations": MCTS_SIMS}],
        seed=options.seed,
        command=options.command("necklace"),
    )
    page.text(f"Section built in {time.perf_counter() - t0:.0f} s.", "meta")
    page.findings(findings(solutions, table, options.command("necklace")), first=True)


def findings(solutions, table, command: str) -> list[dict]:
    """The Necklace page's numbered findings: draws against "drawless", the first player's edge and
    the swap, exact where the solver reached. ``table`` is a study's long summary table.

    >>> import pandas as pd
    >>> from negenlab.necklace.study import summarise
    >>> sol = pd.DataFrame([{"size": 5, "swap": False, "winner": "red", "complete": True},
    ...                     {"size": 5, "swap": True, "winner": "second player", "complete": True}])
    >>> games = pd.DataFrame({"winner_colour": ["red", "blue"] * 20, "winner": [0, 1] * 20, "draw": False,
    ...                       "swapped": [True, False] * 20, "length": 20, "skipped_turns": 0, "crosscut_turns": 2,
    ...                       "seclusion_turns": 3, "crosscut_blocked": 4, "seclusion_blocked": 5})
    >>> t = summarise(games, "5x5, mcts:50").assign(size=5, agents="mcts:50", swap=True)
    >>> [f["claim"] for f in findings(sol, t, "negenlab report necklace")]
    ['"drawless"', "the first player's edge and the swap", "the first player's edge and the swap"]
    >>> findings(sol, t, "negenlab report necklace")[-1]["text"][:80]
    'At 5x5 between 50-simulation MCTS players (swap on) the first player wins 50% [3'
    """
    from negenlab.core.metrics import wilson_interval
    from negenlab.core.registry import parse_agent_spec

    from .study import DRAWS, RED_WINS, SEAT0_WINS, SOLUTIONS_COMMAND, SWAPS, metric

    out = []
    draw_rows = metric(table, DRAWS)
    games = int(draw_rows["n"].sum())
    draws = int(round(float((draw_rows["value"] * draw_rows["n"]).sum())))
    lo, hi = wilson_interval(draws, games)
    out.append(
        {
            "claim": '"drawless"',
            "text": f"{draws} of {games} self-play games ended with nobody able to move (draw rate at most "
            f"{100 * hi:.1f}% at 95%), over sizes {', '.join(map(str, sorted(set(table['size']))))}.",
            "section": "Self-play statistics",
            "command": command,
        }
    )
    exact = solutions[solutions["complete"].astype(str) == "True"]
    if len(exact):
        no_swap = exact[exact["swap"].astype(str) == "False"]
        with_swap = exact[exact["swap"].astype(str) == "True"]
        sizes = lambda d: ", ".join(f"{r.size}x{r.size}: {r.winner}" for r in d.itertuples())  # noqa: E731
        out.append(
            {
                "claim": "the first player's edge and the swap",
                "text": f"With perfect play and no swap the winner is {sizes(no_swap)}; with the swap rule "
                f"{sizes(with_swap)} (exact, solved).",
                "section": "Perfect play on small boards",
                "command": SOLUTIONS_COMMAND,
            }
        )
    seat0 = metric(table, SEAT0_WINS)
    red = metric(table, RED_WINS).set_index("group")
    swaps = metric(table, SWAPS).set_index("group")
    top = seat0[seat0["agents"].astype(str).str.startswith("mcts")].sort_values("size")
    for r in top.tail(2).to_dict("records"):
        rr = red.loc[r["group"]]
        out.append(
            {
                "claim": "the first player's edge and the swap",
                "text": f"At {r['size']}x{r['size']} between {parse_agent_spec(str(r['agents'])).simulations}"
                f"-simulation MCTS players (swap on) the first player wins {100 * r['value']:.0f}% "
                f"[{100 * r['lo']:.0f}%, {100 * r['hi']:.0f}%] and Red {100 * rr['value']:.0f}% "
                f"[{100 * rr['lo']:.0f}%, {100 * rr['hi']:.0f}%], n={r['n']}; Blue swaps in "
                f"{100 * swaps.loc[r['group'], 'value']:.0f}% of games.",
                "section": "Self-play statistics",
                "command": command,
            }
        )
    return out
