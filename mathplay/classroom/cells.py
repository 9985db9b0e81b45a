"""CSV cells a spreadsheet cannot turn into formulas (the OWASP rule), for every CSV the
classroom writes (the report's, the skills').
"""

from __future__ import annotations

from typing import Any

__all__ = ["as_text"]

#: What a spreadsheet reads as the start of a formula (OWASP, "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def as_text(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: a text starting with ``= + - @``, a tab
    or a carriage return gets a ``'`` in front (the OWASP rule), so a name or an answer
    a pupil typed (``=HYPERLINK(…)``) never becomes a live formula. Numbers stay
    numbers; an answer typed as ``-3`` reads ``'-3``.

    >>> as_text("=cmd|' /C calc'!A0"), as_text("-3"), as_text("Ana"), as_text(-3)
    ("'=cmd|' /C calc'!A0", "'-3", 'Ana', -3)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value
