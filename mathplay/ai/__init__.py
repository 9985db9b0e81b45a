"""Hints and computer players for Summy, Mixmath and Binary.

``make_player("easy", seed=1).play_turn(game)`` plays a whole turn (levels ``easy``,
``medium``, ``hard``; kinds ``random``, ``easy``, ``greedy``, ``strong``, ``expert``);
``mathplay.ai.hint(game, level=3)`` (also ``game.hint()``) suggests a move and says why.
"""

from mathplay.ai.players import (
    COMPUTER_LEVELS,
    PLAYER_KINDS,
    EasyPlayer,
    ExpertPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    StrongPlayer,
    make_player,
)

__all__ = [
    "COMPUTER_LEVELS",
    "PLAYER_KINDS",
    "EasyPlayer",
    "ExpertPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "StrongPlayer",
    "make_player",
]
