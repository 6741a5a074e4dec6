"""Try a variant: the same seeded games under the default Rules and under yours, side by side.

A designer changes a few Rules fields; :func:`try_variant` plays both rule sets on common seeds, in
batches, and after each batch decides, per claim of the game's register, whether the variant shifts
the claim's metric against the default (two one-sided SPRTs on the paired differences: ``higher``
by the claim's tolerance, ``lower`` by it, or ``no change``, each at 5% error rates) and what each
side's verdict is, judged by the one judge (:func:`negenlab.core.claims.judge`) as the pages judge.

Samples are honest: n counts distinct games. With the same player in every seat, the seat
rotations would replay the same games (they share their seed streams), so one rotation is played
and a unit is one game; with different players, a unit is one game in every seat rotation and its
value the mean over them. Intervals come from the independent units. The run's verdicts are one
family: every claim on both sides at every look (each batch is a look), so each is decided at
level 1 - 5% / (claims x 2 x looks) and the chance that any verdict of the run is wrong stays
below 5%. It stops when every claim is decided, at ``max_units``, or when ``on_batch`` asks it to
(a Stop button). Variants that seat a different number of players cannot be paired; their samples
are compared unpaired (a normal-approximation interval on the difference) and no SPRT is run.

>>> from negenlab.core.agents import RandomAgent
>>> from negenlab.core.claims import Claim, Rule
>>> from negenlab.core.examples import DiceRace
>>> claim = VariantClaim(Claim("race", "a race lasts 8-12 moves", "negenlab", rule=Rule.parse("between 8 and 12"),
...                            unit="moves"), "length")
>>> r = try_variant(lambda f: DiceRace(**f), {"target": 30}, [RandomAgent(), RandomAgent()], [claim],
...                 max_units=100, progress=False)
>>> r.table.loc[0, "change"], r.findings[0].verdict, r.findings[0].n
('higher', 'quick screen', 100)

A variant run is a **quick screen**: its players (the run's own, named on every line) are not the
page's, and its games are few, so its lines never say holds or fails. Each line gives the measured
effect in plain words (the variant's number against the default's, under the same players) and where
the screen's interval lies against what the claim asks for; the page's own verdict at the default
Rules (``page``: the game's committed findings) stands beside it, as the page states it, number, n
and verdict. A claim the variant does not ask (FEN's pie claim with the pie rule off) says so and
gives its measured effect without a verdict.
"""

from __future__ import annotations

import html
import json
import math
import shutil
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from .checks import whole_number
from .claims import ALPHA, Claim, Evidence, Measure, Seats, combined_verdict, judge, level_text, statistic_text
from .compare import MIN_UNITS, mean_with_interval, seat_rotations, sprt_decide
from .errors import InvalidInputError, StoreCorruptError
from .files import read_json, write_atomic
from .findings import Finding, findings_table
from .game import Game, seat_name
from .metrics import Z95, is_rate, per_game_values

CHANGES = ("higher", "lower", "no change", "undecided", "not paired")
"""What the paired test says of a claim's metric under the variant against the default."""

SCREEN_WORDS = {
    "holds": "inside what the claim asks",
    "fails": "outside what the claim asks",
    "undecided": "not yet clear against the claim",
    "depends on the players": "inside for some seats' players, outside for others",
}
"""Where a quick screen's interval lies against what a claim asks, in words that are not a verdict:
its players are not the page's, so a screen never says holds or fails."""


@dataclass(frozen=True)
class VariantClaim:
    """A claim of a game's register (``claim``: its rule, unit and words) that a variant run can judge
    from self-play: its ``metric`` (a name of :data:`~negenlab.core.metrics.METRICS` or a column of
    the game's simulate table) times ``scale`` in the claim's unit, or ``values`` (a function of the
    simulate table giving one value per game). A claim with a ``fair`` rule reads each game's
    winning seat instead (``winners``, default the ``winner`` column; -1 or a draw: nobody).
    ``tolerance`` (shown units) is the shift the SPRTs look for: default half the rule's band, or its
    margin. ``how`` says in words what the run measures. ``fields`` are the Rules fields whose change
    asks this claim's question (a variant of one of them shows the claim first).

    >>> from negenlab.core.claims import Rule
    >>> c = Claim("minutes", "a game lasts 20-30 minutes", "negenlab", rule=Rule.parse("between 20 and 30"), unit="minutes")
    >>> VariantClaim(c, "turns", scale=0.5).shift(3)
    5.0
    """

    claim: Claim
    metric: str = ""
    scale: float = 1.0
    tolerance: float | None = None
    values: Callable[[pd.DataFrame], np.ndarray] | None = None
    winners: Callable[[pd.DataFrame], np.ndarray] | None = None
    how: str = ""
    fields: tuple[str, ...] = ()
    beside: tuple[tuple[str, str], ...] = ()
    """Numbers shown beside the verdict and not judged: ``(words, metric)`` pairs, each measured per
    game on both sides (FEN's swap rate beside the pie claim: whether the players use the rule)."""
    asked: Callable[[Mapping[str, Any]], str | None] | None = None
    """Whether a variant of these Rules fields still asks the claim's question: None where it does,
    else the reason it does not (FEN's pie claim with the pie rule off: there is no pie rule to judge)."""
    strengths: tuple[str, ...] = ()
    """The page's player strengths for this claim, as agent specs, each filling every seat (FEN's pie
    claim: ``("mcts:200", "mcts:800")``): what :func:`judge_variant` plays, as the page does."""
    committed: Callable[[str], str | Path | None] | None = None
    """Where the page's study keeps a strength's self-play games at the default Rules (a simulate store),
    if it does: :func:`judge_variant` reads the default side from them, the page's own games."""

    def not_asked(self, fields: Mapping[str, Any]) -> str | None:
        """Why a variant of ``fields`` does not ask this claim's question (None: it does)."""
        return None if self.asked is None else self.asked(fields)

    def __post_init__(self) -> None:
        if not isinstance(self.claim, Claim):
            raise InvalidInputError(f"a variant claim names a Claim of the game's register, got {self.claim!r}")
        if not self.claim.rule.statistical:
            raise InvalidInputError(
                f"claim {self.claim.id!r} has the rule '{self.claim.rule.kind}'; a variant run judges statistical claims"
            )
        if not self.seat_claim and not self.metric and self.values is None:
            raise InvalidInputError(f"claim {self.claim.id!r}: give the metric it reads, or its per-game values")
        if not (math.isfinite(self.scale) and self.scale > 0):
            raise InvalidInputError(f"claim {self.claim.id!r}: scale must be a finite number > 0, got {self.scale}")

    @property
    def seat_claim(self) -> bool:
        """Whether the claim is about every seat (a ``fair`` rule)."""
        return self.claim.rule.kind == "fair"

    @property
    def is_rate(self) -> bool:
        """Whether the claim's per-game values are 0/1 outcomes (shown as a share)."""
        return self.claim.unit == "share" and (self.values is not None or is_rate(self.metric) or self.seat_claim)

    def per_game(self, df: pd.DataFrame) -> np.ndarray:
        """The claim's value for each game of a simulate table, in the claim's unit (a seat claim:
        whether the first seat won)."""
        if self.seat_claim:
            return (self.winning_seats(df) == 0).astype(float)
        x = per_game_values(df, self.metric) if self.values is None else np.asarray(self.values(df), dtype=float)
        return x * self.scale

    def winning_seats(self, df: pd.DataFrame) -> np.ndarray:
        """Each game's winning seat (-1: nobody)."""
        if self.winners is not None:
            return np.asarray(self.winners(df), dtype=int)
        w = df["winner"].to_numpy()
        draw = df["draw"].to_numpy(bool) if "draw" in df else np.zeros(len(df), bool)
        return np.where(draw | pd.isna(w), -1, np.nan_to_num(w.astype(float), nan=-1)).astype(int)

    def shift(self, players: int) -> float:
        """The shift the SPRTs look for, in the claim's unit."""
        if self.tolerance is not None:
            return float(self.tolerance)
        rule = self.claim.rule
        if rule.kind == "between":
            return (rule.hi - rule.lo) / 2  # type: ignore[operator]
        return float(rule.margin)  # type: ignore[arg-type]


@dataclass
class VariantResult:
    """A variant run: ``table`` (one row per claim: the default and the variant with 95% intervals and
    n distinct games, the paired difference, the SPRTs' ``change`` and each side's verdict),
    ``findings`` (the variant's verdict per claim, as the report pages show them), the Rules fields of
    both sides and how the run ended."""

    table: pd.DataFrame
    findings: list[Finding]
    fields: dict[str, Any]
    units: int
    games: int
    paired: bool
    stopped: bool = False
    capped: bool = False
    command: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    page: list[Finding] = field(default_factory=list)
    """The page's verdicts at the default Rules (the game's committed findings, every claim): the
    default side of every claim as the page states it."""

    @property
    def games_per_side(self) -> int:
        """Distinct games on each side (the default's and the variant's are as many)."""
        return self.games // 2

    def headline(self) -> str:
        """What was played, in one line: units and distinct games a side, and how the run ended."""
        shown = ", ".join(f"{k}={v}" for k, v in self.fields.items()) or "the default Rules (nothing changed)"
        if self.extra.get("mode") == "as the page judges":
            end = "stopped" if self.stopped else ("cap reached" if self.capped else "every claim decided")
            units = ", ".join(f"{spec} {n}" for spec, n in self.extra.get("units_by_strength", {}).items())
            return (
                f"{shown}, judged as the page judges it (the page's players): units a strength {units}, "
                f"{self.games_per_side:,} distinct games a side under the default Rules and under the variant ({end})"
            )
        end = "stopped" if self.stopped else ("cap reached" if self.capped else "every claim screened")
        return (
            f"{shown}, quick screen: {self.units} units, {self.games_per_side:,} distinct games a side under the "
            f"default Rules and under the variant ({end})"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "variant": self.fields,
            "units": self.units,
            "games": self.games,
            "games_per_side": self.games_per_side,
            "paired": self.paired,
            "stopped": self.stopped,
            "capped": self.capped,
            "verdicts": [f.to_dict() for f in self.findings],
            "page": [f.to_dict() for f in self.page],
            "metrics": json.loads(self.table.to_json(orient="records")),
            **self.extra,
        }

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self.headline())}</p>" + findings_table(self.findings).to_html(index=False)


def identical_players(players: Sequence[Any]) -> bool:
    """Whether every seat holds the same player (same kind, same settings): then the seat rotations
    replay the same games, and one rotation is all there is.

    >>> from negenlab.core.agents import MCTSAgent, RandomAgent
    >>> identical_players([RandomAgent(), RandomAgent()]), identical_players([MCTSAgent(50), RandomAgent()])
    (True, False)
    """
    return len({(type(a), repr(a)) for a in players}) <= 1


def play_units(
    game: Game, players: Sequence[Any], n_units: int, seed: int, store: Path | None, **sim: Any
) -> list[pd.DataFrame]:
    """One simulate table per distinct seat rotation (:func:`~negenlab.core.compare.seat_rotations`),
    each of ``n_units`` games on the same seeds; a single table when every seat holds the same player."""
    rotations = 1 if identical_players(players) else game.num_players
    return seat_rotations(game, players, n_units, seed, store, rotations=rotations, **sim)


def looks(max_units: int, batch: int) -> int:
    """How many times a run of ``max_units`` in batches of ``batch`` looks at its data."""
    return -(-max_units // batch)


def _checked_run(
    make_game: Callable[[dict[str, Any]], Game],
    fields: Mapping[str, Any],
    batch: int,
    max_units: int,
    page: Sequence[Finding] | Callable[[], Sequence[Finding]],
) -> tuple[Game, Game, int, int, list[Finding]]:
    """A run's inputs checked before any game is played: the variant's and the default's games, the
    batch and the cap, and the page's findings (read once the fields are known to be good)."""
    if fields is None or not isinstance(fields, Mapping):
        raise InvalidInputError(f"fields are a mapping of Rules fields to values (e.g. {{'size': 5}}), got {fields!r}")
    batch = whole_number(batch, "batch", 1, 100_000, "units are played a batch at a time")
    max_units = whole_number(max_units, "max_units", 1, 1_000_000, "the run stops there")
    variant, default = make_game(dict(fields)), make_game({})
    return variant, default, batch, max_units, list(page() if callable(page) else page)


def try_variant(
    make_game: Callable[[dict[str, Any]], Game],
    fields: Mapping[str, Any],
    agents: Sequence[Any] | Callable[[Game], Sequence[Any]],
    claims: Sequence[VariantClaim],
    *,
    seed: int = 2024,
    batch: int = 50,
    max_units: int = 400,
    store: str | Path | None = None,
    progress: bool = True,
    on_batch: Callable[[int, int], bool | None] | None = None,
    command: str | None = None,
    page: Sequence[Finding] | Callable[[], Sequence[Finding]] = (),
    **sim: Any,
) -> VariantResult:
    """Play the default Rules (``make_game({})``) and the variant (``make_game(fields)``) on common
    seeds until every claim is decided (see the module docstring); ``agents`` are the players, or a
    function of the game giving them. ``on_batch(units, max_units)`` is called after each batch and
    stops the run when it returns True. ``store`` keeps the games (a rerun resumes); ``page``: the
    page's findings at the default Rules (or a function giving them, called once the inputs are
    checked), shown beside each line as the default side; extra keywords
    (``workers``, ``backend``) go to :func:`~negenlab.core.simulate.simulate`."""
    if not claims:
        raise InvalidInputError("no claim to judge; give at least one VariantClaim")
    variant, default, batch, max_units, page = _checked_run(make_game, fields, batch, max_units, page)
    players_v = list(agents(variant)) if callable(agents) else list(agents)
    players_d = list(agents(default)) if callable(agents) else list(agents)
    paired = variant.num_players == default.num_players
    if store is None:
        with tempfile.TemporaryDirectory() as where:
            return try_variant(
                make_game, fields, agents, claims, seed=seed, batch=batch, max_units=max_units, store=where,
                progress=progress, on_batch=on_batch, command=command, page=page, **sim,
            )  # fmt: skip
    family = len(claims) * 2 * looks(max_units, batch)
    bar = tqdm(total=max_units, desc="variant", unit="unit", disable=not progress)
    n, stopped = 0, False
    while True:
        n = min(max_units, n + batch)
        runs_v = play_units(variant, players_v, n, seed, Path(store) / "variant", **sim)
        runs_d = play_units(default, players_d, n, seed, Path(store) / "default", **sim)
        rows = [
            _claim_row(c, runs_v, runs_d, paired, family) | {"not_asked": c.not_asked(fields) or ""} for c in claims
        ]
        bar.update(n - bar.n)
        if on_batch is not None and on_batch(n, max_units):
            stopped = True
            break
        if n >= max_units or all(
            r["change"] != "undecided" and (r["_variant_verdict"] != "undecided" or r["not_asked"]) for r in rows
        ):
            break
    bar.close()
    table = pd.DataFrame([{k: v for k, v in r.items() if not k.startswith("_")} for r in rows])
    capped = not stopped and bool(
        (table["change"] == "undecided").any()
        or ((table["variant_screen"] == SCREEN_WORDS["undecided"]) & (table["not_asked"] == "")).any()
    )
    games = n * (len(runs_v) + len(runs_d))
    shown = ", ".join(f"{k}={v}" for k, v in fields.items()) or "the default Rules"
    who = _players_text(players_v)
    touched = [touches(c, fields, r["change"]) for c, r in zip(claims, rows, strict=True)]
    on_page = {f.claim_id: f for f in page}
    findings = [
        _finding(c, r, shown, who, seed, command, t, on_page.get(c.claim.id))
        for c, r, t in zip(claims, rows, touched, strict=True)
    ]
    order = sorted(range(len(claims)), key=lambda i: not touched[i])  # the claims it touches first
    table = table.assign(touched=touched).iloc[order].reset_index(drop=True)
    return VariantResult(
        table, [findings[i] for i in order], dict(fields), n, games, paired, stopped, capped, command, page=list(page)
    )


def touches(claim: VariantClaim, fields: Mapping[str, Any], change: str) -> bool:
    """Whether a variant of ``fields`` touches ``claim``: it changes a field the claim is about, or the
    paired test found the claim's number moved (``change`` higher or lower).

    >>> from negenlab.core.claims import Rule
    >>> c = Claim("pie", "the pie rule makes the game fair", "negenlab", rule=Rule.parse("fair within 0.05"))
    >>> touches(VariantClaim(c, fields=("pie_rule",)), {"pie_rule": False}, "no change")
    True
    >>> touches(VariantClaim(c), {"size": 5}, "no change"), touches(VariantClaim(c), {"size": 5}, "higher")
    (False, True)
    """
    return bool(set(claim.fields) & set(fields)) or change in ("higher", "lower")


def judge_variant(
    make_game: Callable[[dict[str, Any]], Game],
    fields: Mapping[str, Any],
    players_for: Callable[[str, Game], Sequence[Any]],
    claims: Sequence[VariantClaim],
    *,
    seed: int = 2024,
    batch: int = 50,
    max_units: int = 400,
    store: str | Path | None = None,
    progress: bool = True,
    on_batch: Callable[[int, int], bool | None] | None = None,
    command: str | None = None,
    page: Sequence[Finding] | Callable[[], Sequence[Finding]] = (),
    **sim: Any,
) -> VariantResult:
    """Judge a variant as the page judges the game: each claim under the page's own player strengths
    (:attr:`VariantClaim.strengths`, each in every seat, ``players_for(spec, game)`` building them), on
    the study's seed, both sides on common seeds, by the one judge; a strength's games stop once its
    claims are decided on the variant's side (or at ``max_units``). Every claim under every strength on
    both sides at every look is one family, so each verdict is read at level 1 - 5% / (that count). A
    line holds or fails only where every strength says so (:func:`~negenlab.core.claims.combined_verdict`).
    Claims with no strengths are left out (the quick screen, :func:`try_variant`, still screens them).

    >>> from negenlab.core.agents import MCTSAgent, RandomAgent
    >>> from negenlab.core.claims import Rule
    >>> from negenlab.core.examples import DiceRace
    >>> claim = VariantClaim(Claim("race", "a race lasts 8-40 moves", "negenlab", rule=Rule.parse("between 8 and 40"),
    ...                            unit="moves"), "length", strengths=("random", "mcts:20"))
    >>> make = {"random": RandomAgent, "mcts:20": lambda: MCTSAgent(20)}
    >>> r = judge_variant(lambda f: DiceRace(**f), {"target": 30}, lambda spec, g: [make[spec]() for _ in range(2)],
    ...                   [claim], max_units=200, progress=False)
    >>> r.findings[0].verdict, r.findings[0].players
    ('holds', 'random in every seat, and mcts:20 in every seat')
    """
    claims = [c for c in claims if c.strengths]
    if not claims:
        raise InvalidInputError("no claim names the page's player strengths; screen the variant with try_variant")
    variant, default, batch, max_units, page = _checked_run(make_game, fields, batch, max_units, page)
    if store is None:
        with tempfile.TemporaryDirectory() as where:
            return judge_variant(
                make_game, fields, players_for, claims, seed=seed, batch=batch, max_units=max_units, store=where,
                progress=progress, on_batch=on_batch, command=command, page=page, **sim,
            )  # fmt: skip
    paired = variant.num_players == default.num_players
    strengths = list(dict.fromkeys(s for c in claims if not c.not_asked(fields) for s in c.strengths))
    family = sum(len(c.strengths) for c in claims if not c.not_asked(fields)) * 2 * looks(max_units, batch)
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    units: dict[str, int] = {}
    reused: dict[str, str] = {}
    stopped = False
    bar = tqdm(total=max_units * len(strengths), desc="variant, the page's players", unit="unit", disable=not progress)
    for k, spec in enumerate(strengths):
        asked = [c for c in claims if spec in c.strengths and not c.not_asked(fields)]
        players_v, players_d = list(players_for(spec, variant)), list(players_for(spec, default))
        folder = Path(store) / spec.replace(":", "-").replace("/", "-")
        kept = next((c.committed(spec) for c in asked if c.committed is not None), None)
        reused[spec] = ""
        if kept is not None and _seed_from(Path(kept), folder / "default", seed):
            reused[spec] = str(kept)
            if getattr(variant, "rules", None) == getattr(default, "rules", object()):
                _seed_from(Path(kept), folder / "variant", seed)  # a variant that changes nothing is the default
        n = 0
        while True:
            n = min(max_units, n + batch)
            runs_v = play_units(variant, players_v, n, seed, folder / "variant", **sim)
            runs_d = play_units(default, players_d, n, seed, folder / "default", **sim)
            for c in asked:
                row = _claim_row(c, runs_v, runs_d, paired, family)
                if n < MIN_UNITS:  # too few units for an interval to decide anything
                    row["_variant_verdict"] = "undecided"
                rows[c.claim.id, spec] = row | {
                    "not_asked": c.not_asked(fields) or "",
                    "players": f"{spec} in every seat",
                    "reused": reused[spec],
                    "games": n * (len(runs_v) + len(runs_d)),
                }
            bar.update(k * max_units + n - bar.n)
            if on_batch is not None and on_batch(k * max_units + n, max_units * len(strengths)):
                stopped = True
                break
            if n >= max_units or all(
                rows[c.claim.id, spec]["_variant_verdict"] != "undecided" or rows[c.claim.id, spec]["not_asked"]
                for c in asked
            ):
                break
        units[spec] = n
        if stopped:
            break
    bar.close()
    shown = ", ".join(f"{k}={v}" for k, v in fields.items()) or "the default Rules"
    on_page = {f.claim_id: f for f in page}
    findings, touched = [], []
    for c in claims:
        mine = {spec: rows[c.claim.id, spec] for spec in c.strengths if (c.claim.id, spec) in rows}
        touched.append(any(touches(c, fields, r["change"]) for r in mine.values()))
        findings.append(
            _page_finding(
                c, mine, c.not_asked(fields) or "", shown, seed, command, touched[-1], on_page.get(c.claim.id)
            )
        )
    table = pd.DataFrame(
        [{k: v for k, v in r.items() if not k.startswith("_")} | {"strength": spec} for (_, spec), r in rows.items()]
    )
    capped = not stopped and any(f.verdict == "undecided" for f in findings)
    order = sorted(range(len(claims)), key=lambda i: not touched[i])
    return VariantResult(
        table,
        [findings[i] for i in order],
        dict(fields),
        max(units.values(), default=0),
        sum(int(rows[c.claim.id, spec]["games"]) for spec in units for c in claims[:1] if (c.claim.id, spec) in rows),
        paired,
        stopped,
        capped,
        command,
        extra={"mode": "as the page judges", "units_by_strength": units},
        page=list(page),
    )


def _seed_from(committed: Path, default: Path, seed: int) -> bool:
    """Start the default side's store from the page's own games: a copy of the committed simulate store
    ``committed`` (its one rotation) when it holds games of this ``seed`` and nothing is kept yet; whether
    the default side reads them."""
    run = committed / "run.json"
    if not run.is_file():
        return False
    if not default.exists():
        meta = read_json(run, "a committed store's run record")
        if not isinstance(meta, dict) or meta.get("seed") != seed:
            return False
        shutil.copytree(committed, default / "rotation-0")
    return (default / "rotation-0" / "run.json").is_file()


def _page_finding(
    c: VariantClaim,
    rows: Mapping[str, dict[str, Any]],
    asked: str,
    shown: str,
    seed: int,
    command: str | None,
    touched: bool,
    on_page: Finding | None,
) -> Finding:
    """One claim's line judged as the page judges it: each strength's variant number and verdict, the
    line's verdict where every strength agrees, and the default side under the same players beside it
    (``asked``: why the variant does not ask the claim, then nothing was played)."""
    if not rows:  # a claim the variant does not ask is not played
        return Finding(
            c.claim.claim,
            "not asked",
            f"not asked by this variant ({asked}); not played",
            sentence=f"With {shown}, the claim's question is not asked, so the page's players did not play it.",
            claim_id=c.claim.id,
            source=c.claim.source,
            quote=c.claim.quote,
            players=", and ".join(f"{spec} in every seat" for spec in c.strengths),
            section="Try a variant",
            command=command,
            touched=touched,
        )
    judged = {spec: r["_variant_finding"] for spec, r in rows.items()}
    missing = [spec for spec in c.strengths if spec not in rows]
    verdicts = [r["_variant_verdict"] for r in rows.values()] + ["undecided"] * len(missing)
    verdict = "not asked" if asked else combined_verdict(verdicts)
    parts = []
    for spec, r in rows.items():
        sd, sv = r["_default_stat"], r["_variant_stat"]
        default, mine = statistic_text(_headline(sd), c.claim.unit), statistic_text(_headline(sv), c.claim.unit)
        if isinstance(sd, Seats):
            default, mine = f"{seat_name(sd.worst)} {default}", f"{seat_name(sv.worst)} {mine}"
        parts.append(f"{spec}: {mine} ({r['_variant_verdict']}), against {default} under the default Rules")
    parts += [f"{spec}: not played (the run was stopped)" for spec in missing]
    number = "; ".join(parts)
    if asked:
        number = f"not asked by this variant ({asked}); measured: {number}"
    who = ", and ".join(r["players"] for r in rows.values())
    page_words = f" The page at the default Rules: {on_page.verdict}, {on_page.number}." if on_page is not None else ""
    kept = [f"{spec}'s are the page's own ({r['reused']})" for spec, r in rows.items() if r.get("reused")]
    if kept:
        page_words = f" The default side's games: {'; '.join(kept)}." + page_words
    first = next(iter(judged.values()))
    level = first.level or 1 - ALPHA
    sentence = (
        f"With {shown}, judged as the page judges it: the page's players ({who}), on seed {seed}, both sides on "
        f"common seeds; a strength stops once its verdict is decided, from {MIN_UNITS} units on. It holds or fails "
        "only where every strength says so." + (f" Measured: {c.how}." if c.how else "") + page_words
    )
    detail = (
        f"Each verdict is read at level {level_text(level)} (5% split over every claim under every strength on both "
        "sides at every look). "
        + " ".join(
            f"{spec}: paired shift per unit {r['shift']:.3g} [{r['shift_lo']:.3g}, {r['shift_hi']:.3g}], {r['change']}."
            for spec, r in rows.items()
        )
    )
    return Finding(
        **{
            **first.to_dict(),
            "verdict": verdict,
            "number": number,
            "n": sum(int(f.n or 0) for f in judged.values()) or None,
            "interval": first.interval if len(judged) == 1 else None,
            "sentence": sentence,
            "change": None,
            "recheck": None,
            "players": who,
            "detail": detail,
            "section": "Try a variant",
            "command": command,
            "touched": touched,
        }
    )


def _players_text(players: Sequence[Any]) -> str:
    names = [getattr(a, "name", type(a).__name__) for a in players]
    if identical_players(players):
        return f"{names[0]} in every seat"
    return ", ".join(f"{seat_name(i)}: {a}" for i, a in enumerate(names)) + " (seats rotated)"


def side_statistic(c: VariantClaim, runs: list[pd.DataFrame]) -> Measure | Seats:
    """A side's measurement of claim ``c`` over independent units: one game a unit with one
    rotation, else the mean of a unit's games over its rotations (n counts every distinct game)."""
    rotations = len(runs)
    if c.seat_claim:
        P = sum(1 for col in runs[0].columns if str(col).startswith("return_"))
        if rotations == 1:
            w = c.winning_seats(runs[0])
            return Seats.of_wins([int((w == s).sum()) for s in range(P)])
        shares = np.stack(
            [np.mean([(c.winning_seats(df) == s).astype(float) for df in runs], axis=0) for s in range(P)], axis=1
        )
        return Seats.of_units(shares, games_per_unit=rotations)
    if rotations == 1:
        return Measure.of_units(c.per_game(runs[0]), rate=c.is_rate and _outcomes(c.per_game(runs[0])))
    units = np.mean([c.per_game(df) for df in runs], axis=0)
    return Measure.of_units(units, games_per_unit=rotations, rate=False, bounds=(0.0, 1.0) if c.is_rate else None)


def _outcomes(x: np.ndarray) -> bool:
    return bool(np.isin(x, (0.0, 1.0)).all())


def _unit_values(c: VariantClaim, runs: list[pd.DataFrame]) -> np.ndarray:
    """Per unit, the mean over its rotations of the claim's per-game values (the paired test's input)."""
    return np.mean([c.per_game(df) for df in runs], axis=0)


def _side(c: VariantClaim, runs: list[pd.DataFrame], family: int) -> tuple[Finding, Measure | Seats]:
    s = side_statistic(c, runs)
    P = sum(1 for col in runs[0].columns if str(col).startswith("return_"))
    return judge(c.claim, Evidence(s, players_count=P), family), s


def _headline(s: Measure | Seats) -> Measure:
    """The number a table row shows for a side: the measure, or the seat farthest from fair."""
    return s if isinstance(s, Measure) else s.seats[s.worst]


def _band(rule, players: int) -> tuple[float, float]:
    """The values a claim asks for, as a (low, high) band for pictures (a line's side: to infinity)."""
    if rule.kind == "between":
        return float(rule.lo), float(rule.hi)
    if rule.kind == "fair":
        return 1 / players - rule.margin, 1 / players + rule.margin
    t = rule.threshold(players)
    return (t, math.inf) if rule.kind == "above" else (-math.inf, t)


def _claim_row(c: VariantClaim, runs_v, runs_d, paired: bool, family: int) -> dict[str, Any]:
    fv, sv = _side(c, runs_v, family)
    fd, sd = _side(c, runs_d, family)
    v, d = _headline(sv), _headline(sd)
    (v_lo, v_hi), (d_lo, d_hi) = v.interval(), d.interval()
    P = sum(1 for col in runs_v[0].columns if str(col).startswith("return_"))
    delta = c.shift(P)
    rule = c.claim.rule
    band = _band(rule, P)
    row: dict[str, Any] = {
        "claim": c.claim.claim,
        "claim_id": c.claim.id,
        "metric": "seat wins" if c.seat_claim else (c.metric or "values"),
        "unit": c.claim.unit,
        "rule": rule.words(c.claim.unit, P),
        "target_lo": band[0],
        "target_hi": band[1],
        "default": d.value,
        "default_lo": d_lo,
        "default_hi": d_hi,
        "default_n": sd.n if isinstance(sd, Seats) else d.n,
        "variant": v.value,
        "variant_lo": v_lo,
        "variant_hi": v_hi,
        "variant_n": sv.n if isinstance(sv, Seats) else v.n,
        "worst_seat": seat_name(sv.worst) if isinstance(sv, Seats) else "",
        "default_screen": SCREEN_WORDS[fd.verdict],
        "variant_screen": SCREEN_WORDS[fv.verdict],
        "_default_verdict": fd.verdict,
        "_variant_verdict": fv.verdict,
        "level": fv.level,
        "_variant_finding": fv,
        "_default_finding": fd,
        "_default_stat": sd,
        "_variant_stat": sv,
    }
    row["beside"] = "; ".join(_beside_text(words, metric, runs_v, runs_d) for words, metric in c.beside)
    identical = False
    if paired:
        diff = _unit_values(c, runs_v) - _unit_values(c, runs_d)
        est, lo, hi = mean_with_interval(diff, outcomes=False)
        up, down = sprt_decide(diff, 0.0, delta)[0], sprt_decide(diff, 0.0, -delta)[0]
        identical = bool(len(diff)) and bool(np.all(diff == 0))
        change = (
            "higher" if up == "H1" else "lower" if down == "H1" else "no change" if up == down == "H0" else "undecided"
        )
        if identical:
            change = "no change"  # every paired game gave the same value: no number of games moves it
    else:
        est = v.value - d.value
        half = Z95 * math.sqrt(((v_hi - v_lo) / (2 * Z95)) ** 2 + ((d_hi - d_lo) / (2 * Z95)) ** 2)
        lo, hi, change = est - half, est + half, "not paired"
    row |= {"shift": est, "shift_lo": lo, "shift_hi": hi, "tolerance": delta, "change": change, "identical": identical}
    return row


def _beside_measure(metric: str, runs: list[pd.DataFrame]) -> tuple[Measure, bool]:
    """A number shown beside a verdict over independent units (a unit: the mean of its rotations),
    and whether its per-game values are 0/1 outcomes (then it is a share)."""
    per_game = [np.asarray(per_game_values(df, metric), dtype=float) for df in runs]
    outcomes = all(np.isin(x, (0.0, 1.0)).all() for x in per_game)
    units = np.mean(per_game, axis=0)
    bounds = (0.0, 1.0) if outcomes else None
    return Measure.of_units(units, games_per_unit=len(runs), rate=outcomes and len(runs) == 1, bounds=bounds), outcomes


def _beside_text(words: str, metric: str, runs_v: list[pd.DataFrame], runs_d: list[pd.DataFrame]) -> str:
    """``words`` with the variant's and the default's numbers: ``'swap rate 0.0% [0.0, 3.7] (n = 100)
    against 48.0% [...] (n = 100) under the default'``."""
    (v, share_v), (d, share_d) = _beside_measure(metric, runs_v), _beside_measure(metric, runs_d)
    unit = "share" if share_v and share_d else ""
    return (
        f"{words} {statistic_text(v, unit)} (n = {v.n:,}) against {statistic_text(d, unit)} (n = {d.n:,}) "
        "under the default"
    )


def _finding(
    c: VariantClaim,
    r: dict[str, Any],
    shown: str,
    who: str,
    seed: int,
    command: str | None,
    touched: bool = False,
    on_page: Finding | None = None,
) -> Finding:
    """One claim's quick-screen line: the measured effect in plain words under the run's own players,
    where the screen's interval lies against the claim, and the page's own line beside it."""
    fv: Finding = r["_variant_finding"]
    sd = r["_default_stat"]
    default = statistic_text(_headline(sd), c.claim.unit)
    if isinstance(sd, Seats):
        default = f"{seat_name(sd.worst)} {default}"
    if r["identical"]:
        what = "the same in every paired game: this change cannot move it"
    elif r["change"] == "no change" and (r["shift_lo"] > 0 or r["shift_hi"] < 0):  # moved, by less than counts
        what = (
            f"{'higher' if r['shift'] > 0 else 'lower'} than under the default Rules by {abs(r['shift']):.3g} "
            f"[{r['shift_lo']:.3g}, {r['shift_hi']:.3g}] a unit, less than the {r['tolerance']:.3g} the claim's band "
            "counts as a change"
        )
    else:
        what = {
            "higher": "higher than under the default Rules",
            "lower": "lower than under the default Rules",
            "no change": "no different from the default Rules",
            "undecided": "not yet told apart from the default Rules",
            "not paired": "compared unpaired with the default Rules (other seats)",
        }[r["change"]]
    subject = "the first seat's share of games won" if c.seat_claim else (c.how or "the claim's number")
    effect = f"{fv.number} with {shown}, against {default} under the default Rules: {what}"
    beside = f"; beside it, not judged: {r['beside']}" if r.get("beside") else ""
    if r["not_asked"]:
        verdict, number = "not asked", f"not asked by this variant ({r['not_asked']}); measured: {effect}{beside}"
    else:
        verdict = "quick screen"
        number = f"quick screen, {who}: {effect}; the screen's interval lies {r['variant_screen']}{beside}"
    page_words = (
        f"The page at the default Rules: {on_page.verdict}, {on_page.number}"
        + (f" ({on_page.support})" if on_page.support else "")
        + (f", players: {on_page.players}" if on_page.players else "")
        + "."
        if on_page is not None
        else "The page has no line for this claim."
    )
    sentence = (
        f"With {shown}, {subject} is {what}. {who}; {fv.n:,} distinct games a side on seed {seed}. A quick screen "
        f"plays the run's own players, not the page's, so it gives no verdict. {page_words}"
    )
    detail = (
        f"Paired shift per unit {r['shift']:.3g} [{r['shift_lo']:.3g}, {r['shift_hi']:.3g}]; two one-sided SPRTs "
        f"(alpha = beta = 0.05, from {MIN_UNITS} units on) for a shift of {r['tolerance']:.3g} either way: "
        f"{r['change']}. The screen's intervals are read at level {level_text(fv.level or 1 - ALPHA)} (5% split "
        "over every claim on both sides at every look)."
    )
    return Finding(
        **{
            **fv.to_dict(),
            "verdict": verdict,
            "number": number,
            "sentence": sentence,
            "change": None,
            "recheck": None,
            "players": who,
            "detail": " ".join(filter(None, [fv.detail, detail])),
            "section": "Try a variant",
            "command": command,
            "interval": fv.interval,
            "touched": touched,
        }
    )


def side_by_side(table: pd.DataFrame) -> pd.DataFrame:
    """A variant run's table as a person reads it: one row per claim, each side's number with its
    interval in one cell, the paired shift, and where each side's interval lies against the claim.

    >>> t = pd.DataFrame({"claim": ["c"], "unit": [""], "default": [1.0], "default_lo": [0.5], "default_hi": [1.5],
    ...     "default_n": [10], "variant": [2.0], "variant_lo": [1.5], "variant_hi": [2.5], "variant_n": [10],
    ...     "shift": [1.0], "shift_lo": [0.2], "shift_hi": [1.8], "change": ["higher"], "default_screen": ["x"],
    ...     "variant_screen": ["y"]})
    >>> side_by_side(t).iloc[0]["default Rules"]
    '1 [0.5, 1.5], n=10'
    """

    def cell(r: dict, side: str) -> str:
        k = 100.0 if r.get("unit") == "share" else 1.0
        return f"{k * r[side]:.3g} [{k * r[f'{side}_lo']:.3g}, {k * r[f'{side}_hi']:.3g}]" + (
            f", n={int(r[f'{side}_n']):,}" if f"{side}_n" in r else ""
        )

    rows = []
    for r in table.to_dict("records"):
        rows.append(
            {
                "claim": r["claim"],
                "default Rules": cell(r, "default"),
                "variant": cell(r, "variant"),
                "paired shift": cell(r, "shift"),
                "change": r["change"],
                "default side": r.get("default_screen", ""),
                "variant side": r.get("variant_screen", ""),
            }
        )
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class SavedVariant:
    """A variant as a designer keeps it, to run again or hand on: the game, the Rules fields that
    differ from the default, the players (``agents``: one spec, or one per seat; None: the game's
    own), the seed and the run's sizes. :meth:`save` writes it as a small JSON file, :meth:`load`
    reads one back (a file that is not one is one error line naming what is wrong).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "pie-off.json"
    >>> SavedVariant("fen", {"pie_rule": False}, agents="mcts:200").save(path)
    >>> SavedVariant.load(path).fields
    {'pie_rule': False}
    """

    game: str
    fields: dict[str, Any]
    agents: str | None = None
    seed: int = 2024
    max_units: int = 400
    batch: int = 50
    note: str = ""

    FORMAT = 1
    LIMIT = 2**20  # a saved variant is a few hundred bytes

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or not self.game:
            raise InvalidInputError(f"a saved variant names its game, got {self.game!r}")
        if not isinstance(self.fields, dict) or not all(
            isinstance(k, str) and (v is None or isinstance(v, bool | int | float | str))
            for k, v in self.fields.items()
        ):
            raise InvalidInputError(
                "a saved variant's fields map Rules field names to single values (true, 5, 0.5, 'bent', none), "
                f"got {self.fields!r}"
            )
        if self.agents is not None and (not isinstance(self.agents, str) or not self.agents.strip()):
            raise InvalidInputError(
                f"a saved variant's agents are specs such as 'mcts:200' (or none), got {self.agents!r}"
            )
        whole_number(self.seed, "the saved variant's seed", 0, 2**63 - 1)
        whole_number(self.max_units, "the saved variant's max_units", 1, 1_000_000)
        whole_number(self.batch, "the saved variant's batch", 1, 100_000)
        if not isinstance(self.note, str):
            raise InvalidInputError(f"a saved variant's note is text, got {self.note!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.FORMAT,
            "game": self.game,
            "fields": dict(self.fields),
            "agents": self.agents,
            "seed": self.seed,
            "max_units": self.max_units,
            "batch": self.batch,
            "note": self.note,
        }

    def save(self, path: str | Path) -> None:
        """Write the variant to ``path`` (JSON)."""
        write_atomic(path, json.dumps(self.to_dict(), indent=2) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> SavedVariant:
        """Read a saved variant (a regular JSON file of at most :attr:`LIMIT` bytes)."""
        try:
            data = read_json(path, "saved variant", limit=cls.LIMIT)
        except StoreCorruptError as exc:
            raise InvalidInputError(str(exc)) from None
        if not isinstance(data, dict) or data.get("format") != cls.FORMAT:
            raise InvalidInputError(f"{path} is not a saved variant (a JSON object with format {cls.FORMAT})")
        known = {"game", "fields", "agents", "seed", "max_units", "batch", "note"}
        unknown = sorted(set(data) - known - {"format"})
        if unknown:
            raise InvalidInputError(
                f"{path}: a saved variant has no {', '.join(unknown)}; expected {', '.join(sorted(known))}"
            )
        if "game" not in data or "fields" not in data:
            raise InvalidInputError(f"{path}: a saved variant names its game and its fields")
        return cls(**{k: v for k, v in data.items() if k != "format"})


__all__ = [
    "CHANGES",
    "SCREEN_WORDS",
    "SavedVariant",
    "VariantClaim",
    "VariantResult",
    "identical_players",
    "side_by_side",
    "play_units",
    "side_statistic",
    "touches",
    "try_variant",
    "judge_variant",
]
