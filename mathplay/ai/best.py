"""The best moves of a position, searched exactly once and shared by the hint, the review
and the board, so that what they say agrees.

The review compares each turn with the best move there was, found by the game's own exact
move generator (``game.best_moves``). An exact search of a Binary position with blanks can
take most of a second; a hint must answer at once, so it searches within a budget
(:mod:`mathplay.ai.search`) and may stop before it has seen the best move. Two things keep
the hint and the review saying the same:

- **One answer per position.** Every exact search is kept here, keyed by the position
  (the game, its options and :meth:`~mathplay.core.state.GameState.state_key`). A hint
  asked in a position searched already gives that answer (the best move, exactly), and
  the review reads it instead of searching again.
- **Searched as the game goes.** A board searches each new position in the background
  while the pupil thinks (:mod:`mathplay.widgets.searching`), so the hint of the next turn
  and the review at the end find it ready: the review of a whole game then takes a blink.

A hint whose budget ran out before the position was searched exactly says its move is a
good one that may not be the best (``Hint.exact``), never that it is the best.

>>> from mathplay import Summy
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> game = Summy.from_diagram(chr(10).join(rows), hands=["1236+x", "45+9"])
>>> forget()  # this process may have searched it already (another test, a board)
>>> known_best(game) is None
True
>>> [str(move) for move in exact_best(game)]  # every move of the best score
['B5 across 3x2=6', 'B5 across 2x3=6', 'E2 down 3x2=6', 'E2 down 2x3=6']
>>> known_best(game) == exact_best(game)
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from mathplay.core.state import AnyGame

__all__ = [
    "exact_best",
    "forget",
    "known_best",
    "places_tiles",
    "position_key",
    "search_positions",
    "unknown_positions",
]

#: How many positions are kept (a long Binary game has about 60; a class's kernel plays
#: a few games at a time). The oldest are forgotten first.
KEPT = 4096

_KEPT: OrderedDict[tuple[Any, ...], tuple[Any, ...]] = OrderedDict()
_LOCK = threading.Lock()


def places_tiles(move: Any) -> bool:
    """Whether ``move`` puts tiles on the board (not a pass, an exchange, an end)."""
    return hasattr(move, "squares") or hasattr(move, "square")


def position_key(game: AnyGame) -> tuple[Any, ...]:
    """What makes two positions the same for a search: the game, its options (Mixmath's
    powers or modulo change what is legal) and everything in the position."""
    return (type(game).__name__, repr(getattr(game, "options", None)), game.state_key())


def forget() -> None:
    """Forget every position searched (for benchmarks and tests that start cold)."""
    with _LOCK:
        _KEPT.clear()


def known_best(game: AnyGame) -> tuple[Any, ...] | None:
    """The best moves of this position if it was searched exactly already, else ``None``."""
    key = position_key(game)
    with _LOCK:
        found = _KEPT.get(key)
        if found is not None:
            _KEPT.move_to_end(key)
        return found


def exact_best(game: AnyGame) -> tuple[Any, ...]:
    """Every move scoring the best score there is (``game.best_moves(1)`` among the moves
    that place tiles; empty when none is possible), searched once per position."""
    found = known_best(game)
    if found is not None:
        return found
    if game.is_over:
        return ()
    found = tuple(game.best_moves(1, where=places_tiles))
    key = position_key(game)
    with _LOCK:
        _KEPT[key] = found
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return found


def _positions(game: AnyGame) -> list[AnyGame]:
    """The positions of ``game``, newest first: now, then before each move (copies)."""
    twin = game.copy()
    found = [twin.copy()]
    while twin.history:
        twin.undo()
        found.append(twin.copy())
    return found


def unknown_positions(game: AnyGame) -> int:
    """How many positions of ``game`` (now and before each move) are not searched yet."""
    return sum(
        1 for position in _positions(game) if not position.is_over and known_best(position) is None
    )


def search_positions(
    game: AnyGame, stop: Callable[[], bool] = lambda: False, limit: int | None = None
) -> int:
    """Search exactly every position of ``game`` not searched yet, the newest first (the
    next hint's), until done, ``limit`` positions are searched, or ``stop()`` says so
    between two positions. Works on copies: ``game`` is not touched. Returns how many
    positions were searched."""
    searched = 0
    for position in _positions(game):
        if stop() or (limit is not None and searched >= limit):
            break
        if position.is_over or known_best(position) is not None:
            continue
        exact_best(position)
        searched += 1
    return searched
