"""Negen's variant study on the exact engine: paired, seat-rotated, resumable.

Every cell (reading x players x agent mix) plays single rounds (``Rules(target_score=1)``).
Cells of one row of the comparison (same players and mix) share their seeds, so the variants
are compared on common random numbers; a mix with one distinct agent (``greedy-vs-random``)
is played in ``players`` blocks with that agent in each seat in turn. Each block runs through
:func:`negenlab.core.simulate` with a store folder, so an interrupted study resumes where it
stopped, and the same seed gives the same table on any number of workers.

    python -m negenlab.negen.study --store runs/negen --games 1000 --variants default

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

MIXES = ("random", "greedy-vs-random")
SECONDS_PER_TURN = 30


def _variants(variants) -> list[Rules]:
    if variants == "default":
        return [Rules(), Rules(coverage="die")]
    if variants == "all":
        return Rules.variants()
    return list(variants)


def study_cells(variants="all", players: Iterable[int] = (3, 4), mixes: Iterable[str] = MIXES) -> list[dict]:
    """The cells of the study, in the order they run (rows of the comparison outermost)."""
    cells = []
    for P in players:
        for mi, mix in enumerate(mixes):
            if mix not in MIXES:
                raise InvalidInputError(f"unknown mix {mix!r}; expected one of {MIXES}")
            for rules in _variants(variants):
                cells.append({"players": P, "mix": mix, "mix_index": mi,
                              "rules": rules.replace(players=P, target_score=1), "variant": rules.label})
    return cells


def _seats(mix: str, players: int, block: int) -> list:
    if mix == "random":
        return [make_agent("random") for _ in range(players)]
    return [make_agent("greedy") if p == block else make_agent("random") for p in range(players)]


def run_cell(cell: dict, n_games: int, seed: int, store: Path | None, workers: int | None = 1,
             progress: bool = True) -> pd.DataFrame:
    """Every round of one cell (seat-rotated blocks), with columns ``block`` and ``focus_seat``."""
    P = cell["players"]
    blocks = 1 if cell["mix"] == "random" else P
    per_block = -(-n_games // blocks)
    frames = []
    for b in range(blocks):
        row_seed = seed + 1000 * P + 100 * cell["mix_index"] + b   # shared by every variant of the row
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
    if cell["mix"] != "random":
        r = rate(int((df["winner"] == df["focus_seat"]).sum()), n)
        row.update({"greedy_win": r["value"], "greedy_lo": r["lo"], "greedy_hi": r["hi"]})
    for reason in ("closed", "pool_empty", "max_turns"):
        row[f"ends_{reason}"] = int((df["round1_reason"] == reason).sum())
    return row


def run_study(out: Path, store: Path, n_games: int = 1000, seed: int = 2026, variants="all",
              players=(3, 4), mixes=MIXES, workers: int | None = 1, command: str = "") -> pd.DataFrame:
    """Run (or resume) every cell, writing ``out`` (CSV) and its JSON sidecar after each cell."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    cells = study_cells(variants, players, mixes)
    meta = {"study": "Negen single rounds per reading, exact turn engine", "n_games_per_cell": n_games,
            "seed": seed, "players": list(players), "mixes": list(mixes),
            "variants": sorted({c["variant"] for c in cells}, key=[c["variant"] for c in cells].index),
            "rules": {f"{c['players']} players, {c['variant']}": asdict(c["rules"]) for c in cells},
            "agents": {"random": "RandomTurnAgent (uniform over legal turns)",
                       "greedy": "GreedyAgent (closes when it can, else leaves the lowest exact closing odds)"},
            "pairing": "cells of one (players, mix) row share seeds; greedy rotates through every seat",
            "seconds_per_turn": SECONDS_PER_TURN, "negenlab_version": package_version(),
            "command": command, "complete": False}
    rows = []
    for cell in cells:
        df = run_cell(cell, n_games, seed, store, workers)
        rows.append(summarise_cell(df, cell))
        pd.DataFrame(rows).to_csv(out, index=False)
        meta["cells_done"] = len(rows)
        out.with_suffix(".json").write_text(json.dumps(meta, indent=2, default=str))
    meta["complete"] = True
    out.with_suffix(".json").write_text(json.dumps(meta, indent=2, default=str))
    return pd.DataFrame(rows)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="Negen variant study on the exact engine (resumable)")
    ap.add_argument("--out", default="data/negen/study_exact.csv")
    ap.add_argument("--store", default="runs/negen_study")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--variants", choices=("default", "all"), default="all")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4])
    ap.add_argument("--mixes", nargs="+", default=list(MIXES))
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    command = "python -m negenlab.negen.study " + " ".join(
        f"--{k} {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in vars(args).items())
    run_study(Path(args.out), Path(args.store), args.games, args.seed, args.variants, tuple(args.players),
              tuple(args.mixes), args.workers, command)


if __name__ == "__main__":
    main()


__all__ = ["study_cells", "run_cell", "summarise_cell", "run_study", "MIXES"]

