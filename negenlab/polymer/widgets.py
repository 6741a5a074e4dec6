"""ipywidgets explorers for Polymer: a hand explorer and a table simulator.

>>> w = hand_explorer()
>>> type(w).__name__
'VBox'
"""
from __future__ import annotations

import html

import ipywidgets as W
import numpy as np

from negenlab.core.widgets import ErrorBanner, figure_output

from .agents import POLICIES
from .cards import format_cards, parse_cards, random_hand
from .solver import solve
from .svg import polymer_svg
from .validity import explain


def hand_explorer(text: str = "KD QS JD KS JS QD JH 2C 9H", seed: int = 0) -> W.VBox:
    """Type a hand (or deal one), see its longest polymer drawn with windows and the
    window-by-window explanation; "check order" explains the typed order as a polymer."""
    rng = np.random.default_rng(seed)
    box = W.Textarea(value=text, description="hand", layout=W.Layout(width="95%", height="60px"))
    size = W.IntSlider(value=13, min=3, max=24, description="deal size")
    deal = W.Button(description="deal random hand")
    longest = W.Button(description="longest polymer", button_style="primary")
    check = W.Button(description="check this order")
    banner = ErrorBanner()
    out = W.HTML()

    def show_longest(_=None):
        with banner.catch():
            r = solve(box.value)
            ex = explain(r.cards) if r.cards else None
            body = polymer_svg(ex, hand=r.hand)
            txt = html.escape(ex.text()) if ex else "no valid window in this hand"
            out.value = (f"<p><b>{html.escape(str(r))}</b> — {r.nodes} search nodes, {r.seconds * 1000:.2f} ms</p>"
                         f"{body}<pre>{txt}</pre>")

    def show_check(_=None):
        with banner.catch():
            ex = explain(box.value)
            out.value = f"{polymer_svg(ex)}<pre>{html.escape(ex.text())}</pre>"

    def do_deal(_=None):
        box.value = format_cards(random_hand(rng, size.value))
        show_longest()

    longest.on_click(show_longest)
    check.on_click(show_check)
    deal.on_click(do_deal)
    show_longest()
    return W.VBox([box, W.HBox([longest, check]), W.HBox([size, deal]), banner.widget, out])


def table_simulator(players: int = 8, games: int = 8) -> W.VBox:
    """Sliders for players, policy, trade budget, jokers and games; runs the table under the
    chosen policy and under no trading (same deals), and shows the summary and plots."""
    from .plot import plot_policy_summary, plot_start_vs_final, plot_table
    from .stats import play_table, policy_study, policy_summary, seat_lengths

    import matplotlib.pyplot as plt

    w_players = W.IntSlider(value=players, min=5, max=15, description="players")
    w_policy = W.Dropdown(options=[p for p in POLICIES if p != "no_trade"], value="cooperative", description="policy")
    w_budget = W.IntSlider(value=4, min=0, max=12, description="budget")
    w_jokers = W.IntSlider(value=0, min=0, max=4, description="jokers")
    w_games = W.IntSlider(value=games, min=2, max=200, description="games")
    w_seed = W.IntText(value=0, description="seed")
    run = W.Button(description="simulate", button_style="primary")
    banner = ErrorBanner()
    out = W.VBox()

    def go(_=None):
        with banner.catch():
            df = policy_study(players=w_players.value, policies=["no_trade", w_policy.value], games=w_games.value,
                              seed=w_seed.value, jokers=w_jokers.value, trade_budget=w_budget.value)
            s = policy_summary(df)
            fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
            plot_policy_summary(s, ax=axes[0])
            plot_start_vs_final(seat_lengths(df), ax=axes[1])
            final = play_table(w_players.value, w_policy.value, seed=w_seed.value, jokers=w_jokers.value,
                               trade_budget=w_budget.value)
            plot_table(final, ax=axes[2], title="game 0, final table")
            fig.tight_layout()
            cols = ["policy", "games", "start_length", "final_length", "length_gain", "gain_lo", "gain_hi",
                    "score_gain", "trades_per_game", "boundaries", "tiebreak_needed"]
            out.children = [W.HTML(s[cols].to_html(index=False, float_format=lambda v: f"{v:.2f}")), figure_output(fig)]

    run.on_click(go)
    go()
    return W.VBox([W.HBox([w_players, w_policy, w_budget]), W.HBox([w_jokers, w_games, w_seed, run]), banner.widget, out])
