"""Computer seats: they move by themselves, in the background, with a visible
"thinking…" state.

A computer thinks on a copy of the game; its moves are then replayed on the real game
under the board's lock, so the board never shows half a turn and stays responsive
(clicks meanwhile get a short "wait" message and change nothing).

In the background means in a thread where Python has threads, and on the kernel's event
loop where it has none (Pyodide, in JupyterLite): "thinking…" is said first, then each
computer turn runs as one callback of the loop (``loop.call_later``), so the page shows
the message before the computer thinks and the kernel handles other messages between
two computer turns. ``threaded=False`` moves at once, before the call returns.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
import zlib
from typing import TYPE_CHECKING, Any

from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.widgets.board_words import friendly_error, turn_text
from mathplay.widgets.seats import is_computer, make_computer

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["ComputerSeats", "running_loop", "threads_work"]

#: The shortest wait before a computer turn on the event loop: time for the page to get
#: the "thinking…" message first.
LOOP_DELAY = 0.05


def threads_work() -> bool:
    """Whether this Python can start threads (not in Pyodide, where there are none)."""
    return sys.platform != "emscripten"


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop to schedule computer turns on (the kernel's), or ``None``.

    In Pyodide the browser's loop (``WebLoop``) always runs callbacks, so it is taken
    even when it is not marked running; elsewhere only a running loop will ever run them.
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform != "emscripten":
        return None
    try:  # pragma: no cover - Pyodide only
        return asyncio.get_event_loop()
    except RuntimeError:  # pragma: no cover
        return None


class ComputerSeats:
    """A part of :class:`~mathplay.widgets.base.BoardWidget`: runs its computer seats.

    It keeps the computer players (one per seat, made on their first turn, seeded from
    the game's seed so that a game replays) and the thread a computer thinks in.
    """

    def __init__(self, board: BoardWidget) -> None:
        self.board = board
        self.worker: threading.Thread | None = None
        self.players: dict[int, Any] = {}

    def new_game(self) -> None:
        """A new game on the board: new players for its seats."""
        self.players = {}

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the computer seats have moved."""
        worker = self.worker
        if worker is not None:
            worker.join(timeout)

    def start(self) -> None:
        """Let the computer seats move, if one is to move now."""
        board = self.board
        if board.game.is_over or not is_computer(board.seats[board.game.to_move]):
            board._search.start()  # the pupil thinks: the new position is searched
            return
        board._thinking = True  # set before any click can be handled: clicks wait
        if not board.threaded:
            self._move()
            return
        if threads_work():
            worker = threading.Thread(target=self._move, daemon=True, name="mathplay-computer")
            self.worker = worker
            try:
                worker.start()
                return
            except RuntimeError:  # "can't start new thread": use the loop instead
                self.worker = None
        self._schedule_turn(board.game)

    def _to_move(self, game: AnyGame) -> bool:
        board = self.board
        return not game.is_over and is_computer(board.seats[game.to_move]) and game is board.game

    def _move(self) -> None:
        """Computer seats think on a copy of the game, then their moves are replayed on
        the real one under the lock, so the board never shows half a turn."""
        board = self.board
        game = board.game
        while self._to_move(game):
            self._say_thinking(game)
            if board.pause:
                time.sleep(board.pause)
            if not self._one_turn(game):
                return
        board._thinking = False
        board._search.start()

    def _say_thinking(self, game: AnyGame) -> None:
        board = self.board
        board._thinking = True
        name = board._names()[game.to_move]
        board._say(_("{name} is thinking…").format(name=name), "thinking")

    def _schedule_turn(self, game: AnyGame) -> None:
        """The next computer turn as a callback of the event loop (no threads here)."""
        loop = running_loop()
        if loop is None:  # no loop either: move now
            self._move()
            return
        self._say_thinking(game)
        loop.call_later(max(self.board.pause, LOOP_DELAY), self._loop_turn, game)

    def _loop_turn(self, game: AnyGame) -> None:
        if not self._to_move(game):  # a New game or Undo came first
            if game is self.board.game:
                self.board._thinking = False
            return
        if self._one_turn(game) and self._to_move(game):
            self._schedule_turn(game)
        elif not self.board._thinking:
            self.board._search.start()

    def _one_turn(self, game: AnyGame) -> bool:
        """One computer seat's whole turn on ``game``; ``False`` if it could not move."""
        board = self.board
        seat = game.to_move
        name = board._names()[seat]
        try:
            player = self.players.get(seat)
            if player is None:
                seed = _number(getattr(game, "seed", 0)) * 10 + seat  # replayable
                player = make_computer(board.seats[seat], seed=seed)
                self.players[seat] = player
            played = player.play_turn(game.copy())
            with board._lock:
                before = game.ply
                for notation in played:
                    game.play(notation)
        except (MathplayError, ImportError) as error:
            board._thinking = False
            board._say(
                _("The computer could not move: {error}").format(error=friendly_error(error)),
                "error",
            )
            return False
        board._thinking = False
        entries = game.history[before:]
        board._moved(entries)
        board._turns.after_move(
            turn_text(board.game_name, name, [(e.move, e.score) for e in entries])
        )
        return True


def _number(seed: int | str) -> int:
    """A game's seed as a number for its computer players (a text seed, ``"class-3a"``,
    gives the same number every time)."""
    if isinstance(seed, int):
        return seed
    return zlib.crc32(str(seed).encode("utf-8"))
