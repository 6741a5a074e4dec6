"""The connection engine (negenlab.necklace.connect) against brute force under the real rules.

Both ways for links: every link claimed is unbreakable by exhaustive search of the opponent's replies,
and every pair that search finds unbreakable with an answer on its two shared points is claimed (pairs
joined only by a stone elsewhere, or with a shared point already taken, are outside the definition and
counted). Permanent links stay answerable after one or two more placements anywhere else. Virtual and
blocking wins are wins by minimax, and every move outside the must-play region loses. Dead and captured
points match the brute-force crosscut reasons both ways; a pass point is shown not to be dead (zugzwang). The tests run on every reachable 3x3 position and on samples of
4x4 and 5x5; ``python -m tests.necklace.test_connect SIZE [GAMES]`` runs the full cross-check (3x3: all
positions; larger: the positions of GAMES random games) and prints the counts.
"""

from __future__ import annotations

import sys
from collections import Counter

import numpy as np
import pytest

from negenlab.necklace import State, connect
from negenlab.necklace.solver import ProofSearch, opening_values

from . import brute, brute_connect

RED, BLUE = 1, 2
WIN = {RED: 1, BLUE: -1}
NAME = {RED: "red", BLUE: "blue"}


def _pair(link) -> tuple:
    return tuple(sorted((link.a, link.b)))


def check_links(positions, depth: int = 1) -> Counter:
    """Links both ways; permanence to ``depth`` further placements. Raises on a disagreement."""
    counts: Counter = Counter()
    for b, _ in positions:
        for x in (RED, BLUE):
            claimed = {_pair(link): link for link in connect.links(b, colour=x)}
            free = {p for p in brute_connect.diagonal_pairs(b, x) if all(b[q] == 0 for q in brute_connect.shared(*p))}
            via = set(brute_connect.unbreakable_pairs(b, x, via_carrier=True)) & free
            anywhere = set(brute_connect.unbreakable_pairs(b, x))
            extra = set(claimed) - via
            assert not extra, f"claimed but breakable: {extra} for {x}\n{b}"
            missing = via - set(claimed)
            assert not missing, f"unbreakable through the carrier but not claimed: {missing} for {x}\n{b}"
            counts["links"] += len(claimed)
            counts["pairs with both shared points empty"] += len(free)
            counts["unbreakable pairs (any answer)"] += len(anywhere)
            counts["outside: a shared point taken"] += len(anywhere - free)
            counts["outside: joined only elsewhere"] += len((anywhere & free) - via)
            for pair, link in claimed.items():
                if link.permanent:
                    counts["permanent"] += 1
                    carrier = link.carrier
                    assert brute_connect.stays_answerable(b, x, carrier, depth), (
                        f"permanent link {pair} loses its answer after {depth} placements\n{b}"
                    )
    return counts


def check_virtual_wins(positions, memo: dict) -> Counter:
    """Virtual and blocking wins are exact wins with either colour to move; every legal move outside the
    must-play region loses (exact values after it)."""
    counts: Counter = Counter()
    for b, _ in positions:
        for x in (RED, BLUE):
            y = 3 - x
            wins_for_x = brute_connect.value(b, y, memo) == WIN[x]
            counts["positions won by the colour not to move"] += wins_for_x
            blocking = connect.blocking_win(b, colour=x)
            if connect.virtual_win(b, colour=x) is not None:
                counts["virtual wins (links)"] += 1
                assert blocking == [], f"a virtual win of {x} that is no blocking win without bridges\n{b}"
            relaxed = connect.relaxed_blocking_win(b, colour=x)
            if blocking is not None:
                assert relaxed is not None, f"a blocking win of {x} that the relaxed rule misses\n{b}"
            if relaxed is not None:
                counts["relaxed blocking wins"] += 1
                counts["relaxed blocking wins only"] += blocking is None
                assert wins_for_x, f"relaxed blocking win of {x} but not won with {y} to move\n{b}"
                assert brute_connect.value(b, x, memo) == WIN[x], (
                    f"relaxed blocking win of {x} not won, {x} to move\n{b}"
                )
            if blocking is not None:
                counts["blocking wins"] += 1
                counts["blocking wins with bridges"] += bool(blocking)
                assert wins_for_x, f"blocking win of {x} but not won with {y} to move\n{b}"
                assert brute_connect.value(b, x, memo) == WIN[x], f"blocking win of {x} not won with it to move\n{b}"
            region = connect.must_play(b, to_move=y)
            if region is None:
                continue
            counts["must-play regions"] += 1
            counts["empty must-play regions (every move loses)"] += region == []
            s = State.from_array(b, "red" if y == RED else "blue")
            if s.is_over or s.to_move != y:
                continue
            for m in s.legal_moves():
                if m in region:
                    counts["moves inside the region"] += 1
                    continue
                t = s.copy()
                t.play(m)
                after = t.board.reshape(t.n, t.n)
                assert t.winner != ("red" if y == RED else "blue"), f"{m} wins outside the region\n{b}"
                v = WIN[x] if t.winner else brute_connect.value(after, t.to_move, memo)
                assert v == WIN[x], f"{m} outside the must-play region {region} does not lose\n{b}"
                counts["moves outside the region, all lost"] += 1
    return counts


def threat_dropped_by_definition(b: np.ndarray, y: int, relaxed: bool = False, refine: bool = False) -> set:
    """The moves :func:`connect.threat_prune` drops, found from its definition with the rules of
    ``tests/necklace/brute.py`` and ``State``: a legal move ``m`` of ``y`` (not winning at once) is dropped
    when some empty ``p`` where the opponent's stone makes no crosscut gives the opponent a blocking win
    (``connect.blocking_win``, carrier ``C``), ``m`` is not ``p``, not in ``C`` and not a point that only
    ``p`` turns into a crosscut point for ``y``, and after ``m`` the opponent may play ``p``. ``relaxed``:
    ``connect.relaxed_blocking_win`` instead; ``refine``: a point of ``C`` counts as outside when the board
    with ``p`` and a stone of ``y`` on it still holds a blocking win of the opponent."""
    x = 3 - y
    n = b.shape[0]
    s = State.from_array(b, NAME[y])
    rule = connect.relaxed_blocking_win if relaxed else connect.blocking_win
    threats = []
    for r0, c0 in zip(*np.nonzero(b == 0), strict=True):
        p = (int(r0), int(c0))
        if brute.reasons(b, *p, x)[0]:
            continue
        t = b.copy()
        t[p] = x
        carrier = rule(t, colour=x)
        if carrier is None:
            continue
        if refine:
            needed = []
            for q in carrier:
                u = t.copy()
                u[q] = y
                if rule(u, colour=x) is None:
                    needed.append(q)
            carrier = needed
        walls = {
            (r, c)
            for r in range(n)
            for c in range(n)
            if t[r, c] == 0 and brute.reasons(t, r, c, y)[0] and not brute.reasons(b, r, c, y)[0]
        }
        threats.append((p, {p} | set(carrier) | walls))
    dropped = set()
    for m in s.legal_moves():
        t = s.copy()
        t.play(m)
        if t.winner or t.to_move != x:
            continue
        if any(m not in region and p in t.legal_moves() for p, region in threats):
            dropped.add(m)
    return dropped


def check_threat_prune(positions, memo: dict, relaxed: bool = False, refine: bool = False) -> Counter:
    """Both ways against the definition (:func:`threat_dropped_by_definition`), and every dropped move loses
    by exact search; counts the lost moves the rule keeps."""
    counts: Counter = Counter()
    for b, _ in positions:
        for y in (RED, BLUE):
            x = 3 - y
            s = State.from_array(b, NAME[y])
            if s.is_over or s.to_move != y:
                continue
            legal = s.legal_moves()
            safe = connect.threat_safe_moves(b, to_move=y, relaxed=relaxed, refine=refine)
            dropped = set(legal) - set(safe)
            assert set(safe) <= set(legal), b
            if (connect.relaxed_blocking_win if relaxed else connect.blocking_win)(b, colour=x) is None:
                expected = threat_dropped_by_definition(b, y, relaxed, refine)
                assert dropped == expected, f"dropped {sorted(dropped)}, by definition {sorted(expected)}\n{b}"
            else:
                counts["opponent's blocking wins (every move dropped)"] += 1
            for m in legal:
                t = s.copy()
                t.play(m)
                after = t.board.reshape(t.n, t.n)
                v = (
                    (WIN[x] if t.winner == NAME[x] else -WIN[x])
                    if t.winner
                    else brute_connect.value(after, t.to_move, memo)
                )
                if m in dropped:
                    assert v == WIN[x], f"{m} dropped by the threat rule but not lost\n{b}"
                    counts["dropped, all lost"] += 1
                else:
                    counts["kept"] += 1
                    counts["kept but lost"] += v == WIN[x]
            region = connect.must_play(b, to_move=y)
            if region is not None:
                counts["dropped by the immune must-play region"] += len([m for m in legal if m not in region])
    return counts


def check_points(positions, memo: dict | None = None) -> Counter:
    """Dead and captured points both ways against the brute-force reasons of ``tests/necklace/brute.py``;
    with ``memo``, also how often filling a pass point or a captured point turns the minimax value (the
    engine claims neither keeps it: zugzwang)."""
    counts: Counter = Counter()
    for b, _ in positions:
        n = b.shape[0]
        empty = [(r, c) for r in range(n) for c in range(n) if b[r, c] == 0]
        cross = {(p, x): brute.reasons(b, p[0], p[1], x)[0] for p in empty for x in (RED, BLUE)}
        dead = [p for p in empty if cross[p, RED] and cross[p, BLUE]]
        assert connect.dead_points(b) == dead, b
        counts["dead"] += len(dead)
        for x in (RED, BLUE):
            captured = [p for p in empty if cross[p, 3 - x] and not cross[p, x]]
            assert connect.captured_points(b, colour=x) == captured, (b, x)
            counts["captured"] += len(captured)
        if memo is None:
            continue
        fills = [(p, (RED, BLUE), "pass point") for p in connect.pass_points(b)]
        fills += [(p, (x,), "captured") for x in (RED, BLUE) for p in connect.captured_points(b, colour=x)]
        for p, colours, kind in fills:
            for x in colours:
                t = b.copy()
                t[p] = x
                if not brute.is_valid(t):
                    continue
                for to_move in (RED, BLUE):
                    counts[f"{kind} fills"] += 1
                    turned = brute_connect.value(b, to_move, memo) != brute_connect.value(t, to_move, memo)
                    counts[f"{kind} fills that turn the value"] += turned
    return counts


@pytest.fixture(scope="module")
def positions_3x3():
    return brute_connect.reachable(3)


@pytest.fixture(scope="module")
def positions_4x4():
    return brute_connect.sampled(4, games=40, seed=5)


def test_links_3x3(positions_3x3):
    assert len(positions_3x3) == 4372  # every reachable 3x3 position nobody has won; the tests take a quarter
    counts = check_links(positions_3x3[::4], depth=1)
    assert counts["links"] > 100 and counts["permanent"] > 50


def test_links_sampled_4x4_and_5x5(positions_4x4):
    counts = check_links(positions_4x4[::2], depth=1)
    assert counts["links"] > 25
    counts = check_links(brute_connect.sampled(5, games=3, seed=2), depth=1)
    assert counts["links"] > 5


def test_virtual_wins_and_must_play(positions_3x3, positions_4x4):
    memo: dict = {}
    counts = check_virtual_wins(positions_3x3[::8], memo)
    assert counts["blocking wins with bridges"] > 15 and counts["moves outside the region, all lost"] > 100
    assert counts["virtual wins (links)"] > 50 and counts["must-play regions"] > counts["blocking wins"]
    counts = check_virtual_wins(positions_4x4[::4], {})
    assert counts["blocking wins"] >= 10 and counts["moves outside the region, all lost"] > 20


@pytest.mark.parametrize("relaxed, refine", [(False, False), (True, False), (True, True)])
def test_threat_prune_3x3_every_position(relaxed, refine, positions_3x3):
    counts = check_threat_prune(positions_3x3, {}, relaxed, refine)
    assert counts["dropped, all lost"] > 500
    assert counts["dropped, all lost"] > counts["dropped by the immune must-play region"]


@pytest.mark.parametrize("relaxed, refine", [(False, False), (True, False), (True, True)])
def test_threat_prune_sampled_4x4_and_5x5(relaxed, refine, positions_4x4):
    counts = check_threat_prune(positions_4x4, {}, relaxed, refine)
    assert counts["dropped, all lost"] > 50
    few = [(b, t) for b, t in brute_connect.sampled(5, games=4, seed=7) if int((b == 0).sum()) <= 12]
    counts = check_threat_prune(few, {}, relaxed, refine)
    assert counts["dropped, all lost"] > 10


def check_relaxed_on_scattered(n: int, tries: int, seed: int) -> Counter:
    """Relaxed blocking wins on positions of stones dropped at random (``brute.random_scatter``: colour counts
    arbitrary, so walls and pockets of every kind turn up): each one a win with either colour to move, and
    a superset of the immune rule's."""
    rng = np.random.default_rng(seed)
    memo: dict = {}
    counts: Counter = Counter()
    for _ in range(tries):
        b = brute.random_scatter(n, rng)
        if brute.connects(b, RED) or brute.connects(b, BLUE):
            continue
        for x in (RED, BLUE):
            relaxed = connect.relaxed_blocking_win(b, colour=x)
            immune = connect.blocking_win(b, colour=x)
            assert immune is None or relaxed is not None, f"an immune blocking win of {x} the relaxed rule misses\n{b}"
            if relaxed is None or immune is not None:
                continue
            counts["relaxed blocking wins only"] += 1
            for y in (RED, BLUE):
                assert brute_connect.value(b, y, memo) == WIN[x], (
                    f"relaxed blocking win of {x}, not won, {y} to move\n{b}"
                )
    return counts


def test_relaxed_blocking_wins_on_scattered_4x4():
    assert check_relaxed_on_scattered(4, 20000, seed=1)["relaxed blocking wins only"] > 40


def test_dead_and_captured_points(positions_3x3, positions_4x4):
    counts = check_points(positions_3x3[::3]) + check_points(positions_4x4)
    assert counts["captured"] > 100 and counts["dead"] == 0


def test_zugzwang_a_move_that_changes_nothing_else_turns_the_result():
    # (0, 2) is a pass point: a stone there of either colour joins nothing and forbids nothing, yet with
    # it filled Blue, to move, loses a game Blue wins while it may still play there
    b = np.array([[0, 1, 0, 2], [0, 1, 1, 0], [2, 0, 0, 2], [1, 0, 2, 0]], dtype=np.int8)
    assert (0, 2) in connect.pass_points(b)
    memo: dict = {}  # the exact solver (brute_connect.value); brute.minimax agrees, in 20 s
    filled = b.copy()
    filled[0, 2] = RED
    assert brute_connect.value(b, BLUE, memo) == -1
    assert brute_connect.value(filled, BLUE, memo) == 1


def test_a_pair_whose_answer_seclusion_forbids_is_no_link():
    # Red (0,2)-(1,3) share (0,3) and (1,2), both empty; Blue takes (0,3), and Red's answer at (1,2)
    # would seal off (2,2): the pair is breakable and is not claimed
    b = np.array([[0, 0, 1, 0], [0, 0, 0, 1], [1, 2, 0, 2], [0, 0, 2, 1]], dtype=np.int8)
    s = State.from_array(b, "blue")
    s.play((0, 3))
    assert "seal off row 3, col 3" in s.why_illegal((1, 2))
    assert ((0, 2), (1, 3)) not in {_pair(link) for link in connect.links(b, colour=RED)}
    assert ((0, 2), (1, 3)) not in brute_connect.unbreakable_pairs(b, RED)


@pytest.mark.parametrize("engine", [1, 2, 3, 4, 5, 6, 7])
def test_proof_search_with_the_engine_keeps_every_value(engine, positions_3x3, positions_4x4):
    memo: dict = {"minimax": True}
    searches = {n: ProofSearch(n, tt_bits=16, engine=engine) for n in (3, 4)}
    cases = positions_3x3[::20] + [(b, t) for b, t in positions_4x4[::3] if int((b == 0).sum()) <= 9]
    for b, to_move in cases:
        expected = {1: "red", -1: "blue", 0: "draw"}[brute_connect.value(b, to_move, memo)]
        assert searches[b.shape[0]].value(b.reshape(-1), to_move) == expected, (b, to_move)
    assert len(cases) > 300
    assert opening_values(4, ProofSearch(4, tt_bits=18, engine=engine)) == opening_values(4, ProofSearch(4, tt_bits=18))


def test_inputs_refused_in_one_line():
    with pytest.raises(connect.ConnectInputError, match="square"):
        connect.links(np.zeros((2, 3)))
    with pytest.raises(connect.ConnectInputError, match="colour"):
        connect.links(np.zeros((3, 3)), colour="green")
    with pytest.raises(ValueError, match="df-pn only"):
        ProofSearch(3, method="alphabeta", engine=1)


def main(argv: list[str]) -> None:
    """Full cross-check counts: ``python -m tests.necklace.test_connect SIZE [GAMES] [MAX_EMPTY]``."""
    n = int(argv[0])
    positions = brute_connect.reachable(n) if n <= 3 else brute_connect.sampled(n, int(argv[1]), seed=2024)
    print(f"{n}x{n}: {len(positions)} positions", flush=True)
    print("links:", dict(check_links(positions, depth=2 if n <= 3 else 1)), flush=True)
    max_empty = int(argv[2]) if len(argv) > 2 else n * n
    few = [(b, t) for b, t in positions if int((b == 0).sum()) <= max_empty]
    memo: dict = {}
    print(f"values on {len(few)} positions with at most {max_empty} empty points", flush=True)
    print("virtual wins:", dict(check_virtual_wins(few, memo)), flush=True)
    print("dead, captured and pass points:", dict(check_points(few, memo)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
