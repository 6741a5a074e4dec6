"""Frozen copy of negenlab/fen/_solver_kernels.py before issue #37 item 2 (the old turn generator and
search), for benchmarks/bench_fen_solver.py and the cross-checks. Do not edit.

Compiled exact search of FEN (numba): negamax over whole turns, alpha-beta, a transposition table.

A position is four bit masks seen from the player to move: the nodes and edges they own (``me``;
bit x is item x, nodes first, then edges), the other player's (``op``), and the faces each owns
(``fme``, ``fop``). The rules treat both colours alike once the opening is made, so the value of a
position (+1 win, 0 draw, -1 loss for the player to move) needs no colour.

The board reaches the kernel as ``params`` (indices ``P_*``) and three tables: ``face_items``
(per face, the mask of its nodes and edges), ``need`` (per face, how many of them a capture
needs) and ``conflict`` (per item, the items of its kind that share a face with it). The table's
keys are the exact position (three words), checked on every probe: no two positions share an entry.

A turn is one of: a claim of the largest number (at most n, or e) of face-disjoint empty items the
rules allow (:func:`claim_size`), every such set; a capture of any non-empty set of the faces the
player may take. A player with no action is skipped; when neither has one, more faces wins.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from negenlab.core.bits import lowest_bit_index, mix64, popcount64

P_V, P_E, P_F, P_N, P_E_CLAIM, P_PARTIAL, P_MAJORITY, P_MAJORITY_ENDS = range(8)
# stats: nodes searched, node cap, aborted at the cap, move buffer overflow, table probes that hit
S_NODES, S_CAP, S_ABORTED, S_OVERFLOW, S_HITS = range(5)
BUCKET = 4
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
def independent_sets(mask, r, conflict, buf, pos, limit, first_only, rem, acc):
    """Write every set of ``r`` items of ``mask`` no two of which share a face (as masks) into
    ``buf[pos:]``; return the new end, or -1 past ``limit``. ``first_only`` stops at the first.
    ``rem`` and ``acc`` are scratch (length > r)."""
    if r <= 0 or popcount64(mask) < r:
        return pos
    d = 0
    rem[0] = mask
    acc[0] = ZERO
    while True:
        m = rem[d]
        if m != ZERO and popcount64(m) >= r - d:
            low = m & (~m + ONE)
            rem[d] = m ^ low
            a = acc[d] | low
            if d + 1 == r:
                if pos >= limit:
                    return -1
                buf[pos] = a
                pos += 1
                if first_only:
                    return pos
            else:
                rem[d + 1] = rem[d] & ~conflict[lowest_bit_index(low)]
                acc[d + 1] = a
                d += 1
        else:
            if d == 0:
                return pos
            d -= 1


@njit(cache=True)
def claim_size(mask, want, partial, conflict, probe, rem, acc):
    """How many of the empty items ``mask`` a claim takes: ``want`` when that many face-disjoint
    ones exist; else, with partial claims, the most that do (0 when none is empty); else 0."""
    if mask == ZERO:
        return 0
    if independent_sets(mask, want, conflict, probe, 0, 1, True, rem, acc) == 1:
        return want
    if not partial:
        return 0
    for r in range(want - 1, 0, -1):
        if independent_sets(mask, r, conflict, probe, 0, 1, True, rem, acc) == 1:
            return r
    return 0


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
def canonical(me, op, fme, fop, item_perms, face_perms):
    """The table key of a position: the least (items, items, faces) of its images under the board's
    symmetries (``item_perms``/``face_perms``, one row each, the identity first). Positions that
    are images of each other have the same value, and only they share a key."""
    k0, k1, k2 = me, op, fme | (fop << np.uint64(32))
    for s in range(1, item_perms.shape[0]):
        a = _image(me, item_perms[s])
        if a > k0:
            continue
        b = _image(op, item_perms[s])
        if a == k0 and b > k1:
            continue
        c = _image(fme, face_perms[s]) | (_image(fop, face_perms[s]) << np.uint64(32))
        if a < k0 or b < k1 or c < k2:
            k0, k1, k2 = a, b, c
    return k0, k1, k2


@njit(cache=True)
def _probe(keys, used, k0, k1, k2, mask):
    """The slot holding this exact key, or -1."""
    h = mix64(k0 ^ mix64(k1 ^ mix64(k2)))
    base = np.int64(h & mask) & ~np.int64(BUCKET - 1)
    for j in range(BUCKET):
        s = base + j
        if used[s] and keys[s, 0] == k0 and keys[s, 1] == k1 and keys[s, 2] == k2:
            return s
    return -1


@njit(cache=True)
def _store(keys, lo, hi, used, k0, k1, k2, mask, low, high):
    """Record ``low <= value <= high`` for this exact key (tightening what the slot knows)."""
    h = mix64(k0 ^ mix64(k1 ^ mix64(k2)))
    base = np.int64(h & mask) & ~np.int64(BUCKET - 1)
    free = -1
    for j in range(BUCKET):
        s = base + j
        if used[s] and keys[s, 0] == k0 and keys[s, 1] == k1 and keys[s, 2] == k2:
            lo[s] = max(lo[s], low)
            hi[s] = min(hi[s], high)
            return
        if not used[s] and free < 0:
            free = s
    if free < 0:
        free = base + np.int64((h >> np.uint64(61)) & np.uint64(BUCKET - 1))  # replace one
    used[free] = True
    keys[free, 0] = k0
    keys[free, 1] = k1
    keys[free, 2] = k2
    lo[free] = low
    hi[free] = high


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
    ``table`` = (keys, lo, hi, used); ``moves``/``faces``/``scores`` are the stack of turns (the
    items, the faces, how promising each looks), used from ``sp`` on."""
    params, face_items, need = board[0], board[1], board[2]
    keys, lo, hi, used = table
    stats[S_NODES] += 1
    if stats[S_NODES] > stats[S_CAP]:
        stats[S_ABORTED] = 1
        return 0
    taken = fme | fop
    el = eligible(me, taken, face_items, need)
    if popcount64(fme) + popcount64(el) >= params[P_MAJORITY]:
        return 1  # capture them all: a majority ends the game at once
    if params[P_MAJORITY_ENDS] and reachable(op, me, taken, face_items, need) + popcount64(fop) < params[P_MAJORITY]:
        return 1  # every game ends in a majority, and the other player can no longer reach one
    if params[P_MAJORITY_ENDS] and reachable(me, op, taken, face_items, need) + popcount64(fme) < params[P_MAJORITY]:
        return -1
    tmask = np.uint64(keys.shape[0] - 1)
    k0, k1, k2 = canonical(me, op, fme, fop, board[5], board[6])
    slot = _probe(keys, used, k0, k1, k2, tmask)
    if slot >= 0:
        stats[S_HITS] += 1
        a, b = np.int64(lo[slot]), np.int64(hi[slot])
        if a >= beta or a == b:
            return a
        if b <= alpha:
            return b
        alpha = max(alpha, a)
        beta = min(beta, b)
    alpha0 = alpha
    end = _generate(
        me, op, el, params[P_MAJORITY] - popcount64(fme), params, board[3], board[4], moves, faces, sp, scratch
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
    if best <= alpha0:
        _store(keys, lo, hi, used, k0, k1, k2, tmask, -1, best)
    elif best >= beta:
        _store(keys, lo, hi, used, k0, k1, k2, tmask, best, 1)
    else:
        _store(keys, lo, hi, used, k0, k1, k2, tmask, best, best)
    return best


@njit(cache=True)
def _generate(me, op, el, room, params, conflict, masks, moves, faces, start, scratch):
    """Write the whole turns of the player to move (``el``: the faces they may take, at most
    ``room`` of them: the capture that reaches a majority ends the game) into ``moves``/``faces``
    from ``start`` on, captures first (all the faces first); return the end, or -1 when the
    buffer is too small."""
    rem, acc, probe = scratch[0], scratch[1], scratch[2]
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
        mask = empty & masks[kind]
        r = claim_size(mask, params[P_N + kind], params[P_PARTIAL] != 0, conflict, probe, rem, acc)
        if r > 0:
            stop = independent_sets(mask, r, conflict, moves, end, limit, False, rem, acc)
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
