"""The compiled (numba) step of :class:`~negenlab.fen.game.FenState`: a flat position and a flat board.

A game is packed once into one int64 array ``bd`` (:func:`pack_board`): a header (indices ``B_*``)
holding its numbers and the offsets of its tables (the faces of every item and the items each one
conflicts with, CSR, and the components a capture needs), then scratch space for the kernels
(left as it was found: the block counts are all zero between calls).

A position is one int64 array ``st`` (:func:`layout`): ``owner`` of every node, edge and face (-1
empty) at ``[0, N)``, the components of every face owned by colour 0 and 1 at ``[N, N + 2F)``, the
position's numbers from ``S0 = N + 2F`` (indices ``S_*``), the items (or faces) placed this turn
from ``P0`` and the legal actions, ascending, from ``L0`` (as int64, or one byte each from byte
``LB = 8 * L0`` on a board whose actions fit in a byte).

:func:`step` checks an action (by bisection in the listed ones), applies it and lists the legal
actions of the new position, in one call;
the rules are those of the Python engine it replaced (``benchmarks/legacy/fen_engine.py``, which
``tests/fen/test_flat_engine.py`` cross-checks it against) and of the playout kernel in
:mod:`negenlab.fen._kernels`, whose search helpers it shares.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._kernels import _empty_of_kind, _extendable_into, _target

START, CLAIM_NODES, CLAIM_EDGES, CAPTURE = 0, 1, 2, 3
END_NAMES = ("", "majority", "blocked")

# bd header: numbers of the game, then offsets (into bd) of its tables and scratch arrays
(
    B_V,
    B_E,
    B_F,
    B_N,
    B_E_CLAIM,
    B_D_NODE,
    B_D_EDGE,
    B_PARTIAL,
    B_PIE,
    B_MAJORITY,
    B_NODE_FAST,
    B_EDGE_FAST,
    B_S0,
    B_P0,
    B_L0,
    B_ITEM_PTR,
    B_ITEM_IDX,
    B_CONF_PTR,
    B_CONF_IDX,
    B_NEED,
    B_BLOCKED,
    B_STACK,
    B_BUF,
    B_SUB,
    B_BYTES,
) = range(25)
HEADER = 25

# st scalars, at S0 + S_*
(
    S_FACES0,
    S_FACES1,
    S_COLOUR,
    S_SWAPPED,
    S_TURN,
    S_TURNS0,
    S_TURNS1,
    S_PHASE,
    S_TARGET,
    S_TN,
    S_TE,
    S_TERMINAL,
    S_WINNER,
    S_END,
    S_CAPTURED0,
    S_CAPTURED1,
    S_SKIPS,
    S_PLACED,
    S_EMPTY_NODES,
    S_EMPTY_EDGES,
    S_LEGAL,
    S_ELIG0,
    S_ELIG1,
) = range(23)
NUM_SCALARS = 23


def layout(V: int, E: int, F: int) -> tuple[int, int, int, int, int]:
    """``(S0, P0, L0, LB, size)`` of a position's array on a board of V nodes, E edges and F faces.

    On a board whose actions all fit in a byte (``STOP < 256``), the legal actions are written one
    byte each from byte ``LB`` of the array (``LB`` is 0 on larger boards, which list them as int64
    from ``L0``): Python makes a list of ints from bytes faster than from an int64 array."""
    N = V + E + F
    S0 = N + 2 * F
    P0 = S0 + NUM_SCALARS
    L0 = P0 + N
    if N + 1 < 256:  # the bytes take the place of the int64 list
        return S0, P0, L0, 8 * L0, L0 + (N + 2 + 7) // 8
    return S0, P0, L0, 0, L0 + N + 2


def pack_board(game) -> np.ndarray:
    """The array ``bd`` of a :class:`~negenlab.fen.game.FenGame` (its board tables and rules)."""
    b, rules = game.board, game.rules
    V, E, F = b.V, b.E, b.F
    N = V + E + F
    S0, P0, L0, LB, _ = layout(V, E, F)
    parts = [b.item_ptr, b.item_idx, b.conf_ptr, b.conf_idx, b.need_arr]
    parts += [np.zeros(N + 2, np.int64) for _ in range(4)]  # blocked, stack, buf, sub
    offsets = []
    at = HEADER
    for p in parts:
        offsets.append(at)
        at += len(p)
    header = [V, E, F, game.n, game.e, b.D_node, b.D_edge, int(rules.partial_claims), int(rules.pie_rule)]
    header += [b.majority, game._node_fast, game._edge_fast, S0, P0, L0] + offsets + [LB]
    assert len(header) == HEADER
    return np.concatenate([np.array(header, np.int64)] + [np.asarray(p, np.int64) for p in parts])


def direct(dispatcher, *args):
    """``dispatcher`` compiled for the types of ``args`` (it is called once with them), as the
    compiled function itself: called without numba's dispatch on argument types, about 0.2 us a
    call less. Only for arguments of exactly these types (int64 C arrays, a Python int): the
    function does not check them. The dispatcher itself where numba does not offer that."""
    dispatcher(*args)
    try:
        from numba import typeof

        entry = dispatcher.overloads[tuple(typeof(a) for a in args)].entry_point
    except (AttributeError, KeyError, TypeError):  # pragma: no cover - another numba
        return dispatcher
    return entry if callable(entry) else dispatcher


@njit(cache=True)
def _can_capture(bd, st, colour):
    """Has ``colour`` a face to capture? (``S_ELIG0 + colour`` counts them: the empty faces with
    at least as many of its components as the face has nodes.)"""
    return st[bd[B_S0] + S_ELIG0 + colour] > 0


@njit(cache=True)
def _swap_available(bd, st):
    S0 = bd[B_S0]
    return (
        bd[B_PIE] != 0
        and st[S0 + S_COLOUR] == 1
        and st[S0 + S_TURNS1] == 0
        and st[S0 + S_SWAPPED] == 0
        and st[S0 + S_TURN] == 1
    )


@njit(cache=True)
def _begin_turn(bd, st):
    """Start the turn of the colour to move; skip a colour with no action; end a blocked game."""
    S0 = bd[B_S0]
    st[S0 + S_PHASE] = START
    st[S0 + S_PLACED] = 0
    if st[S0 + S_EMPTY_NODES] >= bd[B_NODE_FAST] and st[S0 + S_EMPTY_EDGES] >= bd[B_EDGE_FAST]:
        st[S0 + S_TN] = bd[B_N]  # plenty of room: full claims of both kinds exist
        st[S0 + S_TE] = bd[B_E_CLAIM]
        return
    V, E = bd[B_V], bd[B_E]
    NE = V + E
    conf_ptr, conf_idx, blocked, stack, buf, _ = _tables(bd)
    partial = bd[B_PARTIAL] != 0
    n, e, D_node, D_edge = bd[B_N], bd[B_E_CLAIM], bd[B_D_NODE], bd[B_D_EDGE]
    for _ in range(2):
        # a kind with enough empty items (greedy bound) takes a full claim: no need to search it
        if st[S0 + S_EMPTY_NODES] >= (n - 1) * (D_node + 1) + 1:
            tn = n
        else:
            tn = _target(st, 0, V, n, D_node, partial, conf_ptr, conf_idx, blocked, stack, buf)
        if st[S0 + S_EMPTY_EDGES] >= (e - 1) * (D_edge + 1) + 1:
            te = e
        else:
            te = _target(st, V, NE, e, D_edge, partial, conf_ptr, conf_idx, blocked, stack, buf)
        st[S0 + S_TN] = tn
        st[S0 + S_TE] = te
        if tn > 0 or te > 0 or _can_capture(bd, st, st[S0 + S_COLOUR]) or _swap_available(bd, st):
            return
        st[S0 + S_SKIPS] += 1
        st[S0 + S_COLOUR] ^= 1
    st[S0 + S_TN] = 0
    st[S0 + S_TE] = 0
    st[S0 + S_TERMINAL] = 1
    st[S0 + S_END] = 2
    f0, f1 = st[S0 + S_FACES0], st[S0 + S_FACES1]
    st[S0 + S_WINNER] = 0 if f0 > f1 else 1 if f1 > f0 else -1


@njit(cache=True)
def _end_turn(bd, st):
    S0 = bd[B_S0]
    c = st[S0 + S_COLOUR]
    st[S0 + S_TURNS0 + c] += 1
    st[S0 + S_TURN] += 1
    st[S0 + S_COLOUR] = c ^ 1
    _begin_turn(bd, st)


@njit(cache=True)
def legal(bd, st):
    """List the legal actions of the position, ascending, at ``st[L0:]`` (one byte each from byte
    ``LB`` instead, on a board whose actions fit in a byte); return how many (0 at the end)."""
    LB = bd[B_BYTES]
    if LB > 0:
        k = _list_legal(bd, st, st.view(np.uint8)[LB:])
    else:
        k = _list_legal(bd, st, st[bd[B_L0] :])
    st[bd[B_S0] + S_LEGAL] = k
    return k


@njit(cache=True)
def _is_legal(listed, a):
    """Is ``a`` among the ascending ``listed`` actions? (bisection)"""
    lo = 0
    hi = len(listed)
    while lo < hi:
        mid = (lo + hi) >> 1
        if listed[mid] < a:
            lo = mid + 1
        else:
            hi = mid
    return lo < len(listed) and listed[lo] == a


@njit(cache=True)
def _tables(bd):
    """Views of bd's conflict tables and scratch arrays."""
    NE = bd[B_V] + bd[B_E]
    conf_ptr = bd[bd[B_CONF_PTR] : bd[B_CONF_PTR] + NE + 1]
    conf_idx = bd[bd[B_CONF_IDX] :]
    blocked = bd[bd[B_BLOCKED] :]
    stack = bd[bd[B_STACK] :]
    buf = bd[bd[B_BUF] :]
    sub = bd[bd[B_SUB] :]
    return conf_ptr, conf_idx, blocked, stack, buf, sub


@njit(cache=True, inline="always")
def _capturable(faces, mine, need, count, F0, out, k):
    """Append to ``out[k:]`` the faces the colour to move may capture (empty, with as many of its
    components as the face has nodes; ``count`` of them); return the new length."""
    if count > 0:
        for f in range(len(faces)):  # without a branch: which faces qualify is unpredictable
            out[k] = F0 + f
            k += (faces[f] < 0) & (mine[f] >= need[f])
    return k


@njit(cache=True)
def _list_legal(bd, st, out):
    """Write the legal actions into ``out`` (int64, or uint8 on a small board); return how many."""
    S0 = bd[B_S0]
    if st[S0 + S_TERMINAL] != 0:
        return 0
    V, E, F = bd[B_V], bd[B_E], bd[B_F]
    NE = V + E
    F0 = NE
    SWAP = NE + F
    colour = st[S0 + S_COLOUR]
    # views: the loops below run about twice as fast on them as on offsets into st and bd
    owner = st[:SWAP]
    faces = st[F0:SWAP]
    mine = st[SWAP + colour * F : SWAP + (colour + 1) * F]
    need = bd[bd[B_NEED] : bd[B_NEED] + F]
    phase = st[S0 + S_PHASE]
    k = 0
    if phase == START:
        tn, te = st[S0 + S_TN], st[S0 + S_TE]
        D_node, D_edge = bd[B_D_NODE], bd[B_D_EDGE]
        # with enough empty items of a kind (greedy bound), every one of them starts a claim;
        # the loops are written without a branch: which items are empty is unpredictable
        all_nodes = tn > 0 and st[S0 + S_EMPTY_NODES] >= (tn - 1) * (D_node + 1) + 1
        all_edges = te > 0 and st[S0 + S_EMPTY_EDGES] >= (te - 1) * (D_edge + 1) + 1
        if all_nodes and all_edges:
            for x in range(NE):
                out[k] = x
                k += owner[x] < 0
        else:
            if all_nodes:
                for x in range(V):
                    out[k] = x
                    k += owner[x] < 0
            elif tn > 0:
                conf_ptr, conf_idx, blocked, stack, buf, sub = _tables(bd)
                m = _empty_of_kind(st, 0, V, buf)
                k = _extendable_into(buf, m, tn, D_node, conf_ptr, conf_idx, blocked, stack, sub, out, k)
            if all_edges:
                for x in range(V, NE):
                    out[k] = x
                    k += owner[x] < 0
            elif te > 0:
                conf_ptr, conf_idx, blocked, stack, buf, sub = _tables(bd)
                m = _empty_of_kind(st, V, NE, buf)
                k = _extendable_into(buf, m, te, D_edge, conf_ptr, conf_idx, blocked, stack, sub, out, k)
        k = _capturable(faces, mine, need, st[S0 + S_ELIG0 + colour], F0, out, k)
        if st[S0 + S_TURN] == 1 and _swap_available(bd, st):
            out[k] = SWAP
            k += 1
        return k
    if phase == CAPTURE:
        k = _capturable(faces, mine, need, st[S0 + S_ELIG0 + colour], F0, out, k)
        out[k] = SWAP + 1  # STOP
        return k + 1
    # a claim in progress: the empty items of its kind that share no face with those placed, after
    # which the rest of the claim can still be placed
    lo = 0 if phase == CLAIM_NODES else V
    hi = V if phase == CLAIM_NODES else NE
    D = bd[B_D_NODE] if phase == CLAIM_NODES else bd[B_D_EDGE]
    P0 = bd[B_P0]
    n_placed = st[S0 + S_PLACED]
    cp, ci, sk = bd[B_CONF_PTR], bd[B_CONF_IDX], bd[B_STACK]
    # the empty items sharing a face with one placed are marked taken for the scan (and noted in
    # bd's stack, to be emptied again after it): the scan is then the plain one of the start
    n_marked = 0
    for i in range(n_placed):
        x = st[P0 + i]
        for q in range(bd[cp + x], bd[cp + x + 1]):
            y = bd[ci + q]
            if st[y] < 0:
                st[y] = 2
                bd[sk + n_marked] = y
                n_marked += 1
    m = 0
    for x in range(lo, hi):
        out[m] = x
        m += owner[x] < 0
    for j in range(n_marked):
        st[bd[sk + j]] = -1
    r = st[S0 + S_TARGET] - n_placed
    if r <= 1 or m >= (r - 1) * (D + 1) + 1:  # every compatible item can start the rest of the claim
        return m
    conf_ptr, conf_idx, blocked, stack, buf, sub = _tables(bd)
    for i in range(m):
        buf[i] = out[i]
    return _extendable_into(buf, m, r, D, conf_ptr, conf_idx, blocked, stack, sub, out, 0)


@njit(cache=True)
def init(bd, st):
    """Fill ``st`` (of :func:`layout`'s size) with the initial position; return what :func:`step` does."""
    V, E, F = bd[B_V], bd[B_E], bd[B_F]
    N = V + E + F
    S0 = bd[B_S0]
    st[:] = 0
    st[:N] = -1
    st[S0 + S_WINNER] = -1
    st[S0 + S_EMPTY_NODES] = V
    st[S0 + S_EMPTY_EDGES] = E
    _begin_turn(bd, st)
    k = legal(bd, st)
    return -1 if st[S0 + S_TERMINAL] != 0 else k


@njit(cache=True)
def step(bd, st, a):
    """Apply the action ``a`` if it is legal; return the number of legal actions after it (listed at
    ``st[L0:]``), -1 when the game is over, or -2 (and nothing changed) when ``a`` is not legal."""
    V, E, F = bd[B_V], bd[B_E], bd[B_F]
    F0 = V + E
    SWAP = F0 + F
    S0, P0 = bd[B_S0], bd[B_P0]
    n = st[S0 + S_LEGAL]
    LB = bd[B_BYTES]
    if LB > 0:
        ok = _is_legal(st.view(np.uint8)[LB : LB + n], a)
    else:
        ok = _is_legal(st[bd[B_L0] : bd[B_L0] + n], a)
    if not ok:
        return -2
    c = st[S0 + S_COLOUR]
    if a < F0:
        st[a] = c
        c0 = F0 + F + c * F
        ip = bd[B_ITEM_PTR]
        ii = bd[B_ITEM_IDX]
        need = bd[B_NEED]
        for q in range(bd[ip + a], bd[ip + a + 1]):
            f = bd[ii + q]
            v = st[c0 + f] + 1
            st[c0 + f] = v
            if v == bd[need + f] and st[F0 + f] < 0:  # the face becomes capturable by c
                st[S0 + S_ELIG0 + c] += 1
        if a < V:
            st[S0 + S_EMPTY_NODES] -= 1
        else:
            st[S0 + S_EMPTY_EDGES] -= 1
        if st[S0 + S_PHASE] == START:  # the first item of a claim fixes its kind and size
            if a < V:
                st[S0 + S_PHASE] = CLAIM_NODES
                st[S0 + S_TARGET] = st[S0 + S_TN]
            else:
                st[S0 + S_PHASE] = CLAIM_EDGES
                st[S0 + S_TARGET] = st[S0 + S_TE]
        k = st[S0 + S_PLACED]
        st[P0 + k] = a
        st[S0 + S_PLACED] = k + 1
        if k + 1 >= st[S0 + S_TARGET]:
            _end_turn(bd, st)
    elif a < SWAP:
        f = a - F0
        need = bd[B_NEED]
        for cc in range(2):  # the face was capturable by cc; no longer
            if st[F0 + F + cc * F + f] >= bd[need + f]:
                st[S0 + S_ELIG0 + cc] -= 1
        st[a] = c
        st[S0 + S_FACES0 + c] += 1
        st[S0 + S_CAPTURED0 + c] += 1
        st[S0 + S_PHASE] = CAPTURE
        k = st[S0 + S_PLACED]
        st[P0 + k] = a
        st[S0 + S_PLACED] = k + 1
        if st[S0 + S_FACES0 + c] >= bd[B_MAJORITY]:
            st[S0 + S_TERMINAL] = 1
            st[S0 + S_WINNER] = c
            st[S0 + S_END] = 1
            st[S0 + S_TURNS0 + c] += 1
            st[S0 + S_TURN] += 1
            st[S0 + S_LEGAL] = 0
            return -1
        if not _can_capture(bd, st, c):  # nothing more to capture: the turn is over
            _end_turn(bd, st)
    elif a == SWAP:
        st[S0 + S_SWAPPED] = 1
        st[S0 + S_TURN] += 1
        st[S0 + S_TURNS1] += 1
        _begin_turn(bd, st)
    else:  # STOP
        _end_turn(bd, st)
    k = legal(bd, st)
    return -1 if st[S0 + S_TERMINAL] != 0 else k
