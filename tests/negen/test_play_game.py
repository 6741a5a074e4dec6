"""Negen game on the core protocol: chance, position-free state, replay from a seed, round ends, agents."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab import games
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import CHANCE
from negenlab.core.registry import AgentSpecError
from negenlab.core.simulate import play_one, simulate
from negenlab.negen import layout, legal_turns, parse_table, spiral_status, table_key
from negenlab.negen.agents import CloserAgent, GreedyAgent, NegenMCTSAgent, RandomTurnAgent
from negenlab.negen.game import END_REASONS, NegenGame, table_of
from negenlab.negen.rules import Rules

SMALL = Rules(target_score=1, pool_size=22)


def dealt(game, seed=0):
    s = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while s.is_chance_node():
        s.apply(s.sample_chance(rng))
    return s, rng


def valid_key(key, rules) -> bool:
    return all(spiral_status(s, rules.sequence_shape, rules.coverage)[0] for s in key)


def other_layout(key, seed: int) -> dict:
    """The same spirals as ``key``, each turned a random number of quarter turns and put far apart."""
    rng = np.random.default_rng(seed)
    cells = {}
    for i, spiral in enumerate(key):
        pts = [(r, c) for r, c, _ in spiral]
        for _ in range(int(rng.integers(4))):
            pts = [(c, -r) for r, c in pts]
        r0, c0 = 30 * i + int(rng.integers(3)), -30 * i + int(rng.integers(3))
        for (r, c), (_, _, v) in zip(pts, spiral, strict=True):
            cells[(r + r0 + 20, c + c0 + 20)] = v
    return cells


def test_deal_is_chance_then_three_singles_and_four_dice_each():
    s = NegenGame(SMALL).new_initial_state()
    assert s.current_player == CHANCE and len(s.chance_outcomes()) == 6
    s, _ = dealt(NegenGame(SMALL))
    assert s.table == tuple(sorted(s.table)) and len(s.table) == 3
    assert all(len(spiral) == 1 and spiral[0][:2] == (0, 0) for spiral in s.table)  # three lone dice
    assert all(len(b) == 4 for b in s.boards)
    assert s.pool == 22 - 3 * 4 - 3
    assert valid_key(s.table, SMALL)
    assert s.current_player == 0 and s.phase == "turn"


def test_state_is_position_free():
    """The state's table is a key; two layouts of the same table give the same legal turn keys,
    and the game offers exactly the legal turns (no subset, no cap)."""
    s, rng = dealt(NegenGame(SMALL), seed=5)
    agent = RandomTurnAgent()
    checked = 0
    while not s.is_terminal() and checked < 6:
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
            continue
        if s.phase == "turn":
            key, board = s.table, s.boards[s.to_move]
            assert isinstance(key, tuple) and table_key(layout(key)) == key
            assert table_key(table_of(key)) == key
            a = legal_turns(layout(key), board=board, rules=SMALL)
            b = legal_turns(other_layout(key, seed=checked), board=board, rules=SMALL)
            assert table_key(other_layout(key, seed=checked)) == key
            assert a.complete and a.keys() == b.keys()
            offered = {k for _, k in s.legal_actions()}
            assert offered == a.keys() and len(s.legal_actions()) == len(a.turns)
            for kind, k in s.legal_actions():
                assert (kind == "refuse") == s.turn_of((kind, k)).refusal
            checked += 1
        s.apply(agent.step(s, rng))
    assert checked >= 3
    assert all(isinstance(snap["table"], tuple) for snap in s.timeline)


def test_refusal_rerolls_and_adds_one_die_apart():
    s, rng = dealt(NegenGame(SMALL), seed=3)
    refusal = ("refuse", s.table)  # nothing changes: always a legal end of turn
    assert s.turn_of(refusal).refusal and s.turn_of(refusal).merges == 0
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
    assert len(s.table) == n_before + 1 and s.pool == pool_before - 1  # a new lone spiral
    assert len(s.boards[0]) == 4 and s.to_move == 1
    assert valid_key(s.table, SMALL)


def test_play_refills_only_new_dice():
    plays = []
    for seed in range(20):
        s, rng = dealt(NegenGame(SMALL), seed=seed)
        plays = [a for a in s.legal_actions() if a[0] == "play" and not s.turn_of(a).depleted]
        if plays:
            break
    assert plays
    a = plays[0]
    t = s.turn_of(a)
    kept = list(s.boards[0])
    for v in t.used:
        kept.remove(v)
    pool = s.pool
    s.apply(a)
    assert s.table == t.key
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
    s, _ = dealt(NegenGame(SMALL))
    with pytest.raises(IllegalMoveError, match="not among the legal turns"):
        s.apply(("play", (((0, 0, 1), (0, 1, 2)),)))


@pytest.mark.parametrize("agents", [("random", "random", "random"), ("mcts", "random", "random")])
def test_seeded_game_replays_identically_and_rounds_have_reasons(agents):
    game = NegenGame(SMALL)
    seats = games.make_agents("negen", ["mcts:4" if a == "mcts" else a for a in agents])
    row1 = play_one(game, seats, seed=1, game_index=0)
    row2 = play_one(game, seats, seed=1, game_index=0)
    assert row1 == row2
    assert row1["rounds"] >= 1 and row1["end_reasons"]
    assert all(r in END_REASONS for r in row1["end_reasons"].split(";"))
    assert row1["rounds"] == row1["rounds_closed"] + row1["rounds_pool_empty"] + row1["rounds_max_turns"]
    assert row1["capped_searches"] == 0
    if row1["winner"] >= 0:
        assert row1["rounds_closed"] >= 1


def test_game_plays_to_the_end_from_a_seed():
    game = NegenGame(SMALL.replace(target_score=2), max_rounds=2)
    df1 = simulate(game, [RandomTurnAgent()] * 3, n_games=2, seed=11, backend="serial", progress=False)
    df2 = simulate(game, [RandomTurnAgent()] * 3, n_games=2, seed=11, backend="serial", progress=False)
    assert df1.drop(columns=[c for c in df1.columns if "second" in c]).equals(
        df2.drop(columns=[c for c in df2.columns if "second" in c])
    )
    assert (df1["game_end"].isin(["target_score", "max_rounds"])).all()


def test_stall_on_max_turns_is_recorded():
    rules = Rules(target_score=1, pool_size=22, max_turns=2)
    df = simulate(
        NegenGame(rules, max_rounds=2), [RandomTurnAgent()] * 3, n_games=3, seed=1, backend="serial", progress=False
    )
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
    df = simulate(
        NegenGame(rules, max_rounds=1), [RandomTurnAgent()] * 3, n_games=4, seed=2, backend="serial", progress=False
    )
    assert set(df["round1_reason"]) <= {"closed", "pool_empty"}
    assert (df["rounds"] == 1).all()


def test_agents_act_legally():
    """Every decision of every agent is among the state's legal actions (a few turns of a game each)."""
    for agent in (CloserAgent(), RandomTurnAgent(), GreedyAgent(), NegenMCTSAgent(simulations=4)):
        s = NegenGame(SMALL).new_initial_state()
        rng = np.random.default_rng(2)
        decisions = 0
        while not s.is_terminal() and decisions < 4:
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            a = agent.step(s, np.random.default_rng(decisions))
            assert a in s.legal_actions(), (agent.name, a)
            s.apply(a)
            decisions += 1
        assert decisions >= 1


def test_mcts_and_greedy_take_a_closing_turn():
    bent = Rules(target_score=1, sequence_shape="bent")
    s, _ = dealt(NegenGame(bent), seed=0)
    # a position where the player to move can close: 1 2 / 2 . with a 3 on the board
    s.table = table_key(parse_table("1 2 . . .\n2 . . . 6"))
    s.boards[0] = (3, 6, 6, 6)
    s._forget_turns()
    for agent in (CloserAgent(), GreedyAgent(), NegenMCTSAgent(simulations=5)):
        a = agent.step(s, np.random.default_rng(0))
        assert a in s.legal_actions() and s.turn_of(a).closed
    s.apply(GreedyAgent().step(s, np.random.default_rng(0)))
    assert s.is_terminal() and s.round_log[-1]["reason"] == "closed" and s.returns()[0] == 1.0


def test_bad_settings_are_named():
    with pytest.raises(InvalidInputError, match="max_rounds"):
        NegenGame(SMALL, max_rounds=0)
    with pytest.raises(InvalidInputError, match="Rules"):
        NegenGame("straight")
    with pytest.raises(AgentSpecError, match="negen has no agent 'smart'"):
        games.make_agents("negen", "smart")
    with pytest.raises(AgentSpecError, match="greedy takes no budget"):
        games.make_agents("negen", "greedy:40")
    with pytest.raises(InvalidInputError, match="no rule"):
        games.load("negen", size=3)


def test_the_registry_names_negens_agents_and_makes_its_game():
    rnd, greedy, bare, sims, secs = games.make_agents("negen", "random, greedy, mcts, mcts:200, mcts:2s")
    assert (type(rnd), type(greedy)) == (RandomTurnAgent, GreedyAgent)
    assert all(type(a) is NegenMCTSAgent for a in (bare, sims, secs))
    assert (bare.simulations, sims.simulations, secs.seconds) == (40, 200, 2.0)
    # the study's stores resume only when an agent describes itself as before
    assert sims.describe() == {"agent": "mcts", "c": 1.4, "simulations": 200, "evaluator": "_leaf_value"}
    game = games.load("negen", players=4, coverage="die", max_rounds=3)
    assert isinstance(game, NegenGame) and game.rules == Rules(players=4, coverage="die") and game.max_rounds == 3


def test_free_rearrangement_game_offers_the_exact_free_turns():
    free = SMALL.replace(rearrange="free")
    s, _ = dealt(NegenGame(free), seed=5)
    offered = {k for _, k in s.legal_actions()}
    assert offered == legal_turns(s.table, board=s.boards[0], rules=free).keys()
    assert offered >= legal_turns(s.table, board=s.boards[0], rules=SMALL).keys()
    assert NegenGame(free).describe()["max_rounds"] == 20


def closable_state():
    """A dealt bent-reading state whose player to move can close (1 2 / 2 . with a 3 on the board)."""
    s, _ = dealt(NegenGame(Rules(target_score=1, sequence_shape="bent")), seed=0)
    s.table = table_key(parse_table("1 2 . . .\n2 . . . 6"))
    s.boards[0] = (3, 6, 6, 6)
    s._forget_turns()
    return s


@pytest.mark.parametrize("agent", [CloserAgent(), GreedyAgent(), NegenMCTSAgent(simulations=5)], ids=lambda a: a.name)
def test_agents_take_a_win_without_listing_the_turns(agent, monkeypatch):
    """Closer, greedy and MCTS play a closing turn found by find_closing_turn; nothing lists the turns."""
    import negenlab.negen.game as game_module

    def no_listing(*args, **kwargs):
        raise AssertionError("legal_turns was called although a closing turn exists")

    s = closable_state()
    monkeypatch.setattr(game_module, "legal_turns", no_listing)
    s.apply(agent.step(s, np.random.default_rng(0)))
    assert s.is_terminal() and s.round_log[-1]["reason"] == "closed" and s.returns()[0] == 1.0


def test_closer_plays_at_random_without_a_win():
    """No closing turn: the closer's choices spread over the legal turns (uniform, not a fixed one)."""
    s, _ = dealt(NegenGame(SMALL), seed=3)
    assert s.closing_turn() is None
    actions = s.legal_actions()
    picks = {CloserAgent().step(s, np.random.default_rng(i)) for i in range(40)}
    assert picks <= set(actions) and len(picks) >= min(len(actions), 3)


def test_mcts_never_lists_the_turns_of_a_node_whose_mover_can_close(monkeypatch):
    """A node whose mover can close is settled as won for that mover: the search lists turns only at
    nodes where no closing turn exists."""
    import negenlab.negen.game as game_module
    from negenlab.negen import find_closing_turn

    listed = []
    real = game_module.legal_turns

    def recording(table, board, rules):
        listed.append(find_closing_turn(table, board=board, rules=rules) is None)
        return real(table, board=board, rules=rules)

    s, _ = dealt(NegenGame(Rules(target_score=1, coverage="die")), seed=5)
    assert s.closing_turn() is None and s.branching() > 1  # a root to search
    monkeypatch.setattr(game_module, "legal_turns", recording)
    agent = NegenMCTSAgent(simulations=60)
    agent.step(s, np.random.default_rng(0))
    assert listed and all(listed)
    assert agent.last_search["settled"] > 0  # the search did meet nodes whose mover could close
    won = agent.settled_value(closable_state())
    assert won == [1.0, -1.0, -1.0]
