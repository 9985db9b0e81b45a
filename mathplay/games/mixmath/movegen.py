"""Every legal Mixmath placement in a position, each once, with its score (M4, M5).

For each empty square the numbers next to it are read once per direction (a *run*,
nearest first); each run gives the set of numbers a tile may be there (cached per run and
sign). A rack number is legal where at least one direction allows it; a blank is listed
once for every number of the tile set that some direction allows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mathplay.core import Square
from mathplay.games.mixmath.equations import MAX_SEQUENCE, direction_values
from mathplay.games.mixmath.moves import Placement
from mathplay.games.mixmath.rules import (
    BLANK,
    BLANK_VALUES,
    SIZE,
    SQUARES,
    Kind,
    MixmathOptions,
    tile_value,
)

if TYPE_CHECKING:
    from mathplay.games.mixmath.game import Mixmath

__all__ = [
    "Run",
    "count_equations",
    "generate_placements",
    "in_line_near",
    "next_to_pairs",
    "runs_at",
    "sign_of",
]

#: Left, right, up, down, each as a step; a run reads "nearest first" outwards.
_STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0))
_VALUES = frozenset(BLANK_VALUES)

#: The numbers next to a square in one direction (nearest first) and the step to them;
#: the line reads outwards from the square when the step goes right or down.
Run = tuple[tuple[int, ...], tuple[int, int]]


def sign_of(square: Square) -> Kind | None:
    """The operation a sign square allows (M4), or ``None`` for any other square."""
    kind = SQUARES.get(square)
    return kind if kind is not None and kind.is_sign else None


def _rays(index: int) -> tuple[tuple[tuple[int, int], tuple[int, ...]], ...]:
    """From the square ``index``, each step of ``_STEPS`` and the cells it meets in turn,
    up to the board's edge."""
    row, column = divmod(index, SIZE)
    rays = []
    for dr, dc in _STEPS:
        cells = []
        r, c = row + dr, column + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            cells.append(r * SIZE + c)
            r, c = r + dr, c + dc
        rays.append(((dr, dc), tuple(cells)))
    return tuple(rays)


#: ``_RAYS[index]``: the rays of every square, made once (``runs_at`` runs very often in
#: a computer's search).
_RAYS = tuple(_rays(index) for index in range(SIZE * SIZE))


def in_line_near(index: int, limit: int) -> list[int]:
    """The cells up to ``limit`` steps from cell ``index`` across or down: those whose
    runs (``runs_at`` with the same ``limit``) a tile on ``index`` changes."""
    return [cell for _step, ray in _RAYS[index] for cell in ray[:limit]]


def runs_at(values: list[int | None], square: Square, limit: int) -> list[Run]:
    """The runs of two to ``limit`` numbers next to ``square`` (M4: a and b; M10 more)."""
    found: list[Run] = []
    for step, ray in _RAYS[square[0] * SIZE + square[1]]:
        numbers: list[int] = []
        for cell in ray[:limit]:
            value = values[cell]
            if value is None:
                break
            numbers.append(value)
        if len(numbers) >= 2:
            found.append((tuple(numbers), step))
    return found


def run_limit(options: MixmathOptions) -> int:
    return MAX_SEQUENCE if options.sequences else 2


def count_equations(runs: list[Run], square: Square, tile: int, options: MixmathOptions) -> int:
    """M4: n, the number of directions in which ``tile`` makes an equation."""
    sign = sign_of(square)
    return sum(1 for run, _reads in runs if tile in direction_values(run, sign, options))


def board_values(cells: list[str | None]) -> list[int | None]:
    """The number on every cell (``None`` for an empty one)."""
    known = _TOKEN_VALUES
    return [None if token is None else known.get(token) or tile_value(token) for token in cells]


#: The number of every tile token that can be on the board (0 is read by ``tile_value``).
_TOKEN_VALUES: dict[str, int] = {
    **{str(n): n for n in BLANK_VALUES},
    **{f"{BLANK}{n}": n for n in BLANK_VALUES},
}


def next_to_pairs(values: list[int | None]) -> list[int]:
    """The empty squares (as indexes, in board order) with two numbers in a line beside
    them in some direction: the only squares where a tile can make an equation (M4).
    Found from the pairs of neighbouring numbers, so the many empty squares far from the
    tiles are never looked at."""
    found: set[int] = set()
    last = SIZE - 1
    for index, value in enumerate(values):
        if value is None:
            continue
        row, column = divmod(index, SIZE)
        if column < last and values[index + 1] is not None:  # a pair across
            if column > 0 and values[index - 1] is None:
                found.add(index - 1)
            if column + 1 < last and values[index + 2] is None:
                found.add(index + 2)
        if row < last and values[index + SIZE] is not None:  # a pair down
            if row > 0 and values[index - SIZE] is None:
                found.add(index - SIZE)
            if row + 1 < last and values[index + 2 * SIZE] is None:
                found.add(index + 2 * SIZE)
    return sorted(found)


def generate_placements(game: Mixmath) -> list[Placement]:
    pos = game._pos
    options: MixmathOptions = game.options
    values = board_values(pos.board.cells)
    rack = pos.hands[pos.to_move]
    numbers = sorted({int(t) for t in rack if t != BLANK})
    has_blank = BLANK in rack
    limit = run_limit(options)
    moves: list[Placement] = []
    for index in next_to_pairs(values):
        square = (index // SIZE, index % SIZE)
        runs = runs_at(values, square, limit)
        if not runs:
            continue
        sign = sign_of(square)
        allowed = [direction_values(run, sign, options) for run, _reads in runs]
        kind = SQUARES.get(square)
        premium = kind.premium if kind is not None else 1
        for number in numbers:
            n = sum(1 for s in allowed if number in s)
            if n:
                moves.append(Placement(square, str(number), number * n * premium, n))
        if has_blank:
            for number in sorted(frozenset().union(*allowed) & _VALUES):
                n = sum(1 for s in allowed if number in s)
                moves.append(Placement(square, f"{BLANK}{number}", 0, n))
    return moves
