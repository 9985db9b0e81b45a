"""Side tables for the Binary move generator: every way to fill one side of a line.

A side is the part of a line between two ``=`` chips (or an end of the line). Its
table lists every way to fill its empty squares from the hand, grouped by the side's
value. It is built left to right with the grammar of B2 pruning as it goes (no leading
zeros, NOT only before a number, no two operators in a row), never entering a state from
which the rest of the pattern cannot be completed (a backward pass over the pattern
says which), iterates over the *distinct* chips of the hand (a hand of five ``1`` chips
tries ``1`` once), rejects banned identity fragments (B3) as soon as an operand is
complete, and records which chips each fill uses as small counters packed in one
integer, so that checking two sides against the hand is one subtraction. When a blank
plays the line's new ``=``, the tables are built without it.

>>> side_value([0b101, 0b1], ["AND"], "math")
1
>>> side_value([1, 1, 0b11], ["+", "x"], "left-to-right")
6
"""

from __future__ import annotations

from collections import Counter

from mathplay.core.steps import StepCounter
from mathplay.games.binary.rules import (
    BINARY_OPERATORS,
    BLANK,
    DIGITS,
    POINTS,
    BinaryOptions,
    chip_set,
    chip_value,
)

__all__ = ["Choice", "Entry", "SideSearch", "Table", "side_value"]

#: One way to fill a side: all its tokens (a placed blank is ``?1``), the points of the
#: chips put on its empty squares, and whether it has an operator.
Entry = tuple[tuple[str, ...], tuple[int, ...], bool]
#: A side's fills by value, then by the chips they use (packed counters, see ``fits``).
Table = dict[int, dict[int, list[Entry]]]
#: A choice for an empty square: the chip it reads as, the token placed, packed count.
Choice = tuple[str, str, int]

_FIELD = 6  # bits per packed counter: five for the count, one guard bit
#: Precedence under the ``math`` order (B2): higher binds tighter.
_LEVEL = {"x": 4, "/": 4, "+": 3, "-": 3, "AND": 2, "XOR": 1, "OR": 0}


def _apply(op: str, a: int, b: int) -> int | None:
    """One operation of B2 on whole numbers ≥ 0, or ``None`` when it has no value."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b if a >= b else None
    if op == "x":
        return a * b
    if op == "/":
        return a // b if b and a % b == 0 else None
    if op == "AND":
        return a & b
    if op == "OR":
        return a | b
    return a ^ b


def side_value(values: list[int], ops: list[str], order: str) -> int | None:
    """The value of a side (numbers and operators), or ``None`` when it has none (B2).

    Under the ``math`` order the operators are folded by precedence with a stack, which
    builds the same tree as folding level by level, left to right, as the checker does.
    """
    if not ops:
        return values[0]
    if len(ops) == 1:
        return _apply(ops[0], values[0], values[1])
    if order == "left-to-right":
        acc: int | None = values[0]
        for op, b in zip(ops, values[1:]):
            acc = _apply(op, acc, b)  # type: ignore[arg-type]
            if acc is None:
                return None
        return acc
    stack = [values[0]]
    pending: list[str] = []
    for op, b in zip(ops, values[1:]):
        level = _LEVEL[op]
        while pending and _LEVEL[pending[-1]] >= level:
            right = stack.pop()
            result = _apply(pending.pop(), stack[-1], right)
            if result is None:
                return None
            stack[-1] = result
        pending.append(op)
        stack.append(b)
    while pending:
        right = stack.pop()
        result = _apply(pending.pop(), stack[-1], right)
        if result is None:
            return None
        stack[-1] = result
    return stack[0]


def _next_state(state: int, chip: str) -> int:
    """The parsing state after ``chip`` (see ``SideSearch._walk``), or -1 if it is wrong."""
    if chip in DIGITS:
        if state == 0:
            return 3 if chip == "1" else 2
        return 3 if state in (1, 3) else -1
    if chip == "NOT":
        return 1 if state == 0 else -1
    return 0 if state >= 2 else -1


class SideSearch:
    """The hand, its packed counters and the table cache of one ``legal_moves`` call."""

    def __init__(
        self, hand: list[str], options: BinaryOptions, steps: StepCounter | None = None
    ) -> None:
        #: Counts the squares the walks try, for a budgeted search (``mathplay.core.steps``).
        self.steps = steps
        counts = Counter(hand)
        kinds = sorted(counts)
        shift = {kind: _FIELD * i for i, kind in enumerate(kinds)}
        self.hand_size = len(hand)
        self._fields = [(kind, shift[kind]) for kind in kinds]
        self._used: dict[int, tuple[str, ...]] = {}
        guard = sum(1 << (shift[k] + _FIELD - 1) for k in kinds)
        self.guard = guard
        self.limit = sum(counts[k] << shift[k] for k in kinds) + guard
        self.options = options
        self.order = options.order
        self.banned = options.banned_pairs
        chips = [c for c in chip_set(options.xor) if c != BLANK]
        choices: list[Choice] = [(c, c, 1 << shift[c]) for c in chips if c in counts]
        if BLANK in counts:
            choices += [(c, BLANK + c, 1 << shift[BLANK]) for c in chips]
        self.equals = [(fill, enc) for value, fill, enc in choices if value == "="]
        side = [choice for choice in choices if choice[0] != "="]
        digits = [c for c in side if c[0] in ("0", "1")]
        binary = [c for c in side if c[0] in BINARY_OPERATORS]
        negate = [c for c in side if c[0] == "NOT"]
        # What may go on an empty square in each parsing state (see _walk).
        self.by_state: tuple[list[Choice], ...] = (digits + negate, digits, binary, digits + binary)
        # One chip of each kind an empty square may take, for the completion check.
        self.kinds = sorted({c[0] for c in digits}) + [c[0] for c in binary[:1] + negate[:1]]
        self.side_chips = len(hand) - counts["="]
        self.cache: dict[tuple[tuple[str | None, ...], int], Table] = {}
        #: The hand's chip points, highest first: what placed chips can score at most.
        self.points = sorted((POINTS[chip] for chip in hand), reverse=True)

    def used(self, enc: int) -> tuple[str, ...]:
        """The chips counted in ``enc`` (packed counters), sorted: what a move uses."""
        found = self._used.get(enc)
        if found is None:
            mask = (1 << (_FIELD - 1)) - 1
            found = tuple(kind for kind, shift in self._fields for _ in range(enc >> shift & mask))
            self._used[enc] = found
        return found

    def fits(self, enc: int) -> bool:
        """True when the chips counted in ``enc`` are all in the hand."""
        return (self.limit - enc) & self.guard == self.guard

    def table(self, pattern: tuple[str | None, ...], reserved: int = 0) -> Table:
        """Every fill of the side ``pattern`` (cell tokens or ``None`` for empty squares),
        from the hand without the chips ``reserved`` (packed counters) for the line's
        new ``=`` when a blank plays it."""
        key = (pattern, reserved)
        found = self.cache.get(key)
        if found is None:
            found = {}
            if pattern and pattern.count(None) <= self.side_chips - (reserved != 0):
                self._walk(pattern, found, self.limit - reserved)
            self.cache[key] = found
        return found

    def _completable(self, chips: list[str | None]) -> list[int]:
        """For each place in a side, a bit mask of the parsing states (see ``_walk``) from
        which the rest of the side can still be completed to a well-formed side."""
        reach = [0] * len(chips) + [0b1100]  # at the end: inside a number
        for i in range(len(chips) - 1, -1, -1):
            here = chips[i]
            kinds = self.kinds if here is None else [here]
            mask = 0
            for state in range(4):
                for chip in kinds:
                    following = _next_state(state, chip)
                    if following >= 0 and reach[i + 1] >> following & 1:
                        mask |= 1 << state
                        break
            reach[i] = mask
        return reach

    def _walk(self, pattern: tuple[str | None, ...], out: Table, limit: int) -> None:
        length = len(pattern)
        chips = [None if cell is None else chip_value(cell) for cell in pattern]
        line: list[str] = []
        reach = self._completable(chips)
        if not reach[0] & 1:
            return
        by_state = self.by_state
        banned = self.banned
        guard = self.guard
        order = self.order
        blank_points = POINTS[BLANK]
        steps = self.steps

        def operand_ok(op: str | None, op_new: bool, w: int, neg: bool, v: int, dn: bool) -> bool:
            # B3: a banned fragment (op then the single digit of its family) with a new chip.
            if op is None or neg or w != 1 or op not in banned:
                return True
            return not (banned[op] == str(v) and (op_new or dn))

        def finish(enc: int, vals: list[int], ops: list[str], number: int, has_op: bool) -> None:
            value = side_value([*vals, number], ops, order)
            if value is not None:
                points = tuple(
                    [
                        blank_points if token[0] == BLANK else POINTS[token]
                        for token, cell in zip(line, pattern)
                        if cell is None
                    ]
                )
                entry = (tuple(line), points, has_op)
                out.setdefault(value, {}).setdefault(enc, []).append(entry)

        def walk(
            i: int,
            state: int,
            enc: int,
            vals: list[int],
            ops: list[str],
            v: int,
            w: int,
            ng: bool,
            ho: bool,
            op: str | None,
            on: bool,
            dn: bool,
        ) -> None:
            # state 0: an operand starts; 1: after NOT; 2: the number 0; 3: inside a number.
            # v, w, ng: the current number's value, width and NOT; ho: an operator so far;
            # op, on: the operator before the number and whether it is new; dn: the
            # number's first digit is new (for B3's identity fragments). Only states from
            # which the side can still be completed (reach) are entered.
            if steps is not None:
                steps.count += 1
                if steps.count >= steps.chunk:
                    steps.charge()
            if i == length:
                if operand_ok(op, on, w, ng, v, dn):
                    finish(enc, vals, ops, ((1 << w) - 1) ^ v if ng else v, ho)
                return
            fixed = chips[i]
            new = fixed is None
            options = by_state[state] if new else [(fixed, pattern[i] or "", 0)]
            after = reach[i + 1]
            for chip, token, cost in options:
                next_enc = enc + cost
                if new and (limit - next_enc) & guard != guard:
                    continue  # the hand has no more of this chip
                if chip in DIGITS:
                    bit = 1 if chip == "1" else 0
                    if state == 0:
                        if not after >> (2 + bit) & 1:
                            continue
                        line.append(token)
                        walk(i + 1, 2 + bit, next_enc, vals, ops, bit, 1, False, ho, op, on, new)
                    elif state == 1 or state == 3:
                        if not after & 0b1000:
                            continue
                        line.append(token)
                        if state == 1:
                            walk(i + 1, 3, next_enc, vals, ops, bit, 1, True, ho, op, on, new)
                        else:
                            walk(i + 1, 3, next_enc, vals, ops, v * 2 + bit, w + 1, ng, ho,
                                 op, on, dn)  # fmt: skip
                    else:
                        continue
                elif chip == "NOT":
                    if state != 0 or not after & 0b10:
                        continue
                    line.append(token)
                    walk(i + 1, 1, next_enc, vals, ops, 0, 0, True, True, op, on, False)
                elif chip in BINARY_OPERATORS:
                    if state < 2 or not after & 1 or not operand_ok(op, on, w, ng, v, dn):
                        continue
                    line.append(token)
                    number = ((1 << w) - 1) ^ v if ng else v
                    walk(i + 1, 0, next_enc, [*vals, number], [*ops, chip], 0, 0, False, True,
                         chip, new, False)  # fmt: skip
                else:
                    continue
                line.pop()

        walk(0, 0, 0, [], [], 0, 0, False, False, None, False, False)
