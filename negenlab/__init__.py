"""negenlab: rules analysis for Negen, FEN, Polymer and Necklace, and any game plugged in."""

import hashlib
import os
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version
from pathlib import Path

try:
    __version__ = _version("negenlab")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+local"


def kernel_cache_folder(root: Path = Path(__file__).parent) -> Path:
    """Where numba keeps negenlab's compiled kernels: a folder named by a fingerprint of every source
    file that compiles code (``njit``). numba checks a cached kernel against its own file only, so a
    kernel that calls one of another file (Necklace's df-pn calls the connection engine's) would run
    the old code after that file changed; a new fingerprint is a new folder, compiled afresh.

    >>> kernel_cache_folder().name.startswith("numba-")
    True
    """
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        text = path.read_bytes()
        if b"njit" in text:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + text)
    return root / "__pycache__" / f"numba-{digest.hexdigest()[:16]}"


def _use_kernel_cache() -> None:
    """Point numba's cache at :func:`kernel_cache_folder` (before numba is imported), unless the user
    chose one (``NUMBA_CACHE_DIR``) or the package's folder cannot be written (numba's own default)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    folder = kernel_cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    if os.access(folder, os.W_OK):
        os.environ["NUMBA_CACHE_DIR"] = str(folder)


_use_kernel_cache()

__all__ = ["__version__", "kernel_cache_folder"]
