"""The pages' tables fit the page (issue #52: report tables scrolled up to 5,154 px wide at 1280 px): a table
too wide is wrapped into parts of whole columns, the key columns repeated, and its column names may break
at their underscores. The browser test (tests/browser/test_reports_layout.py) measures the real widths."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from negenlab.report.page import TABLE_WIDTH, ReportPage, _column_px, column_parts


def _wide(columns: int = 42) -> pd.DataFrame:
    """A table like Polymer's policy table: a name, then many measures with long underscored names."""
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"policy": ["no_trade", "selfish", "cooperative", "loans"]})
    for i in range(columns - 1):
        frame[f"chain_trades_per_game_{i}"] = rng.random(4) * 100
    return frame


def test_a_wide_table_is_wrapped_into_parts_that_each_fit_and_hold_every_column_once():
    frame = _wide()
    parts = column_parts(frame)
    assert len(parts) > 3 and all(part[0] == 0 for part in parts)  # the policy column starts every part
    assert sorted(c for part in parts for c in part[1:]) == list(range(1, 42))
    for part in parts:
        widths = [_column_px(str(frame.columns[i]), [f"{v:.3f}" if isinstance(v, float) else str(v)
                                                     for v in frame.iloc[:, i]]) for i in part]  # fmt: skip
        assert sum(widths) <= TABLE_WIDTH


def test_the_page_shows_the_parts_says_so_and_lets_column_names_break():
    page = ReportPage("t")
    page.table(_wide(), caption="policies")
    html = page.render()
    tables = re.findall(r"<div class='scroll'>(.*?)</div>", html, flags=re.S)
    assert len(tables) == len(column_parts(_wide())) > 1
    assert "42 columns, wrapped into" in html and "(policy repeated in each)" in html
    assert "chain_<wbr>trades_<wbr>per_<wbr>game_<wbr>0" in html
    assert all(t.count("<th>policy</th>") == 1 for t in tables)


def test_a_table_that_fits_stays_whole():
    page = ReportPage("t")
    page.table(pd.DataFrame({"size": [5, 7], "first player wins": [0.61, 0.55]}))
    html = page.render()
    assert html.count("<table") == 1 and "wrapped into" not in html
