"""A variant's answer as a page anyone can open: one self-contained HTML file (the report template,
the verdicts first, the picture embedded, no network, no Python needed to read it).

>>> from negenlab import games
>>> r = games.try_variant("necklace", {"size": 5}, "random", max_units=60, batch=60, progress=False)
>>> html = variant_page(r, "Necklace")
>>> "<!doctype html>" in html and "self-play games end without a draw" in html and "http" not in html.split("<style>")[0]
True
"""

from __future__ import annotations

import html
import math
from typing import Any

import pandas as pd

from negenlab.core.claims import ALPHA, level_text
from negenlab.core.findings import findings_table
from negenlab.core.variant import SavedVariant, VariantResult, side_by_side

from .page import ReportPage


def variant_figure(result: VariantResult):
    """One panel per claim: the default Rules and the variant, each value with its 95% interval,
    over the band the claim asks for (shaded green)."""
    import matplotlib.pyplot as plt  # late, as ReportPage.figure does: every CLI command imports this module

    rows = result.table.to_dict("records")
    fig, axes = plt.subplots(1, len(rows), figsize=(min(4.2 * len(rows), 11), 2.6), squeeze=False)
    for ax, r in zip(axes[0], rows, strict=True):
        share = r["unit"] == "share"
        k = 100.0 if share else 1.0
        for y, side, colour in ((1, "default", "#777777"), (0, "variant", "#1f77b4")):
            v, lo, hi = (r[f"{side}{s}"] * k for s in ("", "_lo", "_hi"))
            if math.isfinite(v):
                ax.errorbar([v], [y], xerr=[[v - lo], [hi - v]], fmt="o", color=colour, capsize=4)
        lo, hi = r.get("target_lo", math.nan), r.get("target_hi", math.nan)
        if not (math.isnan(lo) and math.isnan(hi)):
            left, right = ax.get_xlim()
            ax.axvspan(max(lo * k, min(left, lo * k)), min(hi * k, max(right, hi * k)), color="#2e7d32", alpha=0.12,
                       label="what the claim asks for")  # fmt: skip
            ax.set_xlim(
                min(left, lo * k) if math.isfinite(lo) else left, max(right, hi * k) if math.isfinite(hi) else right
            )
        ax.set_yticks([0, 1], ["variant", "default"])
        ax.set_ylim(-0.6, 1.6)
        ax.set_title("\n".join(_wrap(r["claim"], 38)), fontsize=9)
        ax.set_xlabel("%" if share else r["unit"] or "value", fontsize=8)
        ax.tick_params(labelsize=8)
    fig.tight_layout()
    return fig


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line]


def variant_page(result: VariantResult, title: str, saved: SavedVariant | None = None) -> str:
    """The variant run ``result`` of the game ``title`` as one self-contained HTML page: its verdicts
    first (each with the default Rules beside it), the picture, the side-by-side table (folded), and
    what reproduces it (the saved variant, the command, the version)."""
    shown = ", ".join(f"{k}={v}" for k, v in result.fields.items()) or "the default Rules"
    page = ReportPage(f"{title}: {shown} against the default Rules")
    end = (
        "stopped"
        if result.stopped
        else ("the cap reached, some claims undecided" if result.capped else "every claim decided")
    )
    levels = [f.level for f in result.findings if f.level is not None]
    family = (
        f"A quick screen, not a verdict: each line's interval is read at level {level_text(min(levels))} "
        f"({100 * ALPHA:g}% split over every claim on both sides, the default and the variant, at every batch the run "
        "looked at); the page's own verdicts at the default Rules are folded below."
        if levels
        else None
    )
    page.verdicts(result.findings, family)
    page.heading("What was played")
    page.text(
        f"{result.units} units, {result.games_per_side:,} distinct games a side ({end}). The default Rules and the "
        "variant play the same seeded games; a unit is one game, or one game in every seat rotation when the "
        "players differ. A quick screen plays the run's own players, not the page's, and gives no verdict."
    )
    if result.page:
        page.table(
            findings_table(result.page)[["verdict", "claim", "number", "support", "recheck"]],
            folded="At the default Rules, the page's verdicts (its players, its committed games)",
        )
    page.figure(
        variant_figure(result),
        caption="Each claim under the default Rules and under the variant, with 95% intervals; shaded: what the claim asks for.",
    )
    page.table(side_by_side(result.table), folded="The numbers side by side (95% intervals)")
    record: dict[str, Any] = {"variant": result.fields, "units": result.units, "games": result.games}
    if saved is not None:
        record["saved_variant"] = saved.to_dict()
        page.folded(
            "The saved variant (run it again with negenlab <game> variant --from FILE)",
            f"<pre>{html.escape(pd.Series(saved.to_dict()).to_json(indent=2))}</pre>",
        )
    page.provenance(rules=result.fields, seed=saved.seed if saved else None, command=result.command, **record)
    return page.render()


__all__ = ["variant_figure", "variant_page"]
