"""Negen's rule variants as one frozen dataclass (see docs/rules/negen.md).

>>> from negenlab.negen.rules import Rules
>>> Rules().sequence_shape, Rules().coverage, Rules().rearrange
('straight', 'adjacency', 'join')
>>> Rules(rearrange="free").free_moves
1
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from negenlab.core.checks import whole_number
from negenlab.core.errors import InvalidInputError

MAX_POOL = 10_000
MAX_TARGET_SCORE = 1_000
MAX_TURNS = 1_000_000

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

    Counts are whole numbers (a bool or a float is refused) with stated limits: ``players`` 2..6,
    ``pool_size`` up to 10,000, ``target_score`` up to 1,000, ``max_turns`` up to 1,000,000.
    """

    sequence_shape: str = field(default="straight", metadata={"choices": _CHOICES["sequence_shape"]})
    coverage: str = field(default="adjacency", metadata={"choices": _CHOICES["coverage"]})
    rearrange: str = field(default="join", metadata={"choices": _CHOICES["rearrange"]})
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
        whole_number(self.free_moves, "Rules.free_moves", 0, 4, "the bound keeps a turn's choices exactly enumerable")
        whole_number(self.players, "Rules.players", 2, 6, "Negen is played by 2 to 6")
        if self.pool_size is not None:
            least = 4 * self.players + 3
            whole_number(self.pool_size, "Rules.pool_size", 0, MAX_POOL, "a pool far beyond 60 dice changes nothing")
            if self.pool_size < least:
                raise InvalidInputError(
                    f"Rules.pool_size must hold at least 4 dice per player plus 3 for the table "
                    f"({least}), got {self.pool_size}"
                )
        whole_number(self.target_score, "Rules.target_score", 1, MAX_TARGET_SCORE, "each point is a round played")
        whole_number(self.max_turns, "Rules.max_turns", 1, MAX_TURNS, "a round that long is recorded as stalled")

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


def as_rules(rules: Rules | None, where: str = "rules") -> Rules:
    """``rules``, or the defaults for ``None``; anything else is refused (a reading given as text,
    say, is not read silently as the defaults).

    >>> as_rules(None).label
    'straight/adjacency/join'
    >>> as_rules("straight")
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: rules must be negen Rules (or None for the defaults), got 'straight'; e.g. Rules(sequence_shape='straight')
    """
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise InvalidInputError(
            f"{where} must be negen Rules (or None for the defaults), got {rules!r}; e.g. Rules(sequence_shape='straight')"
        )
    return rules
