"""The exact-result studies: 6x6's attack runs a job tree per opening class (checked on 4x4 against one
plain search, both ways), keeps each tree and store in files a stopped run resumes from and refuses
damaged ones; the status table reads the plain attempts (the "before" numbers); the second 5x5
method's table on a small board."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from negenlab.core.data import check_table, every
from negenlab.core.errors import StoreCorruptError
from negenlab.core.studies import StudyContext
from negenlab.necklace.game import BLUE, RED, State
from negenlab.necklace.solver import ProofSearch
from negenlab.necklace.study import (
    ENGINE_LEVEL,
    PROOF_SEARCH,
    TABLES,
    _classes,
    _images,
    _openings,
    proof_attack_study,
    proof_status,
    reproof_study,
)
from negenlab.necklace.verify import position_key


def _ctx(store):
    return StudyContext("necklace", "proofs", seed=1, workers=1, store=store, progress=lambda line: None)


JOB = {"n": 4, "job_nodes": 900, "tt_bits": 14}
"""4x4 in 900-node jobs: every class takes 7 to 16 jobs (one search needs thousands of nodes)."""


def _attack(folder, progress=lambda line: None, **options):
    ctx = StudyContext("necklace", "proofs", seed=1, workers=1, store=folder, progress=progress)
    return proof_attack_study(ctx, **(JOB | {"minutes": None} | options)).table


def _opening(n, r, c):
    board = np.zeros(n * n, dtype=np.int8)
    board[r * n + c] = RED
    return board


def test_the_job_trees_answer_every_4x4_class_as_one_plain_search_both_ways(tmp_path):
    """Each class's winner from its job tree (Red asked; engine 7) is what one plain df-pn search (engine
    0, uncapped) proves: where the tree says Red, the plain search proves Red wins; where it says Blue,
    the plain search proves Blue wins and Red does not. 4x4 has classes of both colours."""
    t = _attack(tmp_path).set_index("opening")
    assert sorted(set(t["winner"])) == ["blue", "red"] and len(t) == len(_classes(4))
    assert (t["jobs"] > 1).all() and (t["engine"] == ENGINE_LEVEL).all()  # every class took several jobs
    for r, c in _classes(4):
        winner = t.loc[f"{r},{c}", "winner"]
        red = ProofSearch(4, tt_bits=16).wins(_opening(4, r, c), BLUE, RED)
        blue = ProofSearch(4, tt_bits=16).wins(_opening(4, r, c), BLUE, BLUE)
        assert (red, blue) == ((True, False) if winner == "red" else (False, True)), (r, c, winner)
    schema = replace(TABLES["proofs_6x6"], required=every(size=(4,), opening=_openings(4)))
    check_table(t.reset_index(), schema, "the 4x4 attack")  # expanded + settled = jobs; an open class has a leaf
    assert (t["tree_expanded"] + t["tree_settled"] == t["jobs"]).all()
    for r, c in _classes(4):
        assert (tmp_path / f"proved_{r}_{c}.parquet").is_file()
        rows = pd.read_parquet(tmp_path / f"tree_{r}_{c}.parquet")  # the open leaves counted from the file alone:
        below = set()  # every child of an expanded row that is no row itself and not over (no walk from the root)
        for key in rows.loc[rows["status"] == "expanded", "position"]:
            text = "\n".join(key[1 + i * 4 : 5 + i * 4] for i in range(4))
            state = State.from_text(text, "red" if key[0] == "R" else "blue")
            for move in state.legal_moves():
                child = state.copy()
                child.play(move)
                if not child.is_over and position_key(child) not in set(rows["position"]):
                    below.add(position_key(child))
        row = t.loc[f"{r},{c}"]
        assert (row["tree_open"], row["tree_expanded"] + row["tree_settled"], row["nodes"]) == (
            len(below),
            len(rows),
            rows["nodes"].sum(),
        )


def test_a_stopped_run_resumes_from_its_files_to_the_same_answers(tmp_path):
    """A run stopped after three jobs (and one stopped by an error in the middle) leaves each class's tree
    and store in its files; a run started again from a copy of them (a fresh clone) runs only the rest,
    and its table is the uninterrupted run's, jobs and nodes too (each job is deterministic)."""
    whole = _attack(tmp_path / "whole")
    total = int(whole["jobs"].sum())
    stopped = _attack(tmp_path / "stopped", task_jobs=1, max_jobs=3)
    assert int(stopped["jobs"].sum()) == 3 and (stopped["winner"] == "open").all()
    assert len(list((tmp_path / "stopped").glob("tree_*.parquet"))) == 3  # three classes had a turn (fewest first)
    shutil.copytree(tmp_path / "stopped", tmp_path / "clone")
    lines = []
    again = _attack(tmp_path / "clone", progress=lines.append)
    pd.testing.assert_frame_equal(again, whole)
    assert sum(int(re.search(r": (\d+) jobs", x).group(1)) for x in lines) == total - 3  # only the rest

    class Stop(Exception):
        pass

    def stop(line):
        raise Stop(line)

    with pytest.raises(Stop):  # the first task's report stops the run: its jobs are written already
        _attack(tmp_path / "broken", progress=stop)
    assert 0 < len(list((tmp_path / "broken").glob("tree_*.parquet"))) < len(_classes(4))
    pd.testing.assert_frame_equal(_attack(tmp_path / "broken"), whole)


def test_a_run_without_minutes_runs_no_job_and_keeps_the_before_numbers(tmp_path):
    (tmp_path / "attempts.jsonl").write_text(
        json.dumps({"n": 4, "opening": [1, 1], "target": "red", "wins": "capped", "nodes": 21, "cap": 20}) + "\n"
    )
    t = _attack(tmp_path, minutes=0).set_index("opening")
    assert set(t["winner"]) == {"open"} and (t["jobs"] == 0).all() and (t["tree_open"] == 1).all()
    assert t.loc["1,1", ["before_attempts", "before_nodes", "before_largest_cap"]].tolist() == [1, 21, 20]
    assert not list(tmp_path.glob("*.parquet"))


def test_a_damaged_tree_or_store_is_one_line_naming_the_file(tmp_path):
    _attack(tmp_path, max_jobs=2, task_jobs=1)
    tree = tmp_path / "tree_1_1.parquet"  # the middle class ran first
    good = pd.read_parquet(tree)
    damages = {
        "not a readable Parquet table of a job tree": b"not parquet",
        "the status 'won' is not one of open, expanded, win, loss": good.assign(status="won"),
        "the columns are": good.rename(columns={"nodes": "count"}),
        "is not a 4x4 position key": good.assign(position="B..."),
        "has -1 nodes": good.assign(nodes=-1),
        "is listed more than once": pd.concat([good, good]),
        "but not its root": good.assign(position=["R" + "B" * 16] * len(good)),
    }
    for message, damage in damages.items():
        if isinstance(damage, bytes):
            tree.write_bytes(damage)
        else:
            damage.to_parquet(tree, index=False)
        with pytest.raises(ValueError, match=re.escape(message)) as err:
            _attack(tmp_path)
        assert isinstance(err.value, StoreCorruptError) and str(tree) in str(err.value), message
        assert "\n" not in str(err.value), message
    good.to_parquet(tree, index=False)
    (tmp_path / "proved_1_1.parquet").write_bytes(b"not parquet")
    with pytest.raises(StoreCorruptError, match=re.escape(str(tmp_path / "proved_1_1.parquet"))):
        _attack(tmp_path)


def test_status_reads_solved_draw_open_and_untried():
    recs = [
        {"n": 4, "opening": [1, 1], "target": "red", "wins": True, "nodes": 5, "cap": 9},
        {"n": 4, "opening": [0, 0], "target": "red", "wins": False, "nodes": 5, "cap": 9},
        {"n": 4, "opening": [0, 0], "target": "blue", "wins": False, "nodes": 5, "cap": 9},
        {"n": 4, "opening": [0, 1], "target": "red", "wins": "capped", "nodes": 10, "cap": 9, "search": PROOF_SEARCH},
    ]
    t = proof_status(recs, 4).set_index("opening")
    assert t.loc["1,1", ["status", "winner"]].tolist() == ["solved", "red"]
    assert t.loc["0,0", ["status", "winner"]].tolist() == ["solved", "draw"]
    assert t.loc["0,1", ["status", "nodes"]].tolist() == ["in progress", 10]
    assert t.loc["1,0", "status"] == "not tried"
    steps = proof_status(recs, 4, cap=9).set_index("opening")["next_step"]
    assert steps["1,1"] == steps["0,0"] == ""  # solved
    assert steps["0,1"] == f"prove that blue wins, capped at 9 nodes ({PROOF_SEARCH})"  # red open: the other colour
    assert steps["1,0"] == f"prove that blue wins, capped at 9 nodes ({PROOF_SEARCH})"  # an edge opening: Blue first
    both = recs + [
        {"n": 4, "opening": [0, 1], "target": "blue", "wins": "capped", "nodes": 10, "cap": 9, "search": PROOF_SEARCH}
    ]
    assert proof_status(both, 4, cap=9).set_index("opening").loc["0,1", "next_step"] == (
        "open at 9 nodes for blue and red: a larger cap or more pruning"
    )
    # an attempt capped by the search before the cut-off rule (no "search") counts in nodes, not as tried
    older = [{**x, "search": None} if x["wins"] == "capped" else x for x in both]
    row = proof_status(older, 4, cap=9).set_index("opening").loc["0,1"]
    assert row["next_step"] == f"prove that blue wins, capped at 9 nodes ({PROOF_SEARCH})"
    assert (row["nodes"], row["pruned_nodes"]) == (20, 0)
    assert proof_status(both, 4, cap=9).set_index("opening").loc["0,1", "pruned_nodes"] == 20


def test_the_classes_and_their_images_cover_every_opening_once():
    for n in (3, 4, 5, 6):
        seen = [p for r, c in _classes(n) for p in _images(n, r, c)]
        assert sorted(seen) == [(r, c) for r in range(n) for c in range(n)]


def test_the_second_method_agrees_on_4x4(tmp_path):
    t = reproof_study(_ctx(tmp_path), size=4, tt_bits=22).table
    assert t["verified"].all() and t["agree"].all() and int(t["openings"].sum()) == 16


def test_a_run_without_minutes_builds_nothing_and_marks_the_classes(tmp_path):
    t = reproof_study(_ctx(tmp_path), size=3, tt_bits=16, minutes=0).table
    assert set(t["certificate"]) == {"not built"} and not t["agree"].any() and not list(tmp_path.glob("*.gz"))
