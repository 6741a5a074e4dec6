"""No hand-copied figures (issue #52): README.md, docs/ and the notebooks' markdown quote no measured number.

A result lives in its committed table (`data/<game>/`) and on the page built from it (`negenlab report <game>`);
the texts explain the methods and point there. This test reads that prose and finds everything that reads like
a measured figure: an interval [a, b], n=N, a percentage, a ratio (3.5x), a number with thousands separators or
a decimal point, a count in millions (26M), and a number of games, rounds, tables, units, nodes, positions,
turns, ... or of seconds, minutes, MB. Each must be

(a) a design constant the code defines (a cap, a level, a default), in a phrase of DESIGN below that ties it
    to the constant: the constant is imported here and compared, so the text cannot drift from the code; or
(c) found in a committed table (`data/....csv|json|jsonl`) that its paragraph cites, as written (to its last
    digit; a rate also as a percentage). This is the weaker tie: it holds a figure to the table, not to its
    row, so the texts state results through the page or the table rather than by (c).

Not read as figures (b), since the text does not claim them as measurements: code (fenced blocks and inline
`code`: commands, identifiers, agent specs such as mcts:800), link targets, the designers' verbatim words in
the "Source excerpts" section of docs/rules/*.md (held to the register by the claims tests), board sizes
(5x5), versions (14.0.1), settings written with a hyphen (8-player tables), and numbers without a unit
(years, section numbers, the rules' counts).
"""

from __future__ import annotations

import csv
import importlib
import inspect
import json
import math
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from statistics import NormalDist

import pytest

from negenlab.core.metrics import Z95
from negenlab.fen import boards as fen_boards
from negenlab.fen import derive_ne, tessellation
from negenlab.fen import solver as fen_solver
from negenlab.fen import study as fen
from negenlab.necklace import study as necklace
from negenlab.negen import study as negen
from negenlab.polymer import rules as polymer_rules
from negenlab.polymer import study as polymer

# modules by name: negenlab.core exports functions of the same names (compare, simulate, tune, ...)
agents, claims, compare, ladder, searching, simulate, tune, variant = (
    importlib.import_module(f"negenlab.core.{m}")
    for m in ("agents", "claims", "compare", "ladder", "searching", "simulate", "tune", "variant")
)
ROOT = Path(__file__).resolve().parents[1]


# --- the texts ---------------------------------------------------------------------------------------------------


def documents() -> list[tuple[str, str]]:
    """(name, markdown) of README.md, every docs/**/*.md and every markdown cell of notebooks/*.ipynb."""
    docs = [("README.md", (ROOT / "README.md").read_text(encoding="utf-8"))]
    docs += [
        (p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8")) for p in sorted((ROOT / "docs").rglob("*.md"))
    ]
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        docs += [
            (f"{path.relative_to(ROOT).as_posix()} (cell {i})", "".join(c["source"]))
            for i, c in enumerate(cells)
            if c["cell_type"] == "markdown"
        ]
    return docs


FENCE = re.compile(r"^ *```.*?^ *```[^\n]*$", re.M | re.S)
INLINE_CODE = re.compile(r"`(?:[^`\n]|\n(?![ \t]*\n))+`")  # a code span may wrap, not cross a blank line
LINK_TARGET = re.compile(r"\]\([^)\n]*\)")
EXCERPTS = re.compile(r"^## Source excerpts$.*?(?=^## |\Z)", re.M | re.S)


def _blank(text: str, pattern: re.Pattern[str]) -> str:
    """``text`` with every match of ``pattern`` turned to spaces (line breaks kept): offsets stay put."""
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def prose(name: str, text: str) -> tuple[str, str]:
    """(context, scanned), both as long as ``text``: ``context`` without code blocks, link targets and (in
    docs/rules) the designers' excerpts, where DESIGN's phrases are matched (so a phrase may name its constant
    in backticks); ``scanned`` also without inline code, the part read for figures."""
    if name.startswith("docs/rules/"):
        text = _blank(text, EXCERPTS)
    context = _blank(_blank(text, FENCE), LINK_TARGET)
    return context, _blank(context, INLINE_CODE)


NUMBER = r"\d+(?:,\d{3})*(?:\.\d+)?"
UNITS = (
    r"games?|rounds?|tables?|units?|pairs?|nodes?|positions?|turns?|decisions?|playouts?|simulations?|trials?"
    r"|entries|openings?|cells?|looks?|attempts?|deals?|clicks?|actions?|hands?"
    r"|ms|us|µs|s|seconds?|min|minutes?|h|hours?|core-hours?|kB|MB|GB"
)
FIGURE = re.compile(
    rf"\[\s*[-+]?{NUMBER}%?\s*,\s*[-+]?{NUMBER}%?\s*\]"  # an interval
    rf"|\bn\s?=\s?{NUMBER}"  # a sample size
    rf"|(?<![\w.:^*/-]){NUMBER}(?:[-–]{NUMBER})?"  # a number or a range (45-55) with a percent sign, a ratio,
    rf"(?:\s?%|x\b|[MG]\b|(?<=\d\d)k\b|-(?:{UNITS})\b|\s(?:[a-z]+\s)?(?:{UNITS})\b)"  # millions or a unit
    r"|(?<![\w.:^*/-])\d{1,3}(?:,\d{3})+(?![\d.])"  # thousands separators
    r"|(?<![\w.:^*/-])\d+\.\d+(?![\d.])"  # a decimal point (not a version: 14.0.1)
)
NUMBER_IN_FIGURE = re.compile(rf"{NUMBER}(?:[MG]\b|(?<=\d\d)k\b)?")


def value(number: str) -> tuple[float, float]:
    """The value of a number as written (26M, 1,600, 99.5) and half a unit of its last digit."""
    scale = {"M": 1e6, "G": 1e9, "k": 1e3}.get(number[-1], 1.0)
    digits = number.rstrip("MGk").replace(",", "")
    decimals = len(digits.partition(".")[2])
    return float(digits) * scale, 0.5 * 10.0**-decimals * scale


# --- (a) design constants ----------------------------------------------------------------------------------------


def _default(function: Callable[..., object], parameter: str):
    """A parameter's default: the design constant of a function that takes it as an argument."""
    return inspect.signature(function).parameters[parameter].default


def _level(alpha: float) -> float:
    """A two-sided level in percent: 0.005 -> 99.5."""
    return round(100 * (1 - alpha), 6)


def _same(*values: float) -> float:
    """The one value of constants a text names together (NaN, so a mismatch, once they differ)."""
    return values[0] if len(set(values)) == 1 else math.nan


def _standard_board_ne() -> tuple[int, int, int]:
    """n and e of the standard board, interior, and n counting every node."""
    r = derive_ne(fen_boards.parse_board(fen.STANDARD_BOARD))
    return r.interior.n, r.interior.e, r.all.n


def _standard_board_size() -> tuple[int, int]:
    board = fen_boards.parse_board(fen.STANDARD_BOARD)
    return board.num_nodes, board.num_edges


INTERVAL_LEVEL = round(100 * (2 * NormalDist().cdf(Z95) - 1), 6)
ALPHA_BETA = _same(
    negen.ALPHA,
    negen.BETA,
    *(_default(f, x) for f in (compare.sprt_decide, ladder.skill_trace) for x in ("alpha", "beta")),
)
MINUTES = polymer_rules.Rules().minutes
OPEN_TURNS = polymer_rules.OPEN_MODEL["trade_budget"]

DESIGN: list[tuple[str, Callable[[], tuple[float, ...]]]] = [
    # the statistics every game shares
    (r"(\d+)% (?:Wilson )?interval|Wilson (\d+)%", lambda: (INTERVAL_LEVEL, INTERVAL_LEVEL)),
    (r"level 1 - (\d+)%/m|stays below (\d+)%", lambda: (100 * claims.ALPHA, 100 * claims.ALPHA)),
    (r"alpha = beta = (0\.\d+)", lambda: (ALPHA_BETA,)),
    (r"from (\d+) units on", lambda: (compare.MIN_UNITS,)),
    (r"scores (0\.\d+) more", lambda: (_default(ladder.skill_trace, "delta"),)),
    (r"in batches of (\d+) units", lambda: (_default(variant.try_variant, "batch"),)),
    (r"with (\d+)x the games", lambda: (_default(tune.tune, "confirm_factor"),)),
    (r"with a chance of (\d+)% or more", lambda: (100 * (1 - _default(claims.futile, "chance")),)),
    # Negen
    (
        r"\((\d+\.\d+)% for FEN's steps, (\d+\.\d+)% for Negen's cells\)",
        lambda: (_level(fen.LADDER_CLEAR_ALPHA), _level(negen.CLEAR_ALPHA)),
    ),
    (r"focus share's (\d+\.\d+)% interval|holds? or fails? at (\d+\.\d+)%", lambda: (_level(negen.CLEAR_ALPHA),) * 2),
    (r"(\d+)-round pilot", lambda: (negen.PILOT_ROUNDS,)),
    (r"reaching (\d[\d,]*) rounds \(`MAX_ROUNDS`\)", lambda: (negen.MAX_ROUNDS,)),
    (r"known to \+-(\d+)%", lambda: (100 * negen.LENGTH_PRECISION,)),
    (r"at most (\d[\d,]*) rounds,? \(?(?:`CLEAR_ALPHA`, )?`CLEAR_MAX_ROUNDS`", lambda: (negen.CLEAR_MAX_ROUNDS,)),
    (r"at most (\d[\d,]*) rounds,? \(?`SELF_PLAY_MAX_ROUNDS`", lambda: (negen.SELF_PLAY_MAX_ROUNDS,)),
    (r"(\d+) simulations, `MCTS_SIMULATIONS`", lambda: (negen.MCTS_SIMULATIONS,)),
    (r"(\d+) s a turn", lambda: (negen.SECONDS_PER_TURN,)),
    (r"(\d+) single rounds per bound|\((\d+) rounds each", lambda: (negen.FREE_MOVES_ROUNDS,) * 2),
    # FEN
    (r"n=(\d+), e=(\d+) interior against n=(\d+) literal", _standard_board_ne),
    (r"the designer's n=(\d+), e=(\d+)", lambda: _standard_board_ne()[:2]),
    (r"on the standard board \(n=(\d+)\)", lambda: _standard_board_ne()[2:]),
    (r"(\d+) nodes and (\d+) edges\.", _standard_board_size),
    (r"FEN's ladder: (0\.\d+)", lambda: (fen.LADDER_CLEAR_ALPHA,)),
    (
        r"SPRT \((\d+)% vs (\d+)%, (\d+)-(\d+) seat-swapped pairs",
        lambda: (
            100 / 2,
            100 / 2 + 100 * _default(ladder.skill_trace, "delta"),
            compare.MIN_UNITS,
            fen.LADDER_MAX_UNITS,
        ),
    ),
    (
        r"SPRT (\d+)% vs (\d+)%, at most (\d+) games, (\d+) for mcts:800",
        lambda: (100 * fen.PIE_SPRT.h0, 100 * fen.PIE_SPRT.h1, fen.PIE_SPRT.max_games, fen.PIE_CAPS["mcts:800"][0]),
    ),
    (
        r"share's (\d+\.\d+)% interval lies wholly inside or outside (\d+)-(\d+)%, at most (\d+) games, (\d+) for mcts:800",
        lambda: (
            _level(fen.PIE_SPRT.clear_alpha),
            100 * fen.PIE_BAND.lo,
            100 * fen.PIE_BAND.hi,
            fen.PIE_SPRT.clear_max,
            fen.PIE_CAPS["mcts:800"][1],
        ),
    ),
    (
        r"greedy \((\d+) games\) and mcts:50 \((\d+) games\)",
        lambda: (fen.ATLAS_AGENTS["greedy"], fen.ATLAS_AGENTS["mcts:50"]),
    ),
    (r"(\d+M) positions", lambda: (fen.SOLVE_CAP,)),
    (r"(\d[\d,]*) seeded directed playouts per rule set", lambda: (fen.BLOCKED_TRIES,)),
    (r"at most (\d+) nodes and edges together", lambda: (fen_solver.MAX_ITEMS,)),
    # Necklace
    (r"(\d+) proved won positions a size", lambda: (necklace.PROOF_POSITIONS,)),
    (r"on 7x7, (\d+) games each", lambda: (necklace.SWAP_RULE_GAMES,)),
    (r"played on to (\d[\d,]*) mcts:200 games", lambda: (necklace.BEST_OPENING_GAMES,)),
    (r"(?:works|builds|attempts|jobs) for (\d+) minutes", lambda: (necklace.STUDY_MINUTES,)),
    (r"(\d+M) nodes an attempt", lambda: (necklace.PROOF_ATTACK_CAP,)),
    (r"jobs of (\d[\d.]*M) nodes", lambda: (necklace.PROOF_JOB_NODES,)),
    (r"\((\d+) games a class\)", lambda: (necklace.REACH_OPENING_GAMES,)),
    (r"bounded by (\d+) core-hours", lambda: (necklace.DEFAULT_CELL_CORE_HOURS,)),
    (
        r"at (\d[\d,]*) and (\d[\d,]*) nodes, where it proves none",
        lambda: tuple(int(p.partition(":")[2]) for p in necklace.REACH_PLAYERS),
    ),
    # Polymer
    (
        r"(?:[Tt]rading \(|trading at |stops at |fills the )(\d+) minutes|(\d+)-minute (?:clock|timer)",
        lambda: (MINUTES, MINUTES),
    ),
    (r"(\d+) proposal turns|stopped at (\d+) turns each", lambda: (OPEN_TURNS, OPEN_TURNS)),
    (r"(\d+) tables per player count", lambda: (polymer.STUDY_TABLES,)),
    (r"(\d+) deals per count", lambda: (polymer.STUDY_DEALS,)),
    (r"(\d+) tables per arm", lambda: (polymer.STRATEGY_TABLES,)),
    (r"\((\d+) tables each;", lambda: (polymer.BARGAIN_TABLES,)),
    (
        r"first looked at at (\d+) units, a decided step played on up to (\d+) units until its (\d+\.\d+)% interval",
        lambda: (
            polymer.HIDDEN_LADDER_UNITS,
            polymer.HIDDEN_LADDER_MAX_UNITS,
            _level(polymer.HIDDEN_LADDER_CLEAR_ALPHA),
        ),
    ),
    (
        r"(\d+) tables an arm at the first look, an arm still undecided at (\d+\.\d+)% then played on (\d+) tables at a "
        r"time to at most (\d[\d,]*)",
        lambda: (
            polymer.RUNG_TABLES,
            _level(polymer.RUNG_CLEAR_ALPHA),
            polymer.RUNG_BATCH_DEALS * polymer.STRATEGY_SEATS,
            polymer.RUNG_MAX_TABLES,
        ),
    ),
    # the command line's limits
    (r"every (\d+) s on a terminal", lambda: (searching.PROGRESS_SECONDS,)),
    (
        r"up to 10\*\*(\d+) simulations or (\d+) s, up to 10\*\*(\d+) games a run, (\d+) workers, FEN boards of "
        r"(\d[\d,]*) faces",
        lambda: (
            math.log10(agents.MAX_SIMULATIONS),
            agents.MAX_SECONDS,
            math.log10(simulate.MAX_GAMES),
            simulate.MAX_WORKERS,
            tessellation.MAX_FACES,
        ),
    ),
]
"""(phrase, constants): a regular expression matched in the prose (any whitespace between its words; it starts
where a word starts) whose groups hold figures, and the code's values they must equal, one a group, in the
units the text writes them in (a group an alternative leaves empty is skipped)."""

PHRASES = [re.compile(r"(?<![\w.,])" + phrase.replace(" ", r"\s+")) for phrase, _ in DESIGN]


# --- (c) committed tables ----------------------------------------------------------------------------------------

CITED = re.compile(r"data/[\w./-]+?\.(?:csv|jsonl|json)\b")


@cache
def table_numbers(path: str) -> tuple[float, ...]:
    """Every number a committed table holds (CSV cells, JSON and JSON-lines values)."""
    numbers: list[float] = []

    def walk(x: object) -> None:
        if isinstance(x, dict):
            x = list(x.values())
        if isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, int | float | str) and not isinstance(x, bool):
            try:
                numbers.append(float(x))
            except ValueError:
                pass

    text = (ROOT / path).read_text(encoding="utf-8")
    if path.endswith(".csv"):
        walk(list(csv.reader(text.splitlines())))
    else:
        walk([json.loads(line) for line in (text.splitlines() if path.endswith(".jsonl") else [text]) if line.strip()])
    return tuple(n for n in numbers if math.isfinite(n))


def in_table(number: str, paths: list[str]) -> bool:
    """Whether a committed table holds ``number`` as written (to its last digit; a rate also as a percentage)."""
    x, half = value(number)
    return any(abs(t - x) <= half + 1e-9 or abs(100 * t - x) <= half + 1e-9 for p in paths for t in table_numbers(p))


# --- the check ---------------------------------------------------------------------------------------------------


def blocks(text: str) -> list[tuple[int, int]]:
    """(start, end) of each paragraph, list item, table row or heading: the unit whose citations count."""
    spans, start, at = [], 0, 0
    for line in text.splitlines(keepends=True):
        if not line.strip() or re.match(r"\s*(?:[-*] |\d+\. |\||#)", line):
            if at > start:
                spans.append((start, at))
            start = at if line.strip() else at + len(line)
        at += len(line)
    if at > start:
        spans.append((start, at))
    return spans


def check(name: str, text: str) -> tuple[list[str], set[int]]:
    """The problems of one text, and which DESIGN phrases it uses."""
    context, scanned = prose(name, text)
    problems: list[str] = []
    used: set[int] = set()
    allowed: list[tuple[int, int]] = []
    for i, pattern in enumerate(PHRASES):
        for m in pattern.finditer(context):
            used.add(i)
            expected = DESIGN[i][1]()
            assert len(expected) == len(m.groups()), f"DESIGN phrase {DESIGN[i][0]!r}: one constant a group"
            pairs = [(g, value(m.group(g))[0], e) for g, e in enumerate(expected, 1) if m.group(g) is not None]
            if any(not math.isclose(w, e) for _, w, e in pairs):
                line = context.count("\n", 0, m.start()) + 1
                problems.append(
                    f"{name}:{line}: {m.group(0)!r} states {[w for _, w, _ in pairs]}, "
                    f"the code {[e for _, _, e in pairs]}"
                )
            allowed += [m.span(g) for g, _, _ in pairs]
    paragraphs = blocks(context)
    for m in FIGURE.finditer(scanned):
        block = next(((a, b) for a, b in paragraphs if a <= m.start() < b), m.span())
        cited = sorted({c for c in CITED.findall(context[block[0] : block[1]]) if (ROOT / c).is_file()})
        for n in NUMBER_IN_FIGURE.finditer(m.group(0)):
            a, b = m.start() + n.start(), m.start() + n.end()
            if any(lo <= a and b <= hi for lo, hi in allowed) or in_table(n.group(0), cited):
                continue
            line = scanned.count("\n", 0, m.start()) + 1
            where = f"nor in {', '.join(cited)}" if cited else "and its paragraph cites no committed table"
            problems.append(f"{name}:{line}: {m.group(0)!r} is no design constant of DESIGN {where}")
            break
    return problems, used


def test_no_hand_copied_figures():
    """Every figure of README.md, docs/ and the notebooks' markdown is a design constant equal to the code's or
    is in the committed table its paragraph cites; every DESIGN phrase is still in some text."""
    problems, used = [], set()
    for name, text in documents():
        found, phrases = check(name, text)
        problems += found
        used |= phrases
    problems += [f"DESIGN phrase {DESIGN[i][0]!r} is in no text: drop it" for i in range(len(DESIGN)) if i not in used]
    assert not problems, "figures copied by hand (point to the page or the table instead):\n" + "\n".join(problems)


NEGEN_DRIFTS = [
    "Under the default reading three closers play a game to 2 points in about 9 minutes (n=6,600).",
    "Planners in every seat played 2,100 rounds at 3 players and 2,300 at 4.",
    "A self-play cell plays on, at most 16,000 rounds (`SELF_PLAY_MAX_ROUNDS`).",
]


@pytest.mark.parametrize(
    "drifted",
    NEGEN_DRIFTS
    + [
        "One MCTS player among greedy ones wins 34.5% [33.1, 36.0] of rounds.",
        "until the share's 99.5% interval lies wholly inside or outside 45-55%, at most 600 games, 150 for mcts:800",
        "mcts:3200 keeps the win 93% (4x4) and 89% (5x5); every proof took under 26M nodes and 2 minutes.",
    ],
)
def test_a_figure_copied_by_hand_fails(drifted):
    """Figures the texts copied by hand before this test (issue #52), results and a changed cap, fail it."""
    assert check("README.md", drifted)[0], f"not caught: {drifted!r}"


@pytest.mark.parametrize("drifted", NEGEN_DRIFTS)
def test_the_negen_drifts_fail_in_the_paragraph_citing_the_table(drifted):
    """The Negen figures that had drifted from the page fail in the README's paragraph on the variant study,
    which cites its table (`data/negen/variants.csv`): the table does not hold them."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    anchor = "(`SECONDS_PER_TURN`)"
    assert anchor in readme
    assert check("README.md", readme.replace(anchor, f"{anchor} {drifted}", 1))[0], f"not caught: {drifted!r}"


def test_a_figure_the_cited_table_holds_passes():
    """(c): a figure the cited committed table holds passes; the same figure without the citation, or changed,
    does not; code, board sizes and versions are not read as figures."""
    cited = "The mcts:800 self-play with the pie rule played n=150 games (`data/fen/pie.csv`)."
    assert check("README.md", cited)[0] == []
    assert check("README.md", cited.replace(" (`data/fen/pie.csv`)", ""))[0]
    assert check("README.md", cited.replace("n=150", "n=160"))[0]
    assert (
        check("README.md", "Run `negenlab fen atlas --games 200 --sizes 13 25 49` on 5x5 with pyarrow 14.0.1.")[0] == []
    )
