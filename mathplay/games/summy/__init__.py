"""Summy: digit and operator blocks; every turn builds one whole sum (rules S1–S5)."""

from mathplay.games.summy.game import Discard, Summy, SummyMove, SumRecord
from mathplay.games.summy.rules import TILE_COUNTS, SummyOptions, line_score, sum_problem

__all__ = [
    "TILE_COUNTS",
    "Discard",
    "SumRecord",
    "Summy",
    "SummyMove",
    "SummyOptions",
    "line_score",
    "sum_problem",
]
