"""A teacher's page for every lesson: timings that make a 45-minute
class with the game optional, goals with curriculum lines, what to say, what to watch
for, and the end check's items with their answers from the checker."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mathplay.lessons.check import check_lesson
from mathplay.lessons.source import find_lessons, read_lesson
from mathplay.lessons.teacher import (
    CLASS_MINUTES,
    FRAMEWORKS,
    check_teacher,
    page_path,
    read_teacher,
    teacher_path,
    write_page,
)
from mathplay.lessons.translations import translation_language
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.validate import load

ROOT = Path(__file__).resolve().parents[2]
#: The English lessons (teachers' pages are written for them; a translation has its own
#: only when a teacher writes one).
LESSONS = [
    path
    for path in find_lessons([ROOT / "lessons"])
    if translation_language(read_lesson(path)) is None
]
PUPILS = [path for path in LESSONS if read_lesson(path).for_pupils]


@pytest.mark.parametrize("path", PUPILS, ids=[p.stem for p in PUPILS])
def test_every_pupil_lesson_has_a_complete_page(path: Path) -> None:
    lesson = read_lesson(path)
    page, problems = read_teacher(lesson)
    assert problems == [] and page is not None
    assert sum(m for _t, m, optional in page.sections if not optional) == CLASS_MINUTES
    assert all(framework in FRAMEWORKS for _g, cited in page.goals for framework, _l in cited)
    assert check_teacher(lesson) == []  # the built page is up to date
    text = page_path(lesson).read_text()
    # The end check's answers are the checker's.
    sheet = load(ROOT / "lessons" / "puzzles" / (path.stem + ".toml"))
    for puzzle_id in sheet.check:
        puzzle = sheet.puzzle(puzzle_id)
        right = KINDS[puzzle.kind].solutions(puzzle, 1)[0]
        assert KINDS[puzzle.kind].check(puzzle, right).right
    assert text.count("\n1. ") + text.count("\n2. ") >= min(2, len(sheet.check))
    games = [t for t, _m, optional in page.sections if optional]
    assert all("game" in t.lower() or "board" in t.lower() for t in games)  # only a game


def _copy_lesson(tmp_path: Path, name: str = "05-binary-numbers") -> Path:
    for sub in ("", "puzzles", "teacher"):
        (tmp_path / sub).mkdir(exist_ok=True)
    shutil.copy(ROOT / "lessons" / f"{name}.md", tmp_path)
    shutil.copy(ROOT / "lessons" / f"{name}.ipynb", tmp_path)
    shutil.copy(ROOT / "lessons" / "puzzles" / f"{name}.toml", tmp_path / "puzzles")
    shutil.copy(ROOT / "lessons" / "teacher" / f"{name}.toml", tmp_path / "teacher")
    shutil.copy(ROOT / "lessons" / "teacher" / f"{name}.md", tmp_path / "teacher")
    return tmp_path / f"{name}.md"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: t.replace("minutes = 10", "minutes = 12", 1),
            "take 47 minutes, not a class's 45",
        ),
        (
            lambda t: t.replace('title = "Place values"', 'title = "Place value"'),
            "'Place value' is not",
        ),
        (
            lambda t: t.replace('framework = "csta-2017"', 'framework = "nowhere"'),
            "names a framework",
        ),
        (lambda t: t.replace("start =", "begin ="), "unknown key 'begin'"),
        (lambda t: t + "\n[[section]]\ntitle = 5\n", "each [[section]] has a title"),
    ],
)
def test_a_page_with_a_mistake_is_named(tmp_path: Path, edit: object, message: str) -> None:
    path = _copy_lesson(tmp_path)
    lesson = read_lesson(path)
    source = teacher_path(lesson)
    source.write_text(edit(source.read_text()))  # type: ignore[operator]
    found = check_lesson(path)
    assert any(message in p.message and p.path == str(source) for p in found), found


def test_an_old_page_and_a_lesson_without_one(tmp_path: Path) -> None:
    path = _copy_lesson(tmp_path)
    lesson = read_lesson(path)
    teacher_path(lesson).with_suffix(".md").write_text("old")
    assert any("is not up to date" in p.message for p in check_lesson(path))
    assert write_page(lesson) and check_teacher(lesson) == []
    teacher_path(lesson).unlink()  # a teacher's own lesson may have no page
    assert not [p for p in check_lesson(path) if "teacher" in p.path]
