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

from mathplay.puzzles.answer_lines import replace_answer_lines

__all__ = ["without_check_answers"]


def without_check_answers(text: str, source: str = "<text>") -> tuple[str, int]:
    """``text`` without the ``answer`` line of its end-check puzzles, and how many were
    left out. A file that cannot be read, or whose lines are not one key each where the
    answers are, is returned as it is (the lesson's own checks report it). The lines are
    found as ``mathplay lessons release`` finds them
    (:func:`~mathplay.puzzles.answer_lines.replace_answer_lines`)."""
    return replace_answer_lines(
        text,
        source,
        lambda sheet, puzzle: None,
        lambda sheet, puzzle: puzzle.id in sheet.check,
    )
