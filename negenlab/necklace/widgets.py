"""An ipywidgets explorer: play Necklace against the compiled MCTS.

Choose the board size, the opponent's strength and your colour; click a point to place,
``Undo`` to take back your last move (and the reply), ``Swap`` on Blue's first turn, and
toggle the legality overlay (``x`` crosscut, ``□`` seclusion). Errors appear in the widget.

>>> from negenlab.necklace.widgets import Explorer
>>> ex = Explorer(size=5, strength=50, seed=0)
>>> ex.click(2, 2)       # you are Red; the MCTS answers as Blue
>>> ex.state.placements >= 1
True
"""
from __future__ import annotations

import ipywidgets as W
import numpy as np

from negenlab.core.widgets import ErrorBanner

from .agents import NumbaMCTSAgent
from .engine import SWAP, State
from .render import board_svg

STRENGTHS = {"random-ish (20)": 20, "weak (200)": 200, "medium (1000)": 1000, "strong (5000)": 5000}


class Explorer:
    """The explorer; ``.widget`` is the ipywidgets box to display (``_repr_mimebundle_`` shows it)."""

    def __init__(self, size: int = 7, strength: int = 200, human: str = "red", swap: bool = True, seed: int = 0):
        self.rng = np.random.default_rng(seed)
        self.banner = ErrorBanner()
        self.size_w = W.Dropdown(options=list(range(3, 14)), value=size, description="size")
        self.strength_w = W.Dropdown(options=list(STRENGTHS.items()) + ([(f"custom ({strength})", strength)]
                                     if strength not in STRENGTHS.values() else []),
                                     value=strength, description="opponent")
        self.human_w = W.Dropdown(options=["red", "blue"], value=human, description="you play")
        self.swap_rule_w = W.Checkbox(value=swap, description="swap rule")
        self.overlay_w = W.Checkbox(value=True, description="legality overlay")
        self.new_b = W.Button(description="New game", icon="refresh")
        self.undo_b = W.Button(description="Undo", icon="undo")
        self.swap_b = W.Button(description="Swap", icon="exchange")
        self.status = W.HTML()
        self.picture = W.HTML()
        self.grid_box = W.VBox()
        self.new_b.on_click(lambda _: self.new_game())
        self.undo_b.on_click(lambda _: self.undo())
        self.swap_b.on_click(lambda _: self.swap())
        self.overlay_w.observe(lambda _: self.redraw(), names="value")
        controls = W.VBox([W.HBox([self.size_w, self.strength_w]), W.HBox([self.human_w, self.swap_rule_w,
                                                                            self.overlay_w]),
                           W.HBox([self.new_b, self.undo_b, self.swap_b])])
        self.widget = W.VBox([controls, self.banner.widget, self.status, W.HBox([self.grid_box, self.picture])])
        self.new_game()

    # ------------------------------------------------------------------ game flow
    def new_game(self) -> None:
        self.banner.clear()
        self.state = State.initial(int(self.size_w.value), swap=bool(self.swap_rule_w.value))
        self.human = self.human_w.value
        self.undo_stack: list = []
        self._build_grid()
        self._ai_moves()
        self.redraw()

    @property
    def agent(self) -> NumbaMCTSAgent:
        return NumbaMCTSAgent(int(self.strength_w.value))

    def _ai_moves(self) -> None:
        while not self.state.over and self.state.colour_to_move != self.human:
            move = self.agent.step(self.state, self.rng)
            if move == SWAP:
                self.human = "blue" if self.human == "red" else "red"
            self.state.play(move)
            self.last = move

    def click(self, r: int, c: int) -> None:
        """Play (r, c) for you, then let the MCTS answer."""
        with self.banner.catch():
            if self.state.over:
                raise ValueError("the game is over: press New game")
            before = self.state.copy(), self.human
            self.state.play((r, c))
            self.undo_stack.append(before)
            self.last = (r, c)
            self._ai_moves()
        self.redraw()

    def swap(self) -> None:
        """Take over Red's side (Blue's first turn only)."""
        with self.banner.catch():
            before = self.state.copy(), self.human
            self.state.play(SWAP)
            self.undo_stack.append(before)
            self.human = "red"
            self._ai_moves()
        self.redraw()

    def undo(self) -> None:
        with self.banner.catch():
            if not self.undo_stack:
                raise ValueError("nothing to undo")
            self.state, self.human = self.undo_stack.pop()
        self.redraw()

    # ------------------------------------------------------------------ drawing
    def _build_grid(self) -> None:
        n = self.state.n
        self.buttons = []
        rows = []
        for r in range(n):
            row = []
            for c in range(n):
                b = W.Button(layout=W.Layout(width="30px", height="30px", padding="0"))
                b.on_click(lambda _, r=r, c=c: self.click(r, c))
                row.append(b)
            self.buttons.append(row)
            rows.append(W.HBox(row))
        self.grid_box.children = rows

    def redraw(self) -> None:
        s = self.state
        illegal = s.illegal_points() if self.overlay_w.value else {}
        chain = set(s.winning_chain())
        for r in range(s.n):
            for c in range(s.n):
                b = self.buttons[r][c]
                v = int(s.board[r * s.n + c])
                b.style.button_color = {0: "#f4e8c8", 1: "#d62728", 2: "#1f5fbf"}[v]
                why = illegal.get((r, c), ())
                b.description = "★" if (r, c) in chain else ("x" if "crosscut" in why else "□" if why else "")
                b.tooltip = f"({r}, {c})" + (f" illegal: {' and '.join(why)}" if why else "")
                b.disabled = s.over or v != 0
        self.swap_b.disabled = not (s.swap_available and s.colour_to_move == self.human)
        self.undo_b.disabled = not self.undo_stack
        if s.over:
            msg = f"<b>{s.winner} wins</b>" if s.winner else "<b>draw: nobody can move</b>"
            msg += " (you)" if s.winner == self.human else " (MCTS)" if s.winner else ""
        else:
            msg = f"you play <b>{self.human}</b>; {s.colour_to_move} to move"
            if s.skipped_turns:
                msg += f"; skipped turns so far: {s.skipped_turns}"
        self.status.value = msg
        self.picture.value = board_svg(s, cell=28, show_illegal=bool(self.overlay_w.value),
                                       highlight=getattr(self, "last", None) if getattr(self, "last", None) != SWAP else None)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def explorer(**kwargs) -> W.Widget:
    """The explorer's widget (see :class:`Explorer`)."""
    return Explorer(**kwargs).widget
