"""Squares and directions: the vocabulary every board speaks.

A square is a ``(row, column)`` pair counted from 0 at the top-left. People read it as
column letter then row number, so ``(0, 0)`` is ``A1`` and ``(12, 12)`` is ``M13``.

>>> parse_square("I13")
(12, 8)
>>> square_name((12, 8))
'I13'
>>> Direction.parse("down").step
(1, 0)
"""

from __future__ import annotations

import enum
import re
import unicodedata

from mathplay.errors import NotationError
from mathplay.i18n import N_, _

__all__ = [
    "COLUMNS",
    "DIRECTION_WORDS",
    "Direction",
    "Special",
    "Square",
    "parse_square",
    "square_name",
    "with_labels",
]

Square = tuple[int, int]
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SQUARE = re.compile(r"^\s*([A-Za-z])\s*([0-9]{1,2})\s*$")


class Special(enum.Enum):
    """Kinds of special square, each with a short text label (shown on the square, so the
    board never relies on colour alone) and a name for screen readers."""

    START = ("start", "★")
    DOUBLE = ("double", "2×")
    TRIPLE = ("triple", "3×")
    PLUS = ("plus", "+")
    MINUS = ("minus", "−")
    TIMES = ("times", "×")
    DIVIDE = ("divide", "÷")
    DOUBLE_LETTER = ("double letter", "DL")
    TRIPLE_LETTER = ("triple letter", "TL")
    DOUBLE_WORD = ("double word", "DW")
    TRIPLE_WORD = ("triple word", "TW")

    @property
    def label(self) -> str:
        """What the square shows: a sign (``2×``, ``+``, ``★``) the same everywhere, or
        the initials of its name in the language spoken (``DL`` in English, ``LD`` in
        Spanish, ``ΔΓ`` in Greek)."""
        initials = _LABELS.get(self)
        return _(initials) if initials else self.value[1]

    @property
    def description(self) -> str:
        """``"plus square"``, ``"double word square"`` … for accessible names, in the
        language spoken (each name whole: the words' order differs between languages)."""
        return _(_DESCRIPTIONS[self])


#: The labels that are initials of the square's name, translated with the names (the
#: signs are the same in every language).
_LABELS = {
    # Translators: the label on a double letter square: the initials of its name.
    Special.DOUBLE_LETTER: N_("DL"),
    # Translators: the label on a triple letter square: the initials of its name.
    Special.TRIPLE_LETTER: N_("TL"),
    # Translators: the label on a double word square: the initials of its name.
    Special.DOUBLE_WORD: N_("DW"),
    # Translators: the label on a triple word square: the initials of its name.
    Special.TRIPLE_WORD: N_("TW"),
}

#: Each special square's name for screen readers, translated where it is said.
_DESCRIPTIONS = {
    Special.START: N_("start square"),
    Special.DOUBLE: N_("double square"),
    Special.TRIPLE: N_("triple square"),
    Special.PLUS: N_("plus square"),
    Special.MINUS: N_("minus square"),
    Special.TIMES: N_("times square"),
    Special.DIVIDE: N_("divide square"),
    Special.DOUBLE_LETTER: N_("double letter square"),
    Special.TRIPLE_LETTER: N_("triple letter square"),
    Special.DOUBLE_WORD: N_("double word square"),
    Special.TRIPLE_WORD: N_("triple word square"),
}


def with_labels(text: str) -> str:
    """``text`` with ``{DL}``, ``{TL}``, ``{DW}`` and ``{TW}`` written as the squares'
    labels in the language spoken, the ones the board and its legend show (``PD`` and
    ``PT`` in Spanish, ``2P`` and ``3P`` in Malay): a sentence never names a square the
    board does not have.

    >>> with_labels("{DW} and {TW} squares double or triple it")
    'DW and TW squares double or triple it'
    """
    for special, initials in _LABELS.items():
        text = text.replace("{" + initials + "}", special.label)
    return text


def square_name(square: Square) -> str:
    """``(row, column)`` → ``"A1"``-style name; a square no board has (a column past Z
    or before A) gets a name that says where it is but reads as no square.

    >>> square_name((7, 8)), square_name((0, 30)), square_name((2, -1))
    ('I8', '[column 31, row 1]', '[column 0, row 3]')
    """
    row, column = square
    if 0 <= column < len(COLUMNS):
        return f"{COLUMNS[column]}{row + 1}"
    return f"[column {column + 1}, row {row + 1}]"


def parse_square(text: str, size: int | None = None) -> Square:
    """``"I13"`` → ``(12, 8)``; with ``size``, the square must lie on a board of that size."""
    match = _SQUARE.match(text)
    if not match:
        raise NotationError(
            _("'{text}' is not a square: write a column letter and a row number, like H8").format(
                text=text
            )
        )
    column = COLUMNS.index(match.group(1).upper())
    row = int(match.group(2)) - 1
    if row < 0 or (size is not None and (row >= size or column >= size)):
        last = square_name((size - 1, size - 1)) if size else "?"
        raise NotationError(
            _("{square} is off the board: squares go from A1 to {last}").format(
                square=match.group(1).upper() + match.group(2), last=last
            )
        )
    return (row, column)


class Direction(enum.Enum):
    """The two reading directions of a line: left to right, top to bottom."""

    ACROSS = "across"
    DOWN = "down"

    @property
    def step(self) -> Square:
        return (0, 1) if self is Direction.ACROSS else (1, 0)

    @property
    def other(self) -> Direction:
        return Direction.DOWN if self is Direction.ACROSS else Direction.ACROSS

    @classmethod
    def parse(cls, text: str) -> Direction:
        """``"across"`` or ``"down"``, or the word a pupil's language says for it
        (``horizontal``, ``en vertical``, ``οριζόντια``, ``menegak``: :data:`DIRECTION_WORDS`),
        in capitals or not, with accents or not."""
        word = _plain(text)
        if word.startswith("en "):  # Spanish: "en horizontal"
            word = word[3:].strip()
        for direction in cls:
            if direction.value == word or word in DIRECTION_WORDS[direction.value]:
                return direction
        raise NotationError(
            _("'{text}' is not a direction: write across or down").format(text=text)
        )

    def __str__(self) -> str:
        return self.value


#: The words for across and down that pupils type, in every language mathplay speaks
#: (capitals and accents taken away), read in any language: what the board says in
#: Spanish, Greek or Malay is what a pupil may type back.
DIRECTION_WORDS = {
    "across": frozenset({"horizontal", "horizontalmente", "οριζοντια", "οριζοντιως", "mendatar"}),
    "down": frozenset({"vertical", "verticalmente", "καθετα", "καθετως", "menegak"}),
}


def _plain(text: str) -> str:
    """``text`` in small letters without accents, its spaces made single."""
    decomposed = unicodedata.normalize("NFD", " ".join(text.split()).lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))
