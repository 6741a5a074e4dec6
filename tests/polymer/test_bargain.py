"""The bargaining players (negenlab.polymer.bargain) and their belief (negenlab.polymer.belief): they
decide from what their seat sees alone, keep every card, trade through chains, and value offers by
the exact solver; the belief keeps every size and every card a seat was seen to hold."""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import combinations_with_replacement

import numpy as np
import pandas as pd
import pytest

from negenlab.core.agents import Agent
from negenlab.core.claims import futile, looked_at, register, verdict_of
from negenlab.core.errors import InvalidInputError
from negenlab.core.simulate import simulate
from negenlab.polymer import ENTRY
from negenlab.polymer import study as S
from negenlab.polymer.bargain import BARGAINERS, Bargainer, Broker, SearchBargainer, determinized, joined, take_sets
from negenlab.polymer.belief import Belief
from negenlab.polymer.game import PolymerGame, hand_length, is_joker
from negenlab.polymer.rules import Rules

from .test_properties import _cards, _shuffled_others

NEW_PLAYERS = ["bargainer", "broker", "lookahead:3", *sorted(n for n in BARGAINERS if "-" in n)]


def _play(rules: Rules, specs: list[str], seed: int, until: float | None = None):
    """A table of ``specs`` (one per seat) played to the end (or ``until`` table minutes)."""
    agents = ENTRY.make_agents(specs)
    rng = np.random.default_rng(seed)
    s = PolymerGame(rules).new_initial_state()
    s.apply(s.sample_chance(rng))
    while not s.is_terminal() and (until is None or s.clock < 60 * until):
        s.apply(s.sample_chance(rng) if s.is_chance_node() else agents[s.current_player].step(s, rng))
    return s


def _decisions_unchanged(rules: Rules, names: list[str], games: int, seed: int) -> tuple[int, set[str]]:
    """Play ``games`` tables where the seats take the players of ``names`` in turn; at every decision
    deal the other hands out again (sizes and everything public kept) and ask the same player: return
    how many decisions were compared and which players took part; raise on the first that differs."""
    rng = np.random.default_rng(seed)
    compared, played = 0, set()
    for game in range(games):
        specs = [names[(p + game * rules.players) % len(names)] for p in range(rules.players)]
        played.update(specs)
        agents = ENTRY.make_agents(specs)
        s = PolymerGame(rules).new_initial_state()
        s.apply(s.sample_chance(rng))
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            seat = s.current_player
            other = _shuffled_others(s, seat, rng)
            assert other.observation(seat) == s.observation(seat)
            draw = int(rng.integers(1 << 30))
            mine = agents[seat].step(s, np.random.default_rng(draw))
            theirs = agents[seat].step(other, np.random.default_rng(draw))
            if mine != theirs:
                raise AssertionError(f"{specs[seat]} in seat {seat} ({s.phase}): {mine!r} with the true hands, "
                                     f"{theirs!r} with the other hands dealt again")  # fmt: skip
            compared += 1
            s.apply(mine)
    return compared, played


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=5, minutes=4),
        Rules(players=8, minutes=4, good_faith_tokens=2),
        Rules(players=9, minutes=4, jokers=2, chain_length=3),
    ],
    ids=lambda r: f"{r.players}p",
)
def test_changing_another_seat_s_hidden_cards_never_changes_a_decision(rules):
    """Every new player, with the other hands dealt out again (every size and everything public
    unchanged), makes the same choice at every decision."""
    games = -(-len(NEW_PLAYERS) // rules.players)  # every player takes a seat
    compared, played = _decisions_unchanged(rules, NEW_PLAYERS, games=games, seed=rules.players)
    assert compared > 40 * games and played == set(NEW_PLAYERS)


class _Peeking(Bargainer):
    """A bargainer that reads its right-hand neighbour's hand: what the hidden-information test must catch."""

    name = "peeking"

    def step(self, state, rng):
        if state.phase == "trade" and state.hands[(state.current_player + 1) % state.num_players][0] % 2:
            return "pass"
        return super().step(state, rng)


def test_the_hidden_information_check_catches_a_player_that_peeks(monkeypatch):
    """The check above fails on purpose: a player that looks at another seat's cards is caught."""
    monkeypatch.setitem(ENTRY.agents, "peeking", lambda spec: _Peeking())
    with pytest.raises(AssertionError, match="peeking"):
        _decisions_unchanged(Rules(players=5, minutes=4), ["peeking"], games=2, seed=1)


@pytest.mark.parametrize("specs", [["broker"] * 8, ["bargainer", "broker", "lookahead:2", "cooperative"] * 2])
def test_bargainers_keep_every_card_repay_every_loan_and_trade_through_chains(specs):
    rules = Rules(players=8, minutes=6)
    s = _play(rules, specs, seed=5, until=None)
    assert not s.loans and [len(h) for h in s.hands] == [rules.dealt(p) for p in range(rules.players)]
    assert s.counts["accepted"] > 3 and np.mean(s.lengths()) > np.mean(s.lengths(s.start_hands))
    if specs[0] == "broker":
        assert s.counts["chain_trades"] > 0  # long-distance trades through the neighbour between


def test_the_token_table_moves_tokens_and_keeps_every_card():
    rules = Rules(players=8, minutes=6, good_faith_tokens=3)
    s = _play(rules, ["broker"] * 8, seed=2)
    assert sum(s.tokens) == 24 and s.counts["accepted"] > 0
    assert [len(h) for h in s.hands] == [rules.dealt(p) for p in range(8)]


def test_take_sets_agree_with_a_brute_force_over_every_pair():
    """Every single type listed lengthens the polymer by its gain; no pair that lengthens the polymer more
    than both its parts and more than every listed pair is missing."""
    rng = np.random.default_rng(4)
    for _ in range(15):
        hand = tuple(sorted(int(c) // 2 for c in rng.permutation(104)[:10]))
        listed = dict(take_sets(hand, 2))
        base = hand_length([2 * t for t in hand])
        for types, gain in listed.items():
            assert hand_length([2 * t for t in joined(hand, types)]) - base == gain
        singles = {(t,): hand_length([2 * t for t in joined(hand, (t,))]) - base for t in range(52)}
        assert {k for k, g in singles.items() if g > 0} == {k for k in listed if len(k) == 1}
        pairs = [g for k, g in listed.items() if len(k) == 2]
        for t, u in combinations_with_replacement(range(52), 2):
            g = hand_length([2 * x for x in joined(hand, (t, u))]) - base
            if g > max(singles[(t,)], singles[(u,)]) and pairs and len(pairs) < 6:
                assert g <= max(pairs) or (t, u) in listed, (hand, t, u)


def test_a_belief_keeps_every_size_and_what_the_seat_saw():
    rules = Rules(players=8, minutes=4)
    s = _play(rules, ["broker"] * 8, seed=9, until=3)
    for seat in range(8):
        ob = s.observation(seat)
        belief = Belief.of(ob, rules)
        for deal in belief.sample(np.random.default_rng(seat), 5):
            assert [len(h) for h in deal] == [len(h) for h in s.hands]
            assert deal[seat] == tuple(sorted(c // 2 for c in s.hands[seat]))
            everything = Counter(t for h in deal for t in h)
            assert max(everything.values()) <= 2
            for p, known in enumerate(belief.known):
                assert not Counter(known) - Counter(deal[p])


def test_a_card_handed_over_is_known_until_its_holder_gives_cards_away():
    rules = Rules(players=5)
    s = PolymerGame(rules).new_initial_state()
    s.apply(s.sample_chance(np.random.default_rng(4)))
    give, wanted = s.hands[0][0], s.hands[1][0] // 2
    s.apply(("ask", 1, 1, give, wanted))
    s.apply("accept")
    belief = Belief.of(s.observation(0), rules)
    assert give // 2 in belief.known[1] and belief.weights[1, give // 2] == 1.0
    while s.proposer != 1:
        s.apply("pass")
    s.apply(("ask", 1, 1, s.hands[1][0], s.hands[2][0] // 2))  # seat 2 holds it: seat 1 hands a card over
    s.apply("accept")
    later = Belief.of(s.observation(0), rules)
    assert give // 2 not in later.known[1] and later.weights[1, give // 2] > 1.0  # likely, no longer sure


def test_a_belief_needs_an_observation():
    with pytest.raises(InvalidInputError, match="observation"):
        Belief.of({"hand": ()}, Rules())


def test_a_determinized_table_holds_nothing_of_the_hidden_hands():
    rules = Rules(players=6, minutes=3)
    s = _play(rules, ["broker"] * 6, seed=3, until=1)
    while s.phase != "trade":
        s.apply(Broker().step(s, np.random.default_rng(0)))
    seat = s.current_player
    ob = s.observation(seat)
    world = Belief.of(ob, rules).sample(np.random.default_rng(1), 1)[0]
    d = determinized(s, ob, world, np.random.default_rng(2))
    assert d.hands[seat] == s.hands[seat] and d.log == []
    for p in range(6):
        assert tuple(sorted(c // 2 for c in d.hands[p] if not is_joker(c))) == world[p]
        assert d.seen[p] == ([] if p != seat else s.seen[p])
    assert _cards(d)[1] == _cards(s)[1]


def test_the_strategies_differ_from_their_rung_where_the_advice_says():
    monopolist = BARGAINERS["broker-monopolist"]()
    ob = {"start_hand": (0, 26, 52, 2), "hand": (0, 26, 52, 2)}  # three aces (ids 0, 26, 52) and a two
    assert monopolist.keeps(26, ob) and not monopolist.keeps(2, ob)
    assert BARGAINERS["broker-onecard"].most_cards == 1 and not BARGAINERS["broker-noloans"].borrows
    assert not BARGAINERS["bargainer-refusing"].permits and BARGAINERS["broker-revealing"].announces
    assert issubclass(BARGAINERS["broker-spoiler"], Broker) and not Bargainer.chains and Broker.chains


def test_the_players_are_registered_and_pickle():
    import pickle

    for name in ["bargainer", "broker", "lookahead", "broker-halting"]:
        agent = ENTRY.make_agent(name)
        assert isinstance(agent, Agent) and pickle.loads(pickle.dumps(agent)).name == agent.name
    assert isinstance(ENTRY.make_agent("lookahead:5"), SearchBargainer)
    assert ENTRY.make_agent("lookahead:5").playouts == 5


def test_a_halting_bargainer_stops_after_five_minutes():
    rules = dataclasses.replace(Rules(players=5), minutes=8)
    s = _play(rules, ["bargainer-halting"] + ["bargainer"] * 4, seed=1)
    late = [r for r in s.seen[0] if r[3] == 0 and r[1] > 0]
    assert s.counts["accepted"] > 0 and all(r[9] == "refused" or r[1] < len(s.public) for r in late)


@pytest.mark.slow
def test_an_undecided_rung_arm_plays_on_until_decided_or_capped_and_a_decided_one_stops(tmp_path, monkeypatch):
    """The rung strategy study's play-on, both ways: an arm stops at the first look where its claim is
    decided at 1 - RUNG_CLEAR_ALPHA, where it is futile (claims.futile: undecided at the cap unless its
    trend turns), or at the cap; at every earlier look it was undecided and not futile. Resumed from
    its store, each look replays the first deals, so the numbers are those of a run without the play-on."""
    monkeypatch.setattr(S, "RUNG_BATCH_DEALS", 1)  # one deal a seat per look: 5 tables at 5 seats
    arms = [a for a in S.RUNG_ARMS if a[0] in ("monopoly", "second_degree")]  # the spoiler never differs here
    looks: list[str] = []
    cap = 15
    table = S.rung_strategy_study("bargainer", tables=5, seed=3, players=5, store=tmp_path, arms=arms,
                                  max_tables=cap, say=looks.append)  # fmt: skip
    book = register("polymer")
    for claim_id, suffix, _whose, sign in arms:
        metric = S.arm_metric(claim_id)
        row = table[(table["metric"] == metric) & (table["group"] == S.rung_group("bargainer", suffix))].iloc[0]
        n = int(row["n"])
        assert n % 5 == 0 and 5 <= n <= cap
        measure = looked_at(S._signed(row.to_dict(), sign), S.rung_looks(5, cap, 5))
        final = verdict_of(book[claim_id].rule, measure, S.RUNG_CLEAR_ALPHA)
        hopeless = futile(book[claim_id].rule, measure, S.RUNG_CLEAR_ALPHA, cap)
        ran = [line for line in looks if line.startswith(f"bargainer-{suffix}:")]
        assert final != "undecided" or n == cap or (hopeless and "futile" in ran[-1]), (claim_id, n, final)
        assert len(ran) == n // 5 and all("(undecided" in line and "futile" not in line for line in ran[:-1]), ran
        # the same first n tables without a play-on (resumed from the store): the same number
        again = S.rung_strategy_study("bargainer", tables=n, seed=3, players=5, store=tmp_path, arms=[
            (claim_id, suffix, _whose, sign)])  # fmt: skip
        same = again[(again["metric"] == metric) & (again["group"] == row["group"])].iloc[0]
        assert same["value"] == pytest.approx(row["value"]) and int(same["n"]) == n
    assert any("(undecided" in line for line in looks), looks  # this seed takes the play-on at least once
    assert any(line.startswith("bargainer-spoiler: 5 tables") and "(fails" in line for line in looks), looks
    # without a store (each look then resumes from a scratch one, for speed): the same numbers, played on
    # to the cap here (this arm is futile at its first look, so the futility stop is left out for this part)
    monkeypatch.setattr(S, "futile", lambda *_, **__: False)
    monopoly = [a for a in arms if a[0] == "monopoly"]
    bare = S.rung_strategy_study("bargainer", tables=5, seed=3, players=5, arms=monopoly, max_tables=10)
    assert (bare.loc[bare["group"] == S.rung_group("bargainer", "monopolist"), "n"] == 10).all()
    kept = S.rung_strategy_study("bargainer", tables=10, seed=3, players=5, store=tmp_path, arms=monopoly)
    arm_and_baseline = ~bare["group"].str.endswith("tokens each")  # the token tables count the first look's tables
    pd.testing.assert_frame_equal(bare[arm_and_baseline], kept[arm_and_baseline])


@pytest.mark.slow
def test_a_rung_arm_s_score_spread_pairs_each_seat_s_deals_with_the_same_deals_played_by_the_rung():
    """The options-open arm's "score spread change", against the same tables simulated here seat by
    seat (the strategy in seat s on seat s's deals, and every seat the rung on them) and the spread
    change computed from the definition (each deal left out in turn)."""
    players, per_seat, seed = 5, 2, 3
    arm = [a for a in S.RUNG_ARMS if a[0] == "options_open"]
    table = S.rung_strategy_study("bargainer", tables=players * per_seat, seed=seed, players=players, arms=arm)
    row = table[(table["metric"] == "score spread change") & (table["group"] == S.rung_group("bargainer", "options"))]
    changed, rung = [], []
    for seat in range(players):
        lineup = ENTRY.make_agents(["bargainer"] * players)
        lineup[seat] = ENTRY.make_agents(["bargainer-options"])[0]
        for agents, out in ((lineup, changed), (ENTRY.make_agents(["bargainer"] * players), rung)):
            df = simulate(PolymerGame(Rules(players=players)), agents, per_seat, seed + seat, backend="serial",
                          progress=False)  # fmt: skip
            out.extend(df[f"return_{seat}"].to_numpy(float))
    x, y = np.array(changed), np.array(rung)
    assert not np.array_equal(x, y)  # the seat played differently somewhere

    def theta(a, b):
        return 100 * (np.std(a, ddof=1) / np.std(b, ddof=1) - 1)

    n = len(x)
    pseudo = [n * theta(x, y) - (n - 1) * theta(np.delete(x, i), np.delete(y, i)) for i in range(n)]
    assert len(row) == 1 and int(row["n"].iloc[0]) == n
    assert row["value"].iloc[0] == pytest.approx(np.mean(pseudo))
    assert row["hi"].iloc[0] - row["lo"].iloc[0] == pytest.approx(2 * 1.959964 * np.std(pseudo, ddof=1) / np.sqrt(n))
