import json

import numpy as np
import pandas as pd
import pytest

from negenlab import games
from negenlab.cli import main
from negenlab.core import simulate
from negenlab.core.agents import MCTSAgent, RandomAgent
from negenlab.core.errors import InvalidInputError
from negenlab.core.registry import AgentSpecError
from negenlab.core.summary_table import COLUMNS
from negenlab.fen import FenGame, tilings
from negenlab.fen.agents import GreedyAgent
from negenlab.fen.boards import parse_board
from negenlab.fen.study import atlas_table, balance
from negenlab.fen.tessellation import BoardError


def test_greedy_captures_first_and_beats_random():
    game = FenGame(tilings.triangle(5))
    df = simulate(game, [GreedyAgent(), RandomAgent()], n_games=30, seed=5, backend="serial", progress=False)
    assert (df["winner"] == 0).mean() > 0.6  # greedy is clearly stronger than random
    s = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not s.is_terminal():
        legal = s.legal_actions()
        a = GreedyAgent().step(s, rng)
        faces = [x for x in legal if s.b.FACE0 <= x < s.b.SWAP]
        if faces:
            assert a == faces[0]
        s.apply(a)


def test_agents_by_spec():
    mcts, greedy, rnd = games.make_agents("fen", "mcts:10, greedy, random")
    assert isinstance(mcts, MCTSAgent) and mcts.describe()["simulations"] == 10
    assert isinstance(greedy, GreedyAgent) and isinstance(rnd, RandomAgent)
    assert games.make_agents("fen", ["mcts:2s"])[0].describe()["seconds"] == 2
    with pytest.raises(AgentSpecError, match="has no agent 'clever'"):
        games.make_agents("fen", "clever")
    with pytest.raises(AgentSpecError, match="greedy takes no budget"):
        games.make_agents("fen", "greedy:5")


def test_registry_makes_games_from_board_specs_and_rules():
    g = games.load("fen")
    assert isinstance(g, FenGame) and g.tessellation.name == "triangle side 7" and (g.n, g.e) == (1, 3)
    g = games.load("fen", board="square:3x5", pie_rule=False, n=2)
    assert g.tessellation.num_faces == 15 and g.rules.pie_rule is False and g.n == 2
    assert games.load("fen", board=tilings.hexagon(1)).tessellation.num_faces == 7
    with pytest.raises(InvalidInputError, match="no rule 'size'"):
        games.load("fen", size=7)
    with pytest.raises(BoardError, match="not understood"):
        games.load("fen", board="nonsense:3")


def test_balance_is_the_long_summary_table():
    t = balance(tilings.triangle(3), ["greedy", RandomAgent()], n_games=6, seed=4, backend="serial")
    assert list(t.columns) == ["board", "pie_rule", "agents", *COLUMNS]
    assert set(t["group"]) == {"greedy vs random, pie rule", "greedy vs random, no pie rule"}
    rates = t[t["method"] == "wilson"]
    assert (rates["lo"] <= rates["value"] + 1e-12).all() and (rates["value"] <= rates["hi"] + 1e-12).all()
    assert set(t.loc[t["method"] == "normal", "metric"]) == {"turns_per_game", "actions_per_game", "captures_per_game"}


def test_simulation_columns_and_determinism():
    game = FenGame(tilings.hexagon(1))
    a = simulate(game, [RandomAgent(), RandomAgent()], n_games=6, seed=9, backend="serial", progress=False)
    b = simulate(game, [RandomAgent(), RandomAgent()], n_games=6, seed=9, backend="serial", progress=False)
    pd.testing.assert_frame_equal(a, b)
    for col in ("winner_colour", "end", "swapped", "turns", "captures"):
        assert col in a.columns
    assert a.attrs["negenlab"]["game"]["rules"]["pie_rule"] is True


def test_atlas_rows_match_derive_ne():
    t = atlas_table(tilings=["3.4.6.4", "4.4.4.4"], sizes=[13, 25], n_games=0)
    assert len(t) == 4 and set(t["faces"]) == {13, 25}
    assert t.loc[(t.tiling == "4.4.4.4") & (t.faces == 25), ["n", "e"]].values.tolist() == [[1, 2]]


def test_board_specs():
    assert parse_board("square:3x5").num_faces == 15
    assert parse_board("hexagon:2").num_faces == 19
    assert parse_board("snub square:13").num_faces == 13
    with pytest.raises(BoardError, match="integer"):
        parse_board("triangle:x")


def test_cli_ne_json(capsys):
    assert main(["fen", "ne", "triangle:7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["n"], out["e"], out["all"]["n"]) == (1, 3, 2) and out["warnings"]
    assert main(["fen", "ne", "nonsense:3"]) == 2
    assert "not understood" in capsys.readouterr().err


def test_cli_simulate_and_atlas(capsys, tmp_path):
    assert main(["fen", "simulate", "triangle:3", "--games", "4", "--workers", "1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["pie_rule"] for r in rows} == {True, False} and {r["agents"] for r in rows} == {"random vs random"}
    store = tmp_path / "runs"
    args = [
        "fen",
        "simulate",
        "triangle:3",
        "--agents",
        "greedy,mcts:5",
        "--games",
        "2",
        "--workers",
        "1",
        "--store",
        str(store),
        "--json",
    ]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert {r["agents"] for r in first} == {"greedy vs mcts"} and sorted(p.name for p in store.iterdir()) == [
        "nopie",
        "pie",
    ]
    assert main(args) == 0 and json.loads(capsys.readouterr().out) == first  # resumed from the store
    assert main(["fen", "simulate", "triangle:3", "--agents", "a,b,c"]) == 2
    assert "3 agents for 2 seats" in capsys.readouterr().err
    out = tmp_path / "atlas.csv"
    assert main(["fen", "atlas", "--tilings", "4.8.8", "--sizes", "5", "--games", "2", "--out", str(out)]) == 0
    meta = json.loads(out.with_suffix(".json").read_text())
    assert pd.read_csv(out).shape[0] == 1 and meta["seed"] == 2024
    assert meta["command"] == f"negenlab fen atlas --sizes 5 --games 2 --seed 2024 --tilings 4.8.8 --out {out}"


def test_widgets_build_and_click():
    from negenlab.fen.widgets import explorer, play_board

    box = explorer()
    assert box.children
    pb = play_board(tilings.triangle(3), agent="random", human_seat=0)
    s = pb.state
    pb.click(s.b.FACE0)  # not eligible: shown in the board's error line, nothing played
    assert "IllegalMoveError" in pb.view.error and s.turn_number == 0
    pb.click(s.legal_actions()[0])
    assert pb.state.turn_number >= 2 or pb.state.is_terminal()


def test_svg_and_repr():
    s = FenGame(tilings.triangle(3)).new_initial_state()
    s.play_turn("nodes", [4])
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and "#d62728" in svg


def test_report_section_renders(tmp_path):
    from negenlab.report import ReportOptions, build_game_report

    path, status = build_game_report("fen", ReportOptions(out_dir=tmp_path, games=10, progress=False, workers=1))
    html = path.read_text()
    assert status.startswith("built") and "Phil Leduc" in html and "interior" in html and "<img" in html
