"""Widgets for Negen play: replay a simulated round with a slider; play a round against agents.

>>> from negenlab.negen.play_widgets import simulate_round
>>> from negenlab.negen.rules import Rules
>>> state = simulate_round(Rules(target_score=1), ["random", "random", "random"], seed=1)
>>> state.is_terminal(), state.round_log[0]["reason"] in ("closed", "pool_empty", "max_turns")
(True, True)

In a notebook: ``replay_widget(state)`` (slider over ``state.timeline``), ``simulate_widget()``,
``PlayRound(Rules(target_score=1), ("greedy", "random")).widget``.
"""
from __future__ import annotations

import ipywidgets as W
import numpy as np

from negenlab.core.game import play_with_agents
from negenlab.core.widgets import ErrorBanner, figure_output

from .agents import make_agent
from .game import Negen
from .rules import Rules
from .table import layout


def simulate_round(rules: Rules, agents, seed: int = 0):
    """Play one game (``rules.target_score`` rounds to win) with named agents; return the final state."""
    agents = [make_agent(a) if isinstance(a, str) else a for a in agents]
    game = Negen(rules)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    agent_rngs = [np.random.default_rng(seed + 1 + i) for i in range(len(agents))]
    return play_with_agents(state, agents, rng, agent_rngs)


def replay_widget(state) -> W.VBox:
    """A slider over ``state.timeline``: the table and boards after each turn."""
    from .play_plot import draw_snapshot

    slider = W.IntSlider(value=0, min=0, max=max(0, len(state.timeline) - 1), description="step",
                         continuous_update=False)
    out = W.Output()

    def show(_=None):
        out.clear_output(wait=True)
        with out:
            from IPython.display import display

            snap = state.timeline[slider.value]
            display(figure_output(draw_snapshot(snap)))

    slider.observe(show, names="value")
    show()
    info = W.HTML("<br>".join(f"round {r['round']}: {r['reason']}, winner {r['winner']}, {r['turns']} turns"
                              for r in state.round_log))
    return W.VBox([slider, out, info])


def simulate_widget() -> W.VBox:
    """Pick rules, agents and a seed; simulate a round and replay it."""
    shape = W.Dropdown(options=["straight", "bent"], description="shape")
    coverage = W.Dropdown(options=["adjacency", "die"], description="coverage")
    agents = W.Text(value="greedy,random,random", description="agents")
    seed = W.IntText(value=1, description="seed")
    go = W.Button(description="simulate round")
    banner = ErrorBanner()
    out = W.Output()

    def run(_=None):
        with banner.catch():
            names = [a.strip() for a in agents.value.split(",") if a.strip()]
            rules = Rules(sequence_shape=shape.value, coverage=coverage.value, players=len(names) if 2 <= len(names) <= 6 else 3,
                          target_score=1)
            if len(names) != rules.players:
                raise ValueError(f"agents: give 2..6 names separated by commas, got {len(names)}")
            state = simulate_round(rules, names, seed.value)
            out.clear_output()
            with out:
                from IPython.display import display

                display(replay_widget(state))

    go.on_click(run)
    return W.VBox([W.HBox([shape, coverage]), W.HBox([agents, seed, go]), banner.widget, out])


class PlayRound:
    """Play seat 0 yourself against agents: choose one of the offered turns from a list.

    ``PlayRound(rules, ["greedy", "random"]).widget`` shows the table, your board, the turns
    (closing ones first), and plays the agents' turns after yours.
    """

    def __init__(self, rules: Rules = Rules(target_score=1), opponents=("greedy", "random"), seed: int = 0):
        self.rules = rules.replace(players=1 + len(opponents))
        self.agents = [None] + [make_agent(a) for a in opponents]
        self.state = Negen(self.rules).new_initial_state()
        self.rng = np.random.default_rng(seed)
        self.banner = ErrorBanner()
        self.choice = W.Select(options=[], rows=8, layout=W.Layout(width="420px"))
        self.play = W.Button(description="play turn")
        self.out = W.Output()
        self.log = W.HTML()
        self.play.on_click(self._on_play)
        self.widget = W.VBox([self.out, self.choice, self.play, self.banner.widget, self.log])
        self._advance()

    def _advance(self):
        while not self.state.is_terminal():
            if self.state.is_chance_node():
                self.state.apply(self.state.sample_chance(self.rng))
            elif self.state.current_player != 0:
                p = self.state.current_player
                self.state.apply(self.agents[p].step(self.state, self.rng))
            elif self.state.phase == "reroll":
                self.state.apply(("reroll", ()))
            else:
                break
        self._render()

    def _render(self):
        from .play_plot import draw_position

        s = self.state
        self.out.clear_output(wait=True)
        with self.out:
            from IPython.display import display

            display(figure_output(draw_position(layout(s.table), s.boards, s.scores, s.to_move,
                                                title=f"round {s.round}, turn {s.turns_in_round}")))
        if s.is_terminal():
            self.choice.options = []
            self.log.value = "<b>Round over:</b> " + "; ".join(
                f"{r['reason']}, winner P{r['winner']}" if r['winner'] >= 0 else r['reason'] for r in s.round_log)
            return
        acts = s.legal_actions()
        turns = sorted(((a, s.turn_of(a)) for a in acts), key=lambda at: (not at[1].closed, -at[1].added))
        self.choice.options = [((("CLOSES " if t.closed else "") + ("refuse" if t.refusal else f"add {list(t.used)}")
                                 + ": " + t.text().replace("\n", " / ")), a) for a, t in turns[:200]]
        self.log.value = f"{len(acts)} turns offered"

    def _on_play(self, _=None):
        with self.banner.catch():
            if self.choice.value is None:
                raise ValueError("pick a turn from the list first")
            self.state.apply(self.choice.value)
            self._advance()


__all__ = ["simulate_round", "replay_widget", "simulate_widget", "PlayRound"]
