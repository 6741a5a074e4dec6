"""Compile the numba kernels once, into numba's cache, so that later processes load them.

``make venv`` runs ``python -m negenlab.warmup`` after installing the package: without it, every
test worker (and every fresh study process) compiles the same kernels on its own. Each step is
one small call that reaches a game's compiled code along the path the tests and studies use
(a short MCTS game, a small solve, a certificate, a draws search, a deal belief).

>>> [name for name, _ in STEPS][:2]
['negen turns', 'negen completions']
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from negenlab.core.simulate import play_one
from negenlab.fen.solver import solve as fen_solve
from negenlab.games import load, make_agents
from negenlab.necklace.certificate import certificate
from negenlab.necklace.draws import exhaustive_draw_search
from negenlab.necklace.game import State as NecklaceState
from negenlab.necklace.proved import harvest
from negenlab.necklace.solver import ProofSearch as NecklaceProofSearch
from negenlab.necklace.solver import solve as necklace_solve
from negenlab.negen import legal_turns
from negenlab.negen.agents import closing_odds
from negenlab.negen.completions import complete
from negenlab.polymer.belief import Belief
from negenlab.polymer.game import PolymerGame
from negenlab.polymer.rules import Rules as PolymerRules


def _negen_turns() -> None:
    legal_turns("6 5 4", board=(3, 2))
    closing_odds("1 2 3\n2 . 4\n3 4 .")


def _negen_completions() -> None:
    complete("1 2 3\n2 . 4\n3 4 ?")


def _game(name: str, agents: str, **rules) -> Callable[[], None]:
    def play() -> None:
        play_one(load(name, **rules), make_agents(name, agents), seed=0, game_index=0)

    return play


def _fen_solve() -> None:
    fen_solve("triangle:1")


def _necklace_proofs() -> None:
    necklace_solve(3, swap=False)
    certificate(2)
    exhaustive_draw_search(2)
    search, state = NecklaceProofSearch(2, tt_bits=10), NecklaceState.initial(2, swap=False)
    search.wins(state.board, state.to_move, 1)
    harvest(search, state, "red", depth=1)


def _polymer_belief() -> None:
    s = PolymerGame(PolymerRules(players=5)).new_initial_state()
    s.apply(s.sample_chance(np.random.default_rng(1)))
    Belief.of(s.observation(0), s.rules).sample(np.random.default_rng(2), 1)


STEPS: list[tuple[str, Callable[[], None]]] = [
    ("negen turns", _negen_turns),
    ("negen completions", _negen_completions),
    ("fen mcts game", _game("fen", "mcts:20,mcts:20", board="triangle:3")),
    ("fen solver", _fen_solve),
    ("necklace mcts game", _game("necklace", "mcts:20,mcts:20", size=4)),
    ("necklace solver, certificate and draws", _necklace_proofs),
    ("polymer game", _game("polymer", "bargainer,bargainer,bargainer,bargainer,bargainer", players=5)),
    ("polymer belief", _polymer_belief),
]
"""Each step: a name and the call that compiles its kernels."""


def _run(index: int) -> tuple[str, float]:
    """Step ``index`` of :data:`STEPS` (a task of a worker process): its name and its seconds."""
    name, step = STEPS[index]
    t0 = time.perf_counter()
    step()
    return name, time.perf_counter() - t0


def main(workers: int | None = None) -> int:
    """Run every step, on ``workers`` processes (default: every core): the steps compile different
    kernels, and numba writes each cache file whole, so they may run side by side."""
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        for i in range(len(STEPS)):
            print("compiled {} ({:.0f} s)".format(*_run(i)), flush=True)
        return 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for name, seconds in pool.map(_run, range(len(STEPS))):
            print(f"compiled {name} ({seconds:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
