"""Each widget records its own lesson, whatever else the kernel opened after it: lesson
05's end check, guided puzzle and practice answered after ``mathplay.lesson("09")`` ran in
the same kernel are lesson 05's records, so the teacher's page of lesson 05 lists the
pupil. Before, a record took the kernel's last opened lesson ("09-binary-game")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathplay.classroom import names
from mathplay.classroom.where import set_current_lesson
from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles.kinds import KINDS

PUZZLES = Path(__file__).resolve().parents[2] / "lessons" / "puzzles"


@pytest.fixture(autouse=True)
def _ana() -> None:
    names.set_pupil("Ana")
    yield
    names.set_pupil(None)
    set_current_lesson(None)


def _answer(view: object) -> None:
    puzzle = view.puzzle  # type: ignore[attr-defined]
    kind = KINDS[puzzle.kind]
    choices = view.choice_row.choices  # type: ignore[attr-defined]
    if choices:
        pick = next(c for c in choices if kind.check(puzzle, c).right)
        view.choice_row.pick(choices.index(pick) + 1)  # type: ignore[attr-defined]
    else:
        view.answer_box.value = puzzle.answer or kind.solutions(puzzle, 1)[0]  # type: ignore[attr-defined]
        view.check_button.click()  # type: ignore[attr-defined]


def test_widgets_record_the_lesson_they_were_made_in(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    five = OpenLesson("05", folder=PUZZLES, log=log)
    check, guided, practice = five.check(), five.puzzle(1), five.practice()
    nine = OpenLesson("09", folder=PUZZLES, log=log)  # another lesson opened after
    nine_check = nine.check()
    for view in (check, guided, practice, nine_check):
        _answer(view)
    lessons = [json.loads(line)["lesson"] for line in log.read_text().splitlines()]
    assert lessons == ["05-binary-numbers"] * 3 + ["09-binary-game"]
