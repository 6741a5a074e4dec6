"""The draw searches (negenlab.necklace.draws) against a plain brute force over the State engine.

The brute force here shares nothing with draws.py: it walks the game tree with ``State.play``
and records every position it meets (stones and ``State.to_move``) with its result.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.necklace import InvalidPositionError, State
from negenlab.necklace import draws as D

NAMES = {1: "red", 2: "blue"}


def brute_force(n: int, swap: bool = False, moves=()):
    """``({(text, colour to move): result}, {(text, colour) reached only after a skipped turn})``
    for every position reachable from the empty board, or from the position after ``moves``;
    result "red", "blue", "draw" or None."""
    seen: dict = {}
    by_placement: dict = {}  # key -> set of "the colour that placed last moves again" flags

    def visit(s: State) -> None:
        key = (s.to_text(), NAMES[s.to_move])
        if key in seen:
            return
        seen[key] = "draw" if s.is_draw else s.winner
        for action in s.legal_actions():
            child = s.copy()
            child.play(action)
            ckey = (child.to_text(), NAMES[child.to_move])
            if action != "swap":
                skipped = not child.over and child.to_move == s.to_move
                by_placement.setdefault(ckey, set()).add(skipped)
            visit(child)

    start = State.initial(n, swap=swap)
    for m in moves:
        start.play(m)
    visit(start)
    skip_only = {k for k, flags in by_placement.items() if flags == {True}}
    return seen, skip_only


@pytest.fixture(scope="module", params=[2, 3])
def brute(request):
    n = request.param
    return n, *brute_force(n)


def test_reachable_positions_equal_brute_force(brute):
    n, seen, _ = brute
    fast = D.reachable_positions(n)
    missing = set(seen) - set(fast)
    extra = set(fast) - set(seen)
    assert not missing, f"{len(missing)} positions missing, e.g. {sorted(missing)[:2]}"
    assert not extra, f"{len(extra)} positions too many, e.g. {sorted(extra)[:2]}"
    wrong = {k: (fast[k], seen[k]) for k in seen if fast[k] != seen[k]}
    assert not wrong, f"results differ: {list(wrong.items())[:3]}"


@pytest.mark.parametrize("symmetry", [False, True])
def test_exhaustive_counts_equal_brute_force(brute, symmetry):
    n, seen, skip_only = brute
    r = D.exhaustive_draw_search(n, symmetry=symmetry)
    results = Counter(seen.values())
    stones = Counter(sum(ch in "RB" for ch in text) for text, _ in seen)
    assert r.complete and r.has_draw is False and r.note == ""
    assert r.positions == len(seen)
    assert (r.red_wins, r.blue_wins, r.draws) == (results["red"], results["blue"], results["draw"])
    assert r.terminals == results["red"] + results["blue"] + results["draw"]
    assert r.layers == tuple(stones[k] for k in range(max(stones) + 1))
    assert r.skip_positions == len(skip_only)
    assert r.canonical_positions <= r.positions
    assert (r.canonical_positions < r.positions) == symmetry
    assert r.draw_text is None and r.draw_moves is None


# 4x4 positions whose subtrees hold positions reached both after a skipped turn and after a
# normal one (the same position for the engine, two keys in a layer): the 4x4 part of the check
OPENINGS_4X4 = [
    [(3, 0), (0, 0), (3, 1), (1, 3), (2, 0), (2, 1), (0, 3), (3, 3)],
    [(0, 1), (0, 3), (3, 2), (3, 0), (2, 3), (2, 0), (0, 2)],
]


@pytest.mark.parametrize("moves", OPENINGS_4X4)
def test_4x4_subtrees_equal_brute_force(moves):
    seen, skip_only = brute_force(4, moves=moves)
    start = State.initial(4, swap=False)
    for m in moves:
        start.play(m)
    fast = D.reachable_positions(4, start=start)
    assert set(fast) == set(seen) and fast == seen
    r = D.exhaustive_draw_search(4, symmetry=False, start=start)
    results = Counter(seen.values())
    assert r.positions == len(seen) and r.skip_positions == len(skip_only)
    assert (r.red_wins, r.blue_wins, r.draws) == (results["red"], results["blue"], results["draw"])
    stones = Counter(sum(ch in "RB" for ch in text) for text, _ in seen)
    assert r.layers == tuple(stones[k] for k in range(max(stones) + 1))


def test_symmetric_start_with_symmetry_reduction():
    seen, skip_only = brute_force(3, moves=[(1, 1)])
    start = State.from_text("...\n.R.\n...", "blue")
    r = D.exhaustive_draw_search(3, symmetry=True, start=start)
    assert r.positions == len(seen) and r.skip_positions == len(skip_only) and r.canonical_positions < len(seen)
    assert r.red_wins == Counter(seen.values())["red"]
    with pytest.raises(InvalidInputError, match="symmetry=False"):
        D.exhaustive_draw_search(3, start=State.from_text("R..\n...\n...", "blue"))


def test_swap_reaches_no_other_position():
    """With the swap rule the engine meets the same positions (stones and colour to move) on 3x3."""
    plain, _ = brute_force(3, swap=False)
    swapped, _ = brute_force(3, swap=True)
    assert plain == swapped


def test_no_valid_3x3_board_is_dead():
    """Every 3x3 board the engine accepts (no crosscut, no secluded point, at most one winner) is
    won or leaves a colour a placement: the drawless argument of the module, checked on all 3**9 boards."""
    valid = 0
    for cells in itertools.product((0, 1, 2), repeat=9):
        try:
            s = State.from_array(np.array(cells).reshape(3, 3), "red")
        except InvalidPositionError:
            continue
        valid += 1
        assert not s.is_draw, s.to_text()
    assert valid > 1000


# a 3x3 board where neither colour can place and nobody has won: the centre would make a crosscut
# for both colours (upper-left block for Red, lower-right for Blue); unreachable (it is secluded)
DEAD = np.array([[1, 2, 1], [2, 0, 1], [2, 1, 2]])


def test_hand_made_dead_position_is_a_draw():
    with pytest.raises(InvalidPositionError):
        State.from_array(DEAD, "red")  # the engine refuses it: the centre is secluded
    assert D.classify_turn(DEAD, "red") == "draw"
    assert D.classify_turn(DEAD, "blue") == "draw"
    # the layer expansion of the exhaustive search counts it as a draw, for either colour due
    for colour_bit in (np.uint64(0), D._BLUE_BIT):
        key = np.uint64(sum(int(v) << (2 * p) for p, v in enumerate(DEAD.reshape(-1)))) | colour_bit
        table = np.zeros(16, dtype=np.uint64)
        D._insert(table, 4, key)
        stats = np.zeros(D._N_STATS, dtype=np.int64)
        draw_keys = np.zeros(1, dtype=np.uint64)
        counts = np.zeros(2, dtype=np.int64)
        nxt = np.zeros(16, dtype=np.uint64)
        shifts = (2 * np.arange(9, dtype=np.int64)[None, :]).astype(np.uint64)
        D._expand_layer(table, 4, 0, 16, nxt, 4, 0, 9, 3, 1, shifts, stats, draw_keys, counts, np.zeros(0, np.uint64))
        assert stats[D._DRAW] == 1 and stats[D._POS] == 1 and counts[0] == 1 and draw_keys[0] == key
        assert not nxt.any()


def test_classify_turn_skips_like_the_engine():
    # every corner would make a red crosscut, Blue may take them: the engine skips Red
    s = State.from_text(".B.\nBRB\n.B.", "red")
    assert s.skipped_turns == 1 and s.colour_to_move == "blue"
    board = s.board.reshape(3, 3)
    assert D.classify_turn(board, "red") == "blue"
    assert D.classify_turn(board, "blue") == "blue"


def test_moves_to_reach_replays_on_the_engine():
    target = State.from_text("R.B\nRB.\nR..", "blue")  # a red win
    moves = D.moves_to_reach(target.board.reshape(3, 3))
    assert moves is not None
    s = State.initial(3, swap=False)
    for m in moves:
        s.play(m)
    assert s.to_text() == target.to_text() and s.winner == "red"
    # three red stones and no blue one: Blue always has a placement, so it is not reachable
    assert D.moves_to_reach(np.array([[1, 0, 1], [0, 0, 0], [1, 0, 0]])) is None


def test_incomplete_search_says_so():
    r = D.exhaustive_draw_search(4, max_table_bytes=40_000)
    assert not r.complete and r.has_draw is None
    assert "max_table_bytes=40000" in r.note and "INCOMPLETE" in r.summary()
    assert r.positions < 5_600_065


@pytest.mark.parametrize("method", ["playout", "greedy", "backtrack"])
def test_directed_search_is_seeded_and_its_dead_ends_are_real(method):
    r1 = D.directed_draw_search(5, tries=30, seed=3, method=method, node_budget=500)
    r2 = D.directed_draw_search(5, tries=30, seed=3, method=method, node_budget=500)
    fields = ("positions", "dead_ends", "closest_dead", "closest_live", "closest_text")
    assert [getattr(r1, f) for f in fields] == [getattr(r2, f) for f in fields]
    assert r1.tries == 30 and r1.draws_found == 0 and r1.draw_text is None
    assert r1.verdict.startswith("no draw found in 30 ") and "on 5x5" in r1.verdict
    assert r1.dead_ends >= (30 if method != "backtrack" else 1)
    # the closest dead end: a colour whose legal points all complete its win; the live/dead split holds
    assert r1.closest_text is not None
    board = np.array([[".RB".index(ch) for ch in row] for row in r1.closest_text.split("\n")])
    empties = int((board == 0).sum())
    assert r1.closest_empty == empties and r1.closest_dead + r1.closest_live == empties
    forced = []
    for colour in ("red", "blue"):
        s = State.from_array(board, colour)
        assert s.winner is None
        if s.colour_to_move == colour and s.legal_moves():
            wins = [s.copy() for _ in s.legal_moves()]
            for w, m in zip(wins, s.legal_moves(), strict=True):
                w.play(m)
            forced.append(all(w.winner == colour for w in wins))
    assert any(forced)
    live = set()
    for colour in ("red", "blue"):
        s = State.from_array(board, colour)
        if s.colour_to_move == colour:
            live |= set(s.legal_moves())
    assert len(live) == r1.closest_live


def test_bad_input():
    with pytest.raises(InvalidInputError, match="one of"):
        D.exhaustive_draw_search(6)
    with pytest.raises(InvalidInputError, match="integer"):
        D.exhaustive_draw_search(3.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="max_seconds"):
        D.exhaustive_draw_search(3, max_seconds=0)
    with pytest.raises(InvalidInputError, match="one of"):
        D.reachable_positions(5)
    with pytest.raises(ValueError, match="method"):
        D.directed_draw_search(7, method="dfs")
    with pytest.raises(ValueError, match="at least 1"):
        D.directed_draw_search(7, tries=0)
    with pytest.raises(ValueError, match="between 2 and 25"):
        D.directed_draw_search(26)
    with pytest.raises(ValueError, match="at least 2"):
        D.directed_draw_search(1)
    with pytest.raises(InvalidInputError, match="to_move"):
        D.classify_turn(DEAD, "green")
    with pytest.raises(InvalidInputError, match="square"):
        D.classify_turn(np.zeros((2, 3)), "red")


@pytest.mark.slow
def test_4x4_symmetry_reduction_is_exact():
    plain = D.exhaustive_draw_search(4, symmetry=False)
    reduced = D.exhaustive_draw_search(4, symmetry=True)
    assert plain.complete and reduced.complete
    same = ("positions", "red_wins", "blue_wins", "draws", "skip_positions", "layers", "has_draw")
    assert [getattr(plain, f) for f in same] == [getattr(reduced, f) for f in same]
    assert reduced.canonical_positions < plain.canonical_positions
