"""The play section of the Negen report: Piet's position per reading, a small fresh study cell,
and the committed variant study (made by :mod:`negenlab.negen.study`) as a folded table.

>>> df = piet_turns([("straight", "adjacency")])
>>> int(df.loc[0, "closing turns"]), bool(df.loc[0, "Piet's turn legal"])
(0, True)
"""
from __future__ import annotations

import time

import pandas as pd

from .game import Negen
from .rules import Rules
from .study import SECONDS_PER_TURN, run_cell, study_cells, summarise_cell


PIET_TABLE = ". . . . . . 4\n6 5 4 . 3 . ."   # the source's example: 6-5-4, a lone 3, a lone 4
PIET_BOARD = (5, 2, 2, 1)
PIET_AFTER = ". . . 4 .\n6 5 4 3 2\n. . . 2 ."    # the turn Piet played
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
        rows.append({"reading": rules.label, "legal turns": len(res.turns), "closing turns": len(res.closing),
                     "Piet's turn legal": after in res.keys(), "complete": res.complete,
                     "states explored": res.explored, "seconds": round(time.perf_counter() - t0, 2)})
    return pd.DataFrame(rows)


def piet_pictures() -> str:
    """HTML: Piet's position, the turn he played, and one of the closing turns the die-coverage
    reading would have let him play (fewest dice first), each drawn with its witness."""
    from .spirals import check_table
    from .table import layout, parse_table, table_key, verdicts_svg
    from .turns import legal_turns

    default, die = Rules(), Rules(coverage="die")
    start = parse_table(PIET_TABLE)
    played = layout(table_key(parse_table(PIET_AFTER)))
    closing = legal_turns(PIET_TABLE, board=PIET_BOARD, rules=die).closing[0]
    close_table = layout(closing.key)
    pics = [(verdicts_svg(start, check_table(start, default), size=28), "Piet's table; his board 5 2 2 1"),
            (verdicts_svg(played, check_table(played, default), size=28),
             "the turn he played (legal under every reading; closes nothing)"),
            (verdicts_svg(close_table, check_table(close_table, die), size=28),
             f"under straight/die he could have closed instead, e.g. adding {len(closing.used)} board "
             f"{'die' if len(closing.used) == 1 else 'dice'} ({', '.join(map(str, closing.used))}) and joining")]
    cells = "".join(f"<figure style='margin:0'>{svg}<figcaption>{text}</figcaption></figure>" for svg, text in pics)
    return f"<div style='display:flex;flex-wrap:wrap;gap:24px;align-items:flex-end'>{cells}</div>"


def build(page, options, piet: pd.DataFrame | None = None, study: pd.DataFrame | None = None,
          meta: dict | None = None) -> None:
    """The play section: Piet's turns per reading, a fresh study cell, the committed study (folded)."""
    page.heading("Play: turns, rounds and balance per rule variant", 2)
    page.text("A decision in the simulated game is a whole turn: an end-of-turn table. The exact turn search "
              "(legal_turns) finds every legal end table. Tables are position-free: where spirals lie relative "
              "to each other means nothing, so a table is a multiset of spirals, each up to translation and "
              "quarter turns. The game offers exactly these turns, no subset and no cap.")
    piet = piet_turns() if piet is None else piet
    page.table(piet, caption="Piet's position from the source (6-5-4, a lone 3 and a lone 4; his board 5 2 2 1) under "
                             "each shape x coverage reading (rearrange=join): legal and closing turns, computed now "
                             f"({piet['seconds'].sum():.1f} s in all); \"Piet's turn legal\": the table he played "
                             "(4 above the 3, 2 below, 6 5 4 3 2 across) is among them.",
               folded="Piet's position: legal and closing turns per reading")
    # `make demo` budget: one small cell (3 players, default reading, random agents); --games N sets its size
    n = options.games if options.games is not None else 4
    cell = study_cells("default", (3,), ("random",))[0]
    t0 = time.perf_counter()
    fresh = pd.DataFrame([summarise_cell(run_cell(cell, n, options.seed, store=None, workers=options.workers,
                                                  progress=False), cell)])
    page.table(fresh, caption=f"{n} rounds, 3 random players, default reading, seed {options.seed}, "
                              f"{time.perf_counter() - t0:.1f} s; one simulated game = one round "
                              f"(target_score=1); minutes assume {SECONDS_PER_TURN} s per turn",
               folded="This run: one small study cell")
    if study is not None:
        meta = meta or {}
        cmds = sorted({c.get("command", "") for c in meta.get("cells", {}).values()} - {""})
        page.table(study, caption="Every cell of the committed study, data/negen/study_exact.csv (rates with "
                                  "95% Wilson intervals, turns with a 95% normal interval; per-round data in "
                                  "study_exact_rounds.parquet). Made by: " + " ; ".join(cmds),
                   folded=f"The committed variant study: {len(study)} cells")
    page.provenance(rules=Rules(target_score=1), agents=None, seed=options.seed,
                    command=options.command("negen"), games_per_cell=n,
                    game=Negen(Rules(target_score=1)).describe())


__all__ = ["build", "piet_turns", "piet_pictures", "PIET_READINGS"]
