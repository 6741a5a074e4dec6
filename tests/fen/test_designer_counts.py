"""The counts behind FEN's odd_components, triangles_least and edge_mode_two lines, counted again here
from the faces' node lists alone (each edge a pair of consecutive nodes of a face), not from the
boards' edge lists nor from ``derive_ne``."""

from __future__ import annotations

from collections import Counter

import pytest

from negenlab.fen import tilings
from negenlab.fen.report import POLYGON_FACES, atlas_polygons, committed_atlas


def face_pairs(face: tuple[int, ...]) -> set[frozenset]:
    return {frozenset((face[i], face[(i + 1) % len(face)])) for i in range(len(face))}


def edge_mode(board) -> int:
    """The most common number of faces per edge (ties to the larger), over every edge of the board."""
    per_edge = Counter(e for face in board.face_nodes for e in face_pairs(tuple(face)))
    counts = Counter(per_edge.values())
    top = max(counts.values())
    return max(k for k, v in counts.items() if v == top)


def test_every_polygon_has_as_many_edges_as_nodes():
    counted = {
        name: sorted(
            (len(f), len(face_pairs(tuple(f)))) for f in tilings.archimedean(name, faces=POLYGON_FACES).face_nodes
        )
        for name in tilings.ARCHIMEDEAN
    }
    for name, polygons in counted.items():
        assert polygons == sorted(atlas_polygons()[name]), name
        assert all((1 + n + e) % 2 == 1 for n, e in polygons)
    means = {name: sum(n for n, _ in ps) / len(ps) for name, ps in counted.items()}
    assert min(means, key=means.get) == "3.3.3.3.3.3" and sorted(means.values())[1] > 3


@pytest.mark.parametrize("faces", [13, 25, 49])
def test_the_atlas_edge_mode_is_the_counted_one(faces):
    atlas, _ = committed_atlas()
    rows = atlas[atlas["faces"] == faces]
    assert len(rows) == len(tilings.ARCHIMEDEAN)
    for r in rows.to_dict("records"):
        assert r["E_all"] == edge_mode(tilings.archimedean(r["tiling"], faces=faces)), (r["tiling"], faces)


def test_the_lines_read_the_counts(page_verdicts):
    by_id = {f.claim_id: f for f in page_verdicts("fen")}
    for cid in ("odd_components", "triangles_least", "edge_mode_two"):
        assert by_id[cid].verdict == "holds", cid
