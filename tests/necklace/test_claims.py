"""The Necklace claim register and its verdicts: every designer quote verbatim in the rules page's
source excerpts, one function per claim, the verdicts of hand-made tables (a swap arm that replays
its games counts once; players who never differed leave a claim untested; players who misjudge
proved openings state no fairness verdict, trusted ones at two strengths may depend on the players),
no verdict against its own 95% interval, a disagreeing re-measurement, and the re-measurement study
on a tiny setting."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest

import negenlab.necklace.study as S
from negenlab.core.claims import Measure, decide, register, verdict_of
from negenlab.core.findings import Finding
from negenlab.core.studies import StudyContext, committed_table
from negenlab.necklace import report as R

RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "necklace.md"


def excerpts() -> str:
    """The quoted lines of the rules page's last section, "Source excerpts", whitespace-normalised."""
    section = RULES_PAGE.read_text(encoding="utf-8").split("## Source excerpts", 1)[1]
    return " ".join(" ".join(line.lstrip(">").strip() for line in section.splitlines() if line.startswith(">")).split())


def quote_found(quote: str, text: str) -> bool:
    """Whether every part of ``quote`` (split on "...") is in ``text``, in order, whitespace-normalised."""
    at = 0
    for part in (" ".join(p.split()) for p in quote.split("...")):
        if not part:
            continue
        i = text.find(part, at)
        if i < 0:
            return False
        at = i + len(part)
    return True


def contradictions(findings: list[Finding]) -> list[str]:
    """The decided single-number verdicts that their own 95% interval contradicts."""
    claims = register("necklace")
    out = []
    for f in findings:
        if f.verdict in ("holds", "fails") and f.interval is not None and f.claim_id in claims:
            if decide(claims[f.claim_id].rule, *f.interval) != f.verdict:
                out.append(f"{f.claim_id}: {f.verdict} against its 95% interval {f.interval}")
    return out


@pytest.fixture(scope="module")
def committed() -> R.ClaimInputs:
    return R.committed_inputs()


def judged(inputs: R.ClaimInputs, claim_id: str, recheck: pd.DataFrame | None = None) -> Finding:
    empty = pd.DataFrame(columns=list(S.TABLES["recheck"].columns))
    return next(f for f in R.verdicts(inputs, empty if recheck is None else recheck) if f.claim_id == claim_id)


def test_every_designer_quote_is_verbatim_in_the_rules_pages_excerpts():
    text, claims = excerpts(), register("necklace")
    designer = [c for c in claims.values() if c.designer]
    assert {c.id for c in designer} == {"any_size", "lowest_pdi", "only_ooscg", "functional"}
    for c in designer:
        assert quote_found(c.quote, text), f"{c.id}: the quote is not verbatim in docs/rules/necklace.md: {c.quote!r}"
    # the check can fail: one changed word, or parts out of order
    assert not quote_found(claims["any_size"].quote.replace("any size", "every size"), text)
    assert not quote_found("No moving, swapping ... Necklace has the lowest possible PDI", text)
    for c in claims.values():
        assert c.designer or not c.quote, f"{c.id}: negenlab's question quotes nobody"
        if c.rule.statistical:
            assert c.reading.startswith("Our reading: "), f"{c.id}: a bar the text does not give is our reading"
    assert {"drawless", "swap"}.isdisjoint(c.id for c in designer)  # neither is in the designers' text


def test_every_claim_has_one_function_and_the_page_judges_two_as_a_family(committed):
    assert list(R.CLAIMS.functions) == list(register("necklace"))
    found = R.verdicts(committed)
    assert [f.claim_id for f in found] == list(register("necklace"))
    assert [f.claim_id for f in found if f.level is not None] == ["draw_rate", "skill"]
    assert {f.claim_id: f.verdict for f in found if f.exact} == {
        "any_size": "holds", "lowest_pdi": "holds", "functional": "holds", "no_draw": "holds", "first_player": "holds"
    }  # fmt: skip
    untested = {f.claim_id: f.sentence for f in found if f.verdict == "untested"}
    assert set(untested) == {"only_ooscg", "fair_opening"}
    assert S.fair_strengths(committed.studies["agents_vs_proof"]) == []  # nobody misjudges none at 7x7's reach
    assert "has two strengths that misjudge none on evidence at 7x7's reach" in untested["fair_opening"]
    assert "On 5x5 proof:1000000 proves 9 of 9 and proof:2000000 9 of 9, so their record" in untested["fair_opening"]
    assert "proof:20000 and proof:50000 prove none" in untested["fair_opening"]
    draws = next(f for f in found if f.claim_id == "draw_rate")
    assert "mcts:800" in draws.number and "mcts:3200" in draws.number  # two strengths, each with its number


def test_a_swap_arm_that_replays_its_games_counts_once():
    def arm(swap, swaps, wins=0.6):
        return [
            {"metric": m, "group": "", "size": 5, "swap": swap, "value": v, "lo": 0.0, "hi": 1.0, "n": 100}
            for m, v in ((S.SEAT0_WINS, wins), (S.DRAWS, 0.0), (S.SWAPS, swaps))
        ]

    replayed = pd.DataFrame(arm(False, 0.0) + arm(True, 0.0))
    assert S.repeated_swap_arms(replayed) == [5] and len(S.distinct_arms(replayed)) == 3
    assert R.edge_table(replayed)["counted"].tolist()[3:] == ["no: nobody swapped, the no-swap games again"] * 3
    swapped = pd.DataFrame(arm(False, 0.0) + arm(True, 0.2, wins=0.5))  # Blue swapped: other games
    assert S.repeated_swap_arms(swapped) == []


def test_the_swap_rule_is_played_by_players_who_swap(committed):
    """The swap-rule cells are the designed ones, and Blue swaps in each (mcts:400 never did)."""
    swap = committed.studies["swap_rule"]
    first = swap[swap["metric"] == S.SEAT0_WINS]
    assert sorted(zip(first["size"], first["agents"], strict=True)) == sorted(S.SWAP_RULE_CELLS)
    assert (first["n"] == S.SWAP_RULE_GAMES).all()
    assert swap.loc[swap["metric"] == S.SWAPS, "value"].gt(0).all()
    chosen = committed.studies["swap_rule_openings"]
    ahead = chosen[chosen["estimate"] > 0.5]
    assert ahead["swaps"].sum() > 0 and chosen.groupby(["size", "agents"])["games"].sum().eq(S.SWAP_RULE_GAMES).all()


def test_the_draw_rate_counts_each_strengths_distinct_games(committed):
    games = committed.studies["agents_vs_proof_openings"]
    for spec, m in committed.statistics["draw_rate"].items():
        mine = games[(games["agent"] == spec) & (games["size"] == S.DRAW_SIZE)]
        assert m.n == int(mine["n"].sum()) == 9 * S.OPENING_GAMES and m.successes == int(mine["draws"].sum())
    assert list(committed.statistics["draw_rate"]) == list(S.DRAW_STRENGTHS)


def test_players_who_never_differed_leave_the_skill_claim_untested(committed):
    same = pd.DataFrame([{"size": 7, "rung": "mcts:200", "below": "mcts:50", "score": 0.5, "lo": 0.5, "hi": 0.5,
                          "fair": 0.5, "units": 100, "games": 200, "decision": "H0"}])  # fmt: skip
    f = judged(replace(committed, studies={**committed.studies, "ladder": same}), "skill")
    assert f.verdict == "untested" and "never differed" in f.sentence and "mcts:200 vs mcts:50" in f.sentence
    weak = same.assign(score=0.5, lo=0.49, hi=0.51)
    assert judged(replace(committed, studies={**committed.studies, "ladder": weak}), "skill").verdict == "fails"


def trust(misjudged: dict[str, int], proved: int = 0) -> pd.DataFrame:
    """A hand-made agents_vs_proof table: how many proved 5x5 openings each budget misjudges, and for a proof:N
    how many its df-pn proves from Blue's first reply (``proved``, none unless told)."""
    return pd.DataFrame(
        [{"agent": a, "size": 5, "misjudged": k, "openings_proved": proved if a.startswith("proof:") else None}
         for a, k in misjudged.items()]
    )  # fmt: skip


def swap_table(values: dict[str, tuple[float, int]]) -> pd.DataFrame:
    return pd.DataFrame(
        [{"metric": m, "group": "", "value": v if m == S.SEAT0_WINS else 0.3, "lo": 0.0, "hi": 1.0, "n": n,
          "method": "wilson", "size": 7, "swap": True, "agents": a}
         for a, (v, n) in values.items() for m in (S.SEAT0_WINS, S.SWAPS)]
    )  # fmt: skip


@pytest.mark.parametrize(
    "values, verdict",
    [
        ({"pie:800": (0.5, 4000), "pie:3200": (0.5, 4000)}, "holds"),
        ({"pie:800": (0.7, 1000), "pie:3200": (0.7, 1000)}, "fails"),
        ({"pie:800": (0.5, 4000), "pie:3200": (0.7, 1000)}, "depends on the players"),
        ({"pie:800": (0.5, 4000), "pie:3200": (0.495, 200)}, "undecided"),
    ],
)
def test_the_fair_opening_by_hand_when_the_players_are_trusted(committed, values, verdict):
    studies = {**committed.studies, "agents_vs_proof": trust({"mcts:800": 0, "mcts:3200": 0}),
               "swap_rule": swap_table(values)}  # fmt: skip
    f = judged(replace(committed, studies=studies), "fair_opening")
    assert f.verdict == verdict and "pie:800" in f.number and "pie:3200" in f.number


def test_a_player_that_misjudges_proved_openings_states_no_fairness_verdict(committed):
    values = {"pie:800": (0.5, 4000), "pie:3200": (0.5, 4000)}
    studies = {**committed.studies, "swap_rule": swap_table(values)}
    one = judged(replace(committed, studies={**studies, "agents_vs_proof": trust({"mcts:800": 2, "mcts:3200": 0})}),
                 "fair_opening")  # fmt: skip
    assert one.verdict == "untested" and "no family measured (mcts:800 to mcts:3200) has two" in one.sentence
    assert one.number == "not tested: no player family measured has two strengths that misjudge no proved opening"
    none = judged(replace(committed, studies={**studies, "agents_vs_proof": trust({"mcts:800": 2, "mcts:3200": 1})}),
                  "fair_opening")  # fmt: skip
    assert none.verdict == "untested" and "no family measured (mcts:800 to mcts:3200) has two" in none.sentence
    assert "50.0% [" in none.sentence  # what the players measured, for the record


def test_any_family_that_stops_misjudging_may_judge_the_fair_opening(committed):
    """The gate reads every family the study measured: mcts misjudging and proof:N not, the two weakest
    proof strengths are the players; without their 7x7 games no verdict, with them one."""
    table = trust({"mcts:800": 2, "mcts:3200": 1, "proof:1000": 1, "proof:2000": 0, "proof:4000": 0, "proof:8000": 0})
    assert S.fair_strengths(table) == ["proof:2000", "proof:4000"]
    studies = {**committed.studies, "agents_vs_proof": table,
               "swap_rule": swap_table({"pie:800": (0.7, 1000), "pie:3200": (0.7, 1000)})}  # fmt: skip
    waits = judged(replace(committed, studies=studies), "fair_opening")
    assert waits.verdict == "untested" and "proof:2000 and proof:4000, misjudge no proved opening" in waits.sentence
    values = {"proof:2000": (0.5, 4000), "proof:4000": (0.5, 4000)}
    found = judged(replace(committed, studies={**studies, "swap_rule": swap_table(values)}), "fair_opening")
    assert found.verdict == "holds" and "proof:2000" in found.number and "proof:4000" in found.number
    assert "proof from 2000 on" in found.sentence
    proving = trust({"mcts:800": 2, "proof:1000": 1, "proof:2000": 0, "proof:4000": 0}, proved=9)
    assert S.fair_strengths(proving) == []  # their record is their proof's, which says nothing about 7x7
    none = judged(replace(committed, studies={**studies, "agents_vs_proof": proving}), "fair_opening")
    assert none.verdict == "untested" and "proof:2000 9 and proof:4000 9, so their record" in none.sentence


def test_exact_claims_fail_on_hand_made_tables(committed):
    draws = committed.studies["draws"].copy()
    draws.loc[draws["size"] == 3, "draws"] = 1
    f = judged(replace(committed, studies={**committed.studies, "draws": draws}), "no_draw")
    assert f.verdict == "fails" and f.change and f.exact
    sizes = committed.sizes.copy()
    sizes.loc[0, ["points_changed_max", "pdi_max"]] = [2, 4]  # a turn that flips a stone
    sizes.loc[1, ["red_wins", "draws"]] = [sizes.loc[1, "red_wins"] - 1, 1]
    hand = replace(committed, sizes=sizes)
    assert judged(hand, "lowest_pdi").verdict == "fails" and judged(hand, "any_size").verdict == "fails"


def test_no_verdict_contradicts_its_own_95_percent_interval(committed):
    found = R.verdicts(committed)
    assert contradictions(found) == []
    claims = register("necklace")
    for cid, stat in committed.statistics.items():
        f = next(x for x in found if x.claim_id == cid)
        if f.verdict in ("holds", "fails"):  # decided at the family's level, so also at 95%
            for part in stat.values() if isinstance(stat, dict) else [stat]:
                assert verdict_of(claims[cid].rule, part, 0.05) == f.verdict, cid
    # the check sees a contradiction when there is one
    lie = Finding(
        "self-play games end without a draw", "holds", "5%", n=100, interval=(0.02, 0.11), claim_id="draw_rate"
    )
    assert contradictions([lie]) == ["draw_rate: holds against its 95% interval (0.02, 0.11)"]


def test_a_disagreeing_recheck_leaves_the_verdict_undecided(committed):
    committed_draws = committed.statistics["draw_rate"]
    fresh = {k: Measure.of_rate(40, 500) if k == "mcts:800" else m for k, m in committed_draws.items()}
    f = judged(committed, "draw_rate", pd.DataFrame(S.recheck_rows("draw_rate", fresh, 2025, "negenlab study")))
    assert f.verdict == "undecided" and "contradicts it" in f.recheck
    assert "mcts:800 (fails, n=500 short of the committed 1,800): 8.0%" in f.recheck
    same = {k: Measure.of_rate(0, 1800) for k in committed_draws}
    g = judged(committed, "draw_rate", pd.DataFrame(S.recheck_rows("draw_rate", same, 2025)))
    assert g.verdict == "holds" and g.recheck == "re-measured on seed 2025: confirmed, holds again (n=3,600)"
    one = {"mcts:800": Measure.of_rate(0, 1800)}
    h = judged(committed, "draw_rate", pd.DataFrame(S.recheck_rows("draw_rate", one, 2025)))
    assert "not re-measured under mcts:3200" in h.recheck


def test_the_recheck_study_runs_small_and_rows_name_register_claims(monkeypatch, tmp_path):
    monkeypatch.setattr(S, "LADDER", ("random", "mcts:10"))
    monkeypatch.setattr(S, "LADDER_SIZE", 4)
    monkeypatch.setattr(S, "DRAW_STRENGTHS", ("mcts:10", "mcts:20"))
    monkeypatch.setattr(S, "DRAW_SIZE", 4)
    monkeypatch.setattr(S, "RECHECK_OPENING_GAMES", 5)
    monkeypatch.setattr(S, "FAIR_OPENING_SIZE", 3)  # the trusted players' swap-rule games, small
    monkeypatch.setattr(S, "SWAP_RULE_GAMES", 6)
    monkeypatch.setattr(S, "SWAP_RULE_ESTIMATES", 2)
    trusted = S.fair_strengths(committed_table("necklace", "agents_vs_proof", S.TABLES["agents_vs_proof"]))
    ctx = StudyContext("necklace", "recheck", seed=5, workers=1, store=tmp_path, progress=lambda line: None)
    result = S.recheck_study(ctx)
    t = result.table
    assert list(t.columns) == list(S.TABLES["recheck"].columns)
    assert (
        set(t["claim"]) == {"draw_rate", "skill", *(["fair_opening"] if trusted else [])} <= set(register("necklace"))
    )
    assert (t["seed"] == 6).all() and result.extra["fresh_seed"] == 6
    assert result.extra["fair_opening_players"] == trusted  # the players the committed table trusts
    assert sorted(t.loc[t["claim"] == "fair_opening", "players"]) == sorted(trusted)
    assert t.loc[t["claim"] == "skill", "step"].tolist() == ["mcts:10 vs random"]
    draws = t[t["claim"] == "draw_rate"]
    assert draws["players"].tolist() == ["mcts:10", "mcts:20"] and (draws["games"] == 4 * 5).all()


def test_the_variant_tool_judges_the_registers_draw_claim_and_reds_edge():
    draws, edge = S.VARIANT_CLAIMS
    assert draws.claim == register("necklace")["draw_rate"] and draws.metric == "draw_rate" and draws.how
    assert edge.claim == register("necklace")["fair_opening"] and edge.metric == "seat_share" and "swap" in edge.fields
