"""The explorer: clicks, undo, swap, overlay, and errors shown in the widget."""
from __future__ import annotations

from negenlab.necklace.widgets import Explorer


def test_click_undo_and_error_banner():
    ex = Explorer(size=5, strength=20, seed=0)
    ex.click(2, 2)
    assert ex.state.placements == 2 and ex.state.colour_to_move == "red"
    occupied = next((r, c) for r in range(5) for c in range(5) if ex.state.board[r * 5 + c] == 2)
    ex.click(*occupied)
    assert "already holds a blue stone" in ex.banner.widget.value
    ex.undo()
    assert ex.state.placements == 0
    ex.undo()
    assert "nothing to undo" in ex.banner.widget.value


def test_swap_as_blue_and_overlay_toggle():
    ex = Explorer(size=5, strength=20, human="blue", seed=1)
    assert ex.state.placements == 1 and ex.state.swap_available
    assert not ex.swap_b.disabled
    ex.swap()
    assert ex.state.swapped and ex.human == "red"
    assert ex.state.colour_to_move == "red"  # the MCTS (now Blue) has answered
    ex.overlay_w.value = False
    assert all(b.description in ("", "★") for row in ex.buttons for b in row)
