"""Where each face stands: both colours' progress toward capturing it, and who can capture it next.

A k-sided face is captured by covering it once your tiles sit on k of its 2k components (its k nodes
and k edges; rules page, "A turn"). A claim puts at most one tile on a face, so a face you hold k of
is yours to take on your next turn unless the opponent takes it first.
:func:`face_progress` reads the engine's counts; the tests recount from the board.

>>> from negenlab.fen import FenGame, tilings
>>> s = FenGame(tilings.triangle(3)).new_initial_state()
>>> s.apply(4)                                  # red claims node 4 (n = 1): one tile on its faces
>>> [p.text() for p in face_progress(s) if p.held[0]][:1]
['red 1/3, blue 0/3']
>>> capturable_next(s, 0)
[]
"""

from __future__ import annotations

from dataclasses import dataclass

COLOUR_NAMES = ("red", "blue")

__all__ = ["FaceProgress", "face_progress", "capturable_next", "COLOUR_NAMES"]


@dataclass(frozen=True)
class FaceProgress:
    """One face: ``sides`` (k; a capture needs k tiles), ``held`` (red's and blue's tiles on its 2k
    components), ``owner`` (the colour that captured it, -1 none) and ``capturable`` (whether red /
    blue may capture it on their next turn)."""

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


def face_progress(state) -> list[FaceProgress]:
    """Every face of a :class:`~negenlab.fen.game.FenState`, in face order."""
    b = state.b
    owner = state.owner
    out = []
    for f in range(b.F):
        held = [0, 0]
        for x in b.face_components[f]:
            if owner[x] >= 0:
                held[owner[x]] += 1
        out.append(
            FaceProgress(
                face=f,
                sides=b.need[f],
                held=(held[0], held[1]),
                owner=int(owner[b.FACE0 + f]),
                capturable=(f in state.elig[0], f in state.elig[1]),
            )
        )
    return out


def capturable_next(state, colour: int) -> list[int]:
    """The faces ``colour`` (0 red, 1 blue) may capture on its next turn, in face order."""
    return [p.face for p in face_progress(state) if p.capturable[colour]]
