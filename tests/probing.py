"""What the probe tests share: run the command as a user would, and read its one error line."""

from __future__ import annotations

from negenlab.cli import main


def run_cli(argv: list[str]) -> int:
    """The command's exit code for ``argv`` (argparse's own errors included)."""
    try:
        return main(argv)
    except SystemExit as exc:  # argparse's errors
        return int(exc.code or 0)


def one_error_line(err: str) -> str:
    """The one line a refused input leaves on stderr (no traceback, no second line)."""
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}:\n{err}"
    assert lines[0].startswith("negenlab: error: "), lines[0]
    return lines[0]
