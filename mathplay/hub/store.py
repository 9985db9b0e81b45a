"""The records service's database: every pupil's records, each stored once.

A record arrives as the line the pupil's kernel wrote to their progress file. It is
checked as a progress file's line is (:func:`mathplay.classroom.records.parse_line`),
cleaned (only the fields mathplay writes, each bounded, the line at most
:data:`~mathplay.classroom.records.MOST_RECORD_BYTES`:
:func:`~mathplay.classroom.records.stored_line`) and stored under the pupil's **hub
name**, whatever name the line says (the name typed is kept as ``typed_who``). A record
is known by its pupil and the SHA-256 of its cleaned line (a line mathplay wrote is its
own cleaned line): the same record sent twice (a kernel that retried, two kernels of one
pupil, the same record padded) is stored once, on SQLite and PostgreSQL alike (an insert
that does nothing on conflict), so several copies of the service can share one database.

>>> store = RecordStore("sqlite://")
>>> line = '{"who": "Ben", "set": "S", "puzzle": "p1", "answer": "4", "right": true}'
>>> store.add("ana", [line, line, "not json"])
Added(stored=1, duplicates=1, refused=['line 3: it is not JSON'])
>>> [(r["who"], r["typed_who"], r["answer"]) for r in store.records(["ana"])]
[('ana', 'Ben', '4')]
>>> store.add("ana", [line[:-1] + ', "pad": "' + "x" * 60000 + '"}'])
Added(stored=0, duplicates=1, refused=[])
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from mathplay.classroom.records import stored_line
from mathplay.hub.migrations import upgrade
from mathplay.i18n import _

__all__ = ["MOST_LINES", "Added", "RecordStore"]

#: The most lines one request may bring (a kernel sends what it has queued, in batches).
MOST_LINES = 500

_METADATA = sa.MetaData()
RECORDS = sa.Table(
    "mathplay_records",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("pupil", sa.String(255), nullable=False),
    sa.Column("line_hash", sa.String(64), nullable=False),
    sa.Column("received", sa.Float, nullable=False),
    sa.Column("lesson", sa.String(255), nullable=True),
    sa.Column("puzzle_set", sa.String(255), nullable=True),
    sa.Column("line", sa.Text, nullable=False),
    sa.UniqueConstraint("pupil", "line_hash", name="one_line_once"),
    sa.Index("by_pupil", "pupil", "id"),
)


@dataclass
class Added:
    """What became of the lines of one request: stored, already there, or refused (why)."""

    stored: int = 0
    duplicates: int = 0
    refused: list[str] = field(default_factory=list)


def _text(value: Any) -> str | None:
    return value[:255] if isinstance(value, str) and value else None


class RecordStore:
    """The records in the database at ``url`` (SQLAlchemy's form: ``sqlite:///path``,
    ``postgresql+psycopg://user@host/db``); the database is upgraded to this release's
    tables if it is older (:mod:`mathplay.hub.migrations`)."""

    def __init__(self, url: str) -> None:
        options: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            # One file, many threads of one service: SQLite's own lock, waited on.
            options["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            options["pool_pre_ping"] = True
            options["pool_size"] = 10
            options["max_overflow"] = 20
        self.url = url
        self.engine = sa.create_engine(url, **options)
        if url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_settings)
        upgrade(self.engine)

    def _insert(self) -> Any:
        if self.engine.dialect.name == "postgresql":
            return postgresql.insert(RECORDS).on_conflict_do_nothing(constraint="one_line_once")
        if self.engine.dialect.name == "sqlite":
            return sqlite.insert(RECORDS).on_conflict_do_nothing()
        raise ValueError(
            _("the records service needs SQLite or PostgreSQL, not {name}").format(
                name=self.engine.dialect.name
            )
        )

    def add(self, pupil: str, lines: Sequence[str]) -> Added:
        """Store ``lines`` (progress lines, as text) under the hub name ``pupil``."""
        added = Added()
        rows = []
        seen: set[str] = set()
        for number, line in enumerate(lines, 1):
            if not isinstance(line, str):
                added.refused.append(_("line {n}: it is not text").format(n=number))
                continue
            cleaned = stored_line(line)
            if isinstance(cleaned, str):
                added.refused.append(_("line {n}: {why}").format(n=number, why=cleaned))
                continue
            record, text = cleaned
            digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
            if digest in seen:
                added.duplicates += 1
                continue
            seen.add(digest)
            rows.append({
                "pupil": pupil, "line_hash": digest, "received": time.time(),
                "lesson": _text(record.get("lesson")), "puzzle_set": _text(record.get("set")),
                "line": text,
            })  # fmt: skip
        if rows:
            with self.engine.begin() as connection:
                result = connection.execute(self._insert().returning(RECORDS.c.id), rows)
                stored = len(result.fetchall())
            added.stored += stored
            added.duplicates += len(rows) - stored
        return added

    def records(
        self,
        pupils: Iterable[str] | None = None,
        lesson: str | None = None,
        after: int = 0,
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """The records of ``pupils`` (hub names; everyone's with ``None``), of ``lesson``
        only if given, stored after the row ``after``, in the order they came (the first
        ``limit`` of them, if given), each with ``who`` its hub name, ``typed_who`` the
        name typed and ``row`` its number."""
        query = sa.select(RECORDS.c.id, RECORDS.c.pupil, RECORDS.c.line).order_by(RECORDS.c.id)
        if pupils is not None:
            query = query.where(RECORDS.c.pupil.in_(sorted(set(pupils))))
        if lesson is not None:
            query = query.where(RECORDS.c.lesson == lesson)
        if after:
            query = query.where(RECORDS.c.id > after)
        if limit is not None:
            query = query.limit(limit)
        out = []
        with self.engine.connect() as connection:
            for row, pupil, line in connection.execute(query):
                record = json.loads(line)
                record["typed_who"] = record.get("who")
                record["who"] = pupil
                record["row"] = row
                out.append(record)
        return out

    def lessons(self, pupils: Iterable[str]) -> list[str]:
        """The lessons ``pupils`` have records in, in order."""
        query = (
            sa.select(RECORDS.c.lesson)
            .where(RECORDS.c.pupil.in_(sorted(set(pupils))), RECORDS.c.lesson.is_not(None))
            .distinct()
        )
        with self.engine.connect() as connection:
            return sorted(str(lesson) for (lesson,) in connection.execute(query))

    def last_row(self, pupils: Iterable[str] | None = None) -> int:
        """The number of the last row stored (of ``pupils``): a page asks for what came
        after it."""
        query = sa.select(sa.func.max(RECORDS.c.id))
        if pupils is not None:
            query = query.where(RECORDS.c.pupil.in_(sorted(set(pupils))))
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar() or 0)

    def who_after(self, pupils: Iterable[str], after: int) -> list[str]:
        """The pupils of ``pupils`` with a record stored after the row ``after``."""
        query = (
            sa.select(RECORDS.c.pupil)
            .where(RECORDS.c.pupil.in_(sorted(set(pupils))), RECORDS.c.id > after)
            .distinct()
        )
        with self.engine.connect() as connection:
            return sorted(str(pupil) for (pupil,) in connection.execute(query))

    def count(self) -> int:
        """How many records are stored."""
        with self.engine.connect() as connection:
            found = connection.execute(sa.select(sa.func.count()).select_from(RECORDS)).scalar()
            return int(found or 0)


def _sqlite_settings(connection: Any, _record: Any) -> None:
    """Wait for a writer rather than fail, and a write-ahead log: readers (the dashboard)
    never wait for writers (pupils). The log is a setting of the file, kept once made: a
    connection that finds another switching it at the same moment leaves it to them."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA busy_timeout=30000")
    try:
        (mode,) = cursor.execute("PRAGMA journal_mode").fetchone()
        if str(mode).lower() not in ("wal", "memory"):
            cursor.execute("PRAGMA journal_mode=WAL")
    except sqlite3.OperationalError:
        pass  # another copy is switching it now
    finally:
        cursor.close()
