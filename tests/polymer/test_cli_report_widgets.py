import json

import pytest

from negenlab.cli import main


def test_cli_check_and_longest(capsys):
    assert main(["polymer", "check", "KS QS JS JH JD QD KD", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["valid"] and out["windows"][2]["kind"] == "group"
    assert main(["polymer", "check", "KS QS JS JD QD KD"]) == 1
    assert "pair 3-4 (JS JD) is in no valid window" in capsys.readouterr().out
    assert main(["polymer", "longest", "KD QS JD KS JS QD JH 2C", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["length"] == 7 and out["unused"] == "2C" and out["exact"]


def test_cli_bad_card_is_a_clean_error(capsys):
    code = main(["polymer", "longest", "7S 7Q"])
    assert code != 0
    assert "'7Q'" in capsys.readouterr().err


def test_cli_simulate_json(capsys):
    assert (
        main(["polymer", "simulate", "--players", "12", "--games", "2", "--policy", "no_trade,selfish", "--json"]) == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert [r["policy"] for r in rows] == ["no_trade", "selfish"] and rows[0]["length_gain"] == 0
    assert main(["polymer", "simulate", "--policy", "greedy"]) != 0


@pytest.mark.slow
def test_report_section_renders(tmp_path):
    from negenlab.report import ReportOptions, build_reports

    build_reports(["polymer"], ReportOptions(out_dir=tmp_path, games=3, progress=False))
    html = (tmp_path / "polymer.html").read_text()
    assert "Building this report failed" not in html
    assert "Is the deal table fair" in html and "Cosmic rays" in html and "Provenance" in html


def test_widgets_show_errors_in_the_widget():
    from negenlab.polymer.widgets import chain_builder, table_simulator

    cb = chain_builder("7S 8S 9S")
    assert "longest possible: 3" in cb.view.status
    cb._catching(cb.set_hand, "7S 7X")
    assert "7X" in cb.view.error and "longest possible: 3" in cb.view.status
    t = table_simulator(players=12, games=2)
    assert len(t.children[-1].children) == 2


def test_cli_simulate_with_the_shared_agent_options(capsys):
    assert (
        main(
            [
                "polymer",
                "simulate",
                "--players",
                "6",
                "--games",
                "2",
                "--agents",
                "selfish",
                "--budget",
                "1",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert [r["policy"] for r in rows] == ["selfish"] and rows[0]["games"] == 2
    seats = "no_trade,selfish,cooperative,loans,random,selfish"
    assert (
        main(
            [
                "polymer",
                "simulate",
                "--players",
                "6",
                "--games",
                "1",
                "--agents",
                seats,
                "--budget",
                "1",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)[0]["policy"] == seats


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--agents", "selfish", "--policies", "loans"], "not both"),
        (["--agents", "selfish,loans"], "2 agents for 8 seats"),
        (["--agents", "selfish:3"], "takes no budget"),
        (["--policies", "selfish,greedy"], "no agent 'greedy'"),
    ],
)
def test_cli_simulate_explains_bad_agents(capsys, argv, message):
    assert main(["polymer", "simulate", "--games", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_the_policies_compare_on_the_same_deals(capsys):
    """--policies plays one table per policy with the same seeds, so the start lengths agree."""
    assert (
        main(
            [
                "polymer",
                "simulate",
                "--players",
                "10",
                "--games",
                "2",
                "--policies",
                "no_trade,loans",
                "--budget",
                "1",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["start_length"] == rows[1]["start_length"] and rows[0]["trades_per_game"] == 0
