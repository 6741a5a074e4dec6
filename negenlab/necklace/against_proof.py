"""Agents measured against perfect play, on the boards the solver has proved (4x4 and 5x5).

An agent is trusted only as far as it agrees with perfect play where proofs exist. Three
measurements, each on the same positions and seeds for every agent (common random numbers):

- **won positions**: positions reached in play where the side to move wins with perfect play and
  some legal placement throws the win away (:func:`won_positions`, every child proved by the
  df-pn solver); an agent keeps the proved value when its placement leaves a position its side
  still wins (:func:`keeps`);
- **the swap decision**: after every opening under the swap rule, Blue's right choice is to swap
  exactly when the opening wins for Red with perfect play (the committed solution);
- **openings judged by self-play**: Red's share of self-play games after each opening class,
  with its 95% interval, against the proved winner (:func:`judged`): ``right``, ``misjudged`` when
  the interval lies on the wrong side of one half, ``undecided`` when it holds one half.

:func:`summary` turns the three into one row per agent and board size, :func:`stops_misjudging`
names the smallest budget of a player family (``mcts`` unless told) from which no larger budget misjudges a
proved opening, and :func:`trusted_strengths` the two weakest strengths of the first family measured that
misjudge none on evidence at 7x7's reach (the players a verdict about openings may come from; a ``proof:N``
counts only where its df-pn proves no opening class from Blue's first reply, :func:`openings_proved`).

>>> judged(0.71, 0.62, 0.79, "blue"), judged(0.55, 0.48, 0.62, "blue"), judged(0.66, 0.57, 0.74, "red")
('misjudged', 'undecided', 'right')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from negenlab.core.errors import InvalidInputError
from negenlab.core.metrics import wilson_interval

from . import ENTRY
from .agents import (
    MCTSSolverAgent,
    NumbaMCTSAgent,
    PieAgent,
    ProofAgent,
    cross_estimate,
    mcts_values,
    proved_move,
    solver_values,
    winning_placement,
)
from .game import SWAP, NecklaceState, State
from .rules import point_name
from .solver import ProofSearch, symmetry_maps

NODE_CAPS = (20_000, 200_000, 2_000_000)
"""A proof is tried with these node caps in turn (the table kept between tries); a position whose
value or whose children's values are still open after the last is left out and counted."""
MOVE_NAMES = {SWAP: "swap"}


def position_text(position: State) -> str:
    """The board on one line, rows separated by ``/`` (``R`` red, ``B`` blue, ``.`` empty).

    >>> position_text(State.from_text("R..\\n.B.\\n...", "red"))
    'R../.B./...'
    """
    return position.to_text().replace("\n", "/")


def position_from_text(text: str, to_move: str) -> State:
    """The position :func:`position_text` wrote (swap off).

    >>> position_from_text("R../.B./...", "red").legal_moves()[:2]
    [(0, 1), (0, 2)]
    """
    return State.from_text(text.replace("/", "\n"), to_move=to_move)


def action_text(action: Any) -> str:
    """A placement as ``"r,c"`` (0-based) or ``"swap"``.

    >>> action_text((2, 1)), action_text("swap")
    ('2,1', 'swap')
    """
    return "swap" if action == SWAP else f"{int(action[0])},{int(action[1])}"


def canonical_key(position: State) -> tuple[bytes, int]:
    """One key for a position and its images under the four colour-preserving symmetries."""
    maps = symmetry_maps(position.n)
    images = []
    for k in range(4):
        image = np.empty_like(position.board)
        image[maps[k]] = position.board
        images.append(image.tobytes())
    return min(images), int(position.to_move)


def proved_win(search: ProofSearch, board: np.ndarray, to_move: int, target: int, caps=NODE_CAPS) -> bool | None:
    """Whether ``target`` wins from ``board`` with ``to_move`` to move, proved by df-pn under the
    node caps in turn; None when the last cap stops it first.

    >>> from negenlab.necklace._kernels import RED
    >>> proved_win(ProofSearch(3), np.zeros(9, dtype=np.int8), RED, RED)   # 3x3 is a first-player win
    True
    """
    for cap in caps:
        search.node_cap = int(cap)
        try:
            return search.wins(board, to_move, target)
        except RuntimeError:
            continue
    return None


def sample_positions(
    size: int, games: int, seed: int, min_stones: int, player: str = "mcts:200"
) -> list[tuple[int, State]]:
    """One position from each of ``games`` seeded games of ``player`` against itself (swap off),
    each game opened on a uniformly random point: a uniformly random position of the game with at
    least ``min_stones`` stones, the mover to place and the game not over. Positions equal under
    the board's symmetries are kept once. Returns ``(game index, position)`` pairs.

    >>> [len(p.legal_moves()) > 0 for _, p in sample_positions(3, 3, seed=1, min_stones=2, player="random")]
    [True, True, True]
    """
    agent = ENTRY.make_agent(player)
    seen: set = set()
    out = []
    for g in range(games):
        rng = np.random.default_rng([seed, size, g])
        s = State.initial(size, swap=False)
        s.play(divmod(int(rng.integers(size * size)), size))
        candidates = []
        while not s.over:
            if s.placements >= min_stones:
                candidates.append(s.copy())
            s.play(agent.step(NecklaceState(s), rng))
        if not candidates:
            continue
        pick = candidates[int(rng.integers(len(candidates)))]
        key = canonical_key(pick)
        if key not in seen:
            seen.add(key)
            out.append((g, pick))
    return out


def won_positions(
    positions: Iterable[tuple[int, State]],
    search: ProofSearch,
    wanted: int,
    caps=NODE_CAPS,
    progress: Callable[[str], None] | None = None,
) -> tuple[list[dict], dict[str, int]]:
    """The first ``wanted`` of ``positions`` where the mover wins with perfect play and some legal
    placement throws the win away, each with its winning placements (every child proved), and the
    tally of the others: ``lost`` (the mover does not win), ``every move wins`` and ``open`` (a
    proof stopped by the last cap).

    >>> from negenlab.necklace.solver import ProofSearch
    >>> found, tally = won_positions(sample_positions(4, 6, seed=3, min_stones=2), ProofSearch(4), wanted=2)
    >>> sorted(found[0]) == ['game', 'legal', 'position', 'stones', 'to_move', 'value', 'win_in_one', 'winning']
    True
    """
    tally = {"tried": 0, "lost": 0, "every move wins": 0, "open": 0}
    found: list[dict] = []
    for game, position in positions:
        if len(found) >= wanted:
            break
        tally["tried"] += 1
        mover = int(position.to_move)
        won = proved_win(search, position.board, mover, mover, caps)
        if won is None:
            tally["open"] += 1
            continue
        if not won:
            tally["lost"] += 1
            continue
        winning, unresolved = [], False
        moves = position.legal_moves()
        for move in moves:
            child = position.copy()
            child.play(move)
            kept = True if child.over else proved_win(search, child.board, int(child.to_move), mover, caps)
            if kept is None:
                unresolved = True
                break
            if kept:
                winning.append(move)
        if unresolved:
            tally["open"] += 1
            continue
        if len(winning) == len(moves):
            tally["every move wins"] += 1
            continue
        found.append(
            {
                "game": game,
                "position": position_text(position),
                "to_move": position.colour_to_move,
                "stones": int(position.placements),
                "value": position.colour_to_move,
                "legal": len(moves),
                "winning": " ".join(action_text(m) for m in winning),
                "win_in_one": winning_placement(position) is not None,
            }
        )
        if progress is not None and len(found) % 25 == 0:
            progress(f"{position.n}x{position.n}: {len(found)} won positions ({tally})")
    return found, tally


def keeps(action: str, winning: str) -> bool:
    """Whether an action (``"r,c"`` or ``"swap"``) is among the winning ones (space-separated).

    >>> keeps("1,2", "0,0 1,2"), keeps("swap", "0,0")
    (True, False)
    """
    return action in str(winning).split()


def decision_seed(seed: int, size: int, index: int) -> np.random.Generator:
    """The random stream of every agent's decision at one position (common random numbers)."""
    return np.random.default_rng([seed, size, index])


def swap_estimate(agent: Any, position: State, rng: np.random.Generator) -> float:
    """The opener's chance of winning as ``agent`` estimates it when it decides the swap after the
    opening in ``position`` (drawn from ``rng`` exactly as the agent's own decision draws it): for
    ``pie:N`` :func:`~negenlab.necklace.agents.cross_estimate`'s, for ``mcts:N`` one minus the value
    of its most visited placement (it swaps when that is below one half); for ``mcts-solver:N`` 1 or 0
    when its search proves the opening won or lost for the opener, else as ``mcts:N``; for ``proof:N`` 0 or 1
    when its df-pn proves Blue's side won or lost, else as ``mcts-solver``; NaN for others."""
    if isinstance(agent, ProofAgent):
        wins = proved_move(position, agent.nodes)[0]
        if wins is not None:
            return 0.0 if wins else 1.0
    if isinstance(agent, MCTSSolverAgent):
        stats, root = solver_values(position, agent.simulations, rng, agent.c, agent.engine)
        if root["proved"] is not None:
            return {"red": 1.0, "blue": 0.0}.get(root["proved"], 0.5)
        return 1.0 - max((t for t in stats.values() if t[2] is None), key=lambda t: t[0])[1]
    if isinstance(agent, PieAgent):
        return 1.0 - cross_estimate(position, agent.simulations, rng, agent.c)[0]
    if isinstance(agent, NumbaMCTSAgent):
        stats = mcts_values(position, agent.simulations, rng, agent.c)
        stats.pop("_done")
        return 1.0 - max(stats.values(), key=lambda t: t[0])[1]
    return float("nan")


def decisions(
    agents: Sequence[str],
    won: Sequence[dict],
    openings: pd.DataFrame,
    seed: int,
    progress: Callable[[str], None] | None = None,
) -> pd.DataFrame:
    """The positions table: one row per won position (``kind`` ``won position``) and per opening
    under the swap rule (``kind`` ``swap decision``; the opening wins for Red exactly when
    ``winning`` is ``swap``), with each agent's action (column ``<agent>``) on the same random
    stream, and for the swap decisions each agent's estimate of the opener's chance
    (``estimate <agent>``). ``won`` rows are :func:`won_positions`' with ``size``; ``openings``
    the committed ``size, row, col, value`` of the proved openings."""
    made = {spec: ENTRY.make_agent(spec) for spec in agents}
    rows = []
    for i, w in enumerate(won):
        size = int(w["size"])
        row = {"kind": "won position", **{k: w[k] for k in ("size", "position", "to_move", "stones", "value")}}
        row |= {"legal": int(w["legal"]), "winning": w["winning"], "win_in_one": bool(w["win_in_one"])}
        position = position_from_text(w["position"], w["to_move"])
        for spec, agent in made.items():
            action = agent.step(NecklaceState(position.copy()), decision_seed(seed, size, i))
            row[spec] = action_text(action)
        rows.append(row)
    if progress is not None:
        progress(f"{len(won)} won positions decided by {len(made)} agents")
    for size in sorted(set(openings["size"].astype(int))):
        proved = openings[openings["size"].astype(int) == size]
        for r, c, value in proved[["row", "col", "value"]].itertuples(index=False):
            if value not in ("red", "blue"):
                continue
            state = NecklaceState(State.initial(size, swap=True))
            state.apply((int(r), int(c)))
            index = 10_000 + int(r) * size + int(c)
            row = {"kind": "swap decision", "size": size, "position": position_text(state.position)}
            row |= {"to_move": "blue", "stones": 1, "value": "blue", "legal": len(state.legal_actions())}
            row |= {"winning": "swap" if value == "red" else "place", "win_in_one": False}
            for spec, agent in made.items():
                row[spec] = action_text(agent.step(state.clone(), decision_seed(seed, size, index)))
                row[f"estimate {spec}"] = swap_estimate(agent, state.position, decision_seed(seed, size, index))
            rows.append(row)
    return pd.DataFrame(rows)


def swap_right(action: str, winning: str) -> bool:
    """A swap decision is right when the agent swaps after a Red-won opening and places after a
    Blue-won one (``winning`` is ``swap`` or ``place``).

    >>> swap_right("swap", "swap"), swap_right("2,2", "place"), swap_right("swap", "place")
    (True, True, False)
    """
    return (action == "swap") == (winning == "swap")


def judged(value: float, lo: float, hi: float, proved: str) -> str:
    """An opening judged by Red's self-play share and its interval against the proved winner."""
    says = "red" if lo > 0.5 else ("blue" if hi < 0.5 else "undecided")
    if says == "undecided":
        return "undecided"
    return "right" if says == proved else "misjudged"


def opening_row(agent: str, size: int, opening: tuple[int, int], red_wins: int, games: int, draws: int,
                proved: str) -> dict[str, Any]:  # fmt: skip
    """One opening class judged by ``agent``'s self-play after it (Blue to move, no swap)."""
    lo, hi = wilson_interval(red_wins, games)
    value = red_wins / games
    return {
        "agent": agent,
        "size": size,
        "opening": action_text(opening),
        "point": point_name(*opening),
        "value": value,
        "lo": lo,
        "hi": hi,
        "n": games,
        "draws": draws,
        "proved": proved,
        "judged": judged(value, lo, hi, proved),
    }


def _rate(k: int, n: int) -> tuple[float, float, float]:
    lo, hi = wilson_interval(int(k), int(n))
    return (k / n if n else float("nan")), lo, hi


def summary(agents: Sequence[str], positions: pd.DataFrame, openings: pd.DataFrame | None) -> pd.DataFrame:
    """One row per agent and board size: the won positions where its placement keeps the win
    (``kept`` of ``positions``, a Wilson interval), how many of them had a win in one and how many
    of those it took, its swap decisions (``swap_right`` of ``openings_decided``) and, where it played
    the self-play of every opening class (``openings``), the classes it judged right, left
    undecided or misjudged. An agent with no column in ``positions`` (measured by self-play alone) has those
    left empty.

    >>> pos = pd.DataFrame({"kind": ["won position", "swap decision"], "size": 4, "winning": ["1,1", "swap"],
    ...                     "win_in_one": [False, False], "random": ["1,1", "2,2"]})
    >>> summary(["random"], pos, None)[["agent", "kept", "positions", "swap_right"]].values.tolist()
    [['random', 1, 1, 0]]
    """
    rows = []
    for size in sorted(set(positions["size"].astype(int))):
        here = positions[positions["size"].astype(int) == size]
        won = here[here["kind"] == "won position"]
        swaps = here[here["kind"] == "swap decision"]
        for agent in agents:
            if agent not in here:
                row = {"agent": agent, "size": size, "positions": None, "kept": None, "value": float("nan")}
                row |= {"lo": float("nan"), "hi": float("nan"), "wins_in_one": None, "wins_in_one_taken": None}
                row |= {"openings_decided": None, "swap_right": None, "swap": float("nan")}
                row |= {"swap_lo": float("nan"), "swap_hi": float("nan")}
                rows.append(_judgements(row, agent, size, openings))
                continue
            kept = sum(keeps(a, w) for a, w in zip(won[agent], won["winning"], strict=True))
            in_one = won[won["win_in_one"].astype(bool)]
            taken = sum(keeps(a, w) for a, w in zip(in_one[agent], in_one["winning"], strict=True))
            right = sum(swap_right(a, w) for a, w in zip(swaps[agent], swaps["winning"], strict=True))
            value, lo, hi = _rate(kept, len(won))
            swap, swap_lo, swap_hi = _rate(right, len(swaps))
            row = {"agent": agent, "size": size, "positions": len(won), "kept": int(kept), "value": value}
            row |= {"lo": lo, "hi": hi, "wins_in_one": len(in_one), "wins_in_one_taken": int(taken)}
            row |= {"openings_decided": len(swaps), "swap_right": int(right), "swap": swap}
            row |= {"swap_lo": swap_lo, "swap_hi": swap_hi}
            rows.append(_judgements(row, agent, size, openings))
    return pd.DataFrame(rows)


def _judgements(row: dict[str, Any], agent: str, size: int, openings: pd.DataFrame | None) -> dict[str, Any]:
    """``row`` with the proved opening classes ``agent``'s self-play judged on ``size`` (empty when none)."""
    mine = None if openings is None else openings[(openings["agent"] == agent) & (openings["size"] == size)]
    if mine is not None and len(mine):
        counts = mine["judged"].value_counts()
        row |= {"classes": len(mine), **{k: int(counts.get(k, 0)) for k in ("right", "undecided", "misjudged")}}
        row["games"] = int(mine["n"].sum())
    else:
        row |= {"classes": None, "right": None, "undecided": None, "misjudged": None, "games": None}
    return row


def family_budget(agent: str) -> tuple[str, int] | None:
    """An ``name:N`` spec as ``(name, N)``, else None (a spec with no budget, or one in seconds).

    >>> family_budget("mcts:800"), family_budget("proof:1000000"), family_budget("random")
    (('mcts', 800), ('proof', 1000000), None)
    """
    name, _, budget = str(agent).partition(":")
    return (name, int(budget)) if name and budget.isdigit() else None


def mcts_budget(agent: str) -> int | None:
    """The simulations of an ``mcts:N`` spec, else None.

    >>> mcts_budget("mcts:800"), mcts_budget("pie:800"), mcts_budget("random")
    (800, None, None)
    """
    found = family_budget(agent)
    return found[1] if found is not None and found[0] == "mcts" else None


def families(table: pd.DataFrame) -> list[str]:
    """The player families whose self-play judged the proved openings in ``table`` (:func:`summary`, or the
    openings table), in the table's order: the ``name`` of each ``name:N`` agent with a judgement.

    >>> t = pd.DataFrame({"agent": ["random", "mcts:50", "pie:800", "proof:10"], "misjudged": [1, 2, None, 0]})
    >>> families(t)
    ['mcts', 'proof']
    """
    judged = table if "misjudged" not in table else table[table["misjudged"].notna()]
    found = (family_budget(a) for a in judged["agent"])
    return list(dict.fromkeys(f[0] for f in found if f is not None))


def stops_misjudging(table: pd.DataFrame, family: str = "mcts") -> int | None:
    """The smallest ``family:N`` budget (``mcts:N`` unless told) from which no budget tried misjudges a
    proved opening on any board size of ``table`` (:func:`summary`), or None when the largest still does.

    >>> t = pd.DataFrame({"agent": ["mcts:50", "mcts:200", "mcts:800"], "size": 5, "misjudged": [2, 0, 0]})
    >>> stops_misjudging(t), stops_misjudging(t.assign(misjudged=[0, 0, 1]))
    (200, None)
    """
    budgets: dict[int, int] = {}
    for r in table.to_dict("records"):
        found = family_budget(r["agent"])
        if found is None or found[0] != family or pd.isna(r.get("misjudged")):
            continue
        budgets[found[1]] = budgets.get(found[1], 0) + int(r["misjudged"])
    if not budgets:
        raise InvalidInputError(f"no {family}:N row judged the proved openings; nothing to say where misjudging stops")
    found_budget = None
    for b in sorted(budgets, reverse=True):
        if budgets[b]:
            break
        found_budget = b
    return found_budget


REACH_COLUMN = "openings_proved"
"""The summary's column saying how far a player's proof reaches on its board: for ``proof:N``, the proved opening
classes whose position after the opening (Blue to move) its df-pn of N nodes decides (:func:`openings_proved`);
empty for a player with no df-pn."""
PROOF_FAMILIES = ("proof",)
"""The player families whose moves may come from a df-pn proof (``proof:N``)."""
SEVEN_REACH = (
    "on 7x7 df-pn at these budgets proves no early move (a 7x7 move df-pn cannot prove takes 240-500 s at a "
    "million nodes, and the 6x6 opening classes stay open after 27.5 million nodes)"
)
"""Why only evidence at the fallback's reach counts for 7x7: the fact about 7x7 the rule rests on."""


def openings_proved(agent: str, size: int, classes: Iterable[tuple[int, int]]) -> int | None:
    """For a ``proof:N`` player, how many of the opening ``classes`` of a ``size`` board its df-pn of N nodes
    decides from the position after the opening (Blue to move, no swap; :func:`~negenlab.necklace.agents.proved_move`
    from a fresh table, as the player asks it before its first reply); None for a player with no df-pn.

    >>> classes = [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> openings_proved("proof:100", 4, classes), openings_proved("proof:1000", 4, classes), openings_proved("proof:100000", 4, classes)
    (0, 1, 4)
    >>> openings_proved("mcts:800", 3, [(1, 1)]) is None
    True
    """
    found = family_budget(agent)
    if found is None or found[0] not in PROOF_FAMILIES:
        return None
    decided = 0
    for r, c in classes:
        after = State.initial(int(size), swap=False)
        after.play((int(r), int(c)))
        decided += proved_move(after, found[1])[0] is not None
    return decided


def at_seven_reach(row: dict[str, Any] | pd.Series) -> bool:
    """Whether one summary row is evidence for the 7x7 line (:func:`trusted_strengths`' rule): a player with no
    df-pn always; a ``proof:N`` only where its df-pn decides none of the board's proved opening classes from
    Blue's first reply (:data:`REACH_COLUMN` 0), so that the replies that decide them are its fallback's, as
    they are on 7x7; a ``proof:N`` row with the column empty or missing is no evidence.

    The rule looks at Blue's first reply alone, which decides the Blue-won classes. In a Red-won class Red's second
    move decides, and df-pn reaches it sooner: at 20,000 nodes it decides Red's second move after 24 of Blue's 24
    replies to the opening 2,2 and 18 of 24 to 1,2 (at 50,000, 24 of 24 after 2,2). So passing the rule is necessary,
    not sufficient: a Red-won class judged right by such a budget is partly its proof's.

    >>> at_seven_reach({"agent": "mcts:800"}), at_seven_reach({"agent": "proof:20000", "openings_proved": 0})
    (True, True)
    >>> at_seven_reach({"agent": "proof:1000000", "openings_proved": 9}), at_seven_reach({"agent": "proof:10"})
    (False, False)
    """
    found = family_budget(row["agent"])
    if found is None or found[0] not in PROOF_FAMILIES:
        return True
    reach = row.get(REACH_COLUMN)
    return reach is not None and not pd.isna(reach) and int(reach) == 0


def trusted_strengths(table: pd.DataFrame, count: int = 2) -> list[str]:
    """The ``count`` weakest strengths of one player family trusted for the 7x7 fair-opening line: the one judge
    of which players a verdict about openings may come from.

    The rule: a strength is trusted only on evidence at a reach comparable to 7x7's. On 7x7 the moves that decide
    an opening are the player's own search, not a proof (:data:`SEVEN_REACH`), so only rows where that holds on
    the proved boards count (:func:`at_seven_reach`): every judged row of a player with no df-pn, and of a
    ``proof:N`` only the rows where its df-pn proves none of the board's proved opening classes from Blue's first
    reply (:data:`REACH_COLUMN` 0; a ``proof:N`` that proves them, as a million nodes does on 5x5, is judged there by
    its proof alone, which says nothing about 7x7). Among those rows, for each family measured (:func:`families`,
    in the table's order) the budgets from :func:`stops_misjudging` on, less any budget with a misjudged row at any
    reach; the first family with ``count`` of them gives its ``count`` smallest; [] when none has so many.

    >>> t = pd.DataFrame({"agent": ["mcts:800", "mcts:3200", "proof:10", "proof:20", "proof:40"], "size": 5,
    ...                   "misjudged": [3, 0, 0, 0, 0], "openings_proved": [None, None, 0, 0, 9]})
    >>> trusted_strengths(t), trusted_strengths(t.assign(misjudged=[3, 0, 1, 0, 0]))
    (['proof:10', 'proof:20'], [])
    >>> trusted_strengths(t.assign(openings_proved=[None, None, 0, 9, 9]))   # proof:20 and 40 proved the openings
    []
    """
    judged = table if "misjudged" not in table else table[table["misjudged"].notna()]
    missed = {
        a for a, m in zip(judged["agent"], judged.get("misjudged", pd.Series(0, index=judged.index)), strict=True) if m
    }
    evidence = judged[[at_seven_reach(r) for r in judged.to_dict("records")]] if len(judged) else judged
    for family in families(evidence):
        stops = stops_misjudging(evidence, family)
        if stops is None:
            continue
        budgets = sorted(
            {
                f[1]
                for a in evidence["agent"]
                if (f := family_budget(a)) is not None and f[0] == family and f[1] >= stops and a not in missed
            }
        )
        if len(budgets) >= count:
            return [f"{family}:{b}" for b in budgets[:count]]
    return []


__all__ = [
    "NODE_CAPS",
    "PROOF_FAMILIES",
    "REACH_COLUMN",
    "SEVEN_REACH",
    "action_text",
    "at_seven_reach",
    "canonical_key",
    "decisions",
    "families",
    "family_budget",
    "judged",
    "keeps",
    "mcts_budget",
    "opening_row",
    "openings_proved",
    "position_from_text",
    "position_text",
    "proved_win",
    "sample_positions",
    "stops_misjudging",
    "summary",
    "swap_estimate",
    "swap_right",
    "trusted_strengths",
    "won_positions",
]
