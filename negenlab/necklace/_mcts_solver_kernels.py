"""Compiled MCTS-Solver for Necklace (Winands, Björnsson and Saito 2008), on the UCT of ``_kernels.mcts``.

Every node carries, besides its visits and mean reward, a proved result: -1 open, 0 draw, 1 red wins,
2 blue wins with perfect play. Proofs come from the ends of the game and travel up the tree:

- a child whose placement connects its colour's edges is a proved win for that colour;
- a position where nobody can place is a proved draw (none is reachable, the engine checks anyway);
- with ``engine >= 1``, a position where a colour has a blocking win of the connection engine
  (:func:`negenlab.necklace.connect.blocking_win_kernel`, a win whoever moves) is a proved win for it;
- with ``engine >= 2``, the mover's moves are confined to the must-play region
  (:func:`negenlab.necklace.connect.engine_moves`): a move outside it loses, so it gets no child, and a
  position whose region holds no legal move is a proved loss for the mover;
- a position is a proved win for its mover when some child is, a proved loss when every child is a
  proved win for the other colour (a draw when the best of all-proved children is a draw).

Selection skips proved children, the search stops once the root is proved, and the caller plays a
proved win when the root has one (``winners`` says which children are proved, and for whom).

>>> import numpy as np
>>> from negenlab.necklace._kernels import make_rng_state
>>> b = np.zeros(9, dtype=np.int8); b[1] = 1; b[3] = 2    # R at (0, 1), B at (1, 0), Red to move
>>> moves, visits, values, winners, root, done, used = mcts_solver(b, 3, 1, 200, 1.4, make_rng_state(0), 10_000, 2)
>>> int(root), int(moves[list(winners).index(1)]) in (4, 5, 7)   # Red wins, and a child proves it
(1, True)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._kernels import _playout_inplace, _randint, legal_list, playout_scratch, wins_through
from .connect import blocking_win_kernel, engine_moves

OPEN = -1


@njit(cache=True)
def settle(node, node_to_move, winner, child_start, n_children):
    """The proved result of ``node`` from its children (-1 when still open): the mover's win if some
    child is one; else, every child proved, the best of them for the mover (a draw before a loss)."""
    colour = node_to_move[node]
    start = child_start[node]
    k = n_children[node]
    if k <= 0:
        return OPEN
    all_proved = True
    any_draw = False
    for ch in range(start, start + k):
        w = winner[ch]
        if w == colour:
            return colour
        if w < 0:
            all_proved = False
        elif w == 0:
            any_draw = True
    if not all_proved:
        return OPEN
    return 0 if any_draw else 3 - colour


@njit(cache=True)
def mcts_solver(board_root, n, to_move, simulations, c_uct, seed_state, max_nodes, engine):
    """MCTS-Solver from a position with ``to_move`` (1/2) to move and a legal placement (module text).

    ``engine``: 0 only connected edges end the game; 1 also blocking wins of either colour; 2 also the
    must-play region. Returns ``(moves, visits, values, winners, root, simulations_done, nodes_used)``:
    the root's children (``values`` the mean reward of ``to_move``, ``winners`` each child's proved
    result, -1 open) and the root's proved result. The search stops early when the root is proved or
    the node budget ``max_nodes`` runs out (``simulations_done`` says how many ran).
    """
    N = n * n
    child_start = np.empty(max_nodes, dtype=np.int32)
    n_children = np.empty(max_nodes, dtype=np.int32)
    next_unvisited = np.empty(max_nodes, dtype=np.int32)
    move = np.empty(max_nodes, dtype=np.int32)
    node_to_move = np.empty(max_nodes, dtype=np.int8)
    winner = np.empty(max_nodes, dtype=np.int8)  # -1 open, 0 draw, 1/2 proved winner
    mover = np.empty(max_nodes, dtype=np.int8)
    visits = np.zeros(max_nodes, dtype=np.float64)
    value = np.zeros(max_nodes, dtype=np.float64)

    board = board_root.copy()
    art, disc, low, parent, nxt, stack, uf, moves, record = playout_scratch(n)
    order = np.arange(N)
    stamp = np.zeros(N, dtype=np.int32)
    path = np.empty(2 * N + 4, dtype=np.int32)
    carrier = np.zeros(N, dtype=np.bool_)
    at_once = np.zeros(N, dtype=np.bool_)
    gen = 0

    used = 1
    n_children[0] = -1
    node_to_move[0] = to_move
    winner[0] = OPEN
    mover[0] = 3 - to_move
    visits[0] = 0.0
    value[0] = 0.0
    done = 0
    for _ in range(simulations):
        if winner[0] >= 0:
            break  # the root is proved: nothing left to search
        for i in range(N):
            board[i] = board_root[i]
        node = 0
        depth = 0
        path[0] = 0
        result = -1
        while True:
            if winner[node] >= 0:
                result = winner[node]
                break
            colour = np.int64(node_to_move[node])  # the engine's kernels read colours as int64
            if n_children[node] < 0:  # expand: the mover's moves, those that win at once first
                k = legal_list(board, n, colour, order, moves, art, disc, low, parent, nxt, stack)
                wins_now = 0
                for i in range(k):
                    p = moves[i]
                    board[p] = colour
                    gen += 1
                    at_once[i] = wins_through(board, n, p, stamp, gen, stack)
                    board[p] = 0
                    if at_once[i]:
                        wins_now += 1
                if node != 0 and wins_now > 0:
                    winner[node] = colour  # a proved win; no children needed below the root
                    n_children[node] = 0
                    result = colour
                    break
                if engine >= 2 and wins_now == 0:
                    kept = engine_moves(board, n, colour, moves, k, False)
                    if node != 0 and kept <= 0:
                        winner[node] = colour if kept < 0 else 3 - colour
                        n_children[node] = 0
                        result = winner[node]
                        break
                    if kept > 0:
                        k = kept  # outside the must-play region every move loses
                    # at the root a proved result still needs a move: keep every legal one
                if used + k > max_nodes:
                    break
                child_start[node] = used
                n_children[node] = k
                next_unvisited[node] = 0
                for i in range(k - 1, 0, -1):  # unvisited children are tried in random order
                    j = _randint(seed_state, i + 1)
                    tmp = moves[i]
                    moves[i] = moves[j]
                    moves[j] = tmp
                    flag = at_once[i]
                    at_once[i] = at_once[j]
                    at_once[j] = flag
                for i in range(k):
                    ch = used + i
                    move[ch] = moves[i]
                    n_children[ch] = -1
                    node_to_move[ch] = 0
                    winner[ch] = colour if (wins_now > 0 and at_once[i]) else OPEN
                    mover[ch] = colour
                    visits[ch] = 0.0
                    value[ch] = 0.0
                used += k
                if wins_now > 0:  # the root wins at once: proved, its winning children marked
                    winner[node] = colour
                    result = colour
                    break
            start = child_start[node]
            if next_unvisited[node] < n_children[node]:
                ch = start + next_unvisited[node]
                next_unvisited[node] += 1
                p = move[ch]
                board[p] = colour
                depth += 1
                path[depth] = ch
                if winner[ch] >= 0:
                    result = winner[ch]
                    break
                other = 3 - colour
                if legal_list(board, n, other, order, moves, art, disc, low, parent, nxt, stack) > 0:
                    node_to_move[ch] = other
                elif legal_list(board, n, colour, order, moves, art, disc, low, parent, nxt, stack) > 0:
                    node_to_move[ch] = colour
                else:
                    winner[ch] = 0
                    result = 0
                    break
                if engine >= 1:
                    if blocking_win_kernel(board, n, colour, carrier):
                        winner[ch] = colour
                    elif blocking_win_kernel(board, n, other, carrier):
                        winner[ch] = other
                    if winner[ch] >= 0:
                        result = winner[ch]
                        break
                w, _, _ = _playout_inplace(
                    board, n, node_to_move[ch], seed_state, uf, moves, art, disc, low, parent, nxt, stack, record
                )
                result = w
                break
            # every child visited: UCT over the children not yet proved
            logn = np.log(visits[node])
            best = -1
            best_score = -1e300
            for ch in range(start, start + n_children[node]):
                if winner[ch] >= 0:
                    continue
                s = value[ch] / visits[ch] + c_uct * np.sqrt(logn / visits[ch])
                if s > best_score:
                    best_score = s
                    best = ch
            if best < 0:  # every child proved (settled below, kept here as a guard)
                winner[node] = settle(node, node_to_move, winner, child_start, n_children)
                result = winner[node]
                break
            board[move[best]] = colour
            depth += 1
            path[depth] = best
            node = best
        if result < 0:
            break  # node budget exhausted
        done += 1
        for d in range(depth + 1):
            nd = path[d]
            visits[nd] += 1.0
            if result == 0:
                value[nd] += 0.5
            elif result == mover[nd]:
                value[nd] += 1.0
        for d in range(depth, 0, -1):  # proofs travel up while they settle their parents
            if winner[path[d]] < 0:
                break
            up = path[d - 1]
            if winner[up] < 0:
                winner[up] = settle(up, node_to_move, winner, child_start, n_children)
            if winner[up] < 0:
                break
    k = n_children[0] if n_children[0] > 0 else 0
    s = child_start[0]
    out_moves = np.empty(k, dtype=np.int32)
    out_visits = np.empty(k, dtype=np.float64)
    out_values = np.empty(k, dtype=np.float64)
    out_winners = np.empty(k, dtype=np.int8)
    for i in range(k):
        out_moves[i] = move[s + i]
        out_visits[i] = visits[s + i]
        out_values[i] = value[s + i] / visits[s + i] if visits[s + i] > 0 else 0.5
        out_winners[i] = winner[s + i]
    return out_moves, out_visits, out_values, out_winners, winner[0], done, used
