"""No end check lets the wording of its reason buttons pick the right reason (issue 70).

A true-or-false question with reasons asks "why is it false?" with buttons; a pupil who
works nothing out still reads them. Lesson 00's end check had "4 x 5 is 20, not 25"
beside "4 + 5 is 9, not 25" for ``4 x 5 = 25`` (the only reason with the question's
sign), lesson 07's "1 AND 0 is 10" beside a reason in words for ``1 AND 0 = 1`` (the
only reason with a number not in the question), lesson 06's a reason in words beside a
sum. Every end check of every lesson, in every language, is read here as such a pupil
reads it (:func:`mathplay.puzzles.layout.cue_problems`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.layout import cue_problems
from mathplay.puzzles.validate import load

ROOT = Path(__file__).resolve().parents[2] / "lessons"
FILES = sorted(
    [*ROOT.glob("puzzles/[0-9][0-9]-*.toml"), *ROOT.glob("[a-z][a-z]/puzzles/[0-9][0-9]-*.toml")]
)


def reasoned_end_check_items(path: Path) -> list[tuple[str, str, list[str]]]:
    """Each end-check question of ``path`` that asks why: (id, equation, reasons, the
    right one first)."""
    sheet = load(path)
    found = []
    for pid in sheet.check:
        puzzle = sheet.puzzle(pid)
        why = puzzle.fields.get("why")
        if puzzle.kind == "true-or-false" and why:
            found.append((pid, str(puzzle.fields["equation"]), list(why)))
    return found


def test_every_lesson_in_every_language_is_read() -> None:
    names = {path.name for path in FILES}
    assert len(names) == 11 and len(FILES) == 44, FILES
    items = {(path.parent.parent.name, pid) for path in FILES
             for pid, _e, _w in reasoned_end_check_items(path)}  # fmt: skip
    # Lessons 00, 01, 06, 07 and 10 ask why in their end checks, in all four languages.
    assert len(items) == 5 * 4, sorted(items)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_reason_button_is_told_apart_by_its_wording(path: Path) -> None:
    for pid, equation, why in reasoned_end_check_items(path):
        assert cue_problems(equation, why) == [], (pid, equation, why)
        # And the right reason is one of the buttons the pupil is shown.
        sheet = load(path)
        reasons = KINDS["true-or-false"].reasons(sheet.puzzle(pid))  # type: ignore[attr-defined]
        assert len(reasons) == len(why) >= 2


@pytest.mark.parametrize(
    ("equation", "why"),
    [
        ("4 x 5 = 25", ["4 x 5 is 20, not 25", "4 + 5 is 9, not 25"]),
        ("1 AND 0 = 1", ["AND gives 1 only when both bits are 1", "1 AND 0 is 10"]),
        (
            "101 / 10 = 10",
            [
                "five divided by two does not come out even, so it has no binary value",
                "101 / 10 is 11",
            ],
        ),
    ],
)
def test_the_wording_seen_before_would_be_caught(equation: str, why: list[str]) -> None:
    assert cue_problems(equation, why)
