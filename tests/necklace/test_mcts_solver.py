"""The MCTS-Solver (``mcts-solver:N``) against exact values, both ways.

Every proof it claims (the root's and each root child's) equals the exact value: on every reachable
3x3 position against the brute-force minimax of ``brute.py`` (the public rules, no solver code), and
on sampled reachable 4x4 positions against df-pn (``ProofSearch.value``), at each engine level. And
with a large enough budget it finds the proof: every reachable 3x3 position, every sampled 4x4 one.
"""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.core.registry import AgentSpecError
from negenlab.necklace import ENTRY
from negenlab.necklace._kernels import make_rng_state
from negenlab.necklace._mcts_solver_kernels import mcts_solver
from negenlab.necklace.against_proof import swap_estimate
from negenlab.necklace.agents import MCTSSolverAgent, solver_values
from negenlab.necklace.game import SWAP, NecklaceState, State
from negenlab.necklace.solver import ProofSearch

from . import brute
from .test_solver import _reachable

WORD = {1: "red", -1: "blue", 0: "draw"}
COLOUR = {1: "red", 2: "blue", 0: "draw"}


def _claims(
    board: np.ndarray, n: int, mover: int, sims: int, engine: int, seed: int
) -> tuple[list[tuple[np.ndarray, int, str]], int]:
    """``(board, colour to move, claimed winner)`` for the root and every proved root child (a child
    that connects at once is left out: it is over, and proved by the rules)."""
    moves, _, _, winners, root, _, _ = mcts_solver(
        board.reshape(-1).copy(), n, mover, sims, 1.4, make_rng_state(seed), sims * 40 + 100, engine
    )
    out = [] if root < 0 else [(board.reshape(n, n), mover, COLOUR[int(root)])]
    for m, w in zip(moves, winners, strict=True):
        if w < 0:
            continue
        child = board.reshape(n, n).copy()
        child[divmod(int(m), n)] = mover
        if brute.connects(child, mover):
            assert COLOUR[int(w)] == COLOUR[mover]
            continue
        nxt = 3 - mover if brute.legal_moves(child, 3 - mover) else mover
        out.append((child, nxt, COLOUR[int(w)]))
    return out, int(root)


def _three_by_three() -> list[tuple[np.ndarray, int]]:
    """Every reachable 3x3 position before a win with the colour that places (the skip rule applied)."""
    out = []
    for b, colour in _reachable(3):
        mover = colour if brute.legal_moves(b, colour) else 3 - colour
        if brute.legal_moves(b, mover):
            out.append((b, mover))
    return out


@pytest.mark.parametrize("engine", [0, 1, 2])
def test_every_claimed_proof_is_right_and_found_on_every_reachable_3x3_position(engine):
    """Each reachable 3x3 position searched twice: at 30 simulations (few proofs, from deep playouts
    and the engine) and at 3000 (50,000 on the empty board): every claim equals brute-force minimax,
    and with the larger budget every root is proved."""
    memo: dict = {}
    positions = _three_by_three()
    assert len(positions) > 1000
    claims = wrong = 0
    for i, (b, mover) in enumerate(positions):
        for sims in (30, 3000 if b.any() else 50_000):
            found, root = _claims(b, 3, mover, sims, engine, i)
            if sims > 30:
                assert root >= 0, (b, mover)
            for board, to_move, said in found:
                claims += 1
                wrong += said != WORD[brute.minimax(board, to_move, memo)]
    assert wrong == 0 and claims > 2 * len(positions)


def _four_by_four(count: int, seed: int) -> list[State]:
    """Positions of seeded random games on 4x4 after 2 to 10 placements, the game not over."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        s = State.initial(4, swap=False)
        k = int(rng.integers(2, 11))
        while not s.over and s.placements < k:
            moves = s.legal_moves()
            s.play(moves[int(rng.integers(len(moves)))])
        if not s.over:
            out.append(s)
    return out


def test_every_claimed_proof_is_right_on_sampled_4x4_positions_and_a_large_budget_proves_them():
    """40 sampled 4x4 positions: at 300 simulations, engine 0, 1 and 2, every claimed proof (root and
    children) equals df-pn's value; at 100,000 simulations (engine 2) every root is proved, rightly."""
    search = ProofSearch(4)
    claims = wrong = 0
    for i, s in enumerate(_four_by_four(40, seed=11)):
        for engine, sims in ((0, 300), (1, 300), (2, 300), (2, 100_000)):
            found, root = _claims(s.board, 4, int(s.to_move), sims, engine, i)
            if sims == 100_000:
                assert root >= 0, s.to_text()
            for board, to_move, said in found:
                claims += 1
                wrong += said != search.value(board.reshape(-1), to_move)
    assert wrong == 0 and claims > 80


def test_the_engine_proves_more_with_the_same_budget():
    """The connection engine's blocking wins and must-play region prove positions plain MCTS-Solver does
    not at the same budget (the sampled 4x4 positions at 2,000 simulations)."""
    proved = {}
    positions = _four_by_four(40, seed=11)
    for engine in (0, 2):
        proved[engine] = sum(
            int(mcts_solver(s.board.copy(), 4, int(s.to_move), 2000, 1.4, make_rng_state(i), 100_000, engine)[4]) >= 0
            for i, s in enumerate(positions)
        )
    assert proved[2] > proved[0]


def test_the_agent_takes_a_proved_win_and_says_so():
    """``mcts-solver:N`` in the registry; it plays a win in one and a proved win, its why line says when
    the move is proved, and a bad budget is one line."""
    agent = ENTRY.make_agent("mcts-solver:400")
    assert isinstance(agent, MCTSSolverAgent) and agent.describe()["engine"] == 2
    s = State.from_text("R..\n.B.\nR..", to_move="red")
    assert agent.step(s, np.random.default_rng(0)) == (1, 0)
    search = ProofSearch(4)
    for i, s in enumerate(_four_by_four(12, seed=3)):
        move = agent.step(s, np.random.default_rng(i))
        line = agent.explain(s, move)
        me = s.colour_to_move
        if agent.last_proved == me:
            child = s.copy()
            child.play(move)
            assert child.winner == me or search.value(child.board, int(child.to_move)) == me
            assert "proved win" in line
        elif agent.last_proved is None:
            assert "not proved" in line
    with pytest.raises(AgentSpecError, match="not seconds"):
        ENTRY.make_agent("mcts-solver:2s")


def test_blue_swaps_a_proved_lost_opening():
    """Under the swap rule, Blue facing a Red opening it has proved lost takes it over (3x3: the centre
    wins for Red) and places after one it has proved won (the corner); the study's swap estimate reads
    the proof (1 or 0)."""
    state = NecklaceState(State.initial(3, swap=True))
    state.apply((1, 1))
    stats, root = solver_values(state.position, 3000, np.random.default_rng(0))
    assert root["proved"] == "red"
    assert MCTSSolverAgent(3000).step(state, np.random.default_rng(0)) == SWAP
    assert swap_estimate(MCTSSolverAgent(3000), state.position, np.random.default_rng(0)) == 1.0  # proved for Red
    corner = NecklaceState(State.initial(3, swap=True))
    corner.apply((0, 0))  # proved for Blue
    assert swap_estimate(MCTSSolverAgent(3000), corner.position, np.random.default_rng(0)) == 0.0
    assert MCTSSolverAgent(3000).step(corner, np.random.default_rng(0)) != SWAP
