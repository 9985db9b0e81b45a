"""Each game offers the computer levels that mean what they say: each measured stronger
than the one below (docs/ai.md, "The levels"). Summy's ``hard`` won no more games than
``medium``, so Summy offers two levels, and ``computer:hard`` there plays, and is named,
as ``medium``."""

from __future__ import annotations

import pytest

from mathplay.games.registry import GAMES
from mathplay.widgets import play


def _seat_choices(board: object) -> list[str]:
    fields = {field["name"]: field for field in board.layout_data["options"]}  # type: ignore[attr-defined]
    return [choice[0] for choice in fields["seat1"]["choices"]]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_new_game_panel_offers_the_games_levels(game: str) -> None:
    board = play(game, threaded=False)
    levels = GAMES[game].levels
    assert _seat_choices(board) == ["human", *(f"computer:{level}" for level in levels)]
    if not GAMES[game].plugin:  # a plug-in's game offers the levels its GameInfo lists
        assert ("hard" in levels) is (game != "summy")


def test_summy_hard_plays_and_is_named_as_medium() -> None:
    board = play("summy", seats=["human", "computer:hard"], threaded=False, size=9)
    assert board.seats == ["human", "computer:medium"]
    assert board.view["players"][1]["name"] == "Computer (medium)"
    board.new_game(seats=["human", "computer:hard"], players=2)  # the panel cannot offer it
    assert board.seats == ["human", "computer:medium"]


def test_mixmath_and_binary_keep_their_hard_level() -> None:
    for game in ("mixmath", "binary"):
        board = play(game, seats=["human", "computer:hard"], threaded=False)
        assert board.seats == ["human", "computer:hard"]
        assert board.view["players"][1]["name"] == "Computer (hard)"


@pytest.mark.parametrize("computer_first", [False, True])
def test_a_level_the_game_does_not_offer_is_said_once(computer_first: bool) -> None:
    import mathplay
    from tests.widgets.conftest import front_end

    seats = ["computer:hard", "human"] if computer_first else ["human", "computer:hard"]
    board = mathplay.play("summy", seats=seats, seed=4, threaded=False)
    said = "Summy has no hard level: the computer plays at medium, the strongest it has."
    assert board.message.startswith(said), board.message
    assert board.seats[seats.index("computer:hard")] == "computer:medium"
    if computer_first:  # said before the computer's first move, not lost under it
        assert "Computer (medium): " in board.message
    front_end(board, event="tile", index=0)
    assert said not in board.message  # once
    plain = mathplay.play("summy", seats=["human", "computer:medium"], seed=4, threaded=False)
    assert "level" not in plain.message
