"""One question, one answer: the variant tool's default side of every claim is the page's own line
(number, n, verdict, players, from the committed studies), its own runs are quick screens that name
their players and never say holds or fails, and a claim the variant does not ask says so."""

from __future__ import annotations

import json

import pytest

from negenlab import games
from negenlab.cli import main
from negenlab.core.findings import verdict_records

SMALL = {"negen": {}, "fen": {"board": "triangle:3"}, "polymer": {"players": 5}, "necklace": {"size": 4}}
"""A small variant of each game, so that a screen of two units plays in seconds."""


@pytest.fixture
def page(page_verdicts):
    """Each game's page, judged once from its committed studies by its own report module."""
    return page_verdicts


@pytest.mark.parametrize("game", games.NAMES)
def test_the_default_side_is_the_pages_line_and_a_screen_never_says_holds_or_fails(game, page):
    r = games.try_variant(game, SMALL[game], "random", max_units=2, batch=2, progress=False, backend="serial")
    assert verdict_records(r.page) == verdict_records(page(game))  # every claim: number, n, verdict, players
    for f in r.findings:
        assert f.verdict in ("quick screen", "not asked") and f.change is None, f.line()
        line = f.line()
        assert "holds" not in line and "fails" not in line, line
        if f.verdict == "quick screen":
            assert f.number.startswith("quick screen, random in every seat: ") and f.players == "random in every seat"
        on_page = next(p for p in page(game) if p.claim_id == f.claim_id)
        assert f"The page at the default Rules: {on_page.verdict}, {on_page.number}" in f.sentence


def test_the_json_records_are_the_pages(page, capsys):
    assert main(["report", "necklace", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"necklace": json.loads(json.dumps(verdict_records(page("necklace"))))}
    assert {"claim_id", "verdict", "number", "n", "interval", "players", "level", "recheck"} <= set(out["necklace"][0])


def test_claims_a_variant_does_not_ask_say_so():
    quick = dict(max_units=2, batch=2, progress=False, backend="serial", page=())  # the page is not what this reads
    fen = games.try_variant("fen", {"pie_rule": False, "board": "triangle:3"}, "random", **quick)
    (pie,) = fen.findings
    assert pie.verdict == "not asked" and "the pie rule, which this variant turns off" in pie.number
    assert "the swap rate" in pie.number  # the measured effect still leads: 0% against the default's
    necklace = games.try_variant("necklace", {"size": 7, "swap": False}, "random", **quick)
    opening = next(f for f in necklace.findings if f.claim_id == "fair_opening")
    assert opening.verdict == "not asked" and "without the swap rule" in opening.number
    at_default = games.try_variant("necklace", {}, "random", **quick)
    assert next(f for f in at_default.findings if f.claim_id == "fair_opening").verdict == "not asked"  # 9x9


@pytest.mark.parametrize("game", games.NAMES)
def test_the_page_names_the_players_each_line_was_judged_under(game, page):
    """Every statistical line of a page names its players: the variant tool and tools read them."""
    for f in page(game):
        if f.level is not None:
            assert f.players, f"{game}: {f.claim_id} names no players"
