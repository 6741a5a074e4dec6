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
from importlib.resources import files
from typing import Any

import pandas as pd
from jinja2 import Environment, PackageLoader

from negenlab.core.claims import GLOSSARY
from negenlab.core.findings import Finding, findings_table, verdict_counts
from negenlab.core.game import rules_to_dict
from negenlab.core.version import package_version

# every value is escaped; the CSS and the page's own blocks are marked safe in the template
_TEMPLATES = Environment(loader=PackageLoader("negenlab.report", "templates"), autoescape=True)
CSS = (files("negenlab.report") / "templates" / "page.css").read_text(encoding="utf-8")


class ReportPage:
    """Collects report blocks and renders them to one HTML file with figures inlined: the verdicts
    first (:meth:`verdicts`), a table of contents, the sections, and the bookkeeping last and folded
    (provenance, missing cells). The markup and CSS are the templates in ``negenlab/report/templates``."""

    def __init__(self, title: str):
        self.title = title
        self.blocks: list[str] = []
        self.finding_items: list[dict] = []
        self.verdict_items: list[Finding] = []
        self.toc: list[tuple[str, str]] = []
        self.bookkeeping: list[dict] = []
        self.family: str | None = None
        self.glossary: dict[str, str] = {}

    @staticmethod
    def anchor(text: str) -> str:
        """The id a heading gets, for links from findings: ``anchor("Seat fairness") == "seat-fairness"``."""
        return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")

    def heading(self, text: str, level: int = 2) -> None:
        if level == 2:
            self.toc.append((text, self.anchor(text)))
        self.blocks.append(f"<h{level} id='{self.anchor(text)}'>{html.escape(text)}</h{level}>")

    def verdicts(
        self, findings: list[Finding], family: str | None = None, glossary: dict[str, str] | None = None
    ) -> None:
        """The page's verdict lines (the designer's claims, then negenlab's questions), shown first
        whatever the call order, with the sentence on their family (:func:`negenlab.core.claims.family_sentence`)
        and a glossary at the end of the page (the statistics words and ``glossary``: the game's players).

        >>> page = ReportPage("x"); page.verdicts([Finding("fair seats", "holds", "33.9% [31.0, 36.9]", n=1000)])
        >>> "badge holds" in page.render() and 'id="glossary"' in page.render()
        True
        """
        self.verdict_items.extend(findings)
        self.family = family if family is not None else self.family
        self.glossary = {**GLOSSARY, **self.glossary, **(glossary or {})}

    def folded(self, summary: str, body_html: str) -> None:
        """Bookkeeping (missing cells, provenance): at the end of the page, folded, under ``summary``."""
        self.bookkeeping.append({"summary": summary, "body": body_html})

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
        """A table that fits the page: one too wide for it is wrapped into parts of whole columns
        (:func:`column_parts`), each repeating the leading key columns, and a column name may break at
        its underscores; with ``folded`` (a summary line) it is closed until clicked."""
        shown = df.head(max_rows)
        parts = column_parts(shown, float_format)
        bodies = [
            _breakable_headers(
                shown.iloc[:, cols].to_html(
                    index=False, border=0, na_rep="", float_format=lambda v: float_format.format(v), escape=True
                )
            )
            for cols in parts
        ]
        cap = f"<p class='meta'>{html.escape(caption)}</p>" if caption else ""
        if len(parts) > 1:
            keys = [str(shown.columns[i]) for i in parts[0] if all(i in cols for cols in parts)]
            cap += (
                f"<p class='meta'>{len(shown.columns)} columns, wrapped into {len(parts)} parts to fit the page"
                + (f" ({', '.join(keys)} repeated in each)" if keys else "")
                + "</p>"
            )
        more = f"<p class='meta'>showing {max_rows} of {len(df)} rows</p>" if len(df) > max_rows else ""
        block = cap + "".join(f"<div class='scroll'>{body}</div>" for body in bodies) + more
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
        where = self.toc[-1][0] if self.toc else self.title
        self.folded(f"Provenance: {where}", f"{cmd}<pre>{html.escape(json.dumps(record, indent=2, default=str))}</pre>")

    def render(self) -> str:
        return _TEMPLATES.get_template("page.html.j2").render(
            title=self.title,
            css=CSS,
            version=package_version(),
            stamp=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            verdicts=self.verdict_items,
            count=verdict_counts,
            family=self.family,
            glossary=self.glossary,
            toc=self.toc if len(self.toc) > 1 else [],
            blocks=self.blocks,
            bookkeeping=self.bookkeeping,
            anchor=self.anchor,
        )


TABLE_WIDTH = 1000
"""The width (px) a table's columns must fit in: the page's text is about 1,070 px wide (a 1,100 px
column less its padding), with room left for the estimate's error."""

_CELL_PADDING = 18  # px: a cell's padding (8 px a side) and border


def _text_px(text: str, bold: bool = False) -> float:
    """A generous estimate of the width of ``text`` in a table cell (the pages' tables are 0.9 em)."""
    return len(text) * (8.8 if bold else 8.2)


def _column_px(name: str, values: list[str]) -> float:
    """The narrowest a column can be: its longest unbreakable piece (a header breaks at spaces and
    underscores, a value at spaces), plus the cell's padding."""
    header = max((_text_px(w, bold=True) for w in name.replace("_", "_ ").split()), default=0.0)
    cells = max((_text_px(w) for v in values for w in v.split()), default=0.0)
    return max(header, cells) + _CELL_PADDING


def column_parts(df: pd.DataFrame, float_format: str = "{:.3f}", width: float = TABLE_WIDTH) -> list[list[int]]:
    """The table's columns (positions) in parts that each fit ``width`` px: all of them when they fit
    at once; else the leading key columns (text columns naming the row, at most two and at most
    two-fifths of the width; the first column at least) start every part and the rest follow in order.

    >>> wide = pd.DataFrame({"policy": ["cooperative"], **{f"score_gain_{i}": [1.5] for i in range(20)}})
    >>> parts = column_parts(wide)
    >>> len(parts) > 1 and all(p[0] == 0 for p in parts) and sorted({c for p in parts for c in p}) == list(range(21))
    True
    >>> column_parts(pd.DataFrame({"x": [1], "y": [2]}))
    [[0, 1]]
    """

    def shown(v) -> str:
        if v is None or (isinstance(v, float) and v != v):
            return ""
        return float_format.format(v) if isinstance(v, float) else str(v)

    px = [_column_px(str(c), [shown(v) for v in df.iloc[:, i].tolist()]) for i, c in enumerate(df.columns)]
    if sum(px) <= width or len(px) <= 1:
        return [list(range(len(px)))]
    keys = [0] if px[0] <= 0.4 * width else []
    second_is_text = str(df.dtypes.iloc[1]) in ("object", "string", "bool", "category")
    if keys and len(px) > 2 and second_is_text and px[0] + px[1] <= 0.4 * width:
        keys.append(1)
    parts: list[list[int]] = []
    current, used = list(keys), sum(px[k] for k in keys)
    for i in range(len(px)):
        if i in keys:
            continue
        if used + px[i] > width and len(current) > len(keys):
            parts.append(current)
            current, used = list(keys), sum(px[k] for k in keys)
        current.append(i)
        used += px[i]
    parts.append(current)
    return parts


def _breakable_headers(table_html: str) -> str:
    """A table's HTML with a break opportunity after each underscore of its column names
    (``score_gain_lo`` may wrap as ``score_ gain_ lo``, never cut)."""
    return re.sub(r"<th>([^<]*)</th>", lambda m: "<th>" + m.group(1).replace("_", "_<wbr>") + "</th>", table_html)


class VerdictLines:
    """Verdict lines as a notebook shows them: the page's own block (the whole change text, n as a
    whole number), with the family sentence.

    >>> lines = VerdictLines([Finding("fair seats", "holds", "33.9%", n=1000)])
    >>> "badge holds" in lines._repr_html_() and "n=1,000" in lines._repr_html_()
    True
    """

    def __init__(self, findings: list[Finding], family: str | None = None):
        self.findings = list(findings)
        self.family = family

    def __iter__(self):
        return iter(self.findings)

    def __len__(self) -> int:
        return len(self.findings)

    def frame(self) -> pd.DataFrame:
        """The lines as a table (n as a whole number)."""
        return findings_table(self.findings)

    def _repr_html_(self) -> str:
        block = _TEMPLATES.get_template("verdicts.html.j2").module.block  # type: ignore[attr-defined]
        body = block(self.findings, verdict_counts, self.family, ReportPage.anchor, "")
        return f"<div class='negenlab-verdicts'><style>{_NOTEBOOK_CSS}</style>{body}</div>"

    def __repr__(self) -> str:
        return "\n".join(f.line() for f in self.findings)


def _scoped_css() -> str:
    """The page's verdict and badge rules, for a notebook cell."""
    keep = [line for line in CSS.splitlines() if any(k in line for k in (".verdicts", ".badge", ".change", ".recheck"))]
    return "\n".join(keep)


_NOTEBOOK_CSS = _scoped_css()
