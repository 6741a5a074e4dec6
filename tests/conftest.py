import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")


def pytest_addoption(parser):
    parser.addoption("--browser", action="store_true", default=False,
                     help="run the browser tests in tests/browser (JupyterLab and Chromium; make browser-test)")


_BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_ignore_collect(collection_path, config):
    """tests/browser runs only with --browser (make browser-test), never in make test."""
    if not config.getoption("--browser") and _BROWSER_TESTS in (collection_path, *collection_path.parents):
        return True
    return None
