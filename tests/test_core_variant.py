"""Try a variant: paired runs against the default decide each claim's shift and verdict."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from negenlab import games
from negenlab.cli import main
from negenlab.core.agents import RandomAgent
from negenlab.core.errors import InvalidInputError
from negenlab.core.examples import DiceRace
from negenlab.core.simulate import simulate
from negenlab.core.variant import VariantClaim, try_variant

AGENTS = [RandomAgent(), RandomAgent()]
LENGTH = VariantClaim("a race lasts 8-12 moves", "length", target=(8, 12), unit="moves")
FAIR = VariantClaim("the first seat wins a fair share", "seat_share", fair=0.1)


def run(fields, claims=(LENGTH,), **kw):
    return try_variant(lambda f: DiceRace(**f), fields, AGENTS, list(claims), progress=False, **kw)


def test_a_longer_race_is_higher_and_fails_a_shorter_one_is_lower():
    longer, shorter = run({"target": 30}), run({"target": 3})
    assert longer.table.loc[0, "change"] == "higher" and longer.findings[0].verdict == "fails"
    assert shorter.table.loc[0, "change"] == "lower"
    assert longer.units >= 100 and not longer.capped and not longer.stopped


def test_the_default_against_itself_is_no_change_with_the_same_verdict():
    r = run({}, claims=(LENGTH, FAIR))
    assert list(r.table["change"]) == ["no change", "no change"]
    assert (r.table["shift"] == 0).all() and (r.table["shift_lo"] == 0).all()  # identical games: no spread
    assert list(r.table["default_verdict"]) == list(r.table["variant_verdict"])


def test_the_variant_side_is_what_simulate_gives_for_the_same_seeds():
    r = run({"target": 30})
    n = r.units
    rotations = [simulate(DiceRace(target=30), AGENTS, n, 2024, backend="serial", progress=False) for _ in range(2)]
    lengths = np.concatenate([df["length"].to_numpy(float) for df in rotations])
    assert r.table.loc[0, "variant"] == pytest.approx(lengths.mean()) and r.table.loc[0, "variant_n"] == 2 * n


def test_same_table_serially_and_on_two_workers():
    a = run({"target": 20}, claims=(LENGTH, FAIR), backend="serial")
    b = run({"target": 20}, claims=(LENGTH, FAIR), workers=2, backend="process")
    pd.testing.assert_frame_equal(a.table, b.table)


def test_a_stop_request_ends_the_run_after_its_batch():
    seen = []
    r = run({"target": 30}, on_batch=lambda units, cap: seen.append((units, cap)) or True)
    assert r.stopped and r.units == 50 and seen == [(50, 400)]
    assert r.table.loc[0, "change"] == "undecided"  # no SPRT decides before 100 units


def test_other_seats_are_compared_unpaired():
    r = try_variant(
        lambda f: DiceRace(**f), {"players": 3}, lambda g: [RandomAgent()] * g.num_players, [LENGTH], progress=False
    )
    assert not r.paired and r.table.loc[0, "change"] == "not paired"


@pytest.mark.parametrize(
    ("kw", "match"),
    [
        ({"target": (8, 12), "fair": 0.1}, "not both"),
        ({}, "not both"),
        ({"target": (12, 8)}, "low < high"),
    ],
)
def test_a_claim_is_checked(kw, match):
    with pytest.raises(InvalidInputError, match=match):
        VariantClaim("c", "length", **kw)


def test_no_claim_is_an_error():
    with pytest.raises(InvalidInputError, match="no claim"):
        run({"target": 30}, claims=())


def test_every_variant_claim_is_a_registered_designer_claim():
    from negenlab.core.findings import registered_claims

    for name in games.NAMES:
        claims = games.variant_claims(name)
        assert claims, name
        assert {c.claim for c in claims} <= set(registered_claims(name)), name


@pytest.mark.parametrize("game", games.NAMES)
def test_the_variant_verb_has_help(game, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([game, "variant", "--help"])
    assert exit_.value.code == 0 and "--set FIELD=VALUE" in capsys.readouterr().out


def test_the_variant_verb_answers_in_json(capsys):
    code = main(["necklace", "variant", "--set", "size=5", "--agents", "random", "--max-units", "100", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["variant"] == {"size": 5} and out["units"] == 100
    assert [v["claim"] for v in out["verdicts"]] == ['"drawless"'] and out["verdicts"][0]["verdict"] in ("holds", "undecided")
    assert out["metrics"][0]["change"] in ("no change", "undecided") and "negenlab necklace variant" in out["command"]
    code = main(["fen", "variant", "--set", "pie_rule=false", "--agents", "random", "--max-units", "100", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["verdicts"][0]["claim"] == "the pie rule gives the first player a fair share"


def test_a_bad_set_is_one_clear_error(capsys):
    assert main(["necklace", "variant", "--set", "size=5..7"]) == 2
    assert "FIELD=VALUE" in capsys.readouterr().err
    assert main(["necklace", "variant", "--set", "colour=red"]) == 2


def _race_widget():
    from dataclasses import dataclass

    from negenlab.core.widgets import VariantWidget

    @dataclass
    class RaceRules:
        target: int = 10

    def race(fields, agents, **kw):
        return try_variant(lambda f: DiceRace(**f), fields, AGENTS, [LENGTH], progress=False, **kw)

    return VariantWidget("Dice race", RaceRules(), race)


def test_the_widget_runs_a_variant_and_shows_its_verdicts():
    w = _race_widget()
    w.pickers["target"].value = "30"
    r = w.run(wait=True)
    assert r.fields == {"target": 30} and "fails" in w.verdicts.value and "a race lasts 8-12 moves" in w.verdicts.value
    assert w.progress.value == r.units and not w.run_button.disabled and w.stop_button.disabled
    w.verdicts.value = "stale"
    w.pickers["target"].value = "abc"  # the toy race does not check its Rules: a bug, shown inside the widget
    assert w.run(wait=True) is None and w.verdicts.value == "" and "TypeError" in w.error.widget.value


def test_a_bad_rules_value_is_an_error_line_inside_the_widget():
    from negenlab.necklace.widgets import variant_widget

    w = variant_widget()
    w.pickers["size"].value = "abc"
    assert w.run(wait=True) is None and "size" in w.error.widget.value and "no result" in w.status.value


def test_the_widgets_stop_ends_the_run_after_its_batch():
    w = _race_widget()
    w.pickers["target"].value = "30"
    w.stop()  # a click before the first batch ends: the run stops after it
    w._stop = True
    original = w._on_batch
    w._on_batch = lambda units, cap: original(units, cap) or True
    r = w.run(wait=True)
    assert r.stopped and r.units == 50 and "stopped" in w.status.value


@pytest.mark.parametrize("game", games.NAMES)
def test_every_game_has_a_variant_widget(game):
    import importlib

    w = importlib.import_module(f"negenlab.{game}.widgets").variant_widget()
    assert w.pickers and w.agents.value == games.entry(game).default_agent and w.fields() == {}
