"""Findings as records: a designer claim, its verdict, the number that decides it, and what to change.

Every report page opens with one line per :class:`Finding`, rendered by one template
(``negenlab/report/templates``); the notebooks show the same records through
:func:`findings_table`. A verdict is one of :data:`VERDICTS`:

- ``holds`` / ``fails``: the deciding number says so (an SPRT decision, an interval that excludes
  the other side, or an exact count);
- ``undecided``: the data cannot tell yet (the interval straddles the line, the SPRT reached its cap,
  or a re-measurement on a fresh seed reached the opposite verdict): more games, not a verdict;
- ``depends on the players``: it holds under one player strength and fails under another;
- ``untested``: the tool cannot test the claim yet; ``sentence`` says why;
- ``quick screen`` / ``not asked``: a variant run's lines, never a page's: a screen under the run's own
  players that gives the measured effect and no verdict, and a claim the variant does not ask.

:func:`negenlab.core.claims.judge` makes them from a claim of a game's register and its evidence.

>>> f = Finding("a game lasts 20-30 minutes", "fails", "8.8 minutes", n=500, interval=(8.3, 9.2),
...             sentence="Three closers play a game to 2 points in 8.8 minutes.",
...             change="Play to 5 points (about 22 minutes).")
>>> f.line()
'fails · a game lasts 20-30 minutes: 8.8 minutes (n=500, 95% [8.3, 9.2]) · Play to 5 points (about 22 minutes).'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass

import pandas as pd

from .errors import InvalidInputError

VERDICTS = ("holds", "fails", "undecided", "depends on the players", "untested", "quick screen", "not asked")
"""A page's verdicts, then a variant run's two words (:mod:`negenlab.core.variant`): a quick screen's line
(its own players, few games: never holds or fails) and a claim the variant does not ask."""


@dataclass(frozen=True)
class Finding:
    """One designer claim and what the studies say of it.

    ``number`` is the deciding number as written (e.g. ``rate_text(...)``); ``n`` and ``interval``
    (95%, in the number's units) come with it, or ``exact=True`` for an exact count. ``sentence`` is
    one plain sentence; ``change`` what to change where the claim fails; ``detail`` the statistical
    wording (SPRT, units, agent budgets), shown one click down; ``section`` the page heading it comes
    from; ``command`` what reproduces it. The judge (:func:`negenlab.core.claims.judge`) also fills in
    the register's ``claim_id``, ``source``, ``quote``, ``where`` and ``reading``, the ``players``,
    the ``rule`` in words, the ``value`` and ``unit`` of a single measurement, the ``level`` it was
    decided at, and the ``recheck`` on a fresh seed. ``touched`` marks a claim a variant run is about
    (the pages show those first)."""

    claim: str
    verdict: str
    number: str
    n: int | None = None
    interval: tuple[float, float] | None = None
    exact: bool = False
    sentence: str = ""
    change: str | None = None
    detail: str | None = None
    section: str | None = None
    command: str | None = None
    claim_id: str | None = None
    source: str | None = None
    quote: str | None = None
    where: str | None = None
    reading: str | None = None
    players: str | None = None
    rule: str | None = None
    value: float | None = None
    unit: str | None = None
    level: float | None = None
    recheck: str | None = None
    seats: int | None = None
    digits: int | None = None
    touched: bool = False

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise InvalidInputError(f"a finding's verdict is one of {', '.join(VERDICTS)}, got {self.verdict!r}")
        if not self.claim:
            raise InvalidInputError("a finding names the claim it tests")

    @property
    def support(self) -> str:
        """``n`` and the interval (or "exact") in words: ``"n=500, 95% [8.3, 9.2]"``."""
        parts = []
        if self.n is not None:
            parts.append(f"n={self.n:,}")
        if self.exact:
            parts.append("exact")
        elif self.interval is not None:
            lo, hi = self.interval
            if self.unit in ("share", "share points"):
                parts.append(f"95% [{100 * lo:.1f}, {100 * hi:.1f}]")
            elif self.digits is not None:
                parts.append(f"95% [{lo:.{self.digits}f}, {hi:.{self.digits}f}]")
            else:
                parts.append(f"95% [{lo:g}, {hi:g}]")
        return ", ".join(parts)

    @property
    def designer(self) -> bool:
        """Whether the claim is the designer's (else negenlab's own question)."""
        return self.source != "negenlab"

    @property
    def badge(self) -> str:
        """The verdict as a CSS class name (``depends on the players`` -> ``depends``)."""
        return self.verdict.split()[0]

    def line(self) -> str:
        """The verdict line as plain text."""
        support = f" ({self.support})" if self.support else ""
        change = f" · {self.change}" if self.change and self.verdict == "fails" else ""
        recheck = f" · {self.recheck}" if self.recheck else ""
        return f"{self.verdict} · {self.claim}: {self.number}{support}{change}{recheck}"

    def to_dict(self) -> dict:
        return asdict(self)


def verdict_counts(findings: Iterable[Finding]) -> dict[str, int]:
    """How many findings have each verdict, in the order of :data:`VERDICTS` (zeros left out).

    >>> verdict_counts([Finding("a", "holds", "1"), Finding("b", "fails", "2"), Finding("c", "holds", "3")])
    {'holds': 2, 'fails': 1}
    """
    counts = Counter(f.verdict for f in findings)
    return {v: counts[v] for v in VERDICTS if counts[v]}


def findings_table(findings: Iterable[Finding]) -> pd.DataFrame:
    """The findings as a table (one row per claim), as a notebook's findings cell shows them.

    >>> findings_table([Finding("a game lasts 20-30 minutes", "fails", "8.8 minutes", n=500)])[["verdict", "n"]]
      verdict    n
    0   fails  500
    """
    table = pd.DataFrame(
        [
            {
                "verdict": f.verdict,
                "claim": f.claim,
                "source": f.source or "",
                "number": f.number,
                "n": f.n,
                "support": f.support,
                "change": f.change or "",
                "recheck": f.recheck or "",
                "sentence": f.sentence,
            }
            for f in findings
        ],
        columns=["verdict", "claim", "source", "number", "n", "support", "change", "recheck", "sentence"],
    )
    table["n"] = table["n"].astype("Int64")
    return table


RECORD_FIELDS = ("claim_id", "claim", "source", "verdict", "number", "n", "interval", "value", "unit", "players",
                 "level", "recheck")  # fmt: skip
"""The fields of a verdict record (``negenlab report <game> --json``): what tools compare a page by."""


def verdict_records(findings: Iterable[Finding]) -> list[dict]:
    """The findings as verdict records (:data:`RECORD_FIELDS`), the page's lines for tools and for
    comparison: the variant tool's default side is these records.

    >>> verdict_records([Finding("fair seats", "holds", "33.9%", n=1000, interval=(0.31, 0.369))])[0]["interval"]
    [0.31, 0.369]
    """
    out = []
    for f in findings:
        record = {k: getattr(f, k) for k in RECORD_FIELDS}
        record["interval"] = list(f.interval) if f.interval is not None else None
        out.append(record)
    return out
