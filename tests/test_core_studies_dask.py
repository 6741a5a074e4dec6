"""A study run on a dask cluster gives the table of the serial run (``negenlab study ... --backend dask``)."""

from __future__ import annotations

import pandas as pd
import pytest

from negenlab.cli import main
from negenlab.core.errors import InvalidInputError
from negenlab.core.studies import Study, StudyContext, run_study, study_backend
from negenlab.necklace import study as necklace_study


def small_swap_map(monkeypatch) -> Study:
    """The Necklace swap-map study (a simulate call per opening), on 3x3 with 6 games an opening."""
    monkeypatch.setattr(necklace_study, "SWAP_MAP_GAMES", 6)
    return Study("swap_map_3", "the swap map on 3x3", lambda ctx: necklace_study.swap_map_study(ctx, size=3))


def table(study: Study, tmp_path, name: str, **ctx) -> pd.DataFrame:
    context = StudyContext("necklace", study.name, seed=5, store=None, progress=lambda line: None, **ctx)
    return pd.read_csv(run_study(study, context, tmp_path / name))


@pytest.mark.slow
def test_a_study_on_a_dask_cluster_gives_the_serial_table(tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    study = small_swap_map(monkeypatch)
    serial = table(study, tmp_path, "serial", backend="serial")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        on_dask = table(study, tmp_path, "dask", backend="dask", scheduler=cluster.scheduler_address, workers=2)
        ran = set(cluster.scheduler.task_prefixes)
    assert "run_chunk" in ran, f"the study's games did not run on the cluster (its tasks: {ran})"
    pd.testing.assert_frame_equal(serial, on_dask)
    assert len(serial) == 9 and serial["n"].eq(6).all()


def test_a_scheduler_needs_the_dask_backend(capsys):
    with pytest.raises(InvalidInputError, match="dask"), study_backend(StudyContext("x", "y", scheduler="tcp://h:1")):
        pass
    with pytest.raises(InvalidInputError, match="dask"), study_backend(
        StudyContext("x", "y", backend="process", scheduler="tcp://h:1")
    ):
        pass
    assert main(["study", "necklace", "swap_map_5", "--scheduler", "tcp://h:1"]) == 2
    assert "--scheduler goes with --backend dask" in capsys.readouterr().err
