"""Core protocol, seats and swap, compiled playouts and MCTS against the brute-force rules."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.core import simulate
from negenlab.core.agents import MCTSAgent, RandomAgent
from negenlab.core.metrics import win_rates
from negenlab.necklace import NecklaceGame, Rules, State
from negenlab.necklace import _kernels as K
from negenlab.necklace.agents import NumbaMCTSAgent, mcts_values

from . import brute
from .test_state import sample_positions

RED, BLUE = 1, 2


@pytest.mark.parametrize("n", [2, 3, 5, 9, 13])
def test_compiled_playouts_follow_the_rules(n):
    """Replay each compiled playout with the brute-force rules: every placement legal, turns
    alternate except when the other colour had no legal point, the end is a win or a draw."""
    rng = np.random.default_rng(n)
    starts = [np.zeros((n, n), dtype=np.int8)] + (sample_positions(n, rng, 3) if n <= 9 else [])
    for b0 in starts:
        if brute.connects(b0, RED) or brute.connects(b0, BLUE):
            continue
        for colour0 in (RED, BLUE):
            if not brute.legal_moves(b0, colour0):
                continue
            w, placed, skipped, points, colours = K.playout_record(
                b0.reshape(-1).copy(), n, colour0, K.make_rng_state(int(rng.integers(2**62)))
            )
            b = b0.copy()
            expected = colour0
            skips = 0
            for p, col in zip(points, colours, strict=True):
                if col != expected:
                    assert brute.legal_moves(b, expected) == [], "a colour with a legal point was skipped"
                    skips += 1
                r, c = divmod(int(p), n)
                assert b[r, c] == 0 and not any(brute.reasons(b, r, c, int(col)))
                b[r, c] = col
                expected = 3 - int(col)
            assert skips == skipped and len(points) == placed
            if w:
                assert brute.connects(b, int(w)) and not brute.connects(b, 3 - int(w))
            else:
                assert brute.legal_moves(b, RED) == [] and brute.legal_moves(b, BLUE) == []


def test_local_seclusion_test_is_sound():
    rng = np.random.default_rng(5)
    ring = np.empty(16, dtype=np.int8)
    safe_seen = 0
    for n in range(2, 10):
        for b in sample_positions(n, rng, 25):
            flat = b.reshape(-1).copy()
            for p in np.flatnonzero(flat == 0):
                if K.locally_safe(flat, n, int(p), ring):
                    safe_seen += 1
                    assert not brute.reasons(b, *divmod(int(p), n), RED)[1]
    assert safe_seen > 500


def test_playout_seeding_is_reproducible():
    b = np.zeros(49, dtype=np.int8)
    a = K.many_playouts(b, 7, RED, K.make_rng_state(42), 50)
    c = K.many_playouts(b, 7, RED, K.make_rng_state(42), 50)
    d = K.many_playouts(b, 7, RED, K.make_rng_state(43), 50)
    assert np.array_equal(a, c) and not np.array_equal(a, d)


def test_mcts_finds_the_immediate_win_and_counts_simulations():
    s = State.from_text(
        """
        .R...
        .R...
        .R...
        .R...
        B.BBB
    """,
        "red",
    )  # (4, 1) wins at once; anything else lets Blue win there
    stats = mcts_values(s, 400, np.random.default_rng(0))
    assert stats.pop("_done") == 400
    best = max(stats.items(), key=lambda kv: kv[1][0])[0]
    assert best == (4, 1)
    assert stats[(4, 1)][1] == 1.0
    assert sum(v for v, _ in stats.values()) == 400


def test_swap_changes_seats_not_colours():
    g = NecklaceGame(Rules(size=5, swap=True))
    s = g.new_initial_state()
    assert s.current_player == 0
    s.apply((2, 2))
    assert s.current_player == 1 and "swap" in s.legal_actions()
    s.apply("swap")
    # seat 1 now owns Red's stone; Blue (seat 0 now) moves
    assert s.position.colour_to_move == "blue" and s.current_player == 0
    for m in [(0, 0), (1, 2), (4, 4), (3, 2)]:
        s.apply(m)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    info = s.game_info()
    assert info["swapped"] is True
    if info["winner_colour"] == "red":
        assert s.returns() == [-1.0, 1.0]
    elif info["winner_colour"] == "blue":
        assert s.returns() == [1.0, -1.0]


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_simulate_columns_and_colour_win_rates(n):
    df = simulate(
        NecklaceGame(Rules(size=n, swap=True)),
        [RandomAgent(), RandomAgent()],
        30,
        seed=3,
        backend="serial",
        progress=False,
    )
    for col in (
        "winner_colour",
        "swapped",
        "skipped_turns",
        "crosscut_blocked",
        "seclusion_blocked",
        "crosscut_turns",
        "seclusion_turns",
    ):
        assert col in df.columns
    assert set(df["winner_colour"]) <= {"red", "blue", "draw"}
    wr = win_rates(df, column="winner_colour", labels=["red", "blue", "draw"])
    assert wr["wins"].sum() == 30
    # seat and colour agree exactly when no swap happened
    for _, row in df.iterrows():
        if row["winner_colour"] in ("red", "blue"):
            red_seat = 1 if row["swapped"] else 0
            seat = red_seat if row["winner_colour"] == "red" else 1 - red_seat
            assert row["winner"] == seat


def test_core_mcts_uses_the_compiled_playout_and_plays_legally():
    g = NecklaceGame(Rules(size=4, swap=True))
    df = simulate(g, [MCTSAgent(simulations=30), NumbaMCTSAgent(60)], 4, seed=1, backend="serial", progress=False)
    assert len(df) == 4 and not df["truncated"].any()
