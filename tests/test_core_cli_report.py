"""The negenlab command and the report builder (with stand-in game sections)."""

from __future__ import annotations

import subprocess
import sys
import types

import pytest

import negenlab
from negenlab import cli, report
from negenlab.report import ReportOptions, build_reports


def _fake_section(game):
    def build(page, options):
        from negenlab.core import RandomAgent, simulate, summary
        from negenlab.core.examples import Nim

        df = simulate(
            Nim((1, 2, 3)),
            [RandomAgent()] * 2,
            options.games or 10,
            seed=options.seed,
            backend="serial",
            progress=False,
        )
        page.heading("Balance")
        page.table(summary(df), caption=f"n={len(df)}")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots()
        ax.plot([0, 1], [0, 1])
        page.figure(fig, caption="a line")
        page.provenance(
            rules={"heaps": [1, 2, 3]}, agents=[RandomAgent()], seed=options.seed, command=options.command(game)
        )

    return types.SimpleNamespace(TITLE=game, build=build)


@pytest.fixture
def sections(monkeypatch):
    """negen and fen have sections; polymer has none; necklace's section fails."""

    def fake(game):
        if game in ("negen", "fen"):
            return _fake_section(game)
        if game == "necklace":
            return types.SimpleNamespace(build=lambda page, options: 1 / 0)
        return None

    monkeypatch.setattr(report, "section_module", fake)


def test_report_all_writes_pages_and_index(tmp_path, sections):
    with pytest.raises(ZeroDivisionError):  # a bug in one page is raised once every page and the index are written
        build_reports("all", ReportOptions(out_dir=tmp_path, games=12, seed=3, progress=False))
    html = (tmp_path / "index.html").read_text()
    for game in ("negen.html", "fen.html", "polymer.html", "necklace.html"):
        assert game in html and (tmp_path / game).exists()
    assert "not built yet" in html and "failed: ZeroDivisionError" in html
    negen = (tmp_path / "negen.html").read_text()
    assert "data:image/png;base64," in negen and "negenlab report negen --seed 3 --games 12" in negen
    assert "win_rate_seat_0" in negen and "&quot;seed&quot;: 3" in negen
    assert "not built yet" in (tmp_path / "polymer.html").read_text()


def test_cli_report_prints_index_path(tmp_path, sections, capsys):
    assert cli.main(["report", "negen", "-o", str(tmp_path), "--games", "5", "--quiet"]) == 0
    assert capsys.readouterr().out.strip().endswith("index.html")
    assert (tmp_path / "negen.html").exists()


def test_cli_rejects_bad_arguments(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["report", "chess"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
    assert cli.main(["report", "negen", "--games", "0", "-o", str(tmp_path)]) == 2
    assert "--games must be >= 1" in capsys.readouterr().err


def test_cli_not_built_game_says_so(monkeypatch, capsys):
    monkeypatch.setattr(cli, "_game_cli", lambda game: None)
    assert cli.main(["polymer"]) == 2
    assert "not built yet" in capsys.readouterr().err


def test_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "negenlab", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"negenlab {negenlab.__version__}"
