"""Every legal Summy sum in a position, each once, with its score (S2–S4).

The search works line by line. For each row (across) and column (down) and each place
``e`` for the ``=`` (a ``=`` already there, or an empty square when the hand has one), it
walks leftwards from ``e`` filling the part before ``=`` from the hand and keeping to
the grammar of S2, so every start of that part is found in one walk. Once the part
before ``=`` is fixed, its value fixes the number after ``=``, and so the whole line:
the end of the sum is computed, never searched. Walks over the same stretch of squares
with the same limits are shared (an empty stretch looks the same everywhere), and when
no ``-`` can appear a walk stops as soon as the finished terms exceed the largest number
that could still fit after ``=``.
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
#: A sum found for one place of ``=``: its start (index in the stretch) and its tokens.
LeftPart = tuple[int, tuple[str, ...]]
Values = dict[tuple[str, ...], "int | None"]


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


def _term_value(tokens: list[str]) -> int | Fraction | None:
    """The exact value of a product/quotient term such as ``12x3:4`` (None: ÷ by zero)."""
    value: int | Fraction = 0
    op = ""
    current = ""
    for token in [*tokens, "x"]:
        if token in DIGITS:
            current += token
            continue
        number = int(current)
        current = ""
        if not op:
            value = number
        elif op == "x":
            value = value * number
        elif number == 0:
            return None
        else:
            value = Fraction(value) / number
        op = token
    return value


def _left_parts(
    stretch: tuple[str | None, ...],
    starts: tuple[bool, ...],
    limits: tuple[tuple[int, ...], ...],
    right: tuple[str | None, ...],
    placed_at_e: bool,
    hand: Counter[str],
    values: Values,
) -> list[LeftPart]:
    """Every whole sum whose ``=`` stands just after ``stretch``.

    The part before ``=`` fills a suffix of ``stretch`` from ``hand``, reads ``number op
    number [op number …]`` with no leading zeros, may start where it starts (``starts``)
    and has a whole value below ``limits[k][r]`` when it uses ``k`` hand blocks and leaves
    ``r`` digits in the hand. The number after ``=`` is that value, laid over ``right``
    (the squares after ``=``) with the blocks left. Returns each sum's start in
    ``stretch`` and its tokens."""
    results: list[LeftPart] = []
    reversed_tokens: list[str] = []
    before_equals = len(stretch)

    def _complete(
        forward: tuple[str, ...], value: int, used: int, start: int, rest: Counter[str]
    ) -> tuple[str, ...] | None:
        """The whole line when the number after '=' can be laid with the blocks left."""
        digits = str(value)
        if len(digits) < len(right) and right[len(digits)] is not None:
            return None  # the square after the number is taken: not the whole line
        fixed = before_equals - start - used + (0 if placed_at_e else 1)
        need: dict[str, int] = {}
        for digit, cell in zip(digits, right):
            if cell is None:
                need[digit] = need.get(digit, 0) + 1
                if need[digit] > rest[digit]:
                    return None
            elif cell != digit:
                return None
            else:
                fixed += 1
        if not fixed:
            return None
        return (*forward, "=", *digits)

    can_subtract = hand["-"] > 0 or "-" in stretch
    kinds = [(t, t in DIGITS) for t in hand]
    hand_digits = sum(n for t, n in hand.items() if t in DIGITS)

    def walk(
        index: int,
        digits: int,
        zero_first: bool,
        ops: int,
        used: int,
        left: int,
        done: int | Fraction,
        term_end: int,
    ) -> None:
        # ``digits``: digits of the number being read (right to left); ``zero_first``: its
        # leftmost digit so far is 0; ``left``: digits still in the hand; ``done``: the
        # finished terms (tracked only when no '-' can appear); ``term_end``: where the
        # current term began in ``reversed_tokens``.
        closed = digits > 0 and not (zero_first and digits > 1)
        limit = limits[used][left]
        if closed and ops and starts[index + 1]:
            forward = tuple(reversed(reversed_tokens))
            if forward in values:
                value = values[forward]
            else:
                value = values[forward] = _evaluate(forward)
            if value is not None and value < limit:
                line = _complete(forward, value, used, index + 1, hand)
                if line is not None:
                    results.append((index + 1, line))
        if index < 0:
            return
        fixed = stretch[index]
        choices = [(fixed, fixed in DIGITS)] if fixed is not None else kinds
        for token, is_digit in choices:
            if fixed is None:
                if hand[token] <= 0:
                    continue
                new_used, new_left = used + 1, left - is_digit
                if new_used >= len(limits) or not limits[new_used][new_left]:
                    continue
            else:
                new_used, new_left = used, left
            new_done, new_end = done, term_end
            if is_digit:
                new_digits, new_zero, new_ops = digits + 1, token == "0", ops
            else:
                if not closed or index == 0:
                    continue
                # An operator needs a number on its left: a digit there, or room for one.
                before = stretch[index - 1]
                if before is None:
                    if not new_left:
                        continue
                elif before not in DIGITS:
                    continue
                new_digits, new_zero, new_ops = 0, False, ops + 1
                if token in "+-" and not can_subtract:
                    term = _term_value(list(reversed(reversed_tokens[term_end:])))
                    if term is None:
                        continue
                    new_done = done + term
                    if new_done >= limits[new_used][new_left]:
                        continue
                    new_end = len(reversed_tokens) + 1
            if fixed is None:
                hand[token] -= 1
            reversed_tokens.append(token)
            walk(index - 1, new_digits, new_zero, new_ops, new_used, new_left, new_done, new_end)
            reversed_tokens.pop()
            if fixed is None:
                hand[token] += 1

    walk(len(stretch) - 1, 0, False, 0, 0, hand_digits, 0, 0)
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
    left_hand = Counter({t: n for t, n in hand.items() if t != "=" and n > 0})
    cache: dict[tuple[object, ...], list[LeftPart]] = {}
    values: Values = {}
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
            yield from _line_moves(direction, squares, row, usable, hand, left_hand, cache, values)


def _line_moves(
    direction: Direction,
    squares: list[Square],
    row: list[str | None],
    usable: list[bool],
    hand: Counter[str],
    left_hand: Counter[str],
    cache: dict[tuple[object, ...], list[LeftPart]],
    values: Values,
) -> Iterator[LineMove]:
    size = len(row)
    budget = sum(hand.values())
    for e in range(3, size - 1):
        at_e = row[e]
        if not usable[e] or at_e not in (None, "="):
            continue
        placed_at_e = 1 if at_e is None else 0
        if placed_at_e and not hand["="]:
            continue
        # The stretch the part before '=' may use: usable squares, no '=', and no more
        # empty squares than the hand can fill.
        lo = e
        empties = 0
        while lo > 0:
            cell = row[lo - 1]
            if not usable[lo - 1] or cell == "=":
                break
            if cell is None:
                if empties + placed_at_e + 1 > budget:
                    break
                empties += 1
            lo -= 1
        if e - lo < 3:
            continue
        # reach[n]: the longest number after '=' that fits when the hand can fill at
        # most n of its squares (usable squares only, the square after it free).
        reach = []
        for most in range(budget + 1):
            longest = 0
            empties_right = 0
            for offset in range(e + 1, size):
                if not usable[offset]:
                    break
                if row[offset] is None:
                    empties_right += 1
                    if empties_right > most:
                        break
                longest = offset - e
            reach.append(longest)
        # limits[k][r]: the value before '=' must stay below this when the part before
        # '=' uses k hand blocks and leaves r digits in the hand.
        hand_digits = sum(n for t, n in hand.items() if t in DIGITS)
        limits = tuple(
            tuple(
                10 ** reach[min(r, budget - k - placed_at_e)]
                if budget - k - placed_at_e >= 0 and reach[min(r, budget - k - placed_at_e)]
                else 0
                for r in range(hand_digits + 1)
            )
            for k in range(budget + 1)
        )
        stretch = tuple(row[lo:e])
        # With every block before '=' from the hand, a block already on the table must
        # stand in the number after '='.
        if (
            placed_at_e
            and all(cell is None for cell in stretch)
            and not any(row[i] is not None for i in range(e + 1, e + 1 + reach[budget]))
        ):
            continue
        starts = (*(lo + j == 0 or row[lo + j - 1] is None for j in range(e - lo)), False)
        right = tuple(row[e + 1 : e + 2 + reach[budget]])
        key = (stretch, starts, limits, right, placed_at_e)
        parts = cache.get(key)
        if parts is None:
            parts = _left_parts(
                stretch, starts, limits, right, bool(placed_at_e), left_hand, values
            )
            cache[key] = parts
        for offset, line in parts:
            a = lo + offset
            placed = tuple(squares[a + i] for i in range(len(line)) if row[a + i] is None)
            yield LineMove(squares[a], direction, line, "".join(line), placed, line_score(line))
