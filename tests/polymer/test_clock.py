"""The Polymer table clock: every action costs seconds from the Rules' time model, seats act in
parallel, and trading stops at ``Rules.minutes``."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.core import RandomAgent
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.polymer import ENTRY
from negenlab.polymer.game import PolymerGame
from negenlab.polymer.rules import TIME_FIELDS, Rules


def _play(rules, seed=1, agents=None):
    rng = np.random.default_rng(seed)
    agents = agents or ENTRY.make_agents(["cooperative"] * rules.players)
    s = PolymerGame(rules).new_initial_state()
    s.apply(s.sample_chance(rng))
    costs = 0.0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
            continue
        before = s.clock
        s.apply(agents[s.current_player].step(s, rng))
        costs += s.clock - before
    return s, costs


def test_the_clock_is_the_sum_of_costs_over_the_pairs_trading_at_once():
    rules = Rules(players=8, trade_budget=3)
    s, _ = _play(rules)
    c, r = s.counts, rules
    proposals = c["proposals"] + c["calls"]
    answers = c["accepted"] + c["rejected"]  # at least one answer a proposal (a chain adds one per link)
    expected = (
        r.seconds_look
        + (
            proposals * r.seconds_propose
            + c["passes"] * r.seconds_pass
            + (c["collides"] + c["absorbs"]) * r.seconds_joker
            + c["repaid"] * r.seconds_repay
        )
        / r.pairs
    )
    answered = (s.clock - expected) * r.pairs / r.seconds_answer  # answers, links included
    assert answered >= answers and answered == pytest.approx(round(answered))
    assert s.game_info()["table_minutes"] == pytest.approx(s.clock / 60)


def test_trading_stops_at_the_minutes():
    long = Rules(players=6, trade_budget=200, minutes=3, information="hidden")
    s, _ = _play(long, agents=[RandomAgent()] * 6)
    last = max(long.seconds_propose + long.seconds_answer * long.chain_length, long.seconds_joker) / long.pairs
    assert 180 <= s.clock
    trading_end = s.clock - s.counts["repaid"] * long.seconds_repay / long.pairs
    assert trading_end < 180 + last + long.seconds_pass
    assert s.turn < 200 * 6  # the clock, not the budget, stopped it


def test_no_minutes_leaves_the_budget_in_charge():
    s, _ = _play(Rules(players=8, trade_budget=2))
    assert s.turn == 2 * 8 or s.passes >= 8


def test_an_illegal_action_costs_no_time():
    s = PolymerGame(Rules(players=5)).new_initial_state()
    s.apply(s.sample_chance(np.random.default_rng(0)))
    clock = s.clock
    with pytest.raises(IllegalMoveError):
        s.apply(("swap", 1, 1, s.hands[1][0], s.hands[0][0]))  # seat 1 (second)'s card is not seat 0's to give
    assert s.clock == clock


@pytest.mark.parametrize("field", ["minutes", *TIME_FIELDS])
def test_time_fields_are_checked(field):
    with pytest.raises(InvalidInputError, match=field):
        Rules(**{field: -1})
