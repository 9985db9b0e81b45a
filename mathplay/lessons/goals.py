"""Every goal a lesson states is practised and checked: its "What you will learn" lines
against the goal map of its puzzle file (``[[goal]]``, :func:`mathplay.puzzles.sections.
read_goals`).

A lesson lists what the pupil will learn in its first section; its puzzle file says, for
each of those lines, which skills of the practice practise it and which puzzles of the
end check test it. ``mathplay lessons check`` reports a line with no ``[[goal]]``, a
``[[goal]]`` that is no line of the lesson, and (from the puzzle file's own checks) a goal
with no skill or no end-check puzzle.

>>> learnt("## What you will learn\\n\\n- what **bits** are;\\n- how to `add`.\\n\\nText.")
[('what bits are', 3), ('how to add', 4)]
>>> same_goal("How to add.", "how to *add*")
True
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mathplay.i18n import _
from mathplay.lessons.problem import LessonProblem
from mathplay.lessons.source import Lesson

__all__ = ["check_goals", "goal_map", "learnt", "same_goal"]

_HEADING = re.compile(r"^##\s", re.MULTILINE)
_BULLET = re.compile(r"^\s*[-*]\s+(.*)$")


def _plain(text: str) -> str:
    """A goal's words without Markdown marks and end punctuation."""
    text = re.sub(r"[*_`]", "", text)
    return re.sub(r"\s+", " ", text).strip().rstrip(".;:,·;").strip()  # noqa: B005


def same_goal(one: str, other: str) -> bool:
    """Whether two writings of a goal are the same goal (marks, case and the end
    punctuation aside)."""
    return _plain(one).casefold() == _plain(other).casefold()


def learnt(markdown: str, first_line: int = 1) -> list[tuple[str, int]]:
    """The goals the first ``##`` section of ``markdown`` lists (its first list), each
    with its line (``first_line`` being the line of the text's start)."""
    match = _HEADING.search(markdown)
    if match is None:
        return []
    lines = markdown[match.start() :].split("\n")
    start = first_line + markdown[: match.start()].count("\n")
    found: list[tuple[str, int]] = []
    for offset, line in enumerate(lines[1:], start=1):
        if line.startswith("##"):
            break
        bullet = _BULLET.match(line)
        if bullet:
            found.append((bullet.group(1), start + offset))
        elif found and line.strip() and line.startswith((" ", "\t")):
            text, at = found[-1]  # a goal written on two lines
            found[-1] = (f"{text} {line.strip()}", at)
        elif found:
            break
    return [(_plain(text), at) for text, at in found]


def lesson_goals(lesson: Lesson) -> list[tuple[str, int]]:
    """The goals of ``lesson``'s "What you will learn", with their lines."""
    for cell in lesson.cells:
        if cell.kind == "markdown" and _HEADING.search(cell.source):
            return learnt(cell.source, cell.line)
    return []


def _puzzle_file(lesson: Lesson) -> Path | None:
    """The lesson's own puzzle file: ``puzzles/NN-name.toml`` beside it."""
    number = lesson.path.stem[:2]
    if not number.isdigit():
        return None
    found = sorted((lesson.path.parent / "puzzles").glob(f"{number}-*.toml"))
    named = [path for path in found if path.stem == lesson.path.stem]
    return (named or found)[0] if named or found else None


def goal_map(lesson: Lesson) -> list[dict[str, Any]]:
    """The goal map of the lesson's puzzle file (``[]`` when it has none or cannot be
    read)."""
    path = _puzzle_file(lesson)
    if path is None:
        return []
    from mathplay.puzzles.format import read_file, read_text

    try:
        text, _name = read_file(path)
    except Exception:  # the puzzle file's own checks report it
        return []
    sheet, _problems = read_text(text, str(path))
    return sheet.goals if sheet is not None else []


def check_goals(lesson: Lesson) -> list[LessonProblem]:
    """A goal of the lesson with no ``[[goal]]`` in its puzzle file, and a ``[[goal]]``
    that is no goal of the lesson. Lessons with no puzzle file, or whose file has no
    practice and no end check, have nothing to map, and neither has the teachers'
    lesson (``audience: teachers``), whose puzzles are samples."""
    path = _puzzle_file(lesson)
    settings = lesson.metadata.get("mathplay") or {}
    if path is None or (isinstance(settings, dict) and settings.get("audience") == "teachers"):
        return []  # the teachers' lesson: its puzzles are samples, not its goals' tests
    from mathplay.puzzles.format import read_file, read_text

    try:
        text, _name = read_file(path)
    except Exception:  # reported as the puzzle file's problem
        return []
    sheet, _problems = read_text(text, str(path))
    if sheet is None or not (sheet.practices or sheet.check):
        return []
    goals = lesson_goals(lesson)
    mapped = sheet.goals
    problems: list[LessonProblem] = []
    for goal, line in goals:
        if not any(same_goal(goal, entry["text"]) for entry in mapped):
            problems.append(
                LessonProblem(
                    lesson.name,
                    line,
                    _(
                        "the goal '{goal}' has no [[goal]] in {file}: say which skills of the "
                        "practice practise it and which puzzles of the end check test it"
                    ).format(goal=goal, file=path.name),
                )
            )
    for entry in mapped:
        if not any(same_goal(goal, entry["text"]) for goal, _line in goals):
            problems.append(
                LessonProblem(
                    str(path),
                    entry.get("line") or 1,
                    _(
                        "the [[goal]] '{goal}' is not a line of the lesson's What you will "
                        "learn: write it as the lesson does"
                    ).format(goal=entry["text"]),
                )
            )
    return problems
