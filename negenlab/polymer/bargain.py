"""Players who bargain at the table as played: hidden hands, the 10-minute clock, trades of several cards.

What a bargaining seat sees is its seat's observation and nothing else (``state.observation(seat)``:
its own hand, every hand's size, the public record of who traded how many cards with whom, the wants
seats announced, and its memory of the offers it took part in). From that it keeps a
:class:`~negenlab.polymer.belief.Belief` over the hands it cannot see and draws ``samples`` deals of
the unseen cards consistent with it. Every choice is the same function of the observation (its random
draws are seeded by what the seat saw), so changing another seat's hidden cards with everything
public unchanged never changes a decision (tested).

**Valuation.** A seat values a table by the score rule, exactly: ``V = L(me) x (L(left) + L(right))``
with ``L`` the exact longest polymer (``negenlab.polymer.solver``), so a trade's value includes what it
does to the neighbours' polymers; the strategies of the designer's advice add a term to ``V``
(:class:`Bargainer` ``bonus``). An offer's worth to the proposer is its mean gain in ``V`` over the
sampled deals, counting a deal only where the partner holds the types asked for, would gain by its own
``V`` (a partner that said it wants a card offered counts as gaining) and every link of the chain would
not lose.

**Offers.** Swaps of k cards for k (k up to ``Rules.max_cards``): the card types whose taking
lengthens its polymer (alone, or in pairs and triples that lengthen it more than their parts), for the
cards its longest polymer would leave out, choosing the spares the partner is likeliest to want (the
types it asked for or announced first); loans (borrowing a type from a neighbour, owing a card the
borrower picks later); a good-faith token as a side payment where the partner would otherwise lose a
little; calling its loans in when the card it would get back is worth more than its best offer.
A :class:`Broker` also trades with seats farther round the table, through the chain of neighbours
(each link consenting, refusing or asking a token as a toll), and counters: it offers a seat whose
offer it refused, or who announced what it wants, the types that seat asked for. It passes when no
offer is worth more than ``min_gain`` points (a pass costs the table less time than a hopeless ask).

**Answers.** A partner accepts when its mean change in ``V`` over the sampled deals, plus a token's
worth per token offered, is not negative (``permits``; a refusing seat asks for a strict gain); a link
accepts when the trade does not lower its ``V`` (at distance 2 both parties are its neighbours), asks a
toll when it would lose less than a token's worth, and refuses otherwise.

**The search rung** (:class:`SearchBargainer`, ``lookahead``): at its proposal turns it takes the
broker's four best offers and passing, and for each plays the table forward on determinized deals (the
unseen cards dealt from its belief, nothing of the true hidden hands kept): the offer, the answers, then
a round of proposal turns of every seat, all played by :func:`quick_turn` (a seat asks a neighbour for a
card it wants, as a cooperative seat would); it makes the offer whose table ends with the best mean
score for it (the same deals and random draws for every offer). Answers and the rest are the broker's.

>>> import numpy as np
>>> from negenlab.core import simulate
>>> from negenlab.polymer.game import PolymerGame
>>> from negenlab.polymer.rules import Rules
>>> game = PolymerGame(Rules(players=5, minutes=3))
>>> df = simulate(game, [Broker() for _ in range(5)], n_games=1, seed=3, backend="serial", progress=False)
>>> bool(df.loc[0, "trades"] > 0 and df.loc[0, "len_gain_mean"] > 0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from negenlab.core.agents import Agent
from negenlab.core.errors import InvalidInputError
from negenlab.core.game import State
from negenlab.core.registry import AgentFactory, AgentSpec, AgentSpecError

from .agents import TableAgent, _pieces, _rank, _unused_types
from .belief import CARD_TYPES, Belief
from .game import JOKER_BASE, PolymerGame, PolymerState, _length_of_types, is_boundary, is_joker
from .rules import Rules
from .solver import COMPAT

L = _length_of_types
"""The exact longest polymer of a sorted tuple of card types (memoised)."""

_NEIGHBOURS = [np.flatnonzero(COMPAT[t]).tolist() for t in range(CARD_TYPES)]


def without(hand: tuple, types: Sequence[int]) -> tuple | None:
    """``hand`` (sorted types) less one card of each of ``types``, or None when it lacks one.

    >>> without((1, 2, 2, 5), (2, 5)), without((1, 2), (3,))
    ((1, 2), None)
    """
    rest = list(hand)
    for t in types:
        if t not in rest:
            return None
        rest.remove(t)
    return tuple(rest)


def joined(hand: tuple, types: Sequence[int]) -> tuple:
    """``hand`` (sorted types) with ``types`` added, sorted."""
    return tuple(sorted((*hand, *types)))


@lru_cache(maxsize=50_000)
def take_sets(hand: tuple, most: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The card types worth asking for, as (types, gain in own length), best first: every single type
    that lengthens the longest polymer of ``hand``, and (``most`` >= 2, 3) the pairs and triples that
    lengthen it more than any part of them does.

    >>> take_sets((0, 1, 3), 1)[:2]  # A, 2, 4 of spades: the 3 of spades joins them, K or 5 adds a run
    (((2,), 4), ((12,), 3))
    """
    base = L(hand)
    near = sorted({u for t in set(hand) for u in _NEIGHBOURS[t]})
    single = {t: L(joined(hand, (t,))) - base for t in near}
    out: list[tuple[tuple[int, ...], int]] = [((t,), g) for t, g in single.items() if g > 0]
    if most >= 2:
        best = sorted((t for t, g in single.items() if g > 0), key=lambda t: -single[t])[:8]
        tried = {tuple(sorted((t, u))) for t in near for u in (*_NEIGHBOURS[t], t)}  # a new piece with the hand
        tried |= {tuple(sorted((t, u))) for t in best for u in best}  # two cards that help alone
        pairs = []
        for t, u in sorted(tried):
            g = L(joined(hand, (t, u))) - base
            if g > max(single.get(t, 0), single.get(u, 0)):
                pairs.append(((t, u), g))
        pairs.sort(key=lambda x: (-x[1], x[0]))
        out += pairs[:6]
        if most >= 3:
            triples = {}
            for (t, u), g in pairs[:4]:
                for v in sorted({w for x in (t, u) for w in _NEIGHBOURS[x]} | set(best)):
                    key = tuple(sorted((t, u, v)))
                    if key not in triples:
                        g3 = L(joined(hand, key)) - base
                        if g3 > g:
                            triples[key] = g3
            out += sorted(triples.items(), key=lambda x: (-x[1], x[0]))[:3]
    out.sort(key=lambda x: (-x[1], len(x[0]), x[0]))
    return tuple(out)


@dataclass(frozen=True)
class Offer:
    """A trade a seat may propose: ``kind`` swap or loan, to the seat ``distance`` seats away in
    ``direction``, giving physical cards ``give`` and asking card types ``take``, with ``sweeten``
    tokens; ``worth``: its expected gain to the proposer (points of its ``V``)."""

    kind: str
    direction: int
    distance: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    sweeten: int = 0
    worth: float = 0.0


@dataclass(frozen=True)
class Seen:
    """What a decision reads, from one observation: the seat, the table, its hand as card types, its
    belief and the deals drawn from it."""

    seat: int
    seats: int
    rules: Rules
    ob: dict
    hand: tuple[int, ...]
    belief: Belief
    deals: list[list[tuple[int, ...]]]

    def neighbours(self, seat: int) -> tuple[int, int]:
        return (seat - 1) % self.seats, (seat + 1) % self.seats


def _seed(ob: dict, salt: int) -> np.random.Generator:
    """The random draws of one decision, seeded by what the seat saw (the same observation, the same draws)."""
    return np.random.default_rng(
        [salt, int(ob["seat"]), int(ob["turn"]), len(ob["public"]), len(ob["seen"]), *ob.get("start_hand", ())]
    )


def _pending_offer(ob: dict) -> tuple[str, int, int, tuple, tuple, int, int]:
    """The proposal being answered as (kind, direction, distance, give, take, sweeten, ask_tokens)."""
    pending = ob["pending"]
    if pending[0] == "deal":
        return pending[1]
    if pending[0] in ("ask", "swap"):
        _, d, k, give, take = pending
        return ("swap", d, k, (give,), (take,), 0, 0)
    _, d, take = pending  # ("borrow", direction, type) or ("loan", direction, card)
    return ("loan", d, 1, (), (take,), 0, 0)


class Bargainer(TableAgent):
    """A seat that bargains with its neighbours on what it believes of the hidden hands (see the
    module docstring): k-for-k swaps and loans it believes both sides gain from, tokens as side
    payments, calling in loans. Switches (class attributes, set by the strategies below):

    ``chains`` trades with seats beyond the neighbours (:class:`Broker`); ``counters`` offers seats
    what they asked for; ``borrows`` asks for loans; ``most_cards`` the most cards a side (capped by
    the Rules); ``permits`` accepts trades that do not lower its ``V`` (else only strict gains);
    ``announces`` says what it wants; ``halt_minutes`` stops trading after that much table time;
    ``firm_refusals`` (off unless set: the play widgets turn it on, the studies' players keep it off) takes
    a partner's refusal at its word (:func:`~negenlab.polymer.belief.standing_refusals`): its belief
    leaves that partner no card of the refused types, and it offers that partner no trade asking for them,
    until the partner's hand changes.
    """

    name = "bargainer"
    samples = 8
    shortlist = 8  # offers valued on every sampled deal (the rest are ranked by a cheap bound)
    chains = False
    counters = False
    borrows = True
    most_cards = 3
    permits = True
    announces = False
    halt_minutes: float | None = None
    token_value = 3.0  # points of V a good-faith token is worth to it (tokens only break ties)
    min_gain = 0.5  # an offer must be worth more than this (points of V) to be made

    def __init__(self) -> None:
        self._plans: dict[tuple, Any] = {}

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "samples": self.samples}

    # -- what it sees ---------------------------------------------------------------------------
    def step(self, state: State, rng: np.random.Generator):
        if not isinstance(state, PolymerState):
            raise InvalidInputError(f"{self.name} plays Polymer tables, not {type(state).__name__}")
        seat = state.current_player
        return self.act(state.observation(seat), state.legal_actions(), state.rules, rng)

    def seen(self, ob: dict, rules: Rules, salt: int) -> Seen:
        """The seat's view for one decision: its belief and ``samples`` deals drawn from it (at an open
        table the one true deal)."""
        hand = tuple(sorted(c // 2 for c in ob["hand"] if not is_joker(c)))
        belief = Belief.of(ob, rules, firm_refusals=self.firm_refusals)
        if ob.get("hands") is not None:
            deals = [[tuple(sorted(c // 2 for c in h if not is_joker(c))) for h in ob["hands"]]]
        else:
            deals = belief.sample(_seed(ob, salt), self.samples)
        return Seen(int(ob["seat"]), len(ob["hand_sizes"]), rules, ob, hand, belief, deals)

    # -- valuation ---------------------------------------------------------------------------------
    def value(self, v: Seen, world: Sequence[tuple]) -> float:
        """Its ``V`` of a deal ``world`` (every seat's card types): own length times the neighbours'
        lengths, plus its strategy's :meth:`bonus`."""
        left, right = v.neighbours(v.seat)
        return L(world[v.seat]) * (L(world[left]) + L(world[right])) + self.bonus(v, world)

    def bonus(self, v: Seen, world: Sequence[tuple]) -> float:
        """What its strategy adds to the score rule (nothing for the plain bargainer)."""
        return 0.0

    @staticmethod
    def plain_value(seat: int, world: Sequence[tuple], seats: int) -> float:
        """The score rule's ``V`` of any seat: how it models another seat's answer."""
        return L(world[seat]) * (L(world[(seat - 1) % seats]) + L(world[(seat + 1) % seats]))

    def keeps(self, card: int, ob: dict) -> bool:
        return False

    def halted(self, ob: dict) -> bool:
        return self.halt_minutes is not None and ob["clock"] >= 60 * self.halt_minutes

    # -- acting --------------------------------------------------------------------------------------
    def act(self, ob: dict, legal: list, rules, rng):
        phase = ob["phase"]
        if phase == "respond":
            if self.halted(ob):
                return "accept" if ob["responders"][-1] != ob["seat"] and "accept" in legal else "reject"
            return self.answer(ob, legal, rules, rng)
        if phase == "repay":
            return self.repay(ob, legal)
        if phase == "compose":
            return self.compose_step(ob, legal, rules)
        if self.halted(ob):
            return "pass"
        return self.propose(ob, legal, rules, rng)

    def repay(self, ob: dict, legal: list):
        """Returns the card whose loss lowers its own length least (a card it keeps, last)."""
        hand = tuple(sorted(c // 2 for c in ob["hand"] if not is_joker(c)))
        best, best_key = legal[0], None
        for act in legal:
            card = act[1]
            rest = without(hand, (card // 2,)) if not is_joker(card) else hand
            assert rest is not None
            key = (L(rest), not self.keeps(card, ob), -card)
            if best_key is None or key > best_key:
                best, best_key = act, key
        return best

    # -- proposing ------------------------------------------------------------------------------------
    def plan(self, ob: dict, rules: Rules) -> tuple[Offer | None, Seen]:
        """Its best offer now (None: nothing worth the table's time), remembered for the steps of
        composing it."""
        key = (ob["seat"], ob["turn"], len(ob["public"]), len(ob["seen"]), ob["hand"], ob.get("start_hand"))
        if key in self._plans:
            return self._plans[key]
        v = self.seen(ob, rules, salt=1)
        offers = self.offers(v)
        best = max(offers, key=lambda o: (o.worth, -len(o.give), o.take, o.give), default=None)
        result = (best if best is not None and best.worth > self.min_gain else None), v
        if len(self._plans) > 64:
            self._plans.clear()
        self._plans[key] = result
        return result

    def propose(self, ob: dict, legal: list, rules, rng):
        if self.announces:
            said = set(ob["wants"][ob["seat"]])
            hand = tuple(sorted(c // 2 for c in ob["hand"] if not is_joker(c)))
            for types, _ in take_sets(hand, 1)[:2]:
                if types[0] not in said and ("announce", types[0]) in legal:
                    return ("announce", types[0])
        offer, v = self.plan(ob, rules)
        call, worth = self.call_worth(v, legal)
        if call is not None and worth > max(self.min_gain, offer.worth if offer is not None else 0.0):
            return call
        if offer is None:
            return "pass"
        return self.first_step(offer, legal, rules)

    @staticmethod
    def first_action(offer: Offer, rules: Rules) -> tuple:
        """The action that makes ``offer``: a one-card ask or borrow, else composing the trade."""
        if offer.sweeten == 0 and len(offer.take) == 1:
            if offer.kind == "swap" and len(offer.give) == 1:
                return ("ask", offer.direction, offer.distance, offer.give[0], offer.take[0])
            if offer.kind == "loan" and not offer.give:
                return ("borrow", offer.direction, offer.take[0])
        return ("compose", offer.kind, offer.direction, offer.distance)

    def first_step(self, offer: Offer, legal: list, rules: Rules):
        """:meth:`first_action` when it is legal now (else pass)."""
        act = self.first_action(offer, rules)
        return act if act in legal else "pass"

    def compose_step(self, ob: dict, legal: list, rules: Rules):
        """The next step of composing its planned offer (give, want, sweeten, then send)."""
        offer, _ = self.plan(ob, rules)
        draft = ob["draft"]
        if (
            offer is None
            or draft is None
            or (draft["direction"], draft["distance"])
            != (
                offer.direction,
                offer.distance,
            )
        ):
            return "withdraw"
        steps: list[tuple] = [("give", c) for c in offer.give if c not in draft["give"]]
        taken = list(draft["take"])
        for t in offer.take:
            if t in taken:
                taken.remove(t)
            else:
                steps.append(("want", t))
        steps += [("sweeten",)] * max(0, offer.sweeten - draft["sweeten"])
        for step in steps:
            return step if step in legal else "withdraw"
        return "send" if "send" in legal else "withdraw"

    def call_worth(self, v: Seen, legal: list) -> tuple[tuple | None, float]:
        """Calling in its oldest loan, and what that is worth to it: the debtor hands back a card its own
        polymer leaves out, so the mean gain in its ``V`` from such a card over the sampled deals."""
        calls = [a for a in legal if isinstance(a, tuple) and a[0] == "call"]
        if not calls:
            return None, 0.0
        debtor = calls[0][1]
        base = L(v.hand)
        gains = []
        for world in v.deals:
            spare = _unused_types(world[debtor]) or world[debtor]
            gains.append(float(np.mean([L(joined(v.hand, (t,))) - base for t in spare])) if spare else 0.0)
        left, right = v.neighbours(v.seat)
        nsum = float(np.mean([L(w[left]) + L(w[right]) for w in v.deals]))
        return calls[0], float(np.mean(gains)) * nsum

    def idle(self, v: Seen, legal: list):
        """With no offer worth making: call a loan in when the card it would get back is worth the
        table time (:meth:`call_worth`), else pass."""
        call, worth = self.call_worth(v, legal)
        return call if call is not None and worth > self.min_gain else "pass"

    def partners(self, v: Seen) -> list[tuple[int, int]]:
        """(direction, distance) of the seats it may trade with: its neighbours, and (``chains``)
        seats up to ``Rules.chain_length`` away."""
        far = v.rules.chain_length if self.chains else 1
        return [(d, k) for k in range(1, far + 1) for d in (1, -1) if (d == 1 or 2 * k != v.seats)]

    def spare_cards(self, v: Seen, hand_after_take: tuple) -> list[int]:
        """Its cards (one physical card each) that the longest polymer of ``hand_after_take`` leaves out."""
        spare_types = list(_unused_types(hand_after_take))
        cards = []
        for c in sorted(v.ob["hand"]):
            if is_joker(c) or self.keeps(c, v.ob):
                continue
            if c // 2 in spare_types:
                spare_types.remove(c // 2)
                cards.append(c)
        return cards

    @staticmethod
    def gives_for(cards: list[int], count: int, wants: frozenset[int], fit: np.ndarray) -> tuple[int, ...] | None:
        """``count`` of ``cards``, the ones a partner is likeliest to want first (types it asked for or
        announced, then the types sharing windows with more of its cards in the sampled deals: ``fit``,
        per type); None when there are too few.

        >>> Bargainer.gives_for([10, 20, 30], 2, frozenset({15}), np.arange(52))
        (20, 30)
        """
        if len(cards) < count:
            return None
        ranked = sorted(cards, key=lambda c: (c // 2 in wants, float(fit[c // 2]), -c), reverse=True)
        return tuple(sorted(ranked[:count]))

    def offers(self, v: Seen) -> list[Offer]:
        """Every offer it considers, each with its expected worth (see the module docstring)."""
        rules, ob = v.rules, v.ob
        most = min(self.most_cards, rules.max_cards)
        takes = take_sets(v.hand, most)
        if not takes:
            return []
        P, me = v.seats, v.seat
        left, right = v.neighbours(me)
        nsum = sum(L(w[left]) + L(w[right]) for w in v.deals) / len(v.deals)
        counts = np.zeros((len(v.deals), P, CARD_TYPES), dtype=np.int64)
        for i, world in enumerate(v.deals):
            for p in range(P):
                for t in world[p]:
                    counts[i, p, t] += 1
        fit = (counts @ COMPAT.astype(np.int64)).mean(axis=0)  # (seat, type): cards of the seat a type fits
        candidates = []  # (bound, offer)
        partners = [(d, k, (me + d * k) % P) for d, k in self.partners(v)]
        for take, gain in takes:
            need = np.bincount(np.array(take), minlength=CARD_TYPES)
            held_by = (counts >= need).all(axis=2).mean(axis=0)  # per seat: the share of deals holding them
            cards = self.spare_cards(v, joined(v.hand, take))
            for d, k, q in partners:
                held = float(held_by[q])
                if held == 0:
                    continue
                give = self.gives_for(cards, len(take), v.belief.wants[q], fit[q])
                if give is not None:
                    candidates.append((held * gain * nsum, Offer("swap", d, k, give, take)))
                if self.borrows and rules.loans and k == 1 and len(take) <= 2:
                    candidates.append((held * gain * nsum * 0.9, Offer("loan", d, k, (), take)))
        if self.counters:
            candidates += [
                (b, o) for b, o in self.counter_offers(v) if o.distance <= (rules.chain_length if self.chains else 1)
            ]
        refused = self.refusals(ob)
        if refused:  # firm refusals: nothing a partner refused and still would (its word taken)
            candidates = [
                (b, o)
                for b, o in candidates
                if not set(o.take) & refused.get((me + o.direction * o.distance) % P, set())
            ]
        candidates.sort(key=lambda c: (-c[0], c[1].take, c[1].give, c[1].direction, c[1].distance))
        out = []
        tokens = ob["tokens"][me] if rules.good_faith_tokens else 0
        for _, offer in candidates[: self.shortlist]:
            worth, short = self.worth(v, offer)
            if tokens > 0 and short > 0:
                sweetened = Offer(offer.kind, offer.direction, offer.distance, offer.give, offer.take, 1)
                worth2, _ = self.worth(v, sweetened)
                if worth2 > worth:
                    offer, worth = sweetened, worth2
            out.append(Offer(offer.kind, offer.direction, offer.distance, offer.give, offer.take, offer.sweeten, worth))
        return out

    def counter_offers(self, v: Seen) -> list[tuple[float, Offer]]:
        """Offers to seats that showed what they want (they asked it in an offer it saw, or announced
        it): the types they want that it holds, for the types it wants, as many a side."""
        out = []
        P, me = v.seats, v.seat
        takes = take_sets(v.hand, min(self.most_cards, v.rules.max_cards))
        for d, k in self.partners(v):
            q = (me + d * k) % P
            wanted = [t for t in sorted(v.belief.wants[q]) if t in v.hand]
            if not wanted:
                continue
            for take, gain in takes[:4]:
                give_types = wanted[: len(take)]
                if len(give_types) < len(take):
                    continue
                cards, hand = [], list(v.ob["hand"])
                for t in give_types:
                    c = min((c for c in hand if not is_joker(c) and c // 2 == t and c not in cards), default=None)
                    if c is None or self.keeps(c, v.ob):
                        break
                    cards.append(c)
                if len(cards) == len(take):
                    out.append((float(gain), Offer("swap", d, k, tuple(sorted(cards)), take)))
        return out

    def worth(self, v: Seen, offer: Offer) -> tuple[float, float]:
        """The offer's expected gain in its ``V`` over the sampled deals, and the share of deals where
        the partner holds what is asked but would refuse (what a token might change)."""
        P, me = v.seats, v.seat
        q = (me + offer.direction * offer.distance) % P
        links = [(me + offer.direction * j) % P for j in range(1, offer.distance)]
        give_types = tuple(c // 2 for c in offer.give)
        mine_after = without(v.hand, give_types)
        assert mine_after is not None
        mine_after = joined(mine_after, offer.take)
        if offer.kind == "loan":  # it will hand back the cards it likes least
            owed = len(offer.take) - len(offer.give)
            rest = list(_unused_types(mine_after))
            back = rest[:owed] if len(rest) >= owed else None
            if back is None:
                return 0.0, 0.0
        wants_q = v.belief.wants[q]
        total, refused = 0.0, 0
        for world in v.deals:
            theirs = without(world[q], offer.take)
            if theirs is None:
                continue
            theirs = joined(theirs, give_types)
            after = list(world)
            after[me], after[q] = mine_after, theirs
            partner_gain = self.plain_value(q, after, P) - self.plain_value(q, world, P)
            partner_gain += self.token_value * offer.sweeten
            if partner_gain < 0 and not (wants_q & set(give_types)):
                refused += 1
                continue
            if any(self.plain_value(m, after, P) < self.plain_value(m, world, P) for m in links):
                continue
            total += self.value(v, after) - self.value(v, world) - self.token_value * offer.sweeten
        n = len(v.deals)
        return total / n, refused / n

    # -- answering ---------------------------------------------------------------------------------------
    def answer(self, ob: dict, legal: list, rules, rng):
        if legal == ["reject"]:
            return "reject"
        v = self.seen(ob, rules, salt=2)
        kind, d, k, give, take, sweeten, ask_tokens = _pending_offer(ob)
        P, me = v.seats, v.seat
        p = ob["proposer"]
        q = (p + d * k) % P
        give_types = tuple(c // 2 for c in give if c < JOKER_BASE)
        take_types = tuple(t if ob.get("hands") is None else t // 2 for t in take)
        changes = []
        for world in v.deals:
            theirs = without(world[q], take_types) if q != me else without(v.hand, take_types)
            if theirs is None:
                continue
            mine = world[p] if without(world[p], give_types) is not None else joined(world[p], give_types)
            mine_after = without(mine, give_types)
            assert mine_after is not None
            after = list(world)
            after[p], after[q] = joined(mine_after, take_types), joined(theirs, give_types)
            before = list(world)
            before[p] = mine
            changes.append(self.value(v, after) - self.value(v, before))
        change = float(np.mean(changes)) if changes else 0.0
        if q == me:
            change += self.token_value * (sweeten - ask_tokens)
            if any(self.keeps(c, ob) for c in ob["hand"] if c // 2 in take_types) and change <= 0:
                return "reject"
        floor = -1e-9 if self.permits else self.min_gain
        if change > floor and "accept" in legal:
            return "accept"
        if q != me and "toll" in legal and change + self.token_value > floor:
            return "toll"
        return "reject"


class Broker(Bargainer):
    """A bargainer that also trades through the chain of neighbours with seats up to
    ``Rules.chain_length`` away (each link consenting, refusing or asking a toll) and makes counter-offers:
    it offers seats the types they asked for or announced, for the types it wants."""

    name = "broker"
    chains = True
    counters = True


# -- the designer's strategy advice, as variants of a bargaining rung -------------------------------------


class _Revealing:
    """Says the card types it wants (its two best) before it bargains (the source: "don't reveal
    your plans/cards" is the advice against it)."""

    announces = True


class _Monopolist:
    """Collects the rank it was dealt most of: each card of that rank is worth ``monopoly_points`` of
    ``V`` to it, and it never gives one away (the source: "form a monopoly")."""

    monopoly_points = 6.0

    def _rank_of(self, ob: dict) -> int:
        counts: dict[int, int] = {}
        for c in ob.get("start_hand") or ob["hand"]:
            if not is_joker(c):
                counts[_rank(c // 2)] = counts.get(_rank(c // 2), 0) + 1
        return max(sorted(counts), key=lambda r: counts[r]) if counts else 0

    def keeps(self, card: int, ob: dict) -> bool:
        return not is_joker(card) and _rank(card // 2) == self._rank_of(ob)

    def bonus(self, v: Seen, world: Sequence[tuple]) -> float:
        rank = self._rank_of(v.ob)
        return self.monopoly_points * sum(1 for t in world[v.seat] if _rank(t) == rank)


class _OptionsOpen:
    """Keeps its options open: every card of its hand that lies in some valid window (a short piece,
    joined to its polymer or not) is worth ``piece_points`` of ``V`` to it."""

    piece_points = 3.0

    def bonus(self, v: Seen, world: Sequence[tuple]) -> float:
        inside = _pieces(world[v.seat])
        return self.piece_points * sum(1 for t in world[v.seat] if t in inside)


class _BoundaryAvoiding:
    """Avoids a phase boundary between itself and a neighbour (``game.is_boundary``): each such
    boundary costs ``boundary_points`` of ``V`` to it, so it gives up more to help a lagging neighbour."""

    boundary_points = 15.0

    def bonus(self, v: Seen, world: Sequence[tuple]) -> float:
        mine = L(world[v.seat])
        return -self.boundary_points * sum(is_boundary(mine, L(world[n])) for n in v.neighbours(v.seat))


class _Spoiler:
    """Wants its second-degree neighbours to fail (the source): each card of their polymers costs it
    ``spite_points`` of ``V``, so it refuses to hand them cards and lets their trades through only
    when they do not grow."""

    spite_points = 4.0

    def bonus(self, v: Seen, world: Sequence[tuple]) -> float:
        if v.seats < 5:
            return 0.0
        return -self.spite_points * (L(world[(v.seat - 2) % v.seats]) + L(world[(v.seat + 2) % v.seats]))


class _Halting:
    """Bargains for 5 minutes of the table clock, then halts: passes, refuses every offer to it (it
    still lets trades through as a link)."""

    halt_minutes = 5.0


class _Refusing:
    """Permits no trade it does not gain from: as partner or link it accepts only a strict gain."""

    permits = False


class _NoLoans:
    """Never borrows (it still lends when asked and calls its loans in)."""

    borrows = False


class _OneCard:
    """Trades one card a side (no bundles of two or three)."""

    most_cards = 1


STRATEGY_MIXINS: dict[str, type] = {
    "revealing": _Revealing,
    "monopolist": _Monopolist,
    "options": _OptionsOpen,
    "boundary": _BoundaryAvoiding,
    "spoiler": _Spoiler,
    "halting": _Halting,
    "refusing": _Refusing,
    "noloans": _NoLoans,
    "onecard": _OneCard,
}
"""The strategies a bargaining rung can play, by the suffix of its name (``broker-monopolist``)."""


def _variant(base: type[Bargainer], strategy: str) -> type[Bargainer]:
    """The class of ``base`` playing ``strategy``, a global of this module (so it pickles)."""
    mixin = STRATEGY_MIXINS[strategy]
    name = f"{base.__name__}{mixin.__name__.strip('_')}"
    cls = type(name, (mixin, base), {"name": f"{base.name}-{strategy}", "__module__": __name__})
    globals()[name] = cls
    return cls


# -- the search rung ------------------------------------------------------------------------------------------


class SearchBargainer(Broker):
    """The search rung (see the module docstring): a broker that, at its proposal turns, plays its best
    ``candidates`` offers and a pass forward on ``playouts`` determinized deals (the unseen cards dealt
    from its belief), for ``horizon`` further proposal turns (default one round: a turn of every seat) of
    :func:`quick_turn` players, and makes the offer with the best mean score at the end (its own length
    times its neighbours'). Answers, repayments and composing: the broker's."""

    name = "lookahead"
    candidates = 4

    def __init__(self, playouts: int = 12, horizon: int | None = None) -> None:
        super().__init__()
        self.playouts = int(playouts)
        self.horizon = horizon

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "playouts": self.playouts, "horizon": self.horizon, "candidates": self.candidates}

    def step(self, state: State, rng: np.random.Generator):
        if not isinstance(state, PolymerState):
            raise InvalidInputError(f"{self.name} plays Polymer tables, not {type(state).__name__}")
        seat = state.current_player
        ob, legal = state.observation(seat), state.legal_actions()
        if ob["phase"] != "trade" or self.halted(ob) or ob.get("hands") is not None:
            return self.act(ob, legal, state.rules, rng)
        return self.searched(ob, legal, state)

    def plan(self, ob: dict, rules: Rules) -> tuple[Offer | None, Seen]:
        key = ("search", ob["seat"], ob["turn"], len(ob["public"]), len(ob["seen"]), ob["hand"])
        if key in self._plans:
            return self._plans[key]
        return super().plan(ob, rules)

    def searched(self, ob: dict, legal: list, state: PolymerState):
        choice, v = self.choose(ob, state)
        if choice is None:
            return self.idle(v, legal)
        return self.first_step(choice, legal, state.rules)

    def choose(self, ob: dict, state: PolymerState) -> tuple[Offer | None, Seen]:
        """The offer it makes at this proposal turn (None: none, or passing plays out best)."""
        rules = state.rules
        v = self.seen(ob, rules, salt=1)
        offers = sorted(self.offers(v), key=lambda o: (-o.worth, o.take, o.give))[: self.candidates]
        offers = [o for o in offers if o.worth > 0]
        if not offers:
            return None, v
        rng = _seed(ob, 3)
        worlds = v.belief.sample(rng, self.playouts)
        horizon = self.horizon if self.horizon is not None else v.seats  # one round: a turn of every seat
        totals = np.zeros(len(offers) + 1)
        for world in worlds:
            seed = int(rng.integers(1 << 62))
            for i, offer in enumerate([None, *offers]):
                s = determinized(state, ob, world, rng=np.random.default_rng(seed))
                totals[i] += self._play_out(s, offer, horizon, np.random.default_rng(seed + 1))
        best = int(np.argmax(totals))
        choice = None if best == 0 else offers[best - 1]
        key = ("search", ob["seat"], ob["turn"], len(ob["public"]), len(ob["seen"]), ob["hand"])
        self._plans[key] = (choice, v)
        return choice, v

    def _play_out(self, s: PolymerState, offer: Offer | None, horizon: int, rng: np.random.Generator) -> float:
        """Its ``V`` after making ``offer`` (None: passing) on the determinized table ``s`` and
        ``horizon`` further proposal turns of :func:`quick_turn` players."""
        me = s.current_player
        if offer is None:
            s.apply("pass")
        else:
            s.apply(self.first_action(offer, s.rules))
            while s.phase == "compose":
                draft = s.draft
                assert draft is not None
                steps: list[tuple] = [("give", c) for c in offer.give if c not in draft["give"]]
                steps += [("want", t) for t in offer.take[len(draft["take"]) :]]
                steps += [("sweeten",)] * max(0, offer.sweeten - draft["sweeten"])
                s.apply(steps[0] if steps else "send")
            while s.phase == "respond":
                s.apply(quick_answer(s))
        stop = s.turn + horizon
        while not s.is_terminal() and s.turn < stop:
            quick_turn(s, rng)
        hands = [tuple(sorted(c // 2 for c in h if not is_joker(c))) for h in s.hands]
        P = s.rules.players
        return float(L(hands[me]) * (L(hands[(me - 1) % P]) + L(hands[(me + 1) % P])))


QUICK_TRIES = 6
"""Card types a rollout seat weighs on its turn (a cheap stand-in for every type it could want)."""


def quick_answer(s: PolymerState) -> str:
    """The rollouts' answer: a link lets the trade through; the partner accepts when it holds what is
    asked and its own longest polymer shrinks by at most one card for a neighbour (none otherwise)."""
    if len(s.responders) > 1:
        return "accept"
    legal = s.legal_actions()
    if "accept" not in legal:
        return "reject"
    q = s.responders[0]
    p = s.proposer
    act = s.pending
    assert act is not None
    if act[0] == "deal":
        _, _, _, give, take, _, _ = act[1]
    elif act[0] == "ask":
        give, take = (act[3],), (act[4],)
    else:
        give, take = (), (act[2],)
    hand = tuple(sorted(c // 2 for c in s.hands[q] if not is_joker(c)))
    after = without(hand, take)
    if after is None:
        return "reject"
    after = joined(after, tuple(c // 2 for c in give))
    neighbour = (p - q) % s.rules.players in (1, s.rules.players - 1)
    return "accept" if L(hand) - L(after) <= (1 if neighbour else 0) else "reject"


def quick_turn(s: PolymerState, rng: np.random.Generator) -> None:
    """One proposal turn of the rollouts, played on the state directly (no list of legal actions): the
    proposer asks a random neighbour for the type that lengthens its polymer most of
    :data:`QUICK_TRIES` random types sharing a window with its hand,
    giving a random card its polymer leaves out, and the partner answers by :func:`quick_answer`;
    repayments return the first card the polymer leaves out; a seat with nothing to ask passes."""
    if s.is_chance_node():
        s.apply(s.sample_chance(rng))
        return
    while s.phase == "repay":
        held = s.hands[s.repay_queue[0][1]]
        rest = set(_unused_types(tuple(sorted(c // 2 for c in held if not is_joker(c)))))
        s.apply(("return", next((c for c in held if not is_joker(c) and c // 2 in rest), held[0])))
    if s.is_terminal() or s.phase != "trade":
        return
    if s.phase == "trade" and any(is_joker(c) for c in s.hands[s.proposer]):
        s.apply("pass")  # the rollouts never play a joker
        return
    p = s.proposer
    hand = tuple(sorted(c // 2 for c in s.hands[p] if not is_joker(c)))
    near = sorted({u for t in set(hand) for u in _NEIGHBOURS[t]})
    tried = [near[i] for i in rng.permutation(len(near))[:QUICK_TRIES]]
    base = L(hand)
    gains = [(L(joined(hand, (t,))) - base, t) for t in tried]
    spare = set(_unused_types(hand))
    cards = [c for c in s.hands[p] if not is_joker(c) and c // 2 in spare]
    gain, t = max(gains, default=(0, -1))
    if gain <= 0 or not cards:
        s.apply("pass")
        return
    give = cards[int(rng.integers(len(cards)))]
    s.apply(("ask", 1 if rng.random() < 0.5 else -1, 1, give, t))
    while s.phase == "respond":
        s.apply(quick_answer(s))


def same_offer(a: Offer | None, b: Offer | None) -> bool:
    """Whether two choices make the same trade (their estimated worths aside)."""
    if a is None or b is None:
        return a is b
    return (a.kind, a.direction, a.distance, a.give, a.take, a.sweeten) == (
        b.kind,
        b.direction,
        b.distance,
        b.give,
        b.take,
        b.sweeten,
    )


def lookahead_agreement(games: int, seed: int, players: int = 8) -> dict[str, float]:
    """How often the lookahead, in seat 1 among brokers at tables as played, makes the offer a broker
    would make on the same observation: ``decisions`` (its proposal turns) and ``same`` (the share).

    >>> r = lookahead_agreement(1, seed=1, players=5)
    >>> r["decisions"] > 0 and 0 <= r["same"] <= 1
    True
    """
    rules = Rules(players=players)
    same = total = 0
    for g in range(games):
        rng = np.random.default_rng([seed, g])
        search, plain = SearchBargainer(), Broker()
        agents: list[Bargainer] = [search] + [Broker() for _ in range(players - 1)]
        s = PolymerGame(rules).new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            if s.current_player == 0 and s.phase == "trade":
                ob = s.observation(0)
                mine, _ = search.choose(ob, s)
                theirs, _ = plain.plan(ob, rules)
                same += same_offer(mine, theirs)
                total += 1
            s.apply(agents[s.current_player].step(s, rng))
    return {"decisions": float(total), "same": same / total if total else float("nan")}


def determinized(state: PolymerState, ob: dict, world: Sequence[tuple], rng: np.random.Generator) -> PolymerState:
    """A copy of ``state`` in which every hand but the observing seat's is replaced by the card types of
    ``world`` (physical ids chosen among the unseen ones), so nothing of the hidden hands survives;
    the public facts (turn, clock, loans, tokens, wants, the record) are kept."""
    s = state.clone()
    seat = int(ob["seat"])
    free: dict[int, list[int]] = {}
    mine = set(ob["hand"])
    for c in range(JOKER_BASE):
        if c not in mine:
            free.setdefault(c // 2, []).append(c)
    jokers = [c for p, h in enumerate(state.hands) if p != seat for c in h if is_joker(c)]
    for p in range(state.num_players):
        if p == seat:
            continue
        hand = []
        for t in world[p]:
            pool = free.get(t)
            if pool:
                hand.append(pool.pop())
        extra = len(state.hands[p]) - len(hand)
        while extra > 0 and jokers:  # a seat's jokers are as unseen as its cards
            hand.append(jokers.pop())
            extra -= 1
        s.hands[p] = hand
        s.start_hands[p] = list(hand)
        s.seen[p] = []
    s.middle = [c for cards in free.values() for c in cards][: len(state.middle)]
    s.log = []
    return s


BARGAINERS: dict[str, type[Bargainer]] = {"bargainer": Bargainer, "broker": Broker}
for _base in (Bargainer, Broker):
    for _strategy in STRATEGY_MIXINS:
        BARGAINERS[f"{_base.name}-{_strategy}"] = _variant(_base, _strategy)
"""The bargaining rungs and their strategies by name (``bargainer``, ``broker-monopolist``, ...)."""


def _bargainer_factory(cls: type[Bargainer]) -> AgentFactory:
    def make(spec: AgentSpec) -> Agent:
        if spec.simulations is not None or spec.seconds is not None:
            raise AgentSpecError(f"agent {str(spec)!r}: {spec.name} takes no budget")
        return cls()

    return make


def _lookahead_factory(spec: AgentSpec) -> Agent:
    """``lookahead`` or ``lookahead:N`` (N determinized playouts a proposal turn)."""
    if spec.seconds is not None:
        raise AgentSpecError(f"agent {str(spec)!r}: the lookahead takes a playout count, lookahead:N")
    return SearchBargainer(playouts=spec.simulations or 12)


BARGAINING_AGENTS: dict[str, AgentFactory] = {name: _bargainer_factory(cls) for name, cls in BARGAINERS.items()}
BARGAINING_AGENTS["lookahead"] = _lookahead_factory
"""The factories of the registry entry (``negenlab.polymer.ENTRY``)."""


__all__ = [
    "BARGAINERS",
    "BARGAINING_AGENTS",
    "Bargainer",
    "Broker",
    "Offer",
    "STRATEGY_MIXINS",
    "SearchBargainer",
    "Seen",
    "determinized",
    "lookahead_agreement",
    "same_offer",
    "joined",
    "take_sets",
    "without",
]
