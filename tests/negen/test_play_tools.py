"""CLI verbs, report section, plots and widgets of Negen play (small and fast)."""
from __future__ import annotations

import json

import matplotlib
import pytest

matplotlib.use("Agg")

from negenlab.cli import main  # noqa: E402
from negenlab.negen.rules import Rules  # noqa: E402


def test_cli_turns_json(capsys):
    assert main(["negen", "turns", "1 2 3\\n2 . 4\\n3 4 .", "--board", "5,1", "--closing", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["complete"] and out["n_turns"] == 1 and out["turns"][0]["closed"]


def test_cli_turns_reports_a_cap(capsys):
    assert main(["negen", "turns", "6 5 4\\n. . .\\n. . 3", "--board", "2,2", "--limit", "2"]) == 0
    assert "stopped: limit=2" in capsys.readouterr().out


def test_cli_bad_board_is_named(capsys):
    assert main(["negen", "turns", "6 5 4", "--board", "7"]) != 0
    assert "--board" in capsys.readouterr().err


def test_cli_simulate_json(capsys):
    assert main(["negen", "simulate", "--games", "2", "--agents", "greedy,random,random", "--seed", "3",
                 "--pool", "22", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"]["n"] == 2 and len(out["games"]) == 2


def test_report_section_builds_with_intervals(tmp_path):
    from negenlab.negen.report_play import build
    from negenlab.report import ReportOptions
    from negenlab.report import ReportPage

    page = ReportPage("t")
    build(page, ReportOptions(out_dir=tmp_path, games=None, progress=False, workers=1))
    html = page.render()
    assert "Variant comparison" in html and "seat 0 wins [CI]" in html and "Provenance" in html


def test_replay_and_play_widgets():
    from negenlab.negen.play_widgets import PlayRound, replay_widget, simulate_round, simulate_widget

    state = simulate_round(Rules(target_score=1, pool_size=22), ["greedy", "random", "random"], seed=2)
    w = replay_widget(state)
    slider = w.children[0]
    slider.value = slider.max  # draws the last step without error
    assert state.round_log and state.round_log[-1]["reason"]
    game = PlayRound(Rules(target_score=1, pool_size=22), ("random", "random"), seed=1)
    if game.choice.options:
        game.choice.value = game.choice.options[0][1]
        game._on_play()
    game.choice.value = None if not game.choice.options else game.choice.value
    assert simulate_widget().children
