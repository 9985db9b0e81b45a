"""The exceptions mathplay raises.

Every error a person can cause derives from :class:`MathplayError`, so a widget or a
lesson can catch that one class and show the message instead of a traceback. The
specific errors also derive from :class:`ValueError`, because each one means "this
input is not acceptable", which is what ``ValueError`` says in Python.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "ExpressionError",
    "IllegalMoveError",
    "MathplayError",
    "NotationError",
    "OptionsError",
    "SaveFileError",
    "without_rule_ids",
]


class MathplayError(Exception):
    """Base class of every error mathplay raises on purpose.

    Control characters in the message (a NUL typed or pasted in) are written as escapes,
    so that a message never carries an invisible or terminal-breaking character:

    >>> print(MathplayError(chr(0) + " is not a number"))
    \\x00 is not a number
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*(visible(arg) if isinstance(arg, str) else arg for arg in args))


def visible(text: str) -> str:
    """``text`` with control characters other than line breaks and tabs as escapes."""
    return "".join(
        ch if ch in "\n\t" or unicodedata.category(ch) != "Cc" else ascii(ch)[1:-1] for ch in text
    )


class ExpressionError(MathplayError, ValueError):
    """Text that is not a well-formed expression or equation.

    ``position`` is the index in ``text`` of the offending character (``None`` when the
    problem is the text as a whole, such as a text that is too long).
    """

    def __init__(self, message: str, *, text: str = "", position: int | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


class OptionsError(MathplayError, ValueError):
    """A game or checker option that is not allowed (a board size, a base, an order …)."""


class NotationError(MathplayError, ValueError):
    """Text that is not valid move, square, hand or diagram notation."""


class IllegalMoveError(MathplayError, ValueError):
    """A well-formed move that the rules do not allow here.

    ``rule`` is the id of the rule it breaks (``"S3"``, ``"M4"``, ``"B2"`` …) when one
    rule is to blame: it is for teachers and code, and stays in the message. ``reason`` is
    what is wrong in plain words, without the move or the rule id, for a board to show a
    child (``"8+1 is 9, not 6"``); by default the message with its rule ids taken out.
    """

    def __init__(self, message: str, *, rule: str | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.reason = reason if reason is not None else without_rule_ids(message)


#: A rule id in brackets as messages end with it: ``(S3)``, ``(M1, M4)``, ``(rule S1)``.
_RULE_IDS = re.compile(r"\s*\((?:rules?\s+)?[SMB]\d+(?:\s*,\s*[SMB]\d+)*\)")


def without_rule_ids(text: str) -> str:
    """``text`` with the bracketed rule ids taken out, for people who play.

    >>> without_rule_ids("B5 already holds 1, not 3 (S3)")
    'B5 already holds 1, not 3'
    >>> without_rule_ids("E4 is a start square: it holds 5 for good (M1, M4)")
    'E4 is a start square: it holds 5 for good'
    """
    return _RULE_IDS.sub("", text).strip()


class SaveFileError(MathplayError, ValueError):
    """A saved game that cannot be loaded (not JSON, wrong format, a bad move in it)."""
