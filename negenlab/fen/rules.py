"""FEN rule variants: a frozen dataclass recorded with every result.

The fields cover what the designer's rules leave open (defaults from the rules page):

- ``pie_rule`` (True): on the second player's first turn they may swap colours instead of placing;
- ``partial_claims`` (True): when n (or e) placements that share no face no longer exist,
  a claim of as many as possible (at least one) is legal; False: that kind of claim is gone;
- ``n`` / ``e`` (None): placements per claim; None derives them from the board with
  :func:`negenlab.fen.derive_ne` in ``ne_scope`` ("interior", the default, or "all").

A player with no legal action has their turn skipped; when neither can act the game ends
and more faces wins (equal counts: a draw). Owning more than half of all faces wins at once.

>>> from negenlab.fen.rules import Rules
>>> Rules().pie_rule, Rules(n=2, e=3).e
(True, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from negenlab.core.checks import is_whole
from negenlab.core.errors import InvalidInputError

from .ne import SCOPES

MAX_PER_TURN = 1_000_000


@dataclass(frozen=True)
class Rules:
    pie_rule: bool = True
    partial_claims: bool = True
    n: int | None = None
    e: int | None = None
    ne_scope: str = field(default="interior", metadata={"choices": SCOPES})

    def __post_init__(self):
        for name in ("n", "e"):
            v = getattr(self, name)
            if v is not None and (not is_whole(v) or not 1 <= v <= MAX_PER_TURN):
                raise InvalidInputError(
                    f"Rules.{name} must be None (derive from the board) or a whole number 1..{MAX_PER_TURN} "
                    f"(no board has more nodes or edges), got {v!r}"
                )
        if self.ne_scope not in SCOPES:
            raise InvalidInputError(f"Rules.ne_scope must be 'interior' or 'all', got {self.ne_scope!r}")
        for name in ("pie_rule", "partial_claims"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInputError(f"Rules.{name} must be True or False, got {getattr(self, name)!r}")
