"""What the equation kinds (``missing``, ``true-or-false``, ``which-operation``) share:
the ``equation`` field and two small helpers.

>>> capitalize("with 5 in the blank")
'With 5 in the blank'
"""

from __future__ import annotations

from typing import Any

from mathplay.puzzles.kinds.base import (
    Field,
)

__all__ = ["EQUATION", "capitalize", "value_of"]

EQUATION = Field("text", required=True, example='"3 + _ = 7"')


def value_of(tree: Any) -> Any:
    return tree.value


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]
