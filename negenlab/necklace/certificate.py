"""Write Necklace proof certificates from the solver (:mod:`negenlab.necklace.verify` checks them).

For each opening (Red's first stone, no swap) the solver's value is turned into a proof tree: at
each position where the winner is to move it keeps a move that connects at once, else the first
move whose position the search's table already proves, else the first, in the search's
centre-first order, that the solver proves still wins; at each position of the other colour it follows every
legal move. Positions reached twice are written once. The solver is only asked questions here;
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

from negenlab import __version__

from ._kernels import BLUE, RED
from .game import State
from .solver import ProofSearch, centre_first_order
from .verify import FORMAT, position_key

COLOUR = {"red": RED, "blue": BLUE}


class _Writer:
    def __init__(self, n: int, search: ProofSearch):
        self.n = n
        self.search = search
        self.order = [divmod(int(p), n) for p in centre_first_order(n)]
        self.moves: dict[str, str] = {}
        self.done: dict[str, set[str]] = {"red": set(), "blue": set()}

    def wins(self, state: State, winner: str) -> bool:
        if state.is_over:
            return state.winner == winner
        return self.search.wins(state.board, state.to_move, COLOUR[winner])

    def prove(self, state: State, winner: str) -> None:
        if state.is_over:
            if state.winner != winner:
                raise RuntimeError(f"the solver's line ends without a win for {winner}: {position_key(state)}")
            return
        key = position_key(state)
        if key in self.done[winner]:
            return
        if state.colour_to_move == winner:
            legal = set(state.legal_moves())
            for move in self.order:  # a move that connects at once keeps the proof smallest
                if move in legal:
                    child = state.copy()
                    child.play(move)
                    if child.winner == winner:
                        self.moves[key] = f"{move[0]},{move[1]}"
                        self.done[winner].add(key)
                        return
            children = []
            for move in self.order:
                if move in legal:
                    child = state.copy()
                    child.play(move)
                    children.append((move, child))
            # a child the search's table already proves comes first; the others are asked in turn
            children.sort(key=lambda mc: not self.search.proven(mc[1].board, mc[1].to_move, COLOUR[winner]))
            for move, child in children:
                if self.wins(child, winner):
                    self.moves[key] = f"{move[0]},{move[1]}"
                    self.prove(child, winner)
                    break
            else:
                raise RuntimeError(f"the solver finds no winning move for {winner} at {key}")
        else:
            for move in state.legal_moves():
                child = state.copy()
                child.play(move)
                self.prove(child, winner)
        self.done[winner].add(key)


def certificate(
    n: int,
    openings: Iterable[tuple[int, int]] | None = None,
    tt_bits: int = 22,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The certificate of an ``n`` x ``n`` board: every opening (or those given) with its winner,
    proved by the solver and written as a proof tree (see the module's text)."""
    search = ProofSearch(n, tt_bits=tt_bits)
    writer = _Writer(n, search)
    root = State.initial(n, swap=False)
    rows = []
    start = time.perf_counter()
    for opening in openings if openings is not None else root.legal_moves():
        state = root.copy()
        state.play(tuple(opening))
        winner = "red" if writer.wins(state, "red") else ("blue" if writer.wins(state, "blue") else None)
        if winner is None:
            raise RuntimeError(f"opening {opening} draws with perfect play: a draw needs two proofs, not written here")
        writer.prove(state, winner)
        rows.append({"opening": [int(opening[0]), int(opening[1])], "winner": winner})
        if progress is not None:
            progress(f"opening {opening[0]},{opening[1]}: {winner} ({len(writer.moves)} moves so far)")
    return {
        "format": FORMAT,
        "size": n,
        "openings": rows,
        "moves": dict(sorted(writer.moves.items())),
        "solver_nodes": int(search.nodes),
        "seconds": round(time.perf_counter() - start, 1),
        "version": __version__,
    }


def write_certificate(cert: dict[str, Any], path: str | Path, command: str | None = None) -> Path:
    """Write ``cert`` as JSON (one line per move entry), gzip-compressed when ``path`` ends in
    ``.gz``, with the command that made it."""
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
    path.write_bytes(gzip.compress(data, mtime=0) if path.suffix == ".gz" else data)
    return path
