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


def test_copies_starting_at_once_on_an_empty_database_all_start(url: str) -> None:
    """Eight copies of the service making their tables at the same moment on a database
    that has none: each one starts, and every table is there."""
    import threading

    import sqlalchemy as sa

    from mathplay.hub import games, store, tournaments
    from mathplay.hub.games import GameStore
    from mathplay.hub.migrations import VERSION_TABLE
    from mathplay.hub.tournaments import TournamentStore

    engine = sa.create_engine(url)
    for metadata in (tournaments._METADATA, games._METADATA, store._METADATA):
        metadata.drop_all(engine)
    with engine.begin() as connection:  # and the revision they had: a new database
        connection.exec_driver_sql(f"DROP TABLE IF EXISTS {VERSION_TABLE}")
    engine.dispose()
    together = threading.Barrier(8)

    def start(_copy: int) -> bool:
        together.wait(timeout=30)
        records = RecordStore(url)
        TournamentStore(GameStore(records.engine))
        records.engine.dispose()
        return True

    with ThreadPoolExecutor(8) as pool:
        assert list(pool.map(start, range(8))) == [True] * 8
    made = set(sa.inspect(sa.create_engine(url)).get_table_names())
    wanted = {
        table.name
        for metadata in (tournaments._METADATA, games._METADATA, store._METADATA)
        for table in metadata.sorted_tables
    }
    assert wanted <= made


def test_a_copy_refused_by_the_others_table_makes_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other copy made one table between this copy's look and its CREATE: the
    refusal is not the end, the other tables are made too (a check of the first table
    alone left the second missing)."""
    import sqlalchemy as sa

    from mathplay.hub.tables import make_tables

    engine = sa.create_engine(f"sqlite:///{tmp_path / 'race.sqlite'}")
    metadata = sa.MetaData()
    first = sa.Table("first", metadata, sa.Column("x", sa.Integer))
    sa.Table("second", metadata, sa.Column("y", sa.Integer))
    make_all = metadata.create_all
    calls: list[int] = []

    def racing(bind: sa.Engine, **options: object) -> None:
        calls.append(1)
        if len(calls) == 1:
            first.create(bind)  # the other copy's
            raise sa.exc.OperationalError("CREATE TABLE first", {}, Exception("exists"))
        make_all(bind, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(metadata, "create_all", racing)
    make_tables(metadata, engine)
    assert set(sa.inspect(engine).get_table_names()) == {"first", "second"} and len(calls) == 2
    # A database that refuses every time (no right to create): the refusal is raised.
    calls.clear()
    monkeypatch.setattr(
        metadata, "create_all", lambda bind, **o: (_ for _ in ()).throw(
            sa.exc.OperationalError("CREATE", {}, Exception("permission denied"))))  # fmt: skip
    with pytest.raises(sa.exc.OperationalError, match="permission denied"):
        make_tables(metadata, engine)
