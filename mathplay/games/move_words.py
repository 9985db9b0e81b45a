"""A move that places pieces, as a pupil reads it in their language.

The engine writes a move in notation (``J13 across 9-2=7``, ``G10 ?6``); a board's log,
its review and its coach say it in words, one symbol per operation and the direction in
the pupil's language, so a Spanish pupil never reads ``down``:

>>> placed_words("J13 across 9-2=7")
'9 − 2 = 7 across from J13'
>>> placed_words("A8 across 1 ?+ 1 / ?1 = 10")
'1 + 1 ÷ 1 = 10 across from A8 (blanks as +, 1)'
>>> placed_words("G10 ?6"), placed_words("E5 12"), placed_words("pass")
('a blank as 6 on G10', '12 on E5', None)

A sentence that names a move the pupil may type back (a hint, a refusal, praise, an answer
key) writes it with :func:`move_said`: its notation, with the direction and the command
in the words of the board's log, which the notation reads back too:

>>> from mathplay.i18n import speaking
>>> with speaking("ms"):
...     move_said("B5 across 2+3=5"), move_said("exchange 3 7"), move_said("H8 down 1 AND 1 = 1")
('B5 mendatar 2+3=5', 'tukar 3 7', 'H8 menegak 1 DAN 1 = 1')
>>> move_said("B5 across 2+3=5"), move_said("pass"), move_said("G10 ?6")
('B5 across 2+3=5', 'pass', 'G10 ?6')
"""

from __future__ import annotations

import re

from mathplay.core.typed_words import COMMANDS, typed_word
from mathplay.expr.pretty import pretty, read_words
from mathplay.i18n import _

__all__ = ["direction_word", "move_said", "placed_words", "places_one_tile"]

_LINE = re.compile(r"^([A-Z]+\d+) (across|down) (.+)$")
_PLACEMENT = re.compile(r"^([A-Z]+\d+) (\?)?(\d+)$")
_BLANK = re.compile(r"\?(AND|XOR|OR|NOT|[01+\-x/=])")


def direction_word(word: object) -> str:
    """``across`` or ``down`` (the word, or a ``Direction``) in the pupil's language, as
    the board's log writes it (``mendatar``, ``en vertical``, ``οριζόντια``)."""
    return _("across") if str(word) == "across" else _("down")


def move_said(move: object) -> str:
    """A move (or its notation) as a sentence in the language spoken writes it: the
    notation, its direction and command words in the pupil's language (the log's words)
    and its logic words as the chips say them. The games read it back as a move."""
    notation = str(move)
    line = _LINE.match(notation)
    if line:
        square, way, text = line.groups()
        return f"{square} {direction_word(way)} {read_words(text)}"
    head, _space, rest = notation.partition(" ")
    if head in COMMANDS and not (head == "challenge" and rest):  # "challenge by 2" stays
        word = typed_word(head)
        return f"{word} {read_words(rest)}" if rest else word
    return notation


def placed_words(notation: str) -> str | None:
    """The move in words when it places pieces (a line, or a Mixmath tile), else None."""
    line = _LINE.match(notation)
    if line:
        square, way, text = line.groups()
        blanks = _BLANK.findall(text)
        shown = pretty(_BLANK.sub(r"\1", text))
        words = _("{line} {direction} from {square}").format(
            line=shown, direction=direction_word(way), square=square
        )
        if len(blanks) == 1:
            words += " " + _("(a blank as {chip})").format(chip=pretty(blanks[0]))
        elif blanks:
            chips = ", ".join(pretty(chip) for chip in blanks)
            words += " " + _("(blanks as {chips})").format(chips=chips)
        return words
    placement = _PLACEMENT.match(notation)
    if placement:
        square, blank, number = placement.groups()
        if blank:
            return _("a blank as {n} on {square}").format(n=number, square=square)
        return _("{n} on {square}").format(n=number, square=square)
    return None


def places_one_tile(notation: str) -> bool:
    """Whether the move places one Mixmath tile (``G10 ?6``, ``E5 12``)."""
    return _PLACEMENT.match(notation) is not None
