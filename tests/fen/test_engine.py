import numpy as np
import pytest

from negenlab.core.errors import IllegalMoveError
from negenlab.core.game import play_random_game
from negenlab.fen import FenGame, Rules, tilings
from negenlab.fen.game import START

from .naive import legal_turns


def engine_turns(state):
    """All whole turns reachable by micro-actions from a turn start, as (kind, frozenset(items))."""
    b = state.b
    t = state.game.tessellation
    out = set()

    def rec(s, items, turn):
        for a in s.legal_actions():
            s2 = s.clone()
            s2.apply(a)
            its = items + [a]
            if s2.is_terminal() or s2.turn_number != turn:
                out.add(_label(b, t, its))
            else:
                rec(s2, its, turn)

    rec(state, [], state.turn_number)
    return out


def _label(b, t, acts):
    acts = [a for a in acts if a != b.STOP]
    if acts == [b.SWAP]:
        return ("swap", frozenset())
    if acts[0] < b.V:
        return ("nodes", frozenset(acts))
    if acts[0] < b.FACE0:
        return ("edges", frozenset(frozenset(t.edges[a - b.V]) for a in acts))
    return ("capture", frozenset(a - b.FACE0 for a in acts))


def naive_from_state(s):
    t = s.game.tessellation
    b = s.b
    node_owner = {v: s.owner[v] for v in range(b.V)}
    edge_owner = {frozenset(t.edges[j]): s.owner[b.V + j] for j in range(b.E)}
    face_owner = [s.owner[b.FACE0 + f] for f in range(b.F)]
    swap_ok = s.game.rules.pie_rule and s.turn_number == 1 and not s.swapped and s.colour == 1
    return legal_turns(
        [list(f) for f in t.face_nodes],
        node_owner,
        edge_owner,
        face_owner,
        s.colour,
        s.game.n,
        s.game.e,
        s.game.rules.partial_claims,
        swap_ok,
        s.faces_owned[s.colour],
        b.majority,
    )


def random_turn_starts(game, rng, count):
    """Positions at turn starts reached by random micro-actions."""
    out = []
    while len(out) < count:
        s = game.new_initial_state()
        stop_at = int(rng.integers(0, 60))
        steps = 0
        while not s.is_terminal() and steps < stop_at:
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))])
            steps += 1
        while not s.is_terminal() and s.phase != START:
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))])
        if not s.is_terminal():
            out.append(s)
    return out


CASES = [
    ("triangle3", lambda: tilings.triangle(3), Rules()),
    ("triangle3-n2e3-nopartial", lambda: tilings.triangle(3), Rules(n=2, e=3, partial_claims=False)),
    ("triangle3-n2e2-nopie", lambda: tilings.triangle(3), Rules(n=2, e=2, pie_rule=False)),
    ("hex1", lambda: tilings.hexagon(1), Rules()),
    ("square3", lambda: tilings.square(3, 3), Rules()),
    ("4.8.8-5", lambda: tilings.archimedean("4.8.8", faces=5), Rules(e=3)),
]


@pytest.mark.parametrize("name,make,rules", CASES, ids=[c[0] for c in CASES])
def test_engine_turns_match_naive_rules(name, make, rules):
    game = FenGame(make(), rules)
    rng = np.random.default_rng(abs(hash(name)) % 2**32)
    for s in random_turn_starts(game, rng, 12):
        naive = naive_from_state(s)
        got = engine_turns(s)
        assert got == naive, (name, s, sorted(map(str, got ^ naive))[:5])


@pytest.mark.parametrize("name,make,rules", CASES, ids=[c[0] for c in CASES])
def test_whole_turn_api_agrees_with_naive(name, make, rules):
    game = FenGame(make(), rules)
    rng = np.random.default_rng(7)
    t = game.tessellation
    for s in random_turn_starts(game, rng, 8):
        naive = naive_from_state(s)
        b = s.b
        # random candidate turns, legal and illegal
        for _ in range(40):
            kind = ["nodes", "edges", "capture"][int(rng.integers(3))]
            size = int(rng.integers(1, 4))
            if kind == "nodes":
                items = [int(x) for x in rng.choice(b.V, size=min(size, b.V), replace=False)]
                label = ("nodes", frozenset(items))
            elif kind == "edges":
                js = [int(x) for x in rng.choice(b.E, size=min(size, b.E), replace=False)]
                items = [t.edges[j] for j in js]
                label = ("edges", frozenset(frozenset(p) for p in items))
            else:
                items = [int(x) for x in rng.choice(b.F, size=min(size, b.F), replace=False)]
                label = ("capture", frozenset(items))
            s2 = s.clone()
            if kind == "capture" and s.faces_owned[s.colour] + len(items) > b.majority:
                continue  # the game ends at the majority; naive lists only the sets reached
            if label in naive:
                s2.play_turn(kind, items)
                assert s2.is_terminal() or s2.turn_number == s.turn_number + 1
            else:
                with pytest.raises(IllegalMoveError):
                    s2.play_turn(kind, items)
                assert s2.history == s.history  # nothing changed


def test_standard_board_counts_and_first_actions():
    game = FenGame(tilings.triangle(7))
    s = game.new_initial_state()
    assert (game.n, game.e) == (1, 3)
    assert len(s.legal_actions()) == 36 + 84
    assert game.board.majority == 25


def test_random_games_end_properly_and_replay():
    game = FenGame(tilings.triangle(7))
    for seed in range(20):
        s = play_random_game(game, np.random.default_rng(seed))
        assert s.is_terminal()
        info = s.game_info()
        if info["end"] == "majority":
            assert max(s.faces_owned) == 25
            assert s.faces_owned[s.winner_colour] == 25
        r = s.returns()
        assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0])
        # replay from the history gives the same final position
        s2 = game.new_initial_state()
        for a in s.history:
            s2.apply(a)
        assert s2.owner == s.owner and s2.returns() == r


def test_claim_items_never_share_a_face_and_turns_alternate():
    game = FenGame(tilings.hexagon(2))
    rng = np.random.default_rng(3)
    s = game.new_initial_state()
    while not s.is_terminal():
        player, turn = s.current_player, s.turn_number
        acts = []
        while not s.is_terminal() and s.turn_number == turn:
            assert s.current_player == player
            legal = s.legal_actions()
            a = legal[int(rng.integers(len(legal)))]
            acts.append(a)
            s.apply(a)
        claims = [a for a in acts if a < s.b.FACE0]
        faces = [set(s.b.item_faces[a]) for a in claims]
        for i in range(len(faces)):
            for j in range(i):
                assert not faces[i] & faces[j]
        if claims and claims[0] < s.b.V:
            assert len(claims) <= game.n
        elif claims:
            assert len(claims) <= game.e


def test_pie_rule_swap_changes_seats_not_colours():
    game = FenGame(tilings.triangle(3))
    s = game.new_initial_state()
    assert s.b.SWAP not in s.legal_actions()
    s.play_turn("nodes", [4])
    assert s.current_player == 1 and s.b.SWAP in s.legal_actions()
    s.play_turn("swap")
    assert s.swapped and s.current_player == 0 and s.colour == 1
    assert s.owner[4] == 0  # seat 1 now owns colour 0's node
    with pytest.raises(IllegalMoveError, match="second player's first turn"):
        s.play_turn("swap")
    g2 = FenGame(tilings.triangle(3), Rules(pie_rule=False))
    s2 = g2.new_initial_state()
    s2.play_turn("nodes", [4])
    assert s2.b.SWAP not in s2.legal_actions()
    with pytest.raises(IllegalMoveError, match="pie rule is off"):
        s2.play_turn("swap")


def test_illegal_turn_messages_name_the_condition():
    game = FenGame(tilings.triangle(7))
    s = game.new_initial_state()
    with pytest.raises(IllegalMoveError, match="exactly 3 edge"):
        s.play_turn("edges", [0, 40])
    e_face = s.game.tessellation.face_edges[0]
    with pytest.raises(IllegalMoveError, match="both lie on face 0"):
        s.play_turn("edges", [e_face[0], e_face[1], 80])
    with pytest.raises(IllegalMoveError, match="needs 3"):
        s.play_turn("capture", [0])
    s.play_turn("nodes", [10])
    with pytest.raises(IllegalMoveError, match="already taken"):
        s.play_turn("nodes", [10])
    with pytest.raises(IllegalMoveError, match="does not exist"):
        s.play_turn("nodes", [99])
    with pytest.raises(IllegalMoveError, match="unknown turn kind"):
        s.play_turn("jump", [])


def test_majority_capture_ends_game_at_once():
    game = FenGame(tilings.triangle(1), Rules(pie_rule=False))
    s = game.new_initial_state()
    assert (game.n, game.e) == (1, 1)
    # colour 0 claims three components of the only triangle over its turns
    s.play_turn("nodes", [0])
    s.play_turn("nodes", [1])
    s.play_turn("edges", [(0, 2)])
    s.play_turn("edges", [(1, 2)])
    s.play_turn("edges", [(0, 1)])
    assert s.eligible_faces(0) == [0]
    s.play_turn("nodes", [2])  # colour 1
    s.play_turn("capture", [0])
    assert s.is_terminal() and s.end_reason == "majority" and s.returns() == [1.0, -1.0]


def test_blocked_game_ends_with_face_count_and_skips():
    # on one triangle no two nodes (or edges) share no face: with partial claims off nobody can act
    game = FenGame(tilings.triangle(1), Rules(pie_rule=False, n=2, e=2, partial_claims=False))
    s = game.new_initial_state()
    assert s.is_terminal() and s.end_reason == "blocked" and s.returns() == [0.0, 0.0] and s.skips == 2
    # with partial claims a claim of one item is legal instead
    s = FenGame(tilings.triangle(1), Rules(pie_rule=False, n=2, e=2)).new_initial_state()
    assert not s.is_terminal() and (s.tn, s.te) == (1, 1)
    with pytest.raises(IllegalMoveError, match="only 1 empty nodes"):
        s.play_turn("nodes", [0, 1])
