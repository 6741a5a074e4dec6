"""``python -m negenlab`` and the ``negenlab`` command (:func:`run`).

The command's modules take a second or two to load; Ctrl-C while they load ends the command as it
does later (``negenlab: interrupted``, exit code 130), not in a traceback of the import.
"""

import sys


def run() -> int:
    """Load :mod:`negenlab.cli` and run its :func:`~negenlab.cli.main` (which answers Ctrl-C in a
    command itself; this catches it while the modules and the verbs' parsers load)."""
    try:
        from negenlab.cli import main  # here, so that Ctrl-C during the loading is caught

        return main()
    except KeyboardInterrupt:
        if "--debug" in sys.argv[1:]:
            raise
        print("negenlab: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(run())
