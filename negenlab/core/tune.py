"""A rules tuner: search Rules fields for settings whose self-play meets designer targets.

Each trial is one setting of the fields in ``space``, measured by ``games_per_trial`` seeded games
(the same seed for every trial: common random numbers). Optuna's TPE sampler, seeded, proposes the
settings one after another, so the trials and their order depend only on the seed. The objective is
how far each metric's mean lies outside its target interval (in target widths), plus a little for
how far it lies from the target's middle. The best distinct settings are then measured again on
the next seed with ``confirm_factor`` times the games, and each target is judged on that fresh
sample: met (the 95% interval lies inside the target), missed (outside) or undecided. Given a
``baseline`` (the fields of the default Rules), each confirmed setting is also compared with it by
:func:`~negenlab.core.compare.compare`'s paired SPRT, per target the default misses: H0 no shift, H1
the shift from the default's value to the target's middle: the setting moves the metric at least
about half way there (``toward target``), less than that (``falls short``; the shift and its
interval say how far it got), or the test reached its unit cap first (``undecided``). Whether a
shift overshoots shows in the target's own verdict (met, missed, undecided).

>>> from negenlab.core.agents import RandomAgent
>>> from negenlab.core.examples import DiceRace
>>> r = tune(lambda f: DiceRace(target=f["target"]), {"target": (5, 15)}, {"length": (8, 12)},
...          [RandomAgent(), RandomAgent()], budget=4, games_per_trial=20, progress=False)
>>> r.evaluations, list(r.table.columns[:3])
(4, ['target', 'length', 'length_lo'])
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import optuna
import pandas as pd
from tqdm.auto import tqdm

from .checks import whole_number
from .claims import ALPHA, Measure, Rule, verdict_of
from .compare import compare
from .errors import InvalidInputError, StoreCorruptError, StoreMismatchError
from .files import FolderLock, read_bytes, writable, write_atomic
from .game import Game
from .metrics import METRICS, is_rate, metric_estimate, per_game_values, value_text
from .simulate import simulate

optuna.logging.set_verbosity(optuna.logging.WARNING)


@dataclass
class TuneResult:
    """The tuner's answer: ``table`` (one row per confirmed setting, best first: its fields, each
    metric with its 95% interval and n on the fresh sample, and per target met / missed /
    undecided), ``trials`` (every trial's setting, estimates and objective) and the evaluations spent."""

    table: pd.DataFrame
    trials: pd.DataFrame
    evaluations: int
    targets: dict[str, tuple[float, float]] = field(default_factory=dict)
    default: dict[str, Any] | None = None  # the default Rules on the confirmation sample, when compared
    command: str | None = None
    fields: list[str] = field(default_factory=list)  # the Rules fields searched (or fixed)

    @property
    def best(self) -> dict[str, Any]:
        return self.table.iloc[0].to_dict() if len(self.table) else {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "evaluations": self.evaluations,
            "fields": self.fields,
            "targets": {k: list(v) for k, v in self.targets.items()},
            "default": None if self.default is None else {k: _plain(v) for k, v in self.default.items()},
            "candidates": json.loads(self.table.to_json(orient="records")),
            "trials": json.loads(self.trials.to_json(orient="records")),
        }

    def _repr_html_(self) -> str:
        return f"<p>{self.evaluations} trials; best first:</p>" + self.table.to_html(index=False)


MAX_RANGE_END = 1e15
"""The largest end (either sign) of a searched field's range: within it every whole number is a
64-bit float, so the search can draw any value of the range; no Rules field comes near it."""


def _searchable(value: Any) -> bool:
    """A number (not a bool) that is finite and within :data:`MAX_RANGE_END`."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return (
        abs(value) <= MAX_RANGE_END if isinstance(value, int) else math.isfinite(value) and abs(value) <= MAX_RANGE_END
    )


def _short(value: Any) -> str:
    """A number as a short text (a whole number of thousands of digits is cut)."""
    if isinstance(value, float):
        return f"{value:.3g}"
    if isinstance(value, int) and abs(value) > MAX_RANGE_END:
        return f"{value:.3e}" if abs(value) < 10**308 else "a number past 1e308"
    return str(value)[:40]


def _check(space: Mapping[str, Any], targets: Mapping[str, Any]) -> None:
    if not space:
        raise InvalidInputError("the search space is empty; give at least one Rules field and its range")
    for name, rng in space.items():
        if isinstance(rng, tuple):
            if len(rng) == 2 and not all(_searchable(v) for v in rng):
                raise InvalidInputError(
                    f"field {name!r}: a range's ends are finite numbers within +-{MAX_RANGE_END:.0e} (the search draws "
                    f"from it in 64-bit floats), got {_short(rng[0])}..{_short(rng[1])}"
                )
            if len(rng) != 2 or not rng[0] < rng[1]:
                raise InvalidInputError(f"field {name!r}: a range is (low, high) with low < high, got {rng!r}")
        elif not isinstance(rng, list) or not rng:
            raise InvalidInputError(f"field {name!r}: expected a (low, high) range or a non-empty list of choices")
    if not targets:
        raise InvalidInputError(f"no target given; expected one or more of {', '.join(METRICS)}")
    for name, target in targets.items():
        if not isinstance(target, tuple | list) or len(target) != 2:
            raise InvalidInputError(f"target {name!r}: expected a (low, high) pair, got {target!r}")
        lo, hi = target
        if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in target):
            raise InvalidInputError(f"target {name!r}: both ends must be finite numbers, got {target!r}")
        if not lo < hi:
            raise InvalidInputError(f"target {name!r}: expected low < high, got {target!r}")
        floor, ceiling, what = METRIC_RANGES.get(name, (-math.inf, math.inf, ""))
        if lo < floor or hi > ceiling:
            raise InvalidInputError(
                f"target {name!r}: {lo:g}..{hi:g} reaches outside what {what} can be ({floor:g} to {ceiling:g}), so "
                "the target could be judged met without meaning anything; give a target within it"
            )


METRIC_RANGES = {
    "seat_share": (0.0, 1.0, "a share of games"),
    "draw_rate": (0.0, 1.0, "a share of games"),
    "length": (0.0, math.inf, "a number of decisions"),
}
"""The values each named metric can take: a target must lie within them."""
TARGET_WORDS = {"holds": "met", "fails": "missed", "undecided": "undecided"}


def target_verdict(estimate: Mapping[str, float], target: tuple[float, float], rate: bool, family: int = 1) -> str:
    """``met``, ``missed`` or ``undecided``: a metric's estimate (value, 95% lo and hi, n) against a
    target band, judged by the one judge (:func:`negenlab.core.claims.verdict_of`) at level
    ``1 - 5% / family``, the family being every target judged on the confirmation sample.

    >>> target_verdict({"value": 0.5, "lo": 0.48, "hi": 0.52, "n": 2400}, (0.45, 0.55), rate=True)
    'met'
    >>> target_verdict({"value": 0.5, "lo": 0.46, "hi": 0.54, "n": 600}, (0.45, 0.55), rate=True)  # by a hair
    'undecided'
    """
    m = Measure.of_interval(estimate["value"], estimate["lo"], estimate["hi"], int(estimate["n"]), rate=rate)
    return TARGET_WORDS[verdict_of(Rule("between", lo=target[0], hi=target[1]), m, ALPHA / max(1, family))]


def _suggest(trial: optuna.Trial, space: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, rng in space.items():
        if isinstance(rng, list):
            out[name] = trial.suggest_categorical(name, rng)
        elif all(isinstance(v, int) and not isinstance(v, bool) for v in rng):
            out[name] = trial.suggest_int(name, rng[0], rng[1])
        else:
            out[name] = trial.suggest_float(name, float(rng[0]), float(rng[1]))
    return out


def _distributions(space: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, rng in space.items():
        if isinstance(rng, list):
            out[name] = optuna.distributions.CategoricalDistribution(rng)
        elif all(isinstance(v, int) and not isinstance(v, bool) for v in rng):
            out[name] = optuna.distributions.IntDistribution(rng[0], rng[1])
        else:
            out[name] = optuna.distributions.FloatDistribution(float(rng[0]), float(rng[1]))
    return out


def _objective(estimates: Mapping[str, dict], targets: Mapping[str, tuple[float, float]]) -> float:
    total = 0.0
    for name, (lo, hi) in targets.items():
        v, width = estimates[name]["value"], hi - lo
        total += max(lo - v, 0.0, v - hi) / width + 1e-3 * abs(v - (lo + hi) / 2) / width
    return total


class _TrialStore:
    """Finished trials as JSON lines in ``folder/trials.jsonl``, under a header naming the run; each
    line carries the SHA-256 of its record. A last line cut short by a kill (no newline) is dropped
    and its trial replayed; any other damaged line is refused, naming the file and the line. One
    tuning run writes a store at a time (:class:`~negenlab.core.files.FolderLock`). Stores written
    before the checksums (no ``format`` in the header) are read as they are, their new lines checked."""

    FORMAT = 2

    def __init__(self, folder: str | Path, identity: dict[str, Any]):
        self.folder = Path(folder)
        self.path = self.folder / "trials.jsonl"
        self.identity = hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()[:16]
        if self.folder.exists() and not self.folder.is_dir():
            raise StoreCorruptError(f"tuning store {self.folder} is a file, expected a folder")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.lock = FolderLock(self.folder, "tuning store").acquire()
        if not os.path.lexists(self.path):
            write_atomic(self.path, json.dumps({"run": self.identity, "format": self.FORMAT}) + "\n")

    def close(self) -> None:
        self.lock.release()

    def _bad(self, line: int, why: str) -> StoreCorruptError:
        return StoreCorruptError(
            f"tuning store {self.path}, line {line}: {why}; discard the store with `rm -r {self.folder}` (the next run "
            "replays its trials)"
        )

    def load(self) -> list[dict[str, Any]]:
        text = read_bytes(self.path, "tuning store").decode("utf-8", errors="replace")
        lines = text.split("\n")
        complete, cut = lines[:-1], lines[-1]  # what follows the last newline was cut short
        if cut and writable(self.folder):
            write_atomic(self.path, "".join(line + "\n" for line in complete))  # the cut trial is replayed
        try:
            header = json.loads(complete[0]) if complete else None
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("run") != self.identity:
            raise StoreMismatchError(
                f"tuning store {self.path} holds another run (other game, space, targets, agents or seed); "
                f"use another --store or delete {self.path}"
            )
        checked = header.get("format") == self.FORMAT
        records = []
        for i, line in enumerate(complete[1:], start=2):
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                raise self._bad(i, "not a JSON record") from None
            if not isinstance(entry, dict):
                raise self._bad(i, "not a JSON object")
            if "sha256" in entry or checked:
                record = entry.get("record")
                if not isinstance(record, dict) or entry.get("sha256") != _digest(record):
                    raise self._bad(i, "its checksum does not match its record: the line was changed")
                entry = record
            records.append(entry)
        return records

    def add(self, record: dict[str, Any]) -> None:
        line = json.dumps({"record": record, "sha256": _digest(record)}, default=float)
        with self.path.open("a") as fh:
            fh.write(line + "\n")


def _digest(record: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True, default=float).encode()).hexdigest()


def tune(
    make_game: Callable[[dict[str, Any]], Game],
    space: Mapping[str, Any],
    targets: Mapping[str, tuple[float, float]],
    agents: Sequence[Any] | Callable[[Game], Sequence[Any]],
    budget: int = 20,
    games_per_trial: int = 100,
    seed: int = 2024,
    confirm: int = 3,
    confirm_factor: int = 4,
    workers: int | None = 1,
    backend: str | None = None,
    store: str | Path | None = None,
    progress: bool = True,
    identity: Mapping[str, Any] | None = None,
    baseline: Mapping[str, Any] | None = None,
    max_units: int = 300,
) -> TuneResult:
    """Search the Rules fields of ``space`` (``(low, high)`` ranges, ints or floats, or lists of choices)
    for settings whose self-play meets ``targets`` (metric -> ``(low, high)``; a metric of
    :data:`METRICS` or any numeric column of the game's simulate table, e.g. Negen's ``turns``), with ``budget`` trials; ``make_game(fields)`` builds the game and ``agents`` are
    the players (or a function of the game giving them). See the module docstring for how trials are
    judged and confirmed. ``store`` (a folder) keeps finished trials: a rerun with the same arguments
    replays them instead of playing them again, and gives the same table; a rerun with a larger
    budget continues after them (its new trials follow the sampler from the recorded ones, so they
    may differ from those of one uninterrupted run). ``identity`` names the run for the store
    (default: the space, targets, sizes and seed). ``baseline`` (the fields ``make_game`` builds the
    default game from, e.g. ``{}``) adds the paired SPRT against the default for each confirmed
    setting, at most ``max_units`` seat-rotated units each (kept in ``store`` too)."""
    _check(space, targets)
    budget = whole_number(budget, "budget", 1, 10_000, "trials are played one after another")
    games_per_trial = whole_number(games_per_trial, "games_per_trial", 1, 10**6, "each trial plays them")
    confirm = whole_number(confirm, "confirm", 0, 100, "each confirmed setting is played again")
    max_units = whole_number(max_units, "max_units", 1, 10**6, "each comparison with the default stops there")
    targets = {k: (float(v[0]), float(v[1])) for k, v in targets.items()}

    def players_of(game: Game) -> list[Any]:
        return list(agents(game)) if callable(agents) else list(agents)

    def measure(fields: Mapping[str, Any], n: int, trial_seed: int) -> dict[str, dict]:
        game = make_game(dict(fields))
        df = simulate(game, players_of(game), n, trial_seed, workers=workers, backend=backend, progress=False)
        return {m: metric_estimate(df, m) for m in targets}

    run = dict(identity or {}) | {
        "space": {k: list(v) if isinstance(v, tuple) else v for k, v in space.items()},
        "targets": targets,
        "games_per_trial": games_per_trial,
        "seed": seed,
    }
    trial_store = _TrialStore(store, run) if store is not None else None
    try:
        study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
        distributions = _distributions(space)
        held = trial_store.load() if trial_store is not None else []
        records = [rec for rec in held if "fields" in rec]
        decided = {rec["versus"]: rec["outcome"] for rec in held if "versus" in rec}  # comparisons with the default
        for rec in records[:budget]:
            study.add_trial(
                optuna.trial.create_trial(params=rec["fields"], distributions=distributions, value=rec["objective"])
            )
        done = min(len(records), budget)
        bar = tqdm(total=budget, desc="tune", unit="trial", disable=not progress, initial=done)
        rows = [{**rec["fields"], **_flat(rec["estimates"]), "objective": rec["objective"]} for rec in records[:budget]]
        for _ in range(budget - done):
            trial = study.ask()
            fields = _suggest(trial, space)
            estimates = measure(fields, games_per_trial, seed)
            value = _objective(estimates, targets)
            study.tell(trial, value)
            if trial_store is not None:
                trial_store.add({"fields": fields, "estimates": estimates, "objective": value})
            rows.append({**fields, **_flat(estimates), "objective": value})
            bar.update(1)
        bar.close()
        trials = pd.DataFrame(rows)
        ranked = trials.drop_duplicates(subset=list(space)).sort_values("objective", kind="stable").head(confirm)
        default = None
        family = (len(ranked) + (baseline is not None)) * len(targets)  # every target judged on the fresh sample
        if baseline is not None and len(ranked):
            default = {**dict(baseline), **_flat(measure(baseline, games_per_trial * confirm_factor, seed + 1))}
            for name, target in targets.items():
                default[f"{name}_target"] = target_verdict(
                    {k: default[f"{name}{s}"] for k, s in (("value", ""), ("lo", "_lo"), ("hi", "_hi"), ("n", "_n"))},
                    target, is_rate(name), family,
                )  # fmt: skip
        confirmed = []
        for row in ranked[list(space)].to_dict("records"):  # per column, so an int field stays an int
            fields = {k: _plain(row[k]) for k in space}
            estimates = measure(fields, games_per_trial * confirm_factor, seed + 1)
            out: dict[str, Any] = {**fields, **_flat(estimates)}
            for name, target in targets.items():
                out[f"{name}_target"] = target_verdict(estimates[name], target, is_rate(name), family)
            out["targets_met"] = sum(out[f"{m}_target"] == "met" for m in targets)
            out["all_met"] = out["targets_met"] == len(targets)
            if default is not None:
                for name, target in targets.items():
                    key = f"{_slug(fields)} {name} max_units={max_units}"
                    if key not in decided:  # the store keeps each outcome, not its games
                        decided[key] = _versus_default(
                            make_game, players_of, fields, baseline, name, target, default, seed + 2, max_units,
                            workers=workers, backend=backend,
                        )  # fmt: skip
                        if trial_store is not None:
                            trial_store.add({"versus": key, "outcome": decided[key]})
                    out |= decided[key]
            confirmed.append(out)
        table = pd.DataFrame(confirmed)
        if len(table):  # most targets met first, then the search's order (its objective)
            table = table.sort_values("targets_met", ascending=False, kind="stable").reset_index(drop=True)
        return TuneResult(table, trials, evaluations=len(trials), targets=targets, default=default, fields=list(space))
    finally:
        if trial_store is not None:
            trial_store.close()


VERSUS = ("toward target", "falls short", "undecided", "default meets it")
"""What the paired SPRT against the default says of a setting, per target (``<metric>_vs_default``)."""


def _versus_default(
    make_game, players_of, fields, baseline, metric, target, default, seed, max_units, **sim
) -> dict[str, Any]:
    """The paired SPRT of ``fields`` against ``baseline`` on ``metric``: per seat-rotated unit, the
    setting's mean minus the default's on the same seeds. H0: no shift; H1: the shift from the
    default's value to the target's middle. A target the default meets needs no test. The games are
    kept in a temporary folder while the test runs (the tuner's store keeps the outcome)."""
    key = f"{metric}_vs_default"
    if default[f"{metric}_target"] == "met":
        return {key: "default meets it"}
    gap = (target[0] + target[1]) / 2 - default[metric]
    game_a, game_b = make_game(dict(fields)), make_game(dict(baseline))
    if game_a.num_players != game_b.num_players:
        return {key: "not comparable (other seats)"}
    with tempfile.TemporaryDirectory() as where:  # compare replays its games from a store at each batch
        r = compare(
            game_a, game_b, agents=players_of(game_a), metric=lambda df: pd.Series(per_game_values(df, metric)),
            h0=0.0, h1=gap, seed=seed, batch=50, max_units=max_units, store=where, **sim,
        )  # fmt: skip
    return {
        key: {"H1": "toward target", "H0": "falls short"}.get(r.decision, "undecided"),
        f"{metric}_shift": r.estimate,
        f"{metric}_shift_lo": r.lo,
        f"{metric}_shift_hi": r.hi,
        f"{metric}_shift_units": r.units,
        f"{metric}_shift_capped": r.capped,
    }


def setting_text(run: Mapping[str, Any], candidate: Mapping[str, Any]) -> str:
    """A committed run's candidate setting in words: its searched fields as ``field=value``.

    >>> setting_text({"fields": ["n", "e"]}, {"n": 1, "e": 3, "seat_share": 0.5})
    'n=1, e=3'
    """
    return ", ".join(f"{k}={candidate[k]}" for k in run.get("fields", []) if k in candidate)


def versus_text(candidate: Mapping[str, Any], metric: str, unit: str = "", digits: int = 1) -> str:
    """What the paired SPRT against the default said of a candidate's metric, in words.

    >>> versus_text({"turns_vs_default": "toward target", "turns_shift": 26.6, "turns_shift_lo": 25.1,
    ...              "turns_shift_hi": 28.0, "turns_shift_units": 100}, "turns", "turns")
    'toward target, shift 26.6 [25.1, 28.0] turns (paired SPRT, 100 seat-rotated units)'
    """
    said = candidate.get(f"{metric}_vs_default")
    if said is None:
        return ""
    if f"{metric}_shift" not in candidate:
        return said
    shift = value_text(
        candidate[f"{metric}_shift"], candidate[f"{metric}_shift_lo"], candidate[f"{metric}_shift_hi"], digits=digits
    )
    capped = ", capped" if candidate.get(f"{metric}_shift_capped") else ""
    return (
        f"{said}, shift {shift}{' ' + unit if unit else ''} "
        f"(paired SPRT, {candidate[f'{metric}_shift_units']} seat-rotated units{capped})"
    )


def _slug(fields: Mapping[str, Any]) -> str:
    return "-".join(f"{k}={v}" for k, v in sorted(fields.items())).replace("/", "_")


def _flat(estimates: Mapping[str, dict]) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, e in estimates.items():
        out |= {name: e["value"], f"{name}_lo": e["lo"], f"{name}_hi": e["hi"], f"{name}_n": e["n"]}
    return out


def _plain(v: Any) -> Any:
    """A numpy scalar as the Python value Optuna and the Rules expect."""
    if isinstance(v, np.integer):
        return int(v)
    if isinstance(v, np.floating):
        return float(v)
    return v
