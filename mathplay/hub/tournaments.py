"""Class tournaments, kept by the records service beside the games between pupils.

A teacher starts one from the class's dashboard: the game (and its size), round robin or
Swiss, how many rounds (Swiss), hints on the boards or not, a time per move or none.
Each round's games are :class:`~mathplay.classroom.shared_games.SharedGame` games in the
service's games (:mod:`mathplay.hub.games`), so a pupil plays them like any game with a
classmate (``mathplay.play_with()`` finds it; the board goes on to the next round's game
by itself). When every game of a round is over, the next round is paired (round robin:
fixed from the start; Swiss: by the table so far) — once, even with two copies of the
service (a round is made by whoever inserts its row first). The pairings and the table
are :mod:`mathplay.classroom.tournaments`.

**A tournament that finishes.** The service keeps the time per move itself: its clock
(:meth:`TournamentStore.tick`, every :data:`CLOCK_SECONDS` from the service's event
loop) passes for a pupil whose time is up, whether or not any board is open, and a
pupil who misses :data:`~mathplay.classroom.shared_games.MISSED_TURNS` turns in a row
forfeits the game. The teacher can end any game (:meth:`TournamentStore.end_game`:
scored as it stands, or given to one pupil), pause and resume the tournament (the clock
stops, moves wait), stop it (every game going on scored as it stands, no more rounds)
and take a pupil out (:meth:`TournamentStore.withdraw`: their game going on and, in a
round robin, their games to come are forfeited; a Swiss pairs the others). Each of
these is a line of the tournament's log (``mathplay_tournament_log``), which is also
where the service reads whether it is paused, stopped, and who was taken out.

Every game of a tournament is dealt like any game between pupils, from a seed the
service draws from the operating system for that game alone and keeps nowhere
(:meth:`~mathplay.classroom.shared_games.SharedGame.new`): a pupil who knows everything
about one game knows nothing of another's tiles. (A tournament made before this kept a
``seed`` of its own, from which its games were dealt; it is still read, and used for
nothing.)
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from mathplay.classroom.shared_games import FORFEITED, MoveRefused, SharedGame
from mathplay.classroom.tournaments import (
    PAIRINGS,
    Pair,
    Result,
    round_robin,
    standings,
    swiss_pairs,
    swiss_rounds,
)
from mathplay.hub.games import GAMES_TABLE, GameStore, new_game_id
from mathplay.hub.migrations import upgrade

__all__ = ["CHOICES", "CLOCK_SECONDS", "SECONDS", "SHORTEST_ENV", "Settings",
           "TournamentStore", "read_settings", "seconds_choices"]  # fmt: skip

#: The games a teacher may choose: name, game, options.
CHOICES: dict[str, tuple[str, dict[str, Any]]] = {
    "summy-9": ("summy", {"size": 9}),
    "summy": ("summy", {}),
    "mixmath": ("mixmath", {}),
    "binary": ("binary", {}),
}
#: The times per move a teacher may choose (0: none).
SECONDS = (0, 30, 60, 120, 300)
#: An environment variable of the service that adds a shorter time per move to the
#: list (whole seconds, 1 to 29): for tests, which cannot wait 30 s a turn.
SHORTEST_ENV = "MATHPLAY_SHORTEST_SECONDS_PER_MOVE"
#: How often the service's clock looks for a pupil out of time (seconds).
CLOCK_SECONDS = 1.0
#: The most pupils in one tournament.
MOST_PUPILS = 40

_METADATA = sa.MetaData()
TOURNAMENTS = sa.Table(
    "mathplay_tournaments",
    _METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("class_group", sa.String(255), nullable=False, index=True),
    sa.Column("teacher", sa.String(255), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
)
#: What happened to a tournament besides its moves, in order: the teacher's actions
#: (``end``, ``pause``, ``resume``, ``stop``, ``withdraw``) and the forfeits by the clock.
LOG = sa.Table(
    "mathplay_tournament_log",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("tournament_id", sa.String(32), nullable=False, index=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("entry", sa.Text, nullable=False),
)
ROUNDS = sa.Table(
    "mathplay_tournament_rounds",
    _METADATA,
    sa.Column("tournament_id", sa.String(32), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("pairs", sa.Text, nullable=False),
    sa.PrimaryKeyConstraint("tournament_id", "number"),
)
TOURNAMENT_GAMES = sa.Table(
    "mathplay_tournament_games",
    _METADATA,
    sa.Column("tournament_id", sa.String(32), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("game_id", sa.String(32), nullable=False),
    sa.PrimaryKeyConstraint("tournament_id", "game_id"),
)


@dataclass(frozen=True)
class Settings:
    """What the teacher chose."""

    choice: str
    pairing: str
    rounds: int
    hints: bool
    seconds: int | None
    pupils: tuple[str, ...]
    #: A tournament made by an older service: the seed its games were dealt from (a new
    #: one has none: each game is dealt from a seed of its own, kept nowhere).
    seed: int | None = None

    @property
    def game(self) -> str:
        return CHOICES[self.choice][0]

    @property
    def options(self) -> dict[str, Any]:
        return dict(CHOICES[self.choice][1])


def seconds_choices() -> tuple[int, ...]:
    """The times per move a teacher may choose: :data:`SECONDS`, and the shorter one
    the service's :data:`SHORTEST_ENV` names (for tests)."""
    shortest = os.environ.get(SHORTEST_ENV, "")
    if shortest.isdigit() and 1 <= int(shortest) < SECONDS[1]:
        return (0, int(shortest), *SECONDS[1:])
    return SECONDS


@dataclass(frozen=True)
class State:
    """Where a tournament is, read from its log: paused, stopped, who was taken out."""

    paused: bool = False
    stopped: bool = False
    out: tuple[str, ...] = ()


def read_settings(form: dict[str, str], pupils: list[str]) -> Settings:
    """The settings from the dashboard's form (``ValueError`` in words when wrong)."""
    choice = form.get("game", "")
    if choice not in CHOICES:
        raise ValueError("choose one of the games: " + ", ".join(CHOICES))
    pairing = form.get("pairing", "")
    if pairing not in PAIRINGS:
        raise ValueError("choose round robin or Swiss")
    try:
        seconds = int(form.get("seconds", "0") or 0)
    except ValueError:
        raise ValueError("the time per move is a number of seconds") from None
    if seconds not in seconds_choices():
        raise ValueError("choose a time per move from the list")
    if not 2 <= len(pupils) <= MOST_PUPILS:
        raise ValueError(f"a tournament needs 2 to {MOST_PUPILS} pupils in the class")
    if pairing == "round-robin":
        rounds = len(round_robin(pupils))
    else:
        try:
            rounds = int(form.get("rounds", "") or swiss_rounds(len(pupils)))
        except ValueError:
            raise ValueError("the number of rounds is a whole number") from None
        if not 1 <= rounds <= len(pupils) - 1 + len(pupils) % 2:
            raise ValueError("a Swiss tournament has 1 round or more, fewer than the pupils")
    return Settings(choice, pairing, rounds, form.get("hints") == "on", seconds or None,
                    tuple(pupils))  # fmt: skip


class TournamentStore:
    """The class tournaments in the service's database (upgraded if older:
    :mod:`mathplay.hub.migrations`)."""

    def __init__(self, games: GameStore) -> None:
        self.games = games
        self.engine = games.engine
        upgrade(self.engine)

    def create(self, group: str, teacher: str, settings: Settings) -> str:
        """A new tournament, its first round's games made: its id."""
        tournament_id = new_game_id()
        data = {
            "choice": settings.choice,
            "pairing": settings.pairing,
            "rounds": settings.rounds,
            "hints": settings.hints,
            "seconds": settings.seconds,
            "pupils": list(settings.pupils),
        }
        with self.engine.begin() as connection:
            connection.execute(TOURNAMENTS.insert(), {
                "id": tournament_id, "class_group": group, "teacher": teacher,
                "created": time.time(), "settings": json.dumps(data)})  # fmt: skip
        self._start_round(tournament_id, settings, 1)
        return tournament_id

    def settings(self, tournament_id: str) -> tuple[str, Settings] | None:
        """The tournament's class and settings, or ``None``."""
        query = sa.select(TOURNAMENTS.c.class_group, TOURNAMENTS.c.settings).where(
            TOURNAMENTS.c.id == tournament_id
        )
        with self.engine.connect() as connection:
            found = connection.execute(query).first()
        if found is None:
            return None
        data = json.loads(found[1])
        return str(found[0]), Settings(
            data["choice"], data["pairing"], int(data["rounds"]), bool(data["hints"]),
            data["seconds"], tuple(data["pupils"]),
            None if data.get("seed") is None else int(data["seed"]))  # fmt: skip

    def of_class(self, group: str) -> list[dict[str, Any]]:
        """The class's tournaments, newest first: id, when, settings."""
        query = (
            sa.select(TOURNAMENTS.c.id, TOURNAMENTS.c.created, TOURNAMENTS.c.settings)
            .where(TOURNAMENTS.c.class_group == group)
            .order_by(TOURNAMENTS.c.created.desc())
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [{"id": r[0], "created": r[1], **json.loads(r[2])} for r in rows]

    def rounds(self, tournament_id: str) -> list[tuple[int, list[Pair], list[SharedGame]]]:
        """Each round made so far: its number, its pairs and its games."""
        with self.engine.connect() as connection:
            made = connection.execute(
                sa.select(ROUNDS.c.number, ROUNDS.c.pairs)
                .where(ROUNDS.c.tournament_id == tournament_id)
                .order_by(ROUNDS.c.number)
            ).all()
            links = connection.execute(
                sa.select(TOURNAMENT_GAMES.c.number, TOURNAMENT_GAMES.c.game_id).where(
                    TOURNAMENT_GAMES.c.tournament_id == tournament_id
                )
            ).all()
        found: list[tuple[int, list[Pair], list[SharedGame]]] = []
        for number, pairs in made:
            ids = sorted(game_id for n, game_id in links if n == number)
            games = [g for g in (self.games.get(i) for i in ids) if g is not None]
            games.sort(key=lambda g: g.id)
            paired: list[Pair] = [
                (str(p[0]), None if p[1] is None else str(p[1])) for p in json.loads(pairs)
            ]
            found.append((int(number), paired, games))
        return found

    def advance(self, tournament_id: str) -> bool:
        """Make the next round if every game of the last one is over: whether one was."""
        known = self.settings(tournament_id)
        if known is None:
            return False
        _group, settings = known
        rounds = self.rounds(tournament_id)
        if not rounds or len(rounds) >= settings.rounds:
            return False
        if not all(game.is_over for game in rounds[-1][2]):
            return False
        state = self.state(tournament_id)
        if state.stopped or self._too_few(settings, state):
            return False
        return self._start_round(tournament_id, settings, len(rounds) + 1, rounds, state.out)

    @staticmethod
    def _too_few(settings: Settings, state: State) -> bool:
        """Whether a Swiss has too few pupils left to pair (a round robin plays on: the
        games of the pupils taken out are forfeited)."""
        left = [p for p in settings.pupils if p not in state.out]
        return settings.pairing == "swiss" and len(left) < 2

    def _start_round(
        self,
        tournament_id: str,
        settings: Settings,
        number: int,
        before: list[tuple[int, list[Pair], list[SharedGame]]] | None = None,
        out: tuple[str, ...] = (),
    ) -> bool:
        pupils = list(settings.pupils)
        if settings.pairing == "round-robin":  # the pupils taken out forfeit (below)
            pairs = [p for p in round_robin(pupils)[number - 1]
                     if p[0] not in out or (p[1] is not None and p[1] not in out)]  # fmt: skip
        else:  # the pupils taken out are not paired
            pupils = [p for p in pupils if p not in out]
            done = before or []
            results = [result_of(g) for _n, _p, games in done for g in games]
            had_bye = {p[0] for _n, pairs, _g in done for p in pairs if p[1] is None}
            pairs = swiss_pairs(pupils, results, had_bye)
        try:
            with self.engine.begin() as connection:
                connection.execute(ROUNDS.insert(), {
                    "tournament_id": tournament_id, "number": number,
                    "pairs": json.dumps([list(p) for p in pairs])})  # fmt: skip
        except sa.exc.IntegrityError:
            return False  # another request made this round first
        for first, second in pairs:
            if second is None:
                continue
            # Dealt from a seed of its own, drawn from the OS and kept nowhere.
            shared = SharedGame.new(new_game_id(), settings.game, [first, second],
                                    **settings.options)  # fmt: skip
            shared.hints, shared.seconds = settings.hints, settings.seconds
            shared.tournament = tournament_id
            gone = [p for p in (first, second) if p in out]
            if gone:  # a round robin's game of a pupil taken out: forfeited at once
                shared.withdraw(gone[0])
            self.games.create(shared)
            with self.engine.begin() as connection:
                connection.execute(TOURNAMENT_GAMES.insert(), {
                    "tournament_id": tournament_id, "number": number,
                    "game_id": shared.id})  # fmt: skip
        return True

    def table(self, tournament_id: str) -> dict[str, Any] | None:
        """Everything the tournament's page shows: settings, the table, the rounds."""
        known = self.settings(tournament_id)
        if known is None:
            return None
        group, settings = known
        rounds = self.rounds(tournament_id)
        results = [result_of(g) for _n, _p, games in rounds for g in games if g.is_over]
        byes = [p[0] for n, pairs, _g in rounds for p in pairs
                if p[1] is None and settings.pairing == "swiss"]  # fmt: skip
        rows = standings(list(settings.pupils), results, byes)
        state = self.state(tournament_id)
        all_over = all(g.is_over for _n, _p, games in rounds for g in games)
        finished = all_over and (
            state.stopped or len(rounds) >= settings.rounds or self._too_few(settings, state)
        )
        return {
            "id": tournament_id,
            "group": group,
            "settings": settings,
            "finished": finished,
            "state": state,
            "log": self.log_of(tournament_id),
            "rows": rows,
            "rounds": [
                {
                    "number": number,
                    "byes": [p[0] for p in pairs if p[1] is None],
                    "games": [g.watch() for g in games],
                }
                for number, pairs, games in rounds
            ],
        }

    # --- the log, the clock and the teacher's actions ---------------------------------

    def write_log(self, tournament_id: str, entry: dict[str, Any]) -> None:
        """Add ``entry`` (``{"what": …}``) to the tournament's log, dated now."""
        with self.engine.begin() as connection:
            connection.execute(LOG.insert(), {"tournament_id": tournament_id,
                                              "created": time.time(),
                                              "entry": json.dumps(entry)})  # fmt: skip

    def log_of(self, tournament_id: str) -> list[dict[str, Any]]:
        """The tournament's log, oldest first: each entry with ``when`` (a timestamp)."""
        query = (
            sa.select(LOG.c.created, LOG.c.entry)
            .where(LOG.c.tournament_id == tournament_id)
            .order_by(LOG.c.id)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [{**json.loads(entry), "when": float(when)} for when, entry in rows]

    def state(self, tournament_id: str) -> State:
        """Paused, stopped, and who was taken out: read from the log."""
        paused, stopped, out = False, False, []
        for entry in self.log_of(tournament_id):
            what = entry.get("what")
            if what in ("pause", "resume"):
                paused = what == "pause"
            elif what == "stop":
                stopped = True
            elif what == "withdraw" and entry.get("pupil") not in out:
                out.append(str(entry["pupil"]))
        return State(paused and not stopped, stopped, tuple(out))

    def open_games(self, tournament_id: str) -> list[SharedGame]:
        """The tournament's games that are not over."""
        query = (
            sa.select(GAMES_TABLE.c.record)
            .select_from(TOURNAMENT_GAMES.join(
                GAMES_TABLE, TOURNAMENT_GAMES.c.game_id == GAMES_TABLE.c.id))
            .where(TOURNAMENT_GAMES.c.tournament_id == tournament_id,
                   GAMES_TABLE.c.over.is_(False))
        )  # fmt: skip
        with self.engine.connect() as connection:
            return [SharedGame.from_record(str(r)) for (r,) in connection.execute(query)]

    def tick(self, now: float) -> list[SharedGame]:
        """The service's clock: pass for every pupil of a tournament game whose time per
        move is up (a forfeit when it is their ``MISSED_TURNS``-th in a row), in every
        tournament neither paused nor stopped; the games that changed. Two copies of the
        service may both tick: a pass is stored only on the version it was made on."""
        query = (
            sa.select(TOURNAMENT_GAMES.c.tournament_id, GAMES_TABLE.c.id,
                      GAMES_TABLE.c.record, GAMES_TABLE.c.updated)
            .select_from(TOURNAMENT_GAMES.join(
                GAMES_TABLE, TOURNAMENT_GAMES.c.game_id == GAMES_TABLE.c.id))
            .where(GAMES_TABLE.c.over.is_(False))
        )  # fmt: skip
        with self.engine.connect() as connection:
            going_on = connection.execute(query).all()
        states: dict[str, State] = {}
        changed = []
        for tournament_id, game_id, record, updated in going_on:
            seconds = json.loads(record).get("seconds")
            if seconds is None or now - float(updated) < float(seconds):
                continue
            if tournament_id not in states:
                states[tournament_id] = self.state(tournament_id)
            if states[tournament_id].paused or states[tournament_id].stopped:
                continue
            shared = self.games.pass_if_late(game_id, now)
            if shared is None:
                continue
            changed.append(shared)
            if shared.ended is not None and shared.ended["how"] == FORFEITED:
                self.write_log(tournament_id, {"what": "forfeit", "pupil": shared.ended["by"],
                                               "game": shared.id,
                                               "pupils": list(shared.pupils)})  # fmt: skip
        return changed

    def end_game(self, game_id: str, teacher: str, winner: str | None) -> SharedGame:
        """The teacher ends game ``game_id``: given to ``winner``, or (``None``) scored as
        it stands; logged in its tournament's log if it is a tournament's. The game
        after (``MoveRefused`` in words when it is over, or no such game)."""
        shared = self._change(game_id, lambda g: g.end_by_teacher(teacher, winner))
        if shared.tournament is not None:
            self.write_log(shared.tournament, {"what": "end", "by": teacher, "game": game_id,
                                               "pupils": list(shared.pupils),
                                               "winner": winner or ""})  # fmt: skip
        return shared

    def _change(self, game_id: str, change: Any) -> SharedGame:
        """Load the game, ``change`` it and store it, again if a pupil moved meanwhile."""
        for _attempt in range(10):
            shared = self.games.get(game_id)
            if shared is None:
                raise MoveRefused("there is no such game")
            played_on = shared.version
            change(shared)
            if self.games.save(shared, played_on):
                return shared
        raise MoveRefused("the game is changing too fast: try again")

    def pause(self, tournament_id: str, teacher: str, paused: bool) -> None:
        """Pause the tournament (the clock stops for it, moves wait) or resume it (each
        pupil to move gets their whole time per move again)."""
        if self.state(tournament_id).paused == paused:
            return
        self.write_log(tournament_id, {"what": "pause" if paused else "resume", "by": teacher})
        if not paused:
            self.games.restart_clocks([g.id for g in self.open_games(tournament_id)], time.time())

    def stop(self, tournament_id: str, teacher: str) -> list[SharedGame]:
        """Stop the tournament: no more rounds; every game going on is scored as it
        stands. The games ended."""
        if self.state(tournament_id).stopped:
            return []
        self.write_log(tournament_id, {"what": "stop", "by": teacher})
        ended = []
        for going_on in self.open_games(tournament_id):
            try:
                ended.append(self._change(going_on.id, lambda g: g.end_by_teacher(teacher)))
            except MoveRefused:  # it ended meanwhile
                continue
        return ended

    def withdraw(self, tournament_id: str, teacher: str, pupil: str) -> list[SharedGame]:
        """Take ``pupil`` out of the tournament: their game going on is forfeited (and in
        a round robin their games to come, as their rounds are made); a Swiss pairs the
        others. The games ended (``MoveRefused`` in words when they are not in it)."""
        known = self.settings(tournament_id)
        if known is None or pupil not in known[1].pupils:
            raise MoveRefused("that pupil is not in the tournament")
        if pupil in self.state(tournament_id).out:
            return []
        self.write_log(tournament_id, {"what": "withdraw", "by": teacher, "pupil": pupil})
        ended = []
        for going_on in self.open_games(tournament_id):
            if pupil in going_on.pupils:
                try:
                    ended.append(self._change(going_on.id, lambda g: g.withdraw(pupil)))
                except MoveRefused:
                    continue
        return ended


def result_of(shared: SharedGame) -> Result:
    """A finished game as the table counts it."""
    winners = tuple(shared.pupils[i] for i in shared.winners())
    return Result(shared.pupils, tuple(int(s) for s in shared.game.scores), winners)
