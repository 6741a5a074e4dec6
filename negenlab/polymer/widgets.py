"""Jupyter widgets for Polymer: a clickable chain builder and a table simulator.

Errors from what the user types or clicks are shown inside the widget.

>>> cb = chain_builder("7S 8S 9S 2C")
>>> cb.view.press("card:0")
>>> cb.view.status
'chain of 1 card: invalid because a polymer has at least 3 cards, this has 1; longest possible: 3'
"""

from __future__ import annotations

import html
from functools import partial

import ipywidgets as W
import numpy as np

from negenlab import games
from negenlab.core.errors import InvalidInputError
from negenlab.core.widgets import BoardWidget, ErrorBanner, VariantWidget, figure_output

from .agents import POLICIES
from .cards import format_cards, parse_cards, random_hand
from .rules import Rules
from .solver import PolymerResult, is_compiled, solve
from .svg import chain_svg, polymer_svg
from .validity import explain


class ChainBuilder:
    """Build a polymer from a hand by clicking cards; its validity is explained after every change.

    Click a card of the hand (``card:i``) to append it to the chain; click a chain card
    (``chain:j``) to select it, then another chain card to swap the two, or the selected one
    again to return it to the hand. The status line gives the chain's length, whether it is a
    polymer (and why not) and the longest polymer of the hand (exact solver), which is drawn
    under the board: click it to take it as the chain. Type a hand and press "use this hand",
    or deal one. Show it with ``display(cb.widget)``.

    >>> cb = ChainBuilder("7S 8S 9S 2C")
    >>> for name in ("card:2", "card:1", "card:0"):
    ...     cb.view.press(name)
    >>> cb.view.status
    'chain of 3 cards: valid; longest possible: 3'
    >>> cb.view.press("chain:0"); cb.view.press("chain:2")     # select the first, swap with the third
    >>> format_cards(cb.chain_cards())
    '7S 8S 9S'
    >>> cb.view.press("card:1")
    >>> cb.view.error
    'InvalidInputError: 8S (card 2 of the hand) is already in the chain'
    """

    def __init__(self, text: str = "KD QS JD KS JS QD JH 2C 9H", seed: int = 0, deal_size: int = 13):
        self.rng = np.random.default_rng(seed)
        self.hand: list = []
        self.chain: list[int] = []  # positions in the hand, in chain order
        self.selected: int | None = None  # a chain position
        self.best: PolymerResult | None = None
        self.view = BoardWidget()
        self.view.on_click(self._clicked)
        self.text = W.Textarea(value=text, description="hand", layout=W.Layout(width="95%", height="48px"))
        self.use = W.Button(description="use this hand", button_style="primary")
        self.size = W.IntSlider(value=deal_size, min=3, max=24, description="deal size")
        self.deal = W.Button(description="deal")
        self.clear = W.Button(description="clear")
        self.details = W.HTML()
        self.use.on_click(lambda _: self._catching(self.set_hand, self.text.value))
        self.deal.on_click(lambda _: self._catching(self.deal_hand))
        self.clear.on_click(lambda _: self._catching(self.clear_chain))
        self.widget = W.VBox([self.text, W.HBox([self.use, self.size, self.deal, self.clear]), self.view, self.details])
        self._catching(self.set_hand, text)

    def _catching(self, action, *args) -> None:
        with self.view.catch():
            action(*args)

    # -- the hand --------------------------------------------------------------------------------
    def set_hand(self, text) -> None:
        """Take the cards of ``text`` as the hand (the chain starts empty); a bad hand keeps the old one."""
        cards = parse_cards(text) if isinstance(text, str) else list(text)
        if not cards:
            raise InvalidInputError("the hand is empty; type cards such as 7S 8S 9S")
        notice = "finding the longest polymer…" if is_compiled() else "compiling the solver… (first use only)"
        with self.view.working(notice):
            best = solve(cards)
        self.hand, self.chain, self.selected, self.best = cards, [], None, best
        self.redraw()

    def deal_hand(self) -> None:
        """Deal a random hand of the chosen size into the text box and use it."""
        self.text.value = format_cards(random_hand(self.rng, self.size.value))
        self.set_hand(self.text.value)

    # -- the chain -------------------------------------------------------------------------------
    def chain_cards(self) -> list:
        return [self.hand[i] for i in self.chain]

    def add(self, i: int) -> None:
        """Append card ``i`` of the hand to the chain."""
        if i in self.chain:
            raise InvalidInputError(f"{self.hand[i].code} (card {i + 1} of the hand) is already in the chain")
        self.chain.append(i)
        self.selected = None
        self.redraw()

    def pick(self, j: int) -> None:
        """Select chain card ``j``; with another one selected, swap the two; picked twice, return it to the hand."""
        if self.selected is None:
            self.selected = j
        elif self.selected == j:
            del self.chain[j]
            self.selected = None
        else:
            k = self.selected
            self.chain[j], self.chain[k] = self.chain[k], self.chain[j]
            self.selected = None
        self.redraw()

    def clear_chain(self) -> None:
        """Return every chain card to the hand."""
        self.chain, self.selected = [], None
        self.redraw()

    def use_longest(self) -> None:
        """Take the solver's longest polymer as the chain."""
        if self.best is None:
            raise InvalidInputError("there is no hand yet")
        free = list(range(len(self.hand)))
        chain = []
        for card in self.best.cards:
            i = next(i for i in free if self.hand[i] == card)
            free.remove(i)
            chain.append(i)
        self.chain, self.selected = chain, None
        self.redraw()

    def _clicked(self, name: str) -> None:
        kind, _, num = name.partition(":")
        if name == "longest" and self.best is not None and self.best.cards:
            return self.use_longest()
        count = {"card": len(self.hand), "chain": len(self.chain)}.get(kind, 0)
        if not num.isdigit() or int(num) >= count:
            raise InvalidInputError(
                f"{name!r} is not a card here (the hand has {len(self.hand)} cards "
                f"card:0.., the chain {len(self.chain)} chain:0..)"
            )
        (self.add if kind == "card" else self.pick)(int(num))

    # -- drawing ---------------------------------------------------------------------------------
    def status_text(self, ex) -> str:
        """The status line, e.g. "chain of 4 cards: invalid because …; longest possible: 7"."""
        n = len(self.chain)
        head = f"chain of {n} card{'' if n == 1 else 's'}: "
        if not n:
            head += "click a card of the hand to start"
        elif ex.valid:
            head += "valid"
        elif ex.problem:
            head += f"invalid because {ex.problem}"
        elif len(ex.uncovered) == 1:
            i = ex.uncovered[0]
            head += f"invalid because pair {i + 1}-{i + 2} ({format_cards(ex.cards[i : i + 2])}) is in no valid window"
        else:
            pairs = [f"{i + 1}-{i + 2}" for i in ex.uncovered]
            head += f"invalid because pairs {', '.join(pairs[:-1])} and {pairs[-1]} are in no valid window"
        text = f"{head}; longest possible: {self.best.length if self.best else 0}"
        if self.selected is not None:
            j = self.selected
            text += (
                f". Chain card {j + 1} ({self.hand[self.chain[j]].code}) selected: click another to swap, "
                f"or it again to return it to the hand"
            )
        return text

    def redraw(self) -> None:
        ex = explain(self.chain_cards())
        self.view.svg = chain_svg(self.hand, self.chain, ex, self.selected)
        used = set(self.chain)
        best = self.best
        self.view.legal = (
            [f"chain:{j}" for j in range(len(self.chain))]
            + [f"card:{i}" for i in range(len(self.hand)) if i not in used]
            + (["longest"] if best and best.cards else [])
        )
        self.view.gallery = (
            [
                {
                    "target": "longest",
                    "svg": polymer_svg(explain(best.cards), hand=best.hand),
                    "label": f"longest possible: {best.length} (click to use it as the chain)",
                }
            ]
            if best and best.cards
            else []
        )
        self.view.status = self.status_text(ex)
        lines = ex.text() if self.chain else "the chain is empty"
        self.details.value = f"<pre style='margin:2px 0'>{html.escape(lines)}\n\n{html.escape(str(best))}</pre>"


def chain_builder(text: str = "KD QS JD KS JS QD JH 2C 9H", seed: int = 0) -> ChainBuilder:
    """A :class:`ChainBuilder`; show it with ``display(chain_builder().widget)``."""
    return ChainBuilder(text, seed)


def table_simulator(players: int = 8, games: int = 8) -> W.VBox:
    """Sliders for players, policy, trade budget, jokers and games; runs the table under the
    chosen policy and under no trading (same deals), and shows the summary and plots."""
    import matplotlib.pyplot as plt

    from .plot import plot_policy_summary, plot_start_vs_final, plot_table
    from .study import play_table, policy_headline, policy_study, policy_summary, seat_lengths

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
            df = policy_study(
                players=w_players.value,
                policies=["no_trade", w_policy.value],
                games=w_games.value,
                seed=w_seed.value,
                jokers=w_jokers.value,
                trade_budget=w_budget.value,
            )
            fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
            plot_policy_summary(policy_summary(df), ax=axes[0])
            plot_start_vs_final(seat_lengths(df), ax=axes[1])
            final = play_table(
                w_players.value, w_policy.value, seed=w_seed.value, jokers=w_jokers.value, trade_budget=w_budget.value
            )
            plot_table(**final.table_facts(), ax=axes[2], title="game 0, final table")
            fig.tight_layout()
            table = policy_headline(df, trade_kinds=False)
            out.children = [W.HTML(table.to_html(index=False, float_format=lambda v: f"{v:.2f}")), figure_output(fig)]

    run.on_click(go)
    go()
    return W.VBox(
        [W.HBox([w_players, w_policy, w_budget]), W.HBox([w_jokers, w_games, w_seed, run]), banner.widget, out]
    )


def variant_widget(**options) -> VariantWidget:
    """Try a Polymer variant against the default Rules: pick fields and agents, Run, and read a
    verdict per designer claim (the widget of :func:`negenlab.games.try_variant`; ``options`` such as
    ``max_units=200`` go to it).

    >>> w = variant_widget()
    >>> w.pickers["players"].description
    'players'
    """
    return VariantWidget(
        "Polymer",
        Rules(),
        partial(games.try_variant, "polymer", progress=False),
        games.entry("polymer").default_agent,
        **options,
    )
