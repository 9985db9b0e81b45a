"""Equations with blanks: where the blanks are, and filling them in.

A blank ``_`` next to a digit (spaces do not count) is one digit, as in ``1_1``; a blank
between operators is a whole number, as in ``3 + _ = 7``. For ``which-operation`` every
``_`` is an operator.

>>> [b.digit for b in find_blanks("1_1 AND 11 = _", operators=False)]
[True, False]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mathplay.errors import ExpressionError
from mathplay.expr import check
from mathplay.i18n import _
from mathplay.puzzles.kinds.base import MAX_TRIES, KindError

__all__ = [
    "MAX_BLANKS",
    "MAX_TRIES",
    "Blank",
    "Equation",
    "canonical_text",
    "fillings",
    "find_blanks",
    "require_readable",
    "split_answer",
]

#: The most blanks one equation may have.
MAX_BLANKS = 20


@dataclass(frozen=True)
class Blank:
    start: int
    end: int
    digit: bool  # one digit (part of a number), or a whole number


@dataclass(frozen=True)
class Equation:
    template: str
    blanks: tuple[Blank, ...]
    base: int
    order: str
    largest: int = 0

    def fill(self, values: list[str] | tuple[str, ...]) -> str:
        text = self.template
        for blank, value in sorted(zip(self.blanks, values), key=lambda bv: -bv[0].start):
            text = text[: blank.start] + value + text[blank.end :]
        return text

    def verdict(self, values: list[str] | tuple[str, ...]) -> Any:
        return check(self.fill(values), base=self.base, order=self.order)


def _neighbour(text: str, index: int, step: int) -> str:
    while 0 <= index < len(text) and text[index].isspace():
        index += step
    return text[index] if 0 <= index < len(text) else ""


def find_blanks(template: str, operators: bool) -> tuple[Blank, ...]:
    blanks: list[Blank] = []
    for match in re.finditer(r"_+", template):
        start, end = match.span()
        if operators:
            blanks.extend(Blank(i, i + 1, False) for i in range(start, end))
            continue
        digit = (
            _neighbour(template, start - 1, -1).isdigit() or _neighbour(template, end, 1).isdigit()
        )
        if digit:
            blanks.extend(Blank(i, i + 1, True) for i in range(start, end))
        else:
            blanks.append(Blank(start, end, False))
    return tuple(blanks)


class _Numbers(Sequence[str]):
    """The whole numbers 0, 1 … ``count - 1`` written in ``base``, made only when asked for."""

    def __init__(self, count: int, base: int) -> None:
        self.count = count
        self.spec = "b" if base == 2 else "d"

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: Any) -> Any:
        if not 0 <= index < self.count:
            raise IndexError(index)
        return format(index, self.spec)


def fillings(equation: Equation, most: int = MAX_TRIES) -> Iterator[tuple[str, ...]]:
    """Every way to fill the blanks, the last blank changing fastest, made one at a time.

    A whole-number blank takes 0 to ``largest``, but never more than ``most + 1`` values:
    a search that counts its tries stops before it could reach the others.

    >>> eq = Equation("_ + 1_ = 12", find_blanks("_ + 1_ = 12", False), 10, "math", 10**30)
    >>> next(fillings(eq)), sum(1 for _ in fillings(eq, most=3))
    (('0', '0'), 40)
    """
    digits = "01" if equation.base == 2 else "0123456789"
    numbers = _Numbers(min(equation.largest, most) + 1, equation.base)
    options: list[Sequence[str]] = [digits if b.digit else numbers for b in equation.blanks]
    yield from product(options)


def product(options: Sequence[Sequence[str]]) -> Iterator[tuple[str, ...]]:
    """Like ``itertools.product``, without first making a list of every option.

    >>> list(product(["ab", "01"]))
    [('a', '0'), ('a', '1'), ('b', '0'), ('b', '1')]
    """
    if any(len(option) == 0 for option in options):
        return
    index = [0] * len(options)
    while True:
        yield tuple(option[i] for option, i in zip(options, index))
        for place in reversed(range(len(options))):
            index[place] += 1
            if index[place] < len(options[place]):
                break
            index[place] = 0
        else:
            return


def require_readable(equation: Equation, filler: list[str]) -> None:
    """A KindError unless the equation, filled with ``filler``, can be read."""
    if len(equation.blanks) > MAX_BLANKS:
        raise KindError(
            "equation",
            _("the equation has {n} blanks; a puzzle can have at most {most}").format(
                n=len(equation.blanks), most=MAX_BLANKS
            ),
        )
    try:
        equation.verdict(filler)
    except ExpressionError as error:
        raise KindError(
            "equation", _("the equation cannot be read: {error}").format(error=error)
        ) from None


def split_answer(answer: str) -> list[str]:
    return [part for part in re.split(r"[,;\s]+", answer.strip()) if part]


def canonical_text(text: str) -> str:
    text = re.sub(r"\s+", "", text)
    for old, new in (("×", "X"), ("*", "X"), ("÷", ":"), ("/", ":"), ("−", "-"), ("–", "-")):
        text = text.replace(old, new)
    return text.upper()
