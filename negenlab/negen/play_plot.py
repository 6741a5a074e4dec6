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
import pandas as pd

from .table import as_table, components, layout

PALETTE = ["#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#ff9da6", "#9d755d"]


def draw_position(table, boards=(), scores=None, to_move=None, title: str | None = None,
                  highlight=(), ax=None):
    """The table (each spiral its own colour, dice in ``highlight`` outlined thick) with the boards below.

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
        for i, comp in enumerate(components(table)):
            col = PALETTE[i % len(PALETTE)]
            for (r, c) in comp:
                x, y = c - c0, -(r - r0)
                ax.add_patch(plt.Rectangle((x - 0.42, y - 0.42), 0.84, 0.84, facecolor=col, alpha=0.85,
                                           edgecolor="black", linewidth=2.5 if (r, c) in highlight else 0.8))
                ax.text(x, y, str(table[(r, c)]), ha="center", va="center", fontsize=13, color="white",
                        fontweight="bold")
                for dr, dc in ((0, 1), (1, 0)):
                    if (r + dr, c + dc) in comp:
                        ax.plot([x, x + dc], [y, y - dr], color=col, linewidth=3, zorder=0)
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


def plot_variants(df: pd.DataFrame, metric: str = "turns", ax=None):
    """Turns per round (or seat-0 win rate with ``metric="seat0"``) per variant, with 95% intervals."""
    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 3.5))
    else:
        fig = ax.figure
    lab = [f"{p}p {m}\n{v.replace('/join', '')}" for p, m, v in zip(df["players"], df["mix"], df["variant"])]
    if metric == "turns":
        val, lo, hi, yl = df["turns_mean"], df["turns_lo"], df["turns_hi"], "turns per round"
    else:
        val, lo, hi, yl = df["seat0_win"], df["seat0_lo"], df["seat0_hi"], "seat 0 win rate"
    x = np.arange(len(df))
    ax.errorbar(x, val, yerr=[np.asarray(val) - np.asarray(lo), np.asarray(hi) - np.asarray(val)], fmt="o", capsize=3)
    if metric != "turns":
        ax.plot(x, df["fair_share"], "_", color="grey", markersize=14, label="fair share")
        ax.legend(fontsize=8)
    ax.set_xticks(x)
    ax.set_xticklabels(lab, rotation=60, fontsize=7, ha="right")
    ax.set_ylabel(yl)
    fig.tight_layout()
    return fig


__all__ = ["draw_position", "draw_snapshot", "plot_variants"]
