"""The exact-result studies: 6x6's attack records every attempt and resumes from them; the status
table reads the records; the second 5x5 method's table on a small board."""

from __future__ import annotations

import json

from negenlab.core.studies import StudyContext
from negenlab.necklace.study import (
    PROOF_SEARCH,
    _classes,
    _images,
    proof_attack_study,
    proof_status,
    reproof_study,
)


def _ctx(store):
    return StudyContext("necklace", "proofs", seed=1, workers=1, store=store, progress=lambda line: None)


def test_the_attack_records_every_attempt_and_a_rerun_resumes(tmp_path):
    t = proof_attack_study(_ctx(tmp_path), n=3, cap=10**6, tt_bits=16).table
    assert set(t["status"]) == {"solved"} and len(t) == len(_classes(3)) == 4
    lines = (tmp_path / "attempts.jsonl").read_text().splitlines()
    assert all(json.loads(x)["cap"] == 10**6 for x in lines)
    again = proof_attack_study(_ctx(tmp_path), n=3, cap=10**6, tt_bits=16).table
    assert (tmp_path / "attempts.jsonl").read_text().splitlines() == lines  # nothing run twice
    assert again.equals(t)


def test_a_capped_attempt_leaves_the_opening_open_with_its_nodes(tmp_path):
    t = proof_attack_study(_ctx(tmp_path), n=4, cap=20, tt_bits=16).table
    assert set(t["status"]) == {"in progress"} and (t["nodes"] > 20).all() and (t["largest_cap"] == 20).all()


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
