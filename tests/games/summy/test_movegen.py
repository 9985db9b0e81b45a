"""``Summy.legal_moves()`` is exact: checked against hand-worked positions and against
the brute-force generator in ``reference.py`` (S2–S4)."""

from __future__ import annotations

import random

import pytest

from mathplay import Summy
from tests.games.summy.reference import brute_force_moves
from tests.games.summy.test_rules import EMPTY9, table


def listed(game: Summy) -> set[str]:
    moves = game.legal_moves()
    texts = [f"{m} {m.score}" for m in moves]
    assert len(texts) == len(set(texts)), "a move is listed twice"
    return set(texts)


def test_hand_worked_first_move() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["12+3"], to_move=0)
    assert listed(game) == {
        "B5 across 1+2=3 6",
        "B5 across 2+1=3 6",
        "E2 down 1+2=3 6",
        "E2 down 2+1=3 6",
    }


def test_hand_worked_sum_through_two_blocks_on_the_table() -> None:
    # Two down sums leave a 4 at C5 and a 2 at E5 in row 5, with one square between them.
    diagram = table(
        (3, ". . 1 . 1 . . . ."),
        (4, ". . x . x . . . ."),
        (5, ". . 4 . 2 . . . ."),
        (6, ". . = . = . . . ."),
        (7, ". . 4 . 2 . . . ."),
    )
    game = Summy.from_diagram(diagram, hands=["x=8"], to_move=0)
    moves = listed(game)
    assert "C6 across 4x2=8 14" in moves  # uses C6 and E6 from the table


def test_every_listed_move_is_playable_and_scores_what_it_says() -> None:
    game = Summy(players=2, seed=11, size=11)
    for move in game.legal_moves()[:20]:
        copy = game.copy()
        assert copy.play(str(move)) == move.score


@pytest.mark.parametrize("seed", range(8))
def test_matches_brute_force_on_small_tables(seed: int) -> None:
    rng = random.Random(seed)
    game = Summy(players=2, seed=seed, size=9, hand_size=5)
    compared = 0
    for _ in range(8):
        if game.is_over:
            break
        assert listed(game) == brute_force_moves(game)
        compared += 1
        moves = game.legal_moves()
        if moves:
            game.play(rng.choice(moves))
        else:
            game.play("discard " + "".join(game.hands[game.to_move][:2]))
    assert compared >= 3


def test_matches_brute_force_on_a_busy_hand_worked_table() -> None:
    diagram = table(
        (2, ". . . . 6 . . . ."),
        (3, ". . . . : . . . ."),
        (4, ". . 3 + 3 = 6 . ."),
        (5, ". . . . = . . . ."),
        (6, ". . . . 2 . . . ."),
    )
    game = Summy.from_diagram(diagram, hands=["12+x=0", "5"], to_move=0)
    assert listed(game) == brute_force_moves(game)
    assert len(game.legal_moves()) > 5


def test_number_limits_read_the_squares_after_equals() -> None:
    from mathplay.games.summy.movegen import _number_limits

    # An operator just after '=': no number can follow, whatever the hand.
    assert (
        _number_limits(("x", None, None), free=7, hand_digits=5, need_table=False)
        == ((0,) * 6,) * 8
    )
    # '4', three free squares, '8': 4 alone needs no block, 4d one digit, 4dd two; 4ddd
    # would touch the 8 (not the whole line), so three digits make 4ddd8, below 49999.
    limits = _number_limits(("4", None, None, None, "8", None), 3, 3, False)
    assert limits[0] == (5, 50, 500, 49999)
    assert limits[3] == (5, 5, 5, 5)  # no block left for the number: only 4
    # A leading 0 allows only the number 0.
    assert _number_limits(("0", None, None), 2, 2, False)[0] == (1, 1, 1)
    # All blocks before '=' come from the hand: the number must cover a table block.
    assert _number_limits((None, None, None), 2, 2, True) == ((0, 0, 0),) * 3
