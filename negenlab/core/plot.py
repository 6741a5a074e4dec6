"""Matplotlib helpers shared by the games' plots (engines never import this module).

>>> import pandas as pd
>>> from negenlab.core.plot import plot_rates
>>> ax = plot_rates(pd.DataFrame({"who": [0, 1], "rate": [.6, .4], "lo": [.5, .3], "hi": [.7, .5], "n": [90, 90]}))
>>> ax.get_ylabel()
'win rate'
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd


def value_and_errors(rows: pd.DataFrame, value: str = "value") -> tuple[np.ndarray, np.ndarray]:
    """The values of summary-table rows and their error bars ``(value - lo, hi - value)`` for
    matplotlib. A committed interval may sit a rounding hair inside its value (an exact 0 or 1),
    so the bars are clipped at 0: matplotlib refuses negative ones.

    >>> y, err = value_and_errors(pd.DataFrame({"value": [0.0, 0.5], "lo": [8.7e-19, 0.4], "hi": [0.1, 0.6]}))
    >>> err.tolist()
    [[0.0, 0.09999999999999998], [0.1, 0.09999999999999998]]
    """
    y = rows[value].to_numpy(float)
    return y, np.clip(np.vstack([y - rows["lo"].to_numpy(float), rows["hi"].to_numpy(float) - y]), 0, None)


def plot_rates(
    rates: pd.DataFrame,
    ax=None,
    label_col: str = "who",
    ylabel: str = "win rate",
    fair: float | None = None,
    title: str | None = None,
):
    """Bars of ``rate`` with Wilson error bars (``lo``/``hi``) and the sample size on each bar."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    x = np.arange(len(rates))
    r, err = value_and_errors(rates, "rate")
    ax.bar(x, r, yerr=err, capsize=4, color="#4c78a8")
    ax.set_xticks(x, [str(v) for v in rates[label_col]])
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1)
    if fair is not None:
        ax.axhline(fair, color="grey", ls="--", lw=1, label="fair share")
    for xi, (ri, ni) in enumerate(zip(r, rates["n"], strict=True)):
        ax.annotate(f"n={ni}", (xi, min(ri + 0.03, 0.93)), ha="center", fontsize=8)
    if title:
        ax.set_title(title)
    return ax


def plot_duration(df: pd.DataFrame, column: str = "length", ax=None, bins: int = 30, title: str | None = None):
    """Histogram of game length (decisions per game)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    ax.hist(df[column], bins=bins, color="#72b7b2", edgecolor="white")
    ax.set_xlabel(column)
    ax.set_ylabel("games")
    ax.set_title(title or f"{column} (n={len(df)})")
    return ax


def heatmap(
    values: np.ndarray,
    ax=None,
    cmap: str = "RdBu_r",
    vmin=0.0,
    vmax=1.0,
    annotate: bool = True,
    fmt: str = "{:.2f}",
    title: str | None = None,
    colorbar_label: str | None = None,
):
    """A labelled heatmap of a 2-D array (NaN cells left blank)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(4.5, 4))
    values = np.asarray(values, dtype=float)
    im = ax.imshow(values, cmap=cmap, vmin=vmin, vmax=vmax)
    if annotate and values.size <= 400:
        for (i, j), v in np.ndenumerate(values):
            if not np.isnan(v):
                ax.text(j, i, fmt.format(v), ha="center", va="center", fontsize=7)
    cb = ax.figure.colorbar(im, ax=ax, fraction=0.046)
    if colorbar_label:
        cb.set_label(colorbar_label)
    if title:
        ax.set_title(title)
    return ax


def plot_skill_trace(trace: pd.DataFrame, ax=None, title: str | None = None):
    """A skill trace (:func:`negenlab.core.ladder.skill_trace`): each rung's score against the rung
    below with its 95% interval, the fair share dashed, and the SPRT decision and units on each point.

    >>> t = pd.DataFrame({"rung": ["greedy", "mcts:50"], "below": ["random", "greedy"], "score": [.7, .6],
    ...                   "lo": [.65, .55], "hi": [.75, .65], "fair": [.5, .5], "units": [100, 120],
    ...                   "decision": ["H1", "H1"], "capped": [False, False]})
    >>> plot_skill_trace(t).get_ylabel()
    'score against the rung below'
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.2))
    x = np.arange(len(trace))
    s, err = value_and_errors(trace, "score")
    colours = ["#2e7d32" if d == "H1" else "#1565c0" if d == "H0" else "#e69500" for d in trace["decision"]]
    ax.errorbar(x, s, yerr=err, fmt="none", ecolor="#555", capsize=4, zorder=1)
    ax.scatter(x, s, c=colours, s=40, zorder=2)
    ax.plot(x, s, color="#999", lw=1, zorder=0)
    ax.axhline(float(trace["fair"].iloc[0]), color="grey", ls="--", lw=1)
    labels = [f"{r}\nvs {b}" for r, b in zip(trace["rung"], trace["below"], strict=True)]
    ax.set_xticks(x, labels, fontsize=8)
    for xi, row in zip(x, trace.to_dict("records"), strict=True):
        tag = f"{row['decision']}, {row['units']} units" + (" (cap)" if bool(row["capped"]) else "")
        ax.annotate(tag, (xi, float(row["hi"]) + 0.01), ha="center", fontsize=7)
    ax.set_ylabel("score against the rung below")
    ax.set_ylim(min(0.3, float(np.nanmin(trace["lo"])) - 0.05), min(1.05, float(np.nanmax(trace["hi"])) + 0.1))
    if title:
        ax.set_title(title)
    return ax


def plot_forest(
    rows: pd.DataFrame,
    label_col: str = "label",
    ax=None,
    ref: float | None = 0.5,
    xlabel: str = "",
    title: str | None = None,
):
    """A forest plot: one row per estimate (``value`` with ``lo``/``hi``), labelled, ``n`` at the
    right, and a reference line at ``ref``.

    >>> ax = plot_forest(pd.DataFrame({"label": ["a", "b"], "value": [.5, .6], "lo": [.4, .5], "hi": [.6, .7], "n": [90, 90]}))
    >>> [t.get_text() for t in ax.get_yticklabels()]
    ['a', 'b']
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.35 * len(rows) + 1.2))
    y = np.arange(len(rows))[::-1]
    v, err = value_and_errors(rows)
    ax.errorbar(v, y, xerr=err, fmt="o", color="#4c78a8", ecolor="#555", capsize=3, ms=4)
    ax.set_yticks(y, [str(s) for s in rows[label_col]], fontsize=8)
    if ref is not None:
        ax.axvline(ref, color="grey", ls="--", lw=1)
    if "n" in rows:
        for yi, n in zip(y, rows["n"], strict=True):
            ax.annotate(
                f"n={int(n)}",
                (1.0, yi),
                xycoords=("axes fraction", "data"),
                xytext=(4, 0),
                textcoords="offset points",
                va="center",
                fontsize=7,
            )
    ax.set_xlabel(xlabel)
    if title:
        ax.set_title(title)
    return ax
