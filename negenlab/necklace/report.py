"""The Necklace page of ``negenlab report``.

Findings first; then the committed studies (``negenlab study necklace ...``): the skill trace,
the first player's edge by size with and without swap, the 7x7 swap map with intervals, the
search for draws; then the solver's exact tables, a fresh self-play sample made while the page
is written (``--games N`` sets its random games; MCTS uses N // 5, at least 4) and an example game.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from negenlab.core.data import data_file
from negenlab.core.findings import Finding, skill_trace_finding
from negenlab.core.metrics import rate_text, wilson_interval
from negenlab.report.studies import command_of, committed_studies, made_by, open_section, skill_section

from .study import SWAP_MAP_AGENT, TABLES

TITLE = "Necklace"
SIZES = (5, 7, 9, 11)
MCTS_SIMS = 50
STUDY_NAMES = ("ladder", "advantage", "swap_map", "swap_map_5", "draws", "reproof_5x5", "proofs_6x6")

SKILL = "Skill trace: does Necklace reward stronger play?"
EDGE = "The first player's edge by board size"
SWAP_MAP = "Where should Blue swap? The 7x7 swap map"
DRAWLESS = '"Drawless": searching for a draw'
EXACT = "Perfect play on small boards"
LIVE = "A fresh self-play sample"


def build(page, options) -> None:
    page.text(
        "Necklace by Mark Steere and Luis Bolaños Mures (2024). Red connects top and bottom, Blue left "
        "and right, orthogonally; a placement may not create a crosscut nor leave an empty region "
        "without an edge point; a colour that cannot place is skipped. negenlab reports a position "
        "where nobody can move and nobody has won as a draw (the designers call the game drawless)."
    )
    studies = committed_studies("necklace", STUDY_NAMES, TABLES)
    _skill_section(page, studies.get("ladder"))
    _edge_section(page, studies.get("advantage"))
    _swap_map_section(page, studies.get("swap_map"), studies.get("swap_map_5"))
    _drawless_section(page, studies.get("draws"))
    solutions = _exact_section(page)
    _proofs_section(page, studies.get("reproof_5x5"), studies.get("proofs_6x6"))
    table = _live_section(page, options)
    page.verdicts(verdicts(table, studies, options.command("necklace")))
    page.findings(findings(solutions, table, studies, options.command("necklace")), heading="Findings in detail")


def _skill_section(page, trace: pd.DataFrame | None) -> None:
    if not open_section(trace, page, SKILL, "necklace", "ladder"):
        return
    skill_section(
        page,
        trace,
        "necklace",
        "Each rung plays the rung below on 7x7 with the swap rule, seats swapped on common seeds (a unit is "
        "a seat-swapped pair); each step is decided by an SPRT (H0: score 0.5, H1: 0.55, alpha = beta = "
        "0.05, 100 to 200 units). mcts:N is the compiled UCT search with N random playouts per move.",
        "Necklace skill trace, 7x7",
    )


def _edge_section(page, advantage: pd.DataFrame | None) -> None:
    import matplotlib.pyplot as plt

    from .plot import plot_edge_by_size
    from .study import ADVANTAGE_AGENT

    if not open_section(advantage, page, EDGE, "necklace", "advantage"):
        return
    page.text(
        f"Self-play of {ADVANTAGE_AGENT} on every size from 5 to 11, with and without the swap rule. Per cell an "
        "SPRT decides whether seat 1 (first) wins more than half (H0 0.5 against H1 0.55, "
        "alpha = beta = 0.05, 100 to 200 games). With the swap rule Blue swaps only when its search values "
        "its best placement below 1/2; the swap rate says how often that happened."
    )
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    plot_edge_by_size(advantage, ax=ax)
    page.figure(fig, caption="The first player's win rate by size, with 95% intervals, with and without swap.")
    page.table(
        advantage.drop(columns=["group"]), caption=made_by(advantage, "necklace"), folded="Edge by size, long table"
    )


def swap_decisions(swap_map: pd.DataFrame) -> dict:
    """What the swap map decides: openings whose interval lies above 1/2 (Blue should swap), below
    (Blue should place) or holds 1/2, and the opener's best opening against a Blue who swaps when
    Red is ahead (the opening whose Red win rate is closest to 1/2, with its interval).

    >>> t = pd.DataFrame({"row": [0, 0], "col": [0, 1], "value": [.8, .45], "lo": [.7, .35], "hi": [.9, .55], "n": 100})
    >>> d = swap_decisions(t)
    >>> d["swap"], d["place"], d["undecided"], (int(d["best"]["row"]), int(d["best"]["col"]))
    (1, 0, 1, (0, 1))
    """
    above = int((swap_map["lo"] > 0.5).sum())
    below = int((swap_map["hi"] < 0.5).sum())
    gap = (swap_map["value"] - 0.5).abs()
    best = swap_map.loc[gap.sort_values(kind="stable").index[0]].to_dict()
    return {"swap": above, "place": below, "undecided": len(swap_map) - above - below, "best": best}


def solver_agreement(swap_map_5: pd.DataFrame, openings: np.ndarray) -> dict:
    """How the 5x5 self-play swap map compares with the solver's: among openings whose interval
    excludes 1/2, how many name the same winner as perfect play, and how many openings the
    interval leaves undecided.

    >>> t = pd.DataFrame({"row": [0, 0, 1], "col": [0, 1, 0], "value": [.8, .3, .5], "lo": [.7, .2, .4], "hi": [.9, .4, .6]})
    >>> solved = np.array([[1.0, 1.0], [0.0, 0.0]])
    >>> solver_agreement(t, solved)
    {'decided': 2, 'agree': 1, 'undecided': 1}
    """
    solved = np.asarray(openings, dtype=float)
    decided = agree = undecided = 0
    for r in swap_map_5.to_dict("records"):
        truth = solved[int(r["row"]), int(r["col"])]
        lo, hi = float(r["lo"]), float(r["hi"])
        if lo > 0.5 or hi < 0.5:
            decided += 1
            agree += int((lo > 0.5) == (truth > 0.5))
        else:
            undecided += 1
    return {"decided": decided, "agree": agree, "undecided": undecided}


def _swap_map_section(page, swap_map: pd.DataFrame | None, swap_map_5: pd.DataFrame | None = None) -> None:
    import matplotlib.pyplot as plt

    from .plot import plot_swap_map
    from .study import SWAP_MAP_AGENT, SWAP_MAP_GAMES, swap_map_from_table

    if not open_section(swap_map, page, SWAP_MAP, "necklace", "swap_map"):
        return
    page.text(
        f"Red's win rate after each first move on 7x7 (no swap, Blue to move), from {SWAP_MAP_GAMES} games of "
        f"{SWAP_MAP_AGENT} self-play per opening, with Wilson intervals; openings that mirror each other share "
        "their games. Gold frames: the whole interval lies above 1/2, so Blue should swap; dotted frames: "
        "the interval holds 1/2."
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
    if swap_map_5 is not None:
        from .study import load_tables, swap_map_solved

        solved = swap_map_solved(5, load_tables()[1])
        a = solver_agreement(swap_map_5, solved)
        page.text(
            "How far to trust a self-play map: the same study on 5x5, where the solver knows every opening. "
            f"Of the {a['decided']} openings whose interval excludes 1/2, {a['agree']} name the same winner as "
            f"perfect play; {a['undecided']} openings stay undecided."
        )
        fig, axes = plt.subplots(1, 2, figsize=(9, 3.8))
        plot_swap_map(
            swap_map_from_table(swap_map_5),
            ax=axes[0],
            title=f"5x5, {SWAP_MAP_AGENT} self-play",
            lo=swap_map_from_table(swap_map_5, "lo"),
            hi=swap_map_from_table(swap_map_5, "hi"),
        )
        plot_swap_map(solved, ax=axes[1], title="5x5 solved", solved=True)
        page.figure(fig, caption="5x5: the self-play swap map beside the solved one.")
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


CERTIFIED_SIZES = (3, 4)


def _proofs_section(page, reproof: pd.DataFrame | None, attack: pd.DataFrame | None) -> None:
    """The certificates checked now, 5x5 by a second method and the 6x6 status, under the solver table."""
    from .verify import verify_file

    lines = []
    for n in CERTIFIED_SIZES:
        path = data_file("necklace", f"certificate_{n}x{n}.json.gz")
        v = verify_file(str(path))
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
            "keys and checked end to end by the rules-only checker, against the committed solution (df-pn with "
            f"64-bit Zobrist keys) of every opening of the class. Of {len(reproof)} classes "
            f"({int(reproof['openings'].sum())} openings), {len(agreeing)} ({int(agreeing['openings'].sum())} "
            f"openings) are certified and agree, {len(built) - len(agreeing)} disagree and "
            f"{len(reproof) - len(built)} are not certified yet."
        )
        page.table(reproof, caption="5x5 by two methods, opening by opening", folded="5x5 second method")
    if attack is not None:
        counts = attack["status"].value_counts().to_dict()
        page.text(
            f"6x6, attacked opening class by opening class (openings equal under the four colour-preserving "
            f"symmetries share a class; {made_by(attack, 'necklace')}): "
            + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            + ". 'in progress' gives the nodes searched so far without a proof; 'not tried' classes wait for the next run."
        )
        page.table(attack, caption="6x6 status per opening class", folded=None)


def _exact_section(page) -> pd.DataFrame:
    import matplotlib.pyplot as plt

    from .plot import plot_swap_map
    from .study import SOLUTIONS_COMMAND, load_tables, swap_map_solved

    page.heading(EXACT)
    solutions, openings = load_tables()
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
    return solutions


def _live_section(page, options) -> pd.DataFrame:
    import matplotlib.pyplot as plt

    from negenlab.core.game import rules_to_dict

    from .game import State
    from .plot import plot_lengths, plot_red_win_rates, plot_restrictions
    from .rules import Rules
    from .study import study, wide_view
    from .svg import board_svg

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
    page.text(
        f"Made while this page was written: random and {mcts} self-play with the swap rule on sizes "
        f"{', '.join(map(str, SIZES))} (seeded), for the restrictions and game lengths."
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


def _self_play_draws(table: pd.DataFrame | None, studies: dict[str, pd.DataFrame]) -> tuple[int, int]:
    """Draws and games over the fresh sample and the committed self-play studies."""
    from .study import DRAWS

    draws, games = 0, 0
    for t in (table, studies.get("advantage")):
        if t is not None:
            k, n = _counts(t[t["metric"] == DRAWS])
            draws, games = draws + k, games + n
    return draws, games


def _counts(rows: pd.DataFrame) -> tuple[int, int]:
    """Successes and trials summed over rate rows (each row's value times its n)."""
    return int(round(float((rows["value"] * rows["n"]).sum()))), int(rows["n"].sum())


def _pooled(rows: pd.DataFrame) -> str:
    """The pooled rate of summary rows (wins summed over cells), with its Wilson interval and n."""
    from negenlab.core.metrics import wilson_interval

    k, n = _counts(rows)
    if n == 0:
        return "no games"
    lo, hi = wilson_interval(k, n)
    return rate_text(k / n, lo, hi, n)


def _calibration_text(swap_map_5: pd.DataFrame | None) -> str:
    if swap_map_5 is None:
        return ""
    from .study import load_tables, swap_map_solved

    a = solver_agreement(swap_map_5, swap_map_solved(5, load_tables()[1]))
    return (
        f" The same study on 5x5 agrees with the solver on {a['agree']} of {a['decided']} openings it decides "
        f"({a['undecided']} undecided)."
    )


def committed_verdicts(command: str = "negenlab report necklace") -> list[Finding]:
    """The Necklace page's verdict lines from the committed tables alone (the page adds its fresh
    sample's games to the draw count): what the notebook's verdict cell shows first.

    >>> len([f for f in committed_verdicts() if f.verdict != "untested"]) >= 3
    True
    """
    return verdicts(None, committed_studies("necklace", STUDY_NAMES, TABLES), command)


def verdicts(table: pd.DataFrame | None, studies: dict, command: str) -> list[Finding]:
    """One verdict per designer claim the Necklace studies test: "drawless", the swap map's fair
    opening, whether stronger play wins, and the lowest PDI (untested). ``table`` is the fresh
    sample's long summary table; ``studies`` the committed study tables by name (any may be missing).

    >>> games = pd.DataFrame({"winner_colour": ["red", "blue"] * 20, "winner": [0, 1] * 20, "draw": False,
    ...                       "swapped": [True, False] * 20, "length": 20, "skipped_turns": 0, "crosscut_turns": 2,
    ...                       "seclusion_turns": 3, "crosscut_blocked": 4, "seclusion_blocked": 5})
    >>> from negenlab.necklace.study import summarise
    >>> t = summarise(games, "5x5, mcts:50").assign(size=5, agents="mcts:50", swap=True)
    >>> [(f.claim, f.verdict) for f in verdicts(t, {}, "negenlab report necklace")][:1]
    [('"drawless"', 'holds')]
    """
    out = []
    draws, games = _self_play_draws(table, studies)
    searched = studies.get("draws")
    found, positions, sizes = 0, 0, ""
    if searched is not None:
        ex = searched[(searched["search"] == "exhaustive") & (searched["complete"].astype(str) == "True")]
        found, positions = int(ex["draws"].sum()), int(ex["positions"].sum())
        sizes = ", ".join(f"{int(n)}x{int(n)}" for n in ex["size"])
    lo, hi = wilson_interval(draws, games)
    out.append(
        Finding(
            claim='"drawless"',
            verdict="fails" if found or draws else "holds",
            number=f"{found + draws} draws"
            + (f" in every reachable position of {sizes} ({positions:,} positions)" if sizes else "")
            + f" and in {games:,} self-play games",
            n=games,
            interval=(round(100 * lo, 1), round(100 * hi, 1)),
            exact=bool(sizes),
            sentence="A draw is a position where nobody can move and nobody has won; the exhaustive search "
            "visits every reachable position of the small boards, and self-play bounds the draw rate (%) above.",
            change="Say what happens when nobody can place.",
            section=DRAWLESS if searched is not None else LIVE,
            command=command_of(searched, "negenlab study necklace draws") if searched is not None else command,
        )
    )
    smap = studies.get("swap_map")
    if smap is not None:
        d = swap_decisions(smap)
        b = d["best"]
        fair = b["lo"] <= 0.5 <= b["hi"]
        out.append(
            Finding(
                claim="with the swap rule, the opener can still choose a fair opening (7x7)",
                verdict="holds" if fair else "fails",
                number=f"row {int(b['row']) + 1}, col {int(b['col']) + 1}: Red wins "
                f"{rate_text(b['value'], b['lo'], b['hi'])}",
                n=int(b["n"]),
                sentence=f"Blue should swap after {d['swap']} of {len(smap)} openings and place after {d['place']} "
                f"({d['undecided']} undecided); the opener's best is the opening closest to an even game.",
                change="Restrict the first stone (e.g. not in the centre) so that some opening is even.",
                detail=f"{SWAP_MAP_AGENT} self-play per opening; 95% Wilson intervals.",
                section=SWAP_MAP,
                command=command_of(smap, "negenlab study necklace swap_map"),
            )
        )
    trace = studies.get("ladder")
    if trace is not None:
        out.append(
            skill_trace_finding(
                trace,
                "stronger play wins more (skill trace, 7x7 with swap)",
                sentence="Each rung plays the rung below, seats swapped on common seeds.",
                change="A rule that rewards reading ahead more (a larger board).",
                detail="Each step decided by an SPRT of score 0.5 against 0.55 (alpha = beta = 0.05).",
                section=SKILL,
                command=command_of(trace, "negenlab study necklace ladder"),
            )
        )
    out.append(
        Finding(
            claim='"the lowest possible PDI" (position disruption index)',
            verdict="untested",
            number="not measured",
            sentence="The position disruption index is not computed yet; it needs a per-turn count of changed "
            "points, recorded in the games, which the simulator does not keep.",
        )
    )
    return out


def findings(solutions: pd.DataFrame, table: pd.DataFrame, studies: dict, command: str) -> list[dict]:
    """The Necklace page's numbered findings: "drawless", perfect play, the first player's edge by
    size, the swap (as played and as the swap map decides it) and the skill trace, each with n and
    a 95% interval or "exact". ``table`` is the fresh sample's long summary table; ``studies`` the
    committed study tables by name (any may be missing).

    >>> from negenlab.necklace.study import summarise
    >>> sol = pd.DataFrame([{"size": 5, "swap": False, "winner": "red", "complete": True},
    ...                     {"size": 5, "swap": True, "winner": "second player", "complete": True}])
    >>> games = pd.DataFrame({"winner_colour": ["red", "blue"] * 20, "winner": [0, 1] * 20, "draw": False,
    ...                       "swapped": [True, False] * 20, "length": 20, "skipped_turns": 0, "crosscut_turns": 2,
    ...                       "seclusion_turns": 3, "crosscut_blocked": 4, "seclusion_blocked": 5})
    >>> t = summarise(games, "5x5, mcts:50").assign(size=5, agents="mcts:50", swap=True)
    >>> [f["claim"] for f in findings(sol, t, {}, "negenlab report necklace")]
    ['"drawless"', "the first player's edge and the swap"]
    """
    from negenlab.core.metrics import wilson_interval

    from .study import ADVANTAGE_AGENT, SEAT0_WINS, SOLUTIONS_COMMAND, SWAP_MAP_AGENT, SWAPS

    out = []
    draws, games = _self_play_draws(table, studies)
    _, hi = wilson_interval(draws, games)
    searched = studies.get("draws")
    exact_text = ""
    if searched is not None:
        ex = searched[searched["search"] == "exhaustive"]
        done = ex[ex["complete"].astype(str) == "True"]
        if len(done):
            sizes = ", ".join(f"{int(s)}x{int(s)}" for s in done["size"])
            found = int(done["draws"].sum())
            exact_text = (
                "No board size can end drawn (exact: negenlab's argument, checked by visiting every reachable "
                f"position on {sizes}, {int(done['positions'].sum()):,} positions, {found} draws). "
            )
            if len(ex) > len(done):
                exact_text += f"The full search of {', '.join(f'{int(s)}x{int(s)}' for s in ex[ex['complete'].astype(str) != 'True']['size'])} is out of reach. "
        di = searched[searched["search"] == "directed"]
        if len(di):
            exact_text += (
                f"Directed hunts on {', '.join(f'{int(s)}x{int(s)}' for s in sorted(set(di['size'])))} found "
                f"{int(di['draws'].sum())} draws in {int(di['playouts'].sum()):,} playouts. "
            )
    out.append(
        {
            "claim": '"drawless"',
            "text": exact_text + f"In self-play, {draws} of {games} games ended with nobody able to move "
            f"(draw rate at most {rate_text(hi)} at 95%).",
            "section": DRAWLESS if searched is not None else LIVE,
            "command": command_of(searched, "negenlab study necklace draws") if searched is not None else command,
        }
    )
    exact = solutions[solutions["complete"].astype(str) == "True"]
    if len(exact):
        no_swap = exact[exact["swap"].astype(str) == "False"]
        with_swap = exact[exact["swap"].astype(str) == "True"]
        winners = lambda d: ", ".join(f"{r.size}x{r.size}: {r.winner}" for r in d.itertuples())  # noqa: E731
        out.append(
            {
                "claim": "the first player's edge and the swap",
                "text": f"With perfect play and no swap the winner is {winners(no_swap)}; with the swap rule "
                f"{winners(with_swap)} (exact, solved).",
                "section": EXACT,
                "command": SOLUTIONS_COMMAND,
            }
        )
    adv = studies.get("advantage")
    if adv is not None:
        first = adv[adv["metric"] == SEAT0_WINS]
        plain = first[~first["swap"].astype(bool)].sort_values("size")
        h1 = int((plain["decision"] == "H1").sum())
        lo_row, hi_row = plain.loc[plain["value"].idxmin()], plain.loc[plain["value"].idxmax()]
        out.append(
            {
                "claim": "the first player's edge",
                "text": f"Without swap, under {ADVANTAGE_AGENT} self-play, the first player wins from "
                f"{rate_text(lo_row['value'], lo_row['lo'], lo_row['hi'], lo_row['n'])} ({int(lo_row['size'])}x"
                f"{int(lo_row['size'])}) to {rate_text(hi_row['value'], hi_row['lo'], hi_row['hi'], hi_row['n'])} "
                f"({int(hi_row['size'])}x{int(hi_row['size'])}); the SPRT finds an edge (H1) at {h1} of "
                f"{len(plain)} sizes, and the sizes it leaves undecided, pooled, give the first player "
                f"{_pooled(plain[plain['decision'] != 'H1'])}.",
                "section": EDGE,
                "command": command_of(adv, "negenlab study necklace advantage"),
            }
        )
        swapped = adv[(adv["metric"] == SWAPS) & adv["swap"].astype(bool)]
        swap_sizes = ", ".join(f"{int(s)}x{int(s)}" for s in sorted(set(swapped["size"])))
        k_sw, n_sw = _counts(swapped)
        s_lo, s_hi = wilson_interval(k_sw, n_sw)
        with_swap = first[first["swap"].astype(bool)]
        h1s = int((with_swap["decision"] == "H1").sum())
        out.append(
            {
                "claim": "the swap (as the search agent plays it)",
                "text": f"With the swap rule on {swap_sizes}, {ADVANTAGE_AGENT} Blue swapped in "
                f"{rate_text(k_sw / max(n_sw, 1), s_lo, s_hi, n_sw)} of games and the first player still has an edge "
                f"(H1) at {h1s} of {len(with_swap)} sizes: the search undervalues Red's openings, so self-play "
                "tests the agent more than the rule; the swap map below asks the rule's question.",
                "section": EDGE,
                "command": command_of(adv, "negenlab study necklace advantage"),
            }
        )
    smap = studies.get("swap_map")
    if smap is not None:
        d = swap_decisions(smap)
        b = d["best"]
        out.append(
            {
                "claim": "the swap (what it leaves the opener)",
                "text": f"On 7x7 ({SWAP_MAP_AGENT} self-play, n={int(b['n'])} per opening) Blue should swap after "
                f"{d['swap']} of {len(smap)} openings and place after {d['place']} ({d['undecided']} undecided); "
                f"against a Blue who swaps when Red is ahead, the opener's best is row {int(b['row']) + 1}, "
                f"col {int(b['col']) + 1}, where Red wins {rate_text(b['value'], b['lo'], b['hi'])}."
                + _calibration_text(studies.get("swap_map_5")),
                "section": SWAP_MAP,
                "command": command_of(smap, "negenlab study necklace swap_map"),
            }
        )
    trace = studies.get("ladder")
    if trace is not None:
        from negenlab.core.ladder import describe_steps

        out.append(
            {
                "claim": "does Necklace reward stronger play? (skill trace)",
                "text": f"On 7x7 with swap (units are seat-swapped pairs): {describe_steps(trace)}.",
                "section": SKILL,
                "command": command_of(trace, "negenlab study necklace ladder"),
            }
        )
    return out
