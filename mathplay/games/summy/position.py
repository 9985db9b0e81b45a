"""Summy's moves other than sums, the record of a sum on the table, and the position.

>>> str(Discard(("8", "x"))), str(Discard())
('discard 8x', 'pass')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mathplay.core import Direction, LineMove, Position, Square, line_squares
from mathplay.games.summy.rules import read_token

__all__ = ["Discard", "SumRecord", "SummyMove", "SummyPosition", "read_hand"]


@dataclass(frozen=True)
class Discard:
    """Put ``tokens`` out of the game (S3); no tokens is a pass."""

    tokens: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "discard " + "".join(self.tokens) if self.tokens else "pass"


SummyMove = LineMove | Discard


@dataclass(frozen=True)
class SumRecord:
    """A sum on the table: its first square, direction and length."""

    start: Square
    direction: Direction
    length: int

    @property
    def squares(self) -> list[Square]:
        return line_squares(self.start, self.direction, self.length)

    @property
    def before(self) -> Square:
        dr, dc = self.direction.step
        return (self.start[0] - dr, self.start[1] - dc)

    @property
    def after(self) -> Square:
        dr, dc = self.direction.step
        return (self.start[0] + dr * self.length, self.start[1] + dc * self.length)


@dataclass
class SummyPosition(Position):
    sums: list[SumRecord] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    #: Passes in a row, and turns in a row without a sum made with an empty stock.
    passes: int = 0
    idle_with_empty_stock: int = 0

    def copy(self) -> SummyPosition:
        return SummyPosition(
            self.board.copy(),
            [list(hand) for hand in self.hands],
            self.bag.copy(),
            list(self.scores),
            self.to_move,
            list(self.sums),
            list(self.discarded),
            self.passes,
            self.idle_with_empty_stock,
        )


def read_hand(text: str) -> list[str]:
    """``"8x15120+"`` or ``"8 x 1 5 1 2 0 +"`` → the blocks of a hand."""
    return [read_token(ch) for ch in text if not ch.isspace()]
