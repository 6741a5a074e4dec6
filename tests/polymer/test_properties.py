"""Properties of the Polymer table over random play: every card is accounted for after every action
(each regular card exactly once, every joker in a hand, in play or on the table), every loan is
repaid and every hand ends at its dealt size.

Random play mixes the core's uniform random agent (any legal proposal, answer or repayment) with the
registered trading policies, over player counts, jokers (cosmic rays) and loans.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from negenlab.core import RandomAgent
from negenlab.polymer import ENTRY
from negenlab.polymer.game import PolymerGame, is_joker
from negenlab.polymer.rules import Rules

TABLES = [
    Rules(players=5, trade_budget=6),
    Rules(players=8, trade_budget=4, jokers=2),
    Rules(players=12, trade_budget=3, chain_length=3),
    Rules(players=7, trade_budget=5, jokers=3, handicap=(0, 1, 0, 2, 0, 0, 0)),
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
        lent = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
            else:
                s.apply(agents[s.current_player].step(s, rng))
            assert _cards(s) == start
            lent = max(lent, len(s.loans))
        assert not s.loans and not s.repay_queue
        assert [len(h) for h in s.hands] == [rules.dealt(p) for p in range(rules.players)]
        tables += 1
    assert tables == 6
