"""Write Necklace proof certificates from the solver (:mod:`negenlab.necklace.verify` checks them).

For each opening (Red's first stone, no swap) the solver's value (Red and Blue asked in turn under a
growing node cap, :data:`FIRST_CAP`) is turned into a proof tree: at each position where the winner
is to move it keeps a move that connects at once, else the first move whose position the search's
table already proves, else the first, in the search's centre-first order, that the solver proves
still wins; at each position of the other colour it follows every legal move. Positions reached
twice are written once. The walk is compiled (:mod:`negenlab.necklace._certificate_kernels`) and
hands back to ``ProofSearch.wins`` for each question. The solver is only asked questions here;
nothing it says is taken on trust by :func:`negenlab.necklace.verify.check_certificate`.

>>> cert = certificate(2)
>>> cert["openings"][0]
{'opening': [0, 0], 'winner': 'red'}
>>> from negenlab.necklace.verify import check_certificate
>>> check_certificate(cert).verified
True
"""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from negenlab import __version__
from negenlab.core.errors import InvalidInputError
from negenlab.core.files import write_atomic

from . import _certificate_kernels as CK
from ._kernels import BLUE, RED, scratch
from .game import State
from .solver import ProofSearch, centre_first_order
from .verify import FORMAT, position_key

COLOUR = {"red": RED, "blue": BLUE}
FIRST_CAP = 1 << 22
"""Nodes the search may spend on "Red wins" (then on "Blue wins") before the other colour is asked, the
cap growing fourfold each round; a colour proved not to win leaves the other asked without a cap."""
PROGRESS_MOVES = 100_000
"""The writer reports (``progress``) each time this many more moves are written."""


class _Writer:
    """The proof-tree walk of :mod:`negenlab.necklace._certificate_kernels` on one search's table, and the
    moves it wrote (codes until :meth:`moves` turns them into position keys)."""

    CHUNK = 20_000  # positions a call of the compiled walk starts before it hands back (progress, room)

    def __init__(self, n: int, search: ProofSearch, progress: Callable[[str], None] | None = None):
        N = n * n
        if N > CK.MAX_POINTS:
            raise InvalidInputError(f"the certificate writer keys boards of up to {CK.MAX_POINTS} points, not {n}x{n}")
        self.n = n
        self.search = search
        self.progress = progress
        self.label = ""
        self.board = np.zeros(N, dtype=np.int8)
        self.st = np.zeros(10, dtype=np.int64)
        self.frames = np.zeros((N + 2, 5), dtype=np.int64)
        self.codes = np.zeros((N + 2, 2), dtype=np.uint64)
        self.fmoves = np.zeros((N + 2, N), dtype=np.int32)
        self.done_lo = np.zeros(1 << 16, dtype=np.uint64)
        self.done_hi = np.zeros(1 << 16, dtype=np.uint64)
        self.kids = np.zeros((N + 2, N), dtype=np.int32)
        self.out = np.zeros((self.CHUNK + 8, 2), dtype=np.uint64)
        self.out_move = np.zeros(self.CHUNK + 8, dtype=np.int32)
        self.order = (centre_first_order(n), np.arange(N, dtype=np.int64))
        self.ws = (*scratch(n), np.zeros(N, np.int32), np.zeros(N, np.int32), np.zeros(3 * N, np.int32))
        self.table = (search.zs, search.tt_keys, search.tt_pn, search.tt_dn)
        self.written: list[tuple[np.ndarray, np.ndarray]] = []
        self.count = 0

    def winner(self, state: State) -> str | None:
        """The colour that wins ``state``, or None (a draw): Red and Blue asked in turn under a growing node
        cap (:data:`FIRST_CAP`), so that a hard disproof does not hold up an easy proof."""
        if state.is_over:
            return state.winner
        out: set[str] = set()
        cap = FIRST_CAP
        while len(out) < 2:
            for colour in ("red", "blue"):
                if colour in out:
                    continue
                self.search.node_cap = 0 if out else cap
                try:
                    wins = self.search.wins(state.board, state.to_move, COLOUR[colour])
                    if self.progress is not None:
                        said = "wins, the proof is written now" if wins else "does not win"
                        self.progress(f"{self.label}: {colour} {said} ({self.search.nodes} nodes so far)")
                    if wins:
                        return colour
                    out.add(colour)
                except RuntimeError:
                    if not self.search.counters[3]:
                        raise  # not the cap: the search stopped without an answer
                    if self.progress is not None:
                        self.progress(f"{self.label}: {colour} wins? not decided in {cap} nodes")
                finally:
                    self.search.node_cap = 0
            cap *= 4
        return None

    def prove(self, state: State, winner: str) -> None:
        """Walk the proof that ``winner`` wins from ``state``, adding its moves."""
        if state.is_over:
            if state.winner != winner:
                raise RuntimeError(f"the solver's line ends without a win for {winner}: {position_key(state)}")
            return
        st, colour = self.st, COLOUR[winner]
        self.board[:] = state.board
        st[CK.SP] = -2
        start, reported = time.perf_counter(), self.count // PROGRESS_MOVES
        while True:
            self._room()
            status = CK.walk(
                self.n,
                colour,
                state.to_move,
                st,
                self.board,
                self.frames,
                self.codes,
                self.fmoves,
                self.kids,
                (self.done_lo, self.done_hi),
                self.out,
                self.out_move,
                self.order,
                self.ws,
                self.table,
                st[CK.STARTED] + self.CHUNK - st[CK.OUT],  # at most one move written per position started
            )
            if status == CK.ASK:
                child = self.board.copy()
                child[st[CK.ASK_MOVE]] = colour
                st[CK.ANSWER] = int(self.search.wins(child, int(st[CK.ASK_COLOUR]), colour))
                if st[CK.OUT] < self.CHUNK // 2:
                    continue
            self._drain()
            if status == CK.FINISHED:
                return
            if status in (CK.LOST_LINE, CK.NO_WINNING_MOVE):
                key = _keys(st[CK.ERR_LO : CK.ERR_HI + 1].view(np.uint64).reshape(1, 2), self.n)[0].decode()
                if status == CK.LOST_LINE:
                    raise RuntimeError(f"the solver's line ends without a win for {winner}: {key}")
                raise RuntimeError(f"the solver finds no winning move for {winner} at {key}")
            if self.progress is not None and self.count // PROGRESS_MOVES > reported:
                reported = self.count // PROGRESS_MOVES
                rate = self.count / max(time.perf_counter() - start, 1e-9)
                self.progress(f"{self.label}: {self.count} moves so far ({rate:.0f} moves/s)")

    def _drain(self) -> None:
        k = int(self.st[CK.OUT])
        if k:
            self.written.append((self.out[:k].copy(), self.out_move[:k].copy()))
            self.count += k
            self.st[CK.OUT] = 0

    def _room(self) -> None:
        """Grow the set of finished positions so that a call of the walk keeps it at most half full."""
        need = 2 * (int(self.st[CK.DONE]) + self.CHUNK + self.n * self.n + 4)
        size = len(self.done_lo)
        while size < need:
            size *= 2
        if size != len(self.done_lo):
            self.done_lo, self.done_hi = CK.set_grown(self.done_lo, self.done_hi, size)

    def moves(self) -> dict[str, str]:
        """Every move written, ``{position key: "row,col"}`` sorted by key."""
        codes = np.concatenate([c for c, _ in self.written]) if self.written else np.zeros((0, 2), np.uint64)
        points = np.concatenate([m for _, m in self.written]) if self.written else np.zeros(0, np.int32)
        keys = _keys(codes, self.n)
        order = np.argsort(keys, kind="stable")
        names = [f"{p // self.n},{p % self.n}" for p in range(self.n * self.n)]
        return dict(zip(keys[order].astype(str).tolist(), [names[p] for p in points[order].tolist()], strict=True))


def _keys(codes: np.ndarray, n: int) -> np.ndarray:
    """:func:`negenlab.necklace.verify.position_key` of positions given as codes (bytes, one a row)."""
    N = n * n
    chars = np.empty((len(codes), N + 1), dtype=np.uint8)
    chars[:, 0] = np.where(codes[:, 1] & np.uint64(CK.BLUE_TO_MOVE), ord("B"), ord("R"))
    symbol = np.frombuffer(b".RB.", dtype=np.uint8)
    for p in range(N):
        word, shift = (codes[:, 0], 2 * p) if p < 32 else (codes[:, 1], 2 * (p - 32))
        chars[:, p + 1] = symbol[(word >> np.uint64(shift)) & np.uint64(3)]
    return chars.view(f"S{N + 1}").reshape(-1)


def certificate(
    n: int,
    openings: Iterable[tuple[int, int]] | None = None,
    tt_bits: int = 22,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The certificate of an ``n`` x ``n`` board: every opening (or those given) with its winner,
    proved by the solver and written as a proof tree (see the module's text). ``progress`` hears of
    each opening, and of every :data:`PROGRESS_MOVES` moves during a long one."""
    chosen = None if openings is None else [tuple(o) for o in openings]
    if chosen is not None:
        twice = sorted({o for o in chosen if chosen.count(o) > 1})
        if twice:
            raise InvalidInputError(
                f"the opening {twice[0][0]},{twice[0][1]} is named twice; a certificate lists each opening once"
            )
    search = ProofSearch(n, tt_bits=tt_bits)
    writer = _Writer(n, search, progress)
    root = State.initial(n, swap=False)
    rows = []
    start = time.perf_counter()
    for opening in chosen if chosen is not None else root.legal_moves():
        state = root.copy()
        state.play(tuple(opening))
        writer.label = f"opening {opening[0]},{opening[1]}"
        winner = writer.winner(state)
        if winner is None:
            raise RuntimeError(f"opening {opening} draws with perfect play: a draw needs two proofs, not written here")
        writer.label = f"opening {opening[0]},{opening[1]} ({winner})"
        writer.prove(state, winner)
        rows.append({"opening": [int(opening[0]), int(opening[1])], "winner": winner})
        if progress is not None:
            progress(f"opening {opening[0]},{opening[1]}: {winner} ({writer.count} moves so far)")
    return {
        "format": FORMAT,
        "size": n,
        "openings": rows,
        "moves": writer.moves(),
        "solver_nodes": int(search.nodes),
        "seconds": round(time.perf_counter() - start, 1),
        "version": __version__,
    }


def write_certificate(cert: dict[str, Any], path: str | Path, command: str | None = None) -> Path:
    """Write ``cert`` as JSON (one line per move entry), gzip-compressed when ``path`` ends in
    ``.gz``, with the command that made it (through a temporary file and a rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    head = {k: v for k, v in cert.items() if k != "moves"}
    if command is not None:
        head["command"] = command
    lines = [json.dumps(head)[:-1] + ', "moves": {']
    items = list(cert["moves"].items())
    lines += [
        f"{json.dumps(k)}: {json.dumps(v)}" + ("," if i < len(items) - 1 else "") for i, (k, v) in enumerate(items)
    ]
    lines.append("}}")
    data = ("\n".join(lines) + "\n").encode()
    write_atomic(path, gzip.compress(data, mtime=0) if path.suffix == ".gz" else data)
    return path
