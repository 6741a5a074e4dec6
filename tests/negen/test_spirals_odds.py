"""Closing odds against a brute force over boards, placements and orderings of board dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations, product

import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.negen import Rules, parse_table
from negenlab.negen.odds import adding_only_closing_odds, odds_table

from . import brute


def brute_odds(text, rules, max_added):
    dice = dict(parse_table(text).items())
    region = set()
    for r, c in dice:
        for dr in range(-max_added, max_added + 1):
            for dc in range(-max_added, max_added + 1):
                if abs(dr) + abs(dc) <= max_added and (r + dr, c + dc) not in dice:
                    region.add((r + dr, c + dc))
    placements = []
    for j in range(1, max_added + 1):
        for s in combinations(sorted(region), j):
            cells = set(dice) | set(s)
            if len(brute.components(cells)) == 1 and brute.spiral_closed(cells):
                placements.append(s)
    hits = 0
    boards = Counter(tuple(sorted(roll)) for roll in product(range(1, 7), repeat=4))
    for board, weight in boards.items():
        if any(
            brute.spiral_valid({**dice, **dict(zip(s, vals, strict=True))}, rules.sequence_shape, rules.coverage)
            for s in placements
            for vals in set(permutations(board, len(s)))
        ):
            hits += weight
    return Fraction(hits, 1296)


@pytest.mark.parametrize(
    "text, rules, max_added",
    [
        ("1 2\n. 3", Rules(sequence_shape="bent", coverage="die"), 1),
        ("1 2\n. 3", Rules(sequence_shape="bent", coverage="adjacency"), 2),
        ("3 4", Rules(sequence_shape="bent", coverage="die"), 2),
        ("1 2 3\n2 . .\n3 . .", Rules(coverage="die"), 2),
        ("1 2 3\n2 . .\n3 4 .", Rules(coverage="adjacency"), 2),
        ("2 3 4\n. . 5", Rules(sequence_shape="bent", coverage="die"), 2),
    ],
)
def test_closing_odds_agree_with_brute_force(text, rules, max_added):
    res = adding_only_closing_odds(text, rules, max_added)
    assert res.probability == brute_odds(text, rules, max_added)


def test_known_odds():
    # one die 2 completes the bent square: P(at least one 2 among 4 dice) = 1 - (5/6)^4
    res = adding_only_closing_odds("1 2\n. 3", Rules(sequence_shape="bent"), 1)
    assert res.probability == 1 - Fraction(5, 6) ** 4 and res.closing_multisets == [(2,)]
    # under straight sequences a lone die can never be closed by 4 more (the smallest loop has 6 dice)
    assert adding_only_closing_odds("3").probability == 0
    df = odds_table(["6 5 4", "3"], Rules(coverage="die"))  # 6-5-4 closes with 3 more dice only under "die"
    assert list(df["dice"]) == [3, 1] and df["p_close"].iloc[0] > 0


def test_bad_input():
    with pytest.raises(InvalidInputError, match="max_added"):
        adding_only_closing_odds("6 5 4", max_added=5)


def test_other_spirals_are_not_joined():
    ring = "1 2 3\n2 . .\n3 4 ."
    alone = adding_only_closing_odds(ring, Rules(coverage="adjacency"), 2)
    assert alone.closing_multisets == [(4, 5)]  # a 4 at (1,2) and a 5 at (2,2)
    # a lone die below (2,2) blocks that cell: adding there would join the two spirals
    blocked = adding_only_closing_odds(ring + "\n. . 5", Rules(coverage="adjacency"), 2)
    assert blocked.probability == 0 and [p for _, p in blocked.per_spiral] == [0, 0]
