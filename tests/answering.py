"""How a test answers the puzzle on show right, as a pupil would: the button whose
answer the puzzle's own check calls right, else the puzzle's answer (or its first
solution) typed and checked. Shared by the tests of practices, end checks and records."""

from __future__ import annotations

from typing import Any

from mathplay.puzzles.kinds import KINDS


def answer_right(view: Any) -> None:
    """Answer the puzzle on show in ``view`` (a PuzzleSet or a Practice) right."""
    puzzle = view.puzzle
    kind = KINDS[puzzle.kind]
    choices = view.choice_row.choices
    if choices:
        pick = next(c for c in choices if kind.check(puzzle, c).right)
        view.choice_row.pick(choices.index(pick) + 1)
    else:
        view.answer_box.value = puzzle.answer or kind.solutions(puzzle, 1)[0]
        view.check_button.click()
