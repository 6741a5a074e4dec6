"""Pig keeps negenlab's game protocol, its claims file reads, and its exact solve agrees with a hand count."""

import xml.etree.ElementTree as ET

from negenlab_pig import ENTRY, PigGame

from negenlab import games
from negenlab.core.questions import read_game_claims
from negenlab.core.solve import solve
from negenlab.core.testing import check_game


def test_the_game_keeps_the_protocol():
    games.register(ENTRY)
    assert check_game(games.load("pig"))["positions"] > 0
    assert check_game(games.load("pig", players=3, target=30))["positions"] > 0


def test_the_claims_file_reads_with_its_measures():
    assert [c.claim.id for c in read_game_claims(ENTRY.claims, "pig")] == ["fair_start", "quick", "clock_rare"]


def test_one_turn_each_to_two_points_goes_to_the_first_roll_that_is_no_one():
    # any face but 1 reaches 2 at once: seat 1 wins 5/6; seat 2 wins 5/6 of the rest; two 1s are a draw
    first, second = 5 / 6, (1 / 6) * (5 / 6)
    assert abs(solve(PigGame(target=2, rounds=1)).value - (first - second)) < 1e-12


def test_the_board_is_an_svg_picture():
    state = PigGame().new_initial_state()
    for action in (4, "roll", 3):
        state.apply(action)
    root = ET.fromstring(state._repr_svg_())
    assert root.tag.endswith("svg") and "7" in "".join(root.itertext())
