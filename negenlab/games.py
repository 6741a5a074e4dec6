"""Every game by name, from one registry: ``load(name, **rules)`` makes a game, ``make_agents`` its
players.

A game is a :class:`~negenlab.core.registry.GameEntry`. The four built-in games and every plug-in
reach the registry the same way, through an entry point of the group ``negenlab.games`` whose
value is a ``GameEntry`` (or a function returning one): the built-ins' points are written here
(``negenlab.negen:ENTRY``, ...), a plug-in's in its package's ``pyproject.toml``::

    [project.entry-points."negenlab.games"]
    mygame = "mygame:ENTRY"

A notebook registers one at run time with :func:`register`. OpenSpiel's games are games too, by
the name ``openspiel:NAME`` (``load("openspiel:connect_four")``, with the extra
``pip install 'negenlab[openspiel]'``): resolved on demand through :mod:`negenlab.openspiel`, not
listed by :func:`names` unless asked for. Installed plug-ins are found when a
name is first asked for (``import negenlab`` stays fast) and imported when first used; one that
fails to import, or takes a built-in's name, is named in one line (:func:`broken`, and a warning)
and the other games work on.

>>> from negenlab import games
>>> games.NAMES
('negen', 'fen', 'polymer', 'necklace')
>>> games.load("nope")
Traceback (most recent call last):
...
negenlab.core.errors.InvalidInputError: unknown game 'nope'; expected one of negen, fen, polymer, necklace
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import json
import numbers
import os
import re
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from negenlab.core.agents import Agent
from negenlab.core.claims import GLOSSARY
from negenlab.core.errors import InvalidInputError, UnsolvableGameError
from negenlab.core.files import check_outputs, read_json, write_atomic
from negenlab.core.findings import Finding
from negenlab.core.game import Game
from negenlab.core.questions import (
    GamePage,
    choose_strengths,
    judge_game,
    merged,
    negenlab_questions,
    read_game_claims,
    replace_strengths,
)
from negenlab.core.registry import GameEntry
from negenlab.core.solve import solve
from negenlab.core.variant import VariantClaim, VariantResult
from negenlab.core.variant import judge_variant as run_judged_variant
from negenlab.core.variant import try_variant as run_variant
from negenlab.openspiel import PREFIX as OPENSPIEL
from negenlab.openspiel import game_entry as openspiel_entry
from negenlab.openspiel import sequential_games as openspiel_games

GROUP = "negenlab.games"
"""The entry-point group a plug-in game declares itself in."""

BUILTIN_TITLES = {"negen": "Negen", "fen": "FEN", "polymer": "Polymer", "necklace": "Necklace"}
NAMES = tuple(BUILTIN_TITLES)
"""The four built-in games, in their order: the games with committed studies, claims and pages (the
report index, ``make`` and the tests of the four read it). Every registered game: :func:`names`."""

RESERVED = frozenset({"all", "report", "study", "tune", "games", "new", "help"})
"""Names no game may take: the ``negenlab`` command's own verbs and ``report all``."""

_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")


class PluginWarning(UserWarning):
    """A plug-in game that could not be registered or loaded (the message names it, on one line;
    ``game`` is its name)."""

    def __init__(self, message: str, game: str = "") -> None:
        super().__init__(message)
        self.game = game


@dataclass
class _Source:
    """One registered game: where it comes from and, once loaded, its entry (or why it failed)."""

    name: str
    origin: str
    load: Callable[[], Any]
    title: str = ""
    entry: GameEntry | None = None
    error: str | None = None
    defaults: dict[str, Any] | None = None  # a plug-in's Rules defaults by field, once read


_BUILTIN = {name: importlib.metadata.EntryPoint(name, f"negenlab.{name}:ENTRY", GROUP) for name in BUILTIN_TITLES}
_sources: dict[str, _Source] = {}  # every game, in the order names() gives them
_openspiel: dict[str, _Source] = {}  # OpenSpiel's games asked for by name (openspiel:NAME), resolved on demand
_refused: dict[str, str] = {}  # entry points that could not be registered: name -> one line
_scanned = False


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _point_source(point: importlib.metadata.EntryPoint, origin: str, title: str = "") -> _Source:
    return _Source(point.name, origin, point.load, title=title)


def _dist(point: importlib.metadata.EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return f"{dist.name} {dist.version}" if dist is not None else "an installed package"


def _name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a game's name (None: it can)."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        return f"game name {name!r} is not a lowercase word (a-z, 0-9, _ or -, at most 40, a letter first)"
    if name in BUILTIN_TITLES:
        return f"{name!r} is a built-in game's name; a plug-in takes a name of its own"
    if name in RESERVED:
        return f"{name!r} is a word of the negenlab command ({', '.join(sorted(RESERVED))}); a game takes another"
    return None


def _refuse(name: str, line: str) -> None:
    _refused[name] = line
    warnings.warn(PluginWarning(f"negenlab: {line}", name), stacklevel=3)


def _scan() -> None:
    """Register the built-ins, then every installed plug-in's entry point (once; :func:`refresh`
    scans again)."""
    global _scanned
    if _scanned:
        return
    _scanned = True
    added = dict(_sources)
    _sources.clear()
    for name, point in _BUILTIN.items():
        _sources[name] = _point_source(point, "built-in", BUILTIN_TITLES[name])
    try:
        points = sorted(importlib.metadata.entry_points(group=GROUP), key=lambda p: p.name)
    except Exception as exc:  # a damaged installation: the built-ins still work
        _refuse("*", f"the installed plug-in games could not be listed: {_one_line(exc)}")
        points = []
    seen: dict[str, importlib.metadata.EntryPoint] = {}
    for point in points:
        where = f"plug-in game {point.name!r} ({point.value}, from {_dist(point)})"
        if point.name in _BUILTIN and point.value == _BUILTIN[point.name].value:
            continue  # negenlab's own points, should its metadata declare them too
        problem = _name_problem(point.name)
        if problem is not None:
            _refuse(point.name, f"{where} is not registered: {problem}")
            continue
        if point.name in seen:
            if seen[point.name].value != point.value:
                first = seen[point.name]
                _sources.pop(point.name, None)
                _refuse(
                    point.name,
                    f"two packages declare the game {point.name!r} ({first.value} from {_dist(first)} and "
                    f"{point.value} from {_dist(point)}); neither is registered: uninstall one",
                )
            continue
        seen[point.name] = point
        _sources[point.name] = _point_source(point, where)
    for name, source in added.items():  # games registered at run time stay registered
        if name not in _sources:
            _sources[name] = source


def refresh() -> None:
    """Look for installed plug-ins again, when a game is next asked for (after ``pip install`` in a
    running notebook); games registered at run time stay."""
    global _scanned
    kept = {n: s for n, s in _sources.items() if s.origin == "registered at run time"}
    _sources.clear()
    _sources.update(kept)
    _refused.clear()
    _scanned = False


def _resolve(source: _Source) -> GameEntry:
    """The entry of ``source``, loaded once; a failure is one line naming the game."""
    if source.entry is not None:
        return source.entry
    if source.error is not None:
        raise InvalidInputError(source.error)
    problem: str | None
    try:
        value = source.load()
        if not isinstance(value, GameEntry) and callable(value):
            value = value()
    except Exception as exc:  # a plug-in's own failure, whatever it is, names the plug-in
        if source.origin == "built-in":
            raise  # negenlab's own bug: its traceback
        problem = f"failed to load: {type(exc).__name__}: {_one_line(exc)}"
    else:
        problem = _entry_problem(source.name, value)
    if problem is not None:
        if source.origin == "built-in":
            raise InvalidInputError(f"negenlab.{source.name} registers no game: it {problem}")
        source.error = f"{source.origin}: {problem}"
        warnings.warn(PluginWarning(f"negenlab: {source.error}", source.name), stacklevel=3)
        raise InvalidInputError(source.error)
    source.entry = value
    return value


def _entry_problem(name: str, value: Any) -> str | None:
    """Why ``value`` cannot be game ``name``'s entry (None: it can)."""
    if not isinstance(value, GameEntry):
        return f"gives a {type(value).__name__}, not a negenlab.core.registry.GameEntry (or a function returning one)"
    if value.name != name:
        return f"gives the GameEntry of {value.name!r}, not of {name!r}; the entry point and the entry name one game"
    if not callable(value.make_game):
        return "its GameEntry's make_game is not callable (make_game(**fields) returns the Game)"
    if value.claims is not None and not _is_file(value.claims):
        return f"its claims file {str(value.claims)!r} is not a file (give the path of its claims.csv, or None)"
    return None


def _is_file(path: Any) -> bool:
    """Whether ``path`` (a str, a Path or a package resource) names a regular file."""
    try:
        is_file = getattr(path, "is_file", None)
        return bool(is_file()) if callable(is_file) else Path(path).is_file()
    except (OSError, TypeError, ValueError):
        return False


def names(openspiel: bool = False) -> tuple[str, ...]:
    """Every registered game: the built-ins in order, then installed plug-ins by name, then those
    registered at run time (a broken plug-in is in :func:`broken`, not here once it failed to load).
    With ``openspiel``, then every OpenSpiel game negenlab takes (``openspiel:NAME``; needs pyspiel)."""
    _scan()
    registered = tuple(n for n, s in _sources.items() if s.error is None)
    return registered + tuple(openspiel_games()) if openspiel else registered


def broken() -> dict[str, str]:
    """The plug-in games that could not be registered or loaded, each with one line saying why; loads
    every installed plug-in to find out."""
    _scan()
    for source in list(_sources.values()):
        if source.origin != "built-in":
            try:
                _resolve(source)
            except InvalidInputError:
                pass
    return {**_refused, **{n: s.error for n, s in _sources.items() if s.error is not None}}


def is_builtin(name: str) -> bool:
    """Whether ``name`` is one of the four built-in games."""
    return name in BUILTIN_TITLES


def origin(name: str) -> str:
    """Where game ``name`` comes from: ``built-in``, the plug-in's entry point and package, or
    ``registered at run time``."""
    entry(name)
    return _source(name).origin


def register(game: GameEntry | Callable[[], GameEntry]) -> GameEntry:
    """Register a game at run time (a notebook's own game): ``game`` is a :class:`GameEntry` (or a
    function returning one), as a plug-in's entry point gives. It may not take a built-in's name or
    an installed plug-in's; registering a name again replaces the earlier run-time entry (a cell run
    twice).

    >>> from negenlab.core.examples import Nim
    >>> from negenlab.core.registry import GameEntry
    >>> _ = register(GameEntry("nim", make_game=Nim, title="Nim"))
    >>> "nim" in names(), [a.name for a in make_agents("nim", "random,mcts:20")]
    (True, ['random', 'mcts'])
    >>> load("nim", heaps=(2, 2)).rules
    NimRules(heaps=(2, 2))
    >>> unregister("nim")
    >>> register(GameEntry("fen", make_game=Nim))
    Traceback (most recent call last):
    ...
    negenlab.core.errors.InvalidInputError: register: 'fen' is a built-in game's name; a plug-in takes a name of its own
    """
    _scan()
    value = game
    if not isinstance(value, GameEntry) and callable(value):
        try:
            value = value()
        except Exception as exc:  # the notebook's own function: its failure on one line
            raise InvalidInputError(f"register: the function failed: {type(exc).__name__}: {_one_line(exc)}") from None
    if not isinstance(value, GameEntry):
        raise InvalidInputError(f"register: {_entry_problem('', value)}")
    name = value.name
    problem = _name_problem(name) or _entry_problem(name, value)
    if problem is not None:
        raise InvalidInputError(f"register: {problem}")
    held = _sources.get(name)
    if held is not None and held.origin != "registered at run time":
        raise InvalidInputError(f"register: {name!r} is the name of the {held.origin}; a game takes a name of its own")
    _sources.pop(name, None)  # a name registered again goes to the end, with its new entry
    _sources[name] = _Source(name, "registered at run time", lambda: value, entry=value)
    return value


def unregister(name: str) -> None:
    """Forget a game registered at run time (built-ins and installed plug-ins stay)."""
    _scan()
    source = _sources.get(name)
    if source is None or source.origin != "registered at run time":
        raise InvalidInputError(f"unregister: {name!r} is not a game registered at run time")
    del _sources[name]


def entry(name: str) -> GameEntry:
    """The registry entry of game ``name``."""
    _scan()
    if isinstance(name, str) and name.startswith(OPENSPIEL):
        return _openspiel_entry(name)
    source = _sources.get(name) if isinstance(name, str) else None
    if source is None:
        if isinstance(name, str) and name in _refused:
            raise InvalidInputError(_refused[name])
        raise InvalidInputError(f"unknown game {name!r}; expected one of {', '.join(names())}")
    return _resolve(source)


def _openspiel_entry(name: str) -> GameEntry:
    """OpenSpiel's game ``openspiel:NAME``, loaded once (pyspiel missing, an unknown game or a
    simultaneous one: one line, and asked again next time)."""
    source = _openspiel.get(name)
    if source is None:
        made = openspiel_entry(name)  # raises its one line
        source = _Source(made.name, "OpenSpiel's library (pyspiel)", lambda: made, title=made.title, entry=made)
        _openspiel[name] = source
    return _resolve(source)


def _source(name: str) -> _Source:
    """The registered source of game ``name`` (a built-in, a plug-in or an OpenSpiel game)."""
    return _openspiel[name] if name.startswith(OPENSPIEL) else _sources[name]


def title(name: str) -> str:
    """Game ``name``'s title as a page gives it (its entry's ``title``, else its name)."""
    _scan()
    source = _sources.get(name) or _openspiel.get(name)
    if source is not None and source.title:
        return source.title
    return entry(name).title or name


class _Titles(Mapping[str, str]):
    """Every registered game's title by name, read from the registry when asked."""

    def __getitem__(self, name: str) -> str:
        if name not in names():
            raise KeyError(name)
        return title(name)

    def __iter__(self) -> Iterator[str]:
        return iter(names())

    def __len__(self) -> int:
        return len(names())

    def __repr__(self) -> str:
        return repr(dict(self))


TITLES: Mapping[str, str] = _Titles()
"""Every registered game's title by name (the built-ins' titles without importing them): the
report index, the CLI and the desk read it."""


def load(name: str, **rules: Any) -> Game:
    """Game ``name`` under the given Rules fields (the defaults for the rest). A built-in checks its
    fields itself; for a plug-in a field its Rules lack, or a value not of its default's kind (text for
    a number, a number for a switch), is one line naming the field.

    >>> load("necklace", size=5).rules.size
    5
    """
    made = entry(name)
    if rules and not is_builtin(name):
        _check_fields(name, rules)
    return made.make_game(**rules)


def _check_fields(name: str, rules: dict[str, Any]) -> None:
    """Rules ``fields`` a plug-in's Rules dataclass has, each of its default's kind (a default of
    None takes anything, and None is taken for any field: the game checks those itself)."""
    source = _source(name)
    if source.defaults is None:
        made = getattr(_resolve(source).make_game(), "rules", None)
        source.defaults = (
            {f.name: getattr(made, f.name) for f in dataclasses.fields(made)}
            if dataclasses.is_dataclass(made) and not isinstance(made, type)
            else {}
        )
    known = source.defaults
    if not known:  # no Rules dataclass: make_game says what it takes
        return
    for key, value in rules.items():
        if key not in known:
            raise InvalidInputError(f"{title(name)} has no Rules field {key!r}; expected one of {', '.join(known)}")
        if not _same_kind(value, known[key]):
            raise InvalidInputError(
                f"{title(name)}'s Rules field {key!r} takes {_kind(known[key])} (default {known[key]!r}), got {value!r}"
            )


def _kind(value: Any) -> str:
    if isinstance(value, bool | np.bool_):
        return "true or false"
    if isinstance(value, numbers.Real):
        return "a whole number" if isinstance(value, numbers.Integral) else "a number"
    if isinstance(value, tuple | list):
        return "a sequence"
    return "text" if isinstance(value, str) else f"a {type(value).__name__}"


def _same_kind(value: Any, default: Any) -> bool:
    """Whether ``value`` may stand where the Rules default ``default`` stands (numpy's numbers and
    switches as Python's)."""
    if value is None or default is None:
        return True
    switch = isinstance(value, bool | np.bool_)
    if isinstance(default, bool | np.bool_):
        return switch
    if switch:
        return False
    if isinstance(default, numbers.Integral):
        return isinstance(value, numbers.Integral)
    if isinstance(default, numbers.Real):
        return isinstance(value, numbers.Real)
    if isinstance(default, tuple | list):
        return isinstance(value, tuple | list)
    return isinstance(value, type(default))


def make_agents(name: str, specs: str | list) -> list[Agent]:
    """Agents for game ``name`` from specs such as ``"mcts:400,random"``."""
    return entry(name).make_agents(specs)


def variant_claims(name: str) -> tuple[VariantClaim, ...]:
    """The claims a variant run of game ``name`` judges: a built-in's study's ``VARIANT_CLAIMS``; for
    any other game, its page's (:func:`page_claims`), under the page's two strengths."""
    entry(name)
    if not is_builtin(name):
        return page_claims(name)
    return tuple(getattr(importlib.import_module(f"negenlab.{name}.study"), "VARIANT_CLAIMS", ()))


def page_strengths(name: str) -> tuple[str, str]:
    """The two player strengths the page of a game without committed studies judges under
    (:func:`negenlab.core.questions.choose_strengths` at its default Rules)."""
    e = entry(name)
    key = (name, id(e))
    if key not in _STRENGTHS:
        _STRENGTHS[key] = choose_strengths(load(name))
    return _STRENGTHS[key]


_STRENGTHS: dict[tuple[str, int], tuple[str, str]] = {}


def page_claims(name: str) -> tuple[VariantClaim, ...]:
    """What the page of a game without committed studies judges from self-play: the designer's claims
    of its claims file (:attr:`GameEntry.claims`, read by :func:`negenlab.core.questions.read_game_claims`),
    then negenlab's questions they do not replace, each under :func:`page_strengths`.

    >>> from negenlab.core.examples import Nim
    >>> _ = register(GameEntry("nim3", make_game=lambda: Nim((1, 2, 3))))
    >>> [c.claim.id for c in page_claims("nim3")], page_claims("nim3")[0].strengths
    (['fairness', 'first_edge', 'draw_rate', 'length', 'decisive'], ('mcts:200', 'mcts:800'))
    >>> unregister("nim3")
    """
    e = entry(name)
    game = load(name)
    designer = read_game_claims(e.claims, name) if e.claims is not None else []
    return replace_strengths(merged(designer, negenlab_questions(game.num_players)), page_strengths(name))


def page_store(name: str, seed: int) -> Path:
    """Where the page of game ``name`` keeps its self-play games (a rerun resumes, and the desk reads the
    same games): ``$NEGENLAB_CACHE`` (default ``~/.cache/negenlab``) ``/pages/<name>/seed-<seed>``."""
    root = Path(os.environ.get("NEGENLAB_CACHE") or Path.home() / ".cache" / "negenlab")
    return root / "pages" / name.replace(":", "-") / f"seed-{seed}"


PAGE_SEED = 2024
"""The seed of a page (``negenlab report NAME``'s default)."""

EXACT_NODES = 500_000
"""Positions the page's exhaustive search may visit before it says it stopped at its cap."""


def game_page(
    name: str,
    *,
    seed: int = PAGE_SEED,
    store: str | Path | None = None,
    progress: bool = False,
    max_units: int = 400,
    batch: int = 50,
    **sim: Any,
) -> GamePage:
    """The page of game ``name`` (a game without committed studies): its claims judged from self-play
    under its two strengths and the skill trace (:func:`negenlab.core.questions.judge_game`), and, for a
    game of perfect information, its value with perfect play where an exhaustive search finishes within
    :data:`EXACT_NODES` positions. The games are kept in :func:`page_store` (``store`` elsewhere)."""
    e = entry(name)
    game = load(name)
    claims = page_claims(name)
    where = Path(store) if store is not None else page_store(name, seed)
    check_outputs(folders=[("the page's store" if store is not None else "the page's store ($NEGENLAB_CACHE)", where)])
    exact = None
    if game.perfect_information and game.num_players <= 2:
        try:
            exact = solve(game, max_nodes=EXACT_NODES)
        except UnsolvableGameError:
            exact = None
    design = {"max_units": max_units, "batch": batch}
    run = judge_game(
        game, lambda spec, g: e.seat_agents(spec, g.num_players), claims, page_strengths(name), seed=seed,
        store=where, progress=progress, exact=exact, command=f"negenlab report {name} --seed {seed}"
        + (f" --games {max_units}" if max_units != PAGE_UNITS else ""), max_units=max_units, batch=batch, **sim,
    )  # fmt: skip
    write_atomic(where / PAGE_RECORD, json.dumps(design))  # what the desk replays: the page's own design
    return run


PAGE_RECORD = "page.json"
PAGE_UNITS = 400
"""A page's cap of units a strength (``negenlab report NAME --games N`` sets another)."""


def _claims_to_judge(name: str) -> tuple[VariantClaim, ...]:
    claims = variant_claims(name)
    if not claims:
        raise InvalidInputError(
            f"{title(name)} has no claims to judge yet: a variant run judges a game's claims (try its simulate verb)"
        )
    return claims


def glossary(name: str) -> dict[str, str]:
    """The one glossary of game ``name``: the statistical words every page, the tour and the widgets
    use (:data:`negenlab.core.claims.GLOSSARY`), then the game's players (:attr:`GameEntry.players`).

    >>> g = glossary("negen")
    >>> "planner" in g and "quick screen" in g and "undecided" in g
    True
    """
    return {**GLOSSARY, **entry(name).players}


def page_verdicts(name: str) -> list[Finding]:
    """The verdicts of game ``name``'s page at the default Rules: a built-in's from its committed studies
    (its report's ``committed_verdicts``), any other game's from its page's games (:func:`game_page`):
    the one answer every screen gives for each claim. A game's page is played by its report
    (``negenlab report NAME``); until then it has no verdicts to give."""
    entry(name)
    if not is_builtin(name):  # its page's games, once a report has played them, under the report's design
        record = page_store(name, PAGE_SEED) / PAGE_RECORD
        if not record.exists():
            return []
        design = read_json(record, f"the record of {name}'s page")
        if (
            not isinstance(design, dict)
            or set(design) != {"max_units", "batch"}
            or not all(type(v) is int and v >= 1 for v in design.values())
        ):
            raise InvalidInputError(
                f"{record} is not a page's record; expected {{'max_units': N, 'batch': B}} (whole numbers >= 1)"
            )
        return game_page(name, max_units=design["max_units"], batch=design["batch"]).findings
    return list(importlib.import_module(f"negenlab.{name}.report").committed_verdicts())


def try_variant(name: str, fields: dict[str, Any], agents: str | None = None, **options: Any) -> VariantResult:
    """Game ``name`` under the Rules ``fields`` against its default Rules, on common seeds, a quick
    screen of each of its variant claims (:func:`negenlab.core.variant.try_variant`) beside the page's
    own verdict at the default Rules (:func:`page_verdicts`); ``agents`` as ``"closer"`` (one spec
    fills every seat) or one spec per seat, default the game's own.

    >>> r = try_variant("necklace", {"size": 5}, "random", max_units=100, progress=False)
    >>> [(f.verdict, f.claim) for f in r.findings]
    [('quick screen', 'self-play games end without a draw'), ('not asked', 'with the swap rule, the opener can still choose a fair opening (7x7)')]
    >>> from negenlab.core.claims import register
    >>> [f.claim_id for f in r.page] == list(register("necklace"))
    True
    """
    e = entry(name)
    claims = _claims_to_judge(name)
    options.setdefault("page", lambda: page_verdicts(name))  # read once the fields are checked
    return run_variant(
        lambda f: load(name, **f), fields, lambda game: e.seat_agents(agents, game.num_players), claims, **options,
    )  # fmt: skip


def judge_variant(name: str, fields: dict[str, Any], **options: Any) -> VariantResult:
    """Game ``name`` under the Rules ``fields`` judged as its page judges the game: each variant claim
    under the page's own player strengths, each in every seat, on the study's seed, both sides on common
    seeds, by the one judge (:func:`negenlab.core.variant.judge_variant`); slow where the page's players
    are (FEN's pie claim plays mcts:200 and mcts:800 self-play). The quick screen is :func:`try_variant`.


    >>> r = judge_variant("negen", {"target_score": 1}, max_units=2, batch=2, progress=False)
    >>> [(f.verdict, f.players) for f in r.findings]  # two games a strength decide nothing
    [('undecided', 'closer in every seat, and planner in every seat'), ('undecided', 'closer in every seat, and planner in every seat')]
    """
    e = entry(name)
    claims = _claims_to_judge(name)
    options.setdefault("page", lambda: page_verdicts(name))
    return run_judged_variant(
        lambda f: load(name, **f), fields, lambda spec, game: e.seat_agents(spec, game.num_players), claims,
        **options,
    )  # fmt: skip


if __name__ == "__main__":  # the Makefile's list of games (the built-ins: their studies' checks)
    print(" ".join(NAMES))


__all__ = [
    "GROUP",
    "NAMES",
    "PluginWarning",
    "TITLES",
    "broken",
    "entry",
    "glossary",
    "is_builtin",
    "judge_variant",
    "load",
    "make_agents",
    "names",
    "origin",
    "game_page",
    "page_claims",
    "page_store",
    "page_strengths",
    "page_verdicts",
    "refresh",
    "register",
    "title",
    "try_variant",
    "unregister",
    "variant_claims",
]
