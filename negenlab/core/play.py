"""A board for any game: play a registered game (a plug-in, a game registered at run time, or one of
the four) in a notebook, from the list of its legal actions.

:class:`PlayWidget` draws the state from its ``_repr_svg_``, else its ``_repr_html_``, else its text
(``str(state)``, escaped, in a ``<pre>``), and offers the legal actions of the seat to move, named by
``action_to_string``: one button each, or a list and **Play** when there are more than
:data:`BUTTON_LIMIT`. The seats the person does not play are played by agents (the game's default
agent, or the specs typed in **agents**), chance is drawn, and the agents' reasons for their moves
(:meth:`~negenlab.core.agents.Agent.explain`) are shown under the board. All randomness comes from
one seed: ``SeedSequence(seed)`` spawns one Generator for chance and one per seat, so a seed and
the same clicks replay the same game. **undo** goes back to the person's last decision (and the
generators with it), **new game** / **replay seed** deal a game from a seed (:class:`DealControls`),
**you play** picks the seats the person plays (one seat, every seat, or none: the agents play it
out), and **Save game** writes the game as one HTML file. A refused action, an agent or a drawing
that fails, is said inside the widget, never raised into the notebook.

A game of hidden information (``Game.perfect_information`` False) shows the person only what the
seat in view may see: its ``information_state_string(seat)`` (else ``observation_string(seat)``,
else ``observation(seat)``), the other seats' actions and chance outcomes as "seat 2 moved" and
"chance drew", and the agents' reasons once the game is over; then all is shown (``reveal_at_end``).

>>> from negenlab.core.examples import Nim
>>> w = PlayWidget(Nim((1, 2)), agents="random", seed=3)
>>> [b.description for b in w.action_buttons]
['(0, 1)', '(1, 1)', '(1, 2)']
>>> w.action_buttons[2].click()          # take both from heap 2; the agent takes the last one
>>> w.state.is_terminal(), w.status.value
(True, 'game over: seat 2 wins · returns: seat 1 (you) -1, seat 2 +1')
>>> w.undo(); w.state.key()
((1, 2), 0)
>>> w.play((0, 5)); w.error_message[:60]
"IllegalMoveError: '(0, 5)' is not a legal action now; the le"
"""

from __future__ import annotations

import copy
import html
import pprint
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as W
import numpy as np

from negenlab import games
from negenlab.report.played import save_played_game

from .errors import IllegalMoveError, InvalidInputError
from .game import CHANCE, Game, State, seat_name
from .registry import GameEntry
from .widgets import DealControls, ErrorBanner, SaveGameRow, SeatChoice, WhyLines, history_html

BUTTON_LIMIT = 40
"""Up to this many legal actions are buttons; more are a list to pick from and **Play**."""
MAX_AUTO_ACTIONS = 100_000
"""The most actions the agents and chance may play in a row before the widget stops and says so."""
TEXT_LIMIT = 20_000
"""The most characters of a state's text shown (the rest is said to be cut, with its length)."""
FOLDER = "negenlab-games"
"""Where **Save game** writes by default, beside the notebook."""
_WATCH = 0  # the "you play" value of no seat: the seats are a bit mask


class DrawingFailed(InvalidInputError):
    """A state that draws itself in none of the ways the widget reads (the message says each failure)."""


@dataclass
class Drawing:
    """A state's picture: ``kind`` (``svg``, ``html`` or ``text``), the ``markup`` shown, the ``text``
    behind a text picture, and ``problems`` (a drawing method that failed, in one line each)."""

    kind: str
    markup: str
    text: str = ""
    problems: list[str] = field(default_factory=list)


def _one_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {' '.join(str(exc).split())}"


def action_name(state: Any, action: Any) -> str:
    """``state.action_to_string(action)``; when that fails, the action's repr with the failure said.

    >>> from negenlab.core.examples import Nim
    >>> action_name(Nim().new_initial_state(), (0, 1))
    '(0, 1)'
    """
    try:
        return str(state.action_to_string(action))
    except Exception as exc:  # the game's naming: its failure is said beside the action, play goes on
        return f"{action!r:.60} (its name failed: {_one_line(exc)})"


def text_markup(text: str) -> str:
    """``text`` escaped in a ``<pre>``; longer than :data:`TEXT_LIMIT` characters, cut and said so.

    >>> text_markup("a < b")
    '<pre class="nl-play-text">a &lt; b</pre>'
    """
    shown = text if len(text) <= TEXT_LIMIT else text[:TEXT_LIMIT] + f"\n… ({len(text) - TEXT_LIMIT} characters more)"
    return f'<pre class="nl-play-text">{html.escape(shown)}</pre>'


def draw_state(state: Any) -> Drawing:
    """The picture of ``state``: its ``_repr_svg_``, else its ``_repr_html_``, else ``str(state)``
    as text; a method that fails (raises, or gives no text) is named in ``problems`` and the next is
    tried. :class:`DrawingFailed` when even ``str`` fails.

    >>> class Broken:
    ...     def _repr_svg_(self):
    ...         raise KeyError("colour")
    ...     def __str__(self):
    ...         return "heaps 1 2"
    >>> d = draw_state(Broken()); d.kind, d.text, d.problems
    ('text', 'heaps 1 2', ["_repr_svg_ failed: KeyError: 'colour'"])
    """
    problems = []
    for kind, method in (("svg", "_repr_svg_"), ("html", "_repr_html_")):
        draw = getattr(state, method, None)
        if not callable(draw):
            continue
        try:
            markup = draw()
        except Exception as exc:  # the game's own drawing: its failure is said, the next way tried
            problems.append(f"{method} failed: {_one_line(exc)}")
            continue
        if markup is None:  # IPython's convention: None means "no picture this way"
            continue
        if not isinstance(markup, str) or not markup.strip():
            problems.append(f"{method} gave {type(markup).__name__} {str(markup)[:30]!r}, not {kind.upper()} text")
        elif kind == "svg" and "<svg" not in markup:
            problems.append(f"{method} gave text without <svg: {markup[:30]!r}")
        else:
            return Drawing(kind, markup, problems=problems)
    try:
        text = str(state)
    except Exception as exc:
        raise DrawingFailed("; ".join([*problems, f"str(state) failed: {_one_line(exc)}"])) from None
    return Drawing("text", text_markup(text), text=text, problems=problems)


def seat_view(state: Any, seat: int) -> str | None:
    """What ``seat`` may see of ``state``, as text: its ``information_state_string(seat)``, else
    ``observation_string(seat)``, else ``observation(seat)`` laid out; None when the state gives none.

    >>> from negenlab.core.examples import Nim
    >>> seat_view(Nim().new_initial_state(), 0) is None
    True
    """
    for method in ("information_state_string", "observation_string", "observation"):
        see = getattr(state, method, None)
        if callable(see):
            seen = see(seat)
            return seen if isinstance(seen, str) else pprint.pformat(seen, width=88, sort_dicts=False)
    return None


def text_svg(text: str, max_lines: int = 200) -> str:
    """``text`` as an SVG picture (monospace lines), for a saved game of a state drawn as text or HTML.

    >>> text_svg("a < b").count("<tspan")
    1
    """
    lines = text.splitlines() or [""]
    if len(lines) > max_lines:
        lines = lines[:max_lines] + [f"… ({len(lines) - max_lines} lines more)"]
    lines = [line if len(line) <= 160 else line[:160] + "…" for line in lines]
    width = 16 + 8 * max(len(line) for line in lines)
    height = 16 + 17 * len(lines)
    spans = "".join(f'<tspan x="8" y="{20 + 17 * i}">{html.escape(line)}</tspan>' for i, line in enumerate(lines))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f'<rect width="{width}" height="{height}" fill="#fff"/>'
        f'<text font-family="monospace" font-size="13" xml:space="preserve">{spans}</text></svg>'
    )


def _seat_choices(players: int, humans: frozenset[int]) -> list[tuple[str, int]]:
    """The **you play** options: each seat alone, every seat, no seat, and ``humans`` if none of these
    (values: the seats as a bit mask)."""
    options = [(seat_name(p), 1 << p) for p in range(players)]
    if players > 1:
        options.append(("every seat (hot seat)", (1 << players) - 1))
    options.append(("no seat (watch the agents)", _WATCH))
    mask = sum(1 << p for p in humans)
    if mask not in [value for _, value in options]:
        options.append((", ".join(f"seat {p + 1}" for p in sorted(humans)), mask))
    return options


@dataclass
class _Move:
    """One action of the game: who played it (a seat, or ``CHANCE``), the action, its name, and the
    agent's reason for it (an agent's move, where it gives one)."""

    player: int
    action: Any
    name: str
    reason: str = ""


@dataclass
class _Position:
    """What undo goes back to: the state before a decision of the person's, the generators and the moves."""

    state: State
    rngs: list[np.random.Generator]
    moves: list[_Move]


class PlayWidget(W.VBox):
    """Play ``game`` (a registered game's name, or a :class:`~negenlab.core.game.Game`) against its
    agents in a notebook; see the module docstring.

    ``agents``: one spec for every agent seat or one per seat (``"mcts:200"``, ``"random,mcts:50"``), a
    list of specs or of agents; None: the game's default agent. ``you``: the seat the person plays, or
    a list of seats (none: the agents play it out). ``fields``: the Rules fields, when ``game`` is a
    name. ``reveal_at_end``: a game of hidden information is shown whole once it is over.
    """

    def __init__(
        self,
        game: str | Game,
        agents: str | Sequence[Any] | None = None,
        *,
        you: int | Sequence[int] = 0,
        seed: int = 0,
        fields: dict[str, Any] | None = None,
        folder: str | Path = FOLDER,
        reveal_at_end: bool = True,
    ):
        self.entry, self.game = self._game_of(game, fields or {})
        self.title = self.entry.title or self.game.name
        self.players = int(self.game.num_players)
        self.hidden = getattr(self.game, "perfect_information", True) is False
        self.reveal_at_end = bool(reveal_at_end)
        humans = frozenset([you] if isinstance(you, int) else [int(p) for p in you])
        bad = sorted(p for p in humans if not 0 <= p < self.players)
        if bad:
            raise InvalidInputError(
                f"you={you!r}: {self.game.name} has seats 0..{self.players - 1} (counted from 0), not {bad[0]}"
            )
        self._given_agents: list[Any] | None = None
        if isinstance(agents, Sequence) and not isinstance(agents, str) and any(hasattr(a, "step") for a in agents):
            self._given_agents = list(agents)
            spec_text = "given: " + ", ".join(getattr(a, "name", type(a).__name__) for a in agents)
        elif isinstance(agents, Sequence) and not isinstance(agents, str):
            spec_text = ",".join(str(a) for a in agents)
        else:
            spec_text = agents or self.entry.default_agent
        self.seed = int(seed)
        self.error = ErrorBanner()
        self.error_message = ""  # the error line's text
        self.draw_error = ErrorBanner()
        self.agents = W.Text(
            value=spec_text, description="agents", continuous_update=False, disabled=self._given_agents is not None,
            style={"description_width": "50px"}, layout=W.Layout(width="300px"),
            tooltip="one spec for every agent seat, or one per seat: random / mcts:200,random",
        )  # fmt: skip
        self.seats = SeatChoice(_seat_choices(self.players, humans), sum(1 << p for p in humans), self.start,
                                guard=self._guard)  # fmt: skip
        self.deal = DealControls(self.seed, self.start, guard=self._guard)
        self.undo_button = W.Button(description="undo", icon="undo", tooltip="back to your last decision")
        self.undo_button.on_click(lambda _: self.undo())
        self.agents.observe(lambda _change: self._guard(self.start), names="value")
        self.picture = W.HTML(value="")
        self.picture.add_class("nl-play-board")
        self.status = W.HTML(value="")
        self.status.add_class("nl-play-status")
        self.actions = W.Box(layout=W.Layout(flex_flow="row wrap"))
        self.actions.add_class("nl-play-actions")
        self.action_buttons: list[W.Button] = []
        self.choice = W.Dropdown(options=[], description="action", layout=W.Layout(width="auto", min_width="300px"))
        self.play_button = W.Button(description="Play", button_style="primary")
        self.play_button.on_click(lambda _: self._play_chosen())
        self.history = W.HTML(value="")
        self.why = WhyLines()
        name = self.entry.name if self.entry.name else self.game.name
        self.saver = SaveGameRow(str(Path(folder) / f"{name}-game.html"), self.save_game)
        super().__init__(
            [
                W.HTML(f"<b>{html.escape(self.title)}: play</b>"),
                W.HBox([self.seats.widget, self.agents, self.undo_button], layout=W.Layout(flex_flow="row wrap")),
                self.deal.widget,
                self.picture,
                self.draw_error.widget,
                self.status,
                self.actions,
                self.error.widget,
                self.history,
                self.why.widget,
                self.saver.widget,
            ],
            layout=W.Layout(max_width="1200px"),
        )
        self.add_class("nl-play")  # what a browser test looks for
        self.state: State = self.game.new_initial_state()
        self.moves: list[_Move] = []
        self._undo: list[_Position] = []
        self._version = 0  # changes with every position: a button of an earlier one is refused
        self.agent_list = agents = self._make_agents()  # a bad spec is refused here, in one line
        self._guard(lambda: self._begin(self.seed, agents))

    # -- the game and its agents ----------------------------------------------------------------
    @staticmethod
    def _game_of(game: str | Game, fields: dict[str, Any]) -> tuple[GameEntry, Game]:
        """The registry entry and the game: by name from the registry, or the Game given (with its
        registered entry's agents when its name is registered, else the core's random and mcts)."""
        if isinstance(game, str):
            return games.entry(game), games.load(game, **fields)
        if fields:
            raise InvalidInputError("fields are for a game given by name; a Game given is played as it is")
        if not (callable(getattr(game, "new_initial_state", None)) and hasattr(game, "num_players")):
            raise InvalidInputError(f"game must be a registered game's name or a Game, got {str(game)[:60]!r}")
        name = str(getattr(game, "name", "game"))
        if name in games.names():  # its registered agents (a game-specific one may read its states)
            return games.entry(name), game
        return GameEntry(name, make_game=lambda: game), game

    @property
    def humans(self) -> frozenset[int]:
        """The seats the person plays (from **you play**)."""
        mask = self.seats.value
        return frozenset(p for p in range(self.players) if mask >> p & 1)

    def _make_agents(self) -> list[Any]:
        """One agent per seat from the **agents** field (a human seat's is made but never asked)."""
        if self._given_agents is not None:
            if len(self._given_agents) != self.players:
                raise InvalidInputError(
                    f"{self.game.name} has {self.players} seats but {len(self._given_agents)} agents were given"
                )
            return self._given_agents
        return self.entry.seat_agents(self.agents.value.strip() or None, self.players)

    # -- playing --------------------------------------------------------------------------------
    def _guard(self, action: Callable[[], Any]) -> None:
        """Run ``action``; what it raises is said in the error line (a ValueError: what was refused;
        anything else: a failure of the game or its agents), never raised into the notebook."""
        self._say("")
        try:
            action()
        except ValueError as exc:  # InvalidInputError and IllegalMoveError are ValueErrors
            self._say(_one_line(exc))
        except Exception as exc:
            self._say(f"{_one_line(exc)} (a failure of the game or its agents, not of your click)")
        self.redraw()

    def _say(self, message: str) -> None:
        """Show ``message`` on the error line (none: clear it); :attr:`error_message` keeps its text."""
        self.error_message = message
        if message:
            self.error.show(message)
        else:
            self.error.clear()

    def start(self, seed: int | None = None) -> None:
        """A new game with the seats and agents picked, dealt from ``seed`` (default: the seed in play)."""
        agents = self._make_agents()  # a bad spec is refused before the game in play is given up
        self._begin(self.seed if seed is None else int(seed), agents)

    def _begin(self, seed: int, agents: list[Any]) -> None:
        self.seed = int(seed)
        if self.deal.seed.value != self.seed:
            self.deal.seed.value = self.seed
        self.agent_list = agents
        self.rngs = [np.random.default_rng(s) for s in np.random.SeedSequence(self.seed).spawn(1 + self.players)]
        self.state, self.moves, self._undo = self.game.new_initial_state(), [], []
        self._version += 1
        self._commit(*self._advance(self.state.clone(), copy.deepcopy(self.rngs), []))

    def _advance(
        self, state: State, rngs: list[np.random.Generator], moves: list[_Move]
    ) -> tuple[State, list[np.random.Generator], list[_Move]]:
        """Play chance and the agents' seats on ``state`` (a copy) until a seat of the person's is to
        move or the game ends; return the state, generators and moves."""
        humans = self.humans
        for _ in range(MAX_AUTO_ACTIONS):
            if state.is_terminal():
                return state, rngs, moves
            player = state.current_player
            if player == CHANCE:
                outcome = state.sample_chance(rngs[0])
                moves.append(_Move(CHANCE, outcome, action_name(state, outcome)))
                state.apply(outcome)
                continue
            if not (isinstance(player, int | np.integer) and 0 <= player < self.players):
                raise IllegalMoveError(
                    f"the game gives {player!r} to act, neither a seat 0..{self.players - 1} nor chance; "
                    "the play widget plays games of one mover at a time"
                )
            if player in humans:
                return state, rngs, moves
            agent = self.agent_list[player]
            action = agent.step(state, rngs[1 + player])
            name = action_name(state, action)
            reason, explain = "", getattr(agent, "explain", None)
            if callable(explain):
                try:
                    reason = f"{seat_name(player)}: {explain(state, action)}"
                except Exception as exc:  # a reason that fails is said, the move stands
                    reason = f"{seat_name(player)}: played {name} (its reason failed: {_one_line(exc)})"
            moves.append(_Move(int(player), action, name, reason))
            state.apply(action)
        raise IllegalMoveError(
            f"the agents and chance played {MAX_AUTO_ACTIONS} actions in a row without the game ending or "
            "reaching your seat; the game may never end"
        )

    def _commit(self, state: State, rngs: list[np.random.Generator], moves: list[_Move]) -> None:
        self.state, self.rngs, self.moves = state, rngs, moves
        self._version += 1

    def legal_actions(self) -> list[Any]:
        """The actions the person may play now (none when an agent is to move or the game is over)."""
        s = self.state
        if s.is_terminal() or s.current_player not in self.humans:
            return []
        return list(s.legal_actions())

    def play(self, action: Any) -> None:
        """Play ``action`` (an action, or its name as the buttons show it) for the seat to move, then
        let chance and the agents answer; a refusal is said in the error line and changes nothing."""
        self._guard(lambda: self._play(action))

    def _play(self, action: Any, version: int | None = None) -> None:
        s = self.state
        if version is not None and version != self._version:
            raise IllegalMoveError("that action was offered in an earlier position; pick one of those shown now")
        if s.is_terminal():
            raise IllegalMoveError("the game is over; press new game to play again")
        if s.current_player not in self.humans:
            raise IllegalMoveError(f"it is {seat_name(s.current_player)}'s turn, played by an agent, not yours")
        legal = s.legal_actions()
        if action not in legal:
            named = [a for a in legal if isinstance(action, str) and action_name(s, a) == action]
            if len(named) != 1:
                shown = ", ".join(action_name(s, a) for a in legal[:12]) + (" …" if len(legal) > 12 else "")
                raise IllegalMoveError(f"{str(action)[:60]!r} is not a legal action now; the legal ones: {shown}")
            action = named[0]
        before = _Position(s.clone(), copy.deepcopy(self.rngs), list(self.moves))
        state, rngs = s.clone(), copy.deepcopy(self.rngs)
        moves = [*self.moves, _Move(int(s.current_player), action, action_name(s, action))]
        state.apply(action)
        self.status.value = "the agents are thinking…"
        self._commit(*self._advance(state, rngs, moves))  # nothing changes unless the whole reply is played
        self._undo.append(before)

    def _play_chosen(self) -> None:
        value = self.choice.value
        self._guard(lambda: self._play(value[1], value[0]) if value is not None else self._none_chosen())

    @staticmethod
    def _none_chosen() -> None:
        raise IllegalMoveError("no action to play: it is not your turn, or the game is over")

    def undo(self) -> None:
        """Back to the person's last decision: the state, the moves and the generators as they were."""
        self._guard(self._undo_one)

    def _undo_one(self) -> None:
        if not self._undo:
            raise IllegalMoveError("nothing to undo: you have not played yet")
        back = self._undo.pop()
        self.state, self.rngs, self.moves = back.state, back.rngs, back.moves
        self._version += 1

    # -- what the person sees -------------------------------------------------------------------
    def viewer(self) -> int | None:
        """The seat whose view is shown in a game of hidden information: the person's seat to move,
        else the person's seat that moved last, else their first; None when everything is shown (a
        game of perfect information, no seat of the person's, or the game over with ``reveal_at_end``)."""
        humans = self.humans
        if not self.hidden or not humans or (self.state.is_terminal() and self.reveal_at_end):
            return None
        player = self.state.current_player
        if player in humans:
            return int(player)
        mine = [m.player for m in self.moves if m.player in humans]
        return mine[-1] if mine else min(humans)

    def drawing(self) -> Drawing:
        """The picture shown now: the state's, or the information state of the seat in view."""
        seat = self.viewer()
        if seat is None:
            return draw_state(self.state)
        try:
            seen = seat_view(self.state, seat)
        except Exception as exc:
            raise DrawingFailed(f"the information state of {seat_name(seat)} failed: {_one_line(exc)}") from None
        if seen is None:
            seen = (
                f"{self.game.name} hides information but its states give no information_state_string(seat) "
                "(nor observation_string, nor observation): nothing of the state is shown"
            )
        return Drawing("text", text_markup(f"what {seat_name(seat)} sees:\n{seen}"), text=seen)

    def move_lines(self) -> list[str]:
        """The game so far, one line an action (unnumbered): who played it and what, as the seat in view
        may know it (another seat's action and chance said without what they were, under hidden
        information)."""
        seat, humans = self.viewer(), self.humans
        lines = []
        for m in self.moves:
            who = "chance" if m.player == CHANCE else f"seat {m.player + 1}" + (" (you)" if m.player in humans else "")
            if seat is not None and m.player != seat:
                lines.append(f"{who} drew" if m.player == CHANCE else f"{who} moved")
            else:
                lines.append(f"{who}: {m.name}")
        return lines

    def reasons(self) -> list[str]:
        """The agents' reasons for their last reply (the agents' moves before the person's latest
        ones: they stay while the person plays a turn of several actions); under hidden information,
        once the game is shown whole, for every move of the game."""
        humans, last = self.humans, []
        if self.hidden and humans:
            return [m.reason for m in self.moves if m.reason]
        moves = list(self.moves)
        while moves and (moves[-1].player in humans or moves[-1].player == CHANCE):
            moves.pop()
        while moves and moves[-1].player not in humans:
            last.append(moves.pop().reason)
        return [reason for reason in reversed(last) if reason]

    def status_text(self) -> str:
        """Whose turn it is, or the game over line with the returns."""
        s, humans = self.state, self.humans
        if s.is_terminal():
            returns = s.returns()
            winner = s.winner()
            said = "a draw" if winner is None else f"seat {winner + 1}{' (you)' if winner in humans else ''} wins"
            each = ", ".join(
                f"seat {p + 1}{' (you)' if p in humans else ''} {returns[p]:+g}" for p in range(len(returns))
            )
            return f"game over: {said} · returns: {each}"
        player = s.current_player
        if player in humans:
            return f"{seat_name(player)} to move (you): pick an action"
        return f"{seat_name(player)} to move"

    def redraw(self) -> None:
        """Draw the picture, the status, the actions, the moves and the agents' reasons."""
        self.draw_error.clear()
        self.draw_message = ""  # the drawing's problem line, as text
        try:
            picture = self.drawing()
            self.picture.value = picture.markup
            if picture.problems:
                self.draw_message = "; ".join(picture.problems) + f" (shown as {picture.kind})"
                self.draw_error.show(self.draw_message, kind="warning")
        except ValueError as exc:
            self.picture.value = ""
            self.draw_message = f"the state cannot be drawn: {exc}"
            self.draw_error.show(self.draw_message)
        try:
            self.status.value = html.escape(self.status_text())
            self._show_actions()
        except Exception as exc:  # the game's own listing or naming failed: said, not raised
            self.status.value = ""
            self.actions.children = []
            self._say(f"the actions cannot be listed: {_one_line(exc)} (a failure of the game)")
        lines = self.move_lines()
        self.history.value = history_html("moves", lines)
        hide = self.viewer() is not None and any(m.reason for m in self.moves)
        self.why.show([] if hide else self.reasons())
        if hide:
            self.why.widget.value = (
                "<i>the agents' reasons are shown when the game is over (they may tell hidden facts)</i>"
            )
        self.undo_button.disabled = not self._undo

    def _show_actions(self) -> None:
        legal, s, version = self.legal_actions(), self.state, self._version
        names = [action_name(s, a) for a in legal]
        for old in self.action_buttons:
            old.close()  # its view goes; a click already on its way is refused as stale
        self.action_buttons = []
        self.choice.options = []
        if len(legal) <= BUTTON_LIMIT:
            for action, name in zip(legal, names, strict=True):
                button = W.Button(description=name, tooltip=name, layout=W.Layout(width="auto"))
                button.on_click(lambda _b, a=action: self._guard(lambda: self._play(a, version)))
                self.action_buttons.append(button)
            self.actions.children = self.action_buttons
        else:
            self.choice.options = [(name, (version, a)) for a, name in zip(legal, names, strict=True)]
            self.actions.children = [self.choice, self.play_button]

    # -- saving ---------------------------------------------------------------------------------
    def _svg_of(self, state: State) -> str:
        """A picture of ``state`` for the saved game: its SVG, else its text drawn as SVG."""
        try:
            drawing = draw_state(state)
        except DrawingFailed as exc:
            return text_svg(f"(the state cannot be drawn: {exc})")
        if drawing.kind == "svg":
            return drawing.markup[drawing.markup.index("<svg") :]
        return text_svg(drawing.text if drawing.kind == "text" else str(state))

    def save_game(self, path: str | Path) -> Path:
        """Write the game as one self-contained HTML file (the position now and a few before it, the
        moves, the Rules, the seats and the seed); under hidden information only what the seat in view
        may see while the game is on. Return its path."""
        seat = self.viewer()
        over = self.state.is_terminal()
        if seat is None:
            shown = [p.state for p in self._undo][:: max(1, -(-len(self._undo) // 3))][:3]
            pictures = [("the final position" if over else "the position now", self._svg_of(self.state))]
            pictures += [(f"before your move {i}", self._svg_of(st)) for i, st in enumerate(shown, 1)]
        else:
            pictures = [(f"what {seat_name(seat)} sees now", text_svg(self.drawing().text))]
        humans = self.humans
        seats = "; ".join(
            f"{seat_name(p)}: " + ("you" if p in humans else getattr(self.agent_list[p], "name", "agent"))
            for p in range(self.players)
        )
        return save_played_game(
            path,
            f"{self.title}: a game played on the desk",
            pictures,
            self.move_lines(),
            rules=getattr(self.game, "rules", None),
            seed=self.seed,
            players=seats + f" (agents: {self.agents.value})",
            result=self.status_text(),
        )


__all__ = ["BUTTON_LIMIT", "Drawing", "DrawingFailed", "PlayWidget", "draw_state", "seat_view", "text_svg"]
