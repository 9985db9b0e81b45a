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
from tests.answering import answer_right

PUZZLES = Path(__file__).resolve().parents[2] / "lessons" / "puzzles"


@pytest.fixture(autouse=True)
def _ana() -> None:
    names.set_pupil("Ana")
    yield
    names.set_pupil(None)
    set_current_lesson(None)


def test_widgets_record_the_lesson_they_were_made_in(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    five = OpenLesson("05", folder=PUZZLES, log=log)
    check, guided, practice = five.check(), five.puzzle(1), five.practice()
    nine = OpenLesson("09", folder=PUZZLES, log=log)  # another lesson opened after
    nine_check = nine.check()
    for view in (check, guided, practice, nine_check):
        answer_right(view)
    lessons = [json.loads(line)["lesson"] for line in log.read_text().splitlines()]
    assert lessons == ["05-binary-numbers"] * 3 + ["09-binary-game"]
