"""The blocked end (both players stuck): the exhaustive search against a brute force over the
engine's public API, the directed search's draws replayed through the engine, the classifier on
hand-made positions, and the counting argument that rules the blocked end out."""

import warnings
from itertools import combinations

import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.fen import FenGame, Rules
from negenlab.fen.blocked import (
    blocked_end_ruled_out,
    blocked_end_search,
    exhaustive_blocked_search,
    is_blocked_draw,
)


def game_of(spec, rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # even boards warn
        return FenGame(spec, rules)


# -- an independent brute force: every micro-action through the public API ----------------------


def brute_force_terminals(game):
    """Every final position reachable by legal micro-actions, as (owners of nodes + edges + faces,
    end, winner colour, swapped), and how many positions start a turn. Positions are merged on
    (owners, player to move, swapped, first turns, the actions of the turn in progress)."""
    seen = set()
    finals = set()

    def flat(s):
        o = s.owners()
        return tuple(o["nodes"]) + tuple(o["edges"]) + tuple(o["faces"])

    def walk(s, turn_acts):
        if s.is_terminal():
            info = s.game_info()
            finals.add((flat(s), info["end"], info["winner_colour"], int(info["swapped"])))
            return
        key = (flat(s), s.current_player, s.game_info()["swapped"], min(s.turn_number, 2), tuple(sorted(turn_acts)))
        if key in seen:
            return
        seen.add(key)
        for a in s.legal_actions():
            t = s.clone()
            t.apply(a)
            walk(t, () if t.turn_number != s.turn_number else turn_acts + (a,))

    walk(game.new_initial_state(), ())
    return finals, sum(1 for key in seen if key[-1] == ())


SMALL = [
    ("triangle:1", Rules()),
    ("triangle:1", Rules(pie_rule=False)),
    ("triangle:1", Rules(n=2, e=2)),
    ("triangle:1", Rules(n=1, e=2, partial_claims=False)),
    ("triangle:1", Rules(n=2, e=1, partial_claims=False, pie_rule=False)),
    ("triangle:1", Rules(n=2, e=2, partial_claims=False)),
    ("square:2x1", Rules(partial_claims=False, pie_rule=False)),
]


@pytest.mark.parametrize("spec,rules", SMALL, ids=[f"{s}-{r}" for s, r in SMALL])
def test_exhaustive_search_finds_exactly_the_brute_force_terminals(spec, rules):
    game = game_of(spec, rules)
    expected, turn_starts = brute_force_terminals(game)
    r = exhaustive_blocked_search(game, keep_terminals=True)
    assert r.complete
    assert r.terminals is not None
    missed, made_up = expected - r.terminals, r.terminals - expected
    assert (len(missed), len(made_up)) == (0, 0), f"missed {sorted(missed)[:3]}, made up {sorted(made_up)[:3]}"
    assert r.positions == turn_starts
    blocked = {k for k in expected if k[1] == "blocked"}
    assert r.blocked_ends == len(blocked)
    assert r.blocked_draws == sum(1 for k in blocked if k[2] == -1)
    assert r.majority_ends == len(expected) - len(blocked)
    if spec == "square:2x1":  # the comparison covers blocked draws and blocked wins of both colours
        assert {("blocked", -1), ("blocked", 0), ("blocked", 1)} <= {(k[1], k[2]) for k in expected}
    if r.example is not None:
        s = r.example.replay(game)
        assert s.is_terminal() and s.game_info()["end"] == "blocked"
        assert is_blocked_draw(s) == (r.blocked_draws > 0)


# -- the directed search: a reported draw replays to a blocked draw ----------------------------------


def assert_both_stuck(game, state):
    """Neither colour can capture a face or claim n nodes / e edges sharing no face (partial claims off)."""
    t = game.tessellation
    o = state.owners()
    for f, nodes in enumerate(t.face_nodes):
        if o["faces"][f] >= 0:
            continue
        sides = [t.edge_index[(min(u, v), max(u, v))] for u, v in zip(nodes, nodes[1:] + nodes[:1], strict=True)]
        comps = [o["nodes"][v] for v in nodes] + [o["edges"][j] for j in sides]
        for colour in (0, 1):
            assert comps.count(colour) < len(nodes), f"colour {colour} could still capture face {f}"
    node_faces = [{f for f, fn in enumerate(t.face_nodes) if v in fn} for v in range(t.num_nodes)]
    edge_faces = [set(fs) for fs in t.edge_faces]
    for owner, faces_of, want in ((o["nodes"], node_faces, game.n), (o["edges"], edge_faces, game.e)):
        empty = [x for x, c in enumerate(owner) if c < 0]
        for group in combinations(empty, want):
            assert any(faces_of[a] & faces_of[b] for a, b in combinations(group, 2)), f"{group} is still a claim"


def replay_public(game, actions):
    s = game.new_initial_state()
    for a in actions:
        assert not s.is_terminal() and a in s.legal_actions()
        s.apply(a)
    return s


@pytest.mark.parametrize("spec", ["triangle:7", "triangle:3"])
def test_a_reported_blocked_draw_replays_to_a_terminal_draw_with_both_stuck(spec):
    rules = Rules(partial_claims=False)
    r = blocked_end_search(spec, tries=40, seed=3, rules=rules, random_tries=200)
    assert r.blocked_draws > 0 and r.example is not None and r.closest_gap == 0
    game = FenGame(spec, rules)
    s = replay_public(game, r.example.actions)
    assert s.is_terminal() and s.returns() == [0.0, 0.0]
    info = s.game_info()
    assert info["end"] == "blocked" and info["faces_colour_0"] == info["faces_colour_1"]
    assert tuple(s.owners()["faces"]) == r.example.faces and tuple(s.owners()["edges"]) == r.example.edges
    assert_both_stuck(game, s)
    assert is_blocked_draw(s)


def test_standard_board_default_rules_has_no_blocked_end():
    assert blocked_end_ruled_out("triangle:7")
    r = blocked_end_search("triangle:7", tries=20, seed=0, random_tries=300)
    assert r.ruled_out and r.blocked == 0 and r.closest is None and r.example is None


def test_search_is_reproducible_and_counts_add_up():
    kw = dict(tries=15, seed=7, rules=Rules(partial_claims=False), random_tries=60)
    a, b = blocked_end_search("triangle:3", **kw), blocked_end_search("triangle:3", **kw)
    assert {**a.__dict__, "seconds": 0} == {**b.__dict__, "seconds": 0}
    assert a.playouts == 75 and a.blocked_draws <= a.blocked <= a.playouts


# -- the classifier on hand-made positions -------------------------------------------------------------


def two_squares_position(win: bool):
    """square:2x1 (faces 0 left, 1 right; nodes 1 and 4 lie on both, so no node claim of two takes them),
    partial claims off, pie off: colour 0 captures the left square; the right one goes to colour 1 (a
    1-1 blocked draw) or to nobody (a 1-0 blocked win)."""
    s = game_of("square:2x1", Rules(partial_claims=False, pie_rule=False)).new_initial_state()
    s.play_turn("nodes", [0, 2])
    s.play_turn("nodes", [3, 5])
    s.play_turn("edges", [(0, 1)])
    s.play_turn("edges", [(2, 5)])
    s.play_turn("edges", [(0, 3)])
    s.play_turn("edges", [(4, 5)])
    if win:
        s.play_turn("edges", [(1, 4)])  # colour 0: 4 of the left square's 8, 3 of the right's
        s.play_turn("edges", [(3, 4)])  # colour 1: 3 of the right's
        s.play_turn("edges", [(1, 2)])  # the last empty item nobody can claim: colour 1 is skipped
        s.play_turn("capture", [0])
    else:
        s.play_turn("edges", [(3, 4)])
        s.play_turn("edges", [(1, 2)])  # colour 1: 4 of the right square's 8
        s.play_turn("capture", [0])
        s.play_turn("capture", [1])
        s.play_turn("edges", [(1, 4)])
    return s


def test_classifier_sees_a_hand_made_blocked_draw():
    s = two_squares_position(win=False)
    assert s.is_terminal() and s.game_info()["end"] == "blocked"
    assert s.owners()["faces"] == [0, 1] and s.owners()["nodes"][1] == s.owners()["nodes"][4] == -1
    assert is_blocked_draw(s)


def test_classifier_rejects_a_blocked_win_a_majority_and_an_unfinished_game():
    s = two_squares_position(win=True)
    assert s.is_terminal() and s.game_info()["end"] == "blocked" and s.owners()["faces"] == [0, -1]
    assert not is_blocked_draw(s)
    s = FenGame("triangle:1", Rules(pie_rule=False)).new_initial_state()
    assert not is_blocked_draw(s)
    for kind, item in [("nodes", 0), ("nodes", 1), ("nodes", 2), ("edges", 0), ("edges", 1), ("edges", 2)]:
        s.play_turn(kind, [item])
    s.play_turn("capture", [0])  # colour 0 holds 3 of the 6 and the only face
    assert s.game_info()["end"] == "majority" and not is_blocked_draw(s)


# -- the counting argument and the exhaustive search agree ----------------------------------------------


@pytest.mark.parametrize("spec", ["triangle:1", "square:1"])
def test_odd_boards_with_partial_claims_have_no_blocked_end(spec):
    r = exhaustive_blocked_search(spec)
    assert blocked_end_ruled_out(spec) and r.complete and r.blocked_reachable is False and r.majority_ends > 0


def test_on_an_even_board_every_blocked_end_with_partial_claims_is_a_draw():
    game = game_of("square:2x1", None)
    r = exhaustive_blocked_search(game, max_positions=5_000)
    assert not blocked_end_ruled_out(game)
    assert not r.complete and r.blocked_draws == r.blocked_ends > 0 and r.blocked_draw_reachable is True


def test_out_of_budget_says_unknown_not_impossible():
    r = exhaustive_blocked_search("triangle:3", max_positions=50)
    assert not r.complete and r.positions > 50
    assert r.blocked_reachable is None and r.blocked_draw_reachable is None


# -- bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: blocked_end_search("triangle:3", tries=0),
        lambda: blocked_end_search("triangle:3", tries=True),
        lambda: blocked_end_search("triangle:3", tries=2, seed=-1),
        lambda: blocked_end_search("triangle:3", tries=2, random_tries=-1),
        lambda: blocked_end_search(7, tries=2),
        lambda: blocked_end_search("circle:3", tries=2),
        lambda: blocked_end_search("triangle:3", tries=2, rules={"pie_rule": False}),
        lambda: blocked_end_search(FenGame("triangle:1"), tries=2, rules=Rules(pie_rule=False)),
        lambda: exhaustive_blocked_search("triangle:1", max_positions=0),
        lambda: is_blocked_draw("triangle:1"),
    ],
)
def test_bad_input_raises_a_value_error(call):
    with pytest.raises(InvalidInputError):
        call()


def test_random_and_directed_numbers_are_separate():
    r = blocked_end_search("triangle:3", tries=5, seed=1, random_tries=0, rules=Rules(partial_claims=False))
    assert r.random_playouts == 0 and r.random_blocked == 0 and r.directed_playouts == 5
