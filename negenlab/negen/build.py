"""A Negen turn built by hand, one die and one join at a time, as a player builds it at the table.

:class:`TurnBuilder` holds a *draft*: the table laid out on a grid (where spirals lie carries no
meaning, but a person needs them to stay put), the dice added so far and the board dice left. A
player may

- ``add(value, cell)``: put a board die on an empty cell beside a table die (rules page, "A turn",
  action 1); a die beside two spirals joins them;
- ``join(option)``: move one whole spiral, turned any quarter turn, against another (action 2);
  :meth:`TurnBuilder.join_options` lists every distinct way, one per resulting spiral;
- ``undo()``.

Once every board die is added the turn stops (depletion), so joins come before the last add.
Single-die moves of ``rearrange="free"`` are not hand actions here: the builder reaches exactly the
end tables of ``rearrange="join"`` (a test checks that against :func:`~negenlab.negen.turns.legal_turns`
both ways), and the full set stays on offer as the turns to pick from.

:meth:`TurnBuilder.progress` says at once whether the draft can still end legal and, if not, why:
the draft's spirals only grow and merge, never break, so it can end legal exactly when some legal
end table holds every draft spiral rigidly (any quarter turn), each of its spirals holding at
least one, and its other dice are board dice still in hand. A test checks this against a brute
force over every sequence of hand actions. :meth:`TurnBuilder.end_turn` checks the draft against
the legal set and returns the game action (``("play", key)`` or ``("refuse", key)``).

>>> b = TurnBuilder("6 5 4", board=(3, 2))
>>> b.progress().can_end_legal, b.progress().legal_now    # refusing is legal; 4-3-2 too
(True, True)
>>> b.add(2, (0, 3)).progress().text
'cannot end legal: the spiral 6 5 4 2 is in no legal end of this turn: 4 and 2 differ by 2; a sequence steps by 1'
>>> kind, key = b.undo().add(3, (0, 3)).add(2, (0, 4)).end_turn()
>>> kind, layout(key).to_text()
('play', '2 3 4 5 6')
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from negenlab.core.errors import IllegalMoveError, InvalidInputError

from .rules import DEFAULT_RULES, Rules
from .spirals import check_table
from .table import DIRECTIONS, Table, as_table, cell_name, components, layout, quarter_turn_images, spiral_key
from .turns import TableKey, legal_turns

Cell = tuple[int, int]
Dice = dict[Cell, int]

__all__ = ["TurnBuilder", "Join", "Progress", "settle", "spread", "end_tables_containing"]


def _turn(cell: Cell, quarter_turns: int) -> Cell:
    """A cell turned ``quarter_turns`` times about the origin (the turn of :func:`_rotate`)."""
    r, c = cell
    for _ in range(quarter_turns % 4):
        r, c = c, -r
    return r, c


def _rotate(cells: Dice, quarter_turns: int) -> Dice:
    """``cells`` turned ``quarter_turns`` times (the turn of :func:`~negenlab.negen.table.quarter_turn_images`)."""
    out = dict(cells)
    for _ in range(quarter_turns % 4):
        out = {(c, -r): v for (r, c), v in out.items()}
    return out


def _touching(cells: Iterable[Cell]) -> set[Cell]:
    """The cells orthogonally beside ``cells`` (and the cells themselves)."""
    out = set()
    for r, c in cells:
        out.add((r, c))
        out.update((r + dr, c + dc) for dr, dc in DIRECTIONS)
    return out


def _values(dice: Iterable[int]) -> str:
    return " ".join(map(str, dice))


@dataclass(frozen=True)
class Join:
    """One way to move spiral ``moving`` (its cells) against spiral ``onto``: ``moves`` sends each
    moving cell to its new cell (the spiral turned ``quarter_turns``); ``key`` is the joined spiral."""

    moving: tuple[Cell, ...]
    onto: tuple[Cell, ...]
    quarter_turns: int
    moves: tuple[tuple[Cell, Cell], ...]
    key: tuple


@dataclass(frozen=True)
class Progress:
    """Where a draft stands: ``legal_now`` (End turn would be accepted), ``can_end_legal`` (some
    continuation is legal) and ``text``, one line saying so and, when it cannot, why."""

    legal_now: bool
    can_end_legal: bool
    text: str


def _images(spiral: Dice) -> list[tuple[tuple[int, int, int], ...]]:
    """The distinct quarter-turn images of a spiral, each normalised (row and column from 0)."""
    pts = [(r, c, v) for (r, c), v in spiral.items()]
    return list(dict.fromkeys(quarter_turn_images(pts)))


def _placements(image, into: dict[Cell, int], taken: set[Cell]) -> Iterator[tuple[Cell, ...]]:
    """Every translation of ``image`` (normalised dice) onto equal values of ``into`` avoiding ``taken``."""
    r0, c0, v0 = image[0]
    for (r, c), v in into.items():
        if v != v0 or (r, c) in taken:
            continue
        dr, dc = r - r0, c - c0
        cells = []
        for ri, ci, vi in image:
            cell = (ri + dr, ci + dc)
            if into.get(cell) != vi or cell in taken:
                break
            cells.append(cell)
        else:
            yield tuple(cells)


def _holds(pieces: list[Dice], end: Table, hand: Counter) -> bool:
    """Whether ``end`` holds every piece rigidly (any quarter turn, disjoint), each of its spirals at
    least one piece, and its other dice are values in ``hand`` (a Counter)."""
    cells = dict(end.items())
    spiral_of = {cell: i for i, comp in enumerate(components(cells)) for cell in comp}
    n_spirals = 1 + max(spiral_of.values(), default=-1)
    if len(cells) - sum(map(len, pieces)) > sum(hand.values()):
        return False
    order = sorted(range(len(pieces)), key=lambda i: -len(pieces[i]))
    images = [_images(pieces[i]) for i in order]
    taken: set[Cell] = set()
    hit: Counter = Counter()

    def place(k: int) -> bool:
        if n_spirals - len(hit) > len(order) - k:  # too few pieces left to reach every spiral
            return False
        if k == len(order):
            rest = Counter(v for cell, v in cells.items() if cell not in taken)
            return not (rest - hand)
        for image in images[k]:
            for spot in _placements(image, cells, taken):
                s = spiral_of[spot[0]]
                taken.update(spot)
                hit[s] += 1
                if place(k + 1):
                    return True
                taken.difference_update(spot)
                hit[s] -= 1
                if not hit[s]:
                    del hit[s]
        return False

    return place(0)


def end_tables_containing(pieces: list[Dice], hand: Iterable[int], ends: Iterable[TableKey]) -> list[TableKey]:
    """The end tables among ``ends`` that hold every piece (a spiral as cell -> value) rigidly, each
    of their spirals at least one piece, with their other dice taken from ``hand``.

    >>> ends = [(((0, 0, 2), (0, 1, 3), (0, 2, 4), (0, 3, 5), (0, 4, 6)),)]
    >>> len(end_tables_containing([{(0, 0): 6, (0, 1): 5, (0, 2): 4}], (3, 2), ends))
    1
    >>> end_tables_containing([{(0, 0): 6, (0, 1): 5, (0, 2): 4}], (3,), ends)
    []
    """
    hand = Counter(hand)
    size = sum(map(len, pieces))
    values = Counter(v for p in pieces for v in p.values())
    out = []
    for key in ends:
        if len(key) > len(pieces) or not size <= sum(map(len, key)) <= size + sum(hand.values()):
            continue
        if values - Counter(v for s in key for _, _, v in s):
            continue
        if _holds(pieces, layout(key), hand):
            out.append(key)
    return out


class TurnBuilder:
    """A turn of the player holding ``board``, built by hand on ``table`` (text, a mapping or a Table
    keep their layout; a table key is laid out by :func:`spread`). ``cells`` is the draft, ``added`` the dice added
    this turn, ``hand`` the board dice left. Errors are :class:`~negenlab.core.errors.IllegalMoveError`.

    >>> b = TurnBuilder("6 5 4 . 3", board=(2,))
    >>> joins = b.join_options((0, 4), (0, 0))      # the 3 moved against 6 5 4: 8 distinct spirals
    >>> len(joins), spiral_key([(0, 0, 6), (0, 1, 5), (0, 2, 4), (0, 3, 3)]) in [j.key for j in joins]
    (8, True)
    """

    def __init__(
        self, table, board: Iterable[int], rules: Rules = DEFAULT_RULES, legal: Iterable[TableKey] | None = None
    ):
        start = as_table(table)
        self.rules = rules
        self.board = tuple(sorted(board))
        if any(v not in range(1, 7) for v in self.board) or len(self.board) > 4:
            raise InvalidInputError(f"a board holds at most 4 dice showing 1..6, got {self.board}")
        self.start_key = start.key()
        self.cells: Dice = spread(self.start_key) if isinstance(table, tuple) else dict(start.items())
        self.added: Dice = {}
        self.hand: list[int] = list(self.board)
        self._history: list[tuple[Dice, Dice, list[int]]] = []
        self._legal = None if legal is None else frozenset(legal)

    def copy(self) -> TurnBuilder:
        """A draft to try things on: the same table, dice and hand, no undo history, and the same
        legal sets (searched once)."""
        other = copy.copy(self)
        other.cells, other.added, other.hand, other._history = dict(self.cells), dict(self.added), list(self.hand), []
        return other

    # -- the legal set ----------------------------------------------------------------------
    @cached_property
    def legal(self) -> frozenset:
        """Every legal end table of the turn under the Rules (joins and adds, or free moves too)."""
        if self._legal is None:
            self._legal = frozenset(legal_turns(self.start_key, self.board, self.rules).keys())
        return self._legal

    @cached_property
    def reachable(self) -> frozenset:
        """The legal end tables hand actions reach: those of ``rearrange="join"``."""
        if self.rules.rearrange == "join":
            return self.legal
        return frozenset(legal_turns(self.start_key, self.board, self.rules.replace(rearrange="join")).keys())

    # -- looking ------------------------------------------------------------------------------
    @property
    def key(self) -> TableKey:
        return Table(self.cells).key()

    @property
    def used(self) -> tuple[int, ...]:
        return tuple(sorted(self.added.values()))

    @property
    def depleted(self) -> bool:
        """Every board die is on the table: the turn ends here."""
        return bool(self.board) and not self.hand

    def spirals(self) -> list[tuple[Cell, ...]]:
        """The draft's spirals, each as its sorted cells, sorted by first cell."""
        return [tuple(c) for c in components(self.cells)]

    def spiral_at(self, cell: Cell) -> tuple[Cell, ...]:
        for s in self.spirals():
            if cell in s:
                return s
        raise IllegalMoveError(f"no die lies at {cell_name(cell)}")

    def frontier(self) -> set[Cell]:
        """The empty cells beside a table die: where a board die may go."""
        return _touching(self.cells) - set(self.cells)

    # -- acting -------------------------------------------------------------------------------
    def _save(self) -> None:
        self._history.append((dict(self.cells), dict(self.added), list(self.hand)))

    def add(self, value: int, cell: Cell) -> TurnBuilder:
        """Put a board die showing ``value`` on the empty ``cell`` beside a table die."""
        if self.depleted:
            raise IllegalMoveError("every board die is on the table: the turn ends here")
        if value not in self.hand:
            raise IllegalMoveError(f"no {value} is left on the board (left: {_values(sorted(self.hand)) or 'none'})")
        cell = (int(cell[0]), int(cell[1]))
        if cell in self.cells:
            raise IllegalMoveError(f"{cell_name(cell)} already holds a {self.cells[cell]}")
        if cell not in self.frontier():
            raise IllegalMoveError(f"{cell_name(cell)} is beside no table die; a die goes beside one (not diagonally)")
        self._save()
        self.hand.remove(value)
        self.cells[cell] = value
        self.added[cell] = value
        return self

    def join_options(self, moving: Cell, onto: Cell) -> list[Join]:
        """Every distinct way to move the spiral at ``moving`` against the spiral at ``onto`` (one per
        joined spiral, in a fixed order), the moving spiral turned any quarter turn."""
        if self.depleted:
            raise IllegalMoveError("every board die is on the table: joins come before the last die")
        a, b = self.spiral_at(moving), self.spiral_at(onto)
        if a == b:
            raise IllegalMoveError("pick two different spirals to join")
        base = {c: self.cells[c] for c in b}
        beside = sorted(_touching(b) - set(b))
        found: dict[tuple, Join] = {}
        for q in range(4):
            turned = {c: _turn(c, q) for c in a}
            for tr, tc in beside:
                for ar, ac in sorted(turned.values()):
                    moves = {c: (r + tr - ar, col + tc - ac) for c, (r, col) in turned.items()}
                    if set(moves.values()) & set(base):
                        continue
                    dice = [(r, col, v) for (r, col), v in base.items()]
                    dice += [(*moves[c], self.cells[c]) for c in a]
                    key = spiral_key(dice)
                    if key not in found:
                        found[key] = Join(a, b, q, tuple(sorted(moves.items())), key)
        return list(found.values())

    def join(self, option: Join) -> TurnBuilder:
        """Move a spiral as ``option`` says (from :meth:`join_options` of this draft); spirals the
        joined one would cover or touch are moved aside first (where spirals lie carries no meaning)."""
        if (
            any(self.cells.get(c) is None for c in option.moving + option.onto)
            or self.spiral_at(option.moving[0]) != option.moving
        ):
            raise IllegalMoveError("that join belongs to another table; list the options again")
        self._save()
        near = _touching(new for _, new in option.moves)
        aside = [s for s in self.spirals() if s not in (option.moving, option.onto) and near & set(s)]
        lifted = [self._lift(s) for s in aside]
        self._relocate(dict(option.moves))
        for dice, added in lifted:
            spot = _free_spot(dice, self.cells)
            (r0, c0), (r1, c1) = min(dice), min(spot)
            self._drop(dice, added, (r1 - r0, c1 - c0))
        return self

    def _lift(self, spiral) -> tuple[Dice, set[Cell]]:
        """Take ``spiral`` off the draft: its dice and which of them were added this turn."""
        dice = {c: self.cells.pop(c) for c in spiral}
        return dice, {c for c in spiral if self.added.pop(c, None) is not None}

    def _drop(self, dice: Dice, added: set[Cell], shift: Cell) -> None:
        """Put lifted dice back shifted by ``shift``, keeping which were added."""
        for (r, c), v in dice.items():
            cell = (r + shift[0], c + shift[1])
            self.cells[cell] = v
            if (r, c) in added:
                self.added[cell] = v

    def move(self, cell: Cell, to: Cell, quarter_turns: int = 0) -> TurnBuilder:
        """Move the spiral holding ``cell``, turned ``quarter_turns`` about that die, so that the die
        lands on ``to`` (a drag at the table). Touching another spiral joins it."""
        if self.depleted:
            raise IllegalMoveError("every board die is on the table: moves come before the last die")
        spiral = self.spiral_at(cell)
        r0, c0 = _turn(cell, quarter_turns)
        moves = {
            c: (r + to[0] - r0, col + to[1] - c0) for c, (r, col) in ((c, _turn(c, quarter_turns)) for c in spiral)
        }
        clash = sorted(set(moves.values()) & (set(self.cells) - set(spiral)))
        if clash:
            raise IllegalMoveError(f"the spiral would cover the {self.cells[clash[0]]} at {cell_name(clash[0])}")
        self._save()
        self._relocate(moves)
        return self

    def move_aside(self, cell: Cell) -> TurnBuilder:
        """Move the spiral holding ``cell`` to free space, two cells clear of every other die."""
        if self.depleted:
            raise IllegalMoveError("every board die is on the table: moves come before the last die")
        spiral = self.spiral_at(cell)
        rest = {c: v for c, v in self.cells.items() if c not in spiral}
        dice = {c: self.cells[c] for c in spiral}
        target = _free_spot(dice, rest)
        first = min(dice)
        shift = (min(target)[0] - first[0], min(target)[1] - first[1])
        self._save()
        self._relocate({c: (c[0] + shift[0], c[1] + shift[1]) for c in spiral})
        return self

    def _relocate(self, moves: dict[Cell, Cell]) -> None:
        """Move dice ``old -> new`` (a spiral's); the caller saved the undo step."""
        dice, added = self._lift(list(moves))
        for old, new in moves.items():
            self.cells[new] = dice[old]
            if old in added:
                self.added[new] = dice[old]

    def groups(self) -> tuple:
        """What the draft is, up to moving spirals that no die could bridge: the spirals grouped by
        "some empty cell touches both", each group as its dice up to translation and quarter turns
        (sorted), with the board dice left. Two drafts with equal groups have the same future."""
        spirals = self.spirals()
        rims = [_touching(s) - set(s) for s in spirals]
        parent = list(range(len(spirals)))

        def root(i: int) -> int:
            while parent[i] != i:
                i = parent[i]
            return i

        for i in range(len(spirals)):
            for j in range(i):
                if rims[i] & rims[j]:
                    parent[root(i)] = root(j)
        members: dict[int, list[tuple[int, int, int]]] = {}
        for i, s in enumerate(spirals):
            members.setdefault(root(i), []).extend((r, c, self.cells[(r, c)]) for r, c in s)
        return tuple(sorted(min(quarter_turn_images(d)) for d in members.values())), tuple(sorted(self.hand))

    def undo(self) -> TurnBuilder:
        """Take back the last add or join."""
        if not self._history:
            raise IllegalMoveError("nothing to undo: the turn has just begun")
        self.cells, self.added, self.hand = self._history.pop()
        return self

    # -- judging ------------------------------------------------------------------------------
    def progress(self) -> Progress:
        """Whether the draft is legal now, whether it can still end legal, and why not."""
        key = self.key
        now = key in self.legal
        pieces = [{c: self.cells[c] for c in s} for s in self.spirals()]
        hand = [] if self.depleted else self.hand
        if now:
            closes = any(v.closed and v.valid for v in check_table(Table(self.cells), self.rules))
            if closes:
                head = "legal now: End turn closes a spiral and wins the round"
            elif not self.added:
                head = "legal now: End turn refuses (adds no die)"
            else:
                head = f"legal now: End turn plays it (adds {_values(self.used)})"
            return Progress(True, True, head)
        if not self.depleted and end_tables_containing(pieces, hand, self.reachable):
            return Progress(False, True, f"can still end legal with the dice left ({_values(sorted(hand))})")
        return Progress(False, False, "cannot end legal: " + self._why_not(pieces, hand))

    def _why_not(self, pieces: list[Dice], hand: list[int]) -> str:
        verdicts = {tuple(sorted(v.spiral.keys())): v for v in check_table(Table(self.cells), self.rules)}
        if self.depleted:
            bad = [v for v in verdicts.values() if not v.valid]
            why = f"; {bad[0].reasons()[0].text}" if bad and bad[0].reasons() else ""
            return f"every board die is placed, so the turn ends with this table, and it is not legal{why}"
        for piece in sorted(pieces, key=len, reverse=True):
            if end_tables_containing([piece], hand, self.reachable):
                continue
            v = verdicts[tuple(sorted(piece))]
            shown = _values(piece[c] for c in sorted(piece))
            reasons = v.reasons() if not v.valid else ()
            why = f": {reasons[0].text}" if reasons else ""
            return f"the spiral {shown} is in no legal end of this turn{why}"
        return f"the spirals cannot all be finished together with the dice left ({_values(sorted(hand)) or 'none'})"

    def end_turn(self) -> tuple:
        """The game action of the draft: ``("play", key)``, or ``("refuse", key)`` when no die was added.
        Raises :class:`IllegalMoveError` with the reason when the draft is not a legal end."""
        key = self.key
        if key not in self.legal:
            raise IllegalMoveError(
                "this table is not a legal end of the turn: "
                + self._why_not(
                    [{c: self.cells[c] for c in s} for s in self.spirals()], [] if self.depleted else self.hand
                )
            )
        return ("refuse" if not self.added else "play", key)


def spread(key: TableKey, width: int = 20) -> Dice:
    """The spirals of ``key`` laid out in rows of at most ``width`` columns, two empty cells apart,
    so that no empty cell touches two spirals (a die put there would join them).

    >>> sorted(spread((((0, 0, 1),), ((0, 0, 2),))))
    [(0, 0), (0, 3)]
    """
    cells: Dice = {}
    row = col = shelf = 0
    for spiral in key:
        h, w = 1 + max(r for r, _, _ in spiral), 1 + max(c for _, c, _ in spiral)
        if col and col + w > width:
            row, col, shelf = row + shelf + 2, 0, 0
        cells.update(((row + r, col + c), v) for r, c, v in spiral)
        col += w + 2
        shelf = max(shelf, h)
    return cells


def settle(previous: Dice, key: TableKey) -> tuple[Dice, set[Cell]]:
    """Lay out table ``key`` so that what it keeps of the ``previous`` layout stays where it was:
    each spiral of ``key`` that holds a previous spiral rigidly (same turn first) is put over it; the
    rest go to free space. Returns the layout and the cells that hold no previous die (new dice).

    >>> cells, new = settle({(0, 0): 6, (0, 1): 5, (0, 2): 4, (5, 5): 1}, (((0, 0, 1),), ((0, 0, 3), (0, 1, 4), (0, 2, 5), (0, 3, 6))))
    >>> sorted(cells.items())[:4], sorted(new)
    ([((0, 0), 6), ((0, 1), 5), ((0, 2), 4), ((0, 3), 3)], [(0, 3)])
    """
    if not previous:
        laid = spread(key)
        return laid, set(laid)
    olds = sorted(({c: previous[c] for c in comp} for comp in components(previous)), key=lambda s: (-len(s), min(s)))
    placed: Dice = {}
    new: set[Cell] = set()
    homeless = []
    for spiral in sorted(key, key=len, reverse=True):
        dice = {(r, c): v for r, c, v in spiral}
        spot = None
        for old in olds:
            for q in range(4):  # the spiral in the old spiral's turn first
                turned = _rotate(dice, q)
                for cells in _placements(sorted((r, c, v) for (r, c), v in old.items()), turned, set()):
                    (r0, c0), (r1, c1) = min(old), cells[0]
                    moved = {(r + r0 - r1, c + c0 - c1): v for (r, c), v in turned.items()}
                    if not _touching(placed) & set(moved):
                        spot = (old, moved)
                        break
                if spot:
                    break
            if spot:
                break
        if spot is None:
            homeless.append(dice)
            continue
        old, moved = spot
        olds.remove(old)
        placed.update(moved)
        new.update(c for c, v in moved.items() if previous.get(c) != v)
    for dice in homeless:
        moved = _free_spot(dice, placed)
        placed.update(moved)
        new.update(moved)
    return placed, new


def _free_spot(dice: Dice, placed: Dice) -> Dice:
    """``dice`` moved to the first spot (row by row, left to right) where no empty cell touches both
    them and ``placed`` (two cells clear), within the placed dice's columns when there is room."""
    rows = [r for r, _ in placed] or [0]
    cols = [c for _, c in placed] or [0]
    r0, c0 = min(r for r, _ in dice), min(c for _, c in dice)
    near = _touching(_touching(placed))
    for top in range(min(rows), max(rows) + 12):
        for left in range(min(cols), max(cols) + 4):
            moved = {(r - r0 + top, c - c0 + left): v for (r, c), v in dice.items()}
            if not near & set(moved):
                return moved
    raise AssertionError("unreachable: the scan ends beyond every placed die")
