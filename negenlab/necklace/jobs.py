"""Necklace's proof that survives being stopped: the job-level proof tree of
:mod:`negenlab.core.jobtree` over capped df-pn jobs.

A capped df-pn search keeps its progress in its table's unsettled numbers, which are too many to keep
(:mod:`negenlab.necklace.proved` measures that settled positions alone do not resume it), so the
progress lives in a small tree of positions (:class:`~negenlab.necklace.game.State`), each settled by
a df-pn *job* capped at ``job_nodes`` nodes or expanded into its children when the cap stops it. Every
job's settled positions also go to a store that later jobs preload (:func:`~negenlab.necklace.proved.preload`).
The answer is a search's, not a certificate: ``negenlab necklace verify`` checks a proof with the rules alone.

>>> from negenlab.necklace.game import State
>>> state = State.initial(4, swap=False); state.play((1, 1))
>>> tree = JobTree(state, "red", job_nodes=300, tt_bits=14)
>>> tree.run(max_jobs=500), tree.jobs > 1     # 300-node jobs, where one search needs thousands
(True, True)
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from negenlab.core import jobtree
from negenlab.core.jobtree import STATUSES, TABLE_COLUMNS, empty_tree, write_tree

from .game import State
from .proved import COLOURS, empty_proved, harvest, merge_proved, preload
from .solver import ProofSearch
from .verify import position_key


class JobTree(jobtree.JobTree[State]):
    """The job-level proof tree of "does ``target`` win from ``state``?" (see the module's text), whose
    jobs are df-pn searches with connection engine level ``engine`` in a table of 2**``tt_bits`` entries;
    ``store``: settled positions earlier jobs harvested, preloaded into every job."""

    def __init__(
        self,
        state: State,
        target: str,
        job_nodes: int,
        tt_bits: int = 22,
        engine: int = 0,
        table: pd.DataFrame | None = None,
        store: pd.DataFrame | None = None,
    ):
        if target not in COLOURS:
            raise ValueError(f"target must be 'red' or 'blue', got {target!r}")
        super().__init__(state.copy(), job_nodes, table)
        self.target, self.colour = target, COLOURS[target]
        self.n = state.n
        self.tt_bits, self.engine = int(tt_bits), int(engine)
        self.store = store if store is not None else empty_proved()

    def key(self, state: State) -> str:
        return position_key(state)

    def children(self, state: State) -> list[State]:
        kids = []
        for move in state.legal_moves():
            child = state.copy()
            child.play(move)
            kids.append(child)
        return kids

    def ends(self, state: State) -> bool | None:
        return state.winner == self.target if state.is_over else None

    def target_moves(self, state: State) -> bool:
        return state.to_move == self.colour

    def job(self, leaf: State) -> tuple[bool | None, int]:
        """One df-pn search of ``leaf``; at its cap, what it settled on the way goes to the store."""
        search = ProofSearch(self.n, tt_bits=self.tt_bits, node_cap=self.job_nodes, engine=self.engine)
        preload(search, self.store)
        try:
            return search.wins(leaf.board, leaf.to_move, self.colour), search.nodes
        except RuntimeError:
            if not search.counters[3]:
                raise
        found = harvest(search, leaf, self.target, depth=self.n * self.n, min_work=self.job_nodes // 100)
        self.store = merge_proved(self.store, found[found["depth"] > 0])
        return None, search.nodes


def read_tree(path: str | Path, n: int, root: str | None = None) -> pd.DataFrame:
    """The job tree at ``path`` (Parquet, :attr:`JobTree.table`) of an ``n`` x ``n`` board, checked as
    :func:`negenlab.core.jobtree.read_tree` checks it, every position a key of ``n * n`` points."""
    return jobtree.read_tree(path, rf"^[RB][.RB]{{{n * n}}}$", f"a {n}x{n} position key", root)


__all__ = ["STATUSES", "TABLE_COLUMNS", "JobTree", "empty_tree", "read_tree", "write_tree"]
