"""FEN's claim register and its one judge: every designer quote stands verbatim in the rules page's
excerpts, each claim function gives the expected verdict on small hand-made tables (players who
never did what a claim is about: untested), no verdict contradicts its own 95% interval, and the
recheck study writes rows the register knows."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pandas as pd
import pytest

import negenlab.fen.study as S
from negenlab.core.claims import RECHECK, decide, quote_found, register
from negenlab.core.findings import Finding
from negenlab.core.studies import StudyContext
from negenlab.fen import ENTRY
from negenlab.fen.report import CLAIMS, committed_verdicts, verdicts

RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "fen.md"
NO_RECHECK = pd.DataFrame()


def excerpts() -> str:
    text = RULES_PAGE.read_text(encoding="utf-8")
    return text[text.index("## Source excerpts") :]


def test_every_designer_quote_stands_verbatim_in_the_excerpts():
    claims = register("fen")
    designer = [c for c in claims.values() if c.designer]
    assert len(designer) >= 8
    section = excerpts()
    missing = [c.id for c in designer if not quote_found(c.quote, section)]
    assert not missing, f"quotes not found verbatim in docs/rules/fen.md's Source excerpts: {missing}"
    assert all(not c.quote for c in claims.values() if not c.designer)  # negenlab's questions quote nobody
    assert {c.id for c in claims.values() if not c.designer} == {"pie", "skill"}


def test_the_quote_check_sees_a_changed_word():
    section = excerpts()
    quote = register("fen")["majority_end"].quote
    assert quote_found(quote, section)
    assert not quote_found(quote.replace("ownship", "ownership"), section)  # the designer's spelling, kept
    assert not quote_found("for a regular hex board, N = 3 ... e = 6 / 3 = 2", section)  # out of order


def test_readings_say_ours_where_the_number_is_ours():
    for c in register("fen").values():
        if c.rule.statistical or c.id in ("stated_turn", "hex_board", "odd_tessellations", "majority_end"):
            assert c.reading, c.id
        if c.source == "designer" and c.rule.statistical:
            assert c.reading.startswith("Our reading:"), c.id


def test_the_entry_names_every_player_the_page_mentions():
    assert ENTRY.title == "FEN"
    assert {"random", "greedy", "mcts:N", "directed"} <= set(ENTRY.players)


# -- hand-made tables ---------------------------------------------------------------------------


def pie_table(
    first_wins: int, games: int, swaps: int, off_wins: int = 145, off_games: int = 250, spec: str = "mcts:200"
) -> pd.DataFrame:
    rows = []
    for pie, k, n, s in ((True, first_wins, games, swaps), (False, off_wins, off_games, 0)):
        for metric, v in (("first_player_win_rate", k / n), ("swap_rate", s / n)):
            rows.append(
                {"metric": metric, "pie_rule": pie, "value": v, "lo": max(0.0, v - 0.1), "hi": min(1.0, v + 0.1),
                 "n": n, "decision": "H0" if metric.startswith("first") else None, "h0": 0.5, "h1": 0.6,
                 "agents": f"{spec} vs {spec}"}
            )  # fmt: skip
    return pd.DataFrame(rows)


def ladder_table(scores: list[tuple[str, str, float, float, int]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {"rung": r, "below": b, "score": s, "lo": s - z * se, "hi": s + z * se, "units": u, "games": 2 * u,
             "decision": "H1"}
            for r, b, s, se, u in scores
            for z in [1.959964]
        ]
    )  # fmt: skip


def atlas_balance_table(shares: dict[str, dict[str, tuple[float, int]]], faces: int = 49) -> pd.DataFrame:
    rows = []
    for agents, by_tiling in shares.items():
        for tiling, (p, n) in by_tiling.items():
            for metric, v in (("first_player_win_rate", p), ("draw_rate", 0.0), ("ends_by_majority", 1.0)):
                rows.append({"tiling": tiling, "faces": faces, "agents": agents, "metric": metric, "value": v,
                             "lo": max(0.0, v - 0.05), "hi": min(1.0, v + 0.05), "n": n})  # fmt: skip
    return pd.DataFrame(rows)


def by_id(findings: list[Finding]) -> dict[str, Finding]:
    return {str(f.claim_id): f for f in findings}


def judged(**studies) -> dict[str, Finding]:
    return by_id(verdicts(studies=studies, atlas=None, recheck=NO_RECHECK))


def test_the_derivation_claims_state_both_readings():
    f = judged()
    assert f["ne_all_nodes"].verdict == "fails" and "n, e = 2, 3" in f["ne_all_nodes"].number
    assert "hex board of radius 1" in f["ne_all_nodes"].number and f["ne_all_nodes"].change
    assert f["stated_turn"].verdict == "holds" and "(2, 3 over all nodes)" in f["stated_turn"].number
    assert f["hex_board"].verdict == "holds" and "over all nodes on 5 of them" in f["hex_board"].number
    assert all(f[k].exact for k in ("ne_all_nodes", "stated_turn", "hex_board"))


def pie_tables(first_wins: int, games: int, swaps: int) -> pd.DataFrame:
    """The same numbers under both strengths of the pie verdict."""
    return pd.concat([pie_table(first_wins, games, swaps, spec=spec) for spec in S.PIE_RUNGS])


def test_the_pie_claim_holds_fails_or_waits_for_games():
    fair = judged(pie=pie_tables(5000, 10000, 400))["pie"]  # 1,000 games a side clear the band by less than their error
    assert fair.verdict == "holds" and fair.n == 20000 and "swapped in 400 of 10000" in fair.sentence
    unfair = judged(pie=pie_tables(700, 1000, 40))["pie"]
    assert unfair.verdict == "fails" and unfair.change
    few = judged(pie=pie_tables(48, 101, 1))["pie"]
    assert few.verdict == "undecided" and "swapped in 1 of 101" in few.sentence
    one = judged(pie=pie_table(500, 1000, 40))["pie"]  # mcts:200 alone: never decided by one strength
    assert one.verdict == "untested" and "mcts:800 has no committed measurement" in one.sentence


def test_the_pie_claim_needs_both_strengths_to_agree():
    """Two strengths: holds or fails only when both do; one holding and one failing depends on the players."""
    both = pd.concat([pie_table(5000, 10000, 600), pie_table(5000, 10000, 6000, spec="mcts:800")])
    assert judged(pie=both)["pie"].verdict == "holds"
    split = pd.concat([pie_table(5000, 10000, 600), pie_table(7000, 10000, 6000, spec="mcts:800")])
    f = judged(pie=split)["pie"]
    assert f.verdict == "depends on the players" and "mcts:200: 50.0%" in f.number and "mcts:800: 70.0%" in f.number
    assert "swapped in 600 of 10000" in f.sentence and "swapped in 6000 of 10000" in f.sentence


def test_the_skill_steps_hold_only_when_every_step_does():
    strong = ladder_table([("greedy", "random", 0.71, 0.02, 100), ("mcts:50", "greedy", 0.70, 0.02, 100)])
    assert judged(ladder=strong)["skill"].verdict == "holds"
    flat = ladder_table([("greedy", "random", 0.71, 0.02, 100), ("mcts:50", "greedy", 0.50, 0.005, 300)])
    f = judged(ladder=flat)["skill"]
    assert f.verdict == "fails" and f.n == 800 and "mcts:50 over greedy: 50.0%" in f.number
    marginal = ladder_table([("greedy", "random", 0.71, 0.02, 100), ("mcts:50", "greedy", 0.523, 0.019, 300)])
    assert judged(ladder=marginal)["skill"].verdict == "undecided"


def test_the_tilings_claim_per_player_strength():
    far = {"a": (0.52, 400), "b": (0.80, 400), "c": (0.60, 400)}
    near = {"a": (0.50, 20000), "b": (0.505, 20000)}
    apart = atlas_balance_table(dict.fromkeys(S.TILING_PLAYERS, far))
    f = judged(atlas_balance=apart)["tilings"]
    assert f.verdict == "holds" and f.n == 2400 and "on a, " in f.sentence and "on b (400 games a board)" in f.sentence
    alike = atlas_balance_table(dict.fromkeys(S.TILING_PLAYERS, near))
    assert judged(atlas_balance=alike)["tilings"].verdict == "fails"
    split = atlas_balance_table({"greedy": far, **dict.fromkeys(S.TILING_PLAYERS[1:], near)})
    assert judged(atlas_balance=split)["tilings"].verdict == "depends on the players"
    one = judged(atlas_balance=atlas_balance_table({"greedy": far}))["tilings"]
    assert one.verdict == "untested" and "Measured under greedy only" in one.sentence


def test_players_who_never_swap_leave_the_pie_claim_untested():
    """Players who never take the swap never use the pie rule (greedy self-play plays the same games
    with and without it): the claim is untested, and the sentence still gives the share they played."""
    f = judged(pie=pie_table(55, 100, 0))["pie"]
    assert f.verdict == "untested" and "never took the swap" in f.sentence and "55.0%" in f.sentence


def test_untested_claims_say_why():
    f = judged()
    for cid in ("push_luck", "deeper", "pie", "skill", "odd_tessellations", "majority_end"):
        assert f[cid].verdict == "untested" and f[cid].sentence, cid


# -- the committed page ---------------------------------------------------------------------------


def contradicts_interval(f: Finding) -> bool:
    """Whether a statistical verdict says the opposite of its own 95% interval (decided at the
    family's level, its interval is wider than the 95% one: the 95% one must say no less)."""
    if f.interval is None or f.verdict not in ("holds", "fails"):
        return False
    rule = register("fen")[str(f.claim_id)].rule
    lo, hi = f.interval
    return not lo <= (f.value if f.value is not None else lo) <= hi or decide(rule, lo, hi) != f.verdict


def test_no_committed_verdict_contradicts_its_own_interval():
    lines = list(committed_verdicts())
    assert [f.claim_id for f in lines] == list(register("fen"))
    assert sum(f.level is not None for f in lines) == 3  # pie, skill, tilings: one family
    for f in lines:
        assert not contradicts_interval(f), f.line()
        if f.level is not None:
            assert f.level == pytest.approx(1 - 0.05 / 3)
        if f.interval is not None and f.unit == "share":
            assert 0 <= f.interval[0] <= f.interval[1] <= 1


def test_the_interval_check_can_fail():
    f = Finding("x", "holds", "47.5%", n=101, interval=(0.38, 0.57), claim_id="pie")
    assert contradicts_interval(f)
    assert not contradicts_interval(Finding("x", "undecided", "47.5%", n=101, interval=(0.38, 0.57), claim_id="pie"))


def test_committed_recheck_rows_belong_to_the_register():
    path = Path(__file__).resolve().parents[2] / "data" / "fen" / "recheck.csv"
    if not path.exists():
        pytest.skip("data/fen/recheck.csv not made yet (negenlab study fen recheck --seed 2024)")
    table = pd.read_csv(path)
    assert set(table["claim"]) == {"pie", "skill", "tilings"} and set(table["seed"]) == {2025}
    lines = by_id(committed_verdicts())
    for cid in ("pie", "skill", "tilings"):
        said = lines[cid].recheck
        # a claim whose players changed since the recheck names the strengths the fresh seed has not played yet
        assert said and ("re-measured on seed 2025" in said or said.startswith("not re-measured ")), cid


# -- the recheck study on a tiny setting ------------------------------------------------------------


@pytest.fixture
def tiny(monkeypatch, tmp_path):
    monkeypatch.setattr(S, "STANDARD_BOARD", "triangle:2")
    monkeypatch.setattr(S, "LADDER", ("random", "greedy"))
    monkeypatch.setattr(S, "LADDER_TOP", ("greedy", "mcts:5"))
    monkeypatch.setattr(S, "PIE_RUNGS", ("greedy",))
    monkeypatch.setattr(S, "ATLAS_SIZES", (7,))
    monkeypatch.setattr(S, "ATLAS_AGENTS", {"greedy": 12})
    monkeypatch.setattr(S, "TILING_PLAYERS", ("greedy",))
    for claim in ("pie", "tilings"):  # the page judges the tiny setting's one strength
        monkeypatch.setitem(CLAIMS.strengths, claim, ("greedy",))
    return StudyContext("fen", "recheck", seed=3, workers=1, store=tmp_path / "store", progress=lambda line: None)


def test_the_recheck_study_rewrites_every_statistical_number_on_the_next_seed(tiny):
    atlas = S.atlas_balance_study(StudyContext("fen", "atlas_balance", seed=3, workers=1, progress=print)).table
    result = S.recheck_study(tiny, tiling_tables={"atlas_balance": atlas})
    rows = result.table
    assert list(rows.columns) == list(RECHECK.columns)
    assert set(rows["claim"]) == {"pie", "skill", "tilings"} <= set(register("fen"))
    assert set(rows["seed"]) == {4} and result.extra["fresh_seed"] == 4
    assert rows.loc[rows["claim"] == "skill", "step"].tolist() == ["greedy over random", "mcts:5 over greedy"]
    assert rows.loc[rows["claim"] == "tilings", "players"].tolist() == ["greedy"]
    pie = rows[rows["claim"] == "pie"].iloc[0]
    assert pie["games"] >= 100 and 0 <= pie["value"] <= 1 and not math.isnan(pie["successes"])
    most, least = S.extreme_tilings(atlas, 7)["greedy"]
    assert result.extra["tiling_pairs"]["greedy"] == {"most balanced": most, "least balanced": least}
    # the fresh numbers re-judge the committed ones through the same judge
    studies = {"pie": pie_table(50, 100, 5, spec="greedy"), "atlas_balance": atlas}
    lines = by_id(verdicts(studies=studies, atlas=None, recheck=rows[rows["claim"] != "skill"]))
    said = r"re-measured on seed 4: (confirmed|not confirmed|contradicts it|.* there .*nothing to confirm)"
    assert re.match(said, lines["pie"].recheck)
    assert re.match(said, lines["tilings"].recheck)


def test_the_recheck_study_is_registered_with_its_cost():
    study = S.STUDIES["recheck"]
    assert "seed" in study.help and "min" in study.cost and S.TABLES["recheck"].columns == RECHECK.columns
