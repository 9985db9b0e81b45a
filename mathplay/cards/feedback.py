"""What the challenges say about a pupil's cards, in plain words for a 12-year-old.

Feedback on a wrong try explains the pupil's own cards (what they show, how far from the
number wanted, which way to go) and asks a question; it never says which cards to turn.
The hints that end in the answer come only when the pupil asks for them.

>>> from mathplay.cards.model import Cards
>>> print(explain(Cards.from_bits("00101"), 7))
Your cards show 4 + 1 = 5, and you need 7. That is 2 dots too few: which card that is still face down would add 2?
>>> print(explain(Cards.from_bits("10000"), 7))
Your cards show 16, and you need 7. The 16-dot card alone has more than 7 dots: it is too big.
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Sequence

from mathplay.cards.model import Cards, cards_of, sum_text
from mathplay.i18n import _, _n

__all__ = ["and_list", "explain", "make_hints", "strategy"]


def and_list(items: Sequence[object]) -> str:
    """``"4, 2 and 1"``: items joined the way a sentence lists them.

    >>> and_list([4]), and_list([4, 1]), and_list([16, 4, 1])
    ('4', '4 and 1', '16, 4 and 1')
    """
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def card_name(dots: int) -> str:
    """``"the 8-dot card"``."""
    return _("the {dots}-dot card").format(dots=dots)


def strategy(target: int) -> str:
    """The way to make any number, from the left, without the answer.

    >>> print(strategy(7))
    Try this: start with the card on the left. If its dots fit in the 7 you still need, turn it face up and take its dots away from 7; if not, turn it face down. Then do the same with the next card, and the next.
    """  # noqa: E501
    return _(
        "Try this: start with the card on the left. If its dots fit in the {target} you still "
        "need, turn it face up and take its dots away from {target}; if not, turn it face "
        "down. Then do the same with the next card, and the next."
    ).format(target=target)


def _too_few(cards: Cards, target: int) -> str:
    gap = target - cards.value
    if gap in cards.down_dots:
        return _n(
            "That is {gap} dot too few: which card that is still face down would add {gap}?",
            "That is {gap} dots too few: which card that is still face down would add {gap}?",
            gap,
        ).format(gap=gap)
    if gap & cards.value == 0:  # the cards still face down can add exactly the gap
        return _n(
            "That is {gap} dot too few: which cards that are still face down would add "
            "{gap} together?",
            "That is {gap} dots too few: which cards that are still face down would add "
            "{gap} together?",
            gap,
        ).format(gap=gap)
    return _n(
        "That is {gap} dot too few, but the cards still face down cannot add exactly {gap}. "
        "One bigger card can take the place of smaller ones: which card could you swap?",
        "That is {gap} dots too few, but the cards still face down cannot add exactly {gap}. "
        "One bigger card can take the place of smaller ones: which card could you swap?",
        gap,
    ).format(gap=gap)


def _too_many(cards: Cards, target: int) -> str:
    too_big = [dots for dots in cards.up_dots if dots > target]
    if too_big:
        text = _n(
            "{card} alone has more than {target} dot: it is too big.",
            "{card} alone has more than {target} dots: it is too big.",
            target,
        ).format(card=card_name(too_big[0]), target=target)
        return text[:1].upper() + text[1:]  # the sentence's start, in any language
    gap = cards.value - target
    if gap in cards.up_dots:
        return _n(
            "That is {gap} dot too many: which card that is face up could you turn face down?",
            "That is {gap} dots too many: which card that is face up could you turn face down?",
            gap,
        ).format(gap=gap)
    return _n(
        "That is {gap} dot too many. Which cards could you turn face down, or swap for a "
        "smaller one?",
        "That is {gap} dots too many. Which cards could you turn face down, or swap for a "
        "smaller one?",
        gap,
    ).format(gap=gap)


def explain(cards: Cards, target: int, tries: int = 0) -> str:
    """Why ``cards`` do not show ``target``, about the pupil's own cards. ``tries`` is the
    number of wrong tries at it before this one: from the second, the way to do it comes
    too, and from the third a push to ask for a hint.

    >>> print(explain(Cards(5), 6))
    All your cards are face down, so they show 0. You need 6: turn cards face up to show their dots.
    """
    if cards.value == 0:
        words = [
            _(
                "All your cards are face down, so they show 0. You need {target}: turn cards "
                "face up to show their dots."
            ).format(target=target)
        ]
    else:
        words = [
            _("Your cards show {shown}, and you need {target}.").format(
                shown=cards.sum_text(), target=target
            ),
            _too_few(cards, target) if cards.value < target else _too_many(cards, target),
        ]
    if tries >= 1:
        words.append(strategy(target))
    if tries >= 2:
        words.append(_("Stuck? Press Hint."))
    return " ".join(words)


def answer_text(target: int, n: int) -> str:
    """The whole answer: which cards make ``target``, and its binary.

    >>> print(answer_text(7, 5))
    7 = 4 + 2 + 1: turn the 4, 2 and 1 cards face up and the others face down. In binary: 00111.
    >>> print(answer_text(16, 5))
    16 is the 16-dot card alone: turn it face up and the others face down. In binary: 10000.
    >>> print(answer_text(0, 3))
    0 is every card face down. In binary: 000.
    """
    bits = format(target, "b").zfill(n)
    up = cards_of(target, n)
    if not up:
        return _("0 is every card face down. In binary: {bits}.").format(bits=bits)
    if len(up) == 1:
        return _(
            "{target} is {card} alone: turn it face up and the others face down. In binary: {bits}."
        ).format(target=target, card=card_name(up[0]), bits=bits)
    return _(
        "{target} = {terms}: turn the {cards} cards face up and the others face down. "
        "In binary: {bits}."
    ).format(
        target=target,
        terms=sum_text(up).split(" = ")[0],
        cards=and_list(up),
        bits=bits,
    )


def make_hints(target: int, n: int) -> list[str]:
    """The hints for making ``target`` with ``n`` cards, the last one the answer.

    >>> for hint in make_hints(7, 5):
    ...     print(hint)
    Start with the card on the left, the 16-dot card. Does it fit in 7? A card with more dots than 7 stays face down.
    The biggest card that fits in 7 is the 4-dot card. Turn it face up: 7 − 4 = 3 are left to make with the smaller cards.
    7 = 4 + 2 + 1: turn the 4, 2 and 1 cards face up and the others face down. In binary: 00111.
    """  # noqa: E501
    first = 2 ** (n - 1)
    hints = [
        _(
            "Start with the card on the left, {card}. Does it fit in {target}? A card with "
            "more dots than {target} stays face down."
        ).format(card=card_name(first), target=target)
    ]
    up = cards_of(target, n)
    if up:
        biggest = up[0]
        left = target - biggest
        if left:
            hints.append(
                _(
                    "The biggest card that fits in {target} is {card}. Turn it face up: "
                    "{target} − {dots} = {left} are left to make with the smaller cards."
                ).format(target=target, card=card_name(biggest), dots=biggest, left=left)
            )
        else:
            hints.append(
                _("The biggest card that fits in {target} is {card}.").format(
                    target=target, card=card_name(biggest)
                )
            )
    hints.append(answer_text(target, n))
    return hints
