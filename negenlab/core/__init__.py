"""What every game shares: the game protocol, agents, seeded simulation, metrics, storage.

Plotting (``negenlab.core.plot``) and widgets (``negenlab.core.widgets``) are separate
modules so that engines never load matplotlib or ipywidgets.
"""

from .agents import Agent, MCTSAgent, RandomAgent, random_rollout
from .compare import Comparison, Estimate, compare, estimate, sprt
from .errors import IllegalMoveError, InvalidInputError, NegenlabError, StoreCorruptError, StoreMismatchError
from .game import CHANCE, TERMINAL, Game, State, play_random_game, play_with_agents
from .ladder import skill_trace
from .metrics import duration, rate, summary, wilson_interval, win_rates
from .simulate import simulate
from .store import ResultStore, table_metadata

__all__ = [
    "Agent",
    "MCTSAgent",
    "RandomAgent",
    "random_rollout",
    "IllegalMoveError",
    "InvalidInputError",
    "NegenlabError",
    "StoreMismatchError",
    "StoreCorruptError",
    "CHANCE",
    "TERMINAL",
    "Game",
    "State",
    "play_random_game",
    "play_with_agents",
    "summary",
    "duration",
    "win_rates",
    "wilson_interval",
    "rate",
    "simulate",
    "ResultStore",
    "table_metadata",
    "compare",
    "estimate",
    "sprt",
    "skill_trace",
    "Comparison",
    "Estimate",
]
