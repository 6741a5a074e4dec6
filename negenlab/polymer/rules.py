"""The variants of Polymer that the simulation knows, as one frozen ``Rules`` dataclass.

>>> from negenlab.polymer.rules import Rules, DEAL_TABLE
>>> r = Rules(players=7)
>>> r.hand_size, r.leftover
(14, 6)
>>> Rules(players=4)
Traceback (most recent call last):
...
negenlab.core.errors.InvalidInputError: Polymer is for 5..15 players (the deal table), got 4
"""

from __future__ import annotations

from dataclasses import dataclass

from negenlab.core.errors import InvalidInputError

# cards per player by number of players (the source's table); leftovers leave the game unseen
DEAL_TABLE = {5: 20, 6: 17, 7: 14, 8: 13, 9: 11, 10: 10, 11: 9, 12: 8, 13: 8, 14: 7, 15: 6}
REGULAR_CARDS = 104


@dataclass(frozen=True)
class Rules:
    """One table of Polymer.

    players : 5..15, seated in a circle (seat p's neighbours are p-1 and p+1 mod players).
    cards_per_player : cards per player; ``None`` = the deal table.
    handicap : extra cards dealt from the leftovers to seats, e.g. ``(0, 2, 0, 0, 0)``;
        ``()`` = none. Hands keep their dealt size at the end (loans are repaid).
    jokers : 0 = standard game; 1.. = the cosmic-ray variant with that many jokers (and as
        many regular cards laid face down in the middle).
    good_faith_tokens : tokens per player (0 = not used). The modelled agents never trade
        tokens, so with tokens the first tiebreak always ties (recorded honestly).
    trade_budget : proposal turns per player, standing in for the 10-minute timer.
    chain_length : the farthest partner of a (long-distance) trade; 1 = neighbours only.
    loans : whether loan proposals are allowed.
    """

    players: int = 8
    cards_per_player: int | None = None
    handicap: tuple[int, ...] = ()
    jokers: int = 0
    good_faith_tokens: int = 0
    trade_budget: int = 4
    chain_length: int = 2
    loans: bool = True

    def __post_init__(self):
        if not isinstance(self.players, int) or self.players not in DEAL_TABLE:
            raise InvalidInputError(f"Polymer is for 5..15 players (the deal table), got {self.players}")
        if self.cards_per_player is not None and not (1 <= self.cards_per_player <= REGULAR_CARDS // self.players):
            raise InvalidInputError(
                f"cards_per_player must be 1..{REGULAR_CARDS // self.players} for {self.players} players, got {self.cards_per_player}"
            )
        object.__setattr__(self, "handicap", tuple(int(h) for h in self.handicap))
        if self.handicap:
            if len(self.handicap) != self.players:
                raise InvalidInputError(f"handicap needs one entry per seat ({self.players}), got {len(self.handicap)}")
            if min(self.handicap) < 0:
                raise InvalidInputError(f"handicap entries must be >= 0, got {self.handicap}")
            if sum(self.handicap) > self.leftover:
                raise InvalidInputError(
                    f"handicap deals {sum(self.handicap)} extra cards but only {self.leftover} are left over "
                    f"with {self.players} players x {self.hand_size} cards"
                )
        if not 0 <= self.jokers <= 8:
            raise InvalidInputError(f"jokers must be 0..8 (the source recommends 2-4), got {self.jokers}")
        if self.good_faith_tokens < 0:
            raise InvalidInputError(f"good_faith_tokens must be >= 0, got {self.good_faith_tokens}")
        if self.trade_budget < 0:
            raise InvalidInputError(f"trade_budget must be >= 0, got {self.trade_budget}")
        if not 1 <= self.chain_length <= self.players // 2:
            raise InvalidInputError(
                f"chain_length must be 1..{self.players // 2} for {self.players} players, got {self.chain_length}"
            )

    @property
    def hand_size(self) -> int:
        """Cards per player: the deal table unless ``cards_per_player`` overrides it."""
        return DEAL_TABLE[self.players] if self.cards_per_player is None else self.cards_per_player

    @property
    def leftover(self) -> int:
        """Cards not dealt (they leave the game unseen), before any handicap."""
        return REGULAR_CARDS - self.players * self.hand_size

    def dealt(self, seat: int) -> int:
        return self.hand_size + (self.handicap[seat] if self.handicap else 0)
