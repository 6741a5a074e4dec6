"""Polymer (IMPRS, 2023): cards, polymer validity, an exact longest-polymer solver, and
table simulations with trading policies.

>>> from negenlab.polymer import parse_cards, longest_polymer, is_polymer, format_cards
>>> best = longest_polymer(parse_cards("KD QS JD KS JS QD JH 2C"))
>>> len(best), is_polymer(best)
(7, True)
"""
from .cards import (Card, CardParseError, Joker, ThirdCopyError, format_cards, parse_cards,
                    random_hand, shoe)
from .validity import Explanation, explain, is_polymer, window_kind
from .solver import PolymerResult, longest_polymer, longest_polymer_length, solve

__all__ = [
    "Card", "Joker", "CardParseError", "ThirdCopyError", "parse_cards", "format_cards", "shoe",
    "random_hand", "Explanation", "explain", "is_polymer", "window_kind", "PolymerResult",
    "longest_polymer", "longest_polymer_length", "solve",
]
