"""SVG drawings of cards and polymers (plain strings; no matplotlib), used by ``_repr_svg_``.

A polymer is drawn as a row of cards; under each window a bar marks it as a sequence
(blue), a group (green) or invalid (grey), and an uncovered adjacent pair is marked red.
Drawing only: the facts (explanations, polymer lengths, phase boundaries) come from the
caller, and nothing here imports rule code (cards are read through ``code``, ``pretty``, ``suit``).

>>> from negenlab.polymer import explain
>>> svg = polymer_svg(explain("4S 5S 6S 6H 6D"))
>>> svg.startswith("<svg") and "sequence" in svg and "group" in svg
True
"""

from __future__ import annotations

import html

from negenlab.core.errors import InvalidInputError
from negenlab.core.game import seat_name
from negenlab.core.svg import target

CARD_W, CARD_H, GAP = 38, 54, 6
COLOURS = {"sequence": "#4c78a8", "group": "#54a24b", "invalid": "#bbbbbb"}
RED_SUITS = ("H", "D")


def card_face(card) -> tuple[str, str]:
    """The label and ink colour of a card (a joker, which has no suit: ``JK`` in purple).

    >>> from negenlab.polymer import parse_cards
    >>> [card_face(c) for c in parse_cards("QH 7S JK")]
    [('Q♥', '#c0392b'), ('7♠', '#222'), ('JK', '#7a3db8')]
    """
    suit = getattr(card, "suit", None)
    if suit is None:
        return "JK", "#7a3db8"
    return card.pretty, ("#c0392b" if suit in RED_SUITS else "#222")


def rest_of_hand(hand, cards) -> list:
    """The cards of ``hand`` left when ``cards`` (some of them, copies counted) are taken out.

    >>> from negenlab.polymer import parse_cards
    >>> [c.code for c in rest_of_hand(parse_cards("7S 7S 8S 2C"), parse_cards("7S 8S"))]
    ['7S', '2C']
    """
    rest = list(hand)
    for c in cards:
        if c in rest:
            rest.remove(c)
    return rest


def card_svg(card, x: float, y: float, highlight: bool = False, attrs: str = "", faded: bool = False) -> str:
    """One card as an SVG group at (x, y); ``attrs`` go on the card's rectangle (e.g. a click
    target), the label lets clicks through to it; ``faded`` draws a card that is elsewhere."""
    fill = "#fff8d8" if highlight else "white"
    label, colour = card_face(card)
    look = ' opacity="0.25"' if faded else ""
    edge = ' stroke="#d4a017" stroke-width="3"' if highlight else ' stroke="#555"'
    return (
        f'<g{look}><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="{fill}"{edge}{attrs}>'
        f'<title>{html.escape(card.code)}</title></rect><text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 5}" '
        f'font-size="14" text-anchor="middle" font-family="sans-serif" fill="{colour}" '
        f'pointer-events="none">{html.escape(label)}</text></g>'
    )


def _window_marks(explanation, y: float) -> list[str]:
    """The window bars under a row of cards at height y (three rows of bars) and the red marks
    of uncovered pairs; each card i sits at x = 6 + i * (CARD_W + GAP)."""
    parts = []
    by = y + CARD_H + 4
    for i, kind in enumerate(explanation.windows):
        x0 = 6 + i * (CARD_W + GAP) + 4
        x1 = 6 + (i + 2) * (CARD_W + GAP) + CARD_W - 4
        yy = by + 8 * (i % 3)  # three rows: windows i and i+3 never touch
        parts.append(
            f'<line x1="{x0}" y1="{yy + 3}" x2="{x1}" y2="{yy + 3}" stroke="{COLOURS[kind]}" '
            f'stroke-width="5" stroke-linecap="round"><title>window {i + 1}: {kind}</title></line>'
        )
    for i in explanation.uncovered:
        x = 6 + i * (CARD_W + GAP) + CARD_W + GAP / 2
        parts.append(
            f'<line x1="{x}" y1="{y - 2}" x2="{x}" y2="{y + CARD_H + 2}" stroke="#d62728" '
            f'stroke-width="3"><title>pair {i + 1}-{i + 2} uncovered</title></line>'
        )
    return parts


LEGEND_TEXT = "■ sequence ■ group ■ invalid window | uncovered pair"
"""The words of the window legend under a polymer (drawn at font size 10)."""


def text_width(text: str, font_size: float) -> float:
    """A generous estimate of the width of ``text`` in a sans-serif font of ``font_size`` px, so that a
    picture is made wide enough for its captions instead of cutting them.

    >>> text_width(LEGEND_TEXT, 10) > 300
    True
    """
    return 0.62 * font_size * len(str(text))


def _legend(y: float) -> str:
    return (
        f'<text x="6" y="{y}" font-size="10" font-family="sans-serif">'
        f'<tspan fill="{COLOURS["sequence"]}">■ sequence</tspan> '
        f'<tspan fill="{COLOURS["group"]}">■ group</tspan> '
        f'<tspan fill="#888">■ invalid window</tspan> <tspan fill="#d62728">| uncovered pair</tspan></text>'
    )


def polymer_svg(explanation, hand=None, title: str | None = None) -> str:
    """The ordering of ``explanation`` with its windows marked; ``hand``'s other cards below it."""
    cards = list(explanation.cards) if explanation is not None else []
    rest = rest_of_hand(hand, cards) if hand is not None else []
    n = max(len(cards), len(rest), 1)
    windows = explanation.windows if explanation is not None else []
    y = 16
    # the window bars in up to three rows under the cards, then the legend's line under the bars
    legend_y = y + CARD_H + 4 + 8 * max(1, min(len(windows), 3)) + 10
    height = (legend_y + 12 if cards else 44) + (CARD_H + 30 if rest else 0)
    head = title or (
        f"polymer of length {len(cards)}"
        if explanation is not None and explanation.valid
        else ("not a polymer" if cards else "no polymer")
    )
    # wide enough for its cards, its title and the window legend under the cards (a short polymer's
    # legend is wider than its cards)
    legend = 12 + text_width(LEGEND_TEXT, 10) if cards else 0
    width = round(max(10 + n * (CARD_W + GAP), 12 + text_width(head, 12), legend))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    ]
    parts.append(f'<text x="6" y="12" font-size="12" font-family="sans-serif">{html.escape(head)}</text>')
    for i, c in enumerate(cards):
        parts.append(card_svg(c, 6 + i * (CARD_W + GAP), y))
    if cards:
        parts += _window_marks(explanation, y)
        parts.append(_legend(legend_y))
        y = legend_y + 8
    else:
        y += 8
    if rest:
        parts.append(f'<text x="6" y="{y + 10}" font-size="11" font-family="sans-serif">rest of the hand</text>')
        for i, c in enumerate(rest):
            parts.append(card_svg(c, 6 + i * (CARD_W + GAP), y + 16))
    parts.append("</svg>")
    return "".join(parts)


def chain_svg(hand, chain, explanation, selected: int | None = None) -> str:
    """The chain builder's board: the chain being built, with its windows marked, above the hand.

    ``hand``: the cards; ``chain``: positions in ``hand``, in chain order; ``explanation``: the
    chain's :class:`~negenlab.polymer.validity.Explanation` (from the caller); ``selected``:
    a chain position to highlight. Chain card j is the click target ``chain:j``; hand card i
    is ``card:i`` while it is not in the chain (then it is drawn faded, not clickable).

    >>> from negenlab.polymer import explain, parse_cards
    >>> hand = parse_cards("7S 8S 9S 2C")
    >>> svg = chain_svg(hand, [0, 1], explain([hand[0], hand[1]]), selected=1)
    >>> svg.count('data-target="chain:'), svg.count('data-target="card:')
    (2, 2)
    """
    from negenlab.core.svg import target

    hand, chain = list(hand), list(chain)
    used = set(chain)
    width = max(10 + len(hand) * (CARD_W + GAP), 440)  # room for the hint line
    y = 36
    bars = 8 * max(1, min(len(explanation.windows), 3)) + 36
    height = y + CARD_H + bars + 20 + CARD_H + 6
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
    ]
    how = (
        "click a chain card to select it, another to swap the two, the selected one again to return it"
        if chain
        else "click cards of your hand to build a chain"
    )
    parts.append(
        f'<text x="6" y="12" font-size="12"><tspan font-weight="bold">chain</tspan>'
        f'<tspan x="6" dy="13" font-size="10" fill="#555">{html.escape(how)}</tspan></text>'
    )
    if not chain:
        parts.append(
            f'<rect x="6" y="{y}" width="{width - 12}" height="{CARD_H}" rx="4" fill="none" '
            f'stroke="#bbb" stroke-dasharray="5,4"/>'
        )
    for j, i in enumerate(chain):
        lift = -6 if j == selected else 0
        parts.append(
            card_svg(hand[i], 6 + j * (CARD_W + GAP), y + lift, highlight=j == selected, attrs=target("chain", j))
        )
    parts += _window_marks(explanation, y)
    ly = y + CARD_H + bars - 8
    if explanation.windows:
        parts.append(_legend(ly - 10))
    parts.append(f'<text x="6" y="{ly + 10}" font-size="12" font-weight="bold">hand</text>')
    for i, c in enumerate(hand):
        attrs = "" if i in used else target("card", i)
        parts.append(card_svg(c, 6 + i * (CARD_W + GAP), ly + 16, attrs=attrs, faded=i in used))
    parts.append("</svg>")
    return "".join(parts)


def hand_svg(cards, title: str | None = None) -> str:
    """A hand as a row of cards.

    >>> from negenlab.polymer.cards import Card
    >>> hand_svg([Card(1, "S")]).count("<rect")
    1
    """
    cards = list(cards)
    n = max(len(cards), 1)
    width, height = 10 + n * (CARD_W + GAP), CARD_H + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">']
    if title:
        parts.append(f'<text x="6" y="12" font-size="12" font-family="sans-serif">{html.escape(title)}</text>')
    for i, c in enumerate(cards):
        parts.append(card_svg(c, 6 + i * (CARD_W + GAP), 18))
    parts.append("</svg>")
    return "".join(parts)


def table_svg(lengths, scores=None, winner=None, boundaries=None, phase: str = "end", size: int = 360) -> str:
    """A table as a circle of seats, each labelled with its polymer length (and score at the end).

    The facts come from the caller (``PolymerState.table_facts()`` gives them all):
    ``lengths[p]`` is seat p's longest polymer (empty before the deal), ``scores`` and
    ``winner`` are shown when given, ``boundaries[p]`` (e.g. ``game.is_boundary`` of the lengths
    of seats p and p + 1) marks the edge from seat p to the next one red, as a phase boundary;
    None draws every edge plain. ``phase`` names the phase in the title.

    >>> table_svg([3, 0, 5, 4, 6], phase="trade").count("<circle")
    5
    >>> table_svg([3, 0, 5, 4, 6], boundaries=[True, False, False, False, False]).count("#d62728")
    1
    """
    import math

    L = list(lengths)
    P = len(L)
    if boundaries is not None and len(boundaries) != P:
        raise InvalidInputError(f"boundaries needs one entry per seat ({P}), got {len(boundaries)}")
    if not L:
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="40"><text x="6" y="20">not dealt yet</text></svg>'
    mean = sum(L) / P
    cx = cy = size / 2
    R = size / 2 - 48
    pts = [(cx + R * math.sin(2 * math.pi * p / P), cy - R * math.cos(2 * math.pi * p / P)) for p in range(P)]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" font-family="sans-serif">']
    for p in range(P):
        q = (p + 1) % P
        boundary = bool(boundaries[p]) if boundaries is not None else False
        parts.append(
            f'<line x1="{pts[p][0]:.1f}" y1="{pts[p][1]:.1f}" x2="{pts[q][0]:.1f}" y2="{pts[q][1]:.1f}" '
            f'stroke="{"#d62728" if boundary else "#bbb"}" stroke-width="{4 if boundary else 2}"/>'
        )
    top = max(L) if max(L) > 0 else 1
    for p, (x, y) in enumerate(pts):
        r = 14 + 14 * L[p] / top
        fill = "#4c78a8" if L[p] >= mean else "#9ecae9"
        stroke = "#f1c40f" if winner == p else "#333"
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="{4 if winner == p else 1}">'
            f"<title>{seat_name(p)}: length {L[p]}</title></circle>"
        )
        parts.append(
            f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="13" fill="white">{L[p]}</text>'
        )
        label = seat_name(p) + (f" · {int(scores[p])} pts" if scores is not None else "")
        parts.append(
            f'<text x="{x:.1f}" y="{y + r + 13:.1f}" text-anchor="middle" font-size="11">{html.escape(label)}</text>'
        )
    title = "final table" if phase == "end" else f"phase {phase}"
    if boundaries is not None:
        title += " · red edge = phase boundary"
    parts.append(f'<text x="6" y="14" font-size="12">{html.escape(title)}</text></svg>')
    return "".join(parts)


MARK_COLOUR = "#4c78a8"  # the bar under a card of the seat's longest polymer


def seat_svg(hand, picked=(), legal=True, seats=(), title: str | None = None, marked=()) -> str:
    """The seat's view: a line per other seat (what everybody sees: hand size, tokens, wants said,
    and at the end its longest polymer) and the seat's own hand, each card a click target
    ``card:i`` (``picked`` ones raised and gold; ``legal=False`` draws them without targets);
    ``marked`` cards (the seat's longest polymer) get a bar underneath, said in a line under the hand.

    >>> from negenlab.polymer.cards import Card
    >>> svg = seat_svg([Card(1, "S"), Card(2, "S")], picked=[1], seats=["seat 2: 17 cards"], marked=[0])
    >>> svg.count('data-target="card:'), "seat 2: 17 cards" in svg, svg.count('class="in-polymer"')
    (2, True, 1)
    """
    cards = list(hand)
    marked = set(marked)
    line = 16
    top = (20 if title else 4) + line * len(seats) + 8
    texts = [title or "", *seats]
    width = max(10 + max(len(cards), 1) * (CARD_W + GAP), 420, max(0.62 * 12.5 * len(t) + 12 for t in texts))
    height = top + CARD_H + 14 + (20 if marked else 0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" font-family="sans-serif">']
    if title:
        parts.append(f'<text x="6" y="14" font-size="13" fill="#222">{html.escape(title)}</text>')
    y = (20 if title else 4) + 12
    for text in seats:
        parts.append(f'<text x="6" y="{y}" font-size="12" fill="#333">{html.escape(text)}</text>')
        y += line
    for i, c in enumerate(cards):
        up = 8 if i in picked else 0
        attrs = target("card", i) if legal else ""
        parts.append(card_svg(c, 6 + i * (CARD_W + GAP), top + 8 - up, highlight=i in picked, attrs=attrs))
        if i in marked:
            parts.append(
                f'<rect class="in-polymer" x="{6 + i * (CARD_W + GAP)}" y="{top + CARD_H + 11}" width="{CARD_W}" '
                f'height="4" fill="{MARK_COLOUR}" pointer-events="none"><title>in your longest polymer</title></rect>'
            )
    if marked:
        parts.append(
            f'<text x="6" y="{top + CARD_H + 30}" font-size="12" fill="{MARK_COLOUR}">'
            f"underlined: the {len(marked)} cards of your longest polymer</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
