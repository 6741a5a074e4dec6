"""What the games' SVG drawings share: the attribute that names a click target.

Light on purpose (no widget library): every ``svg.py`` draws with it, and
:class:`negenlab.core.widgets.BoardWidget` turns clicks on such elements into Python calls.

>>> from negenlab.core.svg import target
>>> target("cell", 2, 3)
' data-target="cell:2:3"'
"""

from __future__ import annotations

import html


def target(kind: str, *parts) -> str:
    """The SVG attribute naming a click target ``kind:part:part...``."""
    return ' data-target="' + html.escape(":".join([kind, *map(str, parts)])) + '"'


__all__ = ["target"]
