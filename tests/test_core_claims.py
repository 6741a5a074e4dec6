"""The one judge: rules, measurements, verdicts at the family's level, several player strengths and
re-measurements; every register row of every game declared once, with its source and quote."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from negenlab import games
from negenlab.core.agents import MCTSAgent, RandomAgent
from negenlab.core.claims import (
    Claim,
    ClaimBook,
    ClaimError,
    Evidence,
    Exact,
    Measure,
    Rule,
    Seats,
    Steps,
    Untested,
    decide,
    family_sentence,
    family_size,
    judge,
    quote_found,
    recheck_rows,
    rechecks_from_table,
    register,
    verdict_of,
    z_for,
)
from negenlab.core.compare import compare
from negenlab.core.examples import Nim
from negenlab.core.ladder import step_measure, trace_looks
from negenlab.core.metrics import Z95, wilson_interval

ROOT = Path(__file__).resolve().parents[1]


def claim(rule: str, unit: str = "share", source: str = "negenlab") -> Claim:
    return Claim(
        "c", "a claim", source, quote="words" if source == "designer" else "", rule=Rule.parse(rule), unit=unit
    )


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("between 20 and 30", "between"),
        ("above fair by 0.05", "above"),
        ("below 0 by 0.5", "below"),
        ("fair within 0.05", "fair"),
        ("exact", "exact"),
        ("untested", "untested"),
    ],
)
def test_rules_read_their_words(text, kind):
    assert Rule.parse(text).kind == kind


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("between 30 and 20", "LO < HI"),
        ("around 20", "cannot read"),
        ("above fair by 0", "margin > 0"),
        (12, "is text"),
    ],
)
def test_a_bad_rule_is_one_clear_error(text, match):
    with pytest.raises(ClaimError, match=match):
        Rule.parse(text)


@pytest.mark.parametrize(
    ("rule", "lo", "hi", "players", "expected"),
    [
        ("between 20 and 30", 21, 29, None, "holds"),
        ("between 20 and 30", 8, 9, None, "fails"),
        ("between 20 and 30", 31, 40, None, "fails"),
        ("between 20 and 30", 19, 21, None, "undecided"),
        ("above fair by 0.05", 0.36, 0.40, 3, "holds"),  # wholly above a third + 2.5 points
        ("above fair by 0.05", 0.30, 0.35, 3, "fails"),  # wholly below it: no edge of 5 points
        ("above fair by 0.05", 0.34, 0.40, 3, "undecided"),  # above a third, not above the midpoint
        ("below 0 by 0.5", -0.9, -0.3, None, "holds"),
        ("below 0 by 0.5", -0.2, 0.2, None, "fails"),
        ("below 0 by 0.5", -0.6, 0.2, None, "undecided"),
        ("fair within 0.05", 0.30, 0.36, 3, "holds"),
        ("fair within 0.05", 0.15, 0.19, 4, "fails"),
    ],
)
def test_decide(rule, lo, hi, players, expected):
    assert decide(Rule.parse(rule), lo, hi, players) == expected


def test_a_verdict_never_turns_over_as_its_interval_narrows():
    """Decisions are monotone: a wider interval (a stricter level) can only leave a verdict undecided,
    never turn holds into fails or back, for every rule kind."""
    rng = np.random.default_rng(3)
    rules = ["between 0.3 and 0.6", "above fair by 0.05", "below 0.5 by 0.1", "fair within 0.05"]
    for _ in range(3000):
        rule = Rule.parse(rules[int(rng.integers(len(rules)))])
        centre, half = float(rng.random()), float(rng.random()) * 0.2
        narrow = decide(rule, centre - half, centre + half, 3)
        wide = decide(rule, centre - 1.5 * half - 0.01, centre + 1.5 * half + 0.01, 3)
        assert wide in (narrow, "undecided"), (rule, centre, half, narrow, wide)


def test_an_interval_with_no_ends_decides_nothing():
    assert decide(Rule.parse("between 0 and 1"), math.nan, math.nan) == "undecided"


def test_measures_from_units_count_games_and_keep_rates_wilson():
    rate = Measure.of_units([1, 0, 1, 1, 0] * 20)
    assert rate.successes == 60 and rate.n == 100 and rate.interval() == pytest.approx(wilson_interval(60, 100))
    rotated = Measure.of_units([0.5, 0.25, 0.75, 0.5], games_per_unit=4)
    assert rotated.units == 4 and rotated.n == 16 and rotated.successes is None
    back = Measure.of_interval(8.75, 8.3, 9.2, units=500)
    assert back.interval() == pytest.approx((8.3, 9.2))


def test_every_seat_is_tested_and_the_worst_named():
    # the 4-player closers: 90/78/113/119 of 400; seat 2 at 19.5% [15.9, 23.7]
    seats = Seats.of_wins([90, 78, 113, 119])
    assert seats.worst == 1 and round(seats.p_equal, 3) == 0.011
    f = judge(claim("fair within 0.05"), Evidence(seats))
    assert f.verdict == "undecided" and "seat 2" in f.number and "19.5%" in f.number
    assert "seat 4 29.8%" in f.detail  # every seat in the detail
    # a seat far off fails even when seat 1 looks fair
    lopsided = Seats.of_wins([250, 100, 250, 400])
    assert judge(claim("fair within 0.05"), Evidence(lopsided)).verdict == "fails"
    # the chi-square test of equal seats stays in the fold, said to ask another question than the band
    assert "chi-square" not in f.number and "chi-square test of exactly equal seats (p = 0.011)" in f.detail
    assert "(p < 0.001)" in judge(claim("fair within 0.05"), Evidence(lopsided)).detail
    assert "where a fair share is 25.0%" in f.number and "the band allows 5.0 points" in f.number
    assert judge(claim("fair within 0.05"), Evidence(Seats.of_wins([1251, 1249, 1250, 1250]))).verdict == "holds"


def test_the_family_level_decides_and_the_95_interval_is_shown():
    m = Measure.of_rate(560, 1000)  # 95% [52.9, 59.0]: outside 45-55%? no, its top is above 55%
    c = claim("between 0.45 and 0.55")
    assert judge(c, Evidence(m), family=1).verdict == "undecided"
    lone = Measure.of_rate(610, 1000)  # 95% [57.9, 64.0]: outside at 95%, by more than its standard error
    assert judge(c, Evidence(lone), family=1).verdict == "fails"
    # 59.0% [55.9, 62.0] clears 55% by 0.9 points, less than its standard error of 1.55: more games first
    hair = judge(c, Evidence(Measure.of_rate(590, 1000)), family=1)
    assert (
        hair.verdict == "undecided"
        and "less than its Monte Carlo error" in hair.sentence
        and "(by 0.92 points against 1.55 points)" in hair.sentence
    )
    # at a family of 40, a number that is enough alone is not enough: more games, not a verdict
    assert judge(c, Evidence(Measure.of_rate(605, 1000)), family=1).verdict == "fails"
    f = judge(c, Evidence(Measure.of_rate(605, 1000)), family=40)
    assert f.verdict == "undecided" and f.level == pytest.approx(1 - 0.05 / 40)
    assert f.interval == pytest.approx(wilson_interval(605, 1000))  # the line shows the 95% interval
    assert "95% [57.4, 63.5]" in f.line()


def test_two_strengths_must_agree():
    c = claim("above fair by 0.05")
    strong, weak, flat = Measure.of_rate(450, 1000), Measure.of_rate(300, 1000), Measure.of_rate(360, 1000)
    both = judge(c, Evidence({"greedy": strong, "planner": Measure.of_rate(470, 1000)}, players_count=3))
    assert both.verdict == "holds" and "greedy:" in both.number and "planner:" in both.number
    split = judge(c, Evidence({"greedy": strong, "planner": weak}, players_count=3))
    assert split.verdict == "depends on the players" and split.badge == "depends"
    assert judge(c, Evidence({"greedy": strong, "planner": flat}, players_count=3)).verdict == "undecided"


def test_a_play_verdict_with_a_named_strength_missing_is_untested_never_decided_by_the_other():
    c = claim("above fair by 0.05")
    strong = Measure.of_rate(450, 1000)  # holds on its own
    named = ("greedy", "planner")
    assert judge(c, Evidence({"greedy": strong}, players_count=3)).verdict == "holds"  # no strengths named
    f = judge(c, Evidence({"greedy": strong}, players_count=3, strengths=named))
    assert f.verdict == "untested" and f.number == "not tested: measured under one strength only"
    assert "Measured under greedy only" in f.sentence and "planner has no committed measurement" in f.sentence
    assert judge(c, Evidence({}, players_count=3, strengths=named)).verdict == "untested"
    short = Evidence({"greedy": strong}, players_count=3, strengths=named)
    assert not short.statistical and family_size([short, Evidence(strong)]) == 1  # not one of the page's family
    both = judge(c, Evidence({"greedy": strong, "planner": strong}, players_count=3, strengths=named))
    assert both.verdict == "holds"
    with pytest.raises(ClaimError, match="measured under 'mcts:50', expected the strengths greedy, planner"):
        judge(c, Evidence({"greedy": strong, "planner": strong, "mcts:50": strong}, players_count=3, strengths=named))


def test_steps_fail_when_a_step_fails_and_hold_when_all_hold():
    c = claim("above 0.5 by 0.05")
    up = Measure.of_rate(700, 1000)
    assert judge(c, Evidence(Steps((("a", up), ("b", up))))).verdict == "holds"
    assert judge(c, Evidence(Steps((("a", up), ("b", Measure.of_rate(450, 1000)))))).verdict == "fails"
    assert verdict_of(Rule.parse("above 0.5 by 0.05"), Steps((("a", up),)), 0.05) == "holds"


def test_exact_and_untested_claims_carry_no_level():
    e = judge(Claim("e", "exact one", "negenlab", rule=Rule.parse("exact")), Evidence(Exact(True, "3 of 3")))
    u = judge(Claim("u", "open one", "negenlab", rule=Rule.parse("untested")), Evidence(Untested("no players yet")))
    assert (e.verdict, e.exact, e.level) == ("holds", True, None)
    assert (u.verdict, u.sentence, u.level) == ("untested", "no players yet", None)


def test_a_statistical_verdict_never_contradicts_its_own_interval():
    rng = np.random.default_rng(7)
    rules = ["between 0.3 and 0.6", "above fair by 0.05", "below 0.5 by 0.1", "fair within 0.05"]
    for _ in range(400):
        n = int(rng.integers(20, 2000))
        k = int(rng.integers(0, n + 1))
        rule = rules[int(rng.integers(len(rules)))]
        if rule.startswith("fair"):
            continue
        f = judge(claim(rule), Evidence(Measure.of_rate(k, n), players_count=3), family=int(rng.integers(1, 20)))
        lo, hi = f.interval
        if f.verdict in ("holds", "fails"):  # decided at the family's level, so at 95% too
            assert decide(Rule.parse(rule), lo, hi, 3) == f.verdict, (rule, k, n)


def test_the_judge_refuses_what_it_cannot_read():
    with pytest.raises(ClaimError, match="Evidence"):
        judge(claim("between 0 and 1"), Measure.of_rate(1, 2))  # type: ignore[arg-type]
    with pytest.raises(ClaimError, match="statistical evidence"):
        judge(Claim("e", "x", "negenlab", rule=Rule.parse("exact")), Evidence(Measure.of_rate(1, 2)))
    with pytest.raises(ClaimError, match="quotes the designer"):
        Claim("d", "x", "designer", quote="", rule=Rule.parse("exact"))
    with pytest.raises(ClaimError, match="source"):
        Claim("d", "x", "the designers", rule=Rule.parse("exact"))
    with pytest.raises(ClaimError, match="alpha"):
        z_for(1.5)


def test_rechecks_round_trip_through_their_table():
    seats = Seats.of_wins([30, 40, 30])
    rows = recheck_rows("seat_order", Steps((("3 players", seats),)), 2025) + recheck_rows(
        "skill", {"greedy": Measure.of_rate(40, 100), "planner": Measure.of_rate(45, 100)}, 2025
    )
    table = pd.DataFrame(rows)
    like = {
        "seat_order": Evidence(Steps((("3 players", seats),))),
        "skill": Evidence({"greedy": Measure.of_rate(1, 2), "planner": Measure.of_rate(1, 2)}),
    }
    back = rechecks_from_table(table, like)
    assert back["skill"].what["planner"].successes == 45 and back["skill"].seed == 2025
    assert isinstance(back["seat_order"].what, Steps)


def test_family_sentence_states_the_split():
    assert "5% split over 12" in family_sentence(12) and "99.6%" in family_sentence(12)


def test_a_claim_book_refuses_a_second_function_for_one_claim():
    book = ClaimBook("negen")
    book.measures("duration")(lambda x: Evidence(Untested("-")))
    with pytest.raises(ClaimError, match="two functions"):
        book.measures("duration")(lambda x: Evidence(Untested("-")))


# --- every game's register ---------------------------------------------------------------------------
def excerpts(game: str) -> str:
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert "## Source excerpts" in text, f"docs/rules/{game}.md has no 'Source excerpts' section"
    return text.split("## Source excerpts", 1)[1]


@pytest.mark.parametrize("game", games.NAMES)
def test_every_register_row_has_a_source_and_every_designer_quote_is_verbatim(game):
    claims = register(game)
    assert claims, game
    found = excerpts(game)
    for c in claims.values():
        assert c.source in ("designer", "negenlab")
        if c.designer:
            assert quote_found(c.quote, found), f"{game}: the quote of {c.id!r} is not verbatim in the excerpts"
            assert c.reading, f"{game}: {c.id!r} says nothing of how it is read"
        else:
            assert not c.quote, f"{game}: negenlab's question {c.id!r} quotes the designer"


def test_the_quote_check_fails_on_a_changed_word():
    text = "Games in Negen can end very abruptly. Spirals are notorious."
    assert quote_found("Games in Negen can end very abruptly.", text)
    assert quote_found("Games in Negen ... very abruptly.", text)  # an elision
    assert not quote_found("Games in Negen can end quite abruptly.", text)
    assert not quote_found("very abruptly ... Games in Negen", text)  # parts out of order


@pytest.mark.parametrize("game", games.NAMES)
def test_every_claim_has_exactly_one_function(game):
    import importlib

    book = importlib.import_module(f"negenlab.{game}.report").CLAIMS
    assert set(book.functions) == set(register(game)), game


def test_numbers_on_the_negen_page_are_its_measurements():
    from negenlab.negen.report import verdicts

    for f in verdicts():
        if f.value is not None and f.unit == "share":
            assert re.search(re.escape(f"{100 * f.value:.1f}%"), f.number), f.line()


def test_a_score_interval_stays_within_what_a_score_can_be():
    """A skill step that won nearly every game (OpenSpiel's connect_four: mcts:100 against random) showed
    100.0% [98.2, 101.8]: the normal interval at the design's wider quantile ran past 100%."""
    row = {"score": 0.995, "lo": 0.985, "hi": 1.0, "units": 400, "games": 800}  # a committed row, kept within 0..1
    m = step_measure(row, trace_looks(400))
    for z in (Z95, m.decision_z(0.05), 4.0):
        lo, hi = m.interval(z)
        assert 0.0 <= lo < m.value <= hi <= 1.0
    assert m.se == pytest.approx(0.010 / Z95)  # read from the side the bound did not reach
    unbounded = Measure.of_interval(0.995, 0.985, 1.0, 400)
    assert unbounded.interval(4.0)[1] > 1.0  # the bound, not the reading, keeps it within
    with pytest.raises(ClaimError, match="bounds"):
        Measure(0.5, 0.1, 10, bounds=(1.0, 0.0))
    seats = Seats.of_units(np.array([[1.0, 0.0]] * 38 + [[0.5, 0.5]] * 2), games_per_unit=2)  # a seat's share
    assert all(0.0 <= m.interval(4.0)[0] and m.interval(4.0)[1] <= 1.0 for m in seats.seats)


def test_an_agent_comparison_scores_within_zero_and_one():
    r = compare(Nim((1, 2, 3)), challenger=MCTSAgent(200), baseline=RandomAgent(), max_units=60, min_units=60, batch=60)
    assert 0.0 <= r.lo <= r.estimate <= r.hi <= 1.0
