"""Jupyter widgets: a board explorer (n/e with histograms) and a playable board against an agent.

Errors from what the user picks, uploads or clicks are shown in the widget (``ErrorBanner``;
the playable board's own error line).

>>> from negenlab.fen.widgets import explorer, play_board
>>> box = explorer()
>>> game = play_board()
>>> game.click(game.state.legal_actions()[0]); game.state.turn_number >= 1
True
>>> game.view.press(game.view.legal[0]); game.state.turn_number >= 3   # a click on the board
True
>>> game.board_name
'triangle:7'
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import ipywidgets as W
import numpy as np

from negenlab import games
from negenlab.core.agents import MCTSAgent
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.widgets import BoardWidget, DealControls, ErrorBanner, SaveGameRow, SeatChoice, WhyLines
from negenlab.report.played import save_played_game

from . import tilings
from .boards import parse_board
from .game import CAPTURE, CLAIM_EDGES, CLAIM_NODES, START, FenGame
from .ne import derive_ne
from .rules import Rules
from .svg import COLOUR_NAMES, board_svg, marks_legend
from .tessellation import BoardError, Tessellation
from .threats import capturable_next, capturable_words, face_names, face_progress, faces_in_words

STANDARD = {
    "triangle side 7 (standard)": lambda k: tilings.triangle(7),
    "triangle side 5": lambda k: tilings.triangle(5),
    "triangle side 3": lambda k: tilings.triangle(3),
    "hexagon radius 1 (7 hexes)": lambda k: tilings.hexagon(1),
    "hexagon radius 2 (19 hexes)": lambda k: tilings.hexagon(2),
    "square 5x5": lambda k: tilings.square(5, 5),
}
for _name in tilings.ARCHIMEDEAN:
    STANDARD[f"Archimedean {_name}"] = (lambda name: lambda k: tilings.archimedean(name, faces=k))(_name)


PLAY_BOARDS = {
    "triangle:7": "triangle side 7 (standard, 49 triangles)",
    "triangle:5": "triangle side 5 (25 triangles)",
    "triangle:3": "triangle side 3 (9 triangles)",
    "hexagon:1": "hexagon radius 1 (7 hexes)",
    "hexagon:2": "hexagon radius 2 (19 hexes)",
    "square:5x5": "square 5x5 (25 squares)",
    "square:3x3": "square 3x3 (9 squares)",
    "4.8.8:25": "Archimedean 4.8.8, 25 faces",
    "3.4.6.4:25": "Archimedean 3.4.6.4, 25 faces",
    "3.3.4.3.4:25": "Archimedean 3.3.4.3.4, 25 faces",
}
"""The play board's chooser: board specs (:func:`negenlab.fen.boards.parse_board`) and what they are."""
DEFAULT_PLAY_BOARD = "triangle:7"  # the standard board, the one the report page plays
SEATS = {"seat 1 (red, opens)": 0, "seat 2 (blue, may swap)": 1}
"""The play board's **you play** choice: the seat the person plays."""


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
        info.value = (
            f"<b>{board.name}</b>: {board.num_faces} faces, {board.num_nodes} nodes, {board.num_edges} edges"
            + r._repr_html_()
            + "".join(f"<div style='color:#8a6d00'>{w}</div>" for w in board.warnings)
        )
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


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def _colour_words(text: str) -> str:
    """The engine's "colour 0" / "colour 1" in an error message, said as red / blue."""
    return re.sub(r"colour ([01])", lambda m: COLOUR_NAMES[int(m.group(1))], text)


def plain_words(message: str, clicked: str) -> str:
    """An engine message said by what the board draws: the clicked place, not its number.

    >>> plain_words("edge 21 (19-20) and edge 3 (1-2) both lie on face 12; the items of one claim share no face",
    ...             "edge 21 (19-20)")
    'the edge you clicked and an edge you placed this turn both lie on one face; the items of one claim share no face'
    """
    kind = clicked.split(" ")[0]
    text = message.replace(clicked, f"the {kind} you clicked")
    text = re.sub(r"\b(node|edge) \d+( \(\d+-\d+\))?", r"an \1 you placed this turn", text)
    text = text.replace("an node", "a node")
    text = re.sub(r"\bface \d+", "one face", text)
    text = text.replace("the player to move", "you")
    return _colour_words(text)


def counted_from_one(text: str) -> str:
    """An engine line with its node, edge and face numbers counted from 1, as the widget says them.

    >>> counted_from_one("mcts chose edge 66 (24-29) after 50 simulations: node 0: 3 visits")
    'mcts chose edge 67 after 50 simulations: node 1: 3 visits'
    """
    return re.sub(r"\b(node|edge|face) (\d+)( \(\d+-\d+\))?", lambda m: f"{m[1]} {int(m[2]) + 1}", text)


def next_step(state) -> str:
    """What the player to move may click now, in words.

    >>> from negenlab.fen import FenGame, tilings
    >>> s = FenGame(tilings.triangle(7)).new_initial_state()
    >>> next_step(s)
    'claim 1 node or 3 edges'
    >>> s.apply(s.b.EDGE0); next_step(s)
    'claim 2 more edges (no two on one face)'
    """
    if state.is_terminal():
        return "the game is over"
    b = state.b
    if state.phase == CAPTURE:
        return "capture another dashed face, or press 'stop capturing'"
    if state.phase in (CLAIM_NODES, CLAIM_EDGES):
        left = state.target - len(state.placed)
        kind = "node" if state.phase == CLAIM_NODES else "edge"
        return f"claim {left} more {kind}{'' if left == 1 else 's'} (no two on one face)"
    claims = [_plural(k, kind) for k, kind in ((state.tn, "node"), (state.te, "edge")) if k]
    steps = ["claim " + " or ".join(claims)] if claims else []
    if state.eligible_faces():
        steps.append("capture a dashed face")
    if b.SWAP in state.legal_actions():
        steps.append("press 'swap' to take over red")
    return ", or ".join(steps) or "no move is possible"


class PlayableBoard:
    """FEN against an agent on one clickable board (:class:`BoardWidget`).

    Click a node, an edge or a face to play it as one micro-action: a claim of e edges is e
    clicks, a capture is clicks on dashed faces, then "stop capturing" (or the turn ends by
    itself when no face is left). The agent (a spec: ``greedy``, ``random``, ``mcts:200``) answers
    its whole turn. The status says what the agent did and the faces you and it captured, by
    where they are drawn (:func:`negenlab.fen.threats.face_names`), and warns when the agent can
    capture on its next turn. ``view.legal`` lists the
    clickable targets (``node:v``, ``edge:j``, ``face:f``); an illegal click is explained in
    the widget's error line and changes nothing. Show it with ``display(pb.widget)``.

    It starts on the standard board (``triangle:7``, the 49 triangles the report plays; ``board``: a
    spec of :data:`PLAY_BOARDS` picked in its menu, any spec of :func:`~negenlab.fen.boards.parse_board`,
    or a Tessellation). **you play** picks your seat (seat 1 opens as red; seat 2 answers as blue and may
    swap under the pie rule; a change starts a new game at once, the agent opening when it holds seat 1).
    **new game** deals afresh (a new seed from the widget's own generator, shown in
    the seed field; **replay seed** plays the seed typed there again), **undo** takes back your last
    whole turn (or the one in progress) and the agent's replies, and **Save game** writes the game as
    one self-contained HTML file (:meth:`save_game`).

    >>> from negenlab.fen import tilings
    >>> pb = PlayableBoard(tilings.triangle(3))
    >>> pb.view.status[:12]
    'You are red.'
    >>> pb.view.press("face:0")            # nothing to capture yet
    >>> pb.view.error[:16], pb.state.turn_number
    ('IllegalMoveError', 0)
    >>> pb.view.press("node:4")            # a claim of n = 1 node; the agent answers
    >>> pb.view.error, pb.state.owners()["nodes"][4], pb.state.turn_number
    ('', 0, 2)
    """

    def __init__(
        self,
        board: Tessellation | str | None = None,
        agent: str = "greedy",
        human_seat: int = 0,
        rules: Rules | None = None,
        seed: int = 0,
        size: int = 420,
        folder: str | Path = "negenlab-games",
    ):
        self.rules = rules
        self.agent_spec = agent
        self.agent = games.entry("fen").make_agent(agent)
        self.human = int(human_seat)
        self.seed = int(seed)
        self.size = size
        self.last_reply: list[int] = []  # the agent's last turn (micro-actions)
        self.your_turn: list[int] = []  # the human's turn in progress, or its last one
        self.view = BoardWidget()
        self.view.on_click(self._clicked)
        wide = W.Layout(width="auto", min_width="150px")
        self.swap = W.Button(description="swap (pie rule)", layout=wide)
        self.stop = W.Button(description="stop capturing", layout=wide)
        self.undo_button = W.Button(description="undo", layout=wide, tooltip="take back your last turn and the reply")
        options = [(label, spec) for spec, label in PLAY_BOARDS.items()]
        if isinstance(board, Tessellation):
            options.append((f"{board.name} (given)", "given"))
            self._given: Tessellation | None = board
            chosen = "given"
        else:
            self._given = None
            chosen = str(board or DEFAULT_PLAY_BOARD)
            if chosen not in PLAY_BOARDS:
                options.append((chosen, chosen))
        self.board_pick = W.Dropdown(
            options=options, value=chosen, description="board", layout=W.Layout(width="auto", min_width="330px")
        )
        self.deal = DealControls(self.seed, lambda seed: self.reset(seed), guard=self._catching)
        self.new = self.deal.new_button
        self.seat = SeatChoice(list(SEATS.items()), self.human, lambda: self.reset(), guard=self._catching)
        self.legend = W.HTML(marks_legend(self.human))
        self.swap.on_click(lambda _: self.click(self.game.board.SWAP))
        self.stop.on_click(lambda _: self.click(self.game.board.STOP))
        self.undo_button.on_click(lambda _: self.undo())
        self.board_pick.observe(lambda _: self._catching(lambda: self.reset()), names="value")
        self.saver = SaveGameRow(str(Path(folder) / "fen-game.html"), self.save_game)
        self.why = WhyLines()
        self.widget = W.VBox(
            [
                W.HBox([self.board_pick, self.seat.widget, self.deal.widget], layout=W.Layout(flex_flow="row wrap")),
                W.HBox(
                    [self.view, W.VBox([self.swap, self.stop, self.undo_button], layout=W.Layout(min_width="160px"))]
                ),
                self.why.widget,
                self.legend,
                self.saver.widget,
            ]
        )
        self._load_board()
        self.reset(self.seed)

    def _catching(self, action) -> None:
        with self.view.catch():
            action()

    @property
    def board_name(self) -> str:
        """The spec of the board in play (``triangle:7``), or the given board's name."""
        return self.board.name if self.board_pick.value == "given" else str(self.board_pick.value)

    def _load_board(self) -> None:
        pick = self.board_pick.value
        if pick == "given":
            assert self._given is not None
            self.board = self._given
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.board = parse_board(pick)
        self.game = FenGame(self.board, self.rules)
        self._loaded = self.board_name
        self.names = face_names(self.board)  # faces said by where they are drawn

    # -- targets and actions -------------------------------------------------------------------
    def target_of(self, action: int) -> str:
        """The board target of a node, edge or face action (``node:v``, ``edge:j``, ``face:f``)."""
        b = self.game.board
        if 0 <= action < b.V:
            return f"node:{action}"
        if action < b.FACE0:
            return f"edge:{action - b.EDGE0}"
        if action < b.SWAP:
            return f"face:{action - b.FACE0}"
        raise InvalidInputError(f"action {action} (swap or stop) is a button, not a place on the board")

    def action_of(self, name: str) -> int:
        """The micro-action of a board target: ``node:v`` -> v, ``edge:j`` -> V + j, ``face:f`` -> V + E + f."""
        b = self.game.board
        kind, _, num = name.partition(":")
        first, count = {"node": (0, b.V), "edge": (b.EDGE0, b.E), "face": (b.FACE0, b.F)}.get(kind, (0, -1))
        if count < 0 or not num.isdigit() or int(num) >= count:
            raise InvalidInputError(
                f"{name!r} is not a place on this board (nodes 0..{b.V - 1}, edges 0..{b.E - 1}, faces 0..{b.F - 1})"
            )
        return first + int(num)

    # -- playing -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """Start a new game on the board picked, dealt from ``seed`` (default: the same seed again);
        the agent opens when it holds seat 0."""
        if seed is not None:
            self.seed = int(seed)
            self.deal.seed.value = self.seed
        if self.board_name != self._loaded:
            self._load_board()
        self.human = self.seat.value
        self.rng = np.random.default_rng(self.seed)
        self.state = self.game.new_initial_state()
        self.last_reply = []
        self.your_turn = []
        self.turns: list[tuple[int, int, list[int]]] = []  # every whole turn: (seat, colour, micro-actions)
        self.snapshots: list[tuple] = []  # before each of your turns: what undo goes back to
        self.pictures: list[tuple[str, Any]] = []  # positions after each agent reply, for the saved game
        self.view.error = ""
        self.why.show([])
        self._agent_moves()
        self.redraw()

    def new_game(self) -> int:
        """A fresh deal: a new seed from the widget's own generator (shown in the seed field)."""
        return self.deal.fresh()

    def undo(self) -> None:
        """Take back your last whole turn (or the one in progress) and the agent's replies: back to your move."""
        with self.view.catch():
            if not self.snapshots:
                raise IllegalMoveError("nothing to undo: you have not moved yet")
            self.state, self.last_reply, self.your_turn, self.turns, self.pictures = self.snapshots.pop()
            self.why.show([])
        self.redraw()

    def click(self, action: int) -> None:
        """Play ``action`` for the human (then let the agent answer); errors show in the widget."""
        with self.view.catch():
            self._play(int(action))
        self.redraw()

    def _clicked(self, name: str) -> None:
        self._play(self.action_of(name))
        self.redraw()

    def _play(self, action: int) -> None:
        s = self.state
        if s.is_terminal():
            raise IllegalMoveError("the game is over; press 'new game'")
        if s.current_player != self.human:
            raise IllegalMoveError("it is the agent's turn")
        starts_a_turn, colour = s.phase == START, s.colour
        if starts_a_turn:
            self.snapshots.append(
                (s.clone(), list(self.last_reply), list(self.your_turn), [(p, c, list(a)) for p, c, a in self.turns],
                 list(self.pictures))
            )  # fmt: skip
        try:
            s.apply(action)
        except IllegalMoveError as exc:
            if starts_a_turn:
                self.snapshots.pop()
            raise IllegalMoveError(plain_words(str(exc), s.action_to_string(action))) from None
        if starts_a_turn:
            self.your_turn = []
            self.turns.append((self.human, colour, []))
        self.your_turn.append(action)
        self.turns[-1][2].append(action)
        self._agent_moves()

    def _agent_moves(self) -> None:
        s = self.state
        if s.is_terminal() or s.current_player == self.human:
            return
        self.last_reply = []
        colour = s.colour
        reasons: list[str] = []
        with self.view.working(self._busy_message()):
            while not s.is_terminal() and s.current_player != self.human:
                a = self.agent.step(s, self.rng)
                reasons.append(counted_from_one(self.agent.explain(s, a)))
                s.apply(a)
                self.last_reply.append(a)
        self.why.show(reasons)
        self.turns.append((1 - self.human, colour, list(self.last_reply)))
        self.pictures.append((f"after turn {s.turn_number}", s.clone()))

    def _busy_message(self) -> str:
        if isinstance(self.agent, MCTSAgent):
            from ._kernels import playout

            if not playout.signatures:
                return "compiling the playout kernel… (first use only)"
        return "the agent is thinking…"

    # -- drawing -------------------------------------------------------------------------------
    def _places(self, actions: list[int]) -> dict:
        """Micro-actions as ``{"nodes", "edges", "faces"}`` (board numbering; swap and stop left out)."""
        b = self.game.board
        out: dict = {"nodes": [], "edges": [], "faces": []}
        for a in actions:
            if a < b.V:
                out["nodes"].append(a)
            elif a < b.FACE0:
                out["edges"].append(a - b.V)
            elif a < b.SWAP:
                out["faces"].append(a - b.FACE0)
        return out

    def redraw(self) -> None:
        s, b = self.state, self.game.board
        mine = s.current_player == self.human
        legal = s.legal_actions() if mine else []
        you = self.human ^ s.swapped
        self.view.svg = board_svg(
            self.board,
            s.owners(),
            size=self.size,
            targets=True,
            progress=face_progress(s),
            you=None if s.is_terminal() else you,
            last=self._places(self.last_reply),
            names=self.names,
        )
        self.legend.value = marks_legend(you)
        self.view.legal = [self.target_of(a) for a in legal if a < b.SWAP]
        self.swap.disabled = b.SWAP not in legal
        self.stop.disabled = b.STOP not in legal
        self.undo_button.disabled = not self.snapshots
        self.view.status = self.status_text()

    def status_text(self) -> str:
        """The status line: your colour, turn, n and e, faces owned, what to click next."""
        s, g = self.state, self.game
        you = COLOUR_NAMES[self.human ^ s.swapped]
        faces = (
            f"faces {COLOUR_NAMES[0]} {s.faces_owned[0]}, {COLOUR_NAMES[1]} {s.faces_owned[1]} "
            f"({s.b.majority} of {s.b.F} win)"
        )
        said = self._your_captures_text() + (f" {self._reply_text()}" if self.last_reply else "")
        if s.is_terminal():
            w = s.winner()
            res = "a draw" if w is None else ("you win" if w == self.human else "the agent wins")
            return f"Game over ({s.end_reason}): {res}. You were {you}; {faces}.{said} Press 'new game' to play again."
        agent_colour = (1 - self.human) ^ s.swapped
        warning = (
            f" Warning: {capturable_words(s, agent_colour)} (hatched)."
            if capturable_next(s, agent_colour) and s.current_player == self.human
            else ""
        )
        return (
            f"You are {you}. Turn {s.turn_number + 1}, {COLOUR_NAMES[s.colour]} to move: {next_step(s)}. "
            f"n={g.n}, e={g.e}; {faces}.{said}{warning}"
        )

    def turn_words(self, actions: list[int]) -> str:
        """A whole turn in words, places counted from 1: ``'claimed nodes 5, 12'``, ``'captured the
        leftmost triangle in the bottom row'``, ``'swapped colours (pie rule)'``."""
        b = self.game.board
        if b.SWAP in actions:
            return "swapped colours (pie rule)"
        places = self._places(actions)
        parts = []
        for kind in ("nodes", "edges"):
            if places[kind]:
                word = kind if len(places[kind]) > 1 else kind[:-1]
                parts.append(f"claimed {word} {', '.join(str(x + 1) for x in places[kind])}")
        if places["faces"]:
            parts.append(f"captured {faces_in_words(self.board, places['faces'])}")
        return " and ".join(parts) or "passed"

    def turn_lines(self) -> list[str]:
        """The game so far, one line per whole turn (who, colour, what; places counted from 1), unnumbered."""
        return [
            f"{'you' if seat == self.human else 'the agent'} ({COLOUR_NAMES[colour]}) {self.turn_words(actions)}"
            for seat, colour, actions in self.turns
            if actions
        ]

    def move_lines(self) -> list[str]:
        """:meth:`turn_lines` numbered from 1."""
        return [f"{i}. {line}" for i, line in enumerate(self.turn_lines(), 1)]

    def save_game(self, path: str | Path) -> Path:
        """Write the game as one self-contained HTML file (the final board, a few positions, the moves,
        the Rules, board and seed); return its path."""
        s = self.state
        shown = self.pictures[:-1][:: max(1, -(-len(self.pictures[:-1]) // 3))][:3]
        pictures = [("the board now" if not s.is_terminal() else "the final board", s)] + shown
        title = f"FEN on {self.board_name}: you against {self.agent_spec}"
        return save_played_game(
            path,
            title,
            [(caption, board_svg(self.board, st.owners(), size=360)) for caption, st in pictures],
            self.turn_lines(),  # the saved page numbers the moves itself
            rules={"board": self.board_name, **dict(vars(self.game.rules)), "n": self.game.n, "e": self.game.e},
            seed=self.seed,
            players=f"you: seat {self.human + 1}; the agent: {self.agent_spec}",
            result=self.status_text(),
        )

    def _your_captures_text(self) -> str:
        """The faces you captured in the turn in progress or your last turn, named, or ''."""
        s = self.state
        faces = self._places(self.your_turn)["faces"]
        if not faces:
            return ""
        you = COLOUR_NAMES[self.human ^ s.swapped]
        count, named = _plural(len(faces), "face"), faces_in_words(self.board, faces)
        if not s.is_terminal() and s.current_player == self.human and s.phase == CAPTURE:
            return f" You ({you}) have captured {count} this turn: {named}."
        return f" You ({you}) captured {count} in your last turn: {named}."

    def _reply_text(self) -> str:
        """The agent's last turn in words, by what the board draws (ringed in orange)."""
        b, s = self.game.board, self.state
        agent = COLOUR_NAMES[(1 - self.human) ^ s.swapped]
        last = self._places(self.last_reply)
        if b.SWAP in self.last_reply:
            return f"The agent swapped colours (pie rule) and now plays {agent}."
        parts = []
        if last["nodes"]:
            parts.append(f"claimed {_plural(len(last['nodes']), 'node')}")
        if last["edges"]:
            parts.append(f"claimed {_plural(len(last['edges']), 'edge')}")
        if last["faces"]:
            faces = last["faces"]
            parts.append(f"captured {_plural(len(faces), 'face')} this turn: {faces_in_words(self.board, faces)}")
        return f"The agent ({agent}) {' and '.join(parts) or 'passed'} (ringed in orange)."


def play_board(board: Tessellation | None = None, agent: str = "greedy", human_seat: int = 0, **kw) -> PlayableBoard:
    """A :class:`PlayableBoard`; show it with ``display(play_board().widget)``."""
    return PlayableBoard(board, agent, human_seat, **kw)
