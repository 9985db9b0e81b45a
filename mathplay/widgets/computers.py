# mypy: disable-error-code="misc"
# (the mixin methods are typed with `self: BoardWidget`, the class they are mixed into)
"""Computer seats: they move by themselves, in a thread, with a visible "thinking…" state.

A computer thinks on a copy of the game; its moves are then replayed on the real game
under the board's lock, so the board never shows half a turn and stays responsive
(clicks meanwhile get a short "wait" message and change nothing).
"""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.widgets.seats import make_computer
from mathplay.widgets.words import friendly_error, turn_text

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["ComputerSeats"]


class ComputerSeats:
    """Mixed into ``BoardWidget``: running the computer seats."""

    _worker: threading.Thread | None

    def wait(self: BoardWidget, timeout: float = 60.0) -> None:
        """Block until the computer seats have moved (for tests and scripts)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def _human_turn(self: BoardWidget) -> bool:
        return not self.game.is_over and self.seats[self.game.to_move] == "human"

    def _start_computers(self: BoardWidget) -> None:
        if self.game.is_over or self.seats[self.game.to_move] == "human":
            return
        self._thinking = True  # set before any click can be handled: clicks wait
        if self.threaded:
            worker = threading.Thread(target=self._computers_move, daemon=True)
            self._worker = worker
            worker.start()
        else:
            self._computers_move()

    def _computers_move(self: BoardWidget) -> None:
        """Computer seats think on a copy of the game, then their moves are replayed on
        the real one under the lock, so the board never shows half a turn."""
        game = self.game
        while not game.is_over and self.seats[game.to_move] != "human" and game is self.game:
            seat = game.to_move
            name = self._names()[seat]
            self._thinking = True
            self._say(_("{name} is thinking…").format(name=name), "thinking")
            if self.pause:
                time.sleep(self.pause)
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
                return
            self._thinking = False
            entries = game.history[before:]
            self._moved(entries)
            self._after_move(turn_text(self.game_name, name, [(e.move, e.score) for e in entries]))
        self._thinking = False

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
