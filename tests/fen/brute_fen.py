"""A brute-force reference for FEN game values, to cross-check the exact solver against.

It uses only the engine's micro-action API (``legal_actions``, ``apply``, ``clone``,
``is_terminal``, ``returns``, ``colour``, ``owner``, ``phase``, ``turn_number``) and plain
Python: whole turns are found by a depth-first search over micro-actions
(:func:`whole_turns`), and positions are valued by negamax over whole turns with a memo
(:func:`brute_opening_values`). Nothing is shared with a solver; it is meant to be slow and
obviously right, and it refuses (:class:`ReferenceGaveUp`) rather than give a partial answer.

>>> values = brute_opening_values("triangle:1")
>>> sorted(values.items())[:2]
[(('edges', (0,)), 1), (('edges', (1,)), 1)]
>>> brute_summary(values)
{'winner': 'first player', 'winner_with_pie': 'second player'}
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any

from negenlab.fen import FenGame, FenState, Tessellation, make_game
from negenlab.fen.boards import parse_board
from negenlab.fen.game import START

Turn = tuple[str, tuple[int, ...], FenState]
OUTCOME = {1: "first player", 0: "draw", -1: "second player"}


class ReferenceGaveUp(RuntimeError):
    """The search needed more than ``max_positions`` memo entries; no answer is given."""


def _game(board: Tessellation | str, rules: dict[str, Any]) -> FenGame:
    if isinstance(board, str):
        board = parse_board(board)
    return make_game(board, **rules)


def whole_turns(state: FenState) -> list[Turn]:
    """Every distinct legal whole turn from ``state`` (at the start of a turn), as
    ``(kind, items, resulting state)``; ``state`` itself is not changed.

    ``kind`` is ``"nodes"`` (items: node indices), ``"edges"`` (edge indices 0..E-1),
    ``"capture"`` (face indices) or ``"swap"`` (no items); items are sorted. A turn is over
    when the state is terminal or back at the start of a turn with ``turn_number`` increased
    (a skipped opponent leaves the same colour to move; the engine does that bookkeeping).
    Different micro-orders of the same items are one turn (and must give the same owners).

    >>> turns = whole_turns(make_game("square:1x1", pie_rule=False).new_initial_state())
    >>> len(turns), turns[0][:2], turns[-1][:2]   # 4 nodes + 4 edges, one of them per turn
    (8, ('nodes', (0,)), ('edges', (3,)))
    """
    if state.is_terminal() or state.phase != START:
        raise ValueError("whole_turns needs a position at the start of a turn")
    t = state.game.tessellation
    V, E, F = t.num_nodes, t.num_edges, t.num_faces
    face0, swap, stop = V + E, V + E + F, V + E + F + 1
    turn0 = state.turn_number
    found: dict[tuple[str, tuple[int, ...]], FenState] = {}

    def label(path: list[int]) -> tuple[str, tuple[int, ...]]:
        first = path[0]
        if first == swap:
            assert path == [swap], path
            return "swap", ()
        acts = [a for a in path if a != stop]
        assert stop not in path or path[-1] == stop, path
        if first < V:
            assert all(a < V for a in acts), path
            return "nodes", tuple(sorted(acts))
        if first < face0:
            assert all(V <= a < face0 for a in acts), path
            return "edges", tuple(sorted(a - V for a in acts))
        assert all(face0 <= a < swap for a in acts), path
        return "capture", tuple(sorted(a - face0 for a in acts))

    def dfs(s: FenState, path: list[int]) -> None:
        for a in s.legal_actions():
            child = s.clone()
            child.apply(a)
            p = path + [a]
            if child.is_terminal() or (child.phase == START and child.turn_number > turn0):
                assert child.is_terminal() or child.turn_number == turn0 + 1, p
                key = label(p)
                if key not in found:
                    found[key] = child
                elif _position(found[key]) != _position(child):
                    raise AssertionError(f"{key}: different micro-orders give different positions")
            else:
                assert child.turn_number == turn0 and child.current_player == s.current_player, p
                dfs(child, p)

    dfs(state, [])
    return [(kind, items, s) for (kind, items), s in found.items()]


def _position(s: FenState) -> tuple:
    """What a whole turn must leave the same whichever micro-order played it."""
    return s.owner, s.colour, s.is_terminal()


@contextmanager
def _deep_recursion(limit: int = 10_000):
    """The search recurses once per turn (and per placement within a turn): allow for that."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _value_for(colour: int, terminal: FenState) -> int:
    """The result of a finished game for ``colour``: +1, 0 or -1."""
    return int(terminal.returns()[terminal.seat_of_colour(colour)])


def brute_opening_values(
    board: Tessellation | str, max_positions: int = 2_000_000, stats: dict | None = None, **rules: Any
) -> dict[tuple[str, tuple[int, ...]], int]:
    """Every opening whole turn of the first player mapped to its value for that player under
    perfect play (+1 win, 0 draw, -1 loss). ``rules`` are :class:`negenlab.fen.Rules` fields;
    the pie rule is off for the search (:func:`brute_summary` accounts for it).

    Negamax over whole turns, memo keyed on ``(owner, colour to move)``; more than
    ``max_positions`` memo entries raise :class:`ReferenceGaveUp`. A ``stats`` dict, if given,
    receives ``positions`` (memo entries).

    >>> stats = {}
    >>> brute_opening_values("square:1x1", stats=stats)[("nodes", (0,))], stats
    (1, {'positions': 637})
    """
    rules = {**rules, "pie_rule": False}
    game = _game(board, rules)
    memo: dict[tuple[tuple[int, ...], int], int] = {}

    def key(s: FenState) -> tuple[tuple[int, ...], int]:
        return tuple(s.owner), s.colour

    def known(mover: int, child: FenState) -> int | None:
        """The value for ``mover`` of ``child`` if the game is over or it is in the memo, else None."""
        if child.is_terminal():
            return _value_for(mover, child)
        v = memo.get(key(child))
        if v is None:
            return None
        return v if child.colour == mover else -v

    def after(mover: int, child: FenState) -> int:
        """The value for ``mover`` of the position ``child`` their turn led to."""
        v = known(mover, child)
        if v is not None:
            return v
        v = value(child)
        return v if child.colour == mover else -v

    def value(s: FenState) -> int:
        """The value of ``s`` (at the start of a turn, not in the memo) for the colour to move."""
        turns = whole_turns(s)
        # first the turns whose value is known (finished games, positions in the memo): the
        # search stops at the first win, and only its speed depends on this order
        values = [known(s.colour, child) for _, _, child in turns]
        best = max((v for v in values if v is not None), default=-1)
        for (_, _, child), v in zip(turns, values, strict=True):
            if best == 1:
                break  # nothing beats a win: the value is exact all the same
            if v is None:
                best = max(best, after(s.colour, child))
        if len(memo) >= max_positions:
            raise ReferenceGaveUp(f"more than {max_positions} positions on {game.tessellation.name}")
        memo[key(s)] = best
        return best

    root = game.new_initial_state()
    with _deep_recursion():
        out = {(kind, items): after(root.colour, child) for kind, items, child in whole_turns(root)}
    if stats is not None:
        stats["positions"] = len(memo)
    return out


def brute_summary(values: dict[tuple[str, tuple[int, ...]], int]) -> dict[str, str]:
    """Who wins with perfect play, without and with the pie rule.

    Without it the first player picks their best opening. With it the second player, after an
    opening of value v (for the opener's colour), may take over that colour and so gets
    ``max(v, -v)``; the first player picks the opening that leaves them the most, ``-|v|``: a
    draw if some opening is drawn, else a second-player win.

    >>> brute_summary({("nodes", (0,)): 1, ("nodes", (1,)): 0})
    {'winner': 'first player', 'winner_with_pie': 'draw'}
    >>> brute_summary({("nodes", (0,)): 1, ("nodes", (1,)): -1})
    {'winner': 'first player', 'winner_with_pie': 'second player'}
    """
    if not values:
        raise ValueError("no openings")
    return {
        "winner": OUTCOME[max(values.values())],
        "winner_with_pie": OUTCOME[max(-abs(v) for v in values.values())],
    }


def brute_pie_value(board: Tessellation | str, max_positions: int = 2_000_000, **rules: Any) -> int:
    """The value for seat 0 (the first player) with the pie rule ON, searched directly through the
    engine's SWAP action: a check of :func:`brute_summary`'s ``winner_with_pie``.

    Negamax for the seat to move, memo keyed on ``(owner, colour, swapped, turn_number == 1)``
    (the swap is offered only at turn 1).

    >>> OUTCOME[brute_pie_value("triangle:1")]
    'second player'
    """
    rules = {**rules, "pie_rule": True}
    game = _game(board, rules)
    memo: dict[tuple, int] = {}

    def value(s: FenState) -> int:
        key = (tuple(s.owner), s.colour, s.swapped, s.turn_number == 1)
        v = memo.get(key)
        if v is not None:
            return v
        seat = s.current_player
        best = -1
        for _, _, child in whole_turns(s):
            if child.is_terminal():
                v = int(child.returns()[seat])
            else:
                v = value(child) if child.current_player == seat else -value(child)
            best = max(best, v)
            if best == 1:
                break
        if len(memo) >= max_positions:
            raise ReferenceGaveUp(f"more than {max_positions} positions on {game.tessellation.name}")
        memo[key] = best
        return best

    root = game.new_initial_state()
    with _deep_recursion():
        v = value(root)
    return v if root.current_player == 0 else -v
