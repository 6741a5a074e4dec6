"""Negen's rule variants as one frozen dataclass (see docs/rules/negen.md).

>>> from negenlab.negen.rules import Rules
>>> Rules().sequence_shape, Rules().coverage, Rules().rearrange
('straight', 'adjacency', 'join')
>>> Rules(rearrange="free").free_moves
1
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from negenlab.core.errors import InvalidInputError

_CHOICES = {
    "sequence_shape": ("straight", "bent"),
    "coverage": ("adjacency", "die"),
    "rearrange": ("join", "free"),
}


@dataclass(frozen=True)
class Rules:
    """The readings of Negen's rules an analysis runs with.

    - ``sequence_shape``: ``"straight"`` (x, y, z on one line; default) or ``"bent"`` (L shapes too);
    - ``coverage``: ``"adjacency"`` (every adjacent pair together in a sequence; default) or
      ``"die"`` (every die in a sequence);
    - ``rearrange``: ``"join"`` (add dice and move whole spirals; default) or ``"free"``;
    - ``free_moves`` (1): under ``"free"``, how many single table dice a player may take out of
      their spirals in one turn and put anywhere, combined with adds and joins; the rest of a
      spiral a die left stays rigid (its parts become spirals of their own). ``0`` plays like
      ``"join"``. The bound makes the turn space finite and exactly enumerable;
    - ``pool_size``: dice in the pool (60; ``None`` = unlimited); ``players`` (3);
      ``target_score`` (2); ``max_turns`` per round before it is recorded as stalled (500).
    """

    sequence_shape: str = "straight"
    coverage: str = "adjacency"
    rearrange: str = "join"
    free_moves: int = 1
    pool_size: int | None = 60
    players: int = 3
    target_score: int = 2
    max_turns: int = 500

    def __post_init__(self):
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise InvalidInputError(f"Rules.{name} must be one of {allowed}, got {value!r}")
        if isinstance(self.free_moves, bool) or not isinstance(self.free_moves, int) or not 0 <= self.free_moves <= 4:
            raise InvalidInputError(f"Rules.free_moves must be an integer 0..4, got {self.free_moves!r}")
        if not 2 <= self.players <= 6:
            raise InvalidInputError(f"Rules.players must be 2..6, got {self.players}")
        if self.pool_size is not None and self.pool_size < 4 * self.players + 3:
            raise InvalidInputError(
                f"Rules.pool_size must hold at least 4 dice per player plus 3 for the table "
                f"({4 * self.players + 3}), got {self.pool_size}"
            )
        if self.target_score < 1:
            raise InvalidInputError(f"Rules.target_score must be >= 1, got {self.target_score}")
        if self.max_turns < 1:
            raise InvalidInputError(f"Rules.max_turns must be >= 1, got {self.max_turns}")

    def replace(self, **changes) -> Rules:
        return replace(self, **changes)

    @classmethod
    def variants(cls, **base) -> list[Rules]:
        """All 8 combinations of sequence_shape x coverage x rearrange (other fields from ``base``),
        the default reading first."""
        return [
            cls(sequence_shape=s, coverage=c, rearrange=r, **base)
            for s in _CHOICES["sequence_shape"]
            for c in _CHOICES["coverage"]
            for r in _CHOICES["rearrange"]
        ]

    @property
    def label(self) -> str:
        """Short name of the reading, e.g. ``straight/adjacency/join``."""
        return f"{self.sequence_shape}/{self.coverage}/{self.rearrange}"


DEFAULT_RULES = Rules()
"""The default reading (straight/adjacency/join), as a default argument (Rules are frozen)."""
