"""Negen's rule variants as one frozen dataclass (see shared rules page).

>>> from negenlab.negen.rules import Rules
>>> Rules().sequence_shape, Rules(coverage="adjacency").coverage
('straight', 'adjacency')
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from negenlab.core.errors import InvalidInputError

_CHOICES = {
    "sequence_shape": ("straight", "bent"),
    "coverage": ("die", "adjacency"),
    "rearrange": ("join", "free"),
}


@dataclass(frozen=True)
class Rules:
    """The readings of Negen's rules an analysis runs with.

    - ``sequence_shape``: ``"straight"`` (x, y, z on one line; default) or ``"bent"`` (L shapes too);
    - ``coverage``: ``"die"`` (every die in a sequence; default) or ``"adjacency"``
      (every adjacent pair together in a sequence);
    - ``rearrange``: ``"join"`` (add dice and join whole spirals; default) or ``"free"``;
    - ``pool_size``: dice in the pool (60; ``None`` = unlimited); ``players`` (3);
      ``target_score`` (2); ``max_turns`` per round before it is recorded as stalled (500).
    """

    sequence_shape: str = "straight"
    coverage: str = "die"
    rearrange: str = "join"
    pool_size: int | None = 60
    players: int = 3
    target_score: int = 2
    max_turns: int = 500

    def __post_init__(self):
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise InvalidInputError(f"Rules.{name} must be one of {allowed}, got {value!r}")
        if not 2 <= self.players <= 6:
            raise InvalidInputError(f"Rules.players must be 2..6, got {self.players}")
        if self.pool_size is not None and self.pool_size < 4 * self.players + 3:
            raise InvalidInputError(
                f"Rules.pool_size must hold at least 4 dice per player plus 3 for the table "
                f"({4 * self.players + 3}), got {self.pool_size}")
        if self.target_score < 1:
            raise InvalidInputError(f"Rules.target_score must be >= 1, got {self.target_score}")
        if self.max_turns < 1:
            raise InvalidInputError(f"Rules.max_turns must be >= 1, got {self.max_turns}")

    def replace(self, **changes) -> "Rules":
        return replace(self, **changes)

    @classmethod
    def variants(cls, **base) -> list["Rules"]:
        """All 8 combinations of sequence_shape x coverage x rearrange (other fields from ``base``)."""
        return [cls(sequence_shape=s, coverage=c, rearrange=r, **base)
                for s in _CHOICES["sequence_shape"] for c in _CHOICES["coverage"] for r in _CHOICES["rearrange"]]
