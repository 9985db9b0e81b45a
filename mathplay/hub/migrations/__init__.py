"""The records service's tables over the releases: Alembic revisions, run on start.

Every store of the service (:class:`~mathplay.hub.store.RecordStore`, the games and the
tournaments) calls :func:`upgrade` on its database when it starts: the database is
brought to the newest revision (:data:`HEAD`), from nothing for a new database. The
revision a database has is kept in its own table, :data:`VERSION_TABLE` (not
``alembic_version``: the service may share the hub's own database, which has that one).

A database made by a release before migrations (0.1.0, whose tables ``create_all``
made) has mathplay's tables but no version: the newest revision whose tables it all has
is written down first (:func:`found_revision`), and the rest is run from there.

Several copies of the service may start together on one database: the upgrade runs in
one transaction that holds the database's lock (``pg_advisory_xact_lock`` on PostgreSQL,
``BEGIN IMMEDIATE`` on SQLite), so one copy upgrades and the others, waiting, find it
done. Both databases undo a half-made upgrade (their DDL is in the transaction).

The revisions are in ``versions/``, one file each, oldest first; each says in ``ADDS``
the tables (or ``table.column``) it adds, for :func:`found_revision`. A new column or
table of a store needs a revision: ``tests/hub/test_migrations.py`` compares the
upgraded database with the stores' tables and fails on any difference.

>>> engine = sa.create_engine("sqlite://")
>>> upgrade(engine)
>>> current_revision(engine) == HEAD
True
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from mathplay.errors import MathplayError
from mathplay.i18n import _

__all__ = [
    "HEAD",
    "LOCK_KEY",
    "VERSION_TABLE",
    "NewerDatabase",
    "current_revision",
    "found_revision",
    "migration_context",
    "revisions",
    "script_directory",
    "upgrade",
]

#: The table that holds the revision a database has.
VERSION_TABLE = "mathplay_alembic_version"
#: The key of PostgreSQL's advisory lock that one upgrade at a time holds: a constant of
#: mathplay's own (the bytes of "MPMIGRAT", a bigint).
LOCK_KEY = int.from_bytes(b"MPMIGRAT", "big", signed=True)

_HERE = Path(__file__).resolve().parent
_LOG = logging.getLogger(__name__)
# Alembic says at INFO, on every start, what it assumes of the database ("Will assume
# non-transactional DDL" on SQLite, where the upgrade is one transaction all the same):
# the service's log says instead what was upgraded (a setting someone made is kept).
_ALEMBIC_LOG = logging.getLogger("alembic")
if _ALEMBIC_LOG.level == logging.NOTSET:
    _ALEMBIC_LOG.setLevel(logging.WARNING)


@cache
def script_directory() -> ScriptDirectory:
    """The revisions shipped in the package (no ``alembic.ini``, no ``env.py``), read
    once."""
    return ScriptDirectory(str(_HERE), version_locations=[str(_HERE / "versions")])


def revisions() -> list[Any]:
    """The revisions (alembic's ``Script``), oldest first."""
    return list(reversed(list(script_directory().walk_revisions())))


def _head() -> str:
    head = script_directory().get_current_head()
    assert head is not None
    return head


#: The newest revision: the schema of this release.
HEAD = _head()


class NewerDatabase(MathplayError):
    """The database was upgraded by a newer release than this one (its revision is not
    one of this release's): this release leaves it alone."""


def _check_known(revision: str | None) -> None:
    if revision is not None and revision not in {s.revision for s in revisions()}:
        raise NewerDatabase(
            _(
                "the database was upgraded by a newer mathplay (its revision {revision} is "
                "not one this release knows, the newest being {head}): upgrade mathplay, "
                "or restore the backup made before that upgrade"
            ).format(revision=revision, head=HEAD)
        )


def migration_context(connection: sa.Connection, **opts: Any) -> MigrationContext:
    """Alembic's context on ``connection``, with mathplay's version table."""
    return MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE, **opts})


def current_revision(engine: sa.Engine) -> str | None:
    """The revision the database at ``engine`` has (``None``: no version written)."""
    with engine.connect() as connection:
        return migration_context(connection).get_current_revision()


def found_revision(connection: sa.Connection) -> str | None:
    """The revision a database without a version has: the newest whose tables (and
    columns) it has, with those of every revision before (``None``: no table of
    mathplay's, a new database, or not even the first release's)."""
    inspector = sa.inspect(connection)
    tables = set(inspector.get_table_names())
    columns: dict[str, set[str]] = {}
    found = None
    for script in revisions():
        for mark in getattr(script.module, "ADDS", ()):
            table, _dot, column = str(mark).partition(".")
            if table not in tables:
                return found
            if column:
                if table not in columns:
                    columns[table] = {c["name"] for c in inspector.get_columns(table)}
                if column not in columns[table]:
                    return found
        found = script.revision
    return found


@contextmanager
def _locked(engine: sa.Engine) -> Iterator[sa.Connection]:
    """A connection in a transaction that holds the database's lock for upgrades,
    committed at the end (rolled back on an error)."""
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        elif engine.dialect.name == "sqlite":
            # pysqlite begins no transaction before DDL: the write lock is asked for here
            # (waited for as long as the connection's busy timeout), and held to the end.
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        try:
            yield connection
        except BaseException:
            connection.rollback()
            raise
        connection.commit()


def upgrade(engine: sa.Engine) -> None:
    """Bring the database at ``engine`` to :data:`HEAD` (nothing to do: one query).
    :class:`NewerDatabase` if a newer release upgraded it."""
    found = current_revision(engine)
    if found == HEAD:
        return
    _check_known(found)
    script = script_directory()
    with _locked(engine) as connection:
        context = migration_context(
            connection, fn=lambda heads, _context: script._upgrade_revs(HEAD, heads)
        )
        current = context.get_current_revision()
        if current == HEAD:
            return  # another copy did it while this one waited
        _check_known(current)
        if current is None:
            current = found_revision(connection)
            if current is not None:
                _LOG.info("a database made before migrations: it has revision %s", current)
                context.stamp(script, current)
        with Operations.context(context):
            context.run_migrations()
        _LOG.info("the database is upgraded from revision %s to %s", current or "(none)", HEAD)
