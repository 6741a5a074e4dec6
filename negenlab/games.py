"""The four games by name: ``load(name, **rules)`` makes a game, ``make_agents`` its players.

Each game package registers a :class:`~negenlab.core.registry.GameEntry` as ``ENTRY`` in its
``__init__``; nothing here knows a game's internals.

>>> from negenlab import games
>>> games.NAMES
('negen', 'fen', 'polymer', 'necklace')
>>> games.load("nope")
Traceback (most recent call last):
...
negenlab.core.errors.InvalidInputError: unknown game 'nope'; expected one of negen, fen, polymer, necklace
"""

from __future__ import annotations

import importlib
from typing import Any

from negenlab.core.agents import Agent
from negenlab.core.claims import GLOSSARY
from negenlab.core.errors import InvalidInputError
from negenlab.core.findings import Finding
from negenlab.core.game import Game
from negenlab.core.registry import GameEntry
from negenlab.core.variant import VariantClaim, VariantResult
from negenlab.core.variant import judge_variant as run_judged_variant
from negenlab.core.variant import try_variant as run_variant

TITLES = {"negen": "Negen", "fen": "FEN", "polymer": "Polymer", "necklace": "Necklace"}
"""The one list of games, by name, with the title a page gives each: the report index, the CLI,
the Makefile (``python -m negenlab.games``), the tests and the packaging all read it."""
NAMES = tuple(TITLES)


def entry(name: str) -> GameEntry:
    """The registry entry of game ``name``."""
    if name not in NAMES:
        raise InvalidInputError(f"unknown game {name!r}; expected one of {', '.join(NAMES)}")
    module = importlib.import_module(f"negenlab.{name}")
    found = getattr(module, "ENTRY", None)
    if not isinstance(found, GameEntry):
        raise InvalidInputError(f"negenlab.{name} registers no game (no ENTRY)")
    return found


def load(name: str, **rules: Any) -> Game:
    """Game ``name`` under the given Rules fields (the defaults for the rest)."""
    return entry(name).make_game(**rules)


def make_agents(name: str, specs: str | list) -> list[Agent]:
    """Agents for game ``name`` from specs such as ``"mcts:400,random"``."""
    return entry(name).make_agents(specs)


def variant_claims(name: str) -> tuple[VariantClaim, ...]:
    """The designer claims a variant run of game ``name`` judges (its study's ``VARIANT_CLAIMS``)."""
    entry(name)
    return tuple(getattr(importlib.import_module(f"negenlab.{name}.study"), "VARIANT_CLAIMS", ()))


def glossary(name: str) -> dict[str, str]:
    """The one glossary of game ``name``: the statistical words every page, the tour and the widgets
    use (:data:`negenlab.core.claims.GLOSSARY`), then the game's players (:attr:`GameEntry.players`).

    >>> g = glossary("negen")
    >>> "planner" in g and "quick screen" in g and "undecided" in g
    True
    """
    return {**GLOSSARY, **entry(name).players}


def page_verdicts(name: str) -> list[Finding]:
    """The verdicts of game ``name``'s page at the default Rules, from its committed studies (its
    report's ``committed_verdicts``): the one answer every screen gives for each claim."""
    entry(name)
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
    options.setdefault("page", lambda: page_verdicts(name))  # read once the fields are checked
    return run_variant(
        lambda f: e.make_game(**f), fields, lambda game: e.seat_agents(agents, game.num_players),
        variant_claims(name), **options,
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
    options.setdefault("page", lambda: page_verdicts(name))
    return run_judged_variant(
        lambda f: e.make_game(**f), fields, lambda spec, game: e.seat_agents(spec, game.num_players),
        variant_claims(name), **options,
    )  # fmt: skip


if __name__ == "__main__":  # the Makefile's list of games
    print(" ".join(NAMES))


__all__ = [
    "NAMES",
    "TITLES",
    "entry",
    "glossary",
    "judge_variant",
    "load",
    "make_agents",
    "page_verdicts",
    "try_variant",
    "variant_claims",
]
