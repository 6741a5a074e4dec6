"""Widgets for Negen play: replay a simulated round with a slider; play a round against agents.

>>> from negenlab.negen.play_widgets import simulate_round
>>> from negenlab.negen.rules import Rules
>>> state = simulate_round(Rules(target_score=1), ["random", "random", "random"], seed=1)
>>> state.is_terminal(), state.round_log[0]["reason"] in ("closed", "pool_empty", "max_turns")
(True, True)

:class:`PlayRound` is one clickable board: the table and the boards, and under them one small
picture per legal turn (closing turns first; hovering one previews the table after it, clicking
plays it and lets the agents answer):

>>> game = PlayRound(Rules(target_score=1, pool_size=22), ("random", "random"), seed=1)
>>> first = game.board.gallery[0]["target"]
>>> game.board.press(first)                      # what a click on the first picture does
>>> game.state.history[0][0], game.board.error   # seat 0 played it
(0, '')

In a notebook: ``replay_widget(state)`` (slider over ``state.timeline``), ``simulate_widget()``,
``PlayRound(Rules(target_score=1), ("greedy", "random")).widget``. Dice are coloured by their
spiral's witness (see :mod:`negenlab.negen.svg`).
"""
from __future__ import annotations

import html

import ipywidgets as W
import numpy as np

from negenlab.core.errors import IllegalMoveError
from negenlab.core.game import play_with_agents
from negenlab.core.widgets import BoardWidget, ErrorBanner

from .agents import make_agent
from .game import Negen
from .rules import Rules
from .spirals import check_table
from .svg import dice_svg, legend_svg, position_svg
from .table import layout, witness_facts

MAX_SHOWN = 60       # turn pictures shown at once (a position can offer hundreds of turns)
AGENTS_NOTICE = "the agents are playing…"


def simulate_round(rules: Rules, agents, seed: int = 0):
    """Play one game (``rules.target_score`` rounds to win) with named agents; return the final state."""
    agents = [make_agent(a) if isinstance(a, str) else a for a in agents]
    game = Negen(rules)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    agent_rngs = [np.random.default_rng(seed + 1 + i) for i in range(len(agents))]
    return play_with_agents(state, agents, rng, agent_rngs)


def table_picture(key, rules: Rules, **kwargs) -> str:
    """SVG of a table key laid out, with the witness of every spiral under ``rules``
    (keyword arguments go to :func:`~negenlab.negen.svg.position_svg`, e.g. ``boards``, ``title``).

    >>> from negenlab.negen import parse_table, table_key
    >>> table_picture(table_key(parse_table("6 5 4")), Rules(), boards=[(1, 2)]).startswith("<svg")
    True
    """
    table = layout(key)
    facts = witness_facts(table, check_table(table, rules)) if len(table) else {}
    return position_svg(dict(table.items()), **facts, **kwargs)


def turn_label(turn) -> str:
    """A turn in a few words: ``'closes · add 2 4'``, ``'add 3 · joins 1'``, ``'refuse'``.

    >>> from negenlab.negen import legal_turns
    >>> sorted(turn_label(t) for t in legal_turns("6 5 4", board=(3, 2)).turns)
    ['add 2 3', 'add 2 3', 'add 2 3', 'refuse']
    """
    parts = ["closes"] if turn.closed else []
    parts.append("refuse" if turn.refusal else "add " + " ".join(map(str, turn.used)))
    if turn.merges:
        parts.append(f"joins {turn.merges}")
    if turn.moved:
        parts.append(f"moves {turn.moved}")
    return " · ".join(parts)


def replay_widget(state) -> W.VBox:
    """A slider over ``state.timeline``: the table (with its witness) and boards after each turn."""
    slider = W.IntSlider(value=0, min=0, max=max(0, len(state.timeline) - 1), description="step",
                         continuous_update=False)
    out = W.HTML()

    def show(_=None):
        snap = state.timeline[slider.value]
        title = f"round {snap['round']}, turn {snap['turn']}: {snap['event']} (pool {snap['pool']})"
        out.value = table_picture(snap["table"], state.rules, boards=snap["boards"], scores=snap["scores"],
                                  to_move=snap["to_move"], title=title)

    slider.observe(show, names="value")
    show()
    info = W.HTML("<br>".join(f"round {r['round']}: {r['reason']}, winner {r['winner']}, {r['turns']} turns"
                              for r in state.round_log))
    return W.VBox([slider, out, info, W.HTML(legend_svg(("node", "edge", "sequence", "loop")))])


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
    """Play seat 0 yourself against agents by clicking one of the offered turns.

    ``.board`` shows the table and every board; its gallery holds one picture per legal turn
    (closing turns first, at most ``max_shown`` at a time: a last card pages through the rest), and
    hovering a picture previews the table after that turn. Clicking one plays it (``play(i)`` does
    the same from Python); the agents then answer. ``.turns`` lists every legal ``(action, Turn)``
    in the order offered; a turn's click target is ``turn:i``.
    """

    def __init__(self, rules: Rules = Rules(target_score=1), opponents=("greedy", "random"), seed: int = 0,
                 max_shown: int = MAX_SHOWN):
        self.rules = rules.replace(players=1 + len(opponents))
        self.agents = [None] + [make_agent(a) for a in opponents]
        self.state = Negen(self.rules).new_initial_state()
        self.rng = np.random.default_rng(seed)
        self.max_shown = max_shown
        self.turns: list = []
        self.page = 0
        self.board = BoardWidget()
        self.log = W.HTML()
        self.board.on_click(self._on_click)
        self.widget = W.VBox([self.board, self.log, W.HTML(legend_svg(("node", "edge", "sequence", "loop")))])
        self._seen = 0
        self._advance()

    # -- playing -----------------------------------------------------------------------
    def play(self, i: int) -> None:
        """Play the ``i``-th offered turn (an index into ``.turns``), then let the agents answer."""
        if self.state.is_terminal():
            raise IllegalMoveError("the game is over")
        if not 0 <= i < len(self.turns):
            raise IllegalMoveError(f"turn {i} is not offered: there are {len(self.turns)} turns (0..{len(self.turns) - 1})")
        self._seen = len(self.state.timeline)
        self.state.apply(self.turns[i][0])
        with self.board.working(AGENTS_NOTICE):
            self._advance()

    def _on_click(self, name: str) -> None:
        if name not in (self.board.legal or []):
            raise IllegalMoveError(f"{name!r} is not one of the turns on offer")
        if name == "page:next":
            pages = -(-len(self.turns) // self.max_shown)
            self.page = (self.page + 1) % pages
            self._render()
        else:
            self.play(int(name.split(":")[1]))

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
        s = self.state
        self.turns = [] if s.is_terminal() else sorted(
            ((a, s.turn_of(a)) for a in s.legal_actions()), key=lambda at: (not at[1].closed, -at[1].added))
        self.page = 0
        self._render()

    # -- drawing ------------------------------------------------------------------------
    def shown(self) -> list[int]:
        """Indices into ``.turns`` of the turns pictured now (the current page)."""
        start = self.page * self.max_shown
        return list(range(start, min(start + self.max_shown, len(self.turns))))

    def _scores(self) -> str:
        return ", ".join(f"{'you' if p == 0 else f'P{p}'} {v}" for p, v in enumerate(self.state.scores))

    def _render(self):
        s, rules = self.state, self.rules
        names = ["P0 (you)"] + [f"P{p}" for p in range(1, rules.players)]
        title = f"round {s.round}, turn {s.turns_in_round + 1}" if not s.is_terminal() else "game over"
        tables = {i: layout(self.turns[i][1].key) for i in self.shown()}
        extent = [t.bounds()[1] for t in [layout(s.table), *tables.values()] if len(t)]   # laid out from (0, 0)
        size = {"min_rows": 1 + max((r for r, _ in extent), default=0), "min_cols": 1 + max((c for _, c in extent), default=0)}
        self.board.svg = table_picture(s.table, rules, boards=s.boards, scores=s.scores, names=names,
                                       to_move=None if s.is_terminal() else s.to_move, title=title, **size)
        self.log.value = "<br>".join(f"round {snap['round']}, turn {snap['turn']}: {html.escape(snap['event'])}"
                                     for snap in s.timeline[self._seen:])
        if s.is_terminal():
            self.board.gallery, self.board.legal = [], []
            last = s.round_log[-1]
            how = f"P{last['winner']} closed a spiral" if last["winner"] >= 0 else f"the round ended ({last['reason']})"
            self.board.status = f"game over after round {s.round}: {how} · scores: {self._scores()}"
            return
        items = []
        for i in self.shown():
            _, turn = self.turns[i]
            label = turn_label(turn)
            table = tables[i]
            facts = witness_facts(table, check_table(table, rules))
            after = list(s.boards)
            rest = list(after[s.to_move])
            for v in turn.used:
                rest.remove(v)
            after[s.to_move] = tuple(rest)
            items.append({"target": f"turn:{i}", "label": label, "title": turn.text(),
                          "svg": dice_svg(dict(table.items()), size=14, margin=2, max_width=150, **facts),
                          "preview": position_svg(dict(table.items()), boards=after, scores=s.scores, names=names,
                                                  title=f"after your turn: {label}", **size, **facts)})
        n, shown = len(self.turns), self.shown()
        closing = sum(t.closed for _, t in self.turns)
        hidden = n - len(shown)
        if hidden:
            nxt = n - shown[-1] - 1
            items.append({"target": "page:next", "svg": "", "label": f"next {min(nxt, self.max_shown)} turns ›" if nxt
                          else "back to the first turns ›"})
        self.board.gallery = items
        self.board.legal = [it["target"] for it in items]
        offer = f"{n} legal turns ({closing} closing)"
        if hidden:
            offer += f": showing {shown[0] + 1}-{shown[-1] + 1}, closing first; {hidden} hidden"
        self.board.status = (f"round {s.round}, turn {s.turns_in_round + 1} · your move (P0, board "
                             f"{' '.join(map(str, s.boards[0]))}) · scores: {self._scores()} · {offer}")


__all__ = ["simulate_round", "replay_widget", "simulate_widget", "PlayRound", "table_picture", "turn_label"]
