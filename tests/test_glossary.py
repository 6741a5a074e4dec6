"""One glossary (negenlab.games.glossary): every player a game registers and every word a verdict line
uses (the verdicts, the re-measurement's words, a variant run's words) is explained in it, and the
pages, the tour and the widgets read the same one."""

from __future__ import annotations

import re

import pytest

from negenlab import games
from negenlab.core.claims import GLOSSARY
from negenlab.core.findings import VERDICTS


def covered(name: str, glossary: dict[str, str]) -> bool:
    """Whether a player name has its entry: the name itself, its budgeted form (mcts:N, pie:N) or its
    family (Polymer's <rung>-<strategy>)."""
    if name in glossary or f"{name}:N" in glossary:
        return True
    rung, _, strategy = name.partition("-")
    return bool(strategy) and rung in glossary and "<rung>-<strategy>" in glossary


@pytest.mark.parametrize("game", games.NAMES)
def test_every_registered_player_has_its_entry(game):
    glossary = games.glossary(game)
    missing = [a for a in games.entry(game).agent_names() if not covered(a, glossary)]
    assert not missing, f"{game}: players with no glossary entry: {missing}"


@pytest.mark.parametrize("game", games.NAMES)
def test_every_player_a_page_line_names_is_in_the_glossary(game, page_verdicts):
    glossary = games.glossary(game)
    names = games.entry(game).agent_names()
    for f in page_verdicts(game):
        text = " ".join(filter(None, [f.players, f.number]))
        for word in re.findall(r"\b([a-z][a-z_]*(?:-[a-z_]+)?)(?::\d+)?s?\b", text):
            if word in names or word.rstrip("s") in names:
                assert covered(word if word in names else word.rstrip("s"), glossary), (game, f.claim_id, word)


def test_every_verdict_and_replication_word_is_explained():
    words = " / ".join(GLOSSARY)
    for verdict in VERDICTS:
        assert verdict in words, verdict
    for word in ("confirmed", "not confirmed", "Monte Carlo error", "repeated looks", "re-measured", "family"):
        assert word in words, word


def test_the_tour_reads_the_one_glossary():
    tour = games.__file__.rsplit("/negenlab/", 1)[0] + "/notebooks/00_tour.ipynb"
    text = open(tour, encoding="utf-8").read()
    assert "games.glossary(" in text or ("GLOSSARY" in text and ".players" in text)
