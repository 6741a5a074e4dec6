"""Tessellations: the boards FEN is played on.

A :class:`Tessellation` is a finite set of polygonal *faces*; each face is a cyclic list
of *node* indices (counter-clockwise when coordinates are known); an *edge* is a pair of
consecutive nodes of a face. Incidence is stored both ways (face -> nodes/edges,
node/edge -> faces) and every node has coordinates for drawing.

Boards are checked when they are built, with errors that say what is wrong and where:
faces with fewer than 3 nodes, repeated nodes, self-intersecting or overlapping polygons,
an edge in more than two faces, a non-planar graph, a disconnected board. Nothing is
repaired silently. An even number of faces is allowed but gives a warning (two players
can then tie on faces).

>>> from negenlab.fen import Tessellation
>>> t = Tessellation.from_polygons([[(0, 0), (1, 0), (0, 1)], [(1, 0), (1, 1), (0, 1)],
...                                 [(1, 0), (2, 0), (1, 1)]])
>>> t.num_faces, t.num_nodes, t.num_edges
(3, 5, 7)
>>> t.face_nodes[1]
(1, 3, 2)
"""

from __future__ import annotations

import json
import math
import os
import sys
import warnings
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from negenlab.core.checks import is_whole, real_number
from negenlab.core.errors import InvalidInputError
from negenlab.core.files import check_outputs, write_atomic

SCHEMA = "negenlab-fen-board"
SCHEMA_VERSION = 1

JSON_SCHEMA_DOC = """\
A board file is one JSON object:

    {"format": "negenlab-fen-board",      # required, exactly this string
     "version": 1,                        # required
     "name": "triangle side 3",           # optional
     "nodes": [[x, y], ...],              # required: node coordinates (numbers)
     "faces": [[i, j, k, ...], ...]}      # required: each face a cyclic list of node indices

or, instead of "nodes" + "faces", "polygons": [[[x, y], ...], ...] (corners shared
between polygons are snapped together within "tolerance", default 1e-6). Errors name the
path of the bad field, e.g. ``faces[3][1]``.
"""


MAX_FACES = 10_000
"""The most faces of a board (FEN's standard board has 49). A board is built and checked whole; at
10,000 faces that takes 2 s for triangles and squares and up to a minute for checked polygons."""
MAX_NODES = 100_000
MAX_FACE_SIDES = 1_000
"""The most corners of one face (the tilings' largest faces have 12)."""
MAX_CORNERS = 200_000
"""The most corners of all faces together (10,000 faces of 12 sides have 120,000)."""
MAX_COORDINATE = 1e9
"""Corners of polygons lie within this distance of the origin on each axis (they are snapped to
a grid of the tolerance, 1e-12..1)."""
MAX_BOARD_BYTES = 16 * 2**20
"""The largest board file or JSON text read (16 MiB)."""
FACES_WHY = "a board is built and checked whole: 10,000 faces take up to a minute; FEN's standard board has 49"


class BoardError(InvalidInputError):
    """A board that is not a valid FEN tessellation (the message says what and where)."""


class BoardWarning(UserWarning):
    """A board that is valid but unusual (for example an even number of faces)."""


# ---------------------------------------------------------------------------------------------
# geometry helpers


def _signed_area(pts: np.ndarray) -> float:
    x, y = pts[:, 0], pts[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _segments_cross(p1, p2, q1, q2, eps: float) -> bool:
    """True when the segments meet anywhere except at shared endpoints (touching counts)."""
    d1 = _orient(q1, q2, p1)
    d2 = _orient(q1, q2, p2)
    d3 = _orient(p1, p2, q1)
    d4 = _orient(p1, p2, q2)
    if ((d1 > eps and d2 < -eps) or (d1 < -eps and d2 > eps)) and (
        (d3 > eps and d4 < -eps) or (d3 < -eps and d4 > eps)
    ):
        return True
    return False


def _self_crossing(P: np.ndarray, eps: float = 1e-9):
    """The first pair of non-adjacent sides of a polygon that cross, or None."""
    k = len(P)
    for i in range(k):
        for j in range(i + 2, k):
            if i == 0 and j == k - 1:
                continue
            if _segments_cross(P[i], P[(i + 1) % k], P[j], P[(j + 1) % k], eps):
                return (i, j)
    return None


def _point_in_polygon(pt, poly: np.ndarray, eps: float) -> bool:
    """Strictly inside (points within eps of the boundary are not inside)."""
    x, y = pt
    n = len(poly)
    inside = False
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        # on the boundary?
        dx, dy = bx - ax, by - ay
        seg2 = dx * dx + dy * dy
        t = ((x - ax) * dx + (y - ay) * dy) / seg2 if seg2 else 0.0
        t = min(1.0, max(0.0, t))
        px, py = ax + t * dx - x, ay + t * dy - y
        if px * px + py * py <= eps * eps:
            return False
        if (ay > y) != (by > y):
            xi = ax + (y - ay) * (bx - ax) / (by - ay)
            if xi > x:
                inside = not inside
    return inside


def _face_nodes(fi: int, face: Any) -> tuple[int, ...]:
    """Face ``fi`` as a tuple of node indices: whole numbers (never a float or a bool, which
    would be truncated or read as 0/1 silently), at most :data:`MAX_FACE_SIDES` of them."""
    if isinstance(face, (str, bytes)) or not isinstance(face, Sequence | np.ndarray):
        raise BoardError(f"face {fi} must be a list of node indices, got {face!r}")
    if len(face) > MAX_FACE_SIDES:
        raise BoardError(f"face {fi} has {len(face)} corners; a face has at most {MAX_FACE_SIDES}")
    for k, v in enumerate(face):
        if not is_whole(v):
            raise BoardError(f"face {fi} corner {k} must be a node index (a whole number), got {v!r}")
    return tuple(int(v) for v in face)


def _point(p: Any) -> tuple[float, float]:
    """An (x, y) pair of numbers (not bools, not text), or ValueError."""
    if isinstance(p, (str, bytes)) or len(p) != 2:
        raise ValueError
    for c in p:
        if isinstance(c, (bool, np.bool_)) or not isinstance(c, (int, float, np.integer, np.floating)):
            raise ValueError
    return (float(p[0]), float(p[1]))


def _exists(name: str) -> bool:
    """Whether ``name`` is an existing path (a name too long or holding a NUL byte is not)."""
    try:
        return Path(name).exists()
    except (OSError, ValueError):
        return False


def _read_board_file(path: Path) -> str:
    """A board file's text: a missing, folder, oversized or non-UTF-8 file is a :class:`BoardError`."""
    if not path.exists():
        raise BoardError(f"board file {str(path)!r} does not exist")
    if path.is_dir():
        raise BoardError(f"board file {str(path)!r} is a folder, expected a JSON file")
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BOARD_BYTES + 1)
    except OSError as exc:
        raise BoardError(f"board file {str(path)!r} cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_BOARD_BYTES:
        raise BoardError(f"board file {str(path)!r} is larger than {MAX_BOARD_BYTES // 2**20} MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BoardError(f"board file {str(path)!r} is not UTF-8 text") from None


# ---------------------------------------------------------------------------------------------


class Tessellation:
    """A FEN board: faces as cyclic node lists, with edges, incidence and coordinates.

    Build one with :meth:`from_polygons`, :meth:`from_graph`, :meth:`from_json` or a
    generator in :mod:`negenlab.fen.tilings`; the constructor takes node coordinates and
    faces (node index lists) directly and validates them.

    >>> from negenlab.fen import tilings
    >>> t = tilings.triangle(7)
    >>> (t.num_faces, t.num_nodes, t.num_edges)
    (49, 36, 84)
    >>> len(t.boundary_nodes), len(t.interior_edges)
    (21, 63)
    """

    def __init__(
        self,
        coords: Any,
        faces: Sequence[Sequence[int]],
        name: str = "board",
        check_geometry: bool = True,
        warn: bool = True,
    ):
        try:
            coords = np.asarray(coords, dtype=float)
        except (TypeError, ValueError):
            raise BoardError("coords must be numbers, an array of shape (nodes, 2)") from None
        if coords.ndim != 2 or coords.shape[1] != 2:
            raise BoardError(f"coords must be an array of shape (nodes, 2), got shape {coords.shape}")
        if len(coords) > MAX_NODES:
            raise BoardError(f"a board has at most {MAX_NODES} nodes, got {len(coords)} ({FACES_WHY})")
        if not np.all(np.isfinite(coords)):
            bad = int(np.argwhere(~np.isfinite(coords))[0][0])
            raise BoardError(f"node {bad} has a non-finite coordinate {coords[bad].tolist()}")
        self.name = str(name)
        self.coords = coords
        V = len(coords)
        faces_t: list[tuple[int, ...]] = []
        corners = 0
        for fi, face in enumerate(faces):
            face = _face_nodes(fi, face)
            corners += len(face)
            if fi >= MAX_FACES:
                raise BoardError(f"a board has at most {MAX_FACES} faces, got more ({FACES_WHY})")
            if corners > MAX_CORNERS:
                raise BoardError(f"a board's faces have at most {MAX_CORNERS} corners in all, got more ({FACES_WHY})")
            if len(face) < 3:
                raise BoardError(f"face {fi} has {len(face)} nodes {list(face)}; a face needs at least 3")
            for v in face:
                if not 0 <= v < V:
                    raise BoardError(f"face {fi} names node {v}, but nodes are numbered 0..{V - 1}")
            dup = [v for v, c in Counter(face).items() if c > 1]
            if dup:
                raise BoardError(f"face {fi} visits node {dup[0]} twice ({list(face)}); a face is a simple cycle")
            faces_t.append(face)
        if not faces_t:
            raise BoardError("a board needs at least one face, got none")
        # orient counter-clockwise (a convention, not a repair: the cycle is the same)
        if check_geometry:
            for fi, face in enumerate(faces_t):
                cross = _self_crossing(coords[list(face)])
                if cross:
                    raise BoardError(f"face {fi} is self-intersecting: its sides {cross[0]} and {cross[1]} cross")
                a = _signed_area(coords[list(face)])
                if abs(a) < 1e-12:
                    raise BoardError(f"face {fi} has zero area (its corners {list(face)} are collinear)")
                if a < 0:
                    faces_t[fi] = tuple(reversed(face))
        self.face_nodes: list[tuple[int, ...]] = faces_t
        used = sorted({v for f in faces_t for v in f})
        if len(used) != V:
            unused = sorted(set(range(V)) - set(used))
            raise BoardError(
                f"node {unused[0]} belongs to no face ({len(unused)} unused nodes); "
                f"every node must be a corner of some face"
            )
        # edges
        edge_index: dict[tuple[int, int], int] = {}
        edges: list[tuple[int, int]] = []
        face_edges: list[tuple[int, ...]] = []
        for face in faces_t:
            fe = []
            for i in range(len(face)):
                a, b = face[i], face[(i + 1) % len(face)]
                key = (a, b) if a < b else (b, a)
                j = edge_index.get(key)
                if j is None:
                    j = edge_index[key] = len(edges)
                    edges.append(key)
                fe.append(j)
            face_edges.append(tuple(fe))
        self.edges: list[tuple[int, int]] = edges
        self.edge_index = edge_index
        self.face_edges = face_edges
        node_faces: list[list[int]] = [[] for _ in range(V)]
        edge_faces: list[list[int]] = [[] for _ in edges]
        for fi, face in enumerate(faces_t):
            for v in face:
                node_faces[v].append(fi)
            for j in face_edges[fi]:
                edge_faces[j].append(fi)
        self.node_faces = [tuple(x) for x in node_faces]
        self.edge_faces = [tuple(x) for x in edge_faces]
        for j, fs in enumerate(self.edge_faces):
            if len(fs) > 2:
                raise BoardError(
                    f"edge {edges[j]} is a side of {len(fs)} faces {list(fs)}; an edge can border "
                    f"at most 2 faces (the faces overlap)"
                )
        self.warnings: list[str] = []
        if check_geometry:
            self._check_polygons()
        self._check_planar()
        self._check_connected()
        if self.num_faces % 2 == 0:
            msg = (
                f"board {self.name!r} has {self.num_faces} faces, an even count: two players can tie on faces "
                f"(FEN boards normally have an odd number of faces)"
            )
            self.warnings.append(msg)
            if warn:
                warnings.warn(msg, BoardWarning, stacklevel=2)

    # -- sizes and derived sets ---------------------------------------------------------------
    @property
    def num_faces(self) -> int:
        return len(self.face_nodes)

    @property
    def num_nodes(self) -> int:
        return len(self.coords)

    @property
    def num_edges(self) -> int:
        return len(self.edges)

    @property
    def boundary_edges(self) -> list[int]:
        """Edges that border exactly one face (the outer boundary, and the rim of any hole)."""
        return [j for j, fs in enumerate(self.edge_faces) if len(fs) == 1]

    @property
    def interior_edges(self) -> list[int]:
        return [j for j, fs in enumerate(self.edge_faces) if len(fs) != 1]

    @property
    def boundary_nodes(self) -> list[int]:
        """Nodes on a boundary edge."""
        s: set[int] = set()
        for j in self.boundary_edges:
            s.update(self.edges[j])
        return sorted(s)

    @property
    def interior_nodes(self) -> list[int]:
        b = set(self.boundary_nodes)
        return [v for v in range(self.num_nodes) if v not in b]

    def face_sides(self, f: int) -> int:
        return len(self.face_nodes[f])

    def face_centroids(self) -> np.ndarray:
        return np.array([self.coords[list(f)].mean(axis=0) for f in self.face_nodes])

    def face_adjacency(self) -> list[set[int]]:
        """Faces sharing an edge with each face."""
        adj: list[set[int]] = [set() for _ in self.face_nodes]
        for fs in self.edge_faces:
            if len(fs) == 2:
                a, b = fs
                adj[a].add(b)
                adj[b].add(a)
        return adj

    def vertex_configuration(self, v: int) -> tuple[int, ...]:
        """Sides of the faces around node ``v`` in angular order, rotated to the lexicographically
        smallest reading (either direction), e.g. ``(4, 8, 8)``."""
        c = self.coords[v]
        items = []
        for f in self.node_faces[v]:
            cen = self.coords[list(self.face_nodes[f])].mean(axis=0)
            items.append((math.atan2(cen[1] - c[1], cen[0] - c[0]), len(self.face_nodes[f])))
        seq = [k for _, k in sorted(items)]
        cands = []
        for s in (seq, seq[::-1]):
            for i in range(len(s)):
                cands.append(tuple(s[i:] + s[:i]))
        return min(cands)

    def angle_sum(self, v: int) -> float:
        """Sum (degrees) of the interior angles of the faces at node ``v``."""
        total = 0.0
        for f in self.node_faces[v]:
            face = self.face_nodes[f]
            i = face.index(v)
            a = self.coords[face[i - 1]] - self.coords[v]
            b = self.coords[face[(i + 1) % len(face)]] - self.coords[v]
            # interior angle of a CCW face at v: from the next corner around to the previous one
            ang = math.degrees(math.atan2(b[0] * a[1] - b[1] * a[0], a @ b))
            total += ang % 360.0
        return total

    # -- validation -----------------------------------------------------------------------------
    def _check_connected(self) -> None:
        parent = list(range(self.num_faces))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for fs in self.node_faces:
            for f in fs[1:]:
                ra, rb = find(fs[0]), find(f)
                if ra != rb:
                    parent[ra] = rb
        comps = defaultdict(list)
        for f in range(self.num_faces):
            comps[find(f)].append(f)
        if len(comps) > 1:
            groups = sorted(comps.values(), key=lambda g: g[0])
            raise BoardError(
                f"the board is disconnected: {len(groups)} separate groups of faces, starting at "
                f"faces {[g[0] for g in groups]} (sizes {[len(g) for g in groups]}); faces must be "
                f"linked through shared nodes"
            )

    def graph(self):
        """The node-edge graph as a networkx Graph (node attribute ``pos``)."""
        import networkx as nx

        g = nx.Graph()
        for v in range(self.num_nodes):
            g.add_node(v, pos=tuple(self.coords[v]))
        g.add_edges_from(self.edges)
        return g

    def _check_planar(self) -> None:
        import networkx as nx

        planar, cert = nx.check_planarity(self.graph(), counterexample=True)
        if not planar:
            raise BoardError(
                f"the board's node-edge graph is not planar (a Kuratowski subgraph uses edges "
                f"{sorted(tuple(sorted(e)) for e in cert.edges())[:12]}); a FEN board is a planar "
                f"tessellation"
            )

    def _check_polygons(self, eps: float = 1e-9) -> None:
        coords = self.coords
        polys = [coords[list(f)] for f in self.face_nodes]
        # overlaps between faces: bounding-box prefilter on a grid
        mins = np.array([P.min(axis=0) for P in polys])
        maxs = np.array([P.max(axis=0) for P in polys])
        size = float(np.median(maxs - mins)) or 1.0
        cells: dict[tuple[int, int], list[int]] = defaultdict(list)
        large = []  # faces spanning more than 64 grid cells: paired with every face, not gridded
        for fi in range(len(polys)):
            x0, x1 = int(math.floor(mins[fi, 0] / size)), int(math.floor(maxs[fi, 0] / size))
            y0, y1 = int(math.floor(mins[fi, 1] / size)), int(math.floor(maxs[fi, 1] / size))
            if (x1 - x0 + 1) * (y1 - y0 + 1) > 64:
                large.append(fi)
                continue
            for gx in range(x0, x1 + 1):
                for gy in range(y0, y1 + 1):
                    cells[(gx, gy)].append(fi)
        pairs = set()
        for members in cells.values():
            for a in range(len(members)):
                for b in range(a + 1, len(members)):
                    pairs.add((members[a], members[b]))
        for a in large:
            pairs.update((min(a, b), max(a, b)) for b in range(len(polys)) if b != a)
        # T-junctions: a corner lying inside a side of another face (that face must list it as a corner)
        for fi, face in enumerate(self.face_nodes):
            P = polys[fi]
            k = len(P)
            lo, hi = mins[fi] - 1e-9, maxs[fi] + 1e-9
            near = np.where(np.all((coords >= lo) & (coords <= hi), axis=1))[0]
            corners = set(face)
            for v in near.tolist():
                if v in corners:
                    continue
                x = coords[v]
                for i in range(k):
                    a, b = P[i], P[(i + 1) % k]
                    d = b - a
                    L2 = float(d @ d)
                    t = float((x - a) @ d) / L2
                    if 1e-9 < t < 1 - 1e-9:
                        off = a + t * d - x
                        if float(off @ off) <= (1e-7) ** 2 * max(L2, 1.0):
                            raise BoardError(
                                f"node {v} at {tuple(np.round(x, 6).tolist())} lies on side {i} of face {fi} "
                                f"(between its corners {face[i]} and {face[(i + 1) % k]}) without being one of its "
                                f"corners (a T-junction); list it as a corner of face {fi}, which then has "
                                f"{k + 1} sides"
                            )
        probes = [self._probe_points(P) for P in polys]
        for a, b in sorted(pairs):
            if np.any(maxs[a] < mins[b] - eps) or np.any(maxs[b] < mins[a] - eps):
                continue
            if set(self.face_nodes[a]) == set(self.face_nodes[b]):
                raise BoardError(f"faces {a} and {b} are the same polygon")
            if self._overlap(polys[a], polys[b], probes[a], probes[b], eps):
                raise BoardError(
                    f"faces {a} and {b} overlap (polygons of a tessellation may only share sides and corners)"
                )

    @staticmethod
    def _probe_points(P: np.ndarray) -> list[np.ndarray]:
        """Points just inside a CCW polygon: near each side's midpoint and inside each convex corner."""
        k = len(P)
        scale = min(float(np.linalg.norm(P[(i + 1) % k] - P[i])) for i in range(k))
        d = 1e-3 * scale
        pts = []
        for i in range(k):
            a, b = P[i], P[(i + 1) % k]
            m = (a + b) / 2
            t = b - a
            nrm = np.array([-t[1], t[0]]) / (np.linalg.norm(t) or 1.0)
            pts.append(m + d * nrm)
        return pts

    @staticmethod
    def _overlap(A, B, probesA, probesB, eps) -> bool:
        ka, kb = len(A), len(B)
        for i in range(ka):
            for j in range(kb):
                if _segments_cross(A[i], A[(i + 1) % ka], B[j], B[(j + 1) % kb], eps):
                    return True
        # a corner of one strictly inside the other, then a point just inside one side of one inside the other
        checks = ((A, B, 1e-7), (B, A, 1e-7), (probesA, B, 1e-9), (probesB, A, 1e-9))
        return any(_point_in_polygon(p, poly, tol) for points, poly, tol in checks for p in points)

    # -- constructors ---------------------------------------------------------------------------
    @classmethod
    def from_polygons(
        cls,
        polygons: Iterable[Sequence[Sequence[float]]],
        tolerance: float = 1e-6,
        name: str = "polygons",
        warn: bool = True,
    ) -> Tessellation:
        """Build a board from polygons given by corner coordinates.

        Corners closer than ``tolerance`` are the same node. Polygons may be given in either
        orientation; they are stored counter-clockwise.

        >>> sq = Tessellation.from_polygons([[(0, 0), (1, 0), (1, 1), (0, 1)],
        ...                                  [(1, 0), (2, 0), (2, 1), (1, 1)],
        ...                                  [(2, 0), (3, 0), (3, 1), (2, 1)]])
        >>> sq.num_nodes, sq.num_edges
        (8, 10)
        """
        try:
            tolerance = real_number(tolerance, "tolerance", 1e-12, 1.0)
        except InvalidInputError as exc:
            raise BoardError(str(exc)) from None
        nodes: list[tuple[float, float]] = []
        grid: dict[tuple[int, int], list[int]] = defaultdict(list)
        faces = []
        corners = 0
        for pi, poly in enumerate(polygons):
            if pi >= MAX_FACES:
                raise BoardError(f"a board has at most {MAX_FACES} faces, got more polygons ({FACES_WHY})")
            try:
                if len(poly) > MAX_FACE_SIDES:
                    raise BoardError(f"polygon {pi} has {len(poly)} corners; a face has at most {MAX_FACE_SIDES}")
                pts = [_point(p) for p in poly]
            except (TypeError, ValueError, IndexError):
                raise BoardError(f"polygon {pi}: expected a list of (x, y) points, got {poly!r}") from None
            corners += len(pts)
            if corners > MAX_CORNERS:
                raise BoardError(f"a board's faces have at most {MAX_CORNERS} corners in all, got more ({FACES_WHY})")
            if len(pts) < 3:
                raise BoardError(f"polygon {pi} has {len(pts)} corners; a face needs at least 3")
            face = []
            for ci, (x, y) in enumerate(pts):
                if not (math.isfinite(x) and math.isfinite(y)):
                    raise BoardError(f"polygon {pi} corner {ci} is not finite: {(x, y)}")
                if max(abs(x), abs(y)) > MAX_COORDINATE:
                    raise BoardError(
                        f"polygon {pi} corner {ci} is {(x, y)}; corners lie within {MAX_COORDINATE:g} of the origin"
                    )
                gx, gy = int(math.floor(x / tolerance)), int(math.floor(y / tolerance))
                found = None
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        for idx in grid.get((gx + dx, gy + dy), ()):
                            nx_, ny_ = nodes[idx]
                            if (nx_ - x) ** 2 + (ny_ - y) ** 2 <= tolerance * tolerance:
                                found = idx
                                break
                        if found is not None:
                            break
                    if found is not None:
                        break
                if found is None:
                    found = len(nodes)
                    nodes.append((x, y))
                    grid[(gx, gy)].append(found)
                face.append(found)
            if len(set(face)) != len(face):
                for i in range(len(face)):
                    if face[i] == face[(i + 1) % len(face)]:
                        raise BoardError(
                            f"polygon {pi}: corners {i} and {(i + 1) % len(face)} are within "
                            f"tolerance {tolerance} of each other (a side of zero length)"
                        )
                raise BoardError(
                    f"polygon {pi} passes twice through the point {nodes[face[0]]} (it is not a simple polygon)"
                )
            faces.append(face)
        return cls(np.array(nodes, dtype=float).reshape(-1, 2), faces, name=name, warn=warn)

    @classmethod
    def from_graph(cls, graph, pos: dict | None = None, name: str = "graph", warn: bool = True) -> Tessellation:
        """The bounded faces of a planar networkx graph.

        With ``pos`` (or a ``pos`` node attribute) the drawing must be a straight-line planar
        drawing and defines the faces; without it a planar embedding is computed
        (``networkx.check_planarity``) and drawn with ``combinatorial_embedding_to_pos``.

        >>> import networkx as nx
        >>> t = Tessellation.from_graph(nx.grid_2d_graph(3, 2))
        >>> t.num_faces, t.num_nodes
        (2, 6)
        """
        import networkx as nx

        if graph.number_of_nodes() == 0:
            raise BoardError("the graph has no nodes")
        if graph.number_of_nodes() > MAX_NODES:
            raise BoardError(f"a board has at most {MAX_NODES} nodes, got {graph.number_of_nodes()} ({FACES_WHY})")
        if nx.number_of_selfloops(graph):
            raise BoardError(f"the graph has a self-loop at {next(iter(nx.selfloop_edges(graph)))[0]!r}")
        planar, emb = nx.check_planarity(graph, counterexample=True)
        if not planar:
            raise BoardError(
                f"the graph is not planar (a Kuratowski subgraph uses edges {sorted(map(tuple, emb.edges()))[:12]})"
            )
        if not nx.is_connected(graph):
            comps = list(nx.connected_components(graph))
            raise BoardError(f"the graph is disconnected ({len(comps)} components); a board must be connected")
        labels = list(graph.nodes())
        index = {v: i for i, v in enumerate(labels)}
        if pos is None and all("pos" in graph.nodes[v] for v in labels):
            pos = {v: graph.nodes[v]["pos"] for v in labels}
        if pos is None:
            pos = nx.combinatorial_embedding_to_pos(emb)
        missing = [v for v in labels if v not in pos]
        if missing:
            raise BoardError(f"pos has no coordinates for node {missing[0]!r}")
        coords = np.array([[float(pos[v][0]), float(pos[v][1])] for v in labels])
        nbrs = {}
        for v in labels:
            c = coords[index[v]]
            ns = [index[w] for w in graph.neighbors(v)]
            ns.sort(key=lambda w: math.atan2(coords[w][1] - c[1], coords[w][0] - c[0]))
            nbrs[index[v]] = ns
        faces = _trace_faces(nbrs, coords)
        neg = [f for f in faces if _signed_area(coords[f]) <= 0]
        V, E = len(labels), graph.number_of_edges()
        if len(faces) != E - V + 2 or len(neg) != 1:
            raise BoardError(
                "the node positions are not a planar straight-line drawing of the graph "
                "(edges cross); pass planar positions or none"
            )
        bounded = [f for f in faces if _signed_area(coords[f]) > 0]
        if not bounded:
            raise BoardError("the graph has no bounded face (it is a tree)")
        for f in bounded:
            if len(set(f)) != len(f):
                rep = [labels[v] for v, c in Counter(f).items() if c > 1]
                raise BoardError(
                    f"a bounded face passes twice through node {rep[0]!r}: the graph has a bridge or a "
                    f"dangling part there, which is not a side of a polygon"
                )
        outer = neg[0]
        on_outer = set(outer)
        bad_outer = [labels[v] for v, c in Counter(outer).items() if c > 1]
        if bad_outer:
            raise BoardError(
                f"the outer boundary passes twice through node {bad_outer[0]!r}: a bridge, a "
                f"dangling edge or a cut node joins parts of the graph there"
            )
        del on_outer
        return cls(coords, bounded, name=name, warn=warn)

    @classmethod
    def from_json(cls, source: str | os.PathLike | dict, warn: bool = True) -> Tessellation:
        """Read a board from a JSON file path, JSON text, or an already-parsed dict.

        The schema is in ``negenlab.fen.tessellation.JSON_SCHEMA_DOC``; errors name the path
        of the bad field.
        """
        if isinstance(source, dict):
            data = source
            where = "<dict>"
        else:
            text = None
            s = str(source)
            is_json = s.lstrip().startswith(("{", "["))
            if isinstance(source, os.PathLike) or (not is_json and _exists(s)):
                where = s
                text = _read_board_file(Path(s))
            elif is_json:
                where = "<text>"
                text = s
                if len(text) > MAX_BOARD_BYTES:
                    raise BoardError(f"board JSON text is longer than {MAX_BOARD_BYTES // 2**20} MiB")
            else:
                raise BoardError(f"board file {s!r} does not exist")
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise BoardError(f"{where}: not valid JSON: {exc}") from None
            except ValueError:  # a number of thousands of digits, past Python's int conversion limit
                raise BoardError(
                    f"{where}: a number in it has more than {sys.get_int_max_str_digits()} digits; coordinates lie "
                    f"within {MAX_COORDINATE:g}"
                ) from None
            except RecursionError:
                raise BoardError(f"{where}: not a board: its JSON is nested too deeply") from None
        if not isinstance(data, dict):
            raise BoardError(f"{where}: the top level must be a JSON object, got {type(data).__name__}")
        if data.get("format") != SCHEMA:
            raise BoardError(f"{where}: field 'format' must be {SCHEMA!r}, got {data.get('format')!r}")
        if data.get("version") != SCHEMA_VERSION:
            raise BoardError(f"{where}: field 'version' must be {SCHEMA_VERSION}, got {data.get('version')!r}")
        name = data.get("name", Path(where).stem if where not in ("<dict>", "<text>") else "board")
        if not isinstance(name, str):
            raise BoardError(f"{where}: field 'name' must be a string, got {name!r}")
        tol = data.get("tolerance", 1e-6)
        if not isinstance(tol, (int, float)) or isinstance(tol, bool) or tol <= 0:
            raise BoardError(f"{where}: field 'tolerance' must be a positive number, got {tol!r}")

        def point(p, path):
            if not isinstance(p, list) or len(p) != 2:
                raise BoardError(f"{where}: {path}: expected [x, y], got {p!r}")
            for k, c in enumerate(p):
                if not isinstance(c, (int, float)) or isinstance(c, bool) or c != c:  # c != c: NaN
                    raise BoardError(f"{where}: {path}[{k}]: expected a finite number, got {c!r}")
                if abs(c) > MAX_COORDINATE:
                    raise BoardError(f"{where}: {path}[{k}]: coordinates lie within {MAX_COORDINATE:g}, got {c!r}")
            return (float(p[0]), float(p[1]))

        if "polygons" in data:
            if "faces" in data or "nodes" in data:
                raise BoardError(f"{where}: give either 'polygons' or 'nodes' + 'faces', not both")
            polys = data["polygons"]
            if not isinstance(polys, list):
                raise BoardError(f"{where}: polygons: expected a list of polygons, got {type(polys).__name__}")
            pts = []
            for i, poly in enumerate(polys):
                if not isinstance(poly, list):
                    raise BoardError(f"{where}: polygons[{i}]: expected a list of [x, y] points, got {poly!r}")
                pts.append([point(p, f"polygons[{i}][{k}]") for k, p in enumerate(poly)])
            return cls.from_polygons(pts, tolerance=float(tol), name=name, warn=warn)
        for key in ("nodes", "faces"):
            if key not in data:
                raise BoardError(f"{where}: missing field {key!r} (or give 'polygons')")
            if not isinstance(data[key], list):
                raise BoardError(f"{where}: {key}: expected a list, got {type(data[key]).__name__}")
        coords = [point(p, f"nodes[{i}]") for i, p in enumerate(data["nodes"])]
        V = len(coords)
        faces = []
        for i, face in enumerate(data["faces"]):
            if not isinstance(face, list):
                raise BoardError(f"{where}: faces[{i}]: expected a list of node indices, got {face!r}")
            for k, v in enumerate(face):
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < V:
                    raise BoardError(f"{where}: faces[{i}][{k}]: expected a node index in 0..{V - 1}, got {v!r}")
            faces.append(face)
        return cls(np.array(coords, dtype=float).reshape(-1, 2), faces, name=name, warn=warn)

    def to_json(self, path: str | os.PathLike | None = None) -> dict:
        """The board as a schema dict (written to ``path`` when given)."""
        data = {
            "format": SCHEMA,
            "version": SCHEMA_VERSION,
            "name": self.name,
            "nodes": [[round(float(x), 9), round(float(y), 9)] for x, y in self.coords],
            "faces": [list(f) for f in self.face_nodes],
        }
        if path is not None:
            check_outputs(files=[("the board file", path)])
            write_atomic(path, json.dumps(data, indent=1) + "\n")
        return data

    # -- display --------------------------------------------------------------------------------
    def summary(self) -> dict:
        sides = Counter(len(f) for f in self.face_nodes)
        return {
            "name": self.name,
            "faces": self.num_faces,
            "nodes": self.num_nodes,
            "edges": self.num_edges,
            "face_sides": dict(sorted(sides.items())),
            "warnings": list(self.warnings),
        }

    def __repr__(self) -> str:
        return f"Tessellation({self.name!r}: {self.num_faces} faces, {self.num_nodes} nodes, {self.num_edges} edges)"

    def _repr_svg_(self) -> str:
        from .svg import board_svg

        return board_svg(self)


def _trace_faces(nbrs: dict[int, list[int]], coords: np.ndarray) -> list[list[int]]:
    """All faces of a straight-line drawing given each node's neighbours sorted by angle (CCW).

    The face to the left of the half-edge u->v continues with v->w where w is the neighbour
    of v just clockwise of u. Bounded faces come out counter-clockwise, the outer one clockwise.
    """
    pos_in = {v: {w: i for i, w in enumerate(ns)} for v, ns in nbrs.items()}
    seen = set()
    faces = []
    for u, ns in nbrs.items():
        for v in ns:
            if (u, v) in seen:
                continue
            face = []
            a, b = u, v
            while (a, b) not in seen:
                seen.add((a, b))
                face.append(a)
                lst = nbrs[b]
                i = pos_in[b][a]
                w = lst[i - 1]
                a, b = b, w
            faces.append(face)
    return faces
