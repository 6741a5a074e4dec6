"""Where each face stands: both colours' progress toward capturing it, who can capture it next, and
faces named in words by where they are drawn.

A k-sided face is captured by covering it once your tiles sit on k of its 2k components (its k nodes
and k edges; rules page, "A turn"). A claim puts at most one tile on a face, so a face you hold k of
is yours to take on your next turn unless the opponent takes it first.
:func:`face_progress` reads the engine's running counts; the tests recount from the board.

>>> from negenlab.fen import FenGame, tilings
>>> s = FenGame(tilings.triangle(3)).new_initial_state()   # a claim: 1 node or 3 edges
>>> for kind, items in [("nodes", [9]), ("nodes", [0]), ("edges", [(7, 9), (0, 1), (2, 3)]),
...                     ("nodes", [3]), ("edges", [(8, 9), (0, 4), (3, 6)])]:
...     s.play_turn(kind, items)                 # red, blue, red, blue, red
>>> top = face_progress(s)[8]
>>> top.text(), top.capturable
('red 3/3, blue 0/3', (True, False))
>>> capturable_words(s, 0)
'red can capture 1 face next turn: the triangle in the top row'
>>> capturable_words(s, 1)
'blue can capture no face next turn'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from negenlab.core.errors import InvalidInputError

from .game import FenState
from .tessellation import Tessellation

COLOUR_NAMES = ("red", "blue")
SHAPE_NAMES = {3: "triangle", 5: "pentagon", 6: "hexagon", 7: "heptagon", 8: "octagon", 10: "decagon", 12: "dodecagon"}

__all__ = [
    "COLOUR_NAMES",
    "FaceProgress",
    "face_progress",
    "capturable_next",
    "capturable_words",
    "face_names",
    "faces_in_words",
]


@dataclass(frozen=True)
class FaceProgress:
    """One face: ``sides`` (k; a capture needs k tiles), ``held`` (red's and blue's tiles on its 2k
    components), ``owner`` (the colour that captured it, -1 none) and ``capturable`` (whether red /
    blue may capture it on their next turn: uncaptured and held by that colour at k or more)."""

    face: int
    sides: int
    held: tuple[int, int]
    owner: int
    capturable: tuple[bool, bool]

    def text(self) -> str:
        """``'red 2/3, blue 1/3'``, or ``'captured by blue'``."""
        if self.owner >= 0:
            return f"captured by {COLOUR_NAMES[self.owner]}"
        return ", ".join(f"{COLOUR_NAMES[c]} {self.held[c]}/{self.sides}" for c in (0, 1))


def _check_state(state) -> FenState:
    if not isinstance(state, FenState):
        raise InvalidInputError(f"expected a FEN position (FenState), got {type(state).__name__}")
    return state


def _check_colour(colour) -> int:
    if isinstance(colour, bool) or colour not in (0, 1):
        raise InvalidInputError(f"colour must be 0 (red) or 1 (blue), got {colour!r}")
    return int(colour)


def face_progress(state: FenState) -> list[FaceProgress]:
    """Every face of a FEN position, in face order.

    >>> from negenlab.fen import FenGame, tilings
    >>> face_progress(FenGame(tilings.square(3, 3)).new_initial_state())[4]
    FaceProgress(face=4, sides=4, held=(0, 0), owner=-1, capturable=(False, False))
    """
    b = _check_state(state).b
    out = []
    for f in range(b.F):
        k = b.need[f]
        owner = int(state.owner[b.FACE0 + f])
        held = (state.cnt[0][f], state.cnt[1][f])
        free = owner < 0
        out.append(FaceProgress(f, k, held, owner, (free and held[0] >= k, free and held[1] >= k)))
    return out


def capturable_next(state: FenState, colour: int) -> list[int]:
    """The faces ``colour`` (0 red, 1 blue) may capture on its next turn, in face order.

    >>> from negenlab.fen import FenGame, tilings
    >>> capturable_next(FenGame(tilings.triangle(3)).new_initial_state(), 2)
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: colour must be 0 (red) or 1 (blue), got 2
    """
    colour = _check_colour(colour)
    return [p.face for p in face_progress(state) if p.capturable[colour]]


def capturable_words(state: FenState, colour: int) -> str:
    """Which faces ``colour`` may capture on its next turn, said by where they are drawn
    (see :func:`face_names`); an example is in the module docstring."""
    faces = capturable_next(state, colour)
    name = COLOUR_NAMES[_check_colour(colour)]
    if not faces:
        return f"{name} can capture no face next turn"
    count = f"{len(faces)} face" + ("" if len(faces) == 1 else "s")
    return f"{name} can capture {count} next turn: {faces_in_words(state.game.tessellation, faces)}"


def _shape(points: np.ndarray) -> str:
    """'triangle', 'square', 'hexagon', ..., or 'four-sided face' / 'k-sided face'."""
    k = len(points)
    if k != 4:
        return SHAPE_NAMES.get(k, f"{k}-sided face")
    sides = np.linalg.norm(points - np.roll(points, -1, axis=0), axis=1)
    diagonals = np.linalg.norm(points[:2] - points[2:], axis=1)
    tol = 1e-6 * float(sides.max())
    square = np.ptp(sides) <= tol and abs(float(diagonals[0] - diagonals[1])) <= tol
    return "square" if square else "four-sided face"


def _ordinal(i: int) -> str:
    suffix = "th" if 10 <= i % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(i % 10, "th")
    return f"{i}{suffix}"


def face_names(t: Tessellation) -> list[str]:
    """A name for every face of the board ``t`` by where it is drawn, unique on the board: faces in
    rows from the top (by the middle of their height), counted from the left among faces of one shape.

    >>> from negenlab.fen import tilings
    >>> face_names(tilings.triangle(3))[-2:]
    ['the rightmost triangle in the middle row', 'the triangle in the top row']
    >>> face_names(tilings.square(3, 1))
    ['the leftmost square', 'the middle square', 'the rightmost square']
    """
    if not isinstance(t, Tessellation):
        raise InvalidInputError(f"expected a FEN board (Tessellation), got {type(t).__name__}")
    polygons = [t.coords[list(face)] for face in t.face_nodes]
    lo = np.array([p.min(axis=0) for p in polygons])
    hi = np.array([p.max(axis=0) for p in polygons])
    middle = (lo + hi) / 2
    edge_lengths = [float(np.linalg.norm(t.coords[a] - t.coords[b])) for a, b in t.edges]
    tol = 0.25 * float(np.median(edge_lengths))
    rows: list[list[int]] = []
    for f in sorted(range(t.num_faces), key=lambda f: -middle[f, 1]):  # top first (y points up)
        if rows and middle[rows[-1][-1], 1] - middle[f, 1] <= tol:
            rows[-1].append(f)
        else:
            rows.append([f])
    shapes = [_shape(p) for p in polygons]
    names = [""] * t.num_faces
    for r, row in enumerate(rows):
        if len(rows) == 1:
            where = ""
        elif r == 0:
            where = " in the top row"
        elif r == len(rows) - 1:
            where = " in the bottom row"
        elif len(rows) % 2 and r == len(rows) // 2:
            where = " in the middle row"
        else:
            where = f" in row {r + 1} from the top"
        for shape in dict.fromkeys(shapes[f] for f in row):
            alike = sorted((f for f in row if shapes[f] == shape), key=lambda f: middle[f, 0])
            m = len(alike)
            for i, f in enumerate(alike):
                if m == 1:
                    names[f] = f"the {shape}{where}"
                elif i == 0:
                    names[f] = f"the leftmost {shape}{where}"
                elif i == m - 1:
                    names[f] = f"the rightmost {shape}{where}"
                elif m % 2 and i == m // 2:
                    names[f] = f"the middle {shape}{where}"
                elif i < m // 2:
                    names[f] = f"the {_ordinal(i + 1)} {shape} from the left{where}"
                else:
                    names[f] = f"the {_ordinal(m - i)} {shape} from the right{where}"
    return names


def faces_in_words(t: Tessellation, faces) -> str:
    """The faces (numbers of the board ``t``) by :func:`face_names`, joined as 'A, B and C'.

    >>> from negenlab.fen import tilings
    >>> faces_in_words(tilings.square(3, 1), [2, 0, 1])
    'the rightmost square, the leftmost square and the middle square'
    """
    names = face_names(t)
    said = []
    for f in faces:
        if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not 0 <= f < t.num_faces:
            raise InvalidInputError(f"face {f!r} does not exist; faces are numbered 0..{t.num_faces - 1}")
        said.append(names[f])
    if len(said) <= 1:
        return "".join(said) or "no face"
    return ", ".join(said[:-1]) + " and " + said[-1]
