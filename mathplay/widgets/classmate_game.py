"""A part of the board: playing a classmate on another machine, through the class's
game service (``mathplay.play_with``).

The real game lives on the service (:mod:`mathplay.hub.games`), which checks every move
with the engine. The board plays on the game as this pupil may know it (the view's
``position``: their own tiles, the others' made up, see :mod:`mathplay.core.known`), so
it draws, checks a move before sending it and gives hints as for any game; a move the
pupil makes is **sent** (:meth:`ClassmateGame.submit`), and the board is drawn again from
the service's answer. While the other pupil thinks, a thread waits for their move (the
service answers as soon as it is made) and draws it; a lost connection is said on the
board and tried again until it comes back; a reload of the page draws the board as the
kernel has it. Once the game is over the service sends the whole game (the start as
dealt, never the seed that dealt it): the review works as after any game, and the service
has put the game into both pupils' records.

While the game goes on the board has a **Resign** button (the others win), and a
**Decline** button for a pupil a classmate put in the game, until they have moved in it;
each asks to be pressed again before it is sent. A game a pupil resigned or declined is
over on both boards, with the service's words.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mathplay.classroom.game_service import GameService, GameServiceError, MoveRefused
from mathplay.core import load
from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError, without_rule_ids
from mathplay.i18n import _
from mathplay.widgets.board_words import friendly_error, log_line, turn_text
from mathplay.widgets.computers import threads_work
from mathplay.widgets.seats import CLASSMATE

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["ClassmateGame", "game_of", "join", "newest_going_on"]

#: The newest ``ClassmateGame`` of each game and seat in this kernel.
_NEWEST: dict[tuple[str, int], ClassmateGame] = {}
_NEWEST_LOCK = threading.Lock()
#: Seconds between tries while the service cannot be reached (doubling up to the last).
RETRY_FIRST, RETRY_LONGEST = 1.0, 10.0
#: The buttons a game with a classmate does not have while it goes on (a move is sent
#: at once: there is nothing to take back, a new game would leave the classmate, and the
#: review comes at the end, when the whole game is known).
NOT_IN_A_SHARED_GAME = ("undo", "new", "review")
#: The buttons that end a game with a classmate before its end (pressed twice).
ENDING = ("resign", "decline")


def game_of(view: dict[str, Any]) -> AnyGame:
    """The game the board plays on, from the service's view: the whole game once it is
    over, else the game as the pupil may know it."""
    text = view.get("save") or view.get("position")
    if not isinstance(text, str):
        raise GameServiceError(_("The class's game service sent a game mathplay cannot read."))
    game: AnyGame = load(text)
    return game


class ClassmateGame:
    """The board's link to its game on the service (see the module docstring)."""

    def __init__(self, board: BoardWidget, service: GameService, view: dict[str, Any]) -> None:
        self.board = board
        self.service = service
        self.id = str(view["id"])
        self.you = int(view["you"])
        self.version = int(view["version"])
        self.moves: list[dict[str, Any]] = list(view.get("moves", []))
        self.pupils = [str(p.get("name", "")) for p in view.get("players", [])]
        self.over = bool(view.get("over"))
        #: The service's words for the end, when a pupil resigned or declined the game.
        self.ended: str | None = None
        #: Who started the game (``None``: a tournament's).
        self.started_by = view.get("started_by")
        #: The ending button pressed once, waiting to be pressed again.
        self.confirming: str | None = None
        #: Whether the board gives hints (a tournament may switch them off).
        self.hints = view.get("hints", True) is not False
        #: The tournament the game is part of: once over, the board goes on to the next.
        self.tournament = view.get("tournament")
        #: The seconds this pupil had left for their move when the service last said.
        self.seconds_left: int | None = None
        #: The service's words while the teacher has paused the tournament, else None.
        self.paused: str | None = None
        #: Whether the last call to the service failed (the board says so).
        self.lost = False
        self.stopped = False
        self.listener: threading.Thread | None = None
        #: Held while a move is on its way (a second Enter waits).
        self._sending = threading.Lock()
        # The newest board of a game in this kernel is the one that listens (a pupil who
        # runs the cell again gets a new board; the old one stops asking).
        with _NEWEST_LOCK:
            older = _NEWEST.get((self.id, self.you))
            if older is not None:
                older.stop()
            _NEWEST[(self.id, self.you)] = self

    # --- what the board asks --------------------------------------------------------------

    def submit(self, notation: str) -> bool:
        """Send the pupil's move; on refusal say why, and change nothing."""
        board = self.board
        if self.ended is not None:
            board._say(self.ended, "over")
            return False
        if not self._sending.acquire(blocking=False):  # a second Enter while sending
            board._say(_("Wait: your move is on its way…"), "error")
            return False
        try:
            # Checked here first, as on any board: the reason in the pupil's language and
            # plain words (the service's answer is in English, for the record).
            board.game.check_move(notation)
        except MathplayError as error:
            self._sending.release()
            board._say(friendly_error(error), "error")
            return False
        try:
            view = self.service.move(self.id, notation, self.version)
        except MoveRefused as error:
            board._say(without_rule_ids(str(error)), "error")
            self._look_again(str(error))
            return False
        except GameServiceError as error:
            board._say(str(error), "error")
            return False
        finally:
            self._sending.release()
        self.apply(view)
        self.listen()
        return True

    def log(self, names: list[str]) -> list[str]:
        """The move log from the service's moves (the board's game knows only the turn in
        progress)."""
        by_name = dict(zip(self.pupils, names))
        game_name = self.board.game_name
        return [
            f"{number}. "
            + log_line(game_name, by_name.get(str(move.get("by")), "?"), str(move.get("move")),
                       int(move.get("score", 0)))
            for number, move in enumerate(self.moves, start=1)
        ]  # fmt: skip

    def view(self, data: dict[str, Any]) -> dict[str, Any]:
        """The board's view while playing a classmate: the service's move log; no Undo or
        New game while the game goes on."""
        if self.over:
            return data
        data["log"] = self.log(self.board._names())[-200:]
        if self.seconds_left is not None and self.board.game.to_move == self.you:
            # A tournament's time per move, counted down on the page from the service's
            # figure (started again whenever the service gives a new one).
            data["countdown"] = {
                "seconds": self.seconds_left,
                "key": f"{self.version}:{self.seconds_left}",
                "label": _("Time left for this move:"),
                "soon": _("10 seconds left for this move."),
            }
        hidden = NOT_IN_A_SHARED_GAME if self.hints else (*NOT_IN_A_SHARED_GAME, "hint")
        data["buttons"] = [b for b in data["buttons"] if b["id"] not in hidden]
        for action in ENDING:
            if action == "resign" or self.may_decline():
                data["buttons"].append({"id": action, "label": _ending_label(action),
                                        "enabled": not self.lost, "pressed": False})  # fmt: skip
        return data

    def may_decline(self) -> bool:
        """Whether this pupil may decline the game: a classmate put them in it (not a
        tournament), and they have not moved in it yet."""
        me = self.pupils[self.you] if self.you < len(self.pupils) else None
        return (
            not self.over
            and self.tournament is None
            and self.started_by not in (None, me)
            and not any(str(move.get("by")) == me for move in self.moves)
        )

    def end(self, action: str) -> bool:
        """Resign or decline (``action``) once it was pressed twice: the game over on the
        board with the service's words, or a refusal said."""
        if self.confirming != action:
            self.confirming = action
            others = ", ".join(n for i, n in enumerate(self.pupils) if i != self.you)
            self.board._say(
                _("Press Resign again to give the game up: {names} win it.").format(names=others)
                if action == "resign"
                else _("Press Decline again to say no to this game: it ends, and nobody wins."),
                "error",
            )  # fmt: skip
            return False
        self.confirming = None
        try:
            view = (
                self.service.resign(self.id)
                if action == "resign"
                else self.service.decline(self.id)
            )
        except MathplayError as error:  # MoveRefused, GameServiceError
            self.board._say(str(error), "error")
            return False
        self.apply(view)
        return True

    def names(self) -> list[str]:
        """The players' names: "You" for this pupil, the others' hub names."""
        return [
            _("You") if seat == self.you else (name or "?")[:24]
            for seat, name in enumerate(self.pupils)
        ]

    def refuses(self, action: str) -> bool:
        """Whether ``action`` is not for a game with a classmate now (and say so); the
        ending buttons are done here."""
        if action in ENDING and not self.over:
            self.end(action)
            return True
        self.confirming = None
        if self.ended is not None and action != "new":  # resigned or declined: nothing to do
            self.board._say(self.ended, "over")
            return True
        if action == "hint" and not self.hints and not self.over:
            self.board._say(_("There are no hints in this game: it is a tournament."), "error")
            return True
        if self.over or action not in NOT_IN_A_SHARED_GAME:
            return False
        self.board._say(
            _("Not while you play a classmate: the game goes on until it is over."), "error"
        )
        return True

    def stop(self) -> None:
        """Stop waiting for moves (the board is closed or plays something else)."""
        self.stopped = True

    # --- the game from the service ------------------------------------------------------

    def apply(self, view: dict[str, Any], first: str = "") -> None:
        """Draw the board from the service's ``view`` and say what happened (after
        ``first``, words to say before it)."""
        board = self.board
        try:
            game = game_of(view)
        except MathplayError as error:
            board._say(str(error), "error")
            return
        new = list(view.get("moves", []))[len(self.moves) :]
        same_turn = not new and game.ply == board.game.ply and not view.get("over")
        with board._lock:
            board.game = game
            self.version = int(view["version"])
            self.moves = list(view.get("moves", []))
            self.over = bool(view.get("over"))
            # Over on the service, not on the board: a pupil resigned or declined it.
            self.ended = str(view["over"]) if self.over and not game.is_over else None
            left = view.get("seconds_left")
            self.seconds_left = left if isinstance(left, int) else None
            paused = view.get("paused")
            self.paused = paused[:300] if isinstance(paused, str) and paused else None
        words = " ".join(filter(None, [first, self._said(new, game)]))
        if same_turn:  # nothing played (a pause, a resume): tiles being placed stay
            board._say(words)
        else:
            board._turns.after_move(words)
        if self.ended is not None:
            board._say(self.ended, "over")
        board._computer_seats.start()  # no computer here: the pupil's turn is searched

    def _said(self, new: list[dict[str, Any]], game: AnyGame) -> str:
        """What the board says after the service's answer: the moves made, whose turn."""
        names = self.board._names()
        by_name = dict(zip(self.pupils, names))
        parts = []
        mover = None
        for move in new:
            mover = str(move.get("by"))
        if mover is not None:
            moves = [(str(m.get("move")), int(m.get("score", 0))) for m in new]
            name = by_name.get(mover, mover)
            if len(moves) == 1:
                parts.append(log_line(self.board.game_name, name, *moves[0]) + ".")
            else:
                parts.append(turn_text(self.board.game_name, name, moves))
        if self.paused is not None and not game.is_over and not self.over:
            parts.append(self.paused)
        elif not game.is_over and not self.over:
            if game.to_move == self.you:
                parts.append(_("It is your turn."))
                if self.seconds_left is not None:
                    parts.append(
                        _("You have {n} seconds for this move.").format(n=self.seconds_left)
                    )
            else:
                parts.append(
                    _("{name} is thinking: their move appears here as soon as it is made.")
                    .format(name=names[game.to_move])
                )  # fmt: skip
        return " ".join(parts)

    def _look_again(self, refusal: str) -> None:
        """After a refusal: draw the game as it is now (the other pupil may have moved),
        still saying why the move was refused."""
        try:
            view = self.service.view(self.id)
        except GameServiceError:
            return
        if int(view.get("version", self.version)) != self.version:
            self.apply(view, first=refusal)

    # --- waiting for the other pupil ------------------------------------------------------

    def listen(self) -> None:
        """Wait for the other pupils' moves in a thread of its own, until the game is over
        (while it is this pupil's turn, the thread waits for their move)."""
        if self.stopped or not threads_work() or (self.over and self.tournament is None):
            return
        if self.listener is not None and self.listener.is_alive():
            return
        self.listener = threading.Thread(
            target=self._wait_for_moves, daemon=True, name="mathplay-classmate"
        )
        self.listener.start()

    def _wait_for_moves(self) -> None:
        self._wait_for_the_end()
        if self.over and self.tournament is not None:
            self._wait_for_the_next_round()

    def _wait_for_the_next_round(self) -> None:
        """After a tournament game: find this pupil's game of the next round, and go on
        to it (once the pupil has left the review, if they are in it)."""
        pause = RETRY_FIRST
        while not self.stopped and self.board._classmate is self:
            time.sleep(pause)
            pause = min(pause * 2, RETRY_LONGEST / 2)
            if self.board._review_mode.review is not None:
                continue  # the pupil reads the review: the next game waits for them
            try:
                games = self.service.games()
                mine = self.tournament
                going_on = [g for g in games if g.get("tournament") == mine and not g.get("over")]
                if not going_on:
                    continue
                view = self.service.view(str(going_on[0]["id"]))
                game = game_of(view)
            except MathplayError:
                continue
            if self.stopped or self.board._classmate is not self:
                return
            board = self.board
            board._leave_classmate()
            board._setup(game, seats_for(view, game.players))
            attach(board, self.service, view)
            return

    def _wait_for_the_end(self) -> None:
        pause = RETRY_FIRST
        # The board waits on the pupil's own turn too: the teacher may pause the
        # tournament, or the service's clock pass for a pupil out of time.
        while not self.stopped and not self.over and self.board._classmate is self:
            try:
                view = self.service.view(self.id, version=None if self.lost else self.version)
            except GameServiceError as error:
                if not self.lost:
                    self.lost = True
                    self.board._say(str(error), "error")
                time.sleep(pause)
                pause = min(pause * 2, RETRY_LONGEST)
                continue
            pause = RETRY_FIRST
            version = int(view.get("version", self.version))
            paused = view.get("paused") or None
            paused = paused[:300] if isinstance(paused, str) else None
            # Never an older view than the board's (its own move may have come back
            # first); the same version when the tournament was paused or resumed.
            if (
                self.lost
                or version > self.version
                or (version == self.version and paused != self.paused)
            ):
                self.apply(view)
                self.lost = False


def join(board: BoardWidget, classmates: Sequence[str], service: GameService | None = None) -> bool:
    """Put on ``board`` its kind of game with ``classmates`` (hub names): the one going
    on with exactly them, or a new one with the options of the game on the board (its
    size); with no name, the pupil's newest game of this kind going on (a tournament's).
    ``False``, with words on the board, when it cannot be had (the board's game stays)."""
    options = {"size": board.game.board.size} if "size" in _option_names(board) else {}
    names = [o.strip() for o in classmates if isinstance(o, str) and o.strip()]
    try:
        link = service or GameService()
        if names:
            view = link.start(board.game_name, names, options=options)
        else:
            view = link.view(newest_going_on(link, board.game_name))
        played = game_of(view)
        if view.get("game") != board.game_name:
            raise MathplayError(_("The class's game service sent a game mathplay cannot read."))
    except MathplayError as error:
        board._say(str(error), "error")
        return False
    board._leave_classmate()
    board._setup(played, seats_for(view, played.players))
    attach(board, link, view)
    return True


def _ending_label(action: str) -> str:
    return _("Resign") if action == "resign" else _("Decline")


def seats_for(view: dict[str, Any], players: int) -> list[str]:
    return ["human" if seat == view["you"] else CLASSMATE for seat in range(players)]


def _option_names(board: BoardWidget) -> set[str]:
    return {str(field.get("name")) for field in board.option_fields()}


def attach(board: BoardWidget, link: GameService, view: dict[str, Any]) -> None:
    board._classmate = ClassmateGame(board, link, view)
    board._classmate.apply(view)
    board._classmate.listen()


def newest_going_on(link: GameService, kind: str | None = None) -> str:
    """The id of the pupil's newest game (of ``kind``, if given) that is not over; words
    if there is none."""
    for listed in link.games():
        if not listed.get("over") and (kind is None or listed.get("game") == kind):
            return str(listed["id"])
    raise MathplayError(
        _(
            "You have no game with a classmate going on. Ask a classmate to play, or wait "
            "for your teacher to start the tournament."
        )
    )
