"""FEN (rules by Phil Leduc, 2024), implemented for rules analysis.

Boards of any shape (:class:`Tessellation`, :mod:`negenlab.fen.tilings`), the per-turn counts
n/e derived from a board (:func:`derive_ne`), and the game engine (:class:`Fen`) on
negenlab's core protocol. The designer's rules text is not reproduced here.

>>> from negenlab.fen import Fen, derive_ne, tilings
>>> board = tilings.triangle(7)
>>> r = derive_ne(board)
>>> r.n, r.e
(1, 3)
"""
from . import tilings
from .engine import Fen, FenState
from .ne import NEReading, NEResult, derive_ne
from .rules import Rules
from .tessellation import BoardError, BoardWarning, Tessellation

__all__ = ["Tessellation", "BoardError", "BoardWarning", "tilings", "derive_ne", "NEResult", "NEReading",
           "Fen", "FenState", "Rules"]
