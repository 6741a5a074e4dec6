"""The Necklace page of ``negenlab report``.

Verdicts first: one line per claim of the register ``data/necklace/claims.csv`` (the designers'
claims, then negenlab's questions), each measured by one function of :data:`CLAIMS` from the
committed tables (plus a few seconds of seeded games on every board size), the statistical ones
judged as one family and each beside its re-measurement on a fresh seed (``recheck.csv``). Then
the committed studies (``negenlab study necklace ...``): the skill trace, the first player's edge
by size, the 7x7 swap map and its best opening, the search for draws, every board size, the
solver's exact tables and their certificates, and a fresh self-play sample made while the page is
written (``--games N`` sets its random games; MCTS uses N // 5, at least 4).

>>> [f.verdict for f in verdicts()][:2]
['holds', 'holds']
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from negenlab.core.claims import ClaimBook, Evidence, Exact, Untested, family_sentence, judged_family
from negenlab.core.data import MissingDataError, data_file
from negenlab.core.findings import Finding
from negenlab.core.game import rules_to_dict
from negenlab.core.metrics import rate_text
from negenlab.core.registry import parse_agent_spec
from negenlab.core.studies import committed_table
from negenlab.report.page import VerdictLines
from negenlab.report.studies import command_of, committed_studies, made_by, open_section, skill_section

from . import ENTRY
from .against_proof import (
    PROOF_FAMILIES,
    REACH_COLUMN,
    SEVEN_REACH,
    at_seven_reach,
    families,
    family_budget,
    mcts_budget,
    stops_misjudging,
)
from .game import State
from .plot import (
    plot_agents_vs_proof,
    plot_edge_by_size,
    plot_lengths,
    plot_red_win_rates,
    plot_restrictions,
    plot_swap_map,
    plot_swap_rule,
)
from .rules import MAX_SIZE, Rules
from .study import (
    ADVANTAGE_AGENT,
    DRAW_SIZE,
    DRAW_STRENGTHS,
    DRAWS,
    FAIR_OPENING_SIZE,
    OPENING_GAMES,
    PROOF_SAMPLER,
    REACH_OPENING_GAMES,
    REACH_PLAYERS,
    SEAT0_WINS,
    SIZE_CHECK_GAMES,
    SOLUTIONS_COMMAND,
    SWAP_MAP_AGENT,
    SWAP_MAP_GAMES,
    SWAP_RULE_ESTIMATES,
    SWAPS,
    TABLES,
    claim_statistics,
    distinct_arms,
    every_size_games,
    fair_strengths,
    load_tables,
    repeated_swap_arms,
    study,
    swap_map_from_table,
    swap_map_solved,
    wide_view,
)
from .svg import board_svg
from .verify import verify_file

TITLE = "Necklace"
SIZES = (5, 7, 9, 11)
MCTS_SIMS = 50
STUDY_NAMES = (
    "ladder",
    "advantage",
    "swap_map",
    "swap_map_5",
    "best_opening",
    "draws",
    "reproof_5x5",
    "engine_5x5",
    "proofs_6x6",
    "agents_vs_proof",
    "agents_vs_proof_positions",
    "agents_vs_proof_openings",
    "swap_rule",
    "swap_rule_openings",
)

SKILL = "Skill trace: does Necklace reward stronger play?"
TRUST = "How far to trust the players: agents against perfect play"
SWAP_RULE = "The swap rule, played by players who use it"
EDGE = "The first player's edge by board size"
SWAP_MAP = "Where should Blue swap? The 7x7 swap map"
DRAWLESS = "Can a game end drawn? Searching for a draw"
ANY_SIZE = "Every board size, one stone a turn"
EXACT = "Perfect play on small boards"
LIVE = "A fresh self-play sample"
SIZES_COMMAND = "python -c 'from negenlab.necklace.study import every_size_games; print(every_size_games())'"


def build(page, options) -> None:
    """Verdicts first (committed tables and the size check), then every section; tables folded."""
    inputs = committed_inputs()
    found = verdicts(inputs)
    page.verdicts(found, family_sentence(judged_family(found)), ENTRY.players)
    page.text(
        "Necklace by Mark Steere and Luis Bolaños Mures (2024). Red connects top and bottom, Blue left "
        "and right, orthogonally; a placement may not create a crosscut nor leave an empty region "
        "without an edge point; a colour that cannot place is skipped. The designers' text has no rule for "
        "a position where nobody can place and nobody has won: negenlab's engine would report it as a draw. "
        "The swap (pie) rule is not in the text either; negenlab asks its own questions about it."
    )
    studies = inputs.studies
    _skill_section(page, studies.get("ladder"))
    _trust_section(page, studies.get("agents_vs_proof"), studies.get("agents_vs_proof_openings"),
                   studies.get("agents_vs_proof_positions"))  # fmt: skip
    _edge_section(page, studies.get("advantage"))
    _swap_rule_section(page, studies.get("swap_rule"), studies.get("swap_rule_openings"))
    _swap_map_section(page, studies.get("swap_map"), studies.get("best_opening"), studies.get("swap_map_5"),
                      inputs.openings)  # fmt: skip
    _drawless_section(page, studies.get("draws"))
    _any_size_section(page, inputs.sizes, options)
    _exact_section(page, inputs.solutions, inputs.openings)
    _proofs_section(page, studies.get("reproof_5x5"), studies.get("proofs_6x6"), studies.get("engine_5x5"))
    _live_section(page, options)


# ---------------------------------------------------------------------------------------------- claims
@dataclass(frozen=True)
class ClaimInputs:
    """What the Necklace verdicts read: the committed study tables by name (any may be missing), the
    solver tables, and the seeded games on every board size (:func:`~negenlab.necklace.study.every_size_games`)."""

    studies: dict[str, pd.DataFrame]
    solutions: pd.DataFrame
    openings: pd.DataFrame
    sizes: pd.DataFrame

    @property
    def statistics(self) -> dict:
        return claim_statistics(
            self.studies.get("agents_vs_proof_openings"), self.studies.get("ladder"), self.studies.get("swap_rule")
        )


def committed_inputs() -> ClaimInputs:
    """The committed study and solver tables, and the size check played now (a few seconds)."""
    solutions, openings = load_tables()
    return ClaimInputs(committed_studies("necklace", STUDY_NAMES, TABLES), solutions, openings, every_size_games())


CLAIMS = ClaimBook("necklace")
"""The Necklace register (``data/necklace/claims.csv``) with one function per claim below."""


def _units_text(units: pd.Series) -> str:
    lo, hi = int(units.min()), int(units.max())
    return f"{lo}" if lo == hi else f"{lo} to {hi}"


def _sizes_text(sizes) -> str:
    names = [f"{int(n)}x{int(n)}" for n in sizes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@CLAIMS.measures("any_size")
def _any_size(x: ClaimInputs) -> Evidence:
    t = x.sizes
    everywhere = bool((t["first_placements"] == t["size"] ** 2).all())
    won = t["red_wins"] + t["blue_wins"]
    ended = bool((won == t["games"]).all())
    lo, hi = int(t["size"].min()), int(t["size"].max())
    return Evidence(
        Exact(
            everywhere and ended,
            f"every size {lo}x{lo} to {hi}x{hi}: Red may place on every point of the empty board, and "
            f"{int(won.sum())} of {int(t['games'].sum())} games end with a winner (Red {int(t['red_wins'].sum())}, "
            f"Blue {int(t['blue_wins'].sum())})",
        ),
        sentence=f"Seeded games of random placements, {SIZE_CHECK_GAMES} a size, swap off, played while the page was "
        f"made ({t['seconds'].sum():.0f} s). The engine stops at {MAX_SIZE}x{MAX_SIZE}; larger boards are not "
        "tested. Playable is not the same as good: 3x3 to 5x5 are first-player wins with perfect play.",
        change="Name the board sizes the game is meant for: some size does not give a game that ends with a winner.",
        section=ANY_SIZE,
        command=SIZES_COMMAND,
    )


@CLAIMS.measures("lowest_pdi")
def _lowest_pdi(x: ClaimInputs) -> Evidence:
    t = x.sizes
    one_point = bool(((t["points_changed_min"] == 1) & (t["points_changed_max"] == 1)).all())
    two = bool(((t["pdi_min"] == 2) & (t["pdi_max"] == 2)).all())
    placements, skips = int(t["placements"].sum()), int(t["skipped_turns"].sum())
    average = 2 * placements / (placements + skips)
    return Evidence(
        Exact(
            one_point and two,
            f"each of {placements:,} placements changed one point, from empty to the mover's colour (PDI 2); "
            f"{skips} skipped turns changed nothing (PDI 0)",
        ),
        sentence="Under the text's definition no turn that changes the board can score below 2 (a point to or from "
        "empty, and the difference between the colours' stones by one), so a game whose every placement scores 2 "
        "has the lowest possible PDI. The rules promise it (one stone a turn; nothing moves, flips or leaves the "
        f"board); the engine, checked turn by turn in the same seeded games on every size, agrees. Averaged over "
        f"every turn, skips included, the PDI is {average:.3f}.",
        change="Drop the claim: some turn changes more than the one point it fills.",
        section=ANY_SIZE,
        command=SIZES_COMMAND,
    )


@CLAIMS.measures("only_ooscg")
def _only_ooscg(x: ClaimInputs) -> Evidence:
    return Evidence(
        Untested(
            "A claim about other games: negenlab models four games and keeps no list of orthogonal-only square "
            "connection games to compare Necklace with (Necklace's own PDI is the line above).",
            "a claim about other games, which negenlab does not model",
        )
    )


@CLAIMS.measures("functional")
def _functional(x: ClaimInputs) -> Evidence:
    d = x.studies.get("draws")
    if d is None:
        return Evidence(Untested("data/necklace/draws.csv is not committed (negenlab study necklace draws)."))
    done = d[(d["search"] == "exhaustive") & (d["complete"].astype(str) == "True")]
    found = int(done["draws"].sum())
    return Evidence(
        Exact(
            found == 0,
            f"every game ends with a winner: {found} of the {int(done['positions'].sum()):,} reachable positions of "
            f"{_sizes_text(done['size'])} is a position where nobody can place and nobody has won",
        ),
        sentence="The loop prohibition of today's rules is the seclusion rule (every empty region must reach the "
        "edge), beside the crosscut rule. Functional read as: a game can always go on until someone connects, the "
        "count of the no-draw line below, with the same argument for every size in docs/rules/necklace.md. "
        "'Vastly simplifying the rules' is not measured: negenlab has no earlier version to compare.",
        change="Add a rule for a position where nobody can place (for example, the last player to place wins).",
        section=DRAWLESS,
        command=command_of(d, "negenlab study necklace draws --seed 2024"),
    )


@CLAIMS.measures("no_draw")
def _no_draw(x: ClaimInputs) -> Evidence:
    d = x.studies.get("draws")
    if d is None:
        return Evidence(Untested("data/necklace/draws.csv is not committed (negenlab study necklace draws)."))
    exhaustive = d[d["search"] == "exhaustive"]
    done = exhaustive[exhaustive["complete"].astype(str) == "True"]
    open_ = exhaustive[exhaustive["complete"].astype(str) != "True"]
    hunts = d[d["search"] == "directed"]
    found = int(done["draws"].sum())
    stopped = "".join(
        f" {int(r['size'])}x{int(r['size'])} (about 1e11 positions) is out of reach: its search met "
        f"{int(r['draws'])} draws in {int(r['positions']):,} positions before its time limit ({r['note']})."
        for r in open_.to_dict("records")
    )
    return Evidence(
        Exact(
            found == 0,
            f"{found} draws among the {int(done['positions'].sum()):,} reachable positions of "
            f"{_sizes_text(done['size'])}, every one visited",
        ),
        sentence="A draw: a position where nobody can place and nobody has won."
        + stopped
        + f" Directed hunts on {_sizes_text(sorted(set(hunts['size'])))} found {int(hunts['draws'].sum())} draws in "
        f"{int(hunts['playouts'].sum()):,} playouts. negenlab's argument (docs/rules/necklace.md) rules draws out on "
        "every size: while a point is empty some colour can place, and a full board without crosscut has a winner.",
        change="Add a rule for a position where nobody can place (for example, the last player to place wins).",
        section=DRAWLESS,
        command=command_of(d, "negenlab study necklace draws --seed 2024"),
    )


@CLAIMS.measures("draw_rate", strengths=DRAW_STRENGTHS)
def _draw_rate(x: ClaimInputs) -> Evidence:
    games = x.studies.get("agents_vs_proof_openings")
    stats = x.statistics.get("draw_rate")
    if games is None or not stats:
        return Evidence(
            Untested("data/necklace/agents_vs_proof_openings.csv is not committed, or holds no self-play of "
                     f"{' or '.join(DRAW_STRENGTHS)} (negenlab study necklace agents_vs_proof).")
        )  # fmt: skip
    classes = games[(games["size"].astype(int) == DRAW_SIZE) & games["agent"].isin(list(stats))]
    per = _units_text(classes["n"])
    return Evidence(
        stats,
        about="of games drawn",
        players=" and ".join(f"{k} against itself" for k in stats),
        sentence=f"Each player against itself after every {DRAW_SIZE}x{DRAW_SIZE} opening class "
        f"({classes['opening'].nunique()} classes, {per} games each, Blue to move, no swap: the self-play games of "
        "the agents-against-perfect-play study), every game a distinct one. 5x5 is the smallest board the "
        "exhaustive search cannot finish; it decides 2x2-4x4 exactly (the line above). The variant tool shows this "
        "line as the default side and screens a variant's draws with its own self-play games (a quick screen, never "
        "a verdict).",
        change="Add a rule for a position where nobody can place (for example, the last player to place wins).",
        section=TRUST,
        command=command_of(games, "negenlab study necklace agents_vs_proof --seed 2024"),
    )


@CLAIMS.measures("first_player")
def _first_player(x: ClaimInputs) -> Evidence:
    sol = x.solutions
    done = sol[(sol["complete"].astype(str) == "True") & (sol["swap"].astype(str) == "False")].sort_values("size")
    if done.empty:
        return Evidence(Untested("No board size is solved in data/necklace/solutions.csv."))
    wins = ", ".join(f"{int(r['n_winning_first_moves'])} of {int(r['size']) ** 2}" for r in done.to_dict("records"))
    reproof = x.studies.get("reproof_5x5")
    again = ""
    if reproof is not None:
        agree = reproof[reproof["agree"].astype(str) == "True"]
        again = (
            f" On 5x5 the {len(reproof)} opening classes were proved again by certificates checked with the rules "
            f"alone: {len(agree)} agree."
        )
    return Evidence(
        Exact(
            bool((done["winner"] == "red").all()),
            f"Red, moving first, wins {_sizes_text(done['size'])} ({wins} first placements win)",
        ),
        sentence="Solved exactly (every opening, both sides perfect)."
        + again
        + " With the swap rule the second player wins each of them: Blue swaps after every opening that wins for "
        "Red. Larger boards are not solved (6x6 in part, below).",
        change="Without the swap rule the first player does not win these boards: say whether the swap rule is needed.",
        section=EXACT,
        command=SOLUTIONS_COMMAND,
    )


def opening_classes_against_proofs(swap_map_5: pd.DataFrame, openings: pd.DataFrame) -> pd.DataFrame:
    """Each opening class of a 5x5 self-play swap map beside perfect play: the agent's Red share and
    interval, what its interval says (``red``/``blue`` when it excludes one half, else
    ``undecided``), the side its point estimate leans to, the proved winner, and ``right`` /
    ``wrong`` / ``undecided``. Mirror openings share their games, so each class is counted once.

    >>> t = pd.DataFrame({"row": [0, 0], "col": [0, 1], "same_as": ["0,0", "0,1"], "value": [.8, .45],
    ...                   "lo": [.7, .35], "hi": [.9, .55], "n": 200})
    >>> o = pd.DataFrame({"size": 5, "row": [0, 0], "col": [0, 1], "value": ["blue", "blue"]})
    >>> opening_classes_against_proofs(t, o)["judged"].tolist()
    ['wrong', 'undecided']
    """
    size = int(swap_map_5["row"].max()) + 1
    proved = {
        (int(r), int(c)): str(v) for r, c, v in openings[openings["size"] == size][["row", "col", "value"]].values
    }
    own = swap_map_5["same_as"].astype(str) == swap_map_5["row"].astype(str) + "," + swap_map_5["col"].astype(str)
    rows = []
    for r in swap_map_5[own].to_dict("records"):
        says = "red" if r["lo"] > 0.5 else ("blue" if r["hi"] < 0.5 else "undecided")
        truth = proved.get((int(r["row"]), int(r["col"])), "")
        rows.append(
            {
                "opening": f"row {int(r['row']) + 1}, col {int(r['col']) + 1}",
                "red share": rate_text(r["value"], r["lo"], r["hi"]),
                "n": int(r["n"]),
                "interval says": says,
                "leans to": "red" if r["value"] > 0.5 else ("blue" if r["value"] < 0.5 else "neither"),
                "perfect play": truth,
                "judged": "undecided" if says == "undecided" else ("right" if says == truth else "wrong"),
            }
        )
    return pd.DataFrame(rows)


def swap_decisions(swap_map: pd.DataFrame) -> dict:
    """What the swap map decides, one opening class at a time (mirror openings share their games,
    ``same_as``): classes whose interval lies above 1/2 (Blue should swap), below (Blue should
    place) or holds 1/2, and how many openings those classes hold.

    >>> t = pd.DataFrame({"row": [0, 0, 0], "col": [0, 1, 2], "same_as": ["0,0", "0,1", "0,0"], "value": [.8, .45, .8],
    ...                   "lo": [.7, .35, .7], "hi": [.9, .55, .9], "n": 100})
    >>> swap_decisions(t)
    {'swap': 1, 'place': 0, 'undecided': 1, 'classes': 2, 'openings': 3}
    """
    key = (
        swap_map["same_as"].astype(str)
        if "same_as" in swap_map
        else swap_map["row"].astype(str) + "," + swap_map["col"].astype(str)
    )
    classes = swap_map.assign(_class=key).drop_duplicates("_class")
    above = int((classes["lo"] > 0.5).sum())
    below = int((classes["hi"] < 0.5).sum())
    return {
        "swap": above,
        "place": below,
        "undecided": len(classes) - above - below,
        "classes": len(classes),
        "openings": len(swap_map),
    }


def _calibration_sentence(swap_map_5: pd.DataFrame | None, openings: pd.DataFrame) -> str:
    if swap_map_5 is None:
        return ""
    t = opening_classes_against_proofs(swap_map_5, openings)
    wrong = t[t["judged"] == "wrong"]
    leans = int((t["leans to"] != t["perfect play"]).sum())
    named = "; ".join(
        f"{r['opening']}: Red {r['red share']}, a {r['perfect play']} win" for r in wrong.to_dict("records")
    )
    return (
        f" The agent is the judge here, and it is fallible: on 5x5, where every opening is proved, its own swap map "
        f"({SWAP_MAP_GAMES} games a class) names the wrong winner for {len(wrong)} of the {len(t)} opening classes"
        + (f" ({named})" if named else "")
        + f", the right one for {int((t['judged'] == 'right').sum())}, and leaves {int((t['judged'] == 'undecided').sum())} "
        f"undecided; by its point estimate {leans} of the {len(t)} lean to the wrong side. With perfect play no opening "
        "is fair: each is a win for one side."
    )


def misjudged_openings(openings: pd.DataFrame, size: int = 5) -> str:
    """What each player measured (every ``name:N`` of every family) misjudges on one board size, in words
    (the self-play table of the agents-against-perfect-play study).

    >>> t = pd.DataFrame({"agent": "mcts:800", "size": 5, "point": ["row 3, col 2", "row 1, col 1"],
    ...                   "value": [.71, .4], "lo": [.64, .33], "hi": [.77, .47], "n": 200, "proved": "blue",
    ...                   "judged": ["misjudged", "right"]})
    >>> misjudged_openings(t)
    'mcts:800 misjudges 1 of 2 (row 3, col 2: Red 71.0% [64.0, 77.0] after it, a blue win)'
    """
    parts = []
    here = openings[openings["size"].astype(int) == size]
    for agent in dict.fromkeys(here["agent"]):
        if family_budget(agent) is None:
            continue
        mine = here[here["agent"] == agent]
        wrong = mine[mine["judged"] == "misjudged"]
        named = "; ".join(
            f"{r['point']}: Red {rate_text(r['value'], r['lo'], r['hi'])} after it, a {r['proved']} win"
            for r in wrong.sort_values("value", ascending=False).head(2).to_dict("records")
        )
        parts.append(f"{agent} misjudges {len(wrong)} of {len(mine)}" + (f" ({named})" if named else ""))
    return "; ".join(parts)


def more_search(openings: pd.DataFrame, size: int = 5) -> str:
    """Whether more search mends the openings the largest ``mcts:N`` misjudges on one board size: each
    one's Red share under the two largest budgets, in words ('' when the largest misjudges none).

    >>> t = pd.DataFrame({"agent": ["mcts:800", "mcts:3200"], "size": 5, "point": "row 3, col 2", "value": [.715, .88],
    ...                   "proved": "blue", "judged": ["misjudged", "misjudged"]})
    >>> more_search(t)
    'On 5x5 more search does not mend it: row 3, col 2 (a blue win) goes from Red 71.5% (mcts:800) to 88.0% (mcts:3200).'
    """
    here = openings[openings["size"].astype(int) == size]
    budgets = sorted({b for a in here["agent"] if (b := mcts_budget(a)) is not None})[-2:]
    if not budgets:
        return ""
    top = here[(here["agent"] == f"mcts:{budgets[-1]}") & (here["judged"] == "misjudged")]
    if top.empty:
        return ""
    steps, worse = [], len(budgets) == 2
    for point, proved in top[["point", "proved"]].itertuples(index=False):
        shares = []
        for b in budgets:
            row = here[(here["agent"] == f"mcts:{b}") & (here["point"] == point)]
            shares.append((b, float(row["value"].iloc[0])))
        wrong = [v if proved == "blue" else 1 - v for _, v in shares]
        worse = worse and wrong[-1] > wrong[0]
        moves = " to ".join(f"{100 * v:.1f}% (mcts:{b})" for b, v in shares)
        steps.append(f"{point} (a {proved} win) goes from Red {moves}")
    head = "more search does not mend it" if worse else "with more search"
    return f"On {size}x{size} {head}: " + "; ".join(steps) + "."


def reach_note(trust: pd.DataFrame, size: int = 5) -> str:
    """Which ``proof:N`` rows of one board the 7x7 gate reads as evidence (the rule is
    :func:`~negenlab.necklace.against_proof.at_seven_reach`), in words; '' when the board has no ``proof:N`` row.

    >>> t = pd.DataFrame({"agent": ["mcts:800", "proof:20000", "proof:1000000"], "size": 5, "classes": 9,
    ...                   "openings_proved": [None, 0, 9]})
    >>> reach_note(t).split(". ", 1)[1]
    "On 5x5 proof:1000000 proves 9 of 9, so its record there is its proof's and no evidence for 7x7; proof:20000 proves none, so its own search finds the replies, and its record is read."
    """
    here = trust[trust["size"].astype(int) == size]
    rows = [
        r for r in here.to_dict("records") if (f := family_budget(r["agent"])) is not None and f[0] in PROOF_FAMILIES
    ]
    if not rows:
        return ""
    read = [r["agent"] for r in rows if at_seven_reach(r)]
    proved = [r for r in rows if not at_seven_reach(r)]

    def count(r: dict) -> str:
        k, n = r.get(REACH_COLUMN), r.get("classes")
        return ("?" if k is None or pd.isna(k) else str(int(k))) + ("" if n is None or pd.isna(n) else f" of {int(n)}")

    parts = []
    if proved:
        said = " and ".join(
            f"{r['agent']} proves {count(r)}" if i == 0 else f"{r['agent']} {count(r)}" for i, r in enumerate(proved)
        )
        one = len(proved) == 1
        parts.append(
            f"On {size}x{size} {said}, so {'its' if one else 'their'} record there is {'its' if one else 'their'} "
            "proof's and no evidence for 7x7"
        )
    if read:
        one = len(read) == 1
        parts.append(
            f"{' and '.join(read)} {'proves' if one else 'prove'} none, so {'its' if one else 'their'} own search finds "
            f"the replies, and {'its' if one else 'their'} record is read"
        )
    if not proved:
        parts[0] = f"On {size}x{size} " + parts[0]
    return (
        "A proof:N counts for 7x7 only where its df-pn proves no opening class from Blue's first reply, since "
        f"{SEVEN_REACH}. " + "; ".join(parts) + "."
    )


def _swap_rule_numbers(swap: pd.DataFrame | None, size: int) -> str:
    if swap is None:
        return ""
    first = swap[(swap["metric"] == SEAT0_WINS) & (swap["size"].astype(int) == size)]
    rates = swap[(swap["metric"] == SWAPS) & (swap["size"].astype(int) == size)].set_index("agents")["value"]
    return "; ".join(
        f"{r['agents']}: {rate_text(r['value'], r['lo'], r['hi'], int(r['n']))}, swapped in "
        f"{rate_text(float(rates.get(r['agents'], np.nan)))} of games"
        for r in first.to_dict("records")
    )


def _budgets(trust: pd.DataFrame, family: str) -> list[int]:
    """The budgets of one player family in the agents-against-perfect-play table."""
    return [fb[1] for a in trust["agent"] if (fb := family_budget(a)) is not None and fb[0] == family]


@CLAIMS.measures("fair_opening")  # judged under the players the agents_vs_proof table trusts (Evidence.strengths)
def _fair_opening(x: ClaimInputs) -> Evidence:
    trust, judged = x.studies.get("agents_vs_proof"), x.studies.get("agents_vs_proof_openings")
    swap = x.studies.get("swap_rule")
    if trust is None or judged is None:
        return Evidence(
            Untested("No player is measured against the proofs yet (negenlab study necklace agents_vs_proof): a verdict "
                     "about openings waits for players who misjudge no proved opening.")
        )  # fmt: skip
    trusted = fair_strengths(trust)
    measured = _swap_rule_numbers(swap, FAIR_OPENING_SIZE)
    record = (
        f" For the record, what the players measured on {FAIR_OPENING_SIZE}x{FAIR_OPENING_SIZE} with the swap rule "
        f"gave, the first player's share: {measured}."
        if measured
        else ""
    )
    if not trusted:
        tried = "; ".join(f"{f}:{min(b)} to {f}:{max(b)}" for f in families(trust) for b in [_budgets(trust, f)])
        note = reach_note(trust)
        return Evidence(
            Untested(
                "No verdict from these players: a verdict about openings may come only from players who misjudge no "
                f"opening where proofs exist, and on 5x5 {misjudged_openings(judged)} (Red's share of "
                f"{OPENING_GAMES} self-play games after the opening, {REACH_OPENING_GAMES} for "
                f"{' and '.join(REACH_PLAYERS)}, its 95% interval on the wrong side of one half), so "
                f"no family measured ({tried}) has two strengths that misjudge none"
                + (" on evidence at 7x7's reach. " + note if note else ".")
                + record,
                "no player family measured has two strengths that misjudge no proved opening",
            ),
            section=SWAP_RULE,
        )
    judge = parse_agent_spec(trusted[0].replace("pie:", "mcts:")).name  # the family that stopped misjudging
    stops = stops_misjudging(trust, judge)
    missing = [a for a in trusted if a not in x.statistics.get("fair_opening", {})]
    if swap is not None and missing:
        return Evidence(
            Untested(
                f"The players trusted for it, {' and '.join(trusted)}, misjudge no proved opening, but "
                f"data/necklace/swap_rule.csv holds no {FAIR_OPENING_SIZE}x{FAIR_OPENING_SIZE} games of "
                f"{' or '.join(missing)} yet (negenlab study necklace swap_rule)." + record,
                f"{' and '.join(missing)} not yet played on {FAIR_OPENING_SIZE}x{FAIR_OPENING_SIZE}",
            ),
            section=SWAP_RULE,
        )
    if swap is None or "fair_opening" not in x.statistics:
        return Evidence(Untested("data/necklace/swap_rule.csv is not committed (negenlab study necklace swap_rule)."))
    return Evidence(
        {k: v for k, v in x.statistics["fair_opening"].items() if k in trusted},
        strengths=tuple(trusted),
        about="of games won by the first player",
        players=" and ".join(f"{k} against itself" for k in trusted),
        sentence=f"{' and '.join(trusted)} against themselves on {FAIR_OPENING_SIZE}x{FAIR_OPENING_SIZE} with the "
        "swap rule: "
        + (
            "the opener places the opening it estimates closest to even and Blue swaps when it estimates the opener "
            "ahead"
            if judge == "mcts"
            else "Blue swaps when its search proves Red's opening won, or estimates its own side below one half"
        )
        + f". Both strengths misjudge no proved opening on 4x4 and 5x5 ({judge} from {stops} on).",
        change="Restrict the first stone (for example, not on the middle rows) so that some opening is even.",
        section=SWAP_RULE,
        command=command_of(swap, "negenlab study necklace swap_rule --seed 2024"),
    )


@CLAIMS.measures("skill")
def _skill(x: ClaimInputs) -> Evidence:
    trace = x.studies.get("ladder")
    if trace is None:
        return Evidence(Untested("data/necklace/ladder.csv is not committed (negenlab study necklace ladder)."))
    alike = [
        f"{r['rung']} vs {r['below']}"
        for r in trace.to_dict("records")
        if r["rung"] == r["below"] or (r["score"] == 0.5 and r["lo"] == r["hi"])
    ]
    if alike:
        return Evidence(
            Untested(
                f"The players never differed in {', '.join(alike)}: every seat-swapped pair split one game each "
                "(a score of exactly one half with no spread), so both sides played the same games and the step says "
                "nothing about skill.",
                "the players never differed",
            ),
            section=SKILL,
        )
    return Evidence(
        x.statistics["skill"],
        sentence=f"Each rung plays the rung below on {int(trace['size'].iloc[0])}x{int(trace['size'].iloc[0])} with the "
        f"swap rule, seats swapped on common seeds: {_units_text(trace['units'])} seat-swapped pairs a step (an SPRT "
        "of one half against 55% stopped each step).",
        change="A rule that rewards reading ahead more (a larger board).",
        detail="Each step's score is the mean over seat-swapped pairs of the stronger rung's wins; every step must "
        "hold, so the page's level is split again over the steps.",
        section=SKILL,
        command=command_of(trace, "negenlab study necklace ladder --seed 2024"),
    )


def committed_recheck() -> pd.DataFrame | None:
    """The committed re-measurement of the verdicts (``data/necklace/recheck.csv``), or None."""
    try:
        return committed_table("necklace", "recheck", TABLES["recheck"])
    except MissingDataError:
        return None


def verdicts(inputs: ClaimInputs | None = None, recheck: pd.DataFrame | None = None) -> list[Finding]:
    """One verdict per claim of the Necklace register, the statistical ones judged as one family,
    each beside its re-measurement on a fresh seed (``recheck``, default the committed table).
    ``inputs`` default to :func:`committed_inputs`."""
    inputs = committed_inputs() if inputs is None else inputs
    return CLAIMS.findings(inputs, committed_recheck() if recheck is None else recheck)


def committed_verdicts() -> VerdictLines:
    """The Necklace page's verdict lines from the committed tables (and the size check, a few
    seconds), as the page and the notebook's verdict cell show them first."""
    found = verdicts()
    return VerdictLines(found, family_sentence(judged_family(found)))


# ---------------------------------------------------------------------------------------------- sections
def _skill_section(page, trace: pd.DataFrame | None) -> None:
    if not open_section(trace, page, SKILL, "necklace", "ladder"):
        return
    skill_section(
        page,
        trace,
        "necklace",
        "Each rung plays the rung below on 7x7 with the swap rule, seats swapped on common seeds (a unit is "
        "a seat-swapped pair); each step is decided by an SPRT (H0: score 0.5, H1: 0.55, alpha = beta = "
        "0.05, 100 to 200 units). mcts:N is the compiled UCT search with N random playouts per move."
        + ladder_swaps(trace),
        "Necklace skill trace, 7x7",
    )


def ladder_swaps(trace: pd.DataFrame) -> str:
    """The ladder's swap rate in words, from its ``swaps`` column ('' when the table has none).

    >>> t = pd.DataFrame({"rung": ["mcts:50", "mcts:200"], "below": ["random", "mcts:50"], "games": 200,
    ...                   "swaps": [1, 0]})
    >>> ladder_swaps(t).split(":")[0]
    ' Blue swapped in 1 of 400 games of the ladder (mcts'
    """
    if "swaps" not in trace or trace["swaps"].isna().any():
        return ""
    steps = ", ".join(f"{r['rung']} vs {r['below']} {int(r['swaps'])}" for r in trace.to_dict("records"))
    return (
        f" Blue swapped in {int(trace['swaps'].sum())} of {int(trace['games'].sum())} games of the ladder ({steps}): "
        "mcts:N swaps only when the value of its own best reply is below one half, which its search, whose best "
        "value is the largest of many noisy means, seldom finds. So the trace measures skill under the swap rule "
        f"between players who do not use it; players who do are the section '{SWAP_RULE}'."
    )


def _trust_section(
    page, trust: pd.DataFrame | None, judged: pd.DataFrame | None, positions: pd.DataFrame | None
) -> None:
    """Every agent against perfect play on the solved boards: figure, the budget from which mcts
    stops misjudging proved openings, and the three tables folded."""
    if not open_section(trust, page, TRUST, "necklace", "agents_vs_proof"):
        return
    stops = stops_misjudging(trust)
    meta = trust.attrs.get("negenlab", {})
    tally = meta.get("positions", {})
    sizes = sorted(set(trust["size"].astype(int)))
    won = ", ".join(f"{int(trust.loc[trust['size'] == n, 'positions'].iloc[0])} on {n}x{n}" for n in sizes)
    page.text(
        "An agent is trusted only as far as it agrees with perfect play where proofs exist. On the solved boards "
        f"({', '.join(f'{n}x{n}' for n in sizes)}) every agent meets the same positions on the same random stream: "
        f"won positions reached in {PROOF_SAMPLER} self-play after a random opening, where the side to move wins with "
        "perfect play and some placement throws the win away, every child proved by the solver "
        f"({won}); the swap decision after every opening (swap exactly after the openings Red wins); and its own "
        f"self-play after every opening class ({OPENING_GAMES} games, no swap), whose Red share judges the opening: "
        "right, misjudged when its 95% interval lies on the wrong side of one half, undecided when it holds one half."
    )
    if tally:
        page.note(
            "Positions left out: "
            + "; ".join(
                f"{n}x{n}: of {t.get('tried', '?')} tried, {t.get('lost', '?')} lost for the mover, "
                f"{t.get('every move wins', '?')} where every placement wins, {t.get('open', '?')} whose proof stopped "
                "at the node cap"
                for n, t in sorted(tally.items(), key=lambda kv: int(kv[0]))
            )
            + ". A position left open by the cap is a hard one, so the positions kept lean to the easier ones."
        )
    fig, axes = plt.subplots(1, 3, figsize=(15, 3.9))
    plot_agents_vs_proof(trust, axes)
    page.figure(
        fig,
        caption="Each agent against perfect play: won positions kept, swap decisions right (95% intervals), and "
        "the proved opening classes its self-play judges right, undecided or misjudged. pie:N places as mcts:N does "
        "(it adds taking a win in one), so its openings are mcts:N's.",
    )
    if judged is not None:
        page.text(
            "Where mcts stops misjudging proved openings: "
            + (
                f"from {stops} simulations on no budget tried misjudges one."
                if stops is not None
                else "nowhere in the budgets tried. "
                + "; ".join(
                    f"{'On' if i == 0 else 'on'} {n}x{n}, {misjudged_openings(judged, n)}" for i, n in enumerate(sizes)
                )
                + ". "
                + " ".join(more_search(judged, n) for n in sizes)
            )
            + " No verdict about openings on a larger board may come from a player that misjudges proved ones. "
            + (
                f"Trusted for one: {' and '.join(trusted)} (the two weakest strengths of one family measured that "
                "misjudge none on evidence at 7x7's reach; mcts:N plays the swap rule as pie:N)."
                if (trusted := fair_strengths(trust))
                else "No family measured has two strengths that misjudge none on evidence at 7x7's reach"
                + (
                    f" ({misjudged_openings(judged, sizes[-1])} on {sizes[-1]}x{sizes[-1]})."
                    if stops is not None
                    else "."
                )
            )
            + (" " + reach_note(trust, sizes[-1]) if reach_note(trust, sizes[-1]) else "")
        )
    whole = ("positions", "kept", "wins_in_one", "wins_in_one_taken", "openings_decided", "swap_right", REACH_COLUMN)
    counts = {c: "Int64" for c in ("classes", "right", "undecided", "misjudged", "games", *whole) if c in trust}
    page.table(
        trust.astype(counts), caption=made_by(trust, "necklace"), folded="Agents against perfect play, by board size"
    )
    if judged is not None:
        page.table(judged, caption=made_by(judged, "necklace"), folded="Every proved opening class judged by self-play")
    if positions is not None:
        page.table(positions, caption=made_by(positions, "necklace") + "; an agent's column holds its action "
                   "(0-based row,col, or swap); 'winning' the actions that keep the proved value",
                   folded="Every position with each agent's action")  # fmt: skip


def _swap_rule_section(page, swap: pd.DataFrame | None, chosen: pd.DataFrame | None) -> None:
    """The swap rule played by pie players: first player's share by size and strength, swap rates,
    and the openings chosen with the players' estimate after each."""
    if not open_section(swap, page, SWAP_RULE, "necklace", "swap_rule"):
        return
    first = swap[swap["metric"] == SEAT0_WINS]
    first = first.assign(budget=[parse_agent_spec(a).simulations or 0 for a in first["agents"]])
    first = first.sort_values(["size", "budget"])
    rates = {
        (int(r["size"]), str(r["agents"])): float(r["value"]) for r in swap[swap["metric"] == SWAPS].to_dict("records")
    }
    cells = "; ".join(
        f"{', '.join(g['agents'])} on {size}x{size}" for size, g in first.groupby(first["size"].astype(int), sort=True)
    )
    page.text(
        f"Each pie player against itself with the swap rule ({cells}): on 5x5 and 6x6 at the first-player study's "
        f"budget, on {FAIR_OPENING_SIZE}x{FAIR_OPENING_SIZE} at the fair-opening claim's two strengths. A pie:N "
        "player places as mcts:N "
        "does and decides the pie rule from its value estimate: as the opener it places the opening it estimates "
        "closest to even, as Blue it swaps when it estimates the opener's chance above one half. The estimate is the "
        "double estimator of two independent searches (each reads the other's chosen reply), since the value of a "
        "search's own best reply is the largest of many noisy means and too high: mcts:400, which swaps when that "
        "value is below one half, never swapped on 5x5 and 6x6 while Red won 64% and 60% of its games. The first "
        "player wins: "
        + "; ".join(
            f"{int(r['size'])}x{int(r['size'])} {r['agents']} {rate_text(r['value'], r['lo'], r['hi'], int(r['n']))}"
            f" (Blue swapped in {rate_text(rates.get((int(r['size']), str(r['agents'])), np.nan))} of games)"
            for r in first.to_dict("records")
        )
        + "."
    )
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    plot_swap_rule(swap, ax=ax)
    page.figure(fig, caption="The first player's win rate with the swap rule, by size and player (95% intervals); "
                "the swap rate under each point.")  # fmt: skip
    if chosen is not None:
        ahead = chosen[chosen["estimate"] > 0.5]
        never = ahead[ahead["swaps"] == 0]
        page.text(
            f"The openings the openers chose, with the players' estimate of the opener's chance after each (the mean "
            f"of {SWAP_RULE_ESTIMATES} fresh estimates): where it lies above one half Blue swapped in "
            f"{int(ahead['swaps'].sum())} of {int(ahead['games'].sum())} games"
            + (
                f"; after {len(never)} of those openings nobody swapped ("
                + ", ".join(f"{r['point']} on {int(r['size'])}x{int(r['size'])}" for r in never.to_dict("records"))
                + ")"
                if len(never)
                else ", and after every such opening some Blue swapped"
            )
            + ". An estimate near one half flips between draws, so the opener's and Blue's readings of the same "
            "opening often fall on either side of it." + proved_swaps(chosen)
        )
        page.table(chosen, caption=made_by(chosen, "necklace"), folded="The openings chosen, with swaps and estimates")
    page.table(swap, caption=made_by(swap, "necklace"), folded="The swap rule, long table")


def proved_swaps(chosen: pd.DataFrame) -> str:
    """Where the openings chosen have proved values (5x5), how often Blue swapped after the openings
    Red wins with perfect play and after those Blue wins, in words ('' when none is proved).

    >>> t = pd.DataFrame({"size": 5, "agents": "pie:400", "proved": ["red", "blue", "red"], "games": [10, 20, 5],
    ...                   "swaps": [7, 4, 5]})
    >>> proved_swaps(t)
    ' On 5x5 (proved openings), pie:400 as Blue swapped after the openings Red wins in 12 of 15 games, after those Blue wins in 4 of 20.'
    """
    known = chosen[chosen["proved"].isin(["red", "blue"])] if "proved" in chosen else chosen.iloc[0:0]
    parts = []
    for (size, agent), g in known.groupby([known["size"].astype(int), "agents"], sort=True):
        red, blue = g[g["proved"] == "red"], g[g["proved"] == "blue"]
        parts.append(
            f"On {size}x{size} (proved openings), {agent} as Blue swapped after the openings Red wins in "
            f"{int(red['swaps'].sum())} of {int(red['games'].sum())} games, after those Blue wins in "
            f"{int(blue['swaps'].sum())} of {int(blue['games'].sum())}."
        )
    return "".join(f" {p}" for p in parts)


def edge_table(advantage: pd.DataFrame) -> pd.DataFrame:
    """The first-player study as the page shows it: every row, with ``counted`` saying whether its
    games count (a swap arm that replays the no-swap games does not).

    >>> rows = [{"metric": m, "group": "", "size": 5, "swap": w, "value": v, "n": 10} for w in (False, True)
    ...         for m, v in (("first player wins", .6), ("swaps", 0.0))]
    >>> edge_table(pd.DataFrame(rows))["counted"].tolist()[-1]
    'no: nobody swapped, the no-swap games again'
    """
    again = repeated_swap_arms(advantage)
    repeat = advantage["swap"].astype(bool) & advantage["size"].isin(again)
    return advantage.drop(columns=["group"]).assign(
        counted=np.where(repeat, "no: nobody swapped, the no-swap games again", "yes")
    )


def _edge_section(page, advantage: pd.DataFrame | None) -> None:
    if not open_section(advantage, page, EDGE, "necklace", "advantage"):
        return
    again = repeated_swap_arms(advantage)
    kept = distinct_arms(advantage)
    first = kept[kept["metric"] == SEAT0_WINS]
    plain = first[~first["swap"].astype(bool)].sort_values("size")
    h1 = plain[plain["decision"] == "H1"]
    swaps = advantage[(advantage["metric"] == SWAPS) & advantage["swap"].astype(bool)]
    low, high = plain.loc[plain["value"].idxmin()], plain.loc[plain["value"].idxmax()]
    page.text(
        f"Self-play of {ADVANTAGE_AGENT} on every size from {int(plain['size'].min())} to {int(plain['size'].max())} "
        "without the swap rule: per size an SPRT decides whether seat 1 (first) wins more than half (H0 0.5 against "
        "H1 0.55, alpha = beta = 0.05, 100 to 200 games). The first player wins from "
        f"{rate_text(low['value'], low['lo'], low['hi'], low['n'])} ({int(low['size'])}x{int(low['size'])}) to "
        f"{rate_text(high['value'], high['lo'], high['hi'], high['n'])} ({int(high['size'])}x{int(high['size'])}); "
        f"the SPRT finds an edge at {_sizes_text(h1['size']) if len(h1) else 'no size'} and leaves the others "
        "undecided. This is the agent's game, not perfect play (which the solver gives on 3x3-5x5). With the swap "
        f"rule, played by players who decide the swap from their value estimate, see the section '{SWAP_RULE}'."
    )
    arms = first[first["swap"].astype(bool)].sort_values("size")
    if len(arms):
        rates = swaps.set_index("size")["value"]
        page.text(
            f"With the swap rule ({_sizes_text(arms['size'])}), {', '.join(sorted(set(arms['agents'])))} against itself: "
            "the same search, deciding the swap from its value estimate (the pie player of the swap-rule section "
            "below). The first player wins "
            + "; ".join(
                f"{rate_text(r['value'], r['lo'], r['hi'], int(r['n']))} on {int(r['size'])}x{int(r['size'])} "
                f"(Blue swapped in {rate_text(float(rates.get(r['size'], np.nan)))} of games; SPRT: {r['decision']})"
                for r in arms.to_dict("records")
            )
            + "."
        )
    if again:
        arm = swaps[swaps["size"].isin(again)]
        swapped = int(np.round((arm["value"] * arm["n"]).astype(float)).sum())
        page.note(
            f"The swap arm on {_sizes_text(again)}: {ADVANTAGE_AGENT} as Blue swapped in {swapped} of "
            f"{int(arm['n'].sum())} games: its search never valued Blue's best reply below one half. Its choices do "
            "not depend on whether it may swap, so on the same seeds it replays the no-swap games move for move: those "
            "rows repeat the no-swap rows, are the same games, and count once (the table's 'counted' column). This "
            "table was made before issue #34 moved the swap rule to players who use it (the section "
            f"'{SWAP_RULE}'); the study now plays the no-swap arms only."
        )
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    plot_edge_by_size(kept, ax=ax)
    page.figure(
        fig,
        caption="The first player's win rate by size, with 95% intervals"
        + (" (the swap arm drawn only where its games differ from the no-swap ones)." if again else "."),
    )
    page.table(edge_table(advantage), caption=made_by(advantage, "necklace"), folded="Edge by size, long table")


def _swap_map_section(
    page,
    swap_map: pd.DataFrame | None,
    best: pd.DataFrame | None,
    swap_map_5: pd.DataFrame | None,
    openings: pd.DataFrame,
) -> None:
    if not open_section(swap_map, page, SWAP_MAP, "necklace", "swap_map"):
        return
    page.text(
        f"Red's win rate after each first move on 7x7 (no swap, Blue to move), from {SWAP_MAP_GAMES} games of "
        f"{SWAP_MAP_AGENT} self-play per opening class, with Wilson intervals; openings that mirror each other share "
        "their games (one class, counted once). Gold frames: the whole interval lies above 1/2, so Blue should swap; "
        "dotted frames: the interval holds 1/2."
    )
    fig, ax = plt.subplots(figsize=(5.2, 4.4))
    plot_swap_map(
        swap_map_from_table(swap_map),
        ax=ax,
        title=f"7x7, {SWAP_MAP_AGENT} self-play",
        lo=swap_map_from_table(swap_map, "lo"),
        hi=swap_map_from_table(swap_map, "hi"),
    )
    page.figure(fig, caption="Red's win rate after each opening (95% intervals in the table below).")
    page.table(swap_map, caption=made_by(swap_map, "necklace"), folded="Swap map with intervals")
    if best is not None:
        r = best.iloc[0]
        page.text(
            f"The opener's choice against a Blue who swaps whenever Red is ahead: the opening whose Red share is "
            f"closest to one half, row {int(r['row']) + 1}, col {int(r['col']) + 1} "
            f"({rate_text(r['swap_map_value'])} in the map), played on to {int(r['n'])} games: Red wins "
            f"{rate_text(r['value'], r['lo'], r['hi'], r['n'])}, {int(r['draws'])} draws."
        )
        page.table(best, caption=made_by(best, "necklace"), folded="The best opening, played on")
    if swap_map_5 is not None:
        classes = opening_classes_against_proofs(swap_map_5, openings)
        page.text(
            "How far to trust a self-play map: the same study on 5x5, where the solver knows every opening."
            + _calibration_sentence(swap_map_5, openings)
        )
        fig, axes = plt.subplots(1, 2, figsize=(9, 3.8))
        plot_swap_map(
            swap_map_from_table(swap_map_5),
            ax=axes[0],
            title=f"5x5, {SWAP_MAP_AGENT} self-play",
            lo=swap_map_from_table(swap_map_5, "lo"),
            hi=swap_map_from_table(swap_map_5, "hi"),
        )
        plot_swap_map(swap_map_solved(5, openings), ax=axes[1], title="5x5 solved", solved=True)
        page.figure(fig, caption="5x5: the self-play swap map beside the solved one.")
        page.table(classes, caption="5x5 opening classes: the agent against perfect play",
                   folded="5x5 opening classes against the proofs")  # fmt: skip
        page.table(swap_map_5, caption=made_by(swap_map_5, "necklace"), folded="5x5 swap map with intervals")


def _drawless_section(page, draws: pd.DataFrame | None) -> None:
    if not open_section(draws, page, DRAWLESS, "necklace", "draws"):
        return
    page.text(
        "A draw is a reachable position where neither colour can place and nobody has won. The search visits "
        "every reachable position once (exact keys: the packed board and the colour to move); 5x5, at about "
        "1e11 positions, stops at its time limit and says how far it got. On larger boards seeded directed "
        "hunts fill the board while nobody completes a win, and the table says how hard they looked."
    )
    page.text(
        "Why none turns up (negenlab's argument, in negenlab.necklace.draws; the searches check it on small "
        "boards): in any legal position with an empty point, some point of each empty region can be filled "
        "without secluding anything, and a crosscut can forbid it to both colours only if all four of its "
        "neighbours are stones, which would make it a secluded point already, so some colour can always place; "
        "and a full board without crosscut has a winner, as in Hex, because every diagonal step of a chain has "
        "a stone of its colour beside it. So no reachable position on any board is a draw."
    )
    page.table(draws, caption=made_by(draws, "necklace"))


def _any_size_section(page, sizes: pd.DataFrame, options) -> None:
    page.heading(ANY_SIZE)
    page.text(
        f"Every size the engine accepts, 2x2 to {MAX_SIZE}x{MAX_SIZE}: Red's legal placements on the empty board, "
        f"and {SIZE_CHECK_GAMES} seeded games of random placements a size (swap off), each turn compared with the "
        "board before it. The position disruption index of the designers' text counts the change in the difference "
        "between the colours' stones plus the points turned to or from empty (1 each) or from one colour to the "
        "other (2 each): a placement scores 2, a skipped turn 0."
    )
    page.table(sizes, caption=f"Played while this page was made ({SIZES_COMMAND})", folded="Every board size")
    page.provenance(
        rules={"sizes": [int(n) for n in sizes["size"]], "swap": False},
        agents=[{"agent": "random placements"}],
        seed=2024,
        command=SIZES_COMMAND,
    )


CERTIFIED_SIZES = (3, 4)


def _proofs_section(
    page, reproof: pd.DataFrame | None, attack: pd.DataFrame | None, engine: pd.DataFrame | None = None
) -> None:
    """The certificates checked now, 5x5 by a second method and the 6x6 status, under the solver table."""
    lines = []
    for n in CERTIFIED_SIZES:
        path = data_file("necklace", f"certificate_{n}x{n}.json.gz")
        v = verify_file(str(path), size=n)  # checked now, against its own board: no record says "verified"
        lines.append(
            f"{n}x{n}: {'verified' if v.verified and v.complete else 'NOT verified: ' + str(v.failure)}, "
            f"{len(v.openings)} openings, {v.positions:,} positions checked"
        )
    page.text(
        "Certificates anyone can check: data/necklace/certificate_3x3.json.gz and certificate_4x4.json.gz hold "
        "the winner's move at every position of the proof of each opening; negenlab necklace verify FILE walks "
        "them with the rules alone (no search). Checked while this page was made: " + "; ".join(lines) + "."
    )
    if reproof is not None:
        agreeing = reproof[reproof["agree"].astype(str).eq("True")]
        built = reproof[reproof["certificate"] != "not built"]
        page.text(
            f"5x5 proved again another way ({made_by(reproof, 'necklace')}): a certificate for one opening of each "
            "class (openings that are mirror images of each other), written by df-pn with exact transposition "
            "keys and checked end to end by the rules-only checker when the study ran, against the committed solution "
            f"(df-pn with 64-bit Zobrist keys) of every opening of the class. Of {len(reproof)} classes "
            f"({int(reproof['openings'].sum())} openings), the study's record gives {len(agreeing)} "
            f"({int(agreeing['openings'].sum())} openings) as certified and agreeing, {len(built) - len(agreeing)} as "
            f"disagreeing and {len(reproof) - len(built)} as not certified yet. These certificates are not shipped "
            "(minutes to check each): this page reads the record and does not check them again."
        )
        page.table(reproof, caption="5x5 by two methods, opening by opening", folded="5x5 second method")
    if attack is not None:
        settled = attack[attack["winner"] != "open"]
        wins = settled["winner"].value_counts().to_dict()
        page.text(
            f"6x6, attacked opening class by opening class (openings equal under the four colour-preserving "
            f"symmetries share a class; {made_by(attack, 'necklace')}): {len(settled)} of {len(attack)} classes "
            f"settled (Red {wins.get('red', 0)}, Blue {wins.get('blue', 0)}), {len(attack) - len(settled)} open. Each "
            "class is a job-level proof tree (negenlab.necklace.jobs.JobTree) asking whether Red wins, over df-pn "
            f"jobs of {int(attack['job_nodes'].max()):,} nodes with the connection engine (level "
            f"{int(attack['engine'].max())}): a job that reaches its cap expands its position into the positions "
            "after each move, and proof numbers over the tree pick the next. Necklace has no draws, so a class "
            f"where Red does not win is Blue's. So far {int(attack['jobs'].sum()):,} jobs, "
            f"{int(attack['nodes'].sum()):,} nodes; tree nodes open / expanded / settled per class in the table. "
            f"Before (before_* columns): {int(attack['before_attempts'].sum())} plain df-pn attempts (engine off, "
            f"each from nothing) searched {int(attack['before_nodes'].sum()):,} nodes at caps up to "
            f"{int(attack['before_largest_cap'].max()):,} nodes. The trees and their proved positions are kept in "
            "data/necklace/proofs_6x6/, so each run goes on from the last."
        )
        page.table(attack, caption="6x6 status per opening class", folded=None)
    if engine is not None:
        off, on = int(engine["nodes_off"].sum()), int(engine["nodes_engine"].sum())
        page.text(
            f"The connection engine (negenlab.necklace.connect; {made_by(engine, 'necklace')}): df-pn proves the "
            f"winners of all {len(engine)} 5x5 opening classes in {on:,} nodes with the engine (blocking wins, the "
            f"opponent's one-move threats, the must-play region) against {off:,} without ({off / max(1, on):.1f} "
            f"times fewer; by class {engine['fewer'].min():g} to {engine['fewer'].max():g}). Its proofs give no "
            "certificate yet, so the certified proofs above are the engine-off ones. negenlab's aim for the engine "
            "is ten times fewer nodes."
        )
        page.table(engine, caption="5x5 proofs with and without the engine", folded="5x5 engine node counts")


def _exact_section(page, solutions: pd.DataFrame, openings: pd.DataFrame) -> None:
    page.heading(EXACT)
    page.text(
        f"Committed solver table (data/necklace/solutions.csv, made by {SOLUTIONS_COMMAND}): winner with "
        "perfect play, Red's winning first moves (no swap), and the openings Blue should swap. 'second "
        "player' = with swap, seat 2 wins whatever seat 1 opens."
    )
    partial = solutions[solutions["complete"].astype(str) == "False"]
    if len(partial):
        page.warning(
            "Incomplete rows (the search did not finish every opening in the time it was given): "
            + ", ".join(
                f"{r['size']}x{r['size']} swap={r['swap']}: {r['solved_openings']} of {int(r['size']) ** 2} openings"
                for r in partial.to_dict("records")
            )
            + ". Only what was proved is reported; see data/necklace/solutions.json."
        )
    solved_sizes = sorted(set(openings["size"]))
    fig, axes = plt.subplots(1, len(solved_sizes), figsize=(3.6 * len(solved_sizes), 3.2))
    for ax, n in zip(np.atleast_1d(axes), solved_sizes, strict=True):
        plot_swap_map(swap_map_solved(n, openings), ax=ax, title=f"{n}x{n} solved", solved=True)
    page.figure(
        fig,
        caption="Solved swap maps: 1 = Red wins after this opening (Blue should swap), 0 = Blue wins (Blue should place).",
    )
    page.table(solutions, caption="Perfect play by size and swap rule", folded="Solver table")


def _live_section(page, options) -> pd.DataFrame:
    t0 = time.perf_counter()
    page.heading(LIVE)
    n_random = options.games or 100
    n_mcts = max(4, n_random // 5)
    mcts = f"mcts:{MCTS_SIMS}"
    games = {}
    for s in SIZES:
        games[(s, "random")] = n_random
        games[(s, mcts)] = max(4, int(n_mcts * (5 / s) ** 2))
    table, frames = study(
        SIZES,
        ("random", mcts),
        games=games,
        seed=options.seed,
        swap=True,
        workers=options.workers,
        progress=options.progress,
    )
    draws = table[table["metric"] == DRAWS]
    page.text(
        f"Made while this page was written: random and {mcts} self-play with the swap rule on sizes "
        f"{', '.join(map(str, SIZES))} (seeded), for the restrictions and game lengths "
        f"({int(round(float((draws['value'] * draws['n']).sum())))} draws in {int(draws['n'].sum())} games; the "
        "verdicts read the committed studies only)."
    )
    fig, axes = plt.subplots(1, 3, figsize=(15, 3.6))
    plot_red_win_rates(table, ax=axes[0])
    plot_restrictions(table, ax=axes[1])
    plot_lengths(frames, ax=axes[2])
    page.figure(
        fig,
        caption="Left: Red's win rate by size (95% Wilson). Middle: how often each restriction removed a move. "
        "Right: game length.",
    )
    page.table(
        wide_view(table).reset_index(),
        caption="One row per board size and agent, each cell value [95% interval]. Crosscut/seclusion share = "
        "share of decisions at which the restriction removed at least one point (decisions are not "
        "independent; intervals are indicative); points per decision: plain ratios.",
        folded="Fresh self-play summary",
    )
    rng = np.random.default_rng(options.seed)
    example = State.initial(7, swap=False)
    while not example.over:
        moves = example.legal_moves()
        example.play(moves[int(rng.integers(len(moves)))])
    page.raw_html(board_svg(**example.drawing_facts()))
    page.text(
        f"A random 7x7 game: {example.winner or 'draw'} after {example.placements} placements, "
        f"{example.skipped_turns} skipped turns; the winning chain is outlined."
    )
    page.provenance(
        rules={"sizes": list(SIZES), "per_size": [rules_to_dict(Rules(size=s_, swap=True)) for s_ in SIZES]},
        agents=[{"agent": "random"}, {"agent": "numba_mcts", "simulations": MCTS_SIMS}],
        seed=options.seed,
        command=options.command("necklace"),
    )
    page.text(f"Fresh sample made in {time.perf_counter() - t0:.0f} s.", "meta")
    return table


__all__ = [
    "TITLE",
    "CLAIMS",
    "ClaimInputs",
    "build",
    "committed_inputs",
    "committed_recheck",
    "committed_verdicts",
    "edge_table",
    "opening_classes_against_proofs",
    "swap_decisions",
    "verdicts",
]
