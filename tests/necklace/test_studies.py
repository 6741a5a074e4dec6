"""Necklace's long studies on tiny sizes (against direct runs), the opening game behind the swap
map, and the page's swap decisions and opening classes against the proofs."""

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

import negenlab.necklace.study as S
from negenlab.core.studies import StudyContext
from negenlab.necklace.game import State
from negenlab.necklace.report import opening_classes_against_proofs, swap_decisions


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setattr(S, "LADDER", ("random", "mcts:30"))
    monkeypatch.setattr(S, "LADDER_SIZE", 4)
    monkeypatch.setattr(S, "ADVANTAGE_SIZES", (4,))
    monkeypatch.setattr(S, "ADVANTAGE_SWAP_SIZES", (4,))
    monkeypatch.setattr(S, "ADVANTAGE_AGENT", "mcts:20")
    monkeypatch.setattr(S, "SWAP_MAP_AGENT", "mcts:20")
    monkeypatch.setattr(S, "SWAP_MAP_GAMES", 6)
    return StudyContext("necklace", "tiny", seed=5, workers=1, progress=lambda line: None)


def test_opening_game_starts_after_red_stone():
    s = S.OpeningGame(5, (1, 3)).new_initial_state()
    expected = State.initial(5, swap=False)
    expected.play((1, 3))
    assert s.position.to_text() == expected.to_text() and s.current_player == 1
    assert S.OpeningGame(5, (1, 3)).describe()["opening"] == [1, 3]


def test_swap_map_study_shares_games_between_mirror_openings(tiny):
    t = S.swap_map_study(tiny, size=4).table
    m = S.swap_map_from_table(t)
    assert m.shape == (4, 4) and (t["n"] == 6).all()
    # left-right, top-bottom and half-turn mirrors hold the same games
    assert np.array_equal(m, m[:, ::-1]) and np.array_equal(m, m[::-1, :])
    assert ((t["lo"] <= t["value"]) & (t["value"] <= t["hi"])).all()


def test_advantage_study_has_both_arms_where_asked(tiny):
    t = S.advantage_study(tiny).table
    first = t[t["metric"] == S.SEAT0_WINS]
    assert sorted(first["swap"]) == [False, True] and (first["n"] >= 100).all()
    assert set(first["decision"]) <= {"H0", "H1", "undecided"}


def test_ladder_study_is_one_step(tiny):
    t = S.ladder_study(tiny).table
    assert t[["size", "rung", "below"]].values.tolist() == [[4, "mcts:30", "random"]]
    assert "swaps" not in t  # no store, no games to count swaps in


def test_the_ladder_counts_blues_swaps_from_its_store(tiny, tmp_path):
    stored = S.ladder_study(replace(tiny, store=tmp_path)).table
    (games,) = stored["games"]
    (swaps,) = stored["swaps"]
    assert 0 <= swaps <= games  # random, as Blue, may swap; mcts:30 seldom does
    assert S.step_swaps(tmp_path / "mcts-30-vs-random", games + 1) is None  # a store that does not match the step


def test_swap_decisions_and_opening_classes_by_hand():
    t = pd.DataFrame(
        {
            "row": [0, 0, 1, 1],
            "col": [0, 1, 0, 1],
            "same_as": ["0,0", "0,1", "1,0", "1,1"],
            "value": [0.8, 0.2, 0.5, 0.7],
            "lo": [0.7, 0.1, 0.4, 0.6],
            "hi": [0.9, 0.3, 0.6, 0.8],
            "n": 100,
        }
    )
    assert swap_decisions(t) == {"swap": 2, "place": 1, "undecided": 1, "classes": 4, "openings": 4}
    assert S.best_opening(t) == (1, 0)
    proved = pd.DataFrame(
        {"size": 2, "row": [0, 0, 1, 1], "col": [0, 1, 0, 1], "value": ["red", "red", "blue", "blue"]}
    )
    classes = opening_classes_against_proofs(t, proved)
    assert classes["judged"].tolist() == ["right", "wrong", "undecided", "wrong"]
    assert classes["leans to"].tolist() == ["red", "blue", "neither", "red"]


def test_mirror_openings_count_once_against_the_proofs():
    """The committed 5x5 map: 25 openings, 9 classes; each class judged once."""
    smap = S.committed_table("necklace", "swap_map_5", S.TABLES["swap_map_5"])
    classes = opening_classes_against_proofs(smap, S.load_tables()[1])
    assert len(classes) == 9 and (classes["n"] == 200).all()
    assert classes["judged"].value_counts().to_dict() == {"undecided": 5, "right": 3, "wrong": 1}
    assert classes.loc[classes["judged"] == "wrong", "opening"].tolist() == ["row 3, col 2"]
