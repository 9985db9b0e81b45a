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

__all__ = [
    "ExpressionError",
    "IllegalMoveError",
    "MathplayError",
    "NotationError",
    "OptionsError",
    "SaveFileError",
]


#: A rule id in a message, such as " (S3)", " (rule S1)" or " (D-S3d)": for the people
#: who read the rules, not for a student.
_RULE_ID = re.compile(r" \((?:rule )?(?:D-)?[SMB]\d+[a-z0-9-]*\)")
#: How many characters of a long text to show around the character at fault.
_WINDOW = 60


class MathplayError(Exception):
    """Base class of every error mathplay raises on purpose."""

    def _render_traceback_(self) -> list[str]:
        """What IPython and Jupyter show instead of a traceback: a few plain lines."""
        return [_RULE_ID.sub("", str(self))]


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
    rule is to blame.
    """

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class SaveFileError(MathplayError, ValueError):
    """A saved game that cannot be loaded (not JSON, wrong format, a bad move in it)."""
