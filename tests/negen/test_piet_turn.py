"""Piet's worked turn (the source's 'A single turn of playing Negen'): the table behind the
three_spirals, half_loop, four_three_two and piet_play lines, against an independent count.

``next_player_odds`` reads the next player's chance from :func:`closing_odds` (a search for some
closing turn, cached by table key) and puts the refusal die on the table with
:func:`refusal_tables`. The reference here counts instead, board by board over the 6**4 rolls, whether
``legal_turns`` (held against the brute force in test_turns_exact.py) lists a closing turn, and lays
the refusal die out as text. Spirals are counted with the brute force's own ``split_spirals``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from negenlab.negen import legal_turns
from negenlab.negen.report import (
    PIET_AFTER,
    PIET_BOARD,
    PIET_OPTIONS,
    PIET_TABLE,
    next_player_odds,
)
from negenlab.negen.table import parse_table, table_key

from . import brute_turns as bt

ROLLS = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=4))  # 126 boards, their weights


def closing_share(table) -> Fraction:
    """The next player's chance, counted: the rolls whose board has a legal closing turn."""
    hits = 0
    for board, weight in ROLLS.items():
        result = legal_turns(table, board=board)
        assert result.complete
        hits += weight * bool(result.closing)
    return Fraction(hits, 6**4)


def with_new_die(value: int) -> str:
    """Piet's table after a refusal, written out: the new die lies apart from every spiral."""
    rows = PIET_TABLE.splitlines()
    return f"{rows[0]} . .\n{rows[1]} . {value}"


@pytest.fixture(scope="module")
def odds():
    return next_player_odds()


def test_every_turn_is_counted_once(odds):
    keys = list(odds["key"])
    assert len(keys) == len(set(keys))
    assert len(odds) == len({table_key(t.table) for t in legal_turns(PIET_TABLE, board=PIET_BOARD).turns})
    assert odds["refusal"].sum() == 1 and odds["Piet's turn"].sum() == 1


def test_next_player_odds_match_a_board_by_board_count(odds):
    for row in odds.to_dict("records"):
        if row["refusal"]:
            counted = sum(closing_share(parse_table(with_new_die(v))) for v in range(1, 7)) / 6
            assert row["without the new die"] == float(closing_share(parse_table(PIET_TABLE)))
        else:
            counted = closing_share(parse_table(row["table"]))
        assert row["exact"] == counted, (row["turn"], row["table"])


def test_spirals_left_are_counted_by_the_brute_force(odds):
    for row in odds.to_dict("records"):
        table = bt.parse_rows(with_new_die(1) if row["refusal"] else row["table"])
        assert row["spirals left"] == len(bt.split_spirals(table)), row["table"]


def test_the_options_in_the_text_are_legal_turns(odds):
    for name, texts in PIET_OPTIONS.items():
        for text in texts:
            table = bt.parse_rows(text)
            spirals = bt.split_spirals(table)
            assert all(bt.variant_validity(s)[("straight", "adjacency")] for s in spirals), text
            assert table_key(parse_table(text)) in set(odds["key"]), (name, text)
    assert table_key(parse_table(PIET_AFTER)) == odds.loc[odds["Piet's turn"], "key"].iloc[0]


def test_the_lines_read_the_counted_numbers(page_verdicts):
    by_id = {f.claim_id: f for f in page_verdicts("negen")}
    assert by_id["three_spirals"].verdict == "fails"  # 7.1% after the one three-spiral turn, 20.7% after fewer
    assert by_id["piet_play"].verdict == "fails"  # three turns leave the next player no closing turn
    assert by_id["half_loop"].verdict == "holds"
    assert by_id["four_three_two"].verdict == "holds"
    assert by_id["variance"].verdict == "untested"
