"""Jupyter widgets: a board explorer (n/e with histograms) and a playable board against an agent.

Errors from what the user picks, uploads or clicks are shown in the widget (``ErrorBanner``).

>>> from negenlab.fen.widgets import explorer, play_board
>>> box = explorer()
>>> game = play_board()
>>> game.click(game.state.legal_actions()[0]); game.state.turn_number >= 1
True
"""
from __future__ import annotations

import json
import warnings

import ipywidgets as W
import numpy as np

from negenlab.core.widgets import ErrorBanner

from . import tilings
from .agents import make_agent
from .engine import Fen
from .ne import derive_ne
from .rules import Rules
from .svg import COLOURS, LIGHT, board_svg
from .tessellation import BoardError, Tessellation

STANDARD = {"triangle side 7 (standard)": lambda k: tilings.triangle(7),
            "triangle side 5": lambda k: tilings.triangle(5),
            "triangle side 3": lambda k: tilings.triangle(3),
            "hexagon radius 1 (7 hexes)": lambda k: tilings.hexagon(1),
            "hexagon radius 2 (19 hexes)": lambda k: tilings.hexagon(2),
            "square 5x5": lambda k: tilings.square(5, 5)}
for _name in tilings.ARCHIMEDEAN:
    STANDARD[f"Archimedean {_name}"] = (lambda name: (lambda k: tilings.archimedean(name, faces=k)))(_name)


def make_board(choice: str, faces: int = 25) -> Tessellation:
    if choice not in STANDARD:
        raise BoardError(f"unknown board {choice!r}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return STANDARD[choice](faces)


def explorer(default: str = "triangle side 7 (standard)") -> W.VBox:
    """Pick (or upload as JSON) a board and see it with n/e, both readings and the histograms."""
    from .plot import plot_ne

    pick = W.Dropdown(options=list(STANDARD), value=default, description="board")
    faces = W.IntSlider(value=25, min=1, max=121, step=2, description="faces", continuous_update=False)
    scope = W.ToggleButtons(options=["interior", "all"], value="interior", description="scope")
    upload = W.FileUpload(accept=".json", multiple=False, description="upload JSON")
    banner = ErrorBanner()
    pic = W.HTML()
    info = W.HTML()
    hist = W.Image(format="png")
    current = {"board": None}

    def show(board):
        r = derive_ne(board, scope.value)
        pic.value = board_svg(board, size=360)
        info.value = (f"<b>{board.name}</b>: {board.num_faces} faces, {board.num_nodes} nodes, {board.num_edges} edges"
                      + r._repr_html_()
                      + "".join(f"<div style='color:#8a6d00'>{w}</div>" for w in board.warnings))
        import io

        import matplotlib.pyplot as plt

        fig, axes = plt.subplots(1, 2, figsize=(8, 2.6))
        plot_ne(board, r, axes)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
        plt.close(fig)
        hist.value = buf.getvalue()

    def refresh(*_):
        with banner.catch():
            faces.disabled = not pick.value.startswith("Archimedean")
            current["board"] = make_board(pick.value, faces.value)
            show(current["board"])

    def uploaded(change):
        with banner.catch():
            files = upload.value
            if not files:
                return
            item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
            content = bytes(item["content"]).decode("utf-8")
            try:
                data = json.loads(content)
            except json.JSONDecodeError as exc:
                raise BoardError(f"{item.get('name', 'upload')}: not valid JSON: {exc}") from None
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                current["board"] = Tessellation.from_json(data)
            show(current["board"])

    pick.observe(refresh, "value")
    faces.observe(refresh, "value")
    scope.observe(lambda *_: current["board"] is not None and show(current["board"]), "value")
    upload.observe(uploaded, "value")
    refresh()
    return W.VBox([W.HBox([pick, faces]), W.HBox([scope, upload]), banner.widget, W.HBox([pic, info]), hist])


def _grid_positions(t: Tessellation, max_cells: int = 80):
    """Integer grid cells for every node, edge midpoint and face centre, without collisions (or None)."""
    pts = np.vstack([t.coords,
                     np.array([(t.coords[a] + t.coords[b]) / 2 for a, b in t.edges]),
                     t.face_centroids()])
    lo = pts.min(axis=0)
    span = max(float((pts.max(axis=0) - lo).max()), 1e-9)
    for cells in range(8, max_cells + 1):
        g = np.round((pts - lo) / span * (cells - 1)).astype(int)
        if len({tuple(p) for p in g}) == len(g):
            return g
    return None


class PlayableBoard:
    """A board of buttons (nodes ●, edges ─, faces ▲ at their places) to play FEN against an agent.

    Click an item to play it as one micro-action; a claim of e edges is e clicks, a capture is
    clicks on faces then "stop". The agent answers its whole turn. Illegal clicks show the
    reason in the widget.
    """

    def __init__(self, board: Tessellation | None = None, agent: str = "greedy", human_seat: int = 0,
                 rules: Rules | None = None, seed: int = 0, simulations: int = 100):
        self.board = board or tilings.triangle(5)
        self.game = Fen(self.board, rules)
        self.agent = make_agent(agent, simulations)
        self.human = int(human_seat)
        self.rng = np.random.default_rng(seed)
        self.banner = ErrorBanner()
        self.status = W.HTML()
        self.picture = W.HTML()
        self.buttons: list[W.Button] = []
        self.grid = self._make_grid()
        self.swap = W.Button(description="swap (pie rule)")
        self.stop = W.Button(description="stop capturing")
        self.swap.on_click(lambda _: self.click(self.game.board.SWAP))
        self.stop.on_click(lambda _: self.click(self.game.board.STOP))
        self.new = W.Button(description="new game")
        self.new.on_click(lambda _: self.reset())
        self.widget = W.VBox([self.status, self.banner.widget, W.HBox([self.grid, self.picture]),
                              W.HBox([self.swap, self.stop, self.new])])
        self.reset()

    def _make_grid(self):
        b = self.game.board
        pos = _grid_positions(self.board)
        labels = ["●"] * b.V + ["─"] * b.E + ["▲"] * b.F
        kids = []
        for a in range(b.V + b.E + b.F):
            btn = W.Button(description=labels[a], tooltip=self._name(a),
                           layout=W.Layout(width="24px", height="22px", padding="0"))
            btn.on_click(lambda _, a=a: self.click(a))
            self.buttons.append(btn)
            if pos is not None:
                top = int(pos[:, 1].max())
                btn.layout.grid_row = str(top - int(pos[a][1]) + 1)  # y grows upwards on the board
                btn.layout.grid_column = str(int(pos[a][0]) + 1)
            kids.append(btn)
        if pos is None:
            return W.GridBox(kids, layout=W.Layout(grid_template_columns="repeat(16, 26px)"))
        return W.GridBox(kids, layout=W.Layout(grid_gap="1px"))

    def _name(self, a):
        s = self.game.new_initial_state()
        return s.action_to_string(a)

    def reset(self):
        self.state = self.game.new_initial_state()
        self._agent_moves()
        self.redraw()

    def click(self, action: int) -> None:
        """Play ``action`` for the human (then let the agent answer)."""
        with self.banner.catch():
            if self.state.is_terminal():
                raise BoardError("the game is over; press 'new game'")
            if self.state.current_player != self.human:
                raise BoardError("it is the agent's turn")
            self.state.apply(int(action))
            self._agent_moves()
        self.redraw()

    def _agent_moves(self):
        while not self.state.is_terminal() and self.state.current_player != self.human:
            self.state.apply(self.agent.step(self.state, self.rng))

    def redraw(self):
        s = self.state
        own = s.owner
        b = self.game.board
        legal = set(s.legal_actions())
        for a, btn in enumerate(self.buttons):
            o = own[a]
            btn.style.button_color = (COLOURS[o] if a < b.FACE0 else LIGHT[o]) if o >= 0 else \
                ("#cfc" if a in legal else "#eee")
        self.swap.disabled = b.SWAP not in legal
        self.stop.disabled = b.STOP not in legal
        self.picture.value = board_svg(self.board, s, size=320)
        you = f"you are seat {self.human}"
        if s.is_terminal():
            w = s.winner()
            res = "draw" if w is None else ("you win" if w == self.human else "the agent wins")
            self.status.value = f"<b>game over ({s.end_reason}): {res}</b>; faces {s.faces_owned[0]}-{s.faces_owned[1]}"
        else:
            self.status.value = (f"{you}; n={self.game.n}, e={self.game.e}; turn {s.turn_number}; colour "
                                 f"{s.colour} to move; faces {s.faces_owned[0]}-{s.faces_owned[1]}; green = legal")


def play_board(board: Tessellation | None = None, agent: str = "greedy", human_seat: int = 0, **kw) -> PlayableBoard:
    """A :class:`PlayableBoard`; show it with ``display(play_board().widget)``."""
    return PlayableBoard(board, agent, human_seat, **kw)
