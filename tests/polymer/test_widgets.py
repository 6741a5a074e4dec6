"""The chain builder: clicks on cards build a chain whose validity is explained after every change."""

import re

import numpy as np
import pytest

from negenlab.polymer.cards import format_cards
from negenlab.polymer.widgets import ChainBuilder, chain_builder


@pytest.fixture
def cb():
    return ChainBuilder("7S 8S 9S 10S 2C")


def chain(cb):
    return format_cards(cb.chain_cards())


def test_pressing_a_hand_card_appends_it_to_the_chain(cb):
    svg, status = cb.view.svg, cb.view.status
    assert status == "chain of 0 cards: click a card of the hand to start; longest possible: 4"
    cb.view.press("card:0")
    assert chain(cb) == "7S" and cb.view.error == ""
    assert cb.view.svg != svg and cb.view.status != status
    assert cb.view.status.startswith("chain of 1 card: invalid because a polymer has at least 3 cards")
    assert "card:0" not in cb.view.legal and "chain:0" in cb.view.legal and "card:1" in cb.view.legal


def test_validity_is_shown_live(cb):
    for i in (0, 1, 2):
        cb.view.press(f"card:{i}")
    assert cb.view.status == "chain of 3 cards: valid; longest possible: 4"
    assert "a polymer of length 3" in cb.details.value and "longest polymer 4" in cb.details.value
    cb.view.press("card:4")
    assert cb.view.status == (
        "chain of 4 cards: invalid because pair 3-4 (9S 2C) is in no valid window; longest possible: 4"
    )


def test_select_then_swap_reorders(cb):
    for i in (2, 1, 0):
        cb.view.press(f"card:{i}")
    assert chain(cb) == "9S 8S 7S"
    cb.view.press("chain:0")
    assert cb.selected == 0 and "Chain card 1 (9S) selected" in cb.view.status
    cb.view.press("chain:2")
    assert chain(cb) == "7S 8S 9S" and cb.selected is None


def test_the_selected_card_pressed_again_returns_to_the_hand(cb):
    for i in (0, 1, 2):
        cb.view.press(f"card:{i}")
    cb.view.press("chain:1")
    cb.view.press("chain:1")
    assert chain(cb) == "7S 9S" and "card:1" in cb.view.legal and cb.view.legal.count("chain:1") == 1


def test_bad_clicks_are_explained_in_the_widget(cb):
    cb.view.press("card:0")
    cb.view.press("card:0")
    assert "7S (card 1 of the hand) is already in the chain" in cb.view.error and chain(cb) == "7S"
    cb.view.press("chain:5")
    assert "not a card here" in cb.view.error
    cb.view.press("card:1")
    assert cb.view.error == ""


def test_a_bad_hand_shows_the_error_and_keeps_the_old_state(cb):
    cb.view.press("card:0")
    svg, status = cb.view.svg, cb.view.status
    cb.text.value = "7S 7X"
    cb.use.click()
    assert "CardParseError" in cb.view.error and "7X" in cb.view.error
    assert chain(cb) == "7S" and format_cards(cb.hand) == "7S 8S 9S 10S 2C"
    assert cb.view.svg == svg and cb.view.status == status
    cb.text.value = "7S 7S 7S"
    cb.use.click()
    assert "ThirdCopyError" in cb.view.error
    cb.text.value = " "
    cb.use.click()
    assert "empty" in cb.view.error
    cb.text.value = "KS QS JS"
    cb.use.click()
    assert cb.view.error == "" and cb.chain == [] and cb.view.status.endswith("longest possible: 3")


def test_longest_polymer_can_be_taken_as_the_chain(cb):
    assert cb.view.gallery[0]["target"] == "longest" and "longest" in cb.view.legal
    cb.view.press("longest")
    assert chain(cb) == format_cards(cb.best.cards) and cb.view.status.startswith("chain of 4 cards: valid")


def test_deal_and_clear():
    cb = chain_builder("7S 8S 9S", seed=1)
    cb.size.value = 10
    cb.deal.click()
    assert len(cb.hand) == 10 and cb.text.value == format_cards(cb.hand) and cb.view.error == ""
    cb.view.press("card:3")
    cb.clear.click()
    assert cb.chain == [] and cb.view.status.startswith("chain of 0 cards")


def test_duplicate_cards_and_jokers():
    cb = ChainBuilder("7S 7S 7H 7D JK")
    cb.view.press("longest")
    assert sorted(cb.chain) == sorted(set(cb.chain)) and len(cb.chain) == cb.best.length
    cb.view.press("card:4")
    assert "jokers" in cb.view.status and cb.view.status.startswith("chain of")


# -- a seat at a hidden-information table ------------------------------------------------------
def _accepted_ask(st):
    """(card index, route, type) of an ask the agent partner accepts, found on copies of the table."""
    hand = sorted(st.state.hands[0])
    for i, give in enumerate(hand):
        for route in [(1, 1), (-1, 1)]:
            q = st.state.partner(0, *route)
            for t in sorted({c // 2 for c in st.state.hands[q]}):
                trial = st.state.clone()
                trial.apply(("ask", *route, give, t))
                answer = st.agents[q].step(trial, np.random.default_rng(0))
                if answer == "accept":
                    return i, route, t
    return None


def test_the_seat_sees_only_its_own_hand():
    from negenlab.polymer.game import card_of
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=3)
    shown = [t for t in re.findall(r"<title>([^<]+)</title>", st.view.svg) if t != "in your longest polymer"]
    assert shown == [card_of(c).code for c in sorted(st.state.hands[0])]
    others = {card_of(c).code for p in range(1, 6) for c in st.state.hands[p]} - set(shown)
    assert not any(code in st.view.svg for code in others if len(code) > 2)
    assert "· longest polymer" not in st.view.svg  # the others' lengths show only at the end


def test_a_trade_proposed_by_clicks_is_made_and_logged():
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=3)
    i, route, t = _accepted_ask(st)
    st.view.press(f"card:{i}")
    st.partner.value = route
    st.want.value = t
    before = len(st.state.public)
    st.ask_button.click()
    assert st.view.error == ""
    assert any(e[0] == "swap" and e[1] == 0 for e in st.state.public[before:])
    assert "seat 1 (first) and" in st.log.value


def test_asking_without_a_card_and_out_of_turn_says_why():
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=3)
    st.ask_button.click()
    assert "click the card of your hand you give first" in st.view.error
    st.view.press("card:99")
    assert "not on offer" in st.view.error


def test_a_whole_table_ends_with_every_polymer_laid_out():
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=5)
    for _ in range(500):
        if st.state.is_terminal():
            break
        if st.state.phase == "respond":
            (st.accept_button if not st.accept_button.disabled else st.reject_button).click()
        elif st.state.phase == "repay":
            st.view.press(st.view.legal[0])
        else:
            st.pass_button.click()
        assert st.view.error == ""
    assert st.state.is_terminal() and st.view.status.startswith("trading over")
    assert st.end.value.count("score ") == 6 and st.ask_button.disabled


# -- the seat: your longest polymer, why an offer cannot be accepted, what accepting does (issue #36) ------
def _self_contained(text: str) -> bool:
    """A page that needs nothing outside itself: no script, no link, no source fetched from anywhere."""
    low = (
        text.lower().replace('xmlns="http://www.w3.org/2000/svg"', "").replace("xmlns='http://www.w3.org/2000/svg'", "")
    )
    return not any(bad in low for bad in ("<script", "<link", " src=", "http://", "https://", "@import"))


def _offer(acceptable: bool, seed: int = 0):
    """A seat table (seed ``seed``) passed on until an agent offers you a trade you can (or cannot) accept."""
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=seed)
    for _ in range(200):
        s = st.state
        if s.is_terminal():
            break
        if s.phase == "respond":
            if st._offer() is not None and ("accept" in s.legal_actions()) == acceptable:
                return st
            st.reject_button.click()
        elif s.phase == "repay":
            st.view.press(st.view.legal[0])
        else:
            st.pass_button.click()
    raise AssertionError("no such offer came")


def test_the_cards_of_your_longest_polymer_are_marked():
    from negenlab.polymer import longest_polymer
    from negenlab.polymer.game import card_of, hand_length
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=3)
    marks = st.longest_marks()
    hand = st._hand()
    assert len(marks) == hand_length(hand) == st.view.svg.count('class="in-polymer"') > 0
    cards = [card_of(hand[i]) for i in marks]
    assert len(longest_polymer(cards)) == len(cards)  # the marked cards make one polymer
    assert f"the {len(marks)} cards of your longest polymer" in st.view.svg


def test_an_offer_you_cannot_accept_says_why():
    st = _offer(acceptable=False)
    want = st.state.observation(0)["pending"][-1]
    from negenlab.polymer.cards import Card

    assert st.accept_button.disabled
    assert f"you do not hold the {Card.from_index(want).pretty}" in st.view.status
    assert "you cannot accept" in st.accept_button.tooltip and "cannot accept" in st.preview.value


def test_accepting_is_previewed_and_the_preview_comes_true():
    from negenlab.polymer.game import hand_length

    st = _offer(acceptable=True)
    assert st.preview.value.startswith("accepting: your longest polymer")
    after = int(st.preview.value.split(" -&gt; ")[1].split(",")[0])
    st.accept_button.click()
    assert hand_length(st.state.hands[0]) == after


def test_new_table_deals_afresh_and_a_seed_typed_back_replays_it(tmp_path):
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=3, folder=tmp_path)
    dealt = sorted(st.state.hands[0])
    seed = st.new_table()
    assert seed != 3 and st.deal.seed.value == seed and sorted(st.state.hands[0]) != dealt
    st.deal.seed.value = 3
    st.deal.replay_button.click()
    assert sorted(st.state.hands[0]) == dealt
    st.pass_button.click()
    st.saver.button.click()
    path = tmp_path / "polymer-game.html"
    text = path.read_text(encoding="utf-8")
    assert f"<code>{path}</code>" in st.saver.status.value
    assert "seed 3" in text and "in-polymer" in text and "information" in text and _self_contained(text)


# -- the desk defects of issue #52: a refused ask says why; the saved game numbers each move once ---------------
def _refused_ask(st):
    """(card index, route, type) of an ask of yours the agent partner refuses, found on copies of the table."""
    hand = sorted(st.state.hands[0])
    for i, give in enumerate(hand):
        for route in [(1, 1), (-1, 1)]:
            q = st.state.partner(0, *route)
            for t in range(52):
                trial = st.state.clone()
                trial.apply(("ask", *route, give, t))
                if st.agents[q].step(trial, np.random.default_rng(0)) == "reject":
                    return i, route, t
    return None


def test_a_refused_ask_says_why_in_the_players_words_and_names_no_hidden_card():
    from negenlab.core.game import seat_name
    from negenlab.polymer.cards import Card
    from negenlab.polymer.game import card_of
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=3)
    i, route, t = _refused_ask(st)
    q = st.state.partner(0, *route)
    give = card_of(st._hand()[i]).pretty
    st.view.press(f"card:{i}")
    st.partner.value, st.want.value = route, t
    st.ask_button.click()
    said = st.refusal.value
    assert st.view.error == "" and any(e[0] == "reject" and e[2] == 0 for e in st.state.public)
    assert f"{seat_name(q)} refused your ask for a {Card.from_index(t).pretty} (for your {give})" in said
    assert "holds no such card, or it will not give one" in said and "It plays cooperative:" in said
    text = re.sub(r"<[^>]+>", " ", said)
    named = {Card.from_index(x).pretty for x in range(52)} - {Card.from_index(t).pretty, give}
    assert not any(re.search(rf"(?<!\w){re.escape(c)}(?!\w)", text) for c in named)  # no card of a hidden hand
    (st.pass_button if st.state.phase == "trade" else st.reject_button).click()  # the next action clears it
    assert st.view.error == "" and st.refusal.value == ""


def test_the_saved_game_numbers_each_move_once(tmp_path):
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=3, folder=tmp_path)
    i, route, t = _accepted_ask(st)
    st.view.press(f"card:{i}")
    st.partner.value, st.want.value = route, t
    st.ask_button.click()
    for _ in range(3):
        st.pass_button.click() if not st.pass_button.disabled else st.reject_button.click()
    path = st.saver.save()
    moves = re.findall(r"<li>(.*?)</li>", path.read_text(encoding="utf-8").split("<ol class='moves'>")[1])
    assert len(moves) == len(st.move_lines()) > 3
    assert not [m for m in moves if re.match(r"\d+\.\s", m)], moves[:3]  # the list numbers them: no second number


@pytest.mark.parametrize("hand", ["4H 4D 4C", "7S 8S 9S 10S", "KD QS JD KS JS QD JH", "7S 8S 9S 2C 5H"])
def test_a_polymer_picture_holds_its_title_and_window_legend(hand):
    """The end of a table lays out every seat's polymer: a short one's legend used to run past its picture."""
    from negenlab.polymer import explain, parse_cards
    from negenlab.polymer.svg import LEGEND_TEXT, polymer_svg, text_width

    cards = parse_cards(hand)
    svg = polymer_svg(explain(cards[:3] if len(cards) == 5 else cards), hand=cards)
    width, height = (float(v) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', svg).groups())
    baselines = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"', svg)]
    assert "invalid window" in svg and max(baselines) + 3 <= height
    assert width >= 6 + text_width(LEGEND_TEXT, 10)


def test_the_why_line_says_a_refusal_is_taken_at_its_word():
    from negenlab.polymer.widgets import SeatTable

    st = SeatTable(seed=3)
    assert "A refusal is taken at its word" in st.why.widget.value
    assert all(agent.firm_refusals for agent in st.agents)
