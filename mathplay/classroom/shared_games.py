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
- :meth:`SharedGame.record` and :meth:`SharedGame.from_record` keep it as text (the
  engine's save, replayed and checked on reading), for a database.

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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mathplay.core import load
from mathplay.core.known import as_known_to
from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError, SaveFileError
from mathplay.games.registry import describe
from mathplay.i18n import _

__all__ = ["MAX_NOTATION", "NOT_CLASSMATES", "MoveRefused", "SharedGame"]

#: The kind of a game service's refusal (``"kind"`` in its answer) when a pupil asks for a
#: game with someone in none of their classes: the pupil's kernel tells it apart by this,
#: not by the words, which may be in any language.
NOT_CLASSMATES = "not-classmates"

#: The longest move a board may send (the longest real move is about 60 characters).
MAX_NOTATION = 200
#: The longest hub user name kept.
MAX_NAME = 100


class MoveRefused(MathplayError):
    """A move the service will not play, with the reason in words for the pupil."""


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

    @classmethod
    def new(
        cls, game_id: str, name: str, pupils: Sequence[str], seed: int = 0, **options: Any
    ) -> SharedGame:
        """A new game of ``name`` between ``pupils`` (2 to 4 different hub users, in seat
        order), dealt from ``seed`` with the game's ``options``."""
        info = describe(name)
        seats = _checked_pupils(pupils)
        game = info.cls(players=len(seats), seed=seed, **options)
        return cls(str(game_id), info.name, seats, game)

    @property
    def version(self) -> int:
        """How many moves have been played: a board sends the version it shows."""
        return int(self.game.ply)

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
            "to_move": None if outcome is not None else self.pupils[game.to_move],
            "bag": game.bag_size,
            "moves": [
                {"by": self.pupils[entry.player], "move": entry.move, "score": entry.score}
                for entry in game.history
            ],
            "over": None if outcome is None else outcome.describe(list(self.pupils)),
            "hints": self.hints,
            "seconds": self.seconds,
            "tournament": self.tournament,
        }

    def view_for(self, who: str) -> dict[str, Any]:
        """What pupil ``who`` may see: everything in :meth:`watch` and their own tiles."""
        seat = self.seat_of(who)
        view = self._common()
        view["you"] = seat
        view["hand"] = list(self.game.view(seat).hand)
        # The unseen tiles are dealt again (sorted first): any seed hides the real deal.
        view["position"] = as_known_to(self.game, seat, seed=self.version).save()
        if self.game.is_over:
            view["save"] = self.game.save()
        return view

    def watch(self) -> dict[str, Any]:
        """What a teacher or the projector sees: the game with no one's tiles (and the
        whole game once it is over)."""
        view = self._common()
        if self.game.is_over:
            view["save"] = self.game.save()
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
        if game.is_over:
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
        return self.view_for(who)

    def pass_for_time(self, version: int) -> bool:
        """The pupil to move is out of time: the game passes for them (the game's own
        pass, so a game that ends by passes ends; a Mixmath turn with tiles already
        placed ends with them). ``False`` when the game is not at
        ``version`` any more, or is over, or has no time limit."""
        if self.seconds is None or self.version != version or self.game.is_over:
            return False
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
        except (KeyError, TypeError, ValueError) as error:
            raise SaveFileError(
                _("this is not a saved game between pupils: {error}").format(error=error)
            ) from None
        if len(shared.pupils) != game.players or describe(game).name != shared.name:
            raise SaveFileError(_("this is not a saved game between pupils"))
        return shared


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
