"""FEN's blocked end: can both players get stuck, and can that end be a draw?

The game ends at once when a player owns a majority of the faces, or when neither player
can act (the *blocked end*: more faces wins, equal faces is a draw).

- :func:`blocked_end_ruled_out`: a counting argument that settles the question for partial
  claims. With ``partial_claims=True`` a claim of one item is legal while any node or edge is
  empty, so a blocked position has every node and edge taken; then every uncaptured k-gon
  has all 2k components owned, so one colour holds k of them and may capture it. Hence a
  blocked position has every face captured, and on a board with an odd number of faces the
  capture that gave one colour its majority already ended the game. On an even board every
  blocked end is a draw (half the faces each).
- :func:`blocked_end_search`: seeded playouts, directed (keep the face counts level, make
  few faces capturable) and plain random ones (the compiled kernel), that count blocked
  ends and blocked draws and keep a replayable example.
- :func:`exhaustive_blocked_search`: every position reachable on a small board (whole turns
  and a transposition table), with a budget; the result says whether it was complete.
- :func:`is_blocked_draw`: is a position a blocked end with equal faces?

>>> from negenlab.fen import Rules
>>> blocked_end_ruled_out("triangle:7"), blocked_end_ruled_out("triangle:7", Rules(partial_claims=False))
(True, False)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from negenlab.core.errors import InvalidInputError

from .game import FenGame, FenState
from .rules import Rules
from .tessellation import Tessellation

__all__ = [
    "BlockedEnd",
    "BlockedSearchResult",
    "ExhaustiveResult",
    "blocked_end_ruled_out",
    "blocked_end_search",
    "exhaustive_blocked_search",
    "is_blocked_draw",
]


def _game(board: Tessellation | str | FenGame, rules: Rules | None) -> FenGame:
    if isinstance(board, FenGame):
        if rules is not None and rules != board.rules:
            raise InvalidInputError("pass either a FenGame or a board and rules, not a FenGame and other rules")
        return board
    if not isinstance(board, (str, Tessellation)):
        raise InvalidInputError(
            f"board must be a board spec such as 'triangle:7', a Tessellation or a FenGame, got {type(board).__name__}"
        )
    return FenGame(board, rules)


def _count(value, name: str, lo: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < lo:
        raise InvalidInputError(f"{name} must be an integer >= {lo}, got {value!r}")
    return int(value)


def _faces(owner_faces) -> tuple[int, int]:
    return sum(1 for o in owner_faces if o == 0), sum(1 for o in owner_faces if o == 1)


def is_blocked_draw(state: FenState) -> bool:
    """Is ``state`` over by the blocked end (neither player could act) with equal faces?

    >>> from negenlab.fen import FenGame, Rules
    >>> s = FenGame("triangle:1", Rules(n=1, e=2, partial_claims=False)).new_initial_state()
    >>> s.play_turn("nodes", [0]); s.play_turn("nodes", [1]); s.play_turn("nodes", [2])
    >>> is_blocked_draw(s), s.game_info()["end"]   # no two edges of one triangle share no face
    (True, 'blocked')
    """
    if not isinstance(state, FenState):
        raise InvalidInputError(f"is_blocked_draw needs a FenState, got {type(state).__name__}")
    if not state.is_terminal():
        return False
    info = state.game_info()
    return info["end"] == "blocked" and info["faces_colour_0"] == info["faces_colour_1"]


def blocked_end_ruled_out(board: Tessellation | str | FenGame = "triangle:7", rules: Rules | None = None) -> bool:
    """True when the counting argument of the module docstring excludes the blocked end:
    partial claims on a board with an odd number of faces (False says nothing either way).

    >>> blocked_end_ruled_out("hexagon:1"), blocked_end_ruled_out("square:3x1", Rules(partial_claims=False))
    (True, False)
    """
    game = _game(board, rules)
    return bool(game.rules.partial_claims and game.board.F % 2 == 1)


@dataclass(frozen=True)
class BlockedEnd:
    """A final position found by a search: the owner colour (-1 empty) of every node, edge and
    face, the faces per colour, and the micro-actions that reach it from the initial position.

    ``owners()`` is what :func:`negenlab.fen.svg.board_svg` draws; ``replay()`` plays the actions
    through the engine, which checks each one.
    """

    board: str
    rules: Rules
    nodes: tuple[int, ...]
    edges: tuple[int, ...]
    faces: tuple[int, ...]
    end: str
    faces_per_colour: tuple[int, int]
    swapped: bool
    actions: tuple[int, ...]

    @property
    def draw(self) -> bool:
        return self.faces_per_colour[0] == self.faces_per_colour[1]

    @property
    def gap(self) -> int:
        return abs(self.faces_per_colour[0] - self.faces_per_colour[1])

    def owners(self) -> dict[str, list[int]]:
        return {"nodes": list(self.nodes), "edges": list(self.edges), "faces": list(self.faces)}

    def replay(self, board: Tessellation | str | FenGame | None = None) -> FenState:
        """The final position, replayed through the engine (``board``: the board or game, if
        ``self.board`` is not a spec that :func:`negenlab.fen.boards.parse_board` reads)."""
        game = _game(self.board if board is None else board, None if isinstance(board, FenGame) else self.rules)
        s = game.new_initial_state()
        for a in self.actions:
            s.apply(a)
        return s


def _record(state: FenState, board: str) -> BlockedEnd:
    o = state.owners()
    info = state.game_info()
    return BlockedEnd(
        board=board,
        rules=state.game.rules,
        nodes=tuple(o["nodes"]),
        edges=tuple(o["edges"]),
        faces=tuple(o["faces"]),
        end=info["end"],
        faces_per_colour=(info["faces_colour_0"], info["faces_colour_1"]),
        swapped=info["swapped"],
        actions=tuple(int(a) for a in state.history),
    )


@dataclass(frozen=True)
class BlockedSearchResult:
    """What :func:`blocked_end_search` tried and found. ``closest`` is the blocked end with the
    smallest face gap found (a draw when ``blocked_draws > 0``), or None."""

    board: str
    rules: Rules
    faces: int
    ruled_out: bool
    seed: int
    random_playouts: int
    random_blocked: int
    random_blocked_draws: int
    directed_playouts: int
    directed_blocked: int
    directed_blocked_draws: int
    closest: BlockedEnd | None
    seconds: float

    @property
    def playouts(self) -> int:
        return self.random_playouts + self.directed_playouts

    @property
    def blocked(self) -> int:
        return self.random_blocked + self.directed_blocked

    @property
    def blocked_draws(self) -> int:
        return self.random_blocked_draws + self.directed_blocked_draws

    @property
    def closest_gap(self) -> int | None:
        """The smallest face difference at a blocked end found (0: a blocked draw), or None."""
        return None if self.closest is None else self.closest.gap

    @property
    def example(self) -> BlockedEnd | None:
        """A blocked draw found, or None."""
        return self.closest if self.closest is not None and self.closest.draw else None


def _directed_playout(game: FenGame, rng: np.random.Generator, p_random: float) -> FenState:
    """One playout whose micro-actions keep the face counts level: among the legal actions, the
    least |faces 0 - faces 1| after it, then the least leader's count, then nodes before edges
    (edges left over are what can block claims), then the fewest faces made newly capturable,
    ties at random; with probability ``p_random`` a uniformly random action."""
    b = game.board
    F0, SWAP = b.FACE0, b.SWAP
    need, item_faces = b.need, b.item_faces
    s = game.new_initial_state()
    while not s.is_terminal():
        legal = s.legal_actions()
        if len(legal) == 1 or rng.random() < p_random:
            s.apply(legal[int(rng.integers(len(legal)))])
            continue
        c = s.colour
        mine, other = s.faces_owned[c], s.faces_owned[1 - c]
        owner, cnt, elig = s.owner, s.cnt[c], s.elig[c]
        level = (abs(mine - other), max(mine, other), 0, 0)
        capture = (abs(mine + 1 - other), max(mine + 1, other), 0, 0)
        best: list[int] = []
        best_key = None
        for a in legal:
            if a < F0:
                newly = 0
                for f in item_faces[a]:
                    if owner[F0 + f] < 0 and cnt[f] + 1 == need[f] and f not in elig:
                        newly += 1
                key = (level[0], level[1], int(a >= b.V), newly)
            elif a < SWAP:
                key = capture
            else:  # swap or stop: the face counts stay
                key = level
            if best_key is None or key < best_key:
                best, best_key = [a], key
            elif key == best_key:
                best.append(a)
        s.apply(best[int(rng.integers(len(best)))])
    return s


def blocked_end_search(
    board: Tessellation | str | FenGame = "triangle:7",
    tries: int = 2000,
    seed: int = 0,
    rules: Rules | None = None,
    random_tries: int | None = None,
) -> BlockedSearchResult:
    """Hunt for blocked ends and blocked draws: ``tries`` directed playouts (each with its own
    share, uniform in [0, 0.3), of random micro-actions) and ``random_tries`` (default
    ``10 * tries``) uniformly random ones, all from one numpy Generator seeded with ``seed``.

    >>> from negenlab.fen import Rules
    >>> r = blocked_end_search("triangle:3", tries=30, seed=1, rules=Rules(partial_claims=False))
    >>> r.playouts, r.blocked > 0, r.ruled_out
    (330, True, False)
    >>> blocked_end_search("triangle:3", tries=0)
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: tries must be an integer >= 1, got 0
    """
    tries = _count(tries, "tries", 1)
    seed = _count(seed, "seed", 0)
    random_tries = 10 * tries if random_tries is None else _count(random_tries, "random_tries", 0)
    game = _game(board, rules)
    name = board if isinstance(board, str) else game.tessellation.name
    t0 = time.perf_counter()
    rng = np.random.default_rng(seed)
    closest: BlockedEnd | None = None

    def keep(state: FenState) -> None:
        nonlocal closest
        rec = _record(state, name)
        if closest is None or rec.gap < closest.gap:
            closest = rec

    from ._kernels import pack_game, pack_position
    from ._kernels import playout as kernel

    b = game.board
    if game._packed is None:
        game._packed = pack_game(game)
    params, tables = game._packed
    start = game.new_initial_state()
    buf = np.empty(4 * (b.V + b.E + b.F) + 8, np.int64)
    r_blocked = r_draws = 0
    for _ in range(random_tries):
        owner, cnt, scalars, placed = pack_position(start)
        w, _swapped, na, code = kernel(params, tables, owner, cnt, scalars, placed, int(rng.integers(2**31 - 1)), buf)
        if code == 0:
            raise RuntimeError("compiled playout stopped without an end")
        if code == 2:
            r_blocked += 1
            r_draws += int(w < 0)
            f0, f1 = _faces(owner[b.FACE0 : b.SWAP])
            if closest is None or abs(f0 - f1) < closest.gap:
                s = start.clone()
                for a in buf[:na].tolist():
                    s.apply(a)
                keep(s)
    d_blocked = d_draws = 0
    for _ in range(tries):
        s = _directed_playout(game, rng, 0.3 * float(rng.random()))
        if s.end_reason == "blocked":
            d_blocked += 1
            d_draws += int(is_blocked_draw(s))
            keep(s)
    return BlockedSearchResult(
        board=name,
        rules=game.rules,
        faces=b.F,
        ruled_out=blocked_end_ruled_out(game),
        seed=seed,
        random_playouts=random_tries,
        random_blocked=r_blocked,
        random_blocked_draws=r_draws,
        directed_playouts=tries,
        directed_blocked=d_blocked,
        directed_blocked_draws=d_draws,
        closest=closest,
        seconds=round(time.perf_counter() - t0, 3),
    )


# -- exhaustive search on small boards -------------------------------------------------------------


@dataclass(frozen=True)
class ExhaustiveResult:
    """What :func:`exhaustive_blocked_search` found. Counts are of distinct final positions
    (owners, end, winner colour, swapped). When ``complete`` is False the budget ran out: a
    False/None answer then means "not found", not "impossible". ``terminals`` holds every final
    position as ``(owner of every node, edge and face, end, winner colour (-1 draw), swapped)``
    when asked for, else None."""

    board: str
    rules: Rules
    complete: bool
    positions: int
    majority_ends: int
    blocked_ends: int
    blocked_draws: int
    example: BlockedEnd | None
    seconds: float
    terminals: frozenset | None

    @property
    def blocked_reachable(self) -> bool | None:
        return True if self.blocked_ends else (False if self.complete else None)

    @property
    def blocked_draw_reachable(self) -> bool | None:
        return True if self.blocked_draws else (False if self.complete else None)


class _Budget(Exception):
    pass


def _independent_sets(mask: int, r: int, cbits: list[int]) -> Iterator[int]:
    """Every set (as a bit mask) of r items of ``mask`` no two of which share a face."""
    if r == 0:
        yield 0
        return
    while mask.bit_count() >= r:
        low = mask & -mask
        mask ^= low
        for rest in _independent_sets(mask & ~cbits[low.bit_length() - 1], r - 1, cbits):
            yield rest | low


def _claim_size(mask: int, want: int, partial: bool, cbits: list[int]) -> int:
    for r in range(want, 0, -1):
        if next(_independent_sets(mask, r, cbits), None) is not None:
            return r
        if not partial:
            return 0
    return 0


def exhaustive_blocked_search(
    board: Tessellation | str | FenGame = "triangle:1",
    rules: Rules | None = None,
    max_positions: int = 200_000,
    keep_terminals: bool = False,
) -> ExhaustiveResult:
    """Visit every position reachable at a turn start (a transposition table; whole turns: a
    claim, a set of captures, a swap) up to ``max_positions`` of them, and count the final
    positions: majority ends, blocked ends, blocked draws; ``example`` is a blocked draw (else a
    blocked end) with its micro-actions.

    >>> from negenlab.fen import Rules
    >>> r = exhaustive_blocked_search("triangle:1", Rules(n=1, e=2, partial_claims=False))
    >>> r.complete, r.blocked_draw_reachable, r.example.actions
    (True, True, (0, 1, 2))
    >>> exhaustive_blocked_search("triangle:7", max_positions=1000).complete
    False
    """
    max_positions = _count(max_positions, "max_positions", 1)
    game = _game(board, rules)
    name = board if isinstance(board, str) else game.tessellation.name
    b, g = game.board, game.rules
    V, E, F, F0 = b.V, b.E, b.F, b.FACE0
    n_want, e_want, partial, pie = game.n, game.e, g.partial_claims, g.pie_rule
    cbits = b.conflict_bits
    comp = [sum(1 << x for x in b.face_components[f]) for f in range(F)]
    need, majority = b.need, b.majority
    node_mask = (1 << V) - 1
    edge_mask = ((1 << E) - 1) << V
    t0 = time.perf_counter()
    seen: set[tuple[int, int, int, int, int]] = set()
    terminals: dict[tuple, tuple[int, ...] | None] = {}
    path: list[list[int]] = []
    best: list[tuple[int, ...] | None] = [None, None]  # the micro-actions of a blocked draw, of a blocked end

    def finish(m0: int, m1: int, end: str, winner: int, swapped: int) -> None:
        owner = tuple(0 if m0 >> x & 1 else 1 if m1 >> x & 1 else -1 for x in range(F0 + F))
        key = (owner, end, winner, swapped)
        if key not in terminals:
            terminals[key] = None
            if end == "blocked":
                slot = 0 if winner < 0 else 1
                if best[slot] is None:
                    best[slot] = tuple(a for turn in path for a in turn)

    def elig(m: int, full: int) -> list[int]:
        return [f for f in range(F) if not full >> (F0 + f) & 1 and (m & comp[f]).bit_count() >= need[f]]

    def visit(m0: int, m1: int, c: int, flag: int, swapped: int) -> None:
        full = m0 | m1
        for _ in range(2):  # the turn start: skip a colour with no action, end a blocked game
            tn = _claim_size(~full & node_mask, n_want, partial, cbits)
            te = _claim_size(~full & edge_mask, e_want, partial, cbits)
            el = elig(m1 if c else m0, full)
            can_swap = flag == 1 and c == 1
            if tn or te or el or can_swap:
                break
            c ^= 1
        else:
            f0 = (m0 >> F0).bit_count()
            f1 = (m1 >> F0).bit_count()
            finish(m0, m1, "blocked", 0 if f0 > f1 else 1 if f1 > f0 else -1, swapped)
            return
        key = (m0, m1, c, flag, swapped)
        if key in seen:
            return
        seen.add(key)
        if len(seen) > max_positions:
            raise _Budget
        nflag = (1 if pie else 2) if flag == 0 else 2
        mine = m1 if c else m0

        def play(new_mine: int, acts: list[int], next_c: int, next_flag: int, sw: int) -> None:
            path.append(acts)
            if c:
                visit(m0, new_mine, next_c, next_flag, sw)
            else:
                visit(new_mine, m1, next_c, next_flag, sw)
            path.pop()

        for mask, r in ((~full & node_mask, tn), (~full & edge_mask, te)):
            if r:
                for sel in _independent_sets(mask, r, cbits):
                    play(mine | sel, [x for x in range(V + E) if sel >> x & 1], c ^ 1, nflag, swapped)
        if el:
            have = (mine >> F0).bit_count()
            for bits in range(1, 1 << len(el)):
                chosen = [el[i] for i in range(len(el)) if bits >> i & 1]
                new_mine = mine | sum(1 << (F0 + f) for f in chosen)
                acts = [F0 + f for f in chosen]
                if have + len(chosen) >= majority:
                    if have + len(chosen) == majority:
                        path.append(acts)
                        finish(new_mine if not c else m0, new_mine if c else m1, "majority", c, swapped)
                        path.pop()
                    continue
                if len(chosen) < len(el):
                    acts.append(b.STOP)
                play(new_mine, acts, c ^ 1, nflag, swapped)
        if can_swap:
            path.append([b.SWAP])
            visit(m0, m1, 1, 2, 1)
            path.pop()

    try:
        visit(0, 0, 0, 0, 0)
        complete = True
    except _Budget:
        complete = False
    example = None
    acts = best[0] if best[0] is not None else best[1]
    if acts is not None:
        s = game.new_initial_state()
        for a in acts:
            s.apply(a)
        example = _record(s, name)
    ends = list(terminals)
    return ExhaustiveResult(
        board=name,
        rules=game.rules,
        complete=complete,
        positions=len(seen),
        majority_ends=sum(1 for k in ends if k[1] == "majority"),
        blocked_ends=sum(1 for k in ends if k[1] == "blocked"),
        blocked_draws=sum(1 for k in ends if k[1] == "blocked" and k[2] < 0),
        example=example,
        seconds=round(time.perf_counter() - t0, 3),
        terminals=frozenset(ends) if keep_terminals else None,
    )
