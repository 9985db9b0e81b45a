"""The tiles a move leaves in hand (the *leave*), shared by the Summy and Binary players."""

from __future__ import annotations

from typing import Any

from mathplay.core.state import AnyGame

__all__ = ["hand_after"]


def hand_after(game: AnyGame, move: Any) -> list[str]:
    """The tiles the player to move keeps after the line ``move`` (before drawing): the
    hand minus the tiles the move puts on empty squares (a blank played as ``?1`` comes
    out of the hand as ``?``)."""
    view = game.view()
    hand = list(view.hand)
    board = view.board
    for square, token in zip(move.squares, move.tokens):
        if board[square] is None:
            hand.remove("?" if token.startswith("?") else token)
    return hand
