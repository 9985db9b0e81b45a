"""Properties of whole random games (M2, M5–M9): tiles conserved, scores add up, undo and
save/load round-trip at every ply, and every game ends."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathplay import SaveFileError, load
from mathplay.games.mixmath import START, TILE_COUNTS, Mixmath

from .randomplay import random_game, random_move

MAX_PLIES = 2000

options_strategy = st.fixed_dictionaries(
    {
        "mode": st.sampled_from(["strict", "challenge"]),
        "sequences": st.booleans(),
        "powers": st.booleans(),
        "modulo": st.booleans(),
        "logarithms": st.booleans(),
    }
)


def all_tiles(game: Mixmath) -> Counter[str]:
    """M2: every tile on the board (not the start numbers), on racks and in the bag."""
    tiles = Counter(game._pos.bag.tiles)
    for hand in game.hands:
        tiles.update(hand)
    for square, token in game.board.filled():
        if square not in START:
            tiles["?" if token.startswith("?") else token] += 1
    return tiles


def check_invariants(game: Mixmath) -> None:
    assert all_tiles(game) == Counter(TILE_COUNTS)
    assert {sq: game.board[sq] for sq in START} == START
    earned = [0] * game.players
    for entry in game.history:
        earned[entry.player] += entry.score
    assert list(game.scores) == [e - p for e, p in zip(earned, game.penalties)]
    if not game.is_over:
        assert game.penalties == (0,) * game.players
        assert game.placed_this_turn or len(game.hands[game.to_move]) <= 7


@pytest.mark.slow
@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), options=options_strategy)
def test_M2_M5_M6_M9_random_games_conserve_tiles_add_up_and_end(
    seed: int, options: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    game = Mixmath(players=1 + seed % 4, seed=seed, **options)
    while not game.is_over:
        assert game.ply < MAX_PLIES, "the game does not end"
        move = random_move(game, rng)
        key, saved = game.state_key(), game.save()
        game.play(move)
        check_invariants(game)
        game.undo()  # undo restores the exact previous state at every ply
        assert game.state_key() == key and game.save() == saved
        game.play(move)
    outcome = game.outcome
    assert outcome is not None and outcome.scores == game.scores
    assert max(game.scores) == game.scores[outcome.winners[0]]
    if outcome.reason.value == "out-of-tiles":
        assert game.bag_size == 0 and () in game.hands


@settings(max_examples=4, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), options=options_strategy)
def test_save_load_save_is_identical_at_every_ply(seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game = Mixmath(players=2 + seed % 3, seed=seed, **options)
    while True:
        saved = game.save()
        again = load(saved)
        assert again.save() == saved and again.state_key() == game.state_key()
        if game.is_over:
            assert again.outcome == game.outcome
            break
        game.play(random_move(game, rng))


def test_undo_back_to_the_start_restores_the_deal() -> None:
    game = random_game(12)
    fresh = Mixmath(players=game.players, seed=12)
    while game.ply:
        game.undo()
    assert game.state_key() == fresh.state_key() and game.save() == fresh.save()


@pytest.mark.slow
def test_games_always_end_for_many_seeds() -> None:
    for seed in range(60):
        options: dict[str, Any] = {"mode": "challenge"} if seed % 4 == 0 else {}
        if seed % 5 == 0:
            options["sequences"] = True
        game = random_game(seed, max_plies=MAX_PLIES, **options)
        assert game.is_over, seed
        check_invariants(game)


def test_save_file_names_the_format_and_replays() -> None:
    game = random_game(5)
    data = json.loads(game.save())
    assert data["format"] == "mathplay.mixmath" and data["version"] == 1
    assert data["history"] == [entry.move for entry in game.history]
    assert set(data["options"]) == {
        "players",
        "mode",
        "sequences",
        "powers",
        "modulo",
        "logarithms",
    }
    assert load(game.save()).state_key() == game.state_key()


def test_a_bad_save_file_is_refused_with_a_clear_message() -> None:
    game = random_game(7)
    data = json.loads(game.save())
    data["history"][0] = "A1 90"
    with pytest.raises(SaveFileError, match="move 1 of the saved game, 'A1 90'"):
        load(json.dumps(data))
    data = json.loads(game.save())
    data["options"]["players"] = 9
    with pytest.raises(SaveFileError, match="start position is not valid"):
        load(json.dumps(data))
    data = json.loads(game.save())
    data["start"]["bag"] = data["start"]["bag"][1:]
    with pytest.raises(SaveFileError, match="bag"):
        load(json.dumps(data))


def test_play_takes_move_objects_from_legal_moves() -> None:
    game = Mixmath(players=2, seed=21)
    move = game.placements()[0] if game.placements() else None
    assert move is not None and move.score is not None
    assert game.play(move) == move.score
    assert game.history[-1].move == str(move)
    assert repr(game).startswith("<Mixmath 2 players, strict, ply 1")
