"""Probes of hostile inputs at the front door, of Ctrl-C, of hangs and of memory (#53): each ends in
one line naming what is wrong and what was expected (or in the right answer, or exit code 130 for
Ctrl-C), within seconds, before any work and without reading a file whole or parsing a huge one.

The files, servers and streams are made here (a named pipe, a sparse file, a gzip of one huge list,
a port that accepts and never answers, one that answers like a web server); only the Ctrl-C probe
starts the command in a process of its own, as Ctrl-C reaches a command.
"""

from __future__ import annotations

import gzip
import importlib
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from probing import one_error_line, run_cli

import negenlab.cli
import negenlab.games
from negenlab.core import data
from negenlab.core.agents import MCTSAgent, RandomAgent
from negenlab.core.errors import InvalidInputError, StoreCorruptError, TableError
from negenlab.core.examples import Nim
from negenlab.core.registry import AgentSpecError, parse_agent_spec
from negenlab.core.searching import held_interrupt
from negenlab.core.simulate import probe_scheduler, simulate
from negenlab.core.store import ResultStore
from negenlab.core.studies import StudyContext
from negenlab.fen import Rules as FenRules
from negenlab.fen import tilings
from negenlab.fen.game import FenGame
from negenlab.fen.solver import solve
from negenlab.necklace.verify import MAX_VALUES, CertificateError, load_certificate
from negenlab.negen import report as negen_report
from negenlab.negen import study as negen_study

core_simulate = importlib.import_module("negenlab.core.simulate")  # the module (the package names its function)
DATA = Path(str(data.data_root()))
EXE = Path(sys.executable).with_name("negenlab")


def refused(capsys, argv: list[str]) -> str:
    """The one error line of a command that must refuse its arguments (exit code 2)."""
    assert run_cli(argv) == 2
    return one_error_line(capsys.readouterr().err)


def within(seconds: float, call):
    """``call()``'s result, or its exception raised here, failing the probe when it takes longer than
    ``seconds`` (it runs in a thread, so a read that blocks, on a named pipe say, cannot hang the suite)."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = call()
        except BaseException as exc:  # handed back below
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    if "error" in out:
        raise out["error"]
    return out.get("value")


# --- arguments refused at the front door -------------------------------------------------------


def test_an_mcts_budget_too_small_for_one_simulation_is_refused_naming_the_smallest(capsys):
    with pytest.raises(AgentSpecError, match=r"mcts:1e-300s.*>= 0\.001"):
        parse_agent_spec("mcts:1e-300s")
    line = refused(capsys, ["fen", "simulate", "--agents", "mcts:1e-300s", "--games", "1", "--workers", "1"])
    assert "'mcts:1e-300s'" in line and ">= 0.001" in line
    with pytest.raises(InvalidInputError, match="seconds must be a finite number >= 0.001"):
        MCTSAgent(simulations=None, seconds=1e-300)


def test_the_smallest_mcts_budget_still_runs_a_simulation():
    agent = MCTSAgent(simulations=None, seconds=0.001)
    state = Nim((1, 2, 4)).new_initial_state()
    assert agent.step(state, np.random.default_rng(0)) in state.legal_actions()
    assert agent.last_search["simulations"] >= 1


def test_fen_claim_counts_beyond_the_board_are_refused(capsys):
    line = refused(capsys, ["fen", "solve", "triangle:2", "--n", "40", "--e", "40", "--no-partial-claims"])
    assert "n=40, e=40 reach beyond the board" in line and "n must be 1..6 and e 1..9" in line
    with pytest.raises(InvalidInputError, match="beyond the board"):
        FenGame("triangle:2", FenRules(e=10))


def test_a_fen_board_blocked_from_the_start_is_solved_not_a_traceback():
    s = solve(FenGame(tilings.triangle(1), FenRules(n=2, e=2, partial_claims=False)))
    assert len(s.openings) == 0 and (s.winner, s.winner_with_pie) == ("draw", "draw")


def test_board_coordinates_of_5000_digits_are_one_line(tmp_path, capsys):
    digits = "9" * 5000
    board = tmp_path / "board.json"
    board.write_text(
        '{"format": "negenlab-fen-board", "version": 1, "polygons": [[[0, 0], [1, 0], [' + digits + ", 1]]]}"
    )
    line = refused(capsys, ["fen", "solve", str(board)])
    assert "board.json: a number in it has more than" in line and "coordinates lie within" in line


@pytest.mark.parametrize("value", ["5..1e400", "5..1e300", "5.." + "9" * 5000, "-1e400..5", "5..nan"])
def test_tune_ranges_too_large_are_refused_naming_the_field_and_range(capsys, value):
    line = refused(capsys, ["tune", "necklace", "--set", f"size={value}", "--target", "length=1..100"])
    assert "field 'size'" in line and ("within +-1e+15" in line or "low < high" in line)
    assert len(line) < 300


def test_a_closed_standard_output_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)  # what Python makes of a stdout closed at start (>&-)
    assert run_cli(["fen", "ne", "triangle:3"]) == 2
    assert "standard output is closed" in one_error_line(capsys.readouterr().err)


def test_a_closed_standard_input_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    assert "standard input, which is closed" in refused(capsys, ["negen", "check", "-"])


class _GoneReader(io.StringIO):
    """Standard output whose reader has gone (a pipe into ``head`` that ended)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_output_to_a_reader_that_has_gone_ends_quietly(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdout", _GoneReader())
    assert run_cli(["fen", "ne", "triangle:3"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.slow(seconds=10)
def test_output_piped_into_head_ends_quietly():
    """The reader goes after one byte: the command stops with exit code 0 and prints nothing more
    (no BrokenPipeError, no 'Exception ignored' at exit)."""
    proc = subprocess.Popen([EXE, "report", "negen", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(1) == b"{"
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert err == ""


@pytest.mark.parametrize("game", ["necklace", None, 3])
def test_simulate_of_what_is_no_game_is_refused(game):
    with pytest.raises(InvalidInputError, match=r"game must be a Game \(e\.g\. negenlab\.games\.load"):
        simulate(game, [RandomAgent(), RandomAgent()], 2)


# --- files: garbage, named pipes, sparse giants, bombs -------------------------------------------


@pytest.mark.parametrize(
    ("sidecar", "message"),
    [(b"{not json", "is not readable JSON"), (b"[1, 2]", "is a JSON list, expected a JSON object"),
     (b"\xff\xfe", "does not hold UTF-8 text")],
)  # fmt: skip
def test_a_result_store_sidecar_of_garbage_is_one_line(tmp_path, sidecar, message):
    store = ResultStore(tmp_path)
    store.save_csv("t", pd.DataFrame({"x": [1, 2]}), seed=1)
    (tmp_path / "t.json").write_bytes(sidecar)
    with pytest.raises(StoreCorruptError, match=message):
        store.load_csv("t")


def test_a_result_store_sidecar_that_is_a_named_pipe_does_not_block(tmp_path):
    store = ResultStore(tmp_path)
    store.save_csv("t", pd.DataFrame({"x": [1]}), seed=1)
    (tmp_path / "t.json").unlink()
    os.mkfifo(tmp_path / "t.json")
    with pytest.raises(StoreCorruptError, match="is a named pipe, expected a regular file"):
        within(5, lambda: store.load_csv("t"))


def test_a_named_pipe_in_place_of_study_json_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "study.json")
    with pytest.raises(StoreCorruptError, match=r"study\.json is a named pipe, expected a regular file"):
        within(5, StudyContext("fen", "pie", seed=1, store=tmp_path).claim_store)


def test_a_sparse_giant_study_json_is_refused_unread(tmp_path):
    with open(tmp_path / "study.json", "wb") as fh:
        fh.truncate(20 * 2**30)  # 20 GB of nothing: read whole, it would fill the memory
    with pytest.raises(StoreCorruptError, match=r"holds 20,480\.0 MiB, more than the"):
        within(5, StudyContext("fen", "pie", seed=1, store=tmp_path).claim_store)


def test_a_gzip_certificate_of_one_huge_list_under_the_byte_cap_is_refused_before_parsing(tmp_path):
    path = tmp_path / "c.json.gz"
    path.write_bytes(gzip.compress(b"[" + b"0," * MAX_VALUES + b"0]", compresslevel=1))  # 32 MiB: under the cap
    with pytest.raises(CertificateError, match=r"holds up to 16,777,218 JSON values, more than the 16,777,216"):
        within(10, lambda: load_certificate(path))


def test_the_committed_certificate_is_within_the_value_cap():
    assert load_certificate(DATA / "necklace" / "certificate_4x4.json.gz")["size"] == 4


@pytest.fixture
def negen_copy(tmp_path, monkeypatch) -> Path:
    """A copy of the committed Negen tables and sidecars (the stores left out), read instead of data/."""
    root = tmp_path / "data"
    (root / "negen").mkdir(parents=True)
    for f in (DATA / "negen").iterdir():
        if f.is_file():
            shutil.copy(f, root / "negen" / f.name)
    monkeypatch.setattr(data, "data_root", lambda: root)
    return root / "negen"


def test_a_negen_claim_rounds_parquet_of_another_study_is_one_line(negen_copy):
    other = pd.DataFrame({"game": [0, 1], "winner": [0, 1], "seed": [5, 5]})  # no cell, no rotation
    other.to_parquet(negen_copy / "claim_rounds.parquet", index=False)
    with pytest.raises(TableError, match=r"claim_rounds\.parquet"):
        negen_study.committed_cells()


def test_negen_exact_cells_given_as_a_list_are_one_line(negen_copy):
    side = negen_copy / "study_exact.json"
    meta = json.loads(side.read_text())
    side.write_text(json.dumps(dict(meta, cells=list(meta["cells"].values()))))
    with pytest.raises(TableError, match=r"study_exact\.json: the field 'cells' holds list; expected an object"):
        negen_report.load_study()
    side.write_text(json.dumps(dict(meta, cells={"a cell": ["not", "an", "object"]})))
    with pytest.raises(TableError, match=r"cell 'a cell' holds list; expected an object"):
        negen_report.load_study()


def test_a_negen_study_sidecar_with_its_cells_as_a_list_is_one_line(tmp_path):
    side = tmp_path / "study_exact.json"
    side.write_text(json.dumps({"cells": [{"n": 1}]}))
    with pytest.raises(StoreCorruptError, match="'cells' is an object of cells"):
        negen_study._sidecar_cells(side)
    verdict = tmp_path / "verdict.json"
    verdict.write_text("[]")
    with pytest.raises(StoreCorruptError, match="is not a verdict"):
        negen_study.cell_verdict(verdict)


# --- dask scheduler addresses that cannot serve ----------------------------------------------------


def _server(answer: bytes | None) -> tuple[socket.socket, int]:
    """A listening socket on a free port: ``answer`` is sent to each connection (None: connections
    are accepted by the system and never answered)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    if answer is not None:

        def serve() -> None:
            while True:
                try:
                    conn, _ = srv.accept()
                except OSError:
                    return
                conn.sendall(answer)

        threading.Thread(target=serve, daemon=True).start()
    return srv, srv.getsockname()[1]


def test_a_closed_scheduler_port_is_named_within_seconds(capsys):
    srv, port = _server(None)
    srv.close()
    start = time.perf_counter()
    with pytest.raises(InvalidInputError, match=f"cannot connect to the dask scheduler 'tcp://127.0.0.1:{port}'"):
        probe_scheduler(f"tcp://127.0.0.1:{port}")
    assert time.perf_counter() - start < 10
    line = refused(capsys, ["necklace", "variant", "--backend", "dask", "--scheduler", f"127.0.0.1:{port}"])
    assert "connection refused" in line


def test_an_unknown_scheduler_host_is_named_within_seconds():
    start = time.perf_counter()
    with pytest.raises(InvalidInputError, match="unknown host 'no-such-host.invalid'"):
        probe_scheduler("tcp://no-such-host.invalid:8786")
    assert time.perf_counter() - start < 10


def test_a_scheduler_that_accepts_and_never_answers_is_named(monkeypatch):
    assert core_simulate.SCHEDULER_CONNECT_SECONDS + core_simulate.SCHEDULER_ANSWER_SECONDS <= 30
    monkeypatch.setattr(core_simulate, "SCHEDULER_ANSWER_SECONDS", 0.5)
    srv, port = _server(None)
    with srv, pytest.raises(InvalidInputError, match="accepted the connection but sent nothing in 0.5 s"):
        within(5, lambda: probe_scheduler(f"tcp://127.0.0.1:{port}"))


def test_a_scheduler_address_that_answers_like_a_web_server_is_refused_unread():
    srv, port = _server(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    with (
        srv,
        pytest.raises(InvalidInputError, match=r"answers in another protocol \(its first bytes are b'HTTP/1.1'\)"),
    ):
        within(5, lambda: probe_scheduler(f"tcp://127.0.0.1:{port}"))


def test_a_scheduler_port_out_of_range_is_one_line():
    with pytest.raises(InvalidInputError, match="its port must be 1..65535, got '99999'"):
        probe_scheduler("127.0.0.1:99999")


# --- Ctrl-C ------------------------------------------------------------------------------------------
# A suite started in the background (``make test &``, nohup) inherits SIGINT ignored, and Python then
# leaves Ctrl-C ignored: these probes give themselves, and the commands they start, Ctrl-C as a
# terminal gives it.


def _sigint_as_a_terminal_gives_it() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def ctrl_c():
    """Ctrl-C raises KeyboardInterrupt in this process for the test, whatever the suite inherited."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


class _InterruptingAgent(RandomAgent):
    """Presses Ctrl-C in the middle of its move (where a compiled kernel would be running), then ends it."""

    def __init__(self) -> None:
        self.moves = 0

    def step(self, state, rng):
        if self.moves == 0:
            signal.raise_signal(signal.SIGINT)
        self.moves += 1  # the move ends: Ctrl-C is held till it has
        return super().step(state, rng)


def test_ctrl_c_in_a_move_is_held_until_the_move_ends_then_stops_the_game(ctrl_c):
    agent = _InterruptingAgent()
    with pytest.raises(KeyboardInterrupt):
        simulate(Nim((3, 4, 5)), [agent, RandomAgent()], 1, backend="serial", progress=False)
    assert agent.moves == 1
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_stops_an_mcts_search_at_its_next_simulation(ctrl_c):
    calls = []

    def evaluator(state, rng):
        if not calls:
            signal.raise_signal(signal.SIGINT)
        calls.append(1)
        return [0.0, 0.0]

    agent = MCTSAgent(simulations=20_000, evaluator=evaluator)
    state = Nim((5, 6, 7)).new_initial_state()
    with pytest.raises(KeyboardInterrupt), held_interrupt():
        agent.step(state, np.random.default_rng(0))
    assert agent.last_search["simulations"] <= 2


_LOADED_THEN_RUN = (
    "import sys; import negenlab.cli; from negenlab.__main__ import run; sys.argv = ['negenlab', *{argv!r}]; "
    "print('loaded', flush=True); sys.exit(run())"
)
"""The command as the ``negenlab`` script runs it (:func:`negenlab.__main__.run`), saying when its
modules have loaded."""


def test_ctrl_c_in_single_worker_compiled_mcts_exits_130_without_a_traceback():
    """Ctrl-C two seconds into Necklace's compiled MCTS on one worker, once the command has loaded (the
    process says when), so that it lands in the kernel: a kernel that hands back arrays, interrupted
    inside, was ``SystemError: CPUDispatcher(...) returned a result with an exception set``, exit code 1."""
    argv = ["necklace", "simulate", "--agents", "mcts:20000", "--games", "4", "--workers", "1", "--size", "9"]
    script = _LOADED_THEN_RUN.format(argv=argv)
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=_sigint_as_a_terminal_gives_it,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stdout.readline() == b"loaded\n"
    time.sleep(2)
    assert proc.poll() is None, "the command ended before Ctrl-C: give it more to do"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    text = err.decode()
    assert "Traceback" not in text and "SystemError" not in text, text
    assert proc.returncode == 130, (proc.returncode, text)  # unguarded, it also ended in a segmentation fault
    assert text.strip().splitlines()[-1] == "negenlab: interrupted"


@pytest.mark.parametrize("where", ["games.names", "cli.build_parser"])
def test_ctrl_c_while_main_builds_its_parser_is_one_line_and_130(where, monkeypatch, capsys):
    """``negenlab.cli.main`` called directly (a notebook, a test, a wrapper script) answers Ctrl-C while
    the games' verbs load (a plug-in importing) as the command does: one line, exit code 130."""
    module, name = where.split(".")

    def ctrl_c(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr({"games": negenlab.games, "cli": negenlab.cli}[module], name, ctrl_c)
    assert negenlab.cli.main(["games"]) == 130
    assert capsys.readouterr().err == "negenlab: interrupted\n"
    with pytest.raises(KeyboardInterrupt):  # --debug: the traceback
        negenlab.cli.main(["games", "--debug"])


def test_ctrl_c_while_the_command_loads_exits_130_without_a_traceback():
    # a command that, once loaded, plays on for minutes: whenever the Ctrl-C lands, loading or playing,
    # it ends the same way (a short command could end first under load, and a Ctrl-C in the first tenths
    # of a second can land before Python runs any of negenlab)
    argv = [EXE, "necklace", "simulate", "--size", "9", "--games", "100000", "--workers", "1"]
    proc = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_sigint_as_a_terminal_gives_it
    )
    time.sleep(1.0)  # its modules are loading
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err.decode(), err.decode()
    assert proc.returncode == 130


def _bar_has_counted(stream: Any, seen: threading.Event, lines: list[bytes]) -> None:
    """Read a command's standard error into ``lines``; set ``seen`` once a progress bar has counted a
    unit (the games are being played)."""
    for chunk in iter(lambda: stream.read1(4096), b""):
        lines.append(chunk)
        if re.search(rb"\| *[1-9][0-9]*/[0-9]+ \[", b"".join(lines)):
            seen.set()
    seen.set()  # it ended: nothing more to wait for


@pytest.mark.slow(seconds=40)
@pytest.mark.parametrize(("to_all", "after"), [(True, 0.5), (True, 1.0), (True, 1.5), (True, 2.0), (True, 3.0),
                                               (True, "playing"), (False, 1.0)])  # fmt: skip
def test_ctrl_c_in_a_local_dask_variant_exits_130_without_a_traceback(to_all, after):
    """Ctrl-C while a variant's local dask cluster starts (its workers load their modules in the first
    seconds) or while its games are played (``"playing"``: once a bar has counted a game): ``to_all``,
    as a terminal gives it, to the command and every process of its cluster, else to the command alone
    (held until the cluster can be closed): exit code 130, one line, no traceback. Before the workers
    held Ctrl-C from their first instruction, one taken 1 to 2.5 s in ended in a worker's traceback."""
    pytest.importorskip("distributed")
    argv = ["necklace", "variant", "--set", "size=9", "--workers", "1", "--backend", "dask", "--max-units", "100000"]
    script = _LOADED_THEN_RUN.format(argv=argv)
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=to_all,
        preexec_fn=_sigint_as_a_terminal_gives_it,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None and proc.stdout.readline() == b"loaded\n"
    playing, chunks = threading.Event(), []
    reader = threading.Thread(target=_bar_has_counted, args=(proc.stderr, playing, chunks), daemon=True)
    reader.start()
    if after == "playing":
        assert playing.wait(timeout=120), b"".join(chunks).decode()
    else:
        time.sleep(after)
    assert proc.poll() is None, "the variant ended before Ctrl-C: give it more to do"
    if to_all:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    reader.join(timeout=10)
    raw = b"".join(chunks).decode()
    bars = re.sub(r"[^\n\r]*unit/s\]", "", raw.replace("\r", "\n"))  # a bar's text, even one a line shares
    text = "\n".join(line for line in bars.splitlines() if line.strip())
    assert "Traceback" not in text and "Error" not in text, raw
    assert proc.returncode == 130, (proc.returncode, raw)
    assert text.splitlines()[-1:] == ["negenlab: interrupted"], raw


def test_the_interrupted_line_is_a_line_of_its_own_after_a_progress_bar():
    """Ctrl-C mid-bar: the bar is ended first, so the one line is not glued to the bar's end (where a
    reader of the output, and the probes above, would not find it)."""
    import contextlib
    import io

    from tqdm.auto import tqdm

    from negenlab.interrupt import interrupted

    err = io.StringIO()
    bar = tqdm(total=10, file=err, desc="variant", unit="unit")
    bar.update(3)
    with contextlib.redirect_stderr(err):
        assert interrupted([], KeyboardInterrupt()) == 130
    assert err.getvalue().splitlines()[-1] == "negenlab: interrupted"
