"""The exact FEN solver against the brute-force reference (tests/fen/brute_fen.py, the engine's
micro-actions and plain negamax): the same openings, nothing missing and nothing extra, with the
same values; its whole turns against the reference's on positions of random games; the one-walk
claim generator against the old kernel (benchmarks/legacy/fen_solver_kernels.py) and a plain
enumeration; a table too small for the search (entries replaced all the time) still exact; the same
result whatever the numbering of the board; a capped search says so; the CLI."""

import dataclasses
import itertools
import json
import warnings

import numpy as np
import pytest
from old_code import frozen

from negenlab.cli import main
from negenlab.core.errors import InvalidInputError
from negenlab.fen import FenGame, Rules, Tessellation
from negenlab.fen import _solver_kernels as K
from negenlab.fen.boards import parse_board
from negenlab.fen.solver import Solver, SolverLimitError, solve

from .brute_fen import brute_opening_values, brute_pie_value, brute_summary, whole_turns
from .test_brute_fen import YTRI

VALUE = {1: "win", 0: "draw", -1: "loss"}

# (board, Rules fields): every small board the reference finishes in a few seconds, in both
# readings of n and e, with partial claims on and off, and an even board (two triangles: draws)
CROSS_CHECK = [
    ("triangle:1", {}),
    ("square:1x1", {}),
    ("hexagon:0", {}),
    ("3.3.3.3.3.3:3", {}),
    ("3.3.3.3.3.3:3", {"ne_scope": "all"}),
    ("3.3.3.3.3.3:3", {"partial_claims": False}),
    ("3.3.3.3.3.3:3", {"n": 2, "e": 1, "partial_claims": False}),  # blocked ends decide: some win, some draw
    ("square:1x1", {"n": 2, "e": 2}),
    ("3.3.3.3.3.3:2", {}),
    ("3.3.4.3.4:3", {"partial_claims": False}),  # an odd board that draws: wins, draws and losses
]


def game_of(spec, **rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # even boards warn
        return FenGame(parse_board(spec), Rules(**rules))


def solved(game):
    s = solve(game)
    assert s.complete
    return {(k, tuple(items)): v for k, items, v in s.openings[["kind", "items", "value"]].itertuples(index=False)}, s


@pytest.mark.parametrize(("spec", "rules"), CROSS_CHECK)
def test_solver_agrees_with_brute_force_both_ways(spec, rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = brute_opening_values(spec, **rules)
    values, solution = solved(game_of(spec, **rules))
    assert set(values) - set(reference) == set(), "openings the reference does not have"
    assert set(reference) - set(values) == set(), "openings the solver misses"
    assert values == {k: VALUE[v] for k, v in reference.items()}
    summary = brute_summary(reference)
    assert (solution.winner, solution.winner_with_pie) == (summary["winner"], summary["winner_with_pie"])


@pytest.mark.parametrize(
    ("board", "rules"),
    [(YTRI, {"partial_claims": False}), ("3.3.4.3.4:3", {"partial_claims": False}), ("3.3.3.3.3.3:3", {})],
    ids=["ytri-forced-swap", "3.3.4.3.4:3-draws", "strip"],
)
def test_winner_with_pie_matches_a_search_through_the_engines_swap(board, rules):
    """The pie rule's winner, derived from the openings' values, against the reference's search with
    the pie rule on (the engine's SWAP; on the cut triangle the swap is the second player's only move)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = Tessellation.from_json(board) if isinstance(board, dict) else parse_board(board)
        pie = brute_pie_value(t, **rules)
        solution = solve(FenGame(t, Rules(**rules)))
    assert solution.winner_with_pie == {1: "first player", 0: "draw", -1: "second player"}[pie]


def test_cross_check_boards_include_each_outcome():
    """The reference boards are not all alike: some openings win, some lose, and the even board
    has drawn ones (a test of values that are all 'win' would not see a sign error)."""
    seen = set()
    for spec, rules in CROSS_CHECK:
        values, _ = solved(game_of(spec, **rules))
        seen |= set(values.values())
    assert seen == {"win", "draw", "loss"}


def random_positions(game, count, seed):
    """Positions at the start of a turn, from random games of the engine."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.phase == 0 and s.turn_number != 1:  # turn 1 may swap, which the solver leaves to its caller
                out.append(s.clone())
            legal = [a for a in s.legal_actions() if a != game.board.SWAP]
            s.apply(legal[rng.integers(len(legal))])
    return out[:count]


@pytest.mark.parametrize(
    ("spec", "rules"),
    [("square:3x1", {}), ("triangle:3", {}), ("3.3.3.3.3.3:5", {"partial_claims": False}), ("square:3x3", {})],
)
def test_whole_turns_agree_with_the_engine_both_ways(spec, rules):
    game = game_of(spec, pie_rule=False, **rules)
    solver = Solver(game, tt_bits=10)
    for state in random_positions(game, 40, seed=7):
        mine = set(solver.turns(state))
        reference = {(kind, items) for kind, items, _ in whole_turns(state)}
        assert mine - reference == set(), "turns the engine does not allow"
        assert reference - mine == set(), "turns the solver misses"


def relabelled(t: Tessellation, seed: int) -> tuple[Tessellation, np.ndarray]:
    """The same board with its nodes and faces numbered in a random order, and the node map."""
    rng = np.random.default_rng(seed)
    perm = rng.permutation(t.num_nodes)  # old node i is new node perm[i]
    coords = np.empty_like(t.coords)
    coords[perm] = t.coords
    faces = [tuple(int(perm[v]) for v in f) for f in t.face_nodes]
    faces = [faces[i] for i in rng.permutation(len(faces))]
    return Tessellation(coords, faces, name=t.name + " relabelled"), perm


@pytest.mark.parametrize("spec", ["3.3.3.3.3.3:3", "3.3.3.3.3.3:5"])
def test_values_do_not_depend_on_the_numbering(spec):
    t = parse_board(spec)
    u, perm = relabelled(t, seed=3)
    before, s1 = solved(FenGame(t))
    after, s2 = solved(FenGame(u))

    def moved(kind, items):
        if kind == "nodes":
            return kind, tuple(sorted(int(perm[v]) for v in items))
        ends = [tuple(sorted((int(perm[a]), int(perm[b])))) for a, b in (t.edges[j] for j in items)]
        return kind, tuple(sorted(u.edge_index[e] for e in ends))

    assert {moved(*k): v for k, v in before.items()} == after
    assert (s1.winner, s1.winner_with_pie) == (s2.winner, s2.winner_with_pie)


def test_a_capped_search_says_so():
    s = solve("square:4x1", max_nodes=1000)  # four faces: a game may draw
    assert not s.complete
    assert s.winner_with_pie is None and s.with_pie_by == ""
    assert "unknown" in set(s.openings["value"])
    assert "stopped at the cap" in s._repr_html_()
    odd = solve("square:3x1", max_nodes=1000)  # three faces, partial claims: no game draws
    assert not odd.complete and odd.winner is None
    assert (odd.winner_with_pie, odd.with_pie_by) == ("second player", "no opening can draw")
    assert "(no opening can draw)" in odd._repr_html_()


NO_DRAW_CASES = [
    (board, partial, scope)
    for board in ("triangle:1", "square:2x1", "3.3.3.3.3.3:3", "3.3.3.3.3.3:4", "square:3x1", "triangle:2")
    for partial in (True, False)
    for scope in ("interior", "all")
]
"""Boards of 1 to 4 faces, partial claims on and off: square:3x1 without partial claims draws every
opening, so an odd number of faces alone does not rule draws out."""


@pytest.mark.parametrize("board, partial, scope", NO_DRAW_CASES)
def test_the_pie_rule_without_draws_agrees_with_every_opening_searched(board, partial, scope):
    """Where no game can draw the second player wins with the pie rule without an opening searched
    (Solution.no_draws); both ways against the search of every opening: where it says so, no opening
    draws and the search says the second player; where it does not, it says nothing."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # readings that disagree warn
        s = solve(board, Rules(ne_scope=scope, partial_claims=partial))
    assert s.complete
    unknown = s.openings.assign(value="unknown", with_pie="unknown")
    argued = dataclasses.replace(s, complete=False, first_value=None, openings=unknown)
    if s.no_draws:
        assert (s.openings["value"] != "draw").all()
        assert argued.winner_with_pie == s.winner_with_pie == "second player"
        assert argued.with_pie_by == "no opening can draw" and s.with_pie_by == "every opening searched"
    else:
        assert argued.winner_with_pie is None


def test_the_no_draw_cases_hold_draws_where_the_rule_does_not_apply():
    """The cases above are not all alike: odd boards with partial claims (no draw), even boards and
    partial claims off (draws met)."""
    kinds = set()
    for board, partial, scope in NO_DRAW_CASES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            s = solve(board, Rules(ne_scope=scope, partial_claims=partial))
        kinds.add((s.no_draws, bool((s.openings["value"] == "draw").any())))
    assert kinds == {(True, False), (False, True), (False, False)}


def test_position_values_match_one_ply_of_the_reference_midgame():
    """Values of positions deep in random games, not only of openings: the solver's value of each
    position is the best, over the reference's whole turns there, of what each turn leads to."""
    game = game_of("3.3.3.3.3.3:5", pie_rule=False)
    solver = Solver(game, tt_bits=16)

    def after(colour, child):
        if child.is_terminal():
            return int(child.returns()[child.seat_of_colour(colour)])
        v = solver.value(child)
        return v if child.colour == colour else -v

    for state in random_positions(game, 30, seed=11):
        assert solver.value(state) == max(after(state.colour, child) for _, _, child in whole_turns(state))


def test_boards_beyond_the_solver_are_refused_with_the_reason():
    with pytest.raises(SolverLimitError, match="at most 64 nodes and edges"):
        solve("triangle:7")


def test_cli_solve_json(capsys):
    assert main(["fen", "solve", "3.3.3.3.3.3:3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] == "first player" and out["winner_with_pie"] == "second player"
    assert len(out["openings"]) == 12 and {o["value"] for o in out["openings"]} == {"win", "loss"}
    assert out["command"] == "negenlab fen solve 3.3.3.3.3.3:3"
    assert main(["fen", "solve", "3.3.3.3.3.3:3", "--scope", "all", "--no-partial-claims", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"]["ne_scope"] == "all" and out["rules"]["partial_claims"] is False


def _legacy():
    return frozen("fen_solver_kernels.py")


@pytest.mark.parametrize(
    ("spec", "rules"),
    [
        ("triangle:3", {}),
        ("triangle:3", {"ne_scope": "all"}),
        ("square:3x3", {}),
        ("square:3x3", {"ne_scope": "all", "partial_claims": False}),
        ("3.3.3.3.3.3:7", {}),
        ("square:5x1", {"ne_scope": "all"}),
        ("hexagon:1", {"n": 3, "e": 3}),
        ("triangle:3", {"n": 3, "e": 4, "partial_claims": False}),
    ],
)
def test_one_walk_turns_agree_with_the_old_generator_both_ways(spec, rules):
    """Whole turns of the new generator and the frozen old one, as sets, on positions of random
    games (partial claims on and off, claim sizes that run out)."""
    game = game_of(spec, pie_rule=False, **rules)
    solver = Solver(game, tt_bits=10)
    old = _legacy()
    u = np.uint64
    args = (solver.params, solver.face_items, solver.need, solver.conflict, solver.masks)
    for state in random_positions(game, 60, seed=13):
        me, op, fme, fop = solver.masks_of(state)
        mine = set(solver.turn_masks(me, op, fme, fop))
        k = old.turns(u(me), u(op), u(fme), u(fop), *args, solver.moves, solver.faces, solver.scratch)
        theirs = {(int(solver.moves[i]), int(solver.faces[i])) for i in range(k)}
        assert mine - theirs == set(), "turns the old generator does not list"
        assert theirs - mine == set(), "turns the new generator misses"
        assert len(mine) == len(solver.turn_masks(me, op, fme, fop)), "a turn listed twice"


def _plain_claims(mask, want, partial, conflict):
    """Every claim by plain enumeration: the face-disjoint subsets of ``mask`` of size ``want``, or
    with ``partial`` of the largest size there is."""
    items = [x for x in range(64) if mask >> x & 1]
    for r in range(want, 0, -1):
        sets = {
            sum(1 << x for x in c)
            for c in itertools.combinations(items, r)
            if all(not conflict[a] >> b & 1 for a, b in itertools.combinations(c, 2))
        }
        if sets or not partial:
            return sets
    return set()


def test_claim_sets_agree_with_a_plain_enumeration_both_ways():
    """Random conflict graphs over 12 items, random empty masks and claim sizes 1..4."""
    rng = np.random.default_rng(21)
    buf = np.zeros(5000, np.uint64)
    scratch = np.zeros((2, 65), np.uint64)
    for _ in range(300):
        n = 12
        conflict = [0] * n
        for a, b in itertools.combinations(range(n), 2):
            if rng.random() < rng.choice([0.15, 0.4, 0.8]):
                conflict[a] |= 1 << b
                conflict[b] |= 1 << a
        mask = int(rng.integers(0, 1 << n))
        want = int(rng.integers(1, 5))
        partial = bool(rng.integers(2))
        arr = np.array(conflict, np.uint64)
        end = K.claim_sets(np.uint64(mask), want, partial, arr, buf, 0, len(buf), scratch[0], scratch[1])
        got = [int(x) for x in buf[:end]]
        plain = _plain_claims(mask, want, partial, conflict)
        assert len(got) == len(set(got)), "a claim listed twice"
        assert set(got) - plain == set(), "claims that are not claims"
        assert plain - set(got) == set(), "claims missed"


@pytest.mark.parametrize(("spec", "rules"), [CROSS_CHECK[3], CROSS_CHECK[4], CROSS_CHECK[9]])
def test_a_table_far_too_small_still_gives_the_reference_values(spec, rules):
    """2**10 entries: a full bucket gives up its cheapest entry at nearly every store, and the
    values stay those of the reference (a replaced entry must not leave a stale bound)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = brute_opening_values(spec, **rules)
    s = solve(game_of(spec, **rules), tt_bits=10)
    assert s.complete
    values = {(k, tuple(items)): v for k, items, v in s.openings[["kind", "items", "value"]].itertuples(index=False)}
    assert values == {k: VALUE[v] for k, v in reference.items()}


NO_DRAWS = [(s, r) for s, r in CROSS_CHECK if r.get("partial_claims", True) and s != "3.3.3.3.3.3:2"]  # odd boards


@pytest.mark.parametrize(("spec", "rules"), NO_DRAWS)
@pytest.mark.parametrize("tt_bits", [10, 18])
def test_proof_number_search_agrees_with_brute_force_both_ways(spec, rules, tt_bits):
    """df-pn on every reference board where no game draws, with a table of the right size and one far
    too small: the same openings and values as the reference."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = brute_opening_values(spec, **rules)
    s = solve(game_of(spec, **rules), tt_bits=tt_bits, method="dfpn")
    assert s.complete and s.extra["method"] == "dfpn"
    values = {(k, tuple(items)): v for k, items, v in s.openings[["kind", "items", "value"]].itertuples(index=False)}
    assert set(values) - set(reference) == set(), "openings the reference does not have"
    assert set(reference) - set(values) == set(), "openings the solver misses"
    assert values == {k: VALUE[v] for k, v in reference.items()}
    assert (s.winner, s.winner_with_pie) == tuple(brute_summary(reference).values())


def test_proof_number_search_agrees_with_alpha_beta_midgame():
    """Positions of random games on two boards the reference cannot finish: df-pn and alpha-beta
    give each the same value."""
    for spec, rules in [("3.3.3.3.3.3:5", {}), ("square:3x1", {"ne_scope": "all"})]:
        game = game_of(spec, pie_rule=False, **rules)
        ab, pn = Solver(game, tt_bits=16), Solver(game, tt_bits=16, method="dfpn")
        for state in random_positions(game, 40, seed=17):
            assert pn.value(state) == ab.value(state)


def test_proof_number_search_refuses_boards_that_can_draw():
    with pytest.raises(InvalidInputError, match="without draws"):
        Solver(game_of("3.3.3.3.3.3:3", partial_claims=False), method="dfpn")
    with pytest.raises(InvalidInputError, match="method must be one of"):
        Solver(game_of("3.3.3.3.3.3:3"), method="pns")
