"""A board for any game (issue 54, item 4): :class:`negenlab.core.play.PlayWidget` and
:func:`negenlab.desk.board` play a game registered at run time from its list of legal actions.

Everything is driven as the browser drives it: a button's click handlers (``Button.click()``), the
dropdowns' values. No browser is needed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from negenlab import games
from negenlab.core.agents import Agent
from negenlab.core.errors import IllegalMoveError
from negenlab.core.examples import DiceRace, Nim, NimState
from negenlab.core.game import CHANCE, TERMINAL, Game, State
from negenlab.core.play import BUTTON_LIMIT, PlayWidget, draw_state
from negenlab.core.registry import GameEntry
from negenlab.desk import board


@pytest.fixture
def registered():
    """Nim, the dice race and a hidden-card game registered at run time, forgotten afterwards."""
    games.register(GameEntry("nimplay", make_game=Nim, title="Nim"))
    games.register(GameEntry("diceplay", make_game=DiceRace, title="Dice race"))
    games.register(GameEntry("highcard", make_game=HighCard, title="High card"))
    yield games
    for name in ("nimplay", "diceplay", "highcard"):
        games.unregister(name)


def keys(widget: PlayWidget) -> list[tuple]:
    return [(m.player, m.name) for m in widget.moves]


# -- playing from the buttons ----------------------------------------------------------------------
def test_the_buttons_play_the_legal_actions_and_the_agent_replies_with_its_reason(registered):
    w = board("nimplay", heaps=(1, 2, 3), agents="random", seed=0)
    assert w.title == "Nim" and w.humans == {0}
    assert [b.description for b in w.action_buttons] == [w.state.action_to_string(a) for a in w.state.legal_actions()]
    assert w.status.value.startswith("seat 1 (first) to move (you)")
    w.action_buttons[-1].click()  # (2, 3): take the whole third heap
    assert w.error_message == ""
    assert keys(w)[0] == (0, "(2, 3)") and keys(w)[1][0] == 1  # the agent answered at once
    assert w.state.current_player == 0 and not w.state.is_terminal()
    assert w.why.lines and w.why.lines[0].startswith("seat 2: random chose ")
    assert "1. seat 1 (you): (2, 3)" in w.history.value and "2. seat 2: " in w.history.value
    while not w.state.is_terminal():
        w.action_buttons[0].click()
    assert w.status.value.startswith("game over: seat ") and "returns: seat 1 (you) " in w.status.value
    assert w.action_buttons == [] and w.actions.children == ()


def test_many_actions_are_a_list_with_play(registered):
    w = board("nimplay", heaps=(30, 30), agents="random")
    assert len(w.state.legal_actions()) > BUTTON_LIMIT and w.action_buttons == []
    assert len(w.choice.options) == 60 and w.play_button in w.actions.children
    w.choice.value = w.choice.options[59][1]
    w.play_button.click()
    assert keys(w)[0] == (0, "(1, 30)") and w.error_message == ""


def test_undo_goes_back_to_your_last_decision_and_the_seed_replays(registered):
    w = board("nimplay", heaps=(4, 5, 6, 7), agents="random", seed=5)  # its replies hang on its generator
    start = w.state.key()
    assert w.undo_button.disabled
    w.action_buttons[0].click()
    w.action_buttons[0].click()
    after_two, moves_two = w.state.key(), keys(w)
    w.undo()
    after_one = w.state.key()
    assert len(keys(w)) == 2 and after_one != after_two
    w.action_buttons[0].click()  # the same decision again: the agent's generator was put back too
    assert (w.state.key(), keys(w)) == (after_two, moves_two)
    w.undo_button.click()
    w.undo_button.click()
    assert w.state.key() == start and w.moves == [] and w.undo_button.disabled
    w.undo()
    assert w.error_message == "IllegalMoveError: nothing to undo: you have not played yet"


def test_the_seat_choice_decides_who_plays(registered):
    w = board("nimplay", heaps=(1, 2, 3), agents="random", seed=2)
    labels = [label for label, _ in w.seats.widget.options]
    assert labels == ["seat 1 (first)", "seat 2", "every seat (hot seat)", "no seat (watch the agents)"]
    w.seats.widget.value = 2  # seat 2: the agent opens
    assert w.humans == {1} and keys(w)[0][0] == 0 and w.state.current_player == 1
    w.seats.widget.value = 3  # every seat: nobody answers
    assert w.moves == [] and w.state.current_player == 0
    w.action_buttons[0].click()
    assert len(w.moves) == 1 and w.state.current_player == 1 and w.action_buttons
    w.seats.widget.value = 0  # no seat: the agents play it out
    assert w.state.is_terminal() and w.humans == frozenset() and "you" not in w.status.value
    mixed = board("diceplay", players=3, you=[0, 2], agents="random")
    assert mixed.humans == {0, 2} and mixed.seats.widget.label == "seat 1, seat 3"


def test_agents_from_the_field_and_a_bad_spec_said_in_the_widget(registered):
    w = board("nimplay", heaps=(1, 2, 3), seed=1)
    assert w.agents.value == "random"  # the entry's default agent
    w.action_buttons[0].click()
    played = keys(w)
    w.agents.value = "mcts:lots"  # refused: the game in play stays
    assert "AgentSpecError" in w.error_message and "lots" in w.error_message and keys(w) == played
    w.agents.value = "random,mcts:20"  # one per seat: a new game
    assert [a.name for a in w.agent_list] == ["random", "mcts"] and w.error_message == "" and w.moves == []
    with pytest.raises(games.InvalidInputError, match="has seats 0..1"):
        board("nimplay", you=2)


def test_save_game_writes_one_html_file(registered, tmp_path):
    w = board("nimplay", heaps=(1, 2, 3), agents="random", seed=0, folder=tmp_path)
    assert w.saver.file.value == str(tmp_path / "nimplay-game.html")
    w.action_buttons[0].click()
    w.saver.button.click()
    page = (tmp_path / "nimplay-game.html").read_text(encoding="utf-8")
    assert "<code>" in w.saver.status.value and w.saver.error.widget.value == ""
    assert "Nim: a game played on the desk" in page and "seat 1 (you): (0, 1)" in page and "seed 0" in page
    assert "<svg" in page and "NimState(heaps=" in page  # the text of an SVG-less state, drawn as SVG
    w.saver.file.value = str(tmp_path / "game.txt")
    w.saver.button.click()
    assert "ending in .html" in w.saver.error.widget.value


# -- drawing ---------------------------------------------------------------------------------------
class SvgNimState(NimState):
    def _repr_svg_(self) -> str:
        return f"<svg xmlns='http://www.w3.org/2000/svg'><text>heaps {self.heaps}</text></svg>"

    def clone(self) -> SvgNimState:
        return SvgNimState(list(self.heaps), self.player)


class HtmlNimState(NimState):
    def _repr_html_(self) -> str:
        return f"<table><tr><td>{self.heaps}</td></tr></table>"

    def clone(self) -> HtmlNimState:
        return HtmlNimState(list(self.heaps), self.player)


class BrokenSvgNimState(NimState):
    def _repr_svg_(self) -> str:
        raise KeyError("colour of heap 3")

    def clone(self) -> BrokenSvgNimState:
        return BrokenSvgNimState(list(self.heaps), self.player)


class UndrawableNimState(NimState):
    def __str__(self) -> str:
        raise RuntimeError("no words for it")

    def clone(self) -> UndrawableNimState:
        return UndrawableNimState(list(self.heaps), self.player)


def nim_of(state_class: type[NimState]) -> Nim:
    class Drawn(Nim):
        def new_initial_state(self) -> NimState:
            return state_class(list(self.rules.heaps), 0)

    return Drawn((1, 2))


def test_the_state_is_drawn_by_its_svg_else_html_else_text(registered):
    w = PlayWidget(nim_of(SvgNimState), agents="random", seed=0)
    assert w.picture.value.startswith("<svg") and "heaps [1, 2]" in w.picture.value
    w.action_buttons[0].click()
    assert "heaps [0, " in w.picture.value  # drawn again after the move and the reply
    assert PlayWidget(nim_of(HtmlNimState)).picture.value == "<table><tr><td>[1, 2]</td></tr></table>"
    text = board("nimplay", heaps=(1, 2))
    assert text.picture.value == '<pre class="nl-play-text">NimState(heaps=[1, 2], to_move=0)</pre>'
    assert text.draw_message == ""


def test_a_drawing_that_fails_is_said_in_the_widget(registered):
    w = PlayWidget(nim_of(BrokenSvgNimState), agents="random")
    assert w.picture.value == '<pre class="nl-play-text">NimState(heaps=[1, 2], to_move=0)</pre>'
    assert w.draw_message == "_repr_svg_ failed: KeyError: 'colour of heap 3' (shown as text)"
    assert "colour of heap 3" in w.draw_error.widget.value
    u = PlayWidget(nim_of(UndrawableNimState), agents="random")
    assert u.picture.value == "" and "str(state) failed: RuntimeError: no words for it" in u.draw_message
    u.action_buttons[0].click()  # the game plays on without its picture
    assert len(u.moves) == 2 and u.error_message == ""
    assert draw_state(SvgNimState([1], 0)).kind == "svg"


# -- what is refused -------------------------------------------------------------------------------
def test_an_illegal_action_is_said_in_the_widget_and_changes_nothing(registered):
    w = board("nimplay", heaps=(1, 2, 3), agents="random", seed=0)
    w.play((0, 9))
    assert w.error_message.startswith("IllegalMoveError: '(0, 9)' is not a legal action now; the legal ones: (0, 1)")
    assert w.moves == [] and w.state.key() == ((1, 2, 3), 0)
    assert "not a legal action" in w.error.widget.value
    w.play("(1, 2)")  # an action by its name, as the buttons show it
    assert keys(w)[0] == (0, "(1, 2)") and w.error_message == ""
    stale = w.action_buttons[0]
    w.action_buttons[0].click()
    played = keys(w)
    stale.click()  # a button of an earlier position (a double click): refused
    assert w.error_message.endswith("offered in an earlier position; pick one of those shown now")
    assert keys(w) == played
    w.seats.widget.value = 0
    w.play((0, 1))
    assert w.error_message == "IllegalMoveError: the game is over; press new game to play again"


class FailingAgent(Agent):
    """Fails when asked to move."""

    name = "failing"

    def step(self, state, rng):
        raise RuntimeError("the agent's table is missing")


def test_an_agent_that_fails_is_said_and_the_position_kept(registered):
    w = board("nimplay", heaps=(1, 2, 3), agents=[FailingAgent(), FailingAgent()], seed=0)
    assert w.agents.disabled and w.agents.value == "given: failing, failing"
    w.action_buttons[0].click()
    assert w.error_message == (
        "RuntimeError: the agent's table is missing (a failure of the game or its agents, not of your click)"
    )
    assert w.moves == [] and w.state.key() == ((1, 2, 3), 0) and w.undo_button.disabled


# -- chance and seeds ------------------------------------------------------------------------------
def test_chance_is_drawn_from_the_seed(registered):
    def game(seed: int) -> list[tuple]:
        w = board("diceplay", target=8, agents="random", seed=seed)
        while not w.state.is_terminal():
            assert w.state.current_player == 0  # chance and the agent never wait for a click
            w.play("roll" if len(w.moves) % 3 else "bank")
        assert w.error_message == ""
        return keys(w)

    first = game(11)
    w = board("diceplay", target=30, agents="random", seed=3)
    w.play("bank")  # the agent plays its turn, then chance rolls for you
    reply = w.why.lines
    assert reply and all(line.startswith("seat 2: random chose ") for line in reply)
    w.play("roll")  # your turn of several actions: the agent's reasons stay
    assert w.state.current_player == 0 and w.why.lines == reply
    assert any(player == CHANCE and name.isdigit() for player, name in first)
    assert "chance: " in board("diceplay", seed=11).history.value
    assert game(11) == first and game(12) != first
    w = board("diceplay", target=8, agents="random", seed=11)
    w.deal.seed.value = 12
    w.deal.replay_button.click()
    assert w.seed == 12 and keys(w) == keys(board("diceplay", target=8, agents="random", seed=12))
    w.deal.new_button.click()
    assert w.seed != 12 and w.deal.seed.value == w.seed


# -- hidden information ----------------------------------------------------------------------------
CARDS = tuple(f"{rank}-of-cups" for rank in ("ace", "king", "queen", "jack", "ten", "nine"))


@dataclass(frozen=True)
class HighCardRules:
    cards: int = 6


class HighCard(Game):
    """Each seat is dealt a card it alone sees; seat 1 bets or folds, seat 2 calls or folds; the higher
    card wins a call."""

    name = "highcard"
    perfect_information = False

    def __init__(self, cards: int = 6):
        self.rules = HighCardRules(cards)

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> HighCardState:
        return HighCardState(self.rules.cards)


class HighCardState(State):
    def __init__(self, n: int, cards: tuple = (), said: tuple = ()):
        self.n, self.cards, self.said = n, cards, said

    @property
    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if len(self.cards) < 2 else len(self.said)

    @property
    def num_players(self) -> int:
        return 2

    def legal_actions(self) -> list:
        return [] if self.current_player < 0 else (["bet", "fold"] if not self.said else ["call", "fold"])

    def chance_outcomes(self) -> list:
        left = [c for c in range(self.n) if c not in self.cards]
        return [(c, 1 / len(left)) for c in left]

    def apply(self, action) -> None:
        if self.current_player == CHANCE:
            self.cards = (*self.cards, action)
        elif action in self.legal_actions():
            self.said = (*self.said, action)
        else:
            raise IllegalMoveError(f"{action!r} is not a word of this game")

    def is_terminal(self) -> bool:
        return len(self.said) == 2 or "fold" in self.said

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        if "fold" in self.said:
            winner = 1 if self.said[0] == "fold" else 0
        else:
            winner = 0 if self.cards[0] < self.cards[1] else 1  # ace (0) is high
        return [1.0 if p == winner else -1.0 for p in range(2)]

    def clone(self) -> HighCardState:
        return HighCardState(self.n, self.cards, self.said)

    def action_to_string(self, action) -> str:
        return CARDS[action] if isinstance(action, int) else str(action)

    def information_state_string(self, seat: int) -> str:
        mine = CARDS[self.cards[seat]] if len(self.cards) > seat else "not dealt yet"
        return f"your card: {mine}; said so far: {', '.join(self.said) or 'nothing'}"

    def __repr__(self) -> str:
        return f"HighCardState(cards={[CARDS[c] for c in self.cards]}, said={list(self.said)})"


def test_hidden_information_shows_the_seat_only_its_own_information_state(registered):
    for seed in range(40):  # a deal where the agent (seat 1) bets, so the person has a decision
        w = board("highcard", you=1, agents="random", seed=seed)
        if not w.state.is_terminal():
            break
    mine, theirs = (CARDS[c] for c in (w.state.cards[1], w.state.cards[0]))
    assert w.hidden and w.viewer() == 1
    assert w.picture.value == (
        f'<pre class="nl-play-text">what seat 2 sees:\nyour card: {mine}; said so far: bet</pre>'
    )
    shown = w.picture.value + w.history.value + w.why.widget.value + w.status.value
    assert theirs not in shown and "HighCardState" not in shown
    assert "1. chance drew<br>2. chance drew<br>3. seat 1 moved" in w.history.value
    assert "random chose" not in w.why.widget.value and "when the game is over" in w.why.widget.value
    assert [b.description for b in w.action_buttons] == ["call", "fold"]
    w.action_buttons[0].click()  # call: the game is over, and everything is shown
    assert w.state.is_terminal() and w.viewer() is None
    assert theirs in w.picture.value and "seat 1: bet" in w.history.value and w.why.lines
    kept = board("highcard", you=1, agents="random", seed=seed, reveal_at_end=False)
    kept.action_buttons[0].click()
    assert theirs not in kept.picture.value + kept.history.value and kept.status.value.startswith("game over")


def test_a_hidden_game_saved_mid_game_keeps_the_other_seat_hidden(registered, tmp_path):
    for seed in range(40):
        w = board("highcard", you=1, agents="random", seed=seed, folder=tmp_path)
        if not w.state.is_terminal():
            break
    theirs = CARDS[w.state.cards[0]]
    page = w.save_game(tmp_path / "mid.html").read_text(encoding="utf-8")
    assert "what seat 2 sees now" in page and theirs not in page
    watched = board("highcard", you=[], agents="random", seed=seed)  # nobody to hide from: all shown
    assert watched.viewer() is None and "HighCardState(cards=" in watched.picture.value
