"""A self-contained HTML page: headings, text, tables, embedded figures, provenance.

>>> import pandas as pd
>>> from negenlab.report.page import ReportPage
>>> page = ReportPage("Demo")
>>> page.heading("Numbers"); page.table(pd.DataFrame({"x": [1]}), caption="one row")
>>> "<table" in page.render()
True
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
import urllib.parse
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from negenlab.core.game import rules_to_dict
from negenlab.core.version import package_version

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
h1{border-bottom:2px solid #4c78a8;padding-bottom:.2em} h2{margin-top:1.8em;color:#234} h3{color:#345}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em} th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#eef2f7} td:first-child,th:first-child{text-align:left}
figure{margin:1em 0} figcaption{font-size:.9em;color:#555}
.note{background:#f7f7f2;border-left:4px solid #c9b458;padding:.5em 1em} .warn{background:#fff4e5;border-left:4px solid #e69500;padding:.5em 1em}
code,pre{background:#f3f3f3;padding:1px 4px;border-radius:3px} pre{padding:.6em;overflow:auto}
.meta{font-size:.85em;color:#555}
img{max-width:100%;height:auto} .scroll{overflow-x:auto;max-width:100%}
ol.findings{background:#f2f6fb;border-left:4px solid #4c78a8;padding:.6em 1em .6em 2.4em}
ol.findings li{margin:.35em 0} .claim{color:#555;font-size:.9em}
details.folded>summary{cursor:pointer;color:#234;font-weight:600}
"""


class ReportPage:
    """Collects report blocks and renders them to one HTML file with figures inlined."""

    def __init__(self, title: str):
        self.title = title
        self.blocks: list[str] = []
        self.finding_items: list[dict] = []

    @staticmethod
    def anchor(text: str) -> str:
        """The id a heading gets, for links from findings: ``anchor("Seat fairness") == "seat-fairness"``."""
        return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")

    def heading(self, text: str, level: int = 2) -> None:
        self.blocks.append(f"<h{level} id='{self.anchor(text)}'>{html.escape(text)}</h{level}>")

    def text(self, text: str, css_class: str | None = None) -> None:
        """A paragraph of plain text (escaped)."""
        cls = f' class="{css_class}"' if css_class else ""
        self.blocks.append(f"<p{cls}>{html.escape(text)}</p>")

    def note(self, text: str) -> None:
        self.text(text, "note")

    def warning(self, text: str) -> None:
        self.text(text, "warn")

    def raw_html(self, fragment: str) -> None:
        """Trusted HTML produced by negenlab itself (e.g. an SVG board)."""
        self.blocks.append(fragment)

    def table(
        self,
        df: pd.DataFrame,
        caption: str | None = None,
        float_format: str = "{:.3f}",
        max_rows: int = 200,
        folded: str | None = None,
    ) -> None:
        """A table (scrolls sideways inside the page when wide); with ``folded`` (a summary line)
        it is closed until clicked."""
        shown = df.head(max_rows)
        body = shown.to_html(
            index=False, border=0, na_rep="", float_format=lambda v: float_format.format(v), escape=True
        )
        cap = f"<p class='meta'>{html.escape(caption)}</p>" if caption else ""
        more = f"<p class='meta'>showing {max_rows} of {len(df)} rows</p>" if len(df) > max_rows else ""
        block = cap + f"<div class='scroll'>{body}</div>" + more
        if folded:
            csv = "data:text/csv;charset=utf-8," + urllib.parse.quote(df.to_csv(index=False))
            name = self.anchor(folded)[:60] or "table"
            block = (
                f"<details class='folded'><summary>{html.escape(folded)}</summary>{block}"
                f"<p class='meta'><a download='{name}.csv' href='{csv}'>download CSV ({len(df)} rows)</a></p>"
                "</details>"
            )
        self.blocks.append(block)

    def findings(self, items: list[dict], heading: str = "Findings", first: bool = False) -> None:
        """Numbered findings for the first screen: each item has ``text`` (the finding, with its
        number, n and interval) and ``claim`` (the designer claim or question it tests), and may
        have ``section`` (the heading it comes from, linked) and ``command`` (what reproduces it).
        ``first=True`` puts the block at the top of the page even when called last.

        >>> page = ReportPage("x"); page.findings([{"claim": "fair seats", "text": "seat 1 wins 34% [31%, 37%], n=1000"}])
        >>> "<ol class='findings'>" in page.render()
        True
        """

        def item(it: dict) -> str:
            extra = ""
            if it.get("section"):
                extra += f" · <a href='#{self.anchor(it['section'])}'>{html.escape(it['section'])}</a>"
            if it.get("command"):
                extra += f" · <code>{html.escape(it['command'])}</code>"
            return (
                f"<li>{html.escape(it['text'])}<br><span class='claim'>Tests: {html.escape(it['claim'])}"
                f"{extra}</span></li>"
            )

        self.finding_items.extend(items)
        block = [
            f"<h2 id='{self.anchor(heading)}'>{html.escape(heading)}</h2>",
            f"<ol class='findings'>{''.join(item(it) for it in items)}</ol>",
        ]
        if first:
            self.blocks[0:0] = block
        else:
            self.blocks.extend(block)

    def figure(self, fig, caption: str | None = None, dpi: int = 110) -> None:
        """Embed a matplotlib figure as PNG (the figure is closed afterwards)."""
        import matplotlib.pyplot as plt

        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
        plt.close(fig)
        data = base64.b64encode(buf.getvalue()).decode()
        cap = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
        self.blocks.append(
            f'<figure><img alt="{html.escape(caption or "figure")}" src="data:image/png;base64,{data}">{cap}</figure>'
        )

    def provenance(
        self, rules: Any = None, agents: Any = None, seed: int | None = None, command: str | None = None, **extra: Any
    ) -> None:
        """The Rules, agents, seed, version and reproducing command behind the section."""
        record = {
            "rules": rules_to_dict(rules),
            "agents": [a.describe() if hasattr(a, "describe") else a for a in agents] if agents else None,
            "seed": seed,
            "negenlab_version": package_version(),
            **extra,
        }
        cmd = f"<p>Reproduce with: <code>{html.escape(command)}</code></p>" if command else ""
        self.blocks.append(
            f"<details open><summary>Provenance</summary>{cmd}<pre>"
            f"{html.escape(json.dumps(record, indent=2, default=str))}</pre></details>"
        )

    def render(self) -> str:
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        return (
            f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(self.title)}</title>"
            f"<style>{CSS}</style></head><body><h1>{html.escape(self.title)}</h1>"
            f"<p class='meta'>negenlab {html.escape(package_version())} · generated {stamp}</p>"
            + "\n".join(self.blocks)
            + "</body></html>"
        )
