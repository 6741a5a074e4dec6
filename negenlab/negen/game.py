"""Negen as a game of the core protocol: rounds, the pool, boards, refusals, depletion.

One decision is a **whole turn**: the player picks an end-of-turn table from
:func:`negenlab.negen.turns.legal_turns`. Actions are

- ``("play", key)``: the turn whose end table (up to translation) is ``key`` and that
  adds at least one board die;
- ``("refuse", key)``: a turn that adds no die (joins only, or nothing at all); the same
  player then makes a second decision ``("reroll", values)`` naming the board dice to
  re-roll (a sorted tuple, ``()`` for none).

Every die roll is a CHANCE node (one die, 1..6 uniform): the deal at a round's start
(4 dice per player, then 3 table dice), board refills (only the new dice are rolled),
re-rolls, the refusal die put on the table as a new spiral, and the 4 new dice after a
depletion. The pool is a count of unrolled dice (``Rules.pool_size``; ``None`` = unlimited);
it refills completely at each new round.

The state holds the table as its position-free key (:func:`negenlab.negen.table.table_key`):
two layouts of the same spirals are the same state. The turns offered are exactly
:func:`negenlab.negen.turns.legal_turns`: every legal end-of-turn table, no subset, no cap.

Round end, always with a recorded reason (``state.round_log``):
``"closed"`` (the player whose turn made a valid table with a closed spiral scores 1),
``"pool_empty"`` (the pool is empty and every player in turn added no die: nobody can
move, the round stalls) or ``"max_turns"`` (``Rules.max_turns`` decisions in the round).
The first player moves one seat on each round; the game ends when a player reaches
``Rules.target_score`` (+1 for them, -1 for the others) or after ``max_rounds`` rounds
(a draw unless someone reached the target; recorded as ``game_end="max_rounds"``).

>>> import numpy as np
>>> from negenlab.negen.game import NegenGame
>>> from negenlab.negen.rules import Rules
>>> from negenlab.core.game import play_random_game
>>> final = play_random_game(NegenGame(Rules(target_score=1, pool_size=20)), np.random.default_rng(1))
>>> final.is_terminal(), final.game_info()["rounds"] >= 1
(True, True)
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

import numpy as np

from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import CHANCE, TERMINAL, Game, State, seat_name

from .rules import DEFAULT_RULES, Rules
from .table import layout
from .turns import Turn, TurnSearchResult, find_closing_turn, legal_turns

END_REASONS = ("closed", "pool_empty", "max_turns")


def _action_of(turn: Turn) -> tuple:
    """The action that plays ``turn``: ``("refuse", key)`` when it adds no die, else ``("play", key)``."""
    return ("refuse" if turn.refusal else "play", turn.key)


class NegenGame(Game):
    """Negen for ``rules.players`` players (see the module docstring for actions and chance);
    :meth:`new_initial_state` makes a :class:`NegenState`."""

    name = "negen"

    def __init__(self, rules: Rules = DEFAULT_RULES, max_rounds: int = 20):
        if not isinstance(rules, Rules):
            raise InvalidInputError(f"NegenGame needs a negen Rules, got {type(rules).__name__}")
        if max_rounds < 1:
            raise InvalidInputError(f"max_rounds must be >= 1, got {max_rounds}")
        self.rules = rules
        self.max_rounds = max_rounds

    @property
    def num_players(self) -> int:
        return self.rules.players

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d.update(max_rounds=self.max_rounds)
        return d

    def new_initial_state(self) -> NegenState:
        return NegenState(self)


class NegenState(State):
    """A Negen position: table, boards, pool, scores, and what happens next."""

    _legal: TurnSearchResult | None  # the turns listed for this decision
    _legal_map: dict | None
    _closing: Turn | None | bool  # the closing turn found for this decision; False: not searched yet

    def __init__(self, game: NegenGame):
        self.game = game
        self.rules = game.rules
        P = self.rules.players
        self.scores = [0] * P
        self.round = 0
        self.first_player = 0
        self.to_move = 0
        self.table: tuple = ()  # position-free table key
        self.boards: list[tuple[int, ...]] = [()] * P
        self.pool: int | None = None
        self.tasks: list[tuple] = []  # pending die rolls: ("board", p) / ("table",) / ("reroll", p)
        self.after_tasks: str = "turn"  # what follows the rolls
        self.phase = "chance"  # "chance" | "turn" | "reroll" | "over"
        self.turns_in_round = 0
        self.quiet_turns = 0  # consecutive turns without an added die (for pool_empty)
        self.fresh_turn = False  # the turn to play is the fresh one after a depletion
        self.round_log: list[dict] = []
        self.stats: Counter[str] = Counter()
        self.game_end = ""
        self.history: list[tuple[int, Any]] = []
        self.timeline: list[dict] = []
        self._forget_turns()
        self._start_round()

    # -- protocol -------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "chance":
            return CHANCE
        return self.to_move

    @property
    def num_players(self) -> int:
        return self.rules.players

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.num_players
        top = max(self.scores)
        if top < self.rules.target_score:
            return [0.0] * self.num_players
        return [1.0 if s == top else -1.0 for s in self.scores]

    _LISTS = ("scores", "boards", "tasks", "round_log", "history", "timeline")  # copied by clone

    def clone(self) -> NegenState:
        new = object.__new__(NegenState)
        d = new.__dict__
        d.update(self.__dict__)
        for name in self._LISTS:
            d[name] = list(d[name])
        d["stats"] = Counter(self.stats)
        return new

    def chance_outcomes(self):
        if self.phase != "chance":
            raise IllegalMoveError("not a chance node")
        return [(v, 1 / 6) for v in range(1, 7)]

    def sample_chance(self, rng: np.random.Generator):
        if self.phase != "chance":
            raise IllegalMoveError("not a chance node")
        return int(rng.integers(1, 7))

    # -- turns ----------------------------------------------------------
    def search(self) -> TurnSearchResult:
        """The turn search for the player to move (cached on this state)."""
        if self.phase != "turn":
            raise IllegalMoveError(f"no turn to search: the state is at a {self.phase} node")
        if self._legal is None:
            self._legal = legal_turns(self.table, board=self.boards[self.to_move], rules=self.rules)
            self._legal_map = {_action_of(t): t for t in self._legal.turns}
            self.stats["searches"] += 1
            self.stats["legal_turns_sum"] += len(self._legal.turns)
            if not self._legal.complete:  # pragma: no cover - the game's search has no cap
                self.stats["capped_searches"] += 1
        return self._legal

    def _forget_turns(self) -> None:
        """Drop what was searched for the previous decision (the turns and the closing turn)."""
        self._legal = None
        self._legal_map = None
        self._closing = False  # not searched yet

    def closing_turn(self) -> Turn | None:
        """A turn of the player to move that closes a spiral (and wins the round), or None when no
        legal turn closes: :func:`~negenlab.negen.turns.find_closing_turn`, which never lists the
        turns (taken from the listing instead when the turns were listed already). Cached."""
        if self.phase != "turn":
            raise IllegalMoveError(f"no turn to search: the state is at a {self.phase} node")
        if self._closing is False:
            if self._legal is not None:
                self._closing = next((t for t in self._legal.turns if t.closed), None)
            else:
                self._closing = find_closing_turn(self.table, board=self.boards[self.to_move], rules=self.rules)
                self.stats["closing_searches"] += 1
        return self._closing  # type: ignore[return-value]

    def closing_action(self) -> tuple | None:
        """The action of :meth:`closing_turn` (``("play", key)``, or ``("refuse", key)`` for a close by
        joins alone), or None. Applying it needs no listing of the turns."""
        turn = self.closing_turn()
        return None if turn is None else _action_of(turn)

    def branching(self) -> int | None:
        """Legal turns when they were listed; None when the player closed without a listing (a
        closing position can have tens of thousands of turns, and nobody needed them)."""
        if self.phase == "turn" and self._legal is None and self._closing not in (False, None):
            return None
        return len(self.legal_actions())

    def _turn_map(self) -> dict:
        """The ``play``/``refuse`` actions of the player to move, each with its Turn (searched once)."""
        self.search()
        assert self._legal_map is not None
        return self._legal_map

    def legal_actions(self) -> list:
        if self.phase == "turn":
            return list(self._turn_map())
        if self.phase == "reroll":
            board = self.boards[self.to_move]
            subsets = set()
            for mask in product((0, 1), repeat=len(board)):
                subsets.add(tuple(sorted(v for v, m in zip(board, mask, strict=True) if m)))
            return [("reroll", s) for s in sorted(subsets, key=lambda s: (len(s), s))]
        return []

    def turn_of(self, action) -> Any:
        """The :class:`~negenlab.negen.turns.Turn` behind a ``play``/``refuse`` action."""
        return self._turn_map().get(action)

    def apply(self, action) -> None:
        if self.phase == "over":
            raise IllegalMoveError("the game is over")
        if self.phase == "chance":
            if action not in range(1, 7):
                raise IllegalMoveError(f"a die shows 1..6, not {action!r}")
            self._roll(int(action))
            return
        self.history.append((self.to_move, action))
        if self.phase == "reroll":
            board = list(self.boards[self.to_move])
            if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "reroll"):
                raise IllegalMoveError(
                    f"after a refusal the player names dice to re-roll: ('reroll', values), got {action!r}"
                )
            for v in action[1]:
                if v not in board:
                    raise IllegalMoveError(f"cannot re-roll a {v}: the board holds {sorted(self.boards[self.to_move])}")
                board.remove(v)
            self.boards[self.to_move] = tuple(sorted(board))
            self.stats["rerolled_dice"] += len(action[1])
            self.tasks = [("reroll", self.to_move)] * len(action[1])
            if self.pool is None or self.pool > 0:
                self.tasks.append(("table",))
            self.after_tasks = "next"
            self._after_decision()
            return
        closing = self._closing
        turn: Turn | None
        if isinstance(closing, Turn) and self._legal is None and action == _action_of(closing):
            turn = closing  # found by the closing search: legal, and no listing needed
        else:
            turn = self._turn_map().get(action)
        if turn is None:
            raise IllegalMoveError(
                f"{self.action_to_string(action)} is not among the legal turns of player "
                f"{self.to_move} (board {list(self.boards[self.to_move])})"
            )
        self._play_turn(turn)

    # -- internals --------------------------------------------------------
    def _snapshot(self, event: str) -> None:
        self.timeline.append(
            {
                "round": self.round,
                "turn": self.turns_in_round,
                "to_move": self.to_move,
                "event": event,
                "table": self.table,
                "boards": list(self.boards),
                "scores": list(self.scores),
                "pool": self.pool,
            }
        )

    def _draw(self) -> bool:
        if self.pool is None:
            return True
        if self.pool <= 0:
            return False
        self.pool -= 1
        return True

    def _start_round(self) -> None:
        P = self.rules.players
        self.round += 1
        self.table = ()
        self.boards = [()] * P
        self.pool = self.rules.pool_size
        self.to_move = self.first_player
        self.turns_in_round = 0
        self.quiet_turns = 0
        self.fresh_turn = False
        self.tasks = [("board", p) for p in range(P) for _ in range(4)] + [("table",)] * 3
        self.after_tasks = "turn"
        self.phase = "chance"
        self._forget_turns()

    def _roll(self, value: int) -> None:
        kind = self.tasks.pop(0)
        if kind[0] in ("board", "reroll"):
            if kind[0] == "board":
                self._draw_checked()
            self.boards[kind[1]] = tuple(sorted(self.boards[kind[1]] + (value,)))
        else:
            self._draw_checked()
            self._place_apart(value)
        if not self.tasks:
            self._tasks_done()

    def _draw_checked(self) -> None:
        if not self._draw():  # tasks are only queued when the pool can supply them
            raise IllegalMoveError("internal: a die was rolled with an empty pool")

    def _place_apart(self, value: int) -> None:
        """The die becomes a new single-die spiral (where it lies means nothing)."""
        self.table = tuple(sorted(self.table + (((0, 0, value),),)))

    def _queue(self, kind: tuple, n: int) -> int:
        """Queue up to ``n`` rolls that need a die from the pool; return how many were queued."""
        k = n if self.pool is None else min(n, self.pool - sum(1 for t in self.tasks if t[0] in ("board", "table")))
        k = max(k, 0)
        self.tasks.extend([kind] * k)
        return k

    def _tasks_done(self) -> None:
        if self.after_tasks == "turn":  # round dealt
            self.phase = "turn"
            self._forget_turns()
            self._snapshot("deal")
        elif self.after_tasks == "again":  # depletion: same player, fresh turn
            self.phase = "turn"
            self.fresh_turn = True
            self._forget_turns()
            self._snapshot("new dice after depletion")
            self._check_stall()
        else:  # next player
            self._next_player()

    def _after_decision(self) -> None:
        if self.tasks:
            self.phase = "chance"
        else:
            self._tasks_done()

    def _next_player(self) -> None:
        self.to_move = (self.to_move + 1) % self.rules.players
        self.phase = "turn"
        self._forget_turns()
        self._check_stall()

    def _check_stall(self) -> None:
        if self.phase != "turn":
            return
        if self.turns_in_round >= self.rules.max_turns:
            self._end_round("max_turns", None)
        elif self.pool is not None and self.pool == 0 and self.quiet_turns >= self.rules.players:
            self._end_round("pool_empty", None)

    def _play_turn(self, turn) -> None:
        p = self.to_move
        self.turns_in_round += 1
        self.stats["turns"] += 1
        if self.fresh_turn:  # the turn a depletion gave: how often does it close?
            self.fresh_turn = False
            self.stats["fresh_turns"] += 1
            self.stats["fresh_closes"] += turn.closed
        board = list(self.boards[p])
        for v in turn.used:
            board.remove(v)
        self.boards[p] = tuple(board)
        self.table = turn.key
        self._forget_turns()
        if turn.refusal:
            self.stats["refusals"] += 1
            self.quiet_turns += 1
        else:
            self.quiet_turns = 0
        self.stats["joins"] += turn.joins
        if turn.closed:
            self._snapshot(f"{seat_name(p)} closes a spiral")
            self._end_round("closed", p)
            return
        if turn.refusal:
            self._snapshot(f"{seat_name(p)} refuses" + (" (joins)" if turn.joins else ""))
            self.phase = "reroll"
            return
        if turn.depleted:
            self.stats["depletions"] += 1
            self._snapshot(f"{seat_name(p)} depletes the board")
            self.tasks = []
            self._queue(("board", p), 4)
            self.after_tasks = "again"
            if not self.tasks:  # empty pool: the fresh turn starts with no dice
                self._tasks_done()
            else:
                self.phase = "chance"
            return
        self._snapshot(f"{seat_name(p)} adds {list(turn.used)}")
        self.tasks = []
        self._queue(("board", p), 4 - len(self.boards[p]))
        self.after_tasks = "next"
        self._after_decision()

    def _end_round(self, reason: str, winner: int | None) -> None:
        self.round_log.append(
            {
                "round": self.round,
                "first_player": self.first_player,
                "reason": reason,
                "winner": -1 if winner is None else winner,
                "turns": self.turns_in_round,
                "table_dice": sum(map(len, self.table)),
                "pool_left": self.pool,
            }
        )
        if winner is not None:
            self.scores[winner] += 1
        else:
            self._snapshot(f"round stalls ({reason})")
        if max(self.scores) >= self.rules.target_score:
            self.phase = "over"
            self.game_end = "target_score"
            return
        if self.round >= self.game.max_rounds:
            self.phase = "over"
            self.game_end = "max_rounds"
            return
        self.first_player = (self.first_player + 1) % self.rules.players
        self._start_round()

    # -- reporting --------------------------------------------------------
    def game_info(self) -> dict[str, Any]:
        rounds = len(self.round_log)
        reasons = Counter(r["reason"] for r in self.round_log)
        turns = [r["turns"] for r in self.round_log]
        searches = self.stats["searches"]
        first = self.round_log[0] if self.round_log else {}
        return {
            "rounds": rounds,
            "stalled_rounds": rounds - reasons["closed"],
            "rounds_closed": reasons["closed"],
            "rounds_pool_empty": reasons["pool_empty"],
            "rounds_max_turns": reasons["max_turns"],
            "end_reasons": ";".join(r["reason"] for r in self.round_log),
            "game_end": self.game_end,
            "turns": int(self.stats["turns"]),
            "turns_per_round": float(np.mean(turns)) if turns else 0.0,
            "round1_turns": int(first.get("turns", 0)),
            "round1_reason": first.get("reason", ""),
            "round1_winner": int(first.get("winner", -1)),
            "refusals": int(self.stats["refusals"]),
            "depletions": int(self.stats["depletions"]),
            "fresh_turns": int(self.stats["fresh_turns"]),
            "fresh_closes": int(self.stats["fresh_closes"]),
            "joins": int(self.stats["joins"]),
            "searches": int(searches),
            "capped_searches": int(self.stats["capped_searches"]),
            "mean_legal_turns": float(self.stats["legal_turns_sum"] / searches) if searches else 0.0,
        }

    def action_to_string(self, action) -> str:
        if isinstance(action, tuple) and action and action[0] in ("play", "refuse"):
            return f"{action[0]} -> " + layout(action[1]).to_text().replace("\n", " / ")
        if isinstance(action, tuple) and action and action[0] == "reroll":
            return f"re-roll {list(action[1])}"
        return str(action)

    def __repr__(self) -> str:
        return (
            f"NegenState(round={self.round}, phase={self.phase}, to_move={self.to_move}, "
            f"scores={self.scores}, pool={self.pool}, boards={self.boards}, table_dice={sum(map(len, self.table))})"
        )

    def _repr_html_(self) -> str:
        boards = "".join(
            f"<li>{seat_name(p)}{' (to move)' if p == self.to_move and self.phase in ('turn', 'reroll') else ''}: "
            f"{list(b)} — score {self.scores[p]}</li>"
            for p, b in enumerate(self.boards)
        )
        return (
            f"<p>Round {self.round}, turn {self.turns_in_round}, pool {self.pool}, phase {self.phase}</p>"
            f"<pre>{layout(self.table).to_text() if self.table else ''}</pre><ul>{boards}</ul>"
        )


def make_game(max_rounds: int = 20, **rules: Any) -> NegenGame:
    """The game under the given :class:`Rules` fields (``negenlab.games.load("negen", players=4)``).

    >>> make_game(players=4, coverage="die").rules.label, make_game().num_players
    ('straight/die/join', 3)
    """
    unknown = sorted(set(rules) - set(Rules.__dataclass_fields__))
    if unknown:
        raise InvalidInputError(
            f"negen has no rule {', '.join(unknown)}; its Rules fields are "
            f"{', '.join(Rules.__dataclass_fields__)} (and max_rounds)"
        )
    return NegenGame(Rules(**rules), max_rounds=max_rounds)


def table_of(key) -> dict:
    """The table ``{(row, col): value}`` of a table key, laid out (see :func:`~negenlab.negen.table.layout`)."""
    return dict(layout(key).cells) if key else {}


__all__ = ["NegenGame", "NegenState", "END_REASONS", "make_game", "table_of"]
