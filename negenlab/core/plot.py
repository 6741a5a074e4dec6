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
    r = rates["rate"].to_numpy(float)
    err = np.vstack([r - rates["lo"].to_numpy(float), rates["hi"].to_numpy(float) - r])
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
