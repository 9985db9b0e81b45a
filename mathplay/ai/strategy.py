"""What the computer players know about each game: the turn structure, what to do when
no move scores, and how the strong player values a move beyond its points.

The evaluations are deliberately simple and explainable (a teacher can read them):

- **Binary** — score now plus the value of the *leave*, the chips kept in hand, with
  chip values measured from games; it exchanges a clogged hand when keeping its best
  part is worth more than any move; once the bag is empty it looks at the opponent's
  best reply (``mathplay.ai.binary_eval``).
- **Summy** — score now plus the value of the blocks kept (the leave, measured from
  games); it discards a clogged hand when keeping its best part is worth more than any
  sum (``mathplay.ai.summy_eval``). Measured, that is no stronger than greedy, which
  uses the same values to break ties (docs/ai.md).
- **Mixmath** — a turn is several placements, so the players plan the turn
  (``mathplay.ai.mixmath_plan``): greedy two placements deep, the strong player three
  deep, counting the tiles it would be left with once the bag is empty (M9).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

from mathplay.ai.binary_eval import choose_binary, exchange_instead
from mathplay.ai.budget import Budget
from mathplay.ai.mixmath_plan import best_placement
from mathplay.ai.mixmath_value import unseen_tiles
from mathplay.ai.summy_eval import choose_strong, discard_surplus
from mathplay.core.state import AnyGame
from mathplay.games.mixmath.rules import face_value
from mathplay.games.registry import GAMES

if TYPE_CHECKING:
    from mathplay.games import Binary, Mixmath, Summy

__all__ = [
    "best_planned",
    "fallback",
    "is_binary",
    "is_mixmath",
    "is_summy",
    "mixmath_placements",
    "wants_draw",
]


def _is(game: AnyGame, name: str) -> bool:
    return getattr(game, "format_name", "") == GAMES[name].format_name


def is_summy(game: AnyGame) -> TypeGuard[Summy]:
    """Whether ``game`` is a Summy game (and, for the type checker, is one from then on)."""
    return _is(game, "summy")


def is_mixmath(game: AnyGame) -> TypeGuard[Mixmath]:
    """Whether ``game`` is a Mixmath game."""
    return _is(game, "mixmath")


def is_binary(game: AnyGame) -> TypeGuard[Binary]:
    """Whether ``game`` is a Binary game."""
    return _is(game, "binary")


def mixmath_placements(game: AnyGame) -> list[Any]:
    return list(game.legal_moves())


def wants_draw(game: AnyGame) -> bool:
    """Mixmath (M6): take the optional extra tile whenever it is offered: more tiles, more
    equations."""
    return bool(getattr(game, "can_draw", False))


def _surplus(hand: Sequence[str], keep: dict[str, int], digits_kept: int) -> list[str]:
    """The tokens of ``hand`` beyond what is worth keeping."""
    out: list[str] = []
    kept: Counter[str] = Counter()
    kept_digits = 0
    for token in hand:
        limit = keep.get(token)
        if limit is not None:
            if kept[token] < limit:
                kept[token] += 1
                continue
        elif token.isdigit() and kept[token] == 0 and kept_digits < digits_kept:
            kept[token] += 1
            kept_digits += 1
            continue
        out.append(token)
    return out


def fallback(game: AnyGame, rng: random.Random, careful: bool = True) -> str:
    """What to do with no move to make: throw away the surplus and draw, or pass.

    ``careful`` (greedy and strong players): in Summy, keep the part of the hand worth
    most next turn (``summy_eval.best_keep``); in Mixmath, when this scoreless turn ends
    the game (M9), exchange only the tiles worth more than an average unseen tile, since
    the rack left is taken off the score."""
    hand = list(game.hands[game.to_move])
    if is_summy(game):
        if not game.bag_size or not hand:
            return "pass"
        if careful:
            return discard_surplus(hand)
        out = _surplus(hand, {"=": 1, "+": 1, "-": 1, "x": 1, ":": 0}, 4)
        return "discard " + "".join(out or hand)
    if is_binary(game):
        if game.bag_size >= 9 and hand:
            return "exchange " + " ".join(hand)
        return "pass"
    if is_mixmath(game):
        if careful and _ends_the_game(game):
            return _exchange_before_the_end(game)
        if hand and game.bag_size >= len(hand):
            return "exchange " + " ".join(hand)
        return "pass"
    return "pass"


def _ends_the_game(game: Mixmath) -> bool:
    """Mixmath (M9): every other player has had a scoreless turn since the last placement,
    so a scoreless turn now ends the game."""
    return bool(game.idle_turns == game.players - 1)


def _exchange_before_the_end(game: Mixmath) -> str:
    """Mixmath (M9): the last scoreless turn. The tiles left are taken off the score, so
    swap those worth more than an average unseen tile (bag and other racks) for fresh
    ones; pass when none is, or the bag is empty."""
    view = game.view()
    # What this player cannot see: the bag and the other racks, together.
    unseen = list(unseen_tiles(game, view.player).elements())
    if not unseen or not view.bag_size:
        return "pass"
    average = sum(face_value(tile) for tile in unseen) / len(unseen)
    heavy = sorted(
        (tile for tile in view.hand if face_value(tile) > average), key=face_value, reverse=True
    )[: view.bag_size]
    return "exchange " + " ".join(heavy) if heavy else "pass"


def best_planned(
    game: AnyGame, moves: Sequence[Any], rng: random.Random, budget: Budget | None = None
) -> Any:
    """The strong player's choice among ``moves``, its look-ahead within ``budget``."""
    if is_mixmath(game):
        return best_placement(game, moves, rng, depth=3, width=4, count_rack=True, budget=budget)
    if is_binary(game):
        move = choose_binary(game, moves, rng, budget)
        return exchange_instead(game, move) or move
    return choose_strong(game, moves, rng)
