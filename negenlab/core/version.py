"""The installed package version, recorded with every result."""

from __future__ import annotations


def package_version() -> str:
    from negenlab import __version__

    return __version__
