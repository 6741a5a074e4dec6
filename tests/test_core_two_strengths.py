"""Every verdict about play names the two player strengths it is judged under, on every page: its
function is registered with them (``ClaimBook.measures(..., strengths=...)``), its committed
measurement has exactly those, and with one of them missing the judge calls it untested."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import replace

import pytest

from negenlab import games
from negenlab.core.claims import ClaimBook, Evidence, judge


@pytest.fixture(scope="module")
def committed_evidence() -> dict[str, dict[str, Evidence]]:
    """Each page's evidence, as its committed verdicts read it."""
    seen: dict[str, dict[str, Evidence]] = {}
    original = ClaimBook.evidence

    def spy(self: ClaimBook, inputs):
        seen[self.game] = original(self, inputs)
        return seen[self.game]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ClaimBook, "evidence", spy)
        for game in games.NAMES:
            importlib.import_module(f"negenlab.{game}.report").verdicts()
    return seen


@pytest.mark.parametrize("game", games.NAMES)
def test_a_measurement_by_player_strength_is_registered_with_exactly_those_strengths(committed_evidence, game):
    book = importlib.import_module(f"negenlab.{game}.report").CLAIMS
    by_strength = {cid: ev for cid, ev in committed_evidence[game].items() if isinstance(ev.what, Mapping)}
    assert by_strength, game  # every page has verdicts about play
    for cid, ev in by_strength.items():
        assert cid in book.strengths, f"{game} {cid}: measured under {list(ev.what)} but registered without strengths"
        assert set(ev.what) == set(book.strengths[cid]), (game, cid)
        assert ev.strengths == book.strengths[cid]
        assert len(ev.strengths) >= 2, (game, cid)


@pytest.mark.parametrize("game", games.NAMES)
def test_a_play_verdict_short_of_one_strength_is_untested(committed_evidence, game):
    book = importlib.import_module(f"negenlab.{game}.report").CLAIMS
    judged = 0
    for cid, ev in committed_evidence[game].items():
        if not isinstance(ev.what, Mapping):
            continue
        for gone in ev.strengths:
            fewer = replace(ev, what={k: v for k, v in ev.what.items() if k != gone})
            f = judge(book.claims[cid], fewer)
            assert f.verdict == "untested", (game, cid, gone, f.line())
            assert gone in f.sentence and f.level is None
            judged += 1
    assert judged >= 2
