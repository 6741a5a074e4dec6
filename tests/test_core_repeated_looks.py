"""The repeated-looks quantile: a verdict read where a play-on first clears keeps its level.

Cross-checked by simulation (sums of normal games looked at on a grid), both ways: at the
repeated-looks quantile the chance of a wrong verdict is the level; at the one-look quantile it is
several times the level (the flaw the quantile mends), so the simulation can tell the two apart.
"""

from __future__ import annotations

import numpy as np
import pytest
from old_code import frozen

from negenlab.core import metrics
from negenlab.core.claims import Measure, Rule, Seats, Steps, looked_at, most_looks, verdict_of, z_for
from negenlab.core.errors import InvalidInputError
from negenlab.core.metrics import looks_until, repeated_looks_z

DENSE = frozen("repeated_looks_dense.py")  # the carry as it was, every old point to every new one


def crossing_share(z: float, looks_at: np.ndarray, runs: int, seed: int) -> float:
    """The share of ``runs`` sums of standard normal games whose standardised value at one of the
    looks (cumulative game counts ``looks_at``) lies beyond +-z."""
    rng = np.random.default_rng(seed)
    steps = np.diff(np.concatenate([[0], looks_at]))
    sums = np.cumsum(rng.standard_normal((runs, len(steps))) * np.sqrt(steps), axis=1)
    return float((np.abs(sums / np.sqrt(looks_at)) > z).any(axis=1).mean())


@pytest.mark.parametrize(("looks", "pocock"), [(2, 2.178), (5, 2.413), (10, 2.555)])
def test_the_quantile_is_pococks_constant(looks, pocock):
    # Pocock's constants for a two-sided 5% test with equally spaced looks (Jennison and Turnbull, table 2.1)
    assert repeated_looks_z(0.05, looks) == pytest.approx(pocock, abs=1e-3)


def test_one_look_is_the_usual_quantile_and_more_looks_ask_more():
    assert repeated_looks_z(0.01, 1) == pytest.approx(z_for(0.01))
    zs = [repeated_looks_z(0.005, k) for k in (1, 2, 10, 40)]
    assert zs == sorted(zs) and len(set(zs)) == 4
    assert zs[-1] < z_for(0.005 / 40)  # tighter than Bonferroni over the looks


@pytest.mark.parametrize(("alpha", "looks", "runs"), [(0.05, 20, 200_000), (0.005, 40, 400_000)])
def test_the_quantile_keeps_its_level_over_equally_spaced_looks(alpha, looks, runs):
    grid = np.arange(1, looks + 1)
    sd = np.sqrt(alpha * (1 - alpha) / runs)
    kept = crossing_share(repeated_looks_z(alpha, looks), grid, runs, seed=1)
    assert abs(kept - alpha) < 4 * sd
    one_look = crossing_share(z_for(alpha), grid, runs, seed=2)  # the flaw: read at the one-look quantile
    assert one_look > 3 * alpha


def test_looks_that_start_late_are_safe_at_the_count_of_looks():
    # a pilot of 200 units, then every 100 to 1,000: 9 looks, less alike than 9 from the start
    k = looks_until(200, 100, 1000)
    grid = np.arange(200, 1001, 100)
    assert k == len(grid) == 9
    runs = 200_000
    share = crossing_share(repeated_looks_z(0.05, k), grid, runs, seed=3)
    assert share < 0.05 + 3 * np.sqrt(0.05 * 0.95 / runs)


def test_a_play_on_that_stops_where_it_clears_keeps_the_judges_level():
    """A study plays batches of 50 games to 1,000 and stops at the first look where the judge decides;
    the truth sits on the rule's line, so every decision is wrong. Judged with its looks, wrong at most
    5% of the time; judged as if it were one look, far more often."""
    rule = Rule.parse("above 0 by 0.2")  # decided at 0.1: the truth
    rng = np.random.default_rng(4)
    batch, cap, runs = 50, 1000, 2000
    looks = looks_until(batch, batch, cap)
    wrong = {looks: 0, 1: 0}
    for _ in range(runs):
        x = rng.normal(0.1, 1.0, cap)
        for k in wrong:
            for n in range(batch, cap + 1, batch):
                m = Measure(float(x[:n].mean()), float(x[:n].std(ddof=1) / np.sqrt(n)), n, looks=k)
                if verdict_of(rule, m, 0.05, guard=False) != "undecided":  # the looks alone
                    wrong[k] += 1
                    break
    sd = np.sqrt(0.05 * 0.95 / runs)
    assert wrong[looks] / runs < 0.05 + 3 * sd
    assert wrong[1] / runs > 0.15


def test_looks_reach_every_part_and_bad_looks_are_refused():
    s = Steps((("3 players", Seats.of_wins([30, 40, 30])), ("4 players", Measure.of_rate(10, 40))))
    marked = looked_at(s, 7)
    assert most_looks(marked) == 7 and most_looks(s) == 1
    assert all(m.looks == 7 for m in marked.steps[0][1].seats)
    with pytest.raises(ValueError, match="looks"):
        Measure.of_rate(1, 2, looks=0)
    with pytest.raises(InvalidInputError, match="looks"):
        repeated_looks_z(0.05, 0)
    with pytest.raises(InvalidInputError, match="step"):
        looks_until(10, 0, 100)


@pytest.mark.parametrize(("c", "looks"), [(2.4, 5), (3.0, 40), (3.7, 150)])
def test_the_banded_carry_is_the_dense_integration(c, looks):
    # 150 looks: the grid (about 180 points) is several times the carry's band (about 42)
    assert metrics._crossing_chance(c, looks) == pytest.approx(DENSE._crossing_chance(c, looks), rel=1e-12)


def test_the_quantile_is_the_dense_integrations():
    assert repeated_looks_z(0.005, 150) == DENSE.repeated_looks_z(0.005, 150)


def test_the_banded_carry_cross_check_can_fail(monkeypatch):
    """Made to fail on purpose: a band cut at 2 standard deviations loses mass the reference keeps."""
    monkeypatch.setattr(metrics, "_REACH", 2.0)
    assert metrics._crossing_chance(3.7, 150) != pytest.approx(DENSE._crossing_chance(3.7, 150), rel=1e-6)
