"""A translated lesson follows its English one: same cells, same puzzles, same goals.

A lesson in another language lives in a folder named by the language beside the English
lessons (``lessons/es/05-binary-numbers.md``, its puzzle file in
``lessons/es/puzzles/05-binary-numbers.toml`` with ``language = "es"``). Its words are
its own; what the pupil does is the English lesson's: ``mathplay lessons check`` reports
a translation that

- lacks the English lesson, or has more or fewer code cells, or a code cell that is not
  the English one's (a translation keeps the code as it is: the puzzles, practices and
  end check shown are named there);
- has more or fewer sections (``##`` headings) or goals ("What you will learn") than the
  English one;
- uses a puzzle file whose puzzles, practices or end check differ from the English file
  in anything but words (ids, kinds, equations, numbers, answers, the number of hints,
  the wrong answers given feedback), or that does not say its language.
"""

from __future__ import annotations

import re
from pathlib import Path

from mathplay.i18n import LANGUAGES, _
from mathplay.lessons.problem import LessonProblem
from mathplay.lessons.source import Cell, Lesson, LessonError, read_lesson
from mathplay.puzzles.translated import _data as _data  # older helpers import it here
from mathplay.puzzles.translated import translation_differences

__all__ = ["check_translation", "english_lesson", "translation_language"]

_HEADING = re.compile(r"^##\s", re.MULTILINE)
_GOAL = re.compile(r"^\s*[-*]\s", re.MULTILINE)


def translation_language(lesson: Lesson) -> str | None:
    """The language of a translated lesson (its folder's name), ``None`` for English."""
    folder = lesson.path.parent.name
    return folder if folder in LANGUAGES and folder != "en" else None


def english_lesson(lesson: Lesson) -> Path | None:
    """The English lesson a translated one follows (``lessons/es/05-x.md`` →
    ``lessons/05-x.md``); ``None`` for an English lesson."""
    if translation_language(lesson) is None:
        return None
    return lesson.path.parent.parent / lesson.path.name


def _code(lesson: Lesson) -> list[Cell]:
    return [cell for cell in lesson.cells if cell.kind == "code"]


def _sections(lesson: Lesson) -> int:
    """How many ``##`` headings the lesson has."""
    return sum(
        len(_HEADING.findall(cell.source)) for cell in lesson.cells if cell.kind == "markdown"
    )


def _goals(lesson: Lesson) -> tuple[int, int]:
    """How many goals the lesson's first section lists, and the line of that section."""
    for cell in lesson.cells:
        if cell.kind != "markdown":
            continue
        sections = _HEADING.split(cell.source)
        if len(sections) > 1:
            first = sections[1].split("\n\n", 1)
            body = first[1] if len(first) > 1 else ""
            listed = body.split("\n\n", 1)[0]
            return len(_GOAL.findall(listed)), cell.line
    return 0, 1


def check_translation(lesson: Lesson) -> list[LessonProblem]:
    """Every way the translated ``lesson`` departs from its English one (none for an
    English lesson)."""
    english_path = english_lesson(lesson)
    if english_path is None:
        return []
    problems: list[LessonProblem] = []

    def problem(line: int, message: str) -> None:
        problems.append(LessonProblem(lesson.name, line, message))

    if not english_path.exists():
        problem(
            1,
            _("there is no English lesson {path} for this translation to follow").format(
                path=english_path
            ),
        )
        return problems
    try:
        english = read_lesson(english_path)
    except LessonError as error:
        return [LessonProblem(error.path or str(english_path), error.line, error.message)]
    ours, theirs = _code(lesson), _code(english)
    if len(ours) != len(theirs):
        problem(
            1,
            _(
                "this translation has {ours} code cells and {english} has {theirs}: "
                "keep every code cell of the English lesson"
            ).format(ours=len(ours), theirs=len(theirs), english=english_path),
        )
    for mine, original in zip(ours, theirs, strict=False):
        if mine.source.strip() != original.source.strip() or mine.tags != original.tags:
            problem(
                mine.line,
                _(
                    "this code cell is not the one of {english}, line {line}: a "
                    "translation keeps the code as it is (translate the text around it)"
                ).format(english=english_path, line=original.line),
            )
            break  # the cells after a missing one would all differ
    sections, english_sections = _sections(lesson), _sections(english)
    if sections != english_sections:
        problem(
            1,
            _("this translation has {ours} sections (## headings), {english} has {theirs}").format(
                ours=sections, theirs=english_sections, english=english_path
            ),
        )
    (goals, line), (english_goals, _line) = _goals(lesson), _goals(english)
    if goals != english_goals:
        problem(
            line,
            _("this translation lists {ours} goals, {english} lists {theirs}").format(
                ours=goals, theirs=english_goals, english=english_path
            ),
        )
    return problems + _check_puzzle_file(lesson, english)


def _check_puzzle_file(lesson: Lesson, english: Lesson) -> list[LessonProblem]:
    """The translation's puzzle file against the English one, but for words."""
    from mathplay.puzzles import PuzzleFileError, load

    mine = lesson.path.parent / "puzzles" / f"{lesson.path.stem}.toml"
    original = english.path.parent / "puzzles" / f"{english.path.stem}.toml"
    if not original.exists():
        return []
    if not mine.exists():
        return [
            LessonProblem(
                lesson.name,
                1,
                _("there is no {path}: translate {english} into it").format(
                    path=mine, english=original
                ),
            )
        ]
    try:
        ours, theirs = load(mine), load(original)
    except PuzzleFileError:
        return []  # the puzzle checker reports the file's own problems
    where = str(mine)
    language = translation_language(lesson) or ""
    return [
        LessonProblem(where, line, message)
        for line, message in translation_differences(ours, theirs, str(original), language)
    ]
