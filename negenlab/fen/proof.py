"""Players against perfect play: on the boards the exact solver finishes, how often a player's
whole turn keeps the proved value of a position, and whether its play judges each opening as the
proof does.

The positions (:func:`proof_positions`) come from the solver (:class:`negenlab.fen.solver.Solver`),
pie rule off, one board and reading of n and e at a time:

- ``start``: the empty board, the opener to move;
- ``opening``: the position after each distinct opening turn, the second player to move;
- ``position``: start-of-turn positions of seeded random games, distinct, at most ``per_board``.

Each row gives the value for the player to move (``win``, ``draw``, ``loss``), how many whole turns
the position has and how many of them keep that value. A decision *matters* where the player to move
wins and some turn throws the win away; elsewhere every turn keeps the value.

Against them (:func:`judge_player`), for one player:

- a *decision*: on every position that matters, the player's whole turn (micro-action by
  micro-action, :func:`negenlab.fen.agents.play_turn_of`) either keeps the win or throws it away;
- a *judgement* of each opening: the player's self-play from the position after the opening (pie
  rule off), looked at after 8, 16 and 32 games (:data:`OPENING_LOOKS`): the opener's share of wins
  with its Wilson interval at level 1 - 5%/3 per look; *right* once it lies wholly on the proof's
  side of one half, *misjudged* once on the wrong side, *undecided* when it still straddles one half
  after the last look;
- a *swap*: with the pie rule on, whether the player takes the swap after the opening; right when it
  swaps exactly the openings that win for the opener (the swap then hands it the winning side).

>>> from negenlab.fen.agents import GreedyAgent
>>> table = proof_positions("3.3.3.3.3.3:3", per_board=5, seed=1)
>>> table["kind"].value_counts().to_dict(), int(matters(table).sum())
({'opening': 12, 'position': 5, 'start': 1}, 13)
>>> r = judge_player(GreedyAgent(), table, seed=1)
>>> (r.positions, r.openings), r.count("right") + r.count("misjudged") + r.count("undecided")
((13, 12), 12)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from negenlab.core.agents import Agent
from negenlab.core.claims import z_for
from negenlab.core.errors import InvalidInputError
from negenlab.core.metrics import wilson_interval

from .agents import play_turn_of
from .game import FenGame, FenState
from .rules import Rules
from .solver import VALUE_NAMES, Solver

OPENING_LOOKS = (8, 16, 32)
"""The opening judgement looks at the self-play after this many games each; it stops at the first
look whose interval (level 1 - 5% / len(looks)) lies on one side of one half."""
MAX_SAMPLE_GAMES = 4000
"""Random games a board's sample of positions may take before it gives up looking for more."""
_VALUES = {v: k for k, v in VALUE_NAMES.items()}


def proof_game(board: str, scope: str = "interior", pie_rule: bool = False) -> FenGame:
    """FEN on ``board`` in the reading ``scope`` of n and e, partial claims on (the solved table's rules)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # readings that disagree warn; the table names the reading
        return FenGame(board, Rules(ne_scope=scope, pie_rule=pie_rule))


PROOF_NODES = 10**12
"""The solver's node cap here: the boards are the ones it finishes, and the cap counts every search of a
Solver's life, so the default would stop a long run of positions."""


def proof_solver(game: FenGame, tt_bits: int = 22) -> Solver:
    """The exact solver of ``game`` for positions of a solved board (no practical node cap)."""
    return Solver(game, tt_bits=tt_bits, max_nodes=PROOF_NODES)


def replay(game: FenGame, actions: Sequence[int] | str) -> FenState:
    """The position the micro-``actions`` (a list, or the table's space-separated text) reach from the start.

    >>> replay(proof_game("triangle:1"), "0").turn_number
    1
    """
    state = game.new_initial_state()
    for a in str(actions).split() if isinstance(actions, str) else actions:
        state.apply(int(a))
    return state


def outcome_for(solver: Solver, state: FenState, colour: int) -> int:
    """The proved value of ``state`` for ``colour`` (+1, 0, -1): the result of a finished game, else
    the solver's value for the colour to move, turned round when that is the other colour."""
    if state.is_terminal():
        w = state.winner_colour
        return 0 if w < 0 else (1 if w == colour else -1)
    v = solver.value(state)
    if v is None:
        raise InvalidInputError(f"the solver stopped at its node cap on {solver.game.tessellation.name}")
    return v if state.colour == colour else -v


def turn_values(solver: Solver, state: FenState) -> list[int]:
    """The proved value for the player to move of each of its whole turns (in the solver's order)."""
    colour = state.colour
    out = []
    for kind, items in solver.turns(state):
        child = state.clone()
        child.play_turn(kind, items)
        out.append(outcome_for(solver, child, colour))
    return out


def _row(
    board: str, scope: str, game: FenGame, kind: str, state: FenState, value: int, turns: list[int]
) -> dict[str, Any]:
    return {
        "board": board,
        "scope": scope,
        "n": game.n,
        "e": game.e,
        "kind": kind,
        "actions": " ".join(str(a) for a in state.history),
        "turn": state.turn_number,
        "value": VALUE_NAMES[value],
        "turns": len(turns),
        "keeping_turns": sum(v == value for v in turns),
    }


def proof_positions(
    board: str, scope: str = "interior", per_board: int = 40, seed: int = 2024, tt_bits: int = 22
) -> pd.DataFrame:
    """The positions of one board and reading with their proved values (see the module docstring):
    the start, every opening, and up to ``per_board`` distinct start-of-turn positions of seeded
    random games whose decision matters. One row each: ``board``, ``scope``, ``n``, ``e``, ``kind``,
    ``actions`` (the micro-actions from the start, space-separated), ``turn``, ``value`` for the player
    to move, ``turns`` and ``keeping_turns``."""
    game = proof_game(board, scope)
    solver = proof_solver(game, tt_bits)
    start = game.new_initial_state()
    rows = [_row(board, scope, game, "start", start, outcome_for(solver, start, 0), turn_values(solver, start))]
    for kind, items in solver.turns(start):
        after = start.clone()
        after.play_turn(kind, items)
        if after.is_terminal():
            continue  # an opening that ends the game at once leaves no position (none on FEN boards)
        rows.append(_row(board, scope, game, "opening", after, outcome_for(solver, after, after.colour),
                         turn_values(solver, after)))  # fmt: skip
    seen = {(tuple(start.owner), start.colour)}
    found = 0
    for i in range(MAX_SAMPLE_GAMES):
        if found >= per_board:
            break
        rng = np.random.default_rng([seed, i])
        s = game.new_initial_state()
        while not s.is_terminal() and found < per_board:
            if s.phase == 0 and s.turn_number > 1:
                key = (tuple(s.owner), s.colour)
                if key not in seen:
                    seen.add(key)
                    value = outcome_for(solver, s, s.colour)
                    if value == 1:
                        turns = turn_values(solver, s)
                        if any(v != value for v in turns):
                            rows.append(_row(board, scope, game, "position", s, value, turns))
                            found += 1
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))])
    return pd.DataFrame(rows)


def recheck_positions(table: pd.DataFrame) -> list[str]:
    """Solve the positions of ``table`` (rows of :func:`proof_positions`) again from their actions and
    say where the value, the number of turns or the turns that keep it differ (empty: all agree).

    >>> t = proof_positions("square:1x1", per_board=0)
    >>> recheck_positions(t.head(3)), len(recheck_positions(t.head(3).assign(value="draw")))
    ([], 3)
    """
    wrong, solvers = [], {}
    for row in table.itertuples():
        key = (str(row.board), str(row.scope))
        if key not in solvers:
            solvers[key] = proof_solver(proof_game(*key))
        solver = solvers[key]
        s = replay(solver.game, "" if pd.isna(row.actions) else row.actions)
        value = outcome_for(solver, s, s.colour)
        turns = turn_values(solver, s)
        found = (VALUE_NAMES[value], len(turns), sum(v == value for v in turns))
        if found != (row.value, row.turns, row.keeping_turns):
            wrong.append(f"{key[0]} ({key[1]}) after [{row.actions}]: the table says {row.value}, {row.turns} turns, "
                         f"{row.keeping_turns} keep it; the solver {found[0]}, {found[1]}, {found[2]}")  # fmt: skip
    return wrong


def matters(table: pd.DataFrame) -> pd.Series:
    """Rows whose decision matters: the player to move wins and some turn throws the win away."""
    return (table["value"] == "win") & (table["keeping_turns"] < table["turns"])


@dataclass
class OpeningJudgement:
    """A player's self-play after one opening against the proof: the opener's wins of ``games``,
    the 95% interval, and ``verdict`` (right, misjudged, undecided, or not judged: no games played)."""

    actions: str
    proved: str  # the opening's value for the opener
    games: int
    opener_wins: int
    lo: float
    hi: float
    verdict: str
    swapped: bool | None = None  # with the pie rule on, did the player take the swap after it


@dataclass
class PlayerAgainstProof:
    """What :func:`judge_player` found for one player on one board and reading."""

    positions: int  # decisions that matter
    kept: int  # of them, turns that kept the win
    openings: int
    judgements: list[OpeningJudgement] = field(default_factory=list)

    def count(self, verdict: str) -> int:
        return sum(j.verdict == verdict for j in self.judgements)

    @property
    def swaps_right(self) -> int:
        return sum(j.swapped == (j.proved == "win") for j in self.judgements if j.swapped is not None)


def judge_opening(
    agent: Agent, state: FenState, proved: str, seed: Sequence[int], looks: Sequence[int] = OPENING_LOOKS
) -> tuple[int, int, str]:
    """(games, opener's wins, verdict) of ``agent``'s self-play from ``state`` (the position after
    an opening, pie rule off), looked at after each number of games in ``looks`` (see the module
    docstring); game i plays on the seed ``[*seed, i]``."""
    z = z_for(0.05 / len(looks))
    wins = played = 0
    opener = 1 - state.colour
    verdict = "undecided"
    for look in looks:
        while played < look:
            rng = np.random.default_rng([*seed, played])
            s = state.clone()
            while not s.is_terminal():
                s.apply(agent.step(s, rng))
            wins += s.winner_colour == opener
            played += 1
        lo, hi = wilson_interval(wins, played, z)
        side = "win" if lo > 0.5 else ("loss" if hi < 0.5 else None)
        if side is not None:
            verdict = "right" if side == proved else "misjudged"
            break
    return played, wins, verdict


def judge_player(
    agent: Agent,
    table: pd.DataFrame,
    seed: int = 2024,
    looks: Sequence[int] = OPENING_LOOKS,
    swaps: bool = True,
    progress: Callable[[str], None] | None = None,
    judge: Callable[[str], bool] | None = None,
    solver: Solver | None = None,
) -> PlayerAgainstProof:
    """``agent`` against the proved positions of one board and reading (rows of
    :func:`proof_positions`): its whole turn on every position that matters, its self-play
    judgement of every opening (of those whose actions ``judge`` accepts, default all: the others
    are ``not judged``), and (``swaps``) its swap decision after every opening with the pie rule on.
    Decision k plays on the seed ``[seed, k]``, the games after opening k on ``[seed, 1, k, i]``. A
    ``solver`` of the board's game (pie rule off) may be passed in to keep what it proved for the next player."""
    boards = table[["board", "scope"]].drop_duplicates()
    if len(boards) != 1:
        raise InvalidInputError(f"judge_player takes the rows of one board and reading, got {len(boards)}")
    board, scope = boards.iloc[0]
    game = proof_game(board, scope) if solver is None else solver.game
    kept = 0
    decisions = table[matters(table)]
    for k, row in enumerate(decisions.itertuples()):
        solver = solver or proof_solver(game)
        s = replay(game, row.actions)
        colour = s.colour
        play_turn_of(agent, s, np.random.default_rng([seed, k]))
        kept += outcome_for(solver, s, colour) == _VALUES[row.value]
    result = PlayerAgainstProof(len(decisions), kept, 0)
    openings = table[table["kind"] == "opening"]
    with_pie = proof_game(board, scope, pie_rule=True)
    for k, row in enumerate(openings.itertuples()):
        s = replay(game, row.actions)
        proved = VALUE_NAMES[-_VALUES[row.value]]  # the opener's side
        if judge is None or judge(row.actions):
            games, wins, verdict = judge_opening(agent, s, proved, (seed, 1, k), looks)
            lo, hi = wilson_interval(wins, games)
        else:
            games, wins, verdict, lo, hi = 0, 0, "not judged", math.nan, math.nan
        swapped = None
        if swaps:
            at = replay(with_pie, row.actions)
            swapped = agent.step(at, np.random.default_rng([seed, 2, k])) == at.b.SWAP
        result.judgements.append(OpeningJudgement(row.actions, proved, games, wins, lo, hi, verdict, swapped))
        if progress is not None:
            progress(
                f"{board} {scope} opening {row.actions}: {wins}/{games} for the opener, {proved} proved: {verdict}"
            )
    result.openings = len(result.judgements)
    return result


def opening_name(game: FenGame, actions: str) -> str:
    """An opening in the solved table's words: ``n0`` (node 0), ``e1+3`` (edges 1 and 3).

    >>> opening_name(proof_game("square:3x1"), "0"), opening_name(proof_game("square:3x1", "all"), "8 12")
    ('n0', 'e0+4')
    """
    V = game.board.V
    items = [int(a) for a in actions.split()]
    if items and items[0] < V:
        return "n" + "+".join(str(a) for a in items)
    return "e" + "+".join(str(a - V) for a in items)


def summary_row(agent: str, board: str, scope: str, game: FenGame, r: PlayerAgainstProof) -> dict[str, Any]:
    """One row of the agents-against-proof table: the decisions kept with their Wilson interval, the
    openings judged right, misjudged and undecided (the misjudged named), the swaps that were right."""
    lo, hi = wilson_interval(r.kept, r.positions) if r.positions else (math.nan, math.nan)
    misjudged = [opening_name(game, j.actions) for j in r.judgements if j.verdict == "misjudged"]
    swapped = [j for j in r.judgements if j.swapped is not None]
    return {
        "agent": agent,
        "board": board,
        "scope": scope,
        "n": game.n,
        "e": game.e,
        "positions": r.positions,
        "kept": r.kept,
        "share": r.kept / r.positions if r.positions else math.nan,
        "lo": lo,
        "hi": hi,
        "openings": r.openings,
        "right": r.count("right"),
        "misjudged": r.count("misjudged"),
        "undecided": r.count("undecided"),
        "not_judged": r.count("not judged"),
        "misjudged_openings": " ".join(misjudged),
        "opening_games": sum(j.games for j in r.judgements),
        "swaps": sum(bool(j.swapped) for j in swapped),
        "swaps_right": r.swaps_right,
    }


__all__ = [
    "OPENING_LOOKS",
    "OpeningJudgement",
    "PlayerAgainstProof",
    "judge_opening",
    "judge_player",
    "matters",
    "opening_name",
    "outcome_for",
    "proof_game",
    "proof_positions",
    "proof_solver",
    "recheck_positions",
    "replay",
    "summary_row",
    "turn_values",
]
