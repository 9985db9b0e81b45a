"""The expert's Mixmath endgame search (mathplay.ai.mixmath_endgame): only once the bag is
empty, legal, within its budget, repeatable, and using only what the player can know
(M9's end, two players). No test here times anything."""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cache

import pytest

from mathplay.ai import make_player
from mathplay.ai.budget import Budget
from mathplay.ai.mixmath_endgame import ENDGAME, endgame_plan
from mathplay.ai.mixmath_expert import EXPERT
from mathplay.ai.players import ExpertPlayer
from mathplay.games.mixmath import Mixmath
from mathplay.tournament import play_game

WITH_ENDGAME = replace(EXPERT, endgame=600)


@cache
def _endgame_position(seed: int) -> Mixmath | None:
    """The first position of a greedy game (seed ``seed``) where the bag is empty and
    the player to move can place a tile, or ``None`` if the game never gets there."""
    game = Mixmath(players=2, seed=seed)
    players = [make_player("greedy", seed=seed), make_player("greedy", seed=seed + 1)]
    while not game.is_over:
        if not game._pos.bag and game.placements():
            return game
        players[game.to_move].play_turn(game)
    return None


def _endgame(seed: int) -> Mixmath:
    position = _endgame_position(seed)
    if position is None:
        pytest.fail(f"the greedy game of seed {seed} never reached an endgame: pick another")
    return position.copy()


def test_no_endgame_while_the_bag_holds_tiles() -> None:
    game = Mixmath(players=2, seed=3)
    assert endgame_plan(game, Budget(steps=600)) is None


def test_no_endgame_with_three_players() -> None:
    game = Mixmath(players=3, seed=3)
    game._pos.bag.tiles.clear()  # only the number of racks matters here
    assert endgame_plan(game, Budget(steps=600)) is None


@pytest.mark.parametrize("seed", [1, 2, 4, 5, 7, 8])
def test_the_endgame_plan_is_a_legal_sequence_of_placements(seed: int) -> None:
    game = _endgame(seed)
    budget = Budget(steps=600)
    plan = endgame_plan(game, budget)
    assert plan is not None and plan.placements
    assert budget.used <= 600
    trial = game.copy()
    for move in plan.placements:
        assert move in trial.placements()
        trial.play(move)
    trial.play("end")
    assert trial.to_move != game.to_move or trial.is_over


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_the_search_does_not_read_the_opponents_rack(seed: int) -> None:
    """The opponent's rack in the search is made of the tiles this player cannot see:
    changing what the game holds there changes nothing."""
    game = _endgame(seed)
    plan = endgame_plan(game, Budget(steps=600))
    blind = game.copy()
    blind._pos.hands[1 - game.to_move] = ["1"]
    assert endgame_plan(blind, Budget(steps=600)) == plan


@pytest.mark.parametrize("steps", [0, 1, 10, 60, 200])
def test_a_small_budget_still_answers_with_a_legal_plan(steps: int) -> None:
    game = _endgame(2)
    budget = Budget(steps=steps)
    plan = endgame_plan(game, budget)
    assert budget.used <= max(steps, 1)
    assert plan is not None and plan.placements[0] in game.placements()


def test_the_clock_stops_the_search() -> None:
    game = _endgame(4)
    ticks = itertools.count()
    # Each reading of this clock is a tenth of a second later: half a second lasts five.
    budget = Budget(steps=None, seconds=0.5, clock=lambda: next(ticks) / 10)
    plan = endgame_plan(game, budget)
    assert budget.cut_by_clock
    assert plan is not None and plan.placements[0] in game.placements()


def test_the_search_is_repeatable() -> None:
    game = _endgame(5)
    assert endgame_plan(game, Budget(steps=600)) == endgame_plan(game, Budget(steps=600))


def test_a_deeper_search_is_legal_too() -> None:
    game = _endgame(7)
    deeper = replace(ENDGAME, turns=3, plans=3, replies=3)
    plan = endgame_plan(game, Budget(steps=2000), search=deeper)
    assert plan is not None and plan.placements[0] in game.placements()


def test_experts_with_the_endgame_play_whole_games_the_same_way_twice() -> None:
    def game_record(seed: int) -> tuple[str, tuple[int, ...]]:
        game = Mixmath(players=2, seed=seed)
        players = [
            ExpertPlayer(seed=seed, weights=WITH_ENDGAME),
            ExpertPlayer(seed=seed + 1, weights=WITH_ENDGAME),
        ]
        play_game(game, players)
        assert game.is_over
        return game.save(), tuple(game.scores)

    assert game_record(11) == game_record(11)
