"""Every pupil's lesson follows one sequence, and shows no machinery.

goals → setup line (hidden) → ideas with worked examples and guided puzzles (tagged
``puzzle``) → practice (tagged ``practice``) → a recorded end check (tagged ``check``,
3 to 5 puzzles seen nowhere above) → summary and next. No ``def``/``for``/``while`` in a
cell, no name typed into code, no words that are wrong in Voilà, no answer of a guided
puzzle printed above it. A lesson for teachers says ``audience: teachers`` in its front
matter and is left out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mathplay.lessons.source import Cell, Lesson, find_lessons, read_lesson
from mathplay.lessons.translations import translation_language
from mathplay.puzzles import load
from mathplay.puzzles.format import Worksheet
from mathplay.puzzles.kinds import KINDS

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
#: The English lessons for pupils (a translation keeps its English lesson's sequence:
#: tests/lessons/test_translations.py).
PUPILS = [
    lesson
    for lesson in (read_lesson(path) for path in find_lessons([LESSONS]))
    if (lesson.metadata.get("mathplay") or {}).get("audience") != "teachers"
    and translation_language(lesson) is None
]
SETUP = re.compile(r'^import mathplay\nlesson = mathplay\.lesson\("(\d\d)(-[a-z0-9-]+)?"\)$')
#: Words that are wrong where cells run by themselves and code is hidden (Voilà).
KERNEL_WORDS = re.compile(
    r"next cell|run (?:the|this|each) cell|shift\s*\+\s*enter|change the (?:number|code)"
    r"|in the cell|your_name",
    re.IGNORECASE,
)
ids = [lesson.path.stem for lesson in PUPILS]


def code_cells(lesson: Lesson) -> list[Cell]:
    return [cell for cell in lesson.cells if cell.kind == "code"]


def sheet_of(lesson: Lesson) -> Worksheet:
    (path,) = (LESSONS / "puzzles").glob(f"{lesson.path.stem}.toml")
    return load(path)


def position(lesson: Lesson, tag: str) -> list[int]:
    return [i for i, cell in enumerate(lesson.cells) if tag in cell.tags]


def heading(lesson: Lesson, text: str) -> int:
    found = [
        i
        for i, cell in enumerate(lesson.cells)
        if cell.kind == "markdown" and re.search(rf"^## {re.escape(text)}", cell.source, re.M)
    ]
    assert found, f"{lesson.name}: no '## {text}' section"
    return found[0]


def parsed(source: str) -> ast.Module:
    """A code cell as Python (a magic line, ``%…`` or ``!…``, read as an empty line)."""
    lines = source.split("\n")
    return ast.parse("\n".join("" if line.lstrip()[:1] in "%!" else line for line in lines))


def shown_puzzles(lesson: Lesson) -> list[int | str]:
    """The puzzles the ``lesson.puzzle(…)`` cells show, as written."""
    keys: list[int | str] = []
    for cell in code_cells(lesson):
        for node in ast.walk(parsed(cell.source)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "puzzle"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                keys.append(node.args[0].value)
    return keys


@pytest.mark.parametrize("lesson", PUPILS, ids=ids)
def test_the_setup_line_comes_first_and_is_hidden(lesson: Lesson) -> None:
    first = code_cells(lesson)[0]
    match = SETUP.match(first.source.strip())
    assert match, f"{lesson.name}:{first.line}: the first code cell is not the setup line"
    assert match.group(1) == lesson.path.stem[:2]
    assert "hide-input" in first.tags


@pytest.mark.parametrize("lesson", PUPILS, ids=ids)
def test_the_sequence_is_goals_puzzles_practice_check_summary(lesson: Lesson) -> None:
    goals = heading(lesson, "What you will learn")
    items = re.findall(r"^- ", lesson.cells[goals].source.split("## What you will learn")[1], re.M)
    assert 1 <= len(items) <= 3, f"{lesson.name}: {len(items)} goals (at most 3)"
    puzzles, practice, check = (position(lesson, tag) for tag in ("puzzle", "practice", "check"))
    summary = heading(lesson, "Summary")
    assert len(puzzles) >= 3, f"{lesson.name}: {len(puzzles)} guided puzzles"
    assert practice, f"{lesson.name}: no cell tagged practice"
    assert len(check) == 1, f"{lesson.name}: {len(check)} cells tagged check"
    assert goals < puzzles[0] and max(puzzles) < min(practice) and max(practice) < check[0]
    assert check[0] < summary
    assert lesson.cells[check[0]].source.strip() == "lesson.check()"
    assert not any("Check yourself" in cell.source for cell in lesson.cells)
    if lesson is not PUPILS[-1]:
        assert "**Next:**" in lesson.cells[-1].source


@pytest.mark.parametrize("lesson", PUPILS, ids=ids)
def test_the_end_check_holds_3_to_5_puzzles_not_shown_before(lesson: Lesson) -> None:
    sheet = sheet_of(lesson)
    assert 3 <= len(sheet.check) <= 5, f"{lesson.name}: {len(sheet.check)} puzzles in [check]"
    assert sheet.practices, f"{lesson.name}: the puzzle file has no [practice]"
    numbers = {puzzle.id: n for n, puzzle in enumerate(sheet.puzzles, start=1)}
    shown = {
        key if isinstance(key, str) else sheet.puzzles[key - 1].id for key in shown_puzzles(lesson)
    }
    assert not shown & set(sheet.check), f"{lesson.name}: check puzzles shown before"
    assert all(pid in numbers for pid in shown)


@pytest.mark.parametrize("lesson", PUPILS, ids=ids)
def test_no_machinery_in_the_pupils_cells(lesson: Lesson) -> None:
    banned = (ast.FunctionDef, ast.For, ast.While, ast.Lambda, ast.comprehension, ast.ClassDef)
    for cell in code_cells(lesson):
        assert not cell.source.lstrip().startswith("%"), f"{lesson.name}:{cell.line}: a magic"
        tree = parsed(cell.source)
        found = [type(node).__name__ for node in ast.walk(tree) if isinstance(node, banned)]
        assert not found, f"{lesson.name}:{cell.line}: {found} in a pupil's cell"
        assert "your_name" not in cell.source and "format(" not in cell.source
        assert ".hints(" not in cell.source, f"{lesson.name}:{cell.line}: hints shown unasked"


@pytest.mark.parametrize("lesson", PUPILS, ids=ids)
def test_the_words_read_right_in_voila(lesson: Lesson) -> None:
    for cell in lesson.cells:
        if cell.kind == "markdown":
            found = KERNEL_WORDS.search(cell.source)
            assert not found, f"{lesson.name}:{cell.line}: {found.group(0)!r} is wrong in Voilà"


def _squeezed(text: str) -> str:
    return re.sub(r"[\s`*]", "", text).replace("×", "x").replace("÷", ":").replace("−", "-")


@pytest.mark.parametrize("lesson", PUPILS, ids=ids)
def test_no_guided_puzzle_s_answer_is_printed_above_it(lesson: Lesson) -> None:
    sheet = sheet_of(lesson)
    seen = ""
    for cell in lesson.cells:
        for key in shown_puzzles(Lesson(lesson.name, cell.source, (cell,), {})):
            puzzle = sheet.puzzles[key - 1] if isinstance(key, int) else sheet.puzzle(key)
            if puzzle.kind != "missing":
                continue
            kind = KINDS["missing"]
            for answer in kind.solutions(puzzle, 1):
                parts = answer.split()
                question = kind.question(puzzle)
                for part in parts:
                    question = question.replace("_", part, 1)
                filled = _squeezed(question)
                assert filled not in seen, (
                    f"{lesson.name}:{cell.line}: the answer of puzzle {puzzle.id} "
                    f"({question}) is printed above it"
                )
        seen += _squeezed(cell.source)
