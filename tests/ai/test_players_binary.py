"""Computer players and hints on Binary (issue #6)."""

from __future__ import annotations

import pytest

from mathplay import Binary
from mathplay.ai import make_player
from mathplay.tournament import play_game


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_players_finish_seeded_binary_games(kind: str) -> None:
    first = play_game(Binary(players=2, seed=8), [make_player(kind, 1), make_player(kind, 2)])
    again = play_game(Binary(players=2, seed=8), [make_player(kind, 1), make_player(kind, 2)])
    assert first.is_over
    assert [e.move for e in first.history] == [e.move for e in again.history]


def test_binary_hint_explains_in_binary() -> None:
    rows = [". " * 14 + "."] * 15
    game = Binary.from_diagram("\n".join(rows), hands=["1 + 1 = 1 0"])
    hint = game.hint()
    assert hint.move is not None and "is true in binary" in hint.text
    assert hint.score == max(m.score for m in game.legal_moves())


def test_binary_hint_names_a_blank_by_the_chip_it_plays() -> None:
    """``?1`` is notation; a student reads "a blank as 1" and the line as it reads."""
    rows = [". " * 14 + "."] * 15
    game = Binary.from_diagram("\n".join(rows), hands=["1 + ? = 1 0"])
    nudge = game.hint(level=2)
    assert "a blank as 1" in nudge.text and "?" not in nudge.text
    assert "?1" in nudge.tiles  # the tiles themselves stay in notation, for the board
    move = game.hint(level=3)
    assert move.move is not None and "?" in str(move.move)
    line = str(move.move).split(" ", 2)[2].replace("?", "")
    assert f"{line} is true in binary, with a blank as 1," in move.text


def test_binary_hint_with_several_blanks_names_their_chips_once() -> None:
    rows = [". " * 14 + "."] * 15
    game = Binary.from_diagram("\n".join(rows), hands=["1 + ? = ? 0"])
    hint = game.hint(level=3)
    blanks = [t[1:] for t in hint.tiles if t.startswith("?")]
    assert len(blanks) == 2
    assert f"with blanks as {blanks[0]}, {blanks[1]}, for" in hint.text


def test_stuck_binary_player_exchanges_while_the_bag_allows() -> None:
    rows = [". " * 14 + "."] * 15
    game = Binary.from_diagram("\n".join(rows), hands=["= = = = x x / / +", "1"])
    assert game.legal_moves() == []
    played = make_player("greedy").play_turn(game)
    assert played[0].startswith("exchange")
