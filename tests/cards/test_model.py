"""The row of cards: every number has exactly one set of cards, the text forms round-trip,
and bad input is refused with a message that names it, changing nothing."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathplay.cards import MOST_CARDS, Cards, CardsError, card_dots, cards_of, sum_text
from mathplay.errors import MathplayError

COUNTS = range(1, MOST_CARDS + 1)


@pytest.mark.parametrize("n", COUNTS)
def test_every_number_has_exactly_one_set_of_cards(n: int) -> None:
    made = Counter(
        sum(dots for dots, up in zip(card_dots(n), ups) if up)
        for ups in product([False, True], repeat=n)
    )
    assert sorted(made) == list(range(2**n))
    assert set(made.values()) == {1}


@pytest.mark.parametrize("n", COUNTS)
def test_each_card_has_double_the_dots_of_the_one_on_its_right(n: int) -> None:
    dots = card_dots(n)
    assert dots[-1] == 1 and dots[0] == 2 ** (n - 1)
    assert all(left == 2 * right for left, right in pairwise(dots))
    assert Cards(n).largest == sum(dots) == 2**n - 1


@given(
    st.integers(1, MOST_CARDS).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, 2**n - 1)))
)
def test_a_number_its_bits_and_its_sum_agree(case: tuple[int, int]) -> None:
    n, number = case
    cards = Cards(n, number)
    assert cards.value == number
    assert cards.bits == format(number, "b").zfill(n)
    assert Cards.from_bits(cards.bits) == cards
    assert repr(cards) == f"Cards.from_bits({cards.bits!r})"
    assert cards.up_dots == cards_of(number, n)
    assert sum(cards.up_dots) == number
    assert sorted(cards.up_dots + cards.down_dots) == sorted(card_dots(n))
    if len(cards.up_dots) > 1:
        assert cards.sum_text() == " + ".join(map(str, cards.up_dots)) + f" = {number}"


@given(st.integers(0, 31), st.integers(0, 4))
def test_flipping_a_card_adds_or_takes_away_its_dots(number: int, index: int) -> None:
    cards = Cards(5, number)
    dots = cards.dots[index]
    was_up = cards.face_up[index]
    flipped = cards.flipped(index)
    assert cards.value == number  # flipped() leaves the row alone
    assert flipped.value == number + (-dots if was_up else dots)
    cards.flip(index)
    assert cards == flipped
    cards.flip(index)
    assert cards.value == number


def test_cards_read_as_text() -> None:
    cards = Cards()
    assert cards.dots == (16, 8, 4, 2, 1) and cards.value == 0 and cards.bits == "00000"
    cards.set_number(21)
    assert cards.sum_text() == "16 + 4 + 1 = 21" and cards.bits == "10101"
    assert str(cards) == "[ 16 ] [ -- ] [  4 ] [ -- ] [  1 ]  10101 is 16 + 4 + 1 = 21"
    assert sum_text([8]) == "8" and sum_text([]) == "0"
    assert list(Cards.from_bits("101")) == [(4, True), (2, False), (1, True)]
    assert Cards(5).index_of(8) == 1 and len(Cards(3)) == 3


BAD_INDEXES = [
    (-1, "there is no card -1"),
    (5, "there is no card 5: the cards are counted from the left, from 0 (16 dots) to 4 (1 dot)"),
    (True, "there is no card True"),
    ("2", "there is no card '2'"),
    (1.0, "there is no card 1.0"),
    (None, "there is no card None"),
]


@pytest.mark.parametrize(("index", "message"), BAD_INDEXES)
def test_a_card_that_is_not_there_is_refused_and_nothing_changes(index: object, message: str):
    cards = Cards(5, 9)
    for action in (cards.flip, cards.flipped):
        with pytest.raises(CardsError, match=message.replace("(", r"\(").replace(")", r"\)")):
            action(index)  # type: ignore[arg-type]
        assert cards.bits == "01001"


@pytest.mark.parametrize("number", [-1, 32, 100, True, "3", 2.0, None])
def test_a_number_the_cards_cannot_make_is_refused_and_nothing_changes(number: object) -> None:
    cards = Cards(5, 9)
    with pytest.raises(CardsError) as error:
        cards.set_number(number)  # type: ignore[arg-type]
    assert str(error.value) == f"5 cards make the numbers 0 to 31, not {number!r}"
    assert cards.bits == "01001"
    with pytest.raises(CardsError, match="1 card makes the numbers 0 to 1, not 2"):
        Cards(1, 2)


@pytest.mark.parametrize("n", [0, 9, -5, True, "5", 5.0, None])
def test_a_row_of_cards_needs_1_to_8_cards(n: object) -> None:
    with pytest.raises(CardsError) as error:
        Cards(n)  # type: ignore[arg-type]
    assert str(error.value) == f"the number of cards is a whole number from 1 to 8, not {n!r}"


@pytest.mark.parametrize(
    ("bits", "message"),
    [
        ("", "'' is not a row of cards"),
        ("0120", "'0120' is not a row of cards: write 1 for a card face up and 0 for a card"),
        (" 101", "' 101' is not a row of cards"),
        (101, "101 is not a row of cards"),
        ("1" * 9, "'111111111' has 9 cards: a row has at most 8"),
    ],
)
def test_bits_that_are_not_cards_are_refused(bits: object, message: str) -> None:
    with pytest.raises(CardsError, match=message):
        Cards.from_bits(bits)  # type: ignore[arg-type]


def test_the_errors_are_mathplay_errors_and_value_errors() -> None:
    assert issubclass(CardsError, MathplayError) and issubclass(CardsError, ValueError)
    with pytest.raises(CardsError, match="there is no card with 3 dots: the cards have 16, 8"):
        Cards().index_of(3)
