"""Tokens of the expression language and the tokenizer that finds them.

The operator table is plain data: the parser, the evaluator and the printers all read
it, so decimal (Summy, Mixmath) and binary (Binary) share one grammar.

>>> [t.text for t in tokenize("8 × 15 = 120")]
['8', 'MUL', '15', '=', '120']
>>> [t.kind for t in tokenize("101 and 1=1")]
['num', 'op', 'num', 'eq', 'num']
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from mathplay.errors import ExpressionError
from mathplay.i18n import _

__all__ = [
    "BINARY_OPS",
    "LOCAL_WORDS",
    "MAX_TEXT_LENGTH",
    "OPERATORS",
    "Operator",
    "Token",
    "plain_word",
    "text_length",
    "tokenize",
]

#: Longest text the checker reads. Game lines are at most 25 blocks; teachers' puzzles
#: are short. The limit keeps a pasted essay from tying up a kernel.
MAX_TEXT_LENGTH = 1000


def text_length(text: str) -> int:
    """The length the checker's limit counts: every character but spaces (the canonical
    form of a Binary line puts spaces around its operators, and must be checkable again),
    and a text far longer than the limit counted whole, never read through.

    >>> text_length("1 + 1 = 10"), text_length(" " * 5000) > MAX_TEXT_LENGTH
    (6, True)
    """
    if len(text) > 4 * MAX_TEXT_LENGTH:
        return len(text)
    return len(text) - text.count(" ")


@dataclass(frozen=True)
class Operator:
    """One operator of the language.

    ``level`` is its precedence under the ``math`` order (higher binds tighter);
    ``decimal`` and ``binary`` are how it is written in each base.
    """

    name: str
    decimal: str
    binary: str
    level: int
    bitwise: bool = False

    def symbol(self, base: int) -> str:
        """The operator as written in ``base`` (``:`` in base 10, ``/`` in base 2)."""
        return self.binary if base == 2 else self.decimal


OPERATORS: dict[str, Operator] = {
    op.name: op
    for op in (
        Operator("MUL", "x", "x", 4),
        Operator("DIV", ":", "/", 4),
        Operator("ADD", "+", "+", 3),
        Operator("SUB", "-", "-", 3),
        Operator("AND", "AND", "AND", 2, bitwise=True),
        Operator("XOR", "XOR", "XOR", 1, bitwise=True),
        Operator("OR", "OR", "OR", 0, bitwise=True),
        Operator("NOT", "NOT", "NOT", 5, bitwise=True),
    )
}
#: The operators that stand between two numbers (NOT is a prefix).
BINARY_OPS = frozenset(name for name in OPERATORS if name != "NOT")

_SYMBOLS = {
    "+": "ADD",
    "-": "SUB",
    "\u2212": "SUB",  # − minus sign
    "\u2013": "SUB",  # – en dash
    "x": "MUL",
    "X": "MUL",
    "\u00d7": "MUL",  # ×
    "*": "MUL",
    ":": "DIV",
    "\u00f7": "DIV",  # ÷
    "/": "DIV",
}
_WORDS = {"AND", "OR", "XOR", "NOT"}
#: The words for the logic operations in the other languages' schools, read as the
#: English ones in any language (capitals or not, Greek with or without accents): Greek
#: school informatics writes ΚΑΙ, Ή, ΟΧΙ; Malaysian textbooks DAN, ATAU, TAK (TIDAK).
#: XOR keeps its name everywhere; Spanish schools name the gates AND, OR, NOT
#: (docs/translating.md).
LOCAL_WORDS = {
    "ΚΑΙ": "AND",
    "Η": "OR",
    "ΟΧΙ": "NOT",
    "DAN": "AND",
    "ATAU": "OR",
    "TAK": "NOT",
    "TIDAK": "NOT",
}
_PIECE = re.compile(r"[0-9]+|[^\W\d_]+|\s+|.", re.DOTALL)


def plain_word(piece: str) -> str:
    """``piece`` in capitals without accents ("όχι" → "ΟΧΙ", "Dan" → "DAN")."""
    decomposed = unicodedata.normalize("NFD", piece.upper())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@dataclass(frozen=True)
class Token:
    """A number, an operator or ``=``, with its position in the original text.

    ``text`` is the canonical spelling: the digits of a number, the operator's name
    (``ADD``, ``AND`` …) for an operator, ``=`` for the equals sign.
    """

    kind: Literal["num", "op", "eq"]
    text: str
    position: int


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens; spaces are ignored (``1 0 1`` is the number 101).

    Raises :class:`ExpressionError` for a character or word that is not part of the
    language, naming it and its position.
    """
    if text_length(text) > MAX_TEXT_LENGTH:
        raise ExpressionError(
            _("the text is {length} characters long; the most the checker reads is {limit}").format(
                length=text_length(text), limit=MAX_TEXT_LENGTH
            ),
            text=text,
        )
    tokens: list[Token] = []
    for match in _PIECE.finditer(text):
        piece = match.group()
        start = match.start()
        first = piece[0]
        if first.isspace():
            continue
        if "0" <= first <= "9":
            if tokens and tokens[-1].kind == "num":
                # "1 0 1" is one number: spaces are ignored.
                previous = tokens.pop()
                piece = previous.text + piece
                start = previous.position
            tokens.append(Token("num", piece, start))
        elif first.isalpha():
            # Words before symbols: "XOR" and "xor" start with the letter x but are words.
            word = plain_word(piece)
            if word in _WORDS:
                tokens.append(Token("op", word, start))
            elif word in LOCAL_WORDS:
                tokens.append(Token("op", LOCAL_WORDS[word], start))
            elif set(piece) <= {"x", "X"}:
                tokens.extend(Token("op", "MUL", start + i) for i in range(len(piece)))
            else:
                raise ExpressionError(
                    _(
                        "unknown word '{word}' at position {position}: use numbers, "
                        "+ - x : =, AND, OR, XOR and NOT"
                    ).format(word=piece, position=start + 1),
                    text=text,
                    position=start,
                )
        elif first in _SYMBOLS:
            tokens.append(Token("op", _SYMBOLS[first], start))
        elif first == "=":
            tokens.append(Token("eq", "=", start))
        elif (
            first in ".,"
            and tokens
            and tokens[-1].kind == "num"
            and text[start + 1 : start + 2].isdigit()
        ):
            # 3.5 or 3,5 (the decimal comma of Spanish and Greek): the games' numbers are
            # whole; a pupil who wrote a decimal is told so, in words, whichever mark.
            digits = re.match(r"[0-9]+", text[start + 1 :])
            written = tokens[-1].text + first + (digits.group() if digits else "")
            raise ExpressionError(
                _(
                    "{number} at position {position} is a decimal number: mathplay's numbers "
                    "are whole numbers, so write a part as a division, like 7:2 for three and "
                    "a half"
                ).format(number=written, position=tokens[-1].position + 1),
                text=text,
                position=tokens[-1].position,
            )
        else:
            raise ExpressionError(
                _("'{char}' at position {position} is not a number or an operator").format(
                    char=first, position=start + 1
                ),
                text=text,
                position=start,
            )
    return tokens
