"""Helpers for the games' command-line verbs: one way to print text or ``--json``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

from .checks import MAX_SEED, SEED_WHY
from .errors import InvalidInputError
from .simulate import GAMES_WHY, MAX_GAMES, MAX_WORKERS, WORKERS_WHY, simulate


def add_json_flag(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


def to_jsonable(obj: Any) -> Any:
    if isinstance(obj, pd.DataFrame):
        return json.loads(obj.to_json(orient="records"))
    if hasattr(obj, "to_dict") and not isinstance(obj, dict):
        return to_jsonable(obj.to_dict())
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set)):
        return [to_jsonable(v) for v in obj]
    if hasattr(obj, "item") and callable(obj.item):  # numpy scalars
        return obj.item()
    return obj


def emit(result: Any, as_json: bool, text: str | None = None) -> None:
    """Print ``result`` as JSON when ``as_json``, else ``text`` (or a readable form of result)."""
    if as_json:
        json.dump(to_jsonable(result), sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
    elif text is not None:
        print(text)
    elif isinstance(result, pd.DataFrame):
        print(result.to_string(index=False))
    else:
        print(result)


MAX_TEXT_BYTES = 16 * 2**20
"""The largest text argument read from ``@file`` or stdin (16 MiB): every text the verbs read
(tables, hands, boards) is far smaller, and a larger one is almost surely the wrong file."""


def read_text_arg(value: str) -> str:
    """A CLI text argument: ``-`` reads stdin, ``@file`` reads a file, anything else is literal
    (with the two-character sequence ``\\n`` read as a newline, for one-line shells).

    A file that is missing, a folder, not UTF-8 text or larger than 16 MiB is refused in one line
    (:class:`InvalidInputError`).
    """
    if value == "-":
        if sys.stdin is None:  # started with standard input closed (<&-)
            raise InvalidInputError("'-' reads standard input, which is closed; give the text, or @file")
        stdin = getattr(sys.stdin, "buffer", None)  # a test may put a text stream there
        data = stdin.read(MAX_TEXT_BYTES + 1) if stdin is not None else sys.stdin.read(MAX_TEXT_BYTES + 1).encode()
        return _checked_text(data, "standard input")
    if value.startswith("@"):
        path = Path(value[1:])
        where = f"file {str(path)!r}"
        if not value[1:]:
            raise InvalidInputError("@ needs a file name after it (@table.txt), or give the text itself")
        if path.is_dir():
            raise InvalidInputError(f"{where} is a folder, expected a text file")
        try:
            with open(path, "rb") as fh:
                data = fh.read(MAX_TEXT_BYTES + 1)
        except FileNotFoundError:
            raise InvalidInputError(f"{where} does not exist") from None
        except OSError as exc:
            raise InvalidInputError(f"{where} cannot be read: {exc.strerror or exc}") from None
        return _checked_text(data, where)
    return value.replace("\\n", "\n")


def _checked_text(data: bytes, where: str) -> str:
    if len(data) > MAX_TEXT_BYTES:
        raise InvalidInputError(f"{where} holds more than {MAX_TEXT_BYTES // 2**20} MiB; the text read is at most that")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(f"{where} is not UTF-8 text (byte {exc.start} is 0x{data[exc.start]:02x})") from None
    if "\x00" in text:
        raise InvalidInputError(f"{where} holds a NUL byte: it is a binary file, expected text")
    return text


DEFAULT_SEED = 2024


def count(lo: int, hi: int, why: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number ``lo..hi``, with an error that says the range (and why
    ``hi`` is the limit).

    >>> count(0, 5)("3"), count(0, 5)("+4")
    (3, 4)
    >>> count(0, 5)("-5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number 0..5, got -5
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number {lo}..{hi}, got {text!r}") from None
        if not lo <= value <= hi:
            because = f" ({why})" if why and value > hi else ""
            raise argparse.ArgumentTypeError(f"expected a whole number {lo}..{hi}, got {value}{because}")
        return value

    parse.__name__ = f"whole number {lo}..{hi}"
    return parse


positive_int = count(1, 10**9)
"""An argparse type: a whole number 1..10**9."""
seed_arg = count(0, MAX_SEED, SEED_WHY)
"""An argparse type: a seed 0..2**63-1."""
workers_arg = count(1, MAX_WORKERS, WORKERS_WHY)
"""An argparse type: worker processes 1..256."""
games_arg = count(1, MAX_GAMES, GAMES_WHY)
"""An argparse type: games 1..10**7."""


def add_simulate_arguments(parser, default_agents: str = "random", default_games: int = 100) -> None:
    """The options every ``negenlab <game> simulate`` shares, with the same defaults everywhere:
    ``--agents`` (agent specs, one per seat or one for all), ``--games``, ``--seed`` (2024),
    ``--workers`` (all cores), ``--store`` (a resumable Parquet folder) and ``--json``."""
    parser.add_argument(
        "--agents",
        default=default_agents,
        help="agent specs separated by commas, one per seat or one for all seats: random, "
        "mcts:400 (simulations), mcts:2s (seconds), or one of the game's own agents; "
        f"default {default_agents}",
    )
    parser.add_argument(
        "--games", type=games_arg, default=default_games, help=f"games to play (1..10**7, default {default_games})"
    )
    parser.add_argument(
        "--seed",
        type=seed_arg,
        default=DEFAULT_SEED,
        help=f"the seed all randomness flows from (0..2**63-1, default {DEFAULT_SEED})",
    )
    parser.add_argument(
        "--workers", type=workers_arg, default=None, help="worker processes (1..256, default: all cores)"
    )
    parser.add_argument(
        "--store", default=None, help="folder of a resumable store: finished chunks are kept, a rerun resumes"
    )
    add_json_flag(parser)


def number_value(text: str) -> int | float:
    """An int if the text is one, else a float (a ``ValueError`` if neither)."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def rules_value(text: str) -> Any:
    """A Rules value as written on a command line or in a widget: true/false, none (a field's "not
    set", e.g. no clock), a number, else the text.

    >>> rules_value("false"), rules_value("5"), rules_value("0.5"), rules_value("bent"), rules_value("none")
    (False, 5, 0.5, 'bent', None)
    """
    if text.lower() == "none":
        return None
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return number_value(text)
    except ValueError:
        return text


def simulate_from_args(game, agents, args) -> pd.DataFrame:
    """``core.simulate`` with the shared options of :func:`add_simulate_arguments`."""
    return simulate(
        game,
        agents,
        args.games,
        seed=args.seed,
        workers=args.workers,
        store=args.store,
        progress=not getattr(args, "json", False),
    )
