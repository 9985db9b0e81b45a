"""Decision D-S6: ``first_hand="playable"`` deals a first hand again while it can make no
sum; ``"strict"`` (the default) deals as drawn, exactly as before."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest

import mathplay
import mathplay.games.summy.game as summy_game
from mathplay import OptionsError, Summy
from mathplay.games.summy import TILE_COUNTS


def every_block(game: Summy) -> Counter[str]:
    blocks = Counter(token for _square, token in game.board.filled())
    for hand in game.hands:
        blocks.update(hand)
    blocks.update(game._pos.bag.tiles)
    return blocks


def test_strict_deal_is_unchanged_for_old_seeds() -> None:
    # The digest of every hand and stock of seeds 0-199 at 25×25 and 9×9, taken before
    # first_hand existed.
    digest = hashlib.sha256()
    for size in (25, 9):
        for seed in range(200):
            game = Summy(seed=seed, size=size)
            digest.update(json.dumps([game.hands, game._pos.bag.tiles]).encode())
    assert digest.hexdigest()[:16] == "0b3c8e840316fc5e"
    assert Summy(seed=0).options.first_hand == "strict"


@pytest.mark.parametrize(("size", "stuck"), [(25, 75), (9, 83)])
def test_the_strict_deal_is_often_stuck(size: int, stuck: int) -> None:
    assert sum(not Summy(seed=seed, size=size).legal_moves() for seed in range(200)) == stuck


@pytest.mark.slow
@pytest.mark.parametrize("size", [25, 9])
def test_a_playable_deal_always_has_a_first_sum(size: int) -> None:
    for seed in range(200):
        game = Summy(seed=seed, size=size, first_hand="playable")
        assert game.legal_moves(), seed
        for player in range(game.players):
            game._pos.to_move = player
            assert game.legal_moves(), (seed, player)


def test_a_playable_deal_is_reproducible_and_conserves_the_blocks() -> None:
    first = Summy(seed=0, first_hand="playable")
    again = Summy(seed=0, first_hand="playable")
    assert first.state_key() == again.state_key()
    assert first._first_hand_redeals[0] >= 1  # seed 0's strict first hand is stuck
    assert first.hands != Summy(seed=0).hands
    assert every_block(first) == Counter(TILE_COUNTS)
    assert len(first.hands[0]) == len(first.hands[1]) == 8


def test_a_hand_that_can_already_make_a_sum_is_kept() -> None:
    strict = Summy(players=2, seed=1, size=9)
    playable = Summy(players=2, seed=1, size=9, first_hand="playable")
    assert playable._first_hand_redeals == (0, 0)
    assert playable.state_key() == strict.state_key()


def test_redeals_are_bounded_and_the_last_deal_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    # A hand of one block can never make a sum, so every deal is stuck.
    monkeypatch.setattr(summy_game, "FIRST_HAND_REDEALS", 3)
    game = Summy(seed=2, size=9, hand_size=1, first_hand="playable")
    assert game._first_hand_redeals == (3, 3)
    assert not game.legal_moves()
    assert every_block(game) == Counter(TILE_COUNTS)


def test_a_playable_game_saves_and_loads() -> None:
    game = Summy(seed=0, size=9, first_hand="playable")
    game.play(game.legal_moves()[0])
    loaded = mathplay.load(game.save())
    assert loaded.options.first_hand == "playable"
    assert loaded.state_key() == game.state_key()
    assert loaded.save() == game.save()
    assert json.loads(game.save())["options"]["first_hand"] == "playable"


def test_a_save_from_before_first_hand_loads_as_strict() -> None:
    data = json.loads(Summy(seed=3, size=9).save())
    del data["options"]["first_hand"]
    loaded = mathplay.load(json.dumps(data))
    assert loaded.options.first_hand == "strict"
    assert loaded.hands == Summy(seed=3, size=9).hands


def test_an_unknown_first_hand_is_refused_by_name() -> None:
    with pytest.raises(OptionsError, match="first_hand must be 'strict' or 'playable'"):
        Summy(seed=1, first_hand="easy")
