"""A store of proved positions: what a stopped proof search had settled, kept so that the next attempt
resumes from it, on any machine (the 6x6 attack, :func:`negenlab.necklace.study.proof_attack_study`).

A df-pn search that reaches its node cap leaves its transposition table full of settled questions
("does ``target`` win here?" answered yes, ``pn == 0``, or no, ``dn == 0``). :func:`harvest` walks the
positions within a few moves of the attempt's root, with the rules (:class:`~negenlab.necklace.game.State`),
and keeps those the table settled; it does not walk below a settled one (but for the root, which a
search expands whatever its table says). Each is a row of a small
table: the position as a text key (:func:`negenlab.necklace.verify.position_key`, the colour to move then the board), the
target, whether it wins, and its depth. :func:`preload` writes the rows into a fresh search's table
as entries that are never replaced, so the next attempt finds those subtrees proved at once. The rows
are positions, not hashes: they mean the same to a search with another table size, key scheme or
machine. What they claim is never trusted for a result on its own: a class is solved when the search
proves its root, and a certificate (``negenlab necklace verify``) checks that proof with the rules alone.

>>> import numpy as np
>>> from negenlab.necklace.solver import ProofSearch
>>> state = State.initial(3, swap=False); state.play((1, 1))
>>> search = ProofSearch(3, tt_bits=12)
>>> search.wins(state.board, state.to_move, RED)
True
>>> rows = harvest(search, state, "red", depth=1)
>>> row = rows.iloc[0]  # the root, then Blue's replies as the table keeps them (up to symmetry)
>>> row.position, row.target, bool(row.wins), int(row.depth), len(rows)
('B....R....', 'red', True, 0, 4)
>>> fresh = ProofSearch(3, tt_bits=12)  # resumed: every reply is refuted already
>>> preload(fresh, rows), fresh.wins(state.board, state.to_move, RED), fresh.nodes
(4, True, 1)
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd

from negenlab.core.errors import StoreCorruptError
from negenlab.core.files import write_atomic

from . import _proved_kernels as PK
from ._kernels import BLUE, RED
from ._solver_kernels import INF, _pn_store, _tt_key
from .game import State
from .solver import ProofSearch

COLUMNS = ("opening", "target", "position", "wins", "depth")
"""The store's columns: the opening class (``"r,c"``), the colour whose win is asked, the position
(:func:`negenlab.necklace.verify.position_key`), whether that colour wins, and the moves from the opening to the position."""
PINNED = 1 << 60
"""The effort a preloaded entry records: the table's ``work`` replacement gives up the least effort in
a bucket, so a preloaded proof is never given up for a searched one."""
SYMBOLS = ".RB"
COLOURS = {"red": RED, "blue": BLUE}


def board_key(board: np.ndarray, to_move: int) -> str:
    """:func:`negenlab.necklace.verify.position_key` of a bare board (as the compiled walk hands them
    back) with ``to_move`` to move: ``R`` or ``B``, then the board row by row in ``.``, ``R``, ``B``.

    >>> board_key(np.array([1, 0, 0, 2], dtype=np.int8), BLUE)
    'BR..B'
    """
    return ("R" if to_move == RED else "B") + "".join(SYMBOLS[int(c)] for c in board)


def _board(key: str) -> tuple[np.ndarray, int]:
    return np.array([SYMBOLS.index(ch) for ch in key[1:]], dtype=np.int8), RED if key[0] == "R" else BLUE


def harvest(
    search: ProofSearch,
    state: State,
    target: str,
    depth: int,
    opening: str = "",
    min_work: int = 0,
    rows: int | None = None,
    visited_bits: int | None = None,
) -> pd.DataFrame:
    """The positions within ``depth`` moves of ``state`` whose question "does ``target`` win?" the
    ``search``'s table has settled (df-pn) at a cost of at least ``min_work`` nodes, one row each
    (:data:`COLUMNS`; ``opening`` names the class). The walk (compiled,
    :func:`negenlab.necklace._proved_kernels.harvest_walk`) follows the search's own tree with the
    rules' move generator: it goes below a position only while the table holds it unsettled (the root
    always), so it finds where the search was, however deep; a cheap proof is left to be found again.
    At most ``rows`` rows and ``2**visited_bits / 2`` positions (by default what the table can hold,
    up to 2**20 rows and 2**22 positions): ``attrs["complete"]`` is False when the walk ran out of room
    (what it kept is still sound)."""
    if search.method != "dfpn":
        raise ValueError("only df-pn's table records settled questions to harvest")
    N = search.n * search.n
    board = np.ascontiguousarray(state.board, dtype=np.int8).copy()
    table_bits = int(len(search.tt_keys)).bit_length() - 1
    rows = min(1 << table_bits, 1 << 20) if rows is None else rows
    visited_bits = min(table_bits + 1, 23) if visited_bits is None else visited_bits
    visited = np.zeros(1 << visited_bits, dtype=np.uint64)
    out_boards = np.zeros((rows, N), dtype=np.int8)
    out_info = np.zeros((rows, 3), dtype=np.int64)
    counters = np.zeros(3, dtype=np.int64)
    order, movebuf, art, disc, low, parent, nxt, stack = search.work[:8]
    PK.harvest_walk(
        board, search.n, int(state.to_move), COLOURS[target], 0, int(depth), search._hashes(board), search.zs,
        search.tt_keys, search.tt_pn, search.tt_dn, search.tt_work, int(min_work),
        order, movebuf, art, disc, low, parent, nxt, stack, visited, out_boards, out_info, counters,
    )  # fmt: skip
    k = int(counters[0])
    table = pd.DataFrame(
        {
            "opening": [opening] * k,
            "target": [target] * k,
            "position": [board_key(out_boards[i], int(out_info[i, 0])) for i in range(k)],
            "wins": out_info[:k, 1].astype(bool),
            "depth": out_info[:k, 2].astype("int64"),
        }
    )
    table.attrs["complete"] = counters[2] != PK.FULL
    return table


def preload(search: ProofSearch, rows: pd.DataFrame) -> int:
    """Write the store's ``rows`` into ``search``'s table as settled entries that are never replaced
    (:data:`PINNED`); return how many were written."""
    if search.method != "dfpn":
        raise ValueError("only df-pn's table takes preloaded proofs")
    policy = int(search.counters[8])
    for position, target, wins in zip(rows["position"], rows["target"], rows["wins"], strict=True):
        board, to_move = _board(position)
        key = np.uint64(_tt_key(search._hashes(board), to_move, COLOURS[target]))
        pn, dn = (0, INF) if wins else (INF, 0)
        _pn_store(search.tt_keys, search.tt_pn, search.tt_dn, search.tt_work, key, pn, dn, PINNED, policy)
    return len(rows)


def empty_proved() -> pd.DataFrame:
    """A store with no rows (:data:`COLUMNS`)."""
    return pd.DataFrame({c: pd.Series(dtype=t) for c, t in zip(COLUMNS, (str, str, str, bool, "int64"), strict=True)})


def read_proved(path: str | Path, n: int) -> pd.DataFrame:
    """The store at ``path`` (Parquet) for ``n`` x ``n`` boards, checked: its columns, every position a
    key of ``n * n`` points, each (target, position) once. A missing file is an empty store; any damage
    is a :class:`~negenlab.core.errors.StoreCorruptError` naming the file and the rule."""
    path = Path(path)
    if not path.exists():
        return empty_proved()
    if not path.is_file():
        raise StoreCorruptError(f"{path}: not a file; a store of proved positions is one Parquet file")
    try:
        table = pd.read_parquet(path)
    except Exception as exc:  # pyarrow raises several kinds on a damaged file
        raise StoreCorruptError(f"{path}: not a readable Parquet table of proved positions ({exc})") from None
    if tuple(table.columns) != COLUMNS:
        raise StoreCorruptError(f"{path}: the columns are {list(table.columns)}, expected {list(COLUMNS)}")
    pattern = rf"^[RB][.RB]{{{n * n}}}$"
    bad = ~table["position"].astype(str).str.match(pattern) | ~table["target"].isin(list(COLOURS))
    if bad.any():
        row = table[bad].iloc[0]
        raise StoreCorruptError(
            f"{path}: the row ({row['target']!r}, {row['position']!r}) is not a {n}x{n} position key and a colour"
        )
    twice = table.duplicated(["target", "position"], keep=False)
    if twice.any():
        row = table[twice].iloc[0]
        raise StoreCorruptError(
            f"{path}: the position {row['position']} for {row['target']} is listed more than once; each is kept once"
        )
    return table.astype({"wins": bool, "depth": "int64"}).reset_index(drop=True)


def merge_proved(store: pd.DataFrame, found: pd.DataFrame) -> pd.DataFrame:
    """``store`` with the rows of ``found`` that it lacks, in a stable order (class, target, depth,
    position). A position both hold with different answers is a contradiction: a bug, refused."""
    both = pd.concat([store, found], ignore_index=True)
    answers = both.groupby(["target", "position"])["wins"].nunique()
    if (answers > 1).any():
        target, position = answers[answers > 1].index[0]
        raise StoreCorruptError(f"the store and a new attempt disagree on whether {target} wins at {position}")
    merged = both.drop_duplicates(["target", "position"]).sort_values(["opening", "target", "depth", "position"])
    return merged.reset_index(drop=True)


def write_proved(table: pd.DataFrame, path: str | Path) -> None:
    """Write the store (Parquet, replaced whole and atomically)."""
    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False)
    write_atomic(path, buffer.getvalue())


__all__ = [
    "COLUMNS",
    "board_key",
    "empty_proved",
    "harvest",
    "merge_proved",
    "preload",
    "read_proved",
    "write_proved",
]
