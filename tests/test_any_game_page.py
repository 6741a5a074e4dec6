"""negenlab's questions for any game (issue 54, item 2): a game with no committed studies gets a page of
negenlab's questions and its designer's claims, judged by the one judge under two strengths; the desk and
the report give one answer; a claims file's measures are read by the documented vocabulary."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest

from negenlab import cli, games, report
from negenlab.core.claims import Claim, ClaimError, Rule
from negenlab.core.examples import DiceRace, Nim
from negenlab.core.questions import (
    QUESTION_IDS,
    choose_strengths,
    first_score,
    measure_claim,
    negenlab_questions,
    read_game_claims,
)
from negenlab.core.registry import GameEntry

CLAIMS = """id,claim,source,quote,where,reading,rule,unit,players,measure
quick,a race takes 1 to 4 minutes,designer,A race takes a few minutes.,the box,our reading: a few is 1 to 4 at 10 s a move,between 1 and 4,minutes,,minutes@10
even,the first player wins about half,designer,Both players have an even chance.,the box,,between 0.4 and 0.6,share,,seat_share
length,a race lasts 2 to 60 moves,negenlab,,,our band,between 2 and 60,actions,,length
"""


def dice(tmp_path, claims: str | None = CLAIMS, name: str = "race") -> GameEntry:
    path = None
    if claims is not None:
        path = tmp_path / "claims.csv"
        path.write_text(claims)
    return GameEntry(name, make_game=DiceRace, title="Race", claims=path)


def table(winners, draws=None, length=None, **cols) -> pd.DataFrame:
    n = len(winners)
    return pd.DataFrame(
        {
            "winner": winners,
            "draw": draws if draws is not None else [w == -1 for w in winners],
            "truncated": [False] * n,
            "length": length if length is not None else [10] * n,
            **cols,
        }
    )


def test_every_measure_reads_what_a_hand_count_gives():
    df = table([0, 1, 2, -1, 0], length=[4, 6, 8, 10, 12], bonus=[1, 0, 1, 1, 0], score=[3.0, 1.0, 2.0, 2.0, 2.0])
    share = Claim("s", "s", "negenlab", rule=Rule.parse("between 0.1 and 0.9"), unit="share")
    mean = Claim("m", "m", "negenlab", rule=Rule.parse("between 1 and 9"), unit="points")
    minutes = Claim("t", "t", "negenlab", rule=Rule.parse("between 1 and 9"), unit="minutes")
    assert list(measure_claim(share, "seat_share").per_game(df)) == [1, 0, 0, 0, 1]
    assert list(measure_claim(share, "seat_share:3").per_game(df)) == [0, 0, 1, 0, 0]
    assert list(measure_claim(share, "draw_rate").per_game(df)) == [0, 0, 0, 1, 0]
    assert list(measure_claim(share, "rate:bonus").per_game(df)) == [1, 0, 1, 1, 0]
    assert list(measure_claim(mean, "mean:score").per_game(df)) == [3, 1, 2, 2, 2]
    assert list(measure_claim(mean, "length").per_game(df)) == [4, 6, 8, 10, 12]
    assert np.allclose(measure_claim(minutes, "minutes@30").per_game(df), [2, 3, 4, 5, 6])
    fair = Claim("f", "f", "negenlab", rule=Rule.parse("fair within 0.05"), unit="share")
    assert list(measure_claim(fair, "seats").winning_seats(df)) == [0, 1, 2, -1, 0]


@pytest.mark.parametrize(
    ("rule", "unit", "measure", "words"),
    [
        ("between 1 and 2", "points", "furlongs", "cannot read the measure 'furlongs'"),
        ("between 0.1 and 0.9", "points", "seat_share", "is a share; give the unit 'share'"),
        ("fair within 0.05", "share", "seat_share", "the measure 'seats' goes with a 'fair within T' rule"),
        ("between 0.1 and 0.9", "share", "seats", "the measure 'seats' goes with a 'fair within T' rule"),
        ("between 1 and 9", "points", "minutes@30", "with the unit 'minutes'"),
        ("between 1 and 9", "minutes", "minutes@0", "0 < S <= 3600"),
        ("between 0.1 and 0.9", "points", "rate:bonus", "is a share"),
        ("exact", "", "length", "is not judged from play"),
    ],
)
def test_a_measure_that_does_not_fit_its_claim_is_one_line(rule, unit, measure, words):
    with pytest.raises(ClaimError, match=words):
        measure_claim(Claim("x", "x", "negenlab", rule=Rule.parse(rule), unit=unit), measure)


def test_a_column_the_game_does_not_report_is_named():
    c = measure_claim(Claim("m", "m", "negenlab", rule=Rule.parse("between 1 and 9"), unit="points"), "mean:gold")
    with pytest.raises(ClaimError, match="reads the column 'gold', which the game does not report; .* gives silver"):
        c.per_game(table([0, 1], silver=[1, 2]))
    r = measure_claim(Claim("r", "r", "negenlab", rule=Rule.parse("between 0.1 and 0.9"), unit="share"), "rate:silver")
    with pytest.raises(ClaimError, match="rate:silver reads a 0/1 column"):
        r.per_game(table([0, 1], silver=[1, 2]))


def test_the_claims_file_is_checked_like_a_register(tmp_path):
    claims = read_game_claims(dice(tmp_path).claims, "race")
    assert [c.claim.id for c in claims] == ["quick", "even", "length"]
    assert claims[0].scale == pytest.approx(10 / 60) and claims[0].claim.designer
    for bad, words in [
        (CLAIMS.replace("minutes@10", "hours"), r"bad.csv, line 2: claim 'quick': cannot read the measure 'hours'"),
        (CLAIMS + CLAIMS.splitlines()[1] + "\n", "id"),
        (CLAIMS.replace(",minutes,,minutes@10", ",furlongs,,minutes@10"), "furlongs"),
        (CLAIMS.replace("A race takes a few minutes.", ""), "a designer's claim quotes the designer's words"),
        (CLAIMS.replace(",seat_share\n", ",\n"), "claim 'even': name its measure"),
    ]:
        path = tmp_path / "bad.csv"
        path.write_text(bad)
        with pytest.raises(ValueError, match=words):
            read_game_claims(path, "race")
    with pytest.raises(ValueError, match="does not exist"):
        read_game_claims(tmp_path / "missing.csv", "race")


def test_negenlab_asks_every_question_of_any_game():
    assert [c.claim.id for c in negenlab_questions(3)] == list(QUESTION_IDS[:-1])
    assert [c.claim.id for c in negenlab_questions(1)] == ["draw_rate", "length", "decisive"]
    assert all(
        c.claim.source == "negenlab" and c.claim.reading.startswith("Our reading") for c in negenlab_questions(2)
    )
    with pytest.raises(ValueError, match="at least one player"):
        negenlab_questions(0)


def test_the_strengths_follow_the_games_cost_and_not_the_machine():
    assert choose_strengths(Nim((1, 2, 3))) == ("mcts:200", "mcts:800")
    assert choose_strengths(Nim((1, 2, 3))) == choose_strengths(Nim((1, 2, 3)))
    long = choose_strengths(Nim((9, 9, 9, 9, 9, 9, 9, 9)))  # about 40 random moves: a cheaper pair
    assert long != ("mcts:200", "mcts:800") and int(long[1].split(":")[1]) == 4 * int(long[0].split(":")[1])


def test_a_plugins_page_is_built_and_the_desk_gives_its_answer(registry, capsys, tmp_path):
    games.register(GameEntry("nim12", make_game=lambda: Nim((1, 2)), title="Nim <b>1-2</b>"))
    assert games.page_verdicts("nim12") == []  # no page played yet: nothing to state
    code = cli.main(["report", "nim12", "-o", str(tmp_path / "rep"), "--quiet", "--games", "100"])
    assert code == 0 and capsys.readouterr().out.strip().endswith("index.html")
    page = (tmp_path / "rep" / "nim12.html").read_text()
    index = (tmp_path / "rep" / "index.html").read_text()
    assert "<b>1-2</b>" not in page + index and "Nim &lt;b&gt;1-2&lt;/b&gt;" in index
    assert "first player wins" in page and "stronger play wins more" in page
    code = cli.main(["report", "nim12", "--json", "--quiet", "--games", "100"])
    records = json.loads(capsys.readouterr().out)["nim12"]
    verdicts = {r["claim_id"]: r["verdict"] for r in records}
    assert verdicts == {
        "perfect_play": "holds",
        "fairness": "fails",
        "first_edge": "holds",
        "draw_rate": "holds",
        "length": "fails",
        "decisive": "holds",
        "skill": "fails",  # both strengths play perfectly: the stronger wins no more
    }
    # the desk states the page's answer: the same lines from the same games, under the page's own design
    desk = games.page_verdicts("nim12")
    assert desk == report.VERDICTS["nim12"]  # every word, the looks behind each interval included
    assert [(f.claim_id, f.verdict, f.number) for f in desk] == [
        (r["claim_id"], r["verdict"], r["number"]) for r in records
    ]


def test_a_plugins_variant_is_judged_as_its_page_judges_it(registry, tmp_path):
    games.register(dice(tmp_path))
    claims = games.variant_claims("race")
    assert [c.claim.id for c in claims][:3] == ["quick", "even", "length"]
    assert {c.claim.id for c in claims} >= {"fairness", "first_edge", "draw_rate", "decisive"}
    assert all(c.strengths == games.page_strengths("race") for c in claims)
    screen = games.try_variant("race", {"target": 30}, "random", max_units=100, progress=False)
    assert {f.verdict for f in screen.findings} <= {"quick screen"} and len(screen.findings) == len(claims)
    length = next(f for f in screen.findings if f.claim_id == "length")
    assert length.sentence.startswith("With target=30")


def test_a_plugins_claim_file_replaces_negenlabs_question_of_the_same_id(registry, tmp_path):
    games.register(dice(tmp_path))
    ids = [c.claim.id for c in games.page_claims("race")]
    assert ids.count("length") == 1 and ids.index("length") == 2  # the designer's band, not negenlab's
    assert next(c for c in games.page_claims("race") if c.claim.id == "length").claim.rule.hi == 60


def test_a_page_played_on_two_workers_is_the_page_on_one(registry, tmp_path):
    games.register(GameEntry("nim12", make_game=lambda: Nim((1, 2))))
    one = games.game_page("nim12", seed=3, store=tmp_path / "a", max_units=100)
    two = games.game_page("nim12", seed=3, store=tmp_path / "b", max_units=100, workers=2)
    assert one.table.equals(two.table)
    assert [f.number for f in one.findings] == [f.number for f in two.findings]
    assert not math.isnan(one.table["value"].iloc[0])


def test_the_first_players_score_counts_a_draw_as_a_share():
    df = table([0, 1, 2, -1, 0], return_0=[1] * 5, return_1=[0] * 5, return_2=[0] * 5)
    assert first_score(df).tolist() == pytest.approx([1, 0, 0, 1 / 3, 1])
    edge = next(c for c in negenlab_questions(3) if c.claim.id == "first_edge")
    assert edge.per_game(df).tolist() == pytest.approx([1, 0, 0, 1 / 3, 1])


def test_every_verb_and_the_widget_serve_a_throwaway_game(registry, capsys, tmp_path):
    """Adding a game touches no file of negenlab: a game registered here gets every verb and the desk."""
    games.register(GameEntry("racex", make_game=lambda target=4, players=2: DiceRace(target, players), title="Race"))
    for argv in (
        ["racex", "simulate", "--games", "4", "--workers", "1", "--json"],
        ["racex", "variant", "--set", "target=5", "--max-units", "100", "--workers", "1", "--json"],
        ["tune", "racex", "--set", "target=3..6", "--target", "length=2..4", "--budget", "2",
         "--games-per-trial", "10", "--confirm", "1", "--max-units", "10", "--workers", "1", "--json"],
        ["report", "racex", "--games", "100", "--quiet", "-o", str(tmp_path / "rep")],
    ):  # fmt: skip
        code = cli.main(argv)
        out, err = capsys.readouterr()
        assert code == 0, (argv, err)
    judged = games.judge_variant("racex", {"target": 5}, max_units=100, progress=False)
    strengths = " in every seat, and ".join(games.page_strengths("racex")) + " in every seat"
    assert {f.players for f in judged.findings} == {strengths}
    assert {f.verdict for f in judged.findings} <= {"holds", "fails", "undecided", "depends on the players"}
    from negenlab.desk import variant_widget

    w = variant_widget("racex", folder=tmp_path / "desk", max_units=100)
    w.pickers["target"].value = "5"
    result = w.run(wait=True)
    assert {f.verdict for f in result.findings} == {"quick screen"}
    assert [f.claim_id for f in result.page] == [f.claim_id for f in report.VERDICTS["racex"]]  # the page beside
