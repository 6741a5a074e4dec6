"""The compiled walk of :func:`negenlab.necklace.proved.harvest`: the positions a df-pn table settled,
found by following the search's own tree from its root with the rules' move generator."""

from __future__ import annotations

import numpy as np
from numba import njit

from ._kernels import legal_list
from ._solver_kernels import _pn_slot, _toggle, _tt_key

FULL = 1
"""``counters[2]`` after a walk that ran out of room (rows or visited positions): what it kept is sound,
but it is not all there was."""


@njit(cache=True)
def harvest_walk(
    board, n, colour, target, depth, max_depth, h, zs, tt_keys, tt_pn, tt_dn, tt_work, min_work,
    order, movebuf, art, disc, low, parent, nxt, stack, visited, out_boards, out_info, counters,
):  # fmt: skip
    """Walk from ``board`` (``colour`` to move) through the positions df-pn's table holds unsettled,
    writing each settled one it reaches within ``max_depth`` moves whose recorded effort is at least
    ``min_work``: its board into ``out_boards``, and (colour to move, 1 if ``target`` wins else 0,
    depth) into ``out_info``. The root is walked below whatever the table says. ``visited`` is an
    open-addressed set of the table keys met (zero: empty); ``counters``: rows written, keys visited,
    :data:`FULL`."""
    if counters[2] != 0:
        return
    key = _tt_key(h, colour, target)
    mask = np.uint64(len(visited) - 1)
    s = np.int64(key & mask)
    while visited[s] != 0:
        if visited[s] == key:
            return
        s = np.int64((np.uint64(s) + np.uint64(1)) & mask)
    if 2 * (counters[1] + 1) > len(visited):
        counters[2] = FULL
        return
    visited[s] = key
    counters[1] += 1
    slot = _pn_slot(tt_keys, key)
    if slot < 0 and depth > 0:  # never reached by the search: nothing below it was either
        return
    if slot >= 0 and (tt_pn[slot] == 0 or tt_dn[slot] == 0):
        if tt_work[slot] >= min_work:
            r = counters[0]
            if r >= out_info.shape[0]:
                counters[2] = FULL
                return
            out_boards[r, :] = board
            out_info[r, 0] = colour
            out_info[r, 1] = 1 if tt_pn[slot] == 0 else 0
            out_info[r, 2] = depth
            counters[0] += 1
        if depth > 0:
            return
    if depth >= max_depth:
        return
    moves = movebuf[depth]
    k = legal_list(board, n, colour, order, moves, art, disc, low, parent, nxt, stack)
    if k == 0:  # a skipped turn, as df-pn takes it: the same board, the other colour to move
        other = 3 - colour
        if legal_list(board, n, other, order, moves, art, disc, low, parent, nxt, stack) == 0:
            return
        harvest_walk(
            board, n, other, target, depth + 1, max_depth, h, zs, tt_keys, tt_pn, tt_dn, tt_work, min_work,
            order, movebuf, art, disc, low, parent, nxt, stack, visited, out_boards, out_info, counters,
        )  # fmt: skip
        return
    for i in range(k):
        p = moves[i]
        board[p] = colour
        _toggle(h, zs, p, colour)
        harvest_walk(
            board, n, 3 - colour, target, depth + 1, max_depth, h, zs, tt_keys, tt_pn, tt_dn, tt_work, min_work,
            order, movebuf, art, disc, low, parent, nxt, stack, visited, out_boards, out_info, counters,
        )  # fmt: skip
        _toggle(h, zs, p, colour)
        board[p] = 0
