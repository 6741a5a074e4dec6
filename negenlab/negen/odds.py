"""Odds a player meets: can a board of 4 random dice close a spiral?

For a table and a board of 4 dice (each 1..6), a spiral can be *closed by adding* when some
set S of 1..4 empty cells, each chained to the spiral through table dice or other cells of
S, together with values taken from the board (each board die used at most once), makes
the spiral valid and closed. Added cells must not touch another spiral (that would join
spirals, which this count leaves out), and moving spirals (joins, ``rearrange="free"``) is
not considered: these are the odds of closing by adding dice alone.

Exact: for every candidate S (connected extensions of the spiral with a loop) the completions
solver lists the value tuples that work; a board closes the spiral when it contains one of
those multisets. The probability is the exact fraction of the 6**4 ordered rolls.

The odds with every legal turn (joins and bridges too) are :func:`negenlab.negen.agents.closing_odds`.

>>> from negenlab.negen.odds import adding_only_closing_odds
>>> res = adding_only_closing_odds("1 2\\n. 3", Rules(sequence_shape="bent"), max_added=1)
>>> res.probability, res.closing_multisets[:2]
(Fraction(671, 1296), [(2,)])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

import pandas as pd

from negenlab.core.errors import InvalidInputError

from .completions import _component_solutions
from .rules import Rules, as_rules
from .table import DIRECTIONS, Table, parse_table


def extensions(spiral: Table, blocked: set, max_added: int) -> list[frozenset]:
    """Every set of 1..max_added empty cells that, added to ``spiral``, keeps it connected
    (chains allowed) and touches no cell of ``blocked`` (occupied cells and cells next to other spirals)."""
    occupied = set(spiral.keys())
    level: set[frozenset] = {frozenset()}
    out: list[frozenset] = []
    for _ in range(max_added):
        nxt = set()
        for s in level:
            frontier = set()
            for r, c in occupied | s:
                for dr, dc in DIRECTIONS:
                    n = (r + dr, c + dc)
                    if n not in occupied and n not in s and n not in blocked:
                        frontier.add(n)
            for n in frontier:
                nxt.add(s | {n})
        out += sorted(nxt, key=sorted)
        level = nxt
    return out


def _closed(cells: set) -> bool:
    links = sum((r, c + 1) in cells for r, c in cells) + sum((r + 1, c) in cells for r, c in cells)
    return links >= len(cells)


def _contains(board: Counter, need: tuple) -> bool:
    c = Counter(need)
    return all(board[v] >= k for v, k in c.items())


@dataclass
class ClosingOdds:
    """Exact odds that a board of ``board_size`` random dice can close one of the table's spirals."""

    table: Table
    rules: Rules
    max_added: int
    probability: Fraction
    closing_multisets: list  # minimal multisets of board values that close some spiral
    placements_tried: int  # candidate cell sets with a loop that were solved
    per_spiral: list = field(default_factory=list)  # (first cell, probability) per spiral
    example: dict = field(default_factory=dict)  # multiset -> one table that closes with it

    def summary(self) -> str:
        p = self.probability
        lines = [
            f"P(a random board of 4 dice can close a spiral by adding <= {self.max_added} dice) = "
            f"{p.numerator}/{p.denominator} = {float(p):.4f} "
            f"({self.rules.sequence_shape}/{self.rules.coverage}; {self.placements_tried} placements with a loop)"
        ]
        if self.closing_multisets:
            lines.append(
                "closing board dice (minimal): "
                + ", ".join("{" + " ".join(map(str, m)) + "}" for m in self.closing_multisets[:30])
                + (" ..." if len(self.closing_multisets) > 30 else "")
            )
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {
            "table": self.table.to_text(),
            "rules": vars(self.rules),
            "max_added": self.max_added,
            "probability": float(self.probability),
            "numerator": self.probability.numerator,
            "denominator": self.probability.denominator,
            "placements_tried": self.placements_tried,
            "closing_multisets": [list(m) for m in self.closing_multisets],
            "per_spiral": [{"first_cell": list(c), "probability": float(q)} for c, q in self.per_spiral],
        }


def _minimal(multisets: set) -> list:
    ms = sorted(multisets, key=lambda m: (len(m), m))
    keep: list[tuple] = []
    for m in ms:
        if not any(_contains(Counter(m), k) for k in keep):
            keep.append(m)
    return keep


def adding_only_closing_odds(table: Table | str, rules: Rules | None = None, max_added: int = 4) -> ClosingOdds:
    """Exact probability over the 6**4 rolls of a 4-die board that some spiral of ``table`` can be closed
    by adding 1..``max_added`` board dice to it (see the module docstring for what counts)."""
    rules = as_rules(rules)
    if isinstance(table, str):
        table = parse_table(table)
    if not 1 <= max_added <= 4:
        raise InvalidInputError(f"max_added must be 1..4 (a board holds 4 dice), got {max_added}")
    if len(table) == 0:
        raise InvalidInputError("the table is empty")
    spirals = table.spirals()
    all_multisets: set = set()
    per = []
    tried = 0
    example: dict[tuple, Table] = {}
    for sp in spirals:
        others = set(table.keys()) - set(sp.keys())
        blocked = set(others)
        for r, c in others:
            for dr, dc in DIRECTIONS:
                blocked.add((r + dr, c + dc))
        found: set = set()
        known = dict(sp.items())
        for s in extensions(sp, blocked, max_added):
            cells = set(known) | s
            if not _closed(cells):
                continue
            tried += 1
            sols, _ = _component_solutions(sorted(cells), known, rules, None)
            for sol in sols:
                m = tuple(sorted(sol.values()))
                if m not in found:
                    found.add(m)
                    example.setdefault(m, sp.with_dice(sol))
        per.append((sp.bounds()[0], _probability(_minimal(found))))
        all_multisets |= found
    minimal = _minimal(all_multisets)
    return ClosingOdds(
        table, rules, max_added, _probability(minimal), minimal, tried, per, {m: example[m] for m in minimal}
    )


def _probability(minimal: list) -> Fraction:
    if not minimal:
        return Fraction(0)
    hits = 0
    for roll in product(range(1, 7), repeat=4):
        board = Counter(roll)
        if any(_contains(board, m) for m in minimal):
            hits += 1
    return Fraction(hits, 6**4)


def odds_table(spirals: list, rules: Rules | None = None, max_added: int = 4) -> pd.DataFrame:
    """One row per spiral: its text, size, the exact closing probability and the smallest closing multisets."""
    rules = as_rules(rules)
    rows = []
    for sp in spirals:
        t = parse_table(sp) if isinstance(sp, str) else sp
        res = adding_only_closing_odds(t, rules, max_added)
        rows.append(
            {
                "spiral": t.normalized().to_text().replace("\n", " / "),
                "dice": len(t),
                "sequence_shape": rules.sequence_shape,
                "coverage": rules.coverage,
                "max_added": max_added,
                "p_close": float(res.probability),
                "p_close_exact": f"{res.probability.numerator}/{res.probability.denominator}",
                "hits_of_1296": int(res.probability * 1296),
                "fewest_dice_needed": min((len(m) for m in res.closing_multisets), default=None),
                "closing_multisets": len(res.closing_multisets),
                "placements_with_loop": res.placements_tried,
            }
        )
    return pd.DataFrame(rows)


PIET = ". . . 4 .\n6 5 4 3 2\n. . . 2 ."


def common_spirals(rules: Rules, max_dice: int = 3) -> list[Table]:
    """Every valid spiral with at most ``max_dice`` dice, one per class under rotation/reflection."""
    from .enumerate import assignments, free_polyominoes

    out = []
    for k in range(1, max_dice + 1):
        found: dict[Table, None] = {}
        for s in free_polyominoes(k):
            for a in assignments(s.cells, rules):
                found[Table(a).canonical()] = None
        out += sorted(found, key=lambda t: (len(t), sorted(t.items())))
    return out
