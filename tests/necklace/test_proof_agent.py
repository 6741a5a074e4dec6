"""The proof player (``proof:N``) against exact values, both ways.

Its one new rule is :func:`~negenlab.necklace.agents.proved_move`: df-pn (connection engine 7, a fresh
table) asks whether the mover wins, and a placement whose proof the table holds is played as a proved
win. Checked against the brute-force minimax of ``brute.py`` (the public rules, no solver code) on every
reachable 3x3 position and against the plain df-pn (engine off) on sampled 4x4 positions: the claim
"the mover wins" exactly when the mover wins, "the mover loses" exactly when it loses, and the move it
plays keeps the win. Its memo gives what recomputing gives. Under the swap rule it swaps a proved-lost
opening and places after a proved-won one.
"""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.core.registry import AgentSpecError
from negenlab.necklace import ENTRY, agents
from negenlab.necklace.against_proof import swap_estimate
from negenlab.necklace.agents import MCTSSolverAgent, ProofAgent, proved_move
from negenlab.necklace.game import SWAP, NecklaceState, State
from negenlab.necklace.solver import ProofSearch

from . import brute
from .test_mcts_solver import _four_by_four, _three_by_three

WINS = {1: 1, 2: -1}  # brute's value for a colour's win


def _state(board: np.ndarray, mover: int) -> State:
    return State.from_array(board.copy(), to_move=mover)


def test_proved_move_equals_minimax_on_every_reachable_3x3_position():
    """Every reachable 3x3 position: with 10,000 nodes every one is decided, ``wins`` is True exactly when
    brute-force minimax says the mover wins (False exactly when it does not), and the move played wins by
    minimax. With 3 nodes (most searches stopped) every decided claim is still right."""
    memo: dict = {}
    positions = _three_by_three()
    assert len(positions) > 1000
    decided_small = 0
    agents._PROOF_MEMO.clear()
    for b, mover in positions:
        exact = brute.minimax(b, mover, memo)
        s = _state(b, mover)
        wins, move, _ = proved_move(s, 10_000, tt_bits=12)  # a small table: the same search, less to clear
        assert wins is not None, b
        assert wins == (exact == WINS[mover]), (b, mover)
        if wins:
            assert move in s.legal_moves()
            child = b.copy()
            child[move] = mover
            nxt = 3 - mover if brute.legal_moves(child, 3 - mover) else mover
            assert brute.connects(child, mover) or brute.minimax(child, nxt, memo) == WINS[mover], (b, move)
        else:
            assert move is None
    agents._PROOF_MEMO.clear()
    for b, mover in positions:
        wins, move, _ = proved_move(_state(b, mover), 3, tt_bits=12)
        if wins is not None:
            decided_small += 1
            assert wins == (brute.minimax(b, mover, memo) == WINS[mover])
    assert 0 < decided_small < len(positions)


def test_proved_move_equals_plain_dfpn_on_sampled_4x4_positions():
    """40 sampled 4x4 positions: the engine's claim equals the plain df-pn's value (engine off, another
    search) both ways, and the move it plays keeps the win by the plain search."""
    plain = ProofSearch(4)
    agents._PROOF_MEMO.clear()
    won = lost = 0
    for s in _four_by_four(40, seed=17):
        me = s.colour_to_move
        wins, move, _ = proved_move(s, 200_000)
        assert wins is not None, s.to_text()
        assert wins == (plain.value(s.board, int(s.to_move)) == me), s.to_text()
        if wins:
            won += 1
            child = s.copy()
            child.play(move)
            assert child.winner == me or plain.value(child.board, int(child.to_move)) == me
        else:
            lost += 1
    assert won > 5 and lost > 5


def test_the_memo_gives_what_recomputing_gives():
    """On sampled 4x4 positions, caps asked in increasing then decreasing order with the memo kept give
    the answers each cap gives from an empty memo (a decided search is reused only by a cap that reaches
    its nodes, a stopped one only by a cap within its own)."""
    positions = _four_by_four(15, seed=5)
    caps = (30, 300, 3_000, 30_000)
    fresh = {}
    for cap in caps:
        for i, s in enumerate(positions):
            agents._PROOF_MEMO.clear()
            fresh[cap, i] = proved_move(s, cap)
    assert len({fresh[caps[0], i][0] for i in range(len(positions))} | {None}) > 1
    assert any(fresh[caps[0], i][0] is None for i in range(len(positions)))
    for order in (caps, caps[::-1]):
        agents._PROOF_MEMO.clear()
        for cap in order:
            for i, s in enumerate(positions):
                assert proved_move(s, cap) == fresh[cap, i], (cap, s.to_text())


def test_the_agent_plays_proved_wins_swaps_proved_losses_and_replays():
    """``proof:N`` in the registry: it plays a proved win and says so; under the swap rule on 3x3 it swaps
    after the centre (Red's win) and places a winning move after the corner (Blue's); the study's swap
    estimate reads its proof; a seeded game replays move for move with the memo full or empty; bad specs
    are one line."""
    agent = ENTRY.make_agent("proof:100000")
    assert isinstance(agent, ProofAgent) and agent.describe()["proof_nodes"] == 100_000
    memo: dict = {}
    centre = NecklaceState(State.initial(3, swap=True))
    centre.apply((1, 1))
    assert agent.step(centre, np.random.default_rng(0)) == SWAP
    assert swap_estimate(agent, centre.position, np.random.default_rng(0)) == 1.0
    corner = NecklaceState(State.initial(3, swap=True))
    corner.apply((0, 0))
    move = agent.step(corner, np.random.default_rng(0))
    assert move != SWAP and agent.last_proved == "blue" and "proved win" in agent.explain(corner, move)
    child = corner.position.board.reshape(3, 3).copy()
    child[move] = 2
    assert brute.minimax(child, 1, memo) == -1
    assert swap_estimate(agent, corner.position, np.random.default_rng(0)) == 0.0

    opening = NecklaceState(State.initial(4, swap=True))  # the proof sees no swap: the opening is mcts-solver's
    assert agent.step(opening.clone(), np.random.default_rng(2)) == MCTSSolverAgent(800).step(
        opening.clone(), np.random.default_rng(2)
    )

    def game(seed: int) -> list:
        s = State.initial(4, swap=False)
        moves = []
        players = (ENTRY.make_agent("proof:2000"), ENTRY.make_agent("proof:2000"))
        rng = np.random.default_rng(seed)
        while not s.over:
            m = players[s.placements % 2].step(NecklaceState(s.copy()), rng)
            moves.append(m)
            s.play(m)
        return moves

    agents._PROOF_MEMO.clear()
    first = game(3)
    assert game(3) == first  # the memo now full
    agents._PROOF_MEMO.clear()
    assert game(3) == first
    for bad in ("proof", "proof:2s"):
        with pytest.raises(AgentSpecError, match="df-pn nodes a move"):
            ENTRY.make_agent(bad)
    with pytest.raises(InvalidInputError, match="proof nodes must be"):
        ProofAgent(0)
