"""The line under the agents' moves in every play widget: why each agent chose what it played
(:meth:`negenlab.core.agents.Agent.explain`), in the words the widget uses, revealing nothing a
seat cannot see."""

from __future__ import annotations

import re

import numpy as np
import pytest

from negenlab import games
from negenlab.core.agents import MCTSAgent, plain_sentence
from negenlab.core.examples import Nim
from negenlab.core.widgets import WhyLines
from negenlab.fen.widgets import counted_from_one, play_board
from negenlab.necklace import NecklaceGame
from negenlab.necklace import Rules as NecklaceRules
from negenlab.necklace.agents import NumbaMCTSAgent, PieAgent
from negenlab.necklace.widgets import Explorer
from negenlab.negen.rules import Rules as NegenRules
from negenlab.negen.widgets import PlayRound
from negenlab.polymer.cards import Card
from negenlab.polymer.widgets import SeatTable


def test_a_rule_read_from_a_docstring_is_plain_words():
    assert plain_sentence("Policy: close when :func:`~a.b.can_close` says so. Otherwise ``x``.") == (
        "close when can_close says so"
    )
    long = plain_sentence("word " * 100)
    assert long.endswith("…") and len(long) <= 161
    assert MCTSAgent().explain(Nim((1,)).new_initial_state(), (0, 1)).count("UCT") == 1  # capitals kept


def test_why_lines_show_the_last_lines_and_count_the_earlier():
    why = WhyLines(limit=2)
    why.show(["a <b>", "b", "c"])
    assert "and 1 earlier" in why.widget.value and "a &lt;b&gt;" not in why.widget.value
    assert "<li>c</li>" in why.widget.value
    why.show([])
    assert why.widget.value == ""


def test_negen_says_what_each_seat_did_and_why():
    game = PlayRound(NegenRules(target_score=1, pool_size=22), ("greedy", "closer"), seed=1)
    for _ in range(3):
        if game.state.is_terminal():
            break
        game.play(0)
    lines = game.why.lines
    assert lines and all(re.match(r"seat [23][^:]*: (greedy|closer) ", line) for line in lines)
    assert all("refused" in x or "added" in x or "closed" in x or "re-rolled" in x for x in lines)
    assert "why the agents" in game.why.widget.value


def test_fen_names_places_counted_from_one_and_explains_the_swap():
    pb = play_board(agent="mcts:30", seed=0)
    pb.view.press("node:4")
    assert pb.view.error == "" and pb.why.lines
    line = pb.why.lines[0]
    assert line.startswith("mcts ") and ("swapped colours" in line or "rather than swap" in line)
    assert "opener's winning chance at 0." in line
    greedy = play_board(agent="greedy", seed=0)
    greedy.view.press("node:4")
    assert any("greedy" in x for x in greedy.why.lines)
    # every number a line names is the board's count from 1 (the engine's is from 0)
    state = greedy.game.new_initial_state()
    agent = games.entry("fen").make_agent("mcts:20")
    rng = np.random.default_rng(0)
    action = agent.step(state, rng)
    engine = agent.explain(state, action)
    numbers = [int(n) for n in re.findall(r"(?:node|edge|face) (\d+)", engine)]
    assert numbers and [int(n) for n in re.findall(r"(?:node|edge|face) (\d+)", counted_from_one(engine))] == [
        n + 1 for n in numbers
    ]


def test_necklace_names_points_from_one_with_visits_and_values():
    s = NecklaceGame(NecklaceRules(size=4, swap=False)).new_initial_state()
    agent = NumbaMCTSAgent(200)
    move = agent.step(s, np.random.default_rng(0))
    line = agent.explain(s, move)
    assert line.startswith(f"mcts:200 played row {move[0] + 1}, col {move[1] + 1} after 200 simulations:")
    assert line.count("visits, value") == 3
    pie = PieAgent(40)
    opened = NecklaceGame(NecklaceRules(size=3, swap=True)).new_initial_state()
    assert "closest to one half" in pie.explain(opened, pie.step(opened, np.random.default_rng(0)))


def test_necklace_widget_shows_the_reply_and_undo_clears_it():
    ex = Explorer()
    r, c = ex.state.legal_moves()[0]
    ex.click(r, c)
    assert ex.why.lines and ex.why.lines[0].startswith("mcts:200 played row ")
    ex.undo()
    assert ex.why.lines == []


def test_polymer_why_reveals_no_hidden_card():
    table = SeatTable(seed=4)
    assert "cooperative" in table.why.widget.value and "hidden from you" in table.why.widget.value
    cards = {Card.from_index(i).pretty for i in range(52)} | {str(Card.from_index(i)) for i in range(52)}
    text = re.sub(r"<[^>]+>", " ", table.why.widget.value)
    assert not any(re.search(rf"(?<!\w){re.escape(c)}(?!\w)", text) for c in cards if len(c) > 1)


@pytest.mark.parametrize("game", ["negen", "fen", "necklace", "polymer"])
def test_every_registered_agent_explains_in_one_line(game):
    """Every agent a designer can name says why in one line with no markup."""
    entry = games.entry(game)
    budgets = {"mcts": "mcts:10", "proof": "proof:1000"}  # proof:N has no default budget: N bounds its search
    for name in entry.agent_names():
        agent = entry.make_agent(budgets.get(name, name))
        rule = agent.rule_text()
        assert "``" not in rule and ":func:" not in rule and ":class:" not in rule, (name, rule)
        assert "\n" not in rule and len(rule) <= 161, (name, rule)
