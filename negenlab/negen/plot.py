"""Matplotlib figures for Negen: spirals, spiral counts and odds, play positions and the variant study
(plain SVG pictures without matplotlib are :mod:`negenlab.negen.svg`).

Dice are drawn as in the source's figures: numbers on dice, nodes red and edges blue (the
witness interpretation), sequences as lines, loops highlighted in gold, dice that no
interpretation covers crossed in orange.

A game state holds its table as a position-free key (``state.table``); :func:`draw_position`
lays a key out with :func:`~negenlab.negen.table.layout` (spirals side by side: where they lie
means nothing), and draws a :class:`~negenlab.negen.table.Table`, a mapping or text as given.

>>> from negenlab.negen import parse_table
>>> from negenlab.negen.plot import draw_table
>>> ax = draw_table(parse_table("1 2 3\\n2 . 4\\n3 4 5"))
>>> len(ax.patches) >= 8
True
>>> from negenlab.negen.plot import draw_position
>>> fig = draw_position({(0, 0): 6, (0, 1): 5, (0, 2): 4}, boards=[(1, 2, 3, 4)], title="start")
>>> len(fig.axes)
1
>>> from negenlab.negen.table import table_key
>>> fig = draw_position(table_key(parse_table("6 5 4 . 3")), boards=[(2, 2)])   # a state's table key
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.patches import FancyBboxPatch
from matplotlib.ticker import FormatStrFormatter, LogLocator, NullFormatter

from negenlab.core.game import seat_name

from .rules import Rules
from .spirals import check_table
from .study import expected_rounds
from .svg import EDGE_COLOUR, LOOP_COLOUR, NODE_COLOUR, PLAIN_COLOUR, UNCOVERED_COLOUR
from .table import Table, as_table, components, layout, witness_facts


def _square(ax, r: float, c: float, **style) -> None:
    """The rounded square of a die (or blank) at row ``r``, column ``c``."""
    ax.add_patch(
        FancyBboxPatch((c - 0.4, r - 0.4), 0.8, 0.8, boxstyle="round,pad=0,rounding_size=0.12", zorder=2, **style)
    )


def draw_table(table: Table, rules: Rules | None = None, ax=None, title: str | None = None, blanks=()):
    """Draw ``table`` with the witness of each spiral under ``rules`` (rows grow downwards)."""
    rules = rules or Rules()
    if ax is None:
        (r0, c0), (r1, c1) = table.bounds() if len(table) else ((0, 0), (0, 0))
        _, ax = plt.subplots(figsize=(0.5 * (c1 - c0 + 2) + 0.5, 0.5 * (r1 - r0 + 2) + 0.4))
    verdicts = check_table(table, rules) if len(table) else []
    facts = witness_facts(table, verdicts)
    nodes, edges, invalid, seqs = facts["nodes"], facts["edges"], facts["invalid"], facts["sequences"]
    for a, b in facts["loop_pairs"]:
        ax.plot([a[1], b[1]], [a[0], b[0]], color=LOOP_COLOUR, lw=9, alpha=0.55, solid_capstyle="round", zorder=1)
    for cell, value in table.items():
        r, c = cell
        colour = NODE_COLOUR if cell in nodes else EDGE_COLOUR if cell in edges else "white"
        _square(ax, r, c, facecolor=colour, edgecolor="#222", lw=1.2)
        ax.text(
            c,
            r,
            str(value),
            ha="center",
            va="center",
            fontsize=12,
            fontweight="bold",
            color="white" if colour != "white" else "#111",
            zorder=3,
        )
    for r, c in blanks:
        _square(ax, r, c, facecolor="#f4f4f4", edgecolor="#999", ls="--")
        ax.text(c, r, "?", ha="center", va="center", fontsize=12, color="#999", zorder=3)
    for x, y, z in seqs:
        ax.plot([x[1], y[1], z[1]], [x[0], y[0], z[0]], color="#222", lw=1.5, alpha=0.7, zorder=4)
    for r, c in invalid:
        ax.plot([c - 0.35, c + 0.35], [r - 0.35, r + 0.35], color=UNCOVERED_COLOUR, lw=2, alpha=0.7, zorder=5)
        ax.plot([c - 0.35, c + 0.35], [r + 0.35, r - 0.35], color=UNCOVERED_COLOUR, lw=2, alpha=0.7, zorder=5)
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
    for ax, t in zip(axes.flat, tables, strict=False):
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
    labels = [
        f"{s}  [{sh[0]}/{cv[0]}]" for s, sh, cv in zip(d["spiral"], d["sequence_shape"], d["coverage"], strict=True)
    ]
    ax.barh(range(len(d)), d["p_close"], color="#4c78a8")
    ax.set_yticks(range(len(d)), labels, fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_xlabel("P(board of 4 random dice can close it)")
    ax.set_title(title or "closing odds (exact over 6^4 rolls)", fontsize=9)
    return ax


def draw_position(table, boards=(), scores=None, to_move=None, title: str | None = None, highlight=(), ax=None):
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
            for r, c in comp:
                x, y = c - c0, -(r - r0)
                ax.add_patch(
                    plt.Rectangle(
                        (x - 0.42, y - 0.42),
                        0.84,
                        0.84,
                        facecolor=PLAIN_COLOUR,
                        edgecolor="black",
                        linewidth=2.5 if (r, c) in highlight else 0.8,
                    )
                )
                ax.text(
                    x, y, str(table[(r, c)]), ha="center", va="center", fontsize=13, color="black", fontweight="bold"
                )
                for dr, dc in ((0, 1), (1, 0)):
                    if (r + dr, c + dc) in comp:
                        ax.plot([x, x + dc], [y, y - dr], color="#888888", linewidth=3, zorder=0)
        width = max(cs) - c0 + 1
    else:
        height, width = 1, 4
    y = -height - 0.6
    for p, board in enumerate(boards):
        label = seat_name(p) + (f" ({scores[p]})" if scores is not None else "") + (" ◀" if p == to_move else "")
        ax.text(
            -0.6,
            y - p * 0.9,
            label,
            ha="right",
            va="center",
            fontsize=10,
            fontweight="bold" if p == to_move else "normal",
        )
        for j, v in enumerate(board):
            ax.add_patch(
                plt.Rectangle((j * 0.8 - 0.3, y - p * 0.9 - 0.3), 0.6, 0.6, facecolor="white", edgecolor="#333")
            )
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


_SERIES = {
    ("random", 3): ("#4c78a8", "o"),
    ("random", 4): ("#72b7b2", "s"),
    ("mcts-vs-greedy", 3): ("#54a24b", "v"),
    ("mcts-vs-greedy", 4): ("#b279a2", "P"),
    ("greedy-vs-random", 3): ("#e45756", "D"),
    ("greedy-vs-random", 4): ("#f58518", "^"),
}


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
        ax.errorbar(
            t * seconds_per_turn * per_turn,
            y,
            xerr=[(t - lo) * seconds_per_turn * per_turn, (hi - t) * seconds_per_turn * per_turn],
            fmt=marker,
            color=colour,
            ms=4,
            capsize=2,
            label=f"{mix}, {P} players (n={int(sub['n'].min())}+)",
        )
        edge, elo, ehi = (sub[c].to_numpy(float) - 1 / P for c in ("seat0_win", "seat0_lo", "seat0_hi"))
        axes[1].errorbar(
            100 * edge,
            y,
            xerr=[100 * np.maximum(edge - elo, 0), 100 * np.maximum(ehi - edge, 0)],
            fmt=marker,
            color=colour,
            ms=4,
            capsize=2,
        )
        st, slo, shi = (100 * sub[c].to_numpy(float) for c in ("stalled", "stalled_lo", "stalled_hi"))
        axes[2].errorbar(
            st, y, xerr=[np.maximum(st - slo, 0), np.maximum(shi - st, 0)], fmt=marker, color=colour, ms=4, capsize=2
        )
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


_CHOOSER_SERIES = {  # (mix, players): colour, marker, label
    ("closers", 3): ("#4c78a8", "o", "closers, 3 players"),
    ("closers", 4): ("#72b7b2", "s", "closers, 4 players"),
    ("greedy-among-closers", 3): ("#f58518", "D", "one greedy among closers, 3"),
    ("greedy-among-closers", 4): ("#e45756", "^", "one greedy among closers, 4"),
    ("mcts-vs-greedy", 3): ("#b279a2", "v", "one MCTS among greedy, 3"),
    ("planner-among-closers", 3): ("#54a24b", "P", "one planner among closers, 3"),
    ("planner-among-greedy", 3): ("#9d755d", "X", "one planner among greedy, 3"),
}


def plot_reading_chooser(variants: pd.DataFrame, piet: pd.DataFrame | None = None, target_minutes=(20, 30)):
    """The reading chooser: one row per reading of the variant study (``data/negen/variants.csv``),
    four panels side by side: minutes per game to 2 points (the designer's 20-30 shaded), the first
    seat's wins minus its fair share, the focus agent's wins minus its fair share (does skill pay?),
    and what the reading does to Piet's example from the rulebook (closing turns; the rulebook says
    none). Every point carries its 95% interval; an SPRT decision is drawn filled, undecided hollow.

    >>> import pandas as pd
    >>> row = dict(players=3, mix="closers", reading="straight/adjacency/join", n=300, turns=6.0, turns_lo=5.7,
    ...            turns_hi=6.3, minutes_per_game=8.7, first_seat=0.31, first_seat_lo=0.27, first_seat_hi=0.35,
    ...            first_seat_sprt="H0")
    >>> len(plot_reading_chooser(pd.DataFrame([row])).axes)
    4
    """
    readings = [r.label for r in Rules.variants() if r.label in set(variants["reading"])]
    y_of = {v: i for i, v in enumerate(readings)}
    fig, axes = plt.subplots(1, 4, figsize=(11.5, 0.45 * len(readings) + 1.9), sharey=True)
    series = [k for k in _CHOOSER_SERIES if ((variants["mix"] == k[0]) & (variants["players"] == k[1])).any()]
    step = 0.7 / max(1, len(series))
    for si, key in enumerate(series):
        colour, marker, label = _CHOOSER_SERIES[key]
        sub = variants[(variants["mix"] == key[0]) & (variants["players"] == key[1])]
        y = np.array([y_of[v] for v in sub["reading"]]) - 0.35 + step * (si + 0.5)
        per_game = (sub["minutes_per_game"] / sub["turns"]).to_numpy(float)
        t, lo, hi = (sub[c].to_numpy(float) * per_game for c in ("turns", "turns_lo", "turns_hi"))
        axes[0].errorbar(t, y, xerr=[t - lo, hi - t], fmt=marker, color=colour, ms=4, capsize=2, label=label)
        fair = 1 / key[1]
        for ax, q in ((axes[1], "first_seat"), (axes[2], "focus")):
            if q not in sub or sub[q].isna().all():
                continue
            for yy, r in zip(y, sub.to_dict("records"), strict=True):
                if pd.isna(r.get(q)):
                    continue
                v, lo_, hi_ = (100 * (r[c] - fair) for c in (q, f"{q}_lo", f"{q}_hi"))
                filled = r.get(f"{q}_sprt") in ("H0", "H1")
                ax.errorbar(
                    v,
                    yy,
                    xerr=[[max(v - lo_, 0)], [max(hi_ - v, 0)]],
                    fmt=marker,
                    ms=4,
                    capsize=2,
                    color=colour,
                    mfc=colour if filled else "white",
                )
    axes[0].axvspan(*target_minutes, color="#54a24b", alpha=0.15, lw=0)
    axes[0].set_xlabel("minutes per game (30 s a turn)\nshaded: the target, 20-30")
    for ax, what in ((axes[1], "first seat's edge"), (axes[2], "skill: the focus agent's edge")):
        ax.axvline(0, color="grey", lw=0.8, ls="--")
        ax.set_xlabel(f"{what} (points)\nhollow: SPRT undecided")
    if piet is not None and len(piet):
        for r in piet.to_dict("records"):
            if r["reading"] in y_of:
                n = r.get("closing turns")
                known = n is not None and not pd.isna(n)
                text = ("can close" if r["can close"] else "cannot close") + (f" ({int(n)} ways)" if known else "")
                axes[3].barh(y_of[r["reading"]], 1, color="#e45756" if r["can close"] else "#54a24b", height=0.5)
                axes[3].text(0.05, y_of[r["reading"]], text, va="center", fontsize=7, color="white")
        axes[3].set_xlim(0, 1)
        axes[3].set_xticks([])
    axes[3].set_xlabel("Piet's example, board 5 2 2 1\n(the rulebook: he cannot close)")
    axes[0].set_yticks(range(len(readings)))
    axes[0].set_yticklabels(readings, fontsize=8)
    axes[0].invert_yaxis()
    for ax in axes:
        ax.grid(axis="x", alpha=0.3)
        ax.tick_params(labelsize=8)
    fig.legend(*axes[0].get_legend_handles_labels(), loc="upper center", ncol=4, fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0, 1, 0.9))
    return fig


__all__ = [
    "plot_reading_chooser",
    "draw_table",
    "gallery",
    "plot_counts",
    "plot_odds",
    "draw_position",
    "draw_snapshot",
    "plot_study",
]
