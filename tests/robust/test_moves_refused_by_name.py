"""Anything that is not a move is refused by name, and move objects get the
checks their notation gets; the game is left exactly as it was."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.core import Direction
from mathplay.core.lines import LineMove
from mathplay.errors import MathplayError, NotationError
from mathplay.games.mixmath.moves import Placement

GAMES = {
    "summy": lambda: mathplay.Summy(seed=1, size=9),
    "mixmath": lambda: mathplay.Mixmath(seed=1),
    "challenge": lambda: mathplay.Mixmath(seed=1, mode="challenge"),
    "binary": lambda: mathplay.Binary(seed=1),
}


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize(
    "bad", [42, None, 3.5, [1], {"move": "pass"}, pytest.param(10**5000, id="huge-int")]
)
def test_what_is_not_a_move_is_refused_by_name(name: str, bad: object) -> None:
    game = GAMES[name]()
    if name == "challenge":  # a placement waits for a challenge: 42 must not be one
        game.play(game.legal_moves()[0])
    key, ply = game.state_key(), game.ply
    with pytest.raises(NotationError, match="is not a move"):
        game.play(bad)
    assert game.state_key() == key and game.ply == ply


@pytest.mark.parametrize(
    ("name", "move", "message"),
    [
        ("summy", LineMove((-2, 4), Direction.DOWN, tuple("1+1=2")), "is not a square"),
        ("binary", LineMove((7, -1), Direction.ACROSS, ("1", "+", "1", "=", "10")), "square"),
        ("mixmath", Placement((20, 8), "3"), "off the board"),
        ("mixmath", Placement((6, 5), "?95"), "not a Mixmath number"),
        ("mixmath", Placement((6, 5), "?abc"), "not a Mixmath number"),
    ],
)
def test_move_objects_get_the_checks_of_notation(name: str, move: object, message: str) -> None:
    game = GAMES[name]()
    key = game.state_key()
    with pytest.raises(MathplayError, match=message):
        game.play(move)
    assert game.state_key() == key
