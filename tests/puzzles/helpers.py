"""Small builders for puzzle-file texts used across the puzzle tests."""

from __future__ import annotations

from textwrap import dedent

HEADER = 'title = "Test set"\nlevel = 1\n'


def puzzle_file(*puzzles: str) -> str:
    """A set file: the header, then each puzzle's lines after a [[puzzle]] line."""
    parts = [HEADER]
    for body in puzzles:
        parts.append("\n[[puzzle]]\n" + dedent(body).strip() + "\n")
    return "".join(parts)


def line_of(text: str, needle: str) -> int:
    """The 1-based line number of the first line containing ``needle``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in text")


SUMMY_9 = "\n".join(". . . . = . . . ." if row == 4 else " ".join(["."] * 9) for row in range(9))
