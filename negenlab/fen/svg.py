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
LAST_COLOUR = "#ff7f0e"  # orange rings: the last move
_HATCHES = (
    "<defs>"
    + "".join(
        f'<pattern id="fen-hatch-{c}" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<line x1="0" y1="0" x2="0" y2="7" stroke="{COLOURS[c]}" stroke-width="2.5" opacity="0.55"/></pattern>'
        for c in (0, 1)
    )
    + "</defs>"
)


def _counts_label(pts: np.ndarray, p) -> str:
    """Red's and blue's tiles over the k needed, at the face's centre, when the face has room."""
    cx, cy = pts.mean(axis=0)
    room = min(_segment_distance((cx, cy), pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))
    size = min(11.0, room * 0.62)
    if size < 6.5:
        return ""
    return (
        f'<text x="{cx:.1f}" y="{cy + size * 0.35:.1f}" font-size="{size:.1f}" text-anchor="middle" '
        f'font-family="sans-serif" pointer-events="none"><tspan fill="{COLOURS[0]}">{p.held[0]}</tspan>'
        f'<tspan fill="#666">·</tspan><tspan fill="{COLOURS[1]}">{p.held[1]}</tspan>'
        f'<tspan fill="#666">/{p.sides}</tspan></text>'
    )


def marks_legend(you: int | None) -> str:
    """One line of HTML saying what the marks of :func:`board_svg` (with ``progress``) mean.

    >>> "hatched" in marks_legend(0)
    True
    """
    other = "the other colour" if you is None else COLOUR_NAMES[1 - you]
    yours = (
        ""
        if you is None
        else '<span style="border:2px dashed #2a2;background:#bfe8bf;padding:0 4px">green, dashed</span> '
        "you can capture it now · "
    )
    return (
        f'<div class="nl-legend" style="font-size:12px;line-height:1.8">{yours}'
        f'<span style="background:repeating-linear-gradient(45deg,#fff 0 3px,#9bbbd9 3px 6px);padding:0 4px">'
        f"hatched</span> {other} can capture it on its next turn · "
        f'<span style="color:{COLOURS[0]}">red</span>·<span style="color:{COLOURS[1]}">blue</span>/k: '
        "each colour's tiles on a face of k sides (k take it) · "
        f'<span style="border:2px solid {LAST_COLOUR};padding:0 4px">orange</span> the last move</div>'
    )


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
    progress=None,
    you: int | None = None,
    last=None,
    names=None,
) -> str:
    """The board ``t`` (a Tessellation), coloured by ``owners`` (``FenState.owners()``: the owner
    colour, -1 empty, of every node, edge and face; None: an empty board).

    ``eligible``: faces to mark as capturable (``FenState.eligible_faces()``);
    ``targets``: make nodes, edges and faces click targets (see the module docstring);
    ``progress``: one record per face with ``held`` (red's and blue's tiles on it), ``sides``,
    ``capturable`` (by red, by blue) and ``text()`` (:func:`negenlab.fen.threats.face_progress`):
    each face then shows both counts (red/blue over the k needed) and says them on hover, and faces a
    colour may capture next are marked: ``you``'s in green, dashed, the other colour's hatched in
    its colour (both colours hatched when ``you`` is None); ``last``: ``{"nodes", "edges", "faces"}``
    of the last move, ringed in orange; ``names``: a name per face (:func:`negenlab.fen.threats.face_names`)
    added to the hover text after the counts.

    >>> from negenlab.fen import FenGame, tilings
    >>> from negenlab.fen.threats import face_names, face_progress
    >>> s = FenGame(tilings.triangle(3)).new_initial_state(); s.apply(4)
    >>> t = s.game.tessellation
    >>> svg = board_svg(t, s.owners(), progress=face_progress(s), you=1, last={"nodes": [4]}, names=face_names(t))
    >>> "<title>red 1/3, blue 0/3 — the leftmost triangle in the bottom row</title>" in svg, LAST_COLOUR in svg
    (True, True)
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
    last = last or {}
    if progress is not None:
        eligible = {p.face for p in progress if you is not None and p.capturable[you]}
        parts.append(_HATCHES)
    overlays, counts, rings = [], [], []
    for f, face in enumerate(t.face_nodes):
        pts = " ".join(f"{P(v)[0]:.1f},{P(v)[1]:.1f}" for v in face)
        o = owner["faces"][f] if owner else -1
        fill = LIGHT[o] if o >= 0 else ("#bfe8bf" if f in eligible else "#f2f2f2")
        extra = ' stroke-dasharray="4,3" stroke="#2a2" stroke-width="2.5"' if f in eligible else ""
        title = progress[f].text() if progress is not None else f"face {f}"
        if names is not None:
            title += f" — {names[f]}"
        parts.append(
            f'<polygon points="{pts}" fill="{fill}"{extra}{tgt("face", f)}><title>{html.escape(title)}</title></polygon>'
        )
        if progress is not None and o < 0:
            p = progress[f]
            for c in (0, 1):
                if p.capturable[c] and c != you:
                    overlays.append(f'<polygon points="{pts}" fill="url(#fen-hatch-{c})" pointer-events="none"/>')
            counts.append(_counts_label(px[list(face)], p))
        if f in last.get("faces", ()):  # drawn over the edges, at the end
            rings.append(
                f'<polygon points="{pts}" fill="none" stroke="{LAST_COLOUR}" stroke-width="3.5" '
                f'stroke-dasharray="7,4" pointer-events="none"/>'
            )
    parts += overlays + counts
    for j, (a, b) in enumerate(t.edges):
        (x1, y1), (x2, y2) = P(a), P(b)
        o = owner["edges"][j] if owner else -1
        col = COLOURS[o] if o >= 0 else "#888"
        wd = min(4.0, 2 * half) if o >= 0 else 1.2
        line = f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
        title = "<title>an edge</title>" if progress is not None else f"<title>edge {j} ({a}-{b})</title>"
        if j in last.get("edges", ()):
            parts.append(
                f'{line} stroke="{LAST_COLOUR}" stroke-width="{2 * half + 2:.1f}" opacity="0.6" pointer-events="none"/>'
            )
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
        if v in last.get("nodes", ()):
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r + 3.5:.1f}" fill="none" stroke="{LAST_COLOUR}" '
                f'stroke-width="2.5" pointer-events="none"/>'
            )
        node_title = "a node" if progress is not None else f"node {v}"
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{col}" stroke="#333" '
            f'stroke-width="0.8"{tgt("node", v)}><title>{node_title}</title></circle>'
        )
        if labels:
            parts.append(f'<text x="{x + r:.1f}" y="{y - r:.1f}" font-size="9" pointer-events="none">{v}</text>')
    parts += rings
    parts.append(f"<title>{html.escape(t.name)}</title></svg>")
    return "".join(parts)
