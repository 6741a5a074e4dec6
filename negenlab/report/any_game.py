"""The page of any game without committed studies (a plug-in, an OpenSpiel game): its designer's claims
and negenlab's questions judged from self-play under two strengths, the skill trace, the exact value
where a search finishes (:func:`negenlab.games.game_page`).

>>> from negenlab import games
>>> from negenlab.core.examples import Nim
>>> from negenlab.core.registry import GameEntry
>>> from negenlab.report.page import ReportPage
>>> _ = games.register(GameEntry("nim12", make_game=lambda: Nim((1, 2))))
>>> page = ReportPage("Nim")
>>> run = build(page, "nim12", seed=1, store=None, progress=False, max_units=100)
>>> run.findings[0].verdict, "badge" in page.render()
('holds', True)
>>> games.unregister("nim12")
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from negenlab import games
from negenlab.core.claims import Seats, family_sentence, judged_family
from negenlab.core.game import seat_name
from negenlab.core.questions import BUDGET, STRONG, GamePage

from .studies import skill_section


def _seat_figure(run: GamePage, players: int):
    """Each seat's share of games won under each strength, with 95% intervals and the fair share."""
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    width = 0.8 / len(run.strengths)
    for k, spec in enumerate(run.strengths):
        s = run.stats.get(("fairness", spec))
        if not isinstance(s, Seats):
            continue
        values = np.array([m.value for m in s.seats])
        lo_hi = np.array([m.interval() for m in s.seats])
        x = np.arange(players) + (k - (len(run.strengths) - 1) / 2) * width
        ax.bar(x, values, width, yerr=[values - lo_hi[:, 0], lo_hi[:, 1] - values], capsize=3, label=spec)
    ax.axhline(1 / players, color="grey", ls="--", lw=1, label="fair share")
    ax.set_xticks(np.arange(players), [seat_name(i) for i in range(players)])
    ax.set_ylabel("share of games won")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    return fig


def build(
    page: Any, name: str, *, seed: int = 2024, store: str | Path | None = None, progress: bool = True, **sim: Any
) -> GamePage:
    """Fill ``page`` with game ``name``'s page: verdicts first, then the seats, the skill trace, the exact
    value and the folded table; return the run behind it."""
    run = games.game_page(name, seed=seed, store=store, progress=progress, **sim)
    game = games.load(name)
    P = game.num_players
    page.verdicts(run.findings, family_sentence(judged_family(run.findings)), games.glossary(name))
    weak, strong = run.strengths
    page.text(
        f"{games.title(name)} ({games.origin(name)}), at its default Rules. This page asks negenlab's questions, "
        "which any game gets, and the designer's claims where the game's claims file states them. Its players are "
        f"two strengths of the core MCTS, {weak} and {strong}, each in every seat, chosen for the game's cost: the "
        f"strong one plays the most simulations of {', '.join(map(str, STRONG))} whose decisions cost at most "
        f"{BUDGET:,} simulated actions (half a seeded random game each), the weak one a quarter of it. A verdict "
        "about play holds or fails only where both strengths agree. negenlab's bands (5 points of the fair share, "
        "draws under 10%, 10 to 500 actions, 90% of games won) are its reading; a designer who means another band "
        "says so in the claims file (see docs/your-game.md)."
    )
    played = ", ".join(f"{spec} {n} units" for spec, n in run.units.items())
    if run.capped:
        page.warning(
            f"Stopped at the cap of {run.max_units} units a strength ({played}) with lines still undecided: each "
            "says how many more games would decide it; a larger cap (--games) plays them, resuming these games."
        )
    else:
        page.note(
            f"Each strength played until its lines were decided, within the cap of {run.max_units} units ({played})."
        )
    if P > 1 and any(isinstance(run.stats.get(("fairness", s)), Seats) for s in run.strengths):
        page.heading("Seats")
        page.figure(
            _seat_figure(run, P),
            caption="Each seat's share of games won, the same player in every seat (95% intervals; dashed: the "
            "fair share).",
        )
    if run.trace is not None and len(run.trace):
        page.heading("Skill")
        skill_section(
            page, run.trace, name,
            "Each rung in one seat against the rung below in the others, seats rotated on common seeds, stopped "
            "by a sequential test.",
            f"{games.title(name)}: skill trace",
        )  # fmt: skip
    if run.exact is not None:
        page.heading("Perfect play")
        s = run.exact
        if s.complete:
            page.text(f"An exhaustive search of {s.nodes:,} positions proves it: {s.outcome}.")
        else:
            page.text(f"The exhaustive search stopped at its cap of {s.max_nodes:,} positions ({s.stopped}).")
    page.heading("Measurements")
    page.table(
        pd.DataFrame(run.table), caption="Every claim under each strength: the number, 95% interval, games.",
        folded="Every claim under each strength",
    )  # fmt: skip
    page.provenance(
        rules=game.rules if hasattr(game, "rules") else None, agents=list(run.strengths), seed=seed,
        command=f"negenlab report {name} --seed {seed}", units=run.units,
    )  # fmt: skip
    return run


__all__ = ["build"]
