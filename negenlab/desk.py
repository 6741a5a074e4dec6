"""The designer's desk in a notebook: one variant widget for every game, and the history of the runs.

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
"""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd

from negenlab import games
from negenlab.core.errors import StoreCorruptError
from negenlab.core.files import RECORD_LIMIT, read_bytes
from negenlab.core.variant import SavedVariant, VariantResult
from negenlab.core.widgets import VariantWidget
from negenlab.games import TITLES
from negenlab.report.page import VerdictLines
from negenlab.report.variants import variant_page

FOLDER = "negenlab-variants"
"""Where the widget keeps variants, pages, games and the history, beside the notebook."""


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
        """Add a finished run."""
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
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(line, default=str) + "\n")

    def runs(self) -> list[dict[str, Any]]:
        """Every run kept, oldest first. A last line cut short by a kill is left out; any other line that
        is not a run is a :class:`~negenlab.core.errors.StoreCorruptError` naming it."""
        if not self.path.exists():
            return []
        lines = read_bytes(self.path, "variant history", RECORD_LIMIT).decode("utf-8", "replace").splitlines()
        out = []
        for i, text in enumerate(lines, 1):
            try:
                out.append(json.loads(text))
            except ValueError:
                if i == len(lines):
                    break
                raise StoreCorruptError(
                    f"{self.path}: line {i} is not a run (expected one JSON record a line); remove it"
                ) from None
        return out

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
        **options,
    )


__all__ = ["FOLDER", "VariantHistory", "variant_widget"]
