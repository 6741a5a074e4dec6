"""docs/your-game.md cannot drift from the code: its example game (docs/examples/negenlab-pig, put on the
path and registered at run time, never installed) keeps the protocol, solves, and plays its page; every
`negenlab ...` command of the tutorial's code blocks is one the command line takes (its Rules fields the
game's own); every excerpt of the package's code is the package's own lines; every picture it shows is
committed and small."""

from __future__ import annotations

import dataclasses
import re
import shlex
import sys
from functools import cache
from pathlib import Path

import pytest

from negenlab import cli, desk, games
from negenlab.core.agents import MCTSAgent
from negenlab.core.cliutil import rules_value
from negenlab.core.questions import QUESTION_IDS, read_game_claims
from negenlab.core.registry import AgentSpec
from negenlab.core.solve import solve
from negenlab.core.testing import check_game
from negenlab.report.any_game import _seat_figure

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "docs" / "examples" / "negenlab-pig"
TUTORIAL = ROOT / "docs" / "your-game.md"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
TUNE_METRICS = {"seat_share", "length", "draw_rate"}

sys.path.insert(0, str(PACKAGE))
from negenlab_pig import ENTRY, PigGame  # noqa: E402

sys.path.remove(str(PACKAGE))


@pytest.fixture
def pig():
    """Pig registered at run time, as the tutorial's notebook cell does, and forgotten afterwards (unless a
    developer followed the tutorial into this environment: then its installed entry point)."""
    if "pig" in games.names() and games.origin("pig") != "registered at run time":
        yield games.entry("pig")
        return
    games.register(ENTRY)
    yield ENTRY
    games.unregister("pig")


def blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(TUTORIAL.read_text(encoding="utf-8")) if lang == language]


def commands() -> list[list[str]]:
    """Every `negenlab ...` line of the tutorial's bash blocks, split as a shell would."""
    lines = [line.strip() for body in blocks("bash") for line in body.splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.startswith("negenlab ")]


def test_the_example_keeps_the_protocol_and_solves_as_the_tutorial_says(pig):
    assert check_game(games.load("pig"))["positions"] > 0
    tiny = solve(games.load("pig", target=6, rounds=3))
    assert tiny.complete and tiny.chance and -1 <= tiny.value <= 1
    assert [c.claim.id for c in read_game_claims(ENTRY.claims, "pig")] == ["fair_start", "quick", "clock_rare"]
    assert games.page_strengths("pig") == ("mcts:200", "mcts:800")  # the two strengths the tutorial names


def pig_value(target: int, rounds: int) -> float:
    """Two-player Pig's value for seat 1 under perfect play (a win +1, a loss -1, a draw 0), written from the
    rules in docs/your-game.md alone, not from the package: expectimax over (scores, seat, turn total, turns)."""

    def end(scores: tuple[int, int]) -> float:  # the clock: the higher score wins
        return float((scores[0] > scores[1]) - (scores[0] < scores[1]))

    @cache
    def roll(scores: tuple[int, int], seat: int, total: int, turns: int) -> float:
        if turns >= 2 * rounds:
            return end(scores)
        value = roll(scores, 1 - seat, 0, turns + 1)  # a 1: the turn's total is lost, the next seat rolls
        for face in range(2, 7):
            if scores[seat] + total + face >= target:
                value += 1.0 if seat == 0 else -1.0
            else:
                value += decide(scores, seat, total + face, turns)
        return value / 6

    @cache
    def decide(scores: tuple[int, int], seat: int, total: int, turns: int) -> float:
        banked = (scores[0] + total, scores[1]) if seat == 0 else (scores[0], scores[1] + total)
        hold, again = roll(banked, 1 - seat, 0, turns + 1), roll(scores, seat, total, turns)
        return max(hold, again) if seat == 0 else min(hold, again)

    return roll((0, 0), 0, 0, 0)


def test_the_generic_solver_gives_pigs_value_as_a_brute_force_from_the_rules(pig):
    for target, rounds in [(2, 1), (6, 3), (10, 4)]:
        s = solve(games.load("pig", target=target, rounds=rounds))
        assert s.complete and abs(s.value - pig_value(target, rounds)) < 1e-9, (target, rounds)


def cheap_mcts(spec: AgentSpec) -> MCTSAgent:
    """The page's MCTS at a hundredth of its budget: the page's machinery in seconds, its verdicts not asserted."""
    return MCTSAgent(simulations=max(2, (spec.simulations or 200) // 100))


@pytest.mark.slow(seconds=25)
def test_its_page_plays_with_the_designers_claims_first_and_perfect_play(tmp_path):
    games.register(dataclasses.replace(ENTRY, name="pig_cheap", agents={"mcts": cheap_mcts}))
    try:
        run = games.game_page("pig_cheap", store=tmp_path, max_units=100)
        ids = [f.claim_id for f in run.findings]
        assert ids == ["perfect_play", "fair_start", "quick", "clock_rare", *QUESTION_IDS], ids
        assert run.exact.complete and run.findings[0].verdict == "holds"  # "small enough": the search finishes
        rules = PigGame().rules
        assert (
            abs(run.exact.value - pig_value(rules.target, rules.rounds)) < 1e-9
        )  # the default's value, by brute force
        assert run.strengths == ("mcts:200", "mcts:800") and run.trace is not None and len(run.trace) == 2
        sections = {f.claim_id: f.section for f in run.findings[1:]}
        assert {sections[i] for i in ("fair_start", "quick", "clock_rare")} == {"The designer's claims"}
        assert {sections[i] for i in QUESTION_IDS} == {"negenlab's questions"}
        assert _seat_figure(run, 2).axes[0].get_ylabel() == "share of games won"
    finally:
        games.unregister("pig_cheap")


def test_every_command_of_the_tutorial_is_one_the_command_line_takes(pig):
    parser = cli.build_parser()
    found = commands()
    verbs = {tuple(a for a in argv[:2] if not a.startswith("-")) for argv in found}
    assert {("games",), ("report", "pig"), ("pig", "variant"), ("pig", "solve"), ("tune", "pig")} <= verbs, verbs
    fields = {f.name for f in dataclasses.fields(PigGame().rules)}
    for argv in found:
        args = parser.parse_args(argv)  # an option the CLI lost exits here (SystemExit)
        for text in getattr(args, "set", []):
            name, _, value = text.partition("=")
            assert name in fields, f"{shlex.join(argv)}: pig has no Rules field {name!r}"
            if args.command == "tune":
                continue  # a range or choices: the tuner reads it
            assert getattr(games.load("pig", **{name: rules_value(value)}).rules, name) == rules_value(value)
        for text in getattr(args, "target", []) or []:
            assert text.partition("=")[0] in TUNE_METRICS, f"{shlex.join(argv)}: no metric {text!r}"


def test_the_excerpts_are_the_packages_own_lines():
    excerpts = [body for body in blocks("python") if body.startswith("# ") and "/" in body.splitlines()[0]]
    assert len(excerpts) >= 4
    for body in excerpts:
        head, _, code = body.partition("\n")
        source = (PACKAGE / head.removeprefix("# ").strip()).read_text(encoding="utf-8")
        assert code.strip() and code in source, f"the excerpt of {head} is not the file's text:\n{code}"
    claims = (PACKAGE / "negenlab_pig" / "claims.csv").read_text(encoding="utf-8").splitlines()
    shown = next(body for body in blocks("text") if body.startswith("id,claim,"))
    for line, row in zip(shown.splitlines(), claims, strict=True):  # each row as the file has it, up to a cut
        assert all(part in row for part in line.split("...")), line


def test_the_notebook_cells_run(pig, tmp_path):
    w = desk.board("pig", seed=1)
    assert w.title == "Pig" and "<svg" in w.picture.value
    assert [b.description for b in w.action_buttons] == ["roll", "hold"]
    assert desk.board("pig", agents="mcts:200", target=50).game.rules.target == 50
    assert type(desk.variant_widget("pig", folder=tmp_path)).__name__ == "VariantWidget"


def test_every_picture_is_committed_and_small():
    pictures = re.findall(r"\]\((img/your-game-[\w-]+\.png)\)", TUTORIAL.read_text(encoding="utf-8"))
    assert len(pictures) == 4
    for picture in pictures:
        path = TUTORIAL.parent / picture
        assert path.is_file() and path.stat().st_size < 100_000, picture
