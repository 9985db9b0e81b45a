"""Searches within a budget (mathplay.ai.search): the moves they return are
legal, a budget that lasts gives exactly the engine's answer, a budget that runs out gives
good moves all the same, and everything is seeded and repeatable. No timings: the clock
is a fake one wherever it matters."""

from __future__ import annotations

import functools
import itertools
from typing import Any

import pytest

import mathplay
from mathplay.ai import binary_eval, make_player, search
from mathplay.ai.budget import Budget
from mathplay.ai.mixmath_plan import best_placement
from mathplay.core.steps import OutOfSteps, StepCounter
from mathplay.games.binary.best import best_moves
from mathplay.games.binary.movegen import generate_moves
from mathplay.games.summy.movegen import generate_sums


def played_positions(make: Any, seeds: range, plies: int) -> list[Any]:
    """Positions of seeded greedy games after ``plies`` plies each (not over)."""
    found = []
    for seed in seeds:
        game = make(seed)
        greedy = make_player("greedy", seed=seed)
        for _ in range(plies):
            if game.is_over:
                break
            greedy.play_turn(game)
        if not game.is_over:
            found.append(game)
    return found


@functools.cache
def _summy_positions() -> tuple[Any, ...]:
    make = lambda s: mathplay.Summy(players=2, seed=s, size=15)  # noqa: E731
    return tuple(played_positions(make, range(1, 7), 5))


@functools.cache
def _binary_positions(blank: bool) -> tuple[Any, ...]:
    games = played_positions(lambda s: mathplay.Binary(players=2, seed=s), range(1, 40), 3)
    return tuple([g for g in games if ("?" in g.hands[g.to_move]) == blank][:3])


def summy_positions() -> list[Any]:
    """Summy positions of seeded games (fresh copies: a test may play on)."""
    return [game.copy() for game in _summy_positions()]


def binary_positions(blank: bool) -> list[Any]:
    """Binary positions whose hand to move holds a blank (``blank``) or none."""
    return [game.copy() for game in _binary_positions(blank)]


def notations(moves: Any) -> list[str]:
    return [f"{move} {move.score}" for move in moves]


def test_a_step_counter_charges_in_chunks_and_stops_the_search() -> None:
    budget = Budget(steps=10)
    counter = StepCounter(budget, chunk=4)
    for _ in range(8):
        counter.tick()
    assert budget.used == 8
    with pytest.raises(OutOfSteps):
        for _ in range(4):
            counter.tick()
    assert budget.spent and not budget.cut_by_clock


def test_a_part_of_a_budget_may_take_all_that_is_left() -> None:
    whole = Budget(steps=5)
    part = whole.part(None)
    assert part.steps == 5 and sum(part.spend() for _ in range(9)) == 5
    assert whole.used == 5 and Budget().part(None).steps is None


def test_summy_with_a_budget_that_lasts_is_exactly_the_engine() -> None:
    for game in summy_positions():
        budget = Budget(steps=10**9)
        assert notations(search.summy_moves(game, budget)) == notations(game.legal_moves())
        assert not budget.spent


def table_digits(game: Any, move: Any) -> int:
    """What the digits already on the table along ``move``'s whole line add up to."""
    board = game._pos.board
    row, column = move.start
    across = str(move.direction) == "across"
    squares = [(row, i) if across else (i, column) for i in range(board.size)]
    return sum(int(t) for t in (board[sq] for sq in squares) if t and t.isdigit())


def test_summy_rich_lines_first_is_the_same_sums_line_by_line() -> None:
    for game in summy_positions():
        rich = list(generate_sums(game, rich_first=True))
        assert sorted(notations(rich)) == sorted(notations(game.legal_moves()))
        richness = [table_digits(game, move) for move in rich]
        assert richness == sorted(richness, reverse=True)


def test_summy_with_a_budget_that_runs_out_gives_legal_moves() -> None:
    for game in summy_positions():
        every = set(notations(game.legal_moves()))
        if not every:
            continue
        for steps in (1, 2_000, 20_000):
            budget = Budget(steps=steps)
            found = notations(search.summy_moves(game, budget))
            assert found and set(found) <= every  # never empty while a sum exists
            again = notations(search.summy_moves(game, Budget(steps=steps)))
            assert found == again  # the same budget, the same moves


def test_a_summy_hand_of_digits_is_cut_short_but_finds_the_best_sum() -> None:
    # A hand of six digits, = and + on a busy 25×25 table: the whole search takes many
    # times the budget, so the players see only part of it; searching the lines richest
    # in table digits first, that part holds the best sum (43 points); in the engine's
    # line order the same number of steps holds nothing as good.
    game = mathplay.Summy(players=2, seed=5)
    greedy = [make_player("greedy", seed=5), make_player("greedy", seed=5)]
    for _ in range(7):
        greedy[game.to_move].play_turn(game)
    assert sorted(game.hands[game.to_move]) == sorted("684=109+")
    budget = Budget(steps=search.SUMMY_STEPS)
    found = search.summy_moves(game, budget)
    every = game.legal_moves()
    assert budget.spent and set(notations(found)) < set(notations(every))
    in_board_order = list(generate_sums(game, Budget(steps=search.SUMMY_STEPS)))
    best = max(m.score for m in every)
    assert max(m.score for m in found) == best > max(m.score for m in in_board_order)


@pytest.mark.slow
@pytest.mark.parametrize("blank", [False, True])
def test_binary_best_with_a_budget_that_lasts_is_exactly_the_engine(blank: bool) -> None:
    for game in binary_positions(blank):
        for n in (1, 5):
            budget = Budget(steps=10**9)
            assert notations(search.binary_best(game, n, budget)) == notations(game.best_moves(n))
            assert not budget.spent


@pytest.mark.slow
def test_binary_first_pass_keeps_the_blanks_in_hand() -> None:
    for game in binary_positions(blank=True):
        kept = list(generate_moves(game, blanks=False))
        placed = [t for m in kept for sq, t in zip(m.squares, m.tokens) if sq in m.placed]
        assert kept and placed and not any(token.startswith("?") for token in placed)
        every = {str(m) for m in generate_moves(game)}
        assert {str(m) for m in kept} <= every


@pytest.mark.parametrize("blank", [False, True])
def test_binary_with_a_budget_that_runs_out_gives_legal_moves(blank: bool) -> None:
    for game in binary_positions(blank):
        for steps in (1, 3_000):
            budget = Budget(steps=steps)
            found = search.binary_best(game, 3, budget)
            assert found
            for move in found:
                game.copy().play(str(move))  # legal: the engine accepts it
            again = search.binary_best(game, 3, Budget(steps=steps))
            assert notations(found) == notations(again)
            listed = search.binary_moves(game, Budget(steps=steps))
            assert listed
            for move in listed[:: max(1, len(listed) // 20)]:
                game.copy().play(str(move))


def test_the_strong_players_binary_candidates_are_the_same_within_a_lasting_budget() -> None:
    for game in binary_positions(False) + binary_positions(True):
        within = binary_eval.candidates(game, Budget(steps=10**9))
        assert notations(within) == notations(binary_eval.candidates(game))


def test_binary_best_moves_at_least_a_score_skips_nothing_above_it() -> None:
    for game in binary_positions(False):
        best = game.best_moves(3)
        third = sorted((m.score for m in best), reverse=True)[2]
        assert notations(best_moves(game, 3, at_least=third)) == notations(best)


def test_mixmath_look_ahead_with_no_budget_left_still_plays_a_legal_placement() -> None:
    game = mathplay.Mixmath(players=2, seed=3)
    moves = game.placements()
    import random

    full = best_placement(game, moves, random.Random(1), depth=3, width=4, count_rack=True)
    lasting = best_placement(
        game, moves, random.Random(1), depth=3, width=4, count_rack=True, budget=Budget(10**9)
    )
    assert str(full) == str(lasting)
    spent = Budget(steps=0)
    cut = best_placement(game, moves, random.Random(1), depth=3, count_rack=True, budget=spent)
    assert str(cut) in {str(m) for m in moves} and spent.spent


class StoppedClock:
    """A clock whose deadline has always passed: every search is cut at once."""

    def __init__(self) -> None:
        self.ticks = itertools.count()

    def __call__(self) -> float:
        return float(next(self.ticks)) * 10.0


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["easy", "greedy", "strong", "expert"])
@pytest.mark.parametrize("game_name", ["summy", "binary"])
def test_a_player_whose_clock_has_run_out_still_makes_a_move(
    kind: str, game_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A machine so slow that the clock stops every search before it starts: the player
    # still plays a legal move when there is one, never a pass or a discard.
    clock = StoppedClock()
    real = Budget.__init__

    def slow(self: Budget, steps: Any = None, seconds: Any = None, clock_: Any = None) -> None:
        real(self, steps, seconds, clock)

    games = summy_positions()[:3] if game_name == "summy" else binary_positions(True)[:2]
    for game in games:
        if not game.legal_moves():
            continue
        monkeypatch.setattr(Budget, "__init__", slow)
        played = make_player(kind, seed=1).play_turn(game)
        monkeypatch.undo()
        assert not played[0].startswith(("pass", "discard", "exchange")), played


@pytest.mark.slow
@pytest.mark.parametrize("game_name", ["summy", "binary", "mixmath"])
def test_budgeted_players_replay_their_games(
    game_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mathplay.tournament import play_game

    # Steps make play repeatable; the clock is a safety net that, on a loaded machine,
    # may cut a search anywhere, so it is left out here.
    monkeypatch.setattr(search, "SECONDS", None)

    def one_game() -> list[str]:
        make = {"summy": mathplay.Summy, "binary": mathplay.Binary, "mixmath": mathplay.Mixmath}
        options = {"size": 11} if game_name == "summy" else {}
        game = make[game_name](players=2, seed=4, **options)  # type: ignore[operator]
        play_game(game, [make_player("strong", seed=4), make_player("greedy", seed=5)])
        return [str(entry.move) for entry in game.history]

    assert one_game() == one_game()
