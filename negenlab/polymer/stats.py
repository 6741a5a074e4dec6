"""Studies of Polymer tables: the deal table's fairness, trading policies, tiebreaks,
phase boundaries and the cosmic-ray variant. Every rate has its n and a Wilson interval,
every mean a 95% interval.

>>> df = deal_lengths(players=[5, 15], deals=20, seed=1)
>>> sorted(df["players"].unique().tolist()), len(df) == 20 * (5 + 15)
([5, 15], True)
>>> t = length_by_players(df)
>>> list(t.columns[:4])
['players', 'hand_size', 'seats', 'mean_length']
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

import numpy as np
import pandas as pd

from negenlab.core.game import play_with_agents
from negenlab.core.metrics import mean_interval, proportion_table, rate
from negenlab.core.simulate import simulate
from negenlab.core.version import package_version

from .agents import POLICIES, make_agents
from .game import PolymerGame, hand_length
from .rules import DEAL_TABLE, REGULAR_CARDS, Rules

PLAYER_COUNTS = tuple(DEAL_TABLE)


def deal_lengths(players: Iterable[int] = PLAYER_COUNTS, deals: int = 200, seed: int = 0) -> pd.DataFrame:
    """Longest polymer of every seat of ``deals`` random deals per player count, before trading.

    One row per (players, deal, seat): ``length``, ``score`` (own × neighbours' sum),
    ``hand_size``. Deal k of player count P uses ``SeedSequence(seed, spawn_key=(P, k))``.
    """
    rows = []
    for P in players:
        rules = Rules(players=int(P))
        k = rules.hand_size
        for d in range(deals):
            rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(int(P), d)))
            perm = rng.permutation(REGULAR_CARDS)
            L = [hand_length(perm[s * k:(s + 1) * k].tolist()) for s in range(P)]
            for s in range(P):
                rows.append({"players": int(P), "deal": d, "seat": s, "hand_size": k, "length": L[s],
                             "score": L[s] * (L[(s - 1) % P] + L[(s + 1) % P])})
    return pd.DataFrame(rows)


def length_by_players(df: pd.DataFrame) -> pd.DataFrame:
    """Per player count: mean longest polymer (95% interval), share of seats with no polymer
    (Wilson), share reaching length >= 6, mean score, and length per card in hand.

    Intervals treat seats as independent; seats of one deal share one shoe, so they are
    weakly dependent and the intervals are slightly optimistic."""
    out = []
    for P, g in df.groupby("players"):
        m = mean_interval(g["length"])
        z = rate(int((g["length"] == 0).sum()), len(g))
        six = rate(int((g["length"] >= 6).sum()), len(g))
        sc = mean_interval(g["score"])
        out.append({"players": P, "hand_size": int(g["hand_size"].iloc[0]), "seats": len(g),
                    "mean_length": m["value"], "length_lo": m["lo"], "length_hi": m["hi"],
                    "no_polymer": z["value"], "no_polymer_lo": z["lo"], "no_polymer_hi": z["hi"],
                    "length_ge_6": six["value"], "length_ge_6_lo": six["lo"], "length_ge_6_hi": six["hi"],
                    "mean_score": sc["value"], "score_lo": sc["lo"], "score_hi": sc["hi"],
                    "length_per_card": m["value"] / int(g["hand_size"].iloc[0])})
    return pd.DataFrame(out)


def length_histogram(df: pd.DataFrame) -> pd.DataFrame:
    """Share of seats with each length, per player count (rows: players; columns: length)."""
    counts = df.groupby(["players", "length"]).size().unstack(fill_value=0)
    return counts.div(counts.sum(axis=1), axis=0)


def policy_study(players: int = 8, policies: Iterable[str] = tuple(POLICIES), games: int = 40, seed: int = 0,
                 jokers: int = 0, trade_budget: int = 4, chain_length: int = 2, workers: int | None = 1,
                 progress: bool = False, **rules_kwargs) -> pd.DataFrame:
    """Simulate one table configuration under each policy (all seats the same policy).

    Game i has the same deal under every policy (the deal comes from the chance stream
    of game i), so policy differences are paired. Adds a ``policy`` column.
    """
    frames = []
    for pol in policies:
        rules = Rules(players=players, jokers=jokers, trade_budget=trade_budget, chain_length=chain_length, **rules_kwargs)
        df = simulate(PolymerGame(rules), make_agents(pol, players), n_games=games, seed=seed,
                      backend="serial" if workers == 1 else "process", workers=workers, progress=progress)
        df.insert(0, "policy", pol)
        df.insert(1, "jokers", jokers)
        frames.append(df)
    out = pd.concat(frames, ignore_index=True)
    out.attrs["negenlab"] = {"rules": Rules(players=players, jokers=jokers, trade_budget=trade_budget,
                                            chain_length=chain_length, **rules_kwargs).__dict__,
                             "policies": list(policies), "games": games, "seed": seed,
                             "negenlab_version": package_version()}
    return out


def policy_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per policy (and joker count): mean length before/after trading, gain per seat and
    score gain (95% intervals), trades per game, phase boundaries, and the share of games
    whose winner needed a tiebreak (Wilson)."""
    rows = []
    keys = [k for k in ("policy", "jokers", "players") if k in df.columns]
    for key, g in df.groupby(keys, sort=False):
        key = key if isinstance(key, tuple) else (key,)
        gain = mean_interval(g["len_gain_mean"])
        sgain = mean_interval(g["score_mean"] - g["start_score_mean"])
        bnd = mean_interval(g["phase_boundaries"])
        tie = rate(int((g["tiebreak_level"] > 0).sum()), len(g))
        rows.append({**dict(zip(keys, key)), "games": len(g), "start_length": g["start_len_mean"].mean(),
                     "final_length": g["len_mean"].mean(), "length_gain": gain["value"], "gain_lo": gain["lo"],
                     "gain_hi": gain["hi"], "score_gain": sgain["value"], "score_gain_lo": sgain["lo"],
                     "score_gain_hi": sgain["hi"], "trades_per_game": g["trades"].mean(),
                     "chain_trades_per_game": g["n_chain_trades"].mean(), "loans_per_game": g["n_loans"].mean(),
                     "boundaries": bnd["value"], "boundaries_lo": max(0.0, bnd["lo"]), "boundaries_hi": bnd["hi"],
                     "tiebreak_needed": tie["value"], "tiebreak_lo": tie["lo"], "tiebreak_hi": tie["hi"]})
    return pd.DataFrame(rows)


def tiebreak_table(df: pd.DataFrame) -> pd.DataFrame:
    """How often each tiebreak level decided the winner, per policy (with Wilson intervals)."""
    frames = []
    for pol, g in df.groupby("policy", sort=False):
        t = proportion_table(g["tiebreak"], name="decided_by")
        t.insert(0, "policy", pol)
        frames.append(t)
    return pd.concat(frames, ignore_index=True)


def seat_lengths(df: pd.DataFrame) -> pd.DataFrame:
    """Long format: one row per (game, seat) with start and final length (for boundary plots)."""
    P = int(df["players"].iloc[0])
    rows = []
    for _, r in df.iterrows():
        for p in range(P):
            rows.append({"policy": r.get("policy"), "game": r["game"], "seat": p,
                         "start": r[f"start_len_{p}"], "final": r[f"len_{p}"], "score": r[f"return_{p}"]})
    return pd.DataFrame(rows)


def write_deal_table(folder: str | Path, deals: int = 1000, seed: int = 2024) -> Path:
    """Write ``deal_lengths_by_players.csv`` and its JSON sidecar (rules, seed, version)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    df = deal_lengths(deals=deals, seed=seed)
    summary = length_by_players(df)
    path = folder / "deal_lengths_by_players.csv"
    summary.to_csv(path, index=False, float_format="%.5f")
    hist = length_histogram(df)
    hist.to_csv(folder / "deal_length_histogram.csv", float_format="%.5f")
    meta = {"what": "longest polymer of every seat of random deals (no trading), by player count",
            "rules": "docs/rules/polymer.md (deal table 5..15 players, two decks, no jokers, no handicap)",
            "deals_per_player_count": deals, "seed": seed,
            "command": f"python -c \"from negenlab.polymer.stats import write_deal_table; write_deal_table('data/polymer', deals={deals}, seed={seed})\"",
            "negenlab_version": package_version(), "files": [path.name, "deal_length_histogram.csv"]}
    (folder / "deal_lengths_by_players.json").write_text(json.dumps(meta, indent=2))
    return path


def play_table(players: int = 8, policy: str = "cooperative", seed: int = 0, game_index: int = 0, **rules_kwargs):
    """Play game ``game_index`` of a :func:`policy_study` run and return its final state
    (same seeding as ``core.simulate``, so it is the same game as that table's row).

    >>> s = play_table(6, "selfish", seed=1, trade_budget=1)
    >>> s.is_terminal()
    True
    """
    from negenlab.core.simulate import _game_rngs

    rules = Rules(players=players, **rules_kwargs)
    agents = make_agents(policy, players)
    chance, rngs = _game_rngs(seed, game_index, len(agents))
    return play_with_agents(PolymerGame(rules).new_initial_state(), agents, chance, rngs)


def score_distribution(df: pd.DataFrame) -> pd.DataFrame:
    """Per policy: the distribution of seat scores (mean with 95% interval, quantiles, share 0)."""
    P = int(df["players"].iloc[0])
    rows = []
    for pol, g in df.groupby("policy", sort=False):
        x = g[[f"return_{p}" for p in range(P)]].to_numpy(float).ravel()
        m = mean_interval(x)
        z = rate(int((x == 0).sum()), len(x))
        q10, q50, q90 = np.quantile(x, [0.1, 0.5, 0.9])
        rows.append({"policy": pol, "seats": len(x), "mean_score": m["value"], "lo": m["lo"], "hi": m["hi"],
                     "q10": q10, "median": q50, "q90": q90, "max": x.max(), "score_zero": z["value"],
                     "zero_lo": z["lo"], "zero_hi": z["hi"]})
    return pd.DataFrame(rows)


def handicap_study(players: int = 7, extra: int = 2, policy: str = "cooperative", games: int = 40, seed: int = 0,
                   trade_budget: int = 4, workers: int | None = 1) -> pd.DataFrame:
    """Seat 0 gets ``extra`` leftover cards as a handicap; compare seat 0 with the others.

    Returns one row per group (seat 0 / the other seats, per seat) with mean final length
    and score (95% intervals) and the win rate (Wilson), for no handicap and for ``extra``
    cards. Both runs use the same seeds, so the hands dealt by the table are the same and
    the handicap cards come from what would have been the leftovers."""
    rows = []
    for h in (0, extra):
        handicap = (h,) + (0,) * (players - 1) if h else ()
        rules = Rules(players=players, handicap=handicap, trade_budget=trade_budget)
        df = simulate(PolymerGame(rules), make_agents(policy, players), n_games=games, seed=seed,
                      backend="serial" if workers == 1 else "process", workers=workers, progress=False)
        others = [p for p in range(1, players)]
        for label, seats in (("seat 0", [0]), ("other seats (each)", others)):
            L = df[[f"len_{p}" for p in seats]].to_numpy(float).ravel()
            S = df[[f"return_{p}" for p in seats]].to_numpy(float).ravel()
            ml, ms = mean_interval(L), mean_interval(S)
            wins = int(sum(int((df["winner"] == p).sum()) for p in seats))
            r = rate(wins, len(df) * len(seats))
            rows.append({"handicap_cards": h, "who": label, "games": len(df), "mean_length": ml["value"],
                         "length_lo": ml["lo"], "length_hi": ml["hi"], "mean_score": ms["value"], "score_lo": ms["lo"],
                         "score_hi": ms["hi"], "win_rate": r["value"], "win_lo": r["lo"], "win_hi": r["hi"]})
    return pd.DataFrame(rows)


def write_policy_table(folder: str | Path, players: int = 8, games: int = 60, seed: int = 2024,
                       trade_budget: int = 4, chain_length: int = 2) -> Path:
    """Write ``policies_<players>p.csv`` (policy_summary) and a JSON sidecar (rules, agents, seed, version)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    df = policy_study(players=players, policies=list(POLICIES), games=games, seed=seed, trade_budget=trade_budget,
                      chain_length=chain_length)
    path = folder / f"policies_{players}p.csv"
    policy_summary(df).to_csv(path, index=False, float_format="%.5f")
    meta = {"what": "trading policies on one table, all seats alike, same deals per policy",
            "rules": df.attrs["negenlab"]["rules"], "agents": [POLICIES[p]().describe() for p in POLICIES],
            "games_per_policy": games, "seed": seed, "negenlab_version": package_version(),
            "command": f"python -c \"from negenlab.polymer.stats import write_policy_table; "
                       f"write_policy_table('data/polymer', players={players}, games={games}, seed={seed})\""}
    (folder / f"policies_{players}p.json").write_text(json.dumps(meta, indent=2, default=str))
    return path


def paired_difference(df: pd.DataFrame, a: str, b: str, column: str = "len_mean") -> dict:
    """Mean of ``column`` under policy a minus policy b over the same games (same deals), 95% interval.

    >>> d = pd.DataFrame({"policy": ["x", "x", "y", "y"], "game": [0, 1, 0, 1], "len_mean": [3.0, 5.0, 2.0, 3.0]})
    >>> paired_difference(d, "x", "y")["value"]
    1.5
    """
    x = df[df["policy"] == a].set_index("game")[column]
    y = df[df["policy"] == b].set_index("game")[column]
    common = x.index.intersection(y.index)
    return mean_interval((x.loc[common] - y.loc[common]).to_numpy(float))


def holdout_study(players: int = 8, games: int = 40, seed: int = 0, policy: str = "cooperative",
                  holdout: str = "no_trade", trade_budget: int = 4, chain_length: int = 2) -> pd.DataFrame:
    """Seat 0 halts trading (``holdout`` policy) while the others play ``policy``; compare seats
    by distance from seat 0 with the same seats when everybody plays ``policy`` (same deals).

    One row per (table, distance): mean final length and score with 95% intervals. Distance 1 =
    seat 0's neighbours, 2 = their other neighbours, and so on (the source's "phase boundary"
    worry: a player who stops trading hurts the neighbours most).
    """
    rules = Rules(players=players, trade_budget=trade_budget, chain_length=chain_length)
    rows = []
    for label, agents in (("everyone " + policy, make_agents(policy, players)),
                          (f"seat 0 {holdout}", make_agents(holdout, 1) + make_agents(policy, players - 1))):
        df = simulate(PolymerGame(rules), agents, n_games=games, seed=seed, backend="serial", progress=False)
        for dist in range(players // 2 + 1):
            seats = sorted({dist % players, (-dist) % players})
            L = df[[f"len_{p}" for p in seats]].to_numpy(float).ravel()
            S = df[[f"return_{p}" for p in seats]].to_numpy(float).ravel()
            ml, ms = mean_interval(L), mean_interval(S)
            rows.append({"table": label, "distance_from_seat_0": dist, "seats": len(L), "mean_length": ml["value"],
                         "length_lo": ml["lo"], "length_hi": ml["hi"], "mean_score": ms["value"],
                         "score_lo": ms["lo"], "score_hi": ms["hi"]})
    return pd.DataFrame(rows)
