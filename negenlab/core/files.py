"""The files a run keeps, read and written with care: regular files only, within a stated size, with
checksums, and one writer at a time.

A store's records (``run.json``, a study's ``study.json``, a tuner's trials) are small; a file in
their place that is not a regular file (a named pipe would block a read forever), or is far larger
than any record (a sparse file of gigabytes), is refused with one line naming it before anything is
read. A folder that a run writes into is locked for that run (:class:`FolderLock`): a second run on
the same store is refused in one line instead of interleaving its files with the first.

Every path a command writes is checked before its work starts (:func:`check_outputs`): what is there
must be a regular file it may replace (never a device node, a named pipe, a folder or a symlink),
in a folder that exists and may be written, and no two outputs, nor an output and an input, may be
one file. :func:`write_atomic` writes through a temporary file and a rename, and refuses again at
the moment of writing what is not a regular file.

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

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import secrets
import stat
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from .errors import InvalidInputError, StoreBusyError, StoreCorruptError

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
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise StoreCorruptError(f"{what} {p} cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise StoreCorruptError(
            f"{what} {p} is {file_kind(info.st_mode)}, expected a regular file; remove it or use another folder"
        )
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


def read_json(
    path: str | os.PathLike, what: str, limit: int | None = RECORD_LIMIT, max_values: int | None = None
) -> Any:
    """A JSON record: a regular file of at most ``limit`` bytes holding one JSON value (of at most
    ``max_values`` values, see :func:`parse_json`)."""
    return parse_json(read_bytes(path, what, limit), path, what, max_values)


def json_values(data: bytes) -> int:
    """At most how many values the JSON text ``data`` holds: one, and one more for each comma and
    opening bracket (counted without parsing, so before any memory is taken for them).

    >>> json_values(b'{"a": [1, 2, 3]}')
    5
    """
    return 1 + data.count(b",") + data.count(b"[") + data.count(b"{")


def parse_json(data: bytes, path: str | os.PathLike, what: str, max_values: int | None = None) -> Any:
    """One JSON value from ``data`` (UTF-8, each object's keys given once), read from ``path``; more
    than ``max_values`` values (a text of small values takes many times its size once parsed), or
    anything unreadable, is one :class:`~negenlab.core.errors.StoreCorruptError` naming ``what`` and
    ``path``.

    >>> parse_json(b"[0, 0, 0, 0]", "x.json", "certificate", max_values=3)
    Traceback (most recent call last):
    ...
    negenlab.core.errors.StoreCorruptError: certificate x.json holds up to 5 JSON values, more than the 3 any such file holds; it is not one negenlab wrote
    """
    if max_values is not None and (values := json_values(data)) > max_values:
        raise StoreCorruptError(
            f"{what} {path} holds up to {values:,} JSON values, more than the {max_values:,} any such file holds; it "
            "is not one negenlab wrote"
        )
    return _parse_json(data, path, what)


class DuplicateKeyError(ValueError):
    """A JSON object that gives one key twice (``json`` alone would keep the last silently)."""


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict (an ``object_pairs_hook``), a key given twice refused.

    >>> json.loads('{"seed": 1, "seed": 2}', object_pairs_hook=unique_keys)
    Traceback (most recent call last):
    ...
    negenlab.core.files.DuplicateKeyError: the key 'seed' is given twice in one object; expected each key once
    """
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(f"the key {key!r} is given twice in one object; expected each key once")
        out[key] = value
    return out


def _parse_json(data: bytes, path: str | os.PathLike, what: str) -> Any:
    try:
        return json.loads(data.decode("utf-8"), object_pairs_hook=unique_keys)
    except DuplicateKeyError as exc:
        raise StoreCorruptError(f"{what} {path}: {exc}") from None
    except UnicodeDecodeError:
        raise StoreCorruptError(f"{what} {path} does not hold UTF-8 text") from None
    except RecursionError:
        raise StoreCorruptError(f"{what} {path} nests its JSON too deeply to be one negenlab wrote") from None
    except ValueError as exc:
        raise StoreCorruptError(f"{what} {path} is not readable JSON: {' '.join(str(exc).split())[:160]}") from None


def read_gzip_json(
    path: str | os.PathLike, what: str, limit: int = 2**30, compressed_limit: int = 2**28, max_values: int | None = None
) -> Any:
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
    return parse_json(b"".join(out), path, what, max_values)


def sha256_file(path: str | os.PathLike) -> str:
    """The SHA-256 of a file's bytes, read in blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(2**20), b""):
            h.update(block)
    return h.hexdigest()


def file_kind(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words: "a file", "a folder", "a named pipe", "a device
    node", "a socket", "a symlink"."""
    for test, kind in (
        (stat.S_ISREG, "a file"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a device node"),
        (stat.S_ISBLK, "a device node"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symlink"),
    ):
        if test(mode):
            return kind
    return "not a regular file"


def replaceable(path: str | os.PathLike, option: str = "output") -> bool:
    """Whether ``path`` is there (a regular file this process may write: True) or not (False); what is
    there but is no such file (a symlink, a folder, a named pipe, a device node, a socket, a read-only
    file) is a one-line :class:`~negenlab.core.errors.InvalidInputError` naming ``option`` and the path,
    and is never replaced."""
    shown = f"{option} {str(path)!r}"
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise InvalidInputError(f"{shown} cannot be written: {getattr(exc, 'strerror', None) or exc}") from None
    if stat.S_ISLNK(info.st_mode):
        raise InvalidInputError(
            f"{shown} is a symlink; negenlab neither writes through a link nor replaces it: give the path of a "
            "regular file, or a new one"
        )
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInputError(
            f"{shown} is {file_kind(info.st_mode)}, expected a regular file (or a path that does not exist); "
            "it is left as it is"
        )
    if not os.access(path, os.W_OK) or not info.st_mode & 0o222:  # no write bit: read-only, root or not
        raise InvalidInputError(f"{shown} is a read-only file, expected a file negenlab may write (or a new path)")
    return True


def _folder_writable(shown: str, folder: str, what: str) -> None:
    """A one-line error unless ``folder`` is an existing folder this process may create files in."""
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        raise InvalidInputError(
            f"{shown}: {what} {folder!r} does not exist; create it first, or give a path in an existing folder"
        ) from None
    except OSError as exc:
        raise InvalidInputError(f"{shown}: {what} {folder!r} cannot be used: {exc.strerror}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise InvalidInputError(f"{shown}: {what} {folder!r} is {file_kind(info.st_mode)}, expected a folder")
    read_only = not writable(folder) or not info.st_mode & 0o222  # no write bit: read-only, root or not
    why = "read-only, or another user's" if read_only else _cannot_create(folder)
    if why:
        raise InvalidInputError(
            f"{shown}: {what} {folder!r} is not writable ({why}); give a path in a folder you may write"
        )


def _cannot_create(folder: str) -> str:
    """Why no file can be made in ``folder`` (an empty string when one can): a file is made there and
    removed at once, as permissions alone do not tell (root passes them on a read-only mount)."""
    trial = os.path.join(folder, f".negenlab-check.{os.getpid()}")
    try:
        os.close(os.open(trial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600))
    except FileExistsError:
        return ""  # a check of this process left behind: files can be made
    except OSError as exc:
        return (exc.strerror or str(exc)).lower()
    os.unlink(trial)
    return ""


def _same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    try:
        return os.path.samefile(a, b)  # the same file under two names (a link) too
    except OSError:  # one of them is not there yet
        return os.path.realpath(a) == os.path.realpath(b)


def _output_folder(option: str, path: str | os.PathLike) -> str:
    """Check a folder a command writes files into (made, with its parents, when missing); return its
    resolved path."""
    shown = f"{option} {str(path)!r}"
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        if exc.errno != errno.ENOTDIR:  # a file on the way is named below
            raise InvalidInputError(f"{shown} cannot be used as a folder: {exc.strerror}") from None
        info = None
    if info is None:
        if os.path.lexists(path):
            raise InvalidInputError(f"{shown} is a broken symlink, expected a folder (or a path that does not exist)")
        above = os.path.dirname(os.path.abspath(path))
        while not os.path.exists(above):
            above = os.path.dirname(above)
        _folder_writable(shown, above, "the folder it would be made in,")
    elif not stat.S_ISDIR(info.st_mode):
        raise InvalidInputError(
            f"{shown} is {file_kind(info.st_mode)}, expected a folder (or a path that does not exist)"
        )
    else:
        _folder_writable(shown, os.fspath(path), "the folder")
    return os.path.realpath(path)


def _path_text(option: str, path: str | os.PathLike, what: str) -> None:
    """A one-line error for a path that is empty or holds a NUL byte (no file is named so)."""
    text = str(path)
    if not text.strip():
        raise InvalidInputError(f"{option} is empty; give {what}, or leave the option out")
    if "\x00" in text:
        raise InvalidInputError(f"{option} {text!r} holds a NUL byte, which no path can hold")


Paths = Iterable[tuple[str, "str | os.PathLike | None"]]
"""``(option, path)`` pairs; a path of None (an option not given) is passed over."""


def check_outputs(files: Paths = (), folders: Paths = (), reads: Paths = ()) -> None:
    """Check every path a command will write before its work starts, each error one
    :class:`~negenlab.core.errors.InvalidInputError` naming the option, the path and what was expected.

    ``files`` are files the command writes: each must be a regular file this process may write, or a
    new path, in an existing folder it may write (see :func:`replaceable`). ``folders`` are folders it
    writes files into (made when missing, so an existing ancestor must be writable); a file inside one
    of them needs no existing folder. No two files may be one file, nor a file one of ``reads`` (the
    files the same command reads), compared after links are resolved.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> check_outputs(files=[("--save", folder / "v.json"), ("--html", None)])
    >>> check_outputs(files=[("--save", folder / "v.json"), ("--html", folder / "v.json")])
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: --html '.../v.json' is the file --save writes; give each output its own file
    >>> check_outputs(files=[("--save", folder)])
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: --save '...' is a folder, expected a regular file (or a path that does not exist); it is left as it is
    """
    made: set[str] = set()
    for option, path in folders:
        if path is not None:
            _path_text(option, path, "a folder")
            made.add(_output_folder(option, path))
    written: list[tuple[str, str | os.PathLike]] = []
    for option, path in files:
        if path is None:
            continue
        _path_text(option, path, "a file name")
        shown = f"{option} {str(path)!r}"
        folder = os.path.dirname(path) or "."
        if os.path.realpath(folder) not in made:
            _folder_writable(shown, folder, "its folder")
        replaceable(path, option)
        for other, before in written:
            if _same_file(path, before):
                raise InvalidInputError(f"{shown} is the file {other} writes; give each output its own file")
        written.append((option, path))
    for option, path in reads:
        if path is None:
            continue
        _path_text(option, path, "a file name")
        for other, out in written:
            if _same_file(path, out):
                raise InvalidInputError(
                    f"{other} {str(out)!r} is the file {option} reads, which it would replace; write to another file"
                )


def _fresh_temp(p: Path) -> tuple[int, Path]:
    """A new file beside ``p`` under a name no other file has (``.<name>.<random>.tmp``), opened for
    reading and writing: made with ``O_EXCL | O_NOFOLLOW``, so whatever another process planted (a
    symlink, a named pipe, a file) is never followed, opened or replaced; its mode is ``0o666`` less the
    umask, as any file negenlab writes (:func:`tempfile.mkstemp` would make it ``0o600``)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = p.with_name(f".{p.name}.{secrets.token_hex(8)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:  # a name taken (by chance, or planted): another one
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(p.parent))


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike, option: str = "the file") -> Iterator[BinaryIO]:
    """A new temporary file beside ``path`` (a unique name, see :func:`_fresh_temp`), open for binary
    writing and reading back, renamed onto ``path`` once the block ends without an error and removed
    if it raises (Ctrl-C too): a reader sees the old file or the new one, never half of one. What is at
    ``path`` and is not a regular file (a symlink, a device node, a named pipe, a folder) is refused
    first, naming ``option``, and never replaced (:func:`replaceable`).

    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "t.bin"
    >>> with atomic_file(target) as fh:
    ...     _ = fh.write(b"whole")
    >>> target.read_bytes(), [f.name for f in target.parent.iterdir()]
    (b'whole', ['t.bin'])
    """
    p = Path(path)
    replaceable(p, option)
    fd, tmp = _fresh_temp(p)
    try:
        with os.fdopen(fd, "w+b") as fh:
            yield fh
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through a temporary file of a unique name in the same
    folder and a rename (:func:`atomic_file`): a reader sees the old file or the new one, never half of
    one. What is at ``path`` and is not a regular file (a symlink, a device node, a named pipe, a
    folder) is refused, not replaced (:func:`replaceable`)."""
    with atomic_file(path) as fh:
        fh.write(data.encode("utf-8") if isinstance(data, str) else data)


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
    "atomic_file",
    "DuplicateKeyError",
    "check_outputs",
    "file_kind",
    "json_values",
    "parse_json",
    "read_bytes",
    "read_gzip_json",
    "read_json",
    "regular_file",
    "replaceable",
    "sha256_file",
    "unique_keys",
    "writable",
    "write_atomic",
]
