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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from negenlab.core.errors import InvalidInputError
from negenlab.core.game import rules_to_dict
from negenlab.core.version import package_version

CSS = """
body { font-family: system-ui, sans-serif; max-width: 1200px; margin: 1.5em auto; padding: 0 1em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
figure { display: inline-block; vertical-align: top; margin: 0 16px 16px 0; max-width: 100%; overflow-x: auto; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #444; margin-top: 4px; overflow-wrap: anywhere; }
ol.moves { columns: 2 320px; font-size: 0.95em; }
table.rules { border-collapse: collapse; font-size: 0.9em; }
table.rules td { border-bottom: 1px solid #ddd; padding: 2px 10px 2px 0; }
.meta { color: #555; font-size: 0.9em; }
"""


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
    """The page: ``title``, the ``result`` line, the Rules (a dataclass or dict) and ``seed``, each
    ``(caption, svg)`` of ``pictures`` (the final board first, by convention), then the numbered ``moves``.

    >>> played_game_html("FEN", [], [], rules=None, seed=None).count("<h1>")
    1
    """
    lines = [str(m) for m in moves]
    fields = rules_to_dict(rules)
    rows = (
        "".join(f"<tr><td>{html.escape(str(k))}</td><td>{html.escape(str(v))}</td></tr>" for k, v in fields.items())
        if isinstance(fields, dict)
        else (f"<tr><td colspan='2'>{html.escape(str(fields))}</td></tr>" if fields is not None else "")
    )
    figures = "".join(
        f"<figure>{_svg_only(svg)}<figcaption>{html.escape(caption)}</figcaption></figure>" for caption, svg in pictures
    )
    made = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    replay = f"seed {seed}" if seed is not None else "no seed recorded"
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>"
        + (f"<p class='result'><b>{html.escape(result)}</b></p>" if result else "")
        + (f"<p>Players: {html.escape(players)}</p>" if players else "")
        + f"<p class='meta'>{html.escape(replay)} (type it into the play widget's seed field to deal this game again)"
        f" · negenlab {html.escape(package_version())} · saved {made}</p>"
        + (f"<h2>Rules</h2><table class='rules'>{rows}</table>" if rows else "")
        + (f"<h2>Pictures</h2>{figures}" if figures else "")
        + f"<h2>Moves ({len(lines)})</h2>"
        + (
            "<ol class='moves'>" + "".join(f"<li>{html.escape(m)}</li>" for m in lines) + "</ol>"
            if lines
            else "<p>no moves yet</p>"
        )
        + "<p class='meta'>Rows, columns and numbers are counted from 1, as the board draws them.</p>"
        "</body></html>"
    )


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
    path.write_text(played_game_html(title, pictures, moves, **kwargs), encoding="utf-8")
    return path


__all__ = ["played_game_html", "save_played_game"]
