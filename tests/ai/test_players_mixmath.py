"""Computer players and hints on Mixmath (issue #6): whole turns, several placements."""

from __future__ import annotations

import pytest

from mathplay import Mixmath
from mathplay.ai import make_player
from mathplay.tournament import play_game, run_match


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


def test_greedy_takes_the_best_placement_first() -> None:
    game = Mixmath(players=2, seed=9)
    best = max(m.score for m in game.legal_moves())
    make_player("greedy").play_turn(game)
    first_placement = next(e for e in game.history if e.move not in {"draw", "end"})
    assert first_placement.score == best


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
