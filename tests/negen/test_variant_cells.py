"""The variant study's cells that a verdict reads play on until their numbers are decided
(``CLEAR_ALPHA``): a focus share clears the line, a self-play cell's verdicts hold or fail; which
cells, how far, and which stored verdicts a rerun takes up again."""

import json

import numpy as np
import pandas as pd
import pytest

from negenlab.negen.rules import Rules
from negenlab.negen.study import (
    CLAIM_CELLS,
    CLEAR_MAX_ROUNDS,
    DEFAULT_READING,
    MAX_ROUNDS,
    SELF_PLAY_MAX_ROUNDS,
    CellRecord,
    VariantCell,
    _unfinished,
    claim_cell,
    focus_clears,
    self_play_clears,
    variant_cells,
)


def test_only_the_verdicts_cells_play_on_in_the_default_reading():
    chosen = {(c.players, c.mix) for c in variant_cells() if c.plays_to_clear}
    assert chosen == set(CLAIM_CELLS)
    for c in variant_cells():
        cap = (SELF_PLAY_MAX_ROUNDS if c.rotations == 1 else CLEAR_MAX_ROUNDS) if c.plays_to_clear else MAX_ROUNDS
        assert c.max_units * c.rotations >= cap
        assert not c.plays_to_clear or c.reading == "straight/adjacency/join"


def _cell(mix):
    return next(c for c in variant_cells() if c.mix == mix and c.plays_to_clear)


def _verdict(**kw):
    return {"units": 136, "n": 136, "focus": 0.38, "focus_lo": 0.335, "focus_hi": 0.425, "focus_sprt": "H1"} | kw


@pytest.mark.parametrize(
    ("row", "clear"),
    [
        (_verdict(), False),  # H1 after 136 units: 38.0% [33.5, 42.5] reaches below 35.8% at 99.5%
        (_verdict(focus=0.55, focus_lo=0.484, focus_hi=0.616), True),  # past the line by more than its error
        (_verdict(units=1200, focus_lo=0.365, focus_hi=0.395), False),  # clears at one look's 99.5%, not over 39 looks
        (_verdict(units=1200, focus_lo=0.372, focus_hi=0.388), True),
        (_verdict(focus=0.30, focus_lo=0.29, focus_hi=0.31, focus_sprt="H0"), True),  # wholly below the line
        (_verdict(focus=0.30, focus_lo=0.29, focus_hi=0.31), False),  # below it, but the SPRT said H1
    ],
)
def test_a_focus_share_clears_the_line_on_its_decided_side_only(row, clear):
    assert focus_clears(_cell("planner-among-closers"), row) is clear


def test_a_rerun_takes_up_a_decided_cell_that_does_not_clear_until_its_cap(tmp_path):
    cell = _cell("planner-among-closers")
    assert _unfinished(cell, tmp_path)  # no verdict yet
    (tmp_path / cell.id).mkdir()
    path = tmp_path / cell.id / "verdict.json"
    for row, unfinished in [
        (_verdict(), True),
        (_verdict(units=cell.max_units), False),  # at the cap: it stops there, marginal
        (_verdict(focus=0.55, focus_lo=0.484, focus_hi=0.616), False),
        (_verdict(focus_sprt="undecided"), False),  # only a decided SPRT plays on
    ]:
        path.write_text(json.dumps(row))
        assert _unfinished(cell, tmp_path) is unfinished, row
    other = next(c for c in variant_cells() if c.mix == "greedy-among-closers" and not c.plays_to_clear)
    (tmp_path / other.id).mkdir()
    (tmp_path / other.id / "verdict.json").write_text(json.dumps(_verdict()))
    assert not _unfinished(other, tmp_path)  # a cell no verdict reads keeps its SPRT's stop


def _self_play(rounds: int, early: float, seed: int = 0) -> CellRecord:
    """A 3-player self-play cell's record: winners uniform over the seats, a share ``early`` of rounds
    closed on the first or second turn, 8.8 minutes a game."""
    rng = np.random.default_rng(seed)
    quick = rng.random(rounds) < early
    frame = pd.DataFrame(
        {
            "game": np.arange(rounds),
            "round1_winner": rng.integers(0, 3, rounds),
            "round1_turns": np.where(quick, 2, 6),
            "round1_reason": "closed",
            "rounds_pool_empty": 0,
            "turns": np.where(quick, 2, 6),
            "fresh_turns": np.nan,
            "fresh_closes": np.nan,
        }
    )
    row = {"players": 3, "units": rounds, "n": rounds, "minutes_per_game": 8.8}
    row |= {"turns": 6.0, "turns_lo": 5.9, "turns_hi": 6.1}
    return CellRecord(row, [frame])


@pytest.mark.parametrize(
    ("rounds", "early", "clear"),
    [
        (4000, 0.10, True),  # every seat near a third, one round in ten abrupt: all decided at 99.5%
        (300, 0.10, False),  # the seats' intervals reach past the five-point band
        (4000, 0.055, False),  # abrupt rounds just over the bar of 1 in 20: marginal
    ],
)
def test_a_self_play_cell_clears_when_every_verdict_it_feeds_is_decided(rounds, early, clear):
    assert self_play_clears(claim_cell(3, "closers"), _self_play(rounds, early)) is clear


def test_a_rerun_takes_up_a_self_play_cell_until_its_verdicts_clear(tmp_path):
    cell = claim_cell(3, "closers")
    (tmp_path / cell.id).mkdir()
    path = tmp_path / cell.id / "verdict.json"
    for row, unfinished in [
        ({"units": 1000, "n": 1000}, True),  # written before self-play cells played on
        ({"units": 1000, "n": 1000, "claims_clear": False}, True),
        ({"units": 1000, "n": 1000, "claims_clear": True}, False),
        ({"units": cell.max_units, "n": cell.max_units, "claims_clear": False}, False),  # at the cap
    ]:
        path.write_text(json.dumps(row))
        assert _unfinished(cell, tmp_path) is unfinished, row
    planners = claim_cell(3, "planners")  # planners in every seat play on too
    (tmp_path / planners.id).mkdir()
    (tmp_path / planners.id / "verdict.json").write_text(json.dumps({"units": 1000, "n": 1000}))
    assert _unfinished(planners, tmp_path)
    # a cell no verdict reads: its SPRT's stop stands
    other = next(r for r in Rules.variants() if r.label != DEFAULT_READING)
    unread = VariantCell(3, "closers", other.replace(players=3, target_score=1))
    (tmp_path / unread.id).mkdir()
    (tmp_path / unread.id / "verdict.json").write_text(json.dumps({"units": 1000, "n": 1000}))
    assert not _unfinished(unread, tmp_path)


def test_a_self_play_cell_marked_cleared_is_judged_again_from_its_rounds(tmp_path):
    """A verdict written as cleared under an older stopping rule: the rerun reads its stored rounds
    and takes it up again where today's rule does not clear them; without its rounds, the mark stands."""
    cell = claim_cell(3, "closers")
    folder = tmp_path / cell.id / "rotation-0"
    folder.mkdir(parents=True)
    (tmp_path / cell.id / "verdict.json").write_text(json.dumps({"units": 300, "n": 300, "claims_clear": True}))
    assert not _unfinished(cell, tmp_path)  # no rounds to judge again
    for rounds, unfinished in ((300, True), (4000, False)):
        record = _self_play(rounds, 0.10)
        record.rotations[0].to_parquet(folder / "chunk-000000.parquet")
        (tmp_path / cell.id / "verdict.json").write_text(json.dumps({**record.row, "claims_clear": True}))
        assert _unfinished(cell, tmp_path) is unfinished, rounds
