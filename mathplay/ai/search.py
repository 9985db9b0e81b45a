"""Move searches within a budget, so no child waits long for a computer turn or a hint.

The engines list every legal move exactly (``legal_moves()``, ``best_moves()``). Most
positions take them a few milliseconds, but a Summy hand of many digits on the 25×25
table, or a Binary hand holding blanks, can take a second or more. The computer players
and hints therefore search *within a budget* (``mathplay.ai.budget.Budget``: steps, and a
clock as a safety net) and in passes, quick ones first, so that when the budget runs out
they still have good, legal moves:

- **Summy**: first only the sums that place at most ``SUMMY_FIRST_PASS`` hand blocks (a
  fraction of the work: the walks grow fast with the blocks they may place), then every
  sum;
- **Binary**, when the hand holds a blank: first the moves that keep the blanks in hand
  (few), then every move, looking only for moves that beat the first pass.

When the last pass finishes inside the budget, the answer is exactly the engine's (the
same moves in the same order), so a seeded player plays as it did without a budget.
When it does not, the answer is the best of the moves found: the first pass whole and
as much of the last as the budget allowed. And when the budget ran out before any move
was found (a very slow machine), the search goes on to the first legal move: a player
never passes or discards while it has a move to make.

>>> from mathplay import Summy
>>> game = Summy(players=2, seed=1, size=15)
>>> found = summy_moves(game, Budget(steps=SUMMY_STEPS))
>>> [str(m) for m in found] == [str(m) for m in game.legal_moves()]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from mathplay.ai.budget import Budget
from mathplay.core import top_scoring

__all__ = [
    "BINARY_STEPS",
    "MIXMATH_STEPS",
    "SECONDS",
    "SUMMY_FIRST_PASS",
    "SUMMY_STEPS",
    "binary_best",
    "binary_moves",
    "search_budget",
    "steps_for",
    "summy_moves",
]

#: Steps (squares a walk tries) a Summy search may take: about 0.1 s here.
SUMMY_STEPS: int | None = 60_000
#: The most hand blocks a sum of Summy's first pass places.
SUMMY_FIRST_PASS = 5
#: Steps (squares tried, fills joined) a Binary search may take: about 0.1 s here.
BINARY_STEPS: int | None = 20_000
#: Positions a Mixmath look-ahead may visit for one placement.
MIXMATH_STEPS: int | None = 250
#: The most seconds a turn's or a hint's search may take, on any machine.
SECONDS: float | None = 0.5


def steps_for(game: Any) -> int | None:
    """The steps one search in ``game`` may take (``None``: no limit)."""
    word = getattr(game, "format_name", "")
    if word == "mathplay.summy":
        return SUMMY_STEPS
    return BINARY_STEPS if word == "mathplay.binary" else MIXMATH_STEPS


def search_budget(game: Any) -> Budget:
    """A fresh budget for one search in ``game`` (a hint): its game's steps and
    ``SECONDS``."""
    return Budget(steps=steps_for(game), seconds=SECONDS)


def _merge(*passes: Iterable[Any]) -> list[Any]:
    """The moves of every pass, each once (by notation), in the order first found."""
    seen: dict[str, Any] = {}
    for moves in passes:
        for move in moves:
            seen.setdefault(str(move), move)
    return list(seen.values())


def summy_moves(game: Any, budget: Budget) -> list[Any]:
    """Summy's legal sums, found within ``budget`` (see the module docstring)."""
    from mathplay.games.summy.movegen import generate_sums

    if game.is_over:
        return []
    hand = game.hands[game.to_move]
    if len(hand) <= SUMMY_FIRST_PASS:
        found = list(generate_sums(game, budget))
    else:
        found = list(generate_sums(game, budget, most_blocks=SUMMY_FIRST_PASS))
        if not budget.spent:
            every = list(generate_sums(game, budget))
            found = every if not budget.spent else _merge(found, every)
    if not found and budget.spent:
        return _first(generate_sums(game))
    return found


def _first(moves: Iterable[Any]) -> list[Any]:
    """The first of ``moves``, in a list (empty when there is none)."""
    for move in moves:
        return [move]
    return []


def binary_moves(game: Any, budget: Budget) -> list[Any]:
    """Binary's legal moves, found within ``budget``: with blanks in hand, first those
    that keep the blanks."""
    from mathplay.games.binary.movegen import generate_moves

    if game.is_over:
        return []
    if "?" not in game.hands[game.to_move]:
        found = list(generate_moves(game, None, budget))
    else:
        found = list(generate_moves(game, None, budget, blanks=False))
        if not budget.spent:
            every = list(generate_moves(game, None, budget))
            found = every if not budget.spent else _merge(found, every)
    if not found and budget.spent:
        return _first(generate_moves(game, None, None, blanks=False)) or _first(
            generate_moves(game)
        )
    return found


def binary_best(
    game: Any, n: int, budget: Budget, where: Callable[[Any], bool] | None = None
) -> list[Any]:
    """``game.best_moves(n, where)`` for Binary, found within ``budget``."""
    from mathplay.games.binary.best import best_moves
    from mathplay.games.binary.movegen import generate_moves

    if game.is_over:
        return []
    if "?" not in game.hands[game.to_move]:
        found = best_moves(game, n, where, budget=budget)
    else:
        found = best_moves(game, n, where, budget=budget, blanks=False)
        if not budget.spent:
            scores = sorted((move.score or 0 for move in found), reverse=True)
            at_least = scores[n - 1] if len(scores) >= n else -1
            every = best_moves(game, n, where, budget=budget, at_least=at_least)
            found = every if not budget.spent else top_scoring(_merge(found, every), n)
    if not found and budget.spent:
        moves = (m for m in generate_moves(game) if where is None or where(m))
        return _first(
            m for m in generate_moves(game, None, None, False) if where is None or where(m)
        ) or _first(moves)
    return found
