"""The play verbs of ``negenlab negen``: ``turns`` and ``simulate`` (each with ``--json``).

    negenlab negen turns ". . . . . . 4\\n6 5 4 . 3 . ." --board 5,2,2,1 [--closing] [--max-states N] [--json]
    negenlab negen simulate --players 3 --agents greedy,random --games 10 --seed 1 [--json]

``turns`` lists every legal end-of-turn table, exactly (tables are position-free: where spirals
lie means nothing, so each turn is shown with its spirals laid out side by side). The rule
options default to ``Rules()`` (straight/adjacency/join).

>>> import argparse
>>> parser = argparse.ArgumentParser(); register_verbs(parser.add_subparsers(dest="verb"))
>>> args = parser.parse_args(["turns", "1 2 3\\n2 . 4\\n3 4 .", "--board", "5", "--closing"])
>>> args.func(args)   # doctest: +ELLIPSIS
1 closing turns (1 closing), search complete, ... states explored
  1. add [5] [closes] [depletes]: 1 2 3 / 2 . 4 / 3 4 5
0
"""
from __future__ import annotations

from negenlab.core.cliutil import add_json_flag, emit, read_text_arg
from negenlab.core.errors import InvalidInputError

from .rules import Rules


_DEFAULT = Rules()


def _rules_args(p) -> None:
    p.add_argument("--shape", choices=("straight", "bent"), default=_DEFAULT.sequence_shape,
                   help=f"sequence_shape (default {_DEFAULT.sequence_shape})")
    p.add_argument("--coverage", choices=("adjacency", "die"), default=_DEFAULT.coverage,
                   help=f"coverage (default {_DEFAULT.coverage})")
    p.add_argument("--rearrange", choices=("join", "free"), default=_DEFAULT.rearrange,
                   help=f"rearrange (default {_DEFAULT.rearrange})")
    p.add_argument("--free-moves", type=int, default=_DEFAULT.free_moves,
                   help=f"under --rearrange free: single dice a turn may take out (0..4, default {_DEFAULT.free_moves})")


def _rules(args, **more) -> Rules:
    return Rules(sequence_shape=args.shape, coverage=args.coverage, rearrange=args.rearrange,
                 free_moves=args.free_moves, **more)


def _board(text: str) -> tuple[int, ...]:
    text = text.strip()
    if not text:
        return ()
    out = []
    for tok in text.replace(" ", ",").split(","):
        if not tok:
            continue
        if tok not in ("1", "2", "3", "4", "5", "6"):
            raise InvalidInputError(f"--board: {tok!r} is not a die value 1-6 (give e.g. 5,2,2,1)")
        out.append(int(tok))
    return tuple(out)


def register_verbs(sub) -> None:
    """Add ``turns`` and ``simulate`` to the ``negenlab negen`` sub-parsers."""
    p = sub.add_parser("turns", help="every legal end-of-turn table from a position (or the closing ones)")
    p.add_argument("table", help="table text (rows of 1-6 and '.', '\\n' between rows, @file or -)")
    p.add_argument("--board", required=True, help="the mover's board dice, e.g. 5,2,2,1")
    p.add_argument("--closing", action="store_true", help="only turns that close a spiral")
    p.add_argument("--max-states", type=int, default=None,
                   help="cap the component states the search expands (default: none; a capped search says so)")
    p.add_argument("--show", type=int, default=20, help="turns printed in text mode (default 20)")
    _rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_turns)

    p = sub.add_parser("simulate", help="simulate Negen rounds/games with agents; balance summary")
    p.add_argument("--players", type=int, default=3, help="3 or 4 (engine: 2..6)")
    p.add_argument("--agents", default="random", help="comma list, one per seat or one for all: random, greedy, mcts")
    p.add_argument("--games", type=int, default=10, help="games to simulate (default 10)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--target-score", type=int, default=1, help="points to win a game (default 1: one round per game)")
    p.add_argument("--pool", type=int, default=60, help="pool size (default 60)")
    p.add_argument("--max-turns", type=int, default=500)
    p.add_argument("--workers", type=int, default=1)
    _rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_simulate)


def cmd_turns(args) -> int:
    from .turns import closing_turns, legal_turns

    rules = _rules(args)
    table = read_text_arg(args.table)
    board = _board(args.board)
    search = closing_turns if args.closing else legal_turns
    res = search(table, board=board, rules=rules, max_states=args.max_states)
    status = "complete" if res.complete else f"stopped: {res.stopped}"
    lines = [f"{len(res.turns)} {'closing' if args.closing else 'legal'} turns ({len(res.closing)} closing), "
             f"search {status}, {res.explored} states explored"]
    for i, t in enumerate(res.turns[:args.show], 1):
        what = "refuse" if t.refusal else f"add {list(t.used)}"
        flags = "".join(f" [{f}]" for f, on in (("closes", t.closed), ("depletes", t.depleted),
                                                  (f"{t.merges} merge(s)", t.merges),
                                                  (f"{t.moved} die(s) moved", t.moved)) if on)
        lines.append(f"  {i}. {what}{flags}: " + t.text().replace("\n", " / "))
    if len(res.turns) > args.show:
        lines.append(f"  ... {len(res.turns) - args.show} more (--show N or --json)")
    emit({"rules": vars(rules), "board": list(board), **res.to_dict()}, args.json, "\n".join(lines))
    return 0


def cmd_simulate(args) -> int:
    from negenlab.core.metrics import summary
    from negenlab.core.simulate import simulate

    from .agents import make_agent
    from .game import Negen
    from .study import summarise_cell

    if args.games < 1:
        raise InvalidInputError(f"--games must be >= 1, got {args.games}")
    names = [a.strip() for a in args.agents.split(",") if a.strip()]
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise InvalidInputError(f"--agents names {len(names)} agents for {args.players} players; give one or one per seat")
    rules = _rules(args, players=args.players, target_score=args.target_score, pool_size=args.pool,
                   max_turns=args.max_turns)
    agents = [make_agent(n) for n in names]
    df = simulate(Negen(rules), agents, n_games=args.games, seed=args.seed, workers=args.workers, progress=False)
    result = {"rules": vars(rules), "agents": [a.describe() for a in agents], "seed": args.seed,
              "summary": summary(df), "games": df}
    text = [f"{args.games} games of Negen, {args.players} players, agents {names}, seed {args.seed}"]
    if args.target_score == 1:
        row = summarise_cell(df, {"players": args.players, "mix": ",".join(names), "variant": rules.label})
        result["rounds"] = row
        text.append(f"turns per round: {row['turns']:.1f} [{row['turns_lo']:.1f}, {row['turns_hi']:.1f}]; "
                    f"seat 1 wins {row['seat0_win']:.0%} [{row['seat0_lo']:.0%}, {row['seat0_hi']:.0%}]; "
                    f"refusals/turn {row['refusal']:.0%}; depletions/turn {row['depletion']:.0%}; "
                    f"stalled {row['stalled']:.0%} [{row['stalled_lo']:.0%}, {row['stalled_hi']:.0%}] of {row['n']}")
    text.append(summary(df).to_string(index=False))
    text.append("round ends: " + ", ".join(f"{k}: {v}" for k, v in
                                            df["end_reasons"].str.split(";").explode().value_counts().items()))
    emit(result, args.json, "\n".join(text))
    return 0
