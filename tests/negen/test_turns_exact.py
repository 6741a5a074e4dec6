"""Negen turns: the engine's ``legal_turns`` against an exhaustive brute force, in both directions.

The reference is ``tests/negen/brute_turns.py``: a plain search over the physical actions of a
turn (add a board die next to a die, move a whole spiral to touch another, under "free" take
out a start die), written from the rules page without any code of ``negenlab.negen``.  End
tables are compared by ``brute_turns.table_key``, computed here from each ``turn.table``.
"""

from __future__ import annotations

import numpy as np
import pytest

from . import brute
from . import brute_turns as bt

N_POSITIONS = 300  # random positions per rearrange mode; each is checked under the 4 readings
SEED = 20260522
# turns (brute-force end tables) the sample must hold per variant, by rearrange mode and shape:
# about half of what it holds (straight readings have far fewer valid tables)
MIN_TURNS = {("join", "straight"): 100, ("join", "bent"): 800, ("free", "straight"): 250, ("free", "bent"): 600}


VARIANT_IDS = [f"{s}-{c}-{r}" for s, c, r in bt.VARIANTS]
READINGS = [(s, c) for s in bt.SHAPES for c in bt.COVERAGES]


def keys_of(*texts):
    return {bt.table_key(bt.parse_rows(t)) for t in texts}


# Hand-made positions added to the random sample: closing turns under "straight" need a ring
# (2 3 4 / 3 . 3 / 4 3 2 is valid under every reading), which random draws rarely build.
RING = "2 3 4\n3 . 3\n4 3 2"
RING_GAP = "2 3 4\n3 . 3\n4 3 ."
EXTRA_POSITIONS = {
    "join": [
        (RING_GAP, (2,)),
        (RING_GAP, (2, 5)),
        (RING, ()),
        ("2 3\n3 .", (4,)),
        ("3 4\n. 3", (2,)),
        ("6 5 4 . 2", (3,)),
        ("6 5 4 . . 2", (3,)),
        ("6 5 4 . 3 . 4", (2, 2)),
    ],
    "free": [(RING, ()), (RING, (1,)), ("2 3\n3 .", (4,)), ("3 4\n. 3", (2,)), ("6 5 4 . 2", (3,)), ("5", (4, 6))],
}


def sample(rearrange):
    extra = [(bt.parse_rows(t), b, "fixed") for t, b in EXTRA_POSITIONS[rearrange]]
    return bt.sample_positions(rearrange, N_POSITIONS, SEED) + extra


@pytest.fixture(scope="module")
def brute_sample():
    """{rearrange: (positions, brute_job results)}, computed once on both cores."""
    positions = {r: sample(r) for r in ("join", "free")}
    jobs = [(t, b, r, 1) for r in ("join", "free") for t, b, _ in positions[r]]
    results = list(bt.run_jobs(bt.brute_job, jobs))
    n = len(positions["join"])
    return {"join": (positions["join"], results[:n]), "free": (positions["free"], results[n:])}


# ---------------------------------------------------------------- the brute force alone


def test_keys_follow_the_definition():
    rng = np.random.default_rng(1)
    for _ in range(200):
        spiral = bt.random_spiral(rng, int(rng.integers(1, 10)), rng.random() < 0.5)
        table = bt.lay_out(rng, [spiral])
        # the search's internal codes decode to the literal table_key (one state: no board dice)
        assert set(bt.reachable_end_tables(table, (), "join")) == {bt.table_key(table)}
        # rotations and translations of a spiral keep its key
        turned = {(c + 7, -r - 3): v for (r, c), v in spiral.items()}
        assert bt.spiral_key(turned) == bt.spiral_key(spiral)
    for _ in range(12):  # several spirals: the start table is one of the end tables, keyed alike
        table = bt.lay_out(
            rng, [bt.random_spiral(rng, int(rng.integers(1, 4)), True) for _ in range(int(rng.integers(2, 4)))]
        )
        assert bt.table_key(table) in bt.reachable_end_tables(table, (), "join")
    # reflections are different spirals
    assert bt.table_key(bt.parse_rows("4 5\n. 6")) != bt.table_key(bt.parse_rows("5 4\n6 ."))
    assert bt.table_key(bt.parse_rows("6 5 4 . 3")) == bt.table_key(bt.parse_rows("3\n.\n4\n5\n6"))


def test_variant_validity_is_brute_spiral_valid():
    cases = [d for k in (1, 2, 3) for shape in brute.fixed_polyominoes(k) for d in brute.all_assignments(shape)]
    rng = np.random.default_rng(2)
    cases += [bt.random_spiral(rng, int(rng.integers(4, 10)), rng.random() < 0.7) for _ in range(1000)]
    hits = 0
    for d in cases:
        got = bt.variant_validity(d)
        for (s, c), ok in got.items():
            assert ok == brute.spiral_valid(d, s, c), (d, s, c)
        hits += any(got.values())
    assert hits > 300


def test_hand_checked_654_with_3_2():
    # 6 5 4 is valid with 5 an edge; 6 can only ever be a node.  The 3 and the 2 are only valid
    # together as 4-3-2 with 3 an edge next to the 4: 3 right of, above or below the 4.
    table, board = bt.parse_rows("6 5 4"), (3, 2)
    straight = keys_of("6 5 4", "6 5 4 3 2", "6 5 4\n. . 3\n. . 2", ". . 2\n. . 3\n6 5 4")
    assert set(bt.brute_end_tables(table, board, "straight", "adjacency", "join")) == straight
    assert set(bt.brute_end_tables(table, board, "straight", "die", "join")) == straight
    # bent: the 2 may also turn beside the 3; beside the 5 it breaks adjacency coverage only
    bent_adj = straight | keys_of("6 5 4 3\n. . . 2", ". . . 2\n6 5 4 3", "6 5 4 .\n. . 3 2", ". . 3 2\n6 5 4 .")
    assert set(bt.brute_end_tables(table, board, "bent", "adjacency", "join")) == bent_adj
    assert set(bt.brute_end_tables(table, board, "bent", "die", "join")) == bent_adj | keys_of(
        "6 5 4\n. 2 3", ". 2 3\n6 5 4"
    )
    res = bt.brute_end_tables(table, board, "straight", "adjacency", "join")
    assert res[bt.table_key(bt.parse_rows("6 5 4"))] == dict(used=(), closed=False, depleted=False)
    assert res[bt.table_key(bt.parse_rows("6 5 4 3 2"))] == dict(used=(2, 3), closed=False, depleted=True)
    # free: one die may be taken out.  Take the 5: three lone dice, or 4-3-2 beside lone 5 and 6;
    # take the 6: 5 4 3 beside a lone 6 (the 3 left on the board).  Nothing else is valid.
    free = straight | {
        bt.table_key({(0, 0): 6, (0, 2): 5, (0, 4): 4}),
        bt.table_key({(0, 0): 6, (0, 2): 5, (0, 4): 4, (0, 5): 3, (0, 6): 2}),
        bt.table_key({(0, 0): 6, (0, 2): 5, (0, 3): 4, (0, 4): 3}),
    }
    res = bt.brute_end_tables(table, board, "straight", "adjacency", "free")
    assert set(res) == free
    assert res[bt.table_key({(0, 0): 6, (0, 2): 5, (0, 3): 4, (0, 4): 3})]["used"] == (3,)


def test_hand_checked_lone_5_with_4_6():
    # 4-5-6 needs the 5 as the edge between them: in a line, or (bent) as an L of either hand
    table, board = bt.parse_rows("5"), (4, 6)
    line = keys_of("5", "4 5 6")
    ells = keys_of("4 5\n. 6", "6 5\n. 4")
    for s, c, r in bt.VARIANTS:
        res = bt.brute_end_tables(table, board, s, c, r)
        assert set(res) == (line | ells if s == "bent" else line), (s, c, r)
        assert res[bt.table_key(bt.parse_rows("4 5 6"))] == dict(used=(4, 6), closed=False, depleted=True)


def test_hand_checked_ring_under_free():
    # a full ring of 2 3 4 sides: stay (closed), or take out a middle 3 (the U left is valid, the
    # lone 3 too): right or bottom middle (the others are the same turned by 180 degrees).
    # A corner taken out leaves an invalid C; a 3 put back elsewhere would be alone.
    res = bt.brute_end_tables(bt.parse_rows(RING), (), "straight", "adjacency", "free")
    u_right = bt.table_key({**bt.parse_rows("2 3 4\n3 . .\n4 3 2"), (0, 4): 3})
    u_down = bt.table_key({**bt.parse_rows("2 3 4\n3 . 3\n4 . 2"), (0, 4): 3})
    assert set(res) == keys_of(RING) | {u_right, u_down}
    assert res[bt.table_key(bt.parse_rows(RING))]["closed"] and not res[u_right]["closed"]


def test_piet_worked_turn_brute():
    # Piet's turn uses the two 2s of his board (5, 2, 2, 1); with just those on the board the same
    # end table is a turn (the brute force on the whole board is too slow for the suite)
    table = bt.parse_rows("6 5 4 . 3 . 4")
    res = bt.brute_end_tables(table, (2, 2), "straight", "adjacency", "join")
    key = bt.table_key(bt.parse_rows(". . . 4 .\n6 5 4 3 2\n. . . 2 ."))
    assert res[key] == dict(used=(2, 2), closed=False, depleted=True)


@pytest.mark.parametrize("rearrange", ["join", "free"])
def test_where_spirals_lie_means_nothing_brute(rearrange):
    a = bt.legal_by_variant(bt.reachable_end_tables(bt.parse_rows("6 5 4 . 2"), (3,), rearrange))
    b = bt.legal_by_variant(bt.reachable_end_tables(bt.parse_rows("6 5 4 . . 2"), (3,), rearrange))
    assert a == b
    for reading in READINGS:
        assert bt.table_key(bt.parse_rows("6 5 4 3 2")) in a[reading]


def _small_positions(rng, n):
    """1 or 2 spirals of 1..3 dice and up to 2 board dice, at most 4 dice in all (quick under "free")."""
    out = []
    while len(out) < n:
        spirals = [
            bt.random_spiral(rng, int(rng.integers(1, 4)), rng.random() < 0.6) for _ in range(int(rng.integers(1, 3)))
        ]
        board = tuple(int(v) for v in rng.integers(1, 7, size=int(rng.integers(0, 3))))
        if sum(map(len, spirals)) + len(board) <= 4:
            out.append((spirals, board))
    return out


@pytest.mark.parametrize("rearrange", ["join", "free"])
def test_brute_force_ignores_placement_and_turning_of_start_spirals(rearrange):
    rng = np.random.default_rng(3)
    for spirals, board in _small_positions(rng, 12):
        base = bt.reachable_end_tables(bt.lay_out(rng, spirals), board, rearrange)
        turned = []
        for s in spirals:
            for _ in range(int(rng.integers(4))):
                s = {(c, -r): v for (r, c), v in s.items()}
            r0, c0 = min(r for r, _ in s), min(c for _, c in s)
            turned.append({(r - r0, c - c0): v for (r, c), v in s.items()})
        moved = bt.lay_out(rng, turned[::-1])
        assert bt.reachable_end_tables(moved, board, rearrange) == base


def test_brute_force_join_within_free_and_more_dice_more_turns():
    rng = np.random.default_rng(4)
    for spirals, board in _small_positions(rng, 12):
        table = bt.lay_out(rng, spirals)
        join = bt.reachable_end_tables(table, board, "join")
        free = bt.reachable_end_tables(table, board, "free")
        assert set(join) <= set(free)
        if board:
            assert set(bt.reachable_end_tables(table, board[1:], "join")) <= set(join)


def test_brute_sample_is_meaningful(brute_sample):
    """Every position of the sample was searched to the end, with many turns and closing turns."""
    for rearrange, (positions, results) in brute_sample.items():
        assert len(results) == len(positions) >= N_POSITIONS
        for shape, coverage in READINGS:
            legal = [res[0][(shape, coverage)] for res in results]
            assert sum(map(len, legal)) >= MIN_TURNS[(rearrange, shape)], (rearrange, shape, coverage)
            assert sum(any(f["closed"] for f in tables.values()) for tables in legal) >= (
                10 if shape == "bent" else 1
            ), (rearrange, shape, coverage)
            # refusing (no action) is a turn exactly when the start table is legal
            for (table, _, _), tables in zip(positions, legal, strict=True):
                start_ok = all(brute.spiral_valid(s, shape, coverage) for s in bt.split_spirals(table))
                assert (bt.table_key(table) in tables) == start_ok
        families = {fam for _, _, fam in positions}
        assert families == {"tables", "spiral", "fixed"}


def test_the_sample_mixes_sizes():
    for rearrange in ("join", "free"):
        positions = sample(rearrange)
        sizes = {tuple(sorted(len(s) for s in bt.split_spirals(t))) for t, _, _ in positions}
        boards = {len(b) for _, b, _ in positions}
        assert boards == {0, 1, 2, 3, 4}
        assert max(len(s) for s in sizes) == 3
        if rearrange == "join":
            assert max(max(s) for s in sizes) >= 7
        for t, _, _ in positions[:50]:
            assert bt.table_key(bt.key_table(bt.table_key(t))) == bt.table_key(t)


# ---------------------------------------------------------------- the engine against it


@pytest.mark.parametrize("shape, coverage, rearrange", bt.VARIANTS, ids=VARIANT_IDS)
def test_legal_turns_equal_brute_force(shape, coverage, rearrange, brute_sample):
    positions, results = brute_sample[rearrange]
    jobs = [(table, board, shape, coverage, rearrange, 1) for table, board, _ in positions]
    compared = closing = 0
    reports = []
    for position, (legal, _, _), fast in zip(positions, results, bt.run_jobs(bt.fast_job, jobs), strict=True):
        brute_tables = legal[(shape, coverage)]
        compared += len(brute_tables)
        closing += any(f["closed"] for f in brute_tables.values())
        report = bt.compare(position, brute_tables, fast)
        if report:
            reports.append(report)
    assert compared >= MIN_TURNS[(rearrange, shape)] and closing >= 1
    if reports:
        pytest.fail(
            f"{len(reports)} of {len(positions)} positions differ ({shape}, {coverage}, {rearrange}); "
            f"the first ones:\n\n" + "\n\n".join(reports[:6])
        )


def test_legal_turns_piet_worked_turn():
    from negenlab.negen import Rules, legal_turns

    res = legal_turns(
        bt.parse_rows("6 5 4 . 3 . 4"),
        board=(5, 2, 2, 1),
        rules=Rules(sequence_shape="straight", coverage="adjacency", rearrange="join"),
    )
    assert res.complete
    keys = [bt.table_key(dict(t.table.items())) for t in res.turns]
    assert bt.table_key(bt.parse_rows(". . . 4 .\n6 5 4 3 2\n. . . 2 .")) in keys


@pytest.mark.parametrize("shape, coverage, rearrange", bt.VARIANTS, ids=VARIANT_IDS)
def test_legal_turns_where_spirals_lie_means_nothing(shape, coverage, rearrange):
    from negenlab.negen import Rules, legal_turns

    rules = Rules(sequence_shape=shape, coverage=coverage, rearrange=rearrange, free_moves=1)
    got = []
    for text in ("6 5 4 . 2", "6 5 4 . . 2"):
        res = legal_turns(text, board=(3,), rules=rules)
        assert res.complete
        got.append({bt.table_key(dict(t.table.items())) for t in res.turns})
    expected = set(bt.brute_end_tables(bt.parse_rows("6 5 4 . 2"), (3,), shape, coverage, rearrange))
    assert bt.table_key(bt.parse_rows("6 5 4 3 2")) in expected
    for text, keys in zip(("6 5 4 . 2", "6 5 4 . . 2"), got, strict=True):
        if keys != expected:
            pytest.fail(
                f"legal_turns of {text!r} with board (3,):\n"
                + "".join(f"EXTRA\n{bt.key_text(k)}\n" for k in sorted(keys - expected))
                + "".join(f"MISSING\n{bt.key_text(k)}\n" for k in sorted(expected - keys))
            )
    assert got[0] == got[1] and bt.table_key(bt.parse_rows("6 5 4 3 2")) in got[0]


# ---------------------------------------------------------------- the closing-turn search against it


@pytest.mark.parametrize("shape, coverage, rearrange", bt.VARIANTS, ids=VARIANT_IDS)
def test_find_closing_turn_equals_brute_force(shape, coverage, rearrange, brute_sample):
    """Both ways: no closing turn missed (None only when the brute force has none) and none made up
    (the turn returned is among the brute force's legal end tables, with the same facts, and closes)."""
    positions, results = brute_sample[rearrange]
    jobs = [(table, board, shape, coverage, rearrange, 1) for table, board, _ in positions]
    reports, closable = [], 0
    for position, (legal, _, _), found in zip(positions, results, bt.run_jobs(bt.closing_job, jobs), strict=True):
        brute_tables = legal[(shape, coverage)]
        closable += any(f["closed"] for f in brute_tables.values())
        report = bt.closing_report(position, brute_tables, found)
        if report:
            reports.append(report)
    # the sample must hold closing positions and positions without one, or the check says little
    assert closable >= (1 if shape == "straight" else 10) and len(positions) - closable >= 100
    if reports:
        pytest.fail(
            f"{len(reports)} of {len(positions)} positions differ ({shape}, {coverage}, {rearrange}):\n\n"
            + "\n\n".join(reports[:6])
        )


COUNTS_SHARE, REPAIRS = 25, 6  # positions per reading whose closing counts the suite checks


def closing_counts_job(job):
    """Whether the engine's closing counts of a table (any 4 dice) include one within the given board."""
    from negenlab.negen import Rules
    from negenlab.negen.turns import closing_counts_until

    table, board, shape, coverage, rearrange, free_moves = job
    rules = Rules(sequence_shape=shape, coverage=coverage, rearrange=rearrange, free_moves=free_moves)
    counts, complete = closing_counts_until(table, rules)
    assert complete, (
        "the closing-count search stopped though nothing asked it to"
    )  # no verdict from a search that gave up
    have = [sum(1 for x in board if x == v) for v in range(7)]
    return any(all(n <= h for n, h in zip(need, have, strict=True)) for need in counts)


@pytest.mark.parametrize("shape, coverage, rearrange", bt.VARIANTS, ids=VARIANT_IDS)
def test_closing_counts_equal_brute_force(shape, coverage, rearrange, brute_sample):
    """The closing counts behind greedy's exact odds, held to the brute force on each sampled board,
    both ways: a count within the board exactly when the brute force closes with that board."""

    # the positions play meets (every start spiral valid), a share of them: with any 4 dice the
    # search takes up to seconds a position
    def closes(pr):
        return any(f["closed"] for f in pr[1][0][(shape, coverage)].values())

    def valid(pr):
        return all(brute.spiral_valid(s, shape, coverage) for s in bt.split_spirals(pr[0][0]))

    pairs = list(zip(*brute_sample[rearrange], strict=True))
    # the positions play meets (every start spiral valid), closing ones first, small tables first;
    # and a few with an invalid spiral that closing repairs (the search's other branch)
    share = sorted((pr for pr in pairs if valid(pr)), key=lambda pr: (not closes(pr), len(pr[0][0])))[:COUNTS_SHARE]
    repairs = sorted((pr for pr in pairs if not valid(pr) and closes(pr)), key=lambda pr: len(pr[0][0]))[:REPAIRS]
    assert len(share) == COUNTS_SHARE and sum(map(closes, share)) >= 1
    # the sample repairs spirals into a close under every reading but straight with "free" (none there)
    assert len(repairs) >= (0 if (shape, rearrange) == ("straight", "free") else 2)
    share += repairs
    positions, results = [p for p, _ in share], [r for _, r in share]
    jobs = [(table, board, shape, coverage, rearrange, 1) for table, board, _ in positions]
    wrong = []
    for position, (legal, _, _), engine in zip(positions, results, bt.run_jobs(closing_counts_job, jobs), strict=True):
        closes = any(f["closed"] for f in legal[(shape, coverage)].values())
        if engine != closes:
            wrong.append(f"board {position[1]}: engine {engine}, brute force {closes}\n{bt.table_text(position[0])}")
    assert not wrong, f"{len(wrong)} of {len(positions)} positions differ:\n\n" + "\n\n".join(wrong[:6])
