"""Why an invalid spiral is invalid (#22): the reason for each pair (or die) the closest
interpretation leaves uncovered, in the rules page's words, and the spiral editor keeping the
colours of that interpretation.

The reasons are checked on hand-made spirals, and cross-checked against the brute force of
tests/negen/brute.py (written from the rules page, sharing no code with the engine): for every
pair of die values 1-6 whether the two dice can touch inside a sequence, and for every three-die
line and L whether each pair and die lies in a sequence, under every reading and both
interpretations.
"""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from negenlab.negen import Rules, Table, check_table, parse_table
from negenlab.negen.spirals import check_spiral, die_reason, pair_reason, uncovered_reasons, value_reason
from negenlab.negen.svg import EDGE_COLOUR, NODE_COLOUR, UNCOVERED_COLOUR, verdicts_svg

from . import brute

READINGS = [Rules(sequence_shape=s, coverage=c) for s in ("straight", "bent") for c in ("adjacency", "die")]
RID = [f"{r.sequence_shape}-{r.coverage}" for r in READINGS]
SHAPES = {"line": ((0, 0), (0, 1), (0, 2)), "L": ((0, 0), (0, 1), (1, 1))}  # the middle cell is (0, 1)


# -- hand-made spirals -------------------------------------------------------------------------
@pytest.mark.parametrize("rules", READINGS, ids=RID)
def test_values_that_never_touch_in_a_sequence_say_so_under_every_reading(rules):
    for text, words in [
        ("3 6", "3 and 6 differ by 3; a sequence steps by 1"),
        ("4 4", "4 and 4 are equal; a sequence steps by 1"),
        ("1 5", "1 and 5 differ by 4; a sequence steps by 1"),
    ]:
        v = check_spiral(text, rules)
        if rules.coverage == "adjacency":
            assert [(r.kind, r.text) for r in v.reasons()] == [("step", words)]
        else:  # both dice uncovered: the node die (its one neighbour the edge) says it
            node = [r for r in v.reasons() if "is a node here" in r.text]
            assert len(node) == 1 and node[0].kind == "step" and node[0].text.endswith(words)


def test_pair_reasons_by_role_and_shape():
    two = parse_table("1 2")
    # the 1 as the edge: a sequence through a 1 as its middle needs a 0
    r = pair_reason(two, ((0, 0), (0, 1)), 0)
    assert (
        r.kind == "end"
        and r.text == "the 1 is the edge (the middle die) here, and 2-1-0 would need a 0; dice show 1 to 6"
    )
    # the 2 as the edge: 1-2-3 needs a 3 beyond it
    r = pair_reason(two, ((0, 0), (0, 1)), 1)
    assert r.kind == "missing"
    assert (
        r.text
        == "the 2 is the edge here, so 1-2-3 needs a 3 on the far side of the 2 (row 1, col 3), and no die is there"
    )
    r = pair_reason(two, ((0, 0), (0, 1)), 1, Rules(sequence_shape="bent"))
    assert r.kind == "missing" and r.text.endswith("needs a 3 beside the 2, and the 2 has no other neighbour")
    # the die beyond is there but wrong (straight), or the other neighbours are wrong (bent)
    line = parse_table("1 2 4")
    r = pair_reason(line, ((0, 0), (0, 1)), 1)
    assert r.kind == "mismatch" and r.text.endswith("on the far side of the 2 (row 1, col 3), which holds a 4")
    square = parse_table("1 2\n2 4")
    r = pair_reason(square, ((0, 0), (0, 1)), 1, Rules(sequence_shape="bent"))
    assert r.kind == "mismatch" and r.text.endswith("beside the 2, and its other neighbours show 4")
    # the 2x2 square 1 2 / 2 3: straight leaves the 1-2 pair without a 3 beyond the 2; bent covers it
    sq = parse_table("1 2\n2 3")
    assert pair_reason(sq, ((0, 0), (0, 1)), 1).kind == "missing"
    assert pair_reason(sq, ((0, 0), (0, 1)), 1, Rules(sequence_shape="bent")) is None
    # a far side above the table has no row number to give
    r = pair_reason(parse_table("6 5 4\n. 4 ."), ((0, 1), (1, 1)), 1)
    assert r.text == "the 5 is the edge here, so 4-5-6 needs a 6 on the far side of the 5, and no die is there"


def test_die_reasons_for_edges_and_nodes():
    straight, bent = Rules(coverage="die"), Rules(sequence_shape="bent", coverage="die")
    corner = parse_table("2 4\n. 6")  # the 4 at the corner of an L
    r = die_reason(corner, (0, 1), 1, straight)
    assert r.kind == "missing" and r.text.endswith(
        "needs a 3 and a 5 on opposite sides of it, and it has no dice on two opposite sides"
    )
    r = die_reason(corner, (0, 1), 1, bent)
    assert r.kind == "mismatch" and r.text.endswith("needs a 3 and a 5 beside it; its neighbours show 2, 6")
    r = die_reason(parse_table("3 4 6"), (0, 1), 1, straight)
    assert r.kind == "mismatch" and r.text.endswith(
        "needs a 3 and a 5 on opposite sides of it; on opposite sides it has 3 and 6"
    )
    assert die_reason(parse_table("4 5"), (0, 1), 1, bent).text.endswith("and it has only one neighbour")
    assert die_reason(parse_table("5 6"), (0, 1), 1, bent).kind == "end"
    # nodes: every touching die an edge, and none of them the middle of a sequence with it
    r = die_reason(parse_table("6 5 4\n. 4 ."), (1, 1), 1, straight)
    assert r.text.startswith("the 4 is a node here and touches only the 5: the 5 is the edge here, so 4-5-6")
    r = die_reason(parse_table("5 3 6"), (0, 1), 0, straight)
    assert r.kind == "step" and r.text == (
        "the 3 is a node here, and none of its neighbours (5, 6) is one away from it; a sequence steps by 1"
    )
    r = die_reason(parse_table("4 3 6"), (0, 1), 0, straight)
    assert r.kind == "several" and sorted(p.kind for p in r.parts) == ["missing", "step"]
    assert "with the 4 at row 1, col 1: the 4 is the edge here, so 3-4-5 needs a 5" in r.text
    assert "with the 6 at row 1, col 3: 3 and 6 differ by 3" in r.text
    # covered things have no reason
    assert die_reason(parse_table("6 5 4"), (0, 0), 1, straight) is None
    assert pair_reason(parse_table("6 5 4"), ((0, 0), (0, 1)), 1) is None


def test_summary_says_why():
    v = check_spiral("1 2 3 4 6")
    assert not v.valid
    assert "Why" in v.summary() and v.reasons()[0].text in v.summary()
    assert v.to_dict()["reasons"][0]["text"] == v.reasons()[0].text
    assert check_spiral("6 5 4").reasons() == ()


# -- cross-checks against the brute force -------------------------------------------------------
def _brute_can_touch(edge: int, node: int, rules: Rules) -> bool:
    """Can a die ``node`` touch a die ``edge`` inside a sequence with ``edge`` as its middle? Try every
    third die on every cell the reading allows and ask the brute force if the three make a valid spiral."""
    shapes = ["line"] + (["L"] if rules.sequence_shape == "bent" else [])
    for shape, z in product(shapes, range(1, 7)):
        a, mid, c = SHAPES[shape]
        dice = {a: node, mid: edge, c: z}
        if brute.spiral_valid(dice, rules.sequence_shape, rules.coverage):
            return True
    return False


@pytest.mark.parametrize("rules", READINGS, ids=RID)
def test_value_reason_agrees_with_the_brute_force_for_every_pair_of_values(rules):
    checked = 0
    for x, y in product(range(1, 7), repeat=2):
        for edge, node in ((x, y), (y, x)):  # both directions: either die as the middle
            reason = value_reason(edge, node)
            assert (reason is None) == _brute_can_touch(edge, node, rules), (edge, node)
            if reason is not None:
                kind, text = reason
                assert kind == ("step" if abs(edge - node) != 1 else "end")
                assert (f"differ by {abs(edge - node)}" in text) == (kind == "step" and edge != node)
            # and on the two-die spiral the pair's reason with that die as the edge says the same
            two = Table({(0, 0): node, (0, 1): edge})
            r = pair_reason(two, ((0, 0), (0, 1)), 1, rules)
            assert r is not None and r.kind == (reason[0] if reason else "missing")
            checked += 1
    assert checked == 72


def _brute_covered(dice: dict, edge_parity: int, shape: str):
    edges = {c for c in dice if (c[0] + c[1]) % 2 == edge_parity}
    seqs = brute.sequences(dice, edges, shape)
    pairs = {frozenset(p) for s in seqs for p in ((s[0], s[1]), (s[1], s[2]))}
    return pairs, {c for s in seqs for c in s}


@pytest.mark.parametrize("rules", READINGS, ids=RID)
def test_pair_and_die_reasons_agree_with_the_brute_force_on_every_three_die_spiral(rules):
    seen = {"pair": 0, "die": 0, "none": 0}
    for shape, values in product(SHAPES, product(range(1, 7), repeat=3)):
        dice = dict(zip(SHAPES[shape], values, strict=True))
        table = Table(dice)
        for parity in (0, 1):
            pairs, dice_in = _brute_covered(dice, parity, rules.sequence_shape)
            for pair in (SHAPES[shape][:2], SHAPES[shape][1:]):
                r = pair_reason(table, pair, parity, rules)
                assert (r is None) == (frozenset(pair) in pairs), (shape, values, parity, pair)
                seen["pair" if r else "none"] += 1
            for cell in dice:
                r = die_reason(table, cell, parity, rules)
                assert (r is None) == (cell in dice_in), (shape, values, parity, cell)
                seen["die" if r else "none"] += 1
    assert min(seen.values()) >= 40  # straight lines give 2 x 6 sequences; every L is a sequence only when bent


@pytest.mark.parametrize("rules", READINGS, ids=RID)
def test_every_uncovered_thing_of_random_spirals_has_a_reason(rules):
    # uncovered_reasons raises when the engine calls something uncovered that the reasons find covered
    rng = np.random.default_rng(22)
    found = 0
    for _ in range(300):
        cells = {(0, 0)}
        while len(cells) < rng.integers(2, 9):
            r, c = sorted(cells)[rng.integers(len(cells))]
            dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[rng.integers(4)]
            cells.add((r + dr, c + dc))
        t = Table({c: int(rng.integers(1, 7)) for c in cells})
        for v in check_table(t, rules):
            if v.valid:
                continue
            for a in v.attempts:
                reasons = uncovered_reasons(v, a)
                assert len(reasons) == len(a.uncovered)
                assert all(r.text for r in reasons)
                found += 1
    assert found > 100


# -- pictures and the editor -------------------------------------------------------------------
def test_an_invalid_spiral_is_drawn_in_its_closest_interpretation():
    t = parse_table("6 5 4 3")
    svg = verdicts_svg(t, check_table(t))
    assert f"fill='{NODE_COLOUR}'" in svg and f"fill='{EDGE_COLOUR}'" in svg
    assert "<polyline" in svg  # the one sequence it does make
    assert svg.count("class='uncovered-pair'") == 1 and UNCOVERED_COLOUR in svg


def test_the_editor_keeps_the_colours_of_an_invalid_spiral_and_says_why():
    from negenlab.negen.widgets import SpiralEditor

    ed = SpiralEditor(text="6 5 4")
    valid_svg = ed.board.svg
    assert valid_svg.count(f"fill='{NODE_COLOUR}'") == 2 and valid_svg.count(f"fill='{EDGE_COLOUR}'") == 1
    ed.brush.value = "4"
    ed.click(1, 1)  # a 4 under the 5: the 5-4 pair has no 6 above the 5
    svg, status = ed.board.svg, ed.board.status
    assert "invalid" in status
    assert status.endswith("the 5 is the edge here, so 4-5-6 needs a 6 on the far side of the 5, and no die is there")
    assert svg.count(f"fill='{NODE_COLOUR}'") == 3 and svg.count(f"fill='{EDGE_COLOUR}'") == 1  # colours kept
    assert svg.count("<polyline") == 1  # 6-5-4 is still drawn
    assert svg.count("class='uncovered-pair'") == 1
    assert "row 1, col 2 – row 2, col 2 (5, 4): the 5 is the edge here" in ed.report.value
    ed.load_text("3 6")
    assert ed.board.status.endswith("3 and 6 differ by 3; a sequence steps by 1")
    assert "class='uncovered-pair'" in ed.board.svg and f"fill='{EDGE_COLOUR}'" in ed.board.svg
    ed.coverage.value = "die"  # the die reading: dice crossed, no pair links, each die's reason listed
    assert "class='uncovered-pair'" not in ed.board.svg and f"fill='{NODE_COLOUR}'" in ed.board.svg
    assert sum(line.startswith("  row ") for line in ed.verdict_lines()) == 2
