"""Cross-check of the FEN engine (negenlab/fen/game.py, flat and faster) against the engine it
replaced, frozen in benchmarks/legacy/fen_engine.py.

Both engines play the same seeded random games side by side (the action drawn from the new
engine's list on even games and from the old engine's on odd ones) on several boards under every
rule reading, and at every position must agree exactly: the legal actions (the same list, so
nothing missing and nothing extra, in the same ascending order), the terminal flag, the player to
move, returns, winner and the rest of the visible state. Illegal actions must be refused by both
with the same message, a legal list handed out must not change when the state moves on, and the
compiled playout must give the same game from the same seed.
"""

from __future__ import annotations

import numpy as np
import pytest
from old_code import frozen

from negenlab.core.errors import IllegalMoveError
from negenlab.fen import FenGame, Rules


def _legacy():
    return frozen("fen_engine.py")


BOARDS = ["triangle:3", "triangle:5", "triangle:7", "square:3x3", "hexagon:1", "hexagon:2"]
READINGS = [
    dict(pie_rule=pie, ne_scope=scope, partial_claims=partial)
    for pie in (True, False)
    for scope in ("interior", "all")
    for partial in (True, False)
]
GAMES = {"triangle:7": 6, "hexagon:2": 10}  # random games per board and reading (default below)


def _pair(board: str, rules: dict):
    return FenGame(board, Rules(**rules)), _legacy().FenGame(board, Rules(**rules))


def _missing_extra(new: list, old: list) -> str:
    return f"missing {sorted(set(old) - set(new))}, extra {sorted(set(new) - set(old))}"


def assert_same(new, old, where: str = "") -> None:
    """The two engines' positions agree on everything visible."""
    ln, lo = new.legal_actions(), old.legal_actions()
    assert set(ln) == set(lo), f"{where}: legal actions differ: {_missing_extra(ln, lo)}"
    assert ln == lo, f"{where}: same legal actions in another order"
    assert ln == sorted(ln) and len(set(ln)) == len(ln), where
    assert all(type(a) is int for a in ln), where
    assert new.is_terminal() == old.is_terminal(), where
    assert new.current_player == old.current_player, where
    assert new.returns() == old.returns(), where
    assert new.game_info() == old.game_info(), where
    assert (new.winner_colour, new.end_reason) == (old.winner_colour, old.end_reason), where
    assert new.owners() == old.owners() and new.owner == old.owner, where
    assert new.cnt == old.cnt and new.elig == old.elig, where
    assert [new.eligible_faces(c) for c in (0, 1)] == [old.eligible_faces(c) for c in (0, 1)], where
    assert (new.phase, new.colour, new.swapped, new.turn_number, new.colour_turns) == (
        old.phase,
        old.colour,
        old.swapped,
        old.turn_number,
        old.colour_turns,
    ), where
    assert (new.tn, new.te, new.target, new.placed) == (old.tn, old.te, old.target, old.placed), where
    assert (new.empty_nodes, new.empty_edges) == (old.empty_nodes, old.empty_edges), where
    assert new.history == old.history, where
    assert repr(new) == repr(old), where


def _refusal(state, action):
    try:
        state.clone().apply(action)
    except IllegalMoveError as err:
        return str(err)
    return None


def assert_same_refusals(new, old, rng, where: str = "") -> None:
    """Actions outside the legal list are refused by both engines with the same message."""
    b = new.b
    legal = set(new.legal_actions())
    pool = [a for a in range(-1, b.STOP + 2) if a not in legal]
    picks = [pool[i] for i in rng.choice(len(pool), size=min(4, len(pool)), replace=False)] if pool else []
    for a in picks + [np.int64(b.STOP + 5), "node 1"]:
        mn, mo = _refusal(new, a), _refusal(old, a)
        assert mn is not None and mn == mo, f"{where}: action {a!r}: new {mn!r}, old {mo!r}"


def play_side_by_side(board: str, rules: dict, games: int, seed: int) -> int:
    """Seeded random games on both engines at once; returns the number of positions compared."""
    game_new, game_old = _pair(board, rules)
    positions = 0
    for g in range(games):
        rng = np.random.default_rng([seed, g])
        new, old = game_new.new_initial_state(), game_old.new_initial_state()
        step = 0
        while True:
            where = f"{board} {rules} game {g} step {step} history {new.history}"
            assert_same(new, old, where)
            positions += 1
            if new.is_terminal():
                break
            if step % 7 == 0:
                assert_same_refusals(new, old, rng, where)
            if step % 13 == 3:
                assert_same(new.without_swap(), old.without_swap(), where + " (without the swap)")
            driver = new if g % 2 == 0 else old
            legal = driver.legal_actions()
            handed_out = list(legal)
            a = legal[int(rng.integers(len(legal)))]
            if step % 11 == 5:
                kept_new, kept_old = new.clone(), old.clone()
                new.apply(np.int64(a))  # numpy integers are actions too
                old.apply(np.int64(a))
                assert_same(kept_new, kept_old, where + " (a clone, untouched by the parent's move)")
            else:
                new.apply(a)
                old.apply(a)
            assert legal == handed_out, f"{where}: a legal list handed out changed when the state moved"
            step += 1
    return positions


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("reading", READINGS, ids=lambda r: "-".join(f"{k}={v}" for k, v in r.items()))
def test_flat_engine_matches_legacy(board, reading):
    positions = play_side_by_side(board, reading, GAMES.get(board, 25), seed=37)
    assert positions > 10


@pytest.mark.parametrize(
    "board, rules",
    [
        ("triangle:5", dict(n=2, e=3)),  # node claims of more than one node
        ("triangle:5", dict(n=3, e=4, partial_claims=False)),
        ("square:3x3", dict(n=2, e=2)),
        ("hexagon:2", dict(n=3, e=5)),
        ("triangle:3", dict(n=4, e=6)),  # claims larger than the board allows: partial from the start
        ("triangle:3", dict(n=4, e=6, partial_claims=False)),
    ],
)
def test_flat_engine_matches_legacy_other_claim_sizes(board, rules):
    assert play_side_by_side(board, rules, 8, seed=4) > 10


@pytest.mark.parametrize("pie_rule", [True, False])
def test_flat_engine_matches_legacy_on_a_board_of_more_than_255_actions(pie_rule):
    """On boards whose actions do not fit in a byte the engine lists them from its int64 array."""
    game = FenGame("triangle:9")
    assert game.board.STOP >= 256 and game.board.LB == 0
    assert play_side_by_side("triangle:9", dict(pie_rule=pie_rule), 3, seed=9) > 100


@pytest.mark.parametrize("board", ["triangle:5", "hexagon:2", "square:3x3"])
def test_whole_turns_and_playouts_match_legacy(board):
    """play_turn/check_turn refusals and compiled playouts (same seed, same game) agree too."""
    game_new, game_old = _pair(board, {})
    rng = np.random.default_rng(5)
    for g in range(6):
        new, old = game_new.new_initial_state(), game_old.new_initial_state()
        while not new.is_terminal():
            for kind, items in (("nodes", [0, 1]), ("edges", [0, 1, 2]), ("capture", [0]), ("swap", []), ("x", [])):
                errors = []
                for s in (new.clone(), old.clone()):
                    try:
                        s.play_turn(kind, items)
                        errors.append(None)
                    except IllegalMoveError as err:
                        errors.append(str(err))
                    if errors[-1] is None:
                        errors[-1] = ("played", s.history, s.legal_actions())
                assert errors[0] == errors[1], (kind, items, errors)
            if rng.random() < 0.2:
                k = int(rng.integers(1000))
                assert new.playout(np.random.default_rng(k), record=True) == old.playout(
                    np.random.default_rng(k), record=True
                )
            a = new.legal_actions()[int(rng.integers(len(new.legal_actions())))]
            new.apply(a)
            old.apply(a)
            assert_same(new, old, f"{board} game {g}")
        assert_same(new.without_swap(), old.without_swap())


def test_pickled_and_copied_positions_play_on_like_the_legacy_engine():
    import copy
    import pickle

    game_new, game_old = _pair("triangle:5", {})
    rng = np.random.default_rng(11)
    new, old = game_new.new_initial_state(), game_old.new_initial_state()
    for step in range(40):
        a = new.legal_actions()[int(rng.integers(len(new.legal_actions())))]
        new.apply(a)
        old.apply(a)
        if step % 9 == 4:
            new = pickle.loads(pickle.dumps(new)) if step % 2 else copy.deepcopy(new)
        assert_same(new, old, f"step {step}")
        if new.is_terminal():
            break


@pytest.mark.parametrize("action", [3.0, True, "3", None, (3,)])
def test_an_action_that_is_not_an_integer_is_refused(action):
    """The flat engine plays integers only (numpy's included): 3.0 and True equal 3 and 1 but are no
    actions, and the position is left as it was."""
    from negenlab.core.errors import IllegalMoveError
    from negenlab.fen import FenGame

    s = FenGame("triangle:3").new_initial_state()
    with pytest.raises(IllegalMoveError, match="not an integer"):
        s.apply(action)
    assert s.history == [] and s.legal_actions() == FenGame("triangle:3").new_initial_state().legal_actions()
    s.apply(np.int64(3))
    assert len(s.history) == 1
