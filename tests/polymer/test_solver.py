from collections import Counter

import numpy as np
import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.polymer import Card, format_cards, is_polymer, longest_polymer, parse_cards, solve
from negenlab.polymer.cards import clustered_hand, random_hand

from .brute import brute_longest, plain_is_polymer


def biased_hand(rng, n):
    """Few consecutive ranks and few suits, with copies: long polymers are common."""
    return clustered_hand(rng, n, ranks=(2, 6), suits=(1, 5))


def check_witness(hand, order):
    assert not (Counter(order) - Counter(hand)), "witness uses cards not in the hand"
    if order:
        assert is_polymer(order) and plain_is_polymer(order)


def test_exhaustive_cross_check_on_random_hands():
    rng = np.random.default_rng(20240101)
    lengths = Counter()
    for i in range(3000):
        n = int(rng.integers(3, 11))
        hand = biased_hand(rng, n) if i % 4 else random_hand(rng, n)
        order = longest_polymer(hand)
        check_witness(hand, order)
        expected = brute_longest(hand)
        assert len(order) == expected, f"{format_cards(hand)}: solver {len(order)}, brute force {expected}"
        lengths[expected] += 1
    # the sample reaches long polymers (not only 0 and 3)
    assert sum(v for k, v in lengths.items() if k >= 7) >= 100, lengths


def test_source_examples_are_their_own_longest():
    for text in ["KS QS JS JH JD QD KD", "8S 8D 8C 8S 8D", "6S 5S 4S 5S 6S", "7S 7H 7D 7S"]:
        hand = parse_cards(text)
        rng = np.random.default_rng(0)
        shuffled = [hand[i] for i in rng.permutation(len(hand))]
        assert len(longest_polymer(shuffled)) == len(hand)


def test_no_valid_window_gives_empty_list():
    assert longest_polymer("2S 7H 9C KD") == [] and longest_polymer("") == []
    assert longest_polymer("7S 7H 8S 8H") == []  # pairs share a rank or a suit but no window is valid


def test_two_sequences_split_by_a_missing_group():
    # the source's invalid example 3: the best is one of the two sequences
    assert len(longest_polymer("KS QS JS JD QD KD")) == 3


def test_jokers_are_ignored():
    r = solve("JK 4S 5S 6S JK")
    assert r.length == 3 and format_cards(r.unused) == "JK JK"


def test_larger_hands_witness_valid_and_length_consistent():
    rng = np.random.default_rng(5)
    for _ in range(200):
        hand = random_hand(rng, 20) if _ % 2 else biased_hand(rng, 20)
        r = solve(hand)
        check_witness(hand, r.cards)
        assert r.exact
        # a longest polymer of a hand is also one of any superset that adds only
        # cards unrelated to it; and removing an unused card never shortens it
        if r.unused:
            smaller = list(hand)
            smaller.remove(r.unused[0])
            assert len(longest_polymer(smaller)) == r.length


def test_full_shoe_and_one_suit_cycle():
    one_suit = [Card(r, "S") for r in range(1, 14)] * 2
    assert len(longest_polymer(one_suit)) == 26  # twice round the K-A wrap


def test_node_limit_is_reported():
    hand = [Card(r, s) for r in (5, 6, 7) for s in "SHDC" for _ in range(2)]
    r = solve(hand, node_limit=50)
    assert not r.exact and "not proven optimal" in str(r)
    with pytest.raises(InvalidInputError):
        solve(hand, node_limit=0)


def symmetric_hands():
    """Hands invariant under suit permutations and/or rank reflections (the symmetry reduction applies)."""
    yield [Card(r, s) for r in (5, 6, 7) for s in "SHDC" for _ in range(2)]
    yield [Card(r, s) for r in (3, 4, 5, 6, 7) for s in "SHDC"]
    yield [Card(r, s) for r in (12, 13, 1, 2) for s in "SHD"]
    yield [Card(r, s) for r in (1, 2, 3, 4) for s in "SH" for _ in range(2)] + [Card(r, "D") for r in (1, 4)]
    yield [Card(r, s) for r in range(1, 14) for s in "SC"]


def test_symmetry_reduction_changes_no_length():
    from negenlab.polymer.solver import orbit_representatives, solve_types, type_indices

    for hand in symmetric_hands():
        t = type_indices(hand)
        assert (orbit_representatives(t) != t).any()  # the reduction really applies
        with_sym, ex1, nodes1, _ = solve_types(t)
        without, ex2, nodes2, _ = solve_types(t, symmetry=False)
        assert len(with_sym) == len(without) and nodes1 <= nodes2
        check_witness(hand, [Card.from_index(x) for x in with_sym])


def test_relabelling_suits_and_ranks_keeps_the_length():
    rng = np.random.default_rng(3)
    for _ in range(60):
        hand = biased_hand(rng, int(rng.integers(10, 17)))
        perm = "".join(rng.permutation(list("SHDC")))
        shift, flip = int(rng.integers(13)), bool(rng.integers(2))
        image = [
            Card(((-(c.rank - 1) if flip else (c.rank - 1)) + shift) % 13 + 1, perm["SHDC".index(c.suit)]) for c in hand
        ]
        assert len(longest_polymer(hand)) == len(longest_polymer(image))


def test_agrees_with_cp_sat_on_symmetric_hands():
    pytest.importorskip("ortools")
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "bench_polymer", Path(__file__).parents[2] / "benchmarks" / "bench_polymer.py"
    )
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    hands = [
        [Card(r, s) for r in (5, 6, 7) for s in "SHDC"],
        [Card(r, s) for r in (12, 13, 1, 2) for s in "SHD"],
        [Card(r, s) for r in (1, 2, 3) for s in "SH" for _ in range(2)] + [Card(2, "D")],
    ]
    for hand in hands:
        peer, proven = bench.cpsat_longest(hand, time_limit=60)
        assert proven and len(peer) == len(longest_polymer(hand)), format_cards(hand)


def test_every_symmetry_preserves_windows_and_compatibility():
    from negenlab.polymer.solver import COMPAT, SYMMETRIES, VALID

    v = VALID.reshape(52, 52, 52)
    assert len(SYMMETRIES) == 624 and len({tuple(m) for m in SYMMETRIES}) == 624
    for m in SYMMETRIES:
        assert sorted(m) == list(range(52))
        assert (v[np.ix_(m, m, m)] == v).all() and (COMPAT[np.ix_(m, m)] == COMPAT).all()


def test_exhaustive_cross_check_at_twelve_cards_including_symmetric_hands():
    """12 cards switch on the symmetry reduction; compare with the brute force there too."""
    rng = np.random.default_rng(77)
    hands = [
        [Card(r, s) for r in (5, 6, 7) for s in "SHDC"],
        [Card(r, s) for r in (12, 13, 1, 2) for s in "SHD"],
        [Card(r, s) for r in (1, 2, 3) for s in "SH" for _ in range(2)],
        [Card(r, s) for r in range(2, 8) for s in "DC"],
        [Card(r, s) for r in (9, 10) for s in "SHD" for _ in range(2)],
    ]
    hands += [biased_hand(rng, 12) for _ in range(25)]
    for hand in hands:
        order = longest_polymer(hand)
        check_witness(hand, order)
        assert len(order) == brute_longest(hand), format_cards(hand)
