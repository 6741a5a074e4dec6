"""Component growth of the turn search, compiled with numba.

:func:`negenlab.negen.turns._components` asks this kernel for every valid spiral (a *component*)
that can grow from one start piece (the *root*, in its canonical frame) under one interpretation
(edge parity), by adding board dice and laying other start pieces against it. The search is the
one the turn engine's docstring describes: while some die or pair is uncovered it branches only on
how that item gets covered; a valid state is recorded and may grow by any touching die or piece; a
state that can never be made valid is dropped. This module holds that search on a grid;
which pieces exist, in which order roots are tried and what the components make are decided in
``turns.py``.

The board is a ``W x W`` grid of int8 values (0 = empty); a cell is the index ``row * W + col``, a
die is the code ``cell * 8 + value``. Search states (the dice added to the root, with the pieces and
board dice they used) are stored once, in a hash table checked on their full contents, so no two
states are confused. The kernel returns the components as canonical keys: the least of the four
quarter-turn images, each translated to row and column 0 and sorted, encoded as
``(row * W + col) * 8 + value``, which is :func:`negenlab.negen.table.spiral_key` in codes.

Modes: ``LIST`` records every valid state; ``CLOSING`` records only the dice counts of closed valid
states in ``needs`` (with their components) and prunes what cannot lead to a new minimal count, and
stops once the counts found hit enough of ``boards`` (see :func:`grow`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

STRAIGHT, BENT = 0, 1
ADJACENCY, DIE = 0, 1
LIST, CLOSING = 0, 1
DONE, STOPPED, OUT_OF_BUDGET = 0, 1, 2
NEEDS_CAP = 256  # distinct dice counts of at most 4 dice: 210

_ALL_VALUES = 0b1111110  # bit v for v = 1..6


@njit(cache=True)
def _far(y, x, shape, dirs, j):
    """The ``j``-th cell that can end a sequence centred at ``y`` whose other end is ``x``, or -1."""
    d = y - x
    if shape == STRAIGHT:
        return y + d if j == 0 else -1
    k = 0
    for t in range(4):
        e = dirs[t]
        if e == -d:
            continue
        if k == j:
            return y + e
        k += 1
    return -1


@njit(cache=True)
def _is_edge(y, parity, W):
    return (y // W + y % W) % 2 == parity


@njit(cache=True)
def _open_pair(g, y, edge, shape, dirs):
    """The first pair at the die ``y`` that no sequence covers, as (edge cell, node cell), or (-1, -1)."""
    for t in range(4):
        x = y + dirs[t]
        if g[x] == 0:
            continue
        if edge:
            e, n = y, x
        else:
            e, n = x, y
        ve = np.int64(g[e])
        vn = np.int64(g[n])
        want = 2 * ve - vn
        covered = False
        if abs(vn - ve) == 1 and 1 <= want <= 6:
            for j in range(3):
                z = _far(e, n, shape, dirs, j)
                if z < 0:
                    break
                if g[z] == want:
                    covered = True
                    break
        if not covered:
            return e, n
    return -1, -1


@njit(cache=True)
def _in_sequence(g, y, v, edge, shape, dirs):
    if edge:
        for a in range(4):
            for b in range(a + 1, 4):
                if shape == STRAIGHT and b != a + 2:
                    continue
                xa = np.int64(g[y + dirs[a]])
                xb = np.int64(g[y + dirs[b]])
                if xa == 0 or xb == 0:
                    continue
                if (xa == v - 1 and xb == v + 1) or (xa == v + 1 and xb == v - 1):
                    return True
        return False
    for t in range(4):
        m = y + dirs[t]
        w = np.int64(g[m])
        if w == 0 or abs(w - v) != 1:
            continue
        want = 2 * w - v
        if not 1 <= want <= 6:
            continue
        for j in range(3):
            z = _far(m, y, shape, dirs, j)
            if z < 0:
                break
            if g[z] == want:
                return True
    return False


@njit(cache=True)
def _uncovered(g, y, parity, shape, coverage, dirs, W):
    """Whether the die at ``y`` (``DIE``) or some pair at the edge die ``y`` (``ADJACENCY``) lacks a sequence."""
    edge = _is_edge(y, parity, W)
    if coverage == ADJACENCY:
        return _open_pair(g, y, edge, shape, dirs)[0] >= 0
    return not _in_sequence(g, y, np.int64(g[y]), edge, shape, dirs)


@njit(cache=True)
def _node_sequence(g, y, v, shape, dirs, out, k):
    """Write the sequences through the node die ``y`` (value ``v``) the cluster can still complete into
    ``out`` rows ``(middle, middle value, middle missing, far, far value, far missing)`` from row ``k``
    (``k < 0``: stop at the first, returning 1 when there is one); returns the row count."""
    n = 0
    for t in range(4):
        m = y + dirs[t]
        vm = np.int64(g[m])
        for iw in range(2):
            if vm != 0:
                if iw == 1:
                    break
                w = vm
            else:
                w = v - 1 if iw == 0 else v + 1
            if not 2 <= w <= 5 or abs(w - v) != 1:
                continue
            want = 2 * w - v
            for j in range(3):
                z = _far(m, y, shape, dirs, j)
                if z < 0:
                    break
                have = np.int64(g[z])
                if have == 0 or have == want:
                    if k < 0:
                        return 1
                    row = out[k + n]
                    row[0] = m
                    row[1] = w
                    row[2] = 1 if vm == 0 else 0
                    row[3] = z
                    row[4] = want
                    row[5] = 1 if have == 0 else 0
                    n += 1
    return n


@njit(cache=True)
def _feasible(g, y, parity, shape, coverage, dirs, W, scratch):
    """False when the die at ``y`` (or a pair at it) can never be covered, whatever is added."""
    v = np.int64(g[y])
    edge = _is_edge(y, parity, W)
    if coverage == ADJACENCY:
        for t in range(4):
            x = y + dirs[t]
            vx = np.int64(g[x])
            if vx == 0:
                continue
            if abs(vx - v) != 1:
                return False
            if edge:
                want = 2 * v - vx
                if not 1 <= want <= 6:
                    return False
                ok = False
                for j in range(3):
                    z = _far(y, x, shape, dirs, j)
                    if z < 0:
                        break
                    if g[z] == 0 or g[z] == want:
                        ok = True
                        break
                if not ok:
                    return False
        return True
    if edge:
        if not 2 <= v <= 5:
            return False
        for a in range(4):
            for b in range(a + 1, 4):
                if shape == STRAIGHT and b != a + 2:
                    continue
                xa = np.int64(g[y + dirs[a]])
                xb = np.int64(g[y + dirs[b]])
                if xa != 0 and abs(xa - v) != 1:
                    continue
                if xb != 0 and abs(xb - v) != 1:
                    continue
                if xa != 0 and xb != 0 and xa == xb:
                    continue
                return True
        return False
    return _node_sequence(g, y, v, shape, dirs, scratch, -1) > 0


@njit(cache=True)
def _cover_options(g, y, parity, shape, coverage, dirs, W, opts, scratch):
    """Write every way to cover the uncovered die (or first uncovered pair) at ``y`` into ``opts``
    rows ``(cell, value, cell, value)`` (second cell -1: one cell missing); returns the row count.
    None: beyond repair."""
    v = np.int64(g[y])
    edge = _is_edge(y, parity, W)
    n = 0
    if coverage == ADJACENCY:
        e, x = _open_pair(g, y, edge, shape, dirs)
        if e < 0:
            return 0
        ve = np.int64(g[e])
        vx = np.int64(g[x])
        want = 2 * ve - vx
        if abs(vx - ve) != 1 or not 1 <= want <= 6:
            return 0
        for j in range(3):
            z = _far(e, x, shape, dirs, j)
            if z < 0:
                break
            if g[z] == 0:
                n = _add_option(opts, n, z, want, -1, 0)
        return n
    if edge:
        if 2 <= v <= 5:
            for a in range(4):
                for b in range(a + 1, 4):
                    if shape == STRAIGHT and b != a + 2:
                        continue
                    for flip in range(2):
                        wa = v - 1 if flip == 0 else v + 1
                        wb = v + 1 if flip == 0 else v - 1
                        ca = y + dirs[a]
                        cb = y + dirs[b]
                        ha = np.int64(g[ca])
                        hb = np.int64(g[cb])
                        if (ha != 0 and ha != wa) or (hb != 0 and hb != wb):
                            continue
                        if ha == 0 and hb == 0:
                            n = _add_option(opts, n, ca, wa, cb, wb)
                        elif ha == 0:
                            n = _add_option(opts, n, ca, wa, -1, 0)
                        elif hb == 0:
                            n = _add_option(opts, n, cb, wb, -1, 0)
        return n
    k = _node_sequence(g, y, v, shape, dirs, scratch, 0)
    for i in range(k):
        m, w, z, want = scratch[i, 0], scratch[i, 1], scratch[i, 3], scratch[i, 4]
        if scratch[i, 2] and scratch[i, 5]:
            n = _add_option(opts, n, m, w, z, want)
        elif scratch[i, 2]:
            n = _add_option(opts, n, m, w, -1, 0)
        elif scratch[i, 5]:
            n = _add_option(opts, n, z, want, -1, 0)
    return n


@njit(cache=True)
def _add_option(opts, n, c1, v1, c2, v2):
    for i in range(n):
        if opts[i, 0] == c1 and opts[i, 1] == v1 and opts[i, 2] == c2 and opts[i, 3] == v2:
            return n
    opts[n, 0] = c1
    opts[n, 1] = v1
    opts[n, 2] = c2
    opts[n, 3] = v2
    return n + 1


@njit(cache=True)
def _fits(g, cell, v, adjacency, dirs):
    """Whether a die ``v`` may lie on the empty ``cell`` (adjacency: it differs by 1 from every die it touches)."""
    if g[cell] != 0:
        return False
    if adjacency:
        for t in range(4):
            w = np.int64(g[cell + dirs[t]])
            if w != 0 and abs(w - v) != 1:
                return False
    return True


@njit(cache=True)
def _place(g, rimg, lo, hi, off, adjacency, dirs, W, out):
    """The dice of image rows ``lo..hi`` shifted by cell offset ``off`` as codes in ``out``, or -1 when
    they overlap ``g`` or (adjacency) touch a die that does not differ by 1; returns the count."""
    n = 0
    for i in range(lo, hi):
        p = off + rimg[i, 0] * W + rimg[i, 1]
        v = rimg[i, 2]
        if not _fits(g, p, v, adjacency, dirs):
            return -1
        out[n] = p * 8 + v
        n += 1
    return n


@njit(cache=True)
def _grow_array(a, n):
    if n < a.shape[0]:
        return a
    b = np.empty(max(2 * a.shape[0], n + 1), dtype=a.dtype)
    b[: a.shape[0]] = a
    return b


@njit(cache=True)
def _grow_rows(a, n):
    if n < a.shape[0]:
        return a
    b = np.empty((max(2 * a.shape[0], n + 1), a.shape[1]), dtype=a.dtype)
    b[: a.shape[0]] = a
    return b


@njit(cache=True)
def _canonical(codes, n, W, out):
    """The canonical key of the dice ``codes[:n]`` (see the module docstring) into ``out[:n]``."""
    rs = np.empty(n, dtype=np.int64)
    cs = np.empty(n, dtype=np.int64)
    vs = np.empty(n, dtype=np.int64)
    for i in range(n):
        cell = codes[i] >> 3
        vs[i] = codes[i] & 7
        rs[i] = cell // W
        cs[i] = cell % W
    cand = np.empty(n, dtype=np.int64)
    for k in range(4):
        if k:
            for i in range(n):
                r = rs[i]
                rs[i] = cs[i]
                cs[i] = -r
        r0 = rs.min()
        c0 = cs.min()
        for i in range(n):
            cand[i] = ((rs[i] - r0) * W + (cs[i] - c0)) * 8 + vs[i]
        cand.sort()
        if k == 0:
            out[:n] = cand
            continue
        for i in range(n):
            if cand[i] != out[i]:
                if cand[i] < out[i]:
                    out[:n] = cand
                break


@njit(cache=True)
def _turned_min(codes, n, centre, W, out):
    """The least of the 4 quarter turns about the cell ``centre`` of ``codes[:n]``, sorted, into ``out``."""
    r0 = centre // W
    c0 = centre % W
    rs = np.empty(n, dtype=np.int64)
    cs = np.empty(n, dtype=np.int64)
    vs = np.empty(n, dtype=np.int64)
    for i in range(n):
        cell = codes[i] >> 3
        vs[i] = codes[i] & 7
        rs[i] = cell // W - r0
        cs[i] = cell % W - c0
    cand = np.empty(n, dtype=np.int64)
    out[:n] = codes[:n]
    out[:n].sort()
    for _ in range(3):
        for i in range(n):
            r = rs[i]
            rs[i] = cs[i]
            cs[i] = -r
            cand[i] = ((rs[i] + r0) * W + cs[i] + c0) * 8 + vs[i]
        cand.sort()
        for i in range(n):
            if cand[i] != out[i]:
                if cand[i] < out[i]:
                    out[:n] = cand
                break


@njit(cache=True)
def _dominated(needs, n_needs, d):
    """Whether the dice counts ``d`` hold one of the counts found."""
    for k in range(n_needs):
        ok = True
        for v in range(1, 7):
            if needs[k, v] > d[v]:
                ok = False
                break
        if ok:
            return True
    return False


@njit(cache=True)
def _hits(needs, n_needs, boards, weights):
    total = 0
    for b in range(boards.shape[0]):
        if _dominated(needs, n_needs, boards[b]):
            total += weights[b]
    return total


@njit(cache=True)
def grow(
    W,
    shape,
    coverage,
    base,
    parity,
    counts,
    later,
    sizes,
    rot_ptr,
    rimg_ptr,
    rimg,
    root,
    dice,
    max_dice,
    mode,
    smallest,
    needs,
    n_needs,
    boards,
    weights,
    stop_num,
    stop_den,
    budget,
):
    """Grow every component from the root piece ``root`` (rows of ``base``: grid cell and value) under
    the edge ``parity``, attaching the pieces
    ``later`` (``counts`` of each, ``sizes`` dice; rotation ``k`` of piece ``j`` is rows
    ``rimg_ptr[k]..rimg_ptr[k+1]`` of ``rimg`` for ``k`` in ``rot_ptr[j]..rot_ptr[j+1]``) and at most
    ``max_dice`` board dice (``dice``: counts per value, index 0 unused).

    ``needs`` (rows of 7 counts, ``n_needs[0]`` used) and ``budget`` (``budget[0]`` states left;
    negative: no cap) are updated in place. In ``CLOSING`` mode the search stops (``STOPPED``) once the
    ``weights`` of the ``boards`` that hold a count found exceed ``stop_num / stop_den``.

    Returns ``(status, keys, key_start, key_len, pieces used, dice used, closed, states expanded)``,
    one row per component found (``LIST``: each valid state; ``CLOSING``: each closed one).
    """
    n_pieces = counts.shape[0]
    adjacency = coverage == ADJACENCY
    dirs = np.array([-W, 1, W, -1], dtype=np.int64)
    if shape == STRAIGHT:
        near = np.array([-2 * W, -W, W, 2 * W, -2, -1, 1, 2], dtype=np.int64)
    else:
        near = np.array([-2 * W, -W - 1, -W, -W + 1, -2, -1, 1, 2, W - 1, W, W + 1, 2 * W], dtype=np.int64)
    g = np.zeros(W * W, dtype=np.int8)
    nb = base.shape[0]
    for i in range(nb):
        g[base[i, 0]] = base[i, 1]
    lone = nb == 1
    seqs = np.empty((64, 6), dtype=np.int64)
    uncov = np.empty(nb, dtype=np.int64)  # the root's dice (or pairs) it leaves uncovered alone
    n_unc = 0
    for i in range(nb):
        if _uncovered(g, base[i, 0], parity, shape, coverage, dirs, W):
            uncov[n_unc] = base[i, 0]
            n_unc += 1
    uncov = uncov[:n_unc]
    root_feasible = True
    for q in uncov:
        if not _feasible(g, q, parity, shape, coverage, dirs, W, seqs):
            root_feasible = False
    centre = base[0, 0]
    max_cells = nb + max_dice + 1
    for j in range(n_pieces):
        max_cells += counts[j] * sizes[j]
    later_left = np.zeros(n_pieces, dtype=np.bool_)
    for j in later:
        later_left[j] = True

    # state store: state s has codes pool[off[s] : off[s] + ln[s]], then n_pieces piece counts and 7 dice counts
    pool = np.empty(1 << 12, dtype=np.int64)
    pool_n = 0
    off = np.empty(1 << 10, dtype=np.int64)
    ln = np.empty(1 << 10, dtype=np.int64)
    nxt = np.empty(1 << 10, dtype=np.int64)
    n_states = 0
    table = np.zeros(1 << 12, dtype=np.int64)  # hash table of state ids + 1
    top = np.full(max_dice + 1, -1, dtype=np.int64)

    # outputs
    keys = np.empty(1 << 10, dtype=np.int64)
    keys_n = 0
    key_start = np.empty(64, dtype=np.int64)
    key_len = np.empty(64, dtype=np.int64)
    used_m = np.empty((64, n_pieces), dtype=np.int64)
    used_d = np.empty((64, 7), dtype=np.int64)
    closed_out = np.empty(64, dtype=np.bool_)
    n_out = 0

    # scratch
    cur = np.empty(max_cells, dtype=np.int64)
    cells = np.empty(max_cells, dtype=np.int64)
    canon = np.empty(max_cells, dtype=np.int64)
    enc = np.empty(max_cells + n_pieces + 7, dtype=np.int64)
    child = np.empty(max_cells, dtype=np.int64)
    placed = np.empty(max_cells, dtype=np.int64)
    placed2 = np.empty(max_cells, dtype=np.int64)
    m = np.empty(n_pieces, dtype=np.int64)
    d = np.empty(7, dtype=np.int64)
    m2 = np.empty(n_pieces, dtype=np.int64)
    d2 = np.empty(7, dtype=np.int64)
    opts = np.empty((64, 4), dtype=np.int64)
    mark = np.zeros(W * W, dtype=np.int64)
    allowed = np.zeros(W * W, dtype=np.int64)
    stamp = 0
    perim = np.empty(4 * max_cells + 4, dtype=np.int64)
    offsets = np.empty(64, dtype=np.int64)
    # children of one state: codes in ch_codes[ch_start[k] : ch_start[k] + ch_len[k]], pieces and dice used
    ch_codes = np.empty(1 << 10, dtype=np.int64)
    ch_start = np.empty(64, dtype=np.int64)
    ch_len = np.empty(64, dtype=np.int64)
    ch_m = np.empty((64, n_pieces), dtype=np.int64)
    ch_d = np.empty((64, 7), dtype=np.int64)

    # the root state: no dice added
    m[:] = 0
    m[root] = 1
    d[:] = 0
    for k in range(n_pieces):
        enc[k] = m[k]
    for k in range(7):
        enc[n_pieces + k] = d[k]
    h = _hash(enc, n_pieces + 7)
    pool = _grow_array(pool, pool_n + n_pieces + 7)
    pool[pool_n : pool_n + n_pieces + 7] = enc[: n_pieces + 7]
    off[0] = pool_n
    ln[0] = 0
    pool_n += n_pieces + 7
    nxt[0] = -1
    top[0] = 0 if root_feasible else -1
    n_states = 1
    table[h & (table.shape[0] - 1)] = 1
    explored = 0

    while True:
        level = -1
        for lv in range(max_dice + 1):
            if top[lv] >= 0:
                level = lv
                break
        if level < 0:
            break
        s = top[level]
        top[level] = nxt[s]
        o = off[s]
        nc = ln[s]
        for k in range(nc):
            cur[k] = pool[o + k]
        for k in range(n_pieces):
            m[k] = pool[o + nc + k]
        for k in range(7):
            d[k] = pool[o + nc + n_pieces + k]
        if mode == CLOSING and _dominated(needs, n_needs[0], d):
            continue
        if budget[0] >= 0:
            budget[0] -= 1
            if budget[0] < 0:
                return (
                    OUT_OF_BUDGET,
                    keys[:keys_n],
                    key_start[:n_out],
                    key_len[:n_out],
                    used_m[:n_out],
                    used_d[:n_out],
                    closed_out[:n_out],
                    explored,
                )
        explored += 1
        for k in range(nc):
            g[cur[k] >> 3] = cur[k] & 7
        todo = -1
        if nc > 0 or nb > 1:
            for q in uncov:
                if _uncovered(g, q, parity, shape, coverage, dirs, W):
                    todo = q
                    break
        if todo < 0:
            for k in range(nc):  # codes are sorted by cell
                q = cur[k] >> 3
                if _uncovered(g, q, parity, shape, coverage, dirs, W):
                    todo = q
                    break
        ncl = nb + nc
        is_closed = False
        if todo < 0:
            for i in range(nb):
                cells[i] = base[i, 0] * 8 + base[i, 1]
            for k in range(nc):
                cells[nb + k] = cur[k]
            pairs = 0
            for i in range(ncl):
                q = cells[i] >> 3
                if g[q + 1] != 0:
                    pairs += 1
                if g[q + W] != 0:
                    pairs += 1
            is_closed = ncl > 1 and pairs >= ncl
            if mode == LIST or is_closed:
                _canonical(cells, ncl, W, canon)
                closed_out = _grow_array(closed_out, n_out)
                closed_out[n_out] = is_closed
                keys, key_start, key_len, used_m, used_d, n_out, keys_n = _push_child(
                    keys, key_start, key_len, used_m, used_d, n_out, keys_n, canon, ncl, m, d, -1, 0
                )
            if mode == CLOSING and is_closed:
                if n_needs[0] < needs.shape[0]:  # (210 counts of at most 4 dice fit; the caller keeps every count)
                    needs[n_needs[0]] = d
                    n_needs[0] += 1
                for k in range(nc):
                    g[cur[k] >> 3] = 0
                if boards.shape[0] and _hits(needs, n_needs[0], boards, weights) * stop_den > stop_num:
                    return (
                        STOPPED,
                        keys[:keys_n],
                        key_start[:n_out],
                        key_len[:n_out],
                        used_m[:n_out],
                        used_d[:n_out],
                        closed_out[:n_out],
                        explored,
                    )
                continue

        # children
        n_ch = 0
        ch_n = 0
        dsum = 0
        for v in range(1, 7):
            dsum += d[v]
        if todo < 0:  # valid: grow by any touching die or piece
            stamp += 1
            n_perim = 0
            for i in range(ncl):
                q = cells[i] >> 3
                for t in range(4):
                    p = q + dirs[t]
                    if g[p] != 0 or mark[p] == stamp:
                        continue
                    mark[p] = stamp
                    vals = _ALL_VALUES
                    if adjacency:
                        for t2 in range(4):
                            w = np.int64(g[p + dirs[t2]])
                            if w != 0:
                                vals &= (1 << (w - 1)) | (1 << (w + 1))
                    vals &= _ALL_VALUES
                    if vals:
                        allowed[p] = vals
                        perim[n_perim] = p
                        n_perim += 1
            if dsum < max_dice:
                for v in range(1, 7):
                    if d[v] >= dice[v]:
                        continue
                    for i in range(n_perim):
                        p = perim[i]
                        if allowed[p] & (1 << v):
                            child[0] = p * 8 + v
                            ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n = _push_child(
                                ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n, child, 1, m, d, -1, v
                            )
            for j in later:
                if m[j] >= counts[j]:
                    continue
                for k in range(rot_ptr[j], rot_ptr[j + 1]):
                    lo = rimg_ptr[k]
                    hi = rimg_ptr[k + 1]
                    n_off = 0
                    for i in range(n_perim):
                        p = perim[i]
                        for r in range(lo, hi):
                            if allowed[p] & (1 << rimg[r, 2]):
                                offsets = _grow_array(offsets, n_off)
                                offsets[n_off] = p - (rimg[r, 0] * W + rimg[r, 1])
                                n_off += 1
                    offsets[:n_off].sort()
                    for i in range(n_off):
                        if i and offsets[i] == offsets[i - 1]:
                            continue
                        np_ = _place(g, rimg, lo, hi, offsets[i], adjacency, dirs, W, placed)
                        if np_ > 0:
                            ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n = _push_child(
                                ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n, placed, np_, m, d, j, 0
                            )
        else:  # cover the item at todo: one sequence through it, its missing cells filled
            n_opt = _cover_options(g, todo, parity, shape, coverage, dirs, W, opts, seqs)
            for io in range(n_opt):
                c1 = opts[io, 0]
                v1 = opts[io, 1]
                c2 = opts[io, 2]
                v2 = opts[io, 3]
                # first cell: a board die, or a piece laid over it
                for alt in range(-1, n_pieces):
                    rots_lo = 0
                    rots_hi = 1
                    if alt >= 0:
                        if not later_left[alt] or m[alt] >= counts[alt]:
                            continue
                        rots_lo = rot_ptr[alt]
                        rots_hi = rot_ptr[alt + 1]
                    elif d[v1] >= dice[v1] or dsum >= max_dice or not _fits(g, c1, v1, adjacency, dirs):
                        continue
                    for k in range(rots_lo, rots_hi):
                        lo = rimg_ptr[k] if alt >= 0 else 0
                        hi = rimg_ptr[k + 1] if alt >= 0 else 0
                        for r in range(lo, hi + (1 if alt < 0 else 0)):
                            if alt < 0:
                                n1 = 1
                                placed[0] = c1 * 8 + v1
                            else:
                                if rimg[r, 2] != v1:
                                    continue
                                n1 = _place(
                                    g, rimg, lo, hi, c1 - (rimg[r, 0] * W + rimg[r, 1]), adjacency, dirs, W, placed
                                )
                                if n1 < 0:
                                    continue
                            for i in range(n_pieces):
                                m2[i] = m[i]
                            for i in range(7):
                                d2[i] = d[i]
                            if alt >= 0:
                                m2[alt] += 1
                            else:
                                d2[v1] += 1
                            if c2 < 0:
                                ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n = _push_child(
                                    ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n, placed, n1, m2, d2, -1, 0
                                )
                                continue
                            for i in range(n1):
                                g[placed[i] >> 3] = placed[i] & 7
                            if g[c2] != 0:
                                if g[c2] == v2:
                                    ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n = _push_child(
                                        ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n, placed, n1, m2, d2, -1, 0
                                    )
                            else:
                                d2sum = dsum + (1 if alt < 0 else 0)
                                if d2[v2] < dice[v2] and d2sum < max_dice and _fits(g, c2, v2, adjacency, dirs):
                                    for i in range(n1):
                                        placed2[i] = placed[i]
                                    placed2[n1] = c2 * 8 + v2
                                    ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n = _push_child(
                                        ch_codes,
                                        ch_start,
                                        ch_len,
                                        ch_m,
                                        ch_d,
                                        n_ch,
                                        ch_n,
                                        placed2,
                                        n1 + 1,
                                        m2,
                                        d2,
                                        -1,
                                        v2,
                                    )
                                for alt2 in later:
                                    if m2[alt2] >= counts[alt2]:
                                        continue
                                    for k2 in range(rot_ptr[alt2], rot_ptr[alt2 + 1]):
                                        lo2 = rimg_ptr[k2]
                                        hi2 = rimg_ptr[k2 + 1]
                                        for r2 in range(lo2, hi2):
                                            if rimg[r2, 2] != v2:
                                                continue
                                            n2 = _place(
                                                g,
                                                rimg,
                                                lo2,
                                                hi2,
                                                c2 - (rimg[r2, 0] * W + rimg[r2, 1]),
                                                adjacency,
                                                dirs,
                                                W,
                                                placed2[n1:],
                                            )
                                            if n2 < 0:
                                                continue
                                            for i in range(n1):
                                                placed2[i] = placed[i]
                                            ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n = _push_child(
                                                ch_codes,
                                                ch_start,
                                                ch_len,
                                                ch_m,
                                                ch_d,
                                                n_ch,
                                                ch_n,
                                                placed2,
                                                n1 + n2,
                                                m2,
                                                d2,
                                                alt2,
                                                0,
                                            )
                            for i in range(n1):
                                g[placed[i] >> 3] = 0

        # each child: prune (closing mode), deduplicate, check feasibility near the new dice, push
        for ic in range(n_ch):
            cs = ch_start[ic]
            cl_ = ch_len[ic]
            md = ch_m[ic]
            dd = ch_d[ic]
            if mode == CLOSING:
                if _dominated(needs, n_needs[0], dd):
                    continue
                left = 0
                dd_sum = 0
                for v in range(1, 7):
                    dd_sum += dd[v]
                for j in later:
                    left += (counts[j] - md[j]) * sizes[j]
                if ncl + cl_ + max_dice - dd_sum + left < smallest:
                    continue
            # the child's codes: the state's and the new ones, sorted
            n2c = nc + cl_
            for k in range(nc):
                enc[k] = cur[k]
            for k in range(cl_):
                enc[nc + k] = ch_codes[cs + k]
            enc[:n2c].sort()
            if lone:
                _turned_min(enc, n2c, centre, W, canon)
                enc[:n2c] = canon[:n2c]
            for k in range(n_pieces):
                enc[n2c + k] = md[k]
            for k in range(7):
                enc[n2c + n_pieces + k] = dd[k]
            total = n2c + n_pieces + 7
            h = _hash(enc, total)
            mask = table.shape[0] - 1
            slot = h & mask
            seen = False
            while table[slot] != 0:
                t = table[slot] - 1
                if ln[t] == n2c:
                    same = True
                    ot = off[t]
                    for k in range(total):
                        if pool[ot + k] != enc[k]:
                            same = False
                            break
                    if same:
                        seen = True
                        break
                slot = (slot + 1) & mask
            if seen:
                continue
            # record the state (as seen, whether feasible or not)
            pool = _grow_array(pool, pool_n + total)
            pool[pool_n : pool_n + total] = enc[:total]
            off = _grow_array(off, n_states)
            ln = _grow_array(ln, n_states)
            nxt = _grow_array(nxt, n_states)
            off[n_states] = pool_n
            ln[n_states] = n2c
            pool_n += total
            table[slot] = n_states + 1
            sid = n_states
            n_states += 1
            if 2 * n_states > table.shape[0]:
                table = _rehash(table, pool, off, ln, n_states, n_pieces)
            ok = True
            for k in range(cl_):
                code = ch_codes[cs + k]
                g[code >> 3] = code & 7
            for k in range(cl_):
                q0 = ch_codes[cs + k] >> 3
                for t in range(near.shape[0] + 1):
                    q = q0 if t == near.shape[0] else q0 + near[t]
                    if g[q] != 0 and not _feasible(g, q, parity, shape, coverage, dirs, W, seqs):
                        ok = False
                        break
                if not ok:
                    break
            for k in range(cl_):
                g[ch_codes[cs + k] >> 3] = 0
            if ok:
                lv = 0
                for v in range(1, 7):
                    lv += dd[v]
                nxt[sid] = top[lv]
                top[lv] = sid
        for k in range(nc):
            g[cur[k] >> 3] = 0
    return (
        DONE,
        keys[:keys_n],
        key_start[:n_out],
        key_len[:n_out],
        used_m[:n_out],
        used_d[:n_out],
        closed_out[:n_out],
        explored,
    )


@njit(cache=True)
def _push_child(ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch, ch_n, codes, n, m, d, piece, value):
    """Append a child state (or a component found): ``codes[:n]``, and the pieces and dice used,
    ``m`` and ``d`` after adding ``piece`` (>= 0) or a board die ``value`` (> 0)."""
    ch_codes = _grow_array(ch_codes, ch_n + n)
    ch_start = _grow_array(ch_start, n_ch)
    ch_len = _grow_array(ch_len, n_ch)
    ch_m = _grow_rows(ch_m, n_ch)
    ch_d = _grow_rows(ch_d, n_ch)
    ch_codes[ch_n : ch_n + n] = codes[:n]
    ch_start[n_ch] = ch_n
    ch_len[n_ch] = n
    ch_m[n_ch] = m
    ch_d[n_ch] = d
    if piece >= 0:
        ch_m[n_ch, piece] += 1
    if value > 0:
        ch_d[n_ch, value] += 1
    return ch_codes, ch_start, ch_len, ch_m, ch_d, n_ch + 1, ch_n + n


@njit(cache=True)
def _hash(enc, n):
    h = np.uint64(1469598103934665603)
    for k in range(n):
        h = (h ^ np.uint64(enc[k] & 0xFFFFFFFFFFFF)) * np.uint64(1099511628211)
        h ^= h >> np.uint64(29)
    return np.int64(h >> np.uint64(1))


@njit(cache=True)
def _rehash(table, pool, off, ln, n_states, n_pieces):
    new = np.zeros(table.shape[0] * 4, dtype=np.int64)
    mask = new.shape[0] - 1
    for s in range(n_states):
        total = ln[s] + n_pieces + 7
        slot = _hash(pool[off[s] : off[s] + total], total) & mask
        while new[slot] != 0:
            slot = (slot + 1) & mask
        new[slot] = s + 1
    return new
