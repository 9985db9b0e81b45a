"""Challenges by name: ``"make 7"``, ``"count to 7"``, ``"largest"``, ``"one way 6"``, and
the list a row of cards starts with.

>>> challenge("make 7").id
'make-7'
"""

from __future__ import annotations

import re

from mathplay.cards.base import Challenge
from mathplay.cards.challenges import CountUp, Largest, MakeNumber, OneWay
from mathplay.cards.model import DEFAULT_CARDS, CardsError, check_count
from mathplay.i18n import _

__all__ = ["challenge", "default_challenges"]


_SPEC = re.compile(r"(make|count(?:[ -]+to)?|largest|one[ -]+way)(?:[ -]+(\d{1,4}))?")
_EXAMPLES = "'make 7', 'count to 7', 'largest', 'one way 6'"


def challenge(spec: str | Challenge, n: int = DEFAULT_CARDS) -> Challenge:
    """The challenge ``spec`` names: ``"make 7"``, ``"count to 7"``, ``"largest"``,
    ``"one way 6"`` (record ids such as ``"make-7"`` work too), for ``n`` cards.

    >>> challenge("count-to-7"), challenge("Largest", n=4)
    (challenge('count to 7', n=5), challenge('largest', n=4))
    >>> challenge("make 40")
    Traceback (most recent call last):
    ...
    mathplay.cards.model.CardsError: make 40: with 5 cards, choose a number from 0 to 31
    >>> challenge("jump 3")
    Traceback (most recent call last):
    ...
    mathplay.cards.model.CardsError: 'jump 3' is not a challenge: write one like 'make 7', 'count to 7', 'largest', 'one way 6'
    """  # noqa: E501
    if isinstance(spec, Challenge):
        return spec
    text = " ".join(spec.casefold().split()) if isinstance(spec, str) else ""
    found = _SPEC.fullmatch(text) if len(text) <= 40 else None
    if found is None:
        shown = spec[:40] + "…" if isinstance(spec, str) and len(spec) > 40 else spec
        raise CardsError(
            _("{spec!r} is not a challenge: write one like {examples}").format(
                spec=shown, examples=_EXAMPLES
            )
        )
    word, number = found.group(1), found.group(2)
    if word == "largest":
        if number is not None:
            raise CardsError(
                _("'largest' takes no number: it asks for the largest the cards can show")
            )
        return Largest(n)
    if number is None:
        raise CardsError(
            _("{word!r} needs a number, like '{word} 7'").format(word=" ".join(word.split("-")))
        )
    kinds: dict[str, type[MakeNumber] | type[CountUp] | type[OneWay]] = {
        "make": MakeNumber,
        "count": CountUp,
        "one": OneWay,
    }
    return kinds[word.split()[0].split("-")[0]](int(number), n)


def default_challenges(n: int = DEFAULT_CARDS) -> list[Challenge]:
    """The challenges a row of ``n`` cards starts with, easy first.

    >>> [c.id for c in default_challenges(5)]  # doctest: +NORMALIZE_WHITESPACE
    ['make-5', 'make-7', 'make-12', 'count-to-7', 'make-15', 'make-21', 'largest-5',
     'one-way-10']
    >>> [c.id for c in default_challenges(2)]
    ['make-1', 'make-2', 'count-to-3', 'largest-2', 'one-way-2']
    """
    n = check_count(n)
    largest = 2**n - 1
    makes = [k for k in (5, 7, 12, 15, 21) if k <= largest] or [k for k in (1, 2) if k <= largest]
    result: list[Challenge] = [MakeNumber(k, n) for k in makes[:3]]
    result.append(CountUp(min(7, largest), n))
    result += [MakeNumber(k, n) for k in makes[3:]]
    result.append(Largest(n))
    result.append(OneWay(10 if largest >= 10 else min(2, largest), n))
    return result
