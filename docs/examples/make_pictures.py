"""The pictures of docs/your-game.md, made from the example game in docs/examples/negenlab-pig.

Run from the repository's root (nothing needs installing: the game is registered at run time)::

    .venv/bin/python docs/examples/make_pictures.py            # every picture (plays Pig's page: minutes)
    .venv/bin/python docs/examples/make_pictures.py --board    # the board alone (a second)
    .venv/bin/python docs/examples/make_pictures.py --store DIR  # keep the page's games in DIR (a rerun resumes)

It writes docs/img/your-game-board.png (a position's ``_repr_svg_``, drawn with matplotlib: the SVG's
rectangles and texts, so no SVG renderer is needed), and from one run of Pig's page
(:func:`negenlab.games.game_page`, ``max_units`` below, seed 2024) your-game-verdicts.png (the page's
verdict lines), your-game-seats.png (the page's seat figure) and your-game-skill.png (its skill trace).
Each PNG is kept under 100 kB.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

HERE = Path(__file__).resolve().parent
IMG = HERE.parent / "img"
sys.path.insert(0, str(HERE / "negenlab-pig"))

from negenlab_pig import ENTRY  # noqa: E402

from negenlab import games  # noqa: E402
from negenlab.core.plot import plot_skill_trace  # noqa: E402
from negenlab.report.any_game import _seat_figure  # noqa: E402

MAX_UNITS = 100
"""Units a strength for the pictures' page (``negenlab report pig --games 100``): a first look."""
LIMIT = 100_000
"""Bytes a picture may take."""


def draw_svg(svg: str, path: Path, dpi: int = 110) -> None:
    """Draw the rectangles and texts of a state's ``_repr_svg_`` (what the notebook shows) into ``path``."""
    root = ET.fromstring(svg)
    w, h = float(root.get("width")), float(root.get("height"))
    size = float(root.get("font-size", 13))
    fig = plt.figure(figsize=(w / 72, h / 72))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.axis("off")
    for el in root:
        tag = el.tag.split("}")[-1]
        if tag == "rect":
            x, y, rw, rh = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            ax.add_patch(Rectangle((x, y), rw, rh, facecolor=el.get("fill", "none"), edgecolor="none"))
        elif tag == "text":
            ax.text(float(el.get("x")), float(el.get("y")), el.text or "", fontsize=size * 0.75, va="baseline")
    save(fig, path, dpi)


def save(fig, path: Path, dpi: int = 90) -> None:
    fig.savefig(path, dpi=dpi)
    plt.close(fig)
    if path.stat().st_size > LIMIT:
        raise SystemExit(f"{path} takes {path.stat().st_size} bytes, more than {LIMIT}: lower its dpi")
    print(path, path.stat().st_size, "bytes")


def board() -> None:
    """A position a few moves into a game: seat 1 banked a turn, seat 2 is rolling."""
    state = games.load("pig").new_initial_state()
    for action in (5, "roll", 4, "hold", 3, "roll", 6, "roll"):  # seat 1 banks 9; seat 2 has 9 on the turn
        state.apply(action)
    state.apply(2)
    draw_svg(state._repr_svg_(), IMG / "your-game-board.png")


def verdict_lines(findings, path: Path) -> None:
    """The page's verdict lines as text, under their sections: the verdict, the claim, its number."""
    lines, section = [], None
    for f in findings:
        if f.section and f.section != section:
            section = f.section
            lines += [f"-- {section} --"]
        head = f"{f.verdict.upper():<12} {f.claim}"
        lines += [head, *textwrap.wrap(f.number, 88, initial_indent=" " * 13, subsequent_indent=" " * 13)]
    height = 0.135 * len(lines) + 0.15
    fig = plt.figure(figsize=(6.1, height))
    fig.text(0.01, 1 - 0.06 / height, "\n".join(lines), family="monospace", fontsize=7.5, va="top", linespacing=1.25)
    save(fig, path, dpi=100)


def page(store: Path) -> None:
    run = games.game_page("pig", store=store, max_units=MAX_UNITS, progress=True)
    verdict_lines(run.findings, IMG / "your-game-verdicts.png")
    save(_seat_figure(run, games.load("pig").num_players), IMG / "your-game-seats.png")
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    plot_skill_trace(run.trace, ax=ax, title="Pig: skill trace")
    fig.tight_layout()
    save(fig, IMG / "your-game-skill.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", action="store_true", help="draw the board only (no page is played)")
    parser.add_argument("--store", default=None, help="folder keeping the page's games (a rerun resumes); default: new")
    args = parser.parse_args()
    IMG.mkdir(exist_ok=True)
    games.register(ENTRY)
    board()
    if not args.board:
        page(Path(args.store) if args.store else Path(tempfile.mkdtemp(prefix="pig-page-")))


if __name__ == "__main__":
    main()
