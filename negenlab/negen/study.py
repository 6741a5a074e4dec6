"""Negen's studies that make the committed tables in ``data/negen``, each written through
:class:`~negenlab.core.store.ResultStore` with the command that made it:

- the variant study on the exact engine (``study_exact.csv``, below): paired, seat-rotated, resumable;
- the variant study under players who take their wins (``negenlab study negen variants``, :func:`run_variant_study`:
  ``variants.csv`` and its committed store ``variant_store``);
- the spiral counts (:func:`write_spiral_counts`, ``negenlab study negen spiral_counts``),
  the smallest closed spirals (:func:`write_smallest_closed`, ``negenlab study negen smallest_closed``)
  and the adding-only closing odds (:func:`write_closing_odds`, ``negenlab study negen closing_odds``).

Every cell (reading x players x agent mix) plays single rounds (``Rules(target_score=1)``).
Cells with the same number of players share their seeds (whatever the reading, the mix or the
options of the run), so readings and mixes are compared on common random numbers. A mix with a
focus agent (``greedy-vs-random``: one greedy player; ``mcts-vs-greedy``: one MCTS player among
greedy ones) is played in ``players`` blocks with the focus agent in each seat in turn. Each block runs through
:func:`negenlab.core.simulate` with a store folder, so an interrupted study resumes where it
stopped, and the same seed gives the same table on any number of workers.

    python -m negenlab.negen.study --store runs/negen --games 1000 --variants default

Each cell's numbers are one long table of the core summary layer (:func:`cell_summary`: metric,
group, value, lo, hi, n, method); a row of ``study_exact.csv`` is its wide view
(:func:`summarise_cell`: ``x, x_lo, x_hi`` per metric, plus counts).

Costs differ a lot by reading (one core, this machine): a random cell under straight/adjacency
takes minutes, greedy cells about 2 hours per 1,000 rounds, "free" cells 6-11 hours (every die
may move, so decisions have hundreds to thousands of turns). Under bent/die a random round can
stop for hours on one decision: a table of lone dice and a 4-die board can build tens of
thousands of distinct spirals, and the exact search lists every end table they make.

>>> from negenlab.negen.study import study_cells
>>> [c["variant"] for c in study_cells(variants="default", players=(3,), mixes=("random",))]
['straight/adjacency/join', 'straight/die/join']
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterable
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from negenlab import games
from negenlab.core.claims import (
    Measure,
    Seats,
    Steps,
    looked_at,
    recheck_rows,
    recheck_schema,
    register,
    verdict_of,
)
from negenlab.core.compare import mean_with_interval, seat_win, sprt_decide
from negenlab.core.data import Check, Schema, ci, data_parquet, every, first_row, nullable
from negenlab.core.errors import InvalidInputError, StoreCorruptError, TableError
from negenlab.core.files import atomic_file, read_json, write_atomic
from negenlab.core.ladder import clears
from negenlab.core.metrics import Z95, looks_until
from negenlab.core.simulate import as_finished, current_backend, dask_client, parallel_backend, process_pool, simulate
from negenlab.core.store import ResultStore
from negenlab.core.studies import Study, StudyResult, check_row, committed_table
from negenlab.core.summary_table import long_table, mean_row, rate_row
from negenlab.core.variant import VariantClaim

from .enumerate import count_spirals, smallest_closed_spirals
from .game import NegenGame
from .odds import PIET, common_spirals, odds_table
from .rules import Rules
from .table import parse_table

MIXES = ("random", "greedy-vs-random", "mcts-vs-greedy")
MCTS_SIMULATIONS = 200  # the MCTS budget of the mcts-vs-greedy mix (simulations per decision)
SECONDS_PER_TURN = 30
# each mix as agent specs: (the focus agent, everybody else)
MIX_AGENTS = {
    "random": ("random", "random"),
    "greedy-vs-random": ("greedy", "random"),
    "mcts-vs-greedy": (f"mcts:{MCTS_SIMULATIONS}", "greedy"),
}
AGENT_POLICIES = [
    {"agent": "random", "policy": "RandomTurnAgent (uniform over legal turns)"},
    {"agent": "greedy", "policy": "GreedyAgent (closes when it can, else leaves the lowest exact closing odds)"},
    {"agent": f"mcts:{MCTS_SIMULATIONS}", "policy": f"NegenMCTSAgent(simulations={MCTS_SIMULATIONS}) over whole turns"},
]


def _variants(variants) -> list[Rules]:
    """``"default"`` (the default reading and its die-coverage twin), ``"join"``, ``"free"``, ``"all"``,
    or a list of :class:`Rules` or labels such as ``"bent/die/join"``."""
    everything = Rules.variants()
    if variants == "default":
        return [Rules(), Rules(coverage="die")]
    if variants == "all":
        return everything
    if variants in ("join", "free"):
        return [r for r in everything if r.rearrange == variants]
    if isinstance(variants, str):
        variants = [variants]
    by_label = {r.label: r for r in everything}
    out = []
    for v in variants:
        if isinstance(v, Rules):
            out.append(v)
        elif v in by_label:
            out.append(by_label[v])
        else:
            raise InvalidInputError(
                f"unknown variants {v!r}; expected 'default', 'join', 'free', 'all' or labels among {sorted(by_label)}"
            )
    return out


def study_cells(variants="all", players: Iterable[int] = (3, 4), mixes: Iterable[str] = MIXES) -> list[dict]:
    """The cells of the study, in the order they run (rows of the comparison outermost)."""
    cells = []
    for P in players:
        for mix in mixes:
            if mix not in MIXES:
                raise InvalidInputError(f"unknown mix {mix!r}; expected one of {MIXES}")
            for rules in _variants(variants):
                cells.append(
                    {
                        "players": P,
                        "mix": mix,
                        "rules": rules.replace(players=P, target_score=1),
                        "variant": rules.label,
                    }
                )
    return cells


def planned_cells() -> list[tuple[int, str, str, int]]:
    """The study as planned, as (players, mix, reading, rounds wanted): every reading x 3 and 4
    players with random players and with one greedy player (1,000 rounds each), and one MCTS
    player among greedy ones under the default reading and its die-coverage twin (3 players,
    200 rounds each)."""
    plan = [
        (c["players"], c["mix"], c["variant"], 1000) for c in study_cells("all", (3, 4), ("random", "greedy-vs-random"))
    ]
    return plan + [
        (c["players"], c["mix"], c["variant"], 200) for c in study_cells("default", (3,), ("mcts-vs-greedy",))
    ]


def _seats(mix: str, players: int, block: int) -> list:
    """The agents of a mix (from the registry's specs), its first-named agent (the focus) in seat ``block``."""
    focus, others = MIX_AGENTS[mix]
    return games.make_agents("negen", [focus if p == block else others for p in range(players)])


def run_cell(
    cell: dict, n_games: int, seed: int, store: Path | None, workers: int | None = 1, progress: bool = True
) -> pd.DataFrame:
    """Every round of one cell (seat-rotated blocks), with columns ``block`` and ``focus_seat``."""
    P = cell["players"]
    blocks = 1 if cell["mix"] == "random" else P
    per_block = -(-n_games // blocks)
    frames = []
    for b in range(blocks):
        row_seed = seed + 1000 * P + b  # shared by every reading and mix of the row (common random numbers)
        where = None if store is None else Path(store) / f"p{P}-{cell['mix']}-{cell['variant'].replace('/', '-')}-b{b}"
        df = simulate(
            NegenGame(cell["rules"]),
            _seats(cell["mix"], P, b),
            n_games=per_block,
            seed=row_seed,
            workers=workers,
            store=where,
            progress=progress,
        )
        df["block"] = b
        df["focus_seat"] = b if cell["mix"] != "random" else -1
        df["row_seed"] = row_seed
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def cell_summary(df: pd.DataFrame, cell: dict) -> pd.DataFrame:
    """One cell's rounds as the core summary layer's long table (group: the cell): ``turns`` (a
    round's turns, normal interval), the rates ``refusal`` and ``depletion`` (per turn), ``stalled``
    (per round), ``seat<p>_win`` per seat and ``focus_win`` (the focus agent's seat) with Wilson intervals.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"round1_turns": [10, 14], "turns": [10, 14], "refusals": [2, 3], "depletions": [0, 1],
    ...                    "round1_reason": ["closed", "pool_empty"], "winner": [0, -1]})
    >>> t = cell_summary(df, {"players": 3, "mix": "random", "variant": "straight/adjacency/join"})
    >>> t[["metric", "value", "n", "method"]].head(4).values.tolist()
    [['turns', 12.0, 2, 'normal'], ['refusal', 0.20833333333333334, 24, 'wilson'], ['depletion', 0.041666666666666664, 24, 'wilson'], ['stalled', 0.5, 2, 'wilson']]
    """
    n, P = len(df), cell["players"]
    group = _cell_id(P, cell["mix"], cell["variant"])
    total_turns = int(df["turns"].sum())
    rows = [
        mean_row("turns", df["round1_turns"].to_numpy(dtype=float), group),
        rate_row("refusal", int(df["refusals"].sum()), total_turns, group),
        rate_row("depletion", int(df["depletions"].sum()), total_turns, group),
        rate_row("stalled", int((df["round1_reason"] != "closed").sum()), n, group),
    ]
    rows += [rate_row(f"seat{p}_win", int((df["winner"] == p).sum()), n, group) for p in range(P)]
    if "focus_seat" in df and (df["focus_seat"] >= 0).any():
        rows.append(rate_row("focus_win", int((df["winner"] == df["focus_seat"]).sum()), n, group))
    return long_table(rows)


def _wide_columns(metric: str) -> tuple[str, str, str]:
    """The study table's value, lo and hi columns of a metric: ``turns``, ``turns_lo``, ``turns_hi``;
    ``seat0_win``, ``seat0_lo``, ``seat0_hi``."""
    base = metric[: -len("_win")] if metric.endswith("_win") else metric
    return metric, f"{base}_lo", f"{base}_hi"


def summarise_cell(df: pd.DataFrame, cell: dict, seconds_per_turn: float = SECONDS_PER_TURN) -> dict:
    """One row per cell (a row of ``study_exact.csv``): the wide view of :func:`cell_summary`, each
    rate and mean with n and its 95% interval, plus minutes per round, legal turns per decision
    (``branching``) and how the rounds ended."""
    n = len(df)
    summary = {r["metric"]: r for r in cell_summary(df, cell).to_dict("records")}
    turns = summary.pop("turns")
    row: dict[str, Any] = {"players": cell["players"], "mix": cell["mix"], "variant": cell["variant"], "n": n}
    row.update(
        zip(_wide_columns("turns"), (float(turns["value"]), float(turns["lo"]), float(turns["hi"])), strict=True)
    )
    row.update(
        {
            "minutes": row["turns"] * seconds_per_turn / 60,
            "minutes_lo_15s": row["turns_lo"] * 15 / 60,
            "minutes_hi_60s": row["turns_hi"] * 60 / 60,
            "branching": float((df["mean_legal_turns"] * df["searches"]).sum() / max(1, df["searches"].sum())),
        }
    )
    for metric, r in summary.items():
        row.update(zip(_wide_columns(metric), (float(r["value"]), float(r["lo"]), float(r["hi"])), strict=True))
    for reason in ("closed", "pool_empty", "max_turns"):
        row[f"ends_{reason}"] = int((df["round1_reason"] == reason).sum())
    return row


def expected_rounds(players: int, target_score: int = 2) -> float:
    """Expected rounds in a game to ``target_score`` points when every round has a winner and each
    seat is equally likely to win it (for 2 points: the first repeat among uniform draws).

    >>> round(expected_rounds(3), 3), round(expected_rounds(4), 3)
    (2.889, 3.219)
    """
    # P(no seat has target_score yet after k rounds), summed over k, by counting score vectors
    from math import factorial

    def ways(k, seats, cap):  # sequences of k round-winners with every seat below cap
        if seats == 0:
            return 1 if k == 0 else 0
        return sum(
            factorial(k) // (factorial(j) * factorial(k - j)) * ways(k - j, seats - 1, cap)
            for j in range(min(k, cap - 1) + 1)
        )

    return float(sum(ways(k, players, target_score) / players**k for k in range(players * (target_score - 1) + 1)))


def _cell_id(players: int, mix: str, variant: str) -> str:
    return f"{players} players, {mix}, {variant}"


def _in_study_order(table: pd.DataFrame) -> pd.DataFrame:
    """Rows by players, then mix (as in MIXES), then reading (as in Rules.variants())."""
    rank = {"variant": {r.label: i for i, r in enumerate(Rules.variants())}, "mix": {m: i for i, m in enumerate(MIXES)}}
    return table.sort_values(
        ["players", "mix", "variant"], key=lambda col: col.map(rank[col.name]) if col.name in rank else col
    )


def run_study(
    out: Path,
    store: Path,
    n_games: int = 1000,
    seed: int = 2026,
    variants="all",
    players=(3, 4),
    mixes=MIXES,
    workers: int | None = 1,
    command: str = "",
) -> pd.DataFrame:
    """Run (or resume) the chosen cells and merge them into ``out`` (CSV, one row per cell, written
    with its JSON sidecar by :meth:`ResultStore.save_csv <negenlab.core.store.ResultStore.save_csv>`;
    the sidecar keeps each cell's n, seed, rules and command under ``cells``) and its per-round
    table (``out`` with ``_rounds.parquet``), after every cell. Cells run before with other options
    stay in the files; a cell run again is replaced."""
    out = Path(out)
    if out.suffix != ".csv":
        raise InvalidInputError(f"--out must name a .csv file, got {out}")
    results = ResultStore(out.parent)
    side, rounds_path = out.with_suffix(".json"), out.with_name(out.stem + "_rounds.parquet")
    rows = {}
    if out.exists():
        for r in pd.read_csv(out).to_dict("records"):
            rows[_cell_id(r["players"], r["mix"], r["variant"])] = r
    rounds = pd.read_parquet(rounds_path) if rounds_path.exists() else pd.DataFrame()
    cells = _sidecar_cells(side)
    for cell in study_cells(variants, players, mixes):
        cid = _cell_id(cell["players"], cell["mix"], cell["variant"])
        df = run_cell(cell, n_games, seed, store, workers)
        rows[cid] = summarise_cell(df, cell)
        keep = [
            "block",
            "focus_seat",
            "row_seed",
            "game",
            "winner",
            "round1_turns",
            "round1_reason",
            "refusals",
            "depletions",
            "mean_legal_turns",
            "searches",
        ]
        part = df[[c for c in keep if c in df.columns]].assign(
            players=cell["players"], mix=cell["mix"], variant=cell["variant"]
        )
        if len(rounds):
            rounds = rounds[
                ~(
                    (rounds["players"] == cell["players"])
                    & (rounds["mix"] == cell["mix"])
                    & (rounds["variant"] == cell["variant"])
                )
            ]
        rounds = pd.concat([rounds, part], ignore_index=True)
        cells[cid] = {"n": len(df), "seed": seed, "rules": asdict(cell["rules"]), "command": command}
        seeds = {c.get("seed") for c in cells.values()}
        results.save_csv(
            out.stem,
            _in_study_order(pd.DataFrame(list(rows.values()))).dropna(axis=1, how="all"),
            agents=AGENT_POLICIES,
            seed=seeds.pop() if len(seeds) == 1 else None,
            command=command,
            study="Negen single rounds per reading, exact turn engine",
            pairing="cells with the same players share seeds (block b: seed + 1000 x players + b); "
            "the first-named agent of a mix (the focus) takes every seat in turn",
            seconds_per_turn=SECONDS_PER_TURN,
            cells=cells,
        )
        with atomic_file(rounds_path, "rounds table") as fh:  # a unique temporary name, never a planted one
            rounds.to_parquet(fh, index=False)
    return pd.DataFrame(list(rows.values()))


def study_status(out: Path, store: Path) -> pd.DataFrame:
    """Every planned cell with the rounds in the committed table and the rounds already played in
    the store (finished chunks), so a resumed study shows what is left.

    >>> study_status(Path("no.csv"), Path("no-store")).columns.tolist()
    ['players', 'mix', 'variant', 'wanted', 'in table', 'in store']
    """
    table = pd.read_csv(out) if Path(out).exists() else pd.DataFrame(columns=["players", "mix", "variant", "n"])
    have = {(int(r["players"]), r["mix"], r["variant"]): int(r["n"]) for r in table.to_dict("records")}
    rows = []
    for P, mix, variant, wanted in planned_cells():
        played = 0
        for folder in Path(store).glob(f"p{P}-{mix}-{variant.replace('/', '-')}-b*"):
            played += sum(len(pd.read_parquet(f)) for f in folder.glob("chunk-*.parquet"))
        rows.append(
            {
                "players": P,
                "mix": mix,
                "variant": variant,
                "wanted": wanted,
                "in table": have.get((P, mix, variant), 0),
                "in store": played,
            }
        )
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------
# the variant study: every reading under players who take their wins, decided sequentially
# ---------------------------------------------------------------------------
DEFAULT_READING = "straight/adjacency/join"
VARIANT_MIXES = {
    "closers": ("closer", "closer"),
    "greedy-among-closers": ("greedy", "closer"),
    "mcts-vs-greedy": (f"mcts:{MCTS_SIMULATIONS}", "greedy"),
    "planners": ("planner", "planner"),
    "planner-among-greedy": ("planner", "greedy"),
    "planner-among-closers": ("planner", "closer"),
    "depleter-among-closers": ("depleter", "closer"),
}
"""Each mix as (the focus agent, everybody else): agent specs of the registry."""
MCTS_READINGS = ("straight/adjacency/join", "straight/die/join")
PILOT_ROUNDS, BATCH_ROUNDS, MAX_ROUNDS = 200, 100, 1000
CLEAR_ALPHA, CLEAR_MAX_ROUNDS, SELF_PLAY_MAX_ROUNDS = 0.005, 4000, 32000
"""A verdict's cell (:data:`CLAIM_CELLS`) plays on, a batch at a time, until the numbers the verdicts
read from it are decided at level 1 - CLEAR_ALPHA: stricter than the level the page judges each
verdict at while it states up to 10 statistical verdicts, so a decided cell is not left marginal
there. One agent among others (at most CLEAR_MAX_ROUNDS rounds): once its focus SPRT has decided,
until the focus share's 99.5% interval lies wholly on the decided side of the line between H0 and H1
(:func:`negenlab.core.ladder.clears`); its SPRT decision stands as it was at the SPRT's stop. The
same agent in every seat (at most SELF_PLAY_MAX_ROUNDS; a closers' round costs about 0.02 s of a
core, a planners' round 0.9-1.6 s): once its own questions are answered, until every
verdict it feeds (:func:`self_play_claims`) holds or fails at that level, as the page's judge reads
it (:func:`self_play_clears`). Every look is counted: the numbers are decided at the repeated-looks
quantile of the cell's looks (:attr:`VariantCell.looks`), in the play-on as on the page."""
SHIFT, ALPHA, BETA = 0.05, 0.05, 0.05  # SPRT: H0 the fair share, H1 the fair share + SHIFT
LENGTH_PRECISION = 0.05  # the round length's 95% interval within +-5% of its mean
VARIANT_SEED_STEP = 1000  # cells with P players play on seed + 1000 P (common random numbers)
VARIANT_STORE = "data/negen/variant_store"  # committed: a fresh clone resumes the study
RECHECK_STORE = "data/negen/recheck_store"  # committed: a fresh clone resumes the re-measurement


@dataclass(frozen=True)
class VariantCell:
    """One cell of the variant study: a reading, a player count and a mix of agents.

    The focus agent (the mix's first) sits in each seat in turn: rotation ``r`` puts it in seat
    ``r``, and unit ``i`` is game ``i`` of every rotation, all on the same seed. A mix of one kind
    of agent has one rotation (a unit is a round).

    >>> c = VariantCell(3, "greedy-among-closers", Rules(players=3, target_score=1))
    >>> c.id, c.rotations, c.batch_units, [a.name for a in c.agents(1)]
    ('p3-greedy-among-closers-straight-adjacency-join', 3, 34, ['closer', 'greedy', 'closer'])
    """

    players: int
    mix: str
    rules: Rules

    @property
    def reading(self) -> str:
        return self.rules.label

    @property
    def id(self) -> str:
        return f"p{self.players}-{self.mix}-{self.reading.replace('/', '-')}"

    @property
    def rotations(self) -> int:
        focus, others = VARIANT_MIXES[self.mix]
        return 1 if focus == others else self.players

    @property
    def batch_units(self) -> int:
        """Units per batch of (at least) BATCH_ROUNDS rounds; also the store's chunk size."""
        return -(-BATCH_ROUNDS // self.rotations)

    @property
    def plays_to_clear(self) -> bool:
        """Whether the cell plays on until the numbers its verdicts read are decided (:data:`CLEAR_ALPHA`):
        every cell a verdict reads (:data:`CLAIM_CELLS`)."""
        return self.reading == DEFAULT_READING and (self.players, self.mix) in CLAIM_CELLS

    @property
    def max_units(self) -> int:
        if not self.plays_to_clear:
            return -(-MAX_ROUNDS // self.rotations)
        return -(-(SELF_PLAY_MAX_ROUNDS if self.rotations == 1 else CLEAR_MAX_ROUNDS) // self.rotations)

    @property
    def looks(self) -> int:
        """How many looks the cell's sequential stop makes at most (the pilot, then every batch to
        its cap): the judge decides its numbers at the repeated-looks quantile of that many
        (:attr:`negenlab.core.claims.Measure.looks`).

        >>> claim_cell(3, "planners").looks, claim_cell(3, "greedy-among-closers").looks
        (319, 9)
        """
        return looks_until(min(2 * self.batch_units, self.max_units), self.batch_units, self.max_units)

    @property
    def fair(self) -> float:
        return 1 / self.players

    def agents(self, rotation: int) -> list:
        focus, others = VARIANT_MIXES[self.mix]
        specs = [focus if p == rotation else others for p in range(self.players)]
        return games.make_agents("negen", specs)

    def seed(self, seed: int) -> int:
        return seed + VARIANT_SEED_STEP * self.players


def _cell(players: int, mix: str, rules: Rules) -> VariantCell:
    """The cell of ``mix`` at ``players`` under ``rules``'s reading: single rounds (target score 1)."""
    return VariantCell(players, mix, rules.replace(players=players, target_score=1))


def variant_cells() -> list[VariantCell]:
    """The study's 39 cells in the order they run, cheapest first: closers under the 8 readings at
    3 and 4 players, one greedy among closers (join readings, then free), and one MCTS among greedy
    players at 3 under straight/adjacency and straight/die; then, under the default reading, the
    stronger player: planners at 3 and 4 players, one planner among greedy players and one among
    closers, and one player seeking depletion among closers (the second player strength of the verdicts)."""

    readings = Rules.variants()
    cells = [_cell(P, "closers", r) for P in (3, 4) for r in readings]
    for rearrange in ("join", "free"):
        cells += [_cell(P, "greedy-among-closers", r) for P in (3, 4) for r in readings if r.rearrange == rearrange]
        if rearrange == "join":
            cells += [_cell(3, "mcts-vs-greedy", r) for r in readings if r.label in MCTS_READINGS]
    default = next(r for r in readings if r.label == DEFAULT_READING)
    cells += [_cell(P, "planners", default) for P in (3, 4)]
    cells += [
        _cell(3, mix, default) for mix in ("planner-among-greedy", "planner-among-closers", "depleter-among-closers")
    ]
    return cells


def play_units(cell: VariantCell, n_units: int, seed: int, store: Path | None, workers: int | None = 1) -> list:
    """Units ``0..n_units-1`` of a cell: one simulation table per rotation (resumed from ``store``)."""
    frames = []
    for r in range(cell.rotations):
        frames.append(
            simulate(
                NegenGame(cell.rules),
                cell.agents(r),
                n_units,
                cell.seed(seed),
                workers=workers,
                store=None if store is None else Path(store) / cell.id / f"rotation-{r}",
                chunk_size=cell.batch_units,
                progress=False,
            )
        )
    return frames


def judge_cell(cell: VariantCell, frames: list) -> dict:
    """What a cell's units say: the first seat's and the focus agent's win shares (each an SPRT of
    H0 the fair share against H1 the fair share + 5 points, over units, from the pilot on), the
    round length with its relative precision, and whether the cell may stop: a self-play cell
    when its first-seat SPRT has decided and the length is known to +-5%; a cell with a focus
    agent when the focus SPRT has decided (the seats and the length are self-play's questions);
    any cell at MAX_ROUNDS ("cap").

    A unit's first-seat value is the mean over its rotations of "seat 0 won" (a stalled round
    counts 1/players to every seat); its focus value the mean of "the focus agent won"."""
    P, n_units = cell.players, len(frames[0])
    pilot_units = 2 * cell.batch_units
    first = np.mean([seat_win(0)(df).to_numpy() for df in frames], axis=0)
    focus = np.mean([seat_win(r)(df).to_numpy() for r, df in enumerate(frames)], axis=0)
    turns = np.mean([df["turns"].to_numpy(dtype=float) for df in frames], axis=0)
    out: dict[str, Any] = {
        "players": P,
        "mix": cell.mix,
        "reading": cell.reading,
        "units": n_units,
        "n": n_units * cell.rotations,
        "rotations": cell.rotations,
    }
    questions = [("first_seat", first)] + ([("focus", focus)] if cell.rotations > 1 else [])
    for name, values in questions:
        value, lo, hi = mean_with_interval(values)
        decision, at, llr = sprt_decide(values, cell.fair, cell.fair + SHIFT, ALPHA, BETA, min_units=pilot_units)
        out.update({name: value, f"{name}_lo": lo, f"{name}_hi": hi, f"{name}_sprt": decision, f"{name}_llr": llr})
    t, t_lo, t_hi = mean_with_interval(turns)
    precision = (t_hi - t_lo) / 2 / t if t > 0 else float("inf")
    rounds = pd.concat(frames, ignore_index=True)
    turns_total = int(rounds["turns"].sum())
    out.update(
        {
            "turns": t,
            "turns_lo": t_lo,
            "turns_hi": t_hi,
            "turns_precision": precision,
            "minutes_per_round": t * SECONDS_PER_TURN / 60,
            "minutes_per_game": t * SECONDS_PER_TURN / 60 * expected_rounds(P, 2),
            "refusal": rounds["refusals"].sum() / max(turns_total, 1),
            "depletion": rounds["depletions"].sum() / max(turns_total, 1),
            "stalled": float((rounds["rounds_closed"] == 0).mean()),
            "branching": float(rounds["branching"].mean()),
        }
    )
    if cell.rotations == 1:  # self-play: the seats' fairness and the length are the cell's questions
        done = out["first_seat_sprt"] != "undecided" and precision <= LENGTH_PRECISION
        if cell.plays_to_clear:
            out["claims_clear"] = self_play_clears(cell, CellRecord(out, frames))
            done = done and out["claims_clear"]
    else:  # one agent among others: whether its skill pays (seats and length come from self-play)
        done = out["focus_sprt"] != "undecided" and (not cell.plays_to_clear or focus_clears(cell, out))
    out["stop"] = "decided" if done else ("cap" if n_units >= cell.max_units else "")
    return out


def focus_clears(cell: VariantCell, row: dict) -> bool:
    """Whether a cell's focus share (``row`` as :func:`judge_cell` writes it) clears the line between
    its SPRT's hypotheses on the decided side at level ``1 - CLEAR_ALPHA``."""
    return clears(
        row["focus"], row["focus_lo"], row["focus_hi"], int(row["units"]), cell.fair, cell.fair + SHIFT,
        CLEAR_ALPHA, row["focus_sprt"], cell.looks,
    )  # fmt: skip


def cell_verdict(path: Path) -> dict[str, Any]:
    """A cell's ``verdict.json`` in a variant-study store: a regular file of at most
    :data:`~negenlab.core.files.RECORD_LIMIT` bytes holding a JSON object with the units and rounds it
    counted; else one :class:`~negenlab.core.errors.StoreCorruptError` naming it."""
    v = read_json(path, "cell verdict")
    if not isinstance(v, dict) or not all(isinstance(v.get(k), int) for k in ("units", "n")):
        raise StoreCorruptError(
            f"cell verdict {path} is not a verdict (a JSON object with whole numbers 'units' and 'n'); remove it, "
            "and the cell is played again"
        )
    return v


def _sidecar_cells(side: Path) -> dict[str, dict]:
    """The ``cells`` a variant study's sidecar records (none when it has no sidecar yet): a JSON object
    of cells, each an object; else one :class:`~negenlab.core.errors.StoreCorruptError` naming it."""
    if not os.path.lexists(side):
        return {}
    meta = read_json(side, "study sidecar")
    cells = meta.get("cells", {}) if isinstance(meta, dict) else None
    if not isinstance(cells, dict) or not all(isinstance(c, dict) for c in cells.values()):
        raise StoreCorruptError(
            f"study sidecar {side}: expected a JSON object whose 'cells' is an object of cells (each an object), "
            f"got {type(cells if isinstance(meta, dict) else meta).__name__}"
        )
    return cells


def _unfinished(cell: VariantCell, store: Path) -> bool:
    """A cell without a verdict in ``store``, or one that stopped before it had to play on (a verdict
    written under an older stopping rule: :data:`CLEAR_ALPHA`): :func:`run_variant_cell` resumes it
    from its games."""
    path = Path(store) / cell.id / "verdict.json"
    if not path.exists():
        return True
    v = cell_verdict(path)
    if not cell.plays_to_clear or int(v["units"]) >= cell.max_units:
        return False
    if cell.rotations == 1:  # a verdict written before self-play cells played on has no "claims_clear"
        if not v.get("claims_clear", False):
            return True
        record = stored_record(cell, store)  # cleared when written: under today's rule too?
        return record is not None and not self_play_clears(cell, record)
    return v.get("focus_sprt") in ("H0", "H1") and not focus_clears(cell, v)


def stored_record(cell: VariantCell, store: Path) -> CellRecord | None:
    """A cell as ``store`` holds it: its ``verdict.json`` and as many of its rounds as the verdict
    counted (None without a verdict or with a rotation's games missing).

    >>> stored_record(claim_cell(3, "closers"), Path("no-such-store")) is None
    True
    """
    path = Path(store) / cell.id / "verdict.json"
    if not path.exists():
        return None
    row = cell_verdict(path)
    units, frames = int(row["units"]), []
    for r in range(cell.rotations):
        chunks = sorted((Path(store) / cell.id / f"rotation-{r}").glob("chunk-*.parquet"))
        if not chunks:
            return None
        rounds = pd.concat([pd.read_parquet(c) for c in chunks], ignore_index=True).sort_values("game")
        if len(rounds) < units:
            return None
        frames.append(rounds.iloc[:units].reset_index(drop=True))
    return CellRecord(row, frames)


def run_variant_cell(cell: VariantCell, seed: int, store: Path | None, workers: int | None = 1, say=print) -> dict:
    """Play a cell sequentially: a pilot of 2 batches (at least 200 rounds), then one batch (at least
    100 rounds) at a time until every SPRT of the cell decides and the round length is known to
    +-5% (a verdict's cell: its focus share clears the line, :data:`CLEAR_ALPHA`), or MAX_ROUNDS
    (CLEAR_MAX_ROUNDS). Resumes from ``store``."""
    units = min(2 * cell.batch_units, cell.max_units)
    while True:
        t0 = time.perf_counter()
        frames = play_units(cell, units, seed, store, workers)
        verdict = judge_cell(cell, frames)
        say(
            f"{cell.id}: n={verdict['n']} first seat {verdict['first_seat']:.3f} ({verdict['first_seat_sprt']})"
            + (f", focus {verdict['focus']:.3f} ({verdict['focus_sprt']})" if "focus" in verdict else "")
            + f", turns {verdict['turns']:.2f} +-{100 * verdict['turns_precision']:.1f}%"
            + f" [{time.perf_counter() - t0:.0f} s]"
        )
        if verdict["stop"]:
            return verdict
        units = min(units + cell.batch_units, cell.max_units)


TYPICAL_ROUNDS = 700
"""Rounds a cell typically plays before its SPRTs decide (what :func:`estimated_core_hours` assumes)."""


def estimated_core_hours(cells: Iterable[VariantCell] | None = None, store: Path | None = None) -> tuple[float, float]:
    """(about, at most) the core-hours to finish ``cells`` (default: the whole study), at the measured
    seconds per round of each kind of cell (:data:`SECONDS_PER_ROUND`): about :data:`TYPICAL_ROUNDS`
    rounds a cell, at most its cap (:data:`CLEAR_MAX_ROUNDS`, :data:`SELF_PLAY_MAX_ROUNDS` in self-play, for a
    verdict's cell that plays on),
    less the rounds ``store`` already holds of it (its ``verdict.json``).

    >>> about, most = estimated_core_hours()
    >>> 0 < about < most
    True
    """
    about = most = 0.0
    for c in variant_cells() if cells is None else cells:
        path = None if store is None else Path(store) / c.id / "verdict.json"
        played = int(cell_verdict(path)["n"]) if path is not None and path.exists() else 0
        cap = c.max_units * c.rotations
        per_round = SECONDS_PER_ROUND[(c.mix, c.rules.rearrange)]
        left = max(0, cap - played)
        about += min(left, max(TYPICAL_ROUNDS - played, BATCH_ROUNDS)) * per_round
        most += left * per_round
    return about / 3600, most / 3600


SECONDS_PER_ROUND = {
    ("planners", "join"): 1.0,  # 3 players: 0.9-1.6 s in the play-on's batches (4 players: about 0.8 s)
    ("planner-among-greedy", "join"): 3.8,  # the recheck's 204 rounds took 1,570 s at about half a core
    ("planner-among-closers", "join"): 0.1,  # the study's own 408 rounds: 7-13 s a batch of 102
    ("depleter-among-closers", "join"): 0.03,
    ("closers", "join"): 0.015,
    ("closers", "free"): 0.04,
    ("greedy-among-closers", "join"): 0.07,
    ("greedy-among-closers", "free"): 0.17,  # greedy's join read of threats (GreedyAgent.threat_rules)
    ("mcts-vs-greedy", "join"): 1.55,
}
"""Seconds per round on one core of the development machine with the compiled turn engine: 30 rounds
of each kind (10 for MCTS; 3 players, straight/adjacency, the cell's first rotation) by
``simulate(NegenGame(rules), agents, n, seed=1, backend="serial")``; MCTS among greedy from the
study's own last 204 rounds (straight/adjacency, 317 s)."""


def variant_table(store: Path) -> pd.DataFrame:
    """One row per cell with a finished verdict in ``store`` (``<cell>/verdict.json``), in study order."""
    rows = []
    for cell in variant_cells():
        path = Path(store) / cell.id / "verdict.json"
        if path.exists():
            rows.append(dict(cell_verdict(path), id=cell.id))
    return pd.DataFrame(rows)


def _finish_cell(cell: VariantCell, seed: int, store: Path, say=print) -> dict:
    """Run one cell to its verdict and write ``<store>/<cell>/verdict.json`` beside its games."""
    verdict = run_variant_cell(cell, seed, store, 1, say)
    verdict.update({"id": cell.id, "seed": seed, "rules": asdict(cell.rules), "agents": list(VARIANT_MIXES[cell.mix])})
    write_atomic(Path(store) / cell.id / "verdict.json", json.dumps(verdict, indent=1, default=float) + "\n")
    return verdict


def write_variant_table(store: Path, seed: int, command: str) -> Path:
    """``variants.csv`` beside the store (one row per finished cell, in study order), with a sidecar
    recording the Rules, agents, seed, version, command and design, and which cells are missing; and
    the verdicts' rounds, ``claim_rounds.parquet`` (:func:`write_claim_rounds`)."""
    write_claim_rounds(store, Path(store).parent)
    table = variant_table(store)
    done = set(table["id"]) if len(table) else set()
    missing = [c.id for c in variant_cells() if c.id not in done]
    return ResultStore(Path(store).parent).save_csv(
        "variants",
        table.drop(columns=["rules", "agents"], errors="ignore"),
        rules=Rules(target_score=1),
        agents=[{"mix": m, "focus": f, "others": o} for m, (f, o) in VARIANT_MIXES.items()],
        seed=seed,
        command=command,
        float_format="%.6g",
        study="Negen variant study: players who take their wins, each cell decided sequentially",
        pilot_rounds=PILOT_ROUNDS,
        batch_rounds=BATCH_ROUNDS,
        max_rounds=MAX_ROUNDS,
        sprt={"h0": "1/players", "h1": f"1/players + {SHIFT}", "alpha": ALPHA, "beta": BETA},
        stop_rule="self-play: first-seat SPRT decided and round length within +-5%; one focus agent: its SPRT "
        "decided; every cell: n >= 200, and at most the first batch reaching 1,000 rounds",
        length_precision=LENGTH_PRECISION,
        pairing="cells with P players play on seed + 1000 P; the focus agent sits in each seat in turn "
        "(rotation r: seat r); unit i is game i of every rotation",
        seconds_per_turn=SECONDS_PER_TURN,
        store=str(store),
        cells_missing=missing,
    )


def run_variant_study(
    seed: int = 2024,
    store: Path = Path(VARIANT_STORE),
    workers: int | None = 1,
    part=(0, 1),
    say=print,
    command: str | None = None,
) -> Path:
    """Run (or resume) every cell of the study, writing each verdict next to its games in ``store``
    and the table beside the store after every cell (:func:`write_variant_table`); ``workers`` cells
    run side by side (a cell's games are sequential: its SPRT decides after each batch);
    ``part=(i, k)`` takes every k-th cell from the i-th. In a ``parallel_backend("dask")`` block
    (``negenlab study negen variants --backend dask``) the cells run side by side on the dask
    cluster instead and write their games into ``store`` from there: the workers of a remote
    scheduler must see that folder at the same path (a shared filesystem), or the study stops."""
    command = command or f"negenlab study negen variants --seed {seed}"
    cells = [c for j, c in enumerate(variant_cells()) if j % part[1] == part[0]]
    todo = [c for c in cells if _unfinished(c, store)]
    about, most = estimated_core_hours(todo, store)
    say(
        f"{len(todo)} of {len(cells)} cells to run: about {about:.1f} core-hours, at most {most:.1f} (every cell to "
        f"its cap of {MAX_ROUNDS:,} rounds; a verdict's cell plays on to {CLEAR_MAX_ROUNDS:,}, "
        f"{SELF_PLAY_MAX_ROUNDS:,} in self-play)"
    )
    backend, scheduler = current_backend()
    if todo and backend == "dask":
        with dask_client(scheduler, workers) as client:
            _finish_cells(client.get_executor(pure=False), todo, seed, store, say, command)
        return write_variant_table(store, seed, command)
    workers = min(workers or os.cpu_count() or 1, len(todo))
    if workers <= 1:
        for cell in todo:
            _finish_cell(cell, seed, store, say)
            write_variant_table(store, seed, command)
    else:
        with process_pool(workers) as pool:  # a killed study leaves no workers behind
            _finish_cells(pool, todo, seed, store, say, command)
    return write_variant_table(store, seed, command)


def _finish_cells(pool: Executor, todo: list[VariantCell], seed: int, store: Path, say, command: str) -> None:
    """Run the cells of ``todo`` side by side on ``pool`` (a process pool or a dask cluster's
    executor), each to its verdict in ``store``, writing the table after every cell."""
    where = Path(store).resolve()  # the same folder for a worker whose working directory differs
    futures = {pool.submit(_finish_cell_here, cell, seed, where): cell for cell in todo}
    for fut in as_finished(futures):
        v, cell = fut.result(), futures[fut]
        if not (Path(store) / cell.id / "verdict.json").exists():
            raise InvalidInputError(
                f"cell {cell.id} finished on a worker that does not see the store {where} (its verdict is not "
                f"there); run the study where the workers share that folder at the same path"
            )
        say(f"{v['players']} players, {v['mix']}, {v['reading']}: n={v['n']}, {v['stop']}")
        write_variant_table(store, seed, command)


def _finish_cell_here(cell: VariantCell, seed: int, store: Path) -> dict:
    """:func:`_finish_cell` with the cell's games played by the worker running it (a pool's task)."""
    with parallel_backend("serial"):
        return _finish_cell(cell, seed, store)


def variants_study(ctx) -> Any:
    """``negenlab study negen variants``: :func:`run_variant_study` into its store (by default the
    committed one), writing ``variants.csv`` beside it."""
    store = Path(ctx.store or VARIANT_STORE)
    return _written(run_variant_study(ctx.seed, store, ctx.workers, say=ctx.progress, command=ctx.command))


# ---------------------------------------------------------------------------
# the numbers behind the Negen verdicts: measured from the variant study's cells, and again on a fresh seed
# ---------------------------------------------------------------------------
CLAIM_CELLS = (
    (3, "closers"),
    (4, "closers"),
    (3, "mcts-vs-greedy"),
    (3, "planners"),
    (4, "planners"),
    (3, "planner-among-greedy"),
    (3, "planner-among-closers"),
    (3, "depleter-among-closers"),
)
"""The variant-study cells (default reading) that the statistical Negen verdicts read: each play
verdict under two player strengths, closers and planners (:data:`STRENGTHS`)."""


@dataclass(frozen=True)
class CellRecord:
    """A cell of the variant study as the verdicts read it: its summary row (:func:`judge_cell`) and
    its rounds, one table per seat rotation."""

    row: dict
    rotations: list[pd.DataFrame]

    @property
    def rounds(self) -> pd.DataFrame:
        return pd.concat(self.rotations, ignore_index=True)


def game_win_chance(p: float, players: int, target: int) -> float:
    """The chance that a player who wins each round with probability ``p`` (the others sharing the
    rest equally; every round has a winner) is first to ``target`` points.

    >>> round(game_win_chance(1 / 3, 3, 2), 3), round(game_win_chance(0.38, 3, 1), 2), round(game_win_chance(0.38, 3, 3), 3)
    (0.333, 0.38, 0.427)
    """
    q = (1 - p) / (players - 1)

    @cache
    def win(mine: int, others: tuple) -> float:
        if mine == target:
            return 1.0
        if max(others, default=0) == target:
            return 0.0
        out = p * win(mine + 1, others)
        for i in range(len(others)):
            bumped = tuple(sorted(others[:i] + (others[i] + 1,) + others[i + 1 :]))
            out += q * win(mine, bumped)
        return out

    return win(0, (0,) * (players - 1))


def target_gain(p: float, players: int = 3) -> float:
    """How much a player who wins a share ``p`` of rounds gains in game-win chance when the game is
    played to 2 points instead of 1.

    >>> round(target_gain(1 / 3), 6), round(target_gain(0.38), 3)
    (0.0, 0.027)
    """
    return game_win_chance(p, players, 2) - game_win_chance(p, players, 1)


def _minutes(row: dict) -> Measure:
    k = row["minutes_per_game"] / row["turns"]
    return Measure.of_interval(
        row["minutes_per_game"], row["turns_lo"] * k, row["turns_hi"] * k, int(row["units"]), int(row["n"])
    )


def _focus(row: dict) -> Measure:
    return Measure.of_interval(row["focus"], row["focus_lo"], row["focus_hi"], int(row["units"]), int(row["n"]))


def _seat_wins(record: CellRecord) -> Seats:
    """Rounds won per seat by closers in every seat (one rotation: each round counted once)."""
    rounds = record.rounds
    players = int(record.row["players"])
    winners = rounds["round1_winner"].to_numpy()
    return Seats.of_wins([int((winners == s).sum()) for s in range(players)])


def _gain(row: dict) -> Measure:
    """The better player's gain in game-win chance from 1 to 2 points, its standard error carried
    from the round share's by the derivative of :func:`target_gain`."""
    p, se = float(row["focus"]), (row["focus_hi"] - row["focus_lo"]) / (2 * Z95)
    h = 1e-4
    slope = (target_gain(p + h) - target_gain(p - h)) / (2 * h)
    return Measure(target_gain(p), abs(slope) * se, int(row["units"]), int(row["n"]))


SELF_PLAY = {"closers": "closers", "planners": "planners"}
"""The two player strengths of the self-play verdicts, by the label their lines show."""
SELF_PLAY_AGENTS = ("closer", "planner")
"""The same two strengths as agent specs, each in every seat (what a variant judged as the page plays)."""
BETTER_PLAYER = {
    "one planner among closers": "planner-among-closers",
    "one planner among greedy": "planner-among-greedy",
}
"""The two player strengths of "skill pays": the planner (the player decided stronger than greedy) at
two table strengths, closers and greedy players. Greedy among closers is not one: a one-turn rule, it
wins 36.0% of rounds there after 4,000 (the ladder shows it), too close to the line to tell."""
DEEPER_PLAYER = {"one MCTS among greedy": "mcts-vs-greedy", "one planner among greedy": "planner-among-greedy"}
"""The two deeper players against greedy ones."""


def _fresh_closes(record: CellRecord) -> Measure | None:
    """How much more often the turn a depletion gives closes a spiral than any other turn, over
    rounds (a ratio of sums, its error over rounds); None where the rounds did not count fresh turns."""
    r = record.rounds
    if "fresh_turns" not in r or r["fresh_turns"].isna().any() or r["fresh_turns"].sum() == 0:
        return None
    closes = (r["round1_reason"] == "closed").astype(float)
    fresh, fresh_closes = r["fresh_turns"].astype(float), r["fresh_closes"].astype(float)
    return Measure.of_ratio(fresh_closes, fresh, minus=(closes - fresh_closes, r["turns"].astype(float) - fresh))


def self_play_claims(players: int, record: CellRecord) -> dict[str, Any]:
    """The numbers the self-play verdicts read from one cell of the same agent in every seat, by
    claim id: at 3 players the minutes a game, the share of rounds closed before every player has
    moved and how much more often a depletion's fresh turn closes; at 4 players the share of rounds
    that emptied the pool; at both the seats' shares (the page's seat-order verdict joins the two)."""
    rounds = record.rounds
    out: dict[str, Any] = {}
    if players == 3:
        out["duration"] = _minutes(record.row)
        early = (rounds["round1_reason"] == "closed") & (rounds["round1_turns"] <= players - 1)  # before all have moved
        out["abruptly"] = Measure.of_rate(int(early.sum()), len(rounds))
        fresh = _fresh_closes(record)
        if fresh is not None:
            out["depletion"] = fresh
    if players == 4:
        out["dice_60"] = Measure.of_rate(int((rounds["rounds_pool_empty"] > 0).sum()), len(rounds))
    out["seat_order"] = _seat_wins(record)
    return out


SEAT_ORDER_COUNTS = 2
"""The player counts the seat-order verdict joins (3 and 4): the judge splits its level over them."""


def self_play_clears(cell: VariantCell, record: CellRecord) -> bool:
    """Whether every verdict a self-play cell feeds (:func:`self_play_claims`) holds or fails at level
    ``1 - CLEAR_ALPHA``, each under its register's rule as the page's judge reads it (seat order's
    level split over its two player counts, then over the seats)."""
    book = register("negen")
    for claim, value in self_play_claims(cell.players, record).items():
        alpha = CLEAR_ALPHA / SEAT_ORDER_COUNTS if claim == "seat_order" else CLEAR_ALPHA
        if verdict_of(book[claim].rule, looked_at(value, cell.looks), alpha, cell.players) == "undecided":
            return False
    return True


def claim_statistics(cells: dict[tuple[int, str], CellRecord]) -> dict[str, Any]:
    """Every statistical Negen verdict's numbers, by claim id, from the variant-study cells of
    :data:`CLAIM_CELLS`, each under two player strengths ({label: statistic}; a strength whose cell
    is missing is left out, a claim with none): the committed cells for the page, the same cells
    played on a fresh seed for ``negenlab study negen recheck``."""
    out: dict[str, dict[str, Any]] = {}

    def put(claim: str, label: str, value: Any) -> None:
        if value is not None:
            out.setdefault(claim, {})[label] = value

    def looked(P: int, mix: str, value: Any) -> Any:  # a cell's numbers, as often looked at as its stop did
        return looked_at(value, claim_cell(P, mix).looks)

    for label, mix in SELF_PLAY.items():
        found = {
            P: {claim: looked(P, mix, v) for claim, v in self_play_claims(P, cells[(P, mix)]).items()}
            for P in (3, 4)
            if (P, mix) in cells
        }
        for claim, value in found.get(3, {}).items():
            if claim != "seat_order":
                put(claim, label, value)
        if len(found) == 2:
            put("seat_order", label, Steps(tuple((f"{P} players", found[P]["seat_order"]) for P in (3, 4))))
        for claim, value in found.get(4, {}).items():
            if claim != "seat_order":
                put(claim, label, value)
    for label, mix in BETTER_PLAYER.items():
        if (3, mix) in cells:
            put("skill", label, looked(3, mix, _focus(cells[(3, mix)].row)))
            put("target_score", label, looked(3, mix, _gain(cells[(3, mix)].row)))
    for label, mix in DEEPER_PLAYER.items():
        if (3, mix) in cells:
            put("deeper", label, looked(3, mix, _focus(cells[(3, mix)].row)))
    return out


def claim_cell(players: int, mix: str) -> VariantCell:
    """The variant-study cell of ``players`` and ``mix`` under the default reading."""
    return _cell(players, mix, next(r for r in Rules.variants() if r.label == DEFAULT_READING))


ROUND_COLUMNS = (
    "game",
    "round1_winner",
    "round1_turns",
    "round1_reason",
    "rounds_pool_empty",
    "winner",
    "turns",
    "fresh_turns",
    "fresh_closes",
)
"""The per-round columns the verdicts read (:func:`claim_statistics`)."""


def claim_rounds(store: Path) -> pd.DataFrame:
    """The rounds of the :data:`CLAIM_CELLS` in a variant-study store, as many as each cell's verdict
    counted, with the columns the verdicts read: one row per round, with its ``cell`` and ``rotation``
    (``data/negen/claim_rounds.parquet``, package data, so an installed wheel judges the claims too)."""
    frames = []
    for players, mix in CLAIM_CELLS:
        cell = claim_cell(players, mix)
        if not (Path(store) / cell.id / "verdict.json").exists():
            continue
        record = stored_record(cell, store)
        if record is None:
            raise InvalidInputError(f"{cell.id}: {store} holds its verdict but not the rounds the verdict counted")
        for r, rounds in enumerate(record.rotations):
            frames.append(rounds.reindex(columns=list(ROUND_COLUMNS)).assign(cell=cell.id, rotation=r))
    return (
        pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=[*ROUND_COLUMNS, "cell", "rotation"])
    )


def write_claim_rounds(store: Path, out_dir: Path) -> Path:
    """Write :func:`claim_rounds` of ``store`` to ``out_dir/claim_rounds.parquet``."""
    path = Path(out_dir) / "claim_rounds.parquet"
    claim_rounds(store).to_parquet(path, index=False)
    return path


def committed_cells() -> dict[tuple[int, str], CellRecord]:
    """The cells of :data:`CLAIM_CELLS` from the committed variant study: each row of
    ``variants.csv`` with its rounds from ``claim_rounds.parquet`` (a cell not there is left out)."""
    table = committed_table("negen", "variants", TABLES["variants"])
    rounds = data_parquet("negen", "claim_rounds.parquet", schema=CLAIM_ROUNDS)
    out = {}
    for players, mix in CLAIM_CELLS:
        cell = claim_cell(players, mix)
        rows = table[table["id"] == cell.id]
        mine = rounds[rounds["cell"] == cell.id]
        frames = [mine[mine["rotation"] == r].reset_index(drop=True) for r in range(cell.rotations)]
        if len(rows) and any(len(f) for f in frames):
            units = int(rows.iloc[0]["units"])
            for r, f in enumerate(frames):
                if sorted(f["game"]) != list(range(units)):
                    raise TableError(
                        f"data/negen/claim_rounds.parquet: cell {cell.id!r}, rotation {r} holds {len(f)} rounds "
                        f"(games {_span(f['game'])}); expected games 0 to {units - 1}, the {units} units its row "
                        "in variants.csv counts"
                    )
            out[(players, mix)] = CellRecord(rows.iloc[0].to_dict(), frames)
    return out


def _span(games: pd.Series) -> str:
    return f"{int(games.min())} to {int(games.max())}" if len(games) else "none"


def recheck_study(ctx) -> StudyResult:
    """``negenlab study negen recheck``: the variant-study cells behind the statistical verdicts
    (:data:`CLAIM_CELLS`) that the page reads (those in the committed table) played again on the next
    seed, each to the same sequential stopping rule, and every verdict's number measured from them as
    the page measures it from the committed cells (:func:`claim_statistics`). Writes ``recheck.csv``,
    one row per re-measured number."""
    fresh_seed = ctx.seed + 1
    store = ctx.store
    cells = {}
    read = committed_cells()
    for players, mix in CLAIM_CELLS:
        cell = claim_cell(players, mix)
        if (players, mix) not in read:
            ctx.progress(f"{cell.id}: not in the committed table, so no verdict reads it: not re-measured")
            continue
        ctx.progress(f"{cell.id} on seed {fresh_seed}")
        row = run_variant_cell(cell, fresh_seed, store, ctx.workers or 1, say=ctx.progress)
        frames = play_units(cell, int(row["units"]), fresh_seed, store, ctx.workers or 1)
        cells[(players, mix)] = CellRecord(row, frames)
    rows = [
        r for cid, what in claim_statistics(cells).items() for r in recheck_rows(cid, what, fresh_seed, ctx.command)
    ]
    return StudyResult(
        pd.DataFrame(rows),
        rules=Rules(target_score=1),
        agents=[{"mix": m, "focus": f, "others": o} for m, (f, o) in VARIANT_MIXES.items()],
        extra={"fresh_seed": fresh_seed, "cells": [claim_cell(p, m).id for p, m in CLAIM_CELLS]},
    )


FREE_MOVES_READINGS = ("straight/adjacency/free", "bent/die/free")
FREE_MOVES_ROUNDS = 200
FREE_MOVES_STORE = "data/negen/free_moves_store"  # committed, small: a fresh clone resumes


def free_moves_table(
    seed: int = 2024,
    store: Path | None = Path(FREE_MOVES_STORE),
    rounds: int = FREE_MOVES_ROUNDS,
    workers: int | None = 1,
    say=print,
) -> pd.DataFrame:
    """How much the bound on "free" matters: three closers, ``rounds`` single rounds at ``free_moves``
    1 and 2 on the same seeds (those of the variant study's 3-player cells) under each of
    :data:`FREE_MOVES_READINGS`. One row per reading and bound: the first seat's win share, turns per
    round and legal turns per decision (each with n and a 95% interval), and compute seconds per round.
    """
    rows = []
    for label in FREE_MOVES_READINGS:
        base = next(r for r in Rules.variants() if r.label == label)
        for k in (1, 2):
            cell = VariantCell(3, "closers", base.replace(players=3, target_score=1, free_moves=k))
            say(f"free_moves={k} under {label}: {rounds} rounds of three closers")
            t0 = time.perf_counter()
            (df,) = play_units(cell, rounds, seed, None if store is None else Path(store) / f"free_moves-{k}", workers)
            seconds = time.perf_counter() - t0
            row: dict[str, Any] = {"reading": label, "free_moves": k, "n": len(df)}
            for name, values in (
                ("first_seat", seat_win(0)(df).to_numpy()),
                ("turns", df["turns"].to_numpy(dtype=float)),
                ("branching", df["branching"].to_numpy(dtype=float)),
            ):
                value, lo, hi = mean_with_interval(values)
                row.update({name: value, f"{name}_lo": lo, f"{name}_hi": hi})
            row["seconds_per_round"] = seconds / len(df)  # of this run: 0 when every round came from the store
            rows.append(row)
    return pd.DataFrame(rows)


def free_moves_study(ctx) -> StudyResult:
    """``negenlab study negen free_moves``: :func:`free_moves_table` into ``free_moves.csv`` with a sidecar."""
    store = Path(ctx.store or FREE_MOVES_STORE)
    table = free_moves_table(ctx.seed, store, workers=ctx.workers, say=ctx.progress)
    path = ResultStore(_out(ctx)).save_csv(
        "free_moves",
        table,
        rules=Rules(rearrange="free", players=3, target_score=1),
        agents=["closer", "closer", "closer"],
        seed=ctx.seed,
        command=ctx.command,
        float_format="%.6g",
        study="sensitivity of rearrange='free' to free_moves (1 against 2), closers at 3 players",
        pairing="both bounds play the same seeds (seed + 3000, the variant study's 3-player seeds)",
        store=str(store),
    )
    return _written(path)


COUNT_VARIANTS = [Rules(sequence_shape=s, coverage=c) for s in ("straight", "bent") for c in ("die", "adjacency")]


def write_spiral_counts(
    out_dir="data/negen",
    max_k: int = 10,
    variants=None,
    time_budget: float | None = None,
    progress=print,
    command: str | None = None,
) -> list:
    """Write ``spiral_counts_<shape>_<coverage>.csv`` per rule variant with a ``.json`` sidecar
    (rules, package version, command, seconds per k, the k reached and whether a budget stopped it)."""
    results = ResultStore(out_dir)
    command = command or (
        f"python -m negenlab.negen.enumerate --max-k {max_k}"
        + (f" --budget {time_budget}" if time_budget else "")
        + (f" --out {out_dir}" if str(out_dir) != "data/negen" else "")
    )
    paths = []
    for rules in variants or COUNT_VARIANTS:
        t0 = time.perf_counter()
        df = count_spirals(
            max_k,
            rules,
            time_budget=time_budget,
            progress=(
                lambda row, r=rules: progress(
                    f"{r.sequence_shape}/{r.coverage} k={row['k']} valid={row['valid_fixed']} in {row['seconds']} s"
                )
            )
            if progress
            else None,
        )
        paths.append(
            results.save_csv(
                f"spiral_counts_{rules.sequence_shape}_{rules.coverage}",
                df,
                rules={"sequence_shape": rules.sequence_shape, "coverage": rules.coverage},
                command=command,
                max_k_requested=max_k,
                k_reached=int(df["k"].max()),
                stopped_by_time_budget_at_k=df.attrs["stopped_at_k"],
                time_budget_s=time_budget,
                total_seconds=round(time.perf_counter() - t0, 2),
                method="Redelmeier fixed polyominoes -> free classes; per shape, valid value assignments counted by "
                "constraint search (|V0|+|V1|-|V0&V1|); free counts by Burnside within each shape's stabiliser",
                columns={"*_fixed": "up to translation", "*_free": "up to rotation and reflection too"},
            )
        )
    return paths


def write_smallest_closed(out_dir="data/negen", max_k: int = 8, command: str | None = None) -> Path:
    """``smallest_closed_spirals.csv``: per rule variant, every smallest valid closed spiral up to
    rotation and reflection (canonical text form, rows joined by ' / ')."""
    rows = []
    for rules in COUNT_VARIANTS:
        k, tables = smallest_closed_spirals(rules, max_k=max_k, limit=10**6)
        for t in tables:
            rows.append(
                {
                    "sequence_shape": rules.sequence_shape,
                    "coverage": rules.coverage,
                    "k": k,
                    "spiral": t.to_text().replace("\n", " / "),
                }
            )
    command = command or (
        "python -m negenlab.negen.enumerate --smallest"
        + (f" --max-k {max_k}" if max_k != 8 else "")
        + (f" --out {out_dir}" if str(out_dir) != "data/negen" else "")
    )
    return ResultStore(out_dir).save_csv(
        "smallest_closed_spirals",
        pd.DataFrame(rows),
        command=command,
        searched_up_to_k=max_k,
        up_to="rotation and reflection",
    )


def write_closing_odds(out_dir="data/negen", progress=print, command: str = "python -m negenlab.negen.odds") -> Path:
    """``closing_odds.csv``: for each rule variant, every valid spiral of <= 3 dice (up to symmetry)
    and Piet's table; for the default rules also every valid 5-die spiral. A JSON sidecar records how."""
    frames = []
    t0 = time.perf_counter()
    for rules in COUNT_VARIANTS:
        spirals = common_spirals(rules, 3) + [parse_table(PIET)]
        if rules == Rules():
            spirals += [t for t in common_spirals(rules, 5) if len(t) == 5]
        frames.append(odds_table(spirals, rules))
        if progress:
            progress(
                f"{rules.sequence_shape}/{rules.coverage}: {len(spirals)} spirals, {time.perf_counter() - t0:.0f} s"
            )
    return ResultStore(out_dir).save_csv(
        "closing_odds",
        pd.concat(frames, ignore_index=True),
        command=command,
        board_dice=4,
        max_added=4,
        what="exact probability over the 6^4 ordered rolls of a 4-die board that adding 1..4 of its dice "
        "(chained to the spiral, touching no other spiral) makes the spiral valid and closed; no joins or moves",
        seconds=round(time.perf_counter() - t0, 1),
    )


def _written(paths) -> StudyResult:
    return StudyResult(None, written=[Path(p) for p in (paths if isinstance(paths, list) else [paths])])


def _out(ctx) -> str:
    return str(getattr(ctx, "out", None) or "data/negen")


STUDIES = {
    s.name: s
    for s in (
        Study(
            "variants",
            "every reading at 3 and 4 players under closers, one greedy among closers, and MCTS among greedy; "
            "planners and one planner among greedy players and among closers under the default reading: seat "
            "fairness, skill and minutes, each cell decided by an SPRT",
            variants_study,
            "about 4 core-hours from nothing (estimate printed first; a planner round takes about 1 s, and "
            "data/negen/variants.csv gives the rounds each cell played)",
            store=VARIANT_STORE,
        ),
        Study(
            "recheck",
            "every statistical verdict re-measured on the next seed: the variant-study cells behind them "
            "(closers and planners at 3 and 4, one MCTS among greedy, one planner among greedy players and one among "
            "closers, one depleter among closers; default reading) that the committed table holds, played again",
            recheck_study,
            "about 4 core-hours from nothing (the planner cells most of it)",
            store=RECHECK_STORE,
        ),
        Study(
            "free_moves",
            'the bound on "free": three closers at free_moves 1 and 2 on the same seeds, '
            "seat fairness, round length and legal turns per decision",
            free_moves_study,
            "about 10-30 min",
            store=FREE_MOVES_STORE,
        ),
        Study(
            "spiral_counts",
            "valid and closed spirals of up to 12 dice per reading (up to translation and up to symmetry)",
            lambda ctx: _written(write_spiral_counts(_out(ctx), 12, time_budget=240, command=ctx.command)),
            "about 20 min",
            uses_backend=False,
        ),
        Study(
            "smallest_closed",
            "every smallest valid closed spiral per reading",
            lambda ctx: _written(write_smallest_closed(_out(ctx), command=ctx.command)),
            "about a minute",
            uses_backend=False,
        ),
        Study(
            "closing_odds",
            "exact odds that a fresh 4-die board closes each small spiral by adding dice",
            lambda ctx: _written(write_closing_odds(_out(ctx), command=ctx.command)),
            "a few minutes",
            uses_backend=False,
        ),
    )
}
"""Negen's studies for ``negenlab study negen NAME`` (seed 2024). The uniform-random reference cells
(``study_exact.csv``, players who ignore wins) keep their own command: ``python -m negenlab.negen.study``."""

FRESH_CELL = (3, "closers", "straight/adjacency/join")
FRESH_ROUNDS = 200


def fresh_check(ctx) -> pd.DataFrame:
    """A fresh sample (the next seed) of the variant study: 200 single rounds of three closers under
    the default reading, against the committed cell (the first seat's wins, turns per round)."""
    players, mix, reading = FRESH_CELL
    table = committed_table("negen", "variants", TABLES["variants"])
    row = table[(table["players"] == players) & (table["mix"] == mix) & (table["reading"] == reading)].iloc[0]
    cell = next(c for c in variant_cells() if (c.players, c.mix, c.reading) == FRESH_CELL)
    fresh = judge_cell(cell, play_units(cell, FRESH_ROUNDS, ctx.seed + 1, None, workers=1))
    out = []
    for metric, what in (("first_seat", "the first seat wins a round"), ("turns", "turns per round")):
        committed = {"value": row[metric], "lo": row[f"{metric}_lo"], "hi": row[f"{metric}_hi"], "n": row["n"]}
        value = (fresh[metric], fresh[f"{metric}_lo"], fresh[f"{metric}_hi"], fresh["n"])
        out.append(check_row(f"{players} players, {mix}, {reading}: {what}", committed, value))
    return pd.DataFrame(out)


_SEATS = {k: v for p in range(3) for k, v in ci(f"seat{p}_win", "rate", f"seat{p}_lo", f"seat{p}_hi").items()}
_STUDY_EXACT = (
    {"players": "count", "mix": "text", "variant": "text", "n": "count", **ci("turns", "number")}
    | {"minutes": "number", "minutes_lo_15s": "number", "minutes_hi_60s": "number", "branching": "number"}
    | ci("refusal", "rate")
    | ci("depletion", "rate")
    | ci("stalled", "rate")
    | _SEATS
    | {"ends_closed": "count", "ends_pool_empty": "count", "ends_max_turns": "count"}
    | nullable(ci("seat3_win", "rate", "seat3_lo", "seat3_hi") | ci("focus_win", "rate", "focus_lo", "focus_hi"))
)
_VARIANTS = (
    {"players": "count", "mix": "text", "reading": "text", "units": "count", "n": "count", "rotations": "count"}
    | ci("first_seat", "rate")
    | {"first_seat_sprt": "text", "first_seat_llr": "number"}
    | ci("turns", "number")
    | {"turns_precision": "number", "minutes_per_round": "number", "minutes_per_game": "number"}
    | {"refusal": "rate", "depletion": "rate", "stalled": "rate", "branching": "number"}
    | {"stop": "text", "seed": "count", "id": "text"}
    | nullable(ci("focus", "rate") | {"focus_sprt": "text", "focus_llr": "number"})
)
_COUNTS = ("shapes_fixed", "shapes_free", "closed_shapes_fixed", "closed_shapes_free")
_SPIRAL_COUNTS = Schema(
    {"k": "count", **dict.fromkeys(_COUNTS, "count")}
    | dict.fromkeys(("valid_fixed", "valid_free", "valid_closed_fixed", "valid_closed_free"), "count")
    | {"seconds": "number"},
    keys=["k"],
    required=[{"k": k} for k in range(1, 9)],  # the page recomputes k <= 8 against them
    checks=[
        Check("closed spirals never more than the valid ones, nor valid ones more than the shapes",
              lambda t: first_row((t["valid_closed_fixed"] > t["valid_fixed"]) | (t["valid_closed_free"] > t["valid_free"])
                                  | (t["closed_shapes_fixed"] > t["shapes_fixed"]))),
        Check("counts up to rotation and reflection never above the counts up to translation",
              lambda t: first_row((t["valid_free"] > t["valid_fixed"]) | (t["shapes_free"] > t["shapes_fixed"]))),
    ],
)  # fmt: skip
_FREE_MOVES = (
    {"reading": "text", "free_moves": "count", "n": "count", **ci("first_seat", "rate")}
    | ci("turns", "number")
    | ci("branching", "number")
    | {"seconds_per_round": "number"}
)
TABLES = {
    "study_exact": Schema(
        _STUDY_EXACT,
        intervals=["turns", "refusal", "depletion", "stalled"]
        + [(f"seat{p}_win", f"seat{p}_lo", f"seat{p}_hi") for p in range(4)]
        + [("focus_win", "focus_lo", "focus_hi")],
        keys=["players", "mix", "variant"],
        required=[  # the cells the page's reference figure plots
            {"players": p, "mix": m, "variant": v}
            for p, m, readings in (
                (3, "random", ("straight/adjacency/join", "straight/die/join", "bent/adjacency/join")),
                (3, "greedy-vs-random", ("straight/adjacency/join", "straight/die/join")),
                (4, "random", ("straight/adjacency/join", "straight/die/join")),
            )
            for v in readings
        ],
    ),
    "variants": Schema(
        _VARIANTS,
        intervals=["first_seat", "turns", "focus"],
        keys=["players", "mix", "reading"],
        required=[{"players": p, "mix": m, "reading": DEFAULT_READING} for p, m in CLAIM_CELLS[:4]],
        values={"first_seat_sprt": ("H0", "H1", "undecided"), "focus_sprt": ("H0", "H1", "undecided")},
        checks=[Check("n = units x rotations", lambda t: first_row(t["n"] != t["units"] * t["rotations"]))],
        sidecar={"seed": "seed"},
    ),
    "recheck": recheck_schema(  # every number a verdict's re-measurement reads
        players={c: SELF_PLAY for c in ("duration", "abruptly", "depletion", "dice_60")}
        | {"skill": BETTER_PLAYER, "target_score": BETTER_PLAYER, "deeper": DEEPER_PLAYER},
        seats=[
            {"claim": "seat_order", "players": p, "step": f"{k} players", "seat": seat}
            for p in SELF_PLAY
            for k in (3, 4)
            for seat in range(k)
        ],
    ),
    "closing_odds": Schema(
        {"spiral": "text", "dice": "count", "sequence_shape": "text", "coverage": "text", "max_added": "count"}
        | {"p_close": "rate", "p_close_exact": "text", "hits_of_1296": "count", "fewest_dice_needed": "count?"}
        | {"closing_multisets": "count", "placements_with_loop": "count"},
        keys=["spiral", "sequence_shape", "coverage"],
        required=[  # under every reading: each one-die spiral and Piet's table, which the page's odds start from
            {"spiral": spiral, "sequence_shape": r.sequence_shape, "coverage": r.coverage}
            for r in COUNT_VARIANTS
            for spiral in (*"123456", PIET.replace("\n", " / "))
        ],
        checks=[
            Check(
                "p_close = hits_of_1296 / 1296",
                lambda t: first_row((t["p_close"] * 1296 - t["hits_of_1296"]).abs() > 1e-6),
            ),
            Check("hits_of_1296 at most 1296", lambda t: first_row(t["hits_of_1296"] > 1296)),
        ],
    ),
    "free_moves": Schema(
        _FREE_MOVES,
        intervals=["first_seat", "turns", "branching"],
        keys=["reading", "free_moves"],
        required=every(reading=FREE_MOVES_READINGS, free_moves=(1, 2)),  # each bound under each reading, compared
    ),
    "smallest_closed_spirals": Schema(
        {"sequence_shape": "text", "coverage": "text", "k": "count", "spiral": "text"},
        keys=["sequence_shape", "coverage", "spiral"],
        required=[{"sequence_shape": r.sequence_shape, "coverage": r.coverage} for r in COUNT_VARIANTS],
        checks=[
            Check(
                "one k for all the spirals of a reading, its smallest (they are its smallest closed ones)",
                lambda t: first_row(t["k"] != t.groupby(["sequence_shape", "coverage"])["k"].transform("min")),
            )
        ],
    ),
    **{
        f"spiral_counts_{shape}_{cov}": _SPIRAL_COUNTS for shape in ("straight", "bent") for cov in ("die", "adjacency")
    },
}
"""The committed tables of data/negen by name, with what their loaders need (checked on load)."""

CLAIM_ROUNDS = Schema(
    {"game": "count", "round1_winner": "number", "round1_turns": "count", "round1_reason": "text"}
    | {"rounds_pool_empty": "count", "winner": "count", "turns": "count", "fresh_turns": "number?"}
    | {"fresh_closes": "number?", "cell": "text", "rotation": "count"},
    keys=["cell", "rotation", "game"],
)
"""``data/negen/claim_rounds.parquet``: one row per round of a claim cell (:func:`claim_rounds`); each
cell's rotations hold the rounds its row in ``variants.csv`` counts (:func:`committed_cells`)."""


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="Negen variant study on the exact engine (resumable)")
    ap.add_argument("--out", default="data/negen/study_exact.csv")
    ap.add_argument("--store", default="runs/negen_study")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument(
        "--variants", nargs="+", default=["all"], help="default | join | free | all, or labels such as bent/die/join"
    )
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4])
    ap.add_argument("--mixes", nargs="+", default=list(MIXES))
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--status", action="store_true", help="show every planned cell's rounds so far, run nothing")
    args = ap.parse_args(argv)
    if args.status:
        print(study_status(Path(args.out), Path(args.store)).to_string(index=False))
        return
    command = "python -m negenlab.negen.study " + " ".join(
        f"--{k} {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in vars(args).items() if k != "status"
    )
    variants = args.variants[0] if len(args.variants) == 1 and "/" not in args.variants[0] else args.variants
    run_study(
        Path(args.out),
        Path(args.store),
        args.games,
        args.seed,
        variants,
        tuple(args.players),
        tuple(args.mixes),
        args.workers,
        command,
    )


if __name__ == "__main__":
    main()


def _first_round_winner(df: pd.DataFrame) -> np.ndarray:
    return df["round1_winner"].to_numpy(int)


VARIANT_CLAIMS = (
    VariantClaim(
        register("negen")["duration"],
        "turns",
        scale=SECONDS_PER_TURN / 60,
        how="the minutes of a whole game to the target score at 30 s a turn",
        fields=("target_score", "pool_size", "free_moves", "sequence_shape", "coverage", "rearrange"),
        strengths=SELF_PLAY_AGENTS,
    ),
    VariantClaim(
        register("negen")["seat_order"],
        winners=_first_round_winner,
        how="the winner of each game's first round",
        fields=("players", "free_moves"),
        strengths=SELF_PLAY_AGENTS,
    ),
)
"""The claims ``negenlab negen variant`` judges: minutes a game at 30 s a turn, and the first
round's winner by seat (seat 1 opens it)."""

__all__ = [
    "TABLES",
    "study_cells",
    "planned_cells",
    "study_status",
    "run_cell",
    "cell_summary",
    "summarise_cell",
    "run_study",
    "expected_rounds",
    "write_spiral_counts",
    "write_smallest_closed",
    "write_closing_odds",
    "MIXES",
    "MCTS_SIMULATIONS",
    "SECONDS_PER_TURN",
    "VARIANT_CLAIMS",
]
