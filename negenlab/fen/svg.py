"""Plain SVG drawings of boards and positions (no matplotlib), used by ``_repr_svg_``.

Faces are filled in the owner's colour (light grey when empty; eligible faces of the player
to move filled green with a dashed outline), edges and nodes are drawn in the owner's colour.

>>> from negenlab.fen import tilings
>>> tilings.triangle(2)._repr_svg_()[:4]
'<svg'
"""
from __future__ import annotations

import html

COLOURS = ("#d62728", "#1f77b4")        # colour 0, colour 1
LIGHT = ("#f4b6b6", "#b6d3f0")


def board_svg(t, state=None, size: int = 420, labels: bool = False) -> str:
    xy = t.coords
    xmin, ymin = xy.min(axis=0)
    xmax, ymax = xy.max(axis=0)
    span = max(xmax - xmin, ymax - ymin) or 1.0
    pad = 0.06 * span
    scale = (size - 2) / (span + 2 * pad)
    w = (xmax - xmin + 2 * pad) * scale
    h = (ymax - ymin + 2 * pad) * scale

    def P(v):
        x, y = xy[v]
        return (x - xmin + pad) * scale, (ymax - y + pad) * scale
    owner = state.owners() if state is not None else None
    eligible = set(state.eligible_faces()) if state is not None and not state.is_terminal() else set()
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
             f'viewBox="0 0 {w:.1f} {h:.1f}">']
    for f, face in enumerate(t.face_nodes):
        pts = " ".join(f"{P(v)[0]:.1f},{P(v)[1]:.1f}" for v in face)
        o = owner["faces"][f] if owner else -1
        fill = LIGHT[o] if o >= 0 else ("#bfe8bf" if f in eligible else "#f2f2f2")
        extra = ' stroke-dasharray="4,3" stroke="#2a2" stroke-width="2.5"' if f in eligible else ""
        parts.append(f'<polygon points="{pts}" fill="{fill}"{extra}><title>face {f}</title></polygon>')
    for j, (a, b) in enumerate(t.edges):
        (x1, y1), (x2, y2) = P(a), P(b)
        o = owner["edges"][j] if owner else -1
        col = COLOURS[o] if o >= 0 else "#888"
        wd = 4 if o >= 0 else 1.2
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{col}" '
                     f'stroke-width="{wd}"><title>edge {j} ({a}-{b})</title></line>')
    r = max(2.5, min(7.0, 0.08 * scale))
    for v in range(t.num_nodes):
        x, y = P(v)
        o = owner["nodes"][v] if owner else -1
        col = COLOURS[o] if o >= 0 else "#fff"
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{col}" stroke="#333" '
                     f'stroke-width="0.8"><title>node {v}</title></circle>')
        if labels:
            parts.append(f'<text x="{x + r:.1f}" y="{y - r:.1f}" font-size="9">{v}</text>')
    parts.append(f"<title>{html.escape(t.name)}</title></svg>")
    return "".join(parts)
