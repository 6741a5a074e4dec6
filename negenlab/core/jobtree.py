"""A proof that survives being stopped: a job-level proof-number tree over capped searches.

A capped exact search keeps its progress in its table, which is too large to keep between sessions and
is lost when the search is stopped. Here the progress lives in a small tree instead, as job-level
proof-number search does (Wu et al., Connect6): its leaves are positions, each either settled by a
*job* (an exact search capped at ``job_nodes`` positions) or still open; a job that reaches its cap
*expands* its leaf, whose children (by the rules) become leaves. Proof and disproof numbers over the
tree (an open leaf counts 1, a settled one 0 or infinity; the target wins at an OR node through one
child and at an AND node through all) pick the next leaf, the most proving one, as df-pn picks a child.

The tree is a table (:attr:`JobTree.table`: position, status, nodes) that a run writes after each job
(:func:`write_tree`), so a stopped run resumes where it was, on any machine. A game gives the tree its
rules by subclassing :class:`JobTree` (:meth:`~JobTree.key`, :meth:`~JobTree.children`,
:meth:`~JobTree.target_moves`, :meth:`~JobTree.job` and, where positions can end the game without a
job, :meth:`~JobTree.ends`).

>>> class Nim(JobTree):                       # take 1 or 2 from a pile; who takes the last wins
...     def key(self, p): return f"{p[0]}{p[1]}"
...     def children(self, p): return [(p[0] - k, 1 - p[1]) for k in (1, 2) if k <= p[0]]
...     def ends(self, p): return p[1] == 1 if p[0] == 0 else None   # the player who just took won
...     def target_moves(self, p): return p[1] == 0
...     def job(self, p): return (p[0] % 3 != 0) == (p[1] == 0) if p[0] <= 2 else None, 1
>>> tree = Nim((7, 0), job_nodes=1)
>>> tree.run(), tree.jobs > 1                  # 7 is not a multiple of 3: the player to move wins
(True, True)
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, Generic, TypeVar

import pandas as pd

from .errors import StoreCorruptError
from .files import write_atomic

INF = 2**31 - 1
"""The proof or disproof number of a settled position."""
STATUSES = ("open", "expanded", "win", "loss")
"""A tree node: a leaf not yet settled, a leaf whose job reached its cap (its children are leaves now),
or settled: the target wins there, or does not."""
TABLE_COLUMNS = ("position", "status", "nodes")

P = TypeVar("P")


class JobTree(Generic[P]):
    """The job-level proof tree of "does the target win from ``root``?" (see the module's text).

    ``table``: a tree a run wrote (:attr:`table`), to resume it. Subclasses give the rules."""

    def __init__(self, root: P, job_nodes: int, table: pd.DataFrame | None = None):
        if int(job_nodes) < 1:
            raise ValueError(f"job_nodes is the positions a job may search, at least 1; got {job_nodes!r}")
        self.root = root
        self.job_nodes = int(job_nodes)
        self.status: dict[str, str] = {}
        self.nodes: dict[str, int] = {}
        if table is not None:
            for position, status, nodes in zip(table["position"], table["status"], table["nodes"], strict=True):
                if status not in STATUSES:
                    raise ValueError(f"a job tree's status is one of {', '.join(STATUSES)}, got {status!r}")
                self.status[position], self.nodes[position] = status, int(nodes)
        self.jobs = 0
        self.searched = sum(self.nodes.values())

    # ---- the rules, given by a subclass
    def key(self, position: P) -> str:
        """The position's name in the table (equal for positions the rules treat alike)."""
        raise NotImplementedError

    def children(self, position: P) -> list[P]:
        """The positions one move (or turn) leads to from a position no job settled."""
        raise NotImplementedError

    def ends(self, position: P) -> bool | None:
        """Whether the target has won a finished game (None: the game goes on); by default no position
        is known to end without a job."""
        return None

    def target_moves(self, position: P) -> bool:
        """Whether the target chooses the move here (an OR node) rather than the other side (AND)."""
        raise NotImplementedError

    def job(self, position: P) -> tuple[bool | None, int]:
        """One capped search of ``position``: (True if the target wins, False if not, None if the cap
        of :attr:`job_nodes` stopped it), and the positions it searched."""
        raise NotImplementedError

    # ---- the tree
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

    def _numbers(self, position: P, memo: dict[str, tuple[int, int]]) -> tuple[int, int]:
        """(proof number, disproof number) of "the target wins" at ``position`` over the tree."""
        over = self.ends(position)
        if over is not None:
            return (0, INF) if over else (INF, 0)
        key = self.key(position)
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
            numbers = [self._numbers(child, memo) for child in self.children(position)]
            pns, dns = [p for p, _ in numbers], [d for _, d in numbers]
            if self.target_moves(position):
                result = (min(pns), min(sum(dns), INF))
            else:
                result = (min(sum(pns), INF), min(dns))
        memo[key] = result
        return result

    def most_proving(self, memo: dict[str, tuple[int, int]]) -> P:
        """The open leaf the next job settles: down from the root, the child of least proof number
        where the target moves, of least disproof number where the other side does."""
        position = self.root
        while self.status.get(self.key(position), "open") == "expanded":
            kids = self.children(position)
            numbers = [self._numbers(child, memo) for child in kids]
            side = 0 if self.target_moves(position) else 1
            position = kids[min(range(len(kids)), key=lambda i: numbers[i][side])]
        return position

    def counts(self) -> dict[str, int]:
        """The tree's nodes: ``open`` leaves (positions below the root through expanded nodes that no job
        has reached, the root itself before the first job; finished games are not nodes),
        ``expanded`` and ``settled`` (a job proved or disproved it). Every job leaves one position
        expanded or settled, so expanded + settled is the number of jobs the tree has run."""
        leaves: set[str] = set()
        walked: set[str] = set()
        stack = [self.root]
        while stack:
            position = stack.pop()
            if self.ends(position) is not None:
                continue
            key = self.key(position)
            if key in walked:
                continue
            status = self.status.get(key, "open")
            if status == "open":
                leaves.add(key)
            elif status == "expanded":
                walked.add(key)
                stack.extend(self.children(position))
        statuses = list(self.status.values())
        return {
            "open": len(leaves),
            "expanded": statuses.count("expanded"),
            "settled": statuses.count("win") + statuses.count("loss"),
        }

    def run(
        self,
        max_jobs: int | None = None,
        after_job: Callable[[Any], None] | None = None,
        may_start: Callable[[], bool] = lambda: True,
    ) -> bool | None:
        """Run jobs until the root is settled (its answer), ``max_jobs`` have run (None: no limit) or
        ``may_start()`` is false before a job; ``after_job`` hears of each (the tree), to write it."""
        memo: dict[str, tuple[int, int]] = {}  # the tree's numbers, found once a job
        while (answer := self.answer(memo)) is None and (max_jobs is None or self.jobs < max_jobs) and may_start():
            leaf = self.most_proving(memo)
            key = self.key(leaf)
            settled, searched = self.job(leaf)
            self.status[key] = "expanded" if settled is None else "win" if settled else "loss"
            self.nodes[key] = self.nodes.get(key, 0) + int(searched)
            self.searched += int(searched)
            self.jobs += 1
            memo.clear()
            if after_job is not None:
                after_job(self)
        return answer


def empty_tree() -> pd.DataFrame:
    """A job tree with no rows (:data:`TABLE_COLUMNS`): no job has run.

    >>> list(empty_tree().columns), len(empty_tree())
    (['position', 'status', 'nodes'], 0)
    """
    return pd.DataFrame(
        {"position": pd.Series(dtype=str), "status": pd.Series(dtype=str), "nodes": pd.Series(dtype="int64")}
    )


def read_tree(path: str | Path, key_pattern: str, what: str, root: Hashable | None = None) -> pd.DataFrame:
    """The job tree at ``path`` (Parquet, :attr:`JobTree.table`), checked: its columns, every position
    matching ``key_pattern`` (a regular expression; ``what`` names such a key in the error) and listed
    once, every status one of :data:`STATUSES`, every node count a whole number >= 0, and (given the
    ``root``'s key) the root among its rows once any job has run, as the first job is the root's. A
    missing file is a tree no job has touched; any damage is a
    :class:`~negenlab.core.errors.StoreCorruptError` (a ValueError) naming the file and the rule.

    >>> len(read_tree("no/such/tree.parquet", "^[0-9]+$", "a number"))
    0
    """
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
    pattern = re.compile(key_pattern)
    bad = ~table["position"].astype(str).map(lambda k: bool(pattern.match(k)))
    if bad.any():
        raise StoreCorruptError(f"{path}: {table['position'][bad].iloc[0]!r} is not {what}")
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
    """Write the job tree's table (Parquet, replaced whole and atomically; its folder made if need be)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False)
    write_atomic(path, buffer.getvalue())


__all__ = ["INF", "STATUSES", "TABLE_COLUMNS", "JobTree", "empty_tree", "read_tree", "write_tree"]
