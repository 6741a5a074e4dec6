"""The hand-built turn (negenlab.negen.build) against the turn enumerator and a brute force.

The brute force walks every sequence of hand actions (every add of every die left on every cell
beside the table, every join of every two spirals), remembering drafts by (table key, hand); it
judges a draft with the rules module alone (every spiral valid). Checked both ways:

- the end tables hand actions reach are exactly ``legal_turns`` under ``rearrange="join"``;
- ``progress().can_end_legal`` is true exactly on the drafts from which some sequence reaches a
  legal end, ``legal_now`` exactly on the legal drafts.
"""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.core.errors import IllegalMoveError
from negenlab.negen.build import TurnBuilder, settle
from negenlab.negen.game import NegenGame
from negenlab.negen.rules import Rules
from negenlab.negen.spirals import spiral_status
from negenlab.negen.table import Table, layout, parse_table
from negenlab.negen.turns import legal_turns


def _copy(b: TurnBuilder) -> TurnBuilder:
    return b.copy()  # shares the cached legal sets


def _children(b: TurnBuilder):
    if b.depleted:
        return
    for v in sorted(set(b.hand)):
        for cell in sorted(b.frontier()):
            yield _copy(b).add(v, cell)
    spirals = b.spirals()
    for s in spirals:
        yield _copy(b).move_aside(s[0])
        for t in spirals:
            if s == t:
                continue
            for option in b.join_options(s[0], t[0]):
                yield _copy(b).join(option)
            # set s one cell away from t, so that one die can bridge them: s's first die on every
            # cell two steps from t, each quarter turn, wherever it clashes with nothing
            ring = {(r + dr, c + dc) for r, c in _rim(t) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))}
            for to in sorted(ring - set(b.cells) - _rim(t)):
                for q in range(4):
                    try:
                        moved = _copy(b).move(s[0], to, q)
                    except IllegalMoveError:
                        continue
                    if not set(moved.spiral_at(to)) & set(t):  # not joined: a gap placement
                        yield moved


def _rim(cells):
    return {(r + dr, c + dc) for r, c in cells for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))} - set(cells)


def _all_valid(key, rules: Rules) -> bool:
    return all(spiral_status(s, rules.sequence_shape, rules.coverage)[0] for s in key)


def _walk(start: TurnBuilder):
    """Every draft reachable by hand actions, one per :meth:`TurnBuilder.groups`, each with whether
    some sequence of actions from it reaches a legal table (moves make cycles: the graph is walked
    first, then "reaches a legal table" spreads backwards from the legal drafts)."""
    drafts: dict = {start.groups(): start}
    parents: dict = {}
    todo = [start]
    while todo:
        b = todo.pop()
        here = b.groups()
        for child in _children(b):
            memo = child.groups()
            parents.setdefault(memo, set()).add(here)
            if memo not in drafts:
                drafts[memo] = child
                todo.append(child)
    good = {m for m, b in drafts.items() if _all_valid(b.key, b.rules)}
    todo = list(good)
    while todo:
        for parent in parents.get(todo.pop(), ()):
            if parent not in good:
                good.add(parent)
                todo.append(parent)
    return {m: (b, m in good) for m, b in drafts.items()}


def _positions(rules: Rules, n: int, seed: int):
    """Small positions met in random play: (table key, board) with few dice and spirals."""
    rng = np.random.default_rng(seed)
    out = []
    game = NegenGame(rules.replace(target_score=1, pool_size=30))
    while len(out) < n:
        s = game.new_initial_state()
        while not s.is_terminal() and len(out) < n:
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            if s.phase == "turn" and sum(map(len, s.table)) <= 6 and len(s.table) <= 2:
                board = s.boards[s.to_move][:1]
                out.append((s.table, board))
            actions = s.legal_actions()
            s.apply(actions[rng.integers(len(actions))])
    return out


CASES = [
    ("6 5 4 . 3", (3, 2)),  # 3-4 joins, or 3 beside the 4 then 2: the lone 3 must move aside first
    ("6 5 4 . 3", (2,)),
    ("6 5 4 . 2", (3,)),  # the 3 bridges 4 and 2: the 2 set one cell from the 4, then the 3 between
    ("1 . 2 . 3", (4,)),
]
READINGS = [Rules(), Rules(sequence_shape="bent", coverage="die")]


@pytest.mark.parametrize("rules", READINGS, ids=["straight-adjacency", "bent-die"])
def test_hand_actions_reach_exactly_the_legal_turns(rules):
    positions = [(parse_table(t).key(), b) for t, b in CASES] + _positions(rules, 3, seed=7)
    for key, board in positions:
        start = TurnBuilder(layout(key), board, rules)
        seen = _walk(start)
        reached = {b.key for b, _ in seen.values() if _all_valid(b.key, rules)}
        legal = legal_turns(key, board, rules).keys()
        assert reached - legal == set(), f"hand-built but not legal: {key} board {board}"
        assert legal - reached == set(), f"legal but not built by hand: {key} board {board}"
        for b, can in seen.values():
            k, p = b.key, b.progress()
            assert p.legal_now == (k in legal), (key, board, k)
            assert p.can_end_legal == can, (key, board, k, p.text)
            if not p.can_end_legal:
                with pytest.raises(IllegalMoveError, match="not a legal end"):
                    b.end_turn()


def test_free_rules_build_the_join_ends_and_judge_by_the_full_set():
    rules = Rules(rearrange="free", free_moves=1)
    key, board = parse_table("1 2 3\n2 . 4\n3 . 5\n. . .\n3 4 5").key(), (6,)
    b = TurnBuilder(layout(key), board, rules)
    assert b.reachable == legal_turns(key, board, rules.replace(rearrange="join")).keys()
    assert b.reachable <= b.legal and len(b.legal) > len(b.reachable)


def test_errors_name_what_is_wrong():
    b = TurnBuilder("6 5 4", board=(3, 2))
    with pytest.raises(IllegalMoveError, match="no 5 is left"):
        b.add(5, (0, 3))
    with pytest.raises(IllegalMoveError, match="beside no table die"):
        b.add(3, (4, 4))
    with pytest.raises(IllegalMoveError, match="already holds a 6"):
        b.add(3, (0, 0))
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        b.undo()
    b.add(3, (0, 3)).add(2, (0, 4))
    assert b.depleted
    with pytest.raises(IllegalMoveError, match="the turn ends here"):
        b.add(2, (0, 5))
    with pytest.raises(IllegalMoveError, match="two different spirals"):
        TurnBuilder("6 5 4", board=(1,)).join_options((0, 0), (0, 1))


def test_a_join_keeps_the_added_dice_and_clears_the_others():
    b = TurnBuilder("6 5 4 . 2 . . 1", board=(3, 1))
    b.add(3, (1, 4))  # below the 2
    option = next(o for o in b.join_options((0, 4), (0, 0)) if o.quarter_turns == 1)
    b.join(option)
    assert sorted(b.added.values()) == [3]
    assert len(b.spirals()) == 2
    assert Table(b.cells).key() == b.key and sum(map(len, b.key)) == 6


def test_settle_keeps_kept_spirals_in_place_and_marks_new_dice():
    before = {(0, 0): 6, (0, 1): 5, (0, 2): 4, (3, 0): 2}
    after = parse_table("6 5 4 3 . 2 . 1").key()
    cells, new = settle(before, after)
    assert {c: cells[c] for c in [(0, 0), (0, 1), (0, 2), (3, 0)]} == before
    assert sorted(cells[c] for c in new) == [1, 3]
    assert Table(cells).key() == after
