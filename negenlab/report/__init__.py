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
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from negenlab.core.errors import InvalidInputError
from negenlab.games import NAMES as GAMES

from .page import CSS, ReportPage

TITLES = {"negen": "Negen", "fen": "FEN", "polymer": "Polymer", "necklace": "Necklace"}


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
        raise InvalidInputError(f"unknown game {game!r}; expected one of {', '.join(GAMES)} or 'all'")
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
    path = out / f"{game}.html"
    path.write_text(page.render(), encoding="utf-8")
    return path, status


FINDINGS: dict[str, list[dict]] = {}


def build_reports(games, options: ReportOptions) -> Path:
    """Build the pages of ``games`` (a list, or ``"all"``) and ``index.html``; return the index path."""
    if games == "all":
        games = list(GAMES)
    statuses: dict[str, str] = {}
    for game in games:
        try:
            _, statuses[game] = build_game_report(game, options)
        except InvalidInputError:
            raise
        except Exception as exc:  # one game's failure must not hide the others' pages
            statuses[game] = f"failed: {type(exc).__name__}: {exc}"
            page = ReportPage(f"{TITLES[game]} — designer report")
            page.warning(f"Building this report failed: {type(exc).__name__}: {exc}")
            page.raw_html(f"<pre>{html.escape(traceback.format_exc())}</pre>")
            (Path(options.out_dir) / f"{game}.html").write_text(page.render(), encoding="utf-8")
    return write_index(Path(options.out_dir), statuses, options)


def write_index(out: Path, statuses: dict[str, str], options: ReportOptions) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    existing = {g: "(from an earlier run)" for g in GAMES if (out / f"{g}.html").exists() and g not in statuses}
    page = ReportPage("negenlab — designer reports")
    page.text(
        "Rules analysis of four tabletop games: exact solvers, enumerations and seeded self-play "
        "statistics with confidence intervals. Each page records the Rules, agents, seed and version "
        "behind its tables."
    )
    for g in GAMES:
        status = statuses.get(g) or existing.get(g)
        if status is None:
            page.raw_html(f"<h2>{TITLES[g]}</h2><p class='meta'>not in this run</p>")
            continue
        page.raw_html(f"<h2><a href='{g}.html'>{TITLES[g]}</a></h2><p class='meta'>{html.escape(status)}</p>")
        items = FINDINGS.get(g) if g in statuses else None
        if items:
            page.raw_html(
                "<ol class='findings'>" + "".join(f"<li>{html.escape(it['text'])}</li>" for it in items) + "</ol>"
            )
    page.provenance(
        seed=options.seed,
        command="negenlab report all"
        + (f" --games {options.games}" if options.games else "")
        + f" --seed {options.seed}",
    )
    path = out / "index.html"
    path.write_text(page.render(), encoding="utf-8")
    return path


__all__ = ["GAMES", "ReportOptions", "ReportPage", "build_reports", "build_game_report", "CSS"]
