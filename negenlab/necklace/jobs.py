"""A proof that survives being stopped: a job-level proof-number tree over capped df-pn jobs.

A capped df-pn search keeps its progress in its table's unsettled numbers, which are too many to keep
(:mod:`negenlab.necklace.proved` measures that settled positions alone do not resume it). Here the
progress lives in a small tree instead, as job-level proof-number search does (Wu et al., Connect6):
its leaves are positions, each either settled by a df-pn *job* capped at ``job_nodes`` nodes, or
still open; a job that reaches its cap *expands* its leaf, whose children (by the rules,
:class:`~negenlab.necklace.game.State`) become leaves. Proof and disproof numbers over the tree (a leaf
open counts 1, a settled one 0 or infinity; the colour asked wins at an OR node through one child and
at an AND node through all) pick the next leaf, the most proving one, as df-pn picks a child. Every
job's settled positions also go to a store that later jobs preload (:func:`~negenlab.necklace.proved.preload`).

The tree is a table (:attr:`JobTree.table`: position, status, nodes) that a run writes after each job,
so a stopped run resumes where it was, on any machine. The answer is a search's, not a certificate:
``negenlab necklace verify`` checks a proof with the rules alone.

>>> from negenlab.necklace.game import State
>>> state = State.initial(4, swap=False); state.play((1, 1))
>>> tree = JobTree(state, "red", job_nodes=300, tt_bits=14)
>>> tree.run(max_jobs=500), tree.jobs > 1     # 300-node jobs, where one search needs thousands
(True, True)
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from negenlab.core.errors import StoreCorruptError
from negenlab.core.files import write_atomic

from ._solver_kernels import INF
from .game import State
from .proved import COLOURS, empty_proved, harvest, merge_proved, preload
from .solver import ProofSearch
from .verify import position_key

STATUSES = ("open", "expanded", "win", "loss")
"""A tree node: a leaf not yet settled, a leaf whose job reached its cap (its children are leaves now),
or settled: the colour asked wins there, or does not."""
TABLE_COLUMNS = ("position", "status", "nodes")


class JobTree:
    """The job-level proof tree of "does ``target`` win from ``state``?" (see the module's text)."""

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
        self.root, self.target, self.colour = state.copy(), target, COLOURS[target]
        self.n = state.n
        self.job_nodes, self.tt_bits, self.engine = int(job_nodes), int(tt_bits), int(engine)
        self.status: dict[str, str] = {}
        self.nodes: dict[str, int] = {}
        if table is not None:
            for position, status, nodes in zip(table["position"], table["status"], table["nodes"], strict=True):
                if status not in STATUSES:
                    raise ValueError(f"a job tree's status is one of {', '.join(STATUSES)}, got {status!r}")
                self.status[position], self.nodes[position] = status, int(nodes)
        self.store = store if store is not None else empty_proved()
        self.jobs = 0
        self.searched = sum(self.nodes.values())

    @property
    def table(self) -> pd.DataFrame:
        """The tree as a table (:data:`TABLE_COLUMNS`), one row a node met."""
        keys = sorted(self.status)
        return pd.DataFrame(
            {"position": keys, "status": [self.status[k] for k in keys], "nodes": [self.nodes[k] for k in keys]}
        )

    def answer(self, memo: dict[str, tuple[int, int]] | None = None) -> bool | None:
        """True or False once the root is settled, else None (``memo``: the numbers met, kept)."""
        pn, dn = self._numbers(self.root, {} if memo is None else memo)
        return True if pn == 0 else False if dn == 0 else None

    def _children(self, state: State) -> list[State]:
        kids = []
        for move in state.legal_moves():
            child = state.copy()
            child.play(move)
            kids.append(child)
        return kids

    def _numbers(self, state: State, memo: dict[str, tuple[int, int]]) -> tuple[int, int]:
        """(proof number, disproof number) of "target wins" at ``state`` over the tree."""
        if state.is_over:
            return (0, INF) if state.winner == self.target else (INF, 0)
        key = position_key(state)
        if key in memo:
            return memo[key]
        status = self.status.get(key, "open")
        if status == "win":
            result = (0, INF)
        elif status == "loss":
            result = (INF, 0)
        elif status == "open":
            result = (1, 1)
        else:
            numbers = [self._numbers(child, memo) for child in self._children(state)]
            pns, dns = [p for p, _ in numbers], [d for _, d in numbers]
            if state.to_move == self.colour:
                result = (min(pns), min(sum(dns), INF))
            else:
                result = (min(sum(pns), INF), min(dns))
        memo[key] = result
        return result

    def _most_proving(self, memo: dict[str, tuple[int, int]]) -> State:
        state = self.root
        while self.status.get(position_key(state), "open") == "expanded":
            kids = self._children(state)
            numbers = [self._numbers(child, memo) for child in kids]
            if state.to_move == self.colour:
                state = kids[min(range(len(kids)), key=lambda i: numbers[i][0])]
            else:
                state = kids[min(range(len(kids)), key=lambda i: numbers[i][1])]
        return state

    def counts(self) -> dict[str, int]:
        """The tree's nodes: ``open`` leaves (positions below the root through expanded nodes that no job
        has reached, the root itself before the first job; game-over positions are not nodes),
        ``expanded`` and ``settled`` (a job proved or disproved it). Every job leaves one position
        expanded or settled, so expanded + settled is the number of jobs the tree has run.

        >>> state = State.initial(3, swap=False); state.play((0, 0))
        >>> JobTree(state, "red", job_nodes=10).counts()
        {'open': 1, 'expanded': 0, 'settled': 0}
        """
        leaves: set[str] = set()
        walked: set[str] = set()
        stack = [self.root]
        while stack:
            state = stack.pop()
            key = position_key(state)
            if state.is_over or key in walked:
                continue
            status = self.status.get(key, "open")
            if status == "open":
                leaves.add(key)
            elif status == "expanded":
                walked.add(key)
                stack.extend(self._children(state))
        statuses = list(self.status.values())
        return {
            "open": len(leaves),
            "expanded": statuses.count("expanded"),
            "settled": statuses.count("win") + statuses.count("loss"),
        }

    def run(
        self,
        max_jobs: int | None = None,
        after_job: Callable[[JobTree], None] | None = None,
        may_start: Callable[[], bool] = lambda: True,
    ) -> bool | None:
        """Run jobs until the root is settled (its answer), ``max_jobs`` have run (None: no limit) or
        ``may_start()`` is false before a job; ``after_job`` hears of each, to write the tree and the store."""
        memo: dict[str, tuple[int, int]] = {}  # the tree's numbers, found once a job
        while (answer := self.answer(memo)) is None and (max_jobs is None or self.jobs < max_jobs) and may_start():
            leaf = self._most_proving(memo)
            key = position_key(leaf)
            search = ProofSearch(self.n, tt_bits=self.tt_bits, node_cap=self.job_nodes, engine=self.engine)
            preload(search, self.store)
            try:
                self.status[key] = "win" if search.wins(leaf.board, leaf.to_move, self.colour) else "loss"
            except RuntimeError:
                if not search.counters[3]:
                    raise
                self.status[key] = "expanded"
                found = harvest(search, leaf, self.target, depth=self.n * self.n, min_work=self.job_nodes // 100)
                self.store = merge_proved(self.store, found[found["depth"] > 0])
            self.nodes[key] = self.nodes.get(key, 0) + search.nodes
            self.searched += search.nodes
            self.jobs += 1
            memo.clear()
            if after_job is not None:
                after_job(self)
        return answer


def empty_tree() -> pd.DataFrame:
    """A job tree with no rows (:data:`TABLE_COLUMNS`): no job has run."""
    return pd.DataFrame(
        {"position": pd.Series(dtype=str), "status": pd.Series(dtype=str), "nodes": pd.Series(dtype="int64")}
    )


def read_tree(path: str | Path, n: int, root: str | None = None) -> pd.DataFrame:
    """The job tree at ``path`` (Parquet, :attr:`JobTree.table`) of an ``n`` x ``n`` board, checked: its
    columns, every position a key of ``n * n`` points and once, every status one of :data:`STATUSES`,
    every node count a whole number >= 0, and (given the ``root``'s key) the root among its rows once
    any job has run, as the first job is the root's. A missing file is a tree no job has touched; any
    damage is a :class:`~negenlab.core.errors.StoreCorruptError` (a ValueError) naming the file and the rule."""
    path = Path(path)
    if not path.exists():
        return empty_tree()
    if not path.is_file():
        raise StoreCorruptError(f"{path}: not a file; a job tree is one Parquet file")
    try:
        table = pd.read_parquet(path)
    except Exception as exc:  # pyarrow raises several kinds on a damaged file
        first = (str(exc).splitlines() or [type(exc).__name__])[0]
        raise StoreCorruptError(f"{path}: not a readable Parquet table of a job tree ({first})") from None
    if tuple(table.columns) != TABLE_COLUMNS:
        raise StoreCorruptError(f"{path}: the columns are {list(table.columns)}, expected {list(TABLE_COLUMNS)}")
    bad = ~table["position"].astype(str).str.match(rf"^[RB][.RB]{{{n * n}}}$")
    if bad.any():
        raise StoreCorruptError(f"{path}: {table['position'][bad].iloc[0]!r} is not a {n}x{n} position key")
    bad = ~table["status"].isin(STATUSES)
    if bad.any():
        raise StoreCorruptError(
            f"{path}: the status {table['status'][bad].iloc[0]!r} is not one of {', '.join(STATUSES)}"
        )
    if not pd.api.types.is_integer_dtype(table["nodes"]):
        raise StoreCorruptError(f"{path}: the nodes column holds {table['nodes'].dtype} values, expected whole numbers")
    bad = table["nodes"] < 0
    if bad.any():
        row = table[bad].iloc[0]
        raise StoreCorruptError(f"{path}: the position {row['position']} has {row['nodes']} nodes; a count is >= 0")
    twice = table["position"].duplicated()
    if twice.any():
        raise StoreCorruptError(f"{path}: the position {table['position'][twice].iloc[0]} is listed more than once")
    if root is not None and len(table) and root not in set(table["position"]):
        raise StoreCorruptError(
            f"{path}: the tree has {len(table)} rows but not its root {root} (another opening's tree?)"
        )
    return table.astype({"position": str, "status": str, "nodes": "int64"}).reset_index(drop=True)


def write_tree(table: pd.DataFrame, path: str | Path) -> None:
    """Write the job tree's table (Parquet, replaced whole and atomically)."""
    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False)
    write_atomic(path, buffer.getvalue())


__all__ = ["STATUSES", "TABLE_COLUMNS", "JobTree", "empty_tree", "read_tree", "write_tree"]
