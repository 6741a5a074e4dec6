"""FEN's players: the swap of the pie rule decided from each player's own estimate of the opener's
chance (and only there do they differ from before), right on the boards where the proof says every
opening wins; a baseline takes a win it has; a whole turn ends where the rules end it; bad input is
named. FEN has no hidden information (every player sees the whole board), so there is no
hidden-information test to pass."""

from __future__ import annotations

import numpy as np
import pytest

from negenlab import games
from negenlab.core.agents import MCTSAgent, RandomAgent
from negenlab.core.errors import InvalidInputError
from negenlab.core.simulate import simulate
from negenlab.fen import FenGame, Rules
from negenlab.fen.agents import GreedyAgent, SwapMCTSAgent, play_turn_of, swap_offered
from negenlab.fen.proof import proof_game, proof_positions, replay


def game_columns(df):
    return df.drop(columns=[c for c in df.columns if "second" in c or "time" in c])


def test_fen_mcts_is_the_core_search_everywhere_but_the_swap():
    """With the pie rule off the swap never arises, and FEN's mcts plays the core search's games move for move."""
    game = games.load("fen", board="triangle:3", pie_rule=False)
    core = simulate(game, [MCTSAgent(40), MCTSAgent(40)], 4, 7, backend="serial", progress=False)
    fen = simulate(game, games.make_agents("fen", "mcts:40,mcts:40"), 4, 7, backend="serial", progress=False)
    assert game_columns(core).equals(game_columns(fen))
    assert isinstance(games.make_agents("fen", "mcts:40")[0], SwapMCTSAgent)
    assert "swap" in games.make_agents("fen", "mcts:40")[0].describe()


@pytest.mark.parametrize(
    "agent", [SwapMCTSAgent(simulations=60), GreedyAgent(swap_playouts=12)], ids=["mcts", "greedy"]
)
def test_the_swap_follows_the_players_own_estimate(agent):
    """On the same random stream, the player swaps exactly when its estimate of the opener's chance
    exceeds one half."""
    game = FenGame("triangle:3")
    seen = set()
    for opening in range(game.board.V):
        s = game.new_initial_state()
        s.play_turn("nodes", [opening])
        assert swap_offered(s)
        chance = agent.opener_chance(s, np.random.default_rng(opening))
        swapped = agent.step(s, np.random.default_rng(opening)) == s.b.SWAP
        assert swapped == (chance > 0.5), (opening, chance)
        assert agent.last_swap == {"opener_chance": chance, "swapped": swapped}
        seen.add(swapped)
    assert seen == {True, False}  # some openings it takes over, some it answers


@pytest.mark.parametrize("spec", ["greedy", "mcts:200"])
def test_where_every_opening_wins_the_players_swap_after_every_one(spec):
    """On the one-triangle board the proof says every opening wins for the opener, so the second
    player must take every one over; both players that decide the swap do."""
    table = proof_positions("triangle:1", per_board=0)
    openings = table[table["kind"] == "opening"]
    assert set(openings["value"]) == {"loss"}  # the second player, to move, is lost: the opener wins
    agent = games.make_agents("fen", spec)[0]
    with_pie = proof_game("triangle:1", pie_rule=True)
    for k, actions in enumerate(openings["actions"]):
        s = replay(with_pie, actions)
        assert agent.step(s, np.random.default_rng(k)) == s.b.SWAP, actions


def test_greedy_takes_a_win_it_has():
    """A position where the player to move can capture the majority: greedy's turn wins the game."""
    game = FenGame("3.3.3.3.3.3:3", Rules(pie_rule=False))
    rng = np.random.default_rng(3)
    found = 0
    for i in range(200):
        s = game.new_initial_state()
        r = np.random.default_rng([5, i])
        while not s.is_terminal():
            if s.phase == 0 and s.faces_owned[s.colour] + len(s.elig[s.colour]) >= s.b.majority:
                mover = s.colour
                play_turn_of(GreedyAgent(), s, rng)
                assert s.is_terminal() and s.winner_colour == mover and s.end_reason == "majority"
                found += 1
                break
            acts = s.legal_actions()
            s.apply(acts[int(r.integers(len(acts)))])
    assert found > 20


def test_a_whole_turn_ends_at_the_turn_boundary_even_when_the_other_player_is_skipped():
    """play_turn_of stops when the turn ends, not when the seat to move changes: a skipped opponent
    leaves the same player to move, on the next turn (boards with partial claims off get stuck)."""
    game = FenGame("3.3.3.3.3.3:3", Rules(partial_claims=False, n=2, e=1, pie_rule=False))
    skipped = 0
    for i in range(100):
        s = game.new_initial_state()
        rng = np.random.default_rng([9, i])
        while not s.is_terminal():
            before, mover, skips = s.turn_number, s.current_player, s.skips
            played = play_turn_of(RandomAgent(), s, rng)
            assert played and (s.is_terminal() or s.turn_number == before + 1)
            if not s.is_terminal() and s.skips > skips and s.current_player == mover:
                skipped += 1
    assert skipped > 0


def test_bad_settings_are_named():
    with pytest.raises(InvalidInputError, match="swap_playouts"):
        GreedyAgent(swap_playouts=0)
    with pytest.raises(InvalidInputError, match="greedy takes no budget"):
        games.make_agents("fen", "greedy:5")
