"""What a seat believes about the hands it cannot see, from its observation alone.

A seat at a hidden-information table (``Rules(information="hidden")``) sees its own hand, every hand's
size, the public record and its memory of the offers it took part in (``state.observation(seat)``:
``public``, ``seen``). :class:`Belief` turns that into deals of the unseen cards to the other hands
(and to the box: leftovers and the face-down middle), each consistent with what the seat saw:

- **hard facts**: every hand's size; a card a seat was seen to hold (a card it offered in a deal this
  seat saw whole, a card this seat handed it, a card type it handed over) stays in its hand until the
  public record shows it giving cards away; the seat's own cards are nowhere else;
- **soft evidence**, as weights on a seat holding a card type: a partner that refused this seat's ask
  for a type (it may lack the type, or not want to part with it) holds it less likely
  (:data:`REFUSED`); a seat that announced wanting a type, or asked for it in an offer this seat saw,
  holds it less likely (:data:`WANTED`); a card seen in a hand that has given cards away since is more
  likely still there (:data:`PASSED_ON`);
- **firm refusals** (``Belief.of(..., firm_refusals=True)``, an option the play widgets turn on; the
  studies' players keep it off): a partner that refused this seat's ask for a type, and has moved no
  card since (:func:`standing_refusals`), is taken at its word: it holds none of that type to give
  (weight 0), so the seat does not ask it for that type again until its hand changes.

A deal is drawn by handing the unseen cards out in a random order, each to a hand with room for it,
with chance proportional to the room left times its weight (an urn; the hard facts hold exactly, the
soft evidence approximately). Everything comes from the observation and the ``rng``: dealing the
other hands out again with everything public unchanged changes no belief.

>>> import numpy as np
>>> from negenlab.polymer.game import PolymerGame
>>> from negenlab.polymer.rules import Rules
>>> s = PolymerGame(Rules(players=5)).new_initial_state()
>>> s.apply(s.sample_chance(np.random.default_rng(1)))
>>> belief = Belief.of(s.observation(0), s.rules)
>>> deals = belief.sample(np.random.default_rng(2), 3)
>>> [len(hand) for hand in deals[0]], deals[0][0] == belief.mine
([20, 20, 20, 20, 20], True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numba as nb
import numpy as np

from negenlab.core.errors import InvalidInputError

from .rules import REGULAR_CARDS, Rules

CARD_TYPES = REGULAR_CARDS // 2
JOKER_TYPE = CARD_TYPES  # jokers are one more "type" in the belief (they never count in a polymer)
REFUSED = 0.35
"""Weight on a partner holding a type after it refused this seat's ask for it."""
WANTED = 0.5
"""Weight on a seat holding a type it said it wants (announced, or asked for in an offer)."""
PASSED_ON = 3.0
"""Weight on a seat still holding a card it was seen to hold, once it has given cards away since."""


def type_of(card: int) -> int:
    """The belief's type of a physical card id: 0..51, or :data:`JOKER_TYPE` for a joker."""
    return card // 2 if card < REGULAR_CARDS else JOKER_TYPE


def given_away(entry: tuple) -> dict[int, int]:
    """How many cards each seat hands over in one entry of the public record.

    >>> given_away(("swap", 0, 1, 2, 2, 0, ())), given_away(("loan", 3, 4, 1)), given_away(("pass", 2))
    ({0: 2, 1: 2}, {3: 1}, {})
    """
    kind = entry[0]
    if kind in ("swap", "loan") and len(entry) >= 5:  # a trade: the first seat gives entry[3], the second entry[4]
        return {entry[1]: int(entry[3]), entry[2]: int(entry[4])}
    if kind in ("loan", "repay"):  # a one-card loan (lender first) or a repayment (debtor first)
        return {entry[1]: int(entry[3])}
    if kind == "collide":  # the target loses a card to the seat that played the joker
        return {entry[2]: 1}
    return {}


def hand_changed(entry: tuple) -> set[int]:
    """The seats whose hands one entry of the public record changes (a card given or taken).

    >>> hand_changed(("swap", 0, 1, 2, 2, 0, ())), hand_changed(("absorb", 3)), hand_changed(("reject", 2, 0))
    ({0, 1}, {3}, set())
    """
    kind = entry[0]
    if kind in ("swap", "loan", "repay", "collide"):
        return {int(entry[1]), int(entry[2])}
    if kind == "absorb":
        return {int(entry[1])}
    return set()


def standing_refusals(ob: dict) -> dict[int, frozenset[int]]:
    """Per seat, the card types it refused to hand over to the observing seat (as the partner of an
    offer this seat made) and has moved no card since: what the refusal showed it does not hold or
    will not give, read from the seat's observation alone (its memory of its offers and the public
    record).

    >>> import numpy as np
    >>> from negenlab.polymer.game import PolymerGame
    >>> s = PolymerGame(Rules(players=5)).new_initial_state()
    >>> s.apply(s.sample_chance(np.random.default_rng(1)))
    >>> lacking = next(t for t in range(52) if all(c // 2 != t for c in s.hands[1]))
    >>> s.apply(("ask", 1, 1, s.hands[0][0], lacking)); s.apply("reject")
    >>> standing_refusals(s.observation(0)) == {1: frozenset({lacking})}
    True
    """
    seat, public = int(ob["seat"]), ob["public"]
    open_table = ob.get("hands") is not None
    out: dict[int, set[int]] = {}
    for record in ob["seen"]:
        _, index, _kind, p, q, _give, take, _sweeten, _ask, outcome, refuser = record
        if p != seat or outcome != "refused" or refuser != q:
            continue
        if any(q in hand_changed(entry) for entry in public[index:]):
            continue  # it has traded since: its hand, and what it would give, may have changed
        out.setdefault(q, set()).update(type_of(t) if open_table else int(t) for t in take)
    return {q: frozenset(types) for q, types in out.items()}


def _offer_cards(pending: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards a proposal seen whole gives and the types (or cards, open) it asks for."""
    if pending[0] == "deal":
        return tuple(pending[1][3]), tuple(pending[1][4])
    if pending[0] in ("ask", "swap"):
        return (pending[3],), (pending[4],)
    return (), (pending[2],)  # a loan asked for: ("borrow", direction, type) or ("loan", direction, card)


@nb.njit(cache=True)
def _hand_out(cards: np.ndarray, weights: np.ndarray, room: np.ndarray, draws: np.ndarray) -> np.ndarray:
    """The slot of each card (in the given order): chance proportional to the room left times the
    slot's weight for the card's type."""
    room = room.copy()
    out = np.empty(cards.shape[0], np.int64)
    for i in range(cards.shape[0]):
        t = cards[i]
        total = 0.0
        for s in range(room.shape[0]):
            total += room[s] * weights[s, t]
        x = draws[i] * total
        chosen = -1
        for s in range(room.shape[0]):
            if room[s] > 0:
                chosen = s
                x -= room[s] * weights[s, t]
                if x < 0:
                    break
        out[i] = chosen
        room[chosen] -= 1
    return out


@dataclass(frozen=True)
class Belief:
    """A seat's belief: its own card types, the card types it knows other hands hold, the room left
    in each hand and in the box, and the weights of the soft evidence. :meth:`of` reads it from an
    observation; :meth:`sample` draws deals."""

    seat: int
    sizes: tuple[int, ...]
    mine: tuple[int, ...]  # own regular card types, sorted
    known: tuple[tuple[int, ...], ...]  # per seat: types it surely holds (own seat: empty)
    unseen: tuple[int, ...]  # the types of every card neither in the own hand nor known elsewhere
    room: tuple[int, ...]  # per seat, then the box: unknown cards to hand out
    weights: np.ndarray  # (seats + 1, 53)
    wants: tuple[frozenset[int], ...]  # per seat: the types it said or showed it wants

    @classmethod
    def of(cls, ob: dict, rules: Rules, firm_refusals: bool = False) -> Belief:
        """The belief of the seat whose observation ``ob`` is (see the module docstring); with
        ``firm_refusals`` a partner's standing refusal (:func:`standing_refusals`) leaves it no card of
        the types it refused."""
        if "seen" not in ob or "public" not in ob:
            raise InvalidInputError("a belief needs a seat's observation (state.observation(seat))")
        seat, sizes = int(ob["seat"]), tuple(int(n) for n in ob["hand_sizes"])
        P = len(sizes)
        public = ob["public"]
        weights = np.ones((P + 1, CARD_TYPES + 1))
        wants: list[set[int]] = [set(w) for w in ob["wants"]]
        for entry in public:
            if entry[0] == "announce":
                weights[entry[1], entry[2]] *= WANTED
        # when each seat last handed cards over (index into the public record)
        last_gave = [-1] * P
        for i, entry in enumerate(public):
            for who, n in given_away(entry).items():
                if n > 0:
                    last_gave[who] = i
        facts: dict[tuple, tuple[int, int, int]] = {}  # key -> (seat, type, public index)
        for record in ob["seen"]:
            _, index, _kind, p, q, give, take, _sweeten, _ask, outcome, refuser = record
            take_types = [t if ob.get("hands") is None else type_of(t) for t in take]
            for c in give:
                facts[("card", c)] = (q if outcome == "done" else p, type_of(c), index)
            if outcome == "done":
                for j, t in enumerate(take_types):
                    facts[("took", index, j)] = (p, t, index)
            for t in take_types:
                if p != seat:
                    weights[p, t] *= WANTED
                    wants[p].add(t)
            if outcome == "refused" and refuser == q and p == seat:
                for t in take_types:
                    weights[q, t] *= REFUSED
        if ob.get("pending_whole") and ob["pending"] is not None:  # an offer being answered, seen whole
            give, take = _offer_cards(ob["pending"])
            p = int(ob["proposer"])
            for c in give:
                facts[("card", c)] = (p, type_of(c), len(public))
            if p != seat:
                for t in take:
                    weights[p, t if ob.get("hands") is None else type_of(t)] *= WANTED
        if firm_refusals:
            for q, types in standing_refusals(ob).items():
                for t in types:
                    weights[q, t] = 0.0
        counts = Counter({t: 2 for t in range(CARD_TYPES)})
        counts[JOKER_TYPE] = rules.jokers - int(ob.get("jokers_on_table", 0))
        mine_all = [type_of(c) for c in ob["hand"]]
        counts.subtract(mine_all)
        known: list[list[int]] = [[] for _ in range(P)]
        for who, t, index in sorted(facts.values(), key=lambda f: -f[2]):  # the latest facts first
            if who == seat or counts[t] <= 0 or len(known[who]) >= sizes[who]:
                continue
            if last_gave[who] > index:  # it has handed cards over since: likely, not sure
                weights[who, t] *= PASSED_ON
                continue
            known[who].append(t)
            counts[t] -= 1
        unseen = tuple(sorted(t for t, n in counts.items() for _ in range(max(0, n))))
        room = [0 if p == seat else sizes[p] - len(known[p]) for p in range(P)]
        box = len(unseen) - sum(room)
        if box < 0:
            raise InvalidInputError(
                f"seat {seat}'s observation leaves {len(unseen)} unseen cards for {sum(room)} places in the other hands"
            )
        return cls(
            seat=seat,
            sizes=sizes,
            mine=tuple(sorted(t for t in mine_all if t < CARD_TYPES)),
            known=tuple(tuple(sorted(k)) for k in known),
            unseen=unseen,
            room=(*room, box),
            weights=weights,
            wants=tuple(frozenset(w) for w in wants),
        )

    def sample(self, rng: np.random.Generator, n: int) -> list[list[tuple[int, ...]]]:
        """``n`` deals: per deal, every seat's regular card types (sorted; the own seat's are its own).

        >>> b = Belief(0, (2, 2), (0, 1), ((), (5,)), (5, 7, 9), (0, 1, 2), np.ones((3, 53)), (frozenset(),) * 2)
        >>> deal = b.sample(np.random.default_rng(0), 1)[0]
        >>> deal[0], 5 in deal[1], len(deal[1])
        ((0, 1), True, 2)
        """
        cards = np.array(self.unseen, dtype=np.int64)
        room = np.array(self.room, dtype=np.int64)
        P = len(self.sizes)
        # every card as slot * 64 + type; the known cards (and the own hand) sit in their slots already
        fixed = [p * 64 + t for p in range(P) for t in (self.mine if p == self.seat else self.known[p])]
        fixed_keys = np.array(fixed, dtype=np.int64)
        edges = np.arange(P + 1, dtype=np.int64) * 64
        # a type some hand may not hold (a firm refusal, weight 0) is handed out first, while every hand
        # has room: dealt last it could find room only in that hand
        barred = np.flatnonzero((self.weights == 0).any(axis=0))
        deals = []
        for _ in range(n):
            order = cards[rng.permutation(cards.shape[0])]
            if barred.size:
                first = np.isin(order, barred)
                order = np.concatenate([order[first], order[~first]])
            slots = _hand_out(order, self.weights, room, np.asarray(rng.random(cards.shape[0])))
            keys = np.concatenate([fixed_keys, slots * 64 + order])
            keys.sort()
            cut = np.searchsorted(keys, edges).tolist()
            types = (keys % 64).tolist()
            deals.append([tuple(t for t in types[cut[p] : cut[p + 1]] if t < CARD_TYPES) for p in range(P)])
        return deals


__all__ = [
    "Belief",
    "CARD_TYPES",
    "JOKER_TYPE",
    "PASSED_ON",
    "REFUSED",
    "WANTED",
    "given_away",
    "hand_changed",
    "standing_refusals",
    "type_of",
]
