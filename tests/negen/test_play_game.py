"""Negen game on the core protocol: chance, replay from a seed, round ends, agents."""
from __future__ import annotations

import numpy as np
import pytest

from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import CHANCE
from negenlab.core.simulate import play_one, simulate
from negenlab.negen.agents import GreedyAgent, NegenMCTSAgent, RandomTurnAgent, make_agent
from negenlab.negen.game import END_REASONS, Negen
from negenlab.negen.rules import Rules
from negenlab.negen.turns import DIRS, game_turns, legal_turns, normalize, table_status

SMALL = Rules(target_score=1, pool_size=22)


def dealt(game, seed=0):
    s = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while s.is_chance_node():
        s.apply(s.sample_chance(rng))
    return s, rng


def test_deal_is_chance_then_three_singles_and_four_dice_each():
    s = Negen(SMALL).new_initial_state()
    assert s.current_player == CHANCE and len(s.chance_outcomes()) == 6
    s, _ = dealt(Negen(SMALL))
    assert len(s.table) == 3 and all(len(b) == 4 for b in s.boards)
    assert s.pool == 22 - 3 * 4 - 3
    assert table_status(s.table, SMALL) == (True, False)
    assert s.current_player == 0


def test_refusal_rerolls_and_adds_one_die_apart():
    s, rng = dealt(Negen(SMALL), seed=3)
    refusal = next(a for a in s.legal_actions() if a[0] == "refuse" and s.turn_of(a).joins == 0)
    n_before, pool_before, board = len(s.table), s.pool, s.boards[0]
    s.apply(refusal)
    assert s.phase == "reroll" and s.current_player == 0
    assert ("reroll", ()) in s.legal_actions() and ("reroll", tuple(board)) in s.legal_actions()
    with pytest.raises(IllegalMoveError):
        s.apply(("reroll", (7,)))
    s.apply(("reroll", board[:2]))
    rolls = 0
    while s.is_chance_node():
        s.apply(s.sample_chance(rng))
        rolls += 1
    assert rolls == 3  # two re-rolled dice and the new table die
    assert len(s.table) == n_before + 1 and s.pool == pool_before - 1
    assert len(s.boards[0]) == 4 and s.to_move == 1
    assert table_status(s.table, SMALL)[0]


def test_play_refills_only_new_dice():
    s, rng = dealt(Negen(SMALL), seed=1)
    for seed in range(20):
        plays = [a for a in s.legal_actions() if a[0] == "play" and not s.turn_of(a).depleted]
        if plays:
            break
        s, rng = dealt(Negen(SMALL), seed=seed + 10)
    a = plays[0]
    t = s.turn_of(a)
    kept = list(s.boards[0])
    for v in t.used:
        kept.remove(v)
    pool = s.pool
    s.apply(a)
    rolls = 0
    while s.is_chance_node():
        s.apply(s.sample_chance(rng))
        rolls += 1
    assert rolls == len(t.used) and s.pool == pool - len(t.used)
    board = list(s.boards[0])
    for v in kept:  # the dice that stayed were not re-rolled
        board.remove(v)
    assert len(board) == len(t.used)


def test_illegal_turn_is_refused_with_reason():
    s, _ = dealt(Negen(SMALL))
    with pytest.raises(IllegalMoveError, match="not among the legal turns"):
        s.apply(("play", ((0, 0, 1), (0, 1, 2))))


def test_game_turns_are_legal_turns():
    """Every turn the game offers is in the exact turn search (small positions)."""
    rng = np.random.default_rng(4)
    for _ in range(6):
        s, _ = dealt(Negen(SMALL), seed=int(rng.integers(1000)))
        board = s.boards[0][:2]
        offered = {t.key for t in game_turns(s.table, board=board, rules=SMALL).turns}
        exact = legal_turns(s.table, board=board, rules=SMALL, max_states=20000)
        assert offered <= {t.key for t in exact.turns} or not exact.complete


@pytest.mark.parametrize("agents", [("random", "random", "random"), ("greedy", "random", "random")])
def test_seeded_game_replays_identically_and_rounds_have_reasons(agents):
    game = Negen(SMALL)
    seats = [make_agent(a) for a in agents]
    row1 = play_one(game, seats, seed=7, game_index=0)
    row2 = play_one(game, seats, seed=7, game_index=0)
    assert row1 == row2
    assert row1["rounds"] >= 1 and row1["end_reasons"]
    assert all(r in END_REASONS for r in row1["end_reasons"].split(";"))
    assert row1["rounds"] == row1["rounds_closed"] + row1["rounds_pool_empty"] + row1["rounds_max_turns"]
    if row1["winner"] >= 0:
        assert row1["rounds_closed"] >= 1


def test_stall_on_max_turns_is_recorded():
    rules = Rules(target_score=1, pool_size=22, max_turns=2)
    df = simulate(Negen(rules, max_rounds=2), [RandomTurnAgent()] * 3, n_games=3, seed=1,
                  backend="serial", progress=False)
    assert (df["rounds"] >= 1).all()
    for _, row in df.iterrows():
        reasons = row["end_reasons"].split(";")
        assert all(r in END_REASONS for r in reasons)
        assert row["stalled_rounds"] == sum(r != "closed" for r in reasons)
        if row["game_end"] == "max_rounds":
            assert row["winner"] == -1


def test_pool_empty_stall_when_nobody_can_move():
    # a pool of exactly the deal: no die left, so refusals bring no die and boards are never refilled
    rules = Rules(target_score=1, pool_size=15)
    df = simulate(Negen(rules, max_rounds=1), [RandomTurnAgent()] * 3, n_games=4, seed=2,
                  backend="serial", progress=False)
    assert set(df["round1_reason"]) <= {"closed", "pool_empty"}
    assert (df["rounds"] == 1).all()


def test_mcts_and_greedy_take_a_closing_turn():
    s, rng = dealt(Negen(Rules(target_score=1, sequence_shape="bent")), seed=0)
    # put a position where the player to move can close: 1 2 / 2 . with a 3 on the board
    s.table = {(0, 0): 1, (0, 1): 2, (1, 0): 2, (5, 5): 6}
    s.boards[0] = (3, 6, 6, 6)
    s._legal = s._legal_map = None
    for agent in (GreedyAgent(), NegenMCTSAgent(simulations=5)):
        a = agent.step(s, np.random.default_rng(0))
        assert s.turn_of(a).closed


def test_bad_settings_are_named():
    with pytest.raises(InvalidInputError, match="turn_search"):
        Negen(SMALL, turn_search="fast")
    with pytest.raises(InvalidInputError, match="unknown Negen agent"):
        make_agent("smart")


def test_free_rearrangement_offers_every_valid_single_die_move():
    """Under rearrange="free" the game adds single-die moves: exactly the valid ones (brute force)."""
    free = SMALL.replace(rearrange="free")
    s, _ = dealt(Negen(free), seed=5)
    table = {(0, 0): 1, (0, 1): 2, (0, 2): 3, (0, 4): 5, (0, 5): 4, (0, 6): 3, (3, 3): 4}
    assert table_status(table, free) == (True, False)
    offered = {t.key for t in game_turns(table, board=(), rules=free).turns}
    joined = {t.key for t in game_turns(table, board=(), rules=SMALL).turns}
    brute = set()
    for src in table:
        for dst in {(r + dr, c + dc) for r in range(-2, 6) for c in range(-2, 9) for dr, dc in DIRS}:
            if dst in table:
                continue
            cells = {p: v for p, v in table.items() if p != src}
            if not any((dst[0] + dr, dst[1] + dc) in cells for dr, dc in DIRS):
                continue  # a die moved away from all others is not a move the game offers
            cells[dst] = table[src]
            if table_status(cells, free)[0]:
                brute.add(normalize(cells))
    assert offered == joined | brute
    moved = normalize({**{p: v for p, v in table.items() if p != (3, 3)}, (0, 3): 4})
    assert moved in brute - joined  # the lone 4 fills the gap: 1 2 3 4 5 4 3 merges three spirals
    assert s.rules.rearrange == "free"
