"""The Polymer page of ``negenlab report``.

Findings first; then the committed studies (``negenlab study polymer ...``, tables in
``data/polymer``): the deal table and its seats, the trading policies on the same deals, the skill
trace, how long a table trades, a player who halts trading and phase boundaries; then the exact
solver and a small fresh sample of the cosmic-ray and handicap variants. A missing committed
table is said with a warning and replaced by a small live run. The page takes seconds;
``--games N`` sizes the fresh sample (and the live runs that replace missing tables).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pandas as pd

from negenlab.core.data import MissingDataError, data_json
from negenlab.core.errors import InvalidInputError
from negenlab.core.findings import Finding, skill_trace_finding
from negenlab.core.game import seat_name
from negenlab.core.metrics import rate_text, value_text
from negenlab.core.studies import committed_table
from negenlab.core.summary_table import wide
from negenlab.core.tune import versus_text
from negenlab.report.studies import command_of, made_by, missing_warning, skill_section

from .agents import POLICIES
from .cards import Card, random_hand
from .rules import OPEN_MODEL, Rules
from .solver import longest_polymer, solve
from .study import SECONDS_PER_ACTION, TABLES
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


def _solver_section(page, seed: int) -> dict:
    page.heading("Polymer validity and the exact solver")
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


DEALS = "Is the deal table fair?"
TRADING = "Does trading pay? The policies on the same deals"
SKILL = "Skill trace: does the better trader win?"
PACE = "How long does trading take?"
HOLDOUT = "A player who halts trading"
BOUNDARIES = "Phase boundaries"
SOLVER = "Polymer validity and the exact solver"
FRESH = "A fresh sample: cosmic rays and handicaps"
STRATEGIES = "The source's strategy advice at a hidden-information table"
STUDY_NAMES = ("deals", "policies_5p", "policies_8p", "ladder", "pace", "holdout")
TIMER_MINUTES = 10  # the trading time the rules allot
LIVE_TABLES = 30  # tables per setting of a live run that replaces a missing committed table


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
    from negenlab.core.studies import StudyContext

    from . import study as S

    n = options.games or LIVE_TABLES
    ctx = StudyContext("polymer", name, seed=options.seed, workers=options.workers, progress=lambda line: None)
    runs = {
        "deals": lambda: S.deals_study(ctx, deals=10 * n),
        "policies_5p": lambda: S.policies_study(ctx, 5, games=n),
        "policies_8p": lambda: S.policies_study(ctx, 8, games=n),
        "holdout": lambda: S.holdout_table_study(ctx, games=n),
        "pace": lambda: S.pace_tables_study(ctx, games=max(n // 3, 5)),
        "ladder": lambda: S.ladder_study(ctx, max_units=5, min_units=5),
    }
    if name not in runs:
        raise InvalidInputError(f"Polymer has no study {name!r}; expected one of {', '.join(runs)}")
    table = runs[name]().table
    if table is None:  # a study that writes its own tables has nothing to show live
        raise InvalidInputError(f"Polymer study {name!r} returns no table to show")
    table.attrs["negenlab"] = {"command": options.command("polymer"), "seed": options.seed, "live": True}
    return table


def _warn_missing(page, name: str, missing: list[str]) -> None:
    if name in missing:
        missing_warning(page, "polymer", name, ": this section shows a small live run instead")


def build(page, options) -> None:
    tables, missing = load_studies(options)
    for name in OPTIONAL_TABLES:
        table = load_optional(name)
        if table is not None:
            tables[name] = table
    _deals_section(page, tables["deals"], missing)
    _trading_section(page, tables, missing)
    _skill_section(page, tables["ladder"], missing)
    _pace_section(page, tables["pace"], missing)
    _holdout_section(page, tables["holdout"], missing)
    if "strategies" in tables:
        _strategies_section(page, tables["strategies"])
    hidden_ladder = tables.get("ladder_hidden")
    if hidden_ladder is not None:
        skill_section(
            page,
            hidden_ladder,
            "polymer",
            "The same skill trace at 8-seat hidden-information tables under the 10-minute clock, with the "
            "strategies that see only their own seat; its top rung searches: it deals the cards it has not "
            "seen to the other hands many times and asks for what pays best on average.",
            "Polymer skill trace at a hidden-information table, 8 players",
        )
    _boundaries_section(page, tables, missing, options.seed)
    extra = _solver_section(page, options.seed)
    _fresh_section(page, options)
    page.verdicts(verdicts(tables, options.command("polymer")))
    page.findings(findings(tables, options.command("polymer")), heading="Findings in detail")
    page.provenance(
        rules=Rules(players=8),
        earlier_model=OPEN_MODEL,
        agents=[policy_agent(p) for p in POLICIES],
        seed=options.seed,
        command=options.command("polymer"),
        committed_tables={name: command_of(t, "live run") for name, t in tables.items()},
        seconds_per_action_assumed=SECONDS_PER_ACTION,
        **extra,
    )


OPTIONAL_TABLES = ("policies_hidden", "strategies", "ladder_hidden")
"""The committed tables of the table as played, shown when present."""


def load_optional(name: str) -> pd.DataFrame | None:
    """A committed study table of the hidden-information model (``negenlab study polymer <name>``),
    or None before it is run."""
    try:
        return committed_table("polymer", name, TABLES[name])
    except MissingDataError:
        return None


def _strategies_section(page, table: pd.DataFrame) -> None:
    import matplotlib.pyplot as plt

    from .plot import plot_strategies

    page.heading(STRATEGIES)
    page.text(
        "Each claim is a paired experiment on 8-seat tables under the 10-minute clock: one seat plays the "
        "strategy while the other seven play their policy, against the same deals with every seat playing that "
        "policy; the strategy takes every seat in turn. At a hidden-information table a seat sees its own hand "
        "and the public record and asks for card types; at an open table the same strategies see every hand. "
        "The change is the strategy seat's score (for halting: its two neighbours' mean score)."
    )
    fig, ax = plt.subplots(figsize=(8, 3.2))
    plot_strategies(table, ax=ax)
    page.figure(fig, caption="Paired score change per strategy, hidden and open information (95% intervals)")
    if table["group"].fillna("").str.startswith("time model x").any():
        from .plot import plot_clock_sensitivity

        fig, axes = plt.subplots(1, 2, figsize=(8, 3))
        plot_clock_sensitivity(table, axes=axes)
        page.figure(
            fig,
            caption="Cooperative hidden tables with every action's seconds halved, as set, and doubled: "
            "the clock's constants decide how much trading the 10 minutes hold (95% intervals)",
        )
    page.table(table, caption=made_by(table, "polymer"), folded="Strategy table")


def policy_agent(spec: str):
    from .study import policy_agents

    return policy_agents(spec, 1)[0]


def _deals_section(page, deals: pd.DataFrame, missing: list[str]) -> None:
    import matplotlib.pyplot as plt

    from .plot import plot_length_by_players, plot_length_histogram

    page.heading(DEALS)
    _warn_missing(page, "deals", missing)
    page.text(
        "Every seat of random deals for 5 to 15 players, before any trade: the longest polymer of the dealt "
        "hand (the deal table sets the hand size). Seats of one deal share a shoe, so the intervals of the "
        "means treat slightly dependent seats as independent. The seat test asks whether the seat positions "
        "have the same mean length, with the deals as blocks."
    )
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


def _trading_section(page, tables: dict[str, pd.DataFrame], missing: list[str]) -> None:
    import matplotlib.pyplot as plt

    from .plot import plot_policy_differences
    from .study import policy_differences

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
        "step of 8-seat games with a searching seat takes far longer than the other rungs.",
        f"Polymer skill trace, {players} players",
    )


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


def _pace_section(page, pace: pd.DataFrame, missing: list[str]) -> None:
    page.heading(PACE)
    _warn_missing(page, "pace", missing)
    page.text(
        "The simulation has no clock: each player gets proposal turns. To see how much trading a table wants, "
        "cooperative tables get far more turns than they use and trade until a full round passes. An action is "
        "every decision but a pass: a proposal, an answer (each link of a chain answers), a loan call or a "
        "repayment. Players trade in parallel, so a table's trading time is about one player's actions times "
        f"the time an action takes; {SECONDS_PER_ACTION} s is an assumption, not a measurement, and the last "
        "column gives the time per action at which trading would fill the rules' 10 minutes. The gain over the "
        f"timed table compares the same deals played with {Rules().trade_budget} turns each."
    )
    page.table(pace_minutes(pace), caption=made_by(pace, "polymer"), folded="Trading until the table goes quiet")


def _holdout_section(page, holdout: pd.DataFrame, missing: list[str]) -> None:
    import matplotlib.pyplot as plt

    from .plot import plot_holdout

    page.heading(HOLDOUT)
    _warn_missing(page, "holdout", missing)
    page.text(
        f"{seat_name(0).capitalize()} rejects every proposal and proposes nothing while the other seven trade cooperatively; the same "
        "deals are played with everybody cooperative. Changes are paired per table (halted minus trading), by "
        "distance from that seat (distance 1: both neighbours, averaged)."
    )
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.4))
    plot_holdout(holdout, ax=axes[0], metric="length change")
    plot_holdout(holdout, ax=axes[1], metric="score change")
    page.figure(
        fig,
        caption="Change in longest polymer and in score when seat 1 (first) halts trading, by distance (95% intervals)",
    )
    page.table(holdout, caption=made_by(holdout, "polymer"), folded="Halting-trade table")


def _boundaries_section(page, tables: dict[str, pd.DataFrame], missing: list[str], seed: int) -> None:
    from .game import is_boundary
    from .study import play_table

    page.heading(BOUNDARIES)
    page.text(
        "A phase boundary: two neighbours of whom one has a polymer at least twice as long and at least 3 cards "
        f"longer than the other's (so {'' if is_boundary(0, 3) else 'not '}0 next to 3, "
        f"{'' if is_boundary(4, 8) else 'not '}4 next to 8). A seat is beside a boundary when it is one of such "
        "a pair. The score gap compares, within one table, the mean score of the seats beside a boundary with "
        "that of the others (tables with both kinds)."
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
    rows = pd.concat([tables[n] for n in ("policies_8p", "policies_5p")], ignore_index=True)
    page.table(
        rows[[c for c in cols if c in rows]],
        caption="From the policy tables above",
        folded="Phase boundaries per policy and table size",
    )
    meta = tables["policies_8p"].attrs.get("negenlab", {})
    final = play_table(8, "cooperative", seed=int(meta.get("seed", seed)))
    page.raw_html(table_svg(**final.table_facts()))
    page.text(
        "Game 0 of the cooperative 8-player tables, replayed: disc size = polymer length; red edges = phase "
        "boundaries; gold = winner."
    )


def _fresh_section(page, options) -> None:
    from .study import handicap_study, policy_study, policy_summary

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


# -- findings --------------------------------------------------------------------------------------


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


def _ci_row(row: dict[str, Any], digits: int = 2) -> str:
    return value_text(row["value"], row["lo"], row["hi"], digits=digits)


def _interval_verdict(lo: float, hi: float, want_below: bool) -> str:
    """holds when the interval lies wholly on the claimed side of 0, fails on the other, else undecided."""
    if (hi < 0) if want_below else (lo > 0):
        return "holds"
    if (lo > 0) if want_below else (hi < 0):
        return "fails"
    return "undecided"


def committed_verdicts(command: str = "negenlab report polymer") -> list[Finding]:
    """The Polymer page's verdict lines from the committed tables alone (a missing table leaves its
    claims out, where the page would show a small live run): what the notebook's verdict cell shows.

    >>> len([f for f in committed_verdicts() if f.verdict != "untested"]) >= 3
    True
    """
    tables = {}
    for name in STUDY_NAMES:
        try:
            tables[name] = committed_table("polymer", name, TABLES[name])
        except MissingDataError:
            continue
    for name in OPTIONAL_TABLES:
        table = load_optional(name)
        if table is not None:
            tables[name] = table
    return verdicts(tables, command)


def verdicts(tables: dict[str, pd.DataFrame], command: str) -> list[Finding]:
    """One verdict per designer claim the Polymer studies test (a claim whose table is absent is left
    out), from the same tables as :func:`findings`; the tables made before the table model ran the
    earlier model (``rules.OPEN_MODEL``: open hands, one card a trade, a proposal budget).

    >>> deals = pd.DataFrame({"players": [5, 15], "deals": [10, 10], "seat_p": [0.4, 0.6], "seat_min": [5.1, 0.2],
    ...                       "seat_max": [5.3, 0.3]})
    >>> [(f.claim, f.verdict) for f in verdicts({"deals": deals}, "negenlab report polymer")][:1]
    [('the deal treats every seat alike', 'holds')]
    """
    out = []
    if "deals" in tables:
        d = tables["deals"]
        worst = d.loc[d["seat_p"].idxmin()]
        bar = 0.05 / len(d)
        out.append(
            Finding(
                claim="the deal treats every seat alike",
                verdict="holds" if worst["seat_p"] >= bar else "fails",
                number=f"smallest p = {worst['seat_p']:.3f} ({int(worst['players'])} players) of {len(d)} tests",
                n=int(d["deals"].sum()),
                sentence="A test of equal mean polymer length per seat position at every player count.",
                change="Deal from a shuffled order of seats.",
                detail=f"Two-way analysis of variance with the deals as blocks; {len(d)} player counts tested at "
                f"5% together (Bonferroni: each at p < {bar:.4f}).",
                section=DEALS,
                command=command_of(d, command),
            )
        )
    if "policies_8p" in tables and "policies_5p" in tables:
        p8, p5 = tables["policies_8p"], tables["policies_5p"]
        c8 = _by(p8, "policy", "cooperative")
        trading = pd.concat([p8, p5])
        trading = trading[trading["policy"] != "no_trade"]
        every = bool((trading["score_gain_lo"] > 0).all() and (trading["gain_lo"] > 0).all())
        out.append(
            Finding(
                claim='"it is advisable to permit trades"',
                verdict="holds" if every else "undecided",
                number=f"cooperative trading adds {value_text(c8['length_gain'], c8['gain_lo'], c8['gain_hi'])} "
                "cards to each seat's longest polymer at 8 players",
                n=int(c8["games"]),
                sentence="Every trading policy against no trade on the same deals, at 5 and 8 players.",
                change="None needed.",
                section=TRADING,
                command=command_of(p8, command),
            )
        )
    if "policies_hidden" in tables:
        h = tables["policies_hidden"]
        ch = _by(h, "policy", "cooperative")
        out.append(
            Finding(
                claim='"it is advisable to permit trades", at hidden tables under the clock',
                verdict=(
                    "holds"
                    if ch["gain_lo"] > 0 and ch["score_gain_lo"] > 0
                    else ("fails" if ch["gain_hi"] <= 0 else "undecided")
                ),
                number=f"cooperative trading adds {value_text(ch['length_gain'], ch['gain_lo'], ch['gain_hi'])} "
                "cards to each seat's longest polymer at 8 players"
                + (
                    " (open hands: {})".format(
                        value_text(*(_by(tables["policies_8p"], "policy", "cooperative")[k] for k in GAIN))
                    )
                    if "policies_8p" in tables
                    else ""
                ),
                n=int(ch["games"]),
                sentence="The earlier finding re-measured at the game's defaults: the same policies and deals, each "
                "seat seeing only its own hand, trading stopped at 10 minutes of table time.",
                change="None needed for the rule; hidden hands cut how much trading 10 minutes hold (the time model "
                "is an assumption, see the strategies' clock figure).",
                section=TRADING,
                command=command_of(h, command),
            )
        )
    if "ladder" in tables:
        out.append(
            skill_trace_finding(
                tables["ladder"],
                "the better trader wins more often",
                sentence="One seat against the rung below in all the others, seats rotated.",
                change="Reward planning (e.g. score the longest polymer at the end of several rounds).",
                detail="Each step decided by an SPRT (alpha = beta = 0.05); a unit is one set of seat-rotated games.",
                section=SKILL,
                command=command_of(tables["ladder"], command),
            )
        )
    if "pace" in tables:
        big = pace_minutes(tables["pace"]).sort_values("players").iloc[-1]
        lo, hi = float(big["minutes_lo"]), float(big["minutes_hi"])
        out.append(
            Finding(
                claim='"takes about 15 minutes" (trading, 12-18 minutes)',
                verdict="holds" if 12 <= lo and hi <= 18 else ("fails" if hi < 12 or lo > 18 else "undecided"),
                number=f"{value_text(big['minutes'], digits=1)} minutes of trading at {int(big['players'])} players",
                n=int(big["tables"]),
                interval=(round(lo, 1), round(hi, 1)),
                sentence=f"A cooperative table left without a timer, at an assumed {SECONDS_PER_ACTION} s per action.",
                change=f"Keep the {TIMER_MINUTES}-minute timer: trading ends well before it.",
                detail="The minutes rest on the seconds per action (a model assumption) and on the earlier "
                "model (open hands, one card a swap, no clock); at hidden tables trading runs to the clock "
                "(the strategies section).",
                section=PACE,
                command=command_of(tables["pace"], command),
            )
        )
    if "holdout" in tables:
        nb = _long(tables["holdout"], "length change", "distance 1")
        out.append(
            Finding(
                claim='a player who halts trading "can be very dangerous to their neighbors"',
                verdict=_interval_verdict(float(nb["lo"]), float(nb["hi"]), want_below=True),
                number=f"each neighbour's longest polymer changes by {value_text(nb['value'], nb['lo'], nb['hi'])} cards",
                n=int(nb["n"]),
                sentence="One seat refuses every trade while the other seven trade cooperatively, paired on the same "
                "deals traded by everyone.",
                change="None: the claim is what the rule intends.",
                section=HOLDOUT,
                command=command_of(tables["holdout"], command),
            )
        )
    if "policies_8p" in tables:
        c = _by(tables["policies_8p"], "policy", "cooperative")
        out.append(
            Finding(
                claim='"avoid becoming a boundary"',
                verdict=_interval_verdict(float(c["boundary_gap_lo"]), float(c["boundary_gap_hi"]), want_below=True),
                number=f"seats beside a phase boundary score "
                f"{value_text(c['boundary_gap'], c['boundary_gap_lo'], c['boundary_gap_hi'], digits=1)} points "
                "against the rest of their table",
                n=int(c["boundary_gap_tables"]),
                sentence="Cooperative 8-player tables with both kinds of seat.",
                change="None: the advice follows from the scoring.",
                section=BOUNDARIES,
                command=command_of(tables["policies_8p"], command),
            )
        )
    tuned = {p: data_json("polymer", f"tune_{p}p.json", must_exist=False) for p in (5, 15)}
    dealt = {p: data_json("polymer", f"tune_{p}p_deal.json", must_exist=False) for p in (5, 15)}
    if all(run.get("candidates") for run in tuned.values()):
        five, fifteen = (tuned[p]["candidates"][0] for p in (5, 15))
        before = ""
        if all(run.get("candidates") for run in dealt.values()):
            d5, d15 = (dealt[p]["candidates"][0] for p in (5, 15))
            deal8 = ""
            if "deals" in tables and (tables["deals"]["players"] == 8).any():
                e = tables["deals"].set_index("players").loc[8]
                deal8 = (
                    f"the 8-player deal gives {value_text(e['mean_length'], e['length_lo'], e['length_hi'])} cards; "
                )
            before = (
                f" Before trading (the deal alone; {deal8}target 1.9-2.9 cards), 5 players at "
                f"{d5['cards_per_player']} cards reach "
                f"{value_text(d5['len_mean'], d5['len_mean_lo'], d5['len_mean_hi'])} ({d5['len_mean_target']}), 15 "
                f"players at {d15['cards_per_player']} cards {value_text(d15['len_mean'], d15['len_mean_lo'], d15['len_mean_hi'])} "
                f"({d15['len_mean_target']})."
            )
        out.append(
            Finding(
                claim="the deal can give every player count the 8-player polymer lengths",
                verdict="holds" if fifteen["len_mean_target"] == "met" else "fails",
                number=f"15 players at {fifteen['cards_per_player']} cards reach "
                f"{value_text(fifteen['len_mean'], fifteen['len_mean_lo'], fifteen['len_mean_hi'])}; 5 players at "
                f"{five['cards_per_player']} cards {value_text(five['len_mean'], five['len_mean_lo'], five['len_mean_hi'])} "
                "(target 9.1-11.1 cards)",
                n=int(fifteen["len_mean_n"]) + int(five["len_mean_n"]),
                sentence="The rules tuner searched cards per player at 5 and 15 players for the longest polymer after "
                "cooperative trading of the 8-player game (10.1 cards, +-1), under the earlier model (open hands, one "
                "card a trade, 4 proposal turns each); each best setting measured again on the next seed." + before,
                change=f"Deal {five['cards_per_player']} cards at 5 players; at 15 players even the deck's limit of "
                f"{fifteen['cards_per_player']} cards leaves polymers short: cap the table below 15 or add cards.",
                detail="; ".join(
                    [run["command"] for run in (*tuned.values(), *dealt.values()) if run.get("command")]
                    + [f"5 players: {versus_text(five, 'len_mean', 'cards')}"]
                )
                + ".",
                section=DEALS,
                command=tuned[15]["command"],
            )
        )
    out += strategy_verdicts(tables.get("strategies"), command)
    hidden_claim = "at a hidden-information table the better trader wins more often"
    if "ladder_hidden" in tables:
        out.append(
            skill_trace_finding(
                tables["ladder_hidden"],
                hidden_claim,
                sentence="One seat against the rung below in all the others, seats rotated, at 8-seat hidden tables "
                "under the 10-minute clock; the top rung searches the hands it cannot see.",
                change="Reward planning: hidden hands leave little for skill to win.",
                detail="Each step decided by an SPRT (alpha = beta = 0.05); a unit is one set of seat-rotated games. "
                "A rung at exactly the fair share in every unit played the same games as the rung below (at hidden "
                "tables the cooperative seat's tolerance of one card never came into play).",
                section=STRATEGIES,
                command=command_of(tables["ladder_hidden"], command),
            )
        )
    else:
        out.append(
            Finding(
                claim=hidden_claim,
                verdict="untested",
                number="not measured",
                sentence="The hidden-table ladder has not been run here: negenlab study polymer ladder_hidden.",
            )
        )
    out.append(
        Finding(
            claim="6-10 players recommended (a verdict per player count)",
            verdict="untested",
            number="not measured",
            sentence="A verdict per count needs a criterion of a good game at each count (length, fairness, "
            "pace) under the table's own trading; the trading model is being rebuilt (hidden hands, clock).",
        )
    )
    out.append(
        Finding(
            claim='games "frequently end with everyone in a long-chain phase"',
            verdict="untested",
            number="not measured",
            sentence="The policy tables count phase boundaries per table but not tables that end with no "
            "boundary and every seat long-chained.",
        )
    )
    return out


def strategy_verdicts(table: pd.DataFrame | None, command: str) -> list[Finding]:
    """One verdict per claim of the strategy study, decided under hidden information (the game),
    with the open model's number beside it; and whether a hidden table still trades at 10 minutes.
    Without the study's table (``None``) each claim is untested, saying the command that tests it.

    >>> from negenlab.core.summary_table import long_table, mean_row
    >>> t = long_table([mean_row("score change", [-3, -4, -5], "revealing among concealing")])
    >>> t.insert(0, "information", "hidden")
    >>> [(f.verdict, f.n) for f in strategy_verdicts(t, "negenlab study polymer strategies")]
    [('holds', 3)]
    """
    from .study import STRATEGY_CLAIMS

    clock_claim = '"set a countdown timer for 10 minutes": a hidden-information table still trades when it ends'
    tokens_claim = 'good-faith tokens "as additional incentives" decide some ties'
    if table is None:
        return [
            Finding(
                claim=claim,
                verdict="untested",
                number="not measured",
                sentence="The strategy study has not been run here: negenlab study polymer strategies.",
            )
            for claim in [c for c, *_ in STRATEGY_CLAIMS] + [tokens_claim, clock_claim]
        ]
    out = []
    for claim, strategy, others, whose, sign in STRATEGY_CLAIMS:
        group = f"{strategy} among {others}"
        rows = {
            info: table[
                (table["information"] == info) & (table["metric"] == "score change") & (table["group"] == group)
            ]
            for info in ("hidden", "open")
        }
        if rows["hidden"].empty:
            continue
        h = rows["hidden"].iloc[0]
        who = "the strategy seat's score" if whose == "self" else "its neighbours' score"
        number = f"{who} changes by {value_text(h['value'], h['lo'], h['hi'], digits=1)} points (hidden)"
        if not rows["open"].empty:
            o = rows["open"].iloc[0]
            number += f"; open hands: {value_text(o['value'], o['lo'], o['hi'], digits=1)}"
        verdict = _interval_verdict(float(h["lo"]), float(h["hi"]), want_below=sign < 0)
        same = float(h["lo"]) == float(h["hi"]) == 0.0
        out.append(
            Finding(
                claim=claim,
                verdict=verdict,
                number=number,
                n=int(h["n"]),
                interval=(round(float(h["lo"]), 1), round(float(h["hi"]), 1)),
                sentence=f"One seat plays {strategy} among {others} players, paired with the same deals played by "
                f"all {others}, the seat rotated; 8 seats, 10-minute clock, hidden information."
                + (
                    f" The {strategy} seat played every table exactly as {others} would: no trade it treats "
                    "differently came up (these strategies ask neighbours only, so no chain runs through a seat)."
                    if same
                    else ""
                ),
                change="None: the advice matches the table."
                if verdict == "holds"
                else "Say so in the strategy notes: at the table modelled here the advice does not pay."
                if verdict == "fails"
                else "Play more tables (negenlab study polymer strategies --tables ...).",
                detail="The strategies trade one card at a time, the bundler two for two (docs/polymer_table.md); "
                "the open-information number is the same experiment with every hand visible.",
                section=STRATEGIES,
                command=command_of(table, command),
            )
        )
    tokens = table[table["metric"] == "tables decided by tokens"]
    if not tokens.empty:
        t = tokens.iloc[0]
        moved = table[table["metric"] == "tokens moved"]
        out.append(
            Finding(
                claim=tokens_claim,
                verdict="holds" if float(t["lo"]) > 0 else "fails",
                number=f"{rate_text(t['value'], t['lo'], t['hi'])} of tables are decided by tokens"
                + (f"; {value_text(moved.iloc[0]['value'], digits=1)} tokens move a table" if not moved.empty else ""),
                n=int(t["n"]),
                interval=(round(float(t["lo"]), 3), round(float(t["hi"]), 3)),
                sentence=f"8-seat hidden tables under the clock where every seat offers a token with each ask "
                f"({t['group']}); the winner is the top score, then the most tokens held.",
                change="None: tokens break ties as the rules intend."
                if float(t["lo"]) > 0
                else "Tokens never break a tie here: drop them from the tiebreak or make them scarcer.",
                section=STRATEGIES,
                command=command_of(table, command),
            )
        )
    clock = table[(table["information"] == "hidden") & (table["metric"] == "tables trading to the clock")]
    if not clock.empty:
        c = clock.iloc[0]
        minutes = table[
            (table["information"] == "hidden") & (table["metric"] == "trading minutes") & (table["group"] == c["group"])
        ]
        m = minutes.iloc[0] if not minutes.empty else None
        lo, hi = float(c["lo"]), float(c["hi"])
        out.append(
            Finding(
                claim=clock_claim,
                verdict="holds" if lo > 0.5 else ("fails" if hi < 0.5 else "undecided"),
                number=f"{rate_text(c['value'], c['lo'], c['hi'])} of tables trade until the clock stops them"
                + (
                    f"; trading lasts {value_text(m['value'], m['lo'], m['hi'], digits=1)} minutes"
                    if m is not None
                    else ""
                ),
                n=int(c["n"]),
                interval=(round(lo, 3), round(hi, 3)),
                sentence=f"Tables of {c['group'].removeprefix('baseline ')} players, hidden information, on the table "
                "clock's time model (Rules.seconds_*).",
                change="None: the timer, not the table, ends trading."
                if lo > 0.5
                else "A shorter timer would lose nothing: tables go quiet before it.",
                detail="The minutes rest on the time model's constants, a model assumption. The strategies ask for "
                "card types a partner may not hold, so a hidden table never goes quiet on its own; at an open table, "
                "where they ask only seats holding the card, cooperative tables go quiet after about 6 minutes.",
                section=STRATEGIES,
                command=command_of(table, command),
            )
        )
    return out


def findings(tables: dict[str, pd.DataFrame], command: str) -> list[dict]:
    """The Polymer page's numbered findings from the study tables (``deals``, ``policies_8p``,
    ``policies_5p``, ``ladder``, ``pace``, ``holdout``; a finding whose tables are absent is left
    out): each with n and a 95% interval, the designer claim it tests, its section and the command
    that made its table (``command`` when the table records none).

    >>> deals = pd.DataFrame({"players": [5, 15], "hand_size": [20, 6], "seats": [50, 150],
    ...     "mean_length": [5.2, 0.25], "length_lo": [5.1, 0.2], "length_hi": [5.3, 0.3], "no_polymer": [0.02, 0.9],
    ...     "no_polymer_lo": [0.01, 0.85], "no_polymer_hi": [0.03, 0.95], "deals": [10, 10], "seat_min": [5.1, 0.2],
    ...     "seat_max": [5.3, 0.3], "seat_p": [0.4, 0.6], "table_gap": [4.5, 2.1], "table_gap_lo": [4.4, 2.0],
    ...     "table_gap_hi": [4.6, 2.2]})
    >>> [f["claim"] for f in findings({"deals": deals}, "negenlab report polymer")]
    ['the deal table', 'the deal treats every seat alike']
    """
    out: list[dict] = []
    if "deals" in tables:
        out += _deal_findings(tables["deals"], command_of(tables["deals"], command))
    if "policies_8p" in tables and "policies_5p" in tables:
        out.append(
            _trading_finding(tables["policies_8p"], tables["policies_5p"], command_of(tables["policies_8p"], command))
        )
    if "ladder" in tables:
        out.append(_skill_finding(tables["ladder"], command_of(tables["ladder"], command)))
    if "pace" in tables:
        out.append(_pace_finding(tables["pace"], command_of(tables["pace"], command)))
    if "holdout" in tables:
        out.append(_holdout_finding(tables["holdout"], command_of(tables["holdout"], command)))
    if "policies_8p" in tables:
        out.append(_boundary_finding(tables["policies_8p"], command_of(tables["policies_8p"], command)))
    if "policies_8p" in tables and "policies_hidden" in tables:
        hidden = tables["policies_hidden"]
        out.append(_models_finding(tables["policies_8p"], hidden, command_of(hidden, command)))
    return out


GAIN = ("length_gain", "gain_lo", "gain_hi")


def _models_finding(open8: pd.DataFrame, hidden: pd.DataFrame, command: str) -> dict:
    """The earlier findings (trades per table, cooperative against selfish, loans against cooperative)
    at open tables with a proposal budget beside the same at hidden tables under the clock."""

    def step(table: pd.DataFrame, policy: str) -> str:
        r = _by(table, "policy", policy)
        return f"{value_text(r['score_diff'], r['score_diff_lo'], r['score_diff_hi'], digits=1)} points"

    def trades(table: pd.DataFrame) -> str:
        return f"{float(_by(table, 'policy', 'cooperative')['trades_per_game']):.1f}"

    return {
        "claim": "the earlier findings at the table as played",
        "text": f"At 8 players, a cooperative table makes {trades(hidden)} trades at hidden tables under the clock "
        f"against {trades(open8)} at open tables with 4 proposal turns each (n={int(_by(hidden, 'policy', 'cooperative')['games'])} "
        f"tables each). Cooperative against selfish, the same deals: {step(hidden, 'cooperative')} hidden, "
        f"{step(open8, 'cooperative')} open. Loans against cooperative: {step(hidden, 'loans')} hidden (the "
        f"borrower), {step(open8, 'loans')} open."
        + " The bundler (two cards for two) is measured against cooperative play in the strategies section.",
        "section": TRADING,
        "command": command,
    }


def _deal_findings(deals: pd.DataFrame, command: str) -> list[dict]:
    d = deals.sort_values("players")
    spread = float((d["seat_max"] - d["seat_min"]).max())
    rows = d.to_dict("records")
    small, large = rows[0], rows[-1]
    worst = min(rows, key=lambda r: r["seat_p"])
    mid = next((r for r in rows if r["players"] == 8), rows[len(rows) // 2])
    if worst["seat_p"] >= 0.05:
        test = f"no test of equal seat means rejects at 5% (smallest p = {worst['seat_p']:.2f}, {len(d)} counts)"
    else:
        test = (
            f"the test of equal seat means gives p = {worst['seat_p']:.3f} at {int(worst['players'])} players, "
            f"the smallest of {len(d)} tests"
        )
    return [
        {
            "claim": "the deal table",
            "text": f"Dealt hands are far from equal across player counts: the longest polymer of a dealt hand "
            f"averages {value_text(small['mean_length'], small['length_lo'], small['length_hi'])} cards with "
            f"{int(small['players'])} players ({int(small['hand_size'])} cards each, n={int(small['seats'])} hands) and "
            f"{value_text(large['mean_length'], large['length_lo'], large['length_hi'])} with {int(large['players'])} "
            f"({int(large['hand_size'])} cards, n={int(large['seats'])}); {_pct(large, 'no_polymer')} of "
            f"{int(large['players'])}-player hands hold no polymer, against {_pct(small, 'no_polymer')} with "
            f"{int(small['players'])}.",
            "section": DEALS,
            "command": command,
        },
        {
            "claim": "the deal treats every seat alike",
            "text": f"Seat positions are dealt alike: at every count the seats' mean lengths lie within {spread:.2f} "
            f"cards of each other and {test}; n={int(d['deals'].min())} deals per count. The luck of one deal is "
            f"larger: at {int(mid['players'])} players its longest and shortest hands differ by "
            f"{value_text(mid['table_gap'], mid['table_gap_lo'], mid['table_gap_hi'])} cards.",
            "section": DEALS,
            "command": command,
        },
    ]


def _trading_finding(p8: pd.DataFrame, p5: pd.DataFrame, command: str) -> dict:
    c8, c5 = _by(p8, "policy", "cooperative"), _by(p5, "policy", "cooperative")
    trading = pd.concat([p8, p5])
    trading = trading[trading["policy"] != "no_trade"]
    every = bool((trading["score_gain_lo"] > 0).all() and (trading["gain_lo"] > 0).all())

    def gain(c) -> str:
        return (
            f"{value_text(c['score_gain'], c['score_gain_lo'], c['score_gain_hi'], digits=1)} points and "
            f"{value_text(c['length_gain'], c['gain_lo'], c['gain_hi'])} cards"
        )

    return {
        "claim": '"it is advisable to permit trades"',
        "text": f"Trading pays on the same deals: cooperative trading raises each seat's mean score and longest "
        f"polymer by {gain(c8)} at 8-player tables (n={int(c8['games'])} tables) and by {gain(c5)} at 5-player "
        f"tables (n={int(c5['games'])}); "
        + (
            "every trading policy gains on no trade at both sizes (intervals above 0)."
            if every
            else "not every trading policy's interval lies above no trade."
        ),
        "section": TRADING,
        "command": command,
    }


def _skill_finding(trace: pd.DataFrame, command: str) -> dict:
    from negenlab.core.ladder import describe_steps

    fair = float(trace["fair"].iloc[0])
    players = int(trace["players"].iloc[0]) if "players" in trace else int(round(1 / fair))
    same = [
        f"{r['rung']} played exactly as {r['below']}: every unit scored the fair share"
        for r in trace.to_dict("records")
        if r["lo"] == r["hi"] == r["fair"]
    ]
    return {
        "claim": "skill: does the better trader win more often?",
        "text": f"At {players}-player tables, one seat against the rung below in all the others (fair share "
        f"{rate_text(fair)}; a unit is {players} seat-rotated games, n={int(trace['units'].sum())} units in all): "
        f"{describe_steps(trace)}" + (f"; {'; '.join(same)}." if same else "."),
        "section": SKILL,
        "command": command,
    }


def _pace_finding(pace: pd.DataFrame, command: str) -> dict:
    rows = pace_minutes(pace).sort_values("players").to_dict("records")
    big = rows[-1]
    others = [
        f"{value_text(r['minutes'], r['minutes_lo'], r['minutes_hi'], digits=1)} with {int(r['players'])} players"
        for r in rows[:-1]
    ]
    return {
        "claim": '"takes about 15 minutes"',
        "text": f"Left without a timer, a cooperative {int(big['players'])}-player table goes quiet after "
        f"{value_text(big['actions_per_player'], big['actions_lo'], big['actions_hi'], digits=1)} actions per player (n="
        f"{int(big['tables'])} tables, {_pct(big, 'quiet')} went quiet): at an assumed {SECONDS_PER_ACTION} s per "
        f"action that is {value_text(big['minutes'], big['minutes_lo'], big['minutes_hi'], digits=1)} minutes of trading"
        + (f" ({'; '.join(others)})" if others else "")
        + f", and trading fills the rules' {TIMER_MINUTES} minutes only at about {big['seconds_to_fill_timer']:.0f} s "
        "per action.",
        "section": PACE,
        "command": command,
    }


def _delta(row: dict[str, Any], unit: str, digits: int = 2) -> str:
    """``loses 3.10 [2.90, 3.30] cards``, ``gains ...``, or ``changes by ... (the interval holds 0)``."""
    v, lo, hi = float(row["value"]), float(row["lo"]), float(row["hi"])
    if hi < 0:
        return f"loses {value_text(-v, -hi, -lo, digits=digits)} {unit}"
    if lo > 0:
        return f"gains {value_text(v, lo, hi, digits=digits)} {unit}"
    return f"changes by {value_text(v, lo, hi, digits=digits)} {unit} (the interval holds 0)"


def _holdout_finding(holdout: pd.DataFrame, command: str) -> dict:
    own, nb, far = (_long(holdout, "length change", f"distance {k}") for k in (0, 1, 2))
    nb_score = _long(holdout, "score change", "distance 1")
    return {
        "claim": "the halting-trade experiment",
        "text": f"A player who refuses every trade {_delta(own, 'cards')} of polymer against the same deal traded; "
        f"each neighbour {_delta(nb, 'cards')} ({_delta(nb_score, 'points', 1)} of score), and each seat two away "
        f"{_delta(far, 'cards')} (paired on the same deals, n={int(own['n'])} tables of 8).",
        "section": HOLDOUT,
        "command": command,
    }


def _boundary_finding(p8: pd.DataFrame, command: str) -> dict:
    c, none = _by(p8, "policy", "cooperative"), _by(p8, "policy", "no_trade")
    v, lo, hi = float(c["boundary_gap"]), float(c["boundary_gap_lo"]), float(c["boundary_gap_hi"])
    if hi < 0:
        gap = f"score {value_text(-v, -hi, -lo, digits=1)} points less than"
    elif lo > 0:
        gap = f"score {value_text(v, lo, hi, digits=1)} points more than"
    else:
        gap = f"score no clearly different ({value_text(v, lo, hi, digits=1)} points) from"
    return {
        "claim": '"avoid becoming a boundary"',
        "text": f"Seats beside a phase boundary {gap} the other seats of the same table (cooperative, 8 players, "
        f"n={int(c['boundary_gap_tables'])} tables with both kinds); cooperative trading leaves "
        f"{value_text(c['boundaries'], c['boundaries_lo'], c['boundaries_hi'])} boundaries per table against "
        f"{value_text(none['boundaries'], none['boundaries_lo'], none['boundaries_hi'])} on the untraded deals "
        f"(n={int(c['games'])}).",
        "section": BOUNDARIES,
        "command": command,
    }
