"""The store of proved positions (negenlab.necklace.proved): what a capped df-pn search settled, kept
and preloaded so that the next attempt resumes.

Both ways: every row harvested is the exact answer of a fresh, uncapped search of its position, and
the harvest keeps every settled position of the search's tree (a plain Python walk with the rules, by
:class:`State`, is the reference: nothing missing, nothing extra, up to the symmetries the table keys
over). A search preloaded from the store answers alike in fewer nodes; a row turned over changes the
answer (so the store is what the search uses).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from negenlab.core.errors import StoreCorruptError
from negenlab.necklace import State
from negenlab.necklace.jobs import JobTree
from negenlab.necklace.proved import (
    COLUMNS,
    harvest,
    merge_proved,
    preload,
    read_proved,
    write_proved,
)
from negenlab.necklace.solver import ProofSearch, symmetry_maps
from negenlab.necklace.study import _classes
from negenlab.necklace.verify import position_key

from ._solver_table import settled_entry

RED, BLUE = 1, 2
COLOUR = {"red": RED, "blue": BLUE}


def reference_harvest(search: ProofSearch, state: State, target: str, depth: int, min_work: int) -> set:
    """The harvest by the rules alone: a recursive walk over :class:`State` (its own legality, skips
    and ends), asking the table position by position."""
    found, seen = set(), set()

    def walk(s: State, d: int) -> None:
        if s.is_over:
            return
        key = position_key(s)  # the verifier's key of the state: the kernel's board_key must agree
        if key in seen:
            return
        seen.add(key)
        answer, work = settled_entry(search, s.board, s.to_move, COLOUR[target])
        if answer is not None and work >= min_work:
            found.add((key, answer, d))
        if d > 0 and (answer is not None or work < 0):
            return
        if d < depth:
            for move in s.legal_moves():
                child = s.copy()
                child.play(move)
                walk(child, d + 1)

    walk(state, 0)
    return found


def canonical(position: str) -> str:
    """The least of a position key's four symmetric forms (the colour-preserving symmetries the table
    keys positions over, :func:`negenlab.necklace.solver.symmetry_maps`)."""
    n = int(round((len(position) - 1) ** 0.5))
    return min(position[0] + "".join(position[1 + q] for q in m) for m in symmetry_maps(n))


def _opening(n: int, point: tuple[int, int]) -> State:
    state = State.initial(n, swap=False)
    state.play(point)
    return state


def _uncapped_nodes(n: int, state: State, target: str) -> int:
    search = ProofSearch(n, tt_bits=18)
    search.wins(state.board, state.to_move, COLOUR[target])
    return search.nodes


@pytest.mark.parametrize(("n", "point", "target"), [(4, (0, 0), "blue"), (4, (1, 1), "red")])
def test_harvest_matches_a_walk_by_the_rules_and_every_row_is_the_exact_answer(n, point, target):
    state = _opening(n, point)
    search = ProofSearch(n, tt_bits=16, node_cap=2 * _uncapped_nodes(n, state, target) // 3)
    with pytest.raises(RuntimeError, match="node cap"):
        search.wins(state.board, state.to_move, COLOUR[target])
    for depth, min_work in ((2, 0), (n * n, 20)):
        rows = harvest(search, state, target, depth, min_work=min_work)
        assert rows.attrs["complete"]
        got = {(canonical(p), w, d) for p, w, d in zip(rows["position"], rows["wins"], rows["depth"], strict=True)}
        want = {(canonical(p), w, d) for p, w, d in reference_harvest(search, state, target, depth, min_work)}
        assert got == want  # nothing missing, nothing extra (up to symmetry: the table keys a position's class)
        assert len(got) == len(rows), "one row a class of symmetric positions"
    assert len(rows) > 3, "a capped search settles something to keep"
    exact = ProofSearch(n, tt_bits=18)
    for position, wins in zip(rows["position"], rows["wins"], strict=True):
        board = np.array([".RB".index(ch) for ch in position[1:]], dtype=np.int8)
        assert exact.wins(board, RED if position[0] == "R" else BLUE, COLOUR[target]) == wins, position


@pytest.mark.parametrize("point", _classes(4))
def test_a_search_preloaded_from_the_store_gives_the_same_answer_with_fewer_nodes(point):
    """The rows a search left (its costly settled positions below the root's replies), written into a
    fresh table, are found there: the question is answered alike, in fewer nodes."""
    n, target = 4, "blue" if 0 in point else "red"
    state = _opening(n, point)
    first = ProofSearch(n, tt_bits=16)
    want = first.wins(state.board, state.to_move, COLOUR[target])
    rows = harvest(first, state, target, depth=n * n, min_work=50)
    rows = rows[rows["depth"] > 0]
    assert len(rows) > 0
    again = ProofSearch(n, tt_bits=16)
    assert preload(again, rows) == len(rows)
    assert again.wins(state.board, state.to_move, COLOUR[target]) == want
    assert again.nodes < first.nodes / 2, (again.nodes, first.nodes)


def test_a_wrong_row_in_the_store_is_taken_as_given():
    """The store is trusted by the search (a certificate checks the final proof): a row turned over
    changes the search's answer, so the rows the tests above check are the rows it uses."""
    n, point = 3, (1, 1)
    state = _opening(n, point)
    search = ProofSearch(n, tt_bits=12)
    assert search.wins(state.board, state.to_move, RED)
    rows = harvest(search, state, "red", depth=1)
    replies = rows[rows["depth"] == 1].assign(wins=False)  # every Blue reply claimed to save Blue
    fresh = ProofSearch(n, tt_bits=12)
    preload(fresh, replies)
    assert not fresh.wins(state.board, state.to_move, RED)


def test_the_store_round_trips_and_refuses_damage(tmp_path):
    rows = pd.DataFrame(
        {"opening": ["1,1", "1,1"], "target": ["red", "red"], "position": ["B....R....", "R.B..R...."],
         "wins": [True, True], "depth": [0, 1]}
    )  # fmt: skip
    path = tmp_path / "proved.parquet"
    write_proved(rows, path)
    assert read_proved(path, 3).equals(rows)
    assert read_proved(tmp_path / "none.parquet", 3).columns.tolist() == list(COLUMNS)
    for broken, message in (
        (pd.concat([rows, rows.iloc[:1]]), "listed more than once"),
        (rows.assign(position=["B....R...", "R.B..R...."]), "not a 3x3 position key"),
        (rows.assign(target=["red", "green"]), "not a 3x3 position key and a colour"),
        (rows.drop(columns="depth"), "the columns are"),
    ):
        write_proved(broken, path)
        with pytest.raises(StoreCorruptError, match=message):
            read_proved(path, 3)
    path.write_bytes(b"not parquet")
    with pytest.raises(StoreCorruptError, match="not a readable Parquet"):
        read_proved(path, 3)
    with pytest.raises(StoreCorruptError, match="disagree on whether red wins at B....R...."):
        merge_proved(rows, rows.iloc[:1].assign(wins=False))


@pytest.mark.parametrize("point", [(0, 0), (1, 1)])
@pytest.mark.parametrize("target", ["red", "blue"])
def test_a_job_tree_of_small_jobs_reaches_the_answer_of_one_search(point, target):
    """Both ways on a 4x4 class Blue wins and one Red wins, for either colour asked (one wins, one does
    not): jobs of a tenth of what one search needs settle the root with the one search's answer; the
    tree written after a job and read back resumes to the same answer."""
    n = 4
    state = _opening(n, point)
    one = ProofSearch(n, tt_bits=16)
    want = one.wins(state.board, state.to_move, COLOUR[target])
    tree = JobTree(state, target, job_nodes=one.nodes // 10, tt_bits=14)
    assert tree.run(max_jobs=2) is None, "stopped after two jobs, undecided"
    again = JobTree(state, target, job_nodes=one.nodes // 10, tt_bits=14, table=tree.table, store=tree.store)
    assert again.run(max_jobs=2000) == want
    assert again.jobs > 0
