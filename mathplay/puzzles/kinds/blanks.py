"""Equations with blanks: where the blanks are, and filling them in.

A blank ``_`` next to a digit (spaces do not count) is one digit, as in ``1_1``; a blank
between operators is a whole number, as in ``3 + _ = 7``. For ``which-operation`` every
``_`` is an operator.

>>> [b.digit for b in find_blanks("1_1 AND 11 = _", operators=False)]
[True, False]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mathplay.errors import ExpressionError
from mathplay.expr import check
from mathplay.i18n import _
from mathplay.puzzles.kinds.base import KindError

__all__ = [
    "MAX_TRIES",
    "Blank",
    "Equation",
    "canonical_text",
    "find_blanks",
    "require_readable",
    "split_answer",
]

#: The most combinations of blanks the validator tries.
MAX_TRIES = 200_000


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


def require_readable(equation: Equation, filler: list[str]) -> None:
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
