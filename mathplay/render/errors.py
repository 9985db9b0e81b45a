"""The error a picture raises for input it cannot draw."""

from __future__ import annotations

from mathplay.errors import MathplayError

__all__ = ["PictureError"]


class PictureError(MathplayError, ValueError):
    """Input a picture cannot draw: a negative number, too many bits, an unknown
    operator or theme, an expression too big to draw."""
