"""Binary cards: a row of cards with 16, 8, 4, 2 and 1 dots, each face up or face down.

The number the cards show is the sum of the dots face up; the row written with 1 for a
card face up and 0 for one face down is that number in binary.

>>> cards = Cards(5)
>>> cards.flip(2); cards.flip(4)
>>> cards.value, cards.bits, cards.sum_text()
(5, '00101', '4 + 1 = 5')
>>> cards
Cards.from_bits('00101')
>>> Cards.from_bits("10101").sum_text()
'16 + 4 + 1 = 21'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeGuard

from mathplay.errors import MathplayError
from mathplay.i18n import _, _n

__all__ = [
    "DEFAULT_CARDS",
    "MOST_CARDS",
    "Cards",
    "CardsError",
    "card_dots",
    "cards_of",
    "dots_text",
    "sum_text",
]

#: How many cards a row has unless told otherwise, and at most.
DEFAULT_CARDS = 5
MOST_CARDS = 8


class CardsError(MathplayError, ValueError):
    """A row of cards, a card, a number or a challenge that the cards cannot have."""


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_count(n: object) -> int:
    """``n`` if it is a number of cards (1 to 8), else :class:`CardsError`.

    >>> check_count(9)
    Traceback (most recent call last):
    ...
    mathplay.cards.model.CardsError: the number of cards is a whole number from 1 to 8, not 9
    """
    if not _whole(n) or not 1 <= n <= MOST_CARDS:
        raise CardsError(
            _("the number of cards is a whole number from 1 to {most}, not {n!r}").format(
                most=MOST_CARDS, n=n
            )
        )
    return int(n)


def card_dots(n: int = DEFAULT_CARDS) -> tuple[int, ...]:
    """The dots on ``n`` cards, from left to right: each card has double the dots of the
    card on its right.

    >>> card_dots(5)
    (16, 8, 4, 2, 1)
    >>> card_dots(1), card_dots(8)[0]
    ((1,), 128)
    """
    n = check_count(n)
    return tuple(2**place for place in reversed(range(n)))


def dots_text(dots: int) -> str:
    """``"1 dot"``, ``"8 dots"``: a card's label.

    >>> dots_text(1), dots_text(16)
    ('1 dot', '16 dots')
    """
    return _n("{n} dot", "{n} dots", dots).format(n=dots)


def cards_of(number: int, n: int = DEFAULT_CARDS) -> tuple[int, ...]:
    """The dots of the cards face up when ``n`` cards show ``number``, biggest first.

    >>> cards_of(21), cards_of(0), cards_of(8, 4)
    ((16, 4, 1), (), (8,))
    """
    return tuple(dots for dots in card_dots(n) if number & dots)


def sum_text(dots: Sequence[int]) -> str:
    """The dots face up as a sum and its total: ``"16 + 4 + 1 = 21"``; one card is just
    its dots, and no card is ``"0"``.

    >>> sum_text([16, 4, 1]), sum_text([8]), sum_text([])
    ('16 + 4 + 1 = 21', '8', '0')
    """
    if not dots:
        return "0"
    if len(dots) == 1:
        return str(dots[0])
    return "{terms} = {total}".format(terms=" + ".join(map(str, dots)), total=sum(dots))


class Cards:
    """A row of ``n`` binary cards (1 to 8), showing ``number`` (all face down: 0).

    Card 0 is the one on the left, with the most dots. :meth:`flip` and
    :meth:`set_number` change the row in place; :meth:`flipped` and :meth:`copy` return a
    new row.

    >>> cards = Cards(4, number=6)
    >>> cards.dots, cards.face_up
    ((8, 4, 2, 1), (False, True, True, False))
    >>> cards.flipped(0).value, cards.value
    (14, 6)
    >>> cards.set_number(16)
    Traceback (most recent call last):
    ...
    mathplay.cards.model.CardsError: 4 cards make the numbers 0 to 15, not 16
    """

    __slots__ = ("_dots", "_up")

    def __init__(self, n: int = DEFAULT_CARDS, number: int = 0) -> None:
        self._dots = card_dots(n)
        self._up = [False] * len(self._dots)
        self.set_number(number)

    # --- reading ----------------------------------------------------------------------

    @property
    def n(self) -> int:
        """How many cards there are."""
        return len(self._dots)

    @property
    def dots(self) -> tuple[int, ...]:
        """The dots of each card, from left to right (16, 8, 4, 2, 1)."""
        return self._dots

    @property
    def face_up(self) -> tuple[bool, ...]:
        """Whether each card is face up, from left to right."""
        return tuple(self._up)

    @property
    def up_dots(self) -> tuple[int, ...]:
        """The dots of the cards face up, from left to right."""
        return tuple(d for d, up in zip(self._dots, self._up) if up)

    @property
    def down_dots(self) -> tuple[int, ...]:
        """The dots of the cards face down, from left to right."""
        return tuple(d for d, up in zip(self._dots, self._up) if not up)

    @property
    def value(self) -> int:
        """The number the cards show: the dots face up, added."""
        return sum(self.up_dots)

    @property
    def bits(self) -> str:
        """The cards in binary, one digit a card: 1 face up, 0 face down (``"00101"``)."""
        return "".join("1" if up else "0" for up in self._up)

    @property
    def largest(self) -> int:
        """The largest number these cards can show: every card face up (2ⁿ − 1)."""
        return (1 << self.n) - 1

    def sum_text(self) -> str:
        """The dots face up as a sum: ``"16 + 4 + 1 = 21"`` (see :func:`sum_text`)."""
        return sum_text(self.up_dots)

    def index_of(self, dots: int) -> int:
        """The place from the left of the card with ``dots`` dots.

        >>> Cards(5).index_of(4)
        2
        """
        if _whole(dots) and dots in self._dots:
            return self._dots.index(dots)
        raise CardsError(
            _("there is no card with {dots!r} dots: the cards have {all} dots").format(
                dots=dots, all=", ".join(map(str, self._dots))
            )
        )

    def __iter__(self) -> Iterator[tuple[int, bool]]:
        """Each card as (dots, face up), from left to right."""
        return iter(zip(self._dots, self._up))

    def __len__(self) -> int:
        return self.n

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self.bits == other.bits

    def __hash__(self) -> int:
        return hash(self.bits)

    def __repr__(self) -> str:
        return f"Cards.from_bits({self.bits!r})"

    def __str__(self) -> str:
        """The row as a person reads it.

        >>> print(Cards.from_bits("10101"))
        [ 16 ] [ -- ] [  4 ] [ -- ] [  1 ]  10101 is 16 + 4 + 1 = 21
        """
        width = len(str(self._dots[0]))
        shown = " ".join(
            "[ {} ]".format(str(d).rjust(width) if up else "-" * width) for d, up in self
        )
        return _("{cards}  {bits} is {sum}").format(
            cards=shown, bits=self.bits, sum=self.sum_text()
        )

    # --- text forms -------------------------------------------------------------------

    @classmethod
    def from_bits(cls, bits: str) -> Cards:
        """The row that ``bits`` describes: one digit a card, 1 face up and 0 face down.

        >>> Cards.from_bits("110").value
        6
        >>> Cards.from_bits("12")
        Traceback (most recent call last):
        ...
        mathplay.cards.model.CardsError: '12' is not a row of cards: write 1 for a card face up and 0 for a card face down, like '00101'
        """  # noqa: E501
        if not isinstance(bits, str) or not bits or set(bits) - {"0", "1"}:
            raise CardsError(
                _(
                    "{bits!r} is not a row of cards: write 1 for a card face up and 0 for a "
                    "card face down, like '00101'"
                ).format(bits=bits)
            )
        if len(bits) > MOST_CARDS:
            raise CardsError(
                _("{bits!r} has {count} cards: a row has at most {most}").format(
                    bits=bits, count=len(bits), most=MOST_CARDS
                )
            )
        return cls(len(bits), int(bits, 2))

    def copy(self) -> Cards:
        """A new row, the same as this one."""
        return Cards(self.n, self.value)

    # --- changing ---------------------------------------------------------------------

    def _check_index(self, index: object) -> int:
        if _whole(index) and 0 <= index < self.n:
            return int(index)
        last = self.n - 1
        raise CardsError(
            _(
                "there is no card {index!r}: the cards are counted from the left, from 0 "
                "({first}) to {last} ({smallest})"
            ).format(
                index=index,
                first=dots_text(self._dots[0]),
                last=last,
                smallest=dots_text(self._dots[last]),
            )
        )

    def flip(self, index: int) -> None:
        """Turn card ``index`` (from the left, from 0) over, in place.

        >>> cards = Cards(3); cards.flip(0); cards.bits
        '100'
        >>> cards.flip(3)
        Traceback (most recent call last):
        ...
        mathplay.cards.model.CardsError: there is no card 3: the cards are counted from the left, from 0 (4 dots) to 2 (1 dot)
        """  # noqa: E501
        index = self._check_index(index)
        self._up[index] = not self._up[index]

    def flipped(self, index: int) -> Cards:
        """A new row: this one with card ``index`` turned over."""
        new = self.copy()
        new.flip(index)
        return new

    def set_number(self, number: int) -> None:
        """Turn the cards so that they show ``number``, in place (0 to :attr:`largest`)."""
        if not _whole(number) or not 0 <= number <= self.largest:
            raise CardsError(
                _n(
                    "{n} card makes the numbers 0 to {largest}, not {number!r}",
                    "{n} cards make the numbers 0 to {largest}, not {number!r}",
                    self.n,
                ).format(n=self.n, largest=self.largest, number=number)
            )
        self._up = [bool(number & dots) for dots in self._dots]
