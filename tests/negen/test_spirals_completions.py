"""Completions against a brute force over all 6**k fillings (small k), and the player's questions."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from negenlab.core.errors import InvalidInputError
from negenlab.negen import Rules, Table, complete, parse_table

from . import brute

VARIANTS = [Rules(sequence_shape=s, coverage=c) for s in ("straight", "bent") for c in ("die", "adjacency")]


def brute_completions(known: dict, blanks, rules, closed=None):
    blanks = sorted(blanks)
    out = []
    cells = set(known) | set(blanks)
    comps = brute.components(cells)
    has_loop = any(brute.spiral_closed(c) for c in comps)
    if closed is not None and has_loop != closed:
        return out
    for values in product(range(1, 7), repeat=len(blanks)):
        dice = dict(known)
        dice.update(zip(blanks, values, strict=True))
        if all(brute.spiral_valid({c: dice[c] for c in comp}, rules.sequence_shape, rules.coverage) for comp in comps):
            out.append(dict(zip(blanks, values, strict=True)))
    return sorted(out, key=lambda s: sorted(s.items()))


def test_worked_example_questions():
    # the 8-die loop missing a corner: exactly one value closes it
    res = complete("1 2 3\n2 . 4\n3 4 ?", closed=True)
    assert res.solutions == [{(2, 2): 5}] and not res.capped
    # Piet's table: the 2 below the 3 could also be a 4? (4-3-2 vertical) -> only 2 with a 4 on top
    res = complete(". . . 4 .\n6 5 4 3 2\n. . . ? .")
    assert res.solutions == [{(2, 3): 2}]
    # a row of three blanks: 4 centre values x 2 orders
    assert len(complete("? ? ?").solutions) == 8
    # closed=True on a shape without a loop has no completion and says why
    res = complete("6 5 ?", closed=True)
    assert res.solutions == [] and "no loop" in res.note


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.sequence_shape}-{r.coverage}")
def test_complete_agrees_with_brute_force(rules):
    rng = np.random.default_rng(11)
    nonempty = 0
    for trial in range(120):
        n = int(rng.integers(2, 8))
        cells = set()
        while len(cells) < n:
            cells.add((int(rng.integers(0, 3)), int(rng.integers(0, 3))))
        cells = sorted(cells)
        k = int(rng.integers(1, min(4, n) + 1))
        blank_idx = rng.choice(n, size=k, replace=False)
        blanks = {cells[i] for i in blank_idx}
        known = {c: 1 + (c[0] + c[1] + int(rng.integers(0, 2))) % 6 for c in cells if c not in blanks}
        closed = [None, True, False][trial % 3]
        res = complete((Table(known), blanks), rules, closed=closed, limit=None)
        expect = brute_completions(known, blanks, rules, closed)
        assert res.solutions == expect, (Table(known).to_text(), sorted(blanks), closed)
        nonempty += bool(expect)
    assert nonempty >= 10


def test_limit_is_reported():
    res = complete("? ? ?\n? . ?\n? ? ?", limit=3)
    assert len(res.solutions) == 3 and res.capped
    full = complete("? ? ?\n? . ?\n? ? ?", limit=None)
    assert not full.capped and len(full.solutions) > 3
    assert all(t.is_closed() for t in full.tables())


def test_bad_patterns():
    with pytest.raises(InvalidInputError, match="row 1, column 2: unknown token 'x'"):
        complete("6 x ?")
    with pytest.raises(InvalidInputError, match="already hold dice"):
        complete((parse_table("6 5"), {(0, 1)}))
    with pytest.raises(InvalidInputError, match="limit"):
        complete("6 5 ?", limit=0)
