"""Studies of Polymer tables: the deal table's fairness, trading policies, tiebreaks,
phase boundaries, a player who halts trading, handicaps and the cosmic-ray variant.

Every summary is a long table of :mod:`negenlab.core.summary_table` (``metric, group, value, lo,
hi, n, method``): every rate has its n and a Wilson interval, every mean a 95% interval.
The committed tables in ``data/polymer`` are wide views of those rows
(:func:`length_by_players`, :func:`policy_table`), written by :func:`write_deal_table` and
:func:`write_policy_table`, and read back with :func:`committed`.

>>> df = deal_lengths(players=[5, 15], deals=20, seed=1)
>>> sorted(df["players"].unique().tolist()), len(df) == 20 * (5 + 15)
([5, 15], True)
>>> t = length_by_players(df)
>>> list(t.columns[:4])
['players', 'hand_size', 'seats', 'mean_length']
>>> s = deal_summary(df)
>>> s.loc[1, ["metric", "group", "method"]].tolist(), bool(s.loc[1, "value"] == t.loc[0, "mean_length"])
(['length', '5 players', 'normal'], True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from negenlab.core.agents import Agent
from negenlab.core.data import data_file
from negenlab.core.registry import parse_agent_spec
from negenlab.core.simulate import replay, simulate
from negenlab.core.store import ResultStore
from negenlab.core.summary_table import exact_row, long_table, mean_row, rate_row

from .agents import POLICIES
from .game import PolymerGame, hand_length
from .rules import DEAL_TABLE, REGULAR_CARDS, Rules

PLAYER_COUNTS = tuple(DEAL_TABLE)

# A summary is built once per group as (key columns, rows of core.summary_table); the long table is
# the rows, a wide view the key columns plus (column, metric, field) picks from the rows.
Group = tuple[dict[str, Any], list[dict[str, Any]]]
Layout = list[tuple[str, str, str]]


def _long(groups: Iterable[Group]) -> pd.DataFrame:
    return long_table(row for _, rows in groups for row in rows)


def _wide(groups: Iterable[Group], layout: Layout) -> pd.DataFrame:
    """One row per group: its key columns, then ``column = row[metric][field]`` for each pick."""
    out = []
    for keys, rows in groups:
        by_metric = {r["metric"]: r for r in rows}
        out.append({**keys, **{column: by_metric[metric][field] for column, metric, field in layout}})
    return pd.DataFrame(out)


def _interval(metric: str, value: str, lo: str, hi: str) -> Layout:
    return [(value, metric, "value"), (lo, metric, "lo"), (hi, metric, "hi")]


def _scaled(row: dict[str, Any], metric: str, factor: float) -> dict[str, Any]:
    """A mean row in other units (e.g. per card): value and interval times ``factor``."""
    return {**row, "metric": metric, "value": row["value"] * factor, "lo": row["lo"] * factor, "hi": row["hi"] * factor}


def _at_least(row: dict[str, Any], floor: float) -> dict[str, Any]:
    """A mean row whose interval cannot go below ``floor`` (a count cannot be negative)."""
    return {**row, "lo": max(floor, row["lo"])}


def policy_agents(spec: str, players: int) -> list[Agent]:
    """``players`` agents of one spec: a trading policy (``no_trade``, ``selfish``,
    ``cooperative``, ``loans``) or a core agent (``random``, ``mcts:200``).

    >>> [a.name for a in policy_agents("selfish", 5)][:2]
    ['selfish', 'selfish']
    """
    from . import ENTRY

    return ENTRY.make_agents([spec] * players)


# -- the deal table ----------------------------------------------------------------------------


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
            L = [hand_length(perm[s * k : (s + 1) * k].tolist()) for s in range(P)]
            for s in range(P):
                rows.append(
                    {
                        "players": int(P),
                        "deal": d,
                        "seat": s,
                        "hand_size": k,
                        "length": L[s],
                        "score": L[s] * (L[(s - 1) % P] + L[(s + 1) % P]),
                    }
                )
    return pd.DataFrame(rows)


def _deal_groups(df: pd.DataFrame) -> Iterator[Group]:
    for P, g in df.groupby("players"):
        group, k = f"{P} players", int(g["hand_size"].iloc[0])
        length = mean_row("length", g["length"], group)
        yield (
            {"players": P, "hand_size": k},
            [
                exact_row("hand size", k, group),
                length,
                rate_row("no polymer", int((g["length"] == 0).sum()), len(g), group),
                rate_row("length >= 6", int((g["length"] >= 6).sum()), len(g), group),
                mean_row("score", g["score"], group),
                _scaled(length, "length per card", 1 / k),
            ],
        )


def deal_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per player count (group ``"5 players"``): the hand size, mean longest polymer, share of seats with no
    polymer and with length >= 6, mean score, and length per card in hand.

    Intervals treat seats as independent; seats of one deal share one shoe, so they are
    weakly dependent and the intervals are slightly optimistic."""
    return _long(_deal_groups(df))


DEAL_COLUMNS: Layout = [
    ("seats", "length", "n"),
    *_interval("length", "mean_length", "length_lo", "length_hi"),
    *_interval("no polymer", "no_polymer", "no_polymer_lo", "no_polymer_hi"),
    *_interval("length >= 6", "length_ge_6", "length_ge_6_lo", "length_ge_6_hi"),
    *_interval("score", "mean_score", "score_lo", "score_hi"),
    ("length_per_card", "length per card", "value"),
]


def length_by_players(df: pd.DataFrame) -> pd.DataFrame:
    """:func:`deal_summary` as one row per player count (the committed ``deal_lengths_by_players.csv``)."""
    return _wide(_deal_groups(df), DEAL_COLUMNS)


def length_histogram(df: pd.DataFrame) -> pd.DataFrame:
    """Share of seats with each length, per player count (rows: players; columns: length)."""
    counts = df.groupby(["players", "length"]).size().unstack(fill_value=0)
    return counts.div(counts.sum(axis=1), axis=0)


# -- trading policies --------------------------------------------------------------------------


def _simulate_policy(
    rules: Rules,
    policy: str,
    games: int,
    seed: int,
    workers: int | None,
    progress: bool = False,
    store: Path | None = None,
) -> pd.DataFrame:
    """``games`` games of a table with every seat playing ``policy`` (serial for one worker)."""
    return simulate(
        PolymerGame(rules),
        policy_agents(policy, rules.players),
        n_games=games,
        seed=seed,
        backend="serial" if workers == 1 else "process",
        workers=workers,
        progress=progress,
        store=store,
    )


def policy_study(
    players: int = 8,
    policies: Iterable[str] = tuple(POLICIES),
    games: int = 40,
    seed: int = 0,
    jokers: int = 0,
    trade_budget: int = 4,
    chain_length: int = 2,
    workers: int | None = 1,
    progress: bool = False,
    store: str | None = None,
    **rules_kwargs,
) -> pd.DataFrame:
    """Simulate one table configuration under each policy (all seats the same agent spec).

    Game i has the same deal under every policy (the deal comes from the chance stream
    of game i), so policy differences are paired. Adds ``policy`` and ``jokers`` columns.
    ``store``: a folder; each policy's run is kept (and resumed) in a subfolder of it.
    """
    rules = Rules(players=players, jokers=jokers, trade_budget=trade_budget, chain_length=chain_length, **rules_kwargs)
    labels = [str(parse_agent_spec(p)) for p in policies]
    frames = []
    for pol in labels:
        df = _simulate_policy(
            rules, pol, games, seed, workers, progress=progress, store=None if store is None else Path(store) / pol
        )
        df.insert(0, "policy", pol)
        df.insert(1, "jokers", jokers)
        frames.append(df)
    out = pd.concat(frames, ignore_index=True)
    out.attrs["negenlab"] = {"rules": rules, "policies": labels, "games": games, "seed": seed}
    return out


def _policy_label(keys: dict[str, Any]) -> str:
    label = str(keys.get("policy", "all"))
    if "players" in keys:
        label += f", {keys['players']} players"
    if keys.get("jokers"):
        label += f", {keys['jokers']} jokers"
    return label


def _policy_groups(df: pd.DataFrame) -> Iterator[Group]:
    keys = [k for k in ("policy", "jokers", "players") if k in df.columns]
    for key, g in df.groupby(keys, sort=False):
        named = dict(zip(keys, key if isinstance(key, tuple) else (key,), strict=True))
        group = _policy_label(named)
        yield (
            named,
            [
                mean_row("start length", g["start_len_mean"], group),
                mean_row("final length", g["len_mean"], group),
                mean_row("length gain", g["len_gain_mean"], group),
                mean_row("score gain", g["score_mean"] - g["start_score_mean"], group),
                mean_row("trades per game", g["trades"], group),
                mean_row("chain trades per game", g["n_chain_trades"], group),
                mean_row("loans per game", g["n_loans"], group),
                _at_least(mean_row("phase boundaries", g["phase_boundaries"], group), 0.0),
                mean_row("largest neighbour gap", g["max_neighbour_gap"], group),
                rate_row("tiebreak needed", int((g["tiebreak_level"] > 0).sum()), len(g), group),
                mean_row("collides per game", g["n_collides"], group),
                mean_row("absorbs per game", g["n_absorbs"], group),
                mean_row("jokers left in hands", g["jokers_left_in_hands"], group),
            ],
        )


def policy_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per policy (and joker count, players; group ``"cooperative, 8 players"``): mean length
    before/after trading, gain per seat and score gain, trades per game, phase boundaries,
    the largest neighbour gap (95% intervals) and the share of games whose winner needed a
    tiebreak (Wilson)."""
    return _long(_policy_groups(df))


POLICY_COLUMNS: Layout = [
    ("games", "length gain", "n"),
    ("start_length", "start length", "value"),
    ("final_length", "final length", "value"),
    *_interval("length gain", "length_gain", "gain_lo", "gain_hi"),
    *_interval("score gain", "score_gain", "score_gain_lo", "score_gain_hi"),
    ("trades_per_game", "trades per game", "value"),
    ("chain_trades_per_game", "chain trades per game", "value"),
    ("loans_per_game", "loans per game", "value"),
    *_interval("phase boundaries", "boundaries", "boundaries_lo", "boundaries_hi"),
    *_interval("tiebreak needed", "tiebreak_needed", "tiebreak_lo", "tiebreak_hi"),
]


def policy_table(df: pd.DataFrame) -> pd.DataFrame:
    """:func:`policy_summary` as one row per policy (the committed ``policies_<P>p.csv``)."""
    return _wide(_policy_groups(df), POLICY_COLUMNS)


# The columns of :func:`policy_table` that the CLI and the table widget show.
POLICY_HEADLINE = [
    "policy",
    "games",
    "start_length",
    "final_length",
    "length_gain",
    "gain_lo",
    "gain_hi",
    "score_gain",
    "trades_per_game",
    "chain_trades_per_game",
    "loans_per_game",
    "boundaries",
    "tiebreak_needed",
]
TRADE_KIND_COLUMNS = ("chain_trades_per_game", "loans_per_game")


def policy_headline(df: pd.DataFrame, trade_kinds: bool = True) -> pd.DataFrame:
    """:func:`policy_table` cut to :data:`POLICY_HEADLINE`; ``trade_kinds=False`` also leaves out
    the chain trades and loans per game."""
    cols = [c for c in POLICY_HEADLINE if trade_kinds or c not in TRADE_KIND_COLUMNS]
    return policy_table(df)[cols]


def tiebreak_summary(df: pd.DataFrame) -> pd.DataFrame:
    """How often each tiebreak level decided the winner, per policy (Wilson intervals);
    metric ``"decided by score"`` etc."""
    levels = sorted(df["tiebreak"].unique())
    rows = []
    for pol, g in df.groupby("policy", sort=False):
        rows += [
            rate_row(f"decided by {level}", int((g["tiebreak"] == level).sum()), len(g), str(pol)) for level in levels
        ]
    return long_table(rows)


def seat_lengths(df: pd.DataFrame) -> pd.DataFrame:
    """Long format: one row per (game, seat) with start and final length (for boundary plots)."""
    P = int(df["players"].iloc[0])
    rows = []
    for _, r in df.iterrows():
        for p in range(P):
            rows.append(
                {
                    "policy": r.get("policy"),
                    "game": r["game"],
                    "seat": p,
                    "start": r[f"start_len_{p}"],
                    "final": r[f"len_{p}"],
                    "score": r[f"return_{p}"],
                }
            )
    return pd.DataFrame(rows)


def score_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per policy: the distribution of seat scores: mean (95% interval), the 10/50/90% quantiles
    and the maximum of the sample, and the share of seats scoring 0 (Wilson)."""
    P = int(df["players"].iloc[0])
    rows = []
    for pol, g in df.groupby("policy", sort=False):
        group = str(pol)
        x = g[[f"return_{p}" for p in range(P)]].to_numpy(float).ravel()
        q10, q50, q90 = np.quantile(x, [0.1, 0.5, 0.9])
        rows += [
            mean_row("score", x, group),
            exact_row("score q10", float(q10), group, len(x)),
            exact_row("score median", float(q50), group, len(x)),
            exact_row("score q90", float(q90), group, len(x)),
            exact_row("score max", float(x.max()), group, len(x)),
            rate_row("score 0", int((x == 0).sum()), len(x), group),
        ]
    return long_table(rows)


def paired_difference(df: pd.DataFrame, a: str, b: str, column: str = "len_mean") -> dict[str, Any]:
    """Mean of ``column`` under policy a minus policy b over the same games (same deals), 95%
    interval, as a row of the summary layer (group ``"a - b"``).

    >>> d = pd.DataFrame({"policy": ["x", "x", "y", "y"], "game": [0, 1, 0, 1], "len_mean": [3.0, 5.0, 2.0, 3.0]})
    >>> paired_difference(d, "x", "y")["value"]
    1.5
    """
    x = df[df["policy"] == a].set_index("game")[column]
    y = df[df["policy"] == b].set_index("game")[column]
    common = x.index.intersection(y.index)
    return mean_row(column, (x.loc[common] - y.loc[common]).to_numpy(float), group=f"{a} - {b}")


def play_table(players: int = 8, policy: str = "cooperative", seed: int = 0, game_index: int = 0, **rules_kwargs):
    """Game ``game_index`` of a :func:`policy_study` run, replayed to its final state
    (``core.simulate.replay``: the same game as that table's row).

    >>> s = play_table(6, "selfish", seed=1, trade_budget=1)
    >>> s.is_terminal()
    True
    """
    game = PolymerGame(Rules(players=players, **rules_kwargs))
    return replay(game, policy_agents(policy, players), seed, game_index)


# -- handicaps and a player who halts trading ----------------------------------------------------


def _seat_rows(df: pd.DataFrame, seats: list[int], group: str) -> list[dict[str, Any]]:
    """Mean final length and score of ``seats`` (each seat of each game counts once)."""
    return [
        mean_row("length", df[[f"len_{p}" for p in seats]].to_numpy(float).ravel(), group),
        mean_row("score", df[[f"return_{p}" for p in seats]].to_numpy(float).ravel(), group),
    ]


def handicap_study(
    players: int = 7,
    extra: int = 2,
    policy: str = "cooperative",
    games: int = 40,
    seed: int = 0,
    trade_budget: int = 4,
    workers: int | None = 1,
) -> pd.DataFrame:
    """Seat 0 gets ``extra`` leftover cards as a handicap; compare seat 0 with the others.

    Groups ``"0 extra cards, seat 0"``, ``"2 extra cards, other seats (each)"``...: mean final
    length and score (95% intervals) and the win rate per seat (Wilson), for no handicap and for
    ``extra`` cards. Both runs use the same seeds, so the hands dealt by the table are the same
    and the handicap cards come from what would have been the leftovers."""
    rows = []
    for h in (0, extra):
        handicap = (h,) + (0,) * (players - 1) if h else ()
        rules = Rules(players=players, handicap=handicap, trade_budget=trade_budget)
        df = _simulate_policy(rules, policy, games, seed, workers)
        for label, seats in (("seat 0", [0]), ("other seats (each)", list(range(1, players)))):
            group = f"{h} extra cards, {label}"
            wins = int(sum(int((df["winner"] == p).sum()) for p in seats))
            rows += _seat_rows(df, seats, group) + [rate_row("win rate", wins, len(df) * len(seats), group)]
    return long_table(rows)


def holdout_study(
    players: int = 8,
    games: int = 40,
    seed: int = 0,
    policy: str = "cooperative",
    holdout: str = "no_trade",
    trade_budget: int = 4,
    chain_length: int = 2,
) -> pd.DataFrame:
    """Seat 0 halts trading (``holdout`` policy) while the others play ``policy``; compare seats
    by distance from seat 0 with the same seats when everybody plays ``policy`` (same deals).

    Groups ``"everyone cooperative, distance 0"``, ``"seat 0 no_trade, distance 1"``...: mean
    final length and score with 95% intervals. Distance 1 = seat 0's neighbours, 2 = their other
    neighbours, and so on (the source's "phase boundary" worry: a player who stops trading hurts
    the neighbours most).
    """
    rules = Rules(players=players, trade_budget=trade_budget, chain_length=chain_length)
    rows = []
    for label, agents in (
        (f"everyone {policy}", policy_agents(policy, players)),
        (f"seat 0 {holdout}", policy_agents(holdout, 1) + policy_agents(policy, players - 1)),
    ):
        df = simulate(PolymerGame(rules), agents, n_games=games, seed=seed, backend="serial", progress=False)
        for dist in range(players // 2 + 1):
            rows += _seat_rows(df, sorted({dist % players, (-dist) % players}), f"{label}, distance {dist}")
    return long_table(rows)


# -- the committed tables ------------------------------------------------------------------------


def committed(name: str) -> pd.DataFrame:
    """A committed table of ``data/polymer`` (shipped with the package), e.g. ``committed("policies_8p")``."""
    with data_file("polymer", f"{name}.csv").open() as fh:
        return pd.read_csv(fh)


def write_deal_table(folder: str | Path, deals: int = 1000, seed: int = 2024) -> Path:
    """Write ``deal_lengths_by_players.csv`` and ``deal_length_histogram.csv``, each with its sidecar."""
    store = ResultStore(folder)
    df = deal_lengths(deals=deals, seed=seed)
    command = (
        'python -c "from negenlab.polymer.study import write_deal_table; '
        f"write_deal_table('data/polymer', deals={deals}, seed={seed})\""
    )
    rules = {"players": list(PLAYER_COUNTS), "cards_per_player": "the deal table", "jokers": 0, "handicap": []}
    what = "longest polymer of every seat of random deals (no trading), by player count"
    source = "docs/rules/polymer.md (deal table 5..15 players, two decks, no jokers, no handicap)"
    path = store.save_csv(
        "deal_lengths_by_players",
        length_by_players(df),
        rules=rules,
        seed=seed,
        command=command,
        float_format="%.5f",
        what=what,
        source=source,
        deals_per_player_count=deals,
    )
    store.save_csv(
        "deal_length_histogram",
        length_histogram(df).reset_index(),
        rules=rules,
        seed=seed,
        command=command,
        float_format="%.5f",
        what=what + ": share of seats with each length",
        source=source,
        deals_per_player_count=deals,
    )
    return path


def write_policy_table(
    folder: str | Path,
    players: int = 8,
    games: int = 60,
    seed: int = 2024,
    trade_budget: int = 4,
    chain_length: int = 2,
) -> Path:
    """Write ``policies_<players>p.csv`` (:func:`policy_table`) and its sidecar (rules, agents, seed, version)."""
    df = policy_study(
        players=players,
        policies=list(POLICIES),
        games=games,
        seed=seed,
        trade_budget=trade_budget,
        chain_length=chain_length,
    )
    command = (
        f'python -c "from negenlab.polymer.study import write_policy_table; '
        f"write_policy_table('data/polymer', players={players}, games={games}, seed={seed})\""
    )
    return ResultStore(folder).save_csv(
        f"policies_{players}p",
        policy_table(df),
        rules=df.attrs["negenlab"]["rules"],
        agents=[policy_agents(p, 1)[0] for p in POLICIES],
        seed=seed,
        command=command,
        float_format="%.5f",
        what="trading policies on one table, all seats alike, same deals per policy",
        games_per_policy=games,
    )
