"""Equations as people read them: one symbol for each operation, spaces around it.

Players type ``x``, ``*``, ``:`` or ``/``; the games' notation keeps ``x`` and ``:`` (or
``/`` in Binary). What a person reads — tiles, messages, hints, the move log — shows
one symbol each: ``×`` for times, ``÷`` for divide and ``−`` for minus, with a space on
either side, so ``8x15=120`` reads ``8 × 15 = 120``.

>>> pretty("8x15=120")
'8 × 15 = 120'
>>> pretty("E8 across 8+1=6 is not allowed: 8+1 is 9, not 6")
'E8 across 8 + 1 = 6 is not allowed: 8 + 1 is 9, not 6'
>>> pretty("101 AND 1 = 1 and 10 / 1 = 10")
'101 AND 1 = 1 and 10 ÷ 1 = 10'
>>> pretty("9:3=3, exchange 4 tiles")
'9 ÷ 3 = 3, exchange 4 tiles'
"""

from __future__ import annotations

import re

__all__ = ["SYMBOLS", "pretty", "pretty_token"]

#: How each operator token is shown to people.
SYMBOLS = {
    "x": "×",
    "X": "×",
    "*": "×",
    "×": "×",
    ":": "÷",
    "/": "÷",
    "÷": "÷",
    "-": "−",
    "−": "−",
    "+": "+",
    "=": "=",
}

_OPERAND = r"(?:NOT\s*)*\d+"
# ``:`` is an operator only between digits with no space ("9:3"): in prose a colon is
# followed by a space ("not allowed: 8+1 …").
_OPERATOR = r"(?:\s*(?:[-+−×*÷/=xX]|AND|XOR|OR)\s*|(?<=\d):(?=\d))"
_RUN = re.compile(rf"(?<![\w.]){_OPERAND}(?:{_OPERATOR}{_OPERAND})+(?![\w])")
_PIECE = re.compile(r"NOT|AND|XOR|OR|\d+|[-+−×*÷/=xX:]")


def pretty_token(token: str) -> str:
    """One tile or chip as people read it: ``x`` is ``×``, ``:`` and ``/`` are ``÷``.

    >>> [pretty_token(t) for t in ("x", ":", "-", "7", "AND")]
    ['×', '÷', '−', '7', 'AND']
    """
    return SYMBOLS.get(token, token)


def _spaced(match: re.Match[str]) -> str:
    return " ".join(pretty_token(piece) for piece in _PIECE.findall(match.group(0)))


def pretty(text: str) -> str:
    """``text`` with every equation or expression in it written as people read it.

    Only runs of numbers joined by operators change; words, squares (``E8``) and
    single numbers stay as they are.
    """
    return _RUN.sub(_spaced, text)
