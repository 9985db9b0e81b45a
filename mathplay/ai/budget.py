"""A search budget: how much thinking a computer turn or a hint may do before it answers.

Searches here are *anytime*: they keep the best answer found so far, so they can stop
whenever the budget runs out and still answer with a legal, good move. A budget counts
two things:

- **steps** (positions looked at): the budget a search is given by default, so a seeded
  player plays the same game on every machine and every run;
- **seconds** on a clock: a safety net for slow machines (a browser running Python in
  WebAssembly is several times slower), so no child waits long for the computer. When the
  clock stops a search before its steps run out, the move may differ from run to run;
  ``Budget.cut_by_clock`` says whether that happened.

>>> budget = Budget(steps=3, seconds=None)
>>> [budget.spend() for _ in range(4)]
[True, True, True, False]
>>> budget.cut_by_clock
False
>>> ticks = iter([0.0, 0.05, 0.2, 0.3])
>>> timed = Budget(steps=None, seconds=0.1, clock=lambda: next(ticks))
>>> timed.spend(), timed.spend(), timed.cut_by_clock
(True, False, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["Budget"]


class Budget:
    """Up to ``steps`` positions and up to ``seconds`` on ``clock`` (either may be
    ``None``: no limit of that kind). The clock starts when the budget is made."""

    #: How many searches the clock has cut in this process (the benches report it: the
    #: clock is a far safety net, so it should stay 0).
    clock_cuts = 0

    def __init__(
        self,
        steps: int | None = None,
        seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.steps = steps
        self.seconds = seconds
        self.clock = clock
        self.used = 0
        self.cut_by_clock = False
        self._deadline = None if seconds is None else clock() + seconds
        self._spent = False
        self._parent: Budget | None = None

    def __repr__(self) -> str:
        return f"Budget(steps={self.steps}, seconds={self.seconds}, used={self.used})"

    @property
    def spent(self) -> bool:
        """Whether the budget has run out (a search stops as soon as it has)."""
        return self._spent

    @property
    def exhausted(self) -> bool:
        """Whether nothing is left: spent, every step used (also by parts of it), or the
        clock past its deadline (then ``cut_by_clock`` is set too).

        >>> whole = Budget(steps=2)
        >>> part = whole.part(None)
        >>> part.spend(2), whole.spent, whole.exhausted
        (True, False, True)
        """
        if self._spent:
            return True
        if self.steps is not None and self.used >= self.steps:
            return True
        if self._deadline is not None and self.clock() > self._deadline:
            self._cut()
            return True
        return False

    def _cut(self) -> None:
        """Note that the clock ended this search (once per budget)."""
        if not self.cut_by_clock:
            Budget.clock_cuts += 1
        self.cut_by_clock = True

    def part(self, steps: int | None) -> Budget:
        """A budget for one part of a search: at most ``steps`` of what is left here (all
        that is left when ``None``), the same clock and deadline; what it spends is spent
        here too.

        >>> whole = Budget(steps=10)
        >>> first = whole.part(4)
        >>> sum(first.spend() for _ in range(6)), whole.used
        (4, 4)
        """
        left = None if self.steps is None else max(0, self.steps - self.used)
        if steps is None:
            steps = left
        elif left is not None:
            steps = min(steps, left)
        child = Budget(steps, None, self.clock)
        child._deadline = self._deadline
        child._parent = self
        return child

    def spend(self, steps: int = 1) -> bool:
        """Count ``steps`` more positions; ``True`` while the budget lasts. Once it has run
        out it stays out."""
        if self._spent:
            return False
        if self.steps is not None and self.used + steps > self.steps:
            self._spent = True
            return False
        if self._deadline is not None and self.clock() > self._deadline:
            self._spent = True
            self._cut()
            return False
        self.used += steps
        if self._parent is not None:
            self._parent.used += steps
        return True
