"""Binary cards, after CS Unplugged: cards with 16, 8, 4, 2 and 1 dots, turned face up to
make a number, and challenges with feedback for pupils. Pure Python: the widget that
shows them is :class:`mathplay.widgets.cards.BinaryCards` (``mathplay.BinaryCards``).

>>> cards = Cards()
>>> cards.set_number(21)
>>> cards.sum_text(), cards.bits
('16 + 4 + 1 = 21', '10101')
"""

from mathplay.cards.base import Challenge, Feedback
from mathplay.cards.challenges import CountUp, Largest, MakeNumber, OneWay
from mathplay.cards.model import (
    DEFAULT_CARDS,
    MOST_CARDS,
    Cards,
    CardsError,
    card_dots,
    cards_of,
    dots_text,
    sum_text,
)
from mathplay.cards.specs import challenge, default_challenges

__all__ = [
    "DEFAULT_CARDS",
    "MOST_CARDS",
    "Cards",
    "CardsError",
    "Challenge",
    "CountUp",
    "Feedback",
    "Largest",
    "MakeNumber",
    "OneWay",
    "card_dots",
    "cards_of",
    "challenge",
    "default_challenges",
    "dots_text",
    "sum_text",
]
