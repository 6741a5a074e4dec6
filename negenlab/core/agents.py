"""Agents that play any game of the core protocol.

An agent is a picklable object with ``step(state, rng) -> action`` and ``describe()``.
All its randomness comes from the ``rng`` passed in, so simulations are reproducible.

>>> import numpy as np
>>> from negenlab.core.agents import MCTSAgent
>>> from negenlab.core.examples import Nim
>>> state = Nim((1, 2)).new_initial_state()
>>> MCTSAgent(simulations=300).step(state, np.random.default_rng(1))  # the only winning move
(1, 1)
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from .checks import optional_whole, real_number
from .errors import InvalidInputError
from .game import State, play_randomly
from .searching import interrupt_pending

MAX_SIMULATIONS = 10_000_000
"""The largest MCTS budget in simulations per decision: the tree keeps a node per simulation
(hundreds of bytes each), so 10**7 simulations already need gigabytes."""
MAX_SECONDS = 3600.0
"""The largest MCTS budget in seconds per decision (an hour)."""
MIN_SECONDS = 0.001
"""The smallest MCTS budget in seconds per decision (a millisecond): a smaller one would end before a
single simulation, leaving the search nothing to choose by."""
TOP_MOVES = 3
"""How many of the most visited moves :meth:`MCTSAgent.explain` names."""
SIMULATIONS_WHY = "the search tree keeps a node per simulation, so more would need tens of gigabytes"
SECONDS_WHY = "an hour per decision"


_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")
_LONGEST_RULE = 160


def plain_sentence(doc: str, limit: int = _LONGEST_RULE) -> str:
    """The first sentence of a docstring in plain words: Sphinx roles and double backquotes removed,
    a leading "Policy:" dropped, cut at a word before ``limit`` characters (with an ellipsis).

    >>> plain_sentence("Policy: close when :func:`~a.b.can_close` says so. Otherwise ``random``.")
    'close when can_close says so'
    """
    text = " ".join(doc.strip().split("\n\n")[0].split())
    text = _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], text).replace("``", "")
    text = text.removeprefix("Policy:").strip()
    text = re.split(r"(?<=[a-z0-9)])\. ", text)[0].rstrip(".")
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return text


def _lower_first(text: str) -> str:
    """``text`` with its first letter lowered unless it starts a word in capitals (UCT, MCTS)."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


class Agent:
    """Base class; subclasses implement :meth:`step`."""

    name = "agent"
    rule = ""
    """The rule the agent plays by in one plain line (what :meth:`explain` says); empty: the first
    sentence of the class docstring, its markup removed."""

    def step(self, state: State, rng: np.random.Generator):
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {"agent": self.name}

    def rule_text(self) -> str:
        """:attr:`rule`, or else the first sentence of the class docstring in plain words.

        >>> MCTSAgent().rule_text()
        'UCT Monte-Carlo tree search for any number of players'
        """
        return self.rule or plain_sentence(type(self).__doc__ or "")

    def explain(self, state: State, action: Any) -> str:
        """One line on why the agent chose ``action`` in ``state`` (asked after :meth:`step`, before
        the action is applied): by default the rule it plays by (:meth:`rule_text`).

        >>> from negenlab.core.examples import Nim
        >>> state = Nim((1, 2)).new_initial_state()
        >>> RandomAgent().explain(state, state.legal_actions()[0])
        'random chose (0, 1): uniformly random legal action.'
        """
        rule = self.rule_text()
        chosen = state.action_to_string(action)
        if not rule:
            return f"{self.name} chose {chosen}."
        return f"{self.name} chose {chosen}: {_lower_first(rule)}" + ("" if rule.endswith("…") else ".")

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self.describe().items() if k != "agent")
        return f"{type(self).__name__}({params})"


class RandomAgent(Agent):
    """Uniformly random legal action."""

    name = "random"

    def step(self, state: State, rng: np.random.Generator):
        actions = state.legal_actions()
        if not actions:
            raise InvalidInputError("RandomAgent asked to act in a position with no legal action")
        return actions[int(rng.integers(len(actions)))]


def random_rollout(state: State, rng: np.random.Generator, max_actions: int = 100_000) -> list[float]:
    """Play ``state`` (in place) to the end with random actions; return the returns.

    A game may provide a faster ``state.playout(rng) -> returns`` (compiled); MCTS uses it when present.
    """
    return list(play_randomly(state, rng, max_actions).returns())


class _Node:
    __slots__ = ("player", "visits", "value", "children", "untried", "settled")

    def __init__(self, state: State, settle: Callable[[State], list[float] | None] | None = None):
        self.player = state.current_player
        self.visits = 0
        self.value = np.zeros(state.num_players)
        self.children: dict = {}
        self.settled = None  # the value of a node the game settles without search (never expanded)
        if state.is_terminal() or state.is_chance_node():
            self.untried = []
            return
        if settle is not None:
            self.settled = settle(state)
        self.untried = [] if self.settled is not None else list(state.legal_actions())


class HiddenInformationError(InvalidInputError):
    """An agent asked to play a state whose hidden information it would have to see to search it."""


class MCTSAgent(Agent):
    """UCT Monte-Carlo tree search for any number of players.

    Each node keeps the sum of returns *per player*; selection maximises the mean
    return of the player to move plus ``c * sqrt(ln N / n)``. Chance nodes are
    handled by sampling an outcome with the search's own Generator (a child per
    outcome seen). Leaves are valued by a random rollout, or by the state's own
    ``playout(rng)`` when the game provides a fast one, or by ``evaluator``.

    Budget: ``simulations`` (reproducible) or ``seconds`` (wall clock, therefore not
    reproducible). The move played is the most visited child.
    """

    name = "mcts"

    def __init__(
        self,
        simulations: int | None = 1000,
        seconds: float | None = None,
        c: float = 1.4,
        evaluator: Callable[[State, np.random.Generator], list[float]] | None = None,
    ):
        if simulations is None and seconds is None:
            raise InvalidInputError("MCTSAgent needs a budget: simulations=N or seconds=S")
        self.simulations = optional_whole(simulations, "simulations", 1, MAX_SIMULATIONS, SIMULATIONS_WHY)
        self.seconds = (
            None if seconds is None else real_number(seconds, "seconds", MIN_SECONDS, MAX_SECONDS, SECONDS_WHY)
        )
        self.c = real_number(c, "c", 0, 1e6)
        self.evaluator = evaluator
        self.last_search: dict[str, Any] = {}
        self._hidden = False

    def describe(self) -> dict[str, Any]:
        d: dict[str, Any] = {"agent": self.name, "c": self.c}
        if self.simulations is not None:
            d["simulations"] = self.simulations
        if self.seconds is not None:
            d["seconds"] = self.seconds
        if self.evaluator is not None:
            d["evaluator"] = getattr(self.evaluator, "__name__", repr(self.evaluator))
        return d

    # ------------------------------------------------------------------
    def settled_value(self, state: State) -> list[float] | None:
        """The value of a decision node known without searching it (e.g. its mover has a winning
        move), or None to search it. Such a node is a leaf: its actions are never listed."""
        return None

    def _evaluate(self, state: State, rng: np.random.Generator) -> list[float]:
        if self.evaluator is not None:
            return list(self.evaluator(state, rng))
        playout = getattr(state, "playout", None)
        if playout is not None:
            return list(playout(rng))
        return random_rollout(state, rng)

    def search(self, state: State, rng: np.random.Generator) -> _Node:
        """Run the search from ``state`` and return the root node (for analysis). Where the state hides
        information (:attr:`~negenlab.core.game.State.hidden_information`), every simulation starts from a
        world drawn by ``state.resample_from_infostate(mover, rng)``: the search sees what the mover's seat
        sees and nothing else (one tree over the moves, each world playing the moves legal in it)."""
        self._hidden = bool(getattr(state, "hidden_information", False))
        if self._hidden and type(state).resample_from_infostate is State.resample_from_infostate:
            raise HiddenInformationError(
                f"{self.name} cannot play {type(state).__name__} without seeing what its seat does not: the state "
                "hides information and gives no resample_from_infostate(player, rng) to draw the worlds its seat "
                "cannot tell apart"
            )
        root = _Node(state)  # the root is always searched
        mover = root.player
        self._settled = 0
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        while True:
            if self.simulations is not None and n >= self.simulations:
                break
            if deadline is not None and n and time.perf_counter() >= deadline:  # one simulation at least
                break
            if n and interrupt_pending():  # Ctrl-C: the enclosing game stops after this move
                break
            self._simulate(root, state.resample_from_infostate(mover, rng) if self._hidden else state.clone(), rng)
            n += 1
        p = root.player
        top = sorted(root.children.items(), key=lambda kv: -kv[1].visits)[:TOP_MOVES]
        self.last_search = {
            "simulations": n,
            "settled": self._settled,
            "top": [(a, c.visits, c.value[p] / c.visits) for a, c in top],
        }
        return root

    def _simulate(self, node: _Node, state: State, rng: np.random.Generator) -> np.ndarray:
        path = [node]
        while True:
            if state.is_terminal() or node.settled is not None:
                break
            if state.is_chance_node():
                outcome = state.sample_chance(rng)
                state.apply(outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node(state, self.settled_value)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            legal = set(state.legal_actions()) if self._hidden else None
            action = self._untried(node, state, legal, rng)
            if action is not None:
                state.apply(action)
                child = node.children[action] = _Node(state, self.settled_value)
                path.append(child)
                break
            action, node = self._select(node, legal)
            state.apply(action)
            path.append(node)
        leaf = path[-1]
        if leaf.settled is not None:
            self._settled += 1
            value = np.asarray(leaf.settled, dtype=float)
        else:
            value = np.asarray(state.returns() if state.is_terminal() else self._evaluate(state, rng), dtype=float)
        for n in path:
            n.visits += 1
            n.value += value
        return value

    @staticmethod
    def _untried(node: _Node, state: State, legal: set | None, rng: np.random.Generator) -> Any:
        """A move of ``node`` not tried yet, drawn at random and taken off its list (None: all tried).
        Under hidden information (``legal``: this world's moves) the node first learns the moves this
        world allows that no earlier world did, and draws among those legal here."""
        if legal is None:
            if not node.untried:
                return None
            i = int(rng.integers(len(node.untried)))
            action = node.untried[i]
            node.untried[i] = node.untried[-1]
            node.untried.pop()
            return action
        node.untried += [a for a in state.legal_actions() if a not in node.children and a not in node.untried]
        here = [a for a in node.untried if a in legal]
        if not here:
            return None
        action = here[int(rng.integers(len(here)))]
        node.untried.remove(action)
        return action

    def _select(self, node: _Node, legal: set | None = None) -> tuple:
        log_n = math.log(node.visits)
        best, best_score = None, -math.inf
        p = node.player
        for action, child in node.children.items():
            if legal is not None and action not in legal:
                continue
            score = child.value[p] / child.visits + self.c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = (action, child), score
        return best  # type: ignore[return-value]

    def step(self, state: State, rng: np.random.Generator):
        actions = state.legal_actions()
        if not actions:
            raise InvalidInputError("MCTSAgent asked to act in a position with no legal action")
        if len(actions) == 1:
            self.last_search = {}
            return actions[0]
        root = self.search(state, rng)
        return max(root.children.items(), key=lambda kv: kv[1].visits)[0]

    def explain(self, state: State, action: Any) -> str:
        """Why the last search chose ``action``: the simulations it ran, and the most visited moves
        with their visits and mean return for the mover (in the game's returns).

        >>> from negenlab.core.examples import Nim
        >>> agent, state = MCTSAgent(simulations=300), Nim((1, 2, 4)).new_initial_state()
        >>> agent.explain(state, agent.step(state, np.random.default_rng(0)))[:40]
        'mcts chose (2, 1) after 300 simulations:'
        """
        top = self.last_search.get("top")
        if not top:
            return super().explain(state, action) + " (its only legal move: no search)"
        moves = "; ".join(
            f"{state.action_to_string(a)}: {v} visits, value {w:.2f}" + (" (chosen)" if a == action else "")
            for a, v, w in top
        )
        return f"{self.name} chose {state.action_to_string(action)} after {self.last_search['simulations']} simulations: {moves}."

    def action_values(self, state: State, rng: np.random.Generator) -> dict:
        """Search and return ``{action: (visits, mean return of the player to move)}``."""
        root = self.search(state, rng)
        p = root.player
        return {a: (c.visits, c.value[p] / c.visits) for a, c in root.children.items()}
