"""How the Summy players value the blocks they keep, and when the strong player discards.

A Summy game is short (about seven sums a player) and the blocks drawn decide much of
it. What a player *can* steer is the hand it keeps for next turn, the *leave*: a hand of
three ``=`` or four operators often makes no sum at all, and a turn with no sum loses
about 25 points. The value of a leave, in points of next turn's best score, is

- for each different digit kept: ``9`` +2.5, ``8`` +3, ``7`` and ``6`` +2, ``4`` +1.5,
  ``5`` 0, ``1`` −0.5, ``3`` −1, ``2`` −1.5, ``0`` −2.5 (high digits make high sums);
  each further copy of a digit already kept −1;
- for each different operator kept: ``-`` +0.5, ``:`` −0.5, ``+`` −1, ``x`` −2; every
  operator beyond the second −5;
- one ``=`` +0.5, each further ``=`` −4.5 (a sum holds one ``=``, and the table offers
  ``=`` to cross).

These numbers were measured, not guessed (``tools/summy_leave.py``): in 49 greedy games
on the 25×25 table (25 from seed 5001, 24 from seed 6001), at 60% of the turns with a
full stock, we kept the leaves of the three best sums and of one random sum, plus two
random parts of the hand, filled the hand up three times with blocks not yet seen, and
recorded the best score the hand could then make (1913 leaves). A linear fit of that
score on the blocks kept gave the values above (each ±0.4–0.7 points; an empty leave is
worth 25.0 points).

The **strong** player makes the sum with the highest *points now + value of the leave*
while the stock can refill its hand; it **discards** instead when the best part of its
hand to keep is worth ``DISCARD_MARGIN`` points more than that. The **greedy** player
makes the highest-scoring sum and uses the leave only to break ties. With no sum to
make, both keep the best part of the hand and discard the rest.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from mathplay.ai.leave import hand_after
from mathplay.core.state import AnyGame

__all__ = [
    "DIGIT_VALUE",
    "DISCARD_MARGIN",
    "OPERATOR_VALUE",
    "best_keep",
    "choose_greedy",
    "choose_strong",
    "discard_surplus",
    "hand_after",
    "leave_value",
]

#: What keeping one of each digit is worth next turn, in points (measured, see above).
DIGIT_VALUE: dict[str, float] = {
    "0": -2.5,
    "1": -0.5,
    "2": -1.5,
    "3": -1.0,
    "4": 1.5,
    "5": 0.0,
    "6": 2.0,
    "7": 2.0,
    "8": 3.0,
    "9": 2.5,
}
#: What keeping one of each operator is worth next turn, in points.
OPERATOR_VALUE: dict[str, float] = {"+": -1.0, "-": 0.5, "x": -2.0, ":": -0.5}
MORE_OF_A_DIGIT = -1.0  # each further copy of a digit already kept
MANY_OPERATORS = -5.0  # each operator kept beyond the second
FIRST_EQUALS = 0.5  # keeping one =
MORE_EQUALS = -4.5  # each further = kept
#: How much more (in points) keeping the best part of the hand must be worth than the
#: best sum before the strong player discards instead of making it.
DISCARD_MARGIN = 5.0


def leave_value(hand: Sequence[str]) -> float:
    """How much the blocks ``hand`` kept after a turn are worth next turn, in points,
    compared with drawing fresh blocks.

    >>> leave_value("98") > leave_value("") > leave_value("===")
    True
    """
    counts = Counter(hand)
    value = 0.0
    for digit, worth in DIGIT_VALUE.items():
        if counts[digit]:
            value += worth + MORE_OF_A_DIGIT * (counts[digit] - 1)
    operators = 0
    for operator, worth in OPERATOR_VALUE.items():
        if counts[operator]:
            value += worth
            operators += counts[operator]
    value += MANY_OPERATORS * max(0, operators - 2)
    equals = counts["="]
    value += FIRST_EQUALS * min(equals, 1) + MORE_EQUALS * max(0, equals - 1)
    return value


def best_keep(hand: Sequence[str], most: int | None = None) -> tuple[list[str], float]:
    """The part of ``hand`` (of at most ``most`` blocks) most worth keeping, and its
    value. Every part is tried: a hand holds at most 8 blocks, so at most 256 parts.

    >>> best_keep(list("==x:+98="))[0]
    ['=', '9', '8']
    """
    best: tuple[int, ...] = ()
    best_value = leave_value(())
    largest = len(hand) if most is None else min(most, len(hand))
    for size in range(1, largest + 1):
        for part in itertools.combinations(range(len(hand)), size):
            value = leave_value([hand[i] for i in part])
            if value > best_value:
                best, best_value = part, value
    return [hand[i] for i in best], best_value


def discard_surplus(hand: Sequence[str]) -> str:
    """With no sum to make: discard all but the best part of ``hand``. At least one block
    goes, since a hand kept whole would most likely be stuck again.

    >>> discard_surplus(list("==x:+98="))
    'discard =x:+='
    """
    if not hand:
        return "pass"
    return _discard_all_but(hand, best_keep(hand, most=len(hand) - 1)[0])


def _discard_all_but(hand: Sequence[str], kept: Sequence[str]) -> str:
    out = list(hand)
    for token in kept:
        out.remove(token)
    return "discard " + "".join(out)


def _full_refill(game: AnyGame) -> bool:
    """Whether the stock can fill the hand up after any sum: only then is the leave
    valued as measured."""
    return bool(game.bag_size >= game.options.hand_size)


def choose_greedy(game: AnyGame, moves: Sequence[Any], rng: random.Random) -> Any:
    """The highest-scoring sum; among sums that score the same, the best leave."""
    best = max(move.score for move in moves)
    tied = [move for move in moves if move.score == best]
    if len(tied) > 1 and _full_refill(game):
        values = [leave_value(hand_after(game, move)) for move in tied]
        top = max(values)
        tied = [move for move, value in zip(tied, values) if value == top]
    return rng.choice(tied)


def choose_strong(game: AnyGame, moves: Sequence[Any], rng: random.Random) -> Any:
    """The sum with the most points now plus leave value, or a discard that keeps a
    much better hand; with a stock too small to refill the hand, as greedy."""
    if not _full_refill(game):
        return choose_greedy(game, moves, rng)
    values = [move.score + leave_value(hand_after(game, move)) for move in moves]
    top = max(values)
    choice = rng.choice([move for move, value in zip(moves, values) if value == top])
    hand = list(game.hands[game.to_move])
    kept, kept_value = best_keep(hand)
    if kept_value > top + DISCARD_MARGIN and len(kept) < len(hand):
        return _discard_all_but(hand, kept)
    return choice
