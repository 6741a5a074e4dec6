"""Polymer validity, exactly as ``docs/rules/polymer.md`` defines it.

A *window* is three consecutive cards. It is a **sequence** when the three share a suit
and the ranks step by +1 twice or by -1 twice, wrapping K→A→2; a **group** when the
three share a rank and have three different suits. An ordering of at least three cards
is a polymer iff every adjacent pair lies in at least one valid window.

>>> from negenlab.polymer import is_polymer, explain
>>> is_polymer("KS QS JS JH JD QD KD"), is_polymer("KS QS JS JD QD KD")
(True, False)
>>> print(explain("7S 7H 7S 7D").text())
7S 7H 7S 7D: not a polymer
  window 1 7S 7H 7S: invalid (two cards of suit S in a same-rank triple)
  window 2 7H 7S 7D: group
  pair 1-2 (7S 7H) is in no valid window
"""

from __future__ import annotations

from dataclasses import dataclass, field

from negenlab.core.errors import InvalidInputError

from .cards import Card, Joker, as_cards, format_cards


def _step(a: int, b: int) -> int:
    """+1 / -1 when rank b follows / precedes rank a on the 13-cycle (K→A wraps), else 0."""
    d = (b - a) % 13
    return 1 if d == 1 else (-1 if d == 12 else 0)


def window_kind(a: Card, b: Card, c: Card) -> str:
    """``"sequence"``, ``"group"`` or ``"invalid"`` for three consecutive cards.

    >>> window_kind(*map(lambda t: Card(*t), [(12, "S"), (13, "S"), (1, "S")]))
    'sequence'
    """
    if a.suit == b.suit == c.suit:
        s1, s2 = _step(a.rank, b.rank), _step(b.rank, c.rank)
        if s1 != 0 and s1 == s2:
            return "sequence"
        return "invalid"
    if a.rank == b.rank == c.rank and len({a.suit, b.suit, c.suit}) == 3:
        return "group"
    return "invalid"


def why_invalid(a: Card, b: Card, c: Card) -> str:
    """A short reason why a window is not a sequence or a group."""
    if a.suit == b.suit == c.suit:
        if a.rank == b.rank == c.rank:
            return "the same card three times"
        return (
            f"same suit {a.suit} but ranks {a.code[:-1]}-{b.code[:-1]}-{c.code[:-1]} do not step by 1 in one direction"
        )
    if a.rank == b.rank == c.rank:
        dup = [s for s in "SHDC" if [a.suit, b.suit, c.suit].count(s) > 1][0]
        return f"two cards of suit {dup} in a same-rank triple"
    return "neither one suit nor one rank"


@dataclass
class Explanation:
    """Which windows are sequences or groups, and which adjacent pairs are covered by none."""

    cards: list
    windows: list[str] = field(default_factory=list)  # kind of window i (cards i, i+1, i+2)
    reasons: list[str] = field(default_factory=list)  # why window i is invalid ("" if valid)
    uncovered: list[int] = field(default_factory=list)  # i: pair (i, i+1) lies in no valid window
    problem: str = ""  # a problem that precedes windows (length, joker)

    @property
    def valid(self) -> bool:
        return not self.problem and not self.uncovered

    def text(self) -> str:
        head = f"{format_cards(self.cards)}: {'a polymer of length ' + str(len(self.cards)) if self.valid else 'not a polymer'}"
        lines = [head]
        if self.problem:
            lines.append(f"  {self.problem}")
        for i, kind in enumerate(self.windows):
            w = format_cards(self.cards[i : i + 3])
            lines.append(f"  window {i + 1} {w}: {kind}" + (f" ({self.reasons[i]})" if kind == "invalid" else ""))
        for i in self.uncovered:
            lines.append(f"  pair {i + 1}-{i + 2} ({format_cards(self.cards[i : i + 2])}) is in no valid window")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {
            "cards": format_cards(self.cards),
            "valid": self.valid,
            "length": len(self.cards),
            "windows": [
                {"index": i + 1, "cards": format_cards(self.cards[i : i + 3]), "kind": k, "reason": self.reasons[i]}
                for i, k in enumerate(self.windows)
            ],
            "uncovered_pairs": [[i + 1, i + 2] for i in self.uncovered],
            "problem": self.problem,
        }

    def __str__(self) -> str:
        return self.text()

    def _repr_svg_(self) -> str:
        from .svg import polymer_svg

        return polymer_svg(self)


def explain(cards) -> Explanation:
    """Window-by-window account of an ordering of cards (text or a list of Card)."""
    cards = as_cards(cards)
    ex = Explanation(cards)
    jokers = [i + 1 for i, c in enumerate(cards) if isinstance(c, Joker)]
    if jokers:
        ex.problem = f"jokers (positions {', '.join(map(str, jokers))}) are never cards of a polymer"
        return ex
    if len(cards) < 3:
        ex.problem = f"a polymer has at least 3 cards, this has {len(cards)}"
        return ex
    for i in range(len(cards) - 2):
        k = window_kind(*cards[i : i + 3])
        ex.windows.append(k)
        ex.reasons.append(why_invalid(*cards[i : i + 3]) if k == "invalid" else "")
    n = len(cards)
    for i in range(n - 1):
        # pair (i, i+1) lies in windows starting at i-1 and at i
        covering = [w for w in (i - 1, i) if 0 <= w <= n - 3]
        if not any(ex.windows[w] != "invalid" for w in covering):
            ex.uncovered.append(i)
    return ex


def is_polymer(cards) -> bool:
    """True iff ``cards`` (in this order) is a valid polymer: at least 3 cards, no joker,
    every adjacent pair inside a valid window. A third copy of a card raises ``ThirdCopyError``.

    >>> is_polymer("6S 5S 4S 5S 6S"), is_polymer("7S 7D 7S")
    (True, False)
    """
    return explain(cards).valid


def check_polymer(cards) -> None:
    """Raise ``InvalidInputError`` with the explanation when ``cards`` is not a polymer."""
    ex = explain(cards)
    if not ex.valid:
        raise InvalidInputError(ex.text())
