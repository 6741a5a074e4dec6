"""Players against perfect play: the committed positions are proved again by the solver (and the
check fails on a value changed on purpose), perfect play keeps every win and judges every opening
right while a player that throws wins away keeps none, and the committed table adds up."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import negenlab.fen.study as S
from negenlab.core.agents import Agent
from negenlab.core.studies import StudyContext, committed_table
from negenlab.fen.proof import (
    judge_player,
    matters,
    outcome_for,
    proof_game,
    proof_positions,
    recheck_positions,
    turn_values,
)
from negenlab.fen.solver import Solver

DATA = Path(__file__).resolve().parents[2] / "data" / "fen"


def committed_positions() -> pd.DataFrame:
    if not (DATA / "proof_positions.csv").exists():
        pytest.skip("data/fen/proof_positions.csv not made yet (negenlab study fen proof_positions --seed 2024)")
    return committed_table("fen", "proof_positions", S.TABLES["proof_positions"])


def test_a_sample_of_committed_positions_is_proved_again():
    table = committed_positions()
    sample = table.groupby(["board", "scope"], sort=False).sample(3, random_state=1, replace=True).drop_duplicates()
    assert len(sample) >= 20
    assert recheck_positions(sample) == []


def test_the_recheck_fails_on_a_changed_value():
    """The cross-check made to fail on purpose: every row whose value is turned round is reported."""
    table = committed_positions()
    small = table["board"].isin(["3.3.3.3.3.3:3", "square:3x1"])  # quick to solve again
    sample = table[matters(table) & small].groupby(["board", "scope"], sort=False).head(2)
    wrong = recheck_positions(sample.assign(value="loss"))
    assert len(wrong) == len(sample) and "the table says loss" in wrong[0]


def test_the_positions_cover_every_solved_board_and_opening():
    table = committed_positions()
    solved = committed_table("fen", "solved", S.TABLES["solved"])
    done = solved[solved["complete"] & (solved["faces"] <= S.PROOF_POSITION_FACES)]
    by_board = table.groupby(["board", "scope"], sort=False)
    assert list(by_board.groups) == S.solved_readings(solved)
    for row in done.itertuples():
        part = by_board.get_group((row.board, row.scope))
        assert (part["kind"] == "opening").sum() == row.openings
        start = part[part["kind"] == "start"].iloc[0]
        assert (start["value"], start["turns"]) == ("win" if row.winner == "first player" else "loss", row.openings)
        assert (part["kind"] == "position").sum() <= S.PROOF_PER_BOARD


class Oracle(Agent):
    """A test player with the solver's knowledge: it plays a whole turn of the best proved value
    (``throw=True``: of the worst), micro-action by micro-action."""

    name = "oracle"

    def __init__(self, game, throw: bool = False):
        self.solver = Solver(game)
        self.throw = throw
        self.plan: list = []

    def step(self, state, rng):
        if state.phase == 0:
            turns = self.solver.turns(state)
            values = turn_values(self.solver, state)
            pick = (min if self.throw else max)(range(len(turns)), key=values.__getitem__)
            self.plan = state.check_turn(*turns[pick])
        a = self.plan.pop(0)
        if a == state.b.STOP and state.phase != 3:  # the capture already ended the turn
            a = self.plan.pop(0)
        return a


@pytest.mark.slow
def test_perfect_play_keeps_every_win_and_judges_every_opening_right():
    table = proof_positions("3.3.3.3.3.3:3", per_board=6, seed=2)
    game = proof_game("3.3.3.3.3.3:3")
    perfect = judge_player(Oracle(game), table, seed=1, looks=(8,), swaps=False)
    assert perfect.positions == int(matters(table).sum()) and perfect.kept == perfect.positions
    assert perfect.count("right") == perfect.openings == (table["kind"] == "opening").sum()
    thrower = judge_player(Oracle(game, throw=True), table, seed=1, looks=(8,), swaps=False)
    assert thrower.kept == 0


def test_a_decision_is_judged_on_the_position_the_whole_turn_reaches():
    table = proof_positions("3.3.3.3.3.3:3", per_board=3, seed=4)
    game = proof_game("3.3.3.3.3.3:3")
    solver = Solver(game)
    row = table[matters(table)].iloc[0]
    s = game.new_initial_state()
    for a in row["actions"].split():
        s.apply(int(a))
    mover = s.colour
    values = turn_values(solver, s)
    turns = solver.turns(s)
    losing = s.clone()
    losing.play_turn(*turns[values.index(-1)])
    winning = s.clone()
    winning.play_turn(*turns[values.index(1)])
    assert outcome_for(solver, losing, mover) == -1 and outcome_for(solver, winning, mover) == 1


def test_the_study_resumes_from_its_store_and_judges_costly_players_where_smaller_ones_erred(monkeypatch, tmp_path):
    table = pd.concat([proof_positions(b, per_board=4, seed=3) for b in ("triangle:1", "3.3.3.3.3.3:3")])
    monkeypatch.setattr(S, "PROOF_AGENTS", ("random", "greedy"))
    monkeypatch.setattr(S, "PROOF_COSTLY", {"greedy": ("random",)})
    ctx = StudyContext("fen", "agents_vs_proof", seed=1, workers=1, store=tmp_path, progress=lambda line: None)
    first = S.agents_vs_proof_study(ctx, positions=table).table
    again = S.agents_vs_proof_study(ctx, positions=table).table
    pd.testing.assert_frame_equal(first, again)
    rows = first[first["board"] != "all"]
    assert (rows[["right", "misjudged", "undecided", "not_judged"]].sum(axis=1) == rows["openings"]).all()
    random_right = first[(first["agent"] == "random") & (first["board"] == "all")]["right"].iloc[0]
    greedy = first[(first["agent"] == "greedy") & (first["board"] == "all")].iloc[0]
    assert greedy["not_judged"] == random_right  # greedy judges only what random got wrong or left open
    total = first[first["board"] == "all"]
    assert (total["positions"] == int(matters(table).sum())).all()


def test_the_committed_table_adds_up():
    if not (DATA / "agents_vs_proof.csv").exists():
        pytest.skip("data/fen/agents_vs_proof.csv not made yet (negenlab study fen agents_vs_proof --seed 2024)")
    t = committed_table("fen", "agents_vs_proof", S.TABLES["agents_vs_proof"])
    positions = S.measured_positions(committed_positions())
    assert list(dict.fromkeys(t["agent"])) == list(S.PROOF_AGENTS)
    for agent, rows in t.groupby("agent", sort=False):
        each, total = rows[rows["board"] != "all"], rows[rows["board"] == "all"].iloc[0]
        for column in ("positions", "kept", "openings", "right", "misjudged", "undecided", "not_judged", "swaps_right"):
            assert each[column].sum() == total[column], (agent, column)
        assert total["positions"] == int(matters(positions).sum())
        assert total["openings"] == int((positions["kind"] == "opening").sum())
        assert total["lo"] <= total["share"] <= total["hi"]
        assert np.isclose(total["share"], total["kept"] / total["positions"])
