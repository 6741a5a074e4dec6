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

from dataclasses import dataclass, field

from negenlab.core.checks import flag, is_whole, real_number, whole_number
from negenlab.core.errors import InvalidInputError

# cards per player by number of players (the source's table); leftovers leave the game unseen
DEAL_TABLE = {5: 20, 6: 17, 7: 14, 8: 13, 9: 11, 10: 10, 11: 9, 12: 8, 13: 8, 14: 7, 15: 6}
REGULAR_CARDS = 104
MAX_TRADE_BUDGET = 1_000
"""The most proposal turns per player (the timer stand-in; a game's length grows with it)."""
MAX_TOKENS = 1_000
INFORMATION = ("open", "hidden")
"""What a seat sees (``Rules.information``)."""
TIME_FIELDS = ("seconds_look", "seconds_propose", "seconds_answer", "seconds_repay", "seconds_pass", "seconds_joker")
"""The time model's fields (seconds of one player's time per action)."""
OPEN_MODEL = {"information": "open", "max_cards": 1, "minutes": None, "trade_budget": 4}
"""The earlier model, kept for comparison: every hand open, one card a trade and 4 proposal turns
per player in place of the clock. The studies committed before the table model
(``policies_5p``, ``policies_8p``, ``holdout``, ``pace``, ``ladder`` and the tunes) ran it:
``Rules(players=8, **OPEN_MODEL)``."""


@dataclass(frozen=True)
class Rules:
    """One table of Polymer.

    players : 5..15, seated in a circle (seat p's neighbours are p-1 and p+1 mod players).
    cards_per_player : cards per player; ``None`` = the deal table.
    handicap : extra cards dealt from the leftovers to seats, e.g. ``(0, 2, 0, 0, 0)``;
        ``()`` = none. Hands keep their dealt size at the end (loans are repaid).
    jokers : 0 = standard game; 1.. = the cosmic-ray variant with that many jokers (and as
        many regular cards laid face down in the middle).
    good_faith_tokens : tokens per player (0 = not used); tokens held at the end are the first
        tiebreak. Of the policies, ``sweetener`` offers them; the others take what they are offered.
    trade_budget : proposal turns per player; the default never binds before the clock. The
        earlier model stopped trading at 4 turns each instead of a clock (:data:`OPEN_MODEL`).
    chain_length : the farthest partner of a (long-distance) trade; 1 = neighbours only.
    loans : whether loan proposals are allowed.
    information : what a seat sees: ``"hidden"`` (the game) its own hand and the public record
        (hand sizes, tokens, who traded how many cards with whom, loans and calls);
        ``"open"`` every hand (the earlier model, kept for comparison).
        ``state.observation(seat)`` gives what a seat sees.
    max_cards : the most cards on one side of a trade (default 3). Above 1 (or with tokens), a
        proposer may compose a trade card by card: a swap of k cards for k, or a loan of k for j
        (k != j; the side that got more owes the difference until the loan is called in or trading
        stops), with tokens offered or asked; a link of a chain may ask one token to let it through.
    minutes : table minutes after which trading stops (the source's timer: 10); ``None`` = the
        proposal budget alone stops it (the earlier model).
    seconds_look, seconds_propose, seconds_answer, seconds_repay, seconds_pass, seconds_joker :
        the time model: seconds of a player's time to read the hand at the start, make a proposal
        (or call a loan in), give one answer (each link of a chain answers), hand back one repaid
        card, sit out a proposal turn, play a joker. Seats act in parallel: the table clock moves
        by each cost divided by ``players // 2`` (the pairs that can trade at once); reading the
        hand happens once for everyone.
    """

    players: int = 8
    cards_per_player: int | None = None
    handicap: tuple[int, ...] = ()
    jokers: int = 0
    good_faith_tokens: int = 0
    trade_budget: int = MAX_TRADE_BUDGET
    chain_length: int = 2
    loans: bool = True
    information: str = field(default="hidden", metadata={"choices": INFORMATION})
    max_cards: int = 3
    minutes: float | None = 10.0
    seconds_look: float = 60.0
    seconds_propose: float = 20.0
    seconds_answer: float = 10.0
    seconds_repay: float = 15.0
    seconds_pass: float = 5.0
    seconds_joker: float = 20.0

    def __post_init__(self):
        if not is_whole(self.players) or self.players not in DEAL_TABLE:
            raise InvalidInputError(f"Polymer is for 5..15 players (the deal table), got {self.players!r}")
        object.__setattr__(self, "players", int(self.players))
        if self.cards_per_player is not None:
            most = REGULAR_CARDS // self.players
            whole_number(self.cards_per_player, "cards_per_player", 1, most, f"{self.players} players share 104 cards")
        if isinstance(self.handicap, (str, bytes)) or not isinstance(self.handicap, (tuple, list)):
            raise InvalidInputError(f"handicap must be a tuple of extra cards per seat, got {self.handicap!r}")
        object.__setattr__(
            self, "handicap", tuple(whole_number(h, "a handicap entry", 0, REGULAR_CARDS) for h in self.handicap)
        )
        if self.handicap:
            if len(self.handicap) != self.players:
                raise InvalidInputError(f"handicap needs one entry per seat ({self.players}), got {len(self.handicap)}")
            if sum(self.handicap) > self.leftover:
                raise InvalidInputError(
                    f"handicap deals {sum(self.handicap)} extra cards but only {self.leftover} are left over "
                    f"with {self.players} players x {self.hand_size} cards"
                )
        whole_number(self.jokers, "jokers", 0, 8, "the source recommends 2-4")
        whole_number(self.good_faith_tokens, "good_faith_tokens", 0, MAX_TOKENS)
        whole_number(self.trade_budget, "trade_budget", 0, MAX_TRADE_BUDGET, "each is a proposal turn per player")
        if not is_whole(self.chain_length) or not 1 <= self.chain_length <= self.players // 2:
            raise InvalidInputError(
                f"chain_length must be 1..{self.players // 2} for {self.players} players, got {self.chain_length!r}"
            )
        flag(self.loans, "loans")
        whole_number(self.max_cards, "max_cards", 1, 5, "cards on one side of a trade")
        if self.minutes is not None:
            object.__setattr__(self, "minutes", real_number(self.minutes, "minutes", 0, 600, lo_open=True))
        for name in TIME_FIELDS:
            object.__setattr__(self, name, real_number(getattr(self, name), name, 0, 3600))
        if self.information not in INFORMATION:
            raise InvalidInputError(f"information must be one of {', '.join(INFORMATION)}, got {self.information!r}")

    @property
    def hand_size(self) -> int:
        """Cards per player: the deal table unless ``cards_per_player`` overrides it."""
        return DEAL_TABLE[self.players] if self.cards_per_player is None else self.cards_per_player

    @property
    def leftover(self) -> int:
        """Cards not dealt (they leave the game unseen), before any handicap."""
        return REGULAR_CARDS - self.players * self.hand_size

    @property
    def pairs(self) -> int:
        """How many pairs of seats can trade at once (the table clock's divisor)."""
        return max(1, self.players // 2)

    def dealt(self, seat: int) -> int:
        return self.hand_size + (self.handicap[seat] if self.handicap else 0)


def open_rules(**fields) -> Rules:
    """A table of the earlier model (:data:`OPEN_MODEL`: every hand open, one card a trade,
    a proposal budget in place of the clock) with ``fields`` set, as the studies committed before the
    table model ran it.

    >>> open_rules(players=5).information, open_rules(players=5, trade_budget=2).trade_budget
    ('open', 2)
    """
    return Rules(**{**OPEN_MODEL, **fields})


TABLE_MODEL = {name: Rules.__dataclass_fields__[name].default for name in OPEN_MODEL}
"""The fields of :data:`OPEN_MODEL` at their defaults (the game as the table plays it): hidden
hands, up to 3 cards a side, the 10-minute clock and no proposal budget."""
