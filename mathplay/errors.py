"""The exceptions mathplay raises.

Every error a person can cause derives from :class:`MathplayError`, so a widget or a
lesson can catch that one class and show the message instead of a traceback. The
specific errors also derive from :class:`ValueError`, because each one means "this
input is not acceptable", which is what ``ValueError`` says in Python.

In IPython and Jupyter an error shows as a few plain lines instead of a traceback
(``_render_traceback_``, IPython's hook): the message, without rule ids, and for an
expression the text with a ``^`` under the character at fault. In plain Python the error
is raised and printed as usual.

>>> error = ExpressionError("'+' at position 2 has no number after it", text="3+=7", position=1)
>>> for line in error._render_traceback_():
...     print(line)
3+=7
 ^
'+' at position 2 has no number after it
>>> IllegalMoveError("B5 already holds 1, not 3 (S3)", rule="S3")._render_traceback_()
['B5 already holds 1, not 3']
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


#: How many characters of a long text to show around the character at fault.
_WINDOW = 60


class MathplayError(Exception):
    """Base class of every error mathplay raises on purpose.

    Control characters in the message (a NUL typed or pasted in) are written as escapes,
    so that a message never carries an invisible or terminal-breaking character:

    >>> print(MathplayError(chr(0) + " is not a number"))
    \\x00 is not a number
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*(visible(arg) if isinstance(arg, str) else arg for arg in args))

    def _render_traceback_(self) -> list[str]:
        """What IPython and Jupyter show instead of a traceback: a few plain lines."""
        return [without_rule_ids(str(self))]


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

    def _render_traceback_(self) -> list[str]:
        """The text, a ``^`` under the character at fault, and the message."""
        lines = super()._render_traceback_()
        text, at = self.text, self.position
        if not isinstance(text, str) or at is None or not 0 <= at <= len(text):
            return lines
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        line = text[start : len(text) if end < 0 else end].replace("\t", " ")
        at -= start
        if len(line) > _WINDOW:  # show the part of a long text around the fault
            left = max(0, min(at - _WINDOW // 2, len(line) - _WINDOW))
            shown = line[left : left + _WINDOW]
            prefix = "…" if left else ""
            line = prefix + shown + ("…" if left + _WINDOW < len(line) else "")
            at = at - left + len(prefix)
        if not line.strip():
            return lines
        return [line, " " * at + "^", *lines]


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
_RULE_ID = r"(?:D-)?[SMB]\d+[a-z0-9-]*"
# "(S3)", "(M1, M4)", and "(rule S1)" in any language ("(regla M3)", "(κανόνας M3)").
_RULE_IDS = re.compile(rf"\s*\((?:[^\W\d_]+\s+)?{_RULE_ID}(?:\s*,\s*{_RULE_ID})*\)")


def without_rule_ids(text: str) -> str:
    """``text`` with the bracketed rule ids taken out, for people who play.

    >>> without_rule_ids("B5 already holds 1, not 3 (S3)")
    'B5 already holds 1, not 3'
    >>> without_rule_ids("E4 is a start square: it holds 5 for good (M1, M4)")
    'E4 is a start square: it holds 5 for good'
    >>> without_rule_ids("size must be odd (rule S1); see (D-S3d)")
    'size must be odd; see'
    >>> without_rule_ids("players tiene que ser 1, 2, 3 o 4 (regla M3)")
    'players tiene que ser 1, 2, 3 o 4'
    """
    return _RULE_IDS.sub("", text).strip()


class SaveFileError(MathplayError, ValueError):
    """A saved game that cannot be loaded (not JSON, wrong format, a bad move in it)."""
