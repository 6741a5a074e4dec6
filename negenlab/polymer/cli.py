"""``negenlab polymer check|longest|simulate|deals ... [--json]``.

    negenlab polymer check "KS QS JS JH JD QD KD"        # exit 0 if a polymer, 1 if not
    negenlab polymer longest "KD QS JD KS JS QD JH 2C"   # an optimal ordering
    negenlab polymer simulate --players 8 --policy selfish,cooperative --games 20
    negenlab polymer deals --deals 200                   # longest polymer by player count
"""
from __future__ import annotations

from negenlab.core.cliutil import add_json_flag, emit, read_text_arg
from negenlab.core.errors import InvalidInputError

from .agents import POLICIES


def register(parser) -> None:
    sub = parser.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("check", help="is this ordering of cards a polymer? (window-by-window)")
    p.add_argument("cards", help='cards in order, e.g. "7S 7H 7D 7S" (- for stdin, @file)')
    add_json_flag(p)
    p.set_defaults(func=_check)

    p = sub.add_parser("longest", help="an exact longest polymer of a hand")
    p.add_argument("cards", help='the hand, e.g. "KD QS JD KS JS QD JH 2C" (- for stdin, @file)')
    p.add_argument("--node-limit", type=int, default=None, help="stop the search after N nodes (result marked inexact)")
    add_json_flag(p)
    p.set_defaults(func=_longest)

    p = sub.add_parser("simulate", help="simulate tables under trading policies")
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--policy", default="no_trade,selfish,cooperative,loans",
                   help=f"comma-separated, from {', '.join(POLICIES)}")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--budget", type=int, default=4, help="proposal turns per player (the timer)")
    p.add_argument("--chain", type=int, default=2, help="farthest trade partner (1 = neighbours only)")
    p.add_argument("--jokers", type=int, default=0, help="cosmic-ray variant with this many jokers")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    add_json_flag(p)
    p.set_defaults(func=_simulate)

    p = sub.add_parser("deals", help="longest polymer of dealt hands by player count (no trading)")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    add_json_flag(p)
    p.set_defaults(func=_deals)


def _check(args) -> int:
    from .validity import explain

    ex = explain(read_text_arg(args.cards))
    emit(ex.to_dict(), args.json, ex.text())
    return 0 if ex.valid else 1


def _longest(args) -> int:
    from .solver import solve

    r = solve(read_text_arg(args.cards), node_limit=args.node_limit)
    emit(r.to_dict(), args.json, f"{r}\nunused: {' '.join(c.code for c in r.unused) or '(none)'}\n"
                                 f"search: {r.nodes} nodes, {r.states} states, {r.seconds * 1000:.2f} ms")
    return 0


def _simulate(args) -> int:
    from .stats import policy_study, policy_summary

    policies = [p.strip() for p in args.policy.split(",") if p.strip()]
    bad = [p for p in policies if p not in POLICIES]
    if bad or not policies:
        raise InvalidInputError(f"unknown policy {bad or args.policy!r}; expected a comma-separated list from {', '.join(POLICIES)}")
    if args.games < 1:
        raise InvalidInputError(f"--games must be >= 1, got {args.games}")
    df = policy_study(players=args.players, policies=policies, games=args.games, seed=args.seed, jokers=args.jokers,
                      trade_budget=args.budget, chain_length=args.chain, workers=args.workers)
    s = policy_summary(df)
    cols = ["policy", "games", "start_length", "final_length", "length_gain", "gain_lo", "gain_hi", "score_gain",
            "trades_per_game", "chain_trades_per_game", "loans_per_game", "boundaries", "tiebreak_needed"]
    emit(s[cols], args.json, s[cols].to_string(index=False, float_format=lambda v: f"{v:.2f}"))
    return 0


def _deals(args) -> int:
    from .stats import deal_lengths, length_by_players

    if args.deals < 1:
        raise InvalidInputError(f"--deals must be >= 1, got {args.deals}")
    t = length_by_players(deal_lengths(deals=args.deals, seed=args.seed))
    cols = ["players", "hand_size", "seats", "mean_length", "length_lo", "length_hi", "no_polymer", "length_ge_6", "mean_score"]
    emit(t[cols], args.json, t[cols].to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    return 0
