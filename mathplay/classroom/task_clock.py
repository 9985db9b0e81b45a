"""The time on task: the seconds an attempt counts run from the pupil's previous action
in the kernel (or the puzzle being shown, whichever is later) to the attempt, so that
the seconds of a lesson add up to the time spent on it, and a gap of more than
:data:`AWAY` seconds counts as ten minutes (the pupil was away, not thinking).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["AWAY", "TaskClock", "set_clock", "task_clock"]


#: The most seconds one attempt counts: a longer gap with no action is a pupil away.
AWAY = 600.0


@dataclass
class TaskClock:
    """The kernel's clock of the pupil's actions: the seconds of an attempt run from the
    last action (an attempt, a puzzle shown) to it, so they never count twice.

    >>> now = [0.0]
    >>> clock = TaskClock(lambda: now[0])
    >>> shown = clock.mark(); now[0] = 30; clock.attempt(shown)
    30.0
    >>> now[0] = 40; clock.attempt(shown)
    10.0
    >>> now[0] = 4000; clock.attempt(shown)  # back from lunch: ten minutes at most
    600.0
    """

    clock: Callable[[], float] = time.monotonic
    last: float | None = field(default=None)

    def mark(self) -> float:
        """Note an action now (a puzzle shown); the time it was noted."""
        self.last = self.clock()
        return self.last

    def attempt(self, shown_at: float) -> float:
        """The seconds of an attempt now at a puzzle shown at ``shown_at``, and note it."""
        now = self.clock()
        start = shown_at if self.last is None else max(self.last, shown_at)
        self.last = now
        return float(min(AWAY, max(0.0, now - start)))


_clock = TaskClock()


def task_clock() -> TaskClock:
    """The kernel's :class:`TaskClock` (the widgets use it)."""
    return _clock


def set_clock(clock: Callable[[], float] = time.monotonic) -> TaskClock:
    """Start the kernel's task clock again on ``clock`` (tests give a fake one)."""
    global _clock
    _clock = TaskClock(clock)
    return _clock
