"""B4: the score of a line move.

1. the points of the newly placed chips, each times its letter premium;
2. plus the value bonus (``value_bonus``);
3. times every word premium covered by a newly placed chip;
4. plus the all-chips bonus when all nine chips of a hand are placed.

>>> from mathplay.games.binary.rules import BinaryOptions
>>> # H8 across 1 + 1 = 10: H8 is a double word, L8 a double letter; bonus 2
>>> squares = [(7, c) for c in range(7, 13)]
>>> move_score(squares, ["1", "+", "1", "=", "1", "0"], 2, BinaryOptions())
18
"""

from __future__ import annotations

from collections.abc import Sequence

from mathplay.core import Square
from mathplay.games.binary.rules import (
    BLANK,
    HAND_SIZE,
    LETTER_PREMIUM,
    POINTS,
    SIZE,
    WORD_PREMIUM,
    BinaryOptions,
    value_bonus,
)

__all__ = ["move_score"]


def move_score(
    placed: Sequence[Square], tokens: Sequence[str], value: int, options: BinaryOptions
) -> int:
    """The score of placing ``tokens`` on the squares ``placed`` making a line of ``value``."""
    points = 0
    word = 1
    for (row, column), token in zip(placed, tokens):
        index = row * SIZE + column
        chip = BLANK if token.startswith(BLANK) else token
        points += POINTS[chip] * LETTER_PREMIUM[index]
        word *= WORD_PREMIUM[index]
    score = (points + value_bonus(value, options.bonus)) * word
    if len(placed) == HAND_SIZE:
        score += options.all_chips_bonus
    return score
