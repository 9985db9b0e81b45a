"""Binary: Scrabble with 0/1 chips, ``+ - x /``, ``AND OR NOT`` and ``=`` (rules B1–B5).

Importing this package registers the ``mathplay.binary`` save format.
"""

from mathplay.games.binary.game import Binary, BinaryMove, BinaryPosition, Exchange, Pass
from mathplay.games.binary.rules import (
    CHIP_COUNTS,
    IDENTITY_FAMILIES,
    POINTS,
    PREMIUMS,
    BinaryOptions,
    chip_set,
    expression_problem,
    value_bonus,
)

__all__ = [
    "CHIP_COUNTS",
    "IDENTITY_FAMILIES",
    "POINTS",
    "PREMIUMS",
    "Binary",
    "BinaryMove",
    "BinaryOptions",
    "BinaryPosition",
    "Exchange",
    "Pass",
    "chip_set",
    "expression_problem",
    "value_bonus",
]
