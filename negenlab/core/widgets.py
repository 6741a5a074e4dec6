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

import html
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import anywidget
import ipywidgets as W
import traitlets

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
