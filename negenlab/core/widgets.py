"""ipywidgets helpers shared by the games' explorers.

Errors caused by what the user typed or clicked are shown inside the widget, never
as a traceback.

>>> from negenlab.core.widgets import ErrorBanner
>>> banner = ErrorBanner()
>>> with banner.catch():
...     raise ValueError("row 2 has 3 cells, expected 4")
>>> "row 2" in banner.widget.value
True
"""
from __future__ import annotations

import html
from contextlib import contextmanager

import ipywidgets as W


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
