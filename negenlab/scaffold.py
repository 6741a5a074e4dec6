"""``negenlab new NAME``: a plug-in game package to start from.

It writes a package that installs with pip and becomes a game of negenlab through its entry point
(group ``negenlab.games``): a pyproject, a frozen Rules dataclass, a Game and a State (a take-away
game: a pile, each turn take 1 to ``max_take``, who takes the last wins), an empty claims register
with the four games' columns and ``measure``, and tests that run the conformance check
(:func:`negenlab.core.testing.check_game`) and the exact solver. Replace the game; keep the shape.

>>> import tempfile
>>> folder = new_game("pebbles", tempfile.mkdtemp())
>>> sorted(p.name for p in folder.iterdir())
['README.md', 'negenlab_pebbles', 'pyproject.toml', 'tests']
"""

from __future__ import annotations

import re
from pathlib import Path

from negenlab.core.errors import InvalidInputError
from negenlab.core.files import check_outputs, write_atomic
from negenlab.core.questions import GAME_REGISTER
from negenlab.games import RESERVED, is_builtin

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

PYPROJECT = """[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "negenlab-{name}"
version = "0.1.0"
description = "{title}: a game for negenlab"
requires-python = ">=3.11"
dependencies = ["negenlab"]

[project.entry-points."negenlab.games"]
{name} = "negenlab_{name}:ENTRY"

[tool.setuptools]
packages = ["negenlab_{name}"]

[tool.setuptools.package-data]
negenlab_{name} = ["claims.csv"]
"""

PACKAGE = '''"""{title}: a take-away game, as negenlab's scaffold wrote it. Replace the rules with your own.

A pile of ``pile`` stones; a turn takes 1 to ``max_take`` of them; who takes the last one wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from negenlab.core.errors import IllegalMoveError, InvalidInputError
from negenlab.core.game import TERMINAL, Game, State
from negenlab.core.registry import GameEntry


@dataclass(frozen=True)
class Rules:
    """One field per reading of the rules, each with its default."""

    pile: int = 15
    max_take: int = 3


class {cls}State(State):
    def __init__(self, rules: Rules, pile: int, player: int = 0):
        self.rules, self.pile, self.player = rules, pile, player

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    @property
    def num_players(self) -> int:
        return 2

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else list(range(1, min(self.rules.max_take, self.pile) + 1))

    def apply(self, action) -> None:
        if action not in self.legal_actions():
            raise IllegalMoveError(f"cannot take {{action!r:.40}} from a pile of {{self.pile}}")
        self.pile -= action
        self.player = 1 - self.player

    def is_terminal(self) -> bool:
        return self.pile == 0

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = 1 - self.player  # the player who took the last stone
        return [1.0 if p == winner else -1.0 for p in range(2)]

    def clone(self) -> "{cls}State":
        return {cls}State(self.rules, self.pile, self.player)

    def action_to_string(self, action) -> str:
        return f"take {{action}}"

    def key(self):
        return (self.pile, self.player)

    def _repr_html_(self) -> str:
        return f"<p>{{'&#9679; ' * self.pile}}({{self.pile}} left, seat {{self.player + 1}} to take)</p>"


class {cls}Game(Game):
    name = "{name}"

    def __init__(self, **fields):
        try:
            self.rules = Rules(**fields)
        except TypeError as exc:
            raise InvalidInputError(f"{name}: {{exc}}") from None
        if self.rules.pile < 1 or self.rules.max_take < 1:
            raise InvalidInputError(f"{name}: pile and max_take are whole numbers >= 1, got {{self.rules}}")

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> {cls}State:
        return {cls}State(self.rules, self.rules.pile)


ENTRY = GameEntry(
    "{name}",
    make_game={cls}Game,
    title="{title}",
    default_agent="random",
    claims=Path(__file__).with_name("claims.csv"),
)
'''

TESTS = '''"""{title} keeps negenlab's game protocol, and its exact solve is the take-away game's known answer."""

from negenlab import games
from negenlab.core.solve import solve
from negenlab.core.testing import check_game

from negenlab_{name} import ENTRY


def test_the_game_keeps_the_protocol():
    games.register(ENTRY)
    assert check_game(games.load("{name}"))["positions"] > 0


def test_the_first_player_wins_unless_the_pile_is_a_multiple_of_max_take_plus_one():
    for pile in range(1, 13):
        s = solve(ENTRY.make_game(pile=pile, max_take=3))
        assert s.outcome == ("second player wins" if pile % 4 == 0 else "first player wins"), pile
'''

README = """# {title}

A game for negenlab, started by `negenlab new {name}`. Install it beside negenlab
(`pip install -e .`), then `negenlab games` lists it, `negenlab report {name}` writes its page of
negenlab's questions (and your claims), and `negenlab {name} simulate`, `negenlab {name} variant`,
`negenlab {name} solve` and `negenlab tune {name} ...` work on it. Its tests (`pytest tests`)
run negenlab's conformance check. Replace the take-away rules in `negenlab_{name}/__init__.py`
with your game's; add your claims to `negenlab_{name}/claims.csv`, one a row, each with the measure
it is read by (`seat_share`, `seats`, `draw_rate`, `length`, `minutes@S`, `mean:COLUMN`, `rate:COLUMN`;
see negenlab's docs/your-game.md).
"""


def new_game(name: str, where: str | Path = ".") -> Path:
    """Write the plug-in package of game ``name`` in ``where``/negenlab-``name``; return its folder.
    Refuses a name negenlab cannot take and a folder that exists."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise InvalidInputError(f"new: {name!r:.40} is not a game name; expected a lowercase word such as pebbles")
    if name in RESERVED or is_builtin(name):
        raise InvalidInputError(f"new: {name!r} is a built-in game's name or a word of the negenlab command")
    folder = Path(where) / f"negenlab-{name}"
    if folder.exists():
        raise InvalidInputError(f"new: {folder} exists; give another folder (--dir) or remove it")
    check_outputs(folders=[("--dir", Path(where))])
    title = name.replace("_", " ").capitalize()
    cls = "".join(part.capitalize() for part in name.split("_"))
    files = {
        "pyproject.toml": PYPROJECT.format(name=name, title=title),
        f"negenlab_{name}/__init__.py": PACKAGE.format(name=name, title=title, cls=cls),
        f"negenlab_{name}/claims.csv": ",".join(GAME_REGISTER.columns) + "\n",
        f"tests/test_{name}.py": TESTS.format(name=name, title=title),
        "README.md": README.format(name=name, title=title),
    }
    for relative, text in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
    return folder


__all__ = ["new_game"]
