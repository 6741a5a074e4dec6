"""``negenlab polymer check|longest|simulate|deals ... [--json]``.

    negenlab polymer check "KS QS JS JH JD QD KD"        # exit 0 if a polymer, 1 if not
    negenlab polymer longest "KD QS JD KS JS QD JH 2C"   # an optimal ordering
    negenlab polymer simulate --players 8 --agents selfish --games 20
    negenlab polymer simulate --players 8 --policies selfish,cooperative --games 20   # one table per policy
    negenlab polymer deals --deals 200                   # longest polymer by player count

``simulate`` takes the options every game's ``simulate`` shares (``--agents``, ``--games``,
``--seed``, ``--workers``, ``--store``, ``--json``); ``--agents`` names one agent spec for all
seats or one per seat: the trading policies (no_trade, selfish, cooperative, loans) or the core
random and mcts:N. ``--policies a,b,c`` instead plays one table per policy (every seat alike) on
the same seeds, so the policies are compared on the same deals.
"""

from __future__ import annotations

from typing import Any

from negenlab.core.cliutil import (
    DEFAULT_SEED,
    add_json_flag,
    add_simulate_arguments,
    count,
    emit,
    positive_int,
    read_text_arg,
    seed_arg,
    simulate_from_args,
)
from negenlab.core.errors import InvalidInputError
from negenlab.core.registry import parse_agent_specs

from . import ENTRY

MAX_DEALS = 1_000_000

DEALS_COLUMNS = [
    "players",
    "hand_size",
    "seats",
    "mean_length",
    "length_lo",
    "length_hi",
    "no_polymer",
    "length_ge_6",
    "mean_score",
]


def register(parser) -> Any:
    sub = parser.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("check", help="is this ordering of cards a polymer? (window-by-window)")
    p.add_argument("cards", help='cards in order, e.g. "7S 7H 7D 7S" (- for stdin, @file)')
    add_json_flag(p)
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("longest", help="an exact longest polymer of a hand")
    p.add_argument("cards", help='the hand, e.g. "KD QS JD KS JS QD JH 2C" (- for stdin, @file)')
    p.add_argument(
        "--node-limit", type=positive_int, default=None, help="stop the search after N nodes (result marked inexact)"
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_longest)

    p = sub.add_parser(
        "simulate",
        help="simulate a table, or one table per trading policy on the same seeds",
        description=f"Polymer's agents: {', '.join(ENTRY.agent_names())} (mcts takes a budget: "
        "mcts:400, mcts:2s). --agents plays one table; --policies one table per spec.",
    )
    add_simulate_arguments(p, default_agents=ENTRY.default_agent, default_games=20)
    p.set_defaults(agents=None)  # so that --agents and --policies can be told apart
    p.add_argument(
        "--policies",
        "--policy",
        dest="policies",
        default=None,
        help="one table per agent spec, all seats alike, same seeds: e.g. no_trade,selfish,cooperative,loans",
    )
    p.add_argument("--players", type=int, default=8, help="players at the table, 5..15 (default 8)")
    p.add_argument(
        "--budget", type=int, default=None, help="proposal turns per player (default: none; the 10-minute clock stops)"
    )
    p.add_argument(
        "--open-model",
        action="store_true",
        help="the earlier model: every hand open, one card a trade, 4 proposal turns each and no clock",
    )
    p.add_argument("--chain", type=int, default=2, help="farthest trade partner (1 = neighbours only)")
    p.add_argument("--jokers", type=int, default=0, help="cosmic-ray variant with this many jokers")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("deals", help="longest polymer of dealt hands by player count (no trading)")
    p.add_argument(
        "--deals",
        type=count(1, MAX_DEALS, "each deal is solved exactly, and its row kept"),
        default=200,
        help=f"deals per player count (1..{MAX_DEALS}, default 200)",
    )
    p.add_argument("--seed", type=seed_arg, default=DEFAULT_SEED, help=f"the seed (default {DEFAULT_SEED})")
    add_json_flag(p)
    p.set_defaults(func=cmd_deals)
    return sub  # negenlab's own verbs (variant) join the game's


def cmd_check(args) -> int:
    from .validity import explain

    ex = explain(read_text_arg(args.cards))
    emit(ex.to_dict(), args.json, ex.text())
    return 0 if ex.valid else 1


def cmd_longest(args) -> int:
    from .solver import solve

    r = solve(read_text_arg(args.cards), node_limit=args.node_limit)
    emit(
        r.to_dict(),
        args.json,
        f"{r}\nunused: {' '.join(c.code for c in r.unused) or '(none)'}\n"
        f"search: {r.nodes} nodes, {r.states} states, {r.seconds * 1000:.2f} ms",
    )
    return 0


def cmd_simulate(args) -> int:
    from .game import PolymerGame
    from .rules import OPEN_MODEL, Rules, open_rules
    from .study import policy_headline, policy_study

    if args.policies is not None and args.agents is not None:
        raise InvalidInputError("give --agents (one table) or --policies (one table per policy), not both")
    fields = {"players": args.players, "jokers": args.jokers, "chain_length": args.chain}
    if args.budget is not None:
        fields["trade_budget"] = args.budget
    rules = open_rules(**fields) if args.open_model else Rules(**fields)
    if args.policies is not None:
        policies = [str(s) for s in parse_agent_specs(args.policies)]
        for spec in policies:
            ENTRY.make_agent(spec)  # an unknown name fails here, before any game is played
        df = policy_study(
            players=args.players,
            policies=policies,
            games=args.games,
            seed=args.seed,
            **{f: getattr(rules, f) for f in ("jokers", "chain_length", *OPEN_MODEL)},
            workers=args.workers,
            store=args.store,
        )
    else:
        text = args.agents or ENTRY.default_agent
        agents = ENTRY.seat_agents(text, args.players)
        df = simulate_from_args(PolymerGame(rules), agents, args)
        df.insert(0, "policy", ",".join(str(s) for s in parse_agent_specs(text)))
        df.insert(1, "jokers", args.jokers)
    s = policy_headline(df)
    emit(s, args.json, s.to_string(index=False, float_format=lambda v: f"{v:.2f}"))
    return 0


def cmd_deals(args) -> int:
    from .study import deal_lengths, length_by_players

    t = length_by_players(deal_lengths(deals=args.deals, seed=args.seed))[DEALS_COLUMNS]
    emit(t, args.json, t.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    return 0
