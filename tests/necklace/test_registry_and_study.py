"""The registry entry (agent specs), the default rules, the study's long summary table, and the
committed solver tables made again by their recorded command's code."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from negenlab import games
from negenlab.core.agents import RandomAgent
from negenlab.core.data import data_file
from negenlab.core.metrics import mean_interval, wilson_interval
from negenlab.core.registry import AgentSpecError
from negenlab.core.summary_table import COLUMNS
from negenlab.necklace import ENTRY, NecklaceGame, Rules, State
from negenlab.necklace.agents import DEFAULT_SIMULATIONS, NumbaMCTSAgent
from negenlab.necklace.study import (
    CROSSCUT_POINTS,
    CROSSCUT_SHARE,
    LENGTH,
    RED_WINS,
    SOLUTIONS_COMMAND,
    SWAPS,
    load_proofs,
    metric,
    read_proofs,
    self_play,
    solutions,
    study,
    summarise,
    wide_view,
    write_solution_tables,
)
from negenlab.necklace.svg import board_svg


def test_game_and_position_share_the_rules_page_default():
    assert Rules().swap is True
    assert NecklaceGame().rules == Rules() == games.load("necklace").rules
    assert State.initial().swap_rule is NecklaceGame().rules.swap and State.initial().n == Rules().size
    assert NecklaceGame(size=5).rules == NecklaceGame(Rules(size=5)).rules == Rules(5, True)
    with pytest.raises(Exception, match="not both"):
        NecklaceGame(Rules(size=5), swap=False)


def test_registry_agents():
    assert games.entry("necklace") is ENTRY
    random, mcts, bare = ENTRY.make_agents("random,mcts:50,mcts")
    assert isinstance(random, RandomAgent)
    assert isinstance(mcts, NumbaMCTSAgent) and mcts.simulations == 50
    assert isinstance(bare, NumbaMCTSAgent) and bare.simulations == DEFAULT_SIMULATIONS
    with pytest.raises(AgentSpecError, match="not seconds"):
        ENTRY.make_agent("mcts:2s")
    with pytest.raises(AgentSpecError, match="has no agent 'greedy'"):
        ENTRY.make_agent("greedy")


def test_summary_is_the_core_long_table_with_the_old_numbers():
    df = self_play(5, "random", n_games=30, seed=4, workers=1)
    t = summarise(df, group="5x5, random")
    assert list(t.columns) == COLUMNS and set(t["group"]) == {"5x5, random"}
    red = metric(t, RED_WINS).iloc[0]
    k = int((df["winner_colour"] == "red").sum())
    assert red["value"] == k / 30 and (red["lo"], red["hi"]) == wilson_interval(k, 30) and red["method"] == "wilson"
    length = metric(t, LENGTH).iloc[0]
    m = mean_interval(df["length"])
    assert (length["value"], length["lo"], length["hi"], length["method"]) == (m["value"], m["lo"], m["hi"], "normal")
    decisions = int(df["length"].sum())
    share = metric(t, CROSSCUT_SHARE).iloc[0]
    assert share["n"] == decisions and share["value"] == df["crosscut_turns"].sum() / decisions
    points = metric(t, CROSSCUT_POINTS).iloc[0]
    assert points["method"] == "ratio" and np.isnan(points["lo"])
    assert metric(t, SWAPS).iloc[0]["value"] == df["swapped"].mean()


def test_study_groups_and_wide_view():
    table, frames = study(sizes=(4,), agents=("random", "mcts:10"), games=4, seed=1, workers=1)
    assert set(frames) == {(4, "random"), (4, "mcts:10")}
    assert list(dict.fromkeys(table["group"])) == ["4x4, random", "4x4, mcts:10"]
    assert list(table.columns) == [*COLUMNS, "size", "agents", "swap"]
    view = wide_view(table)
    assert list(view.index) == ["4x4, random", "4x4, mcts:10"] and view.columns[0] == RED_WINS
    assert "[" not in view.loc["4x4, random", CROSSCUT_POINTS]  # ratios show their value only


def test_svg_draws_facts_without_the_rules():
    """The drawing takes facts: a made-up illegal point and chain are drawn as given."""
    svg = board_svg(
        np.array([[1, 0], [0, 2]]), to_move="blue", illegal={(0, 1): ("seclusion",)}, chain=[(0, 0)], targets=True
    )
    assert "row 1, col 2 illegal for blue: seclusion" in svg and 'stroke="#ffcc00"' in svg
    assert svg.count("data-target=") == 4 and "blue to move" in svg
    assert "draw: nobody can move" in board_svg(np.zeros((2, 2)), to_move=None)


def test_committed_solver_tables_are_made_again(tmp_path):
    """The code behind SOLUTIONS_COMMAND writes the committed tables again: the openings byte for
    byte, the solutions but for the wall-clock ``seconds`` of the sizes solved here."""
    assert "--proofs data/necklace/proofs_5x5.jsonl" in SOLUTIONS_COMMAND
    proofs = read_proofs(data_file("necklace", "proofs_5x5.jsonl").read_text().splitlines())
    assert proofs[5] == load_proofs(5)
    sols = solutions((3, 4), tt_bits=22, proofs=proofs, proofs_source="data/necklace/proofs_5x5.jsonl")
    write_solution_tables(sols, tmp_path, command=SOLUTIONS_COMMAND)
    assert (tmp_path / "solution_openings.csv").read_bytes() == data_file(
        "necklace", "solution_openings.csv"
    ).read_bytes()
    fresh = pd.read_csv(tmp_path / "solutions.csv", keep_default_na=False)
    with data_file("necklace", "solutions.csv").open() as fh:
        committed = pd.read_csv(fh, keep_default_na=False)
    pd.testing.assert_frame_equal(fresh.drop(columns="seconds"), committed.drop(columns="seconds"))
    assert (
        fresh.loc[fresh["size"] == 5, "seconds"].tolist() == committed.loc[committed["size"] == 5, "seconds"].tolist()
    )
    meta = json.loads((tmp_path / "solutions.json").read_text())
    assert meta["command"] == SOLUTIONS_COMMAND and [r["size"] for r in meta["runs"]] == [3, 3, 4, 4, 5, 5]
    assert json.loads(data_file("necklace", "solutions.json").read_text())["command"] == SOLUTIONS_COMMAND
