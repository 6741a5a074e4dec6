"""Turn search against brute force written independently of negenlab.negen.turns.

Two references, both deliberately naive:
- ``final_tables_adds_only``: for a table that is ONE spiral (no join possible), the
  reachable end tables are exactly the table plus any placement of a sub-multiset of the
  board in a bounding box such that everything is one connected group; enumerated directly.
- ``naive_turns``: every sequence of actions (add / join) played out on exact cell sets,
  no pruning, no translation memo, no priorities; end tables deduplicated by translation.
Validity is judged by ``valid_spiral`` below (a literal transcription of the rules page).
"""
from __future__ import annotations

import itertools
import random

import pytest

from negenlab.negen.rules import Rules
from negenlab.negen.turns import legal_turns

NEI = ((0, 1), (1, 0), (0, -1), (-1, 0))


def groups(cells):
    left = set(cells)
    out = []
    while left:
        seed = left.pop()
        g, todo = {seed}, [seed]
        while todo:
            r, c = todo.pop()
            for dr, dc in NEI:
                q = (r + dr, c + dc)
                if q in left:
                    left.remove(q)
                    g.add(q)
                    todo.append(q)
        out.append(g)
    return out


def valid_spiral(vals, rules):
    """Literal rules: a single die, or an interpretation under which coverage holds."""
    if len(vals) == 1:
        return True
    adjacent = [(a, b) for a in vals for b in vals if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
    for edge_parity in (0, 1):
        seqs = []
        for y in vals:
            if sum(y) % 2 != edge_parity:
                continue
            for x in vals:
                for z in vals:
                    if x >= z or abs(x[0] - y[0]) + abs(x[1] - y[1]) != 1 or abs(z[0] - y[0]) + abs(z[1] - y[1]) != 1:
                        continue
                    straight = (x[0] + z[0], x[1] + z[1]) == (2 * y[0], 2 * y[1])
                    if rules.sequence_shape == "straight" and not straight:
                        continue
                    if sorted([vals[x], vals[z]]) == [vals[y] - 1, vals[y] + 1]:
                        seqs.append({x, y, z})
        if rules.coverage == "die":
            if set().union(*seqs) == set(vals) if seqs else False:
                return True
        else:
            if all(any(a in s and b in s for s in seqs) for a, b in adjacent):
                return True
    return False


def table_ok(cells, rules):
    return all(valid_spiral({p: cells[p] for p in g}, rules) for g in groups(cells))


def norm(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0, v) for (r, c), v in cells.items()))


def final_tables_adds_only(table, board, rules):
    rs = [r for r, _ in table]
    cs = [c for _, c in table]
    k = len(board)
    box = [(r, c) for r in range(min(rs) - k, max(rs) + k + 1) for c in range(min(cs) - k, max(cs) + k + 1)
           if (r, c) not in table]
    out = set()
    for n in range(len(board) + 1):
        for idx in set(itertools.combinations(range(len(board)), n)):
            values = [board[i] for i in idx]
            for where in itertools.permutations(box, n):
                cells = dict(table)
                cells.update(zip(where, values))
                if len(groups(cells)) == 1 and table_ok(cells, rules):
                    out.add(norm(cells))
    return out


def rotate(p, k):
    r, c = p
    for _ in range(k):
        r, c = c, -r
    return r, c


def naive_turns(table, board, rules):
    start = (frozenset(table.items()), tuple(board))
    seen = {start}
    todo = [start]
    finals = set()
    while todo:
        state = todo.pop()
        items, bd = state
        cells = dict(items)
        if table_ok(cells, rules):
            finals.add(norm(cells))
        if board and not bd:
            continue  # depletion: the turn ended with the last add
        nxt = []
        for i, v in enumerate(bd):
            for (r, c) in list(cells):
                for dr, dc in NEI:
                    q = (r + dr, c + dc)
                    if q not in cells:
                        new = dict(cells)
                        new[q] = v
                        nxt.append((frozenset(new.items()), bd[:i] + bd[i + 1:]))
        gs = groups(cells)
        for g in gs:
            rest = {p: v for p, v in cells.items() if p not in g}
            if not rest:
                continue
            for k in range(4):
                moved = {rotate(p, k): cells[p] for p in g}
                for (ar, ac) in moved:
                    for (br, bc) in rest:
                        for dr, dc in NEI:
                            off = (br + dr - ar, bc + dc - ac)
                            placed = {(r + off[0], c + off[1]): v for (r, c), v in moved.items()}
                            if any(p in rest for p in placed):
                                continue
                            new = dict(rest)
                            new.update(placed)
                            nxt.append((frozenset(new.items()), bd))
        for s in nxt:
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return finals


RULESETS = [Rules(), Rules(sequence_shape="bent"), Rules(coverage="adjacency"),
            Rules(sequence_shape="bent", coverage="adjacency")]


def random_spiral(rng, n):
    """A random connected group of n cells with random values (valid or not)."""
    cells = {(0, 0): rng.randint(1, 6)}
    while len(cells) < n:
        r, c = rng.choice(list(cells))
        dr, dc = rng.choice(NEI)
        if (r + dr, c + dc) not in cells:
            cells[(r + dr, c + dc)] = rng.randint(1, 6)
    return cells


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r.sequence_shape}-{r.coverage}")
def test_single_spiral_adds_match_direct_enumeration(rules):
    rng = random.Random(11)
    checked = 0
    while checked < 12:
        n = rng.randint(1, 3)
        table = random_spiral(rng, n)
        if not table_ok(table, rules):
            continue
        board = tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 2)))
        # bias towards boards that can extend the spiral
        if rng.random() < 0.6:
            v = rng.choice(list(table.values()))
            board = tuple(min(6, max(1, v + rng.choice((-1, 1)))) for _ in board)
        got = legal_turns(table, board=board, rules=rules)
        assert got.complete and got.stopped is None
        assert {t.key for t in got.turns} == final_tables_adds_only(table, board, rules), (table, board)
        checked += 1


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r.sequence_shape}-{r.coverage}")
def test_several_spirals_match_naive_action_search(rules):
    rng = random.Random(5)
    for _ in range(6):
        # 2-3 single dice far apart (valid spirals), 1-2 board dice
        n = rng.randint(2, 3)
        values = [rng.randint(2, 5) for _ in range(n)]
        table = {(0, 3 * i): v for i, v in enumerate(values)}
        board = tuple(rng.choice([values[0] - 1, values[0] + 1, rng.randint(1, 6)]) for _ in range(rng.randint(1, 2)))
        got = legal_turns(table, board=board, rules=rules)
        assert got.complete
        assert {t.key for t in got.turns} == naive_turns(table, board, rules), (table, board)


def test_two_die_spiral_plus_single_matches_naive():
    rules = Rules(sequence_shape="bent")
    for table, board in [({(0, 0): 3, (0, 1): 4, (0, 2): 5, (3, 0): 2}, (1,)),
                         ({(0, 0): 2, (0, 1): 3, (0, 2): 4, (3, 3): 5}, (6, 3)),
                         ({(0, 0): 4, (2, 0): 3, (4, 0): 5}, (2,))]:
        got = legal_turns(table, board=board, rules=rules)
        assert {t.key for t in got.turns} == naive_turns(table, board, rules)
        assert {t.key for t in legal_turns(table, board=board).turns} == naive_turns(table, board, Rules())
