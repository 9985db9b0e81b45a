"""Seeded computer players replay exactly on a busy machine.

Before: every search also stopped at 0.5 s on the clock. With the machine busy (load
about 10), the same seeded Mixmath game (challenge mode, seed 1, hard against hard, 8
turns) came out four different ways in four runs, and a hint asked between turns changed
the computer's moves. Now the steps end every search and the clock is only a far safety
net: here the same games are played with every core kept busy by spinning processes,
with hints asked between turns, and must equal the games played on a quiet machine. No
search is cut by the clock.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from typing import Any

import pytest

import mathplay
from mathplay.ai import budget as budget_module
from mathplay.ai import make_player
from mathplay.ai.hints import hint


def _spin(stop: Any) -> None:
    while not stop.is_set():
        sum(i * i for i in range(10_000))


@pytest.fixture
def busy_machine() -> Iterator[None]:
    """Every core (and one more) kept busy for the length of the test."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    spinners = [
        context.Process(target=_spin, args=(stop,)) for _ in range((os.cpu_count() or 2) + 1)
    ]
    for spinner in spinners:
        spinner.start()
    try:
        yield
    finally:
        stop.set()
        for spinner in spinners:
            spinner.join(10)


@pytest.fixture
def clock_cuts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many budgets the clock cut short (counted for every search made)."""
    cuts: list[int] = []
    original = budget_module.Budget.spend

    def spend(self: Any, steps: int = 1) -> bool:
        result = original(self, steps)
        if self.cut_by_clock and not getattr(self, "_counted", False):
            self._counted = True
            cuts.append(1)
        return result

    monkeypatch.setattr(budget_module.Budget, "spend", spend)
    return cuts


def _game(name: str) -> Any:
    if name == "mixmath":
        return mathplay.Mixmath(players=2, seed=1, mode="challenge")
    if name == "summy":
        return mathplay.Summy(players=2, seed=1, size=15)
    return mathplay.Binary(players=2, seed=1)


def _play(name: str, turns: int, hints: bool) -> list[str]:
    game = _game(name)
    players = [make_player("hard", seed=1), make_player("hard", seed=2)]
    for _ in range(turns):
        if game.is_over:
            break
        if hints:
            hint(game, level=1)  # a pupil asks, then the computer plays
        players[game.to_move].play_turn(game)
    return [str(move) for move in game.history]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "turns"), [("mixmath", 8), ("summy", 6), ("binary", 6)])
def test_a_seeded_game_replays_on_a_busy_machine(
    name: str, turns: int, clock_cuts: list[int], request: pytest.FixtureRequest
) -> None:
    quiet = _play(name, turns, hints=False)
    assert len(quiet) >= turns
    request.getfixturevalue("busy_machine")
    assert _play(name, turns, hints=True) == quiet
    assert _play(name, turns, hints=False) == quiet
    assert clock_cuts == []
