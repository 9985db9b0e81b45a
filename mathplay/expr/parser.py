"""The parser: tokens in, a checked flat structure of sides out.

The language has no parentheses, so a side is simply ``operand (op operand)*`` and an
operand is a number, in base 2 optionally preceded by one ``NOT``. Keeping sides flat
makes evaluation quick; :mod:`mathplay.expr.tree` builds the full tree from them when a
picture or a step-by-step explanation needs it.

>>> sides = parse("8x15=120")
>>> [str(side) for side in sides]
['8x15', '120']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mathplay.errors import ExpressionError, OptionsError
from mathplay.expr.tokens import MAX_TEXT_LENGTH, OPERATORS, Token, text_length, tokenize
from mathplay.i18n import _

__all__ = [
    "Operand",
    "Side",
    "binary_side_name",
    "parse",
    "plain_binary_sides",
    "plain_decimal_sides",
    "render_operation",
]


@dataclass(frozen=True)
class Operand:
    """A number as written (``digits``), possibly under ``NOT``."""

    digits: str
    position: int
    negated: bool = False

    def value(self, base: int) -> int:
        """The operand's whole-number value; ``NOT`` flips the bits of its written width."""
        number = int(self.digits, base)
        if self.negated:
            return ((1 << len(self.digits)) - 1) ^ number
        return number

    def text(self) -> str:
        return f"NOT {self.digits}" if self.negated else self.digits


@dataclass(frozen=True)
class Side:
    """One side of an equation: operands joined by binary operators, left to right."""

    operands: tuple[Operand, ...]
    operators: tuple[str, ...]
    base: int = 10

    @property
    def is_number(self) -> bool:
        """True for a bare number such as ``120`` (no operator at all)."""
        return not self.operators and not self.operands[0].negated

    def __str__(self) -> str:
        return render_operation(
            [operand.text() for operand in self.operands], list(self.operators), self.base
        )


def render_operation(items: list[str], operators: list[str], base: int) -> str:
    """Write ``items`` joined by ``operators`` the canonical way for ``base``.

    Base 10 writes symbols tight (``8x15``) and words spaced (``5 AND 3``); base 2 puts
    one space around every operator (``101 AND 1``, ``1 + 1``), as docs/notation.md asks.
    """
    parts = [items[0]]
    for name, item in zip(operators, items[1:]):
        operator = OPERATORS[name]
        symbol = operator.symbol(base)
        if base == 2 or operator.bitwise:
            parts.append(f" {symbol} {item}")
        else:
            parts.append(f"{symbol}{item}")
    return "".join(parts)


def _error(message: str, text: str, position: int) -> ExpressionError:
    return ExpressionError(message, text=text, position=position)


def _describe(token: Token, base: int) -> str:
    if token.kind == "op":
        return OPERATORS[token.text].symbol(base)
    return token.text


def parse(text: str, *, base: int = 10) -> tuple[Side, ...]:
    """Parse ``text`` into its sides (one side per ``=``-separated part).

    Raises :class:`ExpressionError` naming the first problem and its position.
    """
    if not isinstance(base, int) or base not in (2, 10):  # 10.0 too
        raise OptionsError(f"base must be 10 or 2, not {base!r}")
    if not isinstance(text, str):
        raise ExpressionError(
            _("expected text, got {kind}").format(kind=type(text).__name__), text=""
        )
    tokens = tokenize(text)
    if not tokens:
        raise ExpressionError(
            _("the text is empty: write an equation such as 3+4=7"), text=text, position=0
        )
    sides: list[Side] = []
    operands: list[Operand] = []
    operators: list[str] = []
    expect_operand = True
    negate_at: int | None = None
    previous: Token | None = None
    for token in tokens:
        if expect_operand:
            if token.kind == "num":
                operands.append(_operand(token, negate_at, text, base))
                negate_at = None
                expect_operand = False
            elif token.text == "NOT":
                if negate_at is not None:
                    raise _error(
                        _(
                            "NOT at position {position} follows another NOT: NOT applies only "
                            "to the number right after it"
                        ).format(position=token.position + 1),
                        text,
                        token.position,
                    )
                negate_at = token.position
            elif previous is None or previous.kind == "eq":
                what = _describe(token, base)
                if token.kind == "eq":
                    message = _("'=' at position {position} has nothing before it")
                else:
                    message = _("'{op}' at position {position} has no number before it")
                raise _error(
                    message.format(op=what, position=token.position + 1), text, token.position
                )
            elif token.kind == "eq":
                # "1+=2": '=' is not an operator, the '+' before it lacks its number.
                raise _error(
                    _("'{op}' at position {position} has no number after it").format(
                        op=_describe(previous, base), position=previous.position + 1
                    ),
                    text,
                    previous.position,
                )
            else:
                raise _error(
                    _(
                        "two operators in a row: '{second}' at position {position} follows "
                        "'{first}'"
                    ).format(
                        second=_describe(token, base),
                        first=_describe(previous, base),
                        position=token.position + 1,
                    ),
                    text,
                    token.position,
                )
        elif token.kind == "op":
            if token.text == "NOT":
                raise _error(
                    _(
                        "NOT at position {position} comes right after a number: NOT goes "
                        "before a number, like NOT 101"
                    ).format(position=token.position + 1),
                    text,
                    token.position,
                )
            operators.append(token.text)
            expect_operand = True
        else:  # "=" after an operand closes the side
            sides.append(Side(tuple(operands), tuple(operators), base))
            operands, operators = [], []
            expect_operand = True
        previous = token
    if expect_operand:
        assert previous is not None
        if previous.kind == "eq":
            message = _("'=' at position {position} has nothing after it")
        else:
            message = _("'{op}' at position {position} has no number after it")
        raise _error(
            message.format(op=_describe(previous, base), position=previous.position + 1),
            text,
            previous.position,
        )
    sides.append(Side(tuple(operands), tuple(operators), base))
    return tuple(sides)


def _operand(token: Token, negate_at: int | None, text: str, base: int) -> Operand:
    digits = token.text
    if base == 2:
        for offset, digit in enumerate(digits):
            if digit not in "01":
                # Find the digit's real place: spaces may sit inside a merged number.
                position = _digit_position(text, token.position, offset)
                raise _error(
                    _(
                        "the digit {digit} at position {position} is not allowed in base 2: "
                        "binary numbers use only 0 and 1"
                    ).format(digit=digit, position=position + 1),
                    text,
                    position,
                )
    if negate_at is not None and base != 2:
        raise _error(
            _("NOT at position {position} works only on binary numbers (base 2)").format(
                position=negate_at + 1
            ),
            text,
            negate_at,
        )
    if negate_at is None and len(digits) > 1 and digits[0] == "0":
        raise _error(
            _(
                "the number {number} at position {position} starts with 0: write it without "
                "leading zeros"
            ).format(number=digits, position=token.position + 1),
            text,
            token.position,
        )
    return Operand(digits, token.position, negated=negate_at is not None)


def _digit_position(text: str, start: int, offset: int) -> int:
    seen = -1
    for index in range(start, len(text)):
        if not text[index].isspace():
            seen += 1
            if seen == offset:
                return index
    return start


_PLAIN_NUMBER = r"(?:0|[1-9][0-9]*)"
_PLAIN_SIDE = rf"{_PLAIN_NUMBER}(?:[-+x:]{_PLAIN_NUMBER})*"
_PLAIN_EQUATION = re.compile(rf"{_PLAIN_SIDE}(?:={_PLAIN_SIDE})+")


#: How people and boards write the four operations, as the plain forms (``x : - +``).
_WRITTEN_PAIRS = (
    ("×", "x"),
    ("X", "x"),
    ("*", "x"),
    ("÷", ":"),
    ("/", ":"),
    ("−", "-"),
    ("–", "-"),
)
_PLAIN_BITS = r"(?:0|1[01]*)"
_PLAIN_BINARY_SIDE = rf"{_PLAIN_BITS}(?:[-+x:]{_PLAIN_BITS})*"
_PLAIN_BINARY = re.compile(rf"{_PLAIN_BINARY_SIDE}(?:={_PLAIN_BINARY_SIDE})+")
_BINARY_NAMES = {"x": " x ", ":": " / ", "-": " - ", "+": " + "}
_BINARY_SPACING = re.compile(r"[-+x:]")


def _compact(text: str) -> str | None:
    if not isinstance(text, str) or text_length(text) > MAX_TEXT_LENGTH:
        return None
    if " " in text:
        text = text.replace(" ", "")
    if text.isascii() and "*" not in text and "/" not in text and "X" not in text:
        return text
    for written, plain in _WRITTEN_PAIRS:  # a few replaces: quicker than translate()
        if written in text:
            text = text.replace(written, plain)
    return text


def plain_decimal_sides(text: str) -> list[str] | None:
    """The sides of a plainly written decimal equation, or ``None`` for any other text.

    Plain means digits, the four operations (``+ - x :``, or as people and boards also
    write them: ``X × * ÷ / −``), ``=`` and spaces only, well formed, with two or more
    sides. The sides come back without spaces and with ``x :``, which is exactly
    ``str(side)`` for each parsed side. ``None`` means "use :func:`parse`", which accepts
    or rejects the text with its full rules; every text this function accepts,
    :func:`parse` accepts too.

    >>> plain_decimal_sides("8 x 15 = 120"), plain_decimal_sides("8 × 15 ÷ 2 = 60")
    (['8x15', '120'], ['8x15:2', '60'])
    >>> plain_decimal_sides("8 x (15) = 120") is None
    True
    """
    compact = _compact(text)
    if compact is None or _PLAIN_EQUATION.fullmatch(compact) is None:
        return None
    return compact.split("=")


def plain_binary_sides(text: str) -> list[str] | None:
    """The sides of a plainly written binary equation, or ``None`` for any other text.

    Plain means bits (numbers without leading zeros), the four operations (written as in
    :func:`plain_decimal_sides`), ``=`` and spaces, with two or more sides; no ``AND OR
    XOR NOT``. The sides come back compact, with ``x :`` (:func:`binary_side_name` writes
    one as ``str(side)`` does).

    >>> plain_binary_sides("101+11 = 1000"), binary_side_name("101+11")
    (['101+11', '1000'], '101 + 11')
    >>> plain_binary_sides("101 AND 1 = 1") is None
    True
    """
    compact = _compact(text)
    if compact is None or _PLAIN_BINARY.fullmatch(compact) is None:
        return None
    return compact.split("=")


def binary_side_name(compact: str) -> str:
    """A compact plain binary side written as ``str(side)`` writes it (``101 + 11``)."""
    return _BINARY_SPACING.sub(lambda m: _BINARY_NAMES[m.group(0)], compact)
