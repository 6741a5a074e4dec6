"""Matplotlib figures for the Negen spiral analysis (the engine draws SVG without matplotlib).

Dice are drawn as in the source's figures: numbers on dice, nodes red and edges blue (the
witness interpretation), sequences as lines, loops highlighted in gold, dice that no
interpretation covers crossed in orange.

>>> from negenlab.negen import parse_table
>>> from negenlab.negen.plot import draw_table
>>> ax = draw_table(parse_table("1 2 3\\n2 . 4\\n3 4 5"))
>>> len(ax.patches) >= 8
True
"""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.patches import FancyBboxPatch

from .rules import Rules
from .spirals import check_table
from .table import EDGE_COLOUR, NODE_COLOUR, Table, loop_pairs


def draw_table(table: Table, rules: Rules | None = None, ax=None, title: str | None = None, blanks=()):
    """Draw ``table`` with the witness of each spiral under ``rules`` (rows grow downwards)."""
    rules = rules or Rules()
    if ax is None:
        (r0, c0), (r1, c1) = table.bounds() if len(table) else ((0, 0), (0, 0))
        _, ax = plt.subplots(figsize=(0.5 * (c1 - c0 + 2) + 0.5, 0.5 * (r1 - r0 + 2) + 0.4))
    verdicts = check_table(table, rules) if len(table) else []
    nodes, edges, invalid, seqs = set(), set(), set(), []
    for v in verdicts:
        if v.interpretation is not None:
            nodes |= v.interpretation.nodes
            edges |= v.interpretation.edges
            seqs += [s.cells for s in v.sequences]
        else:
            invalid |= set(v.invalid_dice())
    for a, b in loop_pairs(table):
        ax.plot([a[1], b[1]], [a[0], b[0]], color="#f2b701", lw=9, alpha=0.55, solid_capstyle="round", zorder=1)
    for cell, value in table.items():
        r, c = cell
        colour = NODE_COLOUR if cell in nodes else EDGE_COLOUR if cell in edges else "white"
        ax.add_patch(FancyBboxPatch((c - 0.4, r - 0.4), 0.8, 0.8, boxstyle="round,pad=0,rounding_size=0.12",
                                    facecolor=colour, edgecolor="#222", lw=1.2, zorder=2))
        ax.text(c, r, str(value), ha="center", va="center", fontsize=12, fontweight="bold",
                color="white" if colour != "white" else "#111", zorder=3)
    for r, c in blanks:
        ax.add_patch(FancyBboxPatch((c - 0.4, r - 0.4), 0.8, 0.8, boxstyle="round,pad=0,rounding_size=0.12",
                                    facecolor="#f4f4f4", edgecolor="#999", ls="--", zorder=2))
        ax.text(c, r, "?", ha="center", va="center", fontsize=12, color="#999", zorder=3)
    for x, y, z in seqs:
        ax.plot([x[1], y[1], z[1]], [x[0], y[0], z[0]], color="#222", lw=1.5, alpha=0.7, zorder=4)
    for r, c in invalid:
        ax.plot([c - 0.35, c + 0.35], [r - 0.35, r + 0.35], color="#ff7f0e", lw=2, alpha=0.7, zorder=5)
        ax.plot([c - 0.35, c + 0.35], [r + 0.35, r - 0.35], color="#ff7f0e", lw=2, alpha=0.7, zorder=5)
    cells = list(table.keys()) + list(blanks)
    if cells:
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        ax.set_xlim(min(cols) - 0.6, max(cols) + 0.6)
        ax.set_ylim(max(rows) + 0.6, min(rows) - 0.6)
    ax.set_aspect("equal")
    ax.axis("off")
    if title is None and verdicts:
        title = ", ".join(("valid" if v.valid else "invalid") + (" closed" if v.closed else "") for v in verdicts)
    if title:
        ax.set_title(title, fontsize=9)
    return ax


def gallery(tables: list[Table], rules: Rules | None = None, ncols: int = 6, title: str | None = None):
    """A grid of small spiral drawings (e.g. the smallest closed spirals)."""
    n = max(len(tables), 1)
    ncols = min(ncols, n)
    nrows = int(np.ceil(n / ncols))
    fig, axes = plt.subplots(nrows, ncols, figsize=(1.9 * ncols, 1.9 * nrows), squeeze=False)
    for ax in axes.flat:
        ax.axis("off")
    for ax, t in zip(axes.flat, tables):
        draw_table(t, rules, ax=ax, title="")
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


def plot_counts(frames: dict[str, pd.DataFrame], column: str = "valid_fixed", ax=None, title: str | None = None):
    """Counts against k on a log scale, one line per rule variant (``frames``: label -> count_spirals frame)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.4))
    for label, df in frames.items():
        d = df[df[column] > 0]
        ax.plot(d["k"], d[column], marker="o", label=label)
    ax.set_yscale("log")
    ax.set_xlabel("dice in the spiral (k)")
    ax.set_ylabel(column.replace("_", " "))
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    ax.set_title(title or f"{column.replace('_', ' ')} spirals by size")
    return ax


def plot_odds(df: pd.DataFrame, ax=None, top: int = 20, title: str | None = None):
    """Horizontal bars of the exact closing probability per spiral (an ``odds_table`` frame)."""
    d = df.sort_values("p_close", ascending=True).tail(top)
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 0.28 * len(d) + 1))
    labels = [f"{s}  [{sh[0]}/{cv[0]}]" for s, sh, cv in zip(d["spiral"], d["sequence_shape"], d["coverage"])]
    ax.barh(range(len(d)), d["p_close"], color="#4c78a8")
    ax.set_yticks(range(len(d)), labels, fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_xlabel("P(board of 4 random dice can close it)")
    ax.set_title(title or "closing odds (exact over 6^4 rolls)", fontsize=9)
    return ax
