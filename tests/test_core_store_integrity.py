"""Resumable stores check themselves: a store is reused only when run.json and every chunk name
this run and the chunk's own games; anything else is a one-line error naming the file."""

from __future__ import annotations

import json
import shutil

import pandas as pd
import pyarrow.parquet as pq
import pytest

from negenlab.core import MCTSAgent, RandomAgent, StoreCorruptError, StoreMismatchError, simulate
from negenlab.core.examples import Nim
from negenlab.core.simulate import _CHUNK_KEY
from negenlab.core.studies import STUDY_FILE, Study, StudyContext, StudyResult, run_study

N, CHUNK = 20, 5  # four chunks


def _sim(store=None, n_games=N, seed=3, heaps=(1, 2, 3), agents=None, **kw):
    agents = agents or [RandomAgent(), RandomAgent()]
    return simulate(
        Nim(heaps), agents, n_games, seed=seed, backend="serial", progress=False, chunk_size=CHUNK, store=store, **kw
    )


@pytest.fixture
def store(tmp_path):
    folder = tmp_path / "run"
    _sim(folder)
    return folder


def _chunk(store, k):
    return store / f"chunk-{k:06d}.parquet"


def _refused(error, path, **kw):
    """The call is refused with one line naming ``path`` (the file or the store)."""
    with pytest.raises(error) as info:
        _sim(**kw)
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    return message


def test_a_clean_resume_gives_the_uninterrupted_table(store):
    reference = _sim()
    _chunk(store, 3).unlink()  # interrupted before the last chunk was written
    _chunk(store, 1).unlink()  # the process backend finishes chunks out of order
    pd.testing.assert_frame_equal(reference, _sim(store))
    assert _chunk(store, 3).exists() and _chunk(store, 1).exists()
    pd.testing.assert_frame_equal(reference, _sim(store))


def test_a_chunk_file_keeps_what_reads_it_back_and_no_more(store):
    """A chunk records its run, not pandas' record of the columns nor column statistics (two thirds
    of a small chunk's file), and reads back as the table the run made."""
    meta = pq.read_schema(_chunk(store, 0)).metadata
    assert _CHUNK_KEY in meta and b"pandas" not in meta
    assert not pq.ParquetFile(_chunk(store, 0)).metadata.row_group(0).column(0).is_stats_set
    pd.testing.assert_frame_equal(_sim(), _sim(store), check_exact=True)


def test_the_store_grows_and_reads_back_fewer(tmp_path):
    reference = _sim(n_games=32)
    folder = tmp_path / "run"
    _sim(folder, n_games=12)  # a short last chunk (games 10 and 11)
    pd.testing.assert_frame_equal(reference, _sim(folder, n_games=32))  # ... plays on from game 12
    pd.testing.assert_frame_equal(reference.head(13), _sim(folder, n_games=13))  # a chunk read in part
    assert json.loads((folder / "run.json").read_text())["n_games"] == 32
    pd.testing.assert_frame_equal(reference, _sim(folder, n_games=32))


def test_another_worker_count_resumes_to_the_same_table(store):
    reference = _sim()
    _chunk(store, 2).unlink()
    _chunk(store, 3).unlink()
    resumed = simulate(
        Nim((1, 2, 3)),
        [RandomAgent()] * 2,
        N,
        seed=3,
        backend="process",
        workers=2,
        progress=False,
        chunk_size=CHUNK,
        store=store,
    )
    pd.testing.assert_frame_equal(reference, resumed)


@pytest.mark.parametrize(
    "other",
    [
        {"heaps": (2, 2)},
        {"agents": [MCTSAgent(simulations=5), RandomAgent()]},
        {"seed": 4},
        {},  # the same arguments: without run.json the chunks cannot be trusted either
    ],
)
def test_chunks_without_run_json_are_refused(store, other):
    (store / "run.json").unlink()
    message = _refused(StoreCorruptError, store, store=store, **other)
    assert "no run.json" in message and f"rm -r {store}" in message
    assert not (store / "run.json").exists()  # not relabelled


def test_a_store_of_other_arguments_is_refused(store):
    _refused(StoreMismatchError, store, store=store, seed=4)


def test_a_chunk_copied_over_another_is_refused(store):
    shutil.copyfile(_chunk(store, 0), _chunk(store, 1))
    message = _refused(StoreCorruptError, _chunk(store, 1), store=store)
    assert "holds chunk 0 (games 0 to 4), not chunk 1" in message and f"rm {_chunk(store, 1)}" in message


def test_a_chunk_of_another_run_is_refused(store, tmp_path):
    other = tmp_path / "other"
    _sim(other, seed=4)
    shutil.copyfile(_chunk(other, 2), _chunk(store, 2))
    message = _refused(StoreMismatchError, _chunk(store, 2), store=store)
    assert "'seed'" in message


def _rewrite(path, edit_table=None, edit_meta=None):
    table = pq.read_table(path)
    meta = dict(table.schema.metadata)
    if edit_table is not None:
        table = edit_table(table)
    if edit_meta is not None:
        edit_meta(meta)
    pq.write_table(table.replace_schema_metadata(meta), path)


def _forget_manifest(store) -> None:
    """run.json as a store written before checksums has it: no chunk manifest."""
    meta = json.loads((store / "run.json").read_text())
    meta.pop("chunks", None)
    (store / "run.json").write_text(json.dumps(meta))


def test_a_chunk_whose_games_are_not_its_range_is_refused(store):
    import pyarrow as pa

    def shuffle_games(table):
        games = table.column("game").to_pylist()
        return table.set_column(table.schema.get_field_index("game"), "game", pa.array(games[::-1]))

    _rewrite(_chunk(store, 2), edit_table=shuffle_games)
    message = _refused(StoreCorruptError, _chunk(store, 2), store=store)
    assert "checksum differs from the manifest's" in message  # any change to its bytes
    _forget_manifest(store)  # a store written before manifests: the game column is checked
    message = _refused(StoreCorruptError, _chunk(store, 2), store=store)
    assert "game column is not games 10 to 14" in message


def test_a_chunk_whose_seed_column_is_not_the_runs_is_refused(store):
    import pyarrow as pa

    def reseed(table):
        return table.set_column(table.schema.get_field_index("seed"), "seed", pa.array([4] * table.num_rows))

    _rewrite(_chunk(store, 0), edit_table=reseed)
    message = _refused(StoreCorruptError, _chunk(store, 0), store=store)
    assert "checksum differs from the manifest's" in message
    _forget_manifest(store)
    message = _refused(StoreCorruptError, _chunk(store, 0), store=store)
    assert "seed column is not 3" in message


def test_a_chunk_claiming_games_beyond_run_json_is_refused(store):
    def stretch(meta):
        record = json.loads(meta[_CHUNK_KEY])
        record.update(index=9, start=45, stop=50)
        meta[_CHUNK_KEY] = json.dumps(record).encode()

    shutil.copyfile(_chunk(store, 0), store / "chunk-000009.parquet")
    _rewrite(store / "chunk-000009.parquet", edit_meta=stretch)
    _refused(StoreCorruptError, store / "chunk-000009.parquet", store=store)


@pytest.mark.parametrize("damage", ["garbage", "zero bytes", "truncated", "data pages"])
def test_a_damaged_chunk_is_a_one_line_error_naming_it(store, damage):
    path = _chunk(store, 1)
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"not a parquet file at all " * 20)
    elif damage == "zero bytes":
        path.write_bytes(b"")
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    else:  # the footer (schema and identity) intact, the column data overwritten
        row_group = pq.read_metadata(path).row_group(0)
        last = row_group.column(row_group.num_columns - 1)
        end = (last.dictionary_page_offset or last.data_page_offset) + last.total_compressed_size
        path.write_bytes(data[:4] + b"\xff" * (end - 4) + data[end:])
        assert _CHUNK_KEY in pq.read_schema(path).metadata
    message = _refused(StoreCorruptError, path, store=store)
    assert f"rm {path}" in message and "damaged" in message


def test_a_chunk_claiming_more_games_than_a_chunk_holds_is_refused(store):
    def stretch(meta):
        record = json.loads(meta[_CHUNK_KEY])
        record.update(stop=record["start"] + CHUNK + 1)
        meta[_CHUNK_KEY] = json.dumps(record).encode()

    _rewrite(_chunk(store, 1), edit_meta=stretch)
    _refused(StoreCorruptError, _chunk(store, 1), store=store, n_games=5)  # even when chunk 1 is not read


def test_a_misnamed_chunk_is_refused(store):
    shutil.copyfile(_chunk(store, 0), store / "chunk-7.parquet")
    _refused(StoreCorruptError, store / "chunk-7.parquet", store=store)


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2]", "\xff\xfe garbage"])
def test_a_damaged_run_json_is_a_one_line_error(store, text):
    (store / "run.json").write_bytes(text.encode("latin-1"))
    message = _refused(StoreCorruptError, store / "run.json", store=store)
    assert f"rm -r {store}" in message


def test_run_json_alone_names_the_run(tmp_path):
    folder = tmp_path / "run"
    _sim(folder, n_games=0)  # run.json, no chunks yet
    message = _refused(StoreMismatchError, folder, store=folder, seed=4)
    assert "differs in ['seed']" in message
    assert json.loads((folder / "run.json").read_text())["seed"] == 3


def test_a_store_written_before_identity_checks_is_refused(store):
    for k in range(4):
        _rewrite(_chunk(store, k), edit_meta=lambda meta: meta.pop(_CHUNK_KEY))
    message = _refused(StoreCorruptError, store, store=store)
    assert "predates identity checks" in message and f"rm -r {store}" in message


def test_a_store_path_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    _refused(StoreCorruptError, tmp_path / "file", store=tmp_path / "file")


def _tiny_study():
    def run(ctx):
        df = _sim(ctx.store_for("games"), seed=ctx.seed)
        return StudyResult(df.groupby("winner").size().rename("n").reset_index(), agents=["random", "random"])

    return Study("tiny", "a tiny study", run)


def test_a_study_store_carries_its_seed(tmp_path):
    store, out = tmp_path / "store", tmp_path / "out"
    run_study(_tiny_study(), StudyContext("nim", "tiny", seed=7, store=store), out)
    first = pd.read_csv(out / "tiny.csv")
    run_study(_tiny_study(), StudyContext("nim", "tiny", seed=7, store=store), out)  # resumes
    pd.testing.assert_frame_equal(first, pd.read_csv(out / "tiny.csv"))
    assert json.loads((store / STUDY_FILE).read_text()) == {"game": "nim", "study": "tiny", "seed": 7}
    with pytest.raises(StoreMismatchError, match="with seed 7, not seed 8"):
        run_study(_tiny_study(), StudyContext("nim", "tiny", seed=8, store=store), out)
    with pytest.raises(StoreMismatchError, match="not study nim other"):
        run_study(_tiny_study(), StudyContext("nim", "other", seed=7, store=store), out)


def test_a_study_store_without_its_sidecars_is_refused(tmp_path):
    store, out = tmp_path / "store", tmp_path / "out"
    run_study(_tiny_study(), StudyContext("nim", "tiny", seed=7, store=store), out)
    (store / STUDY_FILE).unlink()
    with pytest.raises(StoreCorruptError, match=f"no {STUDY_FILE}"):
        run_study(_tiny_study(), StudyContext("nim", "tiny", seed=8, store=store), out)
    (store / "games" / "run.json").unlink()
    with pytest.raises(StoreCorruptError, match="no run.json"):  # the games themselves refuse seed 8
        _tiny_study().run(StudyContext("nim", "tiny", seed=8, store=store))
    assert json.loads((out / "tiny.json").read_text())["seed"] == 7


def test_a_study_whose_run_json_was_swapped_still_refuses_another_seed(tmp_path):
    seven, eight = tmp_path / "seven", tmp_path / "eight"
    _tiny_study().run(StudyContext("nim", "tiny", seed=7, store=seven))
    _tiny_study().run(StudyContext("nim", "tiny", seed=8, store=eight))
    shutil.copyfile(eight / "games" / "run.json", seven / "games" / "run.json")
    with pytest.raises(StoreMismatchError, match=r"chunk-000000\.parquet.*'seed'"):
        _tiny_study().run(StudyContext("nim", "tiny", seed=8, store=seven))


@pytest.mark.parametrize("text", ["{", '{"seed": 7}', "[]"])
def test_a_damaged_study_json_is_refused(tmp_path, text):
    store = tmp_path / "store"
    run_study(_tiny_study(), StudyContext("nim", "tiny", seed=7, store=store), tmp_path / "out")
    (store / STUDY_FILE).write_text(text)
    with pytest.raises(StoreCorruptError, match=f"{STUDY_FILE} is damaged"):
        run_study(_tiny_study(), StudyContext("nim", "tiny", seed=7, store=store), tmp_path / "out")


def test_the_cli_prints_one_line(tmp_path, capsys):
    from negenlab.cli import main

    folder = tmp_path / "run"
    argv = ["necklace", "simulate", "--games", "4", "--workers", "1", "--json", "--store", str(folder)]
    assert main(argv) == 0
    capsys.readouterr()
    (folder / "chunk-000000.parquet").write_bytes(b"")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("negenlab: error: chunk file ") and "rm " in err


# -- contents: checksums, regular files, bounded records, read-only stores, one writer (#35) -------------------


def test_a_byte_flipped_anywhere_in_a_chunk_is_refused_on_resume(store):
    """Every 97th byte of a chunk in turn, flipped alone: each changed file is refused, never read as games."""
    path = _chunk(store, 1)
    original = path.read_bytes()
    for at in range(0, len(original), 97):
        damaged = bytearray(original)
        damaged[at] ^= 0xFF
        path.write_bytes(bytes(damaged))
        with pytest.raises((StoreCorruptError, StoreMismatchError)) as info:
            _sim(store)
        assert str(path) in str(info.value) and "\n" not in str(info.value), at
    path.write_bytes(original)
    pd.testing.assert_frame_equal(_sim(), _sim(store))


def test_the_flip_check_sees_a_flip_the_old_checks_missed(store):
    """Without the manifest (a store written before checksums), a flipped byte in the data pages can
    pass the identity, game and seed checks: the checksum is what catches it."""
    path = _chunk(store, 1)
    original = path.read_bytes()
    missed = 0
    for at in range(0, len(original), 97):
        damaged = bytearray(original)
        damaged[at] ^= 0xFF
        path.write_bytes(bytes(damaged))
        _forget_manifest(store)
        try:
            _sim(store)
            missed += 1
        except (StoreCorruptError, StoreMismatchError):
            pass
        path.write_bytes(original)
        _forget_manifest(store)
        _sim(store)  # records the checksums again
    assert missed > 0


def test_a_chunk_not_in_the_manifest_is_refused(store):
    shutil.copyfile(_chunk(store, 3), store / "spare")
    _chunk(store, 3).unlink()
    _sim(store, n_games=15)  # the manifest keeps chunks 0-2 and, from before, chunk 3
    meta = json.loads((store / "run.json").read_text())
    meta["chunks"].pop("chunk-000003.parquet")
    (store / "run.json").write_text(json.dumps(meta))
    shutil.copyfile(store / "spare", _chunk(store, 3))
    message = _refused(StoreCorruptError, _chunk(store, 3), store=store)
    assert "not in the store's manifest" in message


@pytest.mark.parametrize("where", ["run.json", "chunk-000001.parquet"])
def test_a_named_pipe_in_a_store_is_refused_without_blocking(store, where):
    import os

    (store / where).unlink()
    os.mkfifo(store / where)
    message = _refused(StoreCorruptError, store / where, store=store)
    assert "named pipe" in message


def test_a_huge_sparse_run_json_is_refused_unread(store):
    with open(store / "run.json", "r+b") as fh:
        fh.truncate(20 * 2**30)  # 20 GiB, sparse
    message = _refused(StoreCorruptError, store / "run.json", store=store)
    assert "MiB" in message


def test_a_read_only_store_is_read_back(store, monkeypatch):
    """A store this process may not write (a read-only folder; simulated, since root writes anywhere) is
    read as it is: nothing is rewritten, and only games it lacks are refused."""
    import sys

    import negenlab.core.files as files

    sim = sys.modules["negenlab.core.simulate"]  # the module (negenlab.core.simulate names the function)

    reference = _sim()
    before = {p.name: p.stat().st_mtime_ns for p in store.iterdir()}
    monkeypatch.setattr(sim, "writable", lambda folder: False)
    monkeypatch.setattr(files, "writable", lambda folder: False)
    pd.testing.assert_frame_equal(reference, _sim(store))
    assert {p.name: p.stat().st_mtime_ns for p in store.iterdir()} == before
    message = _refused(StoreCorruptError, store, store=store, n_games=N + 5)  # games it lacks cannot be written
    assert "read-only" in message


def test_a_second_writer_on_one_store_is_refused_in_one_line(store):
    from negenlab.core.errors import StoreBusyError
    from negenlab.core.files import FolderLock

    with FolderLock(store, "store"):  # another run holds the store
        message = _refused(StoreBusyError, store, store=store)
    assert "in use by another run" in message
    pd.testing.assert_frame_equal(_sim(), _sim(store))  # free again
