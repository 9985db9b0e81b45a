"""How much one pupil may send the records service: enough for any lesson, never enough
to stall the class.

A pupil's kernel sends a record a few seconds after each answer, and what it queued
while the service could not be reached in batches of at most 400 lines. Each pupil has
two buckets (a *token bucket*: it fills at a steady rate up to its size, and each
request or line takes from it): requests and lines. A pupil answering as fast as a child
can, or a kernel sending what it queued while the service was down (a lesson's answers), never
empties them; a script posting thousands
of lines a second empties them in a moment, and is then answered ``429 Too Many
Requests`` with the seconds to wait (``Retry-After``). A third bucket holds the bytes of
a day (:data:`BYTES_PER_DAY`): far more than any day of lessons sends, but a script
posting big lines slowly, within the other two, empties it too. The kernel's sender waits that
long and sends the same lines again (:mod:`mathplay.classroom.send`): nothing is lost.

The buckets are the service's own (each copy of the service keeps its own).

>>> now = [0.0]
>>> limits = Limits(clock=lambda: now[0])
>>> limits.wait("ana", 400), limits.wait("ana", LINES_BURST), limits.wait("ben", 400)
(0.0, 200.0, 0.0)
>>> now[0] += 200.0
>>> limits.wait("ana", LINES_BURST)
0.0
>>> limits.wait("cai", 1, BYTES_PER_DAY), limits.wait("cai", 1, 1000) > 0
(0.0, True)
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "BYTES_PER_DAY",
    "BYTES_PER_SECOND",
    "GAME_REQUESTS_BURST",
    "GAME_REQUESTS_PER_SECOND",
    "LINES_BURST",
    "LINES_PER_SECOND",
    "REQUESTS_BURST",
    "REQUESTS_PER_SECOND",
    "Limits",
]

#: Lines a pupil may send at once (a kernel's long queue), then this many a second.
LINES_BURST = 500
LINES_PER_SECOND = 2.0
#: Requests a pupil may make at once, then this many a second.
REQUESTS_BURST = 30
REQUESTS_PER_SECOND = 1.0
#: Requests a pupil's kernels may make of the game service at once, then this many a
#: second: a board asks once a move or once in 20 s while it waits (a few boards open, a
#: few a minute); a script asking in a loop is answered 429 after a moment.
GAME_REQUESTS_BURST = 60
GAME_REQUESTS_PER_SECOND = 4.0
#: Bytes a pupil may send in a day (the requests' bodies): 4 MB, about 10,000 records
#: of 400 bytes, where a whole day of lessons answering as fast as a child can (one
#: answer every 3 s for 6 hours) is 7,200 and a real one a few hundred. It fills again
#: at this many a day, a little every second.
BYTES_PER_DAY = 4 * 1024 * 1024
BYTES_PER_SECOND = BYTES_PER_DAY / 86_400


@dataclass
class _Bucket:
    size: float
    rate: float
    level: float
    when: float

    def fill(self, now: float) -> None:
        self.level = min(self.size, self.level + (now - self.when) * self.rate)
        self.when = now

    def wait(self, amount: float) -> float:
        """Seconds until ``amount`` can be taken (0: it can now)."""
        if amount <= self.level:
            return 0.0
        if amount > self.size:  # never in one go: the time to fill the whole bucket
            return (self.size - self.level) / self.rate
        return (amount - self.level) / self.rate


class Limits:
    """Each pupil's requests and lines, by their hub name."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._buckets: dict[str, tuple[_Bucket, _Bucket, _Bucket]] = {}
        self._game_buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def game_request(self, pupil: str) -> float:
        """Take one request to the game service from ``pupil``'s bucket: ``0.0`` if they
        may ask now, else the whole seconds to wait (nothing taken)."""
        with self._lock:
            now = self.clock()
            bucket = self._game_buckets.get(pupil)
            if bucket is None:
                bucket = _Bucket(GAME_REQUESTS_BURST, GAME_REQUESTS_PER_SECOND,
                                 GAME_REQUESTS_BURST, now)  # fmt: skip
                self._game_buckets[pupil] = bucket
            bucket.fill(now)
            wait = bucket.wait(1)
            if wait > 0:
                return float(math.ceil(wait))
            bucket.level -= 1
            return 0.0

    def request(self, pupil: str) -> float:
        """Take one request from ``pupil``'s bucket, before its body is read: ``0.0`` if
        they may, else the whole seconds to wait (nothing taken, the body never read)."""
        return self.wait(pupil, 0, 0)

    def lines(self, pupil: str, lines: int, size: int) -> float:
        """Take ``lines`` lines and ``size`` bytes from ``pupil``'s buckets, for a request
        already taken by :meth:`request`: as :meth:`wait`."""
        return self.wait(pupil, lines, size, requests=0)

    def wait(self, pupil: str, lines: int, size: int = 0, requests: int = 1) -> float:
        """Take ``requests`` requests (one), ``lines`` lines and ``size`` bytes from
        ``pupil``'s buckets: ``0.0`` if they may send them now, else the whole seconds to
        wait first (nothing is taken). A request is never bigger than a day's bytes (the
        service reads at most 2 MB of one), so waiting always lets it through."""
        with self._lock:
            now = self.clock()
            if pupil not in self._buckets:
                self._buckets[pupil] = (
                    _Bucket(REQUESTS_BURST, REQUESTS_PER_SECOND, REQUESTS_BURST, now),
                    _Bucket(LINES_BURST, LINES_PER_SECOND, LINES_BURST, now),
                    _Bucket(BYTES_PER_DAY, BYTES_PER_SECOND, BYTES_PER_DAY, now),
                )
            request_bucket, lines_bucket, bytes_bucket = self._buckets[pupil]
            for bucket in (request_bucket, lines_bucket, bytes_bucket):
                bucket.fill(now)
            wait = max(request_bucket.wait(requests), lines_bucket.wait(lines),
                       bytes_bucket.wait(size))  # fmt: skip
            if wait > 0:
                return float(math.ceil(wait))
            request_bucket.level -= requests
            lines_bucket.level -= lines
            bytes_bucket.level -= size
            return 0.0
