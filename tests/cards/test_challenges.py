"""The challenges accept the right cards and refuse the others; a first wrong try explains
the pupil's own cards and never gives the answer; hints end in the answer."""

from __future__ import annotations

import re
from itertools import product

import pytest

from mathplay.cards import (
    Cards,
    CardsError,
    CountUp,
    Largest,
    MakeNumber,
    OneWay,
    cards_of,
    challenge,
    default_challenges,
    sum_text,
)
from mathplay.cards.feedback import answer_text


def every_row(n: int) -> list[Cards]:
    return [Cards(n, number) for number in range(2**n)]


def answer_words(target: int, n: int) -> list[str]:
    """Texts that would give away how to make ``target``: its bits, its sum with the total
    ("4 + 2 + 1 = 7"), the whole answer."""
    words = [format(target, "b").zfill(n), answer_text(target, n)]
    up = cards_of(target, n)
    if len(up) > 1:
        words.append(sum_text(up))
        words.append(f"{target} = {sum_text(up).split(' = ')[0]}")
    if len(up) == 1:
        words.append(f"the {up[0]}-dot card alone")
    return words


def gives_away(words: str, message: str) -> bool:
    """Whether ``message`` holds ``words`` on their own, not inside a longer sum or number
    ("2 + 1 = 3" is not in "8 + 2 + 1 = 31")."""
    return re.search(rf"(?<!\+ )(?<![\d.]){re.escape(words)}(?!\d)", message) is not None


def started(item, n: int = 5) -> tuple:
    cards = Cards(n)
    item.start(cards)
    return item, cards


@pytest.mark.parametrize("n", [1, 3, 5])
def test_make_accepts_exactly_the_cards_that_show_the_number(n: int) -> None:
    for target in range(2**n):
        for cards in every_row(n):
            make, _row = started(MakeNumber(target, n), n)
            feedback = make.check(cards)
            assert feedback.right == (cards.value == target)
            assert feedback.recorded  # a wrong try, or the right one that finishes it
            assert feedback.answer == cards.bits
            assert feedback.done == feedback.right == make.done


@pytest.mark.parametrize("n", [2, 4, 5])
def test_a_first_wrong_try_never_gives_the_answer(n: int) -> None:
    for target in range(2**n):
        for cards in every_row(n):
            if cards.value == target:
                continue
            make, _row = started(MakeNumber(target, n), n)
            message = make.check(cards).message
            for words in answer_words(target, n):
                assert not gives_away(words, message), (target, cards, message)
            # ... and it speaks of the pupil's cards.
            if cards.value:
                assert f"Your cards show {cards.sum_text()}, and you need {target}." in message
            else:
                assert "All your cards are face down, so they show 0." in message


@pytest.mark.parametrize(
    ("target", "bits", "says"),
    [
        (7, "00101", "Your cards show 4 + 1 = 5, and you need 7. That is 2 dots too few: which "
         "card that is still face down would add 2?"),
        (7, "00100", "That is 3 dots too few: which cards that are still face down would add 3 "
         "together?"),
        (5, "00010", "That is 3 dots too few, but the cards still face down cannot add exactly "
         "3. One bigger card can take the place of smaller ones"),
        (7, "10000", "Your cards show 16, and you need 7. The 16-dot card alone has more than 7 "
         "dots: it is too big."),
        (1, "00010", "The 2-dot card alone has more than 1 dot: it is too big."),
        (5, "00111", "That is 2 dots too many: which card that is face up could you turn face "
         "down?"),
        (6, "00111", "That is 1 dot too many: which card that is face up could you turn"),
        (12, "01011", "Your cards show 8 + 2 + 1 = 11, and you need 12. That is 1 dot too few, "
         "but the cards still face down cannot add exactly 1."),
    ],
)  # fmt: skip
def test_wrong_cards_are_explained_in_plain_words(target: int, bits: str, says: str) -> None:
    make, _row = started(MakeNumber(target))
    assert says in make.check(Cards.from_bits(bits)).message


def test_a_second_wrong_try_shows_the_way_and_a_third_points_to_the_hints() -> None:
    make, _row = started(MakeNumber(7))
    first = make.check(Cards.from_bits("00101")).message
    assert "start with the card on the left" not in first
    second = make.check(Cards.from_bits("01000")).message
    assert "Try this: start with the card on the left." in second
    assert "Hint" not in second
    third = make.check(Cards.from_bits("00110")).message
    assert "Stuck? Press Hint." in third
    assert make.tries == 3 and not make.done


def test_the_same_cards_again_are_not_a_new_try() -> None:
    make, _row = started(MakeNumber(7))
    make.check(Cards.from_bits("00101"))
    again = make.check(Cards.from_bits("00101"))
    assert again.kind == "info" and not again.recorded
    assert "the same as at your last check: they still show 4 + 1 = 5" in again.message
    assert make.tries == 1


def test_the_hints_grow_and_the_last_is_the_answer() -> None:
    make, _row = started(MakeNumber(21))
    hints = [make.hint(), make.hint(), make.hint()]
    assert "Start with the card on the left, the 16-dot card. Does it fit in 21?" in hints[0]
    assert "The biggest card that fits in 21 is the 16-dot card" in hints[1]
    assert "21 − 16 = 5 are left" in hints[1]
    assert (
        hints[2]
        == answer_text(21, 5)
        == (
            "21 = 16 + 4 + 1: turn the 16, 4 and 1 cards face up and the others face down. "
            "In binary: 10101."
        )
    )
    assert make.hint() is None and make.hints_used == 3 and make.solution_seen
    for words in answer_words(21, 5):
        assert not gives_away(words, hints[0] + hints[1])


def test_a_right_answer_explains_the_binary() -> None:
    make, _row = started(MakeNumber(5))
    feedback = make.check(Cards.from_bits("00101"))
    assert feedback.message == (
        "4 + 1 = 5. In binary 5 is 00101: a 1 for each card face up, a 0 for each card face down."
    )
    assert make.check(Cards.from_bits("00101")).kind == "info"  # done: nothing more to check
    assert make.prompt() == "Done! Press Next challenge for another one."
    assert make.title() == "Make 5"


def test_count_up_checks_each_number_in_turn() -> None:
    count, cards = started(CountUp(7))
    assert count.prompt().startswith("Count from 0 to 7. Your cards show 0 now")
    for number in range(1, 8):
        assert f"make {number}, then press check" in count.prompt().lower()
        wrong = Cards(5, (number + 3) % 32)
        feedback = count.check(wrong)
        assert not feedback.right and feedback.recorded
        for words in answer_words(number, 5):
            assert not gives_away(words, feedback.message)
        cards.set_number(number)
        feedback = count.check(cards)
        assert feedback.right
        # The steps on the way are not attempts of their own: the last one finishes it.
        assert feedback.recorded == feedback.done == (number == 7)
    assert "You counted from 0 to 7!" in feedback.message
    assert "the 2-dot card every 2 steps and the 4-dot card every 4 steps" in feedback.message


def test_count_up_notices_a_new_card() -> None:
    count, cards = started(CountUp(4))
    for number in (1, 2):
        cards.set_number(number)
        feedback = count.check(cards)
    assert "from 1 to 2, a new card turned face up and the cards on its right" in feedback.message
    assert count.hints()[0].startswith("To count one more, start with the card on the right")
    assert count.hints()[-1] == answer_text(3, 5)


@pytest.mark.parametrize("n", [1, 3, 5, 8])
def test_the_largest_number_is_every_card_face_up(n: int) -> None:
    largest = 2**n - 1
    for cards in every_row(n)[:-1] if n < 8 else [Cards(8, k) for k in (0, 7, 128, 254)]:
        item, _row = started(Largest(n), n)
        feedback = item.check(cards)
        assert not feedback.right and feedback.recorded
        assert not re.search(rf"\b{largest}\b", feedback.message), feedback.message
        assert "1" * n not in feedback.message or n == 1
        assert "Could these cards show a bigger number? Is a card still face down?" in (
            feedback.message
        )
    item, _row = started(Largest(n), n)
    feedback = item.check(Cards(n, largest))
    assert feedback.right and not feedback.done and not feedback.recorded
    assert f"a new card on the left would have {2**n} dots" in feedback.message
    assert f"{largest} is one less than {2**n}" in feedback.message


def test_the_largest_with_one_more_card() -> None:
    item, _cards = started(Largest(5))
    item.check(Cards(5, 31))
    assert item.choices() == ["62", "63", "64"]
    assert "one more card on the left: 6 cards" in item.prompt()
    for choice, words in (("62", "62 is double 31"), ("64", "64 would be the dots of the card")):
        fresh, _row = started(Largest(5))
        fresh.check(Cards(5, 31))
        feedback = fresh.choose(choice, Cards(5, 31))
        assert not feedback.right and feedback.recorded and feedback.answer == choice
        assert words in feedback.message and "63" not in feedback.message
    feedback = item.choose("63", Cards(5, 31))
    assert feedback.right and feedback.done and feedback.recorded and feedback.answer == "63"
    assert "32 + 31 = 63: one less than 64" in feedback.message
    fresh, _row = started(Largest(5))
    fresh.check(Cards(5, 31))
    with pytest.raises(CardsError, match="'65' is not one of the answers: 62, 63, 64"):
        fresh.choose("65", Cards(5))


def test_one_way_asks_whether_other_cards_could_make_the_number() -> None:
    item, cards = started(OneWay(6))
    cards.set_number(6)
    assert item.check(cards).right
    assert item.choices() == ["Yes", "No"]
    assert item.prompt() == (
        "You made 6 with the 4 and 2 cards. Could a different set of cards make 6 too?"
    )
    assert item.check(cards).kind == "info"  # Check is not the way to answer a question
    wrong = item.choose("Yes", cards)
    assert not wrong.right and wrong.recorded and wrong.answer == "Yes"
    assert "only one" not in wrong.message and "Try to find one!" in wrong.message
    again = item.choose("Yes", cards)
    assert again.kind == "info" and not again.recorded
    right = item.choose("No", cards)
    assert right.right and right.done and right.recorded
    assert "There is only one way to make 6." in right.message
    assert (
        "the 16-dot card makes 22, the 8-dot card makes 14, the 4-dot card makes 2, the 2-dot "
        "card makes 4 and the 1-dot card makes 7" in right.message
    )
    assert "16 is more than 8 + 4 + 2 + 1 = 15" in right.message


def test_a_second_yes_tells_how_to_test_it() -> None:
    item, cards = started(OneWay(10))
    cards.set_number(10)
    item.check(cards)
    item.choose("Yes", cards)
    item._last = None  # as if the pupil had changed their mind in between
    assert "flip any one card. Does the sum stay 10?" in item.choose("Yes", cards).message
    assert item.hints()[-1].startswith("No: every number has exactly one set of cards.")


def test_starting_again_turns_every_card_face_down() -> None:
    item = MakeNumber(7)
    cards = Cards(5, 20)
    item.start(cards)
    assert cards.value == 0 and item.tries == 0
    with pytest.raises(CardsError, match="this challenge is for 5 cards, not 4"):
        item.start(Cards(4))


SPECS = [
    ("make 7", "make-7"),
    ("Make  7", "make-7"),
    ("make-7", "make-7"),
    ("count to 7", "count-to-7"),
    ("count-to-7", "count-to-7"),
    ("count 7", "count-to-7"),
    ("largest", "largest-5"),
    ("one way 6", "one-way-6"),
    ("one-way-6", "one-way-6"),
]


@pytest.mark.parametrize(("spec", "id"), SPECS)
def test_challenges_by_name(spec: str, id: str) -> None:
    item = challenge(spec)
    assert item.id == id
    assert challenge(item.spec()).id == id  # the text form round-trips


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("jump 3", "'jump 3' is not a challenge: write one like 'make 7', 'count to 7'"),
        ("make", "'make' needs a number, like 'make 7'"),
        ("one-way", "'one way' needs a number, like 'one way 7'"),
        ("largest 5", "'largest' takes no number"),
        ("make 32", "make 32: with 5 cards, choose a number from 0 to 31"),
        ("count to 0", "count to 0: with 5 cards, choose a number from 1 to 31"),
        ("make " + "9" * 60, "is not a challenge"),
        ("__import__('os')", "is not a challenge"),
        (7, "7 is not a challenge"),
    ],
)
def test_a_challenge_that_cannot_be_is_refused(spec: object, message: str) -> None:
    with pytest.raises(CardsError, match=re.escape(message)):
        challenge(spec)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", range(1, 9))
def test_the_default_challenges_fit_the_cards(n: int) -> None:
    items = default_challenges(n)
    assert len({item.id for item in items}) == len(items)
    for item in items:
        target = getattr(item, "target", None)
        assert target is None or target <= 2**n - 1
    assert default_challenges(5)[0].id == "make-5"
    assert all(item.title() and item.title()[0].isupper() for item in items)


def test_every_default_challenge_can_be_finished_by_hints_alone() -> None:
    """Each challenge's last hint is its answer: following them finishes it."""
    for item in default_challenges(5):
        cards = Cards(5)
        item.start(cards)
        while not item.done:
            if item.choices():
                for choice in item.choices():
                    if item.choose(choice, cards).right:
                        break
            else:
                while item.hint() is not None:
                    pass
                cards.set_number(item.current.target)
                assert item.check(cards).right
        assert item.solution_seen or isinstance(item, OneWay | Largest)


def test_products_of_every_row_and_target_are_consistent() -> None:
    """A check never changes the cards."""
    for target, number in product(range(8), range(8)):
        make, _row = started(MakeNumber(target, 3), 3)
        cards = Cards(3, number)
        make.check(cards)
        assert cards.value == number
