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
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .errors import InvalidInputError, StoreMismatchError
from .game import Game, check_players
from .version import package_version

BACKENDS = ("serial", "process", "dask")


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
    while not state.is_terminal():
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
    same = {k: v for k, v in meta.items() if k != "n_games"}
    return hashlib.sha256(json.dumps(same, sort_keys=True, default=str).encode()).hexdigest()[:16]


def run_metadata(
    game: Game, agents: Sequence[Any], n_games: int, seed: int, max_actions: int | None, chunk_size: int
) -> dict[str, Any]:
    """What defines a run: recorded with its table and checked when a store resumes."""
    return {
        "game": game.describe(),
        "agents": [a.describe() for a in agents],
        "n_games": int(n_games),
        "seed": int(seed),
        "max_actions": max_actions,
        "chunk_size": int(chunk_size),
        "negenlab_version": package_version(),
    }


class _ChunkStore:
    """A folder of Parquet chunks plus ``run.json``; written chunk by chunk, atomically."""

    def __init__(self, path: str | os.PathLike, meta: dict[str, Any]):
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.meta = meta
        meta_file = self.path / "run.json"
        if meta_file.exists():
            old = json.loads(meta_file.read_text())
            if _fingerprint(old) != _fingerprint(meta):
                diff = sorted(k for k in set(old) | set(meta) if old.get(k) != meta.get(k))
                raise StoreMismatchError(
                    f"store {self.path} holds a run with other arguments (differs in {diff}); "
                    f"use a new store path or the same arguments to resume"
                )
            meta = dict(meta, n_games=max(int(old.get("n_games", 0)), meta["n_games"]))
        meta_file.write_text(json.dumps(meta, indent=2, sort_keys=True, default=str))

    def _file(self, index: int) -> Path:
        return self.path / f"chunk-{index:06d}.parquet"

    def done(self) -> set[int]:
        return {int(p.stem.split("-")[1]) for p in self.path.glob("chunk-*.parquet")}

    def write(self, index: int, df: pd.DataFrame) -> None:
        tmp = self.path / f".chunk-{index:06d}.parquet.tmp"
        df.to_parquet(tmp, index=False)
        os.replace(tmp, self._file(index))

    def read(self, index: int) -> pd.DataFrame:
        return pd.read_parquet(self._file(index))


def _progress_bar(total: int, enabled: bool, desc: str):
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game")


def simulate(
    game: Game,
    agents: Sequence[Any],
    n_games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    backend: str = "process",
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
    n_games, seed : how many games, and the one seed all randomness flows from.
    workers : processes (``process``) or dask workers (``dask``); default: all cores.
    backend : ``"serial"``, ``"process"`` or ``"dask"`` (needs the ``[dask]`` extra).
    store : a folder; finished chunks are written there as Parquet as they finish and
        a rerun with the same arguments resumes: no game lost, none computed twice.
    progress : a tqdm bar (notebook-aware) on long runs (more than 50 games); False: never.
    chunk_size : games per task; part of the run's identity (default 25).
    max_actions : stop a game after this many actions and mark it ``truncated``.
    scheduler : with ``backend="dask"``, a scheduler address; default: a LocalCluster.

    Columns: ``game, seed, winner`` (seat, -1 when nobody), ``draw, truncated, length``
    (decisions), ``actions`` (including chance), ``branching`` (mean legal actions per
    decision, over the decisions whose count :meth:`State.branching` gave), ``return_p, decisions_p`` per seat, then the game's own columns. The
    run's metadata (rules, agents, seed, version) is in ``df.attrs["negenlab"]``.
    """
    check_players(game, agents)
    if backend not in BACKENDS:
        raise InvalidInputError(f"backend must be one of {BACKENDS}, got {backend!r}")
    if n_games < 0:
        raise InvalidInputError(f"n_games must be >= 0, got {n_games}")
    if chunk_size is None:
        chunk_size = 25
    if chunk_size < 1:
        raise InvalidInputError(f"chunk_size must be >= 1, got {chunk_size}")
    seed = int(seed)
    if seed < 0:
        raise InvalidInputError(f"seed must be a non-negative integer, got {seed}")
    progress = bool(progress) and n_games > 50
    meta = run_metadata(game, agents, n_games, seed, max_actions, chunk_size)
    chunks = [_Chunk(k, s, min(s + chunk_size, n_games)) for k, s in enumerate(range(0, n_games, chunk_size))]
    chunk_store = _ChunkStore(store, meta) if store is not None else None
    results: dict[int, pd.DataFrame] = {}
    if chunk_store is not None:
        for k in chunk_store.done():
            if k < len(chunks):
                df = chunk_store.read(k)
                if len(df) == chunks[k].stop - chunks[k].start:  # a short last chunk of a smaller run is replayed
                    results[k] = df
    todo = [c for c in chunks if c.index not in results]
    bar = _progress_bar(n_games, bool(progress), f"{game.name}")
    if bar is not None:
        bar.update(sum(len(df) for df in results.values()))
    started = time.perf_counter()

    def finished(index: int, df: pd.DataFrame) -> None:
        results[index] = df
        if chunk_store is not None:
            chunk_store.write(index, df)
        if bar is not None:
            bar.update(len(df))

    try:
        if backend == "serial" or (backend == "process" and (workers == 1 or len(todo) <= 1)):
            for c in todo:
                finished(*_run_chunk(game, agents, seed, c, max_actions))
        elif backend == "process":
            _run_process(game, agents, seed, todo, max_actions, workers, finished)
        else:
            _run_dask(game, agents, seed, todo, max_actions, workers, scheduler, finished)
    finally:
        if bar is not None:
            bar.close()
    frames = [results[c.index] for c in chunks]
    if frames:
        df = pd.concat(frames, ignore_index=True)
    else:
        df = _normalise(
            pd.DataFrame.from_records([], columns=["game", "seed", "winner", "draw", "truncated", "length"])
        )
    meta["elapsed_seconds_this_call"] = round(time.perf_counter() - started, 3)
    df.attrs["negenlab"] = meta
    return df


def _run_process(game, agents, seed, todo, max_actions, workers, finished) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    workers = workers or os.cpu_count() or 1
    with ProcessPoolExecutor(max_workers=min(workers, len(todo))) as pool:
        futures = [pool.submit(_run_chunk, game, agents, seed, c, max_actions) for c in todo]
        try:
            for fut in as_completed(futures):
                finished(*fut.result())
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise


def _run_dask(game, agents, seed, todo, max_actions, workers, scheduler, finished) -> None:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise InvalidInputError("backend='dask' needs the [dask] extra: pip install 'negenlab[dask]'") from exc
    cluster = None
    if scheduler is None:
        cluster = LocalCluster(
            n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        futures = [client.submit(_run_chunk, game, agents, seed, c, max_actions, pure=False) for c in todo]
        for fut in as_completed(futures):
            finished(*fut.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
