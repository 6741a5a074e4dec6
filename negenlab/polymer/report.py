"""The Polymer section of ``negenlab report``.

Default sizes keep the whole section under a minute on two cores; ``--games N`` scales
every simulation study (games per policy) and the deal study (10 N deals per count).
"""
from __future__ import annotations

import time

import numpy as np
import pandas as pd

from .agents import POLICIES, make_agents
from .cards import Card, random_hand
from .rules import Rules
from .solver import longest_polymer, solve
from .svg import polymer_svg, table_svg
from .validity import explain, is_polymer

TITLE = "Polymer"

SOURCE_EXAMPLES = [("2S 3S 4S 5S", True), ("6S 6H 6D 6C", True), ("KS AS 2S 3S", True), ("4S 5S 6S 6H 6D", True),
                   ("6S 5S 4S 5S 6S", True), ("7S 7H 7D 7S", True), ("8S 8D 8C 8S 8D", True),
                   ("KS QS JS JH JD QD KD", True), ("7S 7D 7S", False), ("7S 7H 7S 7D", False),
                   ("KS QS JS JD QD KD", False)]


def _solver_section(page, seed: int) -> dict:
    page.heading("Polymer validity and the exact solver")
    rows = [{"example": t, "source says": "valid" if v else "invalid", "is_polymer": is_polymer(t),
             "agrees": is_polymer(t) == v} for t, v in SOURCE_EXAMPLES]
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
    for name, h in {"5 ranks x 4 suits (20 cards)": [Card(r, s) for r in range(3, 8) for s in "SHDC"],
                    "6 ranks x 4 suits (24 cards)": [Card(r, s) for r in range(3, 9) for s in "SHDC"],
                    "3 ranks x 4 suits x 2 copies (24 cards)": [Card(r, s) for r in range(5, 8) for s in "SHDC" for _ in range(2)]}.items():
        res = solve(h)
        adv.append({"hand": name, "longest": res.length, "seconds": res.seconds, "search nodes": res.nodes})
    page.text(f"Speed measured while building this page: {rate:,.0f} random 20-card hands per second "
              f"(longest_polymer, one core; mean length {np.mean(lengths):.2f}). Adversarial hands:")
    page.table(pd.DataFrame(adv), float_format="{:.4f}")
    page.note("Exactness: the solver is a depth-first search over orderings with memoised states "
              "(cards used, last two cards, whether the last window was invalid) and a reachability bound; "
              "the argument is in negenlab.polymer.solver's docstring. Tests compare it with an exhaustive "
              "brute force on thousands of hands up to 10 cards; benchmarks/bench_polymer.py compares it with CP-SAT.")
    return {"solver_rate_hands_per_s": round(rate)}


def build(page, options) -> None:
    from negenlab.core.metrics import mean_interval

    from .plot import plot_length_by_players, plot_length_histogram, plot_policy_summary, plot_start_vs_final
    from .stats import (deal_lengths, length_by_players, length_histogram, play_table, policy_study,
                        policy_summary, score_distribution, seat_lengths, tiebreak_table,
                        handicap_study, paired_difference, holdout_study)

    import matplotlib.pyplot as plt

    seed = options.seed
    games = options.games or 20
    deals = 10 * options.games if options.games else 150
    extra = _solver_section(page, seed)

    page.heading("Is the deal table fair across player counts?")
    d = deal_lengths(deals=deals, seed=seed)
    t = length_by_players(d)
    page.table(t[["players", "hand_size", "seats", "mean_length", "length_lo", "length_hi", "no_polymer",
                  "no_polymer_lo", "no_polymer_hi", "length_ge_6", "mean_score", "length_per_card"]],
               caption=f"Longest polymer of dealt hands, before any trade ({deals} deals per player count; "
                       "95% intervals; seats of one deal share a shoe, so intervals are slightly optimistic)")
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.4))
    plot_length_by_players(t, ax=axes[0])
    plot_length_histogram(length_histogram(d), ax=axes[1])
    page.figure(fig, caption="Mean longest polymer by player count, and its distribution for four counts")
    lo, hi = t.iloc[0], t.iloc[-1]
    page.text(f"Not fair in length: with {int(lo.players)} players ({int(lo.hand_size)} cards) a dealt hand holds a "
              f"polymer of {lo.mean_length:.2f} cards on average and {100 * lo.no_polymer:.1f}% hold none; with "
              f"{int(hi.players)} players ({int(hi.hand_size)} cards) the mean is {hi.mean_length:.2f} and "
              f"{100 * hi.no_polymer:.1f}% hold none. Even per card in hand the yield falls "
              f"({lo.length_per_card:.3f} → {hi.length_per_card:.3f}): small hands rarely contain three cards that "
              "fit together, so large tables depend on trading far more than small ones.")

    page.heading("Trading policies (8 players, 13 cards each)")
    rules_kw = dict(trade_budget=4, chain_length=2)
    df = policy_study(players=8, policies=list(POLICIES), games=games, seed=seed, **rules_kw)
    s = policy_summary(df)
    page.table(s[["policy", "games", "start_length", "final_length", "length_gain", "gain_lo", "gain_hi",
                  "score_gain", "score_gain_lo", "score_gain_hi", "trades_per_game", "chain_trades_per_game",
                  "loans_per_game", "boundaries", "boundaries_lo", "boundaries_hi", "tiebreak_needed",
                  "tiebreak_lo", "tiebreak_hi"]],
               caption="Per policy, all seats alike; the same deals under every policy (paired). Gains per seat and "
                       "per game with 95% intervals; tiebreak share with Wilson intervals.")
    pairs = []
    for a, b_ in (("cooperative", "selfish"), ("loans", "cooperative"), ("selfish", "no_trade")):
        for col, label in (("len_mean", "mean length"), ("score_mean", "mean score")):
            m = paired_difference(df, a, b_, col)
            pairs.append({"comparison": f"{a} - {b_}", "statistic": label, "difference": m["value"], "lo": m["lo"],
                          "hi": m["hi"], "games": m["n"]})
    page.table(pd.DataFrame(pairs), caption="Paired differences between policies (same deals), per-table means, 95% intervals")
    fig, axes = plt.subplots(1, 3, figsize=(14, 3.6))
    plot_policy_summary(s, ax=axes[0])
    plot_policy_summary(s, ax=axes[1], value="score_gain", lo="score_gain_lo", hi="score_gain_hi", ylabel="score gain per seat")
    plot_start_vs_final(seat_lengths(df[df["policy"] != "no_trade"]), ax=axes[2])
    page.figure(fig, caption="Gain from trading per policy; each seat's length before vs after trading")
    page.note("The trade model is a model: open information, one card per trade, a proposal budget of "
              f"{rules_kw['trade_budget']} turns per player for the 10-minute timer, trades up to "
              f"{rules_kw['chain_length']} seats away as chains. See negenlab.polymer.agents for each policy.")

    page.table(score_distribution(df), caption="Distribution of seat scores per policy (mean with 95% interval; "
                                               "share of seats scoring 0 with Wilson interval)")

    page.heading("Which tiebreak decides the winner?")
    page.table(tiebreak_table(df), caption="Share of games decided by each level (score = no tiebreak needed), per policy")

    page.heading("Phase boundaries")
    b = df.groupby("policy", sort=False)
    rows = []
    for pol, g in b:
        m = mean_interval(g["phase_boundaries"])
        gap = mean_interval(g["max_neighbour_gap"])
        rows.append({"policy": pol, "games": len(g), "boundaries per table": m["value"], "lo": m["lo"], "hi": m["hi"],
                     "largest neighbour gap": gap["value"], "gap lo": gap["lo"], "gap hi": gap["hi"]})
    page.table(pd.DataFrame(rows), caption="A boundary: neighbours of whom one has a polymer at least twice as long and at "
                                           "least 3 cards longer than the other's (long-chained next to short-chained). "
                                           "Counted over the 8 neighbour pairs of a table.")
    final = play_table(8, "cooperative", seed=seed, **rules_kw)
    page.raw_html(table_svg(final, boundaries=final.boundaries()))
    page.text("Game 0 of the cooperative run: disc size = polymer length; red edges = phase boundaries; gold = winner.")

    page.heading("A player who halts trading")
    ho = holdout_study(players=8, games=games, seed=seed, **rules_kw)
    page.table(ho, caption="Seat 0 never trades (rejects everything) while the other 7 trade cooperatively, "
                           "against the same deals with everybody cooperative; seats grouped by distance from seat 0.")

    page.heading("Cosmic rays")
    cr = pd.concat([policy_study(players=8, policies=["cooperative", "selfish"], games=games, seed=seed, jokers=j, **rules_kw)
                    for j in (0, 3)], ignore_index=True)
    cs = policy_summary(cr)
    page.table(cs[["policy", "jokers", "games", "start_length", "final_length", "length_gain", "gain_lo", "gain_hi",
                   "score_gain", "trades_per_game"]],
               caption="Jokers shuffled in (each replacing one regular card put face down in the middle). "
                       "Cooperative agents absorb when idle, selfish ones collide. Same seeds for every joker count.")
    cosmic = []
    for (pol, j), g in cr.groupby(["policy", "jokers"], sort=False):
        m = mean_interval(g["len_mean"])
        cosmic.append({"policy": pol, "jokers": j, "games": len(g), "final mean length": m["value"], "lo": m["lo"],
                       "hi": m["hi"], "collides": g["n_collides"].mean(), "absorbs": g["n_absorbs"].mean(),
                       "jokers left in hands": g["jokers_left_in_hands"].mean()})
    page.table(pd.DataFrame(cosmic), caption="Final mean length by joker count (95% intervals)")

    page.heading("Handicap")
    hs = handicap_study(players=7, extra=2, policy="cooperative", games=games, seed=seed)
    page.table(hs, caption="7 players (14 cards, 6 left over): seat 0 dealt 2 extra leftover cards vs none; "
                           "cooperative trading. Win rates with Wilson intervals.")

    page.findings(findings(t, s, ho, options.command("polymer")), first=True)
    page.provenance(rules=Rules(players=8, **rules_kw), agents=make_agents("cooperative", 1) + make_agents("selfish", 1)
                    + make_agents("loans", 1) + make_agents("no_trade", 1), seed=seed,
                    command=options.command("polymer"), games_per_policy=games, deals_per_player_count=deals, **extra)


def _mean(value, lo, hi, digits: int = 2) -> str:
    return f"{value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def findings(deal_table: pd.DataFrame, policies: pd.DataFrame, holdout: pd.DataFrame, command: str) -> list[dict]:
    """The Polymer page's numbered findings: the deal table, trading, a player who halts trading and
    phase boundaries, each with n and a 95% interval and the designer claim it tests.

    >>> d = pd.DataFrame([{"players": p, "hand_size": h, "seats": 50, "mean_length": m, "length_lo": m - .2,
    ...                    "length_hi": m + .2, "no_polymer": z, "no_polymer_lo": 0., "no_polymer_hi": z + .1}
    ...                   for p, h, m, z in ((5, 20, 6.0, .01), (15, 7, 1.5, .6))])
    >>> pol = pd.DataFrame([{"policy": "cooperative", "games": 20, "length_gain": 3.0, "gain_lo": 2.5, "gain_hi": 3.5,
    ...                      "boundaries": 1.0, "boundaries_lo": .5, "boundaries_hi": 1.5}])
    >>> ho = pd.DataFrame([{"table": t, "distance_from_seat_0": k, "seats": 20, "mean_length": m, "length_lo": m - 1,
    ...                     "length_hi": m + 1} for t, k, m in (("everyone cooperative", 0, 11.), ("seat 0 no_trade", 0, 1.),
    ...                     ("everyone cooperative", 1, 9.), ("seat 0 no_trade", 1, 5.))])
    >>> [f["claim"] for f in findings(d, pol, ho, "negenlab report polymer")][0]
    'the deal table'
    """
    out = []
    lo, hi = deal_table.iloc[0], deal_table.iloc[-1]
    out.append({"claim": "the deal table",
                "text": f"Dealt hands are not equal across player counts: the longest polymer averages "
                        f"{_mean(lo.mean_length, lo.length_lo, lo.length_hi)} cards with {int(lo.players)} players "
                        f"({int(lo.hand_size)} cards, n={int(lo.seats)} hands) and "
                        f"{_mean(hi.mean_length, hi.length_lo, hi.length_hi)} with {int(hi.players)} "
                        f"({int(hi.hand_size)} cards, n={int(hi.seats)}); {100 * hi.no_polymer:.0f}% "
                        f"[{100 * hi.no_polymer_lo:.0f}%, {100 * hi.no_polymer_hi:.0f}%] of the small hands hold none.",
                "section": "Is the deal table fair across player counts?", "command": command})
    coop = policies[policies["policy"] == "cooperative"].iloc[0]
    out.append({"claim": '"it is advisable to permit trades"',
                "text": f"Cooperative trading lengthens each seat's longest polymer by "
                        f"{_mean(coop.length_gain, coop.gain_lo, coop.gain_hi)} cards against the same deals untraded "
                        f"(8 players, n={int(coop.games)} tables).",
                "section": "Trading policies (8 players, 13 cards each)", "command": command})
    own = holdout[holdout["distance_from_seat_0"] == 0].set_index("table")
    near = holdout[holdout["distance_from_seat_0"] == 1].set_index("table")
    if {"everyone cooperative", "seat 0 no_trade"} <= set(own.index):
        a, b = own.loc["seat 0 no_trade"], own.loc["everyone cooperative"]
        na, nb = near.loc["seat 0 no_trade"], near.loc["everyone cooperative"]
        out.append({"claim": "the halting-trade experiment",
                    "text": f"A player who refuses every trade ends with {_mean(a.mean_length, a.length_lo, a.length_hi, 1)} "
                            f"cards against {_mean(b.mean_length, b.length_lo, b.length_hi, 1)} when trading, and "
                            f"costs each neighbour {nb.mean_length - na.mean_length:.1f} cards "
                            f"({_mean(na.mean_length, na.length_lo, na.length_hi, 1)} against "
                            f"{_mean(nb.mean_length, nb.length_lo, nb.length_hi, 1)}; n={int(a.seats)} seats).",
                    "section": "A player who halts trading", "command": command})
    out.append({"claim": '"avoid becoming a boundary"',
                "text": f"Under cooperative trading an 8-player table still has "
                        f"{_mean(coop.boundaries, coop.boundaries_lo, coop.boundaries_hi)} phase boundaries "
                        f"(a long polymer next to a short one) per game (n={int(coop.games)}).",
                "section": "Phase boundaries", "command": command})
    return out
