"""``negenlab new NAME`` writes a plug-in package that passes its own tests as written, installs with
pip and is then a game of negenlab through its entry point: listed, solved, reported, screened as a
variant, tuned, and taken by the desk's board and variant widget, with no change to negenlab."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from negenlab.cli import main
from negenlab.core.errors import InvalidInputError
from negenlab.scaffold import new_game

NEGENLAB = Path(sys.executable).with_name("negenlab")


def test_the_package_passes_its_own_tests(tmp_path):
    folder = new_game("pebbles", tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "tests"],
        cwd=folder, env={**os.environ, "PYTHONPATH": str(folder)}, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0 and "2 passed" in run.stdout, run.stdout + run.stderr


@pytest.mark.slow(seconds=130)
def test_installed_with_pip_it_is_a_game_of_negenlab(tmp_path):
    folder, site = new_game("pebbles", tmp_path), tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(folder)]
    subprocess.run(pip, check=True, capture_output=True, timeout=600)
    env = {**os.environ, "PYTHONPATH": str(site)}
    listed = subprocess.run([NEGENLAB, "games", "--json"], env=env, capture_output=True, text=True, timeout=120)
    rows = {r["game"]: r for r in json.loads(listed.stdout)}
    assert rows["pebbles"]["status"] == "ok" and rows["negen"]["status"] == "ok"
    solved = subprocess.run(
        [NEGENLAB, "pebbles", "solve", "--set", "pile=8", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    answer = json.loads(solved.stdout)
    assert answer["outcome"] == "second player wins" and answer["complete"]  # 8 is a multiple of 3 + 1
    # its page of negenlab's questions, and a variant screened against it, with no change to negenlab
    page = subprocess.run(
        [NEGENLAB, "report", "pebbles", "--json", "--quiet", "--games", "100", "--workers", "1"],
        env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    verdicts = {r["claim_id"]: r["verdict"] for r in json.loads(page.stdout)["pebbles"]}
    assert verdicts["perfect_play"] == "holds" and set(verdicts) >= {"fairness", "first_edge", "skill"}, page.stderr
    variant = subprocess.run(
        [NEGENLAB, "pebbles", "variant", "--set", "pile=9", "--max-units", "100", "--workers", "1", "--json"],
        env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    screened = json.loads(variant.stdout)
    assert screened["variant"] == {"pile": 9} and {v["verdict"] for v in screened["verdicts"]} == {"quick screen"}
    assert [p["claim_id"] for p in screened["page"]] == list(verdicts)  # the page's lines beside, as the report
    tuned = subprocess.run(
        [NEGENLAB, "tune", "pebbles", "--set", "pile=6..12", "--target", "length=2..6", "--budget", "2",
         "--games-per-trial", "10", "--confirm", "1", "--max-units", "10", "--workers", "1", "--json"],
        env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert tuned.returncode == 0, tuned.stderr
    assert json.loads(tuned.stdout)["command"].startswith("negenlab tune pebbles --set pile=6..12")
    # the desk: its board and its variant widget take the installed game by name
    desk = (
        "from negenlab import desk\n"
        "w = desk.board('pebbles', seed=1)\n"
        "print(len(w.action_buttons))\n"
        f"print(type(desk.variant_widget('pebbles', folder={str(tmp_path)!r})).__name__)\n"
    )
    shown = subprocess.run([sys.executable, "-c", desk], env=env, capture_output=True, text=True, timeout=300)
    assert shown.returncode == 0 and shown.stdout.split() == ["3", "VariantWidget"], shown.stdout + shown.stderr


def test_a_name_negenlab_cannot_take_is_refused(tmp_path, capsys):
    for name, words in [
        ("fen", "built-in game's name"),
        ("report", "word of the negenlab command"),
        ("My Game", "not a game name"),
    ]:
        with pytest.raises(InvalidInputError, match=words):
            new_game(name, tmp_path)
    new_game("pebbles", tmp_path)
    assert main(["new", "pebbles", "--dir", str(tmp_path)]) == 2
    assert "exists" in capsys.readouterr().err
    assert main(["new", "stones", "--dir", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["folder"] == str(tmp_path / "negenlab-stones")
