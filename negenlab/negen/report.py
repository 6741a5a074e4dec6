"""The Negen page of ``negenlab report``: spiral analysis, then the play section (if built).

The play engineer's ``negenlab.negen.report_play.build(page, options)`` is called after the
spiral sections when that module exists.
"""
from __future__ import annotations

import importlib

import pandas as pd

TITLE = "Negen"

WORKED_EXAMPLES = [
    ("6 5 4", "valid, not closed"),
    ("5 4 5", "invalid (not monotone)"),
    ("1 5 6", "invalid (steps not 1)"),
    ("1 2", "invalid (two dice)"),
    (". . . 4 .\n6 5 4 3 2\n. . . 2 .", "valid, not closed (after Piet's turn)"),
    ("1 2 3\n2 . 4\n3 4 5", "valid and closed (smallest straight loop)"),
    ("1 2\n2 3", "closed; invalid straight, valid bent"),
]


def build(page, options) -> None:
    spiral_sections(page, options)
    try:
        play = importlib.import_module("negenlab.negen.report_play")
    except ModuleNotFoundError as exc:
        if exc.name != "negenlab.negen.report_play":
            raise
    else:
        play.build(page, options)


def spiral_sections(page, options) -> None:
    from .rules import Rules
    from .spirals import check_table
    from .table import parse_table

    page.heading("Spirals: validity under each reading of the rules")
    page.text("Every worked example of the rules page, checked under the four readings "
              "(sequence shape x coverage). A spiral is valid when some interpretation (nodes red, "
              "edges blue) puts every die (or every adjacent pair) in a sequence.")
    rows = []
    for text, expected in WORKED_EXAMPLES:
        row = {"table": text.replace("\n", " / "), "rules page says": expected}
        for shape in ("straight", "bent"):
            for cov in ("die", "adjacency"):
                vs = check_table(parse_table(text), Rules(sequence_shape=shape, coverage=cov))
                row[f"{shape}/{cov}"] = ("valid" if all(v.valid for v in vs) else "invalid") + \
                    (" closed" if any(v.closed for v in vs) else "")
        rows.append(row)
    page.table(pd.DataFrame(rows), caption="Worked examples under each variant")
    page.provenance(rules=Rules(), seed=options.seed, command=options.command("negen"))
