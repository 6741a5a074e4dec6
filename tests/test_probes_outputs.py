"""Probes of output paths and of the variant history (#53): every file a command writes is checked
before its work starts (:func:`negenlab.core.files.check_outputs`), and a history damaged by a kill
resumes while any other damage is refused in one line.

The expensive work each command does (playing a variant, a study, a certificate search, a solve,
the atlas, the report pages) is replaced by a stub that fails the test when it is called: a probe
passes only when the command refused its output first, in one line, and left the target as it was.
"""

from __future__ import annotations

import json
import os
import stat
import time
from functools import partial
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest
from probing import one_error_line, run_cli

import negenlab.cli
import negenlab.core.studies
import negenlab.fen.study
import negenlab.games
import negenlab.necklace.certificate
import negenlab.necklace.study
from negenlab.core import RandomAgent, simulate
from negenlab.core.errors import InvalidInputError, StoreCorruptError
from negenlab.core.examples import Nim
from negenlab.core.files import atomic_file, check_outputs, file_kind, write_atomic
from negenlab.core.store import ResultStore
from negenlab.core.studies import Study, StudyResult
from negenlab.core.variant import SavedVariant
from negenlab.desk import VariantHistory, variant_widget
from negenlab.fen import tilings
from negenlab.report.played import save_played_game


class Work:
    """Stubs for the work a command does; each records its call and fails, so nothing is written."""

    def __init__(self, monkeypatch):
        self.calls: list[str] = []
        for module, name in (
            (negenlab.games, "try_variant"),
            (negenlab.core.studies, "run_study"),
            (negenlab.necklace.certificate, "certificate"),
            (negenlab.necklace.study, "solutions"),
            (negenlab.fen.study, "atlas_table"),
            (negenlab.cli, "build_reports"),
        ):
            monkeypatch.setattr(module, name, self._stub(name))
        monkeypatch.setattr(negenlab.games, "judge_variant", self._stub("judge_variant"), raising=False)

    def _stub(self, name: str):
        def work(*args, **kwargs):
            self.calls.append(name)
            raise AssertionError(f"{name} ran before its output was checked")

        return work


@pytest.fixture
def work(monkeypatch):
    return Work(monkeypatch)


@pytest.fixture
def targets(tmp_path, monkeypatch):
    """Hostile output paths, by name (``<name>.csv`` too: the atlas writes a .csv); the current folder
    is ``tmp_path`` (a study's default store)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file.txt").write_text("kept\n")
    (tmp_path / "v.json").write_text(json.dumps(SavedVariant("necklace", {"size": 5}).to_dict()))
    os.link(tmp_path / "file.txt", tmp_path / "hardlink")
    (tmp_path / "locked").mkdir()
    os.chmod(tmp_path / "locked", 0o500)
    for suffix in ("", ".csv", ".html"):
        (tmp_path / f"folder{suffix}").mkdir()
        os.mkfifo(tmp_path / f"fifo{suffix}")
        os.symlink(tmp_path / "file.txt", tmp_path / f"link{suffix}")
        os.symlink(tmp_path / "nowhere", tmp_path / f"dangling{suffix}")
    return {
        "device": "/dev/null",
        "fifo": str(tmp_path / "fifo"),
        "folder": str(tmp_path / "folder"),
        "link": str(tmp_path / "link"),
        "dangling": str(tmp_path / "dangling"),
        "missing_parent": str(tmp_path / "no" / "such" / "out"),
        "proc": "/proc/negenlab-probe",  # a folder no one may create files in, root or not
        "file": str(tmp_path / "file.txt"),
        "hardlink": str(tmp_path / "hardlink"),
        "saved": str(tmp_path / "v.json"),
        "tmp": str(tmp_path),
    }


def snapshot(tmp_path: Path) -> dict[str, tuple]:
    """What is in the folder: each entry's kind and, for a file, its bytes."""
    out = {}
    for p in sorted(tmp_path.rglob("*")):
        info = os.lstat(p)
        data = p.read_bytes() if stat.S_ISREG(info.st_mode) else None
        out[str(p)] = (stat.S_IFMT(info.st_mode), data, os.readlink(p) if p.is_symlink() else None)
    return out


def refused(argv: list[str], capsys, work: Work, tmp_path: Path, *says: str) -> str:
    """Run ``argv``: one error line holding ``says``, within seconds, no work done, nothing changed."""
    before = snapshot(tmp_path)
    dev_null = os.stat("/dev/null")
    started = time.perf_counter()
    code = run_cli(argv)
    seconds = time.perf_counter() - started
    line = one_error_line(capsys.readouterr().err)
    assert code == 2, line
    for text in says:
        assert text in line, line
    assert work.calls == [], f"{work.calls} ran before the output was refused: {line}"
    assert seconds < 5, f"{seconds:.1f} s before the refusal"
    assert snapshot(tmp_path) == before, "the command changed files before refusing"
    assert os.stat("/dev/null").st_rdev == dev_null.st_rdev and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    return line


VARIANT = ["necklace", "variant", "--set", "size=5", "--agents", "random", "--max-units", "2", "--batch", "2"]

# (the command with {target}, the option the error names); every writer of the command line
WRITERS = [
    ([*VARIANT, "--save", "{target}"], "--save"),
    ([*VARIANT, "--html", "{target}"], "--html"),
    (["necklace", "certify", "3", "{target}"], "certificate file"),
    (["fen", "atlas", "--sizes", "5", "--games", "1", "--out", "{target}.csv"], "--out"),
    (["necklace", "solve", "3", "--tt-bits", "16", "--write", "{target}"], "--write"),
    (["study", "fen", "blocked", "--out", "{target}"], "--out"),
    (["report", "necklace", "-o", "{target}", "--quiet"], "-o/--out"),
]

# (target, what the line says)
HOSTILE = [
    ("device", "is a device node"),
    ("fifo", "is a named pipe"),
    ("link", "is a symlink"),
    ("dangling", "symlink"),
    ("missing_parent", "does not exist"),
    ("proc", "is not writable"),
]
FOLDER_OPTIONS = ("--write", "-o/--out", "study --out")


def _argv(template: list[str], target: str) -> list[str]:
    return [a.replace("{target}", target) for a in template]


def _folder_option(template: list[str], option: str) -> bool:
    return option in FOLDER_OPTIONS or template[0] == "study"


@pytest.mark.parametrize("kind, says", HOSTILE, ids=[k for k, _ in HOSTILE])
@pytest.mark.parametrize("template, option", WRITERS, ids=[" ".join(t[:2]) + " " + o for t, o in WRITERS])
def test_an_output_that_cannot_be_a_regular_file_is_refused_before_any_work(
    template, option, kind, says, targets, work, tmp_path, capsys
):
    target = targets[kind]
    if template[:2] == ["fen", "atlas"]:
        if kind == "device":
            says = "must name a .csv file"  # /dev/null is not a .csv path
        template = [a.replace("{target}.csv", "{target}") for a in template]
        target = target if kind == "device" else target + ".csv"
    if _folder_option(template, option):
        if kind == "missing_parent":
            pytest.skip("an output folder is made with its parents")
        if kind == "link":
            pytest.skip("a link to a folder is a folder to write into")
        if kind in ("device", "fifo"):
            says += ", expected a folder"
    line = refused(_argv(template, target), capsys, work, tmp_path, option, says)
    assert target in line or kind == "proc", line


@pytest.mark.parametrize("template, option", WRITERS, ids=[" ".join(t[:2]) + " " + o for t, o in WRITERS])
def test_a_folder_where_a_file_goes_and_a_file_where_a_folder_goes(template, option, targets, work, tmp_path, capsys):
    if _folder_option(template, option):
        refused(_argv(template, targets["file"]), capsys, work, tmp_path, option, "is a file, expected a folder")
        # the folder's own output files are checked too: a folder in place of one of them
        name = {"--write": "solutions.csv", "--out": "blocked.csv", "-o/--out": "necklace.html"}[option]
        (tmp_path / "folder" / name).mkdir()
        refused(_argv(template, targets["folder"]), capsys, work, tmp_path, option, name, "is a folder, expected a")
    else:  # the atlas adds .csv to the path: folder.csv is a folder too
        refused(_argv(template, targets["folder"]), capsys, work, tmp_path, option, "is a folder, expected a regular")


def test_a_read_only_file_or_folder_is_refused(targets, work, tmp_path, capsys):
    """Read-only as its mode says, for root too (who could write it)."""
    os.chmod(targets["file"], 0o444)
    refused([*VARIANT, "--save", targets["file"]], capsys, work, tmp_path, "--save", "is a read-only file")
    refused(["necklace", "certify", "3", targets["file"]], capsys, work, tmp_path, "is a read-only file")
    locked = targets["tmp"] + "/locked"
    refused([*VARIANT, "--save", locked + "/v.json"], capsys, work, tmp_path, "--save", "is not writable (read-only")
    refused(["necklace", "certify", "3", locked + "/c.json"], capsys, work, tmp_path, "is not writable (read-only")
    refused(["report", "necklace", "-o", locked], capsys, work, tmp_path, "-o/--out", "is not writable (read-only")
    refused(["study", "fen", "blocked", "--out", locked + "/new"], capsys, work, tmp_path, "is not writable")


def test_two_outputs_of_one_command_are_never_one_file(targets, work, tmp_path, capsys):
    new = str(tmp_path / "x.out")
    refused([*VARIANT, "--save", new, "--html", new], capsys, work, tmp_path, "--html", "is the file --save writes")
    same = str(tmp_path / "folder" / ".." / "x.out")  # another spelling of the same path
    refused([*VARIANT, "--save", new, "--html", same], capsys, work, tmp_path, "is the file --save writes")
    hard = [*VARIANT, "--save", targets["file"], "--html", targets["hardlink"]]  # one file, two names
    refused(hard, capsys, work, tmp_path, "is the file --save writes")


def test_an_output_is_never_a_file_the_command_reads(targets, work, tmp_path, capsys):
    saved = targets["saved"]
    for option in ("--html", "--save"):
        argv = ["necklace", "variant", "--from", saved, option, saved]
        refused(argv, capsys, work, tmp_path, option, saved, "is the file --from reads")
    page = str(tmp_path / "games")  # the store's folder, not made yet
    refused([*VARIANT, "--store", page, "--html", page], capsys, work, tmp_path, "--html", "is the file --store reads")
    proofs = tmp_path / "folder" / "solutions.csv"
    proofs.write_text("{}\n")
    argv = ["necklace", "solve", "--proofs", str(proofs), "--write", targets["folder"]]
    refused(argv, capsys, work, tmp_path, "--write", "is the file --proofs reads")


@pytest.mark.parametrize("path, says", [("a\x00b", "NUL byte"), ("", "is empty"), (" ", "is empty")])
def test_a_path_no_file_can_have_is_refused(path, says, targets, work, tmp_path, capsys):
    for argv in ([*VARIANT, "--save", path], ["report", "necklace", "-o", path], ["necklace", "certify", "3", path]):
        refused(argv, capsys, work, tmp_path, says)
    with pytest.raises(InvalidInputError, match=says):
        check_outputs(reads=[("--from", path)])


def test_a_table_name_the_store_refuses_is_refused_before_the_atlas(targets, work, tmp_path, capsys):
    argv = ["fen", "atlas", "--sizes", "5", "--games", "1", "--out", str(tmp_path / "my atlas.csv")]
    refused(argv, capsys, work, tmp_path, "table name 'my atlas'")


def test_the_shared_check_and_the_atomic_write_refuse_what_is_not_a_regular_file(targets, tmp_path):
    """The library's own writers go through the same guard: nothing is written through a link or
    renamed over a pipe or a folder, even when no command checked first."""
    before = snapshot(tmp_path)
    for kind in ("fifo", "link", "dangling", "folder"):
        with pytest.raises(InvalidInputError) as err:
            write_atomic(targets[kind], "x")
        assert "\n" not in str(err.value) and targets[kind] in str(err.value)
        with pytest.raises(InvalidInputError):
            SavedVariant("necklace", {"size": 5}).save(targets[kind])
    for kind in ("fifo", "link", "folder"):  # a table's name in its store's folder
        with pytest.raises(InvalidInputError, match=kind if kind != "link" else "symlink"):
            ResultStore(tmp_path).save_csv(kind, pd.DataFrame({"x": [1]}))
        os.rename(targets[kind], tmp_path / f"{kind}.parquet")
        with pytest.raises(InvalidInputError):
            ResultStore(tmp_path).save(kind, pd.DataFrame({"x": [1]}))
        os.rename(tmp_path / f"{kind}.parquet", targets[kind])
    assert snapshot(tmp_path) == before
    with pytest.raises(InvalidInputError, match="is a device node"):
        check_outputs(files=[("--out", "/dev/null")])
    write_atomic(tmp_path / "new.txt", b"bytes\n")  # what is allowed is written
    assert (tmp_path / "new.txt").read_bytes() == b"bytes\n" and not list(tmp_path.glob(".new.txt.*"))


def _plant(where: Path, outside: Path, names: dict[str, str]) -> dict[str, str]:
    """At each of ``names`` in ``where`` (the old fixed temporary names), a symlink to ``outside`` or a
    named pipe (``"link"`` or ``"fifo"``); returns what is there, to check it is left as it was."""
    where.mkdir(parents=True, exist_ok=True)
    for name, kind in names.items():
        os.symlink(outside, where / name) if kind == "link" else os.mkfifo(where / name)
    return _planted(where, names)


def _planted(where: Path, names) -> dict[str, str]:
    return {
        n: os.readlink(where / n) if (where / n).is_symlink() else file_kind(os.lstat(where / n).st_mode) for n in names
    }


def test_a_link_planted_at_a_writers_temporary_name_is_neither_followed_nor_replaced(tmp_path):
    """Every writer writes through a temporary file of a unique name beside its target: a symlink to a
    file outside, or a named pipe, at the old fixed names (``<name>.parquet.tmp``, ``<name>.csv.tmp``,
    ``.<name>.<pid>.tmp``, ``.chunk-000001.parquet.tmp``) is never written through, opened or removed."""
    outside = tmp_path / "outside.txt"
    outside.write_text("not yours\n")
    store = tmp_path / "store"
    names = {"t.parquet.tmp": "link", "t.csv.tmp": "link", f".t.json.{os.getpid()}.tmp": "fifo"}
    before = _plant(store, outside, names)
    results = ResultStore(store)
    results.save("t", pd.DataFrame({"x": [1, 2]}), seed=3)
    results.save_csv("t", pd.DataFrame({"x": [1, 2]}), seed=3)
    write_atomic(store / "t.json", "{}")
    chunks = tmp_path / "games"
    play = partial(simulate, Nim((1, 2)), [RandomAgent()] * 2, 4, seed=1, backend="serial", progress=False,
                   chunk_size=2, store=chunks)  # fmt: skip
    play()
    os.unlink(chunks / "chunk-000001.parquet")  # a chunk to write again, with a link at its old temporary name
    chunk_before = _plant(chunks, outside, {".chunk-000001.parquet.tmp": "link"})
    assert len(play()) == 4 and (chunks / "chunk-000001.parquet").is_file()
    assert outside.read_text() == "not yours\n"
    assert _planted(store, names) == before and _planted(chunks, chunk_before) == chunk_before
    assert list(results.load("t")[0]["x"]) == [1, 2] and list(results.load_csv("t")[0]["x"]) == [1, 2]
    assert (store / "t.json").read_text() == "{}"
    assert [p.name for p in tmp_path.rglob("*.tmp") if p.name not in names and not p.is_symlink()] == []


def test_an_atomic_write_interrupted_leaves_its_target_and_no_temporary_file(tmp_path):
    target = tmp_path / "t.csv"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_file(target) as fh:
        fh.write(b"half")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


def test_the_notebooks_writers_refuse_what_is_not_a_regular_file(targets, tmp_path):
    """A played game's page, a board's JSON and the variant widget's Save variant go through the same
    check: a pipe, a link or a folder is refused in one line and left as it is."""
    before = snapshot(tmp_path)
    widget = variant_widget("necklace", folder=tmp_path / "folder")
    for kind in ("fifo", "link", "folder"):
        with pytest.raises(InvalidInputError) as err:
            save_played_game(targets[kind] + ".html", "a game", [], ["1. a move"])
        assert "\n" not in str(err.value) and "the saved game" in str(err.value)
        with pytest.raises(InvalidInputError, match="the board file"):
            tilings.triangle(3).to_json(targets[kind])
        widget.file.value = targets[kind]
        assert widget.save_variant() is None and "the variant file" in widget.error.widget.value
    assert snapshot(tmp_path) == before


def test_a_study_writes_the_tables_it_makes_itself_into_out(tmp_path, monkeypatch, capsys):
    """--out holds every table of the study, those it writes itself too (as Negen's and Necklace's
    do, into ``ctx.out`` or else data/<game>): nothing is written over the committed tables."""
    seen = []

    def run(ctx):
        seen.append(ctx.out)
        folder = getattr(ctx, "out", None) or "data/fen"  # as the games' studies read it
        return StudyResult(None, written=[ResultStore(folder).save_csv("extra", pd.DataFrame({"x": [1]}))])

    monkeypatch.setitem(negenlab.fen.study.STUDIES, "probe", Study("probe", "a probe", run, uses_backend=False))
    monkeypatch.chdir(tmp_path)
    assert run_cli(["study", "fen", "probe", "--out", "elsewhere", "--no-store"]) == 0, capsys.readouterr().err
    assert seen == [Path("elsewhere")] and (tmp_path / "elsewhere" / "extra.csv").exists()
    assert not (tmp_path / "data").exists()


# ------------------------------------------------------------------------------------------------
# the variant history


def _result(claim: str = "self-play games end without a draw"):
    finding = SimpleNamespace(claim=claim, verdict="holds", number="100%", support="n=4")
    return SimpleNamespace(units=2, games=4, findings=[finding])


def _variant(size: int = 5) -> SavedVariant:
    return SavedVariant("necklace", {"size": size})


def _run_line(size: int = 5) -> str:
    return json.dumps(
        {
            "when": "2026-01-01 00:00:00",
            "variant": _variant(size).to_dict(),
            "units": 2,
            "games": 4,
            "claims": [{"claim": "c", "verdict": "holds", "number": "1", "support": "n=4"}],
        }
    )


def test_a_history_cut_by_a_kill_resumes_and_the_next_run_is_kept(tmp_path):
    history = VariantHistory(tmp_path)
    history.record(_result(), _variant(5))
    whole = history.path.read_text()
    history.path.write_text(whole + whole[: len(whole) // 2])  # the second run cut by a kill
    assert len(history.runs()) == 1  # the cut run is left out
    history.record(_result(), _variant(6))  # ... and never swallows the next one
    assert [r["variant"]["fields"]["size"] for r in history.runs()] == [5, 6]
    assert history.path.read_text().endswith("\n") and len(history.path.read_text().splitlines()) == 2
    history.record(_result(), _variant(7))
    assert list(history.table()["variant"]) == ["size=5", "size=6", "size=7"]


def test_a_whole_last_run_without_its_newline_is_kept_and_the_next_starts_a_line(tmp_path):
    history = VariantHistory(tmp_path)
    history.path.write_text(_run_line(5) + "\n" + _run_line(6))  # killed between the run and its newline
    assert len(history.runs()) == 2
    history.record(_result(), _variant(7))
    assert [r["variant"]["fields"]["size"] for r in history.runs()] == [5, 6, 7]


BAD_LINES = {
    "cut in the middle": _run_line()[:40],
    "empty object": "{}",
    "a list": "[1, 2]",
    "a bare string": '"a run"',
    "null": "null",
    "a run without claims": json.dumps({k: v for k, v in json.loads(_run_line()).items() if k != "claims"}),
    "fields as a list": _run_line().replace('"fields": {"size": 5}', '"fields": ["size", 5]'),
    "variant as text": json.dumps(json.loads(_run_line()) | {"variant": "size=5"}),
    "a claim without verdict": _run_line().replace('"verdict": "holds", ', ""),
    "claims as an object": json.dumps(json.loads(_run_line()) | {"claims": {"c": "holds"}}),
    "games as text": json.dumps(json.loads(_run_line()) | {"games": "4"}),
    "not UTF-8": "\udcff",
}


@pytest.mark.parametrize("bad", BAD_LINES.values(), ids=BAD_LINES.keys())
@pytest.mark.parametrize("where", ["middle", "last, with its newline"])
def test_a_damaged_history_is_refused_in_one_line_never_read_shorter(bad, where, tmp_path):
    history = VariantHistory(tmp_path)
    lines = [_run_line(5), bad, _run_line(6)] if where == "middle" else [_run_line(5), bad]
    history.path.write_bytes(("\n".join(lines) + "\n").encode("utf-8", "surrogateescape"))
    for read in (history.runs, history.table, lambda: history.table("necklace")):
        with pytest.raises(StoreCorruptError) as err:
            read()
        message = str(err.value)
        assert "\n" not in message and str(history.path) in message and "line 2 is not a run" in message, message


@pytest.mark.parametrize("bad", ["{}", "[]", '"x"', "7"], ids=["{}", "list", "string", "number"])
def test_a_whole_last_line_that_is_not_a_run_is_damage_not_a_kill(bad, tmp_path):
    history = VariantHistory(tmp_path)
    history.path.write_text(_run_line(5) + "\n" + bad)  # whole JSON, no newline: not cut, and not a run
    with pytest.raises(StoreCorruptError, match="line 2 is not a run"):
        history.table()


def test_a_history_that_is_a_named_pipe_is_refused_not_waited_on(tmp_path):
    history = VariantHistory(tmp_path)
    os.mkfifo(history.path)
    started = time.perf_counter()
    with pytest.raises(StoreCorruptError, match="named pipe"):
        history.table()
    with pytest.raises(InvalidInputError, match="named pipe"):
        history.record(_result(), _variant())
    assert time.perf_counter() - started < 5 and stat.S_ISFIFO(os.lstat(history.path).st_mode)
