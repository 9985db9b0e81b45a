"""The best few Binary moves, found without listing every move.

A hand with blanks can have millions of moves, since a blank may stand for any chip, but
hints and the greedy player need only the best few. ``best_moves`` gives the generator
a ``ScoreFloor``, the n-th best score found so far, and the generator skips every
stretch of a line that cannot reach it (``movegen``). Every move that can is kept, so
the answer is exactly the best of ``legal_moves()``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TYPE_CHECKING

from mathplay.core import LineMove, top_scoring
from mathplay.core.steps import SearchBudget
from mathplay.games.binary.movegen import ScoreFloor, generate_moves

if TYPE_CHECKING:
    from mathplay.games.binary.game import Binary

__all__ = ["best_moves"]


def best_moves(
    game: Binary,
    n: int,
    where: Callable[[LineMove], bool] | None = None,
    *,
    budget: SearchBudget | None = None,
    blanks: bool = True,
    at_least: float = -1,
    promising_first: bool = False,
) -> list[LineMove]:
    """``Binary.best_moves``: every move (that ``where`` accepts) scoring at least the
    ``n``-th best score, best first, ties in generator order.

    For a budgeted search (``mathplay.ai.search``): with a ``budget``, the best of the
    moves found before it runs out; with ``blanks=False``, of the moves that keep the
    blanks in hand; moves scoring below ``at_least`` are not looked for (a score a first
    pass already reached)."""
    if n <= 0:
        return []
    floor = ScoreFloor(at_least)
    best: list[int] = []  # the n best scores so far, a min-heap
    kept: list[LineMove] = []
    for move in generate_moves(game, floor, budget, blanks, promising_first):
        if where is not None and not where(move):
            continue
        score = move.score or 0
        if len(best) < n:
            heapq.heappush(best, score)
            if len(best) == n:
                floor.value = max(floor.value, best[0])
        elif score > best[0]:
            heapq.heapreplace(best, score)
            floor.value = max(floor.value, best[0])
        if score >= floor.value:
            kept.append(move)
    return top_scoring(kept, n)
