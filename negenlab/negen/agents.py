"""Agents for :class:`negenlab.negen.game.NegenGame` (a decision = a whole turn, see game.py).

By name (the agent specs of :mod:`negenlab.core.registry`, registered in ``negenlab.negen.ENTRY``):
``closer`` (:class:`CloserAgent`, the default: takes a win when it has one, else plays at random),
``greedy`` (:class:`GreedyAgent`), ``mcts`` (:class:`NegenMCTSAgent`; ``mcts:200`` simulations per
decision, ``mcts:2s`` seconds; bare ``mcts``: 40) and ``random`` (:class:`RandomTurnAgent`, a
reference only: a player who ignores wins).

What each sees: Negen has no hidden information (boards are open), so every agent sees the whole
state; the dice to come are drawn by chance nodes no agent can look into.

>>> import numpy as np
>>> from negenlab.negen.game import NegenGame
>>> from negenlab.negen.rules import Rules
>>> from negenlab.negen.agents import GreedyAgent
>>> s = NegenGame(Rules(target_score=1)).new_initial_state()
>>> rng = np.random.default_rng(0)
>>> while s.is_chance_node(): s.apply(s.sample_chance(rng))
>>> s.apply(GreedyAgent().step(s, rng)); s.history[-1][0]
0
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from itertools import product

import numpy as np

from negenlab.core.agents import Agent, MCTSAgent, RandomAgent
from negenlab.core.errors import InvalidInputError
from negenlab.core.registry import AgentFactory, AgentSpec, AgentSpecError

from .rules import DEFAULT_RULES, Rules
from .turns import ClosingStop, as_table_key, can_close, closing_counts_until, find_closing_turn


def turn_words(state, action) -> str:
    """What ``action`` does in ``state`` in a player's words: the dice a turn adds, a close, a
    refusal or a re-roll.

    >>> import numpy as np
    >>> from negenlab.negen.game import NegenGame
    >>> s = NegenGame(Rules(target_score=1)).new_initial_state()
    >>> rng = np.random.default_rng(0)
    >>> while s.is_chance_node(): s.apply(s.sample_chance(rng))
    >>> turn_words(s, s.legal_actions()[0])
    'refused (no die added)'
    """
    if isinstance(action, tuple) and action and action[0] == "reroll":
        return f"re-rolled {', '.join(map(str, action[1]))}" if action[1] else "re-rolled nothing"
    if state.phase != "turn":
        return state.action_to_string(action)
    t = state.turn_of(action)
    if t.closed:
        return f"closed a spiral (adding {', '.join(map(str, t.used))})" if t.used else "closed a spiral"
    if t.refusal:
        return "refused (no die added)"
    joined = f", joining {t.merges} spiral{'s' if t.merges != 1 else ''}" if t.merges else ""
    return f"added {', '.join(map(str, t.used))}{joined}" + (", emptying its board" if t.depleted else "")


class RandomTurnAgent(RandomAgent):
    """Policy: a uniformly random legal action (core :class:`~negenlab.core.agents.RandomAgent`). At a
    turn that is a uniformly random end-of-turn table among the turns the game offers (refusal
    included), even when one of them wins: a reference player who ignores wins, not a model of
    people. After a refusal, a uniformly random choice among the distinct sub-multisets of the
    board to re-roll."""

    name = "random"
    rule = "a uniformly random legal action, even when a win is on offer (a reference, not a player)"

    def explain(self, state, action) -> str:
        return f"{self.name} {turn_words(state, action)}: {self.rule}."


class WinFirstAgent(Agent):
    """A player who takes its wins: at a turn it plays a closing turn when one exists (found by
    :func:`~negenlab.negen.turns.find_closing_turn`, without listing the turns); otherwise it
    :meth:`choose` among the legal actions, as each subclass says."""

    reroll_rule = "after its refusal, a uniformly random choice of board dice to re-roll"

    def step(self, state, rng: np.random.Generator):
        if state.phase == "turn":
            win = state.closing_action()
            if win is not None:
                return win
        actions = state.legal_actions()
        if not actions:
            raise InvalidInputError(f"{type(self).__name__} asked to act with no legal action")
        return self.choose(state, actions, rng)

    def choose(self, state, actions: list, rng: np.random.Generator):
        raise NotImplementedError

    def explain(self, state, action) -> str:
        """What the turn does and why: a close is its win taken, anything else its rule.

        >>> import numpy as np
        >>> from negenlab.negen.game import NegenGame
        >>> s = NegenGame(Rules(target_score=1)).new_initial_state()
        >>> rng = np.random.default_rng(0)
        >>> while s.is_chance_node(): s.apply(s.sample_chance(rng))
        >>> CloserAgent().explain(s, s.legal_actions()[0])
        'closer refused (no die added): no closing turn, so a uniformly random legal turn.'
        """
        words = turn_words(state, action)
        if state.phase == "turn" and state.turn_of(action).closed:
            return f"{self.name} {words}: it takes a win when it has one."
        return f"{self.name} {words}: {self.reroll_rule if state.phase == 'reroll' else self.rule}."


class CloserAgent(WinFirstAgent):
    """Policy: play a closing turn when one exists (found by
    :func:`~negenlab.negen.turns.find_closing_turn`, without listing the turns; which one does not
    matter, as the round ends); otherwise a uniformly random legal turn. After a refusal, a uniformly
    random choice of dice to re-roll. The baseline player: it takes its wins.

    >>> import numpy as np
    >>> from negenlab.negen.game import NegenGame
    >>> s = NegenGame(Rules(target_score=1)).new_initial_state()
    >>> rng = np.random.default_rng(0)
    >>> while s.is_chance_node(): s.apply(s.sample_chance(rng))
    >>> s.apply(CloserAgent().step(s, rng)); s.history[-1][0]
    0
    """

    name = "closer"
    rule = "no closing turn, so a uniformly random legal turn"

    def choose(self, state, actions: list, rng: np.random.Generator):
        return actions[int(rng.integers(len(actions)))]


def _multiplicity() -> dict:
    """Ordered rolls of 4 dice per sorted board (the 126 distinct boards; they sum to 6**4)."""
    out: dict = {}
    for roll in product(range(1, 7), repeat=4):
        b = tuple(sorted(roll))
        out[b] = out.get(b, 0) + 1
    return out


_BOARDS = _multiplicity()


_known: dict = {}  # exact closing odds by (table key, rules), from finished searches
# the 126 boards as dice counts per value (index 0 unused), weighted by their number of ordered rolls
_ROLLS = ClosingStop(
    np.array([[sum(1 for x in b if x == v) for v in range(7)] for b in _BOARDS], dtype=np.int64),
    np.array(list(_BOARDS.values()), dtype=np.int64),
)


def _odds(key: tuple, rules: Rules, above: Fraction = Fraction(1)) -> Fraction | None:
    """The exact closing odds of ``key``, or None as soon as they are known to exceed ``above``
    (the dice counts found so far already close more of the rolls). Finished searches are cached."""
    if (key, rules) in _known:
        return _known[(key, rules)]
    limit = above * 6**4
    found, complete = closing_counts_until(key, rules, dataclasses.replace(_ROLLS, above=limit))
    if not complete:
        return None
    if len(_known) > 500_000:  # a long study in one process: start over rather than grow without end
        _known.clear()
    _known[(key, rules)] = odds = Fraction(_ROLLS.hits(found), 6**4)
    return odds


def closing_odds(table, rules: Rules = DEFAULT_RULES) -> Fraction:
    """Exact probability that a fresh board of 4 random dice has some legal turn that closes a spiral
    of ``table`` (joins, bridges and, under ``"free"``, moved dice included): over the 126 distinct
    boards weighted by how many of the 6**4 rolls give them. Cached by table key. (The count of
    closing by adding board dice alone, no joins: :func:`negenlab.negen.odds.adding_only_closing_odds`.)

    >>> closing_odds("1 2 3\\n2 . 4\\n3 4 .")     # any board with a 5
    Fraction(671, 1296)
    """
    odds = _odds(as_table_key(table), rules)
    assert odds is not None  # no bound above: the search runs to the end
    return odds


class GreedyAgent(WinFirstAgent):
    """Policy: close a spiral when some legal turn closes one (found without listing the turns).
    Otherwise play the turn that leaves the next player the lowest exact closing odds
    (:func:`closing_odds`, a fresh random board, read under :meth:`threat_rules`); ties go to the
    turn adding most dice, then to the first in the search's order. After a refusal it re-rolls
    nothing. It sees the table and its own board only."""

    name = "greedy"
    reroll_rule = "after its refusal it re-rolls nothing"
    rule = "no closing turn, so the turn that leaves the next player the lowest exact odds of closing"

    @staticmethod
    def threat_rules(rules: Rules) -> Rules:
        """The rules under which greedy reads the next player's chances: the game's, except that
        under ``"free"`` it does not foresee dice taken out of spirals (it reads them as under
        ``"join"``). Its own wins use every move. An exact free-move read costs seconds per
        candidate turn (``benchmarks/bench_negen_greedy.py --rearrange free``); a player at the
        table does not make it either.

        >>> GreedyAgent.threat_rules(Rules(rearrange="free")).rearrange
        'join'
        """
        return rules.replace(rearrange="join") if rules.rearrange == "free" else rules

    def choose(self, state, actions: list, rng: np.random.Generator):
        if state.phase == "reroll":
            return ("reroll", ())
        turns = [(a, state.turn_of(a)) for a in actions]
        # The score is (odds, -added), first in the game's order on ties. Walking the turns by most
        # dice added first, the first turn nobody can close after is the best one; only when every
        # turn leaves some chance are the exact odds needed.
        by_added = sorted(range(len(turns)), key=lambda i: (-turns[i][1].added, i))
        threats = self.threat_rules(state.rules)
        for i in by_added:
            if not can_close(turns[i][1].key, threats):
                return turns[i][0]
        # Every turn leaves some chance: the least wins (ties: most dice added, then the game's
        # order). A turn's search stops once its odds are known to exceed the best so far.
        best, best_score = None, None
        for i in by_added:
            a, t = turns[i]
            odds = _odds(t.key, threats, best_score[0] if best_score is not None else Fraction(1))
            if odds is None:
                continue
            score = (odds, -t.added, i)
            if best_score is None or score < best_score:
                best, best_score = a, score
        return best


def next_player_closes(key, board: tuple[int, ...], rules: Rules = DEFAULT_RULES) -> bool:
    """Whether a player holding ``board`` can close a spiral of the table ``key`` now: some board can
    (:func:`~negenlab.negen.turns.can_close`, cached) and this one does
    (:func:`~negenlab.negen.turns.find_closing_turn`, which stops at the first close).

    >>> next_player_closes("1 2 3\\n2 . 4\\n3 4 .", (5, 1, 1, 2)), next_player_closes("1 2 3\\n2 . 4\\n3 4 .", (6, 1, 1, 2))
    (True, False)
    """
    return can_close(key, rules) and find_closing_turn(key, board=board, rules=rules) is not None


def refusal_tables(key) -> list:
    """The six tables a refusal can leave: the refusal die, of each value, put on the table as a new spiral."""
    return [as_table_key(tuple(key) + (((0, 0, v),),)) for v in range(1, 7)]


class PlannerAgent(WinFirstAgent):
    """Policy: close a spiral when some legal turn closes one. Otherwise look at the round's next
    moves with the boards on the table, which the rules keep open to all: for each legal turn, the
    chance that the round is won by this player before anybody else moves (a turn that depletes the
    board gives a fresh turn with 4 new dice: its exact closing odds, :func:`closing_odds`) minus the
    chance that the next player, with the board it holds, can then close (after a refusal, over the
    six values of the refusal die). The best such value wins; ties go to the turn that leaves a fresh
    board the lowest closing odds (greedy's read, for the players after the next one), then to the
    turn adding most dice, then to the first in the game's order. After a refusal it re-rolls nothing.

    >>> import numpy as np
    >>> from negenlab.negen.game import NegenGame
    >>> s = NegenGame(Rules(target_score=1)).new_initial_state()
    >>> rng = np.random.default_rng(0)
    >>> while s.is_chance_node(): s.apply(s.sample_chance(rng))
    >>> s.apply(PlannerAgent().step(s, rng)); s.history[-1][0]
    0
    """

    name = "planner"
    reroll_rule = "after its refusal it re-rolls nothing"
    rule = "no closing turn, so the turn that best weighs its own chance to close before the next player moves against the next player's chance with the board it holds"

    def choose(self, state, actions: list, rng: np.random.Generator):
        if state.phase == "reroll":
            return ("reroll", ())
        rules = GreedyAgent.threat_rules(state.rules)
        board = state.boards[(state.to_move + 1) % state.num_players]
        values = []
        for a in actions:
            t = state.turn_of(a)
            mine = float(closing_odds(t.key, rules)) if t.depleted else 0.0
            tables = refusal_tables(t.key) if t.refusal else [t.key]
            danger = sum(next_player_closes(k, board, rules) for k in tables) / len(tables)
            values.append(mine - (1 - mine) * danger)
        top = max(values)
        tied = sorted(
            (i for i in range(len(actions)) if values[i] >= top - 1e-12),
            key=lambda i: (-state.turn_of(actions[i]).added, i),
        )
        for i in tied:  # a turn after which no board can close is as safe as a turn gets (greedy's shortcut)
            if not can_close(state.turn_of(actions[i]).key, rules):
                return actions[i]
        best, best_score = None, None
        for i in tied:
            a, t = actions[i], state.turn_of(actions[i])
            odds = _odds(t.key, rules, best_score[0] if best_score is not None else Fraction(1))
            if odds is None:
                continue
            score = (odds, -t.added, i)
            if best_score is None or score < best_score:
                best, best_score = a, score
        return best


class DepleterAgent(WinFirstAgent):
    """Policy: a closer that seeks to deplete its board: close a spiral when it can; otherwise, when
    some legal turn adds every board die, play the one whose fresh turn (4 new dice) has the best
    exact closing odds (:func:`closing_odds`); otherwise a uniformly random legal turn, as the closer
    plays. After a refusal, a uniformly random choice of dice to re-roll. Beside closers it measures
    what the designer's advice is worth: "Depleting a player board is one of the main objectives".

    >>> import numpy as np
    >>> from negenlab.negen.game import NegenGame
    >>> s = NegenGame(Rules(target_score=1)).new_initial_state()
    >>> rng = np.random.default_rng(0)
    >>> while s.is_chance_node(): s.apply(s.sample_chance(rng))
    >>> s.apply(DepleterAgent().step(s, rng)); s.history[-1][0]
    0
    """

    name = "depleter"
    rule = (
        "no closing turn, so the turn that empties its board with the best odds for its 4 fresh dice, else a random one"
    )

    def choose(self, state, actions: list, rng: np.random.Generator):
        if state.phase == "turn":
            rules = GreedyAgent.threat_rules(state.rules)
            depleting = [(i, a) for i, a in enumerate(actions) if state.turn_of(a).depleted]
            if depleting:
                return max(depleting, key=lambda ia: (closing_odds(state.turn_of(ia[1]).key, rules), -ia[0]))[1]
        return actions[int(rng.integers(len(actions)))]


def _leaf_value(state, rng) -> list[float]:
    """Leaves that are not terminal are worth 0 to everybody (the search sees closes only)."""
    return [0.0] * state.num_players


class NegenMCTSAgent(MCTSAgent):
    """Policy: UCT Monte-Carlo tree search over whole turns (core ``MCTSAgent``), the dice rolls
    (refills, re-rolls, refusal dice) sampled at chance nodes with the search's own Generator.
    A leaf that is not the end of the game is valued 0 for every player (no rollout: a rollout
    would search turns dozens of times), so within its horizon it plays a closing turn and
    avoids turns after which a sampled opponent reply closes. Budget: ``simulations`` (reproducible)
    or ``seconds`` per decision."""

    name = "mcts"

    def __init__(self, simulations: int | None = 40, c: float = 1.4, seconds: float | None = None):
        super().__init__(simulations=simulations, seconds=seconds, c=c, evaluator=_leaf_value)

    def step(self, state, rng: np.random.Generator):
        if state.phase == "reroll":
            return ("reroll", ())
        win = state.closing_action()  # a sure win needs no search
        if win is not None:
            return win
        return super().step(state, rng)

    def settled_value(self, state) -> list[float] | None:
        """A node whose mover can close is won for that mover: its value is the close's outcome (the
        game's returns when the close ends the game, else the leaf value), and its turns are never
        listed."""
        if getattr(state, "phase", None) != "turn":
            return None
        win = state.closing_action()
        if win is None:
            return None
        after = state.clone()
        after.apply(win)
        return list(after.returns()) if after.is_terminal() else _leaf_value(after, None)


def _no_budget(spec: AgentSpec) -> None:
    if spec.simulations is not None or spec.seconds is not None:
        raise AgentSpecError(f"agent {str(spec)!r}: {spec.name} takes no budget")


def _closer(spec: AgentSpec) -> Agent:
    _no_budget(spec)
    return CloserAgent()


def _random(spec: AgentSpec) -> Agent:
    _no_budget(spec)
    return RandomTurnAgent()


def _greedy(spec: AgentSpec) -> Agent:
    _no_budget(spec)
    return GreedyAgent()


def _planner(spec: AgentSpec) -> Agent:
    _no_budget(spec)
    return PlannerAgent()


def _depleter(spec: AgentSpec) -> Agent:
    _no_budget(spec)
    return DepleterAgent()


def _mcts(spec: AgentSpec) -> Agent:
    if spec.simulations is None and spec.seconds is None:
        return NegenMCTSAgent()
    return NegenMCTSAgent(simulations=spec.simulations, seconds=spec.seconds)


FACTORIES: dict[str, AgentFactory] = {
    "closer": _closer,
    "random": _random,
    "greedy": _greedy,
    "planner": _planner,
    "depleter": _depleter,
    "mcts": _mcts,
}
"""Negen's agents by spec name (``negenlab.negen.ENTRY`` registers them; ``mcts`` replaces the core one)."""


__all__ = [
    "WinFirstAgent",
    "CloserAgent",
    "RandomTurnAgent",
    "GreedyAgent",
    "PlannerAgent",
    "DepleterAgent",
    "NegenMCTSAgent",
    "closing_odds",
    "next_player_closes",
    "refusal_tables",
    "FACTORIES",
]
