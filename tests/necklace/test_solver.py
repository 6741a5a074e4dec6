"""The proof searches against a memoised naive minimax, and the shipped table against a fresh solve."""
from __future__ import annotations

import numpy as np
import pytest

from negenlab.necklace.solver import (
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


def test_shipped_table_reproduces_for_3_and_4():
    shipped, openings = load_tables()
    assert {3, 4, 5} <= set(shipped["size"])
    for n in (3, 4):
        s = solve(n, swap=False, tt_bits=20)
        fresh = solutions_table([s, solution_from_values(n, True, s.opening_values)])
        cols = ["size", "swap", "winner", "winner_seat", "winning_first_moves", "swap_openings",
                "red_winning_openings", "draw_openings"]
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
    """A capped second proof still reports the first one: Red does not win, so "blue or draw"."""
    b = np.zeros(16, dtype=np.int8)
    b[0] = 1  # corner opening of 4x4: a Blue win
    assert ProofSearch(4, tt_bits=20).value(b, 2) == "blue"
    seen = set()
    for cap in (50, 1000, 33000, 100000):  # red is disproved in ~32k nodes, blue proved in ~36k
        try:
            v = ProofSearch(4, tt_bits=20, node_cap=cap).value(b, 2, first=1)
            seen.add(v)
        except PartialResult as err:
            assert err.known == "blue or draw"
            seen.add("partial")
        except RuntimeError:
            seen.add("capped")
    assert "partial" in seen and seen <= {"capped", "partial", "blue"}


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
        for col in ("winner", "winning_first_moves", "red_winning_openings", "complete",
                    "winning_first_moves_complete", "unresolved"):
            assert str(fresh[col]) == str(row[col]), (swap, col, fresh[col], row[col])
    ship = {(r, c): v for r, c, v in openings[openings["size"] == 5][["row", "col", "value"]].itertuples(index=False)}
    assert ship == {**partial, **values}
