"""A study run on a dask cluster gives the table of the serial run (``negenlab study ... --backend dask``)."""

from __future__ import annotations

import sys

import pandas as pd
import pytest

from negenlab.cli import main
from negenlab.core.errors import InvalidInputError
from negenlab.core.simulate import _run_chunk, dask_client, parallel_backend
from negenlab.core.studies import Study, StudyContext, run_study, study_backend
from negenlab.necklace import study as necklace_study
from negenlab.negen import study as negen_study
from negenlab.polymer import study as polymer_study
from negenlab.polymer.rules import Rules as PolymerRules

# two of the variant study's cheapest cells (a few seconds each), one with a single rotation, one with three
VARIANT_CELLS = ("p4-closers-straight-die-join", "p3-greedy-among-closers-bent-adjacency-join")


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        yield c


def ran_on(cluster) -> set[str]:
    """The task prefixes the cluster has seen (``run_chunk``: simulate's chunks of games)."""
    return set(cluster.scheduler.task_prefixes)


@pytest.mark.slow
def test_a_study_on_a_dask_cluster_gives_the_serial_table(cluster, tmp_path, monkeypatch, capsys):
    """The registered Necklace swap-map study (a simulate call per opening) on 3x3 with 6 games an
    opening, through the command line: serially, then on the cluster with one worker named (which
    plays serially in this process on any other backend), then on a local cluster started for it."""
    monkeypatch.setattr(necklace_study, "SWAP_MAP_GAMES", 6)
    small = Study("swap_map_3", "the swap map on 3x3", lambda ctx: necklace_study.swap_map_study(ctx, size=3))
    monkeypatch.setitem(necklace_study.STUDIES, "swap_map_3", small)

    def run(where: str, *backend: str) -> pd.DataFrame:
        args = ["study", "necklace", "swap_map_3", "--seed", "5", "--out", str(tmp_path / where)]
        assert main([*args, "--store", str(tmp_path / f"runs-{where}"), *backend]) == 0, capsys.readouterr().err
        return pd.read_csv(tmp_path / where / "swap_map_3.csv")

    serial = run("serial", "--backend", "serial")
    assert "run_chunk" not in ran_on(cluster)
    on_dask = run("dask", "--backend", "dask", "--scheduler", cluster.scheduler_address, "--workers", "1")
    assert "run_chunk" in ran_on(cluster), (
        f"the study's games did not run on the cluster (its tasks: {ran_on(cluster)})"
    )
    pd.testing.assert_frame_equal(serial, on_dask)
    assert len(serial) == 9 and serial["n"].eq(6).all()
    pd.testing.assert_frame_equal(serial, run("local", "--backend", "dask", "--workers", "2"))  # a cluster of its own


@pytest.mark.slow
def test_the_variant_study_runs_its_cells_on_the_cluster_with_the_serial_table(cluster, tmp_path, monkeypatch):
    """The Negen variant study's own cell pool, cut to two cheap cells: each cell runs as one task on
    the cluster, and ``variants.csv`` is the serial run's."""
    cells = [c for c in negen_study.variant_cells() if c.id in VARIANT_CELLS]
    monkeypatch.setattr(negen_study, "variant_cells", lambda: cells)
    study = negen_study.STUDIES["variants"]

    def table(where: str, **ctx) -> pd.DataFrame:
        store = tmp_path / where / "variant_store"
        context = StudyContext("negen", "variants", seed=2024, store=store, progress=lambda line: None, **ctx)
        return pd.read_csv(run_study(study, context, tmp_path / where))

    serial = table("serial", backend="serial", workers=1)
    on_dask = table("dask", backend="dask", scheduler=cluster.scheduler_address, workers=2)
    assert "finish_cell_here" in ran_on(cluster), f"the cells did not run on the cluster (its tasks: {ran_on(cluster)})"
    pd.testing.assert_frame_equal(serial, on_dask)
    assert serial["id"].tolist() == list(VARIANT_CELLS)


def test_a_scheduler_needs_the_dask_backend(capsys):
    with pytest.raises(InvalidInputError, match="dask"), study_backend(StudyContext("x", "y", scheduler="tcp://h:1")):
        pass
    with (
        pytest.raises(InvalidInputError, match="dask"),
        study_backend(StudyContext("x", "y", backend="process", scheduler="tcp://h:1")),
    ):
        pass
    assert main(["study", "necklace", "swap_map_5", "--scheduler", "tcp://h:1"]) == 2
    assert "--scheduler goes with --backend dask" in capsys.readouterr().err
    assert main(["study", "necklace", "swap_map_5", "--backend", "process", "--scheduler", "tcp://h:1"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_bad_scheduler_address_is_one_clear_error():
    pytest.importorskip("distributed")
    with pytest.raises(InvalidInputError, match="cannot connect to the dask scheduler 'nowhere'"):
        with dask_client("nowhere"):
            pass


def test_the_study_list_says_where_the_backend_does_not_apply(capsys):
    assert main(["study", "fen"]) == 0
    assert (
        capsys.readouterr().out.splitlines()[-1]
        == "(--backend does not apply to blocked, proof_positions, agents_vs_proof: they run in this process)"
    )
    assert main(["study", "necklace"]) == 0
    assert "does not apply to draws, engine_5x5:" in capsys.readouterr().out


def test_one_worker_still_plays_on_dask_when_the_study_asks_for_it(monkeypatch):
    """The studies' game helpers play one worker's games in this process, except on a dask
    backend: there they go to the scheduler (a stand-in for simulate's dask runner here)."""
    seen = []

    def on_dask(game, agents, seed, todo, max_actions, workers, scheduler, finished):
        seen.append((workers, scheduler))
        for chunk in todo:
            finished(*_run_chunk(game, agents, seed, chunk, max_actions))

    monkeypatch.setattr(sys.modules["negenlab.core.simulate"], "_run_dask", on_dask)
    cell = next(c for c in negen_study.variant_cells() if c.id == VARIANT_CELLS[0])
    plays = {
        "negen": lambda: negen_study.play_units(cell, 2, 1, None, workers=1)[0],
        "necklace": lambda: necklace_study.self_play(3, n_games=2, seed=1, workers=1),
        "polymer": lambda: polymer_study._simulate(
            PolymerRules(players=5), polymer_study.policy_agents("no_trade", 5), 1, 1, 1
        ),
    }
    for game, play in plays.items():
        seen.clear()
        here = play()
        assert not seen
        with parallel_backend("dask", "tcp://cluster:8786"):
            there = play()
        assert seen == [(1, "tcp://cluster:8786")], game
        pd.testing.assert_frame_equal(here, there)


@pytest.mark.slow
def test_the_long_searches_run_their_tasks_on_the_cluster_with_the_serial_values(cluster, tmp_path):
    """The three long searches (Necklace's proof attack and re-proof, FEN's solved boards) on small
    boards: each opening class or board is a task on the two-worker cluster, and the table is the
    serial run's (timings aside), also on a process pool of two."""
    from negenlab.fen import study as fen_study

    searches = {
        "attack_tree": lambda ctx: necklace_study.proof_attack_study(
            ctx, n=4, job_nodes=2_000, tt_bits=16, minutes=None
        ),
        "reproof_opening": lambda ctx: necklace_study.reproof_study(ctx, size=3, tt_bits=16, minutes=None),
        "solve_board": lambda ctx: fen_study.solved_study(ctx, boards=["triangle:1", "3.3.3.3.3.3:3"], games=4),
    }
    for task, search in searches.items():

        def table(where: str, task=task, search=search, **backend) -> pd.DataFrame:
            ctx = StudyContext("x", task, seed=3, store=tmp_path / where / task, progress=lambda line: None, **backend)
            with study_backend(ctx):
                t = search(ctx).table
            return t.drop(columns=[c for c in ("seconds", "check_seconds") if c in t.columns])

        serial = table("serial", backend="serial", workers=1)
        on_dask = table("dask", backend="dask", scheduler=cluster.scheduler_address, workers=2)
        assert task.replace("_", "-") in {p.replace("_", "-") for p in ran_on(cluster)}, (task, ran_on(cluster))
        pd.testing.assert_frame_equal(serial, on_dask)
        pd.testing.assert_frame_equal(serial, table("pool", backend="process", workers=2))
        assert len(serial) >= 3
        done = {"attack_tree": ("winner", {"red", "blue"}), "reproof_opening": ("verified", {True})}
        if task in done:  # the small boards are settled, not capped
            column, values = done[task]
            assert set(serial[column]) == values, serial
