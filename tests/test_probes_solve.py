"""Probes of the generic exact solver's guards (negenlab.core.solve): each refusal is one line naming
what is wrong; the documented fallback key and value_range work."""

from __future__ import annotations

import json

import pytest

from negenlab.core import solve as solve_module
from negenlab.core.errors import CertificateError, InvalidInputError, UnsolvableGameError
from negenlab.core.examples import CoinToss, DiceRace, Nim, NimState
from negenlab.core.solve import SIMULTANEOUS, certificate, solve, verify
from negenlab.games import load


def one_line(err: pytest.ExceptionInfo) -> str:
    text = str(err.value)
    assert "\n" not in text
    return text


class KeylessState(NimState):
    def key(self):
        return None

    def clone(self):
        return KeylessState(list(self.heaps), self.player)


class EqState(KeylessState):
    """No key(), but equality and a hash of its own: the documented fallback (the state is its key)."""

    def __eq__(self, other):
        return isinstance(other, EqState) and (self.heaps, self.player) == (other.heaps, other.player)

    def __hash__(self):
        return hash((tuple(self.heaps), self.player))

    def clone(self):
        return EqState(list(self.heaps), self.player)


class ListKeyState(KeylessState):
    def key(self):
        return [self.heaps, self.player]


class Variant(Nim):
    """Nim whose states are ``state_class``."""

    state_class: type = KeylessState

    def new_initial_state(self):
        return self.state_class(list(self.rules.heaps), 0)


def variant(state_class, heaps=(1, 2), **attrs):
    cls = type("V", (Variant,), {"state_class": state_class, **attrs})
    return cls(heaps)


def test_a_state_without_a_key_is_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(variant(KeylessState))
    assert one_line(err).startswith("KeylessState gives no key(): the exact solver needs each state's key()")


def test_a_state_with_equality_and_a_hash_is_its_own_key():
    assert solve(variant(EqState)).value == solve(Nim((1, 2))).value == 1.0


def test_an_unhashable_key_is_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(variant(ListKeyState))
    assert one_line(err) == "ListKeyState.key() gave an unhashable list; return a tuple, bytes or str"


def test_hidden_information_is_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(variant(NimState, perfect_information=False, name="hidden_nim"))
    assert one_line(err) == "hidden_nim has hidden information; the solver takes games of perfect information"


class SimultaneousState(NimState):
    @property
    def current_player(self):
        return SIMULTANEOUS if sum(self.heaps) == 2 else super().current_player

    def clone(self):
        return SimultaneousState(list(self.heaps), self.player)


def test_simultaneous_moves_are_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(variant(SimultaneousState, heaps=(1, 2)))
    assert (
        one_line(err) == "nim has simultaneous moves (after (0, 1)); the solver takes games whose players move in turn"
    )


def test_more_than_two_players_are_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(DiceRace(players=3))
    assert one_line(err) == "dice_race has 3 players; the solver takes one- or two-player games"


class BothWinState(NimState):
    def returns(self):
        return [1.0, 1.0] if self.is_terminal() else [0.0, 0.0]

    def clone(self):
        return BothWinState(list(self.heaps), self.player)


class DoubleState(NimState):
    def returns(self):
        return [2 * r for r in super().returns()]

    def clone(self):
        return DoubleState(list(self.heaps), self.player)


def test_returns_that_are_not_zero_sum_are_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(variant(BothWinState, heaps=(1,)))
    assert one_line(err) == (
        "returns [1.0, 1.0] at (0, 1) are not zero-sum; the solver takes two-player zero-sum games"
    )


def test_returns_outside_the_value_range_are_refused_and_value_range_widens_it():
    with pytest.raises(UnsolvableGameError) as err:
        solve(variant(DoubleState, heaps=(1,)))
    assert one_line(err) == "return 2 at (0, 1) lies outside the value range -1..1; pass value_range"
    assert solve(variant(DoubleState, heaps=(1, 2)), value_range=(-2, 2)).value == 2.0


def test_a_game_whose_positions_repeat_is_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(DiceRace(target=3))  # a 1 rolled by each in turn brings the start back
    text = one_line(err)
    assert text.startswith("the position after 1 > 1 was met before on the same line (a cycle)")


class SameNameState(NimState):
    def action_to_string(self, action):
        return "take"

    def clone(self):
        return SameNameState(list(self.heaps), self.player)


def test_first_moves_sharing_a_name_are_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(variant(SameNameState, heaps=(2,)))
    assert one_line(err) == "two first moves of nim share a name in action_to_string: ['take', 'take']"


class StuckState(NimState):
    def legal_actions(self):
        return [] if sum(self.heaps) == 1 else super().legal_actions()

    def clone(self):
        return StuckState(list(self.heaps), self.player)


def test_a_position_with_no_action_that_is_not_over_is_refused():
    with pytest.raises(UnsolvableGameError) as err:
        solve(variant(StuckState, heaps=(2,)))
    assert one_line(err) == "the position after (0, 1) is not over but has no legal action"


@pytest.mark.parametrize(
    "options, message",
    [
        ({"max_nodes": 0}, "max_nodes must be a whole number"),
        ({"max_nodes": "lots"}, "max_nodes must be a whole number"),
        ({"seconds": -1}, "seconds must be a finite number > 0"),
        ({"seconds": float("nan")}, "seconds must be a finite number > 0"),
        ({"value_range": (1, -1)}, "value_range must be (low, high) with low < high, got (1, -1)"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(InvalidInputError) as err:
        solve(Nim((1, 2)), **options)
    assert one_line(err).startswith(message)


def test_what_is_no_game_is_refused():
    with pytest.raises(InvalidInputError) as err:
        solve("necklace")
    assert one_line(err).startswith("solve needs a Game (e.g. negenlab.games.load('necklace', size=3)), got str")


class DrawState(NimState):
    def returns(self):
        return [0.0, 0.0]

    def clone(self):
        return DrawState(list(self.heaps), self.player)


def test_a_certificate_of_a_draw_or_an_expectation_is_refused():
    with pytest.raises(CertificateError) as err:
        certificate(solve(variant(DrawState, heaps=(1, 2))))
    assert one_line(err) == "a certificate proves a two-player win without chance; nim is draw"
    with pytest.raises(CertificateError) as err:
        certificate(solve(CoinToss()))
    assert one_line(err) == "a certificate proves a two-player win without chance; coin_toss is value 0 (expected)"
    with pytest.raises(InvalidInputError, match="certificate needs the GameSolution that solve"):
        certificate(object())


@pytest.mark.parametrize(
    "cert, message",
    [
        ("not a dict", "a certificate is a dict of format 'negenlab-certificate/1'"),
        ({"format": "negenlab-certificate/1", "game": None}, "the certificate is for None, not"),
    ],
)
def test_verify_refuses_what_is_no_certificate_of_this_game(cert, message):
    with pytest.raises(CertificateError) as err:
        verify(Nim((1, 2)), cert)
    assert one_line(err).startswith(message)


def test_verify_refuses_a_bad_winner_a_bad_entry_and_a_line_named_twice():
    game = Nim((1, 2))
    cert = certificate(solve(game))
    for winner in (2, "0", None, True):
        with pytest.raises(CertificateError, match="winner must be seat 0 or 1 of a two-player game"):
            verify(game, dict(cert, winner=winner))
    with pytest.raises(CertificateError, match=r"each of the certificate's moves is \[line, move\]"):
        verify(game, dict(cert, moves=[[[], 3]]))
    for entry in ([5, "(1, 1)"], [[("(1, 1)",)], "(0, 1)"], "(1, 1)"):
        with pytest.raises(CertificateError, match=r"each of the certificate's moves is \[line, move\]"):
            verify(game, dict(cert, moves=[entry]))
    with pytest.raises(CertificateError) as err:
        verify(game, dict(cert, moves=[*cert["moves"], cert["moves"][0]]))
    assert one_line(err) == "the certificate names two moves after the start"


def test_polymer_is_refused_for_its_hidden_hands_and_open_for_its_seats():
    with pytest.raises(UnsolvableGameError) as err:
        solve(load("polymer"))
    assert one_line(err) == "polymer has hidden information; the solver takes games of perfect information"
    with pytest.raises(UnsolvableGameError) as err:
        solve(load("polymer", information="open", players=5))
    assert one_line(err) == "polymer has 5 players; the solver takes one- or two-player games"


def test_negen_states_give_no_key():
    with pytest.raises(UnsolvableGameError) as err:
        solve(load("negen", players=2))
    assert one_line(err).startswith("NegenState gives no key()")


def test_the_answer_as_text_json_and_progress():
    said: list[str] = []
    s = solve(Nim((1, 2, 4)), progress=said.append)
    assert len(said) == 7 and said[3] == "nim: first move (2, 1): 1 (" + said[3].split("(", 2)[2]
    assert s.lines()[:2] == [s.lines()[0], "winning first moves: (2, 1)"]
    assert s.lines()[0].startswith("nim: first player wins (value 1 for the first player); ")
    data = json.loads(json.dumps(s.to_dict()))
    assert data["value"] == 1.0 and data["winning_first_moves"] == ["(2, 1)"] and data["complete"] is True
    capped = solve(Nim((1, 2, 4)), max_nodes=5)
    assert capped.lines()[-1].startswith("stopped by the node cap of 5 at (0, 1) > ")
    assert capped.lines()[0].startswith("nim: not solved; ")


def test_a_search_stops_when_memory_runs_low(monkeypatch):
    monkeypatch.setattr(solve_module, "available_memory", lambda: 100 * 2**20)
    s = solve(Nim((4, 6, 8, 10, 12)), max_nodes=100_000)  # memory is read every 65,536 positions
    assert not s.complete and s.value is None
    assert s.stopped.startswith("stopped by the memory left (less than 256 MiB) at ")
