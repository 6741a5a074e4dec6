"""Face progress and "capturable next" (negenlab.fen.threats) against a recount from the board.

The recount uses only the tessellation's face lists and ``owners()``: a face's tiles per colour are
its nodes and edges that colour owns, and an uncaptured k-sided face is capturable by a colour
holding at least k of them. At the start of a turn the faces the player to move may capture must
also be exactly the face actions the engine offers. Checked both ways on every state of random
games on four small boards.
"""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.fen import FenGame, tilings
from negenlab.fen.threats import capturable_next, face_progress

BOARDS = {
    "triangle 3": lambda: tilings.triangle(3),
    "hexagon 1": lambda: tilings.hexagon(1),
    "square 3x3": lambda: tilings.square(3, 3),
    "triangle 4": lambda: tilings.triangle(4),
}


def recount(state):
    """[(held by red, held by blue, owner, red may capture, blue may capture)] from the board alone."""
    t = state.game.tessellation
    own = state.owners()
    out = []
    for f, nodes in enumerate(t.face_nodes):
        held = [0, 0]
        for v in nodes:
            if own["nodes"][v] >= 0:
                held[own["nodes"][v]] += 1
        for j in t.face_edges[f]:
            if own["edges"][j] >= 0:
                held[own["edges"][j]] += 1
        k = len(nodes)
        free = own["faces"][f] < 0
        out.append((held[0], held[1], own["faces"][f], free and held[0] >= k, free and held[1] >= k))
    return out


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_progress_matches_a_recount_on_every_state_both_ways(board):
    game = FenGame(BOARDS[board]())
    b = game.board
    rng = np.random.default_rng(3)
    checked = starts = 0
    for _ in range(25):
        s = game.new_initial_state()
        while not s.is_terminal():
            fast = [(p.held[0], p.held[1], p.owner, *p.capturable) for p in face_progress(s)]
            assert fast == recount(s), f"{board}: turn {s.turn_number}"
            checked += 1
            if s.phase == 0:  # the start of a turn: the capture actions on offer
                offered = {a - b.FACE0 for a in s.legal_actions() if b.FACE0 <= a < b.SWAP}
                mine = set(capturable_next(s, s.colour))
                assert offered == mine, f"{board}: offered {sorted(offered)}, marked {sorted(mine)}"
                starts += 1
            actions = s.legal_actions()
            s.apply(actions[rng.integers(len(actions))])
    assert checked > 200 and starts > 50


def test_text_says_both_colours_or_the_owner():
    s = FenGame(tilings.triangle(3)).new_initial_state()
    texts = {p.text() for p in face_progress(s)}
    assert texts == {"red 0/3, blue 0/3"}
