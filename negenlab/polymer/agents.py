"""Trading policies for the Polymer table (agents on the core protocol).

These are *models* of how people trade, written so the simulation can be read and
criticised. Every agent sees all hands (open information), computes longest polymers
exactly, and moves one card per trade. ``L(x)`` is the length of seat x's longest
polymer; ``V`` is the quantity the policy protects:

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

from .game import JOKER_BASE, PolymerState, hand_length, is_joker
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
            raise InvalidInputError(
                f"the {self.name} policy reads every hand, so it plays information='open' tables only "
                f"(this table is {state.rules.information!r}; the core's random agent plays both)"
            )
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
    """Never trades: passes, rejects, keeps its jokers. The baseline of every gain."""

    name = "no_trade"
    trades = False

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


POLICIES = {"no_trade": NoTradeAgent, "selfish": SelfishAgent, "cooperative": CooperativeAgent, "loans": LoanAgent}


def _policy_factory(cls: type[TradingAgent]) -> AgentFactory:
    def make(spec: AgentSpec) -> Agent:
        if spec.simulations is not None or spec.seconds is not None:
            raise AgentSpecError(f"agent {str(spec)!r}: the trading policy {spec.name} takes no budget")
        return cls()

    return make


# the trading policies by name, for the game's registry entry (``negenlab.polymer.ENTRY``)
AGENTS: dict[str, AgentFactory] = {name: _policy_factory(cls) for name, cls in POLICIES.items()}
