"""Every legal Binary line move in a position, each once, with its score (B2–B4).

The search works line by line (every row across, every column down). A move's line is
cut by its ``=`` chips into sides, and every side must have the same value (B2). So for
each place of the one new ``=`` a move may add (or none), each choice of the ``=`` chips
the line spans, and each start and end of the line, the generator looks up, for every
side, a *table* of all the ways to fill that side's empty squares from the hand, grouped
by value and by the chips used (:mod:`mathplay.games.binary.sides`), and joins the
tables on the value, checking the chips used against the hand once per group. A side's
table depends only on its pattern (the chips already there and the empty squares), so
it is computed once per call: an all-empty side of length 4 gives the same table
everywhere. The parts of a line (tokens, text, letter points) are joined, never rebuilt.

Given a ``ScoreFloor``, the generator also skips every stretch of a line whose best
possible score is below the floor (``best.best_moves`` and the strong player use this).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from mathplay.core import Direction, LineMove, Square
from mathplay.core.steps import OutOfSteps, SearchBudget, StepCounter
from mathplay.games.binary.parts import LeftParts, Part, Parts, side_parts
from mathplay.games.binary.rules import (
    BLANK,
    CENTRE,
    HAND_SIZE,
    LETTER_PREMIUM,
    POINTS,
    SIZE,
    WORD_PREMIUM,
    chip_value,
    value_bonus,
)
from mathplay.games.binary.sides import SideSearch, Table

if TYPE_CHECKING:
    from mathplay.games.binary.game import Binary

__all__ = ["ScoreFloor", "generate_moves"]


class ScoreFloor:
    """The lowest score still wanted, raised by the caller while moves come in: the
    generator skips every stretch of a line whose best possible score is below it.

    ``allowance[k]``, when given, is added to the best possible score of a move placing
    ``k`` chips before comparing: for a caller that values a move by more than its score
    (the strong player adds the value of the chips kept, which depends on how many).

    ``leave``, when given, is the exact version of the allowance: the value of what is
    left when a move uses the chips it is given (sorted). Once a move's chips are known
    the generator adds it instead of the allowance and leaves out every move whose score
    plus it is below ``value``: the strong player then sees only the moves it could
    choose."""

    def __init__(
        self,
        value: float = -1,
        allowance: Sequence[float] = (),
        leave: Callable[[tuple[str, ...]], float] | None = None,
    ) -> None:
        self.value = value
        self.allowance = list(allowance)
        self.leave = leave


#: The steps a stretch of a line counts before its squares are tried (``_segments``).
SEGMENT_STEPS = 5


def generate_moves(
    game: Binary,
    floor: ScoreFloor | None = None,
    budget: SearchBudget | None = None,
    blanks: bool = True,
    promising_first: bool = False,
) -> Iterator[LineMove]:
    """Every legal line move in ``game`` (see the module docstring). With ``floor``, moves
    that cannot score at least ``floor.value`` may be left out (most are). With a
    ``budget`` (``mathplay.core.steps``), the moves found before it runs out; with
    ``blanks=False``, only the moves that leave the hand's blanks in the hand (a quick
    first pass: blanks multiply the moves); with ``promising_first``, the lines with the
    best premiums within reach first (a search cut short has then looked where the best
    moves usually are)."""
    pos = game._pos
    hand = list(pos.hands[pos.to_move])
    if not blanks:
        hand = [chip for chip in hand if chip != BLANK]
    steps = None if budget is None else StepCounter(budget)
    search = SideSearch(hand, game.options, steps)
    if search.hand_size == 0:
        return
    try:
        yield from _lines(game, search, floor, promising_first)
    except OutOfSteps:
        return


def _lines(
    game: Binary, search: SideSearch, floor: ScoreFloor | None, promising_first: bool = False
) -> Iterator[LineMove]:
    board = game._pos.board
    empty_board = board.is_blank()
    cells = board.cells
    lines: list[tuple[Direction, list[Square], list[str | None], int | None]] = []
    for direction in Direction:
        for line in range(SIZE):
            if direction is Direction.ACROSS:
                squares = [(line, i) for i in range(SIZE)]
            else:
                squares = [(i, line) for i in range(SIZE)]
            row = [cells[r * SIZE + c] for r, c in squares]
            if empty_board:
                if CENTRE not in squares:
                    continue
                centre: int | None = squares.index(CENTRE)
            elif all(token is None for token in row):
                continue
            else:
                centre = None
            lines.append((direction, squares, row, centre))
    if promising_first:
        lines.sort(key=lambda entry: -_promise(entry[1], entry[2]))
    for direction, squares, row, centre in lines:
        yield from _Line(search, floor, direction, squares, row, centre).moves()


def _promise(squares: list[Square], row: list[str | None]) -> float:
    """How much a line's moves may score: its word premiums (they multiply the whole
    line) and letter premiums on the empty squares a hand can reach from its chips."""
    reach = [False] * SIZE
    for i, token in enumerate(row):
        if token is not None:
            for j in range(max(0, i - HAND_SIZE), min(SIZE, i + HAND_SIZE + 1)):
                reach[j] = True
    word, letter = 1, 0
    for i, (r, c) in enumerate(squares):
        if row[i] is None and reach[i]:
            word = max(word, WORD_PREMIUM[r * SIZE + c])
            letter += LETTER_PREMIUM[r * SIZE + c] - 1
    return word * 10 + letter


class _Line:
    """One row or column and the moves along it."""

    def __init__(
        self,
        search: SideSearch,
        floor: ScoreFloor | None,
        direction: Direction,
        squares: list[Square],
        row: list[str | None],
        centre: int | None,
    ) -> None:
        self.search = search
        self.floor = floor
        #: The value of what is left, by the chips a move uses (see ``ScoreFloor.leave``).
        self.leaves: dict[int, float] = {}
        self.direction = direction
        self.squares = squares
        self.row = row
        self.centre = centre
        self.letter = [LETTER_PREMIUM[r * SIZE + c] for r, c in squares]
        self.word = [WORD_PREMIUM[r * SIZE + c] for r, c in squares]
        self.holes = [0]
        self.fixed = [0]
        for token in row:
            self.holes.append(self.holes[-1] + (token is None))
            self.fixed.append(self.fixed[-1] + (token is not None))
        self.p: int | None = None
        self.p_fill = ""
        self.p_enc = 0
        self.reserved = 0
        self.pattern: list[str | None] = list(row)

    def _leave(self, leave: Callable[[tuple[str, ...]], float], enc: int) -> float:
        """``leave`` of the chips ``enc`` uses, looked up once per line."""
        found = self.leaves.get(enc)
        if found is None:
            found = self.leaves[enc] = leave(self.search.used(enc))
        return found

    def moves(self) -> Iterator[LineMove]:
        row = self.row
        fixed_equals = [i for i, token in enumerate(row) if token and chip_value(token) == "="]
        choices: list[tuple[int | None, str, int]] = [(None, "", 0)]
        choices += [
            (p, fill, enc)
            for p, t in enumerate(row)
            if t is None
            for fill, enc in self.search.equals
        ]
        for p, fill, enc in choices:
            eqs = sorted([*fixed_equals, p]) if p is not None else fixed_equals
            if not eqs:
                continue
            self.p, self.p_fill, self.p_enc = p, fill, enc
            # A blank playing the new = is not there for the sides.
            self.reserved = enc if fill.startswith(BLANK) else 0
            self.pattern = list(row)
            if p is not None:
                self.pattern[p] = fill
            for i in range(len(eqs)):
                yield from self._spans(eqs, i)

    def _equals(self, q: int) -> tuple[str, str, int, int]:
        """The ``=`` at ``q``: its token, text, chips used and letter points."""
        if q == self.p:
            fill = self.p_fill
            points = POINTS[BLANK] if fill.startswith(BLANK) else POINTS[fill]
            return fill, fill, self.p_enc, points * self.letter[q]
        token = self.row[q]
        assert token is not None
        return token, "=", 0, 0

    def _side(self, start: int, end: int) -> tuple[Table, list[int], list[bool]]:
        """The table of the side on ``start..end-1``, its empty squares' letter premiums,
        and which of its squares are empty."""
        table = self.search.table(tuple(self.pattern[start:end]), self.reserved)
        mask = [self.row[q] is None for q in range(start, end)]
        return table, [self.letter[q] for q, empty in zip(range(start, end), mask) if empty], mask

    def _spans(self, eqs: list[int], i: int) -> Iterator[LineMove]:
        """Lines whose first ``=`` is ``eqs[i]``, for every last ``=`` ``eqs[j]``."""
        fits = self.search.fits
        p = self.p
        middle: Parts | None = None  # the part from eqs[i] up to (not including) eqs[j]
        for j in range(i, len(eqs)):
            if j > i:
                if eqs[j] == eqs[j - 1] + 1:
                    return  # an empty side
                token, text, enc, points = self._equals(eqs[j - 1])
                table, letters, mask = self._side(eqs[j - 1] + 1, eqs[j])
                joined: Parts = {}
                for value, by_enc in table.items():
                    before = {0: [((), "", False, 0)]} if middle is None else middle.get(value)
                    if not before:
                        continue
                    for e0, group0 in before.items():
                        for e1, group1 in by_enc.items():
                            total = e0 + e1 + enc
                            if not fits(total):
                                continue
                            target = joined.setdefault(value, {}).setdefault(total, [])
                            parts = side_parts(group1, letters, mask)
                            for t0, s0, o0, l0 in group0:
                                for t1, s1, o1, l1 in parts:
                                    target.append(
                                        (
                                            (*t0, token, *t1),
                                            f"{s0}{text} {s1} ",
                                            o0 or o1,
                                            l0 + points + l1,
                                        )
                                    )
                middle = joined
                if not middle:
                    return
            if p is not None and not eqs[i] <= p <= eqs[j]:
                continue
            low = eqs[i - 1] + 1 if i else 0
            high = eqs[j + 1] - 1 if j + 1 < len(eqs) else SIZE - 1
            shortest = min((eqs[k + 1] - eqs[k] - 1 for k in range(i, j)), default=SIZE)
            yield from self._segments(eqs[i], eqs[j], low, high, middle, shortest)

    def _segments(
        self,
        first_eq: int,
        last_eq: int,
        low: int,
        high: int,
        middle: Parts | None,
        shortest: int,
    ) -> Iterator[LineMove]:
        """Lines from ``a`` to ``b`` whose first ``=`` is ``first_eq`` and last ``last_eq``
        (``middle``: the part between them; ``shortest``: its shortest side)."""
        search = self.search
        fits = search.fits
        floor = self.floor
        steps = search.steps
        if steps is not None:
            # Setting up a stretch costs about as much as trying a few squares: counted,
            # so a budget in steps follows the time a search takes (searches of many
            # short stretches, such as the endgame's replies, stop as soon).
            steps.count += SEGMENT_STEPS
            if steps.count >= steps.chunk:
                steps.charge()
        row = self.row
        holes = self.holes
        budget = search.hand_size
        bonus_kind = search.options.bonus
        all_chips = search.options.all_chips_bonus
        sep_token, sep_text, sep_enc, sep_points = self._equals(last_eq)
        sep = (sep_token,)
        inner = holes[last_eq + 1] - holes[first_eq]
        # Where the line may start and end: the squares before and after it stay empty.
        starts = [a for a in range(first_eq - 1, low - 1, -1) if a == 0 or row[a - 1] is None]
        ends = [b for b in range(last_eq + 1, high + 1) if b == SIZE - 1 or row[b + 1] is None]
        if not starts or not ends:
            return
        fewest_first = holes[first_eq] - holes[starts[0]]
        ends = [
            b for b in ends if fewest_first + inner + holes[b + 1] - holes[last_eq + 1] <= budget
        ]
        lasts: dict[int, tuple[Table, list[int], list[bool]]] = {}
        leave = floor.leave if floor is not None else None

        def last_side(b: int) -> tuple[Table, list[int], list[bool]]:
            found = lasts.get(b)
            if found is None:
                found = lasts[b] = self._side(last_eq + 1, b + 1)
            return found

        fewest_last = holes[ends[0] + 1] - holes[last_eq + 1] if ends else 0
        ready_parts: dict[tuple[int, int, int], list[Part]] = {}
        for a in starts:
            if not ends or holes[first_eq] - holes[a] + inner + fewest_last > budget:
                break
            # b, word premium, all-chips bonus, most letter points, allowance
            spans: list[tuple[int, int, int, int, float]] = []
            for b in ends:
                count = holes[b + 1] - holes[a]
                if count > budget:
                    break
                if count == 0:
                    continue
                if self.centre is None:
                    if self.fixed[b + 1] == self.fixed[a]:
                        continue
                elif not a <= self.centre <= b:
                    continue
                word = 1
                for q in range(a, b + 1):
                    if row[q] is None:
                        word *= self.word[q]
                extra = all_chips if count == HAND_SIZE else 0
                most, allow = 0, 0.0  # bounds, worked out only for a floor
                if floor is not None:
                    allow = floor.allowance[count] if floor.allowance else 0.0
                    # The most this line could score: the hand's best chips on its best
                    # letter squares, and the largest value its shortest side can have
                    # (a side of n chips is below 2**n).
                    letters = sorted(
                        (self.letter[q] for q in range(a, b + 1) if row[q] is None),
                        reverse=True,
                    )
                    most = sum(m * p for m, p in zip(letters, search.points))
                    side = min(first_eq - a, b - last_eq, shortest)
                    highest = value_bonus((1 << side) - 1, bonus_kind)
                    if (most + highest) * word + extra + allow < floor.value:
                        continue
                spans.append((b, word, extra, most, allow))
            if not spans:
                continue
            table, letters, mask = self._side(a, first_eq)
            if not table:
                continue
            left = LeftParts(table, letters, mask, middle, fits)
            placed_all = [self.squares[q] for q in range(a, high + 1) if row[q] is None]
            for b, word, extra, most, allow in spans:
                last, last_letters, last_mask = last_side(b)
                if not last:
                    continue
                placed = tuple(placed_all[: holes[b + 1] - holes[a]])
                start = self.squares[a]
                direction = self.direction
                for value, right in last.items():
                    bonus = value_bonus(value, bonus_kind)
                    if floor is not None and (most + bonus) * word + extra + allow < floor.value:
                        continue
                    by_enc = left.encs(value)
                    if not by_enc:
                        continue
                    base = sep_points + bonus
                    for e2, raw in right.items():
                        need = e2 + sep_enc
                        ready: list[Part] | None = None
                        for e1 in by_enc:
                            if not fits(e1 + need):
                                continue
                            # What the chips left are worth, when the caller says.
                            kept, lowest = 0.0, floor.value if floor is not None else 0.0
                            if leave is not None:
                                kept = self._leave(leave, e1 + need)
                                if (most + bonus) * word + extra + kept < lowest:
                                    continue
                            group = left.get(value, e1)
                            if ready is None:
                                ready = ready_parts.get((b, value, e2))
                                if ready is None:
                                    ready = side_parts(raw, last_letters, last_mask)
                                    ready_parts[(b, value, e2)] = ready
                            if leave is not None and group and ready:
                                best1 = max(part[3] for part in group)
                                best2 = max(part[3] for part in ready)
                                if (best1 + best2 + base) * word + extra + kept < lowest:
                                    continue
                            if steps is not None:
                                steps.count += len(group) * len(ready)
                                if steps.count >= steps.chunk:
                                    steps.charge()
                            for t1, s1, o1, l1 in group:
                                head = t1 + sep
                                text = f"{s1}{sep_text} "
                                for t2, s2, o2, l2 in ready:
                                    if o1 or o2:
                                        score = (l1 + l2 + base) * word + extra
                                        if leave is not None and score + kept < lowest:
                                            continue
                                        yield LineMove(
                                            start, direction, head + t2, text + s2, placed, score
                                        )
