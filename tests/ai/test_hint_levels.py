"""Hint level 2 names the tiles and a place, never the move in order; with no move, the
hint says which tiles to let go (Summy, Binary, Mixmath)."""

from __future__ import annotations

import re

import pytest

from mathplay import Binary, Mixmath, Summy
from mathplay.ai.hints import _placed
from mathplay.ai.tile_words import tile_name, tile_order


def in_move_order(game: object, move: object) -> list[str]:
    return [tile_name(token) for _square, token in _placed(game, move)]


@pytest.mark.parametrize(
    "make",
    [
        *(lambda s=s: Summy(seed=s, size=11, first_hand="playable") for s in range(12)),
        *(lambda s=s: Binary(seed=s) for s in range(6)),
        *(lambda s=s: Mixmath(seed=s) for s in range(6)),
    ],
)
def test_level_two_is_not_the_answer(make: object) -> None:
    game = make()  # type: ignore[operator]
    full = game.hint(level=3)
    if full.move is None:
        pytest.skip("no move in this deal")
    two = game.hint(level=2)
    move = full.move
    assert two.move is None and two.text != full.text
    assert str(move) not in two.text
    placed = _placed(game, move)
    start = placed[0][0]
    # The tiles are named sorted, not in the order they are played ...
    assert list(two.tiles) == tile_order(two.tiles)
    order = in_move_order(game, move)
    if len(order) > 1 and order != [tile_name(t) for t in tile_order(two.tiles)]:
        assert ", ".join(order) not in two.text
    # ... and the line is not written out, nor where the placed tiles start.
    line = "".join(getattr(move, "tokens", ()))
    if len(line) > 2:
        assert line not in two.text.replace(" ", "")
    if two.square != start:
        from mathplay.core import square_name

        assert not re.search(rf"\b{square_name(start)}\b", two.text)


def test_level_two_for_a_summy_sum() -> None:
    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    game = Summy.from_diagram("\n".join(rows), hands=["8x54=+0"])
    assert str(game.hint(level=3).move) == "B5 across 5x8=40"
    two = game.hint(level=2)
    assert two.text == "Use your 0, 4, 5, 8 and × with the = on E5, going across."
    assert two.square == (4, 4) and two.tiles == ("0", "4", "5", "8", "x")


def test_level_two_for_a_first_binary_move_names_the_centre() -> None:
    rows = [". " * 14 + "."] * 15
    game = Binary.from_diagram("\n".join(rows), hands=["1 + 1 = 1 0"])
    two = game.hint(level=2)
    assert two.text in (
        "Use your 0, 1, 1, 1, + and = going across, through H8.",
        "Use your 0, 1, 1, 1, + and = going down, through H8.",
    )


def test_level_two_for_mixmath_names_a_neighbour_not_the_square() -> None:
    game = Mixmath(players=2, seed=3)
    two = game.hint(level=2)
    assert two.text == "Try your 8 next to the 2 on H7."
    assert str(game.hint(level=3).move) == "H6 8"


def test_stuck_binary_hint_names_the_chips_to_exchange() -> None:
    game = Binary(seed=17)
    assert not game.legal_moves()
    hint = game.hint()
    assert hint.text == (
        "No move can be made with these chips. Exchange = and =: keeping 0, 0, 0, 1, 1, 1 "
        "and 1 gives you the best chance of a move next turn."
    )
    game.play("exchange " + " ".join(hint.tiles))
    assert game.to_move == 1


def test_stuck_binary_hint_with_a_small_bag_says_pass() -> None:
    from mathplay.core import Bag

    game = Binary(seed=17)
    game._pos.bag = Bag(["1", "0"])
    assert "too few chips left to exchange: pass" in game.hint().text


@pytest.mark.parametrize("seed", [134, 163])
def test_stuck_mixmath_hint_names_the_tiles_to_exchange(seed: int) -> None:
    game = Mixmath(seed=seed)
    first = game.to_move
    assert not game.legal_moves()
    hint = game.hint()
    assert hint.text.startswith("No tile fits anywhere on the board. Exchange all your tiles (")
    assert sorted(hint.tiles) == sorted(game.hands[game.to_move])
    game.play("exchange " + " ".join(hint.tiles))
    assert game.to_move != first


def test_hints_name_a_times_block_on_the_table_as_the_sign() -> None:
    rows = [". " * 8 + "."] * 9
    rows[4] = ". 3 x 4 = 1 2 . ."
    game = Summy.from_diagram("\n".join(rows), hands=["23=6"])
    assert game.hint(level=1).text == "Look near C5: there is a good move around the × there."
    assert game.hint(level=2).text == "Use your 2, 3, 6 and = with the × on C5, going down."


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "for 1 point."), ("es", "por 1 punto."), ("el", "για 1 πόντο."), ("ms", "1 mata.")],
)
def test_a_move_worth_one_point_says_one_point(language: str, said: str) -> None:
    from mathplay.ai.hints import explain_move
    from mathplay.i18n import set_language

    game = Mixmath(players=2, seed=5)
    move = next(move for move in game.legal_moves() if move.score == 1)
    set_language(language)
    try:
        assert explain_move(game, move).endswith(said)
    finally:
        set_language("en")
