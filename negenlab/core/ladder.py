"""Strength ladders: does a game reward skill, and does it stop doing so at some budget?

A ladder is a list of agent specs from weakest to strongest (``random``, ``greedy``,
``mcts:200``, ``mcts:800``). :func:`skill_trace` plays each rung against the rung below it in
seat-rotated units on common seeds and decides each step with :func:`~negenlab.core.compare.compare`'s
SPRT (H0: the upper rung scores its fair share ``1/players``; H1: ``delta`` more). A game that
rewards skill shows every step above the fair share; a step that ends in H0 is where more
search stops paying. Every row carries the score with its 95% interval, the units and games
used, the decision, and whether the unit cap stopped the test first.

>>> from negenlab.core.examples import Nim
>>> from negenlab.core.agents import MCTSAgent, RandomAgent
>>> agents = {"random": RandomAgent(), "mcts:50": MCTSAgent(50)}
>>> t = skill_trace(Nim((1, 2, 3)), ["random", "mcts:50"], agents.__getitem__, seed=1, max_units=200)
>>> t[["rung", "below", "decision", "units"]].to_dict("records")
[{'rung': 'mcts:50', 'below': 'random', 'decision': 'H1', 'units': 100}]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd

from .claims import Measure, monte_carlo_error
from .compare import MIN_UNITS, compare
from .errors import InvalidInputError
from .game import Game
from .metrics import looks_until, rate_text

TRACE_COLUMNS = [
    "rung",
    "below",
    "score",
    "lo",
    "hi",
    "fair",
    "units",
    "games",
    "decision",
    "capped",
    "llr",
    "h0",
    "h1",
    "alpha",
    "beta",
    "looks",
]


def spec_folder(spec: str) -> str:
    """An agent spec as a folder name (``mcts:200`` is ``mcts-200``)."""
    return "".join(ch if ch.isalnum() else "-" for ch in spec)


def skill_trace(
    game: Game,
    rungs: Sequence[str],
    make_agent: Callable[[str], Any],
    *,
    seed: int = 0,
    delta: float = 0.05,
    alpha: float = 0.05,
    beta: float = 0.05,
    batch: int = 50,
    max_units: int = 400,
    min_units: int = MIN_UNITS,
    store: str | os.PathLike | None = None,
    progress: Callable[[str], None] | None = None,
    clear_alpha: float | None = None,
    **sim,
) -> pd.DataFrame:
    """One row per step up the ladder: rung ``k`` (challenger) against rung ``k-1`` (every
    other seat), seats rotated on common seeds, stopped by an SPRT or at ``max_units``.
    ``make_agent`` turns a spec into an agent (e.g. ``lambda s: games.make_agents("fen", s)[0]``).
    ``store`` keeps each step's games in a subfolder, so a rerun resumes. ``progress`` is called
    with a line per finished step. Extra keywords go to :func:`~negenlab.core.simulate.simulate`.

    ``clear_alpha``: a step the SPRT decided is played on, ``batch`` units at a time up to
    ``max_units``, until its interval at level ``1 - clear_alpha`` lies wholly on the decided side of
    the line between H0 and H1 (:func:`clears`), so that a page judging its verdicts at that level
    finds the step decided rather than marginal (a marginal result gets more games, not a verdict).
    The row's decision, LLR and ``capped`` are then the SPRT's at its stop (``sprt_units``, a column
    added with ``clear_alpha``); its score, interval, units and games count every unit played. These extra looks are why every verdict is also re-measured on
    a fresh seed. None: the SPRT's stop stands.
    """
    if len(rungs) < 2:
        raise InvalidInputError(f"a ladder needs two or more rungs, got {list(rungs)}")
    if len(set(rungs)) != len(rungs):
        raise InvalidInputError(f"the rungs must differ, got {list(rungs)}")
    fair = 1 / game.num_players
    looks = trace_looks(max_units, min_units)
    rows = []
    for below, rung in zip(rungs[:-1], rungs[1:], strict=True):
        where = None if store is None else Path(store) / f"{spec_folder(rung)}-vs-{spec_folder(below)}"
        step = partial(
            compare, game, challenger=make_agent(rung), baseline=make_agent(below), h0=fair, h1=fair + delta,
            alpha=alpha, beta=beta, seed=seed, batch=batch, store=where, **sim,
        )  # fmt: skip
        r = step(max_units=max_units, min_units=min_units)
        sprt = r  # the SPRT's decision and LLR stand as they were at its stop
        while (
            clear_alpha is not None
            and sprt.decision != "undecided"
            and not _clears(r, clear_alpha, sprt.decision, looks)
        ):
            if r.units >= max_units:
                break
            more = min(max_units, r.units + batch)  # the store keeps the units played: only the new ones are played
            r = step(max_units=more, min_units=more)
        row = {"rung": rung, "below": below, "score": r.estimate, "lo": r.lo, "hi": r.hi, "fair": fair}
        row.update({k: getattr(r, k) for k in ("units", "games", "h0", "h1")})
        row.update({k: getattr(sprt, k) for k in ("decision", "capped", "llr")})
        if clear_alpha is not None:
            row["sprt_units"] = sprt.units
        row.update({"alpha": alpha, "beta": beta, "looks": looks})
        rows.append(row)
        if progress is not None:
            on = f"; played on to {r.units} units: {r.estimate:.4f} [{r.lo:.4f}, {r.hi:.4f}]" if r is not sprt else ""
            progress(f"{rung} vs {below}: {sprt}{on}")
    return pd.DataFrame(rows, columns=TRACE_COLUMNS + (["sprt_units"] if clear_alpha is not None else []))


def trace_looks(max_units: int, min_units: int = MIN_UNITS) -> int:
    """How many looks a step of :func:`skill_trace` makes at most: its SPRT may stop at any unit from
    ``min_units`` to ``max_units`` (and a play-on stops within them too), so each is a look. A step's
    score is decided at the repeated-looks quantile of that many (:attr:`~negenlab.core.claims.Measure.looks`).

    >>> trace_looks(300), trace_looks(80, 40)
    (201, 41)
    """
    return looks_until(min(int(min_units), int(max_units)), 1, int(max_units))


def step_measure(row: Mapping[str, Any], looks: int) -> Measure:
    """A trace row's score as a measure over its units and games, looked at as often as the row's
    ``looks`` column says (a trace written before the column: ``looks``, its study's design).

    >>> step_measure({"score": .6, "lo": .55, "hi": .65, "units": 200, "games": 400}, trace_looks(300)).looks
    201
    """
    recorded = row.get("looks")
    if recorded is not None and not pd.isna(recorded):
        looks = int(recorded)
    m = Measure.of_interval(row["score"], row["lo"], row["hi"], int(row["units"]), int(row["games"]), bounds=(0.0, 1.0))
    return replace(m, looks=int(looks))


def clears(
    estimate: float,
    lo: float,
    hi: float,
    units: int,
    h0: float,
    h1: float,
    alpha: float,
    decision: str,
    looks: int = 1,
) -> bool:
    """Whether an estimate's interval at level ``1 - alpha`` (read off its 95% interval ``lo, hi``
    over ``units``, as the claims judge reads a committed row, at the repeated-looks quantile of
    ``looks`` looks: :meth:`~negenlab.core.claims.Measure.decision_z`) lies wholly above the line
    halfway between ``h0`` and ``h1`` for the ``decision`` "H1", or wholly below it for "H0", by at
    least its Monte Carlo error, as the judge asks (:func:`~negenlab.core.claims.monte_carlo_error`).

    >>> clears(0.63, 0.565, 0.695, 100, 0.5, 0.55, 0.05, "H1"), clears(0.63, 0.565, 0.695, 100, 0.5, 0.55, 0.001, "H1")
    (True, False)
    >>> clears(0.61, 0.545, 0.675, 100, 0.5, 0.55, 0.05, "H1")  # 2 points past the line, its error 3.3: a hair
    False
    """
    line = (h0 + h1) / 2
    m = replace(Measure.of_interval(estimate, lo, hi, units, bounds=(0.0, 1.0)), looks=int(looks))
    low, high = m.interval(m.decision_z(alpha))
    error = monte_carlo_error(m)
    return low - line >= error if decision == "H1" else line - high >= error


def _clears(r, alpha: float, decision: str, looks: int) -> bool:
    return clears(r.estimate, r.lo, r.hi, r.units, r.h0, r.h1, alpha, decision, looks)


def describe_steps(trace: pd.DataFrame) -> str:
    """The steps of a skill trace as one clause each, for a report's findings.

    >>> t = pd.DataFrame({"rung": ["greedy", "mcts:50"], "below": ["random", "greedy"], "score": [.71, .52],
    ...                   "lo": [.64, .49], "hi": [.78, .56], "units": [100, 300], "decision": ["H1", "undecided"],
    ...                   "capped": [False, True]})
    >>> describe_steps(t)
    'greedy scores 71.0% [64.0, 78.0] against random (H1 after 100 units); mcts:50 scores 52.0% [49.0, 56.0] against greedy (no decision after 300 units, the cap) (2 steps: 1 H1, 1 undecided)'
    >>> describe_steps(t.assign(sprt_units=[40, 300])).split(";")[0]
    'greedy scores 71.0% [64.0, 78.0] against random (H1 after 40 units, played on to 100 until its interval cleared or the cap)'
    """
    parts = []
    for r in trace.to_dict("records"):
        sprt = r.get("sprt_units")
        if r["decision"] == "undecided":
            how = f"no decision after {r['units']} units, the cap"
        elif sprt is not None and not pd.isna(sprt) and int(sprt) < int(r["units"]):
            how = f"{r['decision']} after {int(sprt)} units, played on to {r['units']} until its interval cleared or the cap"
        else:
            how = f"{r['decision']} after {r['units']} units"
        score = rate_text(float(r["score"]), float(r["lo"]), float(r["hi"]))
        parts.append(f"{r['rung']} scores {score} against {r['below']} ({how})")
    counts = trace["decision"].value_counts()
    tally = ", ".join(f"{int(counts.get(k, 0))} {k}" for k in ("H1", "H0", "undecided") if counts.get(k, 0))
    steps = f"{len(trace)} step" + ("s" if len(trace) != 1 else "")
    return "; ".join(parts) + f" ({steps}: {tally})"


__all__ = ["skill_trace", "describe_steps", "step_measure", "trace_looks", "TRACE_COLUMNS"]
