"""The designer reports in a real browser at 1280 px: each game page opens with its Findings, nothing
overflows sideways, every figure loads; every table fits its box (none scrolls sideways) and no picture's
caption is cut by its picture (issue #52: tables scrolled to 5,154 px, the Negen gallery read "straight: inva").

Run with ``make browser-test``. The reports are built fresh (``negenlab report all``, the same
command as ``make demo``) into a temporary folder.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from layout_checks import CUT_PICTURES_JS, WIDE_TABLES_JS

PAGES = ["index.html", "negen.html", "fen.html", "polymer.html", "necklace.html"]
WIDTH = 1280


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    out = tmp_path_factory.mktemp("reports")
    subprocess.run(
        [sys.executable, "-m", "negenlab", "report", "all", "-o", str(out), "--quiet"],
        check=True,
        timeout=1800,
        stdout=subprocess.DEVNULL,
    )
    return out


@pytest.mark.parametrize("name", PAGES)
def test_report_fits_1280_px_and_every_figure_loads(page, reports, shots, name):
    path = reports / name
    assert path.exists(), f"negenlab report all did not write {name}"
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= WIDTH, f"{name} is {wide} px wide at a {WIDTH} px window (overflows sideways)"
    # an element may reach past the window only inside a box that scrolls it (a wide table in a
    # scrolling wrapper); anything else shows past the page's right edge
    offenders = page.evaluate(
        """(w) => {
      const scrolledInside = (n) => {
        for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) {
          const o = getComputedStyle(a).overflowX;
          if ((o === 'auto' || o === 'scroll' || o === 'hidden') && a.getBoundingClientRect().right <= w + 1) return true;
        }
        return false;
      };
      return Array.from(document.querySelectorAll('body *'))
        .filter(n => n.getBoundingClientRect().right > w + 1 && !scrolledInside(n))
        .slice(0, 5).map(n => n.tagName + '.' + n.className + ' ' + (n.textContent || '').slice(0, 40));
    }""",
        WIDTH,
    )
    assert not offenders, f"{name}: elements reach past {WIDTH} px: {offenders}"
    page.evaluate(  # the folded tables too: open every fold, and mark the ones opened here
        "() => document.querySelectorAll('details:not([open])').forEach(d => { d.open = true; d.dataset.nlOpened = 1; })"
    )
    root = page.locator("body").element_handle()
    wide_tables = page.evaluate(WIDE_TABLES_JS, [root, ".scroll"])
    assert not wide_tables, f"{name}: tables wider than their box (they scroll sideways): {wide_tables[:5]}"
    cut = page.evaluate(CUT_PICTURES_JS, [root, "body"])
    assert not cut, f"{name}: pictures cut or too wide: {cut[:5]}"
    print(f"{name}: {page.locator('table').count()} tables and {page.locator('svg').count()} pictures fit")
    page.evaluate("() => document.querySelectorAll('details[data-nl-opened]').forEach(d => { d.open = false; })")
    broken = page.evaluate("""() => Array.from(document.images)
        .filter(i => !i.complete || i.naturalWidth === 0).map(i => (i.alt || i.src).slice(0, 80))""")
    assert not broken, f"{name}: figures that did not load: {broken}"
    if name != "index.html":
        # every page opens with its verdicts: one line per claim, on the first screen, not cut off
        assert page.locator("section.verdicts").count() == 1, f"{name} has no verdicts"
        box = page.locator("section.verdicts").bounding_box()
        assert box is not None and box["y"] < 300, f"{name}: the verdicts do not open the page ({box})"
        assert box["x"] + box["width"] <= WIDTH, f"{name}: the verdicts reach past {WIDTH} px"
        lines = page.locator("section.verdicts li").all()
        assert len(lines) >= 3, f"{name}: {len(lines)} verdicts, expected at least 3"
        first_line = lines[0].bounding_box()
        assert first_line is not None and first_line["y"] < 900, f"{name}: the first verdict is below the first screen"
        badges = page.locator("section.verdicts li .badge").all_inner_texts()
        assert set(badges) <= {"holds", "fails", "undecided", "untested"}, f"{name}: verdicts {badges}"
    figures = page.evaluate("() => document.images.length + document.querySelectorAll('svg').length")
    if name != "index.html":
        assert figures > 0, f"{name} has no figures"
    page.screenshot(path=str(shots / f"report-{name}.png"), full_page=False)
