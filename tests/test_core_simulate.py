"""simulate(): identical tables for every backend, worker count and chunking; resumable stores."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from negenlab.core import InvalidInputError, MCTSAgent, RandomAgent, StoreMismatchError, simulate
from negenlab.core.examples import DiceRace, Nim
from negenlab.core.simulate import play_one

AGENTS3 = [RandomAgent(), MCTSAgent(simulations=15), RandomAgent()]


def _run(**kw):
    base = dict(game=DiceRace(15, 3), agents=AGENTS3, n_games=24, seed=11, progress=False)
    base.update(kw)
    return simulate(**base)


@pytest.fixture(scope="module")
def serial():
    return _run(backend="serial")


def test_columns_and_row_per_game(serial):
    assert list(serial["game"]) == list(range(24))
    for col in [
        "seed",
        "winner",
        "draw",
        "truncated",
        "length",
        "actions",
        "branching",
        "return_0",
        "return_2",
        "decisions_1",
        "turns",
    ]:
        assert col in serial.columns
    assert (serial["winner"].between(0, 2)).all()
    assert serial.attrs["negenlab"]["agents"][1] == {"agent": "mcts", "c": 1.4, "simulations": 15}
    assert serial.attrs["negenlab"]["game"]["rules"] == {"target": 15, "players": 3}


def test_process_backend_matches_serial(serial):
    pd.testing.assert_frame_equal(serial, _run(backend="process", workers=2, chunk_size=5))


def test_chunking_does_not_change_results(serial):
    pd.testing.assert_frame_equal(serial, _run(backend="serial", chunk_size=7))


@pytest.mark.slow
def test_dask_backend_matches_serial(serial):
    pytest.importorskip("distributed")
    pd.testing.assert_frame_equal(serial, _run(backend="dask", workers=2, chunk_size=6))


@pytest.mark.slow
def test_dask_backend_with_a_scheduler_address(serial):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        pd.testing.assert_frame_equal(serial, _run(backend="dask", scheduler=cluster.scheduler_address, chunk_size=9))


def test_game_i_is_child_i_of_the_seed_sequence():
    """Row i depends only on (seed, i): simulating games 0..9 equals the first 10 rows of 0..19."""
    a = _run(backend="serial", n_games=20)
    b = _run(backend="serial", n_games=10)
    pd.testing.assert_frame_equal(a.iloc[:10].reset_index(drop=True), b)
    row = play_one(DiceRace(15, 3), AGENTS3, 11, 13)
    assert row == {k: (v.item() if hasattr(v, "item") else v) for k, v in a.iloc[13].to_dict().items()}


def test_different_seeds_differ():
    a = _run(backend="serial", seed=1)
    b = _run(backend="serial", seed=2)
    assert not a.drop(columns="seed").equals(b.drop(columns="seed"))


class _Interrupt(Exception):
    pass


class CountingRace(DiceRace):
    """DiceRace that counts started games and can be made to fail after a number of them."""

    started = 0
    fail_after = None

    def new_initial_state(self):
        cls = type(self)
        if cls.fail_after is not None and cls.started >= cls.fail_after:
            raise _Interrupt("simulated interruption")
        cls.started += 1
        return super().new_initial_state()


def test_store_resumes_without_loss_or_recomputation(tmp_path):
    game = CountingRace(15, 3)
    agents = [RandomAgent()] * 3
    reference = simulate(game, agents, 40, seed=5, backend="serial", progress=False, chunk_size=8)
    store = tmp_path / "run"
    CountingRace.started, CountingRace.fail_after = 0, 19  # dies inside the third chunk
    with pytest.raises(_Interrupt):
        simulate(game, agents, 40, seed=5, backend="serial", progress=False, chunk_size=8, store=store)
    assert sorted(p.name for p in store.glob("chunk-*.parquet")) == ["chunk-000000.parquet", "chunk-000001.parquet"]
    CountingRace.started, CountingRace.fail_after = 0, None
    resumed = simulate(game, agents, 40, seed=5, backend="serial", progress=False, chunk_size=8, store=store)
    assert CountingRace.started == 40 - 16  # only the games not stored were played
    pd.testing.assert_frame_equal(reference, resumed)
    CountingRace.started = 0
    again = simulate(game, agents, 40, seed=5, backend="serial", progress=False, chunk_size=8, store=store)
    assert CountingRace.started == 0
    pd.testing.assert_frame_equal(reference, again)
    assert json.loads((store / "run.json").read_text())["seed"] == 5


def test_store_grows_to_more_games_and_reads_back_fewer(tmp_path):
    game = CountingRace(15, 3)
    agents = [RandomAgent()] * 3
    reference = simulate(game, agents, 40, seed=5, backend="serial", progress=False, chunk_size=8)
    store = tmp_path / "run"
    simulate(game, agents, 20, seed=5, backend="serial", progress=False, chunk_size=8, store=store)
    CountingRace.started = 0
    grown = simulate(game, agents, 40, seed=5, backend="serial", progress=False, chunk_size=8, store=store)
    assert CountingRace.started == 40 - 20  # only games 20..39: the short chunk 2 (games 16..19) plays on from 20
    pd.testing.assert_frame_equal(reference, grown)
    CountingRace.started = 0
    fewer = simulate(game, agents, 24, seed=5, backend="serial", progress=False, chunk_size=8, store=store)
    assert CountingRace.started == 0
    pd.testing.assert_frame_equal(reference.head(24), fewer)
    assert json.loads((store / "run.json").read_text())["n_games"] == 40


def test_store_grown_a_few_games_at_a_time_plays_each_game_once(tmp_path):
    """A play-on grows its store a few games at a time: a short stored chunk plays on from its last
    game (game i depends on the seed and i alone), so no game is played twice, on any backend."""
    game = CountingRace(15, 3)
    agents = [RandomAgent()] * 3
    reference = simulate(game, agents, 40, seed=5, backend="serial", progress=False, chunk_size=8)
    store = tmp_path / "serial"
    CountingRace.started = 0
    for n in [*range(3, 40, 3), 40]:
        grown = simulate(game, agents, n, seed=5, backend="serial", progress=False, chunk_size=8, store=store)
        pd.testing.assert_frame_equal(reference.head(n), grown)
    assert CountingRace.started == 40
    for n in (5, 13, 14, 40):
        grown = simulate(
            game, agents, n, seed=5, backend="process", workers=2, progress=False, chunk_size=8, store=tmp_path / "pool"
        )
        pd.testing.assert_frame_equal(reference.head(n), grown)


def test_store_refuses_other_arguments(tmp_path):
    simulate(Nim((1, 2)), [RandomAgent()] * 2, 5, seed=1, backend="serial", progress=False, store=tmp_path)
    with pytest.raises(StoreMismatchError, match="seed"):
        simulate(Nim((1, 2)), [RandomAgent()] * 2, 5, seed=2, backend="serial", progress=False, store=tmp_path)


def test_max_actions_truncates_and_says_so():
    df = simulate(Nim((9, 9, 9)), [RandomAgent()] * 2, 6, seed=0, backend="serial", progress=False, max_actions=3)
    assert df["truncated"].all() and (df["winner"] == -1).all() and not df["draw"].any()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"agents": [RandomAgent()]}, "2 seats but 1 agents"),
        ({"backend": "threads"}, "backend must be one of"),
        ({"n_games": -1}, "n_games"),
        ({"seed": -3}, "seed"),
        ({"chunk_size": 0}, "chunk_size"),
    ],
)
def test_bad_arguments(kwargs, message):
    base = dict(game=Nim((1, 2)), agents=[RandomAgent()] * 2, n_games=3, seed=0, progress=False)
    base.update(kwargs)
    with pytest.raises(InvalidInputError, match=message):
        simulate(**base)


def test_zero_games():
    df = simulate(Nim((1,)), [RandomAgent()] * 2, 0, seed=0, progress=False)
    assert len(df) == 0
