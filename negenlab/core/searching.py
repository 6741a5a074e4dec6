"""Long compiled searches that a person can watch and stop.

A solver's kernel (numba, compiled with ``nogil=True``) counts its nodes in a small integer array and
stops when the count passes a cap kept in the same array. :func:`run_search` runs the kernel in a
thread and waits in short steps: every few seconds it reports the nodes so far and the rate, and on
Ctrl-C it lowers the cap to the nodes already searched, so the kernel stops at its next node, and
raises :class:`SearchInterrupted` with the count (within a second of the key, whatever the search).

>>> import numpy as np
>>> counters = np.zeros(4, dtype=np.int64)
>>> def kernel():                         # a stand-in for a compiled search
...     counters[0] = 12_345
...     return "won"
>>> run_search(kernel, counters, nodes=0, cap=2)
'won'
"""

from __future__ import annotations

import resource
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

import numpy as np

from .errors import InvalidInputError, NegenlabError

T = TypeVar("T")

PROGRESS_SECONDS = 5.0
"""How often a long search says how far it is."""


class SearchInterrupted(NegenlabError, KeyboardInterrupt):
    """A search stopped by Ctrl-C; ``nodes`` says how far it got. The command prints what it had."""

    def __init__(self, nodes: int, what: str = "the search"):
        super().__init__(f"{what} stopped by Ctrl-C after {nodes:,} positions")
        self.nodes = nodes


class held_interrupt:
    """A block in which Ctrl-C is held, not raised: compiled code (numba) cannot stop midway, and an
    interrupt met as a kernel hands back its arrays ends in numba's ``SystemError ... returned a result
    with an exception set``. The loop inside asks :meth:`check` between its calls into compiled code,
    which raises :class:`KeyboardInterrupt` once Ctrl-C came; at the block's end a held Ctrl-C goes to
    the handler it was held from (by default, :class:`KeyboardInterrupt`). Only in the main thread, where
    Python handles signals, and only where Ctrl-C has a Python handler; elsewhere nothing changes.

    >>> with held_interrupt() as held:
    ...     held.check()  # nothing held: carry on
    >>> bool(held)
    False
    """

    _active: list[held_interrupt] = []

    def __init__(self, raise_at_end: bool = True) -> None:
        """``raise_at_end=False``: the block's end hands a held Ctrl-C on to no one; the caller raises
        it with :meth:`check` where it can clean up (say, once what the block started can be closed)."""
        self.caught: FrameType | None | bool = False
        self._previous: Any = None
        self._raise_at_end = raise_at_end

    def _hold(self, signum: int, frame: FrameType | None) -> None:
        self.caught = frame if frame is not None else True

    def __enter__(self) -> held_interrupt:
        if threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            if callable(previous):
                self._previous = previous
                signal.signal(signal.SIGINT, self._hold)
                held_interrupt._active.append(self)
        return self

    def __exit__(self, exc_type: Any, *exc: Any) -> None:
        if self._previous is None:
            return
        held_interrupt._active.remove(self)
        signal.signal(signal.SIGINT, self._previous)
        if self.caught is not False and exc_type is None and self._raise_at_end:
            frame = self.caught if isinstance(self.caught, FrameType) else None
            self._previous(signal.SIGINT, frame)

    def __bool__(self) -> bool:
        return self.caught is not False

    def check(self) -> None:
        """Raise :class:`KeyboardInterrupt` when Ctrl-C came since the block began."""
        if self.caught is not False:
            raise KeyboardInterrupt


def interrupt_pending() -> bool:
    """Whether Ctrl-C came during an enclosing :class:`held_interrupt` block: a long loop (a search's
    simulations) stops early, and the block raises.

    >>> interrupt_pending()
    False
    """
    return any(held_interrupt._active)


def raise_if_interrupted() -> None:
    """Raise :class:`KeyboardInterrupt` when Ctrl-C came during an enclosing :class:`held_interrupt`
    block: what a loop that waits on other processes asks at each wake-up, so the interrupt is raised
    there, at a clean point, and not wherever the main thread happened to be (a garbage collector's
    callback, a library's event loop)."""
    if interrupt_pending():
        raise KeyboardInterrupt


def terminal_progress(line: str) -> None:
    """Print a progress line to standard error when it is a terminal (a pipe or a log stays quiet)."""
    if sys.stderr.isatty():
        print(line, file=sys.stderr, flush=True)


def memory_check(bytes_needed: int, what: str) -> None:
    """Refuse a table that does not fit the machine's available memory, naming the bytes it takes.

    >>> memory_check(2**20, "a table of 2**15 entries")
    >>> memory_check(2**62, "a table of 2**60 entries")
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: a table of 2**60 entries takes 4,294,967,296.0 GiB, more than the ... GiB this machine has free; choose a smaller --tt-bits
    """
    free = available_memory()
    if free is not None and bytes_needed > free:
        raise InvalidInputError(
            f"{what} takes {bytes_needed / 2**30:,.1f} GiB, more than the {free / 2**30:,.1f} GiB this machine has "
            "free; choose a smaller --tt-bits"
        )


def available_memory() -> int | None:
    """Bytes of memory available now (Linux ``MemAvailable``, within the process's address-space
    limit), or None where the system does not say."""
    limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    try:
        with open("/proc/meminfo") as fh:
            info = dict(line.split(":", 1) for line in fh)
        free = int(info["MemAvailable"].split()[0]) * 1024
    except (OSError, KeyError, ValueError):
        free = None
    if limit not in (resource.RLIM_INFINITY, -1):
        free = limit if free is None else min(free, limit)
    return free


def run_search(
    call: Callable[[], T],
    counters: np.ndarray,
    nodes: int,
    cap: int,
    say: Callable[[str], None] | None = terminal_progress,
    what: str = "the search",
    every: float = PROGRESS_SECONDS,
) -> T:
    """Run ``call()`` (a compiled kernel that releases the GIL) in a thread. ``counters[nodes]`` is its
    node count and ``counters[cap]`` its cap (0: none): every ``every`` seconds ``say`` hears the
    count and the rate; Ctrl-C sets the cap to the count, so the kernel stops at its next node, and
    :class:`SearchInterrupted` is raised once it has."""
    result: dict[str, Any] = {}

    def work() -> None:
        try:
            result["value"] = call()
        except BaseException as exc:  # handed to the caller's thread
            result["error"] = exc

    thread = threading.Thread(target=work, name="negenlab-search", daemon=True)
    start = last = time.perf_counter()
    thread.start()
    interrupted = False
    while thread.is_alive():
        try:
            thread.join(0.1)
        except KeyboardInterrupt:
            interrupted = True
            counters[cap] = max(1, int(counters[nodes]))  # the kernel stops at its next node
            continue
        now = time.perf_counter()
        if say is not None and now - last >= every:
            done = int(counters[nodes])
            say(f"{what}: {done:,} positions, {done / (now - start):,.0f} a second")
            last = now
    if interrupted:
        raise SearchInterrupted(int(counters[nodes]), what)
    if "error" in result:
        raise result["error"]
    return result["value"]


__all__ = [
    "PROGRESS_SECONDS",
    "SearchInterrupted",
    "available_memory",
    "held_interrupt",
    "interrupt_pending",
    "raise_if_interrupted",
    "memory_check",
    "run_search",
    "terminal_progress",
]
