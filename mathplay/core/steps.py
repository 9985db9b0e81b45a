"""Counting a move generator's steps against a search budget.

The engines list every legal move exactly. The computer players and hints may give a
generator a *budget* (``mathplay.ai.budget.Budget``, or anything with its ``spend``): the
generator then counts the steps it takes (squares tried, fills of a side) and stops when
the budget runs out, so every move it has yielded is legal but some may be missing. The
engine does not import the AI layer: it only needs ``spend``.

>>> class Three:
...     left = 3
...     def spend(self, steps: int = 1) -> bool:
...         self.left -= steps
...         return self.left >= 0
>>> counter = StepCounter(Three(), chunk=1)
>>> counter.tick(); counter.tick(); counter.tick()
>>> counter.tick()
Traceback (most recent call last):
...
mathplay.core.steps.OutOfSteps: the search budget ran out
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["OutOfSteps", "SearchBudget", "StepCounter"]


class SearchBudget(Protocol):
    """What a generator needs of a budget: ``spend(steps)``, ``False`` once it is out."""

    def spend(self, steps: int = 1) -> bool: ...


class OutOfSteps(Exception):
    """The budget ran out in the middle of a search (caught by the generator, which then
    stops: it never reaches the caller)."""

    def __init__(self) -> None:
        super().__init__("the search budget ran out")


class StepCounter:
    """Counts steps and charges them to ``budget`` ``chunk`` at a time (a call per step
    would slow the hot loops down). Hot loops may count inline: ``counter.count += 1``,
    then ``counter.charge()`` once ``counter.count >= counter.chunk``."""

    __slots__ = ("budget", "chunk", "count")

    def __init__(self, budget: SearchBudget, chunk: int = 500) -> None:
        self.budget = budget
        self.chunk = chunk
        self.count = 0

    def tick(self) -> None:
        """One step; raises ``OutOfSteps`` when the budget has run out."""
        self.count += 1
        if self.count >= self.chunk:
            self.charge()

    def charge(self) -> None:
        """Charge the steps counted so far; raises ``OutOfSteps`` when the budget is out."""
        spent, self.count = self.count, 0
        if not self.budget.spend(spent):
            raise OutOfSteps
