"""Checks of the numbers and names every API takes, with the limits they are held to.

A count is a whole number: an ``int`` (or a numpy integer), never a ``bool`` and never a float,
even one such as ``2.0`` (nothing is rounded or truncated silently). Every count has a stated
upper limit, checked before anything is allocated, and the error says the limit and why.

>>> from negenlab.core.checks import whole_number, seed_value
>>> whole_number(3, "n_games", lo=0)
3
>>> whole_number(2.5, "n_games", lo=0)
Traceback (most recent call last):
...
negenlab.core.errors.InvalidInputError: n_games must be a whole number >= 0, got 2.5 (a float)
>>> seed_value(True)
Traceback (most recent call last):
...
negenlab.core.errors.InvalidInputError: seed must be a whole number 0..9223372036854775807, got True (a bool)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from .errors import InvalidInputError

MAX_SEED = 2**63 - 1
"""Seeds are 0..2**63-1: every table records its seed in a 64-bit integer column."""

SEED_WHY = "every table records its seed in a 64-bit integer column"


def _kind(value: Any) -> str:
    return f"a {type(value).__name__}"


def _range(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    if lo is not None:
        return f">= {lo}"
    if hi is not None:
        return f"<= {hi}"
    return ""


def is_whole(value: Any) -> bool:
    """An ``int`` or numpy integer, not a ``bool`` (nor a numpy bool)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def whole_number(value: Any, name: str, lo: int | None = None, hi: int | None = None, why: str = "") -> int:
    """``value`` as an ``int`` when it is a whole number in ``lo..hi``; else an
    :class:`InvalidInputError` naming ``name``, the range, and (for the upper limit) ``why``."""
    expected = f"a whole number {_range(lo, hi)}".rstrip()
    if not is_whole(value):
        raise InvalidInputError(f"{name} must be {expected}, got {value!r} ({_kind(value)})")
    value = int(value)
    if lo is not None and value < lo:
        raise InvalidInputError(f"{name} must be {expected}, got {value}")
    if hi is not None and value > hi:
        because = f" ({why})" if why else ""
        raise InvalidInputError(f"{name} must be {expected}, got {value}{because}")
    return value


def optional_whole(value: Any, name: str, lo: int | None = None, hi: int | None = None, why: str = "") -> int | None:
    """Like :func:`whole_number`, with ``None`` passed through."""
    return None if value is None else whole_number(value, name, lo, hi, why)


def real_number(value: Any, name: str, lo: float, hi: float, why: str = "", lo_open: bool = False) -> float:
    """A finite ``int`` or ``float`` (not a ``bool``) in ``lo..hi`` (``lo`` excluded when ``lo_open``)."""
    expected = f"a finite number {'>' if lo_open else '>='} {lo:g} and <= {hi:g}"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InvalidInputError(f"{name} must be {expected}, got {value!r} ({_kind(value)})")
    value = float(value)
    if not math.isfinite(value) or value < lo or (lo_open and value == lo):
        raise InvalidInputError(f"{name} must be {expected}, got {value!r}")
    if value > hi:
        because = f" ({why})" if why else ""
        raise InvalidInputError(f"{name} must be {expected}, got {value!r}{because}")
    return value


def seed_value(seed: Any, name: str = "seed") -> int:
    """A seed: a whole number 0..2**63-1 (see :data:`MAX_SEED`)."""
    return whole_number(seed, name, lo=0, hi=MAX_SEED, why=SEED_WHY)


def flag(value: Any, name: str) -> bool:
    """``True`` or ``False`` (numpy bools too), nothing else."""
    if not isinstance(value, (bool, np.bool_)):
        raise InvalidInputError(f"{name} must be True or False, got {value!r} ({_kind(value)})")
    return bool(value)


def known_fields(given: Iterable[str], fields: Iterable[str], game: str, extra: str = "") -> None:
    """Refuse rule fields a game does not have, naming the ones it has."""
    fields = list(fields)
    unknown = sorted(set(given) - set(fields))
    if unknown:
        more = f" (and {extra})" if extra else ""
        raise InvalidInputError(
            f"{game} has no rule {', '.join(map(repr, unknown))}; its Rules fields are {', '.join(fields)}{more}"
        )


__all__ = [
    "MAX_SEED",
    "flag",
    "is_whole",
    "known_fields",
    "optional_whole",
    "real_number",
    "seed_value",
    "whole_number",
]
