"""Line moves: a whole line of tokens written from its first square, across or down.

Summy and Binary both play lines (``I13 across 8x15=120``, ``H8 across 101 AND 1 = 1``).
The move names the *whole* resulting line, including tokens already on the board, so it
reads as the equation it makes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mathplay.core.grid import Grid
from mathplay.core.squares import Direction, Square, parse_square, square_name
from mathplay.errors import IllegalMoveError, NotationError
from mathplay.i18n import _

__all__ = ["LineMove", "line_from_placements", "line_squares", "split_line_move"]


def line_squares(start: Square, direction: Direction, length: int) -> list[Square]:
    """The ``length`` squares of a line from ``start``."""
    dr, dc = direction.step
    return [(start[0] + dr * i, start[1] + dc * i) for i in range(length)]


def split_line_move(text: str, size: int) -> tuple[Square, Direction, str]:
    """``"I13 across 8x15=120"`` → ``((12, 8), Direction.ACROSS, "8x15=120")``."""
    parts = text.strip().split(None, 2)
    if len(parts) == 3 and parts[1].lower() == "en":  # Spanish: "H8 en horizontal 3+4=7"
        rest = parts[2].split(None, 1)
        parts = [parts[0], f"en {rest[0]}", *rest[1:]]
    if len(parts) < 3:
        # The example's square is on this board (its middle): E5 on a 9×9 board.
        middle = max(size, 1) // 2
        raise NotationError(
            _(
                "'{text}' is not a move: write the first square, across or down, and the "
                "whole line, like {example} across 8x15=120"
            ).format(text=text.strip(), example=square_name((middle, middle)))
        )
    square = parse_square(parts[0], size)
    direction = Direction.parse(parts[1])
    return square, direction, parts[2]


@dataclass(frozen=True)
class LineMove:
    """A line of ``tokens`` from ``start`` in ``direction``.

    ``text`` is the canonical line as the game writes it; ``placed`` (the squares that
    get a new tile) and ``score`` are filled in when the game checks the move.
    """

    start: Square
    direction: Direction
    tokens: tuple[str, ...]
    text: str = field(compare=False, default="")
    placed: tuple[Square, ...] = field(compare=False, default=())
    score: int | None = field(compare=False, default=None)

    def __str__(self) -> str:
        return f"{square_name(self.start)} {self.direction} {self.text or ''.join(self.tokens)}"

    def __repr__(self) -> str:
        score = "" if self.score is None else f", score={self.score}"
        return f"<LineMove {self}{score}>"

    @property
    def squares(self) -> list[Square]:
        return line_squares(self.start, self.direction, len(self.tokens))


def line_from_placements(
    board: Grid, placements: dict[Square, str], direction: Direction | None = None
) -> tuple[Square, Direction, tuple[str, ...]]:
    """The whole line that tiles put on ``placements`` make, for boards that click.

    Tiles in one row read across, in one column down; a single tile needs ``direction``
    unless only one way makes a line of two or more. Raises ``IllegalMoveError`` for
    tiles on taken squares, tiles not in one line, or gaps between them.
    """
    if not placements:
        raise IllegalMoveError(_("place at least one tile first"))
    for square in placements:
        if not board.on_board(square):
            raise IllegalMoveError(_("a tile was put off the board"))
        if board[square] is not None:
            raise IllegalMoveError(
                _("{square} is already taken").format(square=square_name(square))
            )
    rows = {r for r, _c in placements}
    columns = {c for _r, c in placements}
    overlay = board.copy()
    for square, token in placements.items():
        overlay[square] = token
    first = min(placements)
    if len(placements) > 1:
        if len(rows) == 1:
            direction = Direction.ACROSS
        elif len(columns) == 1:
            direction = Direction.DOWN
        else:
            raise IllegalMoveError(_("put all the tiles of a move in one row or one column"))
    elif direction is None:
        ways = [d for d in Direction if len(overlay.run(first, d)[1]) >= 2]
        if len(ways) != 1:
            raise IllegalMoveError(
                _("{square} could start a line across or down: say which").format(
                    square=square_name(first)
                )
                if ways
                else _("a tile on its own is not a line: put it next to other tiles")
            )
        direction = ways[0]
    start, tokens = overlay.run(first, direction)
    covered = set(line_squares(start, direction, len(tokens)))
    if not set(placements) <= covered:
        raise IllegalMoveError(_("leave no gaps between the tiles of a move"))
    return start, direction, tuple(tokens)
