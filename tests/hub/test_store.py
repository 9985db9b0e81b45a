"""The records service's database on SQLite and on a real PostgreSQL (Debian's package):
each line stored once under the sender's hub name, bad lines refused with their reason,
many senders at once (as several copies of the service would be) losing nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from mathplay.hub.store import RecordStore
from tests.hub.conftest import _cannot
from tests.hub.postgres import Postgres, postgres_bin

pytestmark = pytest.mark.hub


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'records.sqlite'}"
    server: Postgres = request.getfixturevalue("postgres")
    store = RecordStore(server.url)
    with store.engine.begin() as connection:  # a clean table for each test
        connection.exec_driver_sql("DELETE FROM mathplay_records")
    return server.url


def line(who: str, n: int, **more: object) -> str:
    return json.dumps({"who": who, "set": "S", "puzzle": f"p{n}", "answer": str(n),
                       "right": True, "lesson": "05-binary-numbers", **more})  # fmt: skip


def test_each_line_once_under_the_hub_name(url: str) -> None:
    store = RecordStore(url)
    added = store.add("ana", [line("Ben", 1), line("Ben", 1), line("ana", 2)])
    assert (added.stored, added.duplicates, added.refused) == (2, 1, [])
    again = store.add("ana", [line("Ben", 1)])
    assert (again.stored, again.duplicates) == (0, 1)
    rows = store.records(["ana"])
    assert [(r["who"], r["typed_who"], r["puzzle"]) for r in rows] == [
        ("ana", "Ben", "p1"),
        ("ana", "ana", "p2"),
    ]
    # The same line from another pupil is theirs.
    assert store.add("ben", [line("Ben", 1)]).stored == 1
    assert store.lessons(["ana", "ben"]) == ["05-binary-numbers"]
    assert store.last_row(["ana"]) < store.last_row()


def test_bad_lines_are_refused_with_their_reason(url: str) -> None:
    store = RecordStore(url)
    bad = ["not json", json.dumps([1, 2]), line("ana", 1, right="yes"), "x" * 70_000,
           json.dumps({"who": "ana"}), 5]  # fmt: skip
    added = store.add("ana", bad)  # type: ignore[arg-type]
    assert added.stored == 0
    assert added.refused == [
        "line 1: it is not JSON",
        "line 2: it is not an attempt",
        "line 3: right is not true or false",
        "line 4: the line is too long",
        "line 5: it has no puzzle, right",
        "line 6: it is not text",
    ]
    assert store.count() == 0


def test_many_senders_at_once_lose_nothing_and_store_nothing_twice(url: str) -> None:
    """Eight senders (as eight copies of the service) each send every pupil's 20 lines,
    all at once: every line is stored exactly once."""
    pupils = [f"p{n:02d}" for n in range(15)]

    def sender(_: int) -> int:
        store = RecordStore(url)
        return sum(store.add(p, [line(p, n) for n in range(20)]).stored for p in pupils)

    with ThreadPoolExecutor(max_workers=8) as pool:
        stored = sum(pool.map(sender, range(8)))
    store = RecordStore(url)
    assert stored == store.count() == 15 * 20
    for pupil in pupils:
        assert sorted(r["puzzle"] for r in store.records([pupil])) == sorted(
            f"p{n}" for n in range(20)
        )
