"""Hints and computer players for Summy, Mixmath and Binary.

``make_player("greedy", seed=1).play_turn(game)`` plays a whole turn;
``mathplay.ai.hint(game, level=3)`` (also ``game.hint()``) suggests a move and says why.
"""

from mathplay.ai.players import (
    PLAYER_KINDS,
    GreedyPlayer,
    Player,
    RandomPlayer,
    StrongPlayer,
    make_player,
)

__all__ = [
    "PLAYER_KINDS",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "StrongPlayer",
    "make_player",
]
