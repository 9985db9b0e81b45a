"""What every game shares: squares, the grid, tiles and the bag, moves, state, save/load."""

from mathplay.core.bag import Bag, expand_tile_set, rest_of_set, take_from_hand
from mathplay.core.grid import Grid, diagram_rows
from mathplay.core.lines import LineMove, line_from_placements, line_squares, split_line_move
from mathplay.core.outcome import EndReason, Outcome
from mathplay.core.saves import load
from mathplay.core.squares import COLUMNS, Direction, Special, Square, parse_square, square_name
from mathplay.core.state import (
    GAME_TYPES,
    GameState,
    HistoryEntry,
    Position,
    check_count,
    check_where,
    seat_scores,
    top_scoring,
)

__all__ = [
    "COLUMNS",
    "GAME_TYPES",
    "Bag",
    "Direction",
    "EndReason",
    "GameState",
    "Grid",
    "HistoryEntry",
    "LineMove",
    "Outcome",
    "Position",
    "Special",
    "Square",
    "check_count",
    "check_where",
    "diagram_rows",
    "expand_tile_set",
    "line_from_placements",
    "line_squares",
    "load",
    "parse_square",
    "rest_of_set",
    "seat_scores",
    "split_line_move",
    "square_name",
    "take_from_hand",
    "top_scoring",
]
