"""Negen (Lars Willemsen, 2024): spirals of dice, their validity, completions and enumerations.

>>> from negenlab.negen import Rules, parse_table, check_table
>>> [v.valid for v in check_table(parse_table("6 5 4"), Rules())]
[True]
"""
from .rules import Rules
from .table import Table, parse_table, parse_pattern, components
from .spirals import (Attempt, Interpretation, Sequence, SpiralVerdict, check_spiral, check_table,
                      is_valid_table)

__all__ = ["Rules", "Table", "parse_table", "parse_pattern", "components", "check_table", "check_spiral",
           "is_valid_table", "SpiralVerdict", "Interpretation", "Sequence", "Attempt"]

try:  # spiral analysis beyond validity (may be absent in a partial checkout)
    from .completions import Completions, complete  # noqa: F401
    __all__ += ["complete", "Completions"]
except ModuleNotFoundError as _exc:  # pragma: no cover
    if _exc.name != "negenlab.negen.completions":
        raise

# ---- Negen play (turns, game, agents): owned by the play engineer, who may append below ----
try:
    from .game import Negen  # noqa: F401
    __all__ += ["Negen"]
except ModuleNotFoundError as _exc:
    if _exc.name != "negenlab.negen.game":
        raise
try:
    from .turns import closing_turns, legal_turns  # noqa: F401
    __all__ += ["legal_turns", "closing_turns"]
except ModuleNotFoundError as _exc:
    if _exc.name != "negenlab.negen.turns":
        raise
try:
    from .turns import Position, Turn, TurnSearchResult, game_turns  # noqa: F401
    from .game import NegenState  # noqa: F401
    from .agents import GreedyAgent, NegenMCTSAgent, RandomTurnAgent, make_agent  # noqa: F401
    __all__ += ["Position", "Turn", "TurnSearchResult", "game_turns", "NegenState",
                "RandomTurnAgent", "GreedyAgent", "NegenMCTSAgent", "make_agent"]
except ModuleNotFoundError as _exc:
    if _exc.name not in ("negenlab.negen.turns", "negenlab.negen.game", "negenlab.negen.agents"):
        raise
# ---- end of the play block ----
