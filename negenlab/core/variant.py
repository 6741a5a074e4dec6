"""Try a variant: the same seeded games under the default Rules and under yours, side by side.

A designer changes a few Rules fields; :func:`try_variant` plays both rule sets on common seeds,
every seat rotation (a unit), in batches, and after each batch decides, per designer claim, whether
the variant shifts the claim's metric against the default: two one-sided SPRTs on the paired
differences (``higher`` by the claim's tolerance, ``lower`` by it, or ``no change``), each at 5%
error rates, both deciding from the same games. It stops when every claim is decided, at
``max_units``, or when ``on_batch`` asks it to (a Stop button). Each claim then gets the variant's
verdict: ``holds`` when the 95% interval of its metric lies inside the claim's target, ``fails``
outside, ``undecided`` across an edge. Variants that seat a different number of players cannot be
paired; their samples are compared unpaired (a normal-approximation interval on the difference) and
no SPRT is run.

>>> from negenlab.core.agents import RandomAgent
>>> from negenlab.core.examples import DiceRace
>>> claim = VariantClaim("a race lasts 8-12 moves", "length", target=(8, 12), unit="moves")
>>> r = try_variant(lambda f: DiceRace(**f), {"target": 30}, [RandomAgent(), RandomAgent()], [claim],
...                 max_units=100, progress=False)
>>> r.table.loc[0, "change"], r.findings[0].line()
('higher', 'fails · a race lasts 8-12 moves: 13.0 moves (n=200, 95% [12.55, 13.51]) · The default Rules give 3.1 [3.0, 3.3] moves (fails).')
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from .checks import whole_number
from .compare import MIN_UNITS, mean_with_interval, seat_rotations, sprt_decide
from .errors import InvalidInputError
from .findings import Finding, findings_table
from .game import Game
from .metrics import Z95, is_rate, judge_target, mean_interval, per_game_values, rate_text, value_text, wilson_interval

CHANGES = ("higher", "lower", "no change", "undecided", "not paired")
"""What the paired test says of a claim's metric under the variant against the default."""


@dataclass(frozen=True)
class VariantClaim:
    """A designer claim a variant run can judge from self-play: its ``metric`` (a name of
    :data:`~negenlab.core.metrics.METRICS` or a column of the game's simulate table), shown times
    ``scale`` in ``unit``, and its ``target`` interval in shown units, or ``fair``: the first seat's
    share within 1/players +- ``fair``. ``tolerance`` (shown units; default half the target's width)
    is the shift the SPRTs look for. ``values`` (a function of the simulate table giving one value
    per game) replaces the named metric; ``rate`` says its values are 0/1 outcomes.

    >>> VariantClaim("a game lasts 20-30 minutes", "turns", target=(20, 30), scale=0.5, unit="minutes").bounds(3)
    (20.0, 30.0)
    """

    claim: str
    metric: str
    target: tuple[float, float] | None = None
    fair: float | None = None
    scale: float = 1.0
    unit: str = ""
    tolerance: float | None = None
    values: Callable[[pd.DataFrame], np.ndarray] | None = None
    rate: bool = False

    def __post_init__(self) -> None:
        if (self.target is None) == (self.fair is None):
            raise InvalidInputError(f"claim {self.claim!r}: give a target interval or a fair-share width, not both")
        if self.target is not None and not self.target[0] < self.target[1]:
            raise InvalidInputError(f"claim {self.claim!r}: a target is (low, high) with low < high, got {self.target}")

    @property
    def is_rate(self) -> bool:
        """Whether the claim's per-game values are 0/1 outcomes (shown as a share)."""
        return self.fair is not None or self.rate or (self.values is None and is_rate(self.metric))

    def per_game(self, df: pd.DataFrame) -> np.ndarray:
        """The claim's value for each game of a simulate table."""
        return per_game_values(df, self.metric) if self.values is None else np.asarray(self.values(df), dtype=float)

    def bounds(self, players: int) -> tuple[float, float]:
        """The target in shown units for a game of ``players`` seats."""
        if self.target is not None:
            return float(self.target[0]), float(self.target[1])
        assert self.fair is not None
        return 1 / players - self.fair, 1 / players + self.fair

    def shift(self, players: int) -> float:
        """The shift the SPRTs look for, in the metric's own units."""
        lo, hi = self.bounds(players)
        return (self.tolerance if self.tolerance is not None else (hi - lo) / 2) / self.scale

    def text(self, value: float, lo: float | None = None, hi: float | None = None, n: int | None = None) -> str:
        """A value of the metric in shown units, as the pages write it."""
        if self.is_rate:
            return rate_text(value, lo, hi, n)
        k = self.scale
        shown = value_text(value * k, None if lo is None else lo * k, None if hi is None else hi * k, n, digits=1)
        return f"{shown} {self.unit}".rstrip()


@dataclass
class VariantResult:
    """A variant run: ``table`` (one row per claim: the default and the variant with 95% intervals,
    the paired difference, the SPRTs' ``change`` and each side's verdict), ``findings`` (the
    variant's verdict per claim, as the report pages show them), the Rules fields of both sides and
    how the run ended."""

    table: pd.DataFrame
    findings: list[Finding]
    fields: dict[str, Any]
    units: int
    games: int
    paired: bool
    stopped: bool = False
    capped: bool = False
    command: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "variant": self.fields,
            "units": self.units,
            "games": self.games,
            "paired": self.paired,
            "stopped": self.stopped,
            "capped": self.capped,
            "verdicts": [f.to_dict() for f in self.findings],
            "metrics": json.loads(self.table.to_json(orient="records")),
            **self.extra,
        }

    def _repr_html_(self) -> str:
        shown = ", ".join(f"{k}={v}" for k, v in self.fields.items()) or "the default"
        end = "stopped" if self.stopped else ("cap reached" if self.capped else "every claim decided")
        return (
            f"<p>{shown} against the default Rules: {self.units} units, {self.games} games ({end})</p>"
            + findings_table(self.findings).to_html(index=False)
        )


def try_variant(
    make_game: Callable[[dict[str, Any]], Game],
    fields: Mapping[str, Any],
    agents: Sequence[Any] | Callable[[Game], Sequence[Any]],
    claims: Sequence[VariantClaim],
    *,
    seed: int = 2024,
    batch: int = 50,
    max_units: int = 400,
    store: str | Path | None = None,
    progress: bool = True,
    on_batch: Callable[[int, int], bool | None] | None = None,
    command: str | None = None,
    **sim: Any,
) -> VariantResult:
    """Play the default Rules (``make_game({})``) and the variant (``make_game(fields)``) on common
    seeds until every claim is decided (see the module docstring); ``agents`` are the players, or a
    function of the game giving them. ``on_batch(units, max_units)`` is called after each batch and
    stops the run when it returns True. ``store`` keeps the games (a rerun resumes); extra keywords
    (``workers``, ``backend``) go to :func:`~negenlab.core.simulate.simulate`."""
    if not claims:
        raise InvalidInputError("no claim to judge; give at least one VariantClaim")
    batch = whole_number(batch, "batch", 1, 100_000, "units are played a batch at a time")
    max_units = whole_number(max_units, "max_units", 1, 1_000_000, "the run stops there")
    variant, default = make_game(dict(fields)), make_game({})
    players_v = list(agents(variant)) if callable(agents) else list(agents)
    players_d = list(agents(default)) if callable(agents) else list(agents)
    paired = variant.num_players == default.num_players
    if store is None:
        with tempfile.TemporaryDirectory() as where:
            return try_variant(
                make_game, fields, agents, claims, seed=seed, batch=batch, max_units=max_units, store=where,
                progress=progress, on_batch=on_batch, command=command, **sim,
            )  # fmt: skip
    bar = tqdm(total=max_units, desc="variant", unit="unit", disable=not progress)
    n, stopped = 0, False
    while True:
        n = min(max_units, n + batch)
        runs_v = seat_rotations(variant, players_v, n, seed, Path(store) / "variant", **sim)
        runs_d = seat_rotations(default, players_d, n, seed, Path(store) / "default", **sim)
        rows = [_claim_row(c, runs_v, runs_d, paired, variant.num_players, default.num_players) for c in claims]
        bar.update(n - bar.n)
        if on_batch is not None and on_batch(n, max_units):
            stopped = True
            break
        if n >= max_units or all(
            r["change"] not in ("undecided",) and r["variant_verdict"] != "undecided" for r in rows
        ):
            break
    bar.close()
    table = pd.DataFrame(rows)
    capped = not stopped and bool(
        (table["change"] == "undecided").any() or (table["variant_verdict"] == "undecided").any()
    )
    games = n * (variant.num_players + default.num_players)
    shown = ", ".join(f"{k}={v}" for k, v in fields.items()) or "the default Rules"
    findings = [_finding(c, r, shown, command) for c, r in zip(claims, rows, strict=True)]
    return VariantResult(table, findings, dict(fields), n, games, paired, stopped, capped, command)


def _unit_values(runs: list[pd.DataFrame], c: VariantClaim) -> np.ndarray:
    """Per unit, the mean over its seat rotations of the claim's per-game values."""
    return np.mean([c.per_game(df) for df in runs], axis=0)


def _estimate(runs: list[pd.DataFrame], c: VariantClaim) -> tuple[float, float, float, int]:
    x = np.concatenate([c.per_game(df) for df in runs])
    if c.is_rate:
        lo, hi = wilson_interval(int(x.sum()), len(x))
        return float(x.mean()), lo, hi, len(x)
    e = mean_interval(x)
    return e["value"], e["lo"], e["hi"], len(x)


VERDICT = {"met": "holds", "missed": "fails", "undecided": "undecided"}


def _claim_row(c: VariantClaim, runs_v, runs_d, paired: bool, players_v: int, players_d: int) -> dict[str, Any]:
    v, v_lo, v_hi, v_n = _estimate(runs_v, c)
    d, d_lo, d_hi, d_n = _estimate(runs_d, c)
    k = 1.0 if c.is_rate else c.scale
    delta = c.shift(players_v)
    row: dict[str, Any] = {
        "claim": c.claim,
        "metric": c.metric,
        "unit": "share" if c.is_rate else c.unit,
        "target_lo": c.bounds(players_v)[0],
        "target_hi": c.bounds(players_v)[1],
        "default": d * k,
        "default_lo": d_lo * k,
        "default_hi": d_hi * k,
        "default_n": d_n,
        "variant": v * k,
        "variant_lo": v_lo * k,
        "variant_hi": v_hi * k,
        "variant_n": v_n,
        "default_verdict": VERDICT[judge_target(d_lo * k, d_hi * k, c.bounds(players_d))],
        "variant_verdict": VERDICT[judge_target(v_lo * k, v_hi * k, c.bounds(players_v))],
    }
    if paired:
        diff = _unit_values(runs_v, c) - _unit_values(runs_d, c)
        est, lo, hi = mean_with_interval(diff, outcomes=False)
        up, down = sprt_decide(diff, 0.0, delta)[0], sprt_decide(diff, 0.0, -delta)[0]
        change = (
            "higher" if up == "H1" else "lower" if down == "H1" else "no change" if up == down == "H0" else "undecided"
        )
    else:
        est = v - d
        half = Z95 * math.sqrt(((v_hi - v_lo) / (2 * Z95)) ** 2 + ((d_hi - d_lo) / (2 * Z95)) ** 2)
        lo, hi, change = est - half, est + half, "not paired"
    row |= {"shift": est * k, "shift_lo": lo * k, "shift_hi": hi * k, "tolerance": delta * k, "change": change}
    return row


def _finding(c: VariantClaim, r: dict[str, Any], shown: str, command: str | None) -> Finding:
    rate = c.is_rate
    k = 1.0 if rate else c.scale

    def text(side: str, interval: bool) -> str:
        v, lo, hi = r[side] / k, r[f"{side}_lo"] / k, r[f"{side}_hi"] / k
        return c.text(v, lo, hi) if interval else c.text(v)

    what = {
        "higher": "higher than under the default",
        "lower": "lower than under the default",
        "no change": "no different from the default",
        "undecided": "not yet told apart from the default",
        "not paired": "compared unpaired with the default (other seats)",
    }[r["change"]]
    lo, hi = r["target_lo"], r["target_hi"]
    target = f"{rate_text(lo)}-{rate_text(hi)}" if rate else f"{lo:g}-{hi:g} {c.unit}".rstrip()
    default = text("default", True)
    return Finding(
        c.claim,
        r["variant_verdict"],
        text("variant", rate),
        n=int(r["variant_n"]),
        interval=None if rate else (round(r["variant_lo"], 2), round(r["variant_hi"], 2)),
        sentence=f"Under {shown}: {text('variant', True)}, {what} ({default}); the claim asks for {target}.",
        change=None
        if r["variant_verdict"] != "fails"
        else f"The default Rules give {default} ({r['default_verdict']}).",
        detail=f"Paired shift per unit {r['shift']:.3g} [{r['shift_lo']:.3g}, {r['shift_hi']:.3g}]; two one-sided "
        f"SPRTs (alpha = beta = 0.05, from {MIN_UNITS} units on) for a shift of {r['tolerance']:.3g} either way: "
        f"{r['change']}.",
        section="Try a variant",
        command=command,
    )


__all__ = ["CHANGES", "VariantClaim", "VariantResult", "try_variant"]
