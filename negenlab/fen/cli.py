"""``negenlab fen <verb>``: n/e of a board, the atlas, self-play balance.

    negenlab fen ne triangle:7 [--scope all] [--json]
    negenlab fen ne data/boards/hexagon_2.json
    negenlab fen atlas [--tilings 4.8.8 3.4.6.4] [--sizes 13 25 49] [--games 100] [--out data/fen/atlas.csv] [--json]
    negenlab fen solve square:3x1 [--scope all] [--no-partial-claims] [--max-nodes N] [--json]
    negenlab fen simulate [triangle:7] [--agents random,greedy] [--games 200] [--seed 2024] [--workers W]
                          [--store DIR] [--json]

A board is ``triangle:SIDE``, ``hexagon:RADIUS``, ``square:WxH``, ``TILING:FACES`` (e.g. ``4.8.8:37``)
or a board JSON file (schema: ``negenlab.fen.tessellation.JSON_SCHEMA_DOC``). Agents are specs,
one for both seats or one per seat (seat 1 moves first): ``random``, ``greedy``, ``mcts:400``
(simulations per micro-action), ``mcts:2s`` (seconds).
"""

from __future__ import annotations

import argparse
import dataclasses
import shlex
import warnings
from pathlib import Path
from typing import Any

from negenlab.core.cliutil import (
    add_json_flag,
    add_simulate_arguments,
    count,
    emit,
    seed_arg,
    simulate_from_args,
    workers_arg,
)
from negenlab.core.errors import InvalidInputError
from negenlab.core.files import check_outputs
from negenlab.core.simulate import GAMES_WHY, MAX_GAMES
from negenlab.core.store import table_name

from .boards import SPEC_HELP, parse_board
from .tessellation import FACES_WHY, MAX_FACES


def register(parser) -> Any:
    sub = parser.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("ne", help="nodes (n) and edges (e) per turn derived from a board")
    p.add_argument("board", help=SPEC_HELP)
    p.add_argument(
        "--scope",
        choices=("interior", "all"),
        default="interior",
        help="count interior nodes/edges only (default) or all of them (the literal reading)",
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_ne)

    p = sub.add_parser("atlas", help="regular and Archimedean tilings: sizes, n/e in both readings, balance")
    p.add_argument("--tilings", nargs="*", default=None, help="vertex configurations (default: all 11)")
    p.add_argument(
        "--sizes",
        nargs="*",
        type=count(1, MAX_FACES, FACES_WHY),
        default=[13, 25, 49],
        help=f"face counts, 1..{MAX_FACES} (default 13 25 49)",
    )
    p.add_argument(
        "--games",
        type=count(0, MAX_GAMES, GAMES_WHY),
        default=100,
        help="random self-play games per board and pie setting (0: none)",
    )
    p.add_argument("--seed", type=seed_arg, default=2024)
    p.add_argument("--workers", type=workers_arg, default=None, help="processes, 1..256 (default: serial)")
    p.add_argument("--out", default=None, help="write the table as CSV here (plus a .json sidecar)")
    add_json_flag(p)
    p.set_defaults(func=cmd_atlas)

    p = sub.add_parser(
        "solve", help="solve a small board exactly: every opening's value, the winner with and without the pie rule"
    )
    p.add_argument("board", help=SPEC_HELP + " (at most 64 nodes and edges together, 32 faces)")
    p.add_argument(
        "--scope",
        choices=("interior", "all"),
        default="interior",
        help="derive n and e from interior nodes/edges (default) or all of them (the literal reading)",
    )
    p.add_argument(
        "--no-partial-claims",
        action="store_true",
        help="a claim of fewer than n (e) places is not allowed when no more are left",
    )
    for letter, what in (("n", "nodes"), ("e", "edges")):
        p.add_argument(
            f"--{letter}",
            type=count(1, 64, "a claim covers at most the board's 64 items"),
            default=None,
            help=f"{what} per claim (default: derived from the board)",
        )
    p.add_argument(
        "--max-nodes",
        type=count(1, 10**12, "a search of more than 10**12 positions is beyond a session"),
        default=None,
        help="stop after this many positions and report what is proved (default 200,000,000)",
    )
    p.add_argument(
        "--tt-bits",
        type=count(10, 28, "a table of 2**28 entries takes 7 GB"),
        default=None,
        help="transposition table of 2**BITS entries (default 22)",
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("simulate", help="self-play balance on a board, with and without the pie rule")
    p.add_argument("board", nargs="?", default="triangle:7", help=SPEC_HELP + " (default triangle:7)")
    add_simulate_arguments(p, default_agents="random", default_games=200)
    p.set_defaults(func=cmd_simulate)
    return sub  # negenlab's own verbs (variant) join the game's


def _board(spec):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an even face count is reported by `ne`, not here
        return parse_board(spec)


def cmd_ne(args) -> int:
    from .ne import derive_ne

    board = _board(args.board)
    r = derive_ne(board, args.scope)
    out = {
        "board": board.name,
        "faces": board.num_faces,
        "nodes": board.num_nodes,
        "edges": board.num_edges,
        **r.to_dict(),
        "board_warnings": board.warnings,
    }
    text = f"{board!r}\n{r}" + "".join(f"\n  board warning: {w}" for w in board.warnings)
    emit(out, args.json, text)
    return 0


def atlas_command(args) -> str:
    """The command line that makes this atlas table again."""
    words = [
        "negenlab",
        "fen",
        "atlas",
        "--sizes",
        *map(str, args.sizes),
        "--games",
        str(args.games),
        "--seed",
        str(args.seed),
    ]
    if args.tilings:
        words += ["--tilings", *args.tilings]
    if args.out:
        words += ["--out", args.out]
    return shlex.join(words)


def cmd_atlas(args) -> int:
    from negenlab.core.agents import RandomAgent
    from negenlab.core.store import ResultStore

    from .rules import Rules
    from .study import atlas_table

    if args.out is not None and Path(args.out).suffix != ".csv":
        raise InvalidInputError(f"--out must name a .csv file, got {args.out!r}")
    if args.out is not None:  # the table and its sidecar, before any game is played
        table_name(Path(args.out).stem)
        check_outputs(files=[("--out", args.out), ("--out's sidecar", Path(args.out).with_suffix(".json"))])
    backend = "serial" if not args.workers or args.workers <= 1 else "process"
    df = atlas_table(
        args.tilings, args.sizes, n_games=args.games, seed=args.seed, backend=backend, workers=args.workers
    )
    if args.out:
        out = Path(args.out)
        # the Rules() defaults, but for the pie rule: the table plays both settings
        rules = {**dataclasses.asdict(Rules()), "pie_rule": "both: off in the *_nopie columns, on in the *_pie ones"}
        ResultStore(out.parent).save_csv(
            out.stem,
            df,
            rules=rules,
            agents=[RandomAgent(), RandomAgent()],
            seed=args.seed,
            command=atlas_command(args),
            float_format="%.4f",
            made_by="negenlab fen atlas",
            games_per_board_and_pie_setting=args.games,
            columns={
                "N,E,n,e": "interior reading",
                "N_all..e_all": "all nodes/edges (literal reading)",
                "p1_win_*": "seat 1 (first) win rate with 95% Wilson interval",
            },
        )
    emit(df, args.json)
    return 0


def cmd_simulate(args) -> int:
    from negenlab import games

    from .game import FenGame
    from .study import balance_table, pie_settings

    board = _board(args.board)
    agents = games.entry("fen").seat_agents(args.agents, 2)
    runs = {}
    for rules in pie_settings(None):
        tag = "pie" if rules.pie_rule else "nopie"
        # one resumable store per pie setting: the two runs are different games
        run_args = argparse.Namespace(**{**vars(args), "store": args.store and str(Path(args.store) / tag)})
        runs[rules.pie_rule] = simulate_from_args(FenGame(board, rules), agents, run_args)
    emit(balance_table(board.name, " vs ".join(a.name for a in agents), runs), args.json)
    return 0


def solve_command(args) -> str:
    """The command line that makes this solution again."""
    words = ["negenlab", "fen", "solve", args.board]
    if args.scope != "interior":
        words += ["--scope", args.scope]
    if args.no_partial_claims:
        words.append("--no-partial-claims")
    for flag in ("n", "e", "max_nodes", "tt_bits"):
        if getattr(args, flag) is not None:
            words += [f"--{flag.replace('_', '-')}", str(getattr(args, flag))]
    return shlex.join(words)


def cmd_solve(args) -> int:
    import sys

    from .game import FenGame
    from .rules import Rules
    from .solver import DEFAULT_MAX_NODES, DEFAULT_TT_BITS, solve

    rules = Rules(n=args.n, e=args.e, ne_scope=args.scope, partial_claims=not args.no_partial_claims)
    game = FenGame(_board(args.board), rules)

    def say(line: str) -> None:
        if not args.json:
            print(line, file=sys.stderr)

    solution = solve(
        game,
        tt_bits=args.tt_bits or DEFAULT_TT_BITS,
        max_nodes=args.max_nodes or DEFAULT_MAX_NODES,
        progress=say,
    )
    solution.board = args.board
    solution.extra["command"] = solve_command(args)
    out = solution.to_dict()
    counts = solution.openings["value"].value_counts().to_dict()
    text = (
        f"{args.board} (n={solution.n}, e={solution.e}, {rules.ne_scope} reading, partial claims "
        f"{'on' if rules.partial_claims else 'off'}): winner {solution.winner or 'unknown'}, with the pie rule "
        f"{solution.winner_with_pie or 'unknown'}"
        + ("" if solution.complete or not solution.with_pie_by else f" ({solution.with_pie_by})")
        + f"\n{len(solution.openings)} openings: "
        + ", ".join(f"{counts[k]} {k}" for k in ("win", "draw", "loss", "unknown") if k in counts)
        + f" for the player who makes them; {solution.nodes:,} positions in {solution.seconds} s"
        + (
            ""
            if solution.complete
            else "\nstopped by Ctrl-C: the openings not reached are unknown"
            if solution.interrupted
            else f"\nstopped at the cap of {solution.max_nodes:,} positions: not solved"
        )
    )
    emit(out, args.json, text)
    return 130 if solution.interrupted else 0
