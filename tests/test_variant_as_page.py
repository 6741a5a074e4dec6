"""A variant judged as the page judges the game (``judge_variant``, ``variant --as-page``): the page's
own player strengths, each in every seat, both sides on common seeds, verdicts by the one judge that
hold or fail only where every strength agrees, nothing decided on fewer than MIN_UNITS units, and a
claim the variant does not ask is not played."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from negenlab import games
from negenlab.cli import main
from negenlab.core.agents import MCTSAgent, RandomAgent
from negenlab.core.claims import Claim, Rule
from negenlab.core.compare import MIN_UNITS
from negenlab.core.examples import DiceRace
from negenlab.core.variant import VariantClaim, judge_variant, try_variant
from negenlab.core.widgets import VariantWidget

PLAYERS = {"random": RandomAgent, "mcts:10": lambda: MCTSAgent(10)}


def race_claim(lo: float, hi: float, **kw) -> VariantClaim:
    rule = Rule.parse(f"between {lo} and {hi}")
    return VariantClaim(Claim("race", "a race lasts a while", "negenlab", rule=rule, unit="moves"), "length", **kw)


def players_for(calls: list):
    def make(spec, game):
        calls.append(spec)
        return [PLAYERS[spec]() for _ in range(game.num_players)]

    return make


def test_both_strengths_decide_and_the_line_names_them():
    calls: list = []
    claim = race_claim(8, 40, strengths=("random", "mcts:10"))
    r = judge_variant(
        lambda f: DiceRace(**f), {"target": 30}, players_for(calls), [claim], max_units=300, progress=False
    )
    f = r.findings[0]
    assert f.verdict == "holds" and f.players == "random in every seat, and mcts:10 in every seat"
    assert set(r.table["strength"]) == {"random", "mcts:10"}
    assert all(r.extra["units_by_strength"][s] >= MIN_UNITS for s in ("random", "mcts:10"))
    assert "judged as the page judges it" in r.headline() and "quick screen" not in r.headline()


def test_nothing_is_decided_below_the_minimum_units():
    claim = race_claim(8, 40, strengths=("random",))
    r = judge_variant(lambda f: DiceRace(**f), {"target": 30}, players_for([]), [claim], max_units=MIN_UNITS - 50,
                      batch=50, progress=False)  # fmt: skip
    assert r.findings[0].verdict == "undecided" and r.capped


def test_at_the_default_rules_both_sides_play_the_same_games():
    claim = race_claim(1, 5, strengths=("random",))
    r = judge_variant(lambda f: DiceRace(**f), {}, players_for([]), [claim], max_units=MIN_UNITS, progress=False)
    row = r.table.iloc[0]
    assert row["identical"] and row["change"] == "no change" and row["variant"] == row["default"]


def test_a_claim_the_variant_does_not_ask_is_not_played():
    calls: list = []
    asked = race_claim(8, 40, strengths=("random",))
    not_asked = race_claim(8, 40, strengths=("mcts:10",), asked=lambda f: "no target here" if "target" in f else None)
    r = judge_variant(lambda f: DiceRace(**f), {"target": 30}, players_for(calls), [asked, not_asked],
                      max_units=MIN_UNITS, progress=False)  # fmt: skip
    assert "mcts:10" not in calls
    assert [f.verdict for f in r.findings][1] == "not asked" and "no target here" in r.findings[1].number


def test_every_games_variant_claims_name_the_pages_strengths():
    for name in games.NAMES:
        for c in games.variant_claims(name):
            assert len(c.strengths) == 2, (name, c.claim.id)
            games.entry(name).seat_agents(c.strengths[0], 2 if name != "polymer" else 5)  # the specs parse


def test_the_cli_judges_as_the_page_and_refuses_other_players(capsys):
    argv = ["negen", "variant", "--set", "target_score=1", "--as-page", "--max-units", "2", "--batch", "2", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["mode"] == "as the page judges" and "--as-page" in out["command"]
    assert {v["players"] for v in out["verdicts"]} == {"closer in every seat, and planner in every seat"}
    assert {v["verdict"] for v in out["verdicts"]} == {"undecided"}  # two games a strength decide nothing
    assert main(["negen", "variant", "--as-page", "--agents", "random"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--as-page plays the page's own players" in err[0]


def test_the_widget_judges_as_the_page_when_asked(tmp_path):
    @dataclass
    class RaceRules:
        target: int = 10

    claim = race_claim(8, 40, strengths=("random",))

    def screen(fields, agents, **kw):
        return try_variant(lambda f: DiceRace(**f), fields, [RandomAgent()] * 2, [claim], progress=False, **kw)

    def as_page(fields, **kw):
        return judge_variant(lambda f: DiceRace(**f), fields, players_for([]), [claim], progress=False, **kw)

    w = VariantWidget("Dice race", RaceRules(), screen, page_run=as_page, folder=tmp_path, max_units=MIN_UNITS)
    w.pickers["target"].value = "30"
    assert w.run(wait=True).findings[0].verdict == "quick screen"
    w.as_page.value = True
    assert w.agents.disabled
    assert w.run(wait=True).findings[0].verdict == "holds"
    assert VariantWidget("Dice race", RaceRules(), screen, folder=tmp_path).as_page.layout.display == "none"


def test_the_default_side_reads_the_pages_own_games():
    """FEN's pie claim: the default side is the committed pie study's games (data/fen/pie_store), read, not
    played again; a variant that changes nothing reads them too, so the run plays nothing here."""
    r = games.judge_variant("fen", {}, max_units=MIN_UNITS, batch=MIN_UNITS, progress=False, page=())
    committed = pd.concat(pd.read_parquet(p) for p in sorted(Path("data/fen/pie_store/mcts200-pie").glob("*.parquet")))
    first = committed.sort_values("game").head(MIN_UNITS)
    row = r.table[r.table["strength"] == "mcts:200"].iloc[0]
    assert row["default"] == pytest.approx((first["winner"] == 0).mean()) and row["identical"]
    assert "are the page's own (data/fen/pie_store/mcts200-pie)" in r.findings[0].sentence
