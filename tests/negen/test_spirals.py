"""Validity of spirals: the rules page's worked examples under every variant, bad input, and a
cross-check of check_table against the brute force of tests/negen/brute.py on random tables."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.negen import Rules, Table, check_table, parse_table
from negenlab.negen.spirals import check_spiral
from negenlab.negen.table import loop_pairs

from . import brute

VARIANTS = [Rules(sequence_shape=s, coverage=c) for s in ("straight", "bent") for c in ("die", "adjacency")]
PIET = ". . . 4 .\n6 5 4 3 2\n. . . 2 ."
LOOP8 = "1 2 3\n2 . 4\n3 4 5"


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.sequence_shape}-{r.coverage}")
def test_worked_examples_same_under_every_variant(rules):
    v = check_spiral(parse_table("6 5 4"), rules)
    assert v.valid and not v.closed
    assert [s.values for s in v.sequences] == [(6, 5, 4)]
    assert v.interpretation.edges == {(0, 1)} and v.interpretation.nodes == {(0, 0), (0, 2)}
    for bad in ("5 4 5", "1 5 6", "1 2"):
        v = check_spiral(parse_table(bad), rules)
        assert not v.valid and not v.closed and v.interpretation is None
        assert len(v.attempts) == 2 and all(a.uncovered for a in v.attempts)
    v = check_spiral(parse_table(PIET), rules)
    assert v.valid and not v.closed
    assert v.interpretation.edges == {(1, 1), (1, 3)}
    values = sorted(s.values for s in v.sequences)
    if rules.sequence_shape == "straight":
        assert values == [(4, 3, 2), (4, 3, 2), (6, 5, 4)]
    else:  # the 3 also has two L-shaped 4-3-2 sequences
        assert values == [(4, 3, 2)] * 4 + [(6, 5, 4)]
    v = check_spiral(parse_table(LOOP8), rules)
    assert v.valid and v.closed and len(v.sequences) == 4


def test_two_by_two_square_depends_on_sequence_shape():
    for cov in ("die", "adjacency"):
        straight = check_spiral(parse_table("1 2\n2 3"), Rules(coverage=cov))
        bent = check_spiral(parse_table("1 2\n2 3"), Rules(sequence_shape="bent", coverage=cov))
        assert straight.closed and bent.closed
        assert not straight.valid and bent.valid
        assert sorted(s.values for s in bent.sequences) == [(1, 2, 3), (1, 2, 3)]
        assert bent.interpretation.edges == {(0, 1), (1, 0)}


def test_die_and_adjacency_coverage_differ():
    # a plus: 3 centre with 2/4 on the column and 2 4 on the row... T shape where one arm is covered
    # only as a die: "4 3 2" row plus a 2 below the 3; under die coverage the 2 below is a node in no
    # sequence unless a vertical 4-3-2 exists.
    t = parse_table("4 3 2\n. 4 .\n. 5 .")
    d = check_spiral(t, Rules(coverage="die"))
    a = check_spiral(t, Rules(coverage="adjacency"))
    # die: edges (0,1),(2,1)? parity of (0,1)=1: edges (0,1),(1,0)... only (0,1) and (2,1) are edges with
    # parity 1; (2,1) has one neighbour so no sequence centred there; (2,1) value 5 is covered? no.
    assert d.valid == brute.spiral_valid(dict(t.items()), "straight", "die")
    assert a.valid == brute.spiral_valid(dict(t.items()), "straight", "adjacency")
    cross = parse_table(". 4 .\n4 3 2\n. 2 .")
    # die: every die is in 4-3-2 (row) or 4-3-2 (column); adjacency too. Make the bottom arm 4:
    cross2 = parse_table(". 4 .\n4 3 2\n. 4 .")
    assert check_spiral(cross, Rules(coverage="die")).valid and check_spiral(cross, Rules(coverage="adjacency")).valid
    assert not check_spiral(cross2, Rules(sequence_shape="straight")).valid
    # bent: 4(N)-3-2(E) and 4(S)-3-2(E), 4(W)-3-2(E): die coverage holds; every pair touches the 2 arm
    assert check_spiral(cross2, Rules(sequence_shape="bent")).valid
    assert check_spiral(cross2, Rules(sequence_shape="bent", coverage="adjacency")).valid
    # a 2x3 block where die coverage holds but some adjacent pair is in no sequence
    block = parse_table("1 2 3\n2 3 4")
    for shape in ("straight", "bent"):
        for cov in ("die", "adjacency"):
            assert check_spiral(block, Rules(sequence_shape=shape, coverage=cov)).valid == brute.spiral_valid(
                dict(block.items()), shape, cov
            )


def test_single_die_is_valid_and_several_spirals_are_reported_separately():
    vs = check_table(parse_table("3 . 6 5 4\n. . . . .\n1 2 . . ."))
    assert [len(v.cells) for v in vs] == [1, 3, 2]
    assert [v.valid for v in vs] == [True, True, False]
    assert vs[0].interpretation.nodes == {(0, 0)}


@pytest.mark.parametrize(
    "text, message",
    [
        ("6 5 7", "row 1, column 3: die value 7 is outside 1..6"),
        ("6 5 0", "row 1, column 3: die value 0"),
        ("6 x 4", "row 1, column 2: unknown token 'x'"),
        ("6 5 4\n3 2", "row 2 has 2 cells, expected 3"),
        ("", "the table is empty"),
        (". .\n. .", "no dice"),
        ("654", "row 1, column 1"),
        ("6 ? 4", "unknown token '?'"),
    ],
)
def test_bad_text_names_row_and_column(text, message):
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_table(text)


def test_table_rejects_bad_dice_and_cells():
    with pytest.raises(InvalidInputError, match="1..6"):
        Table({(0, 0): 7})
    with pytest.raises(InvalidInputError, match="pair of integers"):
        Table({(0, 0.5): 3})
    with pytest.raises(InvalidInputError, match="no die"):
        Table({(0, 0): 3}).without((1, 1))


def test_table_api_round_trips():
    t = parse_table(PIET)
    assert parse_table(t.to_text()) == t
    assert t.translated(-3, 7).normalized() == t
    assert t.rotated(4) == t and t.reflected().reflected() == t
    assert len(set(t.symmetric_images())) == 8  # the 4 above and the 2 below the 3 break every symmetry
    assert len(set(parse_table("1 2 1").symmetric_images())) == 2
    assert t.canonical() == t.rotated(1).canonical() == t.reflected().canonical()
    assert hash(t) == hash(parse_table(PIET)) and t != t.with_die((0, 0), 1)
    assert t.with_die((1, 5), 1).spirals()[0] == t.with_die((1, 5), 1)
    assert len(t.with_die((5, 5), 1).spirals()) == 2
    assert {(-1, 3), (0, 0), (1, 5), (3, 3)} <= t.empty_neighbours() and (1, 1) not in t.empty_neighbours()
    assert not t.is_closed() and parse_table(LOOP8).is_closed()
    svg = t._repr_svg_()
    assert svg.startswith("<svg") and "#d62728" in svg and "#1f5fbf" in svg


def _random_table(rng, max_cells=9, box=4):
    n = int(rng.integers(1, max_cells + 1))
    cells = set()
    while len(cells) < n:
        cells.add((int(rng.integers(0, box)), int(rng.integers(0, box))))
    # values biased towards runs so that valid spirals are common
    return Table(
        {
            c: int(rng.integers(1, 7))
            if rng.random() < 0.3
            else 1 + (c[0] + 2 * c[1]) % 6
            if rng.random() < 0.5
            else 1 + (c[0] + c[1]) % 6
            for c in cells
        }
    )


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.sequence_shape}-{r.coverage}")
def test_check_table_agrees_with_brute_force(rules):
    rng = np.random.default_rng(7)
    seen_valid = seen_invalid = 0
    for _ in range(3000):
        t = _random_table(rng)
        vs = check_table(t, rules)
        comps = brute.components(t.keys())
        assert sorted(tuple(sorted(c)) for c in comps) == sorted(v.cells for v in vs)
        for v in vs:
            dice = {c: t[c] for c in v.cells}
            expect = brute.spiral_valid(dice, rules.sequence_shape, rules.coverage)
            assert v.valid == expect, (t.to_text(), v)
            assert v.closed == brute.spiral_closed(v.cells)
            if v.valid and len(v.cells) > 1:
                seen_valid += 1
                # the witness really covers: recheck it by hand
                edges = v.interpretation.edges
                assert all((c[0] + c[1]) % 2 == v.interpretation.edge_parity for c in edges)
                seqs = brute.sequences(dice, edges, rules.sequence_shape)
                assert {frozenset(s.cells) for s in v.sequences} == {frozenset(s) for s in seqs}
                if rules.coverage == "die":
                    assert {c for s in v.sequences for c in s.cells} == set(v.cells)
                else:  # every adjacent pair lies in one of the witness's sequences
                    in_seq = {frozenset(p) for s in v.sequences for p in ((s.ends[0], s.centre), (s.centre, s.ends[1]))}
                    assert {frozenset(p) for p in v.spiral.adjacent_pairs()} <= in_seq
            elif not v.valid:
                seen_invalid += 1
                assert all(a.uncovered for a in v.attempts)
    assert seen_valid > 5 and seen_invalid > 20


def test_exhaustive_small_shapes_against_brute_force():
    """Every value assignment of every fixed tromino and tetromino of a few shapes."""
    for rules in VARIANTS:
        for shape in [
            frozenset({(0, 0), (0, 1), (0, 2)}),
            frozenset({(0, 0), (0, 1), (1, 1)}),
            frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}),
        ]:
            for dice in brute.all_assignments(shape):
                [v] = check_table(Table(dice), rules)
                assert v.valid == brute.spiral_valid(dice, rules.sequence_shape, rules.coverage)


def test_large_table_is_checked_in_one_pass():
    pattern = [1, 2, 3, 4, 5, 4, 3, 2]  # edges at odd columns hold 2 or 4: a valid 10,000-die line
    t = Table({(0, c): pattern[c % 8] for c in range(10_001)})
    [v] = check_table(t)
    assert v.valid and len(v.cells) == 10_001 and len(v.sequences) == 5000


def _on_a_cycle_brute(cells: set, a, b) -> bool:
    """Whether b is still reached from a once the pair a-b is cut (a walk over the other pairs)."""
    seen, todo = {a}, [a]
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in cells and n not in seen and {(r, c), n} != {a, b}:
                seen.add(n)
                todo.append(n)
    return b in seen


def test_loop_pairs_are_the_pairs_on_a_cycle_both_ways():
    """Every cell set of up to 9 dice in a 3x4 box (several spirals among them): loop_pairs lists
    exactly the adjacent pairs on a cycle, nothing missing, nothing extra."""
    box = [(r, c) for r in range(3) for c in range(4)]
    checked = with_loops = 0
    for k in range(1, 10):
        for cells in itertools.combinations(box, k):
            table = Table({cell: 1 for cell in cells})
            expected = {frozenset(p) for p in table.adjacent_pairs() if _on_a_cycle_brute(set(cells), *p)}
            assert {frozenset(p) for p in loop_pairs(table)} == expected, cells
            checked += 1
            with_loops += bool(expected)
    assert checked == 4016 and with_loops == 996
