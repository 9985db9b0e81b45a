"""How the computer players plan a Mixmath turn.

A Mixmath turn is a sequence of placements (M6), and one placement often opens the square
for a bigger one: put a 9 next to a 10 and a 90 in your rack can follow at once. So the
players do not take the best single placement; before each placement they look ahead
within the same turn:

- **greedy** looks at every placement it can make and the best one that could follow it
  this turn, and plays the first placement of the best pair (``depth=2``);
- **strong** looks further: three placements deep, following the four best at each later
  step; and once the bag is empty it counts the tiles a sequence leaves on the rack
  against it, since the end of the game takes their face value off the score (M9).

Both count the 50-point rack-clear bonus (M7) when a sequence empties the rack.

Measured on 200 seeded games (docs/ai.md): looking two placements ahead wins 97% against
the random player, where taking the best single placement won only 81%.

>>> from mathplay import Mixmath
>>> game = Mixmath(players=2, seed=3)
>>> move = best_placement(game, game.legal_moves(), random.Random(0), depth=2)
>>> move in game.legal_moves()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mathplay.games.mixmath.rules import BONUS, RACK_SIZE, face_value

if TYPE_CHECKING:
    from mathplay.games.mixmath import Mixmath
    from mathplay.games.mixmath.moves import Placement

__all__ = ["best_placement", "end_of_sequence", "rest_of_turn"]


def _after(game: Mixmath, move: Placement) -> Mixmath:
    """A copy of ``game`` with ``move`` made (the original is never changed)."""
    trial: Mixmath = game.copy()
    trial._push(move, move.score or 0)
    return trial


def end_of_sequence(game: Mixmath, player: int, count_rack: bool) -> float:
    """What ending the turn now is worth besides the placements' points: the rack-clear
    bonus (M7), and, with ``count_rack`` once the bag is empty, minus the face value of
    the tiles still on the rack, which the end of the game takes off the score (M9)."""
    pos = game._pos
    rack = pos.hands[player]
    if not rack:
        return float(BONUS) if pos.turn_start_rack >= RACK_SIZE else 0.0
    if count_rack and not pos.bag:
        return -float(sum(face_value(tile) for tile in rack))
    return 0.0


def rest_of_turn(
    game: Mixmath, player: int, depth: int, width: int | None, count_rack: bool = False
) -> float:
    """The most ``player`` can still add this turn with up to ``depth`` more placements,
    trying the ``width`` best-scoring placements at each step (all when ``None``); each
    sequence ends with ``end_of_sequence``."""
    if game.is_over or game.to_move != player:
        return 0.0
    moves = game.placements()
    if depth == 0 or not moves:
        return end_of_sequence(game, player, count_rack)
    if width is not None:
        moves = sorted(moves, key=lambda m: m.score or 0, reverse=True)[:width]
    return max(
        (m.score or 0) + rest_of_turn(_after(game, m), player, depth - 1, width, count_rack)
        for m in moves
    )


def best_placement(
    game: Mixmath,
    moves: Sequence[Placement],
    rng: random.Random,
    depth: int = 2,
    width: int | None = None,
    count_rack: bool = False,
) -> Placement:
    """The first placement of the best sequence of up to ``depth`` placements this turn.

    Every one of ``moves`` is tried first; later steps try the ``width`` best placements
    (all when ``None``). With ``count_rack``, tiles left on the rack once the bag is empty
    count against a sequence (M9). Ties are broken by ``rng``, so a seeded player
    replays its game."""
    player = game.to_move
    best: Placement = moves[0]
    best_value = (-math.inf, 0.0)
    for move in moves:
        rest = rest_of_turn(_after(game, move), player, depth - 1, width, count_rack)
        key = ((move.score or 0) + rest, rng.random())
        if key > best_value:
            best_value, best = key, move
    return best
