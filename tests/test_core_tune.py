"""The rules tuner finds the known optimum of a toy game, resumes from its store, and refuses bad input."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from negenlab.cli import main
from negenlab.core.agents import RandomAgent
from negenlab.core.errors import InvalidInputError, StoreMismatchError
from negenlab.core.game import CHANCE, TERMINAL, Game, State
from negenlab.core.simulate import parallel_backend
from negenlab.core.tune import tune


class CoinToss(Game):
    """One toss decides the game: seat 0 wins with probability ``heads`` / 10 (a toy whose fair
    setting is known: heads = 5)."""

    name = "coin_toss"

    def __init__(self, heads: int = 5):
        self.heads = heads

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> CoinState:
        return CoinState(self.heads)


class CoinState(State):
    def __init__(self, heads: int, outcome: int | None = None):
        self.heads, self.outcome = heads, outcome

    @property
    def current_player(self) -> int:
        return CHANCE if self.outcome is None else TERMINAL

    @property
    def num_players(self) -> int:
        return 2

    def legal_actions(self):
        return []

    def chance_outcomes(self):
        return [(0, self.heads / 10), (1, 1 - self.heads / 10)]

    def apply(self, action) -> None:
        self.outcome = action

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def returns(self) -> list[float]:
        if self.outcome is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.outcome == 0 else [-1.0, 1.0]

    def clone(self) -> CoinState:
        return CoinState(self.heads, self.outcome)


AGENTS = [RandomAgent(), RandomAgent()]


def run(space=None, **kw):
    args = dict(budget=12, games_per_trial=600, seed=3, progress=False)
    space = space or {"heads": (0, 10)}
    return tune(lambda f: CoinToss(f["heads"]), space, {"seat_share": (0.44, 0.56)}, AGENTS, **(args | kw))


def test_the_tuner_finds_the_known_optimum():
    r = run()
    assert r.best["heads"] == 5 and r.best["seat_share_target"] == "met" and r.best["all_met"]
    assert r.evaluations == 12 and set(r.trials["heads"]) <= set(range(11))
    assert r.table["seat_share_n"].iloc[0] == 2400  # confirmed on 4x the games, on the next seed
    far = r.trials.loc[r.trials["heads"].isin([0, 1, 9, 10])]
    assert (far["objective"] > r.trials["objective"].min()).all()


def test_each_confirmed_setting_is_decided_against_the_default_by_a_paired_sprt():
    # the default deals seat 0 8 heads in 10: the fair 5 moves the share to the target, 7 barely moves it
    r = run(baseline={"heads": 8})
    assert r.default["heads"] == 8 and r.default["seat_share_target"] == "missed"
    best = r.best
    assert best["heads"] == 5 and best["seat_share_vs_default"] == "toward target"
    assert (
        best["seat_share_shift_hi"] < 0
        and best["seat_share_shift_units"] >= 100
        and not best["seat_share_shift_capped"]
    )
    near = run(space={"heads": [7]}, baseline={"heads": 8}, confirm=1, budget=1).best
    assert near["heads"] == 7 and near["seat_share_vs_default"] == "falls short"  # 0.1 of the 0.3 needed
    assert run(budget=3, confirm=1, baseline={"heads": 5}).best["seat_share_vs_default"] == "default meets it"


def test_the_store_keeps_each_comparison_with_the_default(tmp_path, monkeypatch):
    first = run(budget=3, confirm=1, baseline={"heads": 8}, store=tmp_path)
    monkeypatch.setattr("negenlab.core.tune.compare", lambda *a, **k: pytest.fail("replayed, not decided again"))
    again = run(budget=3, confirm=1, baseline={"heads": 8}, store=tmp_path)
    pd.testing.assert_frame_equal(first.table, again.table)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lock", "trials.jsonl"]  # outcomes only, no games


def test_same_seed_same_table_on_one_or_two_workers():
    a, b = run(budget=5), run(budget=5, workers=2, backend="process")
    pd.testing.assert_frame_equal(a.trials, b.trials)
    pd.testing.assert_frame_equal(a.table, b.table)


@pytest.mark.slow
def test_same_seed_same_table_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    serial = run(budget=4, confirm=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with parallel_backend("dask", cluster.scheduler_address):
            on_dask = run(budget=4, confirm=1, workers=2, backend=None)
        assert "run_chunk" in set(cluster.scheduler.task_prefixes)  # the trials' games ran on the cluster
    pd.testing.assert_frame_equal(serial.trials, on_dask.trials)
    pd.testing.assert_frame_equal(serial.table, on_dask.table)


def test_a_store_replays_its_trials_instead_of_playing_them(tmp_path, monkeypatch):
    first = run(budget=6, store=tmp_path)
    played = []
    monkeypatch.setattr(CoinToss, "new_initial_state", lambda self: played.append(1) or CoinState(self.heads))
    again = run(budget=6, store=tmp_path, confirm=0)
    assert not played  # every trial came from the store
    pd.testing.assert_frame_equal(first.trials, again.trials)
    with pytest.raises(StoreMismatchError, match="another run"):
        run(budget=6, store=tmp_path, seed=4)


@pytest.mark.parametrize(
    ("space", "targets", "match"),
    [
        ({}, {"seat_share": (0.4, 0.6)}, "empty"),
        ({"heads": (5, 5)}, {"seat_share": (0.4, 0.6)}, "low < high"),
        ({"heads": (0, 10)}, {}, "no target"),
        ({"heads": (0, 10)}, {"fun": (0, 1)}, "unknown metric"),
        ({"heads": (0, 10)}, {"seat_share": (0.6, 0.4)}, "low < high"),
    ],
)
def test_bad_input_is_one_clear_error(space, targets, match):
    with pytest.raises(InvalidInputError, match=match):
        tune(lambda f: CoinToss(f["heads"]), space, targets, AGENTS, budget=2, progress=False)


def test_the_cli_tunes_a_game_and_says_so_in_json(capsys):
    code = main(
        [
            "tune",
            "necklace",
            "--set",
            "size=3..4",
            "--target",
            "length=4..9",
            "--agents",
            "random,random",
            "--budget",
            "2",
            "--games-per-trial",
            "10",
            "--confirm",
            "1",
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["evaluations"] == 2 and out["candidates"][0]["size"] in (3, 4)
    # the default board (size 9) plays far longer games: the smaller board moves the length toward the target
    assert out["default"]["length_target"] == "missed" and out["candidates"][0]["length_vs_default"] == "toward target"
    # its confirmation is the tuner's own players: the answer names the command that judges it as the page
    assert out["judge_as_page"] == f"negenlab necklace variant --set size={out['candidates'][0]['size']} --as-page"
    assert main(["tune", "necklace", "--set", "size", "--target", "length=1..2"]) == 2
    assert "lo..hi" in capsys.readouterr().err


def test_a_trial_line_cut_by_a_kill_is_replayed_and_a_changed_one_refused(tmp_path):
    from negenlab.core.errors import StoreCorruptError

    first = run(budget=3, store=tmp_path)
    path = tmp_path / "trials.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2])  # the last trial cut mid-line
    again = run(budget=3, store=tmp_path)  # the cut trial is dropped and played again, never fatal
    pd.testing.assert_frame_equal(first.trials.head(2), again.trials.head(2))
    assert len(again.trials) == 3 and path.read_text().count("\n") == len(lines)
    assert path.read_text().startswith("".join(lines[:-1]))
    changed = lines[1].replace('"objective": ', '"objective": 1')
    path.write_text(lines[0] + changed + "".join(lines[2:]))
    with pytest.raises(StoreCorruptError, match="line 2: .*checksum"):
        run(budget=3, store=tmp_path)


def test_a_second_tuning_run_on_one_store_is_refused(tmp_path):
    from negenlab.core.errors import StoreBusyError
    from negenlab.core.files import FolderLock

    with FolderLock(tmp_path, "tuning store"), pytest.raises(StoreBusyError, match="in use by another run"):
        run(budget=2, store=tmp_path)
