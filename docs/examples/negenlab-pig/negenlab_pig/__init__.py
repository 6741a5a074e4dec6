"""Pig, the dice game, as a game of negenlab: the example of docs/your-game.md.

On your turn you roll a die as often as you dare. Each roll adds its face to the turn's total; a 1
loses the total and ends the turn (a bust); holding banks the total into your score. The first to
``target`` points wins. A clock ends the game after ``rounds`` rounds: then the higher score wins,
and equal scores are a draw.

>>> state = PigGame(target=20).new_initial_state()
>>> state.is_chance_node(), [face for face, _ in state.chance_outcomes()]
(True, [1, 2, 3, 4, 5, 6])
>>> state.apply(5); state.legal_actions()
['roll', 'hold']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import CHANCE, TERMINAL, Game, State
from negenlab.core.registry import GameEntry


@dataclass(frozen=True)
class Rules:
    """One field per rule a designer may change (``negenlab pig variant --set target=50``)."""

    target: int = 20  # points that win (a short Pig: its page plays in minutes, its solve finishes)
    players: int = 2
    rounds: int = 8  # the clock: turns each player gets at most


class PigState(State):
    def __init__(self, rules: Rules):
        self.rules, self.scores, self.player = rules, [0] * rules.players, 0
        self.total, self.rolling, self.turns, self.busts, self.last = 0, True, 0, 0, None

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else CHANCE if self.rolling else self.player

    @property
    def num_players(self) -> int:
        return self.rules.players

    def legal_actions(self) -> list[str]:
        return [] if self.is_terminal() or self.rolling else ["roll", "hold"]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def apply(self, action) -> None:
        if self.rolling and action in range(1, 7) and not self.is_terminal():
            self.rolling, self.last = False, action
            if action == 1:
                self.busts += 1
                self._next_turn()
            elif self.scores[self.player] + self.total + action >= self.rules.target:
                self.scores[self.player] += self.total + action  # reached the target: the game is won
                self.total = 0
            else:
                self.total += action
        elif action in self.legal_actions():
            self.rolling = True
            if action == "hold":
                self.scores[self.player] += self.total
                self._next_turn()
        else:
            raise IllegalMoveError(
                f"pig: cannot play {action!r:.40} here; legal: {self.legal_actions() or 'a die face'}"
            )

    def _next_turn(self) -> None:
        self.total, self.rolling, self.turns = 0, True, self.turns + 1
        self.player = (self.player + 1) % self.rules.players

    def is_terminal(self) -> bool:
        return max(self.scores) >= self.rules.target or self.turns >= self.rules.rounds * self.rules.players

    def returns(self) -> list[float]:
        best = max(self.scores)
        if not self.is_terminal() or self.scores.count(best) > 1:
            return [0.0] * self.num_players  # under way, or a draw
        return [1.0 if s == best else -1.0 for s in self.scores]

    def clone(self) -> PigState:
        copy = PigState.__new__(PigState)
        copy.__dict__.update(self.__dict__, scores=list(self.scores))
        return copy

    def key(self):
        return (tuple(self.scores), self.player, self.total, self.rolling, self.turns)

    def game_info(self) -> dict:
        return {"busts": self.busts, "clock": int(max(self.scores) < self.rules.target)}

    def action_to_string(self, action) -> str:
        return f"rolled {action}" if self.rolling else str(action)

    def _repr_svg_(self) -> str:
        """The board a notebook shows: each seat's score as a bar toward the target, the turn's total beside it."""
        t, w, bars = self.rules.target, 300, []
        for seat, score in enumerate(self.scores):
            y, turn = 30 + 30 * seat, seat == self.player and not self.is_terminal()
            at, shown = (min(score + self.total, t), f"{score} +{self.total}") if turn else (score, str(score))
            bars.append(
                f'<text x="4" y="{y + 15}">seat {seat + 1}</text><rect x="60" y="{y}" width="{w}" height="20" '
                f'fill="#eee"/><rect x="60" y="{y}" width="{w * at // t}" height="20" fill="#f6c36b"/><rect x="60" '
                f'y="{y}" width="{w * min(score, t) // t}" height="20" fill="#3b7dd8"/><text x="{w + 66}" y="{y + 15}">{shown}</text>'
            )
        head = "game over" if self.is_terminal() else f"seat {self.player + 1} to {'roll' if self.rolling else 'play'}"
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 130}" height="{40 + 30 * len(bars)}" font-size="13">'
            f'<text x="4" y="16">Pig to {t}: {head}; last roll {self.last or "none"}</text>{"".join(bars)}</svg>'
        )


class PigGame(Game):
    name = "pig"

    def __init__(self, **fields):
        try:
            self.rules = Rules(**fields)
        except TypeError as exc:
            raise InvalidInputError(f"pig: {exc}") from None
        if self.rules.target < 2 or self.rules.players < 2 or self.rules.rounds < 1:
            raise InvalidInputError(f"pig: target >= 2, players >= 2 and rounds >= 1, got {self.rules}")

    @property
    def num_players(self) -> int:
        return self.rules.players

    def new_initial_state(self) -> PigState:
        return PigState(self.rules)


ENTRY = GameEntry(
    "pig",
    make_game=PigGame,
    title="Pig",
    players={
        "random": "rolls or holds at random",
        "mcts": "Monte Carlo tree search; mcts:200 runs 200 simulations a decision",
    },
    claims=Path(__file__).with_name("claims.csv"),
)
