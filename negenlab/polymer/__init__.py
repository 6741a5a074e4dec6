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
from .cards import Card, CardParseError, Joker, ThirdCopyError, format_cards, parse_cards, random_hand, shoe
from .game import PolymerGame, PolymerState
from .rules import Rules
from .solver import PolymerResult, longest_polymer, longest_polymer_length, solve
from .validity import Explanation, explain, is_polymer, window_kind

ENTRY = GameEntry("polymer", make_game=PolymerGame, agents=AGENTS, default_agent="cooperative")

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
