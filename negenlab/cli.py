"""The ``negenlab`` command.

    negenlab [--debug] report <game|all> [-o DIR] [--games N] [--seed S] [--workers W]
    negenlab [--debug] study <game> [NAME|check] [--seed S] [--workers W] [--out DIR] [--json]
             [--backend serial|process|dask] [--scheduler ADDRESS]
    negenlab [--debug] <game> <verb> ... [--json]
    negenlab [--debug] games [--json]

The games are the registry's (:func:`negenlab.games.names`): a built-in game adds its verbs from
``negenlab.<game>.cli.register(parser)``; a plug-in game gets negenlab's generic verbs (``simulate``,
``variant``). A plug-in that fails to load keeps its name, and its verbs say why in one line.
OpenSpiel's games (``openspiel:NAME``, with the extra ``negenlab[openspiel]``) are added as plug-ins
when a command names one: ``negenlab openspiel:tic_tac_toe solve``, ``negenlab report openspiel:hex``.

A user's mistake (bad input: negenlab's own errors, a file that cannot be read or written) ends
with one line ``negenlab: error: <message>`` and exit code 2; ``--debug`` shows the traceback
instead. Any other exception is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import warnings
from pathlib import Path
from typing import Any

from negenlab import __version__, games
from negenlab.core.cliutil import (
    DEFAULT_SEED,
    add_json_flag,
    add_simulate_arguments,
    emit,
    number_value,
    rules_value,
    seed_arg,
    simulate_from_args,
    workers_arg,
)
from negenlab.core.errors import InvalidInputError, NegenlabError
from negenlab.core.files import check_outputs, write_atomic
from negenlab.core.findings import verdict_records
from negenlab.core.metrics import summary, win_rates
from negenlab.core.searching import SearchInterrupted, terminal_progress
from negenlab.core.simulate import GAMES_WHY, MAX_GAMES, backend_block, check_backend
from negenlab.core.solve import DEFAULT_MAX_NODES, certificate
from negenlab.core.solve import solve as solve_game
from negenlab.core.studies import check_tally
from negenlab.core.variant import SavedVariant
from negenlab.interrupt import close_progress_bars, interrupted
from negenlab.openspiel import PREFIX as OPENSPIEL
from negenlab.report import GAMES, ReportOptions, build_reports, optional_module, page_name
from negenlab.report.variants import variant_page
from negenlab.scaffold import new_game


def _game_cli(game: str):
    return optional_module(f"negenlab.{game}.cli")


class _Parser(argparse.ArgumentParser):
    """argparse with its errors on one line, as negenlab's own: ``negenlab: error: <verb>: <message>``
    and exit code 2 (``--help`` shows the usage). Every subcommand's parser is one too."""

    def error(self, message: str):  # type: ignore[override]
        where = self.prog.removeprefix("negenlab").strip()
        hint = f"{self.prog} --help"
        self.exit(2, f"negenlab: error: {where + ': ' if where else ''}{' '.join(message.split())} (see {hint})\n")


def build_parser(openspiel: tuple[str, ...] = ()) -> argparse.ArgumentParser:
    """The command's parser: every registered game, then the OpenSpiel games named in ``openspiel``
    (``openspiel:NAME``: resolved on demand, as :func:`negenlab.games.entry` does)."""
    names = games.names() + tuple(dict.fromkeys(openspiel))  # the built-ins, the plug-ins, OpenSpiel's asked for
    parser = _Parser(
        prog="negenlab", description="Rules analysis for Negen, FEN, Polymer and Necklace, and any game plugged in."
    )
    parser.add_argument("--version", action="version", version=f"negenlab {__version__}")
    parser.add_argument("--debug", action="store_true", help="show the traceback of an error (for bug reports)")
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="{report,study,tune,games,new," + ",".join(names) + "}"
    )

    rep = sub.add_parser("report", help="write designer reports (self-contained HTML)")
    rep.add_argument("game", choices=[*names, "all"], help="one game or all")
    rep.add_argument("-o", "--out", default="reports", help="output folder (default: reports)")
    rep.add_argument("--games", type=int, default=None, help="games per simulation study (default: each game's own)")
    rep.add_argument("--seed", type=seed_arg, default=2024, help="the seed all randomness flows from (default 2024)")
    rep.add_argument("--workers", type=workers_arg, default=None, help="worker processes (default: all cores)")
    rep.add_argument("--quiet", action="store_true", help="no progress bars")
    rep.add_argument(
        "--json",
        action="store_true",
        help="print the pages' verdict records (claim id, verdict, number, n, interval, players, level, recheck) "
        "from the committed studies, and write no page",
    )
    rep.set_defaults(func=_cmd_report)

    st = sub.add_parser(
        "study",
        help="the long studies behind the reports (resumable), and a fresh check of committed numbers",
        description="Run one of a game's studies and write data/<game>/<name>.csv with a sidecar "
        "recording its command; its games are kept in runs/<game>/<name> so a rerun resumes. "
        "Without NAME, list the game's studies. NAME 'check' re-runs a small sample and compares "
        "it with the committed numbers.",
    )
    st.add_argument("game", choices=names)
    st.add_argument("name", nargs="?", default=None, help="a study name, or 'check' (default: list them)")
    st.add_argument("--seed", type=seed_arg, default=DEFAULT_SEED, help=f"the seed (default {DEFAULT_SEED})")
    st.add_argument("--workers", type=workers_arg, default=None, help="worker processes (default: all cores)")
    st.add_argument("--out", default=None, help="folder for the table (default: data/<game>)")
    st.add_argument(
        "--store",
        default=None,
        help="folder of the resumable store (default: the study's committed store if it keeps one, else runs/<game>/<name>)",
    )
    st.add_argument("--no-store", action="store_true", help="keep no store (nothing to resume)")
    _add_backend(st)
    add_json_flag(st)
    st.set_defaults(func=_cmd_study)

    tu = sub.add_parser(
        "tune",
        help="search Rules fields for settings that meet designer targets (Optuna TPE, seeded)",
        description="Search the given Rules fields for settings whose self-play meets the targets; the best "
        "settings are measured again on the next seed and each target judged met, missed or undecided.",
    )
    tu.add_argument("game", choices=names)
    tu.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=LO..HI|A,B",
        help="a Rules field to search (one value fixes it)",
    )
    tu.add_argument(
        "--target",
        action="append",
        default=[],
        metavar="METRIC=LO..HI",
        help="seat_share (first seat's win share; 'fair+-0.02' for 1/players +- 0.02), length or draw_rate",
    )
    tu.add_argument("--agents", default=None, help="agent specs, one per seat (default: the game's default agents)")
    tu.add_argument("--budget", type=int, default=20, help="trials (default 20)")
    tu.add_argument("--games-per-trial", type=int, default=100, help="games per trial (default 100)")
    tu.add_argument("--confirm", type=int, default=3, help="best settings measured again (default 3)")
    tu.add_argument("--seed", type=seed_arg, default=DEFAULT_SEED, help=f"the seed (default {DEFAULT_SEED})")
    tu.add_argument("--workers", type=workers_arg, default=1, help="worker processes per trial (default 1)")
    tu.add_argument("--store", default=None, help="folder keeping finished trials (a rerun resumes)")
    tu.add_argument(
        "--max-units",
        type=int,
        default=300,
        help="cap of each paired SPRT of a confirmed setting against the default Rules, in seat-rotated units (default 300)",
    )
    _add_backend(tu)
    add_json_flag(tu)
    tu.set_defaults(func=_cmd_tune)

    ls = sub.add_parser(
        "games",
        help="list the games: the built-ins and the plug-ins, and why a plug-in failed to load",
        description="Every game of the registry with its title and where it comes from (built-in, a plug-in's "
        "entry point in the group negenlab.games, or registered at run time); a plug-in that cannot be "
        "registered or loaded is listed with the reason, on one line.",
    )
    add_json_flag(ls)
    ls.set_defaults(func=_cmd_games)

    nw = sub.add_parser(
        "new",
        help="write a plug-in game package to start from (negenlab-NAME: pyproject, Rules, State, tests)",
        description="Write negenlab-NAME/: a package whose entry point (group negenlab.games) makes NAME a game of "
        "negenlab once pip installs it: a take-away game to replace with yours, a frozen Rules dataclass, a State "
        "with key() (so solve works), an empty claims register, and tests that run negenlab's conformance check.",
    )
    nw.add_argument("name", help="the game's name: a lowercase word (letters, digits, _)")
    nw.add_argument("--dir", default=".", help="where to write negenlab-NAME (default: here)")
    add_json_flag(nw)
    nw.set_defaults(func=_cmd_new)

    for game in names:
        if not games.is_builtin(game):
            _add_plugin_game(sub, game)
            continue
        p = sub.add_parser(game, help=f"{games.title(game)} solvers and studies")
        module = _game_cli(game)
        if module is None:
            p.set_defaults(func=_not_built(game))
        else:
            _add_variant_verb(module.register(p), game)
    return parser


def _add_plugin_game(sub, game: str) -> None:
    """A plug-in game's verbs: negenlab's generic ones. One that fails to load keeps its name and says
    why in one line, whatever verb is given."""
    try:
        entry = games.entry(game)
    except InvalidInputError as exc:
        p = sub.add_parser(game, help="a plug-in game that failed to load", add_help=False)
        p.add_argument("rest", nargs=argparse.REMAINDER)
        p.set_defaults(func=_failed(str(exc)))
        return
    p = sub.add_parser(game, help=f"{games.title(game)} (a plug-in game): simulate, variant, solve")
    verbs = p.add_subparsers(dest="verb", required=True)
    s = verbs.add_parser(
        "simulate",
        help="seeded self-play statistics under the default Rules or the --set fields",
        description=f"Play {games.title(game)} with the given agents, seats as given, and print each seat's win "
        "rate and the balance statistics with their intervals.",
    )
    s.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE", help="a Rules field to play under")
    add_simulate_arguments(s, default_agents=entry.default_agent, default_games=100)
    s.set_defaults(func=_cmd_simulate, game=game)
    _add_variant_verb(verbs, game)
    v = verbs.add_parser(
        "solve",
        help="the exact value under perfect play (a deterministic game of perfect information, small enough)",
        description=f"Solve {games.title(game)} exactly (negenlab.core.solve: alpha-beta with a table keyed by each "
        "state's key(), expectimax at chance nodes): the value, the winning or best first moves, the positions "
        "searched, and where a cap stopped it (then no value is claimed).",
    )
    v.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE", help="a Rules field to solve under")
    v.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES, help="stop after this many positions")
    v.add_argument("--seconds", type=float, default=None, help="stop after this many seconds (default: no limit)")
    v.add_argument("--certificate", default=None, metavar="FILE", help="write a certificate of a win (JSON)")
    add_json_flag(v)
    v.set_defaults(func=_cmd_solve, game=game)


def _cmd_solve(args) -> int:
    """A plug-in game solved exactly (the built-ins have their own solvers)."""
    if args.certificate is not None:
        _nonempty(args, "certificate", "--certificate")
        check_outputs(files=[("--certificate", args.certificate)])
    game = games.load(args.game, **_set_fields(args.set))
    solution = solve_game(
        game, max_nodes=args.max_nodes, seconds=args.seconds, progress=None if args.json else terminal_progress
    )
    out = solution.to_dict()
    text = "\n".join(solution.lines())
    if args.certificate is not None:
        if solution.outcome not in ("first player wins", "second player wins"):
            raise NegenlabError(f"--certificate: {solution.outcome or 'not solved'}; a certificate proves a win")
        write_atomic(args.certificate, json.dumps(certificate(solution)))
        out["certificate"] = args.certificate
        text += f"\nwrote the certificate {args.certificate}"
    emit(out, args.json, text)
    return 0


def _cmd_new(args) -> int:
    folder = new_game(args.name, args.dir)
    emit(
        {"game": args.name, "folder": str(folder)},
        args.json,
        f"wrote {folder}: pip install -e {folder}, then negenlab games lists {args.name}; its tests: pytest {folder}/tests",
    )
    return 0


def _cmd_games(args) -> int:
    broken = games.broken()  # loads every plug-in
    rows = [{"game": g, "title": games.title(g), "from": games.origin(g), "status": "ok"} for g in games.names()]
    rows += [{"game": g, "title": "", "from": "", "status": line} for g, line in broken.items()]
    width = max(len(r["game"]) for r in rows)
    lines = [
        f"{r['game']:<{width}}  {r['title'] + ' (' + r['from'] + ')' if r['status'] == 'ok' else r['status']}"
        for r in rows
    ]
    emit(rows, args.json, "\n".join(lines))
    return 0


def _failed(message: str):
    def run(args) -> int:
        raise NegenlabError(message)

    return run


def _set_fields(given: list[str], fields: dict[str, Any] | None = None) -> dict[str, Any]:
    """Rules fields from ``--set FIELD=VALUE`` options (each field once, one value each), over
    ``fields``."""
    out = dict(fields or {})
    seen: set[str] = set()
    for text in given:
        name, sep, value = text.partition("=")
        if not sep or not name or not value or "," in value or ".." in value:
            raise NegenlabError(f"--set {text!r}: expected FIELD=VALUE with one value (e.g. pie_rule=false)")
        if name in seen:
            raise NegenlabError(f"--set names {name!r} twice; give each field once")
        seen.add(name)
        out[name] = rules_value(value)
    return out


def _cmd_simulate(args) -> int:
    """A plug-in game's self-play statistics (the built-ins have their own simulate verbs)."""
    fields = _set_fields(args.set)
    game = games.load(args.game, **fields)
    agents = games.entry(args.game).seat_agents(args.agents, game.num_players)
    df = simulate_from_args(game, agents, args)
    seats, table = win_rates(df), summary(df)
    shown = ", ".join(f"{k}={v}" for k, v in fields.items()) or "the default Rules"
    result = {
        "game": args.game,
        "rules": game.describe(),
        "agents": [a.describe() for a in agents],
        "games": args.games,
        "seed": args.seed,
        "win_rates": seats,
        "summary": table,
    }
    text = (
        f"{games.title(args.game)} under {shown}, agents {args.agents}, {args.games} games, seed {args.seed}\n\n"
        f"{seats.to_string(index=False)}\n\n{table.to_string(index=False)}"
    )
    emit(result, args.json, text)
    return 0


def _add_variant_verb(verbs, game: str) -> None:
    p = verbs.add_parser(
        "variant",
        help="try a variant: the same seeded games under the default Rules and yours, claim by claim",
        description=f"Play {games.title(game)} under the default Rules and under the --set fields on common seeds, seats "
        "rotated, in batches until two one-sided SPRTs decide each claim's metric (higher, lower or no change) or "
        "--max-units is reached. By default a quick screen: the run's own players (--agents), never a verdict. "
        "With --as-page the variant is judged as the page judges the game: the page's two player strengths, each "
        "in every seat, on the study's seed, each claim holds, fails or stays undecided (slow where the page's "
        "players are).",
    )
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE", help="a Rules field of the variant")
    p.add_argument(
        "--from",
        dest="load",
        default=None,
        metavar="FILE",
        help="a saved variant (JSON: its fields, players, seed); --set and the options given override it",
    )
    p.add_argument("--save", default=None, metavar="FILE", help="also save the variant to FILE, to run it again")
    p.add_argument(
        "--html",
        default=None,
        metavar="FILE",
        help="also write the answer as one self-contained HTML page (verdicts first, picture embedded)",
    )
    p.add_argument("--agents", default=None, help="one spec for every seat, or one per seat (default: the game's own)")
    p.add_argument(
        "--as-page",
        action="store_true",
        help="judge as the page does: the page's own players (both strengths) and verdicts, not a quick screen",
    )
    p.add_argument("--batch", type=int, default=None, help="units per batch (default 50)")
    p.add_argument("--max-units", type=int, default=None, help="stop after this many units undecided (default 400)")
    p.add_argument("--seed", type=seed_arg, default=None, help=f"the seed (default {DEFAULT_SEED})")
    p.add_argument("--workers", type=workers_arg, default=1, help="worker processes (default 1)")
    p.add_argument("--store", default=None, help="folder keeping the games (a rerun resumes)")
    _add_backend(p)
    add_json_flag(p)
    p.set_defaults(func=_cmd_variant, game=game)


def _cmd_variant(args) -> int:
    saved = SavedVariant.load(args.load) if args.load is not None else SavedVariant(args.game, {})
    if saved.game != args.game:
        raise NegenlabError(f"--from {args.load}: the variant is of {saved.game}, not {args.game}")
    fields = _set_fields(args.set, saved.fields)
    for option in ("store", "save", "html", "load"):
        _nonempty(args, option, f"--{'from' if option == 'load' else option}")
    if args.as_page and args.agents is not None:
        raise InvalidInputError("--as-page plays the page's own players; leave out --agents (or drop --as-page)")
    check_outputs(
        files=[("--save", args.save), ("--html", args.html)], reads=[("--from", args.load), ("--store", args.store)]
    )
    variant = SavedVariant(
        args.game,
        fields,
        agents=args.agents if args.agents is not None else saved.agents,
        seed=args.seed if args.seed is not None else saved.seed,
        max_units=args.max_units if args.max_units is not None else saved.max_units,
        batch=args.batch if args.batch is not None else saved.batch,
        note=saved.note,
    )
    command = " ".join(
        [f"negenlab {args.game} variant", *(f"--set {k}={str(v).lower() if isinstance(v, bool) else v}"
                                            for k, v in variant.fields.items())]
        + ([f"--agents {variant.agents}"] if variant.agents else [])
        + [f"--batch {variant.batch} --max-units {variant.max_units} --seed {variant.seed}"]
        + (["--as-page"] if args.as_page else [])
    )  # fmt: skip
    with backend_block(args.backend, args.scheduler, args.workers):
        if args.as_page:
            result = games.judge_variant(
                args.game, variant.fields, seed=variant.seed, batch=variant.batch, max_units=variant.max_units,
                store=args.store, workers=args.workers, progress=not args.json, command=command,
            )  # fmt: skip
        else:
            result = games.try_variant(
                args.game, variant.fields, variant.agents, seed=variant.seed, batch=variant.batch,
                max_units=variant.max_units, store=args.store, workers=args.workers, progress=not args.json,
                command=command,
            )  # fmt: skip
    if args.save is not None:
        variant.save(args.save)
    if args.html is not None:
        write_atomic(args.html, variant_page(result, games.title(args.game), variant))
    lines = [f"{command}", result.headline()]
    lines += [finding.line() for finding in result.findings]
    if result.page:
        lines += ["At the default Rules the page says (its players, its committed games):"]
        lines += [f"  {f.line()}" for f in result.page]
    lines += [f"saved the variant to {args.save}"] if args.save else []
    lines += [f"wrote the page {args.html}"] if args.html else []
    emit(result.to_dict() | {"saved": args.save, "html": args.html}, args.json, "\n".join(lines))
    return 0


def _not_built(game: str):
    def run(args) -> int:
        print(
            f"negenlab: the {games.title(game)} commands are not built yet in negenlab {__version__}", file=sys.stderr
        )
        return 2

    return run


def _cmd_report(args) -> int:
    if args.games is not None and not 1 <= args.games <= MAX_GAMES:
        raise InvalidInputError(f"--games must be >= 1 and <= {MAX_GAMES} ({GAMES_WHY}), got {args.games}")
    _nonempty(args, "out", "-o/--out")
    if not args.json:  # --json writes no page
        pages = list(GAMES) if args.game == "all" else [args.game]
        check_outputs(
            folders=[("-o/--out", args.out)],
            files=[("-o/--out", Path(args.out) / f"{page_name(name)}.html") for name in [*pages, "index"]],
        )
    options = ReportOptions(
        out_dir=args.out, games=args.games, seed=args.seed, workers=args.workers, progress=not args.quiet
    )
    if args.json:
        names = list(GAMES) if args.game == "all" else [args.game]
        emit({name: verdict_records(_page_verdicts(name, options)) for name in names}, True)
        return 0
    index = build_reports("all" if args.game == "all" else [args.game], options)
    print(index.resolve())
    return 0


def _page_verdicts(name: str, options: ReportOptions) -> list:
    """A page's verdicts: a built-in's from its committed studies; any other game's page played (or read
    from its games kept by an earlier run) on the report's seed."""
    if name in GAMES:
        return games.page_verdicts(name)
    sim: dict[str, Any] = {} if options.games is None else {"max_units": options.games}
    if options.workers is not None:
        sim["workers"] = options.workers
    return games.game_page(name, seed=options.seed, progress=options.progress, **sim).findings


def _range(option: str, text: str, fair: float | None = None) -> tuple[str, Any]:
    """``field=lo..hi`` (a range), ``field=a,b,c`` (choices; one value fixes the field) or ``metric=fair+-d``."""
    name, sep, value = text.partition("=")
    try:
        if not sep or not name:
            raise ValueError
        if value.startswith("fair") and fair is not None:
            width = float(value.removeprefix("fair").lstrip("+-±"))
            return name, (fair - width, fair + width)
        if ".." in value:
            lo, hi = value.split("..")
            return name, (number_value(lo), number_value(hi))
        if value and fair is None:  # choices: a,b,c (one choice fixes the field)
            return name, [rules_value(v) for v in value.split(",")]
        raise ValueError
    except ValueError:
        raise NegenlabError(f"{option} {text!r}: expected NAME=lo..hi or NAME=a,b,c (e.g. size=5..9)") from None


def _once(option: str, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``name -> value`` from ``option``'s pairs, each name given once (a repeat is an error, never the last wins)."""
    out: dict[str, Any] = {}
    for name, value in pairs:
        if name in out:
            raise NegenlabError(f"{option} names {name!r} twice; give each once")
        out[name] = value
    return out


def _nonempty(args, attr: str, option: str) -> None:
    """An option given as an empty string is an error, never the default (an empty path would be the
    current folder)."""
    value = getattr(args, attr, None)
    if value is not None and not str(value).strip():
        raise NegenlabError(f"{option} is empty; give a folder, or leave the option out")


def _add_backend(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--backend",
        choices=("serial", "process", "dask"),
        default=None,
        help="where the games run (default: local processes); the table does not depend on it",
    )
    parser.add_argument(
        "--scheduler", default=None, help="with --backend dask, a scheduler address (default: a local cluster)"
    )


def _cmd_tune(args) -> int:
    from negenlab.core.tune import tune

    entry = games.entry(args.game)
    players = entry.make_game().num_players
    space = _once("--set", [_range("--set", s) for s in args.set])
    targets = _once("--target", [_range("--target", t, fair=1 / players) for t in args.target])
    _nonempty(args, "store", "--store")
    specs = args.agents

    def agents(game):  # one spec fills every seat
        return entry.seat_agents(specs, game.num_players)

    fixed = {k: v[0] for k, v in space.items() if isinstance(v, list) and len(v) == 1}
    with backend_block(args.backend, args.scheduler, args.workers):
        result = tune(
            lambda fields: games.load(args.game, **fields),
            space,
            targets,
            agents,
            budget=args.budget,
            games_per_trial=args.games_per_trial,
            seed=args.seed,
            confirm=args.confirm,
            workers=args.workers,
            store=args.store,
            progress=not args.json,
            identity={"game": args.game, "agents": specs},
            baseline=fixed,  # the default Rules, with the fields the command fixes
            max_units=args.max_units,
        )
    result.command = " ".join(
        ["negenlab tune", args.game]
        + [f"--set {s}" for s in args.set]
        + [f"--target {shlex.quote(t)}" for t in args.target]
        + ([f"--agents {specs}"] if specs else [])
        + [
            f"--budget {args.budget} --games-per-trial {args.games_per_trial} --confirm {args.confirm} --seed {args.seed}"
        ]
        + ([f"--max-units {args.max_units}"] if args.max_units != 300 else [])
    )
    default = result.default or {}
    text = result.table.to_string(index=False)
    if default:
        shown = ", ".join(f"{m} {default[m]:.3g} [{default[m + '_lo']:.3g}, {default[m + '_hi']:.3g}]" for m in targets)
        text = f"default Rules: {shown}\n{text}"
    as_page = _as_page_command(args.game, result.fields, result.best)
    if as_page:
        text += (
            "\nThe tuner's confirmation plays its own players (a screen of the setting, not the page's verdict); "
            f"judge its best setting as the page judges the game: {as_page}"
        )
    emit(result.to_dict() | {"judge_as_page": as_page}, args.json, text)
    return 0


def _as_page_command(game: str, fields: list[str], best: dict) -> str | None:
    """The command that judges a tuned setting as the page judges the game (``variant --as-page``)."""
    shown = [f"--set {k}={str(best[k]).lower() if isinstance(best[k], bool) else best[k]}" for k in fields if k in best]
    return f"negenlab {game} variant {' '.join(shown)} --as-page" if shown else None


def _cmd_study(args) -> int:
    import importlib

    from negenlab.core.studies import StudyContext, run_study, study_backend

    if not games.is_builtin(args.game):
        raise NegenlabError(f"{games.title(args.game)} (a plug-in game) has no studies yet in negenlab {__version__}")
    module = importlib.import_module(f"negenlab.{args.game}.study")
    studies = getattr(module, "STUDIES", {})
    if args.name is None:
        rows = [{"study": s.name, "cost (2 cores)": s.cost, "what": s.help} for s in studies.values()]
        if hasattr(module, "fresh_check"):
            what = " ".join((module.fresh_check.__doc__ or "").split())
            rows.append({"study": "check", "cost (2 cores)": "about a minute", "what": what})
        w1 = max(len("study"), *(len(r["study"]) for r in rows))
        w2 = max(len("cost (2 cores)"), *(len(r["cost (2 cores)"]) for r in rows))
        lines = [f"{r['study']:<{w1}}  {r['cost (2 cores)']:<{w2}}  {r['what']}" for r in rows]
        local = [s.name for s in studies.values() if not s.uses_backend]
        if local:
            lines.append(f"(--backend does not apply to {', '.join(local)}: they run in this process)")
        emit(rows, args.json, "\n".join([f"{'study':<{w1}}  {'cost (2 cores)':<{w2}}  what", *lines]))
        return 0
    if args.name != "check" and args.name not in studies:
        known = ", ".join([*studies, "check"])
        raise NegenlabError(f"{games.title(args.game)} has no study {args.name!r}; expected one of {known}")
    _nonempty(args, "store", "--store")
    _nonempty(args, "out", "--out")
    if args.name != "check":  # the study's table and its sidecar
        out = Path(args.out or Path("data") / args.game)
        check_outputs(
            folders=[("--out", out)], files=[("--out", out / f"{args.name}.{ext}") for ext in ("csv", "json")]
        )
    store = None
    if not args.no_store and args.name != "check":
        study = studies[args.name]
        store = Path(args.store) if args.store else Path(study.store or Path("runs") / args.game / args.name)
    check_backend(args.backend, args.scheduler)
    ctx = StudyContext(
        args.game,
        args.name,
        seed=args.seed,
        workers=args.workers,
        store=store,
        backend=args.backend,
        scheduler=args.scheduler,
        out=Path(args.out) if args.out else None,  # a study that writes tables of its own writes them there too
    )
    if args.name == "check":
        with study_backend(ctx):
            table = module.fresh_check(ctx)
        text = table.to_string(index=False, float_format=lambda x: f"{x:.3f}")
        tally = check_tally(table)
        emit(table, args.json, f"{games.title(args.game)}: fresh check against the committed numbers\n{text}\n{tally}")
        return 0
    path = run_study(studies[args.name], ctx, args.out or Path("data") / args.game)
    emit({"table": str(path), "command": ctx.command}, args.json, f"wrote {path} ({ctx.command})")
    return 0


def _one_line(exc: BaseException) -> str:
    """The message of ``exc`` on one line (a file error names its file)."""
    if isinstance(exc, OSError) and exc.strerror:
        names = [str(f) for f in (exc.filename, exc.filename2) if f is not None]
        text = exc.strerror + (": " + " -> ".join(repr(n) for n in names) if names else "")
    else:
        text = str(exc) or type(exc).__name__
    return " ".join(text.split())


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so that flushing it at exit, after its reader has gone (a
    pipe into ``head``), raises nothing and prints nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no file descriptor behind it (a test's stream)
        pass


def main(argv: list[str] | None = None) -> int:
    """The command for ``argv`` (default ``sys.argv[1:]``), its exit code. Ctrl-C anywhere in it, while
    its parser is built (the games' verbs, plug-ins loading) or in a command, is one line and exit code
    130 (:func:`negenlab.interrupt.interrupted`), as it is while the modules load."""
    try:
        return _main(argv)
    except KeyboardInterrupt as exc:
        return interrupted(sys.argv[1:] if argv is None else argv, exc)


def _main(argv: list[str] | None) -> int:
    with warnings.catch_warnings(record=True) as caught:  # plug-ins that fail to load, each named below
        warnings.simplefilter("always", games.PluginWarning)
        words = sys.argv[1:] if argv is None else argv
        parser = build_parser(tuple(w for w in words if isinstance(w, str) and w.startswith(OPENSPIEL)))
    args = parser.parse_args(argv)
    for w in caught:
        if not isinstance(w.message, games.PluginWarning):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        elif w.message.game != args.command and sys.stderr is not None:  # its own verbs say it as the error
            print(str(w.message), file=sys.stderr)
    func = getattr(args, "func", None)
    if func is None:
        parser.parse_args([*(argv or sys.argv[1:]), "--help"])
        return 2
    if sys.stdout is None:  # started with its standard output closed (>&-): the answer would go nowhere
        if sys.stderr is not None:
            print(
                "negenlab: error: standard output is closed; run the command with it open (redirect it to a file, "
                "or to /dev/null to discard the answer)",
                file=sys.stderr,
            )
        return 2
    try:
        code = int(func(args) or 0)
        sys.stdout.flush()  # here, so a reader gone early (head) is met below, not at exit
        return code
    except BrokenPipeError:  # output piped into head & co.: stop quietly
        _quiet_stdout()
        return 0
    except SearchInterrupted as exc:  # Ctrl-C in a long search: how far it got
        if args.debug:
            raise
        close_progress_bars()
        print(f"negenlab: {exc}", file=sys.stderr)
        return 130
    except (NegenlabError, OSError) as exc:  # the user's input or files: one line (--debug: the traceback)
        if args.debug:
            raise
        print(f"negenlab: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except SystemError as exc:  # Ctrl-C met inside compiled code (numba hands it back wrapped)
        if not isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
            raise
        return interrupted(["--debug"] if args.debug else [], exc)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
