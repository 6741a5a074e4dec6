"""FEN's long studies on tiny sizes (their shapes and numbers against direct runs), the claims'
numbers read from the committed ones, and the page's tiling ranking."""

import dataclasses

import pandas as pd
import pytest

import negenlab.fen.study as S
from negenlab import games
from negenlab.core.claims import Rule
from negenlab.core.compare import seat_win
from negenlab.core.simulate import simulate
from negenlab.core.studies import StudyContext
from negenlab.fen.report import STUDY_NAMES, tiling_ranking
from negenlab.report.studies import committed_studies


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setattr(S, "STANDARD_BOARD", "triangle:2")
    monkeypatch.setattr(S, "LADDER", ("random", "greedy"))
    monkeypatch.setattr(S, "LADDER_TOP", ("greedy", "mcts:5"))
    monkeypatch.setattr(S, "PIE_RUNGS", ("greedy",))
    monkeypatch.setattr(S, "PIE_OFF", ("greedy",))
    monkeypatch.setattr(S, "ATLAS_SIZES", (7,))
    monkeypatch.setattr(S, "ATLAS_AGENTS", {"greedy": 12})
    return StudyContext("fen", "tiny", seed=3, workers=1, progress=lambda line: None)


def test_ladder_study_is_the_skill_trace(tiny):
    t = S.ladder_study(tiny).table
    assert t[["board", "rung", "below"]].values.tolist() == [["triangle:2", "greedy", "random"]]
    assert t["units"].iloc[0] >= 100 and t["lo"].iloc[0] <= t["score"].iloc[0] <= t["hi"].iloc[0]


def test_the_top_step_is_its_own_study_and_stacks_under_the_ladder(tiny):
    top = S.ladder_top_study(tiny).table
    assert top[["board", "rung", "below"]].values.tolist() == [["triangle:2", "mcts:5", "greedy"]]
    ladder = S.ladder_study(tiny).table
    trace = S.skill_trace_table({"ladder": ladder, "ladder_top": top})
    assert trace["rung"].tolist() == ["greedy", "mcts:5"]
    steps = S.claim_statistics({"ladder": ladder, "ladder_top": top})["skill"].steps
    assert [label for label, _ in steps] == ["greedy over random", "mcts:5 over greedy"]
    assert S.skill_trace_table({"ladder_top": top}) is None


def test_pie_study_rows_come_from_the_games_it_decided_on(tiny):
    t = S.pie_study(tiny).table
    first = t[t["metric"] == "first_player_win_rate"]
    assert sorted(first["pie_rule"]) == [False, True] and set(first["decision"]) <= {"H0", "H1", "undecided"}
    for row in first.itertuples():
        game = games.load("fen", board="triangle:2", pie_rule=row.pie_rule)
        agents = games.make_agents("fen", "greedy,greedy")
        df = simulate(game, agents, int(row.n), 3, backend="serial", progress=False)
        assert row.value == pytest.approx(float((df["winner"] == 0).mean()))
        assert row.value == pytest.approx(float(seat_win(0)(df).mean()) - df["draw"].mean() / 2)


def test_atlas_balance_study_covers_every_tiling_and_agent(tiny):
    t = S.atlas_balance_study(tiny).table
    assert set(t["tiling"]) == set(S.T.ARCHIMEDEAN) and set(t["agents"]) == {"greedy"}
    assert set(t["metric"]) == {"first_player_win_rate", "draw_rate", "ends_by_majority", "turns_per_game"}
    assert (t[t["metric"] != "turns_per_game"]["n"] == 12).all()


def test_tiling_ranking_puts_the_most_balanced_first():
    rows = [
        {
            "tiling": t,
            "faces": 49,
            "agents": "mcts:50",
            "metric": "first_player_win_rate",
            "value": v,
            "lo": v - 0.1,
            "hi": v + 0.1,
            "n": 100,
        }
        for t, v in (("a", 0.9), ("b", 0.52), ("c", 0.3))
    ]
    assert tiling_ranking(pd.DataFrame(rows))["tiling"].tolist() == ["b", "c", "a"]


def test_the_claims_numbers_come_from_the_committed_studies_with_n_and_an_interval():
    studies = committed_studies("fen", STUDY_NAMES, S.TABLES)
    played = ("pie", "ladder", "ladder_top", "atlas_balance", "atlas_strong")
    numbers = S.claim_statistics({k: studies[k] for k in played if k in studies})
    assert set(numbers) == {"pie", "skill", "tilings"}
    pie = studies["pie"]
    assert list(numbers["pie"]) == S.pie_strengths(pie)
    for spec, m in numbers["pie"].items():
        on = pie[(pie["metric"] == "first_player_win_rate") & pie["pie_rule"] & (pie["agents"] == S.self_play(spec))]
        # the table keeps six significant digits (49 of 150 is written 0.326667)
        assert m.n == on["n"].iloc[0] and m.value == pytest.approx(on["value"].iloc[0], rel=2e-6)
    assert [m.n for _, m in numbers["skill"].steps] == S.skill_trace_table(studies)["games"].tolist()
    tables = [studies[k] for k in ("atlas_balance", "atlas_strong") if k in studies]
    assert set(numbers["tilings"]) == {a for t in tables for a in t["agents"]} & set(S.TILING_PLAYERS)
    for m in [*numbers["pie"].values(), *(m for _, m in numbers["skill"].steps), *numbers["tilings"].values()]:
        lo, hi = m.interval()
        assert m.n > 0 and lo <= m.value <= hi


def test_solved_study_rows_are_the_solver_and_the_games_on_the_board(tiny, monkeypatch):
    """Each row is the solver's answer for the board and reading; a board the cap stops says so and
    plays no games; the finding names the winners with and without the pie rule."""
    from negenlab.fen.report import solved_finding
    from negenlab.fen.solver import solve

    monkeypatch.setattr(S, "SOLVED_GAMES", 6)
    monkeypatch.setattr(S, "SOLVED_MCTS", "greedy")
    t = S.solved_study(tiny, boards=["3.3.3.3.3.3:3"]).table
    assert t["scope"].tolist() == ["interior", "all"]  # n,e = 1,1 and 1,2: two readings
    for row in t.itertuples():
        s = solve("3.3.3.3.3.3:3", S.Rules(ne_scope=row.scope))
        assert (row.winner, row.winner_with_pie, row.openings) == (s.winner, s.winner_with_pie, len(s.openings))
        assert row.win_openings == (s.openings["value"] == "win").sum() and row.mcts_games == 6
    capped = S.solved_study(tiny, boards=["square:3x1"], cap=1000).table
    # three faces and partial claims: no game draws, so the pie rule's winner is known unsearched
    assert capped[["complete", "winner_with_pie", "with_pie_by", "mcts_games"]].values.tolist()[0] == [
        False, "second player", "no opening can draw", 0
    ]  # fmt: skip
    text = solved_finding(pd.concat([t, capped.iloc[:1]], ignore_index=True))
    assert "the first player wins on 2 of them" in text and "With the pie rule the second player wins on 2 of 2" in text
    # the start's job trees (one job of the cap's 1,000 positions) and then the openings (1,019)
    assert "Not solved within the search's cap (2,020 positions): square:3x1 (n=1, e=1)" in text


@pytest.mark.parametrize("band, cap", [("between 0.45 and 0.55", 256), ("between 0.6 and 0.7", 600)])
def test_the_pie_share_plays_on_until_it_settles_the_band(tiny, monkeypatch, band, cap):
    """Random self-play on the tiny board: the SPRT decides an edge at 106 games (59.4%, seat 0's
    score counting draws as halves), the first player's wins alone sit near 45%. Against the verdict's
    band the share never settles and plays on to the cap; against a band it lies outside, it stops at
    the first look that settles it. Every look before the last settles nothing: not a batch too many."""
    monkeypatch.setattr(S, "PIE_SPRT", dataclasses.replace(S.PIE_SPRT, clear_max=cap))
    monkeypatch.setattr(S, "PIE_BAND", Rule.parse(band))
    t = S.pie_setting_table(True, 3, None, 1, None, "random")
    row = t[t["metric"] == "first_player_win_rate"].iloc[0]
    stop, n = int(row["sprt_games"]), int(row["n"])
    game = games.load("fen", board="triangle:2", pie_rule=True)
    df = simulate(game, games.make_agents("fen", "random,random"), n, 3, backend="serial", progress=False)
    wins = (df["winner"] == 0).to_numpy()
    looks = list(range(stop, n, S.PIE_SPRT.batch)) + [n]
    settled = [
        S.pie_settled(int(wins[:k].sum()), k, S.PIE_SPRT.clear_alpha, S.pie_design("random").looks) for k in looks
    ]
    assert stop == 106 and row["decision"] == "H1" and n > stop
    assert not any(settled[:-1]) and (settled[-1] or n == cap)
    assert row["value"] == pytest.approx(wins.mean())
    assert (n == cap) == (band == "between 0.45 and 0.55")
