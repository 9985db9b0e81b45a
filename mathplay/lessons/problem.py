"""One problem found in a lesson or in a puzzle file it uses, shown as ``FILE:LINE: message``.

>>> print(LessonProblem("lessons/01-equations.md", 42, "3 + 4 = 8 is not true: 3+4 is 7, not 8"))
lessons/01-equations.md:42: 3 + 4 = 8 is not true: 3+4 is 7, not 8
"""

from __future__ import annotations

from dataclasses import dataclass

from mathplay.i18n import _

__all__ = ["LessonProblem"]


@dataclass(frozen=True)
class LessonProblem:
    """Where (a file and a line in it) and what to change. A warning does not fail a check."""

    path: str
    line: int
    message: str
    warning: bool = False

    def __str__(self) -> str:
        if self.warning:
            return _("{path}:{line}: warning: {message}").format(
                path=self.path, line=self.line, message=self.message
            )
        return f"{self.path}:{self.line}: {self.message}"
