"""Negen's variant study on the exact engine: paired, seat-rotated, resumable.

Every cell (reading x players x agent mix) plays single rounds (``Rules(target_score=1)``).
Cells with the same number of players share their seeds (whatever the reading, the mix or the
options of the run), so readings and mixes are compared on common random numbers. A mix with a
focus agent (``greedy-vs-random``: one greedy player; ``mcts-vs-greedy``: one MCTS player among
greedy ones) is played in ``players`` blocks with the focus agent in each seat in turn. Each block runs through
:func:`negenlab.core.simulate` with a store folder, so an interrupted study resumes where it
stopped, and the same seed gives the same table on any number of workers.

    python -m negenlab.negen.study --store runs/negen --games 1000 --variants default

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
from dataclasses import asdict
from pathlib import Path
from typing import Iterable

import pandas as pd

from negenlab.core.errors import InvalidInputError
from negenlab.core.metrics import mean_interval, rate
from negenlab.core.simulate import simulate
from negenlab.core.version import package_version

from .agents import make_agent
from .game import Negen
from .rules import Rules

MIXES = ("random", "greedy-vs-random", "mcts-vs-greedy")
MCTS_SIMULATIONS = 200  # the MCTS budget of the mcts-vs-greedy mix (simulations per decision)
SECONDS_PER_TURN = 30


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
            raise InvalidInputError(f"unknown variants {v!r}; expected 'default', 'join', 'free', 'all' "
                                    f"or labels among {sorted(by_label)}")
    return out


def study_cells(variants="all", players: Iterable[int] = (3, 4), mixes: Iterable[str] = MIXES) -> list[dict]:
    """The cells of the study, in the order they run (rows of the comparison outermost)."""
    cells = []
    for P in players:
        for mix in mixes:
            if mix not in MIXES:
                raise InvalidInputError(f"unknown mix {mix!r}; expected one of {MIXES}")
            for rules in _variants(variants):
                cells.append({"players": P, "mix": mix,
                              "rules": rules.replace(players=P, target_score=1), "variant": rules.label})
    return cells


def planned_cells() -> list[tuple[int, str, str, int]]:
    """The study as planned, as (players, mix, reading, rounds wanted): every reading x 3 and 4
    players with random players and with one greedy player (1,000 rounds each), and one MCTS
    player among greedy ones under the default reading and its die-coverage twin (3 players,
    200 rounds each)."""
    plan = [(c["players"], c["mix"], c["variant"], 1000)
            for c in study_cells("all", (3, 4), ("random", "greedy-vs-random"))]
    return plan + [(c["players"], c["mix"], c["variant"], 200)
                   for c in study_cells("default", (3,), ("mcts-vs-greedy",))]


def _seats(mix: str, players: int, block: int) -> list:
    """The agents of a mix, its first-named agent (the focus) in seat ``block``."""
    if mix == "random":
        return [make_agent("random") for _ in range(players)]
    if mix == "greedy-vs-random":
        return [make_agent("greedy") if p == block else make_agent("random") for p in range(players)]
    return [make_agent("mcts", simulations=MCTS_SIMULATIONS) if p == block else make_agent("greedy")
            for p in range(players)]


def run_cell(cell: dict, n_games: int, seed: int, store: Path | None, workers: int | None = 1,
             progress: bool = True) -> pd.DataFrame:
    """Every round of one cell (seat-rotated blocks), with columns ``block`` and ``focus_seat``."""
    P = cell["players"]
    blocks = 1 if cell["mix"] == "random" else P
    per_block = -(-n_games // blocks)
    frames = []
    for b in range(blocks):
        row_seed = seed + 1000 * P + b   # shared by every reading and mix of the row (common random numbers)
        where = None if store is None else Path(store) / f"p{P}-{cell['mix']}-{cell['variant'].replace('/', '-')}-b{b}"
        df = simulate(Negen(cell["rules"]), _seats(cell["mix"], P, b), n_games=per_block, seed=row_seed,
                      workers=workers, backend="serial" if workers == 1 else "process", store=where,
                      progress=progress)
        df["block"] = b
        df["focus_seat"] = b if cell["mix"] != "random" else -1
        df["row_seed"] = row_seed
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def summarise_cell(df: pd.DataFrame, cell: dict, seconds_per_turn: float = SECONDS_PER_TURN) -> dict:
    """One row per cell: each rate with n and its 95% interval."""
    n = len(df)
    P = cell["players"]
    turns = mean_interval(df["round1_turns"].to_numpy(dtype=float))
    total_turns = int(df["turns"].sum())
    row = {"players": P, "mix": cell["mix"], "variant": cell["variant"], "n": n,
           "turns": turns["value"], "turns_lo": turns["lo"], "turns_hi": turns["hi"],
           "minutes": turns["value"] * seconds_per_turn / 60,
           "minutes_lo_15s": turns["lo"] * 15 / 60, "minutes_hi_60s": turns["hi"] * 60 / 60,
           "branching": float((df["mean_legal_turns"] * df["searches"]).sum() / max(1, df["searches"].sum()))}
    for name, k, total in (("refusal", int(df["refusals"].sum()), total_turns),
                           ("depletion", int(df["depletions"].sum()), total_turns),
                           ("stalled", int((df["round1_reason"] != "closed").sum()), n)):
        r = rate(k, total)
        row.update({name: r["value"], f"{name}_lo": r["lo"], f"{name}_hi": r["hi"]})
    for p in range(P):
        r = rate(int((df["winner"] == p).sum()), n)
        row.update({f"seat{p}_win": r["value"], f"seat{p}_lo": r["lo"], f"seat{p}_hi": r["hi"]})
    if "focus_seat" in df and (df["focus_seat"] >= 0).any():
        r = rate(int((df["winner"] == df["focus_seat"]).sum()), n)
        row.update({"focus_win": r["value"], "focus_lo": r["lo"], "focus_hi": r["hi"]})
    for reason in ("closed", "pool_empty", "max_turns"):
        row[f"ends_{reason}"] = int((df["round1_reason"] == reason).sum())
    return row


def _cell_id(players: int, mix: str, variant: str) -> str:
    return f"{players} players, {mix}, {variant}"


def _in_study_order(table: pd.DataFrame) -> pd.DataFrame:
    """Rows by players, then mix (as in MIXES), then reading (as in Rules.variants())."""
    rank = {"variant": {r.label: i for i, r in enumerate(Rules.variants())},
            "mix": {m: i for i, m in enumerate(MIXES)}}
    return table.sort_values(["players", "mix", "variant"],
                             key=lambda col: col.map(rank[col.name]) if col.name in rank else col)


def run_study(out: Path, store: Path, n_games: int = 1000, seed: int = 2026, variants="all",
              players=(3, 4), mixes=MIXES, workers: int | None = 1, command: str = "") -> pd.DataFrame:
    """Run (or resume) the chosen cells and merge them into ``out`` (CSV, one row per cell), its
    per-round table (``out`` with ``_rounds.parquet``) and its JSON sidecar, after every cell.
    Cells run before with other options stay in the files; a cell run again is replaced."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    side, rounds_path = out.with_suffix(".json"), out.with_name(out.stem + "_rounds.parquet")
    rows = {}
    if out.exists():
        for r in pd.read_csv(out).to_dict("records"):
            rows[_cell_id(r["players"], r["mix"], r["variant"])] = r
    rounds = pd.read_parquet(rounds_path) if rounds_path.exists() else pd.DataFrame()
    meta = json.loads(side.read_text()) if side.exists() else {}
    meta.update({"study": "Negen single rounds per reading, exact turn engine",
                 "agents": {"random": "RandomTurnAgent (uniform over legal turns)",
                            "greedy": "GreedyAgent (closes when it can, else leaves the lowest exact closing odds)",
                            "mcts": f"NegenMCTSAgent(simulations={MCTS_SIMULATIONS}) over whole turns"},
                 "pairing": "cells with the same players share seeds (block b: seed + 1000 x players + b); "
                            "the first-named agent of a mix (the focus) takes every seat in turn",
                 "seconds_per_turn": SECONDS_PER_TURN, "negenlab_version": package_version()})
    meta.setdefault("cells", {})
    for cell in study_cells(variants, players, mixes):
        cid = _cell_id(cell["players"], cell["mix"], cell["variant"])
        df = run_cell(cell, n_games, seed, store, workers)
        rows[cid] = summarise_cell(df, cell)
        keep = ["block", "focus_seat", "row_seed", "game", "winner", "round1_turns", "round1_reason",
                "refusals", "depletions", "mean_legal_turns", "searches"]
        part = df[[c for c in keep if c in df.columns]].assign(players=cell["players"], mix=cell["mix"],
                                                                 variant=cell["variant"])
        if len(rounds):
            rounds = rounds[~((rounds["players"] == cell["players"]) & (rounds["mix"] == cell["mix"])
                              & (rounds["variant"] == cell["variant"]))]
        rounds = pd.concat([rounds, part], ignore_index=True)
        meta["cells"][cid] = {"n": len(df), "seed": seed, "rules": asdict(cell["rules"]), "command": command}
        _in_study_order(pd.DataFrame(list(rows.values()))).dropna(axis=1, how="all").to_csv(out, index=False)
        rounds.to_parquet(rounds_path, index=False)
        side.write_text(json.dumps(meta, indent=2, default=str))
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
        rows.append({"players": P, "mix": mix, "variant": variant, "wanted": wanted,
                     "in table": have.get((P, mix, variant), 0), "in store": played})
    return pd.DataFrame(rows)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="Negen variant study on the exact engine (resumable)")
    ap.add_argument("--out", default="data/negen/study_exact.csv")
    ap.add_argument("--store", default="runs/negen_study")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--variants", nargs="+", default=["all"],
                    help="default | join | free | all, or labels such as bent/die/join")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4])
    ap.add_argument("--mixes", nargs="+", default=list(MIXES))
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--status", action="store_true", help="show every planned cell's rounds so far, run nothing")
    args = ap.parse_args(argv)
    if args.status:
        print(study_status(Path(args.out), Path(args.store)).to_string(index=False))
        return
    command = "python -m negenlab.negen.study " + " ".join(
        f"--{k} {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in vars(args).items()
        if k != "status")
    variants = args.variants[0] if len(args.variants) == 1 and "/" not in args.variants[0] else args.variants
    run_study(Path(args.out), Path(args.store), args.games, args.seed, variants, tuple(args.players),
              tuple(args.mixes), args.workers, command)


if __name__ == "__main__":
    main()


__all__ = ["study_cells", "planned_cells", "study_status", "run_cell", "summarise_cell", "run_study", "MIXES", "MCTS_SIMULATIONS"]

