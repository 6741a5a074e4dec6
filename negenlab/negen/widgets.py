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

:class:`PlayRound` is one clickable board: the table and the boards, and under them one small
picture per legal turn (closing turns first; hovering one previews the table after it, clicking
plays it and lets the agents answer):

>>> game = PlayRound(Rules(target_score=1, pool_size=22), ("random", "random"), seed=1)
>>> first = game.board.gallery[0]["target"]
>>> game.board.press(first)                      # what a click on the first picture does
>>> game.state.history[0][0], game.board.error   # seat 0 played it
(0, '')

In a notebook: ``replay_widget(state)`` (slider over ``state.timeline``), ``simulate_widget()``,
``PlayRound(Rules(target_score=1), ("greedy", "random")).widget``.
"""

from __future__ import annotations

import html
from functools import partial

import ipywidgets as W
import numpy as np

from negenlab import games
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import seat_name
from negenlab.core.registry import parse_agent_specs
from negenlab.core.simulate import replay
from negenlab.core.widgets import BoardWidget, ErrorBanner, VariantWidget

from .completions import complete
from .game import NegenGame
from .rules import Rules
from .spirals import check_table
from .svg import dice_svg, editor_svg, legend_svg, position_svg, verdicts_svg
from .table import Table, cell_name, layout, parse_pattern, witness_facts

BRUSHES = ["cycle", "1", "2", "3", "4", "5", "6", "?", "erase"]
MAX_SHOWN = 60  # turn pictures shown at once (a position can offer hundreds of turns)
AGENTS_NOTICE = "the agents are playing…"
ONE_ROUND = Rules(target_score=1)  # a game of one round: the default of PlayRound
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
        facts = witness_facts(table, verdicts) if verdicts else {}
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


class PlayRound:
    """Play seat 1 (the first) yourself against agents by clicking one of the offered turns.

    ``.board`` shows the table and every board; its gallery holds one picture per legal turn
    (closing turns first, at most ``max_shown`` at a time: a last card pages through the rest), and
    hovering a picture previews the table after that turn. Clicking one plays it (``play(i)`` does
    the same from Python); the agents then answer. ``.turns`` lists every legal ``(action, Turn)``
    in the order offered; a turn's click target is ``turn:i``.
    """

    def __init__(
        self, rules: Rules = ONE_ROUND, opponents=("greedy", "random"), seed: int = 0, max_shown: int = MAX_SHOWN
    ):
        self.rules = rules.replace(players=1 + len(opponents))
        self.agents = [None] + [_agent(a) for a in opponents]
        self.state = NegenGame(self.rules).new_initial_state()
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
            raise IllegalMoveError(
                f"turn {i} is not offered: there are {len(self.turns)} turns (0..{len(self.turns) - 1})"
            )
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
        self.turns = (
            []
            if s.is_terminal()
            else sorted(((a, s.turn_of(a)) for a in s.legal_actions()), key=lambda at: (not at[1].closed, -at[1].added))
        )
        self.page = 0
        self._render()

    # -- drawing ------------------------------------------------------------------------
    def shown(self) -> list[int]:
        """Indices into ``.turns`` of the turns pictured now (the current page)."""
        start = self.page * self.max_shown
        return list(range(start, min(start + self.max_shown, len(self.turns))))

    def _scores(self) -> str:
        return ", ".join(f"{'you' if p == 0 else seat_name(p)} {v}" for p, v in enumerate(self.state.scores))

    def _render(self):
        s, rules = self.state, self.rules
        names = [f"{seat_name(0)}, you"] + [seat_name(p) for p in range(1, rules.players)]
        title = f"round {s.round}, turn {s.turns_in_round + 1}" if not s.is_terminal() else "game over"
        tables = {i: layout(self.turns[i][1].key) for i in self.shown()}
        extent = [t.bounds()[1] for t in [layout(s.table), *tables.values()] if len(t)]  # laid out from (0, 0)
        size = {
            "min_rows": 1 + max((r for r, _ in extent), default=0),
            "min_cols": 1 + max((c for _, c in extent), default=0),
        }
        self.board.svg = table_picture(
            s.table,
            rules,
            boards=s.boards,
            scores=s.scores,
            names=names,
            to_move=None if s.is_terminal() else s.to_move,
            title=title,
            **size,
        )
        self.log.value = "<br>".join(
            f"round {snap['round']}, turn {snap['turn']}: {html.escape(snap['event'])}"
            for snap in s.timeline[self._seen :]
        )
        if s.is_terminal():
            self.board.gallery, self.board.legal = [], []
            last = s.round_log[-1]
            how = (
                f"{seat_name(last['winner'])} closed a spiral"
                if last["winner"] >= 0
                else f"the round ended ({last['reason']})"
            )
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
            items.append(
                {
                    "target": f"turn:{i}",
                    "label": label,
                    "title": turn.text(),
                    "svg": dice_svg(dict(table.items()), size=14, margin=2, max_width=150, **facts),
                    "preview": position_svg(
                        dict(table.items()),
                        boards=after,
                        scores=s.scores,
                        names=names,
                        title=f"after your turn: {label}",
                        **size,
                        **facts,
                    ),
                }
            )
        n, shown = len(self.turns), self.shown()
        closing = sum(t.closed for _, t in self.turns)
        hidden = n - len(shown)
        if hidden:
            nxt = n - shown[-1] - 1
            items.append(
                {
                    "target": "page:next",
                    "svg": "",
                    "label": f"next {min(nxt, self.max_shown)} turns ›" if nxt else "back to the first turns ›",
                }
            )
        self.board.gallery = items
        self.board.legal = [it["target"] for it in items]
        offer = f"{n} legal turns ({closing} closing)"
        if hidden:
            offer += f": showing {shown[0] + 1}-{shown[-1] + 1}, closing first; {hidden} hidden"
        self.board.status = (
            f"round {s.round}, turn {s.turns_in_round + 1} · your move ({seat_name(0)}, board "
            f"{' '.join(map(str, s.boards[0]))}) · scores: {self._scores()} · {offer}"
        )


def variant_widget(**options) -> VariantWidget:
    """Try a Negen variant against the default Rules: pick fields and agents, Run, and read a
    verdict per designer claim (the widget of :func:`negenlab.games.try_variant`; ``options`` such as
    ``max_units=200`` go to it).

    >>> w = variant_widget()
    >>> w.pickers["target_score"].description
    'target_score'
    """
    return VariantWidget(
        "Negen",
        Rules(),
        partial(games.try_variant, "negen", progress=False),
        games.entry("negen").default_agent,
        **options,
    )


__all__ = [
    "variant_widget",
    "SpiralEditor",
    "enumeration_explorer",
    "simulate_round",
    "replay_widget",
    "simulate_widget",
    "PlayRound",
    "table_picture",
    "turn_label",
]
