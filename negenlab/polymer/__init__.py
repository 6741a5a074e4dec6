"""Polymer (IMPRS, 2023): cards, polymer validity, an exact longest-polymer solver, and
table simulations with trading policies.

>>> from negenlab.polymer import parse_cards, longest_polymer, is_polymer, format_cards
>>> best = longest_polymer(parse_cards("KD QS JD KS JS QD JH 2C"))
>>> len(best), is_polymer(best)
(7, True)

The game by name, with its agents (the trading policies, and the core ``random`` and ``mcts``):

>>> from negenlab import games
>>> game = games.load("polymer", players=6, trade_budget=2)
>>> [a.name for a in games.make_agents("polymer", "selfish,no_trade")]
['selfish', 'no_trade']
"""

from negenlab.core.registry import GameEntry

from .agents import AGENTS
from .bargain import BARGAINING_AGENTS
from .cards import Card, CardParseError, Joker, ThirdCopyError, format_cards, parse_cards, random_hand, shoe
from .game import PolymerGame, PolymerState
from .rules import Rules
from .solver import PolymerResult, longest_polymer, longest_polymer_length, solve
from .validity import Explanation, explain, is_polymer, window_kind

ENTRY = GameEntry(
    "polymer",
    make_game=PolymerGame,
    agents={**AGENTS, **BARGAINING_AGENTS},
    default_agent="cooperative",
    title="Polymer",
    players={
        "no_trade": "never trades: passes, refuses every proposal; the baseline of every gain.",
        "selfish": "asks for the cards that lengthen its own polymer and accepts a trade when its own polymer does "
        "not get shorter.",
        "cooperative": "trades like the selfish player but judges by its score (its own length times its "
        "neighbours'), so it helps a neighbour for free; at a hidden table it may give up one card of its own "
        "length to help a neighbour.",
        "loans": "cooperative, and borrows a card when no swap helps (at a hidden table: the borrower).",
        "random": "a uniformly random legal action: a reference, not a player.",
        "search": "a cooperative seat that, before each ask, deals the cards it has not seen to the other hands "
        "many times and asks for what pays best on average (a one-step search on hidden information).",
        "concealing": "cooperative, and never says what it wants.",
        "revealing": "cooperative, and says the card types it wants before it asks.",
        "monopolist": "cooperative, but collects the rank it holds most of and never gives a card of it away.",
        "halting": "cooperative for 5 minutes of the table clock, then refuses every trade.",
        "options_open": "asks first for the cards that fit its short pieces, whether or not its polymer grows now.",
        "boundary_avoiding": "cooperative, and gives up to two cards of its own length to help a neighbour keep up.",
        "spoiler": "cooperative, but lets no trade through to a seat two away and refuses their asks.",
        "borrower": "cooperative, and borrows the card it wants when no neighbour can spare it; calls its loans in "
        "when idle.",
        "sweetener": "cooperative, and offers a good-faith token with every ask while it holds one.",
        "bundler": "cooperative, but on half its turns swaps two spare cards for the two card types it wants most.",
        "bargainer": "keeps a belief over the hidden hands from what its seat saw, values trades exactly by the score "
        "rule (its neighbours' polymers count), and offers its neighbours swaps of up to three cards a side and loans "
        "it believes both sides gain from, with a good-faith token where that tips the answer.",
        "broker": "a bargainer that also trades with seats two away through the neighbour between (which may ask a "
        "token as a toll) and makes counter-offers: it offers seats the card types they asked for.",
        "mcts:N": "the core Monte Carlo tree search with N simulations a decision over the game's actions; no Polymer "
        "study seats it.",
        "lookahead": "a broker that plays its best offers forward on deals of the unseen cards drawn from its belief, "
        "a round of turns each, and makes the one that ends best for its score.",
        "<rung>-<strategy>": "a bargainer or a broker playing one strategy of the designer's advice: revealing (says "
        "its two best wants), monopolist (collects the rank it was dealt most of), options (values short pieces), "
        "boundary (avoids a phase boundary with a neighbour), spoiler (wants its second-degree neighbours to fail), "
        "halting (stops after 5 minutes), refusing (accepts only trades it gains from), noloans (never borrows), "
        "onecard (one card a side).",
    },
)

__all__ = [
    "Card",
    "Joker",
    "CardParseError",
    "ThirdCopyError",
    "parse_cards",
    "format_cards",
    "shoe",
    "random_hand",
    "Explanation",
    "explain",
    "is_polymer",
    "window_kind",
    "PolymerResult",
    "longest_polymer",
    "longest_polymer_length",
    "solve",
    "Rules",
    "PolymerGame",
    "PolymerState",
    "ENTRY",
]
