"""The dashboard's reports, worked out away from the service's requests, once per new record.

A class's report reads every record of its pupils and sums them up: for a big class over
a term that takes a noticeable part of a second. Worked out where the service answers
requests, it would make every pupil's kernel and every other teacher wait behind it. So:

- it is worked out in a small pool of worker threads (:data:`WORKERS`), one report of a
  class at a time: one class's work (a class with a pupil flooding it) takes one worker
  and never makes another class wait behind it; the requests go on being answered
  meanwhile, and the database's threads stay free for the pupils' records;
- it is kept, by class, lesson, language and kind, with the number of the last record it
  holds: a page that polls every few seconds while nothing new came is answered from the
  copy, and two teachers asking at once wait for the same work;
- while a newer one is being made, a page that polls is answered from the copy it has
  if the new one is not ready within :data:`STALE_WAIT` (with the row the copy is as of,
  so the page asks again): a teacher's poll never waits for a long report;
- the records themselves are kept too, by class and lesson: a new report reads only the
  rows that came since (checked by their count: a row that came late is never missed);
- a few dozen copies are kept (the last asked for), so memory stays bounded;
- a copy is known by the data log's last line too (:func:`~mathplay.hub.pupil_data.log_mark`):
  a copy made before a pupil was erased (or old records pruned, or a backup restored) by
  ``mathplay records`` is never shown after it, not even while a new one is made.

The work itself takes time in proportion to the records of the sets a page draws
(:func:`mathplay.classroom.report_html.drawn_attempts`,
:func:`mathplay.classroom.report.summary_of`).
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import sqlalchemy as sa

from mathplay.hub import dashboard
from mathplay.hub.pupil_data import log_mark
from mathplay.hub.store import RECORDS, RecordStore
from mathplay.i18n import speaking

__all__ = ["KEPT", "STALE_WAIT", "WORKERS", "Reports"]

#: How many reports are kept (a school's classes and their lessons, in a few languages).
KEPT = 64
#: How many reports are worked out at once (each of a different class).
WORKERS = 4
#: Seconds a poll waits for a new report before it is answered from the copy it has.
STALE_WAIT = 0.5

_Key = tuple[Any, ...]
_AsOf = tuple[int, int]  # the last record's row, the data log's last line


class Reports:
    """The reports of ``store``'s records, made by a pool of workers (one class at a time
    each) and kept until a new record of their pupils comes."""

    def __init__(self, store: RecordStore, kept: int = KEPT, workers: int = WORKERS) -> None:
        self.store = store
        self.kept = kept
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mathplay-report")
        self._copies: OrderedDict[_Key, tuple[_AsOf, Any]] = OrderedDict()
        self._making: dict[tuple[_Key, _AsOf], asyncio.Task[Any]] = {}
        self._class_locks: dict[tuple[str, ...], asyncio.Lock] = {}
        self._read: OrderedDict[tuple[Any, ...], tuple[int, int, list[dict[str, Any]]]] = (
            OrderedDict()
        )
        self._read_lock = threading.Lock()
        #: How many reports were worked out (the rest were answered from a copy).
        self.made = 0
        #: How many records were read from the database to make them.
        self.rows_read = 0

    async def _as_of(self, row: int) -> _AsOf:
        """What a copy is known by: the last record's row and the data log's last line."""
        mark = await asyncio.get_running_loop().run_in_executor(None, log_mark, self.store.engine)
        return row, mark

    def _class_lock(self, pupils: tuple[str, ...]) -> asyncio.Lock:
        lock = self._class_locks.get(pupils)
        if lock is None:
            if len(self._class_locks) > 4 * self.kept:  # forget the free ones
                for key in [k for k, v in self._class_locks.items() if not v.locked()]:
                    del self._class_locks[key]
            lock = self._class_locks[pupils] = asyncio.Lock()
        return lock

    async def _make(self, key: _Key, pupils: tuple[str, ...], as_of: _AsOf,
                    make: Callable[[], Any]) -> Any:  # fmt: skip
        try:
            async with self._class_lock(pupils):  # one report of a class at a time
                value = await asyncio.wrap_future(self._pool.submit(make))
            kept = self._copies.get(key)
            newest = kept is None or (as_of[1], as_of[0]) >= (kept[0][1], kept[0][0])
            if newest:  # never a newer copy replaced by an older (the data log's first)
                self._copies[key] = (as_of, value)
                self._copies.move_to_end(key)
            while len(self._copies) > self.kept:
                self._copies.popitem(last=False)
            return value
        finally:
            self._making.pop((key, as_of), None)

    async def _get(self, key: _Key, pupils: tuple[str, ...], row: int,
                   make: Callable[[], Any], fresh: bool) -> tuple[Any, int]:  # fmt: skip
        """The value of ``key`` as of ``row`` and the row it is as of: a kept copy if it is
        that, else a new one; a page's poll (``fresh`` false) gets the copy it has, as of
        its own row, if the new one takes longer than :data:`STALE_WAIT`."""
        as_of = await self._as_of(row)
        kept = self._copies.get(key)
        if kept is not None and kept[0] == as_of:
            self._copies.move_to_end(key)
            return kept[1], row
        task = self._making.get((key, as_of))
        if task is None:
            task = asyncio.get_running_loop().create_task(self._make(key, pupils, as_of, make))
            task.add_done_callback(_seen)
            self._making[(key, as_of)] = task
            self.made += 1
        # A copy may stand in only if nothing but new records came (same data log mark).
        if not fresh and kept is not None and kept[0][1] == as_of[1] and kept[0][0] < row:
            done, _pending = await asyncio.wait({task}, timeout=STALE_WAIT)
            if not done:
                return kept[1], kept[0][0]
        return await asyncio.shield(task), row

    def _records(self, pupils: tuple[str, ...], lesson: str | None) -> list[dict[str, Any]]:
        """The records of ``pupils`` (of ``lesson``), read once: the rows that came since
        the last read are added, unless their count tells a row came late (or went: an
        erasure), then all are read again. Called in a worker, a class at a time."""
        key = (pupils, lesson)
        with self._read_lock:
            kept = self._read.get(key)
        mark = log_mark(self.store.engine)
        if kept is not None and kept[0] == mark:
            new = self.store.records(pupils, lesson, after=kept[1])
            records = [*kept[2], *new]
            if self._count(pupils, lesson) != len(records):
                records = self.store.records(pupils, lesson)
                self.rows_read += len(records)
            else:
                self.rows_read += len(new)
        else:
            records = self.store.records(pupils, lesson)
            self.rows_read += len(records)
        last = max((int(r["row"]) for r in records[-1:]), default=0)
        with self._read_lock:
            self._read[key] = (mark, last, records)
            self._read.move_to_end(key)
            while len(self._read) > self.kept:
                self._read.popitem(last=False)
        return records

    def _count(self, pupils: tuple[str, ...], lesson: str | None) -> int:
        query = sa.select(sa.func.count()).select_from(RECORDS)
        query = query.where(RECORDS.c.pupil.in_(sorted(set(pupils))))
        if lesson is not None:
            query = query.where(RECORDS.c.lesson == lesson)
        with self.store.engine.connect() as connection:
            return int(connection.execute(query).scalar() or 0)

    async def html_as_of(
        self, pupils: Sequence[str], in_class: bool, lesson: str | None, language: str,
        row: int, fresh: bool = False,
    ) -> tuple[str, int]:  # fmt: skip
        """The report's page part for ``pupils`` (a class's, or with ``in_class`` false
        one pupil's own), of ``lesson`` (or all), as of the record ``row`` or, while that
        one is being made, the copy a page already has (never with ``fresh``); and the
        row it is as of."""
        who = tuple(sorted(pupils))
        key = ("html", who, in_class, lesson, language)

        def make() -> str:
            records = self._records(who, lesson)
            with speaking(language):
                return dashboard.report_html(records, list(pupils) if in_class else None)

        value, as_of = await self._get(key, who, row, make, fresh)
        return str(value), as_of

    async def html(self, pupils: Sequence[str], in_class: bool, lesson: str | None,
                   language: str, row: int) -> str:  # fmt: skip
        """:meth:`html_as_of`, always as of ``row`` (waiting for it to be made)."""
        value, _as_of = await self.html_as_of(pupils, in_class, lesson, language, row, True)
        return value

    async def csv(self, pupils: Sequence[str], lesson: str | None, kind: str,
                  language: str, row: int) -> str:  # fmt: skip
        """The class's CSV file (``report`` or ``skills``) as of the record ``row``."""
        who = tuple(sorted(pupils))
        key = ("csv", who, lesson, kind, language)

        def make() -> str:
            records = self._records(who, lesson)
            with speaking(language):
                return dashboard.csv_file(records, pupils, kind)

        value, _as_of = await self._get(key, who, row, make, fresh=True)
        return str(value)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _seen(task: asyncio.Task[Any]) -> None:
    """A report nobody waited for any more that failed: its error is the next poll's."""
    if not task.cancelled():
        task.exception()
