"""A school's data over the years (:mod:`mathplay.hub.pupil_data`, ``mathplay records``),
on SQLite and on a real PostgreSQL (Debian's package): a class of 30 with records, games
between pupils and a tournament, made with the stores' own APIs. One pupil erased is
found nowhere (every text column of every table searched), the others' data and reports
unchanged; a backup restored into an empty database (SQLite to PostgreSQL and back)
gives the same reports; a prune deletes exactly what is older; an export holds exactly
the pupil's data; bad input is refused in words."""

from __future__ import annotations

import csv
import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from mathplay.__main__ import main
from mathplay.ai import make_player
from mathplay.classroom.shared_games import SharedGame
from mathplay.core import load
from mathplay.hub import dashboard
from mathplay.hub.games import GAMES_TABLE, end_records
from mathplay.hub.pupil_data import (
    TABLES,
    DataError,
    SchoolData,
    backup,
    erase,
    export,
    find,
    log_entries,
    log_mark,
    prune,
    restore,
    write_export,
)
from mathplay.hub.store import RECORDS
from mathplay.hub.tournaments import read_settings
from tests.hub.conftest import _cannot
from tests.hub.postgres import Postgres, postgres_bin

pytestmark = pytest.mark.hub

PUPILS = [
    "ana", "ben", "chloe", "dev", "emma", "farid", "grace", "hugo", "ines", "jonas", "kemal",
    "lea", "mateo", "nora", "oskar", "priya", "quinn", "rosa", "sami", "tariq", "uma",
    "victor", "wen", "ximena", "yusuf", "zoë", "aiko", "bilal", "carla", "dmitri",
]  # fmt: skip
#: The pupil erased: a name with a letter JSON escapes, in every kind of row.
GONE = "zoë"
SETS = ("Equations", "Binary numbers", "Bitwise logic")
KINDS = ("report", "skills", "sets", "gradebook")


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server:
        yield server


def empty_database(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database of ``kind``: a SQLite file, or a database of its own on the
    test's PostgreSQL server."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / f'{uuid.uuid4().hex}.sqlite'}"
    server: Postgres = request.getfixturevalue("postgres")
    name = "t" + uuid.uuid4().hex[:12]
    engine = sa.create_engine(server.url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    engine.dispose()
    return server.url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return empty_database(request.param, request, tmp_path)


def line(who: str, n: int, at: int) -> str:
    return json.dumps({"who": who, "set": SETS[n % 3], "puzzle": f"p{n}",
                       "question": f"{n} + {at} = ?", "answer": str(n + at),
                       "right": (n + at) % 3 != 0, "hints": n % 2, "seconds": 10.5 + n,
                       "lesson": f"0{n % 3 + 1}-lesson", "when": f"2026-11-{10 + at:02d}T09:00:00"},
                      ensure_ascii=False)  # fmt: skip


def play_to_end(data: SchoolData, shared: SharedGame, moves: int | None = None) -> None:
    """Play ``shared`` from each pupil's own view (to the end, or ``moves`` moves), then
    store each pupil's end record as the service does."""
    players = {p: make_player("easy", i) for i, p in enumerate(shared.pupils)}
    played = 0
    while not shared.game.is_over and (moves is None or played < moves):
        who = shared.pupils[shared.game.to_move]
        move = players[who].play_turn(load(shared.view_for(who)["position"]))[0]
        played_on = shared.version
        shared.play(who, move, played_on)
        assert data.games.save(shared, played_on)
        played += 1
    if shared.is_over:
        for pupil, text in end_records(shared, time.time()).items():
            data.records.add(pupil, [text])


def make_class(url: str) -> dict[str, Any]:
    """The class: 30 pupils with records; games between pupils (finished, going on, one
    declined), one started by the pupil to erase; a round robin of four with its first
    round played and the second going on. What was made, by id."""
    data = SchoolData(url, must_exist=False)
    for at, pupil in enumerate(PUPILS):
        assert data.records.add(pupil, [line(pupil, n, at) for n in range(12)]).stored == 12
    made: dict[str, Any] = {"data": data}
    # Games between pupils: GONE with ana (finished), with ben (going on, GONE started),
    # with chloe and dev (finished, four seats... three here), and two without GONE.
    games = {
        "gone_ana": SharedGame.new("g1", "summy", [GONE, "ana"], seed=1, size=9),
        "ben_gone": SharedGame.new("g2", "summy", ["ben", GONE], seed=2, size=9),
        "three": SharedGame.new("g3", "binary", ["chloe", GONE, "dev"], seed=3),
        "ana_ben": SharedGame.new("g4", "summy", ["ana", "ben"], seed=4, size=9),
        "emma_farid": SharedGame.new("g5", "binary", ["emma", "farid"], seed=5),
    }
    games["ben_gone"].started_by = GONE
    for shared in games.values():
        data.games.create(shared)
    play_to_end(data, games["gone_ana"])
    play_to_end(data, games["ben_gone"], moves=3)
    play_to_end(data, games["three"])
    play_to_end(data, games["ana_ben"])
    play_to_end(data, games["emma_farid"], moves=2)
    made["games"] = games
    settings = read_settings({"game": "summy-9", "pairing": "round-robin", "seconds": "0"},
                             ["grace", GONE, "hugo", "ines"])  # fmt: skip
    tournament_id = data.tournaments.create("7b", "mrs-k", settings)
    for shared in data.tournaments.rounds(tournament_id)[0][2]:
        play_to_end(data, shared)
    assert data.tournaments.advance(tournament_id)
    made["tournament"] = tournament_id
    return made


def every_text(engine: sa.Engine) -> Iterator[tuple[str, str]]:
    """Every text of every row of every table of the database (the service's and any
    other), with where it is."""
    inspector = sa.inspect(engine)
    with engine.connect() as connection:
        for table_name in inspector.get_table_names():
            table = sa.Table(table_name, sa.MetaData(), autoload_with=engine)
            for row in connection.execute(sa.select(table)):
                for column, value in zip(table.columns, row, strict=True):
                    if isinstance(value, str):
                        yield f"{table_name}.{column.name}", value


def reports(data: SchoolData, pupils: list[str]) -> dict[str, str]:
    """The class's reports, as the dashboard makes them, for ``pupils``."""
    records = data.records.records(pupils)
    out = {kind: dashboard.csv_file(records, pupils, kind) for kind in KINDS}
    out["html"] = dashboard.report_html(records, pupils)
    return out


def everything(data: SchoolData) -> dict[str, Any]:
    """Every pupil's report, records, games and each tournament's table."""
    with data.engine.connect() as connection:
        tournaments = sorted(connection.execute(sa.select(sa.text("id")).select_from(
            sa.table("mathplay_tournaments"))).scalars())  # fmt: skip
    return {
        "reports": reports(data, PUPILS),
        "records": data.records.records(),
        "games": {p: data.games.of_pupil(p) for p in PUPILS},
        "tables": {t: repr(data.tournaments.table(t)) for t in tournaments},
    }


def test_one_pupil_of_thirty_erased_is_found_nowhere(url: str) -> None:
    made = make_class(url)
    data: SchoolData = made["data"]
    others = [p for p in PUPILS if p != GONE]
    untouched = [p for p in others if p not in ("ana", "ben", "chloe", "dev", "grace", "hugo",
                                                "ines")]  # fmt: skip
    before_records = data.records.records(untouched)
    before_reports = reports(data, untouched)
    ana_games = data.games.of_pupil("ana")
    export(data, GONE, "head")  # an export names them in the data log, until erased
    assert find(data.engine, GONE)
    mark_before = log_mark(data.engine)

    erased = erase(data, GONE, "head")

    assert erased.left == {}
    assert erased.counts["records"] == 12 + 3  # their attempts and their finished games
    assert erased.counts["games_removed"] == 1  # the game with ben, going on
    assert erased.counts["games_kept"] >= 3  # with ana, the three's, the tournament's
    assert erased.counts["classmates_records"] >= 3
    # Nothing of them in any text of any table, as it is or as JSON writes it.
    forms = (GONE, json.dumps(GONE)[1:-1])
    found = [(where, text[:80]) for where, text in every_text(data.engine)
             if any(form in text for form in forms)]  # fmt: skip
    assert found == []
    with pytest.raises(DataError, match="there is no pupil 'zoë'"):
        export(data, GONE, "head")
    # The others' data and reports are as they were.
    assert data.records.records(untouched) == before_records
    assert reports(data, untouched) == before_reports
    assert all(r["who"] != GONE for r in data.records.records())
    # Ana's game with them is hers still, with a mark for their name; the game going on
    # with ben is gone; the tournament goes on without them (their game forfeited).
    mark = erased.mark
    ana_now = data.games.of_pupil("ana")
    assert [g["id"] for g in ana_now] == [g["id"] for g in ana_games]
    assert [g["pupils"] for g in ana_now if g["id"] == "g1"] == [[mark, "ana"]]
    assert [g["id"] for g in data.games.of_pupil("ben")] == ["g4"]
    assert data.games.get("g2") is None and data.games.get("g1") is not None
    table = data.tournaments.table(made["tournament"])
    assert table is not None and mark in table["settings"].pupils
    assert mark in table["state"].out
    round_two = data.tournaments.rounds(made["tournament"])[1][2]
    assert all(g.is_over for g in round_two if mark in g.pupils)
    # The erasure is logged: who, when, counts, the mark; never the name.
    entries = log_entries(data)
    assert [e["action"] for e in entries] == ["export", "erase"]
    assert entries[1]["by"] == "head" and entries[1]["details"]["mark"] == mark
    assert entries[1]["details"]["records"] == 15 and entries[1]["details"]["left"] == 0
    assert log_mark(data.engine) == mark_before + 1  # the service's copies of reports go
    data.close()


@pytest.mark.parametrize(("source", "target"), [("sqlite", "postgresql"),
                                                ("postgresql", "sqlite")])  # fmt: skip
def test_backup_then_restore_gives_the_same_reports(
    source: str, target: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    made = make_class(empty_database(source, request, tmp_path))
    data: SchoolData = made["data"]
    erase(data, "farid", "head")  # the data log and the marks go along too
    before = everything(data)
    counts = backup(data, tmp_path / "school.jsonl.gz")
    assert counts["mathplay_records"] == data.records.count()
    assert (tmp_path / "school.jsonl.gz").stat().st_mode & 0o077 == 0
    data.close()

    into = SchoolData(empty_database(target, request, tmp_path), must_exist=False)
    restored = restore(into, tmp_path / "school.jsonl.gz", "head")
    assert restored == counts
    assert not list(tmp_path.glob("*.part"))
    assert everything(into) == before
    # The database goes on after the rows restored: a new record and a new log line.
    assert into.records.add("ana", [line("ana", 99, 1)]).stored == 1
    assert into.records.last_row() == max(r["row"] for r in before["records"]) + 1
    assert [e["action"] for e in log_entries(into)] == ["erase", "restore"]
    # Into a database that holds anything: refused, unless asked to replace it.
    with pytest.raises(DataError, match=r"already holds .* --replace"):
        restore(into, tmp_path / "school.jsonl.gz", "head")
    restore(into, tmp_path / "school.jsonl.gz", "head", replace=True)
    assert everything(into) == before
    into.close()


def test_a_backup_cut_short_restores_nothing(tmp_path: Path) -> None:
    data = SchoolData(f"sqlite:///{tmp_path / 'a.sqlite'}", must_exist=False)
    data.records.add("ana", [line("ana", n, 1) for n in range(5)])
    backup(data, tmp_path / "b.jsonl")
    lines = (tmp_path / "b.jsonl").read_text(encoding="utf-8").splitlines()
    (tmp_path / "cut.jsonl").write_text("\n".join(lines[:-2]) + "\n", encoding="utf-8")
    (tmp_path / "other.jsonl").write_text('{"hello": 1}\n', encoding="utf-8")
    into = SchoolData(f"sqlite:///{tmp_path / 'b.sqlite'}", must_exist=False)
    with pytest.raises(DataError, match="cut short: nothing was restored"):
        restore(into, tmp_path / "cut.jsonl", "head")
    with pytest.raises(DataError, match="not a backup made by mathplay records backup"):
        restore(into, tmp_path / "other.jsonl", "head")
    assert into.records.count() == 0


def test_prune_deletes_exactly_what_is_older(url: str) -> None:
    made = make_class(url)
    data: SchoolData = made["data"]
    now = time.time()
    long_ago = now - 400 * 86_400
    with data.engine.begin() as connection:
        connection.execute(RECORDS.update().where(RECORDS.c.id % 3 == 0)
                           .values(received=long_ago))  # fmt: skip
        # A finished game long ago, one going on long ago (kept: not over), and the
        # tournament made long ago (kept: its games go on).
        connection.execute(GAMES_TABLE.update().where(GAMES_TABLE.c.id.in_(["g1", "g5"]))
                           .values(updated=long_ago))  # fmt: skip
        connection.exec_driver_sql(f"UPDATE mathplay_tournaments SET created = {long_ago}")
    everyone = data.records.records()
    old = {r["row"] for r in everyone if r["row"] % 3 == 0}
    assert prune(data, 365, "head", now=now, dry_run=True) == {
        "records": len(old), "games": 1, "tournaments": 0}  # fmt: skip
    assert len(data.records.records()) == len(everyone)  # a dry run deletes nothing
    assert prune(data, 365, "head", now=now) == {"records": len(old), "games": 1,
                                                 "tournaments": 0}  # fmt: skip
    assert {r["row"] for r in data.records.records()} == {r["row"] for r in everyone} - old
    assert data.games.get("g1") is None and data.games.get("g5") is not None
    assert data.tournaments.table(made["tournament"]) is not None
    assert prune(data, 365, "head", now=now) == {"records": 0, "games": 0, "tournaments": 0}
    # Once the tournament's games are over and old, it goes with them.
    for shared in data.tournaments.open_games(made["tournament"]):
        play_to_end(data, shared)
    with data.engine.begin() as connection:
        connection.exec_driver_sql(f"UPDATE mathplay_games SET updated = {long_ago}")
    counts = prune(data, 365, "head", now=now)
    assert counts == {"records": 0, "games": 6, "tournaments": 1}  # its 4, g3 and g4
    assert data.tournaments.table(made["tournament"]) is None
    assert [g for g in ("g2", "g3", "g4", "g5") if data.games.get(g)] == ["g2", "g5"]
    assert [e["action"] for e in log_entries(data)] == ["prune"] * 3
    data.close()


def test_an_export_holds_exactly_the_pupils_data(url: str, tmp_path: Path) -> None:
    made = make_class(url)
    data: SchoolData = made["data"]
    exported = export(data, "ana", "mrs-k")
    assert exported["records"] == data.records.records(["ana"])
    assert all(r["who"] == "ana" for r in exported["records"])
    assert sorted(g["id"] for g in exported["games"]) == ["g1", "g4"]
    assert all("ana" in g["pupils"] for g in exported["games"])
    assert exported["tournaments"] == []
    game = next(g for g in exported["games"] if g["id"] == "g1")
    assert game["over"] and game["moves"] and "save" not in game
    zoe = export(data, GONE, "mrs-k")
    going_on = next(g for g in zoe["games"] if g["id"] == "g2")
    assert not going_on["over"] and len(going_on["moves"]) == 3  # the moves, no tiles
    assert [t["id"] for t in zoe["tournaments"]] == [made["tournament"]]
    assert zoe["tournaments"][0]["played"] == 1
    files = write_export(exported, tmp_path / "out")
    assert [f.name for f in files] == ["ana-data.json", "ana-records.csv", "ana-games.csv",
                                       "ana-tournaments.csv"]  # fmt: skip
    assert json.loads(files[0].read_text(encoding="utf-8"))["records"] == exported["records"]
    with open(files[1], encoding="utf-8") as rows:
        assert [r["row"] for r in csv.DictReader(rows)] == [
            str(r["row"]) for r in exported["records"]]  # fmt: skip
    with open(files[2], encoding="utf-8") as rows:
        assert len(list(csv.DictReader(rows))) == sum(len(g["moves"]) for g in exported["games"])
    assert all(f.stat().st_mode & 0o077 == 0 for f in files)
    assert [(e["action"], e["by"], e["details"]["pupil"]) for e in log_entries(data)] == [
        ("export", "mrs-k", "ana"), ("export", "mrs-k", GONE)]  # fmt: skip
    data.close()


def test_the_reports_kept_by_the_service_are_not_used_after_an_erasure(tmp_path: Path) -> None:
    import asyncio

    from mathplay.hub.reports import Reports

    data = SchoolData(f"sqlite:///{tmp_path / 'r.sqlite'}", must_exist=False)
    data.records.add("ana", [line("ana", 1, 1)])
    data.records.add("ben", [line("ben", 2, 1)])
    kept = Reports(data.records)

    async def report() -> str:
        return await kept.html(["ana", "ben"], True, None, "en", data.records.last_row())

    before = asyncio.run(report())
    assert "ana" in before and asyncio.run(report()) == before and kept.made == 1
    erase(data, "ana", "head")
    data.records.add("ben", [])  # the last row is the same: ben's
    after = asyncio.run(report())
    assert kept.made == 2 and after != before
    kept.close()
    data.close()


# --- the command -----------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["records", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def test_the_commands_do_what_they_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = f"sqlite:///{tmp_path / 'school.sqlite'}"
    data = SchoolData(db, must_exist=False)
    for pupil in ("ana", "ben"):
        data.records.add(pupil, [line(pupil, n, 1) for n in range(4)])
    data.close()
    status, out, _err = run(["export", "--db", db, "--pupil", "ana", "--by", "mrs-k",
                             str(tmp_path / "ana")], capsys)  # fmt: skip
    assert status == 0 and "ana: 4 records, 0 games, 0 tournaments" in out
    assert (tmp_path / "ana" / "ana-records.csv").is_file()
    status, out, _err = run(["backup", "--db", db, str(tmp_path / "b.jsonl")], capsys)
    assert status == 0 and "Backed up 9 rows (8 records)" in out
    status, _out, err = run(["backup", "--db", db, str(tmp_path / "b.jsonl")], capsys)
    assert status == 2 and "is there already" in err
    monkeypatch.setattr("sys.stdin", open("/dev/null"))  # noqa: SIM115
    status, _out, err = run(["erase", "--db", db, "--pupil", "ana"], capsys)
    assert status == 2 and "run it again with --yes" in err
    status, out, _err = run(["erase", "--db", db, "--pupil", "ana", "--yes", "--by", "head"],
                            capsys)  # fmt: skip
    assert status == 0 and "Erased ana: 4 records deleted" in out and "nowhere" in out
    status, out, _err = run(["prune", "--db", db, "--older-than", "30"], capsys)
    assert status == 0 and "Deleted 0 records, 0 games and 0 tournaments older than 30" in out
    monkeypatch.setenv("MATHPLAY_RETENTION_DAYS", "365")
    status, out, _err = run(["prune", "--db", db, "--dry-run"], capsys)
    assert status == 0 and "Would delete (nothing was): 0 records" in out
    status, out, _err = run(["log", "--db", db], capsys)
    assert status == 0 and [line.split()[2] for line in out.splitlines()] == [
        "export", "erase", "prune"]  # fmt: skip
    assert "ana" not in out
    fresh = f"sqlite:///{tmp_path / 'new.sqlite'}"
    status, out, _err = run(["restore", "--db", fresh, str(tmp_path / "b.jsonl")], capsys)
    assert status == 0 and "Restored 9 rows (8 records)" in out and "erase them again" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["erase", "--db", "DB", "--pupil", "nobody", "--yes"], "there is no pupil 'nobody'"),
        (["erase", "--db", "DB", "--pupil", "ann", "--yes"], "did you mean ana"),
        (["export", "--db", "DB", "--pupil", " ", "OUT"], "give the pupil's hub name"),
        (["export", "--db", "nonsense", "--pupil", "ana", "OUT"], "is not a database URL"),
        (["export", "--db", "mysql://x/y", "--pupil", "ana", "OUT"], "SQLite or PostgreSQL"),
        (["export", "--db", "sqlite:///MISSING", "--pupil", "ana", "OUT"],
         "there is no database file"),
        (["export", "--db", "postgresql+psycopg://nobody@127.0.0.1:1/x", "--pupil", "ana",
          "OUT"], "cannot open the database"),
        (["prune", "--db", "DB", "--older-than", "soon"], "a number above 0, like 365"),
        (["prune", "--db", "DB", "--older-than", "-3"], "a number above 0"),
        (["prune", "--db", "DB"], "--older-than DAYS"),
        (["restore", "--db", "DB", "MISSING"], "there is no backup file"),
        (["restore", "--db", "DB", "BACKUP"], "already holds"),
        (["restore", "--db", "sqlite:///MISSING", "NOT_A_BACKUP"], "is not a backup made by"),
        (["log"], "say which database"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_in_words(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.delenv("MATHPLAY_RECORDS_DB", raising=False)
    monkeypatch.delenv("MATHPLAY_RETENTION_DAYS", raising=False)
    db = f"sqlite:///{tmp_path / 'school.sqlite'}"
    data = SchoolData(db, must_exist=False)
    data.records.add("ana", [line("ana", 1, 1)])
    backup(data, tmp_path / "backup.jsonl")
    data.close()
    (tmp_path / "not.gz").write_bytes(b"not gzip")
    swap = {"DB": db, "OUT": str(tmp_path / "out"), "BACKUP": str(tmp_path / "backup.jsonl"),
            "MISSING": str(tmp_path / "missing"), "NOT_A_BACKUP": str(tmp_path / "not.gz"),
            "sqlite:///MISSING": f"sqlite:///{tmp_path / 'missing.sqlite'}"}  # fmt: skip
    status, _out, err = run([swap.get(a, a) for a in argv], capsys)
    assert status == 2 and words in err, err
    assert not (tmp_path / "missing.sqlite").exists()


def test_every_table_of_the_service_is_backed_up() -> None:
    """A table added to a store and not to the backup would be lost by a restore."""
    from mathplay.hub import games, store, tournaments

    stores = {t for m in (store, games, tournaments) for t in vars(m).values()
              if isinstance(t, sa.Table)}  # fmt: skip
    assert stores <= set(TABLES)


def test_a_tournament_going_on_goes_on_without_the_pupil_erased(tmp_path: Path) -> None:
    """Erased while their game of round 2 goes on: it is forfeited, the round is over, the
    next round is made (their game in it forfeited at once), and the classmates' records
    of those games name the mark, never them."""
    data = SchoolData(f"sqlite:///{tmp_path / 't.sqlite'}", must_exist=False)
    pupils = ["grace", GONE, "hugo", "ines"]
    settings = read_settings({"game": "summy-9", "pairing": "round-robin", "seconds": "0"},
                             pupils)  # fmt: skip
    tournament_id = data.tournaments.create("7b", "mrs-k", settings)
    for shared in data.tournaments.rounds(tournament_id)[0][2]:
        play_to_end(data, shared)
    assert data.tournaments.advance(tournament_id)
    for shared in data.tournaments.rounds(tournament_id)[1][2]:
        if GONE not in shared.pupils:
            play_to_end(data, shared)
    erased = erase(data, GONE, "head")
    assert erased.left == {}
    rounds = data.tournaments.rounds(tournament_id)
    assert len(rounds) == 3
    theirs = [g for _n, _p, games in rounds[1:] for g in games if erased.mark in g.pupils]
    assert len(theirs) == 2 and all(g.is_over for g in theirs)
    for shared in theirs:
        (other,) = [p for p in shared.pupils if p != erased.mark]
        ends = [r for r in data.records.records([other]) if r.get("game_id") == shared.id]
        assert len(ends) == 1 and ends[0]["with"] == [erased.mark]
    table = data.tournaments.table(tournament_id)
    assert table is not None and [r.pupil for r in table["rows"]].count(erased.mark) == 1
    forms = (GONE, json.dumps(GONE)[1:-1])
    assert not [w for w, text in every_text(data.engine) if any(f in text for f in forms)]
    data.close()
