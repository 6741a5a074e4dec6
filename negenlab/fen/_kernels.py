"""Compiled (numba) random playouts of FEN, used by :meth:`FenState.playout` (and so by MCTS).

The kernel plays uniformly random legal micro-actions, by the same rules as the Python
engine, from any position (also mid-turn) to the end, and records the actions so that the
tests can replay them through the Python engine, which checks every one.

A game and a position reach the kernel packed into a few integer arrays (see
:func:`pack_game` and :func:`pack_position`): the game's numbers in ``params`` (indices ``G_*``),
its board tables in the tuple ``tables``, and the position's scalars in ``scalars`` (indices ``S_*``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

START, CLAIM_NODES, CLAIM_EDGES, CAPTURE = 0, 1, 2, 3

# params: the game's numbers (board sizes, n and e, conflict degrees, rules, majority)
G_V, G_E, G_F, G_N, G_E_CLAIM, G_D_NODE, G_D_EDGE, G_PARTIAL, G_PIE, G_MAJORITY = range(10)
# scalars: the position's numbers (faces owned per colour, turn state, claim targets, items placed this turn)
S_FACES0, S_FACES1, S_PHASE, S_TARGET, S_COLOUR, S_SWAPPED, S_TURN, S_TN, S_TE, S_PLACED = range(10)


def pack_game(game) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """``(params, tables)`` of a :class:`~negenlab.fen.game.FenGame` for :func:`playout`.

    ``tables`` is ``(item_ptr, item_idx, conf_ptr, conf_idx, need)``: the faces of every node and
    edge and the items each one conflicts with (CSR), and the components a face capture needs.
    """
    b, rules = game.board, game.rules
    params = np.array(
        (b.V, b.E, b.F, game.n, game.e, b.D_node, b.D_edge, rules.partial_claims, rules.pie_rule, b.majority), np.int64
    )  # in the order of the G_* indices
    return params, (b.item_ptr, b.item_idx, b.conf_ptr, b.conf_idx, b.need_arr)


def pack_position(state) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(owner, cnt, scalars, placed)`` of a :class:`~negenlab.fen.game.FenState`: fresh arrays the
    kernel may change."""
    claiming = state.phase in (CLAIM_NODES, CLAIM_EDGES)
    scalars = np.array(
        (
            state.faces_owned[0],
            state.faces_owned[1],
            state.phase,
            state.target,
            state.colour,
            state.swapped,
            state.turn_number,
            state.tn,
            state.te,
            len(state.placed) if claiming else 0,
        ),
        np.int64,
    )  # in the order of the S_* indices
    placed = np.array(state.placed if claiming else [0], np.int64)
    return np.array(state.owner, np.int64), np.array(state.cnt, np.int64), scalars, placed


@njit(cache=True, inline="always")
def _mark(x, d, blocked, conf_ptr, conf_idx):
    """Add ``d`` to the block count of item ``x`` and of every item sharing a face with it.

    (:func:`_has_indep` spells this out in its backtracking loop: even inlined, the helper there
    costs about 5% of a playout.)"""
    blocked[x] += d
    for k in range(conf_ptr[x], conf_ptr[x + 1]):
        blocked[conf_idx[k]] += d


@njit(cache=True)
def _has_indep(cands, m, r, D, conf_ptr, conf_idx, blocked, stack):
    """Is there a set of r items among cands[:m] no two of which share a face (conflict lists)?

    The marks are written out here rather than through :func:`_mark`: this is the hottest loop of a
    playout, and the helper costs about 5% of its speed."""
    if r <= 0:
        return True
    if m >= (r - 1) * (D + 1) + 1:
        return True
    if m < r:
        return False
    depth = 0
    pos = 0
    while True:
        while pos < m and blocked[cands[pos]] > 0:
            pos += 1
        if pos < m and (m - pos) >= (r - depth):
            x = cands[pos]
            if depth + 1 == r:
                # undo the marks of the chosen ones before returning
                for d in range(depth):
                    y = cands[stack[d]]
                    blocked[y] -= 1
                    for k in range(conf_ptr[y], conf_ptr[y + 1]):
                        blocked[conf_idx[k]] -= 1
                return True
            stack[depth] = pos
            depth += 1
            blocked[x] += 1
            for k in range(conf_ptr[x], conf_ptr[x + 1]):
                blocked[conf_idx[k]] += 1
            pos += 1
        else:
            if depth == 0:
                return False
            depth -= 1
            p = stack[depth]
            x = cands[p]
            blocked[x] -= 1
            for k in range(conf_ptr[x], conf_ptr[x + 1]):
                blocked[conf_idx[k]] -= 1
            pos = p + 1


@njit(cache=True)
def _empty_of_kind(owner, lo, hi, out):
    m = 0
    for x in range(lo, hi):  # without a branch: which items are empty is unpredictable
        out[m] = x
        m += owner[x] < 0
    return m


@njit(cache=True)
def _target(owner, lo, hi, want, D, partial, conf_ptr, conf_idx, blocked, stack, buf):
    m = _empty_of_kind(owner, lo, hi, buf)
    if m == 0:
        return 0
    if _has_indep(buf, m, want, D, conf_ptr, conf_idx, blocked, stack):
        return want
    if not partial:
        return 0
    for r in range(want - 1, 0, -1):
        if _has_indep(buf, m, r, D, conf_ptr, conf_idx, blocked, stack):
            return r
    return 0


@njit(cache=True)
def _extendable_into(cands, m, r, D, conf_ptr, conf_idx, blocked, stack, sub, out, k0):
    """Append to out[k0:] the items x of cands[:m] after which r-1 more face-disjoint ones exist."""
    k = k0
    if r <= 1 or m >= (r - 1) * (D + 1) + 1:
        for i in range(m):
            out[k] = cands[i]
            k += 1
        return k
    for i in range(m):
        x = cands[i]
        # candidates compatible with x
        _mark(x, 1, blocked, conf_ptr, conf_idx)
        s = 0
        for j in range(m):
            if blocked[cands[j]] == 0:
                sub[s] = cands[j]
                s += 1
        _mark(x, -1, blocked, conf_ptr, conf_idx)
        if _has_indep(sub, s, r - 1, D, conf_ptr, conf_idx, blocked, stack):
            out[k] = x
            k += 1
    return k


@njit(cache=True)
def playout(params, tables, owner, cnt, scalars, placed_in, seed, actions):
    """Play random legal micro-actions to the end, recording them in ``actions`` (at most its length).

    ``params`` and ``tables`` come from :func:`pack_game`; ``owner``, ``cnt``, ``scalars`` and
    ``placed_in`` from :func:`pack_position`, and ``owner`` and ``cnt`` are changed in place.
    Returns (winner_colour (-1 draw), swapped, number of recorded actions, end code 1=majority 2=blocked
    0=stopped at the length of ``actions``)."""
    V, E, F = params[G_V], params[G_E], params[G_F]
    n, e = params[G_N], params[G_E_CLAIM]
    D_node, D_edge = params[G_D_NODE], params[G_D_EDGE]
    partial, pie, majority = params[G_PARTIAL] != 0, params[G_PIE] != 0, params[G_MAJORITY]
    item_ptr, item_idx, conf_ptr, conf_idx, need = tables
    faces_owned = np.empty(2, np.int64)
    faces_owned[0], faces_owned[1] = scalars[S_FACES0], scalars[S_FACES1]
    phase, target, colour = scalars[S_PHASE], scalars[S_TARGET], scalars[S_COLOUR]
    swapped, turn_number = scalars[S_SWAPPED], scalars[S_TURN]
    tn, te, n_placed = scalars[S_TN], scalars[S_TE], scalars[S_PLACED]
    max_actions = len(actions)
    np.random.seed(seed)
    FACE0 = V + E
    SWAP = V + E + F
    STOP = SWAP + 1
    total = V + E + F
    blocked = np.zeros(total + 2, np.int64)
    stack = np.zeros(64, np.int64)
    buf = np.empty(total + 2, np.int64)
    buf2 = np.empty(total + 2, np.int64)
    sub = np.empty(total + 2, np.int64)
    legal = np.empty(total + 2, np.int64)
    placed = np.empty(total + 2, np.int64)
    for i in range(n_placed):
        placed[i] = placed_in[i]
    np_ = n_placed
    na = 0
    fresh = False  # whether tn/te must be recomputed at a turn start
    while na < max_actions:
        if phase == START and fresh:
            found = False
            for _ in range(2):
                tn = _target(owner, 0, V, n, D_node, partial, conf_ptr, conf_idx, blocked, stack, buf)
                te = _target(owner, V, FACE0, e, D_edge, partial, conf_ptr, conf_idx, blocked, stack, buf)
                any_face = False
                for f in range(F):
                    if owner[FACE0 + f] < 0 and cnt[colour, f] >= need[f]:
                        any_face = True
                        break
                sw = pie and colour == 1 and turn_number == 1 and swapped == 0
                if tn > 0 or te > 0 or any_face or sw:
                    found = True
                    break
                colour ^= 1
            if not found:
                if faces_owned[0] > faces_owned[1]:
                    return 0, swapped, na, 2
                if faces_owned[1] > faces_owned[0]:
                    return 1, swapped, na, 2
                return -1, swapped, na, 2
        fresh = True
        k = 0
        if phase == START:
            if tn > 0:
                m = _empty_of_kind(owner, 0, V, buf)
                k = _extendable_into(buf, m, tn, D_node, conf_ptr, conf_idx, blocked, stack, sub, legal, k)
            if te > 0:
                m = _empty_of_kind(owner, V, FACE0, buf)
                k = _extendable_into(buf, m, te, D_edge, conf_ptr, conf_idx, blocked, stack, sub, legal, k)
            for f in range(F):
                if owner[FACE0 + f] < 0 and cnt[colour, f] >= need[f]:
                    legal[k] = FACE0 + f
                    k += 1
            if pie and colour == 1 and turn_number == 1 and swapped == 0:
                legal[k] = SWAP
                k += 1
        elif phase == CAPTURE:
            for f in range(F):
                if owner[FACE0 + f] < 0 and cnt[colour, f] >= need[f]:
                    legal[k] = FACE0 + f
                    k += 1
            legal[k] = STOP
            k += 1
        else:
            lo = 0 if phase == CLAIM_NODES else V
            hi = V if phase == CLAIM_NODES else FACE0
            D = D_node if phase == CLAIM_NODES else D_edge
            for i in range(np_):
                _mark(placed[i], 1, blocked, conf_ptr, conf_idx)
            m = 0
            for x in range(lo, hi):
                if owner[x] < 0 and blocked[x] == 0:
                    buf2[m] = x
                    m += 1
            for i in range(np_):
                _mark(placed[i], -1, blocked, conf_ptr, conf_idx)
            k = _extendable_into(buf2, m, target - np_, D, conf_ptr, conf_idx, blocked, stack, sub, legal, 0)
        if k == 0:  # cannot happen by construction; stop rather than loop
            return -2, swapped, na, 0
        a = legal[np.random.randint(k)]
        actions[na] = a
        na += 1
        if a < FACE0:
            owner[a] = colour
            for q in range(item_ptr[a], item_ptr[a + 1]):
                cnt[colour, item_idx[q]] += 1
            if phase == START:
                phase = CLAIM_NODES if a < V else CLAIM_EDGES
                target = tn if a < V else te
                np_ = 0
            placed[np_] = a
            np_ += 1
            if np_ >= target:
                turn_number += 1
                colour ^= 1
                phase = START
                np_ = 0
            else:
                fresh = False
        elif a < SWAP:
            owner[a] = colour
            faces_owned[colour] += 1
            if faces_owned[colour] >= majority:
                return colour, swapped, na, 1
            phase = CAPTURE
            more = False
            for f in range(F):
                if owner[FACE0 + f] < 0 and cnt[colour, f] >= need[f]:
                    more = True
                    break
            if not more:
                turn_number += 1
                colour ^= 1
                phase = START
            else:
                fresh = False
        elif a == SWAP:
            swapped = 1
            turn_number += 1
            phase = START
        else:  # STOP
            turn_number += 1
            colour ^= 1
            phase = START
    return -1, swapped, na, 0
