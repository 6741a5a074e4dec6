"""``negenlab negen <verb>``: the spiral analysis on the command line.

    negenlab negen check "6 5 4\\n. . 3" [--shape bent] [--coverage die] [--json]
    negenlab negen complete "1 2 3\\n2 . 4\\n3 4 ?" [--closed] [--limit N] [--json]
    negenlab negen enumerate --max-k 6 [--json]
    negenlab negen odds "6 5 4" [--json]

Table text: rows of 1-6 and '.', separated by spaces; ``\\n`` (two characters) separates rows
on one line, ``@file`` reads a file, ``-`` reads stdin. The play verbs are added by
``negenlab.negen.play_cli.register_verbs`` when that module exists.
"""
from __future__ import annotations


from negenlab.core.cliutil import add_json_flag, emit, read_text_arg
from negenlab.core.errors import InvalidInputError
from .rules import Rules


def _add_rules_args(p) -> None:
    p.add_argument("--shape", choices=("straight", "bent"), default="straight",
                   help="sequence_shape: straight (default) or bent (L shapes)")
    p.add_argument("--coverage", choices=("adjacency", "die"), default="adjacency",
                   help="coverage: every adjacent pair (default) or every die in a sequence")


def _rules(args) -> Rules:
    return Rules(sequence_shape=args.shape, coverage=args.coverage)


def register(parser) -> None:
    sub = parser.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("check", help="validity, closure and witness of every spiral of a table")
    p.add_argument("table", help="table text (rows of 1-6 and '.', '\\n' between rows, @file or -)")
    _add_rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("complete", help="every way to fill the '?' cells so that the spiral is valid")
    p.add_argument("pattern", help="table text with '?' for blanks")
    p.add_argument("--closed", action="store_true", help="only completions whose spiral is closed")
    p.add_argument("--limit", type=int, default=1000, help="stop after this many completions (default 1000)")
    _add_rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_complete)

    p = sub.add_parser("enumerate", help="count valid (and closed) spirals with k dice")
    p.add_argument("--max-k", type=int, default=6, help="largest number of dice (default 6)")
    _add_rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_enumerate)

    p = sub.add_parser("odds", help="chance that a random board of 4 dice can close a spiral "
                                    "(by adding dice, and with every legal turn)")
    p.add_argument("table", help="the spiral (table text)")
    p.add_argument("--max-added", type=int, default=4, help="board dice that may be added (1..4, default 4)")
    _add_rules_args(p)
    add_json_flag(p)
    p.set_defaults(func=cmd_odds)

    from . import play_cli

    play_cli.register_verbs(sub)


def cmd_check(args) -> int:
    from .spirals import check_table
    from .table import parse_table

    table = parse_table(read_text_arg(args.table))
    verdicts = check_table(table, _rules(args))
    result = {"rules": _rules(args), "valid": all(v.valid for v in verdicts),
              "closed": any(v.closed for v in verdicts), "spirals": [v.to_dict() for v in verdicts]}
    text = "\n".join(v.summary() for v in verdicts)
    emit({**result, "rules": vars(result["rules"])}, args.json, text)
    return 0 if result["valid"] else 1


def cmd_complete(args) -> int:
    from .completions import complete

    if args.limit < 1:
        raise InvalidInputError(f"--limit must be >= 1, got {args.limit}")
    res = complete(read_text_arg(args.pattern), _rules(args), closed=True if args.closed else None, limit=args.limit)
    emit(res.to_dict(), args.json, res.summary())
    return 0


def cmd_enumerate(args) -> int:
    from .enumerate import count_spirals

    if not 1 <= args.max_k <= 14:
        raise InvalidInputError(f"--max-k must be 1..14, got {args.max_k}")
    df = count_spirals(args.max_k, _rules(args))
    emit(df, args.json)
    return 0


def cmd_odds(args) -> int:
    from .agents import closing_odds as turn_odds
    from .odds import closing_odds
    from .table import parse_table

    table, rules = parse_table(read_text_arg(args.table)), _rules(args)
    res = closing_odds(table, rules, max_added=args.max_added)
    exact = turn_odds(table, rules)
    out = dict(res.to_dict(), with_turns={"probability": float(exact), "numerator": exact.numerator,
                                          "denominator": exact.denominator})
    emit(out, args.json, res.summary() + f"\nwith every legal turn (joins, bridges{', moves' if rules.rearrange == 'free' else ''}"
                                       f" and new spirals included): {float(exact):.4f} = {exact.numerator}/{exact.denominator}")
    return 0
