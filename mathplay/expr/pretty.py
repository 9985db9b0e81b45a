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

The logic words are the ones the pupil's school writes (:data:`WORDS_READ`): a Greek
pupil reads the chips and the explanations of the Greek Binary game, a Malaysian pupil
those of Malaysian textbooks. The games' notation, and what pupils type, stay English
(the checker reads the local words too).

>>> from mathplay.i18n import speaking
>>> with speaking("el"):
...     pretty("101 AND 1 = 1 or NOT 0"), pretty_token("XOR")
('101 ΚΑΙ 1 = 1 or ΟΧΙ 0', 'XOR')
>>> with speaking("ms"):
...     pretty("NOT 1 = 0")
'TAK 1 = 0'
"""

from __future__ import annotations

import re

from mathplay.i18n import current_language

__all__ = ["SYMBOLS", "WORDS_READ", "pretty", "pretty_token", "read_words"]

#: The logic words each language's pupils read, where they are not English
#: (docs/translating.md): Greek school informatics and the Greek Binary game write ΚΑΙ,
#: Ή, ΟΧΙ; Malaysian textbooks DAN, ATAU, TAK. XOR keeps its name everywhere; Spanish
#: schools name the gates in English.
WORDS_READ: dict[str, dict[str, str]] = {
    "el": {"AND": "ΚΑΙ", "OR": "Ή", "NOT": "ΟΧΙ"},
    "ms": {"AND": "DAN", "OR": "ATAU", "NOT": "TAK"},
}

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
# A run: numbers joined by operators, or a number after NOT ("NOT 0110 = ?").
_RUN = re.compile(rf"(?<![\w.])(?:{_OPERAND}(?:{_OPERATOR}{_OPERAND})+|(?:NOT\s*)+\d+)(?![\w])")
_PIECE = re.compile(r"NOT|AND|XOR|OR|\d+|[-+−×*÷/=xX:]")


def pretty_token(token: str) -> str:
    """One tile or chip as people read it: ``x`` is ``×``, ``:`` and ``/`` are ``÷``,
    and a logic word is the one the pupil's language writes (:data:`WORDS_READ`).

    >>> [pretty_token(t) for t in ("x", ":", "-", "7", "AND")]
    ['×', '÷', '−', '7', 'AND']
    """
    word = WORDS_READ.get(current_language(), {}).get(token)
    return word or SYMBOLS.get(token, token)


def _spaced(match: re.Match[str]) -> str:
    return " ".join(pretty_token(piece) for piece in _PIECE.findall(match.group(0)))


def pretty(text: str) -> str:
    """``text`` with every equation or expression in it written as people read it.

    Only runs of numbers joined by operators change; words, squares (``E8``) and
    single numbers stay as they are.
    """
    return _RUN.sub(_spaced, text)


_LOGIC_WORD = re.compile(r"(?<![\w])(AND|OR|NOT)(?![\w])")


def read_words(text: str) -> str:
    """``text`` with its logic words (AND, OR, NOT in capitals) in the ones the pupil's
    language writes, and nothing else changed: for the checker's explanations, which keep
    their own spacing.

    >>> from mathplay.i18n import speaking
    >>> with speaking("el"):
    ...     read_words("Left: 11 AND 10 = 10, NOT 0 = 1, XOR stays; ANDROID stays")
    'Left: 11 ΚΑΙ 10 = 10, ΟΧΙ 0 = 1, XOR stays; ANDROID stays'
    """
    words = WORDS_READ.get(current_language())
    if not words:
        return text
    return _LOGIC_WORD.sub(lambda match: words[match.group(1)], text)
