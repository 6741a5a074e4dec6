"""The ``negenlab`` command.

    negenlab report <game|all> [-o DIR] [--games N] [--seed S] [--workers W]
    negenlab <game> <verb> ... [--json]

Each game adds its verbs from ``negenlab.<game>.cli.register(parser)``.
"""

from __future__ import annotations

import argparse
import sys

from negenlab import __version__
from negenlab.core.errors import NegenlabError
from negenlab.report import GAMES, TITLES, ReportOptions, build_reports, optional_module


def _game_cli(game: str):
    return optional_module(f"negenlab.{game}.cli")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="negenlab", description="Rules analysis for Negen, FEN, Polymer and Necklace."
    )
    parser.add_argument("--version", action="version", version=f"negenlab {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{report," + ",".join(GAMES) + "}")

    rep = sub.add_parser("report", help="write designer reports (self-contained HTML)")
    rep.add_argument("game", choices=[*GAMES, "all"], help="one game or all")
    rep.add_argument("-o", "--out", default="reports", help="output folder (default: reports)")
    rep.add_argument("--games", type=int, default=None, help="games per simulation study (default: each game's own)")
    rep.add_argument("--seed", type=int, default=2024, help="the seed all randomness flows from (default 2024)")
    rep.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    rep.add_argument("--quiet", action="store_true", help="no progress bars")
    rep.set_defaults(func=_cmd_report)

    for game in GAMES:
        p = sub.add_parser(game, help=f"{TITLES[game]} solvers and studies")
        module = _game_cli(game)
        if module is None:
            p.set_defaults(func=_not_built(game))
        else:
            module.register(p)
    return parser


def _not_built(game: str):
    def run(args) -> int:
        print(f"negenlab: the {TITLES[game]} commands are not built yet in negenlab {__version__}", file=sys.stderr)
        return 2

    return run


def _cmd_report(args) -> int:
    if args.games is not None and args.games < 1:
        raise NegenlabError(f"--games must be >= 1, got {args.games}")
    options = ReportOptions(
        out_dir=args.out, games=args.games, seed=args.seed, workers=args.workers, progress=not args.quiet
    )
    games = "all" if args.game == "all" else [args.game]
    index = build_reports(games, options)
    print(index.resolve())
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.parse_args([*(argv or sys.argv[1:]), "--help"])
        return 2
    try:
        return int(func(args) or 0)
    except NegenlabError as exc:
        print(f"negenlab: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
