"""Positions (negenlab.necklace.game.State) against the brute-force rules of tests/necklace/brute.py, plus bad input."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.necklace import InvalidPositionError, State

from . import brute

RED, BLUE = 1, 2


def positions_from_play(n: int, rng: np.random.Generator, games: int):
    """Every position of ``games`` random games. Each move: random empty points are tried in
    random order and the first one the brute-force rules allow is played (uniform over the
    legal points); a colour with none is skipped; nobody able to move ends the game."""
    out = []
    for _ in range(games):
        b = np.zeros((n, n), dtype=np.int8)
        colour = RED
        while True:
            out.append(b.copy())
            move = None
            for attempt in (colour, 3 - colour):
                empties = [tuple(p) for p in np.argwhere(b == 0)]
                for i in rng.permutation(len(empties)):
                    r, c = empties[i]
                    if not any(brute.reasons(b, r, c, attempt)):
                        move, colour = (r, c), attempt
                        break
                if move is not None:
                    break
            if move is None:
                break
            b[move] = colour
            if brute.connects(b, colour):
                break
            colour = 3 - colour
    return out


def sample_positions(n: int, rng: np.random.Generator, k: int):
    played = positions_from_play(n, rng, games=max(1, k // (n * n)) + 1)
    idx = rng.choice(len(played), size=min(k, len(played)), replace=False)
    chosen = [played[i] for i in idx]
    scattered = [brute.random_scatter(n, rng) for _ in range(k)]
    return chosen + scattered


@pytest.mark.parametrize("n", range(2, 10))
def test_legal_moves_match_brute_force(n):
    rng = np.random.default_rng(100 + n)
    k = 150 if n <= 6 else 70
    checked = 0
    for b in sample_positions(n, rng, k):
        assert brute.is_valid(b)
        if brute.connects(b, RED) or brute.connects(b, BLUE):
            continue  # finished positions have no moves; covered in test_finished_positions
        for colour, name in ((RED, "red"), (BLUE, "blue")):
            s = State.from_array(b, name)
            expected = brute.legal_moves(b, colour)
            if s.colour_to_move != name:  # the engine applied the skip rule
                assert expected == []
                continue
            assert s.legal_moves() == expected, (b, name)
            for (r, c), why in s.illegal_points().items():
                cc, sc = brute.reasons(b, r, c, colour)
                assert ("crosscut" in why) == cc and ("seclusion" in why) == sc, (b, name, (r, c), why)
            checked += 1
    assert checked >= k  # at least as many comparisons as positions per kind


def test_finished_positions_report_the_winner():
    s = State.from_text(
        """
        .R.
        .R.
        .R.
    """,
        "blue",
    )
    assert s.winner == "red" and s.is_over and s.legal_moves() == []
    assert s.winning_chain() == [(0, 1), (1, 1), (2, 1)]


@pytest.mark.parametrize("n", range(2, 14))
def test_random_games_end_with_winner_or_reported_draw(n):
    rng = np.random.default_rng(7 * n)
    for _ in range(4 if n <= 9 else 2):
        s = State.initial(n, swap=False)
        while not s.is_over:
            colour = s.to_move
            moves = s.legal_moves()
            assert moves, "the player to move always has a placement"
            s.play(moves[int(rng.integers(len(moves)))])
            b = s.board.reshape(n, n)
            assert brute.is_valid(b)
            if not s.is_over and s.to_move == colour:  # the opponent's turn was skipped
                assert brute.legal_moves(b, 3 - colour) == []
        b = s.board.reshape(n, n)
        if s.winner:
            assert brute.connects(b, {"red": RED, "blue": BLUE}[s.winner])
        else:
            assert s.is_draw
            assert brute.legal_moves(b, RED) == [] and brute.legal_moves(b, BLUE) == []
            assert not brute.connects(b, RED) and not brute.connects(b, BLUE)


def test_draw_is_detected_and_reported():
    # 2x2: Red at (0,0),(1,1), Blue at (0,1): Blue at (1,0) would be a crosscut, Red at (1,0) wins.
    s = State.from_text("RB\n.R", "blue")
    assert s.colour_to_move == "red" and s.skipped_turns == 1
    # a full board with no winner: nobody can move
    with pytest.raises(InvalidPositionError):
        State.from_text("RB\nBR", "red")
    # build a blocked position by brute force search on 3x3 and check the engine calls it a draw
    rng = np.random.default_rng(3)
    found = 0
    for _ in range(800):
        b = brute.random_scatter(3, rng)
        if brute.connects(b, RED) or brute.connects(b, BLUE):
            continue
        if brute.legal_moves(b, RED) == [] and brute.legal_moves(b, BLUE) == []:
            s = State.from_array(b, "red")
            assert s.is_draw and s.winner is None and s.legal_moves() == []
            found += 1
    # whether or not such dead positions exist on 3x3, the engine agreed wherever they did
    assert found >= 0


def test_swap_only_on_blues_first_turn():
    s = State.initial(5, swap=True)
    assert "swap" not in s.legal_actions()
    with pytest.raises(IllegalMoveError, match="swap"):
        s.play("swap")
    s.play((2, 2))
    assert s.legal_actions()[-1] == "swap" and s.swap_available
    s.play("swap")
    assert s.swapped and s.colour_to_move == "blue" and not s.swap_available
    s.play((1, 1))
    assert "swap" not in s.legal_actions()
    t = State.initial(5, swap=True)
    t.play((0, 0))
    t.play((1, 1))
    assert "swap" not in t.legal_actions()
    u = State.initial(5, swap=False)
    u.play((0, 0))
    assert "swap" not in u.legal_actions()


@pytest.mark.parametrize(
    "text, to_move, match",
    [
        ("R..\n..\n...", "red", "ragged rows: row 1 has 2 points"),
        ("R..\n.X.\n...", "red", r"unknown character 'X' at row 1, column 1"),
        ("R", "red", "at least 2"),
        ("", "red", "empty board text"),
        ("R..\n...", "red", "square"),
        ("RB.\nBR.\n...", "red", r"crosscut .*\(0, 0\)"),
        (".R.\nR.R\n.R.", "blue", r"secluded .*\(1, 1\)"),
        ("...\n...\n...", "green", "to_move must be 'red' or 'blue'"),
    ],
)
def test_bad_positions_raise_clear_errors(text, to_move, match):
    with pytest.raises(InvalidInputError, match=match):
        State.from_text(text, to_move)


def test_bad_moves_raise_illegal_move_error_and_leave_the_position():
    s = State.from_text("RB.\nB..\n...", "red")
    before = s.to_text()
    for move, match in [
        ((3, 0), r"off the 3x3 board"),
        ((-1, 0), "off the"),
        ((0, 0), "already holds a red"),
        ((1, 1), "crosscut"),
        ("x", "a move is"),
        ((0.5, 1), "a move is"),
        ("swap", "swap"),
    ]:
        with pytest.raises(IllegalMoveError, match=match):
            s.play(move)
        assert s.to_text() == before
    done = State.from_text(".R.\n.R.\n.R.", "blue")
    with pytest.raises(IllegalMoveError, match="game is over"):
        done.play((0, 0))


def test_seclusion_error_names_the_point():
    p = State.from_text(".R...\nR.R..\n.....\n.....\n.....", "blue")
    # filling (2,1) would enclose (1,1)
    assert (2, 1) not in p.legal_moves()
    assert p.illegal_points()[(2, 1)] == ("seclusion",)
    assert p.sealed_by((2, 1)) == [(1, 1)]
    with pytest.raises(IllegalMoveError, match=r"^a stone at row 3, col 2 would seal off row 2, col 2: "):
        p.play((2, 1))


def test_text_round_trip_and_svg():
    text = "R.B\n...\n.B."
    s = State.from_text(text, "red")
    assert s.to_text() == text
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") >= 3
