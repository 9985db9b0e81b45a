"""The expert Mixmath player's turn plan (mathplay.ai.mixmath_expert): legal, within its
budget, seeded and repeatable. No test here times anything: the budget is checked with a
clock that ticks once per reading."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from mathplay.ai import make_player
from mathplay.ai.budget import Budget
from mathplay.ai.mixmath_expert import (
    EXPERT,
    TurnValue,
    best_scores,
    plan_turn,
    unseen_tiles,
)
from mathplay.ai.mixmath_value import expected_best
from mathplay.ai.players import ExpertPlayer
from mathplay.games.mixmath import Mixmath
from mathplay.games.mixmath.movegen import board_values
from mathplay.games.mixmath.rules import TILE_COUNTS
from mathplay.tournament import play_game

#: The expert's weights, never exchanging while a tile can be placed: every plan places.
PLACING = replace(EXPERT, swap=None)


def _midgame(seed: int, turns: int = 6) -> Mixmath:
    game = Mixmath(players=2, seed=seed)
    players = [make_player("greedy", seed=1), make_player("greedy", seed=2)]
    for _ in range(turns):
        if game.is_over:
            break
        players[game.to_move].play_turn(game)
    return game


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_every_plan_is_a_legal_sequence_of_placements(seed: int) -> None:
    game = _midgame(seed)
    plan = plan_turn(game, Budget(steps=300), PLACING, random.Random(seed))
    assert plan.placements, "a plan has a placement when one can be made"
    trial = game.copy()
    for move in plan.placements:
        assert move in trial.placements()
        trial.play(move)
    assert trial.to_move == game.to_move or not trial.hands[game.to_move]


def test_the_plan_stops_when_its_steps_run_out_and_still_answers() -> None:
    game = _midgame(7)
    for steps in (0, 1, 5, 40):
        budget = Budget(steps=steps)
        plan = plan_turn(game, budget, PLACING)
        assert budget.used <= max(steps, 1)
        assert plan.placements and plan.placements[0] in game.placements()


def test_the_plan_stops_when_the_clock_runs_out() -> None:
    game = _midgame(8)
    ticks = itertools.count()
    # Every reading of this clock is a tenth of a second later: the budget of half a
    # second lasts five readings, however fast the machine is.
    budget = Budget(steps=None, seconds=0.5, clock=lambda: next(ticks) / 10)
    plan = plan_turn(game, budget, PLACING)
    assert budget.cut_by_clock and plan.cut_by_clock
    assert budget.used <= 6
    assert plan.placements[0] in game.placements()


def test_a_budget_part_spends_from_the_whole() -> None:
    whole = Budget(steps=10)
    part = whole.part(6)
    assert sum(part.spend() for _ in range(8)) == 6
    assert whole.used == 6 and not whole.spent
    assert sum(whole.spend() for _ in range(8)) == 4


def test_simulated_replies_are_seeded() -> None:
    game = _midgame(9)
    weights = TurnValue(sims=4, samples=3, swap=None)
    plans = [plan_turn(game, Budget(steps=600), weights, random.Random(5)) for _ in range(2)]
    assert plans[0].placements == plans[1].placements
    assert plans[0].value == plans[1].value


def test_two_experts_replay_the_same_game_from_the_same_seeds() -> None:
    games = []
    for _ in range(2):
        game = Mixmath(players=2, seed=21)
        players = [ExpertPlayer(seed=1), ExpertPlayer(seed=2)]
        for _ in range(8):
            if not game.is_over:
                players[game.to_move].play_turn(game)
        games.append([entry.move for entry in game.history])
    assert games[0] == games[1] and len(games[0]) > 8


def test_an_expert_plays_a_whole_game_to_its_end() -> None:
    game = play_game(Mixmath(players=2, seed=4), [ExpertPlayer(seed=1), make_player("strong")])
    assert game.is_over
    assert game.outcome is not None


def test_the_expert_plays_summy_and_binary_as_the_strong_player() -> None:
    from mathplay.games.binary import Binary
    from mathplay.games.summy import Summy

    for make in (lambda: Summy(players=2, seed=3, size=11), lambda: Binary(players=2, seed=3)):
        ours, theirs = make(), make()
        assert make_player("expert", seed=4).play_turn(ours) == make_player(
            "strong", seed=4
        ).play_turn(theirs)


def test_best_scores_are_the_best_placement_of_each_number() -> None:
    game = _midgame(3)
    spots = best_scores(board_values(game._pos.board.cells), 2, game.options)
    # The rack's own placements can only be as good as the best spot of their number.
    for move in game.placements():
        if not move.is_blank:
            assert spots[move.value] >= (move.score or 0)
    assert max(m.score or 0 for m in game.placements() if not m.is_blank) in {
        spots[m.value] for m in game.placements() if not m.is_blank
    }


def test_the_unseen_tiles_are_the_set_less_the_board_and_the_rack() -> None:
    game = _midgame(5)
    unseen = unseen_tiles(game, game.to_move)
    on_board = sum(1 for _square, _token in game._pos.board.filled()) - 4
    assert sum(unseen.values()) == sum(TILE_COUNTS.values()) - on_board - len(
        game.hands[game.to_move]
    )
    other = game.hands[1 - game.to_move]
    assert all(unseen[tile] >= other.count(tile) for tile in other)


def test_an_exchange_of_the_tiles_that_fit_nowhere_is_a_plan_too() -> None:
    from mathplay.games.mixmath import EMPTY_BOARD

    # 49 and 81 fit nowhere next to the start numbers 1, 2, 3 and 4.
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["49 81 5 7 1 6 9", "2 3 4 5 6 7 8"])
    eager = TurnValue(swap=-1000.0, swap_opening=True)
    plan = plan_turn(game, Budget(steps=200), eager)
    assert sorted(plan.exchange) == ["49", "81"] and not plan.placements
    game.play("exchange " + " ".join(plan.exchange))
    assert game.to_move == 1 and len(game.hands[0]) == 7
    # With no margin set, never while a tile can be placed.
    fresh = Mixmath.from_diagram(EMPTY_BOARD, hands=["49 81 5 7 1 6 9", "2 3 4 5 6 7 8"])
    assert not plan_turn(fresh, Budget(steps=200), TurnValue(swap=None)).exchange


def test_an_exchange_that_would_end_the_game_is_never_planned() -> None:
    from mathplay.games.mixmath import EMPTY_BOARD

    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["2 3 4 5 6 7 8", "49 81 5 7 1 6 9"])
    game.play("pass")  # the first player's scoreless turn: one more ends the game (M9)
    plan = plan_turn(game, Budget(steps=200), TurnValue(swap=-1000.0, swap_opening=True))
    assert not plan.exchange and plan.placements


def test_a_whole_expert_turn_shares_one_clock() -> None:
    game = _midgame(11)
    ticks = itertools.count()

    class Ticking(ExpertPlayer):
        def turn_budget(self) -> Budget:
            return Budget(steps=None, seconds=1.0, clock=lambda: next(ticks) / 10)

    before = game.to_move
    played = Ticking(seed=3).play_turn(game)
    assert played and game.to_move != before
    # Ten readings of the clock make the second; a plan looks at a position per reading,
    # so however many times the turn is planned again it looks at few positions.
    read = next(ticks)
    assert 10 <= read < 60


def _after_a_sign_square(seed: int) -> Mixmath:
    """A game in which the player to move has just placed a tile on a sign square."""
    from mathplay.games.mixmath.movegen import sign_of

    for offset in range(20):
        game = _midgame(seed + offset, turns=2)
        for move in game.placements():
            if sign_of(move.square) is not None:
                game.play(move)
                if game.can_draw:
                    return game
    raise AssertionError("no placement on a sign square in 20 games")


def test_the_extra_tile_is_taken_unless_it_would_cost_the_bonus() -> None:
    """M6: after a placement on a sign square a player may draw one extra tile; M7: the
    rack-clear bonus needs a rack emptied, extra tiles included."""
    from mathplay.ai.mixmath_expert import wants_draw

    game = _after_a_sign_square(30)
    rack = game.hands[game.to_move]
    assert wants_draw(game, [])  # the expert's weights: always, as the strong player
    keeping = replace(EXPERT, keep_bonus=True)
    assert wants_draw(game, [], keeping)
    empties = [object()] * len(rack)  # a plan that places every tile left
    clears = game._pos.turn_start_rack >= 7
    assert wants_draw(game, empties, keeping) is not clears  # type: ignore[arg-type]
    bag = len(game._pos.bag)
    assert not wants_draw(game, [], replace(EXPERT, draw_least=bag + 1))
    assert wants_draw(game, [], replace(EXPERT, draw_least=bag))
    game.play("end")
    assert not wants_draw(game, [])  # no extra tile offered any more


def test_an_exchange_needs_only_as_many_tiles_in_the_bag_as_it_gives_back() -> None:
    """M6: an exchange is allowed while the bag holds at least as many tiles."""
    from mathplay.games.mixmath import EMPTY_BOARD

    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["49 81 5 7 1 6 9", "2 3 4 5 6 7 8"])
    while len(game._pos.bag) > 3:
        game._pos.bag.draw(1)
    eager = TurnValue(swap=-1000.0, swap_bag=1, swap_opening=True)
    assert sorted(plan_turn(game, Budget(steps=200), eager).exchange) == ["49", "81"]
    # The older rule: a bag of at least 7 tiles.
    assert not plan_turn(game, Budget(steps=200), replace(eager, swap_bag=7)).exchange
    while len(game._pos.bag) > 1:
        game._pos.bag.draw(1)
    assert not plan_turn(game, Budget(steps=200), eager).exchange  # two tiles, one in the bag


def test_the_expected_best_reply_counts_the_chance_of_holding_each_tile() -> None:
    from collections import Counter

    # 20 unseen tiles, a rack of 7: the one 81 is held with a chance of 7/20; the three
    # 5s give the best spot only when no 81 is held.
    unseen = Counter({"81": 1, "5": 3, "2": 16})
    spots = {81: 162, 5: 10}
    held_81 = 7 / 20
    held_5 = min(1.0, 3 * 7 / 20)
    expected = held_81 * 162 + (1 - held_81) * held_5 * 10
    assert expected_best(spots, unseen, 7) == pytest.approx(expected)
    assert expected_best(spots, unseen, 0) == 0.0
    assert expected_best({}, unseen, 7) == 0.0


def test_counting_the_threat_chooses_placements_that_leave_the_opponent_less() -> None:
    """Among the same placements (every one, one deep, so both searches see the same
    set), the plan chosen with ``threat`` leaves the opponent an expected best reply no
    bigger than the plan chosen without; and in some positions a smaller one."""
    every = replace(EXPERT, beam=10_000, width=10_000, depth=1, swap=None)

    def reply(game: Mixmath, threat: float) -> float:
        """The opponent's expected best reply after the plan chosen with ``threat``."""
        player = game.to_move
        plan = plan_turn(game, Budget(steps=None), replace(every, threat=threat))
        trial = game.copy()
        for move in plan.placements:
            trial.play(move)
        spots = best_scores(board_values(trial._pos.board.cells), 2, trial.options)
        return expected_best(spots, unseen_tiles(game, player), len(game.hands[1 - player]))

    smaller = 0
    for seed in range(1, 11):
        game = _midgame(seed)
        without, careful = reply(game, 0.0), reply(game, 0.15)
        assert careful <= without + 1e-9, seed
        smaller += careful < without - 1e-9
    assert smaller >= 1


def test_no_exchange_while_the_board_holds_only_the_start_numbers() -> None:
    """With only the start numbers on the board the opponent may have no placement
    either, and two scoreless turns end the game with nothing placed (M9)."""
    from mathplay.games.mixmath import EMPTY_BOARD

    hands = ["49 81 5 7 1 6 9", "2 3 4 5 6 7 8"]
    careful = TurnValue(swap=-1000.0)  # the expert's rule: swap_opening=False
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=hands)
    assert plan_turn(game, Budget(steps=200), replace(careful, swap_opening=True)).exchange
    plan = plan_turn(game, Budget(steps=200), careful)
    assert not plan.exchange and plan.placements
    # Once a tile is on the board the exchange is a plan again.
    game.play(plan.placements[0])
    game.play("end")
    game.play(game.placements()[0])
    game.play("end")
    assert plan_turn(game, Budget(steps=200), careful).exchange
