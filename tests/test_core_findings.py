"""Findings as records: the verdict vocabulary, and every registered designer claim answered on its page."""

from __future__ import annotations

import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.core.findings import VERDICTS, Finding, findings_table, registered_claims, verdict_counts
from negenlab.report import VERDICTS as PAGE_VERDICTS
from negenlab.report import ReportOptions, build_game_report

GAMES = ("negen", "fen", "polymer", "necklace")


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("reports")
    return {g: build_game_report(g, ReportOptions(out_dir=out, progress=False))[0] for g in GAMES}


def claims_missing_and_extra(registered: list[str], findings: list[Finding]) -> tuple[set, set]:
    said = [f.claim for f in findings]
    return set(registered) - set(said), set(said) - set(registered)


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_claim_has_one_verdict_and_nothing_else_does(pages, game):
    findings = PAGE_VERDICTS[game]
    registered = registered_claims(game)
    missing, extra = claims_missing_and_extra(registered, findings)
    assert not missing, f"{game}: registered claims without a verdict: {missing}"
    assert not extra, f"{game}: verdicts on claims not in data/{game}/claims.csv: {extra}"
    assert len(findings) == len(registered) == len(set(registered))  # one line per claim
    assert sum(f.verdict != "untested" for f in findings) >= 3, f"{game}: fewer than 3 claims decided"
    for f in findings:
        assert f.verdict in VERDICTS
        if f.verdict == "untested":
            assert f.sentence, f"{game}: {f.claim!r} is untested without a reason"
        else:
            assert f.exact or f.n, f"{game}: {f.claim!r} has neither n nor an exact count"
        if f.verdict == "fails":
            assert f.change, f"{game}: {f.claim!r} fails without a change to make"
    html = pages[game].read_text(encoding="utf-8")
    assert html.index("class=\"verdicts\"") < html.index("<h2"), f"{game}: the page does not open with its verdicts"


@pytest.mark.parametrize("game", GAMES)
def test_the_notebooks_verdict_cells_show_the_pages_verdicts(pages, game):
    import importlib

    cell = importlib.import_module(f"negenlab.{game}.report").committed_verdicts()
    page = {f.claim: f.verdict for f in PAGE_VERDICTS[game]}
    assert [f.claim for f in cell] == list(page), f"{game}: the notebook cell and the page list other claims"
    if game != "necklace":  # the Necklace page adds its fresh sample's games to the draw count
        assert {f.claim: f.verdict for f in cell} == page


def test_the_register_check_sees_a_dropped_and_an_added_claim():
    registered = ["a", "b"]
    kept = [Finding("a", "holds", "1", n=10)]
    assert claims_missing_and_extra(registered, kept) == ({"b"}, set())
    assert claims_missing_and_extra(registered, kept + [Finding("b", "fails", "2", n=5), Finding("c", "holds", "3")]) == (
        set(),
        {"c"},
    )


def test_a_finding_refuses_an_unknown_verdict_or_no_claim():
    with pytest.raises(InvalidInputError, match="holds, fails, undecided, untested"):
        Finding("fair seats", "maybe", "50%")
    with pytest.raises(InvalidInputError, match="claim"):
        Finding("", "holds", "50%")


def test_counts_and_table_keep_the_verdicts():
    fs = [Finding("a", "holds", "1", n=3), Finding("b", "untested", "-", sentence="why"), Finding("c", "holds", "2")]
    assert verdict_counts(fs) == {"holds": 2, "untested": 1}
    table = findings_table(fs)
    assert list(table["verdict"]) == ["holds", "untested", "holds"] and list(table["claim"]) == ["a", "b", "c"]


OLD_SEAT_NAMES = r"\bseat 0\b|\bSeat 1\b(?! \(first\))|\bP\d\b|\bplayer \d\b|\bwinner \d\b"
"""How seats were named before ``seat_name``: 0-based, "Seat 1" without "(first)", "P0", "player 2", "winner 2"."""


@pytest.mark.parametrize("game", GAMES)
def test_pages_and_committed_tables_name_seats_one_way(pages, game):
    import re
    from pathlib import Path

    text = re.sub(r"<[^>]+>", " ", pages[game].read_text(encoding="utf-8"))  # what the page says, not its markup
    found = sorted(set(re.findall(OLD_SEAT_NAMES, text)))
    assert not found, f"{game} page names seats {found}; every page says 'seat 1 (first)', 'seat 2', ..."
    data = Path(__file__).resolve().parents[1] / "data" / game
    for table in sorted(data.glob("*.csv")) + sorted(data.glob("*.json")):
        found = sorted(set(re.findall(OLD_SEAT_NAMES, table.read_text(encoding="utf-8"))))
        assert not found, f"{table.name} names seats {found}"
