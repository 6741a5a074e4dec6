"""The Negen study: paired seeds across readings, seat rotation, resume without recomputing."""

from negenlab.negen.study import _seats, run_cell, study_cells, summarise_cell


def test_readings_of_a_row_share_their_row_and_greedy_visits_every_seat():
    cells = study_cells("default", players=(3,), mixes=("random", "greedy-vs-random"))
    assert [(c["mix"], c["variant"]) for c in cells] == [
        ("random", "straight/adjacency/join"),
        ("random", "straight/die/join"),
        ("greedy-vs-random", "straight/adjacency/join"),
        ("greedy-vs-random", "straight/die/join"),
    ]
    for block in range(3):
        assert [a.name for a in _seats("greedy-vs-random", 3, block)] == [
            "greedy" if p == block else "random" for p in range(3)
        ]
        assert [a.name for a in _seats("mcts-vs-greedy", 3, block)] == [
            "mcts" if p == block else "greedy" for p in range(3)
        ]


def test_seeds_do_not_depend_on_which_cells_a_run_asks_for():
    from negenlab.negen.study import MIXES

    alone = study_cells("default", players=(3,), mixes=("greedy-vs-random",))
    together = study_cells("default", players=(3,), mixes=MIXES)
    cell = dict(alone[0], rules=alone[0]["rules"].replace(pool_size=20))
    same = next(c for c in together if (c["mix"], c["variant"]) == (alone[0]["mix"], alone[0]["variant"]))
    same = dict(same, rules=same["rules"].replace(pool_size=20))
    a = run_cell(cell, 3, seed=1, store=None, progress=False)
    b = run_cell(same, 3, seed=1, store=None, progress=False)
    assert a.equals(b)


def test_a_rerun_resumes_from_the_store_and_readings_share_seeds(tmp_path):
    adj, die = study_cells("default", players=(3,), mixes=("random",))
    adj = dict(adj, rules=adj["rules"].replace(pool_size=20))
    die = dict(die, rules=die["rules"].replace(pool_size=20))
    first = run_cell(adj, 4, seed=1, store=tmp_path, progress=False)
    again = run_cell(adj, 4, seed=1, store=tmp_path, progress=False)
    assert first.equals(again)
    other = run_cell(die, 4, seed=1, store=None, progress=False)
    assert list(other["seed"]) == list(first["seed"])  # common random numbers across readings
    row = summarise_cell(first, adj)
    assert row["n"] == 4 and 0 <= row["seat0_lo"] <= row["seat0_win"] <= row["seat0_hi"] <= 1


def test_free_moves_table_pairs_the_bounds_on_common_seeds():
    from negenlab.negen.study import FREE_MOVES_READINGS, free_moves_table

    table = free_moves_table(seed=3, store=None, rounds=4, say=lambda msg: None)
    assert [(r, k) for r, k in zip(table["reading"], table["free_moves"], strict=True)] == [
        (r, k) for r in FREE_MOVES_READINGS for k in (1, 2)
    ]
    assert (table["n"] == 4).all()
    for q in ("first_seat", "turns", "branching"):
        assert (table[f"{q}_lo"] <= table[q]).all() and (table[q] <= table[f"{q}_hi"]).all()
    # one seed, one table
    again = free_moves_table(seed=3, store=None, rounds=4, say=lambda msg: None)
    assert again.drop(columns="seconds_per_round").equals(table.drop(columns="seconds_per_round"))
