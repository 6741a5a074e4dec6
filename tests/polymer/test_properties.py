"""Properties of the Polymer table over random play: every card is accounted for after every action
(each regular card exactly once, every joker in a hand, in play or on the table), every loan is
repaid and every hand ends at its dealt size.

Random play mixes the core's uniform random agent (any legal proposal, answer or repayment) with the
registered trading policies, over player counts, jokers (cosmic rays) and loans.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest

from negenlab.core import RandomAgent
from negenlab.polymer import ENTRY
from negenlab.polymer.agents import TradingAgent
from negenlab.polymer.game import PolymerGame, is_joker
from negenlab.polymer.rules import Rules

TABLES = [
    Rules(players=5, trade_budget=6, information="open"),
    Rules(players=8, trade_budget=4, jokers=2, information="open"),
    Rules(players=12, trade_budget=3, chain_length=3, information="open"),
    Rules(players=7, trade_budget=5, jokers=3, handicap=(0, 1, 0, 2, 0, 0, 0), information="open"),
]


def _cards(state) -> tuple[Counter, int]:
    """Every card in play: the regular cards in the hands and the middle, and how many jokers are
    in hands, being played or laid on the table (an absorbing joker stays there)."""
    held = Counter(c for h in state.hands for c in h if not is_joker(c)) + Counter(state.middle)
    jokers = sum(is_joker(c) for h in state.hands for c in h) + state.jokers_on_table
    return held, jokers + (state.joker_play is not None)


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p-j{r.jokers}")
def test_random_play_keeps_every_card_and_repays_every_loan(rules):
    rng = np.random.default_rng(rules.players)
    policies = ["loans", "selfish", "cooperative", "no_trade"]
    tables = 0
    for game_index in range(6):
        agents = [
            RandomAgent() if (p + game_index) % 2 else ENTRY.make_agents([policies[p % 4]])[0]
            for p in range(rules.players)
        ]
        s = PolymerGame(rules).new_initial_state()
        s.apply(s.sample_chance(rng))
        start = _cards(s)
        assert max(start[0].values()) == 1 and start[1] <= rules.jokers  # once each; a joker may be left over
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
            else:
                s.apply(agents[s.current_player].step(s, rng))
            assert _cards(s) == start
        assert not s.loans and not s.repay_queue
        assert [len(h) for h in s.hands] == [rules.dealt(p) for p in range(rules.players)]
        tables += 1
    assert tables == 6


HIDDEN = [
    Rules(players=5, trade_budget=4, information="hidden"),
    Rules(players=9, trade_budget=3, jokers=2, information="hidden", good_faith_tokens=2),
]


def _shuffled_others(state, seat, rng):
    """A copy of ``state`` where the cards of every hand but ``seat``'s are dealt out again among
    those hands, each keeping its size (what ``seat`` cannot see, changed)."""
    other = state.clone()
    seats = [p for p in range(state.num_players) if p != seat]
    pool = [c for p in seats for c in state.hands[p]]
    rng.shuffle(pool)
    for p in seats:
        k = len(state.hands[p])
        other.hands[p], pool = pool[:k], pool[k:]
    return other


@pytest.mark.parametrize("rules", HIDDEN, ids=lambda r: f"{r.players}p-hidden")
def test_hidden_information_play_keeps_every_card_and_shows_each_seat_only_its_own(rules):
    rng = np.random.default_rng(11)
    agent = RandomAgent()
    checked = 0
    for _ in range(4):
        s = PolymerGame(rules).new_initial_state()
        s.apply(s.sample_chance(rng))
        start = _cards(s)
        while not s.is_terminal():
            seat = int(rng.integers(rules.players))
            other = _shuffled_others(s, seat, rng)
            seen = s.observation(seat)
            assert other.observation(seat) == seen
            if s.pending is not None and seat != s.proposer and seat not in s.responders:
                kind, d = s.pending[0], s.pending[1]
                far = s.pending[2] if kind == "ask" else 1
                if seat not in {s.partner(s.proposer, d, k) for k in range(1, far + 1)}:
                    assert seen["pending"] == (kind, s.proposer, s.partner(s.proposer, d, far))  # no cards named
            if s.current_player == seat and s.phase == "trade":
                assert other.legal_actions() == s.legal_actions()  # the offers do not leak the others' cards
                checked += 1
            s.apply(s.sample_chance(rng) if s.is_chance_node() else agent.step(s, rng))
            assert _cards(s) == start
        assert not s.loans and [len(h) for h in s.hands] == [rules.dealt(p) for p in range(rules.players)]
        assert all("hands" not in s.observation(p) for p in range(rules.players))
    assert checked > 5


def test_an_ask_for_a_type_the_partner_lacks_can_only_be_refused():
    from negenlab.core.errors import IllegalMoveError, InvalidInputError

    s = PolymerGame(Rules(players=5, information="hidden")).new_initial_state()
    s.apply(s.sample_chance(np.random.default_rng(3)))
    partner = s.partner(0, 1, 1)
    missing = next(t for t in range(52) if s._card_of_type(partner, t) is None)
    held = next(t for t in range(52) if s._card_of_type(partner, t) is not None)
    give = s.hands[0][0]
    s.apply(("ask", 1, 1, give, missing))
    assert s.legal_actions() == ["reject"]
    with pytest.raises(IllegalMoveError, match="lacks what is asked"):
        s.apply("accept")
    s.apply("reject")
    while s.current_player != 0:
        s.apply("pass")
    give = s.hands[0][0]
    s.apply(("ask", 1, 1, give, held))
    s.apply("accept")
    assert any(c // 2 == held for c in s.hands[0]) and give in s.hands[partner]
    assert s.public[-1] == ("swap", 0, partner, 1, 1)
    with pytest.raises(IllegalMoveError, match="asks a type"):
        s.apply(("swap", 1, 1, s.hands[s.current_player][0], s.hands[0][0]))
    assert ENTRY.make_agents(["loans"])[0].step(s, np.random.default_rng(0)) in s.legal_actions()  # its twin, borrower
    with pytest.raises(InvalidInputError, match="information='open' tables only"):
        TradingAgent().step(s, np.random.default_rng(0))  # a policy reading every hand, with no twin


COMPOSED = [
    Rules(players=5, trade_budget=5, max_cards=3, good_faith_tokens=3, information="open"),
    Rules(players=8, trade_budget=4, max_cards=2, good_faith_tokens=2, information="hidden", chain_length=3),
    Rules(players=6, trade_budget=5, max_cards=3, information="hidden", jokers=2),
]


class _Composer:
    """Random play that composes often: a compose move half the time it may, sends a complete trade
    half the time it can, and accepts most answers; otherwise uniform over the legal actions."""

    def step(self, state, rng):
        acts = state.legal_actions()
        if state.phase == "trade":
            starts = [a for a in acts if isinstance(a, tuple) and a[0] == "compose"]
            if starts and rng.random() < 0.5:
                return starts[rng.integers(len(starts))]
        if state.phase == "compose" and "send" in acts and rng.random() < 0.5:
            return "send"
        if state.phase == "respond" and "accept" in acts and rng.random() < 0.7:
            return "accept"
        return acts[rng.integers(len(acts))]


@pytest.mark.parametrize("rules", COMPOSED, ids=lambda r: f"{r.players}p-{r.information}-k{r.max_cards}")
def test_composed_trades_keep_cards_and_tokens_and_repay_every_loan(rules):
    rng = np.random.default_rng(rules.players + rules.max_cards)
    agent = _Composer()
    deals = loans = tolls = 0
    for _ in range(8):
        s = PolymerGame(rules).new_initial_state()
        s.apply(s.sample_chance(rng))
        start, tokens = _cards(s), sum(s.tokens)
        while not s.is_terminal():
            s.apply(s.sample_chance(rng) if s.is_chance_node() else agent.step(s, rng))
            assert _cards(s) == start and sum(s.tokens) == tokens and min(s.tokens) >= 0
            if s.public and s.public[-1][0] in ("swap", "loan") and len(s.public[-1]) == 7:
                deals += 1
                loans += s.public[-1][0] == "loan"
                tolls += len(s.public[-1][6])
        assert not s.loans and [len(h) for h in s.hands] == [rules.dealt(p) for p in range(rules.players)]
    assert deals > 5 and loans > 0, (deals, loans)
    assert tolls > 0 or rules.chain_length == 2 or not rules.good_faith_tokens


def _composed_table(**rules):
    s = PolymerGame(Rules(**{"players": 5, "max_cards": 3, "good_faith_tokens": 2, "information": "open", **rules}))
    s = s.new_initial_state()
    s.apply(s.sample_chance(np.random.default_rng(8)))
    return s


def test_a_two_for_one_loan_is_owed_called_in_and_repaid_by_the_debtor_s_choice():
    s = _composed_table()
    a, b = s.hands[0][0], s.hands[0][1]
    theirs = s.hands[1][0]
    for step in [("compose", "loan", 1, 1), ("give", a), ("give", b), ("take", theirs), "send", "accept"]:
        s.apply(step)
    assert s.loans == [(0, 1, 1)] and a in s.hands[1] and theirs in s.hands[0]
    assert s.public[-1][:5] == ("loan", 0, 1, 2, 1)
    while s.current_player != 0:
        s.apply("pass")
    s.apply(("call", 1))
    assert s.phase == "repay" and s.current_player == 1
    chosen = s.hands[1][-1]
    s.apply(("return", chosen))
    assert chosen in s.hands[0] and not s.loans
    assert [len(h) for h in s.hands[:2]] == [20, 20]


def test_tokens_sweeten_pay_tolls_and_break_ties():
    s = _composed_table(chain_length=2)
    give, take = s.hands[0][0], s.hands[2][0]
    for step in [("compose", "swap", 1, 2), ("give", give), ("take", take), ("sweeten",), "send"]:
        s.apply(step)
    assert s.legal_actions() == ["accept", "reject", "toll"]  # seat 2, the link
    s.apply("toll")
    s.apply("accept")  # seat 3, the partner
    assert s.tokens == [0, 3, 3, 2, 2] and give in s.hands[2] and take in s.hands[0]
    assert sum(s.tokens) == 10
    with pytest.raises(Exception, match="not a step of this trade|no such trade"):
        s.apply(("compose", "swap", 1, 3))


def test_a_loan_of_three_for_one_is_called_in_whole():
    s = _composed_table()
    give = s.hands[0][:3]
    theirs = s.hands[1][0]
    for step in [("compose", "loan", 1, 1), *(("give", c) for c in give), ("take", theirs), "send", "accept"]:
        s.apply(step)
    assert s.loans == [(0, 1, 2)] and len(s.hands[1]) == 22
    while s.current_player != 0:
        s.apply("pass")
    s.apply(("call", 1))
    assert s.repay_queue == [(0, 1), (0, 1)]
    s.apply(("return", s.hands[1][0]))
    s.apply(("return", s.hands[1][0]))
    assert not s.loans and [len(h) for h in s.hands[:2]] == [20, 20] and s.phase == "trade"


STRATEGIES = [
    "cooperative",
    "selfish",
    "concealing",
    "revealing",
    "monopolist",
    "halting",
    "no_trade",
    "options_open",
    "boundary_avoiding",
    "spoiler",
    "borrower",
    "sweetener",
    "search:6",
]


@pytest.mark.parametrize("rules", HIDDEN, ids=lambda r: f"{r.players}p-hidden")
def test_a_strategy_s_choice_does_not_change_when_the_hidden_cards_are_shuffled(rules):
    """Each strategy decides from what its seat sees: dealing the other hands out again (every count
    it can see kept) leaves its choice the same, with the same random draws."""
    rng = np.random.default_rng(21)
    compared, played = 0, set()
    for game in range(6):  # every strategy takes a seat in some game
        names = [STRATEGIES[(p + game * rules.players) % len(STRATEGIES)] for p in range(rules.players)]
        played.update(names)
        agents = ENTRY.make_agents(names)
        s = PolymerGame(dataclasses.replace(rules, minutes=4, trade_budget=1000)).new_initial_state()
        s.apply(s.sample_chance(rng))
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            seat = s.current_player
            other = _shuffled_others(s, seat, rng)
            state = int(rng.integers(1 << 30))
            mine = agents[seat].step(s, np.random.default_rng(state))
            theirs = agents[seat].step(other, np.random.default_rng(state))
            assert mine == theirs, (agents[seat].name, s.phase)
            compared += 1
            s.apply(mine)
    assert compared > 100 and played == set(STRATEGIES)


def test_the_strategies_trade_at_a_hidden_table_and_keep_every_card():
    rules = Rules(players=7, information="hidden", minutes=10, trade_budget=1000, jokers=1)
    rng = np.random.default_rng(4)
    agents = ENTRY.make_agents(STRATEGIES)
    s = PolymerGame(rules).new_initial_state()
    s.apply(s.sample_chance(rng))
    start = _cards(s)
    while not s.is_terminal():
        s.apply(s.sample_chance(rng) if s.is_chance_node() else agents[s.current_player].step(s, rng))
    assert _cards(s) == start and s.counts["accepted"] > 0
    assert any(e[0] == "announce" for e in s.public)  # the revealing seat said what it wants
    assert 10 <= s.game_info()["table_minutes"] < 11


def test_pieces_are_the_cards_in_some_valid_window():
    """The options-open strategy's pieces against a brute force over every triple of the hand and
    the solver's window table, both ways."""
    from negenlab.polymer.agents import _pieces
    from negenlab.polymer.solver import VALID

    rng = np.random.default_rng(9)
    for _ in range(300):
        types = tuple(sorted(int(t) for t in rng.choice(52, size=int(rng.integers(3, 16)), replace=False)))
        n = len(types)
        brute = {
            x
            for i in range(n)
            for j in range(n)
            for k in range(n)
            if len({i, j, k}) == 3 and VALID[types[i] * 2704 + types[j] * 52 + types[k]]
            for x in (types[i], types[j], types[k])
        }
        assert _pieces(types) == frozenset(brute), types
