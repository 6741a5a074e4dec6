"""Long studies behind the reports, one registry per game: ``negenlab study <game> <name>``.

Each game's ``study`` module lists its studies in ``STUDIES`` (name -> :class:`Study`) and may
offer ``fresh_check(ctx)``: a small re-run of committed numbers that ``make demo`` prints.
A study writes ``<out>/<name>.csv`` with a sidecar JSON holding its Rules, agents, seed,
version and the command that made it; its games go to a resumable store
(``runs/<game>/<name>``), so an interrupted study continues where it stopped. The store's
``study.json`` names the study and seed it belongs to, and a run with another is refused.

>>> ctx = StudyContext("nim", "demo", seed=1)
>>> ctx.command, ctx.store is None
('negenlab study nim demo --seed 1', True)
>>> agree(0.50, 0.45, 0.55, 0.52, 0.47, 0.57), agree(0.50, 0.48, 0.52, 0.70, 0.68, 0.72)
(True, False)
"""

from __future__ import annotations

import json
import math
import os
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pandas as pd

from .claims import ALPHA, Measure, Rule, replicate
from .data import STUDY_FILE, Schema, check_sidecar, data_json, data_table
from .errors import StoreCorruptError, StoreMismatchError
from .files import read_json, regular_file, write_atomic
from .metrics import Z95
from .simulate import backend_block
from .store import ResultStore

STUDY_FILE_LIMIT = 2**16
"""The largest ``study.json`` read (64 KiB): it names a game, a study and a seed in a few dozen bytes."""


@dataclass
class StudyContext:
    """What a study run gets: the seed, the workers, where its games are kept, a progress line."""

    game: str
    name: str
    seed: int = 2024
    workers: int | None = None
    store: Path | None = None
    progress: Callable[[str], None] = field(default=lambda line: print(line, file=sys.stderr, flush=True))
    backend: str | None = None  # where its games run: None is simulate's default ("process")
    scheduler: str | None = None  # a dask scheduler address (backend "dask"); None: a local cluster
    out: Path | None = None  # the folder of its tables (--out); None: data/<game>

    @property
    def command(self) -> str:
        return f"negenlab study {self.game} {self.name} --seed {self.seed}"

    def store_for(self, part: str) -> Path | None:
        """The store subfolder for one part of the study (None when the run keeps no store)."""
        return None if self.store is None else self.store / part

    def claim_store(self) -> None:
        """Check that the store holds this study at this seed, as its ``study.json`` says, or is new
        (then write ``study.json``); refuse a store of another study or seed, and one holding files
        but no ``study.json``. :func:`run_study` calls it first. The games of each part are checked
        again by :func:`~negenlab.core.simulate.simulate`, whose chunks record their seed.

        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> StudyContext("nim", "demo", seed=1, store=folder).claim_store()
        >>> StudyContext("nim", "demo", seed=2, store=folder).claim_store()
        Traceback (most recent call last):
        ...
        negenlab.core.errors.StoreMismatchError: store ... holds study nim demo with seed 1, not seed 2; ...
        """
        if self.store is None:
            return
        store, identity = Path(self.store), {"game": self.game, "study": self.name, "seed": int(self.seed)}
        where = shlex.quote(str(store))
        if store.exists() and not store.is_dir():
            raise StoreCorruptError(f"study store {store} is a file, expected a folder (or a path that does not exist)")
        marker = store / STUDY_FILE
        if not os.path.lexists(marker):
            if store.is_dir() and any(store.iterdir()):
                raise StoreCorruptError(
                    f"study store {store} holds files but no {STUDY_FILE} naming its study and seed (written before "
                    f"stores were marked, or deleted), so they cannot be trusted; discard it with `rm -r {where}` "
                    f"(the next run replays its games) or use another store (--store)"
                )
            store.mkdir(parents=True, exist_ok=True)
            write_atomic(marker, json.dumps(identity, indent=2, sort_keys=True) + "\n")
            return
        regular_file(marker, "study record", STUDY_FILE_LIMIT)  # a named pipe, a sparse giant: refused unread
        try:
            held = read_json(marker, "study record", STUDY_FILE_LIMIT)
        except StoreCorruptError:
            held = None
        if not isinstance(held, dict) or not {"game", "study", "seed"} <= set(held):
            raise StoreCorruptError(
                f"study record {marker} is damaged (expected a JSON object with game, study and seed), so the "
                f"store's games cannot be matched to a study; discard the store with `rm -r {where}` (the next run "
                f"replays its games)"
            )
        if held != identity:
            same_study = (held["game"], held["study"]) == (self.game, self.name)
            wanted = f"seed {self.seed}" if same_study else f"study {self.game} {self.name} with seed {self.seed}"
            raise StoreMismatchError(
                f"store {store} holds study {held['game']} {held['study']} with seed {held['seed']}, not {wanted}; "
                f"use another store (--store) for this run, or discard that one with `rm -r {where}`"
            )


@dataclass
class StudyResult:
    """A study's table and what its sidecar records beside the command (rules, agents, notes)."""

    table: pd.DataFrame | None
    rules: Any = None
    agents: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)  # tables the study wrote itself (table is None)


@dataclass(frozen=True)
class Study:
    """One named study: ``run(ctx)`` returns a :class:`StudyResult`; ``cost`` says roughly how
    long it takes on 2 cores."""

    name: str
    help: str
    run: Callable[[StudyContext], StudyResult]
    cost: str = ""
    store: str | None = None  # a store kept in the repository (a fresh clone resumes); default runs/<game>/<name>
    uses_backend: bool = True  # False: it runs in this process (a search, a solve), so the backend does not apply


@contextmanager
def study_backend(ctx: StudyContext, uses_backend: bool = True) -> Iterator[None]:
    """Run the block's games on ``ctx.backend`` (see :func:`negenlab.core.simulate.parallel_backend`);
    for ``"dask"`` without a scheduler address, one local cluster of ``ctx.workers`` processes serves
    the whole study (none is started for a study that plays no games). The tables do not depend on
    the backend.

    >>> with study_backend(StudyContext("nim", "demo", backend="serial")):
    ...     pass
    """
    with backend_block(ctx.backend, ctx.scheduler, ctx.workers, uses_backend):
        yield


def run_study(study: Study, ctx: StudyContext, out: str | Path) -> Path:
    """Run ``study`` and write its table and sidecar to ``out``; return the CSV's path (a study
    that writes several tables itself returns them in ``written``; the first is returned)."""
    ctx.claim_store()
    with study_backend(ctx, study.uses_backend):
        result = study.run(ctx)
    if result.table is None:
        return result.written[0]
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


def committed_table(game: str, name: str, schema: Schema) -> pd.DataFrame:
    """The committed table ``data/<game>/<name>.csv`` of a study, checked against ``schema``
    (:func:`~negenlab.core.data.check_table`), with its sidecar in ``df.attrs["negenlab"]``
    (a :class:`~negenlab.core.data.MissingDataError` when it is not shipped)."""
    table = data_table(game, f"{name}.csv", schema=schema)
    meta = data_json(game, f"{name}.json", must_exist=False)
    check_sidecar(table, meta, schema, f"data/{game}/{name}.csv")
    table.attrs["negenlab"] = meta
    return table


def agree(committed: float, c_lo: float, c_hi: float, fresh: float, f_lo: float, f_hi: float) -> bool:
    """Do a committed estimate and a fresh one agree? True when their difference lies within
    1.96 standard errors of the difference, each standard error read off its 95% interval."""
    se_c = (c_hi - c_lo) / (2 * Z95)
    se_f = (f_hi - f_lo) / (2 * Z95)
    return abs(fresh - committed) <= Z95 * math.sqrt(se_c**2 + se_f**2) + 1e-12


def check_row(
    what: str,
    committed: pd.Series | dict,
    fresh: tuple[float, float, float, int],
    rule: Rule | None = None,
    alpha: float = ALPHA,
    players: int | None = None,
    looks: int = 1,
) -> dict[str, Any]:
    """One row of a fresh check: the committed value and interval beside a fresh one. Where the number
    decides a claim (``rule``, judged at the page's level ``1 - alpha`` and the committed design's
    ``looks``), the one rule of replication says whether the fresh games repeat its verdict
    (:func:`negenlab.core.claims.replicate`: ``replication`` and ``agree``); a number no claim decides
    has no verdict to repeat (``agree`` empty), and ``within_noise`` only describes how far apart the
    two samples lie (:func:`agree`).

    >>> row = check_row("skill step", {"value": 0.715, "lo": 0.655, "hi": 0.775, "n": 200}, (0.81, 0.74, 0.88, 100),
    ...                 rule=Rule.parse("above 0.5 by 0.05"))
    >>> row["replication"], row["agree"], row["within_noise"]
    ('confirmed', True, False)
    """
    value, lo, hi, n = fresh
    row: dict[str, Any] = {
        "what": what,
        "committed": float(committed["value"]),
        "committed_lo": float(committed["lo"]),
        "committed_hi": float(committed["hi"]),
        "committed_n": int(committed["n"]),
        "fresh": value,
        "fresh_lo": lo,
        "fresh_hi": hi,
        "fresh_n": n,
        "committed_verdict": "",
        "fresh_verdict": "",
        "replication": "no claim decides it",
        "agree": None,
        "within_noise": agree(float(committed["value"]), float(committed["lo"]), float(committed["hi"]), value, lo, hi),
    }
    if rule is not None:
        old = replace(
            Measure.of_interval(row["committed"], row["committed_lo"], row["committed_hi"], row["committed_n"]),
            looks=int(looks),
        )
        new = replace(Measure.of_interval(value, lo, hi, int(n)), looks=int(looks))
        rep = replicate(rule, old, new, alpha, players)
        row |= {
            "committed_verdict": rep.committed[""],
            "fresh_verdict": rep.fresh[""],
            "replication": rep.status,
            "agree": rep.agrees,
        }
    return row


def check_tally(table: pd.DataFrame) -> str:
    """A fresh check's tally in words: the claims' numbers by the rule of replication, the others apart.

    >>> check_tally(pd.DataFrame({"replication": ["confirmed", "no claim decides it"], "within_noise": [True, False]}))
    '1 of 1 claim numbers confirmed (the same verdict on the fresh games); 1 other number, no verdict to repeat: 0 within sampling noise of the committed one'
    """
    claims = table[table["replication"] != "no claim decides it"]
    others = table[table["replication"] == "no claim decides it"]
    parts = []
    if len(claims):
        parts.append(
            f"{int((claims['replication'] == 'confirmed').sum())} of {len(claims)} claim numbers confirmed (the same "
            "verdict on the fresh games)"
        )
    if len(others):
        one = len(others) == 1
        parts.append(
            f"{len(others)} other number{'' if one else 's'}, no verdict to repeat: {int(others['within_noise'].sum())} "
            f"within sampling noise of the committed one{'' if one else 's'}"
        )
    return "; ".join(parts)


__all__ = ["Study", "StudyContext", "StudyResult", "run_study", "committed_table", "agree", "check_row", "check_tally"]
