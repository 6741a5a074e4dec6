"""Hostile inputs to a plug-in game's page (issue 53's probe classes on issue 54's new surfaces): its
claims file damaged or hostile, its page's store unwritable or damaged, text that would inject HTML. Each
ends in one line naming what is wrong, or a page that shows the text as text, within seconds."""

from __future__ import annotations

import os

import pytest
from probing import one_error_line, run_cli

from negenlab import games
from negenlab.core.errors import InvalidInputError
from negenlab.core.examples import Nim
from negenlab.core.questions import GAME_REGISTER, read_game_claims
from negenlab.core.registry import GameEntry

HEADER = ",".join(GAME_REGISTER.columns)
ROW = "even,the first player wins about half,negenlab,,,,between 0.4 and 0.6,share,,seat_share"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "is empty"),
        (HEADER + "\n" + ROW, "ends inside a row"),  # cut by a kill: no line end
        (HEADER + "\n" + ROW + "\n" + ROW + "\n", "even"),  # the id twice
        (HEADER.replace(",measure", "") + "\n" + ROW.rsplit(",", 1)[0] + "\n", "the column 'measure' is missing"),
        (HEADER + "\n" + ROW.replace("seat_share", "seat_share:0") + "\n", "seats are numbered from 1"),
        (HEADER + "\n" + ROW.replace("between 0.4 and 0.6", "between 0.6 and 0.4") + "\n", "LO < HI"),
        (HEADER + "\n" + ROW.replace("between 0.4 and 0.6", "between nan and 1") + "\n", "cannot read the rule"),
        (HEADER + "\n" + ROW.replace(",share,", ",furlongs,") + "\n", "furlongs"),
        (HEADER + "\n" + ROW.replace("negenlab,,", "designer,,") + "\n", "quotes the designer's words"),
        ("\x00\xff\xfe garbage", "not a readable CSV|columns"),
    ],
)
def test_a_damaged_claims_file_is_one_line(tmp_path, text, words):
    path = tmp_path / "claims.csv"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(InvalidInputError, match=words) as err:
        read_game_claims(path, "nimp")
    assert "\n" not in str(err.value)


def test_a_claims_file_that_is_a_pipe_or_a_giant_is_refused_unread(tmp_path, registry):
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    with pytest.raises(InvalidInputError, match="is not a file"):
        games.register(GameEntry("nimp", make_game=lambda: Nim((1, 2)), claims=pipe))
    giant = tmp_path / "giant.csv"
    with giant.open("wb") as fh:
        fh.truncate(2**36)  # sparse: 64 GiB that take no disk
    with pytest.raises(InvalidInputError, match="giant.csv"):
        read_game_claims(giant, "nimp")


def test_text_a_designer_types_reaches_the_page_as_text(tmp_path, registry, capsys):
    claims = tmp_path / "claims.csv"
    claims.write_text(
        HEADER + "\n" + ROW.replace("the first player wins about half", "<script>alert(1)</script>") + "\n"
    )
    games.register(
        GameEntry("nimp", make_game=lambda: Nim((1, 2)), title="<img src=x onerror=alert(1)>", claims=claims)
    )
    assert run_cli(["report", "nimp", "-o", str(tmp_path / "out"), "--games", "100", "--quiet"]) == 0
    for page in ("nimp.html", "index.html"):
        text = (tmp_path / "out" / page).read_text()
        assert "<script>alert" not in text and "<img src=x" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (tmp_path / "out" / "nimp.html").read_text()


def test_an_unwritable_page_store_is_named_before_any_game_is_played(tmp_path, registry, monkeypatch, capsys):
    games.register(GameEntry("nimp", make_game=lambda: Nim((1, 2))))
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder goes")
    monkeypatch.setenv("NEGENLAB_CACHE", str(blocker))
    assert run_cli(["report", "nimp", "--json", "--games", "100", "--quiet"]) == 2
    line = one_error_line(capsys.readouterr().err)
    assert "$NEGENLAB_CACHE" in line and "is a file, expected a folder" in line


@pytest.mark.parametrize("record", ["[1, 2", "[]", '{"max_units": 100}', '{"max_units": "x", "batch": 1}'])
def test_a_damaged_page_record_is_one_line(tmp_path, registry, monkeypatch, record):
    games.register(GameEntry("nimp", make_game=lambda: Nim((1, 2))))
    monkeypatch.setenv("NEGENLAB_CACHE", str(tmp_path))
    folder = games.page_store("nimp", games.PAGE_SEED)
    folder.mkdir(parents=True)
    (folder / games.PAGE_RECORD).write_text(record)
    with pytest.raises(ValueError) as err:  # negenlab's own errors are ValueError subclasses
        games.page_verdicts("nimp")
    assert "page" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("games_arg", ["0", "-5", "10000001"])
def test_a_plugins_page_refuses_a_cap_it_cannot_play_at_the_front_door(registry, capsys, games_arg):
    games.register(GameEntry("nimp", make_game=lambda: Nim((1, 2))))
    assert run_cli(["report", "nimp", "--json", "--games", games_arg]) == 2
    assert "--games" in one_error_line(capsys.readouterr().err)
