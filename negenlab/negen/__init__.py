"""Negen (Lars Willemsen, 2024): spirals of dice, their validity, every legal turn, and the game.

>>> from negenlab.negen import Rules, parse_table, check_table, legal_turns
>>> [v.valid for v in check_table(parse_table("6 5 4"), Rules())]
[True]
>>> len(legal_turns("6 5 4", board=(3, 2)).turns)
4
>>> from negenlab import games
>>> games.load("negen", players=4).num_players, [a.name for a in games.make_agents("negen", "greedy,mcts:50")]
(4, ['greedy', 'mcts'])
"""

from negenlab.core.registry import GameEntry

from .agents import FACTORIES, CloserAgent, GreedyAgent, NegenMCTSAgent, RandomTurnAgent
from .completions import Completions, complete
from .game import NegenGame, NegenState, make_game
from .rules import Rules
from .spirals import (
    Attempt,
    Interpretation,
    Reason,
    Sequence,
    SpiralVerdict,
    check_spiral,
    check_table,
    is_valid_table,
    spiral_status,
    uncovered_reasons,
)
from .table import Table, as_table, components, layout, parse_pattern, parse_table, spiral_key, table_key
from .turns import (
    Position,
    Turn,
    TurnSearchResult,
    can_close,
    closing_dice,
    closing_turns,
    find_closing_turn,
    legal_turns,
)

ENTRY = GameEntry(
    "negen",
    make_game,
    agents=FACTORIES,
    default_agent="closer",
    title="Negen",
    players={
        "closer": "plays a closing turn when it has one (the exact closing search), else a uniformly random legal "
        "turn: a player who takes its wins and plans nothing else.",
        "greedy": "takes a win when it has one, else plays the turn that leaves the next player the lowest exact "
        "odds of closing: a one-turn planner.",
        "mcts:N": "takes a win when it has one, else searches whole turns by Monte Carlo tree search with N "
        "simulations a decision.",
        "random": "a uniformly random legal turn, even when a winning one exists: a reference, not a player.",
        "planner": "takes a win when it has one, else plays the turn with the best chance of winning the round "
        "before anybody else moves, less the chance that the next player can then close with the board it holds "
        "(the boards on the table are open to all): a two-move planner, the stronger of the page's two player "
        "strengths.",
        "depleter": "a closer that seeks to deplete its board: it takes a win when it has one, else adds every board "
        "die when it can (for the fresh turn with 4 new dice that depleting gives), else plays at random: the "
        "designer's advice to deplete, played.",
    },
)
"""Negen in the game registry (:mod:`negenlab.games`): Rules fields make the game; agents
``closer`` (the default: takes a win, else plays at random), ``greedy``, ``mcts`` (Negen's own MCTS
over whole turns) and ``random`` (a reference that ignores wins)."""

__all__ = [
    "Rules",
    "Table",
    "parse_table",
    "parse_pattern",
    "components",
    "as_table",
    "layout",
    "spiral_key",
    "table_key",
    "check_table",
    "check_spiral",
    "is_valid_table",
    "spiral_status",
    "SpiralVerdict",
    "Interpretation",
    "Sequence",
    "Attempt",
    "Reason",
    "uncovered_reasons",
    "complete",
    "Completions",
    "legal_turns",
    "closing_turns",
    "closing_dice",
    "can_close",
    "find_closing_turn",
    "Position",
    "Turn",
    "TurnSearchResult",
    "NegenGame",
    "NegenState",
    "make_game",
    "CloserAgent",
    "RandomTurnAgent",
    "GreedyAgent",
    "NegenMCTSAgent",
    "ENTRY",
]
