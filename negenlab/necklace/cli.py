"""``negenlab necklace legal|solve|prove|simulate ... [--json]``.

    negenlab necklace legal "R.B\\n...\\n..." --to-move red
    negenlab necklace solve 3 4 --json
    negenlab necklace prove 5 2,2 red --tt-bits 26 --json
    negenlab necklace simulate --size 7 --games 200 --agents random mcts:300 --seed 1
"""
from __future__ import annotations

from negenlab.core.cliutil import add_json_flag, emit, read_text_arg
from negenlab.core.errors import InvalidInputError


def register(parser) -> None:
    sub = parser.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("legal", help="legal moves and illegal points (with reasons) of a position")
    p.add_argument("board", help="rows of . R B separated by newlines or '\\n'; '-' reads stdin, @file a file")
    p.add_argument("--to-move", default="red", help="red or blue (default red)")
    add_json_flag(p)
    p.set_defaults(func=_legal)

    p = sub.add_parser("solve", help="perfect-play result of the empty board for each size (every first move)")
    p.add_argument("sizes", nargs="+", type=int, help="board sizes (3 and 4 finish in seconds; 5 was solved proof by proof with "
                                              "'prove --tt-bits 28', see data/necklace/proofs_5x5.jsonl)")
    p.add_argument("--write", metavar="DIR", default=None, help="also write solutions.csv/json into DIR")
    p.add_argument("--tt-bits", type=int, default=24, help="transposition table of 2**bits entries (default 24)")
    p.add_argument("--max-nodes", type=int, default=0,
                   help="cap per proof (0 = none); capped openings are reported and the row marked incomplete")
    add_json_flag(p)
    p.set_defaults(func=_solve)

    p = sub.add_parser("prove", help="one df-pn proof: does TARGET win after Red opens at R,C (Blue to move)?")
    p.add_argument("size", type=int)
    p.add_argument("opening", help="Red's first move as R,C")
    p.add_argument("target", choices=("red", "blue"))
    p.add_argument("--tt-bits", type=int, default=24, help="transposition table of 2**bits entries (default 24)")
    p.add_argument("--max-nodes", type=int, default=0, help="node cap (0 = none); a capped proof says 'capped'")
    add_json_flag(p)
    p.set_defaults(func=_prove)

    p = sub.add_parser("simulate", help="seeded self-play statistics")
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--agents", nargs=2, default=["random", "random"], metavar=("SEAT0", "SEAT1"),
                   help="random or mcts:SIMS (compiled MCTS), one per seat (default random random)")
    p.add_argument("--no-swap", action="store_true", help="play without the swap (pie) rule")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=None)
    add_json_flag(p)
    p.set_defaults(func=_simulate)


def _legal(args) -> int:
    from .engine import State

    s = State.from_text(read_text_arg(args.board), args.to_move)
    result = {
        "size": s.n, "to_move": s.colour_to_move, "winner": s.winner, "draw": s.is_draw,
        "skipped_turns": s.skipped_turns,
        "legal_moves": [list(m) for m in s.legal_moves()],
        "illegal": [{"point": list(p), "reasons": list(r)} for p, r in sorted(s.illegal_points().items())],
    }
    lines = [s.to_text(), ""]
    if s.is_over:
        lines.append(f"game over: {s.winner + ' wins' if s.winner else 'draw (nobody can move)'}")
    else:
        lines.append(f"{s.colour_to_move} to move" + (f" (the other colour's turn was skipped)" if s.skipped_turns else ""))
        lines.append("legal: " + " ".join(f"{r},{c}" for r, c in s.legal_moves()))
        for (r, c), why in sorted(s.illegal_points().items()):
            lines.append(f"illegal {r},{c}: {' and '.join(why)}")
    emit(result, args.json, "\n".join(lines))
    return 0


def _solve(args) -> int:
    from .solver import solution_from_values, solutions_table, solve, write_tables

    for n in args.sizes:
        if not 2 <= n <= 7:
            raise InvalidInputError(f"solve supports sizes 2..7 (6 and 7 may not finish), got {n}")
    sols = []
    for n in args.sizes:
        s = solve(n, swap=False, tt_bits=args.tt_bits, max_nodes=args.max_nodes)
        sols.append(s)
        sols.append(solution_from_values(n, True, s.opening_values, s.nodes, s.seconds, s.info))
    table = solutions_table(sols)
    for s in sols[::2]:
        if s.info.get("capped"):
            print(f"note: {s.size}x{s.size} openings {' '.join(s.info['capped'])} stopped by --max-nodes "
                  f"{args.max_nodes}; that row is incomplete", file=__import__("sys").stderr)
    if args.write:
        write_tables(sols, args.write)
    emit(table, args.json)
    return 0


def _prove(args) -> int:
    """One line of data/necklace/proofs_5x5.jsonl (``--json``)."""
    import time

    import numpy as np

    from ._kernels import BLUE, RED
    from .solver import ProofSearch

    n = args.size
    try:
        r, c = (int(x) for x in args.opening.split(","))
    except ValueError:
        raise InvalidInputError(f"opening must be R,C (e.g. 2,2), got {args.opening!r}") from None
    if not 2 <= n <= 9 or not (0 <= r < n and 0 <= c < n):
        raise InvalidInputError(f"opening {r},{c} is not on a {n}x{n} board (sizes 2..9)")
    search = ProofSearch(n, tt_bits=args.tt_bits, node_cap=args.max_nodes)
    board = np.zeros(n * n, dtype=np.int8)
    board[r * n + c] = RED
    t0 = time.perf_counter()
    try:
        wins = search.wins(board, BLUE, RED if args.target == "red" else BLUE)
    except RuntimeError:
        wins = "capped"
    record = {"n": n, "opening": [r, c], "target": args.target, "wins": wins, "nodes": search.nodes,
              "cap": args.max_nodes, "tt_bits": args.tt_bits, "seconds": round(time.perf_counter() - t0, 1)}
    text = (f"{args.target} {'wins' if wins is True else 'does not win' if wins is False else 'undecided (node cap)'}"
            f" after Red opens at {r},{c} on {n}x{n} ({search.nodes} nodes, {record['seconds']} s)")
    emit(record, args.json, text)
    return 0


def _agent(spec: str):
    from negenlab.core.agents import RandomAgent

    from .agents import NumbaMCTSAgent

    if spec == "random":
        return RandomAgent()
    if spec.startswith("mcts:"):
        try:
            return NumbaMCTSAgent(int(spec.split(":", 1)[1]))
        except ValueError:
            pass
    raise InvalidInputError(f"unknown agent {spec!r}: expected 'random' or 'mcts:SIMS' (e.g. mcts:300)")


def _simulate(args) -> int:
    from negenlab.core import simulate
    from negenlab.core.metrics import mean_interval, summary, win_rates

    from .engine import Necklace

    if args.games < 1:
        raise InvalidInputError(f"--games must be >= 1, got {args.games}")
    game = Necklace(args.size, swap=not args.no_swap)
    agents = [_agent(a) for a in args.agents]
    df = simulate(game, agents, args.games, seed=args.seed, workers=args.workers, progress=False)
    colours = win_rates(df, column="winner_colour", labels=["red", "blue", "draw"])
    extra = {k: mean_interval(df[k]) for k in ("skipped_turns", "crosscut_turns", "seclusion_turns", "length")}
    result = {"rules": game.describe(), "agents": [a.describe() for a in agents], "seed": args.seed,
              "colour_win_rates": colours, "summary": summary(df), "per_game_means": extra,
              "swapped": float(df["swapped"].mean())}
    text = (f"{game.rules}, agents {args.agents}, {args.games} games, seed {args.seed}\n\n"
            f"{colours.to_string(index=False)}\n\n{summary(df).to_string(index=False)}\n\n"
            + "\n".join(f"{k}: mean {v['value']:.2f} [{v['lo']:.2f}, {v['hi']:.2f}] (n={v['n']})" for k, v in extra.items())
            + f"\nswapped: {df['swapped'].mean():.3f}")
    emit(result, args.json, text)
    return 0
