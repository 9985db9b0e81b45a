"""Hints (issue #6): gentle to strong, limited to a tile, never changing the game."""

from __future__ import annotations

from collections import Counter

import pytest

from mathplay import MathplayError, Summy
from mathplay.ai.tile_words import tile_name


def position(hand: str = "12+3") -> Summy:
    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    return Summy.from_diagram("\n".join(rows), hands=[hand, "0"], to_move=0)


def test_level_three_gives_the_best_move_and_why() -> None:
    game = position()
    hint = game.hint()
    assert hint.level == 3 and hint.move is not None
    assert hint.score == max(m.score for m in game.legal_moves())
    assert "1+2=3 is true" in hint.text and "6 points" in hint.text


def test_levels_go_from_a_nudge_to_the_move() -> None:
    game = position()
    gentle, stronger, full = (game.hint(level=n) for n in (1, 2, 3))
    assert "E5" in gentle.text and gentle.move is None
    assert stronger.text == "Use your 1, 2, 3 and + with the = on E5, going across."
    assert stronger.move is None
    assert full.move is not None and str(full.move) in full.text


def test_hint_using_a_tile() -> None:
    game = position("12+34")
    hint = game.hint(using="4")
    assert hint.move is not None and "4" in hint.move.tokens
    assert "No move uses 9" in game.hint(using="9").text


def test_hints_lists_the_top_moves_in_order() -> None:
    game = Summy(players=2, seed=3, size=11)
    top = game.hints(n=4)
    assert len(top) == 4
    assert [h.score for h in top] == sorted((h.score for h in top), reverse=True)


def test_hints_never_change_the_game() -> None:
    game = Summy(players=2, seed=3, size=11)
    before = (game.state_key(), game.save())
    for level in (1, 2, 3):
        game.hint(level=level)
    game.hints(5)
    assert (game.state_key(), game.save()) == before


def test_no_move_hint_says_what_to_do() -> None:
    game = position("==::xx--")
    assert "Discard" in game.hint().text


def test_no_move_hint_names_the_blocks_to_discard_and_why() -> None:
    # No sum: the hint keeps what the computer players keep (summy_eval.best_keep).
    game = position("98=x0:+=")
    assert not game.legal_moves()
    hint = game.hint()
    assert hint.text == (
        "No sum can be made with these blocks. Discard 0, +, ×, ÷ and one =: keeping 8, 9 "
        "and one = gives you the best chance of a sum next turn."
    )
    assert sorted(hint.tiles) == sorted("0+x:=")
    assert hint.move is None
    assert all(game.hint(level=n).text == hint.text for n in (1, 2))
    # What it says to discard is what a greedy player discards, and it can be played.
    from mathplay.ai.summy_eval import discard_surplus

    assert sorted(discard_surplus(list(game.hands[0])).split()[1]) == sorted(hint.tiles)
    game.play("discard " + "".join(hint.tiles))
    assert sorted(game.hands[0][:3]) == ["8", "9", "="]


def test_no_move_hint_with_an_empty_stock_says_pass() -> None:
    from mathplay.core import Bag

    game = position("==::xx--")
    game._pos.bag = Bag([])
    assert game.hint().text == ("No sum can be made with this hand, and the stock is empty: pass.")


def test_stuck_first_hands_get_a_discard_hint_in_plain_words() -> None:
    for seed in range(40):
        game = Summy(seed=seed, size=9)
        if game.legal_moves():
            continue
        text = game.hint().text
        assert text.startswith("No sum can be made with these blocks. Discard ")
        assert "gives you the best chance of a sum next turn." in text
        assert "(S" not in text  # no rule ids
        blocks = text.split("Discard ")[1].split(" gives")[0].replace(": keeping", ",")
        names = blocks.replace(" and ", ", ").replace("one ", "").split(", ")
        assert not {"x", ":"} & set(names)  # operator blocks are named × and ÷
        assert Counter(names) == Counter(tile_name(t) for t in game.hands[0])


def test_bad_level_is_a_clear_error() -> None:
    with pytest.raises(MathplayError, match="hint level is 1, 2 or 3"):
        position().hint(level=7)


def test_hints_rank_like_a_full_sort_and_generate_moves_once_per_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mathplay.ai import search
    from mathplay.ai.hints import top_moves

    game = Summy(players=2, seed=3, size=11)
    expected = top_moves(game.legal_moves(), 5)
    calls = []
    original = search.summy_moves

    def counted(self: Summy, budget: object) -> list:  # type: ignore[type-arg]
        calls.append(self.ply)
        return original(self, budget)  # type: ignore[arg-type]

    # Hints search within a budget (mathplay.ai.search), never past it.
    monkeypatch.setattr(search, "summy_moves", counted)
    assert [h.move for h in game.hints(5)] == expected
    assert len(calls) == 1
    for level in (1, 2, 3):
        game.hint(level=level)
    assert game.hint().move == expected[0]
    assert len(calls) == 2  # one generation for every hint level about this position
    game.play(expected[0])
    game.hint()
    assert len(calls) == 3  # a new position: the moves are generated again
    game.undo()
    assert game.hint().move == expected[0]
