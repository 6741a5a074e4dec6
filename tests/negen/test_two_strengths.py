"""A Negen play verdict is judged under both its player strengths or not at all: a cell left out of
an installation leaves the verdict untested, never decided by the other strength alone."""

import pytest

from negenlab.negen.report import verdicts
from negenlab.negen.study import BETTER_PLAYER, DEEPER_PLAYER, SELF_PLAY, claim_cell, committed_cells, self_play_clears

PLAY_CLAIMS = {
    "skill": BETTER_PLAYER,
    "target_score": BETTER_PLAYER,
    "abruptly": SELF_PLAY,
    "seat_order": SELF_PLAY,
    "duration": SELF_PLAY,
    "dice_60": SELF_PLAY,
    "depletion": SELF_PLAY,
    "deeper": DEEPER_PLAYER,
}


@pytest.fixture(scope="module")
def cells():
    return committed_cells()


def _by_claim(cells):
    return {f.claim_id: f for f in verdicts(cells=cells, recheck=None)}


def test_every_play_verdict_is_judged_when_both_strengths_are_committed(cells):
    found = _by_claim(cells)
    for claim, strengths in PLAY_CLAIMS.items():
        assert found[claim].verdict != "untested", claim
        for label in strengths:
            assert label in found[claim].number, (claim, label)


@pytest.mark.parametrize("claim", sorted(PLAY_CLAIMS))
def test_a_play_verdict_with_one_strength_missing_is_untested(cells, claim):
    for label, mix in PLAY_CLAIMS[claim].items():
        fewer = {k: v for k, v in cells.items() if k[1] != mix}
        f = _by_claim(fewer)[claim]
        assert f.verdict == "untested", (claim, label, f.line())
        assert label in f.sentence


def test_the_self_play_detail_names_each_cell_s_rounds_and_a_cell_not_yet_played_on(cells):
    detail = _by_claim(cells)["seat_order"].detail
    cleared = all(
        bool(r.row.get("claims_clear")) and self_play_clears(claim_cell(P, mix), r)
        for (P, mix), r in cells.items()
        if mix in SELF_PLAY.values()
    )  # every self-play cell played on until it cleared, under today's rule
    assert "planners at 3 players" in detail and ("Not yet played on" in detail) is not cleared
    p3 = cells[(3, "planners")]
    older = dict(cells)  # a planners' cell committed before self-play cells played on
    older[(3, "planners")] = type(p3)({**p3.row, "claims_clear": float("nan")}, p3.rotations)
    waiting = _by_claim(older)["seat_order"].detail.split("Not yet played on: ")[1].split(" (")[0]
    assert "planners at 3 players" in waiting
