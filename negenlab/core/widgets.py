"""Widgets shared by the games: the clickable board and the in-widget error line.

Errors caused by what the user typed or clicked are shown inside the widget, never
as a traceback.

:class:`BoardWidget` is one small anywidget (an ES module shipped as package data, no build
step). Python computes an SVG; every element carrying ``data-target="kind:..."`` is a
click target, and clicks come back as the ``click`` trait:

>>> from negenlab.core.widgets import BoardWidget
>>> board = BoardWidget(svg='<svg><rect data-target="cell:1:1" width="9" height="9"/></svg>')
>>> seen = []
>>> board.on_click(seen.append)
>>> board.press("cell:1:1")          # what a click in the browser does
>>> seen
['cell:1:1']

>>> from negenlab.core.widgets import ErrorBanner
>>> banner = ErrorBanner()
>>> with banner.catch():
...     raise ValueError("row 2 has 3 cells, expected 4")
>>> "row 2" in banner.widget.value
True
"""

from __future__ import annotations

import dataclasses
import html
import threading
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from .cliutil import rules_value
from .findings import findings_table

_STATIC = Path(__file__).parent / "static"


class BoardWidget(anywidget.AnyWidget):
    """An SVG board you click; Python draws, the browser reports clicks on named targets.

    Traits: ``svg`` (the picture), ``legal`` (targets that may be clicked, highlighted on
    hover; None: all), ``gallery`` (small pictures, each ``{"target", "svg", "label",
    "preview"}``; hovering one shows its ``preview`` on the board), ``status``, ``error``
    and ``busy`` (text lines inside the widget), ``click`` (``{"target", "seq"}``, set by the
    browser) and ``hovered``.
    """

    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"
    svg = traitlets.Unicode("").tag(sync=True)
    legal = traitlets.List(traitlets.Unicode(), allow_none=True, default_value=None).tag(sync=True)
    gallery = traitlets.List(traitlets.Dict()).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    busy = traitlets.Unicode("").tag(sync=True)
    click = traitlets.Dict().tag(sync=True)
    hovered = traitlets.Unicode("").tag(sync=True)

    def on_click(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(target)`` on every click; a ``ValueError`` it raises shows as the error line."""

        def relay(change):
            name = (change["new"] or {}).get("target")
            if name:
                with self.catch():
                    handler(name)

        self.observe(relay, names="click")

    def press(self, name: str) -> None:
        """Click the target ``name`` from Python, exactly as the browser reports a click."""
        self.click = {"target": name, "seq": int(self.click.get("seq", 0)) + 1}

    @contextmanager
    def catch(self):
        """Clear the error line; show a ``ValueError`` raised inside as the error line."""
        self.error = ""
        try:
            yield self
        except ValueError as exc:  # InvalidInputError and IllegalMoveError are ValueErrors
            self.error = f"{type(exc).__name__}: {exc}"

    @contextmanager
    def working(self, message: str):
        """Show ``message`` (e.g. "compiling…") while the block runs."""
        self.busy = message
        try:
            yield self
        finally:
            self.busy = ""


class ErrorBanner:
    """An HTML widget that shows the message of a ``ValueError`` (or subclass) raised inside ``catch()``."""

    def __init__(self):
        self.widget = W.HTML(value="")

    def clear(self) -> None:
        self.widget.value = ""

    def show(self, message: str, kind: str = "error") -> None:
        colour = {"error": "#b00020", "warning": "#8a6d00", "info": "#245"}[kind]
        self.widget.value = f'<div style="color:{colour};font-weight:600">{html.escape(message)}</div>'

    @contextmanager
    def catch(self):
        self.clear()
        try:
            yield self
        except ValueError as exc:  # InvalidInputError and IllegalMoveError are ValueErrors
            self.show(f"{type(exc).__name__}: {exc}")


def figure_output(fig) -> W.Output:
    """An Output widget showing a matplotlib figure (and closing it to free memory)."""
    import matplotlib.pyplot as plt

    out = W.Output()
    with out:
        from IPython.display import display

        display(fig)
    plt.close(fig)
    return out


class VariantWidget(W.VBox):
    """Try a variant in a notebook: pick Rules fields and agents, Run, and watch the same seeded games
    under the default Rules and yours decide each designer claim (:mod:`negenlab.core.variant`).
    A progress bar follows the batches; Stop ends the run after the current batch; the old results
    are cleared as a run starts; a bad value shows as an error line inside the widget.

    ``run(fields, agents, on_batch=..., **options)`` plays the comparison (e.g.
    :func:`negenlab.games.try_variant` for one game; ``options`` such as ``max_units`` go to it);
    ``rules`` is the game's default Rules (its scalar fields become the pickers).

    >>> from dataclasses import dataclass
    >>> from negenlab.core.agents import RandomAgent
    >>> from negenlab.core.examples import DiceRace
    >>> from negenlab.core.claims import Claim, Rule
    >>> from negenlab.core.variant import VariantClaim, try_variant
    >>> @dataclass
    ... class RaceRules:
    ...     target: int = 10
    >>> race_claim = Claim("race", "a race lasts 8-12 moves", "negenlab", rule=Rule.parse("between 8 and 12"), unit="moves")
    >>> claim = VariantClaim(race_claim, "length")
    >>> def race(fields, agents, **kw):
    ...     return try_variant(lambda f: DiceRace(**f), fields, [RandomAgent()] * 2, [claim], progress=False, **kw)
    >>> w = VariantWidget("Dice race", RaceRules(), race, default_agent="random")
    >>> w.pickers["target"].value = "30"
    >>> w.run(wait=True).findings[0].verdict
    'fails'
    """

    def __init__(self, title: str, rules: Any, run: Callable[..., Any], default_agent: str = "random", **options: Any):
        self._run_variant, self._rules, self._options, self._stop = run, rules, options, False
        self._thread: threading.Thread | None = None
        self.result: Any = None
        self.pickers: dict[str, W.Text] = {}
        for f in dataclasses.fields(rules):
            value = getattr(rules, f.name)
            if value is None or isinstance(value, (bool, int, float, str)):
                self.pickers[f.name] = W.Text(
                    value="" if value is None else str(value).lower() if isinstance(value, bool) else str(value),
                    placeholder="default" if value is None else "",
                    description=f.name,
                    style={"description_width": "130px"},
                    layout=W.Layout(width="300px"),
                )
        self.agents = W.Text(
            value=default_agent,
            description="agents",
            style={"description_width": "130px"},
            layout=W.Layout(width="300px"),
            tooltip="one spec for every seat, or one per seat: closer / greedy,mcts:200",
        )
        self.run_button = W.Button(description="Run", button_style="primary", layout=W.Layout(width="90px"))
        self.stop_button = W.Button(description="Stop", disabled=True, layout=W.Layout(width="90px"))
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="300px"))
        self.status = W.HTML(value="Change some fields, then Run: the default Rules play the same seeded games.")
        self.error = ErrorBanner()
        self.verdicts = W.HTML(value="")
        self.table = W.HTML(value="")
        self.run_button.on_click(lambda _: self.run())
        self.stop_button.on_click(lambda _: self.stop())
        pickers = W.GridBox(
            [*self.pickers.values(), self.agents],
            layout=W.Layout(grid_template_columns="repeat(auto-fill, 310px)", width="100%"),
        )
        controls = W.HBox([self.run_button, self.stop_button, self.progress])
        super().__init__(
            [W.HTML(f"<b>{html.escape(title)}: try a variant</b>"), pickers, controls, self.status,
             self.error.widget, self.verdicts, self.table],
            layout=W.Layout(max_width="1200px"),
        )  # fmt: skip
        self.add_class("nl-variant")  # what the browser test looks for
        self.verdicts.add_class("nl-variant-verdicts")

    def fields(self) -> dict[str, Any]:
        """The Rules fields that differ from the default, read from the pickers."""
        out = {}
        for name, picker in self.pickers.items():
            text, default = picker.value.strip(), getattr(self._rules, name)
            if text == "" and default is None:
                continue
            value = rules_value(text)
            if value != default:
                out[name] = value
        return out

    def run(self, wait: bool = False) -> Any:
        """Start a run (in a background thread, so Stop stays clickable); ``wait`` joins it and
        returns its result (what a test or a script wants)."""
        if self._thread is not None and self._thread.is_alive():
            return None
        self.verdicts.value = self.table.value = ""  # stale results go as the run starts
        self.error.clear()
        self.result, self._stop = None, False
        self.progress.value = 0
        self.run_button.disabled, self.stop_button.disabled = True, False
        self.status.value = "running…"
        self._thread = threading.Thread(target=self._work, daemon=True)
        self._thread.start()
        if wait:
            self._thread.join()
            return self.result
        return None

    def stop(self) -> None:
        """Ask the run to end after its current batch."""
        self._stop = True
        self.status.value = "stopping after this batch…"

    def _on_batch(self, units: int, cap: int) -> bool:
        self.progress.max, self.progress.value = cap, units
        self.status.value = f"{units} of at most {cap} seat-rotated units played"
        return self._stop

    def _work(self) -> None:
        try:
            with self.error.catch():
                fields = self.fields()
                agents = self.agents.value.strip() or None
                self.result = self._run_variant(fields, agents, on_batch=self._on_batch, **self._options)
                self._show(self.result, fields)
        except Exception as exc:  # a bug: the thread would swallow it, so the widget says it
            self.error.show(f"{type(exc).__name__}: {exc} (an error in negenlab, not in your input)")
        finally:
            self.run_button.disabled, self.stop_button.disabled = False, True
            if self.result is None:
                self.status.value = "no result (see the error above)" if self.error.widget.value else "stopped"

    def _show(self, result: Any, fields: dict[str, Any]) -> None:
        shown = ", ".join(f"{k}={v}" for k, v in fields.items()) or "the default Rules (nothing changed)"
        end = (
            "stopped"
            if result.stopped
            else ("cap reached, some claims undecided" if result.capped else "every claim decided")
        )
        self.status.value = html.escape(f"{shown}: {result.units} units, {result.games} games ({end})")
        lines = findings_table(result.findings)[["verdict", "claim", "number", "support", "sentence"]]
        self.verdicts.value = lines.to_html(index=False, escape=True, border=0)
        cols = ["claim", "default", "default_lo", "default_hi", "variant", "variant_lo", "variant_hi", "shift",
                "shift_lo", "shift_hi", "change", "default_verdict", "variant_verdict"]  # fmt: skip
        self.table.value = (
            "<details><summary>side by side (95% intervals)</summary>"
            + result.table[cols].to_html(index=False, float_format=lambda x: f"{x:.3g}", border=0)
            + "</details>"
        )
