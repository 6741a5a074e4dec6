"""Necklace (Mark Steere and Luis Bolaños Mures, 2024): exact engine, compiled self-play,
small-board solutions, explorer and report.

>>> from negenlab.necklace import State, Necklace
>>> s = State.from_text("R..\\n...\\n...", to_move="blue")
>>> len(s.legal_moves())
8
"""
from negenlab.core.errors import IllegalMoveError

from .engine import GameState, InvalidPositionError, Necklace, State, secluded_points, SWAP
from .rules import Rules

__all__ = ["State", "Necklace", "GameState", "Rules", "IllegalMoveError", "InvalidPositionError",
           "secluded_points", "SWAP"]
