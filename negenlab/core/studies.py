"""Long studies behind the reports, one registry per game: ``negenlab study <game> <name>``.

Each game's ``study`` module lists its studies in ``STUDIES`` (name -> :class:`Study`) and may
offer ``fresh_check(ctx)``: a small re-run of committed numbers that ``make demo`` prints.
A study writes ``<out>/<name>.csv`` with a sidecar JSON holding its Rules, agents, seed,
version and the command that made it; its games go to a resumable store
(``runs/<game>/<name>``), so an interrupted study continues where it stopped.

>>> ctx = StudyContext("nim", "demo", seed=1)
>>> ctx.command, ctx.store is None
('negenlab study nim demo --seed 1', True)
>>> agree(0.50, 0.45, 0.55, 0.52, 0.47, 0.57), agree(0.50, 0.48, 0.52, 0.70, 0.68, 0.72)
(True, False)
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from .metrics import Z95
from .store import ResultStore


@dataclass
class StudyContext:
    """What a study run gets: the seed, the workers, where its games are kept, a progress line."""

    game: str
    name: str
    seed: int = 2024
    workers: int | None = None
    store: Path | None = None
    progress: Callable[[str], None] = field(default=lambda line: print(line, file=sys.stderr, flush=True))

    @property
    def command(self) -> str:
        return f"negenlab study {self.game} {self.name} --seed {self.seed}"

    def store_for(self, part: str) -> Path | None:
        """The store subfolder for one part of the study (None when the run keeps no store)."""
        return None if self.store is None else self.store / part


@dataclass
class StudyResult:
    """A study's table and what its sidecar records beside the command (rules, agents, notes)."""

    table: pd.DataFrame
    rules: Any = None
    agents: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Study:
    """One named study: ``run(ctx)`` returns a :class:`StudyResult`; ``cost`` says roughly how
    long it takes on 2 cores."""

    name: str
    help: str
    run: Callable[[StudyContext], StudyResult]
    cost: str = ""


def run_study(study: Study, ctx: StudyContext, out: str | Path) -> Path:
    """Run ``study`` and write its table and sidecar to ``out``; return the CSV's path."""
    result = study.run(ctx)
    return ResultStore(out).save_csv(
        study.name,
        result.table,
        rules=result.rules,
        agents=result.agents,
        seed=ctx.seed,
        command=ctx.command,
        float_format="%.6g",
        study=study.help,
        **result.extra,
    )


def committed_table(game: str, name: str) -> pd.DataFrame:
    """The committed table ``data/<game>/<name>.csv`` of a study, with its sidecar in
    ``df.attrs["negenlab"]`` (a :class:`~negenlab.core.data.MissingDataError` when it is not shipped)."""
    import json

    from .data import data_file

    with data_file(game, f"{name}.csv").open() as fh:
        table = pd.read_csv(fh)
    sidecar = data_file(game, f"{name}.json", must_exist=False)
    table.attrs["negenlab"] = json.loads(sidecar.read_text()) if sidecar.is_file() else {}
    return table


def agree(committed: float, c_lo: float, c_hi: float, fresh: float, f_lo: float, f_hi: float) -> bool:
    """Do a committed estimate and a fresh one agree? True when their difference lies within
    1.96 standard errors of the difference, each standard error read off its 95% interval."""
    se_c = (c_hi - c_lo) / (2 * Z95)
    se_f = (f_hi - f_lo) / (2 * Z95)
    return abs(fresh - committed) <= Z95 * math.sqrt(se_c**2 + se_f**2) + 1e-12


def check_row(what: str, committed: pd.Series | dict, fresh: tuple[float, float, float, int]) -> dict[str, Any]:
    """One row of a fresh check: the committed value and interval beside a fresh one, and
    whether they agree (:func:`agree`)."""
    value, lo, hi, n = fresh
    return {
        "what": what,
        "committed": float(committed["value"]),
        "committed_lo": float(committed["lo"]),
        "committed_hi": float(committed["hi"]),
        "committed_n": int(committed["n"]),
        "fresh": value,
        "fresh_lo": lo,
        "fresh_hi": hi,
        "fresh_n": n,
        "agree": agree(float(committed["value"]), float(committed["lo"]), float(committed["hi"]), value, lo, hi),
    }


__all__ = ["Study", "StudyContext", "StudyResult", "run_study", "committed_table", "agree", "check_row"]
