"""The studies: long summary tables (core.summary_table) and the committed tables, reproduced exactly."""

import pytest

from negenlab.core.data import data_file
from negenlab.core.summary_table import COLUMNS
from negenlab.polymer.study import (
    committed,
    deal_lengths,
    deal_summary,
    handicap_study,
    length_by_players,
    paired_difference,
    play_table,
    policy_study,
    policy_summary,
    policy_table,
    score_summary,
    tiebreak_summary,
)


@pytest.fixture(scope="module")
def table():
    return policy_study(players=6, policies=["no_trade", "selfish"], games=3, seed=4, trade_budget=1)


def test_summaries_are_long_tables(table):
    for summary in (
        policy_summary(table),
        tiebreak_summary(table),
        score_summary(table),
        deal_summary(deal_lengths(players=[5, 9], deals=5, seed=1)),
    ):
        assert (
            list(summary.columns) == COLUMNS
            and len(summary)
            and summary["method"].isin(["wilson", "normal", "exact"]).all()
        )
        assert (summary["lo"] <= summary["value"] + 1e-12).all() and (summary["value"] <= summary["hi"] + 1e-12).all()
    s = policy_summary(table)
    assert s["group"].drop_duplicates().tolist() == ["no_trade, 6 players", "selfish, 6 players"]


def test_the_wide_table_is_the_long_one(table):
    s, t = policy_summary(table).set_index(["group", "metric"]), policy_table(table)
    for _, row in t.iterrows():
        gain = s.loc[(f"{row.policy}, 6 players", "length gain")]
        assert (row.length_gain, row.gain_lo, row.gain_hi, row.games) == (gain.value, gain.lo, gain.hi, gain.n)


def test_a_replayed_table_is_the_row_of_the_study(table):
    final = play_table(6, "selfish", seed=4, game_index=2, trade_budget=1)
    row = table[(table["policy"] == "selfish") & (table["game"] == 2)].iloc[0]
    assert final.lengths() == [row[f"len_{p}"] for p in range(6)] and final.winner() == (
        None if row["winner"] < 0 else row["winner"]
    )


def test_paired_difference_and_handicap_rows(table):
    d = paired_difference(table, "selfish", "no_trade")
    assert d["group"] == "selfish - no_trade" and d["n"] == 3 and d["value"] >= 0
    h = handicap_study(players=7, extra=2, games=2, trade_budget=1)
    assert set(h["group"]) == {
        f"{k} extra cards, {who}" for k in (0, 2) for who in ("seat 1 (first)", "other seats (each)")
    }


def test_committed_tables_are_read_as_package_data():
    t = committed("policies_8p")
    assert t["policy"].tolist() == ["no_trade", "selfish", "cooperative", "loans"] and (t["games"] == 500).all()


def test_the_committed_deal_lengths_table_is_reproduced_exactly():
    """The recorded command (deal_lengths_by_players.json) gives the same bytes."""
    df = deal_lengths(deals=1000, seed=2024)
    assert (
        length_by_players(df).to_csv(index=False, float_format="%.5f")
        == data_file("polymer", "deal_lengths_by_players.csv").read_text()
    )


def test_the_committed_deal_table_is_reproduced_exactly():
    """The recorded command (deals.json: ``negenlab study polymer deals``) gives the same bytes. The
    policy tables (2,000 tables each) are long studies and stay out of the suite."""
    from negenlab.core.studies import StudyContext
    from negenlab.polymer.study import deals_study

    ctx = StudyContext("polymer", "deals", seed=2024, workers=1, progress=lambda line: None)
    table = deals_study(ctx).table
    assert table.to_csv(index=False, float_format="%.6g") == data_file("polymer", "deals.csv").read_text()
