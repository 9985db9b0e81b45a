"""The ``answer`` lines of a puzzle file, replaced: by nothing (the website's copy of a
lesson's file leaves the end check's answers out, :mod:`mathplay.site.keys`) or by the
answer's salted hash (``mathplay lessons release``, :mod:`mathplay.puzzles.answer_hashes`).

Only those lines change: the rest of the file, its comments and its layout, stay as the
teacher wrote them.

>>> text = 'title = "T"\\n[[puzzle]]\\nid = "a"\\nkind = "missing"\\nequation = "3 + _ = 7"\\n'
>>> sealed, count = sealed_text(text + 'answer = "4"\\n')
>>> count, "answer_hash" in sealed, '"4"' in sealed
(1, True, False)
"""

from __future__ import annotations

from collections.abc import Callable

from mathplay.puzzles.answer_hashes import answer_hash
from mathplay.puzzles.format import read_text
from mathplay.puzzles.model import Puzzle, Worksheet

__all__ = ["replace_answer_lines", "sealed_text"]


def replace_answer_lines(
    text: str,
    source: str,
    new_line: Callable[[Worksheet, Puzzle], str | None],
    which: Callable[[Worksheet, Puzzle], bool] = lambda sheet, puzzle: True,
) -> tuple[str, int]:
    """``text`` (a puzzle file) with the ``answer`` line of every puzzle ``which`` takes
    replaced by ``new_line(sheet, puzzle)`` (``None``: left out), and how many were
    replaced. A file that cannot be read, or whose answers are not one line each, is
    returned as it is with 0 (the file's own checks report it).

    >>> text = 'title = "T"\\n[[puzzle]]\\nid = "a"\\nkind = "missing"\\nanswer = "4"\\n'
    >>> replace_answer_lines(text, "t.toml", lambda sheet, puzzle: None)
    ('title = "T"\\n[[puzzle]]\\nid = "a"\\nkind = "missing"\\n', 1)
    """
    sheet, problems = read_text(text, source)
    if sheet is None or problems:
        return text, 0
    lines = text.splitlines(keepends=True)
    replaced: dict[int, str | None] = {}
    for puzzle in sheet.puzzles:
        if puzzle.answer is None or not which(sheet, puzzle):
            continue
        number = puzzle.key_lines.get("answer")
        if number is None or not lines[number - 1].lstrip().startswith("answer"):
            return text, 0
        line = new_line(sheet, puzzle)
        replaced[number] = None if line is None else line.rstrip("\n") + "\n"
    if not replaced:
        return text, 0
    out = []
    for number, line in enumerate(lines, 1):
        if number not in replaced:
            out.append(line)
        elif replaced[number] is not None:
            out.append(str(replaced[number]))
    shown = "".join(out)
    after, problems = read_text(shown, source)
    if after is None or problems or len(after.puzzles) != len(sheet.puzzles):
        return text, 0
    return shown, len(replaced)


def sealed_text(text: str, source: str = "<text>") -> tuple[str, int]:
    """``text`` (a puzzle file) with every puzzle's ``answer`` line replaced by its
    ``answer_hash`` line, each with a salt of its own, and how many were replaced."""

    def hashed(sheet: Worksheet, puzzle: Puzzle) -> str:
        return f'answer_hash = "{answer_hash(puzzle)}"'

    return replace_answer_lines(text, source, hashed)
