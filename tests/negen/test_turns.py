"""Turn search on position-free tables: the source's example turn, hand-made positions, caps,
bad input, and the invariants every legal turn keeps.

The exhaustive cross-check against a brute force lives in ``test_turns_exact.py``; the checks
here are small, hand-checked and fast.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement

import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.negen import (
    Position,
    Rules,
    Table,
    check_table,
    closing_dice,
    closing_turns,
    layout,
    legal_turns,
    parse_table,
    spiral_key,
    spiral_status,
    table_key,
)
from negenlab.negen.agents import closing_odds

# Piet's position from the source: 6-5-4, a lone 3 and a lone 4 (three spirals), board 5 2 2 1
PIET = ". . . . . . 4\n6 5 4 . 3 . ."
PIET_BOARD = (5, 2, 2, 1)
PIET_AFTER = ". . . 4 .\n6 5 4 3 2\n. . . 2 ."
RING = "1 2 3\n2 . 4\n3 4 ."  # the 8-die straight loop without its corner 5

JOIN_READINGS = [r for r in Rules.variants() if r.rearrange == "join"]


def key(text: str) -> tuple:
    return table_key(parse_table(text))


def dice_of(table_key_: tuple) -> Counter:
    return Counter(v for s in table_key_ for _, _, v in s)


def assert_turns_are_sound(position, board, rules: Rules, res) -> None:
    """Every turn: the end table holds exactly the start dice plus the dice it used (taken from
    the board), every spiral is valid, ``closed``/``depleted`` say what the table and board show."""
    start = Position.of(position, board)
    assert res.complete
    assert len({t.key for t in res.turns}) == len(res.turns), "one Turn per end table"
    for t in res.turns:
        assert dice_of(t.key) == dice_of(start.table) + Counter(t.used), (t.text(), t.used)
        assert not Counter(t.used) - Counter(start.board), (t.used, start.board)
        verdicts = check_table(layout(t.key), rules)
        assert all(v.valid for v in verdicts), t.text()
        assert t.closed == any(v.closed for v in verdicts), t.text()
        assert t.depleted == (bool(start.board) and len(t.used) == len(start.board))
        assert t.refusal == (not t.used) and t.added == len(t.used) and t.joins == t.merges
        assert table_key(Table(t.table)) == t.key  # the drawable table is the same position-free table


def test_piets_worked_turn_is_among_the_legal_turns():
    res = legal_turns(PIET, board=PIET_BOARD)
    assert res.complete and res.stopped is None and res.rules == Rules()
    by_key = {t.key: t for t in res.turns}
    turn = by_key[key(PIET_AFTER)]
    # he played his two 2s and joined the lone 3 and the lone 4 to the 6-5-4
    assert turn.used == (2, 2) and not turn.closed and not turn.depleted and turn.merges == 2
    assert turn.to_dict()["used"] == [2, 2] and not turn.refusal
    # the alternative he weighed, 6-5-4-3-2 leaving the 4 alone, is legal too
    assert key("6 5 4 3 2 . 4") in by_key
    # refusing (the table unchanged) is always a legal end of turn
    assert by_key[key(PIET)].refusal and by_key[key(PIET)].used == ()


@pytest.mark.parametrize("rules", JOIN_READINGS, ids=lambda r: r.label)
def test_piets_turns_are_sound_under_every_reading(rules):
    if rules.sequence_shape == "bent" and rules.coverage == "die":
        board = (2, 2)  # the full board gives 10,000s of turns to check under bent/die; the report counts them
    else:
        board = PIET_BOARD
    res = legal_turns(PIET, board=board, rules=rules)
    assert_turns_are_sound(PIET, board, rules, res)
    assert key(PIET_AFTER) in res.keys()


@pytest.mark.parametrize("rules", Rules.variants(), ids=lambda r: r.label)
def test_small_positions_are_sound_in_every_variant(rules):
    for text, board in [
        ("6 5 4", (3, 2)),
        ("3 . 4", (2,)),
        ("6 5 4 . 2", (3,)),
        (RING, (5,)),
        ("2 3\n3 .", (4,)),
        ("5", (4, 6)),
    ]:
        assert_turns_are_sound(text, board, rules, legal_turns(text, board=board, rules=rules))


def test_six_five_four_by_hand():
    # refuse; or 4-3-2 along the row; or turn left or right at the 4 (mirror images: two tables,
    # as a spiral may be turned but not flipped)
    res = legal_turns("6 5 4", board=(3, 2))
    assert res.complete
    assert sorted(t.key for t in res.turns) == sorted(
        key(t) for t in ["6 5 4", "6 5 4 3 2", "6 5 4\n. . 3\n. . 2", ". . 2\n. . 3\n6 5 4"]
    )
    assert sorted(t.used for t in res.turns) == [(), (2, 3), (2, 3), (2, 3)]
    assert [t.used for t in res.turns if t.refusal] == [()]


def test_known_closing_turn_straight_loop():
    # the 8-die straight loop misses its corner 5: the board's 5 closes it
    res = closing_turns(RING, board=(5,))
    assert res.complete and len(res.turns) == 1
    [t] = res.turns
    assert t.text() == "1 2 3\n2 . 4\n3 4 5" and t.closed and t.depleted and t.used == (5,)
    assert res.closing == res.turns
    # with other dice too it still closes, and only the 5 is needed
    assert [t.used for t in closing_turns(RING, board=(5, 1, 1)).turns] == [(5,)]
    # without the 5 there is no closing turn, and the search says it looked everywhere
    res = closing_turns(RING, board=(6, 1, 1))
    assert res.complete and res.turns == []
    assert closing_dice(RING) == ((5,),)
    assert closing_odds(RING) == Fraction(6**4 - 5**4, 6**4)  # any board with a 5


def test_known_closing_turn_bent_square_by_joining():
    # two spirals 1-2 and 3-2, sequences may bend: a quarter-turn join closes the 1 2 / 2 3 square
    bent = Rules(sequence_shape="bent")
    res = closing_turns("1 2 . . .\n. . . . .\n. . . 3 2", board=(), rules=bent)
    assert res.complete and res.turns
    assert any(t.key == key("1 2\n2 3") and t.merges == 1 and t.used == () for t in res.turns)
    assert closing_turns("1 2 . . .\n. . . . .\n. . . 3 2", board=(), rules=Rules()).turns == []


@pytest.mark.parametrize(
    "text, rules",
    [(RING, Rules()), ("1 2 . 3 2", Rules()), ("2 3 4\n3 . 3\n4 3 .", Rules(sequence_shape="bent"))],
    ids=["ring", "two-spirals", "ring-gap-bent"],
)
def test_closing_dice_agree_with_the_turn_search(text, rules):
    """A 4-die board can close a spiral now exactly when it holds one of the minimal dice multisets."""
    needs = closing_dice(text, rules)
    assert needs and all(1 <= len(n) <= 4 for n in needs)
    for board in combinations_with_replacement(range(1, 7), 4):  # the 126 distinct boards
        can = bool(closing_turns(text, board=board, rules=rules).turns)
        assert can == any(not Counter(n) - Counter(board) for n in needs), (board, needs)


def test_depletion_is_using_every_board_die():
    res = legal_turns("3", board=(2, 4))
    dep = [t for t in res.turns if t.depleted]
    assert dep and all(sorted(t.used) == [2, 4] for t in dep)
    assert key("2 3 4") in {t.key for t in dep}
    assert all(not t.depleted for t in res.turns if len(t.used) < 2)
    assert not any(t.depleted for t in legal_turns("3", board=()).turns)  # an empty board depletes nothing


def test_capped_search_says_so():
    full = legal_turns(PIET, board=PIET_BOARD)
    assert full.complete and full.stopped is None and len(full.turns) > 5
    capped = legal_turns(PIET, board=PIET_BOARD, max_states=10)
    assert not capped.complete and "max_states=10" in capped.stopped
    assert capped.explored <= 10 and capped.keys() <= full.keys()
    d = capped.to_dict()
    assert d["complete"] is False and d["stopped"] == capped.stopped and d["n_turns"] == len(capped.turns)
    assert "stopped" in capped._repr_html_()
    closing = closing_turns(PIET, board=PIET_BOARD, max_states=10)
    assert not closing.complete and closing.stopped


def test_where_spirals_lie_means_nothing():
    a = legal_turns("6 5 4 . 2", board=(3,))
    b = legal_turns("6 5 4 . . . 2", board=(3,))
    c = legal_turns("2\n.\n6\n5\n4", board=(3,))  # moved and turned
    d = legal_turns(layout(key("6 5 4 . 2")), board=(3,))  # laid out again from its key
    assert a.keys() == b.keys() == c.keys() == d.keys() and a.keys()
    assert key("6 5 4 3 2") in a.keys()  # the lone 2 joins with the board's 3


def test_positions_tables_mappings_and_keys_are_accepted():
    k = key("6 5 4")
    forms = [Position.of("6 5 4", board=(3,)), Position.from_text("6 5 4", board=(3,))]
    results = [legal_turns(p) for p in forms]
    results += [
        legal_turns(x, board=(3,))
        for x in (parse_table("6 5 4"), {(0, 0): 6, (0, 1): 5, (0, 2): 4}, "6 5 4", k, layout(k))
    ]
    assert all(r.keys() == results[0].keys() for r in results)
    assert Position.of({(9, 9): 4, (9, 10): 5, (9, 11): 6}, board=(3,)) == forms[0]
    assert Position.of("6 5 4", board=(3, 2)).board == (2, 3)


def test_bad_input_is_named():
    with pytest.raises(InvalidInputError, match="board die 2"):
        legal_turns("6 5 4", board=(3, 7))
    with pytest.raises(InvalidInputError, match="board"):
        legal_turns("6 5 4")
    with pytest.raises(InvalidInputError, match="at most 4"):
        legal_turns("6 5 4", board=(1, 2, 3, 4, 5))
    with pytest.raises(InvalidInputError, match="row 1, column 2"):
        legal_turns("6 x 4", board=(3,))
    with pytest.raises(InvalidInputError, match="max_states"):
        legal_turns("6 5 4", board=(3,), max_states=0)
    with pytest.raises(InvalidInputError, match="rules"):
        legal_turns("6 5 4", board=(3,), rules="straight")
    with pytest.raises(InvalidInputError, match="free_moves"):
        Rules(rearrange="free", free_moves=9)
    with pytest.raises(InvalidInputError):
        layout("6 5 4")


def test_free_rearrangement_contains_join_and_takes_dice_out():
    join = legal_turns("6 5 4", board=(3, 2))
    free = legal_turns("6 5 4", board=(3, 2), rules=Rules(rearrange="free"))
    none = legal_turns("6 5 4", board=(3, 2), rules=Rules(rearrange="free", free_moves=0))
    assert none.keys() == join.keys()
    assert join.keys() < free.keys()
    taken = [t for t in free.turns if t.key not in join.keys()]
    assert taken and all(t.moved == 1 for t in taken)
    assert all(t.moved == 0 for t in free.turns if t.key in join.keys())
    # the 6 taken out of 6-5-4 and laid apart, the board's 3 added at the 4
    assert {t.key: t.used for t in taken}[key("3 4 5 . 6")] == (3,)


@pytest.mark.parametrize("rules", JOIN_READINGS, ids=lambda r: r.label)
def test_validity_kernel_agrees_with_check_table(rules):
    """The turn search's cached kernel (``spiral_status`` on keys) against the spirals engine."""
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
        k = spiral_key([(r, c, v) for (r, c), v in cells.items()])
        assert spiral_status(k, rules.sequence_shape, rules.coverage) == (verdict.valid, verdict.closed), cells
        agree += verdict.valid
    assert agree > 20  # the sample contains valid spirals, not only trivial invalid ones
