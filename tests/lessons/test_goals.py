"""Every goal a lesson states is practised and checked: the goal map."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mathplay.lessons.check import check_lesson
from mathplay.lessons.goals import lesson_goals
from mathplay.lessons.source import read_lesson
from mathplay.lessons.teacher import page_path
from mathplay.puzzles.format import read_file, read_text

ROOT = Path(__file__).resolve().parents[2]
PUPILS = [f"{n:02d}" for n in range(10)]
FOLDERS = [ROOT / "lessons", *(ROOT / "lessons" / lang for lang in ("es", "ms", "el"))]


def lesson_and_file(folder: Path, number: str) -> tuple[Path, Path]:
    (lesson,) = sorted(folder.glob(f"{number}-*.md"))
    return lesson, folder / "puzzles" / (lesson.stem + ".toml")


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
@pytest.mark.parametrize("number", PUPILS)
def test_every_goal_has_skills_and_end_check_puzzles(folder: Path, number: str) -> None:
    lesson_path, file = lesson_and_file(folder, number)
    goals = [goal for goal, _line in lesson_goals(read_lesson(lesson_path))]
    sheet, problems = read_text(read_file(file)[0], str(file))
    assert sheet is not None and problems == []
    assert len(sheet.goals) == len(goals) >= 2
    practised = {name for table in sheet.practices for name in table.get("skills", [])} | {
        f"{t['kind']}-{t['level']}" for t in sheet.practices if "kind" in t
    }
    for goal, entry in zip(goals, sheet.goals):
        assert entry["text"].casefold().rstrip(".;·") == goal.casefold()
        assert entry["skills"] and set(entry["skills"]) <= practised
        assert entry["check"] and set(entry["check"]) <= set(sheet.check)
    # Every end-check puzzle and every skill tests some goal.
    assert {c for e in sheet.goals for c in e["check"]} == set(sheet.check)
    assert {s for e in sheet.goals for s in e["skills"]} == practised


def test_lessons_check_reports_a_goal_with_no_map_and_a_map_with_no_goal(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    (folder / "puzzles").mkdir(parents=True)
    lesson, file = lesson_and_file(ROOT / "lessons", "01")
    shutil.copy(lesson, folder / lesson.name)
    text = file.read_text(encoding="utf-8")
    # The map of the third goal names another goal, and the second has no end check.
    text = text.replace(
        'text = "that signs of the same kind go from left to right"',
        'text = "that minus comes last"',
    )
    text = text.replace('check = ["check-times-first", "check-two-times"]', "check = []")
    (folder / "puzzles" / file.name).write_text(text, encoding="utf-8")
    said = [str(problem) for problem in check_lesson(folder / lesson.name)]
    assert any(
        "the goal 'that signs of the same kind go from left to right' has no [[goal]]" in s
        for s in said
    ), said
    assert any(
        "the [[goal]] 'that minus comes last' is not a line of the lesson" in s for s in said
    )
    assert any(
        "the goal 'that times and divide come before plus and minus' is not checked" in s
        for s in said
    ), said


@pytest.mark.parametrize("number", PUPILS)
def test_the_teachers_page_lists_every_goal(number: str) -> None:
    lesson_path, _file = lesson_and_file(ROOT / "lessons", number)
    lesson = read_lesson(lesson_path)
    page = page_path(lesson).read_text(encoding="utf-8")
    part = page.split("## What the pupils learn, practise and are checked on", 1)[1]
    part = part.split("\n## ", 1)[0]
    goals = [goal for goal, _line in lesson_goals(lesson)]
    for number_, goal in enumerate(goals, start=1):
        assert f"{number_}. **{goal}**: practised in: " in part
    assert "checked by end-check question" in part and "practised in: -;" not in part
