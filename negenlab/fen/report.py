"""The FEN page of ``negenlab report``.

Findings first; then the committed studies (``negenlab study fen ...``): the skill trace, the
first-player advantage with and without the pie rule at the top rung, the tilings compared under
greedy and MCTS, the blocked end; then n/e on the standard boards in both readings, the atlas
with its gallery, and a fresh random/greedy sample made while the page is written. Defaults keep
the page under a minute on 2 cores; ``--games N`` scales the fresh sample.
"""

from __future__ import annotations

import warnings

import pandas as pd

from negenlab.core.data import MissingDataError, data_json, data_table
from negenlab.core.findings import Finding, skill_trace_finding
from negenlab.core.metrics import rate_text
from negenlab.core.tune import setting_text, versus_text
from negenlab.report.studies import command_of, committed_studies, made_by, open_section, skill_section

from .study import SOLVED_MCTS, TABLES, TOP_RUNG

TITLE = "FEN"
SKILL = "Skill trace: does FEN reward stronger play?"
PIE = "First-player advantage and the pie rule at the top rung"
TILINGS = "Which tilings play best?"
BLOCKED = "The blocked end: can FEN be drawn?"
SOLVED = "Perfect play on small boards"
NE = "Per-turn counts n and e: interior vs literal reading"
ATLAS = "Atlas: regular and Archimedean tilings"
LIVE = "A fresh sample: random and greedy play"
STUDY_NAMES = ("ladder", "pie", "atlas_balance", "blocked", "solved")


def committed_atlas() -> tuple[pd.DataFrame, dict] | None:
    """The committed atlas table (``data/fen/atlas.csv``) and its sidecar, or None when it is not shipped."""
    try:
        table = data_table("fen", "atlas.csv", schema=TABLES["atlas"])
    except MissingDataError:
        return None
    return table, data_json("fen", "atlas.json", must_exist=False)


def build(page, options) -> None:
    page.note(
        "FEN: rules by Phil Leduc (2024), implemented in negenlab for rules analysis. The designer's "
        "text is not reproduced; rules as modelled are on negenlab's FEN rules page."
    )
    studies = committed_studies("fen", STUDY_NAMES, TABLES)
    _skill_section(page, studies.get("ladder"))
    _pie_section(page, studies.get("pie"))
    _tilings_section(page, studies.get("atlas_balance"))
    _blocked_section(page, studies.get("blocked"))
    _solved_section(page, studies.get("solved"))
    ne_rows = _ne_section(page)
    atlas, atlas_command = _atlas_section(page)
    t_random = _live_section(page, options)
    page.verdicts(verdicts(ne_rows, studies, options.command("fen")))
    page.findings(
        findings(ne_rows, t_random, studies, atlas, options.command("fen"), atlas_command), heading="Findings in detail"
    )


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
    import matplotlib.pyplot as plt

    from negenlab.core.plot import plot_forest

    from .study import TOP_RUNG

    if not open_section(pie, page, PIE, "fen", "pie"):
        return
    page.text(
        f"Self-play of the top rung ({TOP_RUNG}) on the standard board, with and without the pie rule. The "
        "first player's win rate is decided by an SPRT per setting (H0 0.5 against H1 0.6, alpha = beta = "
        "0.05, 100 to 300 games); the other rows come from the same games."
    )
    rows = pie[pie["metric"].isin(["first_player_win_rate", "swap_rate", "draw_rate", "ends_blocked"])].copy()
    rows["label"] = rows["metric"].str.replace("_", " ") + ", pie " + rows["pie_rule"].map({True: "on", False: "off"})
    fig, ax = plt.subplots(figsize=(6.5, 2.8))
    plot_forest(rows, ax=ax, xlabel="rate (95% interval)", title=f"{TOP_RUNG} self-play, triangle of side 7")
    page.figure(fig, caption="The first player's wins, swaps, draws and blocked ends, with and without the pie rule.")
    page.table(pie.drop(columns=["group"]), caption=made_by(pie, "fen"), folded="Balance table of the top rung")


def _tilings_section(page, atlas_bal: pd.DataFrame | None) -> None:
    from .plot import plot_atlas_balance

    if not open_section(atlas_bal, page, TILINGS, "fen", "atlas_balance"):
        return
    page.text(
        "Self-play on each of the 11 regular and Archimedean tilings clipped to 25 and 49 faces, no pie rule: "
        "greedy (400 games per board) and MCTS with 50 simulations per placement (60 games per board). "
        "Balance: the distance of the first player's win rate from 1/2. Decisiveness: the share of games "
        "with a winner."
    )
    page.figure(
        plot_atlas_balance(atlas_bal),
        caption="The first player's win rate per tiling with 95% intervals, sorted by balance under MCTS at 49 faces.",
    )
    page.table(
        tiling_ranking(atlas_bal), caption="Tilings ranked by balance under MCTS at 49 faces", folded="Tiling ranking"
    )
    page.table(atlas_bal, caption=made_by(atlas_bal, "fen"), folded="Balance per tiling, size and agent")


def _blocked_section(page, blocked: pd.DataFrame | None) -> None:
    if not open_section(blocked, page, BLOCKED, "fen", "blocked"):
        return
    page.text(
        "When both players are stuck the game stops and a tie in faces is a draw. A seeded directed search "
        "hunts for such positions on the standard board; the table says how hard it looked and what it found."
    )
    actions = blocked.attrs.get("negenlab", {}).get("draw_actions_partial_claims_off")
    if actions:
        import matplotlib.pyplot as plt

        from .game import make_game
        from .plot import draw_board
        from .study import STANDARD_BOARD

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
    page.table(blocked.drop(columns=["finding"]), caption=made_by(blocked, "fen"))


def _solved_section(page, solved: pd.DataFrame | None) -> None:
    from .plot import plot_solved

    if not open_section(solved, page, SOLVED, "fen", "solved"):
        return
    done = solved[solved["complete"]]
    page.text(
        f"An exact search (negenlab fen solve) gives every opening turn its value under perfect play, partial "
        f"claims on, in the interior and the literal reading of n and e. It solved {len(done)} of {len(solved)} "
        f"boards and readings; the others stopped at the search's cap and say so. With the pie rule the second "
        f"player may take over the opening, so the first player keeps the weaker side of their best opening. "
        f"Beside each solved board, the first player's share of {SOLVED_MCTS_TEXT} self-play on it."
    )
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
    from . import tilings
    from .ne import derive_ne

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


def committed_verdicts(command: str = "negenlab report fen") -> list[Finding]:
    """The FEN page's verdict lines from the committed tables alone (no live run): what the page
    and the notebook's verdict cell show first.

    >>> len([f for f in committed_verdicts() if f.verdict != "untested"]) >= 3
    True
    """
    return verdicts(ne_boards()[1], committed_studies("fen", STUDY_NAMES, TABLES), command)


def _ne_section(page) -> list[dict]:
    import matplotlib.pyplot as plt

    from .ne import derive_ne
    from .plot import draw_board, plot_ne

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
    return rows


def _atlas_section(page) -> tuple[pd.DataFrame, str]:
    from . import tilings
    from .ne import derive_ne
    from .plot import gallery
    from .study import ATLAS_COMMAND, atlas_table

    page.heading(ATLAS)
    committed = committed_atlas()
    atlas_command = ATLAS_COMMAND
    if committed is not None:
        atlas, meta = committed
        atlas_command = meta.get("command") or atlas_command
        page.text(
            "From data/fen/atlas.csv (made by `negenlab fen atlas`; its sidecar JSON records seed, games "
            "and version). First-player win rates are random-vs-random self-play with 95% Wilson intervals."
        )
    else:
        atlas = atlas_table(sizes=(25,), n_games=0)
        page.warning("data/fen/atlas.csv is missing: showing n/e only (no self-play) for 25-face boards.")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gal = [(name, b, derive_ne(b)) for name in tilings.ARCHIMEDEAN for b in [tilings.archimedean(name, faces=25)]]
    page.figure(gallery(gal, ncols=4), caption="The 11 tilings clipped to 25 faces around a face centre.")
    page.table(
        atlas,
        caption="faces, nodes, edges, N/E/n/e (interior), the literal reading (_all), and random-play balance",
        folded="Atlas table",
    )
    return atlas, atlas_command


def _live_section(page, options) -> pd.DataFrame:
    from negenlab.core.agents import RandomAgent

    from . import tilings
    from .agents import GreedyAgent
    from .game import FenGame
    from .rules import Rules
    from .study import balance

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
    page.table(
        pd.concat([t_random, t_greedy], ignore_index=True).drop(columns=["board", "group"]),
        caption="balance on triangle side 7 (the greedy agent never swaps, so its rows with and without the pie "
        "rule are the same games)",
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


def _metric(table: pd.DataFrame, metric: str, pie: bool) -> pd.Series:
    return table[(table["metric"] == metric) & (table["pie_rule"] == pie)].iloc[0]


def _pct(row) -> str:
    """A rate row (value, lo, hi, n) in the house's form."""
    return rate_text(row["value"], row["lo"], row["hi"], row["n"])


def _sprt_words(row) -> str:
    """What an SPRT row decided, in words (its hypotheses are rates of the first player)."""
    h0, h1 = float(row.get("h0", 0.5)), float(row.get("h1", 0.6))
    return {
        "H1": f"the SPRT decides for an edge: {rate_text(h1)} rather than {rate_text(h0)}",
        "H0": f"the SPRT decides against an edge: {rate_text(h0)} rather than {rate_text(h1)}",
    }.get(str(row.get("decision")), "the SPRT reached its cap undecided")


def _tuned_ne() -> str:
    """The committed tuning run of n, e and the pie rule (``data/fen/tune_pie.json``) in words, or ""
    when there is none."""
    run = data_json("fen", "tune_pie.json", must_exist=False)
    if not run.get("candidates"):
        return ""
    c = run["candidates"][0]
    versus = versus_text(c, "seat_share", digits=3)
    return (
        f" The rules tuner ({run['evaluations']} trials, {run['command']}) finds {setting_text(run, c)} closest to "
        "an even game, the first player winning "
        f"{rate_text(c['seat_share'], c['seat_share_lo'], c['seat_share_hi'], c['seat_share_n'])}: target 45-55% "
        f"{c['seat_share_target']}." + (f" Against the default Rules: {versus}." if versus else "")
    )


def verdicts(ne_rows: list[dict], studies: dict[str, pd.DataFrame], command: str) -> list[Finding]:
    """One verdict per designer claim the FEN studies test: n and e from the board, stronger play,
    the pie rule at the top rung, tilings that work better, and push-your-luck (untested).

    >>> ne = [{"board": "triangle side 7", "interior n,e": "1,3", "all n,e": "2,3", "agree": "NO"}]
    >>> [(f.verdict) for f in verdicts(ne, {}, "negenlab report fen")]
    ['holds', 'untested', 'untested', 'untested']
    """
    out = []
    std = next(r for r in ne_rows if r["board"].startswith("triangle side 7"))
    out.append(
        Finding(
            claim='"one node or three edges" on the triangle',
            verdict="holds" if std["interior n,e"] == "1,3" else "fails",
            number=f"n,e = {std['interior n,e']} counting interior nodes and edges ({std['all n,e']} over all nodes)",
            exact=True,
            sentence="The per-turn counts derived from the standard board (triangle of side 7).",
            change="State that n and e count interior nodes and edges only.",
            section=NE,
            command=command,
        )
    )
    trace = studies.get("ladder")
    if trace is not None:
        out.append(
            skill_trace_finding(
                trace,
                "stronger play wins more (skill trace)",
                sentence="Each rung plays the rung below on the standard board, seats swapped on common seeds.",
                change="Fewer forced moves per turn, so that planning counts more.",
                section=SKILL,
                command=command_of(trace, "negenlab study fen ladder"),
            )
        )
    pie = studies.get("pie")
    if pie is not None:
        off, on = _metric(pie, "first_player_win_rate", False), _metric(pie, "first_player_win_rate", True)
        swaps = _metric(pie, "swap_rate", True)
        decision = str(on.get("decision"))
        out.append(
            Finding(
                claim="the pie rule gives the first player a fair share",
                verdict={"H0": "holds", "H1": "fails"}.get(decision, "undecided"),
                number=f"the first player wins {rate_text(on['value'], on['lo'], on['hi'])} with it, "
                f"{rate_text(off['value'], off['lo'], off['hi'])} without",
                n=int(on["n"]),
                sentence=f"{TOP_RUNG} self-play on the standard board; the second player swaps in "
                f"{rate_text(swaps['value'], swaps['lo'], swaps['hi'])} of games.",
                change="Keep the pie rule and restrict the opening (e.g. no first claim in the centre).",
                detail=f"With the pie rule {_sprt_words(on)}; without it {_sprt_words(off)}." + _tuned_ne(),
                section=PIE,
                command=command_of(pie, "negenlab study fen pie"),
            )
        )
    atlas_bal = studies.get("atlas_balance")
    if atlas_bal is not None:
        faces = int(max(atlas_bal["faces"]))
        rank = tiling_ranking(atlas_bal, faces=faces)
        best, worst = rank.iloc[0], rank.iloc[-1]
        apart = best.hi < worst.lo or worst.hi < best.lo
        out.append(
            Finding(
                claim='"some tessellations will work better than others"',
                verdict="holds" if apart else "undecided",
                number=f"the first player wins {rate_text(best.first_player_wins, best.lo, best.hi)} on "
                f"{best.tiling}, {rate_text(worst.first_player_wins, worst.lo, worst.hi)} on {worst.tiling}",
                n=int(best.n + worst.n),
                sentence=f"MCTS self-play at {faces} faces; the most and least balanced tilings.",
                change="Recommend the tilings nearest an even game.",
                section=TILINGS,
                command=command_of(atlas_bal, "negenlab study fen atlas_balance"),
            )
        )
    out.append(
        Finding(
            claim='"no luck elements but feels like push-your-luck"',
            verdict="untested",
            number="not measured",
            sentence="Push-your-luck needs a measure of risk taken per turn (claims left open to capture); "
            "the games record no such measure yet.",
        )
    )
    out.append(
        Finding(
            claim='play is "deeper" than Dots and Boxes',
            verdict="untested",
            number="not measured",
            sentence="The comparison needs the same skill trace on Dots and Boxes, which negenlab does not model.",
        )
    )
    out.append(
        Finding(
            claim="triangles need the fewest components for a majority",
            verdict="untested",
            number="not measured",
            sentence="Needs a count of the nodes and edges that capture a majority of faces per tiling, which the "
            "atlas does not record yet.",
        )
    )
    return out


def findings(
    ne_rows: list[dict],
    t_random: pd.DataFrame,
    studies: dict[str, pd.DataFrame],
    atlas: pd.DataFrame,
    command: str,
    atlas_command: str = "",
) -> list[dict]:
    """The FEN page's numbered findings, each with its number, n and interval (or "exact") and the
    designer claim or question it tests. ``t_random`` is a :func:`negenlab.fen.study.balance` table
    of random play; ``studies`` holds the committed study tables by name (any may be missing).

    >>> row = lambda m, pie, v: {"metric": m, "pie_rule": pie, "value": v, "lo": v - .1, "hi": v + .1, "n": 100}
    >>> t = pd.DataFrame([row(m, p, .5) for m in ("first_player_win_rate", "swap_rate") for p in (True, False)])
    >>> ne = [{"board": "triangle side 7", "interior n,e": "1,3", "all n,e": "2,3", "agree": "NO"}]
    >>> [f["claim"] for f in findings(ne, t, {}, pd.DataFrame(), "negenlab report fen")]
    ['"one node or three edges" on the triangle', 'the pie rule (random play)']
    """
    out = []
    std = next(r for r in ne_rows if r["board"].startswith("triangle side 7"))
    agree = sum(r["agree"] == "yes" for r in ne_rows)
    out.append(
        {
            "claim": '"one node or three edges" on the triangle',
            "text": f"Counting interior nodes and edges gives n,e = {std['interior n,e']} on the standard board, "
            f"the designer's values; read over all nodes it gives {std['all n,e']}. The two readings agree "
            f"on {agree} of {len(ne_rows)} boards (exact).",
            "section": NE,
            "command": command,
        }
    )
    trace = studies.get("ladder")
    if trace is not None:
        from negenlab.core.ladder import describe_steps

        out.append(
            {
                "claim": "does FEN reward stronger play? (skill trace)",
                "text": f"On the standard board (units are seat-swapped pairs): {describe_steps(trace)}.",
                "section": SKILL,
                "command": command_of(trace, "negenlab study fen ladder"),
            }
        )
    pie = studies.get("pie")
    if pie is not None:
        off, on = _metric(pie, "first_player_win_rate", False), _metric(pie, "first_player_win_rate", True)
        swaps = _metric(pie, "swap_rate", True)
        out.append(
            {
                "claim": "the pie rule (at the top rung)",
                "text": f"Under {TOP_RUNG} self-play the first player wins {_pct(off)} without the pie rule "
                f"({_sprt_words(off)}) and {_pct(on)} with it ({_sprt_words(on)}); the second player swaps in "
                f"{_pct(swaps)} of games.",
                "section": PIE,
                "command": command_of(pie, "negenlab study fen pie"),
            }
        )
    else:
        nopie, withpie = (
            _metric(t_random, "first_player_win_rate", False),
            _metric(t_random, "first_player_win_rate", True),
        )
        swaps = _metric(t_random, "swap_rate", True)
        out.append(
            {
                "claim": "the pie rule (random play)",
                "text": f"Between random players the first player wins {_pct(nopie)} without the pie rule and "
                f"{_pct(withpie)} with it; the second player swaps in {_pct(swaps)} of games.",
                "section": LIVE,
                "command": command,
            }
        )
    atlas_bal = studies.get("atlas_balance")
    if atlas_bal is not None:
        for faces in sorted(set(atlas_bal["faces"]))[-1:]:
            rank = tiling_ranking(atlas_bal, faces=int(faces))
            best, worst = rank.iloc[0], rank.iloc[-1]
            fair = int(((rank["lo"] <= 0.5) & (rank["hi"] >= 0.5)).sum())
            out.append(
                {
                    "claim": '"some tessellations will work better than others"',
                    "text": f"Under MCTS self-play at {int(faces)} faces the first player's win rate runs from "
                    f"{_pct({'value': best.first_player_wins, 'lo': best.lo, 'hi': best.hi, 'n': best.n})} "
                    f"({best.tiling}) to "
                    f"{_pct({'value': worst.first_player_wins, 'lo': worst.lo, 'hi': worst.hi, 'n': worst.n})} "
                    f"({worst.tiling}); {fair} of {len(rank)} tilings have 1/2 inside their interval.",
                    "section": TILINGS,
                    "command": command_of(atlas_bal, "negenlab study fen atlas_balance"),
                }
            )
    elif len(atlas) and "p1_win_nopie" in atlas:
        a = atlas[atlas["faces"] == atlas["faces"].max()].copy()
        a["off"] = (a["p1_win_nopie"] - 0.5).abs()
        best, worst = a.sort_values("off").iloc[0], a.sort_values("off").iloc[-1]

        def rate(r) -> str:
            return _pct(
                {
                    "value": r["p1_win_nopie"],
                    "lo": r["p1_win_nopie_lo"],
                    "hi": r["p1_win_nopie_hi"],
                    "n": r["games_nopie"],
                }
            )

        out.append(
            {
                "claim": '"some tessellations will work better than others"',
                "text": f"Across {len(a)} tilings at {int(a['faces'].iloc[0])} faces the first player's win rate "
                f"between random players runs from {rate(best)} ({best['tiling']}) to {rate(worst)} "
                f"({worst['tiling']}), no pie rule.",
                "section": ATLAS,
                "command": atlas_command,
            }
        )
    solved = studies.get("solved")
    if solved is not None:
        out.append(
            {
                "claim": "who wins with perfect play, and the pie rule (small boards, exact)",
                "text": solved_finding(solved),
                "section": SOLVED,
                "command": command_of(solved, "negenlab study fen solved"),
            }
        )
    blocked = studies.get("blocked")
    if blocked is not None and "finding" in blocked:
        out.append(
            {
                "claim": "the blocked end (a tie in faces is a draw)",
                "text": str(blocked["finding"].iloc[0]),
                "section": BLOCKED,
                "command": command_of(blocked, "negenlab study fen blocked"),
            }
        )
    return out


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
    done, open_ = solved[solved["complete"]], solved[~solved["complete"]]

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
