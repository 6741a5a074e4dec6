"""Fixtures for the browser tests: a JupyterLab server on 127.0.0.1 and the distribution's Chromium.

These tests run only with ``make browser-test`` (``pytest --browser``); ``make test`` leaves them out.
Chromium comes from the distribution (``apt-get install chromium``), never from a browser download.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "reports" / "browser"
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    found = os.environ.get("CHROMIUM") or next((p for p in CHROMIUM_CANDIDATES if Path(p).exists()), None)
    return found or shutil.which("chromium")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _lab_settings(settings_dir: Path) -> None:
    """Settings a test run needs: every cell in the DOM (no windowing), no news prompts."""
    files = {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
    }
    for name, body in files.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(body))


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A JupyterLab server over a copy of ``notebooks/`` (so runs never write into the repository)."""
    home = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", home / "notebooks")
    (home / "data").symlink_to(ROOT / "data")
    _lab_settings(home / "settings")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    env["JUPYTER_CONFIG_DIR"] = str(home / "config")
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        f"--port={port}",
        "--ip=127.0.0.1",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={home}",
        "--LabApp.expose_app_in_browser=True",
        "--allow-root",
        f"--LabApp.user_settings_dir={home / 'settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
    ]
    log = open(home / "lab.log", "w")
    proc = subprocess.Popen(cmd, cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 120
    while True:
        try:
            urllib.request.urlopen(url + "/api/status", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError(
                    f"JupyterLab did not start; see {home / 'lab.log'}:\n" + (home / "lab.log").read_text()[-3000:]
                ) from None
            time.sleep(0.5)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed: pip install '.[browser]'"
    )
    path = chromium_path()
    if path is None:
        pytest.skip("Chromium is not installed: apt-get install chromium")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()


@pytest.fixture(scope="session")
def shots():
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
