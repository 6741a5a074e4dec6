# The FEN engine (negenlab/fen/game.py) as it was before the flat, faster engine (kept for benchmarks
# and for tests/fen/test_flat_engine.py, which cross-checks the two). Frozen: do not change it; only the
# relative imports were made absolute so that it loads from here.
"""The FEN game on negenlab's core protocol: :class:`FenGame` (a board and :class:`Rules`) makes
:class:`FenState` positions.

Actions are integers. With V nodes, E edges and F faces of the board:

- ``0 .. V-1`` claim that node; ``V .. V+E-1`` claim edge ``a - V``;
- ``V+E .. V+E+F-1`` capture face ``a - V - E``;
- ``SWAP = V+E+F`` (pie rule), ``STOP = V+E+F+1`` (end a capture turn).

A turn is a sequence of these *micro-actions* by the same player (``current_player`` does
not change until the turn is over): a claim of n nodes is n node actions, a claim of e edges
is e edge actions, a capture is one or more face actions followed by ``STOP``. Only
placements that can still be completed into a legal whole claim are offered, so every
sequence of legal micro-actions is a legal turn and every legal turn is such a sequence.
People use the whole-turn API: :meth:`FenState.play_turn` and :meth:`FenState.check_turn`,
which raise :class:`IllegalMoveError` naming the broken condition.

Colours are 0 (moves first) and 1; seats are the players. After a swap (pie rule) seat 1
owns colour 0 and seat 0 plays colour 1 next.

>>> import numpy as np
>>> from negenlab.fen import FenGame, tilings
>>> game = FenGame(tilings.triangle(7))
>>> s = game.new_initial_state()
>>> (game.n, game.e), len(s.legal_actions())   # 36 nodes + 84 edges
((1, 3), 120)
>>> s.play_turn("edges", [0, 5, 9])
>>> s.current_player, s.turn_number
(1, 1)
>>> s.play_turn("nodes", [0, 1])
Traceback (most recent call last):
...
negenlab.core.errors.IllegalMoveError: a node claim on this board takes exactly 1 node(s), got 2
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from typing import Any

import numpy as np

from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import TERMINAL, Game, State
from negenlab.fen.boards import parse_board
from negenlab.fen.ne import derive_ne
from negenlab.fen.rules import Rules
from negenlab.fen.tessellation import Tessellation

START, CLAIM_NODES, CLAIM_EDGES, CAPTURE = 0, 1, 2, 3
KIND_NAMES = {CLAIM_NODES: "node", CLAIM_EDGES: "edge"}


class _Board:
    """Integer tables of a board for the engine (built once per game)."""

    def __init__(self, t: Tessellation):
        V, E, F = t.num_nodes, t.num_edges, t.num_faces
        self.V, self.E, self.F = V, E, F
        self.EDGE0 = V
        self.FACE0 = V + E
        self.SWAP = V + E + F
        self.STOP = V + E + F + 1
        self.need = [len(f) for f in t.face_nodes]
        item_faces = [tuple(fs) for fs in t.node_faces] + [tuple(fs) for fs in t.edge_faces]
        self.item_faces = item_faces
        face_items_nodes = [tuple(f) for f in t.face_nodes]
        face_items_edges = [tuple(V + j for j in fe) for fe in t.face_edges]
        self.face_components = [face_items_nodes[f] + face_items_edges[f] for f in range(F)]
        conflicts = []
        for x in range(V + E):
            group = face_items_nodes if x < V else face_items_edges
            s: set[int] = set()
            for f in item_faces[x]:
                s.update(group[f])
            s.discard(x)
            conflicts.append(tuple(sorted(s)))
        self.conflicts = conflicts
        self.conflict_bits = [sum(1 << y for y in c) for c in conflicts]
        self.D_node = max((len(conflicts[x]) for x in range(V)), default=0)
        self.D_edge = max((len(conflicts[x]) for x in range(V, V + E)), default=0)
        self.majority = F // 2 + 1
        # CSR tables for the compiled playout kernel
        self.item_ptr = np.zeros(V + E + 1, np.int64)
        self.item_ptr[1:] = np.cumsum([len(x) for x in item_faces])
        self.item_idx = np.array([f for x in item_faces for f in x], np.int64)
        self.conf_ptr = np.zeros(V + E + 1, np.int64)
        self.conf_ptr[1:] = np.cumsum([len(c) for c in conflicts])
        self.conf_idx = np.array([y for c in conflicts for y in c] or [0], np.int64)
        self.need_arr = np.array(self.need, np.int64)


def _has_independent(cands: list[int], r: int, board: _Board, D: int) -> bool:
    """Is there a set of ``r`` items in ``cands`` no two of which share a face?"""
    if r <= 0:
        return True
    if len(cands) >= (r - 1) * (D + 1) + 1:  # greedy bound: any such set has an independent r-set
        return True
    mask = 0
    for y in cands:
        mask |= 1 << y
    return _indep_mask(mask, r, board.conflict_bits)


def _indep_mask(mask: int, r: int, cbits: list[int]) -> bool:
    if r == 0:
        return True
    if r == 1:
        return mask != 0
    if mask.bit_count() < r:
        return False
    low = mask & -mask
    x = low.bit_length() - 1
    rest = mask ^ low
    if _indep_mask(rest & ~cbits[x], r - 1, cbits):
        return True
    return _indep_mask(rest, r, cbits)


def _max_independent(cands: list[int], cap: int, board: _Board, D: int) -> int:
    """min(cap, size of a largest set of items of ``cands`` no two sharing a face)."""
    if not cands:
        return 0
    for r in range(cap, 0, -1):
        if _has_independent(cands, r, board, D):
            return r
    return 0


class FenGame(Game):
    """FEN on a board: a :class:`Tessellation` (or a board spec such as ``"triangle:7"``, see
    :func:`negenlab.fen.boards.parse_board`) and a :class:`negenlab.fen.Rules` (defaults from the rules page).

    ``tessellation`` is the board; ``board`` holds its integer tables for the engine.

    >>> from negenlab.fen import tilings
    >>> g = FenGame(tilings.hexagon(1))
    >>> g.n, g.e, g.describe()["rules"]["pie_rule"]
    (2, 3, True)
    >>> FenGame("square:3x3", Rules(pie_rule=False)).describe()["faces"]
    9
    """

    name = "fen"

    def __init__(self, board: Tessellation | str, rules: Rules | None = None):
        if isinstance(board, str):
            board = parse_board(board)
        if not isinstance(board, Tessellation):
            raise InvalidInputError(f"FenGame needs a Tessellation or a board spec, got {type(board).__name__}")
        tessellation = board
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise InvalidInputError(f"rules must be a negenlab.fen.Rules, got {type(rules).__name__}")
        self.tessellation = tessellation
        self.ne = derive_ne(tessellation, rules.ne_scope)
        self.n = rules.n if rules.n is not None else self.ne.n
        self.e = rules.e if rules.e is not None else self.ne.e
        self.rules = rules
        self.board = _Board(tessellation)
        b = self.board
        # with at least this many empty nodes (edges), a face-disjoint set of n (e) exists and every
        # empty item starts one (greedy bound: a conflict degree D leaves an independent set of ceil(m/(D+1)))
        self._node_fast = max(1, (self.n - 1) * (b.D_node + 1) + 1)
        self._edge_fast = max(1, (self.e - 1) * (b.D_edge + 1) + 1)
        self._packed: tuple | None = None  # the game packed for the compiled playout (on first use)
        self._no_swap: FenGame | None = None  # the same game with the pie rule off (on first use)

    @property
    def num_players(self) -> int:
        return 2

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        t = self.tessellation
        d.update(
            {
                "board": t.name,
                "faces": t.num_faces,
                "nodes": t.num_nodes,
                "edges": t.num_edges,
                "n": self.n,
                "e": self.e,
            }
        )
        return d

    def new_initial_state(self) -> FenState:
        s = FenState.__new__(FenState)
        s._init(self)
        return s

    def without_swap(self) -> FenGame:
        """This game with the pie rule off (the same board tables, made once and kept): what a
        player searches when it weighs the swap against a placement, the swap set aside.

        >>> g = FenGame("triangle:3")
        >>> g.without_swap().rules.pie_rule, g.without_swap() is g.without_swap(), g.without_swap().board is g.board
        (False, True, True)
        """
        if not self.rules.pie_rule:
            return self
        if self._no_swap is None:
            other = copy.copy(self)
            other.rules = dataclasses.replace(self.rules, pie_rule=False)
            other._packed = None  # the compiled playout reads the pie rule from the packed game
            other._no_swap = other
            self._no_swap = other
        return self._no_swap

    def __repr__(self) -> str:
        return f"FenGame({self.tessellation.name!r}, n={self.n}, e={self.e}, {self.rules})"


def make_game(board: Tessellation | str = "triangle:7", **rules: Any) -> FenGame:
    """The game ``negenlab.games.load("fen", board=..., **rules)`` makes: ``board`` is a
    :class:`Tessellation` or a board spec (``triangle:7``, the standard board, by default;
    ``hexagon:2``, ``square:5x5``, ``4.8.8:37``, a board JSON file); ``rules`` are
    :class:`Rules` fields.

    >>> g = make_game("hexagon:1", pie_rule=False)
    >>> g.tessellation.name, g.rules.pie_rule, (g.n, g.e)
    ('hexagon radius 1', False, (2, 3))
    >>> make_game(pies=True)
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: fen has no rule 'pies'; its rules are pie_rule, partial_claims, n, e, ne_scope
    """
    names = [f.name for f in dataclasses.fields(Rules)]
    unknown = [k for k in rules if k not in names]
    if unknown:
        raise InvalidInputError(f"fen has no rule {unknown[0]!r}; its rules are {', '.join(names)}")
    return FenGame(board, Rules(**rules))


class FenState(State):
    """A FEN position. See the module docstring for the action numbering."""

    owner: list[int]  # colour (-1 empty) of every node, edge and face, by action number
    cnt: list[list[int]]  # per colour: components owned of every face
    elig: list[set[int]]  # per colour: the faces it may capture
    placed: list[int]  # the items (or faces) of the turn in progress
    cand: list[int] | None  # during a claim: the items still compatible with those placed
    history: list[int]
    _legal: list[Any] | None

    __slots__ = (
        "game",
        "b",
        "owner",
        "cnt",
        "elig",
        "faces_owned",
        "colour",
        "swapped",
        "turn_number",
        "colour_turns",
        "phase",
        "placed",
        "target",
        "cand",
        "empty_nodes",
        "empty_edges",
        "tn",
        "te",
        "_terminal",
        "winner_colour",
        "end_reason",
        "captured",
        "skips",
        "_legal",
        "history",
        "_quick",
    )

    def _init(self, game: FenGame) -> None:
        b = game.board
        self.game = game
        self.b = b
        self.owner = [-1] * (b.V + b.E + b.F)
        self.cnt = [[0] * b.F, [0] * b.F]
        self.elig = [set(), set()]
        self.faces_owned = [0, 0]
        self.colour = 0
        self.swapped = 0
        self.turn_number = 0
        self.colour_turns = [0, 0]
        self.phase = START
        self.placed = []
        self.target = 0
        self.cand = None
        self.empty_nodes = list(range(b.V))
        self.empty_edges = list(range(b.V, b.V + b.E))
        self._terminal = False
        self.winner_colour = -1
        self.end_reason = ""
        self.captured = [0, 0]
        self.skips = 0
        self._legal = None
        self._quick = 0
        self.history = []
        self._begin_turn()

    # -- protocol ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self._terminal else self.colour ^ self.swapped

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self._terminal

    def returns(self) -> list[float]:
        if not self._terminal or self.winner_colour < 0:
            return [0.0, 0.0]
        ws = self.winner_colour ^ self.swapped
        return [1.0, -1.0] if ws == 0 else [-1.0, 1.0]

    def clone(self) -> FenState:
        s = FenState.__new__(FenState)
        s.game = self.game
        s.b = self.b
        s.owner = self.owner[:]
        s.cnt = [self.cnt[0][:], self.cnt[1][:]]
        s.elig = [set(self.elig[0]), set(self.elig[1])]
        s.faces_owned = self.faces_owned[:]
        s.colour = self.colour
        s.swapped = self.swapped
        s.turn_number = self.turn_number
        s.colour_turns = self.colour_turns[:]
        s.phase = self.phase
        s.placed = self.placed[:]
        s.target = self.target
        s.cand = None if self.cand is None else self.cand[:]
        s.empty_nodes = self.empty_nodes[:]
        s.empty_edges = self.empty_edges[:]
        s.tn, s.te = self.tn, self.te
        s._terminal = self._terminal
        s.winner_colour = self.winner_colour
        s.end_reason = self.end_reason
        s.captured = self.captured[:]
        s.skips = self.skips
        s._legal = self._legal
        s._quick = self._quick
        s.history = self.history[:]
        return s

    # -- turn bookkeeping ----------------------------------------------------------------------
    def _swap_available(self) -> bool:
        return (
            self.game.rules.pie_rule
            and self.colour == 1
            and self.colour_turns[1] == 0
            and not self.swapped
            and self.turn_number == 1
        )

    def _claim_size(self, empty: list[int], want: int, D: int) -> int:
        """How many of the ``empty`` items (nodes or edges, conflict degree ``D``) a claim takes now:
        ``want``, fewer (partial claims) or 0 (no claim of this kind is possible)."""
        if len(empty) >= (want - 1) * (D + 1) + 1:
            return want
        if self.game.rules.partial_claims:
            return _max_independent(empty, want, self.b, D)
        return want if _has_independent(empty, want, self.b, D) else 0

    def _targets(self) -> tuple[int, int]:
        b, g = self.b, self.game
        return (self._claim_size(self.empty_nodes, g.n, b.D_node), self._claim_size(self.empty_edges, g.e, b.D_edge))

    def _begin_turn(self) -> None:
        """Start the turn of ``self.colour``; skip a colour with no action; end a blocked game."""
        self.phase = START
        self.placed = []
        self.cand = None
        self._legal = None
        g = self.game
        if len(self.empty_nodes) >= g._node_fast and len(self.empty_edges) >= g._edge_fast:
            self.tn = g.n  # plenty of room: full claims of both kinds exist
            self.te = g.e
            return
        for _ in range(2):
            tn, te = self._targets()
            self.tn, self.te = tn, te
            if tn or te or self.elig[self.colour] or self._swap_available():
                return
            self.skips += 1
            self.colour ^= 1
        self.tn = self.te = 0
        self._terminal = True
        self.end_reason = "blocked"
        f0, f1 = self.faces_owned
        self.winner_colour = 0 if f0 > f1 else 1 if f1 > f0 else -1

    def _end_turn(self) -> None:
        self.colour_turns[self.colour] += 1
        self.turn_number += 1
        self.colour ^= 1
        self._begin_turn()

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _extendable(self, cands: list[int], r: int, D: int) -> list[int]:
        """Items x of ``cands`` after which r-1 more face-disjoint items of ``cands`` remain."""
        if r <= 1 or len(cands) >= (r - 1) * (D + 1) + 1:
            return cands[:] if r >= 1 else []
        b = self.b
        cb = b.conflict_bits
        mask = 0
        for y in cands:
            mask |= 1 << y
        out = []
        for x in cands:
            if _indep_mask(mask & ~(1 << x) & ~cb[x], r - 1, cb):
                out.append(x)
        return out

    def _compute_legal(self) -> list[int]:
        self._quick = 0
        if self._terminal:
            return []
        b = self.b
        ph = self.phase
        if ph == START:
            tn, te = self.tn, self.te
            g = self.game
            if (
                tn == g.n
                and te == g.e
                and len(self.empty_nodes) >= g._node_fast
                and len(self.empty_edges) >= g._edge_fast
            ):
                self._quick = 3
                out = self.empty_nodes + self.empty_edges
                el = self.elig[self.colour]
                if el:
                    F0 = b.FACE0
                    out += [F0 + f for f in sorted(el)]
                if self.turn_number == 1 and self._swap_available():
                    out.append(b.SWAP)
                return out
            en, ee = self.empty_nodes, self.empty_edges
            quick = 0
            if tn == 1 or (tn and len(en) >= (tn - 1) * (b.D_node + 1) + 1):
                quick = 1
                if te == 1 or (te and len(ee) >= (te - 1) * (b.D_edge + 1) + 1):
                    quick = 3
                    out = en + ee
                else:
                    out = en + (self._extendable(ee, te, b.D_edge) if te else [])
            else:
                out = self._extendable(en, tn, b.D_node) if tn else []
                if te == 1 or (te and len(ee) >= (te - 1) * (b.D_edge + 1) + 1):
                    quick = 2
                    out += ee
                elif te:
                    out += self._extendable(ee, te, b.D_edge)
            self._quick = quick
            el = self.elig[self.colour]
            if el:
                F0 = b.FACE0
                out += [F0 + f for f in sorted(el)]
            if self._swap_available():
                out.append(b.SWAP)
            return out
        if ph == CAPTURE:
            F0 = b.FACE0
            return [F0 + f for f in sorted(self.elig[self.colour])] + [b.STOP]
        D = b.D_node if ph == CLAIM_NODES else b.D_edge
        cand = self.cand
        assert cand is not None  # set by the first item of a claim of more than one
        r = self.target - len(self.placed)
        if r <= 1 or len(cand) >= (r - 1) * (D + 1) + 1:
            return cand[:]
        return self._extendable(cand, r, D)

    # -- applying ------------------------------------------------------------------------------
    def apply(self, action) -> None:
        b = self.b
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        q = self._quick
        if (
            q
            and self.phase == START
            and action.__class__ is int
            and 0 <= action < b.FACE0
            and self.owner[action] < 0
            and q & (1 if action < b.V else 2)
        ):
            pass  # every empty item of this kind is legal here
        elif action not in legal:
            raise IllegalMoveError(self._why_illegal(action))
        self._legal = None
        self.history.append(action)
        c = self.colour
        if action < b.FACE0:
            owner = self.owner
            owner[action] = c
            cnt = self.cnt[c]
            need = b.need
            F0 = b.FACE0
            for f in b.item_faces[action]:
                k = cnt[f] + 1
                cnt[f] = k
                if k == need[f] and owner[F0 + f] < 0:
                    self.elig[c].add(f)
            placed = self.placed
            placed.append(action)
            empty = self.empty_nodes if action < b.V else self.empty_edges
            empty.remove(action)
            if self.phase == START:  # the first item of a claim fixes its kind and size
                if action < b.V:
                    self.phase, target = CLAIM_NODES, self.tn
                else:
                    self.phase, target = CLAIM_EDGES, self.te
                self.target = target
                if target > 1:
                    self.cand = empty[:]
            else:
                target = self.target
            if len(placed) >= target:
                self._end_turn()
                return
            cand = self.cand
            assert cand is not None  # the claim takes more than one item (target > 1)
            if len(placed) == 1:
                for y in b.conflicts[action]:
                    if owner[y] < 0:
                        cand.remove(y)  # cand was a copy of the empty items of this kind
            else:
                cand.remove(action)
                for y in b.conflicts[action]:
                    if y in cand:
                        cand.remove(y)
            return
        if action < b.SWAP:
            f = action - b.FACE0
            self.owner[action] = c
            self.elig[0].discard(f)
            self.elig[1].discard(f)
            self.faces_owned[c] += 1
            self.captured[c] += 1
            self.phase = CAPTURE
            self.placed.append(action)
            if self.faces_owned[c] >= b.majority:
                self._terminal = True
                self.winner_colour = c
                self.end_reason = "majority"
                self.colour_turns[c] += 1
                self.turn_number += 1
                return
            if not self.elig[c]:  # nothing more to capture: the turn is over
                self._end_turn()
            return
        if action == b.SWAP:
            self.swapped = 1
            self.turn_number += 1
            self.colour_turns[1] += 1
            self._begin_turn()
            return
        # STOP
        self._end_turn()

    def _why_illegal(self, action) -> str:
        b = self.b
        if self._terminal:
            return "the game is over"
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool) or not 0 <= action <= b.STOP:
            return f"action {action!r} is not an integer in 0..{b.STOP}"
        name = self.action_to_string(action)
        if action < b.FACE0 and self.owner[action] >= 0:
            return f"{name} is already taken (colour {self.owner[action]})"
        if action == b.SWAP:
            if not self.game.rules.pie_rule:
                return "swap: the pie rule is off in these rules"
            return "swap is only legal on the second player's first turn, before placing anything"
        if action == b.STOP:
            return "stop only ends a capture turn after at least one face was captured"
        if b.FACE0 <= action < b.SWAP:
            f = action - b.FACE0
            if self.owner[action] >= 0:
                return f"{name} is already captured (colour {self.owner[action]})"
            if self.phase in (CLAIM_NODES, CLAIM_EDGES):
                return f"{name}: a claim turn in progress cannot mix in a capture"
            return (
                f"{name} has {self.cnt[self.colour][f]} of its {2 * b.need[f]} components claimed by the "
                f"player to move; a capture needs {b.need[f]}"
            )
        kind = CLAIM_NODES if action < b.V else CLAIM_EDGES
        if self.phase == CAPTURE:
            return f"{name}: a capture turn can only capture more faces or stop"
        if self.phase != START and self.phase != kind:
            return f"{name}: this turn claims {KIND_NAMES[self.phase]}s, a claim cannot mix nodes and edges"
        if self.phase == kind:
            for y in self.placed:
                shared = set(b.item_faces[y]) & set(b.item_faces[action])
                if shared:
                    return (
                        f"{name} and {self.action_to_string(y)} both lie on face {min(shared)}; "
                        f"the items of one claim share no face"
                    )
            return (
                f"after {name} the claim could not be completed to {self.target} {KIND_NAMES[kind]}s that share no face"
            )
        target = self.tn if kind == CLAIM_NODES else self.te
        if target == 0:
            return f"no {KIND_NAMES[kind]} claim is possible: no set of {self.game.n if kind == CLAIM_NODES else self.game.e} empty {KIND_NAMES[kind]}s shares no face (partial claims are off)"
        return f"after {name} the claim could not be completed to {target} {KIND_NAMES[kind]}s that share no face"

    # -- whole turns ---------------------------------------------------------------------------
    def _item(self, kind: str, x) -> int:
        b, t = self.b, self.game.tessellation
        if kind == "nodes":
            if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x < b.V:
                raise IllegalMoveError(f"node {x!r} does not exist; nodes are numbered 0..{b.V - 1}")
            return int(x)
        if kind == "edges":
            if isinstance(x, (tuple, list)) and len(x) == 2:
                key = (min(x), max(x))
                j = t.edge_index.get(key)
                if j is None:
                    raise IllegalMoveError(f"nodes {x[0]} and {x[1]} are not joined by an edge of the board")
                return b.V + j
            if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x < b.E:
                raise IllegalMoveError(
                    f"edge {x!r} does not exist; edges are numbered 0..{b.E - 1} or given as node pairs (u, v)"
                )
            return b.V + int(x)
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x < b.F:
            raise IllegalMoveError(f"face {x!r} does not exist; faces are numbered 0..{b.F - 1}")
        return b.FACE0 + int(x)

    def check_turn(self, kind: str, items: Iterable = ()) -> list[int]:
        """The micro-actions of a whole turn, or :class:`IllegalMoveError` naming the broken condition.

        ``kind`` is ``"nodes"``, ``"edges"`` (items: edge numbers or node pairs), ``"capture"``
        (items: face numbers) or ``"swap"``.
        """
        b = self.b
        if self._terminal:
            raise IllegalMoveError("the game is over")
        if self.phase != START:
            raise IllegalMoveError("a turn is already in progress (micro-actions were played); finish it first")
        items = list(items)
        if kind == "swap":
            if items:
                raise IllegalMoveError("swap takes no items")
            if not self._swap_available():
                raise IllegalMoveError(self._why_illegal(b.SWAP))
            return [b.SWAP]
        if kind not in ("nodes", "edges", "capture"):
            raise IllegalMoveError(f"unknown turn kind {kind!r}; expected 'nodes', 'edges', 'capture' or 'swap'")
        acts = [self._item(kind, x) for x in items]
        if len(set(acts)) != len(acts):
            raise IllegalMoveError(f"the same {kind[:-1] if kind != 'capture' else 'face'} is named twice")
        if kind == "capture":
            if not acts:
                raise IllegalMoveError("a capture takes at least one face")
            for a in acts:
                if a - b.FACE0 not in self.elig[self.colour]:
                    raise IllegalMoveError(self._why_illegal(a))
            return acts + [b.STOP]
        single = "node" if kind == "nodes" else "edge"
        want = self.game.n if kind == "nodes" else self.game.e
        target = self.tn if kind == "nodes" else self.te
        if target == 0:
            raise IllegalMoveError(
                f"no {single} claim is possible: no {want} empty {single}s that share no face "
                f"are left (partial claims are off)"
            )
        if len(acts) != target:
            if target == want:
                raise IllegalMoveError(
                    f"a {single} claim on this board takes exactly {want} {single}(s), got {len(acts)}"
                )
            raise IllegalMoveError(
                f"only {target} empty {single}s that share no face are left, so a claim takes "
                f"exactly {target} (not {len(acts)})"
            )
        for a in acts:
            if self.owner[a] >= 0:
                raise IllegalMoveError(f"{self.action_to_string(a)} is already taken (colour {self.owner[a]})")
        for i, a in enumerate(acts):
            for c in acts[:i]:
                shared = set(b.item_faces[a]) & set(b.item_faces[c])
                if shared:
                    raise IllegalMoveError(
                        f"{self.action_to_string(c)} and {self.action_to_string(a)} both lie on "
                        f"face {min(shared)}; the items of one claim share no face"
                    )
        return acts

    def play_turn(self, kind: str, items: Iterable = ()) -> None:
        """Play a whole turn (see :meth:`check_turn`); nothing changes when it is illegal."""
        acts = self.check_turn(kind, items)
        for a in acts:
            if self._terminal:
                break
            if a == self.b.STOP and self.phase != CAPTURE:
                break  # the turn already ended (no face left to capture)
            self.apply(a)

    # -- reporting -----------------------------------------------------------------------------
    def action_to_string(self, action) -> str:
        b = self.b
        try:
            a = int(action)
        except (TypeError, ValueError):
            return repr(action)
        if 0 <= a < b.V:
            return f"node {a}"
        if b.V <= a < b.FACE0:
            u, v = self.game.tessellation.edges[a - b.V]
            return f"edge {a - b.V} ({u}-{v})"
        if b.FACE0 <= a < b.SWAP:
            return f"face {a - b.FACE0}"
        if a == b.SWAP:
            return "swap"
        if a == b.STOP:
            return "stop"
        return repr(action)

    def playout(self, rng: np.random.Generator, record: bool = False):
        """Returns (per seat) of a uniformly random continuation to the end, compiled with numba.

        The position itself is not changed. With ``record=True`` also returns the actions played
        (the tests replay them through :meth:`apply`, which checks each one).
        """
        if self._terminal:
            return (self.returns(), []) if record else self.returns()
        from negenlab.fen._kernels import pack_game, pack_position
        from negenlab.fen._kernels import playout as _playout

        b, g = self.b, self.game
        if g._packed is None:
            g._packed = pack_game(g)
        params, tables = g._packed
        owner, cnt, scalars, placed = pack_position(self)
        actions = np.empty(4 * (b.V + b.E + b.F) + 8, np.int64)
        seed = int(rng.integers(2**31 - 1))
        w, swapped, na, code = _playout(params, tables, owner, cnt, scalars, placed, seed, actions)
        if code == 0:
            raise RuntimeError(f"compiled playout stopped without an end (code {code}, winner {w})")
        if w < 0:
            ret = [0.0, 0.0]
        else:
            ws = int(w) ^ int(swapped)
            ret = [1.0, -1.0] if ws == 0 else [-1.0, 1.0]
        return (ret, actions[:na].tolist()) if record else ret

    def without_swap(self) -> FenState:
        """A copy of this position in which the pie rule's swap is not offered (the game with the
        pie rule off, :meth:`FenGame.without_swap`); every other action is the same.

        >>> s = FenGame("triangle:3").new_initial_state()
        >>> s.play_turn("nodes", [0])
        >>> s.b.SWAP in s.legal_actions(), s.b.SWAP in s.without_swap().legal_actions()
        (True, False)
        """
        s = self.clone()
        s.game = self.game.without_swap()
        s._legal = None
        s._quick = 0
        return s

    def seat_of_colour(self, colour: int) -> int:
        return colour ^ self.swapped

    def game_info(self) -> dict[str, Any]:
        return {
            "winner_colour": int(self.winner_colour),
            "end": self.end_reason or "unfinished",
            "swapped": bool(self.swapped),
            "turns": int(self.turn_number),
            "faces_colour_0": int(self.faces_owned[0]),
            "faces_colour_1": int(self.faces_owned[1]),
            "captures": int(self.captured[0] + self.captured[1]),
            "skips": int(self.skips),
        }

    def eligible_faces(self, colour: int | None = None) -> list[int]:
        """Empty faces the given colour (default: the one to move) may capture."""
        return sorted(self.elig[self.colour if colour is None else colour])

    def owners(self) -> dict[str, list[int]]:
        """Owner colour (-1 empty) of every node, edge and face."""
        b = self.b
        return {"nodes": self.owner[: b.V], "edges": self.owner[b.V : b.FACE0], "faces": self.owner[b.FACE0 : b.SWAP]}

    def __repr__(self) -> str:
        if self._terminal:
            st = f"over ({self.end_reason}), winner colour {self.winner_colour}"
        else:
            st = f"colour {self.colour} (seat {self.current_player}) to move"
        return (
            f"FenState(turn {self.turn_number}, {st}, faces {self.faces_owned[0]}-{self.faces_owned[1]}, "
            f"phase {['start', 'claim nodes', 'claim edges', 'capture'][self.phase]})"
        )

    def _repr_svg_(self) -> str:
        from negenlab.fen.svg import board_svg

        eligible = () if self.is_terminal() else self.eligible_faces()
        return board_svg(self.game.tessellation, self.owners(), eligible=eligible)
