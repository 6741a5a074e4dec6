"""Trading policies for the Polymer table (agents on the core protocol).

These are *models* of how people trade, written so the simulation can be read and
criticised. The policies of the earlier model (below, ``POLICIES``) see all hands (open
information), compute longest polymers exactly, and move one card per trade; at a hidden table
(the default ``Rules``) each plays its twin of ``TABLE_POLICIES``. ``L(x)`` is the length of seat
x's longest polymer; ``V`` is the quantity the policy protects:

- :class:`NoTradeAgent` — passes, rejects every proposal, never plays a joker.
- :class:`SelfishAgent` — ``V = own L``. Proposes the swap (with a neighbour, or a
  long-distance partner through a chain when ``chains=True``) that raises its own L the
  most, asking only for cards that lengthen its own polymer and offering only cards the
  partner can take without its own L shrinking; accepts a proposal iff its own L does
  not shrink (a chain link whose hand is unchanged accepts). Plays a joker when idle:
  collide with the neighbour holding more cards compatible with its hand.
- :class:`CooperativeAgent` — ``V = own score = L(me) × (L(left) + L(right))``, the
  scoring formula. Proposes like the selfish agent but ranks swaps by V; accepts iff V
  does not drop (so it helps a neighbour for free, and refuses a chain that would
  make a neighbour shorter). Plays a joker when idle by absorbing (harmless to others).
- :class:`LoanAgent` — cooperative, and when no swap helps it borrows the card that
  lengthens its own polymer most from a neighbour who can spare it; when idle it calls
  in its oldest outstanding loan. Lenders accept under their own V rule.

Every agent repays a loan with the card whose loss lowers its V least, and breaks
ties with the ``rng`` it is given (so a game is reproducible from one seed).

At a hidden-information table (``Rules(information="hidden")``) a seat sees only
``state.observation(seat)``; the strategies of :data:`TABLE_POLICIES` act on that alone (a test
deals the other hands out again and sees every choice unchanged): ``cooperative`` and ``selfish``
(these names play them at hidden tables), ``concealing``, ``revealing`` (says what it wants),
``monopolist`` (keeps and collects one rank), ``halting`` (stops trading after 5 minutes),
``options_open`` (builds short pieces), ``boundary_avoiding`` (gives up more to help a neighbour),
``spoiler`` (blocks trades of its second-degree neighbours), ``borrower`` (loans) and
``sweetener`` (offers a good-faith token with every ask, a composed trade) and ``bundler`` (swaps
two cards for two when it can). The others trade one card at a time: an ask for a card type,
giving a card their polymer does not use (at an open table, where they see who holds it, a swap for
that card).

The policies are registered by name in ``negenlab.polymer.ENTRY``: ``games.make_agents("polymer",
"selfish,cooperative,...")`` makes them, one spec per seat.

>>> import numpy as np
>>> from negenlab.core import simulate
>>> from negenlab.polymer.game import PolymerGame
>>> from negenlab.polymer.rules import Rules
>>> game = PolymerGame(Rules(players=10, trade_budget=2))
>>> df = simulate(game, [SelfishAgent()] * 10, n_games=2, seed=3, backend="serial", progress=False)
>>> bool((df["len_gain_mean"] >= 0).all())  # selfish swaps never shrink either party
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from negenlab.core.agents import Agent
from negenlab.core.errors import InvalidInputError
from negenlab.core.game import State
from negenlab.core.registry import AgentFactory, AgentSpec, AgentSpecError

from .belief import standing_refusals
from .game import JOKER_BASE, PolymerState, hand_length, is_joker
from .rules import REGULAR_CARDS
from .solver import COMPAT, solve_types


@lru_cache(maxsize=200_000)
def _unused_types(types: tuple) -> tuple:
    """Types of a hand (sorted tuple) left out of the solver's longest polymer."""
    order = solve_types(np.array(types, dtype=np.int64))[0]
    rest = list(types)
    for t in order:
        rest.remove(int(t))
    return tuple(rest)


def _types(hand) -> tuple:
    return tuple(sorted(c // 2 for c in hand if c < JOKER_BASE))


def _unique_by_type(cards) -> list[int]:
    seen, out = set(), []
    for c in cards:
        if not is_joker(c) and c // 2 not in seen:
            seen.add(c // 2)
            out.append(c)
    return out


class TradingAgent(Agent):
    """Shared machinery; subclasses set ``value`` and the switches below."""

    name = "trading"
    trades = True
    loans = False
    chains = True
    max_asks = 6  # best-looking asked-for cards examined per proposal turn
    firm_refusals = False  # at a hidden table, passed on to its twin (see TableAgent)

    def __init__(self, chains: bool = True):
        self.chains = bool(chains)

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "chains": self.chains, "loans": self.loans}

    # -- values ---------------------------------------------------------------
    def value(self, state: PolymerState, p: int, hands: dict[int, list]) -> float:
        """V of seat p when the hands in ``hands`` replace the state's (others unchanged)."""
        return float(hand_length(hands.get(p, state.hands[p])))

    # -- protocol -------------------------------------------------------------
    def step(self, state: State, rng: np.random.Generator):
        if not isinstance(state, PolymerState):
            raise InvalidInputError(f"{self.name} plays Polymer tables, not {type(state).__name__}")
        if state.rules.information != "open":
            twin = TABLE_POLICIES.get(HIDDEN_TWINS.get(self.name, self.name))
            if twin is None:
                raise InvalidInputError(
                    f"the {self.name} policy reads every hand, so it plays information='open' tables only "
                    f"(at a hidden table play one of {', '.join(TABLE_POLICIES)}, no_trade or random)"
                )
            player = twin()
            player.firm_refusals = self.firm_refusals
            return player.step(state, rng)
        if state.phase == "respond":
            return self.respond(state, rng)
        if state.phase == "repay":
            return self.repay(state, rng)
        return self.propose(state, rng)

    def respond(self, state: PolymerState, rng) -> str:
        if not self.trades:
            return "reject"
        me = state.current_player
        after = _hands_after(state, state.pending)
        return "accept" if self.value(state, me, after) >= self.value(state, me, {}) else "reject"

    def repay(self, state: PolymerState, rng):
        lender, debtor = state.repay_queue[0]
        options = state.legal_actions()
        best, best_v = [], -np.inf
        for act in options:
            card = act[1]
            mine = list(state.hands[debtor])
            mine.remove(card)
            v = self.value(state, debtor, {debtor: mine, lender: state.hands[lender] + [card]})
            if v > best_v:
                best, best_v = [act], v
            elif v == best_v:
                best.append(act)
        return best[int(rng.integers(len(best)))]

    def propose(self, state: PolymerState, rng):
        if not self.trades:
            return "pass"
        act = self.best_swap(state, rng)
        if act is None and self.loans and state.rules.loans:
            act = self.best_loan(state, rng)
        if act is None and self.loans:
            mine = [d for (lender, d, _) in state.loans if lender == state.proposer]
            if mine:
                act = ("call", mine[0])
        if act is None:
            act = self.joker_play(state, rng)
        return act or "pass"

    # -- proposals -----------------------------------------------------------
    def _asks(self, state, p, routes):
        """(new own length, route, card) for cards that lengthen p's polymer, best first."""
        H = state.hands[p]
        base = hand_length(H)
        mine_types = {c // 2 for c in H if not is_joker(c)}
        asks = []
        for direction, distance in routes:
            q = state.partner(p, direction, distance)
            for b in _unique_by_type(state.hands[q]):
                if not any(COMPAT[b // 2, t] for t in mine_types):
                    continue  # a card sharing no window with the hand cannot lengthen it
                Lb = hand_length(H + [b])
                if Lb > base:
                    asks.append((Lb, direction, distance, b))
        asks.sort(key=lambda a: -a[0])
        return asks[: self.max_asks]

    def best_swap(self, state: PolymerState, rng):
        p = state.proposer
        routes = [(d, k) for d in (1, -1) for k in range(1, (state.rules.chain_length if self.chains else 1) + 1)]
        v0 = self.value(state, p, {})
        best, best_gain = [], 0.0
        for _, direction, distance, b in self._asks(state, p, routes):
            q = state.partner(p, direction, distance)
            H2 = state.hands[p] + [b]
            unused = set(_unused_types(_types(H2)))
            gives = [a for a in _unique_by_type(state.hands[p]) if a // 2 in unused] or _unique_by_type(state.hands[p])
            Q = list(state.hands[q])
            Q.remove(b)
            q_before = hand_length(state.hands[q])
            for a in gives:
                mine = list(H2)
                mine.remove(a)
                theirs = Q + [a]
                if hand_length(theirs) < q_before:
                    continue  # the partner would (reasonably) refuse
                gain = self.value(state, p, {p: mine, q: theirs}) - v0
                if gain > best_gain:
                    best, best_gain = [("swap", direction, distance, a, b)], gain
                elif gain == best_gain and gain > 0:
                    best.append(("swap", direction, distance, a, b))
        return best[int(rng.integers(len(best)))] if best else None

    def best_loan(self, state: PolymerState, rng):
        p = state.proposer
        v0 = self.value(state, p, {})
        best, best_gain = [], 0.0
        for _, direction, _distance, b in self._asks(state, p, [(1, 1), (-1, 1)]):
            q = state.partner(p, direction, 1)
            Q = list(state.hands[q])
            Q.remove(b)
            if hand_length(Q) < hand_length(state.hands[q]):
                continue
            gain = self.value(state, p, {p: state.hands[p] + [b], q: Q}) - v0
            if gain > best_gain:
                best, best_gain = [("loan", direction, b)], gain
            elif gain == best_gain and gain > 0:
                best.append(("loan", direction, b))
        return best[int(rng.integers(len(best)))] if best else None

    def joker_play(self, state: PolymerState, rng):
        p = state.proposer
        if not any(is_joker(c) for c in state.hands[p]):
            return None
        return self._joker_choice(state, p, rng)

    def _joker_choice(self, state, p, rng):
        mine = {c // 2 for c in state.hands[p] if not is_joker(c)}
        scores = []
        for direction in (1, -1):
            q = state.partner(p, direction, 1)
            cards = state.hands[q]
            if cards:
                useful = sum(1 for c in cards if not is_joker(c) and any(COMPAT[c // 2, t] for t in mine))
                scores.append((useful / len(cards), direction))
        if scores:
            top = max(s for s, _ in scores)
            dirs = [d for s, d in scores if s == top]
            return ("collide", dirs[int(rng.integers(len(dirs)))])
        return ("absorb",) if state.middle else None


def _hands_after(state: PolymerState, action) -> dict[int, list]:
    """Hands of the seats a pending swap or loan changes, as they would be afterwards."""
    p = state.proposer
    if action[0] == "swap":
        _, direction, distance, give, take = action
        q = state.partner(p, direction, distance)
        mine, theirs = list(state.hands[p]), list(state.hands[q])
        mine.remove(give)
        theirs.remove(take)
        return {p: mine + [take], q: theirs + [give]}
    _, direction, take = action
    q = state.partner(p, direction, 1)
    theirs = list(state.hands[q])
    theirs.remove(take)
    return {p: state.hands[p] + [take], q: theirs}


class NoTradeAgent(TradingAgent):
    """Never trades: passes, rejects, keeps its jokers. The baseline of every gain (any table)."""

    name = "no_trade"
    trades = False

    def step(self, state: State, rng: np.random.Generator):
        if isinstance(state, PolymerState) and state.rules.information != "open":  # it reads no other hand
            if state.phase == "repay":
                return TableAgent().repay(state.observation(state.current_player), state.legal_actions())
            return {"trade": "pass", "respond": "reject", "compose": "withdraw"}[state.phase]
        return super().step(state, rng)

    def joker_play(self, state, rng):
        return None


class SelfishAgent(TradingAgent):
    """V = own longest polymer; see the module docstring."""

    name = "selfish"


class CooperativeAgent(TradingAgent):
    """V = own score L(me) × (L(left) + L(right)); see the module docstring."""

    name = "cooperative"

    def value(self, state, p, hands):
        P = state.rules.players

        def L(x: int) -> int:
            return hand_length(hands.get(x, state.hands[x]))

        return float(L(p) * (L((p - 1) % P) + L((p + 1) % P)))

    def _joker_choice(self, state, p, rng):
        if state.middle:
            return ("absorb",)
        return super()._joker_choice(state, p, rng)


class LoanAgent(CooperativeAgent):
    """Cooperative, plus loans (borrow when no swap helps; call in when idle)."""

    name = "loans"
    loans = True


# ---------------------------------------------------------------------------
# Policies on observations: what a seat sees at a hidden-information table
# ---------------------------------------------------------------------------
def _rank(t: int) -> int:
    """Rank 1..13 of a card type (A = 1, K = 13)."""
    return t % 13 + 1


@lru_cache(maxsize=200_000)
def _wanted_types(types: tuple) -> tuple:
    """The card types that would lengthen the longest polymer of a hand (sorted types), best first."""
    base = _length_of(types)
    gains = []
    for t in range(REGULAR_CARDS // 2):
        if not any(COMPAT[t, u] for u in set(types)):
            continue  # shares no window with the hand
        gain = _length_of(tuple(sorted((*types, t)))) - base
        if gain > 0:
            gains.append((-gain, t))
    return tuple(t for _, t in sorted(gains))


@lru_cache(maxsize=200_000)
def _length_of(types: tuple) -> int:
    return int(solve_types(np.array(types, dtype=np.int64))[0].shape[0])


class TableAgent(Agent):
    """A strategy that acts only on ``state.observation(seat)`` and the legal actions (which under
    hidden information name no card of another hand): it sees its own hand, the public record and
    the wants seats announced. ``L`` is its own longest polymer.

    The default play: on its turn, ask a partner (a neighbour first; one that announced wanting a
    card it can spare, when there is one) for the type that lengthens its polymer most, giving a
    card its polymer does not use; answer an ask by accepting when its own ``L`` does not shrink
    (``tolerance`` cards of shrink allowed for a neighbour, whose length its score counts); let
    trades through as a link; repay with the card whose loss costs least; pass when nothing helps.
    Subclasses change one of these choices, as their names say.

    ``firm_refusals`` (off unless set; the play widgets turn it on, the studies' players keep it off):
    a partner that refused its ask for a type and has moved no card since
    (:func:`~negenlab.polymer.belief.standing_refusals`) is not asked for that type again.
    """

    name = "table"
    tolerance = 0  # cards of its own length it gives up to help a neighbour
    announces = False  # states its wants (revealing) or keeps them to itself (concealing)
    firm_refusals = False  # takes a partner's refusal as final until that partner's hand changes

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name}

    def step(self, state: State, rng: np.random.Generator):
        if not isinstance(state, PolymerState):
            raise InvalidInputError(f"{self.name} plays Polymer tables, not {type(state).__name__}")
        seat = state.current_player
        return self.act(state.observation(seat), state.legal_actions(), state.rules, rng)

    # -- what it sees -------------------------------------------------------------
    @staticmethod
    def hand_types(ob: dict) -> tuple:
        return tuple(sorted(c // 2 for c in ob["hand"] if not is_joker(c)))

    def wanted(self, ob: dict, rules) -> list[int]:
        """Types it asks for, best first."""
        return list(_wanted_types(self.hand_types(ob)))

    def spares(self, ob: dict) -> list[int]:
        """Cards it can give without shortening its polymer (one per type)."""
        unused = set(_unused_types(self.hand_types(ob)))
        return _unique_by_type([c for c in ob["hand"] if not is_joker(c) and c // 2 in unused])

    def keeps(self, card: int, ob: dict) -> bool:
        """Whether it refuses to give ``card`` away whatever the gain (monopolist: its rank)."""
        return False

    # -- acting --------------------------------------------------------------------
    def act(self, ob: dict, legal: list, rules, rng):
        phase = ob["phase"]
        if phase == "respond":
            return self.answer(ob, legal, rules, rng)
        if phase == "repay":
            return self.repay(ob, legal)
        if phase == "compose":
            return "withdraw"
        return self.propose(ob, legal, rules, rng)

    def answer(self, ob: dict, legal: list, rules, rng):
        if legal == ["reject"]:
            return "reject"
        pending = ob["pending"]
        if ob["responders"][-1] != ob["seat"]:
            return "accept"  # a link: its hand does not change
        kind = pending[0]
        mine = [c for c in ob["hand"] if not is_joker(c)]
        if kind in ("ask", "borrow"):  # hidden information: it hands over a card of the asked type
            give = min(c for c in mine if c // 2 == pending[-1])
        elif kind in ("swap", "loan"):  # open information: the card is named
            give = pending[-1]
        elif kind == "deal":
            return self.answer_deal(ob, legal, pending[1])
        else:
            return "reject"
        if self.keeps(give, ob):
            return "reject"
        after = list(mine)
        after.remove(give)
        if kind in ("ask", "swap"):
            after.append(pending[3])
        before = _length_of(self.hand_types(ob))
        shrink = before - _length_of(tuple(sorted(c // 2 for c in after)))
        allowed = self.shrink_allowed(ob["seat"], ob["proposer"], len(ob["hand_sizes"])) if kind == "ask" else 0
        return "accept" if shrink <= allowed and "accept" in legal else "reject"

    def shrink_allowed(self, seat: int, proposer: int, seats: int, tokens: int = 0) -> int:
        """Cards of its own length it gives up for a trade ``proposer`` asks: its ``tolerance`` when
        the proposer is a neighbour (whose length its score counts), plus one per token offered."""
        neighbour = proposer in ((seat - 1) % seats, (seat + 1) % seats)
        return (self.tolerance if neighbour else 0) + tokens

    def answer_deal(self, ob: dict, legal: list, deal: tuple) -> str:
        """A composed trade: accept when its own length shrinks by no more than its tolerance (for a
        neighbour) plus one card per token offered; it never lends without being asked to."""
        trade, _d, _k, give, take, sweeten, ask_tokens = deal
        if "accept" not in legal or trade != "swap" or ask_tokens:
            return "reject"
        mine = [c for c in ob["hand"] if not is_joker(c)]
        after = list(mine)
        for t in take:  # under hidden information a type; under open a card
            card = min(c for c in after if (c // 2 == t if ob.get("hands") is None else c == t))
            after.remove(card)
        after += list(give)
        shrink = _length_of(self.hand_types(ob)) - _length_of(tuple(sorted(c // 2 for c in after)))
        allowed = self.shrink_allowed(ob["seat"], ob["proposer"], len(ob["hand_sizes"]), sweeten)
        return "accept" if shrink <= allowed else "reject"

    def repay(self, ob: dict, legal: list):
        best, best_len = legal[0], -1
        types = self.hand_types(ob)
        for act in legal:
            card = act[1]
            rest = list(types)
            if not is_joker(card):
                rest.remove(card // 2)
            length = _length_of(tuple(rest))
            if length > best_len:
                best, best_len = act, length
        return best

    def propose(self, ob: dict, legal: list, rules, rng):
        if self.announces:
            said = set(ob["wants"][ob["seat"]])
            new = [t for t in self.wanted(ob, rules)[:3] if t not in said and ("announce", t) in legal]
            if new:
                return ("announce", new[0])
        spares = [c for c in self.spares(ob) if not self.keeps(c, ob)]
        wanted = self.wanted(ob, rules)
        if not spares or not wanted:
            return "pass"
        seats = len(ob["hand_sizes"])
        routes = [(d, k) for k in range(1, rules.chain_length + 1) for d in (1, -1)]
        hidden = rules.information == "hidden"
        if not hidden:  # every hand is open: ask the nearest seat holding a wanted type
            for t in wanted[:3]:
                for d, k in routes:
                    q = (ob["seat"] + d * k) % seats
                    held = [c for c in ob["hands"][q] if not is_joker(c) and c // 2 == t]
                    if held:
                        act = ("swap", d, k, spares[int(rng.integers(len(spares)))], min(held))
                        if act in legal:
                            return act
            return "pass"
        refused = self.refusals(ob)
        # a partner that said it wants one of its spares is the likeliest to deal
        for d, k in routes:
            q = (ob["seat"] + d * k) % seats
            if wanted[0] in refused.get(q, ()):
                continue
            for c in spares:
                act = ("ask", d, k, c, wanted[0])
                if c // 2 in ob["wants"][q] and act in legal:
                    return act
        if refused:  # only the neighbours and types no standing refusal rules out
            options = [
                (d, t) for d in (1, -1) for t in wanted[:3] if t not in refused.get((ob["seat"] + d) % seats, ())
            ]
            if not options:
                return "pass"
            d, t = options[int(rng.integers(len(options)))]
        else:
            d = 1 if rng.random() < 0.5 else -1
            t = wanted[int(rng.integers(min(3, len(wanted))))]
        act = ("ask", d, 1, spares[int(rng.integers(len(spares)))], t)
        return act if act in legal else "pass"

    def refusals(self, ob: dict) -> dict[int, frozenset[int]]:
        """The types each partner refused it and still would (with ``firm_refusals``; else none)."""
        return standing_refusals(ob) if self.firm_refusals else {}


class TableCooperative(TableAgent):
    """Helps a neighbour at the cost of one card of its own length (its score counts theirs)."""

    name = "cooperative"
    tolerance = 1


class TableSelfish(TableAgent):
    """Accepts only what keeps its own length."""

    name = "selfish"


class Concealing(TableCooperative):
    """Cooperative, and never says what it wants (the source: "don't reveal your plans")."""

    name = "concealing"


class Revealing(TableCooperative):
    """Cooperative, and says the types it wants (three at a time) before it asks."""

    name = "revealing"
    announces = True


class Monopolist(TableCooperative):
    """Collects the rank it holds most of and never gives a card of it away (the source: "form a
    monopoly"); it asks for that rank first."""

    name = "monopolist"

    def _rank_held(self, ob: dict) -> int:
        counts: dict[int, int] = {}
        for t in self.hand_types(ob):
            counts[_rank(t)] = counts.get(_rank(t), 0) + 1
        return max(sorted(counts), key=lambda r: counts[r]) if counts else 0

    def keeps(self, card: int, ob: dict) -> bool:
        return _rank(card // 2) == self._rank_held(ob)

    def wanted(self, ob: dict, rules) -> list[int]:
        rank = self._rank_held(ob)
        same = [t for t in range(REGULAR_CARDS // 2) if _rank(t) == rank]
        rest = super().wanted(ob, rules)
        return [t for t in same if t in rest] + [t for t in rest if _rank(t) != rank]


class Halting(TableCooperative):
    """Cooperative until ``after_minutes`` of table time, then stops trading: passes and refuses
    everything (the source's "crucial moment")."""

    name = "halting"
    after_minutes = 5.0

    def act(self, ob: dict, legal: list, rules, rng):
        if ob["clock"] >= 60 * self.after_minutes and ob["phase"] in ("trade", "respond"):
            return "pass" if ob["phase"] == "trade" else ("accept" if ob["responders"][-1] != ob["seat"] else "reject")
        return super().act(ob, legal, rules, rng)


@lru_cache(maxsize=200_000)
def _pieces(types: tuple) -> frozenset:
    """The types of a hand (sorted types) that lie in some valid window of three of its cards (a
    group: three suits of a rank; a run: three ranks in a row of one suit, K-A-2 allowed): the short
    pieces a hand holds, joined into a polymer or not.

    >>> sorted(_pieces((0, 1, 2, 20)))      # A, 2, 3 of spades run; 8 of hearts alone
    [0, 1, 2]
    """
    held = set(types)
    inside = set()
    for t in held:
        suit, rank = divmod(t, 13)
        if len({s for s in range(4) if s * 13 + rank in held}) >= 3:
            inside.add(t)
            continue
        for start in (rank - 2, rank - 1, rank):
            if all(suit * 13 + (start + i) % 13 in held for i in range(3)):
                inside.add(t)
                break
    return frozenset(inside)


class OptionsOpen(TableCooperative):
    """Keeps its options open (the source): it builds short pieces that can be connected later,
    asking first for the types that put the most of its cards into some valid window, whether or not
    its polymer grows now, and it gives only cards in no window at all."""

    name = "options_open"

    def wanted(self, ob: dict, rules) -> list[int]:
        types = self.hand_types(ob)
        base = len(_pieces(types))
        gains = []
        for t in range(REGULAR_CARDS // 2):
            if any(COMPAT[t, u] for u in set(types)):
                gain = len(_pieces(tuple(sorted((*types, t))))) - base
                if gain > 0:
                    gains.append((-gain, t))
        return [t for _, t in sorted(gains)] or super().wanted(ob, rules)

    def spares(self, ob: dict) -> list[int]:
        inside = _pieces(self.hand_types(ob))
        loose = [c for c in ob["hand"] if not is_joker(c) and c // 2 not in inside]
        return _unique_by_type(loose) or super().spares(ob)


class BoundaryAvoiding(TableCooperative):
    """Avoids becoming a phase boundary (the source): it gives up to two cards of its own length to
    help a neighbour keep up, since a neighbour far behind costs it most."""

    name = "boundary_avoiding"
    tolerance = 2


class Spoiler(TableCooperative):
    """Acts on "it is best for you if your 2nd degree neighbors fail": as a link it lets through no
    trade that reaches a seat two away, and it refuses their asks."""

    name = "spoiler"

    def answer(self, ob: dict, legal: list, rules, rng):
        seats = len(ob["hand_sizes"])
        second = {(ob["seat"] + 2) % seats, (ob["seat"] - 2) % seats}
        pending = ob["pending"]
        if pending[0] == "deal":  # a composed trade: (kind, direction, distance, ...)
            d, k = pending[1][1], pending[1][2]
        else:
            d, k = pending[1], (pending[2] if pending[0] in ("ask", "swap") else 1)
        partner = (ob["proposer"] + d * k) % seats
        if ob["proposer"] in second or partner in second:
            return "reject"
        return super().answer(ob, legal, rules, rng)


class Borrower(TableCooperative):
    """Borrows (the source's loans): when no ask of a wanted type finds a partner's spare card, it
    borrows that type from a neighbour, and it calls in its own loans when idle."""

    name = "borrower"

    def propose(self, ob: dict, legal: list, rules, rng):
        mine = [d for (lender, d, _) in ob["loans"] if lender == ob["seat"]]
        wanted = self.wanted(ob, rules)
        if wanted and rules.information == "hidden" and rng.random() < 0.5:
            d = 1 if rng.random() < 0.5 else -1
            act = ("borrow", d, wanted[0])
            if act in legal and wanted[0] not in self.refusals(ob).get((ob["seat"] + d) % len(ob["hand_sizes"]), ()):
                return act
        act = super().propose(ob, legal, rules, rng)
        if act == "pass" and mine and ("call", mine[0]) in legal:
            return ("call", mine[0])
        return act


class Sweetener(TableCooperative):
    """Offers a good-faith token with every ask (the source: tokens "as additional incentives"): it
    composes the trade (its spare card, the type it wants, one token) while it holds tokens, and
    asks plainly once they are gone. Tables need tokens (``Rules.good_faith_tokens``)."""

    name = "sweetener"

    def propose(self, ob: dict, legal: list, rules, rng):
        if ob["tokens"][ob["seat"]] > 0 and rules.information == "hidden":
            spares = self.spares(ob)
            wanted = self.wanted(ob, rules)
            if spares and wanted:
                d = 1 if rng.random() < 0.5 else -1
                act = ("compose", "swap", d, 1)
                refused = self.refusals(ob).get((ob["seat"] + d) % len(ob["hand_sizes"]), ())
                if act in legal and wanted[0] not in refused:
                    return act
        return super().propose(ob, legal, rules, rng)

    def act(self, ob: dict, legal: list, rules, rng):
        if ob["phase"] != "compose":
            return super().act(ob, legal, rules, rng)
        draft = ob["draft"]
        spares, wanted = self.spares(ob), self.wanted(ob, rules)
        steps: list[tuple[bool, tuple]] = [(not draft["sweeten"], ("sweeten",))]
        if spares:
            steps.insert(0, (not draft["give"], ("give", spares[0])))
        if wanted:
            steps.insert(1, (not draft["take"], ("want", wanted[0])))
        for needed, step in steps:
            if needed and step in legal:
                return step
        return "send" if "send" in legal else "withdraw"


class Bundler(TableCooperative):
    """Trades several cards at once (``Rules.max_cards`` allows up to 3 a side): on half its
    proposal turns, when it wants two types or more and can spare two cards or more, it composes a
    swap of two of its spares for its two best wanted types (at an open table, two named cards of a
    neighbour holding both) with a neighbour; otherwise it plays as the cooperative seat."""

    name = "bundler"
    size = 2

    def _bundle(self, ob: dict, rules) -> tuple[list[int], list[int]] | None:
        spares = [c for c in self.spares(ob) if not self.keeps(c, ob)]
        wanted = self.wanted(ob, rules)
        k = min(self.size, rules.max_cards)
        if k < 2 or len(spares) < k or len(wanted) < k:
            return None
        return spares[:k], wanted[:k]

    @staticmethod
    def _held(ob: dict, seat: int, types: list[int]) -> list[int] | None:
        """At an open table, the cards of ``types`` that ``seat`` holds (one each), if it holds them all."""
        cards = []
        for t in types:
            held = [c for c in ob["hands"][seat] if not is_joker(c) and c // 2 == t]
            if not held:
                return None
            cards.append(min(held))
        return cards

    def propose(self, ob: dict, legal: list, rules, rng):
        bundle = self._bundle(ob, rules) if rng.random() < 0.5 else None
        if bundle is not None:
            seats = len(ob["hand_sizes"])
            directions = [1, -1] if rng.random() < 0.5 else [-1, 1]
            for d in directions:
                q = (ob["seat"] + d) % seats
                if rules.information == "open" and self._held(ob, q, bundle[1]) is None:
                    continue
                if set(bundle[1]) & self.refusals(ob).get(q, frozenset()):
                    continue
                if ("compose", "swap", d, 1) in legal:
                    return ("compose", "swap", d, 1)
        return super().propose(ob, legal, rules, rng)

    def act(self, ob: dict, legal: list, rules, rng):
        if ob["phase"] != "compose":
            return super().act(ob, legal, rules, rng)
        draft, bundle = ob["draft"], self._bundle(ob, rules)
        if bundle is None:
            return "withdraw"
        give, want = bundle
        if rules.information == "open":
            q = (ob["seat"] + draft["direction"] * draft["distance"]) % len(ob["hand_sizes"])
            take = self._held(ob, q, want)
            if take is None:
                return "withdraw"
            steps = [("give", c) for c in give] + [("take", c) for c in take]
        else:
            steps = [("give", c) for c in give] + [("want", t) for t in want]
        for step in steps:
            if step[1] not in (draft["give"] if step[0] == "give" else draft["take"]) and step in legal:
                return step
        return "send" if "send" in legal else "withdraw"


class SearchTrader(TableCooperative):
    """A search over a pruned set of offers on hidden information: for each candidate (pass, and the
    asks of its best wanted types for its spare cards, to every partner it may reach) it deals the
    cards it has not seen to the other hands by their sizes (``playouts`` times), lets the partner
    answer as a cooperative seat would in that deal, and scores the result by its own score
    L(me) x (L(left) + L(right)); it plays the candidate with the best mean (determinized flat Monte
    Carlo, one ply: the partner's answer). Answers, repayments and links: as the cooperative seat.

    It reads the table only through its seat's observation and the public facts a clone carries
    (the turn, clock, loans, wants); the hidden hands of the clone are dealt again before any look.
    """

    name = "search"

    def __init__(self, playouts: int = 24, offers: int = 12):
        self.playouts = int(playouts)
        self.offers = int(offers)

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "playouts": self.playouts, "offers": self.offers}

    def step(self, state: State, rng: np.random.Generator):
        if not isinstance(state, PolymerState):
            raise InvalidInputError(f"{self.name} plays Polymer tables, not {type(state).__name__}")
        seat = state.current_player
        ob, legal = state.observation(seat), state.legal_actions()
        if ob["phase"] != "trade" or state.rules.information != "hidden":
            return self.act(ob, legal, state.rules, rng)
        spares = [c for c in self.spares(ob) if not self.keeps(c, ob)]
        wanted = self.wanted(ob, state.rules)
        routes = [(d, k) for k in range(1, state.rules.chain_length + 1) for d in (1, -1)]
        offers = [("ask", d, k, c, t) for t in wanted[:4] for c in spares[:3] for d, k in routes]
        offers = [a for a in offers if a in legal][: self.offers]
        if not offers:
            return "pass"
        seen = set(ob["hand"])
        unseen = [c for c in range(JOKER_BASE) if c not in seen]
        seats = state.rules.players
        others = [p for p in range(seats) if p != seat]
        totals = np.zeros(len(offers) + 1)
        for _ in range(self.playouts):
            deal = list(rng.permutation(unseen))
            hands: dict[int, list] = {seat: list(ob["hand"])}
            for p in others:
                k = ob["hand_sizes"][p]
                hands[p], deal = [int(c) for c in deal[:k]], deal[k:]
            totals[0] += self._score(hands, seat, seats)
            for i, (_, d, k, give, t) in enumerate(offers, start=1):
                q = (seat + d * k) % seats
                have = [c for c in hands[q] if c // 2 == t]
                after = dict(hands)
                if have and self._partner_accepts(hands[q], have[0], give, q, seat, seats):
                    mine = [c for c in hands[seat] if c != give] + [have[0]]
                    theirs = [c for c in hands[q] if c != have[0]] + [give]
                    after[seat], after[q] = mine, theirs
                totals[i] += self._score(after, seat, seats)
        best = int(np.argmax(totals))
        return "pass" if best == 0 else offers[best - 1]

    @staticmethod
    def _score(hands: dict[int, list], seat: int, seats: int) -> float:
        return float(
            hand_length(hands[seat]) * (hand_length(hands[(seat - 1) % seats]) + hand_length(hands[(seat + 1) % seats]))
        )

    def _partner_accepts(self, hand: list, card: int, give: int, q: int, seat: int, seats: int) -> bool:
        """Whether a cooperative partner holding ``hand`` hands over ``card`` for ``give``."""
        shrink = hand_length(hand) - hand_length([c for c in hand if c != card] + [give])
        return shrink <= TableCooperative().shrink_allowed(q, seat, seats)


TABLE_POLICIES = {
    "cooperative": TableCooperative,
    "selfish": TableSelfish,
    "concealing": Concealing,
    "revealing": Revealing,
    "monopolist": Monopolist,
    "halting": Halting,
    "options_open": OptionsOpen,
    "boundary_avoiding": BoundaryAvoiding,
    "spoiler": Spoiler,
    "borrower": Borrower,
    "sweetener": Sweetener,
    "bundler": Bundler,
}
"""Strategies that act on observations only (any information model); ``cooperative`` and
``selfish`` play these at hidden-information tables."""


HIDDEN_TWINS = {"loans": "borrower"}
"""Policies of the open model whose twin at a hidden table has another name."""

POLICIES = {"no_trade": NoTradeAgent, "selfish": SelfishAgent, "cooperative": CooperativeAgent, "loans": LoanAgent}


def _policy_factory(cls: type[Agent]) -> AgentFactory:
    def make(spec: AgentSpec) -> Agent:
        if spec.simulations is not None or spec.seconds is not None:
            raise AgentSpecError(f"agent {str(spec)!r}: the trading policy {spec.name} takes no budget")
        return cls()

    return make


# the trading policies by name, for the game's registry entry (``negenlab.polymer.ENTRY``)
AGENTS: dict[str, AgentFactory] = {name: _policy_factory(cls) for name, cls in POLICIES.items()}
AGENTS.update({name: _policy_factory(cls) for name, cls in TABLE_POLICIES.items() if name not in POLICIES})


def _search_factory(spec: AgentSpec) -> Agent:
    """``search`` or ``search:N`` (N playouts a decision; ``seconds`` budgets are not taken)."""
    if spec.seconds is not None:
        raise AgentSpecError(f"agent {str(spec)!r}: the search trader takes a playout count, search:N")
    return SearchTrader(playouts=spec.simulations or 24)


AGENTS["search"] = _search_factory
