"""Where Python has no threads (Pyodide, in JupyterLite) computer seats move on the
kernel's event loop: "thinking…" first, one turn per loop callback, the board stays
responsive between turns."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from mathplay.widgets import computers, play

#: Thread.start as it is, kept before a test forbids threads: each test runs in a fresh
#: thread of its own, which has no event loop running (the test session may have one
#: running in the main thread, e.g. Playwright's).
_START = threading.Thread.start


def in_a_fresh_thread(body: Any) -> None:
    """Run ``body()`` in a new thread and re-raise what it raised."""
    failures: list[BaseException] = []

    def run() -> None:
        try:
            body()
        except BaseException as error:  # re-raised below, in the test's thread
            failures.append(error)

    thread = threading.Thread(target=run)
    _START(thread)
    thread.join(600)
    if failures:
        raise failures[0]


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "threads_work", lambda: False)

    def refuse(self: threading.Thread) -> None:
        raise AssertionError("no thread may start where there are none")

    monkeypatch.setattr(threading.Thread, "start", refuse)


async def settle(board: Any, limit: float = 60.0) -> None:
    waited = 0.0
    while board.moves_pending and waited < limit:
        await asyncio.sleep(0.02)
        waited += 0.02
    assert not board.moves_pending, "the computer never moved"


def test_the_computer_moves_on_the_event_loop(no_threads: None) -> None:
    async def lesson() -> None:
        board = play("summy", seats=["computer:medium", "human"], seed=4, size=9)
        # play() returned at once: the computer has not thought yet, and says it will.
        assert board.moves_pending and not board.game.history
        assert "thinking" in board.message
        await settle(board)
        assert len(board.game.history) == 1 and board.game.to_move == 1
        assert "Computer (medium)" in board.message
        board.press("pass")  # the pupil's turn; the computer replies on the loop
        assert board.moves_pending
        await settle(board)
        assert len(board.game.history) == 3 and board.game.to_move == 1

    in_a_fresh_thread(lambda: asyncio.run(lesson()))


@pytest.mark.slow
def test_between_two_computer_turns_the_kernel_does_other_work(no_threads: None) -> None:
    async def lesson() -> None:
        board = play("summy", seats=["computer", "computer"], seed=4, size=9)
        seen: list[int] = []

        async def other_messages() -> None:  # what the kernel does meanwhile (clicks…)
            while board.moves_pending:
                seen.append(len(board.game.history))
                await asyncio.sleep(0)

        await asyncio.gather(other_messages(), settle(board, 300))
        assert board.game.is_over
        # Other work ran at many points of the game, not only before and after it.
        assert len(set(seen)) > 3

    in_a_fresh_thread(lambda: asyncio.run(lesson()))


def test_a_thread_that_cannot_start_falls_back_to_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    def cannot(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", cannot)

    async def lesson() -> None:
        board = play("summy", seats=["computer:medium", "human"], seed=4, size=9)
        await settle(board)
        assert len(board.game.history) == 1

    in_a_fresh_thread(lambda: asyncio.run(lesson()))


def test_without_a_loop_or_threads_the_computer_moves_at_once(no_threads: None) -> None:
    def lesson() -> None:
        board = play("summy", seats=["computer:medium", "human"], seed=4, size=9)
        assert len(board.game.history) == 1 and not board.moves_pending

    in_a_fresh_thread(lesson)


def test_without_threads_nothing_is_searched_in_the_background(no_threads: None) -> None:
    """Without threads (Pyodide) the board does not search its positions on the event
    loop (one Binary search there can hold the page up for seconds): the review searches
    when asked, and says so first."""
    from mathplay.ai import best

    async def lesson() -> None:
        best.forget()
        board = play("summy", seats=["computer:medium", "human"], seed=6, size=9)
        await settle(board)
        await asyncio.sleep(0.3)
        assert len(board.game.history) == 1
        assert best.unknown_positions(board.game) == 2
        said: list[str] = []
        board.observe(lambda change: said.append(change["new"]["message"]), "view")
        board.press("review")
        assert any("Looking at every turn" in message for message in said)
        # the review searched the position before the move (not now's, no turn yet)
        assert best.unknown_positions(board.game) == 1

    in_a_fresh_thread(lambda: asyncio.run(lesson()))
