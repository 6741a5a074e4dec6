"""Claims and the one judge: how a designer's claim, or a question of negenlab's own, becomes a verdict.

A claim is declared once, in its game's register ``data/<game>/claims.csv``: an ``id``, the line's
words (``claim``), its ``source`` (``designer`` or ``negenlab``), the designer's words ``quote``\\ d
verbatim and ``where`` they stand, our ``reading`` of them (the metric, the target and why; a number
the text does not give is "our reading"), the decision ``rule`` and the ``players`` whose games
decide it. A game's report measures each claim with one small function returning :class:`Evidence`;
:func:`judge` turns the claim and its evidence into the :class:`~negenlab.core.findings.Finding` that
the page, the notebook cell, the variant tool and the tuner all show.

The rules (``rule`` column), each decided on an interval:

- ``between LO and HI``: holds when the interval lies inside [LO, HI], fails when it lies outside;
- ``above X by D`` / ``below X by D``: an edge of D over (under) X is what counts, decided as an SPRT
  between X and X + D decides: holds when the interval lies wholly above X + D/2 (below X - D/2),
  fails when it lies wholly on the other side; X may be ``fair``, the fair share 1/players. (One line,
  not two: a verdict never turns from fails to holds as its interval narrows);
- ``fair within T``: every seat's share (or mean) lies within T of the fair share (of the mean over
  seats); fails when some seat's interval lies wholly outside;
- ``exact``: an exact count or proof decides; ``untested``: the reading says why not.

Everything else is undecided: more games, not a verdict. A page's statistical verdicts are one
family: with m of them, each is decided on its interval at level 1 - 0.05/m (Bonferroni), so the
chance that any verdict on the page is wrong is at most 5%; a claim over several seats or rungs
splits its share again. A measure whose study looked at it as the games came in and could stop at
any of ``looks`` looks (an SPRT, a play-on until the interval clears) is decided at the wider
repeated-looks quantile of that level (:func:`~negenlab.core.metrics.repeated_looks_z`), so stopping
where the interval first clears does not raise the error. The lines show the 95% interval beside
the verdict.

>>> rule = Rule.parse("between 20 and 30")
>>> decide(rule, 21.0, 24.5), decide(rule, 8.3, 9.2), decide(rule, 18.0, 22.0)
('holds', 'fails', 'undecided')
>>> skill = Rule.parse("above fair by 0.05")
>>> decide(skill, 0.30, 0.35, players=3), decide(skill, 0.36, 0.41, players=3), decide(skill, 0.34, 0.40, players=3)
('fails', 'holds', 'undecided')
>>> claim = Claim("duration", "a game lasts 20-30 minutes", "designer", quote="around 20-30 minutes",
...               rule=Rule.parse("between 20 and 30"), unit="minutes")
>>> judge(claim, Evidence(Measure.of_interval(8.75, 8.3, 9.2, units=500))).line()
'fails · a game lasts 20-30 minutes: 8.8 minutes (n=500, 95% [8.3, 9.2])'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, overload

import numpy as np
import pandas as pd
from scipy import stats

from .data import Schema, data_table
from .errors import InvalidInputError
from .findings import Finding
from .game import seat_name
from .metrics import Z95, p_text, rate_text, repeated_looks_z, wilson_interval

ALPHA = 0.05
"""The family-wise error rate of a page's verdicts (and of a variant run's)."""

SOURCES = ("designer", "negenlab")
"""Who makes a claim: the designer's text, or negenlab asking a question the text never asked."""

RULE_KINDS = ("between", "above", "below", "fair", "exact", "untested")

GLOSSARY = {
    "holds / fails": "The measured number lies inside (outside) what the claim asks for, beyond doubt at the page's "
    "level: its interval lies wholly on one side.",
    "undecided": "The interval still crosses the claim's line, or a re-measurement on a fresh seed reached the opposite verdict: more "
    "games are needed before a verdict, not a change to the game.",
    "depends on the players": "The claim holds under one player strength and fails under another; both numbers are "
    "shown.",
    "untested": "negenlab cannot measure the claim yet (or its players never did what the claim is about); the line "
    "says why.",
    "n": "The number of distinct games (or rounds, deals, positions) behind a number. Identical players in rotated "
    "seats replay the same game, so such games are counted once.",
    "interval": "A 95% confidence interval: the range of values the true number could take given the games played. "
    "Narrower with more games.",
    "unit": "A set of games that belong together, such as one game in every seat rotation on the same seed; "
    "intervals are computed over independent units, never over copies of one game.",
    "family": "All statistical verdicts of a page are tested together: with m of them, each is decided at level "
    "1 - 5%/m, so the chance that any verdict on the page is wrong stays below 5%.",
    "SPRT": "A sequential probability ratio test: games are played in batches until the data decide between two "
    "hypotheses (say, a fair share against five points more) at stated error rates, or a cap is reached.",
    "repeated looks": "A study that looks at its numbers as the games come in, and stops once they are clear, would "
    "be wrong more often than a one-look interval says; such a number is decided at a wider quantile (Pocock's "
    "constant for its number of looks), so the page's error rate still holds.",
    "re-measured": "The deciding number measured again on a fresh seed (new games) with the same players and design, "
    "judged by the same rule at the page's level. It confirms the verdict only by reaching the same verdict; an "
    "undecided re-measurement leaves the verdict standing but not confirmed; the opposite verdict leaves the line "
    "undecided.",
    "Monte Carlo error": "The standard error of an estimate: how far it would move from one sample of games to the "
    "next. A line whose interval clears its line by less than this is not yet a verdict: more games first.",
    "quick screen": "A variant run's line: the variant against the default Rules under the run's own players and "
    "few games. It gives the measured effect and where its interval lies, never holds or fails; the page's line at "
    "the default Rules stands beside it.",
    "not asked": "A variant run's line for a claim the variant does not ask (FEN's pie claim with the pie rule "
    "off): its effect is measured and shown, not judged.",
    "confirmed / not confirmed": "Whether the re-measurement on a fresh seed reached the line's verdict again "
    "(confirmed) or stayed undecided (not confirmed, often because it played fewer games than the committed "
    "measurement: the line says how many).",
    "our reading": "A number or interpretation the designer's text does not give, chosen by negenlab to test the "
    "claim; the line says which.",
    "negenlab's question": "A question the designer's text never asks (fairness of seats, the swap rule, ...), "
    "shown apart from the designer's claims.",
}
"""The statistical words of every page and notebook, in plain language; each game adds its players."""


class ClaimError(InvalidInputError):
    """A claim register row, rule or piece of evidence that cannot be read; the message says which."""


def z_for(alpha: float) -> float:
    """The two-sided normal quantile of level ``1 - alpha``.

    >>> round(z_for(0.05), 3), round(z_for(0.005), 3)
    (1.96, 2.807)
    """
    if not (isinstance(alpha, float | int) and 0 < alpha < 1) or isinstance(alpha, bool):
        raise ClaimError(f"alpha must be a number in (0, 1), got {alpha!r}")
    return float(stats.norm.ppf(1 - alpha / 2))


# ---------------------------------------------------------------------------------------------
# rules
# ---------------------------------------------------------------------------------------------
_NUMBER = r"(-?\d+(?:\.\d+)?(?:e-?\d+)?)"
_RULES = {
    "between": re.compile(rf"^between {_NUMBER} and {_NUMBER}$"),
    "above": re.compile(rf"^above (fair|{_NUMBER}) by {_NUMBER}$"),
    "below": re.compile(rf"^below (fair|{_NUMBER}) by {_NUMBER}$"),
    "fair": re.compile(rf"^fair within {_NUMBER}$"),
    "exact": re.compile(r"^exact$"),
    "untested": re.compile(r"^untested$"),
}


@dataclass(frozen=True)
class Rule:
    """A decision rule (see the module docstring); ``Rule.parse(text)`` reads the register's words.

    >>> Rule.parse("above fair by 0.05").words("share", players=3)
    'above the fair 33.3% by more than 2.5 points, half the edge of 5.0 points that counts'
    """

    kind: str
    lo: float | None = None  # between: the low end; above / below: the line (None with fair)
    hi: float | None = None  # between: the high end
    margin: float | None = None  # above / below: the smallest edge that counts; fair: the tolerance
    fair: bool = False  # above / below the fair share 1/players

    def __post_init__(self) -> None:
        if self.kind not in RULE_KINDS:
            raise ClaimError(f"unknown rule kind {self.kind!r}; expected one of {', '.join(RULE_KINDS)}")
        for name in ("lo", "hi", "margin"):
            v = getattr(self, name)
            if v is not None and not math.isfinite(v):
                raise ClaimError(f"a rule's {name} must be finite, got {v}")
        if self.kind == "between" and not (self.lo is not None and self.hi is not None and self.lo < self.hi):
            raise ClaimError(f"a 'between' rule needs LO < HI, got {self.lo} and {self.hi}")
        if self.kind in ("above", "below", "fair") and not (self.margin is not None and self.margin > 0):
            raise ClaimError(f"an '{self.kind}' rule needs a margin > 0, got {self.margin}")

    @classmethod
    def parse(cls, text: str) -> Rule:
        if not isinstance(text, str):
            raise ClaimError(f"a rule is text such as 'between 20 and 30', got {text!r}")
        words = " ".join(text.split())
        for kind, pattern in _RULES.items():
            m = pattern.match(words)
            if not m:
                continue
            if kind == "between":
                return cls(kind, lo=float(m[1]), hi=float(m[2]))
            if kind in ("above", "below"):
                fair = m[1] == "fair"
                return cls(kind, lo=None if fair else float(m[1]), margin=float(m[3]), fair=fair)
            if kind == "fair":
                return cls(kind, margin=float(m[1]))
            return cls(kind)
        raise ClaimError(
            f"cannot read the rule {text!r}; expected 'between LO and HI', 'above X by D', 'below X by D' "
            "(X a number or 'fair'), 'fair within T', 'exact' or 'untested'"
        )

    @property
    def statistical(self) -> bool:
        return self.kind in ("between", "above", "below", "fair")

    def line(self, players: int | None = None) -> float:
        """The line of an above / below rule (the fair share 1/players where the rule says fair)."""
        if self.fair:
            if not players:
                raise ClaimError("a rule against the fair share needs the number of players")
            return 1 / players
        assert self.lo is not None
        return self.lo

    def threshold(self, players: int | None = None) -> float:
        """The line an above / below rule decides at: X + D/2 (X - D/2), the midpoint an SPRT between X
        and an edge of D decides at.

        >>> Rule.parse("above fair by 0.05").threshold(4)
        0.275
        """
        assert self.margin is not None
        return self.line(players) + (self.margin / 2 if self.kind == "above" else -self.margin / 2)

    def words(self, unit: str = "", players: int | None = None) -> str:
        """The rule in plain words, in the claim's unit."""

        def show(v: float, points: bool = False) -> str:
            if unit == "share":
                return f"{100 * v:.1f} points" if points else rate_text(v)
            if unit == "share points":
                return f"{100 * v:.1f} points"
            return f"{v:g} {unit}".rstrip()

        if self.kind == "between":
            return f"between {show(self.lo)} and {show(self.hi)}"  # type: ignore[arg-type]
        if self.kind in ("above", "below"):
            line = (
                f"the fair {rate_text(self.line(players))}"
                if self.fair and players
                else ("the fair share" if self.fair else show(self.line()))
            )
            half = show(self.margin / 2, True)  # type: ignore[operator]
            return f"{self.kind} {line} by more than {half}, half the edge of {show(self.margin, True)} that counts"  # type: ignore[arg-type]
        if self.kind == "fair":
            return f"every seat within {show(self.margin, True)} of its fair share"  # type: ignore[arg-type]
        return self.kind


def decide(rule: Rule, lo: float, hi: float, players: int | None = None, centre: float | None = None) -> str:
    """``holds``, ``fails`` or ``undecided``: the interval ``[lo, hi]`` against ``rule``. For a
    ``fair`` rule, one seat's interval against ``centre`` (default the fair share 1/players) +- the
    tolerance: ``holds`` inside, ``fails`` wholly outside.

    >>> decide(Rule.parse("below 0 by 0.5"), -0.9, -0.3), decide(Rule.parse("below 0 by 0.5"), -0.2, 0.1)
    ('holds', 'fails')
    """
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return "undecided"
    if lo > hi:
        raise ClaimError(f"an interval runs from low to high, got [{lo}, {hi}]")
    if rule.kind == "between":
        assert rule.lo is not None and rule.hi is not None
        if rule.lo <= lo and hi <= rule.hi:
            return "holds"
        return "fails" if hi < rule.lo or lo > rule.hi else "undecided"
    if rule.kind == "fair":
        c = (1 / players if players else math.nan) if centre is None else centre
        if not math.isfinite(c):
            raise ClaimError("a 'fair' rule needs the number of players or the centre")
        assert rule.margin is not None
        if c - rule.margin <= lo and hi <= c + rule.margin:
            return "holds"
        return "fails" if hi < c - rule.margin or lo > c + rule.margin else "undecided"
    if rule.kind in ("above", "below"):
        t = rule.threshold(players)
        if rule.kind == "above":
            return "holds" if lo > t else ("fails" if hi < t else "undecided")
        return "holds" if hi < t else ("fails" if lo > t else "undecided")
    raise ClaimError(f"a '{rule.kind}' rule is not decided on an interval")


# ---------------------------------------------------------------------------------------------
# evidence
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Measure:
    """An estimate from independent units: its ``value``, the standard error ``se`` over ``units``
    independent units, and the ``games`` behind it (distinct games: a unit of seat-rotated games
    counts each of its games once). ``successes`` (out of ``units`` independent games) makes it a
    rate with a Wilson interval. ``looks``: how many looks the study that measured it could have
    stopped at (1: a fixed number of games); the judge decides it at the repeated-looks quantile
    (:meth:`decision_z`), the 95% interval it shows stays the one-look interval. ``bounds``: the values
    the quantity can take at all (a score or share: 0 to 1); a normal interval is kept within them, as
    the true value is.

    >>> m = Measure.of_units([1, 0, 1, 1])
    >>> m.value, m.games, [round(x, 3) for x in m.interval()]
    (0.75, 4, [0.301, 0.954])
    >>> Measure.of_units([0.5, 0.25, 0.75], games_per_unit=4).games
    12
    """

    value: float
    se: float
    units: int
    games: int | None = None
    successes: int | None = None
    looks: int = 1
    bounds: tuple[float, float] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.units, int | np.integer) or self.units < 0:
            raise ClaimError(f"a measure's units are a whole number >= 0, got {self.units!r}")
        if not isinstance(self.looks, int | np.integer) or isinstance(self.looks, bool) or self.looks < 1:
            raise ClaimError(f"a measure's looks are a whole number >= 1, got {self.looks!r}")
        if self.games is None:
            object.__setattr__(self, "games", int(self.units))
        if self.successes is not None and not 0 <= self.successes <= self.units:
            raise ClaimError(f"successes must lie in [0, units], got {self.successes} of {self.units}")
        if not (self.se >= 0 or math.isnan(self.se)):
            raise ClaimError(f"a standard error is >= 0, got {self.se}")
        if self.bounds is not None and not self.bounds[0] < self.bounds[1]:
            raise ClaimError(f"a measure's bounds are (low, high) with low < high, got {self.bounds!r}")

    @property
    def n(self) -> int:
        """The distinct games behind the measure (what the pages show as n)."""
        return int(self.games)  # type: ignore[arg-type]

    def decision_z(self, alpha: float) -> float:
        """The quantile the judge decides this measure at, level ``1 - alpha``: the one-look quantile
        for a fixed number of games, the repeated-looks one (wider) for a measure looked at as the games came in.

        >>> round(Measure.of_rate(60, 100).decision_z(0.05), 3), round(Measure.of_rate(60, 100, looks=10).decision_z(0.05), 3)
        (1.96, 2.555)
        """
        return z_for(alpha) if self.looks == 1 else repeated_looks_z(float(alpha), int(self.looks))

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The interval at normal quantile ``z`` (Wilson's for a rate), within the ``bounds``.

        >>> round(Measure(0.99, 0.01, 400).interval()[1], 4), Measure(0.99, 0.01, 400, bounds=(0.0, 1.0)).interval()[1]
        (1.0096, 1.0)
        """
        if self.units == 0:
            return (math.nan, math.nan)
        if self.successes is not None:
            return wilson_interval(int(self.successes), int(self.units), z)
        lo, hi = self.value - z * self.se, self.value + z * self.se
        if self.bounds is not None:
            lo, hi = max(lo, self.bounds[0]), min(hi, self.bounds[1])
        return (lo, hi)

    @classmethod
    def of_units(
        cls,
        values: Sequence[float] | np.ndarray,
        games_per_unit: int = 1,
        rate: bool | None = None,
        bounds: tuple[float, float] | None = None,
    ) -> Measure:
        """From one value per independent unit; 0/1 values of single games are a rate (Wilson),
        unless ``rate=False``; ``bounds``: the values the mean can take at all (a share: 0 to 1)."""
        x = np.asarray(values, dtype=float)
        if x.ndim != 1:
            raise ClaimError(f"a measure needs one value per unit, got an array of shape {x.shape}")
        n = len(x)
        if n == 0:
            return cls(math.nan, math.nan, 0, 0)
        outcomes = bool(np.isin(x, (0.0, 1.0)).all()) and games_per_unit == 1
        if rate is None:
            rate = outcomes
        if rate and not outcomes:
            raise ClaimError("a rate needs 0/1 outcomes of single games")
        se = float(x.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf
        return cls(float(x.mean()), se, n, n * games_per_unit, int(x.sum()) if rate else None, bounds=bounds)

    @classmethod
    def of_interval(
        cls,
        value: float,
        lo: float,
        hi: float,
        units: int,
        games: int | None = None,
        rate: bool = False,
        bounds: tuple[float, float] | None = None,
    ) -> Measure:
        """From a committed value and its 95% interval (the standard error read off the interval;
        a rate's successes from value x units). A row's interval kept within ``bounds`` is read as
        the unbounded one it came from: its standard error from the side the bounds did not reach."""
        units = int(units)
        if rate:
            return cls(float(value), (hi - lo) / (2 * Z95), units, games, int(round(value * units)))
        value, lo, hi = float(value), float(lo), float(hi)
        half = (hi - lo) / 2
        if bounds is not None and (lo <= bounds[0] or hi >= bounds[1]):
            half = max(value - lo if lo > bounds[0] else 0.0, hi - value if hi < bounds[1] else 0.0, half)
        return cls(value, half / Z95, units, games, bounds=bounds)

    @classmethod
    def of_difference(cls, a: Measure, b: Measure) -> Measure:
        """``a - b`` for two independent measures: the standard errors add in quadrature; the units
        and games are both samples'.

        >>> d = Measure.of_difference(Measure.of_rate(60, 100), Measure.of_rate(50, 100))
        >>> round(d.value, 2), d.n, round(d.se, 3)
        (0.1, 200, 0.07)
        """
        return cls(a.value - b.value, math.hypot(_se(a), _se(b)), a.units + b.units, a.n + b.n)

    @classmethod
    def of_ratio(
        cls,
        num: Sequence[float] | np.ndarray,
        den: Sequence[float] | np.ndarray,
        minus: tuple[Sequence[float] | np.ndarray, Sequence[float] | np.ndarray] | None = None,
        games_per_unit: int = 1,
    ) -> Measure:
        """A ratio of sums over independent units (closes per turn, over rounds), optionally minus a
        second ratio over the same units (``minus=(num2, den2)``), its standard error by
        linearisation over the units (the units' own spread, so turns within one round are not taken
        for independent).

        >>> m = Measure.of_ratio([1, 0, 2, 1], [2, 2, 4, 2], minus=([0, 1, 1, 0], [4, 4, 4, 4]))
        >>> round(m.value, 3), m.units
        (0.275, 4)
        """
        a, b = np.asarray(num, float), np.asarray(den, float)
        n = len(a)
        if n == 0 or len(b) != n or b.sum() <= 0:
            raise ClaimError("a ratio needs one numerator and one positive-summing denominator per unit")
        r = a.sum() / b.sum()
        influence = (a - r * b) / b.mean()
        if minus is not None:
            a2, b2 = np.asarray(minus[0], float), np.asarray(minus[1], float)
            if len(a2) != n or len(b2) != n or b2.sum() <= 0:
                raise ClaimError("the second ratio needs the same units")
            r2 = a2.sum() / b2.sum()
            r -= r2
            influence = influence - (a2 - r2 * b2) / b2.mean()
        se = float(influence.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf
        return cls(float(r), se, n, n * games_per_unit)

    @classmethod
    def of_rate(cls, k: int, n: int, looks: int = 1) -> Measure:
        """``k`` successes of ``n`` independent games (``looks``: see the class)."""
        return cls(
            k / n if n else math.nan,
            math.sqrt((k / n) * (1 - k / n) / n) if n else math.nan,
            int(n),
            int(n),
            int(k),
            looks,
        )


@dataclass(frozen=True)
class Seats:
    """Each seat's share of games won (or its mean, with ``centre`` the mean over seats), for a
    ``fair`` rule; ``p_equal`` is the chi-square test that every seat wins equally, when the games
    are independent.

    >>> s = Seats.of_wins([90, 78, 113, 119])
    >>> s.worst, round(s.p_equal, 3)
    (1, 0.011)
    """

    seats: tuple[Measure, ...]
    centre: float | None = None
    p_equal: float | None = None

    @classmethod
    def of_wins(cls, wins: Sequence[int]) -> Seats:
        """From the games each seat won (games nobody won are left out)."""
        w = [int(x) for x in wins]
        n = sum(w)
        p = float(stats.chisquare(w).pvalue) if n > 0 and len(w) > 1 else None
        return cls(tuple(Measure.of_rate(k, n) for k in w), None, p)

    @classmethod
    def of_units(cls, values: np.ndarray, games_per_unit: int = 1) -> Seats:
        """From a units x seats array of each seat's share in each independent unit."""
        x = np.asarray(values, dtype=float)
        if x.ndim != 2:
            raise ClaimError(f"seat values are a units x seats array, got shape {x.shape}")
        return cls(
            tuple(Measure.of_units(x[:, s], games_per_unit, rate=False, bounds=(0.0, 1.0)) for s in range(x.shape[1]))
        )

    @property
    def players(self) -> int:
        return len(self.seats)

    def centre_value(self) -> float:
        return 1 / self.players if self.centre is None else self.centre

    @property
    def worst(self) -> int:
        """The seat (0-based) farthest from the centre."""
        c = self.centre_value()
        return int(np.argmax([abs(m.value - c) for m in self.seats]))

    @property
    def n(self) -> int:
        return max(m.n for m in self.seats)


@dataclass(frozen=True)
class Steps:
    """Several measures that must each pass the rule (the rungs of a skill ladder), by label."""

    steps: tuple[tuple[str, Measure | Seats], ...]
    same_games: bool = False
    """Whether every step reads the same games (one measurement at each end of an assumption's range):
    then they are counted once."""

    @property
    def n(self) -> int:
        return max((m.n for _, m in self.steps), default=0) if self.same_games else sum(m.n for _, m in self.steps)


@dataclass(frozen=True)
class Exact:
    """An exact count or proof: ``holds`` says whether the claim holds; ``number`` says what was counted."""

    holds: bool
    number: str


@dataclass(frozen=True)
class Untested:
    """The claim cannot be tested yet (or the players never did what it is about); ``reason`` says why,
    and ``brief``, when given, says it in a few words on the verdict line itself.

    >>> judge(Claim("x", "x", "negenlab", rule=Rule.parse("exact")), Evidence(Untested("...", "no data"))).number
    'not tested: no data'
    """

    reason: str
    brief: str = ""


Statistic = Measure | Seats | Steps
Measured = Statistic | Exact | Untested | Mapping[str, Statistic]


@overload
def looked_at(s: Measure, looks: int) -> Measure: ...
@overload
def looked_at(s: Seats, looks: int) -> Seats: ...
@overload
def looked_at(s: Steps, looks: int) -> Steps: ...
@overload
def looked_at(s: Measure | Seats, looks: int) -> Measure | Seats: ...
def looked_at(s: Statistic, looks: int) -> Statistic:
    """``s`` with every measure in it (each seat, each step) marked as looked at ``looks`` times by
    the study that measured it (:attr:`Measure.looks`): a sequential study's numbers, for the judge.

    >>> looked_at(Seats.of_wins([40, 60]), 12).seats[1].looks
    12
    """
    if isinstance(s, Measure):
        return replace(s, looks=int(looks))
    if isinstance(s, Seats):
        return replace(s, seats=tuple(replace(m, looks=int(looks)) for m in s.seats))
    if isinstance(s, Steps):
        return Steps(tuple((label, looked_at(m, looks)) for label, m in s.steps), s.same_games)
    raise ClaimError(f"cannot mark {type(s).__name__} as looked at; expected a Measure, Seats or Steps")


def most_looks(s: Statistic) -> int:
    """The most looks of any measure in ``s``."""
    if isinstance(s, Measure):
        return int(s.looks)
    if isinstance(s, Seats):
        return max(int(m.looks) for m in s.seats)
    return max((most_looks(m) for _, m in s.steps), default=1)


@dataclass(frozen=True)
class Evidence:
    """What one claim function returns: the measurement (``what``; a mapping from a player strength
    to its measurement judges the claim under each) and the words around it: ``players`` (who
    played, in words), ``sentence``, ``change`` (what the designer could change, shown where the
    claim fails), ``detail``, ``section``, ``command``. ``digits`` for values that are not rates;
    ``players_count`` for rules against the fair share; ``about`` what a single number counts
    (written after it). ``strengths``: the player strengths a play verdict is judged under (the
    mapping's keys); with one of them not measured the claim is untested, never decided by the rest.

    >>> c = Claim("skill", "a planner wins more", "negenlab", rule=Rule.parse("above fair by 0.05"), unit="share")
    >>> judge(c, Evidence({"closers": Measure.of_rate(500, 1000)}, players_count=3, strengths=("closers", "planners"))).verdict
    'untested'
    """

    what: Measured
    sentence: str = ""
    change: str | None = None
    detail: str | None = None
    section: str | None = None
    command: str | None = None
    players: str = ""
    players_count: int | None = None
    digits: int = 1
    about: str = ""  # what the number counts, after it: "of rounds won (fair 33.3%)"
    strengths: tuple[str, ...] = ()

    @property
    def missing_strengths(self) -> list[str]:
        """The named ``strengths`` the measurement lacks (a verdict short of one is untested)."""
        if not self.strengths or isinstance(self.what, Exact | Untested):
            return []
        measured = self.what if isinstance(self.what, Mapping) else {}
        return [k for k in self.strengths if k not in measured]

    @property
    def statistical(self) -> bool:
        """Whether the page judges it as one of its family of statistical verdicts."""
        return not isinstance(self.what, Exact | Untested) and not self.missing_strengths


@dataclass(frozen=True)
class Recheck:
    """The same measurement on a fresh seed (one per player strength, as the evidence has them)."""

    seed: int
    what: Statistic | Mapping[str, Statistic]
    command: str = ""


REPLICATIONS = ("confirmed", "not confirmed", "contradicted", "nothing to confirm")
"""What a re-measurement on a fresh seed says of a committed verdict (:func:`replicate`)."""

_DECIDED = ("holds", "fails")


@dataclass(frozen=True)
class Replication:
    """What a re-measurement says of a committed verdict, by the one rule (:func:`replicate`):
    ``status`` one of :data:`REPLICATIONS`; ``committed`` and ``fresh`` each player strength's
    verdict on the committed and on the fresh games (same judge, same level); ``short`` the strengths
    whose fresh games are fewer than the committed ones (a recheck repeats the design, at least the
    committed n)."""

    status: str
    committed: Mapping[str, str]
    fresh: Mapping[str, str]
    short: tuple[str, ...] = ()

    @property
    def agrees(self) -> bool:
        """Whether the re-measurement confirms the verdict (it repeats it)."""
        return self.status == "confirmed"


def combined_verdict(verdicts: Iterable[str]) -> str:
    """One line's verdict from its player strengths' verdicts: theirs where they all agree, "depends
    on the players" where one holds and another fails, else undecided.

    >>> combined_verdict(["holds", "holds"]), combined_verdict(["holds", "fails"]), combined_verdict(["holds", "undecided"])
    ('holds', 'depends on the players', 'undecided')
    """
    values = set(verdicts)
    if len(values) == 1:
        return values.pop()
    return "depends on the players" if {"holds", "fails"} <= values else "undecided"


def replicate(
    rule: Rule,
    committed: Statistic | Mapping[str, Statistic],
    fresh: Statistic | Mapping[str, Statistic],
    alpha: float = ALPHA,
    players: int | None = None,
) -> Replication:
    """Does a re-measurement on a fresh seed repeat a committed verdict? Both are judged by the same
    judge (:func:`verdict_of`) at the same level ``1 - alpha``, under each player strength. It is
    ``confirmed`` only where every decided strength is decided the same way again; ``contradicted``
    where some strength is decided the other way (the page's line turns undecided); ``not confirmed``
    where a decided strength is undecided on the fresh games (the verdict stands, unconfirmed);
    ``nothing to confirm`` where the committed games decided nothing. Two samples of different sizes
    agree when they reach the same verdict, whatever their estimates; two estimates of opposite
    sign never agree, however wide their intervals.

    >>> line = Rule.parse("above 0 by 2")
    >>> replicate(line, Measure.of_interval(-4.6, -7.4, -1.8, 560), Measure.of_interval(-11.3, -15.9, -6.7, 160)).status
    'confirmed'
    >>> replicate(Rule.parse("above 0 by 2"), Measure.of_interval(13.3, 9.0, 17.6, 300), Measure.of_interval(-8.3, -12.0, -4.6, 300)).status
    'contradicted'
    """
    old = dict(committed) if isinstance(committed, Mapping) else {"": committed}
    new = dict(fresh) if isinstance(fresh, Mapping) else {"": fresh}
    if missing := [k for k in old if k not in new]:
        raise ClaimError(f"the re-measurement lacks {', '.join(map(repr, missing))}, which the committed one has")
    v = {k: verdict_of(rule, s, alpha, players) for k, s in old.items()}
    f = {k: verdict_of(rule, new[k], alpha, players) for k in old}
    short = tuple(k for k in old if new[k].n < old[k].n)
    decided = [k for k in old if v[k] in _DECIDED]
    if any(f[k] in _DECIDED and f[k] != v[k] for k in decided):
        status = "contradicted"
    elif combined_verdict(v.values()) == "undecided":
        status = "nothing to confirm"
    elif all(f[k] == v[k] for k in decided):
        status = "confirmed"
    else:
        status = "not confirmed"
    return Replication(status, v, f, short)


def agree(a: Measure, b: Measure, z: float = Z95) -> bool:
    """Do two independent measurements of one number lie within ``z`` standard errors of their
    difference? A description of two samples, not a replication: whether a re-measurement confirms
    a verdict is :func:`replicate`'s rule.

    >>> agree(Measure.of_interval(-4.86, -5.03, -4.70, 500), Measure.of_interval(-4.38, -4.75, -4.00, 500))
    False
    """
    if a.units == 0 or b.units == 0:
        return False
    se = math.hypot(_se(a), _se(b))
    return abs(a.value - b.value) <= z * se + 1e-12


def _se(m: Measure) -> float:
    if m.successes is not None:  # a rate: the standard error of a proportion, kept off 0 by a half success
        p = (m.successes + 0.5) / (m.units + 1)
        return math.sqrt(p * (1 - p) / m.units)
    return m.se


# ---------------------------------------------------------------------------------------------
# claims and registers
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Claim:
    """One row of a claim register (see the module docstring)."""

    id: str
    claim: str
    source: str
    quote: str = ""
    where: str = ""
    reading: str = ""
    rule: Rule = field(default_factory=lambda: Rule("untested"))
    unit: str = ""
    players: str = ""
    game: str = ""

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", self.id or ""):
            raise ClaimError(f"a claim id is a lower-case name such as 'duration', got {self.id!r}")
        if self.source not in SOURCES:
            raise ClaimError(f"claim {self.id!r}: the source is one of {', '.join(SOURCES)}, got {self.source!r}")
        if self.source == "designer" and not self.quote.strip():
            raise ClaimError(f"claim {self.id!r}: a designer's claim quotes the designer's words (the quote column)")
        if not self.claim.strip():
            raise ClaimError(f"claim {self.id!r}: the claim's words are empty")

    @property
    def designer(self) -> bool:
        return self.source == "designer"


UNITS = ("share", "share points", "percent", "minutes", "points", "cards", "chain trades a table", "actions")
"""The units a claim's number may be stated in (``unit`` in a register; blank for a verdict without one)."""

REGISTER = Schema(
    {
        "id": "text",
        "claim": "text",
        "source": "text",
        "quote": "text?",
        "where": "text?",
        "reading": "text?",
        "rule": "text",
        "unit": "text?",
        "players": "text?",
    },
    keys=["id"],
    values={"unit": UNITS},
)
"""The columns of ``data/<game>/claims.csv``: each id once, each unit one of :data:`UNITS` (or none).
The ids a game's :class:`ClaimBook` measures are its required rows (:attr:`ClaimBook.claims`)."""


def _words(text: str) -> str:
    return " ".join(" ".join(line.strip().lstrip(">").strip() for line in text.splitlines()).split())


def quote_found(quote: str, text: str) -> bool:
    """Whether ``quote`` stands verbatim in ``text`` (whitespace and blockquote marks aside), its
    parts around each elision ``...`` in their order.

    >>> quote_found("Games in Negen ... abruptly.", "> Games in Negen can end very\\n> abruptly.")
    True
    """
    hay, pos = _words(text), 0
    for part in (_words(p) for p in quote.split("...")):
        if not part:
            continue
        at = hay.find(part, pos)
        if at < 0:
            return False
        pos = at + len(part)
    return True


@cache
def register(game: str) -> dict[str, Claim]:
    """The claim register of ``game`` (``data/<game>/claims.csv``), by id, in the register's order.

    >>> register("negen")["duration"].source
    'designer'
    """
    table = data_table(game, "claims.csv", schema=REGISTER).fillna("")
    out: dict[str, Claim] = {}
    for i, row in enumerate(table.to_dict("records"), start=2):
        try:
            c = Claim(
                id=str(row["id"]).strip(),
                claim=str(row["claim"]).strip(),
                source=str(row["source"]).strip(),
                quote=str(row["quote"]).strip(),
                where=str(row["where"]).strip(),
                reading=str(row["reading"]).strip(),
                rule=Rule.parse(str(row["rule"])),
                unit=str(row["unit"]).strip(),
                players=str(row["players"]).strip(),
                game=game,
            )
        except ClaimError as exc:
            raise ClaimError(f"data/{game}/claims.csv, line {i}: {exc}") from None
        if c.id in out:
            raise ClaimError(f"data/{game}/claims.csv, line {i}: the id {c.id!r} is declared twice")
        out[c.id] = c
    return out


# ---------------------------------------------------------------------------------------------
# the judge
# ---------------------------------------------------------------------------------------------
def statistic_text(m: Measure, unit: str, digits: int = 1, interval: bool = True) -> str:
    """A measure as the pages write it: a rate in percent, else the value and its unit, with the
    95% interval.

    >>> statistic_text(Measure.of_rate(23, 100), "share")
    '23.0% [15.8, 32.2]'
    """
    lo, hi = m.interval()
    if unit == "share":
        return rate_text(m.value, lo, hi) if interval else rate_text(m.value)
    if unit == "share points":  # a difference of shares, in percentage points
        text = f"{100 * m.value:+.1f}"
        return (text + f" [{100 * lo:+.1f}, {100 * hi:+.1f}]" if interval else text) + " points"
    text = f"{m.value:.{digits}f}"
    if interval:
        text += f" [{lo:.{digits}f}, {hi:.{digits}f}]"
    return f"{text} {unit}".rstrip() if unit not in ("", "-") else text


def clearance(rule: Rule, lo: float, hi: float, players: int | None = None, centre: float | None = None) -> float:
    """How far the interval ``[lo, hi]`` lies past the line that decides it, in the rule's unit (0 or
    more where :func:`decide` holds or fails; NaN where it is undecided).

    >>> round(clearance(Rule.parse("fair within 0.05"), 0.2002, 0.2257, players=4), 4)
    0.0002
    """
    verdict = decide(rule, lo, hi, players, centre)
    if verdict == "undecided":
        return math.nan
    if rule.kind == "fair":
        c = 1 / players if centre is None else centre  # type: ignore[operator]
        assert rule.margin is not None
        rule = Rule("between", lo=c - rule.margin, hi=c + rule.margin)
    if rule.kind == "between":
        assert rule.lo is not None and rule.hi is not None
        if verdict == "holds":
            return min(lo - rule.lo, rule.hi - hi)
        return rule.lo - hi if hi < rule.lo else lo - rule.hi
    t = rule.threshold(players)
    return lo - t if (rule.kind == "above") == (verdict == "holds") else t - hi


def monte_carlo_error(m: Measure) -> float:
    """The standard error of a measure's estimate, read off its 95% interval (a rate's Wilson
    interval): how far the estimate, and so the interval's ends, move from one sample to the next."""
    lo, hi = m.interval()
    return (hi - lo) / (2 * Z95) if math.isfinite(lo) and math.isfinite(hi) else math.inf


def _within_bounds(rule: Rule, m: Measure) -> Rule:
    """``rule`` for a rate ``m``: a band's edge at a share's own bound (0% or 100%) can never be
    crossed, so it is no line to clear (a 0.0% draw rate lies inside "between 0% and 1%" by the whole
    of its interval's room below 1%, not by its distance from 0%)."""
    if m.successes is None or rule.kind != "between":
        return rule
    assert rule.lo is not None and rule.hi is not None
    return Rule("between", lo=-1e9 if rule.lo <= 0 else rule.lo, hi=1e9 if rule.hi >= 1 else rule.hi)


def _measure_verdict(
    rule: Rule, m: Measure, alpha: float, players: int | None, centre: float | None, guard: bool
) -> str:
    """One measure's verdict: decided only where its interval clears the line by at least its Monte
    Carlo error (a hair's clearance is one sample's luck: more games, then a verdict)."""
    lo, hi = m.interval(m.decision_z(alpha))
    verdict = decide(rule, lo, hi, players, centre)
    if guard and verdict != "undecided":
        if clearance(_within_bounds(rule, m), lo, hi, players, centre) < monte_carlo_error(m):
            return "undecided"
    return verdict


def hairs(rule: Rule, s: Statistic, alpha: float, players: int | None = None) -> list[tuple[str, float, float]]:
    """The parts of ``s`` (each seat, each step) whose interval decides the rule but clears its line
    by less than its Monte Carlo error: ``(label, clearance, error)`` each, in the rule's unit.

    >>> [(label, round(c, 4), round(e, 4)) for label, c, e in hairs(Rule.parse("between 0.2 and 0.3"), Measure.of_rate(2135, 10000), 0.01)]
    [('', 0.0031, 0.0041)]
    """

    def parts(s: Statistic, alpha: float, label: str) -> Iterable[tuple[str, Measure, float, int | None, float | None]]:
        if isinstance(s, Measure):
            yield label, s, alpha, players, None
        elif isinstance(s, Seats):
            for i, m in enumerate(s.seats):
                yield " ".join(filter(None, [label, seat_name(i)])), m, alpha / s.players, s.players, s.centre
        else:
            for step, part in s.steps:
                yield from parts(part, alpha / len(s.steps), " ".join(filter(None, [label, step])))

    out = []
    for label, m, a, p, centre in parts(s, alpha, ""):
        lo, hi = m.interval(m.decision_z(a))
        if decide(rule, lo, hi, p, centre) != "undecided":
            c, e = clearance(_within_bounds(rule, m), lo, hi, p, centre), monte_carlo_error(m)
            if c < e:
                out.append((label, c, e))
    return out


def verdict_of(rule: Rule, s: Statistic, alpha: float, players: int | None = None, guard: bool = True) -> str:
    """The verdict on one statistic at level ``1 - alpha``: a measure's interval against the rule;
    seat by seat (``Seats``) or part by part (``Steps``) with ``alpha`` split over the parts, failing
    when one part fails and holding when every part holds. A part whose interval clears its line by
    less than its Monte Carlo error (:func:`monte_carlo_error`) is undecided: more games before a
    verdict (``guard=False`` reads the interval alone, to say how near it came).

    >>> seats = Seats.of_wins([90, 78, 113, 119])
    >>> verdict_of(Rule.parse("fair within 0.05"), seats, 0.05), verdict_of(Rule.parse("fair within 0.15"), seats, 0.05)
    ('undecided', 'holds')
    >>> hair = Measure.of_rate(2135, 10000)  # 21.3% [20.3, 22.4] at 99%: clears 20% by less than its 0.4 points of error
    >>> verdict_of(Rule.parse("between 0.2 and 0.3"), hair, 0.01), verdict_of(Rule.parse("between 0.2 and 0.3"), hair, 0.01, guard=False)
    ('undecided', 'holds')
    """
    if isinstance(s, Measure):
        return _measure_verdict(rule, s, alpha, players, None, guard)
    if isinstance(s, Seats):
        if rule.kind != "fair":
            raise ClaimError(f"seat-by-seat evidence needs a 'fair' rule, got '{rule.kind}'")
        parts = [_measure_verdict(rule, m, alpha / s.players, s.players, s.centre, guard) for m in s.seats]
    elif isinstance(s, Steps):
        if not s.steps:
            raise ClaimError("a claim of several parts needs at least one part")
        parts = [verdict_of(rule, m, alpha / len(s.steps), players, guard) for _, m in s.steps]
    else:
        raise ClaimError(f"cannot judge {type(s).__name__}; expected a Measure, Seats or Steps")
    return "fails" if "fails" in parts else ("holds" if all(v == "holds" for v in parts) else "undecided")


def _seat_words(claim: Claim, s: Seats, digits: int) -> str:
    """The seat farthest from fair, as a designer reads it: its number against the fair share, how far
    off that is in the unit and as a part of the share, and what the band allows.

    >>> c = Claim("seats", "every seat wins its share", "negenlab", rule=Rule.parse("fair within 0.05"), unit="share")
    >>> _seat_words(c, Seats.of_wins([2130, 2700, 2800, 2370]), 1)
    'seat 1 (first), the farthest from fair, wins 21.3% [20.5, 22.1] where a fair share is 25.0%: 3.7 points, 15% less than its share; the band allows 5.0 points'
    """
    w, c = s.worst, s.centre_value()
    m = s.seats[w]
    share = claim.unit == "share" and s.centre is None
    off = m.value - c
    part = f", {abs(off) / c:.0%} {'less' if off < 0 else 'more'} than its share" if c else ""
    band = f"; the band allows {claim.rule.words(claim.unit).removeprefix('every seat within ').removesuffix(' of its fair share')}"
    if share:
        return (
            f"{seat_name(w)}, the farthest from fair, wins {statistic_text(m, claim.unit, digits)} where a fair share is "
            f"{rate_text(c)}: {100 * abs(off):.1f} points{part}{band}"
        )
    return (
        f"{seat_name(w)}, the farthest from the seats' mean, {statistic_text(m, claim.unit, digits)} where the mean is "
        f"{c:.{digits}f}: {abs(off):.{digits}f} {'below' if off < 0 else 'above'} it{part}{band}"
    )


def _equality_words(s: Statistic) -> list[str]:
    """The chi-square tests of exactly equal seats in ``s``, for the fold: a question the band does not ask."""
    if isinstance(s, Seats):
        return [p_text(s.p_equal)] if s.p_equal is not None else []
    if isinstance(s, Steps):
        return [f"{label}: {w}" for label, m in s.steps for w in _equality_words(m)]
    return []


def _number(claim: Claim, s: Statistic, digits: int) -> str:
    unit = claim.unit
    if isinstance(s, Measure):
        return statistic_text(s, unit, digits, interval=False)
    if isinstance(s, Seats):
        return _seat_words(claim, s, digits)
    return "; ".join(
        f"{label}: {statistic_text(m, unit, digits) if isinstance(m, Measure) else _number(claim, m, digits)}"
        for label, m in s.steps
    )


def _shown(claim: Claim, s: Statistic, digits: int) -> str:
    """A statistic with its interval where it has one (a measure), else as :func:`_number` writes it."""
    return statistic_text(s, claim.unit, digits) if isinstance(s, Measure) else _number(claim, s, digits)


def _breakdown(claim: Claim, s: Statistic, digits: int) -> str:
    """Every seat of a seat-by-seat statistic, for the detail of its line."""
    if isinstance(s, Seats):
        return ", ".join(f"{seat_name(i)} {statistic_text(m, claim.unit, digits)}" for i, m in enumerate(s.seats))
    if isinstance(s, Steps):
        return "; ".join(
            f"{label}: {_breakdown(claim, m, digits)}" for label, m in s.steps if not isinstance(m, Measure)
        )
    return ""


def _replication_text(
    claim: Claim, committed: Mapping[str, Statistic], fresh: Mapping[str, Statistic], rep: Replication, digits: int
) -> str:
    """A re-measurement's words on the verdict line: what it says of the verdict and, unless it
    confirms it, the fresh numbers (with the committed n where the fresh games are fewer)."""

    def numbers() -> str:
        def short(k: str) -> str:
            return f"n={fresh[k].n:,} short of the committed {committed[k].n:,}" if k in rep.short else ""

        if list(committed) == [""]:
            return ", ".join(filter(None, [_shown(claim, fresh[""], digits), short("")]))
        return "; ".join(
            f"{k} ({', '.join(filter(None, [rep.fresh[k], short(k)]))}): {_shown(claim, fresh[k], digits)}"
            for k in committed
        )

    again = sorted({rep.fresh[k] for k in committed if rep.committed[k] in _DECIDED})
    n = sum(_games(fresh[k]) for k in committed)
    if rep.status == "confirmed":
        return f"confirmed, {' and '.join(again)} again (n={n:,})"
    if rep.status == "not confirmed":
        return f"not confirmed, undecided there ({numbers()})"
    if rep.status == "contradicted":
        there = " and ".join(sorted({rep.fresh[k] for k in committed if rep.fresh[k] in _DECIDED}))
        return f"contradicts it, {there} there ({numbers()}); undecided until more games settle it"
    verdicts = sorted(set(rep.fresh.values()))
    return f"{' and '.join(verdicts)} there ({numbers()}); nothing to confirm"


def judge(
    claim: Claim,
    evidence: Evidence,
    family: int = 1,
    recheck: Recheck | None = None,
    alpha: float = ALPHA,
) -> Finding:
    """The verdict on ``claim`` from ``evidence``, decided at level ``1 - alpha / family`` (the
    claim is one of ``family`` statistical verdicts), and checked against its re-measurement on a
    fresh seed: a disagreement leaves it undecided. With several player strengths the claim holds or
    fails only where every strength agrees, else it "depends on the players".

    >>> c = Claim("first", "seat 1 wins half", "negenlab", rule=Rule.parse("between 0.45 and 0.55"), unit="share")
    >>> f = judge(c, Evidence(Measure.of_rate(560, 1000)), family=4)
    >>> f.verdict, f.number, f.level
    ('undecided', '56.0%', 0.9875)
    """
    if not isinstance(evidence, Evidence):
        raise ClaimError(f"claim {claim.id!r}: the evidence is an Evidence, got {type(evidence).__name__}")
    words: dict[str, Any] = dict(
        claim=claim.claim,
        sentence=evidence.sentence,
        change=evidence.change,
        detail=evidence.detail,
        section=evidence.section,
        command=evidence.command,
        claim_id=claim.id,
        source=claim.source,
        quote=claim.quote,
        where=claim.where,
        reading=claim.reading,
        players=evidence.players or claim.players,
        rule=claim.rule.words(claim.unit, evidence.players_count),
    )
    what = evidence.what
    if isinstance(what, Untested):
        number = f"not tested: {what.brief}" if what.brief else "not tested"
        return Finding(verdict="untested", number=number, **{**words, "sentence": what.reason})
    if isinstance(what, Exact):
        return Finding(verdict="holds" if what.holds else "fails", number=what.number, exact=True, **words)
    if not claim.rule.statistical:
        raise ClaimError(f"claim {claim.id!r} has the rule '{claim.rule.kind}' but statistical evidence")
    if family < 1:
        raise ClaimError(f"a family has at least one verdict, got {family}")
    level_alpha = alpha / family
    by = dict(what) if isinstance(what, Mapping) else {"": what}
    if evidence.strengths:
        if missing := evidence.missing_strengths:
            named = [k for k in by if k in evidence.strengths]
            both = " and ".join(evidence.strengths)
            sentence = (
                f"Measured under {' and '.join(named)} only: {' and '.join(missing)} "
                f"{'has' if len(missing) == 1 else 'have'} no committed measurement, and a play verdict is judged "
                f"under both its player strengths ({both}) or not at all."
                if named
                else f"Not measured under {both}, its player strengths: a play verdict is judged under both or not at all."
            )
            number = "not tested: " + ("measured under one strength only" if named else "no committed measurement")
            return Finding(verdict="untested", number=number, **{**words, "sentence": sentence})
        if extra := [k for k in by if k not in evidence.strengths]:
            raise ClaimError(
                f"claim {claim.id!r}: measured under {', '.join(map(repr, extra))}, "
                f"expected the strengths {', '.join(evidence.strengths)}"
            )
    if not by:
        raise ClaimError(f"claim {claim.id!r}: no measurement under any players")
    verdicts = {k: verdict_of(claim.rule, s, level_alpha, evidence.players_count) for k, s in by.items()}
    verdict = combined_verdict(verdicts.values())
    near = {
        k: hairs(claim.rule, s, level_alpha, evidence.players_count)
        for k, s in by.items()
        if verdicts[k] == "undecided"
        and verdict_of(claim.rule, s, level_alpha, evidence.players_count, guard=False) != "undecided"
    }
    if len(by) == 1:
        (s,) = by.values()
        number = _number(claim, s, evidence.digits) + (
            f" {evidence.about}" if evidence.about and isinstance(s, Measure) else ""
        )
    else:
        number = "; ".join(f"{k}: {_shown(claim, s, evidence.digits)} ({verdicts[k]})" for k, s in by.items())
    recheck_text = None
    if recheck is not None:
        fresh = dict(recheck.what) if isinstance(recheck.what, Mapping) else {"": recheck.what}
        missing = [k for k in by if k not in fresh]
        if missing:
            recheck_text = f"not re-measured under {', '.join(missing)} on seed {recheck.seed}"
        else:
            rep = replicate(claim.rule, by, fresh, level_alpha, evidence.players_count)
            recheck_text = f"re-measured on seed {recheck.seed}: " + _replication_text(
                claim, by, fresh, rep, evidence.digits
            )
            if rep.status == "contradicted":
                verdict = "undecided"
    single = next(iter(by.values())) if len(by) == 1 else None
    interval = None
    n = sum(_games(s) for s in by.values())
    value = None
    if isinstance(single, Measure):
        lo, hi = single.interval()
        interval = (lo, hi)  # the pages round it to the value's digits
        value = single.value
    if near:

        def amount(v: float) -> str:
            return (
                f"{100 * v:.2f} points" if claim.unit in ("share", "share points") else f"{v:.{evidence.digits + 1}f}"
            )

        cases = "; ".join(
            " ".join(filter(None, [k, label, f"by {amount(c)} against {amount(e)}"]))
            for k, parts in near.items()
            for label, c, e in parts
        )
        words["sentence"] = " ".join(
            filter(
                None,
                [
                    words["sentence"],
                    "Not yet a verdict: its interval clears the claim's line by less than its Monte Carlo error (the "
                    f"standard error of the estimate), so another sample could undo it ({cases}): more games, then a "
                    "verdict.",
                ],
            )
        )
    if verdict == "undecided":
        more = [
            more_games(claim.rule, s, level_alpha, evidence.players_count)
            for s in by.values()
            if isinstance(s, Measure)
        ]
        known = [k for k in more if k is not None]
        if more and len(known) == len(more):
            words["sentence"] = " ".join(
                filter(
                    None,
                    [
                        words["sentence"],
                        f"Undecided: about {max(known):,} more games would decide it at this "
                        "page's level, if the estimate holds.",
                    ],
                )
            )
    if (looks := max(most_looks(s) for s in by.values())) > 1:
        words["detail"] = " ".join(
            filter(
                None,
                [
                    words["detail"],
                    f"Its games were looked at up to {looks} times as they came in, the study free to stop at any "
                    f"look, so it is decided at {repeated_looks_z(level_alpha, looks):.2f} standard errors (the "
                    f"repeated-looks quantile of its level) rather than {z_for(level_alpha):.2f}"
                    + (
                        "."
                        if all(isinstance(s, Measure) for s in by.values())
                        else ", each seat or step further out at its share of the level."
                    ),
                ],
            )
        )
    seats = "; ".join(
        (f"{k}: " if k else "") + text for k, s in by.items() if (text := _breakdown(claim, s, evidence.digits))
    )
    if seats.strip():
        words["detail"] = " ".join(filter(None, [words["detail"], f"Every seat: {seats}."]))
    equal = "; ".join((f"{k}, " if k else "") + text for k, s in by.items() for text in _equality_words(s))
    if equal:
        words["detail"] = " ".join(
            filter(
                None,
                [
                    words["detail"],
                    f"A chi-square test of exactly equal seats ({equal}) asks another question: with many games it "
                    "finds differences far inside the band. The verdict is the band's test, seat by seat: whether "
                    "each seat's interval lies within the band around its fair share.",
                ],
            )
        )
    return Finding(
        verdict=verdict,
        number=number,
        n=n,
        interval=interval,
        value=value,
        unit=claim.unit,
        level=round(1 - level_alpha, 6),
        recheck=recheck_text,
        seats=evidence.players_count,
        digits=evidence.digits,
        **words,
    )


def more_games(rule: Rule, m: Measure, alpha: float, players: int | None = None) -> int | None:
    """About how many more games would decide an undecided measure at level ``1 - alpha`` if its
    estimate held: the standard error shrinks with the square root of the units, so the interval
    clears the nearest line by its Monte Carlo error (what the judge asks) once
    ``units * ((z + 1) se / distance)**2`` units are in. None when the estimate sits on a line (no
    number of games decides it) or the rule is not a band or a line.

    >>> more_games(Rule.parse("between 0.45 and 0.55"), Measure.of_rate(560, 1000), 0.05)
    20589
    """
    if m.units < 2 or not math.isfinite(m.se) or m.se <= 0:
        return None
    rule = _within_bounds(rule, m)
    v = m.value
    if rule.kind == "between":
        assert rule.lo is not None and rule.hi is not None
        d = min(v - rule.lo, rule.hi - v) if rule.lo <= v <= rule.hi else max(rule.lo - v, v - rule.hi)
    elif rule.kind in ("above", "below"):
        d = abs(v - rule.threshold(players))
    else:
        return None
    if d <= 0:
        return None
    need = m.units * ((m.decision_z(alpha) + 1) * m.se / d) ** 2
    per_unit = m.n / m.units
    return max(0, int(math.ceil((need - m.units) * per_unit)))


def futile(
    rule: Rule, m: Measure, alpha: float, cap_units: int, players: int | None = None, chance: float = 0.1
) -> bool:
    """Whether an undecided measure, played on to ``cap_units`` units, would be decided there with a
    predicted chance under ``chance``: its estimate at the cap is predicted from the units so far (the
    trend, with the uncertainty of the trend itself and of the units to come: a flat prior's predictive
    spread, ``se * sqrt(rest / cap)``), and the judge calls every point of the central ``1 - chance`` of
    that prediction undecided at the cap's standard error. A play-on may stop then
    (stopping for futility only leaves more lines undecided, so it never adds a wrong verdict); a measure
    without a spread, or already at the cap, is not judged futile.

    >>> line = Rule.parse("above 0 by 0.1")
    >>> futile(line, Measure(0.05, 0.02, 1200), 0.05, 1600), futile(line, Measure(0.12, 0.02, 1200), 0.05, 1600)
    (True, False)
    """
    if m.units < 2 or cap_units <= m.units or not math.isfinite(m.se) or m.se <= 0:
        return False
    rest = cap_units - m.units
    reach = m.se * math.sqrt(rest / cap_units)  # the estimate at the cap as predicted: the trend and its own spread
    at_cap = replace(m, se=m.se * math.sqrt(m.units / cap_units), units=int(cap_units),
                     games=int(round(m.n * cap_units / m.units)), successes=None)  # fmt: skip
    half = z_for(chance) * reach
    return all(
        verdict_of(rule, replace(at_cap, value=float(x)), alpha, players) == "undecided"
        for x in np.linspace(m.value - half, m.value + half, 41)
    )


def _games(s: Statistic) -> int:
    return s.n


def family_size(evidence: Iterable[Evidence]) -> int:
    """How many statistical verdicts a page states (the family its error rate is split over)."""
    return max(1, sum(1 for e in evidence if e.statistical))


def judged_family(findings: Iterable[Finding]) -> int:
    """How many of ``findings`` were decided as statistical verdicts (the page's family)."""
    return sum(1 for f in findings if f.level is not None)


def level_text(level: float) -> str:
    """A level as a percentage with the decimals it needs to stay below 100%: never a rounded "100%".

    >>> level_text(0.995), level_text(0.999821), level_text(0.9875)
    ('99.5%', '99.98%', '98.8%')
    """
    miss = 100 * (1 - level)
    if not miss > 0:
        return "100%"
    return f"{100 * level:.{max(1, math.ceil(-math.log10(miss)))}f}%"


def family_sentence(m: int, alpha: float = ALPHA) -> str:
    """The one sentence a page states about its family of verdicts.

    >>> family_sentence(10)
    'The 10 statistical verdicts on this page are one family: each is decided at level 99.5% (5% split over 10), so the chance that any of them is wrong is at most 5%; each line shows its 95% interval.'
    """
    if m <= 1:
        return f"The statistical verdict on this page is decided at level {100 * (1 - alpha):g}%."
    return (
        f"The {m} statistical verdicts on this page are one family: each is decided at level "
        f"{level_text(1 - alpha / m)} ({100 * alpha:g}% split over {m}), so the chance that any of them is wrong is "
        f"at most {100 * alpha:g}%; each line shows its 95% interval."
    )


# ---------------------------------------------------------------------------------------------
# a game's claims: one function per claim
# ---------------------------------------------------------------------------------------------
class ClaimBook:
    """A game's register with one function per claim, each returning its :class:`Evidence`.

    >>> book = ClaimBook("negen")
    >>> @book.measures("lone_four")
    ... def lone_four(inputs):
    ...     return Evidence(Exact(True, "4 ties 3 for the easiest"))
    >>> book.functions["lone_four"].__name__
    'lone_four'
    """

    def __init__(self, game: str):
        self.game = game
        self.functions: dict[str, Callable[[Any], Evidence]] = {}
        self.strengths: dict[str, tuple[str, ...]] = {}

    @property
    def claims(self) -> dict[str, Claim]:
        """The register, refused when it lacks a claim this book measures (a dropped row is no dropped verdict)."""
        claims = register(self.game)
        missing = [cid for cid in self.functions if cid not in claims]
        if missing:
            raise ClaimError(
                f"data/{self.game}/claims.csv has no row for {', '.join(map(repr, missing))}; expected every claim "
                f"negenlab measures for {self.game} (a required row of the register)"
            )
        return claims

    def measures(
        self, claim_id: str, strengths: Iterable[str] = ()
    ) -> Callable[[Callable[[Any], Evidence]], Callable[[Any], Evidence]]:
        """Register the function that measures claim ``claim_id``; ``strengths``: the player strengths a
        verdict about play is judged under (:attr:`Evidence.strengths`: short of one, it is untested)."""

        def add(fn: Callable[[Any], Evidence]) -> Callable[[Any], Evidence]:
            if claim_id in self.functions:
                raise ClaimError(f"{self.game}: claim {claim_id!r} has two functions")
            self.functions[claim_id] = fn
            if named := tuple(strengths):
                self.strengths[claim_id] = named
            return fn

        return add

    def evidence(self, inputs: Any) -> dict[str, Evidence]:
        """Every claim's evidence, in register order (a claim without a function is untested), with the
        player strengths its function was registered with."""
        out = {}
        for cid in self.claims:
            fn = self.functions.get(cid)
            ev = fn(inputs) if fn is not None else Evidence(Untested("negenlab has no measurement for it yet."))
            if cid in self.strengths:
                ev = replace(ev, strengths=self.strengths[cid])
            out[cid] = ev
        return out

    def findings(self, inputs: Any, recheck: pd.DataFrame | None = None) -> list[Finding]:
        """Every claim's verdict, in register order, the statistical ones judged as one family, each
        beside its re-measurement on a fresh seed where ``recheck`` (the rows of ``recheck.csv``)
        has one."""
        evidence = self.evidence(inputs)
        m = family_size(evidence.values())
        rechecks = rechecks_from_table(recheck, like=evidence)
        unknown = sorted(set(rechecks) - set(self.claims))
        if unknown:
            raise ClaimError(f"data/{self.game}/recheck.csv re-measures claims the register does not have: {unknown}")
        return [
            judge(self.claims[cid], ev, m, rechecks.get(cid) if ev.statistical else None)
            for cid, ev in evidence.items()
        ]


# ---------------------------------------------------------------------------------------------
# re-measurements on a fresh seed: data/<game>/recheck.csv
# ---------------------------------------------------------------------------------------------
RECHECK = Schema(
    {
        "claim": "text",
        "players": "text?",
        "step": "text?",
        "seat": "count?",
        "seed": "count",
        "value": "number",
        "se": "number",
        "units": "count",
        "games": "count",
        "successes": "count?",
        "command": "text?",
    },
    keys=["claim", "players", "step", "seat"],
)
"""The columns of ``data/<game>/recheck.csv``: one row per re-measured number (a claim, under one
player strength, one rung or seat of it where it has several)."""


def recheck_schema(
    players: Mapping[str, Iterable[str]] | None = None,
    steps: Mapping[str, Iterable[str]] | None = None,
    seats: Iterable[Mapping[str, Any]] = (),
) -> Schema:
    """:data:`RECHECK` with the rows a page reads required: each claim re-measured under each of its
    player strengths (``players``: claim -> strengths), at each step of its ladder (``steps``: claim ->
    step labels), and the ``seats`` rows (claim, players, step and seat) of the claims judged seat by seat.
    A dropped row would turn a verdict's re-measurement into "not re-measured" unseen; it is refused.

    >>> schema = recheck_schema(players={"pie": ["mcts:200"]}, steps={"skill": ["greedy over random"]})
    >>> schema.required
    [{'claim': 'pie', 'players': 'mcts:200'}, {'claim': 'skill', 'step': 'greedy over random'}]
    """
    required: list[Mapping[str, Any]] = [
        {"claim": c, "players": p} for c, strengths in (players or {}).items() for p in strengths
    ]
    required += [{"claim": c, "step": s} for c, labels in (steps or {}).items() for s in labels]
    required += [dict(row) for row in seats]
    return replace(RECHECK, required=required)


def _flat(s: Statistic, step: str = "") -> list[tuple[str, int | None, Measure]]:
    """A statistic as (step, seat, measure) parts: a measure, each seat, each step's parts."""
    if isinstance(s, Measure):
        return [(step, None, s)]
    if isinstance(s, Seats):
        return [(step, i, m) for i, m in enumerate(s.seats)]
    return [part for label, m in s.steps for part in _flat(m, label)]


def recheck_rows(claim_id: str, what: Statistic | Mapping[str, Statistic], seed: int, command: str = "") -> list[dict]:
    """The rows of ``recheck.csv`` for one claim's fresh measurement: one per number (per player
    strength, step and seat where the claim has them).

    >>> recheck_rows("duration", Measure.of_interval(8.8, 8.3, 9.2, 500), 2025)[0]["units"]
    500
    """
    rows = []
    by = dict(what) if isinstance(what, Mapping) else {"": what}
    for players, s in by.items():
        for step, seat, m in _flat(s):
            rows.append(
                {
                    "claim": claim_id,
                    "players": players,
                    "step": step,
                    "seat": seat,
                    "seed": int(seed),
                    "value": m.value,
                    "se": m.se,
                    "units": int(m.units),
                    "games": m.n,
                    "successes": m.successes,
                    "command": command,
                }
            )
    return rows


def _rebuild(rows: pd.DataFrame, template: Statistic | None) -> Statistic:
    """One player strength's statistic from its rows, shaped like ``template`` (the committed one).
    A re-measurement repeats the committed design, so each of its numbers is decided at the committed
    number's looks (:attr:`Measure.looks`): a sequential design looked at as often again."""

    def measure(r: dict, like: Statistic | None) -> Measure:
        k = r["successes"]
        looks = int(like.looks) if isinstance(like, Measure) else 1
        return Measure(
            float(r["value"]), float(r["se"]), int(r["units"]), int(r["games"]), None if pd.isna(k) else int(k), looks
        )

    def seats_or_measure(part: pd.DataFrame, like: Statistic | None) -> Measure | Seats:
        records = part.to_dict("records")
        if part["seat"].notna().any():
            seats = like.seats if isinstance(like, Seats) else ()
            ordered = sorted(records, key=lambda r: int(r["seat"]))
            centre = like.centre if isinstance(like, Seats) else None
            return Seats(tuple(measure(r, seats[i] if i < len(seats) else None) for i, r in enumerate(ordered)), centre)
        return measure(records[0], like)

    steps = rows["step"].astype(object).fillna("").astype(str)
    if isinstance(template, Steps) or steps.astype(bool).any():
        like = dict(template.steps) if isinstance(template, Steps) else {}
        return Steps(
            tuple((label, seats_or_measure(rows[steps == label], like.get(label))) for label in dict.fromkeys(steps)),
            template.same_games if isinstance(template, Steps) else False,
        )
    return seats_or_measure(rows, template)


def rechecks_from_table(table: pd.DataFrame | None, like: Mapping[str, Evidence] | None = None) -> dict[str, Recheck]:
    """The re-measurements of ``recheck.csv``, by claim id, shaped like each claim's evidence in
    ``like`` (seats and steps as the committed measurement has them)."""
    if table is None or not len(table):
        return {}
    out: dict[str, Recheck] = {}
    for cid, rows in table.groupby("claim", sort=False):
        ev = (like or {}).get(str(cid))
        shape = ev.what if ev is not None else None
        by: dict[str, Statistic] = {}
        for players, part in rows.groupby(rows["players"].astype(object).fillna("").astype(str), sort=False):
            template = shape.get(players) if isinstance(shape, Mapping) else shape
            by[str(players)] = _rebuild(part, template if isinstance(template, Measure | Seats | Steps) else None)
        what: Statistic | Mapping[str, Statistic] = by[""] if list(by) == [""] else by
        out[str(cid)] = Recheck(int(rows["seed"].iloc[0]), what, str(rows["command"].astype(object).fillna("").iloc[0]))
    return out


__all__ = [
    "ALPHA",
    "GLOSSARY",
    "SOURCES",
    "Claim",
    "ClaimBook",
    "ClaimError",
    "Evidence",
    "Exact",
    "Measure",
    "Recheck",
    "Rule",
    "Seats",
    "Steps",
    "Untested",
    "REPLICATIONS",
    "Replication",
    "agree",
    "clearance",
    "combined_verdict",
    "decide",
    "family_sentence",
    "family_size",
    "futile",
    "judge",
    "judged_family",
    "hairs",
    "monte_carlo_error",
    "more_games",
    "verdict_of",
    "recheck_rows",
    "recheck_schema",
    "rechecks_from_table",
    "quote_found",
    "register",
    "replicate",
    "statistic_text",
    "z_for",
]
