"""Independent, deliberately simple implementations straight from the rules text, used only by the
tests to cross-check the engine and derive_ne. No engine internals are used here."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations


def faces_of_node(faces, v):
    return [i for i, f in enumerate(faces) if v in f]


def face_edge_pairs(face):
    return [frozenset((face[i], face[(i + 1) % len(face)])) for i in range(len(face))]


def all_edges(faces):
    s = set()
    for f in faces:
        s.update(face_edge_pairs(f))
    return s


def faces_of_edge(faces, edge):
    return [i for i, f in enumerate(faces) if edge in face_edge_pairs(f)]


def naive_ne(faces, scope):
    """N, E, n, e by recounting from the face lists alone."""
    nodes = sorted({v for f in faces for v in f})
    edges = sorted(all_edges(faces), key=sorted)
    edge_count = {e: len(faces_of_edge(faces, e)) for e in edges}
    boundary_edges = [e for e in edges if edge_count[e] == 1]
    boundary_nodes = {v for e in boundary_edges for v in e}
    if scope == "interior":
        ns = [v for v in nodes if v not in boundary_nodes] or nodes
        es = [e for e in edges if edge_count[e] != 1] or edges
    else:
        ns, es = nodes, edges
    nh = Counter(len(faces_of_node(faces, v)) for v in ns)
    eh = Counter(edge_count[e] for e in es)
    N = max(k for k in nh if nh[k] == max(nh.values()))
    E = max(k for k in eh if eh[k] == max(eh.values()))
    L = N * E // math.gcd(N, E)
    return N, E, L // N, L // E, dict(nh), dict(eh)


def legal_turns(faces, node_owner, edge_owner, face_owner, mover, n, e, partial, swap_ok, owned, majority):
    """Every legal whole turn as (kind, frozenset(items)): nodes by index, edges as frozenset pairs,
    faces by index. ``node_owner`` maps node -> colour or -1, ``edge_owner`` maps frozenset pair -> colour or -1."""
    turns = set()

    def share_face(a_faces, b_faces):
        return bool(set(a_faces) & set(b_faces))

    for kind, owner, want, faces_fn in (
        ("nodes", node_owner, n, lambda x: faces_of_node(faces, x)),
        ("edges", edge_owner, e, lambda x: faces_of_edge(faces, x)),
    ):
        empty = [x for x, o in owner.items() if o == -1]
        fx = {x: faces_fn(x) for x in empty}

        def ok(combo, fx=fx):
            return all(not share_face(fx[a], fx[b]) for a, b in combinations(combo, 2))

        size = want
        found = [c for c in combinations(empty, size) if ok(c)]
        if not found and partial:
            for size in range(want - 1, 0, -1):
                found = [c for c in combinations(empty, size) if ok(c)]
                if found:
                    break
        for c in found:
            turns.add((kind, frozenset(c)))
    eligible = []
    for i, f in enumerate(faces):
        if face_owner[i] != -1:
            continue
        mine = sum(1 for v in f if node_owner[v] == mover) + sum(
            1 for ed in face_edge_pairs(f) if edge_owner[ed] == mover
        )
        if mine >= len(f):
            eligible.append(i)
    for size in range(1, len(eligible) + 1):
        if owned + size > majority:
            break
        for c in combinations(eligible, size):
            turns.add(("capture", frozenset(c)))
    if swap_ok:
        turns.add(("swap", frozenset()))
    return turns
