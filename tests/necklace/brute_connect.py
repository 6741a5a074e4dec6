"""Brute-force answers to the connection engine's questions, from the game's public rules alone.

Nothing here reads ``negenlab.necklace.connect``: moves and their legality come from
:class:`negenlab.necklace.State` (``legal_moves``, ``play``), groups from a flood fill written here,
and perfect-play values from the game's exact solver (or the memoised minimax of
``tests/necklace/brute.py``).

- :func:`unbreakable_pairs`: the diagonal pairs of a colour's stones (in different groups) that the
  opponent, moving first, cannot keep apart: after every legal move of the opponent that does not win
  at once, the owner has a legal move after which the two stones are in one group.
- :func:`stays_answerable`: a carrier's answer stays legal after any one or two placements elsewhere.
- :func:`value`: the perfect-play result (+1 red, -1 blue, 0 draw) with a colour to move.
- :func:`reachable`: every position reachable from the empty board (no swap), with the colour to move.
"""

from __future__ import annotations

import numpy as np

from negenlab.necklace import State
from negenlab.necklace.solver import ProofSearch

from . import brute

RED, BLUE = 1, 2
NAME = {RED: "red", BLUE: "blue"}
VALUE = {"red": 1, "blue": -1, "draw": 0}


def group_of(b: np.ndarray, p: tuple[int, int]) -> set:
    """The points of the orthogonally connected group of the stone at ``p``."""
    n = b.shape[0]
    colour = b[p]
    seen = {p}
    todo = [p]
    while todo:
        r, c = todo.pop()
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= q[0] < n and 0 <= q[1] < n and b[q] == colour and q not in seen:
                seen.add(q)
                todo.append(q)
    return seen


def diagonal_pairs(b: np.ndarray, colour: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of ``colour`` stones on a diagonal, in different groups, each pair once (a above b)."""
    n = b.shape[0]
    out = []
    for r in range(n - 1):
        for c in range(n):
            for dc in (-1, 1):
                a, d = (r, c), (r + 1, c + dc)
                if 0 <= d[1] < n and b[a] == colour and b[d] == colour and d not in group_of(b, a):
                    out.append((a, d))
    return out


def shared(a, d) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two points next to both stones of a diagonal pair, sorted."""
    return tuple(sorted(((a[0], d[1]), (d[0], a[1]))))  # type: ignore[return-value]


def _state(b: np.ndarray, colour: int) -> State:
    return State.from_array(b.copy(), NAME[colour])


def unbreakable_pairs(
    b: np.ndarray, colour: int, via_carrier: bool = False
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The diagonal pairs of ``colour`` the opponent, moving first, cannot keep apart (module text);
    ``via_carrier``: only the owner's answers on one of the pair's two shared points count."""
    pairs = diagonal_pairs(b, colour)
    if not pairs:
        return []
    opp = 3 - colour
    s = _state(b, opp)
    if s.is_over:
        return []
    keep = set(pairs)
    if s.to_move != opp:  # the opponent has no legal move and is skipped: the owner moves now
        replies = [s]
    else:
        replies = []
        for m in s.legal_moves():
            t = s.copy()
            t.play(m)
            if t.winner == NAME[opp]:
                continue
            replies.append(t)
    for t in replies:
        if t.to_move != colour or t.is_over:
            keep.clear()  # the owner is skipped (or nobody can move): it cannot answer
            break
        answers = []
        for m in t.legal_moves():
            u = t.board.reshape(t.n, t.n).copy()
            u[m] = colour
            answers.append((m, u))
        for pair in list(keep):
            where = shared(*pair)
            if not any(pair[1] in group_of(u, pair[0]) for m, u in answers if not via_carrier or m in where):
                keep.discard(pair)
        if not keep:
            break
    return [p for p in pairs if p in keep]


def legal_for(b: np.ndarray, colour: int, p: tuple[int, int]) -> bool:
    """Whether ``colour`` may place at ``p`` on board ``b`` (a position nobody has won)."""
    s = _state(b, colour)
    return not s.is_over and s.to_move == colour and p in s.legal_moves()


def stays_answerable(b: np.ndarray, colour: int, carrier, depth: int) -> bool:
    """After any ``depth`` (1 or 2) legal placements of either colour outside ``carrier`` (a game not
    yet won), the opponent's stone on either carrier point, when legal, leaves the owner's stone on the
    other legal."""
    opp = 3 - colour
    n = b.shape[0]

    def answerable(x: np.ndarray) -> bool:
        for i in (0, 1):
            q, other = carrier[i], carrier[1 - i]
            if x[q] != 0 or x[other] != 0 or not legal_for(x, opp, q):
                continue
            y = x.copy()
            y[q] = opp
            if brute.connects(y, opp):
                continue
            if not legal_for(y, colour, other):
                return False
        return True

    frontier = [b]
    for _ in range(depth):
        nxt = []
        for x in frontier:
            for who in (RED, BLUE):
                for r in range(n):
                    for c in range(n):
                        if (r, c) in carrier or x[r, c] != 0 or not legal_for(x, who, (r, c)):
                            continue
                        y = x.copy()
                        y[r, c] = who
                        if brute.connects(y, who):
                            continue
                        if not answerable(y):
                            return False
                        nxt.append(y)
        frontier = nxt
    return True


def value(b: np.ndarray, to_move: int, memo: dict) -> int:
    """+1 red wins, -1 blue wins, 0 draw, with perfect play (a won board is its winner): the game's exact
    solver (df-pn without the connection engine, itself checked against ``brute.minimax`` in
    ``test_solver.py``), memoised in ``memo``; ``memo["minimax"] = True`` uses ``brute.minimax`` instead."""
    if brute.connects(b, RED):
        return 1
    if brute.connects(b, BLUE):
        return -1
    if memo.get("minimax"):
        return brute.minimax(b, to_move, memo)
    key = (b.tobytes(), to_move)
    if key not in memo:
        n = b.shape[0]
        if ("search", n) not in memo:
            memo["search", n] = ProofSearch(n, tt_bits=18)
        search = memo["search", n]
        memo[key] = VALUE[search.value(b.reshape(-1), to_move)]
    return memo[key]


def reachable(n: int) -> list[tuple[np.ndarray, int]]:
    """Every position reachable from the empty ``n`` x ``n`` board without swap that nobody has won,
    with the colour to move (skips applied), by breadth-first play through ``State.play``."""
    start = State.initial(n, swap=False)
    seen = {(start.board.tobytes(), start.to_move)}
    layer = [start]
    out = []
    while layer:
        nxt = []
        for s in layer:
            out.append((s.board.reshape(n, n).copy(), int(s.to_move)))
            for m in s.legal_moves():
                t = s.copy()
                t.play(m)
                if t.is_over:
                    continue
                key = (t.board.tobytes(), t.to_move)
                if key not in seen:
                    seen.add(key)
                    nxt.append(t)
        layer = nxt
    return out


def sampled(n: int, games: int, seed: int) -> list[tuple[np.ndarray, int]]:
    """Every position (nobody has won) of ``games`` uniformly random games on ``n`` x ``n``, with the
    colour to move; repeats dropped."""
    rng = np.random.default_rng(seed)
    seen = set()
    out = []
    for _ in range(games):
        s = State.initial(n, swap=False)
        while not s.is_over:
            key = (s.board.tobytes(), s.to_move)
            if key not in seen:
                seen.add(key)
                out.append((s.board.reshape(n, n).copy(), int(s.to_move)))
            moves = s.legal_moves()
            s.play(moves[int(rng.integers(len(moves)))])
    return out
