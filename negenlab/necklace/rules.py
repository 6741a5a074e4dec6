"""The variants of Necklace that negenlab models.

>>> from negenlab.necklace.rules import Rules
>>> Rules(size=5, swap=False)
Rules(size=5, swap=False)
"""

from __future__ import annotations

from dataclasses import dataclass

from negenlab.core.errors import InvalidInputError

MAX_SIZE = 25


@dataclass(frozen=True)
class Rules:
    """``size``: the board is size x size points (2..25); ``swap``: Blue may swap sides on
    their first turn (pie rule, the designers' summary); ``False`` is the seed text's plain game."""

    size: int = 9
    swap: bool = True

    def __post_init__(self):
        if isinstance(self.size, bool) or not isinstance(self.size, int):
            raise InvalidInputError(f"board size must be an integer, got {self.size!r}")
        if not 2 <= self.size <= MAX_SIZE:
            raise InvalidInputError(f"board size must be between 2 and {MAX_SIZE}, got {self.size}")
        if not isinstance(self.swap, bool):
            raise InvalidInputError(f"swap must be True or False, got {self.swap!r}")
