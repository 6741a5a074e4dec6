"""Compiled walk of a proof tree for the certificate writer (numba; :mod:`negenlab.necklace.certificate`).

The walk follows the rules as :class:`negenlab.necklace.game.State` plays them (a stone, a win through
it, else the other colour moves, or the same colour when the other cannot, or a draw when neither
can) on one board, with an explicit stack so that it can stop and go on later: after a number of
positions (the writer reports progress), and whenever it needs the search's answer about a child
(the writer asks ``ProofSearch.wins``; a compiled caller of the recursive df-pn kernel crashes when
numba loads it from its cache). Positions are written as two 64-bit words: 2 bits
a point (points 0..31 in the first word, the rest in the second) and, in the second word, the colour
to move (:data:`BLUE_TO_MOVE`); boards of up to 7x7 fit.

>>> import numpy as np
>>> b = np.zeros(9, dtype=np.int8); b[4] = 1
>>> [int(w) for w in position_code(b, 9, 2)] == [1 << 8, BLUE_TO_MOVE]
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._kernels import legal_list, wins_through
from ._solver_kernels import _mix, _pn_lookup, _tt_key, board_hashes

MAX_POINTS = 49
"""Points a position code holds (7x7): 2 bits a point in two words, beside the flags below."""
BLUE_TO_MOVE = 1 << 60
"""Second word: Blue is to move."""
BLUE_WINS = 1 << 61
"""Second word of a key in the set of finished positions: the proof is Blue's."""
USED = 1 << 63
"""Second word of every key in the set (an empty slot holds 0)."""

# what walk returns
FINISHED, PAUSED, ASK, LOST_LINE, NO_WINNING_MOVE = range(5)
# st: the walk's state between calls (ASK_MOVE, ASK_COLOUR: the question; ANSWER: 1 wins, 0 not, -1 none yet)
SP, STARTED, DONE, OUT, GEN, ASK_MOVE, ASK_COLOUR, ANSWER, ERR_LO, ERR_HI = range(10)
# frames[d]: one position of the current line; a deciding frame asks about its candidates fmoves[d, F_I:F_K]
F_COLOUR, F_MOVE, F_K, F_I, F_DECIDING = range(5)


@njit(cache=True)
def position_code(board, N, to_move):
    """The two words of a position (see the module's text)."""
    lo = np.uint64(0)
    hi = np.uint64(0)
    for p in range(N):
        v = np.uint64(board[p])
        if p < 32:
            lo |= v << np.uint64(2 * p)
        else:
            hi |= v << np.uint64(2 * (p - 32))
    if to_move == 2:
        hi |= np.uint64(BLUE_TO_MOVE)
    return lo, hi


@njit(cache=True)
def _slot(keys_lo, keys_hi, lo, hi):
    """The slot of the open-addressing set that holds the key, or the empty one where it would go."""
    mask = np.int64(len(keys_lo) - 1)
    slot = np.int64(_mix(lo ^ _mix(hi)) & np.uint64(mask))
    while keys_hi[slot] != 0 and not (keys_hi[slot] == hi and keys_lo[slot] == lo):
        slot = (slot + 1) & mask
    return slot


@njit(cache=True)
def set_add(keys_lo, keys_hi, lo, hi):
    """Add a key (``hi`` has :data:`USED` set) to the open-addressing set; False when it was there."""
    slot = _slot(keys_lo, keys_hi, lo, hi)
    if keys_hi[slot] != 0:
        return False
    keys_lo[slot] = lo
    keys_hi[slot] = hi
    return True


@njit(cache=True)
def set_has(keys_lo, keys_hi, lo, hi):
    """Is the key in the set?"""
    return keys_hi[_slot(keys_lo, keys_hi, lo, hi)] != 0


@njit(cache=True)
def set_grown(keys_lo, keys_hi, size):
    """The set's keys in new arrays of ``size`` slots (a power of two)."""
    new_lo = np.zeros(size, dtype=np.uint64)
    new_hi = np.zeros(size, dtype=np.uint64)
    for i in range(len(keys_lo)):
        if keys_hi[i] != 0:
            set_add(new_lo, new_hi, keys_lo[i], keys_hi[i])
    return new_lo, new_hi


@njit(cache=True)
def _settle(board, n, c, order, row, art, disc, low, parent, nxt, stack):
    """The colour to move after ``c`` placed a stone without winning: the other colour, else ``c``
    (a skipped turn), else 0 (nobody can move: a draw)."""
    if legal_list(board, n, 3 - c, order, row, art, disc, low, parent, nxt, stack) > 0:
        return 3 - c
    if legal_list(board, n, c, order, row, art, disc, low, parent, nxt, stack) > 0:
        return c
    return 0


@njit(cache=True)
def _connects(board, n, p, stamp, st, stack):
    """Does the stone at ``p`` join its colour's edges? (``stamp`` generations kept in ``st[GEN]``)."""
    st[GEN] += 1
    if st[GEN] >= 1 << 30:
        stamp[:] = 0
        st[GEN] = 1
    return wins_through(board, n, p, stamp, np.int32(st[GEN]), stack)


@njit(cache=True)
def _proven(board, to_move, target, table):
    """Whether the search's table (``zs, tt_keys, tt_pn, tt_dn``) already proves that ``target`` wins."""
    zs, tt_keys, tt_pn, tt_dn = table
    pn, _ = _pn_lookup(tt_keys, tt_pn, tt_dn, _tt_key(board_hashes(board, zs), to_move, target))
    return pn == 0


@njit(cache=True)
def _fail(board, N, st, why):
    lo, hi = position_code(board, N, 2)  # a finished position: no colour to move, "B" as position_key writes it
    st[ERR_LO] = np.int64(lo)
    st[ERR_HI] = np.int64(hi)
    return why


@njit(cache=True)
def _write(out, out_move, st, lo, key_hi, m):
    out[st[OUT], 0] = lo
    out[st[OUT], 1] = key_hi & ~np.uint64(USED | BLUE_WINS)
    out_move[st[OUT]] = m
    st[OUT] += 1


@njit(cache=True)
def _visit(n, W, d, p, t, st, board, frames, codes, fmoves, kids, done, out, out_move, order, ws, table):
    """The position on ``board`` (reached by the move ``p``, -1 at the root) with ``t`` to move: finished at
    once (already proved, or the winner connects) or pushed as frame ``d`` (its moves to follow, or, for
    the winner, the candidates to ask about: those the table already proves first, centre first)."""
    art, disc, low, parent, nxt, stack, stamp, row, tmp = ws
    done_lo, done_hi = done
    centre, ascending = order
    N = n * n
    lo, hi = position_code(board, N, t)
    key_hi = hi | np.uint64(USED) | (np.uint64(BLUE_WINS) if W == 2 else np.uint64(0))
    if set_has(done_lo, done_hi, lo, key_hi):
        if p >= 0:
            board[p] = 0
        return FINISHED
    st[STARTED] += 1
    deciding = 0
    if t == W:
        k = legal_list(board, n, W, centre, row, art, disc, low, parent, nxt, stack)
        for j in range(k):  # a move that connects at once keeps the proof smallest
            m = row[j]
            board[m] = W
            won = _connects(board, n, m, stamp, st, stack)
            board[m] = 0
            if won:
                _write(out, out_move, st, lo, key_hi, m)
                set_add(done_lo, done_hi, lo, key_hi)
                st[DONE] += 1
                if p >= 0:
                    board[p] = 0
                return FINISHED
        # each child's colour to move (0: a draw, no win) and whether the table proves it already, all
        # looked up before the first question; then the candidates, those proved first, centre first
        for j in range(k):
            m = row[j]
            tmp[j] = m
            board[m] = W
            c2 = _settle(board, n, W, ascending, fmoves[d], art, disc, low, parent, nxt, stack)
            tmp[N + j] = c2
            tmp[2 * N + j] = _proven(board, c2 if c2 != 0 else 3 - W, W, table)
            board[m] = 0
        kk = 0
        for first in (1, 0):
            for j in range(k):
                if tmp[N + j] != 0 and tmp[2 * N + j] == first:
                    fmoves[d, kk] = tmp[j]
                    kids[d, kk] = tmp[N + j]
                    kk += 1
        if kk == 0:
            st[ERR_LO] = np.int64(lo)
            st[ERR_HI] = np.int64(hi)
            return NO_WINNING_MOVE
        k = kk
        deciding = 1
        st[ANSWER] = -1
    else:
        k = legal_list(board, n, t, ascending, fmoves[d], art, disc, low, parent, nxt, stack)
    frames[d, F_COLOUR] = t
    frames[d, F_MOVE] = p
    frames[d, F_K] = k
    frames[d, F_I] = 0
    frames[d, F_DECIDING] = deciding
    codes[d, 0] = lo
    codes[d, 1] = key_hi
    st[SP] = d
    return PAUSED


@njit(cache=True)
def walk(n, W, root_to_move, st, board, frames, codes, fmoves, kids, done, out, out_move, order, ws, table, budget):
    """Write the proof that ``W`` wins from ``board``: the winner's move at each of its positions into
    ``out``/``out_move``, every finished position into the set ``done``. Start with ``st[SP] = -2`` (the
    root, ``root_to_move`` to move, is visited first). Returns :data:`ASK` when it needs to know whether
    ``W`` wins after its move ``st[ASK_MOVE]`` with ``st[ASK_COLOUR]`` to move (put the answer in
    ``st[ANSWER]`` and call again), :data:`PAUSED` once ``st[STARTED]`` reaches ``budget``,
    :data:`FINISHED` at the end, or a failure (the position in ``st[ERR_LO:]``)."""
    art, disc, low, parent, nxt, stack, stamp, row, _ = ws
    done_lo, done_hi = done
    ascending = order[1]
    N = n * n
    if st[SP] == -2:
        st[SP] = -1
        r = _visit(
            n, W, 0, -1, root_to_move, st, board, frames, codes, fmoves, kids, done, out, out_move, order, ws, table
        )
        if r != PAUSED and r != FINISHED:
            return r
    while st[SP] >= 0:
        d = st[SP]
        i = frames[d, F_I]
        if frames[d, F_DECIDING]:
            if st[ANSWER] == 1:  # the winner's move: followed like a loser's only move
                m = fmoves[d, i]
                _write(out, out_move, st, codes[d, 0], codes[d, 1], m)
                fmoves[d, 0] = m
                frames[d, F_K] = 1
                frames[d, F_I] = 0
                frames[d, F_DECIDING] = 0
                continue
            if st[ANSWER] == 0:
                i += 1
                frames[d, F_I] = i
                if i == frames[d, F_K]:
                    st[ERR_LO] = np.int64(codes[d, 0])
                    st[ERR_HI] = np.int64(codes[d, 1] & ~np.uint64(USED | BLUE_WINS))
                    return NO_WINNING_MOVE
            st[ANSWER] = -1
            st[ASK_MOVE] = fmoves[d, i]
            st[ASK_COLOUR] = kids[d, i]
            return ASK
        if st[STARTED] >= budget:
            return PAUSED
        if i == frames[d, F_K]:  # every move followed: the position is proved
            set_add(done_lo, done_hi, codes[d, 0], codes[d, 1])
            st[DONE] += 1
            if frames[d, F_MOVE] >= 0:
                board[frames[d, F_MOVE]] = 0
            st[SP] = d - 1
            continue
        frames[d, F_I] = i + 1
        p = fmoves[d, i]
        c = frames[d, F_COLOUR]
        board[p] = c
        if _connects(board, n, p, stamp, st, stack):
            if c != W:
                return _fail(board, N, st, LOST_LINE)
            board[p] = 0
            continue
        t = _settle(board, n, c, ascending, row, art, disc, low, parent, nxt, stack)
        if t == 0:
            return _fail(board, N, st, LOST_LINE)  # a draw
        r = _visit(n, W, d + 1, p, t, st, board, frames, codes, fmoves, kids, done, out, out_move, order, ws, table)
        if r != PAUSED and r != FINISHED:
            return r
    return FINISHED
