"""Brute-force Necklace rules for the tests: simple, slow and obviously right.

Crosscut: scan every 2x2 block of the board. Seclusion: flood fill the empty points
from the edge points and see whether every empty point was reached. Win: flood fill a
colour from one of its edges and see whether the other edge was reached.
"""

from __future__ import annotations

import numpy as np

RED, BLUE = 1, 2


def has_crosscut(b: np.ndarray) -> bool:
    """Any 2x2 block whose diagonals are two stones of one colour and two of the other."""
    a, x, y, d = b[:-1, :-1], b[:-1, 1:], b[1:, :-1], b[1:, 1:]
    return bool(((a != 0) & (x != 0) & (a == d) & (x == y) & (a != x)).any())


def has_secluded(b: np.ndarray) -> bool:
    """Flood fill the empty points from the empty edge points; any empty point left over is secluded."""
    n = b.shape[0]
    g = b.tolist()
    seen = [[False] * n for _ in range(n)]
    todo = [(r, c) for r in range(n) for c in range(n) if (r in (0, n - 1) or c in (0, n - 1)) and g[r][c] == 0]
    for r, c in todo:
        seen[r][c] = True
    count = len(todo)
    while todo:
        r, c = todo.pop()
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < n and 0 <= cc < n and g[rr][cc] == 0 and not seen[rr][cc]:
                seen[rr][cc] = True
                count += 1
                todo.append((rr, cc))
    return sum(row.count(0) for row in g) != count


def is_valid(b: np.ndarray) -> bool:
    return not has_crosscut(b) and not has_secluded(b)


def reasons(b: np.ndarray, r: int, c: int, colour: int) -> tuple[bool, bool]:
    """(crosscut, seclusion) for a ``colour`` stone at empty (r, c)."""
    t = b.copy()
    t[r, c] = colour
    return has_crosscut(t), has_secluded(t)


def legal_moves(b: np.ndarray, colour: int) -> list[tuple[int, int]]:
    n = b.shape[0]
    out = []
    for r in range(n):
        for c in range(n):
            if b[r, c] == 0 and not any(reasons(b, r, c, colour)):
                out.append((r, c))
    return out


def connects(b: np.ndarray, colour: int) -> bool:
    n = b.shape[0]
    if colour == RED:
        start = [(0, c) for c in range(n) if b[0, c] == RED]
        goal = lambda r, c: r == n - 1  # noqa: E731
    else:
        start = [(r, 0) for r in range(n) if b[r, 0] == BLUE]
        goal = lambda r, c: c == n - 1  # noqa: E731
    seen = set(start)
    todo = list(start)
    while todo:
        r, c = todo.pop()
        if goal(r, c):
            return True
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < n and 0 <= cc < n and b[rr, cc] == colour and (rr, cc) not in seen:
                seen.add((rr, cc))
                todo.append((rr, cc))
    return False


def minimax(b: np.ndarray, to_move: int, memo: dict) -> int:
    """Perfect-play result (+1 red wins, -1 blue wins, 0 draw) with the skip rule; memoised, no pruning."""
    key = (b.tobytes(), to_move)
    if key in memo:
        return memo[key]
    moves = legal_moves(b, to_move)
    if not moves:
        other = 3 - to_move
        if not legal_moves(b, other):
            memo[key] = 0
            return 0
        v = minimax(b, other, memo)
        memo[key] = v
        return v
    vals = []
    for r, c in moves:
        t = b.copy()
        t[r, c] = to_move
        if connects(t, to_move):
            v = 1 if to_move == RED else -1
        else:
            v = minimax(t, 3 - to_move, memo)
        vals.append(v)
    v = max(vals) if to_move == RED else min(vals)
    memo[key] = v
    return v


def random_scatter(n: int, rng: np.random.Generator, tries: int | None = None) -> np.ndarray:
    """A valid position built by dropping random stones at random points, keeping a drop only
    when the board stays valid (no crosscut, no secluded point). Colour counts are arbitrary."""
    b = np.zeros((n, n), dtype=np.int8)
    target = int(rng.integers(0, n * n + 1))
    for _ in range(tries or 3 * n * n):
        if int((b != 0).sum()) >= target:
            break
        r, c = (int(v) for v in rng.integers(0, n, size=2))
        if b[r, c]:
            continue
        b[r, c] = int(rng.integers(1, 3))
        if not is_valid(b):
            b[r, c] = 0
    return b
