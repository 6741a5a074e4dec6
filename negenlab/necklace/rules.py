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


def point_name(r: int, c: int) -> str:
    """A point as the board labels it, rows and columns counted from 1 (top row 1, left column 1):
    ``point_name(0, 4)`` -> ``'row 1, col 5'``. Every message for a person names points this way;
    the API (``play``, ``legal_moves``) takes and gives 0-based ``(row, col)``."""
    return f"row {r + 1}, col {c + 1}"


def point_names(points) -> str:
    """Several points in words: ``'row 1, col 1'``, ``'row 1, col 1 and row 2, col 1'``,
    ``'row 1, col 1, row 1, col 2 and row 2, col 1'``."""
    names = [point_name(int(r), int(c)) for r, c in points]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
