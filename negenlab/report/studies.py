"""What every game page does with its committed studies: load them, say where each came from,
and show a skill trace.

>>> t = pd.DataFrame({"x": [1]}); t.attrs["negenlab"] = {"command": "negenlab study fen ladder --seed 2024", "seed": 2024}
>>> made_by(t, "fen")[:47]
'made by `negenlab study fen ladder --seed 2024`'
>>> command_of(t, "negenlab report fen"), command_of(pd.DataFrame(), "negenlab report fen")
('negenlab study fen ladder --seed 2024', 'negenlab report fen')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeGuard

import pandas as pd

from negenlab.core.data import MissingDataError, Schema
from negenlab.core.studies import committed_table


def committed_studies(game: str, names: Iterable[str], tables: Mapping[str, Schema]) -> dict[str, pd.DataFrame]:
    """The committed study tables of ``game`` that ship with the package, by name (the missing ones
    left out), each checked against its schema in ``tables`` (a damaged one raises a TableError)."""
    out = {}
    for name in names:
        try:
            out[name] = committed_table(game, name, tables[name])
        except MissingDataError:
            pass
    return out


def made_by(table: pd.DataFrame, game: str) -> str:
    """A caption naming the command, version and seed behind a committed table (or saying it is a live run)."""
    meta = table.attrs.get("negenlab", {})
    if meta.get("live"):
        return "a small live run made while this page was written (the committed table is missing)"
    return (
        f"made by `{meta.get('command', '?')}` (negenlab {meta.get('negenlab_version', '?')}, "
        f"seed {meta.get('seed', '?')}; Rules and agents in the sidecar JSON in data/{game})"
    )


def command_of(table: pd.DataFrame, fallback: str) -> str:
    """The command recorded with a table, else ``fallback``."""
    return str(table.attrs.get("negenlab", {}).get("command", fallback))


def missing_warning(page, game: str, name: str, instead: str = "") -> None:
    """The warning a page shows for a study table that is not committed."""
    page.warning(
        f"data/{game}/{name}.csv is missing{instead}. Run `negenlab study {game} {name}` for the committed study."
    )


def open_section(table: pd.DataFrame | None, page, heading: str, game: str, name: str) -> TypeGuard[pd.DataFrame]:
    """Start a section built on the committed study ``name``: its heading, and a warning when
    ``table`` is missing. True when there is a table to show (and then ``table`` is a DataFrame)."""
    page.heading(heading)
    if table is None:
        missing_warning(page, game, name)
        return False
    return True


def skill_section(page, trace: pd.DataFrame, game: str, text: str, title: str) -> None:
    """A skill trace's text, figure (each rung against the one below) and folded table."""
    import matplotlib.pyplot as plt

    from negenlab.core.plot import plot_skill_trace

    page.text(text)
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    plot_skill_trace(trace, ax=ax, title=title)
    page.figure(
        fig,
        caption="Score of each rung against the rung below (95% intervals); green: the SPRT decided H1, "
        "blue: H0, orange: stopped at the cap.",
    )
    page.table(trace, caption=made_by(trace, game), folded="Skill trace table")


__all__ = ["committed_studies", "made_by", "command_of", "missing_warning", "open_section", "skill_section"]
