"""Boards waiting for a game to change, watched by one task per game.

``GET api/games/ID?version=N`` holds a board's request until the game is past version
``N`` (the other pupil moved), or a while has passed. Each waiting request used to ask
the database for the game's version four times a second, so 300 requests held by one
pupil were 1,200 queries a second in the pool every classmate and teacher shares.

Now the requests waiting for one game share **one watcher** (:class:`GameWatch`): a task
that asks the database every :data:`POLL_SECONDS` on behalf of all of them (another copy
of the service may have stored a move) and ends with the last of them. A change this
service makes itself (a move stored, the teacher pausing or resuming the tournament) wakes
them at once (:meth:`GameWatch.poke`), without waiting for the next look. And a pupil may
hold only :data:`MOST_WAITING_PER_PUPIL` such requests at once: the next is answered at
once, without waiting (a board holds one per game it shows).

>>> import asyncio
>>> class Versions:  # a store whose game changes on its third look
...     looks = 0
...     def version(self, game_id):
...         self.looks += 1
...         return 1 if self.looks >= 3 else 0
>>> store = Versions()
>>> async def two_boards():
...     watch = GameWatch(store, poll=0.01)
...     await asyncio.gather(watch.wait("g1", 0, 5), watch.wait("g1", 0, 5))
...     return store.looks, watch.watched()
>>> from concurrent.futures import ThreadPoolExecutor  # a loop of its own
>>> with ThreadPoolExecutor(1) as pool:  # two boards, one watcher: 3 looks, not 6
...     pool.submit(asyncio.run, two_boards()).result()
(3, 0)
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Protocol

__all__ = ["MOST_WAITING_PER_PUPIL", "POLL_SECONDS", "GameWatch"]

#: How often the watcher of a game asks the database for its version (seconds).
POLL_SECONDS = 0.25
#: The most requests one pupil may hold waiting at once; the next is answered at once.
MOST_WAITING_PER_PUPIL = 4


class _Versions(Protocol):
    def version(self, game_id: str) -> int | None: ...


class _Watched:
    """One game being waited on: its version as last seen, who waits, the watcher."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.looked = asyncio.Event()  # set at each look that found a change, or a poke
        self.waiters = 0
        self.pokes = 0
        self.task: asyncio.Task[None] | None = None


class GameWatch:
    """The waiting boards of every game, one watcher task per game waited on (see the
    module docstring). Used from the service's event loop only."""

    def __init__(self, store: _Versions, poll: float = POLL_SECONDS) -> None:
        self.store = store
        self.poll = poll
        self._games: dict[str, _Watched] = {}
        self._pupils: Counter[str] = Counter()

    def watched(self) -> int:
        """How many games have a watcher now."""
        return len(self._games)

    def may_wait(self, pupil: str) -> bool:
        """Whether ``pupil`` may hold one more waiting request."""
        return self._pupils[pupil] < MOST_WAITING_PER_PUPIL

    async def wait(self, game_id: str, version: int, seconds: float, pupil: str = "") -> None:
        """Return once game ``game_id`` is not at ``version`` any more, once this service
        changed it (:meth:`poke`), or after ``seconds``."""
        watched = self._games.get(game_id)
        if watched is None:
            watched = self._games[game_id] = _Watched()
            watched.task = asyncio.create_task(self._look(game_id, watched))
        watched.waiters += 1
        self._pupils[pupil] += 1
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        pokes = watched.pokes
        try:
            while watched.pokes == pokes and (watched.version in (None, version)):
                left = deadline - loop.time()
                if left <= 0:
                    return
                event = watched.looked
                try:
                    await asyncio.wait_for(event.wait(), left)
                except asyncio.TimeoutError:
                    return
        finally:
            watched.waiters -= 1
            self._pupils[pupil] -= 1
            if self._pupils[pupil] <= 0:
                del self._pupils[pupil]
            if watched.waiters == 0 and self._games.get(game_id) is watched:
                del self._games[game_id]
                if watched.task is not None:
                    watched.task.cancel()

    def poke(self, *game_ids: str) -> None:
        """This service changed ``game_ids`` (a move, a pause): their boards answer now."""
        for game_id in game_ids:
            watched = self._games.get(game_id)
            if watched is not None:
                watched.pokes += 1
                self._wake(watched)

    @staticmethod
    def _wake(watched: _Watched) -> None:
        event, watched.looked = watched.looked, asyncio.Event()
        event.set()

    async def _look(self, game_id: str, watched: _Watched) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                now = await loop.run_in_executor(None, self.store.version, game_id)
            except Exception:  # a database blip: look again next time
                await asyncio.sleep(self.poll)
                continue
            seen = -1 if now is None else now  # -1: the game is gone, waiters answer
            if seen != watched.version:
                watched.version = seen
                self._wake(watched)
            await asyncio.sleep(self.poll)
