"""Reports fail loudly (#25): every committed table is checked on load against the schema its
game declares (``negenlab.<game>.study.TABLES``, checked by ``negenlab.core.data.check_table``),
and ``negenlab report <game>`` stops with one line naming the damaged file, exit code 2.

The tables are copied to a temporary folder that the loaders read instead (``data_root`` patched),
one is damaged, and the page is built through the command. The loaders fail before any simulation,
so each case takes well under a second. That the intact tables build every page is tested by each
game's ``test_report_section_renders`` (tests/<game>/); here every intact table passes its loader.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

from negenlab import cli
from negenlab.core import data
from negenlab.core.claims import register
from negenlab.core.data import WILSON_ROWS, Schema, check_table, data_root, long_columns
from negenlab.core.errors import InvalidInputError, ReportError, TableError
from negenlab.fen import report as fen_report
from negenlab.fen import study as fen_study
from negenlab.necklace import study as necklace_study
from negenlab.negen import report as negen_report
from negenlab.negen import study as negen_study
from negenlab.polymer import study as polymer_study
from negenlab.report.studies import committed_studies

DATA = Path(str(data_root()))
TABLES = {
    "fen": fen_study.TABLES,
    "negen": negen_study.TABLES,
    "polymer": polymer_study.TABLES,
    "necklace": necklace_study.TABLES,
}


def load(game: str, name: str):
    """Table ``name`` of ``game`` read by the loader its page uses."""
    if game == "fen":
        return (
            fen_report.committed_atlas()
            if name == "atlas"
            else committed_studies("fen", [name], fen_study.TABLES)[name]
        )
    if game == "negen":
        loaders = {"study_exact": negen_report.load_study, "variants": negen_report.load_variants}
        return loaders.get(name, lambda: negen_report.read_table(f"{name}.csv"))()
    if game == "polymer":
        return polymer_study.committed(name)
    if name.startswith("solution"):
        return necklace_study.load_tables()
    return committed_studies("necklace", [name], necklace_study.TABLES)[name]


@pytest.fixture
def copy(tmp_path, monkeypatch) -> Path:
    """A copy of the committed tables and sidecars (the stores left out), read instead of data/."""
    root = tmp_path / "data"
    for game in TABLES:
        (root / game).mkdir(parents=True)
        for f in (DATA / game).iterdir():
            if f.is_file():
                shutil.copy(f, root / game / f.name)
    monkeypatch.setattr(data, "data_root", lambda: root)
    return root


ON_DISK = {(g, f.stem) for g in TABLES for f in (DATA / g).iterdir() if f.suffix == ".csv"}
CASES = [(game, name) for game, tables in TABLES.items() for name in tables if (game, name) in ON_DISK]
STUDIES = {
    "fen": fen_study.STUDIES,
    "negen": negen_study.STUDIES,
    "polymer": polymer_study.STUDIES,
    "necklace": necklace_study.STUDIES,
}


def test_every_committed_table_has_a_schema():
    assert ON_DISK == set(CASES) | {(g, "claims") for g in TABLES}  # the register's schema: core.claims.REGISTER
    assert all(register(g) for g in TABLES)
    # a schema of a table not committed yet belongs to a study that writes it (e.g. one not run yet)
    waiting = {(g, n) for g, tables in TABLES.items() for n in tables} - ON_DISK
    assert all(n in STUDIES[g] for g, n in waiting), waiting


@pytest.mark.parametrize(("game", "name"), CASES)
def test_every_committed_table_passes_its_loader(game, name):
    tables = load(game, name)
    assert all(len(t) for t in (tables if isinstance(tables, tuple) else [tables]) if isinstance(t, pd.DataFrame))


# -- damage -----------------------------------------------------------------------------------------


def garbage(t: pd.DataFrame, column: str) -> pd.DataFrame:
    return t.assign(**{column: t[column].astype(object).where(t.index != 1, "12abc")})


def rate(t: pd.DataFrame, column: str) -> pd.DataFrame:
    return t.assign(**{column: t[column].where(t.index != 0, -5)})


def missing(t: pd.DataFrame, column: str) -> pd.DataFrame:
    return t.drop(columns=[column])


def outside(t: pd.DataFrame, value: str, hi: str) -> pd.DataFrame:
    """Row 1's interval ends just below its value (the value and the end stay valid rates)."""
    return t.assign(**{hi: t[hi].where(t.index != 0, t.loc[0, value] - 0.005)})


# per game: a table its page loads first, a numeric column, a rate column, an interval (value, hi)
FIRST = {
    "fen": ("pie", "n", "value", ("value", "hi")),
    "negen": ("study_exact", "turns", "refusal", ("refusal", "refusal_hi")),
    "polymer": ("deals", "mean_length", "no_polymer", ("no_polymer", "no_polymer_hi")),
    "necklace": ("advantage", "n", "value", ("value", "hi")),
}
DAMAGE = {
    "garbage text in a numeric column": (lambda t, c: garbage(t, c[1]), "row 2, column {numeric!r}: '12abc'"),
    "a rate of -5": (lambda t, c: rate(t, c[2]), "row 1, column {rate!r}: -5"),
    "a missing column": (lambda t, c: missing(t, c[1]), "the column {numeric!r} is missing"),
    "an interval without its value": (lambda t, c: outside(t, *c[3]), "row 1: {value} = "),
    "an empty file": (None, "is empty"),
}


def damage(root: Path, game: str, how: str) -> tuple[Path, str]:
    """Damage the first table of ``game``'s page in ``how``; return its path and the expected words."""
    name, numeric, rate_col, value = FIRST[game]
    path = root / game / f"{name}.csv"
    change, words = DAMAGE[how]
    if change is None:
        path.write_text("")
    else:
        change(pd.read_csv(path), FIRST[game]).to_csv(path, index=False)
    return path, words.format(numeric=numeric, rate=rate_col, value=value[0])


@pytest.mark.parametrize("how", DAMAGE)
@pytest.mark.parametrize("game", TABLES)
def test_a_damaged_table_stops_the_report_in_one_line(game, how, copy, tmp_path, capsys):
    path, words = damage(copy, game, how)
    out = tmp_path / "reports"
    assert cli.main(["report", game, "-o", str(out), "--quiet", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("negenlab: error: ") and str(path) in err and words in err, err
    page = (out / f"{game}.html").read_text()
    assert "Building this report failed" in page and path.name in page and "Traceback" not in page
    assert "failed: " in (out / "index.html").read_text()


def test_debug_shows_the_damaged_table_behind_the_report_error(copy, tmp_path):
    damage(copy, "polymer", "a rate of -5")
    with pytest.raises(ReportError) as info:
        cli.main(["--debug", "report", "polymer", "-o", str(tmp_path / "reports"), "--quiet"])
    assert isinstance(info.value.__cause__, TableError)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_every_loader_names_its_damaged_file(game, name, copy):
    path = copy / game / f"{name}.csv"
    first = next(iter(TABLES[game][name].columns))
    missing(pd.read_csv(path, keep_default_na=False), first).to_csv(path, index=False)
    with pytest.raises(TableError, match=re.escape(f"{path}: the column '{first}' is missing")):
        load(game, name)
    path.write_text("")
    with pytest.raises(TableError, match=re.escape(f"{path} is empty")):
        load(game, name)


def test_a_damaged_sidecar_names_its_file(copy):
    sidecar = copy / "negen" / "variants.json"
    sidecar.write_text("{not json")
    with pytest.raises(TableError, match=re.escape(f"{sidecar} is not valid JSON")):
        negen_report.load_variants()


# -- the checks themselves ----------------------------------------------------------------------------

LONG = Schema(long_columns(), intervals=[("value", "lo", "hi")], rows=[WILSON_ROWS])


def long(**row) -> pd.DataFrame:
    base = {"metric": "wins", "group": "", "value": 0.0, "lo": 8.67362e-19, "hi": 0.0095, "n": 400, "method": "wilson"}
    return pd.DataFrame([base | row])


def test_rounding_is_not_damage_but_out_of_range_is():
    check_table(long(), LONG, "t.csv")  # a Wilson end a hair above 0 (committed FEN tables have these)
    check_table(long(value=150.0, lo=149.0, hi=151.0, method="normal"), LONG, "t.csv")  # means are no rates
    for row, words in (
        ({"value": 1.5, "lo": 1.4, "hi": 1.6}, "row 1, column 'value': 1.5; expected a rate in [0, 1] (a row whose"),
        ({"n": -1}, "column 'n': -1; expected a whole number >= 0"),
        ({"n": 2.5}, "column 'n': 2.5; expected a whole number >= 0"),
        ({"value": None}, "column 'value' is empty; expected a number"),
        ({"value": 0.2, "lo": 0.25, "hi": 0.3}, "value = 0.2 lies outside its interval [lo, hi] = [0.25, 0.3]"),
    ):
        with pytest.raises(TableError, match=re.escape(words)):
            check_table(long(**row), LONG, "t.csv")


def test_a_schema_with_a_typo_is_refused():
    with pytest.raises(InvalidInputError, match="unknown kinds"):
        Schema({"n": "cout"})
    with pytest.raises(InvalidInputError, match="interval columns"):
        Schema({"value": "rate"}, intervals=["value"])


# -- tables that obey their own invariants (#35) ---------------------------------------------------------------


def _edit(copy: Path, game: str, name: str, change) -> Path:
    path = copy / game / f"{name}.csv"
    change(pd.read_csv(path)).to_csv(path, index=False)
    return path


INVARIANT_DAMAGE = [
    ("negen", "variants", lambda t: pd.concat([t, t.iloc[[0]]]), "repeats row 1"),
    ("negen", "variants", lambda t: t[t["players"] != 4], "no row with players = 4"),
    ("negen", "variants", lambda t: t.assign(first_seat_sprt="maybe"), "expected one of H0, H1, undecided"),
    ("negen", "variants", lambda t: t.assign(n=t["n"] + 1), "n = units x rotations"),
    ("negen", "variants", lambda t: t.assign(seed=7), "but its sidecar says seed 2024"),
    (
        "negen",
        "spiral_counts_straight_adjacency",
        lambda t: t.assign(valid_closed_fixed=t["valid_fixed"] + 1),
        "closed spirals never more than the valid ones",
    ),
    ("negen", "spiral_counts_straight_adjacency", lambda t: t[t["k"] != 5], "no row with k = 5"),
    ("negen", "closing_odds", lambda t: t.assign(hits_of_1296=t["hits_of_1296"] + 1), "p_close = hits_of_1296 / 1296"),
    ("negen", "recheck", lambda t: pd.concat([t, t.iloc[[2]]]), "repeats row 3"),
    ("fen", "pie", lambda t: pd.concat([t, t.iloc[[0]]]), "repeats row 1"),
    ("fen", "pie", lambda t: t[t["pie_rule"]], "no row with pie_rule = False"),
    (
        "fen",
        "pie",
        lambda t: t.assign(
            **{
                c: t[c].mask(t["metric"] == "second_player_win_rate", v)
                for c, v in (("value", 0.9), ("lo", 0.85), ("hi", 0.95))
            }
        ),
        "add to at most 1",
    ),
    ("fen", "solved", lambda t: t.assign(winner="nobody"), "expected one of first player, second player"),
    ("fen", "solved", lambda t: pd.concat([t, t.iloc[[3]]]), "repeats row 4"),
    ("fen", "solved", lambda t: t.assign(win_openings=t["win_openings"] + 1), "add up to the openings"),
    ("fen", "ladder", lambda t: pd.concat([t, t.iloc[[1]]]), "repeats row 2"),
    ("polymer", "policies_8p", lambda t: pd.concat([t, t.iloc[[2]]]), "repeats row 3"),
    (
        "polymer",
        "policies_8p",
        lambda t: t[t["policy"] != "cooperative"],
        "no row with policy = 'cooperative', jokers = 0, players = 8",
    ),
    ("polymer", "deal_length_histogram", lambda t: t.assign(**{"3": t["3"] + 0.05}), "sum to 1"),
    ("polymer", "deals", lambda t: t[t["players"] != 8], "no row with players = 8"),
    ("polymer", "deals", lambda t: pd.concat([t, t.iloc[[0]]]), "repeats row 1"),
    ("necklace", "solutions", lambda t: t[t["size"] != 5], "no row with size = 5"),
    ("necklace", "solutions", lambda t: t.assign(winner="nobody"), "expected one of red, blue, first player"),
    ("necklace", "advantage", lambda t: t[t["group"] != "5x5, no swap"], "no row with size = 5"),
    ("necklace", "advantage", lambda t: pd.concat([t, t.iloc[[1]]]), "repeats row 2"),
]


@pytest.mark.parametrize(
    ("game", "name", "change", "words"), INVARIANT_DAMAGE, ids=[f"{g}/{n}: {w}" for g, n, _, w in INVARIANT_DAMAGE]
)
def test_a_table_breaking_its_own_rules_stops_the_report_in_one_line(game, name, change, words, copy, tmp_path, capsys):
    path = _edit(copy, game, name, change)
    assert cli.main(["report", game, "-o", str(tmp_path / "reports"), "--quiet", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert f"{path.name}" in err and words in err, err


def test_a_sidecar_whose_seed_is_not_its_commands_is_refused(copy):
    sidecar = copy / "negen" / "variants.json"
    meta = json.loads(sidecar.read_text())
    sidecar.write_text(json.dumps(meta | {"seed": 9}))
    with pytest.raises(TableError, match="records seed 9 but the command that made it says --seed 2024"):
        negen_report.load_variants()


@pytest.mark.parametrize(
    "damage",
    [
        lambda m: m | {"candidates": "none"},
        lambda m: {k: v for k, v in m.items() if k != "command"},
        lambda m: m | {"candidates": [{"sequence_shape": "straight"}]},
    ],
)
def test_a_damaged_tuning_run_is_one_error_line(damage, copy, tmp_path, capsys):
    path = copy / "negen" / "tune_minutes.json"
    path.write_text(json.dumps(damage(json.loads(path.read_text()))))
    assert cli.main(["report", "negen", "-o", str(tmp_path / "reports"), "--quiet", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "tune_minutes.json" in err and "Traceback" not in err, err


TUNING_DAMAGE = [
    ("fen", "tune_pie.json", lambda m: m | {"candidates": [["not", "a", "record"]]}, "candidate 1 lacks seat_share"),
    ("fen", "tune_pie.json", lambda m: m | {"evaluations": "many"}, "'evaluations' holds str"),
    (
        "polymer",
        "tune_5p.json",
        lambda m: m | {"candidates": [{"cards_per_player": 9}]},
        "candidate 1 lacks players (a whole number)",
    ),
    (
        "polymer",
        "tune_15p.json",
        lambda m: {k: v for k, v in m.items() if k != "candidates"},
        "'candidates' holds nothing",
    ),
]


@pytest.mark.parametrize(
    ("game", "name", "damage", "words"), TUNING_DAMAGE, ids=[f"{g}/{n}: {w}" for g, n, _, w in TUNING_DAMAGE]
)
def test_every_games_damaged_tuning_run_is_one_error_line(game, name, damage, words, copy, tmp_path, capsys):
    path = copy / game / name
    path.write_text(json.dumps(damage(json.loads(path.read_text()))))
    assert cli.main(["report", game, "-o", str(tmp_path / "reports"), "--quiet", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and name in err and words in err and "Traceback" not in err, err
