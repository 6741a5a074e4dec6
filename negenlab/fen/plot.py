"""Matplotlib pictures of FEN boards, positions, n/e histograms and the atlas gallery.

Charts of data only: the caller passes the owners (``FenState.owners()``), the eligible faces
and the n/e derivation (:func:`negenlab.fen.derive_ne`); nothing here applies a rule.

Player colours: colour 0 red, colour 1 blue; owned faces are filled light, owned edges and
nodes drawn strong; faces the player to move may capture are hatched green.

>>> from negenlab.fen import tilings
>>> from negenlab.fen.plot import draw_board
>>> ax = draw_board(tilings.triangle(3))
>>> len(ax.patches)
9
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.collections import LineCollection
from matplotlib.patches import Polygon

from negenlab.core.plot import plot_forest, value_and_errors

from .svg import COLOURS, LIGHT


def draw_board(
    t,
    owners: dict[str, list[int]] | None = None,
    eligible=(),
    ax=None,
    labels: bool = False,
    title: str | None = None,
    node_size: float = 30,
):
    """Draw a tessellation, optionally with a position: ``owners`` as from ``FenState.owners()`` (owned
    nodes, edges, faces) and the ``eligible`` faces (``FenState.eligible_faces()``) marked."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 5))
    owner = owners
    eligible = set(eligible)
    xy = t.coords
    for f, face in enumerate(t.face_nodes):
        o = owner["faces"][f] if owner else -1
        fc = LIGHT[o] if o >= 0 else ("#dff3df" if f in eligible else "#f2f2f2")
        ax.add_patch(
            Polygon(
                xy[list(face)],
                closed=True,
                facecolor=fc,
                edgecolor="#2a2" if f in eligible else "none",
                hatch="///" if f in eligible else None,
                linewidth=0,
            )
        )
        if labels:
            c = xy[list(face)].mean(axis=0)
            ax.text(c[0], c[1], str(f), ha="center", va="center", fontsize=7, color="#555")
    segs, cols, widths = [], [], []
    for j, (a, b) in enumerate(t.edges):
        o = owner["edges"][j] if owner else -1
        segs.append([xy[a], xy[b]])
        cols.append(COLOURS[o] if o >= 0 else "#888")
        widths.append(3.5 if o >= 0 else 1.0)
    ax.add_collection(LineCollection(segs, colors=cols, linewidths=widths))
    nc = [COLOURS[owner["nodes"][v]] if owner and owner["nodes"][v] >= 0 else "white" for v in range(t.num_nodes)]
    ax.scatter(xy[:, 0], xy[:, 1], s=node_size, c=nc, edgecolors="#333", linewidths=0.7, zorder=3)
    if labels:
        for v in range(t.num_nodes):
            ax.annotate(str(v), xy[v], fontsize=6, xytext=(3, 3), textcoords="offset points")
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.set_axis_off()
    ax.set_title(title if title is not None else t.name, fontsize=9)
    return ax


def plot_ne(t, result, axes=None):
    """Histograms of faces per node and faces per edge, interior vs all, with the modes marked
    (``result``: ``derive_ne(t)``)."""
    r = result
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(8, 2.8))
    for ax, key, label, mode_i, mode_a in (
        (axes[0], "node_histogram", "faces per node", r.interior.N, r.all.N),
        (axes[1], "edge_histogram", "faces per edge", r.interior.E, r.all.E),
    ):
        hi, ha = getattr(r.interior, key), getattr(r.all, key)
        ks = sorted(set(hi) | set(ha))
        x = range(len(ks))
        ax.bar([i - 0.2 for i in x], [ha.get(k, 0) for k in ks], width=0.4, label=f"all (mode {mode_a})", color="#bbb")
        ax.bar(
            [i + 0.2 for i in x],
            [hi.get(k, 0) for k in ks],
            width=0.4,
            label=f"interior (mode {mode_i})",
            color="#4c78a8",
        )
        ax.set_xticks(list(x), [str(k) for k in ks])
        ax.set_xlabel(label)
        ax.set_ylabel("count")
        ax.legend(fontsize=7)
    axes[0].set_title(f"{t.name}: n={r.n}, e={r.e} ({r.scope}); all: n={r.all.n}, e={r.all.e}", fontsize=9, loc="left")
    return axes


def gallery(boards, ncols: int = 4, size: float = 2.6):
    """A grid of boards, each titled with its name and n/e: ``boards`` are ``(name, board, derive_ne(board))``."""
    boards = list(boards)
    nrows = (len(boards) + ncols - 1) // ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=(ncols * size, nrows * size))
    axes = axes.ravel() if hasattr(axes, "ravel") else [axes]
    for ax, (name, t, r) in zip(axes, boards, strict=False):
        draw_board(t, ax=ax, node_size=4, title=f"{name}\n{t.num_faces} faces, n={r.n} e={r.e}")
    for ax in axes[len(boards) :]:
        ax.set_axis_off()
    fig.tight_layout()
    return fig


def plot_atlas_balance(atlas_bal: pd.DataFrame, metric: str = "first_player_win_rate"):
    """The tilings compared (the ``atlas_balance`` study): one panel per size, one row per tiling,
    the first player's win rate with its 95% interval for each agent, tilings sorted by balance
    under the last agent at the largest size.

    >>> rows = [{"tiling": t, "faces": f, "agents": a, "metric": "first_player_win_rate", "value": .5,
    ...          "lo": .4, "hi": .6, "n": 100} for t in ("4.4.4.4", "6.6.6") for f in (25, 49) for a in ("greedy", "mcts:50")]
    >>> len(plot_atlas_balance(pd.DataFrame(rows)).axes)
    2
    """
    t = atlas_bal[atlas_bal["metric"] == metric]
    sizes = sorted(set(t["faces"]))
    agents = list(dict.fromkeys(t["agents"]))
    last = t[(t["faces"] == sizes[-1]) & (t["agents"] == agents[-1])]
    order = list(last.assign(gap=(last["value"] - 0.5).abs()).sort_values(["gap", "tiling"])["tiling"])
    fig, axes = plt.subplots(1, len(sizes), figsize=(5.6 * len(sizes), 0.32 * len(order) + 1.4), sharey=True)
    axes = np.atleast_1d(axes)
    colours = ["#4c78a8", "#e45756", "#54a24b", "#b279a2"]
    y = np.arange(len(order))[::-1]
    for ax, faces in zip(axes, sizes, strict=True):
        for k, agent in enumerate(agents):
            rows = t[(t["faces"] == faces) & (t["agents"] == agent)].set_index("tiling").reindex(order)
            v, err = value_and_errors(rows)
            off = (k - (len(agents) - 1) / 2) * 0.25
            ax.errorbar(v, y + off, xerr=err, fmt="o", ms=3, capsize=2, color=colours[k % 4], label=agent)
        ax.axvline(0.5, color="grey", ls="--", lw=1)
        ax.set_title(f"{faces} faces")
        ax.set_xlabel("first player's win rate")
        ax.set_xlim(0, 1)
    axes[0].set_yticks(y, order, fontsize=8)
    axes[-1].legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


def plot_solved(solved: pd.DataFrame):
    """The first player's result under perfect play on each solved board of the ``solved`` study
    table (1 win, 1/2 draw, 0 loss) beside their MCTS self-play win rate with its 95% interval.

    >>> t = pd.DataFrame({"board": ["triangle:1"], "scope": ["interior"], "n": [1], "e": [1], "complete": [True],
    ...                   "winner": ["first player"], "mcts_first_rate": [.9], "mcts_lo": [.8], "mcts_hi": [.95],
    ...                   "mcts_games": [100]})
    >>> plot_solved(t).axes[0].get_yticklabels()[0].get_text()
    'triangle:1 (n=1, e=1)'
    """
    done = solved[(solved["winner"] != "unknown") & (solved["mcts_games"] > 0)].reset_index(drop=True)
    rows = pd.DataFrame(
        {
            "label": [f"{b} (n={n}, e={e})" for b, n, e in zip(done["board"], done["n"], done["e"], strict=True)],
            "value": done["mcts_first_rate"],
            "lo": done["mcts_lo"],
            "hi": done["mcts_hi"],
            "n": done["mcts_games"],
        }
    )
    fig, ax = plt.subplots(figsize=(6.5, 0.4 * len(rows) + 1.4))
    plot_forest(rows, ax=ax, xlabel="first player's result", title="Perfect play and MCTS self-play")
    perfect = done["winner"].map({"first player": 1.0, "draw": 0.5, "second player": 0.0})
    y = list(range(len(rows)))[::-1]
    ax.scatter(perfect, y, marker="s", s=40, facecolors="none", edgecolors="#e45756", label="perfect play", zorder=3)
    ax.errorbar([], [], xerr=[], fmt="o", color="#4c78a8", ecolor="#555", ms=4, label="MCTS self-play (95% interval)")
    ax.set_xlim(-0.05, 1.05)
    ax.legend(loc="lower left", fontsize=8)
    fig.tight_layout()
    return fig


VERDICT_COLOURS = {"right": "#54a24b", "misjudged": "#e45756", "undecided": "#eeca3b", "not_judged": "#bbbbbb"}


def plot_agents_vs_proof(table: pd.DataFrame):
    """Each player against perfect play (the ``agents_vs_proof`` study's rows over all boards): left,
    the share of decisions that matter whose whole turn keeps the proved win, with its 95% interval;
    right, its self-play judgement of the openings (right, misjudged, undecided, not judged) as stacked
    bars, and how many of its swaps were right (a black tick).

    >>> t = pd.DataFrame({"agent": ["greedy", "mcts:50"], "board": "all", "share": [.7, .8], "lo": [.6, .7],
    ...                   "hi": [.8, .9], "positions": 400, "openings": 147, "right": [100, 120], "misjudged": [5, 2],
    ...                   "undecided": [42, 25], "not_judged": 0, "swaps_right": [130, 120]})
    >>> [ax.get_title() for ax in plot_agents_vs_proof(t).axes]
    ['Decisions that keep the proved win', 'Openings judged by self-play']
    """
    rows = table[table["board"] == "all"].reset_index(drop=True)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 0.45 * len(rows) + 1.6), sharey=True)
    y = np.arange(len(rows))[::-1]
    v, err = value_and_errors(rows.rename(columns={"share": "value"}))
    left.errorbar(v, y, xerr=err, fmt="o", color="#4c78a8", ecolor="#555", capsize=3, ms=4)
    left.set_yticks(y, [str(a) for a in rows["agent"]], fontsize=9)
    left.set_xlim(0, 1)
    left.set_xlabel(f"share of {int(rows['positions'].iloc[0])} positions (95% interval)")
    left.set_title("Decisions that keep the proved win")
    start = np.zeros(len(rows))
    for verdict, colour in VERDICT_COLOURS.items():
        width = rows[verdict].to_numpy(float) if verdict in rows else np.zeros(len(rows))
        right.barh(y, width, left=start, color=colour, label=verdict.replace("_", " "), height=0.6)
        start += width
    right.scatter(rows["swaps_right"], y, marker="|", s=160, color="black", label="swaps right", zorder=3)
    right.set_xlim(0, float(rows["openings"].max()) * 1.02)
    right.set_xlabel(f"of {int(rows['openings'].iloc[0])} openings")
    right.set_title("Openings judged by self-play")
    right.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    return fig
