"""Matplotlib figures for Necklace, of data only: swap maps and the study's long summary table
(rule code never imports this module).

>>> import numpy as np
>>> from negenlab.necklace.plot import plot_swap_map
>>> ax = plot_swap_map(np.array([[0.0, 0.5], [1.0, 0.4]]), title="toy")
>>> ax.get_title()
'toy'
>>> [t.get_color() for t in ax.texts]   # white numbers on the dark blue and dark red cells
['white', 'black', 'white', 'black']
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from negenlab.core.plot import heatmap, value_and_errors

from .study import CROSSCUT_SHARE, RED_WINS, SEAT0_WINS, SECLUSION_SHARE, SWAPS


def text_colour(rgba) -> str:
    """``"white"`` on a dark background, ``"black"`` on a light one (relative luminance, WCAG).

    >>> text_colour((0.05, 0.19, 0.38, 1.0)), text_colour((0.97, 0.97, 0.97, 1.0))
    ('white', 'black')
    """
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgba[:3]]
    luminance = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    # the text colour with the larger contrast ratio: black wins above luminance ~0.18
    return "black" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "white"


def plot_swap_map(
    values: np.ndarray,
    ax=None,
    title: str | None = None,
    solved: bool = False,
    lo: np.ndarray | None = None,
    hi: np.ndarray | None = None,
):
    """Red's win rate after each first move; cells above 0.5 are the openings Blue should swap.
    With 95% intervals (``lo``, ``hi``) the gold frame marks only openings whose whole interval
    lies above 0.5, and a dotted grey frame those whose interval holds 0.5 (undecided).

    Rows and columns are numbered from 1; each number is white on dark cells, black on light ones.

    >>> v = np.array([[0.7, 0.5], [0.3, 0.55]])
    >>> ax = plot_swap_map(v, lo=v - 0.1, hi=v + 0.1)
    >>> sum(p.get_edgecolor()[:3] == (1.0, 0.8431372549019608, 0.0) for p in ax.patches)
    1
    """
    values = np.asarray(values, dtype=float)
    first_text = len(ax.texts) if ax is not None else 0  # the numbers heatmap adds come after these
    ax = heatmap(
        values,
        ax=ax,
        cmap="RdBu_r",
        vmin=0,
        vmax=1,
        fmt="{:.0f}" if solved else "{:.2f}",
        title=title,
        colorbar_label="Red wins (1) / Blue wins (0)" if solved else "Red win rate",
    )
    image = ax.images[-1]
    for label in ax.texts[first_text:]:
        c, r = label.get_position()
        label.set_color(text_colour(image.cmap(image.norm(values[int(round(r)), int(round(c))]))))
    n = values.shape[0]
    for (r, c), v in np.ndenumerate(values):
        if lo is not None and hi is not None:
            if lo[r, c] > 0.5:
                ax.add_patch(plt.Rectangle((c - 0.5, r - 0.5), 1, 1, fill=False, ec="gold", lw=2))
            elif hi[r, c] >= 0.5:
                ax.add_patch(plt.Rectangle((c - 0.45, r - 0.45), 0.9, 0.9, fill=False, ec="grey", lw=1, ls=":"))
        elif v > 0.5:
            ax.add_patch(plt.Rectangle((c - 0.5, r - 0.5), 1, 1, fill=False, ec="gold", lw=2))
    ax.set_xticks(range(n), [str(i + 1) for i in range(n)])
    ax.set_yticks(range(n), [str(i + 1) for i in range(n)])
    ax.set_xlabel("column (gold frame: Blue should swap)")
    ax.set_ylabel("row")
    return ax


def _size_ticks(ax, sizes) -> None:
    """Ticks at the board sizes played, as whole numbers (a board is 5x5 or 7x7, never 5.25)."""
    ax.set_xticks(sorted({int(s) for s in sizes}))


def plot_red_win_rates(table: pd.DataFrame, ax=None):
    """Red's win rate with Wilson intervals by board size, one line per agent (a study's long table).

    >>> rows = [{"metric": RED_WINS, "size": s, "agents": "random", "value": .5, "lo": .4, "hi": .6, "n": 40}
    ...         for s in (5, 7)]
    >>> [t.get_text() for t in plot_red_win_rates(pd.DataFrame(rows)).get_xticklabels()]
    ['5', '7']
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.4))
    rows = table[table["metric"] == RED_WINS]
    for agents, sub in rows.groupby("agents", sort=True):
        sub = sub.sort_values("size")
        y, err = value_and_errors(sub)
        ax.errorbar(sub["size"], y, yerr=err, marker="o", capsize=3, label=f"{agents} (n={int(sub['n'].min())}+)")
    ax.axhline(0.5, color="grey", ls="--", lw=1)
    ax.set_ylim(0, 1)
    _size_ticks(ax, rows["size"])
    ax.set_xlabel("board size")
    ax.set_ylabel("Red win rate (95% Wilson)")
    ax.legend(fontsize=8)
    return ax


def plot_edge_by_size(advantage: pd.DataFrame, ax=None):
    """The first player's win rate by board size with 95% intervals, with and without the swap
    rule (the ``advantage`` study's table), the swap rate written under each swap point.

    >>> rows = [{"metric": m, "size": s, "swap": w, "value": .6, "lo": .5, "hi": .7, "n": 100}
    ...         for m in ("first player wins", "swaps") for s in (5, 7) for w in (False, True)]
    >>> len(plot_edge_by_size(pd.DataFrame(rows)).lines) > 0
    True
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.4))
    first = advantage[advantage["metric"] == SEAT0_WINS]
    swaps = advantage[advantage["metric"] == SWAPS]
    for swap, colour, shift in ((False, "#c0392b", -0.08), (True, "#2c6fbb", 0.08)):
        sub = first[first["swap"].astype(bool) == swap].sort_values("size")
        if sub.empty:
            continue
        y, err = value_and_errors(sub)
        x = sub["size"].to_numpy(float) + shift
        label = f"{'with' if swap else 'without'} swap (n={int(sub['n'].min())}-{int(sub['n'].max())})"
        ax.errorbar(x, y, yerr=err, marker="o", capsize=3, color=colour, label=label)
        if swap:
            rate = swaps[swaps["swap"].astype(bool)].set_index("size")["value"]
            for xi, s_ in zip(x, sub["size"], strict=True):
                ax.annotate(f"{100 * rate.get(s_, np.nan):.0f}% swap", (xi, 0.04), ha="center", fontsize=7)
    ax.axhline(0.5, color="grey", ls="--", lw=1)
    ax.set_ylim(0, 1)
    _size_ticks(ax, first["size"])
    ax.set_xlabel("board size")
    ax.set_ylabel("first player wins (95%)")
    ax.legend(fontsize=8, loc="upper right")
    return ax


def plot_swap_rule(table: pd.DataFrame, ax=None):
    """The first player's win rate by board size with 95% intervals under the swap rule, one line per
    player (the ``swap_rule`` study's table), the swap rate written under each point.

    >>> rows = [{"metric": m, "size": s, "agents": a, "value": .5, "lo": .4, "hi": .6, "n": 200}
    ...         for m in ("first player wins", "swaps") for s in (5, 7) for a in ("pie:800", "pie:3200")]
    >>> len(plot_swap_rule(pd.DataFrame(rows)).lines) > 0
    True
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.4))
    first = table[table["metric"] == SEAT0_WINS]
    swaps = table[table["metric"] == SWAPS]
    players = list(dict.fromkeys(first["agents"]))
    colours = ("#2c6fbb", "#7b3294", "#c0392b", "#1b7837")
    for i, player in enumerate(players):
        sub = first[first["agents"] == player].sort_values("size")
        y, err = value_and_errors(sub)
        x = sub["size"].to_numpy(float) + 0.1 * (i - (len(players) - 1) / 2)
        lo_n, hi_n = int(sub["n"].min()), int(sub["n"].max())
        ax.errorbar(x, y, yerr=err, marker="o", capsize=3, color=colours[i % len(colours)],
                    label=f"{player} (n={lo_n}{'' if lo_n == hi_n else f'-{hi_n}'})")  # fmt: skip
        rate = swaps[swaps["agents"] == player].set_index("size")["value"]
        for xi, size in zip(x, sub["size"], strict=True):
            ax.annotate(f"{100 * rate.get(size, np.nan):.0f}%", (xi, 0.04 + 0.06 * i), ha="center", fontsize=7,
                        color=colours[i % len(colours)])  # fmt: skip
    ax.axhline(0.5, color="grey", ls="--", lw=1)
    ax.set_ylim(0, 1)
    _size_ticks(ax, first["size"])
    ax.set_xlabel("board size (numbers at the bottom: swap rate)")
    ax.set_ylabel("first player wins (95%)")
    ax.legend(fontsize=8, loc="upper right")
    return ax


def plot_agents_vs_proof(summary: pd.DataFrame, axes=None):
    """Each agent against perfect play (the ``agents_vs_proof`` table), three panels: the share of
    won positions where its placement keeps the win, the share of openings after which it decides
    the swap right, and the proved opening classes its self-play judges right, leaves undecided or
    misjudges, one bar per board size (95% intervals on the shares).

    >>> t = pd.DataFrame({"agent": ["random", "mcts:50"] * 2, "size": [4, 4, 5, 5], "value": .5, "lo": .4,
    ...                   "hi": .6, "swap": .5, "swap_lo": .4, "swap_hi": .6, "right": [1, 2, 3, 4],
    ...                   "undecided": 1, "misjudged": [0, 1, 0, 2]})
    >>> [len(ax.patches) > 0 for ax in plot_agents_vs_proof(t)]
    [False, False, True]
    """
    if axes is None:
        _, axes = plt.subplots(1, 3, figsize=(15, 3.8))
    agents = list(dict.fromkeys(summary["agent"]))
    sizes = sorted(set(summary["size"].astype(int)))
    x = np.arange(len(agents))
    width = 0.8 / len(sizes)
    colours = {4: "#92c5de", 5: "#2166ac", 6: "#053061"}
    for ax, (value, lo, hi), title in (
        (axes[0], ("value", "lo", "hi"), "won positions: the placement keeps the win"),
        (axes[1], ("swap", "swap_lo", "swap_hi"), "openings: the swap decision is right"),
    ):
        for j, size in enumerate(sizes):
            sub = summary[summary["size"].astype(int) == size].set_index("agent").reindex(agents)
            y = sub[value].to_numpy(float)
            err = np.vstack([y - sub[lo].to_numpy(float), sub[hi].to_numpy(float) - y])
            ax.errorbar(x + (j - (len(sizes) - 1) / 2) * width, y, yerr=err, fmt="o", capsize=3,
                        color=colours.get(size, "black"), label=f"{size}x{size}")  # fmt: skip
        ax.set_xticks(x, agents, rotation=30, ha="right", fontsize=8)
        ax.set_ylim(0, 1.02)
        ax.set_ylabel("share (95%)")
        ax.set_title(title, fontsize=9)
        ax.legend(fontsize=8)
    ax = axes[2]
    judged = summary.dropna(subset=["right"]) if "right" in summary else summary.iloc[0:0]
    shown = list(dict.fromkeys(judged["agent"]))
    xs = np.arange(len(shown))
    for j, size in enumerate(sizes):
        sub = judged[judged["size"].astype(int) == size].set_index("agent").reindex(shown)
        bottom = np.zeros(len(shown))
        for part, colour in (("right", "#1a9850"), ("undecided", "#bdbdbd"), ("misjudged", "#d73027")):
            h = sub[part].to_numpy(float)
            ax.bar(xs + (j - (len(sizes) - 1) / 2) * width, h, width * 0.95, bottom=bottom, color=colour,
                   edgecolor=colours.get(size, "black"), label=part if j == 0 else None)  # fmt: skip
            bottom += h
        for xi, total in zip(xs, bottom, strict=True):
            ax.annotate(f"{size}x{size}", (xi + (j - (len(sizes) - 1) / 2) * width, total), ha="center",
                        va="bottom", fontsize=6)  # fmt: skip
    ax.set_xticks(xs, shown, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("proved opening classes")
    ax.set_title("openings judged by self-play against the proof", fontsize=9)
    ax.legend(fontsize=8)
    return axes


def plot_restrictions(table: pd.DataFrame, ax=None):
    """Share of decisions at which each restriction removed at least one point (a study's long table)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.4))
    groups = list(dict.fromkeys(table["group"]))
    x = np.arange(len(groups))
    for off, (name, metric) in zip(
        (-0.2, 0.2), (("crosscut", CROSSCUT_SHARE), ("seclusion", SECLUSION_SHARE)), strict=True
    ):
        rows = table[table["metric"] == metric].set_index("group").loc[groups]
        y, err = value_and_errors(rows)
        ax.bar(x + off, y, 0.4, yerr=err, capsize=2, label=name)
    ax.set_xticks(x, [g.replace(", ", "/") for g in groups], rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("share of decisions restricted")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    return ax


def plot_lengths(frames: dict, ax=None):
    """Game length distributions (decisions per game) per size and agent kind."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.4))
    keys = sorted(frames)
    ax.boxplot([frames[k]["length"] for k in keys])
    ax.set_xticks(range(1, len(keys) + 1), [f"{s}/{k}" for s, k in keys], rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("decisions per game")
    return ax
