"""Per-turn counts n (nodes) and e (edges) from a board, following the designer's derivation.

For each node count the faces it belongs to, N = the most frequent count; for each edge
likewise, E = the most frequent count; L = lcm(N, E); n = L / N and e = L / E.

Two readings (see the rules page): ``scope="interior"`` (default) takes the modes over
nodes and edges not on the boundary (an edge on the boundary borders one face; a node on
the boundary lies on such an edge), ``scope="all"`` over every node and edge (the literal
reading). They disagree on the standard triangle board of side 7, where 18 boundary nodes
with 3 faces outnumber 15 interior nodes with 6: the result then carries a warning. A mode
tie is reported and the larger count is chosen. A board with no interior node (or edge)
falls back to all nodes (edges) with a warning.

>>> from negenlab.fen import tilings, derive_ne
>>> r = derive_ne(tilings.triangle(7))
>>> (r.N, r.E, r.n, r.e), (r.all.N, r.all.n)
((6, 2, 1, 3), (3, 2))
>>> r.warnings[0][:40]
'scopes disagree: interior gives n=1, e=3'
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from negenlab.core.errors import InvalidInputError

from .tessellation import Tessellation

SCOPES = ("interior", "all")


_HEAD = ("scope", "N", "E", "lcm", "n", "e")


def _head(r: NEReading | NEResult) -> dict:
    """The first keys of ``to_dict``: the scope, the modes N and E, their lcm and n, e."""
    return {k: getattr(r, k) for k in _HEAD}


@dataclass(frozen=True)
class NEReading:
    """n/e from one scope: the modes, their histograms ({faces: how many nodes/edges}) and ties."""

    scope: str
    N: int
    E: int
    lcm: int
    n: int
    e: int
    node_histogram: dict
    edge_histogram: dict
    node_ties: tuple = ()
    edge_ties: tuple = ()
    fell_back: bool = False

    def to_dict(self) -> dict:
        return {
            **_head(self),
            "node_histogram": {str(k): v for k, v in self.node_histogram.items()},
            "edge_histogram": {str(k): v for k, v in self.edge_histogram.items()},
            "node_ties": list(self.node_ties),
            "edge_ties": list(self.edge_ties),
            "fell_back": self.fell_back,
        }


@dataclass(frozen=True)
class NEResult:
    """The derivation in the chosen ``scope`` (attributes N, E, lcm, n, e and its histograms),
    both readings (``interior``, ``all``) and ``warnings``."""

    scope: str
    interior: NEReading
    all: NEReading
    warnings: tuple = field(default_factory=tuple)

    @property
    def chosen(self) -> NEReading:
        return self.interior if self.scope == "interior" else self.all

    N = property(lambda self: self.chosen.N)
    E = property(lambda self: self.chosen.E)
    lcm = property(lambda self: self.chosen.lcm)
    n = property(lambda self: self.chosen.n)
    e = property(lambda self: self.chosen.e)
    node_histogram = property(lambda self: self.chosen.node_histogram)
    edge_histogram = property(lambda self: self.chosen.edge_histogram)
    node_ties = property(lambda self: self.chosen.node_ties)
    edge_ties = property(lambda self: self.chosen.edge_ties)

    @property
    def agree(self) -> bool:
        return (self.interior.n, self.interior.e) == (self.all.n, self.all.e)

    def to_dict(self) -> dict:
        return {
            **_head(self),
            "interior": self.interior.to_dict(),
            "all": self.all.to_dict(),
            "agree": self.agree,
            "warnings": list(self.warnings),
        }

    def __str__(self) -> str:
        lines = [
            f"n = {self.n} node(s) or e = {self.e} edge(s) per turn (scope {self.scope}: N={self.N}, "
            f"E={self.E}, lcm={self.lcm})"
        ]
        for r in (self.interior, self.all):
            lines.append(
                f"  {r.scope:8s}: N={r.N} E={r.E} -> n={r.n} e={r.e}; faces per node "
                f"{dict(sorted(r.node_histogram.items()))}, faces per edge {dict(sorted(r.edge_histogram.items()))}"
            )
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html as _h

        rows = "".join(
            f"<tr><td>{r.scope}</td><td>{r.N}</td><td>{r.E}</td><td>{r.lcm}</td><td><b>{r.n}</b></td><td><b>{r.e}</b></td>"
            f"<td>{dict(sorted(r.node_histogram.items()))}</td><td>{dict(sorted(r.edge_histogram.items()))}</td></tr>"
            for r in (self.interior, self.all)
        )
        warn = "".join(f"<div style='color:#8a6d00'>warning: {_h.escape(w)}</div>" for w in self.warnings)
        return (
            f"<div><b>n = {self.n}, e = {self.e}</b> (scope {self.scope})<table><tr><th>scope</th><th>N</th>"
            f"<th>E</th><th>lcm</th><th>n</th><th>e</th><th>faces per node: count</th>"
            f"<th>faces per edge: count</th></tr>{rows}</table>{warn}</div>"
        )


def _mode(hist: Counter) -> tuple[int, tuple]:
    top = max(hist.values())
    tied = sorted(k for k, c in hist.items() if c == top)
    return tied[-1], (tuple(tied) if len(tied) > 1 else ())


def _reading(scope: str, node_counts: list[int], edge_counts: list[int], fell_back: bool) -> NEReading:
    nh, eh = Counter(node_counts), Counter(edge_counts)
    N, nt = _mode(nh)
    E, et = _mode(eh)
    L = math.lcm(N, E)
    return NEReading(
        scope, N, E, L, L // N, L // E, dict(sorted(nh.items())), dict(sorted(eh.items())), nt, et, fell_back
    )


def derive_ne(tessellation: Tessellation, scope: str = "interior") -> NEResult:
    """Derive N, E, lcm, n, e of a board (see the module docstring).

    >>> from negenlab.fen import tilings
    >>> r = derive_ne(tilings.hexagon(2))
    >>> r.n, r.e, r.node_histogram
    (2, 3, {3: 24})
    """
    if scope not in SCOPES:
        raise InvalidInputError(f"scope must be 'interior' or 'all', got {scope!r}")
    t = tessellation
    node_all = [len(fs) for fs in t.node_faces]
    edge_all = [len(fs) for fs in t.edge_faces]
    warnings: list[str] = []
    inner_nodes = t.interior_nodes
    inner_edges = t.interior_edges
    nb = not inner_nodes
    eb = not inner_edges
    if nb:
        warnings.append("the board has no interior node: the interior reading counts all nodes")
    if eb:
        warnings.append("the board has no interior edge: the interior reading counts all edges")
    interior = _reading(
        "interior",
        node_all if nb else [node_all[v] for v in inner_nodes],
        edge_all if eb else [edge_all[j] for j in inner_edges],
        nb or eb,
    )
    literal = _reading("all", node_all, edge_all, False)
    for r in (interior, literal):
        if r.node_ties:
            warnings.append(f"{r.scope}: faces-per-node mode is tied between {list(r.node_ties)}; took N={r.N}")
        if r.edge_ties:
            warnings.append(f"{r.scope}: faces-per-edge mode is tied between {list(r.edge_ties)}; took E={r.E}")
    if (interior.n, interior.e) != (literal.n, literal.e):
        warnings.insert(
            0,
            f"scopes disagree: interior gives n={interior.n}, e={interior.e} (N={interior.N}, "
            f"E={interior.E}) but all nodes/edges give n={literal.n}, e={literal.e} (N={literal.N}, "
            f"E={literal.E}); using scope {scope!r}",
        )
    return NEResult(scope, interior, literal, tuple(warnings))
