"""The spiral CLI verbs, the report section and the editor widget."""

from __future__ import annotations

import json

from negenlab.cli import main
from negenlab.negen import Rules


def test_cli_check_text_and_json(capsys):
    assert main(["negen", "check", "6 5 4\\n. . ."]) == 0
    assert "valid, not closed" in capsys.readouterr().out
    assert main(["negen", "check", "1 2\\n2 3", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["valid"] is False and out["closed"] is True and out["spirals"][0]["attempts"]
    assert main(["negen", "check", "1 2\\n2 3", "--shape", "bent", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["spirals"][0]["interpretation"]["edges"] == [[0, 1], [1, 0]]


def test_cli_bad_input_is_a_clean_error(capsys):
    assert main(["negen", "check", "6 5 9"]) == 2
    assert "row 1, column 3" in capsys.readouterr().err


def test_cli_complete_enumerate_odds(capsys):
    assert main(["negen", "complete", "1 2 3\\n2 . 4\\n3 4 ?", "--closed", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["solutions"] == [[[2, 2, 5]]] and out["capped"] is False
    assert main(["negen", "enumerate", "--max-k", "5", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["valid_fixed"] for r in rows] == [6, 0, 16, 0, 88]
    assert main(["negen", "odds", "1 2\\n. 3", "--shape", "bent", "--max-added", "1"]) == 0
    assert "671/1296" in capsys.readouterr().out


def test_report_section_renders(tmp_path):
    from negenlab.report import ReportOptions, build_game_report

    path, status = build_game_report("negen", ReportOptions(out_dir=tmp_path, progress=False, games=20, workers=1))
    text = path.read_text()
    assert status.startswith("built")
    assert "Worked examples under each variant" in text and "smallest closed spiral has 8 dice" in text
    assert "MISMATCH" not in text


def test_editor_updates_live():
    from negenlab.negen.widgets import SpiralEditor

    ed = SpiralEditor(text="1 2\n2 .")
    assert "INVALID" in ed.report.value or "invalid" in ed.report.value.lower()
    ed.shape.value = "bent"
    ed.brush.value = "?"
    ed.click(1, 1)
    assert "1 completion(s)" in ed.report.value  # the ? must be a 3 (1-2-3 around each 2)
    ed.load_text("1 2 x")
    assert "unknown token" in ed.board.error
    assert ed.rules == Rules(sequence_shape="bent")
