"""negenlab: rules analysis for Negen, FEN, Polymer and Necklace."""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

try:
    __version__ = _version("negenlab")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+local"

__all__ = ["__version__"]
