"""The Polymer page of ``negenlab report``.

The verdict lines first: one per claim of the register ``data/polymer/claims.csv``, each measured
by one function of :data:`CLAIMS` from the committed tables (the numbers themselves come from
:func:`negenlab.polymer.study.claim_statistics`, which the re-measurement on a fresh seed,
``negenlab study polymer recheck``, shares). Then the committed studies (``negenlab study polymer
...``, tables in ``data/polymer``): the deal table and its seats, the trading policies on the same
deals, the skill traces, how long a table trades, a player who halts trading, the strategy advice at
a hidden-information table and phase boundaries; then the exact solver and a small fresh sample of
the cosmic-ray and handicap variants. A missing committed table is said with a warning and its
section shows a small live run (its claims are then untested). The page takes seconds; ``--games
N`` sizes the fresh sample (and the live runs that replace missing tables).

>>> [f.verdict for f in verdicts(tables={}, recheck=pd.DataFrame())][:3]
['untested', 'untested', 'untested']
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from negenlab.core.claims import (
    ClaimBook,
    Evidence,
    Exact,
    Measure,
    Steps,
    Untested,
    family_sentence,
    judged_family,
    recheck_rows,
    statistic_text,
)
from negenlab.core.data import MissingDataError, data_json, tuning_run
from negenlab.core.errors import InvalidInputError
from negenlab.core.findings import Finding
from negenlab.core.game import seat_name
from negenlab.core.ladder import describe_steps
from negenlab.core.metrics import p_text, rate_text, value_text
from negenlab.core.studies import StudyContext, committed_table
from negenlab.core.summary_table import wide
from negenlab.report.page import VerdictLines
from negenlab.report.studies import command_of, made_by, missing_warning, skill_section

from . import ENTRY
from .agents import POLICIES
from .cards import Card, random_hand
from .game import is_boundary
from .plot import (
    plot_bargaining,
    plot_clock_sensitivity,
    plot_holdout,
    plot_length_by_players,
    plot_length_histogram,
    plot_policy_differences,
    plot_rung_strategies,
    plot_strategies,
)
from .rules import OPEN_MODEL, Rules
from .solver import longest_polymer, solve
from .study import (
    DEAL_SECONDS_PER_CARD,
    HALTING_HIDDEN,
    HALTING_OPEN,
    HIDDEN_LADDER,
    HIDDEN_LADDER_CLEAR_ALPHA,
    HIDDEN_LADDER_MAX_UNITS,
    HIDDEN_LADDER_UNITS,
    LADDER,
    LONG_DISTANCE_RUNGS,
    LONG_DISTANCE_SEATS,
    RUNG_ARMS,
    RUNG_CLEAR_ALPHA,
    RUNG_LABELS,
    RUNG_MAX_TABLES,
    RUNG_TABLES,
    RUNG_TOKENS,
    RUNGS,
    SCORING_SECONDS,
    SECONDS_PER_ACTION,
    SHUFFLE_SECONDS,
    STRATEGY_ARMS,
    STRATEGY_SETUP_MINUTES,
    STRATEGY_SETUP_RANGE,
    TABLES,
    TUNED_NEEDS,
    TUNED_PLAYERS,
    arm_metric,
    claim_statistics,
    committed_claim_tables,
    deals_study,
    handicap_study,
    holdout_table_study,
    ladder_study,
    never_differed,
    pace_tables_study,
    play_table,
    policies_study,
    policy_agents,
    policy_differences,
    policy_study,
    policy_summary,
    rung_arm,
    strategy_row,
    tuned_file,
    tuned_runs,
    tuned_target,
)
from .svg import polymer_svg, table_svg
from .validity import explain, is_polymer

TITLE = "Polymer"

SOURCE_EXAMPLES = [
    ("2S 3S 4S 5S", True),
    ("6S 6H 6D 6C", True),
    ("KS AS 2S 3S", True),
    ("4S 5S 6S 6H 6D", True),
    ("6S 5S 4S 5S 6S", True),
    ("7S 7H 7D 7S", True),
    ("8S 8D 8C 8S 8D", True),
    ("KS QS JS JH JD QD KD", True),
    ("7S 7D 7S", False),
    ("7S 7H 7S 7D", False),
    ("KS QS JS JD QD KD", False),
]

DEALS = "Is the deal table fair?"
TRADING = "Does trading pay? The policies on the same deals"
SKILL = "Skill trace: does the better trader win?"
PACE = "How long does trading take?"
HOLDOUT = "A player who halts trading"
BOUNDARIES = "Phase boundaries"
SOLVER = "Polymer validity and the exact solver"
FRESH = "A fresh sample: cosmic rays and handicaps"
STRATEGIES = "The source's strategy advice at a hidden-information table"
BARGAINING = "Players who bargain: the table as played"
SKILL_HIDDEN = "Skill trace at a hidden-information table"
STUDY_NAMES = ("deals", "policies_5p", "policies_8p", "ladder", "pace", "holdout")
OPTIONAL_TABLES = (
    "policies_hidden",
    "strategies",
    "ladder_hidden",
    "bargaining",
    "strategies_bargainer",
    "strategies_broker",
)
"""The committed tables of the table as played, shown when present."""
TIMER_MINUTES = 10  # the trading time the rules allot
LIVE_TABLES = 30  # tables per setting of a live run that replaces a missing committed table
STRATEGIES_COMMAND = "negenlab study polymer strategies --seed 2024"
POLICIES_HIDDEN_COMMAND = "negenlab study polymer policies_hidden --seed 2024"
RECHECK_COMMAND = "negenlab study polymer recheck --seed 2024"


def build(page, options) -> None:
    """Verdicts first (from the committed tables alone), then the sections; a missing committed table
    is replaced in its section by a small live run."""
    tables, missing = load_studies(options)
    for name in OPTIONAL_TABLES:
        table = load_optional(name)
        if table is not None:
            tables[name] = table
    found = verdicts()
    page.verdicts(found, family_sentence(judged_family(found)), ENTRY.players)
    _deals_section(page, tables["deals"], missing)
    _trading_section(page, tables, missing)
    _skill_section(page, tables["ladder"], missing)
    _pace_section(page, tables["pace"], tables.get("strategies"), missing)
    _holdout_section(page, tables["holdout"], missing)
    if "strategies" in tables:
        _strategies_section(page, tables["strategies"])
    if "ladder_hidden" in tables:
        _hidden_skill_section(page, tables["ladder_hidden"], tables.get("bargaining"))
    if any(name in tables for name in ("bargaining", *(f"strategies_{r}" for r in RUNGS))):
        _bargaining_section(page, tables)
    _boundaries_section(page, tables, options.seed)
    extra = _solver_section(page, options.seed)
    _fresh_section(page, options)
    page.provenance(
        rules=Rules(players=8),
        earlier_model=OPEN_MODEL,
        agents=[policy_agents(p, 1)[0] for p in POLICIES],
        seed=options.seed,
        command=options.command("polymer"),
        committed_tables={name: command_of(t, "live run") for name, t in tables.items()},
        seconds_per_action_assumed=SECONDS_PER_ACTION,
        game_minutes_assumed={
            "shuffle_seconds": SHUFFLE_SECONDS,
            "deal_seconds_per_card": DEAL_SECONDS_PER_CARD,
            "scoring_seconds": SCORING_SECONDS,
        },
        **extra,
    )


def load_studies(options) -> tuple[dict[str, pd.DataFrame], list[str]]:
    """The committed Polymer study tables by name (sidecar in ``attrs["negenlab"]``), and the
    names that were missing, each replaced by :func:`live_study`. A damaged table raises a TableError."""
    tables, missing = {}, []
    for name in STUDY_NAMES:
        try:
            tables[name] = committed_table("polymer", name, TABLES[name])
        except MissingDataError:
            tables[name] = live_study(name, options)
            missing.append(name)
    return tables, missing


def live_study(name: str, options) -> pd.DataFrame:
    """A small live run of the study ``name`` (``options.games`` tables per setting, default
    :data:`LIVE_TABLES`; ladder steps capped at 5 units), for a page whose committed table is missing."""
    n = options.games or LIVE_TABLES
    ctx = StudyContext("polymer", name, seed=options.seed, workers=options.workers, progress=lambda line: None)
    runs = {
        "deals": lambda: deals_study(ctx, deals=10 * n),
        "policies_5p": lambda: policies_study(ctx, 5, games=n),
        "policies_8p": lambda: policies_study(ctx, 8, games=n),
        "holdout": lambda: holdout_table_study(ctx, games=n),
        "pace": lambda: pace_tables_study(ctx, games=max(n // 3, 5)),
        "ladder": lambda: ladder_study(ctx, max_units=5, min_units=5),
    }
    if name not in runs:
        raise InvalidInputError(f"Polymer has no study {name!r}; expected one of {', '.join(runs)}")
    table = runs[name]().table
    if table is None:  # a study that writes its own tables has nothing to show live
        raise InvalidInputError(f"Polymer study {name!r} returns no table to show")
    table.attrs["negenlab"] = {"command": options.command("polymer"), "seed": options.seed, "live": True}
    return table


def load_optional(name: str) -> pd.DataFrame | None:
    """A committed study table of the hidden-information model (``negenlab study polymer <name>``),
    or None before it is run."""
    try:
        return committed_table("polymer", name, TABLES[name])
    except MissingDataError:
        return None


def _warn_missing(page, name: str, missing: list[str]) -> None:
    if name in missing:
        missing_warning(page, "polymer", name, ": this section shows a small live run instead")


def _solver_section(page, seed: int) -> dict:
    page.heading(SOLVER)
    rows = [
        {
            "example": t,
            "source says": "valid" if v else "invalid",
            "is_polymer": is_polymer(t),
            "agrees": is_polymer(t) == v,
        }
        for t, v in SOURCE_EXAMPLES
    ]
    page.table(pd.DataFrame(rows), caption="The source's 11 examples (rules page, precise form)")
    hand = "KD QS JD KS JS QD JH 2C 9H"
    r = solve(hand)
    page.text(f"Example hand {hand}: {r}.")
    page.raw_html(polymer_svg(explain(r.cards), hand=r.hand))
    page.raw_html(polymer_svg(explain("KS QS JS JD QD KD")))
    rng = np.random.default_rng(seed)
    hands = [random_hand(rng, 20) for _ in range(2000)]
    longest_polymer(hands[0])
    t0 = time.perf_counter()
    lengths = [len(longest_polymer(h)) for h in hands]
    rate = len(hands) / (time.perf_counter() - t0)
    adv = []
    for name, h in {
        "5 ranks x 4 suits (20 cards)": [Card(r, s) for r in range(3, 8) for s in "SHDC"],
        "6 ranks x 4 suits (24 cards)": [Card(r, s) for r in range(3, 9) for s in "SHDC"],
        "3 ranks x 4 suits x 2 copies (24 cards)": [Card(r, s) for r in range(5, 8) for s in "SHDC" for _ in range(2)],
    }.items():
        res = solve(h)
        adv.append({"hand": name, "longest": res.length, "seconds": res.seconds, "search nodes": res.nodes})
    page.text(
        f"Speed measured while building this page: {rate:,.0f} random 20-card hands per second "
        f"(longest_polymer, one core; mean length {np.mean(lengths):.2f}). Adversarial hands:"
    )
    page.table(pd.DataFrame(adv), float_format="{:.4f}")
    page.note(
        "Exactness: the solver is a depth-first search over orderings with memoised states "
        "(cards used, last two cards, whether the last window was invalid) and a reachability bound; "
        "the argument is in negenlab.polymer.solver's docstring. Tests compare it with an exhaustive "
        "brute force on thousands of hands up to 10 cards; benchmarks/bench_polymer.py compares it with CP-SAT."
    )
    return {"solver_rate_hands_per_s": round(rate)}


def _strategies_section(page, table: pd.DataFrame) -> None:
    page.heading(STRATEGIES)
    page.text(
        "Each claim is a paired experiment on 8-seat tables under the 10-minute clock: one seat plays the "
        "strategy while the other seven play their policy, against the same deals with every seat playing that "
        "policy; the strategy takes every seat in turn. At a hidden-information table a seat sees its own hand "
        "and the public record and asks for card types; at an open table the same strategies see every hand. "
        "The change is the strategy seat's score (for halting: its two neighbours' mean score). The verdicts "
        "read the hidden tables, the game as played; the open tables show how much of a result the hidden hands make."
    )
    fig, ax = plt.subplots(figsize=(8, 3.2))
    plot_strategies(table, ax=ax)
    page.figure(fig, caption="Paired score change per strategy, hidden and open information (95% intervals)")
    if table["group"].fillna("").str.startswith("time model x").any():
        fig, axes = plt.subplots(1, 2, figsize=(8, 3))
        plot_clock_sensitivity(table, axes=axes)
        page.figure(
            fig,
            caption="Cooperative hidden tables with every action's seconds halved, as set, and doubled: "
            "the clock's constants decide how much trading the 10 minutes hold (95% intervals)",
        )
    page.table(table, caption=made_by(table, "polymer"), folded="Strategy table")


def _deals_section(page, deals: pd.DataFrame, missing: list[str]) -> None:
    page.heading(DEALS)
    _warn_missing(page, "deals", missing)
    page.text(
        "Every seat of random deals for 5 to 15 players, before any trade: the longest polymer of the dealt "
        "hand (the deal table sets the hand size). Seats of one deal share a shoe, so the intervals of the "
        "means treat slightly dependent seats as independent. The seat test asks whether the seat positions "
        "have the same mean length, with the deals as blocks."
    )
    page.text(deal_text(deals))
    try:
        hist = committed_table("polymer", "deal_length_histogram", TABLES["deal_length_histogram"]).set_index("players")
    except MissingDataError:
        hist = None
    fig, axes = plt.subplots(1, 2 if hist is not None else 1, figsize=(11 if hist is not None else 6, 3.4))
    ax0 = axes[0] if hist is not None else axes
    plot_length_by_players(deals, ax=ax0)
    if hist is not None:
        plot_length_histogram(hist, ax=axes[1])
    page.figure(
        fig,
        caption="Mean longest polymer of a dealt hand by player count (95% intervals; band: the range "
        "of the seat positions' means), and its distribution for four counts",
    )
    page.table(
        deals, caption=made_by(deals, "polymer"), folded="Deal table: lengths and seat fairness per player count"
    )


def deal_text(deals: pd.DataFrame) -> str:
    """The deal table in words: how far apart the player counts' dealt lengths lie, and how far apart
    the hands of one deal.

    >>> deals = pd.DataFrame({"players": [5, 15], "hand_size": [20, 6], "seats": [50, 150],
    ...     "mean_length": [5.2, 0.25], "length_lo": [5.1, 0.2], "length_hi": [5.3, 0.3], "no_polymer": [0.02, 0.9],
    ...     "no_polymer_lo": [0.01, 0.85], "no_polymer_hi": [0.03, 0.95], "deals": [10, 10], "seat_min": [5.1, 0.2],
    ...     "seat_max": [5.3, 0.3], "seat_p": [0.4, 0.6], "table_gap": [4.5, 2.1], "table_gap_lo": [4.4, 2.0],
    ...     "table_gap_hi": [4.6, 2.2]})
    >>> deal_text(deals).split(":")[0]
    'Dealt hands are far from equal across player counts'
    """
    rows = deals.sort_values("players").to_dict("records")
    small, large = rows[0], rows[-1]
    mid = next((r for r in rows if r["players"] == 8), rows[len(rows) // 2])
    return (
        f"Dealt hands are far from equal across player counts: the longest polymer of a dealt hand averages "
        f"{value_text(small['mean_length'], small['length_lo'], small['length_hi'])} cards with "
        f"{int(small['players'])} players ({int(small['hand_size'])} cards each, n={int(small['seats'])} hands) and "
        f"{value_text(large['mean_length'], large['length_lo'], large['length_hi'])} with {int(large['players'])} "
        f"({int(large['hand_size'])} cards, n={int(large['seats'])}); {_pct(large, 'no_polymer')} of "
        f"{int(large['players'])}-player hands hold no polymer, against {_pct(small, 'no_polymer')} with "
        f"{int(small['players'])}. The luck of one deal is larger than any seat's: at {int(mid['players'])} players "
        f"its longest and shortest hands differ by {value_text(mid['table_gap'], mid['table_gap_lo'], mid['table_gap_hi'])} "
        "cards."
    )


def _trading_section(page, tables: dict[str, pd.DataFrame], missing: list[str]) -> None:
    page.heading(TRADING)
    for name in ("policies_8p", "policies_5p"):
        _warn_missing(page, name, missing)
    pols = [tables["policies_8p"], tables["policies_5p"]]
    hidden = tables.get("policies_hidden")
    page.text(
        "Each policy plays every seat of the same deals (game i has the same deal under every policy), so "
        "the differences are paired per table. The 5- and 8-player tables ran the earlier model: a swap or loan "
        f"moves one card, agents see every hand and each player has {OPEN_MODEL['trade_budget']} proposal turns "
        f"in place of the 10-minute timer; they may trade up to {Rules().chain_length} seats away through chains."
        + (
            " The rows marked 'hidden' play the same policies (and the bundler, which swaps two cards for two) at "
            "the game's defaults: each seat sees its own hand and the public record, asks for card types, and "
            "trading stops at 10 minutes of table time."
            if hidden is not None
            else ""
        )
        + " See negenlab.polymer.agents for the policies."
    )
    page.text(trading_text(tables["policies_8p"], tables["policies_5p"], hidden))
    models = [(t, "open, ") for t in pols] + ([(hidden, "hidden, ")] if hidden is not None else [])
    fig, axes = plt.subplots(2, 2, figsize=(13, 7.6 if hidden is not None else 6.4))
    for row, (metric, unit) in enumerate((("score", "mean seat score"), ("length", "mean longest polymer (cards)"))):
        rows = pd.concat(
            [policy_differences(t, metric).assign(label=lambda r, p=prefix: p + r["label"]) for t, prefix in models],
            ignore_index=True,
        )
        gain = rows["label"].str.endswith("- no_trade")
        plot_policy_differences(rows[gain], ax=axes[row, 0], xlabel=f"against no trade: {unit}")
        if (~gain).any():
            plot_policy_differences(rows[~gain], ax=axes[row, 1], xlabel=f"against the policy before: {unit}")
        else:
            axes[row, 1].axis("off")
    fig.tight_layout()
    page.figure(
        fig,
        caption="Paired differences between policies on the same deals, per table, with 95% intervals: each "
        "trading policy against no trade (left), and each policy against the one before it (right)",
    )
    coop = _by(tables["policies_8p"], "policy", "cooperative")
    page.text(
        f"{seat_name(0).capitalize()} proposes first. At cooperative 8-player tables it wins {_pct(coop, 'seat0_wins')} of the games "
        f"(n={int(coop['games'])}; a fair share is {1 / 8:.3f}); a tiebreak decides {_pct(coop, 'tiebreak_needed', 'tiebreak')} of them."
    )
    for t, players in zip(pols, (8, 5), strict=True):
        page.table(t, caption=made_by(t, "polymer"), folded=f"Policies at {players}-player tables")
    if hidden is not None:
        page.table(hidden, caption=made_by(hidden, "polymer"), folded="Policies at 8-player hidden tables")


def trading_text(p8: pd.DataFrame, p5: pd.DataFrame, hidden: pd.DataFrame | None = None) -> str:
    """What trading gains at open tables (8 and 5 players) and, when given, at hidden tables under
    the clock: trades per table and the steps between policies, on the same deals."""
    c8, c5 = _by(p8, "policy", "cooperative"), _by(p5, "policy", "cooperative")

    def gain(c) -> str:
        return (
            f"{value_text(c['score_gain'], c['score_gain_lo'], c['score_gain_hi'], digits=1)} points and "
            f"{value_text(c['length_gain'], c['gain_lo'], c['gain_hi'])} cards"
        )

    def step(table: pd.DataFrame, policy: str) -> str:
        r = _by(table, "policy", policy)
        return f"{value_text(r['score_diff'], r['score_diff_lo'], r['score_diff_hi'], digits=1)} points"

    text = (
        f"At open tables cooperative trading raises each seat's mean score and longest polymer by {gain(c8)} at 8 "
        f"players (n={int(c8['games'])} tables) and by {gain(c5)} at 5 (n={int(c5['games'])}). Cooperative against "
        f"selfish on the same deals: {step(p8, 'cooperative')}; loans against cooperative: {step(p8, 'loans')} (8 players)."
    )
    if hidden is not None:
        ch = _by(hidden, "policy", "cooperative")
        text += (
            f" At hidden tables under the clock the same deals gain {gain(ch)} (n={int(ch['games'])}), with "
            f"{float(ch['trades_per_game']):.1f} trades a table against {float(c8['trades_per_game']):.1f} at open "
            f"tables; cooperative against selfish: {step(hidden, 'cooperative')} (they play the same games there); "
            f"loans (the borrower) against cooperative: {step(hidden, 'loans')}."
        )
    return text


def _skill_section(page, trace: pd.DataFrame, missing: list[str]) -> None:
    page.heading(SKILL)
    _warn_missing(page, "ladder", missing)
    players = int(trace["players"].iloc[0]) if "players" in trace else 8
    skill_section(
        page,
        trace,
        "polymer",
        f"Each rung sits in one seat of a {players}-player table against the rung below in all the others, "
        "seats rotated on common deals (a unit is one game per seat). Its score is its share of wins; the "
        f"fair share is 1/{players}. Each step is decided by an SPRT (H0: the fair share, H1: 0.05 more, "
        "alpha = beta = 0.05, from 100 units) or stopped at the unit cap. MCTS is left out: with several "
        "hundred legal trades per turn a few dozen simulations search almost nothing, and an SPRT-sized "
        "step of 8-seat games with a searching seat takes far longer than the other rungs. " + skill_text(trace),
        f"Polymer skill trace, {players} players",
    )


def skill_text(trace: pd.DataFrame) -> str:
    """A skill trace in words, naming the rungs that played every game exactly as the rung below.

    >>> t = pd.DataFrame({"rung": ["b"], "below": ["a"], "score": [0.125], "lo": [0.125], "hi": [0.125],
    ...                   "fair": [0.125], "units": [100], "decision": ["H0"], "capped": [False]})
    >>> skill_text(t).endswith("b played every game exactly as a: every unit at the fair share.")
    True
    """
    same = [
        f"{r['rung']} played every game exactly as {r['below']}: every unit at the fair share"
        for r in trace.to_dict("records")
        if r["lo"] == r["hi"] == r["fair"]
    ]
    return f"{describe_steps(trace)}" + (f"; {'; '.join(same)}." if same else ".")


def pace_minutes(pace: pd.DataFrame, seconds: float = SECONDS_PER_ACTION) -> pd.DataFrame:
    """The pace table with the trading time at ``seconds`` per action (players act in parallel, so
    a table's time is one player's actions), and the seconds per action at which trading would
    fill the rules' 10 minutes.

    >>> p = pd.DataFrame({"players": [8], "actions_per_player": [10.0], "actions_lo": [9.0], "actions_hi": [11.0]})
    >>> pace_minutes(p)[["minutes", "minutes_lo", "seconds_to_fill_timer"]].to_dict("records")
    [{'minutes': 5.0, 'minutes_lo': 4.5, 'seconds_to_fill_timer': 60.0}]
    """
    out = pace.copy()
    for col, src in (("minutes", "actions_per_player"), ("minutes_lo", "actions_lo"), ("minutes_hi", "actions_hi")):
        out[col] = out[src] * seconds / 60
    out["seconds_to_fill_timer"] = TIMER_MINUTES * 60 / out["actions_per_player"]
    return out


def pace_text(pace: pd.DataFrame, strategies: pd.DataFrame | None = None) -> str:
    """How long a table trades when nobody stops it (the earlier model, our seconds per action), and
    what differs from the duration verdict's number (the table as played, on the table clock).

    >>> p = pd.DataFrame({"players": [8], "tables": [500], "actions_per_player": [10.0], "actions_lo": [9.0],
    ...                   "actions_hi": [11.0], "quiet": [1.0], "quiet_lo": [0.99], "quiet_hi": [1.0]})
    >>> pace_text(p)[:64]
    'Left without a timer under the earlier model (open hands, one ca'
    """
    rows = pace_minutes(pace).sort_values("players").to_dict("records")
    big = rows[-1]
    others = [
        f"{value_text(r['minutes'], r['minutes_lo'], r['minutes_hi'], digits=1)} with {int(r['players'])} players"
        for r in rows[:-1]
    ]
    text = (
        f"Left without a timer under the earlier model (open hands, one card a trade), a cooperative "
        f"{int(big['players'])}-player table goes quiet after "
        f"{value_text(big['actions_per_player'], big['actions_lo'], big['actions_hi'], digits=1)} actions per player "
        f"(n={int(big['tables'])} tables, {_pct(big, 'quiet')} went quiet): at an assumed {SECONDS_PER_ACTION} s per "
        f"action that is {value_text(big['minutes'], big['minutes_lo'], big['minutes_hi'], digits=1)} minutes of trading"
        + (f" ({'; '.join(others)})" if others else "")
        + f", and trading would fill the rules' {TIMER_MINUTES} minutes only at about "
        f"{big['seconds_to_fill_timer']:.0f} s per action."
    )
    if strategies is not None:
        m = strategies[
            (strategies["information"] == "hidden")
            & (strategies["metric"] == "trading minutes")
            & (strategies["group"] == "baseline cooperative")
        ]
        if not m.empty:
            r = m.iloc[0]
            text += (
                f" That is not the game's trading time: at the table as played (hidden hands, up to 3 cards a side, "
                f"the table clock's own seconds per action) cooperative tables trade "
                f"{value_text(r['value'], r['lo'], r['hi'], digits=1)} minutes (n={int(r['n'])}), until the timer "
                "stops them; the duration verdict reads that number (the rules, players and seconds differ)."
            )
    return text


def _pace_section(page, pace: pd.DataFrame, strategies: pd.DataFrame | None, missing: list[str]) -> None:
    page.heading(PACE)
    _warn_missing(page, "pace", missing)
    page.text(
        "The earlier model has no clock: each player gets proposal turns. To see how much trading a table wants, "
        "cooperative tables get far more turns than they use and trade until a full round passes. An action is "
        "every decision but a pass: a proposal, an answer (each link of a chain answers), a loan call or a "
        "repayment. Players trade in parallel, so a table's trading time is about one player's actions times "
        f"the time an action takes; {SECONDS_PER_ACTION} s is an assumption, not a measurement, and the last "
        "column gives the time per action at which trading would fill the rules' 10 minutes. The gain over the "
        f"timed table compares the same deals played with {OPEN_MODEL['trade_budget']} turns each."
    )
    page.text(pace_text(pace, strategies))
    page.table(pace_minutes(pace), caption=made_by(pace, "polymer"), folded="Trading until the table goes quiet")


def _holdout_section(page, holdout: pd.DataFrame, missing: list[str]) -> None:
    page.heading(HOLDOUT)
    _warn_missing(page, "holdout", missing)
    page.text(
        f"{seat_name(0).capitalize()} rejects every proposal and proposes nothing while the other seven trade cooperatively; the same "
        "deals are played with everybody cooperative (the earlier model: open hands, one card a trade, 4 proposal "
        "turns). Changes are paired per table (halted minus trading), by distance from that seat (distance 1: "
        "both neighbours, averaged). " + holdout_text(holdout)
    )
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.4))
    plot_holdout(holdout, ax=axes[0], metric="length change")
    plot_holdout(holdout, ax=axes[1], metric="score change")
    page.figure(
        fig,
        caption="Change in longest polymer and in score when seat 1 (first) halts trading, by distance (95% intervals)",
    )
    page.table(holdout, caption=made_by(holdout, "polymer"), folded="Halting-trade table")


def _delta(row: dict[str, Any], unit: str, digits: int = 2) -> str:
    """``loses 3.10 [2.90, 3.30] cards``, ``gains ...``, or ``changes by ... (the interval holds 0)``."""
    v, lo, hi = float(row["value"]), float(row["lo"]), float(row["hi"])
    if hi < 0:
        return f"loses {value_text(-v, -hi, -lo, digits=digits)} {unit}"
    if lo > 0:
        return f"gains {value_text(v, lo, hi, digits=digits)} {unit}"
    return f"changes by {value_text(v, lo, hi, digits=digits)} {unit} (the interval holds 0)"


def holdout_text(holdout: pd.DataFrame) -> str:
    """The halting-trade experiment in words: the halting seat, its neighbours and the seats two away."""
    own, nb, far = (_long(holdout, "length change", f"distance {k}") for k in (0, 1, 2))
    nb_score = _long(holdout, "score change", "distance 1")
    return (
        f"A player who refuses every trade {_delta(own, 'cards')} of polymer against the same deal traded; "
        f"each neighbour {_delta(nb, 'cards')} ({_delta(nb_score, 'points', 1)} of score), and each seat two away "
        f"{_delta(far, 'cards')} (n={int(own['n'])} tables of 8)."
    )


def _hidden_skill_section(page, trace: pd.DataFrame, bargaining: pd.DataFrame | None = None) -> None:
    page.heading(SKILL_HIDDEN)
    skill_section(
        page,
        trace,
        "polymer",
        "The same skill trace at 8-seat hidden-information tables under the 10-minute clock, with players that "
        "see only their own seat: " + " < ".join(trace["below"].iloc[:1].tolist() + trace["rung"].tolist()) + ". "
        "The cooperative table policy asks its neighbours for the card types it wants; the bargainer keeps a "
        "belief over the hidden hands and values trades exactly by the score rule; the broker also trades through "
        "the chain of neighbours and makes counter-offers; the lookahead plays the broker's best offers forward "
        "on deals drawn from its belief, a round of every seat's turns, and makes the one that ends best. "
        + skill_text(trace)
        + flattening_text(trace, bargaining),
        "Polymer skill trace at a hidden-information table, 8 players",
    )


def _marginal(step: dict[str, Any]) -> bool:
    """Whether a step its SPRT decided stronger was played on (``sprt_units``) to an interval whose lower
    end falls below the line halfway between the fair share and the edge that counts.

    >>> _marginal({"decision": "H1", "sprt_units": 40, "units": 80, "lo": 0.139, "h0": 0.125, "h1": 0.175})
    True
    """
    sprt = step.get("sprt_units")
    if step["decision"] != "H1" or sprt is None or pd.isna(sprt) or int(sprt) >= int(step["units"]):
        return False
    return float(step["lo"]) < (float(step["h0"]) + float(step["h1"])) / 2


def flattening_text(trace: pd.DataFrame, bargaining: pd.DataFrame | None = None) -> str:
    """Where the hidden ladder flattens (a step not decided stronger), and what the bargaining study shows
    of those two players at full tables: the paired change in mean length and score of a table of the
    upper rung over a table of the lower one.

    >>> t = pd.DataFrame({"rung": ["broker"], "below": ["bargainer"], "decision": ["H0"]})
    >>> b = pd.DataFrame({"model": ["hidden"], "players": [8], "policy": ["broker"], "metric": ["length change"],
    ...                   "value": [0.8], "lo": [0.6], "hi": [1.0], "n": [200]})
    >>> flattening_text(t, b)
    ' It flattens at broker over bargainer: a table of brokers ends 0.80 [0.60, 1.00] cards longer a seat than the same deals played by bargainers (n=200), yet a lone broker among bargainers does not win clearly more than its share (by the five points that count): what it adds lengthens the table more than its lead.'
    """
    flat = [r for r in trace.to_dict("records") if r["decision"] != "H1" or _marginal(r)]
    if not flat:
        return ""
    agreement = trace.attrs.get("negenlab", {}).get("lookahead_same_offer", {})
    parts = []
    for r in flat:
        text = f"{r['rung']} over {r['below']}"
        if r["decision"] == "H1":
            text += (
                f" (its sequential test said stronger at {int(r['sprt_units'])} units; played on to {int(r['units'])} "
                f"it scores {rate_text(r['score'], r['lo'], r['hi'])}, across the line halfway to an edge of five "
                "points: marginal)"
            )
        if r["rung"] == "lookahead" and agreement.get("decisions"):
            text += (
                f": the lookahead makes the broker's own offer at {rate_text(agreement['same'])} of its proposal "
                f"turns ({int(agreement['decisions'])} turns on {agreement['tables']} tables, one lookahead among "
                "brokers), and the offers it changes after playing a round forward on drawn deals do not win it "
                "more than its share"
            )
        if r["rung"] == "lookahead":
            text += (
                ". Our reading of why: its playouts stand in simple askers (a seat asks a neighbour for one card it "
                "wants) for the brokers it plays against, and look one round ahead, so they forecast trades the "
                "brokers would not make and miss the chain trades they would; a search that plays the brokers "
                "themselves in its playouts costs some forty times more a decision (a broker's proposal takes about 4 ms "
                "of CPU, a round of eight in each of its 60 playouts about 2 s, against the lookahead's 48 ms: "
                "benchmarks/bench_polymer_players.py)"
            )
        elif bargaining is not None:
            rows = bargaining[
                (bargaining["model"] == "hidden")
                & (bargaining["players"] == 8)
                & (bargaining["policy"] == r["rung"])
                & (bargaining["metric"] == "length change")
            ]
            if not rows.empty:
                c = rows.iloc[0]
                text += (
                    f": a table of {r['rung']}s ends {value_text(c['value'], c['lo'], c['hi'], digits=2)} cards "
                    f"longer a seat than the same deals played by {r['below']}s (n={int(c['n'])}), yet a lone "
                    f"{r['rung']} among {r['below']}s does not win clearly more than its share (by the five points "
                    "that count): what it adds lengthens the table more than its lead"
                )
        parts.append(text)
    return f" It flattens at {'; and at '.join(parts)}."


def _bargaining_section(page, tables: dict[str, pd.DataFrame]) -> None:
    """Players who bargain (issue #34): the table as played at 5, 8 and 12 players against the open
    model, and the strategy advice again with the two strongest decided rungs of the hidden ladder."""
    page.heading(BARGAINING)
    page.text(
        "The table as played: hidden hands, the 10-minute clock, up to three cards a side. A bargainer keeps a "
        "belief over the hands it cannot see (deals of the unseen cards consistent with its hand, every hand's "
        "size, every ask, refusal, announcement and trade size it saw), values every trade exactly by the score "
        "rule (its own polymer times its neighbours', so what a trade does to a neighbour counts), and offers "
        "swaps of one to three cards a side and loans it believes both sides gain from, with a good-faith token "
        "where that tips the answer; it calls its loans in when the card it would get back is worth the table's "
        "time. A broker also trades with seats two away through the neighbour between (who may refuse, or ask a "
        "token as a toll) and makes counter-offers: it offers seats the card types they asked for. A lookahead player "
        "(the search rung) chooses among a broker's four best offers and passing by playing the table a round "
        "forward on deals drawn from its belief. Changing "
        "another seat's hidden cards, with everything public unchanged, never changes their decisions (tested)."
    )
    if "bargaining" in tables:
        b = tables["bargaining"]
        page.text(bargaining_text(b))
        fig, axes = plt.subplots(1, 2, figsize=(9, 3.2))
        plot_bargaining(b, axes=axes)
        page.figure(
            fig,
            caption="Every seat one policy, the same deals: the mean longest polymer at the end and the chain trades "
            "a table, at the table as played (hidden) and in the open model (every hand seen, one card a trade, 4 "
            "proposal turns), 95% intervals",
        )
        shown = b[b["metric"].isin(["trades per table", "chain trades per table", "start length", "final length"])]
        cells = shown.assign(cell=[value_text(v, lo, hi, digits=2) for v, lo, hi in zip(shown["value"], shown["lo"],
                                                                                       shown["hi"], strict=True)])  # fmt: skip
        wide_cells = cells.pivot_table(index=["players", "model", "policy"], columns="metric", values="cell",
                                       aggfunc="first").reset_index()  # fmt: skip
        page.table(wide_cells.rename_axis(columns=None), caption=made_by(b, "polymer"))
        page.table(b, caption=made_by(b, "polymer"), folded="Bargaining table")
    rungs = {r: tables[f"strategies_{r}"] for r in RUNGS if f"strategies_{r}" in tables}
    if rungs:
        fig, ax = plt.subplots(figsize=(9, 3.4))
        plot_rung_strategies(rungs, {suffix: claim for claim, suffix, _, _ in RUNG_ARMS}, ax=ax)
        page.figure(
            fig,
            caption="One seat plays each strategy of the advice among seats of its rung, against the same deals "
            "with every seat the rung: the paired change in that seat's score (halting: its neighbours'), 95% "
            "intervals. The verdicts flip the sign of the arms that leave a practice out (refusing, never borrowing, "
            "one card a side).",
        )
        for rung, table in rungs.items():
            page.table(table, caption=made_by(table, "polymer"), folded=f"Strategy table, {rung}s")


def bargaining_text(b: pd.DataFrame) -> str:
    """What the bargaining study found, per player count: the mean longest polymer dealt and at the end
    under each hidden-table policy and the open model, and the chain trades a table of the policies that
    make them.

    >>> from negenlab.core.summary_table import long_table, mean_row
    >>> def part(model, policy, start, end, chains):
    ...     rows = [mean_row("start length", start, "g"), mean_row("final length", end, "g"),
    ...             mean_row("chain trades per table", chains, "g")]
    ...     return long_table(rows).assign(model=model, players=8, policy=policy)
    >>> b = pd.concat([part("hidden", "broker", [2, 3], [7, 7], [3, 4]), part("open", "cooperative", [2, 3], [10, 10],
    ...                [12, 12])])
    >>> bargaining_text(b)
    'At 8 players the longest polymer grows from 2.5 cards dealt to 7.0 [7.0, 7.0] with every seat broker (3.50 [2.52, 4.48] chain trades a table), against 10.0 [10.0, 10.0] in the open model.'
    """

    def cell(model: str, players: int, policy: str, metric: str) -> dict[str, Any] | None:
        rows = b[(b["model"] == model) & (b["players"] == players) & (b["policy"] == policy) & (b["metric"] == metric)]
        return None if rows.empty else rows.iloc[0].to_dict()

    sentences = []
    for players in sorted(b["players"].unique()):
        hidden = list(dict.fromkeys(b[(b["model"] == "hidden") & (b["players"] == players)]["policy"]))
        parts = []
        start = None
        for policy in hidden:
            end, chains = cell("hidden", players, policy, "final length"), cell("hidden", players, policy,
                                                                                 "chain trades per table")  # fmt: skip
            start = start or cell("hidden", players, policy, "start length")
            if end is None:
                continue
            text = f"{value_text(end['value'], end['lo'], end['hi'], digits=1)} with every seat {policy}"
            if chains is not None and chains["value"] > 0:
                text += f" ({value_text(chains['value'], chains['lo'], chains['hi'], digits=2)} chain trades a table)"
            parts.append(text)
        opened = cell("open", players, "cooperative", "final length")
        if not parts or start is None:
            continue
        sentence = (
            f"At {players} players the longest polymer grows from {start['value']:.1f} cards dealt to "
            + ", ".join(parts)
        )
        if opened is not None:
            sentence += (
                f", against {value_text(opened['value'], opened['lo'], opened['hi'], digits=1)} in the open model"
            )
        sentences.append(sentence + ".")
    return " ".join(sentences)


def _boundaries_section(page, tables: dict[str, pd.DataFrame], seed: int) -> None:
    page.heading(BOUNDARIES)
    page.text(
        "A phase boundary: two neighbours of whom one has a polymer at least twice as long and at least 3 cards "
        f"longer than the other's (so {'' if is_boundary(0, 3) else 'not '}0 next to 3, "
        f"{'' if is_boundary(4, 8) else 'not '}4 next to 8). A seat is beside a boundary when it is one of such "
        "a pair. The score gap compares, within one table, the mean score of the seats beside a boundary with "
        "that of the others (tables with both kinds). " + boundary_text(tables["policies_8p"])
    )
    cols = [
        "policy",
        "players",
        "games",
        "boundaries",
        "boundaries_lo",
        "boundaries_hi",
        "beside_boundary",
        "beside_boundary_lo",
        "beside_boundary_hi",
        "boundary_gap",
        "boundary_gap_lo",
        "boundary_gap_hi",
        "boundary_gap_tables",
    ]
    parts = [tables[n].assign(model="open") for n in ("policies_8p", "policies_5p")]
    if "policies_hidden" in tables:
        parts.append(tables["policies_hidden"].assign(model="hidden"))
    rows = pd.concat(parts, ignore_index=True)
    page.table(
        rows[["model", *(c for c in cols if c in rows)]],
        caption="From the policy tables above",
        folded="Phase boundaries per policy, table size and model",
    )
    meta = tables["policies_8p"].attrs.get("negenlab", {})
    final = play_table(8, "cooperative", seed=int(meta.get("seed", seed)))
    page.raw_html(table_svg(**final.table_facts()))
    page.text(
        "Game 0 of the cooperative 8-player open tables, replayed: disc size = polymer length; red edges = phase "
        "boundaries; gold = winner."
    )


def boundary_text(p8: pd.DataFrame) -> str:
    """The boundaries at cooperative 8-player open tables in words: the score gap of the seats beside
    one, and the boundaries per table against the untraded deals."""
    c, none = _by(p8, "policy", "cooperative"), _by(p8, "policy", "no_trade")
    v, lo, hi = float(c["boundary_gap"]), float(c["boundary_gap_lo"]), float(c["boundary_gap_hi"])
    if hi < 0:
        gap = f"score {value_text(-v, -hi, -lo, digits=1)} points less than"
    elif lo > 0:
        gap = f"score {value_text(v, lo, hi, digits=1)} points more than"
    else:
        gap = f"score no clearly different ({value_text(v, lo, hi, digits=1)} points) from"
    return (
        f"At open tables seats beside a phase boundary {gap} the other seats of the same table (cooperative, 8 "
        f"players, n={int(c['boundary_gap_tables'])} tables with both kinds); cooperative trading leaves "
        f"{value_text(c['boundaries'], c['boundaries_lo'], c['boundaries_hi'])} boundaries per table against "
        f"{value_text(none['boundaries'], none['boundaries_lo'], none['boundaries_hi'])} on the untraded deals "
        f"(n={int(c['games'])})."
    )


def _fresh_section(page, options) -> None:
    games = options.games or 20
    page.heading(FRESH)
    page.text(
        f"A small sample made while this page was written ({games} tables per setting, seed {options.seed}): "
        "too small to decide anything, shown to exercise the variants."
    )
    cr = pd.concat(
        [
            policy_study(
                players=8,
                policies=["cooperative", "selfish"],
                games=games,
                seed=options.seed,
                jokers=j,
                workers=options.workers,
            )
            for j in (0, 3)
        ],
        ignore_index=True,
    )
    cs = policy_summary(cr)
    keep = [
        "final length",
        "length gain",
        "score gain",
        "trades per game",
        "collides per game",
        "absorbs per game",
        "jokers left in hands",
    ]
    _summary(
        page,
        cs[cs["metric"].isin(keep)],
        caption="Cosmic rays: 3 jokers shuffled in (each replacing one regular card put face down in the middle); "
        "cooperative agents absorb when idle, selfish ones collide. Same seeds for 0 and 3 jokers; 95% intervals.",
        folded="Cosmic rays (fresh sample)",
    )
    hs = handicap_study(
        players=7, extra=2, policy="cooperative", games=games, seed=options.seed, workers=options.workers
    )
    _summary(
        page,
        hs,
        caption="Handicap: 7 players (14 cards, 6 left over), seat 1 (first) dealt 2 extra leftover cards "
        "vs none; cooperative trading. Means with 95% intervals, win rates with Wilson intervals.",
        folded="Handicap (fresh sample)",
    )


def _summary(page, table: pd.DataFrame, caption: str, folded: str | None = None, digits: int = 3) -> None:
    """A long summary table shown one row per group, each cell ``value [lo, hi]``."""
    page.table(wide(table, digits=digits).rename_axis(columns=None).reset_index(), caption=caption, folded=folded)


def _pct(row, value: str, prefix: str | None = None) -> str:
    """The rate ``row[value]`` with its interval columns ``<prefix>_lo`` and ``<prefix>_hi``."""
    p = prefix or value
    return rate_text(row[value], row[f"{p}_lo"], row[f"{p}_hi"])


def _by(table: pd.DataFrame, column: str, value: Any) -> dict[str, Any]:
    """The first row of ``table`` whose ``column`` is ``value``, as a dict."""
    rows = table[table[column] == value]
    if rows.empty:
        raise InvalidInputError(f"no row with {column} = {value!r} in the table")
    return {str(k): v for k, v in rows.iloc[0].to_dict().items()}


def _long(table: pd.DataFrame, metric: str, group: str) -> dict[str, Any]:
    rows = table[(table["metric"] == metric) & (table["group"] == group)]
    if rows.empty:
        raise InvalidInputError(f"no row of {metric!r} for {group!r} in the table")
    return {str(k): v for k, v in rows.iloc[0].to_dict().items()}


# -- the verdicts: one function per claim of data/polymer/claims.csv ---------------------------------------


@dataclass(frozen=True)
class ClaimInputs:
    """What the Polymer verdicts read: the committed tables by name (``policies_hidden``,
    ``strategies``, ``holdout``, ``ladder``, ``ladder_hidden``, ``tuned`` (the rules tuner's best
    deals), and for their sentences ``deals``, ``policies_8p``, ``pace``)."""

    tables: dict[str, pd.DataFrame]

    @cached_property
    def statistics(self) -> dict[str, Any]:
        return claim_statistics(self.tables)


CLAIMS = ClaimBook("polymer")
"""The Polymer register (``data/polymer/claims.csv``) with one function per claim below."""

HIDDEN_TABLES = "8 players, hidden hands, the 10-minute clock"
RUNG_COMMANDS = "; ".join(f"negenlab study polymer strategies_{r} --seed 2024" for r in RUNGS)
"""The rung strategy studies: their arms judge the advice, and their tables with every seat the rung the
duration, timer and own-length claims."""
EVERY_SEAT_RUNG = f"bargainers and brokers in every seat, {HIDDEN_TABLES}"
RUNG_PLAYERS = tuple(RUNG_LABELS[r] for r in RUNGS)
"""The two player strengths of the play verdicts: the two strongest decided rungs, every seat the rung."""
LONG_DISTANCE_PLAYERS = tuple(RUNG_LABELS[r] for r in LONG_DISTANCE_RUNGS)


def _not_committed(name: str, command: str) -> Evidence:
    return Evidence(Untested(f"The table data/polymer/{name}.csv is not committed here: {command}."))


def _open_arm_text(x: ClaimInputs, claim_id: str, also: bool = False) -> str:
    """The same strategy arm at open tables (every hand seen), in words (``also``: the hidden arm
    never differed either)."""
    strategies = x.tables["strategies"]
    _, strategy, others, _ = _arm(claim_id)
    rows = strategies[
        (strategies["information"] == "open")
        & (strategies["metric"] == "score change")
        & (strategies["group"] == f"{strategy} among {others}")
    ]
    if rows.empty:
        return ""
    r = rows.iloc[0]
    if never_differed(r):
        return (
            f"At open tables (every hand seen) the {strategy} seat {'also ' if also else ''}plays exactly as a "
            f"{others} seat would (a change of 0.0 in every table, n={int(r['n'])})."
        )
    return (
        f"At open tables (every hand seen) the {strategy} seat's score changes by "
        f"{value_text(r['value'], r['lo'], r['hi'], digits=1)} points (n={int(r['n'])})."
    )


def _arm(claim_id: str) -> tuple[str, str, str, str]:
    return next(a for a in STRATEGY_ARMS if a[0] == claim_id)


STRATEGY_WORDS = {
    "revealing": "says what it wants",
    "monopolist": "collects one rank",
    "options": "keeps its options open",
    "boundary": "avoids a phase boundary",
    "halting": "halts after 5 minutes",
    "spoiler": "spites its second-degree neighbours",
    "refusing": "refuses every trade it does not gain from",
    "noloans": "never borrows",
    "onecard": "trades one card a side",
}
"""What the seat of each rung arm does, in words (the suffixes of ``bargain.STRATEGY_MIXINS``)."""


def _rung_arm_words(claim_id: str) -> tuple[str, str]:
    """What a rung arm's number counts, and who plays it, in words.

    >>> _rung_arm_words("loans")
    ('a seat, the rung minus a seat that never borrows', 'one seat that never borrows among bargainers and brokers')
    """
    _, suffix, whose, sign = rung_arm(claim_id)
    rungs = " and ".join(f"{r}s" for r in RUNGS)
    does = STRATEGY_WORDS[suffix]
    if sign < 0:
        return f"a seat, the rung minus a seat that {does}", f"one seat that {does} among {rungs}"
    return (
        f"a {'neighbour' if whose == 'neighbours' else 'seat'}, {suffix} minus the rung",
        f"one seat that {does} among {rungs}",
    )


def _table_policy_text(x: ClaimInputs, claim_id: str) -> str:
    """The earlier result of the claim's arm with the table policies (cooperative and friends), in words."""
    if "strategies" not in x.tables or not any(a[0] == claim_id for a in STRATEGY_ARMS):
        return ""
    _, strategy, others, _ = _arm(claim_id)
    row = strategy_row(x.tables["strategies"], claim_id, arm_metric(claim_id))
    if row is None:
        return ""
    if never_differed(row):
        return f" With the table policies ({strategy} among {others}) the seat played every table as the others would."
    unit = "cards" if claim_id == "halting" else "points"
    return (
        f" With the table policies ({strategy} among {others}, one card a trade, asks to neighbours only) the change "
        f"is {value_text(row['value'], row['lo'], row['hi'], digits=1)} {unit} (n={int(row['n'])})."
    )


def _rung_evidence(x: ClaimInputs, claim_id: str, change: str, extra: str = "") -> Evidence:
    """A strategy arm judged with the two strongest decided rungs of the hidden ladder (bargainers and brokers):
    holds or fails only when both agree."""
    _, suffix, whose, sign = rung_arm(claim_id)
    about, who = _rung_arm_words(claim_id)
    each = x.statistics[claim_id]
    alike = [label for label, m in each.items() if m.se == 0 and m.value == 0]
    if alike:
        unit = "cards" if claim_id == "halting" else "points"
        numbers = "; ".join(f"{label}: {statistic_text(m, unit)} (n={m.units})" for label, m in each.items())
        why = (
            ": bargainers trade with their neighbours only, so nothing of a second-degree neighbour passes through them"
            if suffix == "spoiler"
            else ""
        )
        return Evidence(
            Untested(
                f"The seat that {STRATEGY_WORDS[suffix]} played every table exactly as the rung would among "
                f"{' and '.join(alike)} (no trade it treats differently came up{why}), so that player strength says "
                f"nothing of the claim, and a verdict needs both: {numbers}; {HIDDEN_TABLES}."
                + _table_policy_text(x, claim_id),
                f"among {' and '.join(alike)} the seat never played differently",
            )
        )
    tables = ", ".join(f"{label} {m.units:,}" for label, m in each.items())
    paired = (
        f"one seat that {STRATEGY_WORDS[suffix]} (the player <rung>-{suffix}) among seats of the rung, against the "
        "same deals with every seat the rung, the strategy seat rotated through all 8"
    )
    flipped = (
        " The number is the rung minus the strategy (the strategy leaves out what the claim is about)."
        if sign < 0
        else ""
    )
    return Evidence(
        x.statistics[claim_id],
        about=about,
        sentence=f"Paired: {paired}; n counts deals, each played both ways; {HIDDEN_TABLES}; tables: {tables}"
        f"{_rung_play_on_words()}.{flipped}" + _table_policy_text(x, claim_id) + extra,
        change=change,
        detail="The rungs: bargainers trade with their neighbours, brokers also through the chain of neighbours and "
        "with counter-offers; both keep a belief over the hidden hands and value trades exactly by the score rule "
        "(negenlab.polymer.bargain). The lookahead, the top rung, costs too much to fill whole tables.",
        section=BARGAINING,
        command=RUNG_COMMANDS,
        players=f"{who}, {HIDDEN_TABLES}",
    )


def _rung_play_on_words() -> str:
    """How the rung strategy studies stopped: each arm's first look, its play-on while undecided, and the
    rungs whose committed table predates the play-on (its sidecar has no ``max_tables_per_arm``)."""
    sidecars = {r: data_json("polymer", f"strategies_{r}.json", must_exist=False) for r in RUNGS}
    before = [r for r, sidecar in sidecars.items() if "max_tables_per_arm" not in sidecar]
    text = (
        f" ({RUNG_TABLES} an arm, then {RUNG_TABLES} more at a time while undecided at "
        f"{100 * (1 - RUNG_CLEAR_ALPHA):g}%, at most {RUNG_MAX_TABLES:,}"
    )
    if before:
        text += (
            f"; the {' and '.join(RUNG_LABELS[r] for r in before)}' arms have not played on yet: "
            + "; ".join(f"negenlab study polymer strategies_{r} --seed 2024" for r in before)
            + " resumes them from the committed store"
        )
    return text + ")"


def _arm_evidence(x: ClaimInputs, claim_id: str, change: str) -> Evidence:
    """A strategy arm's verdict at hidden tables: with the bargaining rungs when their tables are
    committed (:func:`_rung_evidence`), else the strategy seat's score change with the table policies,
    paired with the same seat playing the others' policy on the same deals; untested where the seat
    never played differently (the open-table result then stands in its sentence)."""
    if isinstance(x.statistics.get(claim_id), dict):
        return _rung_evidence(x, claim_id, change)
    if "strategies" not in x.tables:
        return _not_committed("strategies", STRATEGIES_COMMAND)
    _, strategy, others, _ = _arm(claim_id)
    row = strategy_row(x.tables["strategies"], claim_id)
    if row is None:
        return Evidence(Untested(f"The committed strategy study has no {strategy} arm: {STRATEGIES_COMMAND}."))
    open_text = _open_arm_text(x, claim_id, also=never_differed(row))
    if never_differed(row):
        return Evidence(
            Untested(
                f"The {strategy} seat played every hidden table exactly as a {others} seat would: its score change "
                f"is 0.0 [0.0, 0.0] points (n={int(row['n'])}): no trade it treats differently came up, so the "
                f"players never acted differently and the table says nothing of the claim. {open_text} Players who "
                "bargain along chains come with issue #34.",
                "the seat never acted differently",
            )
        )
    return Evidence(
        x.statistics[claim_id],
        about=f"a table, {strategy} minus {others}",
        sentence=f"One seat plays {strategy} among {others} players, against the same deals with every seat {others} "
        f"(the strategy seat rotated through all 8; n counts deals, each played both ways); {HIDDEN_TABLES}. "
        + open_text,
        change=change,
        detail="The strategies trade one card at a time, the bundler two for two (docs/polymer_table.md).",
        section=STRATEGIES,
        command=STRATEGIES_COMMAND,
        players=f"one {strategy} seat among {others} ones, {HIDDEN_TABLES}",
    )


def _by_rung(x: ClaimInputs, claim_id: str) -> bool:
    """Whether the claim is judged with the two bargaining rungs (their tables are committed)."""
    return isinstance(x.statistics.get(claim_id), dict)


def _cooperative_hidden(x: ClaimInputs, column: str, words: str, digits: int = 1, unit: str = "") -> str:
    """A number of the cooperative hidden tables (``policies_hidden``, its ``column`` with ``_lo`` and
    ``_hi``) after ``words``, as a sentence (or "" when the table is not committed)."""
    if "policies_hidden" not in x.tables:
        return ""
    c = _by(x.tables["policies_hidden"], "policy", "cooperative")
    number = value_text(c[column], c[f"{column}_lo"], c[f"{column}_hi"], digits=digits)
    return f" {words} {number}{unit} (n={int(c['games'])})."


def _cooperative_text(
    x: ClaimInputs, metric: str, what: str, shift: float = 0.0, digits: int = 1, unit: str = ""
) -> str:
    """The earlier measurement with cooperative table policies in every seat, in words (or "")."""
    if "strategies" not in x.tables:
        return ""
    t = x.tables["strategies"]
    rows = t[(t["information"] == "hidden") & (t["metric"] == metric) & (t["group"] == "baseline cooperative")]
    if rows.empty:
        return ""
    r = rows.iloc[0]
    number = value_text(r["value"] + shift, r["lo"] + shift, r["hi"] + shift, digits=digits)
    return f" With the cooperative table policy in every seat {what} {number}{unit} (n={int(r['n'])})."


def assumed_range(whole_game: Measure, setup: float) -> Steps:
    """A game's minutes (trading plus our assumed ``setup`` minutes) at both ends of the assumption's
    range (:data:`~negenlab.polymer.study.STRATEGY_SETUP_RANGE`): the steps a verdict on them must pass.

    >>> [label for label, _ in assumed_range(Measure.of_interval(14.7, 14.6, 14.8, 100), 4.73).steps]
    ['setup 2.4 minutes', 'setup 7.1 minutes']
    """
    return Steps(
        tuple(
            (f"setup {end:.1f} minutes", replace(whole_game, value=whole_game.value + end - setup))
            for end in STRATEGY_SETUP_RANGE
        ),
        same_games=True,
    )


def _duration_rows_at_both_ends(recheck: pd.DataFrame) -> pd.DataFrame:
    """``recheck`` with its duration rows (whole-game minutes at our assumption) at both ends of the
    assumption's range, as the page judges the committed ones (:func:`assumed_range`)."""
    if recheck.empty or "duration" not in set(recheck["claim"]):
        return recheck
    rows = recheck[recheck["claim"] == "duration"]
    ends = [
        rows.assign(step=f"setup {end:.1f} minutes", value=rows["value"] + end - STRATEGY_SETUP_MINUTES)
        for end in STRATEGY_SETUP_RANGE
    ]
    return pd.concat([recheck[recheck["claim"] != "duration"], *ends], ignore_index=True)


@CLAIMS.measures("duration", strengths=RUNG_PLAYERS)
def _duration(x: ClaimInputs) -> Evidence:
    if "duration" not in x.statistics:
        return _not_committed("strategies", STRATEGIES_COMMAND)
    setup = STRATEGY_SETUP_MINUTES
    measured = x.statistics["duration"]
    each = measured if isinstance(measured, dict) else {"cooperative": measured}
    timer = round(15 - setup)
    pace = ""
    if "pace" in x.tables:
        big = pace_minutes(x.tables["pace"]).sort_values("players").iloc[-1]
        pace = (
            f" The pace section's {big['minutes']:.1f} minutes is another number: a table of the earlier model (open "
            f"hands, one card a trade) left without a timer, at an assumed {SECONDS_PER_ACTION} s per action: how long "
            "trading lasts when nobody stops it there, not a game at the rules' table."
        )
    minutes = " and ".join(f"{m.value - setup:.1f} minutes ({who})" for who, m in each.items())
    if _by_rung(x, "duration"):
        tables = ", ".join(f"{label} {m.units:,}" for label, m in each.items())
        who = "every seat a bargainer, and every seat a broker"
        also = _cooperative_text(x, "trading minutes", "a whole game takes", shift=setup, unit=" minutes")
        detail = (
            f"The minutes of trading are measured on the table clock over the rung strategy studies' tables with "
            f"every seat the rung ({tables}); the rest is a constant of the time model, so the "
            "interval is the trading time's. Judged with two players: it holds or fails only where both agree. The "
            "variant tool reads the same whole-game minutes."
        )
        command, players = RUNG_COMMANDS, EVERY_SEAT_RUNG
    else:
        who, also = "cooperative seats", ""
        detail = (
            "The minutes of trading are measured on the table clock over 504 tables (the strategy study's "
            "cooperative baseline); the rest is a constant of the time model, so the interval is the trading "
            "time's. The variant tool reads the same whole-game minutes."
        )
        command, players = STRATEGIES_COMMAND, f"cooperative in every seat, {HIDDEN_TABLES}"
    lo, hi = STRATEGY_SETUP_RANGE
    across = {who: assumed_range(m, setup) for who, m in each.items()}
    return Evidence(
        across if isinstance(measured, dict) else across["cooperative"],
        sentence=f"8-player tables with hidden hands, {who}, trade {minutes} on the table clock, until "
        f"the 10-minute timer stops them; the shuffle (60 s), the deal of 104 cards (1 s each) and scoring (120 s) add "
        f"{setup:.1f} minutes. Every second of that is our assumption, so the verdict is judged at both ends of it: "
        f"each assumed second from half to one and a half times ours, {lo:.1f} to {hi:.1f} minutes outside trading; "
        "it holds only where it holds at both. The trading minutes rest on the table clock (Rules.seconds_*) only "
        "where a table goes quiet before the timer." + also + pace,
        change=f"Set the timer to {timer} minutes: with the deal and the scoring a game then takes about 15.",
        detail=detail,
        section=PACE,
        command=command,
        players=players,
    )


@CLAIMS.measures("permit_trades", strengths=RUNG_PLAYERS)
def _permit_trades(x: ClaimInputs) -> Evidence:
    if isinstance(x.statistics.get("permit_trades"), dict):
        extra = _cooperative_hidden(
            x, "score_gain", "Trading itself pays: every seat cooperative against the same deals untraded adds",
            unit=" points a seat",
        )  # fmt: skip
        return _rung_evidence(
            x,
            "permit_trades",
            "Drop the advice to permit trades you do not benefit from: refusing them costs a seat nothing here.",
            extra,
        )
    if "permit_trades" not in x.statistics:
        return _not_committed("policies_hidden", POLICIES_HIDDEN_COMMAND)
    hidden = _by(x.tables["policies_hidden"], "policy", "cooperative")
    same = hidden.get("score_diff") == hidden.get("score_diff_lo") == hidden.get("score_diff_hi") == 0
    open_text = ""
    if "policies_8p" in x.tables:
        c8 = _by(x.tables["policies_8p"], "policy", "cooperative")
        open_text = (
            f" At open tables (every hand seen, one card a trade, 4 proposal turns) trading adds "
            f"{value_text(c8['score_gain'], c8['score_gain_lo'], c8['score_gain_hi'], digits=1)} points (n={int(c8['games'])}), "
            f"and a cooperative table beats a selfish one by "
            f"{value_text(c8['score_diff'], c8['score_diff_lo'], c8['score_diff_hi'], digits=1)} points."
        )
    return Evidence(
        x.statistics["permit_trades"],
        about="a seat, traded minus untraded",
        sentence="Every seat cooperative (it accepts any trade that does not lower its own score) against the same "
        f"deals untraded; {HIDDEN_TABLES}."
        + (
            " The sharper reading, a seat that permits trades it gains nothing from against one that refuses them, is "
            "not measured: the selfish seat, the nearest to a refuser, plays the same hidden games as the cooperative one."
            if same
            else ""
        )
        + open_text,
        change="Drop the advice to permit trades: at this table trading does not raise the scores.",
        section=TRADING,
        command=POLICIES_HIDDEN_COMMAND,
    )


@CLAIMS.measures("long_distance", strengths=LONG_DISTANCE_PLAYERS)
def _long_distance(x: ClaimInputs) -> Evidence:
    if "long_distance" in x.statistics:
        b = x.tables["bargaining"]
        hidden = b[(b["model"] == "hidden") & (b["metric"] == "chain trades per table")]
        hidden = hidden[hidden["policy"].isin(LONG_DISTANCE_RUNGS)]
        per = "; ".join(
            f"{RUNG_LABELS[r['policy']]} at {int(r['players'])} players {value_text(r['value'], r['lo'], r['hi'], digits=2)}"
            for r in hidden.to_dict("records")
        )
        opened = b[(b["model"] == "open") & (b["metric"] == "chain trades per table")]
        open_text = "; ".join(
            f"{int(r['players'])} players {value_text(r['value'], r['lo'], r['hi'], digits=2)}"
            for r in opened.to_dict("records")
        )
        who = " and ".join(RUNG_LABELS[r] for r in LONG_DISTANCE_RUNGS)
        tables = min(m.units for m in x.statistics["long_distance"].values())
        return Evidence(
            x.statistics["long_distance"],
            digits=2,
            sentence=f"Every seat a broker (it trades with seats two away through the neighbour between, who may "
            f"refuse), or every seat a lookahead player (the search rung, choosing among the broker's offers by "
            f"playing the table forward), hidden hands, the 10-minute clock, {tables} tables each. Chain trades a "
            f"table, 95% intervals: {per}. Bargainers and the cooperative table policy never propose one (their chain "
            f"trades count 0), so they cannot be the second player strength here. The open model (every hand seen, "
            f"one card a trade, 4 proposal turns, cooperative): {open_text}.",
            change="Drop the long-distance trade routes from the commentary: they do not form at the table.",
            detail=f"Judged with {who} in every seat at {LONG_DISTANCE_SEATS} players: it holds or fails only where "
            "both agree.",
            section=BARGAINING,
            command="negenlab study polymer bargaining --seed 2024",
            players=f"{who} in every seat, {LONG_DISTANCE_SEATS} players, hidden hands, the 10-minute clock",
        )
    if "policies_hidden" not in x.tables:
        return _not_committed("policies_hidden", POLICIES_HIDDEN_COMMAND)
    hidden = x.tables["policies_hidden"]
    chains = hidden.set_index("policy")["chain_trades_per_game"]
    open_text = ""
    if "policies_8p" in x.tables:
        c8 = _by(x.tables["policies_8p"], "policy", "cooperative")
        open_text = (
            f" At open tables (every hand seen, one card a trade, 4 proposal turns) they do form: a cooperative "
            f"8-player table makes {float(c8['chain_trades_per_game']):.1f} chain trades of its "
            f"{float(c8['trades_per_game']):.1f} trades (n={int(c8['games'])})."
        )
    if (chains == 0).all():
        return Evidence(
            Untested(
                f"At hidden tables under the clock every policy ({', '.join(chains.index)}) makes 0 chain trades a "
                "table (data/polymer/policies_hidden.csv): the hidden-table players ask their neighbours only, so no "
                "long-distance trade is ever tried: the players never did what the claim is about. Players who "
                f"bargain along chains come with issue #34.{open_text}",
                "no policy ever tried a chain trade",
            )
        )
    return Evidence(
        Untested(
            "The hidden tables keep the mean chain trades per table without its interval "
            f"({', '.join(f'{k}: {v:.2f}' for k, v in chains.items())}).{open_text}"
        )
    )


@CLAIMS.measures("sweeten_or_reroute")
def _sweeten_or_reroute(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "A possibility of the rules rather than a number: a link may be paid to let a trade pass (negenlab's "
            "brokers pay a good-faith token as a toll) and a chain may run either way round the table (the brokers "
            "try both). The committed tables do not count how often a refused long-distance trade then passes with a "
            "toll or the other way round.",
            "the tables do not count rescued long-distance trades",
        )
    )


@CLAIMS.measures("own_length", strengths=RUNG_PLAYERS)
def _own_length(x: ClaimInputs) -> Evidence:
    if "own_length" not in x.statistics:
        return _not_committed("policies_hidden", POLICIES_HIDDEN_COMMAND)
    rule = (
        "the share of seats for which one more card of their own is worth more than one more card of a "
        "neighbour's, under the score rule (own length x the neighbours' sum); each table one unit. Averaged over "
        "a table's seats it is always so: the neighbours' sums add up to twice the lengths."
    )
    change = "Say that your neighbours' lengths count as much as your own: for most seats they do."
    if _by_rung(x, "own_length"):
        final = {r: x.tables[f"strategies_{r}"] for r in RUNGS if f"strategies_{r}" in x.tables}
        final = {r: t[(t["metric"] == "final length") & (t["group"] == f"baseline {r}")] for r, t in final.items()}
        lengths = " and ".join(f"{t['value'].iloc[0]:.1f} cards ({RUNG_LABELS[r]})" for r, t in final.items() if len(t))
        also = _cooperative_hidden(x, "own_larger", "With the cooperative table policy in every seat the share is", 3)
        return Evidence(
            x.statistics["own_length"],
            about="of a table's seats: neighbours' sum above their own length",
            sentence=f"At the end of tables with every seat a bargainer, and with every seat a broker ({HIDDEN_TABLES}"
            + (f"; mean longest polymer {lengths}" if lengths else "")
            + f"), {rule}{also}",
            change=change,
            detail="Judged with two players, the two strongest decided rungs of the hidden ladder: it holds or fails only where "
            "both agree.",
            section=TRADING,
            command=RUNG_COMMANDS,
            players=EVERY_SEAT_RUNG,
        )
    c = _by(x.tables["policies_hidden"], "policy", "cooperative")
    return Evidence(
        x.statistics["own_length"],
        about="of a table's seats: neighbours' sum above their own length",
        sentence=f"At the end of cooperative hidden tables ({HIDDEN_TABLES}; mean longest polymer "
        f"{float(c['final_length']):.1f} cards), {rule}",
        change=change,
        section=TRADING,
        command=POLICIES_HIDDEN_COMMAND,
    )


@CLAIMS.measures("halting", strengths=RUNG_PLAYERS)
def _halting(x: ClaimInputs) -> Evidence:
    if isinstance(x.statistics.get("halting"), dict) and set(x.statistics["halting"]) == {
        RUNG_LABELS[r] for r in RUNGS
    }:
        extra = ""
        if "holdout" in x.tables:
            ho = _long(x.tables["holdout"], "length change", "distance 1")
            extra = (
                f" At open tables (every hand seen, one card a trade, 4 proposal turns) a seat that never trades costs "
                f"each neighbour {value_text(ho['value'], ho['lo'], ho['hi'], digits=2)} cards (n={int(ho['n'])})."
            )
        return _rung_evidence(
            x,
            "halting",
            "Drop the warning: a player who halts trading costs its neighbours less than half a card.",
            extra,
        )
    if "halting" not in x.statistics:
        return Evidence(
            Untested(
                f"The halting-trade experiment and the strategy study are not both committed: {STRATEGIES_COMMAND}."
            )
        )
    score = ""
    if "holdout" in x.tables:
        hs = _long(x.tables["holdout"], "score change", "distance 1")
        score += f" In score: {value_text(hs['value'], hs['lo'], hs['hi'], digits=1)} points a neighbour (open hands)"
    if "strategies" in x.tables and (h := strategy_row(x.tables["strategies"], "halting")) is not None:
        score += f", {value_text(h['value'], h['lo'], h['hi'], digits=1)} points (hidden hands)."
    each = "; ".join(f"{k}: {statistic_text(m, 'cards', 2)}" for k, m in x.statistics["halting"].items())
    return Evidence(
        x.statistics["halting"],
        digits=2,
        sentence=f"Each neighbour's longest polymer, 95% intervals: {each}. "
        f"The two halting seats' neighbours, paired with the same deals traded by everyone: {HALTING_OPEN} "
        "(seat 1 (first) refuses every trade; open hands, one card a trade, 4 proposal turns; halting-trade "
        f"experiment, 500 tables), and {HALTING_HIDDEN} ({HIDDEN_TABLES}; strategy study, 504 tables)." + score,
        change="Drop the warning: a player who halts trading costs its neighbours less than half a card.",
        detail="The halting seat's own loss and the seats two away are in the halting-trade section.",
        section=HOLDOUT,
        command=f"negenlab study polymer holdout --seed 2024; {STRATEGIES_COMMAND}",
        players=f"one halting seat among cooperative ones ({HALTING_OPEN}; {HALTING_HIDDEN}), 8 players",
    )


@CLAIMS.measures("boundary_cost", strengths=RUNG_PLAYERS)
def _boundary_cost(x: ClaimInputs) -> Evidence:
    if isinstance(x.statistics.get("boundary_cost"), dict):
        cooperative = ""
        if "policies_hidden" in x.tables:
            c = _by(x.tables["policies_hidden"], "policy", "cooperative")
            cooperative = (
                " Every seat cooperative (the table policy): "
                f"{value_text(c['boundary_gap'], c['boundary_gap_lo'], c['boundary_gap_hi'], digits=1)} points "
                f"(n={int(c['boundary_gap_tables'])})."
            )
        return Evidence(
            x.statistics["boundary_cost"],
            about="a seat beside a boundary, against the rest of its table",
            sentence=f"Every seat the rung ({HIDDEN_TABLES}; the strategy studies' baseline tables), tables with seats "
            f"of both kinds; n counts those tables.{cooperative}",
            change="Drop the advice: a seat beside a phase boundary scores no less than the rest of its table.",
            section=BARGAINING,
            command=RUNG_COMMANDS,
            players=f"{' and '.join(f'{r}s' for r in RUNGS)} in every seat, {HIDDEN_TABLES}",
        )
    if "boundary_cost" not in x.statistics:
        return _not_committed("policies_hidden", POLICIES_HIDDEN_COMMAND)
    open_text = ""
    if "policies_8p" in x.tables:
        c8 = _by(x.tables["policies_8p"], "policy", "cooperative")
        open_text = (
            f" At open tables (every hand seen, one card a trade, 4 proposal turns) the gap is "
            f"{value_text(c8['boundary_gap'], c8['boundary_gap_lo'], c8['boundary_gap_hi'], digits=1)} points "
            f"(n={int(c8['boundary_gap_tables'])} tables with both kinds)."
        )
    return Evidence(
        x.statistics["boundary_cost"],
        about="a seat beside a boundary, against the rest of its table",
        sentence=f"Cooperative hidden tables ({HIDDEN_TABLES}) with seats of both kinds; n counts those tables."
        + open_text,
        change="Drop the advice: a seat beside a phase boundary scores no less than the rest of its table.",
        section=BOUNDARIES,
        command=POLICIES_HIDDEN_COMMAND,
    )


@CLAIMS.measures("boundary_help", strengths=RUNG_PLAYERS)
def _boundary_help(x: ClaimInputs) -> Evidence:
    return _arm_evidence(x, "boundary_help", "Drop the advice: giving more to a lagging neighbour does not pay here.")


@CLAIMS.measures("reveal", strengths=RUNG_PLAYERS)
def _reveal(x: ClaimInputs) -> Evidence:
    return _arm_evidence(x, "reveal", 'Drop "don\'t reveal your plans/cards": saying what you want costs nothing here.')


@CLAIMS.measures("loans", strengths=RUNG_PLAYERS)
def _loans(x: ClaimInputs) -> Evidence:
    return _arm_evidence(x, "loans", 'Drop "loans are relatively expensive": borrowing costs a borrower nothing here.')


def _costs(x: ClaimInputs, claim_id: str) -> str:
    m = x.statistics.get(claim_id)
    if isinstance(m, dict):
        low, high = sorted(abs(v.value) for v in m.values())[:: len(m) - 1]
        return (
            f"about {low:.0f}-{high:.0f} points a game"
            if round(low) != round(high)
            else f"about {low:.0f} points a game"
        )
    return f"about {abs(m.value):.0f} points a game" if m is not None else "points"


@CLAIMS.measures("monopoly", strengths=RUNG_PLAYERS)
def _monopoly(x: ClaimInputs) -> Evidence:
    if "monopoly" not in x.statistics:
        return _arm_evidence(x, "monopoly", "")
    return _arm_evidence(
        x, "monopoly", f'Drop "form a monopoly" from the strategies, or say it costs {_costs(x, "monopoly")}.'
    )


@CLAIMS.measures("options_open", strengths=RUNG_PLAYERS)
def _options_open(x: ClaimInputs) -> Evidence:
    if "options_open" not in x.statistics:
        return _arm_evidence(x, "options_open", "")
    return _arm_evidence(
        x,
        "options_open",
        f'Drop "keep your options open" from the strategies, or say it costs {_costs(x, "options_open")}.',
    )


@CLAIMS.measures("options_risk", strengths=RUNG_PLAYERS)
def _options_risk(x: ClaimInputs) -> Evidence:
    if "options_risk" not in x.statistics:
        lacking = [
            r
            for r in RUNGS
            if f"strategies_{r}" not in x.tables
            or "score spread change" not in set(x.tables[f"strategies_{r}"]["metric"])
        ]
        return Evidence(
            Untested(
                f"The committed strategy tables of the {' and '.join(RUNG_LABELS[r] for r in lacking)} have no "
                "spread row yet (the rung studies now also write how widely each strategy seat's score spreads over "
                "the deals), and a verdict needs both player strengths: "
                + "; ".join(f"negenlab study polymer strategies_{r} --seed 2024" for r in lacking)
                + " writes it from the committed store."
            )
        )
    each = x.statistics["options_risk"]
    tables = ", ".join(f"{label} {m.units:,}" for label, m in each.items())
    return Evidence(
        each,
        about="the options-open seat's score spread over the deals, against the rung's in its place",
        sentence="Paired: one seat that keeps its options open among seats of its rung, against the same deals with "
        "every seat the rung (the seat rotated through all 8): how much wider, in percent, the standard deviation of "
        "that seat's score over the deals is with the strategy (jackknife interval, the deals the units); "
        f"{HIDDEN_TABLES}; tables: {tables}{_rung_play_on_words()}.",
        change='Drop "very high risk" from the options-open advice, or say what the risk is: here the seat\'s score '
        "spreads no wider than without the strategy.",
        detail="The tables are the options-open arm's of the rung strategy studies: the spread is read from the "
        "same games as the mean score change of 'keep your options open'.",
        section=BARGAINING,
        command=RUNG_COMMANDS,
        players=f"{_rung_arm_words('options_open')[1]}, {HIDDEN_TABLES}",
    )


@CLAIMS.measures("outsource_damage")
def _outsource_damage(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "Our reading would be: when an options-open seat trades its stumps away, the length lost falls more on "
            "seats two or more away than on its neighbours. The strategy tables give the options-open seat's own "
            "change of length and score (the options_open line), not the other seats' changes by distance.",
            "the tables keep the seat's own change, not its neighbours' by distance",
        )
    )


@CLAIMS.measures("second_degree")
def _second_degree(x: ClaimInputs) -> Evidence:
    return _arm_evidence(
        x, "second_degree", "Drop the advice: blocking your second-degree neighbours' trades does not pay here."
    )


@CLAIMS.measures("long_chain_end")
def _long_chain_end(x: ClaimInputs) -> Evidence:
    boundaries = ""
    if "policies_hidden" in x.tables:
        c = _by(x.tables["policies_hidden"], "policy", "cooperative")
        boundaries = (
            f" Cooperative hidden tables end with {value_text(c['boundaries'], c['boundaries_lo'], c['boundaries_hi'])} "
            f"phase boundaries a table and a mean longest polymer of {float(c['final_length']):.1f} cards "
            f"(n={int(c['games'])})."
        )
    return Evidence(
        Untested(
            "The policy tables count phase boundaries per table (a mean), not the tables that end with none and "
            "every polymer long, and the text gives no length that counts as long nor how often is frequently."
            + boundaries,
            "the text gives no length that counts as long",
        )
    )


@CLAIMS.measures("clusters")
def _clusters(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "The policy tables count phase boundaries per table (a mean), not how the long-chain seats group into "
            "clusters nor which seats between them end short; and 'a few' and 'often frustrated' give no count to "
            "test against. A table study that records each seat's final length in seat order would measure it.",
            "the tables keep the boundaries' mean, not the clusters",
        )
    )


@CLAIMS.measures("players_6_10")
def _players_6_10(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "A verdict per player count needs a criterion of a good game at each count (length, fairness, pace), "
            "which the text does not give; the deal section shows how the dealt lengths fall with the count.",
            "the text gives no criterion of a good game",
        )
    )


@CLAIMS.measures("rounds")
def _rounds(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "The skill ladders keep each game's winner, not each seat's score, so the chance that the better trader "
            "has the higher average over several rounds cannot be computed from them; a ladder that records every "
            "seat's score would measure it.",
            "the ladders keep winners, not every seat's score",
        )
    )


@CLAIMS.measures("handicaps")
def _handicaps(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "No committed study deals handicaps; the page's fresh sample (7 players, 2 extra cards to one seat, open "
            "hands) is too small to decide. Hidden tables with one seat dealt extra leftover cards, paired on the "
            "same deals, would measure it.",
            "no committed study deals handicaps",
        )
    )


@CLAIMS.measures("cosmic_rays_jokers")
def _cosmic_rays_jokers(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "The text does not say what 2-4 jokers are better for (more trades, longer polymers, a closer game), so "
            "there is no number to test; the page's fresh sample shows what 3 jokers change at open tables.",
            "the text does not say what 2-4 jokers are for",
        )
    )


@CLAIMS.measures("deal_seats")
def _deal_seats(x: ClaimInputs) -> Evidence:
    tested = ""
    if "deals" in x.tables:
        d = x.tables["deals"]
        worst = d.loc[d["seat_p"].idxmin()]
        tested = (
            f" The committed deals agree: no test of equal mean length per seat position rejects (smallest "
            f"{p_text(worst['seat_p'])}, at {int(worst['players'])} players, of {len(d)} player counts, "
            f"{int(d['deals'].min())} deals each)."
        )
    return Evidence(
        Exact(
            True,
            "every seat's hand is a uniformly random hand of the deal table's size: the shoe is shuffled uniformly, "
            "so the seats are exchangeable",
        ),
        sentence="A property of the deal, not of play: a uniformly shuffled shoe dealt to the seats in any fixed "
        "order gives every seat the same chance of every hand." + tested,
        change="Deal from a shuffled order of seats.",
        section=DEALS,
        command="negenlab study polymer deals --seed 2024",
    )


def _tuned_length(candidate: dict) -> str:
    """A tuning candidate's mean longest polymer with its interval."""
    return value_text(candidate["len_mean"], candidate["len_mean_lo"], candidate["len_mean_hi"])


@CLAIMS.measures("deal_lengths", strengths=RUNG_PLAYERS)
def _deal_lengths(x: ClaimInputs) -> Evidence:
    if "deal_lengths" not in x.statistics:
        files = ", ".join(tuned_file(p, r) for r in RUNGS for p in TUNED_PLAYERS)
        return Evidence(
            Untested(f"The rules tuner's runs with bargainers and brokers (data/polymer/{files}) are not committed.")
        )
    runs = tuned_runs()
    best = {key: run["candidates"][0] for key, run in runs.items()}
    targets = "; ".join(f"{RUNG_LABELS[r]} {tuned_target(runs[(r, TUNED_PLAYERS[0])]):.1f} cards" for r in RUNGS)
    each = "; ".join(
        f"{RUNG_LABELS[r]}: "
        + ", ".join(
            f"{p} players at {best[(r, p)]['cards_per_player']} cards {_tuned_length(best[(r, p)])}"
            for p in TUNED_PLAYERS
        )
        for r in RUNGS
    )
    earlier = ""
    opened = {p: tuning_run("polymer", f"tune_{p}p.json", TUNED_NEEDS) for p in TUNED_PLAYERS}
    if all(run.get("candidates") for run in opened.values()):
        o5, o15 = (opened[p]["candidates"][0] for p in TUNED_PLAYERS)
        earlier = (
            " Under the earlier model (open hands, one card a trade, 4 proposal turns, cooperative players; target "
            f"10.1 cards, that model's 8-player length) 5 players at {o5['cards_per_player']} cards reached "
            f"{_tuned_length(o5)} and 15 players at {o15['cards_per_player']} cards {_tuned_length(o15)}."
        )
    dealt = {p: tuning_run("polymer", f"tune_{p}p_deal.json", TUNED_NEEDS) for p in TUNED_PLAYERS}
    before = ""
    if all(run.get("candidates") for run in dealt.values()):
        d5, d15 = (dealt[p]["candidates"][0] for p in TUNED_PLAYERS)
        before = (
            f" Before trading (the deal alone; target 1.9-2.9 cards, the 8-player deal's), 5 players at "
            f"{d5['cards_per_player']} cards reach {_tuned_length(d5)} ({d5['len_mean_target']}), 15 players at "
            f"{d15['cards_per_player']} cards {_tuned_length(d15)} ({d15['len_mean_target']})."
        )
    five = sorted({int(best[(r, TUNED_PLAYERS[0])]["cards_per_player"]) for r in RUNGS})
    most = max(int(best[(r, TUNED_PLAYERS[1])]["cards_per_player"]) for r in RUNGS)
    return Evidence(
        x.statistics["deal_lengths"],
        digits=2,
        sentence="At the table as played (hidden hands, the 10-minute clock), the rules tuner searched cards per "
        f"player at {' and '.join(map(str, TUNED_PLAYERS))} players for the mean longest polymer the same players reach at 8 players "
        f"({targets}: the bargaining study's 8-player tables, taken as the target, +-1 card); each best setting "
        f"measured again on the tuner's next seed. Mean longest polymer, 95% intervals: {each}. The verdict's "
        "number is each length less its target." + earlier + before,
        change=f"Deal {' or '.join(map(str, five))} cards at 5 players; at 15 players even the deck's limit of "
        f"{most} cards leaves polymers short: cap the table below 15 or add a third pack.",
        detail="; ".join(run["command"] for run in runs.values())
        + ". Judged with bargainers and with brokers in every seat: it holds or fails only where both agree. The "
        "earlier model's runs and the deal's: "
        + "; ".join(run["command"] for run in (*opened.values(), *dealt.values()) if run.get("command"))
        + " (they ran under the earlier model's defaults; to run them again add --set information=open --set "
        "max_cards=1 --set minutes=none --set trade_budget=4).",
        section=DEALS,
        command=runs[(RUNGS[-1], TUNED_PLAYERS[-1])]["command"],
        players=f"bargainers and brokers in every seat, {' and '.join(map(str, TUNED_PLAYERS))} players, hidden "
        "hands, the 10-minute clock",
    )


def _skill_evidence(x: ClaimInputs, claim_id: str, name: str, ladder: tuple[str, ...], table: str) -> Evidence:
    if name not in x.tables:
        return _not_committed(name, f"negenlab study polymer {name} --seed 2024")
    if claim_id not in x.statistics:
        return Evidence(Untested(f"Every rung of data/polymer/{name}.csv played every game exactly as the rung below."))
    rule = CLAIMS.claims[claim_id].rule
    small = [
        f"{label.split(' over ')[0]} wins more than its fair share, but by less than the {100 * (rule.margin or 0):.0f} "
        "points the claim asks for"
        for label, m in x.statistics[claim_id].steps
        if m.interval()[0] > rule.line(8) and m.interval()[1] < rule.line(8) + (rule.margin or 0)
    ]
    return Evidence(
        x.statistics[claim_id],
        players_count=8,
        sentence=f"One seat against the rung below in all the others, seats rotated on common deals ({table}; a unit is "
        f"8 games, one per seat). {skill_text(x.tables[name])}" + (f" So {'; '.join(small)}." if small else ""),
        change="Give the better trader more to win: play several rounds and average the scores, as the rules "
        "recommend, or reward planning in the score.",
        detail=f"The ladder {' < '.join(ladder)}; each step stopped by an SPRT of the fair share against five points "
        "more (alpha = beta = 0.05) or at its cap"
        + (
            f", looked at first at {HIDDEN_LADDER_UNITS} units; a decided step then played on up to "
            f"{HIDDEN_LADDER_MAX_UNITS} units until its {100 * (1 - HIDDEN_LADDER_CLEAR_ALPHA):g}% interval lies wholly "
            "on the decided side of the line halfway to five points more (a marginal result gets more games, not a "
            "verdict)"
            if name == "ladder_hidden"
            else ""
        )
        + ". A rung at exactly the fair share in every unit played the same games as the rung below and is left out "
        "of the verdict.",
        section=SKILL if name == "ladder" else SKILL_HIDDEN,
        command=f"negenlab study polymer {name} --seed 2024",
    )


@CLAIMS.measures("skill")
def _skill(x: ClaimInputs) -> Evidence:
    return _skill_evidence(x, "skill", "ladder", LADDER, "open hands, one card a trade, 4 proposal turns, 8 players")


@CLAIMS.measures("skill_hidden")
def _skill_hidden(x: ClaimInputs) -> Evidence:
    return _skill_evidence(x, "skill_hidden", "ladder_hidden", HIDDEN_LADDER, HIDDEN_TABLES)


@CLAIMS.measures("bundles", strengths=RUNG_PLAYERS)
def _bundles(x: ClaimInputs) -> Evidence:
    return _arm_evidence(x, "bundles", "Say that one card for one pays better than two for two.")


@CLAIMS.measures("tokens", strengths=RUNG_PLAYERS)
def _tokens(x: ClaimInputs) -> Evidence:
    if isinstance(x.statistics.get("tokens"), dict):
        moved, idle = [], []
        for rung in RUNGS:
            r = _long(x.tables[f"strategies_{rung}"], "tokens moved", f"{rung}, {RUNG_TOKENS} tokens each")
            tables, total = int(r["n"]), round(float(r["value"]) * int(r["n"]))
            moved.append(f"{total:,} token{'' if total == 1 else 's'} moved in {tables:,} tables of {rung}s")
            if float(r["value"]) == float(r["hi"]) == 0.0:
                idle.append(f"{tables:,} tables of {rung}s")
        if idle:
            return Evidence(
                Untested(
                    f"No token moved in {' or '.join(idle)} with {RUNG_TOKENS} tokens each ({HIDDEN_TABLES}; "
                    f"{'; '.join(moved)}): players who never use the tokens (a bargaining seat adds one only where it "
                    "tips a partner's answer, and a chain link asks one only as a toll) end with as many as they were "
                    "dealt, so their tables say nothing of what tokens decide, and a play verdict needs both its "
                    "player strengths.",
                    f"no token moved in {' or '.join(idle)}",
                ),
                section=BARGAINING,
            )
        return Evidence(
            x.statistics["tokens"],
            about="of tables decided by the most tokens held",
            sentence=f"Every seat the rung with {RUNG_TOKENS} tokens each ({HIDDEN_TABLES}): a bargaining seat "
            "adds a token where it tips a partner's answer, and a link of a chain asks one as a toll when the trade "
            f"would cost it less than a token's worth; {'; '.join(moved)}.",
            change="Drop the tokens from the tiebreak: they decide no games.",
            section=BARGAINING,
            command=RUNG_COMMANDS,
            players=f"{' and '.join(f'{r}s' for r in RUNGS)} in every seat, {RUNG_TOKENS} tokens each, {HIDDEN_TABLES}",
        )
    if "tokens" not in x.statistics:
        return _not_committed("strategies", STRATEGIES_COMMAND)
    strategies = x.tables["strategies"]
    moved = strategies[(strategies["information"] == "hidden") & (strategies["metric"] == "tokens moved")]
    ties = strategies[(strategies["information"] == "hidden") & (strategies["metric"] == "tables needing a tiebreak")]
    return Evidence(
        x.statistics["tokens"],
        about="of tables decided by the most tokens held",
        sentence=f"Every seat offers a token with each ask (sweetener), 3 tokens each; {HIDDEN_TABLES}."
        + (f" {rate_text(ties.iloc[0]['value'])} of tables need a tiebreak" if not ties.empty else "")
        + (f"; {moved.iloc[0]['value']:.1f} tokens move a table." if not moved.empty else "."),
        change="Drop the tokens from the tiebreak: they decide no games.",
        section=STRATEGIES,
        command=STRATEGIES_COMMAND,
    )


@CLAIMS.measures("timer", strengths=RUNG_PLAYERS)
def _timer(x: ClaimInputs) -> Evidence:
    if "timer" not in x.statistics:
        return _not_committed("strategies", STRATEGIES_COMMAND)
    model = (
        "on the table clock's time model (Rules.seconds_*, ours). The strategies ask for card types a partner may "
        "not hold, so a hidden table never goes quiet on its own; the clock figure shows the time model's "
        "constants halved and doubled."
    )
    if _by_rung(x, "timer"):
        also = _cooperative_text(x, "tables trading to the clock", "the share is", digits=3)
        return Evidence(
            x.statistics["timer"],
            about="of tables still trading at 10 minutes",
            sentence=f"Tables with every seat a bargainer, and with every seat a broker, {HIDDEN_TABLES}, on the table "
            "clock's time model (Rules.seconds_*, ours); the clock figure shows the time model's constants halved and "
            f"doubled.{also}",
            change="Shorten the timer: tables go quiet before it ends.",
            detail="Judged with two players, the two strongest decided rungs of the hidden ladder: it holds or fails only where "
            "both agree.",
            section=STRATEGIES,
            command=RUNG_COMMANDS,
            players=EVERY_SEAT_RUNG,
        )
    return Evidence(
        x.statistics["timer"],
        about="of tables still trading at 10 minutes",
        sentence=f"Cooperative tables, {HIDDEN_TABLES}, {model}",
        change="Shorten the timer: tables go quiet before it ends.",
        section=STRATEGIES,
        command=STRATEGIES_COMMAND,
    )


def committed_recheck() -> pd.DataFrame | None:
    """The committed re-measurement of the verdicts (``data/polymer/recheck.csv``), or None."""
    try:
        return committed_table("polymer", "recheck", TABLES["recheck"])
    except MissingDataError:
        return None


def committed_inputs() -> ClaimInputs:
    """The committed tables the verdicts read (:func:`~negenlab.polymer.study.committed_claim_tables`)
    and those their sentences quote (a missing one is left out)."""
    tables = committed_claim_tables()
    for name in ("deals", "policies_8p", "pace"):
        try:
            tables[name] = committed_table("polymer", name, TABLES[name])
        except MissingDataError:
            continue
    return ClaimInputs(tables)


def verdicts(tables: dict[str, pd.DataFrame] | None = None, recheck: pd.DataFrame | None = None) -> list[Finding]:
    """One verdict per claim of the Polymer register, judged as one family, each statistical one
    beside its re-measurement on a fresh seed (``recheck``: the rows of ``recheck.csv``, default the
    committed ones; an empty table for none). ``tables``: the study tables by name (default the
    committed ones).

    >>> strategies = pd.DataFrame({"information": ["hidden"], "metric": ["score change"],
    ...     "group": ["monopolist among cooperative"], "value": [-8.3], "lo": [-10.6], "hi": [-6.1], "n": [504],
    ...     "method": ["normal"]})
    >>> f = next(f for f in verdicts({"strategies": strategies}, recheck=pd.DataFrame()) if f.claim_id == "monopoly")
    >>> f.verdict, f.sentence.split(":")[0]  # the table policies are one player strength: a verdict needs both
    ('untested', 'Not measured under bargainers and brokers, its player strengths')
    """
    inputs = committed_inputs() if tables is None else ClaimInputs(dict(tables))
    fresh = committed_recheck() if recheck is None else recheck
    if fresh is not None:
        fresh = _duration_rows_at_both_ends(rechecks_of_the_same_measurement(fresh, inputs.statistics))
        if recheck is None and tables is None:  # the committed page: leave out a re-measurement older than its table
            made = {name: str(data_json("polymer", f"{name}.json", must_exist=False).get("created", "")) for name in
                    inputs.tables}  # fmt: skip
            stale = rechecks_older_than_their_tables(
                str(data_json("polymer", "recheck.json", must_exist=False).get("created", "")), made, inputs.tables
            )
            fresh = fresh[~fresh["claim"].isin(stale)]
    return CLAIMS.findings(inputs, fresh)


def rechecks_older_than_their_tables(
    recheck_created: str, created: dict[str, str], tables: dict[str, pd.DataFrame]
) -> set[str]:
    """The claims whose re-measurement (made at ``recheck_created``, ISO time) is older than a table its
    committed number reads (``created``: each table's time by name; a table is read by a claim when leaving
    it out changes or drops the claim's statistic): that table was played again since (new players, a
    fixed rule), so the old re-measurement is not of the same players and is not shown.

    >>> from negenlab.core.summary_table import long_table, mean_row
    >>> t = long_table([mean_row("score change", [-3, -4, -5], "revealing among concealing")])
    >>> t.insert(0, "information", "hidden")
    >>> sorted(rechecks_older_than_their_tables("2026-01-02", {"strategies": "2026-01-03"}, {"strategies": t}))
    ['reveal']
    >>> rechecks_older_than_their_tables("2026-01-04", {"strategies": "2026-01-03"}, {"strategies": t})
    set()
    """
    every = claim_statistics(tables)
    stale: set[str] = set()
    for name, made in created.items():
        if not made or not recheck_created or made <= recheck_created:
            continue
        without = claim_statistics({k: v for k, v in tables.items() if k != name})
        stale |= {cid for cid, s in every.items() if cid not in without or without[cid] != s}
    return stale


def rechecks_of_the_same_measurement(recheck: pd.DataFrame, stats: dict[str, Any]) -> pd.DataFrame:
    """The rows of ``recheck`` that re-measure what the page measures now: a claim's rows are kept only
    when their player strengths, steps and seats are those of the claim's committed statistic
    (``stats``), so a re-measurement of an earlier experiment (the table policies before the bargaining
    rungs, a ladder with other rungs) is never read as a re-measurement of the new one; that claim is
    then shown without one until ``negenlab study polymer recheck`` runs again.

    >>> from negenlab.core.claims import Measure
    >>> now = {"reveal": {"bargainers": Measure.of_interval(-1, -2, 0, 50), "brokers": Measure.of_interval(1, 0, 2, 50)}}
    >>> old = pd.DataFrame(recheck_rows("reveal", Measure.of_interval(-4, -6, -2, 504), 2025))
    >>> len(rechecks_of_the_same_measurement(old, now)), len(rechecks_of_the_same_measurement(old, {}))
    (0, 0)
    >>> same = pd.DataFrame(recheck_rows("reveal", now["reveal"], 2025))
    >>> len(rechecks_of_the_same_measurement(same, now))
    2
    """
    if recheck.empty:
        return recheck

    def shape(rows: pd.DataFrame) -> set[tuple[str, str, str]]:
        """The (player strength, step, seat) of every row, as text ('' where a row has none)."""
        parts = [
            rows["players"].map(lambda v: "" if pd.isna(v) else str(v)),
            rows["step"].map(lambda v: "" if pd.isna(v) else str(v)),
            rows["seat"].map(lambda v: "" if v is None or pd.isna(v) else str(int(v))),
        ]
        return set(zip(*parts, strict=True))

    keep = [
        rows
        for cid, rows in recheck.groupby("claim", sort=False)
        if str(cid) in stats and shape(rows) == shape(pd.DataFrame(recheck_rows(str(cid), stats[str(cid)], 0)))
    ]
    return pd.concat(keep, ignore_index=True) if keep else recheck.iloc[:0]


def committed_verdicts() -> VerdictLines:
    """The Polymer page's verdict lines from the committed tables alone, as the page and the
    notebook's verdict cell show them first."""
    found = verdicts()
    return VerdictLines(found, family_sentence(judged_family(found)))


__all__ = [
    "CLAIMS",
    "ClaimInputs",
    "TITLE",
    "boundary_text",
    "build",
    "committed_recheck",
    "committed_verdicts",
    "deal_text",
    "holdout_text",
    "live_study",
    "load_optional",
    "load_studies",
    "pace_minutes",
    "pace_text",
    "rechecks_of_the_same_measurement",
    "rechecks_older_than_their_tables",
    "skill_text",
    "trading_text",
    "verdicts",
]
