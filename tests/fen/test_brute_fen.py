"""Tests of the brute-force reference (tests/fen/brute_fen.py) itself: hand-derived values on
the tiniest boards, its whole turns against the engine's whole-turn API and a plain count of
face-disjoint sets, the pie-rule summary against a search through the engine's SWAP, and
that it refuses rather than answer partially."""

import warnings
from itertools import combinations

import numpy as np
import pytest

from negenlab.core.errors import IllegalMoveError
from negenlab.fen import Tessellation, make_game
from negenlab.fen.boards import parse_board
from negenlab.fen.game import START

from .brute_fen import ReferenceGaveUp, brute_opening_values, brute_pie_value, brute_summary, whole_turns

# a triangle cut into 3 at its centre c: 4 nodes (c in all 3 faces, the corners in 2 each), 3 spokes
# (2 faces each) and 3 outer edges (1 face each)
YTRI = {
    "format": "negenlab-fen-board",
    "version": 1,
    "name": "triangle cut in 3 at its centre",
    "nodes": [[0, 0], [2, 0], [1, 1.732], [1, 0.577]],
    "faces": [[0, 1, 3], [1, 2, 3], [2, 0, 3]],
}


def board(spec):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # small boards warn (scopes disagree, even face counts)
        return Tessellation.from_json(spec) if isinstance(spec, dict) else parse_board(spec)


# -- hand-derived values ---------------------------------------------------------------------------
# A board of one k-gon (square:1x1, triangle:1, hexagon:0): every node and edge touches 1 face, so
# both scopes give N = E = 1 and n = e = 1, and a turn claims one of the 2k components (partial
# claims change nothing with claims of one). The face needs k of them and is the majority (1 of 1).
# The first player reaches k components with their k-th claim (2k-1 placed); the second player then
# has k-1, cannot capture and must claim the last empty component; the first player captures and
# wins. Neither can do otherwise, so all 2k openings are worth +1: the first player wins, and with
# the pie rule the second player takes over whichever colour opened and wins.
ONE_FACE = [("square:1x1", 4), ("triangle:1", 3), ("hexagon:0", 6)]


@pytest.mark.parametrize("spec,k", ONE_FACE)
def test_one_face_boards_are_first_player_wins(spec, k):
    t = board(spec)
    assert (t.num_faces, t.num_nodes, t.num_edges) == (1, k, k)
    for scope in ("interior", "all"):
        g = make_game(t, ne_scope=scope)
        assert (g.n, g.e) == (1, 1)
    values = brute_opening_values(t)
    assert values == {("nodes", (v,)): 1 for v in range(k)} | {("edges", (j,)): 1 for j in range(k)}
    assert brute_summary(values) == {"winner": "first player", "winner_with_pie": "second player"}
    if k <= 4:  # the same with the pie rule searched through the engine's SWAP
        assert brute_pie_value(t) == -1


def test_ytri_without_partial_claims_is_a_blocked_draw():
    # YTRI, interior scope: N = 3 (c, the only interior node), E = 2 (the spokes), so n = 2, e = 3.
    # Any two nodes share a face, so no node claim exists (partial claims off). Three face-disjoint
    # edges: one per face, and a spoke lies on two faces, so only the outer triangle. After that
    # single opening the second player has no claim, nobody has the 3 components a triangle needs:
    # both are stuck at 0-0 faces, a draw. With the pie rule the second player's only action is the
    # swap, after which the game is stuck the same way.
    t = board(YTRI)
    g = make_game(t, partial_claims=False)
    assert (g.n, g.e) == (2, 3)
    outer = tuple(sorted(j for j, fs in enumerate(t.edge_faces) if len(fs) == 1))
    stats = {}
    values = brute_opening_values(t, partial_claims=False, stats=stats)
    assert values == {("edges", outer): 0}
    assert stats["positions"] == 0  # the game is over after the opening
    assert brute_summary(values) == {"winner": "draw", "winner_with_pie": "draw"}
    assert brute_pie_value(t, partial_claims=False) == 0


@pytest.mark.parametrize("rules", [{}, {"ne_scope": "all"}])
def test_pie_summary_matches_a_search_through_swap(rules):
    values = brute_opening_values(board(YTRI), **rules)
    pie = {1: "first player", 0: "draw", -1: "second player"}[brute_pie_value(board(YTRI), **rules)]
    assert brute_summary(values)["winner_with_pie"] == pie


def test_the_reference_gives_up_rather_than_answer_partially():
    with pytest.raises(ReferenceGaveUp):
        brute_opening_values("triangle:1", max_positions=10)
    with pytest.raises(ReferenceGaveUp):
        brute_pie_value("triangle:1", max_positions=10)
    stats = {}
    brute_opening_values("triangle:1", max_positions=144, stats=stats)  # exactly enough
    assert stats == {"positions": 144}


# -- whole turns against the engine ----------------------------------------------------------------
CASES = [
    ("square:3x1", {}),
    ("square:3x1", {"ne_scope": "all"}),  # e = 2
    ("3.3.3.3.3.3:3", {"ne_scope": "all"}),  # a strip of 3 triangles, e = 2
    (YTRI, {}),  # n = 2 (always partial), e = 3
    (YTRI, {"partial_claims": False}),
    ("triangle:2", {}),  # n = 2, e = 3
    ("triangle:2", {"partial_claims": False, "pie_rule": True}),
    ("square:2x2", {"n": 2, "e": 3}),
]


def turn_starts(game, rng, count):
    """The initial position and up to ``count - 1`` turn starts reached by random micro-actions."""
    out = [game.new_initial_state()]
    for _ in range(20 * count):
        if len(out) >= count:
            break
        s = game.new_initial_state()
        for _ in range(int(rng.integers(1, 40))):
            if s.is_terminal():
                break
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))])
        while not s.is_terminal() and s.phase != START:
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))])
        if not s.is_terminal():
            out.append(s)
    return out


def accepted(s, kind, items):
    try:
        s.check_turn(kind, items)
    except IllegalMoveError:
        return False
    return True


def largest_disjoint(candidates, faces_of, cap):
    """min(cap, the size of a largest set of ``candidates`` no two on a common face), by brute force."""
    for r in range(min(cap, len(candidates)), 0, -1):
        for c in combinations(candidates, r):
            if all(not set(faces_of[x]) & set(faces_of[y]) for x, y in combinations(c, 2)):
                return r
    return 0


@pytest.mark.parametrize(
    "spec,rules", CASES, ids=[f"{c[0] if isinstance(c[0], str) else 'ytri'}-{c[1]}" for c in CASES]
)
def test_whole_turns_are_exactly_the_engines_whole_turns(spec, rules):
    t = board(spec)
    game = make_game(t, **{"pie_rule": False, **rules})
    rng = np.random.default_rng(5)
    F = t.num_faces
    seen_kinds = set()
    for s in turn_starts(game, rng, 25):
        turns = whole_turns(s)
        listed = {(kind, items) for kind, items, _ in turns}
        assert len(listed) == len(turns)
        for kind, items, child in turns:
            seen_kinds.add(kind)
            assert list(items) == sorted(items)
            s.check_turn(kind, items)  # raises if the engine disagrees
            played = s.clone()
            played.play_turn(kind, items)
            assert played.owner == child.owner and played.is_terminal() == child.is_terminal()
            assert played.is_terminal() or played.colour == child.colour
        # the other way: every claim the engine accepts is listed; and (from the rules text) a claim's
        # items share no face, and a claim
        # takes as many face-disjoint empty items as there are, up to n (e); with partial claims off
        # exactly n (e) or none
        for kind, want, faces_of, offset in (
            ("nodes", game.n, t.node_faces, 0),
            ("edges", game.e, t.edge_faces, t.num_nodes),
        ):
            empty = [x for x in range(len(faces_of)) if s.owner[offset + x] < 0]
            ok = {(kind, c) for r in range(1, want + 1) for c in combinations(empty, r) if accepted(s, kind, c)}
            mine = {(k, i) for k, i in listed if k == kind}
            assert ok == mine, (kind, sorted(ok ^ mine)[:5])
            for _, c in mine:
                assert all(not set(faces_of[x]) & set(faces_of[y]) for x, y in combinations(c, 2))
            size = largest_disjoint(empty, faces_of, want)
            if not game.rules.partial_claims and size < want:
                size = 0
            assert {len(i) for _, i in mine} == ({size} if size else set())
        # captures: every non-empty set of eligible faces is accepted, but the game ends as soon as
        # the mover owns a majority, so only sets that do not pass it are whole turns of their own
        eligible = s.eligible_faces()
        owned = sum(1 for f in range(F) if s.owner[t.num_nodes + t.num_edges + f] == s.colour)
        room = F // 2 + 1 - owned
        caps = {("capture", c) for r in range(1, len(eligible) + 1) for c in combinations(eligible, r)}
        assert all(accepted(s, kind, items) for kind, items in caps)
        assert {c for c in caps if len(c[1]) <= room} == {(k, i) for k, i in listed if k == "capture"}
        assert (("swap", ()) in listed) == accepted(s, "swap", ())
    assert {"nodes", "edges"} & seen_kinds


def test_whole_turns_lists_the_swap():
    g = make_game("triangle:1", pie_rule=True)
    s = g.new_initial_state()
    s.play_turn("nodes", [0])
    turns = {(k, i): c for k, i, c in whole_turns(s)}
    assert len(turns) == 2 + 3 + 1  # 2 nodes, 3 edges, the swap
    after = turns[("swap", ())]
    # after the swap seat 1 owns colour 0 (the node just claimed) and seat 0 plays colour 1 next
    assert (after.colour, after.current_player, after.seat_of_colour(0)) == (1, 0, 1)
    assert after.owner == s.owner and after.turn_number == 2


def test_whole_turns_handles_a_skipped_opponent():
    # square:3x1: node 4 is the last empty item and colour 0 (one face behind, 0-1) may capture faces 0
    # and 1. If colour 0 claims node 4 instead, colour 1 has nothing to claim or capture and is skipped:
    # that whole turn ends with colour 0 to move again
    g = make_game("square:3x1", pie_rule=False)
    s = g.new_initial_state()
    for a in [17, 7, 11, 15, 12, 0, 8, 2, 1, 14, 13, 10, 5, 6, 9, 20, 3, 16]:
        s.apply(a)
    assert (s.phase, s.colour, s.skips, s.eligible_faces(0), s.eligible_faces(1)) == (START, 0, 0, [0, 1], [])
    turns = {(k, i): c for k, i, c in whole_turns(s)}
    assert sorted(turns) == [("capture", (0,)), ("capture", (0, 1)), ("capture", (1,)), ("nodes", (4,))]
    child = turns[("nodes", (4,))]
    assert not child.is_terminal() and (child.colour, child.skips, child.turn_number) == (0, 1, s.turn_number + 1)
    assert turns[("capture", (0, 1))].is_terminal()  # 2 of 3 faces: a majority


def test_whole_turns_needs_a_turn_start():
    s = make_game(board("square:2x2"), pie_rule=False, n=2).new_initial_state()
    s.apply(0)  # the first node of a claim of two
    with pytest.raises(ValueError):
        whole_turns(s)


def test_captures_in_any_order_are_one_turn():
    # square:3x1 (n = e = 1, majority 2): a position where the mover may capture two faces; both orders
    # of the pair reach the majority, and whole_turns checks they leave the same owners
    g = make_game("square:3x1", pie_rule=False)
    s = next(st for st in turn_starts(g, np.random.default_rng(3), 400) if len(st.eligible_faces()) >= 2)
    pairs = [i for k, i, _ in whole_turns(s) if k == "capture" and len(i) == 2]
    assert pairs and all(c.is_terminal() for k, i, c in whole_turns(s) if k == "capture" and len(i) == 2)
