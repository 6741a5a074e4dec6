"""The spiral editor: click cells to place or change dice, pick the rule variant, and see validity,
witness, closure and completions update live.

The grid is one clickable board (:class:`~negenlab.core.widgets.BoardWidget`); rows and columns are
numbered from 1 along its edges, as in the verdict text. The default brush ``cycle`` steps a cell
through empty, 1, 2, ..., 6 and back to empty; the other brushes paint a value 1-6, ``?`` (a blank
to be completed) or ``erase``. Dice are drawn with the witness of their spiral (colours as in
:mod:`negenlab.negen.svg`: nodes red, edges blue, sequences as lines, loops gold, uncovered dice
crossed); one line per spiral says why, and when the table has blanks, every completion is drawn
(capped, and saying so). Bad input shows in the board's error line, not as a traceback.

>>> from negenlab.negen.widgets import SpiralEditor
>>> ed = SpiralEditor(text="6 5 4\\n. . ?")
>>> ed.verdict_lines()[0].startswith("spiral of 3")
True
>>> ed.brush.value = "erase"; ed.click(1, 2); ed.brush.value = "3"; ed.click(1, 1)
>>> ed.table_text()
'6 5 4\\n. 3 .'
>>> ed.brush.value = "cycle"; ed.board.press("cell:1:1")     # a click in the browser: 3 becomes 4
>>> ed.table_text(), ed.board.status
('6 5 4\\n. 4 .', '4 dice, 0 blanks — 1 spiral: invalid, not closed')
"""
from __future__ import annotations

import html

import ipywidgets as W

from negenlab.core.errors import InvalidInputError
from negenlab.core.widgets import BoardWidget
from .completions import complete
from .rules import Rules
from .spirals import check_table
from .svg import editor_svg, legend_svg
from .table import Table, cell_name, parse_pattern, verdicts_svg, witness_facts

BRUSHES = ["cycle", "1", "2", "3", "4", "5", "6", "?", "erase"]
COMPILE_NOTICE = "compiling… (first use only, about 10 s)"
_compiled = False  # the completion search is numba code, compiled (or loaded from its cache) on first use


class SpiralEditor:
    """A grid of ``rows`` x ``cols`` cells to edit a Negen table; ``.widget`` shows it.

    ``.board`` is the clickable grid (its ``status`` line sums up the table), ``.report`` the
    verdict lines and completions; ``click(r, c)`` paints a cell (0-based, as ``Table`` cells)."""

    def __init__(self, rows: int = 7, cols: int = 7, text: str | None = None, rules: Rules | None = None,
                 completion_limit: int = 24):
        rules = rules or Rules()
        self.rows, self.cols = rows, cols
        self.dice: dict = {}
        self.blanks: set = set()
        self.completion_limit = completion_limit
        self.board = BoardWidget()
        self.brush = W.ToggleButtons(options=BRUSHES, value="cycle", description="brush",
                                     style={"button_width": "58px"})
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
        return "\n".join(" ".join(str(self.dice[(r, c)]) if (r, c) in self.dice else "?" if (r, c) in self.blanks
                                  else "." for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1))

    # -- views ----------------------------------------------------------------------------
    def verdict_lines(self) -> list[str]:
        if not self.dice:
            return []
        return [v.summary() for v in check_table(Table(self.dice), self.rules)]

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
            head = f"{len(res)}{'+ (capped at the limit)' if res.capped else ''} completion(s) of " \
                   f"{len(self.blanks)} blank(s) under {rules.sequence_shape}/{rules.coverage}"
            values = "; ".join(f"{cell_name(b)}: {', '.join(map(str, vs))}" for b, vs in sorted(res.values_at().items()))
            parts.append(f"<b>{html.escape(head)}</b>" + (f" (values: {html.escape(values)})" if res.solutions else
                                                         " (no values make every spiral valid)"))
            parts.append("".join(verdicts_svg(t, check_table(t, rules), size=22) + "&nbsp;" for t in res.tables()))
        self.report.value = "<div>" + "<br>".join(parts) + "</div>"
        self.board.status = f"{self._counts()} — {self._verdict_text(verdicts, res)}"

    @staticmethod
    def _verdict_text(verdicts, res) -> str:
        if res is not None:
            n = len(res)
            return "no completion makes it valid" if not n else \
                f"{n}{'+' if res.capped else ''} {'completion' if n == 1 else 'completions'} of the blanks"
        if not verdicts:
            return "empty: click a cell to place a die"
        closed = sum(v.closed for v in verdicts)
        if len(verdicts) == 1:
            v = verdicts[0]
            return f"1 spiral: {'valid' if v.valid else 'invalid'}, {'closed' if v.closed else 'not closed'}"
        bad = sum(not v.valid for v in verdicts)
        return (f"{len(verdicts)} spirals: " + ("all valid" if not bad else f"{bad} invalid")
                + f", {closed} closed")

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
