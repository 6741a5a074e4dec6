"""SVG drawing of a Necklace position (no matplotlib, no widgets: plain strings).

The drawing is pure: it draws the facts the caller passes (the rules compute them; see
:meth:`negenlab.necklace.State.drawing_facts`) and calls no rule itself. Red's edges (top,
bottom) and Blue's edges (left, right) are coloured bands; stones are discs; the winning
chain is outlined in gold; points the player to move may not take are marked by reason: an
``x`` for a crosscut, a small square for seclusion (its tooltip names the empty points it would
seal off). ``refused``, a point just refused for seclusion, rings the points it would seal off.
Rows and columns are labelled from 1 (top row 1, left column 1), in the labels and the tooltips.

With ``targets=True`` every point carries an invisible click target ``point:r:c``
(0-based ``r``, ``c``, as in :meth:`State.play`) with a tooltip, for
:class:`negenlab.core.widgets.BoardWidget` (the ``data-target`` attribute of :func:`negenlab.core.svg.target`).

>>> from negenlab.necklace import State
>>> facts = State.from_text("RB.\\nB..\\n...", "red").drawing_facts()
>>> svg = board_svg(**facts, targets=True)
>>> svg.startswith("<svg") and "row 2, col 2 illegal for red: crosscut" in svg
True
>>> 'data-target="point:2:2"' in svg
True
"""

from __future__ import annotations

import html
from typing import Any

import numpy as np

from negenlab.core.svg import target

from .rules import point_name, point_names

RED_FILL = "#d62728"
BLUE_FILL = "#1f5fbf"
SEALED_COLOUR = "#2a7f2a"  # seclusion: the square on the refused point, the ring on the points it would seal off


def caption_width(text: str, font_size: float = 11) -> float:
    """A generous estimate of the width in px of a caption line (sans-serif), so that the picture is
    made wide enough for its legend instead of cutting it.

    >>> caption_width("ringed: sealed off by a stone at row 1, col 2") > 250
    True
    """
    return 0.6 * font_size * len(text)


def status_line(to_move: str | None, winner: str | None, swap_available: bool = False) -> str:
    """``"red wins"``, ``"draw: nobody can move"`` (no winner and nobody to move) or ``"blue to move (may swap)"``."""
    if winner:
        return f"{winner} wins"
    if to_move is None:
        return "draw: nobody can move"
    return f"{to_move} to move" + (" (may swap)" if swap_available else "")


def board_svg(
    board: Any,
    *,
    to_move: str | None,
    winner: str | None = None,
    swap_available: bool = False,
    illegal: dict | None = None,
    chain=(),
    sealed: dict | None = None,
    refused=None,
    cell: int = 36,
    show_illegal: bool = True,
    highlight=None,
    labels: bool = True,
    targets: bool = False,
) -> str:
    """The position as an SVG string.

    ``board``: n x n array of 0 (empty), 1 (red), 2 (blue); ``to_move``: ``"red"``/``"blue"``, None when
    the game is over; ``winner``: the winning colour or None; ``illegal``: ``{(row, col): reasons}``
    of the empty points the player to move may not take; ``chain``: the points of the winning chain;
    ``sealed``: ``{point: points}``, the empty points a stone on each point refused for seclusion would
    seal off (named in the tooltips); ``refused``: a point whose sealed points to ring (the last refused click).
    ``highlight``: an optional (row, col) to mark (last move); ``targets``: put a click target
    ``point:r:c`` with a tooltip on every point (drawn last, on top).
    """
    grid = np.asarray(board)
    n = grid.shape[0]
    flat = grid.reshape(-1)
    over = to_move is None
    illegal = illegal or {}
    sealed = sealed or {}
    refused = None if refused is None else (int(refused[0]), int(refused[1]))
    ringed = {tuple(p): f"would be sealed off by a stone at {point_name(*refused)}" for p in sealed.get(refused, ())}

    def why(r: int, c: int) -> str:
        text = " and ".join(illegal[(r, c)])
        if (r, c) in sealed:
            text += f" (would seal off {point_names(sealed[(r, c)])})"
        return f"{point_name(r, c)} illegal for {to_move}: {text}"

    m = round(cell * 1.3)  # margin: room for the labels outside the edge bands
    band = cell * 0.28
    lo, hi = m - cell * 0.55, m + (n - 1) * cell + cell * 0.55
    status = status_line(to_move, winner, swap_available)
    caption = [status] + (["x: crosscut, square: seclusion"] if show_illegal and not over else [])
    if ringed:
        caption.append(f"ringed: sealed off by a stone at {point_name(*refused)}")
    width = round(max(2 * m + (n - 1) * cell, 190, lo - band + max(caption_width(line) for line in caption) + 6))
    height = round(hi + band + 4 + 14 * len(caption))
    xy = lambda r, c: (m + c * cell, m + r * cell)  # noqa: E731
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#f4e8c8"/>',
    ]
    out.append(f'<rect x="{lo}" y="{lo - band}" width="{hi - lo}" height="{band}" fill="{RED_FILL}" opacity="0.8"/>')
    out.append(f'<rect x="{lo}" y="{hi}" width="{hi - lo}" height="{band}" fill="{RED_FILL}" opacity="0.8"/>')
    out.append(f'<rect x="{lo - band}" y="{lo}" width="{band}" height="{hi - lo}" fill="{BLUE_FILL}" opacity="0.8"/>')
    out.append(f'<rect x="{hi}" y="{lo}" width="{band}" height="{hi - lo}" fill="{BLUE_FILL}" opacity="0.8"/>')
    for i in range(n):
        x0, y0 = xy(i, 0)
        x1, y1 = xy(i, n - 1)
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#555" stroke-width="1"/>')
        x0, y0 = xy(0, i)
        x1, y1 = xy(n - 1, i)
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#555" stroke-width="1"/>')
    if labels and n <= 19:
        for i in range(n):
            x, y = xy(i, 0)
            out.append(
                f'<text x="{lo - band - 3}" y="{y + 4}" font-size="10" fill="#333" text-anchor="end">{i + 1}</text>'
            )
            x, y = xy(0, i)
            out.append(
                f'<text x="{x}" y="{lo - band - 3}" font-size="10" fill="#333" text-anchor="middle">{i + 1}</text>'
            )
    chain = {tuple(p) for p in chain}
    for p, v in enumerate(flat):
        if v == 0:
            continue
        r, c = divmod(p, n)
        x, y = xy(r, c)
        fill = RED_FILL if v == 1 else BLUE_FILL
        stroke = 'stroke="#ffcc00" stroke-width="4"' if (r, c) in chain else 'stroke="#222" stroke-width="1"'
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{cell * 0.4}" fill="{fill}" {stroke}>'
            f"<title>{point_name(r, c)}: {'red' if v == 1 else 'blue'} stone</title></circle>"
        )
    if highlight is not None:
        x, y = xy(*highlight)
        out.append(f'<circle cx="{x}" cy="{y}" r="{cell * 0.12}" fill="white"/>')
    if show_illegal and not over:
        for (r, c), reasons in illegal.items():
            x, y = xy(r, c)
            tip = html.escape(why(r, c))
            if "crosscut" in reasons:
                d = cell * 0.18
                out.append(
                    f'<g stroke="#8b0000" stroke-width="2.5"><title>{tip}</title>'
                    f'<line x1="{x - d}" y1="{y - d}" x2="{x + d}" y2="{y + d}"/>'
                    f'<line x1="{x - d}" y1="{y + d}" x2="{x + d}" y2="{y - d}"/></g>'
                )
            if "seclusion" in reasons:
                d = cell * 0.13
                out.append(
                    f'<rect x="{x - d}" y="{y - d}" width="{2 * d}" height="{2 * d}" fill="none" '
                    f'stroke="{SEALED_COLOUR}" stroke-width="2.5"><title>{tip}</title></rect>'
                )
    for (r, c), note in ringed.items():
        x, y = xy(r, c)
        tip = html.escape(f"{point_name(r, c)} {note}")
        out.append(
            f'<circle class="sealed" cx="{x}" cy="{y}" r="{cell * 0.3}" fill="{SEALED_COLOUR}" fill-opacity="0.25" '
            f'stroke="{SEALED_COLOUR}" stroke-width="2" stroke-dasharray="4,2"><title>{tip}</title></circle>'
        )
    for k, line in enumerate(caption):
        out.append(
            f'<text x="{lo - band}" y="{hi + band + 14 * (k + 1)}" font-size="11" fill="#222">'
            f"{html.escape(line)}</text>"
        )
    if targets:
        for p, v in enumerate(flat):
            r, c = divmod(p, n)
            x, y = xy(r, c)
            if v:
                tip = f"{point_name(r, c)}: {'red' if v == 1 else 'blue'} stone"
            elif (r, c) in illegal and show_illegal:
                tip = why(r, c)
            elif (r, c) in ringed:
                tip = f"{point_name(r, c)}: empty, {ringed[(r, c)]}"
            else:
                tip = f"{point_name(r, c)}: empty"
            out.append(
                f'<circle cx="{x}" cy="{y}" r="{cell * 0.45}" fill="#fff" fill-opacity="0" stroke="none" '
                f'stroke-width="2.5"{target("point", r, c)}><title>{html.escape(tip)}</title></circle>'
            )
    out.append("</svg>")
    return "".join(out)
