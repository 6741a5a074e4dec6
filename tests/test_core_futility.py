"""Stopping a play-on for futility (``claims.futile``): cross-checked by simulation, both ways, on the
same games with and without the stop. Where the truth would decide the line at the cap, the stop
rarely gives the decision up; where the truth sits on the line, it saves most of the games; and it
never adds a verdict (a run stopped for futility is one that had not decided)."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.core.claims import Measure, Rule, futile, verdict_of
from negenlab.core.metrics import looks_until

RULE = Rule.parse("above 0 by 0.2")  # decided against 0.1
BATCH, CAP, ALPHA = 50, 1000, 0.05
LOOKS = looks_until(BATCH, BATCH, CAP)


def play_on(x: np.ndarray, with_futility: bool) -> tuple[str, int]:
    """A play-on over the games ``x``: batches of 50 to 1,000, stopped where the judge decides (or, with
    the futility stop, where the trend would leave it undecided at the cap). Its verdict and games."""
    for n in range(BATCH, CAP + 1, BATCH):
        m = Measure(float(x[:n].mean()), float(x[:n].std(ddof=1) / np.sqrt(n)), n, looks=LOOKS)
        verdict = verdict_of(RULE, m, ALPHA)
        if verdict != "undecided":
            return verdict, n
        if with_futility and futile(RULE, m, ALPHA, CAP):
            return "undecided", n
    return "undecided", CAP


def runs(truth: float, count: int, seed: int) -> list[tuple[tuple[str, int], tuple[str, int]]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        x = rng.normal(truth, 1.0, CAP)
        out.append((play_on(x, False), play_on(x, True)))
    return out


def test_a_true_effect_is_rarely_given_up():
    # 0.25 against the line at 0.1: the play-on without the stop decides most runs by the cap (the judge
    # asks the interval to clear the line by its standard error, so 0.2 would decide only about 40%)
    played = runs(0.25, 400, seed=11)
    without = np.mean([a[0] == "holds" for a, _ in played])
    kept = np.mean([b[0] == "holds" for _, b in played])
    assert 0.6 < without < 0.95  # a test that could lose power
    assert kept >= without - 0.05  # the default chance (10%) gives up about 3 points here


def test_on_the_line_it_saves_games_and_never_adds_a_verdict():
    played = runs(0.1, 400, seed=12)
    for (v0, n0), (v1, n1) in played:
        assert n1 <= n0
        assert v1 == v0 or v1 == "undecided"  # the same verdict, or stopped undecided before it
        if v1 != "undecided":
            assert (v1, n1) == (v0, n0)
    games = np.mean([b[1] for _, b in played]) / np.mean([a[1] for a, _ in played])
    assert games < 0.6
    assert np.mean([b[1] < CAP for _, b in played]) > 0.6


@pytest.mark.parametrize(
    ("m", "cap"),
    [(Measure(0.3, float("nan"), 100), 1000), (Measure(0.1, 0.0, 100), 1000), (Measure(0.1, 0.1, 1000), 1000)],
)
def test_without_a_spread_or_at_the_cap_nothing_is_futile(m, cap):
    assert not futile(RULE, m, ALPHA, cap)
