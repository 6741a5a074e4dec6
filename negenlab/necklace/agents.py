"""Necklace agents: a compiled MCTS (numba) that plays any seat, including the swap decision.

``NumbaMCTSAgent(simulations)`` runs UCT with random playouts inside numba (see
``_kernels.mcts``); the core :class:`negenlab.core.agents.MCTSAgent` also works on
Necklace and uses the compiled ``NecklaceState.playout`` automatically, but its tree lives in
Python and is much slower.

In the registry (``negenlab.games``, every ``--agents``) ``mcts`` is this compiled agent:
``mcts:N`` runs N simulations per decision, bare ``mcts`` runs :data:`DEFAULT_SIMULATIONS`. Its
budget is a number of simulations only (the search runs inside one compiled call, which keeps
no clock): ``mcts:2s`` raises :class:`~negenlab.core.registry.AgentSpecError` saying so.

>>> import numpy as np
>>> from negenlab.necklace import NecklaceGame, Rules
>>> s = NecklaceGame(Rules(size=3, swap=False)).new_initial_state()
>>> s.apply((0, 1)); s.apply((1, 0))
>>> NumbaMCTSAgent(300).step(s, np.random.default_rng(0))   # (1, 1) wins at once
(1, 1)
>>> from negenlab.core.registry import parse_agent_spec
>>> mcts_agent(parse_agent_spec("mcts:400")).describe()
{'agent': 'numba_mcts', 'simulations': 400, 'c': 1.4}
>>> mcts_agent(parse_agent_spec("mcts:2s"))
Traceback (most recent call last):
...
negenlab.core.registry.AgentSpecError: agent 'mcts:2s': Necklace's mcts is the compiled search, whose budget is simulations per decision (mcts:400; 9x9 runs several thousand a second), not seconds

``pie:N`` (:class:`PieAgent`) places as ``mcts:N`` does, takes a win in one when it has one, and decides
the pie rule from its value estimate (:func:`opener_chance`): as the opener it places the opening it
estimates closest to even, and as Blue it swaps when it estimates the opener's chance above one half.

Every Necklace player sees the whole position (the board, the colour to move and whether Blue may
still swap): the game has no hidden information and no chance, so there is nothing a player could
be kept from seeing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from negenlab.core.agents import Agent
from negenlab.core.checks import real_number, whole_number
from negenlab.core.errors import InvalidInputError
from negenlab.core.registry import AgentFactory, AgentSpec, AgentSpecError

from . import _kernels as K
from ._mcts_solver_kernels import mcts_solver
from .game import RED, SWAP, NecklaceState, State
from .rules import point_name
from .solver import ProofSearch, symmetry_maps

DEFAULT_SIMULATIONS = 200  # bare "mcts", as the core registry's mcts
MAX_SIMULATIONS = 200_000
"""The compiled search allocates its whole tree up front: about 40 nodes of 35 bytes per simulation,
so 200,000 simulations take about 280 MB (a 9x9 decision of about a minute)."""
_SIMULATIONS_WHY = "the compiled search allocates its tree up front, about 1.4 KB per simulation"


def mcts_values(
    position: State, simulations: int, rng: np.random.Generator, c: float = 1.4, max_nodes: int | None = None
) -> dict:
    """``{(row, col): (visits, value)}`` at the root; value = mean reward (win 1, draw 0.5) of the
    colour to move. Also returns the number of simulations actually run under key ``"_done"``."""
    if position.over:
        raise InvalidInputError("the game is over: nothing to search")
    simulations = whole_number(simulations, "simulations", 1, MAX_SIMULATIONS, _SIMULATIONS_WHY)
    n = position.n
    if max_nodes is None:
        max_nodes = max(10_000, simulations * 40 + n * n + 1)
    max_nodes = whole_number(max_nodes, "max_nodes", 1, MAX_SIMULATIONS * 40 + n * n + 1, _SIMULATIONS_WHY)
    moves, visits, values, done, _ = K.mcts(
        position.board,
        n,
        position.to_move,
        int(simulations),
        float(c),
        K.make_rng_state(int(rng.integers(2**63))),
        int(max_nodes),
    )
    out: dict[Any, Any] = {
        divmod(int(p), n): (float(v), float(q)) for p, v, q in zip(moves, visits, values, strict=True)
    }
    out["_done"] = int(done)
    return out


def _position_to_act(state, agent: str) -> tuple[State, list]:
    """The position an agent acts in (a game state's position, or a position) and its legal actions;
    a finished game is one line naming the ``agent``."""
    position = state.position if isinstance(state, NecklaceState) else state
    actions = position.legal_actions()
    if not actions:
        raise InvalidInputError(f"{agent} asked to act in a finished game")
    return position, actions


class NumbaMCTSAgent(Agent):
    """UCT (c = 1.4) with ``simulations`` random playouts per move, all compiled.

    Policy: play the most visited root move. On Blue's first turn under the swap rule,
    search Blue's placements first; swap when Blue's best estimated value is below 0.5
    (then Red's side is the better one to own).
    """

    name = "numba_mcts"
    rule = "UCT search with random playouts, playing the most visited move"

    def __init__(self, simulations: int = 1000, c: float = 1.4):
        self.simulations = whole_number(simulations, "simulations", 1, MAX_SIMULATIONS, _SIMULATIONS_WHY)
        self.c = real_number(c, "c", 0, 1e6)
        self.last_reason = ""  # why the last step chose its move, in words (see explain)

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "simulations": self.simulations, "c": self.c}

    def step(self, state, rng: np.random.Generator):
        position, actions = _position_to_act(state, "NumbaMCTSAgent")
        placements = [a for a in actions if a != SWAP]
        if not placements:
            self.last_reason = "its only legal move"
            return SWAP
        if len(placements) == 1 and SWAP not in actions:
            self.last_reason = "its only legal move: no search"
            return placements[0]
        stats = mcts_values(position, self.simulations, rng, self.c)
        done = stats.pop("_done")
        best = max(stats.items(), key=lambda kv: kv[1][0])
        self.last_reason = f"after {done} simulations: {_top_moves(stats)}"
        if SWAP in actions:  # Blue's first turn under the swap rule
            worth = f"as Blue its best placement is worth {best[1][1]:.2f} to it"
            if best[1][1] < 0.5:
                self.last_reason += f"; {worth}, below one half, so it takes over Red's side and stone"
                return SWAP
            self.last_reason += f"; it did not swap: {worth}, not below one half"
        elif position.swap_rule and position.placements == 0 and not position.swapped:
            self.last_reason += "; it opens without weighing the swap rule (Blue may take this opening over)"
        return best[0]

    @property
    def player(self) -> str:
        """The player's name as the glossary writes it: ``mcts:N`` (N simulations a move)."""
        return f"mcts:{self.simulations}"

    def explain(self, state, action) -> str:
        """Why the last :meth:`step` chose ``action``, naming the player as the glossary does
        (``mcts:N``): the most visited moves with their visits and value (the mover's mean reward, win 1),
        points counted from 1, and under the swap rule whether and why it swapped.

        >>> from negenlab.necklace import NecklaceGame, Rules
        >>> s, agent = NecklaceGame(Rules(size=4, swap=False)).new_initial_state(), NumbaMCTSAgent(100)
        >>> line = agent.explain(s, agent.step(s, np.random.default_rng(0)))
        >>> line.startswith("mcts:100 played row "), "after 100 simulations: row " in line
        (True, True)
        """
        reason = self.last_reason or self.rule_text()
        done = "swapped" if action == SWAP else f"played {point_name(*action)}"
        return f"{self.player} {done}{': ' if reason.startswith('its only') else ' '}{reason}."


def _top_moves(stats: dict, top: int = 3) -> str:
    """The ``top`` most visited moves of :func:`mcts_values` in words, points counted from 1."""
    best = sorted(stats.items(), key=lambda kv: -kv[1][0])[:top]
    return "; ".join(f"{point_name(*m)}: {int(v)} visits, value {q:.2f}" for m, (v, q) in best)


def _simulations(spec: AgentSpec) -> int:
    """The simulations a spec of the compiled search names (bare: :data:`DEFAULT_SIMULATIONS`)."""
    if spec.seconds is not None:
        raise AgentSpecError(
            f"agent {str(spec)!r}: Necklace's {spec.name} is the compiled search, whose budget is "
            f"simulations per decision ({spec.name}:400; 9x9 runs several thousand a second), not seconds"
        )
    simulations = spec.simulations if spec.simulations is not None else DEFAULT_SIMULATIONS
    if simulations > MAX_SIMULATIONS:
        raise AgentSpecError(
            f"agent {str(spec)!r}: Necklace's {spec.name} runs at most {MAX_SIMULATIONS} simulations per decision "
            f"({_SIMULATIONS_WHY})"
        )
    return simulations


def mcts_agent(spec: AgentSpec) -> NumbaMCTSAgent:
    """The registry's ``mcts`` for Necklace: the compiled :class:`NumbaMCTSAgent` (``mcts:N``: N simulations)."""
    return NumbaMCTSAgent(_simulations(spec))


def winning_placement(position: State) -> tuple[int, int] | None:
    """A placement that connects the mover's edges at once (the first in board order), or None.

    >>> winning_placement(State.from_text("R..\\n.B.\\nR..", to_move="red"))
    (1, 0)
    >>> winning_placement(State.initial(3, swap=False)) is None
    True
    """
    if position.over:
        return None
    n, colour = position.n, position.to_move
    stamp = np.zeros(n * n, dtype=np.int32)
    stack = np.empty(n * n, dtype=np.int32)
    board = position.board.copy()
    for gen, (r, c) in enumerate(position.legal_moves(), start=1):
        p = r * n + c
        board[p] = colour
        won = K.wins_through(board, n, p, stamp, gen, stack)
        board[p] = 0
        if won:
            return (r, c)
    return None


def cross_estimate(
    position: State, simulations: int, rng: np.random.Generator, c: float = 1.4
) -> tuple[float, tuple[int, int]]:
    """``(value, move)``: the mover's chance of winning from ``position`` and the placement it would
    play, from two independent searches of ``simulations`` each. The value of the most visited
    move of one search is read in the other, both ways, and averaged: the most visited move's value
    in its own search is the best of many noisy means and so too high (mcts:400, which swaps when that
    value is below one half, never swapped in 308 games on 5x5 and 6x6 while its self-play gave Red 64%
    and 60%), while its value in a search that did not choose it is not (the double estimator). The
    move is the most visited over both.

    >>> s = State.from_text("R..\\n...\\n...", to_move="blue")
    >>> value, move = cross_estimate(s, 200, np.random.default_rng(1))
    >>> 0 <= value <= 1, move in s.legal_moves()
    (True, True)
    """
    first = mcts_values(position, simulations, rng, c)
    second = mcts_values(position, simulations, rng, c)
    first.pop("_done")
    second.pop("_done")
    top_first = max(first, key=lambda m: first[m][0])
    top_second = max(second, key=lambda m: second[m][0])
    value = (second[top_first][1] + first[top_second][1]) / 2
    move = max(first, key=lambda m: first[m][0] + second[m][0])
    return float(value), move


def opener_chance(position: State, simulations: int, rng: np.random.Generator, c: float = 1.4) -> float:
    """The opener's (Red's) estimated chance of winning after the opening stone, Blue to move:
    one minus Blue's :func:`cross_estimate`. The number :class:`PieAgent` decides the pie rule by.

    >>> s = State.initial(5, swap=False); s.play((2, 2))
    >>> 0 <= opener_chance(s, 100, np.random.default_rng(0)) <= 1
    True
    """
    if position.over or position.to_move == RED or position.placements != 1:
        raise InvalidInputError("the opener's chance is read with one red stone on the board and Blue to move")
    return 1.0 - cross_estimate(position, simulations, rng, c)[0]


def opening_classes(n: int) -> list[tuple[int, int]]:
    """One opening of each class of points equal under the four colour-preserving symmetries
    (mirror left-right, top-bottom, half turn), in board order: the openings a pie-aware opener weighs.

    >>> opening_classes(3)
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    """
    maps = symmetry_maps(n)
    return [divmod(p, n) for p in range(n * n) if int(maps[:, p].min()) == p]


class PieAgent(NumbaMCTSAgent):
    """``pie:N``: the compiled search of ``mcts:N`` that takes a win in one and decides the pie rule
    from its value estimate.

    It sees the whole position: the board, the colour to move and whether Blue may still swap
    (Necklace hides nothing). Policy, in order:

    1. a placement that connects its edges at once is played (the first in board order);
    2. opening under the swap rule (Red on the empty board, Blue free to swap): for one opening of
       each symmetry class it estimates the opener's chance (:func:`opener_chance`, 2 searches of N
       each) and places the one closest to one half, since Blue takes whichever side is ahead;
    3. Blue's first turn under the swap rule: it estimates the opener's chance the same way and
       swaps when it is above one half, else places the move the two searches visited most;
    4. any other turn: the most visited move of one search of N simulations, as ``mcts:N``.

    Without the swap rule it plays as ``mcts:N`` except for step 1 (which ``mcts:N`` usually finds too:
    a winning child keeps a value of 1 and draws the visits).

    >>> from negenlab.necklace import NecklaceGame, Rules
    >>> s = NecklaceGame(Rules(size=3, swap=False)).new_initial_state()
    >>> s.apply((0, 1)); s.apply((1, 0)); s.apply((1, 1)); s.apply((0, 0))
    >>> PieAgent(50).step(s, np.random.default_rng(0))   # (2, 1) connects Red's edges
    (2, 1)
    >>> opened = NecklaceGame(Rules(size=3, swap=True)).new_initial_state()
    >>> PieAgent(100).step(opened, np.random.default_rng(0)) in opening_classes(3)
    True
    """

    name = "pie_mcts"

    @property
    def player(self) -> str:
        """The player's name as the glossary writes it: ``pie:N``."""
        return f"pie:{self.simulations}"

    def step(self, state, rng: np.random.Generator):
        position, actions = _position_to_act(state, "PieAgent")
        win = winning_placement(position)
        if win is not None:
            self.last_reason = "because it connects its edges at once"
            return win
        if SWAP in actions:
            value, move = cross_estimate(position, self.simulations, rng, self.c)
            chance = f"the opener's estimated chance is {1.0 - value:.2f} (two searches of {self.simulations})"
            if 1.0 - value > 0.5:
                self.last_reason = f"because {chance}, above one half"
                return SWAP
            self.last_reason = f"rather than swap: {chance}, not above one half"
            return move
        if position.swap_rule and position.placements == 0 and not position.swapped:
            return self.opening(position, rng)
        return super().step(state, rng)

    def opening(self, position: State, rng: np.random.Generator) -> tuple[int, int]:
        """The opening whose estimated chance for the opener is closest to one half (the first
        such class in board order on a tie)."""
        gaps = []
        for point in opening_classes(position.n):
            after = State.initial(position.n, swap=False)
            after.play(point)
            gaps.append((abs(opener_chance(after, self.simulations, rng, self.c) - 0.5), point))
        gap, point = min(gaps)
        self.last_reason = (
            f"as the opening whose estimated chance for the opener is closest to one half "
            f"({0.5 + gap:.2f} or {0.5 - gap:.2f}, over {len(gaps)} opening classes): Blue may swap"
        )
        return point


def pie_agent(spec: AgentSpec) -> PieAgent:
    """The registry's ``pie`` for Necklace: :class:`PieAgent` (``pie:N``: N simulations a search).

    >>> from negenlab.core.registry import parse_agent_spec
    >>> pie_agent(parse_agent_spec("pie:800")).describe()
    {'agent': 'pie_mcts', 'simulations': 800, 'c': 1.4}
    """
    return PieAgent(_simulations(spec))


ENGINE_LEVELS = {0: "no engine", 1: "blocking wins end the game", 2: "blocking wins and the must-play region"}
"""What the connection engine does inside :func:`solver_values` at each ``engine`` level."""
COLOUR_WORD = {1: "red", 2: "blue", 0: "draw"}


def solver_values(
    position: State,
    simulations: int,
    rng: np.random.Generator,
    c: float = 1.4,
    engine: int = 2,
    max_nodes: int | None = None,
) -> tuple[dict, dict[str, Any]]:
    """The compiled MCTS-Solver (:func:`~negenlab.necklace._mcts_solver_kernels.mcts_solver`) from
    ``position``: ``({(row, col): (visits, value, proved)}, root)``, value the mover's mean reward,
    ``proved`` the child's proved winner (``"red"``, ``"blue"``, ``"draw"``) or None, and ``root``
    ``{"proved": ..., "done": simulations run, "nodes": ...}``.

    >>> s = State.from_text("R..\\n.B.\\nR..", to_move="red")
    >>> stats, root = solver_values(s, 100, np.random.default_rng(0))
    >>> root["proved"], stats[(1, 0)][2]
    ('red', 'red')
    """
    if position.over:
        raise InvalidInputError("the game is over: nothing to search")
    simulations = whole_number(simulations, "simulations", 1, MAX_SIMULATIONS, _SIMULATIONS_WHY)
    engine = whole_number(engine, "engine (0 none, 1 blocking wins, 2 also the must-play region)", 0, 2)
    n = position.n
    if max_nodes is None:
        max_nodes = max(10_000, simulations * 40 + n * n + 1)
    max_nodes = whole_number(max_nodes, "max_nodes", 1, MAX_SIMULATIONS * 40 + n * n + 1, _SIMULATIONS_WHY)
    moves, visits, values, winners, root, done, used = mcts_solver(
        position.board,
        n,
        position.to_move,
        int(simulations),
        float(c),
        K.make_rng_state(int(rng.integers(2**63))),
        int(max_nodes),
        int(engine),
    )
    stats = {
        divmod(int(p), n): (float(v), float(q), COLOUR_WORD.get(int(w)))
        for p, v, q, w in zip(moves, visits, values, winners, strict=True)
    }
    return stats, {"proved": COLOUR_WORD.get(int(root)), "done": int(done), "nodes": int(used)}


class MCTSSolverAgent(Agent):
    """``mcts-solver:N``: MCTS-Solver, ``mcts:N``'s compiled UCT with proved results backed up through
    the tree (Winands et al. 2008) and the connection engine's blocking wins as ends of the game, the
    mover confined to the must-play region (``engine=2``; 1 without the region, 0 no engine).

    Policy, in order: a placement that connects its edges at once; a child proved a win for it (the
    most visited such); when every move is proved lost, the most visited; otherwise the most visited
    move not proved lost. On Blue's first turn under the swap rule it swaps when Blue's position is
    proved lost, or, unproved, when its best placement's value is below one half (as ``mcts:N``).

    >>> s = State.from_text("R..\\n.B.\\nR..", to_move="red")
    >>> agent = MCTSSolverAgent(400)
    >>> move = agent.step(s, np.random.default_rng(0))
    >>> move, agent.explain(s, move)
    ((1, 0), 'mcts-solver:400 played row 2, col 1 because it connects its edges at once (a proved win).')
    >>> s = State.from_text("....\\n.R..\\n..B.\\n....", to_move="red")
    >>> agent.explain(s, agent.step(s, np.random.default_rng(0))).startswith("mcts-solver:400 played row")
    True
    """

    name = "mcts_solver"
    rule = "MCTS-Solver: UCT with proved wins and losses backed up, the connection engine's blocking wins as ends"

    def __init__(self, simulations: int = 1000, c: float = 1.4, engine: int = 2):
        self.simulations = whole_number(simulations, "simulations", 1, MAX_SIMULATIONS, _SIMULATIONS_WHY)
        self.c = real_number(c, "c", 0, 1e6)
        self.engine = whole_number(engine, "engine (0 none, 1 blocking wins, 2 also the must-play region)", 0, 2)
        self.last_reason = ""
        self.last_proved: str | None = None  # the root's proved winner at the last step, or None

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "simulations": self.simulations, "c": self.c, "engine": self.engine}

    @property
    def player(self) -> str:
        """The player's name as the glossary writes it: ``mcts-solver:N``."""
        return f"mcts-solver:{self.simulations}"

    def step(self, state, rng: np.random.Generator):
        position, actions = _position_to_act(state, "MCTSSolverAgent")
        self.last_proved = None
        placements = [a for a in actions if a != SWAP]
        if not placements:
            self.last_reason = "its only legal move"
            return SWAP
        win = winning_placement(position)
        if win is not None:
            self.last_proved = position.colour_to_move
            self.last_reason = "because it connects its edges at once (a proved win)"
            return win
        if len(placements) == 1 and SWAP not in actions:
            self.last_reason = "its only legal move: no search"
            return placements[0]
        stats, root = solver_values(position, self.simulations, rng, self.c, self.engine)
        me = position.colour_to_move
        self.last_proved = root["proved"]
        searched = f"after {root['done']} simulation{'s' if root['done'] != 1 else ''}"
        if root["proved"] == me:
            won = [m for m, t in stats.items() if t[2] == me]
            move = max(won, key=lambda m: stats[m][0])
            self.last_reason = f"as a proved win ({searched}: the search proved this move wins with perfect play)"
        elif root["proved"] is not None:
            move = max(stats, key=lambda m: stats[m][0])
            result = "a draw" if root["proved"] == "draw" else f"a win for {root['proved']}"
            self.last_reason = f"{searched}: every move proved to lead to {result}; the most visited"
        else:
            open_moves = [m for m, t in stats.items() if t[2] is None] or list(stats)
            move = max(open_moves, key=lambda m: stats[m][0])
            lost = sum(t[2] is not None for t in stats.values())
            self.last_reason = (
                f"{searched}, not proved ({lost} moves proved lost): {_top_moves({m: t[:2] for m, t in stats.items()})}"
            )
        if SWAP in actions:  # Blue's first turn under the swap rule
            if root["proved"] is not None and root["proved"] != me:
                self.last_reason += "; Blue's side is proved lost, so it takes over Red's side and stone"
                return SWAP
            if root["proved"] is None and stats[move][1] < 0.5:
                self.last_reason += (
                    f"; as Blue its best placement is worth {stats[move][1]:.2f}, below one half: it swaps"
                )
                return SWAP
        return move

    def explain(self, state, action) -> str:
        """Why the last :meth:`step` chose ``action``: whether the move is proved, in words."""
        reason = self.last_reason or self.rule_text()
        done = "swapped" if action == SWAP else f"played {point_name(*action)}"
        return f"{self.player} {done}{': ' if reason.startswith('its only') else ' '}{reason}."


def mcts_solver_agent(spec: AgentSpec) -> MCTSSolverAgent:
    """The registry's ``mcts-solver`` for Necklace (``mcts-solver:N``: N simulations a decision).

    >>> from negenlab.core.registry import parse_agent_spec
    >>> mcts_solver_agent(parse_agent_spec("mcts-solver:800")).describe()
    {'agent': 'mcts_solver', 'simulations': 800, 'c': 1.4, 'engine': 2}
    """
    return MCTSSolverAgent(_simulations(spec))


PROOF_ENGINE = 7
"""The connection engine level of ``proof:N``'s df-pn (:class:`~negenlab.necklace.solver.ProofSearch`)."""
PROOF_TT_BITS = 21
"""``proof:N``'s df-pn table: 2**21 entries (73 MB), fresh for every move."""
PROOF_FALLBACK = 800
"""The MCTS-Solver simulations ``proof:N`` runs when its df-pn does not prove a win."""
MAX_PROOF_NODES = 10_000_000
_PROOF_NODES_WHY = "df-pn with the engine searches about 10,000 nodes a second: 10**7 is a quarter of an hour a move"
_PROOF_MEMO: dict[tuple, tuple[bool | None, tuple[int, int] | None, int, int]] = {}
_PROOF_MEMO_SIZE = 200_000


def proved_move(
    position: State, nodes: int, engine: int = PROOF_ENGINE, tt_bits: int = PROOF_TT_BITS
) -> tuple[bool | None, tuple[int, int] | None, int]:
    """``(wins, move, used)``: whether the mover wins ``position`` with perfect play, by df-pn of at most
    ``nodes`` nodes from a fresh table (connection engine ``engine``), None when the cap stops it; ``move``
    a placement proved to keep the win (the first in board order whose proof the table holds, else the
    first whose own df-pn of at most the root's ``used`` nodes proves it; None when neither finds one or
    the mover does not win); ``used`` the nodes the root's search took.

    The answer depends on the position alone (a fresh table, a search that stops only at its cap), so it is
    kept in a memo: a later call reuses it when its own cap reaches the nodes a decided search took, or stays
    within the cap of one that stopped. Recomputing gives the same answer (tested), so the memo only saves
    time; it never holds a proof from anywhere else.

    >>> proved_move(State.initial(3, swap=False), 10_000)[:2]   # 3x3: Red wins (the centre is one winning move)
    (True, (1, 1))
    """
    if position.over:
        raise InvalidInputError("the game is over: nothing to prove")
    nodes = whole_number(nodes, "nodes", 1, MAX_PROOF_NODES, _PROOF_NODES_WHY)
    me = int(position.to_move)
    key = (position.n, position.board.tobytes(), me, int(engine), int(tt_bits))
    held = _PROOF_MEMO.get(key)
    if held is not None:
        wins, move, used, cap = held
        if wins is not None and used <= nodes:
            return wins, move, used
        if wins is None and nodes <= cap:
            return None, None, nodes + 1  # a search stopped by its cap counts the node that crossed it
    search = ProofSearch(position.n, tt_bits=tt_bits, engine=engine, node_cap=nodes)
    try:
        wins = search.wins(position.board, me, me)
    except RuntimeError:
        wins = None
    used = int(search.nodes)
    move = None
    if wins:
        children = []
        for m in position.legal_moves():
            child = position.copy()
            child.play(m)
            if child.over:  # a win at once (the caller takes those first)
                move = m
                break
            children.append((m, child))
        if move is None:
            move = next((m for m, c in children if search.proven(c.board, int(c.to_move), me)), None)
        if move is None:
            for m, c in children:
                search.node_cap = used
                try:
                    if search.wins(c.board, int(c.to_move), me):
                        move = m
                        break
                except RuntimeError:
                    continue
    if len(_PROOF_MEMO) >= _PROOF_MEMO_SIZE:
        _PROOF_MEMO.clear()
    _PROOF_MEMO[key] = (wins, move, used, nodes)
    return wins, move, used


class ProofAgent(MCTSSolverAgent):
    """``proof:N``: a df-pn proof search of at most N nodes before every move, then ``mcts-solver:800``.

    Each move it asks whether the mover wins with perfect play (:func:`proved_move`: df-pn with the
    connection engine, level :data:`PROOF_ENGINE`, from a fresh table of 2**21 entries, at most N nodes),
    and plays a placement proved to keep the win when the search proves one. Otherwise (the mover proved
    lost, or the cap reached) it plays as ``mcts-solver`` with :data:`PROOF_FALLBACK` simulations. On Blue's
    first turn under the swap rule it swaps when placing is proved lost (Red's side then wins: Necklace
    has no draws reachable) and places a proved win when it has one. The opening under the swap rule is
    ``mcts-solver``'s (the proof does not see the swap that follows it). The budget is the same on every board
    size: N df-pn nodes, then 800 simulations; it reads no stored proof.

    >>> s = State.from_text("R...\\n.B..\\n....\\n....", to_move="red")
    >>> agent = ProofAgent(200_000)
    >>> move = agent.step(s, np.random.default_rng(0))
    >>> agent.last_proved, agent.explain(s, move).startswith("proof:200000 played")
    ('red', True)
    """

    name = "proof_search"
    rule = "df-pn of at most N nodes proves a winning move when it can; else MCTS-Solver with 800 simulations"

    def __init__(self, nodes: int, simulations: int = PROOF_FALLBACK, c: float = 1.4, engine: int = 2):
        super().__init__(simulations, c, engine)
        self.nodes = whole_number(nodes, "proof nodes", 1, MAX_PROOF_NODES, _PROOF_NODES_WHY)

    def describe(self) -> dict[str, Any]:
        proof = {"proof_nodes": self.nodes, "proof_engine": PROOF_ENGINE, "proof_tt_bits": PROOF_TT_BITS}
        return {**super().describe(), "agent": self.name, **proof}

    @property
    def player(self) -> str:
        """The player's name as the glossary writes it: ``proof:N``."""
        return f"proof:{self.nodes}"

    def step(self, state, rng: np.random.Generator):
        position, actions = _position_to_act(state, "ProofAgent")
        placements = [a for a in actions if a != SWAP]
        opening = position.swap_rule and position.placements == 0 and not position.swapped  # Blue may swap it
        if (
            placements
            and not opening
            and winning_placement(position) is None
            and (len(placements) > 1 or SWAP in actions)
        ):
            wins, move, used = proved_move(position, self.nodes)  # the proof takes no swap: not asked at the opening
            if wins and move is not None:
                self.last_proved = position.colour_to_move
                self.last_reason = f"as a proved win (df-pn proved in {used:,} nodes that this move wins)"
                return move
            if wins is False and SWAP in actions:
                self.last_proved = "red"
                self.last_reason = f"as Blue's side is proved lost (df-pn, {used:,} nodes): it takes over Red's side"
                return SWAP
        return super().step(state, rng)


def proof_agent(spec: AgentSpec) -> ProofAgent:
    """The registry's ``proof`` for Necklace (``proof:N``: N df-pn nodes a move, then ``mcts-solver:800``).

    >>> from negenlab.core.registry import parse_agent_spec
    >>> proof_agent(parse_agent_spec("proof:1000000")).describe()["proof_nodes"]
    1000000
    """
    if spec.seconds is not None or spec.simulations is None:
        raise AgentSpecError(
            f"agent {str(spec)!r}: Necklace's proof player's budget is df-pn nodes a move (proof:1000000), "
            "given always: nothing else bounds its search"
        )
    return ProofAgent(spec.simulations)


AGENTS: dict[str, AgentFactory] = {
    "mcts": mcts_agent,
    "pie": pie_agent,
    "mcts-solver": mcts_solver_agent,
    "proof": proof_agent,
}
