"""``negenlab fen <verb>``: n/e of a board, the atlas, self-play balance.

    negenlab fen ne triangle:7 [--scope all] [--json]
    negenlab fen ne data/boards/hexagon_2.json
    negenlab fen atlas [--tilings 4.8.8 3.4.6.4] [--sizes 13 25 49] [--games 100] [--out data/fen/atlas.csv] [--json]
    negenlab fen simulate triangle:7 [--agents random greedy] [--games 200] [--seed 2024] [--no-pie] [--json]

A board is ``triangle:SIDE``, ``hexagon:RADIUS``, ``square:WxH``, ``TILING:FACES`` (e.g. ``4.8.8:37``)
or a board JSON file (schema: ``negenlab.fen.tessellation.JSON_SCHEMA_DOC``).
"""
from __future__ import annotations

import json
import warnings
from pathlib import Path

from negenlab.core.cliutil import add_json_flag, emit
from negenlab.core.errors import InvalidInputError

from .boards import SPEC_HELP, parse_board


def register(parser) -> None:
    sub = parser.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("ne", help="nodes (n) and edges (e) per turn derived from a board")
    p.add_argument("board", help=SPEC_HELP)
    p.add_argument("--scope", choices=("interior", "all"), default="interior",
                   help="count interior nodes/edges only (default) or all of them (the literal reading)")
    add_json_flag(p)
    p.set_defaults(func=cmd_ne)

    p = sub.add_parser("atlas", help="regular and Archimedean tilings: sizes, n/e in both readings, balance")
    p.add_argument("--tilings", nargs="*", default=None, help="vertex configurations (default: all 11)")
    p.add_argument("--sizes", nargs="*", type=int, default=[13, 25, 49], help="face counts (default 13 25 49)")
    p.add_argument("--games", type=int, default=100, help="random self-play games per board and pie setting (0: none)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--workers", type=int, default=None, help="processes (default: serial)")
    p.add_argument("--out", default=None, help="write the table as CSV here (plus a .json sidecar)")
    add_json_flag(p)
    p.set_defaults(func=cmd_atlas)

    p = sub.add_parser("simulate", help="self-play balance on a board, with and without the pie rule")
    p.add_argument("board", help=SPEC_HELP)
    p.add_argument("--agents", nargs=2, default=["random", "random"], metavar=("SEAT0", "SEAT1"),
                   help="random, greedy or mcts for seat 0 (moves first) and seat 1")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--simulations", type=int, default=100, help="MCTS playouts per action (default 100)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    add_json_flag(p)
    p.set_defaults(func=cmd_simulate)


def _board(spec):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        board = parse_board(spec)
    return board


def cmd_ne(args) -> int:
    from .ne import derive_ne

    board = _board(args.board)
    r = derive_ne(board, args.scope)
    out = {"board": board.name, "faces": board.num_faces, "nodes": board.num_nodes, "edges": board.num_edges,
           **r.to_dict(), "board_warnings": board.warnings}
    text = f"{board!r}\n{r}" + "".join(f"\n  board warning: {w}" for w in board.warnings)
    emit(out, args.json, text)
    return 0


def cmd_atlas(args) -> int:
    from negenlab.core.version import package_version

    from .atlas import atlas_table

    if args.games < 0:
        raise InvalidInputError(f"--games must be >= 0, got {args.games}")
    if any(s < 1 for s in args.sizes):
        raise InvalidInputError(f"--sizes must be >= 1, got {args.sizes}")
    backend = "serial" if not args.workers or args.workers <= 1 else "process"
    df = atlas_table(args.tilings, args.sizes, n_games=args.games, seed=args.seed, backend=backend,
                     workers=args.workers)
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        df.to_csv(out, index=False, float_format="%.4f")
        meta = {"made_by": "negenlab fen atlas", "command": f"negenlab fen atlas --sizes {' '.join(map(str, args.sizes))} "
                f"--games {args.games} --seed {args.seed}" + (f" --tilings {' '.join(args.tilings)}" if args.tilings else ""),
                "seed": args.seed, "games_per_board_and_pie_setting": args.games, "agents": ["random", "random"],
                "rules": "negenlab.fen.Rules() defaults (pie_rule on/off as in the columns, partial_claims=True, "
                         "n/e derived with scope='interior')",
                "negenlab_version": package_version(),
                "columns": {"N,E,n,e": "interior reading", "N_all..e_all": "all nodes/edges (literal reading)",
                            "p1_win_*": "seat 0 (first player) win rate with 95% Wilson interval"}}
        out.with_suffix(".json").write_text(json.dumps(meta, indent=2) + "\n")
    emit(df, args.json)
    return 0


def cmd_simulate(args) -> int:
    from .study import balance

    if args.games < 1:
        raise InvalidInputError(f"--games must be >= 1, got {args.games}")
    board = _board(args.board)
    df = balance(board, args.agents, n_games=args.games, seed=args.seed, workers=args.workers,
                 simulations=args.simulations)
    emit(df, args.json)
    return 0
