"""The files a run keeps, read and written with care: regular files only, within a stated size, with
checksums, and one writer at a time.

A store's records (``run.json``, a study's ``study.json``, a tuner's trials) are small; a file in
their place that is not a regular file (a named pipe would block a read forever), or is far larger
than any record (a sparse file of gigabytes), is refused with one line naming it before anything is
read. A folder that a run writes into is locked for that run (:class:`FolderLock`): a second run on
the same store is refused in one line instead of interleaving its files with the first.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> write_atomic(folder / "run.json", '{"seed": 1}')
>>> read_json(folder / "run.json", "run record", limit=1000)
{'seed': 1}
>>> with FolderLock(folder, "store"):
...     FolderLock(folder, "store").acquire()
Traceback (most recent call last):
...
negenlab.core.errors.StoreBusyError: store ... is in use by another run (process ...); wait for it to finish, or use another folder
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import stat
import zlib
from pathlib import Path
from typing import Any

from .errors import StoreBusyError, StoreCorruptError

RECORD_LIMIT = 64 * 2**20
"""The largest record file (``run.json`` with its chunk manifest, ``study.json``, a tuner's trials)
read whole: 64 MiB, far above any record a run writes (a manifest entry takes about 120 bytes)."""


def _mib(n: int) -> str:
    return f"{n / 2**20:,.1f} MiB"


def regular_file(path: str | os.PathLike, what: str, limit: int | None = RECORD_LIMIT) -> Path:
    """``path`` when it is a regular file of at most ``limit`` bytes; else a one-line
    :class:`~negenlab.core.errors.StoreCorruptError` naming it (nothing is opened first, so a
    named pipe never blocks)."""
    p = Path(path)
    try:
        info = os.stat(p)
    except OSError as exc:
        raise StoreCorruptError(f"{what} {p} cannot be read: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a named pipe"
            if stat.S_ISFIFO(info.st_mode)
            else "a folder"
            if stat.S_ISDIR(info.st_mode)
            else "not a regular file"
        )
        raise StoreCorruptError(f"{what} {p} is {kind}, expected a regular file; remove it or use another folder")
    if limit is not None and info.st_size > limit:
        raise StoreCorruptError(
            f"{what} {p} holds {_mib(info.st_size)}, more than the {_mib(limit)} any such record takes; it is not "
            "one negenlab wrote: remove it or use another folder"
        )
    return p


def read_bytes(path: str | os.PathLike, what: str, limit: int | None = RECORD_LIMIT) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (see :func:`regular_file`)."""
    p = regular_file(path, what, limit)
    with open(p, "rb") as fh:
        data = fh.read(limit + 1 if limit is not None else -1)
    if limit is not None and len(data) > limit:  # it grew while being read
        raise StoreCorruptError(f"{what} {p} grew past {_mib(limit)} while it was read")
    return data


def read_json(path: str | os.PathLike, what: str, limit: int | None = RECORD_LIMIT) -> Any:
    """A JSON record: a regular file of at most ``limit`` bytes holding one JSON value."""
    return _parse_json(read_bytes(path, what, limit), path, what)


def _parse_json(data: bytes, path: str | os.PathLike, what: str) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise StoreCorruptError(f"{what} {path} does not hold UTF-8 text") from None
    except RecursionError:
        raise StoreCorruptError(f"{what} {path} nests its JSON too deeply to be one negenlab wrote") from None
    except ValueError as exc:
        raise StoreCorruptError(f"{what} {path} is not readable JSON: {' '.join(str(exc).split())[:160]}") from None


def read_gzip_json(path: str | os.PathLike, what: str, limit: int = 2**30, compressed_limit: int = 2**28) -> Any:
    """A gzip-compressed JSON file, decompressed as a stream that stops at ``limit`` bytes (a small
    file that would inflate past it, a gzip bomb, is refused before it fills memory); a truncated or
    corrupt stream, bytes that are not UTF-8, JSON nested too deeply or a number too long to read
    are each one :class:`~negenlab.core.errors.StoreCorruptError` naming the file.

    >>> import gzip, tempfile
    >>> path = Path(tempfile.mkdtemp()) / "c.json.gz"
    >>> _ = path.write_bytes(gzip.compress(b'{"size": 3}'))
    >>> read_gzip_json(path, "certificate")
    {'size': 3}
    """
    data = read_bytes(path, what, compressed_limit)
    out, total = [], 0
    inflate = zlib.decompressobj(wbits=31)  # gzip framing
    try:
        for start in range(0, max(len(data), 1), 2**20):
            block = inflate.decompress(data[start : start + 2**20], limit - total + 1)
            while True:
                total += len(block)
                if total > limit:
                    raise StoreCorruptError(
                        f"{what} {path} inflates past {_mib(limit)}; it is not one negenlab wrote (a gzip bomb?)"
                    )
                out.append(block)
                if not inflate.unconsumed_tail:
                    break
                block = inflate.decompress(inflate.unconsumed_tail, limit - total + 1)
        if not inflate.eof:
            raise StoreCorruptError(f"{what} {path} is cut short: its gzip stream ends before its end mark")
    except zlib.error as exc:
        raise StoreCorruptError(f"{what} {path} is not a readable gzip file: {exc}") from None
    return _parse_json(b"".join(out), path, what)


def sha256_file(path: str | os.PathLike) -> str:
    """The SHA-256 of a file's bytes, read in blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(2**20), b""):
            h.update(block)
    return h.hexdigest()


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: a reader sees the old file or
    the new one, never half of one."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    tmp.write_text(text)
    os.replace(tmp, p)


def writable(folder: str | os.PathLike) -> bool:
    """Whether this process may create files in ``folder``."""
    return os.access(folder, os.W_OK | os.X_OK)


class FolderLock:
    """An exclusive lock on a folder a run writes into, held while the run writes: ``.lock`` in the
    folder, locked with ``flock`` (released by the system when the process ends, however it ends).
    A second writer is refused at once with :class:`~negenlab.core.errors.StoreBusyError`. A folder
    this process cannot write is not locked (it can only be read)."""

    def __init__(self, folder: str | os.PathLike, what: str = "store"):
        self.folder, self.what = Path(folder), what
        self._fd: int | None = None

    def acquire(self) -> FolderLock:
        if self._fd is not None or not writable(self.folder):
            return self
        path = self.folder / ".lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise StoreBusyError(
                f"{self.what} {self.folder} is in use by another run (process {holder}); wait for it to finish, or "
                "use another folder"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> FolderLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


__all__ = [
    "RECORD_LIMIT",
    "FolderLock",
    "read_bytes",
    "read_gzip_json",
    "read_json",
    "regular_file",
    "sha256_file",
    "writable",
    "write_atomic",
]
