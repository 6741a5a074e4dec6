"""Pictures of Negen play: a position (table + boards), and the variant comparison.

A game state holds its table as a position-free key (``state.table``); :func:`draw_position`
lays a key out with :func:`~negenlab.negen.table.layout` (spirals side by side: where they lie
means nothing), and draws a :class:`~negenlab.negen.table.Table`, a mapping or text as given.

>>> import numpy as np, matplotlib
>>> matplotlib.use("Agg")
>>> from negenlab.negen.play_plot import draw_position
>>> fig = draw_position({(0, 0): 6, (0, 1): 5, (0, 2): 4}, boards=[(1, 2, 3, 4)], title="start")
>>> len(fig.axes)
1
>>> from negenlab.negen.table import table_key, parse_table
>>> fig = draw_position(table_key(parse_table("6 5 4 . 3")), boards=[(2, 2)])   # a state's table key
"""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FormatStrFormatter, LogLocator, NullFormatter
import pandas as pd

from .svg import PLAIN_COLOUR
from .table import as_table, components, layout



def draw_position(table, boards=(), scores=None, to_move=None, title: str | None = None,
                  highlight=(), ax=None):
    """The table (dice white as "no witness drawn" in :data:`negenlab.negen.svg.LEGEND`, each spiral's
    pairs joined by a grey line, dice in ``highlight`` outlined thick) with the boards below.

    ``table``: a table key (as ``state.table``; laid out with :func:`~negenlab.negen.table.layout`),
    a :class:`~negenlab.negen.table.Table`, a mapping ``(row, col) -> value`` or text rows."""
    table = dict(as_table(table).cells)
    if ax is None:
        fig, ax = plt.subplots(figsize=(6, 4))
    else:
        fig = ax.figure
    highlight = set(highlight)
    ax.set_aspect("equal")
    ax.axis("off")
    if table:
        rs = [r for r, _ in table]
        cs = [c for _, c in table]
        r0, c0 = min(rs), min(cs)
        height = max(rs) - r0 + 1
        for comp in components(table):
            for (r, c) in comp:
                x, y = c - c0, -(r - r0)
                ax.add_patch(plt.Rectangle((x - 0.42, y - 0.42), 0.84, 0.84, facecolor=PLAIN_COLOUR,
                                           edgecolor="black", linewidth=2.5 if (r, c) in highlight else 0.8))
                ax.text(x, y, str(table[(r, c)]), ha="center", va="center", fontsize=13, color="black",
                        fontweight="bold")
                for dr, dc in ((0, 1), (1, 0)):
                    if (r + dr, c + dc) in comp:
                        ax.plot([x, x + dc], [y, y - dr], color="#888888", linewidth=3, zorder=0)
        width = max(cs) - c0 + 1
    else:
        height, width = 1, 4
    y = -height - 0.6
    for p, board in enumerate(boards):
        label = f"P{p}" + (f" ({scores[p]})" if scores is not None else "") + (" ◀" if p == to_move else "")
        ax.text(-0.6, y - p * 0.9, label, ha="right", va="center", fontsize=10,
                fontweight="bold" if p == to_move else "normal")
        for j, v in enumerate(board):
            ax.add_patch(plt.Rectangle((j * 0.8 - 0.3, y - p * 0.9 - 0.3), 0.6, 0.6, facecolor="white",
                                       edgecolor="#333"))
            ax.text(j * 0.8, y - p * 0.9, str(v), ha="center", va="center", fontsize=10)
    ax.set_xlim(-2.2, max(width, 4) + 0.5)
    ax.set_ylim(y - len(boards) * 0.9, 0.7)
    if title:
        ax.set_title(title, fontsize=11)
    return fig


def draw_snapshot(snap: dict, ax=None, title: str | None = None):
    """One entry of ``NegenState.timeline`` (round, turn, event, table key, boards, scores)."""
    t = title or f"round {snap['round']}, turn {snap['turn']}: {snap['event']} (pool {snap['pool']})"
    return draw_position(layout(snap["table"]), snap["boards"], snap["scores"], snap["to_move"], title=t, ax=ax)


def expected_rounds(players: int, target_score: int = 2) -> float:
    """Expected rounds in a game to ``target_score`` points when every round has a winner and each
    seat is equally likely to win it (for 2 points: the first repeat among uniform draws).

    >>> round(expected_rounds(3), 3), round(expected_rounds(4), 3)
    (2.889, 3.219)
    """
    # P(no seat has target_score yet after k rounds), summed over k, by counting score vectors
    from math import factorial

    def ways(k, seats, cap):  # sequences of k round-winners with every seat below cap
        if seats == 0:
            return 1 if k == 0 else 0
        return sum(factorial(k) // (factorial(j) * factorial(k - j)) * ways(k - j, seats - 1, cap)
                   for j in range(min(k, cap - 1) + 1))

    return float(sum(ways(k, players, target_score) / players ** k
                     for k in range(players * (target_score - 1) + 1)))


_SERIES = {("random", 3): ("#4c78a8", "o"), ("random", 4): ("#72b7b2", "s"),
           ("mcts-vs-greedy", 3): ("#54a24b", "v"), ("mcts-vs-greedy", 4): ("#b279a2", "P"),
           ("greedy-vs-random", 3): ("#e45756", "D"), ("greedy-vs-random", 4): ("#f58518", "^")}


def plot_study(df: pd.DataFrame, seconds_per_turn: float = 30, target_minutes=(20, 30)):
    """Forest plot of the variant study (``data/negen/study_exact.csv`` rows): one row per reading,
    one marker per (agents, players), each with its 95% interval, in four panels: minutes per game
    to 2 points (whisker: the interval at ``seconds_per_turn``; thin line: 15-60 s per turn; shaded:
    the designer's ``target_minutes``), the first seat's edge over a fair share, stalled rounds,
    and legal turns per decision.

    >>> import pandas as pd
    >>> row = dict(players=3, mix="random", variant="straight/adjacency/join", n=10, turns=13.0, turns_lo=12.0,
    ...            turns_hi=14.0, seat0_win=0.4, seat0_lo=0.2, seat0_hi=0.6, stalled=0.0, stalled_lo=0.0,
    ...            stalled_hi=0.3, branching=20.0)
    >>> len(plot_study(pd.DataFrame([row])).axes)
    4
    """
    variants = list(dict.fromkeys(df["variant"]))
    fig, axes = plt.subplots(1, 4, figsize=(10.5, 0.42 * len(variants) + 1.6), sharey=True)
    y_of = {v: i for i, v in enumerate(variants)}
    series = [k for k in _SERIES if ((df["mix"] == k[0]) & (df["players"] == k[1])).any()]
    step = 0.6 / max(1, len(series))
    for si, (mix, P) in enumerate(series):
        colour, marker = _SERIES[(mix, P)]
        sub = df[(df["mix"] == mix) & (df["players"] == P)]
        y = np.array([y_of[v] for v in sub["variant"]]) - 0.3 + step * (si + 0.5)
        rounds = expected_rounds(P)
        per_turn = rounds / 60
        t, lo, hi = (sub[c].to_numpy(float) for c in ("turns", "turns_lo", "turns_hi"))
        ax = axes[0]
        ax.hlines(y, lo * 15 * per_turn, hi * 60 * per_turn, color=colour, lw=0.8, alpha=0.5)
        ax.errorbar(t * seconds_per_turn * per_turn, y, xerr=[(t - lo) * seconds_per_turn * per_turn,
                    (hi - t) * seconds_per_turn * per_turn], fmt=marker, color=colour, ms=4, capsize=2,
                    label=f"{mix}, {P} players (n={int(sub['n'].min())}+)")
        edge, elo, ehi = (sub[c].to_numpy(float) - 1 / P for c in ("seat0_win", "seat0_lo", "seat0_hi"))
        axes[1].errorbar(100 * edge, y, xerr=[100 * np.maximum(edge - elo, 0), 100 * np.maximum(ehi - edge, 0)], fmt=marker,
                         color=colour, ms=4, capsize=2)
        st, slo, shi = (100 * sub[c].to_numpy(float) for c in ("stalled", "stalled_lo", "stalled_hi"))
        axes[2].errorbar(st, y, xerr=[np.maximum(st - slo, 0), np.maximum(shi - st, 0)], fmt=marker, color=colour, ms=4, capsize=2)
        axes[3].plot(sub["branching"], y, marker, color=colour, ms=4)
    axes[0].axvspan(*target_minutes, color="#54a24b", alpha=0.15, lw=0)
    axes[0].set_xlabel(f"minutes per game to 2 points\n({seconds_per_turn:g} s/turn; thin: 15-60 s)")
    axes[1].axvline(0, color="grey", lw=0.8, ls="--")
    axes[1].set_xlabel("first seat's wins minus fair share\n(percentage points)")
    axes[2].set_xlabel("stalled rounds (%)\n(nobody closed)")
    axes[3].set_xscale("log")
    axes[3].xaxis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5)))
    axes[3].xaxis.set_major_formatter(FormatStrFormatter("%g"))
    axes[3].xaxis.set_minor_formatter(NullFormatter())
    axes[3].set_xlabel("legal turns per decision\n(mean, log scale)")
    axes[0].set_yticks(range(len(variants)))
    axes[0].set_yticklabels(variants, fontsize=8)
    axes[0].invert_yaxis()
    for ax in axes:
        ax.grid(axis="x", alpha=0.3)
        ax.tick_params(labelsize=8)
    fig.legend(*axes[0].get_legend_handles_labels(), loc="upper center", ncol=4, fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    return fig


__all__ = ["draw_position", "draw_snapshot", "plot_study", "expected_rounds"]
