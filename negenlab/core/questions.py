"""negenlab's questions for any game, and a game's own claims in a vocabulary of generic measures.

Any game on the core protocol gets a page of negenlab's questions, judged by the one judge
(:func:`~negenlab.core.claims.judge`) under two player strengths, each in every seat:

- ``fairness``: every seat wins its fair share (within 5 points);
- ``first_edge``: the first player wins more than the fair share (the question a designer of a
  turn-based game asks first);
- ``draw_rate``: draws are rare (under 10% of games);
- ``length``: a game lasts between 10 and 500 actions (a decision of a player is an action);
- ``decisive``: at least 90% of games end with a winner (not drawn, not cut at the cap);
- ``skill``: stronger play wins more than its fair share (the skill trace random < weak < strong).

The bands are negenlab's reading, named as such on the page: a designer who means another band
says so in the game's claims file. The two strengths are chosen by the game's cost
(:func:`choose_strengths`): ``mcts:S/4`` and ``mcts:S`` for the largest S of 800, 400, 200, 100
and 50 whose self-play fits the page's budget, from the length of seeded random playouts (the
same on every machine).

A game's claims file (the columns of ``data/<game>/claims.csv``, plus ``measure``) adds designer
claims in the vocabulary of :data:`MEASURES`:

========================  ==================================================================
``seat_share``            the first seat's share of games won (``seat_share:3``: the third seat's)
``seats``                 every seat's share (a ``fair within T`` rule)
``draw_rate``             the share of games drawn
``length``                actions per game
``minutes@S``             minutes per game at S seconds an action
``mean:COLUMN``           the mean of a column the game reports through ``game_info()``
``rate:COLUMN``           the share of games where that column is true (0/1)
========================  ==================================================================

>>> from negenlab.core.examples import Nim
>>> [c.claim.id for c in negenlab_questions(2)]
['fairness', 'first_edge', 'draw_rate', 'length', 'decisive']
>>> choose_strengths(Nim((1, 2, 3)))
('mcts:200', 'mcts:800')
>>> c = measure_claim(Claim("pace", "a game takes 5-20 minutes", "negenlab", rule=Rule.parse("between 5 and 20"),
...                         unit="minutes"), "minutes@30")
>>> c.scale, c.metric
(0.5, 'length')
"""

from __future__ import annotations

import dataclasses
import re
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from .agents import RandomAgent
from .checks import whole_number
from .claims import (
    REGISTER,
    UNITS,
    Claim,
    ClaimError,
    Evidence,
    Exact,
    Rule,
    Seats,
    Steps,
    Untested,
    judge,
    looked_at,
)
from .compare import MIN_UNITS
from .data import Schema, csv_table
from .errors import InvalidInputError
from .findings import Finding
from .game import Game
from .ladder import skill_trace, spec_folder, step_measure, trace_looks
from .simulate import simulate
from .variant import VariantClaim, looks, play_units, side_statistic

QUESTION_IDS = ("fairness", "first_edge", "draw_rate", "length", "decisive", "skill")
"""negenlab's questions for any game, in the page's order."""

STRONG = (800, 400, 200, 100, 50)
"""The strong player's simulations, the first that fits the budget (the weak player plays a quarter)."""
BUDGET = 100_000
"""Simulated actions a strong player's decision may cost at most (simulations x half a random game)."""
LENGTH_BAND = (10, 500)
DRAW_LINE = 0.10
DECISIVE_LINE = 0.90
EDGE = 0.05

MEASURES = ("seat_share", "seats", "draw_rate", "length", "minutes@S", "mean:COLUMN", "rate:COLUMN")
"""The generic measures a game's claims file may name (the ``measure`` column)."""

GAME_REGISTER = Schema({**REGISTER.columns, "measure": "text?"}, keys=["id"], values={"unit": UNITS}, min_rows=0)
"""The columns of a plug-in's claims file: the register's and ``measure`` (one of :data:`MEASURES`); a
file of the header alone states no claim of the designer's (the page asks negenlab's questions)."""

_OURS = "Our reading (negenlab's question, not the designer's)"


def _claim(id: str, words: str, rule: str, unit: str, reading: str, players: str = "") -> Claim:
    return Claim(id, words, "negenlab", reading=f"{_OURS}: {reading}", rule=Rule.parse(rule), unit=unit,
                 players=players)  # fmt: skip


def negenlab_questions(players: int) -> list[VariantClaim]:
    """negenlab's self-play questions for a game of ``players`` seats, without their strengths (the
    skill question is :func:`skill_claim`; one-player games have no seats to compare).

    >>> [c.claim.rule.words(c.claim.unit, 2) for c in negenlab_questions(2)][:2]
    ['every seat within 5.0 points of its fair share', 'above the fair 50.0% by more than 2.5 points, half the edge of 5.0 points that counts']
    """
    if not isinstance(players, int) or players < 1:
        raise InvalidInputError(f"a game has at least one player, got {players!r}")
    lo, hi = LENGTH_BAND
    out = []
    if players > 1:
        out += [
            VariantClaim(_claim("fairness", "every seat wins its fair share", f"fair within {EDGE}", "share",
                                "each seat's share of games won lies within 5 points of 1/players, the same player "
                                "in every seat; a drawn game counts for no seat"), how="each seat's share of games won"),
            VariantClaim(_claim("first_edge", "the first player has an edge", f"above fair by {EDGE}", "share",
                                "the first seat's score (a win 1, a draw or a game cut at the cap 1/players, a loss "
                                "0) exceeds the fair 1/players by 5 points or more (holds: an edge a designer would "
                                "want to know of), the same player in every seat"),
                         values=first_score, how="the first seat's score (a win 1, a draw 1/players)"),
        ]  # fmt: skip
    out += [
        VariantClaim(_claim("draw_rate", "draws are rare", f"between 0 and {DRAW_LINE}", "share",
                            f"fewer than {DRAW_LINE:.0%} of games end drawn"), "draw_rate", how="the share of games drawn"),
        VariantClaim(_claim("length", f"a game lasts {lo} to {hi} actions", f"between {lo} and {hi}", "actions",
                            f"a game of {lo} to {hi} decisions is neither trivial nor endless; a designer states their "
                            "own band (measure length, or minutes@S at S seconds an action)"),
                     "length", how="actions (players' decisions) per game"),
        VariantClaim(_claim("decisive", "games end with a winner", f"between {DECISIVE_LINE} and 1", "share",
                            f"at least {DECISIVE_LINE:.0%} of games end won (not drawn, not cut at the action cap)"),
                     values=_decided, how="the share of games won by some seat"),
    ]  # fmt: skip
    return out


def skill_claim() -> Claim:
    """negenlab's skill question: each rung of random < weak < strong beats the rung below."""
    return _claim(
        "skill", "stronger play wins more (skill trace)", f"above fair by {EDGE}", "share",
        "each rung of random < the weak player < the strong player, in one seat against the rung below in the "
        "others, seats rotated on common seeds, wins more than its fair share; an edge under 5 points is no edge",
        players="random < the page's two strengths, each against the rung below",
    )  # fmt: skip


def first_score(df: pd.DataFrame) -> np.ndarray:
    """The first seat's score in each game: 1 for a win, 1/players for a draw or a game cut at the cap
    (nobody won), 0 for a loss.

    >>> first_score(pd.DataFrame({"winner": [0, 1, -1], "return_0": [1, -1, 0], "return_1": [-1, 1, 0]})).tolist()
    [1.0, 0.0, 0.5]
    """
    players = sum(1 for c in df.columns if str(c).startswith("return_"))
    if players < 1:
        raise InvalidInputError("not a simulation table: no return_<seat> columns")
    w = pd.to_numeric(df["winner"], errors="coerce").fillna(-1).to_numpy(float)
    return np.where(w == 0, 1.0, np.where(w < 0, 1.0 / players, 0.0))


def _decided(df: pd.DataFrame) -> np.ndarray:
    w = pd.to_numeric(df["winner"], errors="coerce").fillna(-1).to_numpy(float)
    truncated = df["truncated"].to_numpy(bool) if "truncated" in df else np.zeros(len(df), bool)
    return ((w >= 0) & ~truncated).astype(float)


_MINUTES = re.compile(r"minutes@(\d+(?:\.\d+)?)")
_COLUMN = re.compile(r"(mean|rate):([A-Za-z_][A-Za-z0-9_]*)")
_SEAT = re.compile(r"seat_share(?::(\d+))?")


def measure_claim(claim: Claim, measure: str) -> VariantClaim:
    """The variant claim that reads ``claim`` from self-play by the generic ``measure`` (one of
    :data:`MEASURES`); a measure that cannot be read, or does not fit the claim's rule or unit, is one
    line naming both.

    >>> measure_claim(Claim("x", "x", "negenlab", rule=Rule.parse("fair within 0.05"), unit="share"), "seats").seat_claim
    True
    >>> measure_claim(Claim("x", "x", "negenlab", rule=Rule.parse("between 1 and 2")), "furlongs")
    Traceback (most recent call last):
    ...
    negenlab.core.claims.ClaimError: claim 'x': cannot read the measure 'furlongs'; expected one of seat_share, seats, draw_rate, length, minutes@S, mean:COLUMN, rate:COLUMN
    """
    text = str(measure).strip()
    where = f"claim {claim.id!r}"
    if not claim.rule.statistical:
        raise ClaimError(f"{where}: the rule '{claim.rule.kind}' is not judged from play; give a statistical rule")
    fair = claim.rule.kind == "fair"
    if fair != (text == "seats"):
        raise ClaimError(
            f"{where}: the measure 'seats' goes with a 'fair within T' rule and only with it, got {text!r} with "
            f"'{claim.rule.kind}'"
        )
    if text == "seats":
        return VariantClaim(claim, how="each seat's share of games won")
    share = claim.unit == "share"

    def need_share() -> None:
        if not share:
            raise ClaimError(f"{where}: the measure {text!r} is a share; give the unit 'share', got {claim.unit!r}")

    if m := _SEAT.fullmatch(text):
        need_share()
        seat = int(m[1] or 1)
        if seat < 1:
            raise ClaimError(f"{where}: seats are numbered from 1, got {text!r}")
        return VariantClaim(claim, values=partial(_seat_won, seat=seat - 1), how=f"seat {seat}'s share of games won")
    if text == "draw_rate":
        need_share()
        return VariantClaim(claim, "draw_rate", how="the share of games drawn")
    if text == "length":
        return VariantClaim(claim, "length", how="actions (players' decisions) per game")
    if m := _MINUTES.fullmatch(text):
        pace = float(m[1])
        if not (0 < pace <= 3600) or claim.unit != "minutes":
            raise ClaimError(
                f"{where}: minutes@S reads minutes at S seconds an action (0 < S <= 3600) with the unit 'minutes', "
                f"got {text!r} with {claim.unit!r}"
            )
        return VariantClaim(claim, "length", scale=pace / 60, how=f"minutes per game at {pace:g} s an action")
    if m := _COLUMN.fullmatch(text):
        kind, column = m[1], m[2]
        if kind == "rate":
            need_share()
            return VariantClaim(claim, values=partial(_column, column=column, rate=True),
                                how=f"the share of games with {column}")  # fmt: skip
        return VariantClaim(claim, values=partial(_column, column=column, rate=False),
                            how=f"the mean of {column} per game")  # fmt: skip
    raise ClaimError(f"{where}: cannot read the measure {text!r}; expected one of {', '.join(MEASURES)}")


def _seat_won(df: pd.DataFrame, seat: int) -> np.ndarray:
    return (pd.to_numeric(df["winner"], errors="coerce") == seat).to_numpy(float)


def _column(df: pd.DataFrame, column: str, rate: bool) -> np.ndarray:
    if column not in df.columns:
        raise ClaimError(
            f"the claims file reads the column {column!r}, which the game does not report; its game_info() gives "
            f"{', '.join(c for c in df.columns if c not in _STANDARD) or 'nothing'}"
        )
    x = pd.to_numeric(df[column], errors="coerce").to_numpy(float)
    if np.isnan(x).any():
        raise ClaimError(f"column {column!r} holds values that are not numbers; a measure reads numbers per game")
    if rate and not np.isin(x, (0.0, 1.0)).all():
        raise ClaimError(f"rate:{column} reads a 0/1 column; {column!r} holds other values (use mean:{column})")
    return x


_STANDARD = {"game", "seed", "winner", "draw", "truncated", "length", "n_actions"}


def read_game_claims(path: str | Path, game: str) -> list[VariantClaim]:
    """A game's own claims file (:data:`GAME_REGISTER`), each claim with its measure: checked like
    the built-ins' registers (each id once, each unit one of theirs, a designer's claim quoted), each
    measure read by :func:`measure_claim`; an id that is one of negenlab's questions replaces it."""
    table = csv_table(Path(path), GAME_REGISTER, f"the claims file of {game}", dtype=str, keep_default_na=False)
    out: list[VariantClaim] = []
    for i, row in enumerate(table.to_dict("records"), start=2):
        try:
            claim = Claim(
                id=str(row["id"]).strip(), claim=str(row["claim"]).strip(), source=str(row["source"]).strip(),
                quote=str(row["quote"]).strip(), where=str(row["where"]).strip(), reading=str(row["reading"]).strip(),
                rule=Rule.parse(str(row["rule"])), unit=str(row["unit"]).strip(), players=str(row["players"]).strip(),
                game=game,
            )  # fmt: skip
            if not claim.rule.statistical:
                raise ClaimError(
                    f"claim {claim.id!r}: a plug-in's claim is judged from play; give a statistical rule (between, "
                    f"above, below, fair), got '{claim.rule.kind}'"
                )
            measure = str(row.get("measure", "")).strip()
            if not measure:
                raise ClaimError(f"claim {claim.id!r}: name its measure (one of {', '.join(MEASURES)})")
            out.append(measure_claim(claim, measure))
        except ClaimError as exc:
            raise ClaimError(f"{path}, line {i}: {exc}") from None
    return out


def choose_strengths(game: Game, seed: int = 0, playouts: int = 20) -> tuple[str, str]:
    """The page's two player strengths for ``game``: ``mcts:S/4`` and ``mcts:S``, S the largest of
    :data:`STRONG` with S x L x L / 2 <= :data:`BUDGET`, L the mean actions of ``playouts`` seeded random
    games (the skill ladder's rungs for the game's cost; the same on every machine).

    >>> from negenlab.core.examples import DiceRace
    >>> choose_strengths(DiceRace(target=30))
    ('mcts:200', 'mcts:800')
    """
    table = simulate(game, [RandomAgent() for _ in range(game.num_players)], playouts, seed, progress=False)
    length = max(1.0, float(table["length"].mean()))
    strong = next((s for s in STRONG if s * length * length / 2 <= BUDGET), STRONG[-1])
    return f"mcts:{strong // 4}", f"mcts:{strong}"


@dataclass
class GamePage:
    """A game's page at its default Rules: ``findings`` (one per claim, negenlab's questions after the
    designer's), the ``table`` of every claim under every strength, the strengths and how the run ended."""

    findings: list[Finding]
    table: pd.DataFrame
    strengths: tuple[str, ...]
    units: dict[str, int]
    seed: int
    capped: bool = False
    trace: pd.DataFrame | None = None
    exact: Any = None
    stats: dict[tuple[str, str], Any] = field(default_factory=dict)
    """Each claim's measurement under each strength, by ``(claim id, strength)``."""
    max_units: int = 0
    """The cap of units a strength (``capped``: a strength reached it with a line still undecided)."""


def judge_game(
    game: Game,
    players_for: Callable[[str, Game], Sequence[Any]],
    claims: Sequence[VariantClaim],
    strengths: Sequence[str],
    *,
    skill: bool = True,
    seed: int = 2024,
    batch: int = 50,
    max_units: int = 400,
    store: str | Path | None = None,
    progress: bool = True,
    command: str | None = None,
    exact: Any = None,
    **sim: Any,
) -> GamePage:
    """Judge ``claims`` of ``game`` from self-play as a page does: each strength of ``strengths`` in
    every seat (``players_for(spec, game)``), ``batch`` units at a time on seed ``seed``, until each
    claim is decided under that strength (never below :data:`~negenlab.core.compare.MIN_UNITS`
    units) or ``max_units``; then one verdict per claim by the one judge, under both strengths, every
    verdict of the page one family, each read at the repeated-looks quantile of the looks it had.
    ``skill`` adds the skill trace random < weak < strong. ``exact``: a solved game's answer
    (:func:`negenlab.core.solve.solve`), stated as exact on the page.

    >>> from negenlab.core.agents import MCTSAgent, RandomAgent
    >>> from negenlab.core.examples import DiceRace
    >>> agents = {"random": RandomAgent, "mcts:8": lambda: MCTSAgent(8)}
    >>> p = judge_game(DiceRace(target=30), lambda s, g: [agents[s]() for _ in range(2)],
    ...                [c for c in negenlab_questions(2) if c.claim.id == "length"], ("random", "mcts:8"),
    ...                skill=False, progress=False)
    >>> p.findings[0].verdict, p.units
    ('holds', {'random': 100, 'mcts:8': 100})
    """
    if len(strengths) != 2 or len(set(strengths)) != 2:
        raise InvalidInputError(f"a page judges its claims under two player strengths, got {list(strengths)}")
    batch = whole_number(batch, "batch", 1, 100_000, "units are played a batch at a time")
    max_units = whole_number(max_units, "max_units", 1, 1_000_000, "the page stops there")
    if store is None:
        with tempfile.TemporaryDirectory() as where:
            return judge_game(
                game, players_for, claims, strengths, skill=skill, seed=seed, batch=batch, max_units=max_units,
                store=where, progress=progress, command=command, exact=exact, **sim,
            )  # fmt: skip
    P = game.num_players
    strengths = tuple(strengths)
    n_looks = looks(max_units, batch)
    family = max(1, len(claims) + (1 if skill and P > 1 else 0))
    stats: dict[tuple[str, str], Any] = {}
    units: dict[str, int] = {}
    bar = tqdm(total=max_units * len(strengths), desc="page self-play", unit="unit", disable=not progress)
    for k, spec in enumerate(strengths):
        players = list(players_for(spec, game))
        n = 0
        while True:
            n = min(max_units, n + batch)
            runs = play_units(game, players, n, seed, Path(store) / spec_folder(spec), **sim)
            decided = True
            for c in claims:
                s = looked_at(side_statistic(c, runs), n_looks)
                stats[c.claim.id, spec] = s
                f = judge(c.claim, Evidence(s, players_count=P), family)
                decided &= f.verdict != "undecided"
            bar.update(k * max_units + n - bar.n)
            if n >= max_units or (decided and n >= MIN_UNITS):
                break
        units[spec] = n
    bar.close()
    who = " and ".join(f"{spec} in every seat" for spec in strengths)
    findings, rows = [], []
    for c in claims:
        by = {spec: stats[c.claim.id, spec] for spec in strengths}
        ev = Evidence(by, players=who, players_count=P, strengths=strengths, digits=0 if c.claim.unit == "actions" else 1,
                      sentence=_sentence(c, strengths, units, seed), command=command,
                      section="negenlab's questions" if c.claim.source == "negenlab" else "The designer's claims")  # fmt: skip
        findings.append(judge(c.claim, ev, family))
        for spec, s in by.items():
            head = s.seats[s.worst] if isinstance(s, Seats) else s
            lo, hi = head.interval()
            rows.append({"claim_id": c.claim.id, "strength": spec, "value": head.value, "lo": lo, "hi": hi,
                         "n": s.n, "units": units[spec], "verdict": findings[-1].verdict})  # fmt: skip
    trace = None
    if skill and P > 1:
        ladder = ("random", *strengths)
        trace = skill_trace(
            game, ladder, lambda spec: players_for(spec, game)[0], seed=seed, batch=batch, max_units=max_units,
            store=Path(store) / "skill",
        )  # fmt: skip
        steps = Steps(tuple((f"{r['rung']} vs {r['below']}", step_measure(r, trace_looks(max_units)))
                            for r in trace.to_dict("records")))  # fmt: skip
        findings.append(judge(skill_claim(), Evidence(steps, players_count=P, command=command,
                                                      players="random < " + " < ".join(strengths),
                                                      section="negenlab's questions"), family))  # fmt: skip
    if exact is not None:
        findings.insert(0, exact_finding(exact, command))
    capped = any(n >= max_units for n in units.values()) and any(f.verdict == "undecided" for f in findings)
    return GamePage(findings, pd.DataFrame(rows), strengths, units, seed, capped, trace, exact, stats, max_units)


def _sentence(c: VariantClaim, strengths: Sequence[str], units: Mapping[str, int], seed: int) -> str:
    played = ", ".join(f"{spec} {units[spec]} games" for spec in strengths)
    return (
        f"Measured: {c.how or c.claim.claim}, from self-play with the same player in every seat ({played}; seed "
        f"{seed}); each strength stops once its verdict is decided, from {MIN_UNITS} games on. It holds or fails only "
        "where both strengths say so."
    )


PERFECT_PLAY = Claim(
    "perfect_play", "the game's value with perfect play", "negenlab",
    reading=f"{_OURS}: what the first player gets when both sides play perfectly, by exhaustive search",
    rule=Rule.parse("exact"),
)  # fmt: skip


def exact_finding(solution: Any, command: str | None = None) -> Finding:
    """The page's exact line from a :class:`~negenlab.core.solve.GameSolution`: the value with perfect
    play when the search finished, else untested with where it stopped."""
    if not solution.complete:
        return judge(PERFECT_PLAY, Evidence(Untested(
            f"The exhaustive search stopped at its cap after {solution.nodes:,} positions without a value.",
            "the search stopped at its cap")))  # fmt: skip
    moves = ", ".join(solution.winning_first_moves[:8]) or "none"
    value = "" if str(solution.outcome).startswith("value") else f"value {solution.value:g} for the first player; "
    number = f"{solution.outcome} ({value}{solution.nodes:,} positions)"
    if solution.winning_first_moves:
        number += f"; winning first moves: {moves}"
    return judge(PERFECT_PLAY, Evidence(Exact(True, number), command=command,
                                        sentence="Proved by exhaustive search of every position."))  # fmt: skip


def replace_strengths(claims: Sequence[VariantClaim], strengths: Sequence[str]) -> tuple[VariantClaim, ...]:
    """``claims`` with the page's ``strengths`` (what :func:`negenlab.core.variant.judge_variant` plays)."""
    return tuple(dataclasses.replace(c, strengths=tuple(strengths)) for c in claims)


def merged(designer: Sequence[VariantClaim], questions: Sequence[VariantClaim]) -> list[VariantClaim]:
    """The designer's claims first, then negenlab's questions they do not replace (same id)."""
    ids = {c.claim.id for c in designer}
    return [*designer, *(q for q in questions if q.claim.id not in ids)]


__all__ = [
    "BUDGET",
    "GAME_REGISTER",
    "GamePage",
    "MEASURES",
    "PERFECT_PLAY",
    "QUESTION_IDS",
    "choose_strengths",
    "exact_finding",
    "first_score",
    "judge_game",
    "measure_claim",
    "merged",
    "negenlab_questions",
    "read_game_claims",
    "replace_strengths",
    "skill_claim",
]
