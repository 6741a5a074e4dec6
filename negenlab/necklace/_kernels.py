"""Compiled (numba) hot paths of Necklace: legality, win checks, playouts, MCTS, proof search.

A board is a flat ``int8`` array of ``n * n`` points, row-major, top row first:
0 empty, 1 red, 2 blue. Red owns rows 0 and n-1, Blue columns 0 and n-1.

Seclusion for every point at once: the empty points plus one outside node ``OUT``
(joined to every empty edge point) form a connected graph in a legal position; a
placement at ``p`` leaves an empty region without an edge point iff ``p`` is an
articulation point of that graph (one iterative Tarjan DFS rooted at ``OUT``).

All randomness is a xorshift64* stream seeded by the caller (from a numpy Generator).

>>> import numpy as np
>>> b = np.zeros(9, dtype=np.int8); b[4] = 0
>>> int(count_legal(b, 3, 1))
9
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY, RED, BLUE = 0, 1, 2
DRAW = 0


# ----------------------------------------------------------------------------- PRNG
@njit(cache=True)
def _next_u64(state):
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return x * np.uint64(2685821657736338717)


@njit(cache=True)
def _randint(state, k):
    """Uniform integer in [0, k) (k small; modulo bias < 2**-50)."""
    return np.int64(_next_u64(state) >> np.uint64(11)) % k


def make_rng_state(seed: int) -> np.ndarray:
    """A one-word xorshift state from an integer seed (never zero)."""
    s = np.uint64((int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & 0xFFFFFFFFFFFFFFFF)
    if s == 0:
        s = np.uint64(0x9E3779B97F4A7C15)
    return np.array([s], dtype=np.uint64)


# ----------------------------------------------------------------------------- neighbours and scratch
@njit(cache=True, inline="always")
def step(v, r, c, k, n):
    """The ``k``-th orthogonal neighbour of point ``v`` at row ``r``, column ``c`` (k = 0 up, 1 down,
    2 left, 3 right), or -1 off the board. Every kernel walks neighbours through this one function."""
    if k == 0:
        return v - n if r > 0 else -1
    if k == 1:
        return v + n if r < n - 1 else -1
    if k == 2:
        return v - 1 if c > 0 else -1
    return v + 1 if c < n - 1 else -1


@njit(cache=True)
def scratch(n):
    """The scratch arrays of the legality kernels for an n x n board, made in one place:
    ``(art, disc, low, parent, nxt, stack)`` as :func:`articulation` and :func:`legal_list` take them."""
    N = n * n
    return (
        np.zeros(N, dtype=np.bool_),
        np.empty(N + 1, dtype=np.int32),
        np.empty(N + 1, dtype=np.int32),
        np.empty(N + 1, dtype=np.int32),
        np.empty(N + 1, dtype=np.int32),
        np.empty(N + 1, dtype=np.int32),
    )


@njit(cache=True)
def playout_scratch(n):
    """:func:`scratch` and the playouts' own arrays: ``(art, disc, low, parent, nxt, stack, uf, moves, record)``."""
    N = n * n
    return scratch(n) + (np.empty(N + 4, dtype=np.int32), np.empty(N, dtype=np.int32), np.empty(N, dtype=np.int32))


# ----------------------------------------------------------------------------- local rules
@njit(cache=True)
def crosscut_at(board, n, p, colour):
    """True when a ``colour`` stone at empty point ``p`` would complete a crosscut."""
    r = p // n
    c = p - r * n
    for r0 in range(max(r - 1, 0), min(r, n - 2) + 1):
        for c0 in range(max(c - 1, 0), min(c, n - 2) + 1):
            i = r0 * n + c0
            a = board[i]
            b = board[i + 1]
            cc = board[i + n]
            d = board[i + n + 1]
            if i == p:
                a = colour
            elif i + 1 == p:
                b = colour
            elif i + n == p:
                cc = colour
            else:
                d = colour
            if a != 0 and b != 0 and a == d and b == cc and a != b:
                return True
    return False


@njit(cache=True)
def articulation(board, n, art, disc, low, parent, nxt, stack):
    """Mark in ``art`` the empty points whose filling would seclude an empty region.

    Scratch arrays: ``disc, low, parent, nxt`` of length n*n+1, ``stack`` of n*n.
    Returns the number of empty points reachable from the outside node; it is smaller
    than the number of empty points iff the position already has a secluded region.
    """
    N = n * n
    OUT = N
    for i in range(N):
        art[i] = False
        disc[i] = -1
    disc[OUT] = 0
    low[OUT] = 0
    t = 1
    visited = 0
    for e in range(N):
        er = e // n
        ec = e - er * n
        if not (er == 0 or er == n - 1 or ec == 0 or ec == n - 1):
            continue
        if board[e] != 0 or disc[e] != -1:
            continue
        disc[e] = t
        low[e] = t
        t += 1
        parent[e] = OUT
        nxt[e] = 0
        sp = 0
        stack[0] = e
        visited += 1
        while sp >= 0:
            v = stack[sp]
            k = nxt[v]
            if k < 5:
                nxt[v] = k + 1
                r = v // n
                c = v - r * n
                if k < 4:
                    w = step(v, r, c, k, n)
                elif r == 0 or r == n - 1 or c == 0 or c == n - 1:
                    w = OUT
                else:
                    w = -1
                if w < 0 or w == parent[v]:
                    continue
                if w != OUT and board[w] != 0:
                    continue
                if disc[w] == -1:
                    disc[w] = t
                    low[w] = t
                    t += 1
                    parent[w] = v
                    nxt[w] = 0
                    sp += 1
                    stack[sp] = w
                    visited += 1
                elif disc[w] < low[v]:
                    low[v] = disc[w]
            else:
                sp -= 1
                p = parent[v]
                if p != OUT:
                    if low[v] < low[p]:
                        low[p] = low[v]
                    if low[v] >= disc[p]:
                        art[p] = True
    return visited


@njit(cache=True)
def analyse(board, n, colour):
    """``(legal, crosscut, secluding, secluded_before)`` for ``colour`` to move.

    ``crosscut[p]``/``secluding[p]``: empty point p is forbidden by that rule (both can hold);
    ``secluded_before``: the position itself already holds a secluded empty point.
    """
    N = n * n
    art, disc, low, parent, nxt, stack = scratch(n)
    visited = articulation(board, n, art, disc, low, parent, nxt, stack)
    empties = 0
    legal = np.zeros(N, dtype=np.bool_)
    cross = np.zeros(N, dtype=np.bool_)
    for p in range(N):
        if board[p] == 0:
            empties += 1
            cross[p] = crosscut_at(board, n, p, colour)
            legal[p] = not cross[p] and not art[p]
    return legal, cross, art, visited < empties


@njit(cache=True)
def legal_list(board, n, colour, order, out, art, disc, low, parent, nxt, stack):
    """Write the legal points of ``colour`` into ``out`` in the order of ``order`` (a permutation of
    the points: ``np.arange`` for ascending, the solver's centre-first order); return their count."""
    articulation(board, n, art, disc, low, parent, nxt, stack)
    k = 0
    for i in range(n * n):
        p = order[i]
        if board[p] == 0 and not art[p] and not crosscut_at(board, n, p, colour):
            out[k] = p
            k += 1
    return k


@njit(cache=True)
def count_legal(board, n, colour):
    N = n * n
    art, disc, low, parent, nxt, stack = scratch(n)
    return legal_list(board, n, colour, np.arange(N), np.empty(N, dtype=np.int32), art, disc, low, parent, nxt, stack)


@njit(cache=True)
def has_any_crosscut(board, n):
    """The top-left corner index of a 2x2 block holding a crosscut, or -1."""
    for r0 in range(n - 1):
        for c0 in range(n - 1):
            i = r0 * n + c0
            a = board[i]
            b = board[i + 1]
            cc = board[i + n]
            d = board[i + n + 1]
            if a != 0 and b != 0 and a == d and b == cc and a != b:
                return i
    return -1


# ----------------------------------------------------------------------------- wins
@njit(cache=True)
def wins_through(board, n, p, stamp, gen, stack):
    """True when the chain through the stone at ``p`` touches both edges of its colour.

    ``stamp`` is an int32 scratch of n*n marked with generation ``gen`` (no clearing needed).
    """
    colour = board[p]
    sp = 0
    stack[0] = p
    stamp[p] = gen
    lo = False
    hi = False
    while sp >= 0:
        v = stack[sp]
        sp -= 1
        r = v // n
        c = v - r * n
        if colour == RED:
            if r == 0:
                lo = True
            if r == n - 1:
                hi = True
        else:
            if c == 0:
                lo = True
            if c == n - 1:
                hi = True
        if lo and hi:
            return True
        for k in range(4):
            w = step(v, r, c, k, n)
            if w >= 0 and board[w] == colour and stamp[w] != gen:
                stamp[w] = gen
                sp += 1
                stack[sp] = w
    return False


@njit(cache=True)
def winning_chain(board, n, colour):
    """Bool mask of a winning chain of ``colour`` (all stones of the first winning group), or all False."""
    N = n * n
    stamp = np.zeros(N, dtype=np.int32)
    stack = np.empty(N, dtype=np.int32)
    gen = 0
    for p in range(N):
        if board[p] == colour and stamp[p] == 0:
            gen += 1
            if wins_through(board, n, p, stamp, gen, stack):
                return stamp == gen
    return np.zeros(N, dtype=np.bool_)


# ----------------------------------------------------------------------------- fast single-point tests
@njit(cache=True)
def _ring_state(board, n, r, c):
    """0 stone, 1 empty interior point, 2 empty edge point or off-board (both touch the outside)."""
    if r < 0 or c < 0 or r >= n or c >= n:
        return 2
    if board[r * n + c] != 0:
        return 0
    if r == 0 or c == 0 or r == n - 1 or c == n - 1:
        return 2
    return 1


@njit(cache=True)
def locally_safe(board, n, p, ring):
    """Sufficient test that filling empty ``p`` secludes nothing.

    Walk the 8 points around p: consecutive passable ring points are joined, and every
    ring point on the edge or off the board is joined to the outside. When p's graph
    neighbours (empty orthogonal neighbours, plus the outside if p is an edge point)
    all fall in one local component, they stay connected without p.
    ``ring`` is an int8 scratch of length 16.
    """
    r = p // n
    c = p - r * n
    dr = (-1, -1, -1, 0, 1, 1, 1, 0)
    dc = (-1, 0, 1, 1, 1, 0, -1, -1)
    st = ring[:8]
    label = ring[8:]
    for i in range(8):
        st[i] = _ring_state(board, n, r + dr[i], c + dc[i])
        label[i] = 0
    # find a blocked start so runs do not wrap (if none blocked, everything is one run)
    start = -1
    for i in range(8):
        if st[i] == 0:
            start = i
            break
    if start < 0:
        return True
    # label: 0 blocked, 1 = outside, >=2 run ids
    run = 1
    cur = 0
    # pass 1: assign run ids
    for k in range(1, 9):
        i = (start + k) % 8
        if st[i] == 0:
            cur = 0
            continue
        if cur == 0:
            run += 1
            cur = run
        label[i] = cur
    # runs touching the outside become label 1
    for rid in range(2, run + 1):
        out = False
        for i in range(8):
            if label[i] == rid and st[i] == 2:
                out = True
        if out:
            for i in range(8):
                if label[i] == rid:
                    label[i] = 1
    need = -1
    on_edge = r == 0 or c == 0 or r == n - 1 or c == n - 1
    if on_edge:
        need = 1
    for i in range(1, 8, 2):
        if st[i] != 0 and not (r + dr[i] < 0 or c + dc[i] < 0 or r + dr[i] >= n or c + dc[i] >= n):
            if need == -1:
                need = label[i]
            elif label[i] != need:
                return False
    return True


@njit(cache=True)
def _pick_legal(board, n, colour, empties, n_empty, cand, rng, state_art, art, disc, low, parent, nxt, stack, ring):
    """A uniformly random legal point of ``colour`` (or -1 when there is none).

    Candidates are drawn without replacement; an illegal one is removed and the draw
    repeated, so the first legal point found is uniform among the legal points.
    ``state_art[0]`` caches whether ``art`` is valid for this board (0 = not computed).
    """
    for i in range(n_empty):
        cand[i] = empties[i]
    m = n_empty
    while m > 0:
        j = _randint(rng, m)
        p = cand[j]
        ok = not crosscut_at(board, n, p, colour)
        if ok and not locally_safe(board, n, p, ring):
            if state_art[0] == 0:
                articulation(board, n, art, disc, low, parent, nxt, stack)
                state_art[0] = 1
            ok = not art[p]
        if ok:
            return p
        m -= 1
        cand[j] = cand[m]
    return -1


# ----------------------------------------------------------------------------- union-find playouts
@njit(cache=True)
def _find(uf, x):
    root = x
    while uf[root] != root:
        root = uf[root]
    while uf[x] != root:
        nx = uf[x]
        uf[x] = root
        x = nx
    return root


@njit(cache=True)
def _union(uf, a, b):
    ra = _find(uf, a)
    rb = _find(uf, b)
    if ra != rb:
        uf[ra] = rb


@njit(cache=True)
def _uf_place(board, n, uf, p):
    """Join the stone at ``p`` with its group and edges; True when its colour now wins."""
    N = n * n
    colour = board[p]
    r = p // n
    c = p - r * n
    for k in range(4):
        w = step(p, r, c, k, n)
        if w >= 0 and board[w] == colour:
            _union(uf, p, w)
    if colour == RED:
        if r == 0:
            _union(uf, p, N)
        if r == n - 1:
            _union(uf, p, N + 1)
        return _find(uf, N) == _find(uf, N + 1)
    if c == 0:
        _union(uf, p, N + 2)
    if c == n - 1:
        _union(uf, p, N + 3)
    return _find(uf, N + 2) == _find(uf, N + 3)


@njit(cache=True)
def _uf_build(board, n, uf):
    N = n * n
    for i in range(N + 4):
        uf[i] = i
    for p in range(N):
        if board[p] != 0:
            _uf_place(board, n, uf, p)


@njit(cache=True)
def _playout_inplace(board, n, to_move, rng, uf, moves, art, disc, low, parent, nxt, stack, record):
    """Random legal play from ``board`` (modified in place) to the end.

    Returns ``(winner, placements, skipped)``: winner 1 red, 2 blue, 0 draw (nobody can move).
    ``moves`` (length n*n) is scratch; ``record[i]`` receives the i-th placed point.
    """
    N = n * n
    _uf_build(board, n, uf)
    empties = np.empty(N, dtype=np.int32)
    where = np.empty(N, dtype=np.int32)
    n_empty = 0
    for p in range(N):
        if board[p] == 0:
            empties[n_empty] = p
            where[p] = n_empty
            n_empty += 1
    state_art = np.zeros(1, dtype=np.int8)
    ring = np.empty(16, dtype=np.int8)
    colour = to_move
    placed = 0
    skipped = 0
    while True:
        state_art[0] = 0
        p = _pick_legal(
            board, n, colour, empties, n_empty, moves, rng, state_art, art, disc, low, parent, nxt, stack, ring
        )
        if p < 0:
            colour = 3 - colour
            p = _pick_legal(
                board, n, colour, empties, n_empty, moves, rng, state_art, art, disc, low, parent, nxt, stack, ring
            )
            if p < 0:
                return 0, placed, skipped
            skipped += 1
        board[p] = colour
        record[placed] = p
        placed += 1
        # remove p from the empty list
        i = where[p]
        n_empty -= 1
        last = empties[n_empty]
        empties[i] = last
        where[last] = i
        if _uf_place(board, n, uf, p):
            return colour, placed, skipped
        colour = 3 - colour


@njit(cache=True)
def playout_record(board_in, n, to_move, seed_state):
    """One random playout from a copy of ``board_in``: ``(winner, placements, skipped, points, colours)``,
    with the placed points in order and their colours (the tests replay them under the brute-force rules)."""
    board = board_in.copy()
    art, disc, low, parent, nxt, stack, uf, moves, record = playout_scratch(n)
    w, placed, skipped = _playout_inplace(
        board, n, to_move, seed_state, uf, moves, art, disc, low, parent, nxt, stack, record
    )
    colours = np.empty(placed, dtype=np.int8)
    for i in range(placed):
        colours[i] = board[record[i]]
    return w, placed, skipped, record[:placed], colours


@njit(cache=True)
def playout(board_in, n, to_move, seed_state):
    """:func:`playout_record` without the record: ``(winner, placements, skipped)`` (no arrays to hand
    back to Python, the fast path of ``State.playout``)."""
    w, placed, skipped, _, _ = playout_record(board_in, n, to_move, seed_state)
    return w, placed, skipped


@njit(cache=True)
def many_playouts(board_in, n, to_move, seed_state, count):
    """``count`` random playouts; returns the winners (int8 array) for throughput tests."""
    board = board_in.copy()
    art, disc, low, parent, nxt, stack, uf, moves, record = playout_scratch(n)
    out = np.empty(count, dtype=np.int8)
    for g in range(count):
        board[:] = board_in
        w, _, _ = _playout_inplace(board, n, to_move, seed_state, uf, moves, art, disc, low, parent, nxt, stack, record)
        out[g] = w
    return out


# ----------------------------------------------------------------------------- MCTS
@njit(cache=True)
def mcts(board_root, n, to_move, simulations, c_uct, seed_state, max_nodes):
    """UCT search with random playouts from a position with ``to_move`` (1/2) to move.

    The root must be a non-terminal position in which ``to_move`` has a legal placement.
    Returns ``(moves, visits, values, simulations_done, nodes_used)`` for the root's
    children; ``values`` are mean rewards (win 1, draw 0.5, loss 0) of ``to_move``.
    The search stops early (and says so through ``simulations_done``) when the node
    budget ``max_nodes`` is exhausted.
    """
    N = n * n
    child_start = np.empty(max_nodes, dtype=np.int32)
    n_children = np.empty(max_nodes, dtype=np.int32)
    next_unvisited = np.empty(max_nodes, dtype=np.int32)
    move = np.empty(max_nodes, dtype=np.int32)
    node_to_move = np.empty(max_nodes, dtype=np.int8)
    node_winner = np.empty(max_nodes, dtype=np.int8)  # -1 open, 0 draw, 1/2 winner
    mover = np.empty(max_nodes, dtype=np.int8)
    visits = np.zeros(max_nodes, dtype=np.float64)
    value = np.zeros(max_nodes, dtype=np.float64)

    board = board_root.copy()
    art, disc, low, parent, nxt, stack, uf, moves, record = playout_scratch(n)
    order = np.arange(N)
    stamp = np.zeros(N, dtype=np.int32)
    path = np.empty(2 * N + 4, dtype=np.int32)
    gen = 0

    used = 1
    n_children[0] = -1
    node_to_move[0] = to_move
    node_winner[0] = -1
    mover[0] = 3 - to_move
    done = 0
    for _ in range(simulations):
        for i in range(N):
            board[i] = board_root[i]
        node = 0
        depth = 0
        path[0] = 0
        result = -1
        while True:
            if node_winner[node] >= 0:
                result = node_winner[node]
                break
            colour = node_to_move[node]
            if n_children[node] < 0:
                k = legal_list(board, n, colour, order, moves, art, disc, low, parent, nxt, stack)
                if used + k > max_nodes:
                    break
                child_start[node] = used
                n_children[node] = k
                next_unvisited[node] = 0
                # shuffle so unvisited children are tried in random order
                for i in range(k - 1, 0, -1):
                    j = _randint(seed_state, i + 1)
                    tmp = moves[i]
                    moves[i] = moves[j]
                    moves[j] = tmp
                for i in range(k):
                    ch = used + i
                    move[ch] = moves[i]
                    n_children[ch] = -1
                    node_to_move[ch] = 0
                    node_winner[ch] = -1
                    mover[ch] = colour
                    visits[ch] = 0.0
                    value[ch] = 0.0
                used += k
            start = child_start[node]
            if next_unvisited[node] < n_children[node]:
                ch = start + next_unvisited[node]
                next_unvisited[node] += 1
                p = move[ch]
                board[p] = colour
                gen += 1
                depth += 1
                path[depth] = ch
                if wins_through(board, n, p, stamp, gen, stack):
                    node_winner[ch] = colour
                    result = colour
                    break
                other = 3 - colour
                if legal_list(board, n, other, order, moves, art, disc, low, parent, nxt, stack) > 0:
                    node_to_move[ch] = other
                elif legal_list(board, n, colour, order, moves, art, disc, low, parent, nxt, stack) > 0:
                    node_to_move[ch] = colour
                else:
                    node_winner[ch] = 0
                    result = 0
                    break
                w, _, _ = _playout_inplace(
                    board, n, node_to_move[ch], seed_state, uf, moves, art, disc, low, parent, nxt, stack, record
                )
                result = w
                break
            # all children visited: UCT
            logn = np.log(visits[node])
            best = start
            best_score = -1e300
            for ch in range(start, start + n_children[node]):
                s = value[ch] / visits[ch] + c_uct * np.sqrt(logn / visits[ch])
                if s > best_score:
                    best_score = s
                    best = ch
            board[move[best]] = colour
            depth += 1
            path[depth] = best
            node = best
        if result < 0:
            break  # node budget exhausted
        done += 1
        for d in range(depth + 1):
            nd = path[d]
            visits[nd] += 1.0
            if result == 0:
                value[nd] += 0.5
            elif result == mover[nd]:
                value[nd] += 1.0
    k = n_children[0] if n_children[0] > 0 else 0
    s = child_start[0]
    out_moves = np.empty(k, dtype=np.int32)
    out_visits = np.empty(k, dtype=np.float64)
    out_values = np.empty(k, dtype=np.float64)
    for i in range(k):
        out_moves[i] = move[s + i]
        out_visits[i] = visits[s + i]
        out_values[i] = value[s + i] / visits[s + i] if visits[s + i] > 0 else 0.5
    return out_moves, out_visits, out_values, done, used
