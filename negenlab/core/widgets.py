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
import hashlib
import html
import json
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import numpy as np
import traitlets

from .cliutil import rules_value
from .errors import InvalidInputError, NegenlabError
from .files import check_outputs, write_atomic
from .findings import findings_table
from .variant import SavedVariant, side_by_side

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
    under the default Rules and yours decide each claim (:mod:`negenlab.core.variant`).

    Fields with a fixed set of values (a bool, or ``choices`` in the field's metadata) are dropdowns;
    the others are text. A value the game refuses shows its error under that field, at once. The
    status counts the seconds from the first one and the bar follows the batches; Stop ends the run
    after the current batch; **Run longer** plays on where an undecided run stopped (its games are
    kept, nothing is played twice); **Save page** writes the answer as one HTML file (``page``),
    **Save variant** / **Load variant** keep the fields, players and seed in a small JSON file, and
    ``on_result`` hears of every finished run (the history). Old results are cleared as a run starts.

    ``run(fields, agents, on_batch=..., seed=..., max_units=..., batch=..., store=...)`` plays the
    comparison (e.g. :func:`negenlab.games.try_variant` for one game); ``page_run(fields, on_batch=...,
    ...)``, where given, judges the variant as the page judges the game (e.g.
    :func:`negenlab.games.judge_variant`: the page's own players, verdicts) when the **as the page** box
    is ticked, in place of the quick screen; ``rules`` is the game's
    default Rules; ``render(findings)`` draws the verdict lines (default: a table);
    ``validate(fields)`` builds the game, raising on a bad value.

    >>> import tempfile
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
    >>> w = VariantWidget("Dice race", RaceRules(), race, default_agent="random", folder=tempfile.mkdtemp())
    >>> w.pickers["target"].value = "30"
    >>> w.run(wait=True).findings[0].verdict
    'quick screen'
    """

    def __init__(
        self,
        title: str,
        rules: Any,
        run: Callable[..., Any],
        default_agent: str = "random",
        *,
        game: str = "",
        render: Callable[[list], str] | None = None,
        page: Callable[[Any, SavedVariant], str] | None = None,
        validate: Callable[[dict[str, Any]], Any] | None = None,
        on_result: Callable[[Any, SavedVariant], None] | None = None,
        folder: str | Path | None = None,
        seed: int = 2024,
        max_units: int = 400,
        batch: int = 50,
        page_run: Callable[..., Any] | None = None,
    ):
        self._run_variant, self._rules, self._stop = run, rules, False
        self._page_run = page_run
        self._game, self._render, self._page, self._validate, self._on_result = game, render, page, validate, on_result
        self.folder = Path(folder) if folder is not None else Path("negenlab-variants")
        self.max_units, self.batch = max_units, batch
        self._thread: threading.Thread | None = None
        self._started = 0.0
        self.result: Any = None
        self.saved: SavedVariant | None = None
        self.pickers: dict[str, Any] = {}
        self.field_errors: dict[str, W.HTML] = {}
        cells = []
        for f in dataclasses.fields(rules):
            value = getattr(rules, f.name)
            if not (value is None or isinstance(value, (bool, int, float, str))):
                continue
            self.pickers[f.name] = picker = self._picker(f, value)
            self.field_errors[f.name] = error = W.HTML(value="")
            error.add_class("nl-field-error")
            picker.observe(lambda _change: self._check_fields(), names="value")
            cells.append(W.VBox([picker, error], layout=W.Layout(width="310px")))
        self.agents = W.Text(
            value=default_agent, description="agents", style={"description_width": "130px"},
            layout=W.Layout(width="300px"), tooltip="one spec for every seat, or one per seat: closer / greedy,mcts:200",
        )  # fmt: skip
        self.seed = W.IntText(
            value=seed, description="seed", style={"description_width": "130px"}, layout=W.Layout(width="300px")
        )
        self.as_page = W.Checkbox(
            value=False, description="as the page (its players; slow)", indent=False, disabled=page_run is None,
            layout=W.Layout(width="300px", display="" if page_run is not None else "none"),
            tooltip="judge the variant as the page judges the game: the page's two player strengths, verdicts",
        )  # fmt: skip
        self.as_page.observe(lambda change: setattr(self.agents, "disabled", bool(change["new"])), names="value")
        self.file = W.Text(
            value=str(self.folder / f"{game or 'variant'}.json"), description="variant file",
            style={"description_width": "130px"}, layout=W.Layout(width="420px"),
        )  # fmt: skip
        button = W.Layout(width="auto", min_width="90px")
        self.run_button = W.Button(description="Run", button_style="primary", layout=button)
        self.stop_button = W.Button(description="Stop", disabled=True, layout=button)
        self.longer_button = W.Button(
            description="Run longer", disabled=True, layout=button,
            tooltip="play on where the run stopped undecided: twice the units",
        )  # fmt: skip
        self.page_button = W.Button(
            description="Save page", disabled=True, layout=button, tooltip="the answer as one HTML file anyone can open"
        )
        self.save_button = W.Button(description="Save variant", layout=button)
        self.load_button = W.Button(description="Load variant", layout=button)
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="300px"))
        self.status = W.HTML(value="Change some fields, then Run: the default Rules play the same seeded games.")
        self.error = ErrorBanner()
        self.verdicts = W.HTML(value="")
        self.table = W.HTML(value="")
        self.run_button.on_click(lambda _: self.run())
        self.stop_button.on_click(lambda _: self.stop())
        self.longer_button.on_click(lambda _: self.run(longer=True))
        self.page_button.on_click(lambda _: self.save_page())
        self.save_button.on_click(lambda _: self.save_variant())
        self.load_button.on_click(lambda _: self.load_variant())
        pickers = W.GridBox(
            [*cells, self.agents, self.seed, self.as_page],
            layout=W.Layout(grid_template_columns="repeat(auto-fill, 310px)", width="100%"),
        )
        controls = W.HBox([self.run_button, self.stop_button, self.longer_button, self.progress])
        files = W.HBox([self.file, self.save_button, self.load_button, self.page_button])
        super().__init__(
            [W.HTML(f"<b>{html.escape(title)}: try a variant</b>"), pickers, controls, self.status,
             self.error.widget, self.verdicts, self.table, files],
            layout=W.Layout(max_width="1200px"),
        )  # fmt: skip
        self.add_class("nl-variant")  # what the browser test looks for
        self.verdicts.add_class("nl-variant-verdicts")

    @staticmethod
    def _picker(f: dataclasses.Field, value: Any) -> Any:
        style, layout = {"description_width": "130px"}, W.Layout(width="300px")
        choices = tuple(f.metadata.get("choices") or ())
        if isinstance(value, bool) or choices:
            options = [("true", True), ("false", False)] if isinstance(value, bool) else [(str(c), c) for c in choices]
            return W.Dropdown(options=options, value=value, description=f.name, style=style, layout=layout)
        return W.Text(
            value="" if value is None else str(value), placeholder="none" if value is None else "",
            description=f.name, style=style, layout=layout,
        )  # fmt: skip

    def fields(self) -> dict[str, Any]:
        """The Rules fields that differ from the default, read from the pickers."""
        out = {}
        for name, picker in self.pickers.items():
            default = getattr(self._rules, name)
            if isinstance(picker, W.Dropdown):
                value = picker.value
            else:
                text = picker.value.strip()
                if text == "" and default is None:
                    continue
                value = rules_value(text)
            if value != default:
                out[name] = value
        return out

    def _check_fields(self) -> bool:
        """Show a bad value's error under its field (the game's own message); True when all are good."""
        for error in self.field_errors.values():
            error.value = ""
        if self._validate is None:
            return True
        try:
            self._validate(self.fields())
        except NegenlabError as exc:
            message = " ".join(str(exc).split())
            named = [n for n in self.pickers if n in message]
            shown = f"<span class='nl-error'>{html.escape(message)}</span>"
            if named:
                self.field_errors[named[0]].value = shown
            else:
                self.error.show(message)
            return False
        return True

    def variant(self, max_units: int | None = None) -> SavedVariant:
        """What the pickers say, as a saved variant."""
        return SavedVariant(
            self._game or "variant", self.fields(), agents=self.agents.value.strip() or None, seed=int(self.seed.value),
            max_units=max_units or self.max_units, batch=self.batch,
        )  # fmt: skip

    def run(self, wait: bool = False, longer: bool = False) -> Any:
        """Start a run (in a background thread, so Stop stays clickable); ``longer`` plays on where the
        last run stopped, to twice its units; ``wait`` joins it and returns its result."""
        if self._thread is not None and self._thread.is_alive():
            return None
        self.error.clear()
        if not self._check_fields():
            self.status.value = "no run: a field holds a value the game refuses (the error is beside it)"
            return None
        units = 2 * self.result.units if longer and self.result is not None else self.max_units
        self.verdicts.value = self.table.value = ""  # stale results go as the run starts
        self.result, self._stop = None, False
        self.progress.value, self.progress.max = 0, units
        for b in (self.run_button, self.longer_button, self.page_button):
            b.disabled = True
        self.stop_button.disabled = False
        self._started = time.perf_counter()
        self._thread = threading.Thread(target=self._work, args=(units,), daemon=True)
        self._thread.start()
        threading.Thread(target=self._tick, daemon=True).start()
        if wait:
            self._thread.join()
            return self.result
        return None

    def _tick(self) -> None:
        """The status from the first second: the time so far, until the first batch is in."""
        while self._thread is not None and self._thread.is_alive() and self.progress.value == 0:
            self.status.value = (
                f"running… {time.perf_counter() - self._started:.0f} s (the first batch is being played)"
            )
            time.sleep(1.0)

    def stop(self) -> None:
        """Ask the run to end after its current batch."""
        self._stop = True
        self.status.value = "stopping after this batch…"

    def _on_batch(self, units: int, cap: int) -> bool:
        self.progress.max, self.progress.value = cap, units
        self.status.value = f"{units} of at most {cap} units played ({time.perf_counter() - self._started:.0f} s)"
        return self._stop

    def _store(self, variant: SavedVariant) -> Path:
        """Where a variant's games are kept, so that Run longer plays on from them."""
        agents = "as the page" if self.as_page.value else variant.agents
        key = json.dumps([variant.fields, agents, variant.seed, variant.batch], sort_keys=True, default=str)
        return self.folder / "games" / hashlib.sha256(key.encode()).hexdigest()[:16]

    def _work(self, units: int) -> None:
        try:
            with self.error.catch():
                variant = self.variant(units)
                sizes = dict(on_batch=self._on_batch, seed=variant.seed, max_units=units, batch=variant.batch)
                if self.as_page.value and self._page_run is not None:
                    self.result = self._page_run(variant.fields, store=self._store(variant), **sizes)
                else:
                    self.result = self._run_variant(variant.fields, variant.agents, store=self._store(variant), **sizes)
                self.saved = variant
                self._show(self.result, variant.fields)
                if self._on_result is not None:
                    self._on_result(self.result, variant)
        except Exception as exc:  # a bug: the thread would swallow it, so the widget says it
            self.error.show(f"{type(exc).__name__}: {exc} (an error in negenlab, not in your input)")
        finally:
            self.run_button.disabled, self.stop_button.disabled = False, True
            done = self.result is not None
            self.page_button.disabled = not (done and self._page is not None)
            self.longer_button.disabled = not (done and self.result.capped)
            if not done:
                self.status.value = "no result (the error is just below)" if self.error.widget.value else "stopped"

    def save_page(self) -> Path | None:
        """Write the last answer as one self-contained HTML page beside the variant file; return its path."""
        if self.result is None or self._page is None or self.saved is None:
            return None
        with self.error.catch():
            path = Path(self.file.value.strip() or "variant.json").with_suffix(".html")
            path.parent.mkdir(parents=True, exist_ok=True)
            check_outputs(files=[("the page file", path)])
            write_atomic(path, self._page(self.result, self.saved))
            self.status.value = f"saved the page <code>{html.escape(str(path))}</code>: open it in any browser"
            return path
        return None

    def save_variant(self) -> Path | None:
        """Keep the fields, players and seed in the variant file."""
        with self.error.catch():
            path = Path(self.file.value.strip())
            if not self.file.value.strip():
                raise InvalidInputError("give the variant file a name, e.g. pie-off.json")
            path.parent.mkdir(parents=True, exist_ok=True)
            check_outputs(files=[("the variant file", path)])
            self.variant().save(path)
            self.status.value = f"saved the variant to <code>{html.escape(str(path))}</code>"
            return path
        return None

    def load_variant(self) -> SavedVariant | None:
        """Fill the pickers, the players and the seed from the variant file."""
        with self.error.catch():
            saved = SavedVariant.load(self.file.value.strip())
            if self._game and saved.game != self._game:
                raise InvalidInputError(f"{self.file.value}: the variant is of {saved.game}, not {self._game}")
            unknown = sorted(set(saved.fields) - set(self.pickers))
            if unknown:
                raise InvalidInputError(f"{self.file.value}: the game has no field {', '.join(unknown)}")
            for name, picker in self.pickers.items():
                value = saved.fields.get(name, getattr(self._rules, name))
                if isinstance(picker, W.Dropdown):
                    picker.value = value
                else:
                    picker.value = (
                        "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
                    )
            self.agents.value = saved.agents or self.agents.value
            self.seed.value = saved.seed
            self.status.value = f"loaded the variant from <code>{html.escape(self.file.value)}</code>; Run to play it"
            return saved
        return None

    def _show(self, result: Any, fields: dict[str, Any]) -> None:
        end = " Run longer plays on." if result.capped and not result.stopped else ""
        self.status.value = html.escape(result.headline() + end)
        if self._render is not None:
            self.verdicts.value = self._render(result.findings)
        else:
            lines = findings_table(result.findings)[["verdict", "claim", "number", "support", "sentence"]]
            self.verdicts.value = lines.to_html(index=False, escape=True, border=0)
        self.table.value = (
            "<details><summary>side by side (95% intervals)</summary><div style='overflow-x:auto;max-width:100%'>"
            + side_by_side(result.table).to_html(index=False, escape=True, border=0)
            + "</div></details>"
        )


MAX_SEED = 2**31 - 1


class DealControls:
    """A seed field with **new game** (a fresh deal: a new seed drawn from the widget's own generator,
    shown in the field) and **replay seed** (the deal of the seed in the field again); ``start(seed)``
    begins the game; ``guard(action)`` runs a button's action (e.g. showing its error in the widget).

    >>> started = []
    >>> deal = DealControls(5, started.append)
    >>> deal.fresh() != 5 and started[-1] == deal.seed.value
    True
    >>> deal.seed.value = 5; deal.replay(); started[-1]
    5
    """

    def __init__(
        self,
        seed: int,
        start: Callable[[int], None],
        label: str = "new game",
        guard: Callable[[Callable[[], Any]], None] | None = None,
    ):
        guard = guard or (lambda action: action())
        self._draw = np.random.default_rng(seed)
        self._start = start
        self.seed = W.IntText(
            value=int(seed), description="seed", style={"description_width": "40px"}, layout=W.Layout(width="170px")
        )
        self.new_button = W.Button(
            description=label, layout=W.Layout(width="auto", min_width="100px"), tooltip="a fresh deal (a new seed)"
        )
        self.replay_button = W.Button(
            description="replay seed", layout=W.Layout(width="auto", min_width="100px"),
            tooltip="deal the game of the seed in the field again",
        )  # fmt: skip
        self.new_button.on_click(lambda _: guard(self.fresh))
        self.replay_button.on_click(lambda _: guard(self.replay))
        self.widget = W.HBox([self.new_button, self.seed, self.replay_button])

    def fresh(self) -> int:
        """Draw a new seed, show it in the field and start its game; return the seed."""
        seed = int(self._draw.integers(0, MAX_SEED))
        self.seed.value = seed
        self._start(seed)
        return seed

    def replay(self) -> None:
        """Start the game of the seed in the field (a bad value is said in the caller's error line)."""
        seed = self.seed.value
        if not (isinstance(seed, int) and 0 <= seed <= MAX_SEED):
            raise InvalidInputError(f"seed must be a whole number 0..{MAX_SEED}, got {seed!r}")
        self._start(int(seed))


class SeatChoice:
    """Which seat the person plays: a **you play** dropdown of ``seats`` (``(label, seat)`` pairs) whose
    change starts a new game at once (``start()``, run through ``guard`` so its error shows in the
    widget); :meth:`follow` shows a seat without starting a game (when the game hands the person
    another side, as a swap does).

    >>> started = []
    >>> choice = SeatChoice([("seat 1 (first)", 0), ("seat 2 (second)", 1)], 0, lambda: started.append(1))
    >>> choice.widget.value = 1; choice.value, len(started)
    (1, 1)
    >>> choice.follow(0); choice.value, len(started)
    (0, 1)
    """

    def __init__(
        self,
        seats: list[tuple[str, int]],
        value: int,
        start: Callable[[], None],
        guard: Callable[[Callable[[], Any]], None] | None = None,
        description: str = "you play",
    ):
        if value not in [seat for _, seat in seats]:
            raise InvalidInputError(f"seat {value!r} is not one of {', '.join(label for label, _ in seats)}")
        self._start, self._guard = start, guard or (lambda action: action())
        self._following = False
        self.widget = W.Dropdown(
            options=seats, value=value, description=description, style={"description_width": "60px"},
            layout=W.Layout(width="auto", min_width="250px"),
        )  # fmt: skip
        self.widget.observe(self._changed, names="value")

    @property
    def value(self) -> int:
        """The seat picked."""
        return int(self.widget.value)

    def _changed(self, _change) -> None:
        if not self._following:
            self._guard(self._start)

    def follow(self, seat: int) -> None:
        """Show ``seat`` as the one played, starting no game."""
        self._following = True
        try:
            self.widget.value = seat
        finally:
            self._following = False


class WhyLines:
    """The lines under the agents' moves: why each agent chose what it played (:meth:`Agent.explain`),
    in an HTML box of class ``nl-why``; the last ``limit`` lines of the agents' last reply are shown,
    with a count of the earlier ones.

    >>> why = WhyLines(limit=2)
    >>> why.show(["mcts chose 2,3: 40 visits", "mcts chose 4,4: 12 visits", "mcts chose 1,1: 3 visits"])
    >>> why.lines[-1], "1 earlier" in why.widget.value
    ('mcts chose 1,1: 3 visits', True)
    """

    def __init__(self, limit: int = 6, title: str = "why the agents chose these moves"):
        self.limit = int(limit)
        self.title = title
        self.lines: list[str] = []
        self.widget = W.HTML(value="")
        self.widget.add_class("nl-why")

    def show(self, lines: list[str]) -> None:
        """Show ``lines`` (the agents' reasons for their last reply, in order); none: clear."""
        self.lines = list(lines)
        if not self.lines:
            self.widget.value = ""
            return
        shown = self.lines[-self.limit :]
        earlier = len(self.lines) - len(shown)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in shown)
        more = f"<li><i>and {earlier} earlier</i></li>" if earlier else ""
        self.widget.value = (
            f'<div style="font-size:90%;color:#333;overflow-wrap:anywhere"><b>{html.escape(self.title)}</b>'
            f'<ul style="margin:2px 0 2px 18px;padding:0">{more}{items}</ul></div>'
        )


class SaveGameRow:
    """A file name, a **Save game** button and a line naming the file written (in ``<code>``, class
    ``nl-saved``); ``write(path)`` writes the game and returns the path it wrote. An error is said on
    the error line beside the button.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> row = SaveGameRow(str(folder / "game.html"), lambda p: (p.write_text("<html></html>"), p)[1])
    >>> row.save().name, "<code>" in row.status.value
    ('game.html', True)
    """

    def __init__(self, default_path: str, write: Callable[[Path], Path]):
        self._write = write
        self.file = W.Text(
            value=default_path, description="file", style={"description_width": "40px"},
            layout=W.Layout(width="360px"),
        )  # fmt: skip
        self.button = W.Button(
            description="Save game", layout=W.Layout(width="auto", min_width="100px"),
            tooltip="the move list and pictures as one HTML file anyone can open",
        )  # fmt: skip
        self.status = W.HTML(value="")
        self.status.add_class("nl-saved")
        self.error = ErrorBanner()
        self.button.on_click(lambda _: self.save())
        self.widget = W.VBox([W.HBox([self.file, self.button, self.status]), self.error.widget])

    def save(self) -> Path | None:
        """Write the game to the file named in the field; return the path (None after an error)."""
        self.status.value = ""
        with self.error.catch():
            name = self.file.value.strip()
            if not name:
                raise InvalidInputError("give the saved game a file name, e.g. my-game.html")
            path = self._write(Path(name))
            self.status.value = f"saved <code>{html.escape(str(path))}</code>: open it in any browser"
            return path
        return None


def history_html(title: str, lines: Sequence[str]) -> str:
    """A short scrolling list of a game's moves under ``title`` (every line escaped), or nothing
    before the first move.

    >>> history_html("moves", ["a1 <b>"]).endswith("<b>moves</b><br>1. a1 &lt;b&gt;</div>"), history_html("moves", [])
    (True, '')
    """
    if not lines:
        return ""
    return (
        f"<div style='max-height:9em;overflow:auto;font-size:90%'><b>{html.escape(title)}</b><br>"
        + "<br>".join(f"{i}. {html.escape(line)}" for i, line in enumerate(lines, 1))
        + "</div>"
    )
