"""Polymer's verdicts: one function per claim of data/polymer/claims.csv, judged by the one judge
from hand-made tables and from the committed ones, and the re-measurement on a fresh seed."""

from __future__ import annotations

import pandas as pd
import pytest

from negenlab.core.claims import Measure, Steps, recheck_rows, register, verdict_of, z_for
from negenlab.core.studies import StudyContext
from negenlab.core.summary_table import long_table, mean_row, rate_row
from negenlab.polymer import study as S
from negenlab.polymer.report import CLAIMS, committed_inputs, committed_verdicts, flattening_text, verdicts

NO_RECHECK = pd.DataFrame()


def _strategies(reveal=(-5.0, -7.0, -3.0), monopoly=(-8.0, -10.0, -6.0), spoiler=(0.0, 0.0, 0.0)) -> pd.DataFrame:
    """A strategy table as the study writes it: hidden and open arms, the baseline's clock, the tokens."""
    rows = []
    arms = {
        "revealing among concealing": reveal,
        "monopolist among cooperative": monopoly,
        "spoiler among cooperative": spoiler,
        "halting among cooperative": (-10.0, -11.0, -9.0),
    }
    for information in ("hidden", "open"):
        for group, (v, lo, hi) in arms.items():
            if information == "open" and group.startswith("spoiler"):
                v, lo, hi = -22.8, -27.6, -18.0
            rows.append(dict(information=information, metric="score change", group=group, value=v, lo=lo, hi=hi, n=504,
                             method="normal"))  # fmt: skip
        rows.append(dict(information=information, metric="length change", group="halting among cooperative",
                         value=-0.5, lo=-0.6, hi=-0.45, n=504, method="normal"))  # fmt: skip
    rows += [
        dict(information="hidden", **mean_row("trading minutes", [10.0, 10.001, 9.999, 10.0], "baseline cooperative")),
        dict(information="hidden", **rate_row("tables trading to the clock", 504, 504, "baseline cooperative")),
        dict(information="hidden", **rate_row("tables decided by tokens", 35, 504, "sweeteners, 3 tokens each")),
    ]
    return pd.DataFrame(rows)


def _holdout(v=-4.86, lo=-5.03, hi=-4.70) -> pd.DataFrame:
    return long_table(
        [
            {"metric": "length change", "group": "distance 1", "value": v, "lo": lo, "hi": hi, "n": 500, "method": "normal"},
            {"metric": "score change", "group": "distance 1", "value": -147.0, "lo": -150.0, "hi": -144.0, "n": 500,
             "method": "normal"},
        ]
    )  # fmt: skip


def _ladder(rows) -> pd.DataFrame:
    return pd.DataFrame(
        [dict(players=8, rung=r, below=b, score=s, lo=lo, hi=hi, fair=0.125, units=100, games=800, decision=d,
              capped=False) for r, b, s, lo, hi, d in rows]
    )  # fmt: skip


def _policies_hidden(gain=(40.5, 39.0, 42.0), own=(0.84, 0.83, 0.85)) -> pd.DataFrame:
    row = dict(policy="cooperative", players=8, games=500, score_gain=gain[0], score_gain_lo=gain[1],
               score_gain_hi=gain[2], own_larger=own[0], own_larger_lo=own[1], own_larger_hi=own[2],
               boundary_gap=-13.5, boundary_gap_lo=-16.0, boundary_gap_hi=-11.0, boundary_gap_tables=441,
               chain_trades_per_game=0.0, trades_per_game=10.0, final_length=5.1, boundaries=2.9, boundaries_lo=2.8,
               boundaries_hi=3.0, score_diff=0.0, score_diff_lo=0.0, score_diff_hi=0.0)  # fmt: skip
    return pd.DataFrame([row, {**row, "policy": "no_trade", "score_gain": 0.0, "own_larger": 0.3}])


def _by_id(findings):
    return {f.claim_id: f for f in findings}


def test_every_claim_of_the_register_has_one_function_and_one_line():
    found = verdicts({}, NO_RECHECK)
    assert [f.claim_id for f in found] == list(register("polymer")) == list(CLAIMS.functions)
    assert all(f.verdict == "untested" and f.sentence for f in found if f.claim_id != "deal_seats")


def test_the_table_policies_alone_judge_no_advice_and_a_seat_that_never_differed_is_untested():
    """The table policies' strategy study has one player strength (cooperative seats): without the rung
    studies every verdict about play it measures is untested, naming the two strengths it waits for."""
    f = _by_id(verdicts({"strategies": _strategies()}, NO_RECHECK))
    spoiler = f["second_degree"]
    assert spoiler.verdict == "untested" and "never acted differently" in spoiler.sentence
    assert "-22.8 [-27.6, -18.0]" in spoiler.sentence  # the open-hands result stands in the sentence
    for claim_id in ("reveal", "monopoly", "timer", "tokens", "duration"):
        assert f[claim_id].verdict == "untested", claim_id
        assert "bargainers and brokers" in f[claim_id].sentence and f[claim_id].level is None, claim_id


def test_halting_from_the_open_and_hidden_experiments_alone_is_untested():
    """The halting experiment at open tables and the cooperative hidden tables are two settings of one
    player model, not the two player strengths: the verdict waits for the rungs."""
    tables = {"strategies": _strategies(), "holdout": _holdout()}
    assert set(S.claim_statistics(tables)["halting"]) == {S.HALTING_OPEN, S.HALTING_HIDDEN}
    h = _by_id(verdicts(tables, NO_RECHECK))["halting"]
    assert h.verdict == "untested" and "Not measured under bargainers and brokers" in h.sentence


def test_the_ladders_leave_out_a_rung_that_played_as_the_one_below():
    trace = _ladder([("selfish", "random", 0.27, 0.24, 0.30, "H1"), ("cooperative", "selfish", 0.125, 0.125, 0.125, "H0"),
                     ("search", "cooperative", 0.145, 0.126, 0.163, "H0")])  # fmt: skip
    stats = S.claim_statistics({"ladder_hidden": trace})
    assert [label for label, _ in stats["skill_hidden"].steps] == ["selfish over random", "search over cooperative"]
    f = _by_id(verdicts({"ladder_hidden": trace}, NO_RECHECK))["skill_hidden"]
    # search 14.5% [12.6, 16.3]: above the fair 12.5%, but across the midpoint 15% of a five-point edge
    assert f.verdict == "undecided" and "played every game exactly as selfish" in f.sentence
    assert f.rule == "above the fair 12.5% by more than 2.5 points, half the edge of 5.0 points that counts"
    strong = _ladder([("selfish", "random", 0.27, 0.24, 0.30, "H1"), ("search", "selfish", 0.30, 0.27, 0.33, "H1")])
    assert _by_id(verdicts({"ladder_hidden": strong}, NO_RECHECK))["skill_hidden"].verdict == "holds"


def test_the_cooperative_hidden_tables_alone_judge_no_play_verdict():
    f = _by_id(verdicts({"policies_hidden": _policies_hidden()}, NO_RECHECK))
    for claim_id in ("permit_trades", "own_length", "boundary_cost"):
        assert f[claim_id].verdict == "untested" and "bargainers and brokers" in f[claim_id].sentence, claim_id
    assert f["long_distance"].verdict == "untested" and "0 chain trades" in f["long_distance"].sentence


def test_a_disagreeing_recheck_leaves_the_verdict_undecided():
    tables = {f"strategies_{r}": _rung_table(r, {"reveal": (-6.0, -8.0, -4.0)}) for r in S.RUNGS}
    committed = S.claim_statistics(tables)["reveal"]
    assert _by_id(verdicts(tables, NO_RECHECK))["reveal"].verdict == "holds"
    agreeing = pd.DataFrame(recheck_rows("reveal", committed, 2025))
    far = {label: Measure.of_interval(2.0, 1.0, 3.0, 240) for label in committed}
    disagreeing = pd.DataFrame(recheck_rows("reveal", far, 2025))
    assert _by_id(verdicts(tables, agreeing))["reveal"].recheck.startswith("re-measured on seed 2025: confirmed")
    f = _by_id(verdicts(tables, disagreeing))["reveal"]
    assert f.verdict == "undecided" and f.recheck.startswith("re-measured on seed 2025: contradicts it, fails there")


def _parts(s):
    if isinstance(s, Measure):
        return [s]
    if isinstance(s, Steps):
        return [m for _, m in s.steps]
    return [m for v in s.values() for m in _parts(v)]


def _says(rule, lo: float, hi: float, players: int = 8) -> set[str]:
    """What an interval allows a rule to say: holds, fails, both (a real edge smaller than the
    margin: wholly above the line yet ruling the margin out), or neither (undecided)."""
    said = set()
    if rule.kind == "between":
        said |= {"holds"} if rule.lo <= lo and hi <= rule.hi else set()
        said |= {"fails"} if hi < rule.lo or lo > rule.hi else set()
    elif rule.kind == "above":
        said |= ({"holds"} if lo > rule.line(players) else set()) | (
            {"fails"} if hi < rule.line(players) + rule.margin else set())  # fmt: skip
    else:
        said |= ({"holds"} if hi < rule.line(players) else set()) | (
            {"fails"} if lo > rule.line(players) - rule.margin else set())  # fmt: skip
    return said


def test_no_committed_verdict_contradicts_its_own_95_interval():
    """A verdict decided at the page's level holds (fails) only where the 95% interval of its number
    allows it too: the family's wider interval never turns a verdict against the narrower one."""
    inputs = committed_inputs()
    stats = inputs.statistics
    claims = register("polymer")
    checked = 0
    for f in committed_verdicts():
        if f.claim_id not in stats or f.verdict not in ("holds", "fails"):
            continue
        at_95 = [_says(claims[f.claim_id].rule, *m.interval(z_for(0.05))) for m in _parts(stats[f.claim_id])]
        if f.verdict == "holds":
            assert all("holds" in said for said in at_95), f.line()
        else:
            assert any("fails" in said for said in at_95), f.line()
        checked += 1
    assert checked >= 5  # 6 decided on the committed page: the advice re-judged with the rungs is mostly undecided


def test_the_page_decides_each_statistical_claim_at_the_family_level():
    found = committed_verdicts()
    levels = {f.level for f in found if f.level is not None}
    m = sum(1 for f in found if f.level is not None)
    assert m >= 12 and levels == {round(1 - 0.05 / m, 6)}
    stats = committed_inputs().statistics
    skill = stats["skill_hidden"]
    verdict = verdict_of(register("polymer")["skill_hidden"].rule, skill, 0.05 / m, 8)
    assert verdict == _by_id(found)["skill_hidden"].verdict or _by_id(found)["skill_hidden"].verdict == "undecided"


@pytest.mark.slow(seconds=100)
def test_the_recheck_study_runs_tiny_and_writes_rows_of_registered_claims(tmp_path):
    ctx = StudyContext("polymer", "recheck", seed=11, workers=1, store=tmp_path, progress=lambda line: None)
    size = S.RecheckSize(tables=2, arm_tables=5, ladder_units=1, ladder_min_units=1, tuned_games=2, players=5,
                         rung_tables=5, rung_max_tables=5, bargain_tables=2, hidden_ladder_units=1,
                         hidden_ladder_cap=1)  # fmt: skip
    r = S.recheck_study(ctx, size)
    t = r.table
    assert set(t["claim"]) <= set(register("polymer")) and {"reveal", "permit_trades", "skill", "halting"} <= set(
        t["claim"]
    )
    assert set(t["seed"]) == {12, 13} and (t.loc[t["claim"] == "deal_lengths", "seed"] == 13).all()
    assert r.extra["strategy_seat_seeds"] == S.fresh_seat_seeds(12)
    assert (t["units"] >= 1).all() and t["command"].eq("negenlab study polymer recheck --seed 11").all()
    # the rows read back as the page's rechecks, shaped like its evidence
    f = _by_id(verdicts(committed_inputs().tables, t))
    assert all(f[c].recheck and "seed 12" in f[c].recheck for c in ("reveal", "permit_trades", "halting"))


def test_fresh_seat_seeds_deal_none_of_the_committed_seats_again():
    committed = {2024 + s for s in range(S.STRATEGY_SEATS)}
    assert not committed & set(S.fresh_seat_seeds(2025))


def test_the_variant_tool_reads_the_whole_game_as_the_page_does():
    duration = next(c for c in S.VARIANT_CLAIMS if c.claim.id == "duration")
    df = pd.DataFrame({"players": [8, 8], "hand_size": [13, 13], "trading_minutes": [10.0, 9.0]})
    assert duration.per_game(df).round(2).tolist() == [14.73, 13.73]
    assert duration.claim == register("polymer")["duration"]  # equal: a probe may read the register afresh


def _rung_table(
    rung: str,
    arms: dict[str, tuple[float, float, float]],
    decided_by_tokens: int = 24,
    own: float = 0.9,
    tokens_moved: tuple[float, ...] = (3.0, 4.0),
    spread: tuple[float, float, float] | None = (1.0, -2.0, 4.0),
) -> pd.DataFrame:
    """A rung strategy table as the study writes it: the arms (the options-open arm with its score spread
    change unless ``spread`` is None, as in a table written before that row), the baseline's boundary gap,
    trading minutes, clock, final length and own-length share, the token tables."""
    rows = []
    for claim_id, suffix, _whose, _sign in S.RUNG_ARMS:
        v, lo, hi = arms.get(claim_id, (-5.0, -7.0, -3.0))
        metric = S.arm_metric(claim_id)
        rows.append(dict(metric=metric, group=S.rung_group(rung, suffix), value=v, lo=lo, hi=hi, n=240,
                         method="normal"))  # fmt: skip
        if claim_id == "options_open" and spread is not None:
            rows.append(dict(metric="score spread change", group=S.rung_group(rung, suffix), value=spread[0],
                             lo=spread[1], hi=spread[2], n=240, method="normal"))  # fmt: skip
    rows += [
        dict(
            metric="boundary score gap",
            group=f"baseline {rung}",
            value=-12.0,
            lo=-15.0,
            hi=-9.0,
            n=200,
            method="normal",
        ),  # fmt: skip
        mean_row("trading minutes", [10.0, 10.002, 9.998, 10.0], f"baseline {rung}"),
        rate_row("tables trading to the clock", 80, 80, f"baseline {rung}"),
        mean_row("final length", [6.0, 6.5], f"baseline {rung}"),
        mean_row("own length the larger factor", [own - 0.01, own, own + 0.01], f"baseline {rung}"),
        rate_row("tables decided by tokens", decided_by_tokens, 240, f"{rung}, {S.RUNG_TOKENS} tokens each"),
        mean_row("tokens moved", list(tokens_moved), f"{rung}, {S.RUNG_TOKENS} tokens each"),
    ]
    return pd.DataFrame(rows).assign(rung=rung)


def test_the_advice_is_judged_with_both_rungs_and_depends_on_the_players_where_they_disagree():
    tables = {
        # narrow enough to decide at the repeated-looks quantile of an arm's 20 looks
        "strategies_bargainer": _rung_table("bargainer", {"monopoly": (-8.0, -9.0, -7.0), "reveal": (-6.0, -7.0, -5.0),
                                                          "loans": (4.0, 3.0, 5.0), "halting": (-0.9, -1.1, -0.7),
                                                          "options_open": (1.0, -1.0, 3.0)}),
        "strategies_broker": _rung_table("broker", {"monopoly": (-9.0, -10.0, -8.0), "reveal": (3.0, 2.0, 4.0),
                                                    "loans": (-6.0, -7.0, -5.0), "halting": (-0.8, -1.0, -0.6),
                                                    "options_open": (1.0, -1.0, 3.0)}),
        "strategies": _strategies(),
    }  # fmt: skip
    stats = S.claim_statistics(tables)
    assert set(stats["monopoly"]) == {S.RUNG_LABELS[r] for r in S.RUNGS}
    assert stats["loans"]["bargainers"].value == -4.0  # never borrowing scored more: borrowing minus it is -4
    f = _by_id(verdicts(tables, NO_RECHECK))
    assert f["monopoly"].verdict == "fails" and "about 8-9 points" in f["monopoly"].change
    assert f["reveal"].verdict == "depends on the players"  # a loss with bargainers, a gain with brokers
    assert f["loans"].verdict == "depends on the players" and f["halting"].verdict == "holds"
    assert f["boundary_cost"].verdict == "holds" and f["tokens"].verdict == "holds"
    assert "bargainers" in f["reveal"].players and "with the table policies" in f["reveal"].sentence.lower()
    assert f["options_open"].verdict == "undecided"  # +1.0 [-1.0, 3.0] under both: across the 2-point line


def test_the_options_open_risk_is_judged_by_the_arm_s_score_spread_under_both_rungs():
    def risk(bargainers, brokers):
        tables = {"strategies_bargainer": _rung_table("bargainer", {}, spread=bargainers),
                  "strategies_broker": _rung_table("broker", {}, spread=brokers)}  # fmt: skip
        return _by_id(verdicts(tables, NO_RECHECK))["options_risk"]

    narrow = risk((1.0, 0.0, 2.0), (2.0, 1.2, 2.8))  # under the 5% line (half the 10% that counts) both times
    assert narrow.verdict == "fails" and 'Drop "very high risk"' in narrow.change
    assert "bargainers: 1.0 [0.0, 2.0] percent" in narrow.number and narrow.n == 480
    assert risk((25.0, 18.0, 32.0), (30.0, 20.0, 40.0)).verdict == "holds"
    assert risk((25.0, 18.0, 32.0), (1.0, 0.0, 2.0)).verdict == "depends on the players"
    assert risk((4.0, -2.0, 10.0), (25.0, 18.0, 32.0)).verdict == "undecided"
    before = risk(None, None)  # tables written before the spread row: untested, with the command that writes it
    assert before.verdict == "untested" and "strategies_bargainer" in before.sentence
    half = risk((1.0, 0.0, 2.0), None)  # one rung's table written since: the other's command alone
    assert half.verdict == "untested" and "strategies_broker" in half.sentence
    assert "strategies_bargainer" not in half.sentence


def test_duration_timer_and_own_length_are_judged_with_both_rungs_when_their_tables_are_committed():
    tables = {"strategies_bargainer": _rung_table("bargainer", {}), "strategies_broker": _rung_table("broker", {}),
              "strategies": _strategies(), "policies_hidden": _policies_hidden()}  # fmt: skip
    stats = S.claim_statistics(tables)
    for claim_id in ("duration", "timer", "own_length"):
        assert set(stats[claim_id]) == {S.RUNG_LABELS[r] for r in S.RUNGS}  # the rungs replace the cooperative tables
    assert stats["duration"]["brokers"].value == pytest.approx(10.0 + 284 / 60)  # trading plus shuffle, deal, scores
    f = _by_id(verdicts(tables, NO_RECHECK))
    for claim_id in ("duration", "timer", "own_length"):
        assert f[claim_id].verdict == "holds" and "bargainers and brokers" in f[claim_id].players
        assert "with the cooperative table policy" in f[claim_id].sentence.lower()  # the earlier number beside it
    split = dict(tables, strategies_broker=_rung_table("broker", {}, own=0.3))
    assert _by_id(verdicts(split, NO_RECHECK))["own_length"].verdict == "depends on the players"


def _chain_rows(lookahead: list[int]) -> pd.DataFrame:
    rows = []
    for policy, chains in (("cooperative", [0, 0, 0]), ("bargainer", [0, 0, 0]), ("broker", [3, 4, 5, 4]),
                           ("lookahead", lookahead)):  # fmt: skip
        rows.append(dict(model="hidden", players=8, policy=policy, **mean_row("chain trades per table", chains, "x")))
    rows.append(dict(model="open", players=8, policy="cooperative", **mean_row("chain trades per table", [2, 3], "y")))
    return pd.DataFrame(rows)


def test_the_long_distance_verdict_reads_the_chain_trades_of_brokers_and_lookahead_players():
    f = _by_id(verdicts({"bargaining": _chain_rows([2, 3, 3, 2, 3])}, NO_RECHECK))["long_distance"]
    assert f.verdict == "holds" and f.n == 9 and "brokers at 8 players 4.00" in f.sentence
    assert "brokers and lookahead players in every seat" in f.players and "lookahead players: 2.60" in f.number
    # players who never route a chain trade make the verdict depend on the players, with both numbers
    split = _by_id(verdicts({"bargaining": _chain_rows([0, 0, 0, 0])}, NO_RECHECK))["long_distance"]
    assert split.verdict == "depends on the players" and "brokers: 4.00" in split.number


def test_a_recheck_of_an_earlier_experiment_is_never_read_as_the_new_one():
    """The monopoly verdict, judged with both rungs, ignores a recheck row of the table policies' arm
    (one number, no player strengths): it shows no re-measurement rather than a wrong one."""
    tables = {
        "strategies_bargainer": _rung_table("bargainer", {"monopoly": (-8.0, -10.0, -6.0)}),
        "strategies_broker": _rung_table("broker", {"monopoly": (-9.0, -11.0, -7.0)}),
        "strategies": _strategies(),
    }
    earlier = pd.DataFrame(recheck_rows("monopoly", Measure.of_interval(30.0, 28.0, 32.0, 504), 2025))
    f = _by_id(verdicts(tables, earlier))["monopoly"]
    assert f.verdict == "fails" and not f.recheck
    now = S.claim_statistics(tables)["monopoly"]
    again = pd.DataFrame(recheck_rows("monopoly", now, 2025))
    assert "confirmed" in _by_id(verdicts(tables, again))["monopoly"].recheck


def test_a_step_decided_at_its_first_look_but_marginal_after_playing_on_is_named_where_the_ladder_flattens():
    trace = _ladder([("bargainer", "cooperative", 0.222, 0.194, 0.251, "H1"), ("broker", "bargainer", 0.164, 0.139,
                     0.190, "H1")]).assign(sprt_units=[40, 40], units=[80, 80], h0=0.125, h1=0.175)  # fmt: skip
    text = flattening_text(trace)
    assert "broker over bargainer (its sequential test said stronger at 40 units; played on to 80" in text
    assert "bargainer over cooperative" not in text  # cleared the 15% line: not where it flattens
    assert flattening_text(trace.assign(sprt_units=[80, 80])) == ""  # not played on: the SPRT's H1 stands


def _tuned(broker_five: float, bargainer_fifteen: float = 1.5) -> pd.DataFrame:
    """The tuner's best deals as the verdicts read them: each rung's length at 5 and 15 players and its
    8-player target."""
    rows = []
    for rung, target, five, fifteen in (("bargainer", 6.2, 6.4, bargainer_fifteen), ("broker", 7.0, broker_five, 1.5)):
        for players, cards, length in ((5, 14, five), (15, 6, fifteen)):
            rows.append(dict(rung=rung, players=players, cards_per_player=cards, len_mean=length,
                             len_mean_lo=length - 0.1, len_mean_hi=length + 0.1, len_mean_n=200, target=target))  # fmt: skip
    return pd.DataFrame(rows)


def test_the_deal_lengths_verdict_reads_each_rung_against_its_own_8_player_length():
    stats = S.claim_statistics({"tuned": _tuned(7.3)})["deal_lengths"]
    assert set(stats) == {"bargainers", "brokers"}
    five, fifteen = stats["brokers"].steps
    assert five[0] == "5 players at 14 cards" and five[1].value == pytest.approx(0.3)
    assert fifteen[1].value == pytest.approx(1.5 - 7.0)
    found = _by_id(verdicts({"tuned": _tuned(7.3)}, NO_RECHECK))["deal_lengths"]
    assert found.verdict == "fails" and "bargainers and brokers" in found.players  # 15 players short for both
    # bargainers on target at both counts, brokers short at 15: it depends on the players
    split = _by_id(verdicts({"tuned": _tuned(7.3, bargainer_fifteen=6.0)}, NO_RECHECK))["deal_lengths"]
    assert split.verdict == "depends on the players"


def test_the_deal_lengths_verdict_needs_both_rungs():
    only = _tuned(7.3)
    assert "deal_lengths" not in S.claim_statistics({"tuned": only[only["rung"] == "bargainer"]})


def test_tokens_that_a_player_strength_never_moves_leave_the_tokens_verdict_untested():
    """Players who never move a token never use the rule (as FEN's pie verdict without a swap), and a play
    verdict needs both its strengths: one idle strength leaves it untested, naming what each moved."""
    idle = {f"strategies_{r}": _rung_table(r, {}, decided_by_tokens=0, tokens_moved=(0.0, 0.0)) for r in S.RUNGS}
    f = _by_id(verdicts(idle, NO_RECHECK))["tokens"]
    assert f.verdict == "untested" and "No token moved in 2 tables of bargainers or 2 tables of brokers" in f.sentence
    one = dict(idle, strategies_bargainer=_rung_table("bargainer", {}, decided_by_tokens=0, tokens_moved=(0.0, 1.0)))
    f = _by_id(verdicts(one, NO_RECHECK))["tokens"]
    assert f.verdict == "untested" and "No token moved in 2 tables of brokers with" in f.sentence
    assert "1 token moved in 2 tables of bargainers; 0 tokens moved in 2 tables of brokers" in f.sentence
    both = dict(one, strategies_broker=_rung_table("broker", {}, decided_by_tokens=0, tokens_moved=(2.0, 1.0)))
    f = _by_id(verdicts(both, NO_RECHECK))["tokens"]
    assert f.verdict != "untested" and "3 tokens moved in 2 tables of brokers" in f.sentence  # both used them: judged
