"""The variant study's cells that a verdict reads play on until their focus share clears the line
(``CLEAR_ALPHA``): which cells, how far, and which stored verdicts a rerun takes up again."""

import json

import pytest

from negenlab.negen.study import CLAIM_CELLS, CLEAR_MAX_ROUNDS, MAX_ROUNDS, _unfinished, focus_clears, variant_cells


def test_only_the_verdicts_cells_with_a_focus_agent_play_on_in_the_default_reading():
    chosen = {(c.players, c.mix) for c in variant_cells() if c.plays_to_clear}
    assert chosen == {(p, m) for p, m in CLAIM_CELLS if m not in ("closers", "planners")}
    for c in variant_cells():
        assert c.max_units * c.rotations >= (CLEAR_MAX_ROUNDS if c.plays_to_clear else MAX_ROUNDS)
        assert not c.plays_to_clear or (c.reading == "straight/adjacency/join" and c.rotations == c.players)


def _cell(mix):
    return next(c for c in variant_cells() if c.mix == mix and c.plays_to_clear)


def _verdict(**kw):
    return {"units": 136, "focus": 0.38, "focus_lo": 0.335, "focus_hi": 0.425, "focus_sprt": "H1"} | kw


@pytest.mark.parametrize(
    ("row", "clear"),
    [
        (_verdict(), False),  # H1 after 136 units: 38.0% [33.5, 42.5] reaches below 35.8% at 99.5%
        (_verdict(focus=0.5, focus_lo=0.434, focus_hi=0.566), True),
        (_verdict(units=1200, focus_lo=0.365, focus_hi=0.395), True),
        (_verdict(focus=0.30, focus_lo=0.29, focus_hi=0.31, focus_sprt="H0"), True),  # wholly below the line
        (_verdict(focus=0.30, focus_lo=0.29, focus_hi=0.31), False),  # below it, but the SPRT said H1
    ],
)
def test_a_focus_share_clears_the_line_on_its_decided_side_only(row, clear):
    assert focus_clears(_cell("greedy-among-closers"), row) is clear


def test_a_rerun_takes_up_a_decided_cell_that_does_not_clear_until_its_cap(tmp_path):
    cell = _cell("greedy-among-closers")
    assert _unfinished(cell, tmp_path)  # no verdict yet
    (tmp_path / cell.id).mkdir()
    path = tmp_path / cell.id / "verdict.json"
    for row, unfinished in [
        (_verdict(), True),
        (_verdict(units=cell.max_units), False),  # at the cap: it stops there, marginal
        (_verdict(focus=0.5, focus_lo=0.434, focus_hi=0.566), False),
        (_verdict(focus_sprt="undecided"), False),  # only a decided SPRT plays on
    ]:
        path.write_text(json.dumps(row))
        assert _unfinished(cell, tmp_path) is unfinished, row
    other = next(c for c in variant_cells() if c.mix == "greedy-among-closers" and not c.plays_to_clear)
    (tmp_path / other.id).mkdir()
    (tmp_path / other.id / "verdict.json").write_text(json.dumps(_verdict()))
    assert not _unfinished(other, tmp_path)  # a cell no verdict reads keeps its SPRT's stop
