"""closing_dice / closing_odds against legal_turns board by board (legal_turns is itself cross-checked
against the brute force in test_turns_exact.py)."""

from fractions import Fraction
from itertools import combinations_with_replacement

import pytest

from negenlab.negen import Rules, closing_dice, legal_turns
from negenlab.negen.agents import closing_odds

BOARDS = list(combinations_with_replacement(range(1, 7), 4))
TABLES = ["1 2 3\n2 . 4\n3 4 .", "6 5 4 . 3"]


def _contains(board, need):
    rest = list(board)
    for v in need:
        if v not in rest:
            return False
        rest.remove(v)
    return True


@pytest.mark.parametrize("rules", [Rules(), Rules(coverage="die")], ids=lambda r: r.label)
@pytest.mark.parametrize("table", TABLES)
def test_closing_dice_says_exactly_which_boards_close(table, rules):
    needs = closing_dice(table, rules)
    for board in BOARDS:
        can = bool(legal_turns(table, board=board, rules=rules).closing)
        assert can == any(_contains(board, n) for n in needs), (table, board, needs)


def test_closing_odds_weights_boards_by_their_rolls():
    # the open ring closes with any board holding a 5: 1 - (5/6)**4
    assert closing_odds("1 2 3\n2 . 4\n3 4 .") == 1 - Fraction(5, 6) ** 4
    assert closing_odds("6 5 4") == 0


def _round_tables(rules, seed, k):
    """Up to ``k`` distinct tables met in random rounds (the closing search's pruning sees real tables)."""
    import numpy as np

    from negenlab.negen import NegenGame, RandomTurnAgent

    rng, tables = np.random.default_rng(seed), []
    agent = RandomTurnAgent()
    while len(tables) < k:
        s = NegenGame(rules.replace(players=3, target_score=1)).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            if s.table and sum(map(len, s.table)) <= 10 and s.table not in tables:
                tables.append(s.table)
            s.apply(agent.step(s, rng))
    return tables[-k:]


@pytest.mark.parametrize("rules", [r for r in Rules.variants() if r.rearrange == "join"], ids=lambda r: r.label)
def test_closing_dice_on_round_tables(rules):
    from negenlab.negen import can_close

    for table in _round_tables(rules, seed=3, k=2):
        needs = closing_dice(table, rules)
        assert can_close(table, rules) == bool(needs)
        for board in BOARDS:
            can = bool(legal_turns(table, board=board, rules=rules).closing)
            assert can == any(_contains(board, n) for n in needs), (table, board, needs)


def test_a_join_alone_can_close():
    # two halves of the 8-die pinwheel: laying one against the other closes with no die at all
    halves = ". 1 . . . . . .\n1 2 3 . . . . .\n. . . . . 3 2 1\n. . . . . . 1 ."
    assert closing_dice(halves) == ((),)
    assert closing_odds(halves) == 1


@pytest.mark.parametrize("rules", [Rules(), Rules(coverage="die")], ids=lambda r: r.label)
@pytest.mark.parametrize("spiral", ["6 5 4", "1 2 3\n. . 2\n. . 1", "2 3 4 5 6", ". . . 4 .\n6 5 4 3 2\n. . . 2 ."])
def test_one_spiral_odds_match_the_adding_only_count(spiral, rules):
    # a table of one spiral cannot join anything, and under straight sequences 4 board dice alone
    # make no closed spiral: so the turn engine's odds equal odds.py's count of closing additions
    from negenlab.negen.odds import adding_only_closing_odds

    assert closing_odds(spiral, rules) == adding_only_closing_odds(spiral, rules, max_added=4).probability


@pytest.mark.parametrize("rules", [Rules(), Rules(coverage="die")], ids=lambda r: r.label)
def test_greedy_plays_the_turn_its_rule_names(rules):
    # the agent's shortcuts (first turn nobody can close after; searches stopped once worse than
    # the best) against the plain rule: close if possible, else the least exact closing odds, then
    # most dice added, then the game's order
    import numpy as np

    from negenlab.negen import GreedyAgent, NegenGame, RandomTurnAgent

    rng, checked, want_checked = np.random.default_rng(11), 0, 25 if rules.coverage == "adjacency" else 8
    greedy, walk = GreedyAgent(), RandomTurnAgent()
    for _ in range(20):
        if checked == want_checked:
            break
        s = NegenGame(rules.replace(players=3, target_score=1)).new_initial_state()
        while not s.is_terminal() and checked < want_checked:
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            actions = s.legal_actions()
            if s.phase == "turn":
                turns = [s.turn_of(a) for a in actions]
                closing = [a for a, t in zip(actions, turns, strict=True) if t.closed]
                want = (
                    closing[0]
                    if closing
                    else min(
                        zip(actions, turns, range(len(actions)), strict=True),
                        key=lambda x: (closing_odds(x[1].key, rules), -x[1].added, x[2]),
                    )[0]
                )
                assert greedy.step(s, rng) == want
                checked += 1
            s.apply(walk.step(s, rng))
    assert checked == want_checked


def test_greedy_under_free_reads_threats_as_under_join():
    # under "free" greedy takes its win with every move (the closing search), and otherwise names the
    # turn of the plain rule with the next player's odds read under "join" (GreedyAgent.threat_rules)
    import numpy as np

    from negenlab.negen import CloserAgent, GreedyAgent, NegenGame

    rules = Rules(rearrange="free", players=3, target_score=1)
    threats = GreedyAgent.threat_rules(rules)
    assert threats == rules.replace(rearrange="join")
    rng, greedy, walk = np.random.default_rng(12), GreedyAgent(), CloserAgent()
    wins = checked = 0
    while checked < 6 or not wins:
        s = NegenGame(rules).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            if s.phase == "turn":
                if s.closing_turn() is not None:
                    assert s.turn_of(greedy.step(s, rng)).closed  # a win, found without listing the turns
                    wins += 1
                elif len(s.legal_actions()) <= 20:  # greedy and the plain rule cost up to a second a turn
                    pick, actions = greedy.step(s, rng), s.legal_actions()
                    turns = [s.turn_of(a) for a in actions]
                    want = min(
                        zip(actions, turns, range(len(actions)), strict=True),
                        key=lambda x: (closing_odds(x[1].key, threats), -x[1].added, x[2]),
                    )[0]
                    assert pick == want
                    checked += 1
            s.apply(walk.step(s, rng))
