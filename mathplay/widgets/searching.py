"""A part of the board: it searches each new position of the game exactly, in the
background, while the pupil thinks.

Why: the review compares every turn with the best move there was, and an exact search of
a Binary position can take most of a second; a hint must answer at once and searches
within a budget. Searched as the game goes (:func:`mathplay.ai.best.search_positions`),
the next hint finds the exact best move ready (it is then the best, and the review will
say the same), and the review at the end of the game takes a blink instead of seconds.

It never slows a computer seat: it searches only while no computer is thinking, and
stops between two positions as soon as one starts (the computer seats start it again
when they are done). It works on copies of the game, so the game is never touched.

It runs in a thread. Where Python has none (Pyodide, on the website) it does not run: one
exact search of a Binary position can take seconds there, and on the kernel's event loop
it would hold up the pupil's next click that long. There, as on a board made with
``threaded=False`` (tests, scripts), the review searches what it needs when asked (and
says "Looking at every turn of the game…" first), and a hint cut short by its budget says
its move may not be the best.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from mathplay.ai.best import search_positions
from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError
from mathplay.widgets import computers

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["BackgroundSearch"]


class BackgroundSearch:
    """A part of :class:`~mathplay.widgets.base.BoardWidget`: the positions of its game
    searched exactly in the background (see the module docstring)."""

    def __init__(self, board: BoardWidget) -> None:
        self.board = board
        self.worker: threading.Thread | None = None
        self._lock = threading.Lock()
        self._running = False
        self._again = False

    def start(self) -> None:
        """Search the positions not searched yet, unless a computer is thinking."""
        board = self.board
        if not board.threaded or board._thinking:
            return
        with self._lock:
            if self._running:  # the search going on looks again once done
                self._again = True
                return
            self._running = True
        if computers.threads_work():
            worker = threading.Thread(target=self._run, daemon=True, name="mathplay-search")
            self.worker = worker
            try:
                worker.start()
                return
            except RuntimeError:  # "can't start new thread": not searched in the background
                self.worker = None
        self._done()  # no threads (Pyodide): not searched in the background

    def wait(self, timeout: float = 120.0) -> None:
        """Block until the background search is done (for tests and scripts)."""
        worker = self.worker
        if worker is not None:
            worker.join(timeout)

    def _stopped(self, game: AnyGame, ply: int) -> bool:
        """Whether to stop between two positions: a computer thinks, the board is closed,
        or the board shows another game or a newer position than the one being searched."""
        board = self.board
        return board._thinking or board.comm is None or board.game is not game or game.ply != ply

    def _snapshot(self) -> tuple[AnyGame, AnyGame, int]:
        board = self.board
        with board._lock:
            game = board.game
            return game, game.copy(), game.ply

    def _run(self) -> None:
        while True:
            self._search_once()
            if self._done():
                return

    def _search_once(self, limit: int | None = None) -> int:
        """Search the positions of the board's game now, up to ``limit`` of them; how
        many were searched (0 when an error stops it: the review will search, and say
        why, if it must)."""
        game, copy, ply = self._snapshot()
        if self._stopped(game, ply):
            return 0
        try:
            return search_positions(copy, stop=lambda: self._stopped(game, ply), limit=limit)
        except (MathplayError, ImportError):
            return 0

    def _done(self) -> bool:
        """``True`` when nothing is left to do; ``False`` when a new position came (the
        search goes on)."""
        with self._lock:
            if self._again and not self.board._thinking:
                self._again = False
                return False
            self._running = False
            self._again = False
            return True
