"""Random Mixmath players for property tests and the benchmark: seeded, so reproducible."""

from __future__ import annotations

import random
from typing import Any

from mathplay.core import square_name
from mathplay.games.mixmath import START, Mixmath

__all__ = ["random_game", "random_move"]


def _wrong_placement(game: Mixmath, rng: random.Random) -> str | None:
    """Any rack tile on any empty square (challenge mode accepts wrong ones, M8)."""
    rack = game.hands[game.to_move]
    board = game.board
    empty = [
        (r, c)
        for r in range(14)
        for c in range(14)
        if board[(r, c)] is None and (r, c) not in START
    ]
    if not rack or not empty:
        return None
    tile = rng.choice(rack)
    if tile == "?":
        tile = f"?{rng.choice([0, 5, 12, 90])}"
    return f"{square_name(rng.choice(empty))} {tile}"


def random_move(game: Mixmath, rng: random.Random) -> str:
    """A move allowed now, as notation, chosen at random (mostly placements)."""
    actions = game.turn_actions()
    placements = game.placements()
    if "challenge" in actions and game.challenge_reason() and rng.random() < 0.7:
        return "challenge"
    if game.mode == "challenge" and rng.random() < 0.1:
        wrong = _wrong_placement(game, rng)
        if wrong is not None:
            return wrong
    if game.placed_this_turn == 0:
        if placements and rng.random() < 0.9:
            return str(rng.choice(placements))
        rack = list(game.hands[game.to_move])
        if "exchange" in actions and rng.random() < 0.5:
            count = rng.randint(1, min(len(rack), game.bag_size))
            return "exchange " + " ".join(rng.sample(rack, count))
        return "pass"
    if "draw" in actions and rng.random() < 0.6:
        return "draw"
    if placements and rng.random() < 0.85:
        return str(rng.choice(placements))
    return "end"


def random_game(seed: int, *, max_plies: int = 5000, **options: Any) -> Mixmath:
    """A whole game played at random from ``seed``."""
    rng = random.Random(seed)
    game = Mixmath(players=2 + seed % 3, seed=seed, **options)
    while not game.is_over and game.ply < max_plies:
        game.play(random_move(game, rng))
    return game
