"""The challenges with the binary cards: make a number, count up, the largest, one way.

Each is a :class:`mathplay.cards.base.Challenge`; :func:`mathplay.cards.specs.challenge`
makes one from a text such as ``"make 7"``.

>>> from mathplay.cards.model import Cards
>>> cards = Cards(5)
>>> make = MakeNumber(7)
>>> make.start(cards); print(make.prompt())
Make 7 with the cards, then press Check.
>>> cards.flip(2); cards.flip(4); print(make.check(cards).message)
Your cards show 4 + 1 = 5, and you need 7. That is 2 dots too few: which card that is still face down would add 2?
>>> cards.flip(3); feedback = make.check(cards)
>>> feedback.right, feedback.done, feedback.answer
(True, True, '00111')
"""  # noqa: E501

from __future__ import annotations

from mathplay.cards.base import Challenge, Step, check_number, shown_text
from mathplay.cards.feedback import and_list, answer_text, card_name
from mathplay.cards.model import DEFAULT_CARDS, Cards, cards_of, sum_text
from mathplay.i18n import _, _n

__all__ = ["CountUp", "Largest", "MakeNumber", "OneWay"]


class MakeNumber(Challenge):
    """Make ``target`` with the cards."""

    def __init__(self, target: int, n: int = DEFAULT_CARDS) -> None:
        super().__init__(n)
        self.target = check_number(target, self.n, "make")
        self.id = f"make-{self.target}"

    def title(self) -> str:
        return _("Make {target}").format(target=self.target)

    def steps(self) -> list[Step]:
        prompt = _("Make {target} with the cards, then press Check.").format(target=self.target)
        return [Step(prompt, _("make {target}").format(target=self.target), self.target)]

    def right_words(self, cards: Cards, choice: str = "") -> str:
        return _(
            "{shown}. In binary {target} is {bits}: a 1 for each card face up, a 0 for each "
            "card face down."
        ).format(shown=shown_text(cards), target=self.target, bits=cards.bits)


class CountUp(Challenge):
    """Count from 0 up to ``target``: each number in turn, each one checked."""

    def __init__(self, target: int, n: int = DEFAULT_CARDS) -> None:
        super().__init__(n)
        self.target = check_number(target, self.n, "count to", least=1)
        self.id = f"count-to-{self.target}"

    def title(self) -> str:
        return _("Count to {target}").format(target=self.target)

    def spec(self) -> str:
        return f"count to {self.target}"

    def steps(self) -> list[Step]:
        steps = []
        for number in range(1, self.target + 1):
            if number == 1:
                prompt = _(
                    "Count from 0 to {target}. Your cards show 0 now: every card is face "
                    "down. Make 1, then press Check."
                ).format(target=self.target)
            else:
                prompt = _("Counting to {target}: now make {number}, then press Check.").format(
                    target=self.target, number=number
                )
            question = _("count to {target}: make {number}").format(
                target=self.target, number=number
            )
            steps.append(Step(prompt, question, number))
        return steps

    def right_words(self, cards: Cards, choice: str = "") -> str:
        number = cards.value
        words = _("{shown}: in binary {bits}.").format(shown=shown_text(cards), bits=cards.bits)
        if number == self.target:
            every = [_("the 1-dot card turned over at every step")] + [
                _("{card} every {dots} steps").format(card=card_name(dots), dots=dots)
                for dots in reversed(cards.dots)
                if 1 < dots <= self.target
            ]
            return " ".join(
                [
                    words,
                    _("You counted from 0 to {target}!").format(target=self.target),
                    _("Did you notice? {cards}.").format(cards=and_list(every).capitalize()),
                ]
            )
        if number & (number - 1) == 0 and number > 1:
            words += " " + _(
                "Look: from {before} to {number}, a new card turned face up and the cards on "
                "its right turned face down."
            ).format(before=number - 1, number=number)
        return words

    def hints(self) -> list[str]:
        target = self.current.target
        assert target is not None
        return [
            _(
                "To count one more, start with the card on the right and go left: turn each "
                "card over, until you turn one face up. Then stop."
            ),
            answer_text(target, self.n),
        ]


class Largest(Challenge):
    """The largest number the cards can make (every card face up: 2ⁿ − 1), then the
    largest with one card more."""

    def __init__(self, n: int = DEFAULT_CARDS) -> None:
        super().__init__(n)
        self.id = f"largest-{self.n}"

    def title(self) -> str:
        return _("The largest number")

    def spec(self) -> str:
        return "largest"

    def steps(self) -> list[Step]:
        largest, more = 2**self.n - 1, self.n + 1
        first = _n(
            "What is the largest number {n} card can show? Show it with the card, then press "
            "Check.",
            "What is the largest number {n} cards can show? Show it with the cards, then "
            "press Check.",
            self.n,
        ).format(n=self.n)
        second = _(
            "Now think of one more card on the left: {m} cards. What would be the largest "
            "number they could show?"
        ).format(m=more)
        return [
            Step(first, _("the largest number with {n} cards").format(n=self.n), largest),
            Step(
                second,
                _("the largest number with {n} cards").format(n=more),
                choices=[str(2 * largest), str(2 * largest + 1), str(2 * largest + 2)],
                right_choice=str(2 * largest + 1),
            ),
        ]

    def right_words(self, cards: Cards, choice: str = "") -> str:
        largest, next_card = 2**self.n - 1, 2**self.n
        if self.step == 0:
            return _(
                "Every card is face up: {shown}, in binary {bits}. Each card has double the "
                "dots of the card on its right, so a new card on the left would have "
                "{next} dots, and {largest} is one less than {next}."
            ).format(shown=shown_text(cards), bits=cards.bits, next=next_card, largest=largest)
        return _(
            "The new card would have {next} dots, double the dots of {card}. With the {n} "
            "cards you have, that makes {next} + {largest} = {new}: one less than {after}, "
            "the dots of the card after it."
        ).format(
            next=next_card,
            card=card_name(2 ** (self.n - 1)),
            n=self.n,
            largest=largest,
            new=2 * largest + 1,
            after=2 * next_card,
        )

    def wrong_words(self, cards: Cards, choice: str = "") -> str:
        largest = 2**self.n - 1
        if self.step == 1:
            if choice == str(2 * largest):
                words = _(
                    "{choice} is double {largest}. But a new card does not double the cards "
                    "you have: it adds its own dots to them. How many dots would the new card "
                    "have?"
                ).format(choice=choice, largest=largest)
            else:
                words = _(
                    "{choice} would be the dots of the card after the new one. How many dots "
                    "would the new card have? Add them to the {largest} your cards make now."
                ).format(choice=choice, largest=largest)
            return words
        if cards.value == 0:
            words = _("All your cards are face down: they show 0.")
        else:
            words = _("Your cards show {shown}.").format(shown=cards.sum_text())
        words += " " + _("Could these cards show a bigger number? Is a card still face down?")
        if self.tries >= 1:
            words += " " + _("Turning a card face up always adds dots, and never takes any away.")
        return words

    def hints(self) -> list[str]:
        largest = 2**self.n - 1
        if self.step == 1:
            return [
                _("Each card has double the dots of the card on its right."),
                _(
                    "The new card would have {next} dots, and the cards you have make {largest}."
                ).format(next=largest + 1, largest=largest),
                _("{next} + {largest} = {new}.").format(
                    next=largest + 1, largest=largest, new=2 * largest + 1
                ),
            ]
        return [
            _("Which cards make the number bigger when you turn them face up?"),
            _("Each card face up adds its dots: turn them all face up."),
            _("{shown}: every card face up. In binary: {bits}.").format(
                shown=sum_text(cards_of(largest, self.n)), bits="1" * self.n
            ),
        ]


class OneWay(Challenge):
    """Make ``target``, then say whether other cards could make it too (no: every number
    has exactly one set of cards)."""

    def __init__(self, target: int, n: int = DEFAULT_CARDS) -> None:
        super().__init__(n)
        self.target = check_number(target, self.n, "one way")
        self.id = f"one-way-{self.target}"

    def title(self) -> str:
        return _("One way to make {target}").format(target=self.target)

    def steps(self) -> list[Step]:
        target = self.target
        up = cards_of(target, self.n)
        if len(up) > 1:
            made = _("You made {target} with the {cards} cards.").format(
                target=target, cards=and_list(up)
            )
        elif up:
            made = _("You made {target} with {card}.").format(target=target, card=card_name(up[0]))
        else:
            made = _("You made 0 with every card face down.")
        return [
            Step(
                _("Make {target} with the cards, then press Check.").format(target=target),
                _("one way: make {target}").format(target=target),
                target,
            ),
            Step(
                made
                + " "
                + _("Could a different set of cards make {target} too?").format(target=target),
                _("one way: could other cards make {target}?").format(target=target),
                choices=[_("Yes"), _("No")],
                right_choice=_("No"),
            ),
        ]

    def _changes(self) -> str:
        made = Cards(self.n, self.target)
        return and_list(
            [
                _("{card} makes {number}").format(
                    card=card_name(dots), number=made.flipped(index).value
                )
                for index, dots in enumerate(made.dots)
            ]
        )

    def _bigger(self) -> str:
        if self.n < 2:
            return ""
        first, rest = 2 ** (self.n - 1), cards_of(2 ** (self.n - 1) - 1, self.n)
        return _(
            "Each card has more dots than all the cards on its right together: {first} is "
            "more than {rest}."
        ).format(first=first, rest=sum_text(rest))

    def right_words(self, cards: Cards, choice: str = "") -> str:
        if self.step == 0:
            return shown_text(cards) + "."
        return " ".join(
            part
            for part in (
                _("There is only one way to make {target}.").format(target=self.target),
                _("Flip any one card and the number changes: {changes}.").format(
                    changes=self._changes()
                ),
                self._bigger(),
                _("So no other set of cards adds up to {target}.").format(target=self.target),
            )
            if part
        )

    def wrong_words(self, cards: Cards, choice: str = "") -> str:
        if self.step == 0:
            return super().wrong_words(cards, choice)
        words = _(
            "Try to find one! Flip cards and watch the sum: can you make {target} with a "
            "different set of cards? Then answer again."
        ).format(target=self.target)
        if self.tries >= 1:
            words += " " + _(
                "A way to test it: make {target} again, then flip any one card. Does the sum "
                "stay {target}?"
            ).format(target=self.target)
        return words

    def hints(self) -> list[str]:
        if self.step == 0:
            return super().hints()
        return [
            _("Make {target} and flip any one card: what happens to the number?").format(
                target=self.target
            ),
            self._bigger() or _("With one card, the card is face up or face down: two numbers."),
            _(
                "No: every number has exactly one set of cards. Flip any one card and the "
                "number changes: {changes}."
            ).format(changes=self._changes()),
        ]
