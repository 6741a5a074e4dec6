"""Matplotlib pictures for Polymer (the engine never imports this module).

Charts of data only: explanations, table facts (``PolymerState.table_facts()``) and the
study tables come from the caller; the colours and card faces are those of :mod:`.svg`.

>>> from negenlab.polymer import explain
>>> ax = plot_polymer(explain("4S 5S 6S 6H 6D"))
>>> len(ax.patches) >= 5
True
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.patches import FancyBboxPatch

from negenlab.core.errors import InvalidInputError
from negenlab.core.game import seat_name
from negenlab.core.plot import value_and_errors

from .svg import COLOURS as WINDOW_COLOURS
from .svg import card_face, rest_of_hand


def _draw_card(ax, card, x, y, w=0.8, h=1.15):
    ax.add_patch(
        FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02,rounding_size=0.08", fc="white", ec="#555", lw=1)
    )
    label, colour = card_face(card)
    ax.text(x + w / 2, y + h / 2, label, ha="center", va="center", fontsize=12, color=colour)


def plot_polymer(explanation, ax=None, hand=None, title: str | None = None):
    """A row of cards (``explanation = explain(cards)``) with each window marked: sequence
    (blue), group (green), invalid (grey); red lines between cards mark uncovered pairs.
    ``hand``: draw its other cards below."""
    if not hasattr(explanation, "windows"):
        raise InvalidInputError(
            f"plot_polymer draws an explanation: pass explain(cards), not {type(explanation).__name__}"
        )
    ex = explanation
    cards = list(ex.cards)
    rest = rest_of_hand(hand, cards) if hand is not None else []
    n = max(len(cards), len(rest), 3)
    if ax is None:
        _, ax = plt.subplots(figsize=(0.75 * n + 1, 2.4 + (1.4 if rest else 0)))
    for i, c in enumerate(cards):
        _draw_card(ax, c, i, 0)
    for i, kind in enumerate(ex.windows):
        y = -0.2 - 0.18 * (i % 3)  # three rows: windows i and i+3 never touch
        ax.plot([i + 0.1, i + 2.7], [y, y], color=WINDOW_COLOURS[kind], lw=5, solid_capstyle="round")
    for i in ex.uncovered:
        ax.plot([i + 0.9, i + 0.9], [-0.05, 1.2], color="#d62728", lw=3)
    for i, c in enumerate(rest):
        _draw_card(ax, c, i, -2.25)
    if rest:
        ax.text(0, -0.9, "rest of the hand", fontsize=9, va="center")
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=v, lw=5, label=k) for k, v in WINDOW_COLOURS.items()]
    handles.append(Line2D([], [], color="#d62728", lw=3, label="uncovered pair"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0, 1.32), ncol=4, fontsize=8, frameon=False)
    ax.set_xlim(-0.2, n + 0.1)
    ax.set_ylim(-2.4 if rest else -0.75, 1.3)
    ax.set_aspect("equal")
    ax.axis("off")
    if title is None:
        title = f"polymer of length {len(cards)}" if ex.valid else ("not a polymer" if cards else "no polymer")
    ax.set_title(title, fontsize=10, pad=22)
    return ax


def plot_table(
    lengths, scores=None, winner=None, boundaries=None, phase: str = "end", ax=None, title: str | None = None
):
    """Seats in a circle: disc size = polymer length, label = length (and score when given);
    red edges are phase boundaries. The facts are those of ``PolymerState.table_facts()``:
    ``plot_table(**state.table_facts())``."""
    if ax is None:
        _, ax = plt.subplots(figsize=(4.2, 4.2))
    L = list(lengths)
    P = len(L)
    if not P:
        raise InvalidInputError("no lengths to draw: the table is not dealt yet")
    mean = sum(L) / P
    ang = [math.pi / 2 - 2 * math.pi * p / P for p in range(P)]
    xy = [(math.cos(a), math.sin(a)) for a in ang]
    for p in range(P):
        q = (p + 1) % P
        b = bool(boundaries[p]) if boundaries is not None else False
        ax.plot(
            [xy[p][0], xy[q][0]], [xy[p][1], xy[q][1]], color="#d62728" if b else "#bbb", lw=3 if b else 1.5, zorder=1
        )
    top = max(max(L), 1)
    for p, (x, y) in enumerate(xy):
        r = 0.09 + 0.09 * L[p] / top
        ax.add_patch(
            plt.Circle(
                (x, y),
                r,
                fc="#4c78a8" if L[p] >= mean else "#9ecae9",
                ec="#f1c40f" if winner == p else "#333",
                lw=3 if winner == p else 1,
                zorder=2,
            )
        )
        ax.text(x, y, str(L[p]), ha="center", va="center", color="white", fontsize=10, zorder=3)
        lab = seat_name(p) + (f"\n{int(scores[p])} pts" if scores is not None else "")
        ax.text(1.32 * x, 1.32 * y, lab, ha="center", va="center", fontsize=8)
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.6, 1.6)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title or ("final table (gold = winner)" if phase == "end" else f"table, phase {phase}"), fontsize=10)
    return ax


def plot_length_by_players(summary: pd.DataFrame, ax=None, column: str = "mean_length"):
    """Mean longest polymer per player count with 95% intervals (dealt hands, no trading); with
    the columns ``seat_min``/``seat_max`` of ``study.deal_table``, the range of the seat positions'
    means as a red bar beside each point."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.2))
    x = summary["players"].to_numpy()
    y = summary[column].to_numpy(float)
    lo, hi = summary["length_lo"].to_numpy(float), summary["length_hi"].to_numpy(float)
    ax.errorbar(x, y, yerr=[y - lo, hi - y], fmt="o-", color="#4c78a8", capsize=3)
    if "seat_min" in summary and "seat_max" in summary:  # the lowest and highest seat position's mean
        ax.vlines(x + 0.3, summary["seat_min"], summary["seat_max"], color="#e45756", lw=2.5, label="seat positions")
        ax.legend(fontsize=7)
    for xi, yi, k in zip(x, y, summary["hand_size"], strict=True):
        ax.annotate(f"{k} cards", (xi, yi), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=7)
    ax.set_xlabel("players (cards per player from the deal table)")
    ax.set_ylabel("mean longest polymer")
    ax.set_title(
        f"longest polymer of a dealt hand (n = {int(summary['seats'].min())}..{int(summary['seats'].max())} seats)",
        fontsize=10,
    )
    return ax


def plot_length_histogram(hist: pd.DataFrame, ax=None, players=(5, 8, 10, 15)):
    """Distribution of the longest polymer for a few player counts."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.2))
    width = 0.8 / len(players)
    for i, P in enumerate(players):
        if P in hist.index:
            row = hist.loc[P]
            ax.bar(
                np.array(row.index, dtype=float) + i * width - 0.4,
                row.to_numpy(float),
                width=width,
                label=f"{P} players",
            )
    ax.set_xlabel("longest polymer")
    ax.set_ylabel("share of seats")
    ax.legend(fontsize=8)
    return ax


def plot_policy_summary(
    summary: pd.DataFrame, ax=None, metric: str = "length gain", ylabel: str = "length gain per seat"
):
    """Bars of one metric of a summary table (``study.policy_summary``: one bar per group) with
    its 95% interval and n."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    rows = summary[summary["metric"] == metric]
    if rows.empty:
        raise InvalidInputError(f"the summary has no metric {metric!r}; it has {', '.join(summary['metric'].unique())}")
    y, err = value_and_errors(rows)
    ax.bar(range(len(y)), y, yerr=err, capsize=4, color="#72b7b2")
    ax.set_xticks(range(len(y)), [g.replace(", ", "\n") for g in rows["group"]], fontsize=8)
    for i, n in enumerate(rows["n"]):
        ax.annotate(f"n={n}", (i, 0), textcoords="offset points", xytext=(0, 3), ha="center", fontsize=7)
    ax.set_ylabel(ylabel)
    ax.axhline(0, color="grey", lw=0.8)
    return ax


def plot_start_vs_final(seats: pd.DataFrame, ax=None):
    """Each seat's longest polymer before vs after trading (jittered), per policy."""
    if ax is None:
        _, ax = plt.subplots(figsize=(4.5, 4))
    rng = np.random.default_rng(0)
    for pol, g in seats.groupby("policy", sort=False):
        ax.scatter(
            g["start"] + rng.uniform(-0.2, 0.2, len(g)),
            g["final"] + rng.uniform(-0.2, 0.2, len(g)),
            s=8,
            alpha=0.5,
            label=pol,
        )
    m = max(seats["final"].max(), seats["start"].max(), 3)
    ax.plot([0, m], [0, m], color="grey", lw=0.8)
    ax.set_xlabel("length at the deal")
    ax.set_ylabel("length after trading")
    ax.legend(fontsize=8, markerscale=2)
    return ax


def plot_policy_differences(rows: pd.DataFrame, ax=None, xlabel: str = "difference in mean seat score per table"):
    """A forest plot of paired policy differences (``study.policy_differences``: ``label, value,
    lo, hi, n``), with the line of no difference.

    >>> rows = pd.DataFrame({"label": ["8 players: selfish - no_trade"], "value": [5.0], "lo": [4.0], "hi": [6.0], "n": [9]})
    >>> plot_policy_differences(rows).get_xlabel()
    'difference in mean seat score per table'
    """
    from negenlab.core.plot import plot_forest

    if rows.empty:
        raise InvalidInputError("no policy differences to draw: the policy tables hold no trading policy")
    return plot_forest(rows, ax=ax, ref=0.0, xlabel=xlabel)


def plot_holdout(table: pd.DataFrame, ax=None, metric: str = "length change"):
    """The halting-trade experiment (``study.holdout_study``): the paired change of ``metric`` by
    distance from the seat that stops trading, with 95% intervals.

    >>> from negenlab.core.summary_table import long_table, mean_row
    >>> t = long_table([mean_row("length change", [-3, -4], "distance 0"), mean_row("length change", [-1, 0], "distance 1")])
    >>> plot_holdout(t).get_xlabel()
    'seats from the player who halts trading'
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    rows = table[(table["metric"] == metric) & table["group"].str.fullmatch(r"distance \d+")]
    if rows.empty:
        raise InvalidInputError(f"the table has no {metric!r} rows by distance (make it with study.holdout_study)")
    x = rows["group"].str.removeprefix("distance ").astype(int).to_numpy()
    y, err = value_and_errors(rows)
    ax.bar(x, y, yerr=err, capsize=4, color=np.where(x == 0, "#e45756", "#72b7b2"))
    for xi, n in zip(x, rows["n"], strict=True):
        ax.annotate(f"n={int(n)}", (xi, 0), textcoords="offset points", xytext=(0, 3), ha="center", fontsize=7)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(x, ["itself" if k == 0 else str(k) for k in x])
    ax.set_xlabel("seats from the player who halts trading")
    ax.set_ylabel(f"{metric} (paired)")
    return ax


def plot_strategies(table: pd.DataFrame, ax=None, metric: str = "score change"):
    """The strategy study (``study.strategy_study``): for each strategy, the paired change of
    ``metric`` for the seat its claim names, hidden information beside open, with 95% intervals.

    >>> from negenlab.core.summary_table import long_table, mean_row
    >>> t = long_table([mean_row("score change", [-3, -4], "revealing among concealing")])
    >>> t.insert(0, "information", "hidden")
    >>> plot_strategies(t).get_ylabel()
    'score change (paired)'
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3))
    rows = table[(table["metric"] == metric) & table["group"].fillna("").str.contains(" among ")]
    if rows.empty:
        raise InvalidInputError(f"the table has no {metric!r} rows (make it with study.strategy_study)")
    groups = list(dict.fromkeys(rows["group"]))
    width = 0.38
    for k, (information, colour) in enumerate((("hidden", "#4c78a8"), ("open", "#bab0ac"))):
        part = rows[rows["information"] == information].set_index("group").reindex(groups).dropna(subset=["value"])
        if part.empty:
            continue
        x = np.array([groups.index(g) for g in part.index]) + (k - 0.5) * width
        y, err = value_and_errors(part.reset_index())
        ax.bar(x, y, width, yerr=err, capsize=3, color=colour, label=f"{information} information")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(range(len(groups)), [g.replace(" among ", "\namong ") for g in groups], fontsize=8)
    ax.set_ylabel(f"{metric} (paired)")
    ax.legend(fontsize=8)
    return ax


def plot_clock_sensitivity(table: pd.DataFrame, axes=None):
    """The time model's sensitivity (``study.clock_sensitivity``): length gain and trades per table
    at each scale of the ``seconds_*`` constants, with 95% intervals.

    >>> from negenlab.core.summary_table import long_table, mean_row
    >>> t = long_table([mean_row(m, [1, 2], g) for m in ("length gain", "trades") for g in ("time model x1",)])
    >>> [ax.get_ylabel() for ax in plot_clock_sensitivity(t)]
    ['length gain', 'trades']
    """
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(8, 3))
    for ax, metric in zip(axes, ("length gain", "trades"), strict=True):
        rows = table[(table["metric"] == metric) & table["group"].fillna("").str.startswith("time model x")]
        if rows.empty:
            raise InvalidInputError(f"the table has no {metric!r} rows by time model (study.clock_sensitivity)")
        x = rows["group"].str.removeprefix("time model x").astype(float).to_numpy()
        y, err = value_and_errors(rows)
        ax.errorbar(x, y, yerr=err, marker="o", capsize=3, color="#4c78a8")
        ax.set_xscale("log", base=2)
        ax.set_xticks(x, [f"x{v:g}" for v in x])
        ax.set_xlabel("seconds of every action, scaled")
        ax.set_ylabel(metric)
    return axes


def plot_bargaining(table: pd.DataFrame, axes=None, metrics=("final length", "chain trades per table")):
    """The bargaining study (``study.bargaining_study``): per player count, each hidden-table policy's
    ``metrics`` beside the open model's (cooperative), with 95% intervals.

    >>> from negenlab.core.summary_table import long_table, mean_row
    >>> t = long_table([mean_row(m, [1, 2], "g") for m in ("final length", "chain trades per table")])
    >>> t = pd.concat([t.assign(model="hidden", players=8, policy="broker"), t.assign(model="open", players=8,
    ...                policy="cooperative")])
    >>> [ax.get_ylabel() for ax in plot_bargaining(t)]
    ['final length', 'chain trades per table']
    """
    if axes is None:
        _, axes = plt.subplots(1, len(metrics), figsize=(4.2 * len(metrics), 3.2))
    axes = np.atleast_1d(axes)
    labels = list(dict.fromkeys(f"{m}: {p}" for m, p in zip(table["model"], table["policy"], strict=True)))
    seats = sorted(table["players"].unique())
    width = 0.8 / max(1, len(labels))
    palette = ["#bab0ac", "#4c78a8", "#f58518", "#54a24b", "#e45756"]
    for ax, metric in zip(axes, metrics, strict=True):
        rows = table[table["metric"] == metric]
        for k, label in enumerate(labels):
            model, policy = label.split(": ")
            part = rows[(rows["model"] == model) & (rows["policy"] == policy)].sort_values("players")
            if part.empty:
                continue
            x = np.array([seats.index(p) for p in part["players"]]) + (k - (len(labels) - 1) / 2) * width
            y, err = value_and_errors(part)
            ax.bar(x, y, width, yerr=err, capsize=2, color=palette[k % len(palette)], label=label)
        ax.set_xticks(range(len(seats)), [f"{p} players" for p in seats])
        ax.set_ylabel(metric)
    axes[0].legend(fontsize=7)
    return axes


def plot_rung_strategies(tables: dict[str, pd.DataFrame], groups: dict[str, str], ax=None):
    """The rung strategy studies (``study.rung_strategy_study``, one table per rung): each arm's paired
    change (score; for halting the neighbours' length), one bar per rung, with 95% intervals.
    ``groups``: the arm's label by its suffix (``{"monopolist": "monopoly"}``).

    >>> from negenlab.core.summary_table import long_table, mean_row
    >>> t = long_table([mean_row("score change", [-3, -4], "broker-monopolist among broker")]).assign(rung="broker")
    >>> plot_rung_strategies({"broker": t}, {"monopolist": "monopoly"}).get_ylabel()
    'score change (paired)'
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.2))
    width = 0.8 / max(1, len(tables))
    for k, (rung, table) in enumerate(tables.items()):
        xs, ys, errs = [], [], []
        for i, (suffix, _label) in enumerate(groups.items()):
            rows = table[(table["metric"] == "score change") & (table["group"] == f"{rung}-{suffix} among {rung}")]
            if rows.empty:
                continue
            y, err = value_and_errors(rows)
            xs.append(i + (k - (len(tables) - 1) / 2) * width)
            ys.append(float(y[0]))
            errs.append(err[:, 0])
        if xs:
            ax.bar(
                xs, ys, width, yerr=np.array(errs).T, capsize=2, label=f"{rung}s", color=["#4c78a8", "#f58518"][k % 2]
            )
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(range(len(groups)), list(groups.values()), fontsize=8, rotation=20)
    ax.set_ylabel("score change (paired)")
    ax.legend(fontsize=8)
    return ax
