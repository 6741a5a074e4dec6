"""The playable FEN board: clicks on board targets play micro-actions; errors stay in the widget."""

import re
import warnings
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from negenlab.fen import tilings
from negenlab.fen.game import CAPTURE
from negenlab.fen.rules import Rules
from negenlab.fen.svg import board_svg
from negenlab.fen.threats import capturable_next
from negenlab.fen.widgets import STANDARD, PlayableBoard, make_board, next_step


@pytest.fixture
def pb():
    return PlayableBoard(tilings.triangle(3), agent="greedy", human_seat=0)


def test_legal_targets_are_the_legal_micro_actions(pb):
    s, b = pb.state, pb.game.board
    assert pb.view.legal == [pb.target_of(a) for a in s.legal_actions() if a < b.SWAP]
    assert {t.split(":")[0] for t in pb.view.legal} == {"node", "edge"}
    pb.view.press("edge:0")
    assert pb.view.legal == [pb.target_of(a) for a in pb.state.legal_actions()]
    assert all(t.startswith("edge:") for t in pb.view.legal) and "edge:0" not in pb.view.legal


def test_pressing_a_legal_edge_claims_it(pb):
    before = pb.view.svg
    pb.view.press("edge:0")
    assert pb.view.error == ""
    assert pb.state.owners()["edges"][0] == 0 and pb.state.history == [pb.game.board.EDGE0]
    assert pb.view.svg != before
    assert "claim 2 more edges" in pb.view.status


def test_a_whole_turn_lets_the_agent_answer():
    pb = PlayableBoard(tilings.triangle(3), agent="greedy", rules=Rules(pie_rule=False))  # greedy may swap under pie
    pb.view.press("node:4")  # n = 1: one node is a whole claim
    assert pb.state.turn_number == 2 and pb.state.current_player == 0
    assert "The agent (blue) claimed" in pb.view.status and "ringed in orange" in pb.view.status


def test_an_illegal_target_shows_the_reason_and_changes_nothing(pb):
    svg, history = pb.view.svg, list(pb.state.history)
    pb.view.press("face:0")
    assert pb.view.error.startswith("IllegalMoveError") and "the face you clicked" in pb.view.error
    assert pb.state.history == history and pb.view.svg == svg
    pb.view.press("edge:0")
    pb.view.press("node:1")  # a claim cannot mix nodes and edges
    assert "cannot mix" in pb.view.error and pb.state.history == [pb.game.board.EDGE0]
    pb.view.press("edge:99")
    assert "not a place on this board" in pb.view.error
    pb.view.press("edge:4")  # a legal click clears the error line
    assert pb.view.error == ""


def test_taken_items_are_named_by_colour(pb):
    pb.view.press("node:4")
    pb.view.press("node:4")
    assert "already taken (red)" in pb.view.error and "colour 0" not in pb.view.error


def test_status_names_colours_turn_ne_faces_and_next_step(pb):
    st = pb.view.status
    assert st.startswith("You are red. Turn 1, red to move: claim 1 node or 3 edges")
    assert "n=1, e=3" in st and "faces red 0, blue 0" in st and "colour" not in st


def test_buttons_and_click_keep_working(pb):
    b = pb.game.board
    assert pb.swap.disabled and pb.stop.disabled
    pb.click(b.STOP)
    assert "stop" in pb.view.error and pb.state.turn_number == 0
    pb.click(pb.state.legal_actions()[0])
    assert pb.state.turn_number >= 2 and pb.view.error == ""
    pb.new.click()
    assert pb.state.turn_number == 0 and pb.state.history == []


def test_seat_one_may_swap_and_then_plays_red():
    pb = PlayableBoard(tilings.triangle(3), agent="greedy", human_seat=1)
    assert "You are blue" in pb.view.status and not pb.swap.disabled and "swap" in pb.view.status
    pb.swap.click()
    assert pb.state.swapped and pb.view.status.startswith("You are red")


def test_playing_to_the_end():
    pb = PlayableBoard(tilings.triangle(3), agent="random", human_seat=0, seed=3)
    rng = np.random.default_rng(0)
    for _ in range(200):
        if pb.state.is_terminal():
            break
        if pb.view.legal:
            pb.view.press(pb.view.legal[int(rng.integers(len(pb.view.legal)))])
        else:
            pb.click(pb.state.legal_actions()[0])  # only swap or stop left
        assert pb.view.error == ""
    assert pb.state.is_terminal() and pb.view.status.startswith("Game over") and pb.view.legal == []
    pb.view.press("node:0")
    assert "game is over" in pb.view.error


def test_next_step_words():
    pb = PlayableBoard(tilings.triangle(7))
    assert next_step(pb.state) == "claim 1 node or 3 edges"


def test_the_agent_works_under_a_notice():
    pb = PlayableBoard(tilings.triangle(3), agent="mcts:5", human_seat=0)
    seen = []
    pb.view.observe(lambda change: seen.append(change["new"]), names="busy")
    pb.view.press("node:4")
    assert pb.state.turn_number == 2 and pb.view.busy == ""
    assert seen[0] in ("the agent is thinking…", "compiling the playout kernel… (first use only)")
    assert seen[-1] == ""


# -- geometry: the centre of every target's box lies on that target and on no other -----------------
def _contains(el, p) -> bool:
    x, y = p
    if el.tag.endswith("circle"):
        cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    pts = [tuple(map(float, q.split(","))) for q in el.get("points").split()]
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _centre(el):
    if el.tag.endswith("circle"):
        return float(el.get("cx")), float(el.get("cy"))
    pts = np.array([tuple(map(float, q.split(","))) for q in el.get("points").split()])
    return tuple((pts.min(axis=0) + pts.max(axis=0)) / 2)


@pytest.mark.parametrize("name", list(STANDARD))
def test_every_target_owns_the_centre_of_its_box(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = make_board(name, 25)
    root = ET.fromstring(board_svg(t, size=420, targets=True))
    targets = [el for el in root.iter() if el.get("data-target")]
    assert len(targets) == t.num_nodes + t.num_edges + t.num_faces
    for el in targets:
        p = _centre(el)
        top = [o for o in targets if _contains(o, p)][-1]  # painted last = on top
        assert top is el, f"{el.get('data-target')}: centre {p} is covered by {top.get('data-target')}"


def test_messages_name_what_the_board_draws_not_numbers():
    """Every illegal click on a node, edge or face, at several points of a game, explains itself
    without an internal number (no "edge 21 (19-20)", "node 19", "face 3")."""
    pb = PlayableBoard(tilings.triangle(3), agent="random", seed=2)
    b = pb.game.board
    seen = 0
    for _ in range(6):
        if pb.state.is_terminal():
            break
        legal = set(pb.state.legal_actions())
        for name in (
            [f"node:{v}" for v in range(b.V)] + [f"edge:{j}" for j in range(b.E)] + [f"face:{f}" for f in range(b.F)]
        ):
            if pb.action_of(name) in legal:
                continue
            pb.view.press(name)
            assert pb.view.error, name
            assert not re.search(r"\b(node|edge|face) \d", pb.view.error), pb.view.error
            seen += 1
        pb.click(sorted(legal)[0])
    assert seen > 50


def _to_capture(seed=0):
    """A board where the human (red) can capture next: play random legal moves until it can."""
    rng = np.random.default_rng(seed)
    for _ in range(200):
        pb = PlayableBoard(tilings.triangle(3), agent="random", seed=int(rng.integers(1000)))
        while not pb.state.is_terminal():
            if pb.state.eligible_faces(0) and pb.state.current_player == 0 and pb.state.phase == 0:
                return pb
            legal = [a for a in pb.state.legal_actions() if a < pb.game.board.FACE0]
            if not legal:
                break
            pb.click(legal[int(rng.integers(len(legal)))])
    raise AssertionError("no position to capture from")


def test_capture_marks_and_progress_follow_the_game():
    from negenlab.fen.svg import LAST_COLOUR

    pb = _to_capture()
    svg = pb.view.svg
    f = pb.state.eligible_faces(0)[0]
    assert 'stroke="#2a2"' in svg and "red " in svg and LAST_COLOUR in svg
    assert 'id="fen-hatch-1"' in svg
    pb.view.press(f"face:{f}")
    assert pb.view.error == "" and pb.state.owners()["faces"][f] == 0
    assert pb.view.svg != svg and "captured by red" in pb.view.svg


def test_the_agent_s_captures_and_threats_are_said():
    pb = PlayableBoard(tilings.triangle(3), agent="greedy", seed=1)
    rng = np.random.default_rng(5)
    said_capture = said_threat = False
    while not pb.state.is_terminal() and not (said_capture and said_threat):
        st = pb.view.status
        said_capture |= "captured" in st and "ringed in orange" in st
        said_threat |= "can capture" in st and "hatched" in st
        legal = [a for a in pb.state.legal_actions() if a < pb.game.board.FACE0] or pb.state.legal_actions()
        pb.click(legal[int(rng.integers(len(legal)))])
    assert said_capture and said_threat


def test_buttons_have_room_for_their_text():
    pb = PlayableBoard(tilings.triangle(3))
    for button in (pb.swap, pb.stop, pb.undo_button):
        assert button.layout.width == "auto" and button.layout.min_width == "150px"
    for button in (pb.new, pb.deal.replay_button, pb.saver.button):
        assert button.layout.width == "auto" and button.layout.min_width == "100px"


def _faces_said(status: str, who: str, names: list[str]) -> list[int]:
    """The faces a status sentence starting with ``who`` names (by their names on the board)."""
    sentence = status[status.index(who) :].split(". ")[0].removesuffix(".")
    listed = sentence.rsplit(": ", 1)[1].removesuffix(" (ringed in orange)").removesuffix(" (hatched)")
    return sorted(names.index(n) for n in re.split(r", | and ", listed))


def test_several_captures_in_one_turn_are_said_and_named():
    """The agent's captures are counted and named, the same faces its last turn captured."""
    said_several = False
    for seed in range(6):
        pb = PlayableBoard(tilings.triangle(5), agent="greedy", seed=seed)
        b = pb.game.board
        rng = np.random.default_rng(seed)
        while not pb.state.is_terminal():
            captured = sorted(a - b.FACE0 for a in pb.last_reply if b.FACE0 <= a < b.SWAP)
            st = pb.view.status
            if captured:
                agent = "The agent (blue) "
                assert f"captured {len(captured)} face{'s' if len(captured) > 1 else ''} this turn: " in st, st
                assert _faces_said(st, agent, pb.names) == captured, st
                said_several |= len(captured) > 1
            assert not re.search(r"\b(node|edge|face) \d", st), st
            legal = [a for a in pb.state.legal_actions() if a < b.FACE0] or pb.state.legal_actions()
            pb.click(legal[int(rng.integers(len(legal)))])
        if said_several:
            break
    assert said_several


def test_your_captures_and_the_warning_name_the_faces():
    pb = _to_capture()
    b = pb.game.board
    taken = []
    for f in pb.state.eligible_faces(0):  # capture every face red may, one click each
        pb.view.press(f"face:{f}")
        taken.append(f)
        if pb.state.current_player != 0 or pb.state.phase != CAPTURE:
            break  # the turn ended by itself
        said = f"You (red) have captured {len(taken)} face{'s' if len(taken) > 1 else ''} this turn: "
        assert said in pb.view.status and _faces_said(pb.view.status, "You (red) have", pb.names) == taken
    else:
        pb.stop.click()
    assert f"You (red) captured {len(taken)} face" in pb.view.status, pb.view.status
    assert _faces_said(pb.view.status, "You (red) captured", pb.names) == taken
    rng = np.random.default_rng(1)
    while not pb.state.is_terminal():
        threat = capturable_next(pb.state, 1)
        if threat and pb.state.current_player == 0:
            assert "Warning: blue can capture" in pb.view.status
            assert _faces_said(pb.view.status, "Warning: ", pb.names) == threat
            return
        legal = [a for a in pb.state.legal_actions() if a < b.FACE0] or pb.state.legal_actions()
        pb.click(legal[int(rng.integers(len(legal)))])
    raise AssertionError("blue never threatened a capture")


def test_face_tooltips_give_the_counts_and_the_face_s_name():
    pb = PlayableBoard(tilings.triangle(3))
    root = ET.fromstring(pb.view.svg)
    titles = [
        el.find("{http://www.w3.org/2000/svg}title").text
        for el in root.iter()
        if (el.get("data-target") or "").startswith("face:")
    ]
    assert titles[0] == "red 0/3, blue 0/3 — the leftmost triangle in the bottom row"
    assert titles[-1] == "red 0/3, blue 0/3 — the triangle in the top row"


# -- play at the real settings, undo, the saved game (issue #36) ---------------------------------------
def _self_contained(text: str) -> bool:
    """A page that needs nothing outside itself: no script, no link, no source fetched from anywhere."""
    low = (
        text.lower().replace('xmlns="http://www.w3.org/2000/svg"', "").replace("xmlns='http://www.w3.org/2000/svg'", "")
    )
    return not any(bad in low for bad in ("<script", "<link", " src=", "http://", "https://", "@import"))


def test_play_starts_on_the_standard_board_with_a_board_chooser():
    from negenlab.fen.widgets import PLAY_BOARDS

    game = PlayableBoard()
    assert game.board_name == "triangle:7" and game.board.num_faces == 49
    assert set(PLAY_BOARDS) <= {value for _, value in game.board_pick.options}
    game.board_pick.value = "hexagon:2"
    assert game.board.num_faces == 19 and game.state.turn_number == 0 and game.view.error == ""
    assert 'data-target="face:18"' in game.view.svg and 'data-target="face:19"' not in game.view.svg


def test_new_game_deals_a_fresh_seed_that_replays():
    game = PlayableBoard(tilings.triangle(3), agent="random", human_seat=1, seed=4)
    opening = list(game.state.history)
    seed = game.new_game()
    assert seed != 4 and game.deal.seed.value == seed == game.seed
    game.deal.seed.value = 4
    game.deal.replay_button.click()
    assert game.state.history == opening  # the random agent's opening of seed 4 again


def test_undo_takes_back_your_turn_and_the_replies():
    game = PlayableBoard(tilings.triangle(3), agent="greedy", rules=Rules(pie_rule=False))
    assert game.undo_button.disabled
    game.view.press("node:4")  # your whole turn; the agent answers
    assert game.state.turn_number == 2 and not game.undo_button.disabled
    after_first = list(game.state.history)
    game.view.press(game.view.legal[0])
    assert len(game.state.history) > len(after_first)
    game.undo_button.click()
    assert game.state.history == after_first and game.state.current_player == game.human
    game.undo_button.click()
    assert game.state.history == [] and game.state.turn_number == 0 and game.undo_button.disabled
    game.undo()
    assert "nothing to undo" in game.view.error


def test_undo_in_the_middle_of_a_claim_goes_back_to_its_start():
    game = PlayableBoard(tilings.triangle(3), agent="greedy")
    game.view.press("edge:0")  # the first of three edges
    assert game.state.history == [game.game.board.EDGE0]
    game.undo_button.click()
    assert game.state.history == [] and "claim 1 node or 3 edges" in game.view.status


def test_save_game_writes_one_page_with_the_moves_and_pictures(tmp_path):
    game = PlayableBoard(tilings.triangle(3), agent="greedy", rules=Rules(pie_rule=False), seed=5, folder=tmp_path)
    game.view.press("node:4")
    assert game.move_lines()[0] == "1. you (red) claimed node 5"  # counted from 1
    while game.state.turn_number < 4 and not game.state.is_terminal():
        game.view.press(game.view.legal[-1])
    game.saver.button.click()
    path = tmp_path / "fen-game.html"
    text = path.read_text(encoding="utf-8")
    assert f"<code>{path}</code>" in game.saver.status.value
    assert text.count("<svg") >= 2 and "claimed node 5" in text and "seed 5" in text and "pie_rule" in text
    assert _self_contained(text)


# -- issue #52: the person picks the seat they play; the saved game numbers each move once ------------------------
def test_you_play_picks_your_seat_and_starts_a_game_where_the_agent_opens():
    from negenlab.fen.widgets import SEATS

    game = PlayableBoard(tilings.triangle(3), agent="greedy", seed=2)
    assert game.seat.widget.description == "you play" and game.seat.widget.options == tuple(SEATS.items())
    assert game.human == 0 and game.state.turn_number == 0 and game.view.status.startswith("You are red.")
    game.seat.widget.value = 1  # seat 2: the agent opens as red, at once
    assert game.human == 1 and game.state.turn_number == 1 and game.state.current_player == 1
    assert game.view.status.startswith("You are blue.") and game.why.lines and game.view.error == ""
    assert "press 'swap' to take over red" in game.view.status  # seat 2 may swap under the pie rule
    game.view.press(game.view.legal[0])
    assert game.view.error == "" and game.state.turn_number >= 3
    assert game.turn_lines()[0].startswith("the agent (red)") and game.turn_lines()[1].startswith("you (blue)")
    game.seat.widget.value = 0  # back to seat 1: a fresh game, yours to open
    assert game.human == 0 and game.state.turn_number == 0 and not game.snapshots
    second = PlayableBoard(tilings.triangle(3), agent="greedy", human_seat=1)
    assert second.seat.value == 1 and second.state.turn_number == 1


def test_a_seat_that_is_not_there_is_refused():
    from negenlab.core.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="seat 3 is not one of"):
        PlayableBoard(tilings.triangle(3), human_seat=3)


def test_the_saved_game_numbers_each_move_once(tmp_path):
    game = PlayableBoard(tilings.triangle(3), agent="greedy", human_seat=1, seed=5, folder=tmp_path)
    while game.state.turn_number < 6 and not game.state.is_terminal():
        game.view.press(game.view.legal[-1])
    text = game.saver.save().read_text(encoding="utf-8")
    moves = re.findall(r"<li>(.*?)</li>", text.split("<ol class='moves'>")[1])
    assert len(moves) == len(game.move_lines()) >= 3 and "you: seat 2" in text
    assert not [m for m in moves if re.match(r"\d+\.\s", m)], moves[:3]
