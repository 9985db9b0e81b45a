"""How the computer players plan a Mixmath turn.

A Mixmath turn is a sequence of placements (M6), and one placement often opens the square
for a bigger one: put a 9 next to a 10 and a 90 in your rack can follow at once. So the
players do not take the best single placement; before each placement they look ahead
within the same turn:

- **greedy** looks at every placement it can make and the best one that could follow it
  this turn, and plays the first placement of the best pair (``depth=2``);
- **strong** looks further: three placements deep, following the four best at each later
  step; and it counts the tiles a sequence leaves on the rack against it: once the bag is
  empty their whole face value, since the end of the game takes it off the score (M9),
  and before that half the face value of the tiles that fit nowhere on the board.

Both count the 50-point rack-clear bonus (M7) when a sequence empties the rack.

Measured on 200 seeded games (docs/ai.md): looking two placements ahead wins 94–97% of
games against the random player, where taking the best single placement won only 81%;
the strong player wins 62.5% against greedy.

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
    from mathplay.ai.budget import Budget
    from mathplay.games.mixmath import Mixmath
    from mathplay.games.mixmath.moves import Placement

__all__ = ["DEAD_TILE_WEIGHT", "best_placement", "end_of_sequence", "rest_of_turn"]

#: Points a plan loses per point of face value of a tile it leaves with no placement
#: (before the bag is empty). Measured: 0.5 won 60% of 200 games against greedy where
#: counting only the rack at the very end won 53.5–62.5% (docs/ai.md).
DEAD_TILE_WEIGHT = 0.5


def _after(game: Mixmath, move: Placement) -> Mixmath:
    """A copy of ``game`` with ``move`` made (the original is never changed)."""
    trial: Mixmath = game.copy()
    trial.push(move)
    return trial


def end_of_sequence(
    game: Mixmath, player: int, moves: Sequence[Placement], count_rack: bool
) -> float:
    """What ending the turn now is worth besides the placements' points: the rack-clear
    bonus (M7); and with ``count_rack``, minus the tiles still on the rack. Once the bag
    is empty that is their whole face value, which the end of the game takes off the
    score (M9); before, half the face value of the tiles that have no placement now
    (``moves`` are the placements left): heavy tiles that fit nowhere are the ones that
    end up counted against you."""
    view = game.view(player)
    rack = view.hand
    if not rack:
        return float(BONUS) if game.turn_start_rack >= RACK_SIZE else 0.0
    if not count_rack:
        return 0.0
    if not view.bag_size:
        return -float(sum(face_value(tile) for tile in rack))
    live = {move.rack_tile for move in moves}
    return -DEAD_TILE_WEIGHT * sum(face_value(tile) for tile in rack if tile not in live)


def rest_of_turn(
    game: Mixmath,
    player: int,
    depth: int,
    width: int | None,
    count_rack: bool = False,
    budget: Budget | None = None,
) -> float:
    """The most ``player`` can still add this turn with up to ``depth`` more placements,
    trying the ``width`` best-scoring placements at each step (all when ``None``); each
    sequence ends with ``end_of_sequence``. Each position looked at spends a step of
    ``budget``; once it is spent, no further placements are looked at."""
    if game.is_over or game.to_move != player:
        return 0.0
    if budget is not None and not budget.spend():
        depth = 0
    if depth == 0:
        # The placements left matter only for the tiles that fit nowhere (count_rack,
        # while the bag lasts): otherwise they are not listed at all.
        view = game.view(player)
        wanted = count_rack and bool(view.bag_size) and bool(view.hand)
        return end_of_sequence(game, player, game.placements() if wanted else [], count_rack)
    moves = game.placements()
    if not moves:
        return end_of_sequence(game, player, moves, count_rack)
    if width is not None:
        moves = sorted(moves, key=lambda m: m.score or 0, reverse=True)[:width]
    return max(
        (m.score or 0) + rest_of_turn(_after(game, m), player, depth - 1, width, count_rack, budget)
        for m in moves
    )


def best_placement(
    game: Mixmath,
    moves: Sequence[Placement],
    rng: random.Random,
    depth: int = 2,
    width: int | None = None,
    count_rack: bool = False,
    budget: Budget | None = None,
) -> Placement:
    """The first placement of the best sequence of up to ``depth`` placements this turn.

    Every one of ``moves`` is tried first; later steps try the ``width`` best placements
    (all when ``None``). With ``count_rack``, the tiles a sequence leaves on the rack count
    against it (``end_of_sequence``). Ties are broken by ``rng``, so a seeded player
    replays its game. With a ``budget`` (``mathplay.ai.budget``), each position looked at
    spends a step; once it is spent, the placements not yet looked at are valued by
    what they score and what ending the turn after them is worth."""
    player = game.to_move
    best: Placement = moves[0]
    best_value = (-math.inf, 0.0)
    for move in moves:
        rest = rest_of_turn(_after(game, move), player, depth - 1, width, count_rack, budget)
        key = ((move.score or 0) + rest, rng.random())
        if key > best_value:
            best_value, best = key, move
    return best
