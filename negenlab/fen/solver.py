"""FEN solved exactly on small boards: every opening turn's value under perfect play.

:func:`solve` searches whole turns (a claim of every allowed set of face-disjoint items, listed in
one walk over the sets, a capture of every non-empty set of takeable faces) with alpha-beta and a
transposition table whose keys are the exact positions: two bounds an entry, and a full bucket
gives up its cheapest entry (the compiled kernel is :mod:`negenlab.fen._solver_kernels`).
``method="dfpn"`` searches by proof numbers instead, where no game can draw. It gives each distinct
opening turn its value for the player who made it, the winner without the pie rule, and the winner
with it: with the pie rule the second player may take over the opening
instead of answering it, so they get the better side of every opening, and the first player the
worse (an opening is only worth what its weaker side gets).

A search that reaches its node cap says so (``complete`` is False) and keeps what it proved.

>>> s = solve("triangle:1")
>>> s.winner, s.winner_with_pie, s.complete
('first player', 'second player', True)
>>> s.openings[["kind", "items", "value"]].head(2).values.tolist()
[['nodes', (0,), 'win'], ['nodes', (1,), 'win']]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd

from negenlab import __version__
from negenlab.core.checks import whole_number
from negenlab.core.errors import InvalidInputError
from negenlab.core.searching import SearchInterrupted, memory_check, run_search

from . import _solver_kernels as K
from .game import FenGame
from .rules import Rules
from .tessellation import Tessellation

MAX_ITEMS = 64
"""The kernel keeps a player's nodes and edges in one 64-bit word."""
MAX_SOLVER_FACES = 32
"""The kernel keeps both players' faces in one 64-bit word of the table's key."""
DEFAULT_MAX_NODES = 200_000_000
DEFAULT_TT_BITS = 22
MAX_TT_BITS = 27
"""2**27 entries take about 5.4 GB."""
MOVE_STACK = 1 << 20
VALUE_NAMES = {1: "win", 0: "draw", -1: "loss"}
SIDE_NAMES = {1: "first player", 0: "draw", -1: "second player"}


class SolverLimitError(InvalidInputError):
    """The board is beyond what the exact solver represents (items or faces)."""


@dataclass
class Solution:
    """What :func:`solve` proved about one board under one set of rules.

    ``openings``: one row per distinct opening turn (``kind``: "nodes" or "edges"; ``items``: node
    numbers, or edge numbers 0..E-1), ``value`` for the player who made it ("win", "draw", "loss",
    or "unknown" past the node cap), and ``with_pie``: what it is worth to them when the second
    player may take it over.
    """

    board: str
    faces: int
    n: int
    e: int
    rules: dict
    openings: pd.DataFrame
    nodes: int
    seconds: float
    complete: bool
    max_nodes: int
    tt_bits: int
    first_value: int | None = None
    """The game's value for the first player (+1, 0, -1) when the search of the empty board ended."""
    interrupted: bool = False
    """Ctrl-C stopped the search: the openings not reached are unknown."""
    no_draws: bool = False
    """Every game on the board ends in a majority (partial claims on, an odd number of faces), so no
    opening is a draw and the pie rule hands the second player the win (:attr:`winner_with_pie`)."""
    version: str = __version__
    extra: dict = field(default_factory=dict)

    @property
    def winner(self) -> str | None:
        """ "first player", "second player" or "draw" (None: not settled within the node cap)."""
        if self.first_value is not None:
            return SIDE_NAMES[self.first_value]
        v = self.openings["value"]
        if (v == "win").any():
            return "first player"
        if not self.complete:
            return None
        return SIDE_NAMES[max(_VALUE[x] for x in v)]

    @property
    def winner_with_pie(self) -> str | None:
        """The winner when the second player may swap on their first turn (None: not settled).

        An opening is worth its weaker side to its maker (the second player takes over a winning one
        and plays on against a losing one), so with every opening searched it is the best of those.
        Where no game can draw (:attr:`no_draws`) every opening wins for one side, so the second
        player wins without any opening searched (:attr:`with_pie_by` says which)."""
        if not len(self.openings) and self.complete:  # blocked from the start: no opening to swap
            return self.winner
        if self.complete:
            return SIDE_NAMES[max(_VALUE[x] for x in self.openings["with_pie"])]
        if self.no_draws and len(self.openings):
            return SIDE_NAMES[-1]
        return None

    @property
    def with_pie_by(self) -> str:
        """How :attr:`winner_with_pie` is known: every opening searched, or no draws ("" : not known)."""
        if self.complete:
            return "every opening searched"
        return "no opening can draw" if self.winner_with_pie is not None else ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``negenlab fen solve``."""
        rows = [
            {"kind": k, "items": list(items), "value": v, "with_pie": p}
            for k, items, v, p in self.openings[["kind", "items", "value", "with_pie"]].itertuples(index=False)
        ]
        return {
            "board": self.board,
            "faces": self.faces,
            "n": self.n,
            "e": self.e,
            "rules": self.rules,
            "winner": self.winner,
            "winner_with_pie": self.winner_with_pie,
            "with_pie_by": self.with_pie_by,
            "complete": self.complete,
            "interrupted": self.interrupted,
            "openings": rows,
            "nodes": self.nodes,
            "max_nodes": self.max_nodes,
            "tt_bits": self.tt_bits,
            "seconds": self.seconds,
            "version": self.version,
        } | self.extra

    def to_row(self) -> dict[str, Any]:
        """One line of the solved table."""
        counts = self.openings["value"].value_counts()
        return {
            "board": self.board,
            "faces": self.faces,
            "scope": self.rules["ne_scope"],
            "partial_claims": self.rules["partial_claims"],
            "n": self.n,
            "e": self.e,
            "winner": self.winner or "unknown",
            "winner_with_pie": self.winner_with_pie or "unknown",
            "with_pie_by": self.with_pie_by,
            "openings": len(self.openings),
            **{f"{name}_openings": int(counts.get(name, 0)) for name in ("win", "draw", "loss", "unknown")},
            "complete": self.complete,
            "nodes": self.nodes,
            "seconds": self.seconds,
        }

    def _repr_html_(self) -> str:
        head = (
            f"<b>{self.board}</b> (n={self.n}, e={self.e}): winner <b>{self.winner or 'unknown'}</b>, "
            f"with the pie rule <b>{self.winner_with_pie or 'unknown'}</b>"
            + ("" if self.complete or not self.with_pie_by else f" ({self.with_pie_by})")
            + f"; {len(self.openings)} openings, {self.nodes:,} positions searched"
        )
        if not self.complete:
            head += f" (stopped at the cap of {self.max_nodes:,})"
        return f"<p>{head}</p>" + self.openings.to_html(index=False, max_rows=20)


_VALUE = {"win": 1, "draw": 0, "loss": -1}


class Solver:
    """The exact search of one game (board and rules), with a transposition table kept between
    calls, so positions proved once are not searched again.

    >>> from negenlab.fen import FenGame
    >>> solver = Solver(FenGame("square:1x1"))
    >>> state = solver.game.new_initial_state()
    >>> solver.value(state), len(solver.turns(state))
    (1, 8)
    """

    def __init__(
        self,
        game: FenGame,
        tt_bits: int = DEFAULT_TT_BITS,
        max_nodes: int = DEFAULT_MAX_NODES,
        method: str = "alphabeta",
        structure: int = K.STRUCTURE_ALL,
    ):
        b = game.board
        if b.V + b.E > MAX_ITEMS:
            raise SolverLimitError(
                f"{game.tessellation.name} has {b.V} nodes and {b.E} edges ({b.V + b.E} items); the exact solver "
                f"takes boards of at most {MAX_ITEMS} nodes and edges together"
            )
        if b.F > MAX_SOLVER_FACES:
            raise SolverLimitError(
                f"{game.tessellation.name} has {b.F} faces; the exact solver takes at most {MAX_SOLVER_FACES}"
            )
        tt_bits = whole_number(
            tt_bits, "tt_bits", 10, MAX_TT_BITS, f"a table of 2**tt_bits entries, {TABLE_BYTES} bytes each"
        )
        max_nodes = whole_number(max_nodes, "max_nodes", 1, 2**62, "it is counted in a 64-bit integer")
        if method not in METHODS:
            raise InvalidInputError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
        structure = whole_number(structure, "structure", 0, K.STRUCTURE_ALL, "bits of negenlab.fen._solver_kernels")
        # with partial claims on a board of an odd number of faces every game ends in a majority
        # (negenlab.fen.blocked: a blocked board has every face taken), so a player who can no
        # longer reach one has lost
        majority_ends = game.rules.partial_claims and b.F % 2 == 1
        self.majority_ends = bool(majority_ends)
        if method == "dfpn" and not majority_ends:
            raise InvalidInputError(
                "the proof-number search needs games without draws: partial claims on and an odd number of faces"
            )
        self.method = method
        width = PN_WIDTH if self.method == "dfpn" else AB_WIDTH
        memory_check((8 * width) << tt_bits, f"a table of 2**{tt_bits} entries ({8 * width} bytes each)")
        self.game = game
        self.tt_bits = tt_bits
        one = np.uint64(1)
        self.params = np.array(
            (b.V, b.E, b.F, game.n, game.e, game.rules.partial_claims, b.majority, majority_ends, structure, 0),
            np.int64,
        )
        top = 3 + 2 * max(b.need)  # the largest face code of K.COUNTED_KEYS
        width = 4 if top < 16 else 8
        if b.F * width <= 64:
            self.params[K.P_CODE_BITS] = width
        self.structure = structure
        self.face_items = np.array([sum(int(one) << x for x in b.face_components[f]) for f in range(b.F)], np.uint64)
        self.need = np.array(b.need, np.int64)
        self.conflict = np.array([sum(1 << y for y in b.conflicts[x]) for x in range(b.V + b.E)] or [0], np.uint64)
        self.masks = np.array([(1 << b.V) - 1, ((1 << b.E) - 1) << b.V], np.uint64)
        size = 1 << tt_bits
        self.table = np.zeros((size, width), np.uint64)  # see negamax (alpha-beta) or mid (df-pn)
        self.item_perms, self.face_perms = symmetries(game.tessellation)
        self.codes = np.zeros(max(b.F, 1), np.uint64)  # scratch of K.counted_key
        self.board = (
            self.params, self.face_items, self.need, self.conflict, self.masks, self.item_perms, self.face_perms,
            self.codes,
        )  # fmt: skip
        self.moves = np.zeros(MOVE_STACK, np.uint64)
        self.faces = np.zeros(MOVE_STACK, np.uint64)
        self.scores = np.zeros(MOVE_STACK, np.int64)
        self.scratch = np.zeros((3, MAX_ITEMS + 1), np.uint64)
        self.pns = np.zeros((MOVE_STACK, 2), np.int64) if self.method == "dfpn" else np.zeros((1, 2), np.int64)
        self.stats = np.zeros(6, np.int64)
        self.stats[K.S_CAP] = max_nodes

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return int(self.stats[K.S_NODES])

    def masks_of(self, state) -> tuple[int, int, int, int]:
        """(me, op, fme, fop) of a position at the start of a turn, seen from the colour to move."""
        if state.phase != 0 or state.is_terminal():
            raise InvalidInputError("the solver takes positions at the start of a turn of a game not over")
        b, c = self.game.board, state.colour
        own = [0, 0]
        faces = [0, 0]
        for x in range(b.V + b.E):
            if state.owner[x] >= 0:
                own[state.owner[x]] |= 1 << x
        for f in range(b.F):
            if state.owner[b.FACE0 + f] >= 0:
                faces[state.owner[b.FACE0 + f]] |= 1 << f
        return own[c], own[1 - c], faces[c], faces[1 - c]

    def search(self, me: int, op: int, fme: int, fop: int) -> int | None:
        """The exact value (+1, 0, -1) for the player to move, None if the node cap stopped it."""
        return self._search(me, op, fme, fop, -1, 1)

    def decides(self, me: int, op: int, fme: int, fop: int, at_least: int, nodes: int) -> bool | None:
        """Whether the player to move gets at least ``at_least`` (1: a win; 0: a draw or better), by a
        search of at most ``nodes`` more positions (None: they did not settle it). Alpha-beta searches the
        null window just below ``at_least``; df-pn proves the value. The table is kept, so positions
        settled by earlier calls are not searched again.

        >>> from negenlab.fen import FenGame
        >>> solver = Solver(FenGame("square:1x1"))
        >>> solver.decides(0, 0, 0, 0, 1, nodes=1_000), solver.decides(0, 0, 0, 0, 1, nodes=1)
        (True, True)
        """
        if at_least not in (0, 1):
            raise InvalidInputError(f"at_least is 1 (a win) or 0 (a draw or better), not {at_least!r}")
        nodes = whole_number(nodes, "nodes", 1, 2**62, "the positions one search may take")
        self.stats[K.S_CAP] = self.stats[K.S_NODES] + nodes
        self.stats[K.S_ABORTED] = 0
        v = self._search(me, op, fme, fop, at_least - 1, at_least)
        return None if v is None else v >= at_least

    def _search(self, me: int, op: int, fme: int, fop: int, alpha: int, beta: int) -> int | None:
        """The value for the player to move, exact inside (``alpha``, ``beta``) and a bound outside
        (alpha-beta; df-pn's is exact), None if the node cap stopped it."""
        u = np.uint64
        what = f"solving {self.game.tessellation.name}"
        if self.method == "dfpn":
            args = (u(me), u(op), u(fme), u(fop), self.board, self.table, self.moves, self.faces, self.scores)
            v = run_search(
                lambda: K.prove(*args, self.pns, self.scratch, self.stats),
                self.stats, nodes=K.S_NODES, cap=K.S_CAP, what=what,
            )  # fmt: skip
            if self.stats[K.S_DRAW]:
                raise RuntimeError("the proof-number search met a drawn end on a board where every game has a winner")
        else:
            v = run_search(
                lambda: K.negamax(
                    u(me), u(op), u(fme), u(fop), alpha, beta, self.board, self.table, self.moves, self.faces,
                    self.scores, 0, self.scratch, self.stats,
                ),
                self.stats, nodes=K.S_NODES, cap=K.S_CAP, what=what,
            )  # fmt: skip
        if self.stats[K.S_OVERFLOW]:
            raise RuntimeError(f"more than {MOVE_STACK:,} turns stacked up in the search; raise MOVE_STACK")
        return None if self.stats[K.S_ABORTED] else int(v)

    def heavy_entries(self, min_cost: int) -> pd.DataFrame:
        """The alpha-beta table's entries whose search cost at least ``min_cost`` positions: the exact key
        (``k0``, ``k1``, ``k2``), the bounds on the value for the player to move (``low``, ``high``) and
        the ``cost``. A search that stops keeps its finished subtrees here, so a later search of the same
        game (:meth:`preload`) does not search them again, in this session or another.

        >>> from negenlab.fen import FenGame
        >>> solver = Solver(FenGame("square:3x1"), tt_bits=16)
        >>> solver.search(0, 0, 0, 0), len(solver.heavy_entries(1_000)) > 0
        (1, True)
        """
        if self.method != "alphabeta":
            raise InvalidInputError("heavy entries are alpha-beta's bounds; a proof-number table has none")
        words = self.table[:, 3]
        cost = (words >> np.uint64(32)).astype(np.int64)
        keep = (words != 0) & (cost >= int(min_cost))
        rows = self.table[keep]
        return pd.DataFrame(
            {
                "k0": rows[:, 0],
                "k1": rows[:, 1],
                "k2": rows[:, 2],
                "low": ((rows[:, 3] & np.uint64(3)).astype(np.int64) - 1).astype(np.int8),
                "high": (((rows[:, 3] >> np.uint64(2)) & np.uint64(3)).astype(np.int64) - 1).astype(np.int8),
                "cost": cost[keep],
            }
        )

    def preload(self, entries: pd.DataFrame) -> None:
        """Put ``entries`` (:meth:`heavy_entries` of a search of the same game with the same ``structure``)
        into the table; each tightens what the table knows of its position, and a full bucket gives up its
        cheapest entry as in the search.

        >>> from negenlab.fen import FenGame
        >>> game = FenGame("square:3x1")
        >>> first = Solver(game, tt_bits=16)
        >>> first.search(0, 0, 0, 0)
        1
        >>> again = Solver(game, tt_bits=16)
        >>> again.preload(first.heavy_entries(0)); again.search(0, 0, 0, 0), again.nodes
        (1, 1)
        """
        if self.method != "alphabeta":
            raise InvalidInputError("heavy entries are alpha-beta's bounds; a proof-number table takes none")
        mask = np.uint64(self.table.shape[0] - 1)
        for k0, k1, k2, low, high, cost in entries[list(HEAVY_COLUMNS)].itertuples(index=False):
            if not -1 <= low <= high <= 1:
                raise InvalidInputError(f"an entry's bounds are -1 <= low <= high <= 1, got {low} and {high}")
            K._store(self.table, np.uint64(k0), np.uint64(k1), np.uint64(k2), mask, int(low), int(high), int(cost))

    def value(self, state) -> int | None:
        """The value of a position at the start of a turn for the colour to move (the pie rule's
        swap is not among the turns searched)."""
        return self.search(*self.masks_of(state))

    def turn_masks(self, me: int, op: int, fme: int, fop: int) -> list[tuple[int, int]]:
        """The whole turns of the player to move as (items, faces) masks."""
        u = np.uint64
        k = K.turns(
            u(me), u(op), u(fme), u(fop), self.params, self.face_items, self.need, self.conflict, self.masks,
            self.moves, self.faces, self.scratch,
        )  # fmt: skip
        if k < 0:
            raise RuntimeError(f"more than {MOVE_STACK:,} turns; raise MOVE_STACK")
        return [(int(self.moves[i]), int(self.faces[i])) for i in range(k)]

    def turns(self, state) -> list[tuple[str, tuple[int, ...]]]:
        """The whole turns of a position as (kind, items): "nodes" (node numbers), "edges" (edge
        numbers), "capture" (face numbers); the arguments of :meth:`FenState.play_turn`."""
        V = self.game.board.V
        out = []
        for items, faces in self.turn_masks(*self.masks_of(state)):
            if faces:
                out.append(("capture", _bits(faces)))
            elif items < 1 << V:
                out.append(("nodes", _bits(items)))
            else:
                out.append(("edges", tuple(x - V for x in _bits(items))))
        return out


def symmetries(t: Tessellation) -> tuple[np.ndarray, np.ndarray]:
    """The board's symmetries: every renumbering of its nodes, edges and faces that keeps which node
    lies on which edge and face (networkx finds them), as ``item_perms`` (rows over the nodes, then
    the edges as items V..V+E-1) and ``face_perms``, the identity first. The rules read only these
    incidences, so a position and its images have the same value.

    >>> from negenlab.fen.boards import parse_board
    >>> [len(symmetries(parse_board(b))[0]) for b in ("square:3x1", "triangle:3", "square:3x3")]
    [4, 6, 8]
    """
    graph = nx.Graph()
    V = t.num_nodes
    graph.add_nodes_from((("node", i) for i in range(V)), kind="node")
    graph.add_nodes_from((("edge", j) for j in range(t.num_edges)), kind="edge")
    graph.add_nodes_from((("face", k) for k in range(t.num_faces)), kind="face")
    for j, (a, b) in enumerate(t.edges):
        graph.add_edges_from([(("edge", j), ("node", a)), (("edge", j), ("node", b))])
    for k, nodes in enumerate(t.face_nodes):
        graph.add_edges_from((("face", k), ("node", v)) for v in nodes)
        graph.add_edges_from((("face", k), ("edge", j)) for j in t.face_edges[k])
    matcher = nx.algorithms.isomorphism.GraphMatcher(graph, graph, node_match=lambda a, b: a["kind"] == b["kind"])
    items: list[list[int]] = []
    faces: list[list[int]] = []
    for m in matcher.isomorphisms_iter():
        item = [m[("node", i)][1] for i in range(V)] + [V + m[("edge", j)][1] for j in range(t.num_edges)]
        face = [m[("face", k)][1] for k in range(t.num_faces)]
        if item == sorted(item) and face == sorted(face):
            items.insert(0, item)  # the identity first
            faces.insert(0, face)
        else:
            items.append(item)
            faces.append(face)
    return np.array(items, np.int64).reshape(len(items), -1), np.array(faces, np.int64).reshape(len(faces), -1)


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


HEAVY_COLUMNS = ("k0", "k1", "k2", "low", "high", "cost")
"""An entry of :meth:`Solver.heavy_entries`: the exact key, bounds on the value, its search's cost."""
AB_WIDTH = 4
"""Words an alpha-beta table entry takes (the key's three, then two bounds, a flag and the cost)."""
PN_WIDTH = 5
"""Words a proof-number table entry takes (the key's three, phi and delta, the cost)."""
TABLE_BYTES = 8 * PN_WIDTH
"""Bytes a transposition-table entry takes at most."""
METHODS = ("alphabeta", "dfpn")
"""``alphabeta`` (the default) or ``dfpn``, a proof-number search over whole turns for boards where
every game has a winner (partial claims on, an odd number of faces). Measured on the 5-face boards
(benchmarks/bench_fen_solver.py), df-pn searches fewer positions but each costs several times more
(it looks up every turn's child), so it took longer: it is kept as a checked alternative."""


def solve(
    board: Tessellation | str | FenGame,
    rules: Rules | None = None,
    tt_bits: int = DEFAULT_TT_BITS,
    max_nodes: int = DEFAULT_MAX_NODES,
    progress: Callable[[str], None] | None = None,
    method: str = "alphabeta",
    structure: int = K.STRUCTURE_ALL,
    known: Mapping[tuple[str, tuple[int, ...]], str] | None = None,
    on_proved: Callable[[dict[str, Any]], None] | None = None,
) -> Solution:
    """Solve FEN on ``board`` (a board spec, a :class:`Tessellation` or a :class:`FenGame`): the
    value of every distinct opening turn, with and without the pie rule (``rules.pie_rule`` is not
    read: both are reported). Stops after ``max_nodes`` positions (``complete`` is then False).
    ``method``: ``alphabeta`` or ``dfpn`` (:data:`METHODS`; df-pn only where no game can draw).
    ``structure``: the bits of :mod:`negenlab.fen._solver_kernels` the search uses (default all;
    0 is the plain search). To resume, ``known`` gives values already proved, keyed by (kind, items)
    as in ``openings`` (``("start", ())``: the empty board, for the first player): they are not
    searched again; ``on_proved`` hears each search this call finishes, as a dict of ``kind``,
    ``items``, ``value``, ``nodes`` and ``seconds``.

    >>> s = solve("square:3x1")
    >>> s.winner, s.winner_with_pie, len(s.openings)
    ('first player', 'second player', 18)
    """
    if isinstance(board, FenGame):
        game = board
    else:
        game = FenGame(board, rules if rules is not None else Rules())
    solver = Solver(game, tt_bits=tt_bits, max_nodes=max_nodes, method=method, structure=structure)
    name = board if isinstance(board, str) else game.tessellation.name
    start = time.perf_counter()
    rows = []
    V = game.board.V
    interrupted = False
    known = dict(known or {})
    for key, said in known.items():
        if said not in _VALUE:
            raise InvalidInputError(f"a known value must be one of {', '.join(_VALUE)}, not {said!r} ({key})")

    def searched(kind: str, items: tuple[int, ...], masks: tuple[int, int, int, int], sign: int) -> int | None:
        """The value of one search for the player it is recorded for, told to ``on_proved``."""
        nodes, begun = solver.nodes, time.perf_counter()
        v = solver.search(*masks)
        if v is not None and on_proved is not None:
            on_proved(
                {"kind": kind, "items": items, "value": VALUE_NAMES[sign * v], "nodes": solver.nodes - nodes}
                | {"seconds": round(time.perf_counter() - begun, 2)}
            )
        return None if v is None else sign * v

    if ("start", ()) in known:
        first_value: int | None = _VALUE[known[("start", ())]]
    elif "win" in known.values():
        first_value = 1  # a winning opening settles it
    else:
        try:
            first_value = searched("start", (), (0, 0, 0, 0), 1)  # the winner first: one winning opening settles it
        except SearchInterrupted:
            first_value, interrupted = None, True
    if progress is not None and first_value is not None:
        progress(f"{name}: {SIDE_NAMES[first_value]} ({solver.nodes:,} positions); now every opening")
    for items, _ in solver.turn_masks(0, 0, 0, 0):
        kind, shown = ("nodes", _bits(items)) if items < 1 << V else ("edges", tuple(x - V for x in _bits(items)))
        value: int | None = None
        if (kind, shown) in known:
            value = _VALUE[known[(kind, shown)]]
        elif not interrupted:
            try:
                value = searched(kind, shown, (0, items, 0, 0), -1)  # the second player to move
            except SearchInterrupted:
                interrupted = True
        # with the pie rule the second player may take over the opening instead, so it is worth its
        # weaker side to its maker (a swap is forced only when the opening leaves no other action,
        # which happens only on a board blocked at 0-0 faces, a draw either way: one claim holds at
        # most one component of each face)
        pie = None if value is None else min(value, -value)
        rows.append(
            {
                "kind": kind,
                "items": shown,
                "value": "unknown" if value is None else VALUE_NAMES[value],
                "with_pie": "unknown" if pie is None else VALUE_NAMES[pie],
            }
        )
        if progress is not None:
            progress(f"{name}: opening {kind} {shown}: {rows[-1]['value']} ({solver.nodes:,} positions so far)")
    openings = pd.DataFrame(rows, columns=["kind", "items", "value", "with_pie"])
    return Solution(
        board=name,
        faces=game.board.F,
        n=game.n,
        e=game.e,
        rules={k: v for k, v in asdict(game.rules).items() if k != "pie_rule"},
        openings=openings,
        nodes=solver.nodes,
        seconds=round(time.perf_counter() - start, 2),
        complete=not bool(solver.stats[K.S_ABORTED]) and not interrupted,
        max_nodes=max_nodes,
        tt_bits=tt_bits,
        first_value=first_value,
        interrupted=interrupted,
        no_draws=solver.majority_ends,
        extra={"method": solver.method},
    )
