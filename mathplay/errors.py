"""The exceptions mathplay raises.

Every error a person can cause derives from :class:`MathplayError`, so a widget or a
lesson can catch that one class and show the message instead of a traceback. The
specific errors also derive from :class:`ValueError`, because each one means "this
input is not acceptable", which is what ``ValueError`` says in Python.
"""

from __future__ import annotations

__all__ = [
    "ExpressionError",
    "IllegalMoveError",
    "MathplayError",
    "NotationError",
    "OptionsError",
    "SaveFileError",
]


class MathplayError(Exception):
    """Base class of every error mathplay raises on purpose."""


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
    rule is to blame.
    """

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class SaveFileError(MathplayError, ValueError):
    """A saved game that cannot be loaded (not JSON, wrong format, a bad move in it)."""
