"""The designer's desk in a notebook: one variant widget for every game, the history of the runs, and
a board to play any registered game on.

:func:`variant_widget` is the same widget for all four games (:class:`negenlab.core.widgets.VariantWidget`):
the game's Rules fields as pickers (dropdowns where the values are fixed), its players, a seed, Run,
Stop and Run longer, the verdict lines as the report pages draw them, Save page (one HTML file anyone
can open), and Save / Load variant (a small JSON file). Every finished run is kept in the history,
``history.jsonl`` in the widget's folder (``negenlab-variants`` beside the notebook), which
:class:`VariantHistory` shows side by side.

>>> import tempfile
>>> w = variant_widget("necklace", folder=tempfile.mkdtemp(), max_units=60, batch=60)
>>> w.pickers["size"].value, type(w.pickers["swap"]).__name__
('9', 'Dropdown')
>>> w.pickers["size"].value = "5"; w.agents.value = "random"
>>> w.run(wait=True).findings[0].claim
'self-play games end without a draw'
>>> len(VariantHistory(w.folder).table())
1

:func:`board` plays any registered game (a plug-in, one registered at run time, or one of the four)
from the list of its legal actions, its state drawn by its own ``_repr_svg_`` / ``_repr_html_`` or as
text (:class:`negenlab.core.play.PlayWidget`):

>>> from negenlab.core.examples import Nim
>>> from negenlab.core.registry import GameEntry
>>> _ = games.register(GameEntry("nim", make_game=Nim, title="Nim"))
>>> b = board("nim", heaps=(1, 2), agents="random", seed=3)
>>> b.action_buttons[2].click(); b.status.value
'game over: seat 2 wins · returns: seat 1 (you) -1, seat 2 +1'
>>> games.unregister("nim")
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd

from negenlab import games
from negenlab.core.errors import StoreCorruptError
from negenlab.core.files import RECORD_LIMIT, read_bytes, replaceable
from negenlab.core.play import FOLDER as GAMES_FOLDER
from negenlab.core.play import PlayWidget
from negenlab.core.variant import SavedVariant, VariantResult
from negenlab.core.widgets import VariantWidget
from negenlab.games import TITLES
from negenlab.report.page import VerdictLines
from negenlab.report.variants import variant_page

FOLDER = "negenlab-variants"
"""Where the widget keeps variants, pages, games and the history, beside the notebook."""


_CUT = object()  # a line that is not whole JSON


def _json_value(text: bytes) -> Any:
    """The JSON value of one line, or ``_CUT`` when it is not whole UTF-8 JSON."""
    try:
        return json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError, ValueError):
        return _CUT


def _not_a_run(run: Any) -> str:
    """Why ``run`` is not a run of the history, or "" when it is one."""
    if not isinstance(run, dict):
        return f"a JSON {type(run).__name__}, not an object"
    for key, kind in (("when", str), ("variant", dict), ("games", int), ("claims", list)):
        if not isinstance(run.get(key), kind) or isinstance(run.get(key), bool):
            return f"its {key} is {'missing' if key not in run else repr(run[key])[:40]}, expected a {kind.__name__}"
    variant = run["variant"]
    for key, kind in (("game", str), ("fields", dict), ("seed", int)):
        if not isinstance(variant.get(key), kind) or isinstance(variant.get(key), bool):
            shown = "missing" if key not in variant else repr(variant[key])[:40]
            return f"its variant's {key} is {shown}, expected a {kind.__name__}"
    if not isinstance(variant.get("agents"), (str, type(None))):
        return f"its variant's agents are {variant['agents']!r:.40}, expected text or null"
    for claim in run["claims"]:
        if not isinstance(claim, dict) or not isinstance(claim.get("claim"), str):
            return f"a claim {claim!r:.40} is not an object naming its claim"
        missing = [key for key in ("verdict", "number", "support") if key not in claim]
        if missing:
            return f"the claim {claim['claim']!r:.40} has no {', '.join(missing)}"
    return ""


class VariantHistory:
    """The runs of the variant widgets kept in ``folder/history.jsonl``, one line a run: when, the game,
    the variant, and each claim's number and verdict. :meth:`table` sets them side by side.

    >>> import tempfile
    >>> VariantHistory(tempfile.mkdtemp()).table().empty
    True
    """

    def __init__(self, folder: str | Path = FOLDER):
        self.folder = Path(folder)
        self.path = self.folder / "history.jsonl"

    def record(self, result: VariantResult, variant: SavedVariant) -> None:
        """Add a finished run, on a line of its own: a last line cut short by a kill is dropped first
        (one whole but for its newline gets its newline), so the new run is never joined to it."""
        self.folder.mkdir(parents=True, exist_ok=True)
        line = {
            "when": time.strftime("%Y-%m-%d %H:%M:%S"),
            "variant": variant.to_dict(),
            "units": result.units,
            "games": result.games,
            "claims": [
                {"claim": f.claim, "verdict": f.verdict, "number": f.number, "support": f.support}
                for f in result.findings
            ],
        }
        text = (json.dumps(line, default=str) + "\n").encode("utf-8")
        replaceable(self.path, "variant history")  # a regular file (a pipe would block), or none yet
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # two runs ending at once append one after the other
            data = read_bytes(self.path, "variant history", RECORD_LIMIT)
            if data and not data.endswith(b"\n"):
                start = data.rfind(b"\n") + 1
                if _json_value(data[start:]) is _CUT:
                    os.ftruncate(fd, start)  # the run cut by a kill is dropped, as runs() leaves it out
                else:
                    text = b"\n" + text
            while text:
                text = text[os.write(fd, text) :]
        finally:
            os.close(fd)  # the lock goes with it

    def runs(self) -> list[dict[str, Any]]:
        """Every run kept, oldest first. A last line cut short by a kill (no newline after it, not
        whole JSON) is left out; any other line that is not a run as :meth:`record` writes it is a
        one-line :class:`~negenlab.core.errors.StoreCorruptError` naming the file and the line, never
        read as a shorter history."""
        if not self.path.exists():
            return []
        lines = read_bytes(self.path, "variant history", RECORD_LIMIT).split(b"\n")
        if lines[-1] == b"" or _json_value(lines[-1]) is _CUT:
            lines.pop()  # the end of the last run, or a run cut by a kill
        return [self._run(i, text) for i, text in enumerate(lines, 1)]

    def _run(self, i: int, text: bytes) -> dict[str, Any]:
        """Line ``i``'s run, checked: what :meth:`table` reads is there and of its type."""
        run = _json_value(text)
        why = _not_a_run(run) if run is not _CUT else "not one JSON record"
        if why:
            raise StoreCorruptError(
                f"variant history {self.path}: line {i} is not a run ({why}); expected one JSON record a line as "
                "the variant widget writes it: remove the line"
            )
        return run

    def table(self, game: str | None = None) -> pd.DataFrame:
        """The runs side by side: one row a run (of ``game``, or every game), one column a claim."""
        rows = []
        for run in self.runs():
            v = run["variant"]
            if game is not None and v["game"] != game:
                continue
            row = {
                "when": run["when"],
                "game": v["game"],
                "variant": ", ".join(f"{k}={val}" for k, val in v["fields"].items()) or "(default)",
                "players": v.get("agents") or "(the game's own)",
                "seed": v["seed"],
                "games": run["games"],
            }
            for c in run["claims"]:
                row[c["claim"]] = f"{c['verdict']}: {c['number']} ({c['support']})"
            rows.append(row)
        return pd.DataFrame(rows)

    def _repr_html_(self) -> str:
        table = self.table()
        return "<p>no run yet</p>" if table.empty else table.to_html(index=False, escape=True, border=0)


def variant_widget(game: str, folder: str | Path = FOLDER, **options: Any) -> VariantWidget:
    """Try a variant of ``game`` against its default Rules (see the module docstring); ``options``
    (``max_units``, ``batch``, ``seed``) set the run's sizes."""
    entry = games.entry(game)
    history = VariantHistory(folder)
    title = TITLES[game]
    return VariantWidget(
        title,
        entry.make_game().rules,
        partial(games.try_variant, game, progress=False),
        entry.default_agent,
        game=game,
        render=lambda findings: VerdictLines(findings)._repr_html_(),
        page=lambda result, saved: variant_page(result, title, saved),
        validate=lambda fields: entry.make_game(**fields),
        on_result=history.record,
        folder=folder,
        page_run=partial(games.judge_variant, game, progress=False),
        **options,
    )


def board(
    name: str,
    *,
    agents: str | list | None = None,
    you: int | list[int] = 0,
    seed: int = 0,
    folder: str | Path = GAMES_FOLDER,
    reveal_at_end: bool = True,
    **fields: Any,
) -> PlayWidget:
    """Play game ``name`` under the Rules ``fields`` (the defaults for the rest) against its agents:
    ``agents`` one spec for every agent seat or one per seat (None: the game's default agent), ``you``
    the seat you play (or a list of seats; ``[]``: the agents play it out), all randomness from
    ``seed``; **Save game** writes into ``folder``. See :class:`~negenlab.core.play.PlayWidget`."""
    return PlayWidget(name, agents, you=you, seed=seed, fields=fields, folder=folder, reveal_at_end=reveal_at_end)


__all__ = ["FOLDER", "VariantHistory", "board", "variant_widget"]
