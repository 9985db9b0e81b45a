"""A game as one player may know it (``mathplay.core.known.as_known_to``): what a pupil's
board plays on when the game lives on the class's service.

For every game, at every turn of seeded games (and, in Mixmath, after every move of a
turn), for each player: the board, scores, turn, the player's own tiles, every rack's and
the bag's size are the real ones; the player's legal moves are the real ones; the game
saves and loads as itself; and nothing of the real hidden tiles or seed shows through.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from mathplay import Binary, Mixmath, Summy, load
from mathplay.ai import make_player
from mathplay.core.known import as_known_to
from mathplay.errors import MathplayError

GAMES: list[tuple[type[Any], dict[str, Any]]] = [
    (Summy, {"size": 9}),
    (Summy, {}),
    (Mixmath, {}),
    (Binary, {}),
]


def positions(cls: type[Any], options: dict[str, Any], seed: int) -> Any:
    """Every position of a seeded easy-against-easy game, after each move."""
    game = cls(players=2, seed=seed, **options)
    players = [make_player("easy", seed), make_player("easy", seed + 7)]
    yield game
    while not game.is_over and game.ply < 400:
        for move in players[game.to_move].play_turn(game.copy()):
            game.play(move)
            yield game


def same_for(player: int, known: Any, game: Any) -> None:
    assert known.board == game.board
    assert list(known.hands[player]) == list(game.hands[player])
    assert list(known.scores) == list(game.scores)
    assert known.to_move == game.to_move and known.bag_size == game.bag_size
    assert [len(hand) for hand in known.hands] == [len(hand) for hand in game.hands]
    assert known.is_over == game.is_over


@pytest.mark.parametrize(("cls", "options"), GAMES, ids=lambda v: getattr(v, "__name__", str(v)))
def test_a_player_knows_the_real_position_and_moves(
    cls: type[Any], options: dict[str, Any]
) -> None:
    seen = 0
    for game in positions(cls, options, seed=3):
        for player in range(2):
            known = as_known_to(game, player, seed=game.ply + 10 * player)
            same_for(player, known, game)
            if game.to_move == player and not game.is_over:
                assert sorted(map(str, known.legal_moves())) == sorted(map(str, game.legal_moves()))
            again = load(known.save())  # what goes to the pupil's kernel, as text
            same_for(player, again, game)
            assert again.state_key() == known.state_key()
            seen += 1
    assert seen > 20


def test_a_mixmath_turn_in_progress_goes_on() -> None:
    mid_turn = 0
    for game in positions(Mixmath, {}, seed=5):
        player = game.to_move
        if game.history and game.history[-1].player == player and not game.is_over:
            known = as_known_to(game, player, seed=1)
            mine = [entry.move for entry in known.history]
            assert mine and mine == [e.move for e in game.history[-len(mine) :]]
            assert known.can_draw == game.can_draw
            assert sorted(map(str, known.legal_moves())) == sorted(map(str, game.legal_moves()))
            mid_turn += 1
    assert mid_turn > 5


def test_the_hidden_tiles_and_the_seed_do_not_show_through() -> None:
    # Two games whose unseen tiles are the same blocks in another order: the player is
    # dealt the same made-up racks and bag in both, so nothing of the real order shows.
    game = Summy(players=2, seed=21, size=9)
    other = game.copy()
    other._pos.hands[1], other._pos.bag.tiles[:8] = (
        list(game._pos.bag.tiles[:8]),
        list(game.hands[1]),
    )
    assert Counter(other.hands[1]) != Counter(game.hands[1])
    mine, theirs = as_known_to(game, 0, seed=4), as_known_to(other, 0, seed=4)
    assert mine.hands[1] == theirs.hands[1] and mine.save() == theirs.save()
    saved = json.loads(mine.save())
    assert saved["seed"] == 4 and saved["history"] == []
    assert "".join(saved["start"]["hands"][1]) != "".join(game.hands[1])


def test_summy_discards_and_passes_are_kept_in_a_save_under_way() -> None:
    game = Summy(players=2, seed=0, size=9)
    game.play("discard " + "".join(game.hands[0][:3]))
    game.play("pass")
    known = as_known_to(game, 0, seed=2)
    assert known.discarded == game.discarded and known._pos.passes == game._pos.passes == 1
    saved = json.loads(known.save())["start"]
    assert saved["discarded"] == list(game.discarded) and saved["passes"] == 1
    # A new game's save is as it was: nothing under way to say.
    assert "discarded" not in json.loads(Summy(players=2, seed=0, size=9).save())["start"]


def test_a_seat_that_is_not_one_is_refused_in_words() -> None:
    game = Binary(players=2, seed=1)
    for seat in (2, -1, True, "0"):
        with pytest.raises(MathplayError, match="player must be a seat from 0 to 1"):
            as_known_to(game, seat, seed=1)  # type: ignore[arg-type]
