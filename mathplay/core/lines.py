"""Line moves: a whole line of tokens written from its first square, across or down.

Summy and Binary both play lines (``I13 across 8x15=120``, ``H8 across 101 AND 1 = 1``).
The move names the *whole* resulting line, including tokens already on the board, so it
reads as the equation it makes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mathplay.core.squares import Direction, Square, parse_square, square_name
from mathplay.errors import NotationError
from mathplay.i18n import _

__all__ = ["LineMove", "line_squares", "split_line_move"]


def line_squares(start: Square, direction: Direction, length: int) -> list[Square]:
    """The ``length`` squares of a line from ``start``."""
    dr, dc = direction.step
    return [(start[0] + dr * i, start[1] + dc * i) for i in range(length)]


def split_line_move(text: str, size: int) -> tuple[Square, Direction, str]:
    """``"I13 across 8x15=120"`` → ``((12, 8), Direction.ACROSS, "8x15=120")``."""
    parts = text.strip().split(None, 2)
    if len(parts) < 3:
        raise NotationError(
            _(
                "'{text}' is not a move: write the first square, across or down, and the "
                "whole line, like H13 across 8x15=120"
            ).format(text=text.strip())
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
