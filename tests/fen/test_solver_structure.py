"""The FEN solver's use of the game's structure (``structure`` bits of negenlab.fen._solver_kernels:
the threat rule, secured faces, merged and counted keys, spare items), each bit alone and all
together, held to the brute-force reference (tests/fen/brute_fen.py) both ways on every board and
reading it finishes, to the plain search (structure 0, itself held to the reference) on positions
of random games on the boards the reference cannot finish (the 5- to 9-face boards, both
readings), to one ply of the reference's whole turns there, and to a renumbered board; and the
study's proved-search store that lets a stopped solve resume."""

import functools
import warnings

import numpy as np
import pytest

from negenlab.core.errors import StoreCorruptError
from negenlab.fen import FenGame, Rules
from negenlab.fen import _solver_kernels as K
from negenlab.fen import study as S
from negenlab.fen.boards import parse_board
from negenlab.fen.solver import Solver, solve

from .brute_fen import brute_opening_values, whole_turns
from .test_solver import random_positions, relabelled

VALUE = {1: "win", 0: "draw", -1: "loss"}
BITS = [K.THREATS, K.SECURED, K.MERGED_KEYS, K.COUNTED_KEYS, K.SPARE]
SETTINGS = [*BITS, K.STRUCTURE_ALL]

# boards and readings the reference finishes in seconds: both readings where they differ (the strip
# of 3), partial claims off (blocked ends, draws), claims of several items, an odd board that draws
# (tests/fen/test_solver.py holds the default search to the reference on the others)
REFERENCE_BOARDS = [
    ("triangle:1", {}),
    ("square:1x1", {"n": 2, "e": 2}),
    ("3.3.3.3.3.3:3", {}),
    ("3.3.3.3.3.3:3", {"ne_scope": "all"}),
    ("3.3.3.3.3.3:3", {"ne_scope": "all", "partial_claims": False}),
    ("3.3.4.3.4:3", {"partial_claims": False}),
]


def game_of(spec, **rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # small boards warn
        return FenGame(parse_board(spec), Rules(pie_rule=False, **rules))


@functools.cache
def reference(spec, rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return brute_opening_values(spec, **dict(rules))


def opening_values(solution):
    rows = solution.openings[["kind", "items", "value"]].itertuples(index=False)
    return {(k, tuple(items)): v for k, items, v in rows}


@pytest.mark.parametrize(("spec", "rules"), REFERENCE_BOARDS)
def test_each_structure_agrees_with_brute_force_both_ways(spec, rules):
    expected = {k: VALUE[v] for k, v in reference(spec, tuple(sorted(rules.items()))).items()}
    for structure in SETTINGS:
        s = solve(game_of(spec, **rules), structure=structure, tt_bits=12)
        got = opening_values(s)
        assert s.complete
        assert set(got) - set(expected) == set(), f"structure {structure}: openings the reference does not have"
        assert set(expected) - set(got) == set(), f"structure {structure}: openings missed"
        assert got == expected, f"structure {structure}"


# the boards the reference cannot finish, both readings: positions of random games with at most
# ``empty`` nodes and edges left (so that each search takes milliseconds)
LARGER = [
    ("square:3x1", "interior", 12),
    ("square:3x1", "all", 12),
    ("3.3.3.3.3.3:5", "interior", 12),
    ("3.3.3.3.3.3:5", "all", 12),
    ("3.3.3.3.3.3:7", "interior", 12),
    ("3.3.3.3.3.3:7", "all", 11),
    ("square:5x1", "interior", 11),
    ("square:5x1", "all", 11),
    ("triangle:3", "interior", 12),
    ("triangle:3", "all", 12),
    ("square:3x3", "interior", 11),
    ("square:3x3", "all", 10),
]


def late_positions(game, count, seed, empty):
    """Positions of random games with at most ``empty`` nodes and edges left."""
    b = game.board
    out = []
    for s in random_positions(game, count * 20, seed):
        if sum(1 for x in range(b.V + b.E) if s.owner[x] < 0) <= empty:
            out.append(s)
    return out[:count]


@pytest.mark.parametrize(("spec", "scope", "empty"), LARGER)
def test_structure_agrees_with_the_plain_search_on_larger_boards(spec, scope, empty):
    game = game_of(spec, ne_scope=scope)
    settings = SETTINGS if game.board.F <= 5 else [K.STRUCTURE_ALL]
    plain = Solver(game, tt_bits=16, structure=0)
    each = [Solver(game, tt_bits=16, structure=s) for s in settings]
    positions = late_positions(game, 8, seed=5, empty=empty)
    assert len(positions) >= 4
    for state in positions:
        want = plain.value(state)
        assert [solver.value(state) for solver in each] == [want] * len(each)


@pytest.mark.parametrize(("spec", "scope", "empty"), [LARGER[5], LARGER[8], LARGER[11]])
def test_values_match_one_ply_of_the_reference(spec, scope, empty):
    """A position's value is the best, over the reference's whole turns (every one, none pruned),
    of the value of what the turn leads to."""
    game = game_of(spec, ne_scope=scope)
    solver = Solver(game, tt_bits=16)

    def after(colour, child):
        if child.is_terminal():
            return int(child.returns()[child.seat_of_colour(colour)])
        v = solver.value(child)
        return v if child.colour == colour else -v

    for state in late_positions(game, 4, seed=9, empty=empty):
        assert solver.value(state) == max(after(state.colour, child) for _, _, child in whole_turns(state))


@pytest.mark.parametrize(("spec", "scope"), [("square:3x1", "interior"), ("3.3.3.3.3.3:5", "all")])
def test_values_do_not_depend_on_the_numbering(spec, scope):
    """The same board with nodes and faces numbered in a random order (so the turns come in another
    order and the symmetries act on other numbers): each opening keeps its value."""
    t = parse_board(spec)
    for seed in (3, 4):
        u, perm = relabelled(t, seed=seed)
        before = opening_values(solve(FenGame(t, Rules(ne_scope=scope)), tt_bits=16))
        after = opening_values(solve(FenGame(u, Rules(ne_scope=scope)), tt_bits=16))

        def moved(kind, items, perm=perm, u=u):
            if kind == "nodes":
                return kind, tuple(sorted(int(perm[v]) for v in items))
            ends = [tuple(sorted((int(perm[a]), int(perm[b])))) for a, b in (t.edges[j] for j in items)]
            return kind, tuple(sorted(u.edge_index[e] for e in ends))

        assert {moved(*k): v for k, v in before.items()} == after


def test_counted_key_is_the_same_for_positions_equal_in_counts():
    """Two positions with the same empty items and the same counts on every face, but different
    owners of the filled items, share the key; a different count does not."""
    game = game_of("3.3.3.3.3.3:5", ne_scope="all")
    solver = Solver(game, tt_bits=10)
    b = game.board
    # two edges on the boundary of one face only: which player holds which changes no count
    on = [[f for f in range(b.F) if int(solver.face_items[f]) >> x & 1] for x in range(b.V + b.E)]
    alone = [[x for x in range(b.V, b.V + b.E) if on[x] == [f]] for f in range(b.F)]
    pair = next(edges for edges in alone if len(edges) >= 2)
    x, y = (np.uint64(1 << i) for i in pair[:2])
    z = np.uint64(0)
    assert K.counted_key(x, y, z, z, solver.board) == K.counted_key(y, x, z, z, solver.board)
    assert K.counted_key(x | y, z, z, z, solver.board) != K.counted_key(x, y, z, z, solver.board)


def test_a_stopped_solve_resumes_from_its_proved_searches(tmp_path):
    """solve_board with a store: a run stopped by its cap keeps what it proved; the next run searches
    only the rest, and ends with the values of one uninterrupted solve."""
    full = S.solve_board("square:3x1", "interior", 10**9, tt_bits=16)
    first = S.solve_board("square:3x1", "interior", 40_000, store=str(tmp_path), tt_bits=16)
    rows = S.read_proved(S.proved_path(tmp_path, "square:3x1", "interior"))
    assert not first["complete"] and 0 < len(rows) < 19
    second = S.solve_board("square:3x1", "interior", 10**9, store=str(tmp_path), tt_bits=16)
    again = S.read_proved(S.proved_path(tmp_path, "square:3x1", "interior"))
    assert second["complete"] and len(again) == 19 and again[: len(rows)] == rows
    for key in ("winner", "winner_with_pie", "win_openings", "loss_openings", "winning_openings"):
        assert second[key] == full[key]
    assert second["nodes"] == sum(r["nodes"] for r in again)  # the searches that proved, over both runs


def test_a_damaged_proved_search_file_is_refused(tmp_path):
    path = S.proved_path(tmp_path, "square:3x1", "interior")
    path.parent.mkdir(parents=True)
    path.write_text("kind,items,value,nodes,seconds,solver\nnodes,0,won,5,0.1,x\n")
    with pytest.raises(StoreCorruptError, match="value 'won'"):
        S.solve_board("square:3x1", "interior", 1000, store=str(tmp_path), tt_bits=12)
    path.write_text("kind,items\nnodes,0\n")
    with pytest.raises(StoreCorruptError, match="columns"):
        S.read_proved(path)


@pytest.mark.parametrize(
    ("spec", "scope"), [("triangle:3", "interior"), ("square:3x3", "interior"), ("3.3.3.3.3.3:7", "all")]
)
def test_the_turns_searched_are_the_whole_turns_less_those_the_rules_prove_needless(spec, scope):
    """On positions of random games: every turn the search tries is a whole turn (nothing extra), and
    every whole turn it leaves out is one the structure's rules name: a claim while the other player
    threatens a majority, a capture of too few of their faces then, a capture with a secured face
    beside others (or of secured faces other than the first alone), or a one-item claim of a spare
    item other than the first of its kind."""
    game = game_of(spec, ne_scope=scope)
    solver = Solver(game, tt_bits=10)
    params, face_items, need = solver.params, solver.face_items, solver.need
    u = np.uint64
    left_out = 0
    for state in random_positions(game, 400, seed=3)[::2]:
        me, op, fme, fop = (u(m) for m in solver.masks_of(state))
        taken = fme | fop
        el = u(K.eligible(me, taken, face_items, need))
        if K.popcount64(fme) + K.popcount64(el) >= game.board.majority:
            continue  # a win at once: the search does not list turns
        elo, threat, sec = K._pressure(me, op, fme, fop, el, params, face_items, need)
        elo, threat, sec = u(elo), int(threat), u(sec)
        spare = u(K._spare(me, op, taken, params, face_items, need))
        end = K._search_turns(
            me, op, el, elo, threat, sec, spare, params, solver.conflict, solver.masks, solver.moves, solver.faces,
            0, solver.scratch,
        )  # fmt: skip
        tried = {(int(solver.moves[i]), int(solver.faces[i])) for i in range(end)}
        whole = set(solver.turn_masks(int(me), int(op), int(fme), int(fop)))
        assert tried - whole == set(), "turns that are not whole turns"
        for items, faces in whole - tried:
            left_out += 1
            if threat > 0:
                beside = faces & int(sec) and faces & ~int(sec)
                assert items or K.popcount64(u(faces) & elo) < threat or beside, (items, faces)
            elif faces:
                assert faces & int(sec) and (faces & ~int(sec) or faces != int(sec) & -int(sec)), faces
            else:
                kind = 0 if items & int(solver.masks[0]) else 1
                assert (game.n, game.e)[kind] == 1 and items & int(spare), items
                first = int(spare) & int(solver.masks[kind])
                assert items != first & -first, items
    assert left_out > 0
