"""Playing cards of Polymer: two French decks (every card twice) and optional jokers.

A :class:`Card` has ``rank`` 1..13 (A=1, J=11, Q=12, K=13) and ``suit`` ``"S" "H" "D" "C"``.
Text forms: ``7S``, ``7♠``, ``10h``, ``QD``, case-free, separated by spaces and/or commas;
``JK`` (or ``JOKER``, ``🃏``) is a joker of the cosmic-ray variant.

>>> from negenlab.polymer import parse_cards, format_cards
>>> cards = parse_cards("7S, 7♠ 10h QD")
>>> cards[0] == cards[1], cards[2].rank, cards[3].suit
(True, 10, 'D')
>>> format_cards(cards)
'7S 7S 10H QD'
>>> parse_cards("7S 7S 7S")
Traceback (most recent call last):
...
negenlab.polymer.cards.ThirdCopyError: 7S appears 3 times (tokens 1, 2, 3); the two-deck shoe holds only two copies of each card
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from negenlab.core.checks import is_whole
from negenlab.core.errors import InvalidInputError

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_FROM_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(r): r for r in range(2, 11)}}
JOKER_TOKENS = ("JK", "JOKER", "🃏")
ACCEPTED_FORMS = (
    "rank A 2..10 J Q K followed by suit S H D C or ♠ ♥ ♦ ♣ (case-free), e.g. 7S 7♠ 10h QD; "
    "JK or JOKER for a joker; separate cards by spaces or commas"
)
COPIES = 2  # two decks
MAX_CARDS = 112
"""The most cards of a hand given as input: the two-deck shoe (104) and up to 8 jokers."""
MAX_TEXT = 10_000


class CardParseError(InvalidInputError):
    """A token that is not a card; the message names the token, its position and the accepted forms."""


class ThirdCopyError(InvalidInputError):
    """A hand that holds a card more often than the two-deck shoe contains it."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. ``rank`` 1..13 (A=1, K=13), ``suit`` one of ``S H D C``.

    >>> Card(13, "S").code, Card(10, "H").code, Card(1, "D").pretty
    ('KS', '10H', 'A♦')
    """

    rank: int
    suit: str

    def __post_init__(self):
        if not is_whole(self.rank) or not 1 <= int(self.rank) <= 13:  # True is not the ace
            raise InvalidInputError(f"card rank must be a whole number 1..13 (A=1, K=13), got {self.rank!r}")
        object.__setattr__(self, "rank", int(self.rank))  # a numpy integer is stored as the int it is
        if not isinstance(self.suit, str) or self.suit not in SUITS:
            raise InvalidInputError(f"card suit must be one of {' '.join(SUITS)}, got {self.suit!r}")

    @property
    def index(self) -> int:
        """Type index 0..51: ``13 * suit + rank - 1`` with suits in the order S H D C."""
        return 13 * SUITS.index(self.suit) + self.rank - 1

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _CARDS[int(index)]

    @property
    def is_face(self) -> bool:
        """J, Q or K (the tiebreak counts these)."""
        return self.rank >= 11

    @property
    def code(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit}"

    @property
    def pretty(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


@dataclass(frozen=True, order=True, slots=True)
class Joker:
    """A joker of the cosmic-ray variant. Never part of a polymer."""

    number: int = 0

    code = "JK"
    pretty = "🃏"
    is_face = False

    def __str__(self) -> str:
        return "JK"

    def __repr__(self) -> str:
        return "Joker()"


_CARDS = tuple(Card(r, s) for s in SUITS for r in range(1, 14))


def _parse_token(token: str, position: int):
    t = token.strip()
    if t.upper() in JOKER_TOKENS or t == "🃏":
        return Joker()
    if len(t) >= 2:
        suit_char = t[-1]
        suit = _SYMBOL_TO_SUIT.get(suit_char) or (suit_char.upper() if suit_char.upper() in SUITS else None)
        rank = _RANK_FROM_TEXT.get(t[:-1].upper())
        if suit is not None and rank is not None:
            return Card(rank, suit)
    raise CardParseError(f"token {position} {token!r} is not a card; expected {ACCEPTED_FORMS}")


def parse_cards(text: str, allow_jokers: bool = True) -> list:
    """Cards from text such as ``"7S 7♠ 10h QD"`` or ``"KS,AS,2S"``; order is kept.

    Raises :class:`CardParseError` (a ``ValueError``) naming the first bad token, and
    :class:`ThirdCopyError` when a card appears more than twice (the shoe has two decks).

    >>> [c.code for c in parse_cards("ks, a♠ 2s")]
    ['KS', 'AS', '2S']
    >>> parse_cards("7S 1S")
    Traceback (most recent call last):
    ...
    negenlab.polymer.cards.CardParseError: token 2 '1S' is not a card; expected rank A 2..10 J Q K followed by suit S H D C or ♠ ♥ ♦ ♣ (case-free), e.g. 7S 7♠ 10h QD; JK or JOKER for a joker; separate cards by spaces or commas
    """
    if not isinstance(text, str):
        raise CardParseError(f"expected text of cards, got {type(text).__name__}; {ACCEPTED_FORMS}")
    if len(text) > MAX_TEXT:
        raise CardParseError(f"card text longer than {MAX_TEXT} characters; a hand has at most {MAX_CARDS} cards")
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if len(tokens) > MAX_CARDS:
        raise CardParseError(
            f"{len(tokens)} cards; a hand has at most {MAX_CARDS} (the two-deck shoe's 104 and 8 jokers)"
        )
    cards = [_parse_token(t, i + 1) for i, t in enumerate(tokens)]
    if not allow_jokers:
        for i, c in enumerate(cards):
            if isinstance(c, Joker):
                raise CardParseError(f"token {i + 1} {tokens[i]!r} is a joker, which is not allowed here")
    check_copies(cards)
    return cards


def as_cards(cards) -> list:
    """Accept text, or a sequence of Card/Joker (or ``(rank, suit)`` pairs); return a checked list."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, (Card, Joker)) or not isinstance(cards, Iterable) or isinstance(cards, (bytes, Mapping)):
        raise CardParseError(f"expected cards as text or a list of cards, got {cards!r}; {ACCEPTED_FORMS}")
    out = []
    for i, c in enumerate(cards):
        if i >= MAX_CARDS:
            raise CardParseError(f"a hand has at most {MAX_CARDS} cards (the shoe's 104 and 8 jokers), got more")
        if isinstance(c, (Card, Joker)):
            out.append(c)
        elif isinstance(c, tuple) and len(c) == 2:
            out.append(Card(c[0], c[1]))  # checked there: no rounding, no text read as a rank
        elif isinstance(c, str):
            out.append(_parse_token(c, i + 1))
        else:
            raise CardParseError(f"item {i + 1} {c!r} is not a card; expected Card, (rank, suit) or text")
    check_copies(out)
    return out


def check_copies(cards: Sequence) -> None:
    """Raise :class:`ThirdCopyError` when a card occurs more than twice."""
    counts = Counter(c for c in cards if isinstance(c, Card))
    for card, k in counts.items():
        if k > COPIES:
            where = [i + 1 for i, c in enumerate(cards) if c == card]
            raise ThirdCopyError(
                f"{card.code} appears {k} times (tokens {', '.join(map(str, where))}); "
                f"the two-deck shoe holds only two copies of each card"
            )


def format_cards(cards: Iterable, pretty: bool = False) -> str:
    """ASCII codes joined by spaces (``pretty=True``: suit symbols).

    >>> format_cards([Card(10, "H"), Card(1, "S")]), format_cards([Card(12, "D")], pretty=True)
    ('10H AS', 'Q♦')
    """
    return " ".join(c.pretty if pretty else c.code for c in cards)


def shoe(jokers: int = 0) -> list:
    """The two-deck shoe: both copies of all 52 cards (104), plus ``jokers`` jokers.

    >>> s = shoe(2); len(s), sum(isinstance(c, Joker) for c in s)
    (106, 2)
    """
    if jokers < 0:
        raise InvalidInputError(f"jokers must be >= 0, got {jokers}")
    return [c for c in _CARDS for _ in range(COPIES)] + [Joker(i) for i in range(jokers)]


def random_hand(rng: np.random.Generator, size: int) -> list[Card]:
    """``size`` cards drawn without replacement from the two-deck shoe."""
    if not 0 <= size <= 104:
        raise InvalidInputError(f"a hand from the shoe has 0..104 cards, got {size}")
    idx = rng.choice(104, size=size, replace=False)
    return [_CARDS[i // 2] for i in idx]


def clustered_hand(
    rng: np.random.Generator,
    size: int | tuple[int, int],
    ranks: tuple[int, int] = (3, 6),
    suits: tuple[int, int] = (2, 5),
) -> list[Card]:
    """A hand from a few consecutive ranks (K→A wraps) in a few suits, both copies of each card in
    the pool: long polymers are common in such hands (the tests and the benchmark use them).

    ``ranks``, ``suits``: how many, drawn with ``rng.integers(lo, hi)``; ``size``: the number of
    cards (at most the pool's), or a range ``(lo, hi)`` drawn after the suits.

    >>> hand = clustered_hand(np.random.default_rng(1), 12)
    >>> len(hand), len({c.suit for c in hand}) <= 4, len({c.rank for c in hand}) <= 5
    (12, True, True)
    """
    count = int(rng.integers(*ranks))
    start = int(rng.integers(13))
    chosen = rng.choice(list(SUITS), int(rng.integers(*suits)), replace=False)
    pool = [Card((start + i) % 13 + 1, str(s)) for i in range(count) for s in chosen for _ in range(COPIES)]
    n = int(rng.integers(*size)) if isinstance(size, tuple) else int(size)
    return [pool[i] for i in rng.choice(len(pool), min(n, len(pool)), replace=False)]
