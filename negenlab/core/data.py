"""The committed tables, read as package data.

The repository keeps them in the top-level ``data/`` folder; the package ships that folder as
``negenlab.data`` (``pyproject.toml`` maps one to the other), so an installed wheel finds the
same files through :mod:`importlib.resources`.

>>> from negenlab.core.data import data_file
>>> data_file("fen", "atlas.csv").name
'atlas.csv'
>>> data_file("fen", "nope.csv")
Traceback (most recent call last):
...
negenlab.core.data.MissingDataError: negenlab.data has no fen/nope.csv; the committed tables ship with the package (data/ in the repository)
"""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable

from .errors import InvalidInputError


class MissingDataError(InvalidInputError):
    """A committed table that is not in the installed package."""


def data_root() -> Traversable:
    """The folder of committed tables inside the installed package."""
    return resources.files("negenlab.data")


def data_file(*parts: str, must_exist: bool = True) -> Traversable:
    """The committed file ``data/<parts...>`` (e.g. ``data_file("negen", "study_exact.csv")``)."""
    path = data_root().joinpath(*parts)
    if must_exist and not path.is_file():
        raise MissingDataError(
            f"negenlab.data has no {'/'.join(parts)}; the committed tables ship with the "
            "package (data/ in the repository)"
        )
    return path


__all__ = ["MissingDataError", "data_root", "data_file"]
