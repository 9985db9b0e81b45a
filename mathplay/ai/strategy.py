"""What the computer players know about each game: the turn structure, what to do when
no move scores, and how the strong player values a move beyond its points.

The evaluations are deliberately simple and explainable (a teacher can read them):

- **Binary** — score now plus the value of the *leave*, the tiles kept in hand: a hand
  that keeps one ``=``, a couple of operators and a spread of digits makes expressions
  next turn; a hand of three ``=`` does not.
- **Summy** — the best score now: every leave weighting, lookahead and discard rule
  tried so far did no better than plain greedy play, and the leave did worse (see
  docs/ai.md). A stronger Summy player is still to be found.
- **Mixmath** — a turn is several placements, so the players plan the turn
  (``mathplay.ai.mixmath_plan``): greedy two placements deep, the strong player three
  deep, counting the tiles it would be left with once the bag is empty (M9).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from mathplay.ai.mixmath_plan import best_placement

__all__ = [
    "best_planned",
    "fallback",
    "is_binary",
    "is_mixmath",
    "is_summy",
    "leave_value",
    "mixmath_placements",
    "wants_draw",
]


def is_summy(game: Any) -> bool:
    return getattr(game, "format_name", "") == "mathplay.summy"


def is_mixmath(game: Any) -> bool:
    return getattr(game, "format_name", "") == "mathplay.mixmath"


def is_binary(game: Any) -> bool:
    return getattr(game, "format_name", "") == "mathplay.binary"


def mixmath_placements(game: Any) -> list[Any]:
    return list(game.legal_moves())


def wants_draw(game: Any) -> bool:
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


def fallback(game: Any, rng: random.Random) -> str:
    """What to do with no move to make: throw away the surplus and draw, or pass."""
    hand = list(game.hands[game.to_move])
    if is_summy(game):
        if not game.bag_size or not hand:
            return "pass"
        out = _surplus(hand, {"=": 1, "+": 1, "-": 1, "x": 1, ":": 0}, 4)
        return "discard " + "".join(out or hand)
    if is_binary(game):
        if game.bag_size >= 9 and hand:
            return "exchange " + " ".join(hand)
        return "pass"
    if is_mixmath(game):
        if hand and game.bag_size >= len(hand):
            return "exchange " + " ".join(hand)
        return "pass"
    return "pass"


def leave_value(game: Any, hand: Sequence[str]) -> float:
    """How useful the kept tiles are for the next turn (points, roughly)."""
    counts = Counter(hand)
    if is_summy(game):
        equals = counts["="]
        ops = sum(counts[o] for o in "+-x:")
        digits = [t for t in hand if t.isdigit()]
        value = 4.0 if equals else 0.0
        value -= 3.0 * max(0, equals - 1)
        value += 2.0 * min(ops, 2) - 2.5 * max(0, ops - 2)
        value += 1.0 * min(len(set(digits)), 4)
        value -= 1.5 * (len(digits) - len(set(digits)))
        value += 0.3 * sum(int(d) for d in set(digits))
        return value
    if is_binary(game):
        equals = counts["="]
        ops = sum(counts[o] for o in ("+", "-", "x", "/", "AND", "OR", "XOR", "NOT"))
        bits = counts["0"] + counts["1"]
        value = 3.0 if equals else 0.0
        value -= 2.0 * max(0, equals - 1)
        value += 1.5 * min(ops, 2) - 2.0 * max(0, ops - 2)
        value += 1.0 * min(bits, 4) - 1.0 * max(0, bits - 6)
        value += 2.0 * counts["?"]
        return value
    return 0.0


def _hand_after(game: Any, move: Any) -> list[str]:
    hand = list(game.hands[game.to_move])
    board = game._pos.board
    for square, token in zip(getattr(move, "squares", []), getattr(move, "tokens", [])):
        if board[square] is None:
            tile = "?" if token.startswith("?") else token
            if tile in hand:
                hand.remove(tile)
    return hand


def best_planned(game: Any, moves: Sequence[Any], rng: random.Random) -> Any:
    """The strong player's choice among ``moves``."""
    if is_mixmath(game):
        return best_placement(game, moves, rng, depth=3, width=4, count_rack=True)
    # Measured (tournaments in docs/ai.md): in Binary the leave is worth 0.6 of a point per
    # point of leave value. In Summy this leave lost to plain greedy play even as a
    # tie-break (40% of 200 games), so there the strong player plays the best score.
    weight = 0.0 if is_summy(game) else 0.6
    scored = []
    for move in moves:
        value = move.score + weight * leave_value(game, _hand_after(game, move))
        scored.append((value, rng.random(), move))
    return max(scored, key=lambda item: (item[0], item[1]))[2]
