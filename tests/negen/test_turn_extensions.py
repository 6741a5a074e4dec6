"""The game's add-dice generator against a brute force: every way to add board dice to one spiral.

``_spiral_extensions`` builds added dice as unions of sequences and prunes (board values, and
under adjacency pairs that can never be covered). The brute force here places dice one at a
time on any empty cell next to the spiral, with any board value, and keeps every end table
whose spiral is valid: the two must find the same valid spirals, for every rule variant.
"""
from __future__ import annotations

import numpy as np
import pytest

from negenlab.negen.agents import RandomTurnAgent
from negenlab.negen.game import Negen
from negenlab.negen.rules import Rules
from negenlab.negen.turns import DIRS, _spiral_extensions, components, spiral_status


def brute_extensions(cells: dict, board: tuple) -> set:
    """Every non-empty set of added dice (values a sub-multiset of ``board``), each die chained to
    the spiral through dice placed before it, as a frozenset of ``((r, c), v)``."""
    found: set = set()

    def place(added: dict, rest: tuple):
        every = dict(cells)
        every.update(added)
        free = {(r + dr, c + dc) for (r, c) in every for dr, dc in DIRS} - set(every)
        for p in free:
            for i, v in enumerate(rest):
                if v in rest[:i]:
                    continue  # the same value twice gives the same tables
                nxt = dict(added)
                nxt[p] = v
                key = frozenset(nxt.items())
                if key in found:
                    continue
                found.add(key)
                place(nxt, rest[:i] + rest[i + 1:])

    place({}, tuple(sorted(board)))
    return found


def spirals_from_play(rules: Rules, seeds, turns: int = 4):
    """Spirals (with the board of the player to move) met in the first turns of random games."""
    out = []
    for seed in seeds:
        state = Negen(rules.replace(target_score=1)).new_initial_state()
        rng = np.random.default_rng(seed)
        agent = RandomTurnAgent()
        seen_turns = 0
        while not state.is_terminal() and seen_turns < turns:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == "turn":
                seen_turns += 1
                for comp in components(state.table):
                    out.append(({p: state.table[p] for p in comp}, state.boards[state.to_move][:3]))
            state.apply(agent.step(state, rng))
    return out


@pytest.mark.parametrize("rules", [r for r in Rules.variants() if r.rearrange == "join"],
                         ids=lambda r: f"{r.sequence_shape}-{r.coverage}")
def test_extensions_find_every_valid_spiral(rules):
    cases = spirals_from_play(rules, seeds=range(3))
    assert len(cases) >= 8
    compared = 0
    for cells, board in cases:
        if len(cells) > 6:
            continue  # keeps the brute force small
        fast = {frozenset(d.items()) for d in _spiral_extensions(cells, board, rules)}
        valid_fast = {d for d in fast if spiral_status({**cells, **dict(d)}, rules)[0]}
        valid_brute = {d for d in brute_extensions(cells, board) if spiral_status({**cells, **dict(d)}, rules)[0]}
        assert valid_fast == valid_brute, (cells, board, sorted(valid_brute - valid_fast)[:3])
        compared += 1
    assert compared >= 5
