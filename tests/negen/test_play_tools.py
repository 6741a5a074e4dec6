"""CLI verbs, report section, plots and widgets of Negen play (small and fast)."""

from __future__ import annotations

import json

import matplotlib
import pytest

matplotlib.use("Agg")

from negenlab.cli import main  # noqa: E402
from negenlab.negen import layout, parse_table, table_key  # noqa: E402
from negenlab.negen.rules import Rules  # noqa: E402

PIET = ". . . . . . 4\\n6 5 4 . 3 . ."  # as typed on a command line: \n between rows


def test_cli_turns_json(capsys):
    assert main(["negen", "turns", "1 2 3\\n2 . 4\\n3 . 5", "--board", "4,1", "--closing", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["complete"] and out["n_turns"] == 1 and out["turns"][0]["closed"]
    assert out["turns"][0]["table"] == "1 2 3\n2 . 4\n3 4 5" and out["turns"][0]["used"] == [4]
    assert out["rules"]["coverage"] == Rules().coverage  # the CLI defaults are Rules()'s


def test_cli_turns_text_lists_piets_position(capsys):
    assert main(["negen", "turns", PIET, "--board", "5,2,2,1", "--show", "3"]) == 0
    out = capsys.readouterr().out
    assert "legal turns" in out and "search complete" in out and "more (--show N or --json)" in out
    assert main(["negen", "turns", PIET, "--board", "5,2,2,1", "--json"]) == 0
    turns = json.loads(capsys.readouterr().out)["turns"]
    after = table_key(parse_table(". . . 4 .\n6 5 4 3 2\n. . . 2 ."))
    assert layout(after).to_text() in {t["table"] for t in turns}


def test_cli_turns_reports_a_cap(capsys):
    assert main(["negen", "turns", PIET, "--board", "2,2", "--max-states", "2"]) == 0
    assert "stopped: max_states=2" in capsys.readouterr().out


def test_cli_turns_lost_game_and_limit(capsys):
    for gone in (["--game"], ["--limit", "2"]):
        with pytest.raises(SystemExit):
            main(["negen", "turns", "6 5 4", "--board", "3", *gone])
    assert "unrecognized arguments" in capsys.readouterr().err


def test_cli_bad_input_is_named(capsys):
    assert main(["negen", "turns", "6 5 4", "--board", "7"]) != 0
    assert "--board" in capsys.readouterr().err
    assert main(["negen", "turns", "6 5 4", "--board", "3", "--max-states", "0"]) == 2
    assert "max_states" in capsys.readouterr().err


def test_cli_simulate_json(capsys):
    assert (
        main(["negen", "simulate", "--games", "2", "--agents", "random", "--seed", "3", "--pool", "22", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"]["n"] == 2 and len(out["games"]) == 2
    assert out["rounds"]["variant"] == Rules().label


def test_report_section_builds_with_intervals(tmp_path):
    from negenlab.negen.report import play_section
    from negenlab.report import ReportOptions, ReportPage

    page = ReportPage("t")
    play_section(page, ReportOptions(out_dir=tmp_path, games=None, progress=False, workers=1))
    html = page.render()
    assert "This run: one small study cell" in html and "seat0_lo" in html and "Provenance" in html
    assert "game_turns" not in html
    for reading in ("straight/adjacency/join", "straight/die/join", "bent/adjacency/join", "bent/die/join"):
        assert reading in html
    assert "Piet&#x27;s turn legal" in html or "Piet's turn legal" in html


def test_piet_turns_table():
    from negenlab.negen.report import piet_turns

    df = piet_turns([("straight", "adjacency"), ("straight", "die")])
    assert list(df["reading"]) == ["straight/adjacency/join", "straight/die/join"]
    assert df["complete"].all() and df["Piet's turn legal"].all()
    assert (df["legal turns"] > df["closing turns"]).all()


def test_draw_position_takes_a_key_a_table_or_a_mapping():
    from negenlab.negen.plot import draw_position, draw_snapshot

    key = table_key(parse_table("6 5 4 . 3"))
    for table in (key, layout(key), dict(layout(key).cells), "6 5 4 . 3", ()):
        fig = draw_position(table, boards=[(1, 2)], scores=[0], to_move=0)
        assert len(fig.axes) == 1
    snap = {
        "round": 1,
        "turn": 0,
        "event": "deal",
        "table": key,
        "boards": [(1, 2)],
        "scores": [0],
        "to_move": 0,
        "pool": 10,
    }
    assert draw_snapshot(snap).axes


def test_replay_and_play_widgets():
    from negenlab.negen.widgets import PlayRound, replay_widget, simulate_round, simulate_widget

    state = simulate_round(Rules(target_score=1, pool_size=22), ["random", "random", "random"], seed=2)
    w = replay_widget(state)
    slider = w.children[0]
    slider.value = slider.max  # draws the last step without error
    assert state.round_log and state.round_log[-1]["reason"]
    game = PlayRound(Rules(target_score=1, pool_size=22), ("random", "random"), seed=1)
    if game.board.gallery:
        game.board.press(game.board.gallery[0]["target"])
        assert game.board.error == ""
    assert simulate_widget().children
