"""FEN's resumable start search (negenlab/fen/study.py: prove_start, settle_start) and the solver's kept
entries it rests on (Solver.heavy_entries, Solver.preload), against the brute-force reference
(tests/fen/brute_fen.py) both ways: entries kept from a search the cap stopped, loaded into a fresh table,
leave every opening's value and the start's as the reference gives them; a start search stopped again
and again in fresh tables settles to the one search's value; a stopped search resumes through the store."""

from __future__ import annotations

import json
import warnings

import pandas as pd
import pytest

import negenlab.fen.study as S
from negenlab.core.errors import StoreCorruptError
from negenlab.fen import FenGame
from negenlab.fen.boards import parse_board
from negenlab.fen.rules import Rules
from negenlab.fen.solver import Solver, solve
from negenlab.fen.study import heavy_path, proved_path, read_heavy, read_proved, settle_start, solve_board

from .brute_fen import brute_opening_values
from .test_solver import CROSS_CHECK

VALUE = {1: "win", 0: "draw", -1: "loss"}


def game_of(spec, **rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # even boards warn
        return FenGame(parse_board(spec), Rules(**rules))


@pytest.mark.parametrize(("spec", "rules"), CROSS_CHECK)
def test_entries_kept_from_a_stopped_search_leave_the_reference_values_both_ways(spec, rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = brute_opening_values(spec, **rules)
    game = game_of(spec, **rules)
    stopped = Solver(game, tt_bits=12, max_nodes=max(20, sum(1 for _ in reference) * 3))
    assert stopped.search(0, 0, 0, 0) is None  # the cap stopped it: some of its entries are bounds only
    kept = stopped.heavy_entries(0)
    assert len(kept) > 0
    fresh = Solver(game, tt_bits=12)
    fresh.preload(kept)
    V = game.board.V
    values = {}
    for items, _ in fresh.turn_masks(0, 0, 0, 0):
        kind, shown = ("nodes", items) if items < 1 << V else ("edges", items >> V)
        key = (kind, tuple(i for i in range(shown.bit_length()) if shown >> i & 1))
        values[key] = -fresh.search(0, items, 0, 0)  # the second player to move: the maker's value
    assert set(values) - set(reference) == set(), "openings the reference does not have"
    assert set(reference) - set(values) == set(), "openings missed"
    assert values == reference
    assert fresh.search(0, 0, 0, 0) == max(reference.values())


def test_a_start_search_stopped_again_and_again_settles_to_one_search_value(tmp_path):
    """square:3x1 in runs of 2,000 positions, each in a fresh table from the entries the runs before kept
    (every entry kept): the first player wins, as one search says, in several runs."""
    one = solve("square:3x1").first_value
    runs, row = 0, None
    while row is None:
        row, searched = S.prove_start("square:3x1", "interior", 2_000, tmp_path, tt_bits=14, chunk=500, min_cost=0)
        runs += 1
        assert runs < 200 and searched <= 2_000 + 1
    assert (row["value"], one) == ("win", 1) and runs > 2
    totals = json.loads(heavy_path(tmp_path, "square:3x1", "interior").with_suffix(".json").read_text())
    assert row["nodes"] == totals["nodes"] > 2_000


def test_a_board_that_can_draw_asks_twice(monkeypatch):
    """Where a game can draw, not winning is not losing: the start search then asks whether the first
    player holds the draw (triangle:2 without partial claims, a draw by the solver)."""
    game = game_of("triangle:2", partial_claims=False)
    monkeypatch.setattr(S, "_solved_game", lambda spec, scope: game)
    assert solve(game).first_value == 0
    row, _ = S.prove_start("triangle:2", "interior", 10**7)
    assert row["value"] == "draw"


def test_the_start_search_resumes_through_the_study_store(tmp_path):
    """A budget too small stops the start search with its entries kept in the store and no value; the
    next call reads them and settles it; the value is in the proved-search file that solve_board reads."""
    rows, unsettled = settle_start("square:3x1", "interior", budget=1_000, store=tmp_path, tt_bits=16)
    assert rows == [] and unsettled > 0
    assert heavy_path(tmp_path, "square:3x1", "interior").is_file()
    rows, unsettled = settle_start("square:3x1", "interior", budget=10**7, store=tmp_path, tt_bits=16)
    assert unsettled == 0 and [(r["kind"], r["value"]) for r in rows] == [("start", "win")]
    assert read_proved(proved_path(tmp_path, "square:3x1", "interior"))[0]["value"] == "win"
    row = solve_board("square:3x1", "interior", cap=10**7, store=str(tmp_path), tt_bits=16)
    assert row["winner"] == "first player" and row["complete"]


def test_damaged_kept_entries_are_refused_in_one_line(tmp_path):
    path = heavy_path(tmp_path, "triangle:1", "interior")
    path.parent.mkdir(parents=True)
    bounds = {"k0": [1], "k1": [2], "k2": [3], "low": [1], "high": [0], "cost": [5]}
    pd.DataFrame(bounds).to_parquet(path)
    path.with_suffix(".json").write_text(json.dumps({"nodes": 5, "seconds": 0.1}))
    with pytest.raises(StoreCorruptError, match="bounds outside"):
        read_heavy(path)
    path.write_bytes(b"not parquet")
    with pytest.raises(StoreCorruptError, match="remove it and its .json"):
        read_heavy(path)
