"""Findings as records: the verdict vocabulary, and every registered designer claim answered on its page."""

from __future__ import annotations

import pytest
from markupsafe import escape as _escape

from negenlab import games
from negenlab.core.claims import decide, family_sentence, judged_family, register
from negenlab.core.errors import InvalidInputError
from negenlab.core.findings import VERDICTS, Finding, findings_table, verdict_counts
from negenlab.report import VERDICTS as PAGE_VERDICTS
from negenlab.report import ReportOptions, build_game_report

GAMES = games.NAMES


def html_escape(text: str) -> str:
    """Text as the page's template writes it (Jinja2's escaping)."""
    return str(_escape(text))


@pytest.fixture
def committed(page_verdicts):
    """Each game's committed verdicts, judged once a session (tests/conftest.py): four checks below read them."""
    return page_verdicts


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("reports")  # the verdicts read committed tables; 20 games do the fresh sections
    options = ReportOptions(out_dir=out, progress=False, games=20, workers=1)
    return {g: build_game_report(g, options)[0] for g in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_claim_has_one_verdict_and_nothing_else_does(pages, game):
    findings = PAGE_VERDICTS[game]
    registered = register(game)
    assert [f.claim_id for f in findings] == list(registered), f"{game}: the page's lines are not the register's"
    assert sum(f.verdict != "untested" for f in findings) >= 3, f"{game}: fewer than 3 claims decided"
    for f in findings:
        c = registered[f.claim_id]
        assert f.verdict in VERDICTS and f.claim == c.claim and f.source == c.source and f.quote == c.quote
        if f.verdict == "untested":
            assert f.sentence, f"{game}: {f.claim!r} is untested without a reason"
        else:
            assert f.exact or f.n, f"{game}: {f.claim!r} has neither n nor an exact count"
        if f.verdict == "fails":
            assert f.change, f"{game}: {f.claim!r} fails without a change to make"
    html = pages[game].read_text(encoding="utf-8")
    assert html.index('class="verdicts"') < html.index("<h2"), f"{game}: the page does not open with its verdicts"


@pytest.mark.parametrize("game", GAMES)
def test_negenlabs_questions_stand_apart_and_the_family_is_stated(pages, game):
    html = pages[game].read_text(encoding="utf-8")
    findings = PAGE_VERDICTS[game]
    block = html[html.index('class="verdicts"') : html.index("</section>")]
    if any(f.source == "negenlab" for f in findings):
        ours = block.index("negenlab's questions")
        for f in findings:
            at = block.index(html_escape(f.claim))
            assert (at > ours) == (f.source == "negenlab"), f"{game}: {f.claim!r} stands in the wrong block"
    m = judged_family(findings)
    if m:
        assert html_escape(family_sentence(m)) in block, f"{game}: the page does not state its family error control"
    assert 'id="glossary"' in html


@pytest.mark.parametrize("game", GAMES)
def test_no_verdict_line_contradicts_its_own_interval(committed, game):
    """Every committed verdict read against its own numbers: a line decided at the family's level
    is decided the same way by its 95% interval, and its number is the measured value."""
    for f in committed(game):
        rule = register(game)[f.claim_id].rule
        if f.interval is None or not rule.statistical or rule.kind == "fair":
            continue
        lo, hi = f.interval
        assert lo <= f.value <= hi, f.line()
        if f.verdict in ("holds", "fails"):
            assert decide(rule, lo, hi, f.seats) == f.verdict, f.line()


@pytest.mark.parametrize("game", GAMES)
def test_the_notebooks_verdict_cells_show_the_pages_verdicts(pages, committed, game):
    cell = committed(game)
    page = {f.claim_id: f.verdict for f in PAGE_VERDICTS[game]}
    assert [f.claim_id for f in cell] == list(page), f"{game}: the notebook cell and the page list other claims"
    assert "badge" in cell._repr_html_() and "NaN" not in cell._repr_html_()


def test_the_seat_order_verdict_tests_every_seat():
    f = next(f for f in PAGE_VERDICTS["negen"] if f.claim_id == "seat_order")
    assert "farthest from fair" in f.number and "Every seat:" in f.detail and "seat 4" in f.detail


def test_a_finding_refuses_an_unknown_verdict_or_no_claim():
    with pytest.raises(InvalidInputError, match="holds, fails, undecided, depends on the players, untested"):
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


@pytest.mark.parametrize("game", GAMES)
def test_every_untested_line_says_why_on_the_line(committed, game):
    """An untested verdict names its reason on the line a designer reads, not only in the fold."""
    for f in committed(game):
        if f.verdict == "untested":
            assert f.number.startswith("not tested: ") and len(f.number) > len("not tested: "), f.line()


@pytest.mark.parametrize("game", GAMES)
def test_every_statistical_verdict_is_re_measured(committed, game):
    """recheck.csv covers every deciding number of the committed page: each statistical line that holds,
    fails or depends on the players says what a fresh seed gave. An undecided line decides nothing (a
    disagreeing re-measurement could only leave it undecided); it says what a fresh seed gave, or that
    it was not re-measured."""
    for f in committed(game):
        if f.level is None:
            continue
        measured = bool(f.recheck) and f.recheck.startswith("re-measured on seed")
        if f.verdict == "undecided":
            assert measured or "not re-measured" in (f.recheck or ""), f"{game}: {f.claim!r} says nothing of a recheck"
        else:
            assert measured, f"{game}: {f.claim!r} ({f.verdict}) is not re-measured: {f.recheck!r}"
