"""Helpers for the games' command-line verbs: one way to print text or ``--json``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import pandas as pd


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


def read_text_arg(value: str) -> str:
    """A CLI text argument: ``-`` reads stdin, ``@file`` reads a file, anything else is literal
    (with the two-character sequence ``\\n`` read as a newline, for one-line shells)."""
    if value == "-":
        return sys.stdin.read()
    if value.startswith("@"):
        with open(value[1:], encoding="utf-8") as fh:
            return fh.read()
    return value.replace("\\n", "\n")


DEFAULT_SEED = 2024


def positive_int(text: str) -> int:
    """An argparse type: an integer >= 1, with an error that says so."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {value}")
    return value


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
        "--games", type=positive_int, default=default_games, help=f"games to play (default {default_games})"
    )
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"the seed all randomness flows from (default {DEFAULT_SEED})"
    )
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument(
        "--store", default=None, help="folder of a resumable store: finished chunks are kept, a rerun resumes"
    )
    add_json_flag(parser)


def seat_agents(entry, text: str, seats: int) -> list:
    """Agents for ``seats`` seats from ``--agents`` text (one spec repeated, or one per seat).

    >>> from negenlab.core.examples import Nim
    >>> from negenlab.core.registry import GameEntry
    >>> nim = GameEntry("nim", make_game=lambda: Nim((1, 2)))
    >>> [a.name for a in seat_agents(nim, "random", 2)], [a.name for a in seat_agents(nim, "mcts:50,random", 2)]
    (['random', 'random'], ['mcts', 'random'])
    """
    from .registry import AgentSpecError, parse_agent_specs

    specs = parse_agent_specs(text)
    if len(specs) == 1:
        specs = specs * seats
    if len(specs) != seats:
        raise AgentSpecError(f"--agents names {len(specs)} agents for {seats} seats; give one for all or one per seat")
    return [entry.make_agent(s) for s in specs]


def simulate_from_args(game, agents, args) -> pd.DataFrame:
    """``core.simulate`` with the shared options of :func:`add_simulate_arguments`."""
    from .simulate import simulate

    return simulate(
        game,
        agents,
        args.games,
        seed=args.seed,
        workers=args.workers,
        store=args.store,
        progress=not getattr(args, "json", False),
    )
