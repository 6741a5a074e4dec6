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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from .compare import MIN_UNITS, compare
from .errors import InvalidInputError
from .game import Game
from .metrics import rate_text

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
]


def _slug(spec: str) -> str:
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
    **sim,
) -> pd.DataFrame:
    """One row per step up the ladder: rung ``k`` (challenger) against rung ``k-1`` (every
    other seat), seats rotated on common seeds, stopped by an SPRT or at ``max_units``.
    ``make_agent`` turns a spec into an agent (e.g. ``lambda s: games.make_agents("fen", s)[0]``).
    ``store`` keeps each step's games in a subfolder, so a rerun resumes. ``progress`` is called
    with a line per finished step. Extra keywords go to :func:`~negenlab.core.simulate.simulate`.
    """
    if len(rungs) < 2:
        raise InvalidInputError(f"a ladder needs two or more rungs, got {list(rungs)}")
    if len(set(rungs)) != len(rungs):
        raise InvalidInputError(f"the rungs must differ, got {list(rungs)}")
    fair = 1 / game.num_players
    rows = []
    for below, rung in zip(rungs[:-1], rungs[1:], strict=True):
        where = None if store is None else Path(store) / f"{_slug(rung)}-vs-{_slug(below)}"
        r = compare(
            game,
            challenger=make_agent(rung),
            baseline=make_agent(below),
            h0=fair,
            h1=fair + delta,
            alpha=alpha,
            beta=beta,
            seed=seed,
            batch=batch,
            max_units=max_units,
            min_units=min_units,
            store=where,
            **sim,
        )
        row = {"rung": rung, "below": below, "score": r.estimate, "lo": r.lo, "hi": r.hi, "fair": fair}
        row.update({k: getattr(r, k) for k in ("units", "games", "decision", "capped", "llr", "h0", "h1")})
        row.update({"alpha": alpha, "beta": beta})
        rows.append(row)
        if progress is not None:
            progress(f"{rung} vs {below}: {r}")
    return pd.DataFrame(rows, columns=TRACE_COLUMNS)


def describe_steps(trace: pd.DataFrame) -> str:
    """The steps of a skill trace as one clause each, for a report's findings.

    >>> t = pd.DataFrame({"rung": ["greedy", "mcts:50"], "below": ["random", "greedy"], "score": [.71, .52],
    ...                   "lo": [.64, .49], "hi": [.78, .56], "units": [100, 300], "decision": ["H1", "undecided"],
    ...                   "capped": [False, True]})
    >>> describe_steps(t)
    'greedy scores 71.0% [64.0, 78.0] against random (H1 after 100 units); mcts:50 scores 52.0% [49.0, 56.0] against greedy (no decision after 300 units, the cap) (2 steps: 1 H1, 1 undecided)'
    """
    parts = []
    for r in trace.to_dict("records"):
        if r["decision"] == "undecided":
            how = f"no decision after {r['units']} units, the cap"
        else:
            how = f"{r['decision']} after {r['units']} units"
        score = rate_text(float(r["score"]), float(r["lo"]), float(r["hi"]))
        parts.append(f"{r['rung']} scores {score} against {r['below']} ({how})")
    counts = trace["decision"].value_counts()
    tally = ", ".join(f"{int(counts.get(k, 0))} {k}" for k in ("H1", "H0", "undecided") if counts.get(k, 0))
    steps = f"{len(trace)} step" + ("s" if len(trace) != 1 else "")
    return "; ".join(parts) + f" ({steps}: {tally})"


__all__ = ["skill_trace", "describe_steps", "TRACE_COLUMNS"]
