"""``python -m negenlab`` and the ``negenlab`` command (:func:`run`).

The command's modules take a second or two to load; Ctrl-C while they load ends the command as it
does later (``negenlab: interrupted``, exit code 130; :func:`negenlab.interrupt.interrupted`), not in a
traceback of the import.
"""

import sys

from negenlab.interrupt import interrupted


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
