"""Turn search: the source's example turn, hand-made positions, caps, and the validity kernel."""
from __future__ import annotations

import random

import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.negen.rules import Rules
from negenlab.negen.turns import (Position, as_cells, closing_turns, format_cells, legal_turns, normalize,
                                  spiral_status)

PIET_BEFORE = """
6 5 4 . .
. . . . .
. . . 3 .
. . . . .
4 . . . .
"""
PIET_AFTER = """
. . . 4 .
6 5 4 3 2
. . . 2 .
"""


def test_piets_turn_is_found_and_a_block_closes():
    # Piet's board is 5 2 2 1; the exhaustive search with all four dice takes minutes on the
    # joins of three spirals, so the suite searches with the two 2s he played (exhaustively)
    res = legal_turns(PIET_BEFORE, board=(2, 2))
    assert res.complete
    by_key = {t.key: t for t in res.turns}
    turn = by_key[normalize(as_cells(PIET_AFTER))]
    # both board dice played: a depletion here, so the last action of the witness is an add
    assert sorted(turn.used) == [2, 2] and not turn.closed and turn.depleted
    assert turn.actions[-1][0] == "add"
    assert turn.joins == 2  # the lone 3 and the lone 4 were both moved
    # Piet believed he could not close a loop; under the rules page's reading (closed = the
    # adjacency graph has a cycle) he could: 2-3-4 laid alongside 4-5-6 makes a 2x2 block
    block = normalize(as_cells("2 3 4 .\n. 4 5 6"))
    assert block in {t.key for t in res.closing}
    # the alternatives Piet weighed are legal too: 6-5-4-3-2 leaving the 4 alone
    assert normalize(as_cells("6 5 4 3 2\n. . . . .\n4 . . . .")) in by_key
    # the refusal (nothing changes) is a legal end of turn
    assert normalize(as_cells(PIET_BEFORE)) in by_key


def test_every_turn_found_is_legal_and_replays_from_its_witness():
    res = legal_turns(PIET_BEFORE, board=(2,), rules=Rules(sequence_shape="bent"))
    start = as_cells(PIET_BEFORE)
    for t in res.turns:
        cells = dict(start)
        for a in t.actions:
            if a[0] == "add":
                assert a[1] not in cells and any((a[1][0] + dr, a[1][1] + dc) in cells
                                                 for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
                cells[a[1]] = a[2]
            else:
                _, moved, k, off = a
                assert set(moved) <= set(cells)
                vals = {p: cells.pop(p) for p in moved}
                a0 = min(moved)
                for (r, c), v in vals.items():
                    rr, cc = r - a0[0], c - a0[1]
                    for _ in range(k):
                        rr, cc = cc, -rr
                    q = (rr + off[0], cc + off[1])
                    assert q not in cells
                    cells[q] = v
        assert normalize(cells) == t.key
        assert sorted(t.table.values()) == sorted(list(start.values()) + list(t.used))


def test_known_closing_turn_straight_loop():
    # the 8-die straight loop misses its corner 5: the board's 5 closes it
    res = closing_turns("1 2 3\n2 . 4\n3 4 .", board=(5, 1, 1))
    assert res.complete and len(res.turns) == 1
    assert format_cells(res.turns[0].table) == "1 2 3\n2 . 4\n3 4 5"
    # without the 5 there is no closing turn, and the search says it looked everywhere
    res = closing_turns("1 2 3\n2 . 4\n3 4 .", board=(6, 1, 1))
    assert res.complete and res.turns == []


def test_known_closing_turn_bent_square_by_joining():
    # two spirals 1-2 and 2-3 far apart, bent sequences: a quarter-turn join closes the 1 2 / 2 3 square
    rules = Rules(sequence_shape="bent")
    res = closing_turns("1 2 . . .\n. . . . .\n. . . 3 2", board=(), rules=rules)
    assert res.complete and res.turns
    assert any(sorted(t.table.values()) == [1, 2, 2, 3] and t.joins == 1 for t in res.turns)
    assert closing_turns("1 2 . . .\n. . . . .\n. . . 3 2", board=(), rules=Rules()).turns == []


def test_depletion_ends_the_turn_at_the_last_add():
    # a lone 3 and board 2, 4: adding both (2-3-4) depletes; nothing may follow the last add
    res = legal_turns({(0, 0): 3}, board=(2, 4))
    dep = [t for t in res.turns if t.depleted]
    assert dep and all(t.actions[-1][0] == "add" and len(t.used) == 2 for t in dep)
    assert all(not t.depleted for t in res.turns if len(t.used) < 2)


def test_limit_and_max_states_are_reported():
    full = legal_turns(PIET_BEFORE, board=(2, 2))
    assert full.complete and full.stopped is None and len(full.turns) > 5
    capped = legal_turns(PIET_BEFORE, board=(2, 2), limit=5)
    assert not capped.complete and "limit" in capped.stopped and len(capped.turns) == 5
    assert {t.key for t in capped.turns} <= {t.key for t in full.turns}
    short = legal_turns(PIET_BEFORE, board=(2, 2), max_states=10)
    assert not short.complete and "max_states" in short.stopped


def test_free_rearrangement_is_capped_and_says_so():
    res = legal_turns("6 5 4\n. . .\n. . 3", board=(2,), rules=Rules(rearrange="free"), max_states=300)
    assert not res.complete and res.stopped.startswith("max_states")
    # a free move can take the 3 away from its place and still end legal; the join turns are there too
    join = {t.key for t in legal_turns("6 5 4\n. . .\n. . 3", board=(2,)).turns}
    assert join  # and the free search found some of them plus possibly more
    assert res.turns


def test_free_never_leaves_a_spiral_of_added_dice_only():
    res = legal_turns({(0, 0): 3}, board=(5, 6, 4), rules=Rules(rearrange="free"), max_states=2000)
    for t in res.turns:
        # the original 3 must sit in a spiral; every other spiral contains it => one spiral, or singles with 3
        assert 3 in t.table.values()


def test_bad_input_is_named():
    with pytest.raises(InvalidInputError, match="board die 2"):
        legal_turns("6 5 4", board=(3, 7))
    with pytest.raises(InvalidInputError, match="needs the board"):
        legal_turns("6 5 4")
    with pytest.raises(InvalidInputError, match="row 1, column 2"):
        legal_turns("6 x 4", board=(3,))
    with pytest.raises(InvalidInputError, match="limit"):
        legal_turns("6 5 4", board=(3,), limit=0)


def test_position_and_table_objects_are_accepted():
    from negenlab.negen import parse_table

    a = legal_turns(Position.from_text("6 5 4", board=(3,)))
    b = legal_turns(parse_table("6 5 4"), board=(3,))
    assert {t.key for t in a.turns} == {t.key for t in b.turns}


@pytest.mark.parametrize("rules", [r for r in Rules.variants() if r.rearrange == "join"],
                         ids=lambda r: f"{r.sequence_shape}-{r.coverage}")
def test_validity_kernel_agrees_with_check_table(rules):
    """The turn search's cached kernel against the spirals engine on random small spirals."""
    from negenlab.negen import check_table, Table

    rng = random.Random(3)
    agree = 0
    for _ in range(400):
        n = rng.randint(1, 7)
        cells = {(0, 0): rng.randint(1, 6)}
        while len(cells) < n:
            r, c = rng.choice(list(cells))
            dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            cells.setdefault((r + dr, c + dc), rng.randint(1, 6))
        [verdict] = check_table(Table(cells), rules)
        assert spiral_status(cells, rules) == (verdict.valid, verdict.closed), cells
        agree += verdict.valid
    assert agree > 20  # the sample contains valid spirals, not only trivial invalid ones
