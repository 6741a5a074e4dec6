# Polymer's legal actions as they were before the ask and swap lists were built by itertools.product
# (negenlab/polymer/game.py, PolymerState.legal_actions before commit 64ffdac): the
# same method as a function of the state. Kept for benchmarks/bench_polymer_legal_actions.py, which
# holds the new method to the same list; frozen as it was, its repeats of game.py are on purpose.
"""PolymerState.legal_actions with generator expressions (the old code)."""

from __future__ import annotations

from negenlab.polymer.game import CARD_TYPES, is_joker


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
                acts.extend(("ask", direction, distance, a, t) for a in mine for t in range(CARD_TYPES))
            else:
                theirs = [c for c in self.hands[q] if not is_joker(c)]
                acts.extend(("swap", direction, distance, a, b) for a in mine for b in theirs)
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
