"""Whole random games (S1–S5): blocks conserved, scores add up, undo and save/load exact."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import mathplay
from mathplay import Summy
from mathplay.games.summy import TILE_COUNTS


def all_blocks(game: Summy) -> Counter[str]:
    blocks = Counter(token for _, token in game.board.filled())
    for hand in game.hands:
        blocks.update(hand)
    blocks.update(game._pos.bag.tiles)
    blocks.update(game.discarded)
    return blocks


def random_game(seed: int, size: int, players: int) -> Summy:
    rng = random.Random(seed)
    game = Summy(players=players, seed=seed, size=size)
    while not game.is_over:
        assert all_blocks(game) == Counter(TILE_COUNTS)
        assert sum(game.scores) == sum(entry.score for entry in game.history)
        before_key, before_text = game.state_key(), game.save()
        moves = game.legal_moves()
        if moves and rng.random() < 0.85:
            move = rng.choice(moves)
            assert game.play(move) == move.score
        else:
            hand = game.hands[game.to_move]
            game.play("discard " + "".join(rng.sample(hand, rng.randint(0, len(hand)))))
        assert mathplay.load(game.save()).save() == game.save()
        entry = game.undo()
        assert (game.state_key(), game.save()) == (before_key, before_text)
        game.play(entry.move)
        assert game.ply < 400
    return game


@pytest.mark.parametrize(("seed", "size", "players"), [(1, 9, 2), (2, 9, 1), (3, 11, 3), (4, 9, 4)])
def test_random_games_keep_every_invariant(seed: int, size: int, players: int) -> None:
    game = random_game(seed, size, players)
    assert game.outcome is not None
    assert game.outcome.scores == game.scores
    assert max(game.scores) == game.scores[game.outcome.winners[0]]
