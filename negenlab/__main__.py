"""``python -m negenlab`` and the ``negenlab`` command (:func:`run`).

The command's modules take a second or two to load; Ctrl-C while they load ends the command as it
does later (``negenlab: interrupted``, exit code 130), not in a traceback of the import. The answer
to Ctrl-C is given in one place, :func:`interrupted`, wherever it lands.
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
    if sys.stderr is not None:
        print("negenlab: interrupted", file=sys.stderr)
    return INTERRUPTED


def run() -> int:
    """Load :mod:`negenlab.cli` and run its :func:`~negenlab.cli.main` (which answers Ctrl-C itself,
    from the building of its parser on); this answers it while the modules load."""
    try:
        from negenlab.cli import main  # here, so that Ctrl-C during the loading is caught

        return main()
    except KeyboardInterrupt as exc:
        return interrupted(sys.argv[1:], exc)


if __name__ == "__main__":
    sys.exit(run())
