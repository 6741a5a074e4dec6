"""Decide between two agents or two rule variants with as few games as the question needs.

Games are played in *units*: one game per seat rotation, all on the same seed (common random
numbers). With two seats a unit is a seat-swapped pair, whose score takes five values
(0, 1/4, 1/2, 3/4, 1: the pentanomial pair of chess engine testing); with P seats it is P games.

:func:`compare` runs units in batches through :func:`~negenlab.core.simulate.simulate` (so it
resumes from a store and runs on any backend) and stops by a sequential probability ratio test
on the unit values: H0 "the mean is ``h0``" against H1 "the mean is ``h1``", with error rates
``alpha`` (deciding H1 when H0 holds) and ``beta`` (deciding H0 when H1 holds). The log-likelihood
ratio uses the normal approximation with the unit values' sample variance (the generalised SPRT
fishtest uses for pentanomial pairs):

    LLR = n (h1 - h0) (2 mean - h0 - h1) / (2 var)

and the test stops at the first unit (from ``min_units``, default 100, on) where LLR leaves
(log(beta / (1 - alpha)), log((1 - beta) / alpha)).
It is checked unit by unit, so the decision and the units used do not depend on the batch size
or the number of workers. A run that reaches ``max_units`` first says so.

:func:`estimate` runs until a mean's 95% interval is no wider than ``halfwidth`` either side,
or until a stated cap, and says which.

>>> from negenlab.core.examples import Nim
>>> from negenlab.core.agents import MCTSAgent, RandomAgent
>>> r = compare(Nim((1, 2, 3)), challenger=MCTSAgent(100), baseline=RandomAgent(), seed=1, batch=100)
>>> r.decision, r.units
('H1', 100)
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .checks import real_number, whole_number
from .errors import InvalidInputError
from .game import Game
from .metrics import Z95, wilson_interval
from .simulate import simulate

Metric = Callable[[pd.DataFrame], pd.Series]
MIN_UNITS = 100  # units before the SPRT may stop (see sprt_decide)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """The (lower, upper) LLR bounds of an SPRT with error rates ``alpha`` and ``beta``.

    >>> [round(b, 3) for b in sprt_bounds(0.05, 0.05)]
    [-2.944, 2.944]
    """
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise InvalidInputError(f"alpha and beta must lie in (0, 0.5), got alpha={alpha}, beta={beta}")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_path(values: Sequence[float] | np.ndarray, h0: float, h1: float) -> np.ndarray:
    """The LLR after each unit (normal approximation with the running sample variance). While every
    unit so far has the same value, the LLR is infinite on the side of the midpoint it lies on
    (0 after one unit); :func:`sprt_decide` looks only from ``min_units`` on.

    >>> [round(float(x), 2) for x in sprt_path([1, 0, 1, 1], 0.5, 0.6)]
    [0.0, -0.04, 0.16, 0.43]
    """
    x = np.asarray(values, dtype=float)
    n = np.arange(1, len(x) + 1)
    mean = np.cumsum(x) / n
    var = np.cumsum(x * x) / n - mean**2
    with np.errstate(divide="ignore", invalid="ignore"):
        llr = n * (h1 - h0) * (2 * mean - h0 - h1) / (2 * var)
    # every unit alike so far: the mean is known exactly, the side of the midpoint decides
    side = (h1 - h0) * (2 * mean - h0 - h1)
    same = np.where(side > 0, np.inf, np.where(side < 0, -np.inf, 0.0))
    return np.where(var > 1e-12, llr, np.where(n > 1, same, 0.0))


def sprt_decide(
    values: Sequence[float] | np.ndarray,
    h0: float,
    h1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
    min_units: int = MIN_UNITS,
) -> tuple[str, int, float]:
    """(decision, units used, LLR) of the SPRT over ``values`` in order: ``"H1"`` or ``"H0"`` at the
    first unit from ``min_units`` on whose LLR leaves the bounds, else ``"undecided"`` after all
    of them. The floor keeps the error rates: with the variance estimated from a handful of units
    the test would stop early on flukes (about 9% instead of 5% on pentanomial pairs).

    >>> sprt_decide([1, 0] * 5 + [1] * 40, h0=0.5, h1=0.7, min_units=10)[:2]
    ('H1', 20)
    """
    if h0 == h1:
        raise InvalidInputError(f"h0 and h1 must differ, got {h0} and {h1}")
    if min_units < 1:
        raise InvalidInputError(f"min_units must be >= 1, got {min_units}")
    lower, upper = sprt_bounds(alpha, beta)
    llr = sprt_path(values, h0, h1)
    seen = np.arange(1, len(llr) + 1) >= min_units
    out = np.flatnonzero(seen & ((llr >= upper) | (llr <= lower)))
    if len(out):
        i = int(out[0])
        return ("H1" if llr[i] >= upper else "H0"), i + 1, float(llr[i])
    return "undecided", len(llr), float(llr[-1]) if len(llr) else 0.0


def mean_with_interval(
    values: Sequence[float] | np.ndarray, outcomes: bool = True, bounds: tuple[float, float] | None = None
) -> tuple[float, float, float]:
    """Mean and 95% interval: Wilson's when every value is 0 or 1 (and ``outcomes``: the values are
    0/1 outcomes, not differences that happen to be 0 or 1), else the normal one, kept within
    ``bounds`` (the values the mean can take at all: a score's 0 to 1), as the true mean is.

    >>> mean_with_interval([1, 0, 1, 1])[0]
    0.75
    >>> mean_with_interval([0, 0, 0], outcomes=False)
    (0.0, 0.0, 0.0)
    >>> [round(x, 3) for x in mean_with_interval([1] * 9 + [0.5], bounds=(0.0, 1.0))]
    [0.95, 0.852, 1.0]
    """
    x = np.asarray(values, dtype=float)
    n = len(x)
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    m = float(x.mean())
    if outcomes and np.isin(x, (0.0, 1.0)).all():
        lo, hi = wilson_interval(int(x.sum()), n)
        return m, lo, hi
    half = Z95 * float(x.std(ddof=1)) / math.sqrt(n) if n > 1 else float("inf")
    if bounds is not None:
        return m, max(m - half, bounds[0]), min(m + half, bounds[1])
    return m, m - half, m + half


# ---------------------------------------------------------------------------
# units of seat-rotated games
# ---------------------------------------------------------------------------
def seat_win(seat: int) -> Metric:
    """Metric: 1 when ``seat`` won the game, 0 otherwise (a draw counts 1 / players)."""

    def metric(df: pd.DataFrame) -> pd.Series:
        players = sum(1 for c in df.columns if c.startswith("return_"))
        return (df["winner"] == seat).astype(float) + df["draw"].astype(float) / players

    metric.__name__ = f"seat {seat} wins"
    return metric


def column(name: str) -> Metric:
    """Metric: a column of the simulation table (e.g. ``"length"``)."""

    def metric(df: pd.DataFrame) -> pd.Series:
        if name not in df:
            raise InvalidInputError(f"metric column {name!r} not in the simulation table; columns: {list(df.columns)}")
        return df[name].astype(float)

    metric.__name__ = name
    return metric


def seat_rotations(
    game: Game, agents: Sequence[Any], n_units: int, seed: int, store, rotations: int | None = None, **sim
) -> list[pd.DataFrame]:
    """One table per seat rotation r (agents shifted by r seats), each of ``n_units`` games on the
    same seeds: game i of every rotation shares its chance and seat random streams. ``rotations``
    (default every seat) plays the first few only: with the same player in every seat, one rotation
    is all there is (the others would replay it)."""
    P = game.num_players
    frames = []
    for r in range(P if rotations is None else rotations):
        seats = [agents[(p - r) % P] for p in range(P)]
        where = None if store is None else Path(store) / f"rotation-{r}"
        frames.append(simulate(game, seats, n_units, seed, store=where, progress=False, **sim))
    return frames


def _focus_values(frames: list[pd.DataFrame], metric_of_seat: Callable[[int], Metric]) -> np.ndarray:
    """Per unit, the rotation-average of the metric of the seat agent 0 held in each rotation."""
    return np.mean([metric_of_seat(r)(df).to_numpy() for r, df in enumerate(frames)], axis=0)


@dataclass
class Comparison:
    """What :func:`compare` decided, with the games it took and the estimate behind it."""

    decision: str  # "H1", "H0" or "undecided"
    units: int  # seat-rotated units used (the test stopped after this many)
    games: int  # games used (units x seats, per game compared)
    estimate: float  # mean unit value (a score, or a difference of the metric)
    lo: float
    hi: float
    llr: float
    bounds: tuple[float, float]
    h0: float
    h1: float
    alpha: float
    beta: float
    metric: str
    capped: bool  # stopped by max_units before a decision
    values: np.ndarray = field(repr=False)

    def __str__(self) -> str:
        what = {
            "H1": f"H1 (mean {self.h1:g} rather than {self.h0:g})",
            "H0": f"H0 (mean {self.h0:g} rather than {self.h1:g})",
            "undecided": "no decision: the unit cap was reached",
        }[self.decision]
        return (
            f"{what} after {self.units} units ({self.games} games); {self.metric}: {self.estimate:.4f} "
            f"[{self.lo:.4f}, {self.hi:.4f}]; LLR {self.llr:.2f} in bounds ({self.bounds[0]:.2f}, "
            f"{self.bounds[1]:.2f}); alpha={self.alpha}, beta={self.beta}"
        )

    def _repr_html_(self) -> str:
        import html

        colour = {"H1": "#2e7d32", "H0": "#1565c0", "undecided": "#e69500"}[self.decision]
        return (
            f"<div style='border-left:4px solid {colour};padding:4px 10px'><b>{html.escape(self.decision)}</b> "
            f"{html.escape(str(self))}</div>"
        )

    def to_dict(self) -> dict:
        d = {
            k: getattr(self, k)
            for k in (
                "decision",
                "units",
                "games",
                "estimate",
                "lo",
                "hi",
                "llr",
                "h0",
                "h1",
                "alpha",
                "beta",
                "metric",
                "capped",
            )
        }
        d["bounds"] = list(self.bounds)
        return d


def _hypotheses(h0: float, h1: float, share: bool) -> tuple[float, float]:
    """``h0`` and ``h1`` checked: finite, different, and shares within [0, 1] when the values are."""
    lo, hi = (0.0, 1.0) if share else (-1e12, 1e12)
    why = "a share of games" if share else "the metric's mean"
    h0 = real_number(h0, "h0", lo, hi, why)
    h1 = real_number(h1, "h1", lo, hi, why)
    if h0 == h1:
        raise InvalidInputError(f"h0 and h1 must differ, got {h0} and {h1}")
    return h0, h1


def _sequential(
    run_units: Callable[[int], np.ndarray],
    h0: float,
    h1: float,
    alpha: float,
    beta: float,
    batch: int,
    max_units: int,
    min_units: int,
) -> tuple[str, int, float, np.ndarray, bool]:
    batch = whole_number(batch, "batch", 1, 10**7, "units are played a batch at a time")
    max_units = whole_number(max_units, "max_units", 1, 10**7, "the test stops there")
    min_units = whole_number(min_units, "min_units", 1, 10**7, "the test may stop from there on")
    n = 0
    while True:
        n = min(max_units, n + batch)
        values = run_units(n)
        decision, used, llr = sprt_decide(values, h0, h1, alpha, beta, min_units)
        if decision != "undecided":
            return decision, used, llr, values[:used], False
        if n >= max_units:
            return decision, used, llr, values, True


def compare(
    game_a: Game,
    game_b: Game | None = None,
    *,
    challenger=None,
    baseline=None,
    agents: Sequence[Any] | None = None,
    metric: Metric | str | None = None,
    h0: float | None = None,
    h1: float | None = None,
    alpha: float = 0.05,
    beta: float = 0.05,
    seed: int = 0,
    batch: int = 50,
    max_units: int = 5000,
    min_units: int = MIN_UNITS,
    store: str | os.PathLike | None = None,
    **sim,
) -> Comparison:
    """Sequential, paired comparison. Two forms:

    * agents: ``compare(game, challenger=A, baseline=B)``. A sits in one seat and B in the others,
      rotated through every seat on common seeds; a unit's value is A's score over the rotation
      (a win 1, a draw 1/players). Default hypotheses: H0 ``1/players``, H1 ``1/players + 0.05``.
    * variants: ``compare(game_a, game_b, agents=[...], metric=...)``. The same agents play both
      games on the same seeds, seats rotated; a unit's value is the metric under ``game_a`` minus
      under ``game_b`` (default metric: seat 0 wins). Default hypotheses: H0 0, H1 0.05.

    ``metric`` is a callable on a simulation table returning one value per game, or a column
    name. Extra keywords (``workers``, ``backend``, ``chunk_size``, ``max_actions``,
    ``scheduler``) go to :func:`~negenlab.core.simulate.simulate`; ``store`` makes the run
    resumable and lets a later call with a higher ``max_units`` continue it.
    """
    store_a = store_b = None
    if store is not None:
        store_a, store_b = Path(store) / "a", Path(store) / "b"
    if game_b is None:
        if challenger is None or baseline is None or agents is not None:
            raise InvalidInputError(
                "compare(game, challenger=..., baseline=...) compares two agents; "
                "compare(game_a, game_b, agents=[...]) compares two games"
            )
        P = game_a.num_players
        h0 = 1 / P if h0 is None else h0
        h1 = h0 + 0.05 if h1 is None else h1
        h0, h1 = _hypotheses(h0, h1, share=True)
        if metric is not None:
            raise InvalidInputError("an agent comparison scores the challenger's wins; give no metric")
        lineup = [challenger] + [baseline] * (P - 1)

        def run_units(n):
            # rotation r puts the challenger in seat r
            return _focus_values(seat_rotations(game_a, lineup, n, seed, store_a, **sim), seat_win)

        name, games_per_unit = "challenger's score", P
    else:
        if agents is None or challenger is not None or baseline is not None:
            raise InvalidInputError("compare(game_a, game_b, agents=[...]) needs the agents both games use")
        if game_a.num_players != game_b.num_players:
            raise InvalidInputError(
                f"the games seat {game_a.num_players} and {game_b.num_players} players; "
                "a paired comparison needs the same seats"
            )
        m = seat_win(0) if metric is None else (column(metric) if isinstance(metric, str) else metric)
        h0 = 0.0 if h0 is None else h0
        h1 = 0.05 if h1 is None else h1
        h0, h1 = _hypotheses(h0, h1, share=False)

        def run_units(n):
            def per_unit(game, where):
                frames = seat_rotations(game, agents, n, seed, where, **sim)
                return np.mean([m(df).to_numpy() for df in frames], axis=0)

            return per_unit(game_a, store_a) - per_unit(game_b, store_b)

        name, games_per_unit = f"difference in {getattr(m, '__name__', 'metric')}", 2 * game_a.num_players
    decision, used, llr, values, capped = _sequential(run_units, h0, h1, alpha, beta, batch, max_units, min_units)
    if game_b is None:  # a score over a rotation, 0 to 1
        est, lo, hi = mean_with_interval(values, bounds=(0.0, 1.0))
    else:  # differences
        est, lo, hi = mean_with_interval(values, outcomes=False)
    return Comparison(
        decision,
        used,
        used * games_per_unit,
        est,
        lo,
        hi,
        llr,
        sprt_bounds(alpha, beta),
        h0,
        h1,
        alpha,
        beta,
        name,
        capped,
        values,
    )


def sprt(
    game: Game,
    agents: Sequence[Any],
    metric: Metric | str | None = None,
    *,
    h0: float = 0.5,
    h1: float = 0.55,
    alpha: float = 0.05,
    beta: float = 0.05,
    seed: int = 0,
    batch: int = 100,
    max_games: int = 2000,
    min_games: int = MIN_UNITS,
    store: str | os.PathLike | None = None,
    **sim,
) -> Comparison:
    """One rate, decided sequentially: play seeded games of ``game`` with ``agents`` (seats
    fixed) until the SPRT on the metric (default: seat 0 wins) decides H0 ``h0`` against
    H1 ``h1``, or ``max_games`` are played. For "does the first player win more than half?"
    under self-play, where there is nothing to pair. Units are single games.

    >>> from negenlab.core.examples import Nim
    >>> from negenlab.core.agents import MCTSAgent
    >>> r = sprt(Nim((1, 2, 3)), [MCTSAgent(100), MCTSAgent(100)], seed=1)
    >>> r.decision, r.units, round(r.estimate, 2)
    ('H0', 100, 0.0)
    """
    m = seat_win(0) if metric is None else (column(metric) if isinstance(metric, str) else metric)
    h0, h1 = _hypotheses(h0, h1, share=metric is None)

    def run_units(n):
        return m(simulate(game, agents, n, seed, store=store, progress=False, **sim)).to_numpy()

    decision, used, llr, values, capped = _sequential(run_units, h0, h1, alpha, beta, batch, max_games, min_games)
    est, lo, hi = mean_with_interval(values)
    name = getattr(m, "__name__", "metric")
    return Comparison(
        decision, used, used, est, lo, hi, llr, sprt_bounds(alpha, beta), h0, h1, alpha, beta, name, capped, values
    )


@dataclass
class Estimate:
    """What :func:`estimate` measured: the mean with its 95% interval, and why it stopped."""

    value: float
    lo: float
    hi: float
    n: int
    halfwidth: float
    reached: bool  # the interval is at least as narrow as asked
    capped: bool  # stopped by max_games first
    metric: str

    def __str__(self) -> str:
        why = (
            f"95% interval within +/-{self.halfwidth:g}"
            if self.reached
            else f"cap of {self.n} games reached before +/-{self.halfwidth:g}"
        )
        return f"{self.metric}: {self.value:.4f} [{self.lo:.4f}, {self.hi:.4f}], n={self.n} ({why})"

    def _repr_html_(self) -> str:
        import html

        colour = "#2e7d32" if self.reached else "#e69500"
        return f"<div style='border-left:4px solid {colour};padding:4px 10px'>{html.escape(str(self))}</div>"


def estimate(
    game: Game,
    agents: Sequence[Any],
    metric: Metric | str | None = None,
    *,
    halfwidth: float = 0.02,
    seed: int = 0,
    batch: int = 200,
    max_games: int = 20000,
    store: str | os.PathLike | None = None,
    **sim,
) -> Estimate:
    """Play seeded games in batches until the metric's 95% interval is within ``halfwidth`` of
    its mean, or ``max_games`` are played; the result says which. Default metric: seat 0 wins.
    The games are those of ``simulate(game, agents, n, seed)``, so the estimate for a given n is
    the same on any backend, and a ``store`` makes the run resumable.

    >>> from negenlab.core.examples import Nim
    >>> from negenlab.core.agents import RandomAgent
    >>> e = estimate(Nim((1, 2)), [RandomAgent(), RandomAgent()], halfwidth=0.05, batch=100)
    >>> e.reached, e.n <= 500
    (True, True)
    """
    halfwidth = real_number(halfwidth, "halfwidth", 0.0, 1e12, "the interval's half width", lo_open=True)
    batch = whole_number(batch, "batch", 1, 10**7, "games are played a batch at a time")
    max_games = whole_number(max_games, "max_games", 1, 10**7, "the run stops there")
    m = seat_win(0) if metric is None else (column(metric) if isinstance(metric, str) else metric)
    n = 0
    while True:
        n = min(max_games, n + batch)
        values = m(simulate(game, agents, n, seed, store=store, progress=False, **sim)).to_numpy()
        first = _first_narrow(values, halfwidth)
        if first is not None or n >= max_games:
            used = values[:first] if first is not None else values
            v, lo, hi = mean_with_interval(used)
            return Estimate(
                v, lo, hi, len(used), halfwidth, first is not None, first is None, getattr(m, "__name__", "metric")
            )


def _first_narrow(values: np.ndarray, halfwidth: float, min_n: int = 30) -> int | None:
    """The smallest n >= ``min_n`` whose first n values give an interval within ``halfwidth``
    (checked game by game, so the answer does not depend on the batch size)."""
    x = np.asarray(values, dtype=float)
    n = np.arange(1, len(x) + 1, dtype=float)
    if np.isin(x, (0.0, 1.0)).all():  # Wilson, as mean_with_interval
        p = np.cumsum(x) / n
        z2 = Z95**2
        half = Z95 * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        lo, hi = np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)
        wide = np.maximum(hi - p, p - lo)
    else:
        mean = np.cumsum(x) / n
        with np.errstate(invalid="ignore", divide="ignore"):
            var = (np.cumsum(x * x) - n * mean**2) / (n - 1)
            wide = Z95 * np.sqrt(np.maximum(var, 0)) / np.sqrt(n)
    ok = np.flatnonzero((n >= min_n) & (wide <= halfwidth + 1e-12))
    return int(ok[0]) + 1 if len(ok) else None


__all__ = [
    "compare",
    "estimate",
    "sprt",
    "Comparison",
    "Estimate",
    "sprt_bounds",
    "sprt_path",
    "sprt_decide",
    "mean_with_interval",
    "seat_win",
    "column",
    "seat_rotations",
]
