"""An explorer: play Necklace against the compiled MCTS on a clickable board.

Choose the board size, the opponent's strength, your colour and the swap rule (a change
of size, colour or swap rule starts a new game at once); click a point to place, ``Undo``
to take back your last move (and the reply), ``Swap`` on Blue's first turn, and toggle the
legality overlay (``x`` crosscut, square seclusion). Points are named 1-based in
everything you read ("row 3, col 4"); ``click(r, c)`` and the targets ``point:r:c`` are
0-based like :meth:`State.play`. Errors appear in the widget's error line; a click refused for
seclusion names the empty points the stone would seal off, and the board rings them. A turn
skipped because its colour has no legal placement is said in the status line ("blue was
skipped: no legal placement") and in the history under the board (``.log``), one line per turn, a swap
said by who made it ("you (blue) swapped: you take over red's side"). A crosscut refused
names the four stones of the crossed block. ``New game`` deals afresh (a new seed for the MCTS, shown
in the seed field; ``replay seed`` plays the seed typed there again); ``Save game`` writes the game as
one self-contained HTML file.

>>> from negenlab.necklace.widgets import Explorer
>>> ex = Explorer(size=5, strength=50, seed=0)
>>> ex.board.press("point:2:2")    # a click on row 3, col 3: you are Red, the MCTS answers as Blue
>>> ex.state.placements
2
>>> ex.board.status.startswith("5x5, 2 placements · you play red · MCTS (blue) played row")
True
>>> ex.board.press("point:2:2")    # occupied now: the error line says why, nothing changes
>>> ex.board.error
'IllegalMoveError: row 3, col 3 already holds a red stone'
>>> ex.click(0, 0)                 # the same from Python, 0-based
>>> ex.state.placements >= 3
True
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import ipywidgets as W
import numpy as np

from negenlab.core.errors import IllegalMoveError
from negenlab.core.widgets import BoardWidget, DealControls, SaveGameRow, WhyLines, history_html
from negenlab.report.played import save_played_game

from . import _kernels as K
from .agents import NumbaMCTSAgent
from .game import BLUE, NAMES, RED, SWAP, State, skip_text
from .rules import point_names
from .svg import board_svg, point_name

STRENGTHS = {"random-ish (20)": 20, "weak (200)": 200, "medium (1000)": 1000, "strong (5000)": 5000}
COMPILING = "compiling… (first use only, about 10 s)"
SKIPPED = "skipped"  # in Explorer.replies: (colour, SKIPPED) is a turn of that colour skipped


def _search_compiled() -> bool:
    """True once numba has compiled (or loaded from its cache) the MCTS search in this process."""
    return bool(K.mcts.signatures)


def _other(colour: str) -> str:
    return "blue" if colour == "red" else "red"


class Explorer:
    """The explorer; ``.widget`` is the box to display (``_repr_mimebundle_`` shows it), ``.board``
    the :class:`~negenlab.core.widgets.BoardWidget` inside it.

    After a swap you own the other colour, and the "you play" dropdown follows it (so
    ``New game`` keeps you on the colour you play now).
    """

    def __init__(
        self,
        size: int = 7,
        strength: int = 200,
        human: str = "red",
        swap: bool = True,
        seed: int = 0,
        folder: str | Path = "negenlab-games",
    ):
        self.seed = int(seed)
        self.rng = np.random.default_rng(seed)
        self.size_w = W.Dropdown(options=list(range(3, 14)), value=size, description="size")
        self.strength_w = W.Dropdown(
            options=list(STRENGTHS.items())
            + ([(f"custom ({strength})", strength)] if strength not in STRENGTHS.values() else []),
            value=strength,
            description="opponent",
        )
        self.human_w = W.Dropdown(options=["red", "blue"], value=human, description="you play")
        self.swap_rule_w = W.Checkbox(value=swap, description="swap rule")
        self.overlay_w = W.Checkbox(value=True, description="legality overlay")
        self.deal = DealControls(self.seed, self.start, label="New game", guard=self._guard)
        self.new_b = self.deal.new_button
        self.undo_b = W.Button(description="Undo", icon="undo")
        self.swap_b = W.Button(description="Swap", icon="exchange")
        self.board = BoardWidget()
        self.log = W.HTML()
        self.refused: tuple[int, int] | None = (
            None  # the last click refused for seclusion: rings what it would seal off
        )
        self.board.on_click(self._on_target)
        self.undo_b.on_click(lambda _: self.undo())
        self.swap_b.on_click(lambda _: self.swap())
        self._following = False  # True while the "you play" dropdown is set from the game (no new game)
        for w in (self.size_w, self.swap_rule_w, self.human_w):
            w.observe(self._on_setting, names="value")
        self.overlay_w.observe(lambda _: self.redraw(), names="value")
        controls = W.VBox(
            [
                W.HBox([self.size_w, self.strength_w]),
                W.HBox([self.human_w, self.swap_rule_w, self.overlay_w]),
                W.HBox([self.deal.widget, self.undo_b, self.swap_b], layout=W.Layout(flex_flow="row wrap")),
            ]
        )
        self.saver = SaveGameRow(str(Path(folder) / "necklace-game.html"), self.save_game)
        self.why = WhyLines()
        self.widget = W.VBox([controls, self.board, self.log, self.why.widget, self.saver.widget])
        self.start(self.seed)

    # ------------------------------------------------------------------ game flow
    def _guard(self, action) -> None:
        with self.board.catch():
            action()

    def new_game(self) -> int:
        """A fresh game: a new seed from the explorer's own generator (shown in the seed field); return it."""
        return self.deal.fresh()

    def start(self, seed: int | None = None) -> None:
        """Start a game with the current settings, the MCTS's choices drawn from ``seed`` (default: the
        seed in play again); the MCTS opens when you play Blue."""
        if seed is not None:
            self.seed = int(seed)
            self.deal.seed.value = self.seed
        self.rng = np.random.default_rng(self.seed)
        self.refused = None
        with self.board.catch():
            self.state = State.initial(int(self.size_w.value), swap=bool(self.swap_rule_w.value))
            self.human = self.human_w.value
            self.first_human = self.human
            self.undo_stack: list = []
            self.replies: list = []
            self.state, self.human, self.replies = self._ai_moves(self.state, self.human)
        self.redraw()

    @property
    def agent(self) -> NumbaMCTSAgent:
        return NumbaMCTSAgent(int(self.strength_w.value))

    def _ai_moves(self, state: State, human: str, seen: int = 0):
        """Let the MCTS move on a copy of ``state`` until it is your turn (or the game ends);
        returns ``(state, human, replies)`` with the MCTS's moves (several when you are skipped) and,
        in order, every turn skipped after the first ``seen`` of ``state.skips`` as ``(colour, SKIPPED)``."""
        state = state.copy()
        replies: list = []

        def note_skips():
            nonlocal seen
            replies.extend((colour, SKIPPED) for _, colour in state.skips[seen:])
            seen = len(state.skips)

        note_skips()
        agent = self.agent
        reasons: list[str] = []
        while not state.over and state.colour_to_move != human:
            with nullcontext() if _search_compiled() else self.board.working(COMPILING):
                move = agent.step(state, self.rng)
            reasons.append(agent.explain(state, move))
            replies.append((state.colour_to_move, move))
            if move == SWAP:
                human = _other(human)
            state.play(move)
            note_skips()
        self.why.show(reasons)
        return state, human, replies

    def _check_click(self, r: int, c: int) -> None:
        """Raise :class:`IllegalMoveError` in 1-based words when you may not take (r, c) now."""
        s = self.state
        if s.over:
            raise IllegalMoveError(f"the game is over ({self._result()}): press New game")
        if s.colour_to_move != self.human:
            raise IllegalMoveError(f"it is {s.colour_to_move}'s turn (the MCTS), not yours")
        if not (0 <= r < s.n and 0 <= c < s.n):
            raise IllegalMoveError(f"row {r + 1}, col {c + 1} is off the {s.n}x{s.n} board")
        v = int(s.board[r * s.n + c])
        if v:
            raise IllegalMoveError(f"{point_name(r, c)} already holds a {NAMES[v]} stone")
        reasons = s.illegal_points().get((r, c))
        if reasons:
            words = list(reasons)
            if "crosscut" in reasons:
                words[words.index("crosscut")] = crosscut_words(s, r, c)
            if "seclusion" in reasons:
                self.refused = (r, c)
                words[words.index("seclusion")] = f"seclusion (it would seal off {point_names(s.sealed_by((r, c)))})"
            raise IllegalMoveError(f"{point_name(r, c)} is illegal: {' and '.join(words)}")

    def click(self, r: int, c: int) -> None:
        """Place your stone at (r, c) (0-based), then let the MCTS answer. On an error the game is
        unchanged and the error line says why."""
        self.refused = None
        with self.board.catch():
            self._check_click(int(r), int(c))
            state = self.state.copy()
            state.play((int(r), int(c)))
            state, human, replies = self._ai_moves(state, self.human, len(self.state.skips))
            self.undo_stack.append((self.state, self.human, self.replies))
            self.state, self.human, self.replies = state, human, replies
        self.redraw()

    def history_lines(self) -> list[str]:
        """The game so far, one line per turn (:meth:`State.turn_log`), a swap said by who made it: you or
        the MCTS (after it the colours change hands). Points are counted from 1, as the board labels them."""
        you = self.first_human
        lines = []
        for line in self.state.turn_log():
            colour = line.partition(" ")[0]
            if " swapped" in line:
                who = "you" if colour == you else "the MCTS"
                lines.append(
                    f"{who} ({colour}) swapped: "
                    + (
                        "you take over red's side"
                        if who == "you"
                        else f"it takes over red's side, you now play {colour}"
                    )
                )
                you = _other(you)
            else:
                lines.append(line)
        return lines

    def save_game(self, path: str | Path) -> Path:
        """Write the game as one self-contained HTML file (the final board, every few moves a position,
        the moves counted from 1, the size, swap rule, opponent and seed); return its path."""
        s = self.state
        states = [t[0] for t in self.undo_stack[1:]]
        step = max(1, -(-len(states) // 3))
        pictures = [("the board now" if not s.over else "the final board", s)]
        pictures += [(f"after {st.placements} placements", st) for st in states[::step][:3]]
        return save_played_game(
            path,
            f"Necklace {s.n}x{s.n}: you ({self.first_human}) against MCTS ({int(self.strength_w.value)} simulations)",
            [(caption, board_svg(**st.drawing_facts(), cell=30)) for caption, st in pictures],
            self.history_lines(),
            rules={"size": s.n, "swap": bool(self.swap_rule_w.value)},
            seed=self.seed,
            players=f"you: {self.first_human}; MCTS: {_other(self.first_human)}, {int(self.strength_w.value)} simulations",
            result=self._status(),
        )

    def _on_target(self, name: str) -> None:
        kind, *parts = name.split(":")
        if kind != "point" or len(parts) != 2:
            raise IllegalMoveError(f"unknown board target {name!r}")
        self.click(int(parts[0]), int(parts[1]))

    def swap(self) -> None:
        """Take over Red's side (Blue's first turn only, under the swap rule)."""
        self.refused = None
        with self.board.catch():
            s = self.state
            if not (s.swap_available and s.colour_to_move == self.human):
                raise IllegalMoveError("you may swap only as Blue on Blue's first turn, with the swap rule on")
            state = s.copy()
            state.play(SWAP)
            state, human, replies = self._ai_moves(state, _other(self.human), len(s.skips))
            self.undo_stack.append((self.state, self.human, self.replies))
            self.state, self.human, self.replies = state, human, replies
        self.redraw()

    def undo(self) -> None:
        """Take back your last move and the MCTS's answer."""
        self.refused = None
        with self.board.catch():
            if not self.undo_stack:
                raise IllegalMoveError("nothing to undo")
            self.state, self.human, self.replies = self.undo_stack.pop()
            self.why.show([])
        self.redraw()

    def _on_setting(self, change) -> None:
        if not self._following:
            self.start()

    # ------------------------------------------------------------------ drawing
    def _result(self) -> str:
        s = self.state
        if s.winner:
            return f"{s.winner} wins ({'you' if s.winner == self.human else 'MCTS'})"
        return "draw: nobody can move"

    def _status(self) -> str:
        s = self.state
        parts = [
            f"{s.n}x{s.n}, {s.placements} placement{'s' if s.placements != 1 else ''}",
            f"you play {self.human}" + (" (after the swap)" if s.swapped else ""),
        ]
        for colour, move in self.replies:
            if move == SKIPPED:
                parts.append(f"{skip_text(colour)} ({'you' if colour == self.human else 'MCTS'})")
            elif move == SWAP:
                parts.append(f"MCTS ({colour}) swapped: you now play {self.human}")
            else:
                parts.append(f"MCTS ({colour}) played {point_name(*move)}")
        if s.over:
            parts.append(self._result())
        else:
            whose = "you" if s.colour_to_move == self.human else "MCTS"
            parts.append(f"{s.colour_to_move} to move ({whose})" + (", may swap" if s.swap_available else ""))
        return " · ".join(parts)

    def legal_targets(self) -> list[str]:
        """The points you may click now; with the overlay off, every empty point (the board gives no hints)."""
        s = self.state
        if s.over or s.colour_to_move != self.human:
            return []
        if self.overlay_w.value:
            points = s.legal_moves()
        else:
            points = [divmod(int(p), s.n) for p in np.flatnonzero(s.board == 0)]
        return [f"point:{r}:{c}" for r, c in points]

    def redraw(self) -> None:
        """Draw the board, the status line and the buttons from the game state."""
        s = self.state
        last = next((m for _, m in reversed(self.replies) if m not in (SWAP, SKIPPED)), None)
        self.board.svg = board_svg(
            **s.drawing_facts(),
            cell=30,
            show_illegal=bool(self.overlay_w.value),
            highlight=last,
            targets=True,
            refused=self.refused,
        )
        self.board.legal = self.legal_targets()
        self.board.status = self._status()
        turns = self.history_lines()
        self.log.value = history_html("history", turns)
        self.swap_b.disabled = not (s.swap_available and s.colour_to_move == self.human)
        self.undo_b.disabled = not self.undo_stack
        self._following = True
        try:
            self.human_w.value = self.human
        finally:
            self._following = False

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def crosscut_words(state: State, r: int, c: int) -> str:
    """Why a stone of the colour to move at (r, c) makes a crosscut, naming the four stones of each
    2x2 block it would cross (points counted from 1).

    >>> s = State.from_text("RB.\\nB..\\n...", "red")
    >>> crosscut_words(s, 1, 1)
    'crosscut: red at row 1, col 1 and row 2, col 2 (the stone) against blue at row 1, col 2 and row 2, col 1'
    """
    n, me = state.n, state.to_move
    other = BLUE if me == RED else RED
    at = lambda rr, cc: int(state.board[rr * n + cc])  # noqa: E731
    blocks = []
    for dr in (-1, 1):
        for dc in (-1, 1):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < n and 0 <= cc < n):
                continue
            if at(rr, cc) == me and at(r, cc) == other and at(rr, c) == other:
                mine = sorted([(r, c), (rr, cc)])
                theirs = sorted([(r, cc), (rr, c)])
                names = [point_name(*p) + (" (the stone)" if p == (r, c) else "") for p in mine]
                blocks.append(f"{NAMES[me]} at {' and '.join(names)} against {NAMES[other]} at {point_names(theirs)}")
    return "crosscut: " + "; ".join(blocks) if blocks else "crosscut"


def explorer(**kwargs) -> W.Widget:
    """The explorer's widget (see :class:`Explorer`)."""
    return Explorer(**kwargs).widget
