"""Random games with random legal *and* illegal actions. At every
ply: tiles are conserved, scores add up, a refused action changes nothing, undo restores
exactly, a copy is independent, and save/load gives the same game. A longer run is
marked ``slow``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mathplay
from mathplay.errors import MathplayError
from mathplay.games.registry import GAMES

MAKERS = {
    "summy": lambda seed: mathplay.Summy(seed=seed, size=9, players=2),
    "mixmath": lambda seed: mathplay.Mixmath(seed=seed, players=2),
    "challenge": lambda seed: mathplay.Mixmath(seed=seed, players=3, mode="challenge"),
    "binary": lambda seed: mathplay.Binary(seed=seed, players=2),
}


def _dealt(cls: Any) -> Any:
    """A plug-in's game from a seed, with its default options."""
    return lambda seed: cls(seed=seed)


# The games of installed plug-ins too (docs/guide/plugins.md).
MAKERS.update({name: _dealt(info.cls) for name, info in GAMES.items() if info.plugin})
GARBAGE = [
    "",
    "A1",
    "Z99 across 1+1=2",
    "H8 down 1+1=3",
    "discard 7777777",
    "exchange ? ? ? ? ? ? ? ? ? ?",
    "challenge by 1",
    "draw",
    "end",
    "I7 ?95",
    "\x00",
    "H8 across " + "1" * 200,
]


def tiles(game: Any) -> int:
    """Every tile in the game: board (not Mixmath's fixed start numbers), hands, bag and
    Summy's discards."""
    starts = 4 if game.format_name == "mathplay.mixmath" else 0
    on_board = sum(1 for _ in game.board.filled()) - starts
    thrown = len(getattr(game, "discarded", ()) or ())
    return on_board + sum(len(h) for h in game.hands) + game.bag_size + thrown


def fallback(game: Any, rng: random.Random) -> str:
    actions = getattr(game, "turn_actions", None)
    if actions is not None:
        allowed = actions()
        return "end" if "end" in allowed else "pass"
    return "pass"


def refused_changes_nothing(game: Any, action: object) -> None:
    key, saved, ply = game.state_key(), game.save(), game.ply
    try:
        game.play(action)
    except MathplayError:
        assert (game.state_key(), game.save(), game.ply) == (key, saved, ply)
    else:  # the garbage happened to be legal here: it is a real move, undo it
        game.undo()
        assert (game.state_key(), game.save()) == (key, saved)


def random_game(name: str, seed: int, plies: int) -> None:
    rng = random.Random(seed)
    game = MAKERS[name](seed)
    total = tiles(game)
    for _ply in range(plies):
        if game.is_over:
            break
        assert tiles(game) == total
        assert sum(game.scores) == sum(entry.score for entry in game.history)
        for _try in range(2):  # illegal actions first: refused, nothing changes
            refused_changes_nothing(game, rng.choice([*GARBAGE, 42, None, [1], 2.5]))
        before_key, before_save = game.state_key(), game.save()
        moves = game.legal_moves()
        if moves and rng.random() < 0.9:
            move = rng.choice(moves)
        elif name == "challenge" and "challenge" in game.turn_actions() and rng.random() < 0.5:
            move = "challenge"
        else:
            move = fallback(game, rng)
        twin = game.copy()
        try:
            game.play(move)
        except MathplayError:  # a failed challenge, or a fallback the rules refuse now
            assert game.state_key() == before_key
            game.play(fallback(game, rng))
        assert twin.state_key() == before_key  # the copy did not move with the game
        if twin.history:
            twin.undo()  # and changing the copy does not change the game
        assert mathplay.load(game.save()).state_key() == game.state_key()
        entry = game.undo()
        assert (game.state_key(), game.save()) == (before_key, before_save)
        game.play(entry.move)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(MAKERS))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_random_play_with_illegal_actions_keeps_every_promise(name: str, seed: int) -> None:
    random_game(name, seed, plies=25)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(MAKERS))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_long_random_games_keep_every_promise(name: str, seed: int) -> None:
    random_game(name, seed, plies=300)
