"""Plain SVG drawings of Negen dice (no matplotlib), with one colour scheme for every picture.

The colours say what the witness of a valid spiral makes of each die (:data:`LEGEND` names them,
:func:`legend_svg` draws the legend): **node** dice red, **edge** dice blue, **sequences** as
lines through their three dice, **loops** as gold bands, dice that the closest interpretation of
an invalid spiral leaves **uncovered** crossed in orange, and the adjacent pairs it leaves uncovered
joined by a dashed orange line; an invalid spiral keeps the colours and sequences of that closest
interpretation (its partial witness). A white die has no witness drawn (board dice, tables with ``?``
blanks), a dashed ``?`` is a blank to fill.

Every function here draws from facts passed in (cells, values, which dice are nodes, ...) and
never checks a rule itself: callers compute verdicts (:func:`~negenlab.negen.spirals.check_table`)
and hand them over, or their :func:`~negenlab.negen.table.witness_facts`.
Clickable pictures tag elements with :func:`negenlab.core.svg.target`.

>>> svg = dice_svg({(0, 0): 6, (0, 1): 5, (0, 2): 4}, nodes=[(0, 0), (0, 2)], edges=[(0, 1)])
>>> svg.startswith("<svg") and NODE_COLOUR in svg and EDGE_COLOUR in svg
True
>>> 'data-target="cell:0:1"' in editor_svg(2, 2, {(0, 1): 3})
True
"""

from __future__ import annotations

import html
from collections.abc import Callable

from negenlab.core.game import seat_name
from negenlab.core.svg import target

from .table import Table, witness_facts

NODE_COLOUR = "#d62728"  # red, as in the source's figures
EDGE_COLOUR = "#1f5fbf"  # blue
PLAIN_COLOUR = "#ffffff"  # a die without a witness drawn
BLANK_COLOUR = "#999999"  # a ? blank
LOOP_COLOUR = "#f2b701"  # gold band along the pairs of a loop
UNCOVERED_COLOUR = "#ff7f0e"  # orange cross on a die no sequence covers
EMPTY_COLOUR = "#f7f7f7"  # an empty cell of the editor's grid

LEGEND = (
    ("node", "node die"),
    ("edge", "edge die"),
    ("sequence", "sequence x-y-z"),
    ("loop", "loop (closed spiral)"),
    ("uncovered", "die left uncovered"),
    ("open_pair", "pair left uncovered"),
    ("plain", "no witness drawn"),
    ("blank", "blank to fill"),
)
"""What the colours mean, in the order the legend shows them: (kind, label)."""

_EMPTY_SVG = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'></svg>"


def _head(w: float, h: float, max_width: float | None = None) -> str:
    sw, sh = w, h
    if max_width is not None and w > max_width:
        sw, sh = max_width, h * max_width / w
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{sw:.0f}' height='{sh:.0f}' viewBox='0 0 {w:.0f} {h:.0f}' "
        f"font-family='sans-serif'>"
    )


def _die(x: float, y: float, s: float, fill: str, attrs: str = "", dashed: bool = False) -> str:
    """The square of a die (or blank, or empty cell) whose cell has its top-left corner at (x, y);
    its outline comes from the enclosing :func:`_squares` group unless ``dashed``."""
    pad = s * 0.1
    dash = f" stroke='{BLANK_COLOUR}' stroke-width='1' stroke-dasharray='3,2'" if dashed else ""
    return (
        f"<rect x='{x + pad:.1f}' y='{y + pad:.1f}' width='{s - 2 * pad:.1f}' height='{s - 2 * pad:.1f}' "
        f"rx='{s * 0.15:.1f}' fill='{fill}'{dash}{attrs}/>"
    )


def _label(x: float, y: float, s: float, text, colour: str, bold: bool = True) -> str:
    """The number on a die, inside a :func:`_labels` group of the same size ``s``."""
    weight = "" if bold else " font-weight='normal'"
    return f"<text x='{x + s / 2:.1f}' y='{y + s * 0.66:.1f}' fill='{colour}'{weight}>{text}</text>"


def _squares(parts) -> str:
    return "<g stroke='#222' stroke-width='1.2'>" + "".join(parts) + "</g>" if parts else ""


def _labels(parts, s: float) -> str:
    """Numbers (let clicks through to the squares below)."""
    return (
        (
            f"<g pointer-events='none' font-size='{s * 0.45:.0f}' text-anchor='middle' font-weight='bold'>"
            + "".join(parts)
            + "</g>"
        )
        if parts
        else ""
    )


def _fill(cell, nodes, edges) -> str:
    return NODE_COLOUR if cell in nodes else EDGE_COLOUR if cell in edges else PLAIN_COLOUR


def _dice(
    dice,
    blanks,
    at,
    s,
    nodes=(),
    edges=(),
    sequences=(),
    loop_pairs=(),
    invalid=(),
    uncovered_pairs=(),
    target=None,
) -> list[str]:
    """SVG groups for ``dice`` and ``blanks``; ``at(cell)`` is the top-left corner of a cell: loop bands,
    the squares (carrying ``target(cell)`` when given), then numbers, sequence lines, crosses and the
    dashed links of uncovered pairs (which let clicks through to the squares)."""
    nodes, edges, invalid = set(nodes), set(edges), set(invalid)

    def centre(cell):
        x, y = at(cell)
        return x + s / 2, y + s / 2

    under, squares, numbers, over = [], [], [], []
    for a, b in loop_pairs:
        (xa, ya), (xb, yb) = centre(a), centre(b)
        under.append(f"<line x1='{xa:.1f}' y1='{ya:.1f}' x2='{xb:.1f}' y2='{yb:.1f}'/>")
    for cell, v in sorted(dice.items()):
        x, y = at(cell)
        fill = _fill(cell, nodes, edges)
        squares.append(_die(x, y, s, fill, target(cell) if target else ""))
        numbers.append(_label(x, y, s, v, "#111111" if fill == PLAIN_COLOUR else "#ffffff"))
    for cell in sorted(blanks):
        x, y = at(cell)
        squares.append(_die(x, y, s, "#f4f4f4", target(cell) if target else "", dashed=True))
        numbers.append(_label(x, y, s, "?", BLANK_COLOUR, bold=False))
    for seq in sequences:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(centre, seq))
        over.append(f"<polyline points='{pts}' fill='none' stroke='#222' opacity='0.7'/>")
    for cell in sorted(invalid):
        x, y = centre(cell)
        d = s * 0.38
        over.append(
            f"<path d='M{x - d:.1f},{y - d:.1f} L{x + d:.1f},{y + d:.1f} M{x + d:.1f},{y - d:.1f} "
            f"L{x - d:.1f},{y + d:.1f}' stroke='{UNCOVERED_COLOUR}' stroke-width='2' opacity='0.7'/>"
        )
    for a, b in uncovered_pairs:
        (xa, ya), (xb, yb) = centre(a), centre(b)
        over.append(
            f"<line class='uncovered-pair' x1='{xa:.1f}' y1='{ya:.1f}' x2='{xb:.1f}' y2='{yb:.1f}' "
            f"stroke='{UNCOVERED_COLOUR}' stroke-width='{s * 0.12:.1f}' stroke-dasharray='4,3' stroke-linecap='round'/>"
        )
    out = []
    if under:
        out.append(
            f"<g pointer-events='none' stroke='{LOOP_COLOUR}' stroke-width='{s * 0.5:.1f}' "
            f"stroke-linecap='round' opacity='0.55'>" + "".join(under) + "</g>"
        )
    out += [_squares(squares), _labels(numbers, s)]
    if over:
        out.append("<g pointer-events='none' stroke-width='1.5'>" + "".join(over) + "</g>")
    return out


def _bounds(cells):
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)


def dice_svg(
    dice,
    *,
    size: int = 36,
    blanks=(),
    title: str | None = None,
    margin: int = 6,
    max_width: float | None = None,
    **witness,
) -> str:
    """Dice ``{(row, col): value}`` with numbers, coloured by the ``witness`` facts passed in as
    keywords ``nodes``, ``edges``, ``sequences``, ``loop_pairs``, ``invalid``, ``uncovered_pairs`` (see the
    module docstring);
    ``max_width`` scales a wide picture down.

    >>> dice_svg({(0, 0): 3}, blanks=[(0, 1)]).count("<rect")
    2
    >>> "width='128'" in dice_svg({(0, 0): 3}, title="straight: invalid")  # room for the title
    True
    """
    cells = list(dice) + list(blanks)
    if not cells:
        return _EMPTY_SVG
    r0, c0, r1, c1 = _bounds(cells)
    top = 16 if title else 0
    w = (c1 - c0 + 1) * size + 2 * margin
    if title:  # wide enough for its title ("straight: invalid" over a small table)
        w = max(w, 2 * margin + text_width(title, 11))
    h = (r1 - r0 + 1) * size + 2 * margin + top
    parts = _dice(
        dice,
        blanks,
        lambda rc: (margin + (rc[1] - c0) * size, top + margin + (rc[0] - r0) * size),
        size,
        **witness,
    )
    head = f"<text x='{margin}' y='12' font-size='11' fill='#333'>{html.escape(title)}</text>" if title else ""
    return _head(w, h, max_width) + head + "".join(parts) + "</svg>"


def editor_svg(
    rows: int,
    cols: int,
    dice,
    blanks=(),
    *,
    size: int = 40,
    **witness,
) -> str:
    """The editor's grid: ``rows`` x ``cols`` cells, each a click target ``cell:r:c`` (0-based), with
    rows and columns numbered from 1 along the edges; dice, blanks and ``witness`` facts drawn as in
    :func:`dice_svg`.

    >>> editor_svg(7, 7, {(2, 3): 5}).count("data-target=")
    49
    """
    left, top, margin = 18, 16, 4
    w, h = left + cols * size + margin, top + rows * size + margin

    def at(cell):
        return left + cell[1] * size, top + cell[0] * size

    parts = [_head(w, h), "<g pointer-events='none' font-size='11' fill='#666'>"]
    parts += [
        f"<text x='{left + (c + 0.5) * size:.1f}' y='12' text-anchor='middle'>{c + 1}</text>" for c in range(cols)
    ]
    parts += [
        f"<text x='{left - 5}' y='{top + (r + 0.6) * size:.1f}' text-anchor='end'>{r + 1}</text>" for r in range(rows)
    ]
    parts.append("</g>")
    occupied = set(dice) | set(blanks)
    parts.append(
        _squares(
            [
                _die(left + c * size, top + r * size, size, EMPTY_COLOUR, target("cell", r, c), dashed=True)
                for r in range(rows)
                for c in range(cols)
                if (r, c) not in occupied
            ]
        )
    )
    parts += _dice(dice, blanks, at, size, target=lambda cell: target("cell", *cell), **witness)
    parts.append("</svg>")
    return "".join(parts)


def text_width(text: str, font_size: float) -> float:
    """A generous estimate of the width of ``text`` in a sans-serif font of ``font_size`` px (bold
    included), so that a picture is made wide enough for its captions instead of cutting them.

    >>> text_width("round 1: seat 2 closed the spiral with the gold loop", 13) > 300
    True
    """
    return 0.62 * font_size * len(str(text))


def _player_text(p: int, names, scores, to_move) -> str:
    name = names[p] if names else seat_name(p)
    return name + (f" · {scores[p]}" if scores is not None else "") + (" ◀" if p == to_move else "")


def _name_width(boards, names, scores, to_move, least: float) -> float:
    """Room for the players' line heads (name, score, marker) before their dice, at least ``least``."""
    widest = max((text_width(_player_text(p, names, scores, to_move), 12) for p in range(len(boards))), default=0)
    return max(least, widest + 10)


def _player_name(p: int, names, scores, to_move, x: float, y: float) -> str:
    """A player's line head: name, score and a marker at the player to move (bold)."""
    text = _player_text(p, names, scores, to_move)
    weight = " font-weight='bold'" if p == to_move else ""
    return f"<text x='{x}' y='{y:.1f}' font-size='12' fill='#222'{weight}>{html.escape(text)}</text>"


def position_svg(
    dice,
    *,
    boards=(),
    scores=None,
    to_move=None,
    names=None,
    title: str | None = None,
    size: int = 30,
    min_rows: int = 0,
    min_cols: int = 0,
    max_width: float | None = None,
    **witness,
) -> str:
    """A game position: the table (dice and ``witness`` facts as in :func:`dice_svg`; lay a table key
    out first with :func:`~negenlab.negen.table.layout`) and below it one line per player: name, score,
    board dice, and a marker at the player to move. The table takes at least ``min_rows`` x ``min_cols`` cells
    (pictures of one size stay put when a preview replaces the board).

    >>> svg = position_svg({(0, 0): 6, (0, 1): 5, (0, 2): 4}, boards=[(1, 2), (3,)], scores=[0, 1], to_move=0)
    >>> svg.count("<rect"), "seat 2 · 1" in svg
    (6, True)
    """
    margin, top = 6, (20 if title else 4)
    cells = list(dice)
    if cells:
        r0, c0, r1, c1 = _bounds(cells)
        rows, cols = r1 - r0 + 1, c1 - c0 + 1
    else:
        r0 = c0 = 0
        rows, cols = 1, 4
    table_w, table_h = max(cols, min_cols) * size, max(rows, min_rows) * size
    bs = round(size * 0.8)
    name_w = _name_width(boards, names, scores, to_move, 96)
    boards_w = name_w + max((len(b) for b in boards), default=0) * bs
    w = max(table_w, boards_w, text_width(title, 13) if title else 0) + 2 * margin
    h = top + table_h + 8 + len(boards) * (bs + 4) + margin
    parts = [_head(w, h, max_width)]
    if title:
        parts.append(f"<text x='{margin}' y='14' font-size='13' fill='#222'>{html.escape(title)}</text>")
    if cells:
        parts += _dice(
            dice,
            (),
            lambda rc: (margin + (rc[1] - c0) * size, top + (rc[0] - r0) * size),
            size,
            **witness,
        )
    else:
        parts.append(
            f"<text x='{margin}' y='{top + size * 0.6:.0f}' font-size='12' fill='#666'>the table is empty</text>"
        )
    y = top + table_h + 8
    squares, numbers = [], []
    for p, board in enumerate(boards):
        parts.append(_player_name(p, names, scores, to_move, margin, y + bs * 0.65))
        for j, v in enumerate(board):
            x = margin + name_w + j * bs
            squares.append(_die(x, y, bs, PLAIN_COLOUR))
            numbers.append(_label(x, y, bs, v, "#111111"))
        y += bs + 4
    parts += [_squares(squares), _labels(numbers, bs)]
    parts.append("</svg>")
    return "".join(parts)


ADDED_COLOUR = "#2ca02c"  # outline of a die added this turn
FRESH_COLOUR = "#9467bd"  # outline of a die the other players added since your last turn
PICKED_COLOUR = "#111111"  # outline of the picked spiral or board die
TARGET_COLOUR = "#3a7bd5"  # dashed outline of an empty cell you may click
BRIDGE_COLOUR = "#e377c2"  # dashed outline of an empty cell beside two spirals (a die there joins them)


def _rings(cells, at, s: float, colour: str, width: float, dashed: bool = False) -> str:
    """Outlines around ``cells`` (drawn over the dice, letting clicks through)."""
    dash = " stroke-dasharray='5,3'" if dashed else ""
    return "".join(
        f"<rect x='{at(c)[0] + 1.5:.1f}' y='{at(c)[1] + 1.5:.1f}' width='{s - 3:.1f}' height='{s - 3:.1f}' rx='{s * 0.2:.1f}' "
        f"fill='none' stroke='{colour}' stroke-width='{width}'{dash} pointer-events='none'/>"
        for c in sorted(cells)
    )


def play_svg(
    dice,
    *,
    frame: tuple[int, int, int, int],
    boards=(),
    hand=None,
    picked_die: int | None = None,
    marked_dice=(),
    scores=None,
    names=None,
    to_move=None,
    title: str | None = None,
    added=(),
    fresh=(),
    picked=(),
    targets=(),
    bridges=(),
    size: int = 34,
    max_width: float | None = None,
    **witness,
) -> str:
    """A turn being built: the table in a fixed ``frame`` ``(row0, col0, rows, cols)`` (so spirals keep
    their places), each die a click target ``die:r:c`` and each empty cell in ``targets`` a dashed
    target ``cell:r:c`` (``bridges``: cells beside two spirals, in pink); dice ``added`` this turn
    ringed green, ``fresh`` ones (the others' last turns) purple, the ``picked`` spiral black. Under it
    one line per player; the player to move's ``hand`` (board dice left) are targets ``hand:j``, the
    ``picked_die`` ringed, ``marked_dice`` (to re-roll) struck through. ``max_width`` scales it down.

    >>> svg = play_svg({(0, 0): 6, (0, 1): 5}, frame=(0, 0, 2, 3), boards=[(1, 2), (3,)], hand=(1, 2),
    ...                to_move=0, targets=[(0, 2)], added=[(0, 1)])
    >>> 'data-target="cell:0:2"' in svg, 'data-target="hand:1"' in svg, ADDED_COLOUR in svg
    (True, True, True)
    """
    r0, c0, rows, cols = frame
    margin, top = 6, (22 if title else 4)
    bs = 28
    name_w = _name_width(boards, names, scores, to_move, 150)
    widest = max(
        (len(hand) if (p == to_move and hand is not None) else len(b) for p, b in enumerate(boards)), default=4
    )
    width = max(cols * size, name_w + max(4, widest) * (bs + 2), text_width(title, 13) if title else 0) + 2 * margin
    height = top + rows * size + 10 + len(boards) * (bs + 6) + margin

    def at(cell):
        return margin + (cell[1] - c0) * size, top + (cell[0] - r0) * size

    parts = [_head(width, height, max_width)]
    if title:
        parts.append(f"<text x='{margin}' y='15' font-size='13' fill='#222'>{html.escape(title)}</text>")
    bridge_set = set(bridges)
    parts.append(
        _squares([_die(at(c)[0], at(c)[1], size, "#ffffff", target("cell", *c), dashed=True) for c in sorted(targets)])
    )
    parts.append(_rings(set(targets) - bridge_set, at, size, TARGET_COLOUR, 1.5, dashed=True))
    parts.append(_rings(set(targets) & bridge_set, at, size, BRIDGE_COLOUR, 2.5, dashed=True))
    parts += _dice(dice, (), at, size, target=lambda cell: target("die", *cell), **witness)
    parts.append(_rings(fresh, at, size, FRESH_COLOUR, 3))
    parts.append(_rings(added, at, size, ADDED_COLOUR, 3))
    parts.append(_rings(picked, at, size, PICKED_COLOUR, 2.5, dashed=True))
    y = top + rows * size + 10
    squares, numbers, over = [], [], []
    for p, board in enumerate(boards):
        parts.append(_player_name(p, names, scores, to_move, margin, y + bs * 0.65))
        shown = hand if (p == to_move and hand is not None) else board
        for j, v in enumerate(shown):
            x = margin + name_w + j * (bs + 2)
            attrs = target("hand", j) if (p == to_move and hand is not None) else ""
            squares.append(_die(x, y, bs, PLAIN_COLOUR, attrs))
            numbers.append(_label(x, y, bs, v, "#111111"))
            if p == to_move and j == picked_die:
                over.append(_rings([(0, 0)], lambda _c, x=x, y=y: (x, y), bs, PICKED_COLOUR, 3))
            if p == to_move and j in marked_dice:
                over.append(
                    f"<line x1='{x + 3}' y1='{y + bs - 3}' x2='{x + bs - 3}' y2='{y + 3}' stroke='{UNCOVERED_COLOUR}' "
                    f"stroke-width='3' pointer-events='none'/>"
                )
        y += bs + 6
    parts += [_squares(squares), _labels(numbers, bs), *over, "</svg>"]
    return "".join(parts)


LEGEND_WIDTH = 600
"""The widest a legend is drawn (px): wider, its items flow onto more lines (a notebook's output is
about 850 px wide at a 1280 px window)."""


def _flow(items: list[tuple[float, Callable[[float], str]]], height: float, max_width: float) -> str:
    """Legend items ``(width, draw)`` laid out left to right in lines no wider than ``max_width`` (an item
    wider than that alone on its line); ``draw(x)`` gives an item's SVG at ``x`` on a line ``height`` px high.

    >>> svg = _flow([(300, lambda x: "<g/>")] * 3, 20, 650)
    >>> svg.count("translate"), "width='604'" in svg
    (2, True)
    """
    lines: list[list[tuple[float, Callable[[float], str]]]] = [[]]
    x, widest = 4.0, 4.0
    for width, draw in items:
        if lines[-1] and x + width > max_width:
            lines.append([])
            x = 4.0
        lines[-1].append((x, draw))
        x += width
        widest = max(widest, x)
    parts = [
        f"<g transform='translate(0,{row * (height + 4):.0f})'>" + "".join(draw(x0) for x0, draw in line) + "</g>"
        for row, line in enumerate(lines)
    ]
    return _head(widest, len(lines) * (height + 4) - 2) + "".join(parts) + "</svg>"


def _text_item(x: float, s: float, text: str) -> str:
    return f"<text x='{x:.0f}' y='{s * 0.7:.1f}' font-size='11' fill='#333'>{html.escape(text)}</text>"


def play_legend_svg(max_width: float = LEGEND_WIDTH) -> str:
    """What the rings of :func:`play_svg` mean, in lines no wider than ``max_width`` px.

    >>> "added this turn" in play_legend_svg()
    True
    """
    items = [
        (ADDED_COLOUR, "added this turn", False),
        (FRESH_COLOUR, "the others' last turns", False),
        (PICKED_COLOUR, "picked spiral", True),
        (TARGET_COLOUR, "you may put a die or the spiral here", True),
        (BRIDGE_COLOUR, "a die here joins two spirals", True),
    ]
    s = 18
    flowed: list[tuple[float, Callable[[float], str]]] = []
    for colour, text, dashed in items:

        def draw(x: float, colour=colour, text=text, dashed=dashed) -> str:
            return _rings([(0, 0)], lambda _c: (x, 0), s, colour, 2.5, dashed) + _text_item(x + s + 4, s, text)

        flowed.append((s + 14 + text_width(text, 11), draw))
    return _flow(flowed, s + 2, max_width)


def _legend_key(kind: str, x: float, s: float) -> tuple[str, float]:
    """The mark of one colour of :data:`LEGEND` at ``x`` and its width."""
    if kind == "sequence":
        mark = (
            f"<polyline points='{x:.0f},{s * 0.75:.1f} {x + s:.0f},{s * 0.25:.1f} {x + 2 * s:.0f},{s * 0.75:.1f}' "
            f"fill='none' stroke='#222' stroke-width='1.5' opacity='0.7'/>"
        )
        return mark, 2 * s + 4
    if kind == "open_pair":
        mark = (
            f"<line x1='{x + 4:.0f}' y1='{s / 2}' x2='{x + 2 * s - 4:.0f}' y2='{s / 2}' stroke='{UNCOVERED_COLOUR}' "
            f"stroke-width='3' stroke-dasharray='4,3' stroke-linecap='round'/>"
        )
        return mark, 2 * s + 4
    if kind == "loop":
        mark = (
            f"<line x1='{x + 4:.0f}' y1='{s / 2}' x2='{x + 2 * s - 4:.0f}' y2='{s / 2}' stroke='{LOOP_COLOUR}' "
            f"stroke-width='{s * 0.5:.1f}' stroke-linecap='round' opacity='0.55'/>"
        )
        return mark, 2 * s + 4
    fill = {"node": NODE_COLOUR, "edge": EDGE_COLOUR}.get(kind, PLAIN_COLOUR)
    mark = _squares([_die(x, 0, s, "#f4f4f4" if kind == "blank" else fill, dashed=kind == "blank")])
    if kind == "blank":
        mark += _labels([_label(x, 0, s, "?", BLANK_COLOUR, bold=False)], s)
    if kind == "uncovered":
        d = s * 0.3
        cx, cy = x + s / 2, s / 2
        mark += (
            f"<path d='M{cx - d:.1f},{cy - d:.1f} L{cx + d:.1f},{cy + d:.1f} M{cx + d:.1f},{cy - d:.1f} "
            f"L{cx - d:.1f},{cy + d:.1f}' stroke='{UNCOVERED_COLOUR}' stroke-width='2'/>"
        )
    return mark, s + 4


def legend_svg(kinds=None, size: int = 18, max_width: float = LEGEND_WIDTH) -> str:
    """A legend of the die colours (:data:`LEGEND`; ``kinds`` picks some), in lines no wider than
    ``max_width`` px.

    >>> "node die" in legend_svg() and "edge die" in legend_svg()
    True
    """
    s = size
    flowed: list[tuple[float, Callable[[float], str]]] = []
    for kind, text in LEGEND:
        if kinds is not None and kind not in kinds:
            continue

        def draw(x: float, kind=kind, text=text) -> str:
            mark, width = _legend_key(kind, x, s)
            return mark + _text_item(x + width, s, text)

        flowed.append((_legend_key(kind, 0, s)[1] + text_width(text, 11) + 14, draw))
    return _flow(flowed, s + 2, max_width)


def table_svg(table: Table, **options) -> str:
    """SVG of a :class:`~negenlab.negen.table.Table`: :func:`dice_svg` of its cells, with the same
    keyword ``options`` (``nodes`` red and ``edges`` blue, ``sequences`` as lines through their three
    dice, ``loop_pairs`` (adjacent pairs on a cycle) as gold bands, ``invalid`` dice crossed,
    ``blanks`` as dashed ``?`` cells, ``size``, ``title``, ``margin``, ``max_width``).

    >>> from negenlab.negen.table import parse_table
    >>> table_svg(parse_table("6 5 4"), nodes=[(0, 0), (0, 2)]).count(NODE_COLOUR)
    2
    """
    return dice_svg(dict(table.items()), **options)


def verdicts_svg(
    table: Table, verdicts, size: int = 36, title: str | None = None, max_width: float | None = None
) -> str:
    """The table with the witness of each spiral: ``verdicts`` are the caller's
    :func:`~negenlab.negen.spirals.check_table` of ``table`` (nodes red, edges blue, sequences as lines,
    loops gold; an invalid spiral in the colours of its closest interpretation, with the dice it leaves
    uncovered crossed out and its uncovered pairs joined by dashed lines).

    >>> from negenlab.negen.spirals import check_table
    >>> from negenlab.negen.table import parse_table
    >>> t = parse_table("6 5 4")
    >>> verdicts_svg(t, check_table(t)).count(f"fill='{EDGE_COLOUR}'")
    1
    """
    return table_svg(table, size=size, title=title, max_width=max_width, **witness_facts(table, verdicts))


__all__ = [
    "NODE_COLOUR",
    "EDGE_COLOUR",
    "PLAIN_COLOUR",
    "BLANK_COLOUR",
    "LOOP_COLOUR",
    "UNCOVERED_COLOUR",
    "LEGEND",
    "dice_svg",
    "editor_svg",
    "position_svg",
    "play_svg",
    "play_legend_svg",
    "legend_svg",
    "table_svg",
    "verdicts_svg",
]
