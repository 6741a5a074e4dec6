"""FEN (rules by Phil Leduc, 2024), implemented for rules analysis.

Boards of any shape (:class:`Tessellation`, :mod:`negenlab.fen.tilings`, board specs in
:mod:`negenlab.fen.boards`), the per-turn counts n/e derived from a board (:func:`derive_ne`),
and the game (:class:`FenGame`, :mod:`negenlab.fen.game`) on negenlab's core protocol. The
designer's rules text is not reproduced here.

>>> from negenlab.fen import FenGame, derive_ne, tilings
>>> board = tilings.triangle(7)
>>> r = derive_ne(board)
>>> r.n, r.e
(1, 3)

The registry entry (``negenlab.games.load("fen", board="hexagon:2", pie_rule=False)``):

>>> from negenlab import games
>>> g = games.load("fen", board="hexagon:1")
>>> type(g).__name__, (g.n, g.e), [a.name for a in games.make_agents("fen", "greedy,mcts:50")]
('FenGame', (2, 3), ['greedy', 'mcts'])
"""

from negenlab.core.registry import GameEntry

from . import tilings
from .agents import AGENTS
from .game import FenGame, FenState, make_game
from .ne import NEReading, NEResult, derive_ne
from .rules import Rules
from .tessellation import BoardError, BoardWarning, Tessellation

ENTRY = GameEntry(
    "fen",
    make_game,
    AGENTS,
    default_agent="greedy",
    title="FEN",
    players={
        "random": "a uniformly random legal placement each micro-action (a claim, a capture, the swap): a reference, "
        "not a player.",
        "greedy": "captures a face whenever it can (so it takes a win it has), else claims the node or edge that "
        "makes the most faces newly capturable for it: a one-placement planner. At the pie rule's swap it plays the "
        "opening out 32 times in greedy self-play and swaps when the opener wins more than half of them.",
        "mcts:N": "searches each placement by Monte Carlo tree search with N simulations (random playouts to the end "
        "of the game). At the pie rule's swap it searches the position with the swap set aside and swaps when its "
        "search rates the opener's winning chance above one half (the mean result of all its simulations).",
        "directed": "the blocked study's search playouts, not a player: placements that keep the two players' faces "
        "level, to hunt for drawn blocked ends.",
    },
)
"""FEN in the game registry (:mod:`negenlab.games`): ``greedy`` (the default: it takes a win it has
and decides the pie rule's swap, where random swaps in about 1 game of 100), ``random`` and ``mcts``."""

__all__ = [
    "Tessellation",
    "BoardError",
    "BoardWarning",
    "tilings",
    "derive_ne",
    "NEResult",
    "NEReading",
    "FenGame",
    "FenState",
    "Rules",
    "make_game",
    "ENTRY",
]
