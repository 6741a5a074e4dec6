"""Jupyter widgets for Polymer: a clickable chain builder and a table simulator.

Errors from what the user types or clicks are shown inside the widget.

>>> cb = chain_builder("7S 8S 9S 2C")
>>> cb.view.press("card:0")
>>> cb.view.status
'chain of 1 card: invalid because a polymer has at least 3 cards, this has 1; longest possible: 3'
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as W
import numpy as np

from negenlab import games
from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import seat_name
from negenlab.core.widgets import BoardWidget, DealControls, ErrorBanner, SaveGameRow, WhyLines, figure_output
from negenlab.report.played import save_played_game

from .agents import POLICIES
from .cards import Card, format_cards, parse_cards, random_hand
from .game import PolymerGame, card_of, hand_length, is_joker
from .rules import REGULAR_CARDS, Rules
from .solver import PolymerResult, is_compiled, solve
from .svg import chain_svg, polymer_svg, seat_svg, table_svg
from .validity import explain


class ChainBuilder:
    """Build a polymer from a hand by clicking cards; its validity is explained after every change.

    Click a card of the hand (``card:i``) to append it to the chain; click a chain card
    (``chain:j``) to select it, then another chain card to swap the two, or the selected one
    again to return it to the hand. The status line gives the chain's length, whether it is a
    polymer (and why not) and the longest polymer of the hand (exact solver), which is drawn
    under the board: click it to take it as the chain. Type a hand and press "use this hand",
    or deal one. Show it with ``display(cb.widget)``.

    >>> cb = ChainBuilder("7S 8S 9S 2C")
    >>> for name in ("card:2", "card:1", "card:0"):
    ...     cb.view.press(name)
    >>> cb.view.status
    'chain of 3 cards: valid; longest possible: 3'
    >>> cb.view.press("chain:0"); cb.view.press("chain:2")     # select the first, swap with the third
    >>> format_cards(cb.chain_cards())
    '7S 8S 9S'
    >>> cb.view.press("card:1")
    >>> cb.view.error
    'InvalidInputError: 8S (card 2 of the hand) is already in the chain'
    """

    def __init__(self, text: str = "KD QS JD KS JS QD JH 2C 9H", seed: int = 0, deal_size: int = 13):
        self.rng = np.random.default_rng(seed)
        self.hand: list = []
        self.chain: list[int] = []  # positions in the hand, in chain order
        self.selected: int | None = None  # a chain position
        self.best: PolymerResult | None = None
        self.view = BoardWidget()
        self.view.on_click(self._clicked)
        self.text = W.Textarea(value=text, description="hand", layout=W.Layout(width="95%", height="48px"))
        self.use = W.Button(description="use this hand", button_style="primary")
        self.size = W.IntSlider(value=deal_size, min=3, max=24, description="deal size")
        self.deal = W.Button(description="deal")
        self.clear = W.Button(description="clear")
        self.details = W.HTML()
        self.use.on_click(lambda _: self._catching(self.set_hand, self.text.value))
        self.deal.on_click(lambda _: self._catching(self.deal_hand))
        self.clear.on_click(lambda _: self._catching(self.clear_chain))
        self.widget = W.VBox([self.text, W.HBox([self.use, self.size, self.deal, self.clear]), self.view, self.details])
        self._catching(self.set_hand, text)

    def _catching(self, action, *args) -> None:
        with self.view.catch():
            action(*args)

    # -- the hand --------------------------------------------------------------------------------
    def set_hand(self, text) -> None:
        """Take the cards of ``text`` as the hand (the chain starts empty); a bad hand keeps the old one."""
        cards = parse_cards(text) if isinstance(text, str) else list(text)
        if not cards:
            raise InvalidInputError("the hand is empty; type cards such as 7S 8S 9S")
        notice = "finding the longest polymer…" if is_compiled() else "compiling the solver… (first use only)"
        with self.view.working(notice):
            best = solve(cards)
        self.hand, self.chain, self.selected, self.best = cards, [], None, best
        self.redraw()

    def deal_hand(self) -> None:
        """Deal a random hand of the chosen size into the text box and use it."""
        self.text.value = format_cards(random_hand(self.rng, self.size.value))
        self.set_hand(self.text.value)

    # -- the chain -------------------------------------------------------------------------------
    def chain_cards(self) -> list:
        return [self.hand[i] for i in self.chain]

    def add(self, i: int) -> None:
        """Append card ``i`` of the hand to the chain."""
        if i in self.chain:
            raise InvalidInputError(f"{self.hand[i].code} (card {i + 1} of the hand) is already in the chain")
        self.chain.append(i)
        self.selected = None
        self.redraw()

    def pick(self, j: int) -> None:
        """Select chain card ``j``; with another one selected, swap the two; picked twice, return it to the hand."""
        if self.selected is None:
            self.selected = j
        elif self.selected == j:
            del self.chain[j]
            self.selected = None
        else:
            k = self.selected
            self.chain[j], self.chain[k] = self.chain[k], self.chain[j]
            self.selected = None
        self.redraw()

    def clear_chain(self) -> None:
        """Return every chain card to the hand."""
        self.chain, self.selected = [], None
        self.redraw()

    def use_longest(self) -> None:
        """Take the solver's longest polymer as the chain."""
        if self.best is None:
            raise InvalidInputError("there is no hand yet")
        free = list(range(len(self.hand)))
        chain = []
        for card in self.best.cards:
            i = next(i for i in free if self.hand[i] == card)
            free.remove(i)
            chain.append(i)
        self.chain, self.selected = chain, None
        self.redraw()

    def _clicked(self, name: str) -> None:
        kind, _, num = name.partition(":")
        if name == "longest" and self.best is not None and self.best.cards:
            return self.use_longest()
        count = {"card": len(self.hand), "chain": len(self.chain)}.get(kind, 0)
        if not num.isdigit() or int(num) >= count:
            raise InvalidInputError(
                f"{name!r} is not a card here (the hand has {len(self.hand)} cards "
                f"card:0.., the chain {len(self.chain)} chain:0..)"
            )
        (self.add if kind == "card" else self.pick)(int(num))

    # -- drawing ---------------------------------------------------------------------------------
    def status_text(self, ex) -> str:
        """The status line, e.g. "chain of 4 cards: invalid because …; longest possible: 7"."""
        n = len(self.chain)
        head = f"chain of {n} card{'' if n == 1 else 's'}: "
        if not n:
            head += "click a card of the hand to start"
        elif ex.valid:
            head += "valid"
        elif ex.problem:
            head += f"invalid because {ex.problem}"
        elif len(ex.uncovered) == 1:
            i = ex.uncovered[0]
            head += f"invalid because pair {i + 1}-{i + 2} ({format_cards(ex.cards[i : i + 2])}) is in no valid window"
        else:
            pairs = [f"{i + 1}-{i + 2}" for i in ex.uncovered]
            head += f"invalid because pairs {', '.join(pairs[:-1])} and {pairs[-1]} are in no valid window"
        text = f"{head}; longest possible: {self.best.length if self.best else 0}"
        if self.selected is not None:
            j = self.selected
            text += (
                f". Chain card {j + 1} ({self.hand[self.chain[j]].code}) selected: click another to swap, "
                f"or it again to return it to the hand"
            )
        return text

    def redraw(self) -> None:
        ex = explain(self.chain_cards())
        self.view.svg = chain_svg(self.hand, self.chain, ex, self.selected)
        used = set(self.chain)
        best = self.best
        self.view.legal = (
            [f"chain:{j}" for j in range(len(self.chain))]
            + [f"card:{i}" for i in range(len(self.hand)) if i not in used]
            + (["longest"] if best and best.cards else [])
        )
        self.view.gallery = (
            [
                {
                    "target": "longest",
                    "svg": polymer_svg(explain(best.cards), hand=best.hand),
                    "label": f"longest possible: {best.length} (click to use it as the chain)",
                }
            ]
            if best and best.cards
            else []
        )
        self.view.status = self.status_text(ex)
        lines = ex.text() if self.chain else "the chain is empty"
        self.details.value = f"<pre style='margin:2px 0'>{html.escape(lines)}\n\n{html.escape(str(best))}</pre>"


def chain_builder(text: str = "KD QS JD KS JS QD JH 2C 9H", seed: int = 0) -> ChainBuilder:
    """A :class:`ChainBuilder`; show it with ``display(chain_builder().widget)``."""
    return ChainBuilder(text, seed)


def table_simulator(players: int = 8, games: int = 8) -> W.VBox:
    """Sliders for players, policy, trade budget, jokers and games; runs the table under the
    chosen policy and under no trading (same deals), and shows the summary and plots."""
    import matplotlib.pyplot as plt

    from .plot import plot_policy_summary, plot_start_vs_final, plot_table
    from .study import play_table, policy_headline, policy_study, policy_summary, seat_lengths

    w_players = W.IntSlider(value=players, min=5, max=15, description="players")
    w_policy = W.Dropdown(options=[p for p in POLICIES if p != "no_trade"], value="cooperative", description="policy")
    w_budget = W.IntSlider(value=4, min=0, max=12, description="budget")
    w_jokers = W.IntSlider(value=0, min=0, max=4, description="jokers")
    w_games = W.IntSlider(value=games, min=2, max=200, description="games")
    w_seed = W.IntText(value=0, description="seed")
    run = W.Button(description="simulate", button_style="primary")
    banner = ErrorBanner()
    out = W.VBox()

    def go(_=None):
        with banner.catch():
            df = policy_study(
                players=w_players.value,
                policies=["no_trade", w_policy.value],
                games=w_games.value,
                seed=w_seed.value,
                jokers=w_jokers.value,
                trade_budget=w_budget.value,
            )
            fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
            plot_policy_summary(policy_summary(df), ax=axes[0])
            plot_start_vs_final(seat_lengths(df), ax=axes[1])
            final = play_table(
                w_players.value, w_policy.value, seed=w_seed.value, jokers=w_jokers.value, trade_budget=w_budget.value
            )
            plot_table(**final.table_facts(), ax=axes[2], title="game 0, final table")
            fig.tight_layout()
            table = policy_headline(df, trade_kinds=False)
            out.children = [W.HTML(table.to_html(index=False, float_format=lambda v: f"{v:.2f}")), figure_output(fig)]

    run.on_click(go)
    go()
    return W.VBox(
        [W.HBox([w_players, w_policy, w_budget]), W.HBox([w_jokers, w_games, w_seed, run]), banner.widget, out]
    )


SEAT_RULES = Rules(players=6, information="hidden", minutes=10, trade_budget=1000)
"""The table of :class:`SeatTable`: 6 seats, hidden hands, the 10-minute clock."""


class SeatTable:
    """Play seat 1 (the first) of a hidden-information Polymer table against agents, seeing only
    what that seat sees (``state.observation(0)``): your hand, every seat's hand size and the wants
    it said, the public record, and the table clock.

    On your turn click a card of your hand (the one you give), pick the partner and the card type you
    want, and press **ask**; or **say I want** the type (everybody hears it), or **pass**. When an
    agent asks you, the status says what it offers and wants: **accept** or **reject**. When a loan
    of yours is called in, click the card to return. The agents answer at once; trading stops at the
    clock's 10 minutes, and then every seat's longest polymer is laid out and scored.

    The cards of your longest polymer are underlined on your hand (:meth:`longest_marks`); an offer you
    cannot accept says why (:meth:`accept_refusal`), one you can is previewed (:meth:`accept_preview`);
    an ask of yours that is refused says why in the words of the refusing seat's player
    (:meth:`refusal_text`), never from its hidden hand. The other seats take a refusal at its word
    (``firm_refusals``): a seat you refused does not ask you for that card type again until your hand
    changes.
    **new table** deals afresh (a new seed, shown in the seed field; **replay seed** deals the seed typed
    there again); **Save game** writes the table as one self-contained HTML file.

    >>> st = SeatTable(seed=3)
    >>> st.view.press("card:0")
    >>> st.picked, st.view.error
    (0, '')
    >>> st.want.value = st.want.options[0][1]; st.ask()
    >>> st.state.turn >= 1 and "seat 1 (first)" in st.log.value
    True
    """

    def __init__(
        self,
        rules: Rules = SEAT_RULES,
        agents: str = "cooperative",
        seed: int = 0,
        folder: str | Path = "negenlab-games",
    ):
        if rules.information != "hidden":
            raise InvalidInputError(f"the seat table plays hidden information, got information={rules.information!r}")
        self.rules, self.seed = rules, seed
        self.agent_spec = agents
        self.view = BoardWidget()
        self.view.on_click(self._clicked)
        wide = W.Layout(width="auto", min_width="110px")
        routes = [(d, k) for k in range(1, rules.chain_length + 1) for d in (1, -1)]
        self.partner = W.Dropdown(
            options=[(self._route_name(d, k), (d, k)) for d, k in routes],
            description="partner",
            layout=W.Layout(width="auto", min_width="250px"),
        )
        self.want = W.Dropdown(
            options=[(Card.from_index(t).pretty, t) for t in range(REGULAR_CARDS // 2)],
            description="I want",
            layout=W.Layout(width="auto", min_width="160px"),
        )
        self.ask_button = W.Button(description="ask", button_style="primary", layout=wide)
        self.say_button = W.Button(description="say I want", layout=wide)
        self.pass_button = W.Button(description="pass", layout=wide)
        self.accept_button = W.Button(description="accept", layout=wide)
        self.reject_button = W.Button(description="reject", layout=wide)
        self.deal = DealControls(seed, self.start, label="new table", guard=self._guard)
        self.new_button = self.deal.new_button
        self.preview = W.HTML()
        self.preview.add_class("nl-preview")
        self.refusal = W.HTML()
        self.refusal.add_class("nl-refusal")
        self.log = W.HTML()
        self.end = W.HTML()
        self.end.add_class("nl-end")  # every seat's polymer at the end of the table
        self.ask_button.on_click(lambda _: self._guard(self.ask))
        self.say_button.on_click(lambda _: self._guard(self.say))
        self.pass_button.on_click(lambda _: self._guard(lambda: self._play("pass")))
        self.accept_button.on_click(lambda _: self._guard(lambda: self._play("accept")))
        self.reject_button.on_click(lambda _: self._guard(lambda: self._play("reject")))
        controls = W.HBox(
            [self.partner, self.want, self.ask_button, self.say_button, self.pass_button],
            layout=W.Layout(flex_flow="row wrap"),
        )
        answers = W.HBox([self.accept_button, self.reject_button, self.preview], layout=W.Layout(flex_flow="row wrap"))
        self.saver = SaveGameRow(str(Path(folder) / "polymer-game.html"), self.save_game)
        self.why = WhyLines(title="why the other seats trade as they do")
        self.why.show([self.reason_line()])
        self.widget = W.VBox(
            [
                self.deal.widget,
                controls,
                answers,
                self.refusal,
                self.view,
                self.log,
                self.why.widget,
                self.end,
                self.saver.widget,
            ]
        )
        self.start(seed)

    def reason_line(self) -> str:
        """Why the other seats play as they do, in words that reveal no hidden card: the rule of the
        player they hold (the players' glossary), not a reason drawn from a hand you cannot see."""
        rule = games.entry("polymer").players.get(self.agent_spec, "")
        said = f"every other seat plays {self.agent_spec}" + (f": {rule}" if rule else ".")
        return (
            said + " Each seat's choice turns on its own hand, hidden from you, so the log shows what it did, not why."
            " A refusal is taken at its word: a seat refused a card type does not ask the refusing seat for it"
            " again until that seat's hand changes."
        )

    def _route_name(self, d: int, k: int) -> str:
        seat = (d * k) % self.rules.players
        side = "right" if d == 1 else "left"
        via = "" if k == 1 else f", through {k - 1} seat{'s' if k > 2 else ''}"
        return f"{seat_name(seat)} ({k} to your {side}{via})"

    # -- playing ---------------------------------------------------------------------------------
    def new_table(self) -> int:
        """A fresh deal: a new seed from the widget's own generator (shown in the seed field); return it."""
        return self.deal.fresh()

    def start(self, seed: int | None = None) -> None:
        """Deal the table of ``seed`` (default: the seed in play again) and let the agents move to your turn."""
        if seed is not None:
            self.seed = int(seed)
            self.deal.seed.value = self.seed
        self.rng = np.random.default_rng(self.seed)
        self.state = PolymerGame(self.rules).new_initial_state()
        self.state.apply(self.state.sample_chance(self.rng))
        self.agents = games.entry("polymer").make_agents([self.agent_spec] * self.rules.players)
        for agent in self.agents:  # a refusal is taken at its word: no asking again for what was refused
            if hasattr(agent, "firm_refusals"):
                agent.firm_refusals = True
        self.picked: int | None = None
        self.refusal.value = ""
        self._advance()

    def _guard(self, action) -> None:
        with self.view.catch():
            action()

    def _hand(self) -> list[int]:
        return sorted(self.state.hands[0])

    def ask(self) -> None:
        """Ask the picked partner for the picked card type, giving the card you clicked."""
        if self.picked is None:
            raise InvalidInputError("click the card of your hand you give first")
        d, k = self.partner.value
        self._play(("ask", d, k, self._hand()[self.picked], self.want.value))

    def say(self) -> None:
        """Tell the table you want the picked card type."""
        self._play(("announce", self.want.value))

    def _play(self, action) -> None:
        s = self.state
        if s.is_terminal():
            raise IllegalMoveError("the table is over; press 'new table'")
        if s.current_player != 0:
            raise IllegalMoveError("it is not your turn")
        if action not in s.legal_actions():
            raise IllegalMoveError(
                f"you cannot {s.describe_action(action) if isinstance(action, tuple) else action} now"
            )
        self._seen = len(s.public)
        self.refusal.value = ""
        s.apply(action)
        self.picked = None
        with self.view.working("the agents are trading…"):
            self._advance()
        said = self.refusal_text()
        if said:
            self.refusal.value = f"<div style='color:#8a3b00;overflow-wrap:anywhere'>{html.escape(said)}</div>"

    def refusal_text(self) -> str:
        """Why your last ask was refused (``''`` when it was not): who refused it, as its partner or as a
        link of the chain, and the rule of the player that seat holds (the players' glossary). A partner
        refuses when it holds none of the type asked or will not give one for your card; which of the two
        stays hidden, as its hand does (the seats you refuse learn no more of yours)."""
        mine = [r for r in self.state.seen[0] if r[3] == 0 and r[1] > getattr(self, "_seen", len(self.state.public))]
        if not mine or mine[-1][9] != "refused":
            return ""
        _, _, kind, _, q, give, take, _, _, _, refuser = mine[-1]
        wanted = " and ".join(f"a {Card.from_index(t).pretty}" for t in take)
        offered = " and ".join(card_of(c).pretty for c in give)
        rule = games.entry("polymer").players.get(self.agent_spec, "")
        plays = f"It plays {self.agent_spec}" + (f": {rule}" if rule else ".")
        if refuser != q:
            return (
                f"{seat_name(refuser)}, a link between you and {seat_name(q)}, would not let your ask for {wanted} "
                f"through. {plays}"
            )
        asked = f"your ask for {wanted}" + (f" (for your {offered})" if offered else " (a loan)")
        return (
            f"{seat_name(q)} refused {asked}: it holds no such card, or it will not give one for that. "
            f"Which of the two stays hidden, as its hand does. {plays}"
        )

    def _advance(self) -> None:
        s = self.state
        while not s.is_terminal() and s.current_player != 0:
            if s.is_chance_node():
                s.apply(s.sample_chance(self.rng))
            else:
                s.apply(self.agents[s.current_player].step(s, self.rng))
        self.redraw()

    def _clicked(self, name: str) -> None:
        if name not in (self.view.legal or []):
            raise IllegalMoveError(f"{name!r} is not on offer now")
        i = int(name.split(":")[1])
        if self.state.phase == "repay":
            self._play(("return", self._hand()[i]))
            return
        self.picked = None if self.picked == i else i
        self.redraw()

    # -- what the seat sees ----------------------------------------------------------------------
    def status_text(self) -> str:
        s, ob = self.state, self.state.observation(0)
        clock = f"{ob['clock'] / 60:.1f} of {self.rules.minutes:g} minutes"
        mine = hand_length(s.hands[0])
        if s.is_terminal():
            w = s.winner()
            who = "you win" if w == 0 else ("nobody wins" if w is None else f"{seat_name(w)} wins")
            return f"trading over at {ob['clock'] / 60:.1f} minutes: {who}; every polymer is laid out below"
        head = f"{clock} · your longest polymer: {mine} cards"
        if s.phase == "respond":
            act = ob["pending"]
            giver = seat_name(s.proposer)
            why = self.accept_refusal()
            answer = f": you can only reject, {why}" if why else ": accept or reject"
            if act[0] == "ask":
                return f"{head} · {giver} offers {card_of(act[3]).pretty} for a {Card.from_index(act[4]).pretty}" + (
                    answer if s.responders[-1] == 0 else " (through you): let it through?"
                )
            return f"{head} · {giver} asks to borrow a {Card.from_index(act[-1]).pretty}{answer}"
        if s.phase == "repay":
            return f"{head} · {seat_name(s.repay_queue[0][0])} calls its loan in: click the card you return"
        pick = "" if self.picked is None else f" · giving {card_of(self._hand()[self.picked]).pretty}"
        return f"{head} · your turn: click a card you give, pick a partner and a type, then ask; or say, or pass{pick}"

    def longest_marks(self) -> list[int]:
        """Positions in your (sorted) hand of the cards of your longest polymer (exact solver)."""
        hand = self._hand()
        best = solve([card_of(c) for c in hand if not is_joker(c)]).cards
        marks: list[int] = []
        for card in best:
            i = next(i for i, c in enumerate(hand) if i not in marks and not is_joker(c) and card_of(c) == card)
            marks.append(i)
        return sorted(marks)

    def _offer(self):
        """The proposal you answer as its partner (``("ask", ...)`` or ``("borrow", ...)``), else None."""
        s = self.state
        if s.is_terminal() or s.phase != "respond" or s.current_player != 0 or s.responders[-1] != 0:
            return None
        act = s.observation(0)["pending"]
        return act if isinstance(act, tuple) and act and act[0] in ("ask", "borrow") else None

    def accept_refusal(self) -> str:
        """Why you cannot accept the proposal you answer (``''`` when you can, or answer none)."""
        s, act = self.state, self._offer()
        if act is None or "accept" in s.legal_actions():
            return ""
        wanted = Card.from_index(act[-1])
        return f"you do not hold the {wanted.pretty} it asks for"

    def accept_preview(self) -> str:
        """What accepting the offer you answer does to your longest polymer and your score, or ``''``.

        Your score is your length times the sum of your neighbours' lengths, which this seat does not see
        (the table plays hidden information), so the preview gives the factor your score is multiplied by
        while their polymers stay as they are."""
        s, act = self.state, self._offer()
        if act is None or self.accept_refusal() or act[0] != "ask":
            return ""
        hand = list(s.hands[0])
        want = int(act[-1])
        given = min(c for c in hand if not is_joker(c) and c // 2 == want)
        after = [c for c in hand if c != given] + [int(act[3])]
        before_len, after_len = hand_length(hand), hand_length(after)
        text = f"accepting: your longest polymer {before_len} -> {after_len}"
        if before_len == after_len:
            return f"{text}, your score unchanged while your neighbours' polymers stay as they are"
        if before_len == 0:
            return f"{text}, your score from 0 to {after_len} x your neighbours' lengths (hidden from this seat)"
        return (
            f"{text}, your score x{after_len / before_len:.2f} ({before_len} -> {after_len} times your neighbours' "
            "lengths, hidden from this seat)"
        )

    def move_lines(self) -> list[str]:
        """The public record of the table in words, one line per event, seats counted from 1."""
        return [f"{i}. {line}" for i, line in enumerate(self._public_lines(), 1)]

    def save_game(self, path: str | Path) -> Path:
        """Write the table as one self-contained HTML file (your hand with your longest polymer marked,
        the final table and every seat's polymer at the end, the public record, the Rules and seed)."""
        s = self.state
        hand = [card_of(c) for c in self._hand()]
        pictures = [
            (
                f"{seat_name(0)}, you: {len(hand)} cards",
                seat_svg(hand, legal=False, seats=self._seat_lines(), marked=self.longest_marks()),
            )
        ]
        if s.is_terminal():
            pictures.append(("the final table", table_svg(**s.table_facts())))
            for p in range(self.rules.players):
                best = solve([card_of(c) for c in s.hands[p] if not is_joker(c)])
                if best.cards:
                    pictures.append(
                        (f"{seat_name(p)}: longest polymer {len(best.cards)}", polymer_svg(explain(best.cards)))
                    )
        return save_played_game(
            path,
            f"Polymer: seat 1 (you) at a {self.rules.players}-seat table against {self.agent_spec} agents",
            pictures,
            self._public_lines(),  # the saved page numbers the moves itself
            rules=self.rules,
            seed=self.seed,
            result=self.status_text(),
        )

    def _seat_lines(self) -> list[str]:
        ob = self.state.observation(0)
        lines = []
        end = self.state.is_terminal()
        lengths = self.state.lengths() if end else None
        for p in range(1, self.rules.players):
            said = ", ".join(Card.from_index(t).pretty for t in ob["wants"][p]) or "nothing"
            text = f"{seat_name(p)}: {ob['hand_sizes'][p]} cards, wants said: {said}"
            if lengths is not None:
                text += f" · longest polymer {lengths[p]}"
            lines.append(text)
        return lines

    def redraw(self) -> None:
        s = self.state
        mine = s.current_player == 0 and not s.is_terminal()
        hand = [card_of(c) for c in self._hand()]
        cards_legal = mine and s.phase in ("trade", "repay")
        self.view.svg = seat_svg(
            hand,
            picked=[] if self.picked is None else [self.picked],
            legal=cards_legal,
            seats=self._seat_lines(),
            title=f"{seat_name(0)}, you · {len(hand)} cards",
            marked=self.longest_marks(),
        )
        if s.phase == "repay" and mine:
            allowed = {a[1] for a in s.legal_actions()}
            self.view.legal = [f"card:{i}" for i, c in enumerate(self._hand()) if c in allowed]
        else:
            self.view.legal = [f"card:{i}" for i in range(len(hand))] if cards_legal else []
        trading = mine and s.phase == "trade"
        for b in (self.ask_button, self.say_button, self.pass_button):
            b.disabled = not trading
        answering = mine and s.phase == "respond"
        self.accept_button.disabled = not (answering and "accept" in s.legal_actions())
        self.reject_button.disabled = not answering
        why = self.accept_refusal()
        self.accept_button.tooltip = f"you cannot accept: {why}" if why else "accept the proposal"
        preview = self.accept_preview()
        self.preview.value = (
            f"<span class='nl-error'>cannot accept: {html.escape(why)}</span>" if why else html.escape(preview)
        )
        self.view.status = self.status_text()
        self.log.value = (
            "<div class='nl-log'>" + "<br>".join(html.escape(e) for e in self._public_lines()[-8:]) + "</div>"
        )
        self.end.value = self._end_html() if s.is_terminal() else ""

    def _public_lines(self) -> list[str]:
        out = []
        for e in self.state.public:
            kind = e[0]
            if kind == "pass":
                continue
            if kind == "announce":
                out.append(f"{seat_name(e[1])} says it wants a {Card.from_index(e[2]).pretty}")
            elif kind == "reject":
                out.append(f"{seat_name(e[1])} rejects {seat_name(e[2])}'s proposal")
            elif kind in ("swap", "loan"):
                out.append(
                    f"{seat_name(e[1])} and {seat_name(e[2])} {'swap' if kind == 'swap' else 'agree a loan:'} "
                    f"{e[3]} card{'s' if e[3] != 1 else ''} for {e[4]}"
                )
            elif kind == "call":
                out.append(f"{seat_name(e[1])} calls in its loan to {seat_name(e[2])}")
            elif kind == "repay":
                out.append(f"{seat_name(e[1])} repays {seat_name(e[2])}")
            else:
                out.append(f"{seat_name(e[1])} plays a joker ({kind})")
        return out

    def _end_html(self) -> str:
        s = self.state
        f = s._final or {}
        parts = [table_svg(**s.table_facts())]
        for p in range(self.rules.players):
            best = solve([card_of(c) for c in s.hands[p] if not is_joker(c)])
            title = f"{seat_name(p)}{' (you)' if p == 0 else ''}: {len(best.cards)} cards, score {f['scores'][p]}"
            picture = polymer_svg(explain(best.cards)) if best.cards else ""
            parts.append(
                f"<div style='display:inline-block;vertical-align:top;margin:4px 10px 4px 0'>"
                f"<div style='font-size:12px'>{html.escape(title)}</div>{picture}</div>"
            )
        return "<div>" + "".join(parts) + "</div>"


def seat_table(agents: str = "cooperative", seed: int = 0) -> SeatTable:
    """A :class:`SeatTable`; show it with ``display(seat_table().widget)``."""
    return SeatTable(SEAT_RULES, agents, seed)
