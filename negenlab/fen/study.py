"""FEN studies: self-play balance per board, and the atlas of tilings (the committed table
``data/fen/atlas.csv``).

:func:`balance` plays seeded games with :func:`negenlab.core.simulate`, with and without the
pie rule, and returns the long summary table of :mod:`negenlab.core.summary_table` (one row per
metric and setting): first-player (seat 0) win rate, draw rate, swap rate, share of games
ended by a majority, each with n and a Wilson interval; mean game length (turns) and captures
per game with 95% normal intervals. The board, the pie setting and the agents stand in front
as columns of their own.

>>> from negenlab.fen import tilings
>>> from negenlab.fen.study import balance
>>> t = balance(tilings.triangle(3), ["random", "random"], n_games=10, seed=1, backend="serial")
>>> sorted(set(t["pie_rule"])), list(t.columns)
([False, True], ['board', 'pie_rule', 'agents', 'metric', 'group', 'value', 'lo', 'hi', 'n', 'method'])

:func:`atlas_table` gives one row per board: tiling, faces, nodes, edges, N, E, n, e in the
interior reading, the same in the literal (all) reading, whether they agree, and the first
player's win rate in random self-play without and with the pie rule (n games and a Wilson
interval each).

>>> t = atlas_table(tilings=["4.8.8"], sizes=[13], n_games=4, seed=1)
>>> t[["tiling", "faces", "n", "e"]].values.tolist()
[['4.8.8', 13, 2, 3]]

The long studies (``negenlab study fen NAME``, :data:`STUDIES`) make the committed tables of
``data/fen``. The statistical claims of the register (``data/fen/claims.csv``: the pie rule, the
skill trace, the tilings) read their numbers through :func:`claim_statistics`, from the committed
tables for the page and from the same designs played on the next seed for ``negenlab study fen
recheck`` (:func:`recheck_study`, which writes ``data/fen/recheck.csv``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import itertools
import json
import math
import os
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from negenlab import games
from negenlab.core import simulate
from negenlab.core.agents import Agent, RandomAgent
from negenlab.core.claims import ALPHA, RECHECK, Measure, Steps, recheck_rows, recheck_schema, register, verdict_of
from negenlab.core.compare import MIN_UNITS, compare, sprt
from negenlab.core.data import (
    SKILL_TRACE,
    SPRT_COLUMNS,
    WILSON_ROWS,
    Check,
    MissingDataError,
    Schema,
    every,
    first_row,
    long_columns,
    nullable,
)
from negenlab.core.errors import InvalidInputError, StoreCorruptError
from negenlab.core.files import read_json, regular_file, write_atomic
from negenlab.core.ladder import skill_trace, step_measure, trace_looks
from negenlab.core.metrics import rate_text, wilson_interval
from negenlab.core.registry import AgentSpec
from negenlab.core.simulate import run_tasks
from negenlab.core.studies import Study, StudyContext, StudyResult, check_row, committed_table
from negenlab.core.summary_table import long_table, mean_row, rate_row
from negenlab.core.variant import VariantClaim

from . import tilings as T
from ._solver_kernels import STRUCTURE_ALL
from .blocked import blocked_end_search
from .game import FenGame, make_game
from .ne import derive_ne
from .proof import OPENING_LOOKS, judge_player, matters, proof_game, proof_positions, proof_solver, summary_row
from .rules import Rules
from .solver import HEAVY_COLUMNS, Solver, solve
from .tessellation import Tessellation

DEFAULT_SIZES = (13, 25, 49)
ATLAS_COMMAND = "negenlab fen atlas --sizes 13 25 49 --games 200 --seed 2024 --out data/fen/atlas.csv"


def _agents(agents: Sequence[str | AgentSpec | Agent]) -> list[Agent]:
    """Agent objects from specs (``random``, ``greedy``, ``mcts:400``) or agents."""
    entry = games.entry("fen")
    return [a if isinstance(a, Agent) else entry.make_agent(a) for a in agents]


def balance_rows(df: pd.DataFrame, group: str = "") -> list[dict[str, Any]]:
    """Summary rows (:mod:`negenlab.core.summary_table`) of one simulation table."""
    n = len(df)
    return [
        rate_row("first_player_win_rate", int((df["winner"] == 0).sum()), n, group),
        rate_row("second_player_win_rate", int((df["winner"] == 1).sum()), n, group),
        rate_row("draw_rate", int(df["draw"].sum()), n, group),
        rate_row("colour0_win_rate", int((df["winner_colour"] == 0).sum()), n, group),
        rate_row("swap_rate", int(df["swapped"].sum()), n, group),
        rate_row("ends_by_majority", int((df["end"] == "majority").sum()), n, group),
        rate_row("ends_blocked", int((df["end"] == "blocked").sum()), n, group),
        mean_row("turns_per_game", df["turns"], group),
        mean_row("actions_per_game", df["length"], group),
        mean_row("captures_per_game", df["captures"], group),
    ]


def balance_table(board_name: str, agents_label: str, runs: dict[bool, pd.DataFrame]) -> pd.DataFrame:
    """The balance table of simulation tables by pie setting (``{True: df, False: df}``): the long
    summary table with ``board``, ``pie_rule`` and ``agents`` in front; ``group`` names the setting."""
    parts = []
    for pie, df in runs.items():
        group = f"{agents_label}, {'pie rule' if pie else 'no pie rule'}"
        t = long_table(balance_rows(df, group))
        t.insert(0, "agents", agents_label)
        t.insert(0, "pie_rule", pie)
        t.insert(0, "board", board_name)
        parts.append(t)
    return pd.concat(parts, ignore_index=True)


def pie_settings(rules: Rules | None) -> Iterator[Rules]:
    """``rules`` (default: the defaults) with the pie rule on, then off: the two games of a balance study."""
    base = rules or Rules()
    for pie in (True, False):
        yield dataclasses.replace(base, pie_rule=pie)


def balance(
    board: Tessellation,
    agents: Sequence[str | AgentSpec | Agent] = ("random", "random"),
    n_games: int = 200,
    seed: int = 2024,
    rules: Rules | None = None,
    backend: str | None = None,
    workers: int | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """Balance table for ``board``: the same study with ``pie_rule`` True and False.

    ``agents`` are specs (``random``, ``greedy``, ``mcts:400``, ``mcts:2s``) or Agent objects, seat 0 first.
    """
    ag = _agents(agents)
    runs = {
        r.pie_rule: simulate(
            FenGame(board, r), ag, n_games=n_games, seed=seed, backend=backend, workers=workers, progress=progress
        )
        for r in pie_settings(rules)
    }
    return balance_table(board.name, " vs ".join(a.name for a in ag), runs)


# -- the atlas ----------------------------------------------------------------------------------


def atlas_boards(tilings: Sequence[str] | None = None, sizes: Sequence[int] = DEFAULT_SIZES):
    """(tiling name, board) for every tiling and size."""
    names = list(T.ARCHIMEDEAN) if tilings is None else [T.canonical_name(n) for n in tilings]
    for name in names:
        for k in sizes:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                yield name, T.archimedean(name, faces=int(k))


def atlas_table(
    tilings: Sequence[str] | None = None,
    sizes: Sequence[int] = DEFAULT_SIZES,
    n_games: int = 100,
    seed: int = 2024,
    backend: str = "serial",
    workers: int | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """The atlas table (see the module docstring). ``n_games`` = 0 skips self-play."""
    rows = []
    for name, board in atlas_boards(tilings, sizes):
        r = derive_ne(board)
        row = {
            "tiling": name,
            "faces": board.num_faces,
            "nodes": board.num_nodes,
            "edges": board.num_edges,
            "N": r.interior.N,
            "E": r.interior.E,
            "n": r.interior.n,
            "e": r.interior.e,
            "N_all": r.all.N,
            "E_all": r.all.E,
            "n_all": r.all.n,
            "e_all": r.all.e,
            "agree": r.agree,
        }
        if n_games:
            for pie in (False, True):
                df = simulate(
                    FenGame(board, Rules(pie_rule=pie)),
                    [RandomAgent(), RandomAgent()],
                    n_games=n_games,
                    seed=seed,
                    backend=backend,
                    workers=workers,
                    progress=progress,
                )
                q = rate_row("first_player_win_rate", int((df["winner"] == 0).sum()), len(df))
                tag = "pie" if pie else "nopie"
                row.update(
                    {
                        f"p1_win_{tag}": q["value"],
                        f"p1_win_{tag}_lo": q["lo"],
                        f"p1_win_{tag}_hi": q["hi"],
                        f"games_{tag}": q["n"],
                    }
                )
                if not pie:
                    row["mean_turns"] = float(df["turns"].mean())
                    row["draw_rate"] = float(df["draw"].mean())
        rows.append(row)
    return pd.DataFrame(rows)


# -- the long studies (``negenlab study fen <name>``) -------------------------------------------

LADDER = ("random", "greedy", "mcts:50", "mcts:200")
"""The skill trace's rungs, weakest first; every one that meets the pie rule decides the swap."""
LADDER_TOP = ("mcts:200", "mcts:800")
"""The skill trace's top step, its own study (``ladder_top``) for its cost: does the ladder still separate
rungs at the pie verdict's stronger budget?"""
PIE_RUNGS = ("mcts:200", "mcts:800")
"""The two player strengths the pie verdict is judged under (both decide the swap)."""
STANDARD_BOARD = "triangle:7"
ATLAS_SIZES = (25, 49)
ATLAS_AGENTS = {"greedy": 400, "mcts:50": 60}  # agent spec -> self-play games per board
STRONG_FACES = 49
STRONG_AGENTS = {"mcts:200": 30}  # the stronger player of the tilings verdict -> self-play games per board
TILING_PLAYERS = ("greedy", "mcts:50", "mcts:200")
"""The player strengths the tilings verdict is judged under, where their self-play is committed: greedy
and MCTS with 50 simulations (the atlas balance study) and MCTS with 200 (the strong atlas study,
:data:`STRONG_AGENTS`, when it is committed); the verdict holds or fails only when all of them agree."""


def _make_agent(spec: str) -> Agent:
    return _agents([spec])[0]


LADDER_MAX_UNITS = 600  # seat-swapped pairs per step before the SPRT gives up (or a decided step's play-on stops)
LADDER_CLEAR_ALPHA = 0.001
"""A step the SPRT decided is played on until its 99.9% interval clears the 52.5% line
(:func:`~negenlab.core.ladder.skill_trace`'s ``clear_alpha``): stricter than the level the page
judges each step at while it states up to 12 statistical verdicts (5% split over them and the
trace's 4 steps), so a decided step is not left marginal there."""


@dataclasses.dataclass(frozen=True)
class SprtDesign:
    """A sequential test of the first player's share: ``h0`` against ``h1`` (alpha = beta = 0.05),
    looked at every ``batch`` games from 100 on, at most ``max_games``. With the pie rule on, the
    games then play on, ``batch`` at a time up to ``clear_max``, until the share's interval at level
    ``1 - clear_alpha`` settles the pie verdict's band (:func:`pie_settled`)."""

    h0: float
    h1: float
    batch: int
    max_games: int
    clear_alpha: float = 0.005
    clear_max: int = 600

    @property
    def looks(self) -> int:
        """How many looks the design makes at most: its SPRT may stop at any game from its first look
        (:data:`~negenlab.core.compare.MIN_UNITS` games) on, and the play-on within ``clear_max``; the
        share is decided at the repeated-looks quantile of that many.

        >>> PIE_SPRT.looks
        501
        """
        return trace_looks(self.clear_max, MIN_UNITS)


PIE_SPRT = SprtDesign(h0=0.5, h1=0.6, batch=50, max_games=300)
"""The pie study's stopping rule, per pie setting (for the strengths of :data:`PIE_CAPS` lower caps).
The SPRT asks whether the first player keeps an edge; the verdict asks more (the share between 45%
and 55%: an over-correcting rule fails it too), so a share the SPRT leaves near a band edge plays on
until its 99.5% interval (stricter than the page's level for its verdicts, 5% split over them) lies
wholly inside or wholly outside the band: a marginal result gets more games, not a verdict."""
PIE_CAPS = {"mcts:800": (100, 400)}
"""The SPRT's and the play-on's game caps below :data:`PIE_SPRT`'s: mcts:800 self-play takes about 12 s
a game on the standard board on a free core (three times as long on the shared machine the tables were
made on), so 100 games, the SPRT's first look, keep its setting near 20 minutes, and the play-on to
400 games adds one to three hours (a share of 38% clears 45% there)."""
PIE_CLAIM = register("fen")["pie"]
PIE_BAND = PIE_CLAIM.rule
"""The pie verdict's rule, from the register (between 45% and 55%): the band the play-on settles."""


PIE_OFF = ("mcts:200",)
"""The strengths whose self-play is also played without the pie rule (the first player's edge the rule is
for); mcts:800's would double the cost of its part and decides no verdict."""


def pie_design(spec: str) -> SprtDesign:
    """The stopping rule of ``spec``'s self-play in the pie study.

    >>> d = pie_design("mcts:800")
    >>> d.max_games, d.clear_max, pie_design("mcts:200").max_games
    (100, 400, 300)
    """
    if spec not in PIE_CAPS:
        return PIE_SPRT
    sprt_cap, clear_cap = PIE_CAPS[spec]
    return dataclasses.replace(PIE_SPRT, max_games=sprt_cap, clear_max=clear_cap)


def pie_settled(wins: int, games: int, alpha: float, looks: int = 1) -> bool:
    """Whether the first player's share, ``wins`` of ``games``, settles :data:`PIE_BAND` at level
    ``1 - alpha``: its Wilson interval (at the repeated-looks quantile of ``looks`` looks) lies wholly
    inside the band or wholly outside it, by at least its Monte Carlo error, as the judge asks
    (:func:`~negenlab.core.claims.verdict_of`).

    >>> pie_settled(50, 100, 0.005), pie_settled(130, 400, 0.005), pie_settled(146, 400, 0.005, looks=501)
    (False, True, False)
    """
    return verdict_of(PIE_BAND, Measure.of_rate(wins, games, looks), alpha) != "undecided"


def self_play(spec: str) -> str:
    """The ``agents`` label of ``spec``'s self-play in the tables (``"mcts:200 vs mcts:200"``)."""
    return f"{spec} vs {spec}"


def ladder_trace(
    seed: int,
    store: Path | None = None,
    workers: int | None = 1,
    progress: Callable[[str], None] | None = None,
    rungs: Sequence[str] | None = None,
) -> pd.DataFrame:
    """The skill trace on the standard board (pie rule on, the default): each rung of ``rungs``
    (default :data:`LADDER`) against the one below, in seat-swapped pairs on common seeds, each step
    decided by an SPRT (50% against 55%) or stopped at :data:`LADDER_MAX_UNITS` pairs, a decided step
    played on until its interval clears (:data:`LADDER_CLEAR_ALPHA`); ``board`` in front."""
    rungs = LADDER if rungs is None else rungs
    trace = skill_trace(
        make_game(STANDARD_BOARD),
        rungs,
        _make_agent,
        seed=seed,
        max_units=LADDER_MAX_UNITS,
        store=store,
        workers=workers,
        progress=progress,
        clear_alpha=LADDER_CLEAR_ALPHA,
    )
    trace.insert(0, "board", STANDARD_BOARD)
    swaps = [
        step_swaps(Path(store) / f"{_step_slug(rung)}-vs-{_step_slug(below)}", int(units)) if store else None
        for rung, below, units in zip(trace["rung"], trace["below"], trace["units"], strict=True)
    ]
    trace["swaps"] = [math.nan if s is None else s for s in swaps]
    trace["swap_rate"] = trace["swaps"] / trace["games"]
    return trace


def _step_slug(spec: str) -> str:
    """A rung's name in a skill trace's store (negenlab.core.ladder names each step's folder so)."""
    return "".join(ch if ch.isalnum() else "-" for ch in spec)


def step_swaps(step_store: Path, units: int) -> int:
    """How many of the first ``units`` seat-rotated pairs of a skill-trace step (its store folder,
    ``a/rotation-<r>/`` chunks) the second player took the swap of the pie rule in.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for r in (0, 1):
    ...         (Path(d) / "a" / f"rotation-{r}").mkdir(parents=True)
    ...         pd.DataFrame({"game": [0, 1, 2], "swapped": [True, False, r == 1]}).to_parquet(
    ...             Path(d) / "a" / f"rotation-{r}" / "chunk-000000.parquet")
    ...     step_swaps(Path(d), 2), step_swaps(Path(d), 3)
    (2, 3)
    """
    chunks = sorted(step_store.glob("a/rotation-*/chunk-*.parquet"))
    if not chunks:
        raise InvalidInputError(f"no games of the skill-trace step in {step_store}")
    games = pd.concat([pd.read_parquet(c, columns=["game", "swapped"]) for c in chunks], ignore_index=True)
    return int(games.loc[games["game"] < units, "swapped"].sum())


def ladder_study(ctx: StudyContext) -> StudyResult:
    """``negenlab study fen ladder``: :func:`ladder_trace` on the study's seed."""
    trace = ladder_trace(ctx.seed, ctx.store, ctx.workers, ctx.progress)
    return StudyResult(
        trace, rules=make_game(STANDARD_BOARD).rules, agents=list(LADDER), extra={"ladder": list(LADDER)}
    )


def ladder_top_study(ctx: StudyContext) -> StudyResult:
    """``negenlab study fen ladder_top``: the skill trace's top step (:data:`LADDER_TOP`), the same
    design as :func:`ladder_study`; its row stacks under the ladder's (:func:`skill_trace_table`)."""
    trace = ladder_trace(ctx.seed, ctx.store, ctx.workers, ctx.progress, rungs=LADDER_TOP)
    return StudyResult(
        trace, rules=make_game(STANDARD_BOARD).rules, agents=list(LADDER_TOP), extra={"ladder": list(LADDER_TOP)}
    )


def skill_trace_table(tables: Mapping[str, pd.DataFrame]) -> pd.DataFrame | None:
    """The whole skill trace: the ladder's steps and (when committed) the top step's below them; None
    without the ladder.

    >>> step = lambda rung, below: pd.DataFrame({"rung": [rung], "below": [below]})
    >>> skill_trace_table({"ladder": step("greedy", "random"), "ladder_top": step("mcts:800", "mcts:200")})["rung"].tolist()
    ['greedy', 'mcts:800']
    """
    if "ladder" not in tables:
        return None
    parts = [tables["ladder"]] + ([tables["ladder_top"]] if "ladder_top" in tables else [])
    return pd.concat(parts, ignore_index=True)


def pie_setting_table(
    pie: bool,
    seed: int,
    store: Path | None = None,
    workers: int | None = 1,
    progress: Callable[[str], None] | None = None,
    spec: str = PIE_RUNGS[0],
) -> pd.DataFrame:
    """``spec``'s self-play on the standard board with the pie rule on or off: games played until
    the SPRT of :func:`pie_design` decides on the first player's share (or its cap), and the balance
    rows of those games (:func:`balance_table`: the swap rate among them), the SPRT's outcome on the
    first player's row. With the pie rule on, the games play on until the share settles the verdict's
    band (:func:`pie_settled`, up to the design's ``clear_max``); ``sprt_games`` says where the SPRT
    stopped, and the rows count every game played."""
    agents = [_make_agent(spec), _make_agent(spec)]
    game = games.load("fen", board=STANDARD_BOARD, pie_rule=pie)
    design = pie_design(spec)
    r = sprt(
        game, agents, h0=design.h0, h1=design.h1, seed=seed, batch=design.batch,
        max_games=design.max_games, store=store, workers=workers,
    )  # fmt: skip
    if progress is not None:
        progress(f"{spec}, pie rule {pie}: {r}")
    n = r.units
    while True:  # the store keeps the games played: each look plays only the new ones
        df = simulate(game, agents, n, seed, store=store, workers=workers, progress=False)
        t = balance_table(STANDARD_BOARD, self_play(spec), {pie: df})
        first = t["metric"] == "first_player_win_rate"
        share = float(t.loc[first, "value"].iloc[0])
        if not pie or n >= design.clear_max or pie_settled(round(share * n), n, design.clear_alpha, design.looks):
            break
        n = min(design.clear_max, n + design.batch)
        if progress is not None:
            progress(
                f"{spec}, pie rule on: {rate_text(share)} of {len(df)} games, neither inside nor outside the band; on to {n}"
            )
    for k in ("decision", "capped", "llr", "h0", "h1", "alpha", "beta"):
        t.loc[first, k] = getattr(r, k)
    t.loc[first, "sprt_games"] = r.units
    return t


def _slug(spec: str) -> str:
    return spec.replace(":", "")


def pie_study(ctx: StudyContext) -> StudyResult:
    """First-player advantage on the standard board under the self-play of each strength of
    :data:`PIE_RUNGS` (both decide the swap), with the pie rule and (the strengths of :data:`PIE_OFF`)
    without it (:func:`pie_setting_table`: an SPRT on the first player's share per setting, 50%
    against 60%, capped at :func:`pie_design`'s games, plus the balance rows of the same games)."""
    parts = [
        pie_setting_table(
            pie, ctx.seed, ctx.store_for(f"{_slug(spec)}-{'pie' if pie else 'nopie'}"), ctx.workers, ctx.progress, spec
        )
        for spec in PIE_RUNGS
        for pie in (False, True)
        if pie or spec in PIE_OFF
    ]
    return StudyResult(
        pd.concat(parts, ignore_index=True),
        rules=Rules(),
        agents=list(PIE_RUNGS),
        extra={
            "strengths": list(PIE_RUNGS),
            "without_pie_rule": list(PIE_OFF),
            "caps": {spec: pie_design(spec).max_games for spec in PIE_RUNGS},
            "play_on_caps": {spec: pie_design(spec).clear_max for spec in PIE_RUNGS},
            "play_on_alpha": PIE_SPRT.clear_alpha,
        },
    )


TILING_METRICS = ("first_player_win_rate", "draw_rate", "ends_by_majority", "turns_per_game")


def tiling_table(
    tiling: str, faces: int, spec: str, n_games: int, seed: int, store: Path | None = None, workers: int | None = 1
) -> pd.DataFrame:
    """Self-play of agent ``spec`` on ``tiling`` clipped to ``faces`` faces, no pie rule: the rows
    of :data:`TILING_METRICS` of the atlas balance study (tiling, faces, n and e per turn, agents
    in front), each with n and its 95% interval.

    >>> t = tiling_table("4.4.4.4", 9, "greedy", 10, seed=1)
    >>> t[["tiling", "faces", "agents", "metric", "n"]].iloc[0].astype(str).tolist()
    ['4.4.4.4', '9', 'greedy', 'first_player_win_rate', '10']
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        board = T.archimedean(tiling, faces=int(faces))
    game = FenGame(board, Rules(pie_rule=False))
    df = simulate(game, [_make_agent(spec)] * 2, n_games, seed, store=store, workers=workers, progress=False)
    rows = long_table(balance_rows(df))
    rows = rows[rows["metric"].isin(TILING_METRICS)]
    rows.insert(0, "agents", spec)
    rows.insert(0, "e", game.e)
    rows.insert(0, "n_per_turn", game.n)
    rows.insert(0, "faces", board.num_faces)
    rows.insert(0, "tiling", tiling)
    return rows.drop(columns=["group"]).reset_index(drop=True)


def atlas_balance_study(ctx: StudyContext) -> StudyResult:
    """Balance and decisiveness of every regular and Archimedean tiling at 25 and 49 faces,
    self-play under greedy and MCTS (no pie rule): first-player win rate, draws, games ended by a
    majority, each with n and a Wilson interval (:func:`tiling_table`)."""
    return _tilings_study(ctx, ATLAS_SIZES, ATLAS_AGENTS)


def _tilings_study(ctx: StudyContext, sizes: Sequence[int], agents: Mapping[str, int]) -> StudyResult:
    """Self-play of each agent of ``agents`` (spec -> games) on the 11 tilings at each face count of
    ``sizes``, no pie rule: the rows of :func:`tiling_table`, one store part per tiling and agent."""
    parts = []
    for name, board in atlas_boards(sizes=sizes):
        faces = board.num_faces
        for spec, n in agents.items():
            where = ctx.store_for(f"{name}-{faces}-{_slug(spec)}")
            parts.append(tiling_table(name, faces, spec, n, ctx.seed, where, ctx.workers))
        ctx.progress(f"{name} at {faces} faces done")
    return StudyResult(
        pd.concat(parts, ignore_index=True),
        rules=Rules(pie_rule=False),
        agents=list(agents),
        extra={"games": dict(agents)},
    )


def atlas_strong_study(ctx: StudyContext) -> StudyResult:
    """The tilings under the stronger player of the tilings verdict: self-play of each agent of
    :data:`STRONG_AGENTS` on the 11 tilings at :data:`STRONG_FACES` faces, no pie rule, the rows of
    :func:`tiling_table` (the atlas balance study's, so the two tables stack)."""
    return _tilings_study(ctx, (STRONG_FACES,), STRONG_AGENTS)


BLOCKED_TRIES = 2000  # directed playouts per rule set (and ten times as many random ones)


def blocked_study(ctx: StudyContext) -> StudyResult:
    """Can FEN end blocked, and can that end be a draw? On the standard board, under the default
    rules and with partial claims off: whether a counting argument rules the blocked end out, and
    what seeded random and directed playouts (:func:`negenlab.fen.blocked.blocked_end_search`)
    reached. The sidecar keeps the actions of a blocked draw found, so it can be replayed."""
    rows: list[dict[str, Any]] = []
    extra: dict[str, Any] = {}
    for label, rules in (("default", Rules()), ("partial claims off", Rules(partial_claims=False))):
        r = blocked_end_search(STANDARD_BOARD, tries=BLOCKED_TRIES, seed=ctx.seed, rules=rules)
        ctx.progress(f"{label}: {r.blocked} blocked ends, {r.blocked_draws} draws in {r.playouts} playouts")
        rows.append(
            {
                "board": STANDARD_BOARD,
                "rules": label,
                "ruled_out_by_counting": r.ruled_out,
                "random_playouts": r.random_playouts,
                "random_blocked": r.random_blocked,
                "random_blocked_draws": r.random_blocked_draws,
                "directed_playouts": r.directed_playouts,
                "directed_blocked": r.directed_blocked,
                "directed_blocked_draws": r.directed_blocked_draws,
                "closest_gap": r.closest_gap,
            }
        )
        extra[f"seconds_{label.replace(' ', '_')}"] = round(r.seconds, 1)
        if r.example is not None:
            extra[f"draw_actions_{label.replace(' ', '_')}"] = list(r.example.actions)
    table = pd.DataFrame(rows)
    d, p = rows
    rate_lo, rate_hi = wilson_interval(p["random_blocked"], p["random_playouts"])
    if not d["ruled_out_by_counting"]:
        raise InvalidInputError("the counting argument no longer rules out the blocked end: rewrite this finding")
    table["finding"] = [
        f"Under the default rules the blocked end cannot happen on the standard board: with partial claims "
        f"a player can always claim while any place is empty, so a blocked board has every face captured, and "
        f"with 49 faces the 25th capture ends the game first (exact; {d['random_playouts'] + d['directed_playouts']:,} "
        f"playouts found 0 blocked ends). With partial claims off it does: "
        f"{rate_text(p['random_blocked'] / p['random_playouts'], rate_lo, rate_hi)} "
        f"of {p['random_playouts']:,} random games end blocked, {p['random_blocked_draws']} of them drawn.",
        "",
    ]
    return StudyResult(table, rules={"board": STANDARD_BOARD}, agents=["random", "directed"], extra=extra)


SOLVED_BOARDS = (
    "triangle:1",
    "square:1x1",
    "hexagon:0",
    "3.3.3.3.3.3:3",
    "square:3x1",
    "3.3.3.3.3.3:5",
    "3.3.3.3.3.3:7",
    "square:5x1",
    "triangle:3",
    "square:3x3",
)
"""The boards :func:`solved_study` solves, smallest first: the one-face boards, then strips and
patches of 3 to 9 faces (the issue's triangle of side 3 and square 3x3 among them)."""
SOLVE_CAP = 30_000_000
"""Positions per board and reading a run searches before it gives up (about a minute on one core).
Every search that proves is kept in the study's store (:func:`proved_path`, committed), so a run
searches only what no run has proved, and an open empty board's search goes on from the entries the
last run kept; a longer start search of an open board is :func:`settle_start` with a larger budget, in the
background."""
SOLVE_TT_BITS = 26
PROVED_LIMIT = 2**24
"""The largest proved-search file read (16 MiB; a board's file holds a few hundred short rows)."""
SOLVED_MCTS = "mcts:200"
SOLVED_GAMES = 100


def _opening_text(kind: str, items) -> str:
    return ("n" if kind == "nodes" else "e") + "+".join(str(i) for i in items)


def _solved_game(spec: str, scope: str) -> FenGame:
    """The game ``solved_study`` solves: ``spec`` under the ``scope`` reading of n and e, pie rule off."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scopes that disagree warn; the table says so
        return FenGame(spec, Rules(ne_scope=scope, pie_rule=False))


PROVED_COLUMNS = ("kind", "items", "value", "nodes", "seconds", "solver")
"""One row of a proved-search file: the empty board (``start``, the value for the first player) or an
opening (``nodes``/``edges``, space-separated numbers; the value for its maker), what the search cost."""
PROVED_FOLDER = "proved"
"""The study store's folder of proved searches, one CSV per board and reading: a stopped run resumes
from them (their values are not searched again), here or in a fresh clone (the store is committed)."""


def proved_path(store: str | Path, spec: str, scope: str) -> Path:
    """The proved-search file of ``spec`` under the ``scope`` reading in the study store ``store``."""
    return Path(store) / PROVED_FOLDER / f"{spec.replace(':', '_')}-{scope}.csv"


def read_proved(path: Path) -> list[dict[str, Any]]:
    """The rows of a proved-search file (none when it does not exist); a damaged one is refused with
    what is wrong and how to discard it.

    >>> read_proved(Path("no/such/file.csv"))
    []
    """
    if not path.exists():
        return []
    regular_file(path, "proved searches", PROVED_LIMIT)

    def bad(why: str) -> StoreCorruptError:
        return StoreCorruptError(
            f"proved searches {path} are damaged ({why}); remove the file (those searches run again)"
        )

    try:
        table = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (ValueError, UnicodeDecodeError) as exc:
        raise bad(f"not a CSV table: {exc}") from None
    if tuple(table.columns) != PROVED_COLUMNS:
        raise bad(f"columns {', '.join(table.columns)}, expected {', '.join(PROVED_COLUMNS)}")
    rows = []
    for kind, items, value, nodes, seconds, solver in table.itertuples(index=False):
        if kind not in ("start", "nodes", "edges") or value not in ("win", "draw", "loss"):
            raise bad(f"a row of kind {kind!r} and value {value!r}")
        try:
            numbers = tuple(int(x) for x in items.split())
            cost, took = int(nodes), float(seconds)
        except ValueError:
            raise bad(f"items {items!r}, nodes {nodes!r}, seconds {seconds!r}") from None
        if (kind == "start") != (not numbers) or cost < 0 or not took >= 0 or not math.isfinite(took):
            raise bad(f"a row {kind} {items!r} of {nodes} positions in {seconds} s")
        rows.append({"kind": kind, "items": numbers, "value": value, "nodes": cost, "seconds": took, "solver": solver})
    if len({(r["kind"], r["items"]) for r in rows}) != len(rows):
        raise bad("a search recorded twice")
    return rows


def _write_proved(path: Path, rows: list[dict[str, Any]]) -> None:
    table = pd.DataFrame(rows, columns=list(PROVED_COLUMNS))
    table["items"] = [" ".join(str(i) for i in items) for items in table["items"]]
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, table.to_csv(index=False))


HEAVY_FOLDER = "heavy"
"""The study store's folder of stopped start searches: per board and reading, the table entries of the
finished subtrees that cost :data:`HEAVY_COST` positions or more (Parquet), and how far the search has
gone (JSON). A start search longer than a session resumes from them: its finished subtrees are not
searched again."""
HEAVY_COST = 1_000_000
"""The least cost of an entry kept: a restart searches again at most the unfinished subtrees above it."""
START_CHUNK = 100_000_000
"""Positions a start search runs between two writes of its entries (about 2-4 minutes on one core)."""
HEAVY_LIMIT = 2**27
"""The largest entries file read (128 MiB)."""


def heavy_path(store: str | Path, spec: str, scope: str) -> Path:
    """The kept entries of the start search of ``spec`` under the ``scope`` reading in the study store
    (the solver's keys depend on the structure it uses, which the name carries); its ``.json`` sibling
    says how many positions and seconds the search has taken over every run."""
    return Path(store) / HEAVY_FOLDER / f"{spec.replace(':', '_')}-{scope}-s{STRUCTURE_ALL}.parquet"


def read_heavy(path: Path) -> tuple[pd.DataFrame, dict[str, float]]:
    """The kept entries at ``path`` (:data:`~negenlab.fen.solver.HEAVY_COLUMNS`) and the search's totals
    (``nodes``, ``seconds``); nothing kept when the file does not exist. A damaged file is refused with
    what is wrong and how to discard it.

    >>> entries, totals = read_heavy(Path("no/such/entries.parquet"))
    >>> len(entries), totals
    (0, {'nodes': 0, 'seconds': 0.0})
    """
    totals: dict[str, float] = {"nodes": 0, "seconds": 0.0}
    if not path.exists():
        return pd.DataFrame({c: pd.Series(dtype="int64") for c in HEAVY_COLUMNS}), totals

    def bad(why: str) -> StoreCorruptError:
        return StoreCorruptError(
            f"kept search entries {path} are damaged ({why}); remove it and its .json (the search starts over)"
        )

    regular_file(path, "kept search entries", HEAVY_LIMIT)
    try:
        table = pd.read_parquet(path)
        said = read_json(path.with_suffix(".json"), "a start search's totals")
    except Exception as exc:  # pyarrow and json raise several kinds on a damaged file
        raise bad((str(exc).splitlines() or [type(exc).__name__])[0]) from None
    if tuple(table.columns) != HEAVY_COLUMNS:
        raise bad(f"columns {', '.join(table.columns)}, expected {', '.join(HEAVY_COLUMNS)}")
    if not ((-1 <= table["low"]) & (table["low"] <= table["high"]) & (table["high"] <= 1)).all():
        raise bad("bounds outside -1 <= low <= high <= 1")
    if (table["cost"] < 0).any() or table.duplicated(["k0", "k1", "k2"]).any():
        raise bad("a negative cost or a key kept twice")
    if not isinstance(said, dict) or set(said) != {"nodes", "seconds"}:
        raise bad("the .json holds no nodes and seconds")
    return table, {"nodes": int(said["nodes"]), "seconds": float(said["seconds"])}


def _write_heavy(path: Path, old: pd.DataFrame, new: pd.DataFrame, totals: dict[str, float]) -> pd.DataFrame:
    """Keep ``old`` and ``new`` entries (one row a key: the tighter bounds, the larger cost) at ``path``."""
    both = pd.concat([old, new], ignore_index=True)
    kept = both.groupby(["k0", "k1", "k2"], as_index=False, sort=True).agg(
        low=("low", "max"), high=("high", "min"), cost=("cost", "max")
    )
    kept = kept[list(HEAVY_COLUMNS)].astype({"low": "int8", "high": "int8", "cost": "int64"})
    buffer = io.BytesIO()
    kept.to_parquet(buffer, index=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, buffer.getvalue())
    write_atomic(path.with_suffix(".json"), json.dumps(totals))
    return kept


def prove_start(
    spec: str,
    scope: str,
    budget: int,
    store: str | Path | None = None,
    tt_bits: int = SOLVE_TT_BITS,
    progress: Callable[[str], None] | None = None,
    chunk: int = START_CHUNK,
    min_cost: int = HEAVY_COST,
) -> tuple[dict[str, Any] | None, int]:
    """The empty board's value for the first player by alpha-beta null-window searches (does the first
    player win? then, where a game can draw, do they hold the draw?), at most ``budget`` positions this
    call. With a study ``store`` the search starts from the entries kept by earlier runs
    (:func:`heavy_path`) and, every ``chunk`` positions, keeps the entries of its finished subtrees that
    cost ``min_cost`` or more, so a stopped search resumes on any machine (a search picked up again in
    the same table goes on where it stopped). Returns the proved-search row of the start (None while
    open; its ``nodes`` and ``seconds`` over every run) and the positions this call searched.

    >>> row, searched = prove_start("square:3x1", "interior", budget=10**6)
    >>> row["kind"], row["value"], searched == row["nodes"]
    ('start', 'win', True)
    """
    solver = Solver(_solved_game(spec, scope), tt_bits=tt_bits)
    path = None if store is None else heavy_path(store, spec, scope)
    kept, totals = (
        read_heavy(path)
        if path is not None
        else (pd.DataFrame(columns=list(HEAVY_COLUMNS)), {"nodes": 0, "seconds": 0.0})
    )
    solver.preload(kept)
    first = solver.nodes

    def settle(at_least: int) -> bool | None:
        nonlocal kept
        answer = None
        while answer is None and (left := budget - (solver.nodes - first)) > 0:
            begun, before = time.perf_counter(), solver.nodes
            answer = solver.decides(0, 0, 0, 0, at_least, min(chunk, left))
            totals["nodes"] += solver.nodes - before
            totals["seconds"] = round(totals["seconds"] + time.perf_counter() - begun, 2)
            if path is not None:
                kept = _write_heavy(path, kept, solver.heavy_entries(min_cost), totals)
            if progress is not None:
                progress(
                    f"{spec} {scope}: {totals['nodes']:,} positions over every run, {len(kept):,} entries kept; "
                    + ("open" if answer is None else "settled")
                )
        return answer

    wins = settle(1)
    if wins is None:
        return None, solver.nodes - first
    value = "win" if wins else "loss" if solver.majority_ends else None
    if value is None:  # a game can draw: does the first player hold it?
        holds = settle(0)
        if holds is None:
            return None, solver.nodes - first
        value = "draw" if holds else "loss"
    row: dict[str, Any] = {"kind": "start", "items": (), "value": value, "nodes": int(totals["nodes"])}
    row |= {"seconds": totals["seconds"], "solver": f"alphabeta structure={STRUCTURE_ALL}, null windows"}
    return row, solver.nodes - first


def settle_start(
    spec: str,
    scope: str,
    budget: int,
    store: str | Path | None = None,
    tt_bits: int = SOLVE_TT_BITS,
) -> tuple[list[dict[str, Any]], int]:
    """The proved searches of ``spec`` under the ``scope`` reading (:func:`read_proved`) with the empty
    board's value among them once it is known: where no run has settled it, :func:`prove_start` searches
    at most ``budget`` positions, and with a study ``store`` a value found is written to the board's
    proved-search file. Also returns the positions searched without settling it (0 once settled). A long
    start search in the background is this with a large budget, as often as needed:
    ``settle_start("square:3x3", "interior", 2 * 10**9, "data/fen/solved_store")``; then
    ``negenlab study fen solved --seed 2024`` reads it.

    >>> rows, unsettled = settle_start("triangle:1", "interior", budget=1_000, tt_bits=16)
    >>> [(r["kind"], r["value"]) for r in rows], unsettled
    ([('start', 'win')], 0)
    """
    path = None if store is None else proved_path(store, spec, scope)
    rows = [] if path is None else read_proved(path)
    if any(r["kind"] == "start" or r["value"] == "win" for r in rows):
        return rows, 0
    say = (lambda line: print(line, file=sys.stderr, flush=True)) if store is not None else None
    start, searched = prove_start(spec, scope, budget, store, tt_bits, say)
    if start is None:
        return rows, searched
    rows.append(start)
    if path is not None:
        _write_proved(path, rows)
    return rows, 0


def solve_board(spec: str, scope: str, cap: int, store: str | None = None, tt_bits: int = SOLVE_TT_BITS) -> dict:
    """One search of :func:`solved_study` (a task, run wherever the backend puts it): the row of
    ``spec`` solved under the ``scope`` reading, capped at ``cap`` positions, with its winning openings
    and the command that repeats it. The empty board is searched first, resumably
    (:func:`prove_start`, at most ``cap`` positions a run), then every opening (at most ``cap`` more).
    With a study ``store`` (a folder), each search is written to its proved-search file as it ends
    (:func:`proved_path`) and those already there are not run again, and a stopped start search keeps
    its finished subtrees (:func:`heavy_path`); the row's
    ``nodes`` and ``seconds`` are then those of the searches that proved, over every run, and of this
    run's searches the cap stopped."""
    path = None if store is None else proved_path(store, spec, scope)
    rows, unsettled_start = settle_start(spec, scope, cap, store, tt_bits)
    name = f"alphabeta structure={STRUCTURE_ALL}"
    before = len(rows)

    def keep(row: dict[str, Any]) -> None:
        rows.append(row | {"solver": name})
        if path is not None:
            _write_proved(path, rows)

    solution = solve(
        _solved_game(spec, scope), tt_bits=tt_bits, max_nodes=cap,
        known={(r["kind"], r["items"]): r["value"] for r in rows}, on_proved=keep,
    )  # fmt: skip
    solution.board = spec
    row = solution.to_row()
    new = rows[before:]
    row["nodes"] = sum(r["nodes"] for r in rows) + solution.nodes - sum(r["nodes"] for r in new) + unsettled_start
    row["seconds"] = round(
        sum(r["seconds"] for r in rows) + max(0.0, solution.seconds - sum(r["seconds"] for r in new)), 2
    )
    wins = solution.openings[solution.openings["value"] == "win"]
    row["winning_openings"] = " ".join(_opening_text(k, i) for k, i in zip(wins["kind"], wins["items"], strict=True))
    row["command"] = f"negenlab fen solve {spec}" + (" --scope all" if scope == "all" else "")
    return row


def solved_study(
    ctx: StudyContext, boards: Sequence[str] = SOLVED_BOARDS, cap: int = SOLVE_CAP, games: int | None = None
) -> StudyResult:
    """FEN under perfect play on small boards (:func:`negenlab.fen.solver.solve`), in the interior
    and the literal reading of n and e (partial claims on): the winner without and with the pie
    rule (``with_pie_by``: every opening searched, or no opening can draw, as on a board of an odd
    number of faces with partial claims), how many openings win, draw and lose for the player who makes
    them, and, where the winner is known, the first player's share of :data:`SOLVED_MCTS` self-play on
    the same board (pie rule off, ``games`` games,
    default :data:`SOLVED_GAMES`, a Wilson interval), to see how far self-play is from perfect play.
    A board the search does not finish within ``cap`` positions is a row that says so; no games
    are played on it. A reading that gives the same n and e as the interior one is not solved twice.
    Each search is a task (:func:`solve_board`) of a work queue
    (:func:`~negenlab.core.simulate.run_tasks`): in turn, on ``ctx.workers`` processes, or on a dask
    cluster (``--backend dask --scheduler ADDRESS``); the table does not depend on where they ran.

    >>> quiet = StudyContext("fen", "solved", seed=1, workers=1, progress=lambda line: None)
    >>> t = solved_study(quiet, boards=["triangle:1"], games=4).table
    >>> t[["board", "scope", "winner", "winner_with_pie"]].values.tolist()[0]
    ['triangle:1', 'interior', 'first player', 'second player']
    """
    games = SOLVED_GAMES if games is None else games
    tasks = []
    for spec in boards:
        seen: dict[tuple[int, int], str] = {}
        for scope in ("interior", "all"):
            game = _solved_game(spec, scope)
            if (game.n, game.e) in seen:
                ctx.progress(f"{spec} {scope}: n={game.n}, e={game.e} as in the {seen[(game.n, game.e)]} reading")
                continue
            seen[(game.n, game.e)] = scope
            tasks.append((spec, scope, cap, None if ctx.store is None else str(ctx.store)))
    solved: dict[tuple[str, str], dict] = {}

    def record(task: tuple, row: dict) -> list:
        solved[task[:2]] = row
        ctx.progress(
            f"{task[0]} {task[1]} (n={row['n']}, e={row['e']}): {row['winner']}, with the pie rule "
            f"{row['winner_with_pie']}; {row['nodes']:,} positions in {row['seconds']} s"
            + ("" if row["complete"] else " (capped)")
        )
        return []

    run_tasks(solve_board, tasks, record, ctx.workers)  # the searches: in turn, on processes or on dask
    rows = []
    for spec, scope, *_ in tasks:  # then the self-play beside each solved board, in the table's order
        row = solved[(spec, scope)] | {"mcts_games": 0, "mcts_first_wins": 0, "mcts_draws": 0}
        row |= {"mcts_first_rate": float("nan"), "mcts_lo": float("nan"), "mcts_hi": float("nan")}
        if row["winner"] != "unknown":  # perfect play's winner beside self-play's
            where = ctx.store_for(f"{spec.replace(':', '_')}-{scope}")
            agents = [_make_agent(SOLVED_MCTS), _make_agent(SOLVED_MCTS)]
            game = _solved_game(spec, scope)
            df = simulate(game, agents, games, ctx.seed, store=where, workers=ctx.workers, progress=False)
            q = rate_row("first_player_win_rate", int((df["winner"] == 0).sum()), len(df))
            row |= {"mcts_games": len(df), "mcts_first_wins": int((df["winner"] == 0).sum())}
            row |= {"mcts_draws": int((df["winner"] < 0).sum())}
            row |= {"mcts_first_rate": q["value"], "mcts_lo": q["lo"], "mcts_hi": q["hi"]}
        rows.append(row)
    return StudyResult(
        pd.DataFrame(rows),
        rules={"partial_claims": True, "pie_rule": "both: winner without it, winner_with_pie with it"},
        agents=[SOLVED_MCTS, SOLVED_MCTS],
        extra={"cap": cap, "tt_bits": SOLVE_TT_BITS, "games": games, "solver": "negenlab fen solve"},
    )


PROOF_AGENTS = ("random", "greedy", "mcts:50", "mcts:200", "mcts:800", "mcts:3200")
"""The players measured against perfect play, weakest first."""
PROOF_PER_BOARD = 60
"""Mid-game positions whose decision matters, per solved board and reading (random games' positions)."""


PROOF_POSITION_FACES = 5
"""The largest boards (in faces) whose proved positions are listed: every turn's value after every
opening of the 7-face board would take hours of search (its openings alone took 403M positions)."""


def solved_readings(solved: pd.DataFrame, max_faces: int = PROOF_POSITION_FACES) -> list[tuple[str, str]]:
    """(board, reading of n and e) of every solved row the search finished on a board of at most
    ``max_faces`` faces, in the table's order."""
    done = solved[solved["complete"].astype(bool) & (solved["faces"] <= max_faces)]
    return [(str(b), str(s)) for b, s in zip(done["board"], done["scope"], strict=True)]


def proof_positions_study(ctx: StudyContext, solved: pd.DataFrame | None = None) -> StudyResult:
    """``negenlab study fen proof_positions``: the positions with proved values behind the agents'
    measure (:func:`negenlab.fen.proof.proof_positions`) on every board and reading the solved study
    finished (``solved``, default the committed table) of at most :data:`PROOF_POSITION_FACES` faces: the start, every opening and up to
    :data:`PROOF_PER_BOARD` mid-game positions of seeded random games whose decision matters."""
    solved = committed_table("fen", "solved", TABLES["solved"]) if solved is None else solved
    parts = []
    for board, scope in solved_readings(solved):
        t = proof_positions(board, scope, PROOF_PER_BOARD, ctx.seed)
        ctx.progress(f"{board} {scope}: {len(t)} positions, {int(matters(t).sum())} whose decision matters")
        parts.append(t)
    return StudyResult(
        pd.concat(parts, ignore_index=True),
        rules={"partial_claims": True, "pie_rule": False},
        agents=["random"],
        extra={"per_board": PROOF_PER_BOARD, "solver": "negenlab.fen.solver.Solver"},
    )


PROOF_COSTLY: dict[str, tuple[str, ...]] = {}
"""Players whose self-play after every opening would cost too much, judged only on the openings where
one of the named smaller budgets misjudged or stayed undecided (the others counted as not judged).
None now: the one costly player, mcts:3200, judges no opening (:data:`PROOF_DECISIONS_ONLY`)."""
PROOF_MAX_FACES = 3
"""The largest solved boards (in faces) the players are measured on, for the cost of mcts:800's self-play
after every opening: the two readings of 3.3.3.3.3.3:5 (5 triangles, 39 openings and 120 positions) are
left out of the committed table; at the rate measured on square 3x1 (mcts:800 took 412 s for its 18
openings and 71 decisions on the shared machine) and with longer games on five faces, they would have
added about 40 minutes, which the session that made the table did not have."""


def measured_positions(table: pd.DataFrame, max_faces: int | None = None) -> pd.DataFrame:
    """The rows of the proved positions on the boards of at most ``max_faces`` faces (default
    :data:`PROOF_MAX_FACES`): the ones the players are measured on.

    >>> t = pd.DataFrame({"board": ["triangle:1", "3.3.3.3.3.3:5"], "scope": "interior"})
    >>> measured_positions(t)["board"].tolist()
    ['triangle:1']
    """
    cap = PROOF_MAX_FACES if max_faces is None else max_faces
    faces = {b: proof_game(b).tessellation.num_faces for b in table["board"].unique()}
    return table[table["board"].map(faces) <= cap]


PROOF_READINGS = (
    ("triangle:1", "interior"),
    ("square:1x1", "interior"),
    ("hexagon:0", "interior"),
    ("3.3.3.3.3.3:3", "interior"),
    ("3.3.3.3.3.3:3", "all"),
    ("square:3x1", "interior"),
    ("square:3x1", "all"),
)
"""The (board, reading) pairs the players are measured on: every reading of :data:`SOLVED_BOARDS` that the
solved study finishes, of at most :data:`PROOF_MAX_FACES` faces (a literal reading giving the interior's n
and e is not solved twice). The tables of proved positions and of the players against them hold each."""


PROOF_DECISIONS_ONLY = ("mcts:3200",)
"""Players that judge no opening by self-play, for its cost: they play every decision that matters
and the swap after every opening. mcts:3200's self-play after the openings mcts:800 left undecided
(10 of the 18 on square 3x1 alone, up to 32 games each at about 4 s a game on the shared machine)
would have taken several hours over the solved boards; the openings count as not judged."""


def _judged(
    ctx: StudyContext, spec: str, rows: pd.DataFrame, judge: set[str] | None = None, solver: Solver | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One player's row of the agents-against-proof table on one board and reading, and its
    judgement of each opening, kept in the study's store (``<store>/<agent>-<board>-<scope>.json``)
    so that a rerun resumes. ``judge``: the openings (their actions) to judge by self-play, default all."""
    board, scope = str(rows["board"].iloc[0]), str(rows["scope"].iloc[0])
    key = {
        "seed": ctx.seed,
        "agent": spec,
        "rows": len(rows),
        "actions": hash_text(" | ".join(rows["actions"])),
        "judge": None if judge is None else hash_text(" | ".join(sorted(judge))),
    }
    where = ctx.store_for(f"{_slug(spec)}-{board.replace(':', '_')}-{scope}.json")
    if where is not None and os.path.lexists(where):
        held = read_json(where, "kept judgement")  # bounded, a regular file
        if isinstance(held, dict) and held.get("key") == key:
            return held["row"], held["openings"]
    start = time.perf_counter()
    result = judge_player(
        _make_agent(spec), rows, seed=ctx.seed, judge=None if judge is None else judge.__contains__, solver=solver
    )
    row = summary_row(spec, board, scope, proof_game(board, scope), result)
    row["seconds"] = round(time.perf_counter() - start, 1)
    openings = [dataclasses.asdict(j) for j in result.judgements]
    if where is not None:
        where.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(where, json.dumps({"key": key, "row": row, "openings": openings}, default=float))
    return row, openings


def all_boards_row(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One player's rows over every board and reading, summed (the decisions kept with their Wilson
    interval; the misjudged openings named with their board)."""
    t = pd.DataFrame(rows)
    positions, kept = int(t["positions"].sum()), int(t["kept"].sum())
    lo, hi = wilson_interval(kept, positions)
    named = [f"{r['board']} ({r['scope']}): {r['misjudged_openings']}" for r in rows if r["misjudged_openings"]]
    counts = ("openings", "right", "misjudged", "undecided", "not_judged", "opening_games", "swaps", "swaps_right")
    return {
        "agent": rows[0]["agent"], "board": "all", "scope": "all", "n": None, "e": None, "positions": positions,
        "kept": kept, "share": kept / positions, "lo": lo, "hi": hi, "misjudged_openings": "; ".join(named),
    } | {k: int(t[k].sum()) for k in counts} | {"seconds": round(float(t["seconds"].sum()), 1)}  # fmt: skip


def agents_vs_proof_study(ctx: StudyContext, positions: pd.DataFrame | None = None) -> StudyResult:
    """``negenlab study fen agents_vs_proof``: each player of :data:`PROOF_AGENTS` against perfect
    play on the committed proved positions (``positions``, default data/fen/proof_positions.csv):
    per board and reading, and over all of them, the share of decisions that matter whose whole turn
    keeps the proved win (n and a Wilson interval), its self-play judgement of every opening (right,
    misjudged, undecided; :data:`PROOF_COSTLY` players only where a smaller budget erred, none for
    :data:`PROOF_DECISIONS_ONLY`) and its swap
    after every opening with the pie rule on (:func:`negenlab.fen.proof.judge_player`)."""
    table = committed_table("fen", "proof_positions", TABLES["proof_positions"]) if positions is None else positions
    table = measured_positions(table.fillna({"actions": ""}))
    by_agent: dict[str, list[dict[str, Any]]] = {spec: [] for spec in PROOF_AGENTS}
    for (board, scope), part in table.groupby(["board", "scope"], sort=False):
        solver = proof_solver(proof_game(str(board), str(scope)))  # one table of proved positions for all
        verdicts: dict[str, dict[str, str]] = {}
        for spec in PROOF_AGENTS:
            judge = None
            if spec in PROOF_DECISIONS_ONLY:
                judge = set()
            elif spec in PROOF_COSTLY:  # the openings a smaller budget misjudged or left undecided
                smaller = PROOF_COSTLY[spec]
                judge = {a for a in verdicts[smaller[0]] if any(verdicts[other][a] != "right" for other in smaller)}
            row, openings = _judged(ctx, spec, part, judge, solver)
            verdicts[spec] = {j["actions"]: j["verdict"] for j in openings}
            ctx.progress(
                f"{spec} on {row['board']} ({row['scope']}): kept {row['kept']} of {row['positions']}, openings "
                f"{row['right']} right, {row['misjudged']} misjudged, {row['undecided']} undecided, "
                f"{row['not_judged']} not judged; swaps right {row['swaps_right']} of {row['openings']} "
                f"({row['seconds']} s)"
            )
            by_agent[spec].append(row)
    out = [row for spec in PROOF_AGENTS for row in [*by_agent[spec], all_boards_row(by_agent[spec])]]
    return StudyResult(
        pd.DataFrame(out),
        rules={"partial_claims": True, "pie_rule": "off for decisions and judgements, on for the swap"},
        agents=list(PROOF_AGENTS),
        extra={
            "looks": list(OPENING_LOOKS),
            "positions": "data/fen/proof_positions.csv",
            "costly": {k: list(v) for k, v in PROOF_COSTLY.items()},
            "decisions_only": list(PROOF_DECISIONS_ONLY),
            "max_faces": PROOF_MAX_FACES,
        },
    )


def hash_text(text: str) -> str:
    """A short, stable digest of ``text`` (a store's key)."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fresh_check(ctx: StudyContext) -> pd.DataFrame:
    """A fresh sample (the next seed) of two committed FEN numbers: greedy against random on the
    standard board (the ladder's first step) and greedy self-play on 3.3.3.3.3.3 at 25 faces."""
    fresh_seed = ctx.seed + 1
    rows = []
    trace = committed_table("fen", "ladder", TABLES["ladder"])
    step = trace[(trace["rung"] == "greedy") & (trace["below"] == "random")].iloc[0]
    r = compare(
        games.load("fen", board=STANDARD_BOARD),
        challenger=_make_agent("greedy"),
        baseline=_make_agent("random"),
        seed=fresh_seed,
        max_units=100,
        batch=100,
        workers=ctx.workers,
    )
    committed = {"value": step["score"], "lo": step["lo"], "hi": step["hi"], "n": step["units"]}
    skill = register("fen")["skill"]
    family = sum(1 for c in register("fen").values() if c.rule.statistical)  # the page's family, at most
    rows.append(
        check_row(
            "ladder: greedy's score against random (pairs)",
            committed,
            (r.estimate, r.lo, r.hi, r.units),
            rule=skill.rule,
            alpha=ALPHA / family / len(trace),
            looks=int(step["looks"]),
        )  # fmt: skip
    )
    atlas = committed_table("fen", "atlas_balance", TABLES["atlas_balance"])
    pick = atlas[
        (atlas["tiling"] == "3.3.3.3.3.3")
        & (atlas["faces"] == 25)
        & (atlas["agents"] == "greedy")
        & (atlas["metric"] == "first_player_win_rate")
    ].iloc[0]
    board = T.archimedean("3.3.3.3.3.3", faces=25)
    df = simulate(
        FenGame(board, Rules(pie_rule=False)),
        [_make_agent("greedy")] * 2,
        200,
        fresh_seed,
        workers=ctx.workers,
        progress=False,
    )
    q = rate_row("first_player_win_rate", int((df["winner"] == 0).sum()), len(df))
    rows.append(
        check_row(
            "atlas: first player wins, 3.3.3.3.3.3 at 25 faces, greedy", pick, (q["value"], q["lo"], q["hi"], q["n"])
        )
    )
    return pd.DataFrame(rows)


# -- the statistical claims' numbers, from committed tables or a fresh run ---------------------


def _rate(table: pd.DataFrame, metric: str, **where: Any) -> pd.Series:
    """The one row of a long balance table with ``metric`` and the columns of ``where``."""
    keep = table["metric"] == metric
    for column, value in where.items():
        keep &= table[column] == value
    rows = table[keep]
    if len(rows) != 1:
        shown = ", ".join(f"{k}={v}" for k, v in where.items())
        raise InvalidInputError(f"expected one {metric} row ({shown}) in the table, found {len(rows)}")
    return rows.iloc[0]


def _wins(row: pd.Series) -> Measure:
    """A rate row (value, n) of a long balance table as a rate of independent games."""
    n = int(row["n"])
    return Measure.of_rate(int(round(float(row["value"]) * n)), n)


def pie_strengths(pie: pd.DataFrame) -> list[str]:
    """The player strengths of a pie table, in its order (``"mcts:200 vs mcts:200"`` -> ``"mcts:200"``).

    >>> pie_strengths(pd.DataFrame({"agents": ["mcts:200 vs mcts:200", "mcts:800 vs mcts:800"]}))
    ['mcts:200', 'mcts:800']
    """
    return [str(a).split(" vs ")[0] for a in dict.fromkeys(pie["agents"])]


def pie_share(pie: pd.DataFrame, spec: str | None = None) -> Measure:
    """The first player's share of games won with the pie rule on under ``spec``'s self-play (default:
    the table's only strength), in a pie table (:func:`pie_setting_table`): independent self-play
    games, a Wilson interval.

    >>> t = pd.DataFrame({"metric": ["first_player_win_rate"], "pie_rule": [True], "value": [0.48], "n": [100],
    ...                   "agents": ["mcts:200 vs mcts:200"]})
    >>> m = pie_share(t); m.value, m.n
    (0.48, 100)
    """
    share = _wins(_rate(pie, "first_player_win_rate", pie_rule=True, **_strength(pie, spec)))
    named = _pie_spec(pie, spec)
    design = pie_design(named) if named is not None else PIE_SPRT
    return dataclasses.replace(share, looks=design.looks)  # its play-on's


def swap_share(pie: pd.DataFrame, spec: str | None = None) -> Measure:
    """How often the second player took the swap of the pie rule, in the same games as :func:`pie_share`."""
    return _wins(_rate(pie, "swap_rate", pie_rule=True, **_strength(pie, spec)))


def _pie_spec(pie: pd.DataFrame, spec: str | None) -> str | None:
    """``spec``, or the pie table's only strength (None for a table without an ``agents`` column)."""
    if spec is None:
        strengths = pie_strengths(pie) if "agents" in pie else []
        if len(strengths) > 1:
            raise InvalidInputError(f"the pie table holds {len(strengths)} strengths ({strengths}); name one")
        return strengths[0] if strengths else None
    return spec


def _strength(pie: pd.DataFrame, spec: str | None) -> dict[str, str]:
    named = _pie_spec(pie, spec)
    return {"agents": self_play(named)} if named is not None else {}


def ladder_steps(trace: pd.DataFrame) -> Steps:
    """Each step of a skill trace as a measure of the stronger rung's score over its seat-swapped
    pairs (the unit; two distinct games each), labelled ``"<rung> over <below>"``.

    >>> t = pd.DataFrame({"rung": ["greedy"], "below": ["random"], "score": [0.71], "lo": [0.64], "hi": [0.78],
    ...                   "units": [100], "games": [200]})
    >>> [(label, m.units, m.n) for label, m in ladder_steps(t).steps]
    [('greedy over random', 100, 200)]
    """
    return Steps(
        tuple(
            (
                f"{r['rung']} over {r['below']}",
                step_measure(r, trace_looks(LADDER_MAX_UNITS)),
            )
            for r in trace.to_dict("records")
        )
    )


def tiling_shares(table: pd.DataFrame, faces: int, agents: str) -> pd.DataFrame:
    """The first player's share of wins per tiling at ``faces`` under ``agents`` (columns tiling,
    value, lo, hi, n and ``gap``: the distance from an even game), most balanced first."""
    a = table[(table["faces"] == faces) & (table["agents"] == agents) & (table["metric"] == "first_player_win_rate")]
    out = a[["tiling", "value", "lo", "hi", "n"]].assign(gap=(a["value"] - 0.5).abs())
    return out.sort_values(["gap", "tiling"]).reset_index(drop=True)


def extreme_tilings(table: pd.DataFrame, faces: int) -> dict[str, tuple[str, str]]:
    """Per player strength of an atlas balance table, its most and its least balanced tiling at ``faces``.

    >>> t = pd.DataFrame({"tiling": ["a", "b", "c"], "faces": 49, "agents": "greedy",
    ...                   "metric": "first_player_win_rate", "value": [0.7, 0.52, 0.4], "lo": 0, "hi": 1, "n": 100})
    >>> extreme_tilings(t, 49)
    {'greedy': ('b', 'a')}
    """
    at = table[table["faces"] == faces]
    out = {}
    for agents in dict.fromkeys(at["agents"]):
        shares = tiling_shares(at, faces, str(agents))
        out[str(agents)] = (str(shares["tiling"].iloc[0]), str(shares["tiling"].iloc[-1]))
    return out


def _share_se(row: pd.Series) -> float:
    """The standard error of a share of wins, kept off 0 by half a game (as the judge does for rates)."""
    n = int(row["n"])
    p = (float(row["value"]) * n + 0.5) / (n + 1)
    return math.sqrt(p * (1 - p) / n)


def balance_difference(table: pd.DataFrame, most: str, least: str, faces: int, agents: str) -> Measure:
    """How much farther from an even game the first player of tiling ``least`` is than that of
    tiling ``most``, at ``faces`` under ``agents``: ``|share(least) - 1/2| - |share(most) - 1/2|``,
    its standard error from both independent samples; n counts the games of both tilings.

    >>> t = pd.DataFrame({"tiling": ["a", "b"], "faces": 49, "agents": "greedy",
    ...                   "metric": "first_player_win_rate", "value": [0.52, 0.65], "lo": 0, "hi": 1, "n": 400})
    >>> m = balance_difference(t, "a", "b", 49, "greedy"); round(m.value, 3), m.n
    (0.13, 800)
    """
    rows = [_rate(table, "first_player_win_rate", tiling=name, faces=faces, agents=agents) for name in (most, least)]
    gaps = [abs(float(r["value"]) - 0.5) for r in rows]
    games = sum(int(r["n"]) for r in rows)
    return Measure(gaps[1] - gaps[0], math.hypot(*(_share_se(r) for r in rows)), games, games)


def tiling_players_table(tables: Mapping[str, pd.DataFrame]) -> pd.DataFrame | None:
    """The self-play of the tilings verdict's players (:data:`TILING_PLAYERS`) from the atlas balance
    and the strong atlas tables (either may be missing), stacked; None when neither has them."""
    parts = [tables[k] for k in ("atlas_balance", "atlas_strong") if k in tables]
    parts = [t[t["agents"].isin(TILING_PLAYERS)] for t in parts]
    parts = [t for t in parts if len(t)]
    return pd.concat(parts, ignore_index=True) if parts else None


def claim_statistics(
    tables: Mapping[str, pd.DataFrame], pairs: Mapping[str, tuple[str, str]] | None = None, faces: int | None = None
) -> dict[str, Any]:
    """Every statistical FEN verdict's number, by claim id, from study tables by name (a claim
    whose table is missing is left out): ``pie`` per player strength (:func:`pie_share`), ``skill``
    from the ladder (:func:`ladder_steps`), ``tilings`` per player strength of :data:`TILING_PLAYERS`
    from the atlas balance and strong atlas studies (:func:`balance_difference` of the ``pairs``,
    default each strength's most and least balanced tiling at ``faces``, default the largest). The
    committed tables for the page; the same designs played on a fresh seed for ``negenlab study fen
    recheck``."""
    out: dict[str, Any] = {}
    if "pie" in tables:
        out["pie"] = {spec: pie_share(tables["pie"], spec) for spec in pie_strengths(tables["pie"])}
    trace = skill_trace_table(tables)
    if trace is not None:
        out["skill"] = ladder_steps(trace)
    table = tiling_players_table(tables)
    if table is not None:
        at = int(table["faces"].max()) if faces is None else int(faces)
        chosen = extreme_tilings(table, at) if pairs is None else pairs
        out["tilings"] = {agents: balance_difference(table, m, w, at, agents) for agents, (m, w) in chosen.items()}
    return out


def recheck_study(ctx: StudyContext, tiling_tables: Mapping[str, pd.DataFrame] | None = None) -> StudyResult:
    """``negenlab study fen recheck``: every statistical verdict re-measured on the next seed with
    the committed design: each pie strength's self-play with the pie rule (the same SPRT and cap),
    the whole skill trace (the same SPRT per step), and the most and least balanced tilings of each
    player strength of the tilings verdict (in ``tiling_tables``, default the committed atlas
    balance and strong atlas tables), with as many games a board. One row per re-measured number
    (:func:`negenlab.core.claims.recheck_rows`). The pie study's arms without the pie rule judge no
    claim and are not played again."""
    if tiling_tables is None:  # the tables the page reads: a strong atlas not yet played is left out, as the page does
        tiling_tables = {}
        for name in ("atlas_balance", "atlas_strong"):
            try:
                tiling_tables[name] = committed_table("fen", name, TABLES[name])
            except MissingDataError:
                continue
    atlas = tiling_players_table(tiling_tables)
    if atlas is None:
        raise InvalidInputError(f"no self-play of the tilings verdict's players {TILING_PLAYERS} to re-measure")
    fresh_seed = ctx.seed + 1
    faces = int(atlas["faces"].max())
    pairs = extreme_tilings(atlas, faces)
    pies = []
    for spec in PIE_RUNGS:
        ctx.progress(f"pie rule on, {spec} self-play on {STANDARD_BOARD}, seed {fresh_seed}")
        pies.append(pie_setting_table(True, fresh_seed, ctx.store_for(f"pie-{_slug(spec)}"), ctx.workers,
                                      ctx.progress, spec))  # fmt: skip
    pie = pd.concat(pies, ignore_index=True)
    ctx.progress(f"skill trace {' < '.join(LADDER)} < {LADDER_TOP[-1]}, seed {fresh_seed}")
    ladder = ladder_trace(fresh_seed, ctx.store_for("ladder"), ctx.workers, ctx.progress)
    top = ladder_trace(fresh_seed, ctx.store_for("ladder_top"), ctx.workers, ctx.progress, rungs=LADDER_TOP)
    boards = []
    for agents, pair in pairs.items():
        for name in pair:
            n = int(_rate(atlas, "first_player_win_rate", tiling=name, faces=faces, agents=agents)["n"])
            ctx.progress(f"{name} at {faces} faces, {agents} self-play, {n} games, seed {fresh_seed}")
            where = ctx.store_for(f"tilings-{name}-{faces}-{_slug(agents)}")
            boards.append(tiling_table(name, faces, agents, n, fresh_seed, where, ctx.workers))
    fresh = {"pie": pie, "ladder": ladder, "ladder_top": top, "atlas_balance": pd.concat(boards, ignore_index=True)}
    statistics = claim_statistics(fresh, pairs, faces)
    rows = [r for cid, what in statistics.items() for r in recheck_rows(cid, what, fresh_seed, ctx.command)]
    swaps = {spec: swap_share(pie, spec) for spec in PIE_RUNGS}
    return StudyResult(
        pd.DataFrame(rows, columns=list(RECHECK.columns)),
        rules={"pie and skill": "the default Rules (pie rule on)", "tilings": "pie rule off", "board": STANDARD_BOARD},
        agents=list(LADDER),
        extra={
            "fresh_seed": fresh_seed,
            "pie_games": {spec: m.n for spec, m in swaps.items()},
            "pie_swaps": {spec: int(m.successes or 0) for spec, m in swaps.items()},
            "pie_sprt": {
                spec: str(_rate(pie, "first_player_win_rate", pie_rule=True, agents=self_play(spec))["decision"])
                for spec in PIE_RUNGS
            },
            "ladder_units": {
                f"{r['rung']} over {r['below']}": int(r["units"]) for r in pd.concat([ladder, top]).to_dict("records")
            },
            "tiling_pairs": {agents: {"most balanced": m, "least balanced": w} for agents, (m, w) in pairs.items()},
            "tiling_faces": faces,
        },
    )


RECHECK_STORE = "data/fen/recheck_store"  # committed: a fresh clone resumes the re-measurement

STUDIES = {
    s.name: s
    for s in (
        Study(
            "ladder",
            "skill trace on the standard board: " + " < ".join(LADDER),
            ladder_study,
            "about 30 min on one core",
            store="data/fen/ladder_store",
        ),
        Study(
            "ladder_top",
            f"the skill trace's top step on the standard board: {' < '.join(LADDER_TOP)}",
            ladder_top_study,
            "25-70 min on one free core (100 to 300 pairs at about 14 s a pair; twice that on a shared one)",
            store="data/fen/ladder_top_store",
        ),
        Study(
            "pie",
            f"first-player advantage under {' and '.join(PIE_RUNGS)} self-play (both decide the swap), with the pie "
            f"rule and ({', '.join(PIE_OFF)}) without it",
            pie_study,
            "1.5-4 h on one core, resumable (mcts:200 about 2.5 s a game, 100 to 300 games a setting and on to 600 "
            "with the pie rule; mcts:800 about 12 s, 100 and on to 400)",
            store="data/fen/pie_store",
        ),
        Study(
            "blocked",
            "can the standard board end blocked, and drawn? (proof and directed search)",
            blocked_study,
            "about 2 min",
            uses_backend=False,
        ),
        Study(
            "solved",
            f"perfect play on {len(SOLVED_BOARDS)} small boards (exact), against {SOLVED_MCTS} self-play",
            solved_study,
            "about 10 min: each open board and reading searches up to its cap again; proved searches are kept",
            store="data/fen/solved_store",
        ),
        Study(
            "atlas_balance",
            "the 11 tilings at 25 and 49 faces under greedy and MCTS self-play",
            atlas_balance_study,
            "about 20 min",
        ),
        Study(
            "atlas_strong",
            f"the 11 tilings at {STRONG_FACES} faces under "
            + ", ".join(f"{spec} self-play ({n} games a board)" for spec, n in STRONG_AGENTS.items()),
            atlas_strong_study,
            "about 40 min on one core shared with other work (330 mcts:200 games of a few seconds); resumable",
            store="data/fen/atlas_strong_store",
        ),
        Study(
            "proof_positions",
            "positions with values proved by the exact solver on every solved board: the start, every opening and "
            f"up to {PROOF_PER_BOARD} mid-game positions a board whose decision matters",
            proof_positions_study,
            "about 3 min",
            uses_backend=False,
        ),
        Study(
            "agents_vs_proof",
            f"{', '.join(PROOF_AGENTS)} against perfect play on the proved positions: decisions that keep the win, "
            "each opening judged by self-play, the swap after each opening",
            agents_vs_proof_study,
            "about 1.5 h on one core shared with others, resumable (mostly mcts:800's self-play after the openings)",
            uses_backend=False,
        ),
        Study(
            "recheck",
            "every statistical verdict re-measured on the next seed with the committed design: "
            f"{' and '.join(PIE_RUNGS)} self-play with the pie rule (SPRT 50% against 60%, from 100 games to the "
            f"pie study's caps, then on until the share settles the verdict's band), the skill trace {' < '.join(LADDER)} < {LADDER_TOP[-1]} (SPRT 50% against 55% per step, 100 to "
            f"{LADDER_MAX_UNITS} seat-swapped pairs), and the most and least balanced tiling of each player "
            f"strength of the tilings verdict ({', '.join(TILING_PLAYERS)}) at {STRONG_FACES} faces, as many games "
            "a board as the committed tables",
            recheck_study,
            "about 2.5-5 h on one core, resumable (pie games 1-3 h, the skill trace 40-90 min, tilings about 15)",
            store=RECHECK_STORE,
        ),
    )
}


def _trace(rungs: Sequence[str]) -> list[dict[str, str]]:
    """The rows of a skill trace the page reads: each rung over the one below it, on the standard board."""
    return [{"board": STANDARD_BOARD, "rung": b, "below": a} for a, b in zip(rungs, rungs[1:], strict=False)]


LADDER_SCHEMA = Schema(
    {"board": "text", **SKILL_TRACE, "sprt_units": "count", "swaps": "count?", "swap_rate": "rate?"},
    intervals=[("score", "lo", "hi")],
    keys=["board", "rung", "below"],
)
OUTCOMES = ("first player", "second player", "draw", "unknown")
"""What a solved board's value can be."""
_PIE_SHARES = ("first_player_win_rate", "second_player_win_rate", "draw_rate")


def _shares_above_one(table: pd.DataFrame) -> int | None:
    """The first row of a setting whose first-player, second-player and draw shares add up to more than 1."""
    shares = table["metric"].isin(_PIE_SHARES)
    setting = [table["board"].astype(str), table["pie_rule"].astype(str), table["agents"].astype(str)]
    total = table["value"].where(shares, 0.0).groupby(setting).transform("sum")
    return first_row(shares & (total > 1 + 1e-9))


ATLAS_BALANCE = Schema(
    {"tiling": "text", "faces": "count", "n_per_turn": "count", "e": "count", "agents": "text"}
    | long_columns(group=False),
    intervals=[("value", "lo", "hi")],
    rows=[WILSON_ROWS],
    keys=["tiling", "faces", "agents", "metric"],
)
_TILING_METRICS = ("first_player_win_rate", "ends_by_majority")
"""The rows of a tilings table the page reads, for every tiling, size and player."""
_ATLAS_COUNTS = ("faces", "nodes", "edges", "N", "E", "n", "e", "N_all", "E_all", "n_all", "e_all")
_BLOCKED_COUNTS = ("random_playouts", "random_blocked", "random_blocked_draws", "directed_playouts")
TABLES = {
    "atlas": Schema(
        {"tiling": "text", **dict.fromkeys(_ATLAS_COUNTS, "count"), "agree": "bool"}
        | {f"p1_win_nopie{s}": "rate" for s in ("", "_lo", "_hi")}
        | {"games_nopie": "count", "mean_turns": "number", "draw_rate": "rate"}
        | {f"p1_win_pie{s}": "rate" for s in ("", "_lo", "_hi")}
        | {"games_pie": "count"},
        intervals=[
            ("p1_win_nopie", "p1_win_nopie_lo", "p1_win_nopie_hi"),
            ("p1_win_pie", "p1_win_pie_lo", "p1_win_pie_hi"),
        ],
        keys=["tiling", "faces"],
        required=every(tiling=T.ARCHIMEDEAN, faces=DEFAULT_SIZES),  # the page sums over every board
    ),
    "atlas_balance": dataclasses.replace(
        ATLAS_BALANCE,
        required=every(tiling=T.ARCHIMEDEAN, faces=ATLAS_SIZES, agents=ATLAS_AGENTS, metric=_TILING_METRICS),
    ),
    "atlas_strong": dataclasses.replace(
        ATLAS_BALANCE,
        required=every(tiling=T.ARCHIMEDEAN, faces=(STRONG_FACES,), agents=STRONG_AGENTS, metric=_TILING_METRICS),
    ),
    "blocked": Schema(
        {"board": "text", "rules": "text", "ruled_out_by_counting": "bool"}
        | dict.fromkeys((*_BLOCKED_COUNTS, "directed_blocked", "directed_blocked_draws"), "count")
        | {"closest_gap": "count?", "finding": "text?"},
        keys=["board", "rules"],
        required=[{"board": STANDARD_BOARD, "rules": "default"}],  # the blocked-end verdict reads it
    ),
    "ladder": dataclasses.replace(LADDER_SCHEMA, required=_trace(LADDER)),
    "ladder_top": dataclasses.replace(LADDER_SCHEMA, required=_trace(LADDER_TOP)),
    "solved": Schema(
        {"board": "text", "faces": "count", "scope": "text", "partial_claims": "bool", "n": "count", "e": "count"}
        | {"winner": "text", "winner_with_pie": "text", "with_pie_by": "text?", "openings": "count"}
        | {f"{v}_openings": "count" for v in ("win", "draw", "loss", "unknown")}
        | {"complete": "bool", "nodes": "count", "seconds": "number", "winning_openings": "text?", "command": "text"}
        | {"mcts_games": "count", "mcts_first_wins": "count", "mcts_draws": "count"}
        | {"mcts_first_rate": "rate?", "mcts_lo": "rate?", "mcts_hi": "rate?"},
        intervals=[("mcts_first_rate", "mcts_lo", "mcts_hi")],
        keys=["board", "scope", "partial_claims"],
        required=every(board=SOLVED_BOARDS, scope=("interior",), partial_claims=(True,)),  # each board the page counts
        values={"winner": OUTCOMES, "winner_with_pie": OUTCOMES},
        checks=[
            Check(
                "win, draw, loss and unknown openings add up to the openings",
                lambda t: first_row(
                    t[[f"{v}_openings" for v in ("win", "draw", "loss", "unknown")]].sum(axis=1) != t["openings"]
                ),
            ),
            Check(
                "the first player wins a solved board with a winning opening",
                lambda t: first_row(
                    (t["winner"] == "first player") & t["complete"].astype(bool) & (t["win_openings"] == 0)
                ),
            ),
        ],
    ),
    "recheck": recheck_schema(  # every number a verdict's re-measurement reads
        players={"pie": PIE_RUNGS, "tilings": TILING_PLAYERS},
        steps={"skill": [f"{b} over {a}" for a, b in itertools.pairwise((*LADDER, *LADDER_TOP[1:]))]},
    ),
    "proof_positions": Schema(
        {"board": "text", "scope": "text", "n": "count", "e": "count", "kind": "text", "actions": "text?"}
        | {"turn": "count", "value": "text", "turns": "count", "keeping_turns": "count"},
        keys=["board", "scope", "kind", "actions"],
        required=[{"board": b, "scope": s, "kind": "start"} for b, s in PROOF_READINGS],  # each reading measured
    ),
    "agents_vs_proof": Schema(
        {"agent": "text", "board": "text", "scope": "text", "n": "count?", "e": "count?", "positions": "count"}
        | {"kept": "count", "share": "rate?", "lo": "rate?", "hi": "rate?"}
        | dict.fromkeys(("openings", "right", "misjudged", "undecided", "not_judged"), "count")
        | {"misjudged_openings": "text?", "opening_games": "count", "swaps": "count", "swaps_right": "count"}
        | {"seconds": "number"},
        intervals=[("share", "lo", "hi")],
        keys=["agent", "board", "scope"],
        required=[  # every player on every reading measured, and over all of them (the rows the page shows)
            {"agent": a, "board": b, "scope": s} for a in PROOF_AGENTS for b, s in (*PROOF_READINGS, ("all", "all"))
        ],
    ),
    "pie": Schema(
        {"board": "text", "pie_rule": "bool", "agents": "text"}
        | long_columns()
        | nullable({**SPRT_COLUMNS, "alpha": "rate", "beta": "rate", "sprt_games": "count"}),
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
        keys=["board", "pie_rule", "agents", "metric"],
        required=[  # the rows the pie verdict reads: the first player's share with the rule on and off
            {"pie_rule": on, "agents": f"{rung} vs {rung}", "metric": "first_player_win_rate"}
            for rung, on in (("mcts:200", True), ("mcts:200", False), ("mcts:800", True))
        ],
        checks=[
            Check(
                "the first player's, the second player's and the draw share of a setting add to at most 1",
                _shares_above_one,
            )
        ],
    ),
}
"""The committed tables of data/fen by name, with what their loaders need (checked on load)."""


VARIANT_CLAIMS = (
    VariantClaim(
        PIE_CLAIM,
        "seat_share",
        how="the first player's share of games won under the run's own players (greedy in every seat unless "
        f"--agents says otherwise); the page's numbers are {' and '.join(PIE_RUNGS)} self-play on the standard board",
        fields=("pie_rule",),
        strengths=PIE_RUNGS,
        committed=lambda spec: Path("data/fen/pie_store") / f"{_slug(spec)}-pie",
        beside=(("the swap rate (games in which the second player swapped)", "swapped"),),
        asked=lambda f: (
            "the claim is about the pie rule, which this variant turns off" if f.get("pie_rule") is False else None
        ),
    ),
)
"""The claims ``negenlab fen variant`` judges: the register's pie claim, the first player's share
of games (between 45% and 55%)."""


__all__ = [
    "TABLES",
    "balance",
    "balance_rows",
    "balance_table",
    "pie_settings",
    "atlas_boards",
    "atlas_table",
    "DEFAULT_SIZES",
    "STUDIES",
    "LADDER",
    "LADDER_TOP",
    "ladder_top_study",
    "skill_trace_table",
    "PIE_RUNGS",
    "TILING_PLAYERS",
    "pie_design",
    "pie_strengths",
    "self_play",
    "tiling_players_table",
    "atlas_strong_study",
    "ladder_trace",
    "pie_setting_table",
    "tiling_table",
    "pie_share",
    "swap_share",
    "ladder_steps",
    "extreme_tilings",
    "balance_difference",
    "claim_statistics",
    "recheck_study",
    "SOLVED_BOARDS",
    "PROOF_AGENTS",
    "PROOF_DECISIONS_ONLY",
    "PROOF_MAX_FACES",
    "measured_positions",
    "proof_positions_study",
    "agents_vs_proof_study",
    "all_boards_row",
    "VARIANT_CLAIMS",
]
