"""Board generators: the standard FEN boards and the 11 Archimedean tilings clipped to a region.

- :func:`triangle` (side s: s*s triangles; side 7 is the standard board),
  :func:`square` (w x h squares), :func:`hexagon` (hexagons within ``radius`` rings of a
  centre hexagon: 1, 7, 19, 37, ... faces);
- :func:`archimedean` (any of the 11 vertex-transitive edge-to-edge tilings by regular
  polygons, by vertex configuration such as ``"4.8.8"``), clipped to exactly ``faces``
  faces: the faces nearest a centre, grown one at a time by breadth-first search over
  face adjacency ordered by distance, so the board is always connected.

Each Archimedean tiling is given by its two lattice vectors and the regular polygons of one
unit cell (centre, number of sides, angle of the first corner); the corners of a patch of
translated cells are the nodes, sides of length 1 are the edges, and the faces are read
off the planar drawing and kept only when they are regular polygons of side 1.

>>> from negenlab.fen import tilings
>>> b = tilings.archimedean("4.8.8", faces=25)
>>> b.num_faces
25
>>> sorted(set(len(f) for f in b.face_nodes))
[4, 8]
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence

import numpy as np

from .tessellation import FACES_WHY, MAX_FACES, BoardError, Tessellation, _signed_area, _trace_faces

SQ3 = math.sqrt(3.0)
H = SQ3 / 2
DEFAULT_FACES = 37


def triangle(side: int = 7) -> Tessellation:
    """Triangular board of ``side`` (side*side unit triangles); side 7 is FEN's standard board.

    >>> t = triangle(7)
    >>> t.num_faces, t.num_nodes, t.num_edges
    (49, 36, 84)
    """
    side = _positive_int(side, "side")
    _check_faces(side * side, f"triangle side {side}")
    idx = {}
    coords: list[tuple[float, float]] = []
    for j in range(side + 1):
        for i in range(side + 1 - j):
            idx[(i, j)] = len(coords)
            coords.append((i + j / 2, j * H))
    faces = []
    for j in range(side):
        for i in range(side - j):
            faces.append((idx[(i, j)], idx[(i + 1, j)], idx[(i, j + 1)]))
            if i + j <= side - 2:
                faces.append((idx[(i + 1, j)], idx[(i + 1, j + 1)], idx[(i, j + 1)]))
    return Tessellation(np.array(coords), faces, name=f"triangle side {side}", check_geometry=False)


def square(width: int = 5, height: int | None = None) -> Tessellation:
    """Rectangular board of ``width`` x ``height`` unit squares (height defaults to width).

    >>> square(3, 5).num_faces
    15
    """
    width = _positive_int(width, "width")
    height = width if height is None else _positive_int(height, "height")
    _check_faces(width * height, f"square {width}x{height}")
    coords = [(x, y) for y in range(height + 1) for x in range(width + 1)]

    def node(x, y):
        return y * (width + 1) + x

    faces = [
        (node(x, y), node(x + 1, y), node(x + 1, y + 1), node(x, y + 1)) for y in range(height) for x in range(width)
    ]
    return Tessellation(np.array(coords, dtype=float), faces, name=f"square {width}x{height}", check_geometry=False)


def hexagon(radius: int = 2) -> Tessellation:
    """Hexagonal board: the hexagons within ``radius`` steps of a centre hexagon (3r(r+1)+1 faces).

    >>> hexagon(1).num_faces, hexagon(2).num_faces
    (7, 19)
    """
    if isinstance(radius, bool) or not isinstance(radius, (int, np.integer)) or radius < 0:
        raise BoardError(f"radius must be an integer >= 0, got {radius!r}")
    radius = int(radius)
    _check_faces(3 * radius * (radius + 1) + 1, f"hexagon radius {radius}")
    polys = []
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            cx, cy = SQ3 * (q + r / 2), 1.5 * r
            polys.append(
                [(cx + math.cos(math.radians(30 + 60 * k)), cy + math.sin(math.radians(30 + 60 * k))) for k in range(6)]
            )
    t = Tessellation.from_polygons(polys, tolerance=1e-6, name=f"hexagon radius {radius}")
    return t


def _check_faces(faces: int, what: str) -> None:
    """Refuse a board beyond :data:`~negenlab.fen.tessellation.MAX_FACES` before building it."""
    if faces > MAX_FACES:
        raise BoardError(f"{what} has {faces} faces; a board has at most {MAX_FACES} ({FACES_WHY})")


def _positive_int(v, name) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
        raise BoardError(f"{name} must be an integer >= 1, got {v!r}")
    return int(v)


# ---------------------------------------------------------------------------------------------
# Archimedean tilings: lattice + the regular polygons of one unit cell (edge length 1)


def _rot(v, deg):
    a = math.radians(deg)
    return (v[0] * math.cos(a) - v[1] * math.sin(a), v[0] * math.sin(a) + v[1] * math.cos(a))


def _tri_lattice(d):
    return (d, 0.0), (d / 2, d * H)


def _spec_tables():
    specs = {}
    # regular tilings
    specs["3.3.3.3.3.3"] = ((1.0, 0.0), (0.5, H), [(3, (0.5, H / 3), 90.0), (3, (1.0, 2 * H / 3), 30.0)])
    specs["4.4.4.4"] = ((1.0, 0.0), (0.0, 1.0), [(4, (0.0, 0.0), 45.0)])
    specs["6.6.6"] = ((SQ3, 0.0), (SQ3 / 2, 1.5), [(6, (0.0, 0.0), 30.0)])
    # 3.6.3.6 trihexagonal: hexagons on a lattice of spacing 2, triangles in the holes
    a1, a2 = _tri_lattice(2.0)
    specs["3.6.3.6"] = (a1, a2, [(6, (0.0, 0.0), 0.0)])
    # 3.12.12 truncated hexagonal
    d = 2 + SQ3
    a1, a2 = _tri_lattice(d)
    specs["3.12.12"] = (a1, a2, [(12, (0.0, 0.0), 15.0)])
    # 4.6.12 truncated trihexagonal
    d = 3 + SQ3
    a1, a2 = _tri_lattice(d)
    specs["4.6.12"] = (a1, a2, [(12, (0.0, 0.0), 15.0)])
    # 3.4.6.4 rhombitrihexagonal
    d = 1 + SQ3
    a1, a2 = _tri_lattice(d)
    specs["3.4.6.4"] = (a1, a2, [(6, (0.0, 0.0), 30.0)])
    # 4.8.8 truncated square
    d = 1 + math.sqrt(2)
    specs["4.8.8"] = ((d, 0.0), (0.0, d), [(8, (0.0, 0.0), 22.5)])
    # 3.3.3.4.4 elongated triangular: rows of squares and of triangles
    specs["3.3.3.4.4"] = ((1.0, 0.0), (0.5, 1 + H), [(4, (0.5, 0.5), 45.0)])
    # 3.3.4.3.4 snub square: two squares per cell, turned +-15 degrees
    d = math.sqrt(2 + SQ3)
    specs["3.3.4.3.4"] = ((d, 0.0), (0.0, d), [(4, (0.0, 0.0), 60.0), (4, (d / 2, d / 2), 30.0)])
    # 3.3.3.3.6 snub hexagonal: the triangular lattice with an index-7 sublattice of points
    # removed; each removed point becomes a hexagon
    e1, e2 = (1.0, 0.0), (0.5, H)
    A1 = (2 * e1[0] + e2[0], 2 * e1[1] + e2[1])
    A2 = (-e1[0] + 3 * e2[0], -e1[1] + 3 * e2[1])
    specs["3.3.3.3.6"] = (A1, A2, [(6, (0.0, 0.0), 0.0)])
    return specs


ARCHIMEDEAN_SPECS = _spec_tables()
ARCHIMEDEAN = tuple(ARCHIMEDEAN_SPECS)
ALIASES = {
    "3^6": "3.3.3.3.3.3",
    "triangular": "3.3.3.3.3.3",
    "4^4": "4.4.4.4",
    "square": "4.4.4.4",
    "6^3": "6.6.6",
    "hexagonal": "6.6.6",
    "trihexagonal": "3.6.3.6",
    "kagome": "3.6.3.6",
    "truncated hexagonal": "3.12.12",
    "truncated trihexagonal": "4.6.12",
    "rhombitrihexagonal": "3.4.6.4",
    "truncated square": "4.8.8",
    "elongated triangular": "3.3.3.4.4",
    "snub square": "3.3.4.3.4",
    "snub hexagonal": "3.3.3.3.6",
    "3^4.6": "3.3.3.3.6",
    "3^3.4^2": "3.3.3.4.4",
    "3^2.4.3.4": "3.3.4.3.4",
    "3.12^2": "3.12.12",
    "4.8^2": "4.8.8",
    "(3.6)^2": "3.6.3.6",
}
# the order a corner's faces appear in (up to rotation and reflection), for checks
EXPECTED_CONFIG = {name: tuple(int(k) for k in name.split(".")) for name in ARCHIMEDEAN}


def canonical_name(name: str) -> str:
    key = str(name).strip().lower()
    if key in ARCHIMEDEAN_SPECS:
        return key
    if key in ALIASES:
        return ALIASES[key]
    raise BoardError(
        f"unknown Archimedean tiling {name!r}; expected one of {', '.join(ARCHIMEDEAN)} "
        f"(or a common name such as 'snub square')"
    )


def _regular(n, centre, phase_deg):
    R = 1 / (2 * math.sin(math.pi / n))
    return [
        (
            centre[0] + R * math.cos(math.radians(phase_deg + 360 * k / n)),
            centre[1] + R * math.sin(math.radians(phase_deg + 360 * k / n)),
        )
        for k in range(n)
    ]


def _unit_distance_pairs(P: np.ndarray, tol: float = 1e-6) -> np.ndarray:
    """Index pairs ``(i, j)``, i < j, of points at distance 1 (within ``tol``), via a grid of buckets."""
    size = 1.01  # a bucket wider than the longest distance sought: partners lie in adjacent buckets
    keys = np.floor(P / size).astype(np.int64)
    buckets: dict[tuple[int, int], list[int]] = {}
    for i, key in enumerate(map(tuple, keys.tolist())):
        buckets.setdefault(key, []).append(i)
    out: list[tuple[int, int]] = []
    for (bx, by), members in buckets.items():
        cand = np.array([j for dx in (-1, 0, 1) for dy in (-1, 0, 1) for j in buckets.get((bx + dx, by + dy), ())])
        for i in members:
            d = np.hypot(P[cand, 0] - P[i, 0], P[cand, 1] - P[i, 1])
            out.extend((i, int(j)) for j in cand[np.abs(d - 1) <= tol] if i < j)
    return np.array(sorted(out), dtype=np.int64).reshape(-1, 2)


def _regular_faces_in_disc(name: str, radius: float):
    """Nodes, and the regular unit-side faces, of a patch of the tiling covering a disc."""
    a1, a2, seeds = ARCHIMEDEAN_SPECS[name]
    cell = max(math.hypot(*a1), math.hypot(*a2))
    m = (
        int(
            math.ceil(
                (radius + 2 * cell)
                / min(
                    abs(a1[0] * a2[1] - a1[1] * a2[0]) / math.hypot(*a1),
                    abs(a1[0] * a2[1] - a1[1] * a2[0]) / math.hypot(*a2),
                )
            )
        )
        + 1
    )
    pts = []
    for i in range(-m, m + 1):
        for j in range(-m, m + 1):
            ox, oy = i * a1[0] + j * a2[0], i * a1[1] + j * a2[1]
            if math.hypot(ox, oy) > radius + 2 * cell:
                continue
            for n, c, ph in seeds:
                pts.extend(_regular(n, (c[0] + ox, c[1] + oy), ph))
    P = np.array(pts)
    # merge coincident corners
    key = np.round(P * 1e6).astype(np.int64)
    _, first, inverse = np.unique(key, axis=0, return_index=True, return_inverse=True)
    P = P[first]
    pairs = _unit_distance_pairs(P)
    nbrs: dict[int, list[int]] = {v: [] for v in range(len(P))}
    for a, b in pairs.tolist():
        nbrs[a].append(b)
        nbrs[b].append(a)
    for v, ns in nbrs.items():
        ns.sort(key=lambda w: math.atan2(P[w][1] - P[v][1], P[w][0] - P[v][0]))
    nbrs = {v: ns for v, ns in nbrs.items() if ns}
    faces = []
    for f in _trace_faces(nbrs, P):
        k = len(f)
        if k not in (3, 4, 6, 8, 12) or len(set(f)) != k:
            continue
        area = _signed_area(P[f])
        regular_area = k / (4 * math.tan(math.pi / k))
        if abs(area - regular_area) > 1e-6:
            continue
        faces.append(f)
    return P, faces


def archimedean(name: str, faces: int = DEFAULT_FACES, centre: Sequence[float] | str = "face") -> Tessellation:
    """An Archimedean (or regular) tiling clipped to exactly ``faces`` faces around a centre.

    ``name`` is a vertex configuration (``"3.3.4.3.4"``, ``"4.8.8"``, ``"3.3.3.3.3.3"`` ...) or a
    common name (``"snub square"``). ``centre`` is ``"face"`` (the centre of a largest face of
    the unit cell, the default), ``"vertex"`` (a corner) or a point ``(x, y)``. Faces are taken
    by distance of their centroid from the centre, growing a connected region one face at a time
    (ties broken by angle), so the board is connected and has exactly ``faces`` faces; an even
    count is allowed with the usual warning.

    >>> b = archimedean("3.3.4.3.4", faces=31)
    >>> b.num_faces, b.name
    (31, '3.3.4.3.4 (31 faces)')
    """
    cname = canonical_name(name)
    faces = _positive_int(faces, "faces")
    _check_faces(faces, f"{cname} ({faces} faces)")
    a1, a2, seeds = ARCHIMEDEAN_SPECS[cname]
    if isinstance(centre, str):
        if centre == "face":
            c = seeds[0][1]
        elif centre == "vertex":
            c = _regular(*seeds[0])[0]
        else:
            raise BoardError(f"centre must be 'face', 'vertex' or a point (x, y), got {centre!r}")
    else:
        try:
            c = (float(centre[0]), float(centre[1]))
        except (TypeError, ValueError, IndexError):
            raise BoardError(f"centre must be 'face', 'vertex' or a point (x, y), got {centre!r}") from None
    cx, cy = c
    cell_area = abs(a1[0] * a2[1] - a1[1] * a2[0])
    per_cell = sum(1 for _ in seeds)
    radius = math.sqrt(faces * cell_area / max(per_cell, 1) / math.pi) * 1.6 + 4.0
    for _attempt in range(6):
        P, all_faces = _regular_faces_in_disc(cname, radius + math.hypot(cx, cy))
        chosen = _grow(P, all_faces, (cx, cy), faces, radius)
        if chosen is not None:
            break
        radius *= 1.6
    else:  # pragma: no cover - the patch always grows large enough
        raise BoardError(f"could not build {faces} faces of {cname}")
    used = sorted({v for f in chosen for v in f})
    remap = {v: i for i, v in enumerate(used)}
    coords = P[used] - np.array([cx, cy])
    board_faces = [[remap[v] for v in f] for f in chosen]
    return Tessellation(coords, board_faces, name=f"{cname} ({faces} faces)", check_geometry=True)


def _grow(P, faces, centre, count, radius):
    cen = np.array([P[f].mean(axis=0) for f in faces]) - np.array(centre)
    dist = np.round(np.hypot(cen[:, 0], cen[:, 1]), 9)
    ang = np.round(np.mod(np.arctan2(cen[:, 1], cen[:, 0]), 2 * math.pi), 9)
    edge_faces: dict[tuple[int, int], list[int]] = {}
    for fi, f in enumerate(faces):
        for i in range(len(f)):
            a, b = f[i], f[(i + 1) % len(f)]
            edge_faces.setdefault((min(a, b), max(a, b)), []).append(fi)
    adj = [set() for _ in faces]
    for fs in edge_faces.values():
        if len(fs) == 2:
            adj[fs[0]].add(fs[1])
            adj[fs[1]].add(fs[0])
    start = int(np.lexsort((ang, dist))[0])
    heap = [(dist[start], ang[start], start)]
    chosen, inq = [], {start}
    while heap and len(chosen) < count:
        d, _, f = heapq.heappop(heap)
        if d > radius:  # too close to the rim of the patch: the caller makes a bigger one
            return None
        chosen.append(f)
        for g in adj[f]:
            if g not in inq:
                inq.add(g)
                heapq.heappush(heap, (dist[g], ang[g], g))
    if len(chosen) < count:
        return None
    return [faces[f] for f in chosen]
