"""FEN's proof that survives being stopped: the job-level proof tree of :mod:`negenlab.core.jobtree`
over capped searches of the exact solver (:class:`~negenlab.fen.solver.Solver`).

One alpha-beta search of a 9-face board can run billions of positions and keeps nothing when it is
stopped. Here each job is a null-window search of one position capped at ``job_nodes`` positions; a job
the cap stops expands its position into the whole turns the solver plays from it
(:meth:`~negenlab.fen.solver.Solver.turn_masks`: every claim and capture, a pass where the player to
move has no action). The tree's positions are named by the solver's own exact table key, so positions
the rules treat alike (the board's symmetries, faces gone) are one node. The jobs share one solver, so a
session's table carries from job to job; the tree itself is what resumes in another session.

>>> from negenlab.fen import FenGame
>>> from negenlab.fen.solver import Solver
>>> tree = FenJobTree(Solver(FenGame("square:3x1"), tt_bits=16), target=0, job_nodes=200)
>>> tree.run(), tree.jobs > 1              # the first player wins square:3x1, in many 200-position jobs
(True, True)
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from negenlab.core import jobtree
from negenlab.core.errors import InvalidInputError

from . import _solver_kernels as K
from .solver import Solver

KEY_PATTERN = r"^[01][0-9a-f]{48}$"
"""A position's name: the colour to move (0: the first player), then the solver's three key words in hex."""


class Position(NamedTuple):
    """A position at the start of a turn, seen from the player to move: their nodes and edges (``me``),
    the other player's (``op``), the faces each captured (``fme``, ``fop``), and the colour to move
    (0: the first player, 1: the second)."""

    me: int
    op: int
    fme: int
    fop: int
    colour: int


START = Position(0, 0, 0, 0, 0)
"""The empty board, the first player to move."""


class FenJobTree(jobtree.JobTree[Position]):
    """The job-level proof tree of "does the player of colour ``target`` win from ``root``?" (the empty
    board by default), each job a search of ``solver`` of at most ``job_nodes`` positions."""

    def __init__(
        self,
        solver: Solver,
        target: int,
        job_nodes: int,
        table: pd.DataFrame | None = None,
        root: Position = START,
    ):
        if target not in (0, 1):
            raise InvalidInputError(f"target is the colour asked about, 0 (first player) or 1 (second), not {target!r}")
        super().__init__(Position(*(int(x) for x in root)), job_nodes, table)
        self.solver, self.target = solver, target

    def key(self, p: Position) -> str:
        u = np.uint64
        k0, k1, k2 = K.position_key(u(p.me), u(p.op), u(p.fme), u(p.fop), self.solver.board)
        return f"{p.colour}{int(k0):016x}{int(k1):016x}{int(k2):016x}"

    def children(self, p: Position) -> list[Position]:
        kids = [
            Position(p.op, p.me, p.fop, p.fme | faces, 1 - p.colour)
            if faces
            else Position(p.op, p.me | items, p.fop, p.fme, 1 - p.colour)
            for items, faces in self.solver.turn_masks(p.me, p.op, p.fme, p.fop)
        ]
        # no action: the other player moves on (a blocked board ends the game, which a job settles at once)
        return kids or [Position(p.op, p.me, p.fop, p.fme, 1 - p.colour)]

    def target_moves(self, p: Position) -> bool:
        return p.colour == self.target

    def job(self, p: Position) -> tuple[bool | None, int]:
        before = self.solver.nodes
        if p.colour == self.target:
            wins = self.solver.decides(p.me, p.op, p.fme, p.fop, 1, self.job_nodes)
        else:
            holds = self.solver.decides(p.me, p.op, p.fme, p.fop, 0, self.job_nodes)
            wins = None if holds is None else not holds
        return wins, self.solver.nodes - before


def read_tree(path: str | Path, root: str | None = None) -> pd.DataFrame:
    """The FEN job tree at ``path`` (Parquet, :attr:`FenJobTree.table`), checked as
    :func:`negenlab.core.jobtree.read_tree` checks it, every position a key of :data:`KEY_PATTERN`."""
    return jobtree.read_tree(path, KEY_PATTERN, "a FEN position key (colour, then 48 hex digits)", root)


__all__ = ["KEY_PATTERN", "START", "FenJobTree", "Position", "read_tree"]
