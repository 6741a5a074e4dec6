import numpy as np
import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.polymer import Card, CardParseError, Joker, ThirdCopyError, format_cards, parse_cards, shoe
from negenlab.polymer.cards import random_hand


def test_parse_accepts_all_documented_forms():
    cards = parse_cards("7S 7♠ 10h QD, a♣,K♥  2d")
    assert [(c.rank, c.suit) for c in cards] == [
        (7, "S"),
        (7, "S"),
        (10, "H"),
        (12, "D"),
        (1, "C"),
        (13, "H"),
        (2, "D"),
    ]


@pytest.mark.parametrize("bad", ["1S", "11S", "7X", "S7", "10", "Z", "7SS", "0H"])
def test_bad_token_named_with_accepted_forms(bad):
    with pytest.raises(CardParseError) as err:
        parse_cards(f"7S {bad} QD")
    msg = str(err.value)
    assert repr(bad) in msg and "token 2" in msg and "S H D C" in msg
    assert isinstance(err.value, ValueError)


def test_third_copy_rejected_but_two_copies_fine():
    assert len(parse_cards("7S 7S")) == 2
    with pytest.raises(ThirdCopyError, match="7S appears 3 times"):
        parse_cards("7S 8S 7♠ 7s")


def test_format_roundtrip_over_the_whole_shoe():
    s = [c for c in shoe() if isinstance(c, Card)]
    assert len(s) == 104 and len(set(s)) == 52
    assert parse_cards(format_cards(s)) == s
    assert parse_cards(format_cards(s, pretty=True)) == s


def test_jokers():
    cards = parse_cards("JK 7S joker")
    assert isinstance(cards[0], Joker) and isinstance(cards[2], Joker)
    assert format_cards(cards) == "JK 7S JK"
    with pytest.raises(CardParseError, match="joker"):
        parse_cards("JK", allow_jokers=False)
    assert sum(isinstance(c, Joker) for c in shoe(3)) == 3


def test_card_validation():
    with pytest.raises(InvalidInputError, match="rank"):
        Card(14, "S")
    with pytest.raises(InvalidInputError, match="suit"):
        Card(3, "X")
    assert Card(13, "S").index == 12 and Card.from_index(13) == Card(1, "H")


def test_random_hand_is_a_sub_multiset_of_the_shoe():
    h = random_hand(np.random.default_rng(0), 60)
    assert len(h) == 60
    parse_cards(format_cards(h))  # at most two copies
