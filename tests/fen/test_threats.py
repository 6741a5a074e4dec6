"""Face progress and "capturable next" (negenlab.fen.threats) against a recount from the board and
against the engine's own offers.

The recount uses only the tessellation's face lists and ``owners()``: a face's tiles per colour are
its nodes and edges that colour owns, and an uncaptured k-sided face is capturable by a colour
holding at least k of them. At the start of a turn the faces the player to move may capture must
also be exactly the face actions the engine offers (none missing, none extra). Checked on every
state of random games on four small boards.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.fen import FenGame, tilings
from negenlab.fen.game import START
from negenlab.fen.threats import capturable_next, capturable_words, face_names, face_progress, faces_in_words
from negenlab.fen.widgets import STANDARD, make_board

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


def offered_captures(state) -> set[int]:
    """The faces the engine lets the player to move capture, read off a copy at the start of its turn."""
    copy = state.clone()
    assert copy.phase == START
    b = copy.b
    return {a - b.FACE0 for a in copy.legal_actions() if b.FACE0 <= a < b.SWAP}


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_progress_matches_a_recount_and_the_engine_s_offers(board):
    game = FenGame(BOARDS[board]())
    rng = np.random.default_rng(3)
    checked = starts = offers = 0
    for _ in range(25):
        s = game.new_initial_state()
        while not s.is_terminal():
            fast = [(p.held[0], p.held[1], p.owner, *p.capturable) for p in face_progress(s)]
            assert fast == recount(s), f"{board}: turn {s.turn_number}"
            checked += 1
            if s.phase == START:
                offered = offered_captures(s)
                marked = set(capturable_next(s, s.colour))
                assert not offered - marked, f"{board}: offered but not marked {sorted(offered - marked)}"
                assert not marked - offered, f"{board}: marked but not offered {sorted(marked - offered)}"
                starts += 1
                offers += bool(offered)
            actions = s.legal_actions()
            s.apply(actions[rng.integers(len(actions))])
    assert checked > 200 and starts > 50 and offers > 5


def test_text_says_both_colours_or_the_owner():
    s = FenGame(tilings.triangle(3)).new_initial_state()
    assert {p.text() for p in face_progress(s)} == {"red 0/3, blue 0/3"}
    for kind, items in [("nodes", [9]), ("nodes", [0]), ("edges", [(7, 9), (0, 1), (2, 3)])]:
        s.play_turn(kind, items)
    s.play_turn("nodes", [3])
    s.play_turn("edges", [(8, 9), (0, 4), (3, 6)])
    assert capturable_next(s, 0) == [8] and capturable_next(s, 1) == []
    s.play_turn("nodes", [6])  # blue
    s.play_turn("capture", [8])
    assert face_progress(s)[8].text() == "captured by red" and face_progress(s)[8].capturable == (False, False)


@pytest.mark.parametrize("name", list(STANDARD))
def test_face_names_are_unique_and_free_of_numbers_but_ordinals(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = make_board(name, 25)
    names = face_names(t)
    assert len(names) == t.num_faces and len(set(names)) == t.num_faces
    assert all(n.startswith("the ") and "face " not in n.replace("sided face", "") for n in names)


def test_names_follow_the_drawing():
    names = face_names(tilings.square(3, 3))  # faces row by row from the bottom left (y up)
    assert names[0] == "the leftmost square in the bottom row"
    assert names[4] == "the middle square in the middle row"
    assert names[8] == "the rightmost square in the top row"
    assert faces_in_words(tilings.square(3, 3), []) == "no face"


def test_words_name_the_faces_a_colour_can_capture():
    s = FenGame(tilings.square(3, 3)).new_initial_state()
    assert capturable_words(s, 1) == "blue can capture no face next turn"


def test_bad_input_is_an_invalid_input_error():
    s = FenGame(tilings.triangle(3)).new_initial_state()
    for colour in (2, -1, True, "red"):
        with pytest.raises(InvalidInputError, match="colour must be 0"):
            capturable_next(s, colour)
    with pytest.raises(InvalidInputError, match="FEN position"):
        face_progress("triangle:3")
    with pytest.raises(InvalidInputError, match="FEN board"):
        face_names(s)
    with pytest.raises(InvalidInputError, match="face 9 does not exist"):
        faces_in_words(s.game.tessellation, [9])
    assert issubclass(InvalidInputError, ValueError)
