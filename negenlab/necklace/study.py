"""Necklace's studies: self-play statistics, the swap (pie-rule) maps, and the committed solver
tables in ``data/necklace``.

Self-play runs through :func:`negenlab.core.simulate` with agents from the registry (``random``,
``mcts:N`` = the compiled MCTS with N simulations). Its numbers are one long table of the core
summary layer (:func:`summarise`: metric, group, value, lo, hi, n, method), one group per board
size and agent; :func:`wide_view` is the table for people.

The committed tables ``solutions.csv`` and ``solution_openings.csv`` are made by
:func:`solutions` and written with their sidecars by :func:`write_solution_tables` through
:class:`~negenlab.core.store.ResultStore`; the command is :data:`SOLUTIONS_COMMAND` (3x3 and 4x4
solved in seconds, 5x5 derived from the single proofs recorded in ``proofs_5x5.jsonl``, each made
by ``negenlab necklace prove``). :func:`load_tables` reads them as package data.

The page's statistical verdicts take their numbers from :func:`claim_statistics`, which reads the
study tables the same way whether they are the committed ones or the same studies played again on
the next seed by ``negenlab study necklace recheck`` (:func:`recheck_study`, ``recheck.csv``); a
swap arm that replays its no-swap games is counted once (:func:`distinct_arms`).

>>> from negenlab.necklace.study import self_play, summarise
>>> df = self_play(4, "random", n_games=20, seed=1, workers=1)
>>> set(df["winner_colour"]) <= {"red", "blue", "draw"}
True
>>> t = summarise(df, group="4x4, random")
>>> list(t.columns)[:3], t.loc[t["metric"] == RED_WINS, "method"].item()
(['metric', 'group', 'value'], 'wilson')
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from negenlab.core import simulate
from negenlab.core.claims import RECHECK, Measure, Steps, recheck_rows, recheck_schema, register
from negenlab.core.compare import sprt
from negenlab.core.data import (
    SKILL_TRACE,
    SPRT_COLUMNS,
    WILSON_ROWS,
    Check,
    MissingDataError,
    Schema,
    data_file,
    data_table,
    every,
    first_row,
    long_columns,
    nullable,
)
from negenlab.core.errors import InvalidInputError
from negenlab.core.files import DuplicateKeyError, read_json, unique_keys
from negenlab.core.game import rules_to_dict
from negenlab.core.ladder import skill_trace, step_measure, trace_looks
from negenlab.core.registry import parse_agent_spec
from negenlab.core.simulate import current_backend, run_tasks
from negenlab.core.store import ResultStore
from negenlab.core.studies import Study, StudyContext, StudyResult, check_row, committed_table
from negenlab.core.summary_table import COLUMNS, long_table, mean_row, rate_row, wide
from negenlab.core.variant import VariantClaim

from . import ENTRY
from .against_proof import (
    NODE_CAPS,
    REACH_COLUMN,
    SEVEN_REACH,
    decisions,
    family_budget,
    opening_row,
    openings_proved,
    sample_positions,
    stops_misjudging,
    summary,
    swap_estimate,
    trusted_strengths,
    won_positions,
)
from .agents import mcts_values, opener_chance, opening_classes
from .certificate import certificate, write_certificate
from .draws import directed_draw_search, exhaustive_draw_search
from .game import BLUE, COLOURS, RED, NecklaceGame, State
from .jobs import JobTree, empty_tree, read_tree, write_tree
from .proved import read_proved, write_proved
from .rules import MAX_SIZE, Rules
from .solver import (
    ProofSearch,
    Solution,
    openings_table,
    solution_from_values,
    solutions_table,
    solve,
    symmetry_maps,
    values_from_proofs,
)
from .verify import position_key, verify_file

# ---------------------------------------------------------------------------------------------- self-play
RED_WINS = "red wins"
SEAT0_WINS = "first player wins"
DRAWS = "draws"
SWAPS = "swaps"
LENGTH = "decisions per game"
SKIPS = "skipped turns per game"
CROSSCUT_SHARE = "crosscut share"
SECLUSION_SHARE = "seclusion share"
CROSSCUT_POINTS = "crosscut points per decision"
SECLUSION_POINTS = "seclusion points per decision"
METRICS = (
    RED_WINS,
    SEAT0_WINS,
    DRAWS,
    SWAPS,
    LENGTH,
    SKIPS,
    CROSSCUT_SHARE,
    SECLUSION_SHARE,
    CROSSCUT_POINTS,
    SECLUSION_POINTS,
)


def self_play(
    size: int,
    agent: str = "random",
    n_games: int = 100,
    seed: int = 0,
    swap: bool = True,
    workers: int | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """``n_games`` games of two equal agents (an agent spec: ``random``, ``mcts:100``) on a ``size``
    board; the core simulation table."""
    agents = [ENTRY.make_agent(agent) for _ in range(2)]
    return simulate(
        NecklaceGame(Rules(size=size, swap=swap)),
        agents,
        n_games,
        seed=seed,
        workers=workers,
        progress=progress,
    )


def ratio_row(metric: str, total: float, count: int, group: str = "") -> dict[str, Any]:
    """A ratio of two sums (points removed per decision) with no interval: the decisions of one game
    are not independent, and the summary layer has no ratio estimator (method ``ratio``, lo/hi NaN)."""
    return {
        "metric": metric,
        "group": group,
        "value": float(total / count) if count else np.nan,
        "lo": np.nan,
        "hi": np.nan,
        "n": int(count),
        "method": "ratio",
    }


def summary_rows(df: pd.DataFrame, group: str = "") -> list[dict[str, Any]]:
    """The rows of one group: Red's and the first player's win rates, draws and swaps (Wilson 95%),
    game length and skipped turns (normal 95%), and the restrictions.

    Restriction shares are per decision: the share of all decisions at which crosscut (seclusion)
    removed at least one empty point from the mover's choices (Wilson over decisions, which are
    not independent: the intervals are indicative); points per decision are plain ratios.
    """
    n = len(df)
    decisions = int(df["length"].sum())
    return [
        rate_row(RED_WINS, int((df["winner_colour"] == "red").sum()), n, group),
        rate_row(SEAT0_WINS, int((df["winner"] == 0).sum()), n, group),
        rate_row(DRAWS, int(df["draw"].sum()), n, group),
        rate_row(SWAPS, int(df["swapped"].sum()), n, group),
        mean_row(LENGTH, df["length"], group),
        mean_row(SKIPS, df["skipped_turns"], group),
        rate_row(CROSSCUT_SHARE, int(df["crosscut_turns"].sum()), decisions, group),
        rate_row(SECLUSION_SHARE, int(df["seclusion_turns"].sum()), decisions, group),
        ratio_row(CROSSCUT_POINTS, df["crosscut_blocked"].sum(), decisions, group),
        ratio_row(SECLUSION_POINTS, df["seclusion_blocked"].sum(), decisions, group),
    ]


def summarise(df: pd.DataFrame, group: str = "") -> pd.DataFrame:
    """The long summary table (core summary layer) of one simulation table."""
    return long_table(summary_rows(df, group))


def study(
    sizes: Sequence[int] = (5, 7, 9, 11),
    agents: Sequence[str] = ("random", "mcts:100"),
    games: int | dict | None = None,
    seed: int = 0,
    swap: bool = True,
    workers: int | None = None,
    progress: bool = False,
) -> tuple[pd.DataFrame, dict]:
    """Run :func:`self_play` for every size and agent spec; return ``(table, {(size, agent): df})``.

    ``table`` is the long summary table (:func:`summarise`) of all groups (``"7x7, mcts:100"``), with
    the keys ``size``, ``agents`` and ``swap`` as extra columns after the summary columns.
    ``games``: an int, or a dict ``{(size, agent): n}``; default 200 random / 30 MCTS games per size.
    """
    frames, parts = {}, []
    for size in sizes:
        for agent in agents:
            spec = str(parse_agent_spec(agent))
            n = games.get((size, agent)) if isinstance(games, dict) else games
            if n is None:
                n = 200 if spec == "random" else 30
            df = self_play(size, spec, n, seed=seed, swap=swap, workers=workers, progress=progress)
            frames[(size, agent)] = df
            parts.append(summarise(df, group=f"{size}x{size}, {spec}").assign(size=size, agents=spec, swap=swap))
    table = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=[*COLUMNS, "size", "agents", "swap"])
    return table, frames


def metric(table: pd.DataFrame, name: str) -> pd.DataFrame:
    """The rows of one metric, one per group, in study order."""
    return table[table["metric"] == name].reset_index(drop=True)


def wide_view(table: pd.DataFrame, digits: int = 3) -> pd.DataFrame:
    """One row per group, one column per metric (``value [lo, hi]``; ratios and exact numbers: the value)."""
    shown = table.assign(method=table["method"].replace({"ratio": "exact"}))
    return wide(shown, digits=digits)[[m for m in METRICS if m in set(table["metric"])]]


# ---------------------------------------------------------------------------------------------- swap maps
def swap_map_mcts(size: int, simulations: int = 2000, seed: int = 0) -> np.ndarray:
    """Estimated Red win probability after each first move (Blue to move, no swap): 1 minus the
    value of Blue's most visited reply in a compiled MCTS search. Symmetric openings share one
    search. Estimates, not proofs: use the solver table where it exists."""
    rng = np.random.default_rng(seed)
    maps = symmetry_maps(size)
    out = np.full(size * size, np.nan)
    for p in range(size * size):
        canon = int(min(maps[:, p]))
        if not np.isnan(out[canon]):
            out[p] = out[canon]
            continue
        s = State.initial(size, swap=False)
        s.play(divmod(p, size))
        if s.over:
            out[p] = 1.0 if s.winner == "red" else 0.0
            continue
        stats = mcts_values(s, simulations, rng)
        stats.pop("_done")
        visits, value = max(stats.values(), key=lambda t: t[0])
        blue_value = value if s.colour_to_move == "blue" else 1 - value
        out[p] = 1.0 - blue_value
        out[canon] = out[p]
    return out.reshape(size, size)


def swap_map_solved(size: int, openings: pd.DataFrame | None = None) -> np.ndarray:
    """1 where Red wins after the opening with perfect play, 0 where Blue wins, 0.5 for a draw
    (from the committed solver table)."""
    if openings is None:
        openings = load_tables()[1]
    sub = openings[openings["size"] == size]
    if sub.empty:
        raise InvalidInputError(
            f"no solved openings for size {size} in the table; sizes: {sorted(set(openings['size']))}"
        )
    out = np.full((size, size), np.nan)
    for r, c, v in sub[["row", "col", "value"]].itertuples(index=False):
        out[r, c] = {"red": 1.0, "blue": 0.0, "draw": 0.5}.get(v, np.nan)  # "blue or draw": not resolved
    return out


# ---------------------------------------------------------------------------------------------- committed tables
SOLUTIONS_COMMAND = (
    "negenlab necklace solve 3 4 --tt-bits 22 --proofs data/necklace/proofs_5x5.jsonl --write data/necklace"
)
RULES_TEXT = (
    "negenlab/necklace rules (docs/rules/necklace.md): crosscut and seclusion restrictions, skip when a "
    "colour cannot place, draw when nobody can; swap = pie rule on Blue's first turn"
)
METHOD_TEXT = (
    "df-pn proof search (numba) with a transposition table over the 4 colour-preserving symmetries and a "
    "can-still-connect disproof; 'red wins' proved, then 'blue wins'; neither = draw"
)


def read_proofs(lines: Iterable[str]) -> dict[int, list[dict]]:
    """Single proofs (lines of ``negenlab necklace prove --json``, as in ``proofs_5x5.jsonl``) by board size."""
    out: dict[int, list[dict]] = {}
    for i, line in enumerate(lines, 1):
        if line.strip():
            try:
                rec = json.loads(line, object_pairs_hook=unique_keys)
            except DuplicateKeyError as err:
                raise InvalidInputError(f"line {i}: {err}") from None
            out.setdefault(int(rec["n"]), []).append(rec)
    return out


def solutions(
    sizes: Iterable[int] = (3, 4),
    tt_bits: int = 22,
    max_nodes: int = 0,
    proofs: dict[int, list[dict]] | None = None,
    proofs_source: str = "",
) -> list[Solution]:
    """The rows of the solver tables: each size in ``sizes`` solved (without swap, then the swap rule's
    result from the same openings), then each size of ``proofs`` (:func:`read_proofs`) derived from its
    recorded single proofs, whose nodes and seconds are summed."""
    sols: list[Solution] = []
    for n in sizes:
        s = solve(n, swap=False, tt_bits=tt_bits, max_nodes=max_nodes)
        sols += [s, solution_from_values(n, True, s.opening_values, s.nodes, s.seconds, s.info)]
    for n, records in sorted((proofs or {}).items()):
        if n in set(sizes):
            raise InvalidInputError(f"size {n} is both solved and given by recorded proofs; choose one")
        try:
            values, partial = values_from_proofs(n, records)
        except InvalidInputError as err:
            raise InvalidInputError(f"{proofs_source or 'the recorded proofs'}: {err}") from None
        info = {
            "method": f"dfpn, one proof per opening class and target ({proofs_source or 'recorded proofs'})",
            "tt_bits": sorted({int(r["tt_bits"]) for r in records}),
            "partial": partial,
        }
        nodes = sum(int(r["nodes"]) for r in records)
        seconds = sum(float(r["seconds"]) for r in records)
        sols += [solution_from_values(n, swap, values, nodes, seconds, info) for swap in (False, True)]
    return sols


def write_solution_tables(
    sols: Sequence[Solution], out_dir: str | os.PathLike, command: str, extra_info: dict | None = None
) -> list:
    """Write ``solutions.csv`` and ``solution_openings.csv``, each with its JSON sidecar (rules, version,
    command, method, timings per run), through :class:`ResultStore`; return the paths."""
    store = ResultStore(out_dir)
    sizes = sorted({s.size for s in sols})
    rules = {"game": "necklace", "sizes": sizes, "swap": sorted({s.swap for s in sols}), "text": RULES_TEXT}
    runs = [
        {
            "size": s.size,
            "swap": s.swap,
            "nodes": s.nodes,
            "seconds": round(s.seconds, 3),
            **s.info,
            "partial": {f"{r},{c}": k for (r, c), k in s.info.get("partial", {}).items()},
        }
        for s in sols
    ]
    common = {
        "what": "Necklace perfect-play results from the empty board, every first move of Red",
        "method": METHOD_TEXT,
        "sizes": sizes,
        **(extra_info or {}),
    }
    return [
        store.save_csv(
            "solutions",
            solutions_table(sols),
            rules=rules,
            command=command,
            runs=runs,
            table="one row per size and swap rule",
            **common,
        ),
        store.save_csv(
            "solution_openings",
            openings_table(sols),
            rules=rules,
            command=command,
            table="value after each opening, both sides then perfect, no swap",
            **common,
        ),
    ]


def load_tables() -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(solutions, openings)``: the committed solver tables, read as package data."""
    return (
        data_table("necklace", "solutions.csv", schema=TABLES["solutions"], keep_default_na=False),
        data_table("necklace", "solution_openings.csv", schema=TABLES["solution_openings"], keep_default_na=False),
    )


_POINTS = re.compile(r"\d+,\d+( \d+,\d+)*")


def counted_from_one(table: pd.DataFrame) -> pd.DataFrame:
    """A copy of a solver or study table with its points counted from 1, as the board labels them:
    ``row`` and ``col`` plus one, and every column of points (``"0,1 1,1"``, 0-based ``row,col``
    as the tables store them) rewritten the same way. For showing a table to a person; the stored
    tables and the API stay 0-based.

    >>> t = pd.DataFrame({"size": [3], "row": [0], "col": [2], "winning_first_moves": ["0,1 2,1"], "unresolved": [""]})
    >>> counted_from_one(t).to_dict("records")
    [{'size': 3, 'row': 1, 'col': 3, 'winning_first_moves': '1,2 3,2', 'unresolved': ''}]
    """
    out = table.copy()
    for name in ("row", "col"):
        if name in out.columns:
            out[name] = out[name] + 1
    for name in out.columns:
        if not pd.api.types.is_string_dtype(out[name]):
            continue
        values = out[name].astype(str)
        filled = values[values != ""]
        if len(filled) and filled.map(lambda v: _POINTS.fullmatch(v) is not None).all():
            out[name] = values.map(
                lambda v: " ".join(f"{int(r) + 1},{int(c) + 1}" for r, c in (p.split(",") for p in v.split()))
            )
    return out


def load_proofs(size: int = 5) -> list[dict]:
    """The committed single proofs of one board size (``proofs_5x5.jsonl``)."""
    text = data_file("necklace", f"proofs_{size}x{size}.jsonl").read_text()
    return read_proofs(text.splitlines()).get(size, [])


# ---------------------------------------------------------------------------------------------- long studies
# ``negenlab study necklace <name>``: tables in data/necklace with their commands, games kept in
# a resumable store.

LADDER = ("random", "mcts:50", "mcts:200", "mcts:800", "mcts:3200")
LADDER_SIZE = 7
LADDER_MAX_UNITS = 200  # units per step before the SPRT gives up
ADVANTAGE_SIZES = (5, 6, 7, 8, 9, 10, 11)
ADVANTAGE_AGENT = "mcts:400"
ADVANTAGE_SWAP_SIZES: tuple[int, ...] = ()
"""Sizes also played with the swap rule here, by ``pie`` players of the same budget: none since
issue #34. mcts:400 itself, as Blue, never swapped on 5x5 and 6x6 (0 of 308 games), so the swap arms
the committed table still holds replay its no-swap games; the swap rule played by players who use
it (``pie:400`` on 5x5 and 6x6, ``pie:800`` and ``pie:3200`` on 7x7) is the ``swap_rule`` study."""
SWAP_MAP_SIZE = 7
SWAP_MAP_AGENT = "mcts:200"
SWAP_MAP_GAMES = 200


class OpeningGame(NecklaceGame):
    """Necklace after a fixed first move by Red, with no swap: Blue moves next. The games behind
    the swap map (a point where Red does well is a point Blue should swap).

    >>> s = OpeningGame(5, (2, 2)).new_initial_state()
    >>> s.position.to_text().splitlines()[2], s.current_player
    ('..R..', 1)
    """

    def __init__(self, size: int, opening: tuple[int, int]):
        super().__init__(Rules(size=size, swap=False))
        self.opening = (int(opening[0]), int(opening[1]))

    def new_initial_state(self):
        state = super().new_initial_state()
        state.apply(self.opening)
        return state

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "opening": list(self.opening)}


def _agent(spec: str):
    return ENTRY.make_agent(spec)


def ladder_study(ctx: StudyContext) -> StudyResult:
    """The skill trace on 7x7 with the swap rule: each rung of :data:`LADDER` against the one
    below, seats rotated on common seeds, each step decided by an SPRT (capped at 200 units)."""
    game = NecklaceGame(Rules(size=LADDER_SIZE))
    trace = skill_trace(
        game,
        LADDER,
        _agent,
        seed=ctx.seed,
        max_units=LADDER_MAX_UNITS,
        store=ctx.store,
        workers=ctx.workers,
        progress=ctx.progress,
    )
    trace.insert(0, "size", LADDER_SIZE)
    if ctx.store is not None:
        trace["swaps"] = [
            step_swaps(Path(ctx.store) / f"{_slug(r)}-vs-{_slug(b)}", int(g))
            for r, b, g in trace[["rung", "below", "games"]].itertuples(index=False)
        ]
    return StudyResult(trace, rules=game.rules, agents=list(LADDER))


def step_swaps(folder: Path, games: int) -> int | None:
    """How many of a ladder step's games Blue swapped in, read from the step's stored games (every
    ``chunk-*.parquet`` under ``folder``, the seat rotations of :func:`~negenlab.core.ladder.skill_trace`'s
    store); None when the store does not hold exactly the step's ``games`` games.

    >>> step_swaps(Path("no-such-folder"), 200) is None
    True
    """
    chunks = sorted(folder.glob("**/chunk-*.parquet"))
    if not chunks:
        return None
    played = pd.concat([pd.read_parquet(c, columns=["swapped"]) for c in chunks], ignore_index=True)
    return int(played["swapped"].sum()) if len(played) == games else None


def advantage_study(ctx: StudyContext) -> StudyResult:
    """The first player's edge by board size (5 to 11) without the swap rule, under
    :data:`ADVANTAGE_AGENT` self-play: per cell an SPRT on the first player's score (H0 0.5,
    H1 0.55; from 100 to 200 games), with Red's win rate and the swap rate of the same games. On
    :data:`ADVANTAGE_SWAP_SIZES` (none since issue #34: the ``swap_rule`` study plays the swap rule)
    also with the swap rule, played by ``pie`` players of the same budget."""
    budget = ADVANTAGE_AGENT.partition(":")[2]
    parts = []
    for size in ADVANTAGE_SIZES:
        for swap in (False, True) if size in ADVANTAGE_SWAP_SIZES else (False,):
            spec = f"pie:{budget}" if swap else ADVANTAGE_AGENT
            agents = [_agent(spec), _agent(spec)]
            game = NecklaceGame(Rules(size=size, swap=swap))
            where = ctx.store_for(f"{size}x{size}-{'swap' if swap else 'noswap'}")
            r = sprt(game, agents, seed=ctx.seed, batch=50, max_games=200, store=where, workers=ctx.workers)
            ctx.progress(f"{size}x{size}, swap {swap}: {r}")
            df = simulate(game, agents, r.units, ctx.seed, store=where, workers=ctx.workers, progress=False)
            t = summarise(df, group=f"{size}x{size}, {'swap' if swap else 'no swap'}")
            t = t[t["metric"].isin([SEAT0_WINS, RED_WINS, SWAPS, DRAWS, LENGTH])].copy()
            first = t["metric"] == SEAT0_WINS
            for k in ("decision", "capped", "llr", "h0", "h1"):
                t.loc[first, k] = getattr(r, k)
            parts.append(t.assign(size=size, swap=swap, agents=spec))
    return StudyResult(pd.concat(parts, ignore_index=True), agents=[ADVANTAGE_AGENT] * 2)


def swap_map_study(ctx: StudyContext, size: int = SWAP_MAP_SIZE) -> StudyResult:
    """Red's win rate after each first move on a ``size`` board (no swap, Blue to move), from
    :data:`SWAP_MAP_GAMES` games of :data:`SWAP_MAP_AGENT` self-play per opening, with Wilson
    intervals. Openings that mirror each other (left-right, top-bottom, half turn) share their games."""
    maps = symmetry_maps(size)
    agents = [_agent(SWAP_MAP_AGENT), _agent(SWAP_MAP_AGENT)]
    rows, done = [], {}
    for p in range(size * size):
        canon = int(maps[:, p].min())
        if canon not in done:
            opening = divmod(canon, size)
            df = simulate(
                OpeningGame(size, opening),
                agents,
                SWAP_MAP_GAMES,
                ctx.seed,
                store=ctx.store_for(f"opening-{opening[0]}-{opening[1]}"),
                workers=ctx.workers,
                progress=False,
            )
            done[canon] = rate_row(RED_WINS, int((df["winner_colour"] == "red").sum()), len(df))
            ctx.progress(f"opening row {opening[0] + 1}, col {opening[1] + 1}: red wins {done[canon]['value']:.2f}")
        r, c = divmod(p, size)
        rows.append({"row": r, "col": c, "same_as": f"{canon // size},{canon % size}", **done[canon]})
    table = pd.DataFrame(rows).drop(columns=["group"])
    return StudyResult(table, rules=Rules(size=size, swap=False), agents=[SWAP_MAP_AGENT] * 2)


def swap_map_from_table(table: pd.DataFrame, column: str = "value") -> np.ndarray:
    """The swap-map study's ``column`` (value, lo or hi) as a size x size array."""
    size = int(table["row"].max()) + 1
    out = np.full((size, size), np.nan)
    out[table["row"].to_numpy(int), table["col"].to_numpy(int)] = table[column].to_numpy(float)
    return out


DRAW_EXHAUSTIVE_SIZES = (2, 3, 4, 5)
DRAW_EXHAUSTIVE_SECONDS = 240.0  # 5x5 has about 1e11 positions: the search stops here and says so
DRAW_DIRECTED = {"playout": 20_000, "greedy": 1_000, "backtrack": 100}  # method -> tries per size
DRAW_DIRECTED_SIZES = (7, 9, 11)


def draws_study(ctx: StudyContext) -> StudyResult:
    """Is any reachable position a draw? Every reachable position on 2x2 to 5x5 (5x5 stops at
    :data:`DRAW_EXHAUSTIVE_SECONDS` and says how far it got), then seeded directed hunts on 7x7,
    9x9 and 11x11 in which nobody completes a win while another placement is left
    (:mod:`negenlab.necklace.draws`)."""
    rows = []
    for size in DRAW_EXHAUSTIVE_SIZES:
        r = exhaustive_draw_search(size, max_seconds=DRAW_EXHAUSTIVE_SECONDS)
        ctx.progress(r.summary())
        rows.append(
            {
                "size": size,
                "search": "exhaustive",
                "method": "every reachable position",
                "complete": r.complete,
                "draws": r.draws,
                "positions": r.positions,
                "red_wins": r.red_wins,
                "blue_wins": r.blue_wins,
                "playouts": 0,
                "closest_live": np.nan,
                "note": "" if r.complete else r.note,
            }
        )
    for size in DRAW_DIRECTED_SIZES:
        for method, tries in DRAW_DIRECTED.items():
            d = directed_draw_search(size, tries=tries, seed=ctx.seed, method=method)
            ctx.progress(d.verdict)
            rows.append(
                {
                    "size": size,
                    "search": "directed",
                    "method": method,
                    "complete": False,
                    "draws": d.draws_found,
                    "positions": d.positions,
                    "red_wins": np.nan,
                    "blue_wins": np.nan,
                    "playouts": d.tries,
                    "closest_live": d.closest_live,
                    "note": d.verdict,
                }
            )
    return StudyResult(pd.DataFrame(rows), rules={"swap": False}, agents=list(DRAW_DIRECTED))


def fresh_check(ctx: StudyContext) -> pd.DataFrame:
    """A fresh sample (the next seed) of two committed Necklace numbers: the first player's edge on
    5x5 without swap, and Red's win rate after the centre opening on the 7x7 swap map."""
    fresh_seed = ctx.seed + 1
    rows = []
    adv = committed_table("necklace", "advantage", TABLES["advantage"])
    pick = adv[(adv["size"] == 5) & (~adv["swap"].astype(bool)) & (adv["metric"] == SEAT0_WINS)].iloc[0]
    agents = [_agent(ADVANTAGE_AGENT), _agent(ADVANTAGE_AGENT)]
    df = simulate(NecklaceGame(Rules(size=5, swap=False)), agents, 60, fresh_seed, workers=ctx.workers, progress=False)
    q = rate_row(SEAT0_WINS, int((df["winner"] == 0).sum()), len(df))
    rows.append(
        check_row(
            f"5x5 without swap: first player wins ({ADVANTAGE_AGENT})", pick, (q["value"], q["lo"], q["hi"], q["n"])
        )
    )
    smap = committed_table("necklace", "swap_map", TABLES["swap_map"])
    centre = SWAP_MAP_SIZE // 2
    pick = smap[(smap["row"] == centre) & (smap["col"] == centre)].iloc[0]
    agents = [_agent(SWAP_MAP_AGENT), _agent(SWAP_MAP_AGENT)]
    df = simulate(
        OpeningGame(SWAP_MAP_SIZE, (centre, centre)), agents, 40, fresh_seed, workers=ctx.workers, progress=False
    )
    q = rate_row(RED_WINS, int((df["winner_colour"] == "red").sum()), len(df))
    rows.append(
        check_row("7x7 swap map: red wins after the centre opening", pick, (q["value"], q["lo"], q["hi"], q["n"]))
    )
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------------- the claims' numbers
BEST_OPENING_GAMES = 1000
"""Games of the swap map's best opening (the one the opener would choose): the swap map's 200 a
class leave a Red share of one half +-7 points, too wide to tell an even opening from a 5-point one."""
SIZE_CHECK_GAMES = 4
"""Seeded games of random placements a board size, for the size and disruption checks."""


def best_opening(swap_map: pd.DataFrame) -> tuple[int, int]:
    """The opening class of a swap map whose Red share is closest to one half (the first in the
    table's order on a tie): the opener's choice against a Blue who swaps whenever Red is ahead.

    >>> t = pd.DataFrame({"row": [0, 0, 1], "col": [0, 1, 0], "same_as": ["0,0", "0,1", "0,1"], "value": [.6, .48, .48]})
    >>> best_opening(t)
    (0, 1)
    """
    missing = {"row", "col", "same_as", "value"} - set(swap_map.columns)
    if missing or swap_map.empty:
        raise InvalidInputError(
            f"a swap map has rows with row, col, same_as and value; missing {sorted(missing) or 'rows'}"
        )
    own = swap_map["same_as"].astype(str) == swap_map["row"].astype(str) + "," + swap_map["col"].astype(str)
    classes = swap_map[own]
    gap = (classes["value"].astype(float) - 0.5).abs()
    pick = classes.loc[gap.sort_values(kind="stable").index[0]]
    return int(pick["row"]), int(pick["col"])


def best_opening_study(
    ctx: StudyContext, swap_map: pd.DataFrame | None = None, games: int | None = None
) -> StudyResult:
    """The swap map's best opening (:func:`best_opening`, of the committed 7x7 map unless
    ``swap_map`` is given) played to ``games`` (default :data:`BEST_OPENING_GAMES`) games of :data:`SWAP_MAP_AGENT` self-play on the
    study's seed, Blue to move and no swap: one row with Red's win rate (Wilson) beside the swap
    map's. Game i depends only on the seed and i, so on the swap map's seed the first 200 games are
    the map's own."""
    smap = committed_table("necklace", "swap_map", TABLES["swap_map"]) if swap_map is None else swap_map
    r, c = best_opening(smap)
    size = int(smap["row"].max()) + 1
    games = BEST_OPENING_GAMES if games is None else games
    agents = [_agent(SWAP_MAP_AGENT), _agent(SWAP_MAP_AGENT)]
    where = ctx.store_for(f"opening-{r}-{c}")
    df = simulate(OpeningGame(size, (r, c)), agents, games, ctx.seed, store=where, workers=ctx.workers, progress=False)
    mapped = smap[(smap["row"] == r) & (smap["col"] == c)].iloc[0]
    red = rate_row(RED_WINS, int((df["winner_colour"] == "red").sum()), len(df))
    ctx.progress(f"{size}x{size} opening row {r + 1}, col {c + 1}: red wins {red['value']:.3f} of {len(df)}")
    row = {"size": size, "row": r, "col": c, "swap_map_value": float(mapped["value"]), "swap_map_n": int(mapped["n"])}
    row |= {k: v for k, v in red.items() if k != "group"} | {"draws": int(df["draw"].sum())}
    return StudyResult(
        pd.DataFrame([row]),
        rules=Rules(size=size, swap=False),
        agents=[SWAP_MAP_AGENT] * 2,
        extra={"opening": [r, c], "chosen_from": "the committed swap map (closest to one half)"},
    )


def repeated_swap_arms(advantage: pd.DataFrame) -> list[int]:
    """The sizes whose swap arm in the first-player study replays its no-swap games: nobody swapped
    and every number equals the no-swap arm's (the search's choices do not depend on whether it may
    swap, so the same seeds give the same games). Those rows are not independent evidence.

    >>> rows = [{"metric": m, "size": 5, "swap": w, "value": v, "n": 10} for w in (False, True)
    ...         for m, v in (("first player wins", .6), ("swaps", 0.0))]
    >>> repeated_swap_arms(pd.DataFrame(rows))
    [5]
    """
    out = []
    swap = advantage["swap"].astype(str).str.lower() == "true"
    for size in sorted(set(advantage.loc[swap, "size"].astype(int))):
        here = advantage["size"].astype(int) == size
        on = advantage[here & swap].set_index("metric")
        off = advantage[here & ~swap].set_index("metric")
        same = set(on.index) == set(off.index) and all(
            np.isclose(float(on.loc[m, "value"]), float(off.loc[m, "value"]))
            and int(on.loc[m, "n"]) == int(off.loc[m, "n"])
            for m in on.index
        )
        if same and float(on.loc[SWAPS, "value"]) == 0:
            out.append(size)
    return out


def distinct_arms(advantage: pd.DataFrame) -> pd.DataFrame:
    """The first-player study without the swap-arm rows that replay its no-swap games
    (:func:`repeated_swap_arms`): every game counted once."""
    swap = advantage["swap"].astype(str).str.lower() == "true"
    again = swap & advantage["size"].astype(int).isin(repeated_swap_arms(advantage))
    return advantage[~again]


def ladder_steps(ladder: pd.DataFrame) -> Steps:
    """The skill trace as one measure per step (``"mcts:50 vs random"``), each over its units of
    seat-swapped pairs (two distinct games a unit)."""
    return Steps(
        tuple(
            (
                f"{r['rung']} vs {r['below']}",
                step_measure(r, trace_looks(LADDER_MAX_UNITS)),
            )
            for r in ladder.to_dict("records")
        )
    )


# ------------------------------------------------------------------------------- agents against the proofs
SOLVER_AGENTS = ("mcts-solver:800", "mcts-solver:3200")
"""The MCTS-Solver (proved results backed up, the connection engine's blocking wins as ends of the game,
the must-play region) at two of ``mcts``'s budgets, measured beside it."""
PROOF_PLAYERS = ("proof:1000000", "proof:2000000")
"""The proof player (``proof:N``: df-pn of N nodes a move, then ``mcts-solver:800``) at two budgets: one
million nodes proves each 5x5 opening class's first reply (the costliest, after the opening 1,0, takes
about 715,000 with the engine), so below it the player is the MCTS-Solver on the moves that matter."""
REACH_PLAYERS = ("proof:20000", "proof:50000")
"""The proof player at budgets whose df-pn proves none of the 5x5 opening classes from Blue's first reply (the
cheapest of those proofs, after the opening 2,2, takes about 51,000 nodes), so the replies that decide each class
are its fallback's (``mcts-solver:800``), as they are on 7x7: the only ``proof:N`` rows
:func:`~negenlab.necklace.against_proof.trusted_strengths` reads as evidence for 7x7 (the table's
``openings_proved`` says how many classes each budget proves). Judged by self-play alone,
:data:`REACH_OPENING_GAMES` games a class."""
PROOF_AGENTS = (
    "random", "mcts:50", "mcts:200", "mcts:800", "mcts:3200", "pie:800", "pie:3200", *SOLVER_AGENTS, *PROOF_PLAYERS
)  # fmt: skip
"""The agents measured against perfect play in every way (``agents_vs_proof``): won positions, swap decisions and,
all but ``pie:N``, self-play."""
SELF_PLAY_AGENTS = (
    "random", "mcts:50", "mcts:200", "mcts:800", "mcts:3200", *SOLVER_AGENTS, *PROOF_PLAYERS, *REACH_PLAYERS
)  # fmt: skip
"""The agents whose self-play judges every proved opening class. ``pie:N`` places as ``mcts:N`` does
after a fixed opening without the swap rule (it only adds taking a win in one), so its judgement of
an opening by self-play is ``mcts:N``'s."""
SUMMARY_AGENTS = (*PROOF_AGENTS, *REACH_PLAYERS)
"""The rows of ``agents_vs_proof.csv`` on each board (:data:`REACH_PLAYERS` with their self-play alone)."""
PROOF_SIZES = (4, 5)
PROOF_POSITIONS = 150
"""Won positions a board size: positions reached in play where the mover wins with perfect play and
some placement throws the win away."""
PROOF_SAMPLE_GAMES = 1500
"""At most this many seeded games a size are sampled for them (one position a game)."""
PROOF_MIN_STONES = {4: 2, 5: 4}
"""5x5 positions with fewer stones take minutes a proof; the openings (one stone) are judged whole."""
PROOF_TT_BITS = {4: 22, 5: 24}
PROOF_SAMPLER = "mcts:200"
OPENING_GAMES = 200
"""Self-play games after each opening class, per agent (a 95% interval of about +-7 points)."""
REACH_OPENING_GAMES = 50
"""Self-play games after each opening class for :data:`REACH_PLAYERS` (a 95% interval of about +-14 points): a
game of theirs takes seconds on 5x5, since every move df-pn cannot prove spends its whole budget first. Fewer games
make a class harder to misjudge, not easier; a class they leave undecided is said."""
DRAW_STRENGTHS = ("mcts:800", "mcts:3200")
DRAW_SIZE = 5
RECHECK_OPENING_GAMES = 50
"""Self-play games after each 5x5 opening class in the re-measurement of the draw rate (450 a
strength): the recheck only asks whether a fresh count agrees with the committed one (0 draws in
1,800 games a strength), and mcts:3200's 1,800 games did not fit the time left on a loaded machine."""


def _out(ctx: StudyContext) -> Path:
    """Where a study writes the tables beside its main one (``data/necklace`` unless the context says)."""
    return Path(str(getattr(ctx, "out", None) or "data/necklace"))


def _slug(spec: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in spec)


def proof_positions(ctx: StudyContext, size: int) -> tuple[list[dict], dict[str, int]]:
    """The won positions of one board size (:func:`~negenlab.necklace.against_proof.won_positions`
    over :func:`~negenlab.necklace.against_proof.sample_positions` of :data:`PROOF_SAMPLER` games),
    kept in the study's store (``positions-NxN.json``), so a rerun does not prove them again."""
    settings = {
        "size": size,
        "seed": ctx.seed,
        "wanted": PROOF_POSITIONS,
        "games": PROOF_SAMPLE_GAMES,
        "min_stones": PROOF_MIN_STONES[size],
        "sampler": PROOF_SAMPLER,
        "caps": list(NODE_CAPS),
    }
    cache = None if ctx.store is None else Path(ctx.store) / f"positions-{size}x{size}.json"
    if cache is not None and os.path.lexists(cache):
        held = read_json(cache, "kept positions")  # bounded, a regular file
        if isinstance(held, dict) and held.get("settings") == settings:
            return held["positions"], held["tally"]
    start = time.perf_counter()
    sampled = sample_positions(size, PROOF_SAMPLE_GAMES, ctx.seed, PROOF_MIN_STONES[size], PROOF_SAMPLER)
    search = ProofSearch(size, tt_bits=PROOF_TT_BITS[size])
    found, tally = won_positions(sampled, search, PROOF_POSITIONS, progress=ctx.progress)
    tally = {
        **tally,
        "sampled": len(sampled),
        "nodes": int(search.nodes),
        "seconds": round(time.perf_counter() - start),
    }
    ctx.progress(f"{size}x{size}: {len(found)} won positions, {tally}")
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps({"settings": settings, "positions": found, "tally": tally}, indent=1) + "\n")
    return found, tally


def opening_self_play(
    ctx: StudyContext, agents: Sequence[str], sizes: Sequence[int], proved: pd.DataFrame, games: int | None = None
) -> pd.DataFrame:
    """Each agent's judgement of every proved opening class of each size: ``games`` (default
    :data:`OPENING_GAMES`) games of the agent against itself after the opening (Blue to move, no
    swap), Red's share with its Wilson interval against the proved winner
    (:func:`~negenlab.necklace.against_proof.opening_row`). Games kept in the study's store."""
    games = OPENING_GAMES if games is None else games
    rows = []
    for size in sizes:
        values = {
            (int(r), int(c)): str(v) for n, r, c, v in proved[["size", "row", "col", "value"]].values if n == size
        }
        maps = symmetry_maps(size)
        for spec in agents:
            for r, c in opening_classes(size):
                df = simulate(
                    OpeningGame(size, (r, c)),
                    [_agent(spec), _agent(spec)],
                    games,
                    ctx.seed,
                    store=ctx.store_for(f"opening-{size}x{size}-{_slug(spec)}-{r}-{c}"),
                    workers=ctx.workers,
                    progress=False,
                )
                red, draws = int((df["winner_colour"] == "red").sum()), int(df["draw"].sum())
                row = opening_row(spec, size, (r, c), red, len(df), draws, values.get((r, c), ""))
                row["images"] = len(set(maps[:, r * size + c].tolist()))
                rows.append(row)
            ctx.progress(f"{size}x{size} {spec}: openings judged by self-play")
    return pd.DataFrame(rows)


def kept_decisions(ctx: StudyContext, agents: Sequence[str], won: list[dict], proved: pd.DataFrame) -> pd.DataFrame:
    """:func:`~negenlab.necklace.against_proof.decisions` of ``agents``, each agent's actions and estimates kept
    in the study's store (``decisions-<agent>.json``, with a digest of the positions and the seed they answer), so a
    rerun decides again only for an agent it has not kept (a 5x5 proof of a won position takes up to minutes)."""
    base = decisions([], won, proved, ctx.seed)
    asked = base[["kind", "size", "position", "to_move"]].astype(str).values.tolist()
    digest = hashlib.sha256(json.dumps({"seed": int(ctx.seed), "positions": asked}).encode()).hexdigest()
    held: dict[str, dict] = {}
    for spec in agents:
        path = None if ctx.store is None else Path(ctx.store) / f"decisions-{_slug(spec)}.json"
        if path is not None and os.path.lexists(path):
            kept = read_json(path, "kept decisions")  # bounded, a regular file
            if isinstance(kept, dict) and kept.get("agent") == spec and kept.get("digest") == digest:
                held[spec] = kept
    missing = [spec for spec in agents if spec not in held]
    if missing:
        fresh = decisions(missing, won, proved, ctx.seed, ctx.progress)
        for spec in missing:
            estimates = fresh.get(f"estimate {spec}", pd.Series(np.nan, index=fresh.index))
            held[spec] = {
                "agent": spec,
                "digest": digest,
                "actions": fresh[spec].astype(str).tolist(),
                "estimates": [None if pd.isna(e) else float(e) for e in estimates],
            }
            if ctx.store is not None:
                Path(ctx.store).mkdir(parents=True, exist_ok=True)
                (Path(ctx.store) / f"decisions-{_slug(spec)}.json").write_text(json.dumps(held[spec]) + "\n")
    out = base.copy()
    for spec in agents:
        out[spec] = held[spec]["actions"]
    for spec in agents:
        out[f"estimate {spec}"] = [np.nan if e is None else e for e in held[spec]["estimates"]]
    return out


def agents_vs_proof_study(ctx: StudyContext) -> StudyResult:
    """Every agent of :data:`PROOF_AGENTS` against perfect play on 4x4 and 5x5 (the solved boards):
    its placement in won positions, its swap decision after every opening, and (the agents of
    :data:`SELF_PLAY_AGENTS`) Red's self-play share after every opening class against the proved
    winner. The main table (one row per agent of :data:`SUMMARY_AGENTS` and size,
    :func:`~negenlab.necklace.against_proof.summary`, with how many classes a ``proof:N``'s df-pn proves from
    Blue's first reply, :func:`~negenlab.necklace.against_proof.openings_proved`) is ``agents_vs_proof.csv``;
    beside it the study writes every position with each agent's action (``agents_vs_proof_positions.csv``) and
    every opening class judged (``agents_vs_proof_openings.csv``)."""
    _, proved = load_tables()
    proved = proved[proved["size"].isin(PROOF_SIZES)]
    won, tallies = [], {}
    for size in PROOF_SIZES:
        found, tallies[size] = proof_positions(ctx, size)
        won += [{**w, "size": size} for w in found]
    positions = kept_decisions(ctx, PROOF_AGENTS, won, proved)
    everyone = [a for a in SELF_PLAY_AGENTS if a not in REACH_PLAYERS]
    openings = pd.concat(
        [
            opening_self_play(ctx, everyone, PROOF_SIZES, proved),
            opening_self_play(ctx, REACH_PLAYERS, PROOF_SIZES, proved, REACH_OPENING_GAMES),
        ],
        ignore_index=True,
    ).sort_values("size", kind="stable", ignore_index=True)
    agents = [*PROOF_AGENTS, *REACH_PLAYERS]
    table = summary(agents, positions, openings)
    known = {(int(n), int(r), int(c)) for n, r, c, v in proved[["size", "row", "col", "value"]].values if v in COLOURS}
    classes = {n: [(r, c) for r, c in opening_classes(n) if (n, r, c) in known] for n in PROOF_SIZES}
    table[REACH_COLUMN] = pd.array(
        [openings_proved(a, int(n), classes[int(n)]) for a, n in zip(table["agent"], table["size"], strict=True)],
        dtype="Int64",
    )
    ctx.progress(f"opening classes df-pn proves from Blue's first reply: {table[['agent', 'size', REACH_COLUMN]]}")
    store = ResultStore(_out(ctx))
    rules = {"sizes": list(PROOF_SIZES), "swap": "off, but on for the swap decisions"}
    store.save_csv(
        "agents_vs_proof_positions",
        positions,
        rules=rules,
        agents=list(PROOF_AGENTS),
        seed=ctx.seed,
        command=ctx.command,
        float_format="%.6g",
        table="one row per position: the proved winner's winning actions and each agent's action (same random stream)",
        positions=tallies,
    )
    store.save_csv(
        "agents_vs_proof_openings",
        openings,
        rules={"sizes": list(PROOF_SIZES), "swap": False},
        agents=list(SELF_PLAY_AGENTS),
        seed=ctx.seed,
        command=ctx.command,
        float_format="%.6g",
        table=f"one row per agent and opening class: Red's share of {OPENING_GAMES} self-play games after it "
        f"({REACH_OPENING_GAMES} for {', '.join(REACH_PLAYERS)})",
    )
    return StudyResult(
        table,
        rules=rules,
        agents=agents,
        extra={
            "stops_misjudging": stops_misjudging(table),
            "trusted": trusted_strengths(table),
            "trusted_for": "the 7x7 fair-opening line, on evidence at 7x7's reach only: a proof:N row counts where "
            f"its df-pn proves no opening class from Blue's first reply ({REACH_COLUMN} 0), since {SEVEN_REACH}",
            "positions": tallies,
            "sampler": PROOF_SAMPLER,
            "beside": ["agents_vs_proof_positions.csv", "agents_vs_proof_openings.csv"],
        },
    )


# ---------------------------------------------------------------------------------------------- the swap rule
SWAP_RULE_AGENTS = ("pie:800", "pie:3200")
"""The two strengths of the fair-opening claim (7x7)."""
SWAP_RULE_CELLS = ((5, "pie:400"), (6, "pie:400"), (7, "pie:800"), (7, "pie:3200"))
"""``(size, player)`` cells of the ``swap_rule`` study: 5x5 and 6x6 at the first-player study's
budget (its ``mcts:400`` never swapped there, so its old swap arms replayed the no-swap games), 7x7
at the two strengths of the fair-opening claim."""
SWAP_RULE_GAMES = 200
SWAP_RULE_ESTIMATES = 8
"""Fresh draws of the estimate behind each opening the openers chose (its mean and spread)."""
FAIR_OPENING_SIZE = 7
PROOF_NODES_PER_SECOND_7X7 = 2_000
"""df-pn's speed on 7x7 with the connection engine at the slow end seen: a move it cannot prove takes 240-500 s at
a million nodes."""
DEFAULT_CELL_CORE_HOURS = 2.0
"""A trusted player's swap-rule cell is played by default only when its df-pn is bounded by this many core-hours
(:func:`proof_core_hours`); a costlier one is left out, and said, and ``swap_rule_trusted`` plays it."""


def proof_core_hours(size: int, spec: str, games: int) -> float:
    """A bound on the core-hours the df-pn of a ``proof:N`` player spends in ``games`` self-play games on a ``size``
    board: every placement (at most size**2 a game) searching its whole N nodes at
    :data:`PROOF_NODES_PER_SECOND_7X7`; 0 for a player with no df-pn (its cost is its search's, as the pie cells').

    >>> round(proof_core_hours(7, "proof:1000000", 200)), proof_core_hours(7, "pie:800", 200)
    (1361, 0.0)
    """
    found = family_budget(spec)
    if found is None or found[0] != "proof":
        return 0.0
    return games * size * size * found[1] / PROOF_NODES_PER_SECOND_7X7 / 3600


def fair_opening_cells(seed: int, study: str) -> tuple[list[str], str | None]:
    """``(played, left_out)``: the players the committed agents_vs_proof table trusts for the fair-opening line
    (:func:`fair_strengths`) whose :data:`FAIR_OPENING_SIZE` swap-rule games are cheap enough to play by default
    (:func:`proof_core_hours` within :data:`DEFAULT_CELL_CORE_HOURS`), and one line naming the others with the
    command that plays them (None when none is left out)."""
    try:
        trusted = fair_strengths(committed_table("necklace", "agents_vs_proof", TABLES["agents_vs_proof"]))
    except MissingDataError:
        trusted = []
    hours = {a: proof_core_hours(FAIR_OPENING_SIZE, a, SWAP_RULE_GAMES) for a in trusted}
    costly = [a for a in trusted if hours[a] > DEFAULT_CELL_CORE_HOURS]
    if not costly:
        return trusted, None
    n = FAIR_OPENING_SIZE
    return [a for a in trusted if a not in costly], (
        f"left out by the {study} study: the {n}x{n} swap-rule games of {' and '.join(costly)}, trusted by "
        f"agents_vs_proof, whose df-pn alone may take {sum(hours[a] for a in costly):,.0f} core-hours; "
        f"`negenlab study necklace swap_rule_trusted --seed {seed}` plays them"
    )


def swap_rule_cells(
    ctx: StudyContext, cells: Sequence[tuple[int, str]] | None = None
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(table, openings)``: for each ``(size, player)`` of ``cells`` (default :data:`SWAP_RULE_CELLS`)
    the player against itself with the swap rule, :data:`SWAP_RULE_GAMES` games: the first
    player's and Red's win rates, the swap rate, draws and length (the long summary rows); and per opening the openers chose, its games, swaps,
    the opener's wins and the players' estimate of the opener's chance after it (the mean of
    :data:`SWAP_RULE_ESTIMATES` fresh draws of :func:`~negenlab.necklace.agents.opener_chance` for ``pie:N``,
    of :func:`~negenlab.necklace.against_proof.swap_estimate` for another player)."""
    cells = SWAP_RULE_CELLS if cells is None else cells
    if not cells:
        raise InvalidInputError("the swap-rule study needs at least one (size, player) cell")
    _, proved = load_tables()
    values = {(int(n), int(r), int(c)): str(v) for n, r, c, v in proved[["size", "row", "col", "value"]].values}
    parts, rows = [], []
    for size, spec in cells:
        game = NecklaceGame(Rules(size=size, swap=True))
        players = [_agent(spec), _agent(spec)]
        df = simulate(
            game, players, SWAP_RULE_GAMES, ctx.seed, store=ctx.store_for(f"{size}x{size}-{_slug(spec)}"),
            workers=ctx.workers, progress=False,
        )  # fmt: skip
        t = summarise(df, group=f"{size}x{size}, {spec}, swap")
        parts.append(
            t[t["metric"].isin([SEAT0_WINS, RED_WINS, SWAPS, DRAWS, LENGTH])].assign(size=size, swap=True, agents=spec)
        )
        simulations = int(parse_agent_spec(spec).simulations or 0)
        pie = parse_agent_spec(spec).name == "pie"
        for opening, g in df.groupby("first_move", sort=True):
            r, c = (int(x) for x in str(opening).split(","))
            after = State.initial(size, swap=False)
            after.play((r, c))
            draws = [
                opener_chance(after, simulations, rng) if pie else swap_estimate(players[1], after, rng)
                for k in range(SWAP_RULE_ESTIMATES)
                for rng in [np.random.default_rng([ctx.seed, size, r * size + c, k])]
            ]
            rows.append(
                {
                    "size": size,
                    "agents": spec,
                    "opening": f"{r},{c}",
                    "point": f"row {r + 1}, col {c + 1}",
                    "games": len(g),
                    "swaps": int(g["swapped"].sum()),
                    "swap_rate": float(g["swapped"].mean()),
                    "opener_wins": int((g["winner"] == 0).sum()),
                    "estimate": float(np.mean(draws)),
                    "estimate_sd": float(np.std(draws, ddof=1)),
                    "estimates": len(draws),
                    "proved": values.get((size, r, c), ""),
                }
            )
        first = t[t["metric"] == SEAT0_WINS].iloc[0]
        ctx.progress(f"{size}x{size} {spec} with swap: first player {first['value']:.3f} of {int(first['n'])}")
    return pd.concat(parts, ignore_index=True), pd.DataFrame(rows)


def swap_rule_study(ctx: StudyContext) -> StudyResult:
    """The swap rule played by players who use it (:data:`SWAP_RULE_CELLS`): ``pie:400`` against itself
    on 5x5 and 6x6, ``pie:800`` and ``pie:3200`` on 7x7, and on 7x7 also the players the committed
    agents_vs_proof table trusts (:func:`fair_strengths`) when they are not those and their games are cheap
    enough (:func:`fair_opening_cells`; the others are named in ``left_out``, with the command that plays them).
    The main table is ``swap_rule.csv``; beside it ``swap_rule_openings.csv``, one row per opening chosen."""
    trusted, left_out = fair_opening_cells(ctx.seed, "swap_rule")
    if left_out:
        ctx.progress(left_out)
    cells = [
        *SWAP_RULE_CELLS,
        *((FAIR_OPENING_SIZE, a) for a in trusted if (FAIR_OPENING_SIZE, a) not in SWAP_RULE_CELLS),
    ]
    table, openings = swap_rule_cells(ctx, cells)
    sizes = sorted({size for size, _ in cells})
    players = list(dict.fromkeys(spec for _, spec in cells))
    ResultStore(_out(ctx)).save_csv(
        "swap_rule_openings",
        openings,
        rules={"sizes": sizes, "swap": True},
        agents=players,
        seed=ctx.seed,
        command=ctx.command,
        float_format="%.6g",
        table="one row per size, player and opening the openers chose: games, swaps, the opener's wins and the "
        f"players' estimate of the opener's chance (mean of {SWAP_RULE_ESTIMATES} fresh draws)",
    )
    return StudyResult(
        table,
        rules={"sizes": sizes, "swap": True},
        agents=players,
        extra={"games": SWAP_RULE_GAMES, "beside": ["swap_rule_openings.csv"], "left_out": left_out},
    )


def swap_rule_trusted_study(ctx: StudyContext) -> StudyResult:
    """``negenlab study necklace swap_rule_trusted``: the :data:`FAIR_OPENING_SIZE` swap-rule games of every player
    the committed agents_vs_proof table trusts for the fair-opening line (:func:`fair_strengths`), whatever they
    cost: the cells ``swap_rule`` and ``recheck`` leave out (:func:`fair_opening_cells`). Writes
    ``swap_rule_trusted.csv`` and ``swap_rule_trusted_openings.csv`` (as :func:`swap_rule_cells`')."""
    try:
        trusted = fair_strengths(committed_table("necklace", "agents_vs_proof", TABLES["agents_vs_proof"]))
    except MissingDataError:
        trusted = []
    if not trusted:
        raise InvalidInputError(
            "the committed agents_vs_proof table trusts no player for the fair-opening line (no family has two "
            "strengths that misjudge no proved opening on evidence at 7x7's reach): nothing to play"
        )
    cells = [(FAIR_OPENING_SIZE, a) for a in trusted]
    table, openings = swap_rule_cells(ctx, cells)
    rules = {"sizes": [FAIR_OPENING_SIZE], "swap": True}
    ResultStore(_out(ctx)).save_csv(
        "swap_rule_trusted_openings", openings, rules=rules, agents=trusted, seed=ctx.seed, command=ctx.command,
        float_format="%.6g", table="as swap_rule_openings.csv, for the trusted players' cells",
    )  # fmt: skip
    return StudyResult(
        table,
        rules=rules,
        agents=trusted,
        extra={"games": SWAP_RULE_GAMES, "beside": ["swap_rule_trusted_openings.csv"]},
    )


def fair_strengths(summary_table: pd.DataFrame | None, agents: Sequence[str] | None = None) -> list[str]:
    """The players trusted for a verdict about openings: the two weakest strengths of one measured player
    family that misjudge no proved opening on evidence at 7x7's reach
    (:func:`~negenlab.necklace.against_proof.trusted_strengths`, the one judge), ``mcts:N`` played as ``pie:N``
    (the same search, deciding the swap from its value estimate); only those among ``agents`` when given; none
    when the committed agents_vs_proof table is missing or no family has two such strengths.

    >>> t = pd.DataFrame({"agent": ["mcts:800", "mcts:3200", "proof:10", "proof:20"], "size": 5,
    ...                   "misjudged": [1, 0, 0, 0], "openings_proved": [None, None, 0, 0]})
    >>> fair_strengths(t), fair_strengths(t.assign(misjudged=0)), fair_strengths(t.assign(misjudged=[1, 0, 1, 0]))
    (['proof:10', 'proof:20'], ['pie:800', 'pie:3200'], [])
    >>> fair_strengths(t.assign(openings_proved=[None, None, 9, 9]))   # their df-pn proved the openings
    []
    """
    if summary_table is None:
        return []
    trusted = [f"pie:{a.partition(':')[2]}" if a.startswith("mcts:") else a for a in trusted_strengths(summary_table)]
    return [a for a in trusted if agents is None or a in agents]


# ---------------------------------------------------------------------------------------- the verdicts' numbers
def claim_statistics(
    openings: pd.DataFrame | None = None,
    ladder: pd.DataFrame | None = None,
    swap_rule: pd.DataFrame | None = None,
) -> dict[str, Any]:
    """Every statistical Necklace verdict's number, by claim id, from the study tables (a claim whose
    table is not given is left out): the committed tables for the page, the same studies played on
    a fresh seed for ``negenlab study necklace recheck``. ``draw_rate``: the draws of each strength of
    :data:`DRAW_STRENGTHS` over its self-play games after every 5x5 opening class
    (``agents_vs_proof_openings``); ``fair_opening``: the first player's share of each ``pie``
    player on 7x7 with the swap rule (``swap_rule``); ``skill``: the skill trace's steps.

    >>> rows = [{"agent": a, "size": 5, "draws": 0, "n": 200} for a in ("mcts:800", "mcts:3200")]
    >>> {k: m.n for k, m in claim_statistics(pd.DataFrame(rows))["draw_rate"].items()}
    {'mcts:800': 200, 'mcts:3200': 200}
    """
    out: dict[str, Any] = {}
    if openings is not None:
        here = openings[openings["size"].astype(int) == DRAW_SIZE]
        by = {}
        for spec in DRAW_STRENGTHS:
            mine = here[here["agent"] == spec]
            if len(mine):
                by[spec] = Measure.of_rate(int(mine["draws"].sum()), int(mine["n"].sum()))
        if by:
            out["draw_rate"] = by
    if swap_rule is not None:
        first = swap_rule[(swap_rule["metric"] == SEAT0_WINS) & (swap_rule["size"].astype(int) == FAIR_OPENING_SIZE)]
        by = {
            str(r["agents"]): Measure.of_rate(int(round(float(r["value"]) * int(r["n"]))), int(r["n"]))
            for r in first.to_dict("records")
        }
        if by:
            out["fair_opening"] = by
    if ladder is not None:
        out["skill"] = ladder_steps(ladder)
    return out


def recheck_study(ctx: StudyContext) -> StudyResult:
    """``negenlab study necklace recheck``: every statistical verdict re-measured on the next seed
    with the same players and design: the skill trace (each step an SPRT, 100 to 200 units), the
    draws of :data:`DRAW_STRENGTHS` in their self-play after every 5x5 opening class
    (:data:`RECHECK_OPENING_GAMES` games a class, fewer than the committed :data:`OPENING_GAMES`), and, when the
    committed agents_vs_proof table trusts players for it (:func:`fair_strengths`), the 7x7 swap-rule games of
    those cheap enough to play by default (:func:`fair_opening_cells`; the others named in ``left_out`` with the
    command that plays them); their numbers taken as the page takes them (:func:`claim_statistics`). Writes
    ``recheck.csv``, one row per number."""
    fresh = ctx.seed + 1

    def part(name: str) -> StudyContext:
        return replace(ctx, seed=fresh, store=ctx.store_for(name))

    _, proved = load_tables()
    ladder = ladder_study(part("ladder")).table
    openings = opening_self_play(part("openings"), DRAW_STRENGTHS, (DRAW_SIZE,), proved, RECHECK_OPENING_GAMES)
    trusted, left_out = fair_opening_cells(fresh, "recheck")
    if left_out:
        ctx.progress(left_out)
    swap = swap_rule_cells(part("swap_rule"), [(FAIR_OPENING_SIZE, a) for a in trusted])[0] if trusted else None
    stats = claim_statistics(openings, ladder, swap)
    rows = [r for cid, what in stats.items() for r in recheck_rows(cid, what, fresh, ctx.command)]
    return StudyResult(
        pd.DataFrame(rows, columns=list(RECHECK.columns)),
        rules={
            "ladder": rules_to_dict(Rules(size=LADDER_SIZE, swap=True)),
            "draws": {"size": DRAW_SIZE, "swap": False, "after": "every opening class", "games": RECHECK_OPENING_GAMES},
            "fair_opening": rules_to_dict(Rules(size=FAIR_OPENING_SIZE, swap=True)) if trusted else None,
        },
        agents=[
            f"ladder: {' < '.join(LADDER)}",
            f"draws: {', '.join(DRAW_STRENGTHS)}, each against itself",
            *([f"fair opening: {', '.join(trusted)}, each against itself"] if trusted else []),
        ],
        extra={"fresh_seed": fresh, "fair_opening_players": trusted, "left_out": left_out},
    )


def position_disruption(before: np.ndarray, after: np.ndarray) -> int:
    """The position disruption index of one turn, as the designers' text defines it: the change in
    the difference between the colours' stones, plus 1 for each point turned to or from empty and 2
    for each turned from one colour to the other.

    >>> position_disruption(np.array([0, 0, 1]), np.array([2, 0, 1])), position_disruption(np.array([1, 2]), np.array([2, 1]))
    (2, 4)
    """
    a, b = np.asarray(before), np.asarray(after)
    if a.shape != b.shape:
        raise InvalidInputError(f"two boards of one game have one shape, got {a.shape} and {b.shape}")
    material = abs(int((b == RED).sum() - (b == BLUE).sum()) - int((a == RED).sum() - (a == BLUE).sum()))
    changed = a != b
    flipped = changed & (a != 0) & (b != 0)
    return material + int(changed.sum()) + int(flipped.sum())


def every_size_games(
    sizes: Iterable[int] = range(2, MAX_SIZE + 1), games: int = SIZE_CHECK_GAMES, seed: int = 2024
) -> pd.DataFrame:
    """Seeded games of random placements (swap off) on each size, one row per size: Red's legal
    placements on the empty board, how the games ended, and what each placement changed (points
    changed, :func:`position_disruption`); skipped turns change nothing (PDI 0).

    >>> t = every_size_games(sizes=(3,), games=2, seed=1)
    >>> int(t.loc[0, "first_placements"]), int(t.loc[0, "red_wins"] + t.loc[0, "blue_wins"]), int(t.loc[0, "pdi_max"])
    (9, 2, 2)
    """
    rows = []
    for n in sizes:
        t0 = time.perf_counter()
        rng = np.random.default_rng([seed, n])
        ends = {"red": 0, "blue": 0, None: 0}
        changed, pdi, skips = [], [], 0
        for _ in range(games):
            s = State.initial(n, swap=False)
            while not s.over:
                before, skipped = s.board.copy(), s.skipped_turns
                moves = s.legal_moves()
                s.play(moves[int(rng.integers(len(moves)))])
                changed.append(int((before != s.board).sum()))
                pdi.append(position_disruption(before, s.board))
                skips += s.skipped_turns - skipped
            ends[s.winner] += 1
        turns = len(pdi) + skips
        rows.append(
            {
                "size": n,
                "games": games,
                "first_placements": len(State.initial(n, swap=False).legal_moves()),
                "red_wins": ends["red"],
                "blue_wins": ends["blue"],
                "draws": ends[None],
                "placements": len(pdi),
                "skipped_turns": skips,
                "points_changed_min": min(changed),
                "points_changed_max": max(changed),
                "pdi_min": min(pdi),
                "pdi_max": max(pdi),
                "pdi_average": sum(pdi) / turns,
                "seconds": round(time.perf_counter() - t0, 3),
            }
        )
    return pd.DataFrame(rows)


def _classes(n: int) -> list[tuple[int, int]]:
    """One opening of each class under the four colour-preserving symmetries (rows and columns in
    the top-left quarter, the middle included)."""
    half = (n + 1) // 2
    return [(r, c) for r in range(half) for c in range(half)]


SOLVED_SIZES = (3, 4, 5)
"""The boards the committed solver tables solve (3x3 and 4x4 by search, 5x5 from its proofs)."""
REPROOF_SIZE = 5
PROOF_ATTACK_SIZE = 6


def _openings(n: int) -> list[str]:
    """The opening classes of an n x n board (:func:`_classes`) as the tables write them ("row,col")."""
    return [f"{r},{c}" for r, c in _classes(n)]


def _swap_map(n: int) -> Schema:
    """A swap map of an n x n board: Red's wins after every opening, each once."""
    return Schema(
        {"row": "count", "col": "count", "same_as": "text"} | long_columns(group=False),
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
        keys=["row", "col", "metric"],
        required=every(row=range(n), col=range(n), metric=(RED_WINS,)),  # the map draws every point
    )


TABLES = {
    "advantage": Schema(
        long_columns() | nullable(SPRT_COLUMNS) | {"size": "count", "swap": "bool", "agents": "text"},
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
        keys=["size", "swap", "agents", "metric"],
        required=every(size=ADVANTAGE_SIZES, swap=(False,), agents=(ADVANTAGE_AGENT,), metric=("first player wins",)),
    ),
    "draws": Schema(
        {"size": "count", "search": "text", "method": "text", "complete": "bool", "draws": "count"}
        | {"positions": "count", "red_wins": "count?", "blue_wins": "count?", "playouts": "count"}
        | {"closest_live": "count?", "note": "text?"},
        keys=["size", "search", "method"],
        required=every(size=DRAW_EXHAUSTIVE_SIZES, search=("exhaustive",))  # the no-draw count sums them
        + every(size=DRAW_DIRECTED_SIZES, search=("directed",), method=DRAW_DIRECTED),
    ),
    "ladder": Schema(
        {"size": "count", **SKILL_TRACE},
        intervals=[("score", "lo", "hi")],
        keys=["size", "rung", "below"],
        required=[
            {"size": LADDER_SIZE, "rung": b, "below": a} for a, b in zip(LADDER, LADDER[1:], strict=False)
        ],  # the skill trace, step by step
    ),
    "swap_map": _swap_map(SWAP_MAP_SIZE),
    "swap_map_5": _swap_map(5),
    "best_opening": Schema(
        {"size": "count", "row": "count", "col": "count", "swap_map_value": "rate", "swap_map_n": "count"}
        | long_columns(group=False)
        | {"draws": "count"},
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
        keys=["size", "row", "col", "metric"],
        required=[{"size": SWAP_MAP_SIZE, "metric": RED_WINS}],  # the swap map's best opening, played on
    ),
    "recheck": recheck_schema(  # every number a verdict's re-measurement reads (fair_opening: only when trusted)
        players={"draw_rate": DRAW_STRENGTHS},
        steps={"skill": [f"{b} vs {a}" for a, b in itertools.pairwise(LADDER)]},
    ),
    "agents_vs_proof": Schema(  # the positions' and swaps' columns empty for a player judged by self-play alone
        {"agent": "text", "size": "count", "positions": "count?", "kept": "count?", "value": "rate?", "lo": "rate?"}
        | {"hi": "rate?", "wins_in_one": "count?", "wins_in_one_taken": "count?", "openings_decided": "count?"}
        | {"swap_right": "count?", "swap": "rate?", "swap_lo": "rate?", "swap_hi": "rate?", "classes": "count?"}
        | {"right": "count?", "undecided": "count?", "misjudged": "count?", "games": "count?"}
        | {REACH_COLUMN: "count?"},
        intervals=[("value", "lo", "hi"), ("swap", "swap_lo", "swap_hi")],
        keys=["agent", "size"],
        required=every(agent=SUMMARY_AGENTS, size=PROOF_SIZES),
    ),
    "agents_vs_proof_positions": Schema(
        {"kind": "text", "size": "count", "position": "text", "to_move": "text", "stones": "count", "value": "text"}
        | {"legal": "count", "winning": "text", "win_in_one": "bool"},
        keys=["kind", "size", "position"],
        required=every(kind=("won position", "swap decision"), size=PROOF_SIZES),  # both measures, each board
    ),
    "agents_vs_proof_openings": Schema(
        {"agent": "text", "size": "count", "opening": "text", "point": "text", "value": "rate", "lo": "rate"}
        | {"hi": "rate", "n": "count", "draws": "count", "proved": "text", "judged": "text", "images": "count"},
        intervals=[("value", "lo", "hi")],
        keys=["agent", "size", "opening"],
        required=[  # every opening class of each board, judged for every self-play strength
            row for n in PROOF_SIZES for row in every(agent=SELF_PLAY_AGENTS, size=(n,), opening=_openings(n))
        ],
    ),
    "swap_rule": Schema(
        long_columns() | {"size": "count", "swap": "bool", "agents": "text"},
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
        keys=["size", "swap", "agents", "metric"],
        required=[
            {"size": n, "swap": True, "agents": agents, "metric": metric}
            for n, agents in SWAP_RULE_CELLS
            for metric in ("first player wins", SWAPS)
        ],
    ),
    "swap_rule_openings": Schema(
        {"size": "count", "agents": "text", "opening": "text", "point": "text", "games": "count", "swaps": "count"}
        | {"swap_rate": "rate", "opener_wins": "count", "estimate": "rate", "estimate_sd": "number?"}
        | {"estimates": "count", "proved": "text?"},
        keys=["size", "agents", "opening"],
        required=[{"size": n, "agents": agents, "opening": o} for n, agents in SWAP_RULE_CELLS for o in _openings(n)],
    ),
    "solutions": Schema(
        {"size": "count", "swap": "bool", "winner": "text", "winner_seat": "count", "winning_first_moves": "text?"}
        | {"n_winning_first_moves": "count", "swap_openings": "text?", "red_winning_openings": "text?"}
        | {"draw_openings": "text?", "complete": "bool", "winning_first_moves_complete": "bool"}
        | {"unresolved": "text?", "solved_openings": "count", "nodes": "count", "seconds": "number"},
        keys=["size", "swap"],
        required=[{"size": 5, "swap": swap} for swap in (False, True)],  # the largest board solved: the page reads it
        values={"winner": ("red", "blue", "first player", "second player"), "winner_seat": (0, 1)},
    ),
    "solution_openings": Schema(
        {"size": "count", "row": "count", "col": "count", "value": "text"},
        keys=["size", "row", "col"],
        required=[row for n in SOLVED_SIZES for row in every(size=(n,), row=range(n), col=range(n))],  # the maps
    ),
    "reproof_5x5": Schema(
        {"size": "count", "opening": "text", "images": "text", "openings": "count", "first_method": "text"}
        | {"certificate": "text", "verified": "bool", "positions": "count", "check_seconds": "number"}
        | {"agree": "bool"},
        keys=["size", "opening"],
        checks=[
            Check(
                "agree True exactly where the certificate's winner is the first method's",
                lambda t: first_row(
                    (t["agree"].astype(str) == "True")
                    != ((t["first_method"] == t["certificate"]) & (t["verified"].astype(str) == "True"))
                ),
            )
        ],
        required=every(size=(REPROOF_SIZE,), opening=_openings(REPROOF_SIZE)),  # the page counts every class
    ),
    "engine_5x5": Schema(
        {"size": "count", "opening": "text", "winner": "text", "nodes_off": "count", "nodes_engine": "count"}
        | {"fewer": "number", "proved_off": "bool", "proved_engine": "bool", "tt_bits": "count", "engine": "count"}
        | {"seconds_off": "number", "seconds_engine": "number"},
        keys=["size", "opening"],
        values={"winner": ("red", "blue")},
        checks=[
            Check(
                "both searches proved the committed winner",
                lambda t: first_row(
                    ~(t["proved_off"].astype(str).eq("True") & t["proved_engine"].astype(str).eq("True"))
                ),
            )
        ],
        required=every(size=(REPROOF_SIZE,), opening=_openings(REPROOF_SIZE)),  # the page sums every class
    ),
    "proofs_6x6": Schema(
        {"size": "count", "opening": "text", "winner": "text", "jobs": "count", "nodes": "count"}
        | {"tree_open": "count", "tree_expanded": "count", "tree_settled": "count", "proved_positions": "count"}
        | {"job_nodes": "count", "engine": "count"}
        | {"before_attempts": "count", "before_nodes": "count", "before_largest_cap": "count"},
        keys=["size", "opening"],
        values={"winner": ("red", "blue", "open")},
        checks=[
            Check(
                "every job leaves one tree node expanded or settled",
                lambda t: first_row(t["tree_expanded"] + t["tree_settled"] != t["jobs"]),
            ),
            Check(
                "a class still open has an open leaf in its tree",
                lambda t: first_row((t["winner"] == "open") & (t["tree_open"] == 0)),
            ),
        ],
        required=every(size=(PROOF_ATTACK_SIZE,), opening=_openings(PROOF_ATTACK_SIZE)),  # the page counts every class
    ),
}
"""The committed tables of data/necklace by name, with what their loaders need (checked on load)."""

# ---------------------------------------------------------------------------------------- exact results
STUDY_MINUTES = 20.0
"""A run of an exact-result study starts no new proof after this many minutes and writes what it
has; the next run goes on from its store."""
REPROOF_TT_BITS = 28
"""A 2^28-entry table (6.4 GB): at 2^26 the Blue openings' df-pn proofs with exact keys thrash
(0,2 unfinished after 80M nodes; at 2^28 its certificate takes about 90 s)."""


def _images(n: int, r: int, c: int) -> list[tuple[int, int]]:
    """The openings equal to (r, c) under the four colour-preserving symmetries."""
    return sorted({(r, c), (r, n - 1 - c), (n - 1 - r, c), (n - 1 - r, n - 1 - c)})


def reproof_study(
    ctx: StudyContext, size: int = REPROOF_SIZE, tt_bits: int = REPROOF_TT_BITS, minutes: float | None = STUDY_MINUTES
) -> StudyResult:
    """``size`` x ``size`` proved again another way: for one opening of each class under the four
    colour-preserving symmetries (:func:`_classes`), a certificate written by the df-pn search with
    exact keys (:mod:`negenlab.necklace.certificate`) and checked end to end by the rules-only checker
    (:mod:`negenlab.necklace.verify`), beside the committed solution's value of every opening of the
    class (the first method: df-pn with Zobrist keys). The certificates stay in the study's store
    (large; out of git): a run checks the ones already written first, then builds the missing ones
    from the middle out, and starts none after ``minutes`` (None: no limit); the classes left are
    rows marked ``not built``, for the next run (``minutes=0`` checks what it has and builds nothing).
    Each class is a task (:func:`reproof_opening`) of a work queue
    (:func:`~negenlab.core.simulate.run_tasks`): in turn, on ``ctx.workers`` processes, or on a dask
    cluster whose workers see the store at the same path.

    >>> quiet = StudyContext("necklace", "reproof", seed=1, workers=1, progress=lambda line: None)
    >>> t = reproof_study(quiet, size=3, tt_bits=16).table
    >>> bool(t["agree"].all() and t["verified"].all()), len(t), int(t["openings"].sum())
    (True, 4, 9)
    """
    _, openings = load_tables()
    first = {(int(r), int(c)): v for r, c, v in openings[openings["size"] == size][["row", "col", "value"]].values}
    folder = Path(ctx.store) if ctx.store is not None else Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    began = time.perf_counter()

    def path_of(r: int, c: int) -> Path:
        return folder / f"certificate_{size}x{size}_{r},{c}.json.gz"

    centre = (size - 1) / 2  # the certificates it has first, then the missing ones from the middle out
    order = sorted(
        _classes(size), key=lambda p: (not path_of(*p).exists(), (p[0] - centre) ** 2 + (p[1] - centre) ** 2, p)
    )
    done: dict[tuple[int, int], dict] = {}

    def record(task: tuple, checked: dict) -> list:
        r, c = task[2], task[3]
        done[(r, c)] = checked
        ctx.progress(f"{size}x{size} opening {r},{c}: {checked['certificate']}, verified={checked['verified']}")
        return []

    where = str(folder.resolve())  # the same folder for a worker whose working directory differs
    have = [(where, size, r, c, tt_bits) for r, c in order if path_of(r, c).exists()]
    build = [(where, size, r, c, tt_bits) for r, c in order if not path_of(r, c).exists()]
    run_tasks(reproof_opening, have, record, ctx.workers)  # what it has is always checked
    run_tasks(
        reproof_opening, build, record, ctx.workers,
        may_start=lambda: minutes is None or time.perf_counter() - began < 60 * minutes,
    )  # fmt: skip
    for r, c in order:
        images = _images(size, r, c)
        values = {first.get(p, "") for p in images}
        row = {
            "size": size,
            "opening": f"{r},{c}",
            "images": " ".join(f"{a},{b}" for a, b in images),
            "openings": len(images),
            "first_method": "/".join(sorted(values)),
        }
        checked = done.get((r, c))
        if checked is None:  # not started within the run's minutes: the next run builds it
            checked = {"certificate": "not built", "verified": False, "positions": 0, "check_seconds": 0.0}
        rows.append(row | checked | {"agree": checked["verified"] and values == {checked["certificate"]}})
    return StudyResult(
        pd.DataFrame(rows).sort_values("opening", ignore_index=True),
        rules={"size": size, "swap": False},
        extra={
            "first_method": SOLUTIONS_COMMAND,
            "second_method": "certificates from df-pn with exact transposition keys, checked by negenlab necklace verify",
            "tt_bits": tt_bits,
        },
    )


ENGINE_TT_BITS = 24
"""2**24 entries (590 MB) a search: every class proved afresh, engine off and on, in tables of one size."""
ENGINE_LEVEL = 7
"""The engine level the study measures (``ProofSearch(engine=...)``: 7, blocking wins with safe bridge
points, every one-move threat of the opponent with its carrier refined, the mover's own threats, the
must-play region and its move order with the opponent's threat points first)."""


def engine_study(
    ctx: StudyContext, size: int = REPROOF_SIZE, tt_bits: int = ENGINE_TT_BITS, engine: int = ENGINE_LEVEL
) -> StudyResult:
    """The connection engine measured (:mod:`negenlab.necklace.connect`): for one opening of each class,
    the nodes df-pn searches to prove the committed solution's winner with the engine off (the plain
    search, ``ProofSearch(engine=0)``) and on (``engine``, :data:`ENGINE_LEVEL`), each in a fresh table of
    2**``tt_bits`` entries, how many times fewer the engine needs (``fewer``), and the seconds of each.
    The engine settles and prunes nodes by the cross-checked rules (``tests/necklace/test_connect.py``);
    its proofs give no certificate yet, so it measures, and the certified proofs stay the engine-off ones.

    >>> quiet = StudyContext("necklace", "engine", seed=1, workers=1, progress=lambda line: None)
    >>> t = engine_study(quiet, size=3, tt_bits=16).table
    >>> len(t), bool(t["proved_off"].all() and t["proved_engine"].all())
    (4, True)
    """
    _, openings = load_tables()
    first = {(int(r), int(c)): v for r, c, v in openings[openings["size"] == size][["row", "col", "value"]].values}
    rows = []
    for r, c in _classes(size):
        winner = first[(r, c)]
        if winner not in ("red", "blue"):
            raise InvalidInputError(
                f"{size}x{size} opening {r},{c}: the committed solution says {winner!r}; the study proves wins"
            )
        board = np.zeros(size * size, dtype=np.int8)
        board[r * size + c] = RED
        found = {}
        for level in (0, engine):
            search = ProofSearch(size, tt_bits=tt_bits, engine=level)
            t0 = time.perf_counter()
            proved = search.wins(board, BLUE, RED if winner == "red" else BLUE)
            found[level] = (proved, search.nodes, round(time.perf_counter() - t0, 1))
            del search  # one table at a time
        (off, nodes_off, seconds_off), (on, nodes_on, seconds_on) = found[0], found[engine]
        ctx.progress(f"{size}x{size} opening {r},{c} ({winner}): {nodes_off:,} nodes, {nodes_on:,} with the engine")
        rows.append({
            "size": size, "opening": f"{r},{c}", "winner": winner, "nodes_off": nodes_off, "nodes_engine": nodes_on,
            "fewer": round(nodes_off / max(1, nodes_on), 2), "proved_off": off, "proved_engine": on,
            "tt_bits": tt_bits, "engine": engine, "seconds_off": seconds_off, "seconds_engine": seconds_on,
        })  # fmt: skip
    return StudyResult(
        pd.DataFrame(rows).sort_values("opening", ignore_index=True),
        rules={"size": size, "swap": False},
        extra={
            "search": f"df-pn, cut-off rule; engine level {engine} (ProofSearch(engine=...), negenlab.necklace.solver); "
            "engine off: the plain search",
            "tt_bits": tt_bits,
            "engine": engine,
        },
    )


def reproof_opening(folder: str, size: int, r: int, c: int, tt_bits: int) -> dict:
    """One opening class of :func:`reproof_study` (a task, run wherever the backend puts it): build
    its certificate in ``folder`` unless it is there, then check it with the rules-only checker;
    the winner it certifies, whether it verified, its positions and the seconds the check took."""
    path = Path(folder) / f"certificate_{size}x{size}_{r},{c}.json.gz"
    if not path.exists():
        cert = certificate(size, openings=[(r, c)], tt_bits=tt_bits)
        command = f"negenlab necklace certify {size} {path} --opening {r},{c} --tt-bits {tt_bits}"
        write_certificate(cert, path, command=command)
    start = time.perf_counter()
    verdict = verify_file(path)
    return {
        "certificate": verdict.openings[0]["winner"],
        "verified": verdict.verified,
        "positions": verdict.positions,
        "check_seconds": round(time.perf_counter() - start, 1),
    }


PROOF_ATTACK_CAP = 400_000_000
"""Nodes a plain df-pn attempt (engine 0, ``negenlab necklace prove``; the 6x6 attack's "before" numbers,
``attempts.jsonl``) may search: 4,829 s for the centre opening on a shared core. The first attempts
(30,000,000 nodes) ran before the table kept a child it had just searched and livelocked when full; their
records stay."""
PROOF_SEARCH = "df-pn, cut-off rule"
"""The search an attempt records (``search``): df-pn with the cut-off rule (``ProofSearch(cut_off=True)``,
a position where the other colour can no longer connect is proved; 3.4-4.3x fewer nodes on 5x5). An
attempt capped by an earlier search (no ``search`` field: without the rule) does not count as tried at
its cap: the pruned search tries again."""
PROOF_ATTACK_TT_BITS = 27
"""2**27 entries, 4.7 GB: 6x6's proofs search many times more nodes than any table here holds, the
regime where the table's ``work`` replacement searched 7 times fewer nodes than ``two-way`` on 5x5's
centre opening in 2**16 entries (``benchmarks/bench_necklace_proofs.py``)."""


def proof_status(records: list[dict], n: int, cap: int = PROOF_ATTACK_CAP) -> pd.DataFrame:
    """Per opening class of an ``n`` x ``n`` board, what the recorded single proofs (``negenlab necklace
    prove``, plain df-pn; the 6x6 attack's "before" numbers in :func:`tree_status`) establish: ``solved``
    (the winner or a draw), ``in progress`` with the nodes searched in capped attempts, or ``not tried``;
    ``pruned_nodes``, the nodes of the attempts made by the current search
    (:data:`PROOF_SEARCH`); and ``next_step``, what the attack does next at its cap ``cap``
    (:func:`next_attempt`), or that a larger cap or more pruning is needed.

    >>> recs = [{"n": 6, "opening": [2, 2], "target": "red", "wins": True, "nodes": 9},
    ...         {"n": 6, "opening": [0, 0], "target": "red", "wins": "capped", "nodes": 100}]
    >>> proof_status(recs, 6)[["opening", "status", "winner", "nodes", "pruned_nodes"]].values.tolist()[:1]
    [['0,0', 'in progress', '', 100, 0]]
    """
    rows = []
    for r, c in _classes(n):
        mine = [x for x in records if int(x["n"]) == n and tuple(x["opening"]) == (r, c)]
        won = [x["target"] for x in mine if x["wins"] is True]
        lost = {x["target"] for x in mine if x["wins"] is False}
        nodes = sum(int(x["nodes"]) for x in mine)
        if won:
            status, winner = "solved", won[0]
        elif lost == {"red", "blue"}:
            status, winner = "solved", "draw"
        elif mine:
            status, winner = "in progress", ""
        else:
            status, winner = "not tried", ""
        rows.append(
            {
                "size": n,
                "opening": f"{r},{c}",
                "status": status,
                "winner": winner,
                "ruled_out": ",".join(sorted(lost)),
                "attempts": len(mine),
                "nodes": nodes,
                "pruned_nodes": sum(int(x["nodes"]) for x in mine if x.get("search") == PROOF_SEARCH),
                "largest_cap": max((int(x.get("cap", 0)) for x in mine), default=0),
                "next_step": _next_step(records, (r, c), cap) if status != "solved" else "",
            }
        )
    return pd.DataFrame(rows)


def next_attempt(records: list[dict], opening: tuple[int, int], cap: int) -> str | None:
    """The proof to try next for one opening class, from the attempts recorded: the likelier winner
    first (Blue after an opening on an edge, Red after an inner one: the 3x3-5x5 pattern), then the
    other colour once the first is ruled out or still open at ``cap`` nodes with the current search
    (:data:`PROOF_SEARCH`; a proof or disproof counts from any search); None when the class is solved
    (a proof found, or both ruled out: a draw) or both are open at ``cap``.

    >>> next_attempt([], (2, 2), 100), next_attempt([], (0, 2), 100)
    ('red', 'blue')
    >>> next_attempt([{"opening": [2, 2], "target": "red", "wins": False}], (2, 2), 100)
    'blue'
    >>> capped = [{"opening": [2, 2], "target": t, "wins": "capped", "cap": 100, "search": PROOF_SEARCH}
    ...           for t in ("red", "blue")]
    >>> next_attempt(capped[:1], (2, 2), 100), next_attempt(capped, (2, 2), 100)
    ('blue', None)
    >>> next_attempt([{**capped[0], "search": None}], (2, 2), 100)   # capped before the cut-off rule
    'red'
    """
    mine = [x for x in records if tuple(x["opening"]) == tuple(opening)]
    if any(x["wins"] is True for x in mine):
        return None
    for target in ("blue", "red") if 0 in tuple(opening) else ("red", "blue"):
        done = [x for x in mine if x["target"] == target]
        tried = [x for x in done if x.get("search") == PROOF_SEARCH and int(x.get("cap", 0)) >= cap]
        if any(x["wins"] is False for x in done) or tried:
            continue
        return target
    return None


def _next_step(records: list[dict], opening: tuple[int, int], cap: int) -> str:
    """What an unsolved class needs next, in words (see :func:`proof_status`).

    >>> _next_step([], (2, 2), 400)
    'prove that red wins, capped at 400 nodes (df-pn, cut-off rule)'
    >>> tried = [{"opening": [0, 0], "target": t, "wins": "capped", "cap": 400, "search": PROOF_SEARCH} for t in ("red", "blue")]
    >>> _next_step(tried, (0, 0), 400)
    'open at 400 nodes for blue and red: a larger cap or more pruning'
    """
    target = next_attempt(records, opening, cap)
    if target is not None:
        return f"prove that {target} wins, capped at {cap:,} nodes ({PROOF_SEARCH})"
    mine = [x["target"] for x in records if tuple(x["opening"]) == tuple(opening) and x["wins"] == "capped"]
    return f"open at {cap:,} nodes for {' and '.join(sorted(set(mine)))}: a larger cap or more pruning"


def attack_opening(
    n: int, r: int, c: int, target: str, cap: int, tt_bits: int, method: str = "dfpn", keys: str | None = None
) -> dict:
    """One capped proof attempt (a task of :func:`proof_attack_study`, run wherever the backend puts it,
    and ``negenlab necklace prove``): the record of whether ``target`` wins after Red's opening at (r, c),
    Blue to move, by ``method`` (df-pn or alpha-beta, both with the cut-off rule) with ``keys``
    (:class:`~negenlab.necklace.solver.ProofSearch`), and the command that repeats it.

    >>> rec = attack_opening(3, 1, 0, "blue", cap=0, tt_bits=16)
    >>> rec["wins"], rec["search"], rec["command"]
    (True, 'df-pn, cut-off rule', 'negenlab necklace prove 3 1,0 blue --tt-bits 16 --max-nodes 0 --json')
    """
    search = ProofSearch(n, tt_bits=tt_bits, node_cap=cap, method=method, keys=keys)
    board = np.zeros(n * n, dtype=np.int8)
    board[r * n + c] = RED
    start = time.perf_counter()
    wins: bool | str
    try:
        wins = search.wins(board, BLUE, RED if target == "red" else BLUE)
    except RuntimeError:
        wins = "capped"
    options = (f" --method {method}" if method != "dfpn" else "") + (f" --keys {keys}" if keys else "")
    return {
        "n": n,
        "opening": [r, c],
        "target": target,
        "wins": wins,
        "nodes": int(search.nodes),
        "cap": cap,
        "tt_bits": tt_bits,
        "method": method,
        "keys": search.keys,
        "search": PROOF_SEARCH if method == "dfpn" else "alpha-beta, cut-off rule",
        "seconds": round(time.perf_counter() - start, 1),
        "command": f"negenlab necklace prove {n} {r},{c} {target} --tt-bits {tt_bits} --max-nodes {cap}{options} --json",
    }


PROOF_JOB_NODES = 2_500_000
"""Nodes a job of the 6x6 job trees may search (:func:`proof_attack_study`), chosen for a job of 5-10
minutes on one core. Measured on this machine, the first job of the centre opening 2,2 (its root, engine
level 7, a 2**22-entry table, ``JobTree.run(max_jobs=1)``): 2,500,001 nodes and the harvest in 698 s on
a core shared with other searches (load 9-10 on 2 cores; about 350 s of CPU time, 3,580 nodes a second
wall-clock); a 300,000-node job there took 50.7 s at a lighter load (5,914 nodes a second). A job that
short loses little when a run is stopped (only the job under way) and leaves the tree few enough nodes
to keep."""
PROOF_JOB_TT_BITS = 22
"""2**22 entries (150 MB) a job's table: more entries than a job's nodes, so a job's table never fills."""
PROOF_TASK_JOBS = 2
"""Jobs of one opening class a task of the work queue runs before the class goes to the back of the
queue (about a quarter of an hour): classes take turns, and the tree and store travel to the worker and
back once every two jobs."""
PROOF_TARGET = "red"
"""The colour each class's job tree asks about: Necklace has no draws, so a class where Red does not win
is one Blue wins."""


def _tree_files(folder: Path, r: int, c: int) -> tuple[Path, Path]:
    """The job tree and the store of proved positions of opening class (r, c), committed in the study's store."""
    return folder / f"tree_{r}_{c}.parquet", folder / f"proved_{r}_{c}.parquet"


def _opening_state(n: int, r: int, c: int) -> State:
    state = State.initial(n, swap=False)
    state.play((r, c))
    return state


def _winner(answer: bool | None) -> str:
    """The class's winner from its tree's answer to "does Red win?" (no draws: not Red is Blue)."""
    return "open" if answer is None else PROOF_TARGET if answer else "blue" if PROOF_TARGET == "red" else "red"


def attack_tree(
    n: int,
    r: int,
    c: int,
    tree: pd.DataFrame,
    store: pd.DataFrame,
    job_nodes: int,
    tt_bits: int,
    engine: int,
    jobs: int,
    deadline: float | None,
    folder: str | None,
) -> dict:
    """A slice of opening class (r, c)'s job tree (a task of :func:`proof_attack_study`, run wherever the
    backend puts it): up to ``jobs`` jobs of ``job_nodes`` nodes with the engine at level ``engine``
    (:class:`~negenlab.necklace.jobs.JobTree`, asking whether :data:`PROOF_TARGET` wins after Red's
    opening at (r, c)), none started after the wall-clock time ``deadline`` (``time.time()``; None: no
    limit). With a ``folder`` (the study's store, on this machine) the tree and the store of proved
    positions are written there atomically after every job. Returns the tree's table, the store, the
    answer (None: open) and the jobs, nodes and seconds of the slice.

    >>> from negenlab.necklace.jobs import empty_tree
    >>> from negenlab.necklace.proved import empty_proved
    >>> out = attack_tree(3, 1, 1, empty_tree(), empty_proved(), 10**6, 14, 7, 2, None, None)
    >>> out["answer"], out["jobs"], out["tree"]["status"].tolist()
    (True, 1, ['win'])
    """
    tree_path, store_path = _tree_files(Path(folder), r, c) if folder is not None else (None, None)

    def written(job_tree: JobTree) -> None:
        if tree_path is not None and store_path is not None:
            write_proved(job_tree.store, store_path)
            write_tree(job_tree.table, tree_path)

    job_tree = JobTree(
        _opening_state(n, r, c), PROOF_TARGET, job_nodes, tt_bits=tt_bits, engine=engine, table=tree, store=store
    )
    start = time.perf_counter()
    answer = job_tree.run(
        max_jobs=jobs, after_job=written, may_start=lambda: deadline is None or time.time() < deadline
    )
    return {
        "tree": job_tree.table,
        "store": job_tree.store,
        "answer": answer,
        "jobs": job_tree.jobs,
        "nodes": job_tree.searched - int(tree["nodes"].sum()),
        "seconds": round(time.perf_counter() - start, 1),
    }


def tree_status(
    n: int,
    trees: Mapping[tuple[int, int], pd.DataFrame],
    stores: Mapping[tuple[int, int], pd.DataFrame],
    records: list[dict],
    job_nodes: int = PROOF_JOB_NODES,
    engine: int = ENGINE_LEVEL,
) -> pd.DataFrame:
    """The 6x6 attack's table, one row per opening class (:func:`_classes`): ``winner`` (``red``, ``blue``
    or ``open``) from its job tree (:data:`PROOF_TARGET` asked; no draws), the tree's ``jobs`` and the
    ``nodes`` they searched with the engine, the tree's nodes ``tree_open`` / ``tree_expanded`` /
    ``tree_settled`` (:meth:`~negenlab.necklace.jobs.JobTree.counts`), the store's ``proved_positions``,
    the job size and engine level; and the "before" numbers, the plain df-pn attempts recorded in
    ``attempts.jsonl`` (``records``, :func:`proof_status`): ``before_attempts``, ``before_nodes`` and
    ``before_largest_cap``, the largest cap an attempt had.

    >>> capped = {"n": 3, "opening": [1, 1], "target": "red", "wins": "capped", "nodes": 9, "cap": 8}
    >>> t = tree_status(3, {}, {}, [capped]).set_index("opening")
    >>> [str(x) for x in t.loc["1,1", ["winner", "jobs", "tree_open", "before_nodes", "before_largest_cap"]]]
    ['open', '0', '1', '9', '8']
    """
    before = proof_status(records, n).set_index("opening")
    rows = []
    for r, c in _classes(n):
        tree = JobTree(
            _opening_state(n, r, c), PROOF_TARGET, job_nodes, engine=engine, table=trees.get((r, c), empty_tree())
        )
        counts = tree.counts()
        opening = f"{r},{c}"
        rows.append(
            {
                "size": n,
                "opening": opening,
                "winner": _winner(tree.answer()),
                "jobs": counts["expanded"] + counts["settled"],
                "nodes": int(tree.searched),
                "tree_open": counts["open"],
                "tree_expanded": counts["expanded"],
                "tree_settled": counts["settled"],
                "proved_positions": len(stores.get((r, c), ())),
                "job_nodes": int(job_nodes),
                "engine": int(engine),
                "before_attempts": int(before.loc[opening, "attempts"]),
                "before_nodes": int(before.loc[opening, "nodes"]),
                "before_largest_cap": int(before.loc[opening, "largest_cap"]),
            }
        )
    return pd.DataFrame(rows)


def proof_attack_study(
    ctx: StudyContext,
    n: int = PROOF_ATTACK_SIZE,
    job_nodes: int = PROOF_JOB_NODES,
    tt_bits: int = PROOF_JOB_TT_BITS,
    engine: int = ENGINE_LEVEL,
    task_jobs: int = PROOF_TASK_JOBS,
    minutes: float | None = STUDY_MINUTES,
    max_jobs: int | None = None,
) -> StudyResult:
    """Attack the ``n`` x ``n`` openings class by class, each through a job-level proof tree
    (:class:`~negenlab.necklace.jobs.JobTree`: does :data:`PROOF_TARGET` win after the opening?) over
    df-pn jobs of ``job_nodes`` nodes with the connection engine at level ``engine``
    (:data:`ENGINE_LEVEL`). A task of the work queue (:func:`~negenlab.core.simulate.run_tasks`; one
    after another, on ``ctx.workers`` processes, or on a dask cluster) runs up to ``task_jobs`` jobs of
    one class (:func:`attack_tree`); the class then goes to the back of the queue until its tree is
    settled. Each class's tree and store of proved positions are Parquet files in the study's store
    (``tree_R_C.parquet``, ``proved_R_C.parquet``; kept in the repository), written atomically after
    every job (by the worker, on this machine, and again as its task ends: on dask only then), so a
    stopped run or a fresh clone resumes from them; a damaged file is a
    :class:`~negenlab.core.errors.StoreCorruptError` naming it. No job starts after ``minutes`` (None: no
    limit) and no task once the run has run ``max_jobs`` jobs (None: no limit). The classes with the
    fewest jobs go first (the middle first among equals), so short runs take turns. The table is
    :func:`tree_status`, with the plain df-pn attempts of ``attempts.jsonl`` as the "before" numbers.

    >>> quiet = StudyContext("necklace", "proofs", seed=1, workers=1, progress=lambda line: None)
    >>> import tempfile; quiet.store = tempfile.mkdtemp()
    >>> t = proof_attack_study(quiet, n=3, job_nodes=10_000, tt_bits=12, minutes=None).table
    >>> sorted(t["winner"].unique().tolist()), len(t)
    (['blue', 'red'], 4)
    """
    folder = Path(ctx.store) if ctx.store is not None else Path("runs/necklace/proofs")
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "attempts.jsonl"
    records = read_proofs(log.read_text().splitlines()).get(n, []) if log.exists() else []
    trees, stores, answers = {}, {}, {}
    for r, c in _classes(n):
        tree_path, store_path = _tree_files(folder, r, c)
        root = _opening_state(n, r, c)
        trees[(r, c)] = read_tree(tree_path, n, root=position_key(root))
        stores[(r, c)] = read_proved(store_path, n)
        answers[(r, c)] = JobTree(root, PROOF_TARGET, job_nodes, table=trees[(r, c)]).answer()
    deadline = None if minutes is None else time.time() + 60 * minutes
    # the worker writes after every job where it shares this folder; a dask worker may be another machine
    write_folder = None if current_backend()[0] == "dask" else str(folder)
    ran = 0

    def task(r: int, c: int) -> tuple:
        return (n, r, c, trees[(r, c)], stores[(r, c)], job_nodes, tt_bits, engine, task_jobs, deadline, write_folder)

    def time_left() -> bool:
        return (deadline is None or time.time() < deadline) and (max_jobs is None or ran < max_jobs)

    def record(done: tuple, out: dict) -> list[tuple]:
        nonlocal ran
        r, c = done[1], done[2]
        trees[(r, c)], stores[(r, c)], answers[(r, c)] = out["tree"], out["store"], out["answer"]
        tree_path, store_path = _tree_files(folder, r, c)
        write_proved(out["store"], store_path)
        write_tree(out["tree"], tree_path)
        ran += out["jobs"]
        ctx.progress(
            f"{n}x{n} opening {r},{c}: {out['jobs']} jobs, {out['nodes']:,} nodes, {out['seconds']} s; "
            f"{len(out['tree'])} jobs in all, {_winner(out['answer'])}"
        )
        return [task(r, c)] if out["answer"] is None and time_left() else []

    centre = (n - 1) / 2
    todo = sorted(
        (p for p in _classes(n) if answers[p] is None),
        key=lambda p: (len(trees[p]), (p[0] - centre) ** 2 + (p[1] - centre) ** 2, p),
    )
    run_tasks(attack_tree, [task(r, c) for r, c in todo], record, ctx.workers, may_start=time_left)
    return StudyResult(
        tree_status(n, trees, stores, records, job_nodes, engine),
        rules={"size": n, "swap": False},
        extra={
            "search": f"job-level proof-number search over df-pn jobs (negenlab.necklace.jobs.JobTree), engine level "
            f"{engine}; does {PROOF_TARGET} win? (no draws: if not, blue wins)",
            "job_nodes": job_nodes,
            "tt_bits": tt_bits,
            "engine": engine,
            "task_jobs": task_jobs,
            "files": str(folder / "tree_R_C.parquet") + ", " + str(folder / "proved_R_C.parquet"),
            "before": f"{log}: plain df-pn attempts (engine 0), each searching from nothing",
        },
    )


STUDIES = {
    s.name: s
    for s in (
        Study(
            "ladder",
            f"skill trace on {LADDER_SIZE}x{LADDER_SIZE} with swap: " + " < ".join(LADDER),
            ladder_study,
            "about 25 min",
            store="data/necklace/ladder_store",
        ),
        Study(
            "advantage",
            f"the first player's edge by size {ADVANTAGE_SIZES[0]}-{ADVANTAGE_SIZES[-1]} under {ADVANTAGE_AGENT} "
            "self-play without the swap rule (the swap rule with players who use it is the swap_rule study)",
            advantage_study,
            "about 35 min on one core",
            store="data/necklace/advantage_store",
        ),
        Study(
            "swap_map",
            f"Red's win rate after each opening on {SWAP_MAP_SIZE}x{SWAP_MAP_SIZE} ({SWAP_MAP_AGENT})",
            swap_map_study,
            "about 10 min",
        ),
        Study(
            "draws",
            "is any reachable position a draw? exhaustive on 2x2-5x5, directed on 7-11",
            draws_study,
            "about 8 min",
            uses_backend=False,
        ),
        Study(
            "reproof_5x5",
            "5x5 proved again: a certificate per opening class (df-pn, exact keys) checked end to end by the rules "
            f"alone; a run builds new certificates for {STUDY_MINUTES:.0f} minutes, the next goes on",
            reproof_study,
            f"{STUDY_MINUTES:.0f} min a run",
        ),
        Study(
            "engine_5x5",
            "the connection engine measured: each 5x5 opening class proved again by df-pn with the engine off and on "
            f"(level {ENGINE_LEVEL}), the nodes and seconds of each",
            engine_study,
            "about 20 min on one core",
            uses_backend=False,
        ),
        Study(
            "proofs_6x6",
            "6x6 attacked opening class by opening class, each through a job-level proof tree over df-pn jobs of "
            f"{PROOF_JOB_NODES:,} nodes with the connection engine (level {ENGINE_LEVEL}); every class's tree and "
            f"proved positions kept in the repository after every job; a run starts jobs for "
            f"{STUDY_MINUTES:.0f} minutes",
            proof_attack_study,
            f"{STUDY_MINUTES:.0f} min a run, and the job under way (6 to 12 min on one core)",
            store="data/necklace/proofs_6x6",
        ),
        Study(
            "best_opening",
            f"the {SWAP_MAP_SIZE}x{SWAP_MAP_SIZE} swap map's best opening (Red's share closest to one half) played to "
            f"{BEST_OPENING_GAMES} games of {SWAP_MAP_AGENT} self-play",
            best_opening_study,
            "about 5 min",
            store="data/necklace/best_opening_store",
        ),
        Study(
            "recheck",
            "every statistical verdict re-measured on the next seed with the same players and design: the skill "
            f"trace, the draws of {' and '.join(DRAW_STRENGTHS)} after every {DRAW_SIZE}x{DRAW_SIZE} opening, and "
            "the 7x7 swap-rule games of the players agents_vs_proof trusts (fair_strengths), those whose df-pn is "
            f"bounded by {DEFAULT_CELL_CORE_HOURS:g} core-hours; a costlier one is named as left out, with the "
            "command that plays it (swap_rule_trusted)",
            recheck_study,
            "about 30 min on one core of a loaded machine (draws 20, skill trace 10)",
            store="data/necklace/recheck_store",
        ),
        Study(
            "agents_vs_proof",
            f"every agent against perfect play on {' and '.join(f'{n}x{n}' for n in PROOF_SIZES)}: its placement in "
            f"{PROOF_POSITIONS} won positions a size, its swap decision after every opening, and its self-play "
            "judgement of every opening class, and the self-play alone of proof:N at budgets whose df-pn proves no "
            "5x5 opening class from Blue's first reply (the evidence the 7x7 gate reads for proof:N); writes "
            "agents_vs_proof.csv, _positions.csv and _openings.csv",
            agents_vs_proof_study,
            "about 50 min on one core (5x5 proofs 20, self-play of mcts:3200 20), and the self-play of "
            "mcts-solver:800 5 min and mcts-solver:3200 20 min on a loaded core; each agent's decisions and games "
            "are kept in the store, so a rerun plays only what is new",
            store="data/necklace/agents_vs_proof_store",
        ),
        Study(
            "swap_rule",
            "the swap rule with players who use it, each against itself: "
            + ", ".join(f"{spec} on {n}x{n}" for n, spec in SWAP_RULE_CELLS)
            + f", {SWAP_RULE_GAMES} games each, and on 7x7 the players agents_vs_proof trusts (fair_strengths) when "
            f"they are not those and their df-pn is bounded by {DEFAULT_CELL_CORE_HOURS:g} core-hours (a costlier "
            "one is named as left out, with the command that plays it); writes swap_rule.csv and "
            "swap_rule_openings.csv",
            swap_rule_study,
            "about 50 min on one core of a loaded machine for the pie cells (7x7 pie:3200 35, 7x7 pie:800 10, 5x5 and "
            "6x6 5)",
            store="data/necklace/swap_rule_store",
        ),
        Study(
            "swap_rule_trusted",
            "the 7x7 swap-rule games of every player agents_vs_proof trusts for the fair-opening line, whatever they "
            "cost (the cells swap_rule and recheck leave out); writes swap_rule_trusted.csv and "
            "swap_rule_trusted_openings.csv",
            swap_rule_trusted_study,
            "a proof:N player's df-pn alone is bounded by 200 games x 49 placements x N nodes at 2,000 nodes a "
            "second (about 27 core-hours at N = 20,000, 1,361 at a million); none while no player is trusted",
        ),
        Study(
            "swap_map_5",
            f"the same on 5x5, where the solver knows every opening's value ({SWAP_MAP_AGENT})",
            lambda ctx: swap_map_study(ctx, 5),
            "about 2 min",
        ),
    )
}


def _fair_opening_asked(fields: Mapping[str, Any]) -> str | None:
    """Why a variant does not ask the fair-opening claim (about 7x7 with the swap rule), or None.

    >>> _fair_opening_asked({"size": 5})
    'the claim is about 7x7 with the swap rule; this variant plays 5x5'
    >>> _fair_opening_asked({"size": 7, "swap": False}), _fair_opening_asked({"size": 7})
    ('the claim is about 7x7 with the swap rule; this variant plays without the swap rule', None)
    """
    size, swap = fields.get("size", Rules().size), fields.get("swap", Rules().swap)
    if size != 7:
        return f"the claim is about 7x7 with the swap rule; this variant plays {size}x{size}"
    if swap is False:
        return "the claim is about 7x7 with the swap rule; this variant plays without the swap rule"
    return None


VARIANT_CLAIMS = (
    VariantClaim(
        register("necklace")["draw_rate"],
        "draw_rate",
        how="draws (nobody can place, nobody has won) among the run's own self-play games",
        fields=("size",),
        strengths=DRAW_STRENGTHS,
    ),
    VariantClaim(
        register("necklace")["fair_opening"],
        "seat_share",
        how="the opener's share of the run's own self-play games (without the swap rule: Red's edge)",
        fields=("swap", "size"),
        asked=_fair_opening_asked,
        strengths=SWAP_RULE_AGENTS,
    ),
)
"""The claims ``negenlab necklace variant`` judges: draws in under 1% of self-play games, measured on
the run's own games (the page measures the committed first-player study; the exhaustive search of
2x2-4x4 is the exact claim ``no_draw``, which a variant run does not redo)."""
