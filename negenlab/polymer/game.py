"""A table of Polymer on the core game protocol: the deal, a trading phase, scoring.

Phases (``state.phase``):

- ``"deal"`` (CHANCE): the shoe is shuffled; with jokers (cosmic rays) one regular card
  per joker goes face down to the middle first. Seats get the deal table's count plus
  any handicap; leftovers leave the game unseen.
- ``"trade"``: proposal turns go round the table until ``rules.minutes`` of table time (the
  10-minute timer; every action costs the seconds of the time model) or ``rules.trade_budget``
  turns per player; trading also stops after a full round of passes.
  A proposer may pass, propose a one-for-one *swap* with a player up to
  ``rules.chain_length`` seats away in either direction (farther than a neighbour = a
  long-distance trade: a chain of neighbour trades that every link must accept), borrow
  a card from a neighbour (*loan*), *call in* a loan it gave, or play a joker
  (*collide* with a neighbour / *absorb* a middle card; both resolved by a CHANCE node).
- ``"respond"``: the links of a chain and then the partner answer ``"accept"`` or
  ``"reject"`` in turn; the trade happens only if all accept.
- ``"repay"``: a debtor whose loan is called in, or every debtor when trading stops,
  chooses the card it returns (so every hand ends at its dealt size).

At the end each seat's longest polymer is computed exactly; score = own length × (sum of
the two neighbours' lengths); ``returns()`` are the scores; ``winner()`` applies the
tiebreaks (good-faith tokens when used, own face cards, neighbours' face cards).

Information (``Rules.information``): under ``"hidden"`` (the default) a seat sees
``observation(seat)``: its own hand and the public record, and a proposal names the card *type* it wants (``"ask"``,
``"borrow"``); a partner without such a card can only reject. With ``Rules.max_cards`` above 1 or
tokens, a trade is composed step by step (phase ``"compose"``: ``give``, ``take``/``want``,
``sweeten``, ``ask_token``, then ``send`` or ``withdraw``): swaps of k for k, loans of k for j
(owed as the difference), tokens, and links that ask a toll. Under ``"open"`` (the earlier
model, ``rules.OPEN_MODEL``) every seat sees every hand. Model limits (honest list): jokers are
never traded; the policies of ``agents`` are simple models of people (docs/polymer_table.md).

>>> import numpy as np
>>> from negenlab.polymer.game import PolymerGame
>>> from negenlab.polymer.rules import Rules
>>> state = PolymerGame(Rules(players=6, trade_budget=0)).new_initial_state()
>>> state.apply(state.sample_chance(np.random.default_rng(1)))
>>> state.is_terminal(), [len(h) for h in state.hands]  # no trade budget: scored at once
(True, [17, 17, 17, 17, 17, 17])
>>> L = state.game_info()["len_0"]; state.returns()[0] == L * (state.game_info()["len_1"] + state.game_info()["len_5"])
True
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

import numpy as np

from negenlab.core.checks import known_fields
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import CHANCE, TERMINAL, Game, State, seat_name

from .cards import Card, Joker, format_cards
from .rules import REGULAR_CARDS, Rules
from .solver import solve_types

JOKER_BASE = REGULAR_CARDS  # physical ids 0..103 are regular cards (two per type), 104.. are jokers
CARD_TYPES = REGULAR_CARDS // 2  # 52 types, two copies each (id // 2 is the type)


def card_of(cid: int):
    """The Card (or Joker) of a physical card id."""
    return Card.from_index(cid // 2) if cid < JOKER_BASE else Joker(cid - JOKER_BASE)


def is_joker(cid: int) -> bool:
    return cid >= JOKER_BASE


@lru_cache(maxsize=500_000)
def _length_of_types(types: tuple) -> int:
    return int(solve_types(np.array(types, dtype=np.int64))[0].shape[0])


def hand_length(hand) -> int:
    """Longest polymer length of a hand of physical ids (memoised on the multiset of types)."""
    return _length_of_types(tuple(sorted(c // 2 for c in hand if c < JOKER_BASE)))


def is_boundary(a: int, b: int) -> bool:
    """A phase boundary between neighbours of lengths a and b: one is "long-chained" and the
    other "short-chained", taken here as: the longer is at least twice the shorter and at
    least 3 cards longer (so 0 vs 3, 4 vs 8 and 5 vs 10 are boundaries; 9 vs 5 is not).

    >>> is_boundary(0, 3), is_boundary(9, 5), is_boundary(4, 8)
    (True, False, True)
    """
    lo, hi = min(a, b), max(a, b)
    return hi >= 2 * lo and hi - lo >= 3


def face_cards(hand) -> int:
    return sum(1 for c in hand if c < JOKER_BASE and (c // 2) % 13 >= 10)


class PolymerGame(Game):
    """Polymer for ``rules.players`` seats. See the module docstring for the phases.

    >>> PolymerGame(Rules(players=5)).num_players
    5
    """

    name = "polymer"

    def __init__(self, rules: Rules | None = None, **kwargs):
        if rules is not None and (kwargs or not isinstance(rules, Rules)):
            raise InvalidInputError(f"give PolymerGame a polymer Rules or its fields, not {rules!r} {kwargs or ''}")
        known_fields(kwargs, Rules.__dataclass_fields__, "polymer")
        self.rules = rules if rules is not None else Rules(**kwargs)
        self.perfect_information = self.rules.information == "open"  # hidden hands otherwise

    @property
    def num_players(self) -> int:
        return self.rules.players

    def new_initial_state(self) -> PolymerState:
        return PolymerState(self.rules)


class PolymerState(State):
    def __init__(self, rules: Rules):
        self.rules = rules
        P = rules.players
        self.phase = "deal"
        self.hands: list[list[int]] = [[] for _ in range(P)]
        self.middle: list[int] = []
        self.jokers_on_table = 0
        self.start_hands: list[list[int]] = []
        self.turn = 0  # proposal turns used
        self.passes = 0  # consecutive passes
        self.pending: tuple | None = None  # the proposal being answered
        self.responders: list[int] = []
        self.loans: list[tuple[int, int, int]] = []  # (lender, debtor, cards owed), one entry per loan
        self.repay_queue: list[tuple[int, int]] = []
        self.after_repay = "trade"
        self.joker_play: tuple | None = None  # (player, kind, target, joker id)
        self.counts = {
            "proposals": 0,
            "accepted": 0,
            "rejected": 0,
            "swaps": 0,
            "chain_trades": 0,
            "loans": 0,
            "calls": 0,
            "collides": 0,
            "absorbs": 0,
            "passes": 0,
            "repaid": 0,
            "tokens_moved": 0,
        }
        self.log: list[str] = []
        self.public: list[tuple] = []  # what every seat sees happen (observation): no card names
        self.clock = 0.0  # table seconds (the time model of the Rules)
        self.trading_end = 0.0  # the clock when trading stopped (before the last repayments)
        self.tokens: list[int] = [rules.good_faith_tokens] * rules.players
        self.draft: dict | None = None  # a trade being composed (several cards, tokens)
        self.tolls: list[int] = []  # links that asked a token to let the pending trade through
        self.wants: list[set[int]] = [set() for _ in range(rules.players)]  # card types seats said they want
        self.seen: list[list[tuple]] = [[] for _ in range(rules.players)]  # the offers each seat took part in
        self._final: dict | None = None

    # -- protocol -----------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def proposer(self) -> int:
        return self.turn % self.rules.players

    @property
    def current_player(self) -> int:
        if self.phase == "end":
            return TERMINAL
        if self.phase in ("deal", "joker"):
            return CHANCE
        if self.phase == "respond":
            return self.responders[0]
        if self.phase == "compose":
            return self.proposer
        if self.phase == "repay":
            return self.repay_queue[0][1]
        return self.proposer

    def is_terminal(self) -> bool:
        return self.phase == "end"

    def clone(self) -> PolymerState:
        # the copy idiom of every game's state (negen's too); games share no code, a core helper could
        s = PolymerState.__new__(PolymerState)
        s.__dict__.update(self.__dict__)
        s.hands = [list(h) for h in self.hands]
        s.middle = list(self.middle)
        s.start_hands = [list(h) for h in self.start_hands]
        s.responders = list(self.responders)
        s.loans = list(self.loans)
        s.repay_queue = list(self.repay_queue)
        s.counts = dict(self.counts)
        s.log = list(self.log)
        s.public = list(self.public)
        s.tokens = list(self.tokens)
        s.tolls = list(self.tolls)
        s.wants = [set(w) for w in self.wants]
        s.seen = [list(x) for x in self.seen]
        if self.draft is not None:
            s.draft = {k: (list(v) if isinstance(v, list) else v) for k, v in self.draft.items()}
        return s

    # -- chance -------------------------------------------------------------
    def chance_outcomes(self):
        if self.phase == "joker":
            player, kind, target, _ = self.joker_play
            pool = self.hands[target] if kind == "collide" else self.middle
            return [((kind, c), 1.0 / len(pool)) for c in pool]
        raise IllegalMoveError("the deal has too many outcomes to list; use sample_chance(rng)")

    def sample_chance(self, rng: np.random.Generator):
        if self.phase == "deal":
            j = self.rules.jokers
            perm = rng.permutation(REGULAR_CARDS)
            middle = tuple(int(c) for c in perm[:j])
            deck = np.concatenate([perm[j:], np.arange(JOKER_BASE, JOKER_BASE + j)])
            deck = deck[rng.permutation(len(deck))]
            return ("deal", middle, tuple(int(c) for c in deck))
        outcomes = self.chance_outcomes()
        return outcomes[int(rng.integers(len(outcomes)))][0]

    # -- actions ------------------------------------------------------------
    def partner(self, p: int, direction: int, distance: int) -> int:
        return (p + direction * distance) % self.rules.players

    def legal_actions(self) -> list:
        if self.phase == "end":
            return []
        if self.phase in ("deal", "joker"):
            return [o for o, _ in self.chance_outcomes()] if self.phase == "joker" else []
        if self.phase == "compose":
            return self._compose_actions()
        if self.phase == "respond" and isinstance(self.pending, tuple) and self.pending[0] == "deal":
            return self._deal_answers()
        if self.phase == "respond":
            t = self._asked_type()
            if len(self.responders) == 1 and t is not None:
                if self._card_of_type(self.responders[0], t) is None:
                    return ["reject"]  # the partner holds no card of the asked type
            return ["accept", "reject"]
        if self.phase == "repay":
            debtor = self.repay_queue[0][1]
            regular = [c for c in self.hands[debtor] if not is_joker(c)]
            return [("return", c) for c in (regular or self.hands[debtor])]
        p = self.proposer
        acts: list = ["pass"]
        mine = [c for c in self.hands[p] if not is_joker(c)]
        hidden = self.rules.information == "hidden"
        for direction in (1, -1):
            for distance in range(1, self.rules.chain_length + 1):
                q = self.partner(p, direction, distance)
                if hidden:  # the proposer names a card type it wants, not a card it cannot see
                    acts.extend(product(("ask",), (direction,), (distance,), mine, range(CARD_TYPES)))
                else:
                    theirs = [c for c in self.hands[q] if not is_joker(c)]
                    acts.extend(product(("swap",), (direction,), (distance,), mine, theirs))
        if self.rules.loans:
            for direction in (1, -1):
                q = self.partner(p, direction, 1)
                if hidden:
                    acts.extend(("borrow", direction, t) for t in range(CARD_TYPES))
                else:
                    acts.extend(("loan", direction, b) for b in self.hands[q] if not is_joker(b))
        if hidden:  # saying what you want is part of hidden-information play
            acts.extend(("announce", t) for t in range(CARD_TYPES) if t not in self.wants[p])
        if self.rules.max_cards > 1 or self.rules.good_faith_tokens:
            for direction in (1, -1):
                for distance in range(1, self.rules.chain_length + 1):
                    acts.append(("compose", "swap", direction, distance))
                if self.rules.loans:
                    acts.append(("compose", "loan", direction, 1))
        for debtor in sorted({d for (lender, d, _) in self.loans if lender == p}):
            acts.append(("call", debtor))
        if any(is_joker(c) for c in self.hands[p]):
            for direction in (1, -1):
                if self.hands[self.partner(p, direction, 1)]:
                    acts.append(("collide", direction))
            if self.middle:
                acts.append(("absorb",))
        return acts

    def apply(self, action) -> None:
        if self.phase == "end":
            raise IllegalMoveError("the game is over")
        if self.phase == "deal":
            self._apply_deal(action)
        elif self.phase == "joker":
            self._apply_joker(action)
        elif self.phase == "respond":
            self._apply_response(action)
        elif self.phase == "compose":
            self._apply_compose(action)
        elif self.phase == "repay":
            self._apply_repay(action)
        else:
            self._apply_proposal(action)

    def _apply_deal(self, action) -> None:
        if not (isinstance(action, tuple) and len(action) == 3 and action[0] == "deal"):
            raise IllegalMoveError(f"expected a deal outcome ('deal', middle, deck), got {action!r}")
        _, middle, deck = action
        if (
            sorted(list(middle) + [c for c in deck if c < JOKER_BASE]) != list(range(REGULAR_CARDS))
            or len(deck) - (REGULAR_CARDS - len(middle)) != self.rules.jokers
            or len(middle) != self.rules.jokers
        ):
            raise IllegalMoveError("a deal must hold every regular card once and rules.jokers jokers")
        self.middle = list(middle)
        pos = 0
        for p in range(self.rules.players):
            k = self.rules.hand_size
            self.hands[p] = list(deck[pos : pos + k])
            pos += k
        if self.rules.handicap:
            for p, extra in enumerate(self.rules.handicap):
                self.hands[p].extend(deck[pos : pos + extra])
                pos += extra
        self.start_hands = [list(h) for h in self.hands]
        self.clock = self.rules.seconds_look  # everyone reads their hand at once
        self.phase = "trade"
        self._maybe_finish_trading()

    def _check(self, ok: bool, why: str) -> None:
        if not ok:
            raise IllegalMoveError(why)

    def _apply_proposal(self, action) -> None:
        p = self.proposer
        if action == "pass":
            self._sit_out(p)
            return
        self._check(isinstance(action, tuple) and bool(action), f"expected 'pass' or a proposal tuple, got {action!r}")
        kind = action[0]
        if kind == "swap":
            self._check(self.rules.information == "open", "under hidden information a swap asks a type: 'ask'")
            self._check(len(action) == 5, f"a swap is ('swap', direction, distance, give, take), got {action!r}")
            _, direction, distance, give, take = action
            self._check(
                direction in (1, -1) and 1 <= distance <= self.rules.chain_length,
                f"direction must be +1/-1 and distance 1..{self.rules.chain_length}, got {direction}, {distance}",
            )
            q = self.partner(p, direction, distance)
            self._check(
                give in self.hands[p] and not is_joker(give),
                f"{seat_name(p)} does not hold {card_of(give) if isinstance(give, int) else give!r} to give",
            )
            self._check(
                take in self.hands[q] and not is_joker(take),
                f"{seat_name(q)} does not hold {card_of(take) if isinstance(take, int) else take!r}",
            )
            self.pending = action
            self.responders = [self.partner(p, direction, k) for k in range(1, distance + 1)]
        elif kind == "announce":
            self._check(self.rules.information == "hidden", "announcing wants is part of hidden-information play")
            self._check(action in self.legal_actions(), f"cannot announce {action!r} now (a card type 0..51, once)")
            self.wants[p].add(action[1])
            self.public.append(("announce", p, action[1]))
            self._tick(self.rules.seconds_pass)
            self._next_turn()
            return
        elif kind == "compose":
            self._check(
                self.rules.max_cards > 1 or bool(self.rules.good_faith_tokens),
                "composing a trade needs max_cards > 1 or good-faith tokens in these rules",
            )
            self._check(action in self.legal_actions(), f"no such trade to compose: {action!r}")
            _, trade, direction, distance = action
            self.draft = {
                "kind": trade,
                "direction": direction,
                "distance": distance,
                "give": [],
                "take": [],
                "sweeten": 0,
                "ask_tokens": 0,
            }
            self.phase = "compose"
            return
        elif kind in ("ask", "borrow"):
            self._check(self.rules.information == "hidden", f"{kind!r} names a card type: hidden information only")
            if kind == "ask":
                self._check(len(action) == 5, f"an ask is ('ask', direction, distance, give, type), got {action!r}")
                _, direction, distance, give, t = action
                self._check(
                    direction in (1, -1) and 1 <= distance <= self.rules.chain_length,
                    f"direction must be +1/-1 and distance 1..{self.rules.chain_length}, got {direction}, {distance}",
                )
                self._check(
                    give in self.hands[p] and not is_joker(give),
                    f"{seat_name(p)} does not hold {card_of(give) if isinstance(give, int) else give!r} to give",
                )
            else:
                self._check(self.rules.loans, "loans are switched off in these rules")
                self._check(len(action) == 3, f"a borrow is ('borrow', direction, type), got {action!r}")
                _, direction, t = action
                self._check(direction in (1, -1), f"direction must be +1/-1, got {direction}")
                distance = 1
            self._check(isinstance(t, int) and 0 <= t < CARD_TYPES, f"a card type is 0..{CARD_TYPES - 1}, got {t!r}")
            self.pending = action
            self.responders = [self.partner(p, direction, k) for k in range(1, distance + 1)]
        elif kind == "loan":
            self._check(self.rules.information == "open", "under hidden information a loan asks a type: 'borrow'")
            self._check(self.rules.loans, "loans are switched off in these rules")
            self._check(len(action) == 3, f"a loan is ('loan', direction, take), got {action!r}")
            _, direction, take = action
            self._check(direction in (1, -1), f"direction must be +1/-1, got {direction}")
            q = self.partner(p, direction, 1)
            self._check(take in self.hands[q] and not is_joker(take), f"{seat_name(q)} does not hold that card")
            self.pending = action
            self.responders = [q]
        elif kind == "call":
            debtor = action[1]
            owed = next((loan for loan in self.loans if loan[:2] == (p, debtor)), None)
            self._check(owed is not None, f"{seat_name(p)} has no outstanding loan to {seat_name(debtor)}")
            assert owed is not None
            self.loans.remove(owed)  # the oldest loan to that debtor, called in whole
            self.counts["calls"] += 1
            self._tick(self.rules.seconds_propose)
            self.public.append(("call", p, debtor))
            self.repay_queue = [(p, debtor)] * owed[2]
            self.after_repay = "trade"
            self.phase = "repay"
            self.passes = 0
            self.log.append(f"{seat_name(p)} calls in its loan to {seat_name(debtor)}")
            return
        elif kind in ("collide", "absorb"):
            jokers = [c for c in self.hands[p] if is_joker(c)]
            self._check(bool(jokers), f"{seat_name(p)} holds no joker")
            if kind == "collide":
                target = self.partner(p, action[1], 1)
                self._check(bool(self.hands[target]), f"{seat_name(target)} has no cards")
            else:
                target = -1
                self._check(bool(self.middle), "no face-down card left in the middle")
            self.hands[p].remove(jokers[0])
            self._tick(self.rules.seconds_joker)
            self.joker_play = (p, kind, target, jokers[0])
            self.public.append((kind, p) if kind == "absorb" else (kind, p, target))
            self.counts["collides" if kind == "collide" else "absorbs"] += 1
            self.phase = "joker"
            self.passes = 0
            return
        else:
            raise IllegalMoveError(f"unknown proposal {action!r}")
        self.counts["proposals"] += 1
        self._tick(self.rules.seconds_propose)
        self.phase = "respond"

    def _apply_joker(self, action) -> None:
        if self.joker_play is None:
            raise IllegalMoveError("no joker is being played")
        p, kind, target, joker = self.joker_play
        self._check(
            isinstance(action, tuple) and len(action) == 2 and action[0] == kind,
            f"expected a ({kind!r}, card) outcome, got {action!r}",
        )
        card = action[1]
        if kind == "collide":
            self._check(card in self.hands[target], "the collided card must come from the target's hand")
            self.hands[target].remove(card)
            self.hands[p].append(card)
            self.hands[target].append(joker)
            self.log.append(
                f"{seat_name(p)} collides with {seat_name(target)}, takes a card; {seat_name(target)} gets the joker"
            )
        else:
            self._check(card in self.middle, "the absorbed card must come from the middle")
            self.middle.remove(card)
            self.hands[p].append(card)
            self.jokers_on_table += 1
            self.log.append(f"{seat_name(p)} absorbs a face-down card")
        self.joker_play = None
        self.phase = "trade"
        self._next_turn()

    def _apply_response(self, action) -> None:
        self._check(
            action in self.legal_actions() or action in ("accept", "reject"), f"expected an answer, got {action!r}"
        )
        if action not in self.legal_actions():
            raise IllegalMoveError(
                f"{seat_name(self.responders[0])} cannot {action} this proposal: "
                + ("it lacks what is asked, so it can only reject" if action == "accept" else "no tokens to pay a toll")
            )
        self._tick(self.rules.seconds_answer)
        if action == "toll":  # a link lets the trade through for one of the proposer's tokens
            self.tolls.append(self.responders[0])
            action = "accept"
        if action == "reject":
            self.public.append(("reject", self.responders[0], self.proposer))
            self._remember("refused", self.responders[0])
            self.counts["rejected"] += 1
            self.log.append(f"{seat_name(self.responders[0])} rejects {self.describe_action(self.pending)}")
            self.pending, self.responders, self.tolls = None, [], []
            self.phase = "trade"
            self._next_turn()
            return
        self.responders.pop(0)
        if self.responders:
            return
        p = self.proposer
        act = self.pending
        if act is None:
            raise IllegalMoveError("no proposal is being answered")
        if act[0] == "deal":
            self._remember("done", None)
            self._complete_deal(act[1])
            self.pending, self.tolls = None, []
            self.passes = 0
            self.phase = "trade"
            self._next_turn()
            return
        self._remember("done", None)
        if act[0] in ("ask", "borrow"):  # the partner gives a card of the asked type (copies are alike)
            direction, distance = act[1], (act[2] if act[0] == "ask" else 1)
            take = self._card_of_type(self.partner(p, direction, distance), act[-1])
            act = ("swap", direction, distance, act[3], take) if act[0] == "ask" else ("loan", direction, take)
        if act[0] == "swap":
            _, direction, distance, give, take = act
            q = self.partner(p, direction, distance)
            self.public.append(("swap", p, q, 1, 1))
            self.hands[p].remove(give)
            self.hands[q].remove(take)
            self.hands[p].append(take)
            self.hands[q].append(give)
            self.counts["swaps"] += 1
            if distance > 1:
                self.counts["chain_trades"] += 1
        else:
            _, direction, take = act
            q = self.partner(p, direction, 1)
            self.hands[q].remove(take)
            self.hands[p].append(take)
            self.loans.append((q, p, 1))
            self.public.append(("loan", q, p, 1))
            self.counts["loans"] += 1
        self.counts["accepted"] += 1
        self.log.append(f"done: {self.describe_action(act)}")
        self.pending = None
        self.passes = 0
        self.phase = "trade"
        self._next_turn()

    def _apply_repay(self, action) -> None:
        lender, debtor = self.repay_queue[0]
        self._check(
            isinstance(action, tuple) and len(action) == 2 and action[0] == "return",
            f"expected ('return', card), got {action!r}",
        )
        card = action[1]
        self._check(card in self.hands[debtor], f"{seat_name(debtor)} does not hold that card")
        regular = [c for c in self.hands[debtor] if not is_joker(c)]
        self._check(not is_joker(card) or not regular, "return a regular card while you hold one")
        self.hands[debtor].remove(card)
        self.hands[lender].append(card)
        self._tick(self.rules.seconds_repay)
        self.counts["repaid"] += 1
        self.repay_queue.pop(0)
        self.public.append(("repay", debtor, lender, 1))
        self.log.append(f"{seat_name(debtor)} repays {seat_name(lender)}")
        if not self.repay_queue:
            if self.after_repay == "end":
                self._finish()
            else:
                self.phase = "trade"
                self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        self._maybe_finish_trading()

    def _maybe_finish_trading(self) -> None:
        P = self.rules.players
        if self.phase != "trade":
            return
        out_of_time = self.rules.minutes is not None and self.clock >= 60 * self.rules.minutes
        if self.turn >= self.rules.trade_budget * P or self.passes >= P or out_of_time:
            self.trading_end = self.clock
            if self.loans:
                self.repay_queue = [(lender, debtor) for lender, debtor, owed in self.loans for _ in range(owed)]
                self.loans = []
                self.after_repay = "end"
                self.phase = "repay"
            else:
                self._finish()

    # -- composed trades: several cards and tokens ------------------------------------------
    def _compose_actions(self) -> list:
        """What the proposer may add to the trade being composed, or send or withdraw."""
        d = self.draft
        assert d is not None
        p, cap = self.proposer, self.rules.max_cards
        q = self.partner(p, d["direction"], d["distance"])
        acts: list = ["withdraw"]
        if len(d["give"]) < cap:
            acts += [("give", c) for c in sorted(set(self.hands[p]) - set(d["give"])) if not is_joker(c)]
        if len(d["take"]) < cap:
            if self.rules.information == "hidden":
                acts += [("want", t) for t in range(CARD_TYPES)]
            else:
                acts += [("take", c) for c in sorted(set(self.hands[q]) - set(d["take"])) if not is_joker(c)]
        if d["sweeten"] < self.tokens[p]:
            acts.append(("sweeten",))
        if d["ask_tokens"] < self.tokens[q]:
            acts.append(("ask_token",))
        if self._draft_complete(d):
            acts.append("send")
        return acts

    @staticmethod
    def _draft_complete(d: dict) -> bool:
        k, j = len(d["give"]), len(d["take"])
        if d["kind"] == "swap":
            return k == j and (k > 0 or d["sweeten"] > 0 or d["ask_tokens"] > 0)
        return k != j  # a loan: different numbers of cards; the side that got more owes the difference

    def _apply_compose(self, action) -> None:
        d = self.draft
        assert d is not None
        self._check(action in self._compose_actions(), f"not a step of this trade now: {action!r}")
        p = self.proposer
        if action == "withdraw":
            self.draft = None
            self.phase = "trade"
            self._sit_out(p)
            return
        if action == "send":
            q = self.partner(p, d["direction"], d["distance"])
            self.pending = (
                "deal",
                (
                    d["kind"],
                    d["direction"],
                    d["distance"],
                    tuple(d["give"]),
                    tuple(d["take"]),
                    d["sweeten"],
                    d["ask_tokens"],
                ),
            )
            self.draft = None
            self.responders = [self.partner(p, d["direction"], k) for k in range(1, d["distance"] + 1)]
            assert self.responders[-1] == q
            self.counts["proposals"] += 1
            self._tick(self.rules.seconds_propose)
            self.phase = "respond"
            return
        kind = action[0]
        if kind == "give":
            d["give"].append(action[1])
        elif kind in ("take", "want"):
            d["take"].append(action[1])
        elif kind == "sweeten":
            d["sweeten"] += 1
        else:
            d["ask_tokens"] += 1

    def _deal_answers(self) -> list:
        """A link may accept, reject or ask the proposer one token; the partner accepts only when it
        holds what is asked (card types under hidden information, and the tokens)."""
        assert self.pending is not None
        trade, direction, distance, give, take, sweeten, ask_tokens = self.pending[1]
        who = self.responders[0]
        p = self.proposer
        if len(self.responders) > 1:
            can_pay = self.tokens[p] - sweeten - len(self.tolls) > 0
            return ["accept", "reject", "toll"] if can_pay else ["accept", "reject"]
        if ask_tokens > self.tokens[who]:
            return ["reject"]
        if self.rules.information == "hidden":
            need: dict[int, int] = {}
            for t in take:
                need[t] = need.get(t, 0) + 1
            have: dict[int, int] = {}
            for c in self.hands[who]:
                if not is_joker(c):
                    have[c // 2] = have.get(c // 2, 0) + 1
            if any(have.get(t, 0) < n for t, n in need.items()):
                return ["reject"]
        elif any(c not in self.hands[who] for c in take):
            return ["reject"]
        return ["accept", "reject"]

    def _complete_deal(self, deal: tuple) -> None:
        trade, direction, distance, give, take, sweeten, ask_tokens = deal
        p = self.proposer
        q = self.partner(p, direction, distance)
        if self.rules.information == "hidden":  # the partner hands over cards of the wanted types
            taken = []
            for t in take:
                c = min(c for c in self.hands[q] if not is_joker(c) and c // 2 == t and c not in taken)
                taken.append(c)
            take = tuple(taken)
        for c in give:
            self.hands[p].remove(c)
            self.hands[q].append(c)
        for c in take:
            self.hands[q].remove(c)
            self.hands[p].append(c)
        self.tokens[p] += ask_tokens - sweeten - len(self.tolls)
        self.tokens[q] += sweeten - ask_tokens
        for link in self.tolls:
            self.tokens[link] += 1
        owed = len(give) - len(take)
        if trade == "loan":
            lender, debtor = (p, q) if owed > 0 else (q, p)
            self.loans.append((lender, debtor, abs(owed)))
            self.counts["loans"] += 1
        else:
            self.counts["swaps"] += 1
            if distance > 1:
                self.counts["chain_trades"] += 1
        self.counts["accepted"] += 1
        moved = sweeten + ask_tokens + len(self.tolls)
        self.counts["tokens_moved"] += moved
        self.public.append((trade, p, q, len(give), len(take), sweeten - ask_tokens, tuple(self.tolls)))
        self.log.append(f"done: {self.describe_action(('deal', deal))}")

    def _remember(self, outcome: str, refuser: int | None) -> None:
        """Put the proposal being answered into the memory of every seat that saw it whole (the
        proposer, the links of its chain and the partner): ``("offer", public index, kind, proposer,
        partner, cards given, card types (or cards, open) taken, tokens offered, tokens asked, outcome,
        the seat that refused or None)``; a loan asked with ``borrow`` gives nothing and takes one type."""
        act, p = self.pending, self.proposer
        if act is None:
            return
        if act[0] == "deal":
            kind, direction, distance, give, take, sweeten, ask_tokens = act[1]
        elif act[0] in ("ask", "swap"):
            kind, direction, distance, give, take, sweeten, ask_tokens = (
                "swap",
                act[1],
                act[2],
                (act[3],),
                (act[4],),
                0,
                0,
            )
        else:  # a loan asked for: ("borrow", direction, type) or ("loan", direction, card)
            kind, direction, distance, give, take, sweeten, ask_tokens = "loan", act[1], 1, (), (act[2],), 0, 0
        q = self.partner(p, direction, distance)
        record = (
            "offer",
            len(self.public),
            kind,
            p,
            q,
            tuple(give),
            tuple(take),
            sweeten,
            ask_tokens,
            outcome,
            refuser,
        )
        for seat in [p] + [self.partner(p, direction, k) for k in range(1, distance + 1)]:
            self.seen[seat].append(record)

    def _sit_out(self, p: int) -> None:
        """Seat ``p`` lets its proposal turn go by (a pass, or a trade it composed and withdrew)."""
        self._tick(self.rules.seconds_pass)
        self.public.append(("pass", p))
        self.counts["passes"] += 1
        self.passes += 1
        self._next_turn()

    def _tick(self, seconds: float) -> None:
        """Move the table clock by one player's ``seconds`` (seats act in parallel)."""
        self.clock += seconds / self.rules.pairs

    def _asked_type(self) -> int | None:
        """The card type a pending ask or borrow names (hidden information), else None."""
        act = self.pending
        return act[-1] if isinstance(act, tuple) and act and act[0] in ("ask", "borrow") else None

    def _card_of_type(self, seat: int, t: int) -> int | None:
        """A card of type ``t`` in ``seat``'s hand (the lower id; the two copies are alike), or None."""
        held = [c for c in self.hands[seat] if not is_joker(c) and c // 2 == t]
        return min(held) if held else None

    def _pending_seen_by(self, player: int):
        """The proposal being answered as ``player`` sees it: whole for its parties and the links of
        its chain, else its kind and seats only."""
        act = self.pending
        if act is None or self.rules.information == "open":
            return act
        if act[0] == "deal":
            direction, distance = act[1][1], act[1][2]
        else:
            direction, distance = act[1], (act[2] if act[0] in ("ask", "swap") else 1)
        parties = {self.proposer} | {self.partner(self.proposer, direction, k) for k in range(1, distance + 1)}
        return act if player in parties else (act[0], self.proposer, self.partner(self.proposer, direction, distance))

    @property
    def hidden_information(self) -> bool:  # type: ignore[override]
        """Whether a seat sees only its own hand (``Rules.information`` hidden): the core searching agents
        then refuse the state (it draws no worlds); Polymer's own agents read :meth:`observation`."""
        return self.rules.information != "open"

    def observation(self, player: int) -> dict[str, Any]:
        """What seat ``player`` sees: its own hand, every hand's size, the middle's size, open loans,
        the phase, the seat whose proposal turn it is (``proposer``), the proposal being answered (whole
        for its proposer, links and partner: ``pending_whole``), and the public record (``public``: who did what to
        whom and how many cards moved, never which; a seat's own trades show their cards in its
        hand), and the seat's memory: the hand it was dealt (``start_hand``) and every offer it saw
        whole as proposer, link or partner, with its outcome (``seen``, see :meth:`_remember`). Under
        ``Rules.information == "open"`` every hand too (``hands``).

        >>> s = PolymerGame(Rules(players=5, information="hidden")).new_initial_state()
        >>> s.apply(s.sample_chance(np.random.default_rng(2)))
        >>> ob = s.observation(1)
        >>> len(ob["hand"]), ob["hand_sizes"], "hands" in ob
        (20, (20, 20, 20, 20, 20), False)
        """
        if not 0 <= player < self.rules.players:
            raise InvalidInputError(f"seat index 0..{self.rules.players - 1}, got {player!r}")
        seen: dict[str, Any] = {
            "seat": player,
            "phase": self.phase,
            "to_move": self.current_player,
            "proposer": self.proposer,
            "turn": self.turn,
            "hand": tuple(sorted(self.hands[player])),
            "hand_sizes": tuple(len(h) for h in self.hands),
            "dealt": tuple(len(h) for h in self.start_hands),
            "middle_size": len(self.middle),
            "clock": self.clock,
            "jokers_on_table": self.jokers_on_table,
            "loans": tuple(self.loans),
            "tokens": tuple(self.tokens),
            "wants": tuple(tuple(sorted(w)) for w in self.wants),
            "draft": (None if self.draft is None or player != self.proposer else dict(self.draft)),
            "repay_queue": tuple(self.repay_queue),
            "pending": self._pending_seen_by(player),
            "pending_whole": self.pending is not None and self._pending_seen_by(player) is self.pending,
            "responders": tuple(self.responders),
            "public": tuple(self.public),
            "start_hand": tuple(sorted(self.start_hands[player])) if self.start_hands else (),
            "seen": tuple(self.seen[player]),
        }
        if self.rules.information == "open":
            seen["hands"] = tuple(tuple(sorted(h)) for h in self.hands)
        return seen

    # -- scoring ------------------------------------------------------------
    def lengths(self, hands=None) -> list[int]:
        return [hand_length(h) for h in (hands if hands is not None else self.hands)]

    def _finish(self) -> None:
        self.phase = "end"
        P = self.rules.players
        L = self.lengths()
        scores = [L[p] * (L[(p - 1) % P] + L[(p + 1) % P]) for p in range(P)]
        keys = [[float(s) for s in scores]]
        names = ["score"]
        if self.rules.good_faith_tokens:
            keys.append([float(t) for t in self.tokens])  # held at the end (traded ones count for their holder)
            names.append("good-faith tokens")
        own = [face_cards(h) for h in self.hands]
        keys.append([float(f) for f in own])
        names.append("own face cards")
        keys.append([float(own[(p - 1) % P] + own[(p + 1) % P]) for p in range(P)])
        names.append("neighbours' face cards")
        alive = list(range(P))
        level = len(names)  # unresolved
        for i, key in enumerate(keys):
            top = max(key[p] for p in alive)
            alive = [p for p in alive if key[p] == top]
            if len(alive) == 1:
                level = i
                break
        L0 = self.lengths(self.start_hands)
        self._final = {
            "lengths": L,
            "scores": scores,
            "winner": alive[0] if len(alive) == 1 else None,
            "tiebreak_level": level,
            "tiebreak": names[level] if level < len(names) else "unresolved",
            "start_lengths": L0,
            "start_scores": [L0[p] * (L0[(p - 1) % P] + L0[(p + 1) % P]) for p in range(P)],
        }

    def returns(self) -> list[float]:
        if self._final is None:
            return [0.0] * self.rules.players
        return [float(s) for s in self._final["scores"]]

    def winner(self) -> int | None:
        return None if self._final is None else self._final["winner"]

    def game_info(self) -> dict[str, Any]:
        if self._final is None:
            return {}
        f = self._final
        P = self.rules.players
        L, L0, S = np.array(f["lengths"]), np.array(f["start_lengths"]), np.array(f["scores"])
        mean = L.mean()
        boundaries = int(sum(is_boundary(int(L[p]), int(L[(p + 1) % P])) for p in range(P)))
        info: dict[str, Any] = {
            "players": P,
            "hand_size": self.rules.hand_size,
            "len_mean": float(mean),
            "len_min": int(L.min()),
            "len_max": int(L.max()),
            "start_len_mean": float(L0.mean()),
            "len_gain_mean": float((L - L0).mean()),
            "score_mean": float(S.mean()),
            "score_max": int(S.max()),
            "score_min": int(S.min()),
            "start_score_mean": float(np.mean(f["start_scores"])),
            "tiebreak_level": int(f["tiebreak_level"]),
            "tiebreak": f["tiebreak"],
            "phase_boundaries": boundaries,
            "max_neighbour_gap": int(max(abs(int(L[p]) - int(L[(p + 1) % P])) for p in range(P))),
            "trades": self.counts["accepted"],
            "jokers_left_in_hands": sum(is_joker(c) for h in self.hands for c in h),
            "proposal_turns": self.turn,
            "table_minutes": self.clock / 60,
            "trading_minutes": self.trading_end / 60,
        }
        for k, v in self.counts.items():
            info[f"n_{k}"] = v
        for p in range(P):
            info[f"len_{p}"] = int(L[p])
        for p in range(P):
            info[f"start_len_{p}"] = int(L0[p])
        return info

    # -- display --------------------------------------------------------------
    def card_name(self, seat: int, cid: int) -> str:
        """A physical card as a seat's hand shows it: its card, and which of the two copies where the
        hand holds both (two moves that hand over one or the other have two names).

        >>> s = PolymerState.__new__(PolymerState); s.hands = [[14, 15, 3]]
        >>> s.card_name(0, 14), s.card_name(0, 15), s.card_name(0, 3)
        ('8S (copy 1)', '8S (copy 2)', '2S')
        """
        name = str(card_of(cid))
        if cid < JOKER_BASE and seat < len(self.hands) and (cid ^ 1) in self.hands[seat]:
            return f"{name} (copy {cid % 2 + 1})"
        return name

    def describe_action(self, action) -> str:
        if isinstance(action, tuple) and action and action[0] == "swap":
            _, d, k, give, take = action
            q = self.partner(self.proposer, d, k)
            via = f" via {k - 1} link(s)" if k > 1 else ""
            mine, theirs = self.card_name(self.proposer, give), self.card_name(q, take)
            return f"{seat_name(self.proposer)} swaps {mine} for {seat_name(q)}'s {theirs}{via}"
        if isinstance(action, tuple) and action and action[0] == "deal":
            trade, d, k, give, take, sweeten, ask_tokens = action[1]
            q = self.partner(self.proposer, d, k)
            asked = (
                ", ".join(str(Card.from_index(t)) for t in take)
                if self.rules.information == "hidden"
                else ", ".join(str(card_of(c)) for c in take)
            )
            tokens = (f" + {sweeten} token(s)" if sweeten else "") + (
                f" for {ask_tokens} token(s)" if ask_tokens else ""
            )
            return (
                f"{seat_name(self.proposer)} {'lends' if trade == 'loan' else 'trades'} "
                f"[{', '.join(self.card_name(self.proposer, c) for c in give)}]{tokens} with {seat_name(q)} for [{asked}]"
            )
        if isinstance(action, tuple) and action and action[0] == "ask":
            _, d, k, give, t = action
            q = self.partner(self.proposer, d, k)
            mine = self.card_name(self.proposer, give)
            return f"{seat_name(self.proposer)} offers {mine} to {seat_name(q)} for a {Card.from_index(t)}"
        if isinstance(action, tuple) and action and action[0] == "borrow":
            q = self.partner(self.proposer, action[1], 1)
            return f"{seat_name(self.proposer)} asks {seat_name(q)} to lend a {Card.from_index(action[2])}"
        if isinstance(action, tuple) and action and action[0] == "loan":
            q = self.partner(self.proposer, action[1], 1)
            return f"{seat_name(self.proposer)} borrows {self.card_name(q, action[2])} from {seat_name(q)}"
        return str(action)

    def action_to_string(self, action) -> str:
        return self.describe_action(action)

    def __repr__(self) -> str:
        lines = [f"PolymerState(phase={self.phase!r}, turn={self.turn})"]
        for p, h in enumerate(self.hands):
            lines.append(f"  {seat_name(p)}: {format_cards(card_of(c) for c in h)}")
        return "\n".join(lines)

    def boundaries(self) -> list[bool]:
        """Per seat p: whether p and the next seat form a phase boundary (see :func:`is_boundary`);
        empty before the deal."""
        if not self.start_hands:
            return []
        L = self.lengths()
        return [is_boundary(int(L[p]), int(L[(p + 1) % len(L)])) for p in range(len(L))]

    def table_facts(self) -> dict[str, Any]:
        """What a picture of the table shows (the keyword arguments of ``svg.table_svg`` and
        ``plot.plot_table``): each seat's polymer length, the scores and the winner at the end,
        the phase boundaries and the phase; no lengths before the deal."""
        if not self.start_hands:
            return {"lengths": [], "phase": self.phase}
        end = self.is_terminal()
        return {
            "lengths": self.lengths(),
            "scores": self.returns() if end else None,
            "winner": self.winner() if end else None,
            "boundaries": self.boundaries(),
            "phase": self.phase,
        }

    def _repr_svg_(self) -> str:
        from .svg import table_svg

        return table_svg(**self.table_facts())
