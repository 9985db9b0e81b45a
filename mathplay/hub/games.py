"""Games between pupils on their own machines, kept by the records service on JupyterHub.

The same service as the records (``mathplay-records``), the same database (SQLite or
PostgreSQL), the same hub login: a pupil's kernel calls it with the pupil's hub token.
Each game is a :class:`~mathplay.classroom.shared_games.SharedGame`; the service checks
every move with the engine and trusts nothing a board sends.

Under the service's prefix:

- ``POST api/games`` with ``{"game": "summy", "with": ["ben"], "options": {"size": 9}}``:
  a new game between the pupil and classmates (the pupil who asks sits first), dealt by
  the service from a seed nobody keeps
  (:meth:`~mathplay.classroom.shared_games.SharedGame.new`). Each classmate must be in a
  class (a hub group) with the pupil. The answer is the pupil's view of it (``id``
  included). With ``"resume": true``, a game of that kind between exactly those pupils
  that is not over is answered instead (200), if there is one: the pupil who runs
  ``mathplay.play_with("ben")`` again goes on with it. A ``seed``, a start (``start``,
  ``save``, ``hands``, ``bag`` …, or such an option) is refused (400, kind
  ``chosen-deal``: ``CHOSEN_DEAL``), and so is a pupil's new game when they have started
  ``MOST_OPEN_GAMES`` games not over (429, kind ``too-many-games``): the count and the new
  game are one transaction (:meth:`GameStore.create`), so a burst of requests stores no
  more. Only the games a pupil started count: the classmates they name keep theirs.
- ``GET api/games``: the pupil's games (id, game, pupils, whose turn, version, over).
- ``GET api/games/ID``: the pupil's view of a game (their own tiles only); with
  ``?version=N`` it answers as soon as the game's version is not ``N`` any more (or after
  ``WAIT_SECONDS`` with the same view), so a board sees the other pupil's move within a
  second without asking many times.
- ``POST api/games/ID/moves`` with ``{"move": "H8 across 1+2=3", "version": 4}``: a move.
  A move refused (not the pupil's turn, a board that is behind, illegal, a pupil not in
  the game) is answered 409 with the reason in words, and the game does not change.
- ``POST api/games/ID/resign``: either pupil gives the game up (the others win);
  ``POST api/games/ID/decline``: a classmate put in a game says no to it, before they
  have moved in it (nobody wins). Refused in words (409) when the game is over or they
  may not; a pupil not in the game gets 404, as for its moves.

When a move ends a game, each pupil's records get the game's summary from its review
(score, turns, share of the best points taken, biggest missed chance: ``event: "game"``,
as a board in a lesson writes it), with ``with`` (the other pupils) and ``game_id``, so
the teacher's report shows games between pupils too, and the review is there for both.

Two copies of the service may share the database: a move is stored only if the game is
still at the version it was played on (else 409, "the game has moved on").
"""

from __future__ import annotations

import json
import os
import time
from datetime import datetime, timezone
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from mathplay.ai.review import shown
from mathplay.classroom.records import GAME_EVENT, RECORD_VERSION
from mathplay.classroom.shared_games import DECLINED, MoveRefused, SharedGame, chosen_deal_words
from mathplay.errors import MathplayError
from mathplay.games.registry import GAMES
from mathplay.hub.migrations import upgrade
from mathplay.i18n import _

__all__ = [
    "DEAL_KEYS",
    "GAMES_TABLE",
    "MOST_OPEN_GAMES",
    "WAIT_SECONDS",
    "ChosenDeal",
    "GameStore",
    "end_records",
]

#: The most games not over a pupil may have at once (a pupil cannot fill the database).
MOST_OPEN_GAMES = 20
#: How long ``GET api/games/ID?version=N`` waits for a move before answering.
WAIT_SECONDS = 20.0

_METADATA = sa.MetaData()
GAMES_TABLE = sa.Table(
    "mathplay_games",
    _METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(16), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("over", sa.Boolean, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("record", sa.Text, nullable=False),
)
SEATS_TABLE = sa.Table(
    "mathplay_game_seats",
    _METADATA,
    sa.Column("game_id", sa.String(32), nullable=False),
    sa.Column("pupil", sa.String(255), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "seat"),
    sa.Index("seats_by_pupil", "pupil"),
)
#: Who started each game (a pupil's limit counts these). A table of its own (revision
#: 0004): the games of an older service count for nobody.
STARTS_TABLE = sa.Table(
    "mathplay_game_starts",
    _METADATA,
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("pupil", sa.String(255), nullable=False),
    sa.Index("starts_by_pupil", "pupil"),
)
#: One row per pupil who started a game: on PostgreSQL a new game locks it (``SELECT …
#: FOR UPDATE``) while it counts the pupil's games and stores the new one.
PUPIL_LOCKS = sa.Table(
    "mathplay_game_pupils",
    _METADATA,
    sa.Column("pupil", sa.String(255), primary_key=True),
)


class GameStore:
    """The games in the records service's database (upgraded if older:
    :mod:`mathplay.hub.migrations`)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        upgrade(engine)

    def open_games(self, pupil: str) -> int:
        """How many games ``pupil`` started are not over (the games others put them in,
        and a tournament's, are not counted)."""
        with self.engine.connect() as connection:
            return self._started(connection, pupil)

    @staticmethod
    def _started(connection: sa.Connection, pupil: str) -> int:
        query = (
            sa.select(sa.func.count())
            .select_from(STARTS_TABLE.join(GAMES_TABLE, STARTS_TABLE.c.game_id == GAMES_TABLE.c.id))
            .where(STARTS_TABLE.c.pupil == pupil, GAMES_TABLE.c.over.is_(False))
        )
        return int(connection.execute(query).scalar() or 0)

    def create(self, shared: SharedGame, most: int | None = None) -> bool:
        """Store a new game. With ``most``, only if the pupil who started it
        (``shared.started_by``) has fewer than ``most`` games not over: the count and the
        new game are one transaction, which holds the pupil's lock row on PostgreSQL and
        the database's write lock on SQLite (``BEGIN IMMEDIATE``), so requests sent at once
        are counted one after the other. ``False`` when the pupil has ``most`` already."""
        starter = shared.started_by
        if most is None or starter is None:
            with self.engine.begin() as connection:
                self._insert(connection, shared)
            return True
        with self.engine.connect() as connection:
            self._lock(connection, starter)
            try:
                if self._started(connection, starter) >= most:
                    connection.rollback()
                    return False
                self._insert(connection, shared)
            except BaseException:
                connection.rollback()
                raise
            connection.commit()
        return True

    def _lock(self, connection: sa.Connection, pupil: str) -> None:
        """Begin the transaction that counts ``pupil``'s games, holding the lock that
        makes any other such transaction wait until it ends."""
        if self.engine.dialect.name == "sqlite":
            # pysqlite begins a transaction only before a change: take the write lock now
            # (another writer is waited for, up to the connection's busy timeout).
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            return
        connection.execute(
            postgresql.insert(PUPIL_LOCKS).values(pupil=pupil).on_conflict_do_nothing()
        )
        connection.execute(
            sa.select(PUPIL_LOCKS.c.pupil).where(PUPIL_LOCKS.c.pupil == pupil).with_for_update()
        )

    @staticmethod
    def _insert(connection: sa.Connection, shared: SharedGame) -> None:
        connection.execute(
            GAMES_TABLE.insert(),
            {
                "id": shared.id,
                "game": shared.name,
                "version": shared.version,
                "over": shared.is_over,
                "updated": time.time(),
                "record": shared.record(),
            },
        )
        connection.execute(
            SEATS_TABLE.insert(),
            [
                {"game_id": shared.id, "pupil": pupil, "seat": seat}
                for seat, pupil in enumerate(shared.pupils)
            ],
        )
        if shared.started_by is not None:
            connection.execute(
                STARTS_TABLE.insert(), {"game_id": shared.id, "pupil": shared.started_by}
            )

    def get(self, game_id: str) -> SharedGame | None:
        """The game ``game_id``, or ``None``."""
        query = sa.select(GAMES_TABLE.c.record).where(GAMES_TABLE.c.id == game_id)
        with self.engine.connect() as connection:
            record = connection.execute(query).scalar()
        return None if record is None else SharedGame.from_record(str(record))

    def time_left(self, game_id: str, now: float) -> float | None:
        """The seconds the pupil to move has left (``None``: no time limit, or no such
        game, or it is over)."""
        query = sa.select(GAMES_TABLE.c.record, GAMES_TABLE.c.updated).where(
            GAMES_TABLE.c.id == game_id, GAMES_TABLE.c.over.is_(False)
        )
        with self.engine.connect() as connection:
            found = connection.execute(query).first()
        if found is None:
            return None
        seconds = json.loads(found[0]).get("seconds")
        return None if seconds is None else float(seconds) - (now - float(found[1]))

    def pass_if_late(self, game_id: str, now: float) -> SharedGame | None:
        """If the pupil to move is out of time, pass for them: the game after it (stored),
        else ``None``."""
        left = self.time_left(game_id, now)
        if left is None or left > 0:
            return None
        shared = self.get(game_id)
        if shared is None:
            return None
        played_on = shared.version
        if not shared.pass_for_time(played_on) or not self.save(shared, played_on, now):
            return None
        return shared

    def restart_clocks(self, game_ids: list[str], now: float) -> None:
        """The time per move of the pupil to move in each of ``game_ids`` counts from
        ``now`` (a tournament resumed after a pause)."""
        if not game_ids:
            return
        with self.engine.begin() as connection:
            connection.execute(
                GAMES_TABLE.update()
                .where(GAMES_TABLE.c.id.in_(game_ids), GAMES_TABLE.c.over.is_(False))
                .values(updated=now)
            )

    def version(self, game_id: str) -> int | None:
        """The game's version now (``None``: no such game): what a waiting board watches."""
        query = sa.select(GAMES_TABLE.c.version).where(GAMES_TABLE.c.id == game_id)
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar()
        return None if found is None else int(found)

    def save(self, shared: SharedGame, played_on: int, when: float | None = None) -> bool:
        """Store the game after a move played on version ``played_on`` (at ``when``, by
        default now: the next pupil's time per move counts from then); ``False`` when
        another copy of the service stored a move on that version first."""
        with self.engine.begin() as connection:
            result = connection.execute(
                GAMES_TABLE.update()
                .where(GAMES_TABLE.c.id == shared.id, GAMES_TABLE.c.version == played_on)
                .values(
                    version=shared.version,
                    over=shared.is_over,
                    updated=time.time() if when is None else when,
                    record=shared.record(),
                )
            )
            return bool(result.rowcount == 1)

    def open_between(self, pupils: list[str], name: str) -> SharedGame | None:
        """The newest game of ``name`` between exactly ``pupils`` (any seats) not over."""
        query = (
            sa.select(GAMES_TABLE.c.record)
            .select_from(SEATS_TABLE.join(GAMES_TABLE, SEATS_TABLE.c.game_id == GAMES_TABLE.c.id))
            .where(SEATS_TABLE.c.pupil == pupils[0], GAMES_TABLE.c.over.is_(False),
                   GAMES_TABLE.c.game == name)
            .order_by(GAMES_TABLE.c.updated.desc())
        )  # fmt: skip
        with self.engine.connect() as connection:
            for (record,) in connection.execute(query):
                shared = SharedGame.from_record(str(record))
                if sorted(shared.pupils) == sorted(pupils):
                    return shared
        return None

    def of_pupil(self, pupil: str) -> list[dict[str, Any]]:
        """``pupil``'s games, newest first: id, game, pupils, whose turn, version, over,
        tournament, who started it."""
        query = (
            sa.select(GAMES_TABLE.c.record)
            .select_from(SEATS_TABLE.join(GAMES_TABLE, SEATS_TABLE.c.game_id == GAMES_TABLE.c.id))
            .where(SEATS_TABLE.c.pupil == pupil)
            .order_by(GAMES_TABLE.c.updated.desc())
        )
        found = []
        with self.engine.connect() as connection:
            for (record,) in connection.execute(query):
                watched = SharedGame.from_record(str(record)).watch()
                found.append({key: watched[key] for key in ("id", "game", "version", "to_move",
                                                            "over", "tournament", "started_by")}
                             | {"pupils": [p["name"] for p in watched["players"]]})  # fmt: skip
        return found


def end_records(shared: SharedGame, when: float) -> dict[str, str]:
    """Each pupil's record line of a finished game: its review's summary for them (as
    ``mathplay.classroom.records.record_game`` writes it), dated ``when``."""
    if shared.ended is not None and shared.ended["how"] == DECLINED:
        return {}  # not played: nothing for the records
    review = shared.game.review()
    lines = {}
    for seat, pupil in enumerate(shared.pupils):
        summary = review.summary(seat)
        miss = summary.biggest_miss
        entry = {
            "who": pupil,
            "when": datetime.fromtimestamp(when, timezone.utc).isoformat(timespec="milliseconds"),
            "set": "",
            "lesson": None,
            "event": GAME_EVENT,
            "game": shared.name,
            "score": int(summary.score),
            "turns": int(summary.turns),
            "share": round(float(summary.share), 3),
            "biggest_miss": "" if miss is None else _("move {number}, {best} for {points} points")
            .format(number=miss.ply + 1, best=shown(miss.best[0]), points=miss.best_points),
            "with": [other for other in shared.pupils if other != pupil],
            "game_id": shared.id,
            "version": RECORD_VERSION,
        }  # fmt: skip
        if shared.ended is not None:  # how it ended before its end, and in words
            entry["ended"] = shared.ended["how"]
            entry["result"] = shared.ended_words() or ""
        if shared.tournament is not None:
            entry["tournament"] = shared.tournament
        lines[pupil] = json.dumps(entry, ensure_ascii=False)
    return lines


def new_game_id() -> str:
    """A new game's id: 24 random hex digits (not guessable, not counted)."""
    return os.urandom(12).hex()


#: What a request for a new game may not hold, nor its options: a seed, or a game or a
#: start of its own (the service deals every game itself).
DEAL_KEYS = frozenset({"seed", "start", "save", "position", "hands", "hand", "bag", "deal",
                       "diagram", "record", "code", "history"})  # fmt: skip
#: What a request for a new game may hold.
_NEW_GAME_KEYS = frozenset({"game", "with", "resume", "options"})


class ChosenDeal(ValueError):
    """A new game's request that brings its own seed or start: refused, in words."""

    def __init__(self) -> None:
        super().__init__(chosen_deal_words())


def read_new_game(body: Any) -> tuple[str, list[str], dict[str, Any]]:
    """The game, the classmates and the options of a ``POST api/games`` body
    (``ValueError`` in words when something is missing or wrong; :class:`ChosenDeal`
    when it brings a seed or a start: the service deals every game itself).

    >>> read_new_game({"game": "summy", "with": ["ben"], "options": {"size": 9}})
    ('summy', ['ben'], {'size': 9})
    >>> read_new_game({"game": "summy", "with": ["ben"], "seed": 4242})
    Traceback (most recent call last):
    ...
    mathplay.hub.games.ChosenDeal: Nobody chooses the tiles of a game with classmates, ...
    """
    if not isinstance(body, dict):
        raise ValueError('the request is a JSON object, like {"game": "summy", "with": ["ben"]}')
    options = body.get("options", {})
    if DEAL_KEYS & set(body) or (isinstance(options, dict) and DEAL_KEYS & set(options)):
        raise ChosenDeal()
    unknown = sorted(str(key) for key in set(body) - _NEW_GAME_KEYS)
    if unknown:
        raise ValueError("the request has no part " + ", ".join(repr(k) for k in unknown[:3]))
    name = body.get("game")
    if name not in GAMES:
        raise ValueError("'game' is one of " + ", ".join(GAMES))
    others = body.get("with")
    if not isinstance(others, list) or not 1 <= len(others) <= 3:
        raise ValueError("'with' is a list of 1 to 3 classmates' hub names")
    if not all(isinstance(who, str) and 0 < len(who) <= 255 for who in others):
        raise ValueError("'with' is a list of hub names")
    if not isinstance(body.get("resume", False), bool):
        raise ValueError("'resume' is true or false")
    if not isinstance(options, dict) or len(json.dumps(options)) > 500:
        raise ValueError("'options' is a small JSON object, like {\"size\": 9}")
    if "players" in options:
        raise ValueError("'options' may not set the players")
    return str(name), [str(who) for who in others], dict(options)


def refusal_words(error: MathplayError) -> str:
    """What a refused move's answer says."""
    return str(error) if isinstance(error, MoveRefused) else f"That move is not allowed: {error}"
