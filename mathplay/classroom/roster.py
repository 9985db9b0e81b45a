"""The class as the teacher knows it: a class list, and each pupil's level in each skill.

A **class list** (``progress report --class FILE``) is a text file with one name a line,
or a CSV file with a ``name`` column (the first row names the columns). Every pupil on
it is in the report, those with no record as "not started"; names match as the report
matches them (any case, any spacing). A CSV class list may also have a ``folder``
column, each pupil's home folder: ``progress collect --class FILE`` counts what it finds
there as that pupil's (:func:`read_class_folders`).

A **skill** is what a practice's record practised: its ``skill`` (like
``binary-to-decimal`` or ``and``); :func:`skill_title` is what a person reads for it
("Binary → decimal"). A set with the same questions for everyone (a lesson's guided
puzzles, its end check, a worksheet) is no skill: :func:`set_rows` gives it a score and a
date, and no review (the teacher's term view, docs/classroom.md).
:func:`skill_rows` gives one row per pupil per skill with the columns of
:data:`SKILL_COLUMNS`: a level, when the skill was last shown to be known and when
its next review is due, over the puzzles the pupil tried in that skill (each pupil their
own questions, in a practice), in the order tried, by the one rule of
:mod:`mathplay.classroom.spaced`:

- ``not started``: no attempt;
- ``mastered``: at least 3 puzzles right at the first try (no hint, no solution seen),
  the last 2 of them in a row; it stays mastered while its reviews (1, 3, 7, 21 days
  later) are answered right, and a review missed makes it ``familiar`` again;
- ``familiar``: at least 2 puzzles right at the first try;
- ``practising``: tried, not yet familiar.

>>> rows = skill_rows([
...     {"who": "Ana", "puzzle": p, "skill": "and", "right": True, "when": f"2026-12-0{n}"}
...     for n, p in enumerate(["a", "b", "c"], start=1)], ["Ana", "Ben"])
>>> [(r["who"], r["skill"], r["right_first_try"], r["level"]) for r in rows]
[('Ana', 'and', 3, 'mastered'), ('Ben', 'and', 0, 'not started')]
>>> skill_title("binary-to-decimal"), skill_title("convert-2", "convert", 2)
('Binary → decimal', 'Decimal and binary, level 2')
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from mathplay.classroom.spaced import (
    LEVELS,
    PRACTICE_MASTERED,
    PRACTICE_SKILLS,
    REVIEW,
    attempts_by_skill,
    skill_memory,
    skills_of,
)
from mathplay.classroom.where import name_key
from mathplay.files import FileRefused, read_regular
from mathplay.i18n import _

__all__ = [
    "GRADEBOOK_FIRST",
    "MASTERY_LEVELS",
    "SET_COLUMNS",
    "SKILL_COLUMNS",
    "ClassListError",
    "gradebook_csv",
    "gradebook_rows",
    "is_end_check",
    "practice_skill",
    "read_class_folders",
    "read_class_list",
    "set_rows",
    "sets_csv",
    "skill_of",
    "skill_rows",
    "skill_title",
    "skills_csv",
    "table_csv",
]

#: The columns of ``report --skills-csv``, one row per pupil per skill.
SKILL_COLUMNS = (
    "who",
    "skill",
    "attempts",
    "right_first_try",
    "hints",
    "solutions_seen",
    "level",
    "last_active",
    "title",
    "last_known",
    "review_due",
)
#: The columns of ``report --sets-csv``, one row per pupil per set of the same questions
#: for everyone (a lesson's guided puzzles, its end check, a worksheet): a score and a
#: date, no level and no review. ``moment`` is ``check`` for an end check, ``guided``
#: for a lesson's guided puzzles, empty for an older record that did not say;
#: ``questions`` is how many the set has (empty when the records do not say).
SET_COLUMNS = (
    "who",
    "set",
    "title",
    "moment",
    "questions",
    "answered",
    "right",
    "last_active",
)
#: The gradebook's first column; then three for each lesson (:func:`gradebook_rows`).
GRADEBOOK_FIRST = "who"
#: The levels, from none to all (the rule: mathplay.classroom.spaced, docs/classroom.md).
MASTERY_LEVELS = LEVELS
#: The longest class list read (a school's whole year fits many times over).
_MOST_BYTES = 1024 * 1024


class ClassListError(ValueError):
    """A class list that cannot be read; the message says why, in words."""


def _class_rows(path: str | Path) -> list[tuple[str, str]]:
    """Each pupil's row of the class list at ``path``: the name, and the ``folder``
    column's cell (``""`` when there is none); raises :class:`ClassListError`."""
    from mathplay.classroom.records import why_not_read

    why = why_not_read(path)
    if why is not None:
        raise ClassListError(_("the class list {path}: {why}").format(path=path, why=why))
    try:  # what was opened is checked again: an ordinary file, at most the cap
        data = read_regular(path, _MOST_BYTES, follow_links=False)
    except FileRefused as refused:
        raise ClassListError(
            _("the class list {path}: {why}").format(path=path, why=refused)
        ) from None
    text = data.decode("utf-8", errors="replace")
    text = text.lstrip("\ufeff")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ClassListError(_("the class list {path} has no names in it").format(path=path))
    header = next(csv.reader([lines[0]]))
    columns = [cell.strip().lower() for cell in header]
    if len(columns) > 1 or columns == ["name"]:
        if "name" not in columns:
            raise ClassListError(
                _(
                    "the class list {path} looks like a CSV file but has no 'name' column "
                    "(its columns: {columns})"
                ).format(path=path, columns=", ".join(header))
            )
        at = columns.index("name")
        where = columns.index("folder") if "folder" in columns else None
        rows = csv.reader(io.StringIO("\n".join(lines[1:])))
        return [
            (row[at].strip(), row[where].strip() if where is not None and len(row) > where else "")
            for row in rows
            if len(row) > at and row[at].strip()
        ]
    return [(line.strip(), "") for line in lines]


def read_class_folders(path: str | Path) -> dict[str, Path]:
    """The home folder of each pupil the class list at ``path`` gives one (its ``folder``
    column; ``~`` is the home of whoever runs the command, and a relative folder is
    taken from the class list's own folder), by the name as the list writes it.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "class.csv").write_text("name,folder\\nAna María,/home/amaria\\nBo,\\n")
    >>> {name: str(home) for name, home in read_class_folders(folder / "class.csv").items()}
    {'Ana María': '/home/amaria'}
    """
    base = Path(path).parent
    folders: dict[str, Path] = {}
    for name, folder in _class_rows(path):
        if folder and name not in folders:
            folders[name] = base / Path(folder).expanduser()
    return folders


def read_class_list(path: str | Path) -> list[str]:
    """The names on the class list at ``path`` (one a line, or a CSV ``name`` column),
    in order, each once; raises :class:`ClassListError` saying what is wrong."""
    names = [name for name, _folder in _class_rows(path)]
    seen: set[str] = set()
    out = []
    for name in names:
        if name_key(name) not in seen:
            seen.add(name_key(name))
            out.append(name)
    return out


def skill_of(attempt: dict[str, Any]) -> str:
    """The skill a record practised: its ``skill``, else its set's title."""
    return practice_skill(attempt) or str(attempt.get("set") or _("(no set)"))


def practice_skill(attempt: dict[str, Any]) -> str | None:
    """The skill of a practice's record (its ``skill``), or ``None`` for a record with
    none: a puzzle of a set, the same question for everyone, or an older record."""
    skill = attempt.get("skill")
    if isinstance(skill, str) and skill.strip():
        return skill.strip()
    return None


def skill_title(name: str, kind: Any = None, level: Any = None) -> str:
    """What a person reads for the skill ``name``, in the language spoken now: its title
    in the catalogue (:data:`mathplay.puzzles.skills.SKILLS`), else the title of the
    generator's ``kind`` and ``level`` when the skill is named after them (a practice of
    a kind and a level, ``"convert-2"``), else the name itself."""
    from mathplay.errors import MathplayError
    from mathplay.puzzles.generate import level_title
    from mathplay.puzzles.skills import SKILLS

    if name in SKILLS:
        return SKILLS[name].title
    whole = isinstance(level, int) and not isinstance(level, bool)
    if isinstance(kind, str) and whole and name == f"{kind}-{level}":
        try:
            return level_title(kind, level)
        except MathplayError:
            pass
    return name


def skill_rows(attempts: Iterable[dict[str, Any]], pupils: Sequence[str]) -> list[dict[str, Any]]:
    """One row per pupil (``pupils``, as shown) per skill anyone practised, with the
    columns of :data:`SKILL_COLUMNS` (``title``: :func:`skill_title`); ``attempts`` in
    the order they were made. Sets of the same questions for everyone are not skills
    (:func:`set_rows`)."""
    attempts = list(attempts)
    skills: list[str] = []
    titles: dict[str, str] = {}
    # (pupil, skill) -> puzzle -> [attempts, first try right, hints, solution seen]
    done: dict[tuple[str, str], dict[str, list[Any]]] = {}
    last: dict[tuple[str, str], str] = {}
    by_pupil: dict[str, list[dict[str, Any]]] = {}
    for attempt in attempts:
        if practice_skill(attempt) is not None:
            by_pupil.setdefault(name_key(str(attempt.get("who", ""))), []).append(attempt)
    # Each pupil's attempts by skill, with the marks of a practice's Mastered (spaced).
    tries = {
        (who, skill): found
        for who, theirs in by_pupil.items()
        for skill, found in attempts_by_skill(theirs).items()
    }
    for attempt in attempts:
        skill = practice_skill(attempt)
        if skill is None:
            continue
        if skill not in skills:
            skills.append(skill)
            titles[skill] = skill_title(skill, attempt.get("kind"), attempt.get("level"))
        key = (name_key(str(attempt.get("who", ""))), skill)
        puzzles = done.setdefault(key, {})
        puzzle = str(attempt.get("puzzle"))
        hints = int(attempt.get("hints") or 0)
        seen = bool(attempt.get("solution_seen"))
        if puzzle not in puzzles:
            first = bool(attempt.get("right")) and hints == 0 and not seen
            puzzles[puzzle] = [0, first, 0, False]
        cell = puzzles[puzzle]
        cell[0] += 1
        cell[2] = max(cell[2], hints)
        cell[3] = cell[3] or seen
        if isinstance(attempt.get("when"), str):
            last[key] = max(last.get(key, ""), attempt["when"])
    for _who, skill in tries:
        if skill not in skills:  # shown known by a practice's Mastered only
            skills.append(skill)
            titles[skill] = skill_title(skill)
    rows = []
    for who in pupils:
        for skill in skills:
            key = (name_key(who), skill)
            cells = list(done.get(key, {}).values())
            memory = skill_memory(tries.get(key, []), skill)
            rows.append(
                {
                    "who": who,
                    "skill": skill,
                    "attempts": sum(c[0] for c in cells),
                    "right_first_try": sum(c[1] for c in cells),
                    "hints": sum(c[2] for c in cells),
                    "solutions_seen": sum(c[3] for c in cells),
                    "level": memory.level,
                    "last_active": last.get(key, ""),
                    "title": titles[skill],
                    "last_known": memory.last_known,
                    "review_due": memory.due,
                }
            )
    return rows


def skills_csv(rows: Iterable[dict[str, Any]]) -> str:
    """The rows of :func:`skill_rows` as CSV, every cell safe in a spreadsheet."""
    return table_csv(SKILL_COLUMNS, rows)


def is_end_check(attempt: dict[str, Any]) -> bool:
    """Whether a record is an answer to an end check (its ``moment``, or an older
    record's set title)."""
    moment = attempt.get("moment")
    if isinstance(moment, str) and moment:
        return moment == "check"
    name = str(attempt.get("set_key") or attempt.get("set") or "")
    return name.endswith(": end check")


def set_rows(attempts: Iterable[dict[str, Any]], pupils: Sequence[str]) -> list[dict[str, Any]]:
    """One row per pupil (``pupils``, as shown) per set of the same questions for
    everyone that anyone answered (records with no ``skill``: a lesson's guided puzzles,
    its end check, a worksheet), with the columns of :data:`SET_COLUMNS`: how many
    questions were answered and how many right, and when last. An end check counts each
    question's first answer (as it keeps it), of the latest sitting; another set counts a
    question right once it was solved.

    >>> rows = set_rows([
    ...     {"who": "Ana", "set": "L5: end check", "puzzle": "a", "right": True,
    ...      "moment": "check", "questions": 2, "when": "2026-12-01T10:00:00"},
    ...     {"who": "Ana", "set": "L5: end check", "puzzle": "b", "right": False,
    ...      "moment": "check", "questions": 2, "when": "2026-12-01T10:01:00"}], ["Ana"])
    >>> [(r["answered"], r["right"], r["questions"], r["last_active"][:10]) for r in rows]
    [(2, 1, 2, '2026-12-01')]
    """
    from mathplay.classroom.resume import RETAKE

    sets: list[str] = []
    info: dict[str, dict[str, Any]] = {}
    # (pupil, set) -> sitting -> puzzle -> right
    answers: dict[tuple[str, str], dict[int, dict[str, bool]]] = {}
    last: dict[tuple[str, str], str] = {}
    for attempt in attempts:
        if practice_skill(attempt) is not None or attempt.get("event"):
            continue
        name = str(attempt.get("set_key") or attempt.get("set") or "")
        if not name:
            continue
        if name not in sets:
            sets.append(name)
            info[name] = {"title": str(attempt.get("set") or name), "moment": "",
                          "questions": ""}  # fmt: skip
        check = is_end_check(attempt)
        if check:
            info[name]["moment"] = "check"
        elif attempt.get("moment") == "guided" and not info[name]["moment"]:
            info[name]["moment"] = "guided"
        size = attempt.get("questions")
        if isinstance(size, int) and not isinstance(size, bool) and size > 0:
            info[name]["questions"] = size
        key = (name_key(str(attempt.get("who", ""))), name)
        sitting = attempt.get(RETAKE)
        sitting = sitting if isinstance(sitting, int) and not isinstance(sitting, bool) else 0
        puzzles = answers.setdefault(key, {}).setdefault(sitting, {})
        puzzle = str(attempt.get("puzzle"))
        right = bool(attempt.get("right"))
        if check:
            puzzles.setdefault(puzzle, right)
        else:
            puzzles[puzzle] = puzzles.get(puzzle, False) or right
        if isinstance(attempt.get("when"), str):
            last[key] = max(last.get(key, ""), attempt["when"])
    rows = []
    for who in pupils:
        for name in sets:
            key = (name_key(who), name)
            sittings = answers.get(key, {})
            latest = sittings[max(sittings)] if sittings else {}
            rows.append(
                {
                    "who": who,
                    "set": name,
                    "title": info[name]["title"],
                    "moment": info[name]["moment"],
                    "questions": info[name]["questions"],
                    "answered": len(latest),
                    "right": sum(latest.values()),
                    "last_active": last.get(key, ""),
                }
            )
    return rows


def sets_csv(rows: Iterable[dict[str, Any]]) -> str:
    """The rows of :func:`set_rows` as CSV, every cell safe in a spreadsheet."""
    return table_csv(SET_COLUMNS, rows)


def table_csv(columns: Sequence[str], rows: Iterable[dict[str, Any]]) -> str:
    """Rows as CSV with ``columns``, every cell safe in a spreadsheet."""
    from mathplay.classroom.cells import as_text

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([as_text(row.get(column, "")) for column in columns])
    return out.getvalue()


def _lesson_number(lesson: str) -> str:
    """A lesson's column name: its number (``05``) when its name starts with one."""
    return lesson[:2] if lesson[:2].isdigit() else lesson


def gradebook_rows(
    attempts: Iterable[dict[str, Any]], pupils: Sequence[str]
) -> tuple[list[str], list[dict[str, Any]]]:
    """The gradebook: the columns, and a row per pupil (``pupils``, as shown) with three
    columns for each lesson anyone worked in (by the records' ``lesson``, in order):
    ``NN end check`` (right of the end check's questions, ``3/4``; empty: not taken),
    ``NN practice`` (``mastered``, ``started``, or empty) and ``NN skills mastered``
    (of the skills the lesson's practice takes, how many are mastered now by the one rule
    of :mod:`mathplay.classroom.spaced`, ``2/3``).

    >>> columns, rows = gradebook_rows([
    ...     {"who": "Ana", "lesson": "05-binary", "set": "L5: end check", "puzzle": "a",
    ...      "right": True, "moment": "check", "questions": 2}], ["Ana", "Ben"])
    >>> columns
    ['who', '05 end check', '05 practice', '05 skills mastered']
    >>> [row["05 end check"] for row in rows]
    ['1/2', '']
    """
    attempts = list(attempts)
    lessons = sorted(
        {str(a["lesson"]) for a in attempts if isinstance(a.get("lesson"), str) and a["lesson"]}
    )
    columns = [GRADEBOOK_FIRST]
    for lesson in lessons:
        n = _lesson_number(lesson)
        columns += [f"{n} end check", f"{n} practice", f"{n} skills mastered"]
    # The skills each lesson's practice takes (its own puzzles, not the reviews).
    taken: dict[str, list[str]] = {lesson: [] for lesson in lessons}
    for attempt in attempts:
        where, skill = str(attempt.get("lesson") or ""), practice_skill(attempt)
        if where not in taken or skill is None or attempt.get(REVIEW):
            continue
        named = attempt.get(PRACTICE_SKILLS)
        for name in [skill, *(named if isinstance(named, list) else [])]:
            if isinstance(name, str) and name.strip() and name.strip() not in taken[where]:
                taken[where].append(name.strip())
    theirs: dict[str, list[dict[str, Any]]] = {}
    for attempt in attempts:
        theirs.setdefault(name_key(str(attempt.get("who", ""))), []).append(attempt)
    rows = []
    for who in pupils:
        mine = theirs.get(name_key(who), [])
        levels = {name: memory.level for name, memory in skills_of(mine).items()}
        checks = {(r["set"]): r for r in set_rows(mine, [who]) if r["moment"] == "check"}
        row: dict[str, Any] = {GRADEBOOK_FIRST: who}
        for lesson in lessons:
            n = _lesson_number(lesson)
            in_lesson = [a for a in mine if a.get("lesson") == lesson]
            check_sets = {
                str(a.get("set_key") or a.get("set") or "")
                for a in in_lesson
                if practice_skill(a) is None and is_end_check(a)
            }
            scored = [checks[name] for name in check_sets if name in checks]
            if scored:
                found = max(scored, key=lambda r: str(r["last_active"]))
                of = found["questions"] or found["answered"]
                row[f"{n} end check"] = f"{found['right']}/{of}"
            else:
                row[f"{n} end check"] = ""
            practised = [a for a in in_lesson if practice_skill(a) and not a.get(REVIEW)]
            if any(a.get(PRACTICE_MASTERED) is True for a in practised):
                row[f"{n} practice"] = "mastered"
            else:
                row[f"{n} practice"] = "started" if practised else ""
            skills = taken[lesson]
            known = sum(levels.get(name) == "mastered" for name in skills)
            row[f"{n} skills mastered"] = f"{known}/{len(skills)}" if skills else ""
        rows.append(row)
    return columns, rows


def gradebook_csv(columns: Sequence[str], rows: Iterable[dict[str, Any]]) -> str:
    """The gradebook (:func:`gradebook_rows`) as CSV, every cell safe in a spreadsheet."""
    return table_csv(columns, rows)
