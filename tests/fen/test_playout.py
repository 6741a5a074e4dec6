"""The compiled random playout plays only legal actions and ends where the Python engine ends."""

import numpy as np
import pytest

from negenlab.fen import FenGame, Rules, tilings

CASES = [
    ("triangle7", lambda: tilings.triangle(7), Rules()),
    ("triangle3-n2e3-nopartial", lambda: tilings.triangle(3), Rules(n=2, e=3, partial_claims=False)),
    ("triangle3-n2e2-nopie", lambda: tilings.triangle(3), Rules(n=2, e=2, pie_rule=False)),
    ("hex2", lambda: tilings.hexagon(2), Rules()),
    ("snub-square-13", lambda: tilings.archimedean("3.3.4.3.4", faces=13), Rules()),
]


@pytest.mark.parametrize("name,make,rules", CASES, ids=[c[0] for c in CASES])
def test_playout_replays_legally_through_the_engine(name, make, rules):
    game = FenGame(make(), rules)
    rng = np.random.default_rng(11)
    for _ in range(25):
        s = game.new_initial_state()
        for _ in range(int(rng.integers(0, 40))):  # start anywhere, also mid-turn
            if s.is_terminal():
                break
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))])
        before = s.clone()
        ret, actions = s.playout(rng, record=True)
        assert s.history == before.history  # the position is untouched
        replay = s.clone()
        for a in actions:
            assert a in replay.legal_actions()
            replay.apply(a)  # raises IllegalMoveError on any illegal action
        assert replay.is_terminal()
        assert replay.returns() == ret


def test_playout_is_reproducible_and_used_by_mcts():
    from negenlab.core.agents import MCTSAgent

    s = FenGame(tilings.triangle(3)).new_initial_state()
    r1 = s.playout(np.random.default_rng(5), record=True)
    r2 = s.playout(np.random.default_rng(5), record=True)
    assert r1 == r2
    a = MCTSAgent(simulations=40).step(s, np.random.default_rng(0))
    assert a in s.legal_actions()
