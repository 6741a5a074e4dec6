"""Exact perfect-play results for small Necklace boards.

``solve(size, swap)`` proves, for every first move of Red, who wins with perfect play
after it (Blue to move), and from that the value of the whole game:

- without swap, Red (the first player) wins iff some opening wins for Red; the winning
  first moves are listed;
- with swap, Blue answers a Red-winning opening by swapping and any other opening by
  placing, so the first player can only hope for a draw: the result lists the openings
  Blue should swap (the pie-rule map) and Blue's winning answers.

The search is a depth-first proof-number search (df-pn, numba) with one transposition
table keyed over the board's four colour-preserving symmetries; on boards up to 5x5 its keys are
the exact boards (``keys="exact"``, no two positions share one), larger boards use 64-bit Zobrist
hashes (``keys="zobrist"``). Options: ``heuristic``
(df-pn+: children start from connection distances; 4x4 in 65k instead of 244k nodes, but
slower on the 5x5 centre opening in our runs), ``epsilon`` (the 1+epsilon threshold trick) and ``engine``
(:mod:`negenlab.necklace.connect` in df-pn: 1, a blocking win of the mover wins and the opponent's
confines the mover to its must-play region; 2, also the engine's move order; 3, also every one-move
blocking threat of the opponent, immune or not, drops the moves that leave it playable; 4, also the
mover's own threat wins; 5, also blocking wins with safe rather than immune bridge points; 6, also the
moves on the opponent's threat points first; 7, also each threat's carrier refined, the strongest; 0, off,
the default). A colour that can no longer connect (its stones and the
empty points where it can never make a crosscut do not join its edges) is a disproof, and, with
``cut_off`` (the default), a proof for the other colour: no game ends drawn (the cut-off rule in
:mod:`negenlab.necklace._solver_kernels`).
A plain alpha-beta-style proof search (``method="alphabeta"``) is kept as a cross-check. A draw (nobody can move, nobody has won) is
a value of its own: the solver proves "Red wins" and, when that fails, "Blue wins".

>>> from negenlab.necklace.solver import solve
>>> result = solve(3, swap=False)
>>> result.winner, result.winning_first_moves
('red', [(0, 1), (1, 1), (2, 1)])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from negenlab.core.checks import whole_number
from negenlab.core.errors import InvalidInputError
from negenlab.core.searching import memory_check, run_search

from ._kernels import BLUE, RED, scratch
from ._solver_kernels import INF, _pn_lookup, _tt_key, board_hashes, dfpn, prove
from .rules import MAX_SIZE

COLOUR_NAME = {RED: "red", BLUE: "blue", 0: "draw"}
EXACT_POINTS = 25
"""Boards of up to this many points (5x5) are keyed exactly: 2 bits a point fill 50 bits, and the
(colour to move, target) constant XORed in differs from every other one above bit 50, so the
table's key is a full key (``_solver_kernels._mix`` is a bijection)."""
REPLACEMENTS = {"two-way": 0, "work": 1}
"""df-pn's table policies near capacity: ``"work"`` (default) keeps, in each bucket of four entries, the
proofs that cost the most nodes; ``"two-way"`` is the earlier table (two entries, solved ones kept),
kept to measure against (``benchmarks/bench_necklace_proofs.py``)."""


def symmetry_maps(n: int) -> np.ndarray:
    """``maps[k, p]``: the image of point p under symmetry k (identity, mirror left-right,
    mirror top-bottom, half turn): the moves that keep each colour's edges."""
    maps = np.empty((4, n * n), dtype=np.int64)
    for r in range(n):
        for c in range(n):
            p = r * n + c
            maps[0, p] = p
            maps[1, p] = r * n + (n - 1 - c)
            maps[2, p] = (n - 1 - r) * n + c
            maps[3, p] = (n - 1 - r) * n + (n - 1 - c)
    return maps


def centre_first_order(n: int) -> np.ndarray:
    """Points sorted by distance to the centre (ties by index): the search's move order."""
    c = (n - 1) / 2
    pts = sorted(range(n * n), key=lambda p: ((p // n - c) ** 2 + (p % n - c) ** 2, p))
    return np.array(pts, dtype=np.int64)


class ProofSearch:
    """Holds the transposition table and scratch of one board size (reused across queries).

    >>> import numpy as np
    >>> ps = ProofSearch(2)
    >>> ps.value(np.zeros(4, dtype=np.int8), RED)   # 2x2: Red wins by playing a column
    'red'
    """

    def __init__(
        self,
        n: int,
        tt_bits: int = 22,
        node_cap: int = 0,
        seed: int = 20240301,
        adjacency_weight: int = 1000,
        history: bool = False,
        method: str = "dfpn",
        heuristic: bool = False,
        epsilon: bool = False,
        keys: str | None = None,
        replacement: str = "work",
        cut_off: bool = True,
        engine: int = 0,
    ):
        n = whole_number(n, "board size", 2, MAX_SIZE)
        tt_bits = whole_number(tt_bits, "tt_bits", 10, 28, "the table takes 35 bytes an entry: 28 bits is 9.4 GB")
        node_cap = whole_number(node_cap, "node_cap (0: none)", 0, 2**62, "it is counted in a 64-bit integer")
        self.n = n
        N = n * n
        keys = keys or ("exact" if N <= EXACT_POINTS else "zobrist")
        if keys not in ("exact", "zobrist") or (keys == "exact" and N > EXACT_POINTS):
            raise InvalidInputError(
                f"keys must be 'exact' (boards of up to {EXACT_POINTS} points) or 'zobrist', got {keys!r} for {n}x{n}"
            )
        self.keys = keys
        maps = symmetry_maps(n)
        self.zs = np.empty((4, N, 3), dtype=np.uint64)
        if keys == "exact":  # the board itself, 2 bits a point: a stone of colour c at q sets c << 2q
            for k in range(4):
                for c in (1, 2):
                    self.zs[k, :, c] = np.uint64(c) << (np.uint64(2) * maps[k].astype(np.uint64))
            self.zs[:, :, 0] = 0
        else:
            rng = np.random.default_rng(seed)
            z = rng.integers(1, 2**63, size=(N, 3), dtype=np.int64).astype(np.uint64) * np.uint64(2) + np.uint64(1)
            for k in range(4):
                self.zs[k] = z[maps[k]]
        if replacement not in REPLACEMENTS:
            raise InvalidInputError(f"replacement must be one of {', '.join(REPLACEMENTS)}, got {replacement!r}")
        self.replacement = replacement
        per_entry = 35 if method == "dfpn" else 11  # keys 8, pn 8, dn 8 and work 8 (df-pn), value 1, move 2
        memory_check(per_entry << tt_bits, f"a table of 2**{tt_bits} entries ({per_entry} bytes each)")
        self.tt_keys = np.zeros(1 << tt_bits, dtype=np.uint64)
        self.method = method
        if method not in ("dfpn", "alphabeta"):
            raise InvalidInputError(f"method must be 'dfpn' or 'alphabeta', got {method!r}")
        if method == "dfpn":
            self.tt_pn = np.zeros(1 << tt_bits, dtype=np.int64)
            self.tt_dn = np.zeros(1 << tt_bits, dtype=np.int64)
            self.tt_work = np.zeros(1 << tt_bits, dtype=np.int64)
            self.seen = np.zeros((2 * N + 5, 2, N + 1), dtype=np.int64)  # children's (pn, dn) by depth
            self.table = (self.tt_keys, self.tt_pn, self.tt_dn, self.tt_work, self.seen)
        self.tt_vals = np.zeros(1 << tt_bits, dtype=np.int8)
        self.tt_move = np.full(1 << tt_bits, -1, dtype=np.int16)
        self.hist = np.zeros((3, N), dtype=np.int64)
        self.order = centre_first_order(n)
        self.movebuf = np.empty((2 * (2 * N + 4), N), dtype=np.int32)  # lower half: moves, upper: threats
        self.art, self.disc, self.low, self.parent, self.nxt, self.stack = scratch(n)
        self.stamp = np.zeros(N, dtype=np.int32)
        engine = whole_number(
            engine,
            "engine (0 off, 1 blocking wins and must-play, 2 also the move order, 3 also threats that are not immune, "
            "4 also the mover's own threats, 5 also safe bridge points, 6 also the threat points first, "
            "7 also refined threat carriers)",
            0,
            7,
        )
        if engine and method != "dfpn":
            raise InvalidInputError("the connection engine (engine=1 to 5) is wired into df-pn only")
        self.engine = engine
        self.counters = np.zeros(11, dtype=np.int64)
        self.counters[10] = engine
        self.counters[9] = 1 if cut_off else 0
        self.counters[8] = REPLACEMENTS[replacement]
        self.counters[6] = 1 if heuristic else 0
        self.counters[7] = 1 if epsilon else 0
        self.counters[4] = adjacency_weight
        self.counters[5] = 1 if history else 0
        # the scratch both kernels take last (prove's ends with hist)
        self.work: tuple[np.ndarray, ...] = (
            self.order,
            self.movebuf,
            self.art,
            self.disc,
            self.low,
            self.parent,
            self.nxt,
            self.stack,
            self.stamp,
            self.counters,
        )
        self.prove_work: tuple[np.ndarray, ...] = (*self.work, self.hist)
        self.node_cap = int(node_cap)
        self.nodes = 0
        self.capped: list[tuple[int, int]] = []  # openings a capped search left open (see opening_values)
        self.partial: dict[tuple[int, int], str] = {}  # what a capped search still proved about them

    def _hashes(self, board: np.ndarray) -> np.ndarray:
        return board_hashes(np.ascontiguousarray(board, dtype=np.int8), self.zs)

    def wins(self, board: np.ndarray, to_move: int, target: int) -> bool:
        """Does ``target`` win with perfect play from ``board`` with ``to_move`` to move?

        Raises ``RuntimeError`` when a node cap stopped the search (no answer then).
        """
        board = np.ascontiguousarray(board, dtype=np.int8).copy()
        self.counters[0] = 0
        self.counters[2] = self.node_cap
        self.counters[3] = 0
        root = (board, self.n, int(to_move), int(target), 0)  # position, colour to move, target, depth
        if self.method == "dfpn":
            h = self._hashes(board)
            run_search(
                lambda: dfpn(*root, h, INF, INF, self.zs, *self.table, *self.work),
                self.counters, nodes=0, cap=2, what=f"the {self.n}x{self.n} proof",
            )  # fmt: skip
            self.nodes += int(self.counters[0])
            if self.counters[3]:
                raise RuntimeError(f"node cap {self.node_cap} reached before the proof finished")
            pn, dn = int(self.seen[0, 0, -1]), int(self.seen[0, 1, -1])  # the root's own numbers
            if pn != 0 and dn != 0:
                raise RuntimeError("df-pn stopped without a proof (transposition table too small?)")
            return pn == 0
        hashes = self._hashes(board)
        r = run_search(
            lambda: prove(*root, hashes, self.zs, self.tt_keys, self.tt_vals, self.tt_move, *self.prove_work),
            self.counters, nodes=0, cap=2, what=f"the {self.n}x{self.n} proof",
        )  # fmt: skip
        self.nodes += int(self.counters[0])
        if self.counters[3]:
            raise RuntimeError(f"node cap {self.node_cap} reached before the proof finished")
        return bool(r)

    def proven(self, board: np.ndarray, to_move: int, target: int) -> bool:
        """Whether the table already holds a proof that ``target`` wins from ``board`` with ``to_move``
        to move (df-pn only; no search: a quick question for a proof tree's writer)."""
        if self.method != "dfpn":
            return False
        key = _root_key(self._hashes(np.ascontiguousarray(board, dtype=np.int8)), int(to_move), int(target))
        return _lookup(self, key)[0] == 0

    def value(self, board: np.ndarray, to_move: int, first: int = RED) -> str:
        """``"red"``, ``"blue"`` or ``"draw"``: the result with perfect play.

        ``first`` is the colour whose win is tried first (the likelier winner saves one proof).
        When the first proof fails and the second hits the node cap, :class:`PartialResult`
        says which colour is ruled out.
        """
        second = BLUE if first == RED else RED
        if self.wins(board, to_move, first):
            return COLOUR_NAME[first]
        try:
            if self.wins(board, to_move, second):
                return COLOUR_NAME[second]
        except RuntimeError as err:
            raise PartialResult(f"{COLOUR_NAME[first]} does not win; {err}", f"{COLOUR_NAME[second]} or draw") from None
        return "draw"


class PartialResult(RuntimeError):
    """A capped search that still proved something: ``known`` is e.g. ``"blue or draw"``."""

    def __init__(self, message: str, known: str):
        super().__init__(message)
        self.known = known


def _root_key(h: np.ndarray, colour: int, target: int) -> np.uint64:
    return _tt_key(h, colour, target)


def _lookup(search: ProofSearch, key) -> tuple[int, int]:
    pn, dn = _pn_lookup(search.tt_keys, search.tt_pn, search.tt_dn, np.uint64(key))
    return int(pn), int(dn)


@dataclass
class Solution:
    """The perfect-play result of one board size and variant.

    ``opening_values[(r, c)]``: the result (``red``/``blue``/``draw``) after Red opens at (r, c)
    and both sides then play perfectly without a swap. ``winner`` is the colour that wins the
    game from the empty board (with swap: the colour seat 1 ends up with is reported through
    ``winner_seat``).
    """

    size: int
    swap: bool
    winner: str
    winner_seat: int | None
    winning_first_moves: list
    swap_openings: list
    opening_values: dict
    nodes: int
    seconds: float
    info: dict = field(default_factory=dict)

    def to_row(self) -> dict[str, Any]:
        fmt = lambda moves: " ".join(f"{r},{c}" for r, c in moves)  # noqa: E731
        return {
            "size": self.size,
            "swap": self.swap,
            "winner": self.winner,
            "winner_seat": -1 if self.winner_seat is None else self.winner_seat,
            "winning_first_moves": fmt(self.winning_first_moves),
            "n_winning_first_moves": len(self.winning_first_moves),
            "swap_openings": fmt(self.swap_openings) if self.swap else "",
            "red_winning_openings": fmt(sorted(m for m, v in self.opening_values.items() if v == "red")),
            "draw_openings": fmt(sorted(m for m, v in self.opening_values.items() if v == "draw")),
            "complete": bool(self.info.get("complete", len(self.opening_values) == self.size**2)),
            "winning_first_moves_complete": bool(
                self.info.get("winning_moves_complete", len(self.opening_values) == self.size**2)
            ),
            "unresolved": " ".join(
                f"{r},{c}:{self.info.get('partial', {}).get((r, c), 'unknown').replace(' ', '_')}"
                for r in range(self.size)
                for c in range(self.size)
                if (r, c) not in self.opening_values
            ),
            "solved_openings": len(self.opening_values),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }

    def _repr_html_(self) -> str:
        import html

        row = self.to_row()
        cells = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in row.items())
        return f"<table>{cells}</table>"


def opening_values(
    n: int, search: ProofSearch | None = None, progress: bool = False, first_edge_blue: bool = True
) -> dict:
    """``{(r, c): "red"|"blue"|"draw"}`` for every legal first move of Red on an n x n board.

    Symmetric openings are solved once (the board's four colour-preserving symmetries).
    An opening whose proof hits the search's node cap is left out of the result (and listed
    in ``search.capped``; what was proved before the cap, such as "blue or draw", is in
    ``search.partial``), never guessed.
    """
    search = search or ProofSearch(n)
    search.capped = []
    search.partial = {}
    maps = symmetry_maps(n)
    empty = np.zeros(n * n, dtype=np.int8)
    values: dict = {}
    for point in centre_first_order(n):  # canonical openings, centre first
        p = int(point)
        canon = int(min(maps[:, p]))
        if canon != p:
            continue
        r, c = divmod(p, n)
        board = empty.copy()
        board[p] = RED
        # an opening on the edge is tried as a Blue win first, an inner one as a Red win (3x3..5x5 pattern)
        first = BLUE if first_edge_blue and (r in (0, n - 1) or c in (0, n - 1)) else RED
        try:
            values[(r, c)] = search.value(board, BLUE, first=first)
        except RuntimeError as err:
            search.capped.append((r, c))
            if isinstance(err, PartialResult):
                search.partial[(r, c)] = err.known
            if progress:
                print(f"  {n}x{n} opening ({r}, {c}): stopped by the node cap ({err})", flush=True)
            continue
        if progress:
            print(f"  {n}x{n} opening ({r}, {c}): {values[(r, c)]} ({search.nodes} nodes so far)", flush=True)
    for p in range(n * n):
        rep = divmod(int(min(maps[:, p])), n)  # the canonical opening of p's class
        if rep in values:
            values[divmod(p, n)] = values[rep]
        if rep in search.partial:
            search.partial[divmod(p, n)] = search.partial[rep]
    values = dict(sorted(values.items()))
    return values


def values_from_proofs(n: int, proofs) -> tuple[dict, dict]:
    """``(values, partial)`` for every opening from single proofs, e.g. the lines of
    ``data/necklace/proofs_5x5.jsonl``: ``{"opening": [r, c], "target": "red"|"blue", "wins": true |
    false | "capped"}``. Both targets decided: the exact value (neither wins: draw); one target
    disproved and the other not decided: ``"blue or draw"`` / ``"red or draw"`` in ``partial``.
    Results are copied to the symmetric openings.

    >>> values, partial = values_from_proofs(3, [{"opening": [1, 1], "target": "red", "wins": True},
    ...                                          {"opening": [0, 0], "target": "red", "wins": False}])
    >>> values[(1, 1)], partial[(2, 2)]
    ('red', 'blue or draw')
    """
    found: dict = {}
    maps = symmetry_maps(n)
    first: dict = {}  # (opening class, target) -> the opening and result proved first
    for rec in proofs:
        r, c = (int(x) for x in rec["opening"])
        if rec["target"] not in ("red", "blue") or not (0 <= r < n and 0 <= c < n):
            raise InvalidInputError(f"a proof names target red|blue and an opening on the {n}x{n} board, got {rec}")
        if rec["wins"] == "capped":
            continue
        wins = rec["wins"]
        if not isinstance(wins, bool):
            raise InvalidInputError(f"a proof's 'wins' is true, false or 'capped', got {wins!r} in {rec}")
        key = (min(divmod(int(maps[k, r * n + c]), n) for k in range(4)), rec["target"])
        if key in first and first[key][1] != wins:
            (r0, c0), said = first[key]
            raise InvalidInputError(
                f"the proofs contradict each other: opening {r0},{c0} for {rec['target']}: wins {str(said).lower()}, "
                f"and opening {r},{c} (the same or a mirror image): wins {str(wins).lower()}; expected one result"
            )
        first.setdefault(key, ((r, c), wins))
        found.setdefault((r, c), {})[rec["target"]] = wins
    values: dict = {}
    partial: dict = {}
    for (r, c), res in found.items():
        if res.get("red") is True:
            v, known = "red", True
        elif res.get("blue") is True:
            v, known = "blue", True
        elif res.get("red") is False and res.get("blue") is False:
            v, known = "draw", True
        else:
            v, known = ("blue or draw" if res.get("red") is False else "red or draw"), False
        for k in range(4):
            img = divmod(int(maps[k, r * n + c]), n)
            (values if known else partial)[img] = v
    return dict(sorted(values.items())), dict(sorted(partial.items()))


def solve(
    size: int,
    swap: bool = True,
    tt_bits: int = 22,
    progress: bool = False,
    adjacency_weight: int = 1000,
    history: bool = False,
    method: str = "dfpn",
    max_nodes: int = 0,
) -> Solution:
    """Solve the empty ``size`` x ``size`` board (with or without the swap rule).

    On an empty board every point is legal for Red (no stones, every region touches the edge).
    ``max_nodes`` (0 = no cap) caps each proof; capped openings are reported, the result is
    then marked incomplete (``info["complete"] is False``, ``info["capped"]`` lists them).
    """
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or size < 2:
        raise InvalidInputError(f"board size must be an integer >= 2, got {size!r}")
    t0 = time.perf_counter()
    search = ProofSearch(
        int(size),
        tt_bits=tt_bits,
        adjacency_weight=adjacency_weight,
        history=history,
        method=method,
        node_cap=max_nodes,
    )
    values = opening_values(int(size), search, progress)
    info = {"method": method, "tt_bits": tt_bits}
    if search.capped:
        info["capped"] = [f"{r},{c}" for r, c in search.capped]
        info["max_nodes"] = max_nodes
    if search.partial:
        info["partial"] = dict(sorted(search.partial.items()))
    return solution_from_values(int(size), swap, values, search.nodes, time.perf_counter() - t0, info=info)


def solution_from_values(
    size: int, swap: bool, values: dict, nodes: int = 0, seconds: float = 0.0, info: dict | None = None
) -> Solution:
    """The game's result from the per-opening results (see :func:`solve` for the swap logic)."""
    red_wins = sorted(m for m, v in values.items() if v == "red")
    draws = sorted(m for m, v in values.items() if v == "draw")
    info = dict(info or {})
    partial = {m: k for m, k in info.get("partial", {}).items() if m not in values}
    complete = len(values) == size * size
    info["complete"] = complete
    # Red's winning first moves are all known when every other opening is proved not to be a Red win
    info["winning_moves_complete"] = all(
        (r, c) in values or partial.get((r, c)) == "blue or draw" for r in range(size) for c in range(size)
    )
    if not complete:
        # a search stopped before every opening was solved: say so, conclude only what is proved
        info["solved_openings"] = len(values)
        if not swap and red_wins:
            return Solution(size, False, "red", 0, red_wins, [], dict(values), nodes, seconds, info)
        if swap and info["winning_moves_complete"] and not draws:
            # Blue swaps every Red win; after any other opening Blue wins or it is drawn
            return Solution(
                size, True, "second player or draw (unresolved)", None, [], red_wins, dict(values), nodes, seconds, info
            )
        return Solution(
            size, swap, "unknown (incomplete)", None, [], red_wins if swap else [], dict(values), nodes, seconds, info
        )
    if not swap:
        if red_wins:
            winner, seat, first = "red", 0, red_wins
        elif draws:
            winner, seat, first = "draw", None, draws
        else:
            winner, seat, first = "blue", 1, []
        return Solution(size, False, winner, seat, first, [], dict(values), nodes, seconds, info)
    # with swap: Blue swaps a Red-winning opening and places after a Blue-winning one, so the
    # first player wins no opening; openings valued "draw" are the first player's best.
    if draws:
        winner, seat, first = "draw", None, draws
    else:
        winner, seat, first = "second player", 1, []
    return Solution(size, True, winner, seat, first, red_wins, dict(values), nodes, seconds, info)


SOLUTION_COLUMNS = [
    "size",
    "swap",
    "winner",
    "winner_seat",
    "winning_first_moves",
    "n_winning_first_moves",
    "swap_openings",
    "red_winning_openings",
    "draw_openings",
    "complete",
    "winning_first_moves_complete",
    "unresolved",
    "solved_openings",
    "nodes",
    "seconds",
]


def solutions_table(solutions) -> pd.DataFrame:
    """One row per (size, swap) in :data:`SOLUTION_COLUMNS` order."""
    return pd.DataFrame([s.to_row() for s in solutions], columns=SOLUTION_COLUMNS)


def openings_table(solutions) -> pd.DataFrame:
    """Long table ``size, row, col, value`` of every opening's perfect-play result (no swap); an
    opening only partly resolved by a capped search has a value such as ``blue or draw``."""
    rows, seen = [], set()
    for s in solutions:
        if s.size in seen:
            continue
        seen.add(s.size)
        known = dict(s.info.get("partial", {}))
        known.update(s.opening_values)
        for (r, c), v in sorted(known.items()):
            rows.append({"size": s.size, "row": r, "col": c, "value": v})
    return pd.DataFrame(rows, columns=["size", "row", "col", "value"])
