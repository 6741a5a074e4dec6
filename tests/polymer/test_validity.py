import numpy as np
import pytest

from negenlab.polymer import Card, ThirdCopyError, explain, is_polymer, parse_cards
from negenlab.polymer.cards import random_hand

from .brute import plain_is_polymer

SOURCE_VALID = [
    "2S 3S 4S 5S",
    "6S 6H 6D 6C",
    "KS AS 2S 3S",
    "4S 5S 6S 6H 6D",
    "6S 5S 4S 5S 6S",
    "7S 7H 7D 7S",
    "8S 8D 8C 8S 8D",
    "KS QS JS JH JD QD KD",
]
SOURCE_INVALID = ["7S 7D 7S", "7S 7H 7S 7D", "KS QS JS JD QD KD"]


@pytest.mark.parametrize("text", SOURCE_VALID)
def test_source_valid_examples(text):
    assert is_polymer(text)
    assert is_polymer(parse_cards(text)[::-1])  # reading backwards changes nothing


@pytest.mark.parametrize("text", SOURCE_INVALID)
def test_source_invalid_examples(text):
    assert not is_polymer(text)


def test_symbols_as_in_the_source():
    assert is_polymer("K♠, A♠, 2♠, 3♠") and not is_polymer("7♠, 7♦, 7♠")


def test_explain_names_windows_and_uncovered_pair():
    ex = explain("KS QS JS JD QD KD")
    assert ex.windows == ["sequence", "invalid", "invalid", "sequence"]
    assert ex.uncovered == [2]  # JS-JD
    assert "pair 3-4 (JS JD) is in no valid window" in ex.text()
    ex = explain("4S 5S 6S 6H 6D")
    assert ex.windows == ["sequence", "invalid", "group"] and ex.valid and ex.uncovered == []


def test_short_and_joker_sequences():
    assert not is_polymer("2S 3S") and "at least 3" in explain("2S 3S").text()
    assert not is_polymer("2S JK 3S 4S")
    with pytest.raises(ThirdCopyError):
        is_polymer("7S 7H 7S 7D 7S")


def test_wrap_only_between_king_and_ace():
    assert is_polymer("QS KS AS") and is_polymer("AS KS QS") and not is_polymer("JS QS AS")
    assert not is_polymer("5S 4S 5S")


def test_is_polymer_agrees_with_plain_definition_on_random_orderings():
    rng = np.random.default_rng(11)
    pool = [Card(r, s) for r in (4, 5, 6) for s in "SHDC" for _ in range(2)]
    hits = 0
    for _ in range(4000):
        k = int(rng.integers(0, 7))
        seq = [pool[i] for i in rng.choice(len(pool), k, replace=False)]
        got = is_polymer(seq)
        assert got == plain_is_polymer(seq), seq
        hits += got
    assert hits > 20  # the sample contains valid polymers, not only invalid ones
    for _ in range(500):
        seq = random_hand(rng, int(rng.integers(0, 6)))
        assert is_polymer(seq) == plain_is_polymer(seq)
