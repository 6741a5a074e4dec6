import functools
import importlib
import os
import tempfile
from pathlib import Path

import matplotlib
import pytest

from negenlab import games

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")
# the pages of plug-in games keep their games here, never in the user's ~/.cache (one folder a process)
os.environ["NEGENLAB_CACHE"] = tempfile.mkdtemp(prefix="negenlab-cache-")


def pytest_addoption(parser):
    parser.addoption(
        "--browser",
        action="store_true",
        default=False,
        help="run the browser tests in tests/browser (JupyterLab and Chromium; make browser-test)",
    )


_BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_ignore_collect(collection_path, config):
    """tests/browser runs only with --browser (make browser-test), never in make test."""
    if not config.getoption("--browser") and _BROWSER_TESTS in (collection_path, *collection_path.parents):
        return True
    return None


def pytest_collection_modifyitems(config, items):
    """The checks marked slow run first, the longest first (``@pytest.mark.slow(seconds=...)``, about
    what one takes on a shared core; 30 when not given): ``make test``'s two workers each take a
    contiguous half of the list and steal from the end of the other's, so a long check left for the
    end would run alone while the other worker idles."""

    def cost(item) -> float:
        mark = item.get_closest_marker("slow")
        return 0.0 if mark is None else float(mark.kwargs.get("seconds", 30))

    items.sort(key=cost, reverse=True)


@pytest.fixture(scope="session")
def page_verdicts():
    """Each game's committed page verdicts, judged once a test session (a worker): ``page_verdicts(game)``."""
    return functools.cache(lambda game: importlib.import_module(f"negenlab.{game}.report").committed_verdicts())


@pytest.fixture
def registry():
    """The registry as the test leaves it is forgotten: its run-time games unregistered, the installed
    plug-ins looked for again when next asked (after monkeypatch has undone its fakes)."""
    yield games
    for name in list(games.names()):
        if games.origin(name) == "registered at run time":
            games.unregister(name)
    games.refresh()
