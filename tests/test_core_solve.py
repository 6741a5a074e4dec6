"""The generic exact solver (negenlab.core.solve) checked both ways: against plain brute force written
here (Nim, a small dice game), against the Necklace and FEN solvers through negenlab.games.load (the
games seen as any game), a capped search that gives no value, and certificates that verify and
altered ones that do not."""

from __future__ import annotations

import json
import math
import warnings
from dataclasses import dataclass

import pytest

from negenlab.core.errors import CertificateError, IllegalMoveError
from negenlab.core.examples import CoinToss, Nim, NimState
from negenlab.core.game import CHANCE, TERMINAL, Game, State
from negenlab.core.solve import certificate, solve, verify
from negenlab.fen.solver import solve as fen_solve
from negenlab.games import load
from negenlab.necklace.solver import solve as necklace_solve

COLOUR_VALUE = {"red": 1.0, "blue": -1.0, "draw": 0.0}
FEN_VALUE = {"win": 1.0, "draw": 0.0, "loss": -1.0}
SIDE = {1.0: "first player", -1.0: "second player", 0.0: "draw"}


def child(state: State, action) -> State:
    c = state.clone()
    c.apply(action)
    return c


def brute(state: State) -> float:
    """Seat 0's value by plain recursion: no table, no pruning; expectation at chance nodes."""
    if state.is_terminal():
        return state.returns()[0]
    if state.is_chance_node():
        return sum(p * brute(child(state, o)) for o, p in state.chance_outcomes())
    values = [brute(child(state, a)) for a in state.legal_actions()]
    return max(values) if state.current_player == 0 else min(values)


# -- (a) brute force -----------------------------------------------------------------------------


@pytest.mark.parametrize("heaps", [(1, 2, 3), (1, 2, 4), (3, 3), (1, 1, 1, 2), (2, 5)])
def test_nim_agrees_with_brute_force(heaps):
    game = Nim(heaps)
    s = solve(game)
    root = game.new_initial_state()
    expected = {root.action_to_string(a): brute(child(root, a)) for a in root.legal_actions()}
    assert s.complete and s.stopped is None
    assert s.first_moves == expected  # every first move, nothing missing, nothing extra
    assert s.value == brute(root) == max(expected.values())
    assert set(s.winning_first_moves) == {m for m, v in expected.items() if v == 1.0}
    # normal-play Nim: the first player wins exactly when the heaps' xor is not 0
    xor = 0
    for h in heaps:
        xor ^= h
    assert s.outcome == ("first player wins" if xor else "second player wins")


@dataclass(frozen=True)
class RollRules:
    turns: int = 3


class RollGame(Game):
    """Each turn a die of 1..3 (weights 1/2, 1/3, 1/6) is rolled; its roller banks it or pushes: a
    second roll that adds both unless it shows 1 (then nothing). Higher total after ``turns`` turns wins."""

    name = "roll_game"

    def __init__(self, turns: int = 3):
        self.rules = RollRules(turns)

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> RollState:
        return RollState(self.rules.turns, (0, 0), 0, None, False)


class RollState(State):
    def __init__(self, left, scores, player, roll, pushed):
        self.left, self.scores, self.player, self.roll, self.pushed = left, scores, player, roll, pushed

    @property
    def current_player(self) -> int:
        if self.left == 0:
            return TERMINAL
        return CHANCE if self.roll is None or self.pushed else self.player

    @property
    def num_players(self) -> int:
        return 2

    def chance_outcomes(self):
        return [(1, 1 / 2), (2, 1 / 3), (3, 1 / 6)]

    def legal_actions(self):
        return ["bank", "push"] if self.current_player in (0, 1) else []

    def _score(self, points):
        s = list(self.scores)
        s[self.player] += points
        self.scores, self.roll, self.pushed = tuple(s), None, False
        self.player, self.left = 1 - self.player, self.left - 1

    def apply(self, action) -> None:
        if self.current_player == CHANCE:
            if self.roll is None:
                self.roll = action
            else:
                self._score(0 if action == 1 else self.roll + action)
        elif action == "bank":
            self._score(self.roll)
        elif action == "push":
            self.pushed = True
        else:
            raise IllegalMoveError(f"bank or push, not {action!r}")

    def is_terminal(self) -> bool:
        return self.left == 0

    def returns(self):
        if not self.is_terminal() or self.scores[0] == self.scores[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.scores[0] > self.scores[1] else [-1.0, 1.0]

    def clone(self):
        return RollState(self.left, self.scores, self.player, self.roll, self.pushed)

    def key(self):
        return self.left, self.scores, self.player, self.roll, self.pushed


@pytest.mark.parametrize("turns", [1, 2, 4])
def test_expectimax_agrees_with_brute_force(turns):
    game = RollGame(turns)
    s = solve(game)
    assert s.complete and s.chance and s.first_moves == {}
    assert s.value == pytest.approx(brute(game.new_initial_state()), abs=1e-12)
    assert s.outcome.endswith("(expected)")


def test_expectimax_of_a_coin_toss():
    assert solve(CoinToss(first=0.8)).value == pytest.approx(0.6)


# -- (b) the Necklace and FEN solvers ------------------------------------------------------------


@pytest.mark.parametrize("size", [2, 3])
def test_agrees_with_the_necklace_solver(size):
    s = solve(load("necklace", size=size, swap=False))
    ref = necklace_solve(size, swap=False)
    assert s.complete
    assert {1.0: "red", -1.0: "blue", 0.0: "draw"}[s.value] == ref.winner
    assert set(s.winning_first_moves) == {f"{r},{c}" for r, c in ref.winning_first_moves}
    assert s.first_moves == {f"{r},{c}": COLOUR_VALUE[v] for (r, c), v in ref.opening_values.items()}


def test_agrees_with_the_necklace_solver_under_swap():
    s = solve(load("necklace", size=3, swap=True))
    ref = necklace_solve(3, swap=True)
    assert s.complete and ref.winner_seat == 1 and s.value == -1.0
    # Blue swaps a Red win and keeps a Blue win: every opening is worth minus its absolute value
    assert s.first_moves == {f"{r},{c}": -abs(COLOUR_VALUE[v]) for (r, c), v in ref.opening_values.items()}
    assert s.winning_first_moves == [] and sorted(s.best_first_moves) == sorted(s.first_moves)


def _fen_first_moves(game, openings, column: str) -> dict[str, float]:
    """A first action's value: the best whole opening turn holding it (a claim's items go in any order)."""
    root = game.new_initial_state()
    V = game.board.V
    best: dict[str, float] = {}
    for kind, items, value in openings[["kind", "items", column]].itertuples(index=False):
        for i in items:
            name = root.action_to_string(i if kind == "nodes" else V + i)
            best[name] = max(best.get(name, -math.inf), FEN_VALUE[value])
    return best


FEN_BOARDS = [
    ("triangle:1", "interior"),
    ("square:1x1", "interior"),
    ("hexagon:0", "interior"),
    ("3.3.3.3.3.3:3", "interior"),
    ("3.3.3.3.3.3:3", "all"),  # the literal reading: n=1, e=2
]
"""Every board and reading both solvers finish in seconds (the readings that give the same n and e
are one game); square:3x1 and the 5-triangle strip finish in the FEN solver only."""


@pytest.mark.parametrize("board,scope", FEN_BOARDS)
@pytest.mark.parametrize("pie", [False, True])
def test_agrees_with_the_fen_solver(board, scope, pie):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # readings that disagree warn
        game = load("fen", board=board, ne_scope=scope, pie_rule=pie)
    s = solve(game)
    ref = fen_solve(game)
    assert s.complete and ref.complete
    assert SIDE[s.value] == (ref.winner_with_pie if pie else ref.winner)
    assert s.first_moves == _fen_first_moves(game, ref.openings, "with_pie" if pie else "value")


# -- (c) a capped search -------------------------------------------------------------------------


def test_a_capped_search_gives_no_value():
    s = solve(load("necklace", size=3, swap=False), max_nodes=50)
    assert not s.complete
    assert s.value is None and s.outcome is None
    assert s.first_moves == {} and s.winning_first_moves == [] and s.best_first_moves == []
    assert s.stopped.startswith("stopped by the node cap of 50 at ") and " > " in s.stopped
    assert s.to_dict()["value"] is None and s.to_dict()["complete"] is False
    with pytest.raises(CertificateError, match="not solved"):
        certificate(s)


def test_a_search_capped_after_a_losing_first_move_gives_no_value():
    game = load("necklace", size=3, swap=False)
    cap = 1
    while True:  # the smallest cap that settles the first opening, (0, 0), a Blue win
        s = solve(game, max_nodes=cap)
        if s.first_moves:
            break
        cap *= 2
    assert s.first_moves == {"0,0": -1.0}
    assert not s.complete and s.value is None and s.outcome is None and s.best_first_moves == []


def test_a_time_limit_gives_no_value():
    s = solve(load("necklace", size=4, swap=False), seconds=0.05)
    assert not s.complete and s.value is None
    assert "time limit of 0.05 s" in s.stopped


def test_a_first_move_proved_to_win_settles_the_value_of_a_capped_search():
    full = solve(Nim((1, 2, 4)))
    for cap in range(1, full.nodes):
        s = solve(Nim((1, 2, 4)), max_nodes=cap)
        if 1.0 in s.first_moves.values():
            break
    assert not s.complete and s.value == 1.0 and s.outcome == "first player wins"
    assert s.winning_first_moves and set(s.winning_first_moves) <= set(full.winning_first_moves)
    assert len(s.first_moves) < len(full.first_moves)


# -- (d) certificates ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, fields",
    [
        ("necklace", {"size": 3, "swap": False}),
        ("necklace", {"size": 3, "swap": True}),  # seat 1 wins
        ("fen", {"board": "triangle:1", "pie_rule": True}),  # seat 1 wins, turns of several actions
        ("fen", {"board": "square:1x1", "pie_rule": False}),
    ],
)
def test_a_certificate_of_a_game_package_verifies(name, fields):
    game = load(name, **fields)
    s = solve(game)
    cert = json.loads(json.dumps(certificate(s)))
    assert verify(game, cert).winner == (0 if s.value == 1.0 else 1)


@pytest.mark.parametrize("game", [Nim((1, 2, 4)), Nim((1, 2, 3)), load("necklace", size=3, swap=False)])
def test_a_certificate_verifies(game):
    s = solve(game)
    cert = json.loads(json.dumps(certificate(s)))  # plain JSON
    checked = verify(game, cert)
    assert checked.winner == (0 if s.value == 1.0 else 1)
    assert checked.leaves >= 1 and checked.positions > len(cert["moves"])


def test_an_altered_certificate_is_refused():
    game = load("necklace", size=3, swap=False)
    s = solve(game)
    cert = certificate(s)
    assert cert["moves"][0] == [[], "0,1"]
    for move, v in s.first_moves.items():  # the first move altered to each losing one
        if v < 1.0:
            bad = json.loads(json.dumps(cert))
            bad["moves"][0][1] = move
            with pytest.raises(CertificateError):
                verify(game, bad)
    deep = json.loads(json.dumps(cert))
    line, move = deep["moves"][-1]
    deep["moves"][-1][1] = "9,9"  # not a point of the board
    with pytest.raises(CertificateError, match="is not legal there"):
        verify(game, deep)
    short = json.loads(json.dumps(cert))
    del short["moves"][len(short["moves"]) // 2]
    with pytest.raises(CertificateError, match="gives no move"):
        verify(game, short)
    with pytest.raises(CertificateError, match="is for"):
        verify(load("necklace", size=2, swap=False), cert)


def test_an_altered_deep_move_is_refused():
    """A winner's move deep in the tree swapped for one the solver proved not to win."""
    game = Nim((1, 2, 4))
    s = solve(game)
    cert = certificate(s)
    search = s._search
    altered = 0
    for i, (line, _move) in enumerate(cert["moves"]):
        state = game.new_initial_state()
        for name in line:
            state.apply(next(a for a in state.legal_actions() if state.action_to_string(a) == name))
        losing = [a for a in state.legal_actions() if not search.wins_for(child(state, a), cert["winner"])]
        if line and losing:
            bad = json.loads(json.dumps(cert))
            bad["moves"][i][1] = state.action_to_string(losing[0])
            with pytest.raises(CertificateError):
                verify(game, bad)
            altered += 1
    assert altered >= 3


def test_a_certificate_naming_the_loser_is_refused():
    game = Nim((1,))  # the first player takes the one object and wins
    cert = certificate(solve(game))
    forged = dict(cert, winner=1, moves=[])
    with pytest.raises(CertificateError, match=r"ends with returns \[1.0, -1.0\], not a win for seat 1"):
        verify(game, forged)


def test_a_certificate_listing_positions_its_proof_never_reaches_is_refused():
    game = Nim((1, 2, 4))
    cert = certificate(solve(game))
    padded = dict(cert, moves=[*cert["moves"], [["(0, 1)", "(1, 1)"], "(2, 1)"]])
    with pytest.raises(
        CertificateError, match=r"1 position\(s\) its proof never reaches, first after \(0, 1\) > \(1, 1\)"
    ):
        verify(game, padded)


class SecondSeatNim(Nim):
    """Nim whose first move is seat 1's."""

    def new_initial_state(self):
        return NimState(list(self.rules.heaps), 1)


@pytest.mark.parametrize("heaps", [(1, 2, 4), (1, 2, 3)])
def test_a_game_the_second_seat_opens(heaps):
    game = SecondSeatNim(heaps)
    s = solve(game)
    root = game.new_initial_state()
    expected = {root.action_to_string(a): brute(child(root, a)) for a in root.legal_actions()}
    assert s.to_move == 1 and s.first_moves == expected and s.value == min(expected.values()) == brute(root)
    assert set(s.winning_first_moves) == {m for m, v in expected.items() if v == -1.0}  # seat 1's wins
    assert verify(game, certificate(s)).winner == (1 if s.value == -1.0 else 0)


@dataclass(frozen=True)
class ClimbRules:
    top: int = 6


class Climb(Game):
    """One player steps up 1 or 2 (or 3 from an even step); exactly ``top`` wins, beyond it loses."""

    name = "climb"

    def __init__(self, top: int = 6):
        self.rules = ClimbRules(top)

    @property
    def num_players(self) -> int:
        return 1

    def new_initial_state(self):
        return ClimbState(self.rules.top, 0)


class ClimbState(State):
    def __init__(self, top, at):
        self.top, self.at = top, at

    @property
    def current_player(self):
        return TERMINAL if self.is_terminal() else 0

    @property
    def num_players(self):
        return 1

    def legal_actions(self):
        return [1, 2, 3] if self.at % 2 == 0 else [1, 2]

    def apply(self, action):
        self.at += action

    def is_terminal(self):
        return self.at >= self.top

    def returns(self):
        return [1.0 if self.at == self.top else -1.0]

    def clone(self):
        return ClimbState(self.top, self.at)

    def key(self):
        return self.at


def test_a_one_player_game():
    s = solve(Climb(6))
    root = Climb(6).new_initial_state()
    assert s.first_moves == {str(a): brute(child(root, a)) for a in root.legal_actions()}
    assert s.value == 1.0 and s.outcome == "value 1"
