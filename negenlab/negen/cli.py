"""``negenlab negen <verb>``: the spiral analysis and play on the command line (each verb with ``--json``).

    negenlab negen check "6 5 4\\n. . 3" [--shape bent] [--coverage die]
    negenlab negen complete "1 2 3\\n2 . 4\\n3 4 ?" [--closed] [--limit N]
    negenlab negen enumerate --max-k 6
    negenlab negen odds "6 5 4"
    negenlab negen turns ". . . . . . 4\\n6 5 4 . 3 . ." --board 5,2,2,1 [--closing] [--max-states N]
    negenlab negen simulate --players 3 --agents greedy,random,random --games 10 [--seed 2024] [--store DIR]

Table text: rows of 1-6 and '.', separated by spaces; ``\\n`` (two characters) separates rows
on one line, ``@file`` reads a file, ``-`` reads stdin. ``turns`` lists every legal end-of-turn
table, exactly (tables are position-free: where spirals lie means nothing, so each turn is shown
with its spirals laid out side by side). ``simulate`` takes the shared options of every game
(``--agents`` specs such as ``greedy`` or ``mcts:200``, ``--games``, ``--seed``, ``--workers``,
``--store``). The rule options default to ``Rules()`` (straight/adjacency/join). ``turns`` refuses
a start table with an invalid spiral (no game reaches one) in one line.

>>> import argparse
>>> parser = argparse.ArgumentParser(); verbs = register(parser)
>>> args = parser.parse_args(["turns", "1 2 3\\n2 . 4\\n3 . 5", "--board", "4", "--closing"])
>>> args.func(args)   # doctest: +ELLIPSIS
1 closing turns (1 closing), search complete, ... states explored
  1. add [4] [closes] [depletes]: 1 2 3 / 2 . 4 / 3 4 5
0
"""

from __future__ import annotations

from typing import Any

from negenlab.core.cliutil import add_json_flag, add_simulate_arguments, count, emit, read_text_arg
from negenlab.core.errors import InvalidInputError
from negenlab.core.game import seat_name
from negenlab.core.metrics import rate_text

from .rules import Rules
from .spirals import check_table
from .table import parse_table

_DEFAULT = Rules()
MAX_LISTED = 1_000_000
_LISTED_WHY = "each one listed is kept in memory and printed"


_RULE_FLAGS = (  # flag, Rules field, argparse options, help (argparse fills in %(default)s)
    (
        "--shape",
        "sequence_shape",
        {"choices": ("straight", "bent")},
        "sequence_shape: straight or bent (L shapes) (default %(default)s)",
    ),
    (
        "--coverage",
        "coverage",
        {"choices": ("adjacency", "die")},
        "coverage: every adjacent pair or every die in a sequence (default %(default)s)",
    ),
    ("--rearrange", "rearrange", {"choices": ("join", "free")}, "rearrange (default %(default)s)"),
    (
        "--free-moves",
        "free_moves",
        {"type": int},
        "under --rearrange free: single dice a turn may take out (0..4, default %(default)s)",
    ),
)


def _rules_args(p, play: bool = False) -> None:
    """``--shape`` and ``--coverage``; with ``play`` also ``--rearrange`` and ``--free-moves``."""
    for flag, field, options, text in _RULE_FLAGS[: 4 if play else 2]:
        p.add_argument(flag, default=getattr(_DEFAULT, field), help=text, **options)


def _rules(args, **more) -> Rules:
    play = {"rearrange": args.rearrange, "free_moves": args.free_moves} if hasattr(args, "rearrange") else {}
    return Rules(sequence_shape=args.shape, coverage=args.coverage, **play, **more)


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


def register(parser) -> Any:
    sub = parser.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("check", help="validity, closure and witness of every spiral of a table")
    p.add_argument("table", help="table text (rows of 1-6 and '.', '\\n' between rows, @file or -)")
    _rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("complete", help="every way to fill the '?' cells so that the spiral is valid")
    p.add_argument("pattern", help="table text with '?' for blanks")
    p.add_argument("--closed", action="store_true", help="only completions whose spiral is closed")
    p.add_argument(
        "--limit",
        type=count(1, MAX_LISTED, _LISTED_WHY),
        default=1000,
        help=f"stop after this many completions (1..{MAX_LISTED}, default 1000)",
    )
    _rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_complete)

    p = sub.add_parser("enumerate", help="count valid (and closed) spirals with k dice")
    p.add_argument(
        "--max-k",
        type=count(1, 14, "k = 12 took minutes per reading; each die more multiplies the spirals"),
        default=6,
        help="largest number of dice (1..14, default 6)",
    )
    _rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_enumerate)

    p = sub.add_parser(
        "odds",
        help="chance that a random board of 4 dice can close a spiral (by adding dice, and with every legal turn)",
    )
    p.add_argument("table", help="the spiral (table text)")
    p.add_argument(
        "--max-added",
        type=count(1, 4, "a board holds 4 dice"),
        default=4,
        help="board dice that may be added (1..4, default 4)",
    )
    _rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser("turns", help="every legal end-of-turn table from a position (or the closing ones)")
    p.add_argument("table", help="table text (rows of 1-6 and '.', '\\n' between rows, @file or -)")
    p.add_argument("--board", required=True, help="the mover's board dice, e.g. 5,2,2,1")
    p.add_argument("--closing", action="store_true", help="only turns that close a spiral")
    p.add_argument(
        "--max-states",
        type=int,
        default=None,
        help="cap the component states the search expands (>= 1; default: none; a capped search says so)",
    )
    p.add_argument(
        "--show",
        type=count(0, MAX_LISTED, _LISTED_WHY),
        default=20,
        help=f"turns printed in text mode (0..{MAX_LISTED}, default 20)",
    )
    _rules_args(p, play=True)
    add_json_flag(p)
    p.set_defaults(func=cmd_turns)

    p = sub.add_parser("simulate", help="simulate Negen rounds/games with agents; balance summary")
    add_simulate_arguments(p, default_agents="random", default_games=10)
    p.add_argument("--players", type=int, default=3, help="3 or 4 (engine: 2..6)")
    p.add_argument("--target-score", type=int, default=1, help="points to win a game (default 1: one round per game)")
    p.add_argument("--pool", type=int, default=60, help="pool size (default 60)")
    p.add_argument("--max-turns", type=int, default=500)
    _rules_args(p, play=True)
    p.set_defaults(func=cmd_simulate)
    return sub  # negenlab's own verbs (variant) join the game's


def cmd_check(args) -> int:
    table = parse_table(read_text_arg(args.table))
    verdicts = check_table(table, _rules(args))
    result = {
        "rules": _rules(args),
        "valid": all(v.valid for v in verdicts),
        "closed": any(v.closed for v in verdicts),
        "spirals": [v.to_dict() for v in verdicts],
    }
    text = "\n".join(v.summary() for v in verdicts)
    emit({**result, "rules": vars(result["rules"])}, args.json, text)
    return 0 if result["valid"] else 1


def cmd_complete(args) -> int:
    from .completions import complete

    res = complete(read_text_arg(args.pattern), _rules(args), closed=True if args.closed else None, limit=args.limit)
    emit(res.to_dict(), args.json, res.summary())
    return 0


def cmd_enumerate(args) -> int:
    from .enumerate import count_spirals

    df = count_spirals(args.max_k, _rules(args))
    emit(df, args.json)
    return 0


def cmd_odds(args) -> int:
    from .agents import closing_odds
    from .odds import adding_only_closing_odds

    table, rules = parse_table(read_text_arg(args.table)), _rules(args)
    res = adding_only_closing_odds(table, rules, max_added=args.max_added)
    exact = closing_odds(table, rules)
    out = dict(
        res.to_dict(),
        with_turns={"probability": float(exact), "numerator": exact.numerator, "denominator": exact.denominator},
    )
    emit(
        out,
        args.json,
        res.summary() + f"\nwith every legal turn (joins, bridges{', moves' if rules.rearrange == 'free' else ''}"
        f" and new spirals included): {float(exact):.4f} = {exact.numerator}/{exact.denominator}",
    )
    return 0


def cmd_turns(args) -> int:
    from .turns import closing_turns, legal_turns

    rules = _rules(args)
    table = parse_table(read_text_arg(args.table))
    board = _board(args.board)
    invalid = [v for v in check_table(table, rules) if not v.valid]
    if invalid:  # no position of a game has one: every turn ends with every spiral valid
        first = invalid[0].summary().split(":")[0]
        raise InvalidInputError(
            f"the start table is invalid under {rules.label}: {len(invalid)} of its spirals "
            f"{'is' if len(invalid) == 1 else 'are'} invalid (the first: {first}; `negenlab negen check` shows why); "
            "a game's table holds only valid spirals"
        )
    search = closing_turns if args.closing else legal_turns
    res = search(table, board=board, rules=rules, max_states=args.max_states)
    status = "complete" if res.complete else f"stopped: {res.stopped}"
    lines = [
        f"{len(res.turns)} {'closing' if args.closing else 'legal'} turns ({len(res.closing)} closing), "
        f"search {status}, {res.explored} states explored"
    ]
    for i, t in enumerate(res.turns[: args.show], 1):
        what = "refuse" if t.refusal else f"add {list(t.used)}"
        flags = "".join(
            f" [{f}]"
            for f, on in (
                ("closes", t.closed),
                ("depletes", t.depleted),
                (f"{t.merges} merge(s)", t.merges),
                (f"{t.moved} die(s) moved", t.moved),
            )
            if on
        )
        lines.append(f"  {i}. {what}{flags}: " + t.text().replace("\n", " / "))
    if len(res.turns) > args.show:
        lines.append(f"  ... {len(res.turns) - args.show} more (--show N or --json)")
    emit({"rules": vars(rules), "board": list(board), **res.to_dict()}, args.json, "\n".join(lines))
    return 0


def cmd_simulate(args) -> int:
    from negenlab import games
    from negenlab.core.cliutil import simulate_from_args
    from negenlab.core.metrics import summary
    from negenlab.core.registry import parse_agent_specs

    from .game import NegenGame
    from .study import cell_summary, summarise_cell

    rules = _rules(
        args, players=args.players, target_score=args.target_score, pool_size=args.pool, max_turns=args.max_turns
    )
    agents = games.entry("negen").seat_agents(args.agents, args.players)
    specs = [str(s) for s in parse_agent_specs(args.agents)]
    names = specs * args.players if len(specs) == 1 else specs
    df = simulate_from_args(NegenGame(rules), agents, args)
    result = {
        "rules": vars(rules),
        "agents": [a.describe() for a in agents],
        "seed": args.seed,
        "summary": summary(df),
        "games": df,
    }
    text = [f"{args.games} games of Negen, {args.players} players, agents {names}, seed {args.seed}"]
    if args.target_score == 1:
        cell = {"players": args.players, "mix": ",".join(names), "variant": rules.label}
        row = summarise_cell(df, cell)
        result["rounds"] = row
        result["intervals"] = cell_summary(df, cell)
        text.append(
            f"turns per round: {row['turns']:.1f} [{row['turns_lo']:.1f}, {row['turns_hi']:.1f}]; "
            f"{seat_name(0)} wins {rate_text(row['seat0_win'], row['seat0_lo'], row['seat0_hi'])}; "
            f"refusals/turn {rate_text(row['refusal'])}; depletions/turn {rate_text(row['depletion'])}; "
            f"stalled {rate_text(row['stalled'], row['stalled_lo'], row['stalled_hi'], row['n'])}"
        )
    text.append(summary(df).to_string(index=False))
    text.append(
        "round ends: "
        + ", ".join(f"{k}: {v}" for k, v in df["end_reasons"].str.split(";").explode().value_counts().items())
    )
    emit(result, args.json, "\n".join(text))
    return 0
