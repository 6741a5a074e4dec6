"""Designer reports: one self-contained HTML page per game plus an index.

Each game contributes its page through a module ``negenlab.<game>.report`` that
defines ``TITLE`` and ``build(page, options)``. A game without that module gets an
honest "not built yet" page.

>>> from negenlab.report import ReportOptions
>>> ReportOptions(games=200, seed=7).command("fen")   # build_reports(["fen"], options) writes the page
'negenlab report fen --seed 7 --games 200'
"""

from __future__ import annotations

import html
import importlib
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from negenlab import games as games_registry
from negenlab.core.errors import NegenlabError, ReportError
from negenlab.core.files import write_atomic
from negenlab.core.findings import Finding, verdict_counts
from negenlab.games import NAMES as GAMES
from negenlab.games import TITLES

from . import any_game
from .page import CSS, ReportPage


@dataclass
class ReportOptions:
    """What a report run uses: output folder, games per study (None: each game's default),
    the seed, worker processes, and whether to show progress bars."""

    out_dir: str | Path = "reports"
    games: int | None = None
    seed: int = 2024
    workers: int | None = None
    progress: bool = True
    extra: dict = field(default_factory=dict)

    def command(self, game: str) -> str:
        cmd = f"negenlab report {game} --seed {self.seed}"
        if self.games is not None:
            cmd += f" --games {self.games}"
        return cmd


def optional_module(name: str):
    """Import ``name`` (e.g. ``negenlab.fen.report``), or None when it or its package does not exist."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name or (exc.name and name.startswith(exc.name + ".")):
            return None
        raise


def section_module(game: str):
    """The game's report module, or None when the game has none yet."""
    return optional_module(f"negenlab.{game}.report")


def build_game_report(game: str, options: ReportOptions) -> tuple[Path, str]:
    """Write ``<out_dir>/<game>.html``; return its path and status ("built" / "not built yet").

    The page's findings are kept in ``FINDINGS[game]`` for the index."""
    if game not in GAMES:
        return _plugin_report(game, options)
    out = Path(options.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    module = section_module(game)
    page = ReportPage(f"{TITLES[game]} — designer report")
    if module is None:
        status = "not built yet"
        page.warning(
            f"The {TITLES[game]} analysis is not built yet in this version of negenlab; "
            "this page will fill in when it lands. Nothing here is a placeholder result."
        )
    else:
        t0 = time.perf_counter()
        module.build(page, options)
        status = f"built in {time.perf_counter() - t0:.0f} s"
    FINDINGS[game] = list(page.finding_items)
    VERDICTS[game] = list(page.verdict_items)
    path = out / f"{game}.html"
    write_atomic(path, page.render())
    return path, status


def _plugin_report(game: str, options: ReportOptions) -> tuple[Path, str]:
    """The page of a game without committed studies (:mod:`negenlab.report.any_game`)."""
    title = games_registry.title(game)  # an unknown game: one line naming the games there are
    out = Path(options.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    page = ReportPage(f"{title} — designer report")
    t0 = time.perf_counter()
    sim: dict = {} if options.games is None else {"max_units": options.games}
    if options.workers is not None:
        sim["workers"] = options.workers
    any_game.build(page, game, seed=options.seed, progress=options.progress, **sim)
    FINDINGS[game] = list(page.finding_items)
    VERDICTS[game] = list(page.verdict_items)
    path = out / f"{page_name(game)}.html"
    write_atomic(path, page.render())
    return path, f"built in {time.perf_counter() - t0:.0f} s"


def page_name(game: str) -> str:
    """The file name (without .html) of game ``game``'s page: ``openspiel:hex`` is ``openspiel-hex``."""
    return game.replace(":", "-")


FINDINGS: dict[str, list[dict]] = {}
VERDICTS: dict[str, list[Finding]] = {}


def build_reports(games, options: ReportOptions) -> Path:
    """Build the pages of ``games`` (a list, or ``"all"``) and ``index.html``; return the index path.

    A page that cannot be built does not stop the others: its page and the index say why, and once
    they are written the failure is raised, a :class:`~negenlab.core.errors.ReportError` naming each
    failed page and its reason in one line when every failure is negenlab's own error (a damaged
    committed table names its file), else the first other exception as it is (a bug)."""
    names = list(GAMES) if games == "all" else list(games)
    for g in names:
        if g not in GAMES:
            games_registry.entry(g)  # an unknown game: one line naming the games there are
    games = names
    statuses: dict[str, str] = {}
    failures: list[tuple[str, Exception]] = []
    for game in games:
        try:
            _, statuses[game] = build_game_report(game, options)
        except Exception as exc:  # one game's failure must not hide the others' pages
            failures.append((game, exc))
            statuses[game] = f"failed: {_reason(exc)}"
            page = ReportPage(f"{games_registry.title(game)} — designer report")
            page.warning(f"Building this report failed: {_reason(exc)}")
            write_atomic(Path(options.out_dir) / f"{page_name(game)}.html", page.render())
    index = write_index(Path(options.out_dir), statuses, options)
    bugs = [exc for _, exc in failures if not isinstance(exc, NegenlabError)]
    if bugs:
        raise bugs[0]
    if failures:
        pages = "; ".join(
            f"the {games_registry.title(g)} report could not be built: {_reason(exc)}" for g, exc in failures
        )
        others = f" (the other pages and the index are in {index.parent})" if len(failures) < len(games) else ""
        raise ReportError(pages + others) from failures[0][1]
    return index


def _reason(exc: BaseException) -> str:
    """Why a page failed, on one line: negenlab's own message, else the exception's type and message."""
    text = str(exc) if isinstance(exc, NegenlabError) else f"{type(exc).__name__}: {exc}"
    return " ".join(text.split())


def write_index(out: Path, statuses: dict[str, str], options: ReportOptions) -> Path:
    """``index.html``: every registered game (the built-ins first) and every game of this run, each with
    its verdicts' counts and how its page was built (or that an earlier run's page is there)."""
    out.mkdir(parents=True, exist_ok=True)
    listed = list(dict.fromkeys([*GAMES, *games_registry.names(), *statuses]))
    existing = {
        g: "(from an earlier run)" for g in listed if (out / f"{page_name(g)}.html").exists() and g not in statuses
    }
    page = ReportPage("negenlab — designer reports")
    page.text(
        "Rules analysis of tabletop games (the four built-in ones and any game brought as a plug-in): exact "
        "solvers, enumerations and seeded self-play statistics with confidence intervals. Each page records the "
        "Rules, agents, seed and version behind its tables."
    )
    rows = []
    for g in listed:
        title = html.escape(games_registry.title(g))
        status = statuses.get(g) or existing.get(g)
        if status is None:
            rows.append(f"<li><b>{title}</b> <span class='meta'>not in this run</span></li>")
            continue
        counts = verdict_counts(VERDICTS.get(g, [])) if g in statuses else {}
        if counts:
            said = " ".join(f"<span class='badge {v}'>{k} {v}</span>" for v, k in counts.items())
        elif FINDINGS.get(g) and g in statuses:
            said = f"{len(FINDINGS[g])} findings (verdicts to come)"
        else:
            said = ""
        link = html.escape(urllib.parse.quote(page_name(g)) + ".html", quote=True)
        rows.append(
            f"<li><a href='{link}'><b>{title}</b></a> {said} <span class='meta'>{html.escape(status)}</span></li>"
        )
    page.raw_html("<ul class='games'>" + "".join(rows) + "</ul>")
    page.provenance(
        seed=options.seed,
        command="negenlab report all"
        + (f" --games {options.games}" if options.games else "")
        + f" --seed {options.seed}",
    )
    path = out / "index.html"
    write_atomic(path, page.render())
    return path


__all__ = ["GAMES", "ReportOptions", "ReportPage", "build_reports", "build_game_report", "page_name", "CSS"]
