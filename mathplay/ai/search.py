"""Move searches within a budget, so no child waits long for a computer turn or a hint.

The engines list every legal move exactly (``legal_moves()``, ``best_moves()``). Most
positions take them a few milliseconds, but a Summy hand of many digits on the 25×25
table, or a Binary hand holding blanks, can take a second or more. The computer players
and hints therefore search *within a budget* (``mathplay.ai.budget.Budget``: steps, and a
clock as a safety net), in an order that finds good moves first, so that when the budget
runs out they still have good, legal moves:

- **Summy**: the lines whose digits on the table add up to most first (a sum scores its
  digits, so that is where the best sums usually are);
- **Binary**: the lines with the best premiums within reach of the chips first; and when
  the hand holds a blank, first the moves that keep the blanks in hand (few), then every
  move, looking only for moves that beat the first pass.

When the search finishes inside the budget, the answer is exactly the engine's (the same
moves in the same order), so a seeded player plays as it did without a budget. When it
does not, the answer is the best of the moves found: for Binary the first pass whole
and as much of the second as the budget allowed. And when the budget ran out before any move
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
from typing import TYPE_CHECKING, Any

from mathplay.ai.budget import Budget
from mathplay.core import top_scoring
from mathplay.core.state import AnyGame
from mathplay.games.registry import GAMES

if TYPE_CHECKING:
    from mathplay.games import Binary, Summy

__all__ = [
    "BINARY_STEPS",
    "BINARY_TURN_STEPS",
    "MIXMATH_STEPS",
    "MIXMATH_TURN_STEPS",
    "SECONDS",
    "SUMMY_STEPS",
    "binary_best",
    "binary_moves",
    "engine_order",
    "search_budget",
    "steps_for",
    "summy_moves",
    "turn_budget",
]

#: Steps (squares a walk tries) a Summy search may take: at most about 0.1 s of CPU here
#: (bench/turn_latency.py: p95 of a turn or hint under 100 ms on every table).
SUMMY_STEPS: int | None = 30_000
#: Steps (squares tried, fills joined, stretches set up) a Binary search may take, and a
#: whole turn (once the bag is empty the strong player also looks at replies): the same.
BINARY_STEPS: int | None = 12_000
BINARY_TURN_STEPS: int | None = 14_000
#: Positions a Mixmath look-ahead may visit for one placement, and for a whole turn.
MIXMATH_STEPS: int | None = 1_000
MIXMATH_TURN_STEPS: int | None = 2_000
#: A far safety net, in seconds, for a turn's or a hint's search: the step budgets above
#: end every search here long before it (the slowest turn of the benches takes about
#: 0.3 s of CPU), so a seeded game replays exactly on a busy machine; only a machine
#: many times slower than any school computer would ever reach it.
SECONDS: float | None = 10.0


def _name(game: AnyGame) -> str:
    """The game's name (``GAMES`` in :mod:`mathplay.games.registry`); a game the registry
    does not know, or a plug-in's, is searched as Mixmath was before (the smallest
    budgets)."""
    word = getattr(game, "format_name", "")
    known = (info.name for info in GAMES.values() if info.format_name == word and not info.plugin)
    return next(known, "mixmath")


def steps_for(game: AnyGame) -> int | None:
    """The steps one search in ``game`` may take (``None``: no limit)."""
    steps = {"summy": SUMMY_STEPS, "mixmath": MIXMATH_STEPS, "binary": BINARY_STEPS}
    return steps[_name(game)]


def turn_budget(game: AnyGame) -> Budget:
    """A fresh budget for a whole computer turn in ``game``: ``SECONDS``, and the steps
    of all its searches together (Summy has one search a turn)."""
    steps = {"mixmath": MIXMATH_TURN_STEPS, "binary": BINARY_TURN_STEPS}
    return Budget(steps=steps.get(_name(game)), seconds=SECONDS)


def search_budget(game: AnyGame) -> Budget:
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


def engine_order(moves: Iterable[Any]) -> list[Any]:
    """``moves`` found line by line in another order of lines, back in the engine's order
    of lines (rows, then columns); within a line the order is the engine's already."""
    from mathplay.core import Direction

    def line_of(move: Any) -> tuple[int, int]:
        row, column = move.start
        return (0, row) if move.direction is Direction.ACROSS else (1, column)

    return sorted(moves, key=line_of)


def summy_moves(game: Summy, budget: Budget) -> list[Any]:
    """Summy's legal sums, found within ``budget``: the lines richest in table digits
    first (see the module docstring); in the engine's order when the search finished."""
    from mathplay.games.summy.movegen import generate_sums

    if game.is_over:
        return []
    found = list(generate_sums(game, budget, rich_first=True))
    if not found and budget.spent:
        return _first(generate_sums(game))
    return found if budget.spent else engine_order(found)


def _first(moves: Iterable[Any]) -> list[Any]:
    """The first of ``moves``, in a list (empty when there is none)."""
    for move in moves:
        return [move]
    return []


def binary_moves(game: Binary, budget: Budget) -> list[Any]:
    """Binary's legal moves, found within ``budget``: with blanks in hand, first those
    that keep the blanks."""
    from mathplay.games.binary.movegen import generate_moves

    if game.is_over:
        return []
    if "?" not in game.hands[game.to_move]:
        found = list(generate_moves(game, None, budget, promising_first=True))
    else:
        found = list(generate_moves(game, None, budget, blanks=False, promising_first=True))
        if not budget.spent:
            every = list(generate_moves(game, None, budget, promising_first=True))
            found = every if not budget.spent else _merge(found, every)
    if not budget.spent:
        return engine_order(found)
    if not found:
        return _first(generate_moves(game, None, None, blanks=False)) or _first(
            generate_moves(game)
        )
    return found


def binary_best(
    game: Binary, n: int, budget: Budget, where: Callable[[Any], bool] | None = None
) -> list[Any]:
    """``game.best_moves(n, where)`` for Binary, found within ``budget``."""
    from mathplay.games.binary.best import best_moves
    from mathplay.games.binary.movegen import generate_moves

    if game.is_over:
        return []
    if "?" not in game.hands[game.to_move]:
        found = best_moves(game, n, where, budget=budget, promising_first=True)
    else:
        found = best_moves(game, n, where, budget=budget, blanks=False, promising_first=True)
        if not budget.spent:
            scores = sorted((move.score or 0 for move in found), reverse=True)
            at_least = scores[n - 1] if len(scores) >= n else -1
            every = best_moves(
                game, n, where, budget=budget, at_least=at_least, promising_first=True
            )
            found = every if not budget.spent else top_scoring(_merge(found, every), n)
    if not budget.spent:
        # Ties in the engine's order: the same answer as ``game.best_moves``.
        return top_scoring(engine_order(found), n)
    if not found:
        moves = (m for m in generate_moves(game) if where is None or where(m))
        return _first(
            m for m in generate_moves(game, None, None, False) if where is None or where(m)
        ) or _first(moves)
    return found
