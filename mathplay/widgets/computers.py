# mypy: disable-error-code="misc"
# (the mixin methods are typed with `self: BoardWidget`, the class they are mixed into)
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
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.widgets.board_words import friendly_error, turn_text
from mathplay.widgets.seats import make_computer

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["ComputerSeats", "threads_work"]

#: The shortest wait before a computer turn on the event loop: time for the page to get
#: the "thinking…" message first.
LOOP_DELAY = 0.05


def threads_work() -> bool:
    """Whether this Python can start threads (not in Pyodide, where there are none)."""
    return sys.platform != "emscripten"


def _running_loop() -> asyncio.AbstractEventLoop | None:
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
    """Mixed into ``BoardWidget``: running the computer seats."""

    _worker: threading.Thread | None

    def wait(self: BoardWidget, timeout: float = 60.0) -> None:
        """Block until the computer seats have moved (for tests and scripts; a board
        on the event loop moves as the loop runs, see :meth:`moves_pending`)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    @property
    def moves_pending(self: BoardWidget) -> bool:
        """Whether a computer seat is still to move (it is thinking, or scheduled)."""
        return self._thinking

    def _human_turn(self: BoardWidget) -> bool:
        return not self.game.is_over and self.seats[self.game.to_move] == "human"

    def _start_computers(self: BoardWidget) -> None:
        if self.game.is_over or self.seats[self.game.to_move] == "human":
            return
        self._thinking = True  # set before any click can be handled: clicks wait
        if not self.threaded:
            self._computers_move()
            return
        if threads_work():
            worker = threading.Thread(target=self._computers_move, daemon=True)
            self._worker = worker
            try:
                worker.start()
                return
            except RuntimeError:  # "can't start new thread": use the loop instead
                self._worker = None
        self._schedule_turn(self.game)

    def _computer_to_move(self: BoardWidget, game: AnyGame) -> bool:
        return not game.is_over and self.seats[game.to_move] != "human" and game is self.game

    def _computers_move(self: BoardWidget) -> None:
        """Computer seats think on a copy of the game, then their moves are replayed on
        the real one under the lock, so the board never shows half a turn."""
        game = self.game
        while self._computer_to_move(game):
            self._say_thinking(game)
            if self.pause:
                time.sleep(self.pause)
            if not self._one_turn(game):
                return
        self._thinking = False

    def _say_thinking(self: BoardWidget, game: AnyGame) -> None:
        self._thinking = True
        name = self._names()[game.to_move]
        self._say(_("{name} is thinking…").format(name=name), "thinking")

    def _schedule_turn(self: BoardWidget, game: AnyGame) -> None:
        """The next computer turn as a callback of the event loop (no threads here)."""
        loop = _running_loop()
        if loop is None:  # no loop either: move now
            self._computers_move()
            return
        self._say_thinking(game)
        loop.call_later(max(self.pause, LOOP_DELAY), self._loop_turn, game)

    def _loop_turn(self: BoardWidget, game: AnyGame) -> None:
        if not self._computer_to_move(game):  # a New game or Undo came first
            if game is self.game:
                self._thinking = False
            return
        if self._one_turn(game) and self._computer_to_move(game):
            self._schedule_turn(game)

    def _one_turn(self: BoardWidget, game: AnyGame) -> bool:
        """One computer seat's whole turn on ``game``; ``False`` if it could not move."""
        seat = game.to_move
        name = self._names()[seat]
        try:
            player = self._computers.get(seat)
            if player is None:
                seed = _number(getattr(game, "seed", 0)) * 10 + seat  # replayable
                player = make_computer(self.seats[seat], seed=seed)
                self._computers[seat] = player
            played = player.play_turn(game.copy())
            with self._lock:
                before = game.ply
                for notation in played:
                    game.play(notation)
        except (MathplayError, ImportError) as error:
            self._thinking = False
            self._say(
                _("The computer could not move: {error}").format(error=friendly_error(error)),
                "error",
            )
            return False
        self._thinking = False
        entries = game.history[before:]
        self._moved(entries)
        self._after_move(turn_text(self.game_name, name, [(e.move, e.score) for e in entries]))
        return True

    def _moved(self: BoardWidget, entries: Sequence[Any]) -> None:
        for entry in entries:
            for callback in list(self._callbacks):
                callback(self, entry)


def _number(seed: int | str) -> int:
    """A game's seed as a number for its computer players (a text seed, ``"class-3a"``,
    gives the same number every time)."""
    if isinstance(seed, int):
        return seed
    return zlib.crc32(str(seed).encode("utf-8"))
