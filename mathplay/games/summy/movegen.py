"""Every legal Summy sum in a position, each once, with its score (S2–S4).

The search works line by line. For each row (across) and column (down) and each place
``e`` for the ``=`` (a ``=`` already there, or an empty square when the hand has one), it
tries every start ``a`` for the part before ``=`` and fills that part's empty squares
from the hand, keeping to the grammar of S2 as it goes. Once the part before ``=`` is
fixed, its value fixes the number after ``=``, and so the whole line: the end of the
sum is found, never searched. Fills of the same pattern with the same hand are computed
once per call (an all-empty stretch of length 4 gives the same fills everywhere).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from mathplay.core import Direction, LineMove, Square
from mathplay.games.summy.rules import DIGITS, line_score

if TYPE_CHECKING:
    from mathplay.games.summy.game import Summy

__all__ = ["generate_sums"]

_OPS = "+-x:"
Fill = tuple[tuple[str, ...], int]  # tokens of the left part, and its value


def _evaluate(tokens: tuple[str, ...]) -> int | None:
    """The value of a well-formed left part when it is a whole number ≥ 0, else None."""
    numbers: list[int | Fraction] = []
    ops: list[str] = []
    current = ""
    for token in tokens:
        if token in DIGITS:
            current += token
        else:
            numbers.append(int(current))
            ops.append(token)
            current = ""
    numbers.append(int(current))
    # x and : first, left to right (S2)
    terms: list[int | Fraction] = [numbers[0]]
    signs: list[str] = []
    for op, number in zip(ops, numbers[1:]):
        if op == "x":
            terms[-1] = terms[-1] * number
        elif op == ":":
            if number == 0:
                return None
            top = terms[-1]
            if isinstance(top, int) and top % number == 0:
                terms[-1] = top // number
            else:
                terms[-1] = Fraction(top) / number
        else:
            signs.append(op)
            terms.append(number)
    total = terms[0]
    for sign, term in zip(signs, terms[1:]):
        total = total + term if sign == "+" else total - term
    if isinstance(total, Fraction):
        if total.denominator != 1:
            return None
        total = total.numerator
    return total if total >= 0 else None


def _left_fills(pattern: tuple[str | None, ...], hand: Counter[str]) -> list[Fill]:
    """Every way to fill the ``None`` cells of ``pattern`` from ``hand`` (no ``=``) so that
    it reads ``number op number [op number …]`` with no leading zeros."""
    results: list[Fill] = []
    length = len(pattern)
    tokens: list[str] = []

    def walk(index: int, state: int, ops_used: int) -> None:
        # state: 0 = a number must start, 1 = inside a number, 2 = inside a number that is "0"
        if index == length:
            if state != 0 and ops_used:
                filled = tuple(tokens)
                value = _evaluate(filled)
                if value is not None:
                    results.append((filled, value))
            return
        fixed = pattern[index]
        choices = (fixed,) if fixed is not None else tuple(t for t, n in hand.items() if n > 0)
        for token in choices:
            if token in DIGITS:
                if state == 2:
                    continue  # no leading zeros
                if state == 0:
                    new_state = 2 if token == "0" else 1
                else:
                    new_state = 1
                new_ops = ops_used
            elif token in _OPS:
                if state == 0:
                    continue
                new_state, new_ops = 0, ops_used + 1
            else:
                continue
            if fixed is None:
                hand[token] -= 1
            tokens.append(token)
            walk(index + 1, new_state, new_ops)
            tokens.pop()
            if fixed is None:
                hand[token] += 1

    walk(0, 0, 0)
    return results


def generate_sums(game: Summy) -> Iterator[LineMove]:
    pos = game._pos
    board = pos.board
    size = board.size
    cells = board.cells
    hand = Counter(pos.hands[pos.to_move])
    forbidden: set[Square] = set()
    members: dict[Direction, set[Square]] = {d: set() for d in Direction}
    for record in pos.sums:
        forbidden.add(record.before)
        forbidden.add(record.after)
        members[record.direction].update(record.squares)
    hand_equals = hand["="]
    left_hand = Counter({t: n for t, n in hand.items() if t != "=" and n > 0})
    cache: dict[tuple[str | None, ...], list[Fill]] = {}

    for direction in Direction:
        for line in range(size):
            squares = [
                (line, i) if direction is Direction.ACROSS else (i, line) for i in range(size)
            ]
            row = [cells[r * size + c] for r, c in squares]
            if all(token is None for token in row):
                continue
            usable = [
                (row[i] is None and squares[i] not in forbidden)
                or (row[i] is not None and squares[i] not in members[direction])
                for i in range(size)
            ]
            yield from _line_moves(
                direction, squares, row, usable, hand, hand_equals, left_hand, cache
            )


def _line_moves(
    direction: Direction,
    squares: list[Square],
    row: list[str | None],
    usable: list[bool],
    hand: Counter[str],
    hand_equals: int,
    left_hand: Counter[str],
    cache: dict[tuple[str | None, ...], list[Fill]],
) -> Iterator[LineMove]:
    size = len(row)
    budget = sum(hand.values())
    for e in range(2, size - 1):
        at_e = row[e]
        if at_e is None:
            if not hand_equals or not usable[e]:
                continue
        elif at_e != "=" or not usable[e]:
            continue
        placed_at_e = 1 if at_e is None else 0
        # The part before '=' runs from a to e-1; walk a leftwards from e-3.
        for a in range(e - 3, -1, -1):
            if not usable[a] or row[a] == "=":
                break
            if a > 0 and row[a - 1] is not None:
                continue  # the sum would not be the whole unbroken line
            pattern = tuple(row[a:e])
            if not all(usable[i] and row[i] != "=" for i in range(a, e)):
                continue
            empties_left = pattern.count(None)
            if empties_left + placed_at_e > budget:
                break
            fills = cache.get(pattern)
            if fills is None:
                fills = _left_fills(pattern, left_hand)
                cache[pattern] = fills
            fixed_left = len(pattern) - empties_left
            for tokens, value in fills:
                digits = str(value)
                b = e + len(digits)
                if b >= size:
                    continue
                if b + 1 < size and row[b + 1] is not None:
                    continue
                used = Counter(t for t, fixed in zip(tokens, pattern) if fixed is None)
                if placed_at_e:
                    used["="] += 1
                fixed_count = fixed_left + (1 - placed_at_e)
                ok = True
                for offset, digit in enumerate(digits, start=e + 1):
                    there = row[offset]
                    if not usable[offset]:
                        ok = False
                        break
                    if there is None:
                        used[digit] += 1
                    elif there != digit:
                        ok = False
                        break
                    else:
                        fixed_count += 1
                if not ok or fixed_count == 0:
                    continue
                if any(hand[t] < n for t, n in used.items()):
                    continue
                if sum(used.values()) == 0:
                    continue
                line = (*tokens, "=", *digits)
                placed = tuple(squares[a + i] for i, _t in enumerate(line) if row[a + i] is None)
                text = "".join(line)
                yield LineMove(squares[a], direction, line, text, placed, line_score(line))
