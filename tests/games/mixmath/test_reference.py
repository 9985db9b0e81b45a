"""legal_moves() is exact (M4, M5): it equals the brute-force reference on many positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mathplay.games.mixmath import EMPTY_BOARD, Mixmath

from .helpers import position
from .randomplay import random_move
from .reference import brute_force_moves, independent_moves, listed_moves

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"sequences": True},
    {"powers": True, "modulo": True, "logarithms": True},
    {"sequences": True, "powers": True, "modulo": True, "logarithms": True},
]


def positions(seed: int, options: dict[str, Any], every: int = 9) -> list[Mixmath]:
    """Copies of a random game every ``every`` plies, until it ends."""
    rng = random.Random(seed)
    game = Mixmath(players=2 + seed % 3, seed=seed, **options)
    found = []
    while not game.is_over:
        if game.ply % every == 0:
            found.append(game.copy())
        game.play(random_move(game, rng))
    found.append(game)
    return found


def assert_exact(game: Mixmath) -> None:
    listed = listed_moves(game)
    assert len(listed) == len(set(listed)), "a placement is listed twice"
    assert set(listed) == brute_force_moves(game)
    assert {str(m) for m in game.legal_moves()} == {s.rsplit(" ", 1)[0] for s in listed}
    if game.options == type(game.options)(players=game.players):
        assert set(listed) == independent_moves(game)


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=["M4", "M10-seq", "M10-ops", "M10-all"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_M4_M5_legal_moves_equal_the_brute_force_reference(
    seed: int, options: dict[str, Any]
) -> None:
    games = positions(seed, options, every=12 if options else 7)
    assert len(games) >= 3
    for game in games:
        assert_exact(game)


def test_M4_reference_on_hand_made_positions() -> None:
    hand_made = [
        Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1"]),
        position({"J3": "6", "I3": "4", "K4": "8", "K5": "2", "K2": "5", "K1": "5"}, ["10 ?"]),
        position({"C12": "0", "B12": "5", "I7": "3"}, ["? 5 6 1"]),
        position({"C2": "3", "E2": "5"}, ["8 2 15"]),
    ]
    for game in hand_made:
        assert_exact(game)
    assert brute_force_moves(hand_made[0])  # the reference finds moves at all


def test_M4_reference_agrees_when_the_game_is_over() -> None:
    game = Mixmath(players=1, seed=1)
    game.play("pass")
    assert game.is_over and brute_force_moves(game) == set() and game.legal_moves() == []
