"""Enumeration counts against brute force (every fixed polyomino x every 6**k assignment), and
the polyomino generator against a naive one."""

from __future__ import annotations

import pytest

from negenlab.negen import Rules, check_table
from negenlab.negen.enumerate import count_spirals, fixed_polyominoes, free_polyominoes, smallest_closed_spirals

from . import brute

VARIANTS = [Rules(sequence_shape=s, coverage=c) for s in ("straight", "bent") for c in ("die", "adjacency")]


def test_redelmeier_matches_naive_growth():
    for k in range(1, 8):
        fast = list(fixed_polyominoes(k))
        assert len(fast) == len(set(fast))
        assert set(map(frozenset, fast)) == brute.fixed_polyominoes(k)
    # free polyominoes: orbit sizes add up to the fixed count
    for k in range(1, 8):
        shapes = free_polyominoes(k)
        assert sum(s.orbit for s in shapes) == len(brute.fixed_polyominoes(k))
        assert len(shapes) == len({min(tuple(sorted(i)) for i in brute.images(s.cells)) for s in shapes})


def brute_counts(k, rules):
    valid_fixed = closed_fixed = 0
    free, free_closed = set(), set()
    for shape in brute.fixed_polyominoes(k):
        closed = brute.spiral_closed(shape)
        cells = sorted(shape)
        for dice in brute.all_assignments(cells):
            if not brute.spiral_valid(dice, rules.sequence_shape, rules.coverage):
                continue
            valid_fixed += 1
            closed_fixed += closed
            # canonical form of the labelled shape under the 8 symmetries
            forms = []
            for refl in (False, True):
                pts = {((r, -c) if refl else (r, c)): v for (r, c), v in dice.items()}
                for _ in range(4):
                    pts = {(c, -r): v for (r, c), v in pts.items()}
                    r0 = min(r for r, _ in pts)
                    c0 = min(c for _, c in pts)
                    forms.append(tuple(sorted(((r - r0, c - c0), v) for (r, c), v in pts.items())))
            key = min(forms)
            free.add(key)
            if closed:
                free_closed.add(key)
    return valid_fixed, len(free), closed_fixed, len(free_closed)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.sequence_shape}-{r.coverage}")
def test_counts_agree_with_brute_force(rules):
    df = count_spirals(4, rules)
    for row in df.itertuples():
        expect = brute_counts(row.k, rules)
        assert (row.valid_fixed, row.valid_free, row.valid_closed_fixed, row.valid_closed_free) == expect, row
    assert df["valid_fixed"].sum() > 0


@pytest.mark.parametrize(
    "rules",
    [Rules(coverage="die"), Rules(sequence_shape="bent", coverage="adjacency")],
    ids=["straight-die", "bent-adjacency"],
)
def test_per_shape_counts_with_five_dice_agree_with_brute_force(rules):
    from negenlab.negen.enumerate import count_assignments

    for shape in free_polyominoes(5):
        total, fixed = count_assignments(shape.cells, rules, shape.perms)
        valid = [
            d for d in brute.all_assignments(shape.cells) if brute.spiral_valid(d, rules.sequence_shape, rules.coverage)
        ]
        assert total == len(valid) == fixed[0]
        for h, perm in enumerate(shape.perms):
            cells = list(shape.cells)
            assert fixed[h] == sum(all(d[cells[perm[i]]] == d[cells[i]] for i in range(5)) for d in valid)


def test_smallest_closed_spirals():
    # bent: the 2x2 square 1 2 / 2 3 of the rules page
    k, tables = smallest_closed_spirals(Rules(sequence_shape="bent"))
    assert k == 4 and all(len(t) == 4 for t in tables)
    assert any(t.to_text() in ("1 2\n2 3", "3 2\n2 1") for t in tables) or any(
        t.canonical() == check_table("1 2\n2 3")[0].spiral.canonical() for t in tables
    )
    # straight with adjacency coverage: the rules page's 8-die ring is the smallest loop
    k, tables = smallest_closed_spirals(Rules(coverage="adjacency"))
    assert k == 8
    ring = check_table("1 2 3\n2 . 4\n3 4 5")[0].spiral.canonical()
    assert ring in tables
    # straight with the literal die coverage: a 6-die loop already exists (the page's "smallest loop"
    # claim holds only for adjacency coverage)
    die = Rules(coverage="die")  # Rules() reads coverage as "adjacency" since the turn engine's rewrite
    k, tables = smallest_closed_spirals(die)
    assert k == 6
    for t in tables:
        [v] = check_table(t, die)
        assert v.valid and v.closed and len(t) == 6
        assert brute.spiral_valid(dict(t.items()), "straight", "die")
        assert not brute.spiral_valid(dict(t.items()), "straight", "adjacency")


@pytest.mark.parametrize("shape", ["straight", "bent"])
@pytest.mark.parametrize("coverage", ["adjacency", "die"])
def test_turn_engine_knows_the_smallest_closed_spiral(shape, coverage):
    """The closing searches prune with SMALLEST_CLOSED; it must be the enumeration's answer."""
    from negenlab.negen.turns import SMALLEST_CLOSED

    k, _ = smallest_closed_spirals(Rules(sequence_shape=shape, coverage=coverage), max_k=12, limit=1)
    assert SMALLEST_CLOSED[(shape, coverage)] == k
