"""CLI verbs (text and --json), clean errors, and the report section."""

from __future__ import annotations

import json

import pytest

from negenlab.cli import main
from negenlab.report import ReportOptions, build_game_report


def test_legal_json(capsys):
    assert main(["necklace", "legal", "RB.\\nB..\\n...", "--to-move", "red", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["to_move"] == "red"
    assert {"point": [1, 1], "reasons": ["crosscut"]} in out["illegal"]
    assert [1, 1] not in out["legal_moves"]


def test_legal_text_and_bad_board(capsys):
    assert main(["necklace", "legal", ".R.\\n.R.\\n.R.", "--to-move", "blue"]) == 0
    assert "red wins" in capsys.readouterr().out
    assert main(["necklace", "legal", "R..\\n..", "--to-move", "red"]) == 2
    assert "ragged rows" in capsys.readouterr().err


def test_solve_json(capsys):
    assert main(["necklace", "solve", "3", "--json", "--tt-bits", "16"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["swap"] for r in rows] == [False, True]
    assert rows[0]["winner"] == "red" and rows[1]["winner"] == "second player"
    assert main(["necklace", "solve", "1"]) == 2
    assert "sizes 2..7" in capsys.readouterr().err


def test_prove_json_matches_the_solver_and_reports_a_cap(capsys):
    assert main(["necklace", "prove", "3", "1,0", "red", "--json", "--tt-bits", "16"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wins"] is False and out["opening"] == [1, 0]  # 3x3: (1, 0) is a Blue win (shipped table)
    assert out["search"] == "df-pn, cut-off rule" and out["command"].split()[:6] == ["negenlab", "necklace", "prove",
                                                                                   "3", "1,0", "red"]  # fmt: skip
    assert main(["necklace", "prove", "3", "1,0", "blue", "--json", "--tt-bits", "16"]) == 0
    assert json.loads(capsys.readouterr().out)["wins"] is True
    assert main(["necklace", "prove", "4", "0,0", "blue", "--max-nodes", "50", "--tt-bits", "16"]) == 0
    assert "undecided (node cap)" in capsys.readouterr().out
    assert main(["necklace", "prove", "3", "3,0", "red"]) == 2
    assert "not on a 3x3 board" in capsys.readouterr().err


def test_simulate_json(capsys):
    assert main(["necklace", "simulate", "--size", "4", "--games", "10", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(r["wins"] for r in out["colour_win_rates"]) == 10
    assert main(["necklace", "simulate", "--agents", "random,alphazero", "--games", "2"]) == 2
    assert "necklace has no agent 'alphazero'" in capsys.readouterr().err


@pytest.mark.slow
def test_report_section_renders(tmp_path):
    path, status = build_game_report(
        "necklace", ReportOptions(out_dir=tmp_path, games=8, seed=1, workers=1, progress=False)
    )
    text = path.read_text()
    assert status.startswith("built")
    for needle in ("Perfect play on small boards", "A fresh self-play sample", "swap map", "Provenance", "<svg"):
        assert needle in text


def test_simulate_takes_the_shared_agent_specs(capsys):
    assert (
        main(
            [
                "necklace",
                "simulate",
                "--size",
                "4",
                "--games",
                "4",
                "--workers",
                "1",
                "--agents",
                "random,mcts:20",
                "--seed",
                "3",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert [a["agent"] for a in out["agents"]] == ["random", "numba_mcts"] and out["seed"] == 3
    assert {r["group"] for r in out["necklace_summary"]} == {"4x4, random vs mcts:20"}
    assert main(["necklace", "simulate", "--agents", "random,random,random", "--games", "2"]) == 2
    assert "3 agents for 2 seats" in capsys.readouterr().err
    assert main(["necklace", "simulate", "--agents", "mcts:2s", "--games", "2"]) == 2
    assert "not seconds" in capsys.readouterr().err


def test_solve_writes_tables_with_their_command(tmp_path, capsys):
    assert main(["necklace", "solve", "3", "--tt-bits", "16", "--write", str(tmp_path)]) == 0
    capsys.readouterr()
    meta = json.loads((tmp_path / "solutions.json").read_text())
    assert meta["command"] == f"negenlab necklace solve 3 --tt-bits 16 --write {tmp_path}"
    assert (tmp_path / "solution_openings.json").exists()
    assert main(["necklace", "solve"]) == 2
    assert "name board sizes" in capsys.readouterr().err
