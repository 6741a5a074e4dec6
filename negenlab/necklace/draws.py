"""Can Necklace end in a draw? Exhaustive and directed searches for a dead position.

A *draw* is a reachable position where nobody has won and neither colour has a legal
placement (the engine, :class:`negenlab.necklace.State`, then sets ``is_draw``). The
designers say none exists.

Positions are what the engine tells apart: the stones and the colour to move after the
skip rule (a colour without a legal placement is skipped); a won position has the winner
"to move", as in ``State``. Reachability follows ``State`` with ``swap=False``. The swap
rule reaches no other position: a swap is only possible on Blue's first turn, leaves the
single red stone in place and Blue to move, so the position after it (stones and colour
to move) is the one Blue faces without swapping; only the seats change.

- :func:`exhaustive_draw_search`: every reachable position of a 2x2 to 5x5 board,
  compiled and exact (5x5 has too many positions: it stops and says so);
- :func:`reachable_positions`: the positions themselves (2x2 to 4x4);
- :func:`directed_draw_search`: a seeded hunt on larger boards in which nobody completes
  a win while another placement is left;
- :func:`classify_turn`: the skip rule the searches use, on any board.

Why no draw turns up, on any board size (an argument of this module, which the searches
check on small boards): take a position without crosscut or secluded
point, and an empty region R in it. R with an outside node joined to its edge points is a
connected graph, so some point p of R is not a cut point (a leaf of a spanning tree), and
filling p secludes nothing. A crosscut at p needs a 2x2 block around p holding p's
diagonal neighbour in the mover's colour and the other two in the other colour; blocking
both colours takes two blocks sharing no orthogonal neighbour of p (the shared one would
need both colours), that is two opposite blocks, and then all four neighbours of p are
stones: p is alone in R, so an edge point, and an edge point has no opposite blocks. So p
is legal for some colour. A full board without crosscut has a winner: unless Blue joins
its sides, Red has a top-bottom chain through diagonal steps (as in Hex), and each
diagonal step without a crosscut has a red stone beside it. Every reachable position is
free of crosscuts and secluded points, and play stops at the first connection, so no
reachable position is a draw.

>>> from negenlab.necklace.draws import exhaustive_draw_search
>>> result = exhaustive_draw_search(3)
>>> result.has_draw, result.positions, result.red_wins, result.blue_wins, result.draws
(False, 4932, 362, 198, 0)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from negenlab.core.errors import InvalidInputError

from ._kernels import BLUE, RED, _randint, articulation, crosscut_at, make_rng_state, scratch, wins_through
from .game import State
from .rules import MAX_SIZE
from .solver import symmetry_maps

EXHAUSTIVE_SIZES = (2, 3, 4, 5)
_CHAR = {0: ".", RED: "R", BLUE: "B"}

# ----------------------------------------------------------------------------- exact keys
# A position's key packs the board exactly (2 bits a point, 50 bits for 5x5, no hashing, no
# collisions) with two flags: _BLUE_BIT, the colour whose turn it is (for a won position: the
# winner), and _WON_BIT. In a layer's table the colour is the nominal one (the other colour of
# the last stone); the skip rule is applied when the layer is expanded.
_BLUE_BIT = np.uint64(1 << 60)
_WON_BIT = np.uint64(1 << 61)
_DRAW_BIT = np.uint64(1 << 62)
_USED = np.uint64(1 << 63)  # set in every key of a table (0 marks an empty slot)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MAX_LOAD = 0.6
# stats fields of one layer (index into the int64 stats array); "_full" counts every symmetric image
_POS, _POS_FULL, _RED, _RED_FULL, _BLUE, _BLUE_FULL, _DRAW, _DRAW_FULL, _SKIP_FULL = range(9)
_N_STATS = 9


@njit(cache=True, inline="always")
def _slot(key, bits):
    """The home slot of ``key`` in a table of 2**bits slots (the splitmix64 finaliser: packed boards
    differ in few, regularly spaced bits, so a plain multiplicative hash clusters badly)."""
    z = key + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return np.int64(z >> np.uint64(64 - bits))


@njit(cache=True)
def _insert(table, bits, key):
    """Add ``key`` (never 0) to the open-addressing ``table``; 1 when it was new, else 0."""
    mask = len(table) - 1
    i = _slot(key, bits)
    while True:
        v = table[i]
        if v == key:
            return 0
        if v == 0:
            table[i] = key
            return 1
        i = (i + 1) & mask


@njit(cache=True)
def _contains(table, bits, key):
    mask = len(table) - 1
    i = _slot(key, bits)
    while True:
        v = table[i]
        if v == key:
            return True
        if v == 0:
            return False
        i = (i + 1) & mask


@njit(cache=True)
def _rehash(old, new, new_bits):
    for i in range(len(old)):
        if old[i] != 0:
            _insert(new, new_bits, old[i])


@njit(cache=True)
def _settle(board, n, colour, art, disc, low, parent, nx, stack):
    """The skip rule: the colour that places when ``colour`` is due (``colour`` if it has a legal
    point, else the other one if that has one), or 0 when neither has one: a draw unless somebody
    has won. Leaves the articulation points of ``board`` in ``art``."""
    articulation(board, n, art, disc, low, parent, nx, stack)
    for c in (colour, 3 - colour):
        for p in range(n * n):
            if board[p] == 0 and not art[p] and not crosscut_at(board, n, p, c):
                return c
    return 0


@njit(cache=True)
def _expand_layer(
    cur, cur_bits, start, end, nxt, nxt_bits, filled, limit, n, nsym, shifts, stats, draw_keys, counts, record
):
    """Expand the positions of table ``cur`` (one layer: every key has the same number of stones)
    in slots ``start`` to ``end``, adding their children to table ``nxt``.

    Each key is settled by the skip rule first: a colour without a legal placement passes the
    turn; when the other colour's key of the same board is in the layer too, this key is the
    same position and is dropped; when neither colour can place, it is a draw. Won keys are
    terminal. Returns ``(slot reached, keys in nxt)``: it stops early when ``nxt`` would pass
    ``limit`` keys (the caller grows it and calls again from there). ``record`` (length 0 for
    none) receives every position expanded, settled: its key with the colour to move (for a won
    position the winner) and ``_WON_BIT`` or ``_DRAW_BIT``; ``counts[1]`` counts them, ``counts[0]``
    the drawn keys kept in ``draw_keys``.
    """
    N = n * n
    board = np.zeros(N, dtype=np.int8)
    art, disc, low, parent, nx, stack = scratch(n)
    stamp = np.zeros(N, dtype=np.int32)
    img = np.zeros(4, dtype=np.uint64)
    gen = 0
    board_mask = np.uint64((1 << (2 * N)) - 1)
    for i in range(start, min(end, len(cur))):
        key = cur[i]
        if key == 0:
            continue
        if filled + N > limit:
            return i, filled
        for p in range(N):
            board[p] = np.int8((key >> np.uint64(2 * p)) & np.uint64(3))
        for s in range(nsym):
            v = np.uint64(0)
            for p in range(N):
                if board[p] != 0:
                    v |= np.uint64(board[p]) << shifts[s, p]
            img[s] = v
        orbit = 0
        for s in range(nsym):
            new = True
            for t in range(s):
                if img[t] == img[s]:
                    new = False
            if new:
                orbit += 1
        colour = 2 if (key & _BLUE_BIT) != 0 else 1
        if (key & _WON_BIT) != 0:
            stats[_POS] += 1
            stats[_POS_FULL] += orbit
            if counts[1] < len(record):
                record[counts[1]] = key
                counts[1] += 1
            if colour == 1:
                stats[_RED] += 1
                stats[_RED_FULL] += orbit
            else:
                stats[_BLUE] += 1
                stats[_BLUE_FULL] += orbit
            continue
        mover = _settle(board, n, colour, art, disc, low, parent, nx, stack)
        if mover == 0:  # nobody can place and nobody has won: a draw
            stats[_POS] += 1
            stats[_POS_FULL] += orbit
            stats[_DRAW] += 1
            stats[_DRAW_FULL] += orbit
            if counts[1] < len(record):
                record[counts[1]] = key | _DRAW_BIT
                counts[1] += 1
            if counts[0] < len(draw_keys):
                draw_keys[counts[0]] = key
                counts[0] += 1
            continue
        if mover != colour:
            twin = (key & board_mask) | _USED | (_BLUE_BIT if mover == 2 else np.uint64(0))
            if _contains(cur, cur_bits, twin):
                continue  # the same position (board, colour to move) is the twin key's
            stats[_SKIP_FULL] += orbit
        stats[_POS] += 1
        stats[_POS_FULL] += orbit
        if counts[1] < len(record):
            record[counts[1]] = (key & board_mask) | (_BLUE_BIT if mover == 2 else np.uint64(0))
            counts[1] += 1
        for p in range(N):
            if board[p] != 0 or art[p] or crosscut_at(board, n, p, mover):
                continue
            board[p] = mover
            gen += 1
            won = wins_through(board, n, p, stamp, gen, stack)
            board[p] = 0
            best = img[0] + (np.uint64(mover) << shifts[0, p])
            for s in range(1, nsym):
                v = img[s] + (np.uint64(mover) << shifts[s, p])
                if v < best:
                    best = v
            if won:
                child = best | _USED | _WON_BIT | (_BLUE_BIT if mover == 2 else np.uint64(0))
            else:
                child = best | _USED | (_BLUE_BIT if mover == 1 else np.uint64(0))
            filled += _insert(nxt, nxt_bits, child)
    return min(end, len(cur)), filled


# ----------------------------------------------------------------------------- results
# ----------------------------------------------------------------------------- directed hunt (larger boards)
@njit(cache=True)
def _situation(board, n, nominal, cand, art, disc, low, parent, nx, stack, stamp, gen):
    """The engine's turn at ``board`` when ``nominal`` is due: ``(mover, legal, kept)`` with the colour
    that places (the other one when ``nominal`` cannot; 0 when neither can: a draw), its number of
    legal points and, written to ``cand[:kept]``, the legal points that do not complete its win.
    Leaves the articulation points of ``board`` in ``art``."""
    c = _settle(board, n, nominal, art, disc, low, parent, nx, stack)
    if c == 0:
        return 0, 0, 0
    legal = 0
    kept = 0
    for p in range(n * n):
        if board[p] == 0 and not art[p] and not crosscut_at(board, n, p, c):
            legal += 1
            board[p] = c
            gen[0] += 1
            won = wins_through(board, n, p, stamp, gen[0], stack)
            board[p] = 0
            if not won:
                cand[kept] = p
                kept += 1
    return c, legal, kept


@njit(cache=True)
def _dead_points(board, n, art):
    """``(dead, empty)``: empty points illegal for both colours (``art`` must be this board's) and all empty points."""
    dead = 0
    empty = 0
    for p in range(n * n):
        if board[p] == 0:
            empty += 1
            if art[p] or (crosscut_at(board, n, p, 1) and crosscut_at(board, n, p, 2)):
                dead += 1
    return dead, empty


@njit(cache=True)
def _note_dead_end(board, n, art, stats, best_board):
    """Count a dead end (the mover can only complete a win) and keep it when it is the closest to a draw:
    most dead points, then fewest live ones."""
    stats[2] += 1
    dead, empty = _dead_points(board, n, art)
    live = empty - dead
    if dead > stats[4] or (dead == stats[4] and live < stats[5]):
        stats[4] = dead
        stats[5] = live
        stats[6] = empty
        best_board[:] = board


@njit(cache=True)
def _hunt(n, tries, method, node_budget, rng, stats, best_board, draw_board, draw_moves):
    """``tries`` directed games from the empty board; no placement completes a win while another is left.

    ``method`` 0: uniform among those placements; 1: greedy, three times in four the one leaving most
    empty points illegal for both colours; 2: a randomised depth-first search over them, backtracking
    from dead ends, ``node_budget`` placements a try. ``stats``: tries, placements, dead ends, draws,
    then the closest dead end's dead, live and empty points, then the length of the draw's move list.
    Stops at the first draw (``draw_board``, ``draw_moves``).
    """
    N = n * n
    board = np.zeros(N, dtype=np.int8)
    art, disc, low, parent, nx, stack = scratch(n)
    stamp = np.zeros(N, dtype=np.int32)
    gen = np.zeros(1, dtype=np.int32)
    cand = np.empty((N + 2, N), dtype=np.int32)
    ncand = np.zeros(N + 2, dtype=np.int64)
    pos = np.zeros(N + 2, dtype=np.int64)
    movers = np.zeros(N + 2, dtype=np.int8)
    path = np.zeros(N + 2, dtype=np.int32)
    score = np.empty(N, dtype=np.int64)
    stats[4] = -1
    stats[5] = N + 1
    for _ in range(tries):
        stats[0] += 1
        board[:] = 0
        if method < 2:
            nominal = 1
            depth = 0
            while True:
                mover, legal, kept = _situation(
                    board, n, nominal, cand[0], art, disc, low, parent, nx, stack, stamp, gen
                )
                if mover == 0:
                    stats[3] += 1
                    draw_board[:] = board
                    draw_moves[:depth] = path[:depth]
                    stats[7] = depth
                    return
                if kept == 0:
                    _note_dead_end(board, n, art, stats, best_board)
                    break
                j = _randint(rng, kept)
                if method == 1 and _randint(rng, 4) != 0:
                    top = -1
                    ties = 0
                    for i in range(kept):
                        board[cand[0, i]] = mover
                        articulation(board, n, art, disc, low, parent, nx, stack)
                        score[i] = _dead_points(board, n, art)[0]
                        board[cand[0, i]] = 0
                        if score[i] > top:
                            top = score[i]
                            ties = 0
                        if score[i] == top:
                            ties += 1
                    pick = _randint(rng, ties)
                    for i in range(kept):
                        if score[i] == top:
                            if pick == 0:
                                j = i
                                break
                            pick -= 1
                p = cand[0, j]
                board[p] = mover
                path[depth] = p
                depth += 1
                stats[1] += 1
                nominal = 3 - mover
            continue
        # method 2: randomised depth-first search with backtracking
        nodes = 0
        depth = 0
        nominal = 1
        entering = True
        while True:
            if entering:
                mover, legal, kept = _situation(
                    board, n, nominal, cand[depth], art, disc, low, parent, nx, stack, stamp, gen
                )
                if mover == 0:
                    stats[3] += 1
                    draw_board[:] = board
                    draw_moves[:depth] = path[:depth]
                    stats[7] = depth
                    return
                if kept == 0:
                    _note_dead_end(board, n, art, stats, best_board)
                for i in range(kept - 1, 0, -1):
                    j = _randint(rng, i + 1)
                    t = cand[depth, i]
                    cand[depth, i] = cand[depth, j]
                    cand[depth, j] = t
                ncand[depth] = kept
                pos[depth] = 0
                movers[depth] = mover
                entering = False
            if pos[depth] < ncand[depth] and nodes < node_budget:
                p = cand[depth, pos[depth]]
                pos[depth] += 1
                board[p] = movers[depth]
                path[depth] = p
                nominal = 3 - movers[depth]
                depth += 1
                nodes += 1
                stats[1] += 1
                entering = True
            else:
                if depth == 0:
                    break
                depth -= 1
                board[path[depth]] = 0


# ----------------------------------------------------------------------------- results
@dataclass(frozen=True)
class DrawSearch:
    """The result of :func:`exhaustive_draw_search`.

    ``positions``: distinct reachable positions (board and colour to move), every symmetric
    image counted; ``red_wins``/``blue_wins``/``draws``: the terminal ones among them;
    ``skip_positions``: positions reached only through a skipped turn (the colour that placed
    the last stone moves again); ``layers[k]``: positions with k stones; ``canonical_positions``:
    positions expanded (one per symmetry class when ``symmetry``). ``has_draw`` is None when the
    search stopped early (``complete`` False, ``note`` says why; the counts then cover what was
    done). ``draw_text``/``draw_moves``: a drawn position and moves reaching it from the start.

    >>> exhaustive_draw_search(3).summary()[:60]
    '3x3: no reachable draw; 4932 positions, 362 red wins, 198 bl'
    """

    size: int
    complete: bool
    has_draw: bool | None
    draw_text: str | None
    draw_moves: tuple[tuple[int, int], ...] | None
    positions: int
    canonical_positions: int
    red_wins: int
    blue_wins: int
    draws: int
    skip_positions: int
    layers: tuple[int, ...]
    symmetry: bool
    peak_table_bytes: int
    seconds: float
    note: str

    @property
    def terminals(self) -> int:
        return self.red_wins + self.blue_wins + self.draws

    def summary(self) -> str:
        """One line: the verdict and the counts."""
        if self.has_draw:
            verdict = "a draw is reachable"
        elif self.has_draw is None:
            verdict = f"INCOMPLETE, no verdict ({self.note})"
        else:
            verdict = "no reachable draw"
        return (
            f"{self.size}x{self.size}: {verdict}; {self.positions} positions, {self.red_wins} red wins, "
            f"{self.blue_wins} blue wins, {self.draws} draws, {self.seconds:.1f} s"
        )


@dataclass(frozen=True)
class DirectedDrawSearch:
    """The result of :func:`directed_draw_search`.

    ``tries``: games (or searches) started; ``positions``: placements made in them;
    ``dead_ends``: positions reached where the colour to move could only complete its win;
    ``draws_found``: final positions without a winner (0 or 1: the hunt stops at the first).
    The closest dead end had ``closest_dead`` empty points illegal for both colours and
    ``closest_live`` points legal for one of them (a draw has none) out of ``closest_empty``.

    >>> directed_draw_search(4, tries=5, seed=0).verdict.split(" (")[0]
    'no draw found in 5 directed playouts on 4x4'
    """

    size: int
    method: str
    seed: int
    tries: int
    positions: int
    dead_ends: int
    draws_found: int
    draw_text: str | None
    draw_moves: tuple[tuple[int, int], ...] | None
    closest_dead: int
    closest_live: int
    closest_empty: int
    closest_text: str | None
    seconds: float

    @property
    def verdict(self) -> str:
        what = _WHAT[self.method]
        if self.draws_found:
            return f"draw found on {self.size}x{self.size} in try {self.tries} of the {what}:\n{self.draw_text}"
        return f"no draw found in {self.tries} {what} on {self.size}x{self.size} ({self.positions} placements)"


# ----------------------------------------------------------------------------- helpers
def _check_int(value, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidInputError(f"{name} must be an integer, got {value!r}")
    if int(value) < low:
        raise InvalidInputError(f"{name} must be at least {low}, got {value}")
    return int(value)


def _check_size(size, allowed: tuple[int, ...] | None = None) -> int:
    n = _check_int(size, "board size", 2)
    if allowed is not None and n not in allowed:
        raise InvalidInputError(f"board size must be one of {allowed}, got {n}")
    if n > MAX_SIZE:
        raise InvalidInputError(f"board size must be between 2 and {MAX_SIZE}, got {n}")
    return n


def _board_text(board: np.ndarray, n: int) -> str:
    return "\n".join("".join(_CHAR[int(v)] for v in board[r * n : (r + 1) * n]) for r in range(n))


def _decode(key: int, n: int) -> np.ndarray:
    return np.array([(int(key) >> (2 * p)) & 3 for p in range(n * n)], dtype=np.int8)


def moves_to_reach(
    target, to_move: int | None = None, start: State | None = None
) -> tuple[tuple[int, int], ...] | None:
    """A move sequence from ``start`` (default: the empty board, ``swap=False``) reaching the stones
    of ``target`` (an n x n array of 0/1/2), or None when none does. ``to_move``: also require that
    colour (1 red, 2 blue) in ``State.to_move`` at the end.

    A depth-first search over the engine's moves placing only the target's stones; sub-boards
    that led nowhere are remembered.

    >>> import numpy as np
    >>> moves_to_reach(np.array([[1, 0], [1, 2]]))
    ((0, 0), (1, 1), (1, 0))
    """
    tgt = np.asarray(target)
    if tgt.ndim != 2 or tgt.shape[0] != tgt.shape[1]:
        raise InvalidInputError(f"target must be a square 2-D board, got shape {tgt.shape}")
    n = _check_size(tgt.shape[0])
    flat = tgt.reshape(-1)
    first = _start_state(n, start)
    goal = int((flat != 0).sum()) - int((first.board != 0).sum())
    dead: set = set()

    def search(s: State, path: list) -> bool:
        if len(path) == goal:
            return to_move is None or s.to_move == to_move
        key = (s.board.tobytes(), s.to_move)
        if s.over or key in dead:
            return False
        for r, c in s.legal_moves():
            if flat[r * n + c] == s.to_move:
                child = s.copy()
                child.play((r, c))
                path.append((r, c))
                if search(child, path):
                    return True
                path.pop()
        dead.add(key)
        return False

    path: list = []
    return tuple(path) if search(first, path) else None


def classify_turn(board, to_move: str = "red") -> str:
    """Who places next on ``board`` (an n x n array of 0/1/2) when ``to_move`` is due, by the skip
    rule exactly as the searches apply it: ``"red"``/``"blue"``, or ``"draw"`` when neither colour
    has a legal placement. Wins are not looked at, and the board is not checked for crosscuts or
    secluded points, so any board can be classified (reachable or not).

    >>> import numpy as np
    >>> classify_turn(np.array([[1, 2, 1], [2, 0, 1], [2, 1, 2]]), "red")   # the centre is secluded
    'draw'
    """
    arr = np.asarray(board)
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1] or not np.isin(arr, (0, RED, BLUE)).all():
        raise InvalidInputError(f"board must be a square 2-D array of 0, 1 and 2, got shape {arr.shape}")
    n = _check_size(arr.shape[0])
    if to_move not in ("red", "blue"):
        raise InvalidInputError(f"to_move must be 'red' or 'blue', got {to_move!r}")
    flat = np.ascontiguousarray(arr.reshape(-1), dtype=np.int8)
    mover = _settle(flat, n, RED if to_move == "red" else BLUE, *scratch(n))
    return {RED: "red", BLUE: "blue"}.get(int(mover), "draw")


def _start_state(n: int, start: State | None, symmetry: bool = False) -> State:
    """``start`` checked (an n x n State; with ``symmetry``, invariant under the four symmetries),
    or the empty n x n board with Red to move."""
    if start is None:
        return State.initial(n, swap=False)
    if not isinstance(start, State):
        raise InvalidInputError(f"start must be a State, got {type(start).__name__}")
    if start.n != n:
        raise InvalidInputError(f"start is a {start.n}x{start.n} position, the search is on {n}x{n}")
    if symmetry and not all(np.array_equal(start.board[m], start.board) for m in symmetry_maps(n)):
        raise InvalidInputError(
            "symmetry=True needs a start position that the mirrors and the half turn leave unchanged; "
            "pass symmetry=False"
        )
    return start


def _start_key(start: State) -> int:
    """The table key of ``start``: its stones, the colour to move (the winner if won), _WON_BIT."""
    key = sum(int(v) << (2 * p) for p, v in enumerate(start.board.tolist())) | int(_USED)
    colour = start.winner_code or start.to_move
    return key | (int(_BLUE_BIT) if colour == BLUE else 0) | (int(_WON_BIT) if start.winner_code else 0)


def _search(start: State, symmetry: bool, max_table_bytes: int, max_seconds: float | None, progress: bool, keep: bool):
    """The layer-by-layer search; returns (totals, layers, draw key or None, records, complete, note, peak, seconds)."""
    t0 = time.perf_counter()
    n = start.n
    N = n * n
    maps = symmetry_maps(n) if symmetry else np.arange(N, dtype=np.int64)[None, :]
    nsym = len(maps)
    shifts = (2 * maps).astype(np.uint64)
    totals = np.zeros(_N_STATS, dtype=np.int64)
    draw_keys = np.zeros(1, dtype=np.uint64)
    counts = np.zeros(2, dtype=np.int64)
    records: list[np.ndarray] = []
    cur_bits = 8
    cur = np.zeros(1 << cur_bits, dtype=np.uint64)
    _insert(cur, cur_bits, np.uint64(_start_key(start)))
    stones = int((start.board != 0).sum())
    layers = [0] * stones
    peak = cur.nbytes
    complete, note = True, ""
    chunk = 1 << 20
    while complete and np.count_nonzero(cur):
        stats = np.zeros(_N_STATS, dtype=np.int64)
        nxt_bits = max(8, cur_bits)
        nxt = np.zeros(1 << nxt_bits, dtype=np.uint64)
        record = np.zeros(len(cur) if keep else 0, dtype=np.uint64)
        counts[1] = 0
        filled, slot = 0, 0
        while slot < len(cur):
            if max_seconds is not None and time.perf_counter() - t0 > max_seconds:
                complete, note = (
                    False,
                    f"stopped in layer {stones} (positions with {stones} stones), counted in part: "
                    f"max_seconds={max_seconds} passed",
                )
                break
            limit = int(len(nxt) * _MAX_LOAD)
            slot, filled = _expand_layer(
                cur,
                cur_bits,
                slot,
                slot + chunk,
                nxt,
                nxt_bits,
                filled,
                limit,
                n,
                nsym,
                shifts,
                stats,
                draw_keys,
                counts,
                record,
            )
            if filled + N > limit:  # the next layer's table is full: double it and go on
                need = cur.nbytes + 3 * nxt.nbytes
                if need > max_table_bytes:
                    complete = False
                    note = (
                        f"stopped in layer {stones} (positions with {stones} stones), counted in part: growing "
                        f"the tables would need {need} bytes, more than max_table_bytes={max_table_bytes}"
                    )
                    break
                bigger = np.zeros(2 * len(nxt), dtype=np.uint64)
                peak = max(peak, cur.nbytes + nxt.nbytes + bigger.nbytes)
                _rehash(nxt, bigger, nxt_bits + 1)
                nxt, nxt_bits = bigger, nxt_bits + 1
            peak = max(peak, cur.nbytes + nxt.nbytes)
        totals += stats
        layers.append(int(stats[_POS_FULL]))
        if keep:
            records.append(record[: counts[1]].copy())
        if progress:
            print(
                f"  {n}x{n} layer {stones}: {int(stats[_POS_FULL])} positions ({int(stats[_POS])} classes), "
                f"{time.perf_counter() - t0:.1f} s" + ("" if complete else " (stopped)"),
                flush=True,
            )
        cur, cur_bits = nxt, nxt_bits
        stones += 1
    draw_key = int(draw_keys[0]) if counts[0] else None
    return totals, layers, draw_key, records, complete, note, peak, time.perf_counter() - t0


def exhaustive_draw_search(
    size: int,
    symmetry: bool = True,
    max_table_bytes: int = 6 * 2**30,
    max_seconds: float | None = 600.0,
    progress: bool = False,
    start: State | None = None,
) -> DrawSearch:
    """Visit every position reachable from the empty ``size`` x ``size`` board (sizes 2 to 5) and
    count the won and drawn ones; ``start``: from that position instead.

    Breadth-first by stone count (each move adds one stone, so a position's children are all in
    the next layer); each layer is a hash set of exact keys (the packed board and the colour to
    move, no hashing collisions), so each position is expanded once. ``symmetry``: keep one
    position per class under the four colour-preserving symmetries (mirrors and half turn: the
    rules and the empty board are invariant, so the reachable set is closed under them; a ``start``
    must be invariant too) and count
    each class with its size: the counts are those of the plain search. When the tables would
    pass ``max_table_bytes`` or the search passes ``max_seconds``, it stops and says so
    (``complete`` False, ``has_draw`` None unless a draw was already found; ``max_seconds=None``
    for no time limit). 4x4 takes seconds (5,600,065 positions). 5x5 is out of reach: its layers
    grow to 71,487,826 positions with 8 stones and, extrapolating, some 10**10 with 12 to 16
    stones (about 10**11 in all), far beyond memory and hours of compute; the result is then
    incomplete and says where it stopped.

    >>> r = exhaustive_draw_search(2, symmetry=False)
    >>> r.complete, r.has_draw, r.positions, r.layers
    (True, False, 35, (1, 4, 12, 12, 6))
    """
    n = _check_size(size, EXHAUSTIVE_SIZES)
    _check_int(max_table_bytes, "max_table_bytes", 1)
    if max_seconds is not None and not (isinstance(max_seconds, (int, float)) and max_seconds > 0):
        raise InvalidInputError(f"max_seconds must be a positive number or None, got {max_seconds!r}")
    first = _start_state(n, start, bool(symmetry))
    totals, layers, draw_key, _, complete, note, peak, seconds = _search(
        first, bool(symmetry), int(max_table_bytes), max_seconds, progress, keep=False
    )
    draw_text = draw_moves = None
    if draw_key is not None:
        board = _decode(draw_key, n)
        draw_text = _board_text(board, n)
        colour = BLUE if draw_key & int(_BLUE_BIT) else RED
        draw_moves = moves_to_reach(board.reshape(n, n), to_move=colour, start=first)
    found = bool(totals[_DRAW_FULL])
    return DrawSearch(
        size=n,
        complete=complete,
        has_draw=found if complete or found else None,
        draw_text=draw_text,
        draw_moves=draw_moves,
        positions=int(totals[_POS_FULL]),
        canonical_positions=int(totals[_POS]),
        red_wins=int(totals[_RED_FULL]),
        blue_wins=int(totals[_BLUE_FULL]),
        draws=int(totals[_DRAW_FULL]),
        skip_positions=int(totals[_SKIP_FULL]),
        layers=tuple(layers),
        symmetry=bool(symmetry),
        peak_table_bytes=int(peak),
        seconds=seconds,
        note=note,
    )


def reachable_positions(size: int, start: State | None = None) -> dict[tuple[str, str], str | None]:
    """Every position reachable from the empty board (sizes 2 to 4) or from ``start``, from the search of
    :func:`exhaustive_draw_search` without symmetry: ``{(text, colour to move): result}`` with
    result ``"red"``, ``"blue"``, ``"draw"`` or None (game on). The colour is ``State.to_move``'s
    (after the skip rule; the winner's for a won position).

    >>> positions = reachable_positions(2)
    >>> len(positions), positions[("R.\\nRB", "red")], positions[(".R\\n..", "blue")]
    (35, 'red', None)
    """
    n = _check_size(size, (2, 3, 4))
    _, _, _, records, _, _, _, _ = _search(_start_state(n, start), False, 2**40, None, False, keep=True)
    out: dict[tuple[str, str], str | None] = {}
    names = {RED: "red", BLUE: "blue"}
    for key in np.concatenate(records).tolist():
        key &= ~int(_USED)
        colour = BLUE if key & int(_BLUE_BIT) else RED
        result = names[colour] if key & int(_WON_BIT) else "draw" if key & int(_DRAW_BIT) else None
        out[(_board_text(_decode(key, n), n), names[colour])] = result
    return out


_METHODS = {"playout": 0, "greedy": 1, "backtrack": 2}
_WHAT = {"playout": "directed playouts", "greedy": "greedy directed playouts", "backtrack": "backtracking searches"}


def directed_draw_search(
    size: int, tries: int = 1000, seed: int = 0, method: str = "playout", node_budget: int = 10_000
) -> DirectedDrawSearch:
    """Hunt for a reachable draw on a ``size`` x ``size`` board (``swap=False``), seeded.

    Games from the empty board in which nobody completes a win while it has another legal
    placement, so the board fills up until a colour can only win (a dead end) or nobody can
    place (a draw; the hunt stops there). ``method``: ``"playout"`` picks uniformly among the
    non-winning placements; ``"greedy"`` picks, three times in four, the one leaving the most
    empty points illegal for both colours; ``"backtrack"`` searches depth-first in random order,
    backing up from dead ends, ``node_budget`` placements a try. A draw found is replayed on
    :class:`State` and checked. All randomness comes from ``numpy.random.default_rng(seed)``.

    >>> r = directed_draw_search(5, tries=20, seed=1)
    >>> r.draws_found, r.tries, r.verdict.startswith("no draw found in 20 directed playouts")
    (0, 20, True)
    """
    n = _check_size(size)
    tries = _check_int(tries, "tries", 1)
    seed = _check_int(seed, "seed", 0)
    node_budget = _check_int(node_budget, "node_budget", 1)
    if method not in _METHODS:
        raise InvalidInputError(f"method must be one of {sorted(_METHODS)}, got {method!r}")
    t0 = time.perf_counter()
    rng = np.random.default_rng(seed)
    state = make_rng_state(int(rng.integers(2**63)))
    N = n * n
    stats = np.zeros(8, dtype=np.int64)
    best = np.zeros(N, dtype=np.int8)
    draw_board = np.zeros(N, dtype=np.int8)
    draw_path = np.zeros(N + 2, dtype=np.int32)
    _hunt(n, tries, _METHODS[method], node_budget, state, stats, best, draw_board, draw_path)
    draw_text = draw_moves = None
    if stats[3]:
        draw_moves = tuple(divmod(int(p), n) for p in draw_path[: stats[7]])
        s = State.initial(n, swap=False)
        for m in draw_moves:
            s.play(m)
        if not s.is_draw:  # the compiled hunt and the engine disagree: a bug, never a result
            raise RuntimeError(f"the hunt's draw is not a draw for State:\n{s.to_text()}")
        draw_text = s.to_text()
    dead_ends = int(stats[2])
    return DirectedDrawSearch(
        size=n,
        method=method,
        seed=seed,
        tries=int(stats[0]),
        positions=int(stats[1]),
        dead_ends=dead_ends,
        draws_found=int(stats[3]),
        draw_text=draw_text,
        draw_moves=draw_moves,
        closest_dead=int(stats[4]) if dead_ends else 0,
        closest_live=int(stats[5]) if dead_ends else 0,
        closest_empty=int(stats[6]) if dead_ends else 0,
        closest_text=_board_text(best, n) if dead_ends else None,
        seconds=time.perf_counter() - t0,
    )
