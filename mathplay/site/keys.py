"""The end check's answers are not on the website as plain text.

A lesson's puzzle file holds the author's ``answer`` of each puzzle: on a static site
anyone can open ``files/puzzles/05-binary-numbers.toml`` and read the end check's key.
The checker does not need it (each kind works out whether an answer is right from the
puzzle itself, and the review after the end check shows the answer it works out), so
the site's copy of a file leaves the ``answer`` line out of every end-check puzzle.

>>> text = '''title = "T"
... [[puzzle]]
... id = "a"
... kind = "missing"
... equation = "3 + _ = 7"
... answer = "4"
... [check]
... puzzles = ["a"]
... '''
>>> shown, count = without_check_answers(text)
>>> count, "answer" in shown
(1, False)
"""

from __future__ import annotations

from mathplay.puzzles.format import read_text

__all__ = ["without_check_answers"]


def without_check_answers(text: str, source: str = "<text>") -> tuple[str, int]:
    """``text`` without the ``answer`` line of its end-check puzzles, and how many were
    left out. A file that cannot be read, or whose lines are not one key each where the
    answers are, is returned as it is (the lesson's own checks report it)."""
    sheet, problems = read_text(text, source)
    if sheet is None or problems or not sheet.check:
        return text, 0
    lines = text.splitlines(keepends=True)
    drop = set()
    for puzzle in sheet.puzzles:
        if puzzle.id in sheet.check and puzzle.answer is not None:
            number = puzzle.key_lines.get("answer")
            if number is None or not lines[number - 1].lstrip().startswith("answer"):
                return text, 0
            drop.add(number)
    if not drop:
        return text, 0
    shown = "".join(line for number, line in enumerate(lines, 1) if number not in drop)
    after, problems = read_text(shown, source)
    if after is None or problems or len(after.puzzles) != len(sheet.puzzles):
        return text, 0
    return shown, len(drop)
