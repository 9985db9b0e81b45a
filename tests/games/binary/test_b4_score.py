"""B4: new chips × letter premiums, plus the value bonus, × word premiums, + 50."""

from __future__ import annotations

import pytest

from mathplay.games.binary import Binary, value_bonus

from .helpers import EMPTY, game

BASE = "H8 across 1 + 1 = 10"  # H8 is a double word, L8 a double letter


@pytest.mark.parametrize(
    "value, highest_bit, log2",
    [(0, 0, 0), (1, 1, 0), (0b10, 2, 1), (0b11, 2, 1), (0b1001, 8, 3), (0b11000, 16, 4)],
)
def test_b4_bonus_kinds(value: int, highest_bit: int, log2: int) -> None:
    assert value_bonus(value, "highest-bit") == highest_bit
    assert value_bonus(value, "log2") == log2
    assert value_bonus(value, "none") == 0


def test_b4_bonus_of_1_plus_1_is_2_letter_premium_before_it_word_premium_after() -> None:
    hand = ["1 + 1 = 1 0 0 0 0"]
    # chips 1 + 1 = 1(double letter: 2) 0 → 7; bonus 2 → 9; H8 double word → 18
    assert Binary.from_diagram(EMPTY, hands=hand).play(BASE) == (7 + 2) * 2
    assert Binary.from_diagram(EMPTY, hands=hand, bonus="log2").play(BASE) == (7 + 1) * 2
    assert Binary.from_diagram(EMPTY, hands=hand, bonus="none").play(BASE) == 7 * 2


def test_b4_bonus_of_11_x_11_is_8_and_all_nine_chips_add_50() -> None:
    board = "\n".join(
        ". . . . . . . . . . . . . . ." if r != 7 else ". . . . 1 . . . . . . . . . ."
        for r in range(15)
    )
    hand = ["1 x 1 1 = 1 0 0 1"]
    move = "E8 across 11 x 11 = 1001"
    # new chips F8..N8: 1 x(2) 1 1 = 1 0(L8 double letter: 2) 0 1 → 11; bonus 8; H8 ×2
    assert Binary.from_diagram(board, hands=hand).play(move) == (11 + 8) * 2 + 50
    assert Binary.from_diagram(board, hands=hand, all_chips_bonus=0).play(move) == (11 + 8) * 2
    assert Binary.from_diagram(board, hands=hand, bonus="log2").play(move) == (11 + 3) * 2 + 50


def test_b4_eight_chips_do_not_earn_the_all_chips_bonus() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 - 0 NOT"])
    # eight chips H8..O8: 1 + 1 = 1(×2) 0 - 0 → 9; bonus 2; H8 double, O8 triple word
    assert g.play("H8 across 1 + 1 = 10 - 0") == (9 + 2) * 2 * 3


def test_b4_only_new_chips_score_and_old_premiums_do_not_count() -> None:
    g = game(BASE, hands=("1 0 0 0 0 0 0 0 0",))
    # 11 + 1 = 100: new chips G8 (1) and N8 (0), no premiums; value 4 → bonus 4
    assert g.play("G8 across 11 + 1 = 100") == 2 + 4


def test_b4_triple_letter() -> None:
    g = game(BASE, hands=("+ 1 = 1 0 0 0 0 0",))
    # J8 down 1 + 1 = 10: J10 is a triple letter: + 1(×3) = 1 0 → 7; bonus 2
    assert g.play("J8 down 1 + 1 = 10") == 7 + 2


def test_b4_every_word_premium_multiplies() -> None:
    g = game("B8 across 1 + 11 = 110 = 111 -", hands=("1 1 0 0 0 0 0 0 0",))
    # A8 and O8 are triple words: (1 + 1 + bonus 4 for the value 110) × 3 × 3
    assert g.play("A8 across 11 + 11 = 110 = 111 - 1") == (1 + 1 + 4) * 9


def test_b4_a_blank_scores_nothing_even_on_a_letter_premium() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = ? 0"])
    # the blank on L8 (double letter) scores 0: 1 + 1 = 0 + 0 → 4 + ... 5; bonus 2; × 2
    assert g.play("H8 across 1 + 1 = ?10") == (5 + 2) * 2


def test_b4_value_zero_has_no_bonus() -> None:
    g = Binary.from_diagram(EMPTY, hands=["0 + 0 = 0"])
    # G8..K8: 0 + 0(H8 ×2 word) = 0 → 5 points, bonus 0
    assert g.play("G8 across 0 + 0 = 0") == 5 * 2


def test_b4_bonus_option_is_checked() -> None:
    with pytest.raises(ValueError, match="bonus"):
        Binary(bonus="log10")
    with pytest.raises(ValueError, match="all_chips_bonus"):
        Binary(all_chips_bonus=-1)


def test_b4_scores_add_up_for_the_player_who_moved() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 0 0 0", "1 0 0 0 0 0 0 0 0"])
    first = g.play(BASE)
    second = g.play("G8 across 11 + 1 = 100")
    assert g.scores == (first, second)
    assert [entry.score for entry in g.history] == [first, second]
