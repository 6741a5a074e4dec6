"""Studies of Polymer tables: the deal table's fairness, trading policies, tiebreaks,
phase boundaries, a player who halts trading, handicaps and the cosmic-ray variant.

Every summary is a long table of :mod:`negenlab.core.summary_table` (``metric, group, value, lo,
hi, n, method``): every rate has its n and a Wilson interval, every mean a 95% interval.
The committed tables in ``data/polymer`` are those rows or wide views of them, written by the
long studies of :data:`STUDIES` (``negenlab study polymer <name>``: ``deals``, ``policies_5p``,
``policies_8p``, ``holdout``, ``pace``, ``ladder``; each records its command in a sidecar) and read
back with :func:`committed`; :func:`fresh_check` re-measures a few of their numbers on the next
seed. ``deal_lengths_by_players.csv`` and ``deal_length_histogram.csv`` come from
:func:`write_deal_table`. The page's verdicts read their numbers through :func:`claim_statistics`,
which ``negenlab study polymer recheck`` (:func:`recheck_study`) shares: it plays the same studies
again on the next seed and writes ``recheck.csv``, one row per re-measured number.

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

import tempfile
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from negenlab.core.agents import Agent
from negenlab.core.claims import (
    RECHECK,
    Measure,
    Steps,
    futile,
    looked_at,
    recheck_rows,
    recheck_schema,
    register,
    verdict_of,
)
from negenlab.core.data import (
    SKILL_TRACE,
    WILSON_ROWS,
    Check,
    Interval,
    MissingDataError,
    Schema,
    ci,
    data_table,
    every,
    first_row,
    long_columns,
    nullable,
    tuning_run,
)
from negenlab.core.errors import InvalidInputError
from negenlab.core.game import seat_name
from negenlab.core.ladder import skill_trace, step_measure, trace_looks
from negenlab.core.metrics import chi2_sf, looks_until, spread_change_pseudovalues
from negenlab.core.registry import parse_agent_spec
from negenlab.core.simulate import replay, simulate
from negenlab.core.store import ResultStore
from negenlab.core.studies import Study, StudyContext, StudyResult, check_row, committed_table
from negenlab.core.summary_table import exact_row, long_table, mean_row, rate_row
from negenlab.core.variant import VariantClaim

from .agents import POLICIES, TABLE_POLICIES
from .bargain import lookahead_agreement
from .game import PolymerGame, hand_length, is_boundary
from .rules import DEAL_TABLE, MAX_TRADE_BUDGET, OPEN_MODEL, REGULAR_CARDS, TABLE_MODEL, TIME_FIELDS, Rules, open_rules

PLAYER_COUNTS = tuple(DEAL_TABLE)
STUDY_SEATS = (5, 8)  # the player counts the report shows

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


def seat_fairness(df: pd.DataFrame) -> pd.DataFrame:
    """Per player count of :func:`deal_lengths`: are the seats dealt alike, and how far apart are
    the hands of one table?

    ``seat_min``/``seat_max``: the lowest and highest mean length of a seat position; ``seat_chi2``
    and ``seat_p``: the test of "every seat position has the same mean length" with the deals as
    blocks (two-way analysis of variance, its statistic read as chi-squared with players - 1
    degrees of freedom); ``table_gap`` (95% interval): the longest minus the shortest polymer of
    one deal, averaged over deals.

    >>> t = seat_fairness(deal_lengths(players=[8], deals=30, seed=1))
    >>> list(t.columns[:4]), bool(0 <= t.loc[0, "seat_p"] <= 1)
    (['players', 'deals', 'seat_min', 'seat_max'], True)
    """
    rows = []
    for _, g in df.groupby("players"):
        m = g.pivot(index="deal", columns="seat", values="length").to_numpy(float)  # deals x seats
        n, k = m.shape
        seat_means = m.mean(axis=0)
        resid = m - m.mean(axis=1, keepdims=True) - seat_means + m.mean()
        ms = float((resid**2).sum()) / max(1, (n - 1) * (k - 1))
        chi2 = n * float(((seat_means - m.mean()) ** 2).sum()) / ms if ms > 0 else 0.0
        gap = mean_row("table gap", m.max(axis=1) - m.min(axis=1))
        rows.append(
            {
                "players": int(g["players"].iloc[0]),
                "deals": n,
                "seat_min": float(seat_means.min()),
                "seat_max": float(seat_means.max()),
                "seat_chi2": chi2,
                "seat_p": chi2_sf(chi2, k - 1),
                "table_gap": gap["value"],
                "table_gap_lo": gap["lo"],
                "table_gap_hi": gap["hi"],
            }
        )
    return pd.DataFrame(rows)


def deal_table(df: pd.DataFrame) -> pd.DataFrame:
    """:func:`length_by_players` with the seat fairness of :func:`seat_fairness` beside it (the
    committed ``deals.csv``)."""
    return length_by_players(df).merge(seat_fairness(df), on="players")


# -- trading policies --------------------------------------------------------------------------


def _simulate(
    rules: Rules,
    agents: list[Agent],
    games: int,
    seed: int,
    workers: int | None,
    progress: bool = False,
    store: Path | None = None,
) -> pd.DataFrame:
    """``games`` games of a table with these agents (in this process for one worker, unless a dask
    backend takes them); ``store`` resumes."""
    return simulate(
        PolymerGame(rules),
        agents,
        n_games=games,
        seed=seed,
        workers=workers,
        progress=progress,
        store=store,
    )


def _simulate_policy(
    rules: Rules,
    policy: str,
    games: int,
    seed: int,
    workers: int | None,
    progress: bool = False,
    store: Path | None = None,
) -> pd.DataFrame:
    """``games`` games of a table with every seat playing ``policy``."""
    return _simulate(rules, policy_agents(policy, rules.players), games, seed, workers, progress, store)


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
    store: str | Path | None = None,
    **rules_kwargs,
) -> pd.DataFrame:
    """Simulate one table configuration under each policy (all seats the same agent spec).

    Game i has the same deal under every policy (the deal comes from the chance stream
    of game i), so policy differences are paired. Adds ``policy`` and ``jokers`` columns.
    ``store``: a folder; each policy's run is kept (and resumed) in a subfolder of it.
    """
    rules = open_rules(
        players=players, jokers=jokers, trade_budget=trade_budget, chain_length=chain_length, **rules_kwargs
    )
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


def _boundary_rows(g: pd.DataFrame, group: str) -> list[dict[str, Any]]:
    """The share of seats beside a phase boundary (Wilson), and per table the mean score of those
    seats minus that of the other seats (tables with both kinds; 95% interval)."""
    P = int(g["players"].iloc[0])
    L = g[[f"len_{p}" for p in range(P)]].to_numpy(int)
    S = g[[f"return_{p}" for p in range(P)]].to_numpy(float)
    edge = np.vectorize(is_boundary)(L, np.roll(L, -1, axis=1))  # edge p: seats p and p+1
    beside = edge | np.roll(edge, 1, axis=1)  # seat p touches the edge to p+1 or the one from p-1
    both = beside.any(axis=1) & ~beside.all(axis=1)
    gaps = [S[i][beside[i]].mean() - S[i][~beside[i]].mean() for i in np.flatnonzero(both)]
    return [
        rate_row("seat beside a boundary", int(beside.sum()), beside.size, group),
        mean_row("boundary score gap", gaps, group),
    ]


def own_length_larger(df: pd.DataFrame) -> np.ndarray:
    """Per table, the share of seats whose two neighbours' lengths sum to more than its own: the
    seats for which, under the score rule (own length x the neighbours' sum), one more card of their
    own polymer is worth more than one more card of a neighbour's.

    >>> own_length_larger(pd.DataFrame({"players": [5], "len_0": [6], "len_1": [2], "len_2": [2], "len_3": [2],
    ...                                 "len_4": [2]})).tolist()
    [0.8]
    """
    P = int(df["players"].iloc[0])
    L = df[[f"len_{p}" for p in range(P)]].to_numpy(int)
    return ((np.roll(L, 1, axis=1) + np.roll(L, -1, axis=1)) > L).mean(axis=1)


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
                mean_row("proposals per game", g["n_proposals"], group),
                rate_row(f"{seat_name(0)} wins", int((g["winner"] == 0).sum()), len(g), group),
                *_boundary_rows(g, group),
                mean_row("own length the larger factor", own_length_larger(g), group),
                mean_row("collides per game", g["n_collides"], group),
                mean_row("absorbs per game", g["n_absorbs"], group),
                mean_row("jokers left in hands", g["jokers_left_in_hands"], group),
            ],
        )


def policy_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per policy (and joker count, players; group ``"cooperative, 8 players"``): mean length
    before/after trading, gain per seat and score gain, trades and proposals per game, phase
    boundaries, the largest neighbour gap, the score gap of seats beside a boundary (95%
    intervals), and the shares of games whose winner needed a tiebreak or sat in seat 1, the first (the
    first proposer) and of seats beside a boundary (Wilson)."""
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
    ("proposals_per_game", "proposals per game", "value"),
    *_interval(f"{seat_name(0)} wins", "seat0_wins", "seat0_wins_lo", "seat0_wins_hi"),
    *_interval("seat beside a boundary", "beside_boundary", "beside_boundary_lo", "beside_boundary_hi"),
    *_interval("boundary score gap", "boundary_gap", "boundary_gap_lo", "boundary_gap_hi"),
    ("boundary_gap_tables", "boundary score gap", "n"),
    *_interval("own length the larger factor", "own_larger", "own_larger_lo", "own_larger_hi"),
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
    game = PolymerGame(open_rules(players=players, **rules_kwargs))
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
    """Seat 1 (the first) gets ``extra`` leftover cards as a handicap; compare it with the others.

    Groups ``"0 extra cards, seat 1 (first)"``, ``"2 extra cards, other seats (each)"``...: mean final
    length and score (95% intervals) and the win rate per seat (Wilson), for no handicap and for
    ``extra`` cards. Both runs use the same seeds, so the hands dealt by the table are the same
    and the handicap cards come from what would have been the leftovers."""
    rows = []
    for h in (0, extra):
        handicap = (h,) + (0,) * (players - 1) if h else ()
        rules = open_rules(players=players, handicap=handicap, trade_budget=trade_budget)
        df = _simulate_policy(rules, policy, games, seed, workers)
        for label, seats in ((seat_name(0), [0]), ("other seats (each)", list(range(1, players)))):
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
    workers: int | None = 1,
    store: str | Path | None = None,
) -> pd.DataFrame:
    """Seat 1 (the first) halts trading (``holdout`` policy) while the others play ``policy``;
    compare seats by distance from it with the same seats when everybody plays ``policy`` (same deals).

    Groups ``"everyone cooperative, distance 0"``, ``"seat 1 (first) no_trade, distance 1"``...: mean
    final length and score with 95% intervals. Distance 1 = its neighbours, 2 = their other
    neighbours, and so on (the source's "phase boundary" worry: a player who stops trading hurts
    the neighbours most). Groups ``"distance 1"``...: the paired change per table (metrics
    ``"length change"``, ``"score change"``: halted minus everyone trading, same deal; n = tables).
    ``store``: a folder keeping (and resuming) both runs.

    >>> t = holdout_study(players=5, games=2, seed=1, trade_budget=1)
    >>> t[t["group"] == "distance 0"]["metric"].tolist()
    ['length change', 'score change']
    """
    rules = open_rules(players=players, trade_budget=trade_budget, chain_length=chain_length)
    runs = {}
    for part, label, agents in (
        ("everyone", f"everyone {policy}", policy_agents(policy, players)),
        ("holdout", f"{seat_name(0)} {holdout}", policy_agents(holdout, 1) + policy_agents(policy, players - 1)),
    ):
        where = None if store is None else Path(store) / part
        runs[label] = _simulate(rules, agents, games, seed, workers, store=where)
    rows = []
    for label, df in runs.items():
        for dist in range(players // 2 + 1):
            rows += _seat_rows(df, _at_distance(dist, players), f"{label}, distance {dist}")
    base, halted = runs.values()
    for dist in range(players // 2 + 1):
        seats = _at_distance(dist, players)
        for metric, column in (("length change", "len"), ("score change", "return")):
            cols = [f"{column}_{p}" for p in seats]
            change = halted[cols].to_numpy(float).mean(axis=1) - base[cols].to_numpy(float).mean(axis=1)
            rows.append(mean_row(metric, change, f"distance {dist}"))
    return long_table(rows)


def _at_distance(dist: int, players: int) -> list[int]:
    return sorted({dist % players, (-dist) % players})


# -- the committed tables ------------------------------------------------------------------------


_DEAL_LENGTHS = (
    {"players": "count", "hand_size": "count", "seats": "count"}
    | ci("mean_length", "number", "length_lo", "length_hi")
    | ci("no_polymer", "rate")
    | ci("length_ge_6", "rate")
    | ci("mean_score", "number", "score_lo", "score_hi")
    | {"length_per_card": "number"}
)
_DEAL_INTERVALS: list[Interval] = [
    ("mean_length", "length_lo", "length_hi"),
    "no_polymer",
    "length_ge_6",
    ("mean_score", "score_lo", "score_hi"),
]
_PACE_COLUMNS = (
    ("turns_per_player", "turns"),
    ("proposals_per_player", "proposals"),
    ("actions_per_player", "actions"),
    ("trades_per_player", "trades"),
    ("final_length", "final"),
    ("gain_over_timed", "gain_over_timed"),
)
_PACE = {"players": "count", "policy": "text", "budget": "count", "tables": "count", **ci("quiet", "rate")} | {
    k: v for m, p in _PACE_COLUMNS for k, v in ci(m, "number", f"{p}_lo", f"{p}_hi").items()
}
_POLICIES = (
    {"policy": "text", "jokers": "count", "players": "count", "games": "count", "start_length": "number"}
    | {"final_length": "number", **ci("length_gain", "number", "gain_lo", "gain_hi"), **ci("score_gain", "number")}
    | dict.fromkeys(("trades_per_game", "chain_trades_per_game", "loans_per_game"), "number")
    | ci("boundaries", "number")
    | ci("tiebreak_needed", "rate", "tiebreak_lo", "tiebreak_hi")
    | {"proposals_per_game": "number", **ci("seat0_wins", "rate"), **ci("beside_boundary", "rate")}
    | nullable(ci("boundary_gap", "number"))
    | {"boundary_gap_tables": "count"}
    | nullable({"vs": "text", **ci("len_diff", "number"), **ci("score_diff", "number")})
)
_POLICY_INTERVALS: list[Interval] = [
    ("length_gain", "gain_lo", "gain_hi"),
    "score_gain",
    "boundaries",
    ("tiebreak_needed", "tiebreak_lo", "tiebreak_hi"),
    "seat0_wins",
    "beside_boundary",
    "boundary_gap",
    "len_diff",
    "score_diff",
]
_ADVICE = ("borrower", "boundary_avoiding", "bundler", "halting", "monopolist", "options_open", "spoiler")
"""The strategies played among cooperative seats in ``strategies.csv`` (the claims read each)."""
_POLICY_KEYS = ["policy", "jokers", "players"]
"""A policy table names a row by its policy, jokers and players: each once."""


def _ladder_rows(rungs: Sequence[str]) -> list[dict[str, Any]]:
    """The rows of a skill trace the page reads: each rung over the one below it, at the ladder's table."""
    return [{"players": LADDER_SEATS, "rung": b, "below": a} for a, b in pairwise(rungs)]


TABLES = {
    "deal_lengths_by_players": Schema(
        _DEAL_LENGTHS,
        intervals=_DEAL_INTERVALS,
        keys=["players"],
        required=every(players=PLAYER_COUNTS),  # the page draws every player count; the claim reads 8
    ),
    "deals": Schema(
        _DEAL_LENGTHS
        | {"deals": "count", "seat_min": "number", "seat_max": "number", "seat_chi2": "number", "seat_p": "rate"}
        | ci("table_gap", "number"),
        intervals=[*_DEAL_INTERVALS, "table_gap"],
        keys=["players"],
        required=every(players=PLAYER_COUNTS),  # the page draws every player count; the claim reads 8
    ),
    "deal_length_histogram": Schema(
        {"players": "count"},
        others="rate",
        keys=["players"],
        required=every(players=PLAYER_COUNTS),
        checks=[
            Check(
                "each player count's shares of polymer lengths to sum to 1 (within 1e-4, the rounding of five digits)",
                lambda t: first_row((t.drop(columns="players").sum(axis=1) - 1).abs() > 1e-4),
            )
        ],
    ),
    "holdout": Schema(
        long_columns(),
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
        keys=["metric", "group"],
        required=every(metric=("length change", "score change"), group=[f"distance {k}" for k in range(3)]),
    ),
    "ladder": Schema(
        {"players": "count", **SKILL_TRACE}, intervals=[("score", "lo", "hi")], keys=["players", "rung", "below"]
    ),
    "ladder_hidden": Schema(
        {"players": "count", **SKILL_TRACE, "sprt_units": "count?"},
        intervals=[("score", "lo", "hi")],
        keys=["players", "rung", "below"],
    ),
    "pace": Schema(
        _PACE,
        intervals=["quiet", *((m, f"{p}_lo", f"{p}_hi") for m, p in _PACE_COLUMNS)],
        keys=["players", "policy", "budget"],
        required=every(players=STUDY_SEATS, policy=("cooperative",)),  # the time estimate reads both
    ),
    "policies_5p": Schema(
        _POLICIES,
        intervals=_POLICY_INTERVALS,
        keys=_POLICY_KEYS,
        required=every(policy=POLICIES, jokers=(0,), players=(5,)),  # each policy beside no trade
    ),
    "policies_8p": Schema(
        _POLICIES,
        intervals=_POLICY_INTERVALS,
        keys=_POLICY_KEYS,
        required=every(policy=POLICIES, jokers=(0,), players=(8,)),  # each policy beside no trade
    ),
    "policies_hidden": Schema(
        _POLICIES | ci("own_larger", "number"),
        intervals=[*_POLICY_INTERVALS, "own_larger"],
        keys=_POLICY_KEYS,
        required=every(policy=POLICIES, jokers=(0,), players=(8,)),
    ),
    "strategies": Schema(
        {"information": "text"} | long_columns(),
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
        keys=["information", "metric", "group"],
        required=[{"information": "hidden", "metric": "trading minutes", "group": "baseline cooperative"}]
        + every(  # each piece of advice, scored under both kinds of information
            information=("hidden", "open"),
            metric=("score change", "length change"),
            group=[f"{s} among cooperative" for s in _ADVICE] + ["revealing among concealing"],
        ),
    ),
    "recheck": RECHECK,
    "bargaining": Schema(
        {"model": "text", "players": "count", "policy": "text"} | long_columns(),
        intervals=[("value", "lo", "hi")],
        rows=[WILSON_ROWS],
        keys=["model", "players", "policy", "metric"],
    ),
    **{
        f"strategies_{rung}": Schema(
            {"rung": "text"} | long_columns(),
            intervals=[("value", "lo", "hi")],
            rows=[WILSON_ROWS],
            keys=["rung", "metric", "group"],
        )
        for rung in ("bargainer", "broker")
    },
}
"""The committed tables of data/polymer by name, with what their loaders need (checked on load). The rows
the page reads of the ladders, the bargaining, rung strategy and recheck tables are stated below, where
their studies' rungs, seats and arms are named (``TABLES.update``)."""


def committed(name: str) -> pd.DataFrame:
    """A committed table of ``data/polymer`` (shipped with the package), e.g. ``committed("policies_8p")``,
    checked against its schema in :data:`TABLES`."""
    if name not in TABLES:
        raise InvalidInputError(f"data/polymer has no table {name!r}; expected one of {', '.join(TABLES)}")
    return data_table("polymer", f"{name}.csv", schema=TABLES[name])


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
    """Write ``policies_<players>p.csv`` (:func:`policy_study_table`) and its sidecar (rules, agents,
    seed, version) for any table setting; the committed 5- and 8-player tables come from
    ``negenlab study polymer policies_5p`` / ``policies_8p`` (500 tables per policy)."""
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
        policy_study_table(df),
        rules=df.attrs["negenlab"]["rules"],
        agents=[policy_agents(p, 1)[0] for p in POLICIES],
        seed=seed,
        command=command,
        float_format="%.5f",
        what="trading policies on one table, all seats alike, same deals per policy",
        games_per_policy=games,
    )


# -- paired steps between policies, and the pace of a table left to trade until it goes quiet -----


def policy_steps(df: pd.DataFrame, order: Iterable[str] | None = None) -> pd.DataFrame:
    """Each policy against the one before it in ``order`` (default: the study's order), paired on
    the same deals: one row per policy with ``vs`` and the mean per-table differences in mean
    length (``len_diff``) and mean score (``score_diff``) with 95% intervals (the first policy's
    row is empty).

    >>> d = pd.DataFrame({"policy": ["x", "x", "y", "y"], "game": [0, 1, 0, 1], "len_mean": [3.0, 5.0, 2.0, 3.0],
    ...                   "score_mean": [30.0, 50.0, 20.0, 30.0]})
    >>> policy_steps(d, ["y", "x"])[["policy", "vs", "len_diff"]].to_dict("records")[1]
    {'policy': 'x', 'vs': 'y', 'len_diff': 1.5}
    """
    labels = list(order) if order is not None else list(dict.fromkeys(df["policy"]))
    rows: list[dict[str, Any]] = [{"policy": labels[0], "vs": ""}] if labels else []
    for below, pol in zip(labels[:-1], labels[1:], strict=True):
        row: dict[str, Any] = {"policy": pol, "vs": below}
        for name, column in (("len_diff", "len_mean"), ("score_diff", "score_mean")):
            d = paired_difference(df, pol, below, column)
            row.update({name: d["value"], f"{name}_lo": d["lo"], f"{name}_hi": d["hi"]})
        rows.append(row)
    return pd.DataFrame(rows, columns=STEP_COLUMNS)


STEP_COLUMNS = [
    "policy",
    "vs",
    "len_diff",
    "len_diff_lo",
    "len_diff_hi",
    "score_diff",
    "score_diff_lo",
    "score_diff_hi",
]


def policy_study_table(df: pd.DataFrame) -> pd.DataFrame:
    """:func:`policy_table` with :func:`policy_steps` beside it (the committed ``policies_<P>p.csv``)."""
    return policy_table(df).merge(policy_steps(df), on="policy", how="left")


def policy_differences(table: pd.DataFrame, metric: str = "score") -> pd.DataFrame:
    """The paired differences of a :func:`policy_study_table` as rows ``label, value, lo, hi, n``:
    each trading policy minus ``no_trade`` (its gain), then each policy minus the one before it
    when that is not ``no_trade``. ``metric``: ``"score"`` (mean seat score) or ``"length"``.

    >>> t = pd.DataFrame({"policy": ["no_trade", "selfish"], "players": [8, 8], "games": [9, 9], "vs": ["", "no_trade"],
    ...                   "score_gain": [0.0, 5.0], "score_gain_lo": [0.0, 4.0], "score_gain_hi": [0.0, 6.0],
    ...                   "score_diff": [None, 5.0], "score_diff_lo": [None, 4.0], "score_diff_hi": [None, 6.0]})
    >>> policy_differences(t).to_dict("records")
    [{'label': '8 players: selfish - no_trade', 'value': 5.0, 'lo': 4.0, 'hi': 6.0, 'n': 9}]
    """
    if metric not in ("score", "length"):
        raise InvalidInputError(f"metric must be 'score' or 'length', got {metric!r}")
    gain = (
        ("score_gain", "score_gain_lo", "score_gain_hi") if metric == "score" else ("length_gain", "gain_lo", "gain_hi")
    )
    step = (
        ("score_diff", "score_diff_lo", "score_diff_hi")
        if metric == "score"
        else ("len_diff", "len_diff_lo", "len_diff_hi")
    )
    trading = [{str(k): v for k, v in r.items()} for r in table[table["policy"] != "no_trade"].to_dict("records")]
    pairs = [(r, "no_trade", gain) for r in trading]
    pairs += [(r, r["vs"], step) for r in trading if isinstance(r.get("vs"), str) and r["vs"] not in ("", "no_trade")]
    rows = [
        {
            "label": f"{r['players']} players: {r['policy']} - {base}",
            "value": r[v],
            "lo": r[lo],
            "hi": r[hi],
            "n": int(r["games"]),
        }
        for r, base, (v, lo, hi) in pairs
    ]
    return pd.DataFrame(rows, columns=["label", "value", "lo", "hi", "n"])


PACE_BUDGET = 25  # proposal turns per player for a table left to trade until it goes quiet
TIMED_BUDGET = 4  # the budget the policy tables use for the 10-minute timer


def _pace_groups(free: pd.DataFrame, timed: pd.DataFrame, budget: int) -> Iterator[Group]:
    P = int(free["players"].iloc[0])
    policy = str(free["policy"].iloc[0])
    group = f"{policy}, {P} players"
    quiet = free["proposal_turns"] < budget * P
    extra = free.set_index("game")["len_mean"] - timed.set_index("game")["len_mean"]
    yield (
        {"players": P, "policy": policy, "budget": budget},
        [
            rate_row("went quiet", int(quiet.sum()), len(free), group),
            mean_row("proposal turns per player", free["proposal_turns"] / P, group),
            mean_row("proposals per player", free["n_proposals"] / P, group),
            mean_row("actions per player", (free["length"] - free["n_passes"]) / P, group),
            mean_row("trades per player", free["trades"] / P, group),
            mean_row("final length", free["len_mean"], group),
            mean_row("gain over the timed table", extra.dropna().to_numpy(float), group),
        ],
    )


PACE_COLUMNS: Layout = [
    ("tables", "went quiet", "n"),
    *_interval("went quiet", "quiet", "quiet_lo", "quiet_hi"),
    *_interval("proposal turns per player", "turns_per_player", "turns_lo", "turns_hi"),
    *_interval("proposals per player", "proposals_per_player", "proposals_lo", "proposals_hi"),
    *_interval("actions per player", "actions_per_player", "actions_lo", "actions_hi"),
    *_interval("trades per player", "trades_per_player", "trades_lo", "trades_hi"),
    *_interval("final length", "final_length", "final_lo", "final_hi"),
    *_interval("gain over the timed table", "gain_over_timed", "gain_over_timed_lo", "gain_over_timed_hi"),
]


def pace_study(
    players: int = 8,
    policy: str = "cooperative",
    games: int = 40,
    seed: int = 0,
    trade_budget: int = PACE_BUDGET,
    timed_budget: int = TIMED_BUDGET,
    workers: int | None = 1,
    store: str | Path | None = None,
) -> pd.DataFrame:
    """How long does a table trade when nobody stops it? Every seat plays ``policy`` with
    ``trade_budget`` proposal turns each (far more than they use), so trading ends when a full
    round passes ("went quiet"); the same deals are also played with ``timed_budget`` turns.

    One row: the share of tables that went quiet, proposal turns, proposals, actions (every
    decision but a pass: proposals, answers, loan calls, repayments) and trades per player, the
    final mean length, and the paired gain in mean length over the timed tables (95% intervals).

    >>> t = pace_study(players=5, games=2, seed=1, trade_budget=6, timed_budget=1)
    >>> t[["players", "policy", "budget", "tables"]].to_dict("records")
    [{'players': 5, 'policy': 'cooperative', 'budget': 6, 'tables': 2}]
    """
    if trade_budget <= timed_budget:
        raise InvalidInputError(
            f"the free table needs more turns than the timed one, got {trade_budget} <= {timed_budget}"
        )
    runs = []
    for budget in (trade_budget, timed_budget):
        rules = open_rules(players=players, trade_budget=budget)
        where = None if store is None else Path(store) / f"budget-{budget}"
        df = _simulate_policy(rules, policy, games, seed, workers, store=where)
        df.insert(0, "policy", policy)
        runs.append(df)
    return _wide(_pace_groups(runs[0], runs[1], trade_budget), PACE_COLUMNS)


# -- the long studies (``negenlab study polymer <name>``) ------------------------------------------

STUDY_TABLES = 500  # tables per policy (and per setting) in the committed studies
STUDY_DEALS = 1000  # deals per player count
LADDER = ("random", "selfish", "cooperative", "loans")
LADDER_SEATS = 8
LADDER_UNITS = 300  # unit cap per ladder step (a unit: one game per seat rotation)
HIDDEN_LADDER = ("random", "cooperative", "bargainer", "broker", "lookahead")
"""The hidden-table ladder (issue #34), weakest first: ``negenlab study polymer ladder_hidden``."""
HIDDEN_LADDER_UNITS = 40
"""The hidden ladder's SPRTs look first at 40 units (320 games a step): the lookahead plays a unit in about 18 s
on a shared core, so the 300-unit cap of the open ladder would take hours; its store lets a later run continue."""
HIDDEN_LADDER_MAX_UNITS = 80
"""The hidden ladder's cap: a step the SPRT decided plays on to at most 80 units (640 games) until its interval
clears (:data:`HIDDEN_LADDER_CLEAR_ALPHA`); a lookahead step costs about 12 minutes of a core from 40 units."""
HIDDEN_LADDER_CLEAR_ALPHA = 0.0005
"""A decided step of the hidden ladder plays on until its 99.95% interval lies wholly on the decided side of the
line halfway between the fair share and five points more (:func:`~negenlab.core.ladder.skill_trace`'s ``clear_alpha``):
stricter than the level the page judges each step at (5% split over its 17 statistical verdicts and the trace's 4
steps), so a step decided at its first look is not left marginal there, and two seeds that disagree get more
games rather than a verdict."""
LADDER_HIDDEN_STORE = "data/polymer/ladder_hidden_store"
"""The hidden ladder's resumable store, committed (a fresh clone resumes it instead of replaying hours)."""
BARGAINING_STORE = "data/polymer/bargaining_store"
"""The bargaining study's resumable store, committed (about 3 MB: a fresh clone reads its tables back instead of
replaying half an hour of them)."""
RUNG_STRATEGY_STORE = "data/polymer/strategies_{rung}_store"
"""The rung strategy studies' resumable stores (``rung``: bargainer or broker), committed (about 5 MB each: a
fresh clone reads their 880 tables back instead of replaying some 12 minutes a rung)."""
RECHECK_STORE = "data/polymer/recheck_store"
"""The re-measurement's resumable store, committed (about 24 MB: a fresh clone reads its games back instead of
replaying more than an hour of tables)."""
BARGAIN_TABLE_NAMES = ("bargaining", "strategies_bargainer", "strategies_broker")
"""The committed tables of the bargaining players (issue #34)."""


def deals_study(ctx: StudyContext, deals: int = STUDY_DEALS) -> StudyResult:
    """The deal table: longest polymer of dealt hands for 5..15 players, and whether the seats are
    dealt alike (:func:`deal_table`); ``deals`` deals per player count.

    >>> quiet = StudyContext("polymer", "deals", seed=1, workers=1, progress=lambda line: None)
    >>> deals_study(quiet, deals=3).table[["players", "deals"]].iloc[0].tolist()
    [5, 3]
    """
    df = deal_lengths(deals=deals, seed=ctx.seed)
    ctx.progress(f"{deals} deals for each of {len(PLAYER_COUNTS)} player counts")
    rules = {"players": list(PLAYER_COUNTS), "cards_per_player": "the deal table", "jokers": 0, "handicap": []}
    return StudyResult(deal_table(df), rules=rules, extra={"deals_per_player_count": deals})


def policies_study(
    ctx: StudyContext, players: int, games: int = STUDY_TABLES, model: dict[str, Any] = OPEN_MODEL
) -> StudyResult:
    """Each trading policy on ``games`` tables of ``players`` (every seat alike, the same deals for
    every policy): :func:`policy_study_table`. ``model``: :data:`rules.OPEN_MODEL` (the earlier
    model, as ``policies_5p`` and ``policies_8p`` ran) or :data:`rules.TABLE_MODEL` (the game's
    defaults: hidden hands and the clock; ``policies_hidden``, with the bundler beside the others).

    >>> quiet = StudyContext("polymer", "policies_5p", seed=1, workers=1, progress=lambda line: None)
    >>> policies_study(quiet, 5, games=1).table[["policy", "vs"]].fillna("").values.tolist()[1]
    ['selfish', 'no_trade']
    """
    policies = list(POLICIES) + (["bundler"] if model == TABLE_MODEL else [])
    df = policy_study(
        players=players, policies=policies, games=games, seed=ctx.seed, workers=ctx.workers, store=ctx.store, **model
    )
    ctx.progress(f"{players} players: {games} tables for each of {', '.join(policies)}")
    return StudyResult(
        policy_study_table(df),
        rules=df.attrs["negenlab"]["rules"],
        agents=[policy_agents(p, 1)[0] for p in policies],
        extra={"games_per_policy": games},
    )


def holdout_table_study(ctx: StudyContext, games: int = STUDY_TABLES) -> StudyResult:
    """The halting-trade experiment on 8-player tables: seat 1 (the first) never trades while the others trade
    cooperatively, against the same deals with everybody cooperative (:func:`holdout_study`).

    >>> quiet = StudyContext("polymer", "holdout", seed=1, workers=1, progress=lambda line: None)
    >>> holdout_table_study(quiet, games=1).extra["holdout"]
    'no_trade'
    """
    t = holdout_study(players=8, games=games, seed=ctx.seed, workers=ctx.workers, store=ctx.store)
    ctx.progress(f"holdout: {games} tables, each with and without seat 1 (first) trading")
    return StudyResult(
        t,
        rules=open_rules(players=8),
        agents=[policy_agents("no_trade", 1)[0], policy_agents("cooperative", 1)[0]],
        extra={"tables": games, "holdout": "no_trade", "others": "cooperative"},
    )


def pace_tables_study(ctx: StudyContext, games: int = STUDY_TABLES) -> StudyResult:
    """Cooperative tables of 5 and 8 players left to trade until they go quiet
    (:func:`pace_study`): the counts behind the report's time estimate.

    >>> quiet = StudyContext("polymer", "pace", seed=1, workers=1, progress=lambda line: None)
    >>> pace_tables_study(quiet, games=1).table["players"].tolist()
    [5, 8]
    """
    parts = []
    for P in STUDY_SEATS:
        parts.append(
            pace_study(players=P, games=games, seed=ctx.seed, workers=ctx.workers, store=ctx.store_for(f"{P}p"))
        )
        ctx.progress(f"pace: {P} players done")
    return StudyResult(
        pd.concat(parts, ignore_index=True),
        rules={"players": list(STUDY_SEATS), "trade_budget": [PACE_BUDGET, TIMED_BUDGET], "chain_length": 2},
        agents=[policy_agents("cooperative", 1)[0]],
        extra={"tables": games},
    )


def ladder_study(
    ctx: StudyContext,
    rungs: Iterable[str] = LADDER,
    players: int = LADDER_SEATS,
    max_units: int = LADDER_UNITS,
    min_units: int | None = None,
    rules: Rules | None = None,
    seed: int | None = None,
    clear_alpha: float | None = None,
) -> StudyResult:
    """The skill trace on an ``players``-seat table (``rules``: another table, e.g. hidden
    information): each rung of :data:`LADDER` in one seat against
    the rung below in all the others, seats rotated on common deals, each step decided by an SPRT
    on its share of wins (H0: 1/players, H1: 1/players + 0.05) or stopped at ``max_units``;
    ``seed`` (default the study's) seeds the common deals; ``clear_alpha``: a decided step plays on
    up to ``max_units`` until its interval clears (:func:`~negenlab.core.ladder.skill_trace`).

    >>> quiet = StudyContext("polymer", "ladder", seed=1, workers=1, progress=lambda line: None)
    >>> t = ladder_study(quiet, ["random", "selfish"], players=5, max_units=1, min_units=1).table
    >>> t[["players", "rung", "below", "units"]].values.tolist()
    [[5, 'selfish', 'random', 1]]
    """
    game = PolymerGame(rules or open_rules(players=players))
    kwargs = {} if min_units is None else {"min_units": min_units}
    trace = skill_trace(
        game,
        list(rungs),
        lambda spec: policy_agents(spec, 1)[0],
        seed=ctx.seed if seed is None else seed,
        max_units=max_units,
        store=ctx.store,
        workers=ctx.workers,
        progress=ctx.progress,
        clear_alpha=clear_alpha,
        **kwargs,
    )
    trace.insert(0, "players", players)
    return StudyResult(
        trace, rules=game.rules, agents=list(rungs), extra={"ladder": list(rungs), "max_units": max_units}
    )


LOOKAHEAD_CHECK_GAMES = 16
"""Tables on which the hidden ladder's study counts how often the lookahead makes the broker's offer."""


def hidden_ladder_study(
    ctx: StudyContext,
    max_units: int = HIDDEN_LADDER_MAX_UNITS,
    check_games: int = LOOKAHEAD_CHECK_GAMES,
    first_units: int = HIDDEN_LADDER_UNITS,
) -> StudyResult:
    """``negenlab study polymer ladder_hidden``: :func:`ladder_study` of :data:`HIDDEN_LADDER` at 8-seat tables
    as played (the SPRTs' first look at ``first_units``; a decided step plays on up to ``max_units`` until it
    clears, :data:`HIDDEN_LADDER_CLEAR_ALPHA`), and in its sidecar how often the top rung (the lookahead) makes
    the offer the broker below it would make on the same observation (``bargain.lookahead_agreement`` over
    ``check_games`` tables, one lookahead among brokers): where the search changes the broker's play.

    >>> quiet = StudyContext("polymer", "ladder_hidden", seed=1, workers=1, progress=lambda line: None)
    >>> hidden_ladder_study(quiet, max_units=0, check_games=0).extra["lookahead_same_offer"]["decisions"]
    0.0
    """
    if max_units > 0:
        result = ladder_study(
            ctx, HIDDEN_LADDER, rules=strategy_rules("hidden"), max_units=max_units,
            min_units=min(max_units, first_units), clear_alpha=HIDDEN_LADDER_CLEAR_ALPHA,
        )  # fmt: skip
    else:
        result = StudyResult(None, rules=strategy_rules("hidden"), agents=list(HIDDEN_LADDER))
    agreement = lookahead_agreement(check_games, ctx.seed) if check_games else {"decisions": 0.0, "same": float("nan")}
    ctx.progress(f"lookahead: the broker's offer at {agreement['same']:.1%} of {agreement['decisions']:.0f} turns")
    result.extra["lookahead_same_offer"] = {**agreement, "tables": check_games, "seed": ctx.seed}
    return result


# -- the source's strategy advice, at a hidden-information table -------------------------------
STRATEGY_SEATS = 8
STRATEGY_TABLES = 504  # tables per arm: 63 deals for each seat the deviating strategy takes
STRATEGY_ARMS = (
    # (the claim of data/polymer/claims.csv, the strategy one seat plays, what the others play, whose score)
    ("reveal", "revealing", "concealing", "self"),
    ("monopoly", "monopolist", "cooperative", "self"),
    ("halting", "halting", "cooperative", "neighbours"),
    ("options_open", "options_open", "cooperative", "self"),
    ("boundary_help", "boundary_avoiding", "cooperative", "self"),
    ("second_degree", "spoiler", "cooperative", "self"),
    ("loans", "borrower", "cooperative", "self"),
    ("bundles", "bundler", "cooperative", "self"),
)
"""The strategy study's paired experiments, one per claim of the register: one seat plays the
strategy among the others' policy; the change is that seat's score (or its two neighbours' mean)."""


def strategy_rules(information: str, players: int = STRATEGY_SEATS) -> Rules:
    """The table of the strategy study: the game's defaults (the 10-minute clock, no proposal
    budget, up to 3 cards a side) under ``information``."""
    return Rules(players=players, information=information)


def strategy_study(
    information: str,
    tables: int = STRATEGY_TABLES,
    seed: int = 0,
    players: int = STRATEGY_SEATS,
    workers: int | None = 1,
    store: str | Path | None = None,
    arms=STRATEGY_ARMS,
    seat_seeds: Sequence[int] | None = None,
) -> pd.DataFrame:
    """Each arm of :data:`STRATEGY_ARMS` as a paired experiment: one seat plays the strategy
    while the others play their policy (every seat a strategy of ``agents.TABLE_POLICIES``, which act
    on what their seat sees, also at an open table), against the same deals with every seat playing that policy.
    The deviating seat takes every seat in turn (``tables // players`` deals each, seat s on seed
    ``seat_seeds[s]``, default ``seed + s``). Per table the value is the score (and longest polymer)
    of the seat the claim names (the deviator, or the mean of its two neighbours) minus the same
    seat's at the baseline table.

    Groups ``"<strategy> among <others>"``: metrics ``"score change"``, ``"length change"`` (means
    with 95% intervals, n = tables); ``"baseline <policy>"``: ``"trading minutes"`` and
    ``"tables trading to the clock"`` (the share whose trading the 10 minutes stopped).

    >>> t = strategy_study("hidden", tables=8, players=5, arms=STRATEGY_ARMS[:1])
    >>> t["group"].unique().tolist()
    ['revealing among concealing', 'baseline concealing']
    """
    rules = strategy_rules(information, players)
    per_seat = max(1, tables // players)
    seeds = [seed + seat for seat in range(players)] if seat_seeds is None else [int(x) for x in seat_seeds]
    if len(seeds) != players:
        raise InvalidInputError(f"seat_seeds gives {len(seeds)} seeds for {players} seats; give one per seat")
    rows = []
    for _claim, strategy, others, whose in arms:
        parts = {}
        for seat in range(players):
            lineup: list[Agent] = [TABLE_POLICIES[others]() for _ in range(players)]
            lineup[seat] = TABLE_POLICIES[strategy]()
            where = None if store is None else Path(store) / information / strategy / f"seat-{seat}"
            base_where = None if store is None else Path(store) / information / f"all-{others}" / f"seat-{seat}"
            parts[seat] = (
                _simulate(rules, lineup, per_seat, seeds[seat], workers, store=where),
                _simulate(
                    rules,
                    [TABLE_POLICIES[others]() for _ in range(players)],
                    per_seat,
                    seeds[seat],
                    workers,
                    store=base_where,
                ),
            )
        score: list[float] = []
        length: list[float] = []
        minutes: list[float] = []
        clocked: list[int] = []
        for seat, (dev, base) in parts.items():
            seats = [seat] if whose == "self" else [(seat - 1) % players, (seat + 1) % players]
            for col, out in (("return", score), ("len", length)):
                cols = [f"{col}_{q}" for q in seats]
                out.extend(dev[cols].to_numpy(float).mean(axis=1) - base[cols].to_numpy(float).mean(axis=1))
            minutes.extend(base["trading_minutes"].to_numpy(float))
            clocked.extend((base["trading_minutes"].to_numpy(float) >= rules.minutes).astype(int))
        group = f"{strategy} among {others}"
        rows += [mean_row("score change", score, group), mean_row("length change", length, group)]
        rows += [
            mean_row("trading minutes", minutes, f"baseline {others}"),
            rate_row("tables trading to the clock", int(np.sum(clocked)), len(clocked), f"baseline {others}"),
        ]
    table = long_table(rows)
    table.insert(0, "information", information)
    return table.drop_duplicates(subset=["information", "metric", "group"], ignore_index=True)


CLOCK_SCALES = (0.5, 1.0, 2.0)  # the time model's seconds, scaled, for the sensitivity figure


def clock_sensitivity(
    tables: int = 200,
    seed: int = 0,
    players: int = STRATEGY_SEATS,
    scales=CLOCK_SCALES,
    workers: int | None = 1,
    store: str | Path | None = None,
) -> pd.DataFrame:
    """How the hidden table moves with the time model: cooperative tables on the same deals with
    every ``seconds_*`` constant scaled by each of ``scales``. Groups ``"time model x0.5"``...:
    ``"length gain"`` (mean gain of the longest polymer per seat over the deal), ``"trades"`` (accepted
    trades per table) and ``"tables trading to the clock"``.

    >>> clock_sensitivity(tables=2, players=5, scales=(1.0,))["metric"].tolist()
    ['length gain', 'trades', 'tables trading to the clock']
    """
    rows = []
    base = strategy_rules("hidden", players)
    for scale in scales:
        rules = Rules(
            **{
                **{f: getattr(base, f) for f in base.__dataclass_fields__},
                **{f: getattr(base, f) * scale for f in TIME_FIELDS},
            }
        )
        where = None if store is None else Path(store) / "clock" / f"x{scale:g}"
        df = _simulate(rules, policy_agents("cooperative", players), tables, seed, workers, store=where)
        group = f"time model x{scale:g}"
        rows += [
            mean_row("length gain", df["len_gain_mean"].to_numpy(float), group),
            mean_row("trades", df["n_accepted"].to_numpy(float), group),
            rate_row(
                "tables trading to the clock",
                int((df["trading_minutes"] >= rules.minutes).sum()),
                len(df),
                group,
            ),
        ]
    table = long_table(rows)
    table.insert(0, "information", "hidden")
    return table


TOKENS_EACH = 3  # good-faith tokens per player at the token table (the source: at least 2-3)


def token_ties(
    tables: int = STRATEGY_TABLES,
    seed: int = 0,
    players: int = STRATEGY_SEATS,
    workers: int | None = 1,
    store: str | Path | None = None,
) -> pd.DataFrame:
    """How often good-faith tokens decide the winner: hidden tables under the clock where every seat
    plays ``sweetener`` (a token offered with every ask) with :data:`TOKENS_EACH` tokens. Group
    ``"sweeteners, 3 tokens each"``: ``"tables decided by tokens"``, ``"tables needing a tiebreak"``
    and ``"tokens moved"`` per table.

    >>> token_ties(tables=2, players=5)["metric"].tolist()
    ['tables decided by tokens', 'tables needing a tiebreak', 'tokens moved']
    """
    rules = Rules(
        **{
            **{f: getattr(strategy_rules("hidden", players), f) for f in Rules.__dataclass_fields__},
            "good_faith_tokens": TOKENS_EACH,
        }
    )
    where = None if store is None else Path(store) / "tokens"
    df = _simulate(rules, [TABLE_POLICIES["sweetener"]() for _ in range(players)], tables, seed, workers, store=where)
    group = f"sweeteners, {TOKENS_EACH} tokens each"
    rows = [
        rate_row("tables decided by tokens", int((df["tiebreak"] == "good-faith tokens").sum()), len(df), group),
        rate_row("tables needing a tiebreak", int((df["tiebreak"] != "score").sum()), len(df), group),
        mean_row("tokens moved", df["n_tokens_moved"].to_numpy(float), group),
    ]
    table = long_table(rows)
    table.insert(0, "information", "hidden")
    return table


def strategies_study(ctx: StudyContext, tables: int = STRATEGY_TABLES) -> StudyResult:
    """The source's strategy claims (:data:`STRATEGY_ARMS`) on 8-seat tables under the 10-minute
    clock, hidden information and open side by side (:func:`strategy_study`).

    >>> quiet = StudyContext("polymer", "strategies", seed=1, workers=1, progress=lambda line: None)
    >>> sorted(strategies_study(quiet, tables=8).table["information"].unique())
    ['hidden', 'open']
    """
    parts = []
    for information in ("hidden", "open"):
        parts.append(strategy_study(information, tables=tables, seed=ctx.seed, workers=ctx.workers, store=ctx.store))
        ctx.progress(f"strategies: {information} information done")
    parts.append(clock_sensitivity(tables=tables // 2, seed=ctx.seed, workers=ctx.workers, store=ctx.store))
    parts.append(token_ties(tables=tables, seed=ctx.seed, workers=ctx.workers, store=ctx.store))
    ctx.progress("strategies: the time model's sensitivity done")
    agents = sorted({name for _, a, b, _ in STRATEGY_ARMS for name in (a, b)})
    return StudyResult(
        pd.concat(parts, ignore_index=True),
        rules={
            "players": STRATEGY_SEATS,
            "information": ["hidden", "open"],
            "minutes": 10,
            "trade_budget": MAX_TRADE_BUDGET,
        },
        agents=agents,
        extra={
            "tables_per_arm": (tables // STRATEGY_SEATS) * STRATEGY_SEATS,
            "claims": [c for c, *_ in STRATEGY_ARMS],
        },
    )


# -- players who bargain (issue #34): the table as played, the rung ladder and the advice again ---------------
BARGAIN_SEATS = (5, 8, 12)
"""The player counts of the bargaining study."""
BARGAIN_POLICIES = ("cooperative", "bargainer", "broker", "lookahead")
"""The policies every seat plays at the bargaining study's hidden tables (the open model plays cooperative)."""
BARGAIN_TABLES = 100
"""Tables per policy and player count in the bargaining study (100: what fit the compute of the run, issue #34)."""


def table_rows(df: pd.DataFrame, group: str) -> list[dict[str, Any]]:
    """What a table of one policy did, per table (95% intervals; rates Wilson): its trades, long-distance
    (chain) trades, loans and tokens moved, the mean longest polymer before and after, the gain in
    length and score, phase boundaries, the share of tables with a chain trade and the trading minutes.

    >>> from negenlab.core.simulate import simulate
    >>> df = simulate(PolymerGame(Rules(players=5, minutes=2)), [TABLE_POLICIES["cooperative"]()] * 5, n_games=2,
    ...               seed=1, backend="serial", progress=False)
    >>> [r["metric"] for r in table_rows(df, "x")][:3]
    ['trades per table', 'chain trades per table', 'loans per table']
    """
    chain = df["n_chain_trades"].to_numpy(int)
    return [
        mean_row("trades per table", df["n_accepted"], group),
        mean_row("chain trades per table", chain, group),
        mean_row("loans per table", df["n_loans"], group),
        mean_row("tokens moved per table", df["n_tokens_moved"], group),
        mean_row("start length", df["start_len_mean"], group),
        mean_row("final length", df["len_mean"], group),
        mean_row("length gain", df["len_gain_mean"], group),
        mean_row("score gain", df["score_mean"] - df["start_score_mean"], group),
        _at_least(mean_row("phase boundaries", df["phase_boundaries"], group), 0.0),
        rate_row("tables with a chain trade", int((chain > 0).sum()), len(chain), group),
        mean_row("trading minutes", df["trading_minutes"], group),
    ]


def bargaining_study(
    ctx: StudyContext,
    tables: int = BARGAIN_TABLES,
    seats: Sequence[int] = BARGAIN_SEATS,
    policies: Sequence[str] = BARGAIN_POLICIES,
) -> StudyResult:
    """Trades, long-distance trades and polymer lengths per table at the table as played (hidden hands,
    the 10-minute clock, up to 3 cards a side) for every seat playing each of ``policies``, against the
    open model (every hand seen, one card a trade, 4 proposal turns: :data:`rules.OPEN_MODEL`, cooperative),
    at each player count of ``seats``, ``tables`` tables each on the same deals. Rows: ``model``,
    ``players``, ``policy`` and the long columns of :func:`table_rows`, then per player count the paired
    change in mean length and score of each hidden policy over the one before it (group ``"<policy> -
    <below>"``).

    >>> quiet = StudyContext("polymer", "bargaining", seed=1, workers=1, progress=lambda line: None)
    >>> t = bargaining_study(quiet, tables=1, seats=(5,), policies=("cooperative",)).table
    >>> sorted(t["model"].unique()), t["players"].unique().tolist()
    (['hidden', 'open'], [5])
    """
    frames = []
    for P in seats:
        runs: dict[str, pd.DataFrame] = {}
        for policy in policies:
            where = ctx.store_for(f"{P}p-hidden-{policy}")
            runs[policy] = _simulate_policy(Rules(players=P), policy, tables, ctx.seed, ctx.workers, store=where)
            part = long_table(table_rows(runs[policy], f"{policy}, {P} players"))
            frames.append(part.assign(model="hidden", players=P, policy=policy))
            ctx.progress(f"bargaining: {P} players, {policy} at hidden tables ({tables} tables)")
        for below, policy in zip(policies[:-1], policies[1:], strict=True):
            a, b = runs[policy].assign(policy=policy), runs[below].assign(policy=below)
            both = pd.concat([a, b], ignore_index=True)
            rows = [
                {**paired_difference(both, policy, below, "len_mean"), "metric": "length change"},
                {**paired_difference(both, policy, below, "score_mean"), "metric": "score change"},
            ]
            frames.append(long_table(rows).assign(model="hidden", players=P, policy=policy))
        where = ctx.store_for(f"{P}p-open-cooperative")
        df = _simulate_policy(open_rules(players=P), "cooperative", tables, ctx.seed, ctx.workers, store=where)
        part = long_table(table_rows(df, f"cooperative, {P} players, open model"))
        frames.append(part.assign(model="open", players=P, policy="cooperative"))
    table = pd.concat(frames, ignore_index=True)
    table = table[
        ["model", "players", "policy", *[c for c in table.columns if c not in ("model", "players", "policy")]]
    ]
    return StudyResult(
        table,
        rules={"players": list(seats), "hidden": TABLE_MODEL, "open": OPEN_MODEL},
        agents=[policy_agents(p, 1)[0] for p in policies],
        extra={"tables": tables, "policies": list(policies)},
    )


RUNGS = ("bargainer", "broker")
"""The two strongest decided rungs of the hidden ladder (the strategy arms' players; the lookahead is not
decided stronger than the broker)."""
RUNG_TABLES = 80
"""Tables per arm of the rung strategy study before it looks: 10 deals for each seat the deviating strategy
takes (a table of 8 bargainers or brokers costs about 0.3-0.4 CPU seconds)."""
RUNG_MAX_TABLES, RUNG_BATCH_DEALS, RUNG_CLEAR_ALPHA = 1600, 10, 0.0025
"""An arm whose claim is undecided at level 1 - RUNG_CLEAR_ALPHA (stricter than the level the page judges
each of its statistical verdicts at) plays on, RUNG_BATCH_DEALS more deals for every seat at a time (80
tables), until it is decided or has RUNG_MAX_TABLES tables: a marginal result gets more games, not a
verdict. The tables with every seat the rung grow with the longest arm (the same deals)."""


def rung_looks(
    tables: int = RUNG_TABLES, max_tables: int | None = RUNG_MAX_TABLES, players: int = STRATEGY_SEATS
) -> int:
    """How many looks an arm of the rung strategy study makes at most: after ``tables``, then every
    :data:`RUNG_BATCH_DEALS` deals a seat up to ``max_tables`` (None: one look). Its numbers are decided at
    the repeated-looks quantile of that many (:attr:`negenlab.core.claims.Measure.looks`), in the play-on
    as on the page.

    >>> rung_looks(), rung_looks(max_tables=None)
    (20, 1)
    """
    per_seat = max(1, tables // players)
    cap = max(per_seat, (max_tables or 0) // players)
    return looks_until(per_seat, RUNG_BATCH_DEALS, cap)


RUNG_ARMS = (
    # (the claim of data/polymer/claims.csv, the strategy's suffix, whose score, sign of the claim's number)
    ("reveal", "revealing", "self", 1),
    ("monopoly", "monopolist", "self", 1),
    ("options_open", "options", "self", 1),
    ("boundary_help", "boundary", "self", 1),
    ("halting", "halting", "neighbours", 1),
    ("second_degree", "spoiler", "self", 1),
    ("permit_trades", "refusing", "self", -1),
    ("loans", "noloans", "self", -1),
    ("bundles", "onecard", "self", -1),
)
"""The rung strategy study's paired experiments: one seat plays ``<rung>-<suffix>`` among seats of the
rung; the change is that seat's score (or its two neighbours' mean) minus the same seat's with every
seat the rung. Sign -1: the strategy leaves out the practice the claim is about (refusing what it does
not gain from, never borrowing, one card a side), so the claim's number is the rung minus it."""
RUNG_TOKENS = 3
"""Good-faith tokens per player at the rung study's token tables."""


def rung_arm(claim_id: str) -> tuple[str, str, str, int]:
    """The arm of :data:`RUNG_ARMS` that measures ``claim_id``."""
    arm = next((a for a in RUNG_ARMS if a[0] == claim_id), None)
    if arm is None:
        raise InvalidInputError(f"no rung arm for the claim {claim_id!r}; expected one of {[a[0] for a in RUNG_ARMS]}")
    return arm


def arm_metric(claim_id: str) -> str:
    """The row of a strategy arm its claim reads: the halting claim the neighbours' length change, the
    others the seat's score change.

    >>> arm_metric("halting"), arm_metric("monopoly")
    ('length change', 'score change')
    """
    return "length change" if claim_id == "halting" else "score change"


def rung_group(rung: str, suffix: str) -> str:
    """The group of an arm's rows: ``"broker-monopolist among broker"``."""
    return f"{rung}-{suffix} among {rung}"


def rung_strategy_study(
    rung: str,
    tables: int = RUNG_TABLES,
    seed: int = 0,
    players: int = STRATEGY_SEATS,
    workers: int | None = 1,
    store: str | Path | None = None,
    arms: Sequence[tuple[str, str, str, int]] = RUNG_ARMS,
    seat_seeds: Sequence[int] | None = None,
    max_tables: int | None = None,
    say: Callable[[str], None] | None = None,
    play_on: Collection[str] | None = None,
) -> pd.DataFrame:
    """Each arm of :data:`RUNG_ARMS` with ``rung`` players (``bargain.BARGAINERS``), as
    :func:`strategy_study` plays the strategies of the table policies: the deviating seat takes every seat
    in turn (``tables // players`` deals each, seat s on ``seat_seeds[s]``, default ``seed + s``), against
    the same deals with every seat the rung. Groups ``"<rung>-<suffix> among <rung>"``: ``"score change"``
    and ``"length change"`` (the seat's, or its neighbours' mean), ``"score spread change"`` (how much
    wider in percent that score's spread over the deals is with the strategy, paired: the mean of
    :func:`~negenlab.core.metrics.spread_change_pseudovalues`); ``"baseline <rung>"``: what the rung's
    tables did (:func:`table_rows`) and the boundary rows of the policy tables; ``"<rung>, 3 tokens each"``:
    ``"tables decided by tokens"``, ``"tables needing a tiebreak"``, ``"tokens moved"``. Column ``rung``.

    ``max_tables``: an arm whose claim (its register rule, the arm's sign) is undecided at level
    ``1 - RUNG_CLEAR_ALPHA`` after ``tables`` plays on, :data:`RUNG_BATCH_DEALS` deals a seat at a time,
    up to ``max_tables`` (None: no play-on), and stops early where its trend would leave it undecided at
    ``max_tables`` all the same (:func:`~negenlab.core.claims.futile`); ``say`` hears each look. ``play_on``: the claims whose arms
    may play on (None: every arm); the others stop after ``tables``, judged at the same looks.

    >>> t = rung_strategy_study("bargainer", tables=5, players=5, arms=RUNG_ARMS[:1])
    >>> t["group"].unique().tolist()
    ['bargainer-revealing among bargainer', 'baseline bargainer', 'bargainer, 3 tokens each']
    """
    rules = Rules(players=players)
    per_seat = max(1, tables // players)
    seeds = [seed + seat for seat in range(players)] if seat_seeds is None else [int(x) for x in seat_seeds]
    if len(seeds) != players:
        raise InvalidInputError(f"seat_seeds gives {len(seeds)} seeds for {players} seats; give one per seat")
    cap = max(per_seat, (max_tables or 0) // players)
    if store is None and cap > per_seat:  # each look resumes the last from a store: a scratch one here
        with tempfile.TemporaryDirectory() as scratch:
            return rung_strategy_study(
                rung, tables=tables, seed=seed, players=players, workers=workers, store=scratch, arms=arms,
                seat_seeds=seeds, max_tables=max_tables, say=say, play_on=play_on,
            )  # fmt: skip
    root = None if store is None else Path(store) / rung
    book = register("polymer")
    looks = rung_looks(tables, max_tables, players)

    def baseline(deals: int) -> dict[int, pd.DataFrame]:
        return {
            seat: _simulate(rules, policy_agents(rung, players), deals, seeds[seat], workers,
                            store=None if root is None else root / f"all-{rung}" / f"seat-{seat}")
            for seat in range(players)
        }  # fmt: skip

    def changes(spec: str, whose: str, deals: int, base: dict[int, pd.DataFrame]) -> tuple[list, list, np.ndarray]:
        score: list[float] = []
        length: list[float] = []
        both: list[np.ndarray] = []  # the measured score with the strategy and without, deal by deal
        for seat in range(players):
            lineup = policy_agents(rung, players)
            lineup[seat] = policy_agents(spec, 1)[0]
            where = None if root is None else root / spec / f"seat-{seat}"
            dev = _simulate(rules, lineup, deals, seeds[seat], workers, store=where)
            seats = [seat] if whose == "self" else [(seat - 1) % players, (seat + 1) % players]
            for col, out in (("return", score), ("len", length)):
                cols = [f"{col}_{q}" for q in seats]
                pair = np.stack([dev[cols].to_numpy(float).mean(axis=1), base[seat][cols].to_numpy(float).mean(axis=1)])
                out.extend(pair[0] - pair[1])
                if col == "return":
                    both.append(pair)
        return score, length, np.concatenate(both, axis=1)

    rows, longest = [], per_seat
    for claim_id, suffix, whose, sign in arms:
        spec, group, deals = f"{rung}-{suffix}", rung_group(rung, suffix), per_seat
        while True:
            score, length, both = changes(spec, whose, deals, baseline(deals))
            arm = [
                mean_row("score change", score, group),
                mean_row("length change", length, group),
                mean_row("score spread change", spread_change_pseudovalues(*both), group),
            ]
            measure: Measure = looked_at(
                _signed(next(r for r in arm if r["metric"] == arm_metric(claim_id)), sign), looks
            )
            verdict = verdict_of(book[claim_id].rule, measure, RUNG_CLEAR_ALPHA)
            may_play_on = verdict == "undecided" and deals < cap and (play_on is None or claim_id in play_on)
            hopeless = may_play_on and futile(book[claim_id].rule, measure, RUNG_CLEAR_ALPHA, cap * players)
            if say is not None:
                say(
                    f"{spec}: {deals * players} tables, {measure.value:+.2f} ({verdict} at {100 * (1 - RUNG_CLEAR_ALPHA):g}%"
                    + (f"; futile: undecided at {cap * players:,} tables unless its trend turns)" if hopeless else ")")
                )
            if not may_play_on or hopeless:
                break
            deals = min(cap, deals + RUNG_BATCH_DEALS)
        rows += arm
        longest = max(longest, deals)
    every = pd.concat(list(baseline(longest).values()), ignore_index=True)
    group = f"baseline {rung}"
    rows += table_rows(every, group)
    rows += _boundary_rows(every, group)
    rows.append(mean_row("own length the larger factor", own_length_larger(every), group))
    rows.append(
        rate_row(
            "tables trading to the clock", int((every["trading_minutes"] >= rules.minutes).sum()), len(every), group
        )
    )
    tokens = Rules(players=players, good_faith_tokens=RUNG_TOKENS)
    df = _simulate(tokens, policy_agents(rung, players), tables, seed, workers,
                   store=None if root is None else root / "tokens")  # fmt: skip
    group = f"{rung}, {RUNG_TOKENS} tokens each"
    rows += [
        rate_row("tables decided by tokens", int((df["tiebreak"] == "good-faith tokens").sum()), len(df), group),
        rate_row("tables needing a tiebreak", int((df["tiebreak"] != "score").sum()), len(df), group),
        mean_row("tokens moved", df["n_tokens_moved"].to_numpy(float), group),
    ]
    table = long_table(rows)
    table.insert(0, "rung", rung)
    return table


def rung_strategies_study(ctx: StudyContext, rung: str, tables: int = RUNG_TABLES) -> StudyResult:
    """``negenlab study polymer strategies_<rung>``: :func:`rung_strategy_study` on 8-seat tables as
    played, each arm's strategy named ``<rung>-<suffix>``:

    >>> rung_group("broker", rung_arm("monopoly")[1]), rung_arm("permit_trades")[3]
    ('broker-monopolist among broker', -1)
    """
    table = rung_strategy_study(
        rung, tables=tables, seed=ctx.seed, workers=ctx.workers, store=ctx.store, max_tables=RUNG_MAX_TABLES,
        say=ctx.progress,
    )  # fmt: skip
    arms = table[table["metric"] == "score change"]
    ctx.progress(f"strategies with {rung} players: {len(RUNG_ARMS)} arms done, {int(arms['n'].sum()):,} tables")
    return StudyResult(
        table,
        rules=Rules(players=STRATEGY_SEATS),
        agents=[rung, *(f"{rung}-{suffix}" for _, suffix, _, _ in RUNG_ARMS)],
        extra={
            "tables_per_arm": (tables // STRATEGY_SEATS) * STRATEGY_SEATS,
            "max_tables_per_arm": RUNG_MAX_TABLES,
            "clear_alpha": RUNG_CLEAR_ALPHA,
            "looks_per_arm": rung_looks(tables),
            "token_tables": tables,
            "tokens_each": RUNG_TOKENS,
            "claims": [c for c, *_ in RUNG_ARMS],
        },
    )


# -- the numbers behind the Polymer verdicts: from the committed tables, and again on a fresh seed ---------

SHUFFLE_SECONDS = 60.0
"""Our assumption: shuffling the two packs before a game."""
DEAL_SECONDS_PER_CARD = 1.0
"""Our assumption: dealing one card."""
SCORING_SECONDS = 120.0
"""Our assumption: laying out every longest polymer and adding up the scores after the timer."""

HALTING_OPEN = "open hands, a seat that never trades"
HALTING_HIDDEN = "hidden hands under the clock, a seat that halts after 5 minutes"
"""The two tables and players the halting claim is measured under (its keys)."""
TUNED_PLAYERS = (5, 15)
"""The player counts whose best deal (by the rules tuner) the deal-lengths claim reads."""


def setup_and_scoring_minutes(players: int, hand_size: int) -> float:
    """The minutes of a game outside trading, on our assumptions: the shuffle, dealing every hand and
    scoring (:data:`SHUFFLE_SECONDS`, :data:`DEAL_SECONDS_PER_CARD`, :data:`SCORING_SECONDS`).

    >>> round(setup_and_scoring_minutes(8, 13), 2)
    4.73
    """
    return (SHUFFLE_SECONDS + players * hand_size * DEAL_SECONDS_PER_CARD + SCORING_SECONDS) / 60


STRATEGY_SETUP_MINUTES = setup_and_scoring_minutes(STRATEGY_SEATS, Rules(players=STRATEGY_SEATS).hand_size)
"""The minutes outside trading of an 8-player game (:func:`setup_and_scoring_minutes`): what the duration
verdict adds to the trading minutes."""

ASSUMED_RANGE = (0.5, 1.5)
"""How far our assumed seconds outside trading may be off: from half to one and a half times each
(:data:`SHUFFLE_SECONDS`, :data:`DEAL_SECONDS_PER_CARD`, :data:`SCORING_SECONDS`). A verdict that rests
on them holds only where it holds at both ends."""

STRATEGY_SETUP_RANGE = tuple(f * STRATEGY_SETUP_MINUTES for f in ASSUMED_RANGE)
"""The minutes outside trading of an 8-player game at the two ends of :data:`ASSUMED_RANGE`.

>>> [round(m, 2) for m in STRATEGY_SETUP_RANGE]
[2.37, 7.1]
"""


def game_minutes(df: pd.DataFrame) -> np.ndarray:
    """Each game's minutes from the shuffle to the scores: :func:`setup_and_scoring_minutes` plus its
    trading minutes on the table clock (stopped by the timer or a quiet table).

    >>> game_minutes(pd.DataFrame({"players": [8], "hand_size": [13], "trading_minutes": [10.0]})).round(2).tolist()
    [14.73]
    """
    setup = [setup_and_scoring_minutes(int(p), int(k)) for p, k in zip(df["players"], df["hand_size"], strict=True)]
    return np.asarray(setup, dtype=float) + df["trading_minutes"].to_numpy(float)


def never_differed(row: Mapping[str, Any], centre: float = 0.0) -> bool:
    """Whether a paired change (or a ladder rung's share) is exactly ``centre`` in every unit: the
    players then played every game alike, so the row says nothing of the claim.

    >>> never_differed({"value": 0.0, "lo": 0.0, "hi": 0.0}), never_differed({"value": -1.7, "lo": -3.9, "hi": 0.5})
    (True, False)
    """
    return float(row["lo"]) == float(row["hi"]) == float(row["value"]) == centre


def _row(table: pd.DataFrame, **key: Any) -> dict[str, Any] | None:
    """The first row of ``table`` whose columns hold ``key``'s values, or None."""
    mask = np.ones(len(table), dtype=bool)
    for column, value in key.items():
        mask &= (table[column] == value).to_numpy()
    if not mask.any():
        return None
    return {str(k): v for k, v in table[mask].iloc[0].to_dict().items()}


def _long_measure(row: dict[str, Any], shift: float = 0.0) -> Measure:
    rate = row.get("method") == "wilson"
    return Measure.of_interval(row["value"] + shift, row["lo"] + shift, row["hi"] + shift, int(row["n"]), rate=rate)


def _trace_steps(trace: pd.DataFrame, looks: int) -> Steps | None:
    """A skill trace's rungs (``"<rung> over <below>"``), leaving out a rung that played every game
    exactly as the rung below (every unit at the fair share); ``looks``: its study's design
    (:func:`~negenlab.core.ladder.step_measure`)."""
    steps = tuple(
        (
            f"{r['rung']} over {r['below']}",
            step_measure(r, looks),
        )
        for r in trace.to_dict("records")
        if not never_differed({"value": r["score"], "lo": r["lo"], "hi": r["hi"]}, float(r["fair"]))
    )
    return Steps(steps) if steps else None


def strategy_row(strategies: pd.DataFrame, claim_id: str, metric: str = "score change") -> dict[str, Any] | None:
    """The hidden-table row of one strategy arm (by its claim id in :data:`STRATEGY_ARMS`)."""
    arm = next((a for a in STRATEGY_ARMS if a[0] == claim_id), None)
    if arm is None:
        raise InvalidInputError(
            f"no strategy arm for the claim {claim_id!r}; expected one of {[a[0] for a in STRATEGY_ARMS]}"
        )
    _, strategy, others, _ = arm
    return _row(strategies, information="hidden", metric=metric, group=f"{strategy} among {others}")


TUNED_NEEDS: dict[str, type | tuple[type, ...]] = {"players": int, "cards_per_player": int, "len_mean_n": int}
TUNED_NEEDS |= {k: (int, float) for k in ("len_mean", "len_mean_lo", "len_mean_hi")}
"""What the verdicts read of each candidate of a committed tuning run (checked on load)."""


TUNED_COLUMNS = (
    "rung",
    "players",
    "cards_per_player",
    "len_mean",
    "len_mean_lo",
    "len_mean_hi",
    "len_mean_n",
    "target",
)
"""The columns of the tuner's best deals as the deal-lengths verdict reads them (:func:`tuned_table`)."""


def tuned_file(players: int, rung: str) -> str:
    """The committed tuning run of ``rung`` players at ``players`` seats (``tune_<P>p_<rung>.json``): the
    cards per player whose tables as played give that rung's 8-player length."""
    return f"tune_{players}p_{rung}.json"


def tuned_target(run: Mapping[str, Any]) -> float:
    """The length a tuning run of the deal-lengths verdict aims at: the middle of its ``len_mean`` target
    (the rung's 8-player length).

    >>> tuned_target({"targets": {"len_mean": [5.2, 7.2]}})
    6.2
    """
    lo, hi = run["targets"]["len_mean"]
    return round((lo + hi) / 2, 6)


def tuned_table(runs: Mapping[tuple[str, int], Mapping[str, Any]]) -> pd.DataFrame:
    """The rules tuner's best setting per (rung, player count) (its run's first candidate, measured again
    on the tuner's next seed) as rows ``rung, players, cards_per_player, len_mean, len_mean_lo,
    len_mean_hi, len_mean_n, target`` (the middle of the run's ``len_mean`` target: the rung's 8-player
    length). A run without candidates is left out.

    >>> run = {"targets": {"len_mean": [5.2, 7.2]}, "candidates": [dict(players=5, cards_per_player=13,
    ...        len_mean=6.5, len_mean_lo=6.3, len_mean_hi=6.7, len_mean_n=200)]}
    >>> tuned_table({("bargainer", 5): run})[["rung", "cards_per_player", "target"]].values.tolist()
    [['bargainer', 13, 6.2]]
    """
    keys = TUNED_COLUMNS[1:-1]
    rows = [
        {
            "rung": rung,
            **{k: run["candidates"][0][k] for k in keys},
            "target": tuned_target(run),
        }
        for (rung, _), run in runs.items()
        if run.get("candidates")
    ]
    return pd.DataFrame(rows, columns=list(TUNED_COLUMNS))


def tuned_runs() -> dict[tuple[str, int], dict]:
    """The committed tuning runs of the deal-lengths verdict, by (rung, player count) (``{}`` for a
    run not committed)."""
    return {(rung, p): tuning_run("polymer", tuned_file(p, rung), TUNED_NEEDS) for rung in RUNGS for p in TUNED_PLAYERS}


RUNG_LABELS = {"bargainer": "bargainers", "broker": "brokers", "lookahead": "lookahead players"}
"""How the verdicts name the players of each rung (the judge's player strengths)."""
LONG_DISTANCE_RUNGS = ("broker", "lookahead")
"""The two player strengths of the long-distance verdict: the rungs that propose chain trades (the broker,
and the search rung on the broker's offers; bargainers and the table policies never propose one)."""
LONG_DISTANCE_SEATS = 8
"""The player count whose chain trades the long-distance verdict reads (the bargaining study)."""

RUNG_CLAIMS = (
    "duration",
    "permit_trades",
    "own_length",
    "halting",
    "boundary_cost",
    "boundary_help",
    "reveal",
    "loans",
    "monopoly",
    "options_open",
    "options_risk",
    "deal_lengths",
    "bundles",
    "tokens",
    "timer",
)
"""The verdicts judged under each of the two rungs' players (bargainers and brokers)."""
_BARGAIN_SHOWN = ("trades per table", "chain trades per table", "start length", "final length")
"""The numbers of the bargaining table the page shows for every policy and player count."""

# The rows each page reads of the tables whose studies are named above (their schemas in TABLES).
TABLES.update(
    ladder=replace(TABLES["ladder"], required=_ladder_rows(LADDER)),  # the skill trace, step by step
    ladder_hidden=replace(TABLES["ladder_hidden"], required=_ladder_rows(HIDDEN_LADDER)),
    bargaining=replace(
        TABLES["bargaining"],
        required=every(model=("hidden",), players=BARGAIN_SEATS, policy=BARGAIN_POLICIES, metric=_BARGAIN_SHOWN)
        + every(model=("open",), players=BARGAIN_SEATS, policy=("cooperative",), metric=_BARGAIN_SHOWN)
        # each rung's change against the cooperative table: the hidden ladder's flattening reads it
        + every(model=("hidden",), players=BARGAIN_SEATS, policy=BARGAIN_POLICIES[1:], metric=("length change",)),
    ),
    **{
        f"strategies_{rung}": replace(
            TABLES[f"strategies_{rung}"],
            required=every(  # every arm's change, drawn in the figure and judged, and the baseline beside it
                rung=(rung,),
                metric=("score change", "length change"),
                group=[f"{rung}-{suffix} among {rung}" for _, suffix, _, _ in RUNG_ARMS],
            )
            + [{"rung": rung, "metric": "trading minutes", "group": f"baseline {rung}"}],
        )
        for rung in RUNGS
    },
    recheck=recheck_schema(  # every number a verdict's re-measurement reads
        players={c: [RUNG_LABELS[r] for r in RUNGS] for c in RUNG_CLAIMS}
        | {"long_distance": [RUNG_LABELS[r] for r in LONG_DISTANCE_RUNGS]},
        # the open ladder's loans step played every game as the cooperative one: no step of it is judged
        steps={
            "skill": [f"{b} over {a}" for a, b in pairwise(LADDER[:3])],
            "skill_hidden": [f"{b} over {a}" for a, b in pairwise(HIDDEN_LADDER)],
        },
    ),
)


def _signed(row: dict[str, Any], sign: int) -> Measure:
    """A long row as a measure, its sign flipped for ``sign`` -1."""
    if sign >= 0:
        return _long_measure(row)
    return Measure.of_interval(-row["value"], -row["hi"], -row["lo"], int(row["n"]))


RUNG_SPREAD_CLAIMS = (("options_risk", "options_open"),)
"""(a claim about a strategy's risk, the claim of :data:`RUNG_ARMS` whose arm plays the strategy): judged by
the arm's ``"score spread change"``, how much wider the seat's score spreads over the deals with it."""


def rung_statistics(tables: Mapping[str, pd.DataFrame]) -> dict[str, Any]:
    """The verdicts' numbers from the rung strategy studies (``strategies_bargainer``,
    ``strategies_broker``), each a mapping from the players (:data:`RUNG_LABELS`) to its measure: the
    strategy arms and the risk of one (:data:`RUNG_SPREAD_CLAIMS`), and from the tables with every seat
    the rung the boundary cost, the tokens, the whole-game minutes (``duration``), the tables still
    trading at the timer (``timer``) and the seats whose own length is the larger factor
    (``own_length``); and the long-distance trades of the bargaining study (``bargaining``). A claim
    is left out when a table is missing.

    >>> rows = [dict(rung=r, **mean_row("score change", [-3, -4, -5], f"{r}-monopolist among {r}")) for r in RUNGS]
    >>> stats = rung_statistics({f"strategies_{r}": pd.DataFrame([row]) for r, row in zip(RUNGS, rows)})
    >>> {k: round(m.value, 1) for k, m in stats["monopoly"].items()}
    {'bargainers': -4.0, 'brokers': -4.0}
    """
    out: dict[str, Any] = {}
    parts = {rung: tables.get(f"strategies_{rung}") for rung in RUNGS}
    if all(t is not None for t in parts.values()):
        for claim_id, suffix, _whose, sign in RUNG_ARMS:
            metric = arm_metric(claim_id)
            each = {}
            for rung, t in parts.items():
                assert t is not None
                if (r := _row(t, metric=metric, group=rung_group(rung, suffix))) is not None:
                    each[RUNG_LABELS[rung]] = looked_at(_signed(r, sign), rung_looks())
            if len(each) == len(RUNGS):
                out[claim_id] = each
        for claim_id, of_arm in RUNG_SPREAD_CLAIMS:
            suffix = rung_arm(of_arm)[1]
            spread = {}
            for rung, t in parts.items():
                assert t is not None
                if (r := _row(t, metric="score spread change", group=rung_group(rung, suffix))) is not None:
                    spread[RUNG_LABELS[rung]] = looked_at(_long_measure(r), rung_looks())  # its arm's stop
            if len(spread) == len(RUNGS):
                out[claim_id] = spread
        for claim_id, metric, where, shift in (
            ("boundary_cost", "boundary score gap", "baseline {rung}", 0.0),
            ("tokens", "tables decided by tokens", "{rung}, " + f"{RUNG_TOKENS} tokens each", 0.0),
            ("duration", "trading minutes", "baseline {rung}", STRATEGY_SETUP_MINUTES),
            ("timer", "tables trading to the clock", "baseline {rung}", 0.0),
            ("own_length", "own length the larger factor", "baseline {rung}", 0.0),
        ):
            found = {}
            for rung, t in parts.items():
                assert t is not None
                r = _row(t, metric=metric, group=where.format(rung=rung))
                if r is not None and int(r["n"]) > 0 and not pd.isna(r["value"]):
                    found[RUNG_LABELS[rung]] = _long_measure(r, shift)
            if len(found) == len(RUNGS):
                out[claim_id] = found
    bargaining = tables.get("bargaining")
    if bargaining is not None:
        chains = {}
        for rung in LONG_DISTANCE_RUNGS:
            key = {
                "model": "hidden",
                "players": LONG_DISTANCE_SEATS,
                "policy": rung,
                "metric": "chain trades per table",
            }
            if (r := _row(bargaining, **key)) is not None:
                chains[RUNG_LABELS[rung]] = _long_measure(r)
        if len(chains) == len(LONG_DISTANCE_RUNGS):
            out["long_distance"] = chains
    return out


def claim_statistics(tables: Mapping[str, pd.DataFrame]) -> dict[str, Any]:
    """Every statistical Polymer verdict's number, by claim id, from the study tables (a claim whose
    table is missing is left out): the committed tables for the page, the same studies played on a
    fresh seed for ``negenlab study polymer recheck``. ``tables``: ``policies_hidden``,
    ``strategies``, ``holdout``, ``ladder``, ``ladder_hidden`` and ``tuned`` (:func:`tuned_table`).

    >>> t = long_table([mean_row("score change", [-3, -4, -5], "revealing among concealing")])
    >>> t.insert(0, "information", "hidden")
    >>> round(claim_statistics({"strategies": t})["reveal"].value, 1)
    -4.0
    """
    out: dict[str, Any] = {}
    hidden = tables.get("policies_hidden")
    if hidden is not None and (c := _row(hidden, policy="cooperative")) is not None:
        n = int(c["games"])
        out["permit_trades"] = Measure.of_interval(c["score_gain"], c["score_gain_lo"], c["score_gain_hi"], n)
        if "own_larger" in c and not pd.isna(c["own_larger"]):
            out["own_length"] = Measure.of_interval(c["own_larger"], c["own_larger_lo"], c["own_larger_hi"], n)
        if int(c["boundary_gap_tables"]) > 0 and not pd.isna(c["boundary_gap"]):
            out["boundary_cost"] = Measure.of_interval(
                c["boundary_gap"], c["boundary_gap_lo"], c["boundary_gap_hi"], int(c["boundary_gap_tables"])
            )
    strategies = tables.get("strategies")
    halting: dict[str, Measure] = {}
    if strategies is not None:
        base = {"information": "hidden", "group": "baseline cooperative"}
        if (m := _row(strategies, metric="trading minutes", **base)) is not None:
            out["duration"] = _long_measure(m, STRATEGY_SETUP_MINUTES)
        if (c := _row(strategies, metric="tables trading to the clock", **base)) is not None:
            out["timer"] = _long_measure(c)
        if (t := _row(strategies, information="hidden", metric="tables decided by tokens")) is not None:
            out["tokens"] = _long_measure(t)
        for claim_id, *_ in STRATEGY_ARMS:
            if claim_id == "halting":
                if (h := strategy_row(strategies, claim_id, "length change")) is not None:
                    halting[HALTING_HIDDEN] = _long_measure(h)
            elif (r := strategy_row(strategies, claim_id)) is not None:
                out[claim_id] = _long_measure(r)
    holdout = tables.get("holdout")
    if holdout is not None and (h := _row(holdout, metric="length change", group="distance 1")) is not None:
        halting = {HALTING_OPEN: _long_measure(h), **halting}
    if len(halting) == 2:
        out["halting"] = halting
    for claim_id, name, looks in (
        ("skill", "ladder", trace_looks(LADDER_UNITS)),
        ("skill_hidden", "ladder_hidden", trace_looks(HIDDEN_LADDER_MAX_UNITS, HIDDEN_LADDER_UNITS)),
    ):
        if name in tables and (steps := _trace_steps(tables[name], looks)) is not None:
            out[claim_id] = steps
    out.update(rung_statistics(tables))  # the bargaining rungs judge again what they measure (issue #34)
    tuned = tables.get("tuned")
    if tuned is not None:
        each = {}
        for rung in RUNGS:
            rows = tuned[tuned["rung"] == rung].set_index("players")
            if set(TUNED_PLAYERS) <= set(rows.index):
                each[RUNG_LABELS[rung]] = Steps(tuple(
                    (f"{p} players at {int(r['cards_per_player'])} cards",
                     Measure.of_interval(r["len_mean"] - r["target"], r["len_mean_lo"] - r["target"],
                                         r["len_mean_hi"] - r["target"], int(r["len_mean_n"])))
                    for p in TUNED_PLAYERS
                    for r in [rows.loc[p]]
                ))  # fmt: skip
        if len(each) == len(RUNGS):
            out["deal_lengths"] = each
    return out


def statistics_judged(stats: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`claim_statistics` without the strategy arms whose seat never played differently (their
    claims are untested: nothing to judge or re-measure)."""

    def differed(s: Any) -> bool:
        if isinstance(s, Mapping):  # judged only where every player strength played differently
            return all(differed(m) for m in s.values())
        return not (isinstance(s, Measure) and s.se == 0 and s.value == 0)

    arms = {a[0] for a in STRATEGY_ARMS} | {a[0] for a in RUNG_ARMS}
    return {k: s for k, s in stats.items() if k not in arms or differed(s)}


def fresh_seat_seeds(seed: int, players: int = STRATEGY_SEATS) -> list[int]:
    """The seeds of a fresh strategy study's seats: ``1000 x seed + s``. The committed study dealt seat
    s on ``seed + s``, so the next seed in that scheme would deal seven of its eight seats again.

    >>> fresh_seat_seeds(2025, 3)
    [2025000, 2025001, 2025002]
    """
    return [1000 * int(seed) + s for s in range(players)]


@dataclass(frozen=True)
class RecheckSize:
    """How many games the re-measurement plays: as committed by default (a test passes a tiny one).

    >>> RecheckSize().tables, RecheckSize().arm_tables, RecheckSize().ladder_units, RecheckSize().rung_tables
    (500, 504, 300, 80)
    """

    tables: int = STUDY_TABLES  # per policy of the hidden tables, and per arm of the halting-trade experiment
    arm_tables: int = STRATEGY_TABLES  # per strategy arm of the table policies (with its baseline), the clock's tables
    ladder_units: int = LADDER_UNITS  # the cap of each ladder step (the SPRTs stop most steps sooner)
    ladder_min_units: int | None = None  # the SPRTs' first look (None: the ladder's default, as committed)
    hidden_ladder_units: int = HIDDEN_LADDER_UNITS  # the hidden ladder's first look, as committed
    hidden_ladder_cap: int = HIDDEN_LADDER_MAX_UNITS  # and its cap, to which a decided step plays on until it clears
    tuned_games: int = 200  # per tuned deal, as the tuner's confirmation
    players: int = STRATEGY_SEATS  # seats of the tables (8 as committed)
    rung_tables: int = RUNG_TABLES  # per arm of the rung strategy studies, and their token tables
    rung_max_tables: int = RUNG_MAX_TABLES  # the cap an undecided arm plays on to, as committed
    bargain_tables: int = BARGAIN_TABLES  # the brokers' and lookahead players' tables behind the long-distance verdict


def clock_rows(tables: int, seed: int, players: int = STRATEGY_SEATS, workers: int | None = 1,
               store: str | Path | None = None) -> pd.DataFrame:  # fmt: skip
    """The cooperative hidden tables' clock, as the strategy study's baseline reports it (group ``"baseline
    cooperative"``: ``"trading minutes"``, ``"tables trading to the clock"``), without its strategy arms.

    >>> clock_rows(2, seed=1, players=5)["metric"].tolist()
    ['trading minutes', 'tables trading to the clock']
    """
    rules = strategy_rules("hidden", players)
    df = _simulate(rules, [TABLE_POLICIES["cooperative"]() for _ in range(players)], tables, seed, workers,
                   store=None if store is None else Path(store) / "clock")  # fmt: skip
    minutes = df["trading_minutes"].to_numpy(float)
    table = long_table(
        [
            mean_row("trading minutes", minutes, "baseline cooperative"),
            rate_row(
                "tables trading to the clock",
                int((minutes >= rules.minutes).sum()),
                len(minutes),
                "baseline cooperative",
            ),
        ]
    )
    table.insert(0, "information", "hidden")
    return table


def rung_claims_settled(tables: Mapping[str, pd.DataFrame]) -> set[str]:
    """The claims of :data:`RUNG_ARMS` whose arm is decided with every rung in ``tables`` (at level
    ``1 - RUNG_CLEAR_ALPHA``, its looks counted, as the play-on stopped it). Only these can make a page
    line that holds or fails, so only these are played on when re-measured; an arm undecided with
    either rung leaves its line undecided whatever a fresh seed gives.

    >>> def arms(second):  # the monopolist's score change, clearly negative with the first rung
    ...     return {f"strategies_{r}": pd.DataFrame([dict(rung=r, **mean_row("score change", v,
    ...             f"{r}-monopolist among {r}"))]) for r, v in zip(RUNGS, ([-3, -4, -5] * 40, second))}
    >>> rung_claims_settled(arms([-3, 4, -5])), rung_claims_settled(arms([-3, -4, -5] * 40))
    (set(), {'monopoly'})
    """
    stats, book = rung_statistics(tables), register("polymer")
    return {
        claim_id
        for claim_id, *_ in RUNG_ARMS
        if claim_id in stats
        and all(verdict_of(book[claim_id].rule, m, RUNG_CLEAR_ALPHA) != "undecided" for m in stats[claim_id].values())
    }


def recheck_tables(
    ctx: StudyContext,
    fresh_seed: int,
    judged: set[str] | None = None,
    size: RecheckSize = RecheckSize(),
    play_on: Collection[str] | None = None,
) -> dict[str, pd.DataFrame]:
    """The studies behind the statistical verdicts played again on ``fresh_seed`` with the same players
    and samples (``size``): the cooperative and no-trade hidden tables (500 each), the cooperative tables'
    clock (504), the table policies' strategy arms still judged from them and the halting-trade experiment
    (when ``judged`` still reads them), both rung strategy studies (240 tables per arm and of tokens, seats
    dealt on :func:`fresh_seat_seeds`), the brokers' 8-player tables of the long-distance verdict (200), both
    skill ladders (the same SPRTs and cap) and the tuner's best deals at 5 and 15 players (200 games each, on
    ``fresh_seed + 1``: the tuner confirmed them on its seed + 1). ``play_on``: the rung arms' claims played
    on past ``size.rung_tables`` (None: every undecided arm, to ``size.rung_max_tables``)."""
    say, P = ctx.progress, size.players
    rung_judged = {a[0] for a in RUNG_ARMS} | {"boundary_cost", "tokens"}
    arms = [a for a in STRATEGY_ARMS if judged is None or (a[0] in judged and a[0] not in rung_judged)]
    out: dict[str, pd.DataFrame] = {}
    say(f"recheck on seed {fresh_seed}: cooperative and no-trade hidden tables ({size.tables} each)")
    hidden_model: dict[str, Any] = dict(TABLE_MODEL)
    df = policy_study(
        players=P, policies=["no_trade", "cooperative"], games=size.tables, seed=fresh_seed, workers=ctx.workers,
        store=ctx.store_for("policies_hidden"), **hidden_model,
    )  # fmt: skip
    out["policies_hidden"] = policy_study_table(df)
    say(f"recheck: the cooperative tables' clock ({size.arm_tables}) and {len(arms)} table-policy arms")
    parts = [clock_rows(size.arm_tables, fresh_seed, P, ctx.workers, ctx.store_for("strategies"))]
    if arms:
        parts.append(strategy_study(
            "hidden", tables=size.arm_tables, seed=fresh_seed, players=P, workers=ctx.workers,
            store=ctx.store_for("strategies"), arms=arms, seat_seeds=fresh_seat_seeds(fresh_seed, P),
        ))  # fmt: skip
    out["strategies"] = pd.concat(parts, ignore_index=True)
    if judged is None or "halting" in judged and "halting" not in rung_judged:
        say(f"recheck: the halting-trade experiment ({size.tables} tables)")
        out["holdout"] = holdout_study(
            players=P, games=size.tables, seed=fresh_seed, workers=ctx.workers, store=ctx.store_for("holdout")
        )
    for rung in RUNGS:
        which = "an undecided one" if play_on is None else f"an undecided one of {', '.join(sorted(play_on)) or 'none'}"
        say(
            f"recheck: the strategy arms with {RUNG_LABELS[rung]} ({size.rung_tables} tables each, {which} "
            f"played on to at most {size.rung_max_tables:,}) and their token tables"
        )
        out[f"strategies_{rung}"] = rung_strategy_study(
            rung, tables=size.rung_tables, seed=fresh_seed, players=P, workers=ctx.workers,
            store=ctx.store_for("rungs"), seat_seeds=fresh_seat_seeds(fresh_seed, P),
            max_tables=size.rung_max_tables, say=say, play_on=play_on,
        )  # fmt: skip
    players, chains = LONG_DISTANCE_SEATS, []
    for policy in LONG_DISTANCE_RUNGS:
        say(
            f"recheck: {size.bargain_tables} tables of {RUNG_LABELS[policy]} at {players} players (long-distance trades)"
        )
        where = ctx.store_for(f"bargaining-{players}p-{policy}")
        df = _simulate_policy(Rules(players=players), policy, size.bargain_tables, fresh_seed, ctx.workers, store=where)
        part = long_table(table_rows(df, f"{policy}, {players} players"))
        chains.append(part.assign(model="hidden", players=players, policy=policy))
    out["bargaining"] = pd.concat(chains, ignore_index=True)
    hidden_first = min(size.hidden_ladder_units, 40 if size.ladder_min_units is None else size.ladder_min_units)
    hidden_cap = max(size.hidden_ladder_units, size.hidden_ladder_cap)
    for name, rungs, rules, units, first, clear in (
        ("ladder", LADDER, None, size.ladder_units, size.ladder_min_units, None),
        ("ladder_hidden", HIDDEN_LADDER, strategy_rules("hidden", P), hidden_cap, hidden_first,
         HIDDEN_LADDER_CLEAR_ALPHA),
    ):  # fmt: skip
        say(f"recheck: {name} ({' < '.join(rungs)})")
        part = StudyContext(ctx.game, name, seed=ctx.seed, workers=ctx.workers, store=ctx.store_for(name), progress=say)
        trace = ladder_study(
            part, rungs, players=P, max_units=units, min_units=first, rules=rules, seed=fresh_seed, clear_alpha=clear,
        ).table  # fmt: skip
        assert trace is not None
        out[name] = trace
    tuned = []
    for (rung, players), run in tuned_runs().items():
        if not run.get("candidates"):
            continue
        cards = int(run["candidates"][0]["cards_per_player"])
        say(
            f"recheck: {RUNG_LABELS[rung]}, {players} players at {cards} cards "
            f"({size.tuned_games} tables, seed {fresh_seed + 1})"
        )
        where = ctx.store_for(f"tuned-{players}p-{rung}")
        rules = Rules(players=players, cards_per_player=cards)
        lengths = _simulate_policy(rules, rung, size.tuned_games, fresh_seed + 1, ctx.workers, store=where)["len_mean"]
        m = mean_row("len_mean", lengths)
        tuned.append({"rung": rung, "players": players, "cards_per_player": cards, "len_mean": m["value"],
                      "len_mean_lo": m["lo"], "len_mean_hi": m["hi"], "len_mean_n": m["n"],
                      "target": tuned_target(run)})  # fmt: skip
    out["tuned"] = pd.DataFrame(tuned, columns=list(TUNED_COLUMNS))
    return out


def committed_claim_tables() -> dict[str, pd.DataFrame]:
    """The committed tables the verdicts read (a missing one is left out), with the tuner's best
    deals as ``tuned``."""
    out = {}
    for name in ("policies_hidden", "strategies", "holdout", "ladder", "ladder_hidden", *BARGAIN_TABLE_NAMES):
        try:
            out[name] = committed(name)
        except MissingDataError:
            continue
    runs = tuned_runs()
    if all(run.get("candidates") for run in runs.values()):
        out["tuned"] = tuned_table(runs)
    return out


def recheck_study(ctx: StudyContext, size: RecheckSize = RecheckSize()) -> StudyResult:
    """``negenlab study polymer recheck``: every statistical verdict re-measured on the next seed
    (:func:`recheck_tables`), each number computed from the fresh tables as the page computes it from
    the committed ones (:func:`claim_statistics`). Writes ``recheck.csv``, one row per number; each
    row carries the seed its games were dealt from (the deal-lengths rows the seed after: the tuner
    already confirmed its settings on the next seed). A rung arm plays on past its first look only where
    the committed arms decided the claim with both rungs (:func:`rung_claims_settled`)."""
    fresh_seed = ctx.seed + 1
    committed_tables = committed_claim_tables()
    judged = set(statistics_judged(claim_statistics(committed_tables)))
    settled = rung_claims_settled(committed_tables) & judged  # an arm whose seat never played differently: untested
    tables = recheck_tables(ctx, fresh_seed, judged, size, play_on=settled)
    stats = {k: s for k, s in claim_statistics(tables).items() if k in judged}
    rows = [
        r
        for cid, what in stats.items()
        for r in recheck_rows(cid, what, fresh_seed + 1 if cid == "deal_lengths" else fresh_seed, ctx.command)
    ]
    return StudyResult(
        pd.DataFrame(rows, columns=list(RECHECK.columns)),
        rules={"players": [8, *TUNED_PLAYERS], "hidden": TABLE_MODEL, "open": OPEN_MODEL},
        agents=sorted({*LADDER, *HIDDEN_LADDER, *(n for a in STRATEGY_ARMS for n in a[1:3]), "no_trade",
                       *RUNGS, *(f"{r}-{a[1]}" for r in RUNGS for a in RUNG_ARMS)}),
        extra={
            "fresh_seed": fresh_seed,
            "strategy_seat_seeds": fresh_seat_seeds(fresh_seed),
            "deal_lengths_seed": fresh_seed + 1,
            "tables": {"policies_hidden": size.tables, "holdout": size.tables, "strategy arm": size.arm_tables,
                       "clock": size.arm_tables, "rung arm and tokens": size.rung_tables,
                       "brokers' and lookahead players' tables": size.bargain_tables, "tuned setting": size.tuned_games},
            "ladder_max_units": size.ladder_units,
            "claims": sorted(stats),
            "rung_arms_played_on": sorted(settled),
        },
    )  # fmt: skip


STUDIES = {
    s.name: s
    for s in (
        Study(
            "deals",
            f"the deal table, 5..15 players: longest polymer of dealt hands and seat fairness ({STUDY_DEALS} deals per count)",
            deals_study,
            "under a minute",
            uses_backend=False,
        ),
        Study(
            "policies_5p",
            f"no_trade, selfish, cooperative, loans on {STUDY_TABLES} 5-player tables each (same deals)",
            lambda ctx: policies_study(ctx, 5),
            "about 11 min",
        ),
        Study(
            "policies_8p",
            f"no_trade, selfish, cooperative, loans on {STUDY_TABLES} 8-player tables each (same deals)",
            lambda ctx: policies_study(ctx, 8),
            "about 6 min",
        ),
        Study(
            "policies_hidden",
            f"the same policies and the bundler on {STUDY_TABLES} 8-player tables each at the game's defaults "
            "(hidden hands, up to 3 cards a side, the 10-minute clock): the earlier findings re-measured",
            lambda ctx: policies_study(ctx, 8, model=TABLE_MODEL),
            "about 10 min (587 s measured with --workers 1 on 2 shared cores)",
        ),
        Study(
            "holdout",
            f"the halting-trade experiment: {seat_name(0)} never trades, {STUDY_TABLES} 8-player tables",
            holdout_table_study,
            "about 6 min",
        ),
        Study(
            "pace",
            f"cooperative 5- and 8-player tables trading until they go quiet ({STUDY_TABLES} each)",
            pace_tables_study,
            "about 18 min",
        ),
        Study("ladder", "skill trace on 8-player tables: " + " < ".join(LADDER), ladder_study, "about 6 min"),
        Study(
            "ladder_hidden",
            "skill trace on 8-seat hidden-information tables under the 10-minute clock: " + " < ".join(HIDDEN_LADDER),
            hidden_ladder_study,
            "about 17 min with --workers 1 (1,041 s measured on 2 cores shared with three other runs; the lookahead's "
            "step and its 16 check tables most of it)",
            store=LADDER_HIDDEN_STORE,
        ),
        Study(
            "bargaining",
            f"trades, long-distance trades and polymer lengths per table at {', '.join(map(str, BARGAIN_SEATS))} "
            f"players: every seat {', '.join(BARGAIN_POLICIES)} at hidden tables under the 10-minute clock, against "
            f"the open model (cooperative), {BARGAIN_TABLES} tables each on the same deals",
            bargaining_study,
            "about 32 min with --workers 1 (the first three policies 735 s measured on 2 cores shared with three "
            "other runs; the lookahead's 300 tables 19 min, on 2 cores shared with one other run)",
            store=BARGAINING_STORE,
        ),
        *(
            Study(
                f"strategies_{rung}",
                f"the designer's strategy advice again with {rung} players ({', '.join(a[0] for a in RUNG_ARMS)}; "
                f"and tokens): one seat plays each strategy among {RUNG_LABELS[rung]} on 8-seat tables as played, "
                f"{RUNG_TABLES} tables per arm, an arm still undecided at {100 * (1 - RUNG_CLEAR_ALPHA):g}% played "
                f"on {RUNG_TABLES} at a time to at most {RUNG_MAX_TABLES:,} (sooner where its trend would leave it "
                "undecided there)",
                partial(rung_strategies_study, rung=rung),
                "about 12 min with --workers 1 for the first look (746 s with bargainers, 639 s with brokers, "
                "measured on 2 cores shared with three other runs); the play-on at most about 2 core-hours a rung "
                f"({len(RUNG_ARMS) + 1} x {RUNG_MAX_TABLES:,} tables at 0.3-0.4 CPU seconds each)",
                store=RUNG_STRATEGY_STORE.format(rung=rung),
            )
            for rung in RUNGS
        ),
        Study(
            "strategies",
            "the source's strategy advice (revealing, monopoly, halting, options, boundaries, second-degree "
            "neighbours, loans, tokens) as paired experiments on 8-seat tables "
            f"under the 10-minute clock, hidden and open information, {STRATEGY_TABLES} tables per arm",
            strategies_study,
            "about 19 min on one core",
        ),
        Study(
            "recheck",
            "every statistical verdict re-measured on the next seed with the same players and samples: the "
            "cooperative and no-trade hidden tables and their clock, the table-policy arms still judged from them, "
            "both rung strategy studies with their token tables, the brokers' and lookahead players' tables of the "
            "long-distance verdict, both skill ladders, and the tuner's best deals at 5 and 15 players",
            recheck_study,
            "about 75 min with --workers 1 (the sum of its parts as measured on 2 cores shared with three other runs: "
            "the two rung strategy studies about 22 min each, the hidden ladder 17 min)",
            store=RECHECK_STORE,
        ),
    )
}


# (what, committed table, the row's key, its (value, lo, hi, n) columns)
CHECKS: list[tuple[str, str, dict[str, Any], tuple[str, str, str, str]]] = [
    (
        "deal, 8 players: mean longest polymer",
        "deals",
        {"players": 8},
        ("mean_length", "length_lo", "length_hi", "seats"),
    ),
    *(
        (
            f"cooperative, 8 players: {what}",
            "policies_8p",
            {"policy": "cooperative"},
            (v, f"{p}_lo", f"{p}_hi", "games"),
        )
        for what, v, p in (
            ("length gain per seat", "length_gain", "gain"),
            ("score gain per seat", "score_gain", "score_gain"),
            ("phase boundaries per table", "boundaries", "boundaries"),
        )
    ),
    *(
        (
            f"{seat_name(0)} halts trading: length change at distance {k}",
            "holdout",
            {"metric": "length change", "group": f"distance {k}"},
            ("value", "lo", "hi", "n"),
        )
        for k in (0, 1)
    ),
]


def _pick(table: pd.DataFrame, key: dict[str, Any], what: str) -> pd.Series:
    mask = np.ones(len(table), dtype=bool)
    for column, value in key.items():
        mask &= (table[column] == value).to_numpy()
    if not mask.any():
        raise InvalidInputError(f"{what}: no row with {key} in the table")
    return table[mask].iloc[0]


def check_tables(committed: dict[str, pd.DataFrame], fresh: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per quantity of :data:`CHECKS` whose table is in both: the committed value and
    interval beside the fresh one (``core.studies.check_row``: no claim decides these numbers, so the
    row says only how far apart the samples lie).

    >>> old = pd.DataFrame({"players": [8], "mean_length": [2.4], "length_lo": [2.3], "length_hi": [2.5], "seats": [8000]})
    >>> new = old.assign(mean_length=[2.9], length_lo=[2.8], length_hi=[3.0], seats=[1600])
    >>> check_tables({"deals": old}, {"deals": new})[["what", "within_noise"]].to_dict("records")
    [{'what': 'deal, 8 players: mean longest polymer', 'within_noise': False}]
    """
    rows = []
    for what, name, key, (value, lo, hi, n) in CHECKS:
        if name in committed and name in fresh:
            c, f = _pick(committed[name], key, what), _pick(fresh[name], key, what)
            old = {"value": c[value], "lo": c[lo], "hi": c[hi], "n": c[n]}
            rows.append(check_row(what, old, (float(f[value]), float(f[lo]), float(f[hi]), int(f[n]))))
    return pd.DataFrame(rows)


def fresh_check(ctx: StudyContext) -> pd.DataFrame:
    """A fresh sample (the next seed) of committed Polymer numbers: 200 deals, 100 cooperative and 100 halted 8-player tables."""
    seed = ctx.seed + 1
    fresh = {
        "deals": deal_table(deal_lengths(players=[8], deals=200, seed=seed)),
        "policies_8p": policy_study_table(
            policy_study(players=8, policies=["cooperative"], games=100, seed=seed, workers=ctx.workers)
        ),
        "holdout": holdout_study(players=8, games=100, seed=seed, workers=ctx.workers),
    }
    return check_tables({name: committed_table("polymer", name, TABLES[name]) for name in fresh}, fresh)


SECONDS_PER_ACTION = 30  # an assumption for the time estimate: one proposal, answer or repayment


VARIANT_CLAIMS = (
    VariantClaim(
        register("polymer")["duration"],
        values=game_minutes,
        how="minutes from the shuffle to the scores: trading on the table clock (Rules.seconds_*, stopped at "
        "Rules.minutes), plus our assumed 60 s to shuffle, 1 s a card dealt and 120 s to score",
        fields=(
            "players",
            "cards_per_player",
            "minutes",
            "trade_budget",
            "max_cards",
            "seconds_look",
            "seconds_propose",
            "seconds_answer",
            "seconds_repay",
            "seconds_pass",
            "seconds_joker",
        ),
        strengths=RUNGS,
    ),
    VariantClaim(
        register("polymer")["deal_lengths"],
        "len_mean",
        how="the mean longest polymer at the end of each game under the Rules set here; the claim's target (10.1 "
        "cards, the 8-player length) was measured under open hands, one card a trade and 4 proposal turns: set "
        "information=open, max_cards=1, minutes=none and trade_budget=4 to compare like with like",
        fields=("players", "cards_per_player", "jokers", "handicap", "information", "max_cards", "trade_budget"),
        strengths=RUNGS,
    ),
)
"""The claims ``negenlab polymer variant`` judges: a whole game's minutes (:func:`game_minutes`: the
table clock's trading time plus the shuffle, the deal and the scoring, all on our assumed seconds), as
the page reads "takes about 15 minutes", and the mean longest polymer at the end (the 8-player
length +- 1 card)."""
