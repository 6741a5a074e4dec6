"""Compiled proof search for Necklace (numba): does a given colour win with perfect play?

An AND/OR depth-first search with a transposition table keyed by the smallest of the
position's codes under the board's four colour-preserving symmetries (identity, left-right
mirror, top-bottom mirror, half turn), then mixed by a bijection of 64-bit words (:func:`_mix`).
The codes are Zobrist hashes, or on boards up to 5x5 the exact board (2 bits a point: see
``solver.ProofSearch``'s ``keys``), which makes every key a full key: two positions share one only
when they are images of each other. Skipped turns and the nobody-can-move draw follow the rules
exactly: a draw is "not a win" for both colours.

The cut-off rule (``ProofSearch(cut_off=True)``, the default): a position where the other colour
can no longer connect its edges is a win for ``target``, searched no further. The other colour's
possible paths only shrink (stones stay, and a point its stone would crosscut stays forbidden to
it: :func:`can_still_connect`), so it never wins; and no game of Necklace ends drawn (while a point
is empty some colour can place, and a full board without crosscuts has a winner: the argument in
``docs/rules/necklace.md``, checked on every reachable position up to 4x4), so ``target`` wins.
The tests check the rule against exhaustive minimax, which does not use it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from negenlab.core.bits import mix64 as _mix

from ._kernels import articulation, crosscut_at, legal_list, step, wins_through
from .connect import engine_moves, engine_moves_threats


@njit(cache=True)
def can_still_connect(board, n, target, stamp, gen, stack):
    """False when ``target`` can never connect its edges: no path of its stones and empty points
    it may still take. A point where its stone would make a crosscut stays forbidden forever
    (stones never move), so such points are walls; every other empty point is assumed takeable.

    The passability test stays written out: as an inlined helper it made the alpha-beta proofs ~5% slower."""
    sp = -1
    for i in range(n):
        p = i if target == 1 else i * n  # target's first edge: the top row for Red, the left column for Blue
        if stamp[p] == gen:
            continue
        if board[p] == target or (board[p] == 0 and not crosscut_at(board, n, p, target)):
            stamp[p] = gen
            sp += 1
            stack[sp] = p
    while sp >= 0:
        v = stack[sp]
        sp -= 1
        r = v // n
        c = v - r * n
        if (target == 1 and r == n - 1) or (target == 2 and c == n - 1):
            return True
        for k in range(4):
            w = step(v, r, c, k, n)
            if w < 0 or stamp[w] == gen:
                continue
            if board[w] == target or (board[w] == 0 and not crosscut_at(board, n, w, target)):
                stamp[w] = gen
                sp += 1
                stack[sp] = w
    return False


@njit(cache=True, inline="always")
def _toggle(h, zs, p, colour):
    """Add or remove a ``colour`` stone at ``p`` in the four symmetric Zobrist hashes ``h``."""
    for s in range(4):
        h[s] ^= zs[s, p, colour]


@njit(cache=True)
def board_hashes(board, zs):
    """The four symmetric codes of ``board`` (Zobrist hashes or exact boards, as ``zs`` holds them), from
    which :func:`_tt_key` makes a table key; ``ProofSearch`` and the certificate writer compute them here."""
    h = np.zeros(4, dtype=np.uint64)
    for p in range(board.shape[0]):
        c = board[p]
        if c != 0:
            for k in range(4):
                h[k] ^= zs[k, p, c]
    return h


@njit(cache=True)
def _tt_key(h, colour, target):
    m = h[0]
    for k in range(1, 4):
        if h[k] < m:
            m = h[k]
    return _mix(m ^ (np.uint64(0x9E3779B97F4A7C15) * np.uint64(colour * 3 + target)))


@njit(cache=True, nogil=True)  # run in a thread by core.searching.run_search: Ctrl-C lowers counters[2]
def prove(
    board,
    n,
    colour,
    target,
    depth,
    h,
    zs,
    tt_keys,
    tt_vals,
    tt_move,
    order,
    movebuf,
    art,
    disc,
    low,
    parent,
    nxt,
    stack,
    stamp,
    counters,
    hist,
):
    """True iff ``target`` (1 red, 2 blue) wins with perfect play, ``colour`` to move.

    Move order: the move stored with the position (it refuted or proved it before), then
    the history heuristic (moves that cut off elsewhere), then centre first.
    ``counters[0]`` counts nodes, ``counters[1]`` is the stamp generation for win checks,
    ``counters[2]`` is a node cap (0 = none); ``counters[3]`` is set to 1 when the cap stopped
    the search (the answer is then meaningless and the caller must say so); ``counters[9]`` 1: a
    position where the other colour can no longer connect is a win for ``target`` (the cut-off rule).
    """
    counters[0] += 1
    if counters[2] > 0 and counters[0] > counters[2]:
        counters[3] = 1
        return False
    key = _tt_key(h, colour, target)
    mask = np.uint64(len(tt_keys) - 1)
    slot = np.int64(key & mask)
    if tt_keys[slot] == key and tt_vals[slot] != 0:
        return tt_vals[slot] == 1
    # The node's start (disproof, skip, draw, immediate wins) is written out here and in dfpn on purpose:
    # moved into shared helpers it made the 5x5 proofs 5-10% slower (numba, measured).
    counters[1] += 1
    if not can_still_connect(board, n, target, stamp, np.int32(counters[1]), stack):
        return False
    if counters[9] != 0:
        counters[1] += 1
        if not can_still_connect(board, n, 3 - target, stamp, np.int32(counters[1]), stack):
            return True  # the other colour is cut off for good: the cut-off rule (the module's text)
    moves = movebuf[depth]
    k = legal_list(board, n, colour, order, moves, art, disc, low, parent, nxt, stack)
    if k == 0:
        other = 3 - colour
        k2 = legal_list(board, n, other, order, moves, art, disc, low, parent, nxt, stack)
        if k2 == 0:
            return False  # nobody can move, nobody has won: a draw
        # Args written out here and in the move loop on purpose: a packed work tuple made alpha-beta ~4% slower (measured).
        return prove(
            board,
            n,
            other,
            target,
            depth + 1,
            h,
            zs,
            tt_keys,
            tt_vals,
            tt_move,
            order,
            movebuf,
            art,
            disc,
            low,
            parent,
            nxt,
            stack,
            stamp,
            counters,
            hist,
        )
    # immediate wins of the player to move
    for i in range(k):
        p = moves[i]
        board[p] = colour
        counters[1] += 1
        won = wins_through(board, n, p, stamp, np.int32(counters[1]), stack)
        board[p] = 0
        if won:
            result = colour == target
            tt_keys[slot] = key
            tt_vals[slot] = 1 if result else 2
            tt_move[slot] = p
            return result
    # order: history heuristic (stable insertion sort keeps centre-first among ties), stored move first
    sc = np.empty(k, dtype=np.int64)
    for i in range(k):
        m = moves[i]
        sc[i] = hist[colour, m]
        if counters[4] != 0:
            r = m // n
            c = m - r * n
            adj = 0
            for dr in range(-1, 2):
                for dc in range(-1, 2):
                    rr = r + dr
                    cc = c + dc
                    if 0 <= rr < n and 0 <= cc < n and board[rr * n + cc] != 0:
                        adj += 1
            sc[i] += adj * counters[4]
    for i in range(1, k):
        m = moves[i]
        hv = sc[i]
        j = i - 1
        while j >= 0 and sc[j] < hv:
            moves[j + 1] = moves[j]
            sc[j + 1] = sc[j]
            j -= 1
        moves[j + 1] = m
        sc[j + 1] = hv
    if tt_keys[slot] == key:
        best = tt_move[slot]
        for i in range(k):
            if moves[i] == best:
                for j in range(i, 0, -1):
                    moves[j] = moves[j - 1]
                moves[0] = best
                break
    other = 3 - colour
    result = colour != target  # OR node starts False, AND node starts True
    cut = -1
    for i in range(k):
        p = moves[i]
        board[p] = colour
        _toggle(h, zs, p, colour)
        # Args written out here and in the move loop on purpose: a packed work tuple made alpha-beta ~4% slower (measured).
        r = prove(
            board,
            n,
            other,
            target,
            depth + 1,
            h,
            zs,
            tt_keys,
            tt_vals,
            tt_move,
            order,
            movebuf,
            art,
            disc,
            low,
            parent,
            nxt,
            stack,
            stamp,
            counters,
            hist,
        )
        _toggle(h, zs, p, colour)
        board[p] = 0
        if counters[3] != 0:
            return False
        if colour == target and r:
            result = True
            cut = p
            break
        if colour != target and not r:
            result = False
            cut = p
            break
    if cut >= 0 and counters[5] != 0:
        hist[colour, cut] += (n * n - depth) * (n * n - depth)
    tt_keys[slot] = key
    tt_vals[slot] = 1 if result else 2
    tt_move[slot] = cut
    return result


# ----------------------------------------------------------------------------- depth-first proof-number search
INF = 1 << 40


WAYS = 4  # entries a key may sit in: one bucket of the table (df-pn's tables)


@njit(cache=True, inline="always")
def _pn_slot(tt_keys, key):
    """The slot holding ``key`` in its bucket of :data:`WAYS` entries, or -1."""
    base = np.int64(key & np.uint64(len(tt_keys) - 1)) & ~np.int64(WAYS - 1)
    for j in range(WAYS):
        if tt_keys[base + j] == key:
            return base + j
    return np.int64(-1)


@njit(cache=True)
def _pn_lookup(tt_keys, tt_pn, tt_dn, key):
    s = _pn_slot(tt_keys, key)
    if s >= 0:
        return tt_pn[s], tt_dn[s]
    return np.int64(1), np.int64(1)


@njit(cache=True)
def _pn_store(tt_keys, tt_pn, tt_dn, tt_work, key, pn, dn, work, policy):
    """Write ``(pn, dn)`` for ``key`` and add ``work`` (nodes searched for it this visit) to its effort.

    ``policy`` 1 (the default, "work"): the key's bucket of :data:`WAYS` entries gives up its empty
    entry or else the one with the least effort recorded, so the proofs that cost most stay near
    capacity. ``policy`` 0 ("two-way", the earlier table, kept to measure against): two entries, a
    solved one kept when the other is not.
    """
    s = _pn_slot(tt_keys, key)
    if s >= 0:
        tt_work[s] += work
    else:
        slot = np.int64(key & np.uint64(len(tt_keys) - 1))
        if policy == 0:
            s = slot
            slot2 = slot ^ 1
            solved1 = tt_keys[slot] != 0 and (tt_pn[slot] == 0 or tt_dn[slot] == 0)
            solved2 = tt_keys[slot2] != 0 and (tt_pn[slot2] == 0 or tt_dn[slot2] == 0)
            if solved1 and not solved2:
                s = slot2
        else:
            base = slot & ~np.int64(WAYS - 1)
            s = base
            least = tt_work[base]
            for j in range(WAYS):
                e = base + j
                if tt_keys[e] == 0:
                    s = e
                    break
                if tt_work[e] < least:
                    least = tt_work[e]
                    s = e
        tt_keys[s] = key
        tt_work[s] = work
    tt_pn[s] = pn
    tt_dn[s] = dn


@njit(cache=True)
def _child_key(h, zs, p, colour, next_colour, target):
    m = h[0] ^ zs[0, p, colour]
    for s in range(1, 4):
        v = h[s] ^ zs[s, p, colour]
        if v < m:
            m = v
    return _mix(m ^ (np.uint64(0x9E3779B97F4A7C15) * np.uint64(next_colour * 3 + target)))


@njit(cache=True)
def connection_distance(board, n, t, dist, dq):
    """Fewest empty points ``t`` must still fill to connect its edges (0-1 BFS over its stones,
    cost 0, and empty points it may still take, cost 1); ``INF`` when it never can."""
    N = n * n
    big = 1 << 30
    for i in range(N):
        dist[i] = big
    head = N
    tail = N
    for i in range(n):
        p = i if t == 1 else i * n
        if board[p] == t:
            dist[p] = 0
            head -= 1
            dq[head] = p
        elif board[p] == 0 and not crosscut_at(board, n, p, t):
            dist[p] = 1
            dq[tail] = p
            tail += 1
    while head < tail:
        v = dq[head]
        head += 1
        r = v // n
        c = v - r * n
        if (t == 1 and r == n - 1) or (t == 2 and c == n - 1):
            return dist[v]
        for k in range(4):
            w = step(v, r, c, k, n)
            if w < 0:
                continue
            if board[w] == t:
                if dist[v] < dist[w]:
                    dist[w] = dist[v]
                    head -= 1
                    dq[head] = w
            elif board[w] == 0 and dist[v] + 1 < dist[w] and not crosscut_at(board, n, w, t):
                dist[w] = dist[v] + 1
                dq[tail] = w
                tail += 1
    return INF


@njit(cache=True)
def _answers_to_threats(board, n, colour, moves, k, wins, art, disc, low, parent, nxt, stack, stamp, counters):
    """Keep, in order, the moves among ``moves[:k]`` after which the opponent has no immediate win
    left among its current winning points; return how many are kept.

    The opponent's winning points are found on the board as it stands (``art`` must hold its
    articulation points). After a move m such a point w still wins unless m == w, or m makes w
    illegal for the opponent (a crosscut or a secluded point): its stones do not change. Dropping
    the other moves is exact (each loses at once); moves kept are searched as usual.
    """
    opp = 3 - colour
    nw = 0
    for q in range(n * n):
        if board[q] != 0 or art[q] or crosscut_at(board, n, q, opp):
            continue
        board[q] = opp
        counters[1] += 1
        won = wins_through(board, n, q, stamp, np.int32(counters[1]), stack)
        board[q] = 0
        if won:
            wins[nw] = q
            nw += 1
    if nw == 0:
        return k
    kept = 0
    for i in range(k):
        m = moves[i]
        board[m] = colour
        ok = True
        need_art = False
        for j in range(nw):
            w = wins[j]
            if w != m and not crosscut_at(board, n, w, opp):
                need_art = True
        if need_art:
            articulation(board, n, art, disc, low, parent, nxt, stack)
            for j in range(nw):
                w = wins[j]
                if w != m and not art[w] and not crosscut_at(board, n, w, opp):
                    ok = False
                    break
        board[m] = 0
        if ok:
            moves[kept] = m
            kept += 1
    return kept


@njit(cache=True, inline="always")
def _settle(tt_keys, tt_pn, tt_dn, tt_work, key, pn, dn, work, policy, seen, depth):
    """Store a node's ``(pn, dn)`` and hand them to its parent in ``seen[depth, :, -1]``: the parent
    reads the child it just searched from there, never from a table that may have replaced it."""
    _pn_store(tt_keys, tt_pn, tt_dn, tt_work, key, pn, dn, work, policy)
    seen[depth, 0, -1] = pn
    seen[depth, 1, -1] = dn


@njit(cache=True, nogil=True)  # run in a thread by core.searching.run_search: Ctrl-C lowers counters[2]
def dfpn(
    board,
    n,
    colour,
    target,
    depth,
    h,
    thpn,
    thdn,
    zs,
    tt_keys,
    tt_pn,
    tt_dn,
    tt_work,
    seen,
    order,
    movebuf,
    art,
    disc,
    low,
    parent,
    nxt,
    stack,
    stamp,
    counters,
):
    """Depth-first proof-number search (Nagai's df-pn) of "``target`` wins", ``colour`` to move.

    OR nodes: ``target`` to move; AND nodes: the other colour. A draw (nobody can move) and
    a win of the other colour are disproofs. Results live in the table ``(tt_pn, tt_dn)``:
    pn == 0 proven, dn == 0 disproven, ``tt_work`` the nodes searched for each entry (what
    :func:`_pn_store` keeps near capacity). ``counters`` as in :func:`prove` (node count, stamp
    generation, node cap, cap flag, the cut-off rule), and ``counters[8]`` the table's replacement policy.
    """
    counters[0] += 1
    start = counters[0]  # the nodes this visit searched are counters[0] - start + 1 when it stores
    policy = counters[8]
    key = _tt_key(h, colour, target)
    if counters[2] > 0 and counters[0] > counters[2]:
        counters[3] = 1
        return
    # The node's start is written out here and in prove on purpose (shared helpers were 5-10% slower).
    counters[1] += 1
    if not can_still_connect(board, n, target, stamp, np.int32(counters[1]), stack):
        _settle(tt_keys, tt_pn, tt_dn, tt_work, key, INF, 0, counters[0] - start + 1, policy, seen, depth)
        return
    if counters[9] != 0:
        counters[1] += 1
        if not can_still_connect(board, n, 3 - target, stamp, np.int32(counters[1]), stack):
            _settle(tt_keys, tt_pn, tt_dn, tt_work, key, 0, INF, counters[0] - start + 1, policy, seen, depth)
            return
    moves = movebuf[depth]
    k = legal_list(board, n, colour, order, moves, art, disc, low, parent, nxt, stack)
    if k == 0:
        other = 3 - colour
        k2 = legal_list(board, n, other, order, moves, art, disc, low, parent, nxt, stack)
        if k2 == 0:  # a draw: no win for target
            _settle(tt_keys, tt_pn, tt_dn, tt_work, key, INF, 0, counters[0] - start + 1, policy, seen, depth)
            return
        dfpn(
            board,
            n,
            other,
            target,
            depth + 1,
            h,
            thpn,
            thdn,
            zs,
            tt_keys,
            tt_pn,
            tt_dn,
            tt_work,
            seen,
            order,
            movebuf,
            art,
            disc,
            low,
            parent,
            nxt,
            stack,
            stamp,
            counters,
        )
        if counters[3] != 0:
            return
        cpn = seen[depth + 1, 0, -1]
        cdn = seen[depth + 1, 1, -1]
        _settle(tt_keys, tt_pn, tt_dn, tt_work, key, cpn, cdn, counters[0] - start + 1, policy, seen, depth)
        return
    for i in range(k):
        p = moves[i]
        board[p] = colour
        counters[1] += 1
        won = wins_through(board, n, p, stamp, np.int32(counters[1]), stack)
        board[p] = 0
        if won:
            if colour == target:
                _settle(tt_keys, tt_pn, tt_dn, tt_work, key, 0, INF, counters[0] - start + 1, policy, seen, depth)
            else:
                _settle(tt_keys, tt_pn, tt_dn, tt_work, key, INF, 0, counters[0] - start + 1, policy, seen, depth)
            return
    is_or = colour == target
    other = 3 - colour
    # must-play: a move that leaves one of the opponent's winning points open loses at once
    k = _answers_to_threats(
        board,
        n,
        colour,
        moves,
        k,
        movebuf[movebuf.shape[0] // 2 + depth],
        art,
        disc,
        low,
        parent,
        nxt,
        stack,
        stamp,
        counters,
    )
    if k == 0:  # every move lets the opponent win next
        if is_or:
            _settle(tt_keys, tt_pn, tt_dn, tt_work, key, INF, 0, counters[0] - start + 1, policy, seen, depth)
        else:
            _settle(tt_keys, tt_pn, tt_dn, tt_work, key, 0, INF, counters[0] - start + 1, policy, seen, depth)
        return
    if counters.shape[0] > 10 and counters[10] != 0:
        # the connection engine (connect.py): a blocking win of the mover wins, the opponent's loses, and the
        # opponent's one-move blocking threats confine the mover to the must-play region; counters[10] >= 2
        # also orders the moves; 3 drops the moves that leave any one-move threat of the opponent playable, 4 also
        # wins by the mover's own threat, 5 also takes safe bridge points (connect.engine_moves_threats). The
        # engine is compiled into dfpn; the kernel cache is named by every kernel file's text
        # (negenlab.kernel_cache_folder), so an edit of connect.py compiles dfpn afresh
        if counters[10] >= 3:
            k = engine_moves_threats(
                board,
                n,
                colour,
                moves,
                k,
                True,
                counters[10] >= 4,
                counters[10] >= 5,
                counters[10] >= 6,
                counters[10] >= 7,
            )
        else:
            k = engine_moves(board, n, colour, moves, k, counters[10] >= 2)
        if k <= 0:  # -1: the mover wins; 0: every move it has loses
            if (k < 0) == is_or:
                _settle(tt_keys, tt_pn, tt_dn, tt_work, key, 0, INF, counters[0] - start + 1, policy, seen, depth)
            else:
                _settle(tt_keys, tt_pn, tt_dn, tt_work, key, INF, 0, counters[0] - start + 1, policy, seen, depth)
            return
    pn = np.int64(1)
    dn = np.int64(1)
    if counters[6] != 0:
        # df-pn+: children not yet in the table start from connection distances
        dist = np.empty(n * n, dtype=np.int64)
        dq = np.empty(3 * n * n, dtype=np.int64)
        for i in range(k):
            p = moves[i]
            ck = _child_key(h, zs, p, colour, other, target)
            if _pn_slot(tt_keys, ck) >= 0:
                continue
            board[p] = colour
            dt = connection_distance(board, n, target, dist, dq)
            do = connection_distance(board, n, 3 - target, dist, dq)
            board[p] = 0
            if dt >= INF:
                _pn_store(tt_keys, tt_pn, tt_dn, tt_work, ck, INF, 0, 1, policy)
            elif do >= INF and counters[9] != 0:
                _pn_store(tt_keys, tt_pn, tt_dn, tt_work, ck, 0, INF, 1, policy)
            else:
                _pn_store(tt_keys, tt_pn, tt_dn, tt_work, ck, max(1, dt), max(1, min(do, n * n)), 1, policy)
    # Each child's numbers come from the table (transpositions may have moved them on); a child the
    # table has given up since keeps the numbers it last had, in seen[depth]. Read as (1, 1) instead,
    # two children whose searches push each other's entries out each look new again in turn, and a
    # small table livelocks (tests/necklace/test_solver.py, the 4x4 solve in 2**12 entries).
    for i in range(k):
        seen[depth, 0, i] = 1
        seen[depth, 1, i] = 1
    while True:
        best = -1
        best_v = INF + 1
        second = INF + 1
        total = np.int64(0)
        bpn = np.int64(1)
        bdn = np.int64(1)
        for i in range(k):
            p = moves[i]
            cs = _pn_slot(tt_keys, _child_key(h, zs, p, colour, other, target))
            if cs >= 0:
                seen[depth, 0, i] = tt_pn[cs]
                seen[depth, 1, i] = tt_dn[cs]
            cpn = seen[depth, 0, i]
            cdn = seen[depth, 1, i]
            if is_or:
                v = cpn
                s = cdn
            else:
                v = cdn
                s = cpn
            total += s
            if total > INF:
                total = INF
            if v < best_v:
                second = best_v
                best_v = v
                best = i
                bpn = cpn
                bdn = cdn
            elif v < second:
                second = v
        if is_or:
            pn = best_v
            dn = total
        else:
            dn = best_v
            pn = total
        if pn >= thpn or dn >= thdn:
            break
        grow = second + 1
        if counters[7] != 0 and second < INF:
            grow = max(second + 1, (second * 5) // 4)  # the 1+epsilon trick
        if is_or:
            c_thpn = min(thpn, grow)
            c_thdn = thdn - dn + bdn
        else:
            c_thdn = min(thdn, grow)
            c_thpn = thpn - pn + bpn
        p = moves[best]
        board[p] = colour
        _toggle(h, zs, p, colour)
        dfpn(
            board,
            n,
            other,
            target,
            depth + 1,
            h,
            c_thpn,
            c_thdn,
            zs,
            tt_keys,
            tt_pn,
            tt_dn,
            tt_work,
            seen,
            order,
            movebuf,
            art,
            disc,
            low,
            parent,
            nxt,
            stack,
            stamp,
            counters,
        )
        _toggle(h, zs, p, colour)
        board[p] = 0
        if counters[3] != 0:
            return
        seen[depth, 0, best] = seen[depth + 1, 0, -1]
        seen[depth, 1, best] = seen[depth + 1, 1, -1]
        # movebuf[depth] and seen[depth] are intact: deeper levels use other rows
    _settle(tt_keys, tt_pn, tt_dn, tt_work, key, pn, dn, counters[0] - start + 1, policy, seen, depth)
