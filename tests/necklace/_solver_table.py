"""A question put to a df-pn table in plain Python (the test's own reading of its layout: buckets of
four entries at ``key & (size - 1)`` with the low two bits cleared), to check compiled walks against."""

from __future__ import annotations

import numpy as np

from negenlab.necklace._solver_kernels import _tt_key
from negenlab.necklace.solver import ProofSearch

WAYS = 4


def settled_entry(search: ProofSearch, board: np.ndarray, to_move: int, target: int) -> tuple[bool | None, int]:
    """The table's answer to "does ``target`` win?" at a position (True, False, or None: unsettled or
    absent) and the nodes it recorded for it (-1: absent)."""
    key = np.uint64(_tt_key(search._hashes(np.ascontiguousarray(board, dtype=np.int8)), to_move, target))
    base = int(key & np.uint64(len(search.tt_keys) - 1)) & ~(WAYS - 1)
    for slot in range(base, base + WAYS):
        if search.tt_keys[slot] == key:
            pn, dn = int(search.tt_pn[slot]), int(search.tt_dn[slot])
            return (True if pn == 0 else False if dn == 0 else None), int(search.tt_work[slot])
    return None, -1
