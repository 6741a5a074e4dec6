"""Probes of bad input (#25): every CLI verb and public function meets a mistake with the project's
own error, in one line, within seconds and without allocating much.

- ``CLI_PROBES``: argv that must end with exit code 2 and one stderr line ``negenlab: error: ...``
  (no traceback) naming the problem; run in-process through ``negenlab.cli.main``.
- ``API_PROBES``: calls that must raise the named error class (a ``ValueError`` subclass of
  ``negenlab.core.errors``), never a raw TypeError/AttributeError and never a silent repair.
- Every probe runs under a wall-clock alarm (``LIMIT_SECONDS``) and an address-space cap (``MEMORY_CAP``
  above what the process already maps), and its Python allocations (tracemalloc) stay under
  ``PEAK_BYTES``: a probe that hangs or allocates fails instead of taking the machine down.
- Property tests (hypothesis) of the text parsers: any text either parses to something that
  round-trips, or raises the project's ``InvalidInputError`` (a ``ValueError``), nothing else.
- Work stays bounded: ``simulate`` makes its chunks lazily, and a killed multi-worker run leaves
  no worker behind.

Store corruption is probed in ``tests/test_core_store_integrity.py``, not here.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import io
import json
import math
import os
import resource
import signal
import subprocess
import sys
import textwrap
import time
import tracemalloc
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from probing import one_error_line, run_cli

from negenlab import games
from negenlab.cli import build_parser, main
from negenlab.core import MCTSAgent, RandomAgent, simulate
from negenlab.core.agents import Agent
from negenlab.core.compare import compare, estimate, sprt
from negenlab.core.errors import IllegalMoveError, InvalidInputError, NegenlabError
from negenlab.core.examples import Nim
from negenlab.core.metrics import summary, wilson_interval
from negenlab.core.registry import AgentSpecError, parse_agent_spec
from negenlab.core.simulate import MAX_GAMES
from negenlab.fen import BoardError, Tessellation, tilings
from negenlab.fen.boards import parse_board
from negenlab.fen.solver import solve as fen_solve
from negenlab.necklace import NecklaceGame, State
from negenlab.necklace.agents import NumbaMCTSAgent
from negenlab.necklace.certificate import certificate
from negenlab.necklace.game import InvalidPositionError
from negenlab.necklace.solver import ProofSearch
from negenlab.necklace.verify import FORMAT, CertificateError, check_certificate, verify_file
from negenlab.negen import Rules as NegenRules
from negenlab.negen import check_table, legal_turns, parse_table, table_key
from negenlab.polymer import Card, CardParseError, ThirdCopyError, format_cards, longest_polymer, parse_cards
from negenlab.polymer import Rules as PolymerRules
from negenlab.polymer.cards import as_cards

LIMIT_SECONDS = 5.0
PEAK_BYTES = 200 * 2**20  # Python allocations of one probe (tracemalloc)
MEMORY_CAP = 2 * 2**30  # address space a probe may add to the process (Linux), a hard stop for the machine's sake

build_parser()  # imports every game's CLI now, so that no probe pays for it
_nim_warm = simulate(Nim((1, 2)), [RandomAgent(), RandomAgent()], 1, backend="serial", progress=False)
# ... and pyarrow's allocator reserves its arena (about 1 GB of address space) before any cap is set


class ProbeTimeout(BaseException):
    """A probe ran past LIMIT_SECONDS (a BaseException, so that no ``except Exception`` hides it)."""


def _mapped_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


@contextlib.contextmanager
def bounded(seconds: float = LIMIT_SECONDS):
    """Run the block under an alarm, an address-space cap (where the platform has both) and
    tracemalloc; yield a dict that holds the peak of Python allocations and the time taken."""
    out: dict = {}
    alarm = hasattr(signal, "setitimer")
    capped = sys.platform.startswith("linux")
    if alarm:

        def timeout(signum, frame):
            raise ProbeTimeout(f"probe still running after {seconds} s")

        previous = signal.signal(signal.SIGALRM, timeout)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    if capped:
        old_cap = resource.getrlimit(resource.RLIMIT_AS)
        cap = _mapped_bytes() + MEMORY_CAP
        if old_cap[1] != resource.RLIM_INFINITY:
            cap = min(cap, old_cap[1])
        resource.setrlimit(resource.RLIMIT_AS, (cap, old_cap[1]))
    tracemalloc.start()
    started = time.perf_counter()
    try:
        yield out
    finally:
        out["seconds"] = time.perf_counter() - started
        out["peak"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        if capped:
            resource.setrlimit(resource.RLIMIT_AS, old_cap)
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


# ------------------------------------------------------------------------------------------------
# the command line

# (argv, a piece of the one error line); {missing}, {file}, {folder}, {binary}, {big} are paths
CLI_PROBES = [
    # targets and settings that make sense (#35)
    (["tune", "negen", "--set", "target_score=1..3", "--target", "seat_share=fair+-inf"], "finite numbers"),
    (["tune", "negen", "--set", "target_score=1..3", "--target", "length=-1e308..1e308"], "reaches outside"),
    (["tune", "negen", "--set", "target_score=1..3", "--target", "draw_rate=2..3"], "reaches outside"),
    (
        ["tune", "negen", "--set", "target_score=1..3", "--set", "target_score=2..4", "--target", "length=5..9"],
        "names 'target_score' twice",
    ),
    (
        ["tune", "negen", "--set", "target_score=1..3", "--target", "length=5..9", "--target", "length=6..9"],
        "names 'length' twice",
    ),
    (["negen", "variant", "--set", "target_score=3", "--set", "target_score=4"], "names 'target_score' twice"),
    (["negen", "variant", "--store", ""], "--store is empty"),
    (["tune", "negen", "--set", "target_score=1..3", "--target", "length=5..9", "--store", " "], "--store is empty"),
    (["study", "negen", "variants", "--store", ""], "--store is empty"),
    (["report", "negen", "-o", ""], "--out is empty"),
    (["negen", "simulate", "--games", "1", "--agents", ""], "--agents is empty"),
    (["negen", "simulate", "--games", "1", "--agents", "mcts:"], "nothing after ':'"),
    (["necklace", "verify", "{gzip_bomb}"], "inflates past"),
    (["necklace", "verify", "{gzip_cut}"], "cut short"),
    (["necklace", "verify", "{gzip_junk}"], "not a readable gzip"),
    (["necklace", "verify", "{deep_json}"], "nests its JSON too deeply"),
    (["necklace", "verify", "{long_number}"], "not readable JSON"),
    (["necklace", "verify", "{fifo}"], "named pipe"),
    # negen
    (["negen", "simulate", "--agents", "mcts:nans", "--games", "1"], "finite number"),
    (["negen", "simulate", "--agents", "mcts:infs", "--games", "1"], "finite number"),
    (["negen", "simulate", "--agents", "mcts:9999999999999", "--games", "1"], "1..10000000"),
    (["negen", "simulate", "--agents", "mcts:0", "--games", "1"], "1..10000000"),
    (["negen", "simulate", "--games", "99999999999999999999"], "argument --games"),
    (["negen", "simulate", "--games", "0"], "argument --games"),
    (["negen", "simulate", "--games", "2", "--seed", str(2**64)], "argument --seed"),
    (["negen", "simulate", "--games", "2", "--seed", "-1"], "argument --seed"),
    (["negen", "simulate", "--games", "60", "--workers", "-1"], "argument --workers"),
    (["negen", "simulate", "--games", "2", "--workers", "0"], "argument --workers"),
    (["negen", "simulate", "--games", "2", "--workers", "100000"], "argument --workers"),
    (["negen", "simulate", "--games", "2", "--store", "{file}"], "is a file"),
    (["negen", "simulate", "--games", "1", "--players", "9"], "Rules.players"),
    (["negen", "simulate", "--games", "1", "--target-score", "1001"], "Rules.target_score"),
    (["negen", "simulate", "--games", "1", "--agents", "random,random"], "2 agents for 3 seats"),
    (["negen", "simulate", "--games", "1", "--agents", "chess"], "no agent 'chess'"),
    (["negen", "check", "@{missing}"], "does not exist"),
    (["negen", "check", "@{binary}"], "not UTF-8"),
    (["negen", "check", "@{folder}"], "is a folder"),
    (["negen", "check", "@{big}"], "MiB"),
    (["negen", "check", "@"], "needs a file name"),
    (["negen", "check", "6 5 x"], "unknown token"),
    (["negen", "check", "6 5 4", "--shape", "round"], "invalid choice"),
    (["negen", "turns", "6 5 4", "--board", "5", "--show", "-5"], "argument --show"),
    (["negen", "turns", "3 2", "--board", "5"], "the start table is invalid"),
    (["negen", "turns", "6 5 4", "--board", "5,5,5,5,5"], "at most 4 dice"),
    (["negen", "complete", "6 5 ?", "--limit", "0"], "argument --limit"),
    (["negen", "enumerate", "--max-k", "15"], "argument --max-k"),
    (["negen", "odds", "6 5 4", "--max-added", "9"], "argument --max-added"),
    # fen
    (["fen", "ne", "triangle:100000"], "at most 10000"),
    (["fen", "ne", "hexagon:58"], "at most 10000"),
    (["fen", "ne", "4.8.8:10001"], "at most 10000"),
    (["fen", "ne", "square:3x4x5"], "WxH"),
    (["fen", "ne", "triangle:7:2"], "expected one"),
    (["fen", "ne", "triangle:seven"], "must be an integer"),
    (["fen", "ne", "{missing}.json"], "does not exist"),
    (["fen", "ne", "{binary}"], "not UTF-8"),
    (["fen", "atlas", "--sizes", "0"], "argument --sizes"),
    (["fen", "simulate", "triangle:3", "--agents", "mcts:-1s", "--games", "1"], "finite number"),
    (["fen", "solve", "triangle:7"], "at most 64 nodes and edges"),
    (["fen", "solve", "square:3x1", "--max-nodes", "0"], "argument --max-nodes"),
    (["fen", "solve", "square:3x1", "--tt-bits", "40"], "argument --tt-bits"),
    # polymer
    (["polymer", "check", "7S 7S 7S"], "3 times"),
    (["polymer", "check", "7X"], "is not a card"),
    (["polymer", "longest", "@{missing}"], "does not exist"),
    (["polymer", "simulate", "--players", "4", "--games", "1"], "5..15"),
    (["polymer", "simulate", "--budget", "100000", "--games", "1"], "trade_budget"),
    (["polymer", "simulate", "--agents", "mcts:nans", "--games", "1"], "finite number"),
    (["polymer", "deals", "--deals", "0"], "argument --deals"),
    # necklace
    (["necklace", "prove", "3", "1,1", "red", "--max-nodes", "-5"], "argument --max-nodes"),
    (["necklace", "prove", "3", "1,1", "red", "--tt-bits", "60"], "argument --tt-bits"),
    (["necklace", "prove", "30", "1,1", "red"], "argument size"),
    (["necklace", "prove", "3", "5,5", "red"], "not on a 3x3 board"),
    (["necklace", "legal", "R.B"], "must be square"),
    (["necklace", "legal", "@{folder}"], "is a folder"),
    (["necklace", "solve", "9"], "sizes 2..7"),
    (["necklace", "simulate", "--size", "99", "--games", "1"], "argument --size"),
    (["necklace", "simulate", "--size", "3", "--games", "1", "--agents", "mcts:300000"], "at most 200000"),
    # report, study, the parser
    (["report", "negen", "-o", "{file}", "--games", "2"], "is a file"),
    (["report", "negen", "--games", "0"], "--games must be >= 1"),
    (["report", "chess"], "invalid choice"),
    (["study", "fen", "nope"], "no study 'nope'"),
    (["study", "fen", "blocked", "--store", "{file}"], "is a file"),
    (["study", "fen", "blocked", "--workers", "0"], "argument --workers"),
    ([], "required"),
]


@pytest.fixture
def paths(tmp_path):
    (tmp_path / "file").write_text("a file, not a folder\n")
    (tmp_path / "binary").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "folder").mkdir()
    with open(tmp_path / "big", "wb") as fh:  # sparse: 17 MiB that take no disk
        fh.truncate(17 * 2**20)
    (tmp_path / "bomb.json.gz").write_bytes(_bomb())
    (tmp_path / "cut.json.gz").write_bytes(gzip.compress(b'{"format": 1, "openings": []}' * 50)[:-12])
    (tmp_path / "junk.json.gz").write_bytes(b"\x1f\x8b" + b"junk" * 40)
    (tmp_path / "deep.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    (tmp_path / "long.json").write_bytes(b'{"size": ' + b"9" * 5000 + b"}")
    os.mkfifo(tmp_path / "fifo")
    named = {
        "gzip_bomb": "bomb.json.gz",
        "gzip_cut": "cut.json.gz",
        "gzip_junk": "junk.json.gz",
        "deep_json": "deep.json",
        "long_number": "long.json",
        "fifo": "fifo",
    }
    out = {name: str(tmp_path / name) for name in ("missing", "file", "binary", "folder", "big")}
    return out | {key: str(tmp_path / name) for key, name in named.items()}


@functools.cache
def _bomb() -> bytes:
    """A small gzip file (64 KiB) that inflates to 64 MiB, past the cap the probes set (:data:`BOMB_CAP`)."""
    return gzip.compress(b" " * (64 * 2**20), compresslevel=9)


BOMB_CAP = 32 * 2**20
"""The certificate cap the probes read with: a bomb is refused once it inflates past it."""


@pytest.fixture(autouse=True)
def _small_certificate_cap(monkeypatch):
    import negenlab.necklace.verify as verify

    monkeypatch.setattr(verify, "MAX_BYTES", BOMB_CAP)


@pytest.mark.parametrize("argv, says", CLI_PROBES, ids=[" ".join(a)[:60] or "(nothing)" for a, _ in CLI_PROBES])
def test_cli_probe_ends_in_one_line(argv, says, paths, capsys):
    argv = [a.format(**paths) for a in argv]
    with bounded() as cost:
        code = run_cli(argv)
    line = one_error_line(capsys.readouterr().err)
    assert code == 2, line
    assert says in line, line
    assert cost["peak"] < PEAK_BYTES, f"{cost['peak'] / 2**20:.0f} MB"


def test_cli_probe_of_binary_stdin(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"6 5 4\xff\n")))
    with bounded():
        assert run_cli(["negen", "check", "-"]) == 2
    assert "standard input is not UTF-8" in one_error_line(capsys.readouterr().err)


def test_debug_shows_the_traceback(paths, capsys):
    """--debug lets the error through (its traceback printed by Python); without it, one line."""
    with pytest.raises(InvalidInputError, match="does not exist"):
        main(["--debug", "negen", "check", f"@{paths['missing']}"])
    assert run_cli(["negen", "check", f"@{paths['missing']}"]) == 2
    one_error_line(capsys.readouterr().err)


def test_a_bug_keeps_its_traceback(monkeypatch):
    """Only the user's mistakes are turned into one line: any other exception is a bug and escapes."""
    monkeypatch.setattr("negenlab.negen.cli.check_table", lambda *a, **k: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        main(["negen", "check", "6 5 4"])


# ------------------------------------------------------------------------------------------------
# the API


def _nim_sim(**kw):
    args = {"n_games": 2, "seed": 1, "backend": "serial", "progress": False, **kw}
    return simulate(Nim((1, 2)), [RandomAgent(), RandomAgent()], **args)


_FACE = [[0, 0], [1, 0], [0, 1]]

# (id, call, the error class it must raise)
API_PROBES = [
    # the API's front door (#35)
    ("simulate agents=None", lambda: simulate(Nim((1, 2)), None, 2, progress=False), InvalidInputError),
    ("simulate store=123", lambda: _nim_sim(store=123), InvalidInputError),
    ("simulate store=''", lambda: _nim_sim(store=""), InvalidInputError),
    ("simulate serial with a scheduler", lambda: _nim_sim(backend="serial", scheduler="tcp://x:1"), InvalidInputError),
    ("make_agents(None)", lambda: games.make_agents("negen", None), InvalidInputError),
    (
        "estimate halfwidth='0.1'",
        lambda: estimate(Nim((1, 2)), [RandomAgent()] * 2, halfwidth="0.1"),
        InvalidInputError,
    ),
    (
        "estimate halfwidth=nan",
        lambda: estimate(Nim((1, 2)), [RandomAgent()] * 2, halfwidth=math.nan),
        InvalidInputError,
    ),
    ("summary(None)", lambda: summary(None), InvalidInputError),
    ("try_variant fields=None", lambda: games.try_variant("necklace", None, progress=False), InvalidInputError),
    ("wilson_interval z=-1.96", lambda: wilson_interval(5, 10, z=-1.96), InvalidInputError),
    ("wilson_interval k=2.5", lambda: wilson_interval(2.5, 10), InvalidInputError),
    (
        "compare h1=nan",
        lambda: compare(Nim((1, 2)), challenger=RandomAgent(), baseline=RandomAgent(), h1=math.nan),
        InvalidInputError,
    ),
    ("sprt h0=2, h1=3", lambda: sprt(Nim((1, 2)), [RandomAgent()] * 2, h0=2, h1=3), InvalidInputError),
    ("sprt h0=h1", lambda: sprt(Nim((1, 2)), [RandomAgent()] * 2, h0=0.5, h1=0.5), InvalidInputError),
    (
        "compare batch='5'",
        lambda: compare(Nim((1, 2)), challenger=RandomAgent(), baseline=RandomAgent(), batch="5"),
        InvalidInputError,
    ),
    # core
    ("simulate n_games=2.5", lambda: _nim_sim(n_games=2.5), InvalidInputError),
    (
        "simulate agents as specs",
        lambda: simulate(Nim((1, 2)), ["random", "random"], 2, progress=False),
        InvalidInputError,
    ),
    ("simulate n_games=True", lambda: _nim_sim(n_games=True), InvalidInputError),
    ("simulate n_games=10**12", lambda: _nim_sim(n_games=10**12), InvalidInputError),
    ("simulate seed=1.9", lambda: _nim_sim(seed=1.9), InvalidInputError),
    ("simulate seed=-1", lambda: _nim_sim(seed=-1), InvalidInputError),
    ("simulate seed=2**64", lambda: _nim_sim(seed=2**64), InvalidInputError),
    ("simulate seed='7'", lambda: _nim_sim(seed="7"), InvalidInputError),
    ("simulate workers=0", lambda: _nim_sim(workers=0, backend="process"), InvalidInputError),
    ("simulate workers=-1", lambda: _nim_sim(n_games=60, workers=-1, backend="process"), InvalidInputError),
    ("simulate chunk_size=0", lambda: _nim_sim(chunk_size=0), InvalidInputError),
    ("simulate max_actions=0.5", lambda: _nim_sim(max_actions=0.5), InvalidInputError),
    ("simulate backend", lambda: _nim_sim(backend="threads"), InvalidInputError),
    ("simulate one agent", lambda: simulate(Nim((1, 2)), [RandomAgent()], 2, progress=False), InvalidInputError),
    ("MCTSAgent nan seconds", lambda: MCTSAgent(simulations=None, seconds=math.nan), InvalidInputError),
    ("MCTSAgent inf seconds", lambda: MCTSAgent(simulations=None, seconds=math.inf), InvalidInputError),
    ("MCTSAgent 10**13 simulations", lambda: MCTSAgent(simulations=10**13), InvalidInputError),
    ("MCTSAgent 2.5 simulations", lambda: MCTSAgent(simulations=2.5), InvalidInputError),
    ("MCTSAgent no budget", lambda: MCTSAgent(simulations=None), InvalidInputError),
    ("agent spec mcts:nans", lambda: parse_agent_spec("mcts:nans"), AgentSpecError),
    ("agent spec mcts:1e400s", lambda: parse_agent_spec("mcts:1e400s"), AgentSpecError),
    ("agent spec mcts:10**13", lambda: parse_agent_spec("mcts:9999999999999"), AgentSpecError),
    ("games.load unknown game", lambda: games.load("chess"), InvalidInputError),
    ("games.load polymer colour=1", lambda: games.load("polymer", colour=1), InvalidInputError),
    ("games.load necklace colour=1", lambda: games.load("necklace", colour=1), InvalidInputError),
    ("games.load negen colour=1", lambda: games.load("negen", colour=1), InvalidInputError),
    ("games.load fen colour=1", lambda: games.load("fen", colour=1), InvalidInputError),
    ("games.make_agents 3.5", lambda: games.make_agents("negen", "mcts:3.5"), AgentSpecError),
    # negen
    ("negen check_table rules='straight'", lambda: check_table("6 5 4", "straight"), InvalidInputError),
    ("negen check_table table=None", lambda: check_table(None), InvalidInputError),
    ("negen Rules players='3'", lambda: NegenRules(players="3"), InvalidInputError),
    ("negen Rules players=True", lambda: NegenRules(players=True), InvalidInputError),
    ("negen Rules target_score=2.0", lambda: NegenRules(target_score=2.0), InvalidInputError),
    ("negen Rules max_turns=10**9", lambda: NegenRules(max_turns=10**9), InvalidInputError),
    ("negen Rules pool_size=10**9", lambda: NegenRules(pool_size=10**9), InvalidInputError),
    ("negen parse_table 5", lambda: parse_table(5), InvalidInputError),
    ("negen legal_turns board=(7,)", lambda: legal_turns("6 5 4", board=(7,)), InvalidInputError),
    ("negen legal_turns rules='x'", lambda: legal_turns("6 5 4", board=(3,), rules="x"), InvalidInputError),
    ("negen legal_turns no board", lambda: legal_turns("6 5 4"), InvalidInputError),
    # polymer
    ("polymer longest_polymer(None)", lambda: longest_polymer(None), CardParseError),
    ("polymer longest_polymer(7)", lambda: longest_polymer(7), CardParseError),
    ("polymer Card(True, 'S')", lambda: Card(True, "S"), InvalidInputError),
    ("polymer Card(1.0, 'S')", lambda: Card(1.0, "S"), InvalidInputError),
    ("polymer Card(14, 'S')", lambda: Card(14, "S"), InvalidInputError),
    ("polymer Card(1, 's')", lambda: Card(1, "s"), InvalidInputError),
    ("polymer pair ('7', 'S')", lambda: as_cards([("7", "S")]), InvalidInputError),
    ("polymer pair (7.9, 'S')", lambda: as_cards([(7.9, "S")]), InvalidInputError),
    ("polymer parse_cards 123", lambda: parse_cards(123), CardParseError),
    ("polymer third copy", lambda: parse_cards("7S 7S 7S"), ThirdCopyError),
    ("polymer 200 cards", lambda: parse_cards("JK " * 200), CardParseError),
    ("polymer Rules trade_budget=10**9", lambda: PolymerRules(trade_budget=10**9), InvalidInputError),
    ("polymer Rules handicap floats", lambda: PolymerRules(players=5, handicap=(0.5,) * 5), InvalidInputError),
    ("polymer Rules loans=1", lambda: PolymerRules(loans=1), InvalidInputError),
    # fen
    ("fen face [0, 1.9, 2.7]", lambda: Tessellation(_FACE, [[0, 1.9, 2.7]]), BoardError),
    ("fen face [0, True, 2]", lambda: Tessellation(_FACE, [[0, True, 2]]), BoardError),
    ("fen face '012'", lambda: Tessellation(_FACE, ["012"]), BoardError),
    ("fen corner as text", lambda: Tessellation.from_polygons([[("0", 0), (1, 0), (0, 1)]]), BoardError),
    ("fen triangle(100000)", lambda: tilings.triangle(100000), BoardError),
    ("fen square(1000, 1000)", lambda: tilings.square(1000, 1000), BoardError),
    ("fen hexagon(10**6)", lambda: tilings.hexagon(10**6), BoardError),
    ("fen archimedean 10**9", lambda: tilings.archimedean("4.8.8", faces=10**9), BoardError),
    ("fen triangle(7.5)", lambda: tilings.triangle(7.5), BoardError),
    ("fen parse_board square:3x4x5", lambda: parse_board("square:3x4x5"), BoardError),
    ("fen from_json deep nesting", lambda: Tessellation.from_json("[" * 100_000), BoardError),
    ("fen from_json long name", lambda: Tessellation.from_json("x" * 10_000), BoardError),
    (
        "fen from_json huge coordinate",
        lambda: Tessellation.from_json(
            '{"format": "negenlab-fen-board", "version": 1, "nodes": [[1e999, 0]], "faces": []}'
        ),
        BoardError,
    ),
    (
        "fen one face 10**8 wide",
        lambda: Tessellation([[0, 0], [1, 0], [0, 1], [1e8, 0], [1e8, 1e8], [1, 1]], [[0, 1, 2], [1, 5, 2], [1, 3, 4]]),
        BoardError,
    ),
    # certificates read safely (#35)
    ("necklace verify_file(123)", lambda: verify_file(123), CertificateError),
    ("necklace certificate with no openings", lambda: check_certificate(_cert(openings=[])), CertificateError),
    (
        "necklace certificate opening [0.9, 0.2]",
        lambda: check_certificate(_cert(openings=[{"opening": [0.9, 0.2], "winner": "red"}])),
        CertificateError,
    ),
    (
        "necklace certificate opening [false, false]",
        lambda: check_certificate(_cert(openings=[{"opening": [False, False], "winner": "red"}])),
        CertificateError,
    ),
    (
        "necklace certificate opening ['0', '0']",
        lambda: check_certificate(_cert(openings=[{"opening": ["0", "0"], "winner": "red"}])),
        CertificateError,
    ),
    (
        "necklace certificate opening off the board",
        lambda: check_certificate(_cert(openings=[{"opening": [3, 0], "winner": "red"}])),
        CertificateError,
    ),
    (
        "necklace certificate opening twice",
        lambda: check_certificate(_cert(openings=[{"opening": [0, 0], "winner": "red"}] * 2)),
        CertificateError,
    ),
    ("necklace certify an opening twice", lambda: certificate(2, openings=[(0, 0), (0, 0)]), InvalidInputError),
    ("fen solve tt_bits=12.5", lambda: fen_solve("square:1x1", tt_bits=12.5), InvalidInputError),
    ("fen solve max_nodes='9'", lambda: fen_solve("square:1x1", max_nodes="9"), InvalidInputError),
    # necklace
    ("necklace State.from_text(None)", lambda: State.from_text(None), InvalidPositionError),
    ("necklace State.from_text 30x30", lambda: State.from_text("\n".join(["." * 30] * 30)), InvalidPositionError),
    ("necklace NecklaceGame(colour=1)", lambda: NecklaceGame(colour=1), InvalidInputError),
    ("necklace NecklaceGame(size=True)", lambda: NecklaceGame(size=True), InvalidInputError),
    ("necklace NumbaMCTSAgent(10**7)", lambda: NumbaMCTSAgent(10**7), InvalidInputError),
    ("necklace ProofSearch node_cap=-5", lambda: ProofSearch(3, node_cap=-5), InvalidInputError),
    ("necklace ProofSearch tt_bits=60", lambda: ProofSearch(3, tt_bits=60), InvalidInputError),
    ("necklace illegal move", lambda: State.initial(3).play((9, 9)), IllegalMoveError),
]


def _cert(**fields):
    """A 3x3 certificate's frame with ``fields`` in place."""
    return {"format": FORMAT, "size": 3, "openings": [{"opening": [0, 0], "winner": "blue"}], "moves": {}, **fields}


@pytest.mark.parametrize("call, error", [p[1:] for p in API_PROBES], ids=[p[0] for p in API_PROBES])
def test_api_probe_raises_the_projects_error(call, error):
    assert issubclass(error, NegenlabError) and issubclass(error, ValueError)
    with bounded() as cost:
        with pytest.raises(error) as caught:
            call()
    assert type(caught.value).__module__.startswith("negenlab."), repr(caught.value)
    assert str(caught.value).strip(), "an error says what was wrong"
    assert cost["peak"] < PEAK_BYTES, f"{cost['peak'] / 2**20:.0f} MB"


@pytest.mark.parametrize("board", [5, "52", {5: 1}, (5, 2, 2, 1, 3), (2.0,), (True,), (7,)], ids=repr)
def test_api_probe_legal_turns_with_a_bad_board(board):
    with bounded(), pytest.raises(InvalidInputError):
        legal_turns("6 5 4", board=board)


@pytest.mark.parametrize("max_states", [0, 2.5, True])
def test_api_probe_legal_turns_with_a_bad_cap(max_states):
    with bounded(), pytest.raises(InvalidInputError):
        legal_turns("6 5 4", board=(3, 2), max_states=max_states)


class _Stop(Exception):
    """Raised by an agent to end a run at its first decision."""


class _StopAgent(Agent):
    name = "stop"

    def step(self, state, rng):
        raise _Stop


@pytest.mark.parametrize("backend, workers", [("serial", None), ("process", 2)])
def test_simulate_makes_its_chunks_as_it_needs_them(backend, workers):
    """The largest run allowed, chunks of one game: its 10**7 chunks are made as they are played, so
    the run stops at its first game at once, small (a list of them took over a GB before play)."""
    with bounded(seconds=20) as cost, pytest.raises(_Stop):
        simulate(
            Nim((1, 2)),
            [_StopAgent(), _StopAgent()],
            MAX_GAMES,
            seed=1,
            backend=backend,
            workers=workers,
            chunk_size=1,
            progress=False,
        )
    assert cost["peak"] < 50 * 2**20, f"{cost['peak'] / 2**20:.0f} MB"


# ------------------------------------------------------------------------------------------------
# a killed run leaves no worker behind

_LONG_RUN = textwrap.dedent(
    """
    import signal
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal, whoever started us
    from negenlab.core import MCTSAgent, simulate
    from negenlab.core.examples import DiceRace
    simulate(DiceRace(30, 2), [MCTSAgent(simulations=3000)] * 2, 2000, seed=1, workers=2, progress=False)
    """
)


def _children(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            state, ppid = stat.rsplit(")", 1)[1].split()[:2]
            if int(ppid) == pid and state != "Z":
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_a_killed_multi_worker_run_leaves_no_worker(sig):
    """SIGKILL: the workers see their parent gone and exit; SIGTERM and Ctrl-C (SIGINT): the
    parent ends its pool. Either way, within a few seconds no worker is left."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _LONG_RUN], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 30
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) == 2, f"the run started {len(workers)} workers"
        os.kill(proc.pid, sig)
        deadline = time.monotonic() + 5
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [w for w in workers if _alive(w)]
        assert not left, f"workers {left} outlived their parent (signal {sig.name})"
        proc.wait(timeout=5)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for w in _children(proc.pid):  # only if the test failed: never leave them running
            os.kill(w, signal.SIGKILL)


# ------------------------------------------------------------------------------------------------
# parsers: any text parses to something that round-trips, or raises the project's ValueError

# 150 examples a parser keep the file within seconds; NEGENLAB_PROBE_EXAMPLES=5000 shakes them harder
PROPERTY = settings(
    max_examples=int(os.environ.get("NEGENLAB_PROBE_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _text(alphabet: str, max_size: int = 60):
    return st.one_of(st.text(alphabet, max_size=max_size), st.text(max_size=max_size))


@PROPERTY
@given(_text("123456789.?0- \n\t"))
def test_negen_parse_table_round_trips_or_says_why(text):
    try:
        table = parse_table(text)
    except InvalidInputError:
        return
    again = parse_table(str(table))
    assert str(again) == str(table) and len(again) == len(table) and table_key(again) == table_key(table)
    check_table(table)  # any table parsed is checked without another exception


@PROPERTY
@given(_text("A2345678910JQKSHDCshdc♠♥♦♣JKOR🃏 ,;\n"))
def test_polymer_cards_round_trip_or_say_why(text):
    try:
        cards = parse_cards(text)
    except InvalidInputError:
        return
    for pretty in (False, True):
        assert parse_cards(format_cards(cards, pretty=pretty)) == cards


@PROPERTY
@given(
    st.one_of(
        _text(".RB \n"),
        st.integers(2, 6).flatmap(
            lambda n: st.lists(st.text(".RB", min_size=n, max_size=n), min_size=n, max_size=n).map("\n".join)
        ),
    ),
    st.sampled_from(["red", "blue"]),
)
def test_necklace_from_text_round_trips_or_says_why(text, to_move):
    try:
        state = State.from_text(text, to_move)
    except InvalidInputError:
        return
    again = State.from_text(state.to_text(), to_move)
    assert again.to_text() == state.to_text() and again.colour_to_move == state.colour_to_move


_index = st.one_of(
    st.integers(-2, 8),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=2),
    st.integers(-(2**70), 2**70),
)
_coordinate = st.one_of(
    st.integers(-3, 3), st.floats(-3, 3), st.floats(), st.integers(-(2**70), 2**70), st.booleans(), st.none()
)


@PROPERTY
@given(
    st.fixed_dictionaries(
        {
            "format": st.sampled_from(["negenlab-fen-board", "negenlab-fen-board", "other"]),
            "version": st.sampled_from([1, 1, 2, True]),
            "nodes": st.lists(st.lists(_coordinate, min_size=2, max_size=2), max_size=8),
            "faces": st.lists(st.lists(_index, max_size=6), max_size=5),
        }
    )
)
def test_fen_face_input_round_trips_or_says_why(data):
    text = json.dumps(data)
    try:
        board = Tessellation.from_json(text, warn=False)
    except InvalidInputError:
        return
    written = board.to_json()  # coordinates rounded to 9 decimals: the written form round-trips
    again = Tessellation.from_json(json.dumps(written), warn=False)
    assert again.face_nodes == board.face_nodes and again.to_json() == written


with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # its even face count
    _BASE = tilings.triangle(2).to_json()  # 4 faces, 6 nodes: a valid board to mutate


@PROPERTY
@given(st.data())
def test_fen_faces_of_a_valid_board_mutated_round_trip_or_say_why(data):
    board = json.loads(json.dumps(_BASE))
    faces, nodes = board["faces"], board["nodes"]
    for _ in range(data.draw(st.integers(0, 2))):
        what = data.draw(st.sampled_from(["index", "coordinate", "drop face", "copy face", "drop corner"]))
        f = data.draw(st.integers(0, len(faces) - 1)) if faces else None
        if what == "index" and f is not None:
            faces[f][data.draw(st.integers(0, len(faces[f]) - 1))] = data.draw(_index)
        elif what == "coordinate":
            nodes[data.draw(st.integers(0, len(nodes) - 1))][data.draw(st.integers(0, 1))] = data.draw(_coordinate)
        elif what == "drop face" and f is not None:
            faces.pop(f)
        elif what == "copy face" and f is not None:
            faces.append(list(faces[f]))
        elif what == "drop corner" and f is not None and faces[f]:
            faces[f].pop()
    try:
        made = Tessellation.from_json(board, warn=False)
    except InvalidInputError:
        event("refused")
        return
    event("a board")
    written = made.to_json()
    again = Tessellation.from_json(json.dumps(written), warn=False)
    assert again.face_nodes == made.face_nodes and again.to_json() == written
    assert all(isinstance(v, int) for face in made.face_nodes for v in face)


@PROPERTY
@given(st.text(max_size=80))
def test_fen_board_text_says_why(text):
    for parse in (lambda t: Tessellation.from_json(t, warn=False), parse_board):
        try:
            parse(text)
        except InvalidInputError:
            pass


# -- solvers that stop and say how far they are (#35) -----------------------------------------------------------


@pytest.fixture
def ctrl_c():
    """Ctrl-C raises KeyboardInterrupt, as in a terminal: a pytest-xdist worker ignores SIGINT, so the test
    sets Python's default handler for its own duration."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def _interrupt_after(seconds: float) -> list[float]:
    """Send this process SIGINT (Ctrl-C) after ``seconds``, from a timer thread; the list gets the time it was sent."""
    import threading

    sent: list[float] = []

    def fire() -> None:
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Timer(seconds, fire).start()
    return sent


def test_the_fen_solver_stops_within_a_second_of_ctrl_c_with_what_it_has(ctrl_c):
    from negenlab.fen.solver import solve

    solve("square:1x1")  # compiled before the clock starts
    sent = _interrupt_after(1.5)
    solution = solve("square:3x5", max_nodes=10**12)
    stopped = time.perf_counter()
    assert sent and stopped - sent[0] < 1.0, f"stopped {stopped - sent[0]:.2f} s after Ctrl-C"
    assert solution.interrupted and not solution.complete and solution.nodes > 0
    assert (solution.openings["value"] == "unknown").all() or len(solution.openings) > 0


def test_the_necklace_proof_stops_within_a_second_of_ctrl_c(ctrl_c):
    import numpy as np

    from negenlab.core.searching import SearchInterrupted
    from negenlab.necklace.solver import ProofSearch

    ProofSearch(3).value(np.zeros(9, dtype=np.int8), 1)  # compiled before the clock starts
    search = ProofSearch(6, tt_bits=16)
    sent = _interrupt_after(1.5)
    with pytest.raises(SearchInterrupted) as caught:
        search.wins(np.zeros(36, dtype=np.int8), 1, 1)
    assert time.perf_counter() - sent[0] < 1.0
    assert caught.value.nodes > 0 and "Ctrl-C" in str(caught.value)


def test_a_table_beyond_the_machines_memory_is_refused_before_it_is_made(monkeypatch):
    import negenlab.core.searching as searching
    from negenlab.fen import FenGame
    from negenlab.fen.solver import Solver

    monkeypatch.setattr(searching, "available_memory", lambda: 2 * 2**30)  # a machine with 2 GiB free
    with pytest.raises(InvalidInputError, match=r"takes 4\.0 GiB, more than the 2\.0 GiB"):
        Solver(FenGame("square:1x1"), tt_bits=27)  # 2**27 entries of 32 bytes
    from negenlab.necklace.solver import ProofSearch

    with pytest.raises(InvalidInputError, match="GiB, more than the 2.0 GiB"):
        ProofSearch(5, tt_bits=28)
