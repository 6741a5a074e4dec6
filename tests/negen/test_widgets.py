"""Negen's clickable boards: the spiral editor and a round against agents, driven by ``board.press``."""

from __future__ import annotations

import re

import pytest

from negenlab.negen import parse_table
from negenlab.negen.rules import Rules
from negenlab.negen.spirals import check_table
from negenlab.negen.svg import EDGE_COLOUR, LEGEND, NODE_COLOUR, legend_svg, position_svg, table_svg, verdicts_svg


# -- spiral editor -------------------------------------------------------------------------
@pytest.fixture
def editor():
    from negenlab.negen.widgets import SpiralEditor

    return SpiralEditor(text="6 5 4")


def test_clicking_a_cell_places_a_die_and_redraws(editor):
    assert editor.brush.value == "cycle"
    svg, status = editor.board.svg, editor.board.status
    assert status.startswith("3 dice, 0 blanks") and "valid" in status
    editor.board.press("cell:2:4")
    assert editor.dice[(2, 4)] == 1 and editor.board.error == ""
    assert editor.board.svg != svg and editor.board.status.startswith("4 dice, 0 blanks")
    assert editor.table_text() == "6 5 4 . .\n. . . . .\n. . . . 1"


def test_cycle_brush_steps_through_the_values_and_back_to_empty(editor):
    seen = []
    for _ in range(7):
        editor.board.press("cell:1:0")
        seen.append(editor.dice.get((1, 0)))
    assert seen == [1, 2, 3, 4, 5, 6, None]
    editor.brush.value = "?"
    editor.board.press("cell:1:0")
    assert (1, 0) in editor.blanks and "blank" in editor.board.status
    editor.brush.value = "cycle"
    editor.board.press("cell:1:0")  # a blank becomes a 1
    assert editor.dice[(1, 0)] == 1 and not editor.blanks


def test_every_cell_is_a_target_and_the_brushes_show_full_labels(editor):
    svg = editor.board.svg
    assert svg.count('data-target="cell:') == 49 and 'data-target="cell:6:6"' in svg
    assert editor.board.legal is None
    assert list(editor.brush.options) == ["cycle", "1", "2", "3", "4", "5", "6", "?", "erase"]
    assert int(editor.brush.style.button_width.rstrip("px")) >= 50  # "erase" is not cut to "e..."


@pytest.mark.parametrize("name", ["cell:7:0", "cell:0:9", "cell:a:b", "turn:3", "cell:1"])
def test_bad_click_shows_an_error_and_changes_nothing(editor, name):
    before = (dict(editor.dice), set(editor.blanks), editor.board.svg)
    editor.board.press(name)
    assert editor.board.error.startswith("InvalidInputError")
    assert (editor.dice, editor.blanks, editor.board.svg) == before
    editor.board.press("cell:3:3")  # the next good click clears the error line
    assert editor.board.error == "" and editor.dice[(3, 3)] == 1


def test_bad_text_shows_in_the_error_line_and_keeps_the_table(editor):
    editor.load_text("1 2 x")
    assert "unknown token" in editor.board.error and editor.table_text() == "6 5 4"
    editor.load_text("1 2 3 4 5 6 1 2")
    assert "more than the editor's 7 x 7" in editor.board.error
    editor.load_text("1 2\n2 ?")
    assert editor.board.error == "" and editor.table_text() == "1 2\n2 ?"


def test_bad_text_at_the_start_still_draws_the_empty_grid():
    from negenlab.negen.widgets import SpiralEditor

    ed = SpiralEditor(text="6 5 x")
    assert "unknown token 'x'" in ed.board.error and not ed.dice
    assert ed.board.svg.count('data-target="cell:') == 49 and ed.board.status.startswith("0 dice")


def test_an_error_while_computing_clears_the_stale_views(editor, monkeypatch):
    from negenlab.negen import widgets

    assert "sequences 6-5-4" in editor.report.value

    def broken(*args, **kwargs):
        raise ValueError("no completions today")

    monkeypatch.setattr(widgets, "complete", broken)
    editor.brush.value = "?"
    editor.board.press("cell:1:1")
    assert "no completions today" in editor.board.error
    assert editor.report.value == "" and "no verdict" in editor.board.status
    assert "?" in editor.board.svg  # the grid still shows what was placed


def test_verdicts_and_completions_read_rows_and_columns_from_1(editor):
    editor.coverage.value = "die"
    editor.load_text(". 6 5 4\n. . . 6")
    assert "spiral of 4 dice at row 1, col 2" in editor.report.value
    assert "leaves 1 die uncovered: row 2, col 4" in editor.report.value
    editor.load_text("1 2 3\n2 . 4\n3 4 ?")
    assert "1 completion(s)" in editor.report.value and "row 3, col 3: 5" in editor.report.value


def test_first_completion_shows_the_compile_notice(editor, monkeypatch):
    from negenlab.negen import widgets

    monkeypatch.setattr(widgets, "_compiled", False)
    notices = []
    editor.board.observe(lambda change: notices.append(change["new"]), names="busy")
    editor.load_text("6 5 ?")
    assert notices == [widgets.COMPILE_NOTICE, ""] and widgets._compiled
    editor.load_text("6 ? 4")
    assert len(notices) == 2  # only the first use


def test_the_module_doctest_example_still_works():
    from negenlab.negen.widgets import SpiralEditor

    ed = SpiralEditor(text="6 5 4\n. . ?")
    ed.brush.value = "erase"
    ed.click(1, 2)
    ed.brush.value = "3"
    ed.click(1, 1)
    assert ed.table_text() == "6 5 4\n. 3 ."
    ed.set_table({(0, 0): 2})
    assert ed.verdict_lines() == ["spiral of 1 die at row 1, col 1: valid, not closed"]


# -- play a round ----------------------------------------------------------------------------
def _round(max_shown=60, seed=1):
    from negenlab.negen.widgets import PlayRound

    game = PlayRound(Rules(target_score=1, pool_size=40), ("random", "random"), seed=seed, max_shown=max_shown)
    game.options.value = True  # the gallery of every legal turn
    return game


def test_gallery_offers_the_legal_turns_shown_closing_first():
    game = _round()
    board, turns = game.board, game.turns
    assert {a for a, _ in turns} == set(game.state.legal_actions())
    closed = [t.closed for _, t in turns]
    assert closed == sorted(closed, reverse=True)
    targets = [item["target"] for item in board.gallery]
    assert targets == [f"turn:{i}" for i in game.shown()] == [t for t in board.legal if t.startswith("turn:")]
    assert len(targets) == len(turns) <= 60
    for item, (_, turn) in zip(board.gallery, turns, strict=True):
        label = item["label"].split(" · way ")[0]
        assert label.endswith("refuse" if turn.refusal else " ".join(map(str, turn.used))) or turn.merges
        assert item["svg"].startswith("<svg") and item["preview"].startswith("<svg")
        assert ("closes" in item["label"]) == turn.closed
    assert board.status.startswith(f"round 1, turn {game.state.turns_in_round + 1} · your move")
    assert "scores: you 0, seat 2 0, seat 3 0" in board.status


def test_clicking_a_turn_plays_it_and_the_agents_answer():
    game = _round()
    svg, status, n_before = game.board.svg, game.board.status, len(game.state.history)
    i = next(i for i, (_, t) in enumerate(game.turns) if not (t.closed or t.depleted or t.refusal))
    action = game.turns[i][0]
    game.board.press(f"turn:{i}")
    assert game.board.error == ""
    assert game.state.history[n_before] == (0, action)
    assert len(game.state.history) > n_before + 1 or game.state.is_terminal()  # the agents moved
    assert game.board.svg != svg and game.board.status != status
    assert "seat 2" in game.log.value and "seat 1 (first)" not in game.log.value  # the others' turns
    if not game.state.is_terminal():
        assert game.state.current_player == 0 and game.board.gallery


@pytest.mark.parametrize("name", ["turn:999", "turn:x", "cell:0:0", "turn:-1", "page:next", "hand:9"])
def test_a_turn_not_on_offer_shows_an_error_and_changes_nothing(name):
    game = _round()
    history, svg, gallery = list(game.state.history), game.board.svg, game.board.gallery
    game.board.press(name)
    assert game.board.error.startswith("IllegalMoveError") and "not on offer" in game.board.error
    assert game.state.history == history and game.board.svg == svg and game.board.gallery == gallery


def test_many_turns_are_shown_a_page_at_a_time():
    game = _round(max_shown=4)
    n = len(game.turns)
    assert n > 4
    targets = [item["target"] for item in game.board.gallery]
    assert targets == ["turn:0", "turn:1", "turn:2", "turn:3", "page:next"]
    assert [t for t in game.board.legal if t.startswith(("turn:", "page:"))] == targets
    assert f"{n} legal turns" in game.board.status and f"{n - 4} hidden" in game.board.status
    game.board.press("turn:5")  # on the next page, not clickable yet
    assert "not on offer" in game.board.error
    game.board.press("page:next")
    assert game.shown()[0] == 4 and "turn:5" in game.board.legal and game.board.error == ""
    action = game.turns[5][0]
    game.board.press("turn:5")
    assert game.board.error == "" and (0, action) in game.state.history


def test_the_game_over_status_and_empty_offer():
    game = _round()
    while not game.state.is_terminal():
        if game.state.phase == "reroll":
            game.reroll_button.click()
        else:
            game.board.press(next(t for t in game.board.legal if t.startswith("turn:")))
        assert game.board.error == ""
    assert game.board.gallery == [] and game.board.legal == []
    assert game.board.status.startswith("game over")
    game.board.press("turn:0")
    assert "not on offer" in game.board.error


def test_simulate_round_replays_game_i_of_a_simulation():
    from negenlab import games
    from negenlab.core.simulate import simulate
    from negenlab.negen import NegenGame
    from negenlab.negen.widgets import simulate_round

    rules, agents = Rules(target_score=1, pool_size=22), ["greedy", "random", "random"]
    df = simulate(
        NegenGame(rules), games.make_agents("negen", agents), n_games=3, seed=4, backend="serial", progress=False
    )
    for i in range(3):
        state = simulate_round(rules, agents, seed=4, index=i)
        winner = state.winner()
        assert (state.game_info()["turns"], -1 if winner is None else winner) == (
            df.loc[i, "turns"],
            df.loc[i, "winner"],
        )


def test_replay_draws_svg_with_the_shared_colours():
    from negenlab.negen.widgets import replay_widget, simulate_round

    state = simulate_round(Rules(target_score=1, pool_size=22), ["random", "random", "random"], seed=2)
    w = replay_widget(state)
    slider, picture = w.children[0], w.children[1]
    slider.value = slider.max
    assert picture.value.startswith("<svg") and NODE_COLOUR in picture.value


# -- one colour scheme -------------------------------------------------------------------------
def test_one_die_colour_scheme_for_spirals_and_positions():
    t = parse_table("6 5 4")
    for svg in (
        verdicts_svg(t, check_table(t)),
        position_svg(dict(t.items()), nodes=[(0, 0), (0, 2)], edges=[(0, 1)]),
        table_svg(t, nodes=[(0, 0), (0, 2)], edges=[(0, 1)]),
    ):
        assert svg.count(f"fill='{NODE_COLOUR}'") == 2 and svg.count(f"fill='{EDGE_COLOUR}'") == 1
    legend = legend_svg()
    assert all(label in legend for _, label in LEGEND) and NODE_COLOUR in legend and EDGE_COLOUR in legend


# -- building a turn by hand -------------------------------------------------------------------
def _hand_round(seed=1):
    from negenlab.negen.widgets import PlayRound

    return PlayRound(Rules(target_score=1, pool_size=40), ("random", "random"), seed=seed)


def _copy(b):
    return b.copy()


def _adds(b, want_legal: bool, depth: int = 2):
    """Clicks [(hand index, cell), ...] (at most ``depth`` adds) after which the draft is legal now
    (or, with ``want_legal=False``, can no longer end legal)."""
    for j, v in enumerate(sorted(b.hand)):
        for cell in sorted(b.frontier()):
            trial = _copy(b).add(v, cell)
            p = trial.progress()
            if p.legal_now if want_legal else not p.can_end_legal:
                return [(j, cell)]
            if depth > 1 and p.can_end_legal:
                rest = _adds(trial, want_legal, depth - 1)
                if rest:
                    return [(j, cell), *rest]
    return None


def test_a_turn_built_by_clicks_is_checked_and_played():
    game = _hand_round()
    clicks = _adds(game.builder, want_legal=True)
    for j, (r, c) in clicks:
        game.board.press(f"hand:{j}")
        assert f"cell:{r}:{c}" in game.board.legal and game.board.error == ""
        game.board.press(f"cell:{r}:{c}")
        assert game.board.error == ""
    assert "legal now: End turn" in game.board.status
    key = game.builder.key
    game.end_button.click()
    assert game.board.error == "" and game.state.history[0] == (0, ("play", key))


def test_a_draft_that_cannot_end_legal_says_why_and_undo_takes_it_back():
    game = _hand_round()
    [(j, (r, c))] = _adds(game.builder, want_legal=False, depth=1)
    cells = dict(game.builder.cells)
    game.board.press(f"hand:{j}")
    game.board.press(f"cell:{r}:{c}")
    assert "cannot end legal: " in game.board.status
    game.end_button.click()
    assert game.board.error.startswith("IllegalMoveError") and "not a legal end" in game.board.error
    assert game.state.history == []
    game.undo_button.click()
    assert game.board.error == "" and game.builder.added == {} and game.builder.cells == cells


def test_refuse_then_pick_the_dice_to_reroll():
    game = _hand_round()
    board = game.state.boards[0]
    game.refuse_button.click()
    assert game.state.phase == "reroll" and game.state.to_move == 0
    assert [it["target"] for it in game.board.gallery] == [f"reroll:{j}" for j in range(len(board))]
    assert not game.reroll_button.disabled and game.end_button.disabled
    game.board.press("reroll:0")
    assert f"marked: {board[0]}" in game.board.status
    game.reroll_button.click()
    assert game.board.error == ""
    assert (0, ("reroll", (board[0],))) in game.state.history


def test_two_spirals_picked_offer_every_join_and_one_plays():
    game = _hand_round()
    spirals = game.builder.spirals()
    assert len(spirals) >= 2
    (a, *_), (b, *_) = spirals[0], spirals[1]
    game.board.press(f"die:{a[0]}:{a[1]}")
    assert not game.turn_button.disabled
    game.board.press(f"die:{b[0]}:{b[1]}")
    joins = [it["target"] for it in game.board.gallery]
    assert joins == [f"join:{i}" for i in range(len(game.joins))] and joins
    game.board.press("join:0")
    assert game.board.error == "" and len(game.builder.spirals()) == len(spirals) - 1


def test_picked_spiral_moves_to_a_clicked_cell_and_turns():
    game = _hand_round()
    first = game.builder.spirals()[0]
    game.board.press(f"die:{first[0][0]}:{first[0][1]}")
    key = game.builder.key
    game.turn_button.click()
    assert game.board.error == "" and game.builder.key == key  # a quarter turn changes no spiral
    r0, c0, rows, cols = game.frame
    free = next(
        (r, c)
        for r in range(r0, r0 + rows)
        for c in range(c0, c0 + cols)
        if f"cell:{r}:{c}" in game.board.legal and all(abs(r - x) + abs(c - y) > 3 for x, y in game.builder.cells)
    )
    game.board.press(f"cell:{free[0]}:{free[1]}")
    assert game.board.error == "" and free in game.builder.cells and game.builder.key == key


def test_spirals_keep_their_places_and_the_others_dice_are_ringed():
    from negenlab.negen.svg import FRESH_COLOUR

    game = _hand_round()
    game.refuse_button.click()
    game.reroll_button.click()
    before = dict(game.cells)
    kept = [s for s in game.builder.spirals() if all(before.get(c) == game.builder.cells[c] for c in s)]
    assert kept  # the agents' turns left some spiral where it lay
    if game.fresh:
        assert FRESH_COLOUR in game.board.svg
    assert "pool " in game.board.status


def test_the_reading_selector_starts_a_new_game_under_it():
    game = _hand_round()
    game.reading.value = "bent · die · join"
    assert game.rules.sequence_shape == "bent" and game.rules.coverage == "die"
    assert game.state.history == [] and game.board.error == ""


# -- play at the real settings, the saved game, the pictures' room (issue #36) --------------------------
def _self_contained(text: str) -> bool:
    """A page that needs nothing outside itself: no script, no link, no source fetched from anywhere."""
    low = (
        text.lower().replace("xmlns='http://www.w3.org/2000/svg'", "").replace('xmlns="http://www.w3.org/2000/svg"', "")
    )
    return not any(bad in low for bad in ("<script", "<link", " src=", "http://", "https://", "@import"))


def _play_out(game, limit: int = 400) -> None:
    for _ in range(limit):
        if game.state.is_terminal():
            return
        if game.state.phase == "reroll":
            game.reroll()
        else:
            game.play(0)


def test_play_starts_at_the_rules_the_report_plays():
    from negenlab.negen.widgets import PlayRound

    game = PlayRound(opponents=("closer", "closer"))
    assert (game.rules.target_score, game.rules.pool_size) == (Rules().target_score, Rules().pool_size) == (2, 60)
    assert game.state.pool is not None and game.state.pool > 40  # a pool of 60, not 22


def test_new_game_deals_afresh_and_a_seed_typed_back_replays_it():
    from negenlab.negen.widgets import PlayRound

    game = PlayRound(opponents=("closer", "closer"), seed=1)
    first = [tuple(b) for b in game.state.boards]
    seed = game.new_game()
    assert seed != 1 and game.deal.seed.value == seed == game.seed
    dealt = [tuple(b) for b in game.state.boards]
    again = game.new_game()
    assert again != seed  # every new game a new deal
    game.deal.seed.value = seed
    game.deal.replay_button.click()
    assert [tuple(b) for b in game.state.boards] == dealt and game.board.error == ""
    game.deal.seed.value = 1
    game.deal.replay_button.click()
    assert [tuple(b) for b in game.state.boards] == first


def test_a_reading_change_mid_round_asks_before_it_discards():
    from negenlab.negen.widgets import READINGS, PlayRound

    game = PlayRound(opponents=("closer", "closer"), seed=2)
    game.play(len(game.turns) - 1)  # a turn of yours and the agents' answers: a round in play
    before, reading = len(game.state.timeline), game.reading.value
    other = next(k for k in READINGS if k != reading)
    game.reading.value = other
    assert game.confirm.layout.display == "flex" and "Discard" in game.board.status
    assert len(game.state.timeline) == before  # nothing thrown away yet
    game.keep_button.click()
    assert game.reading.value == reading and game.confirm.layout.display == "none"
    assert len(game.state.timeline) == before
    game.reading.value = other
    game.discard_button.click()
    assert game.confirm.layout.display == "none" and len(game.state.timeline) < before
    assert (
        READINGS[other].coverage == game.rules.coverage and READINGS[other].sequence_shape == game.rules.sequence_shape
    )


def test_a_reading_change_before_any_turn_starts_at_once():
    from negenlab.negen.widgets import READINGS, PlayRound

    game = PlayRound(opponents=("closer", "closer"), seed=2)
    other = next(k for k in READINGS if k != game.reading.value)
    game.reading.value = other
    assert game.confirm.layout.display == "none" and game.rules.rearrange == READINGS[other].rearrange


def test_a_closed_spiral_is_drawn_gold_beside_other_spirals():
    from negenlab.negen.svg import LOOP_COLOUR
    from negenlab.negen.widgets import PlayRound, table_facts

    assert len(table_facts(parse_table("1 . 4 5\n. . 5 4"), Rules())["loop_pairs"]) == 4  # a lone die beside it
    game = PlayRound(opponents=("closer", "closer"), seed=0)
    _play_out(game)
    won = [i for i, r in enumerate(game.state.round_log) if r["winner"] >= 0]
    assert won and all(LOOP_COLOUR in game.closing_pictures[i] for i in won)
    assert "loop in gold" in game.board.status and LOOP_COLOUR in game.board.svg


def test_captions_and_scores_have_room():
    from negenlab.negen.svg import play_svg, text_width

    title = "round 1: seat 1 (first) closed the spiral with the gold loop"
    svg = position_svg({(0, 0): 6, (0, 1): 5, (0, 2): 4}, title=title, size=26)
    width = float(svg.split("width='")[1].split("'")[0])
    assert width >= text_width(title, 13)  # was 90 px wide: "closed the spiral wit..."
    names = ["seat 1 (first), you", "seat 2", "seat 3"]
    svg = play_svg(
        {(0, 0): 6}, frame=(0, 0, 1, 3), boards=[(1, 2), (3, 4), (5, 6)], hand=(1, 2), scores=[12, 3, 0],
        names=names, to_move=0,
    )  # fmt: skip
    first_die = float(svg.split('data-target="hand:0"')[0].rsplit("<rect x='", 1)[1].split("'")[0])
    assert first_die >= 6 + text_width("seat 1 (first), you · 12 ◀", 12)  # the score no longer under the dice


def test_save_game_writes_one_page_with_the_moves_and_pictures(tmp_path):
    from negenlab.negen.widgets import PlayRound

    game = PlayRound(opponents=("closer", "closer"), seed=3, folder=tmp_path)
    game.play(0)
    game.saver.button.click()
    path = tmp_path / "negen-game.html"
    text = path.read_text(encoding="utf-8")
    assert f"<code>{path}</code>" in game.saver.status.value and game.saver.error.widget.value == ""
    assert "<svg" in text and "seed 3" in text and "target_score" in text and "round 1, turn 1" in text
    assert _self_contained(text)
    game.saver.file.value = str(tmp_path / "game.txt")
    game.saver.button.click()
    assert "html" in game.saver.error.widget.value and game.saver.status.value == ""


def test_play_errors_name_cells_of_the_picture_from_one():
    """The table grows in every direction, so its own coordinates can be 0 or negative; the play
    widget names a cell by the picture drawn instead, counted from its top-left cell."""
    from negenlab.negen.widgets import PlayRound, on_picture

    game = PlayRound(Rules(target_score=1, pool_size=22), ("random",), seed=1)
    cell = min(game.builder.cells)  # a table die: placing another there is refused
    value = sorted(game.builder.hand)[0]
    game._guarded(lambda: game.builder.add(value, cell))
    r0, c0, rows, cols = game.frame
    said = re.search(r"row (-?\d+), col (-?\d+) of the picture", game.board.error)
    assert said, game.board.error
    assert (int(said[1]), int(said[2])) == (cell[0] - r0 + 1, cell[1] - c0 + 1)
    assert 1 <= int(said[1]) <= rows and 1 <= int(said[2]) <= cols
    assert on_picture(game.board.error, (r0, c0)) == game.board.error  # said once, not shifted twice


# -- issue #52: nothing cut at the right edge at 1280 px ---------------------------------------------------------
def _svg_size(svg: str) -> tuple[float, float]:
    width, height = re.match(r"<svg[^>]* width='([\d.]+)' height='([\d.]+)'", svg).groups()
    return float(width), float(height)


def test_the_legends_fit_a_notebook_output_and_hold_every_label():
    """The spiral editor's legend was one line of 1,065 px in an 848 px output: every legend now flows into
    lines no wider than LEGEND_WIDTH, and each label's estimated end lies inside the picture."""
    from negenlab.negen.svg import LEGEND_WIDTH, play_legend_svg, text_width
    from negenlab.negen.widgets import SpiralEditor

    editor = SpiralEditor()
    shown = [w.value for w in editor.widget.children if getattr(w, "value", "").startswith("<svg")]
    assert len(shown) == 1
    for svg in (*shown, legend_svg(), play_legend_svg(), legend_svg(("node", "edge", "sequence", "loop"))):
        width, height = _svg_size(svg)
        assert width <= LEGEND_WIDTH, width
        rows = [float(m) for m in re.findall(r"translate\(0,(\d+)\)", svg)]
        for row, group in zip(rows, svg.split("<g transform=")[1:], strict=True):
            for x, text in re.findall(r"<text x='([\d.]+)' y='[\d.]+' font-size='11'[^>]*>([^<]+)</text>", group):
                assert float(x) + text_width(text, 11) <= width + 1, (text, width)
            assert row + 20 <= height
    assert all(label in legend_svg() for _, label in LEGEND)


def test_a_titled_dice_picture_is_wide_enough_for_its_title():
    """The Negen page's gallery cut its captions ("straight: inva")."""
    from negenlab.negen.svg import text_width

    t = parse_table("6 5 4")
    for title in ("straight: invalid", "bent: valid"):
        svg = verdicts_svg(t, check_table(t), size=26, title=title)
        assert _svg_size(svg)[0] >= 6 + text_width(title, 11)
