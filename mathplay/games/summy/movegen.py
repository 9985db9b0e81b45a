"""Every legal Summy sum in a position, each once, with its score (S2–S4).

The search works line by line. For each row (across) and column (down) and each place
``e`` for the ``=`` (a ``=`` already there, or an empty square when the hand has one), it
first reads the squares after ``e``: which lengths the number after ``=`` may have, how
many hand blocks each length needs and the largest value it can show. A place where no
number fits is dropped at once. Then it walks leftwards from ``e`` filling the part before
``=`` from the hand and keeping to the grammar of S2, so every start of that part is found
in one walk. The walk keeps the value of what it has read as exact fractions (whole
numbers, no ``Fraction`` objects), so at each possible start the value before ``=`` is
known at once; that value fixes the number after ``=``, and so the whole line: the end
of the sum is computed, never searched. Walks over the same stretch of squares with the
same limits are shared (an empty stretch looks the same everywhere), and when no ``-``
can appear a walk stops as soon as the finished terms reach the largest number that
could still fit after ``=``.

With a ``budget`` (``mathplay.core.steps``: the computer players and hints), the
walks count the squares they try and the search stops when the budget runs out: every sum
found so far is legal, but some may be missing. With ``rich_first`` the lines whose digits
on the table add up to most are searched first: a sum scores its digits, so a search cut
short has looked where the best sums usually are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from mathplay.core import Direction, LineMove, Square
from mathplay.core.steps import OutOfSteps, SearchBudget, StepCounter
from mathplay.games.summy.rules import DIGITS, line_score

if TYPE_CHECKING:
    from mathplay.games.summy.game import Summy

__all__ = ["generate_sums"]


#: A sum found for one place of ``=``: its start (index in the stretch) and its tokens.
LeftPart = tuple[int, tuple[str, ...]]
Limits = tuple[tuple[int, ...], ...]


def _number_limits(
    right: tuple[str | None, ...], free: int, hand_digits: int, need_table: bool
) -> Limits:
    """``limits[k][r]``: the value before ``=`` must stay below this bound when the part
    before ``=`` uses ``k`` hand blocks and leaves ``r`` digits in the hand; 0 when no
    number can follow ``=`` then.

    ``right`` is the squares after ``=`` that a number may use, then the square after
    them (``None`` when free); ``free`` is how many hand blocks are left besides the part
    before ``=`` (the hand less any ``=`` placed); ``need_table``: the number must cover a
    block already on the table."""
    # (blocks needed, exclusive upper bound) for every length the number may have
    lengths: list[tuple[int, int]] = []
    for length in range(1, len(right)):
        cells = right[:length]
        if cells[-1] is not None and cells[-1] not in DIGITS:
            break  # an operator or '=' after '=': no longer number fits either
        if right[length] is not None:
            continue  # the square after the number is taken: not the whole line
        if length > 1 and cells[0] == "0":
            continue  # no leading zero
        if need_table and all(cell is None for cell in cells):
            continue
        need = sum(cell is None for cell in cells)
        lengths.append((need, int("".join(cell or "9" for cell in cells)) + 1))
    # most[n]: the largest bound of a length needing at most n blocks
    most = [0] * (max(free, hand_digits) + 1)
    for need, bound in lengths:
        if need < len(most):
            most[need] = max(most[need], bound)
    for n in range(1, len(most)):
        most[n] = max(most[n], most[n - 1])
    return tuple(
        tuple(most[min(r, free - k)] for r in range(hand_digits + 1)) for k in range(free + 1)
    )


def _left_parts(
    stretch: tuple[str | None, ...],
    starts: tuple[bool, ...],
    limits: Limits,
    right: tuple[str | None, ...],
    placed_at_e: bool,
    hand: Counter[str],
    steps: StepCounter | None = None,
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

    def complete(value: int, used: int, start: int) -> None:
        """Record the whole line when the number after '=' can be laid with the blocks
        left, and the line holds both a block from the hand and one from the table (S3:
        a true line already whole on the table, left by side contacts, is no move)."""
        digits = str(value)
        if right[len(digits)] is not None:
            return  # the square after the number is taken: not the whole line
        fixed = before_equals - start - used + (0 if placed_at_e else 1)
        placed = used + placed_at_e
        need: dict[str, int] = {}
        for digit, cell in zip(digits, right):
            if cell is None:
                count = need[digit] = need.get(digit, 0) + 1
                if count > hand[digit]:
                    return
                placed += 1
            elif cell != digit:
                return
            else:
                fixed += 1
        if fixed and placed:
            results.append((start, (*reversed(reversed_tokens), "=", *digits)))

    can_subtract = hand["-"] > 0 or "-" in stretch
    kinds = [(t, t in DIGITS, int(t) if t in DIGITS else 0) for t in hand]
    hand_digits = sum(n for t, n in hand.items() if t in DIGITS)
    powers = [10**i for i in range(len(stretch) + 1)]
    # Two exact cuts, for hands that are mostly digits (their walks are the longest):
    # ``op_left[i]``: an operator stands on the table at or left of ``i``; with none in the
    # hand either, a walk that has read no operator yet can never become a sum.
    # ``only_plus[i]``: no ``-``, ``x`` or ``:`` can appear at or left of ``i`` (none in
    # the hand, none on the table there), so the value before ``=`` can only grow as the
    # walk goes on left; once the term being read makes it too big for any number after
    # ``=`` (``cap``), the walk stops.
    op_left: list[bool] = []
    only_plus: list[bool] = []
    seen = False
    other = any(hand[t] > 0 for t in "-x:")
    for cell in stretch:
        seen = seen or (cell is not None and cell not in DIGITS)
        other = other or cell in ("-", "x", ":")
        op_left.append(seen)
        only_plus.append(not other)
    hand_ops = any(n > 0 and t not in DIGITS for t, n in hand.items())
    cap = [max(max(row) for row in limits[k:]) for k in range(len(limits))]

    # The choices at each square: the hand's blocks where it is empty, else the block
    # there (made once, not at every step of the walk).
    fixed_choices = [
        None if cell is None else [(cell, cell in DIGITS, int(cell) if cell in DIGITS else 0)]
        for cell in stretch
    ]
    push = reversed_tokens.append
    pop = reversed_tokens.pop
    n_limits = len(limits)

    def walk(
        index: int,
        number: int,
        digits: int,
        zero_first: bool,
        ops: int,
        used: int,
        left: int,
        fp: int,
        fq: int,
        ta: int,
        tb: int,
    ) -> None:
        # Reading right to left. ``number``/``digits``: the number being read and its
        # digit count; ``zero_first``: its leftmost digit so far is 0; ``fp/fq``: the
        # factor the rest of its term (to its right) multiplies it by; ``ta/tb``: the
        # finished terms to the right, signed; ``left``: digits still in the hand.
        closed = digits > 0 and not (zero_first and digits > 1)
        if closed and ops and starts[index + 1]:
            limit = limits[used][left]
            if limit:
                top = number * fp * tb + ta * fq
                bottom = fq * tb
                if top >= 0 and top % bottom == 0 and top // bottom < limit:
                    complete(top // bottom, used, index + 1)
        if index < 0:
            return
        if steps is not None:
            steps.count += 1
            if steps.count >= steps.chunk:
                steps.charge()
        if not ops and not hand_ops and not op_left[index]:
            return  # no operator can come: no sum
        if only_plus[index] and ta * fq + number * fp * tb >= cap[used] * fq * tb:
            return  # already too big for any number after '='
        fixed = fixed_choices[index]
        free = fixed is None
        for token, is_digit, digit in kinds if fixed is None else fixed:
            if free:
                if hand[token] <= 0:
                    continue
                new_used = used + 1
                new_left = left - is_digit
                if new_used >= n_limits or not limits[new_used][new_left]:
                    continue
                hand[token] -= 1
            else:
                new_used, new_left = used, left
            push(token)
            if is_digit:
                walk(
                    index - 1, digit * powers[digits] + number, digits + 1, digit == 0, ops,
                    new_used, new_left, fp, fq, ta, tb,
                )  # fmt: skip
            elif closed and index:
                # An operator needs a number on its left: a digit there, or room for one.
                before = stretch[index - 1]
                if new_left if before is None else before in DIGITS:
                    if token == "x":
                        walk(index - 1, 0, 0, False, ops + 1, new_used, new_left,
                             fp * number, fq, ta, tb)  # fmt: skip
                    elif token == ":":
                        if number:  # division by zero makes the sum false
                            walk(index - 1, 0, 0, False, ops + 1, new_used, new_left,
                                 fp, fq * number, ta, tb)  # fmt: skip
                    else:
                        term = number * fp * tb
                        new_ta = ta * fq + term if token == "+" else ta * fq - term
                        new_tb = tb * fq
                        # Unless a '-' may come, the finished terms alone must not
                        # already be too big.
                        if can_subtract or new_ta < limits[new_used][new_left] * new_tb:
                            walk(index - 1, 0, 0, False, ops + 1, new_used, new_left,
                                 1, 1, new_ta, new_tb)  # fmt: skip
            pop()
            if free:
                hand[token] += 1

    walk(len(stretch) - 1, 0, 0, False, 0, 0, hand_digits, 1, 1, 0, 1)
    return results


def generate_sums(
    game: Summy, budget: SearchBudget | None = None, rich_first: bool = False
) -> Iterator[LineMove]:
    """Every legal sum (S2–S4), each once, line by line (rows, then columns); with a
    ``budget``, those found before it runs out; with ``rich_first``, the lines whose
    table digits add up to most come first."""
    steps = None if budget is None else StepCounter(budget)
    try:
        yield from _all_lines(game, steps, rich_first)
    except OutOfSteps:
        return


def _all_lines(game: Summy, steps: StepCounter | None, rich_first: bool) -> Iterator[LineMove]:
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
    limits_cache: dict[tuple[object, ...], Limits] = {}
    lines: list[tuple[Direction, list[Square], list[str | None]]] = []
    for direction in Direction:
        for line in range(size):
            squares = [
                (line, i) if direction is Direction.ACROSS else (i, line) for i in range(size)
            ]
            row = [cells[r * size + c] for r, c in squares]
            if any(token is not None for token in row):
                lines.append((direction, squares, row))
    if rich_first:
        # The lines whose digits on the table add up to most first: a sum scores its
        # digits, so a search cut short has looked where the best sums usually are.
        lines.sort(key=lambda entry: -sum(int(t) for t in entry[2] if t and t in DIGITS))
    for direction, squares, row in lines:
        usable = [
            (row[i] is None and squares[i] not in forbidden)
            or (row[i] is not None and squares[i] not in members[direction])
            for i in range(size)
        ]
        yield from _line_moves(
            direction,
            squares,
            row,
            usable,
            hand,
            left_hand,
            cache,
            steps,
            limits_cache,
        )


def _line_moves(
    direction: Direction,
    squares: list[Square],
    row: list[str | None],
    usable: list[bool],
    hand: Counter[str],
    left_hand: Counter[str],
    cache: dict[tuple[object, ...], list[LeftPart]],
    steps: StepCounter | None = None,
    limits_cache: dict[tuple[object, ...], Limits] | None = None,
) -> Iterator[LineMove]:
    if limits_cache is None:
        limits_cache = {}
    size = len(row)
    budget = sum(hand.values())
    hand_digits = sum(n for t, n in hand.items() if t in DIGITS)
    for e in range(3, size - 1):
        at_e = row[e]
        if not usable[e] or at_e not in (None, "="):
            continue
        placed_at_e = 1 if at_e is None else 0
        if placed_at_e and not hand["="]:
            continue
        # The squares after '=' a number may use, then the square after them.
        end = e + 1
        while end < size and usable[end]:
            end += 1
        right = (*row[e + 1 : end], row[end] if end < size else None)
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
        stretch = tuple(row[lo:e])
        # With every block before '=' from the hand, a block already on the table must
        # stand in the number after '='.
        need_table = bool(placed_at_e) and all(cell is None for cell in stretch)
        limits_key = (right, placed_at_e, need_table)
        limits = limits_cache.get(limits_key)
        if limits is None:
            limits = _number_limits(right, budget - placed_at_e, hand_digits, need_table)
            limits_cache[limits_key] = limits
        if not any(limits[0]):
            continue
        starts = (*(lo + j == 0 or row[lo + j - 1] is None for j in range(e - lo)), False)
        key = (stretch, starts, limits, right, placed_at_e)
        parts = cache.get(key)
        if parts is None:
            parts = _left_parts(stretch, starts, limits, right, bool(placed_at_e), left_hand, steps)
            cache[key] = parts
        for offset, line in parts:
            a = lo + offset
            placed = tuple(squares[a + i] for i in range(len(line)) if row[a + i] is None)
            yield LineMove(squares[a], direction, line, "".join(line), placed, line_score(line))
