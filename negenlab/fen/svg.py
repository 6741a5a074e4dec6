"""Plain SVG drawings of boards and positions (no matplotlib), used by ``_repr_svg_``.

Pure drawing: the caller passes the facts (who owns what: ``FenState.owners()``; which faces
may be captured: ``FenState.eligible_faces()``); nothing here applies a rule.

Faces are filled in the owner's colour (light grey when empty; the faces passed as
``eligible`` are filled green with a dashed outline), edges and nodes are drawn in the
owner's colour. Colour 0 is red, colour 1 is blue.

With ``targets=True`` every node, edge and face is a click target of
:class:`negenlab.core.widgets.BoardWidget` (``node:v``, ``edge:j``, ``face:f``, numbered as in
the tessellation). An edge is clicked through an invisible band about 10 px wide over it;
node radius and band width are chosen so that the centre of every target's bounding box lies on that
target and on no other.

>>> from negenlab.fen import tilings
>>> tilings.triangle(2)._repr_svg_()[:4]
'<svg'
>>> svg = board_svg(tilings.triangle(3), targets=True)
>>> svg.count('data-target="node:'), svg.count('data-target="edge:'), svg.count('data-target="face:')
(10, 18, 9)
"""

from __future__ import annotations

import html

import numpy as np

COLOURS = ("#d62728", "#1f77b4")  # colour 0, colour 1
LIGHT = ("#f4b6b6", "#b6d3f0")
COLOUR_NAMES = ("red", "blue")
HIT_WIDTH = 10.0  # px: the invisible click band over an edge


def _segment_distance(p, a, b) -> float:
    """Distance from point p to the segment a-b."""
    d = b - a
    k = float(np.clip(np.dot(p - a, d) / max(float(np.dot(d, d)), 1e-12), 0.0, 1.0))
    return float(np.linalg.norm(p - (a + k * d)))


def _inside(p, poly) -> bool:
    """Is p strictly inside the polygon (ray casting)?"""
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, np.roll(poly, -1, axis=0), strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _band(a, b, half: float) -> str:
    """Polygon points of the band of half width ``half`` around the segment a-b (an edge's click area).

    A filled band rather than a wide transparent stroke: a line's bounding box leaves out its
    stroke, so a level or upright line would have an empty box (browsers and test drivers
    then treat it as invisible)."""
    d = b - a
    n = np.array([-d[1], d[0]]) / max(float(np.linalg.norm(d)), 1e-12) * half
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in (a + n, b + n, b - n, a - n))


def _no_target(kind: str, *parts) -> str:
    """No click target (a drawing without ``targets``)."""
    return ""


def _clearances(t, px: np.ndarray) -> tuple[float, float]:
    """(half width of the edge click bands, node radius) in px that keep every target's
    bounding-box centre clear of the other targets: face centres clear of edges and nodes,
    edge midpoints clear of neighbouring edges and of nodes."""
    edges = [(px[a], px[b]) for a, b in t.edges]
    shortest = min(float(np.linalg.norm(b - a)) for a, b in edges)
    to_edge, to_node = [], []
    for face, fe in zip(t.face_nodes, t.face_edges, strict=True):
        poly = px[list(face)]
        centre = (poly.min(axis=0) + poly.max(axis=0)) / 2
        if not _inside(centre, poly):
            continue  # a concave face whose box centre lies outside it: nothing to keep clear
        to_edge.append(min(_segment_distance(centre, *edges[j]) for j in fe))
        to_node.append(float(np.linalg.norm(poly - centre, axis=1).min()))
    node_edges: list[list[int]] = [[] for _ in range(t.num_nodes)]
    for j, (a, b) in enumerate(t.edges):
        node_edges[a].append(j)
        node_edges[b].append(j)
    for j, (a, b) in enumerate(t.edges):
        mid = (edges[j][0] + edges[j][1]) / 2
        near = {k for v in (a, b) for k in node_edges[v]} | {k for f in t.edge_faces[j] for k in t.face_edges[f]}
        near.discard(j)
        if near:
            to_edge.append(min(_segment_distance(mid, *edges[k]) for k in near))
    half = min([HIT_WIDTH / 2] + [0.45 * d for d in to_edge])
    radius = min([0.35 * shortest] + [0.6 * d for d in to_node])
    return half, radius


def board_svg(
    t,
    owners: dict[str, list[int]] | None = None,
    size: int = 420,
    labels: bool = False,
    eligible=(),
    targets: bool = False,
) -> str:
    """The board ``t`` (a Tessellation), coloured by ``owners`` (``FenState.owners()``: the owner
    colour, -1 empty, of every node, edge and face; None: an empty board).

    ``eligible``: faces to mark as capturable (``FenState.eligible_faces()``);
    ``targets``: make nodes, edges and faces click targets (see the module docstring).
    """
    xy = t.coords
    xmin, ymin = xy.min(axis=0)
    xmax, ymax = xy.max(axis=0)
    span = max(xmax - xmin, ymax - ymin) or 1.0
    pad = 0.06 * span
    scale = (size - 2) / (span + 2 * pad)
    w = (xmax - xmin + 2 * pad) * scale
    h = (ymax - ymin + 2 * pad) * scale
    px = np.column_stack([(xy[:, 0] - xmin + pad) * scale, (ymax - xy[:, 1] + pad) * scale])

    def P(v):
        return px[v]

    half, r_max = _clearances(t, px) if targets else (HIT_WIDTH / 2, float("inf"))
    owner = owners
    eligible = set(eligible)
    tgt = _no_target
    if targets:
        from negenlab.core.svg import target

        tgt = target
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" viewBox="0 0 {w:.1f} {h:.1f}">']
    for f, face in enumerate(t.face_nodes):
        pts = " ".join(f"{P(v)[0]:.1f},{P(v)[1]:.1f}" for v in face)
        o = owner["faces"][f] if owner else -1
        fill = LIGHT[o] if o >= 0 else ("#bfe8bf" if f in eligible else "#f2f2f2")
        extra = ' stroke-dasharray="4,3" stroke="#2a2" stroke-width="2.5"' if f in eligible else ""
        parts.append(f'<polygon points="{pts}" fill="{fill}"{extra}{tgt("face", f)}><title>face {f}</title></polygon>')
    for j, (a, b) in enumerate(t.edges):
        (x1, y1), (x2, y2) = P(a), P(b)
        o = owner["edges"][j] if owner else -1
        col = COLOURS[o] if o >= 0 else "#888"
        wd = min(4.0, 2 * half) if o >= 0 else 1.2
        line = f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
        title = f"<title>edge {j} ({a}-{b})</title>"
        if targets:
            parts.append(f'{line} stroke="{col}" stroke-width="{wd:.1f}" pointer-events="none"/>')
            parts.append(
                f'<polygon points="{_band(P(a), P(b), half)}" fill="transparent" stroke-width="1.5"'
                f"{tgt('edge', j)}>{title}</polygon>"
            )
        else:
            parts.append(f'{line} stroke="{col}" stroke-width="{wd:.1f}">{title}</line>')
    r = min(max(2.5, min(7.0, 0.08 * scale)), r_max)
    for v in range(t.num_nodes):
        x, y = P(v)
        o = owner["nodes"][v] if owner else -1
        col = COLOURS[o] if o >= 0 else "#fff"
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{col}" stroke="#333" '
            f'stroke-width="0.8"{tgt("node", v)}><title>node {v}</title></circle>'
        )
        if labels:
            parts.append(f'<text x="{x + r:.1f}" y="{y - r:.1f}" font-size="9" pointer-events="none">{v}</text>')
    parts.append(f"<title>{html.escape(t.name)}</title></svg>")
    return "".join(parts)
