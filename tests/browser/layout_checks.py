"""What the browser tests measure of a layout at a 1280 px window (issue #52's desk defects): a picture's
text cut by its picture, a picture wider than the output or page it sits in, a table wider than its box.

Each is a JavaScript function run with ``page.evaluate(JS, [root, container selector])``; it returns a
list of what it found, in words (empty: nothing cut, nothing too wide).
"""

from __future__ import annotations

CUT_PICTURES_JS = """([root, box]) => {
  const out = [];
  for (const svg of root.querySelectorAll('svg')) {
    if (svg.parentElement && svg.parentElement.closest('svg')) continue;  // a picture inside a picture
    const r = svg.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;  // not shown (a closed fold)
    const holder = svg.closest(box);
    if (holder) {
      const h = holder.getBoundingClientRect();
      if (r.right > h.right + 1)
        out.push(`picture ${Math.round(r.width)} px wide in a ${Math.round(h.width)} px ${box}: ` +
                 (svg.textContent || '').trim().slice(0, 50));
    }
    for (const t of svg.querySelectorAll('text')) {
      const q = t.getBoundingClientRect();
      if (q.width === 0) continue;
      if (q.right > r.right + 1 || q.left < r.left - 1 || q.bottom > r.bottom + 1 || q.top < r.top - 1)
        out.push('text cut by its picture: ' + t.textContent.trim().slice(0, 60));
    }
  }
  return out;
}"""

WIDE_TABLES_JS = """([root, box]) => {
  const out = [];
  for (const t of root.querySelectorAll('table')) {
    const r = t.getBoundingClientRect();
    if (r.width === 0) continue;
    const holder = t.parentElement.closest(box) || t.parentElement;
    const h = holder.getBoundingClientRect();
    if (r.width > h.width + 1 || t.scrollWidth > t.clientWidth + 1 || r.right > h.right + 1)
      out.push(`table ${Math.round(r.width)} px wide in ${Math.round(h.width)} px: ` +
               Array.from(t.querySelectorAll('th')).slice(0, 3).map(x => x.textContent).join(', '));
  }
  return out;
}"""
