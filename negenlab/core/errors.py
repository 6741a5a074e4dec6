"""Errors shared by every game.

Every bad input raises a subclass of :class:`ValueError` that names what is wrong
and what was expected; nothing is clipped, dropped or repaired silently.

>>> from negenlab.core.errors import InvalidInputError
>>> issubclass(InvalidInputError, ValueError)
True
"""

from __future__ import annotations


class NegenlabError(Exception):
    """Base class of every error negenlab raises on purpose."""


class InvalidInputError(NegenlabError, ValueError):
    """Input that does not describe a valid object (bad text, bad size, bad field)."""


class IllegalMoveError(NegenlabError, ValueError):
    """A move or action that the rules forbid in this position; the message says why."""


class StoreMismatchError(NegenlabError, ValueError):
    """A result store was written by a run with other arguments than the one resuming it."""


class StoreCorruptError(NegenlabError, ValueError):
    """A result store whose files cannot be trusted: damaged, unreadable, out of place, without the
    record naming its run, or written before stores recorded their identity. The message names the
    file and the command that discards it."""


class TableError(InvalidInputError):
    """A committed table (data/<game>/...) that cannot be trusted: unreadable or empty, a column
    missing, text where a number belongs, a value out of its range, an interval not containing its
    value. The message names the file, the row and column, and what was expected."""


class ReportError(NegenlabError):
    """Report pages that could not be built; the message names each page and why (a damaged
    committed table names its file)."""


class StoreBusyError(NegenlabError, ValueError):
    """A store another run is writing into right now: one writer at a time; the message names the
    store and the process holding it."""


class UnsolvableGameError(InvalidInputError):
    """A game the exact solver (:mod:`negenlab.core.solve`) does not take: simultaneous moves, hidden
    information, no state key, more than two players, returns that are not zero-sum or leave the
    value range, a position repeating on its own line; the message names which."""


class CertificateError(InvalidInputError):
    """A certificate that does not prove what it claims against the game's own rules; the message
    names the position (the actions from the start) and what is wrong there."""
