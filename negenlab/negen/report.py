"""The Negen page of ``negenlab report``: numbered findings, the variant figure, the spiral
analysis, then the play section (Piet's position per reading, a small fresh study cell, and the
committed variant study made by :mod:`negenlab.negen.study`); tables are folded. The committed
tables are read as package data and checked on load (:func:`negenlab.core.data.data_table`).

>>> df = piet_turns([("straight", "adjacency")])
>>> int(df.loc[0, "closing turns"]), bool(df.loc[0, "Piet's turn legal"])
(0, True)
"""

from __future__ import annotations

import html
import time
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

import pandas as pd

from negenlab.core.claims import ClaimBook, Evidence, Exact, Untested, family_sentence, judged_family
from negenlab.core.data import MissingDataError, data_json, data_table, tuning_run
from negenlab.core.errors import InvalidInputError, TableError
from negenlab.core.findings import Finding
from negenlab.core.metrics import rate_text
from negenlab.core.studies import committed_table
from negenlab.core.tune import setting_text
from negenlab.report.page import VerdictLines

from . import ENTRY
from .agents import closing_odds, refusal_tables
from .game import NegenGame
from .rules import DEFAULT_RULES, Rules
from .study import (
    BETTER_PLAYER,
    CLEAR_ALPHA,
    CLEAR_MAX_ROUNDS,
    DEEPER_PLAYER,
    SECONDS_PER_TURN,
    SELF_PLAY,
    SELF_PLAY_MAX_ROUNDS,
    TABLES,
    claim_cell,
    claim_statistics,
    committed_cells,
    expected_rounds,
    game_win_chance,
    run_cell,
    self_play_clears,
    study_cells,
    summarise_cell,
    variant_cells,
)
from .study import DEFAULT_READING as study_default_reading
from .table import parse_table, table_key
from .turns import legal_turns

TITLE = "Negen"

WORKED_EXAMPLES = [
    ("6 5 4", "valid, not closed"),
    ("5 4 5", "invalid (not monotone)"),
    ("1 5 6", "invalid (steps not 1)"),
    ("1 2", "invalid (two dice)"),
    (". . . 4 .\n6 5 4 3 2\n. . . 2 .", "valid, not closed (after Piet's turn)"),
    ("1 2 3\n2 . 4\n3 4 5", "valid and closed (smallest straight loop)"),
    ("1 2\n2 3", "closed; invalid straight, valid bent"),
]


def build(page, options) -> None:
    """Verdicts first (from the committed variant study and Piet's position searched now), then the
    reading chooser, Piet's turn, the reference study, the spiral analysis and the play section;
    tables and bookkeeping are folded."""
    from .plot import plot_reading_chooser, plot_study

    study, meta = load_study()
    piet = piet_turns()
    variants = load_variants()
    piet_close = piet_can_close()
    found = verdicts(variants, piet)
    page.verdicts(found, family_sentence(judged_family(found)), ENTRY.players)
    done = set(zip(variants["players"], variants["mix"], variants["reading"], strict=True))
    missing = [c for c in variant_cells() if (c.players, c.mix, c.reading) not in done]
    page.heading(READING_CHOOSER)
    page.figure(
        plot_reading_chooser(variants, piet_close),
        caption=(
            f"Made by {VARIANTS_COMMAND} (data/negen/variants.csv): per reading, minutes per game to 2 points, the "
            "first seat's edge, whether one better player wins more than its share, and Piet's example. Players "
            "take their wins (closers); greedy and MCTS check for a win first. Seats rotated, readings on common "
            "seeds; every interval is 95%. Minutes assume 30 s a turn and seats that win rounds equally."
        ),
    )
    words = "".join(f"<li>{html.escape(text)}</li>" for text in reading_sentences(variants))
    page.raw_html(f"<details class='folded'><summary>Every reading in words</summary><ul>{words}</ul></details>")
    page.heading(PIET_SECTION)
    page.raw_html(piet_pictures())
    page.heading(REFERENCE)
    page.figure(
        plot_study(study),
        caption=(
            "Players who ignore wins (uniform over every legal turn, even a winning one): the earlier variant "
            f"study (data/negen/study_exact.csv, at least {int(study['n'].min())} rounds per cell; seats rotated, "
            "readings paired on common seeds), each point with its 95% interval. Minutes per game assume every "
            "round has a winner and seats win equally. Reproduce a cell with the command in the sidecar."
        ),
    )
    spiral_sections(page, options)
    play_section(page, options, piet=piet, study=study, meta=meta)
    page.table(
        variants,
        caption="Every finished cell of the variant study, data/negen/variants.csv (its games are in "
        "data/negen/variant_store, which negenlab study negen variants resumes).",
        folded=f"The variant study under players who take their wins: {len(variants)} of {len(variant_cells())} cells",
    )
    if missing:
        page.folded(
            f"Cells still to run: {len(missing)} of {len(variant_cells())}",
            "<ul>" + "".join(f"<li>{c.players} players, {c.mix}, {c.reading}</li>" for c in missing) + "</ul>",
        )


def load_study() -> tuple[pd.DataFrame, dict]:
    """The committed variant study (``data/negen/study_exact.csv``) and its sidecar."""
    meta = data_json("negen", "study_exact.json", fields={"cells": dict})
    for cell, record in meta["cells"].items():
        if not isinstance(record, dict) or not isinstance(record.get("command", ""), str):
            raise TableError(
                f"data/negen/study_exact.json: cell {cell!r} holds {type(record).__name__}; expected an object "
                "with the command that played it"
            )
    return data_table("negen", "study_exact.csv", schema=TABLES["study_exact"]), meta


def load_variants() -> pd.DataFrame:
    """The committed variant study under players who take their wins (``data/negen/variants.csv``)."""
    return committed_table("negen", "variants", TABLES["variants"])


def _share(r: dict, q: str) -> str:
    return (
        f"{rate_text(r[q], r[q + '_lo'], r[q + '_hi'])} against a fair {rate_text(1 / r['players'])} (n={int(r['n'])})"
    )


def reading_sentences(variants: pd.DataFrame) -> list[str]:
    """The variant study (:func:`load_variants`) across every reading, in words: minutes per game,
    the seat that moves first, and whether skill pays, each with its number, n, interval and SPRT
    decision (the verdicts judge the default reading; these sentences compare the readings).

    >>> import pandas as pd
    >>> row = dict(players=3, mix="closers", reading="straight/adjacency/join", n=500, turns=6.0, turns_lo=5.7,
    ...            turns_hi=6.3, minutes_per_game=8.7, first_seat=0.31, first_seat_lo=0.27, first_seat_hi=0.35,
    ...            first_seat_sprt="H0")
    >>> reading_sentences(pd.DataFrame([row]))[0][:48]
    'Under the default reading, 3 closers play a game'
    """
    out = []
    rows = variants.to_dict("records")

    def cell(P, mix, reading):
        return next((r for r in rows if (r["players"], r["mix"], r["reading"]) == (P, mix, reading)), None)

    def minutes(r):
        k = r["minutes_per_game"] / r["turns"]
        return (
            f"{r['minutes_per_game']:.1f} minutes [{r['turns_lo'] * k:.1f}, {r['turns_hi'] * k:.1f}] (n={int(r['n'])})"
        )

    base = cell(3, "closers", "straight/adjacency/join")
    if base is not None:
        inside = [
            f"{r['reading']} ({r['players']} players)"
            for r in rows
            if r["mix"] == "closers" and 20 <= r["minutes_per_game"] <= 30
        ]
        greedy = cell(3, "greedy-among-closers", "straight/adjacency/join")
        out.append(
            f"Under the default reading, 3 closers play a game to 2 points in {minutes(base)} at 30 s a turn"
            + (f"; with one greedy player among them, {minutes(greedy)}" if greedy else "")
            + ". Readings whose self-play lies in 20-30 minutes: "
            + (
                ", ".join(inside)
                if inside
                else "none; a longer game needs more points to win or fewer closing chances (the tuner's question)"
            )
            + "."
        )
    closers = [r for r in rows if r["mix"] == "closers"]
    if closers:
        favoured = [
            f"{r['reading']} ({r['players']} players: {_share(r, 'first_seat')})"
            for r in closers
            if r["first_seat_sprt"] == "H1"
        ]
        fair = [r for r in closers if r["first_seat_sprt"] == "H0"]
        out.append(
            ("The first seat has a 5-point edge (SPRT H1) under " + "; ".join(favoured) + ". " if favoured else "")
            + f"It has none (SPRT H0) in {len(fair)} of {len(closers)} self-play cells"
            + (
                ", all under the straight readings"
                if fair and all(r["reading"].startswith("straight") for r in fair)
                else ""
            )
            + ". Under bent sequences rounds last about two turns, so whoever moves first often closes."
        )
    for mix, who in (
        ("greedy-among-closers", "One greedy player among closers"),
        ("mcts-vs-greedy", "One MCTS player among greedy ones"),
        ("planner-among-closers", "One planner among closers"),
        ("planner-among-greedy", "One planner among greedy players"),
    ):
        cells = [r for r in rows if r["mix"] == mix and "focus" in r and not pd.isna(r.get("focus"))]
        if not cells:
            continue
        decided = {
            "H1": "SPRT: a 5-point edge (H1)",
            "H0": "SPRT: no 5-point edge (H0)",
            "undecided": "SPRT undecided at the cap",
        }
        parts = [
            f"{r['reading']}, {r['players']} players: {_share(r, 'focus')}, {decided[r['focus_sprt']]}" for r in cells
        ]
        out.append(who + ": " + "; ".join(parts) + ".")
    return out


DEFAULT_READING = study_default_reading
READING_CHOOSER = "The reading chooser"
PIET_SECTION = "Piet's worked turn"
REFERENCE = "Players who ignore wins (a reference)"
VARIANTS_COMMAND = "negenlab study negen variants --seed 2024"
RECHECK_COMMAND = "negenlab study negen recheck --seed 2024"


def target_for_minutes(minutes_per_round: float, players: int, low: float = 20.0) -> tuple[int, float] | None:
    """The smallest target score whose expected game (seats winning rounds equally) lasts ``low``
    minutes or more, with its minutes; None past 10 points.

    >>> target, minutes = target_for_minutes(3.0, 3)
    >>> target, round(minutes)
    (4, 22)
    """
    for target in range(1, 11):
        minutes = minutes_per_round * expected_rounds(players, target)
        if minutes >= low:
            return target, minutes
    return None


def lone_die_connect_odds(rules: Rules = DEFAULT_RULES) -> dict[int, float]:
    """For each value, the exact chance that a fresh board of 4 dice can be built onto a lone die of
    that value (some legal turn adds board dice to it), over the 6**4 ordered rolls.

    >>> odds = lone_die_connect_odds()
    >>> round(odds[4], 3), round(odds[1], 3)
    (0.532, 0.233)
    """
    rolls = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=4))
    return {
        v: sum(m for b, m in rolls.items() if any(t.used for t in legal_turns(str(v), board=b, rules=rules).turns))
        / 6**4
        for v in range(1, 7)
    }


@cache
def next_player_odds(rules: Rules = DEFAULT_RULES) -> pd.DataFrame:
    """After each legal turn of Piet's position (each end table once), the spirals the next player
    finds and the next player's exact chance to have a closing turn, each board of 4 dice equally
    likely (over the 6**4 rolls). A refusal leaves one spiral more than it finds: the rules put a new
    die on the table as a spiral of its own, so its chance is averaged over that die's six faces
    (``without the new die``: the chance on the table as Piet leaves it, before the die).

    >>> t = next_player_odds()
    >>> r = t[t["refusal"]].iloc[0]
    >>> int(r["spirals left"]), round(float(r["next player closes"]), 3), round(float(r["without the new die"]), 3)
    (4, 0.334, 0.153)
    """
    after = table_key(parse_table(PIET_AFTER))
    rows = []
    for t in legal_turns(PIET_TABLE, board=PIET_BOARD, rules=rules).turns:
        left = closing_odds(t.key, rules)
        if t.used:
            odds = left
        else:  # the new die, each face equally likely, lies on the table as a spiral of its own
            odds = sum((closing_odds(k, rules) for k in refusal_tables(t.key)), Fraction(0)) / 6
        rows.append(
            {
                "turn": "refuse" if not t.used else "add " + " ".join(map(str, t.used)),
                "spirals left": len(t.key) + (0 if t.used else 1),
                "next player closes": float(odds),
                "without the new die": float(left),
                "exact": odds,
                "refusal": not t.used,
                "Piet's turn": t.key == after,
                "table": t.text(),
                "key": t.key,
            }
        )
    return pd.DataFrame(rows)


def _duration_change(minutes_per_round: float) -> str:
    """What a designer could change to reach 20-30 minutes, under the default reading only (the
    page rejects the others: they contradict Piet's turn): the committed tuner's best setting when it
    kept that reading, else the target score that reaches 20 minutes with three closers."""
    run = tuning_run("negen", "tune_minutes.json", needs={"turns": (int, float)})
    k = SECONDS_PER_TURN / 60
    for c in run.get("candidates", []):
        reading = f"{c.get('sequence_shape', 'straight')}/{c.get('coverage', 'adjacency')}"
        if c.get("turns_target") == "met" and reading == "straight/adjacency":
            return f"Play {setting_text(run, c)}: about {c['turns'] * k:.0f} minutes a game (the rules tuner, {run['command']})."
    fix = target_for_minutes(minutes_per_round, 3)
    if fix is None:
        return (
            "No target up to 10 points reaches 20 minutes under the default reading; fewer closing chances are needed."
        )
    return (
        f"Play to {fix[0]} points: about {fix[1]:.0f} minutes with three players who take their wins. (The rules "
        "tuner's best setting changes the reading to die coverage, which Piet's worked turn rules out.)"
    )


@dataclass(frozen=True)
class ClaimInputs:
    """What the Negen verdicts read: the committed variant study (its cells with their rounds) and
    Piet's position searched now."""

    cells: dict
    piet: pd.DataFrame
    variants: pd.DataFrame

    @property
    def statistics(self) -> dict:
        return claim_statistics(self.cells)


CLAIMS = ClaimBook("negen")
"""The Negen register (``data/negen/claims.csv``) with one function per claim below."""


@CLAIMS.measures("piet_turn")
def _piet_turn(x: ClaimInputs) -> Evidence:
    by = {r["reading"]: r for r in x.piet.to_dict("records")}
    p = by[DEFAULT_READING]
    others = [f"{k}: {r['closing turns']} of {r['legal turns']}" for k, r in by.items() if k != DEFAULT_READING]
    return Evidence(
        Exact(p["closing turns"] == 0, f"{p['closing turns']} of his {p['legal turns']} legal turns close a spiral"),
        sentence="Every legal turn of the source's position (table 6-5-4, 3, 4; board 5 2 2 1) searched under the "
        "default reading." + (f" The other readings close: {'; '.join(others)}." if others else ""),
        change="Print the default reading (straight sequences, adjacency coverage); the others contradict the example.",
        section=PIET_SECTION,
        command="negenlab negen turns '. . . . . . 4\\n6 5 4 . 3 . .' --board 5,2,2,1",
    )


@CLAIMS.measures("duration", strengths=SELF_PLAY)
def _duration(x: ClaimInputs) -> Evidence:
    if "duration" not in x.statistics:
        return Evidence(Untested("The variant study's self-play cells of three players are not committed."))
    rows = {label: x.cells[(3, mix)].row for label, mix in SELF_PLAY.items() if (3, mix) in x.cells}
    rounds = "; ".join(f"{label}: {r['turns']:.1f} turns a round" for label, r in rows.items())
    return Evidence(
        x.statistics["duration"],
        sentence=f"Three players play a game to 2 points under the default reading at 30 s a turn ({rounds}; "
        f"{expected_rounds(3, 2):.2f} rounds a game), once by closers and once by planners.",
        change=_duration_change(rows["closers"]["minutes_per_round"]) if "closers" in rows else None,
        detail="Minutes per game = minutes per round x the expected rounds to 2 points when seats win rounds "
        "equally; each round length is known to within "
        + ", ".join(f"+-{100 * r['turns_precision']:.0f}%" for r in rows.values())
        + " (95%).",
        players="closers, and planners (see the glossary)",
        section=READING_CHOOSER,
        command=VARIANTS_COMMAND,
    )


@CLAIMS.measures("target_score", strengths=BETTER_PLAYER)
def _target_score(x: ClaimInputs) -> Evidence:
    if "target_score" not in x.statistics:
        return Evidence(Untested("The variant study's cells of a better player among weaker ones are not committed."))
    said = []
    for label, mix in BETTER_PLAYER.items():
        if (3, mix) in x.cells:
            p = x.cells[(3, mix)].row["focus"]
            chances = ", ".join(f"{rate_text(game_win_chance(p, 3, t))} to {t}" for t in (1, 2, 3))
            said.append(f"{label} wins {rate_text(p)} of rounds, so a game {chances} point(s)")
    return Evidence(
        x.statistics["target_score"],
        sentence="The better player's gain in game-win chance from a game to 1 point to a game to 2 (3 players, "
        "default reading; rounds independent, every round won): " + "; ".join(said) + ".",
        change="Play to more points, or make planning count for more.",
        detail="The gain follows from the round share; its interval from the round share's by the delta method.",
        players=", and ".join(BETTER_PLAYER),
        section=READING_CHOOSER,
        command=VARIANTS_COMMAND,
    )


@CLAIMS.measures("abruptly", strengths=SELF_PLAY)
def _abruptly(x: ClaimInputs) -> Evidence:
    if "abruptly" not in x.statistics:
        return Evidence(Untested("The rounds of the three-player self-play cells are not in this installation."))
    return Evidence(
        x.statistics["abruptly"],
        sentence="Rounds of three players under the default reading closed within the first two turns, before the "
        "third player has moved: the share of such rounds, by closers and by planners.",
        change="Fewer dice on the first boards, so that early closes are rarer.",
        detail=_self_play_detail(x),
        players="closers, and planners",
        section=READING_CHOOSER,
        command=VARIANTS_COMMAND,
    )


@CLAIMS.measures("lone_four")
def _lone_four(x: ClaimInputs) -> Evidence:
    odds = lone_die_connect_odds()
    others = ", ".join(f"{v}: {rate_text(odds[v])}" for v in (1, 2, 3, 5, 6))
    return Evidence(
        Exact(
            odds[4] == max(odds.values()),
            f"a fresh board builds onto a lone 4 with chance {rate_text(odds[4])} ({others})",
        ),
        sentence="Over the 6**4 ordered rolls of a fresh board: some legal turn adds board dice to the lone die "
        "(default reading). 3 and 4 tie, 1 and 6 are hardest.",
        change="Drop the remark: another value is easier to connect to.",
        section=PIET_SECTION,
        command="python -c 'from negenlab.negen.report import lone_die_connect_odds; print(lone_die_connect_odds())'",
    )


@CLAIMS.measures("converge")
def _converge(x: ClaimInputs) -> Evidence:
    counts = read_table("spiral_counts_straight_adjacency.csv")
    valid, closed = int(counts["valid_fixed"].sum()), int(counts["valid_closed_fixed"].sum())
    smallest = int(counts.loc[counts["valid_closed_fixed"] > 0, "k"].min())
    return Evidence(
        Exact(
            closed < valid / 2,
            f"{closed:,} of the {valid:,} valid spirals of up to {int(counts['k'].max())} dice "
            f"are closed ({rate_text(closed / valid)}); none with fewer than {smallest} dice",
        ),
        sentence="Counted exactly under the default reading, up to translation (negenlab study negen spiral_counts).",
        change="Drop the remark: under the printed reading most valid spirals are closed.",
        section="How many valid spirals are there?",
        command="negenlab study negen spiral_counts",
    )


def _mean_odds(rows: pd.DataFrame) -> float:
    return float(rows["next player closes"].mean())


@CLAIMS.measures("three_spirals")
def _three_spirals(x: ClaimInputs) -> Evidence:
    t = next_player_odds()
    three, fewer = t[t["spirals left"] == 3], t[t["spirals left"] < 3]
    if three.empty or fewer.empty:
        return Evidence(
            Untested("Piet's position has no legal turn that leaves three spirals, or none that leaves fewer.")
        )
    p3, pf = _mean_odds(three), _mean_odds(fewer)
    by = t.groupby("spirals left")["next player closes"].agg(["mean", "min", "max", "size"])
    counts = "; ".join(
        f"{k} left: {int(r['size'])} turn{'s' if r['size'] != 1 else ''}, "
        + (
            f"{rate_text(r['mean'])} on average ({rate_text(r['min'])}-{rate_text(r['max'])})"
            if r["size"] > 1
            else rate_text(r["mean"])
        )
        for k, r in by.iterrows()
    )
    refusal = t[t["refusal"]]
    aside = ""
    if not refusal.empty:
        r = refusal.iloc[0]
        with_refusal = pd.concat([three, refusal])
        p3r = _mean_odds(with_refusal)
        aside = (
            f" A refusal leaves one spiral more than it finds: the rules put a new die on the table as a spiral of "
            f"its own, so Piet's refusal leaves {int(r['spirals left'])} spirals, and the next player closes "
            f"{rate_text(r['next player closes'])} after it ({rate_text(r['without the new die'])} on his three "
            f"spirals before the new die). Counted with the three-spiral turns it would give "
            f"{rate_text(p3r)} against {rate_text(pf)}: the claim "
            + ("holds" if p3r > pf else "fails")
            + " that way too."
        )
    played = t[t["Piet's turn"]]
    mine = (
        f" The turn Piet played leaves {int(played.iloc[0]['spirals left'])} spiral and the next player "
        f"{rate_text(played.iloc[0]['next player closes'])}."
        if not played.empty
        else ""
    )
    return Evidence(
        Exact(
            p3 > pf,
            f"the next player closes {rate_text(p3)} "
            + (
                "after the one turn of Piet's that leaves"
                if len(three) == 1
                else f"on average after the {len(three)} turns of Piet's that leave"
            )
            + f" three spirals, {rate_text(pf)} on average after the {len(fewer)} that leave fewer",
        ),
        sentence=f"Exact over Piet's {len(t)} legal turns (each end table counted once) and every next board of 4 "
        f"dice (the 6**4 rolls equally likely): {counts}." + aside + mine,
        change="Drop the remark, or say what makes three spirals dangerous: on this position the turns that leave "
        "three spirals leave the next player fewer closing chances than those that leave fewer; the shape left "
        "matters more than the count.",
        section=PIET_SECTION,
        command="python -c 'from negenlab.negen.report import next_player_odds; print(next_player_odds())'",
    )


PIET_OPTIONS = {
    "half_loop": (
        "6 5 4 . 4\n. . 3 . .\n. . 2 . .",  # 6-5-4-3-2 turning at the 4, the lone 4 left
        "4 5 6 . 4\n3 . . . .\n2 . . . .",  # its mirror image
    ),
    "straight": ("6 5 4 3 2 . 4",),  # 6-5-4-3-2 laid straight, as Piet's own play begins
    "four_three_two": ("6 5 4 . 4 3 2",),  # the lone 4 and the lone 3 joined by a 2
}
"""The end tables of the options Piet weighs in the source, before the turn he played."""


def _option_rows(t: pd.DataFrame, name: str) -> pd.DataFrame:
    """The legal turns among the end tables of one of :data:`PIET_OPTIONS` (an end table that is not a
    legal turn is left out: the claim functions then say so)."""
    keys = {table_key(parse_table(text)) for text in PIET_OPTIONS[name]}
    return t[t["key"].isin(keys)]


def _played_odds(t: pd.DataFrame) -> float:
    return float(t.loc[t["Piet's turn"], "next player closes"].iloc[0])


@CLAIMS.measures("half_loop")
def _half_loop(x: ClaimInputs) -> Evidence:
    t = next_player_odds()
    bent, straight, played = _option_rows(t, "half_loop"), _option_rows(t, "straight"), _played_odds(t)
    if len(bent) < len(PIET_OPTIONS["half_loop"]):
        return Evidence(Exact(False, "the turn that makes 6-5-4-3-2 with its corner at the 4 is not a legal turn"))
    two = bool((bent["spirals left"] == 2).all())
    worse = bool((bent["next player closes"] > played).all())
    laid = (
        f" Laid straight instead, as Piet's own play begins, 6-5-4-3-2 is no half loop: the next player closes "
        f"{rate_text(straight.iloc[0]['next player closes'])}, less than after his play."
        if not straight.empty
        else ""
    )
    return Evidence(
        Exact(
            two and worse,
            f"it leaves {int(bent['spirals left'].max())} spirals and the next player closes "
            f"{rate_text(bent['next player closes'].max())}, against {rate_text(played)} after the turn Piet played",
        ),
        sentence="The turn of the source's first option, a 2 from Piet's board and the lone 3 making 6-5-4-3-2 "
        "with its corner at the 4 (the spiral is five of the eight dice of the ring 2 3 4 / 3 . 5 / 4 5 6, so "
        "the lone 4 and a 3 and a 5 close it), found among his legal turns; both mirror images give the same "
        "chance, exact over every next board of 4 dice." + laid,
        change="Drop the remark: that turn hands the next player no more than the turn Piet played.",
        section=PIET_SECTION,
        command="python -c 'from negenlab.negen.report import next_player_odds; print(next_player_odds())'",
    )


@CLAIMS.measures("four_three_two")
def _four_three_two(x: ClaimInputs) -> Evidence:
    t = next_player_odds()
    rows, played = _option_rows(t, "four_three_two"), _played_odds(t)
    if rows.empty:
        return Evidence(Exact(False, "joining the lone 4 and the lone 3 with a 2 into 4-3-2 is not a legal turn"))
    r = rows.iloc[0]
    return Evidence(
        Exact(
            int(r["spirals left"]) == 2 and float(r["next player closes"]) > played,
            f"it leaves {int(r['spirals left'])} spirals (6-5-4 and 4-3-2) and the next player closes "
            f"{rate_text(r['next player closes'])}, against {rate_text(played)} after the turn Piet played",
        ),
        sentence="The turn of the source's second option, a 2 from Piet's board joining the lone 4 and the lone 3 "
        "into 4-3-2 (6-5-4 left as it is), found among his legal turns; 'too' read as: like the first option it "
        "leaves two spirals and hands the next player more closing chances than the turn he played, exact over "
        "every next board of 4 dice.",
        change="Drop the remark: that turn leaves the next player no more than the turn Piet played.",
        section=PIET_SECTION,
        command="python -c 'from negenlab.negen.report import next_player_odds; print(next_player_odds())'",
    )


@CLAIMS.measures("piet_play")
def _piet_play(x: ClaimInputs) -> Evidence:
    t = next_player_odds()
    played = _played_odds(t)
    least = float(t["next player closes"].min())
    best = t[t["next player closes"] == least]
    safer = int((t["next player closes"] < played).sum())
    shown = "; ".join(f"{r['turn']}: " + r["table"].replace("\n", " / ") for r in best.to_dict("records"))
    return Evidence(
        Exact(
            played <= least,
            f"after his play the next player closes {rate_text(played)}; {safer} of his {len(t)} legal turns "
            f"leave less, {len(best)} of them {rate_text(least)}",
        ),
        sentence=f"Exact over Piet's {len(t)} legal turns and every next board of 4 dice (the 6**4 rolls equally "
        f"likely). The turns that leave the next player least: {shown}. The text does not say what Piet weighed "
        "besides the next player's chance; our reading takes that chance, the one the text names (three spirals "
        "'dangerous', half a loop 'for the next person').",
        change="Let Piet play a turn that leaves the next player no closing turn, or say what else he weighed.",
        section=PIET_SECTION,
        command="python -c 'from negenlab.negen.report import next_player_odds; print(next_player_odds())'",
    )


@CLAIMS.measures("depletion", strengths=SELF_PLAY)
def _depletion(x: ClaimInputs) -> Evidence:
    if "depletion" not in x.statistics:
        return Evidence(
            Untested("The rounds of the three-player self-play cells do not count the turns depletions give.")
        )
    context = ""
    d = x.cells.get((3, "depleter-among-closers"))
    if d is not None:
        r = d.row
        context = (
            f" A closer that seeks to deplete its board, among closers, wins {rate_text(r['focus'], r['focus_lo'], r['focus_hi'])} "
            f"of rounds (fair {rate_text(1 / 3)}, n={int(r['n'])})."
        )
    return Evidence(
        x.statistics["depletion"],
        digits=1,
        sentence="Three players under the default reading: how much more often the fresh turn a depletion gives "
        "(4 new dice) closes a spiral than any other turn, in points of the closing rate per turn, by closers and "
        "by planners." + context,
        change="Drop the remark, or reward depletion more (for example, a point for a depleted board).",
        detail="Closes per fresh turn minus closes per other turn, each a ratio of sums over rounds; the interval "
        "from the rounds' spread (linearisation), so turns of one round are not taken for independent.",
        players="closers, and planners",
        section=READING_CHOOSER,
        command=VARIANTS_COMMAND,
    )


@CLAIMS.measures("dice_60", strengths=SELF_PLAY)
def _dice_60(x: ClaimInputs) -> Evidence:
    if "dice_60" not in x.statistics:
        return Evidence(Untested("The rounds of the four-player self-play cells are not in this installation."))
    return Evidence(
        x.statistics["dice_60"],
        sentence="Four players under the default reading with the pool of 60 dice: the share of rounds that end "
        "because the pool ran out, by closers and by planners.",
        change="Ask for more dice for four players.",
        players="closers, and planners",
        section=READING_CHOOSER,
        command=VARIANTS_COMMAND,
    )


@CLAIMS.measures("variance")
def _variance(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "The text names neither what should vary (who wins a round, how long a round lasts, the positions met) "
            "nor how much variance is a great deal, so there is no number and no bar to judge; the committed study "
            "gives round lengths and the seats' and players' shares of rounds won (the lines above), not a reading "
            "of 'a great deal'.",
            "the text names no quantity and no amount of variance",
        )
    )


@CLAIMS.measures("seat_order", strengths=SELF_PLAY)
def _seat_order(x: ClaimInputs) -> Evidence:
    if "seat_order" not in x.statistics:
        return Evidence(
            Untested("The rounds of the three- and four-player self-play cells are not in this installation.")
        )
    bent = [
        r["reading"]
        for r in x.variants.to_dict("records")
        if r["mix"] == "closers" and r["reading"].startswith("bent") and r["first_seat_sprt"] == "H1"
    ]
    return Evidence(
        x.statistics["seat_order"],
        sentence="The same player in every seat (closers, then planners) under the default reading, the first round "
        "of each game opened by seat 1; every seat tested, not only the first."
        + (
            f" Under the bent readings the first seat has a five-point edge in {len(bent)} cells of closers: rounds "
            "last about two turns there."
            if bent
            else ""
        ),
        change="Compensate the later seats (for example, the first seat starts with fewer board dice).",
        detail=_self_play_detail(x),
        players="closers in every seat, and planners in every seat",
        section=READING_CHOOSER,
        command=VARIANTS_COMMAND,
    )


def _self_play_detail(x: ClaimInputs) -> str:
    """How the self-play cells stopped, with each one's rounds; a cell committed before self-play cells
    played on (no ``claims_clear``), or whose verdicts no longer clear under today's stopping rule, is
    named as not yet played on."""
    rounds, waiting = [], []
    for label, mix in SELF_PLAY.items():
        for P in (3, 4):
            if (P, mix) not in x.cells:
                continue
            row = x.cells[(P, mix)].row
            rounds.append(f"{label} at {P} players {int(row['n']):,}")
            clear = row.get("claims_clear")  # cleared when written, and under today's rule
            clear = pd.notna(clear) and bool(clear) and self_play_clears(claim_cell(P, mix), x.cells[(P, mix)])
            if not clear and int(row["n"]) < SELF_PLAY_MAX_ROUNDS:
                waiting.append(f"{label} at {P} players")
    text = (
        "Each self-play cell stopped once its first seat's SPRT had decided and its round length was known to +-5%, "
        f"then played on until every verdict it feeds held or failed at {100 * (1 - CLEAR_ALPHA):g}% (at the "
        "repeated-looks quantile of its looks), at most "
        f"{SELF_PLAY_MAX_ROUNDS:,} rounds (a marginal result gets more games, not a verdict): "
        + ", ".join(rounds)
        + " rounds."
    )
    if waiting:
        text += (
            f" Not yet played on: {', '.join(waiting)} (a round of planners costs about 50 times a closers' round); "
            f"{VARIANTS_COMMAND} resumes them from the committed store."
        )
    return text


def _focus_evidence(x: ClaimInputs, claim: str, players: dict[str, str], aside: str = "") -> Evidence:
    if claim not in x.statistics:
        return Evidence(Untested("The variant study's cells of a better player among weaker ones are not committed."))
    units = "; ".join(
        f"{label}: {int(x.cells[(3, mix)].row['units'])} units of 3 games"
        for label, mix in players.items()
        if (3, mix) in x.cells
    )
    return Evidence(
        x.statistics[claim],
        players_count=3,
        sentence=f"With 3 players under the default reading, seats rotated on common seeds ({units}); the claim "
        "holds or fails only when both players agree." + aside,
        change="Reward planning more: fewer random board dice or a larger target score.",
        detail="The round share of the better player over units of seat-rotated rounds; each cell stopped by an SPRT "
        "of the fair share against five points more, then played on until the share's "
        f"{100 * (1 - CLEAR_ALPHA):g}% interval lies wholly on the SPRT's side of the line between them, at most "
        f"{CLEAR_MAX_ROUNDS:,} rounds (a marginal result gets more games, not a verdict).",
        players=", and ".join(players),
        section=READING_CHOOSER,
        command=VARIANTS_COMMAND,
    )


@CLAIMS.measures("skill", strengths=BETTER_PLAYER)
def _skill(x: ClaimInputs) -> Evidence:
    greedy = x.variants.query("players == 3 and mix == 'greedy-among-closers' and reading == @DEFAULT_READING")
    aside = (
        f" Greedy players, whose rule looks one turn ahead, are not the better player here: one among closers "
        f"wins {_share(greedy.iloc[0], 'focus')}, too close to the line to tell."
        if len(greedy)
        else ""
    )
    return _focus_evidence(x, "skill", BETTER_PLAYER, aside)


@CLAIMS.measures("deeper", strengths=DEEPER_PLAYER)
def _deeper(x: ClaimInputs) -> Evidence:
    return _focus_evidence(x, "deeper", DEEPER_PLAYER)


def committed_recheck() -> pd.DataFrame | None:
    """The committed re-measurement of the verdicts (``data/negen/recheck.csv``), or None."""
    try:
        return committed_table("negen", "recheck", TABLES["recheck"])
    except MissingDataError:
        return None


def verdicts(
    variants: pd.DataFrame | None = None,
    piet: pd.DataFrame | None = None,
    cells: dict | None = None,
    recheck: pd.DataFrame | None = None,
) -> list[Finding]:
    """One verdict per claim of the Negen register, judged as one family, each statistical one
    beside its re-measurement on a fresh seed (``recheck``, default the committed table).

    >>> [f.verdict for f in verdicts(cells={}, recheck=None)][:2]
    ['holds', 'untested']
    """
    inputs = ClaimInputs(
        committed_cells() if cells is None else cells,
        piet_turns() if piet is None else piet,
        load_variants() if variants is None else variants,
    )
    return CLAIMS.findings(inputs, committed_recheck() if recheck is None else recheck)


def committed_verdicts() -> VerdictLines:
    """The Negen page's verdict lines from the committed studies and Piet's position searched now
    (a few seconds), as the page and the notebooks' verdict cells show them first."""
    found = verdicts()
    return VerdictLines(found, family_sentence(judged_family(found)))


def read_table(name: str) -> pd.DataFrame:
    """A committed table of ``data/negen`` (e.g. ``closing_odds.csv``), checked against its schema
    (:data:`negenlab.negen.study.TABLES`)."""
    stem = name.removesuffix(".csv")
    if stem not in TABLES:
        raise InvalidInputError(f"data/negen has no table {name!r}; expected one of {', '.join(TABLES)} (.csv)")
    return data_table("negen", f"{stem}.csv", schema=TABLES[stem])


VARIANTS = [("straight", "die"), ("straight", "adjacency"), ("bent", "die"), ("bent", "adjacency")]


def stored_counts() -> dict:
    """The precomputed count tables of data/negen (label -> frame)."""
    return {f"{shape}/{cov}": read_table(f"spiral_counts_{shape}_{cov}.csv") for shape, cov in VARIANTS}


def spiral_sections(page, options) -> None:
    from .enumerate import count_spirals, smallest_closed_spirals
    from .plot import plot_counts, plot_odds
    from .spirals import check_table
    from .svg import verdicts_svg
    from .table import parse_table

    page.heading("Spirals: validity under each reading of the rules")
    page.text(
        "Every worked example of the rules page, checked under the four readings "
        "(sequence shape x coverage). A spiral is valid when some interpretation (nodes red, "
        "edges blue) puts every die (or every adjacent pair) in a sequence; closed when it has a loop."
    )
    rows = []
    for text, expected in WORKED_EXAMPLES:
        row = {"table": text.replace("\n", " / "), "rules page says": expected}
        for shape, cov in VARIANTS:
            vs = check_table(parse_table(text), Rules(sequence_shape=shape, coverage=cov))
            row[f"{shape}/{cov}"] = ("valid" if all(v.valid for v in vs) else "invalid") + (
                " closed" if any(v.closed for v in vs) else ""
            )
        rows.append(row)
    page.table(
        pd.DataFrame(rows),
        caption="Worked examples under each variant (computed now)",
        folded="The rules page's worked examples under each reading",
    )
    pics = []
    for text, _ in WORKED_EXAMPLES:
        for shape in ("straight", "bent"):
            t = parse_table(text)
            vs = check_table(t, Rules(sequence_shape=shape))
            pics.append(verdicts_svg(t, vs, size=26, title=f"{shape}: " + ("valid" if vs[0].valid else "invalid")))
    page.raw_html(
        "<div style='display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end'>"
        + "".join(pics)
        + "</div><p class='meta'>Witnesses: nodes red, edges blue, sequences as lines, loops gold; an invalid "
        "spiral in the colours of its closest interpretation, with the dice it leaves uncovered crossed in orange "
        "and the adjacent pairs it leaves uncovered joined by a dashed orange line.</p>"
    )

    page.heading("How many valid spirals are there?", 3)
    live_k = 8
    live = {f"{s}/{c}": count_spirals(live_k, Rules(sequence_shape=s, coverage=c)) for s, c in VARIANTS}
    stored = stored_counts()
    agree = all(
        (
            stored[label]
            .set_index("k")
            .loc[df["k"], ["valid_fixed", "valid_free", "valid_closed_fixed", "valid_closed_free"]]
            .values
            == df.set_index("k")[["valid_fixed", "valid_free", "valid_closed_fixed", "valid_closed_free"]].values
        ).all()
        for label, df in live.items()
        if stored[label]["k"].max() >= live_k
    )
    frames = stored
    page.text(
        "Valid spirals with k dice, counted as placements up to translation (fixed) and up to "
        "rotation and reflection (free); closed = with a loop. Shapes come from Redelmeier's "
        "polyomino enumeration; values are counted per shape by constraint search (never 6^k), "
        "and the counts agree with brute force for small k in the test suite."
    )
    page.note(
        f"Tables precomputed in data/negen (negenlab study negen spiral_counts); recomputed now "
        f"for k <= {live_k}: " + ("identical." if agree else "MISMATCH - the stored tables are stale.")
    )
    for label, df in frames.items():
        page.table(
            df.drop(columns=["seconds"]),
            folded=f"Counts by k, {label}",
            caption=f"{label}: counts by k (computed in {df['seconds'].sum():.0f} s in all)",
        )
    page.figure(plot_counts(frames, "valid_fixed").figure, caption="Valid spirals up to translation")
    page.figure(plot_counts(frames, "valid_closed_fixed").figure, caption="Valid closed spirals up to translation")

    page.heading("The smallest closed spirals", 3)
    for shape, cov in VARIANTS:
        rules = Rules(sequence_shape=shape, coverage=cov)
        k, tables = smallest_closed_spirals(rules, max_k=8, limit=400)
        if k is None:
            page.text(f"{shape}/{cov}: no valid closed spiral with at most 8 dice.")
            continue
        shown = tables[:16]
        page.text(
            f"{shape}/{cov}: smallest closed spiral has {k} dice; {len(tables)} of them up to rotation "
            f"and reflection" + (f" (first {len(shown)} drawn)" if len(shown) < len(tables) else "") + "."
        )
        page.raw_html(
            "<div style='display:flex;flex-wrap:wrap;gap:8px'>"
            + "".join(verdicts_svg(t, check_table(t, rules), size=20) for t in shown)
            + "</div>"
        )
    page.note(
        "The rules page calls the 8-die ring the smallest loop under straight sequences. That holds "
        "for coverage=adjacency; under the literal rule (coverage=die) 6-die loops such as "
        "1 2 3 . / . 1 2 3 are already valid, because die coverage does not ask the two dice of "
        "each adjacent pair to share a sequence."
    )

    page.heading("Odds a player meets", 3)
    page.text(
        "Exact probability, over the 6^4 rolls of a 4-die board, that adding 1-4 of the board dice "
        "(chained to the spiral, touching no other spiral; no joins or moves) makes the spiral valid "
        "and closed."
    )
    odds = read_table("closing_odds.csv")
    page.note("From data/negen/closing_odds.csv (negenlab study negen closing_odds).")
    page.note(
        "For a table of one spiral under straight sequences these equal the exact odds of the turn engine "
        "(negenlab.negen.agents.closing_odds, joins included: one spiral has nothing to join, and 4 board "
        "dice alone make no closed straight spiral); the test suite checks that the two agree."
    )
    page.table(
        odds.sort_values(["sequence_shape", "coverage", "p_close"], ascending=[True, True, False]),
        folded="Closing odds per spiral (adding dice only)",
        caption="Closing odds per spiral (n = 1296 rolls each, exact)",
    )
    page.figure(plot_odds(odds, top=25).figure, caption="The 25 most closable spirals in the table")
    page.provenance(
        rules=Rules(), seed=options.seed, command=options.command("negen"), variants=[f"{s}/{c}" for s, c in VARIANTS]
    )


PIET_TABLE = ". . . . . . 4\n6 5 4 . 3 . ."  # the source's example: 6-5-4, a lone 3, a lone 4
PIET_BOARD = (5, 2, 2, 1)
PIET_AFTER = ". . . 4 .\n6 5 4 3 2\n. . . 2 ."  # the turn Piet played
# the shape x coverage readings (rearrange=join) the report searches Piet's position under: well
# under a second each, bent/die a few seconds (the most turns: sequences bend, every die counts)
PIET_READINGS = (("straight", "adjacency"), ("straight", "die"), ("bent", "adjacency"), ("bent", "die"))


def piet_turns(readings=PIET_READINGS) -> pd.DataFrame:
    """Legal and closing turns of Piet's position (his full board 5 2 2 1) per shape x coverage
    reading (rearrange=join), computed now by the exact search, with the seconds each took.

    >>> df = piet_turns([("straight", "adjacency")])
    >>> bool(df.loc[0, "complete"]), bool(df.loc[0, "Piet's turn legal"])
    (True, True)
    """
    from .table import parse_table, table_key
    from .turns import legal_turns

    after = table_key(parse_table(PIET_AFTER))
    rows = []
    for shape, cov in readings:
        rules = Rules(sequence_shape=shape, coverage=cov, rearrange="join")
        t0 = time.perf_counter()
        res = legal_turns(PIET_TABLE, board=PIET_BOARD, rules=rules)
        rows.append(
            {
                "reading": rules.label,
                "legal turns": len(res.turns),
                "closing turns": len(res.closing),
                "Piet's turn legal": after in res.keys(),
                "complete": res.complete,
                "states explored": res.explored,
                "seconds": round(time.perf_counter() - t0, 2),
            }
        )
    return pd.DataFrame(rows)


def piet_can_close() -> pd.DataFrame:
    """Whether Piet (board 5 2 2 1) can close under each of the 8 readings
    (:func:`~negenlab.negen.turns.find_closing_turn`, exact, no listing), with the number of closing
    turns under the join readings (:func:`piet_turns`).

    >>> bool(piet_can_close().set_index("reading").loc["straight/adjacency/join", "can close"])
    False
    """
    from .turns import find_closing_turn

    counts = piet_turns().set_index("reading")["closing turns"]
    rows = []
    for rules in Rules.variants():
        can = find_closing_turn(PIET_TABLE, board=PIET_BOARD, rules=rules) is not None
        rows.append({"reading": rules.label, "can close": can, "closing turns": counts.get(rules.label)})
    return pd.DataFrame(rows)


def piet_pictures() -> str:
    """HTML: Piet's position, the turn he played, and one of the closing turns the die-coverage
    reading would have let him play (fewest dice first), each drawn with its witness."""
    from .spirals import check_table
    from .svg import verdicts_svg
    from .table import layout, parse_table, table_key
    from .turns import legal_turns

    default, die = Rules(), Rules(coverage="die")
    start = parse_table(PIET_TABLE)
    played = layout(table_key(parse_table(PIET_AFTER)))
    closing = legal_turns(PIET_TABLE, board=PIET_BOARD, rules=die).closing[0]
    close_table = layout(closing.key)
    pics = [
        (verdicts_svg(start, check_table(start, default), size=28), "Piet's table; his board 5 2 2 1"),
        (
            verdicts_svg(played, check_table(played, default), size=28),
            "the turn he played (legal under every reading; closes nothing)",
        ),
        (
            verdicts_svg(close_table, check_table(close_table, die), size=28),
            f"under straight/die he could have closed instead, e.g. adding {len(closing.used)} board "
            f"{'die' if len(closing.used) == 1 else 'dice'} ({', '.join(map(str, closing.used))}) and joining",
        ),
    ]
    cells = "".join(f"<figure style='margin:0'>{svg}<figcaption>{text}</figcaption></figure>" for svg, text in pics)
    return f"<div style='display:flex;flex-wrap:wrap;gap:24px;align-items:flex-end'>{cells}</div>"


def play_section(
    page, options, piet: pd.DataFrame | None = None, study: pd.DataFrame | None = None, meta: dict | None = None
) -> None:
    """The play section: Piet's turns per reading, a fresh study cell, the committed study (folded)."""
    page.heading("Play: turns, rounds and balance per rule variant", 2)
    page.text(
        "A decision in the simulated game is a whole turn: an end-of-turn table. The exact turn search "
        "(legal_turns) finds every legal end table. Tables are position-free: where spirals lie relative "
        "to each other means nothing, so a table is a multiset of spirals, each up to translation and "
        "quarter turns. The game offers exactly these turns, no subset and no cap."
    )
    piet = piet_turns() if piet is None else piet
    page.table(
        piet,
        caption="Piet's position from the source (6-5-4, a lone 3 and a lone 4; his board 5 2 2 1) under "
        "each shape x coverage reading (rearrange=join): legal and closing turns, computed now "
        f'({piet["seconds"].sum():.1f} s in all); "Piet\'s turn legal": the table he played '
        "(4 above the 3, 2 below, 6 5 4 3 2 across) is among them.",
        folded="Piet's position: legal and closing turns per reading",
    )
    # `make demo` budget: one small cell (3 players, default reading, random agents); --games N sets its size
    n = options.games if options.games is not None else 4
    cell = study_cells("default", (3,), ("random",))[0]
    t0 = time.perf_counter()
    fresh = pd.DataFrame(
        [summarise_cell(run_cell(cell, n, options.seed, store=None, workers=options.workers, progress=False), cell)]
    )
    page.table(
        fresh,
        caption=f"{n} rounds, 3 random players, default reading, seed {options.seed}, "
        f"{time.perf_counter() - t0:.1f} s; one simulated game = one round "
        f"(target_score=1); minutes assume {SECONDS_PER_TURN} s per turn",
        folded="This run: one small study cell",
    )
    if study is not None:
        meta = meta or {}
        cmds = sorted({c.get("command", "") for c in meta.get("cells", {}).values()} - {""})
        page.table(
            study,
            caption="Every cell of the committed study, data/negen/study_exact.csv (rates with "
            "95% Wilson intervals, turns with a 95% normal interval; per-round data in "
            "study_exact_rounds.parquet). Made by: " + " ; ".join(cmds),
            folded=f"The committed variant study: {len(study)} cells",
        )
    page.provenance(
        rules=Rules(target_score=1),
        agents=None,
        seed=options.seed,
        command=options.command("negen"),
        games_per_cell=n,
        game=NegenGame(Rules(target_score=1)).describe(),
    )


__all__ = [
    "TITLE",
    "build",
    "verdicts",
    "target_for_minutes",
    "reading_sentences",
    "CLAIMS",
    "committed_verdicts",
    "next_player_odds",
    "load_study",
    "load_variants",
    "piet_can_close",
    "read_table",
    "stored_counts",
    "spiral_sections",
    "play_section",
    "piet_turns",
    "piet_pictures",
    "PIET_READINGS",
]
