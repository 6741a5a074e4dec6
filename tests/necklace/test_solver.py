"""The proof searches against a memoised naive minimax, and the shipped table against a fresh solve."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.necklace._kernels import scratch
from negenlab.necklace._solver_kernels import can_still_connect
from negenlab.necklace.solver import (
    REPLACEMENTS,
    PartialResult,
    ProofSearch,
    opening_values,
    solution_from_values,
    solutions_table,
    solve,
)
from negenlab.necklace.study import load_proofs, load_tables

from . import brute
from .test_state import positions_from_play

NAME = {1: "red", -1: "blue", 0: "draw"}


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("method", ["dfpn", "alphabeta"])
def test_openings_match_naive_minimax(n, method):
    memo: dict = {}
    search = ProofSearch(n, tt_bits=16, method=method)
    values = opening_values(n, search)
    for (r, c), v in values.items():
        b = np.zeros((n, n), dtype=np.int8)
        b[r, c] = 1
        assert v == NAME[brute.minimax(b, 2, memo)], (r, c)


@pytest.fixture(scope="module")
def small_positions():
    """Positions of random 3x3 and 4x4 games with few empty points, each with its minimax value."""
    rng = np.random.default_rng(11)
    memo: dict = {}
    cases = []
    for n, max_empty, games in ((3, 9, 20), (4, 7, 40)):
        for b in positions_from_play(n, rng, games=games):
            if int((b == 0).sum()) > max_empty or brute.connects(b, 1) or brute.connects(b, 2):
                continue
            for colour in (1, 2):
                cases.append((b, colour, NAME[brute.minimax(b, colour, memo)]))
    return cases


@pytest.mark.parametrize("method", ["dfpn", "alphabeta"])
def test_random_positions_match_naive_minimax(method, small_positions):
    searches = {n: ProofSearch(n, tt_bits=16, method=method) for n in (3, 4)}
    for b, colour, expected in small_positions:
        assert searches[b.shape[0]].value(b.reshape(-1), colour) == expected, (b, colour)
    assert len(small_positions) > 100
    assert {v for _, _, v in small_positions} >= {"red", "blue"}


@pytest.mark.parametrize("replacement", sorted(REPLACEMENTS))
def test_a_table_far_smaller_than_the_proof_gives_the_minimax_values(replacement, small_positions):
    """2**10 entries (the smallest table allowed), either replacement policy, against naive minimax:
    every 3x3 opening and the random 3x3 and 4x4 positions."""
    memo: dict = {}
    search = ProofSearch(3, tt_bits=10, replacement=replacement, node_cap=5_000_000)
    values = opening_values(3, search)
    assert not search.capped
    for (r, c), v in values.items():
        b = np.zeros((3, 3), dtype=np.int8)
        b[r, c] = 1
        assert v == NAME[brute.minimax(b, 2, memo)], (r, c)
    searches = {n: ProofSearch(n, tt_bits=10, replacement=replacement, node_cap=5_000_000) for n in (3, 4)}
    for b, colour, expected in small_positions:
        assert searches[b.shape[0]].value(b.reshape(-1), colour) == expected, (b, colour)


@pytest.mark.parametrize("replacement", sorted(REPLACEMENTS))
def test_4x4_solved_in_a_table_far_smaller_than_its_proof(replacement):
    """Every 4x4 opening in 2**12 entries, where the proofs visit over twenty times as many
    nodes: the search finishes with the certified values (``certificate_4x4`` is checked by the
    independent checker). It used to livelock there: a node searched again, from scratch, the child
    whose entry the table had just given up (``seen`` in ``_solver_kernels.dfpn`` keeps it)."""
    _, openings = load_tables()
    shipped = {
        (r, c): v for r, c, v in openings[openings["size"] == 4][["row", "col", "value"]].itertuples(index=False)
    }
    search = ProofSearch(4, tt_bits=12, replacement=replacement, node_cap=20_000_000)
    assert opening_values(4, search) == shipped
    assert not search.capped and search.nodes > 20 * 2**12


def test_an_unknown_replacement_policy_is_refused():
    with pytest.raises(ValueError, match="replacement must be one of two-way, work"):
        ProofSearch(3, tt_bits=10, replacement="lru")


def test_shipped_table_reproduces_for_3_and_4():
    shipped, openings = load_tables()
    assert {3, 4, 5} <= set(shipped["size"])
    for n in (3, 4):
        s = solve(n, swap=False, tt_bits=20)
        fresh = solutions_table([s, solution_from_values(n, True, s.opening_values)])
        cols = [
            "size",
            "swap",
            "winner",
            "winner_seat",
            "winning_first_moves",
            "swap_openings",
            "red_winning_openings",
            "draw_openings",
        ]
        old = shipped[shipped["size"] == n][cols].astype(str).reset_index(drop=True)
        assert fresh[cols].astype(str).reset_index(drop=True).equals(old), (fresh[cols], old)
        ship_open = openings[openings["size"] == n]
        assert {(r, c): v for r, c, v in ship_open[["row", "col", "value"]].itertuples(index=False)} == s.opening_values


def test_node_cap_is_reported():
    search = ProofSearch(4, tt_bits=16, node_cap=50)
    b = np.zeros(16, dtype=np.int8)
    b[5] = 1
    with pytest.raises(RuntimeError, match="node cap"):
        search.wins(b, 2, 1)


def test_capped_solve_is_marked_incomplete():
    s = solve(4, swap=False, tt_bits=16, max_nodes=200)
    assert s.info["capped"] and not s.info["complete"]
    row = s.to_row()
    assert row["complete"] is False and row["solved_openings"] < 16
    assert s.winner in ("red", "unknown (incomplete)")


def test_partial_result_keeps_what_was_proved():
    """A capped second proof still reports the first one: Red does not win, so "blue or draw".
    The cap is set from the uncapped proofs' node counts (each proof counts its own nodes), on the
    first 4x4 opening whose second proof takes more nodes than its first. The cut-off rule is off: with it
    every second proof is the cheaper one."""
    for p in range(16):
        b = np.zeros(16, dtype=np.int8)
        b[p] = 1
        search = ProofSearch(4, tt_bits=20, cut_off=False)
        if search.wins(b, 2, 1):
            continue  # Red wins: no second proof
        first = search.nodes
        assert search.wins(b, 2, 2)  # on 4x4 every opening that Red does not win, Blue wins
        second = search.nodes - first
        if second > first + 1:
            break
    else:
        pytest.fail("no 4x4 opening needs more nodes for its second proof than its first")
    assert ProofSearch(4, tt_bits=20, cut_off=False).value(b, 2, first=1) == "blue"
    with pytest.raises(PartialResult) as err:
        ProofSearch(4, tt_bits=20, node_cap=(first + second) // 2, cut_off=False).value(b, 2, first=1)
    assert err.value.known == "blue or draw"
    with pytest.raises(RuntimeError) as capped:
        ProofSearch(4, tt_bits=20, node_cap=first // 2, cut_off=False).value(b, 2, first=1)
    assert not isinstance(capped.value, PartialResult)


def test_opening_proved_not_red_completes_the_winning_moves_only():
    s = solve(3, swap=False, tt_bits=16)
    values = dict(s.opening_values)
    lost = [m for m, v in values.items() if v == "blue"]
    info = {"partial": {m: "blue or draw" for m in lost}}
    for m in lost:
        del values[m]
    plain = solution_from_values(3, False, values, info=info).to_row()
    assert plain["winner"] == "red" and plain["winning_first_moves"] == s.to_row()["winning_first_moves"]
    assert plain["complete"] is False and plain["winning_first_moves_complete"] is True
    assert plain["unresolved"].count("blue_or_draw") == len(lost) and "unknown" not in plain["unresolved"]
    pie = solution_from_values(3, True, values, info=info).to_row()
    assert pie["winner"] == "second player or draw (unresolved)" and pie["winner_seat"] == -1
    info_red_unknown = {"partial": {lost[0]: "red or draw"}}
    assert not solution_from_values(3, False, values, info=info_red_unknown).info["winning_moves_complete"]


def test_shipped_5x5_rows_follow_from_the_recorded_proofs():
    """The 5x5 rows are derived from data/necklace/proofs_5x5.jsonl, one df-pn proof per line."""
    from negenlab.necklace.solver import values_from_proofs

    values, partial = values_from_proofs(5, load_proofs(5))
    shipped, openings = load_tables()
    for swap in (False, True):
        fresh = solution_from_values(5, swap, values, info={"partial": partial}).to_row()
        row = shipped[(shipped["size"] == 5) & (shipped["swap"].astype(str) == str(swap))].iloc[0]
        for col in (
            "winner",
            "winning_first_moves",
            "red_winning_openings",
            "complete",
            "winning_first_moves_complete",
            "unresolved",
        ):
            assert str(fresh[col]) == str(row[col]), (swap, col, fresh[col], row[col])
    ship = {(r, c): v for r, c, v in openings[openings["size"] == 5][["row", "col", "value"]].itertuples(index=False)}
    assert ship == {**partial, **values}


def _canonical(board: np.ndarray, n: int) -> bytes:
    """The smallest byte string of the board's images under the four colour-preserving symmetries."""
    b = board.reshape(n, n)
    return min(x.tobytes() for x in (b, b[:, ::-1], b[::-1, :], b[::-1, ::-1]))


def test_exact_keys_are_full_keys_both_ways():
    """Every valid 3x3 board (each colour to move, each target): two positions share a table key
    exactly when they are images of each other under the four symmetries."""
    from itertools import product

    from negenlab.necklace.solver import _root_key

    n = 3
    search = ProofSearch(n, tt_bits=10)
    assert search.keys == "exact"
    seen: dict[int, bytes] = {}
    classes: dict[bytes, int] = {}
    for cells in product((0, 1, 2), repeat=n * n):
        board = np.array(cells, dtype=np.int8)
        if not brute.is_valid(board.reshape(n, n)):
            continue
        for colour, target in product((1, 2), repeat=2):
            key = int(_root_key(search._hashes(board), colour, target))
            canon = _canonical(board, n) + bytes([colour, target])
            assert seen.setdefault(key, canon) == canon  # no two classes share a key
            assert classes.setdefault(canon, key) == key  # a class has one key
    assert len(seen) == len(classes) > 1000


def test_zobrist_keys_stay_available_and_exact_keys_stop_at_5x5():
    from negenlab.core.errors import InvalidInputError

    assert ProofSearch(6, tt_bits=10).keys == "zobrist"
    assert ProofSearch(3, tt_bits=10, keys="zobrist").value(np.zeros(9, dtype=np.int8), 1) == "red"
    with pytest.raises(InvalidInputError, match="exact"):
        ProofSearch(6, tt_bits=10, keys="exact")


def test_solver_tables_shown_to_people_count_points_from_one():
    """The notebook shows the solver tables as the board labels points (from 1); the stored tables
    stay 0-based. Every point shown lies on its board, and 5x5's winning openings are the ones the
    notebook's text names (the centre, and rows 2 and 4 at columns 2 to 4)."""
    from negenlab.necklace.study import counted_from_one

    solutions, openings = load_tables()
    shown = counted_from_one(solutions)
    for _, row in shown.iterrows():
        for column in ("winning_first_moves", "swap_openings", "red_winning_openings", "draw_openings", "unresolved"):
            for point in str(row[column]).split():
                r, c = map(int, point.split(","))
                assert 1 <= r <= row["size"] and 1 <= c <= row["size"], (column, point)
    five = shown[(shown["size"] == 5) & ~shown["swap"]].iloc[0]
    assert five["winning_first_moves"] == "2,2 2,3 2,4 3,3 4,2 4,3 4,4"
    assert (counted_from_one(openings)[["row", "col"]] == openings[["row", "col"]] + 1).all().all()
    assert list(shown["nodes"]) == list(solutions["nodes"])  # numbers that are not points are left alone


def _cut_off(b: np.ndarray, colour: int) -> bool:
    """The search's own test: ``colour`` can no longer connect (``can_still_connect`` is False)."""
    n = b.shape[0]
    stack = scratch(n)[-1]
    return not can_still_connect(b.reshape(-1).copy(), n, colour, np.zeros(n * n, np.int32), np.int32(1), stack)


def _reachable(n: int) -> list[tuple[np.ndarray, int]]:
    """Every position reachable in play from the empty board, Red first (brute-force rules, the skip
    rule), with the colour to move, before anybody has won."""
    out, seen, todo = [], set(), [(np.zeros((n, n), dtype=np.int8), brute.RED)]
    while todo:
        b, colour = todo.pop()
        if (b.tobytes(), colour) in seen:
            continue
        seen.add((b.tobytes(), colour))
        out.append((b, colour))
        mover = colour if brute.legal_moves(b, colour) else 3 - colour
        for r, c in brute.legal_moves(b, mover):
            t = b.copy()
            t[r, c] = mover
            if not brute.connects(t, mover):
                todo.append((t, 3 - mover))
    return out


def test_the_cut_off_rule_holds_on_every_reachable_3x3_position_and_random_4x4_ones():
    """The rule the search proves with (a colour that can no longer connect has lost: no game ends
    drawn) against naive minimax, which does not use it: on every reachable 3x3 position, and on
    random valid 4x4 positions of any colour counts with up to 8 empty points, whenever the search's
    test says a colour is cut off, the other colour wins with either colour to move."""
    rng = np.random.default_rng(5)
    memo: dict = {}
    cases = [(b, c) for b, c in _reachable(3)]
    cases += [
        (b, c)
        for b in (brute.random_scatter(4, rng) for _ in range(600))
        if int((b == 0).sum()) <= 8 and not brute.connects(b, 1) and not brute.connects(b, 2)
        for c in (1, 2)
    ]
    fired = 0
    for b, to_move in cases:
        for loser in (1, 2):
            if _cut_off(b, loser):
                fired += 1
                assert brute.minimax(b, to_move, memo) == (1 if loser == 2 else -1), (b, to_move, loser)
    assert fired > 500, fired  # the rule is tested where it fires, not vacuously


@pytest.mark.parametrize("method", ["dfpn", "alphabeta"])
def test_the_search_without_the_cut_off_rule_gives_the_same_values(method, small_positions):
    """Both ways: with the rule off the search gives the minimax values too, and every 4x4 opening
    the same value with it on and off, with fewer nodes on."""
    searches = {n: ProofSearch(n, tt_bits=16, method=method, cut_off=False) for n in (3, 4)}
    for b, colour, expected in small_positions:
        assert searches[b.shape[0]].value(b.reshape(-1), colour) == expected, (b, colour)
    on, off = ProofSearch(4, tt_bits=18, method=method), ProofSearch(4, tt_bits=18, method=method, cut_off=False)
    assert opening_values(4, on) == opening_values(4, off)
    assert on.nodes < off.nodes


def test_df_pn_plus_proves_cut_off_children_before_visiting_them(small_positions):
    """With df-pn+ (children start from connection distances) a child whose other colour is cut off
    starts proved: still the minimax values, and every 4x4 opening's certified value."""
    searches = {n: ProofSearch(n, tt_bits=16, heuristic=True) for n in (3, 4)}
    for b, colour, expected in small_positions:
        assert searches[b.shape[0]].value(b.reshape(-1), colour) == expected, (b, colour)
    _, openings = load_tables()
    shipped = {
        (r, c): v for r, c, v in openings[openings["size"] == 4][["row", "col", "value"]].itertuples(index=False)
    }
    assert opening_values(4, ProofSearch(4, tt_bits=18, heuristic=True)) == shipped
