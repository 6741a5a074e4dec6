"""Plug-in games (issue 54, item 1): the registry behind ``negenlab.games``. A game registered at run
time or through an entry point of the group ``negenlab.games`` loads, makes its agents and gets the
generic CLI verbs; a built-in's name is refused; a broken plug-in is named in one line and the four
built-in games work on."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
import textwrap
import warnings
from dataclasses import dataclass

import numpy as np
import pytest

from negenlab import cli, games
from negenlab.core.claims import Claim, Rule
from negenlab.core.errors import InvalidInputError
from negenlab.core.examples import DiceRace, Nim
from negenlab.core.registry import GameEntry
from negenlab.core.solve import verify
from negenlab.core.variant import VariantClaim

FOUR = ("negen", "fen", "polymer", "necklace")


def dice_entry(name: str = "dice_race") -> GameEntry:
    return GameEntry(name, make_game=DiceRace, title="Dice race", players={"random": "a random player"})


def one_line(text: str) -> bool:
    return "\n" not in text.strip() and "Traceback" not in text


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_four_games_are_listed_in_order(registry):
    assert games.NAMES == FOUR
    assert games.names()[:4] == FOUR and tuple(games.TITLES)[:4] == FOUR
    assert [games.TITLES[g] for g in FOUR] == ["Negen", "FEN", "Polymer", "Necklace"]
    assert all(games.origin(g) == "built-in" and games.entry(g).title == games.TITLES[g] for g in FOUR)


def test_a_game_registered_at_run_time_loads_and_makes_its_agents(registry):
    entry = games.register(dice_entry())
    assert games.entry("dice_race") is entry and games.names() == (*FOUR, "dice_race")
    assert games.TITLES["dice_race"] == "Dice race" and games.origin("dice_race") == "registered at run time"
    assert games.load("dice_race", target=5).rules.target == 5
    assert [a.name for a in games.make_agents("dice_race", "random,mcts:20")] == ["random", "mcts"]
    assert games.glossary("dice_race")["random"] == "a random player"
    assert [c.claim.id for c in games.variant_claims("dice_race")] == [
        c.claim.id for c in games.page_claims("dice_race")
    ]
    assert games.page_verdicts("dice_race") == []  # its page not played yet
    # a cell run twice registers again; a function returning the entry registers too
    again = games.register(lambda: GameEntry("dice_race", make_game=DiceRace))
    assert games.entry("dice_race") is again and games.TITLES["dice_race"] == "dice_race"
    games.register(GameEntry("nim", make_game=Nim))
    assert games.names()[-2:] == ("dice_race", "nim")


@dataclass(frozen=True)
class KindsRules:
    rounds: int = 3
    edge: float = 0.5
    open: bool = True
    board: str = "square"
    heaps: tuple[int, ...] = (1, 2)
    clock: int | None = None


class Kinds(Nim):
    """Nim with a Rules dataclass of every kind of field."""

    def __init__(self, **fields):
        super().__init__()
        self.rules = KindsRules(**fields)


def test_a_field_the_rules_lack_or_a_value_of_another_kind_is_one_line(registry):
    games.register(dice_entry())
    with pytest.raises(
        InvalidInputError, match=r"^Dice race has no Rules field 'sides'; expected one of target, players$"
    ):
        games.load("dice_race", sides=8)
    games.register(GameEntry("kinds", make_game=Kinds, title="Kinds"))
    fine = dict(rounds=np.int64(4), edge=1, open=np.bool_(False), board="hex", heaps=[3], clock=30)
    assert games.load("kinds", **fine).rules.rounds == 4 and games.load("kinds", clock=None).rules.clock is None
    for field, value, words in [
        ("rounds", "many", "takes a whole number (default 3), got 'many'"),
        ("rounds", 2.5, "takes a whole number (default 3), got 2.5"),
        ("rounds", True, "takes a whole number (default 3), got True"),
        ("edge", "wide", "takes a number (default 0.5), got 'wide'"),
        ("open", 1, "takes true or false (default True), got 1"),
        ("board", 5, "takes text (default 'square'), got 5"),
        ("heaps", 3, "takes a sequence (default (1, 2)), got 3"),
    ]:
        with pytest.raises(InvalidInputError, match=r"^Kinds's Rules field") as caught:
            games.load("kinds", **{field: value})
        assert str(caught.value) == f"Kinds's Rules field {field!r} {words}"


def test_variant_screens_a_plugin_that_has_claims(registry, monkeypatch):
    """The variant machinery serves a plug-in once it has claims (the game's fields checked first)."""
    games.register(dice_entry())
    games.register(GameEntry("kinds", make_game=Kinds, title="Kinds"))
    length = Claim("length", "a race lasts 1 to 20 actions", "negenlab", rule=Rule.parse("between 1 and 20"))
    monkeypatch.setattr(games, "variant_claims", lambda name: (VariantClaim(length, "length"),))
    result = games.try_variant("dice_race", {"target": 5}, "random", max_units=4, batch=4, progress=False)
    assert [f.claim_id for f in result.findings] == ["length"] and result.fields == {"target": 5}
    with pytest.raises(InvalidInputError, match="^Kinds's Rules field 'rounds' takes a whole number"):
        games.try_variant("kinds", {"rounds": "many"}, "random", max_units=4, batch=4, progress=False)


@pytest.mark.parametrize(
    "entry, words",
    [
        (GameEntry("fen", make_game=Nim), "'fen' is a built-in game's name"),
        (GameEntry("report", make_game=Nim), "'report' is a word of the negenlab command"),
        (GameEntry("My Game", make_game=Nim), "is not a lowercase word"),
        (GameEntry("nim\n", make_game=Nim), "is not a lowercase word"),
        (GameEntry("nim", make_game=None), "make_game is not callable"),  # type: ignore[arg-type]
        (Nim, "gives a Nim, not a negenlab.core.registry.GameEntry"),
    ],
)
def test_a_name_or_entry_that_cannot_be_a_game_is_refused_in_one_line(registry, entry, words):
    with pytest.raises(InvalidInputError) as caught:
        games.register(entry)
    assert words in str(caught.value) and one_line(str(caught.value))
    assert games.names() == FOUR and games.entry("fen").title == "FEN"


def test_unknown_and_unregistered_names(registry):
    with pytest.raises(
        InvalidInputError, match="unknown game 'dice_race'; expected one of negen, fen, polymer, necklace$"
    ):
        games.load("dice_race")
    with pytest.raises(InvalidInputError, match="not a game registered at run time"):
        games.unregister("negen")


def test_the_cli_verbs_of_a_game_registered_at_run_time(registry, capsys):
    games.register(dice_entry())
    code, out, err = run(
        capsys, "dice_race", "simulate", "--set", "target=5", "--games", "6", "--workers", "1", "--json"
    )
    answer = json.loads(out)
    assert code == 0 and answer["rules"]["rules"] == {"target": 5, "players": 2} and answer["games"] == 6
    assert sum(r["wins"] for r in answer["win_rates"]) == 6 and answer["summary"][0]["metric"] == "win_rate_seat_0"
    code, out, err = run(capsys, "dice_race", "simulate", "--games", "4", "--workers", "1", "--agents", "mcts:5,random")
    assert code == 0 and out.startswith("Dice race under the default Rules, agents mcts:5,random, 4 games")
    for argv, words in [
        (("dice_race", "simulate", "--set", "sides=8"), "Dice race has no Rules field 'sides'"),
        (("dice_race", "simulate", "--set", "target=far"), "Dice race's Rules field 'target' takes a whole number"),
        (("dice_race", "variant", "--set", "target=far", "--json"), "Dice race's Rules field 'target' takes"),
        (("study", "dice_race"), "Dice race (a plug-in game) has no studies yet"),
    ]:
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "") and err.startswith(f"negenlab: error: {words}") and one_line(err), (argv, err)
    parser = cli.build_parser()
    help_text = parser.format_help()
    assert "dice_race" in help_text and "Dice race (a plug-in game)" in help_text


def test_a_plugin_is_solved_exactly_and_its_win_certified(registry, capsys, tmp_path):
    games.register(GameEntry("nim", make_game=Nim))
    code, out, err = run(capsys, "nim", "solve", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["complete"] and answer["outcome"] == "second player wins"  # 1 ^ 2 ^ 3 == 0
    cert = tmp_path / "nim.json"
    code, out, err = run(capsys, "nim", "solve", "--certificate", str(cert))
    assert code == 0 and "second player wins" in out
    assert verify(games.load("nim"), json.loads(cert.read_text())).winner == 1
    code, out, err = run(capsys, "nim", "solve", "--max-nodes", "2", "--json")
    assert code == 0 and json.loads(out)["complete"] is False and json.loads(out)["value"] is None
    code, out, err = run(capsys, "nim", "solve", "--max-nodes", "2", "--certificate", str(tmp_path / "no.json"))
    assert code == 2 and "a certificate proves a win" in err and one_line(err)
    assert not (tmp_path / "no.json").exists()


def test_tune_reads_the_registry(registry, capsys, tmp_path):
    games.register(dice_entry())
    code, out, err = run(
        capsys, "tune", "dice_race", "--set", "target=3..6", "--target", "length=2..6", "--budget", "2",
        "--games-per-trial", "10", "--confirm", "1", "--max-units", "10", "--workers", "1", "--json",
    )  # fmt: skip
    assert code == 0, err
    assert json.loads(out)["command"].startswith("negenlab tune dice_race --set target=3..6")


PLUGIN = """
from negenlab.core.examples import DiceRace, Nim
from negenlab.core.registry import GameEntry
from negenlab.core.variant import VariantClaim

ENTRY = GameEntry("dice", make_game=DiceRace, title="Dice")


def nim():
    return GameEntry("nim", make_game=Nim, title="Nim")


def boom():
    raise RuntimeError("the plug-in's own bug")
"""


def fake_points(monkeypatch, tmp_path, *points: tuple[str, str]) -> None:
    """Installed plug-ins as ``(name, value)`` entry points of the group, the module ``plug_games``
    on the path."""
    (tmp_path / "plug_games.py").write_text(textwrap.dedent(PLUGIN))
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = [importlib.metadata.EntryPoint(n, v, games.GROUP) for n, v in points]

    def entry_points(**select):
        return [p for p in eps if select.get("group") == games.GROUP]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    games.refresh()


def test_installed_plugins_register_through_their_entry_points(registry, monkeypatch, tmp_path, capsys):
    fake_points(monkeypatch, tmp_path, ("nim", "plug_games:nim"), ("dice", "plug_games:ENTRY"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing to warn about
        assert games.names() == (*FOUR, "dice", "nim") and games.broken() == {}
    assert games.TITLES["dice"] == "Dice" and games.load("nim", heaps=(1, 1)).rules.heaps == (1, 1)
    assert games.origin("dice").startswith("plug-in game 'dice' (plug_games:ENTRY")
    with pytest.raises(InvalidInputError, match="register: 'dice' is the name of the plug-in game 'dice'"):
        games.register(GameEntry("dice", make_game=DiceRace))
    code, out, err = run(capsys, "nim", "simulate", "--games", "3", "--workers", "1")
    assert code == 0 and out.startswith("Nim under the default Rules, agents random, 3 games")


def test_a_broken_plugin_is_named_in_one_line_and_the_others_work(registry, monkeypatch, tmp_path, capsys):
    fake_points(
        monkeypatch,
        tmp_path,
        ("ghost", "no_such_plugin_module:ENTRY"),
        ("boom", "plug_games:boom"),
        ("dice_race", "negenlab.core.examples:DiceRace"),  # a Game, not its entry
        ("negen", "plug_games:ENTRY"),  # a built-in's name
        ("other", "plug_games:nim"),  # the entry of another name
        ("twice", "plug_games:nim"),  # two packages, one name
        ("twice", "plug_games:boom"),
        ("dice", "plug_games:ENTRY"),
    )
    with pytest.warns(games.PluginWarning) as caught:
        found = games.broken()
    assert sorted(found) == ["boom", "dice_race", "ghost", "negen", "other", "twice"]
    assert "gives the GameEntry of 'nim', not of 'other'" in found["other"]
    assert found["twice"].startswith(
        "two packages declare the game 'twice' (plug_games:nim from an installed package and plug_games:boom"
    )
    assert "failed to load: ModuleNotFoundError: No module named 'no_such_plugin_module'" in found["ghost"]
    assert "failed to load: RuntimeError: the plug-in's own bug" in found["boom"]
    assert "gives a DiceRace, not a negenlab.core.registry.GameEntry" in found["dice_race"]
    assert "'negen' is a built-in game's name" in found["negen"]
    assert all(one_line(line) for line in found.values()) and all(one_line(str(w.message)) for w in caught)
    assert {str(w.message).split("'")[1] for w in caught} == set(found)  # each named in its warning
    # the others work on: the four, and the healthy plug-in
    assert games.names() == (*FOUR, "dice") and games.entry("negen").title == "Negen"
    assert games.load("necklace", size=4).rules.size == 4 and games.TITLES["dice"] == "Dice"
    with pytest.raises(InvalidInputError, match=r"^plug-in game 'ghost' \(no_such_plugin_module:ENTRY.*ModuleNotFound"):
        games.load("ghost")
    with pytest.raises(InvalidInputError, match="^register: 'negen' is a built-in game's name"):
        games.register(GameEntry("negen", make_game=Nim))


def test_the_cli_names_a_broken_plugin_and_runs_the_others(registry, monkeypatch, tmp_path, capsys):
    fake_points(monkeypatch, tmp_path, ("ghost", "no_such_plugin_module:ENTRY"), ("dice", "plug_games:ENTRY"))
    code, out, err = run(capsys, "dice", "simulate", "--games", "2", "--workers", "1", "--json")
    assert code == 0 and json.loads(out)["game"] == "dice"
    assert err.startswith("negenlab: plug-in game 'ghost' (no_such_plugin_module:ENTRY") and one_line(err)
    games.refresh()  # load it again: its own verb says why, once, as the error
    code, out, err = run(capsys, "ghost", "simulate", "--games", "2")
    assert code == 2 and out == "" and one_line(err)
    assert (
        err.startswith("negenlab: error: plug-in game 'ghost' (no_such_plugin_module:ENTRY") and "ModuleNotFound" in err
    )
    games.refresh()
    code, out, err = run(capsys, "games", "--json")
    listed = {r["game"]: r for r in json.loads(out)}
    assert code == 0 and list(listed) == [*FOUR, "dice", "ghost"] and listed["dice"]["title"] == "Dice"
    assert listed["negen"]["from"] == "built-in" and "failed to load: ModuleNotFoundError" in listed["ghost"]["status"]


def test_a_claims_file_that_is_not_there_is_refused(registry, tmp_path):
    with pytest.raises(InvalidInputError, match=r"^register: its claims file '.*none.csv' is not a file"):
        games.register(GameEntry("nim", make_game=Nim, claims=tmp_path / "none.csv"))
    (tmp_path / "claims.csv").write_text("claim,source,quote\n")
    assert games.register(GameEntry("nim", make_game=Nim, claims=str(tmp_path / "claims.csv"))).claims


def test_a_package_installed_with_its_entry_point_is_a_game(registry, monkeypatch, tmp_path, capsys):
    """The real metadata path: a distribution on sys.path declaring the entry point (as pip installs it)."""
    (tmp_path / "plug_games.py").write_text(textwrap.dedent(PLUGIN))
    info = tmp_path / "plug_games-1.2.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plug-games\nVersion: 1.2\n")
    (info / "entry_points.txt").write_text("[negenlab.games]\ndice = plug_games:ENTRY\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    games.refresh()
    assert games.names() == (*FOUR, "dice") and games.origin("dice") == (
        "plug-in game 'dice' (plug_games:ENTRY, from plug-games 1.2)"
    )
    code, out, err = run(capsys, "dice", "simulate", "--games", "2", "--workers", "1", "--set", "target=4", "--json")
    assert code == 0 and json.loads(out)["rules"]["rules"]["target"] == 4


def test_the_makefile_list_is_the_four(registry):
    out = subprocess.run([sys.executable, "-m", "negenlab.games"], capture_output=True, text=True, check=True)
    assert out.stdout.split() == list(FOUR)


class CountingPoint:
    """An entry point that counts its loads."""

    def __init__(self, name: str):
        self.name, self.value, self.loads = name, "counting:ENTRY", 0

    def load(self):
        self.loads += 1
        return dice_entry(self.name)


def test_plugins_are_looked_for_when_asked_and_loaded_when_used(registry, monkeypatch):
    point, calls = CountingPoint("lazy"), []

    def entry_points(**select):
        calls.append(select)
        return [point]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    games.refresh()
    assert calls == [] and point.loads == 0  # nothing looked for yet
    assert games.names() == (*FOUR, "lazy") and calls == [{"group": "negenlab.games"}] and point.loads == 0
    assert games.load("lazy", target=3).rules.target == 3 and games.TITLES["lazy"] == "Dice race"
    assert games.entry("lazy").name == "lazy" and point.loads == 1 and len(calls) == 1


def test_a_built_in_that_fails_to_load_keeps_its_traceback(registry, monkeypatch):
    """negenlab's own bug is not a plug-in's one line."""
    games.names()

    def bug():
        raise RuntimeError("a bug in negenlab")

    monkeypatch.setattr(games._sources["negen"], "load", bug)
    with pytest.raises(RuntimeError, match="a bug in negenlab"):
        games.entry("negen")
