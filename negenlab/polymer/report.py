"""The Polymer section of ``negenlab report``.

Default sizes keep the whole section under a minute on two cores; ``--games N`` scales
every simulation study (games per policy) and the deal study (10 N deals per count).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pandas as pd

from negenlab.core.summary_table import long_table, wide

from .agents import POLICIES
from .cards import Card, random_hand
from .rules import Rules
from .solver import longest_polymer, solve
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


def _summary(page, table: pd.DataFrame, caption: str, digits: int = 3) -> None:
    """A long summary table shown one row per group, each cell ``value [lo, hi]``."""
    page.table(wide(table, digits=digits).rename_axis(columns=None).reset_index(), caption=caption)


def _row(table: pd.DataFrame, metric: str, group: str) -> pd.Series:
    """The row of ``metric`` for ``group`` in a long summary table."""
    return table[(table["metric"] == metric) & (table["group"] == group)].iloc[0]


def build(page, options) -> None:
    import matplotlib.pyplot as plt

    from .plot import plot_length_by_players, plot_length_histogram, plot_policy_summary, plot_start_vs_final
    from .study import (
        deal_lengths,
        deal_summary,
        handicap_study,
        holdout_study,
        length_by_players,
        length_histogram,
        paired_difference,
        play_table,
        policy_agents,
        policy_study,
        policy_summary,
        score_summary,
        seat_lengths,
        tiebreak_summary,
    )

    seed = options.seed
    games = options.games or 20
    deals = 10 * options.games if options.games else 150
    extra = _solver_section(page, seed)

    page.heading("Is the deal table fair across player counts?")
    d = deal_lengths(deals=deals, seed=seed)
    ds = deal_summary(d)
    _summary(
        page,
        ds,
        caption=f"Longest polymer of dealt hands, before any trade ({deals} deals per player count; "
        "95% intervals; seats of one deal share a shoe, so intervals are slightly optimistic)",
    )
    t = length_by_players(d)
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.4))
    plot_length_by_players(t, ax=axes[0])
    plot_length_histogram(length_histogram(d), ax=axes[1])
    page.figure(fig, caption="Mean longest polymer by player count, and its distribution for four counts")
    lo, hi = t.iloc[0], t.iloc[-1]
    page.text(
        f"Not fair in length: with {int(lo.players)} players ({int(lo.hand_size)} cards) a dealt hand holds a "
        f"polymer of {lo.mean_length:.2f} cards on average and {100 * lo.no_polymer:.1f}% hold none; with "
        f"{int(hi.players)} players ({int(hi.hand_size)} cards) the mean is {hi.mean_length:.2f} and "
        f"{100 * hi.no_polymer:.1f}% hold none. Even per card in hand the yield falls "
        f"({lo.length_per_card:.3f} → {hi.length_per_card:.3f}): small hands rarely contain three cards that "
        "fit together, so large tables depend on trading far more than small ones."
    )

    page.heading("Trading policies (8 players, 13 cards each)")
    rules_kw: dict[str, Any] = {"trade_budget": 4, "chain_length": 2}
    df = policy_study(players=8, policies=list(POLICIES), games=games, seed=seed, **rules_kw)
    s = policy_summary(df)
    _summary(
        page,
        s[
            s["metric"].isin(
                [
                    "start length",
                    "final length",
                    "length gain",
                    "score gain",
                    "trades per game",
                    "chain trades per game",
                    "loans per game",
                    "phase boundaries",
                    "tiebreak needed",
                ]
            )
        ],
        caption="Per policy, all seats alike; the same deals under every policy (paired). Means per seat and "
        "per game with 95% intervals; tiebreak share with Wilson intervals.",
    )
    pairs = long_table(
        paired_difference(df, a, b_, col)
        for a, b_ in (("cooperative", "selfish"), ("loans", "cooperative"), ("selfish", "no_trade"))
        for col in ("len_mean", "score_mean")
    )
    _summary(
        page,
        pairs.replace({"metric": {"len_mean": "mean length", "score_mean": "mean score"}}),
        caption="Paired differences between policies (same deals), per-table means, 95% intervals",
    )
    fig, axes = plt.subplots(1, 3, figsize=(14, 3.6))
    plot_policy_summary(s, ax=axes[0])
    plot_policy_summary(s, ax=axes[1], metric="score gain", ylabel="score gain per seat")
    plot_start_vs_final(seat_lengths(df[df["policy"] != "no_trade"]), ax=axes[2])
    page.figure(fig, caption="Gain from trading per policy; each seat's length before vs after trading")
    page.note(
        "The trade model is a model: open information, one card per trade, a proposal budget of "
        f"{rules_kw['trade_budget']} turns per player for the 10-minute timer, trades up to "
        f"{rules_kw['chain_length']} seats away as chains. See negenlab.polymer.agents for each policy."
    )

    _summary(
        page,
        score_summary(df),
        caption="Distribution of seat scores per policy (mean with 95% interval; "
        "quantiles of the sample; share of seats scoring 0 with Wilson interval)",
    )

    page.heading("Which tiebreak decides the winner?")
    _summary(
        page,
        tiebreak_summary(df),
        caption="Share of games decided by each level (score = no tiebreak needed), per policy",
    )

    page.heading("Phase boundaries")
    _summary(
        page,
        s[s["metric"].isin(["phase boundaries", "largest neighbour gap"])],
        caption="A boundary: neighbours of whom one has a polymer at least twice as long and at "
        "least 3 cards longer than the other's (long-chained next to short-chained). "
        "Counted over the 8 neighbour pairs of a table, per game.",
    )
    final = play_table(8, "cooperative", seed=seed, **rules_kw)
    page.raw_html(table_svg(**final.table_facts()))
    page.text("Game 0 of the cooperative run: disc size = polymer length; red edges = phase boundaries; gold = winner.")

    page.heading("A player who halts trading")
    ho = holdout_study(players=8, games=games, seed=seed, **rules_kw)
    _summary(
        page,
        ho,
        caption="Seat 0 never trades (rejects everything) while the other 7 trade cooperatively, "
        "against the same deals with everybody cooperative; seats grouped by distance from "
        "seat 0.",
    )

    page.heading("Cosmic rays")
    cr = pd.concat(
        [
            policy_study(players=8, policies=["cooperative", "selfish"], games=games, seed=seed, jokers=j, **rules_kw)
            for j in (0, 3)
        ],
        ignore_index=True,
    )
    cs = policy_summary(cr)
    _summary(
        page,
        cs[
            cs["metric"].isin(
                [
                    "start length",
                    "final length",
                    "length gain",
                    "score gain",
                    "trades per game",
                    "collides per game",
                    "absorbs per game",
                    "jokers left in hands",
                ]
            )
        ],
        caption="Jokers shuffled in (each replacing one regular card put face down in the middle). "
        "Cooperative agents absorb when idle, selfish ones collide. Same seeds for every joker count; "
        "95% intervals.",
    )

    page.heading("Handicap")
    hs = handicap_study(players=7, extra=2, policy="cooperative", games=games, seed=seed)
    _summary(
        page,
        hs,
        caption="7 players (14 cards, 6 left over): seat 0 dealt 2 extra leftover cards vs none; "
        "cooperative trading. Means with 95% intervals, win rates with Wilson intervals.",
    )

    page.findings(findings(ds, s, ho, options.command("polymer")), first=True)
    page.provenance(
        rules=Rules(players=8, **rules_kw),
        agents=[policy_agents(p, 1)[0] for p in ("cooperative", "selfish", "loans", "no_trade")],
        seed=seed,
        command=options.command("polymer"),
        games_per_policy=games,
        deals_per_player_count=deals,
        **extra,
    )


def _mean(row, digits: int = 2) -> str:
    return f"{row['value']:.{digits}f} [{row['lo']:.{digits}f}, {row['hi']:.{digits}f}]"


def findings(deals: pd.DataFrame, policies: pd.DataFrame, holdout: pd.DataFrame, command: str) -> list[dict]:
    """The Polymer page's numbered findings: the deal table, trading, a player who halts trading and
    phase boundaries, each with n and a 95% interval and the designer claim it tests. The three
    tables are summaries (``study.deal_summary``, ``policy_summary`` of 8-player tables, ``holdout_study``).

    >>> from negenlab.core.summary_table import mean_row, rate_row
    >>> d = long_table([mean_row("length", [5, 6, 7], "5 players"), rate_row("no polymer", 1, 50, "5 players"),
    ...                 mean_row("length", [1, 2], "15 players"), rate_row("no polymer", 30, 50, "15 players")])
    >>> pol = long_table([mean_row("length gain", [2, 3, 4], "cooperative, 8 players"),
    ...                   mean_row("phase boundaries", [1, 1, 2], "cooperative, 8 players")])
    >>> ho = long_table([mean_row("length", [11, 12], f"{t}, distance {k}") for t in ("everyone cooperative",
    ...                  "seat 0 no_trade") for k in (0, 1)])
    >>> [f["claim"] for f in findings(d, pol, ho, "negenlab report polymer")][0]
    'the deal table'
    """
    out = []
    counts = deals[deals["metric"] == "length"]["group"].tolist()
    small, large = counts[0], counts[-1]
    lo, hi = _row(deals, "length", small), _row(deals, "length", large)
    none = _row(deals, "no polymer", large)
    cards = {
        g: f"{int(_row(deals, 'hand size', g).value)} cards, " if "hand size" in set(deals["metric"]) else ""
        for g in (small, large)
    }
    out.append(
        {
            "claim": "the deal table",
            "text": f"Dealt hands are not equal across player counts: the longest polymer averages "
            f"{_mean(lo)} cards with {small} ({cards[small]}n={int(lo.n)} hands) and {_mean(hi)} with "
            f"{large} ({cards[large]}n={int(hi.n)}); {100 * none.value:.0f}% "
            f"[{100 * none.lo:.0f}%, {100 * none.hi:.0f}%] of the small hands hold none.",
            "section": "Is the deal table fair across player counts?",
            "command": command,
        }
    )
    coop = "cooperative, 8 players"
    gain = _row(policies, "length gain", coop)
    out.append(
        {
            "claim": '"it is advisable to permit trades"',
            "text": f"Cooperative trading lengthens each seat's longest polymer by {_mean(gain)} cards against "
            f"the same deals untraded (8 players, n={int(gain.n)} tables).",
            "section": "Trading policies (8 players, 13 cards each)",
            "command": command,
        }
    )
    groups = set(holdout["group"])
    if {"everyone cooperative, distance 0", "seat 0 no_trade, distance 0"} <= groups:
        a, b = (
            _row(holdout, "length", "seat 0 no_trade, distance 0"),
            _row(holdout, "length", "everyone cooperative, distance 0"),
        )
        na, nb = (
            _row(holdout, "length", "seat 0 no_trade, distance 1"),
            _row(holdout, "length", "everyone cooperative, distance 1"),
        )
        out.append(
            {
                "claim": "the halting-trade experiment",
                "text": f"A player who refuses every trade ends with {_mean(a, 1)} cards against {_mean(b, 1)} "
                f"when trading, and costs each neighbour {nb.value - na.value:.1f} cards "
                f"({_mean(na, 1)} against {_mean(nb, 1)}; n={int(a.n)} seats).",
                "section": "A player who halts trading",
                "command": command,
            }
        )
    bnd = _row(policies, "phase boundaries", coop)
    out.append(
        {
            "claim": '"avoid becoming a boundary"',
            "text": f"Under cooperative trading an 8-player table still has {_mean(bnd)} phase boundaries "
            f"(a long polymer next to a short one) per game (n={int(bnd.n)}).",
            "section": "Phase boundaries",
            "command": command,
        }
    )
    return out
