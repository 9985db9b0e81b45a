"""The boards waiting for a game share one watcher, a change this service makes wakes them
at once, and one pupil cannot hold many waiting requests (mathplay/hub/game_watch.py).
No hub here: a store that counts the database's looks."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from mathplay.hub.game_watch import MOST_WAITING_PER_PUPIL, GameWatch

T = TypeVar("T")


def run(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(main())`` in a thread of its own: an event loop may be running in
    this process's main thread after another test (pytest-xdist worker)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(main())).result()


class Looks:
    """A games store with fixed versions that counts how often it is asked."""

    def __init__(self) -> None:
        self.versions: dict[str, int] = {}
        self.looks = 0

    def version(self, game_id: str) -> int | None:
        self.looks += 1
        return self.versions.get(game_id)


def test_three_hundred_waiting_requests_cost_one_look_per_game_per_poll() -> None:
    store = Looks()
    store.versions = {"g1": 3}

    async def held() -> tuple[int, int]:
        watch = GameWatch(store, poll=0.05)
        waits = [watch.wait("g1", 3, 0.5, pupil=f"p{n}") for n in range(300)]
        await asyncio.gather(*waits)
        return store.looks, watch.watched()

    looks, watched = run(held)
    # 0.5 s at one look every 0.05 s: about 10 looks (one watcher), not 300 × 10.
    assert looks <= 15, looks
    assert watched == 0  # the watcher ended with its last waiter


def test_a_move_elsewhere_is_seen_and_a_poke_wakes_at_once() -> None:
    store = Looks()
    store.versions = {"g1": 0, "g2": 0}

    async def moved_and_poked() -> tuple[bool, bool]:
        watch = GameWatch(store, poll=0.02)
        moved = asyncio.create_task(watch.wait("g1", 0, 30))
        poked = asyncio.create_task(watch.wait("g2", 0, 30))
        await asyncio.sleep(0.1)
        assert not moved.done() and not poked.done()
        store.versions["g1"] = 1  # another copy of the service stored a move
        watch.poke("g2")  # this service paused g2's tournament
        await asyncio.wait_for(asyncio.gather(moved, poked), 5)
        return moved.done(), poked.done()

    assert run(moved_and_poked) == (True, True)


def test_a_game_that_is_gone_answers_the_waiting_boards() -> None:
    async def gone() -> None:
        watch = GameWatch(Looks(), poll=0.02)
        await asyncio.wait_for(watch.wait("nowhere", 0, 30), 5)

    run(gone)


def test_one_pupil_may_hold_only_a_few_waiting_requests() -> None:
    store = Looks()
    store.versions = {"g1": 0}

    async def held() -> list[bool]:
        watch = GameWatch(store, poll=0.02)
        held = [asyncio.create_task(watch.wait("g1", 0, 30, pupil="eve"))
                for _ in range(MOST_WAITING_PER_PUPIL)]  # fmt: skip
        await asyncio.sleep(0.05)
        answers = [watch.may_wait("eve"), watch.may_wait("ana")]
        watch.poke("g1")
        await asyncio.gather(*held)
        answers.append(watch.may_wait("eve"))  # answered: she may wait again
        return answers

    assert run(held) == [False, True, True]
