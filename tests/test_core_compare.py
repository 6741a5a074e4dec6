"""compare / estimate: the sequential test's error rates on synthetic data, its LLR against a
likelihood summed unit by unit, and decisions on the core's example games that do not depend
on batch size, workers or a store."""

import math

import numpy as np
import pytest

from negenlab.core.agents import MCTSAgent, RandomAgent
from negenlab.core.compare import compare, estimate, mean_with_interval, sprt_bounds, sprt_decide, sprt_path
from negenlab.core.errors import InvalidInputError
from negenlab.core.examples import DiceRace, Nim


def test_llr_is_the_normal_likelihood_ratio_summed_unit_by_unit():
    x = np.random.default_rng(1).random(200)
    h0, h1 = 0.45, 0.55
    for n in (5, 50, 200):
        s2 = float(np.var(x[:n]))
        by_unit = sum(((v - h0) ** 2 - (v - h1) ** 2) / (2 * s2) for v in x[:n])
        assert sprt_path(x, h0, h1)[n - 1] == pytest.approx(by_unit)


@pytest.mark.parametrize("truth, wrong", [("h0", "H1"), ("h1", "H0")])
def test_error_rates_hold_on_synthetic_pentanomial_units(truth, wrong):
    # units are seat-swapped pairs: scores 0, 1/4, ..., 1 with a mean of h0 or h1
    h0, h1, alpha = 0.5, 0.55, 0.05
    rng = np.random.default_rng(7)
    mean = h0 if truth == "h0" else h1
    base = np.array([0.05, 0.2, 0.5, 0.2, 0.05])
    probs = base.copy()
    probs[3] += (mean - 0.5) * 2
    probs[1] -= (mean - 0.5) * 2  # shifts the mean by (mean - 0.5) while keeping the sum 1
    probs /= probs.sum()
    values = np.array([0, 0.25, 0.5, 0.75, 1.0])
    assert float(probs @ values) == pytest.approx(mean, abs=1e-9)
    runs, wrong_calls, undecided = 400, 0, 0
    for _ in range(runs):
        x = rng.choice(values, size=6000, p=probs)
        decision, _, _ = sprt_decide(x, h0, h1, alpha, alpha)  # default floor of 100 units
        wrong_calls += decision == wrong
        undecided += decision == "undecided"
    # the SPRT's error rate is at most about alpha; allow three standard errors of 300 runs
    assert wrong_calls / runs <= alpha + 3 * math.sqrt(alpha * (1 - alpha) / runs)
    assert undecided <= 3


def test_bounds_and_bad_arguments():
    lo, hi = sprt_bounds(0.05, 0.1)
    assert lo == pytest.approx(math.log(0.1 / 0.95)) and hi == pytest.approx(math.log(0.9 / 0.05))
    with pytest.raises(InvalidInputError, match="alpha"):
        sprt_bounds(0.6, 0.05)
    with pytest.raises(InvalidInputError, match="differ"):
        sprt_decide([1, 0], 0.5, 0.5)
    with pytest.raises(InvalidInputError, match="challenger"):
        compare(Nim((1, 2)), challenger=RandomAgent())
    with pytest.raises(InvalidInputError, match="same seats"):
        compare(DiceRace(10, 2), DiceRace(10, 3), agents=[RandomAgent()] * 2)
    with pytest.raises(InvalidInputError, match="halfwidth"):
        estimate(Nim((1, 2)), [RandomAgent()] * 2, halfwidth=0)


def test_a_planner_beats_random_and_the_decision_ignores_batch_and_workers():
    game = Nim((1, 2, 3))
    runs = [
        compare(game, challenger=MCTSAgent(100), baseline=RandomAgent(), seed=3, batch=b, backend=be, workers=w)
        for b, be, w in ((5, "serial", 1), (40, "serial", 1), (40, "process", 2))
    ]
    assert runs[0].decision == "H1" and not runs[0].capped
    assert runs[0].games == 2 * runs[0].units
    for r in runs[1:]:
        assert (r.decision, r.units, r.estimate, r.llr) == (
            runs[0].decision,
            runs[0].units,
            runs[0].estimate,
            runs[0].llr,
        )


def test_equal_agents_are_found_equal_and_a_cap_says_so():
    game = Nim((1, 2, 3))
    r = compare(game, challenger=RandomAgent(), baseline=RandomAgent(), h1=0.65, seed=1, batch=50, backend="serial")
    assert r.decision == "H0" and r.lo <= 0.5 + 0.1
    capped = compare(
        game,
        challenger=RandomAgent(),
        baseline=RandomAgent(),
        h1=0.51,
        seed=1,
        batch=20,
        max_units=40,
        backend="serial",
    )
    assert capped.decision == "undecided" and capped.capped and capped.units == 40
    assert "cap" in str(capped)


def test_variants_are_compared_on_common_seeds(tmp_path):
    short, long_ = DiceRace(10, 2), DiceRace(20, 2)
    agents = [RandomAgent(), RandomAgent()]
    r = compare(
        short,
        long_,
        agents=agents,
        metric="length",
        h0=0,
        h1=-2,
        seed=5,
        batch=20,
        backend="serial",
        store=tmp_path / "run",
    )
    assert r.decision == "H1" and r.estimate < 0 and r.hi < 0
    again = compare(
        short,
        long_,
        agents=agents,
        metric="length",
        h0=0,
        h1=-2,
        seed=5,
        batch=7,
        backend="serial",
        store=tmp_path / "run",
    )
    assert (again.decision, again.units, again.estimate) == (r.decision, r.units, r.estimate)
    same = compare(short, DiceRace(10, 2), agents=agents, seed=5, batch=50, backend="serial", max_units=50)
    assert same.estimate == 0 and np.all(same.values == 0)  # the same game on the same seeds: identical


def test_estimate_stops_when_narrow_enough_or_at_its_cap():
    game, agents = Nim((1, 2)), [RandomAgent(), RandomAgent()]
    a = estimate(game, agents, halfwidth=0.05, seed=2, batch=100, backend="serial")
    b = estimate(game, agents, halfwidth=0.05, seed=2, batch=333, backend="serial")
    assert a.reached and not a.capped and (a.n, a.value) == (b.n, b.value)
    v, lo, hi = mean_with_interval(np.ones(3))
    assert (v, hi) == (1.0, 1.0)
    c = estimate(game, agents, halfwidth=0.001, seed=2, batch=100, max_games=200, backend="serial")
    assert c.capped and not c.reached and c.n == 200 and "cap" in str(c)


def test_results_draw_themselves_in_a_notebook():
    game, agents = Nim((1, 2)), [RandomAgent(), RandomAgent()]
    e = estimate(game, agents, halfwidth=0.001, seed=2, batch=50, max_games=50, backend="serial")
    assert "cap of 50 games" in e._repr_html_()
    r = compare(game, challenger=RandomAgent(), baseline=RandomAgent(), h1=0.65, seed=1, batch=100, backend="serial")
    assert r._repr_html_().startswith("<div") and "H0" in r._repr_html_()


@pytest.mark.slow(seconds=50)
def test_compare_and_estimate_are_identical_on_serial_process_and_dask():
    pytest.importorskip("distributed")
    game = Nim((1, 2, 3))
    runs = [
        compare(
            game,
            challenger=MCTSAgent(20),
            baseline=RandomAgent(),
            seed=4,
            batch=30,
            max_units=60,
            backend=be,
            workers=w,
        )
        for be, w in (("serial", 1), ("process", 2), ("dask", 2))
    ]
    for r in runs[1:]:
        assert (r.decision, r.units, r.estimate, r.llr, r.lo, r.hi) == (
            runs[0].decision,
            runs[0].units,
            runs[0].estimate,
            runs[0].llr,
            runs[0].lo,
            runs[0].hi,
        )
    agents = [RandomAgent(), RandomAgent()]
    ests = [
        estimate(game, agents, halfwidth=0.05, seed=2, batch=150, backend=be, workers=w)
        for be, w in (("serial", 1), ("process", 2), ("dask", 2))
    ]
    for e in ests[1:]:
        assert (e.n, e.value, e.lo, e.hi, e.reached) == (
            ests[0].n,
            ests[0].value,
            ests[0].lo,
            ests[0].hi,
            ests[0].reached,
        )


class _ShiftedRandom(RandomAgent):
    """Plays as RandomAgent does, but draws one number first: another player of the same strength."""

    name = "shifted-random"

    def step(self, state, rng):
        rng.random()
        return super().step(state, rng)


def test_a_a_compare_calls_equal_players_stronger_no_more_often_than_alpha():
    """Two players of equal strength that play different games (their random streams differ):
    compare's paired SPRT (alpha 5%) decides H1 at most at its rate over many seeds."""
    seeds, wrong = 100, 0
    for s in range(seeds):
        r = compare(
            DiceRace(target=8),
            challenger=RandomAgent(),
            baseline=_ShiftedRandom(),
            seed=s,
            batch=300,
            max_units=300,
            backend="serial",
            chunk_size=300,
        )
        wrong += r.decision == "H1"
    assert wrong / seeds <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / seeds), wrong


def test_a_a_sprt_decides_an_edge_no_more_often_than_alpha():
    """A fair coin for the first seat: the SPRT of H0 50% against H1 55% decides H1 at most at alpha."""
    from negenlab.core.compare import sprt
    from negenlab.core.examples import CoinToss

    seeds, wrong = 120, 0
    for s in range(seeds):
        r = sprt(
            CoinToss(first=0.5),
            [RandomAgent(), RandomAgent()],
            h0=0.5,
            h1=0.55,
            seed=s,
            batch=600,
            max_games=600,
            backend="serial",
            chunk_size=600,
        )
        wrong += r.decision == "H1"
    assert wrong / seeds <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / seeds), wrong
