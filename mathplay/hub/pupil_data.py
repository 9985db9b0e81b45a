"""A school's data over the years: one pupil's data handed over or erased, old data let
go, and the whole database backed up and restored.

What the records service keeps of a pupil (:mod:`mathplay.hub.store`,
:mod:`mathplay.hub.games`, :mod:`mathplay.hub.tournaments`): their records, the games
they played with classmates (with every move), their places in tournaments (the
settings name them, the rounds pair them, the log says who was taken out or forfeited).
A school must be able to hand a pupil (or a parent) all of it, and to erase it (GDPR
articles 15 and 17), and to keep it no longer than its own period.

- :func:`export`: one pupil's records, games (moves, scores, how they ended; never a
  game's tiles still hidden) and tournament entries, as JSON and CSV
  (:func:`write_export`).
- :func:`erase`: one pupil everywhere. Their records go. A game with classmates stays
  theirs: the erased pupil's name is replaced, in it, in the classmates' records of it
  and in tournaments, by a mark (``(erased N)``, ``N`` the erasure's number in the log)
  that holds nothing of them, so a classmate's games, scores and tournament table stay
  whole. A game not over that is not a tournament's is removed (nobody can finish it);
  in a tournament not finished the pupil is first taken out (their game going on is
  forfeited, the classmate wins), as the teacher's button does. A game whose every pupil
  is erased is removed. Afterwards every text column of every table is searched for the
  name (:func:`find`): what the erasure reports left is what it found.
- :func:`prune`: the records received more than a number of days ago, the games over
  before then, and the tournaments finished before then.
- :func:`backup` / :func:`restore`: every mathplay table to one file of JSON lines (a
  header, a line per row, an end line with the counts), and back into an empty
  database: SQLite to PostgreSQL or back. A restore into a database that holds anything
  is refused unless asked to replace it.

Each export, erasure, prune and restore is a line of the data log
(``mathplay_data_log``, :func:`log_entries`): what was done, when, by whom and how many
rows; an erasure's line holds its mark and its counts, never the pupil's name (an
export's line names the pupil until they are erased).

The service keeps copies of reports in memory (:mod:`mathplay.hub.reports`): they are
keyed by the data log's last line, so a report made before an erasure is never shown
again.
"""

from __future__ import annotations

import csv
import difflib
import gzip
import hashlib
import io
import json
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

import sqlalchemy as sa

from mathplay.classroom.cells import as_text
from mathplay.classroom.records import stored_line
from mathplay.classroom.shared_games import SharedGame
from mathplay.classroom.where import safe_file_name
from mathplay.errors import MathplayError
from mathplay.hub.games import (
    GAMES_TABLE,
    PUPIL_LOCKS,
    SEATS_TABLE,
    STARTS_TABLE,
    GameStore,
    end_records,
)
from mathplay.hub.store import RECORDS, RecordStore
from mathplay.hub.tables import make_tables
from mathplay.hub.tournaments import LOG, ROUNDS, TOURNAMENT_GAMES, TOURNAMENTS, TournamentStore
from mathplay.i18n import _

__all__ = [
    "BACKUP_FORMAT",
    "DATA_LOG",
    "DataError",
    "Erased",
    "SchoolData",
    "backup",
    "check_backup",
    "erase",
    "export",
    "find",
    "log_entries",
    "log_mark",
    "prune",
    "restore",
    "write_export",
]

#: The first line of a backup says it is one (and which version of the format).
BACKUP_FORMAT = "mathplay-records-backup"
_BACKUP_VERSION = 1
#: Rows inserted at once by a restore.
_BATCH = 1000

_METADATA = sa.MetaData()
#: What was done to the school's data: exports, erasures, prunes, restores.
DATA_LOG = sa.Table(
    "mathplay_data_log",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("action", sa.String(16), nullable=False),
    sa.Column("by", sa.String(255), nullable=False),
    sa.Column("details", sa.Text, nullable=False),
)

#: Every table of the service, in the order a restore fills them.
TABLES: tuple[sa.Table, ...] = (
    RECORDS, GAMES_TABLE, SEATS_TABLE, STARTS_TABLE, PUPIL_LOCKS,
    TOURNAMENTS, LOG, ROUNDS, TOURNAMENT_GAMES, DATA_LOG,
)  # fmt: skip
#: A game's moves and tiles (its ``save``) hold no names: left as they are.
_AS_IS = frozenset({"save"})


class DataError(MathplayError):
    """A request about the school's data that cannot be done, in words."""


def shown_url(url: str) -> str:
    """The database's URL without its password (``***``)."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL at all: shown as given
        return url


def log_mark(engine: sa.Engine) -> int:
    """The number of the data log's last line (0: none): it changes with every erasure,
    prune and restore, so a copy of a report made before one is not used after (0 too
    when the database has no data log yet: nothing was done to its data)."""
    try:
        with engine.connect() as connection:
            return int(connection.execute(sa.select(sa.func.max(DATA_LOG.c.id))).scalar() or 0)
    except sa.exc.DBAPIError:
        return 0


def make_log(engine: sa.Engine) -> None:
    """Make the data log's table if it is missing."""
    make_tables(_METADATA, engine)


class SchoolData:
    """The service's stores on the database at ``url`` (``DataError`` in words when it
    cannot be opened; with ``must_exist``, a SQLite file that is not there is refused
    rather than made)."""

    def __init__(self, url: str, must_exist: bool = True) -> None:
        try:
            parsed = sa.engine.make_url(url)
        except Exception:
            raise DataError(
                _("{url} is not a database URL (like sqlite:///records.sqlite or "
                  "postgresql+psycopg://user@host/db)").format(url=url)
            ) from None  # fmt: skip
        if parsed.get_backend_name() not in ("sqlite", "postgresql"):
            raise DataError(
                _("the records service needs SQLite or PostgreSQL, not {name}").format(
                    name=parsed.get_backend_name()
                )
            )
        where = parsed.database or ""
        sqlite_file = parsed.get_backend_name() == "sqlite" and where not in ("", ":memory:")
        if must_exist and sqlite_file and not Path(where).is_file():
            raise DataError(_("there is no database file {path}").format(path=where))
        try:
            self.records = RecordStore(url)
            self.engine = self.records.engine
            self.games = GameStore(self.engine)
            self.tournaments = TournamentStore(self.games)
            make_log(self.engine)
        except DataError:
            raise
        except Exception as error:  # cannot connect, no driver, no right to make a table
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise DataError(
                _("cannot open the database {url}: {reason}").format(
                    url=shown_url(url), reason=reason
                )
            ) from None

    def close(self) -> None:
        self.engine.dispose()

    def log(self, action: str, by: str, details: dict[str, Any]) -> int:
        """Add a line to the data log: its number."""
        with self.engine.begin() as connection:
            result = connection.execute(
                DATA_LOG.insert().values(
                    created=time.time(), action=action, by=by, details=json.dumps(details)
                )
            )
            made = result.inserted_primary_key
            assert made is not None
            return int(made[0])

    def pupils(self) -> set[str]:
        """Every pupil the database knows: with records, in games or in tournaments."""
        with self.engine.connect() as connection:
            found = {str(p) for (p,) in connection.execute(sa.select(RECORDS.c.pupil).distinct())}
            found |= {str(p) for (p,) in connection.execute(sa.select(SEATS_TABLE.c.pupil)
                                                            .distinct())}  # fmt: skip
            for (settings,) in connection.execute(sa.select(TOURNAMENTS.c.settings)):
                found |= {str(p) for p in json.loads(settings).get("pupils", [])}
        return {p for p in found if not p.startswith("(erased ")}

    def known(self, name: str) -> None:
        """``DataError`` in words unless ``name`` is a pupil of the database."""
        if not name.strip():
            raise DataError(_("give the pupil's hub name, like --pupil ana"))
        everyone = self.pupils()
        if name in everyone:
            return
        near = difflib.get_close_matches(name, sorted(everyone), n=3)
        words = _("there is no pupil {name} in the database: a pupil is named by their hub "
                  "name, exactly").format(name=repr(name))  # fmt: skip
        if near:
            words += " " + _("(did you mean {names}?)").format(names=", ".join(near))
        raise DataError(words)


# --- names in text -------------------------------------------------------------------


def _pattern(name: str) -> re.Pattern[str]:
    """``name`` as a whole name in a text: not a part of a longer hub name (``ana`` is not
    found in ``ana-b`` nor ``banana``), found before a full stop that ends a sentence."""
    return re.compile(r"(?<![\w.@+-])" + re.escape(name) + r"(?![\w@+-]|\.[\w])")


def _scrub(value: Any, name: str, mark: str, pattern: re.Pattern[str]) -> Any:
    """``value`` (JSON data) with ``name`` replaced by ``mark`` wherever it is a value or
    a whole name in a text (a game's ``save`` is left: it holds no names)."""
    if isinstance(value, str):
        return mark if value == name else pattern.sub(lambda _m: mark, value)
    if isinstance(value, list):
        return [_scrub(v, name, mark, pattern) for v in value]
    if isinstance(value, dict):
        return {k: v if k in _AS_IS else _scrub(v, name, mark, pattern) for k, v in value.items()}
    return value


def _forms(name: str) -> list[str]:
    """How ``name`` may be written in a stored text: as it is, and escaped by JSON."""
    escaped = json.dumps(name)[1:-1]
    return [name] if escaped == name else [name, escaped]


def _mentions(column: sa.Column[Any], name: str) -> Any:
    return sa.or_(*(column.contains(form, autoescape=True) for form in _forms(name)))


def find(engine: sa.Engine, name: str) -> dict[str, int]:
    """Where ``name`` is still written: ``"table.column"`` and how many rows, for every
    text column of every table of the service (a whole name, as it is or escaped)."""
    pattern = _pattern(name)
    patterns = [pattern] + [_pattern(f) for f in _forms(name)[1:]]
    found: dict[str, int] = {}
    with engine.connect() as connection:
        for table in TABLES:
            for column in table.columns:
                if not isinstance(column.type, sa.String | sa.Text):
                    continue
                rows = connection.execute(
                    sa.select(column).where(_mentions(column, name))
                ).scalars()
                count = sum(1 for text in rows if any(p.search(str(text)) for p in patterns))
                if count:
                    found[f"{table.name}.{column.name}"] = count
    return found


# --- export --------------------------------------------------------------------------


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="seconds")


def _game_of(shared: SharedGame, name: str) -> dict[str, Any]:
    """What a pupil may have of a game they played: who, the moves played (as everyone
    saw them on the board), how it ended; never the tiles still hidden."""
    game = shared.game
    out: dict[str, Any] = {
        "id": shared.id,
        "game": shared.name,
        "pupils": list(shared.pupils),
        "seat": shared.pupils.index(name) + 1,
        "tournament": shared.tournament,
        "started_by": shared.started_by,
        "over": shared.is_over,
        "scores": [int(s) for s in game.scores],
        "moves": [
            {"ply": n, "pupil": shared.pupils[e.player], "move": e.move, "points": int(e.score)}
            for n, e in enumerate(game.history, 1)
        ],
    }
    if shared.is_over:
        out["winners"] = [shared.pupils[i] for i in shared.winners()]
        out["ended"] = shared.ended_words() or ""
    return out


def export(data: SchoolData, name: str, by: str) -> dict[str, Any]:
    """Everything the database holds of pupil ``name``, as JSON data (and a line of the
    data log: who exported whom)."""
    data.known(name)
    records = data.records.records([name])
    games = []
    with data.engine.connect() as connection:
        seats = sa.select(SEATS_TABLE.c.game_id).where(SEATS_TABLE.c.pupil == name)
        ids = sorted(str(i) for i in connection.execute(seats).scalars())
        entered = sa.select(TOURNAMENTS.c.id).where(_mentions(TOURNAMENTS.c.settings, name))
        tournament_ids = sorted(str(i) for i in connection.execute(entered).scalars())
    for game_id in ids:
        shared = data.games.get(game_id)
        if shared is not None:
            games.append(_game_of(shared, name))
    tournaments = []
    for tournament_id in tournament_ids:
        table = data.tournaments.table(tournament_id)
        if table is None or name not in table["settings"].pupils:
            continue
        settings = table["settings"]
        places = [r.pupil for r in table["rows"]]
        row = table["rows"][places.index(name)] if name in places else None
        tournaments.append({
            "id": tournament_id,
            "class": table["group"],
            "game": settings.choice,
            "pairing": settings.pairing,
            "rounds": settings.rounds,
            "finished": table["finished"],
            "place": places.index(name) + 1 if row is not None else None,
            "played": row.played if row else 0, "won": row.won if row else 0,
            "drawn": row.drawn if row else 0, "lost": row.lost if row else 0,
            "byes": row.byes if row else 0, "points": float(row.points) if row else 0.0,
            "log": [{**e, "when": _when(e["when"])} for e in table["log"]
                    if e.get("pupil") == name or name in e.get("pupils", [])],
        })  # fmt: skip
    data.log("export", by, {"pupil": name, "records": len(records), "games": len(games),
                            "tournaments": len(tournaments)})  # fmt: skip
    return {
        "pupil": name,
        "exported": _when(time.time()),
        "records": records,
        "games": games,
        "tournaments": tournaments,
    }


#: The record fields shown first in the records' CSV (the rest follow by name).
_RECORD_COLUMNS = ("row", "who", "typed_who", "when", "lesson", "set", "puzzle", "question",
                   "answer", "right", "hints", "solution_seen", "seconds", "event", "game",
                   "score")  # fmt: skip


#: The columns of the games' CSV (a row per move) and of the tournaments' CSV.
_MOVE_COLUMNS = ("game_id", "game", "pupils", "ply", "pupil", "move", "points")
_TOURNAMENT_COLUMNS = ("id", "class", "game", "pairing", "rounds", "finished", "place",
                       "played", "won", "drawn", "lost", "byes", "points")  # fmt: skip


def _csv(rows: list[dict[str, Any]], columns: list[str]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        cells = []
        for column in columns:
            value = row.get(column, "")
            if isinstance(value, list | dict):
                value = json.dumps(value, ensure_ascii=False)
            cells.append(as_text("" if value is None else value))
        writer.writerow(cells)
    return out.getvalue()


def write_export(exported: dict[str, Any], folder: str | Path) -> list[Path]:
    """Write an export to ``folder`` (made if missing): ``NAME-data.json`` (everything),
    ``NAME-records.csv``, ``NAME-games.csv`` (a row per move) and
    ``NAME-tournaments.csv``, readable by their owner only. The files written."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    stem = safe_file_name(exported["pupil"])
    records = exported["records"]
    extra = sorted({k for r in records for k in r} - set(_RECORD_COLUMNS))
    moves = [{"game_id": g["id"], "game": g["game"], "pupils": " / ".join(g["pupils"]), **m}
             for g in exported["games"] for m in g["moves"]]  # fmt: skip
    files = {
        f"{stem}-data.json": json.dumps(exported, ensure_ascii=False, indent=1) + "\n",
        f"{stem}-records.csv": _csv(records, [*_RECORD_COLUMNS, *extra]),
        f"{stem}-games.csv": _csv(moves, list(_MOVE_COLUMNS)),
        f"{stem}-tournaments.csv": _csv(exported["tournaments"], list(_TOURNAMENT_COLUMNS)),
    }
    written = []
    for file_name, text in files.items():
        path = target / file_name
        with open(path, "w", encoding="utf-8", newline="", opener=_private) as out:
            out.write(text)
        written.append(path)
    return written


def _private(path: str, flags: int) -> int:
    """Open a new file readable by its owner only (a pupil's data, a school's backup)."""
    return os.open(path, flags, 0o600)


# --- erasure -------------------------------------------------------------------------


@dataclass
class Erased:
    """What an erasure did: its mark, its counts, and where the name is still found
    (nothing, after an erasure that worked)."""

    mark: str
    counts: dict[str, int] = field(default_factory=dict)
    left: dict[str, int] = field(default_factory=dict)


def _is_mark(pupil: str) -> bool:
    return pupil.startswith("(erased ")


def erase(data: SchoolData, name: str, by: str) -> Erased:
    """Erase pupil ``name`` everywhere (see the module's docstring), by ``by``."""
    data.known(name)
    number = data.log("erase", by, {"done": False})
    mark = f"(erased {number})"
    pattern = _pattern(name)
    counts = dict.fromkeys(("records", "classmates_records", "games_removed", "games_kept",
                            "tournaments", "tournament_log", "data_log"), 0)  # fmt: skip
    # A tournament not finished: the pupil is taken out first, as the teacher's button
    # does (their game going on forfeited), so the classmates' tournament goes on.
    going_on: list[str] = []
    ended: list[str] = []
    with data.engine.connect() as connection:
        entered = sa.select(TOURNAMENTS.c.id).where(_mentions(TOURNAMENTS.c.settings, name))
        candidates = [str(c) for c in connection.execute(entered).scalars()]
    for tournament_id in candidates:
        table = data.tournaments.table(tournament_id)
        if table is None or name not in table["settings"].pupils or table["finished"]:
            continue
        going_on.append(tournament_id)
        ended += [g.id for g in data.tournaments.withdraw(tournament_id, by, name)]
    with data.engine.begin() as connection:
        counts["records"] = connection.execute(
            RECORDS.delete().where(RECORDS.c.pupil == name)
        ).rowcount
        counts["classmates_records"] = _scrub_records(connection, name, mark, pattern)
        connection.execute(PUPIL_LOCKS.delete().where(PUPIL_LOCKS.c.pupil == name))
        removed, kept = _scrub_games(connection, name, mark, pattern)
        counts["games_removed"], counts["games_kept"] = removed, kept
        counts["tournaments"] = _scrub_json(
            connection, TOURNAMENTS, TOURNAMENTS.c.id, TOURNAMENTS.c.settings, name, mark, pattern
        )
        _scrub_json(
            connection,
            ROUNDS,
            ROUNDS.c.tournament_id,
            ROUNDS.c.pairs,
            name,
            mark,
            pattern,
            key=ROUNDS.c.number,
        )
        counts["tournament_log"] = _scrub_json(
            connection, LOG, LOG.c.id, LOG.c.entry, name, mark, pattern
        )
        counts["data_log"] = _scrub_json(connection, DATA_LOG, DATA_LOG.c.id, DATA_LOG.c.details,
                                         name, mark, pattern)  # fmt: skip
    # The games the pupil's leaving ended go into the classmates' records, and a round
    # now over makes the next one, as after any move.
    now = time.time()
    for game_id in ended:
        _record_end(data, game_id, now)
    for tournament_id in going_on:
        while data.tournaments.advance(tournament_id):
            for shared in data.tournaments.rounds(tournament_id)[-1][2]:
                if shared.is_over:
                    _record_end(data, shared.id, now)
    left = find(data.engine, name)
    with data.engine.begin() as connection:
        connection.execute(
            DATA_LOG.update()
            .where(DATA_LOG.c.id == number)
            .values(details=json.dumps({"mark": mark, **counts, "left": sum(left.values())}))
        )
    return Erased(mark, counts, left)


def _record_end(data: SchoolData, game_id: str, now: float) -> None:
    shared = data.games.get(game_id)
    if shared is None or not shared.is_over:
        return
    for pupil, line in end_records(shared, now).items():
        if not _is_mark(pupil):
            data.records.add(pupil, [line])


def _scrub_records(connection: sa.Connection, name: str, mark: str,
                   pattern: re.Pattern[str]) -> int:  # fmt: skip
    """Classmates' records that name the pupil (a game's ``with``, its result in words,
    a name typed): the name replaced by ``mark``."""
    rows = connection.execute(
        sa.select(RECORDS.c.id, RECORDS.c.pupil, RECORDS.c.line).where(
            _mentions(RECORDS.c.line, name)
        )
    ).all()
    changed = 0
    for row_id, pupil, line in rows:
        record = json.loads(line)
        scrubbed = _scrub(record, name, mark, pattern)
        if scrubbed == record:
            continue
        cleaned = stored_line(json.dumps(scrubbed, ensure_ascii=False))
        changed += 1
        if isinstance(cleaned, str):  # cannot be kept as a record any more
            connection.execute(RECORDS.delete().where(RECORDS.c.id == row_id))
            continue
        kept, text = cleaned
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        twin = connection.execute(
            sa.select(RECORDS.c.id).where(RECORDS.c.pupil == pupil,
                                          RECORDS.c.line_hash == digest)
        ).first()  # fmt: skip
        if twin is not None:  # the same record once scrubbed: kept once
            connection.execute(RECORDS.delete().where(RECORDS.c.id == row_id))
            continue
        lesson, puzzle_set = kept.get("lesson"), kept.get("set")
        connection.execute(
            RECORDS.update().where(RECORDS.c.id == row_id).values(
                line=text, line_hash=digest,
                lesson=lesson[:255] if isinstance(lesson, str) and lesson else None,
                puzzle_set=puzzle_set[:255] if isinstance(puzzle_set, str) and puzzle_set else None,
            )
        )  # fmt: skip
    return changed


def _scrub_games(connection: sa.Connection, name: str, mark: str,
                 pattern: re.Pattern[str]) -> tuple[int, int]:  # fmt: skip
    """The pupil's games: removed (not over and not a tournament's, or every pupil
    erased) or kept with ``mark`` for their name. How many of each."""
    ids = sorted(str(i) for i in connection.execute(
        sa.select(SEATS_TABLE.c.game_id).where(SEATS_TABLE.c.pupil == name)).scalars())  # fmt: skip
    in_tournaments = {str(i) for i in connection.execute(
        sa.select(TOURNAMENT_GAMES.c.game_id).where(TOURNAMENT_GAMES.c.game_id.in_(ids))
    ).scalars()} if ids else set()  # fmt: skip
    removed = kept = 0
    for game_id in ids:
        found = connection.execute(
            sa.select(GAMES_TABLE.c.record, GAMES_TABLE.c.over).where(GAMES_TABLE.c.id == game_id)
        ).first()
        if found is None:
            continue
        data = json.loads(found[0])
        scrubbed = _scrub(data, name, mark, pattern)
        alone = all(_is_mark(str(p)) for p in scrubbed["pupils"])
        if game_id not in in_tournaments and (not found[1] or alone):
            for table, column in ((GAMES_TABLE, GAMES_TABLE.c.id),
                                  (SEATS_TABLE, SEATS_TABLE.c.game_id),
                                  (STARTS_TABLE, STARTS_TABLE.c.game_id)):  # fmt: skip
                connection.execute(table.delete().where(column == game_id))
            removed += 1
            continue
        connection.execute(GAMES_TABLE.update().where(GAMES_TABLE.c.id == game_id)
                           .values(record=json.dumps(scrubbed)))  # fmt: skip
        kept += 1
    connection.execute(SEATS_TABLE.update().where(SEATS_TABLE.c.pupil == name).values(pupil=mark))
    connection.execute(STARTS_TABLE.update().where(STARTS_TABLE.c.pupil == name).values(pupil=mark))
    return removed, kept


def _scrub_json(connection: sa.Connection, table: sa.Table, id_column: sa.Column[Any],
                column: sa.Column[Any], name: str, mark: str, pattern: re.Pattern[str],
                key: sa.Column[Any] | None = None) -> int:  # fmt: skip
    """Rows of ``table`` whose JSON ``column`` names the pupil: the name replaced."""
    keys = [id_column] if key is None else [id_column, key]
    rows = connection.execute(sa.select(*keys, column).where(_mentions(column, name))).all()
    changed = 0
    for row in rows:
        value = json.loads(row[-1])
        scrubbed = _scrub(value, name, mark, pattern)
        if scrubbed == value:
            continue
        where = sa.and_(*(k == v for k, v in zip(keys, row[:-1], strict=True)))
        connection.execute(table.update().where(where).values({column.name: json.dumps(scrubbed)}))
        changed += 1
    return changed


# --- retention -----------------------------------------------------------------------


def prune(data: SchoolData, days: float, by: str, now: float | None = None,
          dry_run: bool = False) -> dict[str, int]:  # fmt: skip
    """Delete what is older than ``days``: the records received before then, the games
    (not a tournament's) over and last moved before then, and the tournaments made
    before then whose games are all over and last moved before then (with their games).
    How many of each (with ``dry_run``, what would be deleted: nothing is)."""
    if not days > 0:
        raise DataError(_("the number of days to keep is a number above 0"))
    cutoff = (time.time() if now is None else now) - days * 86_400
    counts = {"records": 0, "games": 0, "tournaments": 0}
    with data.engine.connect() as connection:
        counts["records"] = connection.execute(
            RECORDS.delete().where(RECORDS.c.received < cutoff)
        ).rowcount
        old = sa.select(TOURNAMENTS.c.id).where(TOURNAMENTS.c.created < cutoff)
        finished = []
        for (tournament_id,) in connection.execute(old).all():
            newest = connection.execute(
                sa.select(sa.func.count(), sa.func.max(GAMES_TABLE.c.updated),
                          sa.func.min(sa.case((GAMES_TABLE.c.over, 1), else_=0)))
                .select_from(TOURNAMENT_GAMES.join(
                    GAMES_TABLE, TOURNAMENT_GAMES.c.game_id == GAMES_TABLE.c.id))
                .where(TOURNAMENT_GAMES.c.tournament_id == tournament_id)
            ).first()  # fmt: skip
            if newest is None or not newest[0] or (newest[1] < cutoff and newest[2] == 1):
                finished.append(str(tournament_id))
        game_ids: set[str] = set()
        if finished:
            game_ids |= {str(g) for g in connection.execute(
                sa.select(TOURNAMENT_GAMES.c.game_id)
                .where(TOURNAMENT_GAMES.c.tournament_id.in_(finished))).scalars()}  # fmt: skip
            made = ((TOURNAMENTS, TOURNAMENTS.c.id), (LOG, LOG.c.tournament_id),
                    (ROUNDS, ROUNDS.c.tournament_id),
                    (TOURNAMENT_GAMES, TOURNAMENT_GAMES.c.tournament_id))  # fmt: skip
            for table, column in made:
                connection.execute(table.delete().where(column.in_(finished)))
        linked = sa.select(TOURNAMENT_GAMES.c.game_id)
        game_ids |= {str(g) for g in connection.execute(
            sa.select(GAMES_TABLE.c.id).where(
                GAMES_TABLE.c.over.is_(True), GAMES_TABLE.c.updated < cutoff,
                GAMES_TABLE.c.id.not_in(linked))).scalars()}  # fmt: skip
        for chunk in _chunks(sorted(game_ids)):
            for table, column in ((GAMES_TABLE, GAMES_TABLE.c.id),
                                  (SEATS_TABLE, SEATS_TABLE.c.game_id),
                                  (STARTS_TABLE, STARTS_TABLE.c.game_id)):  # fmt: skip
                connection.execute(table.delete().where(column.in_(chunk)))
        counts["games"], counts["tournaments"] = len(game_ids), len(finished)
        if dry_run:
            connection.rollback()
            return counts
        connection.commit()
    data.log("prune", by, {"days": days, "before": _when(cutoff), **counts})
    return counts


def _chunks(items: list[str], size: int = 500) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


# --- backup and restore --------------------------------------------------------------


def _encode(value: Any) -> Any:
    return value if value is None or isinstance(value, bool | int | float | str) else str(value)


def _open_file(path: str | Path, mode: str, gz: bool | None = None) -> IO[str]:
    """A backup file as text: gzip-compressed when ``gz`` (by default: when its name
    ends in ``.gz``)."""
    if str(path).endswith(".gz") if gz is None else gz:
        if "w" in mode:
            raw = open(path, "wb", opener=_private)  # noqa: SIM115
            return io.TextIOWrapper(gzip.GzipFile(fileobj=raw, mode="wb"), encoding="utf-8")
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8")
    if "w" in mode:
        return open(path, "w", encoding="utf-8", opener=_private)
    return open(path, encoding="utf-8")


def backup(data: SchoolData, path: str | Path) -> dict[str, int]:
    """Every table of the service into the file ``path`` (JSON lines; gzip when it ends
    in ``.gz``; readable by its owner only), as one consistent snapshot: how many rows of
    each table."""
    counts: dict[str, int] = {}
    with data.engine.connect() as connection:
        if data.engine.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN")  # one snapshot for every table
        else:
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        part = Path(f"{path}.part")  # the file appears whole, or not at all
        out = _open_file(part, "w", gz=str(path).endswith(".gz"))
        try:
            header = {"format": BACKUP_FORMAT, "version": _BACKUP_VERSION,
                      "made": _when(time.time()), "from": data.engine.dialect.name,
                      "tables": {t.name: [c.name for c in t.columns] for t in TABLES}}  # fmt: skip
            out.write(json.dumps(header) + "\n")
            for table in TABLES:
                query = sa.select(*table.columns).order_by(*table.primary_key.columns)
                count = 0
                for row in connection.execute(query):
                    out.write(json.dumps({"t": table.name, "r": [_encode(v) for v in row]},
                                         ensure_ascii=False) + "\n")  # fmt: skip
                    count += 1
                counts[table.name] = count
            out.write(json.dumps({"end": True, "rows": counts}) + "\n")
            out.close()
            os.replace(part, path)
        finally:
            out.close()
            part.unlink(missing_ok=True)
            connection.rollback()
    return counts


def _rows(data: SchoolData) -> int:
    with data.engine.connect() as connection:
        return sum(
            int(connection.execute(sa.select(sa.func.count()).select_from(t)).scalar() or 0)
            for t in TABLES
        )


def _header(source: IO[str], path: str | Path) -> dict[str, list[str]]:
    """The tables and columns a backup's first line names (``DataError`` in words when
    it is not a backup this mathplay can restore)."""
    try:
        header = json.loads(source.readline() or "null")
    except (ValueError, OSError, EOFError):  # not JSON, not gzip
        header = None
    if not isinstance(header, dict) or header.get("format") != BACKUP_FORMAT:
        raise DataError(_("{path} is not a backup made by mathplay records backup")
                        .format(path=path))  # fmt: skip
    if header.get("version") != _BACKUP_VERSION:
        raise DataError(_("{path} is a backup of a newer mathplay: restore it with that "
                          "version").format(path=path))  # fmt: skip
    columns: dict[str, list[str]] = header["tables"]
    for table_name, names in columns.items():
        table = next((t for t in TABLES if t.name == table_name), None)
        if table is None or not set(names) <= {c.name for c in table.columns}:
            raise DataError(_("{path} holds a table this mathplay does not know: {table}")
                            .format(path=path, table=table_name))  # fmt: skip
    return columns


def check_backup(path: str | Path) -> None:
    """``DataError`` in words unless ``path`` is a backup this mathplay can restore
    (its first line only: a restore reads the rest)."""
    if not Path(path).is_file():
        raise DataError(_("there is no backup file {path}").format(path=path))
    try:
        with _open_file(path, "r") as source:
            _header(source, path)
    except OSError as error:
        reason = error.strerror or str(error)
        raise DataError(
            _("cannot read {path}: {reason}").format(path=path, reason=reason)
        ) from None


def restore(data: SchoolData, path: str | Path, by: str, replace: bool = False) -> dict[str, int]:
    """The file ``path`` made by :func:`backup` into ``data``'s database, which must be
    empty (``replace``: what it holds is deleted first, in the same transaction). All or
    nothing: a file cut short or not a backup is refused in words and changes nothing.
    How many rows of each table."""
    if not Path(path).is_file():
        raise DataError(_("there is no backup file {path}").format(path=path))
    held = _rows(data)
    if held and not replace:
        raise DataError(
            _("the database already holds {n} rows (records, games, tournaments): a restore "
              "goes into an empty database. Give --replace to delete what it holds and put "
              "the backup in its place.").format(n=held)
        )  # fmt: skip
    by_name = {t.name: t for t in TABLES}
    counts = dict.fromkeys(by_name, 0)
    try:
        source = _open_file(path, "r")
    except OSError as error:
        reason = error.strerror or str(error)
        raise DataError(
            _("cannot read {path}: {reason}").format(path=path, reason=reason)
        ) from None
    with source, data.engine.connect() as connection:
        try:
            columns = _header(source, path)
            if replace:
                for table in reversed(TABLES):
                    connection.execute(table.delete())
            end = None
            batch: dict[str, list[dict[str, Any]]] = {}
            for line in source:
                item = json.loads(line)
                if item.get("end"):
                    end = item
                    break
                table_name = item["t"]
                batch.setdefault(table_name, []).append(
                    dict(zip(columns[table_name], item["r"], strict=True)))  # fmt: skip
                if len(batch[table_name]) >= _BATCH:
                    connection.execute(by_name[table_name].insert(), batch.pop(table_name))
                counts[table_name] += 1
            for table_name, rows in batch.items():
                connection.execute(by_name[table_name].insert(), rows)
            if end is None or {k: v for k, v in counts.items() if v} != {
                k: v for k, v in end["rows"].items() if v
            }:
                raise DataError(_("{path} is cut short: nothing was restored").format(path=path))
            _reset_sequences(connection)
        except DataError:
            connection.rollback()
            raise
        except (ValueError, KeyError, TypeError, AttributeError, EOFError, OSError,
                sa.exc.DBAPIError) as error:  # fmt: skip
            connection.rollback()
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise DataError(_("{path} cannot be restored, nothing was: {reason}").format(
                path=path, reason=reason)) from None  # fmt: skip
        connection.commit()
    data.log("restore", by, {"file": Path(path).name, "rows": sum(counts.values())})
    return counts


def _reset_sequences(connection: sa.Connection) -> None:
    """On PostgreSQL, the numbers of the tables counted by the database go on after the
    rows restored (inserted with their numbers, they did not move them)."""
    if connection.dialect.name != "postgresql":
        return
    for table in TABLES:
        column = table.c.get("id")
        if column is None or not isinstance(column.type, sa.Integer):
            continue
        connection.exec_driver_sql(
            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
            f"COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table.name}"
        )


def log_entries(data: SchoolData) -> list[dict[str, Any]]:
    """The data log, oldest first: number, when, action, by, details."""
    query = sa.select(DATA_LOG).order_by(DATA_LOG.c.id)
    with data.engine.connect() as connection:
        return [
            {"id": r.id, "when": _when(r.created), "action": r.action, "by": r.by,
             "details": json.loads(r.details)}
            for r in connection.execute(query)
        ]  # fmt: skip
