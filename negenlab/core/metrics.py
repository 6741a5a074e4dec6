"""Balance statistics over a simulation table, in Ludii's vocabulary where it applies.

Every rate comes with its sample size ``n`` and a 95% Wilson score interval.

>>> from negenlab.core.metrics import wilson_interval
>>> lo, hi = wilson_interval(8, 10)
>>> round(lo, 3), round(hi, 3)
(0.49, 0.943)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np
import pandas as pd
from scipy import optimize, special, stats

from .checks import is_whole, real_number
from .errors import InvalidInputError

Z95 = 1.959963984540054


def wilson_interval(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes out of ``n`` (``(nan, nan)`` when n = 0). Its ends
    are exactly 0 at k = 0 and exactly 1 at k = n (rounding would leave them a hair off).

    >>> wilson_interval(0, 250)[0], wilson_interval(250, 250)[1]
    (0.0, 1.0)
    """
    if not (is_whole(k) and is_whole(n)):
        raise InvalidInputError(f"k and n are whole numbers of outcomes, got k={k!r}, n={n!r}")
    if n < 0 or k < 0 or k > n:
        raise InvalidInputError(f"need 0 <= k <= n, got k={k}, n={n}")
    z = real_number(z, "z", 0.0, 40.0, "a normal quantile; 1.96 gives a 95% interval", lo_open=True)
    if n == 0:
        return (math.nan, math.nan)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def rate(k: int, n: int) -> dict:
    """``{"value", "lo", "hi", "k", "n"}`` for k of n, with the Wilson interval."""
    lo, hi = wilson_interval(int(k), int(n))
    return {"value": (k / n) if n else math.nan, "lo": lo, "hi": hi, "k": int(k), "n": int(n)}


def num_players(df: pd.DataFrame) -> int:
    cols = [c for c in df.columns if c.startswith("return_")]
    if not cols:
        raise InvalidInputError("not a simulation table: no return_<seat> columns")
    return len(cols)


def _completed(df: pd.DataFrame) -> pd.DataFrame:
    return df[~df["truncated"]] if "truncated" in df.columns else df


def win_rates(df: pd.DataFrame, column: str = "winner", labels=None) -> pd.DataFrame:
    """Win rate of each value of ``column`` (default the winning seat) over completed games.

    Use ``column="winner_colour"`` (or any game column naming the winner's side) for
    rates per colour when a swap rule separates seats from colours.
    """
    done = _completed(df)
    n = len(done)
    if labels is None:
        labels = range(num_players(df)) if column == "winner" else sorted(done[column].dropna().unique())
    rows = []
    for lab in labels:
        k = int((done[column] == lab).sum())
        r = rate(k, n)
        rows.append({"who": lab, "wins": k, "n": n, "rate": r["value"], "lo": r["lo"], "hi": r["hi"]})
    return pd.DataFrame(rows)


def summary(df: pd.DataFrame) -> pd.DataFrame:
    """Tidy table ``metric, value, lo, hi, n`` of the standard balance statistics.

    - ``win_rate_seat_p``: games won by seat p / completed games;
    - ``first_player_advantage``: win rate of seat 0 minus the fair share 1/P
      (interval shifted likewise; Ludii's *advantage*);
    - ``balance``: 1 - (max - min) of the seat win rates (1 = perfectly even);
    - ``draw_rate``, ``completion`` (share not truncated), ``decisiveness`` (share of
      completed games that produced a single winner);
    - ``duration_*``: decisions per game: mean, sd, 10/50/90% quantiles;
    - ``branching``: mean legal actions per decision over all decisions.
    """
    if not isinstance(df, pd.DataFrame):
        raise InvalidInputError(
            f"summary reads a simulation table (a DataFrame from simulate), got {type(df).__name__}"
        )
    P = num_players(df)
    n_all = len(df)
    done = _completed(df)
    n = len(done)
    rows = []
    seat_rates = []
    for p in range(P):
        r = rate(int((done["winner"] == p).sum()), n)
        seat_rates.append(r["value"])
        rows.append({"metric": f"win_rate_seat_{p}", "value": r["value"], "lo": r["lo"], "hi": r["hi"], "n": n})
    r0 = rate(int((done["winner"] == 0).sum()), n)
    rows.append(
        {
            "metric": "first_player_advantage",
            "value": r0["value"] - 1 / P,
            "lo": r0["lo"] - 1 / P,
            "hi": r0["hi"] - 1 / P,
            "n": n,
        }
    )
    rows.append(
        {
            "metric": "balance",
            "value": (1 - (max(seat_rates) - min(seat_rates))) if n else math.nan,
            "lo": math.nan,
            "hi": math.nan,
            "n": n,
        }
    )
    r = rate(int(done["draw"].sum()), n)
    rows.append({"metric": "draw_rate", "value": r["value"], "lo": r["lo"], "hi": r["hi"], "n": n})
    k_trunc = int(df["truncated"].sum()) if "truncated" in df.columns else 0
    r = rate(n_all - k_trunc, n_all)
    rows.append({"metric": "completion", "value": r["value"], "lo": r["lo"], "hi": r["hi"], "n": n_all})
    r = rate(int((done["winner"] >= 0).sum()), n)
    rows.append({"metric": "decisiveness", "value": r["value"], "lo": r["lo"], "hi": r["hi"], "n": n})
    for key, value in duration(df).items():
        rows.append({"metric": f"duration_{key}", "value": value, "lo": math.nan, "hi": math.nan, "n": n_all})
    rows.append({"metric": "branching", "value": branching_factor(df), "lo": math.nan, "hi": math.nan, "n": n_all})
    return pd.DataFrame(rows, columns=["metric", "value", "lo", "hi", "n"])


def duration(df: pd.DataFrame, column: str = "length") -> dict[str, float]:
    """Mean, sample sd and 10/50/90% quantiles of ``column`` (decisions per game by default)."""
    x = df[column].to_numpy(dtype=float)
    if len(x) == 0:
        return {"mean": math.nan, "sd": math.nan, "q10": math.nan, "median": math.nan, "q90": math.nan}
    q10, q50, q90 = np.quantile(x, [0.1, 0.5, 0.9])
    return {
        "mean": float(x.mean()),
        "sd": float(x.std(ddof=1)) if len(x) > 1 else 0.0,
        "q10": float(q10),
        "median": float(q50),
        "q90": float(q90),
    }


def branching_factor(df: pd.DataFrame) -> float:
    """Mean number of legal actions per decision, over all decisions of all games."""
    total = float((df["branching"] * df["length"]).sum())
    count = float(df["length"].sum())
    return total / count if count else math.nan


def proportion_table(values: pd.Series, name: str = "value") -> pd.DataFrame:
    """Share of each distinct value of a column, each with its Wilson interval."""
    n = len(values)
    rows = []
    for v, k in values.value_counts().sort_index().items():
        r = rate(int(k), n)
        rows.append({name: v, "count": int(k), "n": n, "rate": r["value"], "lo": r["lo"], "hi": r["hi"]})
    return pd.DataFrame(rows)


def mean_interval(x, z: float = Z95) -> dict:
    """Mean with a normal-approximation 95% interval (for per-game averages such as skips)."""
    x = np.asarray(x, dtype=float)
    n = len(x)
    if n == 0:
        return {"value": math.nan, "lo": math.nan, "hi": math.nan, "n": 0}
    m = float(x.mean())
    se = float(x.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
    return {"value": m, "lo": m - z * se, "hi": m + z * se, "n": n}


def spread_change_pseudovalues(changed, baseline) -> np.ndarray:
    """The jackknife pseudo-values of how much wider, in percent, the spread (standard deviation) of
    ``changed`` is than that of ``baseline``, the two paired unit by unit (the same deal played both
    ways): ``100 (sd(changed) / sd(baseline) - 1)``. Their mean is the jackknife estimate and their
    standard error its (Miller's) jackknife standard error, so :func:`mean_interval` of them is the
    estimate with a 95% interval. Each leave-one-out spread comes from the running sums, not a loop.

    >>> rng = np.random.default_rng(1)
    >>> base = rng.normal(0, 10, 4000)
    >>> m = mean_interval(spread_change_pseudovalues(1.5 * base + rng.normal(0, 1, 4000), base))
    >>> 45 < m["lo"] < 50 < m["hi"] < 55
    True
    """
    x, y = np.asarray(changed, dtype=float), np.asarray(baseline, dtype=float)
    n = len(x)
    if x.shape != y.shape or x.ndim != 1 or n < 3:
        raise InvalidInputError(
            f"a spread change needs two paired samples of the same length, at least 3 units each; got "
            f"shapes {x.shape} and {y.shape}"
        )

    def variances(v: np.ndarray) -> tuple[float, np.ndarray]:
        d = v - v.mean()  # centred first: the leave-one-out sums stay exact to rounding
        s1, s2 = d.sum(), (d * d).sum()
        whole = s2 / (n - 1)
        left_out = ((s2 - d * d) - (s1 - d) ** 2 / (n - 1)) / (n - 2)
        return whole, left_out

    vx, vx_i = variances(x)
    vy, vy_i = variances(y)
    if vy <= 0 or np.any(vy_i <= 0):
        raise InvalidInputError("the baseline sample has no spread (or none without one unit): nothing to compare with")
    theta = 100 * (math.sqrt(vx / vy) - 1)
    theta_i = 100 * (np.sqrt(np.maximum(vx_i, 0) / vy_i) - 1)
    return n * theta - (n - 1) * theta_i


_ROOT_2PI = math.sqrt(2 * math.pi)


@functools.cache
def repeated_looks_z(alpha: float, looks: int) -> float:
    """The normal quantile an estimate is judged at when its interval was looked at ``looks`` times
    as the games came in (equally spaced looks, the study free to stop at any of them): the constant
    ``c`` with P(|Z_k| > c at some look k) = ``alpha`` for a sum of independent games standardised at
    each look (Pocock's boundary). A verdict read at ``c`` on the games at whatever look the play-on
    stopped is wrong with chance at most ``alpha``; at the one-look quantile it would be wrong more
    often (four looks at the 95% quantile: about 12.6%). Looks on a coarser or partial grid (a
    study that stops early, or looks only every other batch) are a subset of the equally spaced
    ones, so ``c`` is safe for them too. Computed by the recursive numerical integration of
    Armitage, McPherson and Rowe (1969) over the sum's density between the boundaries, within
    about 1e-4 of ``c`` (the grid's error overstates the crossing chance a little, so ``c`` errs
    wide); one look is the usual two-sided quantile.

    >>> round(repeated_looks_z(0.05, 1), 3), round(repeated_looks_z(0.05, 5), 3)
    (1.96, 2.413)
    """
    if not (isinstance(alpha, float | int) and not isinstance(alpha, bool) and 0 < alpha < 1):
        raise InvalidInputError(f"alpha must be a number in (0, 1), got {alpha!r}")
    if not is_whole(looks) or looks < 1:
        raise InvalidInputError(f"the number of looks is a whole number >= 1, got {looks!r}")
    one = float(stats.norm.isf(alpha / 2))
    if looks == 1:
        return one
    bonferroni = float(stats.norm.isf(alpha / (2 * looks)))
    return float(
        optimize.brentq(
            lambda c: math.log(_crossing_chance(c, int(looks))) - math.log(alpha), one, bonferroni, xtol=1e-4
        )
    )


def looks_until(first: int, step: int, cap: int) -> int:
    """How many looks a study makes at most that first looks after ``first`` units, then every
    ``step`` more, and stops at ``cap`` (its last look, on the grid or not). Looks that start late
    are more alike than equally spaced ones from the start, so :func:`repeated_looks_z` of this count
    is safe for them (Slepian's inequality; checked by simulation in the tests).

    >>> looks_until(200, 100, 1000), looks_until(40, 40, 400), looks_until(500, 100, 400)
    (9, 10, 1)
    """
    for name, v in (("first", first), ("step", step), ("cap", cap)):
        if not is_whole(v) or v < 1:
            raise InvalidInputError(f"{name} is a whole number of units >= 1, got {v!r}")
    return 1 + max(0, -(-(int(cap) - int(first)) // int(step)))


def _crossing_chance(c: float, looks: int, step: float = 0.5) -> float:
    """P(|S_k| > c sqrt(k) for some k <= looks), S_k a sum of k standard normals: the sum's density
    while it stays inside carried from look to look on a Simpson grid of spacing about ``step``
    (the increment's standard deviation is 1), each look's exit chance added as it happens. Each
    carry sums over the old points within ``_REACH`` of a new one (the normal kernel beyond is below
    1e-21 of its peak), so a look costs points times band, not points squared."""
    crossed = 2 * float(special.ndtr(-c))
    # the density of S_1 inside (-c, c), on an odd number of points with Simpson's weights
    grid, weights = _simpson_grid(c, step)
    density = np.exp(-0.5 * grid**2) / _ROOT_2PI
    for k in range(2, looks + 1):
        edge = c * math.sqrt(k)
        mass = density * weights
        # exit at look k: S_{k-1} = s inside, the increment carries it beyond +-edge
        crossed += float(mass @ (special.ndtr(grid - edge) + special.ndtr(-edge - grid)))
        if k < looks:
            new_grid, new_weights = _simpson_grid(edge, step)
            density = _carry(new_grid, grid, mass)
            grid, weights = new_grid, new_weights
    return crossed


_REACH = 10.0  # standard deviations of the increment a carry sums over


def _carry(new_grid: np.ndarray, grid: np.ndarray, mass: np.ndarray) -> np.ndarray:
    """The density at ``new_grid`` of S + Z, S carrying ``mass`` at the equally spaced ``grid`` and
    Z standard normal: each new point sums the old points within ``_REACH`` of it (all of them when
    the grid is narrower than the band)."""
    h = grid[1] - grid[0]
    band = int(2 * _REACH / h) + 2
    if band >= len(grid):
        return np.exp(-0.5 * (new_grid[:, None] - grid[None, :]) ** 2) @ mass / _ROOT_2PI
    first = np.ceil((new_grid - _REACH - grid[0]) / h).astype(np.int64)
    first = np.clip(first, 0, len(grid) - band)
    near = first[:, None] + np.arange(band)
    return (np.exp(-0.5 * (new_grid[:, None] - grid[near]) ** 2) * mass[near]).sum(axis=1) / _ROOT_2PI


def _simpson_grid(edge: float, step: float) -> tuple[np.ndarray, np.ndarray]:
    """Points on [-edge, edge] (an odd number, spacing at most ``step``) and their Simpson weights."""
    m = 2 * math.ceil(edge / step) + 1
    grid = np.linspace(-edge, edge, m)
    h = grid[1] - grid[0]
    w = np.full(m, 2.0)
    w[1::2] = 4.0
    w[0] = w[-1] = 1.0
    return grid, w * h / 3


def seat_uniformity_p(wins) -> float:
    """p-value of Pearson's chi-square test that every seat wins equally often (``wins``: games or
    rounds won per seat; those nobody won are left out). 1.0 when there is nothing to test.

    >>> round(seat_uniformity_p([345, 352, 303]), 3)
    0.122
    """
    wins = np.asarray(wins, dtype=float)
    if len(wins) < 2 or wins.sum() <= 0:
        return 1.0
    return float(stats.chisquare(wins).pvalue)


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for X chi-squared with ``dof`` degrees of freedom (scipy's survival function).

    >>> round(chi2_sf(3.841, 1), 3), round(chi2_sf(14.067, 7), 3)
    (0.05, 0.05)
    """
    if dof < 1:
        raise InvalidInputError(f"a chi-squared test needs 1 or more degrees of freedom, got {dof}")
    return float(stats.chi2.sf(max(float(x), 0.0), dof))


def rate_text(value: float, lo: float | None = None, hi: float | None = None, n: int | None = None) -> str:
    """A rate as every page and table writes it: percent with one decimal, its 95% interval, its n.

    >>> rate_text(0.4753, 0.435, 0.515, 600)
    '47.5% [43.5, 51.5] (n=600)'
    >>> rate_text(0.5)
    '50.0%'
    """
    text = f"{100 * value:.1f}%"
    if lo is not None and hi is not None:
        text += f" [{100 * lo:.1f}, {100 * hi:.1f}]"
    return text + (f" (n={int(n):,})" if n is not None else "")


def p_text(p: float) -> str:
    """A test's p-value as the pages write it: three decimals, and below 0.001 as a bound (never 0.000).

    >>> p_text(0.5531), p_text(0.00002)
    ('p = 0.553', 'p < 0.001')
    """
    if not 0.0 <= p <= 1.0:
        raise InvalidInputError(f"a p-value lies between 0 and 1, got {p}")
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def value_text(
    value: float, lo: float | None = None, hi: float | None = None, n: int | None = None, digits: int = 2
) -> str:
    """A mean or other number with its 95% interval and n, in the same form as :func:`rate_text`.

    >>> value_text(7.729, 7.654, 7.806, 500)
    '7.73 [7.65, 7.81] (n=500)'
    """
    text = f"{value:.{digits}f}"
    if lo is not None and hi is not None:
        text += f" [{lo:.{digits}f}, {hi:.{digits}f}]"
    return text + (f" (n={int(n):,})" if n is not None else "")


# --- metrics of a simulate table, by name (the tuner's targets and the variant runs' claims) ---


def _seat_share(df: pd.DataFrame) -> np.ndarray:
    return (df["winner"] == 0).to_numpy(float)


def _length(df: pd.DataFrame) -> np.ndarray:
    return df["length"].to_numpy(float)


def _draws(df: pd.DataFrame) -> np.ndarray:
    return df["draw"].to_numpy(float)


METRICS: dict[str, tuple[Callable[[pd.DataFrame], np.ndarray], bool]] = {
    "seat_share": (_seat_share, True),  # the first seat's share of games won (a rate)
    "length": (_length, False),  # decisions per game
    "draw_rate": (_draws, True),
}
"""Metric name -> (per-game values of a simulate table, whether it is a rate)."""


def per_game_values(df: pd.DataFrame, metric: str) -> np.ndarray:
    """One value per game of a simulate table: a metric of :data:`METRICS` or a numeric column.

    >>> per_game_values(pd.DataFrame({"winner": [0, 1, 0], "turns": [4, 6, 5]}), "seat_share")
    array([1., 0., 1.])
    """
    if metric in METRICS:
        return METRICS[metric][0](df)
    if metric not in df.columns:
        raise InvalidInputError(
            f"unknown metric {metric!r}; expected one of {', '.join(METRICS)} or a column of the game's "
            f"table ({', '.join(map(str, df.columns))})"
        )
    return df[metric].to_numpy(float)


def is_rate(metric: str) -> bool:
    """Whether the metric's per-game values are 0/1 outcomes (a Wilson interval), not means."""
    return metric in METRICS and METRICS[metric][1]


def metric_estimate(df: pd.DataFrame, metric: str) -> dict[str, float]:
    """The metric over the table's games: value, 95% interval (Wilson for a rate) and n.

    >>> metric_estimate(pd.DataFrame({"winner": [0, 1, 0, 0]}), "seat_share")["value"]
    0.75
    """
    x = per_game_values(df, metric)
    if is_rate(metric):
        lo, hi = wilson_interval(int(x.sum()), len(x))
        return {"value": float(x.mean()), "lo": lo, "hi": hi, "n": len(x)}
    return mean_interval(x)
