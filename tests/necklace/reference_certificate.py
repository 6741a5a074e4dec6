"""The certificate writer as it was before the compiled walk (on :class:`negenlab.necklace.game.State`),
kept as the reference the tests and ``benchmarks/bench_necklace_certificate.py`` hold the writer to."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from negenlab.necklace._kernels import BLUE, RED
from negenlab.necklace.game import State
from negenlab.necklace.solver import ProofSearch, centre_first_order
from negenlab.necklace.verify import position_key

COLOUR = {"red": RED, "blue": BLUE}


class Writer:
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


def reference_certificate(
    n: int, openings: Iterable[tuple[int, int]] | None = None, tt_bits: int = 22
) -> dict[str, Any]:
    """``openings`` (with their winners) and ``moves`` as the old writer wrote them (Red asked first)."""
    search = ProofSearch(n, tt_bits=tt_bits)
    writer = Writer(n, search)
    root = State.initial(n, swap=False)
    rows = []
    for opening in openings if openings is not None else root.legal_moves():
        state = root.copy()
        state.play(tuple(opening))
        winner = "red" if writer.wins(state, "red") else ("blue" if writer.wins(state, "blue") else None)
        if winner is None:
            raise RuntimeError(f"opening {opening} draws with perfect play")
        writer.prove(state, winner)
        rows.append({"opening": [int(opening[0]), int(opening[1])], "winner": winner})
    return {"openings": rows, "moves": dict(sorted(writer.moves.items())), "solver_nodes": int(search.nodes)}
