"""Refusals taken at their word (issue #52): with ``firm_refusals`` a player that was refused a card type
by a partner does not ask that partner for it again until the partner's hand changes; it learns this
from its own seat's observation only. The play widget turns it on; the players the studies make keep
it off, so the committed tables stay what their players played."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab.polymer import ENTRY
from negenlab.polymer.bargain import Bargainer
from negenlab.polymer.belief import REFUSED, Belief, standing_refusals
from negenlab.polymer.game import PolymerGame
from negenlab.polymer.rules import Rules
from negenlab.polymer.widgets import SeatTable

from .test_properties import _shuffled_others

RULES = Rules(players=5, minutes=4)


def _refused_table(seed: int = 1):
    """A dealt 5-seat table where seat 0 asked seat 1 for a type seat 1 does not hold, and was refused."""
    s = PolymerGame(RULES).new_initial_state()
    s.apply(s.sample_chance(np.random.default_rng(seed)))
    lacking = next(t for t in range(52) if all(c // 2 != t for c in s.hands[1]))
    s.apply(("ask", 1, 1, s.hands[0][0], lacking))
    s.apply("reject")
    return s, lacking


def test_a_refusal_stands_until_the_refusing_seat_moves_a_card():
    s, lacking = _refused_table()
    assert standing_refusals(s.observation(0)) == {1: frozenset({lacking})}
    assert standing_refusals(s.observation(2)) == {}  # seat 2 saw only that seat 1 rejected something
    while s.proposer != 1:
        s.apply("pass")
    s.apply(("ask", 1, 1, s.hands[1][0], s.hands[2][0] // 2))  # seat 1 trades with seat 2: its hand changes
    s.apply("accept")
    assert standing_refusals(s.observation(0)) == {}


def test_a_firm_belief_leaves_the_refusing_seat_none_of_the_type_and_the_default_stays_soft():
    s, lacking = _refused_table()
    ob = s.observation(0)
    soft, firm = Belief.of(ob, RULES), Belief.of(ob, RULES, firm_refusals=True)
    assert soft.weights[1, lacking] == pytest.approx(REFUSED) and firm.weights[1, lacking] == 0.0
    deals = firm.sample(np.random.default_rng(0), 200)
    assert not any(lacking in deal[1] for deal in deals)
    assert any(lacking in deal[1] for deal in soft.sample(np.random.default_rng(0), 200))


def _table(spec: str, firm: bool, seed: int = 0):
    """A 6-seat table of ``spec`` players (hidden hands, the 10-minute clock) played to the end."""
    agents = ENTRY.make_agents([spec] * 6)
    for agent in agents:
        agent.firm_refusals = firm
    rng = np.random.default_rng(seed)
    s = PolymerGame(Rules(players=6)).new_initial_state()
    s.apply(s.sample_chance(rng))
    while not s.is_terminal():
        s.apply(s.sample_chance(rng) if s.is_chance_node() else agents[s.current_player].step(s, rng))
    return s


@pytest.mark.parametrize("spec", ["cooperative", "borrower", "bundler", "bargainer", "broker"])
def test_a_firm_player_never_asks_a_refusing_partner_again_for_the_refused_type(spec):
    """A whole table of one player: with firm refusals no proposal asks a partner for a type that partner
    refused the proposer with no card moved since; the same table with soft refusals does (the check can fail)."""
    proposals, repeats = _repeated_asks(_table(spec, firm=True))
    assert proposals > 40 and repeats == 0
    assert _repeated_asks(_table(spec, firm=False))[1] > 0


def _repeated_asks(state) -> tuple[int, int]:
    """(proposals, proposals asking a partner for a type it refused the same proposer, with no card moved
    by that partner since) over a whole table."""
    from negenlab.polymer.belief import hand_changed

    proposals = repeats = 0
    for p in range(state.num_players):
        mine = [r for r in state.seen[p] if r[3] == p]
        for i, r in enumerate(mine):
            proposals += 1
            decided_at = r[1] - (r[9] == "refused")  # a refusal is recorded after its own public entry
            for old in mine[:i]:
                if (
                    old[9] == "refused"
                    and old[10] == old[4] == r[4]
                    and set(old[6]) & set(r[6])
                    and not any(r[4] in hand_changed(e) for e in state.public[old[1] : decided_at])
                ):
                    repeats += 1
                    break
    return proposals, repeats


def _passive_table(seed: int, firm: bool) -> SeatTable:
    """The seat widget played to the end by a person who passes and accepts what it can (refusing the rest)."""
    st = SeatTable(seed=seed)
    if not firm:  # the control: the same players without the firm refusals
        for agent in st.agents:
            agent.firm_refusals = False
    for _ in range(500):
        s = st.state
        if s.is_terminal():
            break
        if s.phase == "respond":
            (st.reject_button if st.accept_button.disabled else st.accept_button).click()
        elif s.phase == "repay":
            st.view.press(st.view.legal[0])
        else:
            st.pass_button.click()
    return st


def test_the_seat_widget_s_opponents_stop_asking_for_what_was_refused():
    """The issue's table: opponents asked again and again for cards the designer did not hold. With the
    widget's firm refusals no seat asks a partner again for a type that partner refused it (its hand
    unchanged since); the same tables with the refusals soft repeat such asks (the check can fail)."""
    firm = [_repeated_asks(_passive_table(seed, firm=True).state) for seed in range(4)]
    soft = [_repeated_asks(_passive_table(seed, firm=False).state) for seed in range(4)]
    assert all(n > 20 for n, _ in firm) and sum(r for _, r in firm) == 0
    assert sum(r for _, r in soft) > 0


def test_the_players_the_studies_make_keep_refusals_soft():
    """Firm refusals are the widget's option: every registered player is made with it off."""
    for name in ENTRY.agent_names():
        agent = ENTRY.make_agent(name if name not in ("mcts",) else "mcts:10")
        assert getattr(agent, "firm_refusals", False) is False, name
    assert Bargainer.firm_refusals is False


@pytest.mark.parametrize("specs", [["cooperative", "borrower", "bargainer", "broker", "lookahead:2"]])
def test_firm_players_still_decide_from_their_own_seat_alone(specs):
    """The hidden-information check with firm refusals on: at every decision, the other hands dealt out
    again (sizes and everything public unchanged) leave every choice the same."""
    rng = np.random.default_rng(7)
    agents = ENTRY.make_agents(specs)
    for agent in agents:
        agent.firm_refusals = True
    s = PolymerGame(RULES).new_initial_state()
    s.apply(s.sample_chance(rng))
    compared = refusals_used = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
            continue
        seat = s.current_player
        other = _shuffled_others(s, seat, rng)
        draw = int(rng.integers(1 << 30))
        mine = agents[seat].step(s, np.random.default_rng(draw))
        theirs = agents[seat].step(other, np.random.default_rng(draw))
        assert mine == theirs, (specs[seat], s.phase, mine, theirs)
        refusals_used += bool(standing_refusals(s.observation(seat)))
        compared += 1
        s.apply(mine)
    assert compared > 40 and refusals_used > 5
