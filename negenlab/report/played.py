"""A played game as one self-contained HTML file: the Rules and seed, pictures of the final board and
of a few positions (inline SVG), and the move list (coordinates counted from 1, as the boards draw them).

Nothing outside the file: no script, no stylesheet or font from the network, no Python needed to open it.

>>> page = played_game_html("Necklace 5x5, you (red) against mcts:200", [("final board", "<svg></svg>")],
...                         ["1. red placed at row 3, col 3"], rules={"size": 5, "swap": True}, seed=7)
>>> "<svg></svg>" in page and "row 3, col 3" in page and "seed" in page and "http" not in page
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from negenlab.core.errors import InvalidInputError
from negenlab.core.files import check_outputs, write_atomic
from negenlab.core.game import rules_to_dict

from .page import ReportPage

PLAYED_CSS = (
    "figure.played{display:inline-block;vertical-align:top;margin:0 16px 16px 0;max-width:100%;overflow-x:auto}"
    "figure.played svg{max-width:100%;height:auto} ol.moves{columns:2 320px;font-size:.95em}"
)
"""What a played game adds to the pages' style: pictures side by side, the moves in two columns."""


def _svg_only(svg: str) -> str:
    """An SVG string with any script or external reference refused (the page must stand alone)."""
    text = str(svg)
    if not text.lstrip().startswith("<svg"):
        raise InvalidInputError(f"a picture must be an SVG string starting with <svg, got {text[:30]!r}")
    if re.search(r"<script|\bhref\s*=\s*['\"]https?:", text, re.IGNORECASE):
        raise InvalidInputError("a picture may not hold a script or a link outside the file")
    return text


def played_game_html(
    title: str,
    pictures: Sequence[tuple[str, str]],
    moves: Iterable[str],
    *,
    rules: Any = None,
    seed: int | None = None,
    players: str = "",
    result: str = "",
) -> str:
    """The page, on the reports' template (:class:`~negenlab.report.page.ReportPage`): ``title``, the
    ``result`` line, the Rules (a dataclass or dict) and ``seed``, each ``(caption, svg)`` of
    ``pictures`` (the final board first, by convention), then the numbered ``moves``.

    >>> played_game_html("FEN", [], [], rules=None, seed=None).count("<h1>")
    1
    """
    lines = [str(m) for m in moves]
    figures = "".join(
        f"<figure class='played'>{_svg_only(svg)}<figcaption>{html.escape(caption)}</figcaption></figure>"
        for caption, svg in pictures
    )
    page = ReportPage(title)
    page.raw_html(f"<style>{PLAYED_CSS}</style>")
    if result:
        page.raw_html(f"<p class='result'><b>{html.escape(result)}</b></p>")
    if players:
        page.text(f"Players: {players}")
    replay = f"seed {seed}" if seed is not None else "no seed recorded"
    page.note(f"{replay} (type it into the play widget's seed field to deal this game again)")
    fields = rules_to_dict(rules)
    if isinstance(fields, dict) and fields:
        page.heading("Rules")
        page.table(pd.DataFrame({"field": list(fields), "value": [str(v) for v in fields.values()]}))
    if figures:
        page.heading("Pictures")
        page.raw_html(figures)
    page.heading(f"Moves ({len(lines)})")
    page.raw_html(
        "<ol class='moves'>" + "".join(f"<li>{html.escape(m)}</li>" for m in lines) + "</ol>"
        if lines
        else "<p>no moves yet</p>"
    )
    page.note("Rows, columns and numbers are counted from 1, as the board draws them.")
    page.provenance(rules=rules, seed=seed)
    return page.render()


def save_played_game(path: str | Path, title: str, pictures, moves, **kwargs) -> Path:
    """Write :func:`played_game_html` to ``path`` (folders made as needed); return the path.

    >>> import tempfile
    >>> p = save_played_game(Path(tempfile.mkdtemp()) / "game.html", "a game", [], ["1. a move"], seed=1)
    >>> p.read_text(encoding="utf-8").count("<li>")
    1
    """
    path = Path(path)
    if path.suffix.lower() not in (".html", ".htm"):
        raise InvalidInputError(f"the saved game is an HTML file: give a name ending in .html, got {str(path)!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    check_outputs(files=[("the saved game", path)])  # never through a link, over a pipe or a folder
    write_atomic(path, played_game_html(title, pictures, moves, **kwargs))
    return path


__all__ = ["played_game_html", "save_played_game"]
