"""FEN's job tree (negenlab/fen/jobs.py) against the brute-force reference (tests/fen/brute_fen.py)
both ways: every opening of every reference board gets the reference's value from two trees (does the
first player win? does the second?) of jobs far too small to settle it alone, with a table far too
small to carry much between jobs; then a stopped tree resumes from its table alone."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

from negenlab.core.errors import StoreCorruptError
from negenlab.core.jobtree import write_tree
from negenlab.fen import FenGame
from negenlab.fen.boards import parse_board
from negenlab.fen.jobs import START, FenJobTree, Position, read_tree
from negenlab.fen.rules import Rules
from negenlab.fen.solver import Solver, solve
from negenlab.fen.study import proved_path, read_proved, settle_start, solve_board, tree_path

from .brute_fen import brute_opening_values, brute_summary
from .test_solver import CROSS_CHECK

JOB_NODES = 64
"""Positions a job may search: every opening's tree below takes several jobs."""
TT_BITS = 10


def game_of(spec, **rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # even boards warn
        return FenGame(parse_board(spec), Rules(**rules))


def tree_value(solver, root, job_nodes=JOB_NODES):
    """The value of ``root`` for the first player from two trees (+1, 0, -1), and the jobs they took."""
    first = FenJobTree(solver, 0, job_nodes, root=root)
    second = FenJobTree(solver, 1, job_nodes, root=root)
    a, b = first.run(), second.run()
    assert not (a and b), "both players win"
    return (1 if a else -1 if b else 0), first.jobs + second.jobs


def openings(solver):
    V = solver.game.board.V
    for items, _ in solver.turn_masks(0, 0, 0, 0):
        kind, shown = ("nodes", items) if items < 1 << V else ("edges", items >> V)
        yield (kind, tuple(i for i in range(shown.bit_length()) if shown >> i & 1)), Position(0, items, 0, 0, 1)


@pytest.mark.parametrize(("spec", "rules"), CROSS_CHECK)
def test_job_trees_agree_with_brute_force_both_ways(spec, rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = brute_opening_values(spec, **rules)
    solver = Solver(game_of(spec, **rules), tt_bits=TT_BITS)
    values, jobs = {}, []
    for key, root in openings(solver):
        values[key], taken = tree_value(solver, root)
        jobs.append(taken)
    assert set(values) - set(reference) == set(), "openings the reference does not have"
    assert set(reference) - set(values) == set(), "openings the trees miss"
    assert values == reference
    start, _ = tree_value(solver, START)
    assert {1: "first player", 0: "draw", -1: "second player"}[start] == brute_summary(reference)["winner"]
    # past one face the jobs alone do not settle the openings: the trees do (the reference boards hold
    # wins, draws and losses: tests/fen/test_solver.py::test_cross_check_boards_include_each_outcome)
    assert max(jobs) > 2 or solver.game.board.F == 1


@pytest.mark.parametrize("spec", ["square:3x1", "3.3.3.3.3.3:5"])
def test_job_trees_agree_with_the_solver_where_the_reference_gives_up(spec):
    """Two boards past the reference: each opening's value from the trees is the solver's."""
    game = game_of(spec)
    s = solve(game)
    expected = {
        (k, tuple(i)): {"win": 1, "draw": 0, "loss": -1}[v]
        for k, i, v in s.openings[["kind", "items", "value"]].itertuples(index=False)
    }
    solver = Solver(game, tt_bits=16)
    values = {key: tree_value(solver, root, job_nodes=2000)[0] for key, root in openings(solver)}
    assert values == expected
    assert (
        tree_value(Solver(game, tt_bits=16), START, job_nodes=2000)[0]
        == {"first player": 1, "draw": 0, "second player": -1}[s.winner]
    )


def test_a_stopped_tree_resumes_from_its_table_alone(tmp_path):
    """Stopped after 5 jobs and written, read back by a new tree with a new (empty) table of positions:
    the same answer as the tree that ran through, from the jobs left."""
    game = game_of("square:3x1")
    whole = FenJobTree(Solver(game, tt_bits=16), 0, 2000)
    answer = whole.run()
    part = FenJobTree(Solver(game, tt_bits=16), 0, 2000)
    assert part.run(max_jobs=5) is None
    path = tmp_path / "tree.parquet"
    write_tree(part.table, path)
    again = FenJobTree(Solver(game, tt_bits=16), 0, 2000, table=read_tree(path, root=part.key(START)))
    assert again.run() == answer
    assert answer is True and whole.jobs > 10 and 0 < again.jobs < whole.jobs + 5


def test_damaged_trees_are_refused_in_one_line(tmp_path):
    path = tmp_path / "tree.parquet"
    pd.DataFrame({"position": ["2" + "0" * 48], "status": ["open"], "nodes": [1]}).to_parquet(path)
    with pytest.raises(StoreCorruptError, match="is not a FEN position key"):
        read_tree(path)
    pd.DataFrame({"position": ["0" + "0" * 48], "status": ["open"], "nodes": [1]}).to_parquet(path)
    with pytest.raises(StoreCorruptError, match="not its root"):
        read_tree(path, root="1" + "0" * 48)
    with pytest.raises(ValueError, match="target is the colour asked about"):
        FenJobTree(Solver(game_of("triangle:1")), 2, 10)


def test_the_start_search_resumes_through_the_study_store(tmp_path):
    """A budget too small stops the start search with its trees written to the store and no value;
    the next call reads them and settles it: the first player wins square:3x1, as the solver says, and
    the value is in the board's proved-search file that :func:`solve_board` reads."""
    rows, unsettled = settle_start("square:3x1", "interior", budget=1, store=tmp_path, tt_bits=16, job_nodes=2_000)
    assert rows == [] and unsettled > 0
    assert tree_path(tmp_path, "square:3x1", "interior", 0).is_file()
    rows, unsettled = settle_start("square:3x1", "interior", budget=10**7, store=tmp_path, tt_bits=16, job_nodes=2_000)
    assert unsettled == 0 and [(r["kind"], r["value"]) for r in rows] == [("start", "win")]
    assert read_proved(proved_path(tmp_path, "square:3x1", "interior"))[0]["value"] == "win"
    row = solve_board("square:3x1", "interior", cap=10**7, store=str(tmp_path), tt_bits=16)
    assert row["winner"] == "first player" and row["complete"]
