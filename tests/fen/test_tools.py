import json
import warnings

import numpy as np
import pandas as pd
import pytest

from negenlab.cli import main
from negenlab.core import simulate
from negenlab.core.agents import RandomAgent
from negenlab.fen import Fen, Rules, tilings
from negenlab.fen.agents import GreedyAgent, make_agent
from negenlab.fen.atlas import atlas_table
from negenlab.fen.boards import parse_board
from negenlab.fen.tessellation import BoardError


def test_greedy_captures_first_and_beats_random():
    game = Fen(tilings.triangle(5))
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


def test_make_agent_names():
    assert make_agent("mcts", 10).describe()["simulations"] == 10
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("clever")


def test_simulation_columns_and_determinism():
    game = Fen(tilings.hexagon(1))
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
    assert {r["pie_rule"] for r in rows} == {True, False}
    out = tmp_path / "atlas.csv"
    assert main(["fen", "atlas", "--tilings", "4.8.8", "--sizes", "5", "--games", "2", "--out", str(out)]) == 0
    assert pd.read_csv(out).shape[0] == 1 and json.loads(out.with_suffix(".json").read_text())["seed"] == 2024


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
    s = Fen(tilings.triangle(3)).new_initial_state()
    s.play_turn("nodes", [4])
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and "#d62728" in svg


def test_report_section_renders(tmp_path):
    from negenlab.report import ReportOptions, build_game_report

    path, status = build_game_report("fen", ReportOptions(out_dir=tmp_path, games=10, progress=False, workers=1))
    html = path.read_text()
    assert status.startswith("built") and "Phil Leduc" in html and "interior" in html and "<img" in html
