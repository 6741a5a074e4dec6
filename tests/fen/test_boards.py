import json
import math
import warnings

import networkx as nx
import numpy as np
import pytest

from negenlab.fen import BoardError, BoardWarning, Tessellation, derive_ne, tilings

from .naive import naive_ne


def is_valid_board(t):
    g = nx.Graph()
    g.add_edges_from(t.edges)
    assert nx.check_planarity(g)[0]
    assert nx.is_connected(g)
    # faces linked through shared edges or nodes form one group
    fg = nx.Graph()
    fg.add_nodes_from(range(t.num_faces))
    for fs in t.node_faces:
        fg.add_edges_from((fs[0], f) for f in fs[1:])
    assert nx.is_connected(fg)
    assert all(len(f) >= 3 for f in t.face_nodes)
    return True


@pytest.mark.parametrize("name", tilings.ARCHIMEDEAN)
def test_archimedean_vertex_configurations(name):
    b = tilings.archimedean(name, faces=41)
    assert b.num_faces == 41 and is_valid_board(b)
    expected = tilings.EXPECTED_CONFIG[name]
    inner = b.interior_nodes
    assert len(inner) >= 5
    for v in inner:
        cfg = b.vertex_configuration(v)
        rot = [expected[i:] + expected[:i] for i in range(len(expected))]
        assert cfg in [tuple(r) for r in rot] + [tuple(reversed(r)) for r in rot], (v, cfg)
        assert math.isclose(b.angle_sum(v), 360.0, abs_tol=1e-6)
    # every face a regular polygon of side 1
    for f in b.face_nodes:
        P = b.coords[list(f)]
        sides = np.linalg.norm(P - np.roll(P, -1, axis=0), axis=1)
        assert np.allclose(sides, 1.0, atol=1e-6)


@pytest.mark.parametrize("name", ["4.8.8", "3.3.3.3.6", "3.12.12"])
@pytest.mark.parametrize("count", [1, 2, 13, 50])
def test_archimedean_face_count_exact_and_connected(name, count):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        b = tilings.archimedean(name, faces=count)
    assert b.num_faces == count and is_valid_board(b)
    assert any(issubclass(x.category, BoardWarning) for x in w) == (count % 2 == 0)


def test_archimedean_default_is_odd_and_names():
    b = tilings.archimedean("snub square")
    assert b.num_faces == tilings.DEFAULT_FACES and b.num_faces % 2 == 1
    with pytest.raises(BoardError, match="unknown Archimedean"):
        tilings.archimedean("5.5.5")


@pytest.mark.parametrize(
    "make,faces",
    [
        (lambda: tilings.triangle(7), 49),
        (lambda: tilings.triangle(5), 25),
        (lambda: tilings.hexagon(2), 19),
        (lambda: tilings.hexagon(3), 37),
        (lambda: tilings.square(5, 5), 25),
        (lambda: tilings.square(3, 7), 21),
    ],
)
def test_regular_generators(make, faces):
    b = make()
    assert b.num_faces == faces and is_valid_board(b) and not b.warnings


def test_triangle_side7_counts():
    t = tilings.triangle(7)
    assert (t.num_faces, t.num_nodes, t.num_edges) == (49, 36, 84)


def test_ne_values_from_issue():
    r = derive_ne(tilings.triangle(7))
    assert (r.n, r.e) == (1, 3) and (r.all.n, r.all.e) == (2, 3)
    assert r.all.node_histogram == {1: 3, 3: 18, 6: 15}
    assert r.warnings and "disagree" in r.warnings[0]
    assert derive_ne(tilings.triangle(7), scope="all").n == 2
    for radius in (1, 2, 3):
        r = derive_ne(tilings.hexagon(radius))
        assert (r.N, r.E, r.n, r.e) == (3, 2, 2, 3)
    lit = derive_ne(tilings.hexagon(1), scope="all")
    assert (lit.N, lit.E) == (1, 1)
    for w, h in ((3, 3), (5, 5), (4, 7)):
        r = derive_ne(tilings.square(w, h))
        assert (r.n, r.e) == (1, 2)


@pytest.mark.parametrize(
    "make",
    [lambda: tilings.triangle(7), lambda: tilings.hexagon(2), lambda: tilings.square(3, 4), lambda: tilings.triangle(1)]
    + [lambda name=n: tilings.archimedean(name, faces=21) for n in tilings.ARCHIMEDEAN],
)
@pytest.mark.parametrize("scope", ["interior", "all"])
def test_derive_ne_matches_plain_recount(make, scope):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = make()
    r = derive_ne(t, scope=scope)
    N, E, n, e, nh, eh = naive_ne([list(f) for f in t.face_nodes], scope)
    assert (r.N, r.E, r.n, r.e) == (N, E, n, e)
    assert r.node_histogram == nh and r.edge_histogram == eh


def test_mode_tie_reported_and_larger_taken():
    # two triangles sharing an edge: nodes have 1,1,2,2 faces -> tie between 1 and 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = Tessellation.from_polygons([[(0, 0), (1, 0), (0, 1)], [(1, 0), (1, 1), (0, 1)]])
    r = derive_ne(t, scope="all")
    assert r.node_ties == (1, 2) and r.N == 2
    assert any("tied" in w for w in r.warnings)
    r = derive_ne(t)
    assert any("no interior node" in w for w in r.warnings)


def test_validation_errors():
    tri = [(0, 0), (1, 0), (0, 1)]
    with pytest.raises(BoardError, match="overlap"):
        Tessellation.from_polygons([tri, [(0.2, 0.2), (1.2, 0.2), (0.2, 1.2)], [(5, 5), (6, 5), (5, 6)]])
    with pytest.raises(BoardError, match="overlap|same polygon"):
        Tessellation.from_polygons([tri, tri, [(1, 0), (1, 1), (0, 1)]])
    with pytest.raises(BoardError, match="self-intersecting"):
        Tessellation.from_polygons([[(0, 0), (1, 1), (1, 0), (0, 1)]])
    with pytest.raises(BoardError, match="at least 3"):
        Tessellation.from_polygons([[(0, 0), (1, 0)]])
    with pytest.raises(BoardError, match="disconnected"):
        Tessellation.from_polygons([tri, [(5, 5), (6, 5), (5, 6)], [(9, 9), (10, 9), (9, 10)]])
    with pytest.raises(BoardError, match="zero length"):
        Tessellation.from_polygons([[(0, 0), (1, 0), (1, 1e-9), (0, 1)]])
    bricks = [
        [(2 * c + r % 2, r), (2 * c + r % 2 + 2, r), (2 * c + r % 2 + 2, r + 1), (2 * c + r % 2, r + 1)]
        for r in range(3)
        for c in range(3)
    ]
    with pytest.raises(BoardError, match="T-junction"):
        Tessellation.from_polygons(bricks)
    with pytest.raises(BoardError, match="not planar"):
        Tessellation.from_graph(nx.complete_graph(5))
    with pytest.raises(BoardError, match="disconnected"):
        Tessellation.from_graph(nx.disjoint_union(nx.cycle_graph(3), nx.cycle_graph(3)))
    with pytest.warns(BoardWarning, match="4 faces"):
        tilings.square(2, 2)
    with pytest.raises(BoardError, match="at least 3"):
        Tessellation(np.zeros((2, 2)), [[0, 1]])


def test_from_graph_faces():
    t = Tessellation.from_graph(nx.grid_2d_graph(4, 3))
    assert t.num_faces == 6 and all(len(f) == 4 for f in t.face_nodes)
    # without positions: an embedding is computed; a wheel has 5 triangles
    t = Tessellation.from_graph(nx.wheel_graph(6), pos=None)
    assert t.num_faces == 5 and sorted(len(f) for f in t.face_nodes) == [3] * 5
    with pytest.raises(BoardError, match="bridge|dangling"):
        g = nx.cycle_graph(3)
        g.add_edge(0, 7)
        Tessellation.from_graph(g)


@pytest.mark.parametrize(
    "make", [lambda: tilings.hexagon(2), lambda: tilings.triangle(7), lambda: tilings.archimedean("4.6.12", faces=25)]
)
def test_from_graph_recovers_the_faces_of_a_drawn_board(make):
    t = make()
    t2 = Tessellation.from_graph(t.graph())  # node attribute 'pos' gives the drawing
    assert sorted(sorted(f) for f in t2.face_nodes) == sorted(sorted(f) for f in t.face_nodes)


def test_json_round_trip_and_errors(tmp_path):
    t = tilings.hexagon(1)
    path = tmp_path / "hex.json"
    t.to_json(path)
    t2 = Tessellation.from_json(path)
    assert t2.face_nodes == t.face_nodes and np.allclose(t2.coords, t.coords)
    good = t.to_json()
    bad = dict(good, faces=[list(f) for f in good["faces"]])
    bad["faces"][3][1] = "x"
    with pytest.raises(BoardError, match=r"faces\[3\]\[1\]"):
        Tessellation.from_json(bad)
    bad = dict(good, nodes=[list(p) for p in good["nodes"]])
    bad["nodes"][2] = [1.0]
    with pytest.raises(BoardError, match=r"nodes\[2\]"):
        Tessellation.from_json(bad)
    with pytest.raises(BoardError, match="format"):
        Tessellation.from_json(dict(good, format="other"))
    with pytest.raises(BoardError, match="not valid JSON"):
        Tessellation.from_json("{bad json")
    poly = {"format": "negenlab-fen-board", "version": 1, "polygons": [[[0, 0], [1, 0], [0, 1]], [[1, 0], [1, 1], "z"]]}
    with pytest.raises(BoardError, match=r"polygons\[1\]\[2\]"):
        Tessellation.from_json(poly)
    (tmp_path / "x.json").write_text(
        json.dumps({"format": "negenlab-fen-board", "version": 1, "polygons": [[[0, 0], [1, 0], [0, 1]]]})
    )
    assert Tessellation.from_json(tmp_path / "x.json").num_faces == 1


def test_shipped_boards_load():
    from negenlab.core.data import data_root

    files = sorted(
        (f for f in data_root().joinpath("boards").iterdir() if f.name.endswith(".json")), key=lambda f: f.name
    )
    assert files, "data/boards/ ships the standard boards"
    for f in files:
        t = Tessellation.from_json(f.read_text())
        assert t.num_faces % 2 == 1 and is_valid_board(t)
