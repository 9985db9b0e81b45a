"""Computer players and hints on Summy (issue #6)."""

from __future__ import annotations

import pytest

from mathplay import MathplayError, Summy
from mathplay.ai import EasyPlayer, GreedyPlayer, RandomPlayer, StrongPlayer, make_player
from mathplay.tournament import play_game, run_match


def small_game(seed: int = 1) -> Summy:
    return Summy(players=2, seed=seed, size=11)


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("random", RandomPlayer),
        ("greedy", GreedyPlayer),
        ("strong", StrongPlayer),
        ("easy", EasyPlayer),
        ("1", EasyPlayer),
        ("beginner", EasyPlayer),
        ("medium", GreedyPlayer),
        ("hard", StrongPlayer),
        ("Expert", StrongPlayer),
    ],
)
def test_make_player_by_name_or_level(name: str, kind: type) -> None:
    assert isinstance(make_player(name), kind)


def test_unknown_player_is_a_clear_error() -> None:
    with pytest.raises(
        MathplayError,
        match="there is no computer player 'grandmaster': choose easy, medium or hard",
    ):
        make_player("grandmaster")


def test_greedy_plays_a_highest_scoring_move() -> None:
    game = small_game()
    best = max(m.score for m in game.legal_moves())
    played = make_player("greedy").play_turn(game)
    assert len(played) == 1
    assert game.history[-1].score == best


@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_players_finish_games_and_are_seeded(kind: str) -> None:
    first = play_game(small_game(3), [make_player(kind, 1), make_player(kind, 2)])
    again = play_game(small_game(3), [make_player(kind, 1), make_player(kind, 2)])
    assert first.is_over
    assert [e.move for e in first.history] == [e.move for e in again.history]


def test_player_refuses_to_move_in_a_finished_game() -> None:
    game = play_game(small_game(4), [make_player("greedy"), make_player("greedy")])
    with pytest.raises(MathplayError, match="game is over"):
        make_player("greedy").play_turn(game)


def test_stuck_player_discards_or_passes() -> None:
    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    game = Summy.from_diagram("\n".join(rows), hands=["==::xx--", "1"], to_move=0)
    assert game.legal_moves() == []
    played = make_player("greedy").play_turn(game)
    assert played[0].startswith("discard")
    assert game.discarded  # the surplus went out of the game


def test_run_match_counts_every_game() -> None:
    result = run_match("summy", ("greedy", "random"), games=2, seed=5, size=9)
    assert result.games == 2
    assert len(result.scores[0]) == len(result.scores[1]) == 2
    assert "greedy vs random: 2 games" in result.report()
