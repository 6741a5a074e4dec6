"""The spiral editor: click cells to place or change dice, pick the rule variant, and see validity,
witness, closure and completions update live.

Pick a *brush* (a value 1-6, ``?`` for a blank to be completed, or ``erase``) and click grid
cells to paint them. The view shows the table drawn like the source (nodes red, edges blue,
sequences as lines, loops gold, uncovered dice crossed), one line per spiral, and, when the
table has blanks, every completion (capped, and saying so). Bad input typed into the text
box is shown in the widget, not as a traceback.

>>> from negenlab.negen.widgets import SpiralEditor
>>> ed = SpiralEditor(text="6 5 4\\n. . ?")
>>> ed.verdict_lines()[0].startswith("spiral of 3")
True
>>> ed.brush.value = "erase"; ed.click(1, 2); ed.brush.value = "3"; ed.click(1, 1)
>>> ed.table_text()
'6 5 4\\n. 3 .'
"""
from __future__ import annotations

import html

import ipywidgets as W

from negenlab.core.widgets import ErrorBanner
from .completions import complete
from .rules import Rules
from .spirals import check_table
from .table import Table, parse_pattern, table_svg, verdicts_svg

BRUSHES = ["1", "2", "3", "4", "5", "6", "?", "erase"]


class SpiralEditor:
    """A grid of ``rows`` x ``cols`` cells to edit a Negen table; ``.widget`` is the ipywidgets box."""

    def __init__(self, rows: int = 7, cols: int = 7, text: str | None = None, rules: Rules | None = None,
                 completion_limit: int = 24):
        rules = rules or Rules()
        self.rows, self.cols = rows, cols
        self.dice: dict = {}
        self.blanks: set = set()
        self.completion_limit = completion_limit
        self.errors = ErrorBanner()
        self.brush = W.ToggleButtons(options=BRUSHES, value="3", description="brush",
                                     style={"button_width": "38px"})
        self.shape = W.Dropdown(options=["straight", "bent"], value=rules.sequence_shape, description="sequences")
        self.coverage = W.Dropdown(options=["die", "adjacency"], value=rules.coverage, description="coverage")
        self.text = W.Textarea(placeholder="rows of 1-6, '.' and '?' separated by spaces", layout={"width": "260px"})
        self.load = W.Button(description="load text")
        self.clear = W.Button(description="clear")
        self.buttons = [[self._make_button(r, c) for c in range(cols)] for r in range(rows)]
        self.picture = W.HTML()
        self.report = W.HTML()
        self.shape.observe(lambda _: self.refresh(), names="value")
        self.coverage.observe(lambda _: self.refresh(), names="value")
        self.load.on_click(lambda _: self.load_text(self.text.value))
        self.clear.on_click(lambda _: self.set_table({}, set()))
        grid = W.GridBox([b for row in self.buttons for b in row],
                         layout=W.Layout(grid_template_columns=f"repeat({cols}, 36px)", grid_gap="2px"))
        controls = W.VBox([self.brush, W.HBox([self.shape, self.coverage]),
                           W.HBox([self.text, W.VBox([self.load, self.clear])]), self.errors.widget])
        self.widget = W.VBox([controls, W.HBox([grid, self.picture]), self.report])
        if text:
            self.load_text(text)
        else:
            self.refresh()

    @property
    def rules(self) -> Rules:
        return Rules(sequence_shape=self.shape.value, coverage=self.coverage.value)

    def _make_button(self, r, c):
        b = W.Button(description=" ", layout=W.Layout(width="36px", height="36px"))
        b.on_click(lambda _, r=r, c=c: self.click(r, c))
        return b

    # -- editing --------------------------------------------------------------------------
    def click(self, r: int, c: int) -> None:
        """Paint cell (r, c) with the current brush."""
        cell = (r, c)
        self.dice.pop(cell, None)
        self.blanks.discard(cell)
        if self.brush.value == "?":
            self.blanks.add(cell)
        elif self.brush.value != "erase":
            self.dice[cell] = int(self.brush.value)
        self.refresh()

    def set_table(self, dice: dict, blanks=()) -> None:
        self.dice, self.blanks = dict(dice), set(blanks)
        self.refresh()

    def load_text(self, text: str) -> None:
        """Read a table (``?`` allowed); errors show in the banner and leave the table unchanged."""
        with self.errors.catch():
            known, blanks = parse_pattern(text)
            cells = list(known.keys()) + list(blanks)
            if max(r for r, _ in cells) >= self.rows or max(c for _, c in cells) >= self.cols:
                raise ValueError(f"the table needs more than the editor's {self.rows} x {self.cols} cells")
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
        return complete((Table(self.dice), self.blanks), self.rules, limit=self.completion_limit)

    def refresh(self) -> None:
        for r, row in enumerate(self.buttons):
            for c, b in enumerate(row):
                cell = (r, c)
                b.description = str(self.dice[cell]) if cell in self.dice else "?" if cell in self.blanks else " "
                b.style.button_color = "#dde7f3" if cell in self.dice else "#f4f4f4" if cell in self.blanks else None
        with self.errors.catch():
            table = Table(self.dice)
            if self.blanks:
                self.picture.value = table_svg(table, blanks=self.blanks)
            elif self.dice:
                self.picture.value = verdicts_svg(table, check_table(table, self.rules))
            else:
                self.picture.value = "<i>empty table: pick a brush and click cells</i>"
            parts = []
            if self.dice and not self.blanks:
                parts.append("<br>".join(html.escape(s) for s in self.verdict_lines()))
            res = self.completions()
            if res is not None:
                parts.append(f"<b>{html.escape(res.summary().splitlines()[0])}</b>")
                parts.append("".join(verdicts_svg(t, check_table(t, self.rules), size=22)
                                     + "&nbsp;" for t in res.tables()))
            self.report.value = "<div>" + "<br>".join(parts) + "</div>"

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
