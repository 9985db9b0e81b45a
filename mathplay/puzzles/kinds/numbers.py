"""Numbers in a puzzle's fields, as the number kinds (``target``, ``convert``,
``bitwise``) read them: whole numbers in base 10 or binary, of a sensible length.

>>> number("1101", 2, "number"), number(" 42 ", 10, "target")
(13, 42)
>>> shown("1" * 50)
'1111111111111111111111111111111111111…'
"""

from __future__ import annotations

import re

from mathplay.i18n import _
from mathplay.puzzles.kinds.base import (
    KindError,
)

__all__ = ["MAX_DIGITS", "number", "shown"]

MAX_DIGITS = 64


def shown(text: str) -> str:
    """Text to quote in a message: long text cut short."""
    return text if len(text) <= 40 else text[:37] + "…"


def number(text: str, base: int, key: str) -> int:
    digits = re.sub(r"\s+", "", text)
    allowed = "01" if base == 2 else "0123456789"
    if not digits or any(ch not in allowed for ch in digits):
        kind = _("a binary number (only 0 and 1)") if base == 2 else _("a whole number")
        raise KindError(
            key,
            _("{key} must be {kind}, not '{text}'").format(key=key, kind=kind, text=shown(text)),
        )
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise KindError(
            key,
            _("{key} has {n} digits; a number in a puzzle has at most {most}").format(
                key=key, n=len(digits.lstrip("0")), most=MAX_DIGITS
            ),
        )
    return int(digits, base)
