from collections import Counter

import numpy as np
import pytest
from old_code import frozen

from negenlab.core import RandomAgent, simulate
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.polymer import ENTRY, longest_polymer
from negenlab.polymer.agents import SelfishAgent
from negenlab.polymer.game import JOKER_BASE, PolymerGame, card_of, is_boundary
from negenlab.polymer.rules import DEAL_TABLE, Rules, open_rules


def make_agents(policy, players):
    """``players`` agents of one spec, through the game's registry entry."""
    return ENTRY.make_agents([policy] * players)


def dealt(rules, seed=0):
    s = PolymerGame(rules).new_initial_state()
    s.apply(s.sample_chance(np.random.default_rng(seed)))
    return s


@pytest.mark.parametrize("players", sorted(DEAL_TABLE))
def test_deal_follows_the_table(players):
    s = dealt(open_rules(players=players, trade_budget=1))
    assert [len(h) for h in s.hands] == [DEAL_TABLE[players]] * players
    everything = [c for h in s.hands for c in h]
    assert len(set(everything)) == len(everything)  # physical cards dealt once


def test_handicap_and_jokers_conserve_the_shoe():
    r = open_rules(players=5, handicap=(0, 2, 0, 1, 0), jokers=3, trade_budget=1)
    s = dealt(r, 4)
    assert [len(h) for h in s.hands] == [20, 22, 20, 21, 20]
    assert len(s.middle) == 3 and all(c < JOKER_BASE for c in s.middle)
    held = [c for h in s.hands for c in h] + s.middle
    assert len(set(held)) == len(held)
    with pytest.raises(InvalidInputError, match="left over"):
        open_rules(players=8, handicap=(1, 0, 0, 0, 0, 0, 0, 0))  # 8 x 13 = 104: nothing left


def test_rules_validation():
    for bad in (
        dict(players=4),
        dict(players=16),
        dict(players=6, chain_length=4),
        dict(players=6, jokers=-1),
        dict(players=6, handicap=(1, 1)),
    ):
        with pytest.raises(InvalidInputError):
            Rules(**bad)


def independent_scores(state):
    P = state.num_players
    L = [len(longest_polymer([card_of(c) for c in h if c < JOKER_BASE])) for h in state.hands]
    return [L[p] * (L[p - 1] + L[(p + 1) % P]) for p in range(P)]


@pytest.mark.parametrize("policy", ["selfish", "cooperative", "loans"])
def test_played_tables_conserve_cards_and_score_by_the_formula(policy):
    for seed in range(3):
        rules = open_rules(players=6, trade_budget=3, jokers=2 if seed == 2 else 0)
        game = PolymerGame(rules)
        agents = make_agents(policy, 6)
        rng = np.random.default_rng(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
            else:
                s.apply(agents[s.current_player].step(s, rng))
        assert [len(h) for h in s.hands] == [len(h) for h in s.start_hands]
        before = Counter(c for h in s.start_hands for c in h) + Counter(s.middle)
        assert len(before) == sum(before.values())
        assert s.returns() == [float(x) for x in independent_scores(s)]


def test_selfish_trading_never_shrinks_anyone_and_helps():
    df = simulate(
        PolymerGame(open_rules(players=8, trade_budget=3)),
        make_agents("selfish", 8),
        n_games=6,
        seed=5,
        backend="serial",
        progress=False,
    )
    for p in range(8):
        assert (df[f"len_{p}"] >= df[f"start_len_{p}"]).all()
    assert df["len_gain_mean"].mean() > 1 and (df["trades"] > 0).all()


def test_same_seed_same_table_and_same_deal_across_policies():
    g = PolymerGame(open_rules(players=7, trade_budget=2, jokers=2))
    a = simulate(g, [RandomAgent()] * 7, n_games=4, seed=9, backend="serial", progress=False)
    b = simulate(g, [RandomAgent()] * 7, n_games=4, seed=9, backend="serial", progress=False)
    assert a.equals(b)
    c = simulate(g, make_agents("no_trade", 7), n_games=4, seed=9, backend="serial", progress=False)
    assert (a["start_len_mean"] == c["start_len_mean"]).all()  # the deal does not depend on the agents


def test_random_agents_exercise_every_action_kind():
    g = PolymerGame(open_rules(players=5, trade_budget=6, jokers=4))
    df = simulate(g, [RandomAgent()] * 5, n_games=12, seed=1, backend="serial", progress=False)
    assert df["n_swaps"].sum() > 0 and df["n_loans"].sum() > 0
    assert (df["n_collides"] + df["n_absorbs"]).sum() > 0
    assert set(df["tiebreak_level"]) <= {0, 1, 2, 3}


def test_illegal_actions_are_named():
    s = dealt(open_rules(players=5, trade_budget=2))
    p = s.proposer
    foreign = s.hands[(p + 2) % 5][0]
    with pytest.raises(IllegalMoveError, match="does not hold"):
        s.apply(("swap", 1, 1, foreign, s.hands[(p + 1) % 5][0]))
    with pytest.raises(IllegalMoveError, match="no joker"):
        s.apply(("absorb",))
    with pytest.raises(IllegalMoveError, match="no outstanding loan"):
        s.apply(("call", 1))
    assert "pass" in s.legal_actions()


def test_swap_chain_needs_every_link():
    s = dealt(open_rules(players=6, trade_budget=2))
    give, take = s.hands[0][0], s.hands[2][0]
    s.apply(("swap", 1, 2, give, take))
    assert s.current_player == 1
    s.apply("accept")
    assert s.current_player == 2
    s.apply("accept")
    assert take in s.hands[0] and give in s.hands[2] and s.counts["chain_trades"] == 1
    # a refusing link stops the chain
    s2 = dealt(open_rules(players=6, trade_budget=2))
    s2.apply(("swap", -1, 2, s2.hands[0][0], s2.hands[4][0]))
    assert s2.current_player == 5
    hands = [list(h) for h in s2.hands]
    s2.apply("reject")
    assert s2.hands == hands


def test_loan_is_repaid_at_the_end_with_a_card_of_the_debtors_choice():
    s = dealt(open_rules(players=5, trade_budget=1))
    take = s.hands[1][0]
    s.apply(("loan", 1, take))
    s.apply("accept")
    assert len(s.hands[0]) == 21 and len(s.hands[1]) == 19 and s.loans == [(1, 0, 1)]
    while s.phase == "trade":
        s.apply("pass")
    assert s.phase == "repay" and s.current_player == 0
    choice = s.hands[0][3]
    s.apply(("return", choice))
    assert s.is_terminal() and choice in s.hands[1] and len(s.hands[0]) == 20


def test_responders_follow_their_documented_rules():
    s = dealt(open_rules(players=5, trade_budget=2), seed=3)
    rng = np.random.default_rng(0)
    # a swap in which seat 1 gives a card of its longest polymer for a useless one
    from negenlab.polymer.game import hand_length

    for give in s.hands[0]:
        for take in s.hands[1]:
            h1 = [c for c in s.hands[1] if c != take] + [give]
            if hand_length(h1) < hand_length(s.hands[1]):
                t = s.clone()
                t.apply(("swap", 1, 1, give, take))
                assert SelfishAgent().step(t, rng) == "reject"
                return
    pytest.skip("no shrinking swap in this deal")


def test_tiebreaks():
    s = dealt(open_rules(players=5, trade_budget=0), seed=0)
    assert s.is_terminal()
    info = s.game_info()
    scores = s.returns()
    top = [p for p in range(5) if scores[p] == max(scores)]
    assert (info["tiebreak_level"] == 0) == (len(top) == 1)
    if s.winner() is not None:
        assert s.winner() in top


def test_boundary_definition():
    assert is_boundary(3, 0) and is_boundary(10, 5) and not is_boundary(9, 5) and not is_boundary(0, 0)


def test_a_holdout_keeps_its_hand_and_blocks_chains_through_it():
    from negenlab.polymer.study import holdout_study

    agents = make_agents("no_trade", 1) + make_agents("cooperative", 7)
    df = simulate(
        PolymerGame(open_rules(players=8, trade_budget=3)), agents, n_games=4, seed=2, backend="serial", progress=False
    )
    assert (df["len_0"] == df["start_len_0"]).all()
    t = holdout_study(players=8, games=3, seed=2, trade_budget=2)
    groups = [
        f"{table}, distance {k}" for table in ("everyone cooperative", "seat 1 (first) no_trade") for k in range(5)
    ]
    groups += [f"distance {k}" for k in range(5)]  # the paired changes, halted minus everyone trading
    assert t["group"].drop_duplicates().tolist() == groups
    assert set(t["metric"]) == {"length", "score", "length change", "score change"}


def test_the_registry_entry_makes_the_game_and_its_agents():
    from negenlab import games

    game = games.load("polymer", players=6, jokers=1)
    assert isinstance(game, PolymerGame) and game.rules == Rules(players=6, jokers=1)
    assert set(ENTRY.agent_names()) >= {"no_trade", "selfish", "cooperative", "loans", "random", "mcts"}
    assert [a.name for a in games.make_agents("polymer", "loans, no_trade")] == ["loans", "no_trade"]
    with pytest.raises(InvalidInputError, match="takes no budget"):
        ENTRY.make_agent("cooperative:10")


def test_table_facts_are_what_the_pictures_show():
    from negenlab.polymer.svg import table_svg

    fresh = PolymerGame(open_rules(players=5)).new_initial_state()
    assert fresh.table_facts() == {"lengths": [], "phase": "deal"} and "not dealt yet" in fresh._repr_svg_()
    s = dealt(open_rules(players=5, trade_budget=0))
    facts = s.table_facts()
    assert facts["lengths"] == s.lengths() and facts["scores"] == s.returns() and facts["winner"] == s.winner()
    assert facts["boundaries"] == s.boundaries() and table_svg(**facts) == s._repr_svg_()


@pytest.mark.parametrize("information", ["hidden", "open"])
def test_legal_actions_are_the_old_methods_list_in_its_order(information):
    """``itertools.product`` builds the same list as the old generator expressions
    (benchmarks/legacy/polymer_legal_actions_genexpr.py), tuple for tuple and in order: seeded play
    picks by index. The benchmark bench_polymer_legal_actions.py times the two."""
    old = frozen("polymer_legal_actions_genexpr.py").legal_actions
    rng = np.random.default_rng(7)
    phases: Counter = Counter()
    for loans in (True, False):  # two tables of random play, every decision compared
        s = PolymerGame(Rules(players=6, information=information, jokers=2, loans=loans)).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            assert legal == old(s), (s.phase, len(legal))
            phases[s.phase] += 1
            s.apply(legal[int(rng.integers(len(legal)))])
    assert phases["trade"] >= 50 and phases["respond"] > 0, phases
