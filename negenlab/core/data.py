"""The committed tables, read as package data.

The repository keeps them in the top-level ``data/`` folder; the package ships that folder as
``negenlab.data`` (``pyproject.toml`` maps one to the other), so an installed wheel finds the
same files through :mod:`importlib.resources`.

>>> from negenlab.core.data import data_file
>>> data_file("fen", "atlas.csv").name
'atlas.csv'
>>> data_file("fen", "nope.csv")
Traceback (most recent call last):
...
negenlab.core.data.MissingDataError: negenlab.data has no fen/nope.csv; the committed tables ship with the package (data/ in the repository)

A table is read with its :class:`Schema` (the columns its loader needs and their kinds) and
checked on load by :func:`check_table`; a damaged table raises :class:`~negenlab.core.errors.TableError`
naming the file, the row, the column and what was expected.

>>> import pandas as pd
>>> schema = Schema({"metric": "text", "value": "rate", "lo": "rate", "hi": "rate", "n": "count"},
...                 intervals=[("value", "lo", "hi")])
>>> t = pd.DataFrame({"metric": ["wins"], "value": [0.7], "lo": [0.5], "hi": [0.6], "n": [100]})
>>> check_table(t, schema, "wins.csv")
Traceback (most recent call last):
...
negenlab.core.errors.TableError: wins.csv: row 1: value = 0.7 lies outside its interval [lo, hi] = [0.5, 0.6]; expected lo <= value <= hi
"""

from __future__ import annotations

import io
import itertools
import json
import math
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .errors import InvalidInputError, StoreCorruptError, TableError
from .files import read_json, regular_file, unique_keys


class MissingDataError(InvalidInputError):
    """A committed table that is not in the installed package."""


def data_root() -> Traversable:
    """The folder of committed tables inside the installed package."""
    return resources.files("negenlab.data")


TABLE_LIMIT = 64 * 2**20
"""The largest committed table or sidecar read: 64 MiB, far above any negenlab commits (the largest, a
Negen claim-rounds table, takes a few MiB). A larger file, a sparse one among them, is refused unread."""


def _bounded(path: Traversable, what: str) -> Traversable:
    """``path`` when it is a regular file within :data:`TABLE_LIMIT` (checked before it is opened, so a
    named pipe never blocks and a sparse giant is never read); a file inside an archive is read as is."""
    if isinstance(path, os.PathLike):
        try:
            regular_file(path, what, TABLE_LIMIT)
        except StoreCorruptError as exc:
            raise TableError(str(exc)) from None
    return path


def data_file(*parts: str, must_exist: bool = True) -> Traversable:
    """The committed file ``data/<parts...>`` (e.g. ``data_file("negen", "study_exact.csv")``)."""
    path = data_root().joinpath(*parts)
    if isinstance(path, os.PathLike) and os.path.lexists(path) and not path.is_file():
        _bounded(path, "the committed file")  # a folder, pipe or link in its place: named, not called missing
    if must_exist and not path.is_file():
        raise MissingDataError(
            f"negenlab.data has no {'/'.join(parts)}; the committed tables ship with the "
            "package (data/ in the repository)"
        )
    return path


KINDS = {
    "text": "text",
    "bool": "True or False",
    "number": "a number",
    "count": "a whole number >= 0",
    "rate": "a rate in [0, 1]",
}
"""The kinds of a column. A kind ending in ``?`` (``"rate?"``) allows empty cells."""

TOLERANCE = 1e-9
"""Rounding a rate or an interval end may leave it this far (relative, at least absolute) outside."""


Interval = tuple[str, str, str] | str
"""An interval of a :class:`Schema`: its ``(value, lo, hi)`` columns, or ``v`` for ``(v, v_lo, v_hi)``."""


@dataclass(frozen=True)
class Rows:
    """Rows whose ``column`` equals ``equals`` hold more: their ``kinds`` (e.g. Wilson rows hold rates)."""

    column: str
    equals: Any
    kinds: Mapping[str, str]


@dataclass(frozen=True)
class Check:
    """A rule across columns or rows of a table: ``find(table)`` returns the first row that breaks it
    (counted from 0) or None; ``says`` is what the rule asks for, in words.

    >>> at_most = Check("closed counts never above the valid counts", lambda t: first_row(t["closed"] > t["valid"]))
    >>> at_most.find(pd.DataFrame({"closed": [1, 5], "valid": [2, 4]}))
    1
    """

    says: str
    find: Callable[[pd.DataFrame], int | None]


def first_row(mask: pd.Series | np.ndarray) -> int | None:
    """The first row where ``mask`` is true (a :class:`Check`'s answer), or None."""
    hits = np.flatnonzero(np.asarray(mask, dtype=bool))
    return int(hits[0]) if len(hits) else None


@dataclass(frozen=True)
class Schema:
    """What a loader needs of a table: ``columns`` (name -> kind, see :data:`KINDS`), ``intervals``
    (``(value, lo, hi)`` column triples, or a name ``v`` for ``(v, v_lo, v_hi)``, with
    ``lo <= value <= hi`` in every row that fills them),
    ``rows`` (:class:`Rows` rules) and at least ``min_rows`` rows. Other columns are of kind
    ``others`` (None: not checked). The table's own invariants: ``keys`` (columns that name a row:
    no two rows share them), ``required`` (rows that must be there, by their key values),
    ``values`` (the values a column may hold) and ``checks`` (:class:`Check` rules across columns and
    rows: a histogram sums to 1, a count never exceeds another). ``sidecar`` ties columns to the
    sidecar JSON: ``{"seed": "seed"}`` asks every row's ``seed`` to be the sidecar's ``seed``,
    ``{"size": "rules.size"}`` every row's ``size`` to be the sidecar's ``rules["size"]``
    (:func:`check_sidecar`)."""

    columns: Mapping[str, str]
    intervals: Sequence[Interval] = ()
    rows: Sequence[Rows] = ()
    min_rows: int = 1
    others: str | None = None
    keys: Sequence[str] = ()
    required: Sequence[Mapping[str, Any]] = ()
    values: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    checks: Sequence[Check] = ()
    sidecar: Mapping[str, str] = field(default_factory=dict)

    @property
    def triples(self) -> list[tuple[str, str, str]]:
        """The intervals as ``(value, lo, hi)`` column triples."""
        return [(v, f"{v}_lo", f"{v}_hi") if isinstance(v, str) else v for v in self.intervals]

    def __post_init__(self) -> None:
        kinds = dict(self.columns, **({"(others)": self.others} if self.others else {}))
        for rule in self.rows:
            kinds.update(rule.kinds)
            unlisted = [c for c in (rule.column, *rule.kinds) if c not in self.columns]
            if unlisted:
                raise InvalidInputError(f"schema: a Rows rule reads the columns {unlisted}, which it does not list")
        bad = {c: k for c, k in kinds.items() if k.removesuffix("?") not in KINDS}
        if bad:
            raise InvalidInputError(f"schema: unknown kinds {bad}; expected one of {', '.join(KINDS)} (? for blanks)")
        unlisted = [c for triple in self.triples for c in triple if c not in self.columns]
        if unlisted:
            raise InvalidInputError(f"schema: interval columns {unlisted} are not among its columns")
        named = list(self.keys) + list(self.values) + [c for r in self.required for c in r]
        unlisted = sorted({c for c in named if c not in self.columns})
        if unlisted:
            raise InvalidInputError(f"schema: keys, values or required rows name columns {unlisted} it does not list")


def every(**columns: Iterable[Any]) -> list[dict[str, Any]]:
    """Required rows (:class:`Schema` ``required``): one for each combination of the ``columns``'
    values, e.g. every point of a board.

    >>> every(row=range(2), col=range(2))[-1]
    {'row': 1, 'col': 1}
    """
    names = list(columns)
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*columns.values())]


def long_columns(group: bool = True) -> dict[str, str]:
    """The columns of a long summary table (:mod:`negenlab.core.summary_table`): metric, group,
    value, lo, hi, n, method (``group=False``: without group)."""
    cols = {"metric": "text", "group": "text?", "value": "number", "lo": "number", "hi": "number"}
    cols.update({"n": "count", "method": "text"})
    if not group:
        del cols["group"]
    return cols


def ci(value: str, kind: str, lo: str = "", hi: str = "") -> dict[str, str]:
    """A value column and its interval's columns (``<value>_lo`` and ``<value>_hi`` unless named), of one kind."""
    return {value: kind, lo or f"{value}_lo": kind, hi or f"{value}_hi": kind}


def nullable(columns: Mapping[str, str]) -> dict[str, str]:
    """The same columns with empty cells allowed (``"rate"`` -> ``"rate?"``)."""
    return {c: k if k.endswith("?") else k + "?" for c, k in columns.items()}


WILSON_ROWS = Rows("method", "wilson", {"value": "rate", "lo": "rate", "hi": "rate"})
"""In a long table, a row with a Wilson interval is a rate: value, lo and hi in [0, 1]."""

SPRT_COLUMNS = {"decision": "text", "capped": "bool", "llr": "number", "h0": "rate", "h1": "rate"}
"""The columns an SPRT adds to a row (blank in a long table's rows it did not decide)."""

SKILL_TRACE = {
    "rung": "text",
    "below": "text",
    "score": "rate",
    "lo": "number",
    "hi": "number",
    "fair": "rate",
    "units": "count",
    "games": "count",
    **SPRT_COLUMNS,
    "alpha": "rate",
    "beta": "rate",
}
"""The columns of a skill trace (:func:`negenlab.core.ladder.skill_trace`); its interval is score, lo, hi."""


def _blank(values: pd.Series) -> pd.Series:
    if pd.api.types.is_numeric_dtype(values) or pd.api.types.is_bool_dtype(values):  # no text to be blank
        return values.isna()
    return values.isna() | values.map(lambda v: isinstance(v, str) and not v.strip())


def _fail(source: str, row: int, column: str, value: Any, kind: str, why: str = "") -> TableError:
    shown = repr(value.item() if isinstance(value, np.generic) else value)
    return TableError(f"{source}: row {row + 1}, column {column!r}: {shown}; expected {KINDS[kind]}{why}")


def _check_column(
    values: pd.Series, kind: str, source: str, column: str, where: np.ndarray | None = None, why: str = ""
) -> pd.Series | None:
    """Raise a TableError at the first cell of ``values`` (among the rows ``where``) that is not of
    ``kind``; return the column as numbers when pandas read a numeric column as text, else None."""
    nullable, kind = kind.endswith("?"), kind.removesuffix("?")
    chosen = np.ones(len(values), dtype=bool) if where is None else where
    blank = _blank(values).to_numpy()
    if not nullable and (blank & chosen).any():
        i = int(np.flatnonzero(blank & chosen)[0])
        raise TableError(f"{source}: row {i + 1}, column {column!r} is empty; expected {KINDS[kind]}{why}")
    if kind == "text":
        return None
    numbers = None
    if kind == "bool":
        ok = values.map(lambda v: str(v) in ("True", "False")).to_numpy(dtype=bool)
    else:
        if pd.api.types.is_bool_dtype(values):
            booleans = np.ones(len(values), dtype=bool)
        elif pd.api.types.is_numeric_dtype(values):
            booleans = np.zeros(len(values), dtype=bool)
        else:
            booleans = values.map(lambda v: isinstance(v, (bool, np.bool_))).to_numpy(dtype=bool)
        numbers = pd.to_numeric(values.where(~blank & ~booleans), errors="coerce")
        x = numbers.to_numpy(dtype=float)
        tol = TOLERANCE * np.maximum(1.0, np.abs(np.nan_to_num(x, posinf=1.0, neginf=1.0)))
        with np.errstate(invalid="ignore"):
            if kind == "number":
                ok = ~np.isnan(x)
            elif kind == "count":
                ok = np.isfinite(x) & (x >= 0) & (np.floor(x) == x)
            else:  # rate
                ok = np.isfinite(x) & (x >= -tol) & (x <= 1 + tol)
    bad = chosen & ~blank & ~ok
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise _fail(source, i, column, values.iloc[i], kind, why)
    return None if pd.api.types.is_numeric_dtype(values) else numbers


def check_table(table: pd.DataFrame, schema: Schema, source: str) -> pd.DataFrame:
    """``table`` when it is what ``schema`` asks for (numeric columns read as text turned into numbers),
    else a :class:`~negenlab.core.errors.TableError` naming ``source``, the first bad row (counted from
    1 below the header) and column, and what was expected. Rates and interval ends may be off by
    :data:`TOLERANCE` (rounding)."""
    missing = [c for c in schema.columns if c not in table.columns]
    if missing:
        names = ", ".join(repr(c) for c in missing)
        plural = len(missing) > 1
        raise TableError(
            f"{source}: the column{'s' if plural else ''} {names} {'are' if plural else 'is'} missing; expected "
            f"{'them' if plural else 'it'} in the header"
        )
    if len(table) < schema.min_rows:
        raise TableError(f"{source}: {len(table)} rows; expected at least {schema.min_rows}")
    kinds = dict(schema.columns)
    if schema.others is not None:
        kinds.update({str(c): schema.others for c in table.columns if c not in kinds})
    converted = {}
    for column, kind in kinds.items():
        numbers = _check_column(table[column], kind, source, column)
        if numbers is not None:
            converted[column] = numbers
    if converted:
        table = table.assign(**converted)
    for rule in schema.rows:
        chosen = (table[rule.column] == rule.equals).to_numpy(dtype=bool)
        why = f" (a row whose {rule.column} is {rule.equals!r})"
        for column, kind in rule.kinds.items():
            _check_column(table[column], kind, source, column, chosen, why)
    _check_invariants(table, schema, source)
    for v, lo, hi in schema.triples:
        x, a, b = (pd.to_numeric(table[c], errors="coerce").to_numpy(dtype=float) for c in (v, lo, hi))
        tol = TOLERANCE * np.maximum(1.0, np.abs(np.nan_to_num(x, posinf=1.0, neginf=1.0)))
        filled = ~(np.isnan(x) | np.isnan(a) | np.isnan(b))
        with np.errstate(invalid="ignore"):
            bad = filled & ~((a <= x + tol) & (x <= b + tol))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise TableError(
                f"{source}: row {i + 1}: {v} = {_num(x[i])} lies outside its interval [{lo}, {hi}] = "
                f"[{_num(a[i])}, {_num(b[i])}]; expected {lo} <= {v} <= {hi}"
            )
    return table


def _shown(value: Any) -> Any:
    """A cell as a message shows it: numpy scalars as Python ones, whole floats as ints, blanks as ''."""
    value = value.item() if isinstance(value, np.generic) else value
    if isinstance(value, float) and math.isfinite(value) and value == int(value) and abs(value) < 1e15:
        return int(value)
    return "" if isinstance(value, float) and math.isnan(value) else value


def _key_text(row: Mapping[str, Any]) -> str:
    return ", ".join(f"{k} = {_shown(v)!r}" for k, v in row.items())


def _same(a: Any, b: Any) -> bool:
    """Whether a table's cell holds ``b`` (numbers compared as numbers, the rest as text)."""
    try:
        return bool(float(a) == float(b))
    except (TypeError, ValueError):
        return str(a) == str(b)


def _comparable(value: Any) -> Any:
    """A cell as keys compare it: numbers (and True/False, in any spelling) as floats, blanks as '', the rest as text."""
    if isinstance(value, str):
        text = value.strip()
        if text in ("True", "False"):
            return float(text == "True")
        try:
            return float(text)
        except ValueError:
            return text
    if value is None or isinstance(value, float) and math.isnan(value):
        return ""
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)


def _key_frame(table: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """The ``columns`` of ``table`` with their cells made comparable (:func:`_comparable`)."""
    out = {}
    for c in columns:
        col = table[c]
        if pd.api.types.is_numeric_dtype(col) or pd.api.types.is_bool_dtype(col):
            out[c] = col.astype(float).astype(object).where(col.notna().to_numpy(), "")
        else:  # each distinct cell made comparable once
            codes, uniques = pd.factorize(col, use_na_sentinel=True)
            made = np.array([*(_comparable(u) for u in uniques), ""], dtype=object)
            out[c] = pd.Series(made[codes], index=col.index)  # code -1 (a blank) takes the last: ""
    return pd.DataFrame(out).reset_index(drop=True)


def _check_invariants(table: pd.DataFrame, schema: Schema, source: str) -> None:
    """The table's own invariants (:class:`Schema` ``keys``, ``required``, ``values``, ``checks``)."""
    if schema.keys:
        keys = _key_frame(table, schema.keys)
        again = keys.duplicated(keep="first").to_numpy()
        if again.any():
            i = int(np.flatnonzero(again)[0])
            first = int(np.flatnonzero((keys == keys.iloc[i]).all(axis=1).to_numpy())[0])
            raise TableError(
                f"{source}: row {i + 1} repeats row {first + 1} on its key "
                f"({_key_text(table.iloc[i][list(schema.keys)].to_dict())}); expected each "
                f"({', '.join(schema.keys)}) once"
            )
    by_columns: dict[tuple[str, ...], set[tuple]] = {}
    for want in schema.required:
        columns = tuple(want)
        if columns not in by_columns:
            by_columns[columns] = set(_key_frame(table, columns).itertuples(index=False, name=None))
        if tuple(_comparable(v) for v in want.values()) not in by_columns[columns]:
            raise TableError(f"{source}: no row with {_key_text(want)}; expected one (a row the page reads)")
    for column, allowed in schema.values.items():
        bad = ~table[column].map(lambda cell, allowed=allowed: any(_same(cell, a) for a in allowed)).to_numpy(
            dtype=bool
        )
        bad &= ~_blank(table[column]).to_numpy()
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            cell = table[column].iloc[i]
            raise TableError(
                f"{source}: row {i + 1}, column {column!r}: {cell.item() if isinstance(cell, np.generic) else cell!r}; "
                "expected one of "
                f"{', '.join(map(str, allowed))}"
            )
    for check in schema.checks:
        row = check.find(table)
        if row is not None:
            raise TableError(f"{source}: row {int(row) + 1} breaks a rule of the table; expected {check.says}")


def _num(x: float) -> str:
    return str(int(x)) if math.isfinite(x) and x == int(x) and abs(x) < 1e15 else f"{x:g}"


def data_table(*parts: str, schema: Schema, **read_csv: Any) -> pd.DataFrame:
    """The committed CSV ``data/<parts...>`` checked against ``schema`` (:func:`check_table`);
    ``read_csv`` goes to :func:`pandas.read_csv`. An empty, unreadable or truncated file (its last row
    without a line end) is a :class:`~negenlab.core.errors.TableError` naming it."""
    return csv_table(data_file(*parts), schema, "the committed table", **read_csv)


def csv_table(path: Traversable | Path, schema: Schema, what: str = "the table", **read_csv: Any) -> pd.DataFrame:
    """The CSV at ``path`` (a committed table, or a plug-in's claims file) read bounded and checked against
    ``schema`` as :func:`data_table` reads a committed one; ``what`` names it in errors."""
    if isinstance(path, Path) and not os.path.lexists(path):
        raise MissingDataError(f"{what} {path} does not exist; expected a CSV table")
    path = _bounded(path, what)
    try:
        with path.open("rb") as fh:
            table = pd.read_csv(fh, **read_csv)
            cut = fh.seek(0, io.SEEK_END) > 0 and fh.seek(-1, io.SEEK_END) >= 0 and fh.read(1) != b"\n"
    except pd.errors.EmptyDataError:
        raise TableError(f"{path} is empty; expected a CSV table (a header and at least one row)") from None
    except (pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise TableError(f"{path} is not a readable CSV table: {' '.join(str(exc).split())}") from None
    if cut:  # a table written whole ends its last row with a line end; one cut short by a kill does not
        raise TableError(f"{path} ends inside a row (cut short?); expected a table whose last row ends with a line end")
    return check_table(table, schema, str(path))


def data_parquet(*parts: str, schema: Schema) -> pd.DataFrame:
    """The committed Parquet table ``data/<parts...>`` checked against ``schema`` (:func:`check_table`);
    an unreadable file, or one that holds no table, is a :class:`~negenlab.core.errors.TableError` naming it."""
    path = _bounded(data_file(*parts), "the committed table")
    try:
        table = pd.read_parquet(io.BytesIO(path.read_bytes()))
    except (OSError, ValueError, TypeError) as exc:  # pyarrow's errors are ArrowException subclasses of these
        raise TableError(f"{path} is not a readable Parquet table: {' '.join(str(exc).split())[:200]}") from None
    return check_table(table, schema, str(path))


_SEED_IN_COMMAND = re.compile(r"--seed[ =](\d+)")
STUDY_FILE = "study.json"
"""A study's store records the study and seed its games belong to in this file (:mod:`negenlab.core.studies`)."""


def check_sidecar(table: pd.DataFrame, meta: Mapping[str, Any], schema: Schema, source: str) -> None:
    """The sidecar ``meta`` agrees with its table: each column ``schema.sidecar`` ties to it holds the
    sidecar's value in every row; else a :class:`~negenlab.core.errors.TableError` naming both (its
    seed against its command and store: :func:`data_json`).

    >>> check_sidecar(pd.DataFrame({"seed": [7]}), {"seed": 8, "command": "negenlab study x --seed 8"},
    ...               Schema({"seed": "count"}, sidecar={"seed": "seed"}), "x.csv")
    Traceback (most recent call last):
    ...
    negenlab.core.errors.TableError: x.csv: row 1, column 'seed' holds 7, but its sidecar says seed 8; expected the table and its sidecar to describe one run
    """
    if not meta:
        return
    for column, where in schema.sidecar.items():
        value: Any = meta
        for part in where.split("."):
            value = value.get(part) if isinstance(value, Mapping) else None
        if value is None:
            raise TableError(f"{source}: its sidecar has no {where}; expected the {column} its rows were made with")
        bad = ~table[column].map(lambda cell, value=value: _same(cell, value)).to_numpy(dtype=bool)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            cell = table[column].iloc[i]
            raise TableError(
                f"{source}: row {i + 1}, column {column!r} holds {cell.item() if isinstance(cell, np.generic) else cell!r}, "
                "but its sidecar says "
                f"{where} {value!r}; expected the table and its sidecar to describe one run"
            )


def data_json(
    *parts: str, must_exist: bool = True, fields: Mapping[str, type | tuple[type, ...]] | None = None
) -> dict:
    """A committed JSON object (a table's sidecar, a tuner's run), ``{}`` when it is absent and need
    not exist; anything but a JSON object, or one whose ``fields`` (name -> type) are missing or of
    another type, is a :class:`~negenlab.core.errors.TableError` naming the file and the field.

    >>> sorted(data_json("negen", "tune_minutes.json", fields={"candidates": list, "command": str}))[:2]
    ['candidates', 'command']
    """
    path = data_file(*parts, must_exist=must_exist)
    if not path.is_file():
        return {}
    _bounded(path, "the committed record")
    try:
        meta = json.loads(path.read_bytes().decode("utf-8"), object_pairs_hook=unique_keys)
    except (UnicodeDecodeError, ValueError) as exc:
        raise TableError(f"{path} is not valid JSON ({' '.join(str(exc).split())}); expected a JSON object") from None
    if not isinstance(meta, dict):
        raise TableError(f"{path} holds a JSON {type(meta).__name__}; expected a JSON object")
    _check_seed(meta, path, parts)
    for name, kind in (fields or {}).items():
        if not isinstance(meta.get(name), kind) or isinstance(meta.get(name), bool) and bool not in _types(kind):
            shown = type(meta[name]).__name__ if name in meta else "nothing"
            raise TableError(f"{path}: the field {name!r} holds {shown}; expected {_type_words(kind)}")
    return meta


def _check_seed(meta: Mapping[str, Any], path: Traversable, parts: Sequence[str]) -> None:
    """A sidecar's ``seed`` is a whole number, the ``--seed`` of the command it records, and the seed
    its store (``<name>_store/study.json`` beside it) records, where they record one; else a
    :class:`~negenlab.core.errors.TableError` naming the file and both seeds."""
    seed = meta.get("seed")
    if seed is None:
        return
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise TableError(f"{path}: the field 'seed' holds {seed!r}; expected a whole number >= 0")
    named = _SEED_IN_COMMAND.search(str(meta.get("command") or ""))
    if named and int(named[1]) != seed:
        raise TableError(
            f"{path} records seed {seed} but the command that made it says --seed {named[1]}; expected one seed"
        )
    *folder, name = parts
    store = data_file(*folder, f"{name.removesuffix('.json')}_store", STUDY_FILE, must_exist=False)
    if store.is_file():
        record = read_json(str(store), "the store record")
        recorded = record.get("seed") if isinstance(record, dict) else None
        if recorded is not None and recorded != seed:
            raise TableError(
                f"{path}: its seed {seed} is not the seed {recorded!r} its store records ({store}); expected the "
                "sidecar to describe its store's games"
            )


def _types(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _type_words(kind: type | tuple[type, ...]) -> str:
    words = {
        list: "a list",
        dict: "an object",
        str: "text",
        int: "a whole number",
        float: "a number",
        bool: "true or false",
    }
    return " or ".join(words.get(k, k.__name__) for k in _types(kind))


_TUNED_FIELD = re.compile(r"--set[ =]([A-Za-z_][A-Za-z0-9_]*)=")
TUNING_RUN = {"candidates": list, "command": str, "evaluations": int}
"""What a page reads of a committed tuning run (:mod:`negenlab.core.tune`'s record)."""


def tuning_run(game: str, name: str, needs: Mapping[str, type | tuple[type, ...]], must_exist: bool = False) -> dict:
    """A committed tuning run ``data/<game>/<name>`` (``{}`` when absent and it need not exist): its
    :data:`TUNING_RUN` fields, and every candidate a JSON object whose ``needs`` (name -> type) are
    there; anything else is one :class:`~negenlab.core.errors.TableError` naming the file.

    >>> run = tuning_run("negen", "tune_minutes.json", needs={"turns": (int, float)})
    >>> isinstance(run["candidates"][0]["turns"], float)
    True
    """
    run = data_json(game, name, must_exist=must_exist, fields=TUNING_RUN)
    tuned = _TUNED_FIELD.findall(str(run.get("command", "")))  # a candidate's key: the fields the tuner set
    seen: dict[tuple, int] = {}
    for i, c in enumerate(run.get("candidates", []), 1):
        missing = [k for k, kind in needs.items() if not isinstance(c, dict) or not isinstance(c.get(k), kind)]
        if missing:
            raise TableError(
                f"data/{game}/{name}: candidate {i} lacks "
                + ", ".join(f"{k} ({_type_words(needs[k])})" for k in missing)
                + "; expected the tuner's record"
            )
        key = tuple(repr(c.get(k)) for k in tuned)
        if tuned and key in seen:
            raise TableError(
                f"data/{game}/{name}: candidate {i} repeats candidate {seen[key]} on its key "
                f"({_key_text({k: c.get(k) for k in tuned})}); expected each setting of the tuned fields once"
            )
        seen[key] = i
    return run


__all__ = [
    "MissingDataError",
    "data_root",
    "data_file",
    "data_table",
    "data_parquet",
    "data_json",
    "tuning_run",
    "TUNING_RUN",
    "Schema",
    "Check",
    "every",
    "first_row",
    "Rows",
    "Interval",
    "KINDS",
    "check_table",
    "check_sidecar",
    "long_columns",
    "nullable",
    "ci",
    "WILSON_ROWS",
    "SPRT_COLUMNS",
    "SKILL_TRACE",
]
