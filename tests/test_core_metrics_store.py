"""Metrics against hand-computed values; the result store keeps provenance."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from negenlab.core import InvalidInputError, ResultStore, summary, wilson_interval
from negenlab.core.metrics import branching_factor, duration, mean_interval, proportion_table, win_rates


def test_wilson_matches_hand_computation():
    # k=8, n=10, z=1.96: centre (0.8 + 0.192)/1.384 = 0.7168, half 0.2263
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-3) and hi == pytest.approx(0.9433, abs=1e-3)
    lo, hi = wilson_interval(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-3)
    assert all(math.isnan(v) for v in wilson_interval(0, 0))
    # the ends are exact, not a rounding hair inside (n=250 left 8.7e-19 before)
    assert all(wilson_interval(0, n)[0] == 0.0 and wilson_interval(n, n)[1] == 1.0 for n in range(1, 3000))
    with pytest.raises(InvalidInputError):
        wilson_interval(5, 3)


def _table():
    # 6 games, 2 players: seat 0 wins 3, seat 1 wins 1, 1 draw, 1 truncated
    return pd.DataFrame(
        {
            "game": range(6),
            "seed": 0,
            "winner": [0, 0, 1, -1, 0, -1],
            "draw": [False, False, False, True, False, False],
            "truncated": [False, False, False, False, False, True],
            "length": [10, 20, 30, 40, 50, 60],
            "branching": [2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
            "return_0": [1, 1, -1, 0, 1, 0],
            "return_1": [-1, -1, 1, 0, -1, 0],
        }
    )


def test_summary_against_hand_values():
    s = summary(_table()).set_index("metric")
    assert s.loc["win_rate_seat_0", "value"] == pytest.approx(3 / 5)
    assert s.loc["win_rate_seat_0", "n"] == 5
    assert s.loc["win_rate_seat_1", "value"] == pytest.approx(1 / 5)
    assert s.loc["first_player_advantage", "value"] == pytest.approx(3 / 5 - 1 / 2)
    assert s.loc["balance", "value"] == pytest.approx(1 - (3 / 5 - 1 / 5))
    assert s.loc["draw_rate", "value"] == pytest.approx(1 / 5)
    assert s.loc["completion", "value"] == pytest.approx(5 / 6)
    assert s.loc["decisiveness", "value"] == pytest.approx(4 / 5)
    assert s.loc["duration_mean", "value"] == pytest.approx(35)
    assert s.loc["duration_median", "value"] == pytest.approx(35)
    lo, hi = wilson_interval(3, 5)
    assert (s.loc["win_rate_seat_0", "lo"], s.loc["win_rate_seat_0", "hi"]) == pytest.approx((lo, hi))


def test_branching_is_weighted_by_decisions():
    # (10*2 + 20*3 + 30*4 + 40*5 + 50*6 + 60*7) / 210
    assert branching_factor(_table()) == pytest.approx(1120 / 210)


def test_duration_statistics():
    d = duration(_table())
    assert d["mean"] == 35 and d["sd"] == pytest.approx(18.708, abs=1e-3)
    assert d["q10"] == pytest.approx(15) and d["q90"] == pytest.approx(55)


def test_win_rates_per_seat_and_per_column():
    t = _table().assign(winner_colour=["red", "blue", "red", "draw", "red", "none"])
    seats = win_rates(t)
    assert list(seats["wins"]) == [3, 1] and list(seats["n"]) == [5, 5]
    colours = win_rates(t, column="winner_colour", labels=["red", "blue"])
    assert list(colours["wins"]) == [3, 1]


def test_proportions_and_mean_interval():
    p = proportion_table(pd.Series(["a", "b", "a", "a"]), name="end")
    assert list(p["end"]) == ["a", "b"] and list(p["count"]) == [3, 1]
    m = mean_interval([1, 2, 3, 4])
    assert m["value"] == 2.5 and m["lo"] < 2.5 < m["hi"] and m["n"] == 4


def test_store_round_trip_with_provenance(tmp_path):
    from negenlab.core import RandomAgent
    from negenlab.core.examples import NimRules

    store = ResultStore(tmp_path)
    df = pd.DataFrame({"x": [1, 2, 3]})
    store.save("t1", df, rules=NimRules((1, 2)), agents=[RandomAgent()], seed=9, note="hi")
    back, meta = store.load("t1")
    pd.testing.assert_frame_equal(back, df)
    assert meta["rules"] == {"heaps": [1, 2]} and meta["agents"] == [{"agent": "random"}]
    assert meta["seed"] == 9 and meta["note"] == "hi" and "negenlab_version" in meta
    assert back.attrs["negenlab"]["seed"] == 9
    assert store.names() == ["t1"]
    with pytest.raises(InvalidInputError, match="no table"):
        store.load("missing")
    with pytest.raises(InvalidInputError, match="letters"):
        store.save("../escape", df)


def test_no_core_module_shadows_a_core_function():
    """A submodule named like a function exported by negenlab.core would replace it once imported."""
    import importlib
    import pkgutil

    import negenlab.core as core

    for info in pkgutil.iter_modules(core.__path__):
        importlib.import_module(f"negenlab.core.{info.name}")
    for name in core.__all__:
        assert not isinstance(getattr(core, name), type(core)), f"negenlab.core.{name} is a module, not the export"
