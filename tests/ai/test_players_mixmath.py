"""Computer players and hints on Mixmath (issue #6): whole turns, several placements."""

from __future__ import annotations

import pytest

from mathplay import Mixmath
from mathplay.ai import make_player
from mathplay.games.mixmath.moves import Placement
from mathplay.games.mixmath.position import EMPTY_BOARD
from mathplay.tournament import play_game, run_match


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_players_play_whole_turns_and_finish_seeded_games(kind: str) -> None:
    first = play_game(Mixmath(players=2, seed=4), [make_player(kind, 1), make_player(kind, 2)])
    again = play_game(Mixmath(players=2, seed=4), [make_player(kind, 1), make_player(kind, 2)])
    assert first.is_over
    assert [e.move for e in first.history] == [e.move for e in again.history]


def test_a_turn_ends_with_end_or_a_pass_and_hands_the_turn_on() -> None:
    game = Mixmath(players=2, seed=4)
    player = game.to_move
    played = make_player("greedy").play_turn(game)
    assert played[-1] in {"end", "pass"} or played[-1].startswith("exchange")
    assert game.to_move != player
    placements = [m for m in played if m not in {"end", "draw", "pass"}]
    assert placements, "greedy places at least one tile on the opening board"


def test_greedy_makes_the_placement_that_opens_a_bigger_one() -> None:
    # The best single placement is a 12 (3×4), but a 7 (3+4) on F8 opens E8, a × square,
    # for 21 = 7×3: greedy plays the 7 first and scores all three tiles.
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["7 21 12", "1 1 1"])
    assert max(game.legal_moves(), key=lambda m: m.score).score == 12
    played = make_player("greedy").play_turn(game)
    assert played[0] == "F8 7"
    assert "E8 21" in played and game.scores[0] == 7 + 21 + 12


def test_greedy_looks_at_every_first_placement_and_the_best_follow_up() -> None:
    game = Mixmath(players=2, seed=9)
    player = game.to_move

    def pair_value(move: Placement) -> int:
        trial = game.copy()
        trial.play(move)
        follow = [m.score for m in trial.legal_moves()] if trial.to_move == player else []
        return move.score + max(follow, default=0)

    values = {str(m): pair_value(m) for m in game.legal_moves()}
    played = make_player("greedy").play_turn(game)
    assert values[played[0]] == max(values.values())


def test_mixmath_hint_names_the_equation() -> None:
    game = Mixmath(players=2, seed=3)
    hint = game.hint()
    assert hint.move is not None
    assert "=" in hint.text and f"{hint.score} points" in hint.text
    assert str(hint.move) in hint.text
    assert "Try your" in game.hint(level=2).text


def test_mixmath_match_runs() -> None:
    result = run_match("mixmath", ("strong", "greedy"), games=2, seed=3)
    assert result.games == 2 and len(result.seconds) == 2


def _stuck_at_the_end(rack: str) -> Mixmath:
    """A position where the player to move has no placement and the other player has
    just passed, so a scoreless turn now ends the game (M9)."""
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["63 56 49 45 40 36 35", rack], seed=2)
    game.play("pass")
    assert not game.legal_moves() and game._pos.idle_turns == 1
    return game


def test_careful_players_swap_heavy_tiles_when_their_turn_ends_the_game() -> None:
    game = _stuck_at_the_end("90 81 72 64 5 5 5")
    played = make_player("greedy").play_turn(game)
    assert played == ["exchange 90 81 72 64"]
    assert game.is_over and game.penalties[1] < 90 + 81 + 72 + 64 + 15


def test_careful_players_pass_when_their_rack_is_already_light() -> None:
    game = _stuck_at_the_end("5 5 5 9 9 9 10")
    assert make_player("strong").play_turn(game) == ["pass"]
    assert game.is_over and game.penalties[1] == 52


def test_the_random_player_exchanges_its_whole_rack() -> None:
    game = _stuck_at_the_end("90 81 72 64 5 5 5")
    assert make_player("random").play_turn(game) == ["exchange 90 81 72 64 5 5 5"]


def test_the_strong_plan_counts_tiles_that_fit_nowhere_against_it() -> None:
    from mathplay.ai.mixmath_plan import DEAD_TILE_WEIGHT, end_of_sequence

    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["90 7 12 5", "1 1 1"])
    moves = game.placements()
    assert {m.rack_tile for m in moves} == {"7", "12"}  # 90 and 5 fit nowhere yet
    assert end_of_sequence(game, 0, moves, count_rack=False) == 0.0
    assert end_of_sequence(game, 0, moves, count_rack=True) == -DEAD_TILE_WEIGHT * (90 + 5)
