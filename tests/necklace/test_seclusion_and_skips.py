"""Refusals for seclusion name the empty points a stone would seal off, as the board labels them,
and the explorer rings them; a skipped turn says whose it was, in messages and in the history (#22).

The points named are cross-checked on every empty point of random small positions against an
independent brute force: place the stone, flood fill each region of empty points, and collect the
regions without an edge point.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from negenlab.core.errors import IllegalMoveError
from negenlab.necklace import State
from negenlab.necklace.svg import board_svg
from negenlab.necklace.widgets import SKIPPED, Explorer

from . import brute

RING = """.RR..
R..R.
.R...
.....
....."""  # a stone at row 3, col 3 (2, 2) seals off the two empty points row 2, col 2 and row 2, col 3


def sealed_off_brute(b: np.ndarray, point) -> set:
    """The empty points whose region of empty points has no edge point once a stone is on ``point``:
    flood fill every region from scratch (no sharing with the engine's edge-first flood fill)."""
    n = b.shape[0]
    t = b.copy()
    t[point] = 1
    seen, out = set(), set()
    for start in zip(*np.nonzero(t == 0), strict=True):
        start = (int(start[0]), int(start[1]))
        if start in seen:
            continue
        region, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= q[0] < n and 0 <= q[1] < n and t[q] == 0 and q not in region:
                    region.add(q)
                    todo.append(q)
        seen |= region
        if not any(r in (0, n - 1) or c in (0, n - 1) for r, c in region):
            out |= region
    return out


def named_points(message: str) -> set:
    """The 0-based points a message names as the board does ("row 2, col 3"), after 'would seal off'."""
    tail = message.split("would seal off", 1)[1].split(":", 1)[0]
    return {(int(r) - 1, int(c) - 1) for r, c in re.findall(r"row (\d+), col (\d+)", tail)}


def test_the_refusal_names_the_sealed_points_as_the_board_labels_them():
    s = State.from_text(RING, "blue")
    assert s.illegal_points() == {(1, 2): ("seclusion",), (2, 2): ("seclusion",)}
    with pytest.raises(IllegalMoveError) as err:
        s.play((2, 2))
    assert str(err.value) == (
        "a stone at row 3, col 3 would seal off row 2, col 2 and row 2, col 3: "
        "those empty points would have no empty path to the edge"
    )
    assert s.to_text() == RING
    with pytest.raises(
        IllegalMoveError, match=r"^a stone at row 2, col 3 would seal off row 2, col 2: that empty point"
    ):
        s.play((1, 2))
    assert s.sealed_by((2, 2)) == [(1, 1), (1, 2)] and s.sealed_by((3, 3)) == []
    with pytest.raises(IllegalMoveError, match="row 1, col 2 is not empty"):
        s.sealed_by((0, 1))


@pytest.mark.parametrize("n", [3, 4, 5])
def test_named_points_are_exactly_the_regions_that_lose_their_edge(n):
    rng = np.random.default_rng(n)
    refusals = several = 0
    for _ in range(300):
        b = brute.random_scatter(n, rng)
        if brute.connects(b, brute.RED) or brute.connects(b, brute.BLUE):
            continue
        s = State.from_array(b, "red")
        if s.over:
            continue
        illegal = s.illegal_points()
        for r, c in zip(*np.nonzero(b == 0), strict=True):
            p = (int(r), int(c))
            expected = sealed_off_brute(b, p)
            assert set(s.sealed_by(p)) == expected, (s.to_text(), p)
            assert ("seclusion" in illegal.get(p, ())) == bool(expected), (s.to_text(), p)
            if expected:
                refusals += 1
                several += len(expected) > 1
                message = s.why_illegal(p)
                assert named_points(message) == expected, (s.to_text(), p, message)
                with pytest.raises(IllegalMoveError) as err:
                    s.copy().play(p)
                assert str(err.value) == message
    assert refusals > 20 and (n == 3 or several > 5), (refusals, several)


def test_the_explorer_rings_the_sealed_points_and_the_tooltips_name_them():
    ex = Explorer(size=5, strength=20, seed=0)
    ex.state = State.from_text(RING, "red")
    ex.redraw()
    assert "row 3, col 3 illegal for red: seclusion (would seal off row 2, col 2 and row 2, col 3)" in ex.board.svg
    assert 'class="sealed"' not in ex.board.svg
    ex.board.press("point:2:2")
    assert ex.board.error == (
        "IllegalMoveError: row 3, col 3 is illegal: seclusion (it would seal off row 2, col 2 and row 2, col 3)"
    )
    svg = ex.board.svg
    assert svg.count('class="sealed"') == 2
    for name in ("row 2, col 2", "row 2, col 3"):
        assert f"{name} would be sealed off by a stone at row 3, col 3" in svg
    assert "ringed: sealed off by a stone at row 3, col 3" in svg
    # the rings sit on the sealed points: (1, 1) and (1, 2) drawn at the same centres as the board's points
    plain = board_svg(**ex.state.drawing_facts(), cell=30)
    assert plain.count('class="sealed"') == 0
    ex.board.press("point:4:4")  # a legal click clears the rings
    assert 'class="sealed"' not in ex.board.svg and ex.board.error == ""


SKIP = "...\nRBR\n.R."  # Red at row 1, col 2 leaves Blue no legal placement


def test_a_skip_says_whose_turn_it_was_in_the_state_and_its_history():
    s = State.from_text(SKIP, "red")
    s.play((0, 1))
    assert not s.over and s.colour_to_move == "red" and s.skipped_turns == 1
    assert s.skips == [(1, "blue")]
    assert s.turn_log() == ["red placed at row 1, col 2", "blue was skipped: no legal placement"]
    t = s.copy()
    t.play(t.legal_moves()[0])
    assert t.skips[0] == (1, "blue") and s.skips == [(1, "blue")]  # copies keep their own record
    assert t.turn_log()[:2] == s.turn_log() and t.turn_log()[2].startswith("red placed at")
    swap = State.initial(3)
    swap.play((1, 1))
    swap.play("swap")
    assert swap.turn_log() == ["red placed at row 2, col 2", "blue swapped: blue takes over red's side"]


def test_the_explorer_says_whose_turn_was_skipped(monkeypatch):
    ex = Explorer(size=3, strength=20, swap=False, seed=0)
    ex.state = State.from_text(SKIP, "red")
    ex.redraw()
    ex.click(0, 1)  # your red stone; the MCTS (blue) has no legal placement: its turn is skipped
    assert ex.board.error == ""
    assert ex.replies == [("blue", SKIPPED)]
    assert "blue was skipped: no legal placement (MCTS)" in ex.board.status
    assert "skipped turns:" not in ex.board.status
    assert "1. red placed at row 1, col 2<br>2. blue was skipped: no legal placement" in ex.log.value
    # your own turn skipped between two MCTS moves: said in order
    from negenlab.necklace import agents

    def step(self, state, rng):
        moves = state.legal_moves()
        return (0, 1) if (0, 1) in moves else moves[0]

    monkeypatch.setattr(agents.NumbaMCTSAgent, "step", step)
    state, human, replies = ex._ai_moves(State.from_text(SKIP, "red"), "blue")
    assert replies[:2] == [("red", (0, 1)), ("blue", SKIPPED)] and replies[2][0] == "red"
    ex.state, ex.human, ex.replies = state, human, replies
    ex.redraw()
    assert "blue was skipped: no legal placement (you)" in ex.board.status
    assert ex.board.status.index("MCTS (red) played") < ex.board.status.index("blue was skipped")
