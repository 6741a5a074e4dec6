"""No committed verdict rests on a hair: every line a page states as holds or fails clears its line by
at least its Monte Carlo error (the standard error of its estimate), under every player strength and
in every seat or step. The judge plays such a line as undecided (more games first); this reads every
page's evidence as the judge saw it and checks the margins itself."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

import pytest

from negenlab import games
from negenlab.core import claims as C


@pytest.mark.parametrize("game", games.NAMES)
def test_no_committed_verdict_clears_its_line_by_less_than_its_monte_carlo_error(game, monkeypatch):
    seen = []
    judge = C.judge

    def recording(claim, evidence, family=1, recheck=None, alpha=C.ALPHA):
        finding = judge(claim, evidence, family, recheck, alpha)
        seen.append((claim, evidence, family, alpha, finding))
        return finding

    monkeypatch.setattr(C, "judge", recording)
    importlib.import_module(f"negenlab.{game}.report").committed_verdicts()
    for claim, evidence, family, alpha, finding in seen:
        if finding.level is None or finding.verdict not in ("holds", "fails", "depends on the players"):
            continue
        by = dict(evidence.what) if isinstance(evidence.what, Mapping) else {"": evidence.what}
        for strength, s in by.items():
            level = alpha / family
            if C.verdict_of(claim.rule, s, level, evidence.players_count) == "undecided":
                continue
            near = C.hairs(claim.rule, s, level, evidence.players_count)
            assert not near, f"{game}: {claim.id} ({strength or 'one strength'}) clears its line by a hair: {near}"
    assert seen, f"{game}: the page judged nothing"  # FEN states no statistical verdict today: every line plays on
