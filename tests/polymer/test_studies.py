"""Polymer's long studies (``negenlab study polymer <name>``) on tiny sizes, the fresh check's
comparison, and the page's section texts from hand-made tables."""

import json

import numpy as np
import pandas as pd
import pytest

from negenlab.core.metrics import chi2_sf
from negenlab.core.studies import StudyContext, run_study
from negenlab.core.summary_table import long_table, mean_row
from negenlab.polymer import study as S
from negenlab.polymer.report import boundary_text, deal_text, holdout_text, pace_minutes, pace_text, skill_text


@pytest.fixture
def ctx():
    return StudyContext("polymer", "tiny", seed=3, workers=1, progress=lambda line: None)


def test_the_registry_names_the_tables_the_report_reads():
    from negenlab.polymer.report import STUDY_NAMES

    assert set(STUDY_NAMES) <= set(S.STUDIES)
    assert all(s.help and s.cost for s in S.STUDIES.values())
    assert S.fresh_check.__doc__.splitlines()[0].startswith("A fresh sample")


def test_deals_study_adds_seat_fairness(ctx):
    r = S.deals_study(ctx, deals=4)
    t = r.table
    assert t["players"].tolist() == list(S.PLAYER_COUNTS) and (t["deals"] == 4).all()
    assert ((0 <= t["seat_p"]) & (t["seat_p"] <= 1)).all() and (t["seat_min"] <= t["seat_max"]).all()
    assert (t["table_gap_lo"] <= t["table_gap"]).all()


def test_an_unfair_deal_is_caught():
    rng = np.random.default_rng(0)
    rows = [
        {"players": 5, "deal": d, "seat": s, "length": int(rng.integers(0, 6)) + (3 if s == 0 else 0)}
        for d in range(60)
        for s in range(5)
    ]
    fair = S.seat_fairness(pd.DataFrame(rows))
    assert fair.loc[0, "seat_p"] < 1e-6 and fair.loc[0, "seat_max"] - fair.loc[0, "seat_min"] > 2


def test_chi2_tail_and_its_errors():
    assert chi2_sf(0, 3) == 1.0 and abs(chi2_sf(7.815, 3) - 0.05) < 1e-3 and abs(chi2_sf(9.488, 4) - 0.05) < 1e-3
    with pytest.raises(ValueError, match="degrees of freedom"):
        chi2_sf(1.0, 0)


def test_policies_study_pairs_the_policies(ctx):
    t = S.policies_study(ctx, 5, games=2).table
    assert t["policy"].tolist() == ["no_trade", "selfish", "cooperative", "loans"] and (t["games"] == 2).all()
    assert t["vs"].fillna("").tolist() == ["", "no_trade", "selfish", "cooperative"]
    # selfish against no trade is the selfish gain: the same deals
    selfish = t.set_index("policy").loc["selfish"]
    assert selfish["len_diff"] == pytest.approx(selfish["length_gain"])
    rows = S.policy_differences(t, "length")
    assert rows["label"].tolist()[:3] == [f"5 players: {p} - no_trade" for p in ("selfish", "cooperative", "loans")]


def test_holdout_study_pairs_by_distance(ctx):
    t = S.holdout_table_study(ctx, games=2).table
    change = t[t["metric"] == "length change"]
    assert change["group"].tolist() == [f"distance {k}" for k in range(5)] and (change["n"] == 2).all()
    assert {"everyone cooperative, distance 1", "seat 1 (first) no_trade, distance 1"} <= set(t["group"])


def test_pace_study_counts_a_table_left_to_trade(ctx):
    t = S.pace_tables_study(ctx, games=2).table
    assert t["players"].tolist() == [5, 8] and (t["budget"] == S.PACE_BUDGET).all()
    assert (t["actions_per_player"] >= t["proposals_per_player"]).all()
    with pytest.raises(ValueError, match="more turns"):
        S.pace_study(players=5, games=1, trade_budget=2, timed_budget=4)


def test_ladder_study_and_its_sidecar(ctx, tmp_path):
    study = S.Study(
        "ladder", "tiny ladder", lambda c: S.ladder_study(c, ["random", "selfish"], players=5, max_units=2, min_units=1)
    )
    path = run_study(study, StudyContext("polymer", "ladder", seed=3, workers=1, progress=lambda line: None), tmp_path)
    t = pd.read_csv(path)
    assert t[["players", "rung", "below", "units"]].to_dict("records") == [
        {"players": 5, "rung": "selfish", "below": "random", "units": 2}
    ]
    meta = json.loads(path.with_suffix(".json").read_text())
    assert meta["command"] == "negenlab study polymer ladder --seed 3" and meta["ladder"] == ["random", "selfish"]


def test_a_study_with_a_store_resumes(tmp_path):
    c = StudyContext("polymer", "holdout", seed=5, workers=1, store=tmp_path, progress=lambda line: None)
    first = S.holdout_table_study(c, games=2).table
    assert (tmp_path / "everyone").is_dir() and (tmp_path / "holdout").is_dir()
    pd.testing.assert_frame_equal(first, S.holdout_table_study(c, games=2).table)


def test_the_fresh_check_says_how_far_apart_numbers_lie():
    committed = {
        "deals": pd.DataFrame(
            {"players": [8], "mean_length": [2.40], "length_lo": [2.35], "length_hi": [2.45], "seats": [8000]}
        ),
        "holdout": long_table(
            [
                mean_row("length change", [-3.0, -3.2, -2.8, -3.1], "distance 0"),
                mean_row("length change", [-1.0, -0.5, -0.7, -0.9], "distance 1"),
            ]
        ),
    }
    fresh = {
        "deals": committed["deals"].assign(mean_length=[2.43], length_lo=[2.33], length_hi=[2.53], seats=[1600]),
        "holdout": long_table(
            [
                mean_row("length change", [-1.0, -1.2, -0.9, -1.1], "distance 0"),
                mean_row("length change", [-0.8, -0.6, -0.9, -0.7], "distance 1"),
            ]
        ),
    }
    t = S.check_tables(committed, fresh).set_index("what")
    assert t.loc["deal, 8 players: mean longest polymer", "within_noise"]
    assert t.loc["deal, 8 players: mean longest polymer", "fresh_n"] == 1600
    assert not t.loc["seat 1 (first) halts trading: length change at distance 0", "within_noise"]
    assert t.loc["seat 1 (first) halts trading: length change at distance 1", "within_noise"]
    assert (t["replication"] == "no claim decides it").all() and t["agree"].isna().all()  # no verdict to repeat
    assert len(t) == 3  # quantities of tables not given are left out
    with pytest.raises(ValueError, match="no row"):
        S.check_tables(committed, {"deals": committed["deals"].assign(players=[5])})


def _tables() -> dict[str, pd.DataFrame]:
    deals = pd.DataFrame(
        {
            "players": [5, 8, 15],
            "hand_size": [20, 13, 6],
            "seats": [5000, 8000, 15000],
            "mean_length": [5.2, 2.4, 0.25],
            "length_lo": [5.1, 2.3, 0.2],
            "length_hi": [5.3, 2.5, 0.3],
            "no_polymer": [0.02, 0.3, 0.9],
            "no_polymer_lo": [0.01, 0.28, 0.88],
            "no_polymer_hi": [0.03, 0.32, 0.92],
            "deals": [1000] * 3,
            "seat_min": [5.1, 2.3, 0.2],
            "seat_max": [5.3, 2.5, 0.3],
            "seat_p": [0.4, 0.01, 0.6],
            "table_gap": [4.5, 4.7, 2.1],
            "table_gap_lo": [4.4, 4.6, 2.0],
            "table_gap_hi": [4.6, 4.8, 2.2],
        }
    )

    def policies(P):
        t = pd.DataFrame(
            {
                "policy": ["no_trade", "cooperative"],
                "players": [P, P],
                "games": [500, 500],
                "length_gain": [0.0, 7.8],
                "gain_lo": [0.0, 7.6],
                "gain_hi": [0.0, 8.0],
                "score_gain": [0.0, 190.0],
                "score_gain_lo": [0.0, 185.0],
                "score_gain_hi": [0.0, 195.0],
                "boundaries": [4.0, 0.4],
                "boundaries_lo": [3.9, 0.3],
                "boundaries_hi": [4.1, 0.5],
                "boundary_gap": [-20.0, -50.0],
                "boundary_gap_lo": [-25.0, -60.0],
                "boundary_gap_hi": [-15.0, -40.0],
                "boundary_gap_tables": [400, 150],
            }
        )
        t.attrs["negenlab"] = {"command": f"negenlab study polymer policies_{P}p --seed 2024"}
        return t

    ladder = pd.DataFrame(
        {
            "players": [8, 8, 8],
            "rung": ["selfish", "cooperative", "loans"],
            "below": ["random", "selfish", "cooperative"],
            "score": [0.6, 0.13, 0.125],
            "lo": [0.55, 0.11, 0.125],
            "hi": [0.65, 0.15, 0.125],
            "fair": [0.125] * 3,
            "units": [100, 300, 100],
            "decision": ["H1", "undecided", "H0"],
        }
    )
    pace = pd.DataFrame(
        {
            "players": [5, 8],
            "tables": [500, 500],
            "quiet": [1.0, 0.99],
            "quiet_lo": [0.99, 0.98],
            "quiet_hi": [1.0, 1.0],
            "actions_per_player": [12.0, 10.0],
            "actions_lo": [11.5, 9.5],
            "actions_hi": [12.5, 10.5],
        }
    )
    holdout = long_table(
        [
            mean_row(m, v, f"distance {k}")
            for k, v in ((0, [-4, -5]), (1, [-1, -2]), (2, [0, -1]))
            for m in ("length change", "score change")
        ]
    )
    return {
        "deals": deals,
        "policies_8p": policies(8),
        "policies_5p": policies(5),
        "ladder": ladder,
        "pace": pace,
        "holdout": holdout,
    }


def test_the_section_texts_read_the_tables():
    t = _tables()
    assert "5.20 [5.10, 5.30] cards with 5 players" in deal_text(t["deals"])
    assert "4.70 [4.60, 4.80] cards" in deal_text(t["deals"])  # the 8-player deal's spread
    skill = skill_text(t["ladder"])
    assert "selfish scores 60.0% [55.0, 65.0] against random (H1 after 100 units)" in skill
    assert "no decision after 300 units, the cap" in skill
    assert "loans played every game exactly as cooperative: every unit at the fair share" in skill
    pace = pace_text(t["pace"])
    assert "5.0 [4.8, 5.2] minutes of trading" in pace and "30 s per action" in pace
    hidden = long_table([mean_row("trading minutes", [10.0, 10.0, 10.0], "baseline cooperative")])
    hidden.insert(0, "information", "hidden")
    assert "the duration verdict reads that number" in pace_text(t["pace"], hidden)
    halted = holdout_text(t["holdout"])
    assert "loses 4.50 [3.52, 5.48] cards" in halted and "(the interval holds 0)" in halted
    assert "score 50.0 [40.0, 60.0] points less than" in boundary_text(t["policies_8p"])


def test_pace_minutes_scales_with_the_assumption():
    p = pace_minutes(_tables()["pace"], seconds=60)
    assert p["minutes"].tolist() == [12.0, 10.0] and p["seconds_to_fill_timer"].tolist() == [50.0, 60.0]


def test_the_page_warns_and_runs_live_when_a_table_is_missing(tmp_path, monkeypatch):
    from negenlab.core import studies
    from negenlab.core.data import MissingDataError
    from negenlab.polymer import report
    from negenlab.report import ReportOptions
    from negenlab.report.page import ReportPage

    real = studies.committed_table

    def without_holdout(game, name, schema):
        if name == "holdout":
            raise MissingDataError("negenlab.data has no polymer/holdout.csv")
        return real(game, name, schema)

    monkeypatch.setattr(report, "committed_table", without_holdout)
    monkeypatch.setattr(report, "STUDY_NAMES", ("deals", "holdout"))
    tables, missing = report.load_studies(ReportOptions(out_dir=tmp_path, games=2, workers=1, progress=False))
    assert missing == ["holdout"] and tables["holdout"].attrs["negenlab"]["live"]
    page = ReportPage("Polymer")
    report._holdout_section(page, tables["holdout"], missing)
    html = page.render()
    assert "data/polymer/holdout.csv is missing" in html and "negenlab study polymer holdout" in html
