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

Every game of a tournament is dealt like any game between pupils, from a seed the
service draws from the operating system for that game alone and keeps nowhere
(:meth:`~mathplay.classroom.shared_games.SharedGame.new`): a pupil who knows everything
about one game knows nothing of another's tiles. (A tournament made before this kept a
``seed`` of its own, from which its games were dealt; it is still read, and used for
nothing.)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from mathplay.classroom.shared_games import SharedGame
from mathplay.classroom.tournaments import (
    PAIRINGS,
    Pair,
    Result,
    round_robin,
    standings,
    swiss_pairs,
    swiss_rounds,
)
from mathplay.hub.games import GameStore, new_game_id
from mathplay.hub.tables import make_tables

__all__ = ["CHOICES", "SECONDS", "Settings", "TournamentStore", "read_settings"]

#: The games a teacher may choose: name, game, options.
CHOICES: dict[str, tuple[str, dict[str, Any]]] = {
    "summy-9": ("summy", {"size": 9}),
    "summy": ("summy", {}),
    "mixmath": ("mixmath", {}),
    "binary": ("binary", {}),
}
#: The times per move a teacher may choose (0: none).
SECONDS = (0, 30, 60, 120, 300)
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
    if seconds not in SECONDS:
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
    """The class tournaments in the service's database (tables made if missing)."""

    def __init__(self, games: GameStore) -> None:
        self.games = games
        self.engine = games.engine
        make_tables(_METADATA, self.engine)

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
        return self._start_round(tournament_id, settings, len(rounds) + 1, rounds)

    def _start_round(
        self,
        tournament_id: str,
        settings: Settings,
        number: int,
        before: list[tuple[int, list[Pair], list[SharedGame]]] | None = None,
    ) -> bool:
        pupils = list(settings.pupils)
        if settings.pairing == "round-robin":
            pairs = round_robin(pupils)[number - 1]
        else:
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
        finished = len(rounds) >= settings.rounds and all(
            g.is_over for _n, _p, games in rounds for g in games
        )
        return {
            "id": tournament_id,
            "group": group,
            "settings": settings,
            "finished": finished,
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


def result_of(shared: SharedGame) -> Result:
    """A finished game as the table counts it."""
    winners = tuple(shared.pupils[i] for i in shared.winners())
    return Result(shared.pupils, tuple(int(s) for s in shared.game.scores), winners)
