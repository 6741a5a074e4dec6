"""Tiny reference games used by the tutorial and the tests of the core.

``Nim`` is normal-play Nim (the player who takes the last object wins).
``DiceRace`` adds chance: players alternately roll a die (a chance node) and may
bank or roll on; first to ``target`` wins. Both are small enough to solve by hand.

>>> from negenlab.core.examples import Nim
>>> s = Nim((1, 2)).new_initial_state()
>>> s.legal_actions()
[(0, 1), (1, 1), (1, 2)]
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalMoveError, InvalidInputError
from .game import CHANCE, TERMINAL, Game, State


@dataclass(frozen=True)
class NimRules:
    heaps: tuple[int, ...] = (1, 2, 3)


class Nim(Game):
    """Two-player normal-play Nim; an action ``(heap, take)`` removes ``take`` objects."""

    name = "nim"

    def __init__(self, heaps=(1, 2, 3)):
        heaps = tuple(int(h) for h in heaps)
        if not heaps or any(h < 0 for h in heaps):
            raise InvalidInputError(f"Nim heaps must be non-negative and at least one, got {heaps}")
        self.rules = NimRules(heaps)

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> NimState:
        return NimState(list(self.rules.heaps), 0)


class NimState(State):
    def __init__(self, heaps: list[int], player: int):
        self.heaps = heaps
        self.player = player

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    @property
    def num_players(self) -> int:
        return 2

    def legal_actions(self):
        return [(i, t) for i, h in enumerate(self.heaps) for t in range(1, h + 1)]

    def apply(self, action) -> None:
        if not (isinstance(action, tuple) and len(action) == 2 and all(isinstance(x, int) for x in action)):
            raise IllegalMoveError(f"a Nim move is (heap, take), two whole numbers; got {action!r:.60}")
        heap, take = action
        if self.is_terminal():
            raise IllegalMoveError("the game is over")
        if not (0 <= heap < len(self.heaps)) or not (1 <= take <= self.heaps[heap]):
            raise IllegalMoveError(
                f"cannot take {take} from heap {heap} holding {self.heaps[heap] if 0 <= heap < len(self.heaps) else 'nothing'}"
            )
        self.heaps[heap] -= take
        self.player = 1 - self.player

    def is_terminal(self) -> bool:
        return sum(self.heaps) == 0

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        # the player who just moved (not self.player) took the last object
        winner = 1 - self.player
        return [1.0 if p == winner else -1.0 for p in range(2)]

    def clone(self) -> NimState:
        return NimState(list(self.heaps), self.player)

    def key(self) -> tuple:
        return tuple(self.heaps), self.player

    def __repr__(self) -> str:
        return f"NimState(heaps={self.heaps}, to_move={self.player})"


@dataclass(frozen=True)
class DiceRaceRules:
    target: int = 10
    players: int = 2


class DiceRace(Game):
    """Players in turn roll a die (chance) then choose 'bank' or 'roll' again; first to target wins.

    A roll of 1 loses the turn's points. Small, with chance at every turn.
    """

    name = "dice_race"

    def __init__(self, target: int = 10, players: int = 2):
        if players < 2:
            raise InvalidInputError(f"DiceRace needs at least 2 players, got {players}")
        self.rules = DiceRaceRules(target, players)

    @property
    def num_players(self) -> int:
        return self.rules.players

    def new_initial_state(self) -> DiceRaceState:
        return DiceRaceState(self.rules, [0] * self.rules.players, 0, 0, True)


class DiceRaceState(State):
    def __init__(self, rules, scores, player, pot, rolling):
        self.rules, self.scores, self.player, self.pot, self.rolling = rules, scores, player, pot, rolling
        self.turns = 0

    @property
    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.rolling else self.player

    @property
    def num_players(self) -> int:
        return self.rules.players

    def legal_actions(self):
        return [] if self.is_terminal() or self.rolling else ["bank", "roll"]

    def chance_outcomes(self):
        return [(v, 1 / 6) for v in range(1, 7)]

    def apply(self, action) -> None:
        if self.rolling:
            if action not in range(1, 7):
                raise IllegalMoveError(f"a die shows 1..6, not {action!r}")
            self.rolling = False
            if action == 1:
                self.pot = 0
                self._next()
            else:
                self.pot += action
                if self.scores[self.player] + self.pot >= self.rules.target:
                    self.scores[self.player] += self.pot
                    self.pot = 0
            return
        if action == "roll":
            self.rolling = True
        elif action == "bank":
            self.scores[self.player] += self.pot
            self.pot = 0
            self._next()
        else:
            raise IllegalMoveError(f"expected 'bank' or 'roll', got {action!r}")

    def _next(self):
        self.turns += 1
        self.player = (self.player + 1) % self.rules.players
        self.rolling = True

    def is_terminal(self) -> bool:
        return max(self.scores) >= self.rules.target

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.rules.players
        w = max(range(self.rules.players), key=lambda p: self.scores[p])
        return [1.0 if p == w else -1.0 for p in range(self.rules.players)]

    def clone(self):
        s = DiceRaceState(self.rules, list(self.scores), self.player, self.pot, self.rolling)
        s.turns = self.turns
        return s

    def game_info(self):
        return {"turns": self.turns}

    def key(self) -> tuple:
        return tuple(self.scores), self.player, self.pot, self.rolling  # not turns: a statistic


@dataclass(frozen=True)
class CoinTossRules:
    first: float = 0.5
    players: int = 2
    salt: int = 0


class CoinToss(Game):
    """One chance node decides the game: seat 1 wins with probability ``first``, else one of the
    others at random. ``salt`` changes which random numbers decide (``salt`` extra draws first), not
    their distribution: two salts play different games of the same game, the tests' A/A pair.

    >>> from negenlab.core.agents import RandomAgent
    >>> from negenlab.core.simulate import simulate
    >>> df = simulate(CoinToss(first=0.7), [RandomAgent()] * 2, 2000, seed=1, backend="serial", progress=False)
    >>> round(float((df["winner"] == 0).mean()), 2)
    0.71
    """

    name = "coin_toss"

    def __init__(self, first: float = 0.5, players: int = 2, salt: int = 0):
        if not 0 <= first <= 1:
            raise InvalidInputError(f"CoinToss's first must be a probability in [0, 1], got {first}")
        if players < 2:
            raise InvalidInputError(f"CoinToss needs at least 2 players, got {players}")
        self.rules = CoinTossRules(first, players, salt)

    @property
    def num_players(self) -> int:
        return self.rules.players

    def new_initial_state(self) -> CoinTossState:
        return CoinTossState(self.rules)


class CoinTossState(State):
    def __init__(self, rules: CoinTossRules, won: int | None = None, salted: int = 0):
        self.rules, self.won, self.salted = rules, won, salted

    @property
    def current_player(self) -> int:
        return TERMINAL if self.won is not None else CHANCE

    @property
    def num_players(self) -> int:
        return self.rules.players

    def legal_actions(self):
        return []

    def chance_outcomes(self):
        if self.salted < self.rules.salt:
            return [("salt", 1.0)]
        rest = (1 - self.rules.first) / (self.rules.players - 1)
        return [(0, self.rules.first)] + [(p, rest) for p in range(1, self.rules.players)]

    def apply(self, action) -> None:
        if self.won is not None:
            raise IllegalMoveError("the toss is over")
        if action == "salt":
            self.salted += 1
            return
        if action not in range(self.rules.players):
            raise IllegalMoveError(f"a toss names a seat 0..{self.rules.players - 1}, got {action!r}")
        self.won = int(action)

    def is_terminal(self) -> bool:
        return self.won is not None

    def returns(self):
        if self.won is None:
            return [0.0] * self.rules.players
        return [1.0 if p == self.won else -1.0 for p in range(self.rules.players)]

    def clone(self):
        return CoinTossState(self.rules, self.won, self.salted)

    def key(self) -> tuple:
        return self.won, self.salted
