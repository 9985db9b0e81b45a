"""The dashboard's reports under one class's heavy work (issue 72, point 2): another
class's report is made meanwhile (a pool of workers, one report of a class at a time); a
teacher's poll is answered from the copy the page has while a new one is made (never
after an erasure); a new report reads only the rows that came since, and a row that came
late (or went) is never missed. No hub: a RecordStore on SQLite, the reports' own
workers, and a class whose reading is held until the test lets it go."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
import sqlalchemy as sa

from mathplay.hub.reports import Reports
from mathplay.hub.store import RECORDS, RecordStore

pytestmark = pytest.mark.hub

T = TypeVar("T")


def line(who: str, n: int, right: bool = True) -> str:
    return json.dumps({"who": who, "set": "Adding", "puzzle": f"add-{n}", "answer": str(n),
                       "right": right, "lesson": "01-equations"})  # fmt: skip


class HeldStore(RecordStore):
    """A store whose reading of ``held`` pupils' records waits for :attr:`go` (a class
    whose report takes as long as the test wants)."""

    def __init__(self, url: str, held: set[str]) -> None:
        super().__init__(url)
        self.held = held
        self.go = threading.Event()
        self.waiting = threading.Event()

    def records(self, pupils: Any = None, *args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        if pupils is not None and self.held & set(pupils):
            self.waiting.set()
            assert self.go.wait(60), "the test never let the held class go"
        return super().records(pupils, *args, **kwargs)


def in_thread(run: Callable[[], Awaitable[T]]) -> T:
    """``asyncio.run`` in a thread of its own (the session may run a loop in this one)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, run()).result(120)  # type: ignore[arg-type]


def test_one_class_s_long_report_keeps_no_other_class_waiting(tmp_path: Path) -> None:
    store = HeldStore(f"sqlite:///{tmp_path / 'r.sqlite'}", held={"eve"})
    store.add("eve", [line("eve", n) for n in range(3)])
    store.add("ana", [line("ana", 1)])
    reports = Reports(store)

    async def run() -> tuple[str, bool]:
        eves = asyncio.ensure_future(
            reports.html(["eve", "finn"], True, None, "en", store.last_row(["eve"]))
        )
        while not store.waiting.is_set():  # eve's class is being read (and held)
            await asyncio.sleep(0.01)
        # Another class, and eve's class in another language (its second report waits
        # for the first: one report of a class at a time, never two workers for one class).
        other = await asyncio.wait_for(
            reports.html(["ana", "ben"], True, None, "en", store.last_row(["ana"])), 60
        )
        second = asyncio.ensure_future(
            reports.html(["eve", "finn"], True, None, "es", store.last_row(["eve"]))
        )
        await asyncio.sleep(0.2)
        waited = not second.done()
        store.go.set()
        await asyncio.gather(eves, second)
        return other, waited

    other, waited = in_thread(run)
    reports.close()
    assert "ana" in other and "Not started (1): ben." in other
    assert waited  # the same class's second report waited for its first


def test_a_poll_gets_its_copy_while_a_new_report_is_made(tmp_path: Path) -> None:
    store = HeldStore(f"sqlite:///{tmp_path / 'r.sqlite'}", held=set())
    store.add("ana", [line("ana", 1)])
    reports = Reports(store)
    pupils = ["ana", "ben"]

    async def run() -> list[tuple[str, int]]:
        first_row = store.last_row(pupils)
        first = await reports.html_as_of(pupils, True, None, "en", first_row)
        store.add("ben", [line("ben", 2, right=False)])
        store.held = {"ana"}  # the next report of the class is held
        new_row = store.last_row(pupils)
        started = time.monotonic()
        poll = await reports.html_as_of(pupils, True, None, "en", new_row)
        waited = time.monotonic() - started
        assert waited < 30, waited  # the copy, after a short wait: not the held report
        store.go.set()
        fresh = await reports.html_as_of(pupils, True, None, "en", new_row, fresh=True)
        after = await reports.html_as_of(pupils, True, None, "en", new_row)
        return [first, poll, fresh, after, (str(first_row), new_row)]

    first, poll, fresh, after, (first_row, new_row) = in_thread(run)
    reports.close()
    assert poll == (first[0], int(first_row))  # the copy, as of its own row: the page asks again
    assert "Not started (1): ben." in poll[0]
    assert fresh[1] == new_row and "Not started" not in fresh[0]
    assert after == fresh
    assert reports.made == 2  # the held report was made once, for the poll and the fresh ask


def test_no_copy_stands_in_after_an_erasure(tmp_path: Path) -> None:
    from mathplay.hub.pupil_data import SchoolData, erase

    url = f"sqlite:///{tmp_path / 'r.sqlite'}"
    data = SchoolData(url, must_exist=False)
    data.records.add("ana", [line("ana", 1)])
    data.records.add("ben", [line("ben", 2)])
    data.close()
    store = HeldStore(url, held=set())
    reports = Reports(store)

    async def run() -> tuple[str, str]:
        before = await reports.html(["ana", "ben"], True, None, "en", store.last_row())
        school = SchoolData(url)
        erase(school, "ana", "head")
        school.close()
        store.add("ben", [line("ben", 3)])
        store.held = {"ben"}
        poll = asyncio.ensure_future(
            reports.html_as_of(["ana", "ben"], True, None, "en", store.last_row())
        )
        await asyncio.sleep(1.0)  # twice as long as a poll waits for a new report
        answered_early = poll.done()
        store.go.set()
        html, _row = await poll
        assert not answered_early, "a copy made before the erasure was shown after it"
        return before, html

    before, after = in_thread(run)
    reports.close()
    # ana is still on the class list (the hub's), but none of her answers is shown
    assert "add-1" in before and "add-1" not in after and "add-3" in after


def test_a_new_report_reads_only_the_rows_that_came_and_misses_none(tmp_path: Path) -> None:
    store = RecordStore(f"sqlite:///{tmp_path / 'r.sqlite'}")
    store.add("ana", [line("ana", n) for n in range(200)])
    # Row 150 (ana's add-149) is not there yet: as when two pupils' transactions commit
    # in the other order than their rows' numbers, it comes after higher rows were read.
    with store.engine.begin() as connection:
        (late,) = connection.execute(sa.select(RECORDS).where(RECORDS.c.id == 150)).all()
        connection.execute(sa.delete(RECORDS).where(RECORDS.c.id == 150))
    reports = Reports(store)
    pupils = ["ana", "ben"]

    async def report() -> str:
        return await reports.csv(pupils, None, "report", "en", store.last_row(pupils))

    assert "add-149" not in in_thread(report) and reports.rows_read == 199
    store.add("ben", [line("ben", 7, right=False)])
    in_thread(report)
    assert reports.rows_read == 199 + 1  # only the row that came
    with store.engine.begin() as connection:
        connection.execute(sa.insert(RECORDS).values(**late._mapping))
    store.add("ana", [line("ana", 500)])
    text = in_thread(report)
    assert "add-149" in text and "add-500" in text  # read again, all of them
    assert reports.rows_read == 199 + 1 + 202
    reports.close()
