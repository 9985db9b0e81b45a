"""The puzzles a lesson uses: its puzzle files pass the puzzle checker, its cells show
puzzles those files have, its practice cells name a kind and level the generator makes.

A puzzle file's own problems are reported under that file, with its line, as
``mathplay puzzles check`` finds them. ``puzzle(n)`` shows puzzle ``n`` of the set
loaded last before it (``lesson_set = mathplay.puzzles.load("puzzles/NN-name.toml")``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mathplay.i18n import _, _n
from mathplay.lessons.codecells import CodeScan, LessonPart, PuzzleRef, SetUse
from mathplay.lessons.problem import LessonProblem
from mathplay.lessons.source import Cell, Lesson

__all__ = ["PuzzleFiles", "check_puzzles"]

#: The set loaded last is missing (reported where it is loaded, not at each puzzle).
_MISSING = ""


@dataclass
class PuzzleFiles:
    """Puzzle files checked so far (a file several lessons use is checked once)."""

    problems: dict[str, list[LessonProblem]] = field(default_factory=dict)
    ids: dict[str, list[str] | None] = field(default_factory=dict)
    #: How many ``[practice]`` tables, and end-check puzzles, each file has.
    practices: dict[str, int] = field(default_factory=dict)
    checks: dict[str, int] = field(default_factory=dict)

    def check(self, shown: str) -> list[LessonProblem]:
        """The problems of the puzzle file (or shipped set) ``shown``, the first time only."""
        if shown in self.problems:
            return []
        from mathplay.puzzles import check_file
        from mathplay.puzzles.format import read_file, read_text
        from mathplay.puzzles.validate import resolve

        found = [
            LessonProblem(
                problem.source,
                problem.line or 1,
                _("puzzle '{id}': {message}").format(id=problem.puzzle, message=problem.message)
                if problem.puzzle
                else problem.message,
                problem.warning,
            )
            for problem in check_file(shown)
        ]
        self.problems[shown] = found
        if any(not problem.warning for problem in found):
            self.ids[shown] = None
        else:
            text, _name = read_file(resolve(shown))
            sheet, _problems = read_text(text, shown)
            self.ids[shown] = [puzzle.id for puzzle in sheet.puzzles] if sheet else None
            self.practices[shown] = len(sheet.practices) if sheet else 0
            self.checks[shown] = len(sheet.check) if sheet else 0
        return found


def _shown(lesson: Lesson, source: str) -> str | None:
    """How a puzzle source is named in messages: a path from here, or a shipped set's name
    (``lesson:05`` is lesson 05's file, ``puzzles/05-….toml``)."""
    if source.startswith("lesson:"):
        number = source.removeprefix("lesson:")[:2]
        found = sorted((lesson.path.parent / "puzzles").glob(f"{number}-*.toml"))
        named = [path for path in found if path.stem == source.removeprefix("lesson:")]
        path = (named or found or [lesson.path.parent / "puzzles" / f"{number}.toml"])[0]
        return str(path)
    if source.endswith(".toml") or "/" in source:
        return str(lesson.path.parent / source)
    from mathplay.puzzles import shipped_sets

    return source if source in shipped_sets() else None


def check_puzzles(
    lesson: Lesson, code: list[tuple[Cell, CodeScan]], files: PuzzleFiles
) -> tuple[list[LessonProblem], list[LessonProblem]]:
    """The lesson's problems with puzzles, and the problems of the puzzle files it uses."""
    own: list[LessonProblem] = []
    theirs: list[LessonProblem] = []
    current: str | None = None
    shown_at: dict[tuple[str, int | str], int] = {}
    for cell, scan in code:
        events = sorted(
            [(use.position, use) for use in scan.sets]
            + [(ref.position, ref) for ref in scan.refs]
            + [(part.position, part) for part in scan.parts],
            key=lambda event: (event[0], not isinstance(event[1], SetUse)),
        )
        for _position, event in events:
            line = cell.line + event.line - 1
            if isinstance(event, LessonPart):
                own += _check_part(lesson, event, line, current, files)
                continue
            if isinstance(event, PuzzleRef):
                own += _check_ref(lesson, event, line, current, files, cell, shown_at)
                continue
            shown = _shown(lesson, event.source)
            if shown is None or (shown.endswith(".toml") and not Path(shown).is_file()):
                source = event.source
                if source.startswith("lesson:"):
                    source = f"puzzles/{source.removeprefix('lesson:')}-….toml"
                own.append(LessonProblem(lesson.name, line, _no_such_set(source)))
                if event.how == "load":
                    current = _MISSING
                continue
            theirs += files.check(shown)
            if event.how == "load":
                current = shown
        if "puzzle" in cell.tags and not scan.refs and not scan.sets:
            own.append(
                LessonProblem(
                    lesson.name,
                    cell.line,
                    _(
                        "this cell is tagged puzzle but shows no puzzle: write "
                        "lesson.puzzle(1), or mathplay.PuzzleSet(...)"
                    ),
                )
            )
        own += _check_practice(lesson, cell, scan)
    return own, theirs


def _check_part(
    lesson: Lesson, part: LessonPart, line: int, current: str | None, files: PuzzleFiles
) -> list[LessonProblem]:
    """``lesson.practice()`` and ``lesson.check()`` need their table in the file."""
    if current is None or current == _MISSING or files.ids.get(current) is None:
        return []  # no lesson loaded (reported with the puzzles), or a broken file
    if part.part == "check" and not files.checks.get(current):
        message = _(
            "lesson.check(), but {file} has no [check] table: add one, like "
            '[check] puzzles = ["id-1", "id-2", "id-3"]'
        )
        return [LessonProblem(lesson.name, line, message.format(file=current))]
    if part.part == "practice" and files.practices.get(current, 0) < part.number:
        message = _(
            "lesson.practice({number}), but {file} has {count} [practice] table(s): add one, "
            'like [practice] kind = "missing" level = 1'
        )
        return [
            LessonProblem(
                lesson.name,
                line,
                message.format(
                    number="" if part.number == 1 else part.number,
                    file=current,
                    count=files.practices.get(current, 0),
                ),
            )
        ]
    return []


def _no_such_set(source: str) -> str:
    if source.endswith(".toml") or "/" in source:
        return _(
            "there is no puzzle file {source} (paths start from the lesson's folder, like "
            "puzzles/01-equations.toml)"
        ).format(source=source)
    return _("there is no puzzle file or shipped set called {source!r}").format(source=source)


def _check_ref(
    lesson: Lesson,
    ref: PuzzleRef,
    line: int,
    current: str | None,
    files: PuzzleFiles,
    cell: Cell,
    shown_at: dict[tuple[str, int | str], int],
) -> list[LessonProblem]:
    target = _shown(lesson, ref.source) if ref.source else current
    what = f"puzzle({ref.key!r})"
    if target == _MISSING:
        return []
    if target is None:
        if ref.source:
            return []  # the missing file is reported where it is opened
        return [
            LessonProblem(
                lesson.name,
                line,
                _(
                    "{what}, but no puzzle set is loaded before it: load one with "
                    'lesson_set = mathplay.puzzles.load("puzzles/{name}.toml")'
                ).format(what=what, name=lesson.path.stem),
            )
        ]
    ids = files.ids.get(target)
    if ids is None:
        return []  # the set's own problems are reported under its file
    if isinstance(ref.key, int):
        found = 1 <= ref.key <= len(ids)
    else:
        found = ref.key in ids
    if not found:
        return [
            LessonProblem(
                lesson.name,
                line,
                _n(
                    "{what}, but {file} has {count} puzzle ({ids})",
                    "{what}, but {file} has {count} puzzles ({ids})",
                    len(ids),
                ).format(what=what, file=target, count=len(ids), ids=", ".join(ids)),
            )
        ]
    if "puzzle" in cell.tags and ref.source is None:
        number = ref.key if isinstance(ref.key, int) else ids.index(ref.key) + 1
        before = shown_at.setdefault((target, number), line)
        if before != line:
            return [
                LessonProblem(
                    lesson.name,
                    line,
                    _("puzzle {number} of {file} is shown twice (also on line {before})").format(
                        number=number, file=target, before=before
                    ),
                )
            ]
    return []


def _check_practice(lesson: Lesson, cell: Cell, scan: CodeScan) -> list[LessonProblem]:
    from mathplay.puzzles.generate import KIND_LEVELS

    problems = []
    for practice in scan.practices:
        line = cell.line + practice.line - 1
        if practice.kind not in KIND_LEVELS:
            message = _("Practice({kind!r}, …): there is no such kind; the kinds are {kinds}")
            problems.append(
                LessonProblem(
                    lesson.name,
                    line,
                    message.format(kind=practice.kind, kinds=", ".join(KIND_LEVELS)),
                )
            )
        elif practice.level not in KIND_LEVELS[practice.kind]:
            levels = ", ".join(str(level) for level in KIND_LEVELS[practice.kind])
            problems.append(
                LessonProblem(
                    lesson.name,
                    line,
                    _("Practice({kind!r}, {level}): {kind} has the levels {levels}").format(
                        kind=practice.kind, level=practice.level, levels=levels
                    ),
                )
            )
    return problems
