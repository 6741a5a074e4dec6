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

from . import _flat
from .boards import parse_board
from .ne import derive_ne
from .rules import Rules
from .tessellation import Tessellation

START, CLAIM_NODES, CLAIM_EDGES, CAPTURE = 0, 1, 2, 3
# _flat.step for a position's arrays, called directly (set by the first FenGame._flat)
_step: Any = None
# the flat position's numbers in the order of the playout kernel's S_* indices (the last is replaced)
_PLAYOUT_SCALARS = np.array(
    (
        _flat.S_FACES0,
        _flat.S_FACES1,
        _flat.S_PHASE,
        _flat.S_TARGET,
        _flat.S_COLOUR,
        _flat.S_SWAPPED,
        _flat.S_TURN,
        _flat.S_TN,
        _flat.S_TE,
        _flat.S_PLACED,
    ),
    np.int64,
)
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
        # where a position's numbers, placed items and legal actions sit in its flat array
        self.S0, self.P0, self.L0, self.LB, self.size = _flat.layout(V, E, F)


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
        if self.n > b.V or self.e > b.E:  # a claim of more places than the board has
            raise InvalidInputError(
                f"n={self.n}, e={self.e} reach beyond the board: {tessellation.name} has {b.V} nodes and {b.E} "
                f"edges, so n must be 1..{b.V} and e 1..{b.E}"
            )
        # with at least this many empty nodes (edges), a face-disjoint set of n (e) exists and every
        # empty item starts one (greedy bound: a conflict degree D leaves an independent set of ceil(m/(D+1)))
        self._node_fast = max(1, (self.n - 1) * (b.D_node + 1) + 1)
        self._edge_fast = max(1, (self.e - 1) * (b.D_edge + 1) + 1)
        self._packed: tuple | None = None  # the game packed for the compiled playout (on first use)
        self._no_swap: FenGame | None = None  # the same game with the pie rule off (on first use)
        self._flat_packed: tuple | None = None  # board array and initial position of the flat engine

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

    def _flat(self) -> tuple[np.ndarray, np.ndarray, int]:
        """The flat engine's board array, initial position and its number of legal actions (made once)."""
        global _step
        if self._flat_packed is None:
            bd = _flat.pack_board(self)
            st = np.empty(self.board.size, np.int64)
            k = _flat.init(bd, st)
            self._flat_packed = (bd, st, int(k))
        if _step is None:  # (also for a game unpickled in a fresh process) -1 is no action: nothing changes
            bd, st, _ = self._flat_packed
            _step = _flat.direct(_flat.step, bd, np.frombuffer(bytearray(st), np.int64), -1)
        return self._flat_packed

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
            other._flat_packed = None  # ... and so does the flat engine
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
    """A FEN position. See the module docstring for the action numbering.

    The position is one flat int64 array (see :mod:`negenlab.fen._flat`): the owner of every node,
    edge and face, the components of every face per colour, the turn's numbers, the items placed
    this turn and the legal actions. One compiled call checks an action (by bisection in the
    listed ones), applies it and lists the legal actions after it; :meth:`legal_actions` hands
    them out as an ascending list (made once per position). The attributes the rest of negenlab
    reads (``owner``, ``cnt``, ``elig``, ``colour``, ``phase``, ``placed``, ``tn``, ``te``, ...) are
    read from that array (lists and sets made from it: changing them does not change the position).
    """

    history: list[int]
    _legal: list[Any] | None
    _lists: tuple[int, list[int], list[list[int]]] | None

    __slots__ = ("game", "b", "_bd", "_ba", "_st", "_k", "_legal", "history", "_lists")

    def _init(self, game: FenGame) -> None:
        bd, st0, k0 = game._flat()
        self.game = game
        self.b = game.board
        self._bd = bd
        self._ba = bytearray(st0)  # the position's memory; _st is an int64 view of it
        self._st = np.frombuffer(self._ba, np.int64)
        self._k = k0  # the number of legal actions, -1 at the end
        self._legal = None
        self.history = []
        self._lists = None

    # -- protocol ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self._k < 0:
            return TERMINAL
        S0 = self.b.S0
        return self._st.item(S0 + _flat.S_COLOUR) ^ self._st.item(S0 + _flat.S_SWAPPED)

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self._k < 0

    @property
    def _terminal(self) -> bool:
        return self._k < 0

    def returns(self) -> list[float]:
        w = self.winner_colour
        if not self._terminal or w < 0:
            return [0.0, 0.0]
        ws = w ^ self.swapped
        return [1.0, -1.0] if ws == 0 else [-1.0, 1.0]

    def clone(self) -> FenState:
        s = FenState.__new__(FenState)
        s.game = self.game
        s.b = self.b
        s._bd = self._bd
        s._ba = ba = bytearray(self._ba)
        s._st = np.frombuffer(ba, np.int64)
        s._k = self._k
        s._legal = self._legal
        s.history = self.history[:]
        s._lists = None
        return s

    def key(self) -> tuple:
        """The flat position (owners, face components, the turn's numbers and counters, the items placed
        this turn; as 16-bit numbers where they fit, a quarter of the bytes) and whether it ended; not
        the list of legal actions, nor what earlier turns left in the unused places."""
        b, st = self.b, self._st
        flat = st[: b.P0 + st.item(b.S0 + _flat.S_PLACED)]
        small = flat.astype(np.int16)
        return (small.tobytes() if (small == flat).all() else flat.tobytes()), self._k

    # -- the position, read from the flat array --------------------------------------------------
    def _scalar(self, i: int) -> int:
        return self._st.item(self.b.S0 + i)

    def _owner_cnt(self) -> tuple[list[int], list[list[int]]]:
        """``owner`` and ``cnt`` as lists, made once per position (every :meth:`apply` adds to the
        history, so its length tells the positions apart): code that reads them item by item in a
        loop does not pay for a fresh list on every read."""
        lists = self._lists
        if lists is None or lists[0] != len(self.history):
            b, st = self.b, self._st
            c0 = b.SWAP
            lists = self._lists = (
                len(self.history),
                st[: b.SWAP].tolist(),
                [st[c0 : c0 + b.F].tolist(), st[c0 + b.F : c0 + 2 * b.F].tolist()],
            )
        return lists[1], lists[2]

    @property
    def owner(self) -> list[int]:
        """Colour (-1 empty) of every node, edge and face, by action number."""
        return self._owner_cnt()[0]

    @property
    def cnt(self) -> list[list[int]]:
        """Per colour: the components owned of every face."""
        return self._owner_cnt()[1]

    @property
    def elig(self) -> list[set[int]]:
        """Per colour: the faces it may capture (empty faces with enough of its components)."""
        b, st = self.b, self._st
        empty = st[b.FACE0 : b.SWAP] < 0
        c0 = b.SWAP
        return [
            set(np.flatnonzero(empty & (st[c0 + c * b.F : c0 + (c + 1) * b.F] >= b.need_arr)).tolist()) for c in (0, 1)
        ]

    @property
    def faces_owned(self) -> list[int]:
        S0 = self.b.S0
        return self._st[S0 + _flat.S_FACES0 : S0 + _flat.S_FACES0 + 2].tolist()

    @property
    def captured(self) -> list[int]:
        S0 = self.b.S0
        return self._st[S0 + _flat.S_CAPTURED0 : S0 + _flat.S_CAPTURED0 + 2].tolist()

    @property
    def colour_turns(self) -> list[int]:
        S0 = self.b.S0
        return self._st[S0 + _flat.S_TURNS0 : S0 + _flat.S_TURNS0 + 2].tolist()

    @property
    def colour(self) -> int:
        return self._scalar(_flat.S_COLOUR)

    @property
    def swapped(self) -> int:
        return self._scalar(_flat.S_SWAPPED)

    @property
    def turn_number(self) -> int:
        return self._scalar(_flat.S_TURN)

    @property
    def phase(self) -> int:
        return self._scalar(_flat.S_PHASE)

    @property
    def target(self) -> int:
        return self._scalar(_flat.S_TARGET)

    @property
    def tn(self) -> int:
        return self._scalar(_flat.S_TN)

    @property
    def te(self) -> int:
        return self._scalar(_flat.S_TE)

    @property
    def skips(self) -> int:
        return self._scalar(_flat.S_SKIPS)

    @property
    def winner_colour(self) -> int:
        return self._scalar(_flat.S_WINNER)

    @property
    def end_reason(self) -> str:
        return _flat.END_NAMES[self._scalar(_flat.S_END)]

    @property
    def placed(self) -> list[int]:
        """The items (or faces) of the turn in progress (a fresh list)."""
        P0 = self.b.P0
        return self._st[P0 : P0 + self._scalar(_flat.S_PLACED)].tolist()

    @property
    def empty_nodes(self) -> list[int]:
        return np.flatnonzero(self._st[: self.b.V] < 0).tolist()

    @property
    def empty_edges(self) -> list[int]:
        b = self.b
        return (np.flatnonzero(self._st[b.V : b.FACE0] < 0) + b.V).tolist()

    def _swap_available(self) -> bool:
        return (
            self.game.rules.pie_rule
            and self.colour == 1
            and self.colour_turns[1] == 0
            and not self.swapped
            and self.turn_number == 1
        )

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        """The legal micro-actions, ascending (a list made once per position, on demand, from the
        actions the compiled step listed: read it, do not change it)."""
        legal = self._legal
        if legal is None:
            LB = self.b.LB
            if LB:  # the actions fit in bytes and were listed as bytes (at the end _k is -1: none)
                legal = list(self._ba[LB : LB + self._k])
            elif self._k < 0:
                legal = []
            else:
                L0 = self.b.L0
                legal = self._st[L0 : L0 + self._k].tolist()
            self._legal = legal
        return legal

    def __getstate__(self) -> dict[str, Any]:
        return {"game": self.game, "position": bytes(self._ba), "k": self._k, "history": self.history}

    def __setstate__(self, state: dict[str, Any]) -> None:
        game = state["game"]
        self.game = game
        self.b = game.board
        self._bd = game._flat()[0]
        self._ba = bytearray(state["position"])
        self._st = np.frombuffer(self._ba, np.int64)
        self._k = state["k"]
        self._legal = None
        self.history = list(state["history"])
        self._lists = None

    # -- applying ------------------------------------------------------------------------------
    def apply(self, action) -> None:
        if action.__class__ is int:
            try:  # one compiled call checks the action, applies it and lists the next legal actions
                k = _step(self._bd, self._st, action)
            except OverflowError:  # beyond 64 bits: no action
                k = -2
            if k == -2:
                raise IllegalMoveError(self._why_illegal(action))
        elif not isinstance(action, np.integer) or action not in self.legal_actions():  # 3.0 and True are no actions
            raise IllegalMoveError(self._why_illegal(action))
        else:
            k = _step(self._bd, self._st, int(action))
        self.history.append(action)
        self._legal = None
        self._k = k

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
        from ._kernels import pack_game
        from ._kernels import playout as _playout

        b, g = self.b, self.game
        if g._packed is None:
            g._packed = pack_game(g)
        params, tables = g._packed
        owner, cnt, scalars, placed = self._pack_for_playout()
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

    def _pack_for_playout(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """What :func:`negenlab.fen._kernels.pack_position` makes of this position, read from the flat
        array directly: ``(owner, cnt, scalars, placed)``, fresh arrays the playout kernel may change."""
        b, st = self.b, self._st
        S0 = b.S0
        phase = st.item(S0 + _flat.S_PHASE)
        claiming = phase == CLAIM_NODES or phase == CLAIM_EDGES
        n_placed = st.item(S0 + _flat.S_PLACED) if claiming else 0
        scalars = st[_PLAYOUT_SCALARS + S0]  # a copy, in the order of the kernels' S_* indices
        scalars[-1] = n_placed
        placed = st[b.P0 : b.P0 + n_placed].copy() if claiming else np.zeros(1, np.int64)
        owner = st[: b.SWAP].copy()
        cnt = st[b.SWAP : b.SWAP + 2 * b.F].reshape(2, b.F).copy()
        return owner, cnt, scalars, placed

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
        s._bd = s.game._flat()[0]
        s._legal = None
        if not s._terminal:
            s._k = int(_flat.legal(s._bd, s._st))
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
        from .svg import board_svg

        eligible = () if self.is_terminal() else self.eligible_faces()
        return board_svg(self.game.tessellation, self.owners(), eligible=eligible)
