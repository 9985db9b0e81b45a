"""Mixmath's fixed facts: the board (M1), the tiles (M2), racks and options (M3, M8, M10).

>>> SQUARES[(6, 6)], SQUARES[(0, 0)], SQUARES[(1, 4)]
(<Kind.START: 'start'>, <Kind.TRIPLE: '3×'>, <Kind.DIV: '÷'>)
>>> sum(TILE_COUNTS.values())
108
>>> read_cell("?12"), read_rack("3 5 10 ? 7")
('?12', ['3', '5', '10', '?', '7'])
>>> face_value("?12"), tile_value("?12"), face_value("12")
(0, 12, 12)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mathplay.core import Square
from mathplay.errors import NotationError, OptionsError
from mathplay.i18n import _

__all__ = [
    "BLANK",
    "BLANK_VALUES",
    "BONUS",
    "MODES",
    "RACK_SIZE",
    "SIZE",
    "SQUARES",
    "START",
    "TILE_COUNTS",
    "Kind",
    "MixmathOptions",
    "face_value",
    "read_cell",
    "read_number",
    "read_rack",
    "tile_value",
]

#: M1: a 14×14 board.
SIZE = 14
#: M3, M6: racks are refilled to seven tiles.
RACK_SIZE = 7
#: M7: the rack-clear bonus.
BONUS = 50
#: A blank on a rack (M2); placed, it is written ``?`` and the number it stands for.
BLANK = "?"
#: M8: strict (the engine refuses wrong placements) or challenge (teaching mode).
MODES = ("strict", "challenge")


class Kind(enum.Enum):
    """What a special square of M1 is. Plain squares are not in ``SQUARES``."""

    START = "start"
    DOUBLE = "2×"
    TRIPLE = "3×"
    ADD = "+"
    SUB = "−"
    MUL = "×"
    DIV = "÷"

    @property
    def premium(self) -> int:
        """M5: 2 or 3 for a premium square, else 1."""
        return {Kind.DOUBLE: 2, Kind.TRIPLE: 3}.get(self, 1)

    @property
    def is_sign(self) -> bool:
        return self in (Kind.ADD, Kind.SUB, Kind.MUL, Kind.DIV)


#: M1: the four start squares and their fixed numbers (G7=1, H7=2, G8=3, H8=4).
START: dict[Square, str] = {(6, 6): "1", (6, 7): "2", (7, 6): "3", (7, 7): "4"}

_TRIPLES = [(0, 0), (0, 6), (0, 7), (0, 13), (6, 0), (7, 0), (6, 13), (7, 13)]
_TRIPLES += [(13, 0), (13, 6), (13, 7), (13, 13)]
_DOUBLES = sorted(
    {sq for i in range(1, 5) for sq in ((i, i), (i, 13 - i), (13 - i, i), (13 - i, 13 - i))}
)
_SIGNS = {
    Kind.DIV: [(1, 4), (1, 9), (4, 1), (4, 12), (9, 1), (9, 12), (12, 4), (12, 9)],
    Kind.SUB: [(2, 5), (2, 8), (5, 2), (5, 11), (8, 2), (8, 11), (11, 5), (11, 8)],
    Kind.ADD: [(3, 6), (4, 7), (6, 4), (7, 3), (6, 10), (7, 9), (9, 6), (10, 7)],
    Kind.MUL: [(3, 7), (4, 6), (6, 3), (7, 4), (6, 9), (7, 10), (9, 7), (10, 6)],
}

#: M1: every special square and its kind.
SQUARES: dict[Square, Kind] = {
    **dict.fromkeys(START, Kind.START),
    **dict.fromkeys(_TRIPLES, Kind.TRIPLE),
    **dict.fromkeys(_DOUBLES, Kind.DOUBLE),
    **{sq: kind for kind, squares in _SIGNS.items() for sq in squares},
}

_PRODUCTS: tuple[int, ...] = (21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45, 48, 49, 50)
_PRODUCTS += (54, 56, 60, 63, 64, 70, 72, 80, 81, 90)

#: M2: the 108 tiles by token: seven each of 1–10, one 0, one each of 11–20, one each of
#: the 25 products 21–90, two blanks.
TILE_COUNTS: dict[str, int] = {
    "0": 1,
    **{str(n): 7 for n in range(1, 11)},
    **{str(n): 1 for n in range(11, 21)},
    **{str(n): 1 for n in _PRODUCTS},
    BLANK: 2,
}

#: M2: the numbers a blank may stand for: every number on a numbered tile.
BLANK_VALUES: tuple[int, ...] = tuple(sorted(int(t) for t in TILE_COUNTS if t != BLANK))
_VALUE_SET = frozenset(BLANK_VALUES)


def read_number(text: str) -> int:
    """A number of the tile set, from text such as ``"12"`` (M2)."""
    if len(text) > 3 or not text.isascii() or not text.isdigit() or int(text) not in _VALUE_SET:
        raise NotationError(
            _("'{text}' is not a Mixmath number: the tiles are 0–20 and 21–90 products").format(
                text=text
            )
        )
    return int(text)


def read_cell(text: str) -> str:
    """A board cell's canonical token: ``"12"``, or ``"?12"`` for a placed blank."""
    if text.startswith(BLANK):
        if text == BLANK:
            raise NotationError(_("a placed blank shows its number, like ?12"))
        return BLANK + str(read_number(text[1:]))
    return str(read_number(text))


def read_rack(text: str) -> list[str]:
    """``"3 5 10 ? 7"`` → the tiles of a rack (``?`` is a blank)."""
    return [BLANK if word == BLANK else str(read_number(word)) for word in text.split()]


def tile_value(token: str) -> int:
    """The number a tile on the board stands for (``"?12"`` → 12)."""
    return int(token[1:]) if token.startswith(BLANK) else int(token)


def face_value(token: str) -> int:
    """M2, M9: what a tile is worth: its number, 0 for a blank (placed or not)."""
    return 0 if token.startswith(BLANK) else int(token)


@dataclass(frozen=True)
class MixmathOptions:
    """Rules options: players (M3), mode (M8) and the variants of M10 (off by default)."""

    players: int = 2
    mode: str = "strict"
    sequences: bool = False
    powers: bool = False
    modulo: bool = False
    logarithms: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 1 <= self.players <= 4:
            raise OptionsError(
                _("players must be 1, 2, 3 or 4, not {players!r} (rule M3)").format(
                    players=self.players
                )
            )
        if self.mode not in MODES:
            raise OptionsError(
                _("mode must be 'strict' or 'challenge', not {mode!r} (rule M8)").format(
                    mode=self.mode
                )
            )
        for name in ("sequences", "powers", "modulo", "logarithms"):
            if not isinstance(getattr(self, name), bool):
                raise OptionsError(_("{name} must be True or False (rule M10)").format(name=name))
