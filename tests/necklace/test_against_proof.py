"""Agents against perfect play (issue #34): the committed agents_vs_proof tables recomputed, a sample
of their proved values proved again by the solver (and the check made to fail once), the pie
player's decisions against its own estimate, and the two studies on tiny settings."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import negenlab.necklace.study as S
from negenlab.core.studies import StudyContext
from negenlab.necklace import ENTRY
from negenlab.necklace.against_proof import (
    REACH_COLUMN,
    openings_proved,
    position_from_text,
    proved_win,
    stops_misjudging,
    summary,
    swap_estimate,
    trusted_strengths,
)
from negenlab.necklace.agents import PieAgent, opening_classes, proved_move, winning_placement
from negenlab.necklace.game import COLOURS, SWAP, NecklaceGame, NecklaceState, State
from negenlab.necklace.rules import Rules
from negenlab.necklace.solver import ProofSearch, solve


@pytest.fixture(scope="module")
def committed() -> dict[str, pd.DataFrame]:
    return {
        name: S.committed_table("necklace", name, S.TABLES[name])
        for name in ("agents_vs_proof", "agents_vs_proof_positions", "agents_vs_proof_openings")
    }


def proved_again(row: dict, search: ProofSearch) -> tuple[bool, set[str]]:
    """The row's position proved again: does the mover win, and which legal placements keep the win."""
    position = position_from_text(row["position"], row["to_move"])
    mover = COLOURS[row["to_move"]]
    won = proved_win(search, position.board, mover, mover, caps=(50_000_000,))
    keep = set()
    for move in position.legal_moves():
        child = position.copy()
        child.play(move)
        if child.over or proved_win(search, child.board, int(child.to_move), mover, caps=(50_000_000,)):
            keep.add(f"{move[0]},{move[1]}")
    return bool(won), keep


def sample(positions: pd.DataFrame, size: int, k: int) -> list[dict]:
    """``k`` won positions of one size, the ones with most stones first (quick to prove)."""
    rows = positions[(positions["kind"] == "won position") & (positions["size"] == size)]
    return rows.sort_values(["stones", "position"], ascending=[False, True]).head(k).to_dict("records")


def test_a_sample_of_the_proved_values_is_proved_again_by_the_solver(committed):
    positions = committed["agents_vs_proof_positions"]
    for size, k in ((4, 12), (5, 4)):
        search = ProofSearch(size, tt_bits=20)
        for row in sample(positions, size, k):
            won, keep = proved_again(row, search)
            assert won, row["position"]
            assert keep == set(str(row["winning"]).split()), row["position"]
            assert 0 < len(keep) < int(row["legal"])  # won, and some placement throws the win away


def test_the_check_fails_when_a_proved_value_is_wrong(committed):
    """The cross-check made to fail on purpose: one winning placement dropped from a row."""
    row = dict(sample(committed["agents_vs_proof_positions"], 4, 1)[0])
    wrong = " ".join(str(row["winning"]).split()[1:]) or "0,0"
    _, keep = proved_again({**row, "winning": wrong}, ProofSearch(4, tt_bits=20))
    assert keep != set(wrong.split())


def test_the_swap_decisions_read_the_committed_solution(committed):
    positions = committed["agents_vs_proof_positions"]
    swaps = positions[positions["kind"] == "swap decision"]
    assert sorted(swaps.groupby("size").size().to_dict().items()) == [(4, 16), (5, 25)]
    values = solve(4, swap=False).opening_values  # 4x4 solved again, in a second
    for r in swaps[swaps["size"] == 4].to_dict("records"):
        stone = divmod(r["position"].replace("/", "").index("R"), 4)
        assert r["winning"] == ("swap" if values[stone] == "red" else "place")


def test_the_summary_is_the_positions_and_openings_tables_counted(committed):
    again = summary(S.SUMMARY_AGENTS, committed["agents_vs_proof_positions"], committed["agents_vs_proof_openings"])
    mine = committed["agents_vs_proof"]
    pd.testing.assert_frame_equal(again.reset_index(drop=True), mine.drop(columns=REACH_COLUMN).reset_index(drop=True),
                                  check_dtype=False, atol=1e-5)  # fmt: skip
    assert mine.attrs["negenlab"]["stops_misjudging"] == stops_misjudging(mine)
    openings = committed["agents_vs_proof_openings"]
    reach = openings["agent"].isin(S.REACH_PLAYERS)
    assert set(openings["agent"]) == set(S.SELF_PLAY_AGENTS) and (openings.loc[~reach, "n"] == S.OPENING_GAMES).all()
    assert (openings.loc[reach, "n"] == S.REACH_OPENING_GAMES).all()
    assert openings.groupby(["agent", "size"]).size().to_dict() == {
        (a, n): len(opening_classes(n)) for a in S.SELF_PLAY_AGENTS for n in S.PROOF_SIZES
    }


def gate_table(misjudged: list[int], reach: list[int | None]) -> pd.DataFrame:
    """A hand-made agents_vs_proof table of 5x5: misjudged classes and classes df-pn proves from Blue's first reply."""
    agents = ["mcts:800", "mcts:3200", "proof:20000", "proof:50000", "proof:1000000", "proof:2000000"]
    return pd.DataFrame({"agent": agents, "size": 5, "misjudged": misjudged, REACH_COLUMN: reach})


def test_the_7x7_gate_reads_a_proof_player_only_where_its_fallback_finds_the_replies():
    """Both directions of the rule in trusted_strengths: a proof:N that misjudges none only because its df-pn proves
    every 5x5 opening class is not trusted for 7x7; one that misjudges none with its df-pn proving none is."""
    at = [None, None, 0, 0, 9, 9]  # the committed picture: a million nodes proves all nine classes, 50,000 none
    assert trusted_strengths(gate_table([3, 2, 1, 1, 0, 0], at)) == []  # the old gate trusted proof:1000000 and 2M
    assert trusted_strengths(gate_table([3, 2, 0, 0, 0, 0], at)) == ["proof:20000", "proof:50000"]
    assert trusted_strengths(gate_table([3, 2, 1, 1, 0, 0], [None, None, 0, 0, 0, 0])) == [
        "proof:1000000", "proof:2000000"
    ]  # fmt: skip  # were their proofs no reach at all, their record would count
    assert trusted_strengths(gate_table([3, 2, 0, 0, 0, 0], at).drop(columns=REACH_COLUMN)) == []  # reach unsaid
    assert trusted_strengths(gate_table([0, 0, 1, 1, 0, 0], at)) == ["mcts:800", "mcts:3200"]  # no df-pn: as before
    two_boards = pd.concat(
        [gate_table([3, 2, 0, 0, 0, 0], at), gate_table([0, 0, 1, 0, 0, 0], [None] * 6).assign(size=4)]
    )
    assert trusted_strengths(two_boards) == []  # proof:20000 misjudges where its proof reaches: out, so one left


def test_the_committed_gate_trusts_no_player_for_7x7(committed):
    """The committed table says how far each proof:N's df-pn reaches on 5x5, and the gate's answer follows from it:
    the million-node players prove every class from Blue's first reply, the cheap budgets none and misjudge."""
    t = committed["agents_vs_proof"]
    five = t[t["size"] == 5].set_index("agent")
    assert (
        five.loc[list(S.PROOF_PLAYERS), REACH_COLUMN].eq(9).all()
        and five.loc[list(S.PROOF_PLAYERS), "misjudged"].eq(0).all()
    )
    assert (
        five.loc[list(S.REACH_PLAYERS), REACH_COLUMN].eq(0).all()
        and five.loc[list(S.REACH_PLAYERS), "misjudged"].gt(0).all()
    )
    assert five.loc[list(S.REACH_PLAYERS), "positions"].isna().all()  # judged by self-play alone
    assert trusted_strengths(t) == [] == t.attrs["negenlab"]["trusted"] == S.fair_strengths(t)
    after = State.initial(5, swap=False)
    after.play((2, 1))  # its one winning reply in 24 is not proved at 20,000 nodes: the fallback must find it
    assert proved_move(after, 20_000)[0] is None and openings_proved("proof:20000", 5, [(2, 1)]) == 0


def test_a_costly_trusted_cell_is_left_out_of_the_default_studies_and_said(monkeypatch, tmp_path):
    monkeypatch.setattr(S, "fair_strengths", lambda table, agents=None: ["proof:1000000", "proof:2000000"])
    played, line = S.fair_opening_cells(2024, "swap_rule")
    assert played == [] and "7x7 swap-rule games of proof:1000000 and proof:2000000" in line
    assert "4,083 core-hours" in line and line.endswith(
        "`negenlab study necklace swap_rule_trusted --seed 2024` plays them"
    )
    seen = []

    def cells(ctx, cells):
        seen.extend(cells)
        return pd.DataFrame({"metric": ["x"]}), pd.DataFrame({"opening": ["0,0"]})

    monkeypatch.setattr(S, "swap_rule_cells", cells)
    ctx = StudyContext("necklace", "swap_rule", seed=2024, workers=1, store=None, progress=lambda line: None)
    ctx.out = tmp_path  # type: ignore[attr-defined]
    result = S.swap_rule_study(ctx)
    assert seen == list(S.SWAP_RULE_CELLS) and result.extra["left_out"] == line.replace(
        "swap_rule study", "swap_rule study"
    )
    monkeypatch.setattr(S, "fair_strengths", lambda table, agents=None: ["proof:10", "proof:20"])
    assert S.fair_opening_cells(7, "recheck") == (["proof:10", "proof:20"], None)  # cheap: played by default
    seen.clear()
    S.swap_rule_study(ctx)
    assert seen == [*S.SWAP_RULE_CELLS, (7, "proof:10"), (7, "proof:20")]
    monkeypatch.setattr(S, "fair_strengths", lambda table, agents=None: [])
    with pytest.raises(ValueError, match="trusts no player for the fair-opening line"):
        S.swap_rule_trusted_study(ctx)


def test_every_swap_decision_follows_the_estimate_it_was_made_from(committed):
    """Wherever a player's estimate puts the opener above one half it swaps, and only there (pie:N's
    estimate is the double estimator; mcts:N's the value of its own best reply)."""
    swaps = committed["agents_vs_proof_positions"]
    swaps = swaps[swaps["kind"] == "swap decision"]
    for agent in [a for a in S.PROOF_AGENTS if a != "random"]:
        swapped = swaps[agent] == "swap"
        assert (swapped == (swaps[f"estimate {agent}"] > 0.5)).all(), agent
    assert (swaps["pie:3200"] == "swap").any()


def test_the_pie_player_swaps_from_its_estimate_and_takes_a_win():
    state = NecklaceState(State.initial(4, swap=True))
    state.apply((1, 1))
    agent = PieAgent(60)
    for seed in range(6):
        action = agent.step(state.clone(), np.random.default_rng(seed))
        estimate = swap_estimate(agent, state.position, np.random.default_rng(seed))
        assert (action == SWAP) == (estimate > 0.5)
    s = State.from_text("R...\nR.B.\nR...\n....", to_move="red")
    assert winning_placement(s) == (3, 0) and PieAgent(5).step(NecklaceState(s), np.random.default_rng(0)) == (3, 0)
    opened = PieAgent(40).step(NecklaceGame(Rules(size=4, swap=True)).new_initial_state(), np.random.default_rng(1))
    assert opened in opening_classes(4)
    assert ENTRY.make_agent("pie:40").describe() == {"agent": "pie_mcts", "simulations": 40, "c": 1.4}


def test_the_studies_run_small(monkeypatch, tmp_path):
    monkeypatch.setattr(S, "PROOF_AGENTS", ("random", "mcts:20", "pie:20"))
    monkeypatch.setattr(S, "SELF_PLAY_AGENTS", ("mcts:20", "proof:100"))
    monkeypatch.setattr(S, "REACH_PLAYERS", ("proof:100",))
    monkeypatch.setattr(S, "REACH_OPENING_GAMES", 3)
    monkeypatch.setattr(S, "PROOF_SIZES", (4,))
    monkeypatch.setattr(S, "PROOF_POSITIONS", 5)
    monkeypatch.setattr(S, "PROOF_SAMPLE_GAMES", 40)
    monkeypatch.setattr(S, "OPENING_GAMES", 6)
    ctx = StudyContext("necklace", "agents_vs_proof", seed=3, workers=1, store=tmp_path / "store",
                       progress=lambda line: None)  # fmt: skip
    ctx.out = tmp_path / "out"  # type: ignore[attr-defined]
    result = S.agents_vs_proof_study(ctx)
    t = result.table
    assert t["agent"].tolist() == ["random", "mcts:20", "pie:20", "proof:100"] and (t["positions"][:3] == 5).all()
    assert (t["openings_decided"][:3] == 16).all() and t.loc[t["agent"] == "mcts:20", "classes"].item() == 4
    reach = t[t["agent"] == "proof:100"].iloc[0]  # self-play alone, and its df-pn proves no 4x4 class at 100 nodes
    assert pd.isna(reach["positions"]) and reach["games"] == 4 * 3 and reach[REACH_COLUMN] == 0
    assert t[REACH_COLUMN][:3].isna().all()
    assert (tmp_path / "store" / "decisions-pie-20.json").exists()  # a rerun does not decide again
    assert {p.name for p in ctx.out.iterdir()} >= {"agents_vs_proof_positions.csv", "agents_vs_proof_openings.csv"}
    assert (tmp_path / "store" / "positions-4x4.json").exists()  # a rerun does not prove them again
    assert S.agents_vs_proof_study(ctx).table.equals(t)
    monkeypatch.setattr(S, "SWAP_RULE_GAMES", 4)
    monkeypatch.setattr(S, "SWAP_RULE_ESTIMATES", 2)
    table, chosen = S.swap_rule_cells(ctx, cells=((4, "pie:20"),))
    first = table[table["metric"] == S.SEAT0_WINS]
    assert first["n"].tolist() == [4] and int(chosen["games"].sum()) == 4
    assert set(chosen["opening"]) <= {f"{r},{c}" for r, c in opening_classes(4)}
    assert ((chosen["swaps"] <= chosen["games"]) & chosen["estimate"].between(0, 1)).all()
