"""The dashboard's reports, worked out away from the service's requests, once per new record.

A class's report reads every record of its pupils and sums them up: for a big class over
a term that takes a noticeable part of a second. Worked out where the service answers
requests, it would make every pupil's kernel and every other teacher wait behind it. So:

- it is worked out in one worker thread of its own (the requests go on being answered
  meanwhile; the database's threads stay free for the pupils' records);
- it is kept, by class, lesson, language and kind, with the number of the last record it
  holds: a page that polls every few seconds while nothing new came is answered from the
  copy, and two teachers asking at once wait for the same work;
- a few dozen copies are kept (the last asked for), so memory stays bounded;
- a copy is known by the data log's last line too (:func:`~mathplay.hub.pupil_data.log_mark`):
  a copy made before a pupil was erased (or old records pruned, or a backup restored) by
  ``mathplay records`` is never shown after it.

The work itself takes time in proportion to the records
(:func:`mathplay.classroom.report.summary_of`).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from mathplay.hub import dashboard
from mathplay.hub.pupil_data import log_mark
from mathplay.hub.store import RecordStore
from mathplay.i18n import speaking

__all__ = ["KEPT", "Reports"]

#: How many reports are kept (a school's classes and their lessons, in a few languages).
KEPT = 64

_Key = tuple[Any, ...]


class Reports:
    """The reports of ``store``'s records, made in a worker thread and kept until a new
    record of their pupils comes."""

    def __init__(self, store: RecordStore, kept: int = KEPT) -> None:
        self.store = store
        self.kept = kept
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mathplay-report")
        self._copies: OrderedDict[_Key, tuple[tuple[int, int], Any]] = OrderedDict()
        self._making: dict[tuple[_Key, tuple[int, int]], asyncio.Future[Any]] = {}
        #: How many reports were worked out (the rest were answered from a copy).
        self.made = 0

    async def _as_of(self, row: int) -> tuple[int, int]:
        """What a copy is known by: the last record's row and the data log's last line."""
        mark = await asyncio.get_running_loop().run_in_executor(None, log_mark, self.store.engine)
        return row, mark

    async def _get(self, key: _Key, row: tuple[int, int], make: Callable[[], Any]) -> Any:
        kept = self._copies.get(key)
        if kept is not None and kept[0] == row:
            self._copies.move_to_end(key)
            return kept[1]
        running = self._making.get((key, row))
        if running is None:
            running = asyncio.wrap_future(self._worker.submit(make))
            self._making[(key, row)] = running
            self.made += 1
        try:
            value = await asyncio.shield(running)
        finally:
            self._making.pop((key, row), None)
        self._copies[key] = (row, value)
        self._copies.move_to_end(key)
        while len(self._copies) > self.kept:
            self._copies.popitem(last=False)
        return value

    async def html(self, pupils: Sequence[str], in_class: bool, lesson: str | None,
                   language: str, row: int) -> str:  # fmt: skip
        """The report's page part for ``pupils`` (a class's, or with ``in_class`` false
        one pupil's own), of ``lesson`` (or all), as of the record ``row``."""
        key = ("html", tuple(sorted(pupils)), in_class, lesson, language)

        def make() -> str:
            records = self.store.records(pupils, lesson)
            with speaking(language):
                return dashboard.report_html(records, list(pupils) if in_class else None)

        return str(await self._get(key, await self._as_of(row), make))

    async def csv(self, pupils: Sequence[str], lesson: str | None, kind: str,
                  language: str, row: int) -> str:  # fmt: skip
        """The class's CSV file (``report`` or ``skills``) as of the record ``row``."""
        key = ("csv", tuple(sorted(pupils)), lesson, kind, language)

        def make() -> str:
            records = self.store.records(pupils, lesson)
            with speaking(language):
                return dashboard.csv_file(records, pupils, kind)

        return str(await self._get(key, await self._as_of(row), make))

    def close(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)
