"""The chain builder: clicks on cards build a chain whose validity is explained after every change."""
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
    assert cb.view.status == ("chain of 4 cards: invalid because pair 3-4 (9S 2C) is in no valid window; "
                              "longest possible: 4")


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
