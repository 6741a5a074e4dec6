"""A real install, not an editable one, finds the committed tables: build the wheel, install it
into a fresh virtual environment and build every report there.

The fresh environment borrows the already-installed third-party packages (numpy, pandas, ...)
through a path file, so the test needs no network; negenlab itself comes only from the wheel.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow(seconds=190)
def test_wheel_ships_the_data_and_reports_build_from_it(tmp_path):
    # from a copy without the ignored build/ folder: setuptools reuses what it finds there, so a stale
    # build/lib (files kept newer than their source, or a module deleted since) would ship in the wheel
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        "build", ".git", ".venv", "runs", "reports", "*.egg-info", "__pycache__", "*_store", "notebooks"))  # fmt: skip
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(dist)], check=True, cwd=tmp_path
    )
    wheel = next(dist.glob("negenlab-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "negenlab").rglob("*.py")}
    modules |= {f"negenlab/data/{p.name}" for p in (ROOT / "data").glob("*.py")}  # the package negenlab.data
    assert {n for n in names if n.endswith(".py")} == modules  # every module of the source, and nothing else
    for table in (
        "negenlab/data/negen/study_exact.csv",
        "negenlab/data/fen/atlas.csv",
        "negenlab/data/necklace/solutions.csv",
        "negenlab/data/polymer/deal_lengths_by_players.csv",
        "negenlab/core/static/board.js",
    ):
        assert table in names, f"{table} is not in the wheel"

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # third-party packages from the test's own environment; path files there (the editable
    # install's finder among them) are not read, so negenlab can only come from the wheel
    (site / "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)], check=True
    )
    where = subprocess.run(
        [
            str(python),
            "-c",
            "import negenlab, negenlab.data as d; print(negenlab.__file__); print(list(d.__path__)[0])",
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert str(site) in where.stdout and str(ROOT) not in where.stdout, where.stdout

    out = tmp_path / "reports"
    run = subprocess.run(
        [str(python), "-m", "negenlab", "report", "all", "-o", str(out), "--quiet", "--games", "20"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=1200,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    index = (out / "index.html").read_text()
    assert "failed" not in index, index
    assert "is missing" not in (out / "fen.html").read_text()
    negen = (out / "negen.html").read_text()  # the verdicts judged from package data alone
    from negenlab.negen.report import verdicts

    duration = next(f for f in verdicts() if f.claim_id == "duration")  # judged here from the source tree
    assert "closers: " in duration.number and "planners: " in duration.number  # both player strengths
    assert duration.number in negen, duration.number
    assert "re-measured on seed 2025: confirmed" in negen
