"""A hint asked from a notebook cell while another thread plays on the same game (a
threaded board's computer): it is worked out on a copy taken between two moves, never on
a position half changed. Before, ``board.game.hint()`` could raise ``IndexError`` while
the computer moved (3 times in 100)."""

from __future__ import annotations

import threading

import pytest

from mathplay.games.registry import GAMES, game_names


@pytest.mark.parametrize("name", game_names())  # every registered game, plug-ins' too
def test_hints_while_another_thread_plays_and_takes_back(name: str) -> None:
    for seed in range(1, 40):  # the first seeded game with moves to play and take back
        game = GAMES[name].cls(players=2, seed=seed)
        moves = game.best_moves(3)
        if moves:
            break
    assert moves, "no seed gave a position with a move to play"
    before = game.state_key()
    stop = threading.Event()
    played = [0]
    errors: list[BaseException] = []

    def computer() -> None:
        try:
            while not stop.is_set():
                for move in moves:
                    game.push(move)
                    game.pop()
                    played[0] += 1
        except BaseException as error:  # reported by the test
            errors.append(error)

    thread = threading.Thread(target=computer, daemon=True)
    thread.start()
    try:
        hints = []
        for _ in range(30):
            hints.append(game.hint(level=3))
            game.hints(2)
    finally:
        stop.set()
        thread.join(30)
    assert errors == []
    assert played[0] > 0
    assert game.state_key() == before
    # Every hint saw a whole position: the one before a move or after it.
    assert all(hint is not None for hint in hints)
