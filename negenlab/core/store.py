"""A result store: Parquet tables that carry the rules, agents, seed and version behind them.

>>> import tempfile, pandas as pd
>>> from negenlab.core.store import ResultStore
>>> store = ResultStore(tempfile.mkdtemp())
>>> path = store.save("demo", pd.DataFrame({"x": [1, 2]}), rules={"size": 5}, agents=["random"], seed=3)
>>> df, meta = store.load("demo")
>>> meta["seed"], meta["rules"], list(df["x"])
(3, {'size': 5}, [1, 2])
"""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd

from .errors import InvalidInputError, StoreCorruptError
from .files import atomic_file, parse_json, read_json, regular_file, write_atomic
from .game import rules_to_dict
from .version import package_version

_META_KEY = b"negenlab"
_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")


def table_metadata(rules: Any = None, agents: Any = None, seed: int | None = None, **extra: Any) -> dict[str, Any]:
    """The provenance record kept with every table."""
    agent_list = None
    if agents is not None:
        agent_list = [a.describe() if hasattr(a, "describe") else a for a in agents]
    meta = {
        "rules": rules_to_dict(rules),
        "agents": agent_list,
        "seed": seed,
        "negenlab_version": package_version(),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    meta.update(extra)
    return meta


def _record(meta: Any, path: Path) -> dict[str, Any]:
    """A provenance record: a JSON object, else a one-line error naming its file."""
    if not isinstance(meta, dict):
        raise StoreCorruptError(f"the provenance of {path} is a JSON {type(meta).__name__}, expected a JSON object")
    return meta


def table_name(name: str) -> str:
    """``name`` when it may name a table (letters, digits, '_', '-' and '.'), else a one-line
    :class:`~negenlab.core.errors.InvalidInputError`; a command checks it before its work."""
    if not _NAME.match(name):
        raise InvalidInputError(f"table name {name!r} may use letters, digits, '_', '-' and '.' only")
    return name


class ResultStore:
    """A folder of named Parquet tables, each with its provenance in the file's schema metadata
    and in a readable ``<name>.json`` beside it."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, name: str) -> Path:
        return self.root / f"{table_name(name)}.parquet"

    def save(
        self, name: str, df: pd.DataFrame, rules: Any = None, agents: Any = None, seed: int | None = None, **extra: Any
    ) -> Path:
        """Write ``df`` with its provenance; ``df.attrs['negenlab']`` (from simulate) is kept too."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        meta = table_metadata(rules, agents, seed, **extra)
        if "negenlab" in df.attrs:
            meta["run"] = df.attrs["negenlab"]
        table = pa.Table.from_pandas(df, preserve_index=False)
        schema_meta = dict(table.schema.metadata or {})
        schema_meta[_META_KEY] = json.dumps(meta, default=str).encode()
        table = table.replace_schema_metadata(schema_meta)
        path = self._path(name)
        with atomic_file(path, "table") as fh:  # a link, a pipe or a folder there is refused, never renamed over
            pq.write_table(table, fh)
        write_atomic(path.with_suffix(".json"), json.dumps(meta, indent=2, default=str))
        return path

    def save_csv(
        self,
        name: str,
        df: pd.DataFrame,
        rules: Any = None,
        agents: Any = None,
        seed: int | None = None,
        command: str | None = None,
        float_format: str | None = None,
        **extra: Any,
    ) -> Path:
        """Write ``df`` as ``<name>.csv`` (a committed table people read and diff) with its
        provenance, including the ``command`` that made it, in ``<name>.json`` beside it.

        >>> import tempfile, pandas as pd
        >>> store = ResultStore(tempfile.mkdtemp())
        >>> path = store.save_csv("odds", pd.DataFrame({"x": [0.5]}), seed=1, command="negenlab negen odds")
        >>> path.name, store.load_csv("odds")[1]["command"]
        ('odds.csv', 'negenlab negen odds')
        """
        path = self._path(name).with_suffix(".csv")
        meta = table_metadata(rules, agents, seed, command=command, **extra)
        text = df.to_csv(index=False, float_format=float_format)
        with atomic_file(path, "table") as fh:  # a link, a pipe or a folder there is refused, never renamed over
            fh.write(text.encode("utf-8"))
        write_atomic(path.with_suffix(".json"), json.dumps(meta, indent=2, default=str) + "\n")
        return path

    def load_csv(self, name: str) -> tuple[pd.DataFrame, dict[str, Any]]:
        """A table written by :meth:`save_csv`, and its provenance."""
        path = self._path(name).with_suffix(".csv")
        if not path.exists():
            raise InvalidInputError(f"no table {name!r} in {self.root}")
        sidecar = path.with_suffix(".json")
        meta = _record(read_json(sidecar, "sidecar"), sidecar) if os.path.lexists(sidecar) else {}
        try:
            df = pd.read_csv(regular_file(path, "table", limit=None))
        except (ValueError, UnicodeDecodeError) as exc:  # pandas' parser and empty-data errors are ValueErrors
            raise StoreCorruptError(
                f"table {path} is not a readable CSV table: {' '.join(str(exc).split())[:160]}"
            ) from None
        df.attrs["negenlab"] = meta
        return df, meta

    def load(self, name: str) -> tuple[pd.DataFrame, dict[str, Any]]:
        """The table and its provenance; the provenance is also put in ``df.attrs['negenlab']``."""
        import pyarrow.parquet as pq

        path = self._path(name)
        if not path.exists():
            raise InvalidInputError(f"no table {name!r} in {self.root} (have: {self.names()})")
        try:
            table = pq.read_table(regular_file(path, "table", limit=None))
        except (OSError, ValueError, TypeError) as exc:  # pyarrow's errors subclass these
            raise StoreCorruptError(
                f"table {path} is not a readable Parquet table: {' '.join(str(exc).split())[:160]}"
            ) from None
        meta = _record(
            parse_json((table.schema.metadata or {}).get(_META_KEY, b"{}"), path, "the provenance in table"), path
        )
        df = table.to_pandas()
        df.attrs["negenlab"] = meta
        return df, meta

    def names(self) -> list[str]:
        return sorted(p.stem for p in self.root.glob("*.parquet"))
