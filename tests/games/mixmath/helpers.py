"""Building Mixmath test positions by hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from mathplay.core import Grid, parse_square
from mathplay.errors import IllegalMoveError
from mathplay.games.mixmath import EMPTY_BOARD, TILE_COUNTS, Mixmath

__all__ = [
    "FILLER_SQUARES",
    "assert_refused",
    "blank_values",
    "crowded",
    "diagram",
    "position",
]

#: Squares far from the centre, for tiles that only need to be somewhere (rows 1–4 and
#: 12–14, and columns A, B, M, N of rows 5–11).
FILLER_SQUARES = [(r, c) for r in (*range(4), *range(11, 14)) for c in range(14)] + [
    (r, c) for r in range(4, 11) for c in (0, 1, 12, 13)
]


def diagram(cells: dict[str, str] | None = None, base: str = EMPTY_BOARD) -> str:
    """The start board (or ``base``) with ``cells`` (``{"I7": "3"}``) added."""
    grid = Grid.from_diagram(base)
    for name, token in (cells or {}).items():
        grid[parse_square(name, 14)] = token
    return grid.diagram()


def position(cells: dict[str, str], hands: list[str], **options: Any) -> Mixmath:
    return Mixmath.from_diagram(diagram(cells), hands=hands, **options)


def crowded(cells: dict[str, str], hands: list[str], bag: list[str], **options: Any) -> Mixmath:
    """A position whose bag holds exactly ``bag``: every other tile of the set that is not
    in ``cells`` or a rack lies on the filler squares (blanks as ``?90``)."""
    used = Counter("?" if t.startswith("?") else t for t in cells.values())
    for hand in hands:
        used.update(hand.split())
    used.update(bag)
    rest = sorted((Counter(TILE_COUNTS) - used).elements())
    grid = Grid.from_diagram(diagram(cells))
    free = [sq for sq in FILLER_SQUARES if grid[sq] is None]
    assert len(rest) <= len(free), "not enough filler squares"
    for square, token in zip(free, rest):
        grid[square] = "?90" if token == "?" else token
    return Mixmath.from_diagram(grid.diagram(), hands=hands, **options)


def blank_values(game: Mixmath, square: str) -> set[int]:
    """The numbers a blank may stand for at ``square`` (from ``legal_moves()``)."""
    return {m.value for m in game.placements() if str(m).split()[0] == square and m.is_blank}


def assert_refused(game: Mixmath, move: str, rule: str, *fragments: str) -> str:
    """``move`` raises IllegalMoveError for ``rule`` and leaves the game as it was."""
    key, saved, ply = game.state_key(), game.save(), game.ply
    with pytest.raises(IllegalMoveError) as caught:
        game.play(move)
    assert caught.value.rule == rule
    message = str(caught.value)
    assert f"({rule}" in message or f", {rule})" in message
    for fragment in fragments:
        assert fragment in message
    assert game.state_key() == key and game.save() == saved and game.ply == ply
    return message
