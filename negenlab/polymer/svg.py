"""SVG drawings of cards and polymers (plain strings; no matplotlib), used by ``_repr_svg_``.

A polymer is drawn as a row of cards; under each window a bar marks it as a sequence
(blue), a group (green) or invalid (grey), and an uncovered adjacent pair is marked red.

>>> from negenlab.polymer import explain
>>> svg = polymer_svg(explain("4S 5S 6S 6H 6D"))
>>> svg.startswith("<svg") and "sequence" in svg and "group" in svg
True
"""
from __future__ import annotations

import html

from .cards import Card, Joker

CARD_W, CARD_H, GAP = 38, 54, 6
COLOURS = {"sequence": "#4c78a8", "group": "#54a24b", "invalid": "#bbbbbb"}
RED_SUITS = ("H", "D")


def card_svg(card, x: float, y: float, highlight: bool = False) -> str:
    """One card as an SVG group at (x, y)."""
    fill = "#fff8d8" if highlight else "white"
    if isinstance(card, Joker):
        label, colour = "JK", "#7a3db8"
    else:
        label = card.pretty
        colour = "#c0392b" if card.suit in RED_SUITS else "#222"
    return (f'<g><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="{fill}" '
            f'stroke="#555"/><text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 5}" font-size="14" '
            f'text-anchor="middle" font-family="sans-serif" fill="{colour}">{html.escape(label)}</text></g>')


def polymer_svg(explanation, hand=None, title: str | None = None) -> str:
    """The ordering of ``explanation`` with its windows marked; ``hand``'s other cards below it."""
    cards = list(explanation.cards) if explanation is not None else []
    rest = []
    if hand is not None:
        rest = list(hand)
        for c in cards:
            if c in rest:
                rest.remove(c)
    n = max(len(cards), len(rest), 1)
    width = 10 + n * (CARD_W + GAP)
    windows = explanation.windows if explanation is not None else []
    bars_h = 8 * max(1, min(len(windows), 3)) + 20
    height = 20 + (CARD_H + bars_h if cards else 24) + (CARD_H + 30 if rest else 0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">']
    y = 16
    head = title or (f"polymer of length {len(cards)}" if explanation is not None and explanation.valid
                     else ("not a polymer" if cards else "no polymer"))
    parts.append(f'<text x="6" y="12" font-size="12" font-family="sans-serif">{html.escape(head)}</text>')
    for i, c in enumerate(cards):
        parts.append(card_svg(c, 6 + i * (CARD_W + GAP), y))
    if cards:
        by = y + CARD_H + 4
        for i, kind in enumerate(windows):
            x0 = 6 + i * (CARD_W + GAP) + 4
            x1 = 6 + (i + 2) * (CARD_W + GAP) + CARD_W - 4
            yy = by + 8 * (i % 3)  # three rows: windows i and i+3 never touch
            parts.append(f'<line x1="{x0}" y1="{yy + 3}" x2="{x1}" y2="{yy + 3}" stroke="{COLOURS[kind]}" '
                         f'stroke-width="5" stroke-linecap="round"><title>window {i + 1}: {kind}</title></line>')
        for i in explanation.uncovered:
            x = 6 + i * (CARD_W + GAP) + CARD_W + GAP / 2
            parts.append(f'<line x1="{x}" y1="{y - 2}" x2="{x}" y2="{y + CARD_H + 2}" stroke="#d62728" '
                         f'stroke-width="3"><title>pair {i + 1}-{i + 2} uncovered</title></line>')
        ly = by + 34
        parts.append(f'<text x="6" y="{ly}" font-size="10" font-family="sans-serif">'
                     f'<tspan fill="{COLOURS["sequence"]}">■ sequence</tspan> '
                     f'<tspan fill="{COLOURS["group"]}">■ group</tspan> '
                     f'<tspan fill="#888">■ invalid window</tspan> <tspan fill="#d62728">| uncovered pair</tspan></text>')
        y = ly + 8
    else:
        y += 8
    if rest:
        parts.append(f'<text x="6" y="{y + 10}" font-size="11" font-family="sans-serif">rest of the hand</text>')
        for i, c in enumerate(rest):
            parts.append(card_svg(c, 6 + i * (CARD_W + GAP), y + 16))
    parts.append("</svg>")
    return "".join(parts)


def hand_svg(cards, title: str | None = None) -> str:
    """A hand as a row of cards.

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


def table_svg(state, size: int = 360) -> str:
    """A table as a circle of seats, each labelled with its polymer length (and score at the end).

    Edges between neighbours are red at a phase boundary (``game.is_boundary``: one
    neighbour's polymer at least twice and at least 3 cards longer than the other's).

    >>> import numpy as np
    >>> from negenlab.polymer.game import PolymerGame
    >>> from negenlab.polymer.rules import Rules
    >>> s = PolymerGame(Rules(players=5, trade_budget=0)).new_initial_state()
    >>> s.apply(s.sample_chance(np.random.default_rng(0)))
    >>> table_svg(s).count("<circle")
    5
    """
    import math

    from .game import is_boundary

    P = state.num_players
    if not state.start_hands:
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="40"><text x="6" y="20">not dealt yet</text></svg>'
    L = state.lengths()
    scores = state.returns() if state.is_terminal() else None
    mean = sum(L) / P
    cx = cy = size / 2
    R = size / 2 - 48
    pts = [(cx + R * math.sin(2 * math.pi * p / P), cy - R * math.cos(2 * math.pi * p / P)) for p in range(P)]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" font-family="sans-serif">']
    for p in range(P):
        q = (p + 1) % P
        boundary = is_boundary(L[p], L[q])
        parts.append(f'<line x1="{pts[p][0]:.1f}" y1="{pts[p][1]:.1f}" x2="{pts[q][0]:.1f}" y2="{pts[q][1]:.1f}" '
                     f'stroke="{"#d62728" if boundary else "#bbb"}" stroke-width="{4 if boundary else 2}"/>')
    top = max(L) if max(L) > 0 else 1
    win = state.winner() if state.is_terminal() else None
    for p, (x, y) in enumerate(pts):
        r = 14 + 14 * L[p] / top
        fill = "#4c78a8" if L[p] >= mean else "#9ecae9"
        stroke = "#f1c40f" if win == p else "#333"
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="{4 if win == p else 1}">'
                     f'<title>seat {p}: length {L[p]}</title></circle>')
        parts.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="13" fill="white">{L[p]}</text>')
        label = f"seat {p}" + (f" · {int(scores[p])} pts" if scores is not None else "")
        parts.append(f'<text x="{x:.1f}" y="{y + r + 13:.1f}" text-anchor="middle" font-size="11">{html.escape(label)}</text>')
    title = "final table" if state.is_terminal() else f"phase {state.phase}"
    parts.append(f'<text x="6" y="14" font-size="12">{html.escape(title)} · red edge = phase boundary</text></svg>')
    return "".join(parts)
