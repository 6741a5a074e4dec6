"""Compiled exact search of FEN (numba): negamax over whole turns, alpha-beta, a transposition table.

A position is four bit masks seen from the player to move: the nodes and edges they own (``me``;
bit x is item x, nodes first, then edges), the other player's (``op``), and the faces each owns
(``fme``, ``fop``). The rules treat both colours alike once the opening is made, so the value of a
position (+1 win, 0 draw, -1 loss for the player to move) needs no colour.

The board reaches the kernel as ``params`` (indices ``P_*``) and three tables: ``face_items``
(per face, the mask of its nodes and edges), ``need`` (per face, how many of them a capture
needs) and ``conflict`` (per item, the items of its kind that share a face with it). The table's
keys are the exact position (three words), checked on every probe: no two positions share an entry.
An entry (4 words in one array) holds both bounds of the value and the positions its search cost;
a full bucket gives up its cheapest entry.

A turn is one of: a claim of the largest number (at most n, or e) of face-disjoint empty items the
rules allow, every such set (:func:`claim_sets`, one walk over the sets); a capture of any
non-empty set of the faces the player may take. A player with no action is skipped; when neither
has one, more faces wins.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from negenlab.core.bits import lowest_bit_index, mix64, popcount64

P_V, P_E, P_F, P_N, P_E_CLAIM, P_PARTIAL, P_MAJORITY, P_MAJORITY_ENDS, P_STRUCTURE, P_CODE_BITS = range(10)
# the game's structure the search uses (params[P_STRUCTURE], bits; each exact, each may be turned off):
THREATS = 1
"""A player whose opponent could capture a majority on their next turn must capture enough of those
faces now (a claim leaves the opponent's takeable faces as they are): only such captures are
searched, and with too few of them the position is lost."""
SECURED = 2
"""A face the player may take that the opponent can no longer reach is theirs whenever they like:
taking it beside other faces is never better than leaving it (it stays a capture to make later), so
only captures without such faces are searched, and one of them alone as a turn that changes nothing else."""
MERGED_KEYS = 4
"""The table's key forgets what no longer matters: which player holds a node or edge all of whose
faces are captured or out of both players' reach, and which player captured which face (only the
counts), so positions that differ only there share an entry."""
COUNTED_KEYS = 8
"""Stronger than :data:`MERGED_KEYS` where the board allows it (``params[P_CODE_BITS]`` > 0): the key
is the set of empty nodes and edges, how many faces each player captured, and per face one code:
gone (captured or out of both players' reach), the mover's for good (they may take it, the other
player can no longer reach it), the other player's for good, or else how many of its components
the mover holds (the other player's count follows from the empty ones). The rest of the game reads
nothing else: a claim adds to these counts, and whether a player may take or still reach a face is
a function of them; so positions that differ only in who holds which filled node or edge, with the
same counts on every face, share an entry."""
SPARE = 16
"""A node or edge all of whose faces are settled (gone, or one player's for good: settled for good,
as counts only grow and reach only shrinks) counts for nothing; where a claim of its kind is one
item, claiming it is the same turn whichever such item it is: one of them is searched, and with
:data:`COUNTED_KEYS` the key holds how many there are of each kind instead of which."""
STRUCTURE_ALL = THREATS | SECURED | MERGED_KEYS | COUNTED_KEYS | SPARE
# stats: nodes searched, node cap, aborted at the cap, move buffer overflow, table probes that hit
S_NODES, S_CAP, S_ABORTED, S_OVERFLOW, S_HITS = range(5)  # and S_DRAW = 5 (below)
BUCKET = 4
COST_MAX = 2**32 - 1
USED = np.uint64(16)
"""An entry's cost (positions its search took) is kept in 32 bits."""
ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(cache=True)
def eligible(mine, taken_faces, face_items, need):
    """The faces not yet taken on which ``mine`` holds at least the components a capture needs."""
    out = ZERO
    for f in range(face_items.shape[0]):
        if not (taken_faces >> np.uint64(f)) & ONE and popcount64(mine & face_items[f]) >= need[f]:
            out |= ONE << np.uint64(f)
    return out


@njit(cache=True)
def reachable(mine, theirs, taken_faces, face_items, need):
    """How many faces not yet taken ``mine`` could still capture: those with at least the needed
    components not held by ``theirs``."""
    out = 0
    for f in range(face_items.shape[0]):
        if not (taken_faces >> np.uint64(f)) & ONE and popcount64(face_items[f] & ~theirs) >= need[f]:
            out += 1
    return out


@njit(cache=True)
def within_reach(mine, theirs, taken_faces, face_items, need):
    """The faces not yet taken that ``mine`` could still capture (as a mask): those with at least the
    needed components not held by ``theirs``."""
    out = ZERO
    for f in range(face_items.shape[0]):
        if not (taken_faces >> np.uint64(f)) & ONE and popcount64(face_items[f] & ~theirs) >= need[f]:
            out |= ONE << np.uint64(f)
    return out


@njit(cache=True)
def live_items(me, op, taken_faces, face_items, need):
    """The nodes and edges of the faces not settled: not taken, within some player's reach, and not
    one player's for good (takeable by them, out of the other's reach)."""
    out = ZERO
    for f in range(face_items.shape[0]):
        if (taken_faces >> np.uint64(f)) & ONE:
            continue
        comp = face_items[f]
        reach_me = popcount64(comp & ~op) >= need[f]
        reach_op = popcount64(comp & ~me) >= need[f]
        if reach_me and reach_op:
            out |= comp
        elif reach_me and popcount64(me & comp) < need[f]:
            out |= comp
        elif reach_op and popcount64(op & comp) < need[f]:
            out |= comp
    return out


@njit(cache=True)
def claim_sets(mask, want, partial, conflict, buf, pos, limit, rem, acc):
    """Write every claim of the empty items ``mask`` into ``buf[pos:]`` in one walk over the
    face-disjoint sets, and return the new end (-1 past ``limit``): the sets of ``want`` items when
    there are any; else, with ``partial``, the sets of the largest size there is; else none.
    ``rem`` and ``acc`` are scratch (length > ``want``). Sets are visited in increasing order of their
    items, each once; a set larger than those kept so far throws them away.

    >>> conflict = np.array([2, 1, 0], np.uint64)   # items 0 and 1 share a face
    >>> buf, s = np.zeros(8, np.uint64), np.zeros((2, 65), np.uint64)
    >>> end = claim_sets(np.uint64(7), 3, True, conflict, buf, 0, 8, s[0], s[1])
    >>> sorted(int(x) for x in buf[:end])   # {0, 2} and {1, 2}: two is the most
    [5, 6]
    """
    if mask == ZERO or want <= 0:
        return pos
    start = pos
    size = want if not partial else 1  # the size of the sets kept (a larger one found replaces them)
    d = 0
    rem[0] = mask
    acc[0] = ZERO
    while True:
        m = rem[d]
        if m != ZERO and popcount64(m) + d >= size:
            low = m & (~m + ONE)
            rem[d] = m ^ low
            a = acc[d] | low
            if d + 1 >= size:
                if d + 1 > size:
                    size = d + 1
                    pos = start  # the smaller sets kept so far are not claims
                if pos >= limit:
                    return -1
                buf[pos] = a
                pos += 1
            if d + 1 < want:
                rem[d + 1] = rem[d] & ~conflict[lowest_bit_index(low)]
                acc[d + 1] = a
                d += 1
        else:
            if d == 0:
                return pos
            d -= 1


@njit(cache=True)
def _image(mask, perm):
    """The mask with bit x moved to bit ``perm[x]``."""
    out = ZERO
    while mask != ZERO:
        low = mask & (~mask + ONE)
        out |= ONE << np.uint64(perm[lowest_bit_index(low)])
        mask ^= low
    return out


@njit(cache=True)
def canonical(me, op, fme, fop, item_perms, face_perms, extra=ZERO):
    """The table key of a position: the least (items, items, faces) of its images under the board's
    symmetries (``item_perms``/``face_perms``, one row each, the identity first), ``extra`` (a word
    no symmetry moves) or-ed into the third. Positions that are images of each other have the same
    value, and only they share a key."""
    k0, k1, k2 = me, op, fme | (fop << np.uint64(32)) | extra
    for s in range(1, item_perms.shape[0]):
        a = _image(me, item_perms[s])
        if a > k0:
            continue
        b = _image(op, item_perms[s])
        if a == k0 and b > k1:
            continue
        c = _image(fme, face_perms[s]) | (_image(fop, face_perms[s]) << np.uint64(32)) | extra
        if a < k0 or b < k1 or c < k2:
            k0, k1, k2 = a, b, c
    return k0, k1, k2


@njit(cache=True)
def position_key(me, op, fme, fop, board):
    """The table key of a position (:func:`canonical`). With :data:`MERGED_KEYS` it keeps only what
    the rest of the game reads: the faces gone (captured, or out of both players' reach for good: a
    player's reach only shrinks), how many faces each player captured, and who holds each node or edge
    of a face not gone; a node or edge only on gone faces counts as the other player's (it is taken,
    and whose it is changes nothing: it only ever counts toward its own faces)."""
    params, face_items, need = board[0], board[1], board[2]
    if params[P_STRUCTURE] & COUNTED_KEYS and params[P_CODE_BITS] > 0:
        return counted_key(me, op, fme, fop, board)
    if not params[P_STRUCTURE] & MERGED_KEYS:
        return canonical(me, op, fme, fop, board[5], board[6])
    gone = fme | fop
    live = ZERO
    for f in range(face_items.shape[0]):
        bit = ONE << np.uint64(f)
        if gone & bit:
            continue
        comp = face_items[f]
        if popcount64(comp & ~op) >= need[f] or popcount64(comp & ~me) >= need[f]:
            live |= comp
        else:
            gone |= bit
    counts = (np.uint64(popcount64(fme)) << np.uint64(32)) | (np.uint64(popcount64(fop)) << np.uint64(40))
    return canonical(me & live, op | (me & ~live), gone, ZERO, board[5], board[6], counts)


@njit(cache=True)
def counted_key(me, op, fme, fop, board):
    """The key of :data:`COUNTED_KEYS`: (empty items, face codes packed ``params[P_CODE_BITS]`` bits a
    face, captured counts), the least over the board's symmetries of the first two."""
    params, face_items, need, masks, item_perms, face_perms = board[0], board[1], board[2], board[4], board[5], board[6]
    width = np.uint64(params[P_CODE_BITS])
    taken = fme | fop
    empty = ~(me | op) & (masks[0] | masks[1])
    F = face_items.shape[0]
    k1 = ZERO
    for f in range(F):
        comp = face_items[f]
        code = ZERO
        if not (taken >> np.uint64(f)) & ONE:
            mine = popcount64(me & comp)
            theirs = popcount64(op & comp)
            reach_me = popcount64(comp & ~op) >= need[f]
            reach_op = popcount64(comp & ~me) >= need[f]
            if reach_me and not reach_op and mine >= need[f]:
                code = np.uint64(1)
            elif reach_op and not reach_me and theirs >= need[f]:
                code = np.uint64(2)
            elif reach_me or reach_op:
                code = np.uint64(3 + mine)
        board[7][f] = code
        k1 |= code << (width * np.uint64(f))
    k2 = np.uint64(popcount64(fme)) | (np.uint64(popcount64(fop)) << np.uint64(8))
    if params[P_STRUCTURE] & SPARE:
        spare = empty & ~live_items(me, op, taken, face_items, need)
        for kind in range(2):
            if params[P_N + kind] == 1:
                k2 |= np.uint64(popcount64(spare & masks[kind])) << np.uint64(16 + 8 * kind)
                empty &= ~(spare & masks[kind])
    k0 = empty
    for s in range(1, item_perms.shape[0]):
        a = _image(empty, item_perms[s])
        if a > k0:
            continue
        c = ZERO
        for f in range(F):
            c |= board[7][f] << (width * np.uint64(face_perms[s, f]))
        if a < k0 or c < k1:
            k0, k1 = a, c
    return k0, k1, k2


@njit(cache=True, inline="always")
def _bucket(tt, k0, k1, k2, mask, col, shift):
    """``(slot, found)``: the entry of this exact key in its bucket of :data:`BUCKET`, else the first
    empty one, else the cheapest. Both tables keep an entry's cost in word ``col`` (``>> shift``),
    which is 0 only in an empty entry."""
    h = mix64(k0 ^ mix64(k1 ^ mix64(k2)))
    base = np.int64(h & mask) & ~np.int64(BUCKET - 1)
    free = -1
    cheapest = base
    for j in range(BUCKET):
        s = base + j
        w = tt[s, col]
        if w != ZERO and tt[s, 0] == k0 and tt[s, 1] == k1 and tt[s, 2] == k2:
            return s, True
        if w == ZERO:
            if free < 0:
                free = s
        elif (w >> shift) < (tt[cheapest, col] >> shift):
            cheapest = s
    return (free if free >= 0 else cheapest), False


@njit(cache=True)
def _probe(tt, k0, k1, k2, mask):
    """The slot holding this exact key, or -1."""
    s, found = _bucket(tt, k0, k1, k2, mask, 3, np.uint64(32))
    return s if found else -1


@njit(cache=True)
def _bounds(word):
    """(lo, hi) of an entry's fourth word."""
    return np.int64(word & np.uint64(3)) - 1, np.int64((word >> np.uint64(2)) & np.uint64(3)) - 1


@njit(cache=True)
def _store(tt, k0, k1, k2, mask, low, high, cost):
    """Record ``low <= value <= high`` for this exact key (tightening what the slot knows), with the
    positions its search cost; a full bucket gives up its cheapest entry."""
    s, found = _bucket(tt, k0, k1, k2, mask, 3, np.uint64(32))
    if found:
        w = tt[s, 3]
        a, b = _bounds(w)
        low, high = max(a, low), min(b, high)
        cost = max(cost, np.int64(w >> np.uint64(32)))
    tt[s, 0] = k0
    tt[s, 1] = k1
    tt[s, 2] = k2
    bounds = np.uint64(low + 1) | (np.uint64(high + 1) << np.uint64(2))
    tt[s, 3] = (np.uint64(min(cost, COST_MAX)) << np.uint64(32)) | USED | bounds


@njit(cache=True)
def _score(me, op, taken, items, took, face_items, need):
    """How promising a turn looks, to try it early (ordering only; any order gives the same value):
    faces taken, then per face it touches: made takeable, put out of the other player's reach."""
    if took != ZERO:
        return 1000 + popcount64(took)
    mine = me | items
    gain = 0
    for f in range(face_items.shape[0]):
        comp = face_items[f]
        if (taken >> np.uint64(f)) & ONE or not items & comp:
            continue
        if popcount64(mine & comp) == need[f]:
            gain += 4  # takeable now
        theirs = popcount64(op & comp)
        free = popcount64(comp & ~(mine | op))
        if theirs + free < need[f] <= theirs + free + popcount64(items & comp):
            gain += 3  # out of the other player's reach now
        gain += 1
    return gain


@njit(cache=True, nogil=True)  # run in a thread by core.searching.run_search: Ctrl-C lowers stats[S_CAP]
def negamax(me, op, fme, fop, alpha, beta, board, table, moves, faces, scores, sp, scratch, stats):
    """The value for the player to move (+1, 0, -1), exact when it lies strictly inside
    (``alpha``, ``beta``), else a bound on that side (fail-soft).

    ``board`` = (params, face_items, need, conflict, masks, item_perms, face_perms), ``masks`` =
    (nodes, edges), the perms the board's symmetries (:func:`canonical`);
    ``table`` = one array of 4 words an entry: the key's three words, then the bounds lo + 1 (bits 0-1),
    hi + 1 (bits 2-3), a used flag (bit 4) and the positions the search cost (bits 32-63);
    ``moves``/``faces``/``scores`` are the stack of turns (the items, the faces, how promising each
    looks), used from ``sp`` on."""
    params, face_items, need = board[0], board[1], board[2]
    stats[S_NODES] += 1
    if stats[S_NODES] > stats[S_CAP]:
        stats[S_ABORTED] = 1
        return 0
    start_nodes = stats[S_NODES]
    taken = fme | fop
    el = eligible(me, taken, face_items, need)
    if popcount64(fme) + popcount64(el) >= params[P_MAJORITY]:
        return 1  # capture them all: a majority ends the game at once
    if params[P_MAJORITY_ENDS] and reachable(op, me, taken, face_items, need) + popcount64(fop) < params[P_MAJORITY]:
        return 1  # every game ends in a majority, and the other player can no longer reach one
    if params[P_MAJORITY_ENDS] and reachable(me, op, taken, face_items, need) + popcount64(fme) < params[P_MAJORITY]:
        return -1
    elo, threat, sec = _pressure(me, op, fme, fop, el, params, face_items, need)
    if threat > 0 and popcount64(el & elo) < threat:
        return -1  # the other player captures a majority next turn whatever this one does
    tmask = np.uint64(table.shape[0] - 1)
    k0, k1, k2 = position_key(me, op, fme, fop, board)
    slot = _probe(table, k0, k1, k2, tmask)
    if slot >= 0:
        stats[S_HITS] += 1
        a, b = _bounds(table[slot, 3])
        if a >= beta or a == b:
            return a
        if b <= alpha:
            return b
        alpha = max(alpha, a)
        beta = min(beta, b)
    alpha0 = alpha
    end = _search_turns(
        me,
        op,
        el,
        elo,
        threat,
        sec,
        _spare(me, op, taken, params, face_items, need),
        params,
        board[3],
        board[4],
        moves,
        faces,
        sp,
        scratch,
    )
    if end < 0:
        stats[S_OVERFLOW] = 1
        return 0
    if end == sp:  # no action: skipped, or the game is blocked
        if eligible(op, taken, face_items, need) == ZERO:
            d = popcount64(fme) - popcount64(fop)
            return 1 if d > 0 else (-1 if d < 0 else 0)
        return -negamax(op, me, fop, fme, -beta, -alpha, board, table, moves, faces, scores, sp, scratch, stats)
    for i in range(sp, end):
        scores[i] = _score(me, op, taken, moves[i], faces[i], face_items, need)
    best = -2
    for i in range(sp, end):
        k = i  # the most promising turn left goes next
        for j in range(i + 1, end):
            if scores[j] > scores[k]:
                k = j
        if k != i:
            moves[i], moves[k] = moves[k], moves[i]
            faces[i], faces[k] = faces[k], faces[i]
            scores[i], scores[k] = scores[k], scores[i]
        if faces[i] != ZERO:
            v = -negamax(
                op, me, fop, fme | faces[i], -beta, -alpha, board, table, moves, faces, scores, end, scratch, stats
            )
        else:
            v = -negamax(
                op, me | moves[i], fop, fme, -beta, -alpha, board, table, moves, faces, scores, end, scratch, stats
            )
        if stats[S_ABORTED] or stats[S_OVERFLOW]:
            return 0
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    cost = stats[S_NODES] - start_nodes + 1
    if best <= alpha0:
        _store(table, k0, k1, k2, tmask, -1, best, cost)
    elif best >= beta:
        _store(table, k0, k1, k2, tmask, best, 1, cost)
    else:
        _store(table, k0, k1, k2, tmask, best, best, cost)
    return best


@njit(cache=True)
def _generate(me, op, el, room, params, conflict, masks, moves, faces, start, scratch):
    """Write the whole turns of the player to move (``el``: the faces they may take, at most
    ``room`` of them: the capture that reaches a majority ends the game) into ``moves``/``faces``
    from ``start`` on, captures first (all the faces first); return the end, or -1 when the
    buffer is too small."""
    rem, acc = scratch[0], scratch[1]
    end = start
    limit = moves.shape[0]
    s = el
    while s != ZERO:
        if popcount64(s) > room:
            s = (s - ONE) & el
            continue
        if end >= limit:
            return -1
        moves[end] = ZERO
        faces[end] = s
        end += 1
        s = (s - ONE) & el
    empty = ~(me | op)
    for kind in range(2):
        stop = claim_sets(
            empty & masks[kind], params[P_N + kind], params[P_PARTIAL] != 0, conflict, moves, end, limit, rem, acc
        )
        if stop < 0:
            return -1
        faces[end:stop] = ZERO
        end = stop
    return end


@njit(cache=True)
def _pressure(me, op, fme, fop, el, params, face_items, need):
    """``(elo, threat, sec)`` of a position whose mover may take the faces ``el``: the faces the other
    player may take, how many of them the mover must capture now or lose (>0 only under
    :data:`THREATS`), and the mover's takeable faces the other player can no longer reach (under
    :data:`SECURED`, else none)."""
    taken = fme | fop
    elo = ZERO
    threat = 0
    if params[P_STRUCTURE] & THREATS:
        elo = eligible(op, taken, face_items, need)
        threat = popcount64(fop) + popcount64(elo) - params[P_MAJORITY] + 1
    sec = ZERO
    if params[P_STRUCTURE] & SECURED:
        sec = el & ~within_reach(op, me, taken, face_items, need)
    return elo, threat, sec


@njit(cache=True)
def _spare(me, op, taken, params, face_items, need):
    """The empty nodes and edges that count for nothing (:data:`SPARE`; none when it is off)."""
    if not params[P_STRUCTURE] & SPARE:
        return ZERO
    return ~(me | op) & ~live_items(me, op, taken, face_items, need)


@njit(cache=True)
def _search_turns(me, op, el, elo, threat, sec, spare, params, conflict, masks, moves, faces, start, scratch):
    """The turns the search tries (a subset of :func:`_generate`'s with the same value, ``el`` not
    a majority): with ``threat`` > 0 only the captures of at least ``threat`` of the other player's
    takeable faces ``elo``; captures of no secured face ``sec``, and one secured face alone; every
    claim unless threatened, with one item of ``spare`` (:data:`SPARE`) for a kind claimed one at a
    time. Returns the end, -1 when the buffer is too small."""
    rem, acc = scratch[0], scratch[1]
    end = start
    limit = moves.shape[0]
    free = el & ~sec
    s = free
    while s != ZERO:
        if popcount64(s & elo) >= threat:
            if end >= limit:
                return -1
            moves[end] = ZERO
            faces[end] = s
            end += 1
        s = (s - ONE) & free
    if threat > 0:
        return end
    if sec != ZERO:
        if end >= limit:
            return -1
        moves[end] = ZERO
        faces[end] = sec & (~sec + ONE)
        end += 1
    empty = ~(me | op)
    for kind in range(2):
        mask = empty & masks[kind]
        if params[P_N + kind] == 1 and spare & mask:
            mask &= ~spare | (spare & mask & (~(spare & mask) + ONE))  # one spare item of the kind
        stop = claim_sets(mask, params[P_N + kind], params[P_PARTIAL] != 0, conflict, moves, end, limit, rem, acc)
        if stop < 0:
            return -1
        faces[end:stop] = ZERO
        end = stop
    return end


@njit(cache=True)
def turns(me, op, fme, fop, params, face_items, need, conflict, masks, moves, faces, scratch):
    """The whole turns of the player to move, as (items, faces) masks in ``moves``/``faces[:k]``;
    returns k (-1: the buffer is too small)."""
    el = eligible(me, fme | fop, face_items, need)
    room = params[P_MAJORITY] - popcount64(fme)
    return _generate(me, op, el, room, params, conflict, masks, moves, faces, 0, scratch)


# ---- proof-number search (df-pn) over whole turns, for boards where every game ends in a majority
# (no draws): one run decides win or loss. Numbers are "for the player to move": phi, the cost of
# proving they win; delta, of proving they lose; a turn's child holds the other player's numbers,
# so phi(n) = min delta(child) and delta(n) = sum phi(child).
INF = np.int64(2**31 - 1)
"""A proof or disproof number of a settled position."""
BIG = np.int64(2**30)
MASK32 = np.int64(2**32 - 1)
"""Unsettled numbers are capped here (below INF, so a sum never looks like a proof)."""
S_DRAW = 5
"""stats[S_DRAW]: the proof-number search met a drawn end (it assumes none): its result is void."""


@njit(cache=True)
def _static(me, op, fme, fop, params, face_items, need):
    """+1 when the player to move wins at once (capture a majority) or the other player can no longer
    reach one where every game ends in a majority, -1 when they themselves no longer can, else 0."""
    taken = fme | fop
    if popcount64(fme) + popcount64(eligible(me, taken, face_items, need)) >= params[P_MAJORITY]:
        return 1
    if params[P_MAJORITY_ENDS] and reachable(op, me, taken, face_items, need) + popcount64(fop) < params[P_MAJORITY]:
        return 1
    if params[P_MAJORITY_ENDS] and reachable(me, op, taken, face_items, need) + popcount64(fme) < params[P_MAJORITY]:
        return -1
    if params[P_STRUCTURE] & THREATS:
        elo = eligible(op, taken, face_items, need)
        threat = popcount64(fop) + popcount64(elo) - params[P_MAJORITY] + 1
        if threat > 0 and popcount64(eligible(me, taken, face_items, need) & elo) < threat:
            return -1
    return 0


@njit(cache=True)
def _pn_probe(tt, k0, k1, k2, mask):
    """The slot of this exact key in the proof-number table (5 words an entry: key, phi | delta << 32,
    cost; cost 0 is an empty slot), or -1."""
    s, found = _bucket(tt, k0, k1, k2, mask, 4, np.uint64(0))
    return s if found else -1


@njit(cache=True)
def _pn_store(tt, k0, k1, k2, mask, phi, delta, cost):
    """Record (phi, delta) for this exact key with the positions its search cost (the numbers of a
    settled position are never replaced by unsettled ones); a full bucket gives up its cheapest entry."""
    s, found = _bucket(tt, k0, k1, k2, mask, 4, np.uint64(0))
    if found:
        old = tt[s, 3]
        if (old & np.uint64(0xFFFFFFFF)) == ZERO or (old >> np.uint64(32)) == ZERO:
            return  # settled already
        cost = max(cost, np.int64(tt[s, 4]))
    tt[s, 0] = k0
    tt[s, 1] = k1
    tt[s, 2] = k2
    tt[s, 3] = np.uint64(phi) | (np.uint64(delta) << np.uint64(32))
    tt[s, 4] = np.uint64(max(cost, 1))


@njit(cache=True, nogil=True)  # run in a thread by core.searching.run_search: Ctrl-C lowers stats[S_CAP]
def mid(me, op, fme, fop, thphi, thdelta, board, tt, moves, faces, scores, pns, sp, scratch, stats):
    """Nagai's df-pn: search the position until its proof number reaches ``thphi`` or its disproof
    number ``thdelta``; return phi | delta << 32 for the player to move (phi 0: they win; delta 0:
    they lose). ``pns`` holds each stacked turn's child numbers (phi, delta); the rest as in :func:`negamax`.
    The child picked gets the thresholds of the 1 + 1/4 trick (fewer re-expansions)."""
    params, face_items, need = board[0], board[1], board[2]
    stats[S_NODES] += 1
    if stats[S_NODES] > stats[S_CAP]:
        stats[S_ABORTED] = 1
        return np.int64(0)
    start_nodes = stats[S_NODES]
    st = _static(me, op, fme, fop, params, face_items, need)
    if st == 1:
        return INF << 32
    if st == -1:
        return INF
    tmask = np.uint64(tt.shape[0] - 1)
    k0, k1, k2 = position_key(me, op, fme, fop, board)
    slot = _pn_probe(tt, k0, k1, k2, tmask)
    if slot >= 0:
        stats[S_HITS] += 1
        w = tt[slot, 3]
        phi = np.int64(w & np.uint64(0xFFFFFFFF))
        delta = np.int64(w >> np.uint64(32))
        if phi >= thphi or delta >= thdelta:
            return phi | (delta << 32)
    taken = fme | fop
    el = eligible(me, taken, face_items, need)
    elo, threat, sec = _pressure(me, op, fme, fop, el, params, face_items, need)
    end = _search_turns(
        me,
        op,
        el,
        elo,
        threat,
        sec,
        _spare(me, op, taken, params, face_items, need),
        params,
        board[3],
        board[4],
        moves,
        faces,
        sp,
        scratch,
    )
    if end < 0:
        stats[S_OVERFLOW] = 1
        return np.int64(0)
    if end == sp:  # no action: skipped, or the game is blocked
        if eligible(op, taken, face_items, need) == ZERO:
            d = popcount64(fme) - popcount64(fop)
            if d == 0:
                stats[S_DRAW] = 1
            return (INF << 32) if d > 0 else INF
        r = mid(op, me, fop, fme, thdelta, thphi, board, tt, moves, faces, scores, pns, sp, scratch, stats)
        return (r >> 32) | ((r & MASK32) << 32)  # the same numbers, seen from the other side
    for i in range(sp, end):
        scores[i] = _score(me, op, taken, moves[i], faces[i], face_items, need)
        if faces[i] != ZERO:
            c0, c1, c2, c3 = op, me, fop, fme | faces[i]
        else:
            c0, c1, c2, c3 = op, me | moves[i], fop, fme
        cs = _static(c0, c1, c2, c3, params, face_items, need)
        if cs == 1:
            pns[i, 0], pns[i, 1] = 0, INF
        elif cs == -1:
            pns[i, 0], pns[i, 1] = INF, 0
        else:
            a0, a1, a2 = position_key(c0, c1, c2, c3, board)
            s = _pn_probe(tt, a0, a1, a2, tmask)
            if s >= 0:
                w = tt[s, 3]
                pns[i, 0] = np.int64(w & np.uint64(0xFFFFFFFF))
                pns[i, 1] = np.int64(w >> np.uint64(32))
            else:
                pns[i, 0], pns[i, 1] = 1, 1
    phi = np.int64(0)
    delta = np.int64(0)
    while True:
        phi = INF
        delta = np.int64(0)
        best = -1
        second = INF
        for i in range(sp, end):
            d = pns[i, 1]
            if d < phi:
                second = phi
                phi = d
                best = i
            elif d == phi and best >= 0 and scores[i] > scores[best]:  # equal: the more promising first
                second = d
                best = i
            elif d < second:
                second = d
            p = pns[i, 0]
            if p == INF or delta == INF:
                delta = INF
            else:
                delta = min(delta + p, BIG)
        if phi != INF and phi != 0:
            phi = min(phi, BIG)
        if phi >= thphi or delta >= thdelta or phi == 0 or delta == 0:
            break
        cthphi = thdelta - delta + pns[best, 0]
        cthdelta = min(thphi, second + second // 4 + 1) if second < BIG else thphi
        if faces[best] != ZERO:
            r = mid(op, me, fop, fme | faces[best], cthphi, cthdelta, board, tt, moves, faces, scores, pns, end,
                    scratch, stats)  # fmt: skip
        else:
            r = mid(op, me | moves[best], fop, fme, cthphi, cthdelta, board, tt, moves, faces, scores, pns, end,
                    scratch, stats)  # fmt: skip
        if stats[S_ABORTED] or stats[S_OVERFLOW]:
            return np.int64(0)
        pns[best, 0], pns[best, 1] = r & MASK32, r >> 32
    _pn_store(tt, k0, k1, k2, tmask, phi, delta, stats[S_NODES] - start_nodes + 1)
    return phi | (delta << 32)


def prove(me, op, fme, fop, board, tt, moves, faces, scores, pns, scratch, stats):
    """The value (+1, -1) for the player to move by df-pn (:func:`mid`) from the root until settled;
    0 when the node cap or the stack stopped it (``stats`` says which). Plain Python: numba's cache
    does not keep a compiled caller of the recursive :func:`mid` (it crashes when loaded)."""
    while True:
        r = mid(me, op, fme, fop, INF, INF, board, tt, moves, faces, scores, pns, 0, scratch, stats)
        phi, delta = r & MASK32, r >> 32
        if stats[S_ABORTED] or stats[S_OVERFLOW]:
            return 0
        if phi == 0:
            return 1
        if delta == 0:
            return -1
