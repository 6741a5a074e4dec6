"""The FEN page of ``negenlab report``.

Verdicts first: one line per claim of the register ``data/fen/claims.csv``, each measured by one
function of :data:`CLAIMS` (the n/e derivation computed now, everything else from the committed
tables), the statistical ones judged as one family beside their re-measurement on a fresh seed
(``data/fen/recheck.csv``). Then the committed studies (``negenlab study fen ...``): the skill
trace, the first-player advantage with and without the pie rule at the top rung, the tilings
compared under greedy and MCTS, the blocked end, perfect play on small boards; then n/e on the
standard boards in both readings, the atlas with its gallery, and a fresh random/greedy sample made
while the page is written. Defaults keep the page under a minute on 2 cores; ``--games N``
scales the fresh sample.

>>> lines = verdicts(studies={}, atlas=None, recheck=pd.DataFrame())
>>> [(f.claim_id, f.verdict) for f in lines][:3]
[('ne_all_nodes', 'fails'), ('stated_turn', 'holds'), ('hex_board', 'holds')]
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

import matplotlib.pyplot as plt
import pandas as pd

from negenlab.core.agents import RandomAgent
from negenlab.core.claims import ClaimBook, Evidence, Exact, Untested, family_sentence, judged_family
from negenlab.core.data import MissingDataError, data_json, data_table, tuning_run
from negenlab.core.findings import Finding
from negenlab.core.metrics import rate_text, wilson_interval
from negenlab.core.plot import plot_forest
from negenlab.core.tune import setting_text, versus_text
from negenlab.report.page import VerdictLines
from negenlab.report.studies import command_of, committed_studies, made_by, open_section, skill_section

from . import ENTRY, tilings
from .agents import GreedyAgent
from .boards import parse_board
from .game import FenGame, make_game
from .ne import NEResult, derive_ne
from .plot import draw_board, gallery, plot_agents_vs_proof, plot_atlas_balance, plot_ne, plot_solved
from .proof import OPENING_LOOKS
from .rules import Rules
from .study import (
    ATLAS_COMMAND,
    LADDER_TOP,
    PIE_RUNGS,
    PIE_SPRT,
    PROOF_COSTLY,
    PROOF_DECISIONS_ONLY,
    PROOF_MAX_FACES,
    SOLVED_MCTS,
    STANDARD_BOARD,
    STRONG_AGENTS,
    TABLES,
    TILING_PLAYERS,
    atlas_table,
    balance,
    claim_statistics,
    extreme_tilings,
    pie_design,
    pie_settled,
    pie_strengths,
    self_play,
    skill_trace_table,
    swap_share,
    tiling_players_table,
    tiling_shares,
)

TITLE = "FEN"
SKILL = "Skill trace: does FEN reward stronger play?"
PIE = "First-player advantage and the pie rule, at two strengths"
PROOF = "Players against perfect play"
TILINGS = "Which tilings play best?"
BLOCKED = "The blocked end: can FEN be drawn?"
SOLVED = "Perfect play on small boards"
NE = "Per-turn counts n and e: interior vs literal reading"
ATLAS = "Atlas: regular and Archimedean tilings"
LIVE = "A fresh sample: random and greedy play"
STUDY_NAMES = ("ladder", "ladder_top", "pie", "atlas_balance", "atlas_strong", "blocked", "solved", "agents_vs_proof")
HEX_RADII = tuple(range(1, 7))
"""The regular hex boards the hex claim is checked on: hexagons of hexagons of radius 1 to 6 (7 to 127 faces)."""
NE_COMMAND = "negenlab fen ne triangle:7 --scope all"
POLYGON_FACES = 25
"""The size of the atlas boards whose polygons the component claims count (every polygon kind of the atlas occurs)."""


def committed_atlas() -> tuple[pd.DataFrame, dict] | None:
    """The committed atlas table (``data/fen/atlas.csv``) and its sidecar, or None when it is not shipped."""
    try:
        table = data_table("fen", "atlas.csv", schema=TABLES["atlas"])
    except MissingDataError:
        return None
    return table, data_json("fen", "atlas.json", must_exist=False)


def committed_recheck() -> pd.DataFrame | None:
    """The committed re-measurement of the verdicts (``data/fen/recheck.csv``), or None."""
    return committed_studies("fen", ["recheck"], TABLES).get("recheck")


RECHECKED_TABLES = {"pie": ("pie",), "skill": ("ladder", "ladder_top"), "tilings": ("atlas_balance", "atlas_strong")}
"""The committed tables each re-measured claim reads."""


def stale_rechecks() -> list[str]:
    """The claims whose committed tables were made after the committed re-measurement
    (``data/fen/recheck.json``'s ``created`` against each table's): the recheck re-measured other
    players or another design, so it no longer speaks for them.

    >>> set(stale_rechecks()) <= set(RECHECKED_TABLES)
    True
    """
    made = data_json("fen", "recheck.json", must_exist=False).get("created")
    if not made:
        return []
    stale = []
    for cid, names in RECHECKED_TABLES.items():
        created = [str(data_json("fen", f"{name}.json", must_exist=False).get("created") or "") for name in names]
        if any(c > str(made) for c in created):
            stale.append(cid)
    return stale


@cache
def derivations() -> dict[str, NEResult]:
    """The text's derivation of n and e, computed now in both readings, on the standard board and
    on the regular hex boards of :data:`HEX_RADII` (by board spec; about a second).

    >>> d = derivations()
    >>> (d["triangle:7"].interior.n, d["triangle:7"].all.n), d["hexagon:1"].all.N
    ((1, 2), 1)
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the readings disagree on some boards: the claims say where
        boards = {STANDARD_BOARD: parse_board(STANDARD_BOARD)} | {f"hexagon:{r}": tilings.hexagon(r) for r in HEX_RADII}
        return {spec: derive_ne(board) for spec, board in boards.items()}


@dataclass(frozen=True)
class ClaimInputs:
    """What the FEN verdicts read: the derivation of n and e computed now (:func:`derivations`), the
    committed study tables by name (any may be missing) and the committed atlas (or None)."""

    derivations: dict[str, NEResult]
    studies: dict[str, pd.DataFrame]
    atlas: pd.DataFrame | None

    @property
    def statistics(self) -> dict:
        played = ("pie", "ladder", "ladder_top", "atlas_balance", "atlas_strong")
        return claim_statistics({k: v for k, v in self.studies.items() if k in played})

    @property
    def hexes(self) -> dict[int, NEResult]:
        return {r: self.derivations[f"hexagon:{r}"] for r in HEX_RADII}


CLAIMS = ClaimBook("fen")
"""The FEN register (``data/fen/claims.csv``) with one function per claim below."""


def _faces(r: NEResult, scope: str) -> tuple[int, int, int]:
    reading = getattr(r, scope)
    return reading.N, reading.n, reading.e


def _histogram(counts: dict) -> str:
    """Faces per node in words: ``{1: 3, 3: 18}`` -> ``'3 nodes touch 1 face, 18 touch 3'``."""
    parts = [
        f"{v} {'touch' if i else 'nodes touch'} {k} face{'s' if k != 1 else ''}"
        for i, (k, v) in enumerate(sorted(counts.items()))
    ]
    return ", ".join(parts)


def _of(k: int, n: int) -> str:
    """``'all 6'`` or ``'5 of the 6'``."""
    return f"all {n}" if k == n else f"{k} of the {n}"


@CLAIMS.measures("ne_all_nodes")
def _ne_all_nodes(x: ClaimInputs) -> Evidence:
    tri = x.derivations[STANDARD_BOARD]
    off = {r: d for r, d in x.hexes.items() if _faces(d, "all") != (3, 2, 3)}
    hexes = "; ".join(
        f"N, n, e = {d.all.N}, {d.all.n}, {d.all.e} on the hex board of radius {r} ({3 * r * (r + 1) + 1} faces)"
        for r, d in off.items()
    )
    return Evidence(
        Exact(
            (tri.all.n, tri.all.e) == (1, 3) and not off,
            f"over all nodes n, e = {tri.all.n}, {tri.all.e} on the standard triangle"
            + (f"; {hexes}" if hexes else "")
            + f" (the stated turns come from interior nodes: {tri.interior.n}, {tri.interior.e} on the triangle)",
        ),
        sentence=f"The text's derivation over every node and edge, computed now. On the standard triangle "
        f"{_histogram(tri.all.node_histogram)}: the boundary makes N = {tri.all.N}, so a turn would be {tri.all.n} "
        f"nodes or {tri.all.e} edges. On the regular hex boards (radius {HEX_RADII[0]} to {HEX_RADII[-1]}) it gives "
        f"N = 3, n = 2, e = 3 on {len(HEX_RADII) - len(off)} of {len(HEX_RADII)}.",
        change="Write 'Examine the interior nodes and edges (those off the outer boundary)': counted that way the "
        "derivation gives one node or three edges on the standard board and 2 nodes or 3 edges on every hex board.",
        section=NE,
        command=NE_COMMAND,
    )


@CLAIMS.measures("stated_turn")
def _stated_turn(x: ClaimInputs) -> Evidence:
    tri = x.derivations[STANDARD_BOARD]
    return Evidence(
        Exact(
            (tri.interior.n, tri.interior.e) == (1, 3),
            f"n, e = {tri.interior.n}, {tri.interior.e} counting interior nodes and edges "
            f"({tri.all.n}, {tri.all.e} over all nodes)",
        ),
        sentence=f"The derivation on the standard board (triangle of side 7, 49 faces), computed now, over its "
        f"{sum(tri.interior.node_histogram.values())} interior nodes (N = {tri.interior.N}) and "
        f"{sum(tri.interior.edge_histogram.values())} interior edges (E = {tri.interior.E}).",
        change="Print the turn with the count it comes from: interior nodes and edges only.",
        section=NE,
        command=NE_COMMAND,
    )


@CLAIMS.measures("hex_board")
def _hex_board(x: ClaimInputs) -> Evidence:
    faces = {r: 3 * r * (r + 1) + 1 for r in HEX_RADII}
    inside = [r for r, d in x.hexes.items() if _faces(d, "interior") == (3, 2, 3)]
    literal = [r for r, d in x.hexes.items() if _faces(d, "all") == (3, 2, 3)]
    others = "; ".join(
        f"{', '.join(map(str, _faces(d, 'all')))} on the {faces[r]}-hexagon board"
        for r, d in x.hexes.items()
        if r not in literal
    )
    return Evidence(
        Exact(
            len(inside) == len(HEX_RADII),
            f"N, n, e = 3, 2, 3 on {_of(len(inside), len(HEX_RADII))} hex boards ({faces[HEX_RADII[0]]} to "
            f"{faces[HEX_RADII[-1]]} faces) counting interior nodes; over all nodes on {len(literal)} of them"
            + (f" ({others})" if others else ""),
        ),
        sentence=f"The text's derivation on hexagons of hexagons of radius {HEX_RADII[0]} to {HEX_RADII[-1]}, computed "
        "now in both readings: interior nodes touch 3 faces and interior edges 2, so lcm = 6, n = 6 / 3 = 2 and "
        "e = 6 / 2 = 3."
        + "".join(
            f" Over all nodes of the {faces[r]}-hexagon board, {_histogram(d.all.node_histogram)}: the boundary "
            f"makes N = {d.all.N}."
            for r, d in x.hexes.items()
            if r not in literal
        ),
        change="Give the hex board's values with the count they come from: interior nodes and edges only.",
        section=NE,
        command="negenlab fen ne hexagon:1 --scope all",
    )


@cache
def atlas_polygons() -> dict[str, list[tuple[int, int]]]:
    """Each polygon of the standard board and of every atlas tiling (at :data:`POLYGON_FACES` faces), as
    (its nodes, its edges), counted from the board now (about a second).

    >>> set(atlas_polygons()["triangle:7"])
    {(3, 3)}
    """
    boards = {STANDARD_BOARD: parse_board(STANDARD_BOARD)} | {
        name: tilings.archimedean(name, faces=POLYGON_FACES) for name in tilings.ARCHIMEDEAN
    }
    return {
        name: [(len(b.face_nodes[f]), len(b.face_edges[f])) for f in range(b.num_faces)] for name, b in boards.items()
    }


@CLAIMS.measures("odd_tessellations")
def _odd_tessellations(x: ClaimInputs) -> Evidence:
    balance_table = x.studies.get("atlas_balance")
    if x.atlas is None or balance_table is None:
        return Evidence(Untested("The atlas tables (data/fen/atlas.csv, atlas_balance.csv) are not installed."))
    a = x.atlas
    odd = bool((a["faces"] % 2 == 1).all())
    derived = bool(((a["n"] >= 1) & (a["e"] >= 1)).all())
    ruled_out = odd and Rules().partial_claims  # the counting argument of negenlab.fen.blocked, on any board
    random_games = int(a["games_nopie"].sum())
    random_draws = int(round(float((a["draw_rate"] * a["games_nopie"]).sum())))
    majority = balance_table[balance_table["metric"] == "ends_by_majority"]
    balance_games = int(majority["n"].sum())
    undecided_games = int(round(float(((1 - majority["value"]) * majority["n"]).sum())))
    disagree = a[~a["agree"].astype(bool)]
    return Evidence(
        Exact(
            odd and derived and ruled_out and random_draws == 0 and undecided_games == 0,
            f"all {len(a)} atlas boards ({a['tiling'].nunique()} tilings at "
            f"{', '.join(map(str, sorted(set(a['faces']))))} faces) derive n and e; none of their {random_games:,} "
            f"random games was drawn, and all {balance_games:,} greedy and MCTS games ended by a majority",
        ),
        sentence="A board of an odd number of faces cannot end blocked under partial claims (the default): a claim "
        "of one place stays legal while any node or edge is empty, so a blocked board has every face captured, "
        "and the capture that gave one player the majority ended the game first. The atlas's games agree. The two "
        f"readings of n and e disagree on {len(disagree)} of the {len(a)} boards "
        f"({', '.join(sorted(set(map(str, disagree['faces']))))} faces), where the boundary is most of the board; "
        "the game is playable under either.",
        change="Say that the boards need partial claims (a claim of fewer places when no more are left) to end "
        "with a winner.",
        section=ATLAS,
        command=command_of(balance_table, "negenlab study fen atlas_balance --seed 2024"),
        players="random, greedy and MCTS (50 simulations) self-play on the atlas boards",
    )


@CLAIMS.measures("majority_end")
def _majority_end(x: ClaimInputs) -> Evidence:
    blocked = x.studies.get("blocked")
    if blocked is None:
        return Evidence(Untested("The blocked study (data/fen/blocked.csv) is not installed."))
    by = {r["rules"]: r for r in blocked.to_dict("records")}
    d, p = by["default"], by.get("partial claims off")
    playouts = int(d["random_playouts"] + d["directed_playouts"])
    ended_blocked = int(d["random_blocked"] + d["directed_blocked"])
    off = ""
    if p is not None:
        lo, hi = wilson_interval(int(p["random_blocked"]), int(p["random_playouts"]))
        off = (
            f" With partial claims off (a claim must cover all its n or e places) the blocked end happens: "
            f"{rate_text(p['random_blocked'] / p['random_playouts'], lo, hi)} of {int(p['random_playouts']):,} random "
            f"games end blocked, {int(p['random_blocked_draws'])} of them drawn. The sentence rests on partial "
            "claims, a point the text leaves open."
        )
    return Evidence(
        Exact(
            bool(d["ruled_out_by_counting"]) and ended_blocked == 0,
            f"the counting argument rules the blocked end out (partial claims, 49 faces); {ended_blocked} of "
            f"{playouts:,} playouts ended blocked",
        ),
        sentence="Under the default rules every game on the standard board ends when a player owns 25 of the 49 "
        "triangles: with partial claims a blocked board would have every face captured, and the 25th capture "
        "ends the game first." + off,
        change="State that a claim may cover fewer places when no more are left; without that a game can end "
        "blocked, even drawn.",
        section=BLOCKED,
        command=command_of(blocked, "negenlab study fen blocked --seed 2024"),
    )


TILING_COSTS = {
    "mcts:200": "one game on each of the 11 tilings at 49 faces takes about 2 minutes at 200 simulations a placement "
    "on one free core, so 30 games a board take about an hour (twice that on the shared machine the tables are made "
    "on), and intervals that could decide a 5-point edge several times that",
    "mcts:800": "the same takes about 9 minutes at 800 simulations, so 30 games a board take about 4.5 hours",
}
"""What the tilings verdict would cost under the MCTS strengths of the pie verdict, measured with
``python benchmarks/bench_fen_players.py --tilings``."""


def tilings_left_out(measured: Sequence[str]) -> str:
    """Why the pie verdict's strengths missing from ``measured`` have no tilings number, with the cost, or "".

    >>> tilings_left_out(["greedy", "mcts:50", "mcts:200"])[:60]
    'MCTS with 800 simulations a placement is left out of this li'
    >>> tilings_left_out(["greedy", "mcts:50", "mcts:200", "mcts:800"])
    ''
    """
    missing = [spec for spec in TILING_COSTS if spec not in measured]
    if not missing:
        return ""
    names = " and ".join(f"{spec.split(':')[1]}" for spec in missing)
    return (
        f"MCTS with {names} simulations a placement {'is' if len(missing) == 1 else 'are'} left out of this line for "
        f"{'its' if len(missing) == 1 else 'their'} cost: " + "; ".join(TILING_COSTS[spec] for spec in missing) + "."
    )


@CLAIMS.measures("tilings", strengths=TILING_PLAYERS)
def _tilings(x: ClaimInputs) -> Evidence:
    table = tiling_players_table(x.studies)
    if table is None or "tilings" not in x.statistics:
        return Evidence(
            Untested("The atlas balance studies (data/fen/atlas_balance.csv, atlas_strong.csv) are not installed.")
        )
    faces = int(table["faces"].max())
    parts = []
    for agents, (most, least) in extreme_tilings(table, faces).items():
        shares = tiling_shares(table, faces, agents).set_index("tiling")
        m, w = shares.loc[most], shares.loc[least]
        parts.append(
            f"{agents}: the first player wins {rate_text(m['value'], m['lo'], m['hi'])} on {most}, "
            f"{rate_text(w['value'], w['lo'], w['hi'])} on {least} ({int(m['n'])} games a board)"
        )
    played = list(dict.fromkeys(table["agents"]))
    strong = x.studies.get("atlas_strong")
    games = ", ".join(f"{spec} {n} games a board" for spec, n in _games_a_board(table, faces).items())
    return Evidence(
        x.statistics["tilings"],
        sentence=f"Self-play at {faces} faces without the pie rule, the most and the least balanced of the "
        f"{table['tiling'].nunique()} tilings per player strength: " + "; ".join(parts) + ". The number is how many "
        "points farther from an even game the least balanced tiling is. Picking the extremes from the same "
        "games overstates their distance; the fresh seed re-measures the same pair. " + tilings_left_out(played),
        change=f"Drop the remark, or name the boards and why: at {faces} faces no tiling is more balanced than "
        "another by 5 points.",
        section=TILINGS,
        command=command_of(strong if strong is not None else table, "negenlab study fen atlas_strong --seed 2024"),
        players=f"{' and '.join(played)} self-play ({games}), no pie rule",
    )


def _games_a_board(table: pd.DataFrame, faces: int) -> dict[str, int]:
    first = table[(table["metric"] == "first_player_win_rate") & (table["faces"] == faces)]
    return {str(a): int(rows["n"].max()) for a, rows in first.groupby("agents", sort=False)}


@CLAIMS.measures("push_luck")
def _push_luck(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "A feeling of the players; FEN has no chance element (nothing to measure there). The risk a player "
            "takes per turn (claims that leave a face for the opponent to capture) is not recorded by the games yet.",
            "a feeling, and FEN has no chance element to measure",
        )
    )


@CLAIMS.measures("deeper")
def _deeper(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "The comparison needs the same skill trace on Dots and Boxes and on ConHex, which negenlab does not "
            "model; FEN's own skill trace is the line 'stronger play wins more'.",
            "negenlab does not model Dots and Boxes or ConHex",
        )
    )


@CLAIMS.measures("odd_components")
def _odd_components(x: ClaimInputs) -> Evidence:
    polygons = atlas_polygons()
    faces = [p for ps in polygons.values() for p in ps]
    sides = sorted({n for n, _ in faces})
    even = [(n, e) for n, e in faces if (1 + n + e) % 2 == 0]
    return Evidence(
        Exact(
            not even,
            f"every one of the {len(faces):,} polygons of the standard board and of the {len(polygons) - 1} atlas "
            f"tilings ({POLYGON_FACES} faces each) has one face and as many edges as nodes"
            if not even
            else f"{len(even)} of the {len(faces):,} polygons have an even number of components",
        ),
        sentence=f"Counted now on each board's own lists of nodes and edges per face: polygons of "
        f"{', '.join(map(str, sides))} sides, each with 2k + 1 components (k nodes, k edges, one face). It is "
        "true of any closed polygon: its boundary alternates node, edge, node, ... and closes, so it has as many "
        "of each.",
        change="None needed.",
        section=ATLAS,
        command="python -c 'from negenlab.fen.report import atlas_polygons; print(atlas_polygons())'",
    )


@CLAIMS.measures("triangles_least")
def _triangles_least(x: ClaimInputs) -> Evidence:
    polygons = atlas_polygons()
    need = {name: sum(n for n, _ in ps) / len(ps) for name, ps in polygons.items() if name != STANDARD_BOARD}
    least = min(need.values())
    fewest = [name for name, v in need.items() if v == least]
    smallest = min(n for ps in polygons.values() for n, _ in ps)
    others = ", ".join(f"{name} {v:.2f}" for name, v in sorted(need.items(), key=lambda kv: kv[1]) if v != least)
    return Evidence(
        Exact(
            smallest == 3 and fewest == ["3.3.3.3.3.3"],
            f"a triangle is captured with 3 of its 6 components, the fewest of any polygon; over the atlas the "
            f"triangle tiling alone asks 3 a face ({', '.join(fewest)}), every other tiling more on average",
        ),
        sentence="A face of k sides is captured with k of its 2k nodes and edges (a majority of its components "
        f"with the face itself), so the fewer the sides, the fewer the components. The mean k a face asks on "
        f"each tiling at {POLYGON_FACES} faces, counted now: {others}. Components that neighbouring faces share "
        "are not counted here: the reading is the text's own, a majority of one polygon.",
        change="None needed.",
        section=ATLAS,
        command="python -c 'from negenlab.fen.report import atlas_polygons; print(atlas_polygons())'",
    )


@CLAIMS.measures("edge_mode_two")
def _edge_mode_two(x: ClaimInputs) -> Evidence:
    if x.atlas is None:
        return Evidence(Untested("The atlas table (data/fen/atlas.csv) is not installed."))
    a = x.atlas
    boards = len(a) + 1 + len(HEX_RADII)
    tri = x.derivations[STANDARD_BOARD]
    inside = int((a["E"] == 2).sum()) + (tri.interior.E == 2) + sum(d.interior.E == 2 for d in x.hexes.values())
    literal = int((a["E_all"] == 2).sum()) + (tri.all.E == 2) + sum(d.all.E == 2 for d in x.hexes.values())
    ones = [f"{r['tiling']} at {r['faces']} faces" for r in a[a["E_all"] != 2].to_dict("records")]
    ones += [f"the hex board of radius {r}" for r, d in x.hexes.items() if d.all.E != 2]
    ones += ["the standard triangle"] if tri.all.E != 2 else []
    return Evidence(
        Exact(
            2 * inside > boards and 2 * literal > boards,
            f"E = 2 on {_of(inside, boards)} boards counting interior edges, on {_of(literal, boards)} over all edges",
        ),
        sentence=f"The mode of faces per edge on the standard board, the {len(HEX_RADII)} regular hex boards and the "
        f"{len(a)} atlas boards (computed now for the first two, read from the committed atlas for the rest). "
        "'Usually' read as: on most boards, in either reading. Over all edges the boundary edges (one face "
        f"each) outnumber the interior ones on small boards, and E is not 2 on {len(ones)}: {'; '.join(ones)}.",
        change="None needed.",
        section=NE,
        command=ATLAS_COMMAND,
    )


def _metric_row(table: pd.DataFrame, metric: str, pie: bool, spec: str | None = None) -> pd.Series:
    keep = (table["metric"] == metric) & (table["pie_rule"] == pie)
    if spec is not None:
        keep &= table["agents"] == self_play(spec)
    return table[keep].iloc[0]


@CLAIMS.measures("pie", strengths=PIE_RUNGS)
def _pie(x: ClaimInputs) -> Evidence:
    pie = x.studies.get("pie")
    if pie is None or "pie" not in x.statistics:
        return Evidence(Untested("The pie study (data/fen/pie.csv) is not installed."))
    shares: dict = x.statistics["pie"]
    swaps = {spec: swap_share(pie, spec) for spec in shares}
    if not any(m.successes for m in swaps.values()):
        played = " and ".join(f"{m.n} games of {spec} self-play" for spec, m in swaps.items())
        won = ", ".join(rate_text(m.value) for m in shares.values())
        return Evidence(
            Untested(
                f"The second player never took the swap in {played}, so the pie rule was never used and these games "
                f"say nothing of it (the first player won {won} of them)."
            )
        )
    words = []
    for spec, share in shares.items():
        on = _metric_row(pie, "first_player_win_rate", True, spec)
        text = (
            f"{spec}: {share.n} games, played until {_sprt_words(on)}{_play_on_words(on, spec)}; the second player "
            f"swapped in {swaps[spec].successes} of {swaps[spec].n} ({rate_text(swaps[spec].value)})"
        )
        if ((pie["pie_rule"] == False) & (pie["agents"] == self_play(spec))).any():  # noqa: E712 (booleans)
            off = _metric_row(pie, "first_player_win_rate", False, spec)
            text += (
                f"; without the pie rule the first player wins {rate_text(off['value'], off['lo'], off['hi'])} of "
                f"{int(off['n'])} games ({_sprt_words(off)})"
            )
        if on["hi"] < 0.5:
            text += (
                f"; the first player wins only {rate_text(on['value'], on['lo'], on['hi'])}: the swap hands the "
                "second player the edge, so the rule over-corrects under these players"
            )
        words.append(text + ".")
    only = next(iter(swaps.values()))
    return Evidence(
        shares,
        about=f"of games won by the first player; the second player swapped in {only.successes} of {only.n} "
        f"({rate_text(only.value)})",
        sentence="Self-play on the standard board with the pie rule, each player deciding the swap from its own "
        "search (it swaps when its search rates the opener's winning chance above one half). "
        + " ".join(words)
        + " The opener's search does not weigh the swap when it opens, so an opener these players rate ahead is "
        "taken over. The variant tool (negenlab fen variant) shows this line as the default side and screens a "
        "variant with its own players (greedy in every seat unless --agents says otherwise) and its own games: a "
        "quick screen, never a verdict; with --as-page it judges the variant with these two players, reading the "
        "default side from these games."
        + _solved_pie(x.studies.get("solved"))
        + _proof_swaps(x.studies.get("agents_vs_proof")),
        change="Keep the pie rule and restrict the opening (e.g. no first claim in the centre).",
        detail=f"Self-play games are independent (no seat rotation: both seats hold the same player), so n counts "
        f"games and the interval is Wilson's. The SPRT tests {rate_text(PIE_SPRT.h0)} against "
        f"{rate_text(PIE_SPRT.h1)} (alpha = beta = 0.05) every {PIE_SPRT.batch} games from 100, at most "
        + ", ".join(f"{pie_design(spec).max_games} ({spec})" for spec in shares)
        + f"; the games then play on, {PIE_SPRT.batch} at a time, until the share's "
        f"{100 * (1 - PIE_SPRT.clear_alpha):g}% interval lies wholly inside or wholly outside the verdict's band, "
        "at most "
        + ", ".join(f"{pie_design(spec).clear_max} ({spec})" for spec in shares)
        + " (a marginal result gets more games, not a verdict)."
        + _tuned_ne(skill_trace_table(x.studies)),
        section=PIE,
        command=command_of(pie, "negenlab study fen pie --seed 2024"),
        players=" and ".join(f"{spec} self-play" for spec in shares) + ", pie rule on, both deciding the swap",
    )


def _proof_swaps(table: pd.DataFrame | None) -> str:
    """How often the pie verdict's players swap right after the openings of the solved boards, as a sentence."""
    if table is None:
        return ""
    rows = table[(table["board"] == "all") & table["agent"].isin(PIE_RUNGS)]
    if not len(rows):
        return ""
    parts = ", ".join(f"{r.agent} after {r.swaps_right}" for r in rows.itertuples())
    return (
        f" On the solved small boards, where the proof says which openings win, the swap is right (taken exactly "
        f"after the openings that win for the opener) for {parts} of the {int(rows['openings'].iloc[0])} openings."
    )


def settled(solved: pd.DataFrame) -> pd.Series:
    """The rows of the solved table whose winner is known both without and with the pie rule (every
    opening's value need not be: where no game can draw the pie rule's winner needs none)."""
    return (solved["winner"] != "unknown") & (solved["winner_with_pie"] != "unknown")


def _solved_pie(solved: pd.DataFrame | None) -> str:
    """What perfect play on the solved small boards says of the pie rule, as a sentence (or "")."""
    if solved is None:
        return ""
    done = solved[settled(solved)]
    if not len(done):
        return ""
    second = int((done["winner_with_pie"] == "second player").sum())
    return (
        f" Under perfect play on the {len(done)} solved small boards and readings the pie rule hands the second "
        f"player the win on {second} of them."
    )


@CLAIMS.measures("skill")
def _skill(x: ClaimInputs) -> Evidence:
    trace = skill_trace_table(x.studies)
    if trace is None or "skill" not in x.statistics:
        return Evidence(Untested("The skill trace (data/fen/ladder.csv) is not installed."))
    decisions = ", ".join(
        f"{r['rung']} over {r['below']}: {_decision(r)}{_swaps_taken(r)}" for r in trace.to_dict("records")
    )
    return Evidence(
        x.statistics["skill"],
        sentence="Each rung plays the rung below on the standard board (pie rule on, each player deciding the swap "
        "by its own rule), seats swapped on common seeds; a unit is a seat-swapped pair of games, its value the "
        f"stronger rung's score. The SPRTs (50% against 55%): {decisions}."
        + _separates(trace)
        + ("" if "ladder_top" in x.studies else LADDER_TOP_MISSING),
        change="Fewer forced moves per turn, so that planning counts more.",
        detail="Each step is judged on its own interval, the page's level split over the steps; the claim holds "
        "when every step does.",
        section=SKILL,
        command=command_of(trace, "negenlab study fen ladder --seed 2024"),
    )


LADDER_TOP_MISSING = (
    f" The top step, {LADDER_TOP[1]} over {LADDER_TOP[0]} (negenlab study fen ladder_top), is not committed: 100 to 300 "
    "seat-swapped pairs at about 14 s a pair on one free core (25 to 70 minutes, twice that on a shared machine), "
    f"so whether the ladder still separates rungs at {LADDER_TOP[1]}, the pie verdict's stronger player, is untested."
)


def _separates(trace: pd.DataFrame) -> str:
    """Up to which MCTS budget the ladder still separates its rungs (the top step an SPRT decided for the
    stronger rung), as a sentence, or ""."""
    steps = trace[
        trace["rung"].astype(str).str.startswith("mcts:") & trace["below"].astype(str).str.startswith("mcts:")
    ]
    if not len(steps):
        return ""
    top = steps.iloc[-1]
    if top["decision"] == "H1":
        return (
            f" The ladder still separates its rungs at the top: {top['rung']} beats {top['below']}, so a study made "
            f"at {top['below']} plays below the strength where more search stops paying."
        )
    return f" At the top the SPRT did not decide that {top['rung']} beats {top['below']}: more search may stop paying there."


def _swaps_taken(row: dict) -> str:
    """How often the swap of the pie rule was taken in a skill-trace step's games, in words, or "" when
    the table does not say.

    >>> _swaps_taken({"swaps": 150, "games": 200}), _swaps_taken({"games": 200})
    (' (the swap taken in 150 of 200 games)', '')
    """
    swaps = row.get("swaps")
    if swaps is None or pd.isna(swaps):
        return ""
    return f" (the swap taken in {int(swaps)} of {int(row['games'])} games)"


def _decision(row: dict) -> str:
    if row["decision"] == "undecided":
        return f"undecided at the cap of {int(row['units'])} pairs"
    sprt, units = int(row.get("sprt_units", row["units"])), int(row["units"])
    more = f", then played on to {units} pairs so that its interval clears the line" if units > sprt else ""
    return f"{row['decision']} after {sprt} pairs{more}"


def verdicts(
    studies: dict[str, pd.DataFrame] | None = None,
    atlas: pd.DataFrame | None | bool = True,
    recheck: pd.DataFrame | None = None,
) -> list[Finding]:
    """One verdict per claim of the FEN register, judged as one family, each statistical one beside
    its re-measurement on a fresh seed. ``studies``: the study tables by name (default the
    committed ones); ``atlas``: the atlas table (``True``: the committed one; None: none);
    ``recheck``: the rows of ``recheck.csv`` (default the committed table; an empty frame: none).

    >>> [f.verdict for f in verdicts(studies={}, atlas=None, recheck=pd.DataFrame())][3:]
    ['untested', 'untested', 'untested', 'untested', 'untested', 'holds', 'holds', 'untested', 'untested', 'untested']
    """
    if atlas is True:
        committed = committed_atlas()
        atlas = committed[0] if committed is not None else None
    inputs = ClaimInputs(
        derivations(),
        committed_studies("fen", STUDY_NAMES, TABLES) if studies is None else studies,
        atlas if isinstance(atlas, pd.DataFrame) else None,
    )
    if recheck is not None:
        return CLAIMS.findings(inputs, recheck)
    committed, stale = committed_recheck(), stale_rechecks() if studies is None else []
    if committed is not None and stale:
        committed = committed[~committed["claim"].isin(stale)]
    found = CLAIMS.findings(inputs, committed)
    seed = int(data_json("fen", "recheck.json", must_exist=False).get("seed", 2024)) + 1
    said = f"not re-measured since its tables were remade (the recheck on seed {seed} predates them)"
    return [replace(f, recheck=said) if f.claim_id in stale and f.recheck is None else f for f in found]


def committed_verdicts() -> VerdictLines:
    """The FEN page's verdict lines from the committed tables and the derivation of n and e computed
    now (about a second), as the page and the notebook's verdict cell show them first.

    >>> sum(f.verdict != "untested" for f in committed_verdicts()) >= 3
    True
    """
    found = verdicts()
    return VerdictLines(found, family_sentence(judged_family(found)))


def build(page, options) -> None:
    studies = committed_studies("fen", STUDY_NAMES, TABLES)
    found = verdicts(studies)
    page.verdicts(found, family_sentence(judged_family(found)), ENTRY.players)
    page.note(
        "FEN: rules by Phil Leduc (2024), implemented in negenlab for rules analysis. The designer's text is not "
        "reproduced beyond the short excerpts the verdicts quote; rules as modelled are on negenlab's FEN rules page."
    )
    _skill_section(page, skill_trace_table(studies))
    _proof_section(page, studies.get("agents_vs_proof"))
    _pie_section(page, studies.get("pie"))
    _tilings_section(page, studies.get("atlas_balance"), studies.get("atlas_strong"))
    _blocked_section(page, studies.get("blocked"))
    _solved_section(page, studies.get("solved"))
    _ne_section(page)
    _atlas_section(page)
    _live_section(page, options)


def _skill_section(page, trace: pd.DataFrame | None) -> None:
    if not open_section(trace, page, SKILL, "fen", "ladder"):
        return
    skill_section(
        page,
        trace,
        "fen",
        "Each rung plays the rung below on the standard board (pie rule on), seats swapped on common seeds: "
        "a unit is a seat-swapped pair, and each step is decided by an SPRT (H0: score 0.5, H1: 0.55, "
        "alpha = beta = 0.05, from 100 units). Scores are the rung's share of points with 95% intervals.",
        "FEN skill trace, triangle of side 7",
    )


def _pie_section(page, pie: pd.DataFrame | None) -> None:
    if not open_section(pie, page, PIE, "fen", "pie"):
        return
    strengths = pie_strengths(pie)
    page.text(
        f"Self-play on the standard board, with and without the pie rule, at {' and '.join(strengths)}: each player "
        "decides the swap from its own search (it swaps when the search rates the opener's winning chance above "
        "one half). The first player's win rate is decided by an SPRT per setting (H0 0.5 against H1 0.6, alpha = "
        "beta = 0.05, from 100 games to "
        + ", ".join(f"{pie_design(spec).max_games} ({spec})" for spec in strengths)
        + "); the other rows come from the same games."
    )
    rows = pie[pie["metric"].isin(["first_player_win_rate", "swap_rate", "draw_rate", "ends_blocked"])].copy()
    rows["label"] = (
        rows["agents"].astype(str).str.split(" vs ").str[0]
        + ": "
        + rows["metric"].str.replace("_", " ")
        + ", pie "
        + rows["pie_rule"].map({True: "on", False: "off"})
    )
    fig, ax = plt.subplots(figsize=(6.8, 0.32 * len(rows) + 1.4))
    plot_forest(rows, ax=ax, xlabel="rate (95% interval)", title="self-play, triangle of side 7")
    page.figure(
        fig,
        caption="The first player's wins, swaps, draws and blocked ends, with and without the pie rule, per strength.",
    )
    page.table(pie.drop(columns=["group"]), caption=made_by(pie, "fen"), folded="Balance table of the pie study")


def _proof_section(page, table: pd.DataFrame | None) -> None:
    if not open_section(table, page, PROOF, "fen", "agents_vs_proof"):
        return
    costly = [
        f"{spec} judges only the openings {', '.join(below)} misjudged or left undecided, for its cost."
        for spec, below in PROOF_COSTLY.items()
    ] + [
        f"{spec} judges no opening by self-play, for its cost: its self-play after the openings mcts:800 left "
        "undecided (10 of the 18 on square 3x1 alone, up to 32 games each at about 4 s a game on the shared machine "
        "the table was made on) would have taken hours; it plays every decision and the swap after every opening."
        for spec in PROOF_DECISIONS_ONLY
    ]
    costly.append(
        f"The players are measured on the solved boards of up to {PROOF_MAX_FACES} faces: the two readings of "
        "3.3.3.3.3.3:5 (5 triangles, 39 openings, 120 positions) are left out for cost (mcts:800 took 412 s for "
        "the 18 openings and 71 decisions of square 3x1 on the shared machine; the five-face boards would have "
        "added about 40 minutes)."
    )
    page.text(
        "How far to trust the players behind the verdicts: on the boards the exact solver finishes (the solved "
        "table), every opening and mid-game positions of random games have proved values. A decision matters "
        "where the player to move wins and some turn throws the win away; the measure is the share of those "
        "decisions whose whole turn keeps the win (one seeded decision a position). Each opening is also judged "
        "by the player's self-play from it (pie rule off), looked at after "
        f"{', '.join(map(str, OPENING_LOOKS))} games: right once the opener's share lies on the proof's side of one "
        "half (its interval at level 1 - 5%/3 per look), misjudged once on the wrong side, undecided when it still "
        f"straddles one half. A swap is right when the player, with the pie rule on, takes it exactly after the "
        "openings that win for the opener. " + " ".join(costly)
    )
    page.text(proof_finding(table))
    page.figure(
        plot_agents_vs_proof(table),
        caption="Each player over every solved board: the decisions that keep the proved win (95% intervals) and "
        "its self-play judgement of each opening, with the swaps it got right.",
    )
    shown = table[table["board"] == "all"].drop(columns=["board", "scope", "n", "e"])
    page.table(shown, caption="Every player over all solved boards and readings")
    page.table(table, caption=made_by(table, "fen"), folded="Every player on every solved board and reading")


def misjudging_budget(table: pd.DataFrame) -> str | None:
    """The smallest MCTS budget from which no budget that judged openings misjudges a proved one (over
    all boards), or None when the largest that judged still does. Budgets that judged no opening
    (``not_judged`` all of them) say nothing either way and are skipped.

    >>> t = pd.DataFrame({"agent": ["mcts:50", "mcts:200", "mcts:800", "mcts:3200"], "board": "all",
    ...                   "misjudged": [3, 0, 0, 0], "openings": 9, "not_judged": [0, 0, 0, 9]})
    >>> misjudging_budget(t)
    'mcts:200'
    """
    rows = table[
        (table["board"] == "all")
        & table["agent"].astype(str).str.startswith("mcts:")
        & (table["not_judged"] < table["openings"])
    ]
    budget = None
    for r in reversed(list(rows.itertuples())):
        if r.misjudged:
            break
        budget = str(r.agent)
    return budget


def proof_finding(table: pd.DataFrame) -> str:
    """What the players against perfect play show, in sentences: each player's share of decisions
    that keep the win, the openings it misjudged, and from which budget MCTS stops misjudging.

    >>> t = pd.DataFrame({"agent": ["greedy", "mcts:50"], "board": "all", "positions": 400, "kept": [300, 380],
    ...                   "share": [.75, .95], "lo": [.7, .92], "hi": [.79, .97], "openings": 147, "right": [120, 140],
    ...                   "misjudged": [4, 0], "undecided": [23, 7], "not_judged": 0, "swaps_right": [130, 120]})
    >>> proof_finding(t)[:70]
    'Over 400 decisions that matter on the solved boards, the whole turn ke'
    """
    rows = table[table["board"] == "all"]
    kept = "; ".join(
        f"{r.agent} {rate_text(r.share, r.lo, r.hi)} (misjudged {r.misjudged} of {r.openings} openings, "
        f"{r.undecided} undecided{f', {r.not_judged} not judged' if r.not_judged else ''}; swaps right "
        f"{r.swaps_right} of {r.openings})"
        for r in rows.itertuples()
    )
    budget = misjudging_budget(table)
    text = (
        f"Over {int(rows['positions'].iloc[0])} decisions that matter on the solved boards, the whole turn keeps "
        f"the proved win for: {kept}."
    )
    unjudged = [str(r.agent) for r in rows.itertuples() if r.openings and r.not_judged == r.openings]
    if budget is not None:
        text += f" From {budget} on, MCTS misjudges no proved opening" + (
            f" ({', '.join(unjudged)} judged none, for cost)." if unjudged else "."
        )
    else:
        text += f" MCTS still misjudges proved openings at {rows['agent'].iloc[-1]}, the largest budget measured."
    return text


def _tilings_section(page, atlas_bal: pd.DataFrame | None, strong: pd.DataFrame | None = None) -> None:
    if not open_section(atlas_bal, page, TILINGS, "fen", "atlas_balance"):
        return
    both = atlas_bal if strong is None else pd.concat([atlas_bal, strong], ignore_index=True)
    page.text(
        "Self-play on each of the 11 regular and Archimedean tilings clipped to 25 and 49 faces, no pie rule: "
        "greedy (400 games per board) and MCTS with 50 simulations per placement (60 games per board)"
        + (
            "; at 49 faces also "
            + ", ".join(
                f"MCTS with {spec.split(':')[1]} simulations ({n} games per board)" for spec, n in STRONG_AGENTS.items()
            )
            if strong is not None
            else ""
        )
        + f". The verdict reads the self-play of each of {', '.join(TILING_PLAYERS)}, and is untested while one is "
        "not committed. Balance: the distance of the first player's win rate from 1/2. Decisiveness: the share of "
        "games with a winner."
    )
    page.figure(
        plot_atlas_balance(both),
        caption="The first player's win rate per tiling with 95% intervals, sorted by balance under the last player "
        "at 49 faces.",
    )
    top = TILING_PLAYERS[-1] if strong is not None else "mcts:50"
    page.table(
        tiling_ranking(both, agents=top),
        caption=f"Tilings ranked by balance under {top} at 49 faces",
        folded="Tiling ranking",
    )
    page.table(atlas_bal, caption=made_by(atlas_bal, "fen"), folded="Balance per tiling, size and agent")
    if strong is not None:
        page.table(strong, caption=made_by(strong, "fen"), folded="Balance per tiling under the stronger player")


def _blocked_section(page, blocked: pd.DataFrame | None) -> None:
    if not open_section(blocked, page, BLOCKED, "fen", "blocked"):
        return
    page.text(
        "When both players are stuck the game stops and a tie in faces is a draw. A seeded directed search "
        "hunts for such positions on the standard board; the table says how hard it looked and what it found."
    )
    said = [str(s) for s in blocked["finding"].dropna() if str(s).strip()] if "finding" in blocked else []
    for text in said:
        page.text(text)
    actions = blocked.attrs.get("negenlab", {}).get("draw_actions_partial_claims_off")
    if actions:
        game = make_game(STANDARD_BOARD, partial_claims=False)
        state = game.new_initial_state()
        for a in actions:
            state.apply(int(a))
        info = state.game_info()
        fig, ax = plt.subplots(figsize=(4.6, 4.2))
        draw_board(game.tessellation, owners=state.owners(), ax=ax)
        page.figure(
            fig,
            caption=f"A blocked draw with partial claims off, replayed through the engine from the recorded actions: "
            f"{info['faces_colour_0']} faces each, {len(actions)} placements.",
        )
    page.table(blocked.drop(columns=["finding"], errors="ignore"), caption=made_by(blocked, "fen"))


def _solved_section(page, solved: pd.DataFrame | None) -> None:
    if not open_section(solved, page, SOLVED, "fen", "solved"):
        return
    done = solved[settled(solved)]
    every = int(solved["complete"].astype(bool).sum())
    page.text(
        f"An exact search (negenlab fen solve) gives the winner under perfect play, then every opening turn its "
        f"value, partial claims on, in the interior and the literal reading of n and e. It solved {len(done)} of "
        f"{len(solved)} boards and readings, with every opening's value on {every} of them; the others stopped at "
        f"the search's cap and say so. With the pie rule the second player may take over the opening, so the first "
        f"player keeps the weaker side of their best opening; where no game can draw (an odd number of faces, "
        f"partial claims on) every opening wins for one side, so the second player wins with the pie rule without "
        f"every opening searched. Beside each board whose winner is known, the first player's share of "
        f"{SOLVED_MCTS_TEXT} self-play on it."
    )
    page.text(solved_finding(solved))
    if len(done):
        page.figure(
            plot_solved(solved),
            caption="The first player's result under perfect play (square: 1 win, 0 loss) and their win rate in "
            "MCTS self-play on the same board, with 95% intervals; no pie rule.",
        )
    shown = solved.drop(columns=["command", "winning_openings"])
    page.table(shown, caption=made_by(solved, "fen"), folded="Solved boards: winners, openings and search size")


def ne_boards() -> tuple[list, list[dict]]:
    """The seven boards of the n/e section and their n and e in both readings (one row per board)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        boards = [
            tilings.triangle(7),
            tilings.triangle(5),
            tilings.hexagon(1),
            tilings.hexagon(2),
            tilings.square(5, 5),
            tilings.archimedean("4.8.8", faces=25),
            tilings.archimedean("3.3.4.3.4", faces=25),
        ]
    rows = []
    for b in boards:
        r = derive_ne(b)
        rows.append(
            {
                "board": b.name,
                "faces": b.num_faces,
                "nodes": b.num_nodes,
                "edges": b.num_edges,
                "interior N,E": f"{r.interior.N},{r.interior.E}",
                "interior n,e": f"{r.interior.n},{r.interior.e}",
                "all N,E": f"{r.all.N},{r.all.E}",
                "all n,e": f"{r.all.n},{r.all.e}",
                "agree": "yes" if r.agree else "NO",
            }
        )
    return boards, rows


def _ne_section(page) -> None:
    page.heading(NE)
    page.text(
        "n and e follow the designer's derivation (N, E = most frequent number of faces per node / "
        "per edge; n = lcm/N, e = lcm/E). Read literally over all nodes, boundary nodes dominate small "
        "boards: on the standard triangle of side 7, 18 boundary nodes with 3 faces outnumber 15 interior "
        "nodes with 6, giving n=2 against the designer's stated n=1. Counting interior nodes and edges only "
        "gives the designer's values on every board below; negenlab uses that reading by default."
    )
    boards, rows = ne_boards()
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.4), gridspec_kw={"width_ratios": [1, 1.3, 1.3]})
    draw_board(boards[0], ax=axes[0])
    plot_ne(boards[0], derive_ne(boards[0]), axes=axes[1:])
    page.figure(
        fig,
        caption="The standard board (triangle, side 7) and its faces-per-node / faces-per-edge "
        "histograms, all nodes vs interior nodes.",
    )
    page.table(
        pd.DataFrame(rows),
        caption="n/e in both readings; 'NO' marks boards where the literal reading contradicts the interior one",
        folded="n and e on seven boards",
    )


def _atlas_section(page) -> None:
    page.heading(ATLAS)
    committed = committed_atlas()
    if committed is not None:
        atlas, _ = committed
        page.text(
            "From data/fen/atlas.csv (made by `negenlab fen atlas`; its sidecar JSON records seed, games "
            "and version). First-player win rates are random-vs-random self-play with 95% Wilson intervals."
        )
    else:
        atlas = atlas_table(sizes=(25,), n_games=0)
        page.warning(
            f"data/fen/atlas.csv is missing: showing n/e only (no self-play) for 25-face boards ({ATLAS_COMMAND})."
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gal = [(name, b, derive_ne(b)) for name in tilings.ARCHIMEDEAN for b in [tilings.archimedean(name, faces=25)]]
    page.figure(gallery(gal, ncols=4), caption="The 11 tilings clipped to 25 faces around a face centre.")
    page.table(
        atlas,
        caption="faces, nodes, edges, N/E/n/e (interior), the literal reading (_all), and random-play balance",
        folded="Atlas table",
    )


def _live_section(page, options) -> pd.DataFrame:
    games = options.games if options.games is not None else 200
    board = tilings.triangle(7)
    page.heading(LIVE)
    page.text(
        f"Made while this page was written: {games} random-vs-random and {max(games // 4, 10)} greedy-vs-greedy "
        "games per pie setting on the standard board (seeded). With the pie rule, a swap makes seat 1 the "
        "owner of the first colour."
    )
    t_random = balance(board, ["random", "random"], n_games=games, seed=options.seed, workers=options.workers)
    t_greedy = balance(
        board, ["greedy", "greedy"], n_games=max(games // 4, 10), seed=options.seed, workers=options.workers
    )
    nopie, withpie = (_metric_row(t_random, "first_player_win_rate", p) for p in (False, True))
    swaps = _metric_row(t_random, "swap_rate", True)
    g_nopie, g_withpie = (_metric_row(t_greedy, "first_player_win_rate", p) for p in (False, True))
    g_swaps = _metric_row(t_greedy, "swap_rate", True)
    page.text(
        f"Between random players the first player wins {_pct(nopie)} without the pie rule and {_pct(withpie)} with "
        f"it; the second player swaps in {_pct(swaps)} of games (random players swap at random, so this is no "
        f"verdict on the rule). Between greedy players the first player wins {_pct(g_nopie)} without the pie rule "
        f"and {_pct(g_withpie)} with it; greedy swaps in {_pct(g_swaps)} of games, when its greedy self-play of the "
        "opening gives the opener more than half."
    )
    page.table(
        pd.concat([t_random, t_greedy], ignore_index=True).drop(columns=["board", "group"]),
        caption="balance on triangle side 7, random and greedy self-play, with and without the pie rule",
        folded="Random and greedy balance table",
    )
    page.provenance(
        rules=Rules(),
        agents=[RandomAgent(), GreedyAgent()],
        seed=options.seed,
        command=options.command("fen"),
        board="triangle side 7",
        n=FenGame(board).n,
        e=FenGame(board).e,
    )
    page.note(
        "Engine speed (benchmarks/bench_fen.py): random self-play through the Python protocol, one "
        "placement per action, compared in one run with OpenSpiel dots_and_boxes 6x6 driven the same way."
    )
    return t_random


def tiling_ranking(atlas_bal: pd.DataFrame, faces: int = 49, agents: str = "mcts:50") -> pd.DataFrame:
    """One row per tiling at ``faces`` under ``agents``: the first player's win rate with its
    interval, balance gap (distance from 1/2) and decisiveness (games with a winner), most
    balanced first.

    >>> rows = [{"tiling": t, "faces": 49, "agents": "mcts:50", "metric": m, "value": v, "lo": v - .1,
    ...          "hi": v + .1, "n": 100} for t, p in (("a", .7), ("b", .45))
    ...         for m, v in (("first_player_win_rate", p), ("draw_rate", 0.0))]
    >>> tiling_ranking(pd.DataFrame(rows))["tiling"].tolist()
    ['b', 'a']
    """
    a = atlas_bal[(atlas_bal["faces"] == faces) & (atlas_bal["agents"] == agents)]
    p1 = a[a["metric"] == "first_player_win_rate"].set_index("tiling")
    draws = a[a["metric"] == "draw_rate"].set_index("tiling")["value"].reindex(p1.index)
    out = pd.DataFrame(
        {
            "tiling": p1.index,
            "first_player_wins": p1["value"].to_numpy(),
            "lo": p1["lo"].to_numpy(),
            "hi": p1["hi"].to_numpy(),
            "n": p1["n"].to_numpy(),
            "balance_gap": (p1["value"] - 0.5).abs().to_numpy(),
            "decisive": (1 - draws).to_numpy(),
        }
    )
    return out.sort_values(["balance_gap", "tiling"]).reset_index(drop=True)


def _pct(row) -> str:
    """A rate row (value, lo, hi, n) in the house's form."""
    return rate_text(row["value"], row["lo"], row["hi"], row["n"])


def _play_on_words(row, spec: str) -> str:
    """Where the pie study's play-on took ``spec``'s share after its SPRT stopped (or "")."""
    stop = row.get("sprt_games")
    if stop is None or pd.isna(stop) or int(stop) >= int(row["n"]):
        return ""
    n, design = int(row["n"]), pie_design(spec)
    if pie_settled(round(float(row["value"]) * n), n, PIE_SPRT.clear_alpha, design.looks):
        why = "where its interval settles the band"
    elif n >= design.clear_max:
        why = "the play-on's cap, where its interval still does not settle the band"
    else:
        why = (
            f"where an earlier, looser stopping rule let it stop; under today's, the repeated-looks quantile of its "
            f"design and a margin of its Monte Carlo error, it does not settle the band, and its play-on goes on to "
            f"{design.clear_max} games when the study runs again"
        )
    return f" at {int(stop)} games, then on to {n} ({why})"


def _sprt_words(row) -> str:
    """What an SPRT row decided, in words (its hypotheses are rates of the first player)."""
    h0, h1 = float(row.get("h0", 0.5)), float(row.get("h1", 0.6))
    return {
        "H1": f"the SPRT decides for an edge: {rate_text(h1)} rather than {rate_text(h0)}",
        "H0": f"the SPRT decides against an edge: {rate_text(h0)} rather than {rate_text(h1)}",
    }.get(str(row.get("decision")), "the SPRT reached its cap undecided")


def _tuned_ne(ladder: pd.DataFrame | None = None) -> str:
    """The committed tuning run of n, e and the pie rule (``data/fen/tune_pie.json``) in words, with the
    budget of its players against the skill trace (``ladder``: does the ladder separate rungs there?),
    or "" when there is none."""
    run = tuning_run(
        "fen", "tune_pie.json", needs={k: (int, float) for k in ("seat_share", "seat_share_lo", "seat_share_hi")}
    )
    if not run.get("candidates"):
        return ""
    c = run["candidates"][0]
    versus = versus_text(c, "seat_share", digits=3)
    text = (
        f" The rules tuner ({run['evaluations']} trials, {run['command']}) finds {setting_text(run, c)} closest to "
        "an even game, the first player winning "
        f"{rate_text(c['seat_share'], c['seat_share_lo'], c['seat_share_hi'], c['seat_share_n'])}: target 45-55% "
        f"{c['seat_share_target']}." + (f" Against the default Rules: {versus}." if versus else "")
    )
    return text + _tuner_budget(str(run.get("command", "")), ladder)


TUNER_PLAYERS = (
    "Its mcts decides the pie rule's swap from its own search, as the pie verdict's players do (the run was made "
    "again with them; the earlier run's search seldom swapped, 1 swap in 101 games at mcts:200)"
)
"""What the committed tuning run's players do at the swap."""


def _tuner_budget(command: str, ladder: pd.DataFrame | None) -> str:
    """Whether the tuner's players play at a budget where the skill trace still separates rungs (the SPRT
    of the step up to them decided for the stronger rung), and how they decide the swap, in words.

    >>> t = pd.DataFrame({"rung": ["mcts:50", "mcts:200"], "below": ["greedy", "mcts:50"],
    ...                   "decision": ["undecided", "H1"], "units": [300, 100]})
    >>> _tuner_budget("negenlab tune fen --agents mcts:200 --budget 12", t)[:110]
    ' Its players (mcts:200) play at a budget the skill trace separates: mcts:200 over mcts:50: H1 after 100 pairs.'
    """
    words = command.split()
    spec = words[words.index("--agents") + 1] if "--agents" in words[:-1] else None
    if spec is None or ladder is None:
        return ""
    step = ladder[ladder["rung"] == spec]
    if not len(step):
        return f" Its players ({spec}) are not a rung of the skill trace. {TUNER_PLAYERS}."
    r = step.iloc[0]
    said = f"{r['rung']} over {r['below']}: {_decision(r.to_dict())}"
    if r["decision"] == "H1":
        return f" Its players ({spec}) play at a budget the skill trace separates: {said}. {TUNER_PLAYERS}."
    return (
        f" Its players ({spec}) play where the skill trace decided nothing ({said}), so its verdicts may rest on "
        f"play that does not reward skill. {TUNER_PLAYERS}."
    )


SOLVED_MCTS_TEXT = f"MCTS ({SOLVED_MCTS.split(':')[1]} simulations a placement)"


def solved_finding(solved: pd.DataFrame) -> str:
    """What the solved boards say: who wins each under perfect play, with and without the pie rule,
    how far MCTS self-play is from it, and which boards the search could not finish.

    >>> row = {"board": "triangle:1", "scope": "interior", "n": 1, "e": 1, "winner": "first player",
    ...        "winner_with_pie": "second player", "complete": True, "openings": 6, "win_openings": 6,
    ...        "draw_openings": 0, "nodes": 208, "mcts_first_rate": 1.0, "mcts_lo": .96, "mcts_hi": 1.0,
    ...        "mcts_games": 100}
    >>> solved_finding(pd.DataFrame([row]))[:72]
    'Exact, on 1 solved board and reading: the first player wins on 1 of them'
    """
    done, open_ = solved[settled(solved)], solved[~settled(solved)]

    def names(rows: pd.DataFrame) -> str:
        return ", ".join(f"{r.board} (n={r.n}, e={r.e})" for r in rows.itertuples())

    if not len(done):
        text = "No board solved yet."
    else:
        text = f"Exact, on {len(done)} solved board{'s' if len(done) > 1 else ''} and reading" + (
            "s" if len(done) > 1 else ""
        )
        parts = []
        for who in ("first player", "second player", "draw"):
            k = int((done["winner"] == who).sum())
            if k:
                parts.append(f"{'a draw' if who == 'draw' else 'the ' + who + ' wins'} on {k} of them")
        text += ": " + ", ".join(parts) + "."
        second = done[done["winner_with_pie"] == "second player"]
        text += (
            f" With the pie rule the second player wins on {len(second)} of {len(done)}: no "
            "opening is a draw, so whatever the first player opens with, the second player takes the winning side."
        )
        if len(second) < len(done):
            text += f" With the pie rule a draw: {names(done[done['winner_with_pie'] == 'draw'])}."
        played = done[done["mcts_games"] > 0]
        if len(played):
            far = played.loc[(played["mcts_first_rate"] - played["winner"].map(_PERFECT)).abs().idxmax()]
            text += (
                f" {SOLVED_MCTS_TEXT} self-play, no pie rule, gives the first player "
                f"{played['mcts_first_rate'].min():.0%} to {played['mcts_first_rate'].max():.0%} of "
                f"{int(played['mcts_games'].iloc[0])} games a board; farthest from perfect play on {far.board} "
                f"(n={far.n}, e={far.e}): {rate_text(far.mcts_first_rate, far.mcts_lo, far.mcts_hi)} "
                f"(n={int(far.mcts_games)}) where perfect play gives the {far.winner} every game."
            )
    if len(open_):
        text += f" Not solved within the search's cap ({int(open_['nodes'].max()):,} positions): {names(open_)}"
        known = open_[open_["winner"] != "unknown"]
        if len(known):
            text += "; of these the winner alone is known on " + ", ".join(
                f"{r.board} (n={r.n}, e={r.e}): the {r.winner}" for r in known.itertuples()
            )
        text += "."
    return text


_PERFECT = {"first player": 1.0, "draw": 0.5, "second player": 0.0}


__all__ = [
    "TITLE",
    "CLAIMS",
    "ClaimInputs",
    "build",
    "committed_atlas",
    "committed_recheck",
    "committed_verdicts",
    "derivations",
    "ne_boards",
    "solved_finding",
    "tiling_ranking",
    "verdicts",
]
