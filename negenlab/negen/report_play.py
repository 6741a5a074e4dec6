"""Negen play: balance studies per rule variant, and the play section of the Negen report.

A study simulates single rounds (``Rules(target_score=1)``: one simulated game = one round,
seat 0 moves first) with ``core.simulate`` for each player count, agent mix and rule
variant, and summarises them in one row per cell: round length in turns, seat-0 win rate,
refusal and depletion rates per turn, branching (turns offered per decision), stalled rounds
and how rounds end, each rate with n and a 95% Wilson interval.

>>> df = balance_study(variants=[Rules()], players=(3,), mixes=("random",), n_games=2,
...                    seed=1, workers=1)
>>> list(df["n"]), bool((df["stalled_k"] + df["closed_k"] == df["n"]).all())
([2], True)
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Iterable

import numpy as np
import pandas as pd

from negenlab.core.metrics import mean_interval, rate
from negenlab.core.simulate import simulate
from negenlab.core.version import package_version

from .agents import make_agent
from .game import Negen
from .rules import Rules

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "negen"
BALANCE_CSV = DATA_DIR / "balance_variants.csv"
MIXES = {"random": ("random",), "greedy-vs-random": ("greedy", "random"), "greedy": ("greedy",)}
SECONDS_PER_TURN = 30  # assumption used to turn turns into minutes of play (say so wherever shown)


def mix_agents(mix: str, players: int) -> list:
    """Seat agents of a mix: the first names seat 0, the last name fills the other seats."""
    names = MIXES[mix]
    return [make_agent(names[min(i, len(names) - 1)]) for i in range(players)]


def variant_name(rules: Rules) -> str:
    return rules.label


def summarise(df: pd.DataFrame, **labels) -> dict:
    """One row of the variant-comparison table from a simulation table of single rounds."""
    n = len(df)
    turns = df["round1_turns"].to_numpy(dtype=float)
    t = mean_interval(turns)
    total_turns = int(df["turns"].sum())
    won0 = rate(int((df["winner"] == 0).sum()), n)
    refus = rate(int(df["refusals"].sum()), total_turns)
    deple = rate(int(df["depletions"].sum()), total_turns)
    stalled = int((df["round1_reason"] != "closed").sum())
    st = rate(stalled, n)
    P = int(labels.get("players", 3))
    row = dict(labels)
    row.update({
        "n": n, "turns_mean": t["value"], "turns_lo": t["lo"], "turns_hi": t["hi"],
        "turns_median": float(np.median(turns)) if n else float("nan"),
        "minutes_est": t["value"] * SECONDS_PER_TURN / 60 if n else float("nan"),
        "seat0_win": won0["value"], "seat0_lo": won0["lo"], "seat0_hi": won0["hi"], "fair_share": 1 / P,
        "refusal_rate": refus["value"], "refusal_lo": refus["lo"], "refusal_hi": refus["hi"],
        "depletion_rate": deple["value"], "depletion_lo": deple["lo"], "depletion_hi": deple["hi"],
        "branching": float((df["mean_legal_turns"] * df["searches"]).sum() / max(1, df["searches"].sum())),
        "stalled_k": stalled, "stalled_rate": st["value"], "stalled_lo": st["lo"], "stalled_hi": st["hi"],
        "closed_k": int((df["round1_reason"] == "closed").sum()),
        "pool_empty_k": int((df["round1_reason"] == "pool_empty").sum()),
        "max_turns_k": int((df["round1_reason"] == "max_turns").sum()),
    })
    for p in range(P):
        row[f"win_seat_{p}"] = float((df["winner"] == p).sum() / n) if n else float("nan")
    return row


def balance_study(variants: Iterable[Rules] | None = None, players: Iterable[int] = (3, 4),
                  mixes: Iterable[str] = ("random", "greedy-vs-random"), n_games: int = 20, seed: int = 2024,
                  workers: int | None = None, budget_seconds: float | None = None,
                  on_row=None) -> pd.DataFrame:
    """Simulate every (players, mix, variant) cell; return the variant-comparison table.

    Cells run in a fixed order; with ``budget_seconds`` the study stops starting new cells once
    the budget is spent, and ``df.attrs["skipped"]`` lists the cells it did not run.
    """
    if variants is None:
        variants = Rules.variants()
    variants = list(variants)
    rows, skipped = [], []
    t0 = time.perf_counter()
    cell = 0
    for P in players:
        for mix in mixes:
            for base in variants:
                cell += 1
                rules = base.replace(players=P, target_score=1)
                label = {"players": P, "mix": mix, "variant": variant_name(rules)}
                if budget_seconds is not None and time.perf_counter() - t0 > budget_seconds:
                    skipped.append(label)
                    continue
                agents = mix_agents(mix, P)
                df = simulate(Negen(rules), agents, n_games=n_games, seed=seed + cell,
                              workers=workers, progress=False, chunk_size=max(1, n_games // 4 or 1))
                row = summarise(df, **label)
                row["seed"] = seed + cell
                rows.append(row)
                if on_row is not None:
                    on_row(row)
    out = pd.DataFrame(rows)
    out.attrs["skipped"] = skipped
    out.attrs["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def write_balance(n_games: int = 30, seed: int = 2024, workers: int | None = 1, path: Path = BALANCE_CSV,
                  mixes=("random", "greedy-vs-random"), players=(3, 4), variants: Iterable[Rules] | None = None) -> Path:
    """Run the study and write it with a JSON sidecar (rules, agents, seed, version); rows are
    appended to the CSV as cells finish, so a long run leaves a usable partial table."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    variants = None if variants is None else list(variants)
    meta = {"study": "Negen balance per rule variant (single rounds, Rules(target_score=1))",
            "n_games_per_cell": n_games, "seed": seed, "players": list(players), "mixes": list(mixes),
            "agents": {m: [a.describe() for a in mix_agents(m, 3)] for m in mixes},
            "variants": [variant_name(r) for r in (Rules.variants() if variants is None else variants)],
            "game": Negen(Rules()).describe(), "negenlab_version": package_version(),
            "command": f"write_balance(n_games={n_games}, seed={seed}, players={tuple(players)}, "
                       f"mixes={tuple(mixes)}, variants=<the variants listed>)",
            "complete": False}
    path.with_suffix(".json").write_text(json.dumps(meta, indent=2, default=str))
    done = []

    def save(row):
        done.append(row)
        pd.DataFrame(done).to_csv(path, index=False)

    balance_study(variants=variants, players=players, mixes=mixes, n_games=n_games, seed=seed, workers=workers,
                  on_row=save)
    meta["complete"] = True
    path.with_suffix(".json").write_text(json.dumps(meta, indent=2, default=str))
    return path


def _seat_wins(row) -> str:
    """Every seat's win rate with its Wilson interval (wins = rate x n, as counted in the study)."""
    parts = []
    for p in range(int(row.players)):
        share = getattr(row, f"win_seat_{p}", float("nan"))
        if share != share:
            continue
        r = rate(int(round(share * row.n)), int(row.n))
        parts.append(f"{r['value']:.0%} [{r['lo']:.0%}, {r['hi']:.0%}]")
    return " / ".join(parts)


def _display(df: pd.DataFrame) -> pd.DataFrame:
    def ci(v, lo, hi, pct=True):
        if pct:
            return [f"{a:.0%} [{b:.0%}, {c:.0%}]" if a == a else "" for a, b, c in zip(v, lo, hi)]
        return [f"{a:.1f} [{b:.1f}, {c:.1f}]" if a == a else "" for a, b, c in zip(v, lo, hi)]

    return pd.DataFrame({
        "players": df["players"], "agents": df["mix"], "variant": df["variant"], "n rounds": df["n"],
        "turns/round [95% CI]": ci(df["turns_mean"], df["turns_lo"], df["turns_hi"], pct=False),
        "≈ minutes": [f"{m:.0f}" for m in df["minutes_est"]],
        "seat 0 wins [CI]": ci(df["seat0_win"], df["seat0_lo"], df["seat0_hi"]),
        "wins by seat 0 / 1 / 2 / 3 [CI]": [_seat_wins(row) for row in df.itertuples(index=False)],
        "fair share": [f"{x:.0%}" for x in df["fair_share"]],
        "refusals/turn [CI]": ci(df["refusal_rate"], df["refusal_lo"], df["refusal_hi"]),
        "depletions/turn [CI]": ci(df["depletion_rate"], df["depletion_lo"], df["depletion_hi"]),
        "turns offered/decision": [f"{b:.0f}" for b in df["branching"]],
        "stalled [CI]": ci(df["stalled_rate"], df["stalled_lo"], df["stalled_hi"]),
        "ends: closed / pool empty / max turns": [f"{a} / {b} / {c}" for a, b, c in
                                                  zip(df["closed_k"], df["pool_empty_k"], df["max_turns_k"])],
    })


PIET_TABLE = ". . . . . . 4\n6 5 4 . 3 . ."   # the source's example: 6-5-4, a lone 3, a lone 4
PIET_BOARD = (5, 2, 2, 1)
PIET_AFTER = ". . . 4 .\n6 5 4 3 2\n. . . 2 ."    # the turn Piet played
# the shape x coverage readings (rearrange=join) the report searches Piet's position under: well
# under a second each, bent/die a few seconds (the most turns: sequences bend, every die counts)
PIET_READINGS = (("straight", "adjacency"), ("straight", "die"), ("bent", "adjacency"), ("bent", "die"))


def piet_turns(readings=PIET_READINGS) -> pd.DataFrame:
    """Legal and closing turns of Piet's position (his full board 5 2 2 1) per shape x coverage
    reading (rearrange=join), computed now by the exact search, with the seconds each took.

    >>> df = piet_turns([("straight", "adjacency")])
    >>> bool(df.loc[0, "complete"]), bool(df.loc[0, "Piet's turn legal"])
    (True, True)
    """
    from .table import parse_table, table_key
    from .turns import legal_turns

    after = table_key(parse_table(PIET_AFTER))
    rows = []
    for shape, cov in readings:
        rules = Rules(sequence_shape=shape, coverage=cov, rearrange="join")
        t0 = time.perf_counter()
        res = legal_turns(PIET_TABLE, board=PIET_BOARD, rules=rules)
        rows.append({"reading": rules.label, "legal turns": len(res.turns), "closing turns": len(res.closing),
                     "Piet's turn legal": after in res.keys(), "complete": res.complete,
                     "states explored": res.explored, "seconds": round(time.perf_counter() - t0, 2)})
    return pd.DataFrame(rows)


def _study_predates_exact_turns(meta: dict) -> bool:
    """True when a committed study's sidecar says it was made with the earlier game engine
    (a subset of the legal turns, ``turn_search`` settings)."""
    game = meta.get("game", {}) if isinstance(meta.get("game"), dict) else {}
    return "turn_search" in game or "game_turns" in str(meta.get("turn_generator", ""))


def build(page, options) -> None:
    """The play section of the Negen report: Piet's position per reading, fresh study, committed study."""
    page.heading("Play: turns, rounds and balance per rule variant", 2)
    page.text("A decision in the simulated game is a whole turn: an end-of-turn table. The exact turn search "
              "(legal_turns) finds every legal end table. Tables are position-free: where spirals lie relative "
              "to each other means nothing, so a table is a multiset of spirals, each up to translation and "
              "quarter turns. The game offers exactly these turns, no subset and no cap. Piet's position from the "
              "source: 6-5-4, a lone 3 and a lone 4 (three spirals), his board 5 2 2 1.")
    df = piet_turns()
    page.table(df, caption="Piet's position with his full board 5 2 2 1 under each shape x coverage reading "
                           "(rearrange=join): legal and closing turns, computed now by the exact search "
                           f"({df['seconds'].sum():.1f} s in all); \"Piet's turn legal\": the table he played "
                           "(4 above the 3, 2 below, 6 5 4 3 2 across) is among them.")
    page.note("One simulated game = one round (target_score=1); minutes assume "
              f"{SECONDS_PER_TURN} s per turn.")
    # `make demo` budget: by default one small cell (3 players, default rules); --games N runs every
    # cell (8 variants x 3 and 4 players) with N rounds each. The committed study below is larger.
    n = options.games if options.games is not None else 2
    if options.games is None:
        variants, players = [Rules()], (3,)
    else:
        variants, players = Rules.variants(), (3, 4)
    fresh = balance_study(variants=variants, players=players, mixes=("random",), n_games=n, seed=options.seed,
                          workers=options.workers)
    page.heading("Variant comparison (this run)", 3)
    if len(fresh):
        page.table(_display(fresh), caption=f"{n} rounds per cell, random agents, seed {options.seed}; "
                                            f"built in {fresh.attrs['seconds']} s")
    if fresh.attrs.get("skipped"):
        page.warning("Time budget reached: cells not run in this report: " + "; ".join(
            f"{c['players']} players {c['variant']}" for c in fresh.attrs["skipped"])
            + ". Run with --games N to run every cell.")
    if BALANCE_CSV.exists():
        stored = pd.read_csv(BALANCE_CSV)
        meta = json.loads(BALANCE_CSV.with_suffix(".json").read_text()) if BALANCE_CSV.with_suffix(".json").exists() else {}
        page.heading("Variant comparison (committed study, data/negen/balance_variants.csv)", 3)
        if not meta.get("complete", False):
            page.warning("The committed study is partial: its run stopped before every cell was done.")
        if _study_predates_exact_turns(meta):
            page.warning("The committed study was made with the earlier game engine, which offered only a subset "
                         "of the legal turns (and an older greedy agent and default rules); its numbers are not "
                         "comparable with this run. Refresh it with write_balance().")
        page.table(_display(stored), caption=f"{meta.get('n_games_per_cell', '?')} rounds per cell, "
                                             f"seed {meta.get('seed', '?')}, negenlab {meta.get('negenlab_version', '?')}")
    page.provenance(rules=Rules(target_score=1), agents=mix_agents("random", 3), seed=options.seed,
                    command=options.command("negen"), games_per_cell=n,
                    game=Negen(Rules(target_score=1)).describe())


__all__ = ["balance_study", "write_balance", "summarise", "build", "mix_agents", "piet_turns", "PIET_READINGS", "MIXES", "BALANCE_CSV"]
