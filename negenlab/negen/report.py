"""The Negen page of ``negenlab report``: spiral analysis, then the play section (if built).

The play engineer's ``negenlab.negen.report_play.build(page, options)`` is called after the
spiral sections when that module exists.
"""
from __future__ import annotations

import importlib
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
    spiral_sections(page, options)
    try:
        play = importlib.import_module("negenlab.negen.report_play")
    except ModuleNotFoundError as exc:
        if exc.name != "negenlab.negen.report_play":
            raise
    else:
        play.build(page, options)


DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "negen"
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
    page.table(pd.DataFrame(rows), caption="Worked examples under each variant (computed now)")
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
        page.table(df.drop(columns=["seconds"]), caption=f"{label}: counts by k "
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
    page.table(odds.sort_values(["sequence_shape", "coverage", "p_close"], ascending=[True, True, False]),
               caption="Closing odds per spiral (n = 1296 rolls each, exact)")
    page.figure(plot_odds(odds, top=25).figure, caption="The 25 most closable spirals in the table")
    page.provenance(rules=Rules(), seed=options.seed, command=options.command("negen"),
                    variants=[f"{s}/{c}" for s, c in VARIANTS])
