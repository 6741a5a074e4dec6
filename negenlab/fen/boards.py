"""Board specifications as short strings, for the CLI and the report.

``triangle:7``, ``hexagon:2``, ``square:5x5`` (or ``square:5``), ``4.8.8:37`` /
``archimedean:4.8.8:37`` (a tiling and a face count), or a path to a board JSON file.

>>> from negenlab.fen.boards import parse_board
>>> parse_board("triangle:7").num_faces, parse_board("3.3.4.3.4:25").num_faces
(49, 25)
"""

from __future__ import annotations

import os

from . import tilings
from .tessellation import FACES_WHY, MAX_FACES, BoardError, Tessellation

SPEC_HELP = (
    "a board: triangle:SIDE, hexagon:RADIUS, square:WxH, TILING:FACES (e.g. 4.8.8:37, snub square:25) "
    "or a board JSON file"
)


def _int(text: str, what: str, spec: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BoardError(f"board {spec!r}: {what} must be an integer, got {text!r}") from None


def parse_board(spec: str) -> Tessellation:
    """The board a spec names (see the module docstring); a spec with a part too many
    (``square:3x4x5``, ``triangle:7:2``) or a board beyond 10,000 faces is refused."""
    spec = str(spec).strip()
    if spec.endswith(".json") or os.path.exists(spec):
        return Tessellation.from_json(spec)
    parts = spec.split(":")
    kind = parts[0].lower()
    if kind in ("triangle", "hexagon", "square") and len(parts) > 2:
        raise BoardError(f"board {spec!r} has {len(parts) - 1} parts after {kind}:, expected one; {SPEC_HELP}")
    if kind == "triangle":
        return tilings.triangle(_int(parts[1], "the side", spec) if len(parts) > 1 else 7)
    if kind == "hexagon":
        return tilings.hexagon(_int(parts[1], "the radius", spec) if len(parts) > 1 else 2)
    if kind == "square":
        if len(parts) < 2:
            return tilings.square(5, 5)
        wh = parts[1].lower().split("x")
        if len(wh) > 2:
            raise BoardError(f"board {spec!r}: a square board is WxH (two sizes), got {len(wh)} sizes")
        if len(wh) == 1:
            return tilings.square(_int(wh[0], "the width", spec))
        return tilings.square(_int(wh[0], "the width", spec), _int(wh[1], "the height", spec))
    if kind == "archimedean":
        parts = parts[1:]
    if not parts or not parts[0]:
        raise BoardError(f"board {spec!r} not understood; expected {SPEC_HELP}")
    if len(parts) > 2:
        raise BoardError(f"board {spec!r} has {len(parts)} parts, expected TILING:FACES; {SPEC_HELP}")
    faces = _int(parts[1], "the face count", spec) if len(parts) > 1 else tilings.DEFAULT_FACES
    if faces > MAX_FACES:
        raise BoardError(f"board {spec!r} has {faces} faces; a board has at most {MAX_FACES} ({FACES_WHY})")
    try:
        return tilings.archimedean(parts[0], faces=faces)
    except BoardError as exc:
        raise BoardError(f"board {spec!r} not understood ({exc}); expected {SPEC_HELP}") from None
