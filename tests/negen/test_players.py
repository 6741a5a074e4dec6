"""Negen's stronger players: the planner reads the next player's open board, the depleter seeks
depletion. Their questions are held against the exact listing of every legal turn."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.negen.agents import CloserAgent, DepleterAgent, PlannerAgent, next_player_closes, refusal_tables
from negenlab.negen.game import NegenGame
from negenlab.negen.rules import Rules
from negenlab.negen.turns import as_table_key, legal_turns


def decisions(rounds: int = 8, seed: int = 11) -> list:
    """Turn decisions of seeded rounds of three closers."""
    out = []
    for i in range(rounds):
        rng = np.random.default_rng([seed, i])
        s = NegenGame(Rules(target_score=1)).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            if s.phase == "turn":
                out.append(s.clone())
            s.apply(CloserAgent().step(s, rng))
    return out


STATES = decisions()


def test_the_next_players_close_is_what_the_listing_of_its_turns_says():
    """Both ways: every (table, board) where some legal turn of the next player closes, and none other."""
    seen = {True: 0, False: 0}
    for s in STATES[:40]:
        board = s.boards[(s.to_move + 1) % 3]
        for a in s.legal_actions()[:6]:
            key = s.turn_of(a).key
            listed = bool(legal_turns(key, board=board, rules=s.rules).closing)
            assert next_player_closes(key, board, s.rules) == listed, (key, board)
            seen[listed] += 1
    assert seen[True] >= 10 and seen[False] >= 10, seen


def test_a_refusal_leaves_one_of_six_tables():
    key = as_table_key("6 5 4")
    tables = refusal_tables(key)
    assert len(set(tables)) == 6 and all(len(t) == 2 for t in tables)


def test_the_planner_takes_its_win_and_else_leaves_the_next_player_no_close_when_it_can():
    safe_chosen = 0
    for s in STATES:
        actions = s.legal_actions()
        pick = PlannerAgent().step(s.clone(), np.random.default_rng(0))
        turn = s.turn_of(pick)
        if s.closing_action() is not None:
            assert turn.closed
            continue
        board = s.boards[(s.to_move + 1) % 3]
        danger = {}
        for a in actions:
            t = s.turn_of(a)
            tables = refusal_tables(t.key) if t.refusal else [t.key]
            danger[a] = sum(next_player_closes(k, board, s.rules) for k in tables) / len(tables)
        if min(danger.values()) == 0 and not any(s.turn_of(a).depleted for a in actions):
            assert danger[pick] == 0, "a safe turn existed, the planner left the next player a close"
            safe_chosen += 1
    assert safe_chosen >= 5


def test_the_depleter_depletes_when_it_can():
    found = 0
    for s in STATES:
        if s.closing_action() is not None:
            continue
        depleting = [a for a in s.legal_actions() if s.turn_of(a).depleted]
        if depleting:
            assert s.turn_of(DepleterAgent().step(s.clone(), np.random.default_rng(0))).depleted
            found += 1
    if not found:
        pytest.skip("no depleting turn in these rounds")


def test_the_new_players_have_their_spec_names():
    from negenlab import games

    assert [a.name for a in games.make_agents("negen", "planner,depleter")] == ["planner", "depleter"]
