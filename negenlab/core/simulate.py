"""Seeded, parallel, resumable self-play.

``simulate`` plays ``n_games`` games and returns one row per game. Game ``i`` draws
all its randomness (chance and every agent) from child ``i`` of
``numpy.random.SeedSequence(seed)``, so the table is identical whatever the number of
workers, the backend, the chunking, or an interruption and resume.

>>> from negenlab.core import simulate, RandomAgent
>>> from negenlab.core.examples import Nim
>>> df = simulate(Nim((1, 2, 3)), [RandomAgent(), RandomAgent()], n_games=20, seed=7,
...               backend="serial", progress=False)
>>> len(df), list(df.columns[:4])
(20, ['game', 'seed', 'winner', 'draw'])
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shlex
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .checks import flag, optional_whole, seed_value, whole_number
from .errors import InvalidInputError, StoreCorruptError, StoreMismatchError
from .files import FolderLock, atomic_file, read_json, regular_file, sha256_file, writable, write_atomic
from .game import Game, check_players
from .searching import held_interrupt, raise_if_interrupted
from .version import package_version

BACKENDS = ("serial", "process", "dask")
# the backend of simulate calls that name none: "process" unless a parallel_backend block says otherwise
_DEFAULT_BACKEND: ContextVar[tuple[str, str | None]] = ContextVar("negenlab_backend", default=("process", None))

MAX_GAMES = 10_000_000
"""The most games one call plays: the table it returns holds a row per game in memory."""
GAMES_WHY = "the table it returns holds a row per game in memory; 10**7 rows already take gigabytes"
MAX_CHUNK_SIZE = 100_000
"""The most games in one chunk (one task, one stored file, held in memory by a worker)."""
MAX_WORKERS = 256
"""The most worker processes: each is a Python process of its own with its own copy of the game."""
WORKERS_WHY = "each worker is a Python process of its own, with its own copy of the game"
MAX_ACTIONS = 10**9
"""The largest ``max_actions`` (a bound on one game's length)."""


@dataclass(frozen=True)
class _Chunk:
    index: int
    start: int
    stop: int


def _game_rngs(seed: int, game_index: int, n_agents: int) -> tuple[np.random.Generator, list[np.random.Generator]]:
    """The chance Generator and one Generator per seat for game ``game_index``.

    Built from ``SeedSequence(seed, spawn_key=(game_index,))``, i.e. exactly child
    ``game_index`` of ``SeedSequence(seed).spawn(...)``, without spawning all of them.
    """
    child = np.random.SeedSequence(seed, spawn_key=(game_index,))
    seqs = child.spawn(1 + n_agents)
    return np.random.default_rng(seqs[0]), [np.random.default_rng(s) for s in seqs[1:]]


def _play(
    game: Game, agents: Sequence[Any], seed: int, game_index: int, max_actions: int | None = None
) -> tuple[Any, dict[str, Any]]:
    """Play game ``game_index`` of a run seeded with ``seed``; return its final state and counts."""
    chance_rng, agent_rngs = _game_rngs(seed, game_index, len(agents))
    state = game.new_initial_state()
    decisions = [0] * game.num_players
    branching_sum = 0
    n_branching = 0  # decisions whose legal actions were counted
    n_decisions = 0
    n_actions = 0
    truncated = False
    with held_interrupt() as held:  # Ctrl-C stops the game between actions, never inside compiled code
        while not state.is_terminal():
            held.check()
            if max_actions is not None and n_actions >= max_actions:
                truncated = True
                break
            if state.is_chance_node():
                state.apply(state.sample_chance(chance_rng))
            else:
                p = state.current_player
                action = agents[p].step(state, agent_rngs[p])
                legal = state.branching()  # after the agent: a listing it made is counted, none is forced
                if legal is not None:
                    branching_sum += legal
                    n_branching += 1
                n_decisions += 1
                decisions[p] += 1
                state.apply(action)
            n_actions += 1
    return state, {
        "decisions": decisions,
        "branching_sum": branching_sum,
        "n_branching": n_branching,
        "n_decisions": n_decisions,
        "n_actions": n_actions,
        "truncated": truncated,
    }


def replay(game: Game, agents: Sequence[Any], seed: int, index: int, max_actions: int | None = None):
    """The final state of game ``index`` of ``simulate(game, agents, n_games, seed)``, replayed
    exactly (the same chance and agent Generators), for a closer look.

    >>> from negenlab.core import RandomAgent
    >>> from negenlab.core.examples import Nim
    >>> agents = [RandomAgent(), RandomAgent()]
    >>> df = simulate(Nim((1, 2, 3)), agents, n_games=5, seed=7, backend="serial", progress=False)
    >>> bool(replay(Nim((1, 2, 3)), agents, seed=7, index=3).winner() == df.loc[3, "winner"])
    True
    """
    check_players(game, agents)
    return _play(game, agents, seed, index, max_actions)[0]


def play_one(
    game: Game, agents: Sequence[Any], seed: int, game_index: int, max_actions: int | None = None
) -> dict[str, Any]:
    """Play game ``game_index`` of a run seeded with ``seed``; return its row."""
    state, counts = _play(game, agents, seed, game_index, max_actions)
    n_players = game.num_players
    decisions, branching_sum = counts["decisions"], counts["branching_sum"]
    n_decisions, n_actions, truncated = counts["n_decisions"], counts["n_actions"], counts["truncated"]
    returns = state.returns() if not truncated else [0.0] * n_players
    winner = state.winner() if not truncated else None
    row: dict[str, Any] = {
        "game": int(game_index),
        "seed": int(seed),
        "winner": -1 if winner is None else int(winner),
        "draw": bool((winner is None) and not truncated),
        "truncated": bool(truncated),
        "length": int(n_decisions),
        "actions": int(n_actions),
        "branching": float(branching_sum / counts["n_branching"]) if counts["n_branching"] else 0.0,
    }
    for p in range(n_players):
        row[f"return_{p}"] = float(returns[p])
    for p in range(n_players):
        row[f"decisions_{p}"] = int(decisions[p])
    info = state.game_info()
    for key, value in info.items():
        if key in row:
            raise InvalidInputError(f"game_info key {key!r} clashes with a standard column")
        if isinstance(value, (np.integer,)):
            value = int(value)
        elif isinstance(value, (np.floating,)):
            value = float(value)
        elif isinstance(value, np.bool_):
            value = bool(value)
        if not isinstance(value, (int, float, str, bool)):
            raise InvalidInputError(
                f"game_info[{key!r}] must be a scalar (int, float, str, bool), got {type(value).__name__}"
            )
        row[key] = value
    return row


def _run_chunk(
    game: Game, agents: Sequence[Any], seed: int, chunk: _Chunk, max_actions: int | None
) -> tuple[int, pd.DataFrame]:
    rows = [play_one(game, agents, seed, i, max_actions) for i in range(chunk.start, chunk.stop)]
    return chunk.index, _normalise(pd.DataFrame.from_records(rows))


def _normalise(df: pd.DataFrame) -> pd.DataFrame:
    """Round-trip through Arrow so that in-memory and stored chunks have identical dtypes."""
    import pyarrow as pa

    return pa.Table.from_pandas(df, preserve_index=False).to_pandas()


def _fingerprint(meta: dict[str, Any]) -> str:
    """What must match to resume: everything but ``n_games`` (game i depends on the seed and i
    alone, so a run can be extended to more games, or read back for fewer)."""
    return hashlib.sha256(json.dumps(_identity(meta), sort_keys=True, default=str).encode()).hexdigest()[:16]


def _identity(meta: dict[str, Any]) -> dict[str, Any]:
    """The run's identity as JSON gives it back (tuples become lists): ``meta`` without ``n_games``
    and the chunk manifest."""
    return json.loads(
        json.dumps({k: v for k, v in meta.items() if k not in ("n_games", "chunks")}, sort_keys=True, default=str)
    )


def run_metadata(
    game: Game, agents: Sequence[Any], n_games: int, seed: int, max_actions: int | None, chunk_size: int
) -> dict[str, Any]:
    """What defines a run: recorded with its table and checked when a store resumes; everything but
    ``n_games`` is the run's identity (:func:`_fingerprint`), kept in ``run.json`` and in every chunk."""
    return {
        "game": game.describe(),
        "agents": [a.describe() for a in agents],
        "n_games": int(n_games),
        "seed": int(seed),
        "max_actions": max_actions,
        "chunk_size": int(chunk_size),
        "negenlab_version": package_version(),
    }


_CHUNK_KEY = b"negenlab_chunk"  # a chunk's schema metadata: the run's fingerprint and identity, its games
_CHUNK_NAME = re.compile(r"^chunk-(\d{6})\.parquet$")


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


def _differs(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    return sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))


class _ChunkStore:
    """A folder of Parquet chunks plus ``run.json``; written chunk by chunk, atomically, by one run at
    a time (:class:`~negenlab.core.files.FolderLock`).

    ``run.json`` names the run (:func:`run_metadata`) and keeps the manifest of its chunks: each
    chunk's games and the SHA-256 of its file. Chunk ``k`` holds games ``k * chunk_size`` up to at
    most ``(k + 1) * chunk_size`` and records in its schema metadata the run's fingerprint and
    identity and its game range. Before a chunk is reused it is checked against the manifest (a
    changed byte anywhere changes its checksum; a chunk the manifest does not list came from
    elsewhere), against all three records and against its ``game`` column; a store that fails a
    check is refused with an error naming the file and the command that discards it. Nothing is
    repaired silently. Only regular files are read, and ``run.json`` within
    :data:`~negenlab.core.files.RECORD_LIMIT`. A store this process cannot write is read as it is
    (nothing is rewritten), and refused only when games it lacks would have to be written.
    """

    def __init__(self, path: str | os.PathLike, meta: dict[str, Any]):
        self.path = Path(path)
        if self.path.exists() and not self.path.is_dir():
            raise StoreCorruptError(f"store {self.path} is a file, expected a folder (or a path that does not exist)")
        self.path.mkdir(parents=True, exist_ok=True)
        self.lock = FolderLock(self.path, "store").acquire()
        try:
            self._open(meta)
        except BaseException:
            self.lock.release()
            raise

    def _open(self, meta: dict[str, Any]) -> None:
        self.meta = dict(meta)
        self.identity = _identity(meta)
        self.fingerprint = _fingerprint(meta)
        self.chunk_size = int(meta["chunk_size"])
        self.files = self._chunk_files()
        self.manifest: dict[str, dict[str, Any]] = {}
        self.legacy = False  # run.json written before manifests: its chunks' checksums are recorded on load
        old = self._read_run_json()
        self.new = old is None  # no run.json yet: load writes it, naming the run
        if old is None:
            if self.files:
                raise StoreCorruptError(
                    f"store {self.path} holds {len(self.files)} chunk files but no run.json naming their run, "
                    f"so they cannot be trusted; discard them with `rm -r {_q(self.path)}` (the next run replays "
                    f"their games) or use another store folder"
                )
            self.stored_games = 0
            return
        if _fingerprint(old) != self.fingerprint:
            raise StoreMismatchError(
                f"store {self.path} holds a run with other arguments (differs in {_differs(_identity(old), self.identity)}); "
                f"use a new store path or the same arguments to resume"
            )
        stored = old.get("n_games", 0)
        if not isinstance(stored, int) or isinstance(stored, bool) or stored < 0:
            raise self._damaged_run_json(f"n_games is {stored!r}, expected a whole number >= 0")
        self.stored_games = stored
        chunks = old.get("chunks")
        if chunks is None:
            self.legacy = True
        elif not isinstance(chunks, dict) or not all(
            isinstance(v, dict) and isinstance(v.get("sha256"), str) for v in chunks.values()
        ):
            raise self._damaged_run_json("its chunk manifest is not a mapping of chunk files to checksums")
        else:
            self.manifest = chunks

    def close(self) -> None:
        self.lock.release()

    def _read_run_json(self) -> dict[str, Any] | None:
        meta_file = self.path / "run.json"
        if not os.path.lexists(meta_file):
            return None
        try:
            old = read_json(meta_file, "run record")
        except StoreCorruptError as exc:
            raise self._damaged_run_json(str(exc)) from None
        if not isinstance(old, dict):
            raise self._damaged_run_json(f"a JSON {type(old).__name__}, expected an object")
        return old

    def _damaged_run_json(self, why: str) -> StoreCorruptError:
        return StoreCorruptError(
            f"run record {self.path / 'run.json'} is damaged ({why}), so the store's chunks cannot be matched to a "
            f"run; discard the store with `rm -r {_q(self.path)}` (the next run replays its games)"
        )

    def _file(self, index: int) -> Path:
        return self.path / f"chunk-{index:06d}.parquet"

    def _chunk_files(self) -> dict[int, Path]:
        files = {}
        for p in sorted(self.path.glob("chunk-*.parquet")):
            m = _CHUNK_NAME.match(p.name)
            if m is None:
                raise StoreCorruptError(
                    f"chunk file {p} is not named chunk-NNNNNN.parquet (six digits), so its place in the run is "
                    f"unknown; discard it with `rm {_q(p)}`"
                )
            files[int(m.group(1))] = p
        return files

    def _damaged(self, path: Path, why: str) -> StoreCorruptError:
        return StoreCorruptError(
            f"chunk file {path} is damaged ({why}); discard it with `rm {_q(path)}` (the next run replays its games)"
        )

    def _checked(self, path: Path) -> str:
        """The chunk's checksum, held to the manifest (a legacy store's chunks are checked the old way)."""
        digest = sha256_file(path)
        if self.legacy:
            return digest
        entry = self.manifest.get(path.name)
        if entry is None:
            raise StoreCorruptError(
                f"chunk file {path} is not in the store's manifest (run.json): it was copied in or left by a run that "
                f"did not finish writing it; discard it with `rm {_q(path)}` (the next run replays its games)"
            )
        if entry["sha256"] != digest:
            raise self._damaged(
                path, "its bytes have changed since it was written: the checksum differs from the manifest's"
            )
        return digest

    def _record(self, index: int, path: Path) -> tuple[int, int]:
        """Check chunk ``index``'s identity and game range in its schema metadata; return the range."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        try:
            schema_meta = pq.read_schema(path).metadata or {}
        except (OSError, ValueError, pa.ArrowException) as exc:
            raise self._damaged(path, f"not a readable Parquet file: {_one_line(exc)}") from exc
        if _CHUNK_KEY not in schema_meta:
            raise StoreCorruptError(
                f"store {self.path} predates identity checks: chunk file {path.name} records no run identity, so "
                f"its games cannot be trusted; discard the store with `rm -r {_q(self.path)}` (the next run replays "
                f"its games)"
            )
        try:
            record = json.loads(schema_meta[_CHUNK_KEY])
            fingerprint, run = record["fingerprint"], record["run"]
            k, start, stop = (int(record[key]) for key in ("index", "start", "stop"))
        except (ValueError, TypeError, KeyError) as exc:
            raise self._damaged(path, f"its identity record is unreadable: {_one_line(exc)}") from exc
        if fingerprint != self.fingerprint:
            differs = _differs(run, self.identity) if isinstance(run, dict) else "everything"
            raise StoreMismatchError(
                f"chunk file {path} was written by a run with other arguments (differs in {differs}) than its "
                f"store's run.json; discard it with `rm {_q(path)}` (the next run replays its games)"
            )
        first = index * self.chunk_size
        if (k, start) != (index, first):
            wrong = f"holds chunk {k} (games {start} to {stop - 1}), not chunk {index} (games from {first}), so it was copied or renamed"
        elif not start < stop <= start + self.chunk_size:
            wrong = f"claims games {start} to {stop - 1}, expected 1 to {self.chunk_size} games from {start}"
        elif stop > self.stored_games:
            wrong = f"claims games {start} to {stop - 1}, beyond the {self.stored_games} games of run.json"
        else:
            return start, stop
        raise StoreCorruptError(
            f"chunk file {path} {wrong}; discard it with `rm {_q(path)}` (the next run replays its games)"
        )

    def load(self, n_games: int) -> tuple[dict[int, pd.DataFrame], dict[int, pd.DataFrame]]:
        """The stored chunks of a run of ``n_games`` games, checked: those whose games are all there,
        and the short last chunks of a smaller run (their games are kept and the chunk is played on
        from where it stops: game i depends on the seed and i alone). A longer chunk is read back for
        the games asked. ``run.json`` is written only when it changes (more games, checksums recorded)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        results: dict[int, pd.DataFrame] = {}
        short: dict[int, pd.DataFrame] = {}
        seed = int(self.meta["seed"])
        n_chunks = _n_chunks(n_games, self.chunk_size)
        for index, path in self.files.items():
            try:
                regular_file(path, "chunk file", limit=None)  # before anything opens it: a pipe would block
            except StoreCorruptError as exc:
                raise self._damaged(path, str(exc)) from None
            start, stop = self._record(index, path)  # the most telling message first (another run, a copy)
            digest = self._checked(path)
            if self.legacy:
                self.manifest[path.name] = {"sha256": digest, "start": start, "stop": stop}
            if index >= n_chunks:
                continue
            wanted = _chunk(index, n_games, self.chunk_size)
            try:
                df = pq.read_table(path).to_pandas()
            except (OSError, ValueError, pa.ArrowException) as exc:
                raise self._damaged(path, f"its games are unreadable: {_one_line(exc)}") from exc
            if "game" not in df.columns or df["game"].tolist() != list(range(start, stop)):
                raise self._damaged(path, f"its game column is not games {start} to {stop - 1} in order")
            if "seed" not in df.columns or not (df["seed"] == seed).all():
                raise self._damaged(path, f"its seed column is not {seed} throughout")
            if stop > wanted.stop:
                df = df.iloc[: wanted.stop - start].reset_index(drop=True)
            (short if stop < wanted.stop else results)[index] = df
        grown = int(self.meta["n_games"]) > self.stored_games
        if grown or self.legacy or self.new:
            self.stored_games = max(self.stored_games, int(self.meta["n_games"]))
            if writable(self.path):
                self.legacy = self.new = False
                self._write_run_json()
        return results, short

    def _write_run_json(self) -> None:
        meta = dict(self.meta, n_games=self.stored_games, chunks=dict(sorted(self.manifest.items())))
        write_atomic(self.path / "run.json", json.dumps(meta, indent=2, sort_keys=True, default=str))

    def write(self, index: int, df: pd.DataFrame) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not writable(self.path):
            raise StoreCorruptError(
                f"store {self.path} is read-only and lacks games from {index * self.chunk_size} on; make it writable "
                "or use another store folder to play them"
            )
        start = index * self.chunk_size
        stop = start + len(df)
        if df["game"].tolist() != list(range(start, stop)):  # a bug in the caller, never a user's input
            raise AssertionError(f"chunk {index} must hold games {start} to {stop - 1} in order")
        record = {"fingerprint": self.fingerprint, "index": index, "start": start, "stop": stop, "run": self.identity}
        table = pa.Table.from_pandas(df, preserve_index=False)
        # Without pandas' own record of the columns (their Arrow types give the same frame back) and
        # the column statistics (a chunk is read whole): they were two thirds of a 25-game chunk's file.
        schema_meta = {k: v for k, v in (table.schema.metadata or {}).items() if k != b"pandas"}
        schema_meta[_CHUNK_KEY] = json.dumps(record, sort_keys=True).encode()
        with atomic_file(self._file(index), "chunk") as fh:  # a unique temporary name, never a planted one
            pq.write_table(table.replace_schema_metadata(schema_meta), fh, write_statistics=False)
            fh.seek(0)
            digest = hashlib.sha256()
            for block in iter(lambda: fh.read(2**20), b""):
                digest.update(block)
            self.manifest[self._file(index).name] = {"sha256": digest.hexdigest(), "start": start, "stop": stop}
        self._write_run_json()  # the manifest lists the chunk once its file is in place


def _q(path: Path) -> str:
    return shlex.quote(str(path))


def _progress_bar(total: int, enabled: bool, desc: str):
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game")


@contextmanager
def parallel_backend(backend: str, scheduler: str | None = None) -> Iterator[None]:
    """Within the block, every :func:`simulate` call that names no backend (those of studies,
    comparisons and skill traces included) runs on ``backend``, with dask's ``scheduler`` address.
    The games do not depend on it: the same seed gives the same table on any backend.

    >>> from negenlab.core.agents import RandomAgent
    >>> from negenlab.core.examples import Nim
    >>> with parallel_backend("serial"):
    ...     len(simulate(Nim((1, 2)), [RandomAgent(), RandomAgent()], 3, seed=1, progress=False))
    3
    """
    if backend not in BACKENDS:
        raise InvalidInputError(f"backend must be one of {BACKENDS}, got {backend!r}")
    if scheduler is not None and backend != "dask":
        raise InvalidInputError(f"a scheduler address goes with backend 'dask', not {backend!r}")
    token = _DEFAULT_BACKEND.set((backend, scheduler))
    try:
        yield
    finally:
        _DEFAULT_BACKEND.reset(token)


def current_backend() -> tuple[str, str | None]:
    """The backend and dask scheduler address of :func:`simulate` calls that name no backend: those
    of the enclosing :func:`parallel_backend` block, else ``("process", None)``.

    >>> with parallel_backend("dask", "tcp://127.0.0.1:8786"):
    ...     current_backend()
    ('dask', 'tcp://127.0.0.1:8786')
    """
    return _DEFAULT_BACKEND.get()


def simulate(
    game: Game,
    agents: Sequence[Any],
    n_games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    backend: str | None = None,
    store: str | os.PathLike | None = None,
    progress: bool = True,
    chunk_size: int | None = None,
    max_actions: int | None = None,
    scheduler: str | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` seeded games of ``game``; return one row per game.

    Parameters
    ----------
    game, agents : the game and one agent per seat (``agents[p]`` plays seat ``p``).
    n_games, seed : how many games (0..10**7, :data:`MAX_GAMES`), and the one seed all randomness
        flows from (0..2**63-1). Counts are whole numbers: a float or a bool is refused, never rounded.
    workers : processes (``process``, 1..256) or dask workers (``dask``); default: all cores. A
        worker exits by itself when the calling process is killed, and an interrupted call
        (Ctrl-C, SIGTERM, an error) ends its workers; chunks are made as workers need them.
    backend : ``"serial"``, ``"process"`` or ``"dask"`` (needs the ``[dask]`` extra); default:
        ``"process"``, or the backend of the enclosing :func:`parallel_backend` block.
    store : a folder; finished chunks are written there as Parquet as they finish and
        a rerun with the same arguments resumes: no game lost, none computed twice. Each
        chunk records the run's identity and its games, and is checked before reuse: a store
        of another run, or a damaged or misplaced file, is refused with an error naming it.
    progress : a tqdm bar (notebook-aware) on long runs (more than 50 games); False: never.
    chunk_size : games per task, 1..100,000; part of the run's identity (default 25).
    max_actions : stop a game after this many actions and mark it ``truncated``.
    scheduler : with ``backend="dask"``, a scheduler address; default: a LocalCluster.

    Columns: ``game, seed, winner`` (seat, -1 when nobody), ``draw, truncated, length``
    (decisions), ``actions`` (including chance), ``branching`` (mean legal actions per
    decision, over the decisions whose count :meth:`State.branching` gave), ``return_p, decisions_p`` per seat, then the game's own columns. The
    run's metadata (rules, agents, seed, version) is in ``df.attrs["negenlab"]``.
    """
    check_players(game, agents)
    if store is not None and (not isinstance(store, str | os.PathLike) or not str(store).strip()):
        raise InvalidInputError(f"store is a folder path (a string or a Path), got {store!r}")
    if scheduler is not None and backend not in (None, "dask"):
        raise InvalidInputError(f"a scheduler address needs backend='dask', got backend={backend!r}")
    if backend is None:
        backend, default_scheduler = _DEFAULT_BACKEND.get()
        scheduler = scheduler if scheduler is not None else default_scheduler
    if backend not in BACKENDS:
        raise InvalidInputError(f"backend must be one of {BACKENDS}, got {backend!r}")
    n_games = whole_number(n_games, "n_games", 0, MAX_GAMES, GAMES_WHY)
    seed = seed_value(seed)
    chunk_size = whole_number(
        25 if chunk_size is None else chunk_size, "chunk_size", 1, MAX_CHUNK_SIZE, "a chunk is held in memory whole"
    )
    workers = optional_whole(workers, "workers", 1, MAX_WORKERS, WORKERS_WHY)
    max_actions = optional_whole(max_actions, "max_actions", 1, MAX_ACTIONS, "a bound on one game's length")
    progress = flag(progress, "progress") and n_games > 50
    meta = run_metadata(game, agents, n_games, seed, max_actions, chunk_size)
    n_chunks = _n_chunks(n_games, chunk_size)
    chunk_store = _ChunkStore(store, meta) if store is not None else None
    try:
        results, short = chunk_store.load(n_games) if chunk_store is not None else ({}, {})
    except BaseException:
        if chunk_store is not None:
            chunk_store.close()
        raise
    n_todo = n_chunks - len(results)
    todo = (  # made as needed; a short stored chunk plays on from its last game
        _Chunk(c.index, c.start + len(short.get(k, ())), c.stop)
        for k in range(n_chunks)
        if k not in results
        for c in [_chunk(k, n_games, chunk_size)]
    )
    bar = _progress_bar(n_games, bool(progress), f"{game.name}")
    if bar is not None:
        bar.update(sum(len(df) for df in (*results.values(), *short.values())))
    started = time.perf_counter()

    def finished(index: int, df: pd.DataFrame) -> None:
        if index in short:
            df = _normalise(pd.concat([short.pop(index), df], ignore_index=True))
        results[index] = df
        if chunk_store is not None:
            chunk_store.write(index, df)
        if bar is not None:
            bar.update(len(df))

    try:
        if backend == "serial" or (backend == "process" and (workers == 1 or n_todo <= 1)):
            for c in todo:
                finished(*_run_chunk(game, agents, seed, c, max_actions))
        elif backend == "process":
            _run_process(game, agents, seed, todo, n_todo, max_actions, workers, finished)
        else:
            _run_dask(game, agents, seed, todo, max_actions, workers, scheduler, finished)
    finally:
        if bar is not None:
            bar.close()
        if chunk_store is not None:
            chunk_store.close()
    frames = [results[k] for k in range(n_chunks)]
    if frames:
        df = pd.concat(frames, ignore_index=True)
    else:
        df = _normalise(
            pd.DataFrame.from_records([], columns=["game", "seed", "winner", "draw", "truncated", "length"])
        )
    meta["elapsed_seconds_this_call"] = round(time.perf_counter() - started, 3)
    df.attrs["negenlab"] = meta
    return df


def _chunk(index: int, n_games: int, chunk_size: int) -> _Chunk:
    start = index * chunk_size
    return _Chunk(index, start, min(start + chunk_size, n_games))


def _n_chunks(n_games: int, chunk_size: int) -> int:
    return -(-n_games // chunk_size)


def _watch_parent(parent: int) -> None:
    """A pool worker's start: it leaves Ctrl-C to its parent (which ends the pool), dies on SIGTERM
    (the parent's ``terminate``), and exits on its own when the parent is gone (killed without the
    chance to end it), within half a second."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited by a fork

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="negenlab-parent-watch", daemon=True).start()


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` at once: queued tasks cancelled, running workers terminated and reaped."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # the executor's own workers
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(timeout=5)


class _Terminated(SystemExit):
    """SIGTERM arrived while a pool was running: the pool is ended, then the process exits."""


def _raise_terminated(signum, frame) -> None:
    raise _Terminated(128 + signum)


@contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A :class:`~concurrent.futures.ProcessPoolExecutor` whose workers never outlive the run.

    Workers ignore Ctrl-C and exit by themselves when the parent process disappears (even by
    SIGKILL). In the parent, an exception, Ctrl-C or (from the main thread) SIGTERM ends the pool
    at once: queued tasks are cancelled and running workers terminated.
    """
    workers = whole_number(workers, "workers", 1, MAX_WORKERS, WORKERS_WHY)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_watch_parent, initargs=(os.getpid(),))
    previous = None
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield pool
    except BaseException:
        _end_workers(pool)
        raise
    else:
        pool.shutdown(wait=True)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run_process(
    game, agents, seed, todo: Iterator[_Chunk], n_todo: int, max_actions, workers, finished: Callable
) -> None:
    workers = min(workers or os.cpu_count() or 1, n_todo)
    with process_pool(workers) as pool:
        _feed(pool, 2 * workers, game, agents, seed, todo, max_actions, finished)


def _feed(pool: Executor, window: int, game, agents, seed, todo: Iterator[_Chunk], max_actions, finished) -> None:
    """Play the chunks of ``todo`` on ``pool``, at most ``window`` in flight (chunks are made as
    they are needed), handing each finished one to ``finished``."""
    pending: set[Future] = set()
    for c in todo:
        pending.add(pool.submit(_run_chunk, game, agents, seed, c, max_actions))
        while len(pending) >= window:
            pending = _collect(pending, finished)
    while pending:
        pending = _collect(pending, finished)


def _collect(pending: set[Future], finished: Callable) -> set[Future]:
    """Hand the finished tasks of ``pending`` to ``finished``; return those still running. The wait
    is short so that a signal (Ctrl-C, SIGTERM) reaches the main thread, which an untimed wait on a
    lock would not see until a task finishes."""
    done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
    raise_if_interrupted()
    for fut in done:
        finished(*fut.result())
    return pending


def as_finished(futures: Iterable[Future]) -> Iterator[Future]:
    """``futures`` as they finish, like :func:`concurrent.futures.as_completed`, but waking every
    0.2 s, so that Ctrl-C and SIGTERM reach the main thread (and :func:`process_pool` ends its
    workers) at once rather than when the next task ends.

    >>> with process_pool(1) as pool:
    ...     sorted(f.result() for f in as_finished([pool.submit(abs, -2), pool.submit(abs, 3)]))
    [2, 3]
    """
    pending = set(futures)
    while pending:
        done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
        raise_if_interrupted()
        yield from done


DASK_MISSING = "backend 'dask' needs the [dask] extra: pip install 'negenlab[dask]'"

SCHEDULER_CONNECT_SECONDS = 5.0
"""How long a dask scheduler's address may take to accept a connection before it is called unreachable."""
SCHEDULER_ANSWER_SECONDS = 10.0
"""How long a dask scheduler may take to send its greeting (it sends it at once on a connection) before
the address is called one that does not answer."""
SCHEDULER_GREETING_LIMIT = 2**26
"""The largest first message a dask scheduler sends (its greeting takes a few hundred bytes): a larger
length is another protocol's bytes read as one (``HTTP/1.1`` read as a length is 3 EiB)."""
DASK_PORT = 8786


def _scheduler_endpoint(address: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of a ``tcp://`` or ``tls://`` scheduler address (``host:port`` is tcp,
    the port 8786 by default); None for other transports, which are not probed."""
    scheme, sep, rest = address.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", address.strip()
    if scheme not in ("tcp", "tls"):
        return None
    rest = rest.split("/", 1)[0]
    if rest.startswith("["):  # [IPv6]:port
        host, _, tail = rest[1:].partition("]")
        port = tail.removeprefix(":")
    elif rest.count(":") == 1:
        host, port = rest.split(":")
    else:
        host, port = rest, ""
    if not host:
        raise InvalidInputError(f"dask scheduler address {address!r} names no host; expected tcp://HOST:PORT")
    if not port:
        return scheme, host, DASK_PORT
    if not (port.isdigit() and len(port) <= 5 and 0 < int(port) < 65536):
        raise InvalidInputError(f"dask scheduler address {address!r}: its port must be 1..65535, got {port[:20]!r}")
    return scheme, host, int(port)


def probe_scheduler(address: str) -> None:
    """Check before any work that ``address`` is a dask scheduler that answers, within seconds and
    reading at most its greeting's 8-byte length: an unknown host, a closed port or one that does not
    accept within :data:`SCHEDULER_CONNECT_SECONDS` is named in one line, as is one that accepts but
    sends no greeting within :data:`SCHEDULER_ANSWER_SECONDS`, or answers in another protocol (a web
    server), before dask would wait its 30 s or read ``HTTP/1.1`` as a 3 EiB length. (A ``tls://``
    scheduler waits for the client to speak first: only its connection is checked.)

    >>> probe_scheduler("tcp://no-such-host.invalid:8786")
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: cannot connect to the dask scheduler 'tcp://no-such-host.invalid:8786': unknown host 'no-such-host.invalid'
    """
    endpoint = _scheduler_endpoint(address)
    if endpoint is None:
        return
    scheme, host, port = endpoint
    shown = f"the dask scheduler {address!r}"
    try:
        conn = socket.create_connection((host, port), timeout=SCHEDULER_CONNECT_SECONDS)
    except socket.gaierror:
        raise InvalidInputError(f"cannot connect to {shown}: unknown host {host!r}") from None
    except TimeoutError:
        raise InvalidInputError(
            f"cannot connect to {shown}: no connection within {SCHEDULER_CONNECT_SECONDS:g} s (a firewall, or no such "
            "machine up)"
        ) from None
    except OSError as exc:
        raise InvalidInputError(f"cannot connect to {shown}: {(exc.strerror or str(exc)).lower()}") from None
    with conn:
        if scheme != "tcp":
            return
        conn.settimeout(SCHEDULER_ANSWER_SECONDS)
        head = b""
        try:
            while len(head) < 8:
                block = conn.recv(8 - len(head))
                if not block:
                    break
                head += block
        except TimeoutError:
            raise InvalidInputError(
                f"{shown} accepted the connection but sent nothing in {SCHEDULER_ANSWER_SECONDS:g} s, where a dask "
                "scheduler greets at once: is it a dask scheduler's address?"
            ) from None
        except OSError as exc:
            raise InvalidInputError(f"{shown} dropped the connection: {(exc.strerror or str(exc)).lower()}") from None
    if len(head) < 8:
        raise InvalidInputError(f"{shown} closed the connection without a dask greeting: is it a dask scheduler?")
    if int.from_bytes(head, sys.byteorder) > SCHEDULER_GREETING_LIMIT:
        raise InvalidInputError(
            f"{shown} answers in another protocol (its first bytes are {head!r}), not dask's: is it a web server?"
        )


@contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A dask ``Client`` for the block: connected to the scheduler at ``scheduler``, or, without one,
    to a local cluster of ``workers`` single-threaded processes (default: all cores) started for the
    block and closed after it, as is the cluster when Ctrl-C or (from the main thread) SIGTERM ends
    the block. Its ``get_executor(pure=False)`` takes tasks as a process pool does. Without dask
    installed, or with a scheduler that cannot be reached, an :class:`InvalidInputError` in one line.
    """
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise InvalidInputError(DASK_MISSING) from exc
    previous = None
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        previous = signal.signal(signal.SIGTERM, _raise_terminated)
    quieted: dict[str, int] = {}
    try:
        if scheduler is None:
            n = workers or os.cpu_count() or 1
            with held_interrupt(raise_at_end=False) as held:  # Ctrl-C while it starts: raised once it can close
                with _workers_born_deaf_to_ctrl_c():
                    try:
                        cluster = LocalCluster(
                            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                            preload=[__name__],
                        )  # fmt: skip
                    except Exception:  # its workers took the Ctrl-C too, before they could leave it to us
                        if held:
                            quieted = _quiet_dask_logs()
                            raise KeyboardInterrupt from None
                        raise
                    try:
                        client = Client(cluster)
                    except BaseException:
                        cluster.close()
                        raise
            with cluster, client:
                try:
                    held.check()
                    with held_interrupt():  # Ctrl-C raised between tasks (raise_if_interrupted), at a clean point
                        yield client
                except BaseException:  # Ctrl-C, an error: the cluster closes without its logs' tracebacks
                    quieted = _quiet_dask_logs()
                    raise
            return
        probe_scheduler(scheduler)
        try:
            client = Client(scheduler, timeout=SCHEDULER_ANSWER_SECONDS)
        except (OSError, ValueError) as exc:
            raise InvalidInputError(f"cannot connect to the dask scheduler {scheduler!r}: {_one_line(exc)}") from exc
        with client:
            try:
                with held_interrupt():  # Ctrl-C raised between tasks (raise_if_interrupted), at a clean point
                    yield client
            except BaseException:
                quieted = _quiet_dask_logs()
                raise
    finally:
        for name, level in quieted.items():
            logging.getLogger(name).setLevel(level)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


@contextmanager
def _workers_born_deaf_to_ctrl_c() -> Iterator[None]:
    """A block that starts a local cluster whose worker processes hold Ctrl-C from their first
    instruction (a terminal gives it to every process of the command, and a worker that took it while
    its modules load would end in a traceback) until :func:`dask_setup` ignores it: SIGINT is blocked
    in this thread, so in the threads the cluster starts here and in the processes they start (a
    blocked signal stays blocked across ``exec``). A Ctrl-C meanwhile waits, and reaches this process's
    handler as the block ends. Only in the main thread, where signals are handled."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # the resource tracker starts with the first process, and its start unblocks SIGINT in the thread
    # that starts it (the cluster's event loop, and so every thread that loop starts): started here first
    resource_tracker.ensure_running()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def dask_setup(worker: Any) -> None:
    """Run by each worker of a local cluster as it starts (the cluster's ``preload``): Ctrl-C at a
    terminal reaches every process of the command, and a worker that took it would end in a
    traceback; the worker leaves it to the command, which closes the cluster. Until now the worker
    held Ctrl-C (:func:`_workers_born_deaf_to_ctrl_c`); ignored, one that came meanwhile is dropped."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    # the tasks the command cancels as it closes the cluster after Ctrl-C are each a warning of the worker's
    # state machine ("... ended with CancelledError"): the command says it was interrupted, in one line
    logging.getLogger("distributed.worker.state_machine").setLevel(logging.ERROR)


def _quiet_dask_logs() -> dict[str, int]:
    """Silence dask's and its event loop's loggers while a cluster closes after Ctrl-C or an error (its
    workers' dropped connections would each print a traceback); return their levels to restore."""
    names = ("distributed", "tornado", "asyncio")
    levels = {name: logging.getLogger(name).level for name in names}
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    return levels


def run_tasks(
    fn: Callable[..., Any],
    tasks: Iterable[tuple],
    on_result: Callable[[tuple, Any], Iterable[tuple] | None],
    workers: int | None = None,
    may_start: Callable[[], bool] = lambda: True,
) -> None:
    """Run ``fn(*task)`` for every task of a work queue on the enclosing backend (a long search's
    opening classes, say): in this process one after another (backend ``"serial"`` or one worker),
    on a process pool of ``workers``, or on the dask cluster of a :func:`parallel_backend` ``"dask"``
    block (its scheduler, or a local cluster of ``workers``), whose scheduler gives a lost worker's
    task to another. ``on_result(task, result)`` runs here as each task ends (it records the result:
    a killed run resumes from what it wrote) and may return further tasks, queued behind the others.
    No task starts once ``may_start()`` is false; at most one task per worker is in flight. ``fn``
    and the tasks must pickle (a top-level function, plain values).

    >>> seen = []
    >>> run_tasks(abs, [(-2,), (3,)], lambda task, r: seen.append(r) or ([(-5,)] if r == 2 else []), workers=1)
    >>> seen
    [2, 3, 5]
    """
    queue = list(tasks)
    backend, scheduler = current_backend()
    if backend == "dask":
        with dask_client(scheduler, workers) as client:
            slots = max(1, sum(client.nthreads().values()))
            _drain(client.get_executor(pure=False), slots, fn, queue, on_result, may_start)
        return
    workers = min(workers or os.cpu_count() or 1, max(1, len(queue)))
    if backend == "serial" or workers <= 1:
        while queue and may_start():
            task = queue.pop(0)
            queue.extend(on_result(task, fn(*task)) or ())
        return
    with process_pool(workers) as pool:
        _drain(pool, workers, fn, queue, on_result, may_start)


def _drain(pool: Executor, slots: int, fn, queue: list, on_result, may_start) -> None:
    """:func:`run_tasks` on ``pool``: keep ``slots`` tasks in flight while ``may_start()``, hand each
    finished one to ``on_result`` and queue what it returns."""
    running: dict[Future, tuple] = {}
    while queue or running:
        while queue and len(running) < slots and may_start():
            task = queue.pop(0)
            running[pool.submit(fn, *task)] = task
        if not running:
            return
        done, _ = wait(list(running), timeout=0.2, return_when=FIRST_COMPLETED)
        raise_if_interrupted()
        for fut in done:
            task = running.pop(fut)
            queue.extend(on_result(task, fut.result()) or ())


def check_backend(backend: str | None, scheduler: str | None) -> None:
    """One clear error for a scheduler address without the dask backend (``--scheduler`` alone)."""
    if scheduler is not None and backend != "dask":
        raise InvalidInputError("--scheduler goes with --backend dask (a dask scheduler address)")
    if scheduler is not None:  # before any work: an address that cannot serve is named at once
        probe_scheduler(scheduler)


@contextmanager
def backend_block(
    backend: str | None, scheduler: str | None = None, workers: int | None = None, uses_backend: bool = True
) -> Iterator[None]:
    """The block's :func:`simulate` calls run on ``backend`` (``None``: as they would anyway); for
    ``"dask"`` without a scheduler address, one local cluster of ``workers`` processes serves the
    whole block (none is started when ``uses_backend`` is false: the block runs in this process). What the commands' ``--backend`` and
    ``--scheduler`` options do.

    >>> with backend_block("serial"):
    ...     current_backend()
    ('serial', None)
    """
    check_backend(backend, scheduler)
    if backend is None:
        yield
        return
    if backend != "dask" or scheduler is not None or not uses_backend:
        with parallel_backend(backend, scheduler):
            yield
        return
    with dask_client(None, workers) as client, parallel_backend("dask", client.scheduler.address):
        yield


def _run_dask(game, agents, seed, todo: Iterator[_Chunk], max_actions, workers, scheduler, finished) -> None:
    with dask_client(scheduler, workers) as client:
        window = 2 * (workers or os.cpu_count() or 1)
        _feed(client.get_executor(pure=False), window, game, agents, seed, todo, max_actions, finished)
