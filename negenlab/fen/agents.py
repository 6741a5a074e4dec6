"""FEN agents: random (the core's), :class:`GreedyAgent` and :class:`SwapMCTSAgent`, FEN's ``mcts``.

By name (``negenlab.games.make_agents("fen", "greedy,mcts:400")``): ``random``, ``greedy`` and
``mcts`` (``mcts:N`` simulations or ``mcts:Ns`` seconds per micro-action; its playouts are FEN's
compiled ones, :meth:`FenState.playout`). :data:`AGENTS` holds the names FEN adds to the core's
(``mcts`` replaces the core's: the same search, which also decides the swap of the pie rule).

What the players see: FEN has no hidden information and no chance, so every player sees the whole
position (every tile on the board, whose turn it is and what is left of it). The two players that
deal with the pie rule decide the swap from their own estimate of the opener's winning chance and
swap when it is above one half: :class:`SwapMCTSAgent` from its search, :class:`GreedyAgent` from
greedy self-play played out from the opening.

>>> import numpy as np
>>> from negenlab.fen import FenGame, tilings
>>> s = FenGame(tilings.triangle(3)).new_initial_state()
>>> a = GreedyAgent().step(s, np.random.default_rng(0))
>>> a in s.legal_actions()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from negenlab.core.agents import Agent, MCTSAgent, RandomAgent
from negenlab.core.checks import whole_number
from negenlab.core.registry import AgentFactory, AgentSpec, AgentSpecError

if TYPE_CHECKING:
    from .game import FenState

__all__ = ["GreedyAgent", "RandomAgent", "MCTSAgent", "SwapMCTSAgent", "AGENTS", "play_turn_of", "swap_offered"]

SWAP_PLAYOUTS = 32
"""Greedy self-play games greedy plays out from an opening to weigh the swap."""
MAX_SWAP_PLAYOUTS = 10_000


def swap_offered(state: FenState) -> bool:
    """Whether the player to move may take the swap of the pie rule now (their first turn, before placing).

    >>> from negenlab.fen import FenGame
    >>> s = FenGame("triangle:3").new_initial_state()
    >>> swap_offered(s), (s.play_turn("nodes", [0]), swap_offered(s))[1]
    (False, True)
    """
    return not state.is_terminal() and state.b.SWAP in state.legal_actions()


def opener_share(outcomes: list[float]) -> float:
    """The opener's share of a list of results from the opener's side (1 a win, -1 a loss, 0 a draw: half).

    >>> opener_share([1.0, -1.0, 0.0, 1.0])
    0.625
    """
    return float(np.mean([(r + 1) / 2 for r in outcomes])) if outcomes else 0.5


class GreedyAgent(Agent):
    """One-step greedy FEN player.

    Policy, per micro-action: capture an eligible face when able (lowest-numbered first, and keep
    capturing until none is left, so it always takes a win it has); otherwise claim the node or edge
    that makes the most faces newly eligible for the player (a face reaches k of its 2k components),
    ties broken by the largest total progress ``sum(owned components / k)`` over the item's empty
    faces that the opponent cannot already capture, then uniformly at random.

    The swap of the pie rule, its own rule: greedy has no value of a position but its own play, so
    it plays the opening out ``swap_playouts`` times in greedy self-play (the swap set aside, its
    random tie-breaks making the games differ) and swaps when the opener wins more than half of
    them (a draw counts half). It sees what every FEN player sees: the whole board.

    >>> from negenlab.fen import FenGame
    >>> s = FenGame("triangle:3").new_initial_state()
    >>> s.play_turn("nodes", [4])
    >>> g = GreedyAgent(swap_playouts=8)
    >>> 0 <= g.opener_chance(s, np.random.default_rng(1)) <= 1
    True
    """

    name = "greedy"
    rule = "it captures a face when it can, else claims the node or edge that makes the most faces eligible for it"

    def __init__(self, swap_playouts: int = SWAP_PLAYOUTS):
        self.swap_playouts = whole_number(
            swap_playouts, "swap_playouts", 1, MAX_SWAP_PLAYOUTS, "each is a whole greedy game"
        )
        self.last_swap: dict[str, Any] = {}

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name, "swap": f"greedy self-play of the opening, {self.swap_playouts} games"}

    def opener_chance(self, state: FenState, rng: np.random.Generator) -> float:
        """Greedy's estimate of the opener's winning chance at the swap: the opener's share of
        ``swap_playouts`` greedy self-play games from ``state`` with the swap set aside."""
        free = state.without_swap()
        opener = free.seat_of_colour(0)
        results = []
        for _ in range(self.swap_playouts):
            s = free.clone()
            while not s.is_terminal():
                s.apply(self._placement(s, rng))
            results.append(s.returns()[opener])
        return opener_share(results)

    def step(self, state: FenState, rng: np.random.Generator):  # type: ignore[override]
        legal = state.legal_actions()
        b = state.b
        faces = [a for a in legal if b.FACE0 <= a < b.SWAP]
        if faces:
            return faces[0]
        if b.SWAP in legal:
            if len(legal) == 1:
                return b.SWAP
            chance = self.opener_chance(state, rng)
            self.last_swap = {"opener_chance": chance, "swapped": chance > 0.5}
            if chance > 0.5:
                return b.SWAP
        return self._placement(state, rng)

    def explain(self, state: FenState, action: Any) -> str:  # type: ignore[override]
        return swap_words(self, state, action, f"{self.swap_playouts} greedy self-play games") or super().explain(
            state, action
        )

    def _placement(self, state: FenState, rng: np.random.Generator):
        """The greedy micro-action without the swap (see the class docstring)."""
        legal = state.legal_actions()
        b = state.b
        faces = [a for a in legal if b.FACE0 <= a < b.SWAP]
        if faces:
            return faces[0]
        claims = [a for a in legal if a < b.FACE0]
        if not claims:
            others = [a for a in legal if a != b.SWAP]
            return others[int(rng.integers(len(others)))] if others else legal[0]
        c = state.colour
        cnt = state.cnt[c]
        other = state.elig[1 - c]
        owner = state.owner
        need = b.need
        F0 = b.FACE0
        best, best_key = [], None
        for a in claims:
            newly = 0
            progress = 0.0
            for f in b.item_faces[a]:
                if owner[F0 + f] >= 0:
                    continue
                if cnt[f] + 1 == need[f]:
                    newly += 1
                if f not in other and cnt[f] < need[f]:
                    progress += (cnt[f] + 1) / need[f]
            key = (newly, round(progress, 9))
            if best_key is None or key > best_key:
                best, best_key = [a], key
            elif key == best_key:
                best.append(a)
        return best[int(rng.integers(len(best)))]


class SwapMCTSAgent(MCTSAgent):
    """FEN's ``mcts``: the core's UCT search (:class:`negenlab.core.agents.MCTSAgent`, random
    playouts, the most visited action played), which also decides the swap of the pie rule from
    its own estimate of the opener's winning chance.

    At the swap it searches the position with the swap set aside (its whole budget on the
    placements), and reads the search's value of the position for itself: the mean result of all
    its simulations, from -1 (it loses every one) to 1. The swap gives it the opener's side of the
    same position, worth the negative; it swaps when that is worth more, that is when it rates the
    opener's winning chance above one half, and otherwise plays the placement its search visited
    most. Everywhere else (and with the pie rule off) it is the core's search, move for move.

    Why the mean of all simulations and not the best placement's own mean: with 120 placements at
    the root and a few hundred simulations, the most visited placement has a handful of visits and
    its mean flatters the player to move; on the standard board at 200 and 800 simulations it rated
    every opening of twelve a loss for the opener, though the opener wins 58% of MCTS self-play
    without the pie rule. The mean of all simulations put the opener near that share.

    It sees the whole board, as every FEN player does (FEN has no hidden information).

    >>> from negenlab.fen import FenGame
    >>> s = FenGame("triangle:3").new_initial_state()
    >>> s.play_turn("nodes", [4])
    >>> a = SwapMCTSAgent(simulations=50)
    >>> 0 <= a.opener_chance(s, np.random.default_rng(1)) <= 1
    True
    """

    name = "mcts"

    def describe(self) -> dict[str, Any]:
        return super().describe() | {"swap": "when its search rates the opener above one half"}

    def weigh_swap(self, state: FenState, rng: np.random.Generator) -> tuple[float, Any]:
        """(the opener's winning chance as the search sees it, the placement it would play): one
        search of ``state`` with the swap set aside."""
        root = self.search(state.without_swap(), rng)
        mine = float(root.value[root.player] / max(1, root.visits))
        best = max(root.children.items(), key=lambda kv: kv[1].visits)[0] if root.children else None
        return (1 - mine) / 2, best

    def opener_chance(self, state: FenState, rng: np.random.Generator) -> float:
        """The opener's winning chance as this player's search sees it at the swap (see the class docstring)."""
        return self.weigh_swap(state, rng)[0]

    def explain(self, state: FenState, action: Any) -> str:  # type: ignore[override]
        return swap_words(self, state, action, "its search with the swap set aside") or super().explain(state, action)

    def step(self, state: FenState, rng: np.random.Generator):  # type: ignore[override]
        legal = state.legal_actions()
        swap = state.b.SWAP
        if swap not in legal or len(legal) == 1:
            return super().step(state, rng)
        chance, best = self.weigh_swap(state, rng)
        self.last_swap = {"opener_chance": chance, "swapped": chance > 0.5}
        return swap if chance > 0.5 or best is None else best


def swap_words(agent: Agent, state: FenState, action: Any, how: str) -> str:
    """Why ``agent`` swapped or did not at the pie rule's swap (after its :meth:`step` there), or ''
    when ``state`` is not at the swap or the agent did not weigh it."""
    weighed = getattr(agent, "last_swap", {})
    if not weighed or state.b.SWAP not in state.legal_actions():
        return ""
    chance = weighed["opener_chance"]
    if action == state.b.SWAP:
        return f"{agent.name} swapped colours: {how} put the opener's winning chance at {chance:.2f}, above one half."
    return (
        f"{agent.name} chose {state.action_to_string(action)} rather than swap: {how} put the opener's "
        f"winning chance at {chance:.2f}, not above one half."
    )


def play_turn_of(agent: Agent, state: FenState, rng: np.random.Generator) -> list:
    """Let ``agent`` play the whole turn of the player to move in ``state`` (in place), micro-action
    by micro-action until the turn is over (the next turn may be the same player's, when the other
    has no legal action) or the game is; the actions it played.

    >>> from negenlab.fen import FenGame
    >>> s = FenGame("triangle:3").new_initial_state()
    >>> acts = play_turn_of(GreedyAgent(), s, np.random.default_rng(0))
    >>> acts, s.current_player
    ([5], 1)
    """
    turn, played = state.turn_number, []
    while not state.is_terminal() and state.turn_number == turn:  # a skipped opponent leaves the seat to move
        a = agent.step(state, rng)
        state.apply(a)
        played.append(a)
    return played


def _greedy(spec: AgentSpec) -> Agent:
    if spec.simulations is not None or spec.seconds is not None:
        raise AgentSpecError(f"agent {str(spec)!r}: greedy takes no budget")
    return GreedyAgent()


def _mcts(spec: AgentSpec) -> Agent:
    if spec.simulations is None and spec.seconds is None:
        return SwapMCTSAgent(simulations=200)
    return SwapMCTSAgent(simulations=spec.simulations, seconds=spec.seconds)


AGENTS: dict[str, AgentFactory] = {"greedy": _greedy, "mcts": _mcts}
