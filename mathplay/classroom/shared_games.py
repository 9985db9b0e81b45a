"""A game two pupils (or more) play on their own machines: the part a server keeps.

A class's game service holds each game between pupils as a :class:`SharedGame`: the
game, whose seat is whose (their hub names), and how many moves it has had (its
``version``). Everything a pupil's board asks goes through it, and it trusts nothing a
board says:

- :meth:`SharedGame.view_for` gives a pupil what they may see: the board, **their own
  tiles only** (the engine's ``game.view(seat)``), how many tiles the others hold, the
  scores, the moves, and ``position``: the game as they may know it
  (:func:`mathplay.core.known.as_known_to`, saved as text), which their board plays on.
  Once the game is over, ``save`` is the whole game, for its review. A teacher or the
  projector gets :meth:`SharedGame.watch`, with no tiles at all.
- :meth:`SharedGame.play` takes a pupil's move as notation, with the version their board
  showed: a move from a pupil who is not in the game, out of turn, from a board that is
  behind (the other pupil moved meanwhile), or that the engine refuses, is refused in
  words (:class:`MoveRefused`) and the game does not change.
- :meth:`SharedGame.resign` and :meth:`SharedGame.decline` end a game before its end:
  either pupil may resign (the others win); a classmate put in a game may decline it
  before they have moved in it (nobody wins). Both are refused in words for anyone else.
- :meth:`SharedGame.record` and :meth:`SharedGame.from_record` keep it as text (the
  engine's save, replayed and checked on reading), for a database.

**Deals nobody can know.** :meth:`SharedGame.new` without a seed deals the game from
128 bits drawn from the operating system (:mod:`secrets`), then keeps the dealt start
with a *second* seed, drawn the same way, which only mixes the tiles an exchange puts
back: the seed that dealt the game is kept nowhere. A pupil is never sent a seed while a
game goes on (their ``position`` has the unseen tiles dealt again), and once it is over
the whole game (``save``, for the review) holds the start as dealt and that second seed,
which deals nothing. A game kept before this (its save's seed is the one that dealt it)
is sent with the seed replaced, replayed up to its first exchange
(:meth:`SharedGame.review_save`).

>>> shared = SharedGame.new("g1", "summy", ["ana", "ben"], seed=3, size=9)
>>> view = shared.view_for("ana")
>>> view["you"], view["to_move"], len(view["hand"]), "hands" in view
(0, 'ana', 8, False)
>>> shared.play("ben", "pass", version=0)
Traceback (most recent call last):
...
mathplay.classroom.shared_games.MoveRefused: It is ana's turn, not yours.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mathplay.core import load
from mathplay.core.known import as_known_to
from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError, SaveFileError
from mathplay.games.registry import describe
from mathplay.i18n import _

__all__ = [
    "CHOSEN_DEAL",
    "ENDED",
    "FORFEITED",
    "MAX_NOTATION",
    "MISSED_TURNS",
    "NOT_CLASSMATES",
    "TOO_MANY_GAMES",
    "WITHDRAWN",
    "MoveRefused",
    "SharedGame",
    "chosen_deal_words",
]

#: The kind of a game service's refusal (``"kind"`` in its answer) when a pupil asks for a
#: game with someone in none of their classes: the pupil's kernel tells it apart by this,
#: not by the words, which may be in any language.
NOT_CLASSMATES = "not-classmates"
#: The kind of the refusal of a new game whose seed or start a pupil sent: the service
#: deals every game itself, so that nobody knows its tiles in advance.
CHOSEN_DEAL = "chosen-deal"
#: The kind of the refusal of a new game when the pupil has started as many games not
#: over as they may (``mathplay.hub.games.MOST_OPEN_GAMES``).
TOO_MANY_GAMES = "too-many-games"
#: The kind of a 429 to a pupil's kernel that asks the game service too often (or holds
#: too many waits at once): it waits the ``Retry-After`` seconds and asks again.
TOO_MANY_REQUESTS = "too-many-requests"

#: The longest move a board may send (the longest real move is about 60 characters).
MAX_NOTATION = 200
#: The longest hub user name kept.
MAX_NAME = 100
#: The bits of the seeds the service draws (``secrets.randbits``): a game's deal, and
#: the seed that mixes its exchanges.
SEED_BITS = 128
#: How a game may end before its end, kept in its record: resigned by a pupil, or
#: declined by a classmate put in it.
RESIGNED, DECLINED = "resigned", "declined"
#: More ends, kept the same way: a pupil who missed :data:`MISSED_TURNS` turns in a row
#: forfeits (the service's clock, :meth:`SharedGame.pass_for_time`); the teacher took a
#: pupil out of the tournament (their games forfeited); the teacher ended the game
#: (``"winner"``: the pupil they gave it to, or none: scored as it stands).
FORFEITED, WITHDRAWN, ENDED = "forfeited", "withdrawn", "ended"
#: The ends in which the pupil ``by`` loses and the others win.
_LOST_BY = (RESIGNED, FORFEITED, WITHDRAWN)
#: A pupil who misses this many turns in a row (their time per move up) forfeits the
#: game: the others win. The service passes for them at each missed turn before that.
#: Only a game with a time per move (a tournament's) has missed turns.
MISSED_TURNS = 2


class MoveRefused(MathplayError):
    """A move the service will not play, with the reason in words for the pupil."""


def chosen_deal_words() -> str:
    """Why a game with classmates takes no seed nor start (kind ``CHOSEN_DEAL``), for the
    pupil, in their language."""
    return _(
        "Nobody chooses the tiles of a game with classmates, not even with a seed: the "
        "class's game service deals them, so that nobody can know them in advance. Start "
        "the game without a seed."
    )


@dataclass
class SharedGame:
    """One game between pupils (see the module docstring)."""

    #: The game's id in the service (letters, digits, ``-``).
    id: str
    #: The game's name in the registry: ``"summy"``, ``"mixmath"``, ``"binary"``.
    name: str
    #: The hub user at each seat, in seat order.
    pupils: tuple[str, ...]
    #: The game itself: only this object's methods change it.
    game: AnyGame
    #: Whether the pupils' boards give hints (a tournament may switch them off).
    hints: bool = True
    #: The seconds a pupil has for each move (``None``: as long as they like); when they
    #: are up the service passes for them (:meth:`pass_for_time`).
    seconds: int | None = None
    #: The tournament the game is part of (its id), if any.
    tournament: str | None = None
    #: The pupil who started the game (``None``: a teacher's, or kept before it was
    #: recorded); their limit of games going on counts it.
    started_by: str | None = None
    #: Whether the game was dealt from a seed nobody keeps (:meth:`new` without a seed):
    #: then the seed of its save only mixes exchanges and may be shown once it is over.
    secret_deal: bool = False
    #: How it ended before its end: ``{"how": RESIGNED, DECLINED, FORFEITED, WITHDRAWN
    #: or ENDED, "by": hub name}`` (``by``: the teacher for ``ENDED``, with ``"winner"``:
    #: the pupil given the game, ``""`` when it was scored as it stands).
    ended: dict[str, str] | None = None
    #: The turns each seat has missed in a row (passed for at the time limit): a move of
    #: their own sets it back to 0; the :data:`MISSED_TURNS`-th forfeits.
    missed: list[int] | None = None

    @classmethod
    def new(
        cls,
        game_id: str,
        name: str,
        pupils: Sequence[str],
        seed: int | None = None,
        **options: Any,
    ) -> SharedGame:
        """A new game of ``name`` between ``pupils`` (2 to 4 different hub users, in seat
        order) with the game's ``options``: dealt from a seed drawn from the operating
        system and kept nowhere (see the module docstring), or from ``seed`` when one is
        given (a test's; the service never gives one)."""
        info = describe(name)
        seats = _checked_pupils(pupils)
        if seed is not None:
            return cls(str(game_id), info.name, seats, info.cls(players=len(seats), seed=seed,
                                                                 **options))  # fmt: skip
        dealt = json.loads(
            info.cls(players=len(seats), seed=secrets.randbits(SEED_BITS), **options).save()
        )
        dealt["seed"] = secrets.randbits(SEED_BITS)  # mixes exchanges; dealt nothing
        game = load(json.dumps(dealt))
        return cls(str(game_id), info.name, seats, game, secret_deal=True)

    @property
    def version(self) -> int:
        """How many moves have been played (one more once a pupil resigned or declined):
        a board sends the version it shows."""
        return int(self.game.ply) + (self.ended is not None)

    @property
    def is_over(self) -> bool:
        """Whether the game is over: played to its end, resigned or declined."""
        return self.ended is not None or bool(self.game.is_over)

    def winners(self) -> tuple[int, ...]:
        """The seats of the winners (``()`` while it goes on, or when declined): a pupil
        who resigned leaves the win to the others (the best scores among them)."""
        if self.ended is None:
            outcome = self.game.outcome
            return () if outcome is None else tuple(outcome.winners)
        how = self.ended["how"]
        if how == ENDED and self.ended.get("winner"):
            return (self.pupils.index(self.ended["winner"]),)
        if how == ENDED:  # scored as it stands: the best scores win
            others = list(range(len(self.pupils)))
        elif how in _LOST_BY:
            others = [seat for seat, who in enumerate(self.pupils) if who != self.ended["by"]]
        else:
            return ()
        best = max(int(self.game.scores[seat]) for seat in others)
        return tuple(seat for seat in others if int(self.game.scores[seat]) == best)

    def ended_words(self) -> str | None:
        """What a resigned or declined game's end says (``None`` for any other game)."""
        if self.ended is None:
            return None
        who = self.ended["by"]
        if self.ended["how"] == DECLINED:
            return _("{name} declined the game, so it was not played.").format(name=who)
        names = [self.pupils[seat] for seat in self.winners()]
        one, many = names[0], _(" and ").join(names)
        how = self.ended["how"]
        if how == FORFEITED:
            if len(names) == 1:
                return _("{name} missed {n} turns in a row and forfeits: {winner} wins.").format(
                    name=who, n=MISSED_TURNS, winner=one
                )
            return _("{name} missed {n} turns in a row and forfeits: {winners} share the "
                     "win.").format(name=who, n=MISSED_TURNS, winners=many)  # fmt: skip
        if how == WITHDRAWN:
            if len(names) == 1:
                return _("The teacher took {name} out of the tournament: {winner} wins.").format(
                    name=who, winner=one
                )
            return _("The teacher took {name} out of the tournament: {winners} share the "
                     "win.").format(name=who, winners=many)  # fmt: skip
        if how == ENDED:
            if self.ended.get("winner"):
                return _("The teacher ended the game and gave it to {winner}.").format(winner=one)
            if len(names) == 1:
                return _("The teacher ended the game: {winner} wins with {score} points.").format(
                    winner=one, score=int(self.game.scores[self.pupils.index(one)])
                )
            return _("The teacher ended the game: {winners} share the win.").format(winners=many)
        if len(names) == 1:
            return _("{name} resigned: {winner} wins.").format(name=who, winner=one)
        return _("{name} resigned: {winners} share the win.").format(name=who, winners=many)

    def resign(self, who: str) -> dict[str, Any]:
        """Pupil ``who`` gives the game up (the others win); their view of it after, or
        ``MoveRefused`` in words (not their game, or over)."""
        self.seat_of(who)
        if self.is_over:
            raise MoveRefused(_("The game is over."))
        self.ended = {"how": RESIGNED, "by": who}
        return self.view_for(who)

    def end_by_teacher(self, teacher: str, winner: str | None = None) -> None:
        """The teacher ends the game: given to ``winner`` (one of its pupils), or, with
        none, scored as it stands (the best scores win). ``MoveRefused`` in words when it
        is over or ``winner`` is not one of its pupils."""
        if self.is_over:
            raise MoveRefused(_("The game is over."))
        if winner is not None and winner not in self.pupils:
            raise MoveRefused(_("{name} does not play in this game.").format(name=winner))
        self.ended = {"how": ENDED, "by": teacher, "winner": winner or ""}

    def withdraw(self, who: str) -> None:
        """The teacher took pupil ``who`` out of the tournament: they forfeit this game
        (the others win). ``MoveRefused`` when it is over or not theirs."""
        self.seat_of(who)
        if self.is_over:
            raise MoveRefused(_("The game is over."))
        self.ended = {"how": WITHDRAWN, "by": who}

    def decline(self, who: str) -> dict[str, Any]:
        """Pupil ``who``, put in the game by a classmate, says no to it before they have
        moved in it; their view after, or ``MoveRefused`` in words."""
        seat = self.seat_of(who)
        if self.is_over:
            raise MoveRefused(_("The game is over."))
        if self.tournament is not None:
            raise MoveRefused(
                _("A tournament's game cannot be declined: your teacher chose it. You can "
                  "resign it.")
            )  # fmt: skip
        if who == self.starter():
            raise MoveRefused(
                _("You started this game, so you cannot decline it: you can resign it.")
            )
        if any(entry.player == seat for entry in self.game.history):
            raise MoveRefused(
                _("You have played in this game already, so you cannot decline it: you can "
                  "resign it.")
            )  # fmt: skip
        self.ended = {"how": DECLINED, "by": who}
        return self.view_for(who)

    def starter(self) -> str | None:
        """Who started the game: the pupil recorded, or for a game kept before that was
        recorded, the first seat of a game that is not a tournament's."""
        if self.started_by is not None or self.tournament is not None:
            return self.started_by
        return self.pupils[0]

    def review_save(self) -> str:
        """The whole game for a pupil once it is over: the start as dealt, every move, and
        no seed that dealt anything (see the module docstring)."""
        if self.secret_deal:
            return str(self.game.save())
        data = json.loads(self.game.save())
        moves, data["history"] = data["history"], []
        real = load(json.dumps(data))
        data["seed"] = secrets.randbits(SEED_BITS)
        shown = load(json.dumps(data))
        for move in moves:  # the same game, up to a move the real seed mixed (an exchange)
            real.play(move)
            try:
                shown.play(move)
            except MathplayError:
                break
            if shown.state_key() != real.state_key():
                shown.undo()
                break
        return str(shown.save())

    def seat_of(self, who: str) -> int:
        """The seat of hub user ``who`` (``MoveRefused`` when they are not in the game)."""
        if who in self.pupils:
            return self.pupils.index(who)
        raise MoveRefused(_("This is not your game."))

    def _common(self) -> dict[str, Any]:
        game = self.game
        outcome = game.outcome
        return {
            "id": self.id,
            "game": self.name,
            "version": self.version,
            "size": game.board.size,
            "cells": list(game.board.cells),
            "players": [
                {"name": who, "score": int(score), "tiles": count}
                for who, score, count in zip(self.pupils, game.scores, game.view().hand_sizes)
            ],
            "to_move": None if self.is_over else self.pupils[game.to_move],
            "bag": game.bag_size,
            "moves": [
                {"by": self.pupils[entry.player], "move": entry.move, "score": entry.score}
                for entry in game.history
            ],
            "over": self.ended_words()
            or (None if outcome is None else outcome.describe(list(self.pupils))),
            "hints": self.hints,
            "seconds": self.seconds,
            "tournament": self.tournament,
            "started_by": self.starter(),
        }

    def view_for(self, who: str) -> dict[str, Any]:
        """What pupil ``who`` may see: everything in :meth:`watch` and their own tiles."""
        seat = self.seat_of(who)
        view = self._common()
        view["you"] = seat
        view["hand"] = list(self.game.view(seat).hand)
        if self.is_over:  # the whole game, for its review (no seed that dealt it)
            view["position"] = view["save"] = self.review_save()
        else:  # the unseen tiles dealt again (sorted first): any seed hides the real deal
            view["position"] = as_known_to(self.game, seat, seed=self.version).save()
        return view

    def watch(self) -> dict[str, Any]:
        """What a teacher or the projector sees: the game with no one's tiles (and the
        whole game once it is over)."""
        view = self._common()
        if self.is_over:
            view["save"] = self.review_save()
        return view

    def play(self, who: str, notation: object, version: object) -> dict[str, Any]:
        """Play pupil ``who``'s move ``notation`` on the board showing ``version``;
        their new view, or ``MoveRefused`` in words with the game unchanged. Both come
        from a board and are checked (a move is text, a version a whole number)."""
        seat = self.seat_of(who)
        game = self.game
        if isinstance(version, bool) or not isinstance(version, int) or version != self.version:
            raise MoveRefused(
                _("The game has moved on since your board was drawn: look again and play.")
            )
        if self.is_over:
            raise MoveRefused(_("The game is over."))
        if game.to_move != seat:
            raise MoveRefused(
                _("It is {name}'s turn, not yours.").format(name=self.pupils[game.to_move])
            )
        if not isinstance(notation, str) or not notation.strip() or len(notation) > MAX_NOTATION:
            raise MoveRefused(_("That is not a move."))
        try:
            game.play(notation)
        except MathplayError as error:  # the engine's reason; the game did not change
            raise MoveRefused(str(error)) from None
        if self.missed is not None:
            self.missed[seat] = 0
        return self.view_for(who)

    def pass_for_time(self, version: int) -> bool:
        """The pupil to move is out of time: the game passes for them (the game's own
        pass, so a game that ends by passes ends; a Mixmath turn with tiles already
        placed ends with them), and counts the turn missed: the :data:`MISSED_TURNS`-th
        turn in a row a pupil misses forfeits the game instead (the others win).
        ``False`` when the game is not at ``version`` any more, or is over, or has no
        time limit.

        >>> shared = SharedGame.new("g1", "summy", ["ana", "ben"], seed=3, size=9)
        >>> shared.seconds = 30
        >>> for _turn in range(2 * MISSED_TURNS - 1):
        ...     _ = shared.pass_for_time(shared.version)
        >>> shared.ended, shared.winners()
        ({'how': 'forfeited', 'by': 'ana'}, (1,))
        """
        if self.seconds is None or self.version != version or self.is_over:
            return False
        seat = self.game.to_move
        missed = self.missed if self.missed is not None else [0] * len(self.pupils)
        self.missed = missed
        if missed[seat] + 1 >= MISSED_TURNS:
            self.ended = {"how": FORFEITED, "by": self.pupils[seat]}
            return True
        missed[seat] += 1
        try:
            self.game.play("pass")
        except MathplayError:  # a Mixmath turn with tiles placed: it ends as it is
            self.game.play("end")
        return True

    def record(self) -> str:
        """The game as text for the service's database."""
        data: dict[str, Any] = {
            "id": self.id,
            "game": self.name,
            "pupils": list(self.pupils),
            "save": self.game.save(),
        }
        if not self.hints:
            data["hints"] = False
        if self.seconds is not None:
            data["seconds"] = self.seconds
        if self.tournament is not None:
            data["tournament"] = self.tournament
        if self.started_by is not None:
            data["started_by"] = self.started_by
        if self.secret_deal:
            data["secret_deal"] = True
        if self.ended is not None:
            data["ended"] = dict(self.ended)
        if self.missed is not None and any(self.missed):
            data["missed"] = list(self.missed)
        return json.dumps(data)

    @classmethod
    def from_record(cls, text: str) -> SharedGame:
        """A game back from :meth:`record`'s text, every move replayed and checked."""
        try:
            data = json.loads(text)
            game = load(data["save"])
            shared = cls(str(data["id"]), describe(data["game"]).name, (), game)
            shared.pupils = _checked_pupils(data["pupils"])
            shared.hints = bool(data.get("hints", True))
            seconds = data.get("seconds")
            shared.seconds = None if seconds is None else int(seconds)
            tournament = data.get("tournament")
            shared.tournament = None if tournament is None else str(tournament)
            started_by = data.get("started_by")
            shared.started_by = None if started_by is None else str(started_by)
            shared.secret_deal = data.get("secret_deal") is True
            ended = data.get("ended")
            if ended is not None:
                shared.ended = _checked_end(ended, shared.pupils)
            missed = data.get("missed")
            if missed is not None:
                if len(missed) != len(shared.pupils) or not all(
                    isinstance(n, int) and 0 <= n < MISSED_TURNS for n in missed
                ):
                    raise ValueError("'missed' is a count of turns for each pupil")
                shared.missed = [int(n) for n in missed]
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise SaveFileError(
                _("this is not a saved game between pupils: {error}").format(error=error)
            ) from None
        if len(shared.pupils) != game.players or describe(game).name != shared.name:
            raise SaveFileError(_("this is not a saved game between pupils"))
        return shared


def _checked_end(ended: Any, pupils: tuple[str, ...]) -> dict[str, str]:
    """A record's ``ended``, checked: how (a known end), by whom, and for the teacher's
    end the pupil they gave the game to (or ``""``)."""
    how = ended.get("how")
    by = ended.get("by")
    if how == ENDED:
        winner = ended.get("winner") or ""
        if not isinstance(by, str) or not by or (winner and winner not in pupils):
            raise ValueError("'ended' is not a game the teacher ended")
        return {"how": ENDED, "by": by, "winner": str(winner)}
    if how not in (RESIGNED, DECLINED, FORFEITED, WITHDRAWN) or by not in pupils:
        raise ValueError("'ended' is not a game ended by one of its pupils")
    return {"how": str(how), "by": str(by)}


def _checked_pupils(pupils: Sequence[str]) -> tuple[str, ...]:
    if isinstance(pupils, str) or not all(isinstance(who, str) for who in pupils):
        raise MathplayError(_("the pupils are a list of hub names, like ['ana', 'ben']"))
    seats = tuple(pupils)
    if not 2 <= len(seats) <= 4:
        raise MathplayError(
            _("a game between pupils has 2 to 4 pupils, not {n}").format(n=len(seats))
        )
    if len(set(seats)) != len(seats) or any(not who or len(who) > MAX_NAME for who in seats):
        raise MathplayError(_("the pupils of a game are different hub names"))
    return seats
