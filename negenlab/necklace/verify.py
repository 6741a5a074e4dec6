"""Check a Necklace proof certificate with the rules alone.

A certificate proves, for each opening it lists (Red's first stone on an empty board, no swap;
Blue to move), which colour wins with perfect play. It holds the winner's move at every position
of the proof where the winner is to move, transpositions shared. This checker trusts none of the
search that wrote it: it imports only the rules (:class:`negenlab.necklace.game.State`, whose
legality and win test the search shares) and walks the proof itself:

- at a position where the claimed winner is to move, the certificate must name a move, the move
  must be legal, and the position after it must be proved in turn;
- at a position where the other colour is to move, every legal move (the checker lists them) must
  lead to a proved position;
- a position where the claimed winner has connected is proved; a win of the other colour, or a
  draw (nobody can move), fails the certificate.

Each position is checked once (a set of proved positions), so the work is the size of the proof.

The file (JSON) holds ``format`` (:data:`FORMAT`), ``size``, ``openings`` (a list of
``{"opening": [row, col], "winner": "red" | "blue"}``) and ``moves``: a map from a position key
(:func:`position_key`: the colour to move, ``R`` or ``B``, then the board row by row in ``.``,
``R``, ``B``) to the move ``"row,col"`` (0-based). Other fields (the command, node counts) are
read by nobody here.

>>> moves = {"RR..B": "1,0", "RR.B.": "1,1", "RR.BR": "0,1", "RRB..": "1,0"}   # 2x2, Red opened at 0,0
>>> cert = {"format": FORMAT, "size": 2, "openings": [{"opening": [0, 0], "winner": "red"}], "moves": moves}
>>> check_certificate(cert).verified
True
>>> cert["moves"] = {**moves, "RR..B": "0,1"}     # a move after which Blue wins
>>> check_certificate(cert).failure
'opening 0,0: the line 0,0 1,1 0,1 1,0 ends in a win for blue, not a win for red'
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from negenlab.core.errors import IllegalMoveError, InvalidInputError, StoreCorruptError
from negenlab.core.files import read_gzip_json, read_json

from .game import State

FORMAT = "negenlab necklace certificate 1"
COLOURS = ("red", "blue")


MAX_SIZE = 25
"""The largest board side a certificate can be for (the game's own limit)."""
MAX_BYTES = 2**30
"""The most bytes a certificate may hold once decompressed (1 GiB; a 5x5 one holds about 10 MB); read
whole, so the cap is also what reading one may take in memory."""
MAX_VALUES = 2**24
"""The most JSON values a certificate may hold (about 16.8 million; the 4x4 one holds about 48,000, a
5x5 one about 700,000): counted before it is parsed, as a text of small values (one huge list of
zeros) takes many times its size once parsed, so the byte cap alone does not bound the memory."""


class CertificateError(InvalidInputError):
    """A certificate file that cannot be read as one (not a failed proof: that is a result)."""


def position_key(state: State) -> str:
    """``R`` or ``B`` (the colour to move) and the board row by row in ``.``, ``R``, ``B``.

    >>> position_key(State.from_text("R.\\n..", "blue"))
    'BR...'
    """
    return ("R" if state.colour_to_move == "red" else "B") + state.to_text().replace("\n", "")


@dataclass
class Verdict:
    """What the check found: ``verified`` (every listed opening proved), per opening its claim
    and whether it held, the positions checked, and the first failure in words."""

    size: int
    verified: bool
    openings: list[dict[str, Any]] = field(default_factory=list)
    positions: int = 0
    failure: str | None = None
    complete: bool = False  # every legal first move of Red is listed

    def winners(self) -> dict[str, str | None]:
        """The game's value the openings prove when they are complete and verified: without swap
        Red wins iff some opening wins for Red; with swap the second player takes over any opening
        that wins for Red and answers any other, so the second player wins when no opening draws."""
        if not (self.verified and self.complete):
            return {"winner": None, "winner_with_swap": None}
        red = any(o["winner"] == "red" for o in self.openings)
        return {"winner": "red" if red else "blue", "winner_with_swap": "second player"}

    def as_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "verified": self.verified,
            "complete": self.complete,
            "positions": self.positions,
            "failure": self.failure,
            "openings": self.openings,
            **self.winners(),
        }


class _Failed(Exception):
    pass


def _move(text: str, key: str) -> tuple[int, int]:
    try:
        r, c = (int(v) for v in str(text).split(","))
    except ValueError:
        raise _Failed(f"the move for position {key} is {text!r}, expected 'row,col'") from None
    return r, c


class _Checker:
    def __init__(self, moves: dict[str, str]):
        self.moves = moves
        self.proved: dict[str, set[str]] = {"red": set(), "blue": set()}

    def prove(self, state: State, winner: str, line: list) -> None:
        if state.is_over:
            if state.winner == winner:
                return
            what = "a draw" if state.is_draw else f"a win for {state.winner}"
            raise _Failed(f"the line {_line(line)} ends in {what}, not a win for {winner}")
        key = position_key(state)
        if key in self.proved[winner]:
            return
        if state.colour_to_move == winner:
            if key not in self.moves:
                raise _Failed(f"no move for {winner} at position {key} (after {_line(line)})")
            move = _move(self.moves[key], key)
            child = state.copy()
            try:
                child.play(move)
            except IllegalMoveError as err:
                raise _Failed(f"the move {move} at position {key} is illegal: {err}") from None
            self.prove(child, winner, [*line, move])
        else:
            for move in state.legal_moves():
                child = state.copy()
                child.play(move)
                self.prove(child, winner, [*line, move])
        self.proved[winner].add(key)


def _line(line: list) -> str:
    return " ".join(f"{r},{c}" for r, c in line) or "(the opening)"


def check_certificate(cert: dict[str, Any]) -> Verdict:
    """Check a certificate (a dict as :func:`load_certificate` reads it); see the module's text."""
    if not isinstance(cert, dict) or cert.get("format") != FORMAT:
        raise CertificateError(f"not a Necklace certificate: expected format {FORMAT!r}")
    size, openings, moves = cert.get("size"), cert.get("openings"), cert.get("moves")
    if not isinstance(size, int) or isinstance(size, bool) or not isinstance(openings, list):
        raise CertificateError("a certificate needs an integer 'size' and a list of 'openings'")
    if not 2 <= size <= MAX_SIZE:
        raise CertificateError(f"a certificate's size is a board side 2..{MAX_SIZE}, got {size}")
    if not openings:
        raise CertificateError("a certificate proves at least one opening; its 'openings' list is empty")
    if not isinstance(moves, dict):
        raise CertificateError("a certificate needs 'moves', a map from position keys to 'row,col'")
    root = State.initial(size, swap=False)
    checker = _Checker(moves)
    verdict = Verdict(size=size, verified=True)
    listed = set()
    for entry in openings:
        point = entry.get("opening") if isinstance(entry, dict) else None
        winner = entry.get("winner") if isinstance(entry, dict) else None
        if not (
            isinstance(point, list)
            and len(point) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < size for v in point)
        ):
            raise CertificateError(
                f"an opening is {{'opening': [row, col], 'winner': ...}} with whole numbers 0..{size - 1}, got "
                f"{str(entry)[:80]!r}"
            )
        if winner not in COLOURS:
            raise CertificateError(f"an opening's winner must be 'red' or 'blue', got {str(winner)[:40]!r}")
        opening = (point[0], point[1])
        if opening in listed:
            raise CertificateError(
                f"the opening {opening[0]},{opening[1]} is listed twice; a certificate lists each once"
            )
        listed.add(opening)
        row = {"opening": list(opening), "winner": winner, "proved": False}
        try:
            state = root.copy()
            try:
                state.play(opening)
            except IllegalMoveError as err:
                raise _Failed(f"the opening {opening} is illegal: {err}") from None
            checker.prove(state, winner, [opening])
            row["proved"] = True
        except _Failed as err:
            verdict.verified = False
            verdict.failure = verdict.failure or f"opening {opening[0]},{opening[1]}: {err}"
        verdict.openings.append(row)
    verdict.positions = sum(len(s) for s in checker.proved.values())
    verdict.complete = listed == set(root.legal_moves())
    return verdict


def load_certificate(path: str | Path) -> dict[str, Any]:
    """Read a certificate file (JSON, or gzip-compressed JSON when its name ends in ``.gz``), as a
    stream with a size cap (:data:`MAX_BYTES` once decompressed, :data:`MAX_VALUES` JSON values), regular
    files only."""
    if not isinstance(path, str | os.PathLike) or not str(path).strip():
        raise CertificateError(f"a certificate is a file path, got {path!r}")
    path = Path(path)
    if not os.path.lexists(path):
        raise CertificateError(f"no certificate file at {path}")
    try:
        if path.suffix == ".gz":
            return read_gzip_json(
                path, "certificate", limit=MAX_BYTES, compressed_limit=MAX_BYTES, max_values=MAX_VALUES
            )
        return read_json(path, "certificate", limit=MAX_BYTES, max_values=MAX_VALUES)
    except StoreCorruptError as err:
        raise CertificateError(str(err)) from None


def verify_file(path: str | Path, size: int | None = None) -> Verdict:
    """:func:`check_certificate` of a file; ``size``: the board the file must certify (a certificate
    of another board, e.g. the 3x3 one copied in place of the 4x4 one, is refused before the walk)."""
    cert = load_certificate(path)
    if size is not None and isinstance(cert, dict) and cert.get("size") != size:
        raise CertificateError(
            f"{path} certifies the board of size {cert.get('size')!r}; expected the {size}x{size} board it is named for"
        )
    return check_certificate(cert)
