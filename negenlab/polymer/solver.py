"""Exact longest polymer of a hand: depth-first search with memoised states and a reach bound.

Model. Two cards can be neighbours in a polymer only if they *can share a window*:
same suit with ranks one apart on the 13-cycle, or same rank with different suits
(a valid window has three different cards, so its two adjacent pairs are of this kind),
and only if some third card of the hand completes a valid window with the pair (every
adjacent pair of a polymer lies in a valid window made of cards of the hand).
A polymer is therefore a walk c1..cL in this "compatibility graph" on the physical
cards of the hand, using every physical card at most once, such that, reading the
windows (c_i, c_i+1, c_i+2) left to right, the first and last are valid and no two
consecutive ones are invalid (the rules' "every adjacent pair lies in a valid window").

Search. The walk is built left to right. Whether a continuation is allowed depends only
on (a) the set of physical cards used so far, (b) the types of the last two cards
(for the next window) and (c) whether the last window was invalid (then the next one
must be valid). Call this triple the *state*. Exactness argument:

1. Every polymer of the hand is generated: the search tries every first card, every
   compatible second card and every compatible unused next card, accepting a window
   exactly when the rule allows it, and records the walk whenever its last window is
   valid and it has >= 3 cards. Only three kinds of branches are cut, each safely:
2. *Copies*: the two copies of a card are interchangeable, so walks that use copy 2
   before copy 1 are skipped; each has a mirror image (swap the copies) that is tried.
3. *Repeated states*: the length of a walk equals the number of cards used, so two walks
   reaching the same state have the same length and exactly the same set of
   continuations; the second visit can add nothing and is skipped (a hash set of states).
4. *Bound*: from a state, every further card is reachable from the last card through
   unused compatible cards (set R), and every further card except the final one has two
   distinct physical neighbours in the walk, so among the cards of R that have at most
   one compatible physical card in R ∪ {last} (dead ends) at most one can be used.
   Hence length + |R| - max(0, dead ends - 1) bounds every completion; a branch whose
   bound does not beat the best polymer found so far is cut. The best only grows, so a
   state cut or finished earlier stays cut (point 3 remains valid). The same bound is
   then taken again on *usable* pairs only: a pair of future neighbours needs a third
   card that can still be next to it (an unused card, or the last card) to complete a
   valid window, so pairs without one cannot occur in any completion.
5. *Reversal and symmetry*: start cards are taken one type at a time. Once every polymer
   starting with type t is covered (found, or shown not to beat the best), every polymer
   *ending* with t is covered too (its reverse starts with t), so later searches may
   forbid t as the final card (the bound counts such dead ends as unusable). Maps of
   card types that permute suits and rotate or reflect the 13-cycle of ranks keep every
   window's validity (checked for all 624 maps in the tests); when such a map leaves the hand's multiset
   unchanged, it maps polymers of the hand to polymers of equal length, so only one start
   type per orbit is searched and the whole orbit is then covered.

So the best recorded walk is a longest polymer. An optional ``node_limit`` stops the
search early; the result then says ``exact=False`` and gives the bound that remains.

>>> from negenlab.polymer import longest_polymer, format_cards
>>> format_cards(longest_polymer("KD QS JD KS JS QD JH"))
'KS QS JS JH JD QD KD'
>>> longest_polymer("2S 7H 9C")
[]
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numba as nb
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from negenlab.core.errors import InvalidInputError

from .cards import Card, as_cards, format_cards

MAX_CARDS = 128  # two 64-bit words of "used" bits


def _tables() -> tuple[np.ndarray, np.ndarray]:
    """VALID[a*2704 + b*52 + c] = 1 iff window (a, b, c) of type indices is a sequence or a group;
    COMPAT[a, b] = 1 iff a and b can be adjacent inside some valid window."""
    t = np.arange(52)
    suit, rank = t // 13, t % 13
    a, b, c = np.meshgrid(t, t, t, indexing="ij")
    sa, sb, sc = suit[a], suit[b], suit[c]
    ra, rb, rc = rank[a], rank[b], rank[c]
    d1, d2 = (rb - ra) % 13, (rc - rb) % 13
    seq = (sa == sb) & (sb == sc) & (d1 == d2) & ((d1 == 1) | (d1 == 12))
    grp = (ra == rb) & (rb == rc) & (sa != sb) & (sb != sc) & (sa != sc)
    valid = (seq | grp).astype(np.uint8).reshape(-1)
    dd = (rank[None, :] - rank[:, None]) % 13
    compat = (
        ((suit[:, None] == suit[None, :]) & ((dd == 1) | (dd == 12)))
        | ((rank[:, None] == rank[None, :]) & (suit[:, None] != suit[None, :]))
    ).astype(np.uint8)
    return valid, compat


VALID, COMPAT = _tables()


def _symmetries() -> np.ndarray:
    """The 624 maps of card types that preserve windows: a permutation of the suits
    together with a rotation or reflection of the 13-cycle of ranks (rows: images of 0..51)."""
    from itertools import permutations

    t = np.arange(52)
    suit, rank = t // 13, t % 13
    maps = []
    for perm in permutations(range(4)):
        ps = np.array(perm)[suit]
        for k in range(13):
            maps.append(ps * 13 + (rank + k) % 13)
            maps.append(ps * 13 + (k - rank) % 13)
    return np.array(maps, dtype=np.int64)


SYMMETRIES = _symmetries()  # tests/polymer/test_solver.py checks that each map preserves VALID


def orbit_representatives(types: np.ndarray) -> np.ndarray:
    """For each card, the smallest type its type is mapped to by a symmetry of the hand.

    A symmetry of the hand is one of :data:`SYMMETRIES` under which the hand's multiset of
    types is unchanged; it maps polymers of the hand to polymers of the same length.
    """
    return _orbit_kernel(np.ascontiguousarray(types, dtype=np.int64), SYMMETRIES)


@nb.njit(cache=True)
def _orbit_kernel(types, maps):
    counts = np.zeros(52, np.int64)
    for t in types:
        counts[t] += 1
    rep = types.copy()
    for g in range(maps.shape[0]):
        m = maps[g]
        ok = True
        for t in range(52):
            if counts[m[t]] != counts[t]:
                ok = False
                break
        if ok:
            for i in range(types.shape[0]):
                if m[types[i]] < rep[i]:
                    rep[i] = m[types[i]]
    return rep


# -- sets of physical cards --------------------------------------------------------------------
# A hand has at most 128 physical cards; a set of them is two 64-bit words (m0, m1): card x is
# bit x of m0 when x < 64, else bit x - 64 of m1. These helpers are inlined into the kernels.

ONE = np.uint64(1)
ZERO = np.uint64(0)


@nb.njit(cache=True, inline="always")
def _popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@nb.njit(cache=True, inline="always")
def _size(m0, m1):
    """How many cards the set holds."""
    return _popcount(m0) + _popcount(m1)


@nb.njit(cache=True, inline="always")
def _has(m0, m1, x):
    """Whether card x is in the set."""
    if x < 64:
        return ((m0 >> np.uint64(x)) & ONE) != 0
    return ((m1 >> np.uint64(x - 64)) & ONE) != 0


@nb.njit(cache=True, inline="always")
def _add(m0, m1, x):
    """The set with card x."""
    if x < 64:
        return m0 | (ONE << np.uint64(x)), m1
    return m0, m1 | (ONE << np.uint64(x - 64))


@nb.njit(cache=True, inline="always")
def _remove(m0, m1, x):
    """The set without card x."""
    if x < 64:
        return m0 & ~(ONE << np.uint64(x)), m1
    return m0, m1 & ~(ONE << np.uint64(x - 64))


@nb.njit(cache=True, inline="always")
def _pop(m0, m1):
    """The lowest card of a non-empty set, and the set without it."""
    if m0 != 0:
        return np.int64(trailing_zeros(m0)), m0 & (m0 - ONE), m1
    return 64 + np.int64(trailing_zeros(m1)), m0, m1 & (m1 - ONE)


@nb.njit(cache=True, inline="always")
def _meets(a0, a1, b0, b1):
    """Whether two sets share a card."""
    return (a0 & b0) != 0 or (a1 & b1) != 0


@nb.njit(cache=True, inline="always")
def _window(a, b, c):
    """The index of window (a, b, c) of card types in ``VALID``."""
    return a * 2704 + b * 52 + c


# -- the graph of usable pairs and the bounds ---------------------------------------------------


@nb.njit(cache=True)
def _pair_graph(types, valid, compat):
    """The physical cards of a hand as a graph of *usable* pairs (point 4 of the module docstring).

    ``win[i, j]``: the cards k that complete a valid window with the compatible pair (i, j), as
    (k, i, j) or (i, j, k). The pair is usable when there is one; ``adj[i]`` is the set of such j,
    and ``nbr[i, :nnbr[i]]`` the same cards in increasing order (the search tries them so).
    """
    n = types.shape[0]
    win0 = np.zeros((n, n), np.uint64)
    win1 = np.zeros((n, n), np.uint64)
    adj0 = np.zeros(n, np.uint64)
    adj1 = np.zeros(n, np.uint64)
    nbr = np.full((n, n), -1, np.int64)
    nnbr = np.zeros(n, np.int64)
    for i in range(n):
        for j in range(n):
            if not compat[types[i], types[j]]:
                continue
            for k in range(n):
                if valid[_window(types[k], types[i], types[j])] or valid[_window(types[i], types[j], types[k])]:
                    win0[i, j], win1[i, j] = _add(win0[i, j], win1[i, j], k)
            if win0[i, j] != 0 or win1[i, j] != 0:
                adj0[i], adj1[i] = _add(adj0[i], adj1[i], j)
                nbr[i, nnbr[i]] = j
                nnbr[i] += 1
    return adj0, adj1, nbr, nnbr, win0, win1


@nb.njit(cache=True)
def _reach(c, u0, u1, adj0, adj1):
    """The cards of the set u reachable from card c over usable pairs through cards of u."""
    r0, r1 = adj0[c] & u0, adj1[c] & u1
    f0, f1 = r0, r1
    while f0 != 0 or f1 != 0:
        x, f0, f1 = _pop(f0, f1)
        n0, n1 = adj0[x] & u0 & ~r0, adj1[x] & u1 & ~r1
        r0, r1 = r0 | n0, r1 | n1
        f0, f1 = f0 | n0, f1 | n1
    return r0, r1


@nb.njit(cache=True, inline="always")
def _discounted(size, dead, dead_done):
    """A bound on the cards a completion can add: ``size`` reachable cards, less the dead ends
    that cannot be used (all those that cannot be the final card, and all but one of the rest)."""
    return size - dead_done - max(dead - 1, 0)


@nb.njit(cache=True)
def _bound(c, u0, u1, adj0, adj1, done0, done1):
    """Cards that can still be added after c: |R| minus dead ends that cannot be used.

    R: unused cards (u0, u1) reachable from c. A dead end (at most one compatible card in
    R + {c}) can only be the final card; cards of types already finished as start cards
    (done0, done1) cannot be the final card (see the module docstring)."""
    r0, r1 = _reach(c, u0, u1, adj0, adj1)
    size = _size(r0, r1)
    if size == 0:
        return 0
    w0, w1 = _add(r0, r1, c)
    dead = 0
    dead_done = 0
    g0, g1 = r0, r1
    while g0 != 0 or g1 != 0:
        x, g0, g1 = _pop(g0, g1)
        if _size(adj0[x] & w0, adj1[x] & w1) <= 1:
            if _has(done0, done1, x):
                dead_done += 1
            else:
                dead += 1
    return _discounted(size, dead, dead_done)


@nb.njit(cache=True)
def _bound_windows(c, last, u0, u1, adj0, adj1, win0, win1, types, valid, done0, done1):
    """The bound of :func:`_bound` on the graph of *usable* pairs only.

    A pair (x, y) of future neighbours is usable only if a third card that can still sit
    next to them (an unused card, or c) completes a valid window with it; the pair (c, y)
    also if (last, c, y) is a valid window. Every pair of a completion lies in a valid window
    of cards from the completion plus c and last, so this is a relaxation and the bound holds.
    """
    a0, a1 = _add(u0, u1, c)  # the cards that may complete a window
    # usable first steps from c
    c0, c1 = ZERO, ZERO
    g0, g1 = adj0[c] & u0, adj1[c] & u1
    while g0 != 0 or g1 != 0:
        y, g0, g1 = _pop(g0, g1)
        if _meets(win0[c, y], win1[c, y], u0, u1) or (last >= 0 and valid[_window(types[last], types[c], types[y])]):
            c0, c1 = _add(c0, c1, y)
    # the cards reachable from there over usable pairs
    r0, r1 = c0, c1
    f0, f1 = c0, c1
    while f0 != 0 or f1 != 0:
        x, f0, f1 = _pop(f0, f1)
        g0, g1 = adj0[x] & u0 & ~r0, adj1[x] & u1 & ~r1
        while g0 != 0 or g1 != 0:
            y, g0, g1 = _pop(g0, g1)
            if _meets(win0[x, y], win1[x, y], a0, a1):
                r0, r1 = _add(r0, r1, y)
                f0, f1 = _add(f0, f1, y)
    size = _size(r0, r1)
    if size == 0:
        return 0
    # dead ends: at most one usable pair to c or to another reachable card
    dead = 0
    dead_done = 0
    h0, h1 = r0, r1
    while h0 != 0 or h1 != 0:
        x, h0, h1 = _pop(h0, h1)
        deg = 1 if _has(c0, c1, x) else 0
        g0, g1 = adj0[x] & r0, adj1[x] & r1
        while (g0 != 0 or g1 != 0) and deg < 2:
            y, g0, g1 = _pop(g0, g1)
            if _meets(win0[x, y], win1[x, y], a0, a1):
                deg += 1
        if deg <= 1:
            if _has(done0, done1, x):
                dead_done += 1
            else:
                dead += 1
    return _discounted(size, dead, dead_done)


# -- the table of seen states ---------------------------------------------------------------------
# Open addressing over rows (m0, m1, aux) of a uint64 array; aux = 0 marks a free row.


@nb.njit(cache=True, inline="always")
def _hash(m0, m1, aux):
    h = m0 * np.uint64(0x9E3779B97F4A7C15) ^ (m1 + np.uint64(0x632BE59BD9B4E019)) * np.uint64(0xBF58476D1CE4E5B9)
    h ^= np.uint64(aux) * np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(31)
    return h


@nb.njit(cache=True)
def _insert(table, m0, m1, aux):
    """Insert a state; return True if it was new. The table must have a free row."""
    mask = np.uint64(table.shape[0] - 1)
    i = np.int64(_hash(m0, m1, aux) & mask)
    while True:
        if table[i, 2] == 0:
            table[i, 0], table[i, 1], table[i, 2] = m0, m1, aux
            return True
        if table[i, 2] == aux and table[i, 0] == m0 and table[i, 1] == m1:
            return False
        i = (i + 1) & (table.shape[0] - 1)


@nb.njit(cache=True)
def _grown(table):
    """The same states in a table twice the size."""
    bigger = np.zeros((2 * table.shape[0], 3), np.uint64)
    for i in range(table.shape[0]):
        if table[i, 2] != 0:
            _insert(bigger, table[i, 0], table[i, 1], table[i, 2])
    return bigger


# -- the search ---------------------------------------------------------------------------------


@nb.njit(cache=True)
def _search(s, best, best_path, nodes, node_limit, table, stored, types, req, valid, graph, done0, done1):
    """Depth-first search over the walks that start with card s (points 1-4 of the module docstring).

    Improves ``best`` / ``best_path`` in place; returns (best, nodes, table, stored, stopped).
    """
    adj0, adj1, nbr, nnbr, win0, win1 = graph
    n = types.shape[0]
    full0, full1 = ZERO, ZERO
    for i in range(n):
        full0, full1 = _add(full0, full1, i)
    path = np.zeros(n, np.int64)
    it = np.zeros(n, np.int64)  # it[d]: the next neighbour of path[d] to try
    flag = np.zeros(n, np.int64)  # flag[d] = 1: the window ending at path[d] was invalid (or none yet)
    path[0] = s
    flag[0] = 1
    m0, m1 = _add(ZERO, ZERO, s)  # the cards used
    d = 0
    while d >= 0:
        last = path[d]
        if it[d] >= nnbr[last]:  # every continuation tried: backtrack
            m0, m1 = _remove(m0, m1, last)
            d -= 1
            continue
        c = nbr[last, it[d]]
        it[d] += 1
        if _has(m0, m1, c) or (req[c] >= 0 and not _has(m0, m1, req[c])):
            continue  # used already, or copy 2 before copy 1
        if d == 0:
            nf = 1  # no window yet
        elif valid[_window(types[path[d - 1]], types[last], types[c])]:
            nf = 0
        elif flag[d] == 1:
            continue  # two invalid windows in a row
        else:
            nf = 1
        length = d + 2
        if nf == 0 and length > best:  # a polymer (nf == 0 needs d >= 1, so length >= 3)
            best = length
            best_path[: d + 1] = path[: d + 1]
            best_path[d + 1] = c
            if best >= n:
                break
        n0, n1 = _add(m0, m1, c)
        nodes += 1
        if node_limit > 0 and nodes > node_limit:
            return best, nodes, table, stored, True
        if 2 * (stored + 1) > table.shape[0]:
            table = _grown(table)
        if not _insert(table, n0, n1, np.uint64(((types[last] * 52 + types[c]) * 2 + nf) + 1)):
            continue  # state seen before: same length, same continuations
        stored += 1
        u0, u1 = full0 & ~n0, full1 & ~n1
        if length + _bound(c, u0, u1, adj0, adj1, done0, done1) <= best:
            continue  # no completion can beat the best (the state stays marked: best only grows)
        if length + _bound_windows(c, last, u0, u1, adj0, adj1, win0, win1, types, valid, done0, done1) <= best:
            continue  # the same on usable pairs only
        d += 1
        path[d] = c
        it[d] = 0
        flag[d] = nf
        m0, m1 = n0, n1
    return best, nodes, table, stored, False


@nb.njit(cache=True)
def _solve_kernel(types, rep, valid, compat, node_limit):
    """Longest polymer over physical cards with type indices ``types`` (copies adjacent).

    Returns (best path as card indices, nodes expanded, states stored, stopped_by_limit).
    """
    n = types.shape[0]
    graph = _pair_graph(types, valid, compat)
    adj0, adj1 = graph[0], graph[1]
    req = np.full(n, -1, np.int64)  # req[i]: the first copy, which copy 2 must follow
    full0, full1 = ZERO, ZERO
    for i in range(n):
        if i > 0 and types[i - 1] == types[i]:
            req[i] = i - 1
        full0, full1 = _add(full0, full1, i)
    # start cards by the size of their component, largest first
    comp = np.zeros(n, np.int64)
    for i in range(n):
        u0, u1 = _remove(full0, full1, i)
        r0, r1 = _reach(i, u0, u1, adj0, adj1)
        comp[i] = 1 + _size(r0, r1)
    order = np.argsort(-comp, kind="mergesort")

    table = np.zeros((1024, 3), np.uint64)
    stored = 0
    best = 0
    best_path = np.zeros(n, np.int64)
    nodes = 0
    stopped = False
    done0, done1 = ZERO, ZERO  # cards of the start types finished so far
    for s in order:
        if req[s] >= 0 or rep[s] != types[s]:
            continue  # copy 2, or a start symmetric to its orbit's representative
        if best >= n:
            break
        if comp[s] > best and comp[s] >= 3:
            best, nodes, table, stored, stopped = _search(
                s, best, best_path, nodes, node_limit, table, stored, types, req, valid, graph, done0, done1
            )
            if stopped:
                break
        # every polymer starting with this type (or a symmetric image of it) is now covered:
        # no later polymer needs to *end* with such a type (its reverse was covered)
        for q in range(n):
            if rep[q] == rep[s]:
                done0, done1 = _add(done0, done1, q)
    return best_path[:best].copy(), nodes, stored, stopped


def is_compiled() -> bool:
    """Whether the search is compiled already in this process (the first solve compiles it)."""
    return bool(_solve_kernel.signatures)


@dataclass
class PolymerResult:
    """A longest polymer of a hand with how it was found.

    ``cards`` is an optimal ordering (empty when the hand has no valid window);
    ``exact`` is False only when ``node_limit`` stopped the search, and then
    ``length`` is the best found, not necessarily the maximum.
    """

    hand: list
    cards: list
    exact: bool = True
    nodes: int = 0
    states: int = 0
    seconds: float = 0.0
    unused: list = field(default_factory=list)

    @property
    def length(self) -> int:
        return len(self.cards)

    def to_dict(self) -> dict:
        return {
            "hand": format_cards(self.hand),
            "length": self.length,
            "polymer": format_cards(self.cards),
            "exact": self.exact,
            "nodes": self.nodes,
            "states": self.states,
            "seconds": round(self.seconds, 6),
            "unused": format_cards(self.unused),
        }

    def __str__(self) -> str:
        cap = "" if self.exact else " (search stopped by node_limit: not proven optimal)"
        return f"longest polymer {self.length}: {format_cards(self.cards) or '(none)'}{cap}"

    def _repr_svg_(self) -> str:
        from .svg import polymer_svg
        from .validity import explain

        return polymer_svg(explain(self.cards) if self.cards else None, hand=self.hand)


def type_indices(cards) -> np.ndarray:
    """Sorted type indices (0..51) of the regular cards of a hand (jokers skipped)."""
    return np.sort(np.fromiter((c.index for c in cards if isinstance(c, Card)), dtype=np.int64))


def solve_types(types: np.ndarray, node_limit: int = 0, symmetry: bool = True) -> tuple[np.ndarray, bool, int, int]:
    """Kernel entry on sorted type indices: (ordering as type indices, exact, nodes, states).

    ``symmetry=False`` switches off the symmetry reduction (point 5; for cross-checks)."""
    types = np.ascontiguousarray(types, dtype=np.int64)
    if types.shape[0] > MAX_CARDS:
        raise InvalidInputError(f"a hand of {types.shape[0]} cards is beyond the solver's {MAX_CARDS}")
    if types.shape[0] < 3:
        return np.zeros(0, np.int64), True, 0, 0
    rep = orbit_representatives(types) if symmetry and types.shape[0] >= 12 else types
    path, nodes, states, stopped = _solve_kernel(types, rep, VALID, COMPAT, int(node_limit))
    return types[path], not stopped, int(nodes), int(states)


def longest_polymer_length(cards) -> int:
    """Length of a longest polymer (0 when none); cheaper than building Card lists.

    >>> longest_polymer_length("6S 5S 4S 5S 6S 9D")
    5
    """
    cards = as_cards(cards)
    return int(solve_types(type_indices(cards))[0].shape[0])


def solve(cards, node_limit: int | None = None) -> PolymerResult:
    """Longest polymer with search statistics; see the module docstring for why it is exact.

    Jokers in the hand are ignored (they are never cards of a polymer).

    >>> r = solve("4S 5S 6S 6H 6D 2C")
    >>> r.length, r.exact, format_cards(r.unused)
    (5, True, '2C')
    """
    hand = as_cards(cards)
    if node_limit is not None and node_limit < 1:
        raise InvalidInputError(f"node_limit must be >= 1 (or None for no limit), got {node_limit}")
    t0 = time.perf_counter()
    order, exact, nodes, states = solve_types(type_indices(hand), node_limit or 0)
    seconds = time.perf_counter() - t0
    out = [Card.from_index(t) for t in order]
    rest = list(hand)
    for c in out:
        rest.remove(c)
    return PolymerResult(hand, out, exact, nodes, states, seconds, rest)


def longest_polymer(cards) -> list[Card]:
    """An optimal ordering: a longest polymer of the hand (``[]`` when no valid window exists).

    Exact: see the module docstring (state-memoised search with a proven bound).
    Accepts text (``"7S 7♠ 10h"``) or a list of :class:`Card`; jokers are ignored.

    >>> format_cards(longest_polymer("7S 7H 7D 7S 2C"))
    '7S 7H 7D 7S'
    """
    hand = as_cards(cards)
    order = solve_types(type_indices(hand))[0]
    return [Card.from_index(t) for t in order]
