"""Brute-force reference for Negen's legal end-of-turn tables, written from the rules page alone.

Nothing here is shared with ``negenlab.negen`` (only :func:`fast_job` calls it, to compare).
Spiral validity is :func:`variant_validity`, the rules page's definition evaluated for the four
readings at once; the tests hold it against ``brute.spiral_valid``.

The model searched
------------------
A table is a multiset of spirals, each up to translation and quarter-turn rotation: where
spirals lie relative to each other means nothing.  The search therefore keeps a state as

    (dice still on the board, sorted tuple of canonical *tagged* spirals)

where every die of a spiral carries a tag: ``START`` (a start-table die), ``TAKEN`` (a
start-table die that was taken out this turn, rearrange="free" only) or ``ADDED`` (a board die
added this turn).  Tags are needed for the end-of-turn conditions and the take-out budget and
are dropped only when the end table is reported.  From a state the search applies every
physical action, on every spiral, in every way:

- **add**: any value still on the board, on any empty cell orthogonally adjacent to a die of a
  spiral (that die may itself have been added this turn);
- **move to touch** (join): any spiral A, in each of its 4 rotations, translated to every
  offset at which it touches another spiral B without overlapping it; A and B become one spiral;
- **take out** (rearrange="free" only): any start die that was already taken out this turn, or
  any start die when fewer than ``free_moves`` dice were taken out so far; its spiral falls
  apart into the connected parts of the rest, and the die becomes a lone spiral (tag TAKEN).
  Putting it back anywhere "touching some die" is then a move of that lone spiral.

Every state reached is a candidate end table (a turn may end at any point, zero actions
included); it is legal iff every spiral is valid and no spiral consists only of ADDED dice
(an end table reached in several ways is legal if one of them is).  "Every start die is on the
table" and the rigidity conditions hold by construction: dice are never removed, a spiral only
moves whole, and under "free" only the taken-out dice leave their spiral (at most
``free_moves`` distinct ones).

Why this is the same as play on a real grid (moves that leave a spiral apart are not generated)
-----------------------------------------------------------------------------------------------
Write M(P) for the multiset of spirals (up to translation + rotation, with tags) of a physical
table P.

* Every step of the model is physically playable: first move all other spirals far away (moving
  a whole spiral is always allowed, and a spiral lying apart changes nothing in M), then play the
  step; the cell added to, or the spot moved to, touches only the intended spiral.
* Every physical action maps to a sequence of model steps with the same result M:
  - a move of spiral A to any spot: if it touches nothing, M is unchanged (a spiral's position
    and turn are not part of M).  If it touches spirals S1..Sm (m >= 1), the new spiral is
    A u S1 u .. u Sm in that exact relative arrangement; the model builds it as "move A to touch
    S1", then "move S2 to touch (A u S1)" at its relative place, and so on: every S_j touches A,
    and nothing overlaps because the physical end arrangement has no overlap.
  - adding a die next to S1..Sm: model "add next to S1", then moves S2..Sm to touch as above.
  - taking out die X and putting it down touching S1..Sm (m >= 0): model "take out X" (lone X),
    then the moves of S1..Sm to touch X as above (X's own spiral parts among them if touched).
  So by induction over the physical action sequence, M of every physical table reachable in a
  turn is a model state, and vice versa; and legality depends on M only.  Any connected
  arrangement of pieces can thus be built by touching placements one piece at a time.

Everything is exhaustive: no pruning, no limit, the only memory is the visited set of states.
The reachable states do not depend on ``shape``/``coverage`` (validity is judged only at the
end), so :func:`reachable_end_tables` runs the search once and :func:`legal_by_variant` filters
it for the four readings (each distinct spiral judged once); :func:`brute_end_tables` is the two
together for one reading.  The cost is exponential in the dice that can move: a lone die and 4
board dice reach ~2,400 states under "join" and ~5,800 under "free"; a 7-die spiral and 4 board
dice ~10^4..10^5 under "join"; a 2-die spiral and 4 board dice 150,000 under "free" (plain
Python: ~100 us a state).
"""

from __future__ import annotations

import multiprocessing
import os
import time

import numpy as np

START, TAKEN, ADDED = 0, 1, 2
SHAPES = ("straight", "bent")
COVERAGES = ("die", "adjacency")
VARIANTS = tuple((s, c, r) for r in ("join", "free") for s in SHAPES for c in COVERAGES)
NEIGH = ((1, 0), (-1, 0), (0, 1), (0, -1))


# ---------------------------------------------------------------- keys (untagged, public)


def split_spirals(table):
    """The spirals of ``table`` (dict cell -> value): a list of dicts, maximal orthogonally connected groups."""
    left = dict(table)
    # Written apart from the engine (and from the frozen benchmarks/legacy copy, which has the same shape).
    out = []
    while left:
        seed = min(left)
        group = {seed: left.pop(seed)}
        todo = [seed]
        while todo:
            r, c = todo.pop()
            for dr, dc in NEIGH:
                n = (r + dr, c + dc)
                if n in left:
                    group[n] = left.pop(n)
                    todo.append(n)
        out.append(group)
    return out


def spiral_key(spiral):
    """Rotate k = 0..3 times by (r, c) -> (c, -r), translate to min row = min col = 0, sort; the minimum."""
    keys = []
    for k in range(4):
        cells = list(spiral.items())
        for _ in range(k):
            cells = [((c, -r), v) for (r, c), v in cells]
        r0 = min(r for (r, _), _ in cells)
        c0 = min(c for (_, c), _ in cells)
        keys.append(tuple(sorted((r - r0, c - c0, v) for (r, c), v in cells)))
    return min(keys)


def table_key(table):
    """The sorted tuple of the spiral keys of all spirals of ``table`` (dict cell -> value)."""
    return tuple(sorted(spiral_key(s) for s in split_spirals(table)))


def key_table(key):
    """A table (dict cell -> value) with the spirals of ``key`` laid out apart, left to right."""
    out, col = {}, 0
    for spiral in key:
        for r, c, v in spiral:
            out[(r, col + c)] = v
        col += max(c for _, c, _ in spiral) + 2
    return out


def parse_rows(text):
    """Text rows of digits and '.', space separated ("6 5 4 / . 3 .") -> dict cell -> value."""
    out = {}
    for r, line in enumerate(ln for ln in text.strip("\n").splitlines() if ln.strip()):
        for c, tok in enumerate(line.split()):
            if tok != ".":
                out[(r, c)] = int(tok)
    return out


def closed_spiral(cells):
    cells = set(cells)
    pairs = sum(1 for (r, c) in cells for dr, dc in ((1, 0), (0, 1)) if (r + dr, c + dc) in cells)
    return pairs >= len(cells)


# ---------------------------------------------------------------- tagged spirals (search states)
# A die of a search state is coded as one int: ((row * 32) + col) * 32 + value * 4 + tag, with
# row, col >= 0 after translation (spirals have at most 16 dice, so row, col < 32).


def _encode(dice):
    """dice: list of (r, c, vt) with vt = value * 4 + tag -> canonical tagged spiral (min over 4 rotations).

    Rotation k maps (r, c) to (r, c), (c, -r), (-r, -c), (-c, r); each rotated spiral is translated to
    min row = min col = 0 and a die is coded row * 1024 + col * 32 + vt, so that sorting codes sorts
    (row, col, vt) lexicographically (0 <= col, vt < 32).  The key is the least of the 4 sorted tuples.
    """
    rs, cs, _ = zip(*dice, strict=True)
    rmin, rmax, cmin, cmax = min(rs), max(rs), min(cs), max(cs)
    k0 = sorted([(r - rmin) * 1024 + (c - cmin) * 32 + vt for r, c, vt in dice])
    k1 = sorted([(c - cmin) * 1024 + (rmax - r) * 32 + vt for r, c, vt in dice])
    k2 = sorted([(rmax - r) * 1024 + (cmax - c) * 32 + vt for r, c, vt in dice])
    k3 = sorted([(cmax - c) * 1024 + (r - rmin) * 32 + vt for r, c, vt in dice])
    return tuple(min(k0, k1, k2, k3))


def _decode(spiral):
    return [(code >> 10, (code >> 5) & 31, code & 31) for code in spiral]


def _rotations(dice):
    """The 4 rotations of decoded dice (translated to min 0), duplicates removed."""
    out = []
    seen = set()
    cur = dice
    for _ in range(4):
        r0 = min(r for r, _, _ in cur)
        c0 = min(c for _, c, _ in cur)
        norm = tuple(sorted((r - r0, c - c0, vt) for r, c, vt in cur))
        if norm not in seen:
            seen.add(norm)
            out.append(norm)
        cur = [(c, -r, vt) for r, c, vt in cur]
    return out


def _empty_neighbours(cells):
    return {(r + dr, c + dc) for r, c in cells for dr, dc in NEIGH} - cells


def _parts(dice):
    """Connected parts of decoded dice (r, c, vt) (their order does not matter: parts are encoded and sorted)."""
    # Kept apart from negenlab.negen.turns._parts: this reference shares no code with the engine.
    return [[(r, c, vt) for (r, c), vt in part.items()] for part in split_spirals({(r, c): vt for r, c, vt in dice})]


def _successors(state, free_moves):
    """Every state one physical action away (free_moves = 0 under rearrange="join")."""
    board, spirals = state
    out = []
    n = len(spirals)
    decoded = [_decode(s) for s in spirals]
    cellsets = [{(r, c) for r, c, _ in d} for d in decoded]
    # add: a board value on an empty cell next to a die of spiral i
    if board:
        values = sorted(set(board))
        for i in range(n):
            if i and spirals[i] == spirals[i - 1]:
                continue  # the same spiral twice gives the same successors
            rest = spirals[:i] + spirals[i + 1 :]
            for v in values:
                b = list(board)
                b.remove(v)
                b = tuple(b)
                vt = v * 4 + ADDED
                for r, c in _empty_neighbours(cellsets[i]):
                    grown = _encode(decoded[i] + [(r, c, vt)])
                    out.append((b, tuple(sorted(rest + (grown,)))))
    # move spiral i (any rotation) to touch spiral j: one spiral in that relative arrangement
    done = set()
    for i in range(n):
        for j in range(i + 1, n):
            if (spirals[i], spirals[j]) in done:
                continue
            done.add((spirals[i], spirals[j]))
            rest = spirals[:i] + spirals[i + 1 : j] + spirals[j + 1 :]
            target = cellsets[j]
            around = _empty_neighbours(target)
            for rot in _rotations(decoded[i]):
                offsets = {(nr - r, nc - c) for nr, nc in around for r, c, _ in rot}
                for dr, dc in offsets:
                    moved = [(r + dr, c + dc, vt) for r, c, vt in rot]
                    if any((r, c) in target for r, c, _ in moved):
                        continue
                    joined = _encode(decoded[j] + moved)
                    out.append((board, tuple(sorted(rest + (joined,)))))
    # take out one start die (rearrange="free"): the rest falls apart into its connected parts
    if free_moves:
        taken = sum(1 for s in spirals for code in s if code & 3 == TAKEN)
        for i in range(n):
            if i and spirals[i] == spirals[i - 1]:
                continue
            rest = spirals[:i] + spirals[i + 1 :]
            for k, (_, _, vt) in enumerate(decoded[i]):
                tag = vt & 3
                if tag == ADDED or (tag == START and taken >= free_moves):
                    continue
                others = decoded[i][:k] + decoded[i][k + 1 :]
                parts = tuple(_encode(p) for p in _parts(others))
                lone = _encode([(0, 0, (vt >> 2) * 4 + TAKEN)])
                out.append((board, tuple(sorted(rest + parts + (lone,)))))
    return out


def reachable_states(table, board, rearrange="join", free_moves=1):
    """Every search state reachable in one turn (exhaustive depth-first search with a visited set)."""
    if rearrange not in ("join", "free"):
        raise ValueError(f"rearrange must be 'join' or 'free', got {rearrange!r}")
    if not table:
        raise ValueError("the start table must hold at least one die")
    fm = free_moves if rearrange == "free" else 0
    spirals = tuple(sorted(_encode([(r, c, v * 4 + START) for (r, c), v in s.items()]) for s in split_spirals(table)))
    start = (tuple(sorted(board)), spirals)
    seen = {start}
    todo = [start]
    while todo:
        for nxt in _successors(todo.pop(), fm):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def reachable_end_tables(table, board, rearrange="join", free_moves=1):
    """Every end table physically reachable in one turn in which every spiral holds a start die.

    Returns {table key: dict(used, closed, depleted)} before any validity check (validity is the
    only condition left to judge; it does not depend on how the table was reached).
    """
    board = tuple(board)
    # several states (other tags, dice left) can give one end table: keep one state per table
    tables = {}
    for _left, spirals in reachable_states(table, board, rearrange, free_moves):
        if any(all(code & 3 == ADDED for code in s) for s in spirals):
            continue  # a spiral of dice added this turn only
        untagged = tuple(sorted(_encode([(r, c, vt & ~3) for r, c, vt in _decode(s)]) for s in spirals))
        tables.setdefault(untagged, spirals)
    out = {}
    for untagged, spirals in tables.items():
        # an untagged code is row * 1024 + col * 32 + value * 4: its order is that of (row, col, value),
        # so the decoded tuple is exactly table_key() of the table (the tests check this)
        key = tuple(tuple((code >> 10, (code >> 5) & 31, (code & 31) >> 2) for code in s) for s in untagged)
        used = tuple(sorted((code & 31) >> 2 for s in spirals for code in s if code & 3 == ADDED))
        out[key] = dict(
            used=used,
            closed=any(closed_spiral((r, c) for r, c, _ in s) for s in key),
            depleted=bool(board) and len(used) == len(board),
        )
    return out


def variant_validity(spiral):
    """{(shape, coverage): valid} of one spiral (dict cell -> value) for the 4 readings, from the rules page.

    The same definition as ``brute.spiral_valid`` (which the tests hold it against), evaluated for
    the four readings at once: for each interpretation (edges = the dice of one checkerboard parity)
    list every sequence x-y-z (y an edge, x and z distinct nodes next to y, values y-1 and y+1 at the
    ends), note whether it is straight, then check each coverage with the straight ones or with all.
    """
    if len(spiral) == 1:
        return {(s, c): True for s in SHAPES for c in COVERAGES}
    out = {(s, c): False for s in SHAPES for c in COVERAGES}
    # shortcut: with either coverage every die of a valid spiral of 2+ dice lies in a sequence x-y-z,
    # so it is next to y with a value one apart (x, z: y -+ 1; y: x and z); without that, invalid
    for (r, c), v in spiral.items():
        if not any(spiral.get(n, 0) in (v - 1, v + 1) for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))):
            return out
    dice = set(spiral)
    pairs = {(a, b) for a in dice for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if b in dice}
    for parity in (0, 1):
        in_seq = {"straight": set(), "bent": set()}
        seq_pairs = {"straight": set(), "bent": set()}
        for y, vy in spiral.items():
            if (y[0] + y[1]) % 2 != parity:
                continue  # y must be an edge
            around = [
                n
                for n in ((y[0] + 1, y[1]), (y[0] - 1, y[1]), (y[0], y[1] + 1), (y[0], y[1] - 1))
                if n in dice and (n[0] + n[1]) % 2 != parity
            ]  # nodes next to y
            for x in around:
                for z in around:
                    if x == z or spiral[x] != vy - 1 or spiral[z] != vy + 1:
                        continue
                    straight = x[0] + z[0] == 2 * y[0] and x[1] + z[1] == 2 * y[1]
                    for shape in ("straight", "bent") if straight else ("bent",):
                        in_seq[shape].update((x, y, z))
                        seq_pairs[shape].add((min(x, y), max(x, y)))
                        seq_pairs[shape].add((min(y, z), max(y, z)))
        for shape in SHAPES:
            if in_seq[shape] == dice:
                out[(shape, "die")] = True
            if pairs <= seq_pairs[shape]:
                out[(shape, "adjacency")] = True
    return out


def legal_end_tables(reachable, shape="straight", coverage="adjacency"):
    """The entries of :func:`reachable_end_tables` whose every spiral is valid under the reading."""
    return legal_by_variant(reachable)[(shape, coverage)]


def legal_by_variant(reachable):
    """{(shape, coverage): legal entries of ``reachable``} for the 4 readings (validity judged once per spiral)."""
    spirals = {s for key in reachable for s in key}
    valid = {s: variant_validity({(r, c): v for r, c, v in s}) for s in spirals}
    return {
        (sh, cov): {key: facts for key, facts in reachable.items() if all(valid[s][(sh, cov)] for s in key)}
        for sh in SHAPES
        for cov in COVERAGES
    }


def brute_end_tables(table, board, shape="straight", coverage="adjacency", rearrange="join", free_moves=1):
    """All legal end tables of one turn: {table key: dict(used=..., closed=..., depleted=...)}.

    ``table``: dict (row, col) -> value (any number of spirals anywhere); ``board``: the mover's
    dice.  Exhaustive; see the module docstring for the model and why it is complete.
    """
    return legal_end_tables(reachable_end_tables(table, board, rearrange, free_moves), shape, coverage)


# ---------------------------------------------------------------- random positions (seeded)
# Start tables in play are valid, so a share of the generated spirals is built valid for a
# reading drawn at random (a spiral valid under straight/adjacency is valid under all four);
# the rest get values drawn near their neighbours' or uniformly, valid or not.  (No spiral of
# 2 dice is valid, and no spiral of 4 under "straight".)
# The brute force is exponential in the dice that can move (see the module docstring), so the
# sizes come from the plans of PLANS, chosen to keep the test's sample within its time, inside
# the bounds: family "tables" has 1..3 spirals of 1..4 dice and 0..4 board dice; family "spiral"
# is one spiral and a 4-die board: 3..7 dice under "join", a lone die under "free" (two dice
# and a 4-die board already reach 150,000 states there, ~25 s).


def random_cells(rng, n):
    """n orthogonally connected cells grown at random from (0, 0), in growth order."""
    cells = [(0, 0)]
    while len(cells) < n:
        r, c = cells[int(rng.integers(len(cells)))]
        dr, dc = NEIGH[int(rng.integers(4))]
        if (r + dr, c + dc) not in cells:
            cells.append((r + dr, c + dc))
    return cells


def _near_values(rng, cells):
    """Values in growth order, each one off a random placed neighbour's (kept in 1..6)."""
    vals = {cells[0]: int(rng.integers(1, 7))}
    for q in cells[1:]:
        nb = [vals[n] for n in ((q[0] + 1, q[1]), (q[0] - 1, q[1]), (q[0], q[1] + 1), (q[0], q[1] - 1)) if n in vals]
        v = nb[int(rng.integers(len(nb)))] + (1 if rng.random() < 0.5 else -1)
        vals[q] = 2 if v < 1 else 5 if v > 6 else v
    return vals


def _sequence_built(rng, n, shape):
    """A spiral of n dice grown from sequences: a first x-y-z, then sequences through a placed die.

    Edges are the cells of even parity.  Returns None when the growth overshoots or gets stuck.
    """
    vals = {}
    y = (0, 0)
    a = int(rng.integers(2, 6))
    dirs = list(NEIGH)
    i = int(rng.integers(4))
    if shape == "straight":
        j = i ^ 1  # NEIGH pairs opposite directions at (0, 1) and (2, 3)
    else:
        j = (i + 1 + int(rng.integers(3))) % 4
    lo, hi = (a - 1, a + 1) if rng.random() < 0.5 else (a + 1, a - 1)
    vals[y] = a
    vals[(dirs[i][0], dirs[i][1])] = lo
    vals[(dirs[j][0], dirs[j][1])] = hi
    for _ in range(6 * n):
        if len(vals) >= n:
            break
        d = list(vals)[int(rng.integers(len(vals)))]
        if (d[0] + d[1]) % 2 == 0:  # d an edge: two nodes around it, values d-1 and d+1
            e, i = d, int(rng.integers(4))
            j = i ^ 1 if shape == "straight" else (i + 1 + int(rng.integers(3))) % 4
            x = (e[0] + dirs[i][0], e[1] + dirs[i][1])
            z = (e[0] + dirs[j][0], e[1] + dirs[j][1])
            want = {x: vals[e] - 1, z: vals[e] + 1} if rng.random() < 0.5 else {x: vals[e] + 1, z: vals[e] - 1}
        else:  # d a node: an edge next to it and a node beyond
            i = int(rng.integers(4))
            e = (d[0] + dirs[i][0], d[1] + dirs[i][1])
            ve = vals.get(e, vals[d] + (1 if rng.random() < 0.5 else -1))
            if shape == "straight":
                z = (e[0] + dirs[i][0], e[1] + dirs[i][1])
            else:
                k = int(rng.integers(4))
                z = (e[0] + dirs[k][0], e[1] + dirs[k][1])
            want = {e: ve, z: 2 * ve - vals[d]}
        if any(not 1 <= v <= 6 for v in want.values()) or any(vals.get(q, v) != v for q, v in want.items()):
            continue
        if all(q in vals for q in want) or len(vals) + sum(q not in vals for q in want) > n:
            continue
        vals.update(want)
    return vals if len(vals) == n else None


def random_spiral(rng, n, want_valid):
    """A random spiral of n dice at min row = min col = 0 (dict cell -> value).

    With ``want_valid`` it tries to be valid under a reading drawn at random (sequence-built or
    near values, checked with :func:`variant_validity`) and falls back to any values.
    """
    if want_valid and n > 2:  # a spiral of 2 dice is never valid (a sequence has 3 dice)
        shape, coverage = SHAPES[int(rng.integers(2))], COVERAGES[int(rng.integers(2))]
        for _ in range(40):
            vals = _sequence_built(rng, n, shape) if rng.random() < 0.7 else _near_values(rng, random_cells(rng, n))
            if vals is not None and variant_validity(vals)[(shape, coverage)]:
                break
        else:
            vals = _near_values(rng, random_cells(rng, n))
    elif rng.random() < 0.5:
        vals = _near_values(rng, random_cells(rng, n))
    else:
        vals = {q: int(rng.integers(1, 7)) for q in random_cells(rng, n)}
    r0 = min(r for r, _ in vals)
    c0 = min(c for _, c in vals)
    return {(r - r0, c - c0): v for (r, c), v in vals.items()}


def lay_out(rng, spirals):
    """The spirals side by side, each at a random height with 1 or 2 empty columns between them."""
    table, col = {}, int(rng.integers(-3, 4))
    for s in spirals:
        dr = int(rng.integers(-2, 3))
        for (r, c), v in s.items():
            table[(r + dr, c + col)] = v
        col += max(c for _, c in s) + 2 + int(rng.integers(2))
    return table


# Plans: (weight, family, the sizes each spiral is drawn from, the board sizes drawn from).
# A sample gives each plan its share of the positions by weight (the weights are the counts in a
# sample of 300).  Under "join" only whole spirals move; under "free" a taken-out die and the
# parts it leaves behind can be arranged in very many ways, so the "free" plans are smaller.
# Noted: mean brute-force seconds per position on one core; a 300-position sample takes about
# 35 s of one core under "join" and 20 s under "free".
PLANS = {
    "join": [
        (100, "tables", [(1, 2, 3, 4)], (0, 1, 2, 3)),  # 0.02 s
        (6, "tables", [(1, 2, 3, 4)], (4,)),  # 0.7 s
        (70, "tables", [(1, 2, 3, 4)] * 2, (0, 1)),  # 0.02 s
        (10, "tables", [(1, 2, 3, 4)] * 2, (2,)),  # 0.5 s
        (20, "tables", [(1,)] * 2, (3,)),  # 0.15 s
        (40, "tables", [(1, 2, 3, 4)] * 3, (0,)),  # 0.15 s
        (49, "tables", [(1,), (1,), (1, 2)], (1,)),  # 0.03 s
        (5, "spiral", [(3, 4, 5, 6, 7)], (4,)),  # 2.5 s (7 dice: up to ~10 s)
    ],
    "free": [
        (60, "tables", [(1,)], (0, 1, 2, 3)),  # 0.05 s
        (50, "tables", [(2,)], (0, 1, 2)),  # 0.02 s
        (4, "tables", [(2,)], (3,)),  # 0.7 s
        (50, "tables", [(3,)], (0, 1)),  # 0.03 s
        (4, "tables", [(3,)], (2,)),  # 0.6 s
        (30, "tables", [(4,)], (0, 1)),  # 0.15 s
        (35, "tables", [(1, 2)] * 2, (0, 1)),  # 0.07 s
        (25, "tables", [(1, 2, 3)] * 2, (0,)),  # 0.1 s
        (18, "tables", [(1,)] * 3, (0, 1)),  # 0.03 s
        (10, "tables", [(1,), (1,), (2,)], (0,)),  # 0.05 s
        (8, "tables", [(1,)] * 2, (2,)),  # 0.05 s
        (6, "spiral", [(1,)], (4,)),  # 0.4 s (2 dice: ~25 s)
    ],
}


def draw_position(rng, plan, j=0, valid_share=0.6):
    """(table, board, family): the ``j``-th position of a plan of :data:`PLANS` (a plan of one spiral
    takes its sizes in turn, so that every size comes up; more spirals draw theirs at random).
    Family "spiral" always tries for a valid spiral (its searches are the costly ones)."""
    _, family, sizes, boards = plan
    if family == "spiral":
        valid_share = 1.0
    if len(sizes) == 1:
        counts = [sizes[0][j % len(sizes[0])]]
    else:
        counts = [int(rng.choice(s)) for s in sizes]
    spirals = [random_spiral(rng, n, rng.random() < valid_share) for n in counts]
    board = tuple(int(v) for v in rng.integers(1, 7, size=int(rng.choice(boards))))
    return lay_out(rng, spirals), board, family


def sample_positions(rearrange, count, seed=0):
    """``count`` positions for ``rearrange``, reproducible from ``seed``: each plan of
    ``PLANS[rearrange]`` gets its share of ``count`` by weight (largest remainders round up)."""
    rng = np.random.default_rng([seed, 0 if rearrange == "join" else 1])
    plans = PLANS[rearrange]
    total = sum(p[0] for p in plans)
    exact = [count * p[0] / total for p in plans]
    quota = [int(x) for x in exact]
    for i in sorted(range(len(plans)), key=lambda i: quota[i] - exact[i])[: count - sum(quota)]:
        quota[i] += 1
    return [draw_position(rng, plan, j) for plan, q in zip(plans, quota, strict=True) for j in range(q)]


def brute_job(job):
    """One position, all 4 readings: (legal tables per (shape, coverage), states explored, seconds)."""
    table, board, rearrange, free_moves = job
    t0 = time.perf_counter()
    reach = reachable_end_tables(table, board, rearrange, free_moves)
    legal = legal_by_variant(reach)
    return legal, len(reach), time.perf_counter() - t0


# ---------------------------------------------------------------- running and comparing


def run_jobs(fn, jobs, workers=2):
    """``fn`` over ``jobs`` in order, in ``workers`` forked processes when there are cores for them."""
    workers = min(workers, os.cpu_count() or 1, len(jobs))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        yield from map(fn, jobs)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(fn, jobs, chunksize=1)


def fast_job(job):
    """The engine's legal turns for one position, keyed with :func:`table_key` of each ``turn.table``.

    With :func:`closing_job`, the only functions here that call ``negenlab``.  Returns (tables, duplicated keys, complete).
    """
    from negenlab.negen import Rules, legal_turns

    table, board, shape, coverage, rearrange, free_moves = job
    rules = Rules(sequence_shape=shape, coverage=coverage, rearrange=rearrange, free_moves=free_moves)
    res = legal_turns(table, board=tuple(board), rules=rules)
    tables, dups = {}, []
    for t in res.turns:
        key = table_key(dict(t.table.items()))
        if key in tables:
            dups.append(key)
        tables[key] = dict(used=tuple(t.used), closed=bool(t.closed), depleted=bool(t.depleted))
    return tables, dups, bool(res.complete)


def table_text(table):
    """Text rows ('.' for empty cells) of a table given as dict cell -> value."""
    if not table:
        return "(empty)"
    r0, r1 = min(r for r, _ in table), max(r for r, _ in table)
    c0, c1 = min(c for _, c in table), max(c for _, c in table)
    return "\n".join(
        " ".join(str(table[(r, c)]) if (r, c) in table else "." for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1)
    )


def key_text(key):
    return table_text(key_table(key))


def compare(position, brute_tables, fast_result):
    """A report of every difference between the brute force and the engine for one position ('' if none)."""
    table, board = position[0], position[1]
    fast_tables, dups, complete = fast_result
    missing = sorted(set(brute_tables) - set(fast_tables))
    extra = sorted(set(fast_tables) - set(brute_tables))
    wrong = [k for k in sorted(set(brute_tables) & set(fast_tables)) if brute_tables[k] != fast_tables[k]]
    if complete and not (dups or missing or extra or wrong):
        return ""
    lines = [f"start table (board {tuple(board)}):", table_text(table)]
    if not complete:
        lines.append("legal_turns says it is not complete")
    for title, keys in (
        ("MISSING (brute force has it, legal_turns not)", missing),
        ("EXTRA (legal_turns has it, brute force not)", extra),
    ):
        if keys:
            lines.append(f"{title}: {len(keys)}")
            for k in keys:
                facts = brute_tables.get(k) or fast_tables.get(k)
                lines += ["  " + ln for ln in key_text(k).splitlines()] + [f"    {facts}"]
    for k in wrong:
        lines += ["facts differ for:"] + ["  " + ln for ln in key_text(k).splitlines()]
        lines.append(f"    brute force {brute_tables[k]}  legal_turns {fast_tables[k]}")
    for k in dups:
        lines += ["DUPLICATE end table in legal_turns:"] + ["  " + ln for ln in key_text(k).splitlines()]
    return "\n".join(lines)


def closing_job(job):
    """The engine's ``find_closing_turn`` for one position: None, or (brute table key, used, closed, depleted).
    Like :func:`fast_job`, it calls ``negenlab``."""
    from negenlab.negen import Rules, find_closing_turn

    table, board, shape, coverage, rearrange, free_moves = job
    rules = Rules(sequence_shape=shape, coverage=coverage, rearrange=rearrange, free_moves=free_moves)
    turn = find_closing_turn(table, board=tuple(board), rules=rules)
    if turn is None:
        return None
    return table_key(dict(turn.table.items())), tuple(turn.used), bool(turn.closed), bool(turn.depleted)


def closing_report(position, brute_tables, found):
    """'' when ``find_closing_turn`` agrees with the brute force on one position, else what differs:
    a closing turn the engine missed, or a turn it returned that is not legal or does not close."""
    table, board = position[0], position[1]
    brute_closing = sorted(k for k, f in brute_tables.items() if f["closed"])
    head = f"start table (board {tuple(board)}):\n{table_text(table)}\n"
    if found is None:
        if brute_closing:
            return (
                head
                + f"MISSED: find_closing_turn says none, the brute force has {len(brute_closing)}, e.g.\n"
                + (key_text(brute_closing[0]))
            )
        return ""
    key, used, closed, depleted = found
    facts = brute_tables.get(key)
    if facts is None:
        return head + f"NOT LEGAL: find_closing_turn returned\n{key_text(key)}"
    if not (closed and facts["closed"] and facts["used"] == used and facts["depleted"] == depleted):
        return head + f"WRONG FACTS for\n{key_text(key)}\n  brute {facts}, engine used={used} closed={closed}"
    return ""
