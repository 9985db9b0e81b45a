"""Mixmath: numbered tiles on a 14×14 board; every tile completes an equation (M1–M10).

>>> from mathplay.games.mixmath import Mixmath
>>> g = Mixmath(players=2, seed=3)
>>> g.format_name
'mathplay.mixmath'
"""

from mathplay.games.mixmath.game import EMPTY_BOARD, Mixmath, MixmathPosition
from mathplay.games.mixmath.moves import (
    Challenge,
    Draw,
    EndTurn,
    Exchange,
    MixmathMove,
    Placement,
    parse_move,
)
from mathplay.games.mixmath.rules import (
    BLANK_VALUES,
    SQUARES,
    START,
    TILE_COUNTS,
    Kind,
    MixmathOptions,
)

__all__ = [
    "BLANK_VALUES",
    "EMPTY_BOARD",
    "SQUARES",
    "START",
    "TILE_COUNTS",
    "Challenge",
    "Draw",
    "EndTurn",
    "Exchange",
    "Kind",
    "Mixmath",
    "MixmathMove",
    "MixmathOptions",
    "MixmathPosition",
    "Placement",
    "parse_move",
]
