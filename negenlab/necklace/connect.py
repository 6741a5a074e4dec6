"""Necklace's connection engine: diagonal links, dead and captured points, the must-play region, the
moves that lose to a one-move threat, and a move order built from them (rule code; compiled kernels, no
drawing).

Crosscuts are illegal, so two stones of one colour on a diagonal can never be cut apart: of the two
points they share, the opponent may take one, and a stone on the other would then make a crosscut.
Whether the owner may answer on that other point is the question seclusion (and a crosscut in the block
beyond it) raises; this module answers it with the game's own legality kernels.

Words, for a colour X and its opponent Y (boards are flat ``int8`` arrays, row-major, 0 empty, 1 red,
2 blue, as everywhere in the package):

- **link** (:func:`links`): stones ``a`` and ``b`` of X on a diagonal, in different groups, whose two
  shared neighbours (the **carrier**) are empty, such that whatever legal move Y makes next (that does not
  win at once), X has a legal stone on a carrier point that joins ``a`` and ``b``. Checked exactly, one
  exchange deep, for every move of Y, inside or outside the carrier.
- **permanent** link: both carrier points are *immune* for X: a stone of X there can never make a
  crosscut (each block beyond it holds an X stone beside it or a Y stone opposite, or leaves the board)
  nor seal anything off (every empty neighbour is an edge point, or it is an inner point with at most
  one empty neighbour: a dead end of the empty points). Those are facts of stones and edges, so they hold
  for the rest of the game whatever is played outside the carrier.
- **secure point**: an empty point where a Y stone makes a crosscut (so forever) and that is immune for
  X: it joins its X neighbours for good, and Y can never take it.
- **virtual win** (:func:`virtual_win`): X's edges joined through X's stones, secure points and
  permanent links whose carriers are pairwise disjoint. With either colour to move X wins: X answers a
  move in a carrier on the other point of that carrier, each legal by immunity, and Y never joins its
  edges across X's chain.
- **blocking win** (:func:`blocking_win`): the walls of X (its stones and the empty points where a Y
  stone makes a crosscut, both forever) joined 8-connectedly from one of X's edges to the other, through
  *bridges*: two wall groups (or a group and an edge of X) with two empty immune points each of which
  would join them, the bridges' carriers pairwise disjoint. Y's chain is orthogonal, and on a square
  grid an 8-connected chain of walls from X's edge to X's edge leaves Y no orthogonal path between Y's
  edges; so Y can never connect, and since no game of Necklace ends drawn X wins (the cut-off rule of
  the proof search is the bridgeless case). X answers a move in a bridge's carrier on its other point
  (legal forever by immunity), and its walls never go away. A virtual win is a blocking win without a
  bridge: two diagonal stones are already 8-adjacent, so links matter for X's own chain, not for
  blocking Y.
- **must-play region** (:func:`must_play`): a blocking win of X is a win whoever moves, so with Y to
  move every move of Y loses then (the region is empty; the union of the carriers is where the win is
  defended, not where Y can save the game). The region that prunes is Hex's for a *semi*-virtual win:
  for each point ``p`` where an X stone would make a blocking win (``p`` immune for X), Y must play on
  ``p`` or in that win's carrier, or X plays ``p`` (legal whatever Y did) and wins; the must-play region
  is the intersection over all such ``p`` (with Y's moves that win at once).
- **threats that are not immune** (:func:`threat_prune`, :func:`threat_safe_moves`): the region above
  needs ``p`` immune; any empty ``p`` where an X stone makes no crosscut and makes a blocking win is a
  threat too, with the row of :func:`threat_regions`: ``p``, the win's carrier, and the empty points
  that ``p`` turns into crosscut points for Y (walls Y may still take first). A move ``m`` of Y outside
  that row leaves the win whole (X's walls and the carrier's immune points only gain), so ``m`` loses
  whenever ``p`` is still legal for X after it: no crosscut and nothing sealed off, checked on the board
  after ``m``. With X to move, such a ``p`` legal now is a win (:func:`own_threat`). Refined, a carrier
  point ``q`` leaves the row when the board with ``p`` and a Y stone on ``q`` still holds a blocking win
  of X (another win's carrier misses ``q``: Hex's intersection over several carriers).
- **safe point** (:func:`safe_points`, :func:`relaxed_blocking_win`): immunity asks that no stone ever
  makes a crosscut at ``q``; but X's stones in a blocking win's defence only ever go to its carrier
  points (a move of Y in a carrier is answered in it, and a free move of X can take a carrier point, or
  the walls are already joined). So a block whose point diagonal to ``q`` is empty and outside the set of
  joining points can never crosscut ``q`` for X. The joining points of a relaxed blocking win are the
  set left after dropping points until each one's blocks hold Y diagonally, X beside, or an empty
  diagonal point outside the set (and no stone there seals anything off, as for immunity).
- **dead point** (:func:`dead_points`): an empty point where a stone of either colour makes a crosscut:
  no move can ever use it (stones never move). None exists in a legal position: a point is forbidden to
  Red by a block whose two points beside it are blue, and to Blue by a block whose two are red; two
  such blocks share no point beside it only when they are opposite, and then all four neighbours are
  stones, an inner point secluded (an edge point has no opposite blocks). The function is the check,
  and the tests find none.
- **captured point** (:func:`captured_points`): an empty point where Y can never play (a crosscut) and
  X can: only X will ever hold it. Filling it for X is *not* claimed to keep the value: Necklace has
  zugzwang (``tests/necklace/test_connect.py`` shows a 4x4 position where taking away a move that
  changes nothing else, a **pass point** (:func:`pass_points`), turns the result), so a free move can
  matter and Hex's fill-in of dead and captured cells does not carry over as it is.

All claims are checked against exhaustive search under the real rules in
``tests/necklace/test_connect.py`` (brute force in ``tests/necklace/brute_connect.py``).

>>> import numpy as np
>>> b = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 0]], dtype=np.int8).reshape(-1)
>>> [(l.a, l.b, l.carrier, l.permanent) for l in links(b, 3, 1)]
[((0, 0), (1, 1), ((0, 1), (1, 0)), True)]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from negenlab.core.errors import InvalidInputError

from ._kernels import BLUE, RED, articulation, crosscut_at, legal_list, scratch, step, wins_through

MAX_LINKS = 4096
DFS_STEPS = 20000
"""The virtual-win search gives up (claims nothing) after this many steps: sound, possibly incomplete."""


# ----------------------------------------------------------------------------- kernels
@njit(cache=True)
def group_labels(board, n, colour, label, stack):
    """Label the orthogonally connected groups of ``colour`` in ``label`` (0, 1, ...; -1 elsewhere);
    return how many there are."""
    N = n * n
    for i in range(N):
        label[i] = -1
    g = 0
    for p in range(N):
        if board[p] != colour or label[p] >= 0:
            continue
        label[p] = g
        sp = 0
        stack[0] = p
        while sp >= 0:
            v = stack[sp]
            sp -= 1
            r = v // n
            c = v - r * n
            for k in range(4):
                w = step(v, r, c, k, n)
                if w >= 0 and board[w] == colour and label[w] < 0:
                    label[w] = g
                    sp += 1
                    stack[sp] = w
        g += 1
    return g


@njit(cache=True)
def on_edge(n, p):
    r = p // n
    c = p - r * n
    return r == 0 or c == 0 or r == n - 1 or c == n - 1


@njit(cache=True)
def immune(board, n, q, colour):
    """True when a ``colour`` stone at empty ``q`` can never be illegal while the stones now on the board
    stay: filling ``q`` can never seal off an empty region (every empty point next to it is an edge point,
    or ``q`` is an inner point with at most one empty neighbour: a dead end of the empty points, whose
    filling disconnects nothing), and no 2x2 block through ``q`` can become a crosscut for it (the point diagonal
    to ``q`` holds the other colour, or one of the two points beside ``q`` holds ``colour``, or a point is
    off the board, or the block already holds both beside points of ``colour``)."""
    r = q // n
    c = q - r * n
    empty = 0
    inner = 0
    for k in range(4):
        w = step(q, r, c, k, n)
        if w >= 0 and board[w] == 0:
            empty += 1
            if not on_edge(n, w):
                inner += 1
    if inner > 0 and (on_edge(n, q) or empty > 1):
        return False
    other = 3 - colour
    for dr in (-1, 1):
        for dc in (-1, 1):
            rr = r + dr
            cc = c + dc
            if rr < 0 or cc < 0 or rr >= n or cc >= n:
                continue
            d = rr * n + cc
            s1 = rr * n + c
            s2 = r * n + cc
            if board[s1] == colour or board[s2] == colour or board[d] == other:
                continue
            return False
    return True


@njit(cache=True)
def link_candidates(board, n, colour, label, out):
    """Diagonal pairs of ``colour`` stones in different groups (``label`` from :func:`group_labels`) whose
    two shared points are empty: rows ``(a, b, q1, q2)`` written to ``out``; return how many."""
    k = 0
    for r0 in range(n - 1):
        for c0 in range(n - 1):
            i = r0 * n + c0
            for t in range(2):
                if t == 0:
                    a, b, q1, q2 = i, i + n + 1, i + 1, i + n
                else:
                    a, b, q1, q2 = i + 1, i + n, i, i + n + 1
                if board[a] == colour and board[b] == colour and label[a] != label[b]:
                    if board[q1] == 0 and board[q2] == 0 and k < out.shape[0]:
                        out[k, 0] = a
                        out[k, 1] = b
                        out[k, 2] = q1
                        out[k, 3] = q2
                        k += 1
    return k


@njit(cache=True)
def _x_legal(board, n, q, colour, art):
    return board[q] == 0 and not art[q] and not crosscut_at(board, n, q, colour)


@njit(cache=True)
def link_kernel(board, n, colour, out, ok, perm):
    """The links of ``colour`` (see the module): candidates in ``out[:k]``, ``ok[i]`` whether candidate i
    is a link (every legal reply of the opponent that does not win at once leaves a legal carrier stone
    joining the pair), ``perm[i]`` whether both carrier points are immune. Returns k."""
    N = n * n
    label = np.empty(N, dtype=np.int64)
    stack = np.empty(N + 1, dtype=np.int32)
    group_labels(board, n, colour, label, stack)
    k = link_candidates(board, n, colour, label, out)
    if k == 0:
        return 0
    for i in range(k):
        ok[i] = True
        perm[i] = immune(board, n, out[i, 2], colour) and immune(board, n, out[i, 3], colour)
    art, disc, low, parent, nxt, stk = scratch(n)
    opp = 3 - colour
    moves = np.empty(N, dtype=np.int32)
    m_count = legal_list(board, n, opp, np.arange(N), moves, art, disc, low, parent, nxt, stk)
    if m_count == 0:  # the opponent is skipped: the owner moves now
        for i in range(k):
            ok[i] = _x_legal(board, n, out[i, 2], colour, art) or _x_legal(board, n, out[i, 3], colour, art)
        return k
    stamp = np.zeros(N, dtype=np.int32)
    gen = 0
    for j in range(m_count):
        m = moves[j]
        board[m] = opp
        gen += 1
        if wins_through(board, n, m, stamp, gen, stk):
            board[m] = 0
            continue  # the game ends: no connection question is left
        articulation(board, n, art, disc, low, parent, nxt, stk)
        for i in range(k):
            if not ok[i]:
                continue
            q1 = out[i, 2]
            q2 = out[i, 3]
            if m == q1:
                ok[i] = _x_legal(board, n, q2, colour, art)
            elif m == q2:
                ok[i] = _x_legal(board, n, q1, colour, art)
            else:
                ok[i] = _x_legal(board, n, q1, colour, art) or _x_legal(board, n, q2, colour, art)
        board[m] = 0
    return k


@njit(cache=True)
def secure_point(board, n, p, colour):
    """Empty ``p`` where the opponent's stone makes a crosscut (forever) and ``colour``'s is immune."""
    return board[p] == 0 and crosscut_at(board, n, p, 3 - colour) and immune(board, n, p, colour)


@njit(cache=True)
def _find(uf, x):
    while uf[x] != x:
        uf[x] = uf[uf[x]]
        x = uf[x]
    return x


@njit(cache=True)
def virtual_win_kernel(board, n, colour, carrier):
    """True when ``colour`` has a virtual win (see the module); ``carrier`` (bool, n*n) then marks the
    union of the carriers of the permanent links the win uses. Sound: a search that runs out of its
    :data:`DFS_STEPS` claims nothing."""
    N = n * n
    for i in range(N):
        carrier[i] = False
    label = np.empty(N, dtype=np.int64)
    stack = np.empty(N + 1, dtype=np.int32)
    G = group_labels(board, n, colour, label, stack)
    if G == 0:
        return False
    LO = G
    HI = G + 1
    uf = np.arange(G + 2)
    # stones on the edges, and secure points (edge secure points join their edge)
    for p in range(N):
        r = p // n
        c = p - r * n
        lo = r == 0 if colour == RED else c == 0
        hi = r == n - 1 if colour == RED else c == n - 1
        if board[p] == colour:
            if lo:
                uf[_find(uf, label[p])] = _find(uf, LO)
            if hi:
                uf[_find(uf, label[p])] = _find(uf, HI)
        elif board[p] == 0 and secure_point(board, n, p, colour):
            root = -1
            if lo:
                root = _find(uf, LO)
            if hi:
                h = _find(uf, HI)
                if root < 0:
                    root = h
                elif h != root:
                    uf[h] = root
            for k in range(4):
                w = step(p, r, c, k, n)
                if w >= 0 and board[w] == colour:
                    g = _find(uf, label[w])
                    if root < 0:
                        root = g
                    elif g != root:
                        uf[g] = root
    if _find(uf, LO) == _find(uf, HI):
        return True  # joined by stones and secure points alone (no carrier to defend)
    # permanent links between the merged components
    cand = np.empty((2 * N, 4), dtype=np.int64)
    ok = np.empty(2 * N, dtype=np.bool_)
    perm = np.empty(2 * N, dtype=np.bool_)
    k = link_candidates(board, n, colour, label, cand)
    L = 0
    la = np.empty(k, dtype=np.int64)
    lb = np.empty(k, dtype=np.int64)
    lq1 = np.empty(k, dtype=np.int64)
    lq2 = np.empty(k, dtype=np.int64)
    for i in range(k):
        ok[i] = False
        perm[i] = immune(board, n, cand[i, 2], colour) and immune(board, n, cand[i, 3], colour)
        if not perm[i]:
            continue
        ga = _find(uf, label[cand[i, 0]])
        gb = _find(uf, label[cand[i, 1]])
        if ga == gb:
            continue
        la[L] = ga
        lb[L] = gb
        lq1[L] = cand[i, 2]
        lq2[L] = cand[i, 3]
        L += 1
    if L == 0:
        return False
    return _disjoint_path(G + 2, _find(uf, LO), _find(uf, HI), la, lb, lq1, lq2, L, N, carrier)


@njit(cache=True)
def blocking_win_kernel(board, n, colour, carrier):
    """True when ``colour`` has a blocking win (module text); ``carrier`` (bool, n*n) then marks the union
    of the carriers of the bridges it uses. Sound: a search that runs out of :data:`DFS_STEPS` claims
    nothing."""
    return _blocking(board, n, colour, carrier, False)


@njit(cache=True)
def relaxed_blocking_win_kernel(board, n, colour, carrier):
    """:func:`blocking_win_kernel` with bridge points that are *safe* rather than immune (module text:
    X's stones only ever go to carrier points, so a block whose point diagonal to ``q`` is empty and no
    joining point cannot crosscut ``q``)."""
    return _blocking(board, n, colour, carrier, True)


@njit(cache=True)
def safe_points(board, n, colour, wall, safe):
    """The joining points of a relaxed blocking win: empty points, no walls, where a ``colour`` stone can
    never seal anything off (as :func:`immune`), and where no 2x2 block can become a crosscut while
    ``colour`` places stones only on points of the set: in each block through ``q`` the point diagonal to
    ``q`` holds the other colour, or a point beside ``q`` holds ``colour``, or the diagonal point is empty
    and not in the set. Found by removing the points that break the rule until none does (the set only
    shrinks, so each point kept satisfies it for the final set)."""
    N = n * n
    other = 3 - colour
    for q in range(N):
        safe[q] = board[q] == 0 and not wall[q] and _never_seals(board, n, q)
    changed = True
    while changed:
        changed = False
        for q in range(N):
            if not safe[q]:
                continue
            r = q // n
            c = q - r * n
            for dr in (-1, 1):
                for dc in (-1, 1):
                    rr = r + dr
                    cc = c + dc
                    if rr < 0 or cc < 0 or rr >= n or cc >= n:
                        continue
                    d = rr * n + cc
                    if board[rr * n + c] == colour or board[r * n + cc] == colour or board[d] == other:
                        continue
                    if board[d] == 0 and not safe[d]:
                        continue
                    safe[q] = False
                    changed = True
            # (a point removed may make others safe again; keeping them out is sound, and one pass is cheap)


@njit(cache=True)
def _never_seals(board, n, q):
    """The seclusion half of :func:`immune`: a stone at empty ``q`` can never seal off an empty region."""
    r = q // n
    c = q - r * n
    empty = 0
    inner = 0
    for k in range(4):
        w = step(q, r, c, k, n)
        if w >= 0 and board[w] == 0:
            empty += 1
            if not on_edge(n, w):
                inner += 1
    return not (inner > 0 and (on_edge(n, q) or empty > 1))


@njit(cache=True)
def _blocking(board, n, colour, carrier, relaxed):
    N = n * n
    opp = 3 - colour
    for i in range(N):
        carrier[i] = False
    wall = np.zeros(N, dtype=np.bool_)
    for p in range(N):
        wall[p] = board[p] == colour or (board[p] == 0 and crosscut_at(board, n, p, opp))
    # 8-connected components of the walls, then the two edges of colour as nodes C and C + 1
    comp = np.full(N, -1, dtype=np.int64)
    stack = np.empty(N + 1, dtype=np.int64)
    C = 0
    for p in range(N):
        if not wall[p] or comp[p] >= 0:
            continue
        comp[p] = C
        sp = 0
        stack[0] = p
        while sp >= 0:
            v = stack[sp]
            sp -= 1
            r = v // n
            c = v - r * n
            for dr in range(-1, 2):
                for dc in range(-1, 2):
                    rr = r + dr
                    cc = c + dc
                    if 0 <= rr < n and 0 <= cc < n:
                        w = rr * n + cc
                        if wall[w] and comp[w] < 0:
                            comp[w] = C
                            sp += 1
                            stack[sp] = w
        C += 1
    LO = C
    HI = C + 1
    uf = np.arange(C + 2)
    for p in range(N):
        if not wall[p]:
            continue
        r = p // n
        c = p - r * n
        if (r == 0) if colour == RED else (c == 0):
            uf[_find(uf, comp[p])] = _find(uf, LO)
        if (r == n - 1) if colour == RED else (c == n - 1):
            uf[_find(uf, comp[p])] = _find(uf, HI)
    start = _find(uf, LO)
    goal = _find(uf, HI)
    if start == goal:
        return True  # the other colour can no longer connect: the cut-off rule
    # joining points: empty, not walls, immune for colour (relaxed: safe); each joins the nodes it touches
    safe = np.zeros(N, dtype=np.bool_)
    if relaxed:
        safe_points(board, n, colour, wall, safe)
    ru = np.empty(N * 45, dtype=np.int64)
    rv = np.empty(N * 45, dtype=np.int64)
    rp = np.empty(N * 45, dtype=np.int64)
    R = 0
    near = np.empty(11, dtype=np.int64)
    for p in range(N):
        if board[p] != 0 or wall[p]:
            continue
        if not (safe[p] if relaxed else immune(board, n, p, colour)):
            continue
        r = p // n
        c = p - r * n
        m = 0
        if (r == 0) if colour == RED else (c == 0):
            near[m] = start
            m += 1
        if (r == n - 1) if colour == RED else (c == n - 1):
            near[m] = goal
            m += 1
        for dr in range(-1, 2):
            for dc in range(-1, 2):
                rr = r + dr
                cc = c + dc
                if 0 <= rr < n and 0 <= cc < n and wall[rr * n + cc]:
                    g = _find(uf, comp[rr * n + cc])
                    seen = False
                    for j in range(m):
                        if near[j] == g:
                            seen = True
                    if not seen:
                        near[m] = g
                        m += 1
        for i in range(m):
            for j in range(i + 1, m):
                ru[R] = min(near[i], near[j])
                rv[R] = max(near[i], near[j])
                rp[R] = p
                R += 1
    # bridges: node pairs with two joining points (the first two found form the carrier)
    la = np.empty(R, dtype=np.int64)
    lb = np.empty(R, dtype=np.int64)
    lq1 = np.empty(R, dtype=np.int64)
    lq2 = np.empty(R, dtype=np.int64)
    L = 0
    taken = np.zeros(R, dtype=np.bool_)
    for i in range(R):
        if taken[i]:
            continue
        for j in range(i + 1, R):
            if not taken[j] and ru[j] == ru[i] and rv[j] == rv[i]:
                taken[i] = True
                taken[j] = True
                la[L] = ru[i]
                lb[L] = rv[i]
                lq1[L] = rp[i]
                lq2[L] = rp[j]
                L += 1
                break
    return _disjoint_path(C + 2, start, goal, la, lb, lq1, lq2, L, N, carrier)


@njit(cache=True)
def _disjoint_path(nodes, start, goal, la, lb, lq1, lq2, L, N, carrier):
    """A path from ``start`` to ``goal`` over the edges ``(la, lb)`` whose carriers ``(lq1, lq2)`` are
    pairwise disjoint (depth-first with backtracking, at most :data:`DFS_STEPS` steps); marks the
    carriers of the path found in ``carrier``."""
    if L == 0:
        return False
    visited = np.zeros(nodes, dtype=np.bool_)
    used = np.zeros(N, dtype=np.bool_)
    node = np.empty(nodes + 1, dtype=np.int64)
    it = np.empty(nodes + 1, dtype=np.int64)
    via = np.empty(nodes + 1, dtype=np.int64)
    sp = 0
    node[0] = start
    it[0] = 0
    visited[start] = True
    steps = 0
    while sp >= 0:
        steps += 1
        if steps > DFS_STEPS:
            return False
        g = node[sp]
        if g == goal:
            for d in range(sp):
                carrier[lq1[via[d]]] = True
                carrier[lq2[via[d]]] = True
            return True
        advanced = False
        while it[sp] < L:
            li = it[sp]
            it[sp] += 1
            if la[li] == g:
                h = lb[li]
            elif lb[li] == g:
                h = la[li]
            else:
                continue
            if visited[h] or used[lq1[li]] or used[lq2[li]]:
                continue
            used[lq1[li]] = True
            used[lq2[li]] = True
            visited[h] = True
            via[sp] = li
            sp += 1
            node[sp] = h
            it[sp] = 0
            advanced = True
            break
        if not advanced:
            visited[g] = False
            sp -= 1
            if sp >= 0:
                li = via[sp]
                used[lq1[li]] = False
                used[lq2[li]] = False
    return False


@njit(cache=True)
def pocket(board, n, p):
    """``p`` is a pass point (:func:`pass_points`): an empty edge point with only stones around it, where no stone
    joins two of its colour's groups (or a group to an edge it does not touch) nor makes a crosscut point
    of an empty point diagonal to ``p``."""
    if board[p] != 0 or not on_edge(n, p):
        return False
    r = p // n
    c = p - r * n
    for k in range(4):
        w = step(p, r, c, k, n)
        if w >= 0 and board[w] == 0:
            return False
    for colour in (RED, BLUE):
        if _joins(board, n, p, colour):
            return False
    return _no_new_crosscut_points(board, n, p)


@njit(cache=True)
def _no_new_crosscut_points(board, n, p):
    """No empty point diagonal to ``p`` whose two shared neighbours hold one colour (a stone at ``p`` of
    the other colour would forbid it)."""
    r = p // n
    c = p - r * n
    for dr in (-1, 1):
        for dc in (-1, 1):
            rr = r + dr
            cc = c + dc
            if rr < 0 or cc < 0 or rr >= n or cc >= n:
                continue
            if board[rr * n + cc] == 0 and board[rr * n + c] == board[r * n + cc]:
                return False
    return True


@njit(cache=True)
def _joins(board, n, p, colour):
    """A ``colour`` stone at ``p`` would join two of its groups, or a group to an edge of ``colour`` that
    the group does not touch yet, or (alone) both edges."""
    N = n * n
    label = np.empty(N, dtype=np.int64)
    stack = np.empty(N + 1, dtype=np.int32)
    G = group_labels(board, n, colour, label, stack)
    uf = np.arange(G + 2)
    for q in range(N):
        if board[q] != colour:
            continue
        r = q // n
        c = q - r * n
        if r == 0 if colour == RED else c == 0:
            uf[_find(uf, label[q])] = _find(uf, G)
        if r == n - 1 if colour == RED else c == n - 1:
            uf[_find(uf, label[q])] = _find(uf, G + 1)
    r = p // n
    c = p - r * n
    root = -1
    lo = r == 0 if colour == RED else c == 0
    hi = r == n - 1 if colour == RED else c == n - 1
    for k in range(6):
        if k < 4:
            w = step(p, r, c, k, n)
            if w < 0 or board[w] != colour:
                continue
            g = _find(uf, label[w])
        elif k == 4:
            if not lo:
                continue
            g = _find(uf, G)
        else:
            if not hi:
                continue
            g = _find(uf, G + 1)
        if root < 0:
            root = g
        elif g != root:
            return True
    return False


@njit(cache=True)
def captured(board, n, p, colour):
    """``p`` is captured for ``colour`` (module text): empty, the opponent's stone there makes a crosscut
    and ``colour``'s does not."""
    return board[p] == 0 and crosscut_at(board, n, p, 3 - colour) and not crosscut_at(board, n, p, colour)


@njit(cache=True)
def must_play_kernel(board, n, mover, region):
    """1 when the opponent of ``mover`` has a blocking win (every move of ``mover`` loses), else 0 with
    ``region`` (bool, n*n) marking the must-play region: the intersection, over every empty point ``p``
    immune for the opponent (and no wall) whose opponent stone would make a blocking win, of ``p`` and
    that win's carrier; all True when there is no such point. A move of ``mover`` outside the region
    that does not win at once loses: the opponent answers on ``p``, legal by immunity, and wins."""
    N = n * n
    x = 3 - mover
    carrier = np.zeros(N, dtype=np.bool_)
    if blocking_win_kernel(board, n, x, carrier):
        return 1
    for q in range(N):
        region[q] = True
    for p in range(N):
        if board[p] != 0 or crosscut_at(board, n, p, mover) or not immune(board, n, p, x):
            continue
        board[p] = x
        threat = blocking_win_kernel(board, n, x, carrier)
        board[p] = 0
        if threat:
            carrier[p] = True
            for q in range(N):
                region[q] = region[q] and carrier[q]
    return 0


@njit(cache=True)
def engine_moves(board, n, colour, moves, k, order):
    """The proof search's use of the engine on the legal moves ``moves[:k]`` of ``colour`` (none of which
    wins at once): -1 when ``colour`` has a blocking win (it wins); 0 when the opponent has one (every
    move loses); otherwise the moves outside the must-play region are dropped (each loses) and the count
    kept is returned (0 again when none is left), the kept moves compacted in place and, with ``order``,
    sorted by :func:`move_score` (higher first, ties in their given order)."""
    N = n * n
    carrier = np.zeros(N, dtype=np.bool_)
    if blocking_win_kernel(board, n, colour, carrier):
        return -1
    region = np.ones(N, dtype=np.bool_)
    if must_play_kernel(board, n, colour, region) == 1:
        return 0
    forced = False
    kept = 0
    for i in range(k):
        m = moves[i]
        if not region[m]:
            forced = True
            continue
        moves[kept] = m
        kept += 1
    if not order or kept < 2:
        return kept
    marks = link_marks(board, n, colour)
    scores = np.empty(kept, dtype=np.int64)
    for i in range(kept):
        scores[i] = move_score(board, n, colour, moves[i], marks, forced)
    for i in range(1, kept):
        m = moves[i]
        v = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < v:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = v
    return kept


@njit(cache=True)
def threat_regions(board, n, x, keys, regions, relaxed, refine=False):
    """The one-move blocking threats of ``x``, immune or not: every empty point ``p`` where an ``x`` stone
    makes no crosscut and makes a blocking win of ``x``. Writes ``p`` to ``keys`` and to the row of
    ``regions`` (bool, n*n wide) what the other colour must take to stop it: ``p``, that win's carrier, and
    the empty points its stone turns into walls (a crosscut point for the other colour only with ``p``
    filled, which the other colour may still take first); returns how many. Any move of the other colour
    outside that row leaves the win whole (walls and carrier points only gain), so it loses whenever ``p``
    is still legal for ``x`` after it. ``refine``: a carrier point ``q`` leaves the row when the board with
    ``p`` and a stone of the other colour on ``q`` still holds a blocking win of ``x`` (the intersection of
    that win's carrier and another's): a move on ``q`` then loses too whenever ``p`` stays legal."""
    N = n * n
    y = 3 - x
    carrier = np.zeros(N, dtype=np.bool_)
    spare = np.zeros(N, dtype=np.bool_)
    t = 0
    for p in range(N):
        if board[p] != 0 or crosscut_at(board, n, p, x):
            continue
        board[p] = x
        won = _blocking(board, n, x, carrier, relaxed)
        if won:
            keys[t] = p
            for q in range(N):
                regions[t, q] = carrier[q] or (
                    q != p and board[q] == 0 and crosscut_at(board, n, q, y) and not _y_wall_before(board, n, q, y, p)
                )
            regions[t, p] = True
            if refine:  # a carrier point whose stone of y still leaves a blocking win is not needed
                for q in range(N):
                    if carrier[q] and board[q] == 0:
                        board[q] = y
                        if _blocking(board, n, x, spare, relaxed):
                            regions[t, q] = False
                        board[q] = 0
            t += 1
        board[p] = 0
    return t


@njit(cache=True)
def _y_wall_before(board, n, q, y, p):
    """``q`` is a crosscut point for ``y`` with ``p`` empty again (``board[p]`` is restored)."""
    keep = board[p]
    board[p] = 0
    was = crosscut_at(board, n, q, y)
    board[p] = keep
    return was


@njit(cache=True)
def threat_prune(board, n, colour, moves, k, relaxed):
    """Drop from ``moves[:k]`` (legal moves of ``colour``, none winning at once) every move that loses to a
    one-move blocking threat of the opponent (:func:`threat_regions`): a move outside a threat's row after
    which the threat's point is still legal for the opponent (no crosscut, seals nothing off). Returns the
    count kept, compacted in place; -1 when the opponent already has a blocking win (every move loses)."""
    return _threat_prune(board, n, colour, moves, k, relaxed, np.zeros(n * n, dtype=np.bool_))


@njit(cache=True)
def _threat_prune(board, n, colour, moves, k, relaxed, keymask, refine=False):
    """:func:`threat_prune`, marking the threats' points in ``keymask``."""
    N = n * n
    x = 3 - colour
    carrier = np.zeros(N, dtype=np.bool_)
    if _blocking(board, n, x, carrier, relaxed):
        return -1
    keys = np.empty(N, dtype=np.int64)
    regions = np.zeros((N, N), dtype=np.bool_)
    t = threat_regions(board, n, x, keys, regions, relaxed, refine)
    if t == 0:
        return k
    for j in range(t):
        keymask[keys[j]] = True
    art, disc, low, parent, nxt, stk = scratch(n)
    kept = 0
    for i in range(k):
        m = moves[i]
        board[m] = colour
        computed = False
        lost = False
        for j in range(t):
            p = keys[j]
            if regions[j, m] or crosscut_at(board, n, p, x):
                continue
            if not computed:
                articulation(board, n, art, disc, low, parent, nxt, stk)
                computed = True
            if not art[p]:
                lost = True  # x plays p, legal, and has a blocking win
                break
        board[m] = 0
        if not lost:
            moves[kept] = m
            kept += 1
    return kept


@njit(cache=True)
def own_threat(board, n, colour, relaxed):
    """A point where a stone of ``colour``, to move, is legal now and makes a blocking win of ``colour`` (it
    plays there and wins), or -1."""
    N = n * n
    keys = np.empty(N, dtype=np.int64)
    regions = np.zeros((N, N), dtype=np.bool_)
    t = threat_regions(board, n, colour, keys, regions, relaxed)
    if t == 0:
        return -1
    art, disc, low, parent, nxt, stk = scratch(n)
    articulation(board, n, art, disc, low, parent, nxt, stk)
    for j in range(t):
        if not art[keys[j]]:
            return keys[j]
    return -1


@njit(cache=True)
def engine_moves_threats(board, n, colour, moves, k, order, own, relaxed, keys_first, refine=False):
    """:func:`engine_moves` after :func:`threat_prune`: the opponent's one-move blocking threats, immune or
    not, drop the moves that leave one of them playable and whole (-1 when ``colour`` has a blocking win;
    0 when every move is dropped or the opponent has one); then :func:`engine_moves` on the moves left (its region and its order)."""
    if _blocking(board, n, colour, np.zeros(n * n, dtype=np.bool_), relaxed):
        return -1
    if own and own_threat(board, n, colour, relaxed) >= 0:
        return -1
    keymask = np.zeros(n * n, dtype=np.bool_)
    kept = _threat_prune(board, n, colour, moves, k, relaxed, keymask, refine)
    if kept <= 0:
        return 0
    kept = engine_moves(board, n, colour, moves, kept, order)
    if keys_first and kept > 1:  # the opponent's threat points first, each group in the order found
        tmp = moves[:kept].copy()
        j = 0
        for want in (True, False):
            for i in range(kept):
                if keymask[tmp[i]] == want:
                    moves[j] = tmp[i]
                    j += 1
    return kept


@njit(cache=True)
def link_marks(board, n, colour):
    """Per point: 1 on a carrier of a permanent link of ``colour``, 2 on a carrier of a link candidate of
    the opponent (a diagonal pair with both shared points empty), else 0."""
    N = n * n
    marks = np.zeros(N, dtype=np.int8)
    cand = np.empty((2 * N, 4), dtype=np.int64)
    label = np.empty(N, dtype=np.int64)
    stack = np.empty(N + 1, dtype=np.int32)
    for col in (colour, 3 - colour):
        group_labels(board, n, col, label, stack)
        lk = link_candidates(board, n, col, label, cand)
        for i in range(lk):
            if col == colour and not (immune(board, n, cand[i, 2], col) and immune(board, n, cand[i, 3], col)):
                continue
            for j in (2, 3):
                marks[cand[i, j]] = 1 if col == colour else 2
    return marks


@njit(cache=True)
def move_score(board, n, colour, m, marks, forced):
    """A move's score for ``colour`` (higher first): +1 for each stone among its 8 neighbours, +4 in a
    must-play region (``forced``) or on an opponent link's carrier, -50 on the carrier of its own
    permanent link (that link holds anyway), -100 on a pocket or a captured point of either colour."""
    r = m // n
    c = m - r * n
    s = 0
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            rr = r + dr
            cc = c + dc
            if 0 <= rr < n and 0 <= cc < n and board[rr * n + cc] != 0:
                s += 1
    if forced or marks[m] == 2:
        s += 4
    if marks[m] == 1:
        s -= 50
    if pocket(board, n, m) or captured(board, n, m, colour) or captured(board, n, m, 3 - colour):
        s -= 100
    return s


# ----------------------------------------------------------------------------- Python face
@dataclass(frozen=True)
class Link:
    """A diagonal link of ``colour``: stones ``a`` and ``b``, the two empty points they share
    (``carrier``), and whether it is ``permanent`` (both carrier points immune)."""

    colour: str
    a: tuple[int, int]
    b: tuple[int, int]
    carrier: tuple[tuple[int, int], tuple[int, int]]
    permanent: bool


class ConnectInputError(InvalidInputError):
    """A board or colour the connection engine cannot read."""


_NAMES = {RED: "red", BLUE: "blue"}


def _board(board, n: int | None) -> tuple[np.ndarray, int]:
    arr = np.asarray(board)
    if arr.ndim == 2:
        if arr.shape[0] != arr.shape[1]:
            raise ConnectInputError(f"the board must be square, got shape {arr.shape}")
        n = arr.shape[0] if n is None else n
        arr = arr.reshape(-1)
    if n is None:
        raise ConnectInputError("give the board size n with a flat board")
    if arr.shape != (n * n,):
        raise ConnectInputError(f"a {n}x{n} board has {n * n} points, got {arr.size}")
    if not np.isin(arr, (0, 1, 2)).all():
        raise ConnectInputError("a board holds 0 (empty), 1 (red) and 2 (blue) only")
    return np.ascontiguousarray(arr, dtype=np.int8).copy(), int(n)


def _colour(colour) -> int:
    if colour in (RED, BLUE) and not isinstance(colour, bool):
        return int(colour)
    if isinstance(colour, str) and colour.lower() in ("red", "blue"):
        return RED if colour.lower() == "red" else BLUE
    raise ConnectInputError(f"colour must be 'red', 'blue', 1 or 2, got {colour!r}")


def _rc(p, n: int) -> tuple[int, int]:
    return (int(p) // n, int(p) % n)


def links(board, n: int | None = None, colour=RED) -> list[Link]:
    """The links of ``colour`` (module text), sorted by their stones.

    >>> b = np.array([[0, 1, 0], [1, 0, 0], [0, 0, 0]], dtype=np.int8)
    >>> [l.carrier for l in links(b, colour="red")]
    [((0, 0), (1, 1))]
    """
    b, n = _board(board, n)
    x = _colour(colour)
    N = n * n
    out = np.empty((2 * N, 4), dtype=np.int64)
    ok = np.empty(2 * N, dtype=np.bool_)
    perm = np.empty(2 * N, dtype=np.bool_)
    k = link_kernel(b, n, x, out, ok, perm)
    found = [
        Link(
            _NAMES[x],
            _rc(out[i, 0], n),
            _rc(out[i, 1], n),
            tuple(sorted((_rc(out[i, 2], n), _rc(out[i, 3], n)))),  # type: ignore[arg-type]
            bool(perm[i]),
        )
        for i in range(k)
        if ok[i]
    ]
    return sorted(found, key=lambda link: (min(link.a, link.b), max(link.a, link.b)))


def virtual_win(board, n: int | None = None, colour=RED) -> list[tuple[int, int]] | None:
    """The carrier points a virtual win of ``colour`` defends (sorted; ``[]`` when stones and secure
    points already join its edges), or None when none is found.

    >>> b = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1]], dtype=np.int8)
    >>> virtual_win(b, colour="red")
    [(0, 1), (1, 0), (1, 2), (2, 1)]
    >>> virtual_win(np.array([[0, 1, 0], [1, 2, 0], [0, 1, 0]]), colour="red")  # (0, 0), (2, 0): secure
    []
    >>> must_play(b, to_move="blue")  # the diagonal already walls Blue off: every move loses
    []
    """
    b, n = _board(board, n)
    carrier = np.zeros(n * n, dtype=np.bool_)
    if not virtual_win_kernel(b, n, _colour(colour), carrier):
        return None
    return [_rc(p, n) for p in np.flatnonzero(carrier)]


def blocking_win(board, n: int | None = None, colour=RED) -> list[tuple[int, int]] | None:
    """The carrier points a blocking win of ``colour`` defends (sorted; ``[]`` when the other colour can
    already never connect), or None when none is found.

    >>> b = np.array([[2, 1, 0, 0], [0, 2, 1, 0], [2, 1, 1, 0], [0, 0, 0, 0]], dtype=np.int8)
    >>> blocking_win(b, colour="red")   # Red's walls reach row 3 through (3, 1) or (3, 2)
    [(3, 1), (3, 2)]
    """
    b, n = _board(board, n)
    carrier = np.zeros(n * n, dtype=np.bool_)
    if not blocking_win_kernel(b, n, _colour(colour), carrier):
        return None
    return [_rc(p, n) for p in np.flatnonzero(carrier)]


def relaxed_blocking_win(board, n: int | None = None, colour=RED) -> list[tuple[int, int]] | None:
    """:func:`blocking_win` with safe bridge points (:func:`safe_points`) instead of immune ones.

    >>> b = np.array([[2, 1, 0], [1, 0, 0], [0, 0, 0]], dtype=np.int8)  # (1, 1): a wall of Red
    >>> blocking_win(b, colour="red") is None, relaxed_blocking_win(b, colour="red")
    (True, [(2, 0), (2, 2)])

    (2, 2) is not immune (its block's diagonal point (1, 1) is empty) but safe: Red never places a stone on
    (1, 1), a wall and no joining point.
    """
    b, n = _board(board, n)
    carrier = np.zeros(n * n, dtype=np.bool_)
    if not relaxed_blocking_win_kernel(b, n, _colour(colour), carrier):
        return None
    return [_rc(p, n) for p in np.flatnonzero(carrier)]


def must_play(board, n: int | None = None, to_move=RED) -> list[tuple[int, int]] | None:
    """The points where a move of ``to_move`` may still not lose, sorted, or None when the engine
    restricts nothing: ``[]`` when the opponent has a blocking win (every move loses), else the region
    of :func:`must_play_kernel` (the opponent's one-move blocking threats) together with the moves that
    win at once. Every legal move outside it loses.

    >>> b = np.array([[2, 1, 0, 0], [0, 2, 1, 0], [2, 1, 0, 0], [0, 0, 0, 0]], dtype=np.int8)
    >>> must_play(b, to_move="blue")   # a red stone at (3, 1) walls Blue off: Blue must take it
    [(3, 1)]
    """
    b, n = _board(board, n)
    y = _colour(to_move)
    N = n * n
    region = np.ones(N, dtype=np.bool_)
    if must_play_kernel(b, n, y, region) == 1:
        return []
    if region.all():
        return None
    stamp = np.zeros(N, dtype=np.int32)
    stack = np.empty(N + 1, dtype=np.int32)
    for p in np.flatnonzero((b == 0) & ~region):
        b[p] = y
        if wins_through(b, n, p, stamp, np.int32(p + 1), stack):
            region[p] = True
        b[p] = 0
    return [_rc(p, n) for p in np.flatnonzero(region & (b == 0))]


def threat_safe_moves(
    board, n: int | None = None, to_move=RED, relaxed: bool = False, refine: bool = False
) -> list[tuple[int, int]]:
    """The legal moves of ``to_move`` that :func:`threat_prune` keeps, sorted: every other legal move
    (that does not win at once) loses to a one-move blocking threat of the opponent, immune or not;
    ``[]`` when the opponent already has a blocking win. Moves that win at once are always kept.
    ``relaxed``: the blocking wins of :func:`relaxed_blocking_win`; ``refine``: the rows of
    :func:`threat_regions` refined.

    >>> b = np.array([[2, 1, 0, 0], [0, 2, 1, 0], [2, 1, 0, 0], [0, 0, 0, 0]], dtype=np.int8)
    >>> must_play(b, to_move="blue")   # Red's immune threat alone: Blue must take (3, 1)
    [(3, 1)]
    >>> threat_safe_moves(b, to_move="blue")   # a red stone at (3, 2), not immune, walls Blue off too
    []
    """
    b, n = _board(board, n)
    y = _colour(to_move)
    N = n * n
    moves = np.empty(N, dtype=np.int32)
    art, disc, low, parent, nxt, stack = scratch(n)
    k = legal_list(b, n, y, np.arange(N), moves, art, disc, low, parent, nxt, stack)
    legal = [int(p) for p in moves[:k]]
    stamp = np.zeros(N, dtype=np.int32)
    winning = []
    for p in legal:
        b[p] = y
        if wins_through(b, n, p, stamp, np.int32(p + 1), stack):
            winning.append(p)
        b[p] = 0
    rest = np.array([p for p in legal if p not in winning], dtype=np.int32)
    kept = _threat_prune(b, n, y, rest, len(rest), relaxed, np.zeros(N, dtype=np.bool_), refine)
    safe = winning + ([int(p) for p in rest[:kept]] if kept > 0 else [])
    return sorted(_rc(p, n) for p in safe)


def dead_points(board, n: int | None = None) -> list[tuple[int, int]]:
    """The dead points of the position (module text), sorted.

    >>> dead_points(np.array([[1, 2, 0], [2, 0, 1], [0, 1, 2]]))  # not a legal position: (1, 1) is secluded
    [(1, 1)]
    >>> dead_points(np.array([[1, 2, 0], [2, 0, 1], [0, 0, 2]]))
    []
    """
    b, n = _board(board, n)
    return [_rc(p, n) for p in np.flatnonzero(b == 0) if crosscut_at(b, n, p, RED) and crosscut_at(b, n, p, BLUE)]


def pass_points(board, n: int | None = None) -> list[tuple[int, int]]:
    """Empty edge points with only stones around, where a stone of either colour joins nothing new (no two
    of its groups, no group to an edge it lacks) and forbids no other point: a move there changes nothing
    but the turn. *Not* dead: with zugzwang such a move can decide the game (module text)."""
    b, n = _board(board, n)
    return [_rc(p, n) for p in np.flatnonzero(b == 0) if pocket(b, n, p)]


def captured_points(board, n: int | None = None, colour=RED) -> list[tuple[int, int]]:
    """The points captured for ``colour`` (module text), sorted."""
    b, n = _board(board, n)
    x = _colour(colour)
    return [_rc(p, n) for p in np.flatnonzero(b == 0) if captured(b, n, p, x)]


def ordered_moves(board, n: int | None = None, to_move=RED) -> tuple[list[tuple[int, int]], str]:
    """The legal moves of ``to_move`` in the engine's order, and why: ``"wins"`` (it has a virtual win:
    the moves are all its legal moves, any carrier-keeping move wins), ``"must-play"`` (the opponent has
    one: only moves in its carriers, every other loses), or ``"ordered"``.

    >>> b = np.array([[2, 1, 0, 0], [0, 2, 1, 0], [2, 1, 0, 0], [0, 0, 0, 0]], dtype=np.int8)
    >>> ordered_moves(b, to_move="blue")
    ([(3, 1)], 'must-play')
    >>> moves, why = ordered_moves(b, to_move="red")
    >>> moves[:3], why
    ([(3, 0), (3, 1), (0, 3)], 'ordered')
    """
    b, n = _board(board, n)
    x = _colour(to_move)
    N = n * n
    moves = np.empty(N, dtype=np.int32)
    art, disc, low, parent, nxt, stack = scratch(n)
    k = legal_list(b, n, x, np.arange(N), moves, art, disc, low, parent, nxt, stack)
    kept = engine_moves(b, n, x, moves, k, True)
    if kept < 0:
        return [_rc(p, n) for p in moves[:k]], "wins"
    why = "must-play" if must_play(b, n, x) is not None else "ordered"
    return [_rc(p, n) for p in moves[:kept]], why
