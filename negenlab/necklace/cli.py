"""``negenlab necklace legal|solve|prove|certify|verify|simulate ... [--json]``.

    negenlab necklace legal "R.B\\n...\\n..." --to-move red
    negenlab necklace solve 3 4 --json
    negenlab necklace solve 3 4 --tt-bits 22 --proofs data/necklace/proofs_5x5.jsonl --write data/necklace
    negenlab necklace prove 5 2,2 red --tt-bits 26 --json
    negenlab necklace certify 4 data/necklace/certificate_4x4.json.gz
    negenlab necklace verify data/necklace/certificate_4x4.json.gz --json
    negenlab necklace simulate --size 7 --games 200 --agents random,mcts:300 --seed 1

``--agents`` takes the shared agent specs, one for both seats or one per seat: ``random``, ``mcts``
(the compiled MCTS, 200 simulations) or ``mcts:N`` (N simulations per decision).
"""

from __future__ import annotations

import sys
from typing import Any

from negenlab.core.cliutil import add_json_flag, add_simulate_arguments, count, emit, read_text_arg
from negenlab.core.errors import InvalidInputError
from negenlab.core.files import check_outputs

from .rules import MAX_SIZE

_TT_BITS = count(10, 28, "the table takes 27 bytes an entry: 28 bits is 7 GB")
_TT_HELP = "transposition table of 2**bits entries, 10..28 (27 bytes each: 24 bits is 450 MB; default 24)"
_MAX_NODES = count(0, 10**15)


def register(parser) -> Any:
    sub = parser.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("legal", help="legal moves and illegal points (with reasons) of a position")
    p.add_argument("board", help="rows of . R B separated by newlines or '\\n'; '-' reads stdin, @file a file")
    p.add_argument("--to-move", default="red", help="red or blue (default red)")
    add_json_flag(p)
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("solve", help="perfect-play result of the empty board for each size (every first move)")
    p.add_argument(
        "sizes",
        nargs="*",
        type=int,
        help="board sizes (3 and 4 finish in seconds; 5 was solved proof by "
        "proof with 'prove --tt-bits 28', see --proofs)",
    )
    p.add_argument(
        "--proofs",
        action="append",
        default=[],
        metavar="FILE",
        help="also derive the sizes of a file of single proofs (lines of 'prove --json', e.g. "
        "data/necklace/proofs_5x5.jsonl); may be repeated",
    )
    p.add_argument(
        "--write",
        metavar="DIR",
        default=None,
        help="also write solutions.csv and solution_openings.csv (with JSON sidecars) into DIR",
    )
    p.add_argument("--tt-bits", type=_TT_BITS, default=24, help=_TT_HELP)
    p.add_argument(
        "--max-nodes",
        type=_MAX_NODES,
        default=0,
        help="cap per proof (0 = none); capped openings are reported and the row marked incomplete",
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("prove", help="one df-pn proof: does TARGET win after Red opens at R,C (Blue to move)?")
    p.add_argument("size", type=count(2, 9, "larger boards are beyond a single proof"), help="board size, 2..9")
    p.add_argument("opening", help="Red's first move as R,C")
    p.add_argument("target", choices=("red", "blue"))
    p.add_argument("--tt-bits", type=_TT_BITS, default=24, help=_TT_HELP)
    p.add_argument("--max-nodes", type=_MAX_NODES, default=0, help="node cap (0 = none); a capped proof says 'capped'")
    p.add_argument(
        "--method",
        choices=("dfpn", "alphabeta"),
        default="dfpn",
        help="df-pn (default) or the plain alpha-beta proof search, a second method",
    )
    p.add_argument(
        "--keys",
        choices=("exact", "zobrist"),
        default=None,
        help="transposition keys: the exact board (default up to 5x5: no two positions share a key) or 64-bit Zobrist",
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_prove)

    p = sub.add_parser("certify", help="write a proof certificate of every opening of a small board")
    p.add_argument("size", type=count(2, 6, "a certificate lists every position of the proof"), help="board size")
    p.add_argument("out", help="the certificate file to write (.json, or .json.gz to compress)")
    p.add_argument("--tt-bits", type=_TT_BITS, default=22, help=_TT_HELP.replace("default 24", "default 22"))
    p.add_argument(
        "--opening",
        action="append",
        default=None,
        metavar="R,C",
        help="certify only this opening of Red's (repeatable; default: every opening)",
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_certify)

    p = sub.add_parser("verify", help="check a proof certificate with the rules alone (no search)")
    p.add_argument("file", help="a certificate (e.g. data/necklace/certificate_4x4.json.gz)")
    add_json_flag(p)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("simulate", help="seeded self-play statistics")
    p.add_argument("--size", type=count(2, MAX_SIZE), default=9, help=f"board size, 2..{MAX_SIZE} (default 9)")
    p.add_argument("--no-swap", action="store_true", help="play without the swap (pie) rule")
    add_simulate_arguments(p, default_agents="random", default_games=100)
    p.set_defaults(func=cmd_simulate)
    return sub  # negenlab's own verbs (variant) join the game's


def cmd_legal(args) -> int:
    from .game import State, skip_text

    s = State.from_text(read_text_arg(args.board), args.to_move)
    result = {
        "size": s.n,
        "to_move": s.colour_to_move,
        "winner": s.winner,
        "draw": s.is_draw,
        "skipped_turns": s.skipped_turns,
        "skipped": [colour for _, colour in s.skips],
        "legal_moves": [list(m) for m in s.legal_moves()],
        "illegal": [
            {"point": list(p), "reasons": list(r)}
            | ({"sealed": [list(q) for q in s.sealed_by(p)]} if "seclusion" in r else {})
            for p, r in sorted(s.illegal_points().items())
        ],
    }
    lines = [s.to_text(), ""]
    if s.is_over:
        lines.append(f"game over: {s.winner + ' wins' if s.winner else 'draw (nobody can move)'}")
    else:
        lines.append(f"{s.colour_to_move} to move" + "".join(f" ({skip_text(c)})" for _, c in s.skips))
        lines.append("legal: " + " ".join(f"{r},{c}" for r, c in s.legal_moves()))
        for (r, c), why in sorted(s.illegal_points().items()):
            sealed = " ".join(f"{a},{b}" for a, b in s.sealed_by((r, c))) if "seclusion" in why else ""
            lines.append(f"illegal {r},{c}: {' and '.join(why)}" + (f" (would seal off {sealed})" if sealed else ""))
    emit(result, args.json, "\n".join(lines))
    return 0


def _solve_command(args) -> str:
    """The command line that makes what ``solve`` wrote (recorded in the tables' sidecars)."""
    parts = ["negenlab necklace solve", *map(str, args.sizes), f"--tt-bits {args.tt_bits}"]
    parts += [f"--max-nodes {args.max_nodes}"] if args.max_nodes else []
    parts += [f"--proofs {p}" for p in args.proofs]
    parts += [f"--write {args.write}"] if args.write else []
    return " ".join(parts)


def cmd_solve(args) -> int:
    from pathlib import Path

    from .solver import solutions_table
    from .study import read_proofs, solutions, write_solution_tables

    for n in args.sizes:
        if not 2 <= n <= 7:
            raise InvalidInputError(f"solve supports sizes 2..7 (6 and 7 may not finish), got {n}")
    if not args.sizes and not args.proofs:
        raise InvalidInputError("name board sizes to solve (e.g. 3 4) or --proofs files to derive sizes from")
    if args.write is not None:  # before any search: the tables and their sidecars
        tables = [f"{name}.{ext}" for name in ("solutions", "solution_openings") for ext in ("csv", "json")]
        check_outputs(
            folders=[("--write", args.write)],
            files=[("--write", Path(args.write) / name) for name in tables],
            reads=[("--proofs", path) for path in args.proofs],
        )
    proofs: dict[int, list[dict]] = {}
    notes = {}
    for path in args.proofs:
        try:
            found = read_proofs(Path(path).read_text().splitlines())
        except (OSError, ValueError, KeyError) as err:
            raise InvalidInputError(f"--proofs {path}: not a file of 'prove --json' lines ({err})") from None
        for n, records in found.items():
            proofs.setdefault(n, []).extend(records)
            notes[str(n)] = (
                f"{Path(path).name}: one line per df-pn proof (opening, target colour, result "
                "true/false/'capped', nodes, seconds, node cap); the "
                f"{n}x{n} rows are derived from it by negenlab.necklace.solver.values_from_proofs; "
                f"nodes and seconds of the {n}x{n} rows are sums over it"
            )
    sols = solutions(
        args.sizes, tt_bits=args.tt_bits, max_nodes=args.max_nodes, proofs=proofs, proofs_source=", ".join(args.proofs)
    )
    table = solutions_table(sols)
    for s in sols[::2]:
        if s.info.get("capped"):
            print(
                f"note: {s.size}x{s.size} openings {' '.join(s.info['capped'])} stopped by --max-nodes "
                f"{args.max_nodes}; that row is incomplete",
                file=sys.stderr,
            )
    if args.write is not None:
        write_solution_tables(
            sols, args.write, command=_solve_command(args), extra_info={"proofs": notes} if notes else None
        )
    emit(table, args.json)
    return 0


def cmd_certify(args) -> int:
    from .certificate import certificate, write_certificate

    def say(line: str) -> None:
        if not args.json:
            print(line, file=sys.stderr)

    openings = None if args.opening is None else [_point(text, args.size) for text in args.opening]
    check_outputs(files=[("certify's certificate file", args.out)])  # before the search, which takes minutes
    cert = certificate(args.size, openings=openings, tt_bits=args.tt_bits, progress=say)
    command = (
        f"negenlab necklace certify {args.size} {args.out}"
        + (f" --tt-bits {args.tt_bits}" if args.tt_bits != 22 else "")
        + "".join(f" --opening {text}" for text in args.opening or [])
    )
    path = write_certificate(cert, args.out, command=command)
    record = {k: v for k, v in cert.items() if k != "moves"} | {"moves": len(cert["moves"]), "file": str(path)}
    emit(record, args.json, f"wrote {path}: {len(cert['openings'])} openings, {len(cert['moves'])} moves")
    return 0


def _point(text: str, n: int) -> tuple[int, int]:
    try:
        r, c = (int(x) for x in text.split(","))
    except ValueError:
        raise InvalidInputError(f"an opening is R,C (e.g. 2,2), got {text!r}") from None
    if not (0 <= r < n and 0 <= c < n):
        raise InvalidInputError(f"opening {r},{c} is not on a {n}x{n} board (rows and columns 0..{n - 1})")
    return r, c


def cmd_verify(args) -> int:
    from .verify import verify_file

    verdict = verify_file(args.file)
    record = verdict.as_dict()
    if verdict.verified:
        text = (
            f"verified: {len(verdict.openings)} openings of {verdict.size}x{verdict.size} "
            f"({verdict.positions} positions checked"
            + (f"; without swap {record['winner']} wins, with swap the second player)" if verdict.complete else ")")
        )
    else:
        text = f"NOT verified: {verdict.failure}"
    emit(record, args.json, text)
    return 0 if verdict.verified else 1


def cmd_prove(args) -> int:
    """One proof attempt's record (:func:`~negenlab.necklace.study.attack_opening`; ``--json``), as
    data/necklace/proofs_5x5.jsonl and the 6x6 attempts keep them."""
    from .study import attack_opening

    n = args.size
    try:
        r, c = (int(x) for x in args.opening.split(","))
    except ValueError:
        raise InvalidInputError(f"opening must be R,C (e.g. 2,2), got {args.opening!r}") from None
    if not 2 <= n <= 9 or not (0 <= r < n and 0 <= c < n):
        raise InvalidInputError(f"opening {r},{c} is not on a {n}x{n} board (sizes 2..9)")
    record = attack_opening(n, r, c, args.target, args.max_nodes, args.tt_bits, method=args.method, keys=args.keys)
    wins = record["wins"]
    text = (
        f"{args.target} {'wins' if wins is True else 'does not win' if wins is False else 'undecided (node cap)'}"
        f" after Red opens at {r},{c} on {n}x{n} ({record['nodes']} nodes, {record['seconds']} s)"
    )
    emit(record, args.json, text)
    return 0


def cmd_simulate(args) -> int:
    from negenlab.core.cliutil import simulate_from_args
    from negenlab.core.metrics import summary, win_rates
    from negenlab.core.registry import parse_agent_specs

    from . import ENTRY
    from .game import NecklaceGame
    from .rules import Rules
    from .study import summarise, wide_view

    game = NecklaceGame(Rules(size=args.size, swap=not args.no_swap))
    agents = ENTRY.seat_agents(args.agents, game.num_players)
    df = simulate_from_args(game, agents, args)
    colours = win_rates(df, column="winner_colour", labels=["red", "blue", "draw"])
    matchup = " vs ".join(map(str, parse_agent_specs(args.agents)))
    necklace = summarise(df, group=f"{args.size}x{args.size}, {matchup}")
    result = {
        "rules": game.describe(),
        "agents": [a.describe() for a in agents],
        "seed": args.seed,
        "colour_win_rates": colours,
        "summary": summary(df),
        "necklace_summary": necklace,
    }
    text = (
        f"{game.rules}, agents {args.agents}, {args.games} games, seed {args.seed}\n\n"
        f"{colours.to_string(index=False)}\n\n{summary(df).to_string(index=False)}\n\n"
        f"{wide_view(necklace).T.to_string()}"
    )
    emit(result, args.json, text)
    return 0
