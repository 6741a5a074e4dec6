"""Negen widgets: the spiral editor, and play (replay a simulated round with a slider, play a round
against agents).

The spiral editor: click cells to place or change dice, pick the rule variant, and see validity,
witness, closure and completions update live.

The grid is one clickable board (:class:`~negenlab.core.widgets.BoardWidget`); rows and columns are
numbered from 1 along its edges, as in the verdict text. The default brush ``cycle`` steps a cell
through empty, 1, 2, ..., 6 and back to empty; the other brushes paint a value 1-6, ``?`` (a blank
to be completed) or ``erase``. Dice are drawn with the witness of their spiral (colours as in
:mod:`negenlab.negen.svg`: nodes red, edges blue, sequences as lines, loops gold, uncovered dice
crossed); an invalid spiral keeps the colours and sequences of its closest interpretation, with the
pairs it leaves uncovered joined by dashed orange lines. One line per spiral says why, with one more
line per uncovered pair (or die) saying why no sequence covers it; when the table has blanks, every
completion is drawn (capped, and saying so). Bad input shows in the board's error line, not as a
traceback.

>>> from negenlab.negen.widgets import SpiralEditor
>>> ed = SpiralEditor(text="6 5 4\\n. . ?")
>>> ed.verdict_lines()[0].startswith("spiral of 3")
True
>>> ed.brush.value = "erase"; ed.click(1, 2); ed.brush.value = "3"; ed.click(1, 1)
>>> ed.table_text()
'6 5 4\\n. 3 .'
>>> ed.brush.value = "cycle"; ed.board.press("cell:1:1")     # a click in the browser: 3 becomes 4
>>> ed.table_text()
'6 5 4\\n. 4 .'
>>> print(ed.board.status)
4 dice, 0 blanks — 1 spiral: invalid, not closed — the 5 is the edge here, so 4-5-6 needs a 6 on the far side of the 5, and no die is there

Play: :func:`simulate_round` replays game ``index`` of a seeded :func:`negenlab.core.simulate`
run exactly (:func:`negenlab.core.simulate.replay`), agents named by their specs:

>>> state = simulate_round(Rules(target_score=1), ["random", "random", "random"], seed=1)
>>> state.is_terminal(), state.round_log[0]["reason"] in ("closed", "pool_empty", "max_turns")
(True, True)

:class:`PlayRound` is one clickable board where you build each turn by hand (a board die, then a
cell; a spiral, then a cell or another spiral to join), with End turn, Undo, Refuse and the re-roll
after it, a reading selector and new game; "show my options" lists every legal turn as a picture
instead (closing turns first; clicking one plays it and lets the agents answer):

>>> game = PlayRound(Rules(target_score=1, pool_size=22), ("random", "random"), seed=1)
>>> game.options.value = True
>>> first = game.board.gallery[0]["target"]
>>> game.board.press(first)                      # what a click on the first picture does
>>> game.state.history[0][0], game.board.error   # seat 0 played it
(0, '')

In a notebook: ``replay_widget(state)`` (slider over ``state.timeline``), ``simulate_widget()``,
``PlayRound(opponents=("greedy", "random")).widget`` (the Rules the report plays: target score 2, a pool of 60).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import ipywidgets as W
import numpy as np

from negenlab import games
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import seat_name
from negenlab.core.registry import parse_agent_specs
from negenlab.core.simulate import replay
from negenlab.core.widgets import BoardWidget, DealControls, ErrorBanner, SaveGameRow, WhyLines
from negenlab.report.played import save_played_game

from .build import TurnBuilder, settle, spread
from .completions import complete
from .game import NegenGame
from .rules import Rules
from .spirals import check_table
from .svg import dice_svg, editor_svg, legend_svg, play_legend_svg, play_svg, position_svg, verdicts_svg
from .table import Table, cell_name, layout, loop_pairs, parse_pattern, witness_facts

BRUSHES = ["cycle", "1", "2", "3", "4", "5", "6", "?", "erase"]
PICTURE_WIDTH = 900  # px: the board picture scales down to this width (a 1280 px page)
MAX_SHOWN = 60  # turn pictures shown at once (a position can offer hundreds of turns)
AGENTS_NOTICE = "the agents are playing…"
ONE_ROUND = Rules(target_score=1)  # a game of one round
PLAY_RULES = Rules()  # PlayRound's default: the Rules the report page plays (target score 2, a pool of 60)
COMPILE_NOTICE = "compiling… (first use only, about 10 s)"
_compiled = False  # the completion search is numba code, compiled (or loaded from its cache) on first use


class SpiralEditor:
    """A grid of ``rows`` x ``cols`` cells to edit a Negen table; ``.widget`` shows it.

    ``.board`` is the clickable grid (its ``status`` line sums up the table), ``.report`` the
    verdict lines and completions; ``click(r, c)`` paints a cell (0-based, as ``Table`` cells)."""

    def __init__(
        self,
        rows: int = 7,
        cols: int = 7,
        text: str | None = None,
        rules: Rules | None = None,
        completion_limit: int = 24,
    ):
        rules = rules or Rules()
        self.rows, self.cols = rows, cols
        self.dice: dict = {}
        self.blanks: set = set()
        self.completion_limit = completion_limit
        self.board = BoardWidget()
        self.brush = W.ToggleButtons(
            options=BRUSHES, value="cycle", description="brush", style={"button_width": "58px"}
        )
        self.shape = W.Dropdown(options=["straight", "bent"], value=rules.sequence_shape, description="sequences")
        self.coverage = W.Dropdown(options=["die", "adjacency"], value=rules.coverage, description="coverage")
        self.text = W.Textarea(placeholder="rows of 1-6, '.' and '?' separated by spaces", layout={"width": "260px"})
        self.load = W.Button(description="load text")
        self.clear = W.Button(description="clear")
        self.report = W.HTML()
        self.board.on_click(self._on_click)
        self.shape.observe(lambda _: self.refresh(), names="value")
        self.coverage.observe(lambda _: self.refresh(), names="value")
        self.load.on_click(lambda _: self.load_text(self.text.value))
        self.clear.on_click(lambda _: self.set_table({}, set()))
        controls = W.VBox([self.shape, self.coverage, self.text, W.HBox([self.load, self.clear])])
        self.widget = W.VBox([self.brush, W.HBox([self.board, controls]), self.report, W.HTML(legend_svg())])
        self.refresh()
        if text:
            self.load_text(text)

    @property
    def rules(self) -> Rules:
        return Rules(sequence_shape=self.shape.value, coverage=self.coverage.value)

    # -- editing --------------------------------------------------------------------------
    def click(self, r: int, c: int) -> None:
        """Paint cell (r, c) (0-based) with the current brush; ``cycle`` steps empty (or ?) -> 1 -> ... -> 6 -> empty."""
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise InvalidInputError(f"{cell_name((r, c))} is outside the editor's {self.rows} x {self.cols} grid")
        cell, brush = (r, c), self.brush.value
        old = self.dice.pop(cell, None)
        self.blanks.discard(cell)
        if brush == "cycle":
            if old is None:
                self.dice[cell] = 1
            elif old < 6:
                self.dice[cell] = old + 1
        elif brush == "?":
            self.blanks.add(cell)
        elif brush != "erase":
            self.dice[cell] = int(brush)
        self.refresh()

    def _on_click(self, name: str) -> None:
        kind, *rest = name.split(":")
        if kind != "cell" or len(rest) != 2 or not all(p.isdigit() for p in rest):
            raise InvalidInputError(f"{name!r} is not a cell of the grid (expected cell:row:col)")
        self.click(int(rest[0]), int(rest[1]))

    def set_table(self, dice: dict, blanks=()) -> None:
        self.dice, self.blanks = dict(dice), set(blanks)
        self.refresh()

    def load_text(self, text: str) -> None:
        """Read a table (``?`` allowed); errors show in the board's error line and leave the table unchanged."""
        with self.board.catch():
            known, blanks = parse_pattern(text)
            cells = list(known.keys()) + list(blanks)
            if max(r for r, _ in cells) >= self.rows or max(c for _, c in cells) >= self.cols:
                raise InvalidInputError(f"the table needs more than the editor's {self.rows} x {self.cols} cells")
            self.set_table(dict(known.items()), blanks)

    def table_text(self) -> str:
        cells = list(self.dice) + list(self.blanks)
        if not cells:
            return ""
        r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
        c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
        return "\n".join(
            " ".join(
                str(self.dice[(r, c)]) if (r, c) in self.dice else "?" if (r, c) in self.blanks else "."
                for c in range(c0, c1 + 1)
            )
            for r in range(r0, r1 + 1)
        )

    # -- views ----------------------------------------------------------------------------
    def verdict_lines(self, limit: int = 8) -> list[str]:
        """One line per spiral (:meth:`SpiralVerdict.summary`); under an invalid one, a line per pair
        (or die) its closest interpretation leaves uncovered, saying why (at most ``limit`` per spiral)."""
        if not self.dice:
            return []
        lines = []
        for v in check_table(Table(self.dice), self.rules):
            lines.append(v.summary())
            reasons = v.reasons()
            for r in reasons[:limit]:
                where = " – ".join(cell_name(c) for c in r.cells)
                lines.append(f"  {where} ({', '.join(str(v.spiral[c]) for c in r.cells)}): {r.text}")
            if len(reasons) > limit:
                lines.append(f"  and {len(reasons) - limit} more")
        return lines

    def completions(self):
        if not self.blanks:
            return None
        global _compiled
        if _compiled:
            return complete((Table(self.dice), self.blanks), self.rules, limit=self.completion_limit)
        with self.board.working(COMPILE_NOTICE):
            res = complete((Table(self.dice), self.blanks), self.rules, limit=self.completion_limit)
        _compiled = True
        return res

    def _counts(self) -> str:
        n, b = len(self.dice), len(self.blanks)
        return f"{n} {'die' if n == 1 else 'dice'}, {b} {'blank' if b == 1 else 'blanks'}"

    def refresh(self) -> None:
        """Redraw the grid and the views; an error clears the views and shows in the error line."""
        with self.board.catch():
            try:
                self._draw()
            except ValueError:
                self.board.svg = editor_svg(self.rows, self.cols, self.dice, self.blanks)
                self.board.status = f"{self._counts()} — no verdict (see the error line)"
                self.report.value = ""
                raise

    def _draw(self) -> None:
        table, rules = Table(self.dice), self.rules
        verdicts = check_table(table, rules) if self.dice and not self.blanks else []
        facts = table_facts(table, rules) if verdicts else {}
        self.board.svg = editor_svg(self.rows, self.cols, self.dice, self.blanks, **facts)
        parts = [html.escape(line) for line in self.verdict_lines()] if verdicts else []
        res = self.completions()
        if res is not None:
            head = (
                f"{len(res)}{'+ (capped at the limit)' if res.capped else ''} completion(s) of "
                f"{len(self.blanks)} blank(s) under {rules.sequence_shape}/{rules.coverage}"
            )
            values = "; ".join(
                f"{cell_name(b)}: {', '.join(map(str, vs))}" for b, vs in sorted(res.values_at().items())
            )
            parts.append(
                f"<b>{html.escape(head)}</b>"
                + (f" (values: {html.escape(values)})" if res.solutions else " (no values make every spiral valid)")
            )
            parts.append("".join(verdicts_svg(t, check_table(t, rules), size=22) + "&nbsp;" for t in res.tables()))
        self.report.value = "<div>" + "<br>".join(parts) + "</div>"
        self.board.status = f"{self._counts()} — {self._verdict_text(verdicts, res)}"

    @staticmethod
    def _verdict_text(verdicts, res) -> str:
        if res is not None:
            n = len(res)
            return (
                "no completion makes it valid"
                if not n
                else f"{n}{'+' if res.capped else ''} {'completion' if n == 1 else 'completions'} of the blanks"
            )
        if not verdicts:
            return "empty: click a cell to place a die"
        closed = sum(v.closed for v in verdicts)
        if len(verdicts) == 1:
            v = verdicts[0]
            text = f"1 spiral: {'valid' if v.valid else 'invalid'}, {'closed' if v.closed else 'not closed'}"
            return text if v.valid else f"{text} — {v.reasons()[0].text}"
        bad = sum(not v.valid for v in verdicts)
        return f"{len(verdicts)} spirals: " + ("all valid" if not bad else f"{bad} invalid") + f", {closed} closed"

    def _ipython_display_(self):  # pragma: no cover - needs a notebook front end
        from IPython.display import display

        display(self.widget)


def enumeration_explorer(frames: dict):
    """A dropdown over rule variants and a table of the counts (``frames``: label -> count frame)."""
    pick = W.Dropdown(options=list(frames), description="rules")
    out = W.HTML()

    def show(_=None):
        out.value = frames[pick.value].to_html(index=False)

    pick.observe(show, names="value")
    show()
    return W.VBox([pick, out])


def _agent(spec):
    """An agent from a spec (``"greedy"``, ``"mcts:200"``) or an agent as given."""
    return games.entry("negen").make_agent(spec) if isinstance(spec, str) else spec


def simulate_round(rules: Rules, agents, seed: int = 0, index: int = 0):
    """Game ``index`` of ``simulate(NegenGame(rules), agents, n_games, seed)`` (``rules.target_score``
    rounds to win), replayed exactly; ``agents`` are specs (``"greedy"``, ``"mcts:200"``) or agents.
    Returns the final state (its ``timeline`` holds every turn)."""
    return replay(NegenGame(rules), [_agent(a) for a in agents], seed, index)


def table_facts(table: Table, rules: Rules) -> dict:
    """:func:`~negenlab.negen.table.witness_facts` of a whole table, its loops found spiral by spiral (the
    gold bands of a closed spiral show even when a spiral without a loop lies beside it).

    >>> from negenlab.negen import parse_table
    >>> len(table_facts(parse_table("1 . 4 5\\n. . 5 4"), Rules())["loop_pairs"])   # a lone 1 beside a closed square
    4
    """
    if not len(table):
        return {}
    verdicts = check_table(table, rules)
    facts = witness_facts(table, verdicts)
    facts["loop_pairs"] = [pair for v in verdicts for pair in loop_pairs(Table(dict(v.spiral.items())))]
    return facts


def table_picture(key, rules: Rules, **kwargs) -> str:
    """SVG of a table key laid out, with the witness of every spiral under ``rules``
    (keyword arguments go to :func:`~negenlab.negen.svg.position_svg`, e.g. ``boards``, ``title``).

    >>> from negenlab.negen import parse_table, table_key
    >>> table_picture(table_key(parse_table("6 5 4")), Rules(), boards=[(1, 2)]).startswith("<svg")
    True
    """
    table = layout(key)
    return position_svg(dict(table.items()), **table_facts(table, rules), **kwargs)


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
    slider = W.IntSlider(
        value=0, min=0, max=max(0, len(state.timeline) - 1), description="step", continuous_update=False
    )
    out = W.HTML()

    def show(_=None):
        snap = state.timeline[slider.value]
        title = f"round {snap['round']}, turn {snap['turn']}: {snap['event']} (pool {snap['pool']})"
        out.value = table_picture(
            snap["table"],
            state.rules,
            boards=snap["boards"],
            scores=snap["scores"],
            to_move=snap["to_move"],
            title=title,
        )

    slider.observe(show, names="value")
    show()
    info = W.HTML(
        "<br>".join(
            f"round {r['round']}: {r['reason']}, "
            + (f"won by {seat_name(r['winner'])}" if r["winner"] >= 0 else "nobody won")
            + f", {r['turns']} turns"
            for r in state.round_log
        )
    )
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
            specs = [str(s) for s in parse_agent_specs(agents.value)]
            if not 2 <= len(specs) <= 6:
                raise InvalidInputError(f"agents: give 2..6 specs separated by commas, got {len(specs)}")
            rules = Rules(sequence_shape=shape.value, coverage=coverage.value, players=len(specs), target_score=1)
            state = simulate_round(rules, specs, seed.value)
            out.clear_output()
            with out:
                from IPython.display import display

                display(replay_widget(state))

    go.on_click(run)
    return W.VBox([W.HBox([shape, coverage]), W.HBox([agents, seed, go]), banner.widget, out])


READINGS = {
    f"{r.sequence_shape} · {r.coverage} · {r.rearrange}": r for r in Rules.variants()
}  # the reading selector: every combination of shape, coverage and rearrangement


def _gallery_labels(turns) -> list[str]:
    """One label per turn that tells turns apart: :func:`turn_label`, numbered where several share it."""
    labels = [turn_label(t) for t in turns]
    counts = {label: labels.count(label) for label in labels}
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        if counts[label] > 1:
            seen[label] = seen.get(label, 0) + 1
            label = f"{label} · way {seen[label]} of {counts[label]}"
        out.append(label)
    return out


def _changed_spirals(before, after) -> tuple:
    """The spirals of table key ``after`` that ``before`` does not hold (what a turn made)."""
    rest = list(before)
    out = []
    for s in after:
        if s in rest:
            rest.remove(s)
        else:
            out.append(s)
    return tuple(out)


class PlayRound:
    """Play seat 1 (the first) yourself against agents, building each turn by hand.

    Click a die of your board, then a dashed cell beside the table to put it there. Click a die of
    a spiral to pick the spiral: then click an empty cell to move it there (the die you clicked lands
    on it; **turn** gives it a quarter turn, **move aside** puts it out of the way), or click a die of
    another spiral to see every way to join the two (the gallery; click one). The status line says
    at once whether the table can still end legal, and why not; **End turn** plays it when it is a
    legal end (:class:`~negenlab.negen.build.TurnBuilder`). **Refuse** adds nothing; the widget then
    asks which board dice to re-roll (click them, then **re-roll**). **Show my options** lists every
    legal turn as a picture instead (closing turns first; click one to play it). New dice are ringed
    green, the other players' last dice purple, and spirals keep their places between turns.

    ``.builder`` is the turn being built, ``.turns`` every legal ``(action, Turn)`` in the order the
    options show them (``play(i)`` plays one), ``.state`` the game.

    The game is played at ``rules`` (default: the Rules the report plays, first to 2 points with a pool
    of 60 dice), dealt from ``seed``: **new game** deals afresh with a new seed from the widget's own
    generator, shown in the seed field, and **replay seed** deals the seed typed there again. Picking
    another reading while a round is in play asks first (**Discard** / **Keep**). **Save game** writes
    the game as one self-contained HTML file (:meth:`save_game`).

    >>> game = PlayRound(Rules(target_score=1, pool_size=22), ("random", "random"), seed=1)
    >>> game.board.press("hand:0")                 # pick a board die: the cells it may go to light up
    >>> cell = sorted(game.builder.frontier())[0]
    >>> game.board.press(f"cell:{cell[0]}:{cell[1]}")
    >>> len(game.builder.added), game.board.error
    (1, '')
    >>> game.end_turn() if game.builder.progress().legal_now else game.undo()
    """

    def __init__(
        self,
        rules: Rules = PLAY_RULES,
        opponents=("greedy", "random"),
        seed: int = 0,
        max_shown: int = MAX_SHOWN,
        folder: str | Path = "negenlab-games",
    ):
        self.opponents = tuple(opponents)
        self.seed = int(seed)
        self.max_shown = max_shown
        self.board = BoardWidget()
        self.log = W.HTML(layout=W.Layout(min_height="1.4em"))
        self.board.on_click(self._on_click)
        self.board.observe(self._said_on_picture, names=["error", "status"])
        wide = W.Layout(width="auto", min_width="120px")
        self.end_button = W.Button(description="End turn", button_style="primary", layout=wide)
        self.undo_button = W.Button(description="Undo", layout=wide)
        self.refuse_button = W.Button(description="Refuse", layout=wide)
        self.turn_button = W.Button(description="turn spiral ⟳", layout=wide)
        self.aside_button = W.Button(description="move aside", layout=wide)
        self.reroll_button = W.Button(description="re-roll", layout=wide)
        self.deal = DealControls(self.seed, self.start, guard=self._guarded)
        self.new_button = self.deal.new_button
        self.discard_button = W.Button(description="Discard", button_style="warning", layout=wide)
        self.keep_button = W.Button(description="Keep", layout=wide)
        self.confirm = W.HBox(
            [W.HTML("this discards the round in play:"), self.discard_button, self.keep_button],
            layout=W.Layout(display="none"),
        )
        self.confirm.add_class("nl-confirm")
        self._reading_in_play = ""
        self.options = W.ToggleButton(description="show my options", value=False, layout=wide)
        self.reading = W.Dropdown(
            options=list(READINGS), description="reading", layout=W.Layout(width="auto", min_width="330px")
        )
        self.reading.value = next(
            k
            for k, r in READINGS.items()
            if (r.sequence_shape, r.coverage, r.rearrange) == (rules.sequence_shape, rules.coverage, rules.rearrange)
        )
        self.end_button.on_click(lambda _: self._guarded(self.end_turn))
        self.undo_button.on_click(lambda _: self._guarded(self.undo))
        self.refuse_button.on_click(lambda _: self._guarded(self.refuse))
        self.turn_button.on_click(lambda _: self._guarded(self.turn_spiral))
        self.aside_button.on_click(lambda _: self._guarded(self.move_aside))
        self.reroll_button.on_click(lambda _: self._guarded(self.reroll))
        self.discard_button.on_click(lambda _: self._guarded(self.discard_round))
        self.keep_button.on_click(lambda _: self._guarded(self.keep_round))
        self.options.observe(lambda _: self._render(), names="value")
        self.reading.observe(lambda _: self._guarded(self._reading_changed), names="value")
        self.saver = SaveGameRow(str(Path(folder) / "negen-game.html"), self.save_game)
        self.why = WhyLines()
        buttons = W.HBox(
            [
                self.end_button,
                self.undo_button,
                self.refuse_button,
                self.turn_button,
                self.aside_button,
                self.reroll_button,
                self.options,
            ],
            layout=W.Layout(flex_flow="row wrap"),
        )
        self.widget = W.VBox(
            [
                W.HBox([self.reading, self.deal.widget], layout=W.Layout(flex_flow="row wrap")),
                self.confirm,
                buttons,
                self.log,
                self.board,
                self.why.widget,
                W.HTML(play_legend_svg()),
                W.HTML(legend_svg(("node", "edge", "sequence", "loop", "uncovered", "open_pair"))),
                self.saver.widget,
            ]
        )
        self._base_rules = rules
        self.builder: TurnBuilder | None = None
        self.turns: list = []
        self.start()

    # -- the game ----------------------------------------------------------------------------
    def new_game(self) -> int:
        """A fresh deal: a new seed from the widget's own generator (shown in the seed field); return it."""
        return self.deal.fresh()

    def start(self, seed: int | None = None) -> None:
        """Start a game under the reading picked (the other Rules fields as given), dealt from ``seed``
        (default: the seed in play again)."""
        if seed is not None:
            self.seed = int(seed)
            self.deal.seed.value = self.seed
        self.confirm.layout.display = "none"
        self._reading_in_play = self.reading.value
        reading = READINGS[self.reading.value]
        self.rules = self._base_rules.replace(
            players=1 + len(self.opponents),
            sequence_shape=reading.sequence_shape,
            coverage=reading.coverage,
            rearrange=reading.rearrange,
        )
        self.agents = [None] + [_agent(a) for a in self.opponents]
        self.state = NegenGame(self.rules).new_initial_state()
        self.rng = np.random.default_rng(self.seed)
        self.cells: dict = {}
        self.fresh: set = set()
        self.frame: tuple[int, int, int, int] | None = None
        self._round_laid: int | None = None  # the round whose table self.cells lays out
        self.round_seen = 0
        self.closing_pictures: list[str] = []
        self._seen = 0
        self._clear_picks()
        self._advance()

    def round_in_play(self) -> bool:
        """True when a reading change would discard something: the game goes on and a turn has been played."""
        return not self.state.is_terminal() and len(self.state.timeline) > 1

    def _reading_changed(self) -> None:
        if self.reading.value == self._reading_in_play:
            return
        if self.round_in_play():
            self.confirm.layout.display = "flex"
            self.board.status = (
                f"the reading {self.reading.value!r} is picked: Discard starts a new game under it, "
                f"Keep goes on with {self._reading_in_play!r}"
            )
            return
        self.start()

    def discard_round(self) -> None:
        """Discard the round in play and start again (the same seed) under the reading just picked."""
        self.start()

    def keep_round(self) -> None:
        """Keep the round in play: the reading goes back to the one it is played under."""
        self.confirm.layout.display = "none"
        self.reading.value = self._reading_in_play
        self._render()

    def move_lines(self) -> list[str]:
        """Every turn of the game so far in words, round by round."""
        return [
            f"round {t['round']}, turn {t['turn']}: {t['event']} (pool {t['pool'] if t['pool'] is not None else 'unlimited'})"
            for t in self.state.timeline
        ]

    def save_game(self, path: str | Path) -> Path:
        """Write the game as one self-contained HTML file (the final table, the closing table of every
        round, the turns, the Rules and seed); return its path."""
        s = self.state
        names = [f"{seat_name(0)}, you"] + [seat_name(p) for p in range(1, self.rules.players)]
        caption = "the final table" if s.is_terminal() else "the table now"
        now = table_picture(s.table, self.rules, boards=s.boards, scores=s.scores, names=names, title=caption)
        pictures = [(caption, now)]
        pictures += [(f"round {i}", svg) for i, svg in enumerate(self.closing_pictures, 1)]
        return save_played_game(
            path,
            f"Negen: you against {', '.join(map(str, self.opponents))}",
            pictures,
            self.move_lines(),
            rules=self.rules,
            seed=self.seed,
            players=", ".join(names),
            result=f"scores: {self._scores()}",
        )

    def _clear_picks(self) -> None:
        self.picked_die: int | None = None
        self.picked_cell: tuple | None = None
        self.joins: list = []
        self.join_ends: list[bool] = []  # per offered join: whether the table can still end legal after it
        self.reroll_marks: set[int] = set()
        self.page = 0

    def _guarded(self, action) -> None:
        with self.board.catch():
            action()

    def play(self, i: int) -> None:
        """Play the ``i``-th legal turn (an index into ``.turns``), then let the agents answer."""
        if self.state.is_terminal():
            raise IllegalMoveError("the game is over; press 'new game'")
        if not 0 <= i < len(self.turns):
            raise IllegalMoveError(
                f"turn {i} is not offered: there are {len(self.turns)} turns (0..{len(self.turns) - 1})"
            )
        action, turn = self.turns[i]
        self.cells = spread(turn.key)  # a picked picture replaces the draft
        self._apply(action)

    def end_turn(self) -> None:
        """Play the turn built by hand when it is a legal end (else the error says why)."""
        if self.builder is None:
            raise IllegalMoveError("it is not your turn to build")
        action = self.builder.end_turn()
        self.cells = dict(self.builder.cells)
        self._apply(action)

    def refuse(self) -> None:
        """Add nothing this turn (the table as it began); then pick the dice to re-roll."""
        if self.builder is None:
            raise IllegalMoveError("it is not your turn")
        self.builder = TurnBuilder(Table(self.cells), self.builder.board, self.rules, legal=self.builder.legal)
        self._apply(("refuse", self.builder.key))

    def undo(self) -> None:
        if self.builder is None:
            raise IllegalMoveError("nothing to undo: it is not your turn")
        self.builder.undo()
        self._clear_picks()
        self._render()

    def turn_spiral(self) -> None:
        """Give the picked spiral a quarter turn about the die you clicked."""
        if self.builder is None or self.picked_cell is None:
            raise IllegalMoveError("pick a spiral first: click one of its dice")
        self.builder.move(self.picked_cell, self.picked_cell, 1)
        self._render()

    def move_aside(self) -> None:
        """Put the picked spiral out of the way of the others."""
        if self.builder is None or self.picked_cell is None:
            raise IllegalMoveError("pick a spiral first: click one of its dice")
        self.builder.move_aside(self.picked_cell)
        self._clear_picks()
        self._render()

    def reroll(self) -> None:
        """Re-roll the board dice marked after a refusal (none marked: keep the board)."""
        s = self.state
        if s.is_terminal() or s.phase != "reroll" or s.to_move != 0:
            raise IllegalMoveError("a re-roll comes right after your refusal")
        board = s.boards[0]
        self._apply(("reroll", tuple(sorted(board[j] for j in self.reroll_marks))))

    def _apply(self, action) -> None:
        self._seen = len(self.state.timeline)
        self.state.apply(action)
        self._clear_picks()
        with self.board.working(AGENTS_NOTICE):
            self._advance()

    def _advance(self) -> None:
        s = self.state
        reasons: list[str] = []
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(self.rng))
            elif s.current_player != 0:
                seat, agent = s.current_player, self.agents[s.current_player]
                action = agent.step(s, self.rng)
                reasons.append(f"{seat_name(seat)}: {agent.explain(s, action)}")
                s.apply(action)
            else:
                break
        self.why.show(reasons)
        for record in s.round_log[self.round_seen :]:
            self._remember_round(record)
        self.round_seen = len(s.round_log)
        self.builder = None
        self.turns = []
        if not s.is_terminal() and s.phase == "turn":
            if s.round != self._round_laid:
                self.cells, self._round_laid, self.frame = {}, s.round, None
            self.cells, fresh = settle(self.cells, s.table)
            self.frame = None  # fitted anew to the table at the start of each of your turns
            self.fresh = fresh if self._seen else set()
            legal = s.legal_actions()
            self.turns = sorted(((a, s.turn_of(a)) for a in legal), key=lambda at: (not at[1].closed, -at[1].added))
            self.builder = TurnBuilder(Table(self.cells), s.boards[0], self.rules, legal=[a[1] for a in legal])
        self._render()

    def _remember_round(self, record: dict) -> None:
        """A picture of how a round ended: the closing table with its loop in gold."""
        snaps = [t for t in self.state.timeline if t["round"] == record["round"]]
        if not snaps:
            return
        last = snaps[-1]
        who = seat_name(record["winner"]) if record["winner"] >= 0 else None
        title = (
            f"round {record['round']}: {who} closed the spiral with the gold loop"
            if who
            else f"round {record['round']} ended ({record['reason']}), nobody won"
        )
        self.closing_pictures.append(table_picture(last["table"], self.rules, title=title, size=26))

    # -- clicks ----------------------------------------------------------------------------------
    def _on_click(self, name: str) -> None:
        if name not in (self.board.legal or []):
            raise IllegalMoveError(f"{name!r} is not on offer now")
        kind, *rest = name.split(":")
        if kind == "page":
            self.page = (self.page + 1) % max(1, -(-len(self.turns) // self.max_shown))
        elif kind == "turn":
            self.play(int(rest[0]))
            return
        elif kind == "reroll":
            self.reroll_marks ^= {int(rest[0])}
        elif kind == "hand":
            j = int(rest[0])
            self.picked_die = None if self.picked_die == j else j
            self.picked_cell, self.joins = None, []
        elif kind == "cell":
            cell = (int(rest[0]), int(rest[1]))
            assert self.builder is not None
            if self.picked_die is not None:
                self.builder.add(sorted(self.builder.hand)[self.picked_die], cell)
            elif self.picked_cell is not None:
                self.builder.move(self.picked_cell, cell)
            self._clear_picks()
        elif kind == "die":
            self._pick_spiral((int(rest[0]), int(rest[1])))
        elif kind == "join":
            assert self.builder is not None
            self.builder.join(self.joins[int(rest[0])])
            self._clear_picks()
        self._render()

    def _pick_spiral(self, cell) -> None:
        assert self.builder is not None
        self.picked_die = None
        if self.picked_cell is None:
            self.picked_cell, self.joins = cell, []
            return
        first = self.builder.spiral_at(self.picked_cell)
        if cell in first:
            self.picked_cell, self.joins = None, []
            return
        options = self.builder.join_options(self.picked_cell, cell)
        ends = [self.builder.copy().join(o).progress().can_end_legal for o in options]
        ranked = sorted(range(len(options)), key=lambda i: not ends[i])  # those that can end legal first
        self.joins = [options[i] for i in ranked]
        self.join_ends = [ends[i] for i in ranked]

    # -- drawing ---------------------------------------------------------------------------------
    def shown(self) -> list[int]:
        """Indices into ``.turns`` of the options pictured now (the current page)."""
        start = self.page * self.max_shown
        return list(range(start, min(start + self.max_shown, len(self.turns))))

    def _scores(self) -> str:
        return ", ".join(f"{'you' if p == 0 else seat_name(p)} {v}" for p, v in enumerate(self.state.scores))

    def _said_on_picture(self, change) -> None:
        """Rewrite the cells an error or status line names (``row 0, col -1``: the table's own
        coordinates, which grow in every direction) as rows and columns of the picture drawn, counted
        from its top-left cell (:func:`on_picture`)."""
        if self.frame is not None:
            text = on_picture(change["new"], self.frame[:2])
            if text != change["new"]:
                setattr(self.board, change["name"], text)

    def _frame(self, cells) -> tuple[int, int, int, int]:
        """The drawn part of the table: every die and a free ring around it, growing but never
        shrinking within a round (so the picture stays put)."""
        rows = [r for r, _ in cells] or [0]
        cols = [c for _, c in cells] or [0]
        r0, c0, r1, c1 = min(rows) - 2, min(cols) - 2, max(rows) + 2, max(cols) + 2
        if self.frame is not None:
            fr0, fc0, frows, fcols = self.frame
            r0, c0 = min(r0, fr0), min(c0, fc0)
            r1, c1 = max(r1, fr0 + frows - 1), max(c1, fc0 + fcols - 1)
        self.frame = (r0, c0, r1 - r0 + 1, c1 - c0 + 1)
        return self.frame

    def _render(self) -> None:
        s, rules, b = self.state, self.rules, self.builder
        names = [f"{seat_name(0)}, you"] + [seat_name(p) for p in range(1, rules.players)]
        mine = seat_name(0)
        events = [html.escape(t["event"]) for t in s.timeline[self._seen :] if not t["event"].startswith(mine)]
        self.log.value = (
            "<div class='nl-log'>"
            + (" · ".join(events[-6:]) or "&nbsp;")
            + "</div>"
            + "".join(self.closing_pictures[-1:])
        )
        controls = (self.end_button, self.undo_button, self.refuse_button, self.turn_button, self.aside_button)
        for button in controls:
            button.disabled = b is None
        self.reroll_button.disabled = not (not s.is_terminal() and s.phase == "reroll" and s.to_move == 0)
        self.turn_button.disabled = self.aside_button.disabled = b is None or self.picked_cell is None
        if s.is_terminal():
            self._render_over(names)
            return
        if s.phase == "reroll" and s.to_move == 0:
            self._render_reroll(names)
            return
        assert b is not None
        cells = b.cells
        table = Table(cells)
        facts = table_facts(table, rules) if cells else {}
        frontier = b.frontier() if not b.depleted else set()
        picked = b.spiral_at(self.picked_cell) if self.picked_cell is not None else ()
        if self.picked_die is not None:
            targets = frontier
        elif self.picked_cell is not None:
            targets = {c for c in self._all_cells() if c not in cells}
        else:
            targets = set()
        bridges = {c for c in frontier if len({self._spiral_index(n) for n in _beside(c) if n in cells}) > 1}
        hand = sorted(b.hand)
        self.board.svg = play_svg(
            cells,
            frame=self._frame(cells),
            boards=[tuple(hand)] + [tuple(x) for x in s.boards[1:]],
            hand=hand,
            picked_die=self.picked_die,
            scores=s.scores,
            names=names,
            to_move=0,
            title=f"round {s.round}, turn {s.turns_in_round + 1} · pool {self._pool()}",
            added=b.added,
            fresh=self.fresh - set(b.added),
            picked=picked,
            targets=targets,
            bridges=bridges & targets,
            max_width=PICTURE_WIDTH,
            **facts,
        )
        legal = [f"hand:{j}" for j in range(len(hand))] + [f"die:{r}:{c}" for r, c in cells]
        legal += [f"cell:{r}:{c}" for r, c in targets]
        items = self._join_items() if self.joins else (self._option_items() if self.options.value else [])
        self.board.gallery = items
        self.board.legal = legal + [it["target"] for it in items]
        self.board.status = self._status_text()

    def _all_cells(self):
        r0, c0, rows, cols = self.frame or (0, 0, 1, 1)
        return {(r, c) for r in range(r0, r0 + rows) for c in range(c0, c0 + cols)}

    def _spiral_index(self, cell) -> int:
        assert self.builder is not None
        return next(i for i, s in enumerate(self.builder.spirals()) if cell in s)

    def _pool(self) -> str:
        return "unlimited" if self.state.pool is None else f"{self.state.pool} dice left"

    def _status_text(self) -> str:
        s, b = self.state, self.builder
        assert b is not None
        if self.options.value and not self.joins:
            n, shown = len(self.turns), self.shown()
            hint = f"{n} legal turns ({sum(t.closed for _, t in self.turns)} closing): click one to play it"
            if n > len(shown):
                hint += f"; showing {shown[0] + 1}-{shown[-1] + 1}, closing first; {n - len(shown)} hidden"
        elif self.joins:
            hint = (
                f"{len(self.joins)} ways to join these spirals: click one below (those that can still end legal first)"
            )
        elif self.picked_die is not None:
            hint = f"put the {sorted(b.hand)[self.picked_die]} on a dashed cell"
        elif self.picked_cell is not None:
            hint = (
                "click an empty cell to move the picked spiral there, a die of another spiral to join them, or turn it"
            )
        elif b.depleted:
            hint = "every board die is placed: End turn"
        else:
            hint = "click a board die, then a dashed cell; or click a spiral to move or join it"
        free = " · free moves: pick them from 'show my options'" if self.rules.rearrange == "free" else ""
        return (
            f"round {s.round}, turn {s.turns_in_round + 1} · your move ({seat_name(0)}) · pool {self._pool()} · "
            f"scores: {self._scores()} · {b.progress().text} · {hint}{free}"
        )

    def _join_items(self) -> list[dict]:
        assert self.builder is not None
        items = []
        for i, (option, ok) in enumerate(zip(self.joins, self.join_ends, strict=True)):
            spiral = layout((option.key,))
            facts = witness_facts(spiral, check_table(spiral, self.rules))
            items.append(
                {
                    "target": f"join:{i}",
                    "label": f"join {i + 1}" + (" · can end legal" if ok else " · cannot end legal"),
                    "svg": dice_svg(dict(spiral.items()), size=26, margin=3, **facts),
                }
            )
        return items

    def _option_items(self) -> list[dict]:
        s, rules = self.state, self.rules
        shown = self.shown()
        labels = _gallery_labels([t for _, t in self.turns])
        items = []
        for i in shown:
            _, turn = self.turns[i]
            made = _changed_spirals(s.table, turn.key)
            picture = layout(made) if made else layout(turn.key)
            facts = witness_facts(picture, check_table(picture, rules))
            items.append(
                {
                    "target": f"turn:{i}",
                    "label": labels[i],
                    "title": turn.text(),
                    "svg": dice_svg(dict(picture.items()), size=24, margin=3, **facts),
                    "preview": table_picture(turn.key, rules, title=f"after your turn: {labels[i]}"),
                }
            )
        hidden = len(self.turns) - len(shown)
        if hidden:
            nxt = len(self.turns) - shown[-1] - 1
            items.append(
                {
                    "target": "page:next",
                    "svg": "",
                    "label": f"next {min(nxt, self.max_shown)} turns ›" if nxt else "back to the first turns ›",
                }
            )
        return items

    def _render_reroll(self, names) -> None:
        s = self.state
        board = s.boards[0]
        cells = dict(self.cells)
        table = Table(cells)
        self.board.svg = play_svg(
            cells,
            **(table_facts(table, self.rules) if cells else {}),
            frame=self._frame(cells),
            boards=s.boards,
            scores=s.scores,
            names=names,
            to_move=0,
            title=f"round {s.round} · you refused: pick dice to re-roll",
            marked_dice=self.reroll_marks,
            max_width=PICTURE_WIDTH,
        )
        self.board.gallery = [
            {
                "target": f"reroll:{j}",
                "label": f"{v}" + (" ↻ re-roll" if j in self.reroll_marks else " keep"),
                "svg": dice_svg({(0, 0): v}, size=28, margin=2),
            }
            for j, v in enumerate(board)
        ]
        self.board.legal = [it["target"] for it in self.board.gallery]
        marked = sorted(board[j] for j in self.reroll_marks)
        self.board.status = (
            f"you refused · click the board dice to re-roll (marked: {' '.join(map(str, marked)) or 'none'}), "
            f"then press 're-roll' · pool {self._pool()}"
        )

    def _render_over(self, names) -> None:
        s = self.state
        last = s.round_log[-1]
        how = (
            f"{seat_name(last['winner'])} closed a spiral (its loop in gold)"
            if last["winner"] >= 0
            else f"the round ended ({last['reason']})"
        )
        self.board.svg = table_picture(
            s.table, self.rules, boards=s.boards, scores=s.scores, names=names, title="game over"
        )
        self.board.gallery, self.board.legal = [], []
        self.board.status = f"game over after round {s.round}: {how} · scores: {self._scores()} · press 'new game'"


_TABLE_CELL = re.compile(r"\brow (-?\d+), col (-?\d+)(?! of the picture)")


def on_picture(text: str, origin: tuple[int, int]) -> str:
    """``text`` with every cell named in table coordinates (``row 0, col -1``, :func:`cell_name`:
    the table's rows and columns counted from 1, any of them possibly 0 or below) named instead by
    the picture whose top-left cell is the table cell ``origin``: rows and columns counted from 1.
    Idempotent.

    >>> said = on_picture("row 0, col -1 already holds a 5", (-2, -3))  # table cell (-1, -2)
    >>> said, on_picture(said, (-2, -3)) == said
    ('row 2, col 2 of the picture already holds a 5', True)
    """
    r0, c0 = origin
    return _TABLE_CELL.sub(lambda m: f"row {int(m[1]) - r0}, col {int(m[2]) - c0} of the picture", text)


def _beside(cell):
    r, c = cell
    return [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]


__all__ = [
    "SpiralEditor",
    "enumeration_explorer",
    "simulate_round",
    "replay_widget",
    "simulate_widget",
    "PlayRound",
    "table_picture",
    "turn_label",
]
