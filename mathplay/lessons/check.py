"""``mathplay lessons check``: everything a lesson says is true, and its notebook is built.

For every lesson it checks, with mathplay's own checker:

- every equation in its text (sentences, code spans, fenced diagrams) and every
  ``mathplay.check("...")`` in its code is true, unless it is marked false on purpose
  (``<!-- false on purpose: 3+4=8 -->`` in text, ``# false on purpose`` in code);
- every puzzle file it uses passes the puzzle checker, every puzzle cell shows a puzzle
  that file has, every practice names a kind and level that exist;
- in a lesson for pupils, a code cell shown on purpose (tagged ``show-input``) is one
  short line (a pupil sees no other code);
- the notebook next to it is what ``mathplay lessons build`` writes;
- its teacher's page (``teacher/NN-name.toml``, :mod:`mathplay.lessons.teacher`) is
  complete and its built page up to date;
- a translated lesson (``es/NN-name.md``) keeps the English one's code cells, sections,
  goals and puzzles (:mod:`mathplay.lessons.translations`).

A lesson's equations are in the base of its front matter (``mathplay: {base: 2}``); in a
binary lesson, an equation with a digit 2 to 9 (``8 + 4 + 1 = 13``) is an ordinary one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from mathplay.errors import ExpressionError
from mathplay.expr import check
from mathplay.expr.arithmetic import ORDERS
from mathplay.i18n import _
from mathplay.lessons.codecells import CodeScan, scan_code
from mathplay.lessons.markdown import scan_markdown
from mathplay.lessons.notebook import SHOW_TAG, cell_ids, is_up_to_date
from mathplay.lessons.problem import LessonProblem
from mathplay.lessons.puzzleuse import PuzzleFiles, check_puzzles
from mathplay.lessons.source import Cell, Lesson, LessonError, find_lessons, read_lesson

__all__ = ["MOST_SHOWN_CHARACTERS", "check_lesson", "check_paths", "equation_base"]

#: The longest line of code a lesson for pupils may show on purpose.
MOST_SHOWN_CHARACTERS = 72


def equation_base(text: str, lesson_base: int) -> int:
    """The base of an equation in a lesson's text, without a ``base`` comment.

    >>> equation_base("1+1=10", 2), equation_base("8 + 4 + 1 = 13", 2), equation_base("1+1=10", 10)
    (2, 10, 10)
    """
    if lesson_base == 2 and re.search(r"[2-9]", text):
        return 10
    return lesson_base


def check_paths(paths: Iterable[str | Path]) -> tuple[int, list[LessonProblem]]:
    """How many lessons ``paths`` hold (files and folders), and every problem found."""
    files = PuzzleFiles()
    lessons = find_lessons(paths)
    problems: list[LessonProblem] = []
    for path in lessons:
        try:
            problems += check_lesson(path, files)
        except (MemoryError, RecursionError) as error:
            # A file too big or too deep for Python: say so on that file and go on.
            problems.append(
                LessonProblem(
                    str(path),
                    1,
                    _("this lesson is too big or too deeply nested to check ({error})").format(
                        error=type(error).__name__
                    ),
                )
            )
    return len(lessons), problems


def check_lesson(path: str | Path, files: PuzzleFiles | None = None) -> list[LessonProblem]:
    """Every problem of the lesson at ``path``, then those of the puzzle files it uses."""
    try:
        lesson = read_lesson(path)
    except LessonError as error:
        return [LessonProblem(error.path or str(path), error.line, error.message)]
    files = files if files is not None else PuzzleFiles()
    own: list[LessonProblem] = []
    code: list[tuple[Cell, CodeScan]] = []
    for cell in lesson.cells:
        if cell.kind == "markdown":
            own += _check_text(lesson, cell)
        elif cell.kind == "code":
            scan = scan_code(cell.source)
            code.append((cell, scan))
            own += _check_code(lesson, cell, scan)
            own += _check_shown(lesson, cell)
    puzzles, theirs = check_puzzles(lesson, code, files)
    own += puzzles
    try:
        cell_ids(lesson.cells, source=lesson.name)
    except LessonError as error:
        own.append(LessonProblem(lesson.name, error.line, error.message))
    else:
        own += _check_notebook(lesson)
    from mathplay.lessons.goals import check_goals
    from mathplay.lessons.teacher import check_teacher
    from mathplay.lessons.translations import check_translation

    own += check_translation(lesson)
    own += check_goals(lesson)
    return sorted(own, key=lambda problem: problem.line) + theirs + check_teacher(lesson)


def _verdict_problem(
    lesson: Lesson, line: int, text: str, base: int, order: str, on_purpose: bool, hint: str
) -> LessonProblem | None:
    where = _(" in base 2") if base == 2 else ""
    if base not in (2, 10) or order not in ORDERS:
        setting = f"base={base}" if base not in (2, 10) else f"order={order!r}"
        return LessonProblem(
            lesson.name,
            line,
            _(
                "{text} is checked with {setting}, which mathplay cannot do: write base=10 or "
                "base=2, order='math' or order='left-to-right'"
            ).format(text=text, setting=setting),
        )
    try:
        verdict = check(text, base=base, order=order)
    except ExpressionError as error:
        if on_purpose:
            return None
        return LessonProblem(
            lesson.name,
            line,
            _("{text} cannot be read{where}: {error}").format(text=text, where=where, error=error),
        )
    if verdict.holds and on_purpose:
        return LessonProblem(
            lesson.name,
            line,
            _("{text} is marked false on purpose, but it is true{where}: remove the mark").format(
                text=text, where=where
            ),
        )
    if not verdict.holds and not on_purpose:
        return LessonProblem(
            lesson.name,
            line,
            _("{text} is not true{where}: {reason}. Correct it, or {hint}").format(
                text=text, where=where, reason=verdict.reason, hint=hint
            ),
        )
    return None


def _check_text(lesson: Lesson, cell: Cell) -> list[LessonProblem]:
    marked, marker_problems = scan_markdown(cell.source)
    problems = [
        LessonProblem(lesson.name, cell.line_at(problem.start), problem.message)
        for problem in marker_problems
    ]
    for item in marked:
        base = item.base if item.base is not None else equation_base(item.text, lesson.base)
        hint = _("if it is false on purpose, write <!-- false on purpose: {text} --> before it")
        problem = _verdict_problem(
            lesson,
            cell.line_at(item.start),
            item.text,
            base,
            "math",
            item.false_on_purpose,
            hint.format(text=item.text),
        )
        if problem:
            problems.append(problem)
    return problems


def _check_code(lesson: Lesson, cell: Cell, scan: CodeScan) -> list[LessonProblem]:
    if scan.syntax_error:
        line, message = scan.syntax_error
        return [
            LessonProblem(
                lesson.name,
                cell.line + line - 1,
                _("this code cell is not Python: {message}").format(message=message),
            )
        ]
    problems = []
    for call in scan.checks:
        problem = _verdict_problem(
            lesson,
            cell.line + call.line - 1,
            call.text,
            call.base,
            call.order,
            call.false_on_purpose,
            _("if it is false on purpose, end the line with # false on purpose"),
        )
        if problem:
            problems.append(problem)
    for line in scan.stray_marks:
        problems.append(
            LessonProblem(
                lesson.name,
                cell.line + line - 1,
                _('"# false on purpose", but this line checks no written equation'),
            )
        )
    return problems


def _check_shown(lesson: Lesson, cell: Cell) -> list[LessonProblem]:
    """A pupil sees a code cell only when the lesson shows it on purpose: one short line."""
    if not lesson.for_pupils or SHOW_TAG not in cell.tags:
        return []
    lines = cell.source.strip().splitlines()
    if len(lines) == 1 and len(lines[0]) <= MOST_SHOWN_CHARACTERS:
        return []
    return [
        LessonProblem(
            lesson.name,
            cell.line,
            _(
                "a code cell tagged {tag} is shown to pupils, so it must be one line of at "
                "most {most} characters; hide the rest (remove the tag)"
            ).format(tag=SHOW_TAG, most=MOST_SHOWN_CHARACTERS),
        )
    ]


def _check_notebook(lesson: Lesson) -> list[LessonProblem]:
    notebook = lesson.notebook_path
    if not notebook.exists():
        message = _(
            "there is no notebook {name} yet: run mathplay lessons check --build (it builds "
            "the notebook, then checks)"
        )
    elif not is_up_to_date(lesson):
        message = _(
            "{name} is not up to date with this file: run mathplay lessons check --build "
            "(it builds the notebook, then checks)"
        )
    else:
        return []
    return [LessonProblem(lesson.name, 1, message.format(name=notebook.name))]
