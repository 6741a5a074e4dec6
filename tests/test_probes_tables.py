"""Probes of damaged committed files (#53): a page never states what a damaged file says.

The committed tables, sidecars, claims registers and certificates are copied to a temporary folder
that the loaders read instead (``data_root`` patched); one is damaged (a row duplicated, a key
contradicted, a row the page reads dropped, the file cut short, emptied, a type changed, a seed
relabelled, a certificate swapped) and the reader must refuse it in one line naming the file, the
key and the rule. Every probe reads tables only (no games), so each takes well under a second.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
from pathlib import Path

import pandas as pd
import pytest

from negenlab import cli
from negenlab.core import data
from negenlab.core.claims import REGISTER, UNITS, ClaimError, register
from negenlab.core.data import TableError, data_json, data_root, tuning_run
from negenlab.core.errors import InvalidInputError
from negenlab.core.variant import SavedVariant
from negenlab.fen import report as fen_report
from negenlab.fen import study as fen_study
from negenlab.necklace import report as necklace_report
from negenlab.necklace import study as necklace_study
from negenlab.necklace.verify import CertificateError, verify_file
from negenlab.negen import report as negen_report
from negenlab.negen import study as negen_study
from negenlab.polymer import report as polymer_report
from negenlab.polymer import study as polymer_study
from negenlab.report.studies import committed_studies

DATA = Path(str(data_root()))
TABLES = {
    "fen": fen_study.TABLES,
    "negen": negen_study.TABLES,
    "polymer": polymer_study.TABLES,
    "necklace": necklace_study.TABLES,
}
ON_DISK = {(g, f.stem) for g in TABLES for f in (DATA / g).iterdir() if f.suffix == ".csv"}
CASES = [(g, n) for g, tables in TABLES.items() for n in tables if (g, n) in ON_DISK]
REQUIRED = [(g, n) for g, n in CASES if TABLES[g][n].required]
# the tables the issue names, probed for every kind of damage
NAMED = [
    ("fen", "atlas"),
    ("necklace", "swap_map"),
    ("necklace", "draws"),
    ("necklace", "agents_vs_proof_openings"),
    ("necklace", "swap_rule_openings"),
    ("necklace", "solution_openings"),
    ("negen", "variants"),
    ("negen", "study_exact"),
    ("polymer", "strategies"),
]
# the tables whose required rows the third round stated: each probed for a dropped first and last row and a
# contradictory duplicate
ROUND_THREE = [
    *((g, "recheck") for g in TABLES),
    ("fen", "solved"),
    ("fen", "proof_positions"),
    ("fen", "agents_vs_proof"),
    ("negen", "closing_odds"),
    ("negen", "free_moves"),
    ("negen", "smallest_closed_spirals"),
    ("polymer", "ladder"),
    ("polymer", "ladder_hidden"),
    ("polymer", "bargaining"),
    ("polymer", "strategies_bargainer"),
    ("polymer", "strategies_broker"),
    ("necklace", "best_opening"),
    ("necklace", "agents_vs_proof_positions"),
]
BOOKS = {"fen": fen_report, "negen": negen_report, "necklace": necklace_report, "polymer": polymer_report}


def load(game: str, name: str):
    """Table ``name`` of ``game`` read by the loader its page uses."""
    if game == "fen" and name == "atlas":
        return fen_report.committed_atlas()
    if game == "negen" and name in ("study_exact", "variants"):
        return {"study_exact": negen_report.load_study, "variants": negen_report.load_variants}[name]()
    if game == "negen" and name not in negen_study.STUDIES:
        return negen_report.read_table(f"{name}.csv")
    if game == "polymer":
        return polymer_study.committed(name)
    if game == "necklace" and name.startswith("solution"):
        return necklace_study.load_tables()
    return committed_studies(game, [name], TABLES[game])[name]


@pytest.fixture
def copy(tmp_path, monkeypatch) -> Path:
    """A copy of the committed files (each store's study.json, not its games), read instead of data/;
    the claim registers are read afresh from it (and again from data/ after the probe)."""
    root = tmp_path / "data"
    for game in TABLES:
        (root / game).mkdir(parents=True)
        for f in (DATA / game).iterdir():
            if f.is_file():
                shutil.copy(f, root / game / f.name)
            elif (f / "study.json").is_file():
                (root / game / f.name).mkdir()
                shutil.copy(f / "study.json", root / game / f.name / "study.json")
    monkeypatch.setattr(data, "data_root", lambda: root)
    register.cache_clear()
    yield root
    register.cache_clear()


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def one_line(err: str) -> str:
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


def refused(game: str, name: str, *words: str) -> str:
    """The loader's one-line refusal of ``game``'s table ``name``, holding each of ``words``."""
    with pytest.raises(TableError) as info:
        load(game, name)
    text = one_line(str(info.value))
    assert all(w in text for w in words), text
    return text


# -- keys: a duplicated or contradictory row ------------------------------------------------------------------


def test_every_table_a_page_reads_states_its_keys():
    assert [(g, n) for g, n in CASES if not TABLES[g][n].keys] == []
    assert REGISTER.keys == ["id"]


@pytest.mark.parametrize(("game", "name"), CASES, ids=[f"{g}/{n}" for g, n in CASES])
def test_a_duplicated_row_is_refused_naming_the_key(game, name, copy):
    path = copy / game / f"{name}.csv"
    rows = lines(path)
    path.write_text("".join([*rows, rows[1]]))
    keys = ", ".join(TABLES[game][name].keys)
    refused(game, name, str(path), f"row {len(rows)} repeats row 1 on its key (", f"expected each ({keys}) once")


@pytest.mark.parametrize(("game", "name"), NAMED + ROUND_THREE, ids=[f"{g}/{n}" for g, n in NAMED + ROUND_THREE])
def test_a_contradictory_duplicate_is_refused(game, name, copy):
    """Row 1 again under its own key, another value in a column that is not a key: no page picks one."""
    path = copy / game / f"{name}.csv"
    t = pd.read_csv(path, keep_default_na=False)
    keys = TABLES[game][name].keys
    columns = TABLES[game][name].columns
    numbers = [c for c, kind in columns.items() if c not in keys and kind == "count"]  # never blank
    if numbers:
        other, said = numbers[0], t[numbers[0]].iloc[0] + 1
    else:  # Necklace's solved openings: the opening's winner
        other, said = "value", "red" if t["value"].iloc[0] != "red" else "blue"
    twin = t.iloc[[0]].astype({other: object}).assign(**{other: said})
    pd.concat([t, twin]).to_csv(path, index=False)
    refused(game, name, str(path), f"row {len(t) + 1} repeats row 1 on its key")


# -- required rows: a dropped row, a truncated or emptied file -------------------------------------------------


def _matches(t: pd.DataFrame, want: dict) -> pd.Series:
    hit = pd.Series(True, index=t.index)
    for column, value in want.items():
        hit &= t[column].astype(str) == str(value)
    return hit


@pytest.mark.parametrize(("game", "name"), REQUIRED, ids=[f"{g}/{n}" for g, n in REQUIRED])
def test_a_dropped_row_the_page_reads_is_refused(game, name, copy):
    path = copy / game / f"{name}.csv"
    want = TABLES[game][name].required[-1]
    t = pd.read_csv(path, keep_default_na=False)
    hit = _matches(t, want)
    assert hit.any(), (want, "not in the committed table")
    t[~hit].to_csv(path, index=False)
    if hit.all():  # its only row: FEN's top step
        refused(game, name, str(path), "0 rows; expected at least 1")
    else:
        refused(game, name, str(path), "no row with ", "expected one (a row the page reads)")


def test_every_table_a_page_reads_states_its_required_rows():
    assert [(g, n) for g, n in CASES if not TABLES[g][n].required] == []


@pytest.mark.parametrize(("game", "name"), ROUND_THREE, ids=[f"{g}/{n}" for g, n in ROUND_THREE])
def test_a_dropped_first_required_row_is_refused_naming_it(game, name, copy):
    path = copy / game / f"{name}.csv"
    want = TABLES[game][name].required[0]
    t = pd.read_csv(path, keep_default_na=False)
    hit = _matches(t, want)
    assert hit.any(), (want, "not in the committed table")
    if hit.all():  # its only row (Necklace's best opening): relabelled, not dropped, so the table keeps a row
        column = next(iter(want))
        t = t.astype({column: object})
        t.loc[hit, column] = [int(v) + 1000 if str(v).isdigit() else f"{v} (another)" for v in t.loc[hit, column]]
        t.to_csv(path, index=False)
    else:
        t[~hit].to_csv(path, index=False)
    text = refused(game, name, str(path), "expected one (a row the page reads)")
    assert all(f"{column} = " in text for column in want), text


@pytest.mark.parametrize("game", list(TABLES))
def test_every_committed_recheck_row_is_a_required_one(game):
    """Nothing extra: each re-measured number of the committed recheck is one the schema requires (the
    required rows themselves are checked present by loading the committed tables)."""
    schema = TABLES[game]["recheck"]
    t = pd.read_csv(DATA / game / "recheck.csv", keep_default_na=False)
    unrequired = [
        row
        for row in t[list(schema.keys)].astype(str).to_dict("records")
        if not any(all(row[c] == str(v) for c, v in want.items()) for want in schema.required)
    ]
    assert unrequired == []


@pytest.mark.parametrize("game", list(TABLES))
def test_the_recheck_requires_each_strength_the_register_judges_under(game):
    """The players each recheck requires, against the strengths the page's claims are registered with
    (its report, written separately): the same pairs, but Necklace's fair opening, re-measured only under
    the players its table trusts (none of the committed ones)."""
    required = {(r["claim"], r["players"]) for r in TABLES[game]["recheck"].required if "players" in r}
    registered = {(c, p) for c, strengths in BOOKS[game].CLAIMS.strengths.items() for p in strengths}
    if game == "necklace":
        registered = {(c, p) for c, p in registered if c != "fair_opening"}
    assert required == registered


def test_a_smallest_closed_spiral_that_is_not_the_smallest_is_refused(copy):
    path = copy / "negen" / "smallest_closed_spirals.csv"
    t = pd.read_csv(path, keep_default_na=False)
    t.assign(k=t["k"].mask(t.index == 3, t["k"].iloc[3] + 1)).to_csv(path, index=False)
    refused("negen", "smallest_closed_spirals", str(path), "row 4 breaks a rule of the table; expected one k for all")


def test_a_dropped_opening_never_changes_the_solved_maps(copy, tmp_path, capsys):
    """Necklace's solved openings with one row dropped: the page is refused, not drawn with a hole."""
    path = copy / "necklace" / "solution_openings.csv"
    rows = lines(path)
    path.write_text("".join(rows[:5] + rows[6:]))
    assert cli.main(["report", "necklace", "-o", str(tmp_path / "r"), "--quiet", "--workers", "1"]) == 2
    err = one_line(capsys.readouterr().err)
    assert str(path) in err and "no row with size = 3, row = 1, col = 1" in err, err


@pytest.mark.parametrize(("game", "name"), NAMED, ids=[f"{g}/{n}" for g, n in NAMED])
def test_a_table_cut_short_is_refused(game, name, copy):
    path = copy / game / f"{name}.csv"
    text = path.read_bytes()
    path.write_bytes(text[: len(text) - 2])  # the last row loses its last character and its line end
    refused(game, name, str(path), "ends inside a row (cut short?)")


@pytest.mark.parametrize(("game", "name"), NAMED, ids=[f"{g}/{n}" for g, n in NAMED])
def test_a_table_emptied_to_its_header_is_refused(game, name, copy):
    path = copy / game / f"{name}.csv"
    path.write_text(lines(path)[0])
    refused(game, name, str(path), "0 rows; expected at least 1")


@pytest.mark.parametrize(("game", "name"), NAMED, ids=[f"{g}/{n}" for g, n in NAMED])
def test_text_in_a_count_column_is_refused(game, name, copy):
    path = copy / game / f"{name}.csv"
    t = pd.read_csv(path, keep_default_na=False)
    column = next(c for c, kind in TABLES[game][name].columns.items() if kind == "count")
    t.astype({column: object}).assign(**{column: ["many"] * len(t)}).to_csv(path, index=False)
    refused(game, name, str(path), f"row 1, column {column!r}: 'many'; expected a whole number >= 0")


def test_polymers_strategies_with_a_duplicated_row_stop_the_page_in_one_line(copy, tmp_path, capsys):
    path = copy / "polymer" / "strategies.csv"
    rows = lines(path)
    path.write_text("".join([*rows, rows[3]]))
    assert cli.main(["report", "polymer", "-o", str(tmp_path / "r"), "--quiet", "--workers", "1"]) == 2
    err = one_line(capsys.readouterr().err)
    assert str(path) in err and "repeats row 3 on its key" in err and "reindex" not in err, err


# -- Negen's claim cells: the rounds behind each verdict ---------------------------------------------------------


def _rounds(copy: Path, change) -> Path:
    path = copy / "negen" / "claim_rounds.parquet"
    change(pd.read_parquet(path)).to_parquet(path, index=False)
    return path


def test_a_negen_cell_with_a_round_dropped_is_refused(copy):
    _rounds(copy, lambda r: r.drop(index=5))
    with pytest.raises(TableError) as info:
        negen_study.committed_cells()
    text = one_line(str(info.value))
    assert "claim_rounds.parquet: cell 'p3-closers-straight-adjacency-join', rotation 0 holds 10899 rounds" in text
    assert "expected games 0 to 10899" in text


def test_a_negen_cell_with_a_round_twice_is_refused(copy):
    path = _rounds(copy, lambda r: pd.concat([r, r.iloc[[7]]]))
    with pytest.raises(TableError, match=re.escape(f"{path}: row 48433 repeats row 8 on its key (cell = ")):
        negen_study.committed_cells()


def test_the_rounds_of_another_study_are_refused_not_a_key_error(copy):
    path = _rounds(copy, lambda r: r.drop(columns=["cell"]))
    with pytest.raises(TableError, match=re.escape(f"{path}: the column 'cell' is missing")):
        negen_study.committed_cells()


# -- claims registers --------------------------------------------------------------------------------------------


def _register(copy: Path, game: str, change) -> Path:
    path = copy / game / "claims.csv"
    change(pd.read_csv(path, keep_default_na=False)).to_csv(path, index=False)
    return path


@pytest.mark.parametrize("game", list(TABLES))
def test_a_register_with_its_first_row_dropped_is_refused_naming_the_claim(game, copy):
    first = pd.read_csv(copy / game / "claims.csv", keep_default_na=False)["id"].iloc[0]
    _register(copy, game, lambda t: t.iloc[1:])
    book = {"fen": fen_report, "negen": negen_report, "necklace": necklace_report, "polymer": polymer_report}[game]
    with pytest.raises(ClaimError) as info:
        assert book.CLAIMS.claims
    text = one_line(str(info.value))
    assert f"data/{game}/claims.csv has no row for {first!r}" in text and "a required row of the register" in text


def test_a_dropped_claim_stops_the_page_in_one_line(copy, tmp_path, capsys):
    _register(copy, "fen", lambda t: t.iloc[1:])
    assert cli.main(["report", "fen", "-o", str(tmp_path / "r"), "--quiet", "--workers", "1"]) == 2
    err = one_line(capsys.readouterr().err)
    assert "data/fen/claims.csv has no row for" in err, err


def test_a_unit_of_furlongs_is_refused(copy):
    path = _register(copy, "negen", lambda t: t.assign(unit=t["unit"].mask(t.index == 1, "furlongs")))
    with pytest.raises(TableError) as info:
        register("negen")
    text = one_line(str(info.value))
    assert f"{path}: row 2, column 'unit': 'furlongs'; expected one of {', '.join(UNITS)}" in text


def test_every_unit_the_registers_use_is_allowed():
    used = {u for g in TABLES for u in pd.read_csv(DATA / g / "claims.csv", keep_default_na=False)["unit"] if u}
    assert used <= set(UNITS), used - set(UNITS)


def test_a_claim_id_given_twice_is_refused(copy):
    path = _register(copy, "polymer", lambda t: pd.concat([t, t.iloc[[2]].assign(claim="another reading")]))
    with pytest.raises(TableError, match=re.escape(f"{path}: row ")) as info:
        register("polymer")
    assert "repeats row 3 on its key (id = " in one_line(str(info.value))


def test_a_rule_that_does_not_parse_is_refused(copy):
    _register(copy, "necklace", lambda t: t.assign(rule=t["rule"].mask(t.index == 0, "roughly fair")))
    with pytest.raises(ClaimError, match=re.escape("data/necklace/claims.csv, line 2: ")):
        register("necklace")


# -- sidecars: the seed a page prints --------------------------------------------------------------------------


def _sidecar(copy: Path, game: str, name: str, **fields) -> Path:
    path = copy / game / f"{name}.json"
    path.write_text(json.dumps(json.loads(path.read_text()) | fields))
    return path


def test_a_relabelled_seed_is_refused_not_printed(copy):
    path = _sidecar(copy, "fen", "atlas", seed=31337)
    with pytest.raises(TableError) as info:
        fen_report.committed_atlas()
    assert one_line(str(info.value)) == (
        f"{path} records seed 31337 but the command that made it says --seed 2024; expected one seed"
    )


def test_a_seed_relabelled_with_its_command_is_refused_by_its_store(copy):
    command = "negenlab study fen pie --seed 31337"
    path = _sidecar(copy, "fen", "pie", seed=31337, command=command)
    with pytest.raises(TableError) as info:
        load("fen", "pie")
    text = one_line(str(info.value))
    assert text.startswith(f"{path}: its seed 31337 is not the seed 2024 its store records"), text


@pytest.mark.parametrize("seed", ["2024", 2024.5, True, -1])
def test_a_seed_that_is_no_whole_number_is_refused(seed, copy):
    path = _sidecar(copy, "necklace", "swap_map", seed=seed)
    with pytest.raises(TableError, match=re.escape(f"{path}: the field 'seed' holds {seed!r}; expected a whole")):
        load("necklace", "swap_map")


def test_a_sidecar_giving_a_key_twice_is_refused(copy):
    path = copy / "polymer" / "strategies.json"
    path.write_text(path.read_text().replace('"seed": 2024,', '"seed": 2024, "seed": 31337,'))
    with pytest.raises(TableError, match=re.escape("the key 'seed' is given twice in one object")):
        data_json("polymer", "strategies.json")


@pytest.mark.parametrize(("game", "name"), [("negen", "tune_minutes.json"), ("polymer", "tune_5p.json")])
def test_a_tuning_run_listing_a_candidate_twice_is_refused(game, name, copy):
    path = copy / game / name
    run = json.loads(path.read_text())
    twin = run["candidates"][0] | {"all_met": not run["candidates"][0]["all_met"]}  # the same setting, another verdict
    path.write_text(json.dumps(run | {"candidates": [*run["candidates"], twin]}))
    with pytest.raises(TableError) as info:
        tuning_run(game, name, needs={})
    text = one_line(str(info.value))
    assert f"data/{game}/{name}: candidate {len(run['candidates']) + 1} repeats candidate 1 on its key (" in text


# -- Necklace: certificates, proofs, saved variants -------------------------------------------------------------


def test_the_3x3_certificate_in_place_of_the_4x4_one_is_refused_not_verified(copy, tmp_path, capsys):
    """The page verifies each certificate while it is built, against the board it is named for."""
    shutil.copy(copy / "necklace" / "certificate_3x3.json.gz", copy / "necklace" / "certificate_4x4.json.gz")
    assert cli.main(["report", "necklace", "-o", str(tmp_path / "r"), "--quiet", "--workers", "1"]) == 2
    err = one_line(capsys.readouterr().err)
    assert "certificate_4x4.json.gz certifies the board of size 3; expected the 4x4 board it is named for" in err
    assert "4x4: verified" not in (tmp_path / "r" / "necklace.html").read_text()


def test_a_certificate_is_checked_against_its_board_before_its_walk():
    with pytest.raises(CertificateError, match="certifies the board of size 3; expected the 5x5 board"):
        verify_file(DATA / "necklace" / "certificate_3x3.json.gz", size=5)
    assert verify_file(DATA / "necklace" / "certificate_3x3.json.gz", size=3).verified


def test_proofs_that_contradict_each_other_are_refused(tmp_path, capsys):
    proofs = tmp_path / "proofs.jsonl"
    committed = (DATA / "necklace" / "proofs_5x5.jsonl").read_text()
    first = json.loads(committed.splitlines()[0])  # 2,2 red wins: true
    mirror = first | {"opening": [2, 2], "wins": not first["wins"]}
    proofs.write_text(committed + json.dumps(mirror) + "\n")
    assert cli.main(["necklace", "solve", "--proofs", str(proofs)]) == 2
    err = one_line(capsys.readouterr().err)
    assert f"{proofs}: the proofs contradict each other: opening 2,2 for red: wins true" in err, err


def test_proofs_that_contradict_through_a_mirror_image_are_refused(tmp_path, capsys):
    proofs = tmp_path / "proofs.jsonl"
    committed = (DATA / "necklace" / "proofs_5x5.jsonl").read_text()
    second = json.loads(committed.splitlines()[1])  # 1,2 red wins: true; 3,2 is its mirror image
    proofs.write_text(committed + json.dumps(second | {"opening": [3, 2], "wins": False}) + "\n")
    assert cli.main(["necklace", "solve", "--proofs", str(proofs)]) == 2
    assert "opening 3,2 (the same or a mirror image): wins false" in one_line(capsys.readouterr().err)


def test_a_proofs_line_giving_a_key_twice_is_refused(tmp_path, capsys):
    proofs = tmp_path / "proofs.jsonl"
    proofs.write_text('{"n": 5, "opening": [2, 2], "target": "red", "wins": true, "wins": false}\n')
    assert cli.main(["necklace", "solve", "--proofs", str(proofs)]) == 2
    assert "line 1: the key 'wins' is given twice in one object" in one_line(capsys.readouterr().err)


def test_a_saved_variant_giving_a_key_twice_is_refused(tmp_path):
    path = tmp_path / "v.json"
    SavedVariant("necklace", {"size": 5}).save(path)
    path.write_text(path.read_text().replace('"seed": 2024,', '"seed": 2024,\n  "seed": 7,'))
    with pytest.raises(InvalidInputError, match=re.escape("the key 'seed' is given twice in one object")):
        SavedVariant.load(path)


def test_a_reproof_record_that_says_agree_where_the_methods_differ_is_refused(copy):
    path = copy / "necklace" / "reproof_5x5.csv"
    t = pd.read_csv(path, keep_default_na=False)
    t.assign(certificate=t["certificate"].mask(t.index == 4, "blue")).to_csv(path, index=False)  # 1,1: red by both
    refused("necklace", "reproof_5x5", str(path), "row 5 breaks a rule of the table; expected agree True exactly")


@contextlib.contextmanager
def within(seconds: float):
    """Fail when the block takes longer than ``seconds`` (a read of a named pipe blocks for ever, and
    one of a sparse 20 GB file for minutes): the alarm's exception ends even a blocked open."""

    def late(signum, frame):
        raise TimeoutError(f"not refused within {seconds} s: the file was opened or read")

    before = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


BOUNDED_READERS = {  # a committed table, a sidecar and a Parquet table, each read by its own reader
    "csv": ("fen/pie.csv", lambda: data.data_table("fen", "pie.csv", schema=fen_study.TABLES["pie"])),
    "json": ("fen/pie.json", lambda: data_json("fen", "pie.json")),
    "parquet": ("negen/claim_rounds.parquet", lambda: negen_study.committed_cells()),
}


@pytest.mark.parametrize("kind", list(BOUNDED_READERS))
def test_a_sparse_giant_in_place_of_a_committed_file_is_refused_unread(kind, copy):
    """FEN's pie.csv or pie.json, or Negen's claim rounds, as a sparse file a MiB over the limit: one
    line at once, from its size alone. (A MiB over, not 20 GB: the stat that refuses it is the same, and
    a reader without the guard then reads 65 MiB, where 20 GB would take the machine's memory.)"""
    name, read = BOUNDED_READERS[kind]
    path = copy / name
    path.unlink()
    with open(path, "wb") as fh:
        fh.truncate(data.TABLE_LIMIT + 2**20)
    with within(5), pytest.raises(TableError) as info:
        read()
    text = one_line(str(info.value))
    assert str(path) in text and "holds 65.0 MiB, more than the 64.0 MiB any such record takes" in text, text


@pytest.mark.parametrize("kind", list(BOUNDED_READERS))
def test_a_named_pipe_in_place_of_a_committed_file_is_named_as_one_and_never_opened(kind, copy):
    name, read = BOUNDED_READERS[kind]
    path = copy / name
    path.unlink()
    os.mkfifo(path)
    with within(5), pytest.raises(TableError) as info:
        read()
    text = one_line(str(info.value))
    assert str(path) in text and "is a named pipe, expected a regular file" in text, text
