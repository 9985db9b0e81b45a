"""The records service's database over the releases (mathplay.hub.migrations), on SQLite
and a real PostgreSQL (Debian's package): a database made by an older release, with its
records, games and tournaments written as that release wrote them, is upgraded when the
stores start, and everything in it is there and works; a new database gets the newest
schema; upgrading again, or from several copies at once, does no harm; a failed upgrade
leaves the database as it was; and the upgraded database is exactly what the stores'
tables say (Alembic's autogenerate comparison), so a new column without a revision fails
here."""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import pkgutil
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata

import mathplay.hub
from mathplay.classroom.shared_games import SharedGame
from mathplay.hub import migrations
from mathplay.hub.games import GameStore, new_game_id
from mathplay.hub.migrations import HEAD, VERSION_TABLE, current_revision, found_revision
from mathplay.hub.store import RecordStore
from mathplay.hub.tournaments import TournamentStore
from tests.hub.conftest import _cannot
from tests.hub.postgres import Postgres, postgres_bin

pytestmark = pytest.mark.hub

# --- The schemas as the older releases made them (create_all of these tables) ---------


def release_0_1_0() -> sa.MetaData:
    """The tables of 0.1.0, the first release (commit 26e8130, mathplay/hub/store.py)."""
    metadata = sa.MetaData()
    sa.Table(
        "mathplay_records",
        metadata,
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
    return metadata


def with_tournaments() -> sa.MetaData:
    """The tables of the service with games and tournaments but before the games' starts
    and the tournaments' log (commits c6bf67b to 282a575)."""
    metadata = release_0_1_0()
    sa.Table(
        "mathplay_games",
        metadata,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    sa.Table(
        "mathplay_game_seats",
        metadata,
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("pupil", sa.String(255), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        sa.Index("seats_by_pupil", "pupil"),
    )
    sa.Table(
        "mathplay_tournaments",
        metadata,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("class_group", sa.String(255), nullable=False, index=True),
        sa.Column("teacher", sa.String(255), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
    )
    sa.Table(
        "mathplay_tournament_rounds",
        metadata,
        sa.Column("tournament_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("pairs", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "number"),
    )
    sa.Table(
        "mathplay_tournament_games",
        metadata,
        sa.Column("tournament_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "game_id"),
    )
    return metadata


# --- What those releases wrote ---------------------------------------------------------


def line(who: str, n: int) -> str:
    """A progress line as a pupil's kernel writes it."""
    return json.dumps({"who": who, "set": "S", "puzzle": f"p{n}", "answer": str(n),
                       "right": n % 3 != 0, "lesson": "05-binary-numbers", "hints": 0,
                       "seconds": 2.5})  # fmt: skip


def write_old_records(engine: sa.Engine, metadata: sa.MetaData, pupils: dict[str, int]) -> None:
    """Records as 0.1.0's ``RecordStore.add`` stored them: the line stripped, its
    SHA-256, its lesson and set."""
    table = metadata.tables["mathplay_records"]
    rows = []
    for pupil, count in pupils.items():
        for n in range(count):
            text = line(pupil.title(), n).strip()
            rows.append({"pupil": pupil, "received": time.time(), "lesson": "05-binary-numbers",
                         "line_hash": hashlib.sha256(text.encode("utf-8")).hexdigest(),
                         "puzzle_set": "S", "line": text})  # fmt: skip
    with engine.begin() as connection:
        connection.execute(table.insert(), rows)


def write_old_game(engine: sa.Engine, metadata: sa.MetaData, shared: SharedGame) -> None:
    """A game as c6bf67b's ``GameStore.create`` stored it (no row of who started it)."""
    with engine.begin() as connection:
        connection.execute(
            metadata.tables["mathplay_games"].insert(),
            {
                "id": shared.id,
                "game": shared.name,
                "version": shared.version,
                "over": shared.game.is_over,
                "updated": time.time(),
                "record": shared.record(),
            },
        )
        connection.execute(metadata.tables["mathplay_game_seats"].insert(), [
            {"game_id": shared.id, "pupil": pupil, "seat": seat}
            for seat, pupil in enumerate(shared.pupils)])  # fmt: skip


def write_old_tournament(engine: sa.Engine, metadata: sa.MetaData) -> tuple[str, SharedGame]:
    """A round robin of three as c6bf67b's ``TournamentStore.create`` stored it (its
    settings with the seed its games were dealt from), its first round made."""
    tournament_id = new_game_id()
    settings = {"choice": "summy-9", "pairing": "round-robin", "rounds": 3, "hints": False,
                "seconds": 60, "pupils": ["ana", "ben", "cas"], "seed": 77}  # fmt: skip
    pairs = [["ana", "ben"], ["cas", None]]
    shared = SharedGame.new(new_game_id(), "summy", ["ana", "ben"], seed=77 * 100 + 10, size=9)
    shared.hints, shared.seconds, shared.tournament = False, 60, tournament_id
    write_old_game(engine, metadata, shared)
    with engine.begin() as connection:
        connection.execute(
            metadata.tables["mathplay_tournaments"].insert(),
            {
                "id": tournament_id,
                "class_group": "7b",
                "teacher": "tess",
                "created": time.time(),
                "settings": json.dumps(settings),
            },
        )
        connection.execute(
            metadata.tables["mathplay_tournament_rounds"].insert(),
            {"tournament_id": tournament_id, "number": 1, "pairs": json.dumps(pairs)},
        )
        connection.execute(metadata.tables["mathplay_tournament_games"].insert(), {
            "tournament_id": tournament_id, "number": 1, "game_id": shared.id})  # fmt: skip
    return tournament_id, shared


# --- The databases -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server:
        yield server


_numbers = itertools.count(1)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database for each test."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'records.sqlite'}"
    server: Postgres = request.getfixturevalue("postgres")
    name = f"migrations_{next(_numbers)}"
    admin = sa.create_engine(server.url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    admin.dispose()
    return server.url.rsplit("/", 1)[0] + "/" + name


def models() -> list[sa.MetaData]:
    """The tables of every module of mathplay.hub (a new module's too)."""
    found: dict[int, sa.MetaData] = {}
    for module in pkgutil.iter_modules(mathplay.hub.__path__, "mathplay.hub."):
        try:
            loaded = importlib.import_module(module.name)
        except ModuleNotFoundError as error:  # the pages need jupyterhub; no table there
            assert error.name == "jupyterhub", error
            continue
        for value in vars(loaded).values():
            if isinstance(value, sa.MetaData) and value.tables:
                found[id(value)] = value
    return list(found.values())


def differences(url: str, wanted: list[sa.MetaData] | None = None) -> list[Any]:
    """What Alembic's autogenerate finds between the stores' tables (or ``wanted``) and
    the database's mathplay tables (nothing, when every change has its revision)."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            context = migrations.migration_context(
                connection,
                compare_type=True,
                include_name=lambda name, kind, _parent: (
                    kind != "table"
                    or ((name or "").startswith("mathplay_") and name != VERSION_TABLE)
                ),
            )
            return list(compare_metadata(context, wanted or models()))  # type: ignore[arg-type]
    finally:
        engine.dispose()


def tables(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def version_rows(url: str) -> list[str]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return [str(v) for (v,) in connection.exec_driver_sql(
                f"SELECT version_num FROM {VERSION_TABLE}")]  # fmt: skip
    finally:
        engine.dispose()


def old_database(url: str, metadata: sa.MetaData) -> sa.Engine:
    engine = sa.create_engine(url)
    metadata.create_all(engine)
    return engine


# --- The tests --------------------------------------------------------------------------


def test_the_models_tables_are_all_known() -> None:
    """Every mathplay table of the stores is in a revision (the comparison below covers
    their columns and indexes)."""
    names = {t.name for metadata in models() for t in metadata.sorted_tables}
    assert {"mathplay_records", "mathplay_games", "mathplay_tournament_log"} <= names
    added = {str(m).partition(".")[0] for s in migrations.revisions()
             for m in getattr(s.module, "ADDS", ())}  # fmt: skip
    assert names <= added, f"tables without a revision: {sorted(names - added)}"
    assert migrations.revisions()[0].revision == "0001"


def test_the_comparison_finds_a_column_without_a_revision(tmp_path: Path) -> None:
    """The check the upgrades are held to: a store's table with a column (or an index)
    no revision adds differs from the upgraded database."""
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    RecordStore(url).engine.dispose()
    assert differences(url) == []
    changed = sa.MetaData()
    for metadata in models():
        for table in metadata.sorted_tables:
            table.to_metadata(changed)
    sa.Index("by_lesson", changed.tables["mathplay_records"].c.lesson)
    changed.tables["mathplay_records"].append_column(sa.Column("school", sa.String(64)))
    found = {
        (d[0], d[2] if d[0] == "add_column" else d[1].name) for d in differences(url, [changed])
    }
    assert found == {("add_column", "mathplay_records"), ("add_index", "by_lesson")}, found


def test_a_database_of_the_first_release_upgrades_with_its_records_intact(url: str) -> None:
    old = release_0_1_0()
    engine = old_database(url, old)
    write_old_records(engine, old, {"ana": 12, "ben": 5})
    with engine.connect() as connection:
        before = [tuple(r) for r in connection.execute(
            sa.select(old.tables["mathplay_records"]).order_by(sa.text("id")))]  # fmt: skip
        assert found_revision(connection) == "0001"
    engine.dispose()
    assert current_revision(sa.create_engine(url)) is None

    store = RecordStore(url)  # the service starts: the database is upgraded
    games = GameStore(store.engine)
    tournaments = TournamentStore(games)
    assert current_revision(store.engine) == HEAD and version_rows(url) == [HEAD]
    with store.engine.connect() as connection:
        after = [
            tuple(r)
            for r in connection.execute(
                sa.select(
                    sa.table(
                        "mathplay_records",
                        *[sa.column(c.name) for c in old.tables["mathplay_records"].columns],
                    )
                ).order_by(sa.text("id"))
            )
        ]
    assert after == before  # fmt: skip
    ana = store.records(["ana"])
    assert [r["puzzle"] for r in ana] == [f"p{n}" for n in range(12)]
    assert {r["who"] for r in ana} == {"ana"} and {r["typed_who"] for r in ana} == {"Ana"}
    assert store.count() == 17 and store.lessons(["ana", "ben"]) == ["05-binary-numbers"]
    # A kernel sending an old record again finds it there; a new one is stored after.
    again = store.add("ana", [line("Ana", 3), line("Ana", 99)])
    assert (again.stored, again.duplicates) == (1, 1)
    assert store.records(["ana"], after=before[-1][0])[0]["puzzle"] == "p99"
    # The tables added since work: a game (its start counted) and a tournament's log.
    shared = SharedGame.new(new_game_id(), "summy", ["ana", "ben"], seed=5, size=9)
    shared.started_by = "ana"
    assert games.create(shared, most=20)
    assert games.open_games("ana") == 1
    assert tournaments.of_class("7b") == []
    assert differences(url) == []
    store.engine.dispose()


def test_a_database_with_games_and_tournaments_upgrades_with_them_intact(url: str) -> None:
    old = with_tournaments()
    engine = old_database(url, old)
    write_old_records(engine, old, {"ana": 3})
    kept = SharedGame.new(new_game_id(), "summy", ["ana", "ben"], seed=4242, size=9)
    write_old_game(engine, old, kept)
    tournament_id, round_game = write_old_tournament(engine, old)
    with engine.connect() as connection:
        assert found_revision(connection) == "0003"
    engine.dispose()

    store = RecordStore(url)
    games = GameStore(store.engine)
    tournaments = TournamentStore(games)
    assert current_revision(store.engine) == HEAD
    assert [r["puzzle"] for r in store.records(["ana"])] == ["p0", "p1", "p2"]
    # The old game loads and plays on; it counts for nobody's limit (no start kept).
    again = games.get(kept.id)
    assert again is not None and again.game.seed == 4242 and again.pupils == ("ana", "ben")
    assert games.open_games("ana") == 0
    again.resign("ben")
    assert games.save(again, 0)
    ended = games.get(kept.id)
    assert ended is not None and ended.is_over and ended.winners() == (0,)
    # The tournament: its settings (with the old seed), its round and game, its table.
    found = tournaments.settings(tournament_id)
    assert found is not None and found[0] == "7b" and found[1].seed == 77
    assert found[1].pupils == ("ana", "ben", "cas") and found[1].seconds == 60
    ((number, pairs, round_games),) = tournaments.rounds(tournament_id)
    assert (number, pairs, [g.id for g in round_games]) == (
        1, [("ana", "ben"), ("cas", None)], [round_game.id])  # fmt: skip
    assert [t["id"] for t in tournaments.of_class("7b")] == [tournament_id]
    assert tournaments.table(tournament_id) is not None
    # The log, a table added since, works on the old tournament.
    tournaments.write_log(tournament_id, {"what": "pause", "by": "tess"})
    assert [e["what"] for e in tournaments.log_of(tournament_id)] == ["pause"]
    assert differences(url) == []
    store.engine.dispose()


def test_a_new_database_gets_the_newest_schema(url: str) -> None:
    store = RecordStore(url)
    TournamentStore(GameStore(store.engine))
    assert current_revision(store.engine) == HEAD and version_rows(url) == [HEAD]
    assert differences(url) == []
    store.engine.dispose()


def test_upgrading_again_does_nothing(url: str) -> None:
    old = release_0_1_0()
    engine = old_database(url, old)
    write_old_records(engine, old, {"ana": 4})
    migrations.upgrade(engine)
    made = tables(url)
    migrations.upgrade(engine)
    migrations.upgrade(engine)
    store = RecordStore(url)
    TournamentStore(GameStore(store.engine))
    assert tables(url) == made and version_rows(url) == [HEAD]
    assert store.count() == 4 and differences(url) == []
    engine.dispose()
    store.engine.dispose()


def test_a_database_missing_a_middle_table_gets_it(url: str) -> None:
    """A database made before migrations by a service that made only some stores' tables
    (the records and the tournament log, say): the revision it is stamped with is the
    last one whose tables it all has, and the tables already there are left alone."""
    old = release_0_1_0()
    sa.Table("mathplay_tournament_log", old, sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("tournament_id", sa.String(32), nullable=False, index=True),
             sa.Column("created", sa.Float, nullable=False),
             sa.Column("entry", sa.Text, nullable=False))  # fmt: skip
    engine = old_database(url, old)
    write_old_records(engine, old, {"ben": 2})
    with engine.begin() as connection:
        connection.execute(old.tables["mathplay_tournament_log"].insert(),
                           {"tournament_id": "t1", "created": 1.0, "entry": "{}"})  # fmt: skip
        assert found_revision(connection) == "0001"
    migrations.upgrade(engine)
    assert current_revision(engine) == HEAD and differences(url) == []
    with engine.connect() as connection:
        assert (
            connection.exec_driver_sql("SELECT count(*) FROM mathplay_tournament_log").scalar() == 1
        )
    assert RecordStore(url).count() == 2
    engine.dispose()


def test_copies_starting_at_once_on_an_old_database_all_start(url: str) -> None:
    """Eight copies of the service start at the same moment on a database of the first
    release: one upgrades, the others wait for it; each starts, nothing is lost, and the
    version is written once."""
    old = release_0_1_0()
    engine = old_database(url, old)
    write_old_records(engine, old, {"ana": 30})
    engine.dispose()
    together = threading.Barrier(8)

    def start(_copy: int) -> int:
        together.wait(timeout=30)
        store = RecordStore(url)
        TournamentStore(GameStore(store.engine))
        count = store.count()
        store.engine.dispose()
        return count

    with ThreadPoolExecutor(8) as pool:
        assert list(pool.map(start, range(8))) == [30] * 8
    assert version_rows(url) == [HEAD] and differences(url) == []


def test_a_database_of_a_newer_release_is_left_alone(url: str) -> None:
    """A database a newer release upgraded (a revision this one does not know) is
    refused in words, and left as it is."""
    RecordStore(url).engine.dispose()
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql(f"UPDATE {VERSION_TABLE} SET version_num = '0099'")
    made = tables(url)
    with pytest.raises(migrations.NewerDatabase, match="revision 0099 is not one this release"):
        RecordStore(url)
    assert tables(url) == made and version_rows(url) == ["0099"]
    engine.dispose()


def test_a_failed_upgrade_leaves_the_database_as_it_was(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An upgrade stopped half way (here by a revision that fails after the first ones'
    tables were made) is undone whole: the next start upgrades from the beginning."""
    old = release_0_1_0()
    engine = old_database(url, old)
    write_old_records(engine, old, {"ana": 2})
    made = tables(url)
    from mathplay.hub.migrations import making

    real = making.create_missing_table
    calls: list[str] = []

    def failing(name: str, *items: Any) -> None:
        calls.append(name)
        if name == "mathplay_game_starts":
            raise RuntimeError("the machine stopped")
        real(name, *items)

    monkeypatch.setattr(making, "create_missing_table", failing)
    with pytest.raises(RuntimeError, match="the machine stopped"):
        migrations.upgrade(engine)
    assert "mathplay_tournaments" in calls  # revisions 0002 and 0003 ran
    assert tables(url) == made and current_revision(engine) is None
    monkeypatch.undo()
    migrations.upgrade(engine)
    assert current_revision(engine) == HEAD and RecordStore(url).count() == 2
    assert differences(url) == []
    engine.dispose()


#: The commit of the first release, 0.1.0 (the repository has no tags).
RELEASE_0_1_0 = "26e8130"
_WRITER = """
import json, sys
from mathplay.hub.store import RecordStore
store = RecordStore(sys.argv[1])
lines = json.loads(sys.argv[2])
for pupil in ("ana", "ben"):
    store.add(pupil, [text for text in lines if json.loads(text)["who"].lower() == pupil])
print(json.dumps(store.records()))
"""


def test_a_database_the_first_release_itself_made_upgrades(url: str, tmp_path: Path) -> None:
    """0.1.0's own code (from git, where the history is there) makes the database and
    stores the records; the stores of today read every one of them back the same."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    old = tmp_path / "0.1.0"
    old.mkdir()
    try:
        archive = subprocess.run(["git", "-C", str(root), "archive", RELEASE_0_1_0, "mathplay"],
                                 check=True, capture_output=True, timeout=60).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        pytest.skip(f"the commit of 0.1.0 ({RELEASE_0_1_0}) is not in this clone's history")
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True, timeout=60)
    lines = [line(who, n) for who in ("Ana", "Ben") for n in range(20)]
    written = subprocess.run(
        [sys.executable, "-c", _WRITER, url, json.dumps(lines)], cwd=tmp_path, check=True,
        capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(old)},
    )  # fmt: skip
    before = json.loads(written.stdout)
    assert len(before) == 40 and current_revision(sa.create_engine(url)) is None
    store = RecordStore(url)
    TournamentStore(GameStore(store.engine))
    assert current_revision(store.engine) == HEAD
    assert store.records() == before
    assert store.add("ana", [line("Ana", 7)]).duplicates == 1
    assert differences(url) == []
    store.engine.dispose()


def test_the_service_on_a_newer_database_says_so_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    RecordStore(url).engine.dispose()
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql(f"UPDATE {VERSION_TABLE} SET version_num = '0099'")
    engine.dispose()
    done = subprocess.run(
        [sys.executable, "-m", "mathplay.hub.service", "--url", "http://127.0.0.1:1", "--db", url],
        capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.returncode == 2
    (said,) = done.stderr.strip().splitlines()
    assert said.startswith(f"mathplay-records: cannot open the database {url}: the database was")
    assert "revision 0099" in said and "restore the backup" in said
