"""The explorer: clicks on the board, illegal points, undo, swap, settings, errors shown in the widget."""

from __future__ import annotations

import re

from negenlab.necklace import State
from negenlab.necklace.svg import board_svg
from negenlab.necklace.widgets import Explorer


def snapshot(ex: Explorer):
    return ex.state.to_text(), ex.state.to_move, ex.board.svg, ex.board.status, ex.human


def test_press_a_legal_point_places_and_the_mcts_answers():
    ex = Explorer(size=5, strength=20, seed=0)
    assert ex.board.legal == [f"point:{r}:{c}" for r in range(5) for c in range(5)]
    svg, status = ex.board.svg, ex.board.status
    ex.board.press("point:2:2")
    assert ex.board.error == ""
    assert ex.state.board[2 * 5 + 2] == 1  # your red stone at row 3, col 3
    assert ex.state.placements >= 2 or ex.state.over
    assert ex.board.svg != svg and ex.board.status != status
    assert re.search(r"MCTS \(blue\) played row [1-5], col [1-5]", ex.board.status)
    assert "point:2:2" not in ex.board.legal


def test_every_point_is_a_target_with_a_one_based_tooltip():
    svg = board_svg(**State.initial(3).drawing_facts(), targets=True)
    assert svg.count("data-target=") == 9 and 'data-target="point:2:2"' in svg
    assert "<title>row 3, col 3: empty</title>" in svg
    assert ">3</text>" in svg and ">0</text>" not in svg  # labels 1..3


def test_illegal_point_shows_the_reason_and_changes_nothing():
    ex = Explorer(size=5, strength=20, seed=0)
    ex.state = State.from_text(".R...\nR.R..\n.....\n..B..\n.....", "red")  # red to move
    ex.redraw()
    (r, c), reasons = next(iter(ex.state.illegal_points().items()))
    assert f"point:{r}:{c}" not in ex.board.legal
    assert (r, c, reasons) == (2, 1, ("seclusion",))
    before = snapshot(ex)
    ex.board.press(f"point:{r}:{c}")
    assert ex.board.error == ("IllegalMoveError: row 3, col 2 is illegal: seclusion (it would seal off row 2, col 2)")
    after = snapshot(ex)
    assert after[:2] + after[3:] == before[:2] + before[3:]  # the game is unchanged ...
    assert after[2].count('class="sealed"') == 1 and before[2].count('class="sealed"') == 0  # ... row 2, col 2 ringed
    ex.board.press("point:0:1")  # occupied
    assert "row 1, col 2 already holds a red stone" in ex.board.error
    assert snapshot(ex) == before  # another click clears the ring


def test_crosscut_reason_in_words():
    ex = Explorer(size=5, strength=20, seed=0)
    ex.state = State.from_text("RB...\nB....\n.....\n.....\n.....", "red")
    ex.redraw()
    ex.board.press("point:1:1")
    assert ex.board.error == (
        "IllegalMoveError: row 2, col 2 is illegal: crosscut: red at row 1, col 1 and row 2, col 2 (the stone) "
        "against blue at row 1, col 2 and row 2, col 1"
    )  # the four stones of the crossed block, named as the board labels them


def test_undo_and_error_line():
    ex = Explorer(size=5, strength=20, seed=0)
    ex.click(2, 2)
    assert ex.state.placements == 2 and not ex.undo_b.disabled
    ex.undo()
    assert ex.state.placements == 0 and ex.board.error == ""
    ex.undo()
    assert "nothing to undo" in ex.board.error
    ex.click(2, 2)  # a good move clears the error line
    assert ex.board.error == ""


def test_swap_as_blue_makes_the_dropdown_follow():
    ex = Explorer(size=5, strength=20, human="blue", seed=1)
    assert ex.state.placements == 1 and ex.state.swap_available and not ex.swap_b.disabled
    assert "may swap" in ex.board.status
    ex.swap()
    assert ex.state.swapped and ex.human == "red" and ex.human_w.value == "red"
    assert ex.state.colour_to_move == "red" and ex.state.placements == 2  # the MCTS (now Blue) has answered
    assert "you play red (after the swap)" in ex.board.status
    ex.undo()  # back to before the swap: blue again, and no new game was started
    assert ex.human_w.value == "blue" and ex.state.placements == 1


def test_mcts_swap_makes_the_dropdown_follow(monkeypatch):
    from negenlab.necklace import agents

    monkeypatch.setattr(agents.NumbaMCTSAgent, "step", lambda self, state, rng: state.legal_actions()[-1])
    ex = Explorer(size=5, strength=20, seed=0)
    ex.click(2, 2)  # the stub answers "swap": you now play Blue
    assert ex.state.swapped and ex.human == "blue" and ex.human_w.value == "blue"
    assert "MCTS (blue) swapped: you now play blue" in ex.board.status
    assert ex.state.placements == 1 and ex.board.legal  # your turn, as Blue


def test_settings_start_a_new_game_at_once():
    ex = Explorer(size=5, strength=20, seed=0)
    ex.click(2, 2)
    ex.size_w.value = 7
    assert ex.state.n == 7 and ex.state.placements == 0 and ex.board.status.startswith("7x7, 0 placements")
    assert len(ex.board.legal) == 49
    ex.swap_rule_w.value = False
    assert not ex.state.swap_rule and ex.state.placements == 0
    ex.human_w.value = "blue"  # the MCTS opens
    assert ex.state.placements == 1 and ex.state.colour_to_move == "blue"


def test_overlay_toggle():
    ex = Explorer(size=5, strength=20, seed=0)
    ex.state = State.from_text("RB...\nB....\n.....\n.....\n.....", "red")
    ex.redraw()
    assert "point:1:1" not in ex.board.legal and "x: crosscut" in ex.board.svg
    ex.overlay_w.value = False
    assert "point:1:1" in ex.board.legal and "x: crosscut" not in ex.board.svg


def test_game_over_and_first_use_notice(monkeypatch):
    from negenlab.necklace import widgets

    ex = Explorer(size=3, strength=20, swap=False, seed=0)
    monkeypatch.setattr(widgets, "_search_compiled", lambda: False)
    notices = []
    ex.board.observe(lambda change: notices.append(change["new"]), names="busy")
    ex.click(1, 1)
    assert notices == [widgets.COMPILING, ""]
    monkeypatch.undo()
    while not ex.state.over:
        r, c = ex.state.legal_moves()[0]
        ex.click(r, c)
    assert ex.board.legal == [] and ("wins" in ex.board.status or "draw" in ex.board.status)
    ex.board.press("point:0:0")
    assert "the game is over" in ex.board.error and "press New game" in ex.board.error
    ex.new_b.click()
    assert ex.state.placements == 0 and ex.board.error == ""


def test_an_error_in_the_reply_leaves_the_game_as_it_was(monkeypatch):
    from negenlab.core.errors import InvalidInputError
    from negenlab.necklace import agents

    ex = Explorer(size=5, strength=20, seed=0)
    ex.click(2, 2)
    before = snapshot(ex)

    def broken(self, state, rng):
        raise InvalidInputError("no search today")

    monkeypatch.setattr(agents.NumbaMCTSAgent, "step", broken)
    ex.click(*ex.state.legal_moves()[0])
    assert ex.board.error == "InvalidInputError: no search today"
    assert snapshot(ex) == before  # your stone is not half-placed: the board still shows the last good state


# -- a fresh deal, the history's players, the legend's room, the saved game (issue #36) -------------------
def _self_contained(text: str) -> bool:
    """A page that needs nothing outside itself: no script, no link, no source fetched from anywhere."""
    low = (
        text.lower().replace('xmlns="http://www.w3.org/2000/svg"', "").replace("xmlns='http://www.w3.org/2000/svg'", "")
    )
    return not any(bad in low for bad in ("<script", "<link", " src=", "http://", "https://", "@import"))


def test_new_game_draws_a_seed_that_replays_the_game():
    ex = Explorer(size=4, strength=20, human="blue", seed=3)
    opening = ex.state.to_text()
    seed = ex.new_game()
    assert seed != 3 and ex.deal.seed.value == seed == ex.seed
    ex.deal.seed.value = 3
    ex.deal.replay_button.click()
    assert ex.state.to_text() == opening and ex.board.error == ""


def test_the_history_says_who_swapped():
    ex = Explorer(size=4, strength=20, human="blue", seed=0)
    assert ex.log.value.count("1. red placed at row") == 1
    ex.swap()  # you take over red's side
    lines = ex.history_lines()
    assert lines[1] == "you (blue) swapped: you take over red's side"  # not "blue swapped"
    assert lines[2].startswith("blue placed at row") and "blue swapped" not in ex.log.value


def test_the_legend_fits_the_picture_at_5x5():
    from negenlab.necklace.svg import caption_width

    s = State.from_text(".R...\nR.R..\n.....\n..B..\n.....", "blue")
    svg = board_svg(**s.drawing_facts(), refused=(2, 1), cell=30)  # it would seal off row 2, col 2
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    line = "ringed: sealed off by a stone at row 3, col 2"
    assert line in svg and width >= caption_width(line)  # was cut: "sealed off by a stone at row 3,"


def test_save_game_writes_one_page_with_the_moves_and_pictures(tmp_path):
    ex = Explorer(size=5, strength=20, seed=2, folder=tmp_path)
    ex.board.press("point:2:2")
    ex.board.press(ex.board.legal[0])
    ex.saver.button.click()
    path = tmp_path / "necklace-game.html"
    text = path.read_text(encoding="utf-8")
    assert f"<code>{path}</code>" in ex.saver.status.value
    assert "red placed at row 3, col 3" in text and text.count("<svg") >= 2 and "seed 2" in text
    assert _self_contained(text)


# -- issue #52: the why line names the player as the glossary does and speaks of the swap ----------------------
def test_the_why_line_names_the_player_as_the_glossary_does_and_says_why_it_swapped():
    from negenlab import games

    ex = Explorer(size=3, strength=300, human="red", swap=True, seed=0)
    ex.click(1, 1)  # the centre of 3x3: Blue takes it over
    assert "MCTS (blue) swapped" in ex.board.status
    line = ex.why.lines[0]
    assert line.startswith("mcts:300 swapped after 300 simulations:"), line
    assert re.search(r"as Blue its best placement is worth 0\.\d\d to it, below one half, so it takes over Red's", line)
    assert "mcts:N" in games.entry("necklace").players  # the glossary's word for the player
    assert not any("numba" in x for x in ex.why.lines)


def test_the_why_line_says_when_the_mcts_did_not_swap_and_when_it_opens_under_the_swap_rule():
    ex = Explorer(size=5, strength=300, human="blue", swap=True, seed=2)  # the MCTS opens as Red
    assert "it opens without weighing the swap rule (Blue may take this opening over)" in ex.why.lines[0]
    kept = Explorer(size=5, strength=300, human="red", swap=True, seed=2)
    kept.click(0, 0)  # a corner opening: worth little to Red, Blue keeps its side
    assert "swapped" not in kept.board.status and "MCTS (blue) played" in kept.board.status
    assert re.search(r"it did not swap: as Blue its best placement is worth 0\.\d\d to it, not below one half\.$",
                     kept.why.lines[0])  # fmt: skip
    no_rule = Explorer(size=5, strength=300, human="red", swap=False, seed=2)
    no_rule.click(0, 0)
    assert "swap" not in no_rule.why.lines[0]


def test_board_size_axes_tick_whole_sizes():
    """Notebook 04's figures read 'board size 5.25' on their x axes: every size axis ticks whole sizes."""
    import matplotlib.pyplot as plt
    import pandas as pd

    from negenlab.necklace import plot
    from negenlab.necklace.study import RED_WINS, SEAT0_WINS, SWAPS

    rows = [
        {"metric": m, "size": s, "agents": a, "swap": w, "value": 0.5, "lo": 0.4, "hi": 0.6, "n": 40}
        for m in (RED_WINS, SEAT0_WINS, SWAPS)
        for s in (5, 7)
        for a in ("random", "mcts:30")
        for w in (False, True)
    ]
    table = pd.DataFrame(rows)
    fig, axes = plt.subplots(1, 3)
    plot.plot_red_win_rates(table, ax=axes[0])
    plot.plot_edge_by_size(table[table["agents"] == "random"], ax=axes[1])
    plot.plot_swap_rule(table[~table["swap"]], ax=axes[2])
    fig.canvas.draw()
    for ax in axes:
        labels = [t.get_text() for t in ax.get_xticklabels()]
        assert labels == ["5", "7"], (ax.get_xlabel(), labels)
    plt.close(fig)
