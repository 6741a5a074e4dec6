"""The command's answer to Ctrl-C, in one place (:func:`interrupted`): the ``negenlab`` script while
its modules load (:func:`negenlab.__main__.run`) and :func:`negenlab.cli.main` from the building of its
parser on both give it. It imports nothing of negenlab, so that it is there before anything loads.
"""

import sys
from collections.abc import Sequence

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it)."""


def interrupted(argv: Sequence[str], exc: BaseException) -> int:
    """The command's answer to Ctrl-C (``exc``), wherever it lands: while the modules load, while the
    verbs' parsers are built, or in a command: ``negenlab: interrupted`` on standard error and
    :data:`INTERRUPTED`; with ``--debug`` among ``argv`` the interrupt goes on, with its traceback.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     code = interrupted(["games"], KeyboardInterrupt())
    >>> code, err.getvalue()
    (130, 'negenlab: interrupted\\n')
    """
    if "--debug" in argv:
        raise exc
    close_progress_bars()
    if sys.stderr is not None:
        print("negenlab: interrupted", file=sys.stderr)
    return INTERRUPTED


def close_progress_bars() -> None:
    """End every progress bar still open (an interrupt left it mid-line), so that what is printed next
    starts a line of its own, not the end of the bar's."""
    std = sys.modules.get("tqdm.std")  # only if a bar could have been drawn: nothing is imported here
    for bar in list(getattr(getattr(std, "tqdm", None), "_instances", ())):
        try:
            bar.close()
        except (OSError, ValueError):  # its stream already closed: nothing to end
            pass


__all__ = ["INTERRUPTED", "close_progress_bars", "interrupted"]
