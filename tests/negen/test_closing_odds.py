"""closing_dice / closing_odds against legal_turns board by board (legal_turns is itself cross-checked
against the brute force in test_turns_exact.py)."""
from fractions import Fraction
from itertools import combinations_with_replacement

import pytest

from negenlab.negen import Rules, closing_dice, legal_turns
from negenlab.negen.agents import closing_odds

BOARDS = list(combinations_with_replacement(range(1, 7), 4))
TABLES = ["1 2 3\n2 . 4\n3 4 .", "6 5 4 . 3"]


def _contains(board, need):
    rest = list(board)
    for v in need:
        if v not in rest:
            return False
        rest.remove(v)
    return True


@pytest.mark.parametrize("rules", [Rules(), Rules(coverage="die")], ids=lambda r: r.label)
@pytest.mark.parametrize("table", TABLES)
def test_closing_dice_says_exactly_which_boards_close(table, rules):
    needs = closing_dice(table, rules)
    for board in BOARDS:
        can = bool(legal_turns(table, board=board, rules=rules).closing)
        assert can == any(_contains(board, n) for n in needs), (table, board, needs)


def test_closing_odds_weights_boards_by_their_rolls():
    # the open ring closes with any board holding a 5: 1 - (5/6)**4
    assert closing_odds("1 2 3\n2 . 4\n3 4 .") == 1 - Fraction(5, 6) ** 4
    assert closing_odds("6 5 4") == 0
