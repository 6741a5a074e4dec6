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
import math
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from negenlab import games
from negenlab.core import simulate
from negenlab.core.agents import Agent, RandomAgent
from negenlab.core.claims import RECHECK, Measure, Steps, recheck_rows, register
from negenlab.core.compare import compare, sprt
from negenlab.core.data import SKILL_TRACE, SPRT_COLUMNS, WILSON_ROWS, Schema, long_columns, nullable
from negenlab.core.errors import InvalidInputError
from negenlab.core.ladder import skill_trace
from negenlab.core.metrics import rate_text, wilson_interval
from negenlab.core.registry import AgentSpec
from negenlab.core.studies import Study, StudyContext, StudyResult, check_row, committed_table
from negenlab.core.summary_table import long_table, mean_row, rate_row
from negenlab.core.variant import VariantClaim

from . import tilings as T
from .blocked import blocked_end_search
from .game import FenGame, make_game
from .ne import derive_ne
from .rules import Rules
from .solver import solve
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
TOP_RUNG = LADDER[-1]
STANDARD_BOARD = "triangle:7"
ATLAS_SIZES = (25, 49)
ATLAS_AGENTS = {"greedy": 400, "mcts:50": 60}  # agent spec -> self-play games per board


def _make_agent(spec: str) -> Agent:
    return _agents([spec])[0]


LADDER_MAX_UNITS = 300  # seat-swapped pairs per step before the SPRT gives up


@dataclasses.dataclass(frozen=True)
class SprtDesign:
    """A sequential test of the first player's share: ``h0`` against ``h1`` (alpha = beta = 0.05),
    looked at every ``batch`` games from 100 on, at most ``max_games``."""

    h0: float
    h1: float
    batch: int
    max_games: int


PIE_SPRT = SprtDesign(h0=0.5, h1=0.6, batch=50, max_games=300)
"""The pie study's stopping rule, per pie setting."""


def ladder_trace(
    seed: int, store: Path | None = None, workers: int | None = 1, progress: Callable[[str], None] | None = None
) -> pd.DataFrame:
    """The skill trace on the standard board (pie rule on, the default): each rung of
    :data:`LADDER` against the one below, in seat-swapped pairs on common seeds, each step decided
    by an SPRT (50% against 55%) or stopped at :data:`LADDER_MAX_UNITS` pairs; ``board`` in front."""
    trace = skill_trace(
        make_game(STANDARD_BOARD),
        LADDER,
        _make_agent,
        seed=seed,
        max_units=LADDER_MAX_UNITS,
        store=store,
        workers=workers,
        progress=progress,
    )
    trace.insert(0, "board", STANDARD_BOARD)
    return trace


def ladder_study(ctx: StudyContext) -> StudyResult:
    """``negenlab study fen ladder``: :func:`ladder_trace` on the study's seed."""
    trace = ladder_trace(ctx.seed, ctx.store, ctx.workers, ctx.progress)
    return StudyResult(
        trace, rules=make_game(STANDARD_BOARD).rules, agents=list(LADDER), extra={"ladder": list(LADDER)}
    )


def pie_setting_table(
    pie: bool,
    seed: int,
    store: Path | None = None,
    workers: int | None = 1,
    progress: Callable[[str], None] | None = None,
) -> pd.DataFrame:
    """The top rung's self-play on the standard board with the pie rule on or off: games played
    until the SPRT of :data:`PIE_SPRT` decides on the first player's share (or its cap), and the
    balance rows of those games (:func:`balance_table`), the SPRT's outcome on the first player's row."""
    agents = [_make_agent(TOP_RUNG), _make_agent(TOP_RUNG)]
    game = games.load("fen", board=STANDARD_BOARD, pie_rule=pie)
    r = sprt(
        game, agents, h0=PIE_SPRT.h0, h1=PIE_SPRT.h1, seed=seed, batch=PIE_SPRT.batch,
        max_games=PIE_SPRT.max_games, store=store, workers=workers,
    )  # fmt: skip
    if progress is not None:
        progress(f"pie rule {pie}: {r}")
    df = simulate(game, agents, r.units, seed, store=store, workers=workers, progress=False)
    t = balance_table(STANDARD_BOARD, f"{TOP_RUNG} vs {TOP_RUNG}", {pie: df})
    first = t["metric"] == "first_player_win_rate"
    for k in ("decision", "capped", "llr", "h0", "h1", "alpha", "beta"):
        t.loc[first, k] = getattr(r, k)
    return t


def pie_study(ctx: StudyContext) -> StudyResult:
    """First-player advantage on the standard board under the top rung's self-play, with and
    without the pie rule (:func:`pie_setting_table`: an SPRT on the first player's share per
    setting, 50% against 60%, capped at 300 games, plus the balance rows of the same games)."""
    parts = [
        pie_setting_table(pie, ctx.seed, ctx.store_for("pie" if pie else "nopie"), ctx.workers, ctx.progress)
        for pie in (False, True)
    ]
    return StudyResult(pd.concat(parts, ignore_index=True), rules=Rules(), agents=[TOP_RUNG, TOP_RUNG])


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
    parts = []
    for name, board in atlas_boards(sizes=ATLAS_SIZES):
        faces = board.num_faces
        for spec, n in ATLAS_AGENTS.items():
            where = ctx.store_for(f"{name}-{faces}-{spec.replace(':', '')}")
            parts.append(tiling_table(name, faces, spec, n, ctx.seed, where, ctx.workers))
        ctx.progress(f"{name} at {faces} faces done")
    return StudyResult(
        pd.concat(parts, ignore_index=True),
        rules=Rules(pie_rule=False),
        agents=list(ATLAS_AGENTS),
        extra={"games": ATLAS_AGENTS},
    )


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
SOLVE_CAP = 100_000_000
"""Positions per board and reading before the search gives up (about 2 minutes)."""
SOLVE_TT_BITS = 24
SOLVED_MCTS = "mcts:200"
SOLVED_GAMES = 100


def _opening_text(kind: str, items) -> str:
    return ("n" if kind == "nodes" else "e") + "+".join(str(i) for i in items)


def solved_study(ctx: StudyContext, boards: Sequence[str] = SOLVED_BOARDS, cap: int = SOLVE_CAP) -> StudyResult:
    """FEN under perfect play on small boards (:func:`negenlab.fen.solver.solve`), in the interior
    and the literal reading of n and e (partial claims on): the winner without and with the pie
    rule, how many openings win, draw and lose for the player who makes them, and the first
    player's share of :data:`SOLVED_MCTS` self-play on the same board (pie rule off,
    :data:`SOLVED_GAMES` games, a Wilson interval), to see how far self-play is from perfect play.
    A board the search does not finish within ``cap`` positions is a row that says so; no games
    are played on it. A reading that gives the same n and e as the interior one is not solved twice.

    >>> quiet = StudyContext("fen", "solved", seed=1, workers=1, progress=lambda line: None)
    >>> t = solved_study(quiet, boards=["triangle:1"]).table
    >>> t[["board", "scope", "winner", "winner_with_pie"]].values.tolist()[0]
    ['triangle:1', 'interior', 'first player', 'second player']
    """
    rows = []
    for spec in boards:
        seen: dict[tuple[int, int], str] = {}
        for scope in ("interior", "all"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # scopes that disagree warn; the table says so
                game = FenGame(spec, Rules(ne_scope=scope, pie_rule=False))
            if (game.n, game.e) in seen:
                ctx.progress(f"{spec} {scope}: n={game.n}, e={game.e} as in the {seen[(game.n, game.e)]} reading")
                continue
            seen[(game.n, game.e)] = scope
            solution = solve(game, tt_bits=SOLVE_TT_BITS, max_nodes=cap)
            solution.board = spec
            row = solution.to_row()
            wins = solution.openings[solution.openings["value"] == "win"]
            row["winning_openings"] = " ".join(
                _opening_text(k, i) for k, i in zip(wins["kind"], wins["items"], strict=True)
            )
            row["command"] = f"negenlab fen solve {spec}" + (" --scope all" if scope == "all" else "")
            row |= {"mcts_games": 0, "mcts_first_wins": 0, "mcts_draws": 0}
            row |= {"mcts_first_rate": float("nan"), "mcts_lo": float("nan"), "mcts_hi": float("nan")}
            if solution.complete:
                where = ctx.store_for(f"{spec.replace(':', '_')}-{scope}")
                agents = [_make_agent(SOLVED_MCTS), _make_agent(SOLVED_MCTS)]
                df = simulate(game, agents, SOLVED_GAMES, ctx.seed, store=where, workers=ctx.workers, progress=False)
                q = rate_row("first_player_win_rate", int((df["winner"] == 0).sum()), len(df))
                row |= {"mcts_games": len(df), "mcts_first_wins": int((df["winner"] == 0).sum())}
                row |= {"mcts_draws": int((df["winner"] < 0).sum())}
                row |= {"mcts_first_rate": q["value"], "mcts_lo": q["lo"], "mcts_hi": q["hi"]}
            ctx.progress(
                f"{spec} {scope} (n={game.n}, e={game.e}): {row['winner']}, with the pie rule "
                f"{row['winner_with_pie']}; {row['nodes']:,} positions in {row['seconds']} s"
                + ("" if solution.complete else " (capped)")
            )
            rows.append(row)
    return StudyResult(
        pd.DataFrame(rows),
        rules={"partial_claims": True, "pie_rule": "both: winner without it, winner_with_pie with it"},
        agents=[SOLVED_MCTS, SOLVED_MCTS],
        extra={"cap": cap, "tt_bits": SOLVE_TT_BITS, "games": SOLVED_GAMES, "solver": "negenlab fen solve"},
    )


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
    rows.append(
        check_row("ladder: greedy's score against random (pairs)", committed, (r.estimate, r.lo, r.hi, r.units))
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


def pie_share(pie: pd.DataFrame) -> Measure:
    """The first player's share of games won with the pie rule on, in a pie table
    (:func:`pie_setting_table`): independent self-play games, a Wilson interval.

    >>> t = pd.DataFrame({"metric": ["first_player_win_rate"], "pie_rule": [True], "value": [0.48], "n": [100]})
    >>> m = pie_share(t); m.value, m.n
    (0.48, 100)
    """
    return _wins(_rate(pie, "first_player_win_rate", pie_rule=True))


def swap_share(pie: pd.DataFrame) -> Measure:
    """How often the second player took the swap of the pie rule, in the same games as :func:`pie_share`."""
    return _wins(_rate(pie, "swap_rate", pie_rule=True))


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
                Measure.of_interval(r["score"], r["lo"], r["hi"], int(r["units"]), int(r["games"])),
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


def claim_statistics(
    tables: Mapping[str, pd.DataFrame], pairs: Mapping[str, tuple[str, str]] | None = None, faces: int | None = None
) -> dict[str, Any]:
    """Every statistical FEN verdict's number, by claim id, from study tables by name (a claim
    whose table is missing is left out): ``pie`` (:func:`pie_share`), ``skill`` from the ladder
    (:func:`ladder_steps`), ``tilings`` from the atlas balance study, one measure per player
    strength (:func:`balance_difference` of the ``pairs``, default each strength's most and least
    balanced tiling at ``faces``, default the largest). The committed tables for the page; the
    same designs played on a fresh seed for ``negenlab study fen recheck``."""
    out: dict[str, Any] = {}
    if "pie" in tables:
        out["pie"] = pie_share(tables["pie"])
    if "ladder" in tables:
        out["skill"] = ladder_steps(tables["ladder"])
    if "atlas_balance" in tables:
        table = tables["atlas_balance"]
        at = int(table["faces"].max()) if faces is None else int(faces)
        chosen = extreme_tilings(table, at) if pairs is None else pairs
        out["tilings"] = {agents: balance_difference(table, m, w, at, agents) for agents, (m, w) in chosen.items()}
    return out


def recheck_study(ctx: StudyContext, atlas_balance: pd.DataFrame | None = None) -> StudyResult:
    """``negenlab study fen recheck``: every statistical verdict re-measured on the next seed with
    the committed design: the top rung's self-play with the pie rule (the same SPRT and cap), the
    whole skill trace (the same SPRT per step), and the most and least balanced tilings of each
    player strength in the atlas balance study (``atlas_balance``, default the committed table),
    with as many games a board. One row per re-measured number
    (:func:`negenlab.core.claims.recheck_rows`). The pie study's arm without the pie rule judges no
    claim and is not played again."""
    atlas = committed_table("fen", "atlas_balance", TABLES["atlas_balance"]) if atlas_balance is None else atlas_balance
    fresh_seed = ctx.seed + 1
    faces = int(atlas["faces"].max())
    pairs = extreme_tilings(atlas, faces)
    ctx.progress(f"pie rule on, {TOP_RUNG} self-play on {STANDARD_BOARD}, seed {fresh_seed}")
    pie = pie_setting_table(True, fresh_seed, ctx.store_for("pie"), ctx.workers, ctx.progress)
    ctx.progress(f"skill trace {' < '.join(LADDER)}, seed {fresh_seed}")
    ladder = ladder_trace(fresh_seed, ctx.store_for("ladder"), ctx.workers, ctx.progress)
    boards = []
    for agents, pair in pairs.items():
        for name in pair:
            n = int(_rate(atlas, "first_player_win_rate", tiling=name, faces=faces, agents=agents)["n"])
            ctx.progress(f"{name} at {faces} faces, {agents} self-play, {n} games, seed {fresh_seed}")
            where = ctx.store_for(f"tilings-{name}-{faces}-{agents.replace(':', '')}")
            boards.append(tiling_table(name, faces, agents, n, fresh_seed, where, ctx.workers))
    fresh = {"pie": pie, "ladder": ladder, "atlas_balance": pd.concat(boards, ignore_index=True)}
    statistics = claim_statistics(fresh, pairs, faces)
    rows = [r for cid, what in statistics.items() for r in recheck_rows(cid, what, fresh_seed, ctx.command)]
    swaps = swap_share(pie)
    return StudyResult(
        pd.DataFrame(rows, columns=list(RECHECK.columns)),
        rules={"pie and skill": "the default Rules (pie rule on)", "tilings": "pie rule off", "board": STANDARD_BOARD},
        agents=list(LADDER),
        extra={
            "fresh_seed": fresh_seed,
            "pie_games": swaps.n,
            "pie_swaps": int(swaps.successes or 0),
            "pie_sprt": str(_rate(pie, "first_player_win_rate", pie_rule=True)["decision"]),
            "ladder_units": {f"{r['rung']} over {r['below']}": int(r["units"]) for r in ladder.to_dict("records")},
            "tiling_pairs": {agents: {"most balanced": m, "least balanced": w} for agents, (m, w) in pairs.items()},
            "tiling_faces": faces,
        },
    )


STUDIES = {
    s.name: s
    for s in (
        Study("ladder", "skill trace on the standard board: " + " < ".join(LADDER), ladder_study, "about 30 min"),
        Study(
            "pie",
            f"first-player advantage under {TOP_RUNG} self-play, with and without the pie rule",
            pie_study,
            "20-40 min",
        ),
        Study(
            "blocked",
            "can the standard board end blocked, and drawn? (proof and directed search)",
            blocked_study,
            "about 2 min",
            plays_games=False,
        ),
        Study(
            "solved",
            f"perfect play on {len(SOLVED_BOARDS)} small boards (exact), against {SOLVED_MCTS} self-play",
            solved_study,
            "about 25 min",
        ),
        Study(
            "atlas_balance",
            "the 11 tilings at 25 and 49 faces under greedy and MCTS self-play",
            atlas_balance_study,
            "about 20 min",
        ),
        Study(
            "recheck",
            "every statistical verdict re-measured on the next seed with the committed design: "
            f"{TOP_RUNG} self-play with the pie rule (SPRT 50% against 60%, 100 to 300 games), the skill trace "
            f"{' < '.join(LADDER)} (SPRT 50% against 55% per step, 100 to 300 seat-swapped pairs), and the most and "
            f"least balanced tiling of each player strength at {max(ATLAS_SIZES)} faces "
            f"({', '.join(f'{n} {spec}' for spec, n in ATLAS_AGENTS.items())} games a board)",
            recheck_study,
            "30-45 min on one core (pie games 10-30 min, skill trace ~15, tilings ~3)",
        ),
    )
}


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
    ),
    "atlas_balance": Schema(
        {"tiling": "text", "faces": "count", "n_per_turn": "count", "e": "count", "agents": "text"}
        | long_columns(group=False),
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
    ),
    "blocked": Schema(
        {"board": "text", "rules": "text", "ruled_out_by_counting": "bool"}
        | dict.fromkeys((*_BLOCKED_COUNTS, "directed_blocked", "directed_blocked_draws"), "count")
        | {"closest_gap": "count?", "finding": "text?"}
    ),
    "ladder": Schema({"board": "text", **SKILL_TRACE}, intervals=[("score", "lo", "hi")]),
    "solved": Schema(
        {"board": "text", "faces": "count", "scope": "text", "partial_claims": "bool", "n": "count", "e": "count"}
        | {"winner": "text", "winner_with_pie": "text", "openings": "count"}
        | {f"{v}_openings": "count" for v in ("win", "draw", "loss", "unknown")}
        | {"complete": "bool", "nodes": "count", "seconds": "number", "winning_openings": "text?", "command": "text"}
        | {"mcts_games": "count", "mcts_first_wins": "count", "mcts_draws": "count"}
        | {"mcts_first_rate": "rate?", "mcts_lo": "rate?", "mcts_hi": "rate?"},
        intervals=[("mcts_first_rate", "mcts_lo", "mcts_hi")],
    ),
    "recheck": RECHECK,
    "pie": Schema(
        {"board": "text", "pie_rule": "bool", "agents": "text"}
        | long_columns()
        | nullable({**SPRT_COLUMNS, "alpha": "rate", "beta": "rate"}),
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
    ),
}
"""The committed tables of data/fen by name, with what their loaders need (checked on load)."""


VARIANT_CLAIMS = (
    VariantClaim(
        register("fen")["pie"],
        "seat_share",
        how="the first player's share of games won under the run's own players (random in every seat unless "
        f"--agents says otherwise); the page's number is {TOP_RUNG} self-play on the standard board",
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
    "VARIANT_CLAIMS",
]
