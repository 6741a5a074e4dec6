"""One summary layer: every study's numbers as a long table with intervals.

Columns: ``metric``, ``group`` (what the row is about, e.g. ``"3 players, greedy"``), ``value``,
``lo``, ``hi`` (the 95% interval), ``n`` and ``method`` (``wilson``, ``normal`` or ``exact``).
Reports and plots read this one shape; :func:`wide` turns it into a table for people.

>>> from negenlab.core.summary_table import long_table, mean_row, rate_row, wide
>>> t = long_table([rate_row("seat 0 wins", 34, 100, group="random"),
...                 mean_row("length", [10, 12, 14], group="random")])
>>> list(t.columns)
['metric', 'group', 'value', 'lo', 'hi', 'n', 'method']
>>> t.loc[0, "method"], round(float(t.loc[0, "lo"]), 3), float(t.loc[1, "value"])
('wilson', 0.255, 12.0)
>>> wide(t).loc["random", "seat 0 wins"]
'0.34 [0.255, 0.437]'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd

from .errors import InvalidInputError
from .metrics import mean_interval, wilson_interval

COLUMNS = ["metric", "group", "value", "lo", "hi", "n", "method"]


def rate_row(metric: str, k: int, n: int, group: str = "") -> dict[str, Any]:
    """A rate ``k / n`` with its 95% Wilson interval."""
    if n < 0 or k < 0 or k > n:
        raise InvalidInputError(f"{metric}: a rate needs 0 <= k <= n, got k={k}, n={n}")
    lo, hi = wilson_interval(int(k), int(n))
    return {
        "metric": metric,
        "group": group,
        "value": k / n if n else float("nan"),
        "lo": lo,
        "hi": hi,
        "n": int(n),
        "method": "wilson",
    }


def mean_row(metric: str, values: Iterable[float], group: str = "") -> dict[str, Any]:
    """A mean with its 95% normal interval."""
    m = mean_interval(np.asarray(list(values), dtype=float))
    return {
        "metric": metric,
        "group": group,
        "value": m["value"],
        "lo": m["lo"],
        "hi": m["hi"],
        "n": int(m["n"]),
        "method": "normal",
    }


def exact_row(metric: str, value: float, group: str = "", n: int | None = None) -> dict[str, Any]:
    """A number computed exactly (an enumeration, a proof): its interval is the value itself."""
    return {
        "metric": metric,
        "group": group,
        "value": value,
        "lo": value,
        "hi": value,
        "n": n if n is not None else pd.NA,
        "method": "exact",
    }


def long_table(rows: Iterable[dict[str, Any]]) -> pd.DataFrame:
    """Rows from :func:`rate_row`, :func:`mean_row` and :func:`exact_row` as one table."""
    df = pd.DataFrame(list(rows))
    missing = [c for c in COLUMNS if c not in df.columns]
    if len(df) and missing:
        raise InvalidInputError(
            f"summary rows lack the columns {missing}; make them with rate_row / mean_row / exact_row"
        )
    return df.reindex(columns=COLUMNS) if len(df) else pd.DataFrame(columns=COLUMNS)


def wide(table: pd.DataFrame, digits: int = 3) -> pd.DataFrame:
    """One row per group, one column per metric, each cell ``value [lo, hi]`` (``exact`` cells: the value)."""

    def cell(r) -> str:
        v = f"{r['value']:.{digits}g}"
        return v if r["method"] == "exact" else f"{v} [{r['lo']:.{digits}g}, {r['hi']:.{digits}g}]"

    cells = table.assign(cell=table.apply(cell, axis=1))
    table = cells.pivot_table(index="group", columns="metric", values="cell", aggfunc="first", sort=False)
    return table.rename_axis(columns=None)


__all__ = ["COLUMNS", "rate_row", "mean_row", "exact_row", "long_table", "wide"]
