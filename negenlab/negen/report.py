"""The Negen page of ``negenlab report``: numbered findings, the variant figure, the spiral
analysis, then the play section (:mod:`negenlab.negen.report_play`); tables are folded.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

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
    """Findings first (from the committed study and Piet's position searched now), then the
    variant figure, the spiral analysis and the play section; tables are folded."""
    from .play_plot import plot_study
    from .report_play import build as play_section, piet_pictures, piet_turns

    study, meta = load_study()
    piet = piet_turns()
    page.findings(findings(study, piet))
    if study is not None:
        n_min = int(study["n"].min())
        page.figure(plot_study(study), caption=(
            f"The variant study (data/negen/study_exact.csv, at least {n_min} rounds per cell; seats rotated, "
            "readings paired on common seeds), each point with its 95% interval. Minutes per game assume every "
            "round has a winner and seats win equally (expected rounds to 2 points: 2.9 with 3 players, 3.2 "
            "with 4). Reproduce a cell with the command in the sidecar."))
    page.raw_html(piet_pictures())
    spiral_sections(page, options)
    play_section(page, options, piet=piet, study=study, meta=meta)


DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "negen"
STUDY_CSV = DATA_DIR / "study_exact.csv"


def load_study(path: Path = STUDY_CSV) -> tuple[pd.DataFrame | None, dict]:
    """The committed variant study and its sidecar (``(None, {})`` when not shipped)."""
    import json

    path = Path(path)
    if not path.exists():
        return None, {}
    side = path.with_suffix(".json")
    return pd.read_csv(path), (json.loads(side.read_text()) if side.exists() else {})


def seat_uniformity_p(wins) -> float:
    """p-value of Pearson's chi-square test that every seat wins equally often (``wins``: rounds won
    per seat; rounds nobody won are left out). Exact survival function for 1-5 degrees of freedom.

    >>> round(seat_uniformity_p([345, 352, 303]), 3)
    0.122
    """
    from math import erfc, exp, pi, sqrt

    wins = [float(w) for w in wins]
    total, k = sum(wins), len(wins)
    if total <= 0 or k < 2:
        return 1.0
    x = sum((w - total / k) ** 2 for w in wins) / (total / k)
    dof = k - 1
    if dof % 2 == 0:  # chi-square survival: exp(-x/2) * sum_{i < dof/2} (x/2)^i / i!
        term, acc = 1.0, 0.0
        for i in range(dof // 2):
            acc += term
            term *= (x / 2) / (i + 1)
        return exp(-x / 2) * acc
    acc, term = erfc(sqrt(x / 2)), sqrt(2 * x / pi) * exp(-x / 2)
    for i in range((dof - 1) // 2):
        acc += term
        term *= x / (2 * i + 3)
    return acc


def _missing_by_mix(missing) -> list[str]:
    """``["random: bent/die/join (3, 4 players), ...", ...]`` from (players, mix, variant) triples."""
    out = []
    for mix in dict.fromkeys(m for _, m, _ in missing):
        readings = {}
        for P, m, v in missing:
            if m == mix:
                readings.setdefault(v, []).append(P)
        out.append(f"{mix}: " + ", ".join(f"{v} ({', '.join(map(str, sorted(ps)))} players)"
                                          for v, ps in readings.items()))
    return out


def _pct(v, lo, hi) -> str:
    return f"{100 * v:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def findings(study: pd.DataFrame | None, piet: pd.DataFrame) -> list[dict]:
    """The Negen report's numbered findings: each a sentence with its number, n and interval, and
    the designer claim it tests. ``piet`` is :func:`~negenlab.negen.report_play.piet_turns`;
    ``study`` the rows of ``data/negen/study_exact.csv`` (or None).

    >>> import pandas as pd
    >>> piet = pd.DataFrame([{"reading": "straight/adjacency/join", "legal turns": 25, "closing turns": 0,
    ...                       "Piet's turn legal": True}])
    >>> findings(None, piet)[0]["text"][:39]
    'Piet cannot close under the default rea'
    """
    from .play_plot import expected_rounds

    out = []
    by = {r["reading"]: r for r in piet.to_dict("records")}
    default = by.get("straight/adjacency/join")
    others = [f"{k} {r['closing turns']} of {r['legal turns']}" for k, r in by.items() if k != "straight/adjacency/join"]
    if default is not None:
        head = (f"Piet cannot close under the default reading: {default['closing turns']} of his "
                f"{default['legal turns']} legal turns close a spiral" if default["closing turns"] == 0 else
                f"Piet could close under the default reading: {default['closing turns']} of his "
                f"{default['legal turns']} legal turns close a spiral")
        legal = all(r["Piet's turn legal"] for r in by.values())
        out.append({"claim": "the source's worked turn (table 6-5-4, 3, 4; board 5 2 2 1): "
                             "\"no chance to create a loop\"",
                    "text": head + " (exact: every legal turn searched). "
                            + (f"Under the other readings: {'; '.join(others)} close, so they contradict the "
                               "source's example. " if others else "")
                            + ("The turn Piet played is legal under every reading." if legal else
                               "The turn Piet played is NOT legal under some reading.")})
    if study is None or not len(study):
        out.append({"claim": "the study", "text": "No committed variant study found (data/negen/study_exact.csv); "
                                                  "run python -m negenlab.negen.study."})
        return out
    from .study import planned_cells

    wanted = {(P, m, v): n for P, m, v, n in planned_cells()}
    rows = {(int(r["players"]), r["mix"], r["variant"]): int(r["n"]) for r in study.to_dict("records")}
    short = [f"{P} players {m} {v}: n={rows[(P, m, v)]} of {n}" for (P, m, v), n in wanted.items()
             if (P, m, v) in rows and rows[(P, m, v)] < n]
    missing = [k for k in wanted if k not in rows]
    done = len(wanted) - len(missing) - len(short)
    out.append({"claim": "the study can decide (1,000 rounds per cell; 200 for MCTS against greedy)",
                "text": f"{done} of the {len(wanted)} planned cells are complete"
                        + (f"; {len(short)} are short (" + "; ".join(short) + ")" if short else "")
                        + (f"; {len(missing)} are not run yet: " + "; ".join(_missing_by_mix(missing)) if missing else "")
                        + ". The findings below rest on the cells that exist."})
    rand3 = study[(study["mix"] == "random") & (study["players"] == 3)]
    d = rand3[rand3["variant"] == "straight/adjacency/join"]
    if len(d):
        r = d.iloc[0]
        k = expected_rounds(3) / 2  # minutes per turn at 30 s, times rounds per game
        inside = [v for v, t in zip(rand3["variant"], rand3["turns"]) if 20 <= t * k <= 30]
        g = study[(study["mix"] == "greedy-vs-random") & (study["players"] == 3)
                  & (study["variant"] == "straight/adjacency/join")]
        gtxt = (f" With one greedy player: {g.iloc[0]['turns'] * k:.1f} min [{g.iloc[0]['turns_lo'] * k:.1f}, "
                f"{g.iloc[0]['turns_hi'] * k:.1f}] (n={int(g.iloc[0]['n'])})." if len(g) else "")
        out.append({"claim": "a game lasts 20-30 minutes",
                    "text": f"Under the default reading a 3-player game to 2 points lasts about {r['turns'] * k:.1f} "
                            f"minutes [{r['turns_lo'] * k:.1f}, {r['turns_hi'] * k:.1f}] at 30 s per turn "
                            f"({r['turns']:.1f} turns per round, n={int(r['n'])} random rounds); "
                            f"{r['turns_lo'] * k / 2:.0f}-{r['turns_hi'] * k * 2:.0f} minutes at 15-60 s per turn."
                            + gtxt + " Readings whose 30-s estimate lies in 20-30 minutes: "
                            + (", ".join(inside) if inside else "none") + "."})
    tested = []  # (cell name, p-value of "every seat wins its fair share")
    for row in study.to_dict("records"):
        P = int(row["players"])
        wins = [row[f"seat{p}_win"] * row["n"] for p in range(P)]
        tested.append((f"{row['variant']} ({P} players, {row['mix']})", seat_uniformity_p(wins)))
    flagged = [f"{name} (p={p:.3f})" for name, p in tested if p < 0.05]
    if len(d):
        r = d.iloc[0]
        lead = (f"Seat 1 (who moves first) wins {_pct(r['seat0_win'], r['seat0_lo'], r['seat0_hi'])} of "
                f"default-reading rounds against a fair 33.3% (n={int(r['n'])}, 3 random players). ")
    else:
        lead = ""
    out.append({"claim": "seat order does not decide a round",
                "text": lead + f"A chi-square test of equal seat wins, one per cell, rejects at 5% in {len(flagged)} "
                               f"of {len(tested)} cells (about {0.05 * len(tested):.1f} expected by chance)"
                        + (": " + "; ".join(flagged) if flagged else "") + "."})
    for mix, who, claim in (("greedy-vs-random", "The greedy player (closes when it can, else leaves the lowest "
                                                 "exact closing odds; seats rotated) among random ones",
                             "skill pays (a player who plans beats players who do not)"),
                            ("mcts-vs-greedy", "The MCTS player among greedy ones (seats rotated)",
                             "deeper planning pays beyond the greedy rule")):
        g = study[study["mix"] == mix]
        if len(g) and "focus_win" in g and g["focus_win"].notna().any():
            parts = [f"{r['variant']}, {int(r['players'])} players: {_pct(r['focus_win'], r['focus_lo'], r['focus_hi'])} "
                     f"vs a fair {100 / r['players']:.0f}% (n={int(r['n'])})" for r in g.to_dict("records")]
            out.append({"claim": claim, "text": who + " wins " + "; ".join(parts) + "."})
    st = rand3.set_index("variant")
    if "straight/adjacency/join" in st.index:
        r = st.loc["straight/adjacency/join"]
        txt = (f"Under the default reading {_pct(r['stalled'], r['stalled_lo'], r['stalled_hi'])} of rounds stall "
               f"(the pool runs out before anybody closes; n={int(r['n'])}), and a player chooses among "
               f"{r['branching']:.0f} legal turns on average.")
        if "straight/die/join" in st.index:
            q = st.loc["straight/die/join"]
            txt += (f" Under its die-coverage twin: {_pct(q['stalled'], q['stalled_lo'], q['stalled_hi'])} stall, "
                    f"{q['turns']:.1f} turns per round, {q['branching']:.0f} legal turns per decision.")
        out.append({"claim": "every round ends with a closed spiral", "text": txt})
    return out
VARIANTS = [("straight", "die"), ("straight", "adjacency"), ("bent", "die"), ("bent", "adjacency")]


def stored_counts() -> dict:
    """The precomputed count tables in data/negen (label -> frame); empty when not shipped."""
    out = {}
    for shape, cov in VARIANTS:
        path = DATA_DIR / f"spiral_counts_{shape}_{cov}.csv"
        if path.exists():
            out[f"{shape}/{cov}"] = pd.read_csv(path)
    return out


def spiral_sections(page, options) -> None:
    from .enumerate import count_spirals, smallest_closed_spirals
    from .odds import odds_table
    from .plot import plot_counts, plot_odds
    from .rules import Rules
    from .spirals import check_table
    from .table import parse_table, verdicts_svg

    page.heading("Spirals: validity under each reading of the rules")
    page.text("Every worked example of the rules page, checked under the four readings "
              "(sequence shape x coverage). A spiral is valid when some interpretation (nodes red, "
              "edges blue) puts every die (or every adjacent pair) in a sequence; closed when it has a loop.")
    rows = []
    for text, expected in WORKED_EXAMPLES:
        row = {"table": text.replace("\n", " / "), "rules page says": expected}
        for shape, cov in VARIANTS:
            vs = check_table(parse_table(text), Rules(sequence_shape=shape, coverage=cov))
            row[f"{shape}/{cov}"] = ("valid" if all(v.valid for v in vs) else "invalid") + \
                (" closed" if any(v.closed for v in vs) else "")
        rows.append(row)
    page.table(pd.DataFrame(rows), caption="Worked examples under each variant (computed now)",
               folded="The rules page's worked examples under each reading")
    pics = []
    for text, _ in WORKED_EXAMPLES:
        for shape in ("straight", "bent"):
            t = parse_table(text)
            vs = check_table(t, Rules(sequence_shape=shape))
            pics.append(verdicts_svg(t, vs, size=26, title=f"{shape}: " + ("valid" if vs[0].valid else "invalid")))
    page.raw_html("<div style='display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end'>" + "".join(pics)
                  + "</div><p class='meta'>Witnesses: nodes red, edges blue, sequences as lines, loops gold, "
                    "dice the closest interpretation leaves uncovered crossed in orange (coverage = die).</p>")

    page.heading("How many valid spirals are there?", 3)
    live_k = 8
    live = {f"{s}/{c}": count_spirals(live_k, Rules(sequence_shape=s, coverage=c)) for s, c in VARIANTS}
    stored = stored_counts()
    agree = all(
        (stored[label].set_index("k").loc[df["k"], ["valid_fixed", "valid_free", "valid_closed_fixed",
                                                     "valid_closed_free"]].values
         == df.set_index("k")[["valid_fixed", "valid_free", "valid_closed_fixed", "valid_closed_free"]].values).all()
        for label, df in live.items() if label in stored and stored[label]["k"].max() >= live_k)
    frames = stored if len(stored) == len(VARIANTS) else live
    page.text("Valid spirals with k dice, counted as placements up to translation (fixed) and up to "
              "rotation and reflection (free); closed = with a loop. Shapes come from Redelmeier's "
              "polyomino enumeration; values are counted per shape by constraint search (never 6^k), "
              "and the counts agree with brute force for small k in the test suite.")
    if frames is stored:
        page.note(f"Tables precomputed in data/negen (python -m negenlab.negen.enumerate); recomputed now "
                  f"for k <= {live_k}: " + ("identical." if agree else "MISMATCH - the stored tables are stale."))
    else:
        page.note(f"data/negen tables not found; counts computed now for k <= {live_k}.")
    for label, df in frames.items():
        page.table(df.drop(columns=["seconds"]), folded=f"Counts by k, {label}", caption=f"{label}: counts by k "
                   f"(computed in {df['seconds'].sum():.0f} s in all)")
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
        page.text(f"{shape}/{cov}: smallest closed spiral has {k} dice; {len(tables)} of them up to rotation "
                  f"and reflection" + (f" (first {len(shown)} drawn)" if len(shown) < len(tables) else "") + ".")
        page.raw_html("<div style='display:flex;flex-wrap:wrap;gap:8px'>" + "".join(
            verdicts_svg(t, check_table(t, rules), size=20) for t in shown) + "</div>")
    page.note("The rules page calls the 8-die ring the smallest loop under straight sequences. That holds "
              "for coverage=adjacency; under the literal rule (coverage=die) 6-die loops such as "
              "1 2 3 . / . 1 2 3 are already valid, because die coverage does not ask the two dice of "
              "each adjacent pair to share a sequence.")

    page.heading("Odds a player meets", 3)
    page.text("Exact probability, over the 6^4 rolls of a 4-die board, that adding 1-4 of the board dice "
              "(chained to the spiral, touching no other spiral; no joins or moves) makes the spiral valid "
              "and closed.")
    odds_path = DATA_DIR / "closing_odds.csv"
    if odds_path.exists():
        odds = pd.read_csv(odds_path)
        page.note("From data/negen/closing_odds.csv (python -m negenlab.negen.odds).")
    else:
        odds = odds_table(["6 5 4", "3 4 5", "1 2 3", ". . . 4 .\n6 5 4 3 2\n. . . 2 ."], Rules())
        page.note("data/negen/closing_odds.csv not found; a few spirals computed now.")
    page.note("For a table of one spiral under straight sequences these equal the exact odds of the turn engine "
              "(negenlab.negen.agents.closing_odds, joins included: one spiral has nothing to join, and 4 board "
              "dice alone make no closed straight spiral); the test suite checks that the two agree.")
    page.table(odds.sort_values(["sequence_shape", "coverage", "p_close"], ascending=[True, True, False]),
               folded="Closing odds per spiral (adding dice only)",
               caption="Closing odds per spiral (n = 1296 rolls each, exact)")
    page.figure(plot_odds(odds, top=25).figure, caption="The 25 most closable spirals in the table")
    page.provenance(rules=Rules(), seed=options.seed, command=options.command("negen"),
                    variants=[f"{s}/{c}" for s, c in VARIANTS])
