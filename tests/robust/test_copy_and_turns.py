"""Findings of the adversarial test: copies stay independent after an undo,
and computer players finish solo games and turns a person started."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.ai import make_player


@pytest.mark.parametrize(
    "make",
    [
        lambda: mathplay.Summy(seed=3, size=9),
        lambda: mathplay.Mixmath(seed=3),
        lambda: mathplay.Binary(seed=3),
    ],
)
def test_a_copy_is_independent_after_an_undo_on_the_copy(make: object) -> None:
    game = make()  # type: ignore[operator]
    player = make_player("greedy", seed=1)
    player.play_turn(game)
    player.play_turn(game)
    probe = game.copy()
    probe.undo()
    expected = probe.state_key()
    alt = game.copy()
    alt.undo()
    moves = alt.legal_moves()
    alt.play(moves[-1] if moves else "end" if getattr(alt, "placed_this_turn", 0) else "pass")
    assert alt.state_key() != expected
    game.undo()
    assert game.state_key() == expected
    replayed = mathplay.load(game.save())
    assert replayed.state_key() == game.state_key()


@pytest.mark.parametrize("kind", ["random", "easy", "greedy", "strong"])
def test_every_computer_plays_a_solo_mixmath_game_to_its_end(kind: str) -> None:
    game = mathplay.Mixmath(players=1, seed=3)
    player = make_player(kind, seed=1)
    for _turn in range(300):
        if game.is_over:
            break
        before = game.ply
        played = player.play_turn(game)
        assert game.ply == before + len(played)
        assert played[-1] in ("end", "pass") or played[-1].startswith("exchange")
    assert game.is_over


def test_a_solo_mixmath_board_with_a_computer_seat_plays_through() -> None:
    board = mathplay.play("mixmath", seats=["computer"], seed=2, threaded=False)
    assert board.game.is_over
    assert board.view["kind"] == "over"
    assert "could not move" not in board.message


def test_the_computer_ends_a_turn_a_person_started_when_nothing_more_fits() -> None:
    game = mathplay.Mixmath(players=2, seed=3)
    greedy = make_player("greedy", seed=1)
    # A person places tiles until no placement is left, then asks the computer to finish.
    for _placement in range(20):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
        if game.can_draw:
            game.play("draw")
    assert game.placed_this_turn > 0 and not game.legal_moves()
    assert greedy.play_turn(game) == ["end"]
    assert game.to_move == 1
