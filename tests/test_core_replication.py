"""The one rule of replication (negenlab.core.claims.replicate): a re-measurement on a fresh seed
confirms a verdict only by reaching the same verdict under the same judge at the page's level.

Simulated both ways: a true effect measured by a design of known power is confirmed at least that
often; a false verdict is confirmed no more often than the level allows. And the two cases a user
found: two samples that both fail at different sizes agree; two of opposite sign do not."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from negenlab.core.claims import (
    ALPHA,
    Claim,
    ClaimError,
    Evidence,
    Measure,
    Recheck,
    Rule,
    Seats,
    judge,
    replicate,
    verdict_of,
    z_for,
)


def claim(rule: str, unit: str = "") -> Claim:
    return Claim("c", "a claim", "negenlab", rule=Rule.parse(rule), unit=unit)


def test_each_status_on_the_verdict_line():
    c = claim("below 0 by 0.5", unit="cards")
    committed = Measure.of_interval(-4.86, -5.03, -4.70, 500)
    same = judge(c, Evidence(committed), recheck=Recheck(2025, Measure.of_interval(-4.8, -5.0, -4.6, 500)))
    assert same.verdict == "holds" and same.recheck == "re-measured on seed 2025: confirmed, holds again (n=500)"
    # a smaller estimate that still holds confirms it: the verdict is what is repeated, not the number
    smaller = judge(c, Evidence(committed), recheck=Recheck(2025, Measure.of_interval(-4.38, -4.75, -4.00, 500)))
    assert smaller.verdict == "holds" and "confirmed" in smaller.recheck
    # an undecided re-measurement leaves the verdict standing, and says it is not confirmed
    wide = judge(c, Evidence(committed), recheck=Recheck(2025, Measure.of_interval(-0.5, -1.5, 0.5, 80)))
    assert wide.verdict == "holds"
    assert (
        wide.recheck
        == "re-measured on seed 2025: not confirmed, undecided there (-0.5 [-1.5, 0.5] cards, n=80 short of the committed 500)"
    )
    # the opposite verdict leaves the line undecided
    opposite = judge(c, Evidence(committed), recheck=Recheck(2025, Measure.of_interval(0.6, 0.3, 0.9, 500)))
    assert opposite.verdict == "undecided" and "contradicts it, fails there" in opposite.recheck
    # an undecided page line has nothing to confirm
    open_line = judge(c, Evidence(Measure.of_interval(-0.3, -0.9, 0.3, 200)),
                      recheck=Recheck(2025, Measure.of_interval(-4.8, -5.0, -4.6, 500)))  # fmt: skip
    assert open_line.verdict == "undecided" and open_line.recheck.endswith("nothing to confirm")


def test_the_issues_two_cases():
    # Polymer boundary_help: both seeds fail, at different sizes (-4.6 at 560 tables, -11.3 at 160)
    help_line = Rule.parse("above 0 by 2")
    committed = Measure.of_interval(-4.6, -7.4, -1.8, 560)
    fresh = Measure.of_interval(-11.3, -15.6, -7.0, 160)
    assert replicate(help_line, committed, fresh).status == "confirmed"
    # FEN tilings under mcts:50: +13.3 points on one seed, -8.3 on the next
    spread = Rule.parse("above 0 by 5")
    plus, minus = Measure.of_interval(13.3, 8.0, 18.6, 400), Measure.of_interval(-8.3, -13.6, -3.0, 400)
    assert replicate(spread, plus, minus).status == "contradicted"
    # and a wide fresh interval of opposite sign never confirms, though a two-sample test would not reject
    assert replicate(spread, plus, Measure.of_interval(-8.3, -30.0, 13.4, 40)).status == "not confirmed"


def test_every_strength_must_repeat_its_verdict():
    line = Rule.parse("above 0.5 by 0.05")
    hi, mid, lo = Measure.of_rate(700, 1000), Measure.of_rate(520, 1000), Measure.of_rate(300, 1000)
    committed = {"greedy": hi, "planner": lo}  # depends on the players
    assert replicate(line, committed, {"greedy": hi, "planner": lo}).status == "confirmed"
    assert replicate(line, committed, {"greedy": hi, "planner": mid}).status == "not confirmed"
    assert replicate(line, committed, {"greedy": lo, "planner": lo}).status == "contradicted"
    with pytest.raises(ClaimError, match="lacks 'planner'"):
        replicate(line, committed, {"greedy": hi})


def test_seats_are_repeated_seat_by_seat():
    fair = Rule.parse("fair within 0.05")
    even = Seats.of_wins([3300, 3400, 3300])
    assert replicate(fair, even, Seats.of_wins([3350, 3320, 3330]), players=3).status == "confirmed"
    assert replicate(fair, even, Seats.of_wins([40, 30, 30]), players=3).status == "not confirmed"
    assert replicate(fair, even, Seats.of_wins([500, 200, 300]), players=3).status == "contradicted"


# --------------------------------------------------------------------------------------------
# the rule simulated both ways
# --------------------------------------------------------------------------------------------
LINE = Rule.parse("above 0.5 by 0.1")  # an SPRT between 50% and 60% decides at 55%
BETA = 0.1
FAMILY = 4  # the page's level: 1 - 5%/4


def _design_units(level_alpha: float, beta: float) -> int:
    """The fixed number of games at which a true 60% clears the 55% line at ``level_alpha`` with
    chance ``1 - beta`` (normal approximation)."""
    z = (
        z_for(level_alpha) + 1 + float(stats.norm.ppf(1 - beta))
    )  # the judge asks a clearance of one standard error more
    return math.ceil((z * math.sqrt(0.6 * 0.4) / 0.05) ** 2)


def _power(n: int, p: float, level_alpha: float) -> float:
    """The exact chance that the judge decides ``holds`` on n games at true rate p (the binomial
    summed over every count the judge calls holds)."""
    k = np.arange(n + 1)
    holds = np.array([verdict_of(LINE, Measure.of_rate(int(j), n), level_alpha) == "holds" for j in k])
    return float(stats.binom.pmf(k, n, p)[holds].sum())


def _confirmations(p_true: float, committed_verdict: str, draws: int, seed: int) -> float:
    """How often a fresh measurement of the same design confirms a committed verdict, at true rate p."""
    level = ALPHA / FAMILY
    n = _design_units(level, BETA)
    committed = {"holds": Measure.of_rate(int(0.62 * n), n), "fails": Measure.of_rate(int(0.48 * n), n)}[
        committed_verdict
    ]
    assert verdict_of(LINE, committed, level) == committed_verdict
    rng = np.random.default_rng(seed)
    fresh = rng.binomial(n, p_true, size=draws)
    return float(np.mean([replicate(LINE, committed, Measure.of_rate(int(k), n), level).agrees for k in fresh]))


def test_a_true_effect_is_confirmed_as_often_as_the_design_has_power():
    level = ALPHA / FAMILY
    n = _design_units(level, BETA)
    power = _power(n, 0.6, level)
    assert power >= 1 - BETA - 0.01, power  # the design is what it says
    draws = 4000
    rate = _confirmations(0.6, "holds", draws, seed=1)
    assert rate >= power - 4 * math.sqrt(power * (1 - power) / draws), (rate, power)


@pytest.mark.parametrize(("p_true", "wrong"), [(0.5, "holds"), (0.6, "fails")])
def test_a_false_verdict_is_confirmed_no_more_than_the_level_allows(p_true, wrong):
    level = ALPHA / FAMILY
    exact = _power(_design_units(level, BETA), 0.5, level) if wrong == "holds" else None
    rate = _confirmations(p_true, wrong, 4000, seed=2)
    assert rate <= ALPHA, rate
    if exact is not None:  # the simulation agrees with the exact chance of a wrong "holds"
        assert exact <= level / 2 + 1e-3 and abs(rate - exact) < 0.01
