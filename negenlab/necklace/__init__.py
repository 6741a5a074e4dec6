"""Necklace (Mark Steere and Luis Bolaños Mures, 2024): exact engine, compiled self-play,
small-board solutions, explorer and report.

Rooms: ``rules`` (the variants), ``game`` (:class:`State` positions and :class:`NecklaceGame`
on the core protocol), ``solver`` (perfect play), ``agents`` (the compiled MCTS), ``study``
(self-play statistics, swap maps and the committed solver tables), ``svg``, ``plot``,
``widgets``, ``cli`` and ``report``.

>>> from negenlab.necklace import State, NecklaceGame
>>> s = State.from_text("R..\\n...\\n...", to_move="blue")
>>> len(s.legal_moves())
8
>>> from negenlab import games
>>> games.load("necklace", size=5).rules
Rules(size=5, swap=True)
>>> [a.describe()["agent"] for a in games.make_agents("necklace", "random,mcts:50")]
['random', 'numba_mcts']
"""

from negenlab.core.errors import IllegalMoveError
from negenlab.core.registry import GameEntry

from .agents import AGENTS
from .game import SWAP, InvalidPositionError, NecklaceGame, NecklaceState, State, secluded_points
from .rules import Rules

ENTRY = GameEntry(
    "necklace",
    make_game=NecklaceGame,
    agents=AGENTS,
    default_agent="random",
    title="Necklace",
    players={
        "random": "plays a uniformly random legal action (a placement, or under the swap rule the swap, one "
        "choice among them): a reference, not a player.",
        "mcts:N": "the compiled Monte Carlo tree search with N random playouts a move; under the swap rule Blue "
        "swaps when its best placement is worth less than one half to it. mcts:50 is weak, mcts:3200 the "
        "strongest the studies use.",
        "pie:N": "mcts:N's search that takes a win in one and decides the swap (pie) rule from its value estimate "
        "(two independent searches of N, each reading the other's chosen move): as the opener it places the "
        "opening it estimates closest to even; as Blue it swaps when it estimates the opener's chance above "
        "one half.",
        "mcts-solver:N": "mcts:N's search as an MCTS-Solver: proved wins and losses are backed up through the "
        "tree, a position where the connection engine finds a blocking win is a proved end of the game, and the "
        "mover's moves are confined to the engine's must-play region; it plays a proved win when it has one and "
        "says when its move is proved.",
        "proof:N": "before every move a df-pn proof search of at most N nodes (the connection engine's pruning, a "
        "fresh table) asks whether the mover wins, and a move it proves is played; otherwise it plays as "
        "mcts-solver:800. Its budget is the same on every board; it reads no stored proof.",
        "perfect play": "both sides play a best move, as the solver proves it (exact, no sampling).",
    },
)
"""Necklace in the game registry (:mod:`negenlab.games`): Rules fields make the game; agents
``random`` (the default), ``mcts:N`` (the compiled search), ``pie:N`` (the same search deciding
the pie rule from its value estimate), ``mcts-solver:N`` (the search backing up proved results) and ``proof:N``
(a df-pn of at most N nodes before every move, then ``mcts-solver:800``)."""

__all__ = ["State", "NecklaceGame", "NecklaceState", "Rules", "IllegalMoveError", "InvalidPositionError"]
__all__ += ["secluded_points", "SWAP", "ENTRY"]
